"""The exact solver: candidate bitmasks, propagation of naked and hidden singles (Norvig's assign
and eliminate), and search on the cell with the fewest candidates, counting answers up to a cap.

Two engines search the same tree. Per cell (`Candidates`, Norvig's): every board, a killer's cage
sums too, and the random filling of an empty grid. Per number (`Planes`): boards without sums,
where counting answers (`count`) and the generator's singles (`singles_finish`) spend their
time; a sweep for singles and the copy at a guess are a few operations on whole boards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice

from bookgen.api import JSON, Solved
from bookgen.core.bits import members as digits
from bookgen.puzzles.sudoku.board import Board, Candidates, Cell, board_for, flat, rows_of
from bookgen.puzzles.sudoku.cages import cage_options
from bookgen.puzzles.sudoku.sat import rules_of


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
    the generator asks after each removal, put to MiniSat as one clause (`sat.Rules.holds`),
    where the Python search propagated the givens afresh and searched once a cell: 10 expert
    9x9s in 0.31 s of processor against 0.35 s (the solver is loaded for the final check
    anyway)."""
    if board.sums:
        return differs_in_cells(board, givens, answer, cells)
    rules = rules_of(board)
    return rules.holds(givens, [-rules.var(cell, answer[cell]) for cell in cells])


def deadly_rectangles(board: Board, answer: list[int]) -> list[int]:
    """Four cells of an answer, as a mask, that hold a b in one row and b a in another, every
    unit through them holding one a and one b of them (two boxes, no diagonal through one alone):
    a and b swapped round them make another answer, so givens that leave all four blank have two
    (`differs_in` is True for any cells removed last). The generator's cheapest question: of the
    479 removals MiniSat turned away for 10 expert 9x9s, 168 had left such a rectangle blank."""
    n, units, cell_units = board.size, masks_of(board).units, board.cell_units
    rows = [answer[row * n:(row + 1) * n] for row in range(n)]
    column_of = [{value: col for col, value in enumerate(row)} for row in rows]
    found = []
    for top in range(n):
        for bottom in range(top + 1, n):
            upper, lower = rows[top], rows[bottom]
            for left in range(n):
                right = column_of[top][lower[left]]  # where the top row holds the number below left
                if right <= left or lower[right] != upper[left]:
                    continue
                cells = (top * n + left, top * n + right, bottom * n + left, bottom * n + right)
                rectangle = sum(1 << cell for cell in cells)
                if all(len(inside := [answer[cell] for cell in cells if units[unit] >> cell & 1]) == 2
                       and inside[0] != inside[1]
                       for unit in {unit for cell in cells for unit in cell_units[cell]}):
                    found.append(rectangle)
    return found


def differs_in_cells(board: Board, givens: list[int], answer: list[int], cells: tuple[Cell, ...]) -> bool:
    """`differs_in` by the per-cell engine (a killer's sums)."""
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


QUICK_GUESSES = 2
"""Guesses the Python search makes on a board without sums before a capped count goes to MiniSat
(`sat.Rules`): a generated puzzle takes a few (and the solver's import is never paid for it);
most of top95 take more (bench/sudoku_sat.py)."""


def count(board: Board, givens: list[int], cap: int | None) -> tuple[int, list[int] | None]:
    """How many answers (up to cap) and the first. Without sums and with a cap, a search that
    outruns `QUICK_GUESSES` asks MiniSat whether there is one answer; two or more are counted
    and ordered by the Python search, whose order every caller sees."""
    if board.sums:
        candidates = initial(board, givens)
        if candidates is None:
            return 0, None
        found = [values_of(c) for c in islice(solutions(board, candidates), cap)]
        return len(found), (found[0] if found else None)
    masks = masks_of(board)
    planes = planes_from(masks, givens)
    if planes is None:
        return 0, None
    if cap is not None:
        budget = Budget(QUICK_GUESSES)
        found = [values_in(masks, p) for p in islice(plane_solutions(masks, planes, budget), cap)]
        if budget.left > 0:
            return len(found), (found[0] if found else None)
        number, first = rules_of(board).unique(givens)
        if number < 2:
            return number, first
    found = [values_in(masks, p) for p in islice(plane_solutions(masks, planes), cap)]
    return len(found), (found[0] if found else None)


