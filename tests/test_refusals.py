"""Refusals in the user's language: no type, option check or loader refusal is written in English
only, and one of each type's reaches a German user through the command line (#43); so do a
title's, an ISBN's and a name line's faults, a puzzle that cannot be made once the work has
started (in the worker processes), YAML, file, output and flag errors, and `bookgen solve`'s
reading of its lines."""

from __future__ import annotations

import ast
import errno
import json
import os
from pathlib import Path

import pytest

import bookgen

PACKAGE = Path(bookgen.__file__).parent
VALUE_READERS = {PACKAGE / "fields.py", PACKAGE / "inputs.py"}
"""Files whose ValueError carries a user's message (a config value's reader says why it fails)."""
SCANNED = sorted({*PACKAGE.glob("puzzles/**/*.py"), PACKAGE / "config.py",
                  *(PACKAGE / "core" / name for name in ("options.py", "masks.py", "wordgrid.py",
                                                         "hamilton.py", "triangle.py", "exprs.py")),
                  *VALUE_READERS,
                  *(PACKAGE / name for name in ("yamlsource.py", "atomic.py", "making.py", "cli.py",
                                                "book.py", "cluster.py", "seeds.py", "init.py")),
                  *PACKAGE.glob("render/*.py"), *PACKAGE.glob("formats/*.py")}
                 - {PACKAGE / "puzzles/cryptogram/levels.py"})
"""Where a user's book, sheet or command is refused: the types (but the cryptogram's maintainer
script), with the checks of a puzzle JSON that `bookgen solve` reads and of a bank puzzle's
answer (each type's `check`, and the expressions Make the Number reads), the loader, the fields' and
the options' parsing, the shared mask, grid and triangle engines whose refusals the types pass
on, the files and YAML read, the outputs written, the command line and the making of puzzles;
`bookgen init`'s refusals, and the page's: a section too large for its trim, a piece that fits no
page, a cover's text too long, fonts, print-on-demand page counts, previews, formats."""
PROGRAMMER_ERRORS = {"AssertionError", "AttributeError", "NotImplementedError", "TypeError", "ValueError",
                     "Contradiction"}  # a grader's trial ending, its kind a tag: never a message


def _english(node: ast.expr) -> bool:
    """Whether a message is written out in the code (a literal, an f-string, a literal's
    .format or a sum of them) rather than taken from a catalog (`_`, `ngettext`, `pgettext`)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and any(char.isalpha() for char in node.value)
    if isinstance(node, ast.JoinedStr):  # f"{where}: {error}" puts no words of its own
        return any(isinstance(part, ast.Constant) and _english(part) for part in node.values)
    if isinstance(node, ast.BinOp):
        return _english(node.left) or _english(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _english(node.func.value)
    if isinstance(node, ast.IfExp):
        return _english(node.body) or _english(node.orelse)
    return False


def _listed(node: ast.expr | None) -> list[ast.expr]:
    """The texts a list of problems is made of: a list's items, a comprehension's item, both sides
    of a sum of lists; anything else as one text."""
    if isinstance(node, ast.List):
        return node.elts
    if isinstance(node, (ast.ListComp, ast.GeneratorExp)):
        return [node.elt]
    if isinstance(node, ast.BinOp):
        return _listed(node.left) + _listed(node.right)
    return [] if node is None else [node]


def _english_problems(function: ast.FunctionDef) -> list[int]:
    """The lines where a type's `check` (or a `*_problems` helper it calls) lists a problem of a
    puzzle's answer in English: returned, appended, extended or added to a list."""
    lines = []
    for inner in ast.walk(function):
        if isinstance(inner, ast.Return):
            texts = _listed(inner.value)
        elif isinstance(inner, (ast.Assign, ast.AugAssign)):
            texts = _listed(inner.value)
        elif (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute)
              and inner.func.attr in ("append", "extend")):
            texts = [text for arg in inner.args for text in _listed(arg)]
        else:
            continue
        lines += [inner.lineno for text in texts if _english(text)][:1]
    return lines


