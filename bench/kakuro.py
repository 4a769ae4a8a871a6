"""Kakuro figures: a published set solved (bench/data/kakuro-holst.md: 30 puzzles of Anders Holst's
generator, the one public kakuro generator in Tatham's family) unique and equal to its answers,
with bookgen's rating of each of Holst's levels; then generation time per puzzle by size and level.

Targets (issue 41, the kakuro brief): every published puzzle unique and its answer Holst's; the
default size of each level (8x8 easy, 9x9 medium, 10x10 hard and expert) well under a second a
puzzle on average, as the every-type tests make one per level; 8x8 to 16x16 through `size`.

With --holst PATH (the driver bench/data/kakuro-holst.md builds) the script also times Holst's
generator at the same sizes (his size counts the squares inside the clue row and column, so his 7
is our 8x8), at his levels 2 to 4, for a pairing of the two: his C against our Python.

The trivial rate: how many puzzles of each level (and of Holst's) a plain solver written apart
from the grader finishes with the unique sums alone (a run whose sum, given the digits written in
it, has one set of digits) and with the whole sum tables: easy ones must fall to the tables,
no harder one to either (a level's label is what a person needs, not what a search counts).

Run: python bench/kakuro.py [--seeds N] [--sizes 8,10,12] [--holst PATH] [--generation-only]
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import re
import statistics
import subprocess
import time
from collections import Counter
from pathlib import Path

from trials import expert_trials

from bookgen.core.grading import LEVELS
from bookgen.puzzles import find_type
from bookgen.puzzles.base import JSON, Request

KAKURO = find_type("kakuro")
DATA = Path(__file__).parent / "data" / "kakuro-holst.txt"
HOLST_LEVELS = {1: "trivial", 2: "easy", 3: "medium", 4: "hard", 5: "extreme"}


def holst_puzzle(size: int, description: str) -> JSON:
    """Holst's game description as bookgen's puzzle JSON: (size+1)^2 squares row by row."""
    side = size + 1
    squares: list[dict | None] = []
    for token in re.findall(r"[a-z]|B\d+\.\d+|H\d+|V\d+|X", description):
        if token.islower():
            squares += [None] * (ord(token) - ord("a") + 1)
        elif token == "X":
            squares.append({"across": None, "down": None})
        elif token[0] == "B":
            across, down = token[1:].split(".")
            squares.append({"across": int(across), "down": int(down)})
        elif token[0] == "H":
            squares.append({"across": int(token[1:]), "down": None})
        else:
            squares.append({"across": None, "down": int(token[1:])})
    assert len(squares) == side * side, f"{len(squares)} squares, not {side * side}"
    return {"cells": [squares[r * side:(r + 1) * side] for r in range(side)]}


def holst_answer(size: int, answer: str) -> JSON:
    """Holst's answer string ('S', then every square: '\\' black, the digit white) as a grid."""
    side, body = size + 1, answer[1:]
    return {"grid": [[0 if ch == "\\" else int(ch) for ch in body[r * side:(r + 1) * side]]
                     for r in range(side)]}


def runs_of(puzzle: JSON) -> list[tuple[int, list[tuple[int, int]]]]:
    """Every run as (its sum, its squares), read off the grid."""
    cells = puzzle["cells"]
    runs = []
    for r, row in enumerate(cells):
        for c, clue in enumerate(row):
            for key, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
                if clue is not None and clue.get(key):
                    squares, rr, cc = [], r + dr, c + dc
                    while rr < len(cells) and cc < len(row) and cells[rr][cc] is None:
                        squares.append((rr, cc))
                        rr, cc = rr + dr, cc + dc
                    runs.append((clue[key], squares))
    return runs


def sum_tables_solve(puzzle: JSON, unique_only: bool) -> bool:
    """Whether a person finishes the puzzle with the sum tables alone: each run's squares keep
    the digits of the sets of digits its sum (less the digits written in it) can still be made
    of, and a square left one digit takes it. `unique_only`: a run tells its squares something
    only when one set is left (16 in two squares: 7 and 9)."""
    runs = runs_of(puzzle)
    written: dict[tuple[int, int], int] = {}
    candidates = {square: set(range(1, 10)) for _, squares in runs for square in squares}
    changed = True
    while changed:
        changed = False
        for total, squares in runs:
            done = {written[square] for square in squares if square in written}
            empty = [square for square in squares if square not in written]
            sets = [set(s) for s in itertools.combinations(sorted(set(range(1, 10)) - done), len(empty))
                    if sum(s) == total - sum(done)]
            if not empty or unique_only and len(sets) != 1:
                continue
            allowed = set().union(*sets)
            for square in empty:
                if not candidates[square] <= allowed:
                    candidates[square] &= allowed
                    changed = True
        for square, digits in candidates.items():
            if square not in written and len(digits) == 1:
                written[square] = min(digits)
                changed = True
                for _, squares in runs:
                    if square in squares:
                        for other in squares:
                            if other != square:
                                candidates[other].discard(written[square])
    return len(written) == len(candidates)


def trivial_rate(seeds: int) -> None:
    print(f"\nthe trivial rate: of {seeds} puzzles a level (default size), how many a plain solver "
          "finishes with the unique sums alone / with the sum tables (easy: the tables must)")
    for level in LEVELS:
        puzzles = [KAKURO.generate(random.Random(f"bench/trivial/{level}/{seed}"),
                                   Request.make(KAKURO, level, {})).puzzle for seed in range(seeds)]
        unique = sum(sum_tables_solve(puzzle, True) for puzzle in puzzles)
        tables = sum(sum_tables_solve(puzzle, False) for puzzle in puzzles)
        print(f"  {level:>7}: {unique} / {tables} of {seeds}")
    holst_levels: dict[int, list[JSON]] = {}
    for line in filter(None, DATA.read_text().split("\n")):
        size, level, description, _ = line.split()
        holst_levels.setdefault(int(level), []).append(holst_puzzle(int(size), description))
    print("  Holst's, by his level: " + "; ".join(
        f"{HOLST_LEVELS[level]} {sum(sum_tables_solve(p, True) for p in puzzles)} / "
        f"{sum(sum_tables_solve(p, False) for p in puzzles)} of {len(puzzles)}"
        for level, puzzles in sorted(holst_levels.items())))


