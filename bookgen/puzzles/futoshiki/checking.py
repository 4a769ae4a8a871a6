"""The rules checked apart from the solver: a filled grid's rows, columns, givens and signs, and a
puzzle's JSON as given (each sign between two squares side by side, read left to right or top to
bottom)."""

from __future__ import annotations

from typing import TypeGuard, cast

from bookgen.api import JSON, _
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.futoshiki.parameters import MAX_SIZE

LEAST_SIZE = 3  # a hand-entered puzzle (Tatham's Unequal makes 3x3 ones) may be this small


def whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a filled grid: a given changed, a row or column without every number,
    a sign the numbers break."""
    size, givens = puzzle["size"], puzzle["givens"]
    grid = solution.get("grid")
    if (not isinstance(grid, list) or len(grid) != size
            or any(not isinstance(row, list) or len(row) != size for row in grid)):
        return [_("the answer must be a {rows} x {cols} grid of numbers").format(rows=size, cols=size)]
    problems = [_("row {row} column {column} must keep its given {given}").format(
                    row=r + 1, column=c + 1, given=givens[r][c])
                for r in range(size) for c in range(size) if givens[r][c] and grid[r][c] != givens[r][c]]
    wanted = list(range(1, size + 1))
    problems += [_("row {row} must hold every number from 1 to {size} once").format(row=r + 1, size=size)
                 for r in range(size) if sorted(grid[r]) != wanted]
    problems += [_("column {column} must hold every number from 1 to {size} once").format(
                     column=c + 1, size=size)
                 for c in range(size) if sorted(grid[r][c] for r in range(size)) != wanted]
    for sign in puzzle["signs"]:
        (ar, ac), (br, bc) = sign["a"], sign["b"]
        first, second = grid[ar][ac], grid[br][bc]
        if not (first < second if sign["op"] == "<" else first > second):
            problems.append((_("row {row} column {column} must be less than row {row2} column {column2}")
                             if sign["op"] == "<" else
                             _("row {row} column {column} must be greater than row {row2} column {column2}")
                             ).format(row=ar + 1, column=ac + 1, row2=br + 1, column2=bc + 1))
    return problems


def validate(puzzle: JSON) -> None:
    size = puzzle.get("size")
    if not whole(size) or not LEAST_SIZE <= size <= MAX_SIZE:
        raise PuzzleFormatError(_("'size' must be a whole number from {LEAST_SIZE} to {MAX_SIZE}").format(
                                    LEAST_SIZE=LEAST_SIZE, MAX_SIZE=MAX_SIZE),
                                key="size")
    givens = puzzle.get("givens")
    if (not isinstance(givens, list) or len(givens) != size
            or any(not isinstance(row, list) or len(row) != size for row in givens)):
        raise PuzzleFormatError(_("'givens' must be {size} rows of {size} numbers").format(
            size=size), key="givens")
    for r, row in enumerate(givens):
        for c, value in enumerate(row):
            if not whole(value) or not 0 <= value <= size:
                raise PuzzleFormatError(_("row {row} column {column}: given {value} is not a number from "
                                          "1 to {size} (0 for blank)").format(
                                            row=r + 1, column=c + 1, value=repr(value), size=size),
                                            key="givens")
    signs = puzzle.get("signs")
    if not isinstance(signs, list):
        raise PuzzleFormatError(_("'signs' must be a list of {form}").format(
                                    form='{"a": [row, column], "b": [row, column], "op": "<" or ">"}'),
                                    key="signs")
    seen: set[tuple[int, ...]] = set()
    for number, sign in enumerate(signs, 1):
        squares = [sign.get(key) if isinstance(sign, dict) else None for key in ("a", "b")]
        if (not isinstance(sign, dict) or sign.get("op") not in ("<", ">")
                or any(not isinstance(square, list) or len(square) != 2
                       or any(not whole(v) or not 0 <= v < size for v in square) for square in squares)):
            raise PuzzleFormatError(_("sign {number} must be {form} with rows and columns from 0 to "
                                      "{size}").format(
                                        number=number,
                                        form='{"a": [row, column], "b": [row, column], "op": "<" or ">"}',
                                        size=size - 1),
                                    key="signs")
        (ar, ac), (br, bc) = cast(list[list[int]], squares)
        if (br - ar, bc - ac) not in ((0, 1), (1, 0)):
            raise PuzzleFormatError(_("sign {number}: 'b' must be the square right of 'a' or below "
                                      "it").format(
                                        number=number),
                                    key="signs")
        if (ar, ac, br, bc) in seen:
            raise PuzzleFormatError(_("sign {number}: row {row} column {column} and row {row2} column "
                                      "{column2} already have a sign").format(
                                        number=number, row=ar + 1, column=ac + 1, row2=br + 1,
                                        column2=bc + 1), key="signs")
        seen.add((ar, ac, br, bc))
    _validate_givens(size, givens, signs)


def _validate_givens(size: int, givens: list[list[int]], signs: list[JSON]) -> None:
    """Givens that break the rules by themselves are named, as sudoku's are: a number twice in a
    row or column, a sign two givens break, a given 1 that a sign says is the greater (or a
    given {size} the less). The puzzle has no answer, and `bookgen solve` said only
    "solutions": 0, which a script reading a bank takes for a puzzle like any other."""
    lines = [(_("row {row}").format(row=r + 1), [givens[r][c] for c in range(size)]) for r in range(size)]
    lines += [(_("column {column}").format(column=c + 1), [givens[r][c] for r in range(size)])
              for c in range(size)]
    for name, values in lines:
        given = [value for value in values if value]
        twice = next((value for value in given if given.count(value) > 1), None)
        if twice is not None:
            raise PuzzleFormatError(_("{number} stands twice in {line} among the givens: the puzzle "
                                      "has no answer").format(number=twice, line=name), key="givens")
    for number, sign in enumerate(signs, 1):
        (ar, ac), (br, bc) = sign["a"], sign["b"]
        first, second = givens[ar][ac], givens[br][bc]
        less, more = (first, second) if sign["op"] == "<" else (second, first)
        if (less and more and less >= more) or less == size or more == 1:
            raise PuzzleFormatError(_("sign {number} ({a} {op} {b}) cannot hold with the givens: the "
                                      "puzzle has no answer").format(
                number=number, op=sign["op"],
                a=_("row {row} column {column}").format(row=ar + 1, column=ac + 1),
                b=_("row {row} column {column}").format(row=br + 1, column=bc + 1)), key="signs")
