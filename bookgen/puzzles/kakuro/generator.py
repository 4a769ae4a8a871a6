"""The generator: a symmetric pattern of black and white squares, a random filling with no digit
twice in a run, then digits changed until the sums have that filling as their one answer at the
level asked for (README.md, Generator).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from bookgen.api import JSON, Generated, Request, _
from bookgen.core.bits import members as digits
from bookgen.core.grading import LEVELS, level_word, make_at_level, most_trials
from bookgen.puzzles.kakuro.board import Board, Layout, board_of
from bookgen.puzzles.kakuro.grader import BANDS, deduce, rate
from bookgen.puzzles.kakuro.parameters import ALL_DIGITS, Cell
from bookgen.puzzles.kakuro.solver import count_up_to, grid_of, initial


@dataclass(frozen=True)
class Shape:
    """What a level's pattern looks like: the longest run it allows and the share of the squares
    inside the clue row and column it starts black."""

    longest: int
    black: float


SHAPES = {"easy": Shape(5, 0.30), "medium": Shape(5, 0.26), "hard": Shape(6, 0.22),
          "expert": Shape(6, 0.2)}
PATTERN_TRIES = 50     # patterns drawn before a filling attempt gives up
FILL_GUESSES = 2000    # guesses a filling may take before the pattern is drawn again
DESCENT = 8            # steps a square the search for one answer may take
ASCENT = 4             # steps a square the search for a harder puzzle may take
ATTEMPTS = 300         # fillings tried before a request is declared impossible


def random_layout(rng: random.Random, rows: int, cols: int, shape: Shape) -> Layout | None:
    """A pattern symmetric under a half turn of the squares inside the clue row and column: every
    run 2 to `shape.longest` squares long, no 3x3 block of white squares, and the white squares
    joined side by side; None when PATTERN_TRIES patterns all end where no square can break a
    run that is too long (one try in 2.5 makes a pattern with runs of 5 at most on 8x8, one in 8
    on 16x16; with runs of 4 at most, one in 100: no level asks for those)."""
    for _try in range(PATTERN_TRIES):
        layout = _pattern(rng, rows, cols, shape)
        if layout is not None:
            return layout
    return None


def _pattern(rng: random.Random, rows: int, cols: int, shape: Shape) -> Layout | None:
    """One try at `random_layout`'s pattern.

    Squares turn black in pairs (a square and its twin under the half turn), only where no run of
    one square is left: first inside the runs that are too long, then anywhere at random until
    `shape.black` of the squares are black."""
    black = [[r == 0 or c == 0 for c in range(cols)] for r in range(rows)]
    inside = [(r, c) for r in range(1, rows) for c in range(1, cols)]

    def pair(r: int, c: int) -> list[tuple[int, int]]:
        return sorted({(r, c), (rows - r, cols - c)})

    def darkens(r: int, c: int) -> bool:
        """Turn the pair of (r, c) black if that leaves no run of one square and the white squares
        joined."""
        squares = pair(r, c)
        for r1, c1 in squares:
            black[r1][c1] = True
        if all(_run_length(black, r1 + dr, c1 + dc, dr, dc) != 1 for r1, c1 in squares
               for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))) and _joined(black):
            return True
        for r1, c1 in squares:
            black[r1][c1] = False
        return False

    while True:
        faults = [run for run in _runs(black) if len(run) > shape.longest] or _blocks(black)
        if not faults:
            break
        places = [square for fault in faults for square in fault]
        rng.shuffle(places)
        if not any(darkens(*square) for square in places):
            return None
    spots = [square for square in inside if not black[square[0]][square[1]]]
    rng.shuffle(spots)
    goal = round(shape.black * len(inside))
    for r, c in spots:
        if sum(row[1:].count(True) for row in black[1:]) >= goal:
            break
        if not black[r][c]:
            darkens(r, c)
    return tuple("".join("#" if square else "." for square in row) for row in black)


def _blocks(black: list[list[bool]]) -> list[list[tuple[int, int]]]:
    """Every block of 3x3 white squares: kakuro patterns break them up, as a block's digits can
    trade places in too many ways for its sums to settle them."""
    rows, cols = len(black), len(black[0])
    return [[(r + i, c + j) for i in range(3) for j in range(3)]
            for r in range(1, rows - 2) for c in range(1, cols - 2)
            if not any(black[r + i][c + j] for i in range(3) for j in range(3))]


def _run_length(black: list[list[bool]], r: int, c: int, dr: int, dc: int) -> int:
    """How many white squares run from (r, c) on in the direction (dr, dc)."""
    length = 0
    while 0 <= r < len(black) and 0 <= c < len(black[0]) and not black[r][c]:
        length += 1
        r, c = r + dr, c + dc
    return length


def _runs(black: list[list[bool]]) -> list[list[tuple[int, int]]]:
    """Every run of white squares, across and down."""
    rows, cols = len(black), len(black[0])
    lines = [[(r, c) for c in range(cols)] for r in range(rows)]
    lines += [[(r, c) for r in range(rows)] for c in range(cols)]
    runs = []
    for line in lines:
        run: list[tuple[int, int]] = []
        for r, c in line + [(0, 0)]:
            if black[r][c]:
                if run:
                    runs.append(run)
                run = []
            else:
                run.append((r, c))
    return runs


def _joined(black: list[list[bool]]) -> bool:
    """Whether the white squares are all joined side by side (and there are some)."""
    whites = [(r, c) for r, row in enumerate(black) for c, square in enumerate(row) if not square]
    if not whites:
        return False
    seen = {whites[0]}
    todo = [whites[0]]
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near not in seen and 0 <= near[0] < len(black) and 0 <= near[1] < len(black[0]) \
                    and not black[near[0]][near[1]]:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(whites)


class OutOfGuesses(Exception):
    """A filling used up its guesses."""


def random_filling(rng: random.Random, board: Board) -> list[int] | None:
    """Digits for every white square with none twice in a run, chosen at random, the square with
    the fewest digits left first; None when FILL_GUESSES guesses find none."""
    values = [0] * board.size
    budget = [FILL_GUESSES]

    def free(cell: Cell) -> int:
        used = 0
        for other in board.partners[cell]:
            used |= 1 << values[other]
        return ALL_DIGITS & ~used

    def fill(left: int) -> bool:
        if not left:
            return True
        best, choices = -1, 0
        for cell in range(board.size):
            if not values[cell]:
                mask = free(cell)
                if best < 0 or mask.bit_count() < choices.bit_count():
                    best, choices = cell, mask
                    if mask.bit_count() <= 1:
                        break
        options = digits(choices)
        rng.shuffle(options)
        for digit in options:
            budget[0] -= 1
            if budget[0] < 0:
                raise OutOfGuesses
            values[best] = digit
            if fill(left - 1):
                return True
        values[best] = 0
        return False

    try:
        return values if fill(board.size) else None
    except OutOfGuesses:
        return None


def sums_for(board: Board, values: list[int]) -> tuple[int, ...]:
    return tuple(sum(values[cell] for cell in run.cells) for run in board.runs)


Measure = Callable[[list[int]], tuple[int, list[Cell]]]
"""How far a deduction gets with the sums of an answer: the candidates left in the squares it
leaves open (0 once it solves the puzzle), and those squares."""


def by_propagation(board: Board) -> Measure:
    """What the solver's propagation leaves open: no more than the hard steps find (its sets are
    checked with a one-each test, not the arrangement step's orders), at a fraction of the
    grader's cost, and one answer once it leaves nothing open."""
    def measure(values: list[int]) -> tuple[int, list[Cell]]:
        domains = initial(board, sums_for(board, values))
        assert domains is not None  # the sums of an answer have that answer
        open_cells = [cell for cell, mask in enumerate(domains) if mask & (mask - 1)]
        return sum(domains[cell].bit_count() for cell in open_cells), open_cells
    return measure


