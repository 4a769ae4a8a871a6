"""Arithmetic target puzzles (the Ten puzzle, 24): reach the target with every number used once.

Parameters, solver, grader, census, generator, drawing, then the registry record, in that order.
The exact engine (normal form, memoized target-directed search) lives in bookgen.core.exprs; this
module adds the grader (a model of how a person searches, fitted to human solve times), a census
for puzzle authors, and cards.
"""

from __future__ import annotations

import ast
import itertools
import math
import random
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
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
    Printed,
    PuzzleType,
    Request,
    Showcase,
    Solved,
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
    Option("concat", "bool", "numbers next to each other on the card may be joined into one, in "
           "the card's order (1 and 2 as 12, never 21)", default=False),
    Option("distinct", "bool", "no number appears twice in a puzzle", default=False),
)

RULES = (
    "Use every number on the card exactly once, with the operators shown and any brackets, to "
    "make the target. Division is exact (1 \u00f7 5 is a fifth), and fractions on the way are "
    "allowed."
)
POWERS = ("^ means a power: 2^3 is 2 \u00d7 2 \u00d7 2 = 8. The number after ^ is a whole "
          "number from 0 to 6 (5^0 = 1).")
JOINING = ("Numbers that stand next to each other on the card may be joined into one number, in "
           "the order they are printed: on the card 1 7 9 9, 1 and 7 make 17 (never 71), and "
           "7, 9 and 9 make 799.")


def rules_text(request: Request | None) -> str:
    """The rules of a section, with what ^ and joining mean where its cards allow them; both
    when the section may mix cards (a bank)."""
    settings: Mapping[str, Any] = request.settings if request else {"operators": "^", "concat": True}
    return " ".join([RULES] + [POWERS] * ("^" in settings["operators"])
                    + [JOINING] * bool(settings["concat"]))


def printed(puzzle: JSON) -> Printed:
    """A card prints its target, its numbers and the operators (and that numbers may be joined)."""
    shown: JSON = {key: puzzle[key] for key in ("numbers", "target", "operators", "concat")
                   if key in puzzle}
    return Printed(shown, (f"Make {puzzle['target']}", *map(str, puzzle["numbers"]),
                           _operators_line(puzzle)))


def canonical(puzzle: JSON) -> str:
    """A card is its multiset of numbers, its target and its rules: the order of the operators
    does not matter, nor that of the numbers unless neighbours may be joined (1 7 9 9 joins 17,
    9 7 1 9 does not)."""
    concat = bool(puzzle.get("concat", False))
    numbers = list(puzzle["numbers"]) if concat else sorted(puzzle["numbers"])
    return form_key([numbers, puzzle["target"], "".join(sorted(puzzle["operators"])), concat])


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """The answer the key prints: the first (simplest) expression. Cards of different numbers
    never share one; cards of the same numbers and target with other operators may."""
    return form_key(solution["expressions"][0])


def _operators(text: str) -> str:
    """The operator set in the canonical order + - * / ^."""
    return "".join(op for op in exprs.OPERATORS if op in text)


def rules_of(puzzle: JSON) -> Rules:
    return Rules(_operators(puzzle["operators"]), bool(puzzle.get("concat", False)))


# --- solver ---------------------------------------------------------------------------------------


def solution_forms(puzzle: JSON) -> list[Form]:
    """Every distinct solution in normal form, simplest first."""
    engine = exprs.engine(rules_of(puzzle))
    return sorted(engine.card_forms(tuple(puzzle["numbers"]), puzzle["target"]),
                  key=engine.simplicity)


def expressions(forms: list[Form], rules: Rules) -> list[str]:
    """Solution forms as text in the rules' own operators."""
    engine = exprs.engine(rules)
    return [engine.written(form) for form in forms]


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    """All distinct solutions, simplest first; count is capped, the list is not."""
    forms = solution_forms(puzzle)
    count = len(forms) if cap is None else min(len(forms), cap)
    solution = {"expressions": expressions(forms, rules_of(puzzle))} if forms else None
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
            joining = ", joining only neighbours in the card's order" if concat else ""
            problems.append(f"{text} must use each of {puzzle['numbers']} exactly once{joining}")
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

