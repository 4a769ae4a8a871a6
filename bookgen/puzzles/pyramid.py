"""Inverted pyramids: a triangle of numbers where each number comes from the two next to it.

Variants:
- classic: each number is the difference of the two above it, and a pyramid of n rows holds every
  number from 1 to n(n+1)/2 exactly once (an "anti-Pascal" or "exact difference" triangle; none
  exist beyond 5 rows, see docs/types/pyramid.md).
- distinct: the same rule, with all numbers different and at most `max`, so bigger pyramids exist.
- sum: the number wall, each number the sum of the two below it (printed with the wide row at the
  bottom).

Parameters, geometry, solver, generator, grader, drawing, then the registry record.

The JSON always stores the widest row first (`rows[0]`), whatever the drawing does with it; cell
(k, i) is number i of row k and comes from (k-1, i) and (k-1, i+1).

The solver uses the structure: a pyramid is fixed by its widest row, and when a known stretch of
that row grows by one number the cells under the new number form a whole diagonal, each computed
from its neighbour in the old stretch. So the search grows the stretch left or right, whichever
side has fewer candidates; a given number on the new diagonal at depth j leaves at most 2^j
candidates (read back upwards), and classic pyramids also prune by the parity of the wide row.
That search settles empty pyramids (all classic pyramids, none of 6 rows) in a blink; once a
difference pyramid has a few givens, a Norvig-style search that narrows candidate lists and
branches on the tightest cell is faster, so `solve` uses that one there.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from bookgen.core.grading import LEVELS, level_index
from bookgen.core.options import Option
from bookgen.core.pen import MEDIUM, THIN, Pen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.puzzles.base import (
    JSON,
    Generated,
    PuzzleType,
    Request,
    Solved,
    always_unique,
    form_key,
    no_answer_note,
)

# --- parameters ---------------------------------------------------------------------------------

VARIANTS = ("classic", "distinct", "sum")
MAX_ROWS = 10  # the largest pyramid any puzzle JSON may hold
CLASSIC_LIMIT = 5  # no classic (anti-Pascal) pyramid has more rows
# Row counts the generator supports, per variant.
ROW_RANGE = {"classic": (3, 5), "distinct": (3, 10), "sum": (3, 7)}
MAX_NUMBER = 9999

OPTIONS = (
    Option("variant", "choice", "classic (1 to n(n+1)/2 once each), distinct (all different, up to "
           "max) or sum (number wall: each number the sum of the two below)", choices=VARIANTS),
    Option("rows", "int", "rows in the pyramid (classic 3-5, distinct 3-10, sum 3-7)",
           low=1, high=MAX_ROWS),
    Option("max", "int", "largest number allowed (distinct: at least n(n+1)/2; sum: the top)",
           low=1, high=MAX_NUMBER),
    Option("range", "range", "sum only: the numbers in the bottom row, e.g. 1-10",
           low=1, high=MAX_NUMBER),
)

TYPE_RULES = (
    "Difference pyramids (circles, wide row on top): each number is the difference of the two "
    "numbers above it; in a classic pyramid of n rows every number from 1 to n(n+1)/2 appears "
    "once, in a distinct pyramid all numbers differ. Number walls (bricks, wide row at the "
    "bottom): each number is the sum of the two below it. Fill in the missing numbers."
)


VARIANT_RULES = {
    "classic": "Each number is the difference of the two numbers above it. A pyramid of n rows "
               "holds every number from 1 to n(n+1)/2 exactly once. Fill in the missing numbers.",
    "distinct": "Each number is the difference of the two numbers above it, and no number appears "
                "twice (none is larger than the pyramid's maximum). Fill in the missing numbers.",
    "sum": "Each brick holds the sum of the two bricks below it. Fill in the missing numbers.",
}


def canonical(puzzle: JSON) -> str:
    """A pyramid and its mirror image are the same puzzle."""
    rows = puzzle["rows"]
    rest = {key: value for key, value in puzzle.items() if key != "rows"}
    return form_key([rows, rest], [[row[::-1] for row in rows], rest])


def rules_for(options: Mapping[str, Any]) -> str:
    """The rules of a section: of its variant, or of all three when it mixes them (a bank)."""
    variant = options.get("variant", "classic") if options else None
    return VARIANT_RULES[variant] if variant else TYPE_RULES


def triangular(rows: int) -> int:
    return rows * (rows + 1) // 2


# --- geometry -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """The cells of an n-row pyramid as indices 0..N-1 (row by row, widest row first), with the
    triangles (parent, parent, child) and the diagonals the search adds."""

    rows: int
    cells: tuple[tuple[int, int], ...]
    triangles: tuple[tuple[int, int, int], ...]

    def index(self, row: int, col: int) -> int:
        return row * self.rows - row * (row - 1) // 2 + col


@cache
def shape(rows: int) -> Shape:
    cells = tuple((k, i) for k in range(rows) for i in range(rows - k))
    at = {cell: n for n, cell in enumerate(cells)}
    triangles = tuple((at[k - 1, i], at[k - 1, i + 1], at[k, i])
                      for k in range(1, rows) for i in range(rows - k))
    return Shape(rows, cells, triangles)


@cache
def diagonal(rows: int, left: int, right: int, side: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Cells fixed when the known stretch [left, right) of the wide row grows by one on `side`,
    top first, and for each cell below the top its neighbour inside the old stretch's triangle."""
    grid = shape(rows)
    depth = right - left
    if side == "right":
        cells = tuple(grid.index(k, right - k) for k in range(depth + 1))
        neighbours = tuple(grid.index(k - 1, right - k) for k in range(1, depth + 1))
    else:
        cells = tuple(grid.index(k, left - 1) for k in range(depth + 1))
        neighbours = tuple(grid.index(k - 1, left) for k in range(1, depth + 1))
    return cells, (-1,) + neighbours


