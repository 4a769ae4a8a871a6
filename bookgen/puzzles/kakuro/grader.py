"""The grader: the steps a person takes, simplest first, each named and weighted, so a puzzle rates
by the hardest step it needs and how often.

The state is what a person knows: the digits written, and per empty square the candidates its two
runs' sum tables allow (a run of 16 in two squares allows only 7 and 9; with a 9 written in it, a
run of 20 in three squares has 11 left for two squares, so 2 to 9 but 9). Writing a digit updates
both runs' tables at once, as a person rereads a run's table when a digit goes in. The steps
either write a digit (the last square of a run, a square one digit is left for, a digit every
way of making a sum needs with one square to go to) or cross candidates out (a run's sets of
digits checked against its squares' candidates, pairs and triples, sets that cannot be arranged,
trial). Each step is logged: what the hints tell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any

from bookgen.api import JSON
from bookgen.core.bits import members as digits
from bookgen.core.grading import Bands, Deduction, simplest_first, tapered
from bookgen.puzzles.kakuro.board import Board, board_for, digit_sets, sums_of
from bookgen.puzzles.kakuro.parameters import ALL_DIGITS, Cell
from bookgen.puzzles.kakuro.solver import placements

# (name, weight): the order a person tries them in, simplest first.
TECHNIQUES = (
    ("last square", 1.0), ("single", 1.2), ("required digit", 1.6), ("combination", 2.0),
    ("naked pair", 3.0), ("naked triple", 3.4), ("arrangement", 3.8), ("trial", 5.0),
)
WEIGHTS = dict(TECHNIQUES)
SEARCH = 9.5  # the score of a puzzle these steps cannot finish
BANDS = Bands.of({"easy": (0, 1.59), "medium": (1.6, 2.99), "hard": (3.0, 4.99), "expert": (5.0, 99)})
"""Levels as bands of the score (the hardest weight plus 0.01 a use of it, up to 9 uses): easy
needs only the sum tables (a run's last square, a square whose two runs leave one digit), medium
a run's sets of digits checked against the candidates, hard pairs, triples and arrangements,
expert trial (or more)."""
TRIAL_ROOM = 0.9
"""Past 9 trials the score still grows, slower (`tapered`) and below 5.99, so that expert puzzles
sort by their trials (each step's uses once counted up to 9 only, and 10 to 33 trials tied)."""


class Contradiction(Exception):
    """A square left without a candidate, a run without a set of digits, or a digit twice. Its
    args say which, for a trial's hint to name: ("cell", square), ("run", run) (its sum cannot be
    made), ("two", run, digit), ("none", run, digit) (no square of the run can take a digit it
    needs); none where nothing is said."""


@lru_cache(maxsize=1 << 14)
def table(count: int, total: int, used: int) -> tuple[int, ...]:
    """The sets of `count` digits, none of them `used`, that make `total`: what a run's sum table
    says of its empty squares once the digits `used` are written in it."""
    return tuple(s for s in digit_sets(count, total) if not s & used)


def union_of(sets: tuple[int, ...]) -> int:
    union = 0
    for digit_set in sets:
        union |= digit_set
    return union


def common_to(sets: tuple[int, ...]) -> int:
    common = ALL_DIGITS if sets else 0
    for digit_set in sets:
        common &= digit_set
    return common


@dataclass
class State:
    """What is known: each square's digit (0: empty) and candidates, and per run the sum still to
    make, how many squares are empty and the digits written."""

    board: Board
    sums: tuple[int, ...]
    values: list[int]
    candidates: list[int]
    left: list[int]
    empty: list[int]
    used: list[int]
    log: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def copy(self) -> State:
        return State(self.board, self.sums, self.values.copy(), self.candidates.copy(),
                     self.left.copy(), self.empty.copy(), self.used.copy())

    def sets(self, run: int) -> tuple[int, ...]:
        """The sets of digits the run's empty squares can still take, by its sum table."""
        return table(self.empty[run], self.left[run], self.used[run])

    def open_cells(self, run: int) -> list[Cell]:
        return [cell for cell in self.board.runs[run].cells if not self.values[cell]]

    def place(self, cell: Cell, digit: int) -> None:
        bit = 1 << digit
        if not self.candidates[cell] & bit or self.values[cell]:
            raise Contradiction
        self.values[cell] = digit
        self.candidates[cell] = bit
        for run in self.board.runs_of[cell]:
            if self.used[run] & bit:
                raise Contradiction("two", run, digit)
            self.left[run] -= digit
            self.empty[run] -= 1
            self.used[run] |= bit
            self.narrow(run)

    def narrow(self, run: int) -> None:
        """Keep in the run's empty squares only what its sum table allows."""
        if not self.empty[run]:
            if self.left[run]:
                raise Contradiction("run", run)
            return
        allowed = union_of(self.sets(run))
        self.cross_out(self.open_cells(run), ~allowed)

    def cross_out(self, cells: list[Cell], bits: int) -> list[Cell]:
        """Take `bits` out of the empty squares `cells`; the squares that lost a candidate."""
        changed = []
        for cell in cells:
            if not self.values[cell] and self.candidates[cell] & bits:
                left = self.candidates[cell] & ~bits
                if not left:
                    raise Contradiction("cell", cell)
                self.candidates[cell] = left
                changed.append(cell)
        return changed


def start(board: Board, sums: tuple[int, ...]) -> State:
    """Every square's candidates from its two runs' sum tables, nothing written."""
    state = State(board, sums, [0] * board.size, [ALL_DIGITS] * board.size, list(sums),
                  [len(run.cells) for run in board.runs], [0] * len(board.runs))
    for run in range(len(board.runs)):
        state.narrow(run)
    return state


def finished(state: State) -> bool:
    return all(state.values)


def last_square(state: State) -> int:
    """A run with one empty square: it takes what the sum still needs (a sweep over the runs)."""
    found = 0
    for run in range(len(state.board.runs)):
        if state.empty[run] == 1:
            (cell,) = state.open_cells(run)
            digit = state.left[run]
            if not 1 <= digit <= 9:
                raise Contradiction("run", run)
            state.place(cell, digit)
            state.log.append(("last square", {"cell": cell, "value": digit, "run": run}))
            found += 1
    return found


def single(state: State) -> int:
    """A square whose candidates come to one digit takes it (a sweep over the squares)."""
    found = 0
    for cell, mask in enumerate(state.candidates):
        if not state.values[cell] and not mask & (mask - 1):
            digit = mask.bit_length() - 1
            state.place(cell, digit)
            state.log.append(("single", {"cell": cell, "value": digit}))
            found += 1
    return found


def required_digit(state: State) -> int:
    """A digit every set of the run's sum table holds, with one square of the run to go to, goes
    there (a sweep over the runs)."""
    found = 0
    for run in range(len(state.board.runs)):
        if state.empty[run] < 2:
            continue
        for digit in digits(common_to(state.sets(run))):
            holders = [cell for cell in state.open_cells(run) if state.candidates[cell] >> digit & 1]
            if not holders:
                raise Contradiction("none", run, digit)
            if len(holders) == 1:
                state.place(holders[0], digit)
                state.log.append(("required digit", {"cell": holders[0], "value": digit, "run": run}))
                found += 1
    return found


@lru_cache(maxsize=1 << 16)
def fitting(count: int, total: int, used: int, masks: tuple[int, ...], arranged: bool
            ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Of the sets a run's sum table allows (`count` digits making `total`, none `used`), those
    that fit its empty squares' candidates `masks` (each digit a candidate somewhere, each square
    with a candidate in the set), and what each square keeps: its candidates in those sets, or a
    digit they all need that only it can take. `arranged`: only the sets whose digits can go one
    in each square, and each square only the digits it takes in some such order. Cached: the
    same runs come back at every step."""
    union = union_of(masks)
    kept = []
    keep = [0] * len(masks)
    for digit_set in table(count, total, used):
        if digit_set & ~union or not all(mask & digit_set for mask in masks):
            continue
        shares = placements(digit_set, masks) if arranged else tuple(m & digit_set for m in masks)
        if shares is None:
            continue
        kept.append(digit_set)
        keep = [old | share for old, share in zip(keep, shares)]
    if not kept:
        raise Contradiction
    for digit in digits(common_to(tuple(kept))):
        holders = [i for i, mask in enumerate(keep) if mask >> digit & 1]
        if len(holders) == 1:
            keep[holders[0]] = 1 << digit
    return tuple(kept), tuple(keep)


def set_check(name: str, arranged: bool) -> Callable[[State], int]:
    """Combination (a run's sets of digits checked against its squares' candidates) or
    arrangement (the orders its digits can go in, each square keeping the digits it takes in
    one): the squares keep what is left; one run a step, logged with the sets it keeps."""
    def apply(state: State) -> int:
        for run in range(len(state.board.runs)):
            if state.empty[run] < 2:
                continue
            cells = state.open_cells(run)
            masks = tuple(state.candidates[cell] for cell in cells)
            key = (state.empty[run], state.left[run], state.used[run], masks)
            try:
                kept, keep = fitting(*key, arranged)
            except Contradiction:
                raise Contradiction("run", run) from None
            if keep == masks or arranged and fitting(*key, False)[1] == keep:
                continue
            changed = [cell for cell, mask in zip(cells, keep) if state.cross_out([cell], ~mask)]
            state.log.append((name, {"run": run, "sets": list(kept), "cells": changed}))
            return 1
        return 0
    return apply


@lru_cache(maxsize=1 << 14)
def naked_group(masks: tuple[int, ...], size: int) -> tuple[tuple[int, ...], int] | None:
    """The first `size` squares (by place in `masks`) holding only `size` candidates between
    them where another square holds one of those, and their digits; None if there is none."""
    for group in combinations(range(len(masks)), size):
        union = union_of(tuple(masks[i] for i in group))
        if union.bit_count() == size and any(
                mask & union for i, mask in enumerate(masks) if i not in group):
            return group, union
    return None


def naked_subset(size: int, name: str) -> Callable[[State], int]:
    """`size` empty squares of a run that hold only `size` candidates between them: those digits
    are theirs, crossed out of the run's other squares (one run a step)."""
    def apply(state: State) -> int:
        for run in range(len(state.board.runs)):
            cells = state.open_cells(run)
            if len(cells) <= size:
                continue
            found = naked_group(tuple(state.candidates[cell] for cell in cells), size)
            if found is None:
                continue
            group, union = found
            others = [cell for i, cell in enumerate(cells) if i not in group]
            changed = state.cross_out(others, union)
            state.log.append((name, {"run": run, "group": [cells[i] for i in group],
                                     "digits": digits(union), "cells": changed}))
            return 1
        return 0
    return apply


def trial(state: State) -> int:
    """Assume one candidate and follow the steps below trial; of the assumptions that end in a
    contradiction, cross out the one that gets there in the fewest placements (the shortest
    chain a person would follow), logged with its length."""
    board = state.board
    shortest: tuple[int, Cell, int, tuple[Any, ...]] | None = None
    before = sum(1 for value in state.values if value)
    bound = board.size

    def done(attempt: State) -> bool:
        return finished(attempt) or sum(1 for value in attempt.values if value) - before > bound

    order = sorted((state.candidates[c].bit_count(), c) for c in range(board.size) if not state.values[c])
    for _, cell in order:
        for digit in digits(state.candidates[cell]):
            attempt = state.copy()
            try:
                attempt.place(cell, digit)
                simplest_first(STEPS[:-1], attempt, done, top=len(STEPS) - 1)
            except Contradiction as contradiction:
                length = sum(1 for value in attempt.values if value) - before
                if shortest is None or length < shortest[0]:
                    shortest = (length, cell, digit, contradiction.args or ("unknown",))
                    bound = length
    if shortest is None:
        return 0
    length, cell, digit, broken = shortest
    state.cross_out([cell], 1 << digit)
    state.log.append(("trial", {"cell": cell, "value": digit, "length": length, "broken": broken}))
    return 1


APPLY: dict[str, Callable[[State], int]] = {
    "last square": last_square,
    "single": single,
    "required digit": required_digit,
    "combination": set_check("combination", False),
    "naked pair": naked_subset(2, "naked pair"),
    "naked triple": naked_subset(3, "naked triple"),
    "arrangement": set_check("arrangement", True),
    "trial": trial,
}
STEPS = tuple(Deduction(name, rank + 1, APPLY[name]) for rank, (name, _) in enumerate(TECHNIQUES))


def top_rank(limit: float) -> int:
    """The rank of the hardest step weighing at most `limit`."""
    return max(rank + 1 for rank, (_, weight) in enumerate(TECHNIQUES) if weight <= limit)


def deduce(board: Board, sums: tuple[int, ...], limit: float = 99.0) -> tuple[State, JSON]:
    """Solve as a person would, simplest step first, none weighing more than `limit`."""
    state = start(board, sums)
    done = simplest_first(STEPS, state, finished, top_rank(limit))
    used = {name: count for name, count in done.counts.items() if count}
    if not done.finished:
        return state, {"solved": False, "score": SEARCH, "hardest": "search", "used": used}
    rank = {name: place for place, (name, _) in enumerate(TECHNIQUES)}
    hardest = max(used, key=lambda name: rank[name])
    extra = (tapered(0.01 * used[hardest], 0.09, TRIAL_ROOM) if hardest == "trial"
             else 0.01 * min(9, used[hardest]))
    score = round(WEIGHTS[hardest] + extra, 2)
    return state, {"solved": True, "score": score, "hardest": hardest, "used": used}


def rate_sums(board: Board, sums: tuple[int, ...]) -> JSON:
    try:
        _, figures = deduce(board, sums)
    except Contradiction:
        figures = {"solved": False, "score": SEARCH, "hardest": "search", "used": {}}
    return {
        "level": BANDS.level_of(figures["score"]),
        "score": figures["score"],
        "hardest": figures["hardest"],
        "techniques": figures["used"],
        "cells": board.size,
        "runs": len(board.runs),
    }


def rate(puzzle: JSON) -> JSON:
    """The measured figures: score and level, the hardest step and the uses of each, and the
    white squares and runs."""
    board = board_for(puzzle)
    return rate_sums(board, sums_of(board, puzzle))