# The rating is a model of how a person searches. A person looks at the numbers, picks two of them
# and an operator, writes the result in their place, and goes on until one number is left; each
# step is picked at random, in proportion to its weight, among the distinct steps the numbers
# allow (a repeated number gives fewer distinct steps, so more of them lead somewhere). With two
# numbers left, a product that makes the target is always seen (times tables: 3*8, 4*6), and so
# is the target times or over 1; any other last step is found like every step. Fractions come
# last: only when no whole-number attempt can make the target does the person take fractional
# steps too. `chance` is the probability that one attempt makes the target; the score is
# log2(1 / chance), the attempts a person needs, in bits. Four weights (every other step weighs
# 1), fitted to the 4nums.com ranking of the 1362 solvable 24 cards by human solve time, odd
# ranks only (bench/arithmetic_people.py; docs/types/arithmetic.md has the figures):


@dataclass(frozen=True)
class Weights:
    one: float = 4.0  # making a 1 by subtracting or dividing (8-7, 5/5): seen at once
    neutral: float = 0.005  # multiplying or dividing by a 1 before the last step: rarely tried
    early: float = 10.0  # making the target with numbers left over: tempting, and a decoy when
    #                      the rest cannot be neutralised (4*6 with 7 and 9 left)
    fraction: float = 0.001  # a fractional step, once whole numbers cannot work (1 1 5 8)


WEIGHTS = Weights()
BANDS = Bands.of({"easy": (0, 3.99), "medium": (4, 5.99), "hard": (6, 8.49), "expert": (8.5, 99)})

Values = tuple  # a sorted tuple of exact values: what a person has in front of them
Step = tuple[exprs.Value, float, bool]  # a step's value, its weight, and whether it multiplies