def to_rows(rows: int, values: list[int]) -> list[list[int]]:
    grid = shape(rows)
    return [[values[grid.index(k, i)] for i in range(rows - k)] for k in range(rows)]


def flatten(rows: list[list[int]]) -> list[int]:
    return [value for row in rows for value in row]


# --- rules of one puzzle --------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """What a completed pyramid must satisfy: the combining rule, the number range, distinctness."""

    variant: str
    rows: int
    low: int
    high: int

    @property
    def distinct(self) -> bool:
        return self.variant != "sum"

    @property
    def each_once(self) -> bool:
        """Classic: every number of the range appears (the range is exactly as big as the pyramid)."""
        return self.variant == "classic"

    def combine(self, a: int, b: int) -> int:
        return a + b if self.variant == "sum" else abs(a - b)

    def parents(self, child: int, known: int) -> tuple[int, ...]:
        """The values the other parent may have when one parent and the child are known."""
        if self.variant == "sum":
            return (child - known,)
        return (known - child, known + child) if child else ()


def rules_of(puzzle: JSON) -> Rules:
    rows = len(puzzle["rows"])
    return Rules(puzzle["variant"], rows, int(puzzle.get("min", 1)), int(puzzle["max"]))


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


def upper_bounds(rules: Rules, givens: dict[int, int]) -> list[int]:
    """Largest value each cell may take: in a number wall every cell is at most the cell below it
    minus the smallest number, so givens bound everything above them."""
    grid = shape(rules.rows)
    bounds = [rules.high] * len(grid.cells)
    for cell, value in givens.items():
        bounds[cell] = min(bounds[cell], value)
    if rules.variant == "sum":
        for parent_a, parent_b, child in reversed(grid.triangles):
            for parent in (parent_a, parent_b):
                bounds[parent] = min(bounds[parent], bounds[child] - rules.low)
    return bounds


