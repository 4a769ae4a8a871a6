"""Word search's own facts: every listed word lies in exactly one place, no blocked word shows by
accident, each language's letters, the directions each level uses, and bad word lists refused
with one clear message."""

from __future__ import annotations

import io
import random
import textwrap

import pytest
from pypdf import PdfReader

from bookgen.audit import audit
from bookgen.book import make_book
from bookgen.config import load_config, read_config_text
from bookgen.core.dictionary import blocked_words
from bookgen.core.grading import LEVELS
from bookgen.core.letters import LANGUAGES, alphabet, grid_form
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.i18n import speaking
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.wordsearch.checking import accidental
from bookgen.puzzles.wordsearch.drawing import LEAST_CELL, cell_size
from bookgen.puzzles.wordsearch.parameters import (
    DIRECTIONS_AT,
)
from bookgen.puzzles.wordsearch.solver import placements
from bookgen.render.pdf import render_pdf

WORDSEARCH = find_type("wordsearch")
SECTION = "title: T\nsections:\n  - type: wordsearch\n    difficulty: easy\n    count: 1\n"


def _made(level: str, seed: str = "a", **options):
    request = Request.make(WORDSEARCH, level, options)
    return WORDSEARCH.generate(random.Random(seed), request)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_word_lies_once_and_nothing_blocked_shows(language, level):
    made = _made(level, language=language)
    grid = made.puzzle["grid"]
    assert all(len(placements(grid, word)) == 1 for word in made.puzzle["words"])
    assert accidental(grid, blocked_words(language), made.solution) == []
    assert {letter for row in grid for letter in row} <= alphabet(language)
    used = {p["direction"] for p in made.solution["placements"]}
    assert used <= set(DIRECTIONS_AT[level])
    if level in ("hard", "expert"):
        assert used - {"E", "S", "SE", "NE"}  # some word reads backwards


def test_each_language_writes_words_as_its_puzzles_do():
    assert grid_form("Straße", "de") == "STRASSE" and grid_form("Bär", "de") == "BÄR"
    assert grid_form("élève", "fr") == "ELEVE" and grid_form("cœur", "fr") == "COEUR"
    assert grid_form("montaña", "es") == "MONTAÑA" and grid_form("árbol", "es") == "ARBOL"
    assert grid_form("città", "it") == "CITTA" and grid_form("café", "nl") == "CAFE"


def test_a_german_grid_keeps_umlauts_and_never_shows_sharp_s():
    made = _made("easy", language="de", words=["Bär", "Löwe", "Straße", "Müsli"], word_count=4)
    assert {"BÄR", "LÖWE", "STRASSE", "MÜSLI"} == set(made.puzzle["words"])
    assert not any("ß" in row for row in made.puzzle["grid"])


def test_a_blocked_word_in_the_fill_is_a_defect():
    solution = {"placements": [{"word": "CAT", "row": 0, "col": 0, "direction": "E"}]}
    assert accidental(["CATX", "SHIT"], ("SHIT",), solution) == ["SHIT"]
    assert accidental(["CATX", "TIHS"], ("SHIT",), solution) == ["SHIT"]  # backwards too
    inside = {"placements": [{"word": "SHIT", "row": 1, "col": 0, "direction": "E"}]}
    assert accidental(["CATX", "SHIT"], ("SHIT",), inside) == []  # a listed word may hold one


def test_same_seed_same_grid_and_different_seeds_differ():
    assert _made("hard", "x").puzzle == _made("hard", "x").puzzle
    assert _made("hard", "x").puzzle["grid"] != _made("hard", "y").puzzle["grid"]


