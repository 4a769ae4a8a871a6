"""Drawing through the pen: white squares, black squares shaded, each clue square split by its
diagonal with the across sum above it and the down sum below; the answer's digits.

The sums are the drawing's smallest text, so they set how large a page prints the grid: each sits
as far into its corner as a two-digit sum allows with a clear gap to the diagonal, at the largest
size that keeps that gap (a page scales the whole drawing until they reach the type floor).
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, THIN, Pen

CELL = 10.0         # square side, mm
SUM_SIZE = 10.5     # a sum, points
DIGIT_SIZE = 16.0   # a digit of the answer, points
EDGE = 0.7          # a sum's gap to the square's sides, mm
PT = 25.4 / 72      # mm a point
DIGIT_WIDTH = 0.636  # DejaVu Sans' digits, em
CAP = 0.73          # their height, em
CLUE_SHADE = 0.82   # a clue square's half that holds a sum
BLANK_SHADE = 0.35  # a black square's half (or whole) without a sum


def measure(puzzle: JSON) -> tuple[float, float]:
    cells = puzzle["cells"]
    return len(cells[0]) * CELL, len(cells) * CELL


def sum_places() -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the across and the down sum sit in their square (centre, mm from its top left):
    a two-digit sum's box EDGE from the square's top and right side (across) or bottom and left
    side (down), mirror images in the diagonal."""
    width, height = 2 * DIGIT_WIDTH * SUM_SIZE * PT, CAP * SUM_SIZE * PT
    across = (CELL - EDGE - width / 2, EDGE + height / 2)
    return across, (EDGE + width / 2, CELL - EDGE - height / 2)


def _draw_clue(pen: Pen, x: float, y: float, clue: JSON, sums: bool) -> None:
    """A black square: a clue's two halves (light where a sum is, dark where none) split by the
    diagonal, or a dark square where it has no sum at all (and always in the answer)."""
    across, down = clue.get("across"), clue.get("down")
    if not sums or (across is None and down is None):
        pen.rect(x, y, CELL, CELL, width=THIN, fill=BLANK_SHADE)
        return
    upper = [(x, y), (x + CELL, y), (x + CELL, y + CELL)]
    lower = [(x, y), (x, y + CELL), (x + CELL, y + CELL)]
    pen.polygon(upper, width=THIN, fill=CLUE_SHADE if across is not None else BLANK_SHADE, stroke=False)
    pen.polygon(lower, width=THIN, fill=CLUE_SHADE if down is not None else BLANK_SHADE, stroke=False)
    pen.rect(x, y, CELL, CELL, width=THIN)
    pen.line(x, y, x + CELL, y + CELL, width=THIN)
    (ax, ay), (dx, dy) = sum_places()
    if across is not None:
        pen.text(x + ax, y + ay, str(across), SUM_SIZE)
    if down is not None:
        pen.text(x + dx, y + dy, str(down), SUM_SIZE)


def _draw(pen: Pen, puzzle: JSON, grid: list[list[int]] | None) -> None:
    cells = puzzle["cells"]
    for r, row in enumerate(cells):
        for c, clue in enumerate(row):
            x, y = c * CELL, r * CELL
            if clue is not None:
                _draw_clue(pen, x, y, clue, grid is None)
                continue
            pen.rect(x, y, CELL, CELL, width=THIN)
            if grid is not None and grid[r][c]:
                pen.text(x + CELL / 2, y + CELL / 2, str(grid[r][c]), DIGIT_SIZE)
    pen.rect(0, 0, len(cells[0]) * CELL, len(cells) * CELL, width=MEDIUM)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw(pen, puzzle, None)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """The answer: the digits, the black squares dark without their sums (the key packs answers
    as small as their smallest text allows: the digits)."""
    _draw(pen, puzzle, solution["grid"])
