"""Number walls: bricks laid in a triangle, each brick holding the sum of the two below it (drawn
with the wide row at the bottom).

Parameters, geometry, solver, grader, generator, checking, drawing, then the registry record.

The JSON stores the widest row first (`rows[0]`, the bottom of the drawing), as difference
pyramids do, and keeps the fields number walls had when they were a pyramid variant:
`"variant": "sum"`, `min`, `max`, `rows`. Both types share the triangle engine
`bookgen.core.triangle`; walls search it with sums, each brick bounded by the givens below it.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from typing import Any

from bookgen.core.grading import (
    LEVELS,
    VARIETY_PATTERNS,
    Bands,
    Deduced,
    Deduction,
    kept,
    make_at_level,
    recorded_steps,
    removal_results,
    remove_givens,
    simplest_first,
    told_in_order,
)
from bookgen.core.options import Option
from bookgen.core.pen import MEDIUM, Pen, fitted_size
from bookgen.core.triangle import (
    Values,
    answer_shape_problem,
    completions,
    flatten,
    format_problem,
    given_bounds,
    given_problems,
    givens_of,
    shape,
    to_rows,
    triples,
)
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.puzzles.base import (
    JSON,
    Generated,
    OlderSpelling,
    Printed,
    PuzzleType,
    Request,
    Showcase,
    Solved,
    always_unique,
    fixed_example,
    fixed_rules,
    mirror_form,
    no_answer_note,
    numbers_printed,
)

# --- parameters ---------------------------------------------------------------------------------

VARIANT = "sum"  # the puzzle JSON's "variant", kept from when walls were a pyramid variant
MAX_ROWS = 10  # the largest wall any puzzle JSON may hold
MIN_ROWS, MADE_ROWS = 3, 7  # rows the generator makes
EXPERT_ROWS = 5  # smaller number walls never need two equations
MAX_NUMBER = 9999
# Default rows per level (small enough that every level is quick to make).
DEFAULT_ROWS = {"easy": 4, "medium": 4, "hard": 5, "expert": 7}
DEFAULT_RANGE = (1, 10)


def default_max(level: str, earlier: Mapping[str, Any]) -> int:
    """Never binding: the top of a wall whose bottom row is all the high end of the range."""
    return min(MAX_NUMBER, earlier["range"][1] * 2 ** (earlier["rows"] - 1))


OPTIONS = (
    Option("rows", "int", f"rows in the wall (expert: at least {EXPERT_ROWS})",
           default=lambda level, earlier: DEFAULT_ROWS[level], low=MIN_ROWS, high=MADE_ROWS),
    Option("range", "range", "the numbers in the bottom row, e.g. 1-10", default=DEFAULT_RANGE,
           low=1, high=MAX_NUMBER),
    Option("max", "int", "largest number allowed (the top); by default never binding", default=default_max,
           low=1, high=MAX_NUMBER),
)

RULES = ("Each brick holds the sum of the two bricks below it, and every brick holds a whole number, "
         "1 or more. Fill in the missing numbers.")


def printed(puzzle: JSON) -> Printed:
    """The page shows the bricks and their given numbers; of the bounds, only the rules' "whole
    numbers, 1 or more" (a wall's own max and its bottom row's range are never printed)."""
    return Printed({"variant": VARIANT, "min": 1, "max": MAX_NUMBER, "rows": puzzle["rows"]},
                   numbers_printed(puzzle["rows"]))


