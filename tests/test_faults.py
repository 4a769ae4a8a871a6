"""Nothing lost, round 4 (#44): what the last round added, tried as a new user would. Each case
ends in one line naming what is wrong, exit status 2, no traceback, and the folder as it was
(the previous output kept, nothing half-written). All in-process and cheap: each refusal comes
from the loader before any puzzle is made."""

from __future__ import annotations

import errno
import json
import os
import re
from pathlib import Path

import pytest

from bookgen.config import load_config
from bookgen.errors import BookgenError
from bookgen.progress import Ticking

PREVIOUS = b"%PDF-1.4 the book built before\n"


def _folder(folder: Path) -> dict[str, bytes | None]:
    return {str(path.relative_to(folder)): path.read_bytes() if path.is_file() else None
            for path in sorted(folder.rglob("*"))}


def _refused(run, folder: Path, *args: str) -> str:
    """Run a build or init that must be refused: status 2, one line on stderr, nothing on stdout,
    and the folder (with the output of a build before) as it was."""
    (folder / "out.pdf").write_bytes(PREVIOUS)
    before = _folder(folder)
    status, out, err = run(*args)
    assert status == 2 and out == "", err
    assert err.startswith("bookgen: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    assert _folder(folder) == before
    return err


def _build(folder: Path, section: str, extra: str = "") -> tuple[str, ...]:
    (folder / "book.yaml").write_text(f"title: Faults\n{extra}sections:\n  - {section}\n", encoding="utf-8")
    return ("build", str(folder / "book.yaml"), "-o", str(folder / "out.pdf"), "-q")


# --- the files the new types read: word lists, clue files, masks and pictures --------------------

FILE_OPTIONS = [  # type, option, file, the file in a wrong format, what its message says
    ("wordsearch", "words", "words.txt", b"CAT\nDOG HOUSE!\n", "words.txt:2: the word 'DOG HOUSE!'"),
    ("fillin", "words", "words.txt", b"TREE\n42\n", "words.txt:2: the word '42'"),
    ("scramble", "words", "words.txt", b"APPLE\nPEAR?\n", "words.txt:2: the word 'PEAR?'"),
    ("cryptogram", "quotes", "quotes.txt", b"Short | Me\n", "quotes.txt:1: the quotation"),
    ("crossword", "clues", "clues.txt", b"CAT a pet\n", "clues.txt:1: 'CAT a pet' is not a word"),
    ("crossword", "clues", "clues.csv", b"word,clue,more\nCAT,pet\n", "clues.csv:1:"),
    ("nonogram", "picture", "picture.txt", b"#?#\n", "picture.txt': line 1 of the mask holds '?'"),
    ("nonogram", "picture", "picture.png", b"GIF89a not a png", "picture.png': the picture is not a PNG"),
    ("hidato", "shape", "shape.txt", b"....\n", "shape.txt': the mask file marks no cell"),
    ("hidato", "shape", "shape.png", b"\x89PNG\r\n\x1a\n broken", "shape.png': the picture is not a PNG"),
    ("maze", "shape", "shape.txt", b"##..\n##..\n..##\n..##\n", "shape.txt': the shape's cells fall into 2"),
    ("maze", "shape", "shape.png", b"", "shape.png': the picture is not a PNG"),
]
TROUBLES = ("missing", "unreadable", "a folder", "not UTF-8", "empty", "wrong format")


def _trouble(path: Path, trouble: str, wrong: bytes, monkeypatch) -> str:
    """Make `path` the trouble; what its message says."""
    if trouble == "missing":
        return f"{str(path)!r}: no such file"
    if trouble == "a folder":
        path.mkdir()
        return f"{str(path)!r}: it is a folder, not a file"
    if trouble == "unreadable":  # tests run as root, whom mode 000 does not stop: the system's answer
        path.write_bytes(wrong)
        real_open = os.open

        def refuse(name, *args, **kwargs):
            if Path(name) == path:
                raise PermissionError(errno.EACCES, "Permission denied", str(name))
            return real_open(name, *args, **kwargs)

        monkeypatch.setattr(os, "open", refuse)
        return f"{str(path)!r}: cannot read it (permission denied)"
    if trouble == "not UTF-8":
        path.write_bytes(b"\xff\xfeCAT\n")
        if path.suffix == ".png":
            return f"{str(path)!r}: the picture is not a PNG file bookgen can read"
        return f"{str(path)!r}: it is not UTF-8 text (byte 1 is 0xff)"
    if trouble == "empty":
        path.write_bytes(b"")
        return f"{str(path)!r}: "
    path.write_bytes(wrong)
    return ""


@pytest.mark.parametrize("trouble", TROUBLES)
@pytest.mark.parametrize("type_name, option, file, wrong, said", FILE_OPTIONS,
                         ids=[f"{t}-{f}" for t, _, f, _, _ in FILE_OPTIONS])
def test_a_file_a_section_reads_is_named_with_what_is_wrong(run, tmp_path, monkeypatch, trouble,
                                                            type_name, option, file, wrong, said):
    expected = _trouble(tmp_path / file, trouble, wrong, monkeypatch) or said
    err = _refused(run, tmp_path, *_build(tmp_path, f"{{type: {type_name}, count: 1, difficulty: "
                                                    f"easy, {option}: {file}}}"))
    assert expected in err and file in err


def test_an_empty_file_says_it_holds_nothing(run, tmp_path):
    (tmp_path / "words.txt").write_text("# only a comment\n\n")
    err = _refused(run, tmp_path, *_build(tmp_path, "{type: wordsearch, count: 1, difficulty: easy, "
                                                    "words: words.txt}"))
    assert f"sections[0].words: {str(tmp_path / 'words.txt')!r}: the list of words is empty" in err


def _png_header(width: int, height: int) -> bytes:
    """A PNG that says it is width x height pixels and holds none (Pillow opens it by its header)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


def _png_cut_short() -> bytes:
    """The first half of a PNG of noise: its header reads, its pixels stop."""
    import io
    import random

    from PIL import Image

    image, noise = Image.new("L", (64, 64)), random.Random(1)
    image.putdata([noise.choice((0, 255)) for _ in range(64 * 64)])
    saved = io.BytesIO()
    image.save(saved, "PNG")
    return saved.getvalue()[:len(saved.getvalue()) // 2]


CLUES = "".join(f"{word}: {clue}\n" for word, clue in [
    ("CAT", "a pet that purrs"), ("DOG", "a pet that barks"), ("GOAT", "a horned one"),
    ("TOAD", "a warty one")])
QUOTE = "The only thing we have to fear is fear itself | "
SECTION = "{{type: {}, count: 1, difficulty: easy, {}: {}}}"
WORD_INPUTS = [  # a section's option and file, what the file holds, what the one line says
    ("crossword", "clues", "c.csv", b'word,clue\nCAT,a pet\nFOX,"sly one\nGNU,a beast\n',
     """c.csv:3: 'FOX,"sly one' is not a row of two columns, word and clue"""),
    ("crossword", "clues", "c.txt", (CLUES + "FOX: sly\0one\n").encode(),
     "c.txt:5: ' sly\\x00one' holds U+0000, an invisible control character"),
    ("crossword", "clues", "c.txt", (CLUES + "FOX: sly \u202eeno\n").encode(), "holds U+202E, an invisible"),
    ("crossword", "clues", "c.txt", (CLUES + "FOX: " + "very " * 40 + "\n").encode(),
     "c.txt:5: the clue of 'FOX' has 199 characters; a crossword prints at most 120"),
    ("crossword", "clues", "c.txt", (CLUES + "FOX: sly \U0001f98a\n").encode(),
     "sections[0].clues: the layout's fonts (DejaVuSans.ttf and its bold and italic) cannot draw "
     "'\U0001f98a'"),
    ("cryptogram", "quotes", "q.txt", (QUOTE + "x" * 100 + "\n").encode(),
     "q.txt:1: the author 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... has 100 characters; a cryptogram prints "
     "at most 80"),
    ("cryptogram", "quotes", "q.txt", (QUOTE + "Roosevelt\x1b\n").encode(), "holds U+001B, an invisible"),
    ("cryptogram", "quotes", "q.txt", (QUOTE + "Roosevelt | easy medium\n").encode(),
     "holds '|' 2 times; write one quotation a line, TEXT | AUTHOR"),
    ("cryptogram", "quotes", "'Know thyself. | Socrates'", None,
     "no such file (one string with a dot or a slash names a file; give the quotes themselves as a "
     "YAML list"),
    ("fillin", "words", "w.txt", b"APPLE\nGRAPE\nLEMON\nMANGO\napple\n", "the word APPLE is listed twice"),
    ("nonogram", "picture", "p.png", _png_header(60000, 60000),
     "p.png': the picture holds billions of pixels; at most 4096x4096"),
    ("maze", "shape", "p.png", _png_header(10000, 10000),  # Pillow warns of it: no second line
     "p.png': the picture is 10000x10000 pixels; at most 4096x4096"),
    ("wordsearch", "shape", "p.png", _png_cut_short(),
     "p.png': the picture is a damaged PNG (cut short, or its pixels broken): save it again"),
]


@pytest.mark.parametrize("type_name, option, file, content, said", WORD_INPUTS,
                         ids=[f"{t}-{said[:24]}" for t, _, _, _, said in WORD_INPUTS])
def test_the_new_types_words_clues_and_pictures_are_refused_in_one_line(run, tmp_path, type_name, option,
                                                                         file, content, said):
    if content is not None:
        (tmp_path / file).write_bytes(content)
    err = _refused(run, tmp_path, *_build(tmp_path, SECTION.format(type_name, option, file)))
    assert said in err


def test_a_word_written_with_a_combining_accent_is_the_letter_it_shows(tmp_path):
    """A file saved on a Mac writes É as E and U+0301: read as the one letter, not refused."""
    (tmp_path / "w.txt").write_text("CAFE\u0301\nHORSE\nMOUSE\n", encoding="utf-8")
    (tmp_path / "book.yaml").write_text("title: T\nlanguage: fr\nsections:\n  - {type: wordsearch, count: 1, "
                                        "difficulty: easy, words: w.txt}\n")
    assert load_config(tmp_path / "book.yaml").sections[0].request.options["words"][0] == "CAF\u00c9"


def test_a_message_names_a_long_option_on_one_short_line():
    from bookgen.puzzles import request_for

    said = request_for("crossword", "easy", {"clues": CLUES}).describe()
    assert said.startswith("crossword, easy, clues=CAT: a pet that purrs; DOG: a pet that barks; ")
    assert "\n" not in said and said.endswith("\u2026") and len(said) < 100
    # cut after a whole item, not mid-word (a teacher read "…,for…" for her list)
    words = request_for("scramble", "easy", {"words": "école,cahier,crayon,gomme,cartable,règle,"
                                                      "trousse,livre,stylo,goûter,noël,maîtresse",
                                             "language": "fr"}).describe()
    assert "livre,\u2026" in words and "stylo" not in words


@pytest.mark.parametrize("command", ["generate", "worksheet"])
def test_set_clues_at_a_file_reads_the_file(run, tmp_path, command):
    (tmp_path / "c.txt").write_text(CLUES + "FOX a sly one\n")
    err = _refused(run, tmp_path, command, "crossword", "--set", f"clues=@{tmp_path / 'c.txt'}",
                   *(["-o", str(tmp_path / "out.pdf")] if command == "worksheet" else []))
    assert f"{tmp_path / 'c.txt'}:5: 'FOX a sly one' is not a word and its clue" in err
    err = _refused(run, tmp_path, command, "crossword", "--set", f"clues=@{tmp_path / 'none.csv'}")
    assert f"{tmp_path / 'none.csv'}: --set clues: no such file" in err
    (tmp_path / "p.png").write_bytes(_png_header(60000, 60000))
    err = _refused(run, tmp_path, command, "wordsearch", "--set", f"shape=@{tmp_path / 'p.png'}")
    assert "shape: the picture holds billions of pixels" in err


@pytest.mark.parametrize("command", ["generate", "worksheet"])
def test_set_names_a_file_by_its_name_alone_as_a_config_does(run, tmp_path, command):
    """A words, clues or picture file named without @ is read too (a sheet of --set picture=p.png
    refused the file it named as 'not ... a .png file'); one that is not there is said to be
    missing, not to be a word of dots."""
    err = _refused(run, tmp_path, command, "scramble", "--set", f"words={tmp_path / 'none.txt'}")
    assert f"{tmp_path / 'none.txt'}: --set words: no such file" in err
    (tmp_path / "p.png").write_bytes(_png_header(60000, 60000))
    err = _refused(run, tmp_path, command, "nonogram", "--set", f"picture={tmp_path / 'p.png'}")
    assert "picture: the picture holds billions of pixels" in err


# --- a bank ---------------------------------------------------------------------------------------

def test_a_bank_section_may_set_its_language_but_no_type_option(tmp_path):
    """The loader fills in a type's `language` option itself: a bank section never set it (a
    word search from a bank was refused for it); the section's own `language:` is its page's."""
    (tmp_path / "bank.jsonl").write_text("")
    (tmp_path / "book.yaml").write_text("title: T\nsections:\n  - {type: wordsearch, count: 1, "
                                        "from: bank.jsonl, language: de}\n")
    assert load_config(tmp_path / "book.yaml").sections[0].language == "de"
    (tmp_path / "book.yaml").write_text("title: T\nsections:\n  - {type: wordsearch, count: 1, "
                                        "from: bank.jsonl, words: [CAT, DOG]}\n")
    with pytest.raises(BookgenError, match="sections\\[0\\].words: a section that takes puzzles 'from'"):
        load_config(tmp_path / "book.yaml")


SOLVED = [[(3 * r + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]  # a filled sudoku


def test_a_bank_sudoku_that_breaks_the_rules_is_refused_for_it_not_for_its_level(run, tmp_path,
                                                                                   monkeypatch):
    givens = [[value if (r + c) % 2 else 0 for c, value in enumerate(row)] for r, row in enumerate(SOLVED)]
    givens[0][0] = givens[0][1] = 5 if givens[0][1] != 5 else 6  # two of one number in row 1
    line = {"type": "sudoku", "id": "sudoku:easy::1.1", "difficulty": "easy", "rating": {"level": "easy"},
            "puzzle": {"variant": "classic", "givens": givens}, "solution": {"grid": SOLVED}}
    (tmp_path / "bank.jsonl").write_text(json.dumps(line) + "\n")
    status, out, err = run(*_build(tmp_path, "{type: sudoku, count: 1, from: bank.jsonl}"))
    assert status == 2 and "Traceback" not in err and "grades" not in err
    clash = (f"bank.jsonl:1: givens: {givens[0][0]} stands twice in row 1 among the givens: the puzzle "
             "has no answer")
    assert clash in err  # the clash named, as `bookgen solve` names it
    line.pop("solution")  # with no answer stored, none can be found: the same message, no KeyError
    (tmp_path / "bank.jsonl").write_text(json.dumps(line) + "\n")
    status, out, err = run(*_build(tmp_path, "{type: sudoku, count: 1, from: bank.jsonl}"))
    assert status == 2 and clash in err
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # said in German too
    status, out, err = run(*_build(tmp_path, "{type: sudoku, count: 1, from: bank.jsonl}"))
    assert status == 2 and "zweimal in Zeile 1" in err and "twice" not in err, err


@pytest.mark.parametrize("line, said", [
    ("".join(str(v) for row in SOLVED for v in row)[:-9] + "." * 9,
     "this is a sudoku in its one-line form, which 'bookgen solve' reads"),
    ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
     "not valid JSON: Extra data (column 3); a bank holds one puzzle a line, each a JSON object"),
    ("[1, 2]", "bank.jsonl:1: a bank holds one puzzle a line, each a JSON object as 'bookgen generate'"),
])
def test_a_line_that_is_not_a_bank_line_says_what_a_bank_holds(run, tmp_path, line, said):
    (tmp_path / "bank.jsonl").write_text(line + "\n")
    err = _refused(run, tmp_path, *_build(tmp_path, "{type: sudoku, count: 1, from: bank.jsonl}"))
    assert said in err


# --- texts, titles ------------------------------------------------------------------------------

COUNT_LINE = "<b>{count} puzzle</b>, checked, its answer at the back: {sections}"


@pytest.mark.parametrize("text, said", [
    ("<b>{count} x|<b>{count} xs", "'<b>{count} x' is not markup bookgen can print: <b> is not closed"),
    ("{count} x</b>|{count} xs", "</b> closes no <b>"),
    ("<b><i>{count}</b></i>|{count}", "<i> is not closed before </b>"),
    ("<img src='/etc/passwd'/>{count}|{count}", "<img src='/etc/passwd'/> is not a tag it prints"),
    ("<font name=Nowhere>{count}</font>|{count}", "is not a tag it prints"),
    ("{count} < {sections}|{count}", "a < starts no tag"),
    ("&#1114112;{count}|{count}", "&#1114112; is no character"),
])
def test_broken_markup_in_a_replaced_text_is_refused_naming_its_key(run, tmp_path, text, said):
    extra = f"formats: [pdf, cover]\ntexts:\n  {json.dumps(COUNT_LINE)}: {json.dumps(text)}\n"
    err = _refused(run, tmp_path, *_build(tmp_path, "{type: placement, count: 1, difficulty: easy}", extra))
    assert f"texts.{COUNT_LINE}: " in err and said in err and "its tags are <b>, <i>" in err


def test_markup_that_holds_is_read_and_a_plain_text_may_hold_any_sign(tmp_path):
    (tmp_path / "book.yaml").write_text(
        "title: T\ntexts:\n"
        f"  {json.dumps(COUNT_LINE)}: '<b>{{count}}</b> <i>x</i><br/>&amp; y|<b>{{count}}</b> {{sections}}'\n"
        "  \"back cover\\u0004{title} ({count})\": '<b>{count} & {title}'\n"
        "sections: [{type: placement, count: 1, difficulty: easy}]\n")
    assert "&amp;" in load_config(tmp_path / "book.yaml").texts[COUNT_LINE]


def test_the_back_cover_prints_a_plain_text_as_written(tmp_path):
    """A text that is not markup is escaped where the cover's paragraph takes it: "<b>" printed."""
    from bookgen.book import make_book
    from bookgen.render.cover import plan_cover

    (tmp_path / "book.yaml").write_text(
        "title: T\ntexts:\n  \"back cover\\u0004{title} ({count})\": '<b>{count} & {title}'\n"
        "sections: [{type: placement, count: 1, difficulty: easy, size: 4}]\n")
    plan = plan_cover(make_book(load_config(tmp_path / "book.yaml")), 24)
    assert any(block.text.endswith(": &lt;b&gt;1 &amp; Number Placement") for block in plan.texts)


