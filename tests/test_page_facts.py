"""True on the page: every printed puzzle is unique from what its page shows.

Each type declares what it prints (`PuzzleType.printed`): the puzzle as a reader knows it and the
texts that tell it. These tests build a book of every type and variant, read the text of each page
of the PDF, and check that every text each puzzle declares is printed on the page the puzzle is on,
and that the solver finds exactly one answer from the declared puzzle alone.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from bookgen.book import make_book
from bookgen.config import load_config
from bookgen.puzzles import PUZZLE_TYPES, find_type
from bookgen.puzzles.base import Request
from bookgen.render.document import BookDocument


def every_showcase() -> str:
    """A book config with a section for each registered type's every showcase request."""
    sections = [{"type": t.name, "count": 1, "difficulty": entry.level, **entry.options}
                for t in PUZZLE_TYPES for entry in t.showcase]
    return json.dumps({"title": "Every type as printed", "layout": "6x9", "seed": "facts",
                       "sections": sections})


# The tests of the built book run in one xdist worker, so it is built and read once.
ONE_BOOK = pytest.mark.xdist_group("page_facts_book")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The book, the page each puzzle lands on, and the strings drawn on each page."""
    folder: Path = tmp_path_factory.mktemp("facts")
    config_file = folder / "facts.yaml"
    config_file.write_text(every_showcase())
    book = make_book(load_config(config_file))
    puzzle_pages: dict[int, int] = {}
    pdf, _ = BookDocument(book).render("book", puzzle_pages)
    drawn: dict[int, Counter[str]] = {}
    for index, page in enumerate(PdfReader(io.BytesIO(pdf)).pages):
        drawn[index + 1] = strings = Counter[str]()
        page.extract_text(visitor_text=lambda text, *rest, found=strings: found.update([text.strip()]))
    return book, puzzle_pages, drawn


@ONE_BOOK
def test_every_type_and_the_variants_that_print_more_are_in_the_book(built):
    book, _, _ = built
    assert {section.puzzle_type.name for section in book.sections} == {t.name for t in PUZZLE_TYPES}
    puzzles = [p.record.puzzle for section in book.sections for p in section.puzzles]
    assert any(p.get("variant") == "distinct" for p in puzzles)  # needs its printed range
    assert any(p.get("concat") for p in puzzles)  # says numbers may be joined
    assert any(p.get("givens") for p in puzzles if "signs" in p)  # placement's pre-filled boxes
    assert any(v is None for p in puzzles for row in p.get("grid", []) for v in row)  # holes


@ONE_BOOK
def test_each_puzzle_prints_every_fact_it_declares_on_its_own_page(built):
    book, puzzle_pages, drawn = built
    declared: dict[int, Counter[str]] = {}
    for section in book.sections:
        for printed in section.puzzles:
            page = puzzle_pages[printed.number]
            texts = section.puzzle_type.printed(printed.record.puzzle).texts
            declared.setdefault(page, Counter()).update(texts)
    for page, texts in declared.items():
        missing = texts - drawn[page]
        assert not missing, f"page {page} lacks {dict(missing)}"


@ONE_BOOK
def test_each_puzzle_is_unique_from_what_its_page_shows(built):
    book, _, _ = built
    for section in book.sections:
        for printed in section.puzzles:
            shown = section.puzzle_type.printed(printed.record.puzzle).puzzle
            count = section.puzzle_type.solve(shown, 2).count
            assert count == (1 if printed.solutions == 1 else 2), printed.record.id


def test_what_a_page_shows_holds_only_what_the_page_prints():
    """Fields a page never prints (a wall's own max and bottom range, a placement's answer
    count) are not in what the solver is given; a distinct pyramid keeps the range it prints."""
    wall = find_type("numberwall")
    shown = wall.printed({"variant": "sum", "min": 5, "max": 80, "rows": [[0, 0], [12]]}).puzzle
    assert (shown["min"], shown["max"]) == (1, 9999)
    placement = find_type("placement")
    puzzle = {"signs": ["<"], "numbers": ["1", "-2/3"], "givens": {}, "arrangements": 1,
              "unique": True}
    assert set(placement.printed(puzzle).puzzle) == {"signs", "numbers", "givens"}
    assert set(placement.printed(puzzle).texts) == {"<", "1", "\u2212", "2", "3"}
    pyramid = find_type("pyramid")
    distinct = pyramid.example(Request.make(pyramid, "easy", {"variant": "distinct"}))
    assert distinct is not None
    assert pyramid.printed(distinct.puzzle).puzzle["max"] == distinct.puzzle["max"]
