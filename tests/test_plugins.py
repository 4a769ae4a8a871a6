"""Types from other packages: an entry point in the group `bookgen.types` adds a type to the
registry, and so to `bookgen types`, `bookgen schema`, books, the playable page and the studio.

These tests register the example package in tests/example_type/ in-process, through the same
loader an installed entry point goes through; tests/test_package.py installs it for real, into a
fresh virtual environment beside bookgen's wheel. tests/test_contract.py runs it with the rest.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path

import pytest
import test_html
from pypdf import PdfReader

from bookgen import puzzles
from bookgen.api import type_languages
from bookgen.config import ROOT, load_config
from bookgen.errors import BookgenError
from bookgen.i18n import languages
from bookgen.puzzles import ENTRY_POINT_GROUP, PUZZLE_TYPES, base, find_type
from bookgen.puzzles.base import PuzzleType

EXAMPLE_SOURCE = Path(__file__).resolve().parent / "example_type"
EXAMPLE_POINT = metadata.EntryPoint("pairsum", "bookgen_example_type:PAIR_SUM", ENTRY_POINT_GROUP)
EXAMPLE_BOOK = """\
title: Pair sums from a plug-in
layout: a5
sections:
  - {type: pairsum, count: 4, difficulty: easy}
  - {type: pairsum, count: 2, difficulty: expert}
