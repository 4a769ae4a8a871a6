"""The grader: the steps a person takes, simplest first (adding, subtracting, an equation in x, a
system), and the hardest one a wall needs.

A person solves a wall with steps of rising difficulty; the grader applies the easiest step that
works, over and over (core.grading.simplest_first), and the hardest step it needed is the level:
  add         a brick whose two bricks below are known
  subtract    a brick below found from the brick above and its neighbour
  equation    one unknown brick called x, the bricks written in x, and an equation solved
  system      more than one unknown at once (a system of equations); a wall that needs
              two separate equations is rated at this level too
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache, partial

from bookgen.api import JSON
from bookgen.core.grading import LEVELS, Bands, Deduced, Deduction, simplest_first
from bookgen.core.triangle import Values, flatten, shape
from bookgen.puzzles.numberwall.wall import Wall, wall_of

STEPS = ("add", "subtract", "equation", "system")  # their ranks are their places here
TOP = len(STEPS) - 1
BANDS = Bands.of({level: (rank, rank) for rank, level in enumerate(LEVELS)})  # level = hardest rank


def _sum_sweep(wall: Wall, values: Values, allow_subtract: bool) -> dict[str, int]:
    """One sweep of additions (and, if allowed, subtractions); how many bricks each filled (steps
    that filled none left out)."""
    added = subtracted = 0
    for parent_a, parent_b, child in shape(wall.rows).triangles:
        a, b, c = values[parent_a], values[parent_b], values[child]
        if a and b and not c:
            values[child] = a + b
            added += 1
        elif allow_subtract and c and (a or b) and not (a and b):
            known, unknown = (a, parent_b) if a else (b, parent_a)
            if c - known >= wall.low:
                values[unknown] = c - known
                subtracted += 1
    return {name: count for name, count in (("add", added), ("subtract", subtracted)) if count}


Expr = tuple[Fraction, Fraction]  # coefficient of x, constant


def _equation_step(wall: Wall, values: Values) -> bool:
    """Call one unknown brick x, write every brick the sums reach in terms of x, and solve the
    first equation that appears; True if a brick was filled."""
    for unknown in (cell for cell, value in enumerate(values) if not value):
        found = first_equation(wall, {cell: v for cell, v in enumerate(values) if v}, unknown)
        if found is None:
            continue
        x = found[0]
        if x.denominator == 1 and wall.low <= x <= wall.high:
            values[unknown] = int(x)
            return True
        return False
    return False


def first_equation(wall: Wall, known: Mapping[int, int], unknown: int,
                    ) -> tuple[Fraction, int, Expr, Expr] | None:
    """With brick `unknown` called x, write each brick the sums reach in terms of x until one
    brick is reached two ways: (x, that brick, its two bricks below added up, itself), or None."""
    expr: dict[int, Expr] = {cell: (Fraction(0), Fraction(v)) for cell, v in known.items()}
    expr[unknown] = (Fraction(1), Fraction(0))
    changed = True
    while changed:
        changed = False
        for parent_a, parent_b, child in shape(wall.rows).triangles:
            a, b, c = expr.get(parent_a), expr.get(parent_b), expr.get(child)
            if a and b and c:
                total = (a[0] + b[0], a[1] + b[1])
                if total[0] != c[0]:
                    return (c[1] - total[1]) / (total[0] - c[0]), child, total, c
            elif a and b:
                expr[child] = (a[0] + b[0], a[1] + b[1])
                changed = True
            elif c and (a or b):
                side, missing = (a, parent_b) if a else (b, parent_a)
                expr[missing] = (c[0] - side[0], c[1] - side[1])  # type: ignore[index]  # a or b is set
                changed = True
    return None


def _system_step(wall: Wall, values: Values) -> bool:
    """Solve all the sums as one linear system; fill every brick it determines."""
    unknowns = [cell for cell, value in enumerate(values) if not value]
    column = {cell: n for n, cell in enumerate(unknowns)}
    width = len(unknowns)
    rows = []
    for triangle in shape(wall.rows).triangles:
        if not any(cell in column for cell in triangle):
            continue
        row = [Fraction(0)] * (width + 1)
        for cell, sign in zip(triangle, (1, 1, -1)):
            if cell in column:
                row[column[cell]] += sign
            else:
                row[width] -= sign * values[cell]
        rows.append(row)
    pivots: list[int] = []
    for col in range(width):
        pivot = next((r for r in range(len(pivots), len(rows)) if rows[r][col]), None)
        if pivot is None:
            continue
        top = len(pivots)
        rows[top], rows[pivot] = rows[pivot], rows[top]
        lead = rows[top][col]
        rows[top] = [v / lead for v in rows[top]]
        for r in range(len(rows)):
            if r != top and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[top])]
        pivots.append(col)
    filled = False
    for r, col in enumerate(pivots):
        if all(not rows[r][other] for other in range(width) if other != col):
            value = rows[r][width]
            if value.denominator == 1 and wall.low <= value <= wall.high:
                values[unknowns[col]] = int(value)
                filled = True
    return filled


@cache
def deductions(wall: Wall) -> tuple[Deduction[Values], ...]:
    """The steps in the order a person tries them, each ranked by its place in STEPS."""
    return (
        Deduction("add", 0, partial(_sum_sweep, wall, allow_subtract=False)),
        Deduction("subtract", 1, partial(_sum_sweep, wall, allow_subtract=True)),
        Deduction("equation", 2, lambda values: int(_equation_step(wall, values))),
        Deduction("system", 3, lambda values: int(_system_step(wall, values))),
    )


def complete(values: Values) -> bool:
    return 0 not in values


def deduce(wall: Wall, values: Values, top: int = TOP) -> tuple[Values, Deduced]:
    """Fill what the steps ranked up to `top` can, counting each step."""
    values = values.copy()
    return values, simplest_first(deductions(wall), values, complete, top)


def rate(puzzle: JSON) -> JSON:
    """Measured figures: givens, bricks filled by each kind of step, and the level: the hardest
    step needed, or expert for two separate equations. A wall the steps cannot finish is rated
    expert with "finished": false; the generator never makes one."""
    wall = wall_of(puzzle)
    start = flatten(puzzle["rows"])
    _, deduced = deduce(wall, start)
    hardest = deduced.hardest if deduced.finished else TOP
    if deduced.counts["equation"] >= 2:
        hardest = TOP  # two separate equations: as hard as a system
    return {
        "level": BANDS.level_of(hardest),
        "hardest_step": STEPS[hardest],
        "finished": deduced.finished,
        "givens": sum(1 for v in start if v),
        "cells": len(start),
        **{f"{step}_steps": deduced.counts[step] for step in STEPS},
    }