def test_a_long_title_is_counted_without_its_quotes(run, tmp_path):
    (tmp_path / "book.yaml").write_text("title: " + "x" * 121 + "\nsections: [{type: placement, "
                                        "count: 1, difficulty: easy}]\n")
    err = _refused(run, tmp_path, "build", str(tmp_path / "book.yaml"), "-o", str(tmp_path / "out.pdf"))
    assert "(121 characters)" in err and "at most 120 characters" in err


# --- init -------------------------------------------------------------------------------------------

def _init_refused(run, folder: Path, *args: str) -> str:
    before = _folder(folder)
    status, out, err = run("init", *args)
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert _folder(folder) == before
    return err


def test_init_names_a_folder_it_cannot_use(run, tmp_path, monkeypatch):
    long = tmp_path / ("a" * 300)
    assert "FOLDER: cannot use the folder" in _init_refused(run, tmp_path, str(long))
    assert "file name too long" in _init_refused(run, tmp_path, str(long))
    # as a parent folder of mode 000 and a folder of mode 333 answer (root is not stopped by them)
    locked, unlisted = tmp_path / "locked", tmp_path / "unlisted"
    locked.mkdir()
    unlisted.mkdir()
    real_stat, real_iterdir = os.stat, Path.iterdir

    def stat(path, *args, **kwargs):
        if Path(path).parent == locked:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    def iterdir(self):
        if self == unlisted:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_iterdir(self)

    monkeypatch.setattr(os, "stat", stat)
    monkeypatch.setattr(Path, "iterdir", iterdir)
    err = _init_refused(run, tmp_path, str(locked / "book"))
    assert f"cannot use the folder {str(locked / 'book')!r}: permission denied" in err
    err = _init_refused(run, tmp_path, str(unlisted))
    assert f"cannot use the folder {str(unlisted)!r}: permission denied" in err