def _returned(value: ast.expr) -> list[ast.expr]:
    """What a return gives back: a tuple's items (a message beside what it is about), else it."""
    return value.elts if isinstance(value, ast.Tuple) else [value]


def _english_refusals(tree: ast.AST, value_errors: bool = False) -> list[int]:
    """The lines of `raise SomeError(MESSAGE)`, `raise source.error(PATH, MESSAGE)`, an option
    check's `return MESSAGE` (a function named check_*, too_few_* or *_problem: a count the
    loader refuses up front) and a generator's
    `make_at_level(..., failure=MESSAGE)` whose message is English; `value_errors`: a ValueError's
    message is a user's too."""
    lines = []
    programmer = PROGRAMMER_ERRORS - ({"ValueError"} if value_errors else set())
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            called = node.exc.func
            name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
            if name not in programmer and any(map(_english, node.exc.args)):
                lines.append(node.lineno)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "make_at_level":
            failure = [k.value for k in node.keywords if k.arg == "failure"] + node.args[5:6]
            if any(map(_english, failure)):
                lines.append(node.lineno)
        if isinstance(node, ast.FunctionDef) and (node.name.startswith(("check_", "too_few_"))
                                                  or node.name.endswith("_problem")):
            lines += [inner.lineno for inner in ast.walk(node) if isinstance(inner, ast.Return)
                      and inner.value is not None and any(map(_english, _returned(inner.value)))]
        if isinstance(node, ast.FunctionDef) and (node.name == "check" or node.name.endswith("_problems")):
            lines += _english_problems(node)
    return lines


def test_no_refusal_is_written_in_english_only():
    """A new refusal written as an English literal would meet a German teacher in English: each
    goes through `_` (or `ngettext`) and so into the catalogs, which the language tests keep full."""
    found = [f"{path.relative_to(PACKAGE)}:{line}" for path in SCANNED
             for line in _english_refusals(ast.parse(path.read_text(encoding="utf-8")),
                                           value_errors=path in VALUE_READERS)]
    assert found == [], f"refusals in English only (wrap them in _(...)): {found}"


def test_the_scan_finds_an_english_refusal():
    sample = ast.parse('def check_x(v):\n    if v:\n        return f"{v} is wrong"\n'
                       'raise BookgenError("no such thing")\nraise source.error(path, "bad " + key)\n'
                       'raise BookgenError(_("fine {x}").format(x=1))\nraise ValueError("internal")\n'
                       'raise BookgenError(f"{where}: {error}")\n'
                       'make_at_level(level, 9, fill, reduce, rate, f"no {level} grid")\n'
                       'make_at_level(level, 9, fill, reduce, rate, failure=_("no {level} grid"))\n')
    assert _english_refusals(sample) == [3, 4, 5, 9]
    assert _english_refusals(sample, value_errors=True) == [3, 4, 5, 7, 9]


def test_the_scan_finds_an_answers_problem_in_english():
    sample = ast.parse('def check(puzzle, solution):\n'
                       '    if not solution:\n        return ["the answer is empty"]\n'
                       '    problems = [f"row {r} is wrong" for r in puzzle]\n'
                       '    problems.append(f"{solution} is not {puzzle}")\n'
                       '    problems.extend(_("{w} is fine").format(w=w) for w in solution)\n'
                       '    problems += ["a" if solution else "b"]\n'
                       '    problems.append(_("box {n}").format(n=1) if solution else "row")\n'
                       '    return problems + [_("kept {x}").format(x=1)]\n'
                       'def cage_problems(grid):\n    return [f"cage {grid} is wrong"]\n'
                       'def cages(grid):\n    return [f"not a check: {grid}"]\n')
    assert sorted(_english_refusals(sample)) == [3, 4, 5, 7, 8, 11]


