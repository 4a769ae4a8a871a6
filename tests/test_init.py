"""`bookgen init`: a folder a person edits, which `bookgen build` turns into a book as it is."""

from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

from bookgen.config import load_config


@pytest.mark.parametrize("kind, pages", [("worksheet", (2, 4)), ("pod", (24, 828)),
                                         ("large-print", (24, 828))])
def test_each_kind_builds_into_a_book_as_written(run, tmp_path, monkeypatch, kind, pages):
    status, out, _ = run("init", str(tmp_path / "mine"), "--kind", kind)
    assert status == 0
    project = tmp_path / "mine"
    assert sorted(p.relative_to(project).as_posix() for p in project.rglob("*")) == [
        "README.md", "book.yaml", "fonts", "fonts/README.txt", "layout.yaml"]
    config = load_config(project / "book.yaml")
    assert config.layout.file == project / "layout.yaml"
    assert config.large_print == (kind == "large-print")
    assert config.seed_given  # a seed to change for volume 2, and no note that there is none
    assert config.profile == ("home" if kind == "worksheet" else "print-on-demand")
    levels = ["easy", "medium"] if kind == "worksheet" else ["easy", "medium", "hard"]
    assert [section.level for section in config.sections] == levels
    assert "# " in (project / "book.yaml").read_text()  # every key explained where it is set

    monkeypatch.chdir(project)  # the README's next command, from the project's folder
    status, out, _ = run("build", "book.yaml", "-q", "-j", "1")
    assert status == 0 and "output/book.pdf" in out.splitlines()
    reader = PdfReader(project / "output" / "book.pdf")
    assert pages[0] <= len(reader.pages) <= pages[1]
    text = "".join(page.extract_text() for page in reader.pages)
    for section in config.sections:
        assert section.title in text
    if config.contents:  # "Numbrix  easy · puzzles 1–30": the title is the type's, the level once
        contents = next(page.extract_text() for page in reader.pages if "Contents" in page.extract_text())
        for section in config.sections:
            entry = re.escape(section.title) + rf"\s+{section.level}\s+\u00b7\s+puzzles\s+1?\d+\u2013"
            assert re.search(entry, contents)
    assert (project / "output" / "book-cover.pdf").exists() == (kind != "worksheet")


def test_levels_type_trim_and_title_are_chosen(run, tmp_path):
    status, _, _ = run("init", str(tmp_path / "p"), "--kind", "worksheet", "--levels", "hard,expert",
                       "--type", "arrows", "--layout", "a4", "--title", "Flèches")
    assert status == 0
    config = load_config(tmp_path / "p" / "book.yaml")
    assert config.title == "Flèches" and config.layout.title == "A4"
    assert [(s.puzzle_type.name, s.level) for s in config.sections] == [
        ("arrows", "hard"), ("arrows", "expert")]


@pytest.mark.parametrize("language, title", [("en", "Maze worksheet"), ("de", "Arbeitsblatt: Labyrinth")])
def test_a_worksheet_of_one_type_is_titled_by_it(run, tmp_path, language, title):
    """`--type maze` gave a sheet of mazes the worksheet kind's title, "Number Puzzles
    Worksheet"; it takes the type's, as `bookgen worksheet maze` does."""
    assert run("init", str(tmp_path / "p"), "--kind", "worksheet", "--type", "maze",
               "--language", language)[0] == 0
    assert load_config(tmp_path / "p" / "book.yaml").title == title


@pytest.mark.parametrize("kind, title", [("worksheet", "Puzzle Worksheet"),
                                         ("pod", "My Puzzle Book")])
def test_several_types_give_a_section_for_each_type_and_level(run, tmp_path, kind, title):
    """A book of two kinds of puzzle: types outer, levels inner, the kind's title as a mix has,
    but a worksheet's: "Number Puzzles Worksheet" titled a sheet of word searches and scrambles."""
    status, _, _ = run("init", str(tmp_path / "quiz"), "--kind", kind, "--type", "sudoku, kakuro",
                       "--levels", "easy,medium")
    assert status == 0
    config = load_config(tmp_path / "quiz" / "book.yaml")
    assert [(s.puzzle_type.name, s.level) for s in config.sections] == [
        ("sudoku", "easy"), ("sudoku", "medium"), ("kakuro", "easy"), ("kakuro", "medium")]
    assert config.title == title
    assert {s.count for s in config.sections} == {6 if kind == "worksheet" else 30}


