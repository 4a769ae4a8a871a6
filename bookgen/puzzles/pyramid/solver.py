"""The solver: the engine's wide-row search for empty or sparse pyramids, and a search that narrows
candidate lists (bit sets, shared with the grader) and branches on the tightest cell.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from bookgen.api import JSON, Solved
from bookgen.core.bits import members as bits_values
from bookgen.core.triangle import (
    Values,
    completions,
    flatten,
    given_bounds,
    givens_of,
    shape,
    to_rows,
    triangular,
)
from bookgen.puzzles.pyramid.rules import Rules, rules_of


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
    for value in bits_values(cands[cell]):
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


class Contradiction(Exception):
    """The numbers so far break the rules: the trial that led here was wrong."""


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
    for b in bits_values(other):
        mirrored |= 1 << (high - b)
    reach = 0
    for a in bits_values(small):
        reach |= (other >> a) | (mirrored >> (high - a))
    return reach


def _plus_minus(known: int, child: int, high: int) -> int:
    """Bits of k + c and k - c for candidates k of one parent and c of the child."""
    reach = 0
    if known.bit_count() <= child.bit_count():
        mirrored = 0
        for c in bits_values(child):
            mirrored |= 1 << (high - c)
        for k in bits_values(known):
            reach |= (child << k) | (mirrored >> (high - k))
    else:
        for c in bits_values(child):
            reach |= (known << c) | (known >> c)
    return reach
