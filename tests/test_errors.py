"""Every kind of bad input: one clear message naming file, line and key; status 2; no output."""

from __future__ import annotations

import json

import pytest

BASE = """
title: Test book
layout: letter
seed: 3
sections:
  - type: placement
    count: 2
    difficulty: easy
"""


@pytest.mark.parametrize("text, expected", [
    (BASE + "    colour: red\n", ["book.yaml:8", "sections[0].colour", "unknown key"]),
    (BASE.replace("difficulty: easy", "dificulty: easy"),
     ["book.yaml:7", "did you mean 'difficulty'"]),
    (BASE.replace("count: 2", "count: two"), ["book.yaml:6", "sections[0].count", "1 to 1000"]),
    (BASE.replace("count: 2", "count: 0"), ["sections[0].count", "1 to 1000"]),
    (BASE.replace("type: placement", "type: slitherlink"),
     ["book.yaml:5", "unknown puzzle type 'slitherlink'"]),
    (BASE.replace("difficulty: easy", "difficulty: fiendish"), ["sections[0].difficulty", "easy"]),
    (BASE.replace("difficulty: easy", "difficulty: master"),
     ["book.yaml:7", "sections[0].difficulty", "placement puzzles are never master", "with master: sudoku"]),
    (BASE.replace("difficulty: easy", "difficulty: master\n    from: bank.jsonl"),  # before the bank is read
     ["book.yaml:7", "sections[0].difficulty", "placement puzzles are never master"]),
    (BASE + "    size: 40\n", ["book.yaml:8", "sections[0].size", "3 to 12"]),
    (BASE + "    size: 12\n", ["sections[0]", "no easy placement puzzle"]),
    *((BASE + f"    seed: {bad}\n", ["book.yaml:8", "sections[0].seed", "1 to 1000000"])
      for bad in ("0", "-2", "true", "two", "1.5", "1000001")),
    (BASE.replace("difficulty: easy", "from: bank.jsonl\n    seed: 2"),  # a bank makes no puzzles
     ["book.yaml:8", "sections[0].seed", "from' a bank makes none"]),
    (BASE.replace("layout: letter", "layout: tabloid"), ["book.yaml:2", "unknown layout 'tabloid'"]),
    (BASE.replace("title: Test book\n", ""), ["the book needs 'title'"]),
    (BASE.replace("seed: 3", "seed: 3\nseed: 4"), ["book.yaml:4", "seed", "twice"]),
    ("title: T\nsections: []\n", ["book.yaml:2", "sections", "at least one section"]),
    ("title: [unclosed\n", ["book.yaml:", "YAML syntax error", "column"]),
    ("- just\n- a list\n", ["the book must be a mapping"]),
    (BASE + "answers: sideways\n", ["book.yaml:8", "answers", "back, separate, none"]),
])
def test_bad_config_gets_one_clear_error(write_config, run, tmp_path, text, expected):
    path = write_config(text)
    target = tmp_path / "out.pdf"
    status, out, err = run("build", str(path), "-o", str(target), "-q")
    assert status == 2
    assert err.startswith("bookgen: error: ") and err.count("\n") == 1
    assert "Traceback" not in err
    for fragment in expected:
        assert fragment in err
    assert not target.exists()
    assert list(tmp_path.glob("*.part")) == []


def test_missing_config_file(run, tmp_path):
    status, _, err = run("build", str(tmp_path / "nope.yaml"))
    assert status == 2 and "nope.yaml: no such file" in err


def test_output_in_a_missing_folder(write_config, run, tmp_path):
    status, _, err = run("build", str(write_config(BASE)), "-o", str(tmp_path / "no" / "b.pdf"))
    assert status == 2 and "does not exist" in err


@pytest.mark.parametrize("asked, meant", [("kreuzwort", "crossword"), ("crucigrama", "crossword"),
                                           ("Labyrinth", "maze"), ("sopa", "wordsearch")])
