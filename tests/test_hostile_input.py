"""Input written to hurt: it must end in one clear message, quickly, not in a hung or dying process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bookgen.errors import BookgenError

BOMB = """title: Laughs
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
sections: []
"""


def test_alias_bomb_is_refused_at_once(write_config, run, tmp_path):
    path = write_config(BOMB)
    started = time.monotonic()
    status, out, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert time.monotonic() - started < 10
    assert status == 2 and "aliases" in err and "Traceback" not in err
    assert not (tmp_path / "out.pdf").exists()


def test_self_containing_alias_is_refused(write_config, run, tmp_path):
    path = write_config("title: T\nloop: &x [1, *x]\nsections: []\n")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "alias" in err and "Traceback" not in err


def test_ordinary_aliases_still_work(write_config, run, tmp_path):
    path = write_config("""title: Shared options
seed: 2
sections:
  - &easy {type: placement, count: 1, difficulty: easy, size: 4}
  - *easy
""")
    status, out, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 0, err
    assert (tmp_path / "out.pdf").stat().st_size > 1000


def test_messages_show_values_as_people_wrote_them(write_config, run, tmp_path):
    path = write_config("""title: T
sections:
  - {type: placement, count: 1, difficulty: easy, size: {rows: 4}}
""")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "{rows: 4} is not allowed" in err and "{'rows'" not in err


def test_a_runaway_census_is_refused_with_its_size(run):
    started = time.monotonic()
    status, out, err = run("census", "arithmetic", "--size", "6", "--range", "0-99")
    assert time.monotonic() - started < 5
    assert status == 2 and "1,609,344,100 cards" in err and "at most 100,000" in err


def test_a_closed_pipe_ends_generate_quietly(tmp_path):
    command = [sys.executable, "-m", "bookgen", "generate", "placement", "-n", "200"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # the reader goes away, as `| head -1` does
    err = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == 141
    assert first.startswith(b'{"type": "placement"') and err == ""


def test_margins_wider_than_the_page_name_the_keys(tmp_path, write_config, run):
    (tmp_path / "wide.yaml").write_text("""title: Wide margins
