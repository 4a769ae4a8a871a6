"""Drawing through the pen: the clues (each column's stacked above it, each row's to its left,
the clue area as deep and as wide as the longest lists, the grid's lines carried on finely
between them), the grid with a heavier line every five squares; the answer as the filled picture.

Row clues sit close, each number as wide as its digits plus a gap, so a 30x30 grid fits a 6x9
page at the 7 pt floor; the widths come from the digits' advance (DejaVu Sans draws every digit
0.636 em wide), so `measure` knows them without a pen.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, THIN, Pen
from bookgen.puzzles.nonogram.parameters import clue_texts

CELL = 4.6           # square side, mm
CLUE_SIZE = 9.0      # clue numbers, pt (a two-digit number fits a column)
DIGIT = 0.636 * CLUE_SIZE * 25.4 / 72  # a digit's advance, mm
GAP = 1.3            # between a row's numbers, mm
PITCH = 3.5          # between a column's numbers, mm
MARGIN = 1.2         # between the clues and the grid, mm
GUIDE = 5            # a heavier line every this many squares
FINE = 0.18          # the grid's lines, mm
CLUE_LINE = 0.08     # the grid's lines carried on between the clues, mm
WIDEST = 4.875 * 25.4 * CLUE_SIZE / 7
"""The widest drawing (mm) a 6x9 print-on-demand page takes at the 7 pt floor: its frame is
4.875 in (6 in less a 0.625 in inside margin with the gutter of up to 150 pages and a 0.5 in
outside one), and the floor scales the 9 pt clues by 7/9. A 30x30 grid is 138 mm of it, which
leaves its row clues some 20 mm: six or seven numbers."""


def _row_width(clue: list[int]) -> float:
    texts = clue_texts(clue)
    return sum(len(text) * DIGIT for text in texts) + GAP * (len(texts) - 1)


def clue_room(puzzle: JSON) -> tuple[float, float]:
    """(left, top): the width the row clues take and the depth the column clues take, in mm."""
    left = max(_row_width(clue) for clue in puzzle["row_clues"]) + MARGIN
    top = max(len(clue_texts(clue)) for clue in puzzle["col_clues"]) * PITCH + MARGIN
    return left, top


def measure(puzzle: JSON) -> tuple[float, float]:
    left, top = clue_room(puzzle)
    return left + puzzle["cols"] * CELL, top + puzzle["rows"] * CELL


def measure_solution(puzzle: JSON) -> tuple[float, float]:
    return puzzle["cols"] * CELL, puzzle["rows"] * CELL


def _grid(pen: Pen, x0: float, y0: float, rows: int, cols: int) -> None:
    """The lines of the grid: fine ones, a heavier one every five squares and round it."""
    for r in range(rows + 1):
        heavy = r % GUIDE == 0 or r == rows
        pen.line(x0, y0 + r * CELL, x0 + cols * CELL, y0 + r * CELL, width=MEDIUM if heavy else FINE)
    for c in range(cols + 1):
        heavy = c % GUIDE == 0 or c == cols
        pen.line(x0 + c * CELL, y0, x0 + c * CELL, y0 + rows * CELL, width=MEDIUM if heavy else FINE)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    left, top = clue_room(puzzle)
    rows, cols = puzzle["rows"], puzzle["cols"]
    for c, clue in enumerate(puzzle["col_clues"]):
        texts = clue_texts(clue)
        x = left + (c + 0.5) * CELL
        for i, text in enumerate(texts):  # the last number just above the grid
            y = top - MARGIN - (len(texts) - i - 0.5) * PITCH
            pen.text(x, y, text, CLUE_SIZE)
    for r, clue in enumerate(puzzle["row_clues"]):
        y = top + (r + 0.5) * CELL
        x = left - MARGIN
        for text in reversed(clue_texts(clue)):  # the last number nearest the grid
            pen.text(x, y, text, CLUE_SIZE, align="right")
            x -= len(text) * DIGIT + GAP
    _grid(pen, left, top, rows, cols)
    for c in range(1, cols):  # the column clues kept apart, so "17" "19" never read as "1719"
        pen.line(left + c * CELL, 0, left + c * CELL, top, width=CLUE_LINE)
    for r in range(1, rows):
        pen.line(0, top + r * CELL, left, top + r * CELL, width=CLUE_LINE)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    grid = solution["grid"]
    rows, cols = len(grid), len(grid[0])
    for r, row in enumerate(grid):
        c = 0
        while c < cols:  # each run of black squares as one bar
            if row[c]:
                end = c
                while end < cols and row[end]:
                    end += 1
                pen.rect(c * CELL, r * CELL, (end - c) * CELL, CELL, fill=0.0, stroke=False)
                c = end
            else:
                c += 1
    for r in range(rows + 1):
        width = MEDIUM if r % GUIDE == 0 or r == rows else THIN / 2
        pen.line(0, r * CELL, cols * CELL, r * CELL, width=width)
    for c in range(cols + 1):
        width = MEDIUM if c % GUIDE == 0 or c == cols else THIN / 2
        pen.line(c * CELL, 0, c * CELL, rows * CELL, width=width)
