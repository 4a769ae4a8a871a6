"""Drawing through the pen: bricks, the wide row at the bottom, the givens bold on grey."""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, Pen, fitted_size

BRICK_W, BRICK_H = 15.0, 9.0


def measure(puzzle: JSON) -> tuple[float, float]:
    size = len(puzzle["rows"])
    return size * BRICK_W, size * BRICK_H


def _draw(pen: Pen, puzzle: JSON, shown: list[list[int]]) -> None:
    """Bricks, the wide row at the bottom, with `shown` numbers; the givens bold on grey."""
    size = len(puzzle["rows"])
    for k in range(size):
        for i in range(size - k):
            given = bool(puzzle["rows"][k][i])
            x, y = (k / 2 + i) * BRICK_W, (size - 1 - k) * BRICK_H
            pen.rect(x, y, BRICK_W, BRICK_H, width=MEDIUM, fill=0.88 if given else None)
            value = shown[k][i]
            if value:
                text = str(value)
                pen.text(x + BRICK_W / 2, y + BRICK_H / 2, text, fitted_size(text, BRICK_W - 3),
                         bold=given)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw(pen, puzzle, puzzle["rows"])


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    _draw(pen, puzzle, solution["rows"])
