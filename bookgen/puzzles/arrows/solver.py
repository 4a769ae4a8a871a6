"""The solver: revise one sign at a time, propagate, and search the cell with the fewest candidates."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from bookgen.api import JSON, Solved
from bookgen.core.bits import members as numbers
from bookgen.puzzles.arrows.board import Board, board_for, start
from bookgen.puzzles.arrows.parameters import Cell, Domains


def revise(board: Board, domains: Domains, sign: Cell) -> list[Cell] | None:
    """Apply one sign's count rule; the cells whose candidates shrank, or None on contradiction.

    With S the numbers certain among the cells the sign sees, B the undecided ones and F those of
    B that could still bring a number outside S:
    - its number is at least |S| plus the count of cells of B that cannot repeat S and have no
      candidate in common (each needs a new number of its own), and at most |S| plus the smaller
      of |F| and the count of new numbers the candidates of B hold;
    - if it can be no more than |S|, every cell of B repeats a number of S;
    - if it must be |S| + |F|, every cell of F brings a new number;
    - if it must be every number the line can still hold, a number only one cell can supply
      goes in that cell.
    """
    seen = 0
    blanks: list[Cell] = []
    for cell in board.targets[sign]:
        mask = domains[cell]
        if mask & (mask - 1):
            blanks.append(cell)
        else:
            seen |= mask
    known = seen.bit_count()
    fresh = []
    offered = 0
    apart = 0
    needs = 0
    for cell in blanks:
        mask = domains[cell]
        new = mask & ~seen
        if new:
            fresh.append(cell)
            offered |= new
            if new == mask and not mask & apart:
                apart |= mask
                needs += 1
    available = offered.bit_count()
    low = known + needs
    high = known + (len(fresh) if len(fresh) < available else available)
    own = domains[sign]
    narrowed = own >> low << low & (2 << high) - 1  # the numbers low to high
    if not narrowed:
        return None
    changed: list[Cell] = []
    if narrowed != own:
        domains[sign] = narrowed
        changed.append(sign)
    if not blanks:
        return changed
    least = (narrowed & -narrowed).bit_length() - 1
    most = narrowed.bit_length() - 1
    if most == known:
        for cell in blanks:
            mask = domains[cell] & seen
            if not mask:
                return None
            if mask != domains[cell]:
                domains[cell] = mask
                changed.append(cell)
        return changed
    if least == known + len(fresh):
        for cell in fresh:
            mask = domains[cell] & ~seen
            if mask != domains[cell]:
                domains[cell] = mask
                changed.append(cell)
    if least == known + available:
        for value in numbers(offered):
            bit = 1 << value
            holders = [cell for cell in fresh if domains[cell] & bit]
            if len(holders) == 1 and domains[holders[0]] != bit:
                domains[holders[0]] = bit
                changed.append(holders[0])
    return changed


def propagate(board: Board, domains: Domains, signs: Sequence[Cell]) -> bool:
    """Revise signs until nothing changes; False when some sign cannot be satisfied."""
    queue = list(signs)
    queued = set(queue)
    watchers = board.watchers
    while queue:
        sign = queue.pop()
        queued.discard(sign)
        changed = revise(board, domains, sign)
        if changed is None:
            return False
        for cell in changed:
            for other in watchers[cell]:
                if other not in queued:
                    queued.add(other)
                    queue.append(other)
    return True


class OutOfSteps(Exception):
    """A search used up its budget of guesses (the generator then keeps the given it tried)."""


def solutions(board: Board, domains: Domains, budget: list[int] | None = None) -> Iterator[Domains]:
    """Every completion of propagated candidates, guessing at the cell with the fewest candidates
    (then the one most signs look at); with `budget` ([guesses]), raise OutOfSteps once that many
    guesses are spent."""
    best, fewest = -1, (99, 0)
    for cell, mask in enumerate(domains):
        if mask & (mask - 1):
            key = (mask.bit_count(), -len(board.watchers[cell]))
            if key < fewest:
                best, fewest = cell, key
    if best < 0:
        yield domains
        return
    for value in numbers(domains[best]):
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise OutOfSteps
        child = domains.copy()
        child[best] = 1 << value
        if propagate(board, child, board.watchers[best]):
            yield from solutions(board, child, budget)


def initial(board: Board, givens: list[int]) -> Domains | None:
    """Fully propagated starting candidates, or None when the givens contradict each other."""
    domains = start(board, givens)
    return domains if propagate(board, domains, range(board.size)) else None


def grid_of(board: Board, domains: Domains) -> list[list[int]]:
    values = [mask.bit_length() - 1 for mask in domains]
    return [values[r * board.cols:(r + 1) * board.cols] for r in range(board.rows)]


def flat_givens(puzzle: JSON) -> list[int]:
    return [value for row in puzzle["givens"] for value in row]


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    board = board_for(puzzle)
    domains = initial(board, flat_givens(puzzle))
    if domains is None:
        return Solved(0, None)
    first = None
    count = 0
    for found in islice(solutions(board, domains), cap):
        if first is None:
            first = {"grid": grid_of(board, found)}
        count += 1
    return Solved(count, first)
