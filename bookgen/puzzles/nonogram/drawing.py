"""Drawing through the pen: the clues (each column's stacked above it, each row's to its left,
the clue area as deep and as wide as the longest lists, the grid's lines carried on finely
between them), the grid with a heavier line every five squares; the answer as the filled picture.

Row clues sit close, each number as wide as its digits plus a gap about a digit wide (a gap as
narrow as the space inside "11" made "1 11 1" read as "1 1 1 1"), so a 30x30 grid fits a 6x9 page
at the 7 pt floor; the widest row's clue keeps half a gap clear of its area's left end (narrowed,
both close in to what they were: `tightest`). The widths
come from the digits' advance (DejaVu Sans draws every digit 0.636 em wide), so `measure` knows
them without a pen.

A column's clue numbers keep clear of the lines beside it: a grid with two-digit numbers above
its columns has wider squares (`natural`), as wide as the room of a 6x9 page (`WIDEST`) lets a
drawing be, and never less clear space than `LEAST_CLEAR` each side, narrowed or not (the text is never
made smaller for it: the page scales the whole drawing until its numbers reach the floor).

Narrowed (`room`: large print on a page too narrow for the grid), the squares, the clues' lines
and the gaps between numbers close in around clue numbers of the same size, as far as `tightest`
lets them: a column as wide as its widest number and its clear space, a square as tall as a digit and a
little. The clue numbers stay 9 pt, so the page prints them at its floor all the same.
"""

from __future__ import annotations

from typing import NamedTuple

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, THIN, Pen
from bookgen.puzzles.nonogram.parameters import MAX_SIDE, clue_texts

CELL = 4.6           # square side, mm
CLUE_SIZE = 9.0      # clue numbers, pt
DIGIT = 0.636 * CLUE_SIZE * 25.4 / 72  # a digit's advance, mm
GAP = 2.0            # between a row's numbers, mm: about a digit, so "1 11 1" never reads "1 1 1 1"
PITCH = 3.5          # between a column's numbers, mm
MARGIN = 1.2         # between the clues and the grid, mm
GUIDE = 5            # a heavier line every this many squares
FINE = 0.18          # the grid's lines, mm
CLUE_LINE = 0.08     # the grid's lines carried on between the clues, mm
DIGIT_HEIGHT = 0.73 * CLUE_SIZE * 25.4 / 72  # a digit's height, mm
Room = tuple[float, float]


class Spacing(NamedTuple):
    """A drawing's square side, its clue numbers' pitch down a column and gap along a row, and
    the clear space before the widest row's clue, mm."""

    cell: float
    pitch: float
    gap: float
    lead: float


NATURAL = Spacing(CELL, PITCH, GAP, GAP / 2)  # a grid whose numbers above the columns have one digit

CLEAR = 0.5
"""The clear space (mm) wanted each side of the widest number above a column, between it and the
lines: a quarter of a digit; two digits and this make a square of 5 mm."""
LEAST_CLEAR = 0.25
"""The least clear space (mm) each side of a column's widest number, at natural size or narrowed:
0.19 mm at the 7 pt floor, 0.44 mm at 16 pt (two digits in a 4.6 mm square leave 0.28 mm)."""


def _widest_above(puzzle: JSON) -> int:
    """The most digits of a number above a column."""
    return max(len(text) for clue in puzzle["col_clues"] for text in clue_texts(clue))


def natural(puzzle: JSON) -> Spacing:
    """A drawing's spacing at natural size: squares of 4.6 mm, wider where a two-digit number
    above a column needs them to leave it `CLEAR` each side, as far as a 6x9 page takes the
    drawing (`WIDEST`: a 30x30's squares stay as narrow as its row clues need)."""
    wanted = _widest_above(puzzle) * DIGIT + 2 * CLEAR
    if wanted <= CELL:
        return NATURAL
    room = (WIDEST - clue_room(puzzle)[0]) / puzzle["cols"]
    return NATURAL._replace(cell=max(CELL, min(wanted, room)))


def tightest(puzzle: JSON) -> Spacing:
    """The closest a narrowed drawing sets its clues: a square as wide as the widest number above
    a column and `LEAST_CLEAR` each side (a two-digit one: 4.5 mm, not 4.6), and as tall as a
    digit and 0.6 mm (a grid whose numbers above the columns are all one digit: 2.9 mm); numbers
    down a column a digit and 0.6 mm apart, along a row 0.8 mm, the widest row's clue at its
    area's left end."""
    return Spacing(max(_widest_above(puzzle) * DIGIT + 2 * LEAST_CLEAR, DIGIT_HEIGHT + 0.6),
                   DIGIT_HEIGHT + 0.6, 0.8, 0.0)


def spacing(puzzle: JSON, room: Room | None = None) -> Spacing:
    """The natural spacing, or (narrowed into `room`) the largest between it and `tightest` that
    lets the drawing fit the room, all three closed in by the same share."""
    start = natural(puzzle)
    if room is None or _size(puzzle, start)[0] <= room[0] and _size(puzzle, start)[1] <= room[1]:
        return start
    least = tightest(puzzle)
    low, high = 0.0, 1.0  # the share of the way from the natural spacing to the tightest
    for _ in range(30):
        share = (low + high) / 2
        width, height = _size(puzzle, _between(share, start, least))
        low, high = (low, share) if width <= room[0] and height <= room[1] else (share, high)
    return _between(high, start, least)


