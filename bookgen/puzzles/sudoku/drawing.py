"""Drawing through the pen: the grid, bold box outlines (a jigsaw's bold walls between regions),
shaded diagonals (diagonal variant) and the numbers."""

from __future__ import annotations

from bookgen.core.pen import THICK, THIN, Pen
from bookgen.puzzles.base import JSON
from bookgen.puzzles.sudoku.parameters import BOXES, regions_of, size_of, variant_of

CELL = 9.0         # square side, mm
NUMBER_SIZE = 15
SHADE = 0.88       # the diagonal's grey


def measure(puzzle: JSON) -> tuple[float, float]:
    side = size_of(puzzle) * CELL
    return side, side


def walls(regions: list[list[int]]) -> list[tuple[int, int, int, int]]:
    """The bold lines of a jigsaw as (x1, y1, x2, y2) in squares: the outline, and every side two
    regions share, joined into the longest straight runs."""
    size = len(regions)

    def runs(wall: list[bool]) -> list[tuple[int, int]]:
        spans, start = [], None
        for i, here in enumerate(wall + [False]):
            if here and start is None:
                start = i
            elif not here and start is not None:
                spans.append((start, i))
                start = None
        return spans

    lines = []
    for i in range(size + 1):
        across = [i in (0, size) or regions[i - 1][c] != regions[i][c] for c in range(size)]
        down = [i in (0, size) or regions[r][i - 1] != regions[r][i] for r in range(size)]
        lines += [(a, i, b, i) for a, b in runs(across)] + [(i, a, i, b) for a, b in runs(down)]
    return lines


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
    regions = regions_of(puzzle)
    if regions:
        out = THICK / 2  # each wall runs on over its ends, so the corners close
        for x1, y1, x2, y2 in walls(regions):
            pen.line(x1 * CELL - out * (x1 != x2), y1 * CELL - out * (y1 != y2),
                     x2 * CELL + out * (x1 != x2), y2 * CELL + out * (y1 != y2), width=THICK)
    else:
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
    """The playable board's box shape and diagonal cells (a jigsaw's regions are the puzzle's)."""
    size = size_of(puzzle)
    rows, cols = BOXES[size]
    diagonal = variant_of(puzzle) == "diagonal"
    return {"box": [rows, cols], "diagonal": diagonal}