def completions(rules: Rules, givens: dict[int, int], rng: random.Random | None = None,
                budget: int | None = None) -> Iterator[list[int]]:
    """Every completed pyramid (flat values) that keeps the givens; in random order with rng,
    and stopping after `budget` diagonals tried when one is given (for restarts)."""
    rows = rules.rows
    grid = shape(rows)
    values = [0] * len(grid.cells)
    used: set[int] = set()
    reserved = {value: cell for cell, value in givens.items()} if rules.distinct else {}
    bounds = upper_bounds(rules, givens)
    parities = classic_parities(rows) if rules.each_once else None
    low = rules.low
    tried = [0]

    def fits(cell: int, value: int, fresh: list[int]) -> bool:
        if not low <= value <= bounds[cell]:
            return False
        if cell in givens:
            return givens[cell] == value
        if rules.distinct:
            return value not in used and value not in reserved and value not in fresh
        return True

    def run_down(cells: tuple[int, ...], neighbours: tuple[int, ...], top: int) -> list[int] | None:
        if not fits(cells[0], top, []):
            return None
        fresh = [top]
        for depth in range(1, len(cells)):
            value = rules.combine(fresh[-1], values[neighbours[depth]])
            if not fits(cells[depth], value, fresh):
                return None
            fresh.append(value)
        return fresh

    def tops(cells: tuple[int, ...], neighbours: tuple[int, ...]) -> list[int]:
        given_depth = next((d for d, cell in enumerate(cells) if cell in givens), None)
        if given_depth is None:
            return list(range(low, bounds[cells[0]] + 1))
        level = {givens[cells[given_depth]]}
        for depth in range(given_depth, 0, -1):
            level = {up for value in level for up in rules.parents(value, values[neighbours[depth]])
                     if low <= up <= bounds[cells[depth - 1]]}
        return sorted(level)

    def options(left: int, right: int, side: str) -> list[tuple[tuple[int, ...], list[int]]]:
        cells, neighbours = diagonal(rows, left, right, side)
        found = []
        for top in tops(cells, neighbours):
            fresh = run_down(cells, neighbours, top)
            if fresh is not None:
                found.append((cells, fresh))
        return found

    def parity_ok(left: int, right: int) -> bool:
        if parities is None:
            return True
        mask = bits = 0
        for col in range(left, right):
            mask |= 1 << col
            bits |= (values[col] & 1) << col
        return any((pattern ^ bits) & mask == 0 for pattern in parities)

    def place(cells: tuple[int, ...], fresh: list[int]) -> None:
        for cell, value in zip(cells, fresh):
            values[cell] = value
            used.add(value)

    def unplace(cells: tuple[int, ...], fresh: list[int]) -> None:
        for cell, value in zip(cells, fresh):
            values[cell] = 0
            used.discard(value)

    def grow(left: int, right: int) -> Iterator[list[int]]:
        if left == 0 and right == rows:
            yield values.copy()
            return
        sides = []
        if right < rows:
            sides.append((options(left, right, "right"), left, right + 1))
        if left > 0:
            sides.append((options(left, right, "left"), left - 1, right))
        found, new_left, new_right = min(sides, key=lambda side: len(side[0]))
        if rng is not None:
            rng.shuffle(found)
        for cells, fresh in found:
            tried[0] += 1
            if budget is not None and tried[0] > budget:
                return
            place(cells, fresh)
            if parity_ok(new_left, new_right):
                yield from grow(new_left, new_right)
            unplace(cells, fresh)

    start = min(range(rows), key=lambda col: _start_rank(grid, givens, col))
    first = [givens[start]] if start in givens else [
        v for v in range(low, bounds[start] + 1) if fits(start, v, [])]
    if rng is not None:
        rng.shuffle(first)
    for value in first:
        place((start,), [value])
        if parity_ok(start, start + 1):
            yield from grow(start, start + 1)
        unplace((start,), [value])


def _start_rank(grid: Shape, givens: dict[int, int], col: int) -> tuple[int, int]:
    """Start the wide row at a given number, else above the shallowest given: the first few
    diagonals then reach a given soon."""
    if col in givens:
        return (0, 0)
    depths = [k for cell, _ in givens.items() for k, i in [grid.cells[cell]] if i <= col <= i + k]
    return (1, min(depths, default=MAX_ROWS + 1))


def givens_of(puzzle: JSON) -> dict[int, int]:
    return {n: value for n, value in enumerate(flatten(puzzle["rows"])) if value}


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
    """Count completions up to cap (None: all). Number walls and nearly empty difference
    pyramids use the wide-row search; other difference pyramids the narrowing search."""
    rules = rules_of(puzzle)
    givens = givens_of(puzzle)
    if rules.variant == "sum" or len(givens) < SPARSE_GIVENS:
        found = completions(rules, givens)
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
# that works, over and over, and the hardest step it needed is the level (Tatham's approach).
# Difference pyramids:
#   direct      a cell whose two neighbours in one triangle are known, with one possibility
#               in the number range (two above: their difference; one above and the one
#               below: the other above is the sum or the difference, and only one fits)
#   once        the same, when both possibilities fit but one is already used elsewhere
#               (the "all numbers different" rule is needed)
#   candidates  candidate lists for every cell, narrowed triangle by triangle, until a cell has
#               one candidate left or (classic) a number has one cell left
#   trial       a cell with at most TRIAL_WIDTH candidates is tried with each; all but one lead
#               to a contradiction by the steps above
# Number walls:
#   add         a brick whose two bricks below are known
#   subtract    a brick below found from the brick above and its neighbour
#   equation    one unknown brick called x, the bricks written in x, and an equation solved
#   system      more than one unknown at once (a system of equations); a wall that needs
#               two separate equations is rated at this level too

