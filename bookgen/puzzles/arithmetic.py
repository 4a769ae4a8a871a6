"""Arithmetic target puzzles (the Ten puzzle, 24): reach the target with every number used once.

Parameters, solver, grader, census, generator, drawing, then the registry record, in that order.
The exact engine (normal form, memoized target-directed search) lives in bookgen.core.exprs; this
module turns its distinct solutions into a rating, a census for puzzle authors, and cards.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Collection, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from bookgen.core import exprs
from bookgen.core.exprs import PAGE, ExpressionError, Form, Rules, Traits
from bookgen.core.grading import LEVELS, Bands
from bookgen.core.options import Option, parse_options
from bookgen.core.pen import MEDIUM, THIN, Pen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.puzzles.base import (
    JSON,
    Generated,
    PuzzleType,
    Request,
    Solved,
    fixed_example,
    fixed_rules,
    form_key,
)

# --- parameters -----------------------------------------------------------------------------------

MIN_SIZE, MAX_SIZE = 3, 6
MAX_NUMBER = 99
MAX_TARGET = 9999


def _check_operators(text: str) -> str | None:
    text = text.strip()
    if not text:
        return "the operator set is empty; use some of + - * / ^ (for example +-*/)"
    wrong = sorted(set(text) - set(exprs.OPERATORS))
    if wrong:
        return f"{''.join(wrong)!r} is not an operator; use some of + - * / ^ (for example +-*/)"
    if len(set(text)) != len(text):
        return f"{text!r} repeats an operator; list each of + - * / ^ at most once"
    return None


OPTIONS = (
    Option("target", "int", "the number to make (10 for the Ten puzzle, 24 for the card game)",
           default=10, low=0, high=MAX_TARGET),
    Option("size", "int", "how many numbers each puzzle gives", default=4, low=MIN_SIZE,
           high=MAX_SIZE),
    Option("range", "range", "the numbers drawn, e.g. 0-9 for digits or 1-13 for cards",
           default=(1, 9), low=0, high=MAX_NUMBER),
    Option("operators", "text", "allowed operators, some of + - * / and ^ (whole exponents 0-6)",
           default="+-*/", check=_check_operators),
    Option("concat", "bool", "numbers may be written side by side as one (1 and 2 as 12)",
           default=False),
    Option("distinct", "bool", "no number appears twice in a puzzle", default=False),
)

RULES = (
    "Use every number on the card exactly once, with the operators shown and any brackets, to "
    "make the target. Division is exact (1 \u00f7 5 is a fifth), and fractions on the way are "
    "allowed."
)


def canonical(puzzle: JSON) -> str:
    """A card is its multiset of numbers, its target and its rules: the order of the numbers and
    of the operators does not matter."""
    return form_key([sorted(puzzle["numbers"]), puzzle["target"], "".join(sorted(puzzle["operators"])),
                     bool(puzzle.get("concat", False))])


def _operators(text: str) -> str:
    """The operator set in the canonical order + - * / ^."""
    return "".join(op for op in exprs.OPERATORS if op in text)


def rules_of(puzzle: JSON) -> Rules:
    return Rules(_operators(puzzle["operators"]), bool(puzzle.get("concat", False)))


# --- solver ---------------------------------------------------------------------------------------


def solution_forms(puzzle: JSON) -> list[Form]:
    """Every distinct solution in normal form, simplest first."""
    engine = exprs.engine(rules_of(puzzle))
    numbers = tuple(sorted(puzzle["numbers"]))
    return sorted(engine.forms(numbers, puzzle["target"]), key=exprs.simplicity)


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    """All distinct solutions, simplest first; count is capped, the list is not."""
    forms = solution_forms(puzzle)
    count = len(forms) if cap is None else min(len(forms), cap)
    solution = {"expressions": [exprs.show(f) for f in forms]} if forms else None
    return Solved(count, solution)


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of each expression, read and evaluated exactly, apart from the engine."""
    expressions = solution.get("expressions") if isinstance(solution, dict) else None
    if not isinstance(expressions, list) or not expressions:
        return ["the answer must list at least one expression"]
    problems = []
    target = puzzle["target"]
    allowed = set(puzzle["operators"])
    concat = bool(puzzle.get("concat", False))
    for text in expressions:
        if not isinstance(text, str):
            problems.append(f"{text!r} is not an expression")
            continue
        try:
            value, written, used = exprs.evaluate(text)
        except ExpressionError as error:
            problems.append(str(error))
            continue
        if value != target:
            problems.append(f"{text} makes {exprs.number_text(value)}, not {puzzle['target']}")
        if used - allowed:
            problems.append(f"{text} uses {''.join(sorted(used - allowed))}, "
                            f"but only {puzzle['operators']} are allowed")
        if not exprs.uses_numbers(written, list(puzzle["numbers"]), concat):
            problems.append(f"{text} must use each of {puzzle['numbers']} exactly once")
    if len(set(expressions)) != len(expressions):
        problems.append("the answer lists an expression twice")
    return problems


