"""The rules checked apart from the solver: an answer's order, and a puzzle's JSON as given."""

from __future__ import annotations

from bookgen.api import JSON, _, ngettext
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.placement.numbers import parse_number
from bookgen.puzzles.placement.solver import count_arrangements, pins


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of an arrangement, computed directly from the values."""
    order = solution.get("order")
    if not isinstance(order, list) or len(order) != len(puzzle["numbers"]):
        return [_("the answer must list one number per box")]
    problems = []
    if sorted(order) != sorted(puzzle["numbers"]):
        problems.append(_("the answer must use each pool number exactly once"))
    for index, text in puzzle.get("givens", {}).items():
        if order[int(index)] != text:
            problems.append(_("box {box} must keep its given {given}").format(box=int(index) + 1, given=text))
    try:
        values = [parse_number(n) for n in order]
    except ValueError:
        return problems + [_("the answer holds something that is not a number")]
    for box, sign in enumerate(puzzle["signs"]):
        left, right = values[box], values[box + 1]
        if (sign == "<" and not left < right) or (sign == ">" and not left > right):
            problems.append(_("{left} {sign} {right} is false").format(
                left=order[box], sign=sign, right=order[box + 1]))
    return problems


def validate(puzzle: JSON) -> None:
    signs, numbers = puzzle.get("signs"), puzzle.get("numbers")
    if not isinstance(signs, list) or any(s not in ("<", ">") for s in signs):
        raise PuzzleFormatError(_("'signs' must be a list of '<' and '>'"), key="signs")
    if not isinstance(numbers, list) or len(numbers) != len(signs) + 1:
        raise PuzzleFormatError(_("'numbers' must be a list with one number more than 'signs'"),
                                key="numbers")
    if not 2 <= len(numbers) <= 20:
        raise PuzzleFormatError(_("a row has 2 to 20 boxes"), key="numbers")
    try:
        values = [parse_number(n) for n in numbers]
    except (ValueError, ZeroDivisionError):
        raise PuzzleFormatError(
            _("every number must be text like '12', '-3', '0.75' or '3/4'"), key="numbers") from None
    if len(set(values)) != len(values):
        raise PuzzleFormatError(_("no two numbers may be equal in value"), key="numbers")
    givens = puzzle.get("givens", {})
    if not isinstance(givens, dict):
        raise PuzzleFormatError(_("'givens' must map box index to number"), key="givens")
    seen = set()
    for index, text in givens.items():
        if not str(index).isdigit() or int(index) >= len(numbers):
            raise PuzzleFormatError(_("box index {index} is not in the row").format(
                index=repr(index)), key="givens")
        if text not in numbers or text in seen:
            raise PuzzleFormatError(_("given {text} must be a pool number used once").format(
                                        text=repr(text)), key="givens")
        seen.add(text)
    if not isinstance(puzzle.get("unique", False), bool):
        raise PuzzleFormatError(_("'unique' must be true or false"), key="unique")
    count = count_arrangements(signs, pins(puzzle)[0])
    if "unique" in puzzle and puzzle["unique"] != (count == 1):
        raise PuzzleFormatError(
            ngettext("'unique' is {unique} but the givens leave {count} arrangement; it is true exactly "
                     "when they leave one",
                     "'unique' is {unique} but the givens leave {count} arrangements; it is true exactly "
                     "when they leave one", count).format(unique=str(puzzle['unique']).lower(), count=count),
            key="unique")
    arrangements = puzzle.get("arrangements", count)
    if isinstance(arrangements, bool) or arrangements != count:
        raise PuzzleFormatError(_("'arrangements' is {arrangements} but the puzzle has {count}").format(
                                    arrangements=repr(puzzle['arrangements']), count=count),
                                    key="arrangements")
