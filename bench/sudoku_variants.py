"""Jigsaw and killer sudoku's figures, as bookgen/puzzles/sudoku/README.md states them.

1. Layouts: of N random layouts per size, how many the solver fills within the guess budget, and
   the guesses a filled one took (median, most).
2. The medium floor: of N 9x9 reductions at the medium level, how many still need a naked single
   (rate medium) with the boxes' floor of 30 givens and with the jigsaw's 27.
3. Killer cages: of N killers with cages of 2, 2-3 and 2-4 cells, how many rate medium, hard and
   expert, and the seconds each took.
4. Generation: seconds a puzzle (mean, slowest) and givens (mean) per size and level, jigsaw and
   killer.

Run: python bench/sudoku_variants.py [--seeds N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bookgen.making import make_puzzle, verify
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.sudoku import cages, generator
from bookgen.puzzles.sudoku.board import board_of, rows_of
from bookgen.puzzles.sudoku.grader import rate
from bookgen.puzzles.sudoku.regions import random_layout
from bookgen.puzzles.sudoku.solver import Budget, solutions

SUDOKU = find_type("sudoku")
LEVELS = {("jigsaw", "6"): ("easy", "medium", "hard"), ("jigsaw", "9"): ("easy", "medium", "hard", "expert"),
          ("killer", "9"): ("medium", "hard", "expert")}


def layouts(seeds: int) -> None:
    budget = generator.LAYOUT_GUESSES
    for size in (6, 9):
        used = []
        for seed in range(seeds):
            rng = random.Random(seed)
            board = board_of(size, "jigsaw", tuple(random_layout(rng, size)))
            left = Budget(budget)
            if next(solutions(board, [board.full] * board.cells, rng, left), None) is not None:
                used.append(budget - left.left)
        print(f"{size}x{size} layouts: {len(used)} of {seeds} filled within {budget} guesses; "
              f"guesses median {statistics.median(used):.0f}, most {max(used)}")


def medium_floor(seeds: int) -> None:
    for floor in (30, 27):
        generator.JIGSAW_FLOORS[9]["medium"] = floor
        rng = random.Random(1)
        medium = 0
        for _ in range(seeds):
            made = generator.filled_jigsaw(rng, 9)
            assert made is not None
            board, grid = made
            givens = generator.reduce_givens(rng, board, grid, "medium", "rotational")
            puzzle = {"variant": "jigsaw", "givens": rows_of(board, givens),
                      "regions": rows_of(board, list(board.layout))}
            medium += rate(puzzle)["level"] == "medium"
        print(f"9x9 medium reductions at a floor of {floor} givens: {medium} of {seeds} rate medium")
    generator.JIGSAW_FLOORS[9]["medium"] = 27


def killer_cages(seeds: int) -> None:
    for sizes in ((2, 2), (2, 3), (2, 4)):
        cages.CAGE_SIZES["bench"] = sizes
        rng = random.Random(5)
        levels = {"medium": 0, "hard": 0, "expert": 0}
        start = time.perf_counter()
        for _ in range(seeds):
            answer = generator.filled(rng, board_of(9, "classic"))
            assert answer is not None
            levels[rate(generator.killer(rng, 9, "bench", answer))["level"]] += 1
        each = (time.perf_counter() - start) / seeds
        print(f"killers with cages of {sizes[0]}-{sizes[1]} cells: {levels} of {seeds}, {each:.2f} s each")
    del cages.CAGE_SIZES["bench"]


def generation(seeds: int) -> None:
    for (variant, size), levels in LEVELS.items():
        for level in levels:
            times, givens = [], []
            for seed in range(seeds):
                start = time.perf_counter()
                record = make_puzzle(Request.make(SUDOKU, level, {"size": size, "variant": variant}),
                                     f"bench-{seed}")
                times.append(time.perf_counter() - start)
                verify(record)
                givens.append(record.rating["givens"])
            print(f"{variant} {size}x{size} {level}: {statistics.mean(times):.2f} s a puzzle "
                  f"(slowest {max(times):.2f}), {statistics.mean(givens):.1f} givens")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="puzzles per level (layouts: 10 times as many)")
    seeds = parser.parse_args().seeds
    layouts(10 * seeds)
    medium_floor(3 * seeds)
    killer_cages(2 * seeds)
    generation(seeds)


if __name__ == "__main__":
    main()