"""


BROKEN_WARNING = ("bookgen: warning: the plug-in type broken = broken_plugin_missing:TYPE (entry point "
                  "group bookgen.types, distribution broken-plugin 0.1) could not be loaded: "
                  "ModuleNotFoundError: No module named 'broken_plugin_missing'\n")


def install_broken_plugin(site: Path) -> None:
    """An installed distribution, as pip leaves one in `site`, whose entry point names a module
    that does not exist."""
    broken = site / "broken_plugin-0.1.dist-info"
    broken.mkdir()
    (broken / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 0.1\n")
    (broken / "entry_points.txt").write_text("[bookgen.types]\nbroken = broken_plugin_missing:TYPE\n")


@contextmanager
def example_registered() -> Iterator[list[PuzzleType]]:
    """The example plug-in's types registered as an installed package's would be (already so if
    it is installed here), and the registry as it was afterwards."""
    saved = list(PUZZLE_TYPES)
    sys.path.insert(0, str(EXAMPLE_SOURCE))
    try:
        already = [t for t in PUZZLE_TYPES if t.name == EXAMPLE_POINT.name]
        yield already or puzzles.add_plugins([EXAMPLE_POINT])
    finally:
        PUZZLE_TYPES[:] = saved
        sys.path.remove(str(EXAMPLE_SOURCE))


@pytest.fixture(scope="module")
def example():
    with example_registered() as added:
        yield added


def test_a_plugin_type_follows_the_built_in_ones(example, run):
    assert [t.name for t in example] == ["pairsum"]
    assert PUZZLE_TYPES[: len(puzzles.BUILT_IN)] == list(puzzles.BUILT_IN)
    assert PUZZLE_TYPES[-1] is find_type("pairsum") is example[0]
    status, out, _ = run("types")
    assert status == 0 and "\npairsum: Pair Sums\n" in out
    status, out, _ = run("schema")
    section = json.loads(out)["properties"]["sections"]["items"]
    assert "pairsum" in json.dumps(section)


def test_a_plugin_types_game_script_is_read_from_its_own_package(example):
    script = (EXAMPLE_SOURCE / "bookgen_example_type" / "play.js").read_text(encoding="utf-8")
    assert puzzles.play_script_text(example[0]) == script
    assert 'register("pairsum"' in script
    style = (EXAMPLE_SOURCE / "bookgen_example_type" / "play.css").read_text(encoding="utf-8")
    assert puzzles.play_style_text(example[0]) == style and ".pairsum" in style
    # the built-in types still read theirs from bookgen.puzzles
    numbrix = find_type("numbrix")
    assert "numbrix" in puzzles.play_script_text(numbrix)
    assert ".bar" in puzzles.play_style_text(numbrix)


def test_a_book_of_a_plugin_type_builds_to_a_pdf_and_a_playable_page(example, run, write_config, tmp_path):
    config = write_config(EXAMPLE_BOOK)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "book.pdf"), "--html", "-q", "-j", "1")
    assert status == 0, err
    text = "\n".join(page.extract_text() for page in PdfReader(tmp_path / "book.pdf").pages)
    assert "Pair Sums" in text and "Write the numbers 1 to N in the row" in text
    page = (tmp_path / "book.html").read_text(encoding="utf-8")
    assert puzzles.play_script_text(example[0]) in page
    assert puzzles.play_style_text(example[0]) in page
    # only the types the book holds bring their styles
    assert puzzles.play_style_text(find_type("placement")) not in page
    assert page.count('"type":"pairsum"') == 6


def test_a_german_book_of_the_plugin_speaks_its_german_catalog(example, run, write_config, tmp_path):
    """The example translates its title, rules, option and game words into German (its
    locale/de.po, the pattern docs/types/adding.md walks): a German book prints them."""
    assert type_languages(example[0]) == ("en", "de")
    config = write_config(EXAMPLE_BOOK.replace("layout: a5\n", "layout: a5\nlanguage: de\n"))
    status, _, err = run("build", str(config), "-o", str(tmp_path / "buch.pdf"), "--html", "-q", "-j", "1")
    assert status == 0 and err == "", err
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(tmp_path / "buch.pdf").pages).split())
    assert "Paarsummen" in text and "Pair Sums" not in text
    assert "Schreib die Zahlen 1 bis N in die Reihe aus N Feldern, jede genau einmal." in text
    assert "Write the numbers" not in text
    page = (tmp_path / "buch.html").read_text(encoding="utf-8")
    assert '"Cell {number}":"Feld {number}"' in page
    assert '"Neighbours add up to, left to right: {sums}":"Summen der Nachbarn' in page


FRENCH_BOOK = EXAMPLE_BOOK.replace("layout: a5\n", "layout: a5\nlanguage: fr\n")


def test_a_book_in_a_language_the_plugin_lacks_is_refused_up_front(example, run, write_config, tmp_path):
    config = write_config(FRENCH_BOOK)
    status, out, err = run("build", str(config), "-o", str(tmp_path / "livre.pdf"), "-q")
    assert status == 2 and out == "" and not (tmp_path / "livre.pdf").exists()
    assert err.count("\n") == 1 and "Traceback" not in err
    assert ("sections[0].type: the puzzle type pairsum has no texts in French (fr), only in en, "
            "de: its rules and words would print in English.") in err
    assert "add fr to the type's catalogs (docs/types/adding.md), or set 'untranslated: warn'" in err
    # a section of its own language is refused at its own key; English is always spoken
    config = write_config(EXAMPLE_BOOK.replace("difficulty: expert}", "difficulty: expert, language: it}"))
    status, _, err = run("build", str(config), "-o", str(tmp_path / "libro.pdf"), "-q")
    assert status == 2 and "sections[1].language: the puzzle type pairsum has no texts in Italian (it)" in err
    sheet = tmp_path / "blad.pdf"
    status, _, err = run("worksheet", "pairsum", "-n", "2", "-L", "nl", "-o", str(sheet), "-q")
    assert status == 2 and "--language: the puzzle type pairsum has no texts in Dutch (nl)" in err
    assert not sheet.exists()


def test_a_type_a_language_lacks_is_refused_and_warned_of_in_the_users_language(
        example, run, write_config, tmp_path, monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    status, _, err = run("build", str(write_config(FRENCH_BOOK)), "-o", str(tmp_path / "livre.pdf"), "-q")
    assert status == 2 and "Traceback" not in err
    assert ("sections[0].type: die Rätselart pairsum hat keine Texte auf Französisch (fr), nur in en, "
            "de: ihre Regeln und Wörter würden auf Englisch gedruckt.") in err
    assert "oder setze 'untranslated: warn', um ihn mit den Wörtern der Rätselart" in err
    status, _, err = run("worksheet", "pairsum", "-n", "2", "-L", "nl", "-o", str(tmp_path / "blad.pdf"))
    assert status == 2 and "--language: die Rätselart pairsum hat keine Texte auf Niederländisch" in err
    config = write_config(FRENCH_BOOK + "untranslated: warn\n")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "livre.pdf"), "-q", "-j", "1")
    assert status == 0 and err == ("bookgen: Warnung: die Rätselart pairsum hat keine Texte in fr: ihre "
                                   "Regeln und Wörter werden dort auf Englisch gedruckt (untranslated: "
                                   "warn)\n")


def test_untranslated_warn_builds_with_one_warning_per_type(example, run, write_config, tmp_path):
    config = write_config(FRENCH_BOOK.replace("difficulty: expert}", "difficulty: expert, language: it}")
                          + "untranslated: warn\n")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "livre.pdf"), "-q", "-j", "1")
    assert status == 0 and (tmp_path / "livre.pdf").is_file()
    assert err == ("bookgen: warning: the puzzle type pairsum has no texts in fr, it: its rules and "
                   "words print in English there (untranslated: warn)\n")
    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "livre.pdf").pages)
    assert "Write the numbers 1 to N" in text and "Solutions" in text  # the book's own words French
    with pytest.raises(BookgenError, match=r"untranslated: 'maybe' is not allowed; 'untranslated' "
                                           r"takes one of refuse, warn"):
        load_config(write_config(EXAMPLE_BOOK + "untranslated: maybe\n"))


def test_every_built_in_type_speaks_every_language_of_the_book():
    assert {t.name: type_languages(t) for t in puzzles.BUILT_IN} == {
        t.name: tuple(languages()) for t in puzzles.BUILT_IN}
    assert languages() == ("en", "de", "es", "fr", "it", "nl")


BROKEN = [
    (metadata.EntryPoint("missing", "bookgen_no_such_package:TYPE", ENTRY_POINT_GROUP),
     "could not be loaded: ModuleNotFoundError"),
    (metadata.EntryPoint("notatype", "bookgen.puzzles:ENTRY_POINT_GROUP", ENTRY_POINT_GROUP),
     "is not a PuzzleType (bookgen.api.PuzzleType) nor a list of them: its type is str"),
    (metadata.EntryPoint("numbrix", "bookgen.puzzles.numbrix:NUMBRIX", ENTRY_POINT_GROUP),
     "makes a type called 'numbrix', a name another type has"),
]


@pytest.mark.parametrize("point, reason", BROKEN, ids=[point.name for point, _ in BROKEN])
def test_a_broken_plugin_is_left_out_with_one_warning(point, reason, capsys, monkeypatch):
    monkeypatch.setattr(base._REGISTRY, "left_out", {})
    before = list(PUZZLE_TYPES)
    assert puzzles.add_plugins([point]) == []
    assert PUZZLE_TYPES == before
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("bookgen: warning: the plug-in type ")
    assert f"{point.name} = {point.value} (entry point group bookgen.types, distribution unknown)" in err
    assert reason in err and "Traceback" not in err


def test_a_book_that_uses_a_broken_plugin_is_refused_and_others_still_build(
        monkeypatch, capsys, run, write_config, tmp_path):
    monkeypatch.setattr(base._REGISTRY, "left_out", {})
    puzzles.add_plugins([BROKEN[0][0]])
    capsys.readouterr()
    section = "title: A book\nsections:\n  - {{type: {}, count: 1, difficulty: easy}}\n"
    broken = write_config(section.format("missing"), "broken.yaml")
    status, _, err = run("build", str(broken), "-o", str(tmp_path / "broken.pdf"), "-q")
    assert status == 2 and "Traceback" not in err and not (tmp_path / "broken.pdf").exists()
    assert "unknown puzzle type 'missing'" in err
    assert "the plug-in type missing = bookgen_no_such_package:TYPE" in err and "ModuleNotFoundError" in err
    with pytest.raises(BookgenError, match="could not be loaded"):
        find_type("missing")
    fine = write_config(section.format("placement"), "fine.yaml")
    status, _, err = run("build", str(fine), "-o", str(tmp_path / "fine.pdf"), "-q")
    assert status == 0, err


def test_the_studio_lists_a_plugin_type_with_its_options_labels_and_choice_words(example, tmp_path):
    """The studio's form labels a plug-in's option and names its choices with the plug-in's own
    messages, in English and in every language the plug-in's catalogs hold: never its key."""
    pytest.importorskip("flask", reason="pip install -e '.[studio]'")
    from bookgen.i18n.homes import LOCALE, read_home
    from bookgen.studio.server import create_app

    home = puzzles.type_home(example[0])
    spoken = sorted({entry.name.rsplit(".", 1)[0] for entry in (home / LOCALE).iterdir()
                     if entry.name.endswith((".po", ".mo"))}) if (home / LOCALE).is_dir() else []
    studio = create_app(tmp_path, workers=1)
    try:
        client = studio.test_client()
        assert client.get(f"/?token={studio.config['STUDIO_TOKEN']}").status_code == 200
        schema = client.get("/api/schema").get_json()
        sent = {code: client.get(f"/api/schema?lang={code}").get_json() for code in spoken}
    finally:
        studio.extensions["bookgen-studio"].close()
    listed = {t["name"]: t for t in schema["types"]}
    assert listed["pairsum"]["title"] == "Pair Sums"
    assert "pairsum" in json.dumps(schema["section"])
    clues = listed["pairsum"]["options"]["clues"]
    assert clues["title"] == "Clues" and clues["enum"] == ["any", "sums"]
    assert clues["enumDescriptions"] == ["givens and sums", "mostly sums"]
    for code, translated in sent.items():
        catalog, _plural = read_home(home, code)
        clues = {t["name"]: t for t in translated["types"]}["pairsum"]["options"]["clues"]
        assert clues["title"] == catalog["Clues"] != "clues", code
        assert clues["enumDescriptions"] == [catalog["givens and sums"], catalog["mostly sums"]]


