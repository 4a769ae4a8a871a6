"""Difference pyramids: a triangle of numbers where each number is the difference of the two
above it (drawn as circles, the wide row on top).

Variants:
- classic: a pyramid of n rows holds every number from 1 to n(n+1)/2 exactly once (an
  "anti-Pascal" or "exact difference" triangle; none exist beyond 5 rows, see
  docs/types/pyramid.md).
- distinct: the same rule, with all numbers different and at most `max`, so bigger pyramids exist.
Number walls (sums) are their own type, `numberwall`; both share the triangle engine
`bookgen.core.triangle` (geometry and the wide-row search).

Parameters, geometry, solver, grader, generator, checking, drawing, then the registry record.

The JSON stores the widest row first (`rows[0]`); cell (k, i) is number i of row k and is the
difference of (k-1, i) and (k-1, i+1).

The engine's wide-row search settles empty pyramids (all classic pyramids, none of 6 rows) in a
blink, pruned for classic pyramids by the parity of the wide row; once a pyramid has a few givens,
a Norvig-style search that narrows candidate lists and branches on the tightest cell is faster, so
`solve` uses that one there.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, partial
from itertools import islice
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
from bookgen.core.pen import MEDIUM, THIN, Pen, fitted_size
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
    triangular,
    triples,
)
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.puzzles.base import (
    JSON,
    Generated,
    Printed,
    PuzzleType,
    Request,
    Showcase,
    Solved,
    always_unique,
    mirror_form,
    no_answer_note,
    numbers_printed,
)

# --- parameters ---------------------------------------------------------------------------------

VARIANTS = ("classic", "distinct")
MAX_ROWS = 10  # the largest pyramid any puzzle JSON may hold, and the generator makes
MIN_ROWS = 3
CLASSIC_LIMIT = 5  # no classic (anti-Pascal) pyramid has more rows
MAX_NUMBER = 9999
# Default rows per variant and level (small enough that every level is quick to make).
DEFAULT_ROWS = {
    "classic": {"easy": 4, "medium": 4, "hard": 4, "expert": 5},
    "distinct": {"easy": 5, "medium": 6, "hard": 6, "expert": 7},
}


def default_rows(level: str, earlier: Mapping[str, Any]) -> int:
    return DEFAULT_ROWS[earlier["variant"]][level]


def default_max(level: str, earlier: Mapping[str, Any]) -> int:
    """Classic: exactly n(n+1)/2; distinct: room enough that random pyramids are quick to find."""
    rows = earlier["rows"]
    total = triangular(rows)
    if earlier["variant"] == "classic":
        return total
    return total + total // 2 if rows <= 6 else (2 * total if rows <= 9 else 3 * total)


OPTIONS = (
    Option("variant", "choice", "classic (1 to n(n+1)/2 once each) or distinct (all different, up "
           "to max); number walls are the type numberwall", default="classic", choices=VARIANTS),
    Option("rows", "int", "rows in the pyramid (classic 3-5, distinct 3-10)", default=default_rows,
           low=MIN_ROWS, high=MAX_ROWS),
    Option("max", "int", "largest number allowed (classic: exactly n(n+1)/2; distinct: at least "
           "that)", default=default_max, low=1, high=MAX_NUMBER),
)

# The range under each pyramid is part of its rules: a distinct pyramid has a second answer
# without its maximum, and a classic one's range holds exactly as many numbers as it has circles.
TYPE_RULES = (
    "Each number is the difference of the two numbers above it. No number appears twice, and every "
    "number is in the range printed under the pyramid. Fill in the missing numbers."
)

VARIANT_RULES = {
    "classic": "Each number is the difference of the two numbers above it. Use every number of the "
               "range printed under the pyramid exactly once. Fill in the missing numbers.",
    "distinct": TYPE_RULES,
}


def rules_text(request: Request | None) -> str:
    """The rules of a section: of its variant, or of both when it may mix them (a bank)."""
    return VARIANT_RULES[request.settings["variant"]] if request else TYPE_RULES


def range_caption(puzzle: JSON) -> str:
    return f"Numbers 1 to {largest(puzzle)}"


def play_data(puzzle: JSON) -> JSON:
    """The playable board's caption: the range, as under the printed drawing."""
    return {"caption": range_caption(puzzle)}


