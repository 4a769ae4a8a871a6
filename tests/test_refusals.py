"""Refusals in the user's language: no type, option check or loader refusal is written in English
only, and one of each type's reaches a German user through the command line (#43)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bookgen

PACKAGE = Path(bookgen.__file__).parent
SCANNED = sorted({*PACKAGE.glob("puzzles/**/*.py"), PACKAGE / "config.py",
                  *(PACKAGE / "core" / name for name in ("options.py", "masks.py", "wordgrid.py",
                                                         "hamilton.py"))}
                 - {*PACKAGE.glob("puzzles/*/checking.py"), PACKAGE / "puzzles/cryptogram/levels.py"})
"""Where a user's book, sheet or command is refused: the types (but the checks of a puzzle JSON
that `bookgen solve` reads, and the cryptogram's maintainer script), the loader, the options'
parsing and the shared mask and grid engines whose refusals the types pass on."""
PROGRAMMER_ERRORS = {"AssertionError", "AttributeError", "NotImplementedError", "TypeError", "ValueError"}


def _english(node: ast.expr) -> bool:
    """Whether a message is written out in the code (a literal, an f-string, a literal's
    .format or a sum of them) rather than taken from a catalog (`_`, `ngettext`, `pgettext`)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and any(char.isalpha() for char in node.value)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _english(node.left) or _english(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _english(node.func.value)
    return False


def _english_refusals(tree: ast.AST) -> list[int]:
    """The lines of `raise SomeError(MESSAGE)`, `raise source.error(PATH, MESSAGE)` and an option
    check's `return MESSAGE` (a function named check_* or *_problem) whose message is English."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            called = node.exc.func
            name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
            if name not in PROGRAMMER_ERRORS and any(map(_english, node.exc.args)):
                lines.append(node.lineno)
        if isinstance(node, ast.FunctionDef) and (node.name.startswith("check_")
                                                  or node.name.endswith("_problem")):
            lines += [inner.lineno for inner in ast.walk(node) if isinstance(inner, ast.Return)
                      and inner.value is not None and _english(inner.value)]
    return lines


def test_no_refusal_is_written_in_english_only():
    """A new refusal written as an English literal would meet a German teacher in English: each
    goes through `_` (or `ngettext`) and so into the catalogs, which the language tests keep full."""
    found = [f"{path.relative_to(PACKAGE)}:{line}" for path in SCANNED
             for line in _english_refusals(ast.parse(path.read_text(encoding="utf-8")))]
    assert found == [], f"refusals in English only (wrap them in _(...)): {found}"


def test_the_scan_finds_an_english_refusal():
    sample = ast.parse('def check_x(v):\n    if v:\n        return f"{v} is wrong"\n'
                       'raise BookgenError("no such thing")\nraise source.error(path, "bad " + key)\n'
                       'raise BookgenError(_("fine {x}").format(x=1))\nraise ValueError("internal")\n')
    assert _english_refusals(sample) == [3, 4, 5]


GERMAN = [  # one refusal of each type whose refusals were English until #43, as a German user reads it
    (("generate", "sudoku", "-d", "hard", "--set", "size=4"), "ein 4x4-Sudoku hat nie die Stufe schwer"),
    (("generate", "hidato", "--set", "shape=foo"), "ist weder eine eingebaute Form"),
    (("generate", "crossword", "--set", "clues=a:b,cd:e"), "das Wort 'a' hat nicht 2 bis 17 Buchstaben"),
    (("generate", "fillin", "--set", "words=cat,dog,xyz,cow"),
     "das Wort 'XYZ' hat mit keinem anderen Wort einen Buchstaben gemeinsam"),
    (("generate", "scramble", "--set", "words=ab1"), "enthält ein Zeichen, das kein Buchstabe ist"),
    (("generate", "cryptogram", "--set", "quotes=Kurz | Autor"), "hat weniger als 12 Buchstaben"),
    (("generate", "arithmetic", "--set", "operators=+%"), "'%' ist kein Rechenzeichen"),
    (("generate", "nonogram", "--set", "picture=foo"), "picture 'foo' ist weder eine eingebaute Form"),
    (("generate", "maze", "--set", "grid=hex", "--set", "shape=heart"),
     "das Gitter dieses Abschnitts ist hex"),
    (("generate", "wordsearch", "--set", "words=cat,category"), "'CAT' ist ein Teil von 'CATEGORY'"),
    (("generate", "maze", "-d", "master"), "maze gibt es nie in der Stufe master"),
    (("worksheet", "hidato", "--set", "shape=##./.##", "--set", "size=5", "-o", "sheet.pdf"),
     "die Formmaske ist 2x3, aber size verlangt 5x5"),
]


@pytest.mark.parametrize(("argv", "said"), GERMAN, ids=[" ".join(argv[:2]) for argv, _ in GERMAN])
def test_a_types_refusal_reaches_a_german_user_in_german(run, monkeypatch, tmp_path, argv, said):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.chdir(tmp_path)
    status, out, err = run(*argv)
    assert status == 2 and out == "" and said in err, err
    assert not (tmp_path / "sheet.pdf").exists()


def test_the_loaders_refusal_of_a_section_without_difficulty_is_german(run, monkeypatch, tmp_path):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    config = tmp_path / "book.yaml"
    config.write_text("title: T\nsections:\n  - {type: maze, count: 2}\n", encoding="utf-8")
    status, _, err = run("build", str(config), "-o", str(tmp_path))
    assert status == 2 and "ein Abschnitt braucht 'difficulty' (eines von easy" in err, err