# The per-number engine.

Planes = list[int]
"""planes[v] for each number v: the cells v may still go in, bit c for cell c (planes[0] unused);
planes[-1]: the cells settled, their number written in and crossed out of their peers."""


@dataclass(frozen=True)
class Masks:
    """A board's structure as masks of cells: each unit's cells, each cell's peers, all cells."""

    numbers: tuple[int, ...]
    units: tuple[int, ...]
    peers: tuple[int, ...]
    every: int


_MASKS: dict[int, tuple[Board, Masks]] = {}
MASKS_KEPT = 256  # boards whose masks are kept, as `board_of` keeps boards


def masks_of(board: Board) -> Masks:
    """The board's masks, made once per board (`board_of` makes a board once; hashing one would
    cost more than a count)."""
    kept = _MASKS.get(id(board))
    if kept is None or kept[0] is not board:
        if len(_MASKS) >= MASKS_KEPT:  # a jigsaw's layouts: each its own board
            _MASKS.clear()
        masks = Masks(tuple(range(1, board.size + 1)),
                      tuple(sum(1 << cell for cell in unit) for unit in board.units),
                      tuple(sum(1 << peer for peer in peers) for peers in board.peers),
                      (1 << board.cells) - 1)
        kept = _MASKS[id(board)] = (board, masks)
    return kept[1]


def write(masks: Masks, planes: Planes, cell: Cell, value: int) -> bool:
    """Settle `value` in a cell: out of the other numbers' planes there, out of its peers in its
    own; False when the cell can no longer take it."""
    bit = 1 << cell
    if not planes[value] & bit:
        return False
    for number in masks.numbers:
        if number != value:
            planes[number] &= ~bit
    planes[value] &= ~masks.peers[cell]
    planes[-1] |= bit
    return True


def planes_from(masks: Masks, givens: list[int]) -> Planes | None:
    """The planes after the givens and the singles they force; None on a contradiction. Each
    number's givens are written in together: out of their peers in its plane, out of the other
    numbers' planes (a given that loses its own number to a peer clashes with it)."""
    planes = [0, *(masks.every for _ in masks.numbers), 0]
    placed = [0] * len(planes)  # each number's givens
    peers = masks.peers
    for cell, value in enumerate(givens):
        if value:
            placed[value] |= 1 << cell
            planes[value] &= ~peers[cell]
    given = sum(placed)
    for number in masks.numbers:
        mine = placed[number]
        if planes[number] & mine != mine:
            return None
        planes[number] = planes[number] & ~given | mine
    planes[-1] = given
    return planes if propagate(masks, planes) else None


def singles_finish(board: Board, givens: list[int]) -> bool:
    """Whether naked and hidden singles alone fill the grid from the givens (a board without
    sums): then it has one answer, and the grader finishes it too, by the same singles."""
    masks = masks_of(board)
    planes = planes_from(masks, givens)
    return planes is not None and planes[-1] == masks.every


def singles_restore(board: Board, givens: list[int], answer: list[int], cells: tuple[Cell, ...]) -> bool:
    """Whether a naked or hidden single puts each of `cells` back (its number in `answer`), one
    after another, each seen in one step from the givens and the cells put back before it (a
    board without sums). Then singles lead the givens to the state they lead the givens with
    `cells` filled in to (singles from more givens place all they placed, and none places a
    number the answer does not have there): the same answers, finished by singles where those
    are, and the grader's grade past its singles the same. The generator's removal decided by
    looking at two cells, where `singles_finish` propagates over the whole grid."""
    masks = masks_of(board)
    peers, units, cell_units = masks.peers, masks.units, board.cell_units
    planes = [0] * (board.size + 1)  # each number's cells among the givens
    for cell, value in enumerate(givens):
        if value:
            planes[value] |= 1 << cell
    filled = sum(planes)
    numbers = masks.numbers
    pending = list(cells)
    while pending:
        for cell in pending:
            value = answer[cell]
            seen = peers[cell]
            naked = all(seen & planes[other] for other in numbers if other != value)
            if not naked:
                covered = 0  # the cells a given of this number sees
                holders = planes[value]
                while holders:
                    bit = holders & -holders
                    holders ^= bit
                    covered |= peers[bit.bit_length() - 1]
                open_cells = ~filled & ~(1 << cell) & ~covered
                if not any(units[unit] & open_cells == 0 for unit in cell_units[cell]):
                    continue
            planes[value] |= 1 << cell
            filled |= 1 << cell
            pending.remove(cell)
            break
        else:
            return False
    return True


