"""Sudoku figures: generation time per size and level, and how the grader's rating ranks puzzles
against Sudoku Explainer (SE): across SE's bands on the held-out part of a yardstick of 9x9
puzzles SE rated (bench/data/sudoku-se.md), within SE 5.0 and above on held-out Sudoku Exchange
puzzles (bench/data/sudoku-exchange.md), and the SE range each of our 9x9 levels produces
(master: past SE's own Diabolical line, expert below it).

Targets (issue 30): a hard 9x9 in well under a second; Spearman of our score against SE at least
0.8 on held-out puzzles.

The anchor is QQWing (GPL 2; github.com/stephenostermiller/qqwing), built from its C++ source:
write src/cpp/config.h with VERSION, PACKAGE_STRING and HAVE_GETTIMEOFDAY 1, then
`g++ -O2 -o qqwing src/cpp/main.cpp src/cpp/qqwing.cpp`. With --qqwing PATH the script times its
generation per difficulty (half-turn symmetric, as ours) and rates its puzzles with our grader.
It also prints the CPU time of the canonical form (one text for a puzzle and all its twins) and
how many different 4x4 puzzles and filled grids there are with twins counted once.
Generation is timed per size (4x4 to 16x16) and level; `--sizes 8,12,16` times only those.
Run: python bench/sudoku.py [--seeds N] [--sizes LIST] [--variety N] [--qqwing PATH] [--generation-only]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import time
from collections import Counter
from pathlib import Path

from arithmetic_people import spearman  # the benches' one rank correlation (this script's folder)

from bookgen.core.grading import ALL_LEVELS
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.sudoku import parse_line
from bookgen.puzzles.sudoku.board import board_of, rows_of
from bookgen.puzzles.sudoku.generator import filled
from bookgen.puzzles.sudoku.solver import initial, solutions, values_of

SUDOKU = find_type("sudoku")
DATA = Path(__file__).parent / "data"
REQUESTS = [("4", "easy"), ("4", "medium"), ("6", "easy"), ("6", "medium"), ("6", "hard"),
            ("9", "easy"), ("9", "medium"), ("9", "hard"), ("9", "expert"), ("9", "master"),
            ("8", "easy"), ("8", "medium"), ("8", "hard"), ("8", "expert"),
            ("12", "easy"), ("12", "medium"), ("12", "hard"), ("12", "expert"), ("12", "master"),
            ("16", "easy"), ("16", "medium"), ("16", "hard"), ("16", "expert")]

SE_DIABOLICAL = 6.1
"""Where Sudoku Explainer's own top tier starts ("Diabolical: forcing chains or trial & error,
6.1 - 10.0"; its "Fiendish" ends at 6.0): the line a 9x9 master puzzle should be past."""


def generation(seeds: int, sizes: set[str]) -> None:
    print(f"generation, seconds per puzzle over {seeds} seeds (mean, slowest; mean processor time, "
          "which other work on the machine inflates less), symmetric givens:")
    for size, level in REQUESTS:
        if sizes and size not in sizes:
            continue
        request = Request.make(SUDOKU, level, {"size": size})
        took, busy = [], []
        givens = []
        for seed in range(seeds):
            started, processor = time.perf_counter(), time.process_time()
            made = SUDOKU.generate(random.Random(f"bench/{seed}"), request)
            took.append(time.perf_counter() - started)
            busy.append(time.process_time() - processor)
            givens.append(made.rating["givens"])
        print(f"  {size}x{size} {level:6}  {statistics.mean(took):6.3f}  {max(took):6.3f}  "
              f"cpu {statistics.mean(busy):6.3f}  givens {statistics.mean(givens):5.1f}")


def variety(seeds: int) -> None:
    """How many different 4x4 puzzles (twins counted once) `seeds` seeds give a level, and how many
    filled grids are not twins of each other: why sudoku answers are not compared up to twins."""
    print(f"variety, twins counted once (all changes that keep a sudoku a sudoku), {seeds} seeds:")
    for level in ("easy", "medium"):
        request = Request.make(SUDOKU, level, {"size": "4"})
        forms = {SUDOKU.canonical(SUDOKU.generate(random.Random(f"variety/{seed}"), request).puzzle)
                 for seed in range(seeds)}
        print(f"  4x4 {level:6}  {len(forms)} different puzzles")
    board = board_of(4, "classic")
    full = [rows_of(board, values_of(grid)) for grid in solutions(board, initial(board, [0] * 16))]
    forms = {SUDOKU.canonical({"givens": grid}) for grid in full}
    print(f"  4x4 filled grids: {len(full)}, of which {len(forms)} are not twins of each other")
    board = board_of(6, "classic")
    rng = random.Random("variety")
    forms = {SUDOKU.canonical({"givens": rows_of(board, filled(rng, board))}) for _ in range(5 * seeds)}
    print(f"  6x6 filled grids: {5 * seeds} random ones hold {len(forms)} that are not twins of each other")