def test_a_type_asked_for_by_its_title_in_a_book_language_is_named(run, asked, meant):
    """A German teacher's 'kreuzwort' was "unknown" with no hint: a word that a type's title in
    any of the book languages is, or begins, names that type, ahead of a type name it looks
    like (a Spanish 'crucigrama' is a crossword, not a cryptogram)."""
    status, _, err = run("worksheet", asked, "-o", "unused.pdf")
    assert status == 2 and f"unknown puzzle type {asked!r}; did you mean {meant!r}?" in err, err


def test_a_level_written_in_a_book_language_is_named_in_english(run, write_config, tmp_path):
    """A German teacher writes the level the sheet prints ('leicht'), a Spanish one 'Fácil': the
    config and -d name the English word they take."""
    config = write_config("""
        title: T
        sections:
          - {type: crossword, count: 2, difficulty: leicht}
          - {type: kakuro, count: 2, difficulty: Fácil}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "b.pdf"))
    assert status == 2 and err.count("did you mean 'easy'?") == 2, err
    status, _, err = run("worksheet", "kakuro", "-d", "difficile", "-o", str(tmp_path / "w.pdf"))
    assert status == 2 and "did you mean 'hard'?" in err, err


def test_unknown_type_and_bad_option_for_generate(run):
    status, _, err = run("generate", "kenken")
    assert status == 2 and "did you mean" not in err and "unknown puzzle type" in err
    status, _, err = run("generate", "placement", "--set", "size=99")
    assert status == 2 and "size" in err and "3 to 12" in err
    status, _, err = run("generate", "placement", "--set", "colour=red")
    assert status == 2 and "unknown option of placement 'colour'" in err
    status, _, err = run("generate", "placement", "--difficulty", "impossible")
    assert status == 2 and "easy, medium, hard, expert" in err


@pytest.mark.parametrize("line, expected", [
    ("{not json", "puzzles.jsonl:2: not valid JSON"),
    ('{"type": "placement"}', "puzzles.jsonl:2: missing key 'puzzle'"),
    ('{"type": "chess", "puzzle": {}}', "unknown puzzle type 'chess'"),
    ('{"type": "placement", "puzzle": {"signs": ["<"], "numbers": ["1"]}}', "one number more"),
    ("[1, 2]", "must be a JSON object"),
])
def test_bad_puzzle_file_for_solve(run, tmp_path, line, expected):
    good = '{"type": "placement", "puzzle": {"signs": ["<"], "numbers": ["1", "2"]}}'
    path = tmp_path / "puzzles.jsonl"
    path.write_text(good + "\n" + line + "\n")
    status, out, err = run("solve", str(path))
    assert status == 2 and "puzzles.jsonl:2" in err and "Traceback" not in err
    first, second = [json.loads(result) for result in out.splitlines()]
    assert first["solutions"] == 1  # the good line is still solved
    assert second["line"] == 2 and expected in second["error"]


def test_a_key_by_another_tools_name_is_named_by_bookgens(run, write_config, tmp_path):
    """A publisher writes the print service's `trim: 6x9`, a teacher `level: easy`: each is
    refused naming bookgen's key, which no slip of spelling finds."""
    config = write_config("""
        title: T
        trim: 6x9
        sections:
          - {type: sudoku, count: 1, level: easy}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "b.pdf"))
    assert status == 2, err
    assert "unknown key in the book 'trim'; did you mean 'layout'?" in err
    assert "unknown key in a section 'level'; did you mean 'difficulty'?" in err


def test_options_nested_in_a_block_are_refused_saying_where_they_go(run, write_config, tmp_path):
    """Many tools nest a puzzle's options (`options: {variant: killer}`); the refusal read "unknown
    key in a section 'options'", as if the section were called so. It names the key and says
    that a type's options go beside type: and difficulty:, naming the one the block holds."""
    config = write_config("""
        title: T
        sections:
          - {type: sudoku, count: 1, difficulty: hard, options: {variant: killer}}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "b.pdf"))
    assert status == 2 and "Traceback" not in err
    assert ("unknown key 'options' in a section: a type's options, such as variant:, go beside "
            "type: and difficulty:") in err