def canonical(puzzle: JSON) -> str:
    """A wall and its mirror image are the same puzzle."""
    return mirror_form(puzzle["rows"], {key: value for key, value in puzzle.items() if key != "rows"})


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A full wall and its mirror image are the same answer, whatever givens led to it."""
    return mirror_form(solution["rows"])


# --- geometry -------------------------------------------------------------------------------------
#
# The triangle itself (cells, triangles, rows <-> flat values) is bookgen.core.triangle; here are
# the rules one wall adds to it.


@dataclass(frozen=True)
class Wall:
    """What a completed wall must satisfy: sums, every number from low to high."""

    rows: int
    low: int
    high: int

    @property
    def distinct(self) -> bool:
        return False

    def combine(self, a: int, b: int) -> int:
        return a + b

    def parents(self, child: int, known: int) -> tuple[int, ...]:
        """The value the other brick below must have when one of them and the brick above are known."""
        return (child - known,)


def wall_of(puzzle: JSON) -> Wall:
    return Wall(len(puzzle["rows"]), int(puzzle.get("min", 1)), int(puzzle["max"]))


# --- solver ---------------------------------------------------------------------------------------


def upper_bounds(wall: Wall, givens: dict[int, int]) -> list[int]:
    """Largest value each brick may take: every brick is at most the brick above it minus the
    smallest number, so givens bound everything below them."""
    grid = shape(wall.rows)
    bounds = given_bounds(wall.rows, wall.high, givens)
    for parent_a, parent_b, child in reversed(grid.triangles):
        for parent in (parent_a, parent_b):
            bounds[parent] = min(bounds[parent], bounds[child] - wall.low)
    return bounds


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    """Count completions up to cap (None: all), by the engine's wide-row search."""
    wall = wall_of(puzzle)
    givens = givens_of(puzzle["rows"])
    count = 0
    first = None
    for values in completions(wall, givens, upper_bounds(wall, givens)):
        if first is None:
            first = {"rows": to_rows(wall.rows, values)}
        count += 1
        if cap is not None and count >= cap:
            break
    return Solved(count, first)


# --- grader ---------------------------------------------------------------------------------------
#
# A person solves a wall with steps of rising difficulty; the grader applies the easiest step that
# works, over and over (core.grading.simplest_first), and the hardest step it needed is the level:
#   add         a brick whose two bricks below are known
#   subtract    a brick below found from the brick above and its neighbour
#   equation    one unknown brick called x, the bricks written in x, and an equation solved
#   system      more than one unknown at once (a system of equations); a wall that needs
#               two separate equations is rated at this level too

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
        found = _first_equation(wall, {cell: v for cell, v in enumerate(values) if v}, unknown)
        if found is None:
            continue
        x = found[0]
        if x.denominator == 1 and wall.low <= x <= wall.high:
            values[unknown] = int(x)
            return True
        return False
    return False


