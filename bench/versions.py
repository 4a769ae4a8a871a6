"""Versions A and B of a worksheet, puzzle for puzzle as hard: for every type, a sheet of one
section (COUNT puzzles at a level, `versions: 2`), made as bookgen makes it (B's puzzles matched
to A's by the grader's score, `bookgen.book._matched`) and as it did before (B's first COUNT
puzzles that are no twins, in seed order). For each: how far B's puzzle lies from A's in
hardness (the type's `hardness`, one level = 1: mean and most), the share of puzzles within
MATCH_TOLERANCE, the ratio of B's mean hardness within the level to A's, and the puzzles made
for the sheet (before: 2 x COUNT, as no pool was made) with the seconds that took. A type with
too few different puzzles for the sheet (pyramids) is asked for fewer, its count beside its name.
The figures docs/production.md quotes.

Run: python bench/versions.py [--level easy] [--count 8] [--types arithmetic,sudoku]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bookgen import book as making  # noqa: E402
from bookgen.book import MATCH_TOLERANCE, Twins, make_book  # noqa: E402
from bookgen.config import read_config_text  # noqa: E402
from bookgen.errors import BookgenError  # noqa: E402
from bookgen.puzzles import BUILT_IN  # noqa: E402

SHEET = """
title: Versions
seed: bench
versions: 2
sections:
  - type: {name}
    difficulty: {level}
    count: {count}
"""


def in_seed_order(file, section, pool, model, twins: Twins, more, budget, executor):
    """B's puzzles as bookgen made them before matching: the pool's first that are no twins."""
    return [record for _, record in pool if twins.take(record)][:len(model)]


def sheet(name: str, level: str, count: int, matched: bool) -> tuple[list[float], list[float], int, float]:
    """A's and B's hardness, puzzle by puzzle, the puzzles made and the seconds that took."""
    config = read_config_text(SHEET.format(name=name, level=level, count=count), ROOT / "bench.yaml")
    made = []
    making_one = making.generate_one

    def counted(job):
        made.append(job.seed)
        return making_one(job)

    began = time.perf_counter()
    with mock.patch.object(making, "generate_one", counted):
        if matched:
            book = make_book(config)
        else:
            with mock.patch.object(making, "_matched", in_seed_order):
                book = make_book(config)
    seconds = time.perf_counter() - began
    first, second = book.sections
    hardness = first.puzzle_type.hardness
    return ([hardness(r.rating) for r in first.records], [hardness(r.rating) for r in second.records],
            len(made), seconds)


def figures(a: list[float], b: list[float]) -> str:
    off = [abs(x - y) for x, y in zip(a, b)]
    within = sum(d <= MATCH_TOLERANCE for d in off) / len(off)
    level = min(a + b) // 1  # hardness within the level: its fraction
    ratio = statistics.mean(y - level for y in b) / max(1e-9, statistics.mean(x - level for x in a))
    return f"{statistics.mean(off):5.3f} {max(off):5.3f} {100 * within:4.0f}% {ratio:5.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="medium")
    parser.add_argument("--count", type=int, default=8)
    parser.add_argument("--types", default="", help="comma-separated; default every built-in type")
    options = parser.parse_args()
    names = options.types.split(",") if options.types else sorted(t.name for t in BUILT_IN)
    print(f"load: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {options.count} puzzles a version at "
          f"{options.level}, tolerance {MATCH_TOLERANCE} of a level")
    print(f"{'type':12} {'before: mean  most within B/A':>30}   {'matched: mean  most within B/A':>31}"
          f" {'made':>5} {'s':>6}")
    for name in names:
        count = options.count
        while True:
            try:
                before = sheet(name, options.level, count, matched=False)
                after = sheet(name, options.level, count, matched=True)
                break
            except BookgenError as error:  # too few different puzzles (pyramids): fewer, said
                if count == 1 or "different" not in str(error):
                    raise
                count //= 2
        shown = name if count == options.count else f"{name} ({count})"
        print(f"{shown:12} {figures(*before[:2]):>30}   {figures(*after[:2]):>31}"
              f" {after[2]:5d} {after[3]:6.2f}")


if __name__ == "__main__":
    main()
