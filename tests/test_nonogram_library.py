"""The nonogram's built-in pictures (bookgen/puzzles/nonogram/library.txt): each a puzzle with one
answer, dealt by default at the level it grades, none twice in a book while others remain, its name
under its answer in the book's language."""

from __future__ import annotations

from collections import Counter

from bookgen.book import make_book
from bookgen.config import load_config
from bookgen.i18n import _, speaking
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.nonogram.generator import (
    clues_of,
    count_answers,
    dealt_picture,
    pictures_for,
    rating_of,
)
from bookgen.puzzles.nonogram.library import NAMES, library, name_of
from bookgen.puzzles.nonogram.parameters import DEFAULT_SIDE

NONOGRAM = find_type("nonogram")


def test_every_built_in_picture_makes_a_puzzle_with_one_answer():
    pictures = library()
    assert len(pictures) >= 25
    for picture in pictures:
        assert picture.name in NAMES, picture.name
        assert picture.size in {(10, 10), (15, 15)}, picture.name
        assert all(len(row) == picture.size[1] for row in picture.rows), picture.name
        assert count_answers(clues_of(picture.grid())) == [picture.grid()], picture.name
        assert rating_of(picture)["stage"] != "search", picture.name
    forms = Counter((picture.size, NONOGRAM.canonical(clues_of(picture.grid()))) for picture in pictures)
    assert max(forms.values()) == 1  # no picture twice, mirrored or turned
    assert len({(picture.name, picture.size) for picture in pictures}) == len(pictures)


def test_every_default_level_has_built_in_pictures_at_its_default_size():
    for level, side in DEFAULT_SIDE.items():
        assert len(pictures_for(level, (side, side))) >= 3, level


def _names(book, section: int) -> list[str | None]:
    return [name_of(record.solution["grid"]) for record in book.sections[section].records]


def test_a_default_book_paints_the_built_in_pictures_at_the_levels_they_reach(write_config):
    """Each section takes the pictures of its default size that grade its level (their rating is
    the puzzle's), and its answer key names each."""
    sections = "".join(f"  - {{type: nonogram, count: 2, difficulty: {level}}}\n"
                       for level in ("easy", "medium", "hard", "expert"))
    book = make_book(load_config(write_config(f"title: T\nseed: 4\nsections:\n{sections}")))
    for section, level in zip(book.sections, ("easy", "medium", "hard", "expert")):
        side = DEFAULT_SIDE[level]
        built_in = {picture.name for picture in pictures_for(level, (side, side))}
        for record in section.records:
            name = name_of(record.solution["grid"])
            assert name in built_in, (level, name)
            assert record.rating["level"] == level
            assert NONOGRAM.answer_note(record.puzzle, record.solution, 1) == NAMES[name]
    with speaking("de"):
        assert _(NAMES["cat"]) == "Katze"


def test_no_picture_comes_twice_in_a_book_while_others_remain(write_config):
    """Two sections of one size and level share one deal: together they print every easy 10x10
    picture once before the first random blot."""
    easy = len(pictures_for("easy", (10, 10)))
    first, second = easy // 2, easy - easy // 2 + 1
    config = write_config(f"title: T\nseed: 2\nsections:\n"
                          f"  - {{type: nonogram, count: {first}, difficulty: easy}}\n"
                          f"  - {{type: nonogram, count: {second}, difficulty: easy}}\n")
    book = make_book(load_config(config))
    names = _names(book, 0) + _names(book, 1)
    painted = [name for name in names if name is not None]
    assert sorted(painted) == sorted(picture.name for picture in pictures_for("easy", (10, 10)))
    assert names.count(None) == 1  # the one past the library: a blot


def test_blots_stay_to_be_asked_for_and_another_seed_deals_another_order(write_config):
    config = write_config("title: T\nseed: 3\nsections:\n"
                          "  - {type: nonogram, count: 2, difficulty: easy, pictures: blots}\n")
    book = make_book(load_config(config))
    assert _names(book, 0) == [None, None]
    orders = {tuple(dealt_picture(Request.make(NONOGRAM, "easy", {"picture_number": n, "deal_seed": seed}))
                    for n in range(1, 4)) for seed in ("1", "2", "3", "4")}
    assert len(orders) > 1
