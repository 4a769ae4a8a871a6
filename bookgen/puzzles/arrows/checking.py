"""The rules checked apart from the solver: an answer's counts, and a puzzle's JSON as given."""

from __future__ import annotations

from typing import Any

from bookgen.api import JSON, _, ngettext
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.arrows.board import board_for, ray
from bookgen.puzzles.arrows.parameters import DIRECTIONS, LINES, MAX_JSON_SIDE, OPPOSITE, STEPS, heads


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a filled grid, counted directly from the rays."""
    arrows = puzzle["arrows"]
    grid = solution.get("grid")
    rows, cols = len(arrows), len(arrows[0])
    if (not isinstance(grid, list) or len(grid) != rows
            or any(not isinstance(row, list) or len(row) != cols for row in grid)):
        return [_("the answer must be a {rows} x {cols} grid of numbers").format(rows=rows, cols=cols)]
    problems = []
    for r in range(rows):
        for c in range(cols):
            given = puzzle["givens"][r][c]
            value = grid[r][c]
            if given and value != given:
                problems.append(_("row {row} column {column} must keep its given {given}").format(
                    row=r + 1, column=c + 1, given=given))
            seen = {grid[rr][cc] for d in heads(arrows[r][c]) for rr, cc in ray(rows, cols, r, c, d)}
            if value != len(seen):
                problems.append(_("row {row} column {column} holds {value} but its arrow {arrow} sees {seen} "
                                  "different numbers").format(row=r + 1, column=c + 1, value=value,
                                                              arrow=arrows[r][c], seen=len(seen)))
    return problems


def sign_problem(sign: Any) -> str | None:
    """Why a JSON sign is not one of the allowed strings, or None."""
    allowed = _("one of {directions}, or two opposite ones joined by '+' ({lines})").format(
        directions=", ".join(DIRECTIONS), lines=", ".join(LINES))
    if not isinstance(sign, str):
        return _("{sign} is not a sign; use {allowed}").format(sign=repr(sign), allowed=allowed)
    parts = sign.split("+")
    if any(part not in STEPS for part in parts) or len(parts) > 2:
        return _("unknown direction {sign}; use {allowed}").format(sign=repr(sign), allowed=allowed)
    if len(parts) == 2 and OPPOSITE[parts[0]] != parts[1]:
        return _("{sign} joins directions that are not opposite; use {allowed}").format(
            sign=repr(sign), allowed=allowed)
    return None


def validate(puzzle: JSON) -> None:
    arrows, givens = puzzle.get("arrows"), puzzle.get("givens")
    if (not isinstance(arrows, list) or not arrows or not isinstance(arrows[0], list)
            or not arrows[0] or any(not isinstance(row, list) or len(row) != len(arrows[0])
                                    for row in arrows)):
        raise PuzzleFormatError(_("'arrows' must be a non-empty list of equally long rows of signs"),
                                key="arrows")
    rows, cols = len(arrows), len(arrows[0])
    if rows > MAX_JSON_SIDE or cols > MAX_JSON_SIDE:
        raise PuzzleFormatError(_("a grid has at most {MAX_JSON_SIDE} rows and columns").format(
                                    MAX_JSON_SIDE=MAX_JSON_SIDE),
                                key="arrows")
    for r, row in enumerate(arrows):
        for c, sign in enumerate(row):
            where = _("row {row} column {column}").format(row=r + 1, column=c + 1)
            problem = sign_problem(sign)
            if problem:
                raise PuzzleFormatError(f"{where}: {problem}", key="arrows")
            for direction in heads(sign):
                if not ray(rows, cols, r, c, direction):
                    raise PuzzleFormatError(
                        _("{where}: the arrow {direction} points off the grid; every arrow must point at "
                          "one square at least").format(where=where, direction=direction), key="arrows")
    if (not isinstance(givens, list) or len(givens) != rows
            or any(not isinstance(row, list) or len(row) != cols for row in givens)):
        raise PuzzleFormatError(_("'givens' must be a {rows} x {cols} grid of numbers (0 blank)").format(
                                    rows=rows, cols=cols),
                                key="givens")
    board = board_for(puzzle)
    for r, row in enumerate(givens):
        for c, value in enumerate(row):
            line = len(board.targets[r * cols + c])
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= line:
                raise PuzzleFormatError(
                    ngettext("row {row} column {column}: given {value} is out of range; its sign sees "
                             "{line} square, so use 1 to {line} (0 for blank)",
                             "row {row} column {column}: given {value} is out of range; its sign sees "
                             "{line} squares, so use 1 to {line} (0 for blank)", line).format(
                        row=r + 1, column=c + 1, value=repr(value), line=line),
                    key="givens")