def validate(puzzle: JSON) -> None:
    numbers = puzzle.get("numbers")
    if (not isinstance(numbers, list) or not MIN_SIZE <= len(numbers) <= MAX_SIZE
            or any(type(n) is not int or not 0 <= n <= MAX_NUMBER for n in numbers)):
        raise PuzzleFormatError(
            f"'numbers' must be a list of {MIN_SIZE} to {MAX_SIZE} whole numbers from 0 to "
            f"{MAX_NUMBER}",
            key="numbers")
    target = puzzle.get("target")
    if type(target) is not int or not 0 <= target <= MAX_TARGET:
        raise PuzzleFormatError(f"'target' must be a whole number from 0 to {MAX_TARGET}",
                                key="target")
    operators = puzzle.get("operators")
    problem = _check_operators(operators) if isinstance(operators, str) else (
        "'operators' must be text such as \"+-*/\"")
    if problem:
        raise PuzzleFormatError(problem, key="operators")
    if not isinstance(puzzle.get("concat", False), bool):
        raise PuzzleFormatError("'concat' must be true or false", key="concat")


# --- grader ---------------------------------------------------------------------------------------

# Points: a fraction on the way is the famous trap (1 1 5 8); a solution that cannot be built
# left to right needs two partial results held at once; an unavoidable division or subtraction
# narrows the search; few solutions leave little to stumble on; big intermediates strain memory.
FRACTION_POINTS = 4
NOT_LEFT_TO_RIGHT_POINTS = 2
DIVISION_POINTS = 1
SUBTRACTION_POINTS = 1
BIG_PEAK_POINTS = 3
COUNT_POINTS = ((1, 3), (2, 2), (4, 1))  # (at most this many solutions x COUNT_SCALE, points)
# Solutions multiply with every extra number (a typical 4-number card has a handful, 5 numbers a
# few dozen, 6 numbers hundreds); three numbers leave few combinations to try.
COUNT_SCALE = {3: 1, 4: 1, 5: 8, 6: 100}
THREE_NUMBER_POINTS = -1
BANDS = Bands.of({"easy": (0, 1), "medium": (2, 3), "hard": (4, 7), "expert": (8, 99)})


def big_peak(target: int) -> int:
    """An intermediate above this counts as big: twice the target, and never below 30."""
    return max(2 * target, 30)


def _json_number(value: Fraction | int) -> int | str:
    return int(value) if value.denominator == 1 else exprs.number_text(value)


def rating_of(forms: Collection[Form], target: int, size: int) -> JSON:
    """The rating measured from the complete set of distinct solutions of a puzzle with `size`
    numbers."""
    if not forms:
        return {"level": "unsolvable", "score": None, "solutions": 0}
    every: list[Traits] = [exprs.traits(f) for f in forms]
    figures: JSON = {
        "solutions": len(forms),
        "needs_fraction": all(t.fraction for t in every),
        "needs_division": all(t.divisions for t in every),
        "needs_subtraction": all(t.subtractions for t in every),
        "left_to_right": any(t.left_to_right for t in every),
        "peak": min(t.peak for t in every),
    }
    points = (FRACTION_POINTS * figures["needs_fraction"]
              + NOT_LEFT_TO_RIGHT_POINTS * (not figures["left_to_right"])
              + DIVISION_POINTS * figures["needs_division"]
              + SUBTRACTION_POINTS * figures["needs_subtraction"]
              + BIG_PEAK_POINTS * (figures["peak"] > big_peak(target))
              + next((p for most, p in COUNT_POINTS if len(forms) <= most * COUNT_SCALE[size]), 0)
              + (THREE_NUMBER_POINTS if size == 3 else 0))
    points = max(points, 0)
    figures["peak"] = _json_number(figures["peak"])
    return {"level": BANDS.level_of(points), "score": points, **figures,
            "simplest": exprs.show(min(forms, key=exprs.simplicity))}


