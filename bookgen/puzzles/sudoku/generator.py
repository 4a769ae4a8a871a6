"""The generator: a random filled grid (a jigsaw's on a random layout of regions first), then
givens removed an orbit at a time (two cells turned half way round each other, by default) while
the puzzle keeps one answer and the grader still solves it within the level; a killer's cages
grown over the grid instead, with givens only where they leave two answers. Kept when its
measured level is the one asked for.
"""

from __future__ import annotations

import random
from itertools import islice

from bookgen.api import JSON, Generated, Request
from bookgen.core.grading import make_at_level, remove_givens
from bookgen.errors import BookgenError
from bookgen.puzzles.sudoku.board import Board, Cell, board_of, rows_of
from bookgen.puzzles.sudoku.cages import CAGE_SIZES, random_cages
from bookgen.puzzles.sudoku.grader import BANDS, WEIGHTS, Contradiction, deduce, rate
from bookgen.puzzles.sudoku.parameters import VARIANT_SIZES
from bookgen.puzzles.sudoku.regions import random_layout
from bookgen.puzzles.sudoku.solver import Budget, count, initial, solutions, values_of

ATTEMPTS = 200          # filled grids tried before a request is declared impossible
REDUCTIONS_PER_GRID = 3  # removal orders tried on each filled grid
GIVEN_FLOORS = {9: {"easy": 34, "medium": 30}}
"""Givens a 9x9 keeps at the easy levels, as published puzzles do (singles alone can solve a
grid of 27 givens, which would print fewer givens at easy than at hard)."""
JIGSAW_FLOORS = {9: {"easy": 34, "medium": 27}}
"""A jigsaw's: its irregular regions leave more hidden singles, so at 30 givens only one
reduction in fifteen still needs a naked single (medium); at 27, one in four."""
UNREACHABLE = {4: ("hard", "expert", "master"), 6: ("expert", "master")}
"""Levels a size never reaches: every 4x4 sudoku falls to full houses and hidden singles in boxes,
and a 6x6 needs little more."""
KILLER_GUESSES = 400
"""Guesses a killer's count of answers may make: most cages settle in far fewer, and a few
would search for seconds (fresh cages are quicker)."""
KILLER_UNREACHABLE = {
    "easy": "its first steps add up its cages; choose medium or harder",
    "master": "larger cages make killers past what its grader can rate, not ones that need chains; "
              "choose expert or easier",
}
"""Why a killer is never at a level: it starts from its cage sums, which weigh as a naked single;
and past expert its grader gives up before chains would help (grader.KILLER_BANDS)."""
LAYOUTS = 50         # jigsaw layouts tried for one filled grid
LAYOUT_GUESSES = 300
"""Guesses the search may make to fill a jigsaw's empty grid: many layouts have no answer or hide
it deep, and a fresh layout is quicker than a long search (bench/sudoku_variants.py: 56 of 100 9x9
layouts fill within it, at 47 guesses the median)."""


def filled(rng: random.Random, board: Board, budget: Budget | None = None) -> list[int] | None:
    """A random complete grid: the solver's search on an empty grid, numbers tried in random
    order; None when the board has no answer within the budget."""
    found = next(solutions(board, [board.full] * board.cells, rng, budget), None)
    return None if found is None else values_of(found)