GERMAN = [  # one refusal of each type whose refusals were English until #43, as a German user reads it
    (("generate", "sudoku", "-d", "hard", "--set", "size=4"), "ein 4x4-Sudoku hat nie die Stufe schwer"),
    (("generate", "hidato", "--set", "shape=foo"), "ist weder eine eingebaute Form"),
    (("generate", "crossword", "--set", "clues=a:b,cd:e"), "das Wort 'a' hat 1 Buchstaben; die Wörter eines "
     "Kreuzworträtsels haben 2 bis 17: kürze es oder lass es weg"),
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
    (("generate", "pyramid", "-d", "expert", "-n", "3"),  # English until this round
     "es gibt nur 1 Lösung für pyramid, expert, verlangt sind 3 (ein Buch wiederholt keine Lösung"),
    (("generate", "pyramid", "-d", "easy", "-n", "60", "--set", "rows=3"),
     "es gibt nur 55 verschiedene Rätsel für pyramid, easy, rows=3, verlangt sind 60"),
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


def _speaking(monkeypatch, locale: str) -> None:
    """The environment of a user whose language is `locale` (as a terminal sets it)."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", locale)


BAD_ISBN = "title: T\nisbn: 978-3-16-148410-1\nsections:\n  - {type: maze, count: 2, difficulty: easy}\n"
GOOD = "title: T\nsections:\n  - {type: maze, count: 2, difficulty: easy}\n"
BAD_YAML = "title: T\nsections:\n  - type: maze\n  count: 2\n"
TOO_LARGE = ("title: T\nlayout: 5x8\nlarge_print: true\nseed: look\nsections:\n"
             "  - {type: placement, count: 1, difficulty: expert}\n")
FILL_IN = ("generate", "fillin", "-d", "hard", "--set", "words=cat,tac,act,cta", "-j", "2", "-q")
"""A fill-in that cannot be made at its level, known only after its worker tried 120 times."""

BEYOND_THE_TYPES = [  # (what, command, config written first, German, French)
    ("an ISBN", ("build", "book.yaml"), BAD_ISBN,
     "ihre letzte Ziffer, die Prüfziffer, ist 1, die übrigen Ziffern ergeben aber 0",
     "son dernier chiffre, la clé de contrôle, est 1 alors que les autres chiffres donnent 0"),
    ("a title", ("worksheet", "maze", "--title", "a\tb"), None,
     "(er enthält das Steuerzeichen U+0009, das nicht gedruckt wird); ein Titel ist Text",
     "(il contient le caractère de contrôle U+0009, qui ne s’imprime pas)\u00a0; un titre est un texte"),
    ("a worker's failure", FILL_IN, None,
     "in 120 Versuchen entstand kein Einsetzrätsel der Stufe schwer",
     "aucune grille de mots casés de niveau difficile en 120 essais"),
    ("YAML syntax", ("build", "book.yaml"), BAD_YAML, "book.yaml:4: YAML-Syntaxfehler, Spalte 3:",
     "book.yaml:4: erreur de syntaxe YAML, colonne 3\u00a0:"),
    ("a missing config", ("build", "nothere.yaml"), None, "nothere.yaml: diese Datei gibt es nicht",
     "nothere.yaml: fichier introuvable"),
    ("a missing layout file", ("worksheet", "maze", "--layout", "./trim.yaml"), None,
     "layout: keine Layoutdatei './trim.yaml'", "layout: aucun fichier de mise en page './trim.yaml'"),
    ("an output folder", ("build", "book.yaml", "-o", "nowhere/book.pdf"), GOOD,
     "--output: der Ordner 'nowhere' existiert nicht", "--output: le dossier 'nowhere' n’existe pas"),
    ("an unknown flag", ("build", "--seeed", "3", "book.yaml"), None,
     "unbekannte Option '--seeed' für 'bookgen build'; meintest du '--seed'?",
     "option inconnue '--seeed' pour 'bookgen build'\u00a0; vouliez-vous dire '--seed'\u00a0?"),
    ("a flag's value", ("worksheet", "maze", "--count", "x"), None,
     "Argument --count/-n: ungültiger int-Wert: 'x'",
     "argument --count/-n\u00a0: valeur int non valide\u00a0: 'x'"),
    ("a flag's choice", ("build", "--language", "xx"), None,
     "ungültige Wahl: 'xx'", "choix non valide\u00a0: 'xx'"),
    ("a solve line", ("solve", "bank.jsonl"), None, "bank.jsonl:1: kein gültiges JSON:",
     "bank.jsonl:1: JSON non valide\u00a0:"),
    ("a section too large for its page", ("build", "book.yaml", "--workers", "1"), TOO_LARGE,
     "lassen sich auf der Seite 5 x 8 in paperback nicht in Großdruck drucken",
     "ne peuvent pas s’imprimer en gros caractères sur la page 5 x 8 in paperback"),
    ("a preview's pages", ("preview", "book.yaml", "--pages", "x"), GOOD,
     "--pages: 'x' ist keine Seitenliste wie 1,3-4", "--pages: 'x' n’est pas une liste de pages comme 1,3-4"),
    ("init's levels", ("init", "new", "--levels", "esay"), None,
     "'esay': gib Schwierigkeitsstufen aus easy", "'esay'\u00a0: indiquez des niveaux parmi easy"),
]


@pytest.mark.parametrize(("locale", "language"), [("de_DE.UTF-8", 0), ("fr_FR.UTF-8", 1)], ids=["de", "fr"])
@pytest.mark.parametrize(("what", "argv", "config", "german", "french"), BEYOND_THE_TYPES,
                         ids=[case[0] for case in BEYOND_THE_TYPES])
def test_a_refusal_beyond_the_types_is_said_in_the_users_language(
        run, monkeypatch, tmp_path, locale, language, what, argv, config, german, french):
    _speaking(monkeypatch, locale)
    monkeypatch.chdir(tmp_path)
    if config is not None:
        (tmp_path / "book.yaml").write_text(config, encoding="utf-8")
    (tmp_path / "bank.jsonl").write_text("not json\n", encoding="utf-8")
    status, _out, err = run(*argv)
    said = (german, french)[language]
    assert status == 2 and said in err and "Traceback" not in err, err
    assert not (tmp_path / "output").exists()


def test_a_mistyped_command_lines_usage_and_its_help_are_german(run, monkeypatch):
    _speaking(monkeypatch, "de_DE.UTF-8")
    status, out, err = run("worksheet")
    assert status == 2 and err.startswith("Aufruf: bookgen worksheet")
    assert "diese Argumente fehlen: type" in err
    status, out, _err = run("worksheet", "--help")
    assert status == 0 and out.startswith("Aufruf: bookgen worksheet") and "diese Hilfe zeigen" in out
    assert "wie viele Rätsel" in out and "\nBeispiele:\n" in out and "how many" not in out


def _help_texts(code: str) -> list[tuple[str, str, str]]:
    """Every text of `bookgen --help` and of each command's (a help line, a heading, the
    description, an example's comment) as (where, English, the language's)."""
    import argparse

    from bookgen.cli import COMMANDS, EXAMPLES, _Help, _parser
    from bookgen.i18n import _, speaking

    top = _parser()
    commands = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    found = []
    with speaking(code):
        for name, parser in [("bookgen", top), *commands.choices.items()]:
            helper = _Help(name)
            for action in [*parser._actions, *(commands._choices_actions if parser is top else ())]:
                if action.help:
                    found.append((f"{name} {action.dest}", action.help, helper._get_help_string(action)))
            found += [(f"{name} heading", group.title, _(group.title)) for group in parser._action_groups]
        found += [(f"{name} example", comment, _(comment)) for name in COMMANDS
                  for _command, comment in EXAMPLES[name] if comment]
        found += [("bookgen", top.description, _(top.description)), ("examples", "examples:", _("examples:"))]
    return found


@pytest.mark.parametrize("code", ["de", "fr", "es", "it", "nl"])
def test_every_commands_help_is_said_in_the_users_language(run, monkeypatch, code):
    """No help line, heading or example's comment of any command is left in English (#43): a new
    option whose help is not marked N_(...) fails here."""
    from bookgen.cli import COMMANDS

    english = [where for where, text, said in _help_texts(code) if said == text]
    assert english == [], f"--help texts left in English in {code}: {english}"
    _speaking(monkeypatch, f"{code}_XX.UTF-8")
    for argv in ([], *([name] for name in COMMANDS)):
        status, out, _err = run(*argv, "--help")
        assert status == 0 and "show this help" not in out and "usage:" not in out, (argv, out)


def test_english_refusals_read_as_before(run, monkeypatch, tmp_path):
    _speaking(monkeypatch, "C.UTF-8")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "book.yaml").write_text(BAD_ISBN, encoding="utf-8")
    status, _out, err = run("build", "book.yaml")
    assert status == 2 and ("its last digit, the check digit, is 1 where its other digits give 0: "
                            "a digit is mistyped") in err
    status, _out, err = run(*FILL_IN)
    assert status == 2 and "no hard fill-in came out of 120 tries for fillin" in err


@pytest.mark.parametrize(("locale", "line", "said"), [
    ("de_DE.UTF-8", '{"type": "sudoku", "puzzle": {"variant": "zigzag", "givens": []}}',
     "bank.jsonl:1: variant: unbekannte Variante 'zigzag'; nimm eine von classic"),
    ("fr_FR.UTF-8", '{"type": "sudoku", "puzzle": {"variant": "zigzag", "givens": []}}',
     "bank.jsonl:1: variant: variante inconnue 'zigzag'\u00a0; utilisez l'une de classic"),
    ("de_DE.UTF-8", "1234.", "bank.jsonl:1: ein einzeiliges Sudoku hat 81, 36 oder 16 Zeichen"),
    ("nl_NL.UTF-8", '{"type": "maze", "puzzle": {}}', "bank.jsonl:1: een doolhof heeft precies cells"),
], ids=["de-variant", "fr-variant", "de-one-line", "nl-maze"])
def test_a_solve_lines_type_check_is_said_in_the_users_language(run, monkeypatch, tmp_path, locale, line,
                                                               said):
    _speaking(monkeypatch, locale)
    (tmp_path / "bank.jsonl").write_text(line + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status, out, err = run("solve", "bank.jsonl")
    assert status == 2 and said in err and said in json.loads(out)["error"] and "Traceback" not in err, err


def _broken(name: str, solution: dict) -> dict:
    """A type's example answer broken as a hand-edited bank line might be: its first list turned
    round (a given moved, a path run backwards), a word left uncircled, a card's expression cut
    short, a cipher's key lost."""
    if name == "arithmetic":
        return {"expressions": ["1+"]}
    if name == "cryptogram":
        return {**solution, "key": {}}
    key = next(key for key, value in solution.items() if isinstance(value, list))
    return {**solution, key: solution[key][1:] if name == "wordsearch" else solution[key][::-1]}