def anchors() -> None:
    lines = DATA.read_text().split("\n")
    ratings: Counter[tuple[int, str]] = Counter()
    times, failures = [], []
    for number, line in enumerate(filter(None, lines), 1):
        size, level, description, answer = line.split()
        puzzle, expected = holst_puzzle(int(size), description), holst_answer(int(size), answer)
        KAKURO.validate(puzzle)
        start = time.process_time()
        solved = KAKURO.solve(puzzle, 2)
        times.append(time.process_time() - start)
        if solved.count != 1 or solved.solution != expected or KAKURO.check(puzzle, expected):
            failures.append(f"line {number}: {solved.count} answers, Holst's answer "
                            f"{'found' if solved.solution == expected else 'not found'}")
        ratings[int(level), KAKURO.rate(puzzle)["level"]] += 1
    count = sum(ratings.values())
    print(f"Holst's kakuro (bench/data/kakuro-holst.txt): {count - len(failures)} of {count} unique "
          f"with Holst's answer; solving (count to two) {statistics.mean(times) * 1000:.1f} ms "
          f"mean, {max(times) * 1000:.1f} ms slowest (processor)")
    for failure in failures:
        print("  FAIL", failure)
    print("bookgen's level of each of Holst's levels (his rate his search's steps, ours a "
          "person's hardest step):")
    print(f"{'Holst':>10} " + " ".join(f"{level:>7}" for level in LEVELS))
    for level, name in HOLST_LEVELS.items():
        print(f"{name:>10} " + " ".join(f"{ratings[level, ours]:>7}" for ours in LEVELS))


def generation(seeds: int, sizes: list[int]) -> None:
    print(f"\ngeneration, seconds per puzzle over {seeds} seeds (mean and slowest wall time; mean "
          "processor time in brackets); then the default sizes, the suite's cost")
    print(f"{'size':>6} " + " ".join(f"{level:>24}" for level in LEVELS))
    experts: dict[int, list[dict]] = {}
    for size in sizes:
        cells = []
        for level in LEVELS:
            walls, cpus = [], []
            for seed in range(seeds):
                request = Request.make(KAKURO, level, {"size": f"{size}x{size}"})
                start, cpu = time.perf_counter(), time.process_time()
                made = KAKURO.generate(random.Random(f"bench/{size}/{level}/{seed}"), request)
                walls.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu)
                if level == "expert":
                    experts.setdefault(size, []).append(made.rating)
            cells.append(f"{statistics.mean(walls):7.2f} {max(walls):6.2f} ({statistics.mean(cpus):5.2f})")
        print(f"{size:>3}x{size:<2} " + " ".join(f"{cell:>24}" for cell in cells), flush=True)
    print("expert puzzles' trials and scores:")
    for size, ratings in experts.items():
        print(expert_trials(f"{size}x{size}", ratings))
    walls, cpus = [], []
    for level in LEVELS:
        for seed in range(seeds):
            start, cpu = time.perf_counter(), time.process_time()
            KAKURO.generate(random.Random(f"bench/default/{level}/{seed}"), Request.make(KAKURO, level, {}))
            walls.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
    print(f"default sizes, easy to expert: {statistics.mean(walls):.2f} s a puzzle mean "
          f"({statistics.mean(cpus):.2f} s of processor), {max(walls):.2f} s slowest, over "
          f"{len(walls)} puzzles")


HOLST_LARGEST = 12
"""The largest size Holst's generator takes (inside the clue row and column: our 13x13); his
tables of search limits end there, and at 13 it runs on for minutes a puzzle."""


def holst(path: str, seeds: int, sizes: list[int]) -> None:
    print(f"\nHolst's generator (C, {path}), seconds of processor per puzzle over {seeds} seeds "
          f"(mean, slowest), by his level; his sizes go up to {HOLST_LARGEST + 1}x{HOLST_LARGEST + 1} "
          "in ours:")
    print(f"{'size':>6} " + " ".join(f"{HOLST_LEVELS[level]:>16}" for level in (2, 3, 4)))
    for size in (size for size in sizes if size - 1 <= HOLST_LARGEST):
        cells = []
        for level in (2, 3, 4):
            output = subprocess.run([path, str(size - 1), str(level), str(seeds), "bench"],
                                    capture_output=True, text=True, check=True, timeout=600).stdout
            seconds = [float(line.split()[-1]) for line in output.splitlines()]
            cells.append(f"{statistics.mean(seconds):8.3f} {max(seconds):7.3f}")
        print(f"{size:>3}x{size:<2} " + " ".join(f"{cell:>16}" for cell in cells), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--sizes", default="8,10,12,14,16")
    parser.add_argument("--holst", help="Holst's generator, built as bench/data/kakuro-holst.md says")
    parser.add_argument("--generation-only", action="store_true")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    print(f"load average {' '.join(f'{load:.2f}' for load in os.getloadavg())} on "
          f"{os.cpu_count()} cores (a busy machine inflates the wall times)")
    if not args.generation_only:
        anchors()
        trivial_rate(args.seeds * 4)
    generation(args.seeds, sizes)
    if args.holst:
        holst(args.holst, args.seeds, sizes)


if __name__ == "__main__":
    main()
