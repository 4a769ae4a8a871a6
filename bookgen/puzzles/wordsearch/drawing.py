"""Drawing through the pen: the grid of letters, the word list below it in columns (sorted as the
language's dictionaries sort), and in the answer a rounded outline along each word.
"""

from __future__ import annotations

import math

from bookgen.core.pen import MEDIUM, THIN, Pen, Point, estimated_width
from bookgen.puzzles.base import JSON
from bookgen.puzzles.wordsearch.parameters import STEPS, collation_key

CELL = 8.0            # square side, mm
LETTER_SIZE = 14
WORD_SIZE = LETTER_SIZE  # the list as large as the grid: large print needs both at its floor
LINE = 7.0            # a line of the word list, mm
GAP = 5.0             # between the grid and the list
COLUMN_GAP = 6.0
OUTLINE = 0.38        # the answer outline's half width, as a share of a square


def listed(puzzle: JSON) -> list[str]:
    """The word list in the order it is printed."""
    return sorted(puzzle["words"], key=lambda word: collation_key(word, puzzle["language"]))


def _columns(puzzle: JSON) -> tuple[int, float, int]:
    """How many columns the list takes, each column's width and the lines in a column."""
    width = len(puzzle["grid"][0]) * CELL
    widest = max(estimated_width(word, WORD_SIZE) for word in puzzle["words"]) + COLUMN_GAP
    columns = max(1, min(len(puzzle["words"]), int(width // widest)))
    return columns, width / columns, math.ceil(len(puzzle["words"]) / columns)


def measure(puzzle: JSON) -> tuple[float, float]:
    grid = puzzle["grid"]
    lines = _columns(puzzle)[2]
    width = max(len(grid[0]) * CELL, max(estimated_width(w, WORD_SIZE) for w in puzzle["words"]))
    return width, len(grid) * CELL + GAP + lines * LINE


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    grid = puzzle["grid"]
    rows, cols = len(grid), len(grid[0])
    pen.rect(0, 0, cols * CELL, rows * CELL, width=MEDIUM)
    for r, row in enumerate(grid):
        for c, letter in enumerate(row):
            pen.text((c + 0.5) * CELL, (r + 0.5) * CELL, letter, LETTER_SIZE)
    columns, column_width, lines = _columns(puzzle)
    top = rows * CELL + GAP + LINE / 2
    for index, word in enumerate(listed(puzzle)):
        column, line = divmod(index, lines)
        pen.text(column * column_width, top + line * LINE, word, WORD_SIZE, align="left")


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """Each word shaded under its letters and outlined over them."""
    outlines = [capsule(*_ends(place), OUTLINE * CELL) for place in solution["placements"]]
    for outline in outlines:
        pen.polygon(outline, width=THIN, fill=0.85, stroke=False)
    draw_puzzle(pen, puzzle)
    for outline in outlines:
        pen.polygon(outline, width=MEDIUM)


def _ends(place: JSON) -> tuple[Point, Point]:
    """The centres of a placed word's first and last squares."""
    d_row, d_col = STEPS[place["direction"]]
    last = len(place["word"]) - 1
    return (((place["col"] + 0.5) * CELL, (place["row"] + 0.5) * CELL),
            ((place["col"] + last * d_col + 0.5) * CELL, (place["row"] + last * d_row + 0.5) * CELL))


def capsule(start: Point, end: Point, radius: float, steps: int = 8) -> list[Point]:
    """A rounded outline around the segment start-end: a half circle at each end."""
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    points = []
    for centre, turn in ((end, -math.pi / 2), (start, math.pi / 2)):
        for i in range(steps + 1):
            a = angle + turn + math.pi * i / steps
            points.append((centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)))
    return points
