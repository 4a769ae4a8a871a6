"""Values written to hurt: YAML scalars the loader cannot make into Python, text that is not
Unicode, builds that are killed or find the disk full, messages that named the wrong thing. Each
ends in one message naming the file, key, field or limit, with exit status 2 and no traceback."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
import test_hostile_input
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hostile_input import ONE, _refused

from bookgen.config import read_config_text
from bookgen.errors import BookgenError
from bookgen.yamlsource import parse_yaml

bank_lines = test_hostile_input.bank_lines  # two easy placement puzzles as bank lines

# Deterministic and small: the same examples on every run, inside the suite's time budget.
QUICK = settings(max_examples=150, derandomize=True, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])


# --- YAML values the loader cannot make -----------------------------------------------------------


@pytest.mark.parametrize("value, expected", [
    ("2020-02-30", "book.yaml:2: subtitle: 2020-02-30 reads as a date or time, and it is not one "
                   "(day is out of range for month); put it in quotes"),
    ("!!float abc", "book.yaml:2: subtitle: 'abc' is not a number, as its tag !!float asks"),
    ("!!bool maybe", "book.yaml:2: subtitle: 'maybe' is not true or false, as its tag !!bool asks"),
    ("!!int abc", "book.yaml:2: subtitle: 'abc' is not a whole number, as its tag !!int asks"),
    ("!!int ''", "book.yaml:2: subtitle: '' is not a whole number"),
    ("!!timestamp 2020-01-01T10:00:00+99:00", "book.yaml:2: subtitle: '2020-01-01T10:00:00+99:00' "
                                              "is not a date or time, as its tag !!timestamp asks"),
    ("!!timestamp soon", "book.yaml:2: subtitle: 'soon' is not a date or time"),
    ("!!binary aGk=", "book.yaml:2: subtitle: the tag !!binary is not one bookgen reads"),
    ("!!python/object:os.system x", "subtitle: the tag !!python/object:os.system is not one"),
    ("!!set {a: 1}", "book.yaml:2: subtitle: the tag !!set is not one bookgen reads"),
    ('"\\uD800x"', "book.yaml:2: subtitle: \\uD800 (character 1) is half of a UTF-16 surrogate "
                   "pair, not a character"),
    ("{<<: 5}", "book.yaml:2: subtitle.<<: expected a mapping or list of mappings for merging"),
    ("[{a: [1, 2020-13-01]}]", "book.yaml:2: subtitle[0].a[1]: 2020-13-01 reads as a date or "
                               "time, and it is not one (month must be in 1..12)"),
])
def test_values_the_loader_cannot_make_name_file_line_and_key(tmp_path, write_config, run, value,
                                                               expected):
    config = write_config(f"title: T\nsubtitle: {value}\nsections: [{{type: placement, count: 1, "
                          "difficulty: easy}]\n")
    assert expected in _refused(run, tmp_path, "build", str(config), "-o", str(tmp_path / "x.pdf"))


def test_keys_the_loader_cannot_make_are_named_by_their_text(tmp_path, write_config, run):
    err = _refused(run, tmp_path, "build", str(write_config(ONE + "2020-02-30: x\n")))
    assert "book.yaml:3: 2020-02-30: 2020-02-30 reads as a date" in err
    err = _refused(run, tmp_path, "build", str(write_config(ONE + "? [1, 2]\n: x\n", "list.yaml")))
    assert "list.yaml:3: ?: a list or mapping is written as a key" in err
    err = _refused(run, tmp_path, "build", str(write_config(ONE + '"\\uDC00": 1\n', "half.yaml")))
    assert "half.yaml:3: \\udc00: \\uDC00 (character 1) is half of a UTF-16 surrogate pair" in err


def test_a_layout_file_with_a_date_typo_names_its_own_line(tmp_path, write_config, run):
    layout = (Path(__file__).parent.parent / "layouts" / "6x9.yaml").read_text()
    (tmp_path / "trim.yaml").write_text(layout + "x: 2020-13-01\n")
    config = write_config(ONE + "layout: ./trim.yaml\n")
    err = _refused(run, tmp_path, "build", str(config), "-o", str(tmp_path / "x.pdf"))
    line = len(layout.splitlines()) + 1
    assert f"trim.yaml:{line}: x: 2020-13-01 reads as a date or time" in err


def test_stdin_gets_the_same_message(tmp_path, run, monkeypatch):
    text = "title: T\nsubtitle: !!float abc\nsections: []\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    err = _refused(run, tmp_path, "build", "-", "-o", str(tmp_path / "x.pdf"))
    assert "stdin:2: subtitle: 'abc' is not a number, as its tag !!float asks" in err


def test_escaped_surrogate_pairs_are_one_character_as_in_json(tmp_path):
    config = read_config_text('title: "Smile \\uD83D\\uDE00"\nsections: [{type: placement, '
                              'count: 1, difficulty: easy}]\n', tmp_path / "pair.yaml")
    assert config.title == "Smile \U0001F600" == json.loads('"Smile \\uD83D\\uDE00"')


def test_the_studio_answers_400_with_the_loaders_message(tmp_path):
    pytest.importorskip("flask", reason="pip install 'bookgen[studio]'")
    from bookgen.studio.server import create_app

    app = create_app(tmp_path, workers=1)
    try:
        client = app.test_client()
        client.get(f"/?token={app.config['STUDIO_TOKEN']}")  # the studio's cookie, as a browser keeps it
        answer = client.post("/api/open", json={"yaml": "title: T\nsubtitle: 2020-02-30\n"})
        assert answer.status_code == 400
        (error,) = answer.get_json()["errors"]
        assert error["key"] == "subtitle" and "reads as a date or time" in error["message"]
        book = {"title": "Half \ud800", "sections": [{"type": "placement", "difficulty": "easy",
                                                      "count": 1}]}
        answer = client.post("/api/jobs", data=json.dumps({"purpose": "preview", "book": book}),
                             content_type="application/json")
        assert answer.status_code == 400
        (error,) = answer.get_json()["errors"]
        # the studio refuses the request's JSON itself, before the loader sees the title
        assert error["text"].startswith("the request: ") and "surrogate pair" in error["message"]
        raw = json.dumps({"yaml": "title: T\nsubtitle: Half \ud800\n"})  # the half itself, unescaped
        answer = client.post("/api/open", data=raw, content_type="application/json")
        assert answer.status_code == 400
        (error,) = answer.get_json()["errors"]
        assert error["text"].startswith("the request: ") and "surrogate pair" in error["message"]
    finally:
        app.extensions["bookgen-studio"].close()


# --- properties: any text, any scalar ---------------------------------------------------------------

ANY_CHARACTER = st.one_of(st.characters(), st.characters(categories=["Cs"]),
                          st.sampled_from(":-?[]{}!&*#|>'\"%@`,\n\t "))
TAGS = ["", "!!str ", "!!int ", "!!float ", "!!bool ", "!!null ", "!!timestamp ", "!!binary ",
        "!!seq ", "!!map ", "!!set ", "!!omap ", "!!pairs ", "!!python/name:os.system ", "!local ",
        "!<tag:example.com,2000:x> "]
# plain scalars that resolve to numbers, dates, booleans, or nearly do
PLAIN = st.from_regex(r"[0-9]{1,4}(-[0-9]{1,2}(-[0-9]{1,2}([Tt ][0-9]{1,2}:[0-9]{2}:[0-9]{2}"
                      r"(\.[0-9]+)?(Z|[-+][0-9]{1,2}(:[0-9]{2})?)?)?)?)?"
                      r"|[-+]?(0x[0-9a-fA-F_]*|0b[01_]*|[0-9_]*\.?[0-9_]*([eE][-+]?[0-9]+)?|\.inf|\.nan)"
                      r"|[0-9]{1,3}(:[0-9]{1,2}){1,3}|yes|no|on|off|y|n|~|null|true|FALSE",
                      fullmatch=True)


@QUICK
@given(st.text(ANY_CHARACTER, max_size=200))
def test_any_text_is_a_document_or_one_located_message(text):
    try:
        parse_yaml(text, "any.yaml")
    except BookgenError as error:
        assert error.file == "any.yaml" and "Traceback" not in str(error)


@QUICK
@given(tag=st.sampled_from(TAGS), key=st.sampled_from(["subtitle", "seed", "author"]),
       value=st.one_of(PLAIN, st.text(ANY_CHARACTER, max_size=30).map(json.dumps)))
def test_every_scalar_is_read_or_named_by_file_line_and_key(tmp_path_factory, tag, key, value):
    """A JSON string is a YAML double-quoted scalar: every character, lone surrogate halves
    included, can be written in one."""
    text = (f"title: T\n{key}: {tag}{value}\n"
            "sections: [{type: placement, count: 1, difficulty: easy}]\n")
    try:
        read_config_text(text, Path("/nonexistent/any.yaml"))
    except BookgenError as error:
        assert error.file == "/nonexistent/any.yaml" and error.line == 2, error
        assert error.key == key or str(error).startswith(f"{error.file}:2: YAML syntax error"), error



class _NoAliases(yaml.SafeDumper):
    def ignore_aliases(self, data):  # a value Hypothesis repeats is written out again
        return True


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(),
                    st.text(ANY_CHARACTER, max_size=20), st.dates(), st.datetimes(),
                    st.sampled_from(["easy", "placement", "numbrix", "6x9", "./x.yaml", "a\0b",
                                     "4x4", "#1f3a5f", "pdf", "/dev/zero", "~", ".."]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(ANY_CHARACTER, max_size=6), inner,
                                                 max_size=3)), max_leaves=8)
BOOK_KEYS = ["subtitle", "author", "layout", "seed", "answers", "title_page", "contents",
             "copyright", "profile", "bleed", "large_print", "formats", "exclude", "share_pages",
             "paper", "back_text", "cover_color", "isbn"]
SECTION_KEYS = ["type", "count", "difficulty", "title", "per_page", "from", "rating", "order",
                "size", "rows", "range", "symmetry"]
BOOKS = st.fixed_dictionaries(
    {"title": VALUES, "sections": st.lists(st.dictionaries(st.sampled_from(SECTION_KEYS), VALUES,
                                                           max_size=6), max_size=2)},
    optional={key: VALUES for key in BOOK_KEYS})


@settings(QUICK, max_examples=40)  # a whole book takes Hypothesis a while to draw
@given(BOOKS)
def test_any_document_is_a_book_or_one_located_message(tmp_path_factory, book):
    """Any values under the keys a book has, of any type, nested anyhow: read, or one message
    that names the file and a line."""
    folder = tmp_path_factory.getbasetemp()
    text = yaml.dump(book, Dumper=_NoAliases, allow_unicode=False)
    try:
        read_config_text(text, folder / "any.yaml")
    except BookgenError as error:
        assert error.file == str(folder / "any.yaml") and error.line is not None, error


# --- text that is not Unicode -----------------------------------------------------------------------

NOT_UTF8 = "T\udcff"  # how Python hands over the argument $'T\xff'


@pytest.mark.parametrize("args, key", [
    (("build", "{config}", "--seed", NOT_UTF8), "--seed"),
    (("generate", "placement", "-s", NOT_UTF8), "--seed"),
    (("worksheet", "placement", "--title", NOT_UTF8, "-o", "{tmp}/w.pdf"), "--title"),
    (("worksheet", "placement", "-s", NOT_UTF8, "-o", "{tmp}/w.pdf"), "--seed"),
    (("generate", "placement", "--set", "size=" + NOT_UTF8), "--set"),
    (("generate", NOT_UTF8), "type"),
    (("generate", "--id", "\ud800"), "--id"),
])
def test_arguments_that_are_not_utf8_are_named(tmp_path, write_config, run, args, key):
    config = write_config(ONE)
    args = tuple(arg.format(config=config, tmp=tmp_path) for arg in args)
    err = _refused(run, tmp_path, *args)
    assert err.startswith(f"bookgen: error: {key}: it holds ")
    assert ("the byte 0xff, which is not UTF-8" in err or "U+D800, half of a surrogate" in err)


def test_a_file_name_in_bytes_that_are_not_utf8_is_written_and_printed_as_given(tmp_path,
                                                                                 write_config):
    from bookgen.cli import main

    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")  # as in a UTF-8 locale
    target = str(tmp_path / "\udcff.pdf")
    assert main(["build", str(write_config(ONE)), "-o", target, "-q"], stdout=out) == 0
    out.flush()
    assert out.buffer.getvalue() == os.fsencode(target) + b"\n"
    assert (tmp_path / "\udcff.pdf").read_bytes().startswith(b"%PDF")


def test_a_bank_line_with_half_a_surrogate_pair_is_named(tmp_path, write_config, run, bank_lines):
    record = json.loads(bank_lines[0])
    (tmp_path / "bank.jsonl").write_text(json.dumps({**record, "id": record["id"] + "\ud800"}) + "\n")
    config = write_config(ONE.replace("difficulty: easy", "from: bank.jsonl"))
    err = _refused(run, tmp_path, "build", str(config), "-o", str(tmp_path / "x.pdf"), "--html")
    assert "bank.jsonl:1: in a string: \\uD800 (character 20) is half of a UTF-16 surrogate pair" in err
    status, out, err = run("solve", str(tmp_path / "bank.jsonl"))
    assert status == 2 and "bank.jsonl:1: in a string: \\uD800 (character" in json.loads(out)["error"]



@pytest.mark.parametrize("key", ["from", "exclude"])
def test_a_file_name_holding_nul_is_no_such_file(tmp_path, write_config, run, key):
    text = (ONE.replace("difficulty: easy", 'from: "bank\\0.jsonl"') if key == "from"
            else ONE + 'exclude: ["bank\\0.jsonl"]\n')
    err = _refused(run, tmp_path, "build", str(write_config(text)), "-o", str(tmp_path / "x.pdf"))
    assert f"bank\\0.jsonl: {key}: no such file: a file name cannot hold the character U+0000" in err


# --- process ends ----------------------------------------------------------------------------------

KILLED_WRITE = """
import os, signal, sys
from pathlib import Path
from bookgen import atomic
atomic._write_all = lambda descriptor, data: os.kill(os.getpid(), signal.SIGKILL)  # mid-write
atomic.write_files([(Path(sys.argv[1]), b"%PDF-")])
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="flock and SIGKILL are POSIX")
def test_a_killed_builds_temporaries_go_with_the_next_build_of_that_file(tmp_path, write_config,
                                                                           run):
    import fcntl
    import signal
    import subprocess
    import sys

    target = tmp_path / "out.pdf"
    killed = subprocess.run([sys.executable, "-c", KILLED_WRITE, str(target)], timeout=60)
    assert killed.returncode == -signal.SIGKILL
    (stale,) = tmp_path.glob(".out.pdf.*.tmp")
    live = tmp_path / ".out.pdf.0123abcd.tmp"  # a build writing out.pdf right now holds its lock
    others = [tmp_path / name for name in (".other.pdf.0123abcd.tmp", ".out.pdf.nothex!!.tmp",
                                           "out.pdf.0123abcd.tmp")]
    for path in [live, *others]:
        path.write_bytes(b"x")
    with open(live, "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        status, out, err = run("build", str(write_config(ONE)), "-o", str(target), "-q")
    assert status == 0, err
    assert not stale.exists() and live.exists() and all(path.exists() for path in others)
    assert target.read_bytes().startswith(b"%PDF")
    assert set(tmp_path.iterdir()) == {target, tmp_path / "book.yaml", live, *others}


KILLED_REPLACE = """
import os, signal, sys
from pathlib import Path
from bookgen import atomic
keep = atomic._keep
def kept_then_killed(real):
    keep(real)
    os.kill(os.getpid(), signal.SIGKILL)  # between keeping the old file and moving the new in
atomic._keep = kept_then_killed
atomic.write_files([(Path(sys.argv[1]), b"%PDF-new")])
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="flock and SIGKILL are POSIX")
def test_a_build_killed_while_replacing_leaves_the_old_file_whole_and_the_next_removes_its_backup(
        tmp_path, write_config, run):
    import fcntl
    import signal
    import subprocess
    import sys

    target = tmp_path / "out.pdf"
    target.write_bytes(b"%PDF-old")
    killed = subprocess.run([sys.executable, "-c", KILLED_REPLACE, str(target)], timeout=60)
    assert killed.returncode == -signal.SIGKILL
    assert target.read_bytes() == b"%PDF-old"  # whole: the old file, not half of the new
    (backup,) = tmp_path.glob(".out.pdf.*.old")
    (temporary,) = tmp_path.glob(".out.pdf.*.tmp")
    live = tmp_path / ".out.pdf.0123abcd.old"  # a build replacing out.pdf right now holds it
    live.write_bytes(b"x")
    with open(live, "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        status, out, err = run("build", str(write_config(ONE)), "-o", str(target), "-q")
    assert status == 0, err
    assert not backup.exists() and not temporary.exists() and live.exists()
    assert target.read_bytes().startswith(b"%PDF") and target.read_bytes() != b"%PDF-old"
    assert set(tmp_path.iterdir()) == {target, tmp_path / "book.yaml", live}


def test_a_full_disk_under_the_default_output_leaves_no_empty_folder(tmp_path, write_config, run,
                                                                     monkeypatch):
    import errno

    def full(descriptor, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    config = write_config(ONE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("bookgen.atomic._write_all", full)
    err = _refused(run, tmp_path, "build", str(config))
    assert "cannot write output/book.pdf: no space left on device" in err
    assert not (tmp_path / "output").exists() and list(tmp_path.glob(".*")) == []


def test_a_full_stdout_after_the_files_are_written_says_only_the_listing_failed(tmp_path,
                                                                                write_config):
    import subprocess
    import sys

    from pypdf import PdfReader

    target = tmp_path / "out.pdf"
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "bookgen", "build", str(write_config(ONE)),
                               "-o", str(target), "-q"], stdout=full, stderr=subprocess.PIPE,
                              timeout=120)
    assert done.returncode == 2
    assert done.stderr.decode() == (f"bookgen: error: wrote {target} whole; only the list of files "
                                    "written failed: cannot write to standard output: no space "
                                    "left on device\n")
    assert len(PdfReader(target).pages) >= 2


# --- messages that named the wrong thing ------------------------------------------------------------


def test_an_output_that_is_a_file_is_not_called_a_missing_folder(tmp_path, write_config, run,
                                                                 monkeypatch):
    config = write_config(ONE)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes").write_text("a file")
    err = _refused(run, tmp_path, "preview", str(config), "-o", "notes")
    assert "--output: 'notes' is a file, not a folder; name a folder for the PNGs, or a .png" in err
    for output in ("notes/", "notes/book.pdf"):
        err = _refused(run, tmp_path, "build", str(config), "-o", output)
        assert "is a file, not a folder" in err and "does not exist" not in err
    assert "the folder 'gone' does not exist" in _refused(run, tmp_path, "preview", str(config),
                                                          "-o", "gone/x.png")


def test_an_id_of_another_type_is_refused_not_printed(tmp_path, run):
    err = _refused(run, tmp_path, "generate", "numbrix", "--id", "placement:easy::1.1")
    assert "--id: 'placement:easy::1.1' names a placement puzzle, not numbrix" in err
    status, out, err = run("generate", "placement", "--id", "placement:easy::1.1")
    assert status == 0 and json.loads(out)["id"] == "placement:easy::1.1"


def test_a_missing_font_is_named_at_its_line_in_the_layout_file(tmp_path, write_config, run):
    layout = (Path(__file__).parent.parent / "layouts" / "6x9.yaml").read_text()
    assert "DejaVuSans-Oblique.ttf" in layout
    (tmp_path / "trim.yaml").write_text(layout.replace("DejaVuSans-Oblique.ttf", "Missing.ttf"))
    line = next(number for number, text in enumerate(layout.splitlines(), 1) if "Oblique" in text)
    config = write_config(ONE + "layout: ./trim.yaml\n")
    for args in (("build", str(config)), ("worksheet", "placement", "--layout",
                                          str(tmp_path / "trim.yaml"))):
        err = _refused(run, tmp_path, *args, "-o", str(tmp_path / "x.pdf"))
        assert f"trim.yaml:{line}: fonts.italic: font file 'Missing.ttf' not found in" in err
