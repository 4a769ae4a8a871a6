"""The census: every card of some settings rated, with the share at each level, for puzzle authors
(`bookgen census`); the generator's pools of cards come from it.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Iterator, Mapping
from importlib import resources
from typing import Any

from bookgen.core import exprs
from bookgen.core.exprs import Rules
from bookgen.core.grading import LEVELS
from bookgen.core.options import parse_options
from bookgen.errors import BookgenError
from bookgen.i18n import _, current
from bookgen.puzzles.arithmetic.grader import rating_of
from bookgen.puzzles.arithmetic.parameters import (
    MAX_NUMBER,
    MAX_SIZE,
    MIN_SIZE,
    OPTIONS,
    check_operators,
    operators_in_order,
)


def check_settings(size: int, low: int, high: int, operators: str, distinct: bool) -> None:
    """A clear error for settings no puzzle can have, naming the option at fault."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise BookgenError(_("size {size} is not allowed; use {least} to {most} numbers").format(
            size=size, least=MIN_SIZE, most=MAX_SIZE), key="size")
    if not 0 <= low <= high <= MAX_NUMBER:
        raise BookgenError(_("range {range} is not allowed; use LOW-HIGH within 0 to {most}").format(
            range=f"{low}-{high}", most=MAX_NUMBER), key="range")
    problem = check_operators(operators)
    if problem:
        raise BookgenError(problem, key="operators")
    if distinct and high - low + 1 < size:
        raise BookgenError(_("{size} distinct numbers do not fit in the range {range}").format(
            size=size, range=f"{low}-{high}"), key="distinct")


CENSUS_MOST = 100_000  # cards one census may rate (about a minute); more is refused up front


def multiset_count(size: int, low: int, high: int, distinct: bool) -> int:
    """How many cards a census of these settings rates, known before any is made."""
    values = high - low + 1
    return math.comb(values, size) if distinct else math.comb(values + size - 1, size)


def multisets(size: int, low: int, high: int, distinct: bool) -> Iterator[tuple[int, ...]]:
    pick = itertools.combinations if distinct else itertools.combinations_with_replacement
    return pick(range(low, high + 1), size)


SHIPPED = "census.json"
"""The census of the default settings, shipped in the package: a book or a command that asks for
them (every arithmetic section that sets no option) reads it instead of rating their 495 cards,
0.2 s of processor time before the first puzzle. `python -m bookgen.puzzles.arithmetic.census_table`
writes it again after a change to the engine or the grader (tests/test_census_table.py checks it
against a fresh census)."""


def census(target: int, size: int, low: int, high: int, operators: str = "+-*/",
           concat: bool = False, distinct: bool = False) -> dict:
    """Every multiset of `size` numbers from low..high: solvable or not, and each one's rating
    (`counted_census`), read from the shipped census where the settings are its own."""
    check_settings(size, low, high, operators, distinct)
    shipped = json.loads(resources.files(__package__).joinpath(SHIPPED).read_text("utf-8"))
    settings = {"target": target, "size": size, "range": [low, high],
                "operators": operators_in_order(operators), "concat": concat, "distinct": distinct}
    if all(shipped[key] == value for key, value in settings.items()):
        return shipped
    return counted_census(target, size, low, high, operators, concat, distinct)


def counted_census(target: int, size: int, low: int, high: int, operators: str = "+-*/",
                   concat: bool = False, distinct: bool = False) -> dict:
    """Every multiset of `size` numbers from low..high: solvable or not, and each one's rating,
    each card rated here.

    JSON-ready: {"target", "size", "range", "operators", "concat", "distinct", "multisets",
    "solvable", "unsolvable": [[...], ...], "levels": {level: count}, "ratings": [{"numbers",
    **rating}, ...]}. Sub-multiset work is shared through the engine's memo.
    """
    check_settings(size, low, high, operators, distinct)
    cards = multiset_count(size, low, high, distinct)
    if cards > CENSUS_MOST:
        raise BookgenError(_("a census of {size} numbers from {range} would rate {cards} cards; one "
                             "census rates at most {most}: narrow the range or use fewer numbers")
                           .format(size=size, range=f"{low}-{high}", cards=current().number(cards),
                                   most=current().number(CENSUS_MOST)), key="range")
    rules = Rules(operators_in_order(operators), concat)
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
        "target": target, "size": size, "range": [low, high], "operators": operators_in_order(operators),
        "concat": concat, "distinct": distinct,
        "multisets": len(unsolvable) + len(ratings), "solvable": len(ratings),
        "unsolvable": unsolvable, "levels": levels, "ratings": ratings,
    }


def census_of_options(raw: Mapping[str, Any], count: Callable[..., dict] = census) -> dict:
    """The census for raw option values (as `bookgen census` takes them), each parsed and checked
    by this type's own option specs; an option left out takes its default. `count` makes it
    (`counted_census`: without the shipped one)."""
    settings = {spec.name: spec.default for spec in OPTIONS} | parse_options(OPTIONS, raw, "arithmetic")
    low, high = settings["range"]
    return count(settings["target"], settings["size"], low, high, settings["operators"],
                 concat=settings["concat"], distinct=settings["distinct"])