def rate(puzzle: JSON) -> JSON:
    return rating_of(solution_forms(puzzle), puzzle["target"], len(puzzle["numbers"]))


# --- census ---------------------------------------------------------------------------------------


def _check_settings(size: int, low: int, high: int, operators: str, distinct: bool) -> None:
    """A clear error for settings no puzzle can have, naming the option at fault."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise BookgenError(f"size {size} is not allowed; use {MIN_SIZE} to {MAX_SIZE} numbers",
                           key="size")
    if not 0 <= low <= high <= MAX_NUMBER:
        raise BookgenError(f"range {low}-{high} is not allowed; use LOW-HIGH within 0 to "
                           f"{MAX_NUMBER}", key="range")
    problem = _check_operators(operators)
    if problem:
        raise BookgenError(problem, key="operators")
    if distinct and high - low + 1 < size:
        raise BookgenError(f"{size} distinct numbers do not fit in the range {low}-{high}",
                           key="distinct")


def multisets(size: int, low: int, high: int, distinct: bool) -> list[tuple[int, ...]]:
    pick = itertools.combinations if distinct else itertools.combinations_with_replacement
    return list(pick(range(low, high + 1), size))


def census(target: int, size: int, low: int, high: int, operators: str = "+-*/",
           concat: bool = False, distinct: bool = False) -> dict:
    """Every multiset of `size` numbers from low..high: solvable or not, and each one's rating.

    JSON-ready: {"target", "size", "range", "operators", "concat", "distinct", "multisets",
    "solvable", "unsolvable": [[...], ...], "levels": {level: count}, "ratings": [{"numbers",
    **rating}, ...]}. Sub-multiset work is shared through the engine's memo.
    """
    _check_settings(size, low, high, operators, distinct)
    engine = exprs.engine(Rules(_operators(operators), concat))
    goal = target
    unsolvable, ratings = [], []
    levels = dict.fromkeys(LEVELS, 0)
    for numbers in multisets(size, low, high, distinct):
        forms = engine.forms(numbers, goal)
        if not forms:
            unsolvable.append(list(numbers))
            continue
        rating = rating_of(forms, target, size)
        levels[rating["level"]] += 1
        ratings.append({"numbers": list(numbers), **rating})
    return {
        "target": target, "size": size, "range": [low, high], "operators": _operators(operators),
        "concat": concat, "distinct": distinct,
        "multisets": len(unsolvable) + len(ratings), "solvable": len(ratings),
        "unsolvable": unsolvable, "levels": levels, "ratings": ratings,
    }


def census_of_options(raw: Mapping[str, Any]) -> dict:
    """The census for raw option values (as `bookgen census` takes them), each parsed and checked
    by this type's own option specs."""
    settings = parse_options(OPTIONS, raw, "arithmetic")
    low, high = settings["range"]
    return census(settings["target"], settings["size"], low, high, settings["operators"],
                  concat=settings["concat"], distinct=settings["distinct"])


# --- generator ------------------------------------------------------------------------------------

POOL_LIMIT = 3000  # at most this many 3- or 4-number multisets: rate them all once and pick
TRIES = {3: 400, 4: 400, 5: 150, 6: 40}  # otherwise: random multisets tried per puzzle


def _settings(request: Request) -> dict[str, Any]:
    return {**request.settings, "operators": _operators(request.settings["operators"])}


def _pooled(settings: Mapping[str, Any]) -> bool:
    low, high = settings["range"]
    count = math.comb(high - low + settings["size"], settings["size"])
    return settings["size"] <= 4 and count <= POOL_LIMIT