def printed(puzzle: JSON) -> Printed:
    """The page shows the circles, their given numbers and the range under them; the variant is
    the section's rules."""
    return Printed({"variant": puzzle["variant"], "max": largest(puzzle), "rows": puzzle["rows"]},
                   (*numbers_printed(puzzle["rows"]), range_caption(puzzle)))


def canonical(puzzle: JSON) -> str:
    """A pyramid and its mirror image are the same puzzle."""
    return mirror_form(puzzle["rows"], {key: value for key, value in puzzle.items() if key != "rows"})


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A full pyramid and its mirror image are the same answer, whatever givens led to it."""
    return mirror_form(solution["rows"])


# --- geometry -------------------------------------------------------------------------------------
#
# The triangle itself (cells, triangles, rows <-> flat values) is bookgen.core.triangle; here are
# the rules one pyramid adds to it.


@dataclass(frozen=True)
class Rules:
    """What a completed pyramid must satisfy: differences, numbers from low to high, all
    different, and (classic) every number of the range used."""

    variant: str
    rows: int
    low: int
    high: int

    @property
    def distinct(self) -> bool:
        return True

    @property
    def each_once(self) -> bool:
        """Classic: every number of the range appears (the range is exactly as big as the pyramid)."""
        return self.variant == "classic"

    def combine(self, a: int, b: int) -> int:
        return abs(a - b)

    def parents(self, child: int, known: int) -> tuple[int, ...]:
        """The values the other parent may have when one parent and the child are known."""
        return (known - child, known + child) if child else ()


def rules_of(puzzle: JSON) -> Rules:
    return Rules(puzzle["variant"], len(puzzle["rows"]), int(puzzle.get("min", 1)), largest(puzzle))


def largest(puzzle: JSON) -> int:
    """The puzzle's max: a classic pyramid may leave it out, as its rows fix it at n(n+1)/2."""
    if "max" not in puzzle and puzzle.get("variant") == "classic":
        return triangular(len(puzzle["rows"]))
    return int(puzzle["max"])


# --- solver ---------------------------------------------------------------------------------------


@cache
def classic_parities(rows: int) -> tuple[int, ...]:
    """Wide-row parity patterns (bit i = number i is odd) that give a classic pyramid exactly as
    many odd numbers as 1..n(n+1)/2 has; parity is computed exactly, so this only prunes."""
    need = (triangular(rows) + 1) // 2
    patterns = []
    for pattern in range(1 << rows):
        row = [pattern >> i & 1 for i in range(rows)]
        odd = sum(row)
        while len(row) > 1:
            row = [a ^ b for a, b in zip(row, row[1:])]
            odd += sum(row)
        if odd == need:
            patterns.append(pattern)
    return tuple(patterns)


def wide_row_search(rules: Rules, givens: dict[int, int], rng: random.Random | None = None,
                    budget: int | None = None) -> Iterator[Values]:
    """Every completed pyramid keeping the givens, by the engine's wide-row search (classic
    pyramids pruned by parity); in random order with rng, cut after `budget` diagonals."""
    parities = classic_parities(rules.rows) if rules.each_once else None
    return completions(rules, givens, given_bounds(rules.rows, rules.high, givens), parities,
                       rng, budget)


def narrowing_search(rules: Rules, values: list[int]) -> Iterator[list[int]]:
    """Completions of a difference pyramid found Norvig's way: narrow every cell's candidates
    (see candidate_lists), then try each candidate of the cell with the fewest. Far faster than
    the wide-row search once a puzzle has a few givens; slower on an empty pyramid."""
    try:
        cands = candidate_lists(rules, values)
    except Contradiction:
        return
    open_cells = [(bits.bit_count(), cell) for cell, bits in enumerate(cands) if bits & (bits - 1)]
    settled = [bits.bit_length() - 1 if not bits & (bits - 1) else 0 for bits in cands]
    if not open_cells:
        yield settled
        return
    _, cell = min(open_cells)
    for value in _bits_values(cands[cell]):
        settled[cell] = value
        yield from narrowing_search(rules, settled.copy())


