"""The Numbrix and Hidato grader (a person's deductions, simplest first, and the level they need),
and the solve call: those deductions first, then search."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bookgen.api import JSON, Solved
from bookgen.core.grading import Bands, Deduced, Deduction, simplest_first
from bookgen.puzzles.numbrix.board import Board, bits_of, board_of, givens_of
from bookgen.puzzles.numbrix.solver import Contradiction, State, grid_of, search, start_state

# --- grader ---------------------------------------------------------------------------------------
# A person's deductions, simplest first; each returns how many steps it made (0: it found nothing).
# Grades: 1 neighbours only, 2 counting steps and dead ends, 3 routes around placed numbers and
# cells only one number can reach, 4 lookahead (try a cell, see it fail), 5 beyond lookahead.


def _open_neighbours(state: State) -> list[tuple[int, int, str]]:
    """A missing number next to a placed one: its cell must touch the placed number (and the
    number after it too, when placed); if one free cell does, that is it."""
    cand, done, last = state.cand, state.done, state.size - 1
    around, free = state.board.around, state.board.mask & ~state.fixed
    found = []
    missing = (1 << state.size) - 1 & ~done
    for low in bits_of(missing & (done << 1 | done >> 1)):
        k = low.bit_length() - 1
        before = k > 0 and done >> (k - 1) & 1
        after = k < last and done >> (k + 1) & 1
        cells = free
        if before:
            cells &= around[cand[k - 1]]
        if after:
            cells &= around[cand[k + 1]]
        if cells and not cells & (cells - 1):
            found.append((k, cells, "bridge" if before and after else "only_neighbour"))
    return found


def only_neighbour(state: State) -> int:
    """'k+1 has one free cell next to k' and 'one cell touches both k and k+2' (bridge)."""
    return _apply(state, _open_neighbours(state))


def dead_end(state: State) -> int:
    """A free cell with at most one free neighbour needs a placed neighbour number next to its
    own: when only one missing number fits there, it goes in. The numbers that fit, all at once
    as a mask: 1, N and the neighbours of the placed numbers beside the cell, but none whose
    neighbour number is placed elsewhere, nor with more missing neighbour numbers than the cell
    has free neighbours."""
    board = state.board
    fixed = state.fixed
    free = board.mask & ~fixed
    ones, twos = board.touching(free)
    tight = free & ~twos  # at most one free neighbour
    if not tight:
        return 0
    cand, done, last = state.cand, state.done, state.size - 1
    around = board.around
    missing = (1 << state.size) - 1 & ~done
    ends = (1 | 1 << last) & missing
    open_below, open_above = missing << 1, missing >> 1  # k with k-1, k+1 missing
    found = []
    for cell in bits_of(tight):
        beside = 0
        for near in bits_of(around[cell] & fixed):
            beside |= 1 << _owner(cand, done, near)
        away = done & ~beside
        fitting = (beside << 1 | beside >> 1 | ends) & missing & ~(away << 1 | away >> 1) & ~(
            open_below & open_above if cell & ones else open_below | open_above)
        if fitting and not fitting & (fitting - 1):
            found.append((fitting.bit_length() - 1, cell, "dead_end"))
    return _apply(state, found)


def _owner(cand: list[int], done: int, cell: int) -> int:
    """The placed number index on `cell` (the first set equal to the cell, unless that is a
    missing number's last cell not yet swept)."""
    k = cand.index(cell)
    if done >> k & 1:
        return k
    return next(j for j in range(k + 1, len(cand)) if cand[j] == cell and done >> j & 1)


def gap_count(state: State) -> int:
    """Between placed a and b, number k lies within k-a steps of a and b-k steps of b (counted
    over the whole grid, as a person counts): when one free cell qualifies, k goes there."""
    board, cand, done, size = state.board, state.cand, state.done, state.size
    free = board.mask & ~state.fixed
    found = []
    runs = (1 << size) - 1 & ~done  # the missing numbers, taken a run at a time
    while runs:
        first = runs & -runs
        after = (runs + first) & runs  # adding the run's lowest bit carries through it
        lo, hi = first.bit_length() - 1, (runs ^ after).bit_length() - 1
        runs = after
        # k's reach from a = lo - 1 and from b = hi + 1, by k (the balls grown once to the
        # gap's width); a or b past the chain's end when the run starts or ends it
        width = hi - lo + 1
        a, b = lo - 1, hi + 1
        from_a = ([board.mask] * width if a < 0
                  else board.balls_to(cand[a], hi - a)[lo - a:hi - a + 1])
        from_b = ([board.mask] * width if b == size
                  else board.balls_to(cand[b], b - lo)[b - hi:b - lo + 1][::-1])
        for k, near_a, near_b in zip(range(lo, hi + 1), from_a, from_b):
            cells = free & near_a & near_b
            if cells and not cells & (cells - 1):
                found.append((k, cells, "gap_count"))
    return _apply(state, found)


def route(state: State) -> int:
    """Follow every missing number's reach through free cells from both placed neighbours
    (arc consistency along the chain); a number left with one cell is placed."""
    before = state.done.bit_count()
    state.sweep()
    return state.done.bit_count() - before


def only_number(state: State) -> int:
    """A free cell that only one missing number can reach holds that number."""
    lone = state.lone_cells()
    for k, cell in lone:
        state.place(k, cell)
    return len(lone)


def lookahead(state: State) -> int:
    """Try each cell of the missing number with the fewest (up to 3) cells: a cell whose trial
    leads to a contradiction by the rules above is crossed out. (A trial that ended without one
    earlier in this solve is not run again from scratch: `survives`.)"""
    state.sweep()
    open_numbers = sorted((count, k) for k in state.missing()
                          if (count := state.cand[k].bit_count()) <= 3)
    for _, k in open_numbers:
        crossed = 0
        for cell in bits_of(state.cand[k]):
            if not (state.known is not None and state.known[k] == cell or survives(state, k, cell)):
                crossed |= cell
        if crossed:
            state.narrow(k, ~crossed)
            state.sweep()
            return crossed.bit_count()
    return 0


Trials = dict[tuple[int, int], State]


class TrialsSpent(Exception):
    """A proof ran out of its lookahead trials. Not a Contradiction: it says nothing about the
    puzzle, so nothing may be crossed out for it (the removal loop keeps the given instead)."""


class TrialBudget:
    """How many lookahead trials (a place and settle each) in a row that cross nothing out a
    proof may still run: a round that crosses a cell out renews it."""

    def __init__(self, trials: int) -> None:
        self.trials = trials
        self.left = trials

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise TrialsSpent

    def renew(self) -> None:
        self.left = self.trials


def survives(state: State, k: int, cell: int, seen: Trials | None = None,
             budget: TrialBudget | None = None) -> bool:
    """Whether number index k on `cell` settles without a contradiction. A trial that ended
    without one earlier in this proof is not run again while its end state still lies within
    this state's sets (from there the rules reach that same end), or is run on from that end;
    nor is a trial whose cell another trial's end state (lying within this state) gives its
    number: it would reach at least that state. `seen` holds end states of other puzzles'
    trials (the removal loop's earlier trials), used for those skips only, since a puzzle with
    other givens may reach further. (The skips assume the rules monotone, as the removal loop
    does.) A trial that runs is paid from `budget`, when given."""
    if state.survived is None or state.implied is None:
        state.survived, state.implied = {}, {}
    survived, implied = state.survived, state.implied
    before = survived.get((k, cell))
    if before is not None and before.within(state):
        return True
    for shown in (implied.get((k, cell)), None if seen is None else seen.get((k, cell))):
        if shown is not None and shown.within(state):
            return True
    if budget is not None:
        budget.spend()
    try:
        if before is not None:
            trial = before.meet(state)
        else:
            trial = state.copy()
            trial.place(k, cell)
        trial.settle()
    except Contradiction:
        return False
    survived[k, cell] = trial
    if seen is not None:
        seen[k, cell] = trial
    for low in bits_of(trial.done & ~state.done):
        j = low.bit_length() - 1
        implied[j, trial.cand[j]] = trial
        if seen is not None:
            seen[j, trial.cand[j]] = trial
    return True


def lookahead_round(state: State, goal: int = 0, seen: Trials | None = None,
                    budget: TrialBudget | None = None) -> int:
    """Lookahead for proofs: the same trials, but on through the other numbers after a crossing,
    so the grader does not start over for each one. The numbers of `goal` (a mask) go first,
    and the round ends once they are all placed. Trials are paid from `budget`, when given, and
    each crossing renews it."""
    state.sweep()
    open_numbers = sorted((not goal >> k & 1, count, k) for k in state.missing()
                          if (count := state.cand[k].bit_count()) <= 3)
    total = 0
    for _, _, k in open_numbers:
        if state.done >> k & 1:
            continue
        crossed = 0
        for cell in bits_of(state.cand[k]):
            if not (state.known is not None and state.known[k] == cell
                    or survives(state, k, cell, seen, budget)):
                crossed |= cell
        if crossed:
            if budget is not None:
                budget.renew()
            total += crossed.bit_count()
            state.narrow(k, ~crossed)
            if state.sweep() and goal and state.done & goal == goal:
                break
    return total


def _apply(state: State, found: list[tuple[int, int, str]]) -> int:
    for k, cell, _ in found:
        state.place(k, cell)
    return len(found)


DEDUCTIONS: tuple[Deduction[State], ...] = (
    Deduction("only_neighbour", 1, only_neighbour),
    Deduction("dead_end", 2, dead_end),
    Deduction("gap_count", 2, gap_count),
    Deduction("route", 3, route),
    Deduction("only_number", 3, only_number),
    Deduction("lookahead", 4, lookahead),
)
# The cheapest strong deductions first: for proofs (generator, solver), not for grading.
FAST_ORDER = ("route", "only_number", "gap_count", "dead_end", "only_neighbour", "lookahead")
FAST_DEDUCTIONS = tuple(sorted((Deduction("lookahead", 4, lookahead_round) if step.name == "lookahead"
                                else step for step in DEDUCTIONS),
                               key=lambda step: FAST_ORDER.index(step.name)))
# Route leaves each number's cells within reach of its placed neighbours through free cells, so
# after it only_neighbour and gap_count (which count steps over the whole grid) never find a
# number it left unplaced: where route may be used, the fast order leaves them out and ends where
# the full one would.
SUBSUMED_BY_ROUTE = ("only_neighbour", "gap_count")
ROUTE_GRADE = 3


def fast_deductions(top: int) -> tuple[Deduction[State], ...]:
    """The fast order's deductions up to grade `top`."""
    if top < ROUTE_GRADE:
        return tuple(step for step in FAST_DEDUCTIONS if step.rank <= top)
    return tuple(step for step in FAST_DEDUCTIONS
                 if step.rank <= top and step.name not in SUBSUMED_BY_ROUTE)


BANDS = Bands.of({"easy": (1, 1), "medium": (2, 2), "hard": (3, 3), "expert": (4, 4)})
SEARCH_GRADE = 5  # beyond lookahead: filed as expert, never made


def grade_of(level: str) -> int:
    """The hardest grade a puzzle of `level` may need."""
    return int(BANDS.top(level))


def run_grader(state: State, max_grade: int, fast: bool = False) -> Deduced:
    """Solve as a person would, always trying the simplest deduction first (grade 1 when none
    was needed). `fast` tries the cheapest strong deductions first: it reaches the same end
    (every deduction is sound) but does not say which were needed."""
    return simplest_first(fast_deductions(max_grade) if fast else DEDUCTIONS, state, State.solved,
                          max_grade, floor=1)


def stretch(givens: Iterable[int], size: int) -> int:
    """Most missing numbers between consecutive givens (or before the first, after the last)."""
    numbers = sorted(givens)
    return max(b - a - 1 for a, b in zip([-1, *numbers], [*numbers, size]))


# The answers the grader last proved unique by deduction alone, by shape and givens: the
# generator's self-check solves the very puzzle it has just rated, and the deductions that
# finished the rating are a proof of the same answer (the fast order would only find it again).
PROVEN: dict[tuple[tuple[tuple[int, int], ...], bool, tuple[tuple[int, int], ...]], tuple[int, ...]] = {}
PROVEN_KEPT = 16


def _proof_key(board: Board, givens: dict[int, int]) -> tuple[tuple[tuple[int, int], ...], bool,
                                                             tuple[tuple[int, int], ...]]:
    return board.cells, board.diagonal, tuple(sorted(givens.items()))


def rate_with(diagonal: bool) -> Callable[..., JSON]:
    def rate(puzzle: JSON, answer: list[int] | None = None) -> JSON:
        """The grade (hardest deduction a person needs), its level, the deductions used, the
        stretch (most numbers between consecutive givens) and the share of givens. The
        generator passes the `answer` (cells by number) so that lookahead skips trying the true
        cells, which never fail: the same rating, sooner."""
        board = board_of(puzzle, diagonal)
        givens = givens_of(puzzle, board)
        size = board.mask.bit_count()
        try:
            state = start_state(board, givens)
            state.known = None if answer is None else tuple(answer)
            deduced = run_grader(state, grade_of("expert"))
        except Contradiction:
            deduced = Deduced(False, SEARCH_GRADE, {})
        if deduced.finished:
            if len(PROVEN) >= PROVEN_KEPT:
                PROVEN.pop(next(iter(PROVEN)), None)  # the oldest
            PROVEN[_proof_key(board, givens)] = tuple(state.cand)
        grade = deduced.hardest if deduced.finished else SEARCH_GRADE
        return {
            "level": BANDS.level_of(grade),
            "grade": grade,
            "deductions": {name: count for name, count in deduced.counts.items() if count},
            "logic_finishes": deduced.finished,
            "stretch": stretch(givens, size),
            "givens": len(givens),
            "cells": size,
            "given_percent": (200 * len(givens) + size) // (2 * size),
        }

    return rate


def solve_with(diagonal: bool) -> Callable[[JSON, int | None], Solved]:
    def solve(puzzle: JSON, cap: int | None = None) -> Solved:
        """The grader's sound deductions first (when they finish, the answer is the only one),
        then search from where they stopped."""
        board = board_of(puzzle, diagonal)
        givens = givens_of(puzzle, board)
        try:
            state = start_state(board, givens)
            proven = PROVEN.get(_proof_key(board, givens))
            if proven is not None:
                state.cand[:] = proven
                finished = True
            else:
                finished = run_grader(state, grade_of("expert"), fast=True).finished
        except Contradiction:
            return Solved(0, None)
        found = [state] if finished else search(state, cap)
        first = {"grid": grid_of(puzzle, board, found[0])} if found else None
        return Solved(len(found), first)

    return solve