class PersonSearch:
    """The model person's chance of making a target from some values, and the number of
    step-by-step ways, memoized per multiset so that a census shares the work. One per rule set,
    target and weights, with or without fractional steps: the steps use the rules' operators
    only. Without fractions every value is a whole number, so the memo hashes ints only."""

    def __init__(self, rules: Rules, target: int, weights: Weights, fractions: bool) -> None:
        self.operators = rules.operators
        self.target = target
        self.weights = weights
        self.fractions = fractions
        self._steps: dict[tuple[exprs.Value, exprs.Value], tuple[Step, ...]] = {}
        self._found: dict[Values, tuple[float, int]] = {}
        self._joins: dict[tuple[tuple[Values, ...], Values], tuple[float, int]] = {}

    def steps(self, a: exprs.Value, b: exprs.Value) -> tuple[Step, ...]:
        """Every step on a >= b."""
        key = (a, b)
        found = self._steps.get(key)
        if found is None:
            made = []
            for op, value in exprs.one_step(a, b, self.operators):
                whole = type(value) is int
                if not (whole or self.fractions):
                    continue
                weight = 1.0 if whole else self.weights.fraction
                if value == 1 and op in "-/":
                    weight *= self.weights.one
                if b == 1 and op in "*/":
                    weight *= self.weights.neutral
                made.append((value, weight, op == "*"))
            found = self._steps[key] = tuple(made)
        return found

    @staticmethod
    def pairs(values: Values) -> list[tuple[exprs.Value, exprs.Value, Values]]:
        """Each distinct pair (a >= b) a person can pick, with the values left beside it."""
        found = []
        seen = set()
        size = len(values)
        for i in range(size):
            for j in range(i + 1, size):
                b, a = values[i], values[j]
                if (a, b) not in seen:
                    seen.add((a, b))
                    found.append((a, b, values[:i] + values[i + 1:j] + values[j + 1:]))
        return found

    def chance(self, values: Values) -> tuple[float, int]:
        """(the chance one attempt makes the target, the ways to make it step by step)."""
        found = self._found.get(values)
        if found is not None:
            return found
        target = self.target
        total = hit = 0.0
        ways = 0
        if len(values) == 1:
            hit = total = 1.0 if values[0] == target else 0.0
            ways = int(values[0] == target)
        elif len(values) == 2:
            seen = False
            for value, weight, product in self.steps(values[1], values[0]):
                if value == target:
                    seen = seen or product or values == (1, target)
                    hit += weight
                    ways += 1
                total += weight
            if seen:
                hit = total
        else:
            early = self.weights.early
            for a, b, rest in self.pairs(values):
                for value, weight, _ in self.steps(a, b):
                    if value == target:
                        weight *= early
                    p, k = self.chance(tuple(sorted(rest + (value,))))
                    total += weight
                    hit += weight * p
                    ways += k
        found = self._found[values] = (hit / total if total else 0.0, ways)
        return found

    # `chance_joining` is `chance` with one more kind of step; `chance` stays apart because a
    # census spends its time there, on plain tuples of ints.

    def chance_joining(self, card: Values) -> tuple[float, int]:
        """`chance` when neighbours on the card may be joined (its numbers in printed order):
        joining two givens that stand next to each other, in the card's order (1 and 7 of
        1 7 9 9 as 17, never 71; no leading 0), is one more kind of step, weighing 1 like a
        plain one; the joined number stands where they stood, so it may be joined again, while
        a given used in a sum or product leaves a gap nothing joins across. Steps on numbers
        made are the usual ones."""
        return self._joining((tuple(card),), ())

    def _joining(self, runs: tuple[Values, ...], made: Values) -> tuple[float, int]:
        """`chance_joining` from `runs` (givens still next to each other, in card order) and
        numbers `made` (a given alone can no longer be joined, so it counts as made)."""
        made = tuple(sorted(made + tuple(run[0] for run in runs if len(run) == 1)))
        runs = tuple(sorted(run for run in runs if len(run) > 1))
        if not runs:
            return self.chance(made)
        key = (runs, made)
        found = self._joins.get(key)
        if found is not None:
            return found
        target, early = self.target, self.weights.early
        last = sum(map(len, runs)) + len(made) == 2
        total = hit = 0.0
        ways = 0
        seen = False
        for r, run in enumerate(runs):
            for i in range(len(run) - 1):
                text = f"{run[i]}{run[i + 1]}"
                if text[0] != "0":
                    weight = early if int(text) == target and not last else 1.0
                    joined = run[:i] + (int(text),) + run[i + 2:]
                    p, k = self._joining(runs[:r] + (joined,) + runs[r + 1:], made)
                    total += weight
                    hit += weight * p
                    ways += k
        for a, b, rest_runs, rest_made in self.run_pairs(runs, made):
            for value, weight, product in self.steps(a, b):
                if value == target:
                    seen = seen or (last and (product or (b, a) == (1, target)))
                    weight *= 1.0 if last else early
                p, k = self._joining(rest_runs, rest_made + (value,))
                total += weight
                hit += weight * p
                ways += k
        found = self._joins[key] = (1.0 if seen else hit / total if total else 0.0, ways)
        return found

    @staticmethod
    def run_pairs(runs: tuple[Values, ...], made: Values
                  ) -> list[tuple[exprs.Value, exprs.Value, tuple[Values, ...], Values]]:
        """`pairs` over givens (in their runs) and numbers made together: (a >= b, the runs
        left, split where a given was taken, the numbers made left), each distinct step once."""
        places = [(run[i], (r, i)) for r, run in enumerate(runs) for i in range(len(run))]
        places += [(value, (-1, i)) for i, value in enumerate(made)]
        found = []
        seen = set()
        for (x, here), (y, there) in itertools.combinations(places, 2):
            taken = {here, there}
            rest_runs: list[Values] = []
            for r, run in enumerate(runs):
                piece: list[exprs.Value] = []
                for i, value in enumerate(run):
                    if (r, i) in taken:
                        rest_runs.append(tuple(piece))
                        piece = []
                    else:
                        piece.append(value)
                rest_runs.append(tuple(piece))
            rest_made = tuple(v for i, v in enumerate(made) if (-1, i) not in taken)
            step = (max(x, y), min(x, y), tuple(sorted(run for run in rest_runs if run)), rest_made)
            if step not in seen:
                seen.add(step)
                found.append(step)
        return found

    def decoys(self, values: Values) -> int:
        """Pairs that make the target at once while the other numbers cannot be neutralised."""
        return sum(1 for a, b, rest in self.pairs(values) if rest and any(
            value == self.target and not self.chance(tuple(sorted(rest + (value,))))[0]
            for value, _, _ in self.steps(a, b)))


