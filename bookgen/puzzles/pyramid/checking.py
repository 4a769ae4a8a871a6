"""The rules checked apart from the solver: a filled pyramid's differences, and a puzzle's JSON as given."""

from __future__ import annotations

from typing import Any

from bookgen.api import JSON, _
from bookgen.core.triangle import (
    answer_shape_problem,
    flatten,
    format_problem,
    given_problems,
    triangular,
    triples,
)
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.pyramid.parameters import MAX_NUMBER, MAX_ROWS, VARIANTS
from bookgen.puzzles.pyramid.rules import largest


def validate(puzzle: JSON) -> None:
    if not isinstance(puzzle, dict):
        raise PuzzleFormatError(_("a pyramid puzzle must be an object"))
    if puzzle.get("variant") not in VARIANTS:
        raise PuzzleFormatError(_("'variant' must be one of {choices} (number walls are the type "
                                  "numberwall)").format(choices=', '.join(VARIANTS)), key="variant")
    problem = format_problem(puzzle.get("rows"), MAX_ROWS)
    if problem:
        raise PuzzleFormatError(problem, key="rows")
    high: Any  # raw JSON until the loop below checks it is a whole number
    size = len(puzzle["rows"])
    high, low = puzzle.get("max", triangular(size) if puzzle["variant"] == "classic" else None), \
        puzzle.get("min", 1)
    for name, value in (("max", high), ("min", low)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_NUMBER:
            raise PuzzleFormatError(_("'{name}' must be a whole number from 1 to {MAX_NUMBER}").format(
                                        name=name, MAX_NUMBER=MAX_NUMBER), key=name)
    if low != 1:
        raise PuzzleFormatError(_("'min' is for number walls only"), key="min")
    total = triangular(size)
    if puzzle["variant"] == "classic" and high != total:
        raise PuzzleFormatError(_("a classic pyramid of {size} rows has max {total}").format(
                                    size=size, total=total), key="max")
    if high < total:
        raise PuzzleFormatError(_("{size} rows need max of at least {total}").format(
                                    size=size, total=total), key="max")
    givens = [v for v in flatten(puzzle["rows"]) if v]
    if any(not 1 <= v <= high for v in givens):
        raise PuzzleFormatError(_("given numbers must be from 1 to {high} (0 for blank)").format(
                                    high=high), key="rows")
    if len(set(givens)) != len(givens):
        raise PuzzleFormatError(_("a difference pyramid never repeats a number"), key="rows")


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a filled pyramid, computed directly from the rows."""
    rows = solution.get("rows") if isinstance(solution, dict) else None
    problem = answer_shape_problem(len(puzzle["rows"]), rows)
    if problem:
        return [problem]
    assert rows is not None
    problems = given_problems(puzzle["rows"], rows, 1, largest(puzzle))
    problems += [_("{c} is not the difference of {a} and {b}").format(a=a, b=b, c=c)
                 for a, b, c in triples(rows) if c != abs(a - b)]
    values = flatten(rows)
    if len(set(values)) != len(values):
        problems.append(_("a number appears more than once"))
    return problems
