"""Drawing through the pen: the grid's letter squares, each word's first square numbered in its
top-left corner and the given letters in place, and below the grid the clues in columns, Across
then Down, each under its number; the answer is the grid filled in.

Every function takes an optional `room` (width, height in mm, natural size): the page's frame
when the crossword at its text's floor size is wider than its natural width (large print, a
narrow trim). The clues then run in as many columns as the room's width holds, and the squares
shrink down to `LEAST_CELL` where the grid is wider than the room, or with the clues taller.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.pen import Pen
from bookgen.core.wordgrid import BLOCK, OPEN, numbers_of, slots_of
from bookgen.core.wordpage import Columns, Entry, Style, columns_height, draw_columns, draw_squares, flowed
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
"""The natural width of the clue columns: two of them, where the grid is narrower."""
NARROW, FEW = 60.0, 8
"""The natural width of one column, for a crossword of `FEW` clues or fewer (an example)."""
GAP = 5.0
LEAST_CELL = 6.0
"""The tightest square, mm: its number in a corner and room for a handwritten letter."""
HEADINGS = {"across": N_("Across"), "down": N_("Down")}
Room = tuple[float, float]


def cell_size(puzzle: JSON, room: Room | None = None) -> float:
    """The side of a square: `CELL`, or less (not under `LEAST_CELL`) so that the grid is as wide
    as the room and, with the clues below it, as tall."""
    if room is None:
        return CELL
    below = GAP + columns_height(_clues(puzzle, room), CLUE_STYLE)
    return max(LEAST_CELL, min(CELL, room[0] / len(puzzle["grid"][0]),
                               (room[1] - below) / len(puzzle["grid"])))


def _blocks(puzzle: JSON) -> list[list[Entry]]:
    """Each clue a block; each list's heading kept with its first clue."""
    blocks: list[list[Entry]] = []
    for direction in ("across", "down"):
        entries = [e for e in puzzle["entries"] if e["direction"] == direction]
        for index, entry in enumerate(sorted(entries, key=lambda e: e["number"])):
            clue = Entry(f"{entry['number']}.", entry["clue"])
            blocks.append([Entry("", _(HEADINGS[direction]), bold=True, whole=True), clue]
                          if index == 0 else [clue])
    return blocks


def _clues(puzzle: JSON, room: Room | None) -> Columns:
    least = WIDTH if len(puzzle["entries"]) > FEW else NARROW
    width = room[0] if room is not None else max(least, len(puzzle["grid"][0]) * CELL)
    return flowed(_blocks(puzzle), width, CLUE_STYLE)


def measure(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    cell = cell_size(puzzle, room)
    clues = _clues(puzzle, room)
    width = max(len(puzzle["grid"][0]) * cell,
                clues.count * clues.width + (clues.count - 1) * CLUE_STYLE.column_gap)
    return width, len(puzzle["grid"]) * cell + GAP + columns_height(clues, CLUE_STYLE)


def measure_grid(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    cell = cell_size(puzzle, room)
    return len(puzzle["grid"][0]) * cell, len(puzzle["grid"]) * cell


def _letter_size(cell: float) -> float:
    """A letter's size in a square: smaller with a shrunk square, clear of its number (which
    keeps the numbers' floor)."""
    return LETTER_SIZE * cell / CELL


def _letters(grid: list[str]) -> dict[tuple[int, int], str]:
    return {(r, c): letter for r, row in enumerate(grid) for c, letter in enumerate(row)
            if letter not in (BLOCK, OPEN)}


def draw_puzzle(pen: Pen, puzzle: JSON, room: Room | None = None) -> None:
    cell = cell_size(puzzle, room)
    grid = puzzle["grid"]
    left = (measure(puzzle, room)[0] - len(grid[0]) * cell) / 2
    draw_squares(pen, grid, cell, _letters(grid), _letter_size(cell), numbers_of(slots_of(grid)),
                 NUMBER_SIZE, left=left)
    draw_columns(pen, _clues(puzzle, room), CLUE_STYLE, 0.0, len(grid) * cell + GAP)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON, room: Room | None = None) -> None:
    """The grid filled in, with its numbers and the given squares shaded (the clues left out)."""
    cell = cell_size(puzzle, room)
    draw_squares(pen, solution["grid"], cell, _letters(solution["grid"]), _letter_size(cell),
                 numbers_of(slots_of(puzzle["grid"])), NUMBER_SIZE,
                 shaded=frozenset(_letters(puzzle["grid"])))
