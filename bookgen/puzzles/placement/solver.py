"""Counting arrangements: the fence of signs, its down-sets, and a pre-filled box's pinned rank."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from bookgen.api import JSON, Solved
from bookgen.puzzles.placement.numbers import parse_number


def pins(puzzle: JSON) -> tuple[tuple[int, ...], list[str]]:
    """rank pinned at each position (-1 where free) and the pool sorted by value."""
    ranked = sorted(puzzle["numbers"], key=parse_number)
    rank_of = {text: rank for rank, text in enumerate(ranked)}
    pinned = [-1] * len(ranked)
    for index, text in puzzle.get("givens", {}).items():
        pinned[int(index)] = rank_of[text]
    return tuple(pinned), ranked


class Fence:
    """The arrangements of one row: its signs and the rank pinned at each box (-1 where free).

    `completions(mask)` counts the ways to finish from a down-set of filled boxes (a bitmask), so
    `completions(0)` counts every arrangement; the memo is what `walk` follows to one of them.
    """

    def __init__(self, signs: str, pinned: tuple[int, ...]) -> None:
        self.signs = signs
        self.pinned = pinned
        self.size = len(pinned)
        self.full = (1 << self.size) - 1
        self.rank_box = {rank: box for box, rank in enumerate(pinned) if rank >= 0}
        self.memo: dict[int, int] = {self.full: 1}

    def addable(self, mask: int) -> list[int]:
        """Boxes that may take the next number (rank = boxes filled so far)."""
        step = mask.bit_count()
        boxes = [self.rank_box[step]] if step in self.rank_box else range(self.size)
        signs, pinned = self.signs, self.pinned
        result = []
        for box in boxes:
            if mask >> box & 1 or (pinned[box] >= 0 and pinned[box] != step):
                continue
            if box > 0 and signs[box - 1] == "<" and not mask >> (box - 1) & 1:
                continue
            if box < self.size - 1 and signs[box] == ">" and not mask >> (box + 1) & 1:
                continue
            result.append(box)
        return result

    def completions(self, mask: int = 0) -> int:
        if mask not in self.memo:
            self.memo[mask] = sum(self.completions(mask | 1 << box) for box in self.addable(mask))
        return self.memo[mask]

    def walk(self, choose: Callable[[list[int], list[int]], int]) -> list[int] | None:
        """One arrangement as the rank in each box, choosing among the boxes that can still be
        completed (with their completion counts as weights); None if there is no arrangement."""
        if self.completions() == 0:
            return None
        ranks = [0] * self.size
        mask = 0
        for step in range(self.size):
            options = [box for box in self.addable(mask) if self.completions(mask | 1 << box)]
            box = choose(options, [self.completions(mask | 1 << b) for b in options])
            ranks[box] = step
            mask |= 1 << box
        return ranks


@lru_cache(maxsize=4096)
def fence(signs: str, pinned: tuple[int, ...]) -> Fence:
    """The (memoised) fence of a row; generators and graders ask for the same rows repeatedly."""
    return Fence(signs, pinned)


def count_arrangements(signs: list[str], pinned: tuple[int, ...]) -> int:
    return fence("".join(signs), pinned).completions()


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    pinned, ranked = pins(puzzle)
    total = count_arrangements(puzzle["signs"], pinned)
    ranks = fence("".join(puzzle["signs"]), pinned).walk(lambda options, weights: options[0])
    solution = {"order": [ranked[r] for r in ranks]} if ranks is not None else None
    return Solved(total if cap is None else min(total, cap), solution)