@lru_cache(maxsize=32)
def person(rules: Rules, target: int, weights: Weights = WEIGHTS,
           fractions: bool = False) -> PersonSearch:
    return PersonSearch(rules, target, weights, fractions)


@dataclass(frozen=True)
class Search:
    """What the model person meets on a card: the chance one attempt makes the target, the
    whole-number ways to make it step by step, the decoys, and whether fractions were needed."""

    chance: float
    ways: int
    decoys: int
    fractions: bool


def whole_chance(numbers: tuple[int, ...], target: int, rules: Rules,
                 weights: Weights = WEIGHTS) -> tuple[float, int]:
    """(chance, ways) of the model person on a card (its numbers in printed order) with
    whole-number steps only; a chance of 0 when the card needs a fraction or cannot be made."""
    return _chance(person(rules, target, weights), numbers, rules.concat)


def _chance(search: PersonSearch, card: Values, concat: bool) -> tuple[float, int]:
    """The search on a card: in printed order where neighbours may be joined, else as a multiset."""
    return search.chance_joining(card) if concat else search.chance(tuple(sorted(card)))


def search_of(numbers: tuple[int, ...], target: int, rules: Rules,
              weights: Weights = WEIGHTS) -> Search:
    """The model person on a card (its numbers in printed order): whole-number steps first,
    fractional ones too only when those cannot make the target."""
    chance, ways = whole_chance(numbers, target, rules, weights)
    multiset = tuple(sorted(numbers))
    if chance:
        return Search(chance, ways, person(rules, target, weights).decoys(multiset), False)
    full = person(rules, target, weights, True)
    return Search(_chance(full, numbers, rules.concat)[0], 0, full.decoys(multiset), True)


def _json_number(value: Fraction | int) -> int | str:
    return int(value) if value.denominator == 1 else exprs.number_text(value)


def rating_of(forms: Collection[Form], numbers: tuple[int, ...], target: int,
              rules: Rules) -> JSON:
    """The rating of a card: the model person's search, and figures measured from the complete
    set of distinct solutions."""
    if not forms:
        return {"level": "unsolvable", "score": None, "solutions": 0}
    engine = exprs.engine(rules)
    search = search_of(numbers, target, rules)
    assert search.chance > 0, f"{numbers} makes {target}, so some attempt makes it"
    score = round(-math.log2(search.chance), 2)
    every: list[Traits] = [exprs.traits(f) for f in forms]
    return {
        "level": BANDS.level_of(score), "score": score,
        "solutions": len(forms),
        "needs_fraction": all(t.fraction for t in every),
        "needs_division": all(t.divisions for t in every),
        "needs_subtraction": all(t.subtractions for t in every),
        "left_to_right": any(t.left_to_right for t in every),
        "peak": _json_number(min(t.peak for t in every)),
        "simplest": engine.written(min(forms, key=engine.simplicity)),
        "tries": round(1 / search.chance), "ways": search.ways, "decoys": search.decoys,
    }