def test_every_types_problems_with_an_answer_are_said_in_the_users_language():
    """A bank puzzle whose answer breaks the rules is refused naming each broken rule (its type's
    `check`): in German for a German user, not in English, for every type (#43)."""
    from bookgen.i18n import speaking
    from bookgen.puzzles import registered
    from bookgen.puzzles.base import Request

    for puzzle_type in registered():
        example = puzzle_type.example(Request(puzzle_type, puzzle_type.levels[0], {}))
        broken = _broken(puzzle_type.name, example.solution)
        english = puzzle_type.check(example.puzzle, broken)
        with speaking("de"):
            german = puzzle_type.check(example.puzzle, broken)
        assert english and len(german) == len(english), (puzzle_type.name, english)
        assert not set(german) & set(english), (puzzle_type.name, german)


@pytest.mark.parametrize(("locale", "said"), [
    ("de_DE.UTF-8", "Rätsel sudoku:easy::1.1: seine Lösung verletzt die Regeln: Zeile 1, Spalte 1 muss die "
                    "Vorgabe "),
    ("fr_FR.UTF-8", "grille sudoku:easy::1.1\u00a0: sa solution enfreint les règles\u00a0: ligne 1, "
                    "colonne 1\u00a0: la case doit garder son nombre donné "),
], ids=["de", "fr"])
def test_a_bank_puzzles_broken_answer_is_refused_in_the_users_language(run, monkeypatch, tmp_path, locale,
                                                                        said):
    monkeypatch.chdir(tmp_path)
    _speaking(monkeypatch, "C.UTF-8")
    status, out, _err = run("generate", "sudoku", "-d", "easy", "-n", "1", "--seed", "1", "-q")
    line = json.loads(out.splitlines()[0])
    grid = line["solution"]["grid"]
    grid[0][0], grid[0][1] = grid[0][1], grid[0][0]
    (tmp_path / "bank.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    (tmp_path / "book.yaml").write_text("title: T\nsections:\n  - {type: sudoku, count: 1, difficulty: easy, "
                                        "from: bank.jsonl}\n", encoding="utf-8")
    _speaking(monkeypatch, locale)
    status, _out, err = run("build", "book.yaml")
    assert status == 2 and said in err and "must" not in err and "Traceback" not in err, err


YAML_TYPOS = [  # (a typo in a config, where it is said, what a German user reads)
    ("title: T\nsections:\n  - type: maze\n  count: 2\n", "book.yaml:4:",
     "diese Zeile ist nicht so eingerückt wie die Zeilen darüber (gefunden: '?')"),
    ("title: T\n\tsections: x\n", "book.yaml:2:", "ein Tabulator: YAML rückt nur mit Leerzeichen ein"),
    ("title: @me\n", "book.yaml:1:", "ein Wert kann nicht mit dem Zeichen '@' beginnen"),
    ("title: T\nsections\n  foo: 1\n", "book.yaml:3:", "der erwartete ':' fehlt"),
    ("title: T\n  x: 1\n", "book.yaml:2:",
     "diese Zeile ist weiter eingerückt als die Zeile darüber; rück 'x:' genau unter 'title:' ein"),
    ("- a\n  b: 1\n", "book.yaml:2:", "hier ist kein Wert mit Doppelpunkt erlaubt"),
    ("title: *name\n", "book.yaml:1:", "unbekannter Alias 'name': darüber steht kein Anker dieses Namens"),
    ('title: T\nauthor: "Ann\nsections: []\n', "book.yaml:2:",
     "ein Anführungszeichen wird geöffnet und nie geschlossen"),
    ("title: T\nsections: [a, b\n", "book.yaml:2:",
     "eine Liste in [ ] ist nicht geschlossen: erwartet wurde ',' oder ']', gefunden wurde das Dateiende"),
    ("title: T\nsections: {a: 1\n", "book.yaml:2:",
     "eine Zuordnung in geschweiften Klammern ist nicht geschlossen"),
    ("title: T\nsections: [a,, b]\n", "book.yaml:2:", "erwartet wurde ein Wert, gefunden wurde ','"),
    ('title: "a\\q"\n', "book.yaml:1:", "unbekanntes Escape-Zeichen 'q' nach einem Backslash"),
    ("title: *\n", "book.yaml:1:", "der Name eines Ankers oder Alias besteht aus Buchstaben und Ziffern"),
    ("a: &x 1\nb: &x 2\n", "book.yaml:2:", "ein Anker dieses Namens steht schon weiter oben"),
    ("title: T\n---\ntitle: U\n", "book.yaml:2:", "hier beginnt ein zweites (---)"),
    ("title: |x\n  T\n", "book.yaml:1:",
     "erwartet wurde chomping or indentation indicators, gefunden wurde 'x'"),
]


@pytest.mark.parametrize(("text", "where", "said"), YAML_TYPOS,
                         ids=[said[:30] for _t, _w, said in YAML_TYPOS])
def test_pyyamls_problem_with_a_typo_is_said_in_the_users_language(run, monkeypatch, tmp_path, text, where,
                                                                   said):
    """PyYAML's own words for a typo (a tab, an indent, a bracket or quote left open, an alias
    without its anchor) reach a German user in German, at the line of the typo (#43)."""
    _speaking(monkeypatch, "de_DE.UTF-8")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "book.yaml").write_text(text, encoding="utf-8")
    status, _out, err = run("build", "book.yaml")
    assert status == 2 and f"{where} YAML-Syntaxfehler, Spalte" in err and said in err, err