@lru_cache(maxsize=32)
def _pool(target: int, size: int, low: int, high: int, operators: str, concat: bool,
          distinct: bool) -> dict[str, list[tuple[int, ...]]]:
    """Every solvable multiset of the settings, grouped by level."""
    report = census(target, size, low, high, operators, concat, distinct)
    pool: dict[str, list[tuple[int, ...]]] = {level: [] for level in LEVELS}
    for entry in report["ratings"]:
        pool[entry["level"]].append(tuple(entry["numbers"]))
    return pool


def _pool_of(settings: Mapping[str, Any]) -> dict[str, list[tuple[int, ...]]]:
    low, high = settings["range"]
    return _pool(settings["target"], settings["size"], low, high, settings["operators"],
                 settings["concat"], settings["distinct"])


@lru_cache(maxsize=32)
def _reachable_somewhere(target: int, size: int, low: int, high: int, operators: str,
                         concat: bool, distinct: bool) -> bool:
    """Whether some multiset of the settings can make the target: a few multisets of the largest
    numbers first (the usual yes, at once), then the proof over all of them. Joining numbers
    only adds values, so a target reachable without it is reachable with it."""
    engine = exprs.engine(Rules(operators, concat))
    goal = target
    pick = itertools.combinations if distinct else itertools.combinations_with_replacement
    first = itertools.islice(pick(range(high, low - 1, -1), size), 20)
    if any(engine.reaches(tuple(sorted(numbers)), goal) for numbers in first):
        return True
    found = exprs.any_multiset_reaches(goal, size, range(low, high + 1), operators)
    return found is None or found or concat


def check_request(request: Request) -> None:
    difficulty = request.level
    settings = _settings(request)
    low, high = settings["range"]
    _check_settings(settings["size"], low, high, settings["operators"], settings["distinct"])
    if _pooled(settings):
        pool = _pool_of(settings)
        if not any(pool.values()):
            raise BookgenError(_unreachable(settings), key="target")
        if not pool[difficulty]:
            have = ", ".join(level for level in LEVELS if pool[level])
            raise BookgenError(
                f"no {difficulty} puzzle exists for target {settings['target']} with these "
                f"numbers and operators; levels available: {have}", key="difficulty")
    elif not _reachable_somewhere(settings["target"], settings["size"], low, high,
                                  settings["operators"], settings["concat"], settings["distinct"]):
        raise BookgenError(_unreachable(settings), key="target")


def _unreachable(settings: Mapping[str, Any]) -> str:
    low, high = settings["range"]
    return (f"no {settings['size']} numbers from {low}-{high} make {settings['target']} with "
            f"{settings['operators']}; widen the range or the operators, or change the target")


def _random_numbers(rng: random.Random, settings: Mapping[str, Any]) -> tuple[int, ...]:
    low, high = settings["range"]
    if settings["distinct"]:
        return tuple(sorted(rng.sample(range(low, high + 1), settings["size"])))
    return tuple(sorted(rng.randint(low, high) for _ in range(settings["size"])))


def _puzzle(numbers: tuple[int, ...], settings: Mapping[str, Any]) -> JSON:
    puzzle = {"numbers": list(numbers), "target": settings["target"],
              "operators": settings["operators"]}
    if settings["concat"]:
        puzzle["concat"] = True
    return puzzle


SOLUTIONS_KEPT = 50  # the generated answer lists at most this many distinct solutions


def generate(rng: random.Random, request: Request) -> Generated:
    difficulty = request.level
    settings = _settings(request)
    if _pooled(settings):
        candidates = iter([rng.choice(_pool_of(settings)[difficulty])])
    else:
        candidates = (_random_numbers(rng, settings) for _ in range(TRIES[settings["size"]]))
    for numbers in candidates:
        puzzle = _puzzle(numbers, settings)
        forms = solution_forms(puzzle)
        if not forms:
            continue
        rating = rating_of(forms, settings["target"], settings["size"])
        if rating["level"] == difficulty:
            solution = {"expressions": [exprs.show(f) for f in forms[:SOLUTIONS_KEPT]]}
            return Generated(puzzle, solution, rating)
    raise BookgenError(
        f"found no {difficulty} puzzle in {TRIES[settings['size']]} random tries for these "
        f"options ({settings['size']} numbers usually have many solutions, so high levels are "
        "rare); try another level, range or size", key="difficulty")


