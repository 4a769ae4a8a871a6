"""Drawing through the pen: the grid's letter squares with the starter word's letters in them,
and below it the word list in columns, shortest words first, each length under its heading
("4 letters"), each as the language writes it (GARÇON, the grid's GARCON); the answer is the
grid filled in.

At its natural size the list goes beside the grid where below it the drawing would be taller
than `TALLEST` (a worksheet's room under its head). Every function takes an optional `room`
(width, height in mm, natural size): the page's frame when the grid at its letters' floor size
is wider than that (large print on a narrow trim). The squares then shrink around letters of
the same size, down to `LEAST_CELL`, until the grid and its list (below it, or else beside it)
fit the room; where they cannot, the list continues in bands below the grid that the page
prints on the pages after it (`page_breaks`). The plan is the shared
`bookgen.core.wordpage.plan`.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.pen import Pen, estimated_width
from bookgen.core.wordgrid import BLOCK, OPEN
from bookgen.core.wordpage import Entry, Plan, Sheet, Style, continued, draw_columns, draw_squares, plan
from bookgen.i18n import ngettext
from bookgen.puzzles.fillin.parameters import by_length, listed_terms

CELL = 8.0
LETTER_SIZE = 14
WORD_SIZE = 10
GAP = 5.0
LEAST_CELL = 1.2 * LETTER_SIZE * 25.4 / 72
"""The tightest square, mm, that still holds a letter apart from its neighbours (as word search's)."""
WIDEST, TALLEST = 170.0, 130.0
"""The natural size kept to where the fill-in can: 170 mm wide (a US Letter or A4 page's frame
holds it; a narrower page narrows it), 130 mm tall, which prints at the words' floor (7 pt, 0.7
of their size) in the room a US Letter worksheet leaves under its head and example: the list
goes beside the grid, its squares smaller, where below it the drawing would be taller."""
Room = tuple[float, float]


def _style(puzzle: JSON) -> Style:
    """The list's sizes: a column as wide as the widest word, or as "15 letters" in English in
    bold (a fifth wider than the estimate; a heading in another language is set smaller where
    it is wider: `Entry.whole`)."""
    widest = max(estimated_width(term, WORD_SIZE) for term in listed_terms(puzzle).values())
    return Style(WORD_SIZE, 4.5, 4.0, max(widest, 1.2 * estimated_width("15 letters", WORD_SIZE)))


def _heading(length: int) -> str:
    # Translators: the heading over a fill-in's words of one length ("5 letters")
    return ngettext("{count} letter", "{count} letters", length).format(count=length)


def _blocks(puzzle: JSON) -> tuple[tuple[Entry, ...], ...]:
    """Each word a block, a length's heading kept with its first word (in the language spoken),
    the word as the language writes it (PAPÀ under "4 letters": a letter a square)."""
    blocks: list[tuple[Entry, ...]] = []
    length = 0
    terms = listed_terms(puzzle)
    for word in by_length(puzzle["words"], puzzle["language"]):
        if len(word) != length:
            length = len(word)
            heading = _heading(length)
            blocks.append((Entry("", heading, bold=True, whole=True, continued=continued(heading)),
                           Entry("", terms[word])))
        else:
            blocks.append((Entry("", terms[word]),))
    return tuple(blocks)


def _sheet(puzzle: JSON) -> Sheet:
    grid = puzzle["grid"]
    style = _style(puzzle)
    return Sheet((len(grid), len(grid[0])), _blocks(puzzle), style, CELL, LEAST_CELL, GAP,
                 max(len(grid[0]) * CELL, style.least_column), WIDEST, TALLEST)


def _plan(puzzle: JSON, room: Room | None = None) -> Plan:
    return plan(_sheet(puzzle), room)


def cell_size(puzzle: JSON, room: Room | None = None) -> float:
    """The side of a square: `CELL`, or less (not under `LEAST_CELL`) to keep to a size."""
    return _plan(puzzle, room).cell


def measure(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    return _plan(puzzle, room).size


def measure_grid(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    return _plan(puzzle, room).grid


def page_breaks(puzzle: JSON, room: Room | None = None) -> tuple[float, ...]:
    """Where the drawing continues on the next page (mm from its top): where the list goes on in
    bands below the grid."""
    return _plan(puzzle, room).breaks


def _letters(grid: list[str]) -> dict[tuple[int, int], str]:
    return {(r, c): letter for r, row in enumerate(grid) for c, letter in enumerate(row)
            if letter not in (BLOCK, OPEN)}


def draw_puzzle(pen: Pen, puzzle: JSON, room: Room | None = None) -> None:
    sheet = _sheet(puzzle)
    laid = plan(sheet, room)
    draw_squares(pen, puzzle["grid"], laid.cell, _letters(puzzle["grid"]), LETTER_SIZE,
                 left=laid.grid_left)
    for band, columns in enumerate(laid.bands):
        draw_columns(pen, columns, sheet.style, *laid.list_at(band))


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON, room: Room | None = None) -> None:
    """The grid filled in, the starter's squares shaded (the list is left out: the grid shows it)."""
    cell = cell_size(puzzle, room)
    given = frozenset(_letters(puzzle["grid"]))
    draw_squares(pen, solution["grid"], cell, _letters(solution["grid"]), LETTER_SIZE, shaded=given)
