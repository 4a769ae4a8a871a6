"""The exact solver: candidate bitmasks, propagation of naked and hidden singles (Norvig's assign
and eliminate), and search on the cell with the fewest candidates, counting answers up to a cap."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from itertools import islice

from bookgen.api import JSON, Solved
from bookgen.core.bits import members as digits
from bookgen.puzzles.sudoku.board import Board, Candidates, Cell, board_for, flat, rows_of
from bookgen.puzzles.sudoku.cages import cage_options


def eliminate(board: Board, candidates: Candidates, cell: Cell, bit: int) -> bool:
    """Take `bit` out of a cell and follow what it forces; False on a contradiction."""
    mask = candidates[cell]
    if not mask & bit:
        return True
    mask &= ~bit
    candidates[cell] = mask
    if not mask:
        return False
    if not mask & (mask - 1):
        for peer in board.peers[cell]:
            if candidates[peer] & mask and not eliminate(board, candidates, peer, mask):
                return False
    for unit in board.cell_units[cell]:
        place = -1  # the number's one place left in the unit; the scan stops at a second
        for other in board.units[unit]:
            if candidates[other] & bit:
                if place >= 0:
                    break
                place = other
        else:
            if place < 0:
                return False
            if candidates[place] != bit and not assign(board, candidates, place, bit):
                return False
    return True


def assign(board: Board, candidates: Candidates, cell: Cell, bit: int) -> bool:
    """Put the number `bit` in a cell: every other candidate of it eliminated."""
    return eliminate_all(board, candidates, cell, candidates[cell] & ~bit)


def settle_cages(board: Board, candidates: Candidates) -> bool:
    """Cross out every candidate no filling of its cage (or house remainder) keeps, and what that
    forces, until the sums change nothing; False on a contradiction (a board without cages has
    none)."""
    changed = bool(board.sums)
    while changed:
        changed = False
        for cells, total, _ in board.sums:
            masks = tuple(candidates[cell] for cell in cells)
            options = cage_options(total, masks)
            if options is None:
                return False
            for cell, mask, keep in zip(cells, masks, options):
                if keep != mask:
                    changed = True
                    if not eliminate_all(board, candidates, cell, mask & ~keep):
                        return False
    return True


def eliminate_all(board: Board, candidates: Candidates, cell: Cell, bits: int) -> bool:
    """Take every bit of `bits` out of a cell, following what each forces."""
    while bits:
        low = bits & -bits
        bits ^= low
        if not eliminate(board, candidates, cell, low):
            return False
    return True


def initial(board: Board, givens: list[int]) -> Candidates | None:
    """The candidates after the givens and everything they (and a killer's cages) force; None on
    a contradiction. The givens are written in at once and crossed out of their peers in one
    pass, then singles are followed together (`follow_singles`): the same candidates as
    assigning each given in turn (singles only cross out, so the order of the steps does not
    change where they end), at a fraction of the cost of taking each given's numbers out one by
    one, where the generator, asking for answers after every removal of givens, spent most of
    its time at expert and master."""
    candidates = [board.full] * board.cells
    for cell, value in enumerate(givens):
        if value:
            candidates[cell] = 1 << value
    peers = board.peers
    for cell, value in enumerate(givens):
        if value:
            keep = ~(1 << value)
            for peer in peers[cell]:
                candidates[peer] &= keep
    if 0 in candidates:
        return None
    singles = [cell for cell, mask in enumerate(candidates) if not givens[cell] and not mask & (mask - 1)]
    if not follow_singles(board, candidates, singles, range(len(board.units))):
        return None
    return candidates if settle_cages(board, candidates) else None


def follow_singles(board: Board, candidates: Candidates, singles: list[Cell], houses: Iterable[int]) -> bool:
    """Naked and hidden singles in turn until neither changes anything; False on a contradiction.
    `singles`: cells of one candidate not yet crossed out of their peers; `houses`: the units to
    look for a number with one place in (then those through a cell that lost a candidate)."""
    peers, units, cell_units, full = board.peers, board.units, board.cell_units, board.full
    while True:
        touched = []
        while singles:
            cell = singles.pop()
            bit = candidates[cell]
            for peer in peers[cell]:
                mask = candidates[peer]
                if mask & bit:
                    mask ^= bit
                    if not mask:
                        return False
                    candidates[peer] = mask
                    touched.append(peer)
                    if not mask & (mask - 1):
                        singles.append(peer)
        for unit in houses:
            cells = units[unit]
            once = twice = 0
            for cell in cells:
                mask = candidates[cell]
                twice |= once & mask
                once |= mask
            if once != full:
                return False
            alone = once & ~twice
            while alone:
                bit = alone & -alone
                alone ^= bit
                for cell in cells:
                    if candidates[cell] & bit:
                        break
                else:  # its one place was the one place of another number too
                    return False
                if candidates[cell] != bit:
                    candidates[cell] = bit
                    touched.append(cell)
                    singles.append(cell)
        if not singles and not touched:
            return True
        houses = {unit for cell in touched for unit in cell_units[cell]}


class Budget:
    """Guesses a search may still make: filling an empty jigsaw whose regions admit no answer
    would otherwise search for minutes before it knows."""

    def __init__(self, guesses: int) -> None:
        self.left = guesses


def solutions(board: Board, candidates: Candidates, rng: random.Random | None = None,
              budget: Budget | None = None) -> Iterator[Candidates]:
    """Every completion, guessing at the cell with the fewest candidates (numbers in random order
    when `rng` is given, for filling an empty grid); a search out of `budget` stops."""
    if board.sums and not settle_cages(board, candidates):
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
    choices = digits(candidates[best])
    if rng is not None:
        rng.shuffle(choices)
    for value in choices:
        if budget is not None:
            if budget.left <= 0:
                return
            budget.left -= 1
        child = candidates.copy()
        if assign(board, child, best, 1 << value):
            yield from solutions(board, child, rng, budget)


def differs_in(board: Board, givens: list[int], answer: list[int], cells: tuple[Cell, ...]) -> bool:
    """Whether the givens have an answer that differs from `answer` in one of `cells`. When the
    givens with `cells` filled in from the answer have that answer alone, this is whether the
    givens have more than one (an answer agreeing on `cells` would be the old one): the question
    the generator asks after each removal, answered by searching only where another answer
    could be."""
    start = initial(board, givens)
    if start is None:
        return False
    for place, cell in enumerate(cells):
        candidates = start.copy()
        fixed = all(assign(board, candidates, other, 1 << answer[other]) for other in cells[:place])
        if fixed and eliminate(board, candidates, cell, 1 << answer[cell]) \
                and next(solutions(board, candidates), None) is not None:
            return True
    return False


def values_of(candidates: Candidates) -> list[int]:
    return [mask.bit_length() - 1 for mask in candidates]


def count(board: Board, givens: list[int], cap: int | None) -> tuple[int, list[int] | None]:
    """How many answers (up to cap) and the first."""
    candidates = initial(board, givens)
    if candidates is None:
        return 0, None
    found = [values_of(c) for c in islice(solutions(board, candidates), cap)]
    return len(found), (found[0] if found else None)


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    board = board_for(puzzle)
    number, first = count(board, flat(puzzle["givens"]), cap)
    return Solved(number, None if first is None else {"grid": rows_of(board, first)})