def test_a_type_without_a_level_is_passed_over_for_it(run, tmp_path):
    assert run("init", str(tmp_path / "q"), "--type", "kakuro,sudoku", "--levels", "hard,master")[0] == 0
    assert [(s.puzzle_type.name, s.level) for s in load_config(tmp_path / "q" / "book.yaml").sections] == [
        ("kakuro", "hard"), ("sudoku", "hard"), ("sudoku", "master")]


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_worksheet_of_word_puzzles_asks_for_as_many_as_print_on_a_page_and_builds(
        run, tmp_path, monkeypatch, language):
    """Six crosswords, or six medium fill-ins, do not print on a page of a worksheet at the
    floor: init counts what does (all of a section's puzzles made and laid out), so the config it
    writes builds as it stands; types whose six fit keep six."""
    assert run("init", str(tmp_path / "words"), "--kind", "worksheet", "-L", language,
               "--type", "crossword,fillin,scramble")[0] == 0
    config = load_config(tmp_path / "words" / "book.yaml")
    counts = {(s.puzzle_type.name, s.level): (s.count, s.per_page) for s in config.sections}
    assert all(count == per_page for count, per_page in counts.values())
    assert 1 <= counts["crossword", "easy"][0] < 6 and counts["fillin", "medium"][0] < 6
    assert counts["scramble", "easy"][0] == counts["scramble", "medium"][0] == 6
    monkeypatch.chdir(tmp_path / "words")
    status, _out, err = run("build", "book.yaml", "-q", "-j", "1")
    assert status == 0, err
    text = "".join(page.extract_text() for page in PdfReader("output/book.pdf").pages)
    for section in config.sections:
        assert section.title in text


@pytest.mark.parametrize("kind, types, pages", [("worksheet", "sudoku,kakuro,maze", (6, 12)),
                                                ("pod", "maze,numbrix,arithmetic", (24, 828))])
def test_a_book_of_several_types_builds_with_every_section(run, tmp_path, monkeypatch, kind, types,
                                                          pages):
    assert run("init", str(tmp_path / "quiz"), "--kind", kind, "--type", types)[0] == 0
    config = load_config(tmp_path / "quiz" / "book.yaml")
    levels = ["easy", "medium"] if kind == "worksheet" else ["easy", "medium", "hard"]
    assert [(s.puzzle_type.name, s.level) for s in config.sections] == [
        (name, level) for name in types.split(",") for level in levels]
    monkeypatch.chdir(tmp_path / "quiz")
    assert run("build", "book.yaml", "-q", "-j", "2")[0] == 0
    reader = PdfReader("output/book.pdf")
    assert pages[0] <= len(reader.pages) <= pages[1]
    text = "".join(page.extract_text() for page in reader.pages)
    for section in config.sections:
        assert section.title in text


def test_master_goes_to_the_types_that_have_it_and_is_refused_where_none_has(run, tmp_path,
                                                                            monkeypatch):
    from dataclasses import replace

    from bookgen.init import KINDS

    status, _, _ = run("init", str(tmp_path / "s"), "--kind", "worksheet", "--levels",
                       "expert,master", "--type", "sudoku")
    assert status == 0
    text = (tmp_path / "s" / "book.yaml").read_text()
    assert "difficulty: master       # easy, medium, hard, expert or master" in text
    assert [(s.puzzle_type.name, s.level) for s in load_config(tmp_path / "s" / "book.yaml").sections] == [
        ("sudoku", "expert"), ("sudoku", "master")]

    mixed = replace(KINDS["pod"], types=("numbrix", "sudoku"))  # a mix with one type that has master
    monkeypatch.setitem(KINDS, "pod", mixed)
    assert run("init", str(tmp_path / "m"), "--levels", "easy,medium,master,hard")[0] == 0
    config = load_config(tmp_path / "m" / "book.yaml")
    assert [(s.puzzle_type.name, s.level) for s in config.sections] == [
        ("numbrix", "easy"), ("sudoku", "medium"), ("sudoku", "master"), ("sudoku", "hard")]
    written = (tmp_path / "m" / "book.yaml").read_text()
    assert "difficulty: easy         # easy, medium, hard or expert" in written


