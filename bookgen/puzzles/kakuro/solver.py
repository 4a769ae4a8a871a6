"""The solver: revise one run at a time from the sets of digits that make its sum, propagate, and
search the square with the fewest candidates.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import islice

from bookgen.api import JSON, Solved
from bookgen.core.bits import members as digits
from bookgen.puzzles.kakuro.board import Board, board_for, digit_sets, sums_of
from bookgen.puzzles.kakuro.parameters import ALL_DIGITS

Domains = list[int]  # per white square, its candidate digits as a bitmask


BITS = tuple(tuple(1 << d for d in range(10) if mask >> d & 1) for mask in range(1 << 10))
"""The single bits of each mask of digits 0 to 9, worked out once: the inner loops' lookup."""


@lru_cache(maxsize=1 << 16)
def placements(digit_set: int, masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """Per square with candidates `masks`, the digits of `digit_set` it takes in some way of
    putting the set's digits one in each square; None when there is no way. Worked out over the
    digits the first squares can use (forward) and those from which the rest can still be placed
    (backward), the squares with the fewest choices first: at most 2^9 states, never a run's 9!
    orders. Squares that may all take every digit of the set take every one."""
    choices = [mask & digit_set for mask in masks]
    if all(choice == digit_set for choice in choices):
        return tuple(choices)
    order = sorted(range(len(choices)), key=lambda square: choices[square].bit_count())
    forward = [{0}]
    for square in order:
        choice = choices[square]
        forward.append({used | bit for used in forward[-1] for bit in BITS[choice & ~used]})
    if digit_set not in forward[-1]:
        return None
    taken = [0] * len(choices)
    alive = {digit_set}
    for step in range(len(order) - 1, -1, -1):
        square, before = order[step], set()
        for used in forward[step]:
            for bit in BITS[choices[square] & ~used]:
                if used | bit in alive:
                    taken[square] |= bit
                    before.add(used)
        alive = before
    return tuple(taken)


def arrangeable(digit_set: int, masks: tuple[int, ...]) -> bool:
    """Whether the squares with candidates `masks` can take the digits of `digit_set` one each
    (a matching, found by trying the squares with the fewest choices first): cheaper than
    `placements`, which the grader's arrangement step needs and the search does without."""
    choices = sorted((mask & digit_set for mask in masks), key=int.bit_count)

    def place(square: int, used: int) -> bool:
        if square == len(choices):
            return True
        return any(place(square + 1, used | bit) for bit in BITS[choices[square] & ~used])

    return place(0, 0)


@lru_cache(maxsize=1 << 17)
def run_options(total: int, masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """Per square of a run, the candidates it keeps, or None when no filling is left.

    Repeated until nothing changes: a decided square's digit leaves the other squares; a set of
    digits adding up to `total` stays only if it holds every decided digit, each of its digits is
    a candidate somewhere and the squares can take its digits one each; a square keeps the
    candidates the sets left hold; a digit every set left needs, with one square to go to, goes
    there. It never removes a digit some filling uses, so the search stays exact; cached, as the
    same runs come back again and again in a search."""
    current = list(masks)
    sets = digit_sets(len(current), total)
    while True:
        decided = 0
        for mask in current:
            if not mask & (mask - 1):
                if mask & decided or not mask:
                    return None
                decided |= mask
        union = 0
        for mask in current:
            union |= mask
        kept = [0] * len(current)
        needed = ALL_DIGITS
        for digit_set in sets:
            if digit_set & ~union or decided & ~digit_set:
                continue
            shares = [mask & digit_set for mask in current]
            if not all(shares) or not arrangeable(digit_set, tuple(current)):
                continue
            for i, share in enumerate(shares):
                kept[i] |= share
            needed &= digit_set
        for i, mask in enumerate(current):
            if mask & (mask - 1):
                kept[i] &= ~decided
            if not kept[i]:
                return None
        for digit in digits(needed & ~decided):
            holders = [i for i, mask in enumerate(kept) if mask >> digit & 1]
            if len(holders) == 1:
                kept[holders[0]] = 1 << digit
        if kept == current:
            return tuple(current)
        current = kept


def propagate(board: Board, sums: tuple[int, ...], domains: Domains, runs: Iterable[int]) -> bool:
    """Revise runs until nothing changes; False when some run cannot be filled."""
    queue = list(runs)
    queued = set(queue)
    all_runs, runs_of = board.runs, board.runs_of
    while queue:
        number = queue.pop()
        queued.discard(number)
        cells = all_runs[number].cells
        before = tuple(domains[cell] for cell in cells)
        after = run_options(sums[number], before)
        if after is None:
            return False
        if after == before:
            continue
        for cell, old, new in zip(cells, before, after):
            if old != new:
                domains[cell] = new
                for other in runs_of[cell]:
                    if other != number and other not in queued:
                        queued.add(other)
                        queue.append(other)
    return True


def initial(board: Board, sums: tuple[int, ...]) -> Domains | None:
    """Fully propagated starting candidates, or None when the sums allow no filling."""
    domains = [ALL_DIGITS] * board.size
    return domains if propagate(board, sums, domains, range(len(board.runs))) else None


def solutions(board: Board, sums: tuple[int, ...], domains: Domains) -> Iterator[Domains]:
    """Every completion of propagated candidates, guessing at the square with the fewest."""
    best, fewest = -1, 10
    for cell, mask in enumerate(domains):
        if mask & (mask - 1):
            count = mask.bit_count()
            if count < fewest:
                best, fewest = cell, count
                if count == 2:
                    break
    if best < 0:
        yield domains
        return
    for digit in digits(domains[best]):
        child = domains.copy()
        child[best] = 1 << digit
        if propagate(board, sums, child, board.runs_of[best]):
            yield from solutions(board, sums, child)


def grid_of(board: Board, values: list[int]) -> list[list[int]]:
    """The answer's rows from each white square's digit, 0 on black squares."""
    return [[values[cell] if cell >= 0 else 0 for cell in row] for row in board.at]


def count_up_to(board: Board, sums: tuple[int, ...], cap: int | None) -> tuple[int, list[Domains]]:
    """How many answers the sums have, counting up to `cap`, and the first two found."""
    domains = initial(board, sums)
    if domains is None:
        return 0, []
    found: list[Domains] = []
    count = 0
    for answer in islice(solutions(board, sums, domains), cap):
        if len(found) < 2:
            found.append(answer)
        count += 1
    return count, found


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    board = board_for(puzzle)
    count, found = count_up_to(board, sums_of(board, puzzle), cap)
    first = {"grid": grid_of(board, [mask.bit_length() - 1 for mask in found[0]])} if found else None
    return Solved(count, first)