DIFFERENCE_STEPS = ("direct", "once", "candidates", "trial")
SUM_STEPS = ("add", "subtract", "equation", "system")
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


def _difference_sweep(rules: Rules, values: list[int], allow_once: bool) -> tuple[int, int]:
    """One sweep of the direct (and, if allowed, once) steps; how many cells each filled."""
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
    return direct, once


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


def _trial_step(rules: Rules, values: list[int]) -> bool:
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
                deduce_difference(rules, trial, top_step=2)
            except Contradiction:
                continue
            survivors.append(value)
        if not survivors:
            raise Contradiction
        if len(survivors) == 1:
            values[cell] = survivors[0]
            return True
    return False


def deduce_difference(rules: Rules, values: list[int], top_step: int = 3) -> tuple[list[int], dict[str, int]]:
    """Fill what the steps up to `top_step` (index in DIFFERENCE_STEPS) can, counting each
    step; Contradiction when the numbers break the rules."""
    values = values.copy()
    counts = dict.fromkeys(DIFFERENCE_STEPS, 0)
    if len({v for v in values if v}) != sum(1 for v in values if v):
        raise Contradiction
    while True:
        direct, _ = _difference_sweep(rules, values, allow_once=False)
        if direct:
            counts["direct"] += direct
            continue
        if 0 not in values:
            break
        if top_step >= 1:
            direct, once = _difference_sweep(rules, values, allow_once=True)
            if direct or once:
                counts["direct"] += direct
                counts["once"] += once
                continue
        if top_step >= 2 and _candidate_step(rules, values):
            counts["candidates"] += 1
            continue
        if top_step >= 3 and _trial_step(rules, values):
            counts["trial"] += 1
            continue
        break
    return values, counts


def _sum_sweep(rules: Rules, values: list[int], allow_subtract: bool) -> tuple[int, int]:
    """One sweep of additions (and, if allowed, subtractions); how many bricks each filled."""
    added = subtracted = 0
    for parent_a, parent_b, child in shape(rules.rows).triangles:
        a, b, c = values[parent_a], values[parent_b], values[child]
        if a and b and not c:
            values[child] = a + b
            added += 1
        elif allow_subtract and c and (a or b) and not (a and b):
            known, unknown = (a, parent_b) if a else (b, parent_a)
            if c - known >= rules.low:
                values[unknown] = c - known
                subtracted += 1
    return added, subtracted


Expr = tuple[Fraction, Fraction]  # coefficient of x, constant


def _equation_step(rules: Rules, values: list[int]) -> bool:
    """Call one unknown brick x, write every brick the sums reach in terms of x, and solve the
    first equation that appears; True if a brick was filled."""
    triangles = shape(rules.rows).triangles
    for unknown in (cell for cell, value in enumerate(values) if not value):
        expr: dict[int, Expr] = {cell: (Fraction(0), Fraction(v)) for cell, v in enumerate(values) if v}
        expr[unknown] = (Fraction(1), Fraction(0))
        changed = True
        while changed:
            changed = False
            for parent_a, parent_b, child in triangles:
                a, b, c = expr.get(parent_a), expr.get(parent_b), expr.get(child)
                if a and b and c:
                    coef, const = a[0] + b[0] - c[0], a[1] + b[1] - c[1]
                    if coef:
                        x = -const / coef
                        if x.denominator == 1 and rules.low <= x <= rules.high:
                            values[unknown] = int(x)
                            return True
                        return False
                elif a and b:
                    expr[child] = (a[0] + b[0], a[1] + b[1])
                    changed = True
                elif c and (a or b):
                    known, missing = (a, parent_b) if a else (b, parent_a)
                    expr[missing] = (c[0] - known[0], c[1] - known[1])  # type: ignore[index]  # a or b is set
                    changed = True
    return False


def _system_step(rules: Rules, values: list[int]) -> bool:
    """Solve all the sums as one linear system; fill every brick it determines."""
    unknowns = [cell for cell, value in enumerate(values) if not value]
    column = {cell: n for n, cell in enumerate(unknowns)}
    width = len(unknowns)
    rows = []
    for triangle in shape(rules.rows).triangles:
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
            if value.denominator == 1 and rules.low <= value <= rules.high:
                values[unknowns[col]] = int(value)
                filled = True
    return filled


