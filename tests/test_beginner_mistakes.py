"""The config and word-file mistakes a first-time user makes (a parent, a teacher): each gets one
message that says what to write instead, in the user's language, exit status 2."""

from __future__ import annotations

import pytest

SECTION = "  - type: sudoku\n    count: 2\n    difficulty: easy\n"


@pytest.mark.parametrize("text, expected", [
    ("title: Puzzles: for kids\nsections:\n" + SECTION,
     ["book.yaml:1:", "holds ': '", 'put the value in quotes: title: "Puzzles: for kids"']),
    ("title: T\nsubtitle: 'Sam's puzzles'\nsections:\n" + SECTION,
     ["book.yaml:2:", "apostrophe", 'use double quotes: subtitle: "Sam\'s puzzles"']),
    ("title: T\nsections:\n  - type: sudoku\n    count: 2\n     difficulty: easy\n",
     ["book.yaml:5:", "indented more than the line above; line 'difficulty:' up with 'count:'"]),
    ("title: T\nsections:\n  - type maze\n    count: 2\n    difficulty: easy\n",
     ["book.yaml:3:", "'- type maze' has no colon after its key; write - type: maze"]),
    ("title: T\nsections:\n  - type maze\n", ["book.yaml:3:", "write type: maze"]),
    ("", ["the file is empty: a book needs at least title: and sections:"]),
    ("# my first book\n", ["the file is empty"]),
    ('title: T\nlayout: "C:\\Users\\Mum\\trim.yaml"\nsections:\n' + SECTION,
     ["book.yaml:2:", "a backslash in double quotes starts an escape", "forward slashes"]),
    ("title: T\nlayout: 'C:\\Users\\Mum\\trim.yaml'\nsections:\n" + SECTION,
     ["no layout file 'C:\\Users\\Mum\\trim.yaml': bookgen looked for ", "book.yaml"]),
    ("title: T\nsections:\n  - type: maze\n    count: 2\n    difficulty: easy\n  - type: sudoku\n"
     "count: 5\ndifficulty: easy\n",
     ["book.yaml:7:", "'count' and 'difficulty' look like they belong to the section above; "
      "indent them to line up with 'type:'"]),
    ("title: T\nsections:\n" + SECTION.replace("count: 2", 'count: "5"'),
     ["sections[0].count", "'5' is in quotes, which makes it text; write 5 without quotes"]),
    ("title: T\ncontents: 'false'\nsections:\n" + SECTION, ["write false without quotes"]),
    ("title: T\nsections:\n  - type: wordsearch\n    count: 1\n    difficulty: easy\n"
     "    words: [Mia's, ice cream, unicorn, dinosaur, no, yes, 12, Sam]\n",
     ["sections[0].words", "items 5 and 6 (false, true) were read as true or false", "put them in quotes",
      "item 7 (12) is a number"]),
    ("title: T\nlayout: A4\nsections:\n" + SECTION, ["unknown layout 'A4'; did you mean 'a4'?"]),
    ("title: T\nprofile: kdp\nsections:\n" + SECTION,
     ["'kdp' is not allowed; did you mean 'print-on-demand'?"]),
    ("title: T\nformats: pdf, cover\nsections:\n" + SECTION, ["a list in brackets: [pdf, cover]"]),
    ("title: T\nsections:\n  - type: sudoku\n    count:\t2\n    difficulty: easy\n",
     ["book.yaml:4:", "a tab after the colon"]),
])
def test_a_beginners_mistake_says_what_to_write(run, tmp_path, text, expected):
    path = tmp_path / "book.yaml"
    path.write_text(text, encoding="utf-8")
    status, _out, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    for fragment in expected:
        assert fragment in err, err


def test_the_same_mistakes_are_said_in_the_users_language(run, tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr")
    path = tmp_path / "book.yaml"
    path.write_text("title: Puzzles: for kids\nsections:\n" + SECTION, encoding="utf-8")
    status, _out, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "mettez la valeur entre guillemets\u00a0: title: \"Puzzles: for kids\"" in err, err


@pytest.mark.parametrize("lines, said", [
    ("CHAT: un animal\nTABLEAU:\n",
     "mots.txt:2: il manque à 'TABLEAU:' la définition après les deux-points"),
    ("CHAT: un animal\nFRÈRE\n",
     "'FRÈRE' n’est pas un mot suivi de sa définition\u00a0; écrivez MOT: définition"),
    ("CHAT: un animal\nANTICONSTITUTIONNELLEMENT: long\n", "le mot 'ANTICONSTITUTIONNELLEMENT' a 25 lettres"),
    ("ÉLÈVE: il apprend\nCHAT: un animal\nélève: encore\nMAISON: on y habite\n",
     "le mot ÉLÈVE figure deux fois"),
])
def test_a_sheets_word_file_is_refused_in_the_sheets_language(run, tmp_path, monkeypatch, lines, said):
    """A French teacher's `-L fr` sheet named the mistakes of her word file in English: the file
    is read speaking the sheet's language, and a word is named as she typed it (ÉLÈVE, not ELEVE)."""
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LANG", "C")
    (tmp_path / "mots.txt").write_text(lines, encoding="utf-8")
    status, _out, err = run("worksheet", "crossword", "--set", f"clues={tmp_path / 'mots.txt'}", "-L", "fr",
                            "-o", str(tmp_path / "out.pdf"))
    assert status == 2 and said in err, err