def test_a_pyyaml_problem_bookgen_does_not_know_is_said_as_pyyaml_says_it():
    from bookgen.i18n import speaking
    from bookgen.yamlsource import _pyyaml_problem

    with speaking("de"):
        assert _pyyaml_problem(None, "found something new") == "found something new"
        assert _pyyaml_problem("while scanning a quoted scalar", "found unexpected end of stream") == (
            "ein Anführungszeichen wird geöffnet und nie geschlossen")


OS_REASONS = [  # (errno, German, French): the reasons a user meets, as Python's English says them
    ("EACCES", "keine Berechtigung", "permission refusée"),
    ("ENOSPC", "kein Platz mehr auf dem Datenträger", "plus de place sur le disque"),
    ("EISDIR", "das ist ein Ordner", "c’est un dossier"),
    ("EROFS", "Dateisystem nur lesbar", "système de fichiers en lecture seule"),
    ("ENOTDIR", "kein Ordner", "ce n’est pas un dossier"),
    ("ENAMETOOLONG", "Dateiname zu lang", "nom de fichier trop long"),
]


@pytest.mark.parametrize(("name", "german", "french"), OS_REASONS, ids=[name for name, _g, _f in OS_REASONS])
def test_the_systems_reason_is_said_in_the_users_language(name, german, french):
    from bookgen.i18n import speaking
    from bookgen.i18n.reasons import os_reason

    number = getattr(errno, name)
    error = OSError(number, os.strerror(number))
    with speaking("de"):
        assert os_reason(error) == german
    with speaking("fr"):
        assert os_reason(error) == french
    assert os_reason(error) == os.strerror(number).lower() or number == errno.EISDIR


