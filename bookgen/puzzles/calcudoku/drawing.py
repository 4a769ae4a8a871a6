"""Drawing through the pen: the grid in thin lines, the cages' walls in bold, each cage's target
and sign in the top left corner of its first square, and (the answer) the numbers; a solved
example keeps the labels, its numbers below them."""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.pen import THICK, THIN, Pen
from bookgen.puzzles.calcudoku.parameters import first_cell, label
from bookgen.puzzles.sudoku.drawing import walls

CELL = 10.0        # square side, mm
LABEL_SIZE = 8.0   # a cage's target and sign, points: three digits and a sign fit a square
LABEL_INSET = 0.8  # from the square's top left corner, mm
NUMBER_SIZE = 16.0
PT = 25.4 / 72     # mm per point
CAP = 0.73         # a capital's (or a digit's) height, em
LABEL_MIDDLE = LABEL_INSET + THICK / 2 + LABEL_SIZE * PT * 0.4
FILLED_MIDDLE = (LABEL_MIDDLE + CAP * LABEL_SIZE * PT / 2 + CELL - THICK / 2) / 2
"""Where a solved example's numbers sit (their middle, mm below a square's top): halfway between
a label's foot and the square's bottom wall, clear of "16×" in a corner (centred, a number
crossed a three-character label's foot)."""


def measure(puzzle: JSON) -> tuple[float, float]:
    side = puzzle["size"] * CELL
    return side, side


def owners(puzzle: JSON) -> list[list[int]]:
    """Each square's cage, by its place in the list: the regions whose walls are drawn bold as a
    jigsaw sudoku's are (its `walls`: the outline and every side two cages share, in runs)."""
    size = puzzle["size"]
    owner = [[-1] * size for _ in range(size)]
    for index, cage in enumerate(puzzle["cages"]):
        for r, c in cage["cells"]:
            owner[r][c] = index
    return owner


def _grid(pen: Pen, puzzle: JSON) -> None:
    size = puzzle["size"]
    for i in range(1, size):
        pen.line(0, i * CELL, size * CELL, i * CELL, width=THIN)
        pen.line(i * CELL, 0, i * CELL, size * CELL, width=THIN)
    out = THICK / 2  # each wall runs on over its ends, so the corners close
    side = size * CELL
    for x1, y1, x2, y2 in walls(owners(puzzle)):
        across = x1 != x2
        pen.line(max(0.0, x1 * CELL - out * across), max(0.0, y1 * CELL - out * (not across)),
                 min(side, x2 * CELL + out * across), min(side, y2 * CELL + out * (not across)),
                 width=THICK)


def _labels(pen: Pen, puzzle: JSON) -> None:
    for cage in puzzle["cages"]:
        r, c = first_cell(cage)
        pen.text(c * CELL + LABEL_INSET + THICK / 2, r * CELL + LABEL_MIDDLE, label(cage),
                 LABEL_SIZE, align="left")


def _numbers(pen: Pen, solution: JSON, middle: float = CELL / 2) -> None:
    for r, row in enumerate(solution["grid"]):
        for c, value in enumerate(row):
            pen.text(c * CELL + CELL / 2, r * CELL + middle, str(value), NUMBER_SIZE)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _grid(pen, puzzle)
    _labels(pen, puzzle)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """The answer: the grid with its cages' walls and every number (the labels left out: the
    key packs answers as small as their smallest text allows, and an 8 pt label would print
    the key twice as wide as its 16 pt numbers need; a reader checks a cage by its walls)."""
    _grid(pen, puzzle)
    _numbers(pen, solution)


def draw_filled(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """A worked example solved: every number with its cage's label, so that a newcomer checks
    that 4 and 3 make 7+ (the key's drawing showed digits alone beside the example)."""
    _grid(pen, puzzle)
    _labels(pen, puzzle)
    _numbers(pen, solution, FILLED_MIDDLE)


def play_data(puzzle: JSON) -> JSON:
    """Each cage's label in the page's signs, for the player to show in its first square."""
    return {"labels": [label(cage) for cage in puzzle["cages"]]}


def largest_side(width: float, height: float) -> int:
    """The most squares a side of a grid the room takes."""
    return int(min(width, height) / CELL)
