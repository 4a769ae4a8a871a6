"""Word search's own facts: every listed word lies in exactly one place, no blocked word shows by
accident, each language's letters, the directions each level uses, and bad word lists refused
with one clear message."""

from __future__ import annotations

import io
import itertools
import json
import random
import re
import textwrap
from collections import Counter
from types import SimpleNamespace

import pytest
import test_html
from pypdf import PdfReader

from bookgen import contract
from bookgen.audit import audit
from bookgen.book import make_book
from bookgen.config import load_config, read_config_text
from bookgen.core.dictionary import blocked_words
from bookgen.core.grading import LEVELS
from bookgen.core.letters import LANGUAGES, alphabet, grid_form
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.html import write_html
from bookgen.i18n import speaking
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request, dealt_requests, spread
from bookgen.puzzles.wordsearch.checking import accidental
from bookgen.puzzles.wordsearch.drawing import LEAST_CELL, LINE, cell_size
from bookgen.puzzles.wordsearch.generator import puzzle_theme
from bookgen.puzzles.wordsearch.parameters import (
    ALL_THEMES,
    DIRECTIONS_AT,
    _listed,
    listed,
    shown,
    theme_dealt,
    theme_heading,
    theme_words,
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
    assert str(caught.value).startswith(f"{tmp_path / 'words.txt'}:3: the word 'plum7'")


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
    with pytest.raises(BookgenError, match=r"5 x 8 in.*use a larger trim \(5\.5x8\.5, 6x9, .*\), "
                                           r"standard print \(large_print: false\) or a smaller size$"):
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


# --- a teacher's own list (issue 46) -------------------------------------------------------------

VOCABULARY = ["photosynthesis", "chlorophyll", "carbon dioxide", "oxygen", "glucose", "sunlight",
              "water", "leaf", "root"]


def test_a_teachers_list_goes_in_whole_on_both_versions_read_from_a_file(tmp_path):
    """Nine words, the longest 14 letters and one a term of two words, read by --set words=@FILE:
    every word is hidden on version A and on version B (the grid grows to fit them), the term
    prints with its space and runs together in the grid."""
    from bookgen.cli import main

    (tmp_path / "words.txt").write_text("\n".join(VOCABULARY) + "\n", "utf-8")
    target = tmp_path / "sheet.pdf"
    assert main(["worksheet", "wordsearch", "-n", "1", "--versions", "2", "--set",
                 f"words=@{tmp_path / 'words.txt'}", "-o", str(target), "-q"]) == 0
    for version in "AB":
        text = PdfReader(tmp_path / f"sheet-{version}.pdf").pages[0].extract_text()
        assert all(grid_form(word, "en") in text for word in VOCABULARY), version
        assert "CARBON DIOXIDE" in text  # the list keeps the space (the grid runs it together)
    made = _made("easy", words=VOCABULARY)
    assert sorted(made.puzzle["words"]) == sorted(grid_form(w, "en").replace(" ", "") for w in VOCABULARY)
    assert made.puzzle["shown"] == {"CARBONDIOXIDE": "CARBON DIOXIDE"}
    assert len(placements(made.puzzle["grid"], "CARBONDIOXIDE")) == 1


SPANISH = ["ÁRBOL", "CAMIÓN", "CORAZÓN", "LEÓN", "PINGÜINO", "NIÑO", "ARAÑA", "MONTAÑA"]


def test_the_list_prints_a_word_as_written_and_only_the_grid_drops_its_marks(tmp_path):
    """A Spanish teacher's ÁRBOL, PINGÜINO: the list on the page, in the answer key and in the JSON
    the HTML edition reads keeps the accents; the grid writes ARBOL, PINGUINO (Spanish grids'
    letters). A letter the grid writes with two is two in the list too, a letter a square: a
    German teacher's STRAUß is STRAUSS, a French ŒUF is OEUF, as the grid holds them."""
    from bookgen.cli import main

    made = _made("easy", words=SPANISH, language="es")
    assert made.puzzle["written"] == {"ARBOL": "ÁRBOL", "CAMION": "CAMIÓN", "CORAZON": "CORAZÓN",
                                      "LEON": "LEÓN", "PINGUINO": "PINGÜINO"}
    assert "shown" not in made.puzzle  # older readers print the grid's spelling, as before
    assert all(len(placements(made.puzzle["grid"], word)) == 1 for word in ("ARBOL", "PINGUINO"))
    WORDSEARCH.validate(made.puzzle)
    target = tmp_path / "es.pdf"
    assert main(["worksheet", "wordsearch", "-n", "1", "-L", "es", "--set", "words=" + ",".join(SPANISH),
                 "-o", str(target), "-q"]) == 0
    text = "".join(page.extract_text() for page in PdfReader(target).pages)
    assert all(word in text for word in SPANISH)
    key = "".join(page.extract_text() for page in PdfReader(tmp_path / "es-answers.pdf").pages)
    assert not any(word in key for word in SPANISH)  # the key's outlines show the words, no list
    first = PdfReader(target).pages[0].extract_text()
    assert "LEÓN" in first  # the example's list too (its words are león, gato, pato)
    german = _made("easy", words=["STRAUß", "Käse", "Bär", "Fuchs", "Hase", "Igel"], language="de")
    assert "written" not in german.puzzle and "STRAUSS" in german.puzzle["words"]
    assert len(placements(german.puzzle["grid"], "STRAUSS")) == 1
    terms = find_type("wordsearch").hints(german.puzzle, german.solution)
    assert any(hint["why"].startswith("STRAUSS ") for hint in terms)
    french = _made("easy", words=["œuf", "cœur", "élève", "Noël", "lapin", "chat"], language="fr")
    assert french.puzzle["written"] == {"ELEVE": "ÉLÈVE", "NOEL": "NOËL"}
    assert {"OEUF", "COEUR"} <= set(french.puzzle["words"])
    with pytest.raises(PuzzleFormatError, match="'written'"):
        WORDSEARCH.validate({"grid": ["ARBOLX", "XXXXXX"], "words": ["ARBOL"], "language": "es",
                             "written": {"ARBOL": "ÁRBOLES"}})


@pytest.mark.parametrize("language", ["de", "fr", "es", "it", "nl"])
def test_a_themes_list_prints_its_words_with_their_accents(language):
    """Every theme word with a mark its language's grids drop (CORAZÓN, PÈRE NOËL) prints with it,
    and no two of a theme's terms fold to one grid word (the list would show only one)."""
    from bookgen.puzzles.wordsearch.parameters import (
        ALL_THEMES,
        _listed,
        grid_word,
        shown,
        theme_words,
        written_form,
    )

    for theme in ALL_THEMES:
        terms = _listed(f"words/{language}/{theme}.txt")
        assert len({grid_word(term, language) for term in terms}) == len(terms), theme
        made = _made("easy", language=language, theme=theme)
        written = {grid_word(term, language): written_form(term, language) for term in terms}
        printed = shown(made.puzzle)
        assert all(printed[word] == written[word] for word in made.puzzle["words"]), theme
        assert set(made.puzzle["words"]) <= set(theme_words(language, theme))


def test_every_word_that_cannot_go_in_is_named_with_why():
    with pytest.raises(BookgenError) as caught:
        Request.make(WORDSEARCH, "easy", {"words": ["cat", "cats", "Søren", "dog"], "language": "de"})
    message = caught.value.message
    assert message.startswith("these 2 words cannot go into a grid")
    assert "'Søren' holds Ø" in message and "'CAT' is part of 'CATS'" in message
    with pytest.raises(BookgenError, match=r"these 5 words are longer than the grid \(6x6\).*"
                                           r"'PHOTOSYNTHESIS' \(14 letters\)"):
        Request.make(WORDSEARCH, "easy", {"words": VOCABULARY, "size": "6"})
    with pytest.raises(BookgenError, match="set word_count to deal them out"):
        Request.make(WORDSEARCH, "easy", {"words": [f"word{chr(97 + i)}{chr(97 + j)}"
                                                    for i in range(7) for j in range(7)]})


def test_a_long_list_is_dealt_out_no_word_twice_and_version_b_takes_what_a_took(tmp_path):
    """30 words, 5 a grid, 6 puzzles: each word once in the book; version B's puzzles hide what
    A's do, puzzle for puzzle (B's were in the order dealt, A's sorted by rating); a puzzle's id
    names its share, so it makes the same puzzle again."""
    words = ", ".join(f"{a}{b}{c}o" for a, b, c in zip("bcdfghjklmnpqrstvwxzbcdfghjklm",
                                                         "aaaaaaaaaaeeeeeeeeeeiiiiiiiiii",
                                                         "tttttttttttttttttttttttttttttt"))
    config = read_config_text(f"title: T\nversions: 2\nsections:\n  - {{type: wordsearch, count: 6, "
                              f"difficulty: easy, word_count: 5, words: [{words}]}}\n",
                              tmp_path / "book.yaml")
    a, b = (version.sections[0].records for version in make_book(config).editions())
    hidden = [word for record in a for word in record.puzzle["words"]]
    assert sorted(hidden) == sorted(w.strip().upper() for w in words.split(","))
    assert [sorted(r.puzzle["words"]) for r in a] == [sorted(r.puzzle["words"]) for r in b]
    assert any("deal=6" in r.id for r in a)


def test_a_childrens_section_deals_a_teachers_long_list_a_few_words_a_grid(tmp_path):
    """A French teacher's twelve words in six children's grids: six a grid, as with a theme, the
    first two grids hiding all twelve between them, where each grid hid all twelve under the same
    list; a list of six or fewer still goes in whole."""
    words = "élève, Noël, œuf, école, forêt, fenêtre, château, hérisson, garçon, cœur, pâtes, crayon"
    config = read_config_text(f"title: T\nlanguage: fr\nsections:\n  - {{type: wordsearch, count: 6, "
                              f"difficulty: easy, children: true, words: [{words}]}}\n",
                              tmp_path / "book.yaml")
    records = make_book(config).sections[0].records
    assert [len(record.puzzle["words"]) for record in records] == [6] * 6
    shares = sorted(sorted(record.puzzle["words"]) for record in records)
    assert len({tuple(share) for share in shares}) > 1  # not one list in every grid
    first = {word for record in records if "deal=1," in record.id or "deal=2," in record.id
             for word in record.puzzle["words"]}
    assert len(first) == 12
    few = Request.make(WORDSEARCH, "easy", {"children": True, "words": ["chat", "chien", "loup"]})
    assert few.settings["word_count"] == 3


# --- themes that fit any grid (issues 42, 43) ----------------------------------------------------

def test_every_theme_speaks_every_language_and_has_messages():
    from bookgen.puzzles.wordsearch.parameters import ALL_THEMES, theme_messages, theme_words

    assert len(ALL_THEMES) >= 20
    for language in LANGUAGES:
        for theme in ALL_THEMES:
            words = theme_words(language, theme)
            assert len(words) >= 25 and all(set(w) <= alphabet(language) and len(w) >= 3
                                            for w in words), (language, theme)
            assert theme_messages(language, theme), (language, theme)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_theme_word_is_one_a_childrens_book_avoids(language):
    """A theme is a children's book's default (SOLDIER among the jobs, BLOOD in the body, EHEFRAU
    in the family were): none of its words is in the language's unsuitable list, which the
    scramble's and the fill-in's common words already keep out."""
    from bookgen.core.dictionary import unsuitable_words
    from bookgen.puzzles.wordsearch.parameters import ALL_THEMES, theme_words

    unsuitable = unsuitable_words(language)
    assert {(theme, word) for theme in ALL_THEMES for word in theme_words(language, theme)
            if word in unsuitable} == set()


@pytest.mark.parametrize(("language", "options"), [("en", {"size": "7"}),
                                                   ("de", {"size": "6", "children": True})])
def test_a_themes_words_fit_a_small_grid(language, options):
    """ELEPHANT does not break a 7x7 grid: the theme gives the words that fit, fewer of them."""
    made = _made("easy", language=language, **options)
    side = int(options["size"])
    assert len(made.puzzle["grid"]) == side and all(len(w) <= side for w in made.puzzle["words"])
    assert 3 <= len(made.puzzle["words"]) <= 8 and WORDSEARCH.check(made.puzzle, made.solution) == []


# --- a hidden message, a shape, children's grids (issue 42) --------------------------------------

@pytest.fixture(scope="module")
def heart():
    """A hard heart whose leftover letters spell one of the theme's messages."""
    return WORDSEARCH.generate(random.Random("b"), Request.make(
        WORDSEARCH, "hard", {"shape": "heart", "message": "theme", "theme": "sports"}))


def test_the_leftover_letters_spell_the_message_and_the_answer_key_prints_it(heart):
    from bookgen.core.pen import RecordingPen
    from bookgen.puzzles.wordsearch.parameters import HOLE, message_letters, theme_messages

    puzzle, solution = heart.puzzle, heart.solution
    assert solution["message"] in theme_messages("en", "sports")
    used = {(p["row"] + i * dr, p["col"] + i * dc) for p in solution["placements"]
            for dr, dc in [{"E": (0, 1), "S": (1, 0), "SE": (1, 1), "NE": (-1, 1), "W": (0, -1),
                            "N": (-1, 0), "NW": (-1, -1), "SW": (1, -1)}[p["direction"]]]
            for i in range(len(p["word"]))}
    left = "".join(ch for r, row in enumerate(puzzle["grid"]) for c, ch in enumerate(row)
                   if ch != HOLE and (r, c) not in used)
    assert left == message_letters(solution["message"], "en") and sum(puzzle["message_lengths"]) == len(left)
    assert any(HOLE in row for row in puzzle["grid"]) and heart.rating["level"] == "hard"
    assert WORDSEARCH.solve(puzzle, 2).solution["message"] == " ".join(solution["message"].upper().split())
    assert WORDSEARCH.check(puzzle, dict(solution, message="the wrong words")) != []
    pen = RecordingPen()
    WORDSEARCH.draw_solution(pen, puzzle, solution)
    assert "Hidden message:" in pen.texts() and solution["message"].split()[0].upper() in pen.texts()
    assert not [call for call in pen.calls if call[0] == "rect"]  # a shape is outlined, not boxed


def test_a_list_and_a_message_that_cannot_share_a_fixed_grid_are_refused_with_the_count():
    with pytest.raises(BookgenError, match="leaves 78 for the hidden message; it has 13 letters"):
        Request.make(WORDSEARCH, "easy", {"words": VOCABULARY, "size": "10x15", "message": "well done class"})
    made = _made("medium", words=VOCABULARY, message="Well done, class!")
    assert made.puzzle["message_lengths"] == [4, 4, 5] and WORDSEARCH.check(made.puzzle, made.solution) == []


def test_a_shape_from_a_picture_or_a_text_file_beside_the_config(tmp_path):
    from PIL import Image, ImageDraw

    picture = Image.new("RGB", (200, 200), "white")
    ImageDraw.Draw(picture).ellipse((10, 10, 190, 190), fill="black")
    picture.save(tmp_path / "round.png")
    (tmp_path / "plus.txt").write_text("..####..\n..####..\n########\n########\n########\n"
                                       "########\n..####..\n..####..\n", "utf-8")
    (tmp_path / "book.yaml").write_text(
        "title: T\nsections:\n"
        "  - {type: wordsearch, count: 1, difficulty: easy, size: 12, shape: round.png}\n"
        "  - {type: wordsearch, count: 1, difficulty: easy, shape: plus.txt, word_count: 4}\n")
    round_, plus = (s.request for s in load_config(tmp_path / "book.yaml").sections)
    assert round_.settings["shape"].count("/") == 11 and plus.settings["shape"].startswith("..####../")
    for request in (round_, plus):
        made = WORDSEARCH.generate(random.Random("shape"), request)
        grid = made.puzzle["grid"]
        assert grid[0][0] == "." and WORDSEARCH.check(made.puzzle, made.solution) == []


def test_a_childrens_grid_reads_only_across_and_down_with_boxes_to_tick():
    from bookgen.core.pen import RecordingPen
    from bookgen.puzzles.wordsearch.checking import avoided

    made = _made("easy", children=True, theme="farm")
    assert made.puzzle["children"] is True and len(made.puzzle["words"]) == 6
    assert {p["direction"] for p in made.solution["placements"]} <= {"E", "S"}
    assert "HOE" in avoided("en", True) and "HOE" not in avoided("en") and "SAU" in avoided("de", True)
    pen = RecordingPen()
    WORDSEARCH.draw_puzzle(pen, made.puzzle)
    assert len([call for call in pen.calls if call[0] == "rect"]) == 1 + 6  # the grid, a box a word
    with pytest.raises(BookgenError, match="children's grids are easy"):
        Request.make(WORDSEARCH, "hard", {"children": True})


def test_the_blocklists_hold_what_the_held_out_grids_showed_and_older_json_still_reads():
    shown = {"en": ["PAKI", "FART"], "es": ["CACA", "JODE"], "nl": ["PIS", "KAK", "GVD", "POEP", "HOMO"],
             "de": ["TITTE"], "fr": ["FION"], "it": ["PIRLA"]}
    for language, words in shown.items():
        assert set(words) <= set(blocked_words(language)), language
    diagonal = {"placements": [{"word": "CAT", "row": 0, "col": 0, "direction": "E"}]}
    assert accidental(["CATQ", "QPQQ", "QQIQ", "QQQS"], blocked_words("nl"), diagonal) == ["PIS"]
    WORDSEARCH.validate({"grid": ["CATS", "XXXX"], "words": ["CAT"], "language": "en"})
    with pytest.raises(PuzzleFormatError, match="'shown'"):
        WORDSEARCH.validate({"grid": ["CATS", "XXXX"], "words": ["CAT"], "language": "en",
                             "shown": {"CAT": "DOG"}})


# --- the playable page ---------------------------------------------------------------------------



def test_the_playable_pages_list_keeps_the_accents(tmp_path, browser):
    """The HTML edition's list reads ÁRBOL and PINGÜINO, as the printed list does."""
    made = _made("easy", words=SPANISH, language="es")
    record = {"type": "wordsearch", "id": "wordsearch:x::1", "difficulty": "easy", "number": 1,
              "rating": made.rating, "puzzle": made.puzzle, "solution": made.solution}
    write_html(tmp_path / "book.html", "T", None, [{"title": "Sopa de letras", "type": "wordsearch",
                                                    "level": "easy", "rules": "Busca.", "puzzles": [record]}])
    with test_html._opener(browser, tmp_path / "book.html") as open_:
        tab = open_(width=1200, height=1600)
        listed = tab.locator("#puzzle-1 ul.words li").all_text_contents()
    assert sorted(word.strip() for word in listed) == sorted(SPANISH), listed


def test_the_playable_page_shows_the_shape_reveals_the_message_and_stays_readable_in_the_dark(
        tmp_path, heart, browser):
    """Every word of the heart found by keyboard: its blanks give way to the message, the leftover
    letters lit; the holes are no buttons; a children's list ticks a found word; axe finds nothing
    serious in the dark theme with words found (issue 46's contrast)."""
    children = _made("easy", children=True, words=VOCABULARY[3:])
    records = [{"type": "wordsearch", "id": f"wordsearch:x::{n}", "difficulty": level, "number": n,
                "rating": made.rating, "puzzle": made.puzzle, "solution": made.solution}
               for n, (level, made) in enumerate((("hard", heart), ("easy", children)), 1)]
    write_html(tmp_path / "book.html", "T", None, [{"title": "Word Search", "type": "wordsearch",
                                                    "level": "mixed", "rules": "Find them.",
                                                    "puzzles": records}])
    steps = {"E": (0, 1), "S": (1, 0), "SE": (1, 1), "NE": (-1, 1), "W": (0, -1), "N": (-1, 0),
             "NW": (-1, -1), "SW": (1, -1)}
    with test_html._opener(browser, tmp_path / "book.html") as open_:
        tab = open_(width=1200, height=1600)
        letters = "#puzzle-1 button.letter"
        holes = sum(row.count(".") for row in heart.puzzle["grid"])
        assert tab.locator("#puzzle-1 .hole").count() == holes
        assert tab.locator("#puzzle-1 .blanks").text_content().startswith("_")
        for place in heart.solution["placements"]:
            (dr, dc), n = steps[place["direction"]], len(place["word"]) - 1
            for r, c in ((place["row"], place["col"]), (place["row"] + n * dr, place["col"] + n * dc)):
                tab.locator(f"{letters}[data-row='{r}'][data-col='{c}']").press("Enter")
        assert tab.locator("#puzzle-1 .blanks").text_content() == heart.solution["message"]
        assert tab.locator(f"{letters}.left").count() == sum(heart.puzzle["message_lengths"])
        tab.emulate_media(color_scheme="dark")
        place = children.solution["placements"][0]
        (dr, dc), n = steps[place["direction"]], len(place["word"]) - 1
        for r, c in ((place["row"], place["col"]), (place["row"] + n * dr, place["col"] + n * dc)):
            tab.locator(f"#puzzle-2 button.letter[data-row='{r}'][data-col='{c}']").press("Enter")
        ticked = tab.locator("#puzzle-2 ul.words li.found")
        assert ticked.count() == 1
        assert ticked.evaluate("node => getComputedStyle(node, '::before').content") == '"✓"'
        assert test_html._axe_violations(tab) == []


def test_a_childrens_12_column_grid_fits_a_390_px_phone_and_each_box_keeps_its_word(tmp_path, browser):
    """A French teacher's children's grid of 12 columns ran 15 px past a 390 px phone (28 px letters
    at least), and MAITRESSE wrapped under its box in a list of two columns too narrow for it."""
    made = _made("easy", children=True, language="fr", size="12",
                 words=["MAITRESSE", "CRAYON", "CAHIER", "ECOLE", "GOMME", "REGLE"])
    record = {"type": "wordsearch", "id": "wordsearch:x::1", "difficulty": "easy", "number": 1,
              "rating": made.rating, "puzzle": made.puzzle, "solution": made.solution}
    section = {"title": "Mots mêlés", "type": "wordsearch", "level": "easy", "rules": "Cherche.",
               "puzzles": [record]}
    write_html(tmp_path / "book.html", "T", None, [section])
    with test_html._opener(browser, tmp_path / "book.html") as open_:
        tab = open_(width=390, height=844, touch=True)
        box = tab.locator("#puzzle-1 .wordsearch .scroll-box")
        assert box.evaluate("box => box.scrollWidth <= box.clientWidth")  # nothing hidden, no scrolling
        items = tab.locator("#puzzle-1 ul.words li").evaluate_all(
            "items => items.map((li) => [li.textContent, li.getBoundingClientRect().height,"
            " li.getBoundingClientRect().right <= li.parentNode.getBoundingClientRect().right + 1])")
    one_line = min(height for _, height, _ in items)
    assert all(height < 1.5 * one_line and inside for _, height, inside in items), items


@pytest.mark.parametrize(("language", "level", "said", "unsaid"), [
    ("fr", "easy", "Un mot se lit de gauche à droite ou de haut en bas.", "envers"),
    ("it", "easy", "Una parola si legge da sinistra a destra o dall’alto in basso.", "contrario"),
    ("nl", "medium", "of schuin van links naar rechts.", "achterstevoren"),
    ("en", "hard", "in any direction, across, down or on a slant, forwards or backwards", "harder"),
])
def test_a_sheets_rules_name_the_directions_its_level_hides_words_in(run, tmp_path, language, level,
                                                                      said, unsaid):
    """The easy sheet said "and at the harder levels also backwards" (à l'envers, al contrario,
    achterstevoren) and that words cross, which easy and medium grids never do: each level's rules
    name its own directions (`DIRECTIONS_AT`)."""
    target = tmp_path / "sheet.pdf"
    status, _, err = run("worksheet", "wordsearch", "-n", "1", "-d", level, "-L", language,
                         "--answers", "none", "-o", str(target), "-q", "-j", "1")
    assert status == 0, err
    text = " ".join(PdfReader(target).pages[0].extract_text().split())
    assert said in text and unsaid not in text, text
    assert (level == "hard") == any(cross in text for cross in ("croiser", "incrociarsi", "kruisen",
                                                                "may cross"))


@pytest.mark.parametrize("name", ["wordsearch", "scramble"])
def test_a_us_spelling_of_a_theme_is_the_theme(run, name):
    """`theme: colors` was refused ('did you mean colours?'): the US spelling is read as the
    theme, the same puzzles as `theme: colours`, in a config and on the command line; a config's
    schema takes it too, and the menus still offer the theme once."""
    from pathlib import Path

    from bookgen.schema import book_schema, option_schema

    made = [run("generate", name, "-d", "easy", "-n", "2", "--set", f"theme={theme}")
            for theme in ("colors", "colours")]
    assert made[0][0] == 0 and made[0] == made[1], made[0][2]
    config = read_config_text(f"title: T\nsections:\n  - {{type: {name}, count: 1, difficulty: easy, "
                              "theme: colors}\n", Path("book.yaml"))
    assert config.sections[0].request.settings["theme"] == "colours"
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft7Validator(book_schema())
    book = {"title": "T", "sections": [{"type": name, "count": 1, "difficulty": "easy"}]}
    for theme, valid in (("colors", True), ("colours", True), ("colurs", False)):
        book["sections"][0]["theme"] = theme
        assert validator.is_valid(book) == valid, theme
    (theme,) = [option for option in find_type(name).options if option.name == "theme"]
    schema = option_schema(theme)
    offered = schema["anyOf"][0]["enum"]
    assert "colours" in offered and "colors" not in offered
    assert len(schema["enumDescriptions"]) == len(offered)


# --- a section of every theme (`theme: all`) --------------------------------------------------------

THEMED = ("title: T\nlanguage: de\nseed: 7\nsections:\n"
          "  - {type: wordsearch, count: 12, difficulty: easy, theme: all, word_count: 5, size: 8}\n")


def test_a_theme_all_section_deals_a_theme_to_each_puzzle_and_prints_its_name(tmp_path):
    """A variety book's 30 word searches all hid the animals: under `theme: all` a section of 12
    takes 12 themes, none twice in a row (in print order, easier to harder), each grid's page
    headed by its theme's German name; the same config makes the same bytes."""
    config = read_config_text(THEMED, tmp_path / "book.yaml")
    with speaking("de"):
        book = make_book(config)
        pdf = render_pdf(book)[0]
        headings = {theme: theme_heading(theme) for theme in ALL_THEMES}
    records = book.sections[0].records
    themes = [record.puzzle["theme"] for record in records]
    assert len(set(themes)) == 12 and all(a != b for a, b in zip(themes, themes[1:]))
    assert headings["animals"] == "Tiere" and headings["body"] == "Der Körper"
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]
    for record in records:
        words = shown(record.puzzle)
        first = words[listed(record.puzzle)[0]]
        assert any(headings[record.puzzle["theme"]] in page and first in page for page in pages), first
    lines = contract.line_validator(WORDSEARCH, True)  # the schema names the field
    for record in records:  # each drew from its theme
        assert set(record.puzzle["words"]) <= set(theme_words("de", record.puzzle["theme"]))
        assert not list(lines.iter_errors(record.to_json()))
    with speaking("de"):
        assert render_pdf(make_book(read_config_text(THEMED, tmp_path / "book.yaml")))[0] == pdf