def _first_equation(wall: Wall, known: Mapping[int, int], unknown: int,
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


def _complete(values: Values) -> bool:
    return 0 not in values


def deduce(wall: Wall, values: Values, top: int = TOP) -> tuple[Values, Deduced]:
    """Fill what the steps ranked up to `top` can, counting each step."""
    values = values.copy()
    return values, simplest_first(deductions(wall), values, _complete, top)


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


# --- hints ----------------------------------------------------------------------------------------
#
# The grader's own path (the same steps, simplest first), told one brick at a time for the
# playable page; see core.grading.told_in_order.

Known = Mapping[int, int]


def _by_sum(wall: Wall, known: Known, cell: int, value: int, allow_subtract: bool) -> str | None:
    """Why a brick holds `value`: the sum of the two below it, or (with `allow_subtract`) the
    brick above it less its neighbour."""
    for parent_a, parent_b, child in shape(wall.rows).triangles:
        if cell == child:
            a, b = known.get(parent_a), known.get(parent_b)
            if a and b and a + b == value:
                return f"{value} goes here: it is the sum of {a} and {b} below it"
        elif allow_subtract and cell in (parent_a, parent_b):
            k, c = known.get(parent_b if cell == parent_a else parent_a), known.get(child)
            if k and c and c - k == value:
                return (f"{value} goes here: with {k} beside it they make {c} above, and "
                        f"{c} \u2212 {k} = {value}")
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
    found = _first_equation(wall, known, cell)
    if found is None or found[0] != value:
        return None
    _, child, total, reached = found
    row, place = shape(wall.rows).cells[child]
    return (f"{value} goes here: call this brick x and write the bricks around it in terms of x; "
            f"the brick in row {wall.rows - row}, place {place + 1} is {_in_x(reached)}, and the "
            f"two below it add up to {_in_x(total)}, so {_in_x(total)} = {_in_x(reached)} and "
            f"x = {value}")


def _step_reason(wall: Wall, step: str, known: Known, cell: int, value: int) -> str:
    if step == "equation":
        said = _by_equation(wall, known, cell, value)
        if said:
            return said
        return (f"{value} goes here: call this brick x and write the bricks it reaches in x; "
                f"where two ways meet they give an equation, and x = {value}")
    if step == "system":
        return (f"{value} goes here: writing every sum as an equation and solving them together "
                f"gives {value}")
    return f"{value} goes here: it follows from the bricks around it"


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Each brick the grader fills, in its simplest-first order, with its reason; [] when the
    steps cannot finish the wall (the generator never makes one)."""
    wall = wall_of(puzzle)
    values = flatten(puzzle["rows"])
    start = {cell: v for cell, v in enumerate(values) if v}
    deduced, steps = recorded_steps(deductions(wall), values, _complete, TOP,
                                    lambda state: {n: v for n, v in enumerate(state) if v})
    if not deduced.finished:
        return []
    told = told_in_order(
        steps, start,
        [partial(_by_sum, wall, allow_subtract=False), partial(_by_sum, wall, allow_subtract=True)],
        partial(_step_reason, wall))
    cells = shape(wall.rows).cells
    return [{"cells": [list(cells[cell])], "value": value, "why": why} for cell, value, why in told]


# --- generator ------------------------------------------------------------------------------------

GENERATION_ATTEMPTS = 400  # removal orders tried before giving up on a level
ORDERS_PER_WALL = 4  # removal orders tried on one full wall before drawing a new one
WALL_SAMPLES = 400  # random sets of givens tried per expert number wall


def _random_wall(rng: random.Random, wall: Wall, base_range: tuple[int, int]) -> Values:
    """A number wall whose bottom row comes from base_range and whose top stays within max:
    bottom numbers are drawn in random order, each capped so the rest can still fit."""
    rows = wall.rows
    weights = [math.comb(rows - 1, i) for i in range(rows)]
    low, high = base_range
    bottom = [0] * rows
    order = list(range(rows))
    rng.shuffle(order)
    room = wall.high - low * sum(weights)
    for col in order:
        cap = min(high, low + room // weights[col])
        bottom[col] = rng.randint(low, cap)
        room -= (bottom[col] - low) * weights[col]
    return built_on(bottom)


def built_on(bottom: Sequence[int]) -> Values:
    """The full wall standing on a bottom row."""
    rows = len(bottom)
    values = list(bottom) + [0] * (len(shape(rows).cells) - rows)
    for parent_a, parent_b, child in shape(rows).triangles:
        values[child] = values[parent_a] + values[parent_b]
    return values


def _without(answer: Values, removed: Collection[int]) -> Values:
    return [0 if cell in removed else value for cell, value in enumerate(answer)]


def _solvable_at(wall: Wall, values: Values, top: int) -> bool:
    """Whether a person using steps ranked up to `top` finishes the wall, which also proves the
    answer unique (every step is a sound deduction)."""
    return deduce(wall, values, top)[1].finished


def _sample_wall_givens(rng: random.Random, wall: Wall, answer: Values) -> Values:
    """Givens for an expert number wall: a wall of n rows is fixed by n well-placed numbers,
    and removal in random order seldom leaves a set that needs two equations, so sets of n
    cells are drawn at random until one does (or the samples run out)."""
    cells = list(range(len(answer)))
    values = answer
    for _ in range(WALL_SAMPLES):
        chosen = set(rng.sample(cells, wall.rows))
        values = [v if cell in chosen else 0 for cell, v in enumerate(answer)]
        rating = rate(puzzle_json(wall, values))
        if rating["finished"] and rating["level"] == "expert":
            break
    return values


def variety(request: Request) -> int | None:
    """How many different walls a request can give, where its range leaves few full walls (a
    narrow range, few rows) so that every one can be tried with every set of givens the level's
    generator may leave; None for the rest, which hold more than a book asks for."""
    space = small_space(request)
    return None if space is None else count_walls(*space)[0]


def answers(request: Request) -> frozenset[str] | None:
    """The full walls (answer forms, mirror images counted once) a request's puzzles can have,
    where `variety` counts its puzzles; None for the rest, which hold more than a book asks for."""
    space = small_space(request)
    return None if space is None else count_walls(*space)[1]


def small_space(request: Request) -> tuple[Wall, tuple[int, int], str] | None:
    """(wall, bottom-row range, level) of a request whose full walls, each with every set of
    givens, are few enough to try; None for the rest."""
    plan = plan_of(request)
    rows, (low, high) = plan.wall.rows, plan.base_range
    cells = len(shape(rows).cells)
    sets = math.comb(cells, rows) if request.level == "expert" else 1 << cells
    if (high - low + 1) ** rows * sets > VARIETY_PATTERNS:
        return None
    return plan.wall, plan.base_range, request.level


@cache
def count_walls(wall: Wall, base_range: tuple[int, int], level: str) -> tuple[int, frozenset[str]]:
    """The walls the generator can make at a level, mirror images counted once (on every bottom
    row from the range, top within max, every set of givens its removals can leave, expert:
    every set of n givens it samples, that rates at the level and is unique as printed), and
    the answer forms of the full walls that give at least one."""
    top = int(BANDS.top(level))
    cells = len(shape(wall.rows).cells)
    forms, answer_forms = set(), set()
    for bottom in itertools.product(range(base_range[0], base_range[1] + 1), repeat=wall.rows):
        answer = built_on(bottom)
        if answer[-1] > wall.high:
            continue

        def finishes(mask: int, answer: Values = answer) -> bool:
            return _solvable_at(wall, kept(answer, mask), top)

        masks = ([mask for mask in range(1 << cells) if mask.bit_count() == wall.rows]
                 if level == "expert" else removal_results(cells, 0, finishes))
        for mask in masks:
            puzzle = puzzle_json(wall, kept(answer, mask))
            rating = rate(puzzle)
            if (rating["level"] == level and rating["finished"]
                    and solve(printed(puzzle).puzzle, 2).count == 1):
                forms.add(canonical(puzzle))
                answer_forms.add(mirror_form(to_rows(wall.rows, answer)))
    return len(forms), frozenset(answer_forms)


@dataclass(frozen=True)
class Plan:
    wall: Wall
    base_range: tuple[int, int]


def plan_of(request: Request) -> Plan:
    """The wall and bottom-row range a request means, or a BookgenError saying what is allowed."""
    rows, base_range, high = (request.settings[name] for name in ("rows", "range", "max"))
    if request.level == "expert" and rows < EXPERT_ROWS:
        raise BookgenError(
            f"expert number walls need at least {EXPERT_ROWS} rows (smaller walls never "
            f"need more than one equation); use rows={EXPERT_ROWS} or more", key="rows")
    if base_range[0] * 2 ** (rows - 1) > high:
        raise BookgenError(
            f"with bottom numbers from {base_range[0]} the top of a {rows}-row wall is at least "
            f"{base_range[0] * 2 ** (rows - 1)}; raise max or lower the range", key="max")
    return Plan(Wall(rows, base_range[0], high), base_range)


def check_request(request: Request) -> None:
    plan_of(request)


def puzzle_json(wall: Wall, values: Values) -> JSON:
    return {"variant": VARIANT, "max": wall.high, "rows": to_rows(wall.rows, values), "min": wall.low}


def generate(rng: random.Random, request: Request) -> Generated:
    """A random full wall, numbers taken away while a person can still finish it with the steps
    of the level (expert: sets of n givens drawn until one needs two equations); kept only when
    the grader measures exactly that level."""
    plan = plan_of(request)
    wall = plan.wall
    top = int(BANDS.top(request.level))

    def reduce(answer: Values) -> JSON:
        if request.level == "expert":
            return puzzle_json(wall, _sample_wall_givens(rng, wall, answer))
        removed = remove_givens(rng, range(len(answer)),
                                lambda gone: _solvable_at(wall, _without(answer, gone), top))
        return puzzle_json(wall, _without(answer, removed))

    def rate_candidate(puzzle: JSON) -> JSON:
        """The rating, with no level for a wall that has a second answer once the bounds its
        page does not print (its max, its range's low end) are gone: such a wall is drawn again."""
        rating = rate(puzzle)
        if solve(printed(puzzle).puzzle, 2).count != 1:
            return {**rating, "level": None}
        return rating

    made = make_at_level(
        request.level, GENERATION_ATTEMPTS, fill=lambda: _random_wall(rng, wall, plan.base_range),
        reduce=reduce, rate=rate_candidate, reductions_per_answer=ORDERS_PER_WALL,
        accept=lambda rating: rating["finished"],
        failure=f"could not make a {request.level} number wall of {wall.rows} rows in "
                f"{GENERATION_ATTEMPTS} attempts; try another level or size")
    return Generated(made.puzzle, {"rows": to_rows(wall.rows, made.answer)}, made.rating)


# --- checking -------------------------------------------------------------------------------------


def validate(puzzle: JSON) -> None:
    if not isinstance(puzzle, dict):
        raise PuzzleFormatError("a number wall puzzle must be an object")
    if puzzle.get("variant", VARIANT) != VARIANT:
        raise PuzzleFormatError(f"'variant' of a number wall is {VARIANT!r} or left out (difference "
                                "pyramids are the type pyramid)", key="variant")
    problem = format_problem(puzzle.get("rows"), MAX_ROWS)
    if problem:
        raise PuzzleFormatError(problem, key="rows")
    high: Any  # raw JSON until the loop below checks it is a whole number
    high, low = puzzle.get("max"), puzzle.get("min", 1)
    for name, value in (("max", high), ("min", low)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_NUMBER:
            raise PuzzleFormatError(f"'{name}' must be a whole number from 1 to {MAX_NUMBER}", key=name)
    if low > high:
        raise PuzzleFormatError("'min' must not exceed 'max'", key="min")
    if any(not low <= v <= high for v in flatten(puzzle["rows"]) if v):
        raise PuzzleFormatError(f"given numbers must be from {low} to {high} (0 for blank)", key="rows")


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a filled wall, computed directly from the rows."""
    rows = solution.get("rows") if isinstance(solution, dict) else None
    problem = answer_shape_problem(len(puzzle["rows"]), rows)
    if problem:
        return [problem]
    assert rows is not None
    problems = given_problems(puzzle["rows"], rows, puzzle.get("min", 1), puzzle["max"])
    return problems + [f"{c} is not {a} + {b}" for a, b, c in triples(rows) if c != a + b]


# --- drawing --------------------------------------------------------------------------------------

BRICK_W, BRICK_H = 15.0, 9.0


def measure(puzzle: JSON) -> tuple[float, float]:
    size = len(puzzle["rows"])
    return size * BRICK_W, size * BRICK_H


def _draw(pen: Pen, puzzle: JSON, shown: list[list[int]]) -> None:
    """Bricks, the wide row at the bottom, with `shown` numbers; the givens bold on grey."""
    size = len(puzzle["rows"])
    for k in range(size):
        for i in range(size - k):
            given = bool(puzzle["rows"][k][i])
            x, y = (k / 2 + i) * BRICK_W, (size - 1 - k) * BRICK_H
            pen.rect(x, y, BRICK_W, BRICK_H, width=MEDIUM, fill=0.88 if given else None)
            value = shown[k][i]
            if value:
                text = str(value)
                pen.text(x + BRICK_W / 2, y + BRICK_H / 2, text, fitted_size(text, BRICK_W - 3),
                         bold=given)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw(pen, puzzle, puzzle["rows"])


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    _draw(pen, puzzle, solution["rows"])


def example() -> Generated:
    """A 3-row wall with one subtraction."""
    puzzle = {"variant": VARIANT, "min": 1, "max": 20, "rows": [[3, 0, 2], [0, 6], [0]]}
    solution = {"rows": [[3, 4, 2], [7, 6], [13]]}
    return Generated(puzzle, solution, rate(puzzle))


# --- registry record ------------------------------------------------------------------------------

SHOWCASE = (Showcase("expert"), Showcase("medium", {"rows": 5}, curve_seeds=2))


NUMBERWALL = PuzzleType(
    name="numberwall",
    title="Number Walls",
    rules=fixed_rules(RULES),
    options=OPTIONS,
    showcase=SHOWCASE,
    older_spellings=(OlderSpelling("pyramid", "variant", "sum"),),  # walls were a pyramid variant
    generate=generate,
    check_request=check_request,
    solve=solve,
    check=check,
    validate=validate,
    rate=rate,
    expects_unique=always_unique,
    measure=measure,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    answer_note=no_answer_note,
    example=fixed_example(example),
    canonical=canonical,
    printed=printed,
    hints=hints,
    variety=variety,
    answer_form=answer_form,
    answers=answers,
    play_script="numberwall/play.js",
)