@pytest.mark.parametrize("args, message", [
    (["--levels", "easy,master"],
     "--levels: master: none of the pod mix's types (numbrix, placement, arithmetic, numberwall) is "
     "ever master; the types with master: sudoku (--type names the types to use)"),
    (["--levels", "hard,master", "--type", "numbrix"],
     "--levels: numbrix puzzles are never master: their levels go up to expert (easy, medium, hard, "
     "expert); the types with master: sudoku"),
    (["--levels", "easy,master", "--type", "kakuro,maze"],
     "--levels: master: none of the types given (kakuro, maze) is ever master; the types with "
     "master: sudoku"),
    (["--type", "sudoku,maze,sudoku"], "--type: 'sudoku' is named twice; name each type once"),
])
def test_master_for_types_without_it_is_one_message_and_no_folder(run, tmp_path, args, message):
    status, _, err = run("init", str(tmp_path / "p"), *args)
    assert status == 2 and err == f"bookgen: error: {message}\n"
    assert list(tmp_path.iterdir()) == []


def test_a_folder_with_files_in_it_is_refused_and_left_as_it_was(run, tmp_path):
    folder = tmp_path / "taken"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    status, _, err = run("init", str(folder))
    assert status == 2
    assert err == (f"bookgen: error: FOLDER: the folder {str(folder)!r} already has files in it; init "
                   "writes only into a new or empty folder, so nothing of yours is overwritten\n")
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]  # nothing else made beside it


def test_an_empty_folder_is_used(run, tmp_path):
    (tmp_path / "empty").mkdir()
    assert run("init", str(tmp_path / "empty"), "--kind", "worksheet")[0] == 0
    assert (tmp_path / "empty" / "book.yaml").is_file()


@pytest.mark.parametrize("args, message", [
    (["--levels", "easy,tricky"],
     "--levels: 'easy,tricky': give levels from easy, medium, hard, expert, master"),
    (["--layout", "b5"], "--layout: 'b5' is not a built-in layout; use one of "),
    (["--type", "slitherlink"], "slitherlink"),
    (["--type", "sudoku,slitherlink"], "unknown puzzle type 'slitherlink'"),
])
def test_bad_choices_get_one_message_and_no_folder(run, tmp_path, args, message):
    status, _, err = run("init", str(tmp_path / "p"), *args)
    assert status == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "p").exists() and list(tmp_path.iterdir()) == []


def test_a_failed_write_takes_the_new_folders_away_again(run, tmp_path, monkeypatch):
    from bookgen.errors import BookgenError

    def full_disk(files, **kwargs):
        assert [path.parent.is_dir() for path, _ in files] == [True] * len(files)
        raise BookgenError("cannot write book.yaml: no space left on device")

    monkeypatch.setattr("bookgen.init.write_files", full_disk)
    status, _, err = run("init", str(tmp_path / "p"))
    assert status == 2 and "no space left on device" in err
    assert list(tmp_path.iterdir()) == []


def test_a_language_writes_the_printed_words_in_it_and_a_worksheet_starts_on_a4(run, tmp_path,
                                                                                 monkeypatch):
    status, _, _ = run("init", str(tmp_path / "blatt"), "--kind", "worksheet", "--language", "de")
    assert status == 0
    config = load_config(tmp_path / "blatt" / "book.yaml")
    assert config.language == "de" and config.layout.title == "A4"
    assert config.title == "Arbeitsblatt Zahlenrätsel"
    assert [s.title for s in config.sections] == ["Größer oder kleiner \u2013 leicht",
                                                  "Größer oder kleiner \u2013 mittel"]
    monkeypatch.chdir(tmp_path / "blatt")
    assert run("build", "book.yaml", "-q", "-j", "1")[0] == 0
    text = "".join(page.extract_text() for page in PdfReader("output/book.pdf").pages)
    assert "Größer oder kleiner \u2013 leicht" in text and "Schwierigkeit" in text