def rate(puzzle: JSON) -> JSON:
    return rating_of(solution_forms(puzzle), tuple(puzzle["numbers"]), puzzle["target"],
                     rules_of(puzzle))


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


CENSUS_MOST = 100_000  # cards one census may rate (about a minute); more is refused up front


def multiset_count(size: int, low: int, high: int, distinct: bool) -> int:
    """How many cards a census of these settings rates, known before any is made."""
    values = high - low + 1
    return math.comb(values, size) if distinct else math.comb(values + size - 1, size)


def multisets(size: int, low: int, high: int, distinct: bool) -> Iterator[tuple[int, ...]]:
    pick = itertools.combinations if distinct else itertools.combinations_with_replacement
    return pick(range(low, high + 1), size)


def census(target: int, size: int, low: int, high: int, operators: str = "+-*/",
           concat: bool = False, distinct: bool = False) -> dict:
    """Every multiset of `size` numbers from low..high: solvable or not, and each one's rating.

    JSON-ready: {"target", "size", "range", "operators", "concat", "distinct", "multisets",
    "solvable", "unsolvable": [[...], ...], "levels": {level: count}, "ratings": [{"numbers",
    **rating}, ...]}. Sub-multiset work is shared through the engine's memo.
    """
    _check_settings(size, low, high, operators, distinct)
    cards = multiset_count(size, low, high, distinct)
    if cards > CENSUS_MOST:
        raise BookgenError(f"a census of {size} numbers from {low}-{high} would rate {cards:,} cards; "
                           f"one census rates at most {CENSUS_MOST:,}: narrow the range or use "
                           "fewer numbers", key="range")
    rules = Rules(_operators(operators), concat)
    engine = exprs.engine(rules)
    unsolvable, ratings = [], []
    levels = dict.fromkeys(LEVELS, 0)
    for numbers in multisets(size, low, high, distinct):  # a card prints its numbers in order
        forms = engine.card_forms(numbers, target)
        if not forms:
            unsolvable.append(list(numbers))
            continue
        rating = rating_of(forms, numbers, target, rules)
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
def _census(target: int, size: int, low: int, high: int, operators: str, concat: bool,
            distinct: bool) -> dict:
    """The census of pooled settings, kept: the pool and the worked example both read it."""
    return census(target, size, low, high, operators, concat, distinct)


def _census_of(settings: Mapping[str, Any]) -> dict:
    low, high = settings["range"]
    return _census(settings["target"], settings["size"], low, high, settings["operators"],
                   settings["concat"], settings["distinct"])


@lru_cache(maxsize=32)
def _pool(target: int, size: int, low: int, high: int, operators: str, concat: bool,
          distinct: bool) -> dict[str, list[tuple[int, ...]]]:
    """Every solvable multiset of the settings, grouped by level."""
    report = _census(target, size, low, high, operators, concat, distinct)
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
    if any(engine.card_reaches(tuple(sorted(numbers)), goal) for numbers in first):
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
            raise BookgenError(_no_card_at(difficulty, settings, pool), key="difficulty")
    elif not _reachable_somewhere(settings["target"], settings["size"], low, high,
                                  settings["operators"], settings["concat"], settings["distinct"]):
        raise BookgenError(_unreachable(settings), key="target")


def variety(request: Request) -> int | None:
    """Every card of a pooled setting is in its census, so the cards at a level are countable."""
    settings = _settings(request)
    return len(_pool_of(settings)[request.level]) if _pooled(settings) else None