def test_themes_are_dealt_in_rounds_never_twice_in_a_row():
    """Puzzle N takes the Nth theme of the deal: every theme once a round, and the round after
    starts with another theme than the one before ended with."""
    dealt = [theme_dealt("en", deal, "1") for deal in range(1, 5 * len(ALL_THEMES) + 1)]
    for start in range(0, len(dealt), len(ALL_THEMES)):
        assert sorted(dealt[start:start + len(ALL_THEMES)]) == sorted(ALL_THEMES)
    assert all(a != b for a, b in zip(dealt, dealt[1:]))
    turns: Counter[str] = Counter()
    section = Request.make(WORDSEARCH, "easy", {"theme": "all", "children": True})
    requests = [WORDSEARCH.deal(section, turns, "1") for _ in range(3)]
    assert [request.settings["deal"] for request in requests] == [1, 2, 3]
    made = WORDSEARCH.generate(random.Random("a"), requests[1])
    assert made.puzzle["theme"] == dealt[1] and made.puzzle["children"] is True
    assert set(made.puzzle["words"]) <= set(theme_words("en", dealt[1]))


LONG_LIST = ("ANT,BEAR,CAMEL,DEER,EAGLE,FOX,GOAT,HORSE,IBIS,JAGUAR,KOALA,LION,MOOSE,NEWT,OTTER,"
             "PANDA,QUAIL,RABBIT,SEAL,TIGER,URCHIN,VIPER,WHALE,YAK,ZEBRA,BISON,CRANE,DINGO,FERRET,GECKO")