def test_starting_the_cli_loads_no_plugin(tmp_path):
    """Plug-ins load with the registry, which `bookgen --help` and `--version` never import."""
    code = ("import sys; from bookgen.cli import main; main({argv}); "
            "print(sorted({{'bookgen.puzzles', 'importlib.metadata'}} & set(sys.modules)))")
    for argv in (["--help"], ["--version"]):
        result = subprocess.run([sys.executable, "-c", code.format(argv=argv)], cwd=tmp_path,
                                capture_output=True, text=True,
                                env=dict(os.environ, PYTHONPATH=str(ROOT)))
        assert result.returncode == 0 and result.stdout.splitlines()[-1] == "[]", result.stderr


def test_a_plugin_types_game_plays_in_the_browser(example, browser, run, write_config, tmp_path):
    """The plug-in's own script draws its boards: typing the answer into the first one solves it."""
    status, _, err = run("build", str(write_config(EXAMPLE_BOOK)), "-o", str(tmp_path / "book.pdf"),
                         "--html", "-q", "-j", "1")
    assert status == 0, err
    with test_html._opener(browser, tmp_path / "book.html") as open_:
        tab = open_()
        record = tab.evaluate("JSON.parse(document.getElementById('bookgen-data').textContent)[0]")
        article = tab.locator("article.puzzle[data-index='0']")
        inputs = article.locator(".board input")
        givens = record["puzzle"]["givens"]
        assert inputs.count() == givens.count(0) > 0
        assert "Neighbours add up to" in article.inner_text()
        for column, value in enumerate(record["solution"]["row"]):
            if not givens[column]:
                article.locator(f".board input[data-col='{column}']").fill(str(value))
        assert "solved" in article.get_attribute("class")


