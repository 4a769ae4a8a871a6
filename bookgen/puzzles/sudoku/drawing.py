"""Drawing through the pen: the grid, bold box outlines (a jigsaw's bold walls between regions),
shaded diagonals (diagonal variants), a killer's dashed cages with their sums, and the numbers
(on a hex grid its symbols; two-digit numbers a size smaller, to sit inside their squares)."""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.pen import THICK, THIN, Pen
from bookgen.puzzles.sudoku.parameters import (
    BOXES,
    cages_of,
    has_diagonals,
    hex_digits,
    regions_of,
    size_of,
    symbol,
    variant_of,
)

CELL = 9.0         # square side, mm
NUMBER_SIZE = 15
WIDE_NUMBER_SIZE = 13  # a grid whose numbers reach 10 (12x12, 16x16 not in hex): two digits a square,
# small enough to sit clear of the lines, large enough for large print (16 pt) on 8.5 x 11 in
SHADE = 0.88       # the diagonal's grey
INSET = 0.9        # a cage's dashed outline, inside its squares' edges, mm
DASH = (0.7, 0.6)
SUM_SIZE = 7       # a cage's sum, in the top left corner of its first square
SUM_ROOM = 1.2     # how far right (and half as far down) that square's number moves, mm


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


def cage_outline(cells: set[tuple[int, int]]) -> list[tuple[float, float, float, float]]:
    """A cage's dashed outline as (x1, y1, x2, y2) in mm: along each side of its squares that
    borders another cage, INSET inside; each run ends INSET short of an outer corner and INSET
    past an inner one, so the runs meet."""
    lines = []
    for r, c in sorted(cells):
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if (r + dr, c + dc) in cells:
                continue
            # the side's two ends: along it, the square before and after, and the squares beyond
            along = [(0, -1), (0, 1)] if dr else [(-1, 0), (1, 0)]
            ends = []
            for sr, sc in along:
                if (r + sr, c + sc) not in cells:
                    ends.append(INSET)            # an outer corner
                elif (r + sr + dr, c + sc + dc) in cells:
                    ends.append(-INSET)           # an inner corner
                else:
                    ends.append(0.0)
            if dr:
                y = (r + (dr > 0)) * CELL - dr * INSET
                lines.append((c * CELL + ends[0], y, (c + 1) * CELL - ends[1], y))
            else:
                x = (c + (dc > 0)) * CELL - dc * INSET
                lines.append((x, r * CELL + ends[0], x, (r + 1) * CELL - ends[1]))
    return lines


def _draw_cages(pen: Pen, cages: list[JSON]) -> None:
    for cage in cages:
        cells = {(r, c) for r, c in cage["cells"]}
        for x1, y1, x2, y2 in cage_outline(cells):
            pen.line(x1, y1, x2, y2, width=THIN, dash=DASH)
        r, c = min(cells)
        text = str(cage["sum"])
        wide = pen.text_width(text, SUM_SIZE) + 0.4
        pen.rect(c * CELL + INSET - 0.3, r * CELL + INSET - 0.3, wide, SUM_SIZE * 0.3528 + 0.4,
                 fill=1.0, stroke=False)
        pen.text(c * CELL + INSET - 0.1, r * CELL + INSET + SUM_SIZE * 0.3528 / 2 - 0.1, text,
                 SUM_SIZE, align="left")


def _draw(pen: Pen, puzzle: JSON, shown: list[list[int]], cages: list[JSON]) -> None:
    size = size_of(puzzle)
    box_rows, box_cols = BOXES[size]
    if has_diagonals(variant_of(puzzle)):
        for i in range(size):
            for col in (i, size - 1 - i):
                pen.rect(col * CELL, i * CELL, CELL, CELL, width=THIN, fill=SHADE)
    for i in range(size + 1):
        pen.line(0, i * CELL, size * CELL, i * CELL, width=THIN)
        pen.line(i * CELL, 0, i * CELL, size * CELL, width=THIN)
    _draw_cages(pen, cages)
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
    labelled = {min(tuple(cell) for cell in cage["cells"]) for cage in cages}
    hex_grid = hex_digits(puzzle)
    number_size = NUMBER_SIZE if size <= 9 or hex_grid else WIDE_NUMBER_SIZE
    for r in range(size):
        for c in range(size):
            if shown[r][c]:
                aside = SUM_ROOM if (r, c) in labelled else 0.0  # clear of the cage's sum
                pen.text(c * CELL + CELL / 2 + aside, r * CELL + CELL / 2 + aside / 2,
                         symbol(shown[r][c], hex_grid), number_size, bold=bool(puzzle["givens"][r][c]))


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw(pen, puzzle, puzzle["givens"], cages_of(puzzle))


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """The answer: a killer's without its cages, whose small sums would keep the key at full
    size (the key packs answers as small as their smallest text allows)."""
    _draw(pen, puzzle, solution["grid"], [])


def draw_filled(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """A worked example solved: a killer's with its cages, whose sums the answer explains (its
    key's plain grid, alone on a one-puzzle sheet, showed nine rows of numbers and no killer);
    any other the key's drawing."""
    _draw(pen, puzzle, solution["grid"], cages_of(puzzle))


def play_data(puzzle: JSON) -> JSON:
    """The playable board's box shape and diagonal cells (a jigsaw's regions are the puzzle's)."""
    size = size_of(puzzle)
    rows, cols = BOXES[size]
    diagonal = has_diagonals(variant_of(puzzle))
    return {"box": [rows, cols], "diagonal": diagonal}