def _between(share: float, start: Spacing, least: Spacing) -> Spacing:
    return Spacing(*(wide + share * (tight - wide) for wide, tight in zip(start, least)))


def _size(puzzle: JSON, space: Spacing) -> tuple[float, float]:
    left, top = clue_room(puzzle, space)
    return left + puzzle["cols"] * space.cell, top + puzzle["rows"] * space.cell


WIDEST = 4.875 * 25.4 * CLUE_SIZE / 7
"""The widest drawing (mm) a 6x9 print-on-demand page takes at the 7 pt floor: its frame is
4.875 in (6 in less a 0.625 in inside margin with the gutter of up to 150 pages and a 0.5 in
outside one), and the floor scales the 9 pt clues by 7/9. A 30x30 grid is 138 mm of it, which
leaves its row clues some 20 mm: six or seven numbers."""


def _row_width(clue: list[int], gap: float) -> float:
    texts = clue_texts(clue)
    return sum(len(text) * DIGIT for text in texts) + gap * (len(texts) - 1)


def clue_room(puzzle: JSON, space: Spacing = NATURAL) -> tuple[float, float]:
    """(left, top): the width the row clues take (`lead` clear before the widest) and the depth
    the column clues take, in mm."""
    left = max(_row_width(clue, space.gap) for clue in puzzle["row_clues"]) + space.lead + MARGIN
    top = max(len(clue_texts(clue)) for clue in puzzle["col_clues"]) * space.pitch + MARGIN
    return left, top


def measure(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    return _size(puzzle, spacing(puzzle, room))


def answer_cell(puzzle: JSON, room: Room | None = None) -> float:
    """An answer's square: the puzzle's, but no wider than 4.6 mm, since it has no numbers above
    its columns to make room for (two 15x15 answers still share a large-print page)."""
    return min(spacing(puzzle, room).cell, CELL)


def measure_solution(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    cell = answer_cell(puzzle, room)
    return puzzle["cols"] * cell, puzzle["rows"] * cell


def _grid(pen: Pen, x0: float, y0: float, rows: int, cols: int, cell: float) -> None:
    """The lines of the grid: fine ones, a heavier one every five squares and round it."""
    for r in range(rows + 1):
        heavy = r % GUIDE == 0 or r == rows
        pen.line(x0, y0 + r * cell, x0 + cols * cell, y0 + r * cell, width=MEDIUM if heavy else FINE)
    for c in range(cols + 1):
        heavy = c % GUIDE == 0 or c == cols
        pen.line(x0 + c * cell, y0, x0 + c * cell, y0 + rows * cell, width=MEDIUM if heavy else FINE)


def draw_puzzle(pen: Pen, puzzle: JSON, room: Room | None = None) -> None:
    space = spacing(puzzle, room)
    cell = space.cell
    left, top = clue_room(puzzle, space)
    rows, cols = puzzle["rows"], puzzle["cols"]
    for c, clue in enumerate(puzzle["col_clues"]):
        texts = clue_texts(clue)
        x = left + (c + 0.5) * cell
        for i, text in enumerate(texts):  # the last number just above the grid
            y = top - MARGIN - (len(texts) - i - 0.5) * space.pitch
            pen.text(x, y, text, CLUE_SIZE)
    for r, clue in enumerate(puzzle["row_clues"]):
        y = top + (r + 0.5) * cell
        x = left - MARGIN
        for text in reversed(clue_texts(clue)):  # the last number nearest the grid
            pen.text(x, y, text, CLUE_SIZE, align="right")
            x -= len(text) * DIGIT + space.gap
    _grid(pen, left, top, rows, cols, cell)
    for c in range(1, cols):  # the column clues kept apart, so "17" "19" never read as "1719"
        pen.line(left + c * cell, 0, left + c * cell, top, width=CLUE_LINE)
    for r in range(1, rows):
        pen.line(0, top + r * cell, left, top + r * cell, width=CLUE_LINE)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON, room: Room | None = None) -> None:
    grid = solution["grid"]
    rows, cols = len(grid), len(grid[0])
    cell = answer_cell(puzzle, room)
    for r, row in enumerate(grid):
        c = 0
        while c < cols:  # each run of black squares as one bar
            if row[c]:
                end = c
                while end < cols and row[end]:
                    end += 1
                pen.rect(c * cell, r * cell, (end - c) * cell, cell, fill=0.0, stroke=False)
                c = end
            else:
                c += 1
    for r in range(rows + 1):
        width = MEDIUM if r % GUIDE == 0 or r == rows else THIN / 2
        pen.line(0, r * cell, cols * cell, r * cell, width=width)
    for c in range(cols + 1):
        width = MEDIUM if c % GUIDE == 0 or c == cols else THIN / 2
        pen.line(c * cell, 0, c * cell, rows * cell, width=width)


def largest_side(puzzles: list[JSON], width: float, height: float) -> int:
    """The most squares a side of a picture like `puzzles` (its clues no wider nor deeper than
    theirs) the room takes narrowed as far as it goes: a side under 10 has one-digit numbers
    above its columns, a larger one may have two."""
    left = max(clue_room(puzzle, tightest(puzzle))[0] for puzzle in puzzles)
    top = max(clue_room(puzzle, tightest(puzzle))[1] for puzzle in puzzles)
    for side in range(MAX_SIDE, 0, -1):
        cell = tightest({"col_clues": [[side]]}).cell
        if left + side * cell <= width and top + side * cell <= height:
            return side
    return 0
