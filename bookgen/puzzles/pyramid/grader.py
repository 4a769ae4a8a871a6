"""The grader: the steps a person takes, simplest first, and the hardest one a pyramid needs.

A person solves a pyramid with steps of rising difficulty; the grader applies the easiest step
that works, over and over (core.grading.simplest_first), and the hardest step it needed is the
level (Tatham's approach):
  direct      a cell whose two neighbours in one triangle are known, with one possibility
              in the number range (two above: their difference; one above and the one
              below: the other above is the sum or the difference, and only one fits)
  once        the same, when both possibilities fit but one is already used elsewhere
              (the "all numbers different" rule is needed)
  candidates  candidate lists for every cell, narrowed triangle by triangle, until a cell has
              one candidate left or (classic) a number has one cell left
  trial       a cell with at most TRIAL_WIDTH candidates is tried with each; all but one lead
              to a contradiction by the steps above
"""

from __future__ import annotations

from functools import cache, partial

from bookgen.api import JSON
from bookgen.core.bits import members as bits_values
from bookgen.core.grading import LEVELS, Bands, Deduced, Deduction, simplest_first
from bookgen.core.triangle import Values, flatten, shape
from bookgen.puzzles.pyramid.rules import Rules, rules_of
from bookgen.puzzles.pyramid.solver import Contradiction, candidate_lists

STEPS = ("direct", "once", "candidates", "trial")  # their ranks are their places here
TOP = len(STEPS) - 1
BANDS = Bands.of({level: (rank, rank) for rank, level in enumerate(LEVELS)})  # level = hardest rank
TRIAL_WIDTH = 3


def _difference_sweep(rules: Rules, values: Values, allow_once: bool) -> dict[str, int]:
    """One sweep of the direct (and, if allowed, once) steps; how many cells each filled (steps
    that filled none left out)."""
    direct = once = 0
    placed = {v for v in values if v}

    def put(cell: int, value: int) -> None:
        if not rules.low <= value <= rules.high or value in placed:
            raise Contradiction
        values[cell] = value
        placed.add(value)

    for parent_a, parent_b, child in shape(rules.rows).triangles:
        a, b, c = values[parent_a], values[parent_b], values[child]
        if a and b:
            if not c:
                put(child, abs(a - b))
                direct += 1
            elif c != abs(a - b):
                raise Contradiction
            continue
        if not c or not (a or b):
            continue
        known, unknown = (a, parent_b) if a else (b, parent_a)
        fitting = [v for v in rules.parents(c, known) if rules.low <= v <= rules.high]
        unused = [v for v in fitting if v not in placed]
        if not unused:
            raise Contradiction
        if len(fitting) == 1:
            put(unknown, fitting[0])
            direct += 1
        elif allow_once and len(unused) == 1:
            put(unknown, unused[0])
            once += 1
    return {name: count for name, count in (("direct", direct), ("once", once)) if count}


def _candidate_step(rules: Rules, values: list[int]) -> bool:
    """Fill every cell left with one candidate, else (classic) a number left with one cell."""
    cands = candidate_lists(rules, values)
    filled = False
    for cell, bits in enumerate(cands):
        if not values[cell] and bits & (bits - 1) == 0:
            values[cell] = bits.bit_length() - 1
            filled = True
    if filled or not rules.each_once:
        return filled
    missing = set(range(rules.low, rules.high + 1)) - set(values)
    for value in sorted(missing):
        places = [cell for cell, bits in enumerate(cands) if not values[cell] and bits >> value & 1]
        if not places:
            raise Contradiction
        if len(places) == 1:
            values[places[0]] = value
            return True
    return False


def _trial_step(rules: Rules, values: Values) -> bool:
    """Try each candidate of a cell with few; keep the one that does not end in a contradiction."""
    cands = candidate_lists(rules, values)
    narrow = sorted((bits.bit_count(), cell) for cell, bits in enumerate(cands)
                    if not values[cell] and bits.bit_count() <= TRIAL_WIDTH)
    for _, cell in narrow:
        survivors = []
        for value in bits_values(cands[cell]):
            trial = values.copy()
            trial[cell] = value
            try:
                deduce(rules, trial, top=STEPS.index("trial") - 1)
            except Contradiction:
                continue
            survivors.append(value)
        if not survivors:
            raise Contradiction
        if len(survivors) == 1:
            values[cell] = survivors[0]
            return True
    return False


@cache
def deductions(rules: Rules) -> tuple[Deduction[Values], ...]:
    """The steps in the order a person tries them, each ranked by its place in STEPS."""
    return (
        Deduction("direct", 0, partial(_difference_sweep, rules, allow_once=False)),
        Deduction("once", 1, partial(_difference_sweep, rules, allow_once=True)),
        Deduction("candidates", 2, lambda values: int(_candidate_step(rules, values))),
        Deduction("trial", 3, lambda values: int(_trial_step(rules, values))),
    )


def complete(rules: Rules, values: Values) -> bool:
    """Whether every cell is filled; a full pyramid is checked triangle by triangle first (the
    direct sweep raises Contradiction on a wrong one and fills nothing)."""
    if 0 in values:
        return False
    _difference_sweep(rules, values, allow_once=False)
    return True


def deduce(rules: Rules, values: Values, top: int = TOP) -> tuple[Values, Deduced]:
    """Fill what the steps ranked up to `top` can, counting each step; Contradiction when the
    numbers break the rules."""
    values = values.copy()
    if len({v for v in values if v}) != sum(1 for v in values if v):
        raise Contradiction
    return values, simplest_first(deductions(rules), values, partial(complete, rules), top)


def rate(puzzle: JSON) -> JSON:
    """Measured figures: givens, cells filled by each kind of step, and the level: the hardest
    step needed. A puzzle the steps cannot finish (or that breaks the rules) is rated expert
    with "finished": false; the generator never makes one."""
    rules = rules_of(puzzle)
    start = flatten(puzzle["rows"])
    try:
        _, deduced = deduce(rules, start)
    except Contradiction:
        deduced = Deduced(False, TOP, dict.fromkeys(STEPS, 0))
    hardest = deduced.hardest if deduced.finished else TOP
    return {
        "level": BANDS.level_of(hardest),
        "hardest_step": STEPS[hardest],
        "finished": deduced.finished,
        "givens": sum(1 for v in start if v),
        "cells": len(start),
        **{f"{step}_steps": deduced.counts[step] for step in STEPS},
    }
