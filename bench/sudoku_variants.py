"""Jigsaw and killer sudoku's figures, as bookgen/puzzles/sudoku/README.md states them.

1. Layouts: of N random layouts per size, how many the solver fills within the guess budget, and
   the guesses a filled one took (median, most).
2. The medium floor: of N 9x9 reductions at the medium level, how many still need a naked single
   (rate medium) with the boxes' floor of 30 givens and with the jigsaw's 27.
3. Killer cages: of N killers without givens, cages of 2, 2-3, 2-4 and 2-5 cells settled to one
   answer (`generator.one_answer`), how many rate each level, how many need a technique weighing
   6.0 or more (a 9x9 master's) and how many go past what the grader finishes, and the seconds
   each took.
4. Generation: processor seconds a puzzle (mean, slowest), the share of tries that hit the level,
   and givens (mean) per size and level: jigsaw, killer at every level, diagonal's expert and
   master, and the combined variants (killer-diagonal, jigsaw-diagonal, killer-jigsaw).

Run: python bench/sudoku_variants.py [--seeds N]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from bookgen.making import make_puzzle, verify
from bookgen.puzzles import find_type
from bookgen.puzzles.base import JSON, Request
from bookgen.puzzles.sudoku import generator, grader
from bookgen.puzzles.sudoku.board import board_of, rows_of
from bookgen.puzzles.sudoku.grader import SEARCH, rate
from bookgen.puzzles.sudoku.regions import random_layout
from bookgen.puzzles.sudoku.solver import Budget, solutions

SUDOKU = find_type("sudoku")
MASTER_LINE = grader.BANDS[9].span("master")[0]
FIVE = ("easy", "medium", "hard", "expert", "master")
LEVELS = {("jigsaw", "6"): ("easy", "medium", "hard"), ("jigsaw", "9"): FIVE, ("killer", "9"): FIVE,
          ("diagonal", "9"): ("expert", "master"), ("killer-diagonal", "9"): FIVE,
          ("jigsaw-diagonal", "9"): FIVE, ("killer-jigsaw", "9"): FIVE}


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
    board = board_of(9, "killer")
    for sizes in ((2, 2), (2, 3), (2, 4), (2, 5)):
        rng = random.Random(5)
        levels = dict.fromkeys(FIVE, 0)
        chains = past = 0
        start = time.process_time()
        for _ in range(seeds):
            answer = generator.filled(rng, board)
            assert answer is not None
            caged = None
            while caged is None:
                caged = generator.one_answer(rng, board, answer, sizes)
            rating = rate({"variant": "killer", "givens": rows_of(caged, [0] * 81),
                           "cages": [{"sum": total, "cells": [list(divmod(cell, 9)) for cell in cells]}
                                     for cells, total in caged.cages]})
            levels[rating["level"]] += 1
            past += rating["hardest"] == "search"
            chains += MASTER_LINE <= rating["score"] < SEARCH
        each = (time.process_time() - start) / seeds
        print(f"killers without givens, cages of {sizes[0]}-{sizes[1]} cells: {levels} of {seeds}; {chains} "
              f"need a technique of {MASTER_LINE} or more, {past} go past the grader; {each:.2f} s each")


class Tries:
    """Counts the ratings a generation asks for: each is one try at the level."""

    def __init__(self) -> None:
        self.count = 0

    def __enter__(self) -> Tries:
        def counted(puzzle: JSON) -> JSON:
            self.count += 1
            return rate(puzzle)
        generator.rate = counted
        return self

    def __exit__(self, *_: object) -> None:
        generator.rate = rate


def generation(seeds: int) -> None:
    for (variant, size), levels in LEVELS.items():
        for level in levels:
            times, givens = [], []
            with Tries() as tries:
                for seed in range(seeds):
                    start = time.process_time()
                    record = make_puzzle(Request.make(SUDOKU, level, {"size": size, "variant": variant}),
                                         f"bench-{seed}")
                    times.append(time.process_time() - start)
                    verify(record)
                    givens.append(record.rating["givens"])
            print(f"{variant} {size}x{size} {level}: {statistics.mean(times):.2f} s of processor a puzzle "
                  f"(slowest {max(times):.2f}), {seeds} of {tries.count} tries at the level, "
                  f"{statistics.mean(givens):.1f} givens")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="puzzles per level (layouts: 10 times as many)")
    seeds = parser.parse_args().seeds
    print(f"load: {os.getloadavg()[0]:.1f} (1 minute average) on {os.cpu_count()} cores")
    layouts(10 * seeds)
    medium_floor(3 * seeds)
    killer_cages(2 * seeds)
    generation(seeds)


if __name__ == "__main__":
    main()