@pytest.mark.parametrize("levels", ["", " , "])
def test_init_refuses_levels_that_name_none(run, tmp_path, levels):
    err = _init_refused(run, tmp_path, str(tmp_path / "p"), "--levels", levels)
    assert "names no level; give levels from easy, medium," in err


# --- solve -------------------------------------------------------------------------------------------

def test_solve_says_why_it_gave_up_on_stderr_too(run, tmp_path):
    blank = {"type": "numbrix", "puzzle": {"grid": [[0] * 7 for _ in range(7)]}}
    (tmp_path / "blank.jsonl").write_text(json.dumps(blank) + "\n" + json.dumps(blank) + "\n")
    status, out, err = run("solve", str(tmp_path / "blank.jsonl"), "--count", "--budget", "0.2")
    assert status == 2 and len(out.splitlines()) == 2 and err.count("\n") == 1
    assert "2 puzzle lines could not be read or solved" in err
    assert "the first, " + str(tmp_path / "blank.jsonl") + ":1: gave up after 0.2 seconds" in err
    assert "--count counts every solution" in err


def test_a_long_solve_shows_its_time_and_budget_on_a_terminal_and_wipes_it():
    import io
    import time

    stream = io.StringIO()
    with Ticking("solving blank.jsonl:1", 60.0, enabled=True, stream=stream, after=0.01):
        time.sleep(0.1)
    shown = stream.getvalue()
    assert shown.startswith("\rsolving blank.jsonl:1: 0 s of the 60 s budget (--budget)")
    assert shown.endswith("\r") and shown.rstrip("\r").endswith(" ")  # wiped for what follows
    quiet = io.StringIO()
    with Ticking("solving", 60.0, enabled=True, stream=quiet, after=5.0):
        pass
    assert quiet.getvalue() == ""


