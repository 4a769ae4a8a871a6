"""Drawing through the pen: each square's arrow (a head at each end it looks towards) and number;
the signs as characters for the playable page.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, THIN, Pen
from bookgen.puzzles.arrows.parameters import STEPS, heads

CELL = 14.0          # square side, mm
ARROW_Y = 0.27       # arrow centre, as a share of the square from its top
ARROW_HALF = 0.21    # half the arrow's length, as a share of the square
NUMBER_Y = 0.70      # number centre, as a share of the square from its top
HEAD_LENGTH = 1.5
HEAD_HALF_WIDTH = 0.85
ARROW_WIDTH = 0.4
NUMBER_SIZE = 13


def measure(puzzle: JSON) -> tuple[float, float]:
    return len(puzzle["arrows"][0]) * CELL, len(puzzle["arrows"]) * CELL


def _head(pen: Pen, tip_x: float, tip_y: float, ux: float, uy: float) -> None:
    """A filled triangular arrow head with its tip at (tip_x, tip_y), pointing along (ux, uy)."""
    base_x, base_y = tip_x - ux * HEAD_LENGTH, tip_y - uy * HEAD_LENGTH
    px, py = -uy * HEAD_HALF_WIDTH, ux * HEAD_HALF_WIDTH
    pen.polygon([(tip_x, tip_y), (base_x + px, base_y + py), (base_x - px, base_y - py)],
                width=THIN, fill=0.0)


def draw_sign(pen: Pen, x: float, y: float, sign: str) -> None:
    """The sign of the square at (x, y): a shaft through the arrow area with a head at each
    end it looks towards, so a two-headed sign shows two heads and a one-way sign one."""
    directions = heads(sign)
    dr, dc = STEPS[directions[0]]
    norm = (dr * dr + dc * dc) ** 0.5
    ux, uy = dc / norm, dr / norm
    cx, cy = x + CELL / 2, y + CELL * ARROW_Y
    half = CELL * ARROW_HALF
    front = (cx + ux * half, cy + uy * half)
    back = (cx - ux * half, cy - uy * half)
    two_headed = len(directions) == 2
    shaft_front = (front[0] - ux * HEAD_LENGTH * 0.8, front[1] - uy * HEAD_LENGTH * 0.8)
    shaft_back = (back[0] + ux * HEAD_LENGTH * 0.8, back[1] + uy * HEAD_LENGTH * 0.8) \
        if two_headed else back
    pen.line(shaft_back[0], shaft_back[1], shaft_front[0], shaft_front[1], width=ARROW_WIDTH)
    _head(pen, front[0], front[1], ux, uy)
    if two_headed:
        _head(pen, back[0], back[1], -ux, -uy)


GLYPHS = {"N": "\u2191", "NE": "\u2197", "E": "\u2192", "SE": "\u2198", "S": "\u2193",
          "SW": "\u2199", "W": "\u2190", "NW": "\u2196", "N+S": "\u2195", "E+W": "\u2194",
          "NE+SW": "\u2922", "NW+SE": "\u2921"}
"""Each sign as one character, for the playable page (the book draws its arrows with lines)."""


def glyph(sign: str) -> str:
    """The sign's character; a two-headed sign may name its heads in either order."""
    if "+" in sign:
        first, second = sign.split("+", 1)
        return GLYPHS.get(f"{first}+{second}") or GLYPHS.get(f"{second}+{first}", sign)
    return GLYPHS.get(sign, sign)


def play_data(puzzle: JSON) -> JSON:
    """The playable board's arrows as characters, square by square ("" where there is none)."""
    return {"glyphs": [[glyph(sign) if sign else "" for sign in row] for row in puzzle["arrows"]]}


def _draw_grid(pen: Pen, puzzle: JSON, numbers_shown: list[list[int]]) -> None:
    arrows = puzzle["arrows"]
    rows, cols = len(arrows), len(arrows[0])
    for r in range(rows):
        for c in range(cols):
            x, y = c * CELL, r * CELL
            pen.rect(x, y, CELL, CELL, width=THIN)
            draw_sign(pen, x, y, arrows[r][c])
            if numbers_shown[r][c]:
                pen.text(x + CELL / 2, y + CELL * NUMBER_Y, str(numbers_shown[r][c]),
                         NUMBER_SIZE, bold=bool(puzzle["givens"][r][c]))
    pen.rect(0, 0, cols * CELL, rows * CELL, width=MEDIUM)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw_grid(pen, puzzle, puzzle["givens"])


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    _draw_grid(pen, puzzle, solution["grid"])