# --- drawing --------------------------------------------------------------------------------------

CARD_W, CARD_H = 64.0, 46.0
ANSWER_H = 20.0
NUMBER_PT = 26.0
NUMBER_GAP = 4.0  # mm at least between two numbers of a card, so "3 11 12 12" reads as four
TITLE_PT = 13.0
OPERATOR_NAMES = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7", "^": "^"}


def _fitted(pen: Pen, text: str, size: float, width: float, bold: bool = False) -> float:
    """The largest font size up to `size` at which text fits in width."""
    natural = pen.text_width(text, size, bold)
    return size if natural <= width else size * width / natural


def _operators_line(puzzle: JSON) -> str:
    line = "using " + " ".join(OPERATOR_NAMES[op] for op in _operators(puzzle["operators"]))
    return line + (", numbers may be joined" if puzzle.get("concat") else "")


def measure(puzzle: JSON) -> tuple[float, float]:
    return CARD_W, CARD_H


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    """A card: 'Make N', the numbers in large type, the operators, and two lines to write on."""
    pen.rect(0, 0, CARD_W, CARD_H, width=MEDIUM, radius=3.0)
    pen.text(CARD_W / 2, 7.0, f"Make {puzzle['target']}", TITLE_PT, bold=True)
    numbers = [str(n) for n in puzzle["numbers"]]
    slot = (CARD_W - 8.0) / len(numbers)
    # one size for all, set by the widest number so that it keeps NUMBER_GAP clear on each side
    size = min(_fitted(pen, text, NUMBER_PT, slot - NUMBER_GAP, bold=True) for text in numbers)
    for index, text in enumerate(numbers):
        pen.text(4.0 + (index + 0.5) * slot, 18.5, text, size, bold=True)
    note = _operators_line(puzzle)
    pen.text(CARD_W / 2, 28.0, note, _fitted(pen, note, 8.0, CARD_W - 6.0), grey=0.35)
    for y in (35.5, 42.0):
        pen.line(5.0, y, CARD_W - 5.0, y, width=THIN, dash=(1.0, 1.2))


def measure_solution(puzzle: JSON) -> tuple[float, float]:
    return CARD_W, ANSWER_H


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """The first (simplest) expression, in × ÷ − signs, under the card's numbers."""
    numbers = "  ".join(str(n) for n in puzzle["numbers"])
    head = f"Make {puzzle['target']}:  {numbers}"
    pen.text(CARD_W / 2, 5.0, head, _fitted(pen, head, 9.0, CARD_W - 4.0), grey=0.35)
    value, _, _ = exprs.evaluate(solution["expressions"][0])
    line = f"{page_text(solution['expressions'][0])} = {exprs.number_text(value)}"
    pen.text(CARD_W / 2, 13.0, line, _fitted(pen, line, 14.0, CARD_W - 4.0, bold=True), bold=True)


def page_text(expression: str) -> str:
    """A Python-syntax expression in the signs a reader expects: × ÷ − and ^, spaced."""
    out = []
    for token in expression.replace("**", "^").replace(" ", ""):
        sign = PAGE.get(token) if token in "+-*/^" else None
        out.append(f" {sign} " if sign and token != "^" else (sign or token))
    return "".join(out)


def answer_note(puzzle: JSON, solution: JSON, count: int) -> str:
    if count <= 1:
        return "the only solution"
    return f"1 of {count} distinct solutions"


def example() -> Generated:
    puzzle = {"numbers": [1, 1, 5, 8], "target": 10, "operators": "+-*/"}
    return Generated(puzzle, solve(puzzle).solution or {}, rate(puzzle))


# --- registry record ------------------------------------------------------------------------------

ARITHMETIC = PuzzleType(
    name="arithmetic",
    title="Make the Number",
    rules=fixed_rules(RULES),
    options=OPTIONS,
    generate=generate,
    check_request=check_request,
    solve=solve,
    check=check,
    validate=validate,
    rate=rate,
    expects_unique=lambda puzzle: False,
    measure=measure,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    answer_note=answer_note,
    example=fixed_example(example),
    canonical=canonical,
    measure_solution=measure_solution,
)