page: {width: 6in, height: 9in}
margins: {top: 0.5in, bottom: 0.5in, inside: 4in, outside: 3in}
fonts: {regular: DejaVuSans.ttf, bold: DejaVuSans-Bold.ttf, italic: DejaVuSans-Oblique.ttf}
grids: [[1, 1]]
""")
    path = write_config("title: T\nlayout: ./wide.yaml\nsections: [{type: placement, count: 1, "
                        "difficulty: easy}]\n")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "Traceback" not in err
    assert "margins.inside + margins.outside" in err and "page.width" in err and "no room" in err


def test_rating_filters_name_unknown_figures_and_wrong_shapes(write_config, run, tmp_path):
    (tmp_path / "bank.jsonl").write_text("")
    path = write_config("title: T\nsections:\n  - {type: placement, count: 1, from: bank.jsonl, "
                        "rating: {scor: 3}}\n")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "rating.scor" in err and "did you mean 'score'" in err
    path = write_config("title: T\nsections:\n  - {type: placement, count: 1, from: bank.jsonl, "
                        "rating: 5}\n", "five.yaml")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "5 is not allowed" in err and "Traceback" not in err


def test_a_title_that_would_fill_pages_is_refused_with_the_limit(write_config, run, tmp_path):
    path = write_config("title: " + "x" * 5000 + "\nsections: [{type: placement, count: 1, "
                        "difficulty: easy}]\n")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "at most 120 characters" in err and "(5000 characters)" in err
    assert len(err) < 400


def test_a_worksheet_too_big_for_one_page_says_so(run, tmp_path):
    status, _, err = run("worksheet", "placement", "-n", "13", "-o", str(tmp_path / "w.pdf"),
                         "--answers", "none")
    assert status == 0 and "at most 12 puzzles" in err
    status, _, err = run("worksheet", "placement", "-n", "12", "-o", str(tmp_path / "v.pdf"),
                         "--answers", "none")
    assert status == 0 and "at most" not in err


def test_text_the_fonts_cannot_draw_is_named_not_printed_as_boxes(write_config, run, tmp_path):
    path = write_config("title: 数独パズル\nsections: [{type: placement, count: 1, difficulty: easy, "
                        "title: Ordnung ✓}]\n")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "title" in err and "'数' (U+6570)" in err and "empty boxes" in err
    assert not (tmp_path / "out.pdf").exists()
    html_only = write_config("title: 数独パズル\nformats: [html]\nsections: [{type: placement, "
                             "count: 1, difficulty: easy}]\n", "html.yaml")
    status, _, err = run("build", str(html_only), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 0, err  # a browser picks its own fonts


def test_the_document_refuses_undrawable_text_for_library_callers_too(write_config):
    from dataclasses import replace

    from bookgen.book import make_book
    from bookgen.config import load_config
    from bookgen.errors import BookgenError
    from bookgen.render.document import BookDocument

    config = load_config(write_config("title: Plain\nsections: [{type: placement, count: 1, "
                                      "difficulty: easy}]\n"))
    book = make_book(config)
    with pytest.raises(BookgenError, match="U\\+6570"):
        BookDocument(replace(book, config=replace(config, title="数独")))


# --- a build never destroys its inputs ----------------------------------------------------------

ONE = "title: T\nsections: [{type: placement, count: 1, difficulty: easy}]\n"


@pytest.fixture(scope="module")
def bank_lines() -> list[str]:
    """Two different easy placement puzzles as bank lines."""
    import io

    from bookgen.cli import main

    out = io.StringIO()
    assert main(["generate", "placement", "-d", "easy", "-n", "2", "-q"], stdout=out) == 0
    return out.getvalue().splitlines(keepends=True)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}


def _refused(run, folder: Path, *args: str) -> str:
    """Run a command that must be refused: status 2, one line a problem (a config's every
    problem at once), and no file in the folder changed, added or removed."""
    before = _snapshot(folder)
    status, out, err = run(*args)
    assert status == 2 and out == "", err
    assert err.endswith("\n") and all(line.startswith("bookgen: error: ")
                                       for line in err.splitlines()), err
    assert _snapshot(folder) == before
    return err


def test_the_config_is_never_an_output(tmp_path, write_config, run, monkeypatch):
    config = write_config(ONE, "c.yaml")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    os.link(config, tmp_path / "hard.yaml")
    (tmp_path / "soft.yaml").symlink_to(config)
    for output in ("c.yaml", str(config), "sub/../c.yaml", "hard.yaml", "soft.yaml"):
        err = _refused(run, tmp_path, "build", "c.yaml", "-o", output, "-q")
        assert f"cannot write {output}: it is the config (" in err and "never overwrites" in err
    html = write_config(ONE, "book.html")  # a config may be named anything
    err = _refused(run, tmp_path, "build", str(html), "-o", str(tmp_path / "book.pdf"), "--html", "-q")
    assert "book.html: it is the config" in err


def test_banks_and_layouts_are_never_outputs(tmp_path, write_config, run, bank_lines, monkeypatch):
    """Refused before any puzzle is made, the files written beside the PDF (--jsonl) too."""
    def no_making(*args, **kwargs):
        raise AssertionError("the book was made before its outputs were checked")

    monkeypatch.setattr("bookgen.book.make_book", no_making)
    (tmp_path / "bank.jsonl").write_text(bank_lines[0])
    (tmp_path / "vol1.jsonl").write_text(bank_lines[1])
    (tmp_path / "trim.yaml").write_text((Path(__file__).parent.parent / "layouts" / "6x9.yaml")
                                        .read_text())
    config = write_config("title: T\nlayout: ./trim.yaml\nexclude: [vol1.jsonl]\nsections:\n"
                          "  - {type: placement, count: 1, from: bank.jsonl}\n"
                          "  - {type: placement, count: 1, difficulty: medium}\n")
    cases = [(("-o", "bank.jsonl"), "the puzzle bank of section 'Number Placement'"),
             (("-o", "bank.pdf", "--jsonl"), "the puzzle bank of section"),
             (("-o", "vol1.pdf", "--jsonl"), "a bank named in 'exclude'"),
             (("-o", "trim.yaml"), "the layout file")]
    for (flag, name, *more), what in cases:
        err = _refused(run, tmp_path, "build", str(config), flag, str(tmp_path / name), *more, "-q")
        assert f"it is {what}" in err


def test_a_trailing_slash_means_a_folder(tmp_path, write_config, run):
    config = write_config(ONE)
    err = _refused(run, tmp_path, "build", str(config), "-o", f"{tmp_path}/newdir/", "-q")
    assert "newdir/' does not exist" in err and not (tmp_path / "newdir").exists()
    (tmp_path / "books").mkdir()
    status, out, err = run("build", str(config), "-o", f"{tmp_path}/books/", "-q")
    assert status == 0 and (tmp_path / "books" / "book.pdf").is_file(), err


# --- unbounded input ------------------------------------------------------------------------------


def test_deep_nesting_is_refused_with_the_limit(tmp_path, write_config, run):
    deep_yaml = write_config("title: T\nsections: " + "[" * 5000 + "]" * 5000 + "\n")
    err = _refused(run, tmp_path, "build", str(deep_yaml), "-q")
    assert "book.yaml:2: values are nested more than 64 levels deep" in err
    (tmp_path / "deep.jsonl").write_text("[" * 100_000 + "]" * 100_000 + "\n")
    status, out, err = run("solve", str(tmp_path / "deep.jsonl"))
    assert status == 2 and "deep.jsonl:1: the JSON is nested more than 64 levels deep" in out
    for key in ("from", "exclude"):
        text = (ONE.replace("difficulty: easy", "from: deep.jsonl") if key == "from"
                else ONE + "exclude: [deep.jsonl]\n")
        config = write_config(text, f"{key}.yaml")
        err = _refused(run, tmp_path, "build", str(config), "-q")
        assert "deep.jsonl:1: the JSON is nested more than 64" in err


def test_numbers_with_too_many_digits_are_named_with_their_line(tmp_path, write_config, run):
    digits = "1" * 5000
    err = _refused(run, tmp_path, "build", str(write_config(ONE + f"seed: {digits}\n")))
    assert "book.yaml:3: seed: a number with more than 4300 digits" in err
    (tmp_path / "big.jsonl").write_text("\n{" + f'"type": "placement", "n": {digits}' + "}\n")
    status, out, err = run("solve", str(tmp_path / "big.jsonl"))
    assert status == 2 and "big.jsonl:2: a number with more than 4300 digits" in out


def test_only_ordinary_files_of_bounded_size_are_read(tmp_path, write_config, run, monkeypatch):
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    os.mkfifo(tmp_path / "fifo.pdf")
    for command, name in (("build", str(fifo)), ("build", "/dev/zero"),
                          ("preview", str(tmp_path / "fifo.pdf"))):
        err = _refused(run, tmp_path, command, name, "-q")
        assert f"{name}: it is not an ordinary file" in err
    for key in ("from", "exclude"):
        text = (ONE.replace("difficulty: easy", "from: /dev/zero") if key == "from"
                else ONE + "exclude: [/dev/zero]\n")
        err = _refused(run, tmp_path, "build", str(write_config(text, f"{key}.yaml")), "-q")
        assert f"/dev/zero: {key}: it is not an ordinary file" in err
    monkeypatch.setattr("bookgen.limits.CONFIG_BYTES", 50)
    err = _refused(run, tmp_path, "build", str(write_config(ONE)), "-q")
    assert "book.yaml: it is larger than 50 bytes, the most bookgen reads" in err


def test_solve_has_a_time_budget_and_survives_a_deep_search(tmp_path, run, monkeypatch):
    import inspect

    for size in (300, 30):
        grid = [[0] * size for _ in range(size)]
        (tmp_path / f"blank{size}.jsonl").write_text(json.dumps({"type": "numbrix", "puzzle":
                                                                 {"grid": grid}}) + "\n")
    status, out, err = run("solve", str(tmp_path / "blank300.jsonl"), "--budget", "0.5")
    assert status == 2 and "blank300.jsonl:1: gave up after 0.5 seconds, the solve budget" in out
    # a blank 60x60 grid nests its search past Python's stack; a lower limit shows it at once
    limit = sys.getrecursionlimit()
    monkeypatch.setattr(sys, "getrecursionlimit", lambda: limit)
    sys.setrecursionlimit(len(inspect.stack()) + 150)
    try:
        status, out, err = run("solve", str(tmp_path / "blank30.jsonl"))
    finally:
        sys.setrecursionlimit(limit)
    assert status == 2 and "blank30.jsonl:1: too large to solve" in out and "Traceback" not in err


def test_a_time_budget_rings_again_when_its_alarm_is_lost_and_leaves_none_behind(capsys):
    """Python drops an exception raised in a finalizer, printing a traceback: a budget that rang
    once only let such a search run on for ever, and the user saw the traceback."""
    from bookgen.budget import PuzzleTimeout, time_budget

    class Finalized:
        def __del__(self):  # the alarm rings in here: Python drops it
            while time.monotonic() - started < 3:
                pass

    handler, hook = signal.getsignal(signal.SIGALRM), sys.unraisablehook
    started = time.monotonic()
    with pytest.raises(PuzzleTimeout):
        with time_budget(0.05):
            Finalized()
            while time.monotonic() - started < 3:  # a budget that rang once ends here: no raise
                pass
    assert time.monotonic() - started < 2
    assert capsys.readouterr().err == ""
    with time_budget(0.05):
        pass
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is handler and sys.unraisablehook is hook


@pytest.mark.parametrize("args, expected", [
    (("preview", "--pages", "1-1000000000"), "--pages: '1-1000000000' goes past page 500"),
    (("build", "--budget", "nan"), "--budget: nan is not allowed"),
    (("build", "--budget", "inf"), "--budget: inf is not allowed"),
    (("solve", "-", "--budget", "0"), "--budget: 0 is not allowed"),
    (("build", "--workers", "500"), "--workers: must be from 1 to 256"),
    (("generate", "placement", "--count", "1000000000"), "--count: must be from 1 to 100,000"),
])
def test_every_count_and_duration_has_a_ceiling(tmp_path, run, monkeypatch, args, expected):
    monkeypatch.chdir(tmp_path)
    assert expected in _refused(run, tmp_path, *args)


def test_a_book_of_a_million_puzzles_is_refused(tmp_path, write_config, run):
    sections = "".join("  - {type: placement, count: 1000, difficulty: easy}\n" for _ in range(11))
    err = _refused(run, tmp_path, "build", str(write_config("title: T\nsections:\n" + sections)))
    assert "sections: the sections ask for 11,000 puzzles; a book holds at most 10,000" in err


# --- no tracebacks --------------------------------------------------------------------------------


FULL = "bookgen: error: cannot write to standard output: no space left on device\n"


@pytest.mark.parametrize("args", [("types",), ("schema",), ("census", "arithmetic"),
                                  ("generate", "placement"), ("solve", "-")])
def test_a_full_disk_on_stdout_is_one_message(args, capsys, monkeypatch):
    import io

    from bookgen.cli import main

    line = json.dumps({"type": "placement", "puzzle": {"signs": ["<"], "numbers": ["2", "1"]}})
    monkeypatch.setattr("sys.stdin", io.StringIO(line + "\n"))
    with open("/dev/full", "w") as full:
        assert main(list(args), stdout=full) == 2
        err = capsys.readouterr().err
        try:
            full.close()
        except OSError:  # what the failed write left in its buffer
            pass
    assert err == FULL


def test_a_full_disk_leaves_no_complaint_at_exit():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "bookgen", "types"], stdout=full,
                              stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 2
    assert done.stderr.decode() == FULL


def test_bytes_that_are_not_text_on_stdin(tmp_path, run, monkeypatch):
    import io
    import random

    noise = random.Random(21).randbytes(3000)
    for args in (("solve", "-"), ("build", "-", "-o", str(tmp_path / "x.pdf"))):
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(noise)))
        assert "stdin: it is not UTF-8 text (byte " in _refused(run, tmp_path, *args)


def test_seeds_are_held_to_one_rule_everywhere(tmp_path, write_config, run):
    config = write_config(ONE)
    for seed in ("s" * 10_000, "", " "):
        for args in (("build", str(config), "--seed", seed), ("generate", "placement", "-s", seed),
                     ("worksheet", "placement", "-s", seed, "-o", str(tmp_path / "w.pdf"))):
            err = _refused(run, tmp_path, *args)
            assert "is not allowed; a seed is a whole number or a word of at most 200" in err
        err = _refused(run, tmp_path, "build", str(write_config(f"seed: '{seed}'\n" + ONE, "s.yaml")))
        assert "s.yaml:1: seed:" in err and "at most 200 characters" in err


def test_output_names_the_file_system_refuses(tmp_path, write_config, run, monkeypatch):
    config = write_config(ONE)
    long_name = str(tmp_path / ("a" * 300 + ".pdf"))
    assert "file name too long" in _refused(run, tmp_path, "build", str(config), "-o", long_name)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").write_text("a file, not a folder")
    err = _refused(run, tmp_path, "build", str(config))
    assert "a file named 'output' is in the way" in err
    (tmp_path / "output").unlink()
    monkeypatch.setattr("os.access", lambda path, mode: False)  # as a read-only folder does
    err = _refused(run, tmp_path, "build", str(config))
    assert "the current folder is not writable" in err and not (tmp_path / "output").exists()


LAYOUT = """title: Small
page: {{width: {side}, height: {side}}}
margins: {{top: {margin}, bottom: {margin}, inside: {margin}, outside: {margin}}}
fonts: {{regular: {font}, bold: DejaVuSans-Bold.ttf, italic: DejaVuSans-Oblique.ttf}}
grids: [[1, 1]]
"""


@pytest.mark.parametrize("side, margin, font, expected", [
    ("1mm", "0mm", "DejaVuSans.ttf", "small.yaml:2: page.width: '1mm' is not allowed"),
    ("75mm", "29mm", "DejaVuSans.ttf", "on the Small page: the text '9' in them needs 7 pt, "
                                       "and the largest that fits prints it at 1.9 pt"),
    ("6in", "0.5in", "book.yaml", "font file '{tmp}/book.yaml' is not a TrueType font"),
])
def test_layouts_that_cannot_print(tmp_path, write_config, run, side, margin, font, expected):
    font = font if font.endswith(".ttf") else str(tmp_path / font)
    (tmp_path / "small.yaml").write_text(LAYOUT.format(side=side, margin=margin, font=font))
    config = write_config("title: A longer title than fits\nlayout: ./small.yaml\nsections: "
                          "[{type: placement, count: 1, difficulty: easy}]\n")
    err = _refused(run, tmp_path, "build", str(config), "-o", str(tmp_path / "x.pdf"), "-q")
    assert expected.format(tmp=tmp_path) in err


def _ignores_sigint(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    ignored = int(next(line for line in status.splitlines() if line.startswith("SigIgn:")).split()[1], 16)
    return bool(ignored >> (signal.SIGINT - 1) & 1)


def _cluster_started(parent: int) -> bool:
    """The cluster's workers are up (they ignore Ctrl-C) and bookgen listens for Ctrl-C again."""
    workers = []
    for entry in Path("/proc").iterdir():
        try:
            if (entry.name.isdigit() and os.getpgid(int(entry.name)) == parent
                    and b"spawn_main" in (entry / "cmdline").read_bytes()):
                workers.append(int(entry.name))
        except OSError:  # a process that ended meanwhile
            continue
    try:
        return len(workers) >= 2 and all(map(_ignores_sigint, workers)) and not _ignores_sigint(parent)
    except (OSError, StopIteration):
        return False