def test_progress_and_ticking_speak_the_users_language(monkeypatch):
    import io
    import time

    from bookgen.progress import Progress

    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    stream = io.StringIO()
    progress = Progress(enabled=True, stream=stream)
    progress.start("Sudoku", 4)
    progress.first_started -= 1000.0  # 1 puzzle in 1000 s: 3 more take 3000 s (in German 3.000)
    progress.done = progress.all_done = 1
    progress.finish()
    assert re.search(r"Sudoku \[#####\.{15}\] 1/4, 0,0/s, noch 3\.0\d\d s", stream.getvalue())
    ticking = io.StringIO()
    with Ticking("löse blank.jsonl:1", 2.5, enabled=True, stream=ticking, after=0.01):
        time.sleep(0.1)
    assert ticking.getvalue().startswith("\rlöse blank.jsonl:1: 0 s von 2,5 s Zeitbudget (--budget)")


# --- every mistake of a file or a section in one run (review: a publisher's six took five runs) ----

def _problems(config: Path) -> list[str]:
    """Each line a refused config's build would print after 'error:'."""
    with pytest.raises(BookgenError) as refused:
        load_config(config)
    return [str(each) for each in getattr(refused.value, "refusals", (refused.value,))]


def test_every_bad_line_of_a_clues_file_is_named_at_once_at_its_line(tmp_path):
    (tmp_path / "w.txt").write_text(
        "APFEL: Rundes Obst\nBIRNE Obst mit Stiel\nROTE BETE!: Rotes Gemüse\nAPFEL: Noch einmal\n"
        "DONAUDAMPFSCHIFFFAHRT: Ein langes Wort\nK2: Ein Berg\nKÄSE:\nMILCH: Weiß\nBROT: Gebacken\n",
        encoding="utf-8")
    (tmp_path / "book.yaml").write_text("title: T\nlanguage: de\nsections:\n  - {type: crossword, "
                                        "difficulty: easy, count: 1, clues: w.txt}\n", encoding="utf-8")
    said = _problems(tmp_path / "book.yaml")
    file = str(tmp_path / "w.txt")
    assert [line.split(": ", 1)[0] for line in said] == [f"{file}:{n}" for n in (2, 3, 4, 5, 6, 7)], said
    assert said[2] == f"{file}:4: the word APFEL is listed twice (first on line 1)"
    assert "'DONAUDAMPFSCHIFFFAHRT' has 21 letters" in said[3] and "'K2'" in said[4]


