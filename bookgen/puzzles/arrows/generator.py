"""The generator: a random layout of signs, a random filling, then givens removed while the puzzle
keeps one answer and grades at the level.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bookgen.api import JSON, Generated, Request, _
from bookgen.core.grading import LEVELS, level_word, make_at_level, remove_givens
from bookgen.errors import BookgenError
from bookgen.puzzles.arrows.board import Board, board_of, ray, start
from bookgen.puzzles.arrows.grader import BANDS, STAGES, deduce, rate
from bookgen.puzzles.arrows.parameters import DIRECTIONS, LINES, Cell, heads
from bookgen.puzzles.arrows.solver import OutOfSteps, grid_of, propagate, solutions

WALK_STEPS = 40        # random-walk repairs per square before a filling attempt gives up
UNIQUE_GUESSES = 3000  # guesses the uniqueness proof may spend on an expert puzzle
QUICK_GUESSES = 20     # guesses spent looking for a second answer before grading a removal
ATTEMPTS = 200         # fresh layouts tried before a request is declared impossible
MIN_EXPERT_CELLS = 24


def random_layout(rng: random.Random, rows: int, cols: int, two_headed: float) -> list[list[str]]:
    """Random signs: a share of two-headed ones where both heads fit, the rest single arrows,
    longer lines more likely (they make room for larger numbers)."""
    arrows = []
    for r in range(rows):
        row = []
        for c in range(cols):
            lines = [line for line in LINES if all(ray(rows, cols, r, c, d) for d in heads(line))]
            if lines and rng.random() < two_headed:
                row.append(rng.choice(lines))
            else:
                choices = [d for d in DIRECTIONS if ray(rows, cols, r, c, d)]
                weights = [len(ray(rows, cols, r, c, d)) for d in choices]
                row.append(rng.choices(choices, weights)[0])
        arrows.append(row)
    return arrows


def random_filling(board: Board, rng: random.Random) -> list[int] | None:
    """A random consistent filling, or None: start from random numbers and keep rewriting a
    random wrong square to what its arrow sees (a min-conflicts random walk).

    Rejected: the solver's search with a random value order. On 8x8 it found a filling within 200
    guesses in 8% of tries, and those it found were mostly 1s and 2s; the walk finds one in most
    tries with 2s, 3s and 4s common.
    """
    values = [rng.randint(1, len(line)) for line in board.targets]

    def wrong(cell: Cell) -> bool:
        return values[cell] != len({values[t] for t in board.targets[cell]})

    broken = {cell for cell in range(board.size) if wrong(cell)}
    for _step in range(WALK_STEPS * board.size):
        if not broken:
            return values
        cell = rng.choice(sorted(broken))
        values[cell] = len({values[t] for t in board.targets[cell]})
        for other in board.watchers[cell]:
            if wrong(other):
                broken.add(other)
            else:
                broken.discard(other)
    return values if not broken else None


def varied(values: list[int]) -> bool:
    """Whether a filling is interesting: it uses 1, 2 and 3 at least (and 4 from 7x7 up).
    Fillings always hold every number up to their largest, so this asks for large numbers."""
    return len(set(values)) >= (3 if len(values) < 49 else 4)


def second_answer(board: Board, givens: list[int], cell: Cell, value: int,
                  budget: int) -> bool | None:
    """Whether the puzzle has an answer with `cell` off `value`: True or False, or None when the
    search spends `budget` guesses first. If the puzzle with `cell` given had one answer, every
    other answer of the puzzle without it has `cell` off `value`: this searches only the part
    of the tree where a second answer can be."""
    domains = start(board, givens)
    domains[cell] &= ~(1 << value)
    if not domains[cell] or not propagate(board, domains, range(board.size)):
        return False
    try:
        return next(solutions(board, domains, [budget]), None) is not None
    except OutOfSteps:
        return None


# The curve a reader sees: each level keeps at least this percentage of the squares as givens (its
# removal stops there) and would rather print fewer than the level below keeps, so the levels'
# givens do not overlap (on 5x5: easy 7 or more, medium 5-6, hard 3-4, expert 2 or fewer).
GIVEN_FLOORS = {"easy": 28, "medium": 18, "hard": 12, "expert": 0}


def given_bounds_of(level: str, cells: int) -> tuple[int, int | None]:
    """(floor, ceiling) of the givens a puzzle of `level` on `cells` squares prints: the floor
    is kept whatever the level, the ceiling (one under the easier level's floor) preferred."""
    floor = -(-GIVEN_FLOORS[level] * cells // 100)  # rounded up
    index = LEVELS.index(level)
    if index == 0:
        return floor, None
    return floor, -(-GIVEN_FLOORS[LEVELS[index - 1]] * cells // 100) - 1


def reduce_givens(rng: random.Random, board: Board, values: list[int], level: str) -> list[int]:
    """Remove givens one at a time, in random order, while the puzzle stays uniquely solvable
    within the level's grade (expert: while no second answer turns up within UNIQUE_GUESSES
    guesses). At levels graded with case analysis a second answer found within QUICK_GUESSES
    refuses a removal before grading (at the others grading is cheaper than looking). Never
    below the level's floor of givens."""
    limit = BANDS.top(level)
    with_cases = limit >= 10 * STAGES.index("cases")
    accepted: set[Cell] = set()

    def givens_without(removed: set[Cell]) -> list[int]:
        return [0 if cell in removed else value for cell, value in enumerate(values)]

    def still_solvable(removed: set[Cell]) -> bool:
        (cell,) = removed - accepted  # remove_givens tries one more cell each time
        givens = givens_without(removed)
        if level == "expert":
            solvable = second_answer(board, givens, cell, values[cell], UNIQUE_GUESSES) is False
        elif with_cases and second_answer(board, givens, cell, values[cell], QUICK_GUESSES):
            solvable = False  # cheaper than grading where grading runs case analysis
        else:
            figures = deduce(board, givens, limit, values)
            solvable = bool(figures["solved"]) and figures["grade"] <= limit
        if solvable:
            accepted.add(cell)
        return solvable

    floor, _most = given_bounds_of(level, board.size)
    return givens_without(remove_givens(rng, range(board.size), still_solvable, keep=floor))


def check_request(request: Request) -> None:
    rows, cols = request.settings["size"]
    if request.level == "expert" and rows * cols < MIN_EXPERT_CELLS:
        raise BookgenError(_("expert arrow puzzles need at least {least} squares (4x6 or 5x5); "
                             "{rows}x{cols} is too small to need that much case analysis").format(
                               least=MIN_EXPERT_CELLS, rows=rows, cols=cols), key="size")


@dataclass(frozen=True)
class Filled:
    """A random layout of signs with a consistent filling: the answer a puzzle is cut from."""

    arrows: list[list[str]]
    board: Board
    values: list[int]


def generate(rng: random.Random, request: Request) -> Generated:
    level = request.level
    rows, cols = request.settings["size"]
    share = request.settings["two_headed"]

    def fill() -> Filled | None:
        """A fresh layout and filling; None when the walk fails or the numbers are dull."""
        arrows = random_layout(rng, rows, cols, share)
        board = board_of(tuple(tuple(row) for row in arrows))
        values = random_filling(board, rng)
        if values is None or not varied(values):
            return None
        return Filled(arrows, board, values)

    answers: list[list[int]] = []

    def reduce(filled: Filled) -> JSON:
        givens = reduce_givens(rng, filled.board, filled.values, level)
        answers.append(filled.values)
        return {"arrows": filled.arrows, "givens": grid_of(filled.board, [1 << g for g in givens])}

    _least, ceiling = given_bounds_of(level, rows * cols)
    made = make_at_level(level, ATTEMPTS, fill, reduce, lambda puzzle: rate(puzzle, answers[-1]),
                         _("could not make a {level} {size} arrow puzzle in {tries} tries; try "
                           "another size").format(level=level_word(level), size=f"{rows}x{cols}",
                                                  tries=ATTEMPTS),
                         prefer=None if ceiling is None else lambda rating: rating["givens"] <= ceiling)
    answer = made.answer
    return Generated(made.puzzle, {"grid": grid_of(answer.board, [1 << v for v in answer.values])},
                     made.rating)
