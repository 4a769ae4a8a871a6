"""Hints: the circles in the order the grader fills them, each with why.

The grader's own path (the same steps, simplest first), told one circle at a time for the
playable page; see core.grading.told_in_order.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from bookgen.api import JSON
from bookgen.core.grading import page_hints, recorded_steps, told_in_order
from bookgen.core.triangle import flatten, shape, triangular
from bookgen.i18n import _
from bookgen.i18n.conjunctions import joined, said
from bookgen.puzzles.pyramid.grader import TOP, complete, deductions
from bookgen.puzzles.pyramid.rules import Rules, rules_of
from bookgen.puzzles.pyramid.solver import Contradiction, candidate_lists

Known = Mapping[int, int]


def _triangles_of(rows: int, cell: int) -> list[tuple[int, int, int]]:
    return [t for t in shape(rows).triangles if cell in t]


def _from_two(rules: Rules, known: Known, cell: int, value: int, allow_once: bool) -> str | None:
    """Why a circle holds `value`, from two known circles of one triangle: a difference of the two
    above, or (from the one beside it above and the one below) a sum or difference of which only
    one fits the range (or, with `allow_once`, only one is still unused)."""
    for parent_a, parent_b, child in _triangles_of(rules.rows, cell):
        if cell == child:
            a, b = known.get(parent_a), known.get(parent_b)
            if a and b and abs(a - b) == value:
                return _("{value} goes here: it is the difference of {larger} and {smaller} above "
                         "it").format(value=value, larger=max(a, b), smaller=min(a, b))
            continue
        k, c = known.get(parent_b if cell == parent_a else parent_a), known.get(child)
        if not (k and c):
            continue
        fitting = [v for v in (k + c, k - c) if rules.low <= v <= rules.high]
        if fitting == [value] and value == k + c:
            return _("{value} goes here: its difference with {beside} beside it is {below} below, so "
                     "it is {beside} + {below} ({beside} \u2212 {below} is below {low})").format(
                value=value, beside=k, below=c, low=rules.low)
        if fitting == [value]:
            return _("{value} goes here: its difference with {beside} beside it is {below} below, so "
                     "it is {beside} \u2212 {below} ({beside} + {below} is over {high})").format(
                value=value, beside=k, below=c, high=rules.high)
        unused = [v for v in fitting if v not in known.values()]
        if allow_once and unused == [value]:
            other = next(v for v in fitting if v != value)
            return said(_("{value} goes here: its difference with {beside} beside it is {below} "
                          "below, so it is {beside} \u2212 {below} or {beside} + {below}, and {other} "
                          "is already used"), value=value, beside=k, below=c, other=other)
    return None


def _around(rules: Rules, known: Known, cell: int) -> str:
    """The different numbers in the circles that share a triangle with this one, "3, 5 and 8"."""
    numbers = sorted({known[other] for triangle in _triangles_of(rules.rows, cell)
                      for other in triangle if other != cell and other in known})
    return joined([str(n) for n in numbers])


def _step_reason(rules: Rules, step: str, known: Known, cell: int, value: int) -> str:
    """The step's words, with the numbers around the circle to start from (or the range, when
    none is known yet)."""
    around = _around(rules, known, cell)
    if step == "candidates":
        values = [known.get(n, 0) for n in range(triangular(rules.rows))]
        try:
            cands = candidate_lists(rules, values)
        except Contradiction:
            cands = []
        only_number = bool(cands) and cands[cell] == 1 << value
        if around and only_number:
            return _("{value} goes here: start from {numbers} around it and list what each circle "
                     "can still hold; {value} is the only number left for this circle").format(
                value=value, numbers=around)
        if around:
            return _("{value} goes here: start from {numbers} around it and list what each circle "
                     "can still hold; this is the only circle left for {value}").format(
                value=value, numbers=around)
        if only_number:
            return _("{value} goes here: list what each circle can still hold from {low} to "
                     "{high}; {value} is the only number left for this circle").format(
                value=value, low=rules.low, high=rules.high)
        return _("{value} goes here: list what each circle can still hold from {low} to {high}; "
                 "this is the only circle left for {value}").format(
            value=value, low=rules.low, high=rules.high)
    if step == "trial" and around:
        return _("{value} goes here: with {numbers} around it, every other number this circle "
                 "could hold leads to a contradiction").format(value=value, numbers=around)
    if step == "trial":
        return _("{value} goes here: every other number from {low} to {high} that this circle "
                 "could hold leads to a contradiction").format(value=value, low=rules.low, high=rules.high)
    if around:
        return _("{value} goes here: it follows from {numbers} around it").format(value=value, numbers=around)
    return _("{value} goes here: it follows from the circles around it").format(value=value)


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Each circle the grader fills, in its simplest-first order, with its reason; [] when the
    steps cannot finish the puzzle (the generator never makes one)."""
    rules = rules_of(puzzle)
    values = flatten(puzzle["rows"])
    start = {cell: v for cell, v in enumerate(values) if v}
    try:
        deduced, steps = recorded_steps(deductions(rules), values, partial(complete, rules), TOP,
                                        lambda state: {n: v for n, v in enumerate(state) if v})
    except Contradiction:
        return []
    if not deduced.finished:
        return []
    told = told_in_order(
        steps, start,
        [partial(_from_two, rules, allow_once=False), partial(_from_two, rules, allow_once=True)],
        partial(_step_reason, rules))
    cells = shape(rules.rows).cells
    return page_hints(told, lambda cell: [list(cells[cell])])