def _either(words: list[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _no_card_at(difficulty: str, settings: Mapping[str, Any],
                pool: Mapping[str, list[tuple[int, ...]]]) -> str:
    """Why a pooled request has no card at its level, and what to ask for instead."""
    low, high = settings["range"]
    have = [level for level in LEVELS if pool[level]]
    count = sum(len(cards) for cards in pool.values())
    missing = [name for op, name in (("+", "adding"), ("*", "multiplying"))
               if op not in settings["operators"]]
    why = (f" (without {' or '.join(missing)} few cards make the target, and only by long "
           "searches)" if missing else "")
    return (f"no {difficulty} card makes {settings['target']} from "
            f"{settings['size']} numbers of {low}-{high} with the operators "
            f"{settings['operators']}: all {count} that do are {_either(have)}{why}; choose "
            f"{_either(have)}, or widen the operators or the range")


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
        rating = rating_of(forms, numbers, settings["target"], rules_of(puzzle))
        if rating["level"] == difficulty:
            solution = {"expressions": expressions(forms[:SOLUTIONS_KEPT], rules_of(puzzle))}
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
NOTE_PT = 11.0  # the operators line: a card prints large enough for it to reach the floor
OPERATOR_NAMES = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7", "^": "^"}


def _fitted(pen: Pen, text: str, size: float, width: float, bold: bool = False) -> float:
    """The largest font size up to `size` at which text fits in width."""
    natural = pen.text_width(text, size, bold)
    return size if natural <= width else size * width / natural


def _operators_line(puzzle: JSON) -> str:
    line = "using " + " ".join(OPERATOR_NAMES[op] for op in _operators(puzzle["operators"]))
    return line + (", neighbours may be joined" if puzzle.get("concat") else "")


def measure(puzzle: JSON) -> tuple[float, float]:
    return CARD_W, CARD_H


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    """A card: 'Make N', the numbers in large type, the operators, and two lines to write on."""
    pen.rect(0, 0, CARD_W, CARD_H, width=MEDIUM, radius=3.0)
    pen.text(CARD_W / 2, 7.0, f"Make {puzzle['target']}", TITLE_PT, bold=True)
    numbers = [str(n) for n in puzzle["numbers"]]
    slot = (CARD_W - 8.0) / len(numbers)
    # one size for every card of this many numbers, set by the widest number a card may hold
    # with NUMBER_GAP clear on each side, so that digits keep their size from card to card
    size = _fitted(pen, str(MAX_NUMBER), NUMBER_PT, slot - NUMBER_GAP, bold=True)
    for index, text in enumerate(numbers):
        pen.text(4.0 + (index + 0.5) * slot, 18.5, text, size, bold=True)
    note = _operators_line(puzzle)
    pen.text(CARD_W / 2, 28.0, note, _fitted(pen, note, NOTE_PT, CARD_W - 6.0), grey=0.35)
    for y in (35.5, 42.0):
        pen.line(5.0, y, CARD_W - 5.0, y, width=THIN, dash=(1.0, 1.2))


def measure_solution(puzzle: JSON) -> tuple[float, float]:
    return CARD_W, ANSWER_H


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """The first (simplest) expression, in × ÷ − signs, under the card's numbers."""
    numbers = "  ".join(str(n) for n in puzzle["numbers"])
    head = f"Make {puzzle['target']}:  {numbers}"
    pen.text(CARD_W / 2, 5.0, head, _fitted(pen, head, NOTE_PT, CARD_W - 4.0), grey=0.35)
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


def fixed_example() -> Generated:
    puzzle = {"numbers": [1, 1, 5, 8], "target": 10, "operators": "+-*/"}
    return Generated(puzzle, solve(puzzle).solution or {}, rate(puzzle))


EXAMPLE_TRIES = {3: 40, 4: 40, 5: 20, 6: 8}  # random cards tried when the settings have no pool


def example(request: Request | None) -> Generated | None:
    """The section's worked example: the easiest card of the request's own settings (target,
    size, range, operators) solved, from the census when the settings are pooled, else the
    easiest of a few seeded random cards; the fixed 1 1 5 8 card when there is no request."""
    if request is None:
        return fixed_example()
    settings = _settings(request)
    if _pooled(settings):
        ratings = _census_of(settings)["ratings"]
        if not ratings:
            return None
        easiest = min(ratings, key=lambda entry: (entry["score"], entry["numbers"]))
        numbers = tuple(easiest["numbers"])
    else:
        rng = random.Random(f"example/{request.id('')}")
        rules = Rules(settings["operators"], settings["concat"])
        rated = []
        for _ in range(EXAMPLE_TRIES[settings["size"]]):
            card = _random_numbers(rng, settings)
            chance = whole_chance(card, settings["target"], rules)[0]
            if chance:  # an example needs no fraction
                rated.append((-chance, card))
        if not rated:
            return None
        numbers = min(rated)[1]
    puzzle = _puzzle(numbers, settings)
    forms = solution_forms(puzzle)
    solution = {"expressions": expressions(forms[:SOLUTIONS_KEPT], rules_of(puzzle))}
    return Generated(puzzle, solution, rate(puzzle))


# --- hints ----------------------------------------------------------------------------------------

HINT_SIGNS = {ast.Add: "+", ast.Sub: "\u2212", ast.Mult: "\u00d7", ast.Div: "\u00f7", ast.Pow: "^"}


def _said(value: Fraction) -> str:
    return exprs.number_text(value).replace("-", "\u2212")


def _and(numbers: tuple[int, ...]) -> str:
    text = [str(n) for n in numbers]
    return ", ".join(text[:-1]) + " and " + text[-1]


def _made_from(written: list[int], given: list[int]) -> list[tuple[int, ...]] | None:
    """For each number written, the card numbers it is made of (one, or neighbours joined in the
    card's order), each card number used once; None if the numbers written do not use the card
    so."""
    for runs in exprs.runs_of(given):
        if sorted(map(exprs.run_number, runs)) == sorted(written):
            return [runs.pop([exprs.run_number(run) for run in runs].index(number))
                    for number in written]
    return None


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """The simplest stored answer as the steps a person works out one at a time ("Start with
    8 \u2212 7 = 1", "Then 1 \u00d7 3 = 3", ... "the target"), after any numbers put side by
    side ("Put 1 and 2 side by side: 12"): words only, no cell to fill."""
    texts = solution.get("expressions") or []
    if not texts:
        return []
    try:
        _, written, _ = exprs.evaluate(texts[0])
    except ExpressionError:
        return []
    joins: list[str] = []
    if puzzle.get("concat"):
        parts = _made_from(written, list(puzzle["numbers"])) or []
        joins = [f"Put {_and(chosen)} side by side to make {number}"
                 for number, chosen in zip(written, parts) if len(chosen) > 1]
    lines: list[str] = []

    def walk(node: ast.expr) -> Fraction:
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return Fraction(node.value)
        assert isinstance(node, ast.BinOp)
        left, right = walk(node.left), walk(node.right)
        value = exprs.evaluate(f"({ast.unparse(node)})")[0]
        lines.append(f"{_said(left)} {HINT_SIGNS[type(node.op)]} {_said(right)} = {_said(value)}")
        return value

    walk(ast.parse(texts[0].strip(), mode="eval").body)
    said = joins + [("Then " if n or joins else "Start with ") + line for n, line in enumerate(lines)]
    if not said:
        return []
    said[-1] += ", the target"
    return [{"cells": [], "value": None, "why": line} for line in said]


# --- registry record ------------------------------------------------------------------------------

SHOWCASE = (Showcase("medium", {"concat": True}),)


ARITHMETIC = PuzzleType(
    name="arithmetic",
    title="Make the Number",
    rules=rules_text,
    options=OPTIONS,
    showcase=SHOWCASE,
    census=census_of_options,
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
    example=example,
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    measure_solution=measure_solution,
    variety=variety,
    hints=hints,
    play_script="arithmetic/play.js",
)