def test_a_reason_bookgen_does_not_know_is_said_as_the_system_says_it():
    from bookgen.i18n import speaking
    from bookgen.i18n.reasons import os_reason

    with speaking("de"):
        assert os_reason(OSError(errno.ENXIO, os.strerror(errno.ENXIO))) == os.strerror(errno.ENXIO).lower()


@pytest.mark.parametrize(("locale", "said"), [
    ("de_DE.UTF-8", "kann output/book.pdf nicht schreiben: kein Platz mehr auf dem Datenträger"),
    ("fr_FR.UTF-8", "impossible d’écrire output/book.pdf\u00a0: plus de place sur le disque"),
], ids=["de", "fr"])
def test_a_full_disk_is_said_in_the_users_language(run, monkeypatch, tmp_path, locale, said):
    def full(descriptor, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    _speaking(monkeypatch, locale)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "book.yaml").write_text(GOOD, encoding="utf-8")
    monkeypatch.setattr("bookgen.atomic._write_all", full)
    status, _out, err = run("build", "book.yaml")
    assert status == 2 and said in err, err


@pytest.mark.parametrize(("locale", "said"), [
    ("de_DE.UTF-8", "kann sie nicht lesen (Dateiname zu lang)"),
    ("fr_FR.UTF-8", "impossible de le lire (nom de fichier trop long)"),
], ids=["de", "fr"])
def test_a_file_name_too_long_is_said_in_the_users_language(run, monkeypatch, tmp_path, locale, said):
    _speaking(monkeypatch, locale)
    monkeypatch.chdir(tmp_path)
    status, _out, err = run("build", "x" * 300 + ".yaml")
    assert status == 2 and said in err, err