"""Thirty words, ten a grid: three shares a round."""


def test_another_seed_deals_a_long_list_and_the_themes_in_another_order(run):
    """Volume 2 of a book (another seed) hid the same ten words in grid N as volume 1, and took
    the themes in the same order: the deal follows the seed, which the id names (`deal_seed`),
    so that `generate --id` makes the puzzle again and the same seed deals the same."""
    made = {}
    for seed in ("1", "2"):
        status, out, err = run("generate", "wordsearch", "-d", "easy", "--set", f"words={LONG_LIST}",
                               "--set", "word_count=10", "-n", "2", "--seed", seed, "-q", "-j", "1")
        assert status == 0, err
        made[seed] = [json.loads(line) for line in out.splitlines()]
    assert "deal=1,deal_seed=2," in made["2"][0]["id"]
    hidden = {seed: [frozenset(record["puzzle"]["words"]) for record in records]
              for seed, records in made.items()}
    assert not set(hidden["1"]) & set(hidden["2"])
    status, again, err = run("generate", "--id", made["2"][1]["id"], "-q")
    assert status == 0 and json.loads(again) == made["2"][1], err
    section = Request.make(WORDSEARCH, "easy", {"theme": "all"})
    themes = {seed: [puzzle_theme(request) for request in dealt_requests(section, 6, Counter(), seed)]
              for seed in ("1", "2")}
    assert themes["1"] != themes["2"]