def by_grader(board: Board, level: str) -> Measure:
    """What the grader, limited to the steps of `level`, leaves open."""
    limit = BANDS.top(level)

    def measure(values: list[int]) -> tuple[int, list[Cell]]:
        state, _ = deduce(board, sums_for(board, values), limit)
        open_cells = [cell for cell, value in enumerate(state.values) if not value]
        return sum(state.candidates[cell].bit_count() for cell in open_cells), open_cells
    return measure


def free_digits(board: Board, values: list[int], cell: Cell) -> list[int]:
    """The digits square `cell` could take instead of its own, none twice in its runs."""
    used = 1 << values[cell]
    for partner in board.partners[cell]:
        used |= 1 << values[partner]
    return digits(ALL_DIGITS & ~used)


def descend(rng: random.Random, board: Board, values: list[int], measure: Measure) -> bool:
    """Change digits until `measure` finds nothing open (True), or DESCENT steps a square are
    spent (False): each step takes a square left open or sharing a run with one, tries every
    digit it could take, and keeps the best if it leaves no more candidates open."""
    score, open_cells = measure(values)
    for _try in range(DESCENT * board.size):
        if not open_cells:
            return True
        pool = sorted(set(open_cells).union(*(board.partners[cell] for cell in open_cells)))
        cell = rng.choice(pool)
        options = free_digits(board, values, cell)
        rng.shuffle(options)
        own, best = values[cell], None
        for digit in options:
            values[cell] = digit
            tried = measure(values)
            if best is None or tried[0] < best[1][0]:
                best = (digit, tried)
        if best is not None and best[1][0] <= score:
            values[cell] = best[0]
            score, open_cells = best[1]
        else:
            values[cell] = own
    return not open_cells


