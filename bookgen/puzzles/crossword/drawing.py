"""Drawing through the pen: the grid's letter squares, each word's first square numbered in its
top-left corner and the given letters in place, and the clues in columns, Across then Down,
each under its number, below the grid or beside it; the answer is the grid filled in.

Every function takes an optional `room` (width, height in mm, natural size): the page's frame
where the crossword at its text's floor size is wider than its natural width (large print, a
narrow trim). The squares then shrink, down to `LEAST_CELL`, until the grid and its clues (below
it, or else beside it) fit the room; where they cannot, the clues continue in bands below the
grid that the page prints on the pages after it (`page_breaks`). The plan is the shared
`bookgen.core.wordpage.plan`.
"""

from __future__ import annotations

from dataclasses import replace

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, Pen
from bookgen.core.wordgrid import BLOCK, OPEN, numbers_of, slots_of
from bookgen.core.wordpage import Entry, Plan, Sheet, Style, draw_columns, draw_squares, plan
from bookgen.i18n import N_, _

CELL = 8.0
NUMBER_SIZE = 8.0
LETTER_SIZE = 13
CLUE_STYLE = Style(size=7.0, line=3.4, column_gap=5.0, least_column=38.0, widest_label="99.",
                   label_size=NUMBER_SIZE)
"""The numbers (in the grid and before each clue) a point above the clues' text: the numbers'
floor (16 pt in large print, 14 for text) then sets the clues at exactly their floor, and the
whole drawing no larger than large print needs."""
WIDTH = 110.0
"""The natural width of the clue columns below the grid: two of them, where the grid is narrower."""
NARROW, FEW = 60.0, 8
"""The natural width of one column, for a crossword of `FEW` clues or fewer (an example)."""
WIDEST, TALLEST = 170.0, 110.0
"""The natural size kept to where the crossword can: 170 mm wide (a US Letter or A4 page's
frame, 174 mm and more, holds it; a narrower page narrows it), 110 mm tall, what a US Letter
worksheet leaves under its head and example: the clues go beside the grid, its squares smaller,
where below it they would make it taller."""
EXAMPLE_TALLEST = 40.0
EXAMPLE_STYLE = replace(CLUE_STYLE, least_column=30.0)
"""The natural height an example (`FEW` clues or fewer) keeps to, and its clues' style: one
narrow column beside its grid, so that its pair (puzzle and answer, side by side on half a
page each, 77 mm on US Letter) stays low."""
GAP = 5.0
LEAST_CELL = 4.5
NUMBER_Y, DROP, CLEAR = 0.2, 0.08, 0.15
CAP_MM = 0.73 * 25.4 / 72
"""Where a square's number sits (its middle, a share of the square from the top, as
`draw_squares` sets it), how far below the middle a letter sits at least, the least gap between
them (mm) and a capital's height per point (mm)."""
EDGE = 0.15  # mm of white at least between a square's line and its number or letter
"""The tightest square, mm: its number in a corner and room for a handwritten letter."""
HEADINGS = {"across": N_("Across"), "down": N_("Down")}
Room = tuple[float, float]


def _sheet(puzzle: JSON) -> Sheet:
    grid = puzzle["grid"]
    few = len(puzzle["entries"]) <= FEW
    sheet = Sheet((len(grid), len(grid[0])), _blocks(puzzle), EXAMPLE_STYLE if few else CLUE_STYLE,
                  CELL, LEAST_CELL, GAP,
                  NARROW if few else WIDTH, 0.0 if few else WIDEST,
                  EXAMPLE_TALLEST if few else TALLEST)
    return sheet


def _plan(puzzle: JSON, room: Room | None = None) -> Plan:
    return plan(_sheet(puzzle), room)


def cell_size(puzzle: JSON, room: Room | None = None) -> float:
    """The side of a square: `CELL`, or less (not under `LEAST_CELL`) in a narrow room."""
    return _plan(puzzle, room).cell


def _blocks(puzzle: JSON) -> tuple[tuple[Entry, ...], ...]:
    """Each clue a block; each list's heading kept with its first clue (in the language spoken)."""
    blocks: list[tuple[Entry, ...]] = []
    for direction in ("across", "down"):
        entries = [e for e in puzzle["entries"] if e["direction"] == direction]
        for index, entry in enumerate(sorted(entries, key=lambda e: e["number"])):
            clue = Entry(f"{entry['number']}.", entry["clue"])
            blocks.append((Entry("", _(HEADINGS[direction]), bold=True, whole=True), clue)
                          if index == 0 else (clue,))
    return tuple(blocks)


def measure(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    return _plan(puzzle, room).size


def page_breaks(puzzle: JSON, room: Room | None = None) -> tuple[float, ...]:
    """Where the drawing continues on the next page (mm from its top): where the clues go on in
    bands below the grid."""
    return _plan(puzzle, room).breaks


def measure_grid(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    return _plan(puzzle, room).grid


def _letter_size(cell: float) -> float:
    """A letter's size in a square: smaller with a shrunk square, clear of its number (which
    keeps the numbers' floor)."""
    return LETTER_SIZE * cell / CELL


def _number_y(cell: float) -> float:
    """Where a square's number sits (its middle, a share of the square from the top): clear of
    the square's top line where the letter below it still clears the bottom line (a shrunk
    square keeps its number at the numbers' floor: at a fifth of 5.5 mm, the large-print
    squares of a US Letter page, the digits touched the line)."""
    half = CAP_MM * NUMBER_SIZE / 2
    clear_of_top = MEDIUM / 2 + EDGE + half
    letter_fits = cell - MEDIUM / 2 - EDGE - CAP_MM * _letter_size(cell) - CLEAR - half
    return max(NUMBER_Y * cell, min(clear_of_top, letter_fits)) / cell


def _drop(cell: float) -> float:
    """How far below a square's middle its letter sits (a share of the square): clear of the
    number in its corner, whose size stays at the numbers' floor as the square shrinks."""
    number_bottom = _number_y(cell) * cell + CAP_MM * NUMBER_SIZE / 2
    return max(DROP, (number_bottom + CLEAR + CAP_MM * _letter_size(cell) / 2) / cell - 0.5)


def _letters(grid: list[str]) -> dict[tuple[int, int], str]:
    return {(r, c): letter for r, row in enumerate(grid) for c, letter in enumerate(row)
            if letter not in (BLOCK, OPEN)}


def draw_puzzle(pen: Pen, puzzle: JSON, room: Room | None = None) -> None:
    sheet = _sheet(puzzle)
    laid = plan(sheet, room)
    grid = puzzle["grid"]
    draw_squares(pen, grid, laid.cell, _letters(grid), _letter_size(laid.cell),
                 numbers_of(slots_of(grid)), NUMBER_SIZE, left=laid.grid_left, drop=_drop(laid.cell),
                 number_y=_number_y(laid.cell))
    for band, columns in enumerate(laid.bands):
        draw_columns(pen, columns, sheet.style, *laid.list_at(band))


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON, room: Room | None = None) -> None:
    """The grid filled in, with its numbers and the given squares shaded (the clues left out)."""
    cell = cell_size(puzzle, room)
    draw_squares(pen, solution["grid"], cell, _letters(solution["grid"]), _letter_size(cell),
                 numbers_of(slots_of(puzzle["grid"])), NUMBER_SIZE,
                 shaded=frozenset(_letters(puzzle["grid"])), drop=_drop(cell),
                 number_y=_number_y(cell))
