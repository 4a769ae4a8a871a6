"""The playable edition on paper, as a phone prints it, against the book's drawing of the same
puzzles: each board's edge and lines as firm as the book's, its shades kept though a browser leaves
backgrounds off paper, the puzzle's own marks in ink; and on the phone, a word list whose longest
word would not fit half the line takes one column rather than cut the word off."""

from __future__ import annotations

from pathlib import Path

import pytest
import test_html

from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request

CLOTHES = "Reißverschluss,Schlafanzug,Handschuhe,Turnschuhe,Hose,Jacke,Mütze,Socke"
SHORT = "Hose,Jacke,Mütze,Socke,Schal,Rock"
BOOK = (("arrows", {}), ("kakuro", {}), ("hidato", {}), ("fillin", {}), ("pyramid", {}),
        ("numberwall", {}), ("nonogram", {}), ("cryptogram", {}), ("sudoku", {"variant": "diagonal"}),
        ("wordsearch", {"words": CLOTHES, "language": "de"}),
        ("fillin", {"words": CLOTHES, "size": "15", "language": "de"}),
        ("wordsearch", {"words": SHORT, "language": "de"}))
PHONE = {"width": 390, "height": 844, "touch": True}


@pytest.fixture(scope="module")
def every_board(tmp_path_factory) -> Path:
    sections = []
    for number, (name, options) in enumerate(BOOK, 1):
        kind = find_type(name)
        made = make_puzzle(Request.make(kind, "easy", options), f"print-{number}")
        sections.append({"title": name, "type": name, "rules": "Play.", "level": "easy",
                         "puzzles": [page_record(kind, made.to_json(), number)]})
    path = tmp_path_factory.mktemp("print") / "book.html"
    write_html(path, "Every Board on Paper", None, sections)
    return path


@pytest.fixture
def printed(browser, every_board):
    """The page on a phone, as its print preview lays it out."""
    with test_html._opener(browser, every_board) as open_:
        tab = open_(**PHONE)
        tab.emulate_media(media="print")
        yield tab


def _style(tab, selector: str, *names: str) -> list[str]:
    return tab.evaluate("""([s, names]) => { const c = getComputedStyle(document.querySelector(s));
                                             return names.map(n => c[n]); }""", [selector, list(names)])


def _edge(tab, grid: str) -> float:
    """The printed width of a grid's left edge: the grid's own border and its first square's."""
    return tab.evaluate("""s => { const g = document.querySelector(s);
        const square = g.querySelector('.cell:not(.void)');
        return parseFloat(getComputedStyle(g).borderLeftWidth)
               + parseFloat(getComputedStyle(square).borderLeftWidth); }""", grid)


def _shared_line(tab, square: str) -> float:
    """How wide the line is that the first square matching `square` shares with the square to its
    right: where their borders overlap, or the two side by side."""
    return tab.evaluate("""s => { const a = document.querySelector(s), b = a.nextElementSibling;
        const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
        const right = ra.right - parseFloat(getComputedStyle(a).borderRightWidth);
        const left = rb.left + parseFloat(getComputedStyle(b).borderLeftWidth);
        return Math.max(ra.right, left) - Math.min(right, rb.left); }""", square)


def test_printed_grids_edges_and_lines_are_as_firm_as_the_books(printed):
    # the book rounds an arrow count, a kakuro and a hidato with a 0.5 mm line (2 px), their
    # squares with 0.25 mm (1 px); on paper the page drew the edge as thin as the squares
    for grid in ("#puzzle-1 .grid.arrows", "#puzzle-2 .grid.kakuro", "#puzzle-3 .grid.numbrix"):
        assert _edge(printed, grid) == 2, grid
    # a fill-in's squares and a wall's bricks are all 0.5 mm in the book
    for square in ("#puzzle-4 .square:has(+ .square)", "#puzzle-6 .stack .cell:has(+ .cell)"):
        assert _shared_line(printed, square) == 2, square
    # a difference pyramid's given circles firmer than its empty ones
    given, empty = (_style(printed, f"#puzzle-5 .pyramid .cell{which}", "borderTopWidth")[0]
                    for which in (".given", ":not(.given)"))
    assert float(given[:-2]) > float(empty[:-2])
    printed.emulate_media(media="screen")
    assert _edge(printed, "#puzzle-1 .grid.arrows") == 1  # the screen keeps its look
    assert _shared_line(printed, "#puzzle-4 .square:has(+ .square)") == 1


def test_printed_shades_stay_on_paper_and_the_puzzles_marks_are_in_ink(printed):
    # a browser prints no backgrounds unless told: a kakuro's black and clue squares (and with
    # them its sums), a diagonal sudoku's shading and a nonogram's painted squares went blank
    for node in ("#puzzle-2 .cell.clue", "#puzzle-9 .cell.diagonal"):
        assert _style(printed, node, "printColorAdjust") == ["exact"], node
    printed.locator("#puzzle-7 .nonogram .cell").first.click()
    assert _style(printed, "#puzzle-7 .cell.black", "printColorAdjust") == ["exact"]
    # a nonogram's fine lines dark and carried on between its clues; a 0 clue (done from the
    # start) in ink, not grey
    ink = _style(printed, "#puzzle-7 .clue.row", "color")[0]
    assert _style(printed, "#puzzle-7 .clue.row.done", "color") == [ink]
    fine = _style(printed, "#puzzle-7 .cell", "borderRightColor")[0]
    assert max(int(part) for part in fine[4:-1].split(",")) <= 0x80, fine  # on screen a faint grey
    lines = _style(printed, "#puzzle-7 .clue.column", "borderRightStyle", "borderRightWidth")
    assert lines[0] == "solid" and lines[1] != "0px"
    # a cryptogram's code letters are the puzzle's, printed in ink, not in the entries' blue
    assert _style(printed, "#puzzle-8 .code-letter", "color") == [ink]


def _list_fits(tab, number: int) -> list:
    """Whether every word of the puzzle's list shows whole within its board, and in how many
    columns the list stands."""
    return tab.evaluate("""n => {
        const board = document.querySelector(`#puzzle-${n} .board`).getBoundingClientRect();
        const items = [...document.querySelectorAll(`#puzzle-${n} .words li`)];
        const whole = items.every(li => li.scrollWidth <= li.clientWidth
                                        && li.getBoundingClientRect().right <= board.right);
        return [whole, new Set(items.map(li => Math.round(li.getBoundingClientRect().left))).size]; }""",
                        number)


def test_on_a_phone_a_long_word_keeps_its_list_to_one_column_whole(browser, every_board):
    with test_html._opener(browser, every_board) as open_:
        tab = open_(**PHONE)
        # REIßVERSCHLUSS does not fit half a phone's line: the list takes one column
        assert _list_fits(tab, 10) == [True, 1]  # the word search's
        assert _list_fits(tab, 11) == [True, 1]  # the fill-in's (REISSVERSCHLUSS)
        assert _list_fits(tab, 12) == [True, 2]  # short words keep two columns
        tab = open_(width=900, height=900)
        assert _list_fits(tab, 10) == [True, 2]  # a laptop has room for both
