"""Kakuro's parameters: sizes, options, rules, and the forms a puzzle is printed, compared and
answered in.

A puzzle is a grid of white squares (`None` in `cells`) and black squares, each black square a
clue `{"across": n | None, "down": n | None}`: the sum of the run of white squares to its right
and of the run below it.
"""

from __future__ import annotations

from typing import Any

from bookgen.api import JSON, Printed, Request, form_key
from bookgen.core.options import Option
from bookgen.i18n import N_, _

MIN_SIDE, MAX_SIDE = 6, 16   # what the generator makes (the clue row and column counted)
MAX_JSON_SIDE = 30           # what a hand-entered puzzle may use
LONGEST_RUN = 9              # digits 1 to 9, none twice: a run holds at most nine
DEFAULT_SIZES = {"easy": (8, 8), "medium": (9, 9), "hard": (10, 10), "expert": (10, 10)}
"""The size a level makes when the user sets none: quick to make (bench/kakuro.py) and, with the
clue row and column, within the 8x8 to 16x16 that kakuro books print."""

ALL_DIGITS = 0b1111111110  # bits 1 to 9
Cell = int  # a white square's index, in reading order


def default_size(level: str, earlier: Any) -> tuple[int, int]:
    return DEFAULT_SIZES[level]


OPTIONS = (
    Option("size", "size", N_("grid size, the clue row and column counted: N for N x N, or RxC "
           "(default 8x8 easy, 9x9 medium, 10x10 hard and expert)"), low=MIN_SIDE, high=MAX_SIDE,
           default=default_size, label=N_("Size")),
)

RULES = N_(
    "Write a digit from 1 to 9 in every white square. Each run of white squares across adds up "
    "to the number above the diagonal in the square to its left, each run down to the number "
    "below the diagonal in the square above it, and no digit appears twice in a run."
)


def rules_text(request: Request | None) -> str:
    """The rules every section prints, in the language spoken."""
    return _(RULES)


def from_picture(text: str) -> JSON:
    """A puzzle from its text picture: a line a row, squares apart by spaces, '.' a white square,
    '#' a black one without sums, 'D\\A' a clue square (down sum D, across sum A, either left
    out: '16\\', '\\7'). For examples, tests and the bench's published puzzles."""
    def square(token: str) -> dict[str, int | None] | None:
        if token == ".":
            return None
        if token == "#":
            return {"across": None, "down": None}
        down, _slash, across = token.partition("\\")
        return {"across": int(across) if across else None, "down": int(down) if down else None}

    return {"cells": [[square(token) for token in line.split()] for line in text.strip().splitlines()]}


def picture(puzzle: JSON) -> str:
    """The puzzle's text picture (`from_picture` reads it back)."""
    def token(square: dict[str, int | None] | None) -> str:
        if square is None:
            return "."
        if square["across"] is None and square["down"] is None:
            return "#"
        return f"{square['down'] or ''}\\{square['across'] or ''}"

    return "\n".join(" ".join(token(square) for square in row) for row in puzzle["cells"])


def transposed(cells: list[list[Any]]) -> list[list[Any]]:
    """The grid mirrored in its main diagonal: rows become columns, across sums down sums."""
    return [[cell if cell is None else {"across": cell["down"], "down": cell["across"]}
             for cell in column] for column in zip(*cells)]


def printed(puzzle: JSON) -> Printed:
    """The page draws the white and black squares and prints every sum in its clue square."""
    texts = tuple(str(cell[key]) for row in puzzle["cells"] for cell in row if cell is not None
                  for key in ("across", "down") if cell.get(key) is not None)
    return Printed({"cells": puzzle["cells"]}, texts)


def canonical(puzzle: JSON) -> str:
    """Mirrored in its main diagonal (across sums becoming down sums) a kakuro is the same
    puzzle; turned or mirrored any other way its sums would stand after their runs."""
    return form_key(puzzle["cells"], transposed(puzzle["cells"]))


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A filled grid (0 on black squares) and its mirror image in the main diagonal are one
    answer."""
    grid = solution["grid"]
    return form_key(grid, [list(column) for column in zip(*grid)])