def canonical_time(seeds: int, sizes: set[str]) -> None:
    """CPU time of the canonical form of generated puzzles per size and variant, classic and
    diagonal (the machine is shared, so CPU time rather than the clock)."""
    for size, variant, levels in (("9", "classic", ("easy", "medium", "hard", "expert")),
                                  ("12", "classic", ("easy", "hard")), ("16", "classic", ("easy", "hard")),
                                  ("9", "diagonal", ("easy", "hard")), ("16", "diagonal", ("easy",))):
        if sizes and size not in sizes:
            continue
        puzzles = [SUDOKU.generate(random.Random(f"canonical/{seed}"),
                                   Request.make(SUDOKU, level, {"size": size, "variant": variant})).puzzle
                   for seed in range(seeds) for level in levels]
        took = []
        for puzzle in puzzles:
            started = time.process_time()
            SUDOKU.canonical(puzzle)
            took.append(time.process_time() - started)
        print(f"canonical form: {statistics.mean(took) * 1000:.1f} ms per {size}x{size} {variant} puzzle "
              f"(CPU, mean of {len(took)}; slowest {max(took) * 1000:.1f} ms)")


def agreement(name: str, note: str) -> None:
    """Spearman of our score against SE's rating over one file of `puzzle SE ...` lines (the
    Sudoku Exchange samples put the bank's id first)."""
    ours, theirs = [], []
    started = time.process_time()
    lines = (DATA / name).read_text().splitlines()
    for line in lines:
        fields = line.split()
        digits, rating = fields[-2:] if name.startswith("sudoku-exchange") else fields[:2]
        ours.append(SUDOKU.rate(parse_line(digits))["score"])
        theirs.append(float(rating))
    took = time.process_time() - started
    print(f"{name} ({note}): {len(lines)} puzzles, SE {min(theirs)}-{max(theirs)}; Spearman of our score "
          f"against SE {spearman(ours, theirs):.2f}; rating {took / len(lines) * 1000:.0f} ms of processor "
          "a puzzle")


def level_ranges() -> None:
    """The SE ratings of the yardstick's puzzles our generator made, per level asked for, and how
    many sit on the wrong side of SE's Diabolical line (expert at or past it, master below it)."""
    print(f"SE rating of our 9x9 puzzles per level (the yardstick's bookgen-* lines, both parts; SE's "
          f"Diabolical tier starts at {SE_DIABOLICAL}):")
    by_level: dict[str, list[float]] = {}
    for name in ("sudoku-se-calibration.txt", "sudoku-se-heldout.txt"):
        for line in (DATA / name).read_text().splitlines():
            _, rating, source = line.split()
            if source.startswith("bookgen-"):
                by_level.setdefault(source.removeprefix("bookgen-"), []).append(float(rating))
    for level in ALL_LEVELS:
        ratings = sorted(by_level[level])
        past = sum(rating >= SE_DIABOLICAL for rating in ratings)
        print(f"  {level:6}  {len(ratings)} puzzles, SE {ratings[0]}-{ratings[-1]}, "
              f"median {statistics.median(ratings)}, {past} at SE {SE_DIABOLICAL} or more")


def anchor(qqwing: str, count: int) -> None:
    """QQWing's generation time per difficulty, and the levels our grader gives its puzzles."""
    print(f"QQWing anchor, {count} puzzles a difficulty, rotate180:")
    classes: list[float] = []
    scores: list[float] = []
    for rank, difficulty in enumerate(("simple", "easy", "intermediate", "expert")):
        started = time.perf_counter()
        made = subprocess.run([qqwing, "--generate", str(count), "--difficulty", difficulty,
                               "--symmetry", "rotate180", "--one-line"],
                              capture_output=True, text=True, check=True).stdout.split()
        took = (time.perf_counter() - started) / count
        ratings = [SUDOKU.rate(parse_line(line)) for line in made]
        levels = Counter(rating["level"] for rating in ratings)
        classes += [rank] * len(ratings)
        scores += [rating["score"] for rating in ratings]
        print(f"  {difficulty:12} {took:6.3f} s a puzzle; our levels: "
              + ", ".join(f"{level} {levels[level]}" for level in ALL_LEVELS))
    print(f"  Spearman of our score against QQWing's difficulty: {spearman(scores, classes):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--variety", type=int, default=600, help="seeds for the 4x4 variety count")
    parser.add_argument("--qqwing", help="a QQWing binary to time as the anchor")
    parser.add_argument("--generation-only", action="store_true", help="time generation, rate nothing")
    parser.add_argument("--sizes", default="", help="sizes to time, comma-separated (default: all)")
    args = parser.parse_args()
    sizes = set(filter(None, args.sizes.split(",")))
    print(f"load: {os.getloadavg()[0]:.1f} (1 minute average) on {os.cpu_count()} cores")
    generation(args.seeds, sizes)
    canonical_time(args.seeds, sizes)
    variety(args.variety)
    if args.generation_only:
        return
    if args.qqwing:
        anchor(args.qqwing, 2 * args.seeds)
    agreement("sudoku-se-heldout.txt", "held out, across SE's bands")
    agreement("sudoku-exchange-heldout.txt", "held out, within SE 5.0 and above")
    agreement("sudoku-se-calibration.txt", "calibration, across SE's bands")
    agreement("sudoku-exchange-calibration.txt", "calibration, within SE 5.0 and above")
    level_ranges()


if __name__ == "__main__":
    main()