def filled_jigsaw(rng: random.Random, size: int) -> tuple[Board, list[int]] | None:
    """A random layout of regions and a random complete grid for it (None if `LAYOUTS` layouts
    in a row fill within no budget)."""
    for _ in range(LAYOUTS):
        board = board_of(size, "jigsaw", tuple(random_layout(rng, size)))
        answer = filled(rng, board, Budget(LAYOUT_GUESSES))
        if answer is not None:
            return board, answer
    return None


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
    with techniques no harder than the level allows, down to the level's floor of givens. Below
    the techniques that assume one answer (a unique rectangle, BUG+1) the grader alone decides:
    its techniques only deduce, so a puzzle they finish has one answer. From those on, the
    solver's count must find one answer too; where the level takes any technique, it alone
    decides (it is faster)."""
    limit = BANDS[board.size].top(level)
    any_technique = limit >= WEIGHTS["contradiction"]
    counted = limit >= min(WEIGHTS["unique rectangle"], WEIGHTS["bug+1"])

    def givens_without(removed: set[tuple[Cell, ...]]) -> list[int]:
        gone = {cell for orbit in removed for cell in orbit}
        return [0 if cell in gone else value for cell, value in enumerate(answer)]

    def still_solvable(removed: set[tuple[Cell, ...]]) -> bool:
        givens = givens_without(removed)
        if counted and count(board, givens, 2)[0] != 1:
            return False
        if any_technique:
            return True
        try:
            return bool(deduce(board, givens, limit)[1]["solved"])
        except Contradiction:
            return False

    pieces = orbits(board, pattern)
    floors = JIGSAW_FLOORS if board.variant == "jigsaw" else GIVEN_FLOORS
    floor = floors.get(board.size, {}).get(level, 0)
    return givens_without(remove_givens(rng, pieces, still_solvable, keep=floor * len(pieces) // board.cells))


def killer_givens(rng: random.Random, board: Board, answer: list[int]) -> list[int] | None:
    """The few givens a killer's cages need for one answer: while the solver finds two, the
    answer's number goes into a cell where they differ (none, usually). None when a count runs
    out of its budget: those cages are not worth the search."""
    givens = [0] * board.cells
    while True:
        candidates = initial(board, givens)
        assert candidates is not None  # the answer keeps every cage
        budget = Budget(KILLER_GUESSES)
        found = [values_of(c) for c in islice(solutions(board, candidates, None, budget), 2)]
        if budget.left <= 0:
            return None
        if len(found) == 1:
            return givens
        cell = rng.choice([c for c in range(board.cells) if found[0][c] != found[1][c]])
        givens[cell] = answer[cell]


def killer(rng: random.Random, size: int, level: str, answer: list[int]) -> JSON:
    """A killer of the answer: cages grown at the level's sizes until their count of answers
    fits its budget, then the givens they need."""
    while True:
        cages = random_cages(rng, size, answer, CAGE_SIZES[level])
        board = board_of(size, "killer", None, tuple(cages))
        givens = killer_givens(rng, board, answer)
        if givens is not None:
            return {"variant": "killer", "givens": rows_of(board, givens),
                    "cages": [{"sum": total, "cells": [list(divmod(cell, size)) for cell in cells]}
                              for cells, total in cages]}


def check_request(request: Request) -> None:
    size = int(request.settings["size"])
    variant = request.settings["variant"]
    if variant in VARIANT_SIZES and str(size) not in VARIANT_SIZES[variant]:
        raise BookgenError(f"a {variant} sudoku comes in size {' or '.join(VARIANT_SIZES[variant])}, "
                           f"not {size}; choose another size or variant", key="variant")
    if variant == "killer" and request.settings["symmetry"] != "rotational":
        raise BookgenError(f"a killer sudoku has no symmetry of givens to choose (its few givens go "
                           f"where its cages leave two answers); leave out symmetry: "
                           f"{request.settings['symmetry']}", key="symmetry")
    if variant == "killer" and request.level in KILLER_UNREACHABLE:
        raise BookgenError(f"a killer sudoku is never {request.level}: "
                           f"{KILLER_UNREACHABLE[request.level]}", key="difficulty")
    if request.level in UNREACHABLE.get(size, ()):
        raise BookgenError(f"a {size}x{size} sudoku is never {request.level}: every one falls to "
                           "the simplest techniques; choose size 9, or an easier level",
                           key="difficulty")


def generate(rng: random.Random, request: Request) -> Generated:
    level = request.level
    size = int(request.settings["size"])
    variant = request.settings["variant"]

    def fill() -> tuple[Board, list[int]] | None:
        if variant == "jigsaw":
            return filled_jigsaw(rng, size)
        board = board_of(size, variant)
        answer = filled(rng, board)
        return None if answer is None else (board, answer)

    def reduce(answer: tuple[Board, list[int]]) -> JSON:
        board, grid = answer
        if variant == "killer":
            return killer(rng, size, level, grid)
        givens = reduce_givens(rng, board, grid, level, request.settings["symmetry"])
        puzzle: JSON = {"variant": variant, "givens": rows_of(board, givens)}
        if variant == "jigsaw":
            puzzle["regions"] = rows_of(board, list(board.layout))
        return puzzle

    made = make_at_level(level, ATTEMPTS, fill, reduce, rate,
                         f"could not make a {level} {size}x{size} {variant} sudoku in {ATTEMPTS} "
                         "tries; try another level or size",
                         reductions_per_answer=REDUCTIONS_PER_GRID)
    board, grid = made.answer
    return Generated(made.puzzle, {"grid": rows_of(board, grid)}, made.rating)
