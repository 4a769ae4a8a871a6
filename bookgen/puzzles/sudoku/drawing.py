"""Drawing through the pen: the grid, bold box outlines, shaded diagonals (diagonal variant) and
the numbers."""

from __future__ import annotations

from bookgen.core.pen import THICK, THIN, Pen
from bookgen.puzzles.base import JSON
from bookgen.puzzles.sudoku.parameters import BOXES, size_of, variant_of

CELL = 9.0         # square side, mm
NUMBER_SIZE = 15
SHADE = 0.88       # the diagonal's grey


def measure(puzzle: JSON) -> tuple[float, float]:
    side = size_of(puzzle) * CELL
    return side, side


def _draw(pen: Pen, puzzle: JSON, shown: list[list[int]]) -> None:
    size = size_of(puzzle)
    box_rows, box_cols = BOXES[size]
    if variant_of(puzzle) == "diagonal":
        for i in range(size):
            for col in (i, size - 1 - i):
                pen.rect(col * CELL, i * CELL, CELL, CELL, width=THIN, fill=SHADE)
    for i in range(size + 1):
        pen.line(0, i * CELL, size * CELL, i * CELL, width=THIN)
        pen.line(i * CELL, 0, i * CELL, size * CELL, width=THIN)
    for i in range(0, size + 1, box_rows):
        pen.line(0, i * CELL, size * CELL, i * CELL, width=THICK)
    for i in range(0, size + 1, box_cols):
        pen.line(i * CELL, 0, i * CELL, size * CELL, width=THICK)
    for r in range(size):
        for c in range(size):
            if shown[r][c]:
                pen.text(c * CELL + CELL / 2, r * CELL + CELL / 2, str(shown[r][c]), NUMBER_SIZE,
                         bold=bool(puzzle["givens"][r][c]))


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw(pen, puzzle, puzzle["givens"])


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    _draw(pen, puzzle, solution["grid"])


def play_data(puzzle: JSON) -> JSON:
    """The playable board's box shape and diagonal cells."""
    size = size_of(puzzle)
    rows, cols = BOXES[size]
    diagonal = variant_of(puzzle) == "diagonal"
    return {"box": [rows, cols], "diagonal": diagonal}