def test_words_from_the_config_as_a_list_and_as_a_file(tmp_path):
    (tmp_path / "words.txt").write_text("apple\n# fruit\npear\n\nplum\ncherry\n", "utf-8")
    (tmp_path / "book.yaml").write_text(textwrap.dedent("""\
        title: Fruit
        language: de
        sections:
          - {type: wordsearch, count: 1, difficulty: easy, words: [Kiwi, Apfel, Birne], word_count: 3}
          - {type: wordsearch, count: 1, difficulty: easy, words: words.txt, word_count: 4}
        """))
    config = load_config(tmp_path / "book.yaml")
    first, second = (section.request.settings for section in config.sections)
    assert first["words"] == ("Kiwi", "Apfel", "Birne") and first["language"] == "de"
    assert second["words"] == ("apple", "pear", "plum", "cherry")


@pytest.mark.parametrize(("words", "said"), [
    ("[cat, dog, t3st]", "not a letter"),
    ("[]", "empty"),
    ("[cat, dog, abcdefghijklmnopqrstuvwxyz]", "longer than the largest grid"),
])
def test_a_bad_word_list_is_one_clear_error_at_its_line(tmp_path, words, said):
    (tmp_path / "book.yaml").write_text(
        f"{SECTION}    words: {words}\n")
    with pytest.raises(BookgenError) as caught:
        load_config(tmp_path / "book.yaml")
    assert said in caught.value.message and caught.value.line == 6


def test_a_misspelt_key_lists_each_allowed_key_once(tmp_path):
    """The section's 'language' and word search's own 'language' option are one key to a reader."""
    (tmp_path / "book.yaml").write_text(f"{SECTION}    wrods: [cat, dog, cow]\n")
    with pytest.raises(BookgenError) as caught:
        load_config(tmp_path / "book.yaml")
    allowed = caught.value.message.split("(allowed: ")[1].rstrip(")").split(", ")
    assert "language" in allowed and len(allowed) == len(set(allowed))


def test_a_bad_word_in_a_file_is_named_at_its_line(tmp_path):
    (tmp_path / "words.txt").write_text("apple\npear\nplum7\n", "utf-8")
    (tmp_path / "book.yaml").write_text(
        f"{SECTION}    words: words.txt\n")
    with pytest.raises(BookgenError) as caught:
        load_config(tmp_path / "book.yaml")
    assert caught.value.line == 3 and "plum7" in caught.value.message


def test_a_word_longer_than_the_grid_asked_for_is_refused():
    with pytest.raises(BookgenError, match="longer than the grid"):
        Request.make(WORDSEARCH, "easy", {"words": ["elephant", "cat", "dog"], "size": "6"})


def test_a_word_longer_than_the_largest_grid_as_written_there_is_refused():
    """ß is written SS: 20 letters in the config are 21 squares, which no grid holds."""
    with pytest.raises(BookgenError, match="STRASSENBAHNSCHAFFNER"):
        Request.make(WORDSEARCH, "easy", {"words": ["Straßenbahnschaffner", "Hund", "Katze"],
                                          "language": "de"})


def test_a_word_inside_another_is_refused():
    with pytest.raises(BookgenError, match="part of"):
        Request.make(WORDSEARCH, "easy", {"words": ["cat", "cats", "dog"]})
    with pytest.raises(BookgenError, match="'MAR' is part of 'TRAMO' read backwards"):
        Request.make(WORDSEARCH, "easy", {"words": ["mar", "tramo", "dog"]})


def test_a_section_speaks_its_own_language_and_the_id_keeps_it(tmp_path):
    (tmp_path / "book.yaml").write_text(
        "title: T\nlanguage: de\nsections:\n"
        "  - {type: wordsearch, count: 1, difficulty: easy}\n"
        "  - {type: wordsearch, count: 1, difficulty: easy, language: es}\n")
    german, spanish = (s.request for s in load_config(tmp_path / "book.yaml").sections)
    assert german.settings["language"] == "de" and "language=es" in spanish.id("1")
    assert sorted(WORDSEARCH.example(spanish).puzzle["words"]) == ["GATO", "LEON", "PATO"]


