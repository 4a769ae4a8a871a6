"""The generator: a random wall within the range, then givens removed (or, at expert, sampled) while
a person still finishes it at the level; small spaces are counted whole.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from bookgen.api import JSON, Generated, Request, _, mirror_form
from bookgen.core.grading import (
    VARIETY_PATTERNS,
    kept,
    level_word,
    make_at_level,
    removal_results,
    remove_givens,
)
from bookgen.core.triangle import Values, shape, to_rows, without
from bookgen.errors import BookgenError
from bookgen.puzzles.numberwall.grader import BANDS, deduce, rate
from bookgen.puzzles.numberwall.parameters import EXPERT_ROWS, VARIANT, canonical, printed
from bookgen.puzzles.numberwall.solver import solve
from bookgen.puzzles.numberwall.wall import Wall

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
    for _sample in range(WALL_SAMPLES):
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
        raise BookgenError(_(
            "expert number walls need at least {least} rows (smaller walls never need more than "
            "one equation); use rows={least} or more").format(least=EXPERT_ROWS), key="rows")
    if base_range[0] * 2 ** (rows - 1) > high:
        raise BookgenError(_(
            "with bottom numbers from {low} the top of a {rows}-row wall is at least {top}; "
            "raise max or lower the range").format(low=base_range[0], rows=rows,
                                                    top=base_range[0] * 2 ** (rows - 1)), key="max")
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
                                lambda gone: _solvable_at(wall, without(answer, gone), top))
        return puzzle_json(wall, without(answer, removed))

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
        failure=_("could not make a {level} number wall of {rows} rows in {tries} attempts; try "
                  "another level or size").format(level=level_word(request.level), rows=wall.rows,
                                                  tries=GENERATION_ATTEMPTS))
    return Generated(made.puzzle, {"rows": to_rows(wall.rows, made.answer)}, made.rating)