def test_a_section_without_theme_all_prints_no_theme_name():
    """The default (animals) and a theme named keep their pages as they were: no theme field, no
    heading."""
    for options in ({}, {"theme": "food"}):
        made = _made("easy", **options)
        assert "theme" not in made.puzzle
        pen = RecordingPen()
        WORDSEARCH.draw_puzzle(pen, made.puzzle)
        assert pen.bounds()[1] >= 0 and "Animals" not in pen.texts()
        assert WORDSEARCH.play_data(made.puzzle) is None


def test_the_theme_name_heads_the_grid_and_the_answer_above_their_letters():
    made = WORDSEARCH.generate(random.Random("a"), Request.make(WORDSEARCH, "easy", {
        "theme": "all", "deal": 1}))
    heading = theme_heading(made.puzzle["theme"])
    for draw in (lambda pen: WORDSEARCH.draw_puzzle(pen, made.puzzle),
                 lambda pen: WORDSEARCH.draw_solution(pen, made.puzzle, made.solution),
                 lambda pen: WORDSEARCH.narrowed(60.0, 200.0).draw_solution(pen, made.puzzle, made.solution)):
        pen = RecordingPen()
        draw(pen)
        texts = [kwargs for name, kwargs in pen.calls if name == "text"]
        assert texts[0]["text"] == heading
        assert all(kwargs["y"] > texts[0]["y"] + 3 for kwargs in texts[1:])
    plain = {key: value for key, value in made.puzzle.items() if key != "theme"}
    assert WORDSEARCH.measure(made.puzzle)[1] == pytest.approx(WORDSEARCH.measure(plain)[1] + LINE)


