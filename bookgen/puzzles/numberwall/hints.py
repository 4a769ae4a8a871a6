"""Hints: the bricks in the order the grader fills them, each with why (an equation written out).

The grader's own path (the same steps, simplest first), told one brick at a time for the
playable page; see core.grading.told_in_order.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial

from bookgen.api import JSON
from bookgen.core.grading import page_hints, recorded_steps, told_in_order
from bookgen.core.triangle import flatten, shape
from bookgen.i18n import _
from bookgen.puzzles.numberwall.grader import TOP, Expr, complete, deductions, first_equation
from bookgen.puzzles.numberwall.wall import Wall, wall_of

Known = Mapping[int, int]


def _by_sum(wall: Wall, known: Known, cell: int, value: int, allow_subtract: bool) -> str | None:
    """Why a brick holds `value`: the sum of the two below it, or (with `allow_subtract`) the
    brick above it less its neighbour."""
    for parent_a, parent_b, child in shape(wall.rows).triangles:
        if cell == child:
            a, b = known.get(parent_a), known.get(parent_b)
            if a and b and a + b == value:
                return _("{value} goes here: it is the sum of {left} and {right} below it").format(
                    value=value, left=a, right=b)
        elif allow_subtract and cell in (parent_a, parent_b):
            k, c = known.get(parent_b if cell == parent_a else parent_a), known.get(child)
            if k and c and c - k == value:
                return _("{value} goes here: with {beside} beside it they make {above} above, and "
                         "{above} \u2212 {beside} = {value}").format(value=value, beside=k, above=c)
    return None


def _in_x(expr: Expr) -> str:
    """2x + 7, x − 3, 19 − x: a brick written in terms of x."""
    coef, const = expr
    if not coef:
        return _minus(const)
    term = {1: "x", -1: "−x"}.get(int(coef), f"{_minus(coef)}x")
    if not const:
        return term
    if coef < 0:
        return f"{_minus(const)} − {term.lstrip(chr(0x2212))}"
    return f"{term} {'+' if const > 0 else chr(0x2212)} {abs(const)}"


def _minus(number: Fraction) -> str:
    return str(number).replace("-", "−")


def _by_equation(wall: Wall, known: Known, cell: int, value: int) -> str | None:
    """The equation step said with its equation: call this brick x, write the bricks the sums
    reach in x, and the first brick reached two ways gives the equation that x solves."""
    found = first_equation(wall, known, cell)
    if found is None or found[0] != value:
        return None
    child, total, reached = found[1:]
    row, place = shape(wall.rows).cells[child]
    # Translators: x is the unknown of the equation; {reached} and {total} are written in x ("2x + 7")
    return _("{value} goes here: call this brick x and write the bricks around it in terms of x; "
             "the brick in row {row}, place {place} is {reached}, and the two below it add up to "
             "{total}, so {total} = {reached} and x = {value}").format(
        value=value, row=wall.rows - row, place=place + 1, reached=_in_x(reached), total=_in_x(total))


def _step_reason(wall: Wall, step: str, known: Known, cell: int, value: int) -> str:
    if step == "equation":
        said = _by_equation(wall, known, cell, value)
        if said:
            return said
        return _("{value} goes here: call this brick x and write the bricks it reaches in x; where "
                 "two ways meet they give an equation, and x = {value}").format(value=value)
    if step == "system":
        return _("{value} goes here: writing every sum as an equation and solving them together "
                 "gives {value}").format(value=value)
    return _("{value} goes here: it follows from the bricks around it").format(value=value)


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Each brick the grader fills, in its simplest-first order, with its reason; [] when the
    steps cannot finish the wall (the generator never makes one)."""
    wall = wall_of(puzzle)
    values = flatten(puzzle["rows"])
    start = {cell: v for cell, v in enumerate(values) if v}
    deduced, steps = recorded_steps(deductions(wall), values, complete, TOP,
                                    lambda state: {n: v for n, v in enumerate(state) if v})
    if not deduced.finished:
        return []
    told = told_in_order(
        steps, start,
        [partial(_by_sum, wall, allow_subtract=False), partial(_by_sum, wall, allow_subtract=True)],
        partial(_step_reason, wall))
    cells = shape(wall.rows).cells
    return page_hints(told, lambda cell: [list(cells[cell])])