@pytest.mark.parametrize("type_name", ["wordsearch", "fillin", "scramble"])
def test_every_bad_line_of_a_words_file_is_named_at_once(tmp_path, type_name):
    (tmp_path / "w.txt").write_text("APPLE\nPEAR?\nLEMON\nMANGO\nGRAPE\napple\n42\nMELON\n", encoding="utf-8")
    (tmp_path / "book.yaml").write_text(f"title: T\nsections:\n  - {{type: {type_name}, difficulty: "
                                        "easy, count: 1, words: w.txt}\n", encoding="utf-8")
    said = _problems(tmp_path / "book.yaml")
    file = str(tmp_path / "w.txt")
    assert [line.split(": ", 1)[0] for line in said] == [f"{file}:{n}" for n in (2, 6, 7)], said
    assert said[1] == f"{file}:6: the word APPLE is listed twice (first on line 1)"


def test_a_bad_clues_file_is_said_in_the_configs_order_and_the_section_read_on(tmp_path):
    (tmp_path / "w.txt").write_text("SUN: It shines\nMOON\n", encoding="utf-8")
    (tmp_path / "book.yaml").write_text(
        "title: T\nlanguage: klingon\nsections:\n  - {type: crossword, difficulty: easy, count: 1, "
        "clues: w.txt, size: 99}\n", encoding="utf-8")
    said = _problems(tmp_path / "book.yaml")
    assert [line.split(": ")[0].rsplit("/", 1)[-1] for line in said] == ["book.yaml:2", "w.txt:2",
                                                                         "book.yaml:4"], said
    assert "sections[0].size: 99 is not allowed" in said[2]