def test_a_theme_the_json_does_not_know_is_refused():
    made = _made("easy")
    with pytest.raises(PuzzleFormatError, match="'theme'"):
        WORDSEARCH.validate({**made.puzzle, "theme": "monsters"})
    WORDSEARCH.validate({**made.puzzle, "theme": "food"})


def test_theme_all_is_checked_against_every_theme_before_any_work():
    """A 5x5 Spanish grid takes only two words of the jobs (CHEF, JUEZ): the refusal names the
    theme, before any puzzle is made."""
    Request.make(WORDSEARCH, "easy", {"theme": "animals", "size": "5", "language": "es"})
    with pytest.raises(BookgenError, match="the theme jobs: too few"):
        Request.make(WORDSEARCH, "easy", {"theme": "all", "size": "5", "language": "es"})


def test_a_book_spreads_its_topics_without_leaving_the_rating_order_more_than_it_must():
    records = [SimpleNamespace(puzzle={"theme": theme}) for theme in ("a", "a", "b", "c", "c", "c")]
    assert [r.puzzle["theme"] for r in spread(records, WORDSEARCH)] == ["a", "b", "a", "c", "c", "c"]


def test_the_playable_page_heads_each_dealt_grid_with_its_theme(tmp_path, browser):
    records = []
    for number in (1, 2):
        made = WORDSEARCH.generate(random.Random("a"), Request.make(WORDSEARCH, "easy", {
            "theme": "all", "deal": number, "language": "fr"}))
        records.append({"type": "wordsearch", "id": f"wordsearch:x::{number}", "difficulty": "easy",
                        "number": number, "rating": made.rating, "puzzle": made.puzzle,
                        "solution": made.solution})
    with speaking("fr"):
        write_html(tmp_path / "book.html", "T", None, [{"title": "Mots mêlés", "type": "wordsearch",
                                                        "level": "easy", "rules": "Cherche.",
                                                        "puzzles": records}])
        names = [theme_heading(record["puzzle"]["theme"]) for record in records]
    with test_html._opener(browser, tmp_path / "book.html") as open_:
        tab = open_(width=390, height=844)
        for number, name in enumerate(names, 1):
            assert tab.locator(f"#puzzle-{number} .wordsearch .theme").text_content() == name


