"""Jigsaw and killer sudoku's figures, as bookgen/puzzles/sudoku/README.md states them.

1. Layouts: of N random layouts per size, how many the solver fills within the guess budget, and
   the guesses a filled one took (median, most).
2. The medium floor: of N 9x9 reductions at the medium level, how many still need a naked single
   (rate medium) with the boxes' floor of 30 givens and with the jigsaw's 27.
3. Killer cages: of N killers with cages of 2, 2-3, 2-4, 2-5 and 3-5 cells, how many rate medium,
   hard and expert, how many need a technique weighing 6.0 or more (a 9x9 master's) and how many
   go past what the grader finishes, and the seconds each took; then how often a killer of 2-4
   lands in expert held to a 9x9 expert's 5.99, as it would without a killer's own bands.
4. Generation: processor seconds a puzzle (mean, slowest), the share of tries that hit the level,
   and givens (mean) per size and level: jigsaw, killer, and diagonal's expert and master.

Run: python bench/sudoku_variants.py [--seeds N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bookgen.making import make_puzzle, verify
from bookgen.puzzles import find_type
from bookgen.puzzles.base import JSON, Request
from bookgen.puzzles.sudoku import cages, generator, grader
from bookgen.puzzles.sudoku.board import board_of, rows_of
from bookgen.puzzles.sudoku.grader import SEARCH, rate
from bookgen.puzzles.sudoku.regions import random_layout
from bookgen.puzzles.sudoku.solver import Budget, solutions

SUDOKU = find_type("sudoku")
MASTER_LINE = grader.BANDS[9].span("master")[0]
LEVELS = {("jigsaw", "6"): ("easy", "medium", "hard"),
          ("jigsaw", "9"): ("easy", "medium", "hard", "expert", "master"),
          ("killer", "9"): ("medium", "hard", "expert"), ("diagonal", "9"): ("expert", "master")}


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
    for sizes in ((2, 2), (2, 3), (2, 4), (2, 5), (3, 5)):
        cages.CAGE_SIZES["bench"] = sizes
        rng = random.Random(5)
        levels = {"medium": 0, "hard": 0, "expert": 0}
        chains = past = 0
        start = time.process_time()
        for _ in range(seeds):
            answer = generator.filled(rng, board_of(9, "classic"))
            assert answer is not None
            rating = rate(generator.killer(rng, 9, "bench", answer))
            levels[rating["level"]] += 1
            past += rating["hardest"] == "search"
            chains += MASTER_LINE <= rating["score"] < SEARCH
        each = (time.process_time() - start) / seeds
        print(f"killers with cages of {sizes[0]}-{sizes[1]} cells: {levels} of {seeds}; {chains} need "
              f"a technique of {MASTER_LINE} or more, {past} go past the grader; {each:.2f} s each")
    del cages.CAGE_SIZES["bench"]


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


def killer_held_to_expert(seeds: int) -> None:
    """Killer expert as a 9x9's bands would have it (5.99 at most, master above): the tries and
    the time it takes (why a killer keeps its own bands, grader.KILLER_BANDS)."""
    own = grader.KILLER_BANDS
    grader.KILLER_BANDS = grader.BANDS[9]
    times = []
    try:
        with Tries() as tries:
            for seed in range(seeds):
                start = time.process_time()
                SUDOKU.generate(random.Random(f"held/{seed}"),
                                Request.make(SUDOKU, "expert", {"variant": "killer"}))
                times.append(time.process_time() - start)
    finally:
        grader.KILLER_BANDS = own
    print(f"killer expert held to 5.99: {statistics.mean(times):.2f} s of processor a puzzle (slowest "
          f"{max(times):.2f}), {seeds} of {tries.count} tries at the level")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="puzzles per level (layouts: 10 times as many)")
    seeds = parser.parse_args().seeds
    layouts(10 * seeds)
    medium_floor(3 * seeds)
    killer_cages(2 * seeds)
    killer_held_to_expert(seeds)
    generation(seeds)


if __name__ == "__main__":
    main()