def propagate(masks: Masks, planes: Planes, seen: Planes | None = None) -> bool:
    """Naked and hidden singles settled until neither finds one; False on a contradiction (a cell
    with no number left, or a number with no place left in a unit). `seen`: the planes when every
    unit was last looked through for hidden singles (none found), so that only the units where a
    number's places changed since are looked at again; None, all."""
    numbers, units, peers, every = masks.numbers, masks.units, masks.peers, masks.every
    seen = seen or [0] * len(planes)
    settled = planes[-1]
    while True:
        while True:  # naked singles, until a sweep finds none (a sweep costs little)
            once = twice = 0
            for number in numbers:
                plane = planes[number]
                twice |= once & plane
                once |= plane
            if once != every:
                return False
            naked = once & ~twice & ~settled
            if not naked:
                break
            settled |= naked
            for number in numbers:
                mine = naked & planes[number]
                if mine:
                    crossed = 0
                    while mine:
                        bit = mine & -mine
                        mine ^= bit
                        crossed |= peers[bit.bit_length() - 1]
                    planes[number] &= ~crossed  # two of them in one unit: both emptied, caught above
        found = False
        for number in numbers:
            plane = planes[number]
            changed = plane ^ seen[number]
            if not changed:
                continue
            seen[number] = plane
            for unit in units:
                if not unit & changed:
                    continue
                place = plane & unit
                if not place & (place - 1):
                    if not place:
                        return False
                    if not place & settled:
                        for other in numbers:
                            if other != number:
                                planes[other] &= ~place
                        plane &= ~peers[place.bit_length() - 1]
                        settled |= place
                        found = True
            planes[number] = plane
        if not found:
            planes[-1] = settled
            return True


def plane_solutions(masks: Masks, planes: Planes, budget: Budget | None = None) -> Iterator[Planes]:
    """Every completion of propagated planes, guessing as `solutions` does: at the first cell of
    the fewest candidates, its numbers smallest first; a search out of `budget` stops."""
    open_cells = masks.every & ~planes[-1]
    if not open_cells:
        yield planes
        return
    tally = [0, 0, 0, 0, 0]  # each open cell's count of candidates, one bit per entry
    for number in masks.numbers:
        carry = planes[number] & open_cells
        for place, bits in enumerate(tally):
            tally[place] = bits ^ carry
            carry &= bits
            if not carry:
                break
    for count in range(2, len(masks.numbers) + 1):
        cells = open_cells
        for place, bits in enumerate(tally):
            cells &= bits if count >> place & 1 else ~bits
        if cells:
            break
    best = (cells & -cells).bit_length() - 1
    for number in masks.numbers:
        if planes[number] >> best & 1:
            if budget is not None:
                if budget.left <= 0:
                    return
                budget.left -= 1
            child = planes.copy()
            write(masks, child, best, number)
            if propagate(masks, child, planes.copy()):
                yield from plane_solutions(masks, child, budget)


def values_in(masks: Masks, planes: Planes) -> list[int]:
    """The number in each cell of solved planes."""
    values = [0] * masks.every.bit_length()
    for number in masks.numbers:
        plane = planes[number]
        while plane:
            bit = plane & -plane
            plane ^= bit
            values[bit.bit_length() - 1] = number
    return values


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    board = board_for(puzzle)
    number, first = count(board, flat(puzzle["givens"]), cap)
    return Solved(number, None if first is None else {"grid": rows_of(board, first)})
