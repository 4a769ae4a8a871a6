"""The rules checked apart from the solver: an answer's expressions evaluated, and a card's JSON as given."""

from __future__ import annotations

from bookgen.api import JSON, _
from bookgen.core import exprs
from bookgen.core.exprs import ExpressionError
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.arithmetic.parameters import MAX_NUMBER, MAX_SIZE, MAX_TARGET, MIN_SIZE, check_operators


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of each expression, read and evaluated exactly, apart from the engine."""
    expressions = solution.get("expressions") if isinstance(solution, dict) else None
    if not isinstance(expressions, list) or not expressions:
        return [_("the answer must list at least one expression")]
    problems = []
    target = puzzle["target"]
    allowed = set(puzzle["operators"])
    concat = bool(puzzle.get("concat", False))
    for text in expressions:
        if not isinstance(text, str):
            problems.append(_("{text} is not an expression").format(text=repr(text)))
            continue
        try:
            value, written, used = exprs.evaluate(text)
        except ExpressionError as error:
            problems.append(str(error))
            continue
        if value != target:
            problems.append(_("{text} makes {value}, not {target}").format(
                text=text, value=exprs.number_text(value), target=puzzle["target"]))
        if used - allowed:
            problems.append(_("{text} uses {used}, but only {operators} are allowed").format(
                text=text, used="".join(sorted(used - allowed)), operators=puzzle["operators"]))
        if not exprs.uses_numbers(written, list(puzzle["numbers"]), concat):
            problems.append((_("{text} must use each of {numbers} exactly once, joining only neighbours "
                               "in the card's order") if concat
                             else _("{text} must use each of {numbers} exactly once")).format(
                text=text, numbers=puzzle["numbers"]))
    if len(set(expressions)) != len(expressions):
        problems.append(_("the answer lists an expression twice"))
    return problems


def validate(puzzle: JSON) -> None:
    numbers = puzzle.get("numbers")
    if (not isinstance(numbers, list) or not MIN_SIZE <= len(numbers) <= MAX_SIZE
            or any(type(n) is not int or not 0 <= n <= MAX_NUMBER for n in numbers)):
        raise PuzzleFormatError(
            _("'numbers' must be a list of {MIN_SIZE} to {MAX_SIZE} whole numbers from 0 to "
              "{MAX_NUMBER}").format(
                MIN_SIZE=MIN_SIZE, MAX_SIZE=MAX_SIZE, MAX_NUMBER=MAX_NUMBER),
            key="numbers")
    target = puzzle.get("target")
    if type(target) is not int or not 0 <= target <= MAX_TARGET:
        raise PuzzleFormatError(_("'target' must be a whole number from 0 to {MAX_TARGET}").format(
                                    MAX_TARGET=MAX_TARGET),
                                key="target")
    operators = puzzle.get("operators")
    problem = check_operators(operators) if isinstance(operators, str) else (
        "'operators' must be text such as \"+-*/\"")
    if problem:
        raise PuzzleFormatError(problem, key="operators")
    if not isinstance(puzzle.get("concat", False), bool):
        raise PuzzleFormatError(_("'concat' must be true or false"), key="concat")