WORKER = """\
import multiprocessing
import bookgen.puzzles
from bookgen.cli import main

if __name__ == "__main__":
    worker = multiprocessing.get_context("spawn").Process(target=print, args=("worker",))
    worker.start()
    worker.join()
    main(["types"])
"""


def test_an_installed_broken_plugin_warns_once_not_in_every_worker(tmp_path):
    """Found through the installed distributions (here a folder on the path), named with its
    distribution; a worker process, which loads the registry again, stays quiet."""
    install_broken_plugin(tmp_path)
    (tmp_path / "run.py").write_text(WORKER)
    result = subprocess.run([sys.executable, "run.py"], cwd=tmp_path, capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)])))
    assert result.returncode == 0 and result.stdout.startswith("worker\narithmetic: ")
    assert result.stderr == BROKEN_WARNING


MODULE_TYPE = """\
import dataclasses
from bookgen.puzzles.placement import PLACEMENT

TYPE = dataclasses.replace(PLACEMENT, name={name!r}, play_script={script!r}, play_style={style!r},
                           json_schema="")
"""


def test_a_plugin_types_game_script_must_be_a_file_beside_its_module(tmp_path, monkeypatch, capsys):
    """A module on its own has its script and stylesheet in its folder; a script or stylesheet
    that is not there leaves the type out, named, at once rather than when a page is written."""
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(base._REGISTRY, "left_out", {})
    (tmp_path / "lone_type.py").write_text(MODULE_TYPE.format(name="lone", script="lone.js",
                                                              style="lone.css"))
    (tmp_path / "lone.js").write_text('window.bookgenFrame.register("lone", null);\n')
    (tmp_path / "lone.css").write_text(".lone { --cell: 3rem; }\n")
    (tmp_path / "scriptless_type.py").write_text(MODULE_TYPE.format(name="scriptless", script="gone.js",
                                                                    style=""))
    (tmp_path / "styleless_type.py").write_text(MODULE_TYPE.format(name="styleless", script="lone.js",
                                                                   style="gone.css"))
    before = list(PUZZLE_TYPES)
    try:
        added = puzzles.add_plugins([metadata.EntryPoint(name, f"{name}_type:TYPE", ENTRY_POINT_GROUP)
                                     for name in ("lone", "scriptless", "styleless")])
        assert [t.name for t in added] == ["lone"]
        assert puzzles.play_script_text(added[0]) == (tmp_path / "lone.js").read_text()
        assert puzzles.play_style_text(added[0]) == (tmp_path / "lone.css").read_text()
    finally:
        PUZZLE_TYPES[:] = before
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "the plug-in type scriptless = scriptless_type:TYPE" in err
    assert "play_script 'gone.js' is no file beside scriptless_type" in err
    assert "play_style 'gone.css' is no file beside styleless_type" in err