def test_a_print_on_demand_book_in_spanish_has_its_blurb_and_copyright_in_spanish(run, tmp_path):
    status, _, _ = run("init", str(tmp_path / "libro"), "--language", "es")
    assert status == 0
    config = load_config(tmp_path / "libro" / "book.yaml")
    assert config.title == "Mi libro de pasatiempos" and config.author == "Tu nombre"
    assert config.back_text.startswith("Pasatiempos para una pausa de café")
    assert "Todos los derechos reservados." in config.copyright
    assert config.sections[0].title == "Numbrix"


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it", "nl"])
def test_the_titles_init_writes_say_their_level_so_the_contents_need_not(language):
    from bookgen.core.grading import ALL_LEVELS, title_names_level
    from bookgen.i18n import speaking
    from bookgen.init import _section_title

    with speaking(language):
        for level in ALL_LEVELS:
            title = json.loads(_section_title("sudoku", level, leveled=True))
            assert title_names_level(title, level)
            others = [other for other in ALL_LEVELS if other != level]
            assert not any(title_names_level(title, other) for other in others)
        assert not title_names_level("Sudoku", "easy") and not title_names_level("Uneasy", "easy")


def test_init_titles_a_section_by_its_type_alone_unless_the_type_has_other_levels(run, tmp_path):
    """The heading's difficulty line says the level: "Woordzoeker, niveau makkelijk" above
    "Moeilijkheid: Makkelijk" said it twice, and the back cover listed "niveau makkelijk" five
    times. Only a type with sections at two levels keeps it, to tell them apart."""
    status, _, _ = run("init", str(tmp_path / "lp"), "--kind", "large-print", "--language", "nl",
                       "--type", "wordsearch,crossword,sudoku", "--levels", "easy")
    assert status == 0
    titles = [s.title for s in load_config(tmp_path / "lp" / "book.yaml").sections]
    assert titles == ["Woordzoeker", "Kruiswoordpuzzel", "Sudoku"]
    status, _, _ = run("init", str(tmp_path / "two"), "--type", "numbrix,sudoku", "--levels", "easy,hard")
    assert status == 0
    titles = [s.title for s in load_config(tmp_path / "two" / "book.yaml").sections]
    assert titles == [f"{name} \u2013 {level}"
                      for name in ("Numbrix", "Sudoku") for level in ("easy", "hard")]
    status, _, _ = run("init", str(tmp_path / "mix"), "--levels", "easy,medium,hard,expert")
    assert status == 0  # the print-on-demand mix: each type at one level
    titles = [s.title for s in load_config(tmp_path / "mix" / "book.yaml").sections]
    assert titles == ["Numbrix", "Number Placement", "Make the Number", "Number Walls"]


def test_an_unknown_language_is_refused_with_the_ones_there_are(run, tmp_path):
    status, _, err = run("init", str(tmp_path / "x"), "--language", "xx")
    assert status == 2 and "de" in err and "xx" in err
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize(("levels", "language", "said"), [
    ("easy,medium,hard,expert,master", "en", "from easy to master,"),
    ("medium,expert", "en", "from medium to expert,"),
    ("hard", "en", "at the hard level,"),
    ("easy,medium,hard,expert,master", "de", "von der Stufe leicht bis zur Stufe Meister,")])
def test_the_blurb_init_writes_names_the_books_easiest_and_hardest_levels(run, tmp_path, levels,
                                                                         language, said):
    """A book of expert and master sections had a back cover saying "from easy to hard"."""
    status, _, err = run("init", str(tmp_path / "book"), "--type", "sudoku", "--levels", levels,
                         "--language", language)
    assert status == 0, err
    assert said in " ".join(load_config(tmp_path / "book" / "book.yaml").back_text.split())
