"""Drawing through the pen: a box per square with a gap between neighbours, each sign drawn in its
gap as a chevron whose tip points at the smaller number (< and > across, the same turned a quarter
up and down), the givens bold, and (the answer) every number."""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, Pen

CELL = 9.0          # square side, mm
GAP = 4.5           # between two squares, where a sign goes, mm
NUMBER_SIZE = 15.0
SIGN_HALF = 1.3     # a chevron's half length along its line, mm
SIGN_SPREAD = 2.0   # a chevron's half width across it, mm
SIGN_WIDTH = 0.6    # its stroke, mm
PITCH = CELL + GAP


def measure(puzzle: JSON) -> tuple[float, float]:
    side = puzzle["size"] * CELL + (puzzle["size"] - 1) * GAP
    return side, side


def chevron(sign: JSON) -> list[tuple[float, float]]:
    """The three points of a sign's chevron in its gap, its tip towards the smaller number."""
    (ar, ac), (br, _) = sign["a"], sign["b"]
    towards_a = 1 if sign["op"] == "<" else -1  # the tip points at a when a is the smaller
    if br == ar:  # side by side: < or >
        x, y = ac * PITCH + CELL + GAP / 2, ar * PITCH + CELL / 2
        tip = x - towards_a * SIGN_HALF
        back = x + towards_a * SIGN_HALF
        return [(back, y - SIGN_SPREAD), (tip, y), (back, y + SIGN_SPREAD)]
    x, y = ac * PITCH + CELL / 2, ar * PITCH + CELL + GAP / 2  # one above the other
    tip = y - towards_a * SIGN_HALF
    back = y + towards_a * SIGN_HALF
    return [(x - SIGN_SPREAD, back), (x, tip), (x + SIGN_SPREAD, back)]


def _draw(pen: Pen, puzzle: JSON, shown: list[list[int]]) -> None:
    size = puzzle["size"]
    for r in range(size):
        for c in range(size):
            pen.rect(c * PITCH, r * PITCH, CELL, CELL, width=MEDIUM)
            if shown[r][c]:
                pen.text(c * PITCH + CELL / 2, r * PITCH + CELL / 2, str(shown[r][c]), NUMBER_SIZE,
                         bold=bool(puzzle["givens"][r][c]))
    for sign in puzzle["signs"]:
        pen.polyline(chevron(sign), width=SIGN_WIDTH)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw(pen, puzzle, puzzle["givens"])


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    _draw(pen, puzzle, solution["grid"])


def largest_side(width: float, height: float) -> int:
    """The most squares a side of a grid the room takes, the gaps between them counted."""
    return int((min(width, height) + GAP) / PITCH)