def test_a_palindrome_read_both_ways_lies_in_one_place():
    assert len(placements(["XANAX", "QQQQQ"], "ANA")) == 1
    assert WORDSEARCH.solve({"grid": ["CATAC", "QQQQQ"], "words": ["CATAC"], "language": "en"}, 2).count == 1


LARGE_PRINT = """\
title: Large
layout: {layout}
large_print: true
answers: back
sections:
  - {{type: wordsearch, count: 2, difficulty: {level}{extra}}}
"""


def _large_print_pdf(tmp_path, layout: str, level: str, extra: str = "") -> bytes:
    text = LARGE_PRINT.format(layout=layout, level=level, extra=extra)
    return render_pdf(make_book(read_config_text(text, tmp_path / "book.yaml")))[0]


@pytest.mark.parametrize(("language", "theme", "word"), [("en", "animals", "KANGAROO"),
                                                        ("de", "school", "STUNDENPLAN")])
def test_an_expert_grid_prints_in_large_print_on_a_5x8_trim(tmp_path, language, theme, word):
    """A 14x14 grid is 112 mm at its 14 pt letters, the 5x8 frame 104 mm: its squares shrink
    around letters of the same size (German school words, long, take a list of nine lines under
    it: the squares shrink for the page's height too), and the auditor finds nothing under the
    floor."""
    pdf = _large_print_pdf(tmp_path, "5x8", "expert", f", theme: {theme}, language: {language}")
    with speaking(language):  # the auditor reads the words of the language spoken
        assert audit(pdf, large_print=True) == []
    assert any(word in page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_squares_shrink_only_as_far_as_a_letter_stays_apart():
    """Narrowed to a room, the squares fit its width, and its height with the list below (here
    one line: GAP 5 and LINE 7 mm), but never under LEAST_CELL."""
    puzzle = {"grid": ["A" * 14] * 14, "words": ["CAT", "DOG"]}
    assert cell_size(puzzle) == 8.0 and cell_size(puzzle, (200.0, 200.0)) == 8.0
    assert cell_size(puzzle, (104.0, 200.0)) == pytest.approx(104.0 / 14)
    assert cell_size(puzzle, (200.0, 96.0)) == pytest.approx(84.0 / 14)
    assert cell_size(puzzle, (50.0, 200.0)) == LEAST_CELL == cell_size(puzzle, (200.0, 50.0))
    assert WORDSEARCH.narrowed(104.0, 96.0).measure(puzzle) == pytest.approx((104.0, 96.0))


def test_a_grid_too_large_for_large_print_names_what_to_change(tmp_path):
    with pytest.raises(BookgenError, match=r"5 x 8 in.*larger trim or smaller puzzles \(a smaller "
                                           r"size or an easier difficulty\)"):
        _large_print_pdf(tmp_path, "5x8", "expert", ", size: 19")


@pytest.mark.parametrize(("level", "extra"), [("easy", ""), ("expert", ", size: 15")])
def test_a_large_print_opening_on_a_narrow_page_shows_its_example_narrowed(tmp_path, level, extra):
    """On a 5.5x8.5 trim the example's two 48 mm grids do not stand side by side at their
    floor, nor stacked under the rules: their squares shrink so they stand side by side (also
    beside a section whose own grids are narrowed to the page, 15 squares of 8 mm being wider)."""
    pdf = _large_print_pdf(tmp_path, "5.5x8.5", level, extra)
    opening = next(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages
                   if "How to play." in page.extract_text())
    assert "Example" in opening and "Solved" in opening
    with speaking("en"):
        assert audit(pdf, large_print=True) == []


def test_puzzle_json_listing_a_word_twice_is_refused():
    """A word listed twice cannot be hidden exactly once: the JSON is refused, naming the word."""
    puzzle = {"grid": ["CATS", "XXXX"], "words": ["CAT", "CAT"], "language": "en"}
    with pytest.raises(PuzzleFormatError, match="'words' lists CAT twice"):
        WORDSEARCH.validate(puzzle)
    WORDSEARCH.validate(dict(puzzle, words=["CAT"]))
