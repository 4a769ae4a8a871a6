"""Drawing through the pen: white squares, black squares shaded, each clue square split by its
diagonal with the across sum above it and the down sum below; the answer's digits.

The sums are the drawing's smallest text, so they set how large a page prints the grid: each sits
as far into its corner as a two-digit sum allows with a clear gap to the diagonal, at the largest
size that keeps that gap (a page scales the whole drawing until they reach the type floor).

Narrowed (`room`: large print on a page too narrow for the grid), the squares shrink around sums
of the same size, their gaps to the sides and the diagonal in proportion, down to `LEAST_CELL`.
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
BOXES = (2 * DIGIT_WIDTH + CAP) * SUM_SIZE * PT
"""A two-digit sum's width and height together: a box that wide and that tall fits a corner's half
of a square only if the square's side is more (the diagonal cuts off what is left)."""
LEAST_CELL = 8.5
"""The smallest square a narrowed grid takes: the sums' gaps at 40% of their natural size (0.3 mm
from the sides, 0.35 mm from the diagonal; 0.45 and 0.5 mm at 16 pt), so that an 8x8 grid prints
its sums at large print's 16 pt on a 5x8 page (104 mm wide: 8.54 mm a square) and a 14x14 on an
8.5x11 one (190 mm). Two two-digit sums take 11.3 mm of a square at 16 pt before any gap: a
16x16 needs 181 mm of sums alone, so no trim bookgen has prints it in large print."""
Room = tuple[float, float]
CLUE_SHADE = 0.82   # a clue square's half that holds a sum
BLANK_SHADE = 0.35  # a black square's half (or whole) without a sum


def cell_size(puzzle: JSON, room: Room | None = None) -> float:
    """The side of a square, mm: `CELL`, or less (not under `LEAST_CELL`) so that the grid fits
    `room`."""
    if room is None:
        return CELL
    cells = puzzle["cells"]
    return max(LEAST_CELL, min(CELL, room[0] / len(cells[0]), room[1] / len(cells)))


def measure(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    cells, cell = puzzle["cells"], cell_size(puzzle, room)
    return len(cells[0]) * cell, len(cells) * cell


def sum_places(cell: float = CELL) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the across and the down sum sit in their square (centre, mm from its top left):
    a two-digit sum's box EDGE from the square's top and right side (across) or bottom and left
    side (down), mirror images in the diagonal; in a smaller square, its gaps in proportion."""
    width, height = 2 * DIGIT_WIDTH * SUM_SIZE * PT, CAP * SUM_SIZE * PT
    edge = EDGE * (cell - BOXES) / (CELL - BOXES)
    across = (cell - edge - width / 2, edge + height / 2)
    return across, (edge + width / 2, cell - edge - height / 2)


def _draw_clue(pen: Pen, x: float, y: float, cell: float, clue: JSON, sums: bool) -> None:
    """A black square: a clue's two halves (light where a sum is, dark where none) split by the
    diagonal, or a dark square where it has no sum at all (and always in the answer key's)."""
    across, down = clue.get("across"), clue.get("down")
    if not sums or (across is None and down is None):
        pen.rect(x, y, cell, cell, width=THIN, fill=BLANK_SHADE)
        return
    upper = [(x, y), (x + cell, y), (x + cell, y + cell)]
    lower = [(x, y), (x, y + cell), (x + cell, y + cell)]
    pen.polygon(upper, width=THIN, fill=CLUE_SHADE if across is not None else BLANK_SHADE, stroke=False)
    pen.polygon(lower, width=THIN, fill=CLUE_SHADE if down is not None else BLANK_SHADE, stroke=False)
    pen.rect(x, y, cell, cell, width=THIN)
    pen.line(x, y, x + cell, y + cell, width=THIN)
    (ax, ay), (dx, dy) = sum_places(cell)
    if across is not None:
        pen.text(x + ax, y + ay, str(across), SUM_SIZE)
    if down is not None:
        pen.text(x + dx, y + dy, str(down), SUM_SIZE)


def _draw(pen: Pen, puzzle: JSON, grid: list[list[int]] | None, room: Room | None,
          sums: bool) -> None:
    cells, cell = puzzle["cells"], cell_size(puzzle, room)
    for r, row in enumerate(cells):
        for c, clue in enumerate(row):
            x, y = c * cell, r * cell
            if clue is not None:
                _draw_clue(pen, x, y, cell, clue, sums)
                continue
            pen.rect(x, y, cell, cell, width=THIN)
            if grid is not None and grid[r][c]:
                pen.text(x + cell / 2, y + cell / 2, str(grid[r][c]), DIGIT_SIZE)
    pen.rect(0, 0, len(cells[0]) * cell, len(cells) * cell, width=MEDIUM)


def draw_puzzle(pen: Pen, puzzle: JSON, room: Room | None = None) -> None:
    _draw(pen, puzzle, None, room, sums=True)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON, room: Room | None = None) -> None:
    """The answer: the digits, the black squares dark without their sums (the key packs answers
    as small as their smallest text allows: the digits)."""
    _draw(pen, puzzle, solution["grid"], room, sums=False)


def draw_filled(pen: Pen, puzzle: JSON, solution: JSON, room: Room | None = None) -> None:
    """A worked example solved: the digits and the sums they add up to. The key's drawing,
    printed alone where a page had no room for the example's pair, was digits among dark squares
    with nothing the rules speak of (no sum, no diagonal)."""
    _draw(pen, puzzle, solution["grid"], room, sums=True)


def largest_side(width: float, height: float) -> int:
    """The most squares a side of a grid the room takes, narrowed as far as it goes."""
    return int(min(width, height) / LEAST_CELL)