def ascend(rng: random.Random, board: Board, values: list[int], measure: Measure,
           keeps: Callable[[list[int]], bool], enough: Callable[[list[int]], bool]) -> bool:
    """Change digits while the puzzle `keeps` its level, keeping a change only if `measure`
    (a simpler level's deduction) leaves no fewer candidates open, until it leaves some and
    `enough` holds (True) or ASCENT steps a square are spent (False)."""
    score, _ = measure(values)
    for _ in range(ASCENT * board.size):
        if score and enough(values):
            return True
        cell = rng.randrange(board.size)
        options = free_digits(board, values, cell)
        if not options:
            continue
        own = values[cell]
        values[cell] = rng.choice(options)
        if keeps(values):
            tried, _ = measure(values)
            if tried >= score:
                score = tried
                continue
        values[cell] = own
    return False


def settle(rng: random.Random, board: Board, values: list[int], level: str) -> bool:
    """Change digits until the sums have `values` as their one answer and grade at `level`:
    down until the propagation solves them (one answer), down again until the easy grader does
    (easy), or up from there, never losing the level's own way to solve them, until the level
    below no longer does (the others)."""
    if not descend(rng, board, values, by_propagation(board)):
        return False
    if level == "easy":
        return descend(rng, board, values, by_grader(board, "easy"))
    if level == "expert":
        return ascend(rng, board, values, by_propagation(board), lambda v: unique(board, v),
                      lambda v: bool(by_grader(board, "hard")(v)[0]))
    solves = by_grader(board, level) if level == "medium" else by_propagation(board)
    if level == "medium" and not descend(rng, board, values, solves):
        return False
    return ascend(rng, board, values, by_grader(board, LEVELS[LEVELS.index(level) - 1]),
                  lambda v: not solves(v)[0], lambda v: True)


def unique(board: Board, values: list[int]) -> bool:
    return count_up_to(board, sums_for(board, values), 2)[0] == 1


def puzzle_of(board: Board, layout: Layout, sums: tuple[int, ...]) -> JSON:
    """The puzzle's JSON: null on white squares, each black square its across and down sums."""
    cells: list[list[dict | None]] = [[None if square == "." else {"across": None, "down": None}
                                      for square in row] for row in layout]
    for run, total in zip(board.runs, sums):
        r, c = run.clue
        clue = cells[r][c]
        assert clue is not None
        clue["across" if run.across else "down"] = total
    return {"cells": cells}


@dataclass(frozen=True)
class Filled:
    """A pattern and an answer whose sums have it as their one answer."""

    layout: Layout
    board: Board
    values: list[int]
    sums: tuple[int, ...]


def unique_filling(rng: random.Random, rows: int, cols: int, level: str) -> Filled | None:
    layout = random_layout(rng, rows, cols, SHAPES[level])
    if layout is None:
        return None
    board = board_of(layout)
    values = random_filling(rng, board)
    if values is None:
        return None
    if not settle(rng, board, values, level):
        return None
    return Filled(layout, board, values, sums_for(board, values))


def within_trials(rating: JSON) -> bool:
    """Whether an expert puzzle needs no more trials than a person would make (`most_trials`; a
    filling past it is made again: 1 in 30 at 8x8 to 12x12, measured when written)."""
    return rating["techniques"].get("trial", 0) <= most_trials(rating["cells"])


def generate(rng: random.Random, request: Request) -> Generated:
    level = request.level
    rows, cols = request.settings["size"]
    made = make_at_level(level, ATTEMPTS, lambda: unique_filling(rng, rows, cols, level),
                         lambda filled: puzzle_of(filled.board, filled.layout, filled.sums), rate,
                         _("could not make a {level} {size} kakuro in {tries} tries; try another "
                           "size").format(level=level_word(level), size=f"{rows}x{cols}", tries=ATTEMPTS),
                         accept=within_trials)
    answer = made.answer
    return Generated(made.puzzle, {"grid": grid_of(answer.board, answer.values)}, made.rating)


def check_request(request: Request) -> None:
    """Nothing to refuse: every size from 6x6 to 16x16, square or not, reaches every level
    (tests/test_kakuro.py and bench/kakuro.py make them)."""