@pytest.mark.parametrize("written", ["woerter.text", "woerter", "Woerter.txt", "wörter.txt"])
def test_a_misspelt_clues_file_is_named_with_the_file_it_nearly_is(tmp_path, written):
    (tmp_path / "woerter.txt").write_text("SONNE: Sie scheint\nMOND: Nachts\nSTERN: Leuchtet\n",
                                          encoding="utf-8")
    (tmp_path / "book.yaml").write_text("title: T\nlanguage: de\nsections:\n  - {type: crossword, "
                                        f"difficulty: easy, count: 1, clues: {written}}}\n", encoding="utf-8")
    (said,) = _problems(tmp_path / "book.yaml")
    assert said.endswith(f"sections[0].clues: {str(tmp_path / written)!r}: no such file; did you mean "
                         "woerter.txt?"), said


def test_a_missing_words_file_is_named_with_the_file_it_nearly_is(tmp_path):
    (tmp_path / "tiere.txt").write_text("HUND\nKATZE\nMAUS\n", encoding="utf-8")
    (tmp_path / "book.yaml").write_text("title: T\nsections:\n  - {type: wordsearch, difficulty: easy, "
                                        "count: 1, words: Tiere.txt}\n", encoding="utf-8")
    (said,) = _problems(tmp_path / "book.yaml")
    assert said.endswith("no such file; did you mean tiere.txt?"), said