def deduce_sum(rules: Rules, values: list[int], top_step: int = 3) -> tuple[list[int], dict[str, int]]:
    """Fill what the steps up to `top_step` (index in SUM_STEPS) can; count each step."""
    values = values.copy()
    counts = dict.fromkeys(SUM_STEPS, 0)
    while 0 in values:
        added, _ = _sum_sweep(rules, values, allow_subtract=False)
        if added:
            counts["add"] += added
            continue
        if top_step >= 1:
            added, subtracted = _sum_sweep(rules, values, allow_subtract=True)
            if added or subtracted:
                counts["add"] += added
                counts["subtract"] += subtracted
                continue
        if top_step >= 2 and _equation_step(rules, values):
            counts["equation"] += 1
            continue
        if top_step >= 3 and _system_step(rules, values):
            counts["system"] += 1
            continue
        break
    return values, counts


def deduce(rules: Rules, values: list[int], top_step: int) -> tuple[list[int], dict[str, int]]:
    if rules.variant == "sum":
        return deduce_sum(rules, values, top_step)
    return deduce_difference(rules, values, top_step)


def steps_of(rules: Rules) -> tuple[str, ...]:
    return SUM_STEPS if rules.variant == "sum" else DIFFERENCE_STEPS


def rate(puzzle: JSON) -> JSON:
    """Measured figures: givens, cells filled by each kind of step, and the level: the hardest
    step needed. A puzzle the steps cannot finish (or that breaks the rules) is rated expert
    with "finished": false; the generator never makes one."""
    rules = rules_of(puzzle)
    start = flatten(puzzle["rows"])
    steps = steps_of(rules)
    try:
        filled, counts = deduce(rules, start, 3)
    except Contradiction:
        filled, counts = start, dict.fromkeys(steps, 0)
    finished = 0 not in filled
    used = [n for n, step in enumerate(steps) if counts[step]]
    hardest = max(used, default=0) if finished else 3
    if rules.variant == "sum" and counts["equation"] >= 2:
        hardest = 3  # two separate equations: as hard as a system
    return {
        "level": LEVELS[hardest],
        "hardest_step": steps[hardest],
        "finished": finished,
        "givens": sum(1 for v in start if v),
        "cells": len(start),
        **{f"{step}_steps": counts[step] for step in steps},
    }


# --- generator ------------------------------------------------------------------------------------


DISTINCT_BUDGET = 3000  # diagonals tried before a random search starts again
DISTINCT_RESTARTS = 40


@cache
def all_classic(rows: int) -> tuple[tuple[int, ...], ...]:
    """Every classic pyramid of `rows` rows (mirror images counted separately)."""
    rules = Rules("classic", rows, 1, triangular(rows))
    return tuple(tuple(values) for values in completions(rules, {}))


def full_pyramid(rng: random.Random, rules: Rules, base_range: tuple[int, int]) -> list[int]:
    """A random completed pyramid obeying the rules."""
    if rules.variant == "classic":
        return list(rng.choice(all_classic(rules.rows)))
    if rules.variant == "distinct":
        for _ in range(DISTINCT_RESTARTS):
            found = next(completions(rules, {}, rng, DISTINCT_BUDGET), None)
            if found is not None:
                return found
        raise BookgenError(
            f"could not find a distinct pyramid of {rules.rows} rows with numbers up to "
            f"{rules.high}; choose a larger max", key="max")
    return _random_wall(rng, rules, base_range)


