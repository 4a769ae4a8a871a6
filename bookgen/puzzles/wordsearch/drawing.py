"""Drawing through the pen: the grid of letters, the word list below it in columns (sorted as the
language's dictionaries sort), and in the answer a rounded outline along each word.

Every function takes an optional `room` (width, height in mm, natural size): the page's frame
when the grid at its letters' floor size is wider than that (large print on a narrow trim). The
squares then shrink around letters of the same size, down to `LEAST_CELL`, until the grid is as
wide as the room and the grid and its list as tall, and the list runs across the room.
"""

from __future__ import annotations

import math

from bookgen.api import JSON
from bookgen.core.letters import collation_key
from bookgen.core.pen import MEDIUM, THIN, Pen, Point, estimated_width
from bookgen.puzzles.wordsearch.parameters import STEPS

CELL = 8.0            # square side, mm
LETTER_SIZE = 14
WORD_SIZE = LETTER_SIZE  # the list as large as the grid: large print needs both at its floor
LINE = 7.0            # a line of the word list, mm
GAP = 5.0             # between the grid and the list
COLUMN_GAP = 6.0
OUTLINE = 0.38        # the answer outline's half width, as a share of a square
Room = tuple[float, float]  # width and height, mm
LEAST_CELL = 1.2 * LETTER_SIZE * 25.4 / 72
"""The tightest square, mm, that still holds a letter apart from its neighbours (1.2 em: the
widest capitals, W and M, are about 1 em wide): 5.9 mm against the 8 mm the grid takes when
it has room."""


def listed(puzzle: JSON) -> list[str]:
    """The word list in the order it is printed."""
    return sorted(puzzle["words"], key=lambda word: collation_key(word, puzzle["language"]))


def cell_size(puzzle: JSON, room: Room | None = None) -> float:
    """The side of a square, mm: `CELL`, or less (not under `LEAST_CELL`) so that the drawing
    fits `room`: the grid as wide, and the grid with the list below it as tall."""
    if room is None:
        return CELL
    rows, cols = len(puzzle["grid"]), len(puzzle["grid"][0])
    below = GAP + _columns(puzzle, room)[2] * LINE
    return max(LEAST_CELL, min(CELL, room[0] / cols, (room[1] - below) / rows))


def _columns(puzzle: JSON, room: Room | None = None) -> tuple[int, float, int]:
    """How many columns the list takes, each column's width and the lines in a column: under the
    grid, or narrowed across the room's width, where the last column needs no gap after it (the
    others keep at least half of COLUMN_GAP), so that the list takes fewer lines."""
    width, spare = (len(puzzle["grid"][0]) * CELL, 0.0) if room is None else (room[0], COLUMN_GAP)
    widest = max(estimated_width(word, WORD_SIZE) for word in puzzle["words"]) + COLUMN_GAP
    columns = max(1, min(len(puzzle["words"]), int((width + spare) // widest)))
    return columns, width / columns, math.ceil(len(puzzle["words"]) / columns)


def measure(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    grid, cell = puzzle["grid"], cell_size(puzzle, room)
    columns, column_width, lines = _columns(puzzle, room)
    widest = max(len(grid[0]) * cell, columns * column_width,
                 max(estimated_width(w, WORD_SIZE) for w in puzzle["words"]))
    return widest, len(grid) * cell + GAP + lines * LINE


def measure_grid(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    """The grid's size alone: a narrowed answer's, which leaves out the list."""
    grid, cell = puzzle["grid"], cell_size(puzzle, room)
    return len(grid[0]) * cell, len(grid) * cell


def draw_puzzle(pen: Pen, puzzle: JSON, room: Room | None = None, with_list: bool = True) -> None:
    grid, cell = puzzle["grid"], cell_size(puzzle, room)
    rows, cols = len(grid), len(grid[0])
    pen.rect(0, 0, cols * cell, rows * cell, width=MEDIUM)
    for r, row in enumerate(grid):
        for c, letter in enumerate(row):
            pen.text((c + 0.5) * cell, (r + 0.5) * cell, letter, LETTER_SIZE)
    if not with_list:
        return
    columns, column_width, lines = _columns(puzzle, room)
    top = rows * cell + GAP + LINE / 2
    for index, word in enumerate(listed(puzzle)):
        column, line = divmod(index, lines)
        pen.text(column * column_width, top + line * LINE, word, WORD_SIZE, align="left")


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON, room: Room | None = None,
                  with_list: bool = True) -> None:
    """Each word shaded under its letters and outlined over them (the list below, unless
    `with_list` is false: the outlines show the words)."""
    cell = cell_size(puzzle, room)
    outlines = [capsule(*_ends(place, cell), OUTLINE * cell) for place in solution["placements"]]
    for outline in outlines:
        pen.polygon(outline, width=THIN, fill=0.85, stroke=False)
    draw_puzzle(pen, puzzle, room, with_list)
    for outline in outlines:
        pen.polygon(outline, width=MEDIUM)


def _ends(place: JSON, cell: float) -> tuple[Point, Point]:
    """The centres of a placed word's first and last squares."""
    d_row, d_col = STEPS[place["direction"]]
    last = len(place["word"]) - 1
    return (((place["col"] + 0.5) * cell, (place["row"] + 0.5) * cell),
            ((place["col"] + last * d_col + 0.5) * cell, (place["row"] + last * d_row + 0.5) * cell))


def capsule(start: Point, end: Point, radius: float, steps: int = 8) -> list[Point]:
    """A rounded outline around the segment start-end: a half circle at each end."""
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    points = []
    for centre, turn in ((end, -math.pi / 2), (start, math.pi / 2)):
        for i in range(steps + 1):
            a = angle + turn + math.pi * i / steps
            points.append((centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)))
    return points
