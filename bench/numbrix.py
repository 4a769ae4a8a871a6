"""Numbrix and Hidato timings named in issue 3: median seconds per generated puzzle (with the
median givens and the largest stretch), and median seconds to solve (count to two) 15x15
puzzles. Run: python3 bench/numbrix.py [--quick]"""

from __future__ import annotations

import statistics
import sys
import time

from bookgen.making import make_puzzle
from bookgen.puzzles.base import Request
from bookgen.puzzles.numbrix import HIDATO, NUMBRIX

QUICK = "--quick" in sys.argv
RUNS = 3 if QUICK else 7

ROSETTA_1 = [[0] * 9, [0, 0, 46, 45, 0, 55, 74, 0, 0], [0, 38, 0, 0, 43, 0, 0, 78, 0],
             [0, 35, 0, 0, 0, 0, 0, 71, 0], [0, 0, 33, 0, 0, 0, 59, 0, 0],
             [0, 17, 0, 0, 0, 0, 0, 67, 0], [0, 18, 0, 0, 11, 0, 0, 64, 0],
             [0, 0, 24, 21, 0, 1, 2, 0, 0], [0] * 9]


def timed(action) -> tuple[float, object]:
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def generation(puzzle_type, level: str, options: dict, runs: int = RUNS) -> list:
    """Median time to make (and verify) one puzzle; returns the records for the solve bench."""
    request = Request.make(puzzle_type, level, options)
    times, records = [], []
    for seed in range(runs):
        seconds, record = timed(lambda s=seed: make_puzzle(request, f"bench{s}"))
        times.append(seconds)
        records.append(record)
    givens = statistics.median(r.rating["givens"] for r in records)
    stretch = max(r.rating["stretch"] for r in records)
    label = f"{puzzle_type.name} {level} {options}"
    print(f"{label:55s} median {statistics.median(times):6.3f} s  max {max(times):6.3f} s  "
          f"givens {givens}  stretch max {stretch}")
    return records


def solving(label: str, puzzle_type, puzzles: list[dict]) -> None:
    times = []
    for puzzle in puzzles:
        seconds, solved = timed(lambda p=puzzle: puzzle_type.solve(p, 2))
        assert solved.count == 1
        times.append(seconds)
    print(f"solve to 2: {label:43s} median {statistics.median(times):6.3f} s  "
          f"max {max(times):6.3f} s")


def main() -> None:
    print("generation (issue targets for numbrix hard: 9x9 < 0.5 s, 12x12 < 3 s, 15x15 < 15 s)")
    generation(NUMBRIX, "hard", {"size": "9"})
    generation(NUMBRIX, "hard", {"size": "12"})
    hard15 = generation(NUMBRIX, "hard", {"size": "15"}, runs=5 if not QUICK else 2)
    expert15 = generation(NUMBRIX, "expert", {"size": "15"}, runs=5 if not QUICK else 2)
    for level in ("easy", "medium", "hard", "expert"):
        generation(NUMBRIX, level, {})
        generation(HIDATO, level, {})
    generation(HIDATO, "hard", {"size": "12", "shape": "heart"})
    generation(HIDATO, "expert", {"size": "12", "shape": "ring"}, runs=3)
    print("solving (issue target: any published 15x15 Numbrix < 0.5 s)")
    solving("Rosetta Code Numbrix example 1 (9x9)", NUMBRIX, [{"grid": ROSETTA_1}] * 3)
    solving("generated 15x15 Numbrix, hard", NUMBRIX, [r.puzzle for r in hard15])
    solving("generated 15x15 Numbrix, expert", NUMBRIX, [r.puzzle for r in expert15])


if __name__ == "__main__":
    main()