SPARSE_GIVENS = 2  # fewer givens than this: the wide-row search is the faster one


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    """Count completions up to cap (None: all): nearly empty pyramids by the wide-row search,
    the others by the narrowing search."""
    rules = rules_of(puzzle)
    givens = givens_of(puzzle["rows"])
    if len(givens) < SPARSE_GIVENS:
        found = wide_row_search(rules, givens)
    else:
        found = narrowing_search(rules, flatten(puzzle["rows"]))
    count = 0
    first = None
    for values in found:
        if first is None:
            first = {"rows": to_rows(rules.rows, values)}
        count += 1
        if cap is not None and count >= cap:
            break
    return Solved(count, first)


# --- grader ---------------------------------------------------------------------------------------
#
# A person solves a pyramid with steps of rising difficulty; the grader applies the easiest step
# that works, over and over (core.grading.simplest_first), and the hardest step it needed is the
# level (Tatham's approach):
#   direct      a cell whose two neighbours in one triangle are known, with one possibility
#               in the number range (two above: their difference; one above and the one
#               below: the other above is the sum or the difference, and only one fits)
#   once        the same, when both possibilities fit but one is already used elsewhere
#               (the "all numbers different" rule is needed)
#   candidates  candidate lists for every cell, narrowed triangle by triangle, until a cell has
#               one candidate left or (classic) a number has one cell left
#   trial       a cell with at most TRIAL_WIDTH candidates is tried with each; all but one lead
#               to a contradiction by the steps above

STEPS = ("direct", "once", "candidates", "trial")  # their ranks are their places here
TOP = len(STEPS) - 1
BANDS = Bands.of({level: (rank, rank) for rank, level in enumerate(LEVELS)})  # level = hardest rank
TRIAL_WIDTH = 3


class Contradiction(Exception):
    """The numbers so far break the rules: the trial that led here was wrong."""


def _bits_values(bits: int) -> list[int]:
    found = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found


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


def candidate_lists(rules: Rules, values: list[int]) -> list[int]:
    """Candidate bit sets for every cell: the unused numbers, narrowed triangle by triangle
    (what the two others allow) and by settled cells, until nothing changes."""
    full = ((1 << (rules.high + 1)) - 1) & ~((1 << rules.low) - 1)
    placed = 0
    for value in values:
        if value:
            placed |= 1 << value
    cands = [1 << v if v else full & ~placed for v in values]
    settled = {cell for cell, v in enumerate(values) if v}
    triangles = shape(rules.rows).triangles
    changed = True
    while changed:
        changed = False
        for parent_a, parent_b, child in triangles:
            pa, pb, pc = cands[parent_a], cands[parent_b], cands[child]
            new = ((parent_a, pa & _plus_minus(pb, pc, rules.high)),
                   (parent_b, pb & _plus_minus(pa, pc, rules.high)),
                   (child, pc & _differences(pa, pb, rules.high)))
            for cell, bits in new:
                bits &= full
                if not bits:
                    raise Contradiction
                if bits != cands[cell]:
                    cands[cell] = bits
                    changed = True
        for cell, bits in enumerate(cands):
            if cell not in settled and bits & (bits - 1) == 0:
                settled.add(cell)
                for other in range(len(cands)):
                    if other != cell and cands[other] & bits:
                        cands[other] &= ~bits
                        if not cands[other]:
                            raise Contradiction
                        changed = True
    return cands


def _differences(pa: int, pb: int, high: int) -> int:
    """Bits of |a - b| for candidates a, b (the smaller set is walked)."""
    small, other = (pa, pb) if pa.bit_count() <= pb.bit_count() else (pb, pa)
    mirrored = 0
    for b in _bits_values(other):
        mirrored |= 1 << (high - b)
    reach = 0
    for a in _bits_values(small):
        reach |= (other >> a) | (mirrored >> (high - a))
    return reach


def _plus_minus(known: int, child: int, high: int) -> int:
    """Bits of k + c and k - c for candidates k of one parent and c of the child."""
    reach = 0
    if known.bit_count() <= child.bit_count():
        mirrored = 0
        for c in _bits_values(child):
            mirrored |= 1 << (high - c)
        for k in _bits_values(known):
            reach |= (child << k) | (mirrored >> (high - k))
    else:
        for c in _bits_values(child):
            reach |= (known << c) | (known >> c)
    return reach


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
        for value in _bits_values(cands[cell]):
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