def _cluster_starting(parent: int) -> bool:
    """bookgen holds Ctrl-C back: dask is starting its processes and threads."""
    try:
        return _ignores_sigint(parent)
    except (OSError, StopIteration):
        return False


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
@pytest.mark.parametrize("pressed", [_cluster_started, _cluster_starting], ids=["running", "starting"])
def test_ctrl_c_on_a_local_cluster_is_quiet_and_leaves_nothing(tmp_path, write_config, pressed):
    """Ctrl-C reaches every process of the terminal's group, dask's workers included; one pressed
    while the cluster starts is held back and heard once it is up."""
    pytest.importorskip("dask.distributed")
    config = write_config("title: Slow\nsections: [{type: numbrix, count: 1000, difficulty: expert, "
                          "size: 12x12}]\n")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    process = subprocess.Popen(
        [sys.executable, "-m", "bookgen", "build", str(config), "--scheduler", "local:2"],
        cwd=tmp_path, env={**os.environ, "TMPDIR": str(scratch)}, start_new_session=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not pressed(process.pid) and time.monotonic() < deadline:
            time.sleep(0.01)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130
    assert err.decode() == "bookgen: interrupted\n" and out == b""
    assert list(scratch.iterdir()) == [] and not (tmp_path / "output").exists()


# --- no silent surprises --------------------------------------------------------------------------


def test_an_empty_output_name_is_refused(tmp_path, write_config, run):
    err = _refused(run, tmp_path, "build", str(write_config(ONE)), "-o", "")
    assert "--output: is empty" in err
    assert "--output: is empty" in _refused(run, tmp_path, "preview", "-o", " ")


def test_a_closed_pipe_under_a_pdf_on_stdout_ends_quietly_with_141(tmp_path, write_config, capsys):
    from bookgen.cli import main

    reader, writer = os.pipe()
    os.close(reader)  # the reader is gone, as `| head -c 100` is once it has its bytes
    with open(writer, "w") as pipe:
        assert main(["build", str(write_config(ONE)), "-o", "-", "-q"], stdout=pipe) == 141
        assert capsys.readouterr().err == ""
        try:
            pipe.close()
        except OSError:
            pass


def test_a_bom_is_read_alike_in_configs_and_banks(tmp_path, write_config, run, bank_lines):
    (tmp_path / "bank.jsonl").write_text("\ufeff" + bank_lines[0], encoding="utf-8")
    config = write_config("\ufeff" + ONE.replace("difficulty: easy", "from: bank.jsonl"))
    status, out, err = run("build", str(config), "-o", str(tmp_path / "x.pdf"), "--jsonl", "-q")
    assert status == 0, err
    assert json.loads((tmp_path / "x.jsonl").read_text())["id"] == json.loads(bank_lines[0])["id"]


def test_a_config_with_several_mistakes_is_refused_with_every_one_in_the_files_order(
        tmp_path, write_config, run):
    config = write_config("""
        title: Mistakes
        layout: leter
        sections:
          - {type: sudoku, count: 4, dificulty: easy}
          - {type: numbrx, count: 4, difficulty: easy}
          - {type: wordsearch, count: 0, difficulty: easy}
          - {type: maze, count: 2, difficulty: easy, colour: red}
        sectons: []
        """)
    err = _refused(run, tmp_path, "build", str(config), "-o", str(tmp_path / "x.pdf"))
    lines = err.splitlines()
    assert [line.split(": ")[3] for line in lines] == [
        "layout", "sections[0].dificulty", "sections[1].type", "sections[2].count",
        "sections[3].colour", "sectons"]
    assert [int(line.split(": ")[2].rpartition(":")[2]) for line in lines] == [2, 4, 5, 6, 7, 8]
    assert "did you mean 'difficulty'?" in lines[1] and "did you mean 'sections'?" in lines[5]
    assert "needs" not in err  # what a near miss lacks is said once, by its "did you mean"


def test_a_near_miss_of_a_needed_key_is_read_as_that_key_and_the_rest_of_its_section_too(
        tmp_path, write_config, run):
    """'cont' is said once, as a near miss of 'count', and the section read on as if it had said
    'count': its other mistakes come in the same build, a bad value under the slip at the slip's
    line; a near miss of 'type' reads the section's options as that type's ('size' is not
    unknown), a near miss of 'from' needs no difficulty. The studio's list says the same."""
    config = write_config("""
        title: T
        layout: letter
        seed: s
        sections:
          - type: sudoku
            cont: 4
            difficulty: hard
            size: 99
          - {size: 99, typ: sudoku, count: 2, difficulty: hard}
          - {type: sudoku, count: 2, dificulty: hard, size: 99}
          - {type: sudoku, cont: 0, difficulty: easy, colour: red, size: 99}
          - {typ: sudokuu, count: 2, difficulty: hard, size: 99}
          - {fromm: bank.jsonl, type: placement, count: 1, size: 5}
          - {type: numbrix, count: 4, difficulty: hard}
        """)
    err = _refused(run, tmp_path, "build", str(config), "-o", str(tmp_path / "x.pdf"))
    lines = err.splitlines()
    said = [line.removeprefix("bookgen: error: ").split(": ", 2) for line in lines]
    assert [(where.rpartition(":")[2], key) for where, key, _ in said] == [
        ("6", "sections[0].cont"), ("8", "sections[0].size"),
        ("9", "sections[1].size"), ("9", "sections[1].typ"),
        ("10", "sections[2].dificulty"), ("10", "sections[2].size"),
        ("11", "sections[3].cont"), ("11", "sections[3].cont"), ("11", "sections[3].colour"),
        ("11", "sections[3].size"),
        ("12", "sections[4].typ"), ("12", "sections[4].typ"),
        ("13", "sections[5].fromm"), ("13", "sections[5].size")], err
    messages = [message for *_, message in said]
    size = "99 is not allowed; use one of 9, 6, 4, 8, 12, 16"
    assert [messages[i] for i in (1, 2, 5, 9)] == [size] * 4
    for index, near in ((0, "count"), (3, "type"), (4, "difficulty"), (6, "count"), (10, "type"),
                        (12, "from")):  # the near-miss lines as they were
        assert f"; did you mean '{near}'? (allowed: " in messages[index], messages[index]
    assert "(allowed: count, difficulty, from, language, order, per_page, rating, rules, seed, " \
           "title, type)" in messages[3]  # what the section's keys were, without a type
    assert messages[7] == "0 is not allowed; 'count' takes a whole number from 1 to 1000"
    assert messages[8].startswith("unknown key in a section 'colour' (allowed: ")
    assert messages[11].startswith("unknown puzzle type 'sudokuu'; did you mean 'sudoku'?")
    assert messages[13] == ("a section that takes puzzles 'from' a bank has no type options; "
                            "filter with 'difficulty' and 'rating' instead")
    assert "needs" not in err  # a near miss's key is not said again as missing
    from bookgen.config import config_problems

    assert [str(problem) for problem in config_problems(config.read_text(), config)] == [
        line.removeprefix("bookgen: error: ") for line in lines]


def test_control_characters_in_printed_text_are_refused(tmp_path, write_config, run):
    config = write_config('title: "Bell\\a here"\nsections: [{type: placement, count: 1, '
                          'difficulty: easy, title: "Tab\\tbed"}]\n')
    err = _refused(run, tmp_path, "build", str(config), "-o", str(tmp_path / "x.pdf"))
    assert "book.yaml:1: title: 'Bell\\x07 here' is not allowed (it holds the control character " \
           "U+0007, which does not print)" in err
    err = _refused(run, tmp_path, "build", str(write_config(ONE.replace(
        "easy}", 'easy, title: "Tab\\tbed"}'), "tab.yaml")), "-o", str(tmp_path / "x.pdf"))
    assert "sections[0].title" in err and "U+0009" in err
    notes = write_config(ONE + 'copyright: "Line one\\nLine two\\twith a tab"\n', "notes.yaml")
    status, _, err = run("build", str(notes), "-o", str(tmp_path / "notes.pdf"), "-q")
    assert status == 0, err  # a notes page may break lines
    err = _refused(run, tmp_path, "worksheet", "placement", "--title", "Ding\x07", "-o",
                   str(tmp_path / "w.pdf"))
    assert "--title:" in err and "U+0007" in err


def test_every_limit_is_documented_with_its_value():
    from bookgen import limits

    page = (Path(__file__).parent.parent / "docs" / "limits.md").read_text()
    names = [name for name in vars(limits) if name.isupper()]
    assert len(names) >= 15
    for name in names:
        value = getattr(limits, name)
        row = next((line for line in page.splitlines() if line.startswith(f"| `{name}` |")), "")
        figures = [f"{n:.0f}" for n in (value if isinstance(value, tuple) else (value,))]
        assert row and all(figure in row.replace(",", "") for figure in figures), name


@pytest.mark.parametrize("stop", [KeyboardInterrupt(), BookgenError("a bank failed", key="from")])
def test_a_message_after_a_progress_bar_starts_a_line_of_its_own(run, write_config, monkeypatch,
                                                                 stop):
    from bookgen.progress import Progress

    def make(config, args, size_check=False):  # a build that stops while its progress bar is drawn
        progress = Progress(enabled=True, stream=sys.stderr)
        progress.start("Placement (1/1)", 10)
        raise stop

    monkeypatch.setattr("bookgen.cli._make", make)
    status, _, err = run("build", str(write_config(ONE)), "-o", "-")
    bar, message = err.split("\n")[:2]
    assert bar.startswith("\rPlacement (1/1) [") and message.startswith("bookgen: ")
    assert status in (2, 130) and Progress.unfinished is None