def test_pythons_json_problems_reach_a_german_user_in_german(run, monkeypatch, tmp_path):
    _speaking(monkeypatch, "de_DE.UTF-8")
    (tmp_path / "bank.jsonl").write_text('{not json\n[1 2]\n', encoding="utf-8")
    status, _, err = run("solve", str(tmp_path / "bank.jsonl"))
    assert status == 2
    assert "kein gültiges JSON: ein Schlüssel in doppelten Anführungszeichen wird erwartet (Spalte 2)" in err


@pytest.mark.parametrize(("locale", "begins"), [("de_DE.UTF-8", "bookgen: Fehler: "),
                                                 ("fr_FR.UTF-8", "bookgen\u00a0: erreur\u00a0: "),
                                                 ("C.UTF-8", "bookgen: error: ")])
def test_a_refusals_first_words_are_the_users_too(run, monkeypatch, tmp_path, locale, begins):
    _speaking(monkeypatch, locale)
    status, _, err = run("build", str(tmp_path / "none.yaml"))
    assert status == 2 and err.startswith(begins + str(tmp_path / "none.yaml")), err
    status, _, err = run("buld")  # argparse's own refusals too
    assert status == 2 and begins in err, err


@pytest.mark.parametrize(("locale", "sheet", "prefix", "said"), [
    ("C.UTF-8", "fr", "bookgen\u00a0: erreur\u00a0: ", "le mot APPLE figure deux fois"),
    ("fr_FR.UTF-8", "en", "bookgen: error: ", "the word APPLE is listed twice"),
    ("fr_FR.UTF-8", "de", "bookgen: Fehler: ", "das Wort APPLE steht zweimal"),
], ids=["fr-sheet", "en-sheet", "de-sheet"])
def test_a_sheets_refusal_begins_in_the_language_it_is_said_in(run, monkeypatch, tmp_path, locale,
                                                               sheet, prefix, said):
    """A worksheet's options are refused in its -L language: the "error:" before the message
    follows it, not the environment ("bookgen: error: le mot ... figure deux fois")."""
    _speaking(monkeypatch, locale)
    (tmp_path / "words.txt").write_text("apple\nbanana\napple\ncherry\n", encoding="utf-8")
    status, _, err = run("worksheet", "scramble", "--set", f"words={tmp_path / 'words.txt'}",
                         "-L", sheet, "-o", str(tmp_path / "sheet.pdf"))
    assert status == 2 and err.startswith(f"{prefix}{tmp_path / 'words.txt'}:3: {said}"), err
    status, _, err = run("worksheet", "scramble", "-L", sheet, "-n", "0")  # the user's own refusals
    begins = "bookgen\u00a0: erreur\u00a0: " if locale.startswith("fr") else "bookgen: error: "
    assert status == 2 and err.startswith(begins + "--count: "), err


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_puzzle_that_cannot_be_made_is_refused_at_its_sections_line(run, write_config, tmp_path,
                                                                         workers):
    """A type's refusal made in a worker knows no config: "clues: no hard crossword came out of
    30 tries" reached a user of a book of several sections without saying whose it was; it is
    at the section's line now, the section named, on a pool and without one."""
    config = write_config("""
        title: Two
        seed: s
        sections:
          - {type: sudoku, count: 1, difficulty: easy}
          - {type: crossword, count: 1, difficulty: hard, word_count: 5, title: Small words}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "b.pdf"), "-q", "-j", workers)
    assert status == 2 and not (tmp_path / "b.pdf").exists()
    assert f"{config}:5: section 'Small words': clues: no hard crossword came out of" in err, err
