"""The grader: how hard a card is for the person it models.

The rating is a model of how a person searches. A person looks at the numbers, picks two of them
and an operator, writes the result in their place, and goes on until one number is left; each
step is picked at random, in proportion to its weight, among the distinct steps the numbers
allow (a repeated number gives fewer distinct steps, so more of them lead somewhere). With two
numbers left, a product that makes the target is always seen (times tables: 3*8, 4*6), and so
is the target times or over 1; any other last step is found like every step. Fractions come
last: only when no whole-number attempt can make the target does the person take fractional
steps too. `chance` is the probability that one attempt makes the target; the score is
log2(1 / chance), the attempts a person needs, in bits. Four weights (every other step weighs
1), fitted to the 4nums.com ranking of the 1362 solvable 24 cards by human solve time, odd
ranks only (bench/arithmetic_people.py; README.md in this folder has the figures), held in
`Weights`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from bookgen.api import JSON
from bookgen.core import exprs
from bookgen.core.exprs import Form, Rules, Traits
from bookgen.core.grading import Bands
from bookgen.puzzles.arithmetic.parameters import rules_of
from bookgen.puzzles.arithmetic.solver import solution_forms


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


def score_of(search: Search) -> float:
    """The score of a search: the attempts the model person needs, in bits, to 0.01."""
    return round(-math.log2(search.chance), 2)


def level_of(numbers: tuple[int, ...], target: int, rules: Rules) -> str:
    """A card's level as `rating_of` gives it ("unsolvable" included), mostly without listing
    its solutions: the level is a band of the score, and the score is the model person's search
    alone (on 6 numbers of 1-9 a few ms, where the solutions take over 100). Whole steps that
    make the target are an expression, so such a card is solvable; only a card they cannot make
    has its solutions listed, to see whether it has any (`rating_of`'s own test)."""
    if not (whole_chance(numbers, target, rules)[0]
            or exprs.engine(rules).card_forms(numbers, target)):
        return "unsolvable"
    return BANDS.level_of(score_of(search_of(numbers, target, rules)))


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
    score = score_of(search)
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
