"""Latin squares: an n x n grid whose every row and column holds 1 to n once. The engine the
Latin-square types share (calcudoku's cages, futoshiki's signs): random squares, candidate bitmasks,
an exact solver counting answers up to a cap, and the steps a person takes on the rows and columns.

A type adds its own constraint twice over: to the solver as a `settle` function (prune what the
cages or signs forbid, until nothing changes; False on a contradiction) and to the grader as its
own named `Deduction`s beside the Latin ones here. After Tatham's latin.c: the same candidates
serve the search that proves an answer unique and the simplest-first grader.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, islice
from typing import Any

from bookgen.core.bits import members
from bookgen.core.grading import Deduction, simplest_first, tapered

Cell = int  # row * size + column
Candidates = list[int]  # per cell, the numbers it may still hold as a bitmask (bit v: v is possible)
Settle = Callable[[Candidates], bool]
"""A type's own constraint on the solver's candidates: crosses out what it forbids (through
`eliminate`, so the rows and columns follow), until nothing changes; False on a contradiction."""


@dataclass(frozen=True)
class Square:
    """A size's structure: units[u] the cells of line u (rows 0 to n-1, then columns), the two
    lines through each cell, each cell's peers (the other cells of its lines) and every number's
    bit (`full`)."""

    size: int
    units: tuple[tuple[Cell, ...], ...]
    cell_units: tuple[tuple[int, int], ...]
    peers: tuple[tuple[Cell, ...], ...]
    full: int

    @property
    def cells(self) -> int:
        return self.size * self.size

    def is_row(self, unit: int) -> bool:
        return unit < self.size


@lru_cache(maxsize=16)
def square_of(size: int) -> Square:
    rows = [tuple(r * size + c for c in range(size)) for r in range(size)]
    cols = [tuple(r * size + c for r in range(size)) for c in range(size)]
    cell_units = tuple((cell // size, size + cell % size) for cell in range(size * size))
    peers = tuple(tuple(sorted((set(rows[cell // size]) | set(cols[cell % size])) - {cell}))
                  for cell in range(size * size))
    return Square(size, tuple(rows + cols), cell_units, peers, ((1 << (size + 1)) - 1) & ~1)


def random_square(rng: random.Random, size: int) -> list[int]:
    """A random Latin square, row by row (in random order) as a random perfect matching of the
    columns to the numbers each still lacks: a Latin rectangle always extends by a row (Hall's
    theorem), so no row is ever retried (Tatham's latin_generate)."""
    grid = [0] * (size * size)
    lacking = [set(range(1, size + 1)) for _ in range(size)]  # per column
    rows = list(range(size))
    rng.shuffle(rows)
    for row in rows:
        column_of: dict[int, int] = {}  # number -> column
        columns = list(range(size))
        rng.shuffle(columns)
        for col in columns:
            matched = _augment(rng, lacking, column_of, col, set())
            assert matched  # Hall's theorem
        for number, col in column_of.items():
            grid[row * size + col] = number
            lacking[col].discard(number)
    return grid


def _augment(rng: random.Random, lacking: list[set[int]], column_of: dict[int, int], col: int,
             seen: set[int]) -> bool:
    """Match column `col` to a number it lacks, moving matched columns along an augmenting path
    (Kuhn's algorithm), numbers tried in random order."""
    numbers = sorted(lacking[col])
    rng.shuffle(numbers)
    for number in numbers:
        if number not in seen:
            seen.add(number)
            if number not in column_of or _augment(rng, lacking, column_of, column_of[number], seen):
                column_of[number] = col
                return True
    return False


def rows_of(size: int, values: Sequence[int]) -> list[list[int]]:
    return [list(values[r * size:(r + 1) * size]) for r in range(size)]


def flat(rows: Sequence[Sequence[int]]) -> list[int]:
    return [value for row in rows for value in row]


# --- the exact solver: propagation (Norvig's assign and eliminate) and search ----------------------

def eliminate(square: Square, candidates: Candidates, cell: Cell, bits: int) -> bool:
    """Take `bits` out of a cell and follow what it forces in its lines (a cell left with one
    number takes it from its peers; a number left with one place in a line goes there); False on
    a contradiction. The solvers' and the trials' inner loop: its bit loops are written out."""
    mask = candidates[cell]
    bits &= mask
    if not bits:
        return True
    mask &= ~bits
    candidates[cell] = mask
    if not mask:
        return False
    if not mask & (mask - 1):
        for peer in square.peers[cell]:
            if candidates[peer] & mask and not eliminate(square, candidates, peer, mask):
                return False
    units = square.units
    for unit in square.cell_units[cell]:
        line = units[unit]
        rest = bits
        while rest:
            bit = rest & -rest
            rest ^= bit
            place = -1  # the number's one place left in the line; the scan stops at a second
            for other in line:
                if candidates[other] & bit:
                    if place >= 0:
                        break
                    place = other
            else:
                if place < 0:
                    return False
                if candidates[place] != bit and not eliminate(square, candidates, place,
                                                              candidates[place] & ~bit):
                    return False
    return True


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def start(square: Square, givens: Sequence[int]) -> Candidates | None:
    """The candidates after the givens (0 for a blank) and what they force; None on a contradiction."""
    candidates = [square.full] * square.cells
    for cell, value in enumerate(givens):
        if value and not eliminate(square, candidates, cell, square.full & ~(1 << value)):
            return None
    return candidates


class Budget:
    """Guesses a search may still make: a count that would run long gives up instead."""

    def __init__(self, guesses: int) -> None:
        self.left = guesses


def solutions(square: Square, candidates: Candidates, settle: Settle | None = None,
              rng: random.Random | None = None, budget: Budget | None = None) -> Iterator[Candidates]:
    """Every completion: the type's constraint settled, then a guess at the cell with the fewest
    candidates (numbers in random order when `rng` is given); a search out of `budget` stops."""
    if settle is not None and not settle(candidates):
        return
    best, fewest = -1, 99
    for cell, mask in enumerate(candidates):
        if mask & (mask - 1):
            count = mask.bit_count()
            if count < fewest:
                best, fewest = cell, count
                if count == 2:
                    break
    if best < 0:
        yield candidates
        return
    choices = members(candidates[best])
    if rng is not None:
        rng.shuffle(choices)
    for value in choices:
        if budget is not None:
            if budget.left <= 0:
                return
            budget.left -= 1
        child = candidates.copy()
        if eliminate(square, child, best, child[best] & ~(1 << value)):
            yield from solutions(square, child, settle, rng, budget)


def values_of(candidates: Candidates) -> list[int]:
    return [mask.bit_length() - 1 for mask in candidates]


def count(square: Square, givens: Sequence[int], settle: Settle | None, cap: int | None,
          budget: Budget | None = None) -> tuple[int, list[list[int]]]:
    """How many answers (up to cap) and the first two of them, as flat value lists."""
    candidates = start(square, givens)
    if candidates is None:
        return 0, []
    found = 0
    first: list[list[int]] = []
    for solution in islice(solutions(square, candidates, settle, budget=budget), cap):
        found += 1
        if len(first) < 2:
            first.append(values_of(solution))
    return found, first


# --- the grader's Latin-square steps ----------------------------------------------------------------

class Contradiction(Exception):
    """A cell without a candidate, or a line without a place for a number."""


@dataclass
class Pencil:
    """What a person keeps on the page: the candidates pencilled in, the cells placed, and a log of
    every step taken (name, facts) that the hints tell. A type's state adds its own clues."""

    square: Square
    candidates: list[int]
    placed: list[bool]
    log: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    refuted: list[tuple[int, Cell, int, Candidates]] = field(default_factory=list)
    """Assumptions a trial found false and has not crossed out yet: (length, cell, number, the
    candidates its contradiction stopped at)."""

    def place(self, cell: Cell, value: int) -> None:
        bit = 1 << value
        if not self.candidates[cell] & bit:
            raise Contradiction
        self.candidates[cell] = bit
        self.placed[cell] = True
        for peer in self.square.peers[cell]:
            if self.candidates[peer] & bit:
                left = self.candidates[peer] & ~bit
                if not left:
                    raise Contradiction
                self.candidates[peer] = left

    def cross_out(self, cells: Sequence[Cell], bits: int) -> list[Cell]:
        """Take `bits` out of the open cells; the cells that lost a candidate."""
        changed = []
        for cell in cells:
            if not self.placed[cell] and self.candidates[cell] & bits:
                left = self.candidates[cell] & ~bits
                if not left:
                    raise Contradiction
                self.candidates[cell] = left
                changed.append(cell)
        return changed

    def places(self, unit: int, value: int) -> list[Cell]:
        """The open cells of a line that may still take `value` ([] once it is placed there)."""
        bit, candidates, placed = 1 << value, self.candidates, self.placed
        cells = [cell for cell in self.square.units[unit] if candidates[cell] & bit]
        if not cells:
            raise Contradiction
        for cell in cells:
            if placed[cell]:
                return []
        return cells

    def finished(self) -> bool:
        return all(self.placed)

    def filled(self) -> dict[Cell, int]:
        return {cell: mask.bit_length() - 1 for cell, mask in enumerate(self.candidates)
                if self.placed[cell]}


def pencil_start(square: Square, givens: Sequence[int]) -> Pencil:
    """Every number pencilled into every cell, then the givens placed."""
    state = Pencil(square, [square.full] * square.cells, [False] * square.cells)
    place_givens(state, givens)
    return state


def place_givens(state: Pencil, givens: Sequence[int]) -> None:
    for cell, value in enumerate(givens):
        if value:
            state.place(cell, value)


def full_house(state: Pencil) -> int:
    """The last open cell of a line takes the one number the line lacks (a sweep of the lines)."""
    return full_houses(state, state.square.units)


def full_houses(state: Any, units: Sequence[Sequence[int]]) -> int:
    """The last open cell of each unit takes the one number the unit lacks, logged; for any state
    with `placed`, `candidates` (bit masks), `place` and `log`, as a sudoku grader's is too."""
    found = 0
    placed = state.placed
    for unit, cells in enumerate(units):
        last = -1
        for cell in cells:
            if not placed[cell]:
                if last >= 0:
                    break
                last = cell
        else:
            if last >= 0:
                value = state.candidates[last].bit_length() - 1
                state.place(last, value)
                state.log.append(("full house", {"cell": last, "value": value, "unit": unit}))
                found += 1
    return found


def naked_single(state: Pencil) -> int:
    """A cell with one candidate left takes it (a sweep of the cells)."""
    found = 0
    for cell, mask in enumerate(state.candidates):
        if not state.placed[cell] and not mask & (mask - 1):
            value = mask.bit_length() - 1
            state.place(cell, value)
            state.log.append(("naked single", {"cell": cell, "value": value}))
            found += 1
    return found


def hidden_single(state: Pencil) -> int:
    """A number with one place left in a line goes there (a sweep of the lines)."""
    square = state.square
    found = 0
    for unit, cells in enumerate(square.units):
        once = twice = done = 0
        for cell in cells:
            mask = state.candidates[cell]
            if state.placed[cell]:
                done |= mask
            else:
                twice |= once & mask
                once |= mask
        if (once | done) != square.full:
            raise Contradiction
        for bit in _bits(once & ~twice & ~done):
            cell = next(c for c in cells if state.candidates[c] & bit and not state.placed[c])
            value = bit.bit_length() - 1
            state.place(cell, value)
            state.log.append(("hidden single", {"cell": cell, "value": value, "unit": unit}))
            found += 1
    return found


def naked_subset(size: int, name: str) -> Callable[[Pencil], int]:
    """`size` open cells of a line holding only `size` numbers between them: those numbers leave
    the rest of the line (a naked pair or triple)."""
    def apply(state: Pencil) -> int:
        for unit, cells in enumerate(state.square.units):
            open_cells = [c for c in cells if not state.placed[c]
                          and 2 <= state.candidates[c].bit_count() <= size]
            for group in combinations(open_cells, size):
                union = 0
                for cell in group:
                    union |= state.candidates[cell]
                if union.bit_count() != size:
                    continue
                crossed = state.cross_out([c for c in cells if c not in group], union)
                if crossed:
                    state.log.append((name, {"cells": list(group), "digits": members(union),
                                             "unit": unit, "crossed": crossed}))
                    return 1
        return 0
    return apply


def hidden_subset(size: int, name: str) -> Callable[[Pencil], int]:
    """`size` numbers whose places in a line are the same `size` cells: the other candidates of
    those cells go (a hidden pair or triple)."""
    def apply(state: Pencil) -> int:
        square = state.square
        for unit in range(len(square.units)):
            spots = {}
            for value in range(1, square.size + 1):
                cells = state.places(unit, value)
                if 2 <= len(cells) <= size:
                    spots[value] = cells
            for group in combinations(sorted(spots), size):
                cells = sorted({c for value in group for c in spots[value]})
                if len(cells) != size:
                    continue
                keep = sum(1 << value for value in group)
                crossed = state.cross_out(cells, square.full & ~keep)
                if crossed:
                    state.log.append((name, {"cells": cells, "digits": list(group), "unit": unit,
                                             "crossed": crossed}))
                    return 1
        return 0
    return apply


def fish(size: int, name: str) -> Callable[[Pencil], int]:
    """X-wing (2) and swordfish (3): a number's places in `size` rows lie in `size` columns (or
    the other way round), so it leaves the rest of those columns."""
    def apply(state: Pencil) -> int:
        square = state.square
        n = square.size
        for bases, offset in ((range(n), n), (range(n, 2 * n), -n)):
            for value in range(1, n + 1):
                lines: dict[int, set[int]] = {}
                for unit in bases:
                    cells = state.places(unit, value)
                    if 2 <= len(cells) <= size:
                        lines[unit] = {square.cell_units[c][1 if offset > 0 else 0] for c in cells}
                for group in combinations(sorted(lines), size):
                    covers = sorted(set().union(*(lines[u] for u in group)))
                    if len(covers) != size:
                        continue
                    inside = {c for u in group for c in square.units[u]}
                    rest = [c for u in covers for c in square.units[u] if c not in inside]
                    crossed = state.cross_out(rest, 1 << value)
                    if crossed:
                        state.log.append((name, {"value": value, "bases": list(group), "covers": covers,
                                                 "crossed": crossed}))
                        return 1
        return 0
    return apply


Broken = tuple[Any, ...]
"""What a trial's contradiction breaks, for its hint to name: ("cell", cell) a square left with
no number, ("none", unit, number) a line with no place for a number, ("two", unit, number) a line
holding a number twice, or a type's own (a cage, a sign); ("unknown",) when nothing names it."""


def broken_lines(square: Square, candidates: Candidates) -> Broken | None:
    """What the rows and columns show broken in candidates a contradiction stopped at: a square
    without a number, a line without a place for a number or holding one twice; None if none."""
    for cell, mask in enumerate(candidates):
        if not mask:
            return ("cell", cell)
    for unit, cells in enumerate(square.units):
        union = decided = 0
        for cell in cells:
            mask = candidates[cell]
            union |= mask
            if not mask & (mask - 1):
                if decided & mask:
                    return ("two", unit, mask.bit_length() - 1)
                decided |= mask
        if union != square.full:
            missing = square.full & ~union
            return ("none", unit, (missing & -missing).bit_length() - 1)
    return None


Explain = Callable[[Candidates], "Broken | None"]
"""A type's own check of candidates a contradiction stopped at: the clue it breaks, or None."""


def trial(settle_of: Callable[[Any], Settle | None],
          explain_of: Callable[[Any], Explain] | None = None) -> Callable[[Pencil], int]:
    """Assume a candidate and follow the singles and the type's own constraint (`settle_of(state)`,
    the solver's: its cages or signs) to a contradiction; of the assumptions that get there, cross
    out the one that decides the fewest cells on the way (the shortest chain a person would
    follow), its length logged with what broke (`broken_lines`, else `explain_of(state)`'s clue),
    so its hint can name it. The solver's propagation reaches the same contradictions as the
    grader's simple steps would, in a fraction of the time. The other contradictions found are
    kept (more candidates crossed out never undo one) and crossed out at the next trials, before
    the candidates are tried again."""
    def apply(state: Pencil) -> int:
        square = state.square
        while state.refuted:
            length, cell, value, stopped = state.refuted.pop(0)
            if not state.placed[cell] and state.candidates[cell] >> value & 1:
                return _refute(state, length, cell, value, _broken(state, stopped, explain_of))
        settle = settle_of(state)
        decided = sum(1 for mask in state.candidates if not mask & (mask - 1))
        for cell in range(square.cells):
            if state.placed[cell]:
                continue
            for value in members(state.candidates[cell]):
                attempt = state.candidates.copy()
                if eliminate(square, attempt, cell, attempt[cell] & ~(1 << value)) and (
                        settle is None or settle(attempt)):
                    continue
                length = sum(1 for mask in attempt if not mask & (mask - 1)) - decided
                state.refuted.append((length, cell, value, attempt))
        if not state.refuted:
            return 0
        state.refuted.sort(key=lambda refuted: refuted[:3])
        length, cell, value, stopped = state.refuted.pop(0)
        return _refute(state, length, cell, value, _broken(state, stopped, explain_of))
    return apply


def _broken(state: Pencil, stopped: Candidates, explain_of: Callable[[Any], Explain] | None) -> Broken:
    """What broke where a trial stopped: worked out only for the trial crossed out (its hint
    names it), not for every contradiction a sweep finds."""
    found = broken_lines(state.square, stopped)
    if found is None and explain_of is not None:
        found = explain_of(state)(stopped)
    return found or ("unknown",)


def _refute(state: Pencil, length: int, cell: Cell, value: int, broken: Broken) -> int:
    state.cross_out([cell], 1 << value)
    state.log.append(("trial", {"cell": cell, "value": value, "length": length, "crossed": [cell],
                                "broken": broken}))
    return 1


LATIN_STEPS: dict[str, Callable[[Any], int]] = {
    "full house": full_house, "naked single": naked_single, "hidden single": hidden_single,
    "naked pair": naked_subset(2, "naked pair"), "hidden pair": hidden_subset(2, "hidden pair"),
    "naked triple": naked_subset(3, "naked triple"), "hidden triple": hidden_subset(3, "hidden triple"),
    "x-wing": fish(2, "x-wing"),
}
"""The Latin-square steps by name, for a type's table of steps beside its own and the trial."""
PLACING = ("full house", "naked single", "hidden single")
"""The Latin steps that place a number (the rest cross candidates out)."""


@dataclass(frozen=True)
class Graded:
    """What the simplest-first grader measured: finished or not, its score (the heaviest step's
    weight, plus a little for each use of it), the heaviest step's name and each step's uses."""

    finished: bool
    score: float
    hardest: str
    used: dict[str, int]


TRIAL_KNEE, TRIAL_ROOM = 2.0, 1.99
"""A trial's extra score (0.1 a square of its longest chain, 0.05 a trial) as it is up to 2.0, then
`tapered`. It once stopped at 2.0, which 40 trials reach: 16 of 20 9x9 expert calcudokus scored
7.0, and a book ordered by rating could not sort them. Past 2.0 it grows slower and stays under
3.99, so a trial's score stays under 8.99, below a puzzle the steps cannot finish (9.0)."""


def graded(state: Pencil, deductions: Sequence[Deduction[Any]], weights: dict[str, float],
           limit: float, unfinished: float) -> Graded:
    """Solve as a person would, simplest step first, none weighing more than `limit`, and score
    it; a trial weighs more the longer its longest chain. Raises Contradiction for a puzzle
    without an answer."""
    top = max((step.rank for step in deductions if weights[step.name] <= limit), default=0)
    done = simplest_first(deductions, state, Pencil.finished, top)
    used = {name: count for name, count in done.counts.items() if count}
    if not done.finished:
        return Graded(False, unfinished, "search", used)
    heaviest: dict[str, float] = {}
    for name, _ in state.log:
        heaviest[name] = max(heaviest.get(name, 0.0), weights[name])
    rank = {step.name: step.rank for step in deductions}
    hardest = max(heaviest, key=lambda name: (heaviest[name], rank[name]), default="none")
    weight = heaviest.get(hardest, 0.0)
    if hardest == "trial":
        longest = max(facts["length"] for name, facts in state.log if name == "trial")
        score = weight + tapered(0.1 * longest + 0.05 * used[hardest], TRIAL_KNEE, TRIAL_ROOM)
    else:
        score = weight + 0.01 * min(9, used.get(hardest, 0))
    return Graded(True, round(score, 2), hardest, used)
