"""Numbrix and Hidato parameters: sizes, the built-in shapes and drawn masks a Hidato grid may take."""

from __future__ import annotations

from collections.abc import Callable

from bookgen.core.hamilton import Cell
from bookgen.errors import BookgenError
from bookgen.puzzles.base import Request
from bookgen.puzzles.numbrix.board import normalised

# --- parameters and shapes ------------------------------------------------------------------------

MIN_SIDE, MAX_SIDE = 4, 15
MAX_PRINTED_SIDE = 20  # a bank puzzle may be a little larger than we generate, and still print
SYMMETRIES = ("none", "rotational", "mirror")
DEFAULT_SIZE = {"easy": 6, "medium": 7, "hard": 8, "expert": 8}
ATTEMPTS = 30  # fresh paths tried before a request is declared out of reach
# Most missing numbers allowed between consecutive givens, per level (None: no cap). Removing every
# given the grader allows leaves easy pages sparse, with long runs to find; the cap keeps easy and
# medium pages fuller and gentler. The level is still the technique grade.
STRETCH_CAP: dict[str, int | None] = {"easy": 4, "medium": 7, "hard": None, "expert": None}


def shape_problem(text: str) -> str | None:
    """Why a shape option is not a built-in name or a mask; None when it is fine."""
    if text in SHAPES:
        return None
    if "#" not in text:
        return (f"shape {text!r} is not a built-in shape ({', '.join(SHAPES)}) nor a mask "
                "such as '.##./####/.##.' ('#' a cell, '.' a hole, '/' between rows)")
    try:
        mask_cells(text)
    except BookgenError as error:
        return error.message
    return None


def mask_cells(text: str) -> tuple[int, int, list[Cell]]:
    """(rows, cols, cells) of a drawn mask like '.##./####'."""
    rows = [row.strip() for row in text.strip().split("/")]
    if any(set(row) - {"#", "."} for row in rows) or len({len(row) for row in rows}) != 1:
        raise BookgenError("a shape mask has rows of equal length made of '#' (cell) and '.' "
                           "(hole), separated by '/'", key="shape")
    if len(rows) > MAX_SIDE or len(rows[0]) > MAX_SIDE:
        raise BookgenError(f"a shape mask is at most {MAX_SIDE}x{MAX_SIDE}", key="shape")
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"]
    if len(cells) < 4:
        raise BookgenError("a shape mask needs at least 4 cells", key="shape")
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    cells = [(r - top, c - left) for r, c in cells]
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1, cells


def _centred(rows: int, cols: int, inside: Callable[[float, float], bool]) -> list[Cell]:
    """Cells whose centre, scaled to -1..1 on both axes, satisfies `inside`."""
    return [(r, c) for r in range(rows) for c in range(cols)
            if inside((2 * c + 1 - cols) / cols, (2 * r + 1 - rows) / rows)]


def _in_heart(x: float, y: float) -> bool:
    """The classic heart curve (x^2 + y^2 - 1)^3 <= x^2 y^3, y up, stretched to fill the box."""
    hx, hy = 1.2 * x, 0.1 - 1.08 * y
    return (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy ** 3 <= 0


SHAPES: dict[str, Callable[[int, int], list[Cell]]] = {
    "square": lambda rows, cols: [(r, c) for r in range(rows) for c in range(cols)],
    "diamond": lambda rows, cols: _centred(rows, cols, lambda x, y: abs(x) + abs(y) <= 1.2),
    "circle": lambda rows, cols: _centred(rows, cols, lambda x, y: x * x + y * y <= 1.1),
    "cross": lambda rows, cols: _centred(rows, cols, lambda x, y: min(abs(x), abs(y)) <= 0.4),
    "hexagon": lambda rows, cols: _centred(rows, cols, lambda x, y: abs(x) + abs(y) / 2 <= 1.0),
    "heart": lambda rows, cols: _centred(rows, cols, _in_heart),
    "ring": lambda rows, cols: _centred(rows, cols, lambda x, y: 0.2 <= x * x + y * y <= 1.1),
}


def shape_cells(request: Request) -> tuple[int, int, list[Cell], str]:
    """(rows, cols, cells, description) for the size and shape settings. A mask brings its own
    size, so a size the user set must agree with it (the level's default size does not count)."""
    shape = request.settings.get("shape", "square")  # Numbrix has no shape option: a square
    if shape in SHAPES:
        rows, cols = request.settings["size"]
        what = f"the {rows}x{cols} {shape}"
        cells = list(normalised(tuple(SHAPES[shape](rows, cols))))
        return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1, cells, what
    rows, cols, cells = mask_cells(shape)
    asked = request.options.get("size")
    if asked is not None and tuple(asked) != (rows, cols):
        raise BookgenError(f"the shape mask is {rows}x{cols} but size asks for "
                           f"{asked[0]}x{asked[1]}; leave size out", key="size")
    return rows, cols, cells, "the drawn shape"
