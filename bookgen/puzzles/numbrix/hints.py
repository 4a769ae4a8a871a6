"""Numbrix and Hidato hints for the playable page: the grader's path, one square at a time."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from bookgen.api import JSON
from bookgen.core.grading import page_hints, recorded_steps, told_in_order
from bookgen.core.hamilton import Cell
from bookgen.i18n import N_, _, ngettext
from bookgen.i18n.conjunctions import joined
from bookgen.puzzles.numbrix.board import Board, bits_of, board_of, givens_of, grid_offset
from bookgen.puzzles.numbrix.grader import DEDUCTIONS, grade_of
from bookgen.puzzles.numbrix.solver import Contradiction, State, start_state

# --- hints ----------------------------------------------------------------------------------------
#
# The grader's own path (the same deductions, simplest first), told one square at a time for the
# playable page; see core.grading.told_in_order. Squares here are the board's (row, col).

Known = Mapping[Cell, int]


def _touching(board: Board, square: Cell) -> set[Cell]:
    return {board.cell(bit) for bit in bits_of(board.around[board.bit(square)])}


def _by_neighbours(board: Board, known: Known, square: Cell, value: int) -> str | None:
    """The only free square next to the number before and/or after (only_neighbour, bridge)."""
    where = {number: at for at, number in known.items()}
    sides = [number for number in (value - 1, value + 1) if number in where]
    if not sides:
        return None
    free = set(board.cells) - set(known)
    for number in sides:
        free &= _touching(board, where[number])
    if free != {square}:
        return None
    if len(sides) == 2:
        both = (_("{value} must go here: it is the only free square touching both {first} and {second}")
                if board.diagonal else
                _("{value} must go here: it is the only free square next to both {first} and {second}"))
        return both.format(value=value, first=sides[0], second=sides[1])
    one = (_("{value} must go here: it is the only free square touching {number}") if board.diagonal
           else _("{value} must go here: it is the only free square next to {number}"))
    return one.format(value=value, number=sides[0])


def _distance(count: int, number: int) -> str:
    # Translators: a part of "{value} must go here: it is the only free square within {distance}"
    return ngettext("{count} step of {number}", "{count} steps of {number}", count).format(
        count=count, number=number)


def _by_counting(board: Board, known: Known, square: Cell, value: int) -> str | None:
    """The only free square close enough to the placed numbers before and after (gap_count)."""
    below = [number for number in known.values() if number < value]
    above = [number for number in known.values() if number > value]
    if not (below or above):
        return None
    where = {number: at for at, number in known.items()}
    cells = board.mask & ~sum(board.bit(at) for at in known)
    said = []
    for number in ([max(below)] if below else []) + ([min(above)] if above else []):
        cells &= board.ball(board.bit(where[number]), abs(value - number))
        said.append(_distance(abs(value - number), number))
    if cells != board.bit(square):
        return None
    if len(said) == 2:
        return _("{value} must go here: it is the only free square within {first} and {second}").format(
            value=value, first=said[0], second=said[1])
    return _("{value} must go here: it is the only free square within {distance}").format(
        value=value, distance=said[0])


def _by_dead_end(board: Board, known: Known, square: Cell, value: int) -> str | None:
    """A square with at most one free square beside it is where the path turns back or ends: it
    holds 1, the last number, or a number one away from a number already beside it; said with
    those numbers when only `value` of them is missing and fits (dead_end)."""
    free = set(board.cells) - set(known)
    around = _touching(board, square)
    room = len(around & free)
    if room > 1:
        return None
    last = len(board.cells)
    beside = sorted(known[at] for at in around if at in known)
    placed = set(known.values())
    where = {number: at for at, number in known.items()}

    def fits(number: int) -> bool:
        sides = [side for side in (number - 1, number + 1) if 1 <= side <= last]
        if any(side in where and where[side] not in around for side in sides):
            return False
        return sum(1 for side in sides if side not in where) <= room

    options = ({1, last} | {n + step for n in beside for step in (-1, 1)}) - placed
    fitting = sorted(n for n in options if 1 <= n <= last and fits(n))
    if fitting != [value]:
        return None
    # Two short sentences, each with at most two numbers: what the square can hold, then which
    # number of those it is (and the number beside it that it follows or leads to).
    near = [n for n in beside if abs(n - value) == 1]
    if near:
        text = (_("{value} must go here: this square has no free square beside it, so it holds 1, "
                  "{last} or a number one away from a number beside it. Of these, only {value} is "
                  "still missing and fits: it is one away from {number}")
                if not room else
                _("{value} must go here: this square has only one free square beside it, so it "
                  "holds 1, {last} or a number one away from a number beside it. Of these, only "
                  "{value} is still missing and fits: it is one away from {number}"))
    elif beside:
        text = (_("{value} must go here: this square has no free square beside it, so it holds 1, "
                  "{last} or a number one away from a number beside it. Of these, only {value} is "
                  "still missing and fits: it is an end of the path")
                if not room else
                _("{value} must go here: this square has only one free square beside it, so it "
                  "holds 1, {last} or a number one away from a number beside it. Of these, only "
                  "{value} is still missing and fits: it is an end of the path"))
    else:
        text = (_("{value} must go here: this square has no free square beside it, so it can only "
                  "be an end of the path, 1 or {last}. Of the two, only {value} is still missing")
                if not room else
                _("{value} must go here: this square has only one free square beside it, so it can "
                  "only be an end of the path, 1 or {last}. Of the two, only {value} is still "
                  "missing"))
    return text.format(value=value, number=near[0] if near else "", last=last)


def _nearest(known: Known, value: int) -> int:
    """The number on the board nearest to `value` (the smaller of two as near): where counting
    towards it starts."""
    return min(known.values(), key=lambda number: (abs(number - value), number))


STEP_WORDS = {
    "dead_end": N_("{value} must go here: this square has at most one free square beside it, so it "
                   "holds a number one away from a number already beside it, and only {value} "
                   "fits, counting from {number}"),
    "route": N_("{value} must go here: follow where each number between {number} and {value} can "
                "still go; this is the only square left for {value}"),
    "only_number": N_("{value} must go here: no other missing number can reach this square; "
                      "{value} can, counting from {number}"),
    "lookahead": N_("{value} must go here: try each square where {value} could go, counting from "
                    "{number}; every other one leads to a contradiction"),
}
TRIED = N_("{value} must go here, as the other squares where it could go fail: {failures}")
"""A lookahead step whose every failed trial says what broke (`Contradiction.why`), each said by
`FAILED` ("43 must go here: ...; were it in row 2, column 3, 44 would have no square left")."""
FAILED = N_("were it in {cell}, {broken}")
BROKEN = {
    "nowhere": N_("{number} would have no square left"),
    "unreached": N_("no missing number could go in {cell}"),
    "walled": N_("{cell} would be walled in"),
    "dead ends": N_("the path would have to end in {cells}: more ends than it has left"),
    "cut off": N_("the path could not get in and out of the free squares around {cell}"),
}
ANY_STEP = N_("{value} must go here: it follows from the numbers around it, counting from {number}")


def _step_reason(tried: Mapping[tuple[Cell, int], list[tuple[str, str]]], step: str, known: Known,
                 square: Cell, value: int) -> str:
    """The grader's step in words, with the number on the board to count from; a lookahead step
    whose failed trials all say what broke (`tried`), with each of them."""
    failures = tried.get((square, value)) if step == "lookahead" else None
    if failures:
        return _(TRIED).format(value=value, failures="; ".join(
            _(FAILED).format(cell=cell, broken=broken) for cell, broken in failures))
    return _(STEP_WORDS.get(step, ANY_STEP)).format(value=value, number=_nearest(known, value))


def _square_named(cell: Cell, offset: Cell) -> str:
    """A board square as a hint names it, in the puzzle's grid ("row 2, column 3")."""
    return _("row {row}, column {column}").format(row=cell[0] + offset[0] + 1,
                                                   column=cell[1] + offset[1] + 1)


