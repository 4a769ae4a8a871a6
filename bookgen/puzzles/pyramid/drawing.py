"""Drawing through the pen: circles, the wide row on top, the givens bold on grey, and the range
line under the puzzle.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, THIN, Pen, fitted_size
from bookgen.puzzles.pyramid.parameters import range_caption

RADIUS = 6.0  # of the circles
PITCH = 13.6  # centre to centre along a row
ROW_STEP = 12.0


CAPTION_PT = 10.0
CAPTION_HEIGHT = 7.0  # mm under the bottom circle for the range line


def measure_solution(puzzle: JSON) -> tuple[float, float]:
    size = len(puzzle["rows"])
    return (size - 1) * PITCH + 2 * RADIUS, (size - 1) * ROW_STEP + 2 * RADIUS


def measure(puzzle: JSON) -> tuple[float, float]:
    """The pyramid and, under it, the line that prints its range."""
    width, height = measure_solution(puzzle)
    return width, height + CAPTION_HEIGHT


def _draw(pen: Pen, puzzle: JSON, shown: list[list[int]]) -> None:
    """Circles, the wide row on top, with `shown` numbers; the puzzle's givens bold on grey."""
    size = len(puzzle["rows"])
    for k in range(size):
        for i in range(size - k):
            given = bool(puzzle["rows"][k][i])
            cx, cy = RADIUS + (k / 2 + i) * PITCH, RADIUS + k * ROW_STEP
            pen.circle(cx, cy, RADIUS, width=MEDIUM if given else THIN, fill=0.88 if given else None)
            value = shown[k][i]
            if value:
                text = str(value)
                pen.text(cx, cy, text, fitted_size(text, 2 * RADIUS - 2.5), bold=given)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw(pen, puzzle, puzzle["rows"])
    width, height = measure_solution(puzzle)
    caption = range_caption(puzzle)
    size = min(CAPTION_PT, CAPTION_PT * width / pen.text_width(caption, CAPTION_PT))
    pen.text(width / 2, height + CAPTION_HEIGHT / 2 + 0.5, caption, size)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    _draw(pen, puzzle, solution["rows"])
