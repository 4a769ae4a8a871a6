"""The generator: a random filled grid, then givens removed an orbit at a time (two cells turned
half way round each other, by default) while the puzzle keeps one answer and the grader still
solves it within the level; kept when its measured level is the one asked for.
"""

from __future__ import annotations

import random

from bookgen.core.grading import make_at_level, remove_givens
from bookgen.errors import BookgenError
from bookgen.puzzles.base import JSON, Generated, Request
from bookgen.puzzles.sudoku.board import Board, Cell, board_of, rows_of
from bookgen.puzzles.sudoku.grader import BANDS, WEIGHTS, Contradiction, deduce, rate
from bookgen.puzzles.sudoku.solver import count, solutions, values_of

ATTEMPTS = 200          # filled grids tried before a request is declared impossible
REDUCTIONS_PER_GRID = 3  # removal orders tried on each filled grid
GIVEN_FLOORS = {9: {"easy": 34, "medium": 30}}
"""Givens a 9x9 keeps at the easy levels, as published puzzles do (singles alone can solve a
grid of 27 givens, which would print fewer givens at easy than at hard)."""
UNREACHABLE = {4: ("hard", "expert"), 6: ("expert",)}
"""Levels a size never reaches: every 4x4 sudoku falls to full houses and hidden singles in boxes,
and a 6x6 needs little more."""


def filled(rng: random.Random, board: Board) -> list[int]:
    """A random complete grid: the solver's search on an empty grid, numbers tried in random order."""
    return values_of(next(solutions(board, [board.full] * board.cells, rng)))


def orbits(board: Board, pattern: str) -> list[tuple[Cell, ...]]:
    """The cells removed together so the givens keep the pattern: a cell and its half-turn
    (rotational) or its mirror image left to right (mirror), or each cell alone (none)."""
    n = board.size
    seen: set[Cell] = set()
    result = []
    for cell in range(board.cells):
        if cell in seen:
            continue
        r, c = divmod(cell, n)
        twin = {"rotational": (n - 1 - r) * n + n - 1 - c, "mirror": r * n + n - 1 - c}.get(pattern, cell)
        orbit = tuple(sorted({cell, twin}))
        seen.update(orbit)
        result.append(orbit)
    return result


def reduce_givens(rng: random.Random, board: Board, answer: list[int], level: str,
                  pattern: str) -> list[int]:
    """Remove orbits in random order while the puzzle keeps one answer and the grader finishes it
    with techniques no harder than the level allows, down to the level's floor of givens. The
    grader alone decides: its techniques only ever deduce, so a puzzle they finish has one
    answer. Where the level takes any technique, the solver's count decides (it is faster)."""
    limit = BANDS[board.size].top(level)
    any_technique = limit >= WEIGHTS["contradiction"]

    def givens_without(removed: set[tuple[Cell, ...]]) -> list[int]:
        gone = {cell for orbit in removed for cell in orbit}
        return [0 if cell in gone else value for cell, value in enumerate(answer)]

    def still_solvable(removed: set[tuple[Cell, ...]]) -> bool:
        givens = givens_without(removed)
        if any_technique:
            return count(board, givens, 2)[0] == 1
        try:
            return bool(deduce(board, givens, limit)[1]["solved"])
        except Contradiction:
            return False

    pieces = orbits(board, pattern)
    floor = GIVEN_FLOORS.get(board.size, {}).get(level, 0)
    return givens_without(remove_givens(rng, pieces, still_solvable, keep=floor * len(pieces) // board.cells))


def check_request(request: Request) -> None:
    size = int(request.settings["size"])
    if request.level in UNREACHABLE.get(size, ()):
        raise BookgenError(f"a {size}x{size} sudoku is never {request.level}: every one falls to "
                           "the simplest techniques; choose size 9, or an easier level",
                           key="difficulty")


def generate(rng: random.Random, request: Request) -> Generated:
    level = request.level
    size = int(request.settings["size"])
    variant = request.settings["variant"]
    board = board_of(size, variant)

    def reduce(answer: list[int]) -> JSON:
        givens = reduce_givens(rng, board, answer, level, request.settings["symmetry"])
        return {"variant": variant, "givens": rows_of(board, givens)}

    made = make_at_level(level, ATTEMPTS, lambda: filled(rng, board), reduce, rate,
                         f"could not make a {level} {size}x{size} {variant} sudoku in {ATTEMPTS} "
                         "tries; try another level or size",
                         reductions_per_answer=REDUCTIONS_PER_GRID)
    return Generated(made.puzzle, {"grid": rows_of(board, made.answer)}, made.rating)