def _complete(rules: Rules, values: Values) -> bool:
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
    return values, simplest_first(deductions(rules), values, partial(_complete, rules), top)


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


# --- hints ----------------------------------------------------------------------------------------
#
# The grader's own path (the same steps, simplest first), told one circle at a time for the
# playable page; see core.grading.told_in_order.

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
                return f"{value} goes here: it is the difference of {max(a, b)} and {min(a, b)} above it"
            continue
        k, c = known.get(parent_b if cell == parent_a else parent_a), known.get(child)
        if not (k and c):
            continue
        fitting = [v for v in (k + c, k - c) if rules.low <= v <= rules.high]
        said = f"{value} goes here: its difference with {k} beside it is {c} below"
        if fitting == [value]:
            misfit = f"{k} \u2212 {c} is below {rules.low}" if value == k + c else \
                f"{k} + {c} is over {rules.high}"
            sign = "+" if value == k + c else "\u2212"
            return f"{said}, so it is {k} {sign} {c} ({misfit})"
        unused = [v for v in fitting if v not in known.values()]
        if allow_once and unused == [value]:
            other = next(v for v in fitting if v != value)
            return f"{said}, so it is {k} \u2212 {c} or {k} + {c}, and {other} is already used"
    return None


def _step_reason(rules: Rules, step: str, known: Known, cell: int, value: int) -> str:
    if step == "candidates":
        values = [known.get(n, 0) for n in range(triangular(rules.rows))]
        try:
            cands = candidate_lists(rules, values)
        except Contradiction:
            cands = []
        if cands and cands[cell] == 1 << value:
            return (f"{value} goes here: listing what each circle can still hold, {value} is the "
                    "only number left for this circle")
        return (f"{value} goes here: listing what each circle can still hold, this is the only "
                f"circle left for {value}")
    if step == "trial":
        return (f"{value} goes here: trying each number this circle could hold, every other one "
                "leads to a contradiction")
    return f"{value} goes here: it follows from the circles around it"


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Each circle the grader fills, in its simplest-first order, with its reason; [] when the
    steps cannot finish the puzzle (the generator never makes one)."""
    rules = rules_of(puzzle)
    values = flatten(puzzle["rows"])
    start = {cell: v for cell, v in enumerate(values) if v}
    try:
        deduced, steps = recorded_steps(deductions(rules), values, partial(_complete, rules), TOP,
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
    return [{"cells": [list(cells[cell])], "value": value, "why": why} for cell, value, why in told]


# --- generator ------------------------------------------------------------------------------------

DISTINCT_BUDGET = 3000  # diagonals tried before a random search starts again
DISTINCT_RESTARTS = 40
GENERATION_ATTEMPTS = 400  # removal orders tried before giving up on a level
ORDERS_PER_PYRAMID = 4  # removal orders tried on one full pyramid before drawing a new one


@cache
def all_classic(rows: int) -> tuple[tuple[int, ...], ...]:
    """Every classic pyramid of `rows` rows (mirror images counted separately)."""
    rules = Rules("classic", rows, 1, triangular(rows))
    return tuple(tuple(values) for values in wide_row_search(rules, {}))


def full_pyramid(rng: random.Random, rules: Rules) -> Values:
    """A random completed pyramid obeying the rules."""
    if rules.variant == "classic":
        return list(rng.choice(all_classic(rules.rows)))
    for _ in range(DISTINCT_RESTARTS):
        found = next(wide_row_search(rules, {}, rng, DISTINCT_BUDGET), None)
        if found is not None:
            return found
    raise BookgenError(
        f"could not find a distinct pyramid of {rules.rows} rows with numbers up to "
        f"{rules.high}; choose a larger max", key="max")


def _without(answer: Values, removed: Collection[int]) -> Values:
    return [0 if cell in removed else value for cell, value in enumerate(answer)]


def _solvable_at(rules: Rules, values: Values, top: int) -> bool:
    """Whether a person using steps ranked up to `top` finishes the pyramid, which also proves the
    answer unique (every step is a sound deduction)."""
    try:
        _, deduced = deduce(rules, values, top)
    except Contradiction:
        return False
    return deduced.finished


def rules_for(request: Request) -> Rules:
    """The rules a request means, or a BookgenError saying what is allowed."""
    variant, rows, high = (request.settings[name] for name in ("variant", "rows", "max"))
    total = triangular(rows)
    if variant == "classic" and rows > CLASSIC_LIMIT:
        raise BookgenError(
            f"a classic pyramid of {rows} rows does not exist: no arrangement of 1 to {total} "
            f"works beyond {CLASSIC_LIMIT} rows (Chang, Hu, Lih and Shieh, 1977); use 3 to "
            f"{CLASSIC_LIMIT} rows, or variant=distinct for bigger pyramids", key="rows")
    if variant == "classic" and high != total:
        raise BookgenError(f"a classic pyramid of {rows} rows uses exactly 1 to {total}; "
                           f"leave max out or use variant=distinct", key="max")
    least = total + (rows > CLASSIC_LIMIT)
    if variant == "distinct" and high < least:
        raise BookgenError(f"{total} different numbers need max of at least {least} for {rows} rows"
                           + (" (1 to exactly n(n+1)/2 is impossible beyond 5 rows)"
                              if rows > CLASSIC_LIMIT else ""), key="max")
    return Rules(variant, rows, 1, high)


def check_request(request: Request) -> None:
    rules_for(request)


def puzzle_json(rules: Rules, values: Values) -> JSON:
    return {"variant": rules.variant, "max": rules.high, "rows": to_rows(rules.rows, values)}


# Different puzzles (mirror images counted once) of the one 5-row classic pyramid, per level, as
# `count_puzzles` finds them (a few seconds each: too slow to run for every config; the test
# suite counts them again).
CLASSIC_5_VARIETY = {"easy": 828, "medium": 510, "hard": 556, "expert": 137}


def variety(request: Request) -> int | None:
    """How many different puzzles a request can give, where the space is small enough to count:
    classic pyramids, and distinct ones of 3 or 4 rows whose max leaves few full pyramids."""
    if request.settings["variant"] == "classic" and request.settings["rows"] == CLASSIC_LIMIT:
        return CLASSIC_5_VARIETY[request.level]
    space = small_space(request)
    return None if space is None else count_puzzles(*space)[0]


def answers(request: Request) -> frozenset[str] | None:
    """The full pyramids (answer forms, mirror images counted once) a request's puzzles can
    have, where few exist: of classic pyramids (four of 4 rows, one of 5) and the small
    distinct spaces `variety` counts."""
    if request.settings["variant"] == "classic" and request.settings["rows"] == CLASSIC_LIMIT:
        # every level has puzzles of the one 5-row pyramid (CLASSIC_5_VARIETY)
        return frozenset(mirror_form(to_rows(CLASSIC_LIMIT, list(answer)))
                         for answer in all_classic(CLASSIC_LIMIT))
    space = small_space(request)
    return None if space is None else count_puzzles(*space)[1]


def small_space(request: Request) -> tuple[Rules, str, tuple[tuple[int, ...], ...]] | None:
    """(rules, level, every full pyramid) of a request whose full pyramids are few enough to try
    with every set of givens: classic ones of 3 or 4 rows, distinct ones of 3 or 4 rows whose max
    leaves few; None for the rest."""
    rules = rules_for(request)
    if rules.rows >= CLASSIC_LIMIT:
        return None
    if rules.variant == "classic":
        return rules, request.level, all_classic(rules.rows)
    most = VARIETY_PATTERNS >> triangular(rules.rows)
    answers = tuple(tuple(answer) for answer in islice(wide_row_search(rules, {}), most + 1))
    if len(answers) > most:
        return None  # many full pyramids: more puzzles than a book asks for
    return rules, request.level, answers


@cache
def count_puzzles(rules: Rules, level: str, answers: tuple[tuple[int, ...], ...]
                  ) -> tuple[int, frozenset[str]]:
    """The puzzles the generator can make from these full pyramids at a level, mirror images
    counted once (every set of givens its removals can leave that the grader rates at the
    level), and the answer forms of the full pyramids that give at least one."""
    top = int(BANDS.top(level))
    floor = given_bounds_of(level, rules.rows)[0]
    forms, answer_forms = set(), set()
    for answer in answers:
        def finishes(mask: int, answer: tuple[int, ...] = answer) -> bool:
            return _solvable_at(rules, kept(answer, mask), top)

        for mask in removal_results(triangular(rules.rows), floor, finishes):
            puzzle = puzzle_json(rules, kept(answer, mask))
            rating = rate(puzzle)
            if rating["level"] == level and rating["finished"]:
                forms.add(canonical(puzzle))
                answer_forms.add(mirror_form(to_rows(rules.rows, list(answer))))
    return len(forms), frozenset(answer_forms)


def given_bounds_of(level: str, rows: int) -> tuple[int, int | None]:
    """The givens a level prints, so that a harder level never shows more (docs/types/pyramid.md):
    a pyramid of n rows needs about n numbers whether a person finds the rest directly or with
    the once rule, so easy keeps n + 1 (its removal stops there) and medium would rather print
    at most n; hard and expert take away all they can, which leaves fewer. (floor, ceiling)."""
    return {"easy": (rows + 1, None), "medium": (0, rows)}.get(level, (0, None))


def generate(rng: random.Random, request: Request) -> Generated:
    """A random full pyramid, numbers taken away while a person can still finish it with the
    steps of the level (never below the level's floor of givens); kept only when the grader
    measures exactly that level, preferring one within the level's ceiling of givens."""
    rules = rules_for(request)
    top = int(BANDS.top(request.level))
    floor, ceiling = given_bounds_of(request.level, rules.rows)

    def reduce(answer: Values) -> JSON:
        removed = remove_givens(rng, range(len(answer)),
                                lambda gone: _solvable_at(rules, _without(answer, gone), top),
                                keep=floor)
        return puzzle_json(rules, _without(answer, removed))

    made = make_at_level(
        request.level, GENERATION_ATTEMPTS, fill=lambda: full_pyramid(rng, rules), reduce=reduce,
        rate=rate, reductions_per_answer=ORDERS_PER_PYRAMID, accept=lambda rating: rating["finished"],
        prefer=None if ceiling is None else lambda rating: rating["givens"] <= ceiling,
        failure=f"could not make a {request.level} {rules.variant} pyramid of {rules.rows} rows in "
                f"{GENERATION_ATTEMPTS} attempts; try another level or size")
    return Generated(made.puzzle, {"rows": to_rows(rules.rows, made.answer)}, made.rating)


# --- checking -------------------------------------------------------------------------------------


def validate(puzzle: JSON) -> None:
    if not isinstance(puzzle, dict):
        raise PuzzleFormatError("a pyramid puzzle must be an object")
    if puzzle.get("variant") not in VARIANTS:
        raise PuzzleFormatError(f"'variant' must be one of {', '.join(VARIANTS)} (number walls are "
                                "the type numberwall)", key="variant")
    problem = format_problem(puzzle.get("rows"), MAX_ROWS)
    if problem:
        raise PuzzleFormatError(problem, key="rows")
    high: Any  # raw JSON until the loop below checks it is a whole number
    size = len(puzzle["rows"])
    high, low = puzzle.get("max", triangular(size) if puzzle["variant"] == "classic" else None), \
        puzzle.get("min", 1)
    for name, value in (("max", high), ("min", low)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_NUMBER:
            raise PuzzleFormatError(f"'{name}' must be a whole number from 1 to {MAX_NUMBER}", key=name)
    if low != 1:
        raise PuzzleFormatError("'min' is for number walls only", key="min")
    total = triangular(size)
    if puzzle["variant"] == "classic" and high != total:
        raise PuzzleFormatError(f"a classic pyramid of {size} rows has max {total}", key="max")
    if high < total:
        raise PuzzleFormatError(f"{size} rows need max of at least {total}", key="max")
    givens = [v for v in flatten(puzzle["rows"]) if v]
    if any(not 1 <= v <= high for v in givens):
        raise PuzzleFormatError(f"given numbers must be from 1 to {high} (0 for blank)", key="rows")
    if len(set(givens)) != len(givens):
        raise PuzzleFormatError("a difference pyramid never repeats a number", key="rows")


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a filled pyramid, computed directly from the rows."""
    rows = solution.get("rows") if isinstance(solution, dict) else None
    problem = answer_shape_problem(len(puzzle["rows"]), rows)
    if problem:
        return [problem]
    assert rows is not None
    problems = given_problems(puzzle["rows"], rows, 1, largest(puzzle))
    problems += [f"{c} is not the difference of {a} and {b}" for a, b, c in triples(rows)
                 if c != abs(a - b)]
    values = flatten(rows)
    if len(set(values)) != len(values):
        problems.append("a number appears more than once")
    return problems


# --- drawing --------------------------------------------------------------------------------------

RADIUS = 6.0  # of the circles
PITCH = 13.6  # centre to centre along a row
ROW_STEP = 12.0


CAPTION_PT = 10.0
CAPTION_HEIGHT = 7.0  # mm under the bottom circle for the range line


def measure_solution(puzzle: JSON) -> tuple[float, float]:
    size = len(puzzle["rows"])
    return (size - 1) * PITCH + 2 * RADIUS, (size - 1) * ROW_STEP + 2 * RADIUS


def measure(puzzle: JSON) -> tuple[float, float]:
    """The pyramid and, under it, the line that prints its range."""
    width, height = measure_solution(puzzle)
    return width, height + CAPTION_HEIGHT


def _draw(pen: Pen, puzzle: JSON, shown: list[list[int]]) -> None:
    """Circles, the wide row on top, with `shown` numbers; the puzzle's givens bold on grey."""
    size = len(puzzle["rows"])
    for k in range(size):
        for i in range(size - k):
            given = bool(puzzle["rows"][k][i])
            cx, cy = RADIUS + (k / 2 + i) * PITCH, RADIUS + k * ROW_STEP
            pen.circle(cx, cy, RADIUS, width=MEDIUM if given else THIN, fill=0.88 if given else None)
            value = shown[k][i]
            if value:
                text = str(value)
                pen.text(cx, cy, text, fitted_size(text, 2 * RADIUS - 2.5), bold=given)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw(pen, puzzle, puzzle["rows"])
    width, height = measure_solution(puzzle)
    caption = range_caption(puzzle)
    size = min(CAPTION_PT, CAPTION_PT * width / pen.text_width(caption, CAPTION_PT))
    pen.text(width / 2, height + CAPTION_HEIGHT / 2 + 0.5, caption, size)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    _draw(pen, puzzle, solution["rows"])


def example(request: Request | None = None) -> Generated:
    """A 3-row pyramid of the section's variant (classic for a bank section, which may mix them).
    The distinct one needs its range: without "1 to 9" the middle circle could also be 15."""
    if request is not None and request.settings["variant"] == "distinct":
        puzzle = {"variant": "distinct", "max": 9, "rows": [[1, 0, 9], [0, 6], [0]]}
        solution = {"rows": [[1, 3, 9], [2, 6], [4]]}
    else:
        puzzle = {"variant": "classic", "max": 6, "rows": [[6, 0, 4], [0, 3], [0]]}
        solution = {"rows": [[6, 1, 4], [5, 3], [2]]}
    return Generated(puzzle, solution, rate(puzzle))


# --- registry record ------------------------------------------------------------------------------

SHOWCASE = (
    Showcase("hard", {"variant": "distinct", "rows": 5}, curve_seeds=4),  # prints its range
    Showcase("easy"),
    Showcase("medium", {"variant": "classic", "rows": 4}, curve_seeds=4),
)


PYRAMID = PuzzleType(
    name="pyramid",
    title="Number Pyramids",
    rules=rules_text,
    options=OPTIONS,
    showcase=SHOWCASE,
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
    example=example,
    canonical=canonical,
    printed=printed,
    measure_solution=measure_solution,
    hints=hints,
    variety=variety,
    answer_form=answer_form,
    answers=answers,
    play_script="pyramid/play.js",
    play_data=play_data,
)
