"""The rules checked apart from the solver (an answer's runs, counted square by square), and a
puzzle's JSON as given."""

from __future__ import annotations

from typing import Any

from bookgen.api import JSON, _, pgettext
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.nonogram.parameters import MAX_JSON_SIDE


def _runs(squares: list[int]) -> list[int]:
    """The lengths of the runs of 1s in a line, first to last."""
    found: list[int] = []
    previous = 0
    for square in squares:
        if square and previous:
            found[-1] += 1
        elif square:
            found.append(1)
        previous = square
    return found


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a painted grid: each row's and column's runs against its clue."""
    rows, cols = puzzle["rows"], puzzle["cols"]
    grid = solution.get("grid")
    if (not isinstance(grid, list) or len(grid) != rows
            or any(not isinstance(row, list) or len(row) != cols for row in grid)
            or any(square not in (0, 1) or isinstance(square, bool) for row in grid for square in row)):
        return [_("the answer must be {rows} rows of {cols} squares, each 0 (white) or 1 (black)").format(
            rows=rows, cols=cols)]
    problems = []
    for r, clue in enumerate(puzzle["row_clues"]):
        found = _runs(grid[r])
        if found != list(clue):
            problems.append(_("row {row} has runs {runs} but its clue is {clue}").format(
                row=r + 1, runs=found or [0], clue=list(clue) or [0]))
    for c, clue in enumerate(puzzle["col_clues"]):
        found = _runs([grid[r][c] for r in range(rows)])
        if found != list(clue):
            problems.append(_("column {column} has runs {runs} but its clue is {clue}").format(
                column=c + 1, runs=found or [0], clue=list(clue) or [0]))
    return problems


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _side(puzzle: JSON, key: str) -> int:
    side = puzzle.get(key)
    if not isinstance(side, int) or isinstance(side, bool) or not 1 <= side <= MAX_JSON_SIDE:
        raise PuzzleFormatError(_("'{key}' must be a whole number from 1 to {MAX_JSON_SIDE}").format(
                                    key=key, MAX_JSON_SIDE=MAX_JSON_SIDE), key=key)
    return side


def validate(puzzle: JSON) -> None:
    rows, cols = _side(puzzle, "rows"), _side(puzzle, "cols")
    for key, count, length, what in (("row_clues", rows, cols, pgettext("a nonogram's line", "row")),
                                     ("col_clues", cols, rows, pgettext("a nonogram's line", "column"))):
        clues = puzzle.get(key)
        if not isinstance(clues, list) or len(clues) != count:
            raise PuzzleFormatError(_("'{key}' must list {count} clues, one a {what}, each a list of run "
                                      "lengths ([] for a line with no black square)").format(
                                        key=key, count=count, what=what), key=key)
        for index, clue in enumerate(clues, 1):
            if not isinstance(clue, list) or not all(_whole(n) and n >= 1 for n in clue):
                raise PuzzleFormatError(_("{what} {index}: the clue {clue} must be a list of whole "
                                          "numbers from 1 up ([] for a line with no black square)").format(
                                            what=what, index=index, clue=repr(clue)), key=key)
            if clue and sum(clue) + len(clue) - 1 > length:
                raise PuzzleFormatError(_("{what} {index}: the runs {clue} need {sum} squares but the "
                                          "{what} has {length}").format(
                                            what=what, index=index, clue=clue,
                                            sum=sum(clue) + len(clue) - 1, length=length), key=key)
    if sum(map(sum, puzzle["row_clues"])) != sum(map(sum, puzzle["col_clues"])):
        raise PuzzleFormatError(_("the rows' clues and the columns' clues count different numbers of "
                                  "black squares"), key="col_clues")
