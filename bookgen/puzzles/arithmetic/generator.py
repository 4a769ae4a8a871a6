"""The generator: cards drawn from a census's pool when the settings are small enough to rate every
card, else random cards tried until one rates at the level; and the section's worked example.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from bookgen.api import JSON, Generated, Request, _
from bookgen.core import exprs
from bookgen.core.exprs import Rules
from bookgen.core.grading import LEVELS, level_word
from bookgen.errors import BookgenError
from bookgen.i18n.conjunctions import joined
from bookgen.puzzles.arithmetic.census import census, check_settings
from bookgen.puzzles.arithmetic.grader import level_of, rate, rating_of, whole_chance
from bookgen.puzzles.arithmetic.parameters import operators_in_order, rules_of
from bookgen.puzzles.arithmetic.solver import expressions, solution_forms, solve

POOL_LIMIT = 3000  # at most this many 3- or 4-number multisets: rate them all once and pick
# otherwise: random multisets tried per puzzle, so many that a level one card in thirty reaches
# is missed about once in 2,000 puzzles or fewer (a book of many finds what a few found); a
# refusal counts what its tries found instead
TRIES = {3: 3200, 4: 3200, 5: 1200, 6: 200}


def _settings(request: Request) -> dict[str, Any]:
    return {**request.settings, "operators": operators_in_order(request.settings["operators"])}


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
    level = request.level
    settings = _settings(request)
    low, high = settings["range"]
    check_settings(settings["size"], low, high, settings["operators"], settings["distinct"])
    if _pooled(settings):
        pool = _pool_of(settings)
        if not any(pool.values()):
            raise BookgenError(_unreachable(settings), key="target")
        if not pool[level]:
            raise BookgenError(_no_card_at(level, settings, pool), key="difficulty")
    elif not _reachable_somewhere(settings["target"], settings["size"], low, high,
                                  settings["operators"], settings["concat"], settings["distinct"]):
        raise BookgenError(_unreachable(settings), key="target")


def variety(request: Request) -> int | None:
    """Every card of a pooled setting is in its census, so the cards at a level are countable."""
    settings = _settings(request)
    return len(_pool_of(settings)[request.level]) if _pooled(settings) else None


def _no_card_at(level: str, settings: Mapping[str, Any],
                pool: Mapping[str, list[tuple[int, ...]]]) -> str:
    """Why a pooled request has no card at its level, and what to ask for instead."""
    low, high = settings["range"]
    have = [other for other in LEVELS if pool[other]]
    count = sum(len(cards) for cards in pool.values())
    adding, multiplying = "+" in settings["operators"], "*" in settings["operators"]
    why = ("" if adding and multiplying else
           _(" (without adding few cards make the target, and only by long searches)") if multiplying
           else _(" (without multiplying few cards make the target, and only by long searches)")
           if adding else
           _(" (without adding or multiplying few cards make the target, and only by long searches)"))
    levels = joined([level_word(name) for name in have], "or")
    return _("no {level} card makes {target} from {size} numbers of {range} with the operators "
             "{operators}: all {count} that do are {levels}{why}; choose {levels}, or widen the "
             "operators or the range").format(
                 level=level_word(level), target=settings["target"], size=settings["size"],
                 range=f"{low}-{high}", operators=settings["operators"], count=count,
                 levels=levels, why=why)


def _unreachable(settings: Mapping[str, Any]) -> str:
    low, high = settings["range"]
    return _("no {size} numbers from {range} make {target} with {operators}; widen the range or "
             "the operators, or change the target").format(
                 size=settings["size"], range=f"{low}-{high}", target=settings["target"],
                 operators=settings["operators"])


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
    level = request.level
    settings = _settings(request)
    if _pooled(settings):
        candidates = iter([rng.choice(_pool_of(settings)[level])])
    else:
        candidates = (_random_numbers(rng, settings) for _ in range(TRIES[settings["size"]]))
    rules = Rules(settings["operators"], settings["concat"])
    found: dict[str, int] = {}
    for numbers in candidates:  # only the card kept lists its solutions (`level_of`)
        rated = level_of(numbers, settings["target"], rules)
        if rated == level:
            puzzle = _puzzle(numbers, settings)
            forms = solution_forms(puzzle)
            rating = rating_of(forms, numbers, settings["target"], rules)
            solution = {"expressions": expressions(forms[:SOLUTIONS_KEPT], rules)}
            return Generated(puzzle, solution, rating)
        found[rated] = found.get(rated, 0) + 1
    counts = ", ".join(_("{count} {level}").format(count=found[name], level=level_word(name))
                       for name in LEVELS if name in found)
    if "unsolvable" in found:
        unsolvable = _("{count} unsolvable").format(count=found["unsolvable"])
        counts = f"{counts}, {unsolvable}" if counts else unsolvable
    raise BookgenError(
        _("no {level} card among {tries} drawn at random for these options ({counts}): {level} "
          "cards are too few among them to find ({size} numbers usually have many solutions, so "
          "high levels are rare); try another level, range or size").format(
              level=level_word(level), tries=TRIES[settings["size"]], counts=counts,
              size=settings["size"]), key="difficulty")


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