@pytest.mark.parametrize(("written", "code"), [("deutsch", "de"), ("español", "es"), ("Spanish", "es"),
                                               ("English", "en"), ("français", "fr"),
                                               ("Nederlands", "nl"), ("italiano", "it")])
def test_a_language_named_in_words_is_refused_naming_its_code(tmp_path, written, code):
    (tmp_path / "book.yaml").write_text(f"title: T\nlanguage: {written}\nsections:\n  - {{type: "
                                        f"crossword, difficulty: easy, count: 1, language: {written}}}\n",
                                        encoding="utf-8")
    said = _problems(tmp_path / "book.yaml")
    assert len(said) == 2 and all(f"{written!r} is not allowed; did you mean {code!r}?" in line
                                  for line in said), said


def test_a_difficulty_that_is_no_level_is_refused_with_the_types_own_levels_and_the_size_with_it(tmp_path):
    (tmp_path / "book.yaml").write_text(
        "title: T\nsections:\n  - {type: kakuro, difficulty: impossible, size: 99, count: 1}\n"
        "  - {type: crossword, difficulty: master, count: 1, word_count: 99}\n", encoding="utf-8")
    said = _problems(tmp_path / "book.yaml")
    assert said[0].endswith("sections[0].difficulty: 'impossible' is not allowed; 'difficulty' takes "
                            "one of easy, medium, hard, expert"), said
    assert "sections[0].size: 99 is not allowed" in said[1]
    assert "crossword puzzles are never master" in said[2] and "sections[1].word_count: 99" in said[3]
    assert len(said) == 4
