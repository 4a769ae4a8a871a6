"""Numbrix and Hidato generation: a random path, givens removed while the grader still solves at the level."""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import islice

from bookgen.api import JSON, Generated, Request, _
from bookgen.core.grading import (
    VARIETY_PATTERNS,
    Deduction,
    level_word,
    make_at_level,
    removal_results,
    simplest_first,
)
from bookgen.core.hamilton import Cell, check_can_have_path, neighbour_lists, random_path
from bookgen.puzzles.numbrix.board import Board, bits_of, canonical, make_board
from bookgen.puzzles.numbrix.grader import (
    ROUTE_GRADE,
    TrialBudget,
    TrialsSpent,
    fast_deductions,
    grade_of,
    lookahead_round,
    rate_with,
    run_grader,
    solve_with,
    stretch,
)
from bookgen.puzzles.numbrix.shapes import ATTEMPTS, STRETCH_CAP, shape_cells
from bookgen.puzzles.numbrix.solver import Contradiction, State, start_state

# --- generator ------------------------------------------------------------------------------------


def _orbits(board: Board, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """Cells grouped by the symmetry the given pattern keeps (partners outside the shape drop)."""
    return _shape_orbits(board.cells, board.stride, symmetry)


@lru_cache(maxsize=64)
def _shape_orbits(cells: tuple[Cell, ...], stride: int, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """`_orbits`, worked out once per shape and symmetry (each puzzle of a request asks again)."""
    seen: set[Cell] = set()
    orbits = []
    last_r, last_c = max(r for r, _ in cells), max(c for _, c in cells)
    present = set(cells)
    for r, c in cells:
        if (r, c) in seen:
            continue
        group = {(r, c)}
        if symmetry == "rotational":
            group.add((last_r - r, last_c - c))
        elif symmetry == "mirror":
            group.add((r, last_c - c))
        group &= present
        seen |= group
        orbits.append(tuple(1 << (row * stride + col) for row, col in sorted(group)))
    return tuple(orbits)


def deduces(state: State, goal: int, top: int, seen: dict[tuple[int, int], State] | None = None,
            budget: TrialBudget | None = None) -> bool:
    """Whether the grader's deductions up to grade `top` place the numbers of `goal` (a mask of
    number indices), stopping as soon as they do; raises TrialsSpent when lookahead runs more
    trials in a row that cross nothing out than `budget` allows."""
    steps = tuple(Deduction(step.name, step.rank, lambda s: lookahead_round(s, goal, seen, budget))
                  if step.name == "lookahead" else step for step in fast_deductions(top))
    try:
        return simplest_first(steps, state, lambda s: s.done & goal == goal, top).finished
    except Contradiction:
        return False


SECOND_PATH_NODES = 1000  # search budget for each window of another_path


def another_path(board: Board, path: list[int], givens: list[int], k: int, joined: bool = True) -> bool:
    """Whether the puzzle with `givens` (sorted number indices) and not k has a second answer
    that differs from `path` only between nearby givens: between the givens either side of k,
    or, when `joined`, that stretch joined with the next one on either side or both (each a
    small depth-first search with a budget; False when none is found). A puzzle with two answers
    cannot be finished by any deduction, so a removal this finds is refused without grading."""
    at = bisect.bisect_left(givens, k)
    if at == 0 or at == len(givens):
        return False
    a, b = at - 1, at  # positions in givens of the givens either side of k
    windows = [(a, b), (a - 1, b), (a, b + 1), (a - 1, b + 1)] if joined else [(a, b)]
    return any(_differs(board, path, givens[lo], givens[hi], givens[lo + 1:hi])
               for lo, hi in windows if lo >= 0 and hi < len(givens))


def _differs(board: Board, path: list[int], start: int, end: int, inside: list[int]) -> bool:
    """Whether a path other than path[start..end] joins path[start] to path[end] through the
    same cells, with the numbers of `inside` on their own cells. A step is taken only to a cell
    from which the next pinned number's cell is within reach (counted over the whole shape), and
    only while every cell left open keeps two ways in and out (an open cell beside fewer than two
    of the head, the other open cells and the pinned cells still ahead is a dead end). The check
    cuts only branches without an answer, and the budget counts only the nodes past it, so this
    finds every second answer the search without it found (and on expert 9x9 a budget of 30,000
    finds no more than this one of 1,000: the windows are searched to the end)."""
    cells = 0
    for cell in path[start:end + 1]:
        cells |= cell
    pinned = {k: path[k] for k in inside}
    pinned[end] = path[end]
    open_cells = cells & ~sum(pinned.values())
    # for each number of the window, the cells from which the next pinned number is in reach
    reach = []
    upcoming = end
    for k in range(end, start, -1):
        if k in pinned:  # the balls round it, grown once to the farthest number before it
            upcoming = k
            balls = board.balls_to(path[k], k - start - 1)
        reach.append(balls[upcoming - k])
    reach.reverse()  # reach[k - start - 1]: where number k may stand
    # for each number of the window, the pinned cells the path has still to reach after it
    pinned_after = []
    ahead = 0
    for k in range(end, start - 1, -1):
        pinned_after.append(ahead)
        ahead |= pinned.get(k, 0)
    pinned_after.reverse()
    around, touching = board.around, board.touching
    budget = [SECOND_PATH_NODES]

    def extend(cell: int, used: int, k: int, same: bool) -> bool:
        if k == end:
            return not same
        # a cell left open needs two ways in and out: the head, other open cells, pinned cells
        left = open_cells & ~used
        if left & ~touching(left | cell | pinned_after[k - start])[1]:
            return False
        budget[0] -= 1
        if budget[0] < 0:
            return False
        step = pinned.get(k + 1)
        nexts = around[cell] & ~used & (step if step is not None else open_cells & reach[k - start])
        while nexts:
            low = nexts & -nexts
            nexts ^= low
            if extend(low, used | low, k + 1, same and low == path[k + 1]):
                return True
        return False

    return extend(path[start], path[start], start, True)


def reduce_givens(rng: random.Random, board: Board, path: list[int], level: str, symmetry: str,
                  keep_ends: bool) -> dict[int, int]:
    """Start from the whole answer and drop givens (an orbit at a time, in random order; expert
    Numbrix tries the givens that tell least first, `_plainest_first`) while the puzzle stays
    uniquely solvable at the level (the grader's deductions up to the level's grade finish it:
    that proves the answer unique without search, and a person can finish it too) and its
    stretch within the level's cap.

    No trial starts from scratch. Removing givens only makes a puzzle harder, so what the grader
    deduces from fewer givens holds with more. The trial of piece i keeps the givens kept for
    good (the ends and every piece whose removal failed: `base`, deduced once and extended
    before the next trial with the pieces kept since, so that pieces kept in a row, as the
    late ones of the plainest-first order are, are deduced together) and the pieces after i
    (`ahead[i + 1]`, deduced once for all i, from the last piece back); it starts from what
    both know (`meet`). And since the puzzle before the trial is solvable at the level, the
    trial succeeds as soon as piece i is deduced again (from there the grader finishes as it
    did before): often `ahead[i + 1]` already has it. Both
    states use deductions up to route only; the trial adds lookahead where the level allows it.
    Where it does, a quick search for a second answer near the removed numbers refuses many
    removals before the costly trial (`another_path`; in the plainest-first order, where a
    failing trial costs little more than a search, only in the stretch around the removed
    number), and a trial may run only so many lookahead trials in a row that cross nothing out
    (`LOOKAHEAD_PATIENCE`; fewer in the plainest-first order, `PLAINEST_FIRST_PATIENCE`): past
    that the given stays, which never harms uniqueness but keeps the few givens whose proof is
    long. (With every deduction monotone this removes exactly the givens the plain loop would;
    it can differ only where one is not, as dead_end, and the rating checks the result either
    way.)"""
    cap = STRETCH_CAP[level]
    top = grade_of(level)
    settle_top = min(top, ROUTE_GRADE)
    last = len(path) - 1
    ends = {0, last} if keep_ends else set()
    number_at = {cell: k for k, cell in enumerate(path)}
    end_cells = {path[k] for k in ends}
    orbits = [o for o in _orbits(board, symmetry) if end_cells.isdisjoint(o)]
    rng.shuffle(orbits)
    pieces = [sorted(number_at[cell] for cell in orbit) for orbit in orbits]
    plainest_first = top > ROUTE_GRADE and not board.diagonal
    if plainest_first:
        pieces = _plainest_first(board, path, pieces)
    patience = PLAINEST_FIRST_PATIENCE if plainest_first else LOOKAHEAD_PATIENCE
    state = start_state(board, {k: path[k] for k in ends})
    state.known = tuple(path)
    run_grader(state, settle_top, fast=True)
    ahead = [state.copy()]
    for piece in reversed(pieces):
        if _places(state, piece, path):
            run_grader(state, settle_top, fast=True)
            ahead.append(state.copy())
        else:  # deduced already: the grader, stuck here before, would stay stuck (and the
            ahead.append(ahead[-1])  # states in `ahead` are only ever read, so one can serve twice)
    ahead.reverse()
    base = ahead[-1].copy()
    kept = set(ends)
    untried = {k for piece in pieces for k in piece}
    seen: dict[tuple[int, int], State] = {}
    unplaced: list[list[int]] = []  # pieces kept since `base` was last deduced
    for i, piece in enumerate(pieces):
        untried.difference_update(piece)
        goal = sum(1 << k for k in piece)
        if cap is None or stretch(kept | untried, len(path)) <= cap:
            if ahead[i + 1].done & goal == goal:
                continue
            # where lookahead must run out before a trial fails, first look for a second answer
            refused = top > ROUTE_GRADE and any(
                another_path(board, path, sorted(kept | untried), k, not plainest_first)
                for k in piece)
            try:
                if not refused:
                    placed = [_places(base, kept_piece, path) for kept_piece in unplaced]
                    if any(placed):  # every piece placed first, then one deduction for them all
                        run_grader(base, settle_top, fast=True)
                    unplaced.clear()
                    if deduces(base.meet(ahead[i + 1]), goal, top, seen, TrialBudget(patience)):
                        continue
            except TrialsSpent:
                pass  # a long proof: the given stays
        kept.update(piece)
        unplaced.append(piece)
    return {k: path[k] for k in sorted(kept)}


# Lookahead trials in a row that cross nothing out a removal trial may run before it counts as
# failed and the given stays. A trial that fails runs a whole fruitless round (every open number
# with up to three cells tried in each) before it gives up; one that succeeds crosses cells out
# as it goes. Measured on expert 9x9 to 15x15 (numbrix README, speed round 6). In the
# plainest-first order the removals tried late, with few givens left, are the ones that fail,
# and a shorter patience still leaves about as few givens as the shuffled order with the longer
# one (speed round 7); Hidato keeps the shuffled order (there it leaves more givens).
LOOKAHEAD_PATIENCE = 4
PLAINEST_FIRST_PATIENCE = 2


def _plainest_first(board: Board, path: list[int], pieces: list[list[int]]) -> list[list[int]]:
    """The expert Numbrix removal order: pieces whose givens tell least go first, so the givens
    that stay are the ones that pin the path (at its turns, along the grid's edges). A given
    tells less the more neighbours its cell has and where the path runs straight through it: the
    grader most often deduces such a number back, so its removal succeeds at once, while
    removals tried late, with few givens left, are the ones that fail. Measured (numbrix README,
    speed round 7): fewer givens stay and fewer removal trials fail than in the shuffled order,
    which still orders pieces that tell as little (the sort is stable)."""
    last = len(path) - 1

    def plainness(k: int) -> int:
        cell = path[k]
        # straight: the cells before and after lie opposite it, their bit positions average to its own
        straight = 0 < k < last and (path[k - 1].bit_length() + path[k + 1].bit_length()
                                     == 2 * cell.bit_length())
        return board.around[cell].bit_count() + straight

    return sorted(pieces, key=lambda piece: -sum(map(plainness, piece)))


def _places(state: State, piece: list[int], path: list[int]) -> bool:
    """Place the numbers of `piece` on their cells of the answer; whether any was not placed
    already."""
    if all(state.done >> k & 1 for k in piece):
        return False
    for k in piece:
        state.place(k, path[k])
    return True


def numbered_grid(board: Board, rows: int, cols: int, path: list[int],
                  shown: set[int] | None) -> list[list[int | None]]:
    """The grid of a path with the numbers of `shown` cells (all when None), 0 in the others."""
    grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    for k, bit in enumerate(path):
        r, c = board.cell(bit)
        grid[r][c] = k + 1 if shown is None or bit in shown else 0
    return grid


class WalkTooLong(Exception):
    """`every_path` took more steps than it was given."""


def every_path(board: Board, steps: int) -> Iterator[list[int]]:
    """Every path through all of the board's cells (as cell bits), each direction apart; raises
    WalkTooLong after `steps` squares tried (a shape with few full paths among very many partial
    ones)."""
    left = [steps]

    def extend(path: list[int], used: int) -> Iterator[list[int]]:
        if used == board.mask:
            yield list(path)
            return
        for step in bits_of(board.around[path[-1]] & ~used):
            left[0] -= 1
            if left[0] < 0:
                raise WalkTooLong
            path.append(step)
            yield from extend(path, used | step)
            path.pop()

    for start in bits_of(board.mask):
        yield from extend([start], start)


VARIETY_CELLS = 16  # shapes this small are walked for every path when counting their puzzles
VARIETY_STEPS = 200_000  # squares the walk for those paths may try (about a tenth of a second)


@lru_cache(maxsize=64)
def count_space(cells: tuple[Cell, ...], rows: int, cols: int, diagonal: bool, symmetry: str,
                keep_ends: bool, level: str) -> tuple[int, frozenset[str]] | None:
    """How many different puzzles a shape of so few cells can give (every path tried with every
    set of givens the generator's removals may leave, as `reduce_givens` keeps them: ends kept
    or not, a symmetry's cells together, the level's stretch cap), and the answer forms of the
    paths that give at least one; None for larger shapes (a 4x4 square gives hundreds of
    puzzles at every level)."""
    rate, solve = rate_with(diagonal), solve_with(diagonal)
    board = make_board(cells, diagonal)
    orbits = _orbits(board, symmetry)
    most = VARIETY_PATTERNS >> len(orbits)
    if not most or len(cells) > VARIETY_CELLS:
        return None  # the walk for paths alone could take long on a larger shape
    try:
        paths = list(islice(every_path(board, VARIETY_STEPS), most + 1))
    except WalkTooLong:
        return None
    if len(paths) > most:
        return None
    top, cap, forms, answers = grade_of(level), STRETCH_CAP[level], set(), set()
    for path in paths:
        number_at = {cell: k for k, cell in enumerate(path)}
        ends = {0, len(path) - 1} if keep_ends else set()
        pieces = [[number_at[cell] for cell in orbit] for orbit in orbits
                  if not ends & {number_at[cell] for cell in orbit}]

        def kept(mask: int, pieces: list[list[int]] = pieces, ends: set[int] = ends) -> set[int]:
            return ends | {k for i, piece in enumerate(pieces) if mask >> i & 1 for k in piece}

        def finishes(mask: int, path: list[int] = path) -> bool:
            numbers = kept(mask)
            if cap is not None and stretch(numbers, len(path)) > cap:
                return False
            try:
                return run_grader(start_state(board, {k: path[k] for k in numbers}), top,
                                  fast=True).finished
            except Contradiction:
                return False

        for mask in removal_results(len(pieces), 0, finishes):
            shown = {path[k] for k in kept(mask)}
            puzzle = {"grid": numbered_grid(board, rows, cols, path, shown)}
            rating = rate(puzzle, path)
            if rating["level"] == level and (rating["logic_finishes"]
                                             or solve(puzzle, 2).count == 1):
                forms.add(canonical(puzzle))
                answers.add(canonical({"grid": numbered_grid(board, rows, cols, path, None)}))
    return len(forms), frozenset(answers)


def space_of(request: Request, diagonal: bool) -> tuple[int, frozenset[str]] | None:
    """`count_space` for a request's shape and settings."""
    rows, cols, cells, _ = shape_cells(request)
    settings = request.settings
    return count_space(tuple(cells), rows, cols, diagonal, settings["symmetry"],
                       settings["keep_ends"], request.level)


def variety_with(diagonal: bool) -> Callable[[Request], int | None]:
    def variety(request: Request) -> int | None:
        """How many different puzzles a request can give, for shapes of few cells (`count_space`)."""
        space = space_of(request, diagonal)
        return None if space is None else space[0]

    return variety


def answers_with(diagonal: bool) -> Callable[[Request], frozenset[str] | None]:
    def answers(request: Request) -> frozenset[str] | None:
        """The paths (answer forms, turned, mirrored or numbered backwards counted once) a
        request's puzzles can have, for shapes of few cells (`count_space`)."""
        space = space_of(request, diagonal)
        return None if space is None else space[1]

    return answers


def generate_with(diagonal: bool, name: str) -> Callable[[random.Random, Request], Generated]:
    rate = rate_with(diagonal)
    solve = solve_with(diagonal)

    def generate(rng: random.Random, request: Request) -> Generated:
        level, settings = request.level, request.settings
        rows, cols, cells, what = shape_cells(request)
        board = make_board(tuple(cells), diagonal)

        def fill() -> list[int]:
            return [board.bit(cell) for cell in random_path(list(cells), diagonal, rng, what)]

        def numbered(path: list[int], shown: set[int] | None) -> list[list[int | None]]:
            return numbered_grid(board, rows, cols, path, shown)

        answers: list[list[int]] = []

        def reduce(path: list[int]) -> JSON:
            givens = reduce_givens(rng, board, path, level, settings["symmetry"],
                                   settings["keep_ends"])
            answers.append(path)
            return {"grid": numbered(path, set(givens.values()))}

        def rate_candidate(puzzle: JSON) -> JSON:
            """The rating, with no level for a candidate the grader could not finish and the
            solver finds a second answer to: removals trust deductions to be monotone, and one
            that is not (dead_end) can leave two answers behind; such a candidate is drawn again."""
            rating = rate(puzzle, answers[-1])
            if not rating["logic_finishes"] and solve(puzzle, 2).count != 1:
                return {**rating, "level": None}
            return rating

        made = make_at_level(
            level, ATTEMPTS, fill, reduce, rate_candidate,
            _("could not make a {level} {name} on {what} in {tries} tries; try a larger size or "
              "another level").format(level=level_word(level), name=name, what=what, tries=ATTEMPTS))
        return Generated(made.puzzle, {"grid": numbered(made.answer, None)}, made.rating)

    return generate


def check_request(request: Request) -> None:
    """Refuse masks that disagree with size, and shapes plainly without a path (a Hidato shape is
    walked with king moves)."""
    if "shape" in request.options:
        _, _, cells, what = shape_cells(request)
        check_can_have_path(cells, neighbour_lists(cells, True), what)