def _broken(board: Board, why: tuple[str, int] | None, offset: Cell) -> str | None:
    """What a failed trial broke, in words (`Contradiction.why`); None where it does not say."""
    if why is None:
        return None
    what, which = why
    if what == "nowhere":
        return _(BROKEN[what]).format(number=which + 1)
    cells = [_square_named(board.cell(bit), offset) for bit in bits_of(which)]
    return _(BROKEN[what]).format(cell=cells[0], cells=joined(cells, "and"))


def _lookahead_trials(board: Board, before: State, offset: Cell) -> tuple[int, list[tuple[str, str]]] | None:
    """The number a lookahead step crossed squares out of, from the state before it (as the
    grader's `lookahead` chooses it), and each crossed square named with what its trial broke;
    None where a trial does not say."""
    state = before.copy()
    state.sweep()
    for _count, k in sorted((state.cand[k].bit_count(), k) for k in state.missing()
                            if state.cand[k].bit_count() <= 3):
        failures = []
        for cell in bits_of(state.cand[k]):
            trial = state.copy()
            try:
                trial.place(k, cell)
                trial.settle()
            except Contradiction as contradiction:
                broken = _broken(board, contradiction.why, offset)
                if broken is None:
                    return None
                failures.append((_square_named(board.cell(cell), offset), broken))
        if failures:
            return k, failures
    return None


def hints_with(diagonal: bool) -> Callable[[JSON, JSON], list[JSON]]:
    def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
        """Each number the grader places, in its simplest-first order, with its reason, at its
        square of the puzzle's grid; [] when the deductions cannot finish (never generated)."""
        board = board_of(puzzle, diagonal)
        givens = givens_of(puzzle, board)
        top, left = grid_offset(puzzle["grid"])

        befores: list[State] = []  # the state before each step: recorded_steps reads the
        #                            placed cells once at the start and after each step

        def placed(state: State) -> dict[Cell, int]:
            befores.append(state.copy())
            return {board.cell(state.cand[k]): k + 1 for k in range(state.size) if state.done >> k & 1}

        try:
            deduced, steps = recorded_steps(DEDUCTIONS, start_state(board, givens), State.solved,
                                            grade_of("expert"), placed)
        except Contradiction:
            return []
        if not deduced.finished:
            return []
        tried = {}
        for step, before in zip(steps, befores):
            if step.name == "lookahead" and (trials := _lookahead_trials(board, before, (top, left))):
                k, failures = trials
                tried.update({(square, value): failures for square, value in step.placed.items()
                              if value == k + 1})
        start = {board.cell(cell): k + 1 for k, cell in givens.items()}
        told = told_in_order(steps, start, [partial(_by_neighbours, board), partial(_by_counting, board),
                                            partial(_by_dead_end, board)],
                             partial(_step_reason, tried))
        return page_hints(told, lambda square: [[square[0] + top, square[1] + left]])

    return hints


def given_answer(puzzle: JSON) -> JSON:
    """The grid as given (0 where a number is to find, None in a shape's holes): hints fill it."""
    return {"grid": [list(row) for row in puzzle["grid"]]}