def _random_wall(rng: random.Random, rules: Rules, base_range: tuple[int, int]) -> list[int]:
    """A number wall whose bottom row comes from base_range and whose top stays within max:
    bottom numbers are drawn in random order, each capped so the rest can still fit."""
    rows = rules.rows
    weights = [math.comb(rows - 1, i) for i in range(rows)]
    low, high = base_range
    bottom = [0] * rows
    order = list(range(rows))
    rng.shuffle(order)
    room = rules.high - low * sum(weights)
    for col in order:
        cap = min(high, low + room // weights[col])
        bottom[col] = rng.randint(low, cap)
        room -= (bottom[col] - low) * weights[col]
    values = bottom + [0] * (len(shape(rows).cells) - rows)
    for parent_a, parent_b, child in shape(rows).triangles:
        values[child] = values[parent_a] + values[parent_b]
    return values


def _solvable_at(rules: Rules, values: list[int], level: int) -> bool:
    """Whether a person using steps up to `level` finishes the pyramid, which also proves the
    answer unique (every step is a sound deduction)."""
    try:
        filled, _ = deduce(rules, values, level)
    except Contradiction:
        return False
    return 0 not in filled


def _sample_wall_givens(rng: random.Random, rules: Rules, answer: list[int]) -> list[int]:
    """Givens for an expert number wall: a wall of n rows is fixed by n well-placed numbers,
    and removal in random order seldom leaves a set that needs two equations, so sets of n
    cells are drawn at random until one does (or the samples run out)."""
    cells = list(range(len(answer)))
    values = answer
    for _ in range(WALL_SAMPLES):
        chosen = set(rng.sample(cells, rules.rows))
        values = [v if cell in chosen else 0 for cell, v in enumerate(answer)]
        rating = rate(puzzle_json(rules, values))
        if rating["finished"] and rating["level"] == "expert":
            break
    return values


def remove_givens(rng: random.Random, rules: Rules, answer: list[int], level: int) -> list[int]:
    """Take numbers away in random order while the pyramid stays solvable at `level`."""
    values = answer.copy()
    order = list(range(len(values)))
    rng.shuffle(order)
    for cell in order:
        values[cell] = 0
        if not _solvable_at(rules, values, level):
            values[cell] = answer[cell]
    return values


GENERATION_ATTEMPTS = 400  # removal orders tried before giving up on a level
ORDERS_PER_PYRAMID = 4  # removal orders tried on one full pyramid before drawing a new one
WALL_SAMPLES = 400  # random sets of givens tried per expert number wall
# Default rows per variant and level (small enough that every level is quick to make).
DEFAULT_ROWS = {
    "classic": {"easy": 3, "medium": 4, "hard": 4, "expert": 5},
    "distinct": {"easy": 5, "medium": 6, "hard": 6, "expert": 7},
    "sum": {"easy": 4, "medium": 4, "hard": 5, "expert": 7},
}
SUM_EXPERT_ROWS = 5  # smaller number walls never need two equations
DEFAULT_RANGE = (1, 10)


def default_max(variant: str, rows: int, base_range: tuple[int, int]) -> int:
    """Distinct: room enough that random pyramids are quick to find; sum: never binding."""
    total = triangular(rows)
    if variant == "classic":
        return total
    if variant == "distinct":
        return total + total // 2 if rows <= 6 else (2 * total if rows <= 9 else 3 * total)
    return base_range[1] * 2 ** (rows - 1)


@dataclass(frozen=True)
class Plan:
    rules: Rules
    base_range: tuple[int, int]


def settle(difficulty: str, options: Mapping[str, Any]) -> Plan:
    """The rules and bottom-row range a request means, or a BookgenError saying what is allowed."""
    level = level_index(difficulty)
    variant = options.get("variant", "classic")
    rows = options.get("rows", DEFAULT_ROWS[variant][difficulty])
    total = triangular(rows)
    if variant == "classic" and rows > CLASSIC_LIMIT:
        raise BookgenError(
            f"a classic pyramid of {rows} rows does not exist: no arrangement of 1 to {total} "
            f"works beyond {CLASSIC_LIMIT} rows (Chang, Hu, Lih and Shieh, 1977); use 3 to "
            f"{CLASSIC_LIMIT} rows, or variant=distinct for bigger pyramids", key="rows")
    low_rows, high_rows = ROW_RANGE[variant]
    if not low_rows <= rows <= high_rows:
        raise BookgenError(f"a {variant} pyramid has {low_rows} to {high_rows} rows", key="rows")
    if variant == "sum" and level == 3 and rows < SUM_EXPERT_ROWS:
        raise BookgenError(
            f"expert number walls need at least {SUM_EXPERT_ROWS} rows (smaller walls never "
            f"need more than one equation); use rows={SUM_EXPERT_ROWS} or more", key="rows")
    if "range" in options and variant != "sum":
        raise BookgenError("range is for variant=sum only; difference pyramids use max", key="range")
    base_range = options.get("range", DEFAULT_RANGE)
    high = options.get("max", default_max(variant, rows, base_range))
    if variant == "classic" and high != total:
        raise BookgenError(f"a classic pyramid of {rows} rows uses exactly 1 to {total}; "
                           f"leave max out or use variant=distinct", key="max")
    if variant == "distinct" and high < total + (rows > CLASSIC_LIMIT):
        least = total + (rows > CLASSIC_LIMIT)
        raise BookgenError(f"{total} different numbers need max of at least {least} for {rows} rows"
                           + (" (1 to exactly n(n+1)/2 is impossible beyond 5 rows)"
                              if rows > CLASSIC_LIMIT else ""), key="max")
    if variant == "sum" and base_range[0] * 2 ** (rows - 1) > high:
        raise BookgenError(
            f"with bottom numbers from {base_range[0]} the top of a {rows}-row wall is at least "
            f"{base_range[0] * 2 ** (rows - 1)}; raise max or lower the range", key="max")
    low = base_range[0] if variant == "sum" else 1
    return Plan(Rules(variant, rows, low, high), base_range)


def check_request(request: Request) -> None:
    settle(request.level, request.options)


def puzzle_json(rules: Rules, values: list[int]) -> JSON:
    puzzle: JSON = {"variant": rules.variant, "max": rules.high, "rows": to_rows(rules.rows, values)}
    if rules.variant == "sum":
        puzzle["min"] = rules.low
    return puzzle


def generate(rng: random.Random, request: Request) -> Generated:
    """A random full pyramid, numbers taken away while a person can still finish it with the
    steps of the level; kept only when the grader measures exactly that level."""
    difficulty = request.level
    plan = settle(difficulty, request.options)
    rules = plan.rules
    level = level_index(difficulty)
    answer: list[int] = []
    for attempt in range(GENERATION_ATTEMPTS):
        if attempt % ORDERS_PER_PYRAMID == 0:
            answer = full_pyramid(rng, rules, plan.base_range)
        if rules.variant == "sum" and level == 3:
            values = _sample_wall_givens(rng, rules, answer)
        else:
            values = remove_givens(rng, rules, answer, level)
        puzzle = puzzle_json(rules, values)
        rating = rate(puzzle)
        if rating["finished"] and rating["level"] == difficulty:
            return Generated(puzzle, {"rows": to_rows(rules.rows, answer)}, rating)
    raise BookgenError(f"could not make a {difficulty} {rules.variant} pyramid of {rules.rows} rows "
                       f"in {GENERATION_ATTEMPTS} attempts; try another level or size",
                       key="difficulty")


# --- checking -------------------------------------------------------------------------------------


def validate(puzzle: JSON) -> None:
    if not isinstance(puzzle, dict):
        raise PuzzleFormatError("a pyramid puzzle must be an object")
    variant = puzzle.get("variant")
    if variant not in VARIANTS:
        raise PuzzleFormatError(f"'variant' must be one of {', '.join(VARIANTS)}", key="variant")
    rows = puzzle.get("rows")
    if not isinstance(rows, list) or not 1 <= len(rows) <= MAX_ROWS:
        raise PuzzleFormatError(f"'rows' must be a list of 1 to {MAX_ROWS} rows, widest first",
                                key="rows")
    size = len(rows)
    for k, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != size - k:
            raise PuzzleFormatError(f"row {k + 1} must hold {size - k} numbers (the widest row comes "
                                    f"first, each row one shorter)", key="rows")
        if any(not isinstance(v, int) or isinstance(v, bool) for v in row):
            raise PuzzleFormatError("every entry must be a whole number (0 for blank)", key="rows")
    high: Any  # raw JSON until the loop below checks it is a whole number
    high, low = puzzle.get("max"), puzzle.get("min", 1)
    for name, value in (("max", high), ("min", low)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_NUMBER:
            raise PuzzleFormatError(f"'{name}' must be a whole number from 1 to {MAX_NUMBER}", key=name)
    total = triangular(size)
    if variant != "sum" and low != 1:
        raise PuzzleFormatError("'min' is for number walls (variant sum) only", key="min")
    if variant == "classic" and high != total:
        raise PuzzleFormatError(f"a classic pyramid of {size} rows has max {total}", key="max")
    if variant == "distinct" and high < total:
        raise PuzzleFormatError(f"{size} rows need max of at least {total}", key="max")
    if low > high:
        raise PuzzleFormatError("'min' must not exceed 'max'", key="min")
    givens = [v for v in flatten(rows) if v]
    if any(not low <= v <= high for v in givens):
        raise PuzzleFormatError(f"given numbers must be from {low} to {high} (0 for blank)", key="rows")
    if variant != "sum" and len(set(givens)) != len(givens):
        raise PuzzleFormatError("a difference pyramid never repeats a number", key="rows")


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a filled pyramid, computed directly from the rows."""
    rows = solution.get("rows") if isinstance(solution, dict) else None
    size = len(puzzle["rows"])
    if (not isinstance(rows, list) or len(rows) != size
            or any(not isinstance(row, list) or len(row) != size - k for k, row in enumerate(rows))):
        return [f"the answer must have {size} rows, widest first"]
    values = flatten(rows)
    if any(not isinstance(v, int) or isinstance(v, bool) for v in values):
        return ["every cell of the answer must hold a whole number"]
    variant, high, low = puzzle["variant"], puzzle["max"], puzzle.get("min", 1)
    problems = []
    for k in range(size):
        for i in range(size - k):
            given = puzzle["rows"][k][i]
            if given and rows[k][i] != given:
                problems.append(f"row {k + 1} number {i + 1} must keep its given {given}")
            if not low <= rows[k][i] <= high:
                problems.append(f"{rows[k][i]} is outside {low} to {high}")
    for k in range(1, size):
        for i in range(size - k):
            a, b, c = rows[k - 1][i], rows[k - 1][i + 1], rows[k][i]
            if variant == "sum" and c != a + b:
                problems.append(f"{c} is not {a} + {b}")
            if variant != "sum" and c != abs(a - b):
                problems.append(f"{c} is not the difference of {a} and {b}")
    if variant != "sum" and len(set(values)) != len(values):
        problems.append("a number appears more than once")
    return problems


# --- drawing --------------------------------------------------------------------------------------

RADIUS = 6.0  # circles of difference pyramids
PITCH = 13.6  # centre to centre along a row
ROW_STEP = 12.0
BRICK_W, BRICK_H = 15.0, 9.0  # bricks of number walls


def _font(text: str, room: float) -> float:
    """Numbers shrink with their digits so they stay inside a circle or brick of width `room`."""
    return min(12.0, room * 72 / 25.4 / (0.62 * max(len(text), 2)))


def measure(puzzle: JSON) -> tuple[float, float]:
    size = len(puzzle["rows"])
    if puzzle["variant"] == "sum":
        return size * BRICK_W, size * BRICK_H
    return (size - 1) * PITCH + 2 * RADIUS, (size - 1) * ROW_STEP + 2 * RADIUS


def _draw(pen: Pen, puzzle: JSON, shown: list[list[int]]) -> None:
    """The pyramid outline with `shown` numbers; the puzzle's givens bold on a grey ground."""
    size = len(puzzle["rows"])
    for k in range(size):
        for i in range(size - k):
            given = bool(puzzle["rows"][k][i])
            fill = 0.88 if given else None
            if puzzle["variant"] == "sum":
                x, y = (k / 2 + i) * BRICK_W, (size - 1 - k) * BRICK_H
                pen.rect(x, y, BRICK_W, BRICK_H, width=MEDIUM, fill=fill)
                cx, cy, room = x + BRICK_W / 2, y + BRICK_H / 2, BRICK_W - 3
            else:
                cx, cy = RADIUS + (k / 2 + i) * PITCH, RADIUS + k * ROW_STEP
                pen.circle(cx, cy, RADIUS, width=MEDIUM if given else THIN, fill=fill)
                room = 2 * RADIUS - 2.5
            value = shown[k][i]
            if value:
                text = str(value)
                pen.text(cx, cy, text, _font(text, room), bold=given)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw(pen, puzzle, puzzle["rows"])


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    _draw(pen, puzzle, solution["rows"])


def example() -> Generated:
    """A 3-row classic pyramid, the first one a reader meets."""
    puzzle = {"variant": "classic", "max": 6, "rows": [[6, 0, 4], [0, 3], [0]]}
    solution = {"rows": [[6, 1, 4], [5, 3], [2]]}
    return Generated(puzzle, solution, rate(puzzle))


def example_for(options: Mapping[str, Any]) -> Generated:
    """A small number wall for sum sections, the classic example otherwise."""
    if options.get("variant") != "sum":
        return example()
    puzzle = {"variant": "sum", "min": 1, "max": 20, "rows": [[3, 0, 2], [0, 6], [0]]}
    solution = {"rows": [[3, 4, 2], [7, 6], [13]]}
    return Generated(puzzle, solution, rate(puzzle))


# --- registry record ------------------------------------------------------------------------------

PYRAMID = PuzzleType(
    name="pyramid",
    title="Number Pyramids",
    rules=lambda request: rules_for(request.options if request else {}),
    options=OPTIONS,
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
    example=lambda request: example_for(request.options if request else {}),
    canonical=canonical,
)
