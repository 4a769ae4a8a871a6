"""Numbrix and Hidato on the page, through a Pen in millimetres."""

from __future__ import annotations

from typing import Any

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, THICK, THIN, Pen
from bookgen.puzzles.numbrix.shapes import MAX_PRINTED_SIDE

# --- drawing --------------------------------------------------------------------------------------

CELL = 11.0  # mm: at the layouts' smallest scale (0.75-0.8) a cell still takes two written digits
PATH, PATH_DASH = 0.2, (0.8, 0.8)  # an answer's path: thin and dotted, lighter than the walls


def measure(puzzle: JSON) -> tuple[float, float]:
    grid = puzzle["grid"]
    return len(grid[0]) * CELL, len(grid) * CELL


def _font(size: int) -> float:
    return 15.0 if size < 100 else 12.5


def _draw_cells(pen: Pen, grid: list[list[Any]], inner: float = THIN,
                outer: float = MEDIUM) -> None:
    """Each cell of the shape, `inner` lines inside and firmer `outer` ones where it ends."""
    rows, cols = len(grid), len(grid[0])

    def inside(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and grid[r][c] is not None

    for r in range(rows):
        for c in range(cols):
            if not inside(r, c):
                continue
            x, y = c * CELL, r * CELL
            pen.rect(x, y, CELL, CELL, width=inner)
            edges = (((r - 1, c), (x, y, x + CELL, y)), ((r + 1, c), (x, y + CELL, x + CELL, y + CELL)),
                     ((r, c - 1), (x, y, x, y + CELL)), ((r, c + 1), (x + CELL, y, x + CELL, y + CELL)))
            for (nr, nc), (x1, y1, x2, y2) in edges:
                if not inside(nr, nc):
                    pen.line(x1, y1, x2, y2, width=outer)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    grid = puzzle["grid"]
    _draw_cells(pen, grid)
    font = _font(sum(v is not None for row in grid for v in row))
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v:
                pen.text((c + 0.5) * CELL, (r + 0.5) * CELL, str(v), font, bold=True)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """All numbers, givens bold, over a thin dotted line along the path that shows between
    them; the cell walls drawn heavier than in the puzzle, so that at an answer's small size,
    where thin lines print at the printer's least width, the walls still stand out from the path."""
    grid, answer = puzzle["grid"], solution["grid"]
    _draw_cells(pen, grid, MEDIUM, THICK)
    where = {v: (r, c) for r, row in enumerate(answer) for c, v in enumerate(row) if v}
    centre = {v: ((c + 0.5) * CELL, (r + 0.5) * CELL) for v, (r, c) in where.items()}
    path = [centre[v] for v in sorted(centre)]
    for (x1, y1), (x2, y2) in zip(path, path[1:]):
        pen.line(x1, y1, x2, y2, width=PATH, dash=PATH_DASH)
    font = _font(len(where))
    tall = font * 25.4 / 72
    for v, (x, y) in centre.items():
        given = bool(grid[where[v][0]][where[v][1]])
        wide = pen.text_width(str(v), font, bold=given) + 0.6
        pen.rect(x - wide / 2, y - tall * 0.45, wide, tall * 0.9, fill=1.0, stroke=False)
        pen.text(x, y, str(v), font, bold=given)


def too_large_to_print(puzzle: JSON) -> str | None:
    """Solving takes a grid of any size; a page takes at most MAX_PRINTED_SIDE squares a side."""
    rows, cols = len(puzzle["grid"]), len(puzzle["grid"][0])
    if max(rows, cols) > MAX_PRINTED_SIDE:
        return (f"a {rows}x{cols} grid is too large to print (at most {MAX_PRINTED_SIDE} squares a "
                "side); `bookgen solve` still solves it")
    return None