def test_a_section_of_grids_of_many_heights_spreads_over_its_pages(tmp_path):
    """Twelve themes' grids, each sized to its words (8x8 to 13x13): a full page of the first
    ones holds fewer of the later, taller ones, and spreading them evenly over their pages
    stopped the build (StopIteration); they now print as they come."""
    from bookgen.render.document import BookDocument

    text = THEMED.replace(", size: 8", "").replace("seed: 7", "seed: 4")
    puzzle_pages: dict[int, int] = {}
    with speaking("de"):
        BookDocument(make_book(read_config_text(text, tmp_path / "book.yaml"))).render("book", puzzle_pages)
    assert sorted(puzzle_pages) == list(range(1, 13)) and len(set(puzzle_pages.values())) > 6


MARKED = {"a": "àâáä", "e": "éèêë", "i": "îïí", "o": "ôóö", "u": "ùûúü", "c": "ç", "n": "ñ"}
"""The marked letters each unmarked one may stand for, in any of the six languages."""
MARKED_OTHER_WORD = {"de": {"spaten"}}
"""Theme words whose marked respelling is another, more common word (späten: later)."""


def _marked_respellings(word: str):
    """`word` with one or two of its unmarked letters given a mark (zebre: zèbre, eleve: élève)."""
    places = [index for index, letter in enumerate(word) if letter in MARKED]
    for count in (1, 2):
        for chosen in itertools.combinations(places, count):
            for letters in itertools.product(*(MARKED[word[index]] for index in chosen)):
                spelt = list(word)
                for index, letter in zip(chosen, letters):
                    spelt[index] = letter
                yield "".join(spelt)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_theme_word_is_spelt_as_its_language_writes_it(language):
    """A teacher found French themes without their accents (ZEBRE, ECOLE, ELEVE, FORET; and the
    Spanish held LEON, ARBOL, the Dutch ITALIE, PINGUIN): a school book must not teach a
    misspelling. No theme word lacks a mark that a spelling ten times as common in the language's
    dictionary (wordfreq's, the one bookgen's words come from) gives it."""
    from wordfreq import get_frequency_dict

    frequency = get_frequency_dict(language, wordlist="large")
    missing = []
    for theme in ALL_THEMES:
        for term in _listed(f"words/{language}/{theme}.txt"):
            for word in re.split(r"[\s'’-]+", term.lower()):
                if word in MARKED_OTHER_WORD.get(language, ()):
                    continue
                own = frequency.get(word, 0.0)
                missing += [f"{theme}: {word} ({spelt})" for spelt in _marked_respellings(word)
                            if frequency.get(spelt, 0.0) > 10 * own]
    assert not missing
