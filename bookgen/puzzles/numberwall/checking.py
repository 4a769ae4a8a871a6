"""The rules checked apart from the solver: a filled wall's sums, and a puzzle's JSON as given."""

from __future__ import annotations

from typing import Any

from bookgen.api import JSON, _
from bookgen.core.triangle import answer_shape_problem, flatten, format_problem, given_problems, triples
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.numberwall.parameters import MAX_NUMBER, MAX_ROWS, VARIANT


def validate(puzzle: JSON) -> None:
    if not isinstance(puzzle, dict):
        raise PuzzleFormatError(_("a number wall puzzle must be an object"))
    if puzzle.get("variant", VARIANT) != VARIANT:
        raise PuzzleFormatError(_("'variant' of a number wall is {VARIANT} or left out (difference "
                                  "pyramids are the type pyramid)").format(
                                      VARIANT=repr(VARIANT)), key="variant")
    problem = format_problem(puzzle.get("rows"), MAX_ROWS)
    if problem:
        raise PuzzleFormatError(problem, key="rows")
    high: Any  # raw JSON until the loop below checks it is a whole number
    high, low = puzzle.get("max"), puzzle.get("min", 1)
    for name, value in (("max", high), ("min", low)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_NUMBER:
            raise PuzzleFormatError(_("'{name}' must be a whole number from 1 to {MAX_NUMBER}").format(
                                        name=name, MAX_NUMBER=MAX_NUMBER), key=name)
    if low > high:
        raise PuzzleFormatError(_("'min' must not exceed 'max'"), key="min")
    if any(not low <= v <= high for v in flatten(puzzle["rows"]) if v):
        raise PuzzleFormatError(_("given numbers must be from {low} to {high} (0 for blank)").format(
                                    low=low, high=high), key="rows")


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a filled wall, computed directly from the rows."""
    rows = solution.get("rows") if isinstance(solution, dict) else None
    problem = answer_shape_problem(len(puzzle["rows"]), rows)
    if problem:
        return [problem]
    assert rows is not None
    problems = given_problems(puzzle["rows"], rows, puzzle.get("min", 1), puzzle["max"])
    return problems + [_("{c} is not {a} + {b}").format(a=a, b=b, c=c)
                       for a, b, c in triples(rows) if c != a + b]
