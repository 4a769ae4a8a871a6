"""Numbrix and Hidato timings (issue "Speed and scale", part 1): median seconds per generated and
verified puzzle over 10 seeds, in-process, against the floors and against the figures measured on
this machine before the change; Hidato expert on 12x12 shapes against the square; Simon Tatham's
Signpost (the closest C generator) as a reference; and median seconds to solve (count to two).

Wall time is what the floors name; CPU time is printed beside it because the machine's two cores
are shared and other work stretches wall time. Run:

    python bench/numbrix.py [--quick]          (--quick: 3 seeds, fewer lines)
    SIGNPOST_SECONDS=0.11 python bench/numbrix.py   (your own Signpost 15x15 figure)
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bookgen.core.options import parse_options  # noqa: E402
from bookgen.making import make_puzzle  # noqa: E402
from bookgen.puzzles.base import PuzzleRecord, PuzzleType, Request  # noqa: E402
from bookgen.puzzles.numbrix import HIDATO, NUMBRIX  # noqa: E402

QUICK = "--quick" in sys.argv
SEEDS = 3 if QUICK else 10

# Measured on this machine (2 shared cores) on 2026-11-23 with this script's method (median wall
# seconds per puzzle over seeds bench0..bench9), at commit 37297d4, before the change, in the same
# run as the first figures after it. The issue's own figures, from another day: hard 15x15 ~1.4 s,
# expert 15x15 ~12.7 s (this day's machine was less loaded).
BEFORE: dict[str, float] = {
    "numbrix hard 9x9": 0.048,
    "numbrix hard 15x15": 0.742,
    "numbrix expert 15x15": 9.425,
    "hidato expert 12x12 square": 0.874,
    "hidato expert 12x12 circle": 0.481,
    "hidato expert 12x12 diamond": 0.374,
    "hidato expert 12x12 heart": 0.317,
    "hidato expert 12x12 hexagon": 0.379,
}
FLOORS: dict[str, float] = {
    "numbrix hard 9x9": 0.040,
    "numbrix hard 15x15": 0.5,
    "numbrix expert 15x15": 2.0,
}
SHAPE_RATIO_FLOOR = 3.0  # Hidato expert on a 12x12 shape within 3x of the 12x12 square
# Simon Tatham's Signpost (signpost.c from his puzzle collection: its generator new_desc alone,
# default options, 15x15), built outside this repository with gcc -O2 and timed on this machine on
# 2026-11-23, median of 10 seeds: 0.107 s and 0.114 s in two runs (9x9: 0.005-0.009 s).
SIGNPOST_15 = float(os.environ.get("SIGNPOST_SECONDS", "0.11"))

ROSETTA_1 = [[0] * 9, [0, 0, 46, 45, 0, 55, 74, 0, 0], [0, 38, 0, 0, 43, 0, 0, 78, 0],
             [0, 35, 0, 0, 0, 0, 0, 71, 0], [0, 0, 33, 0, 0, 0, 59, 0, 0],
             [0, 17, 0, 0, 0, 0, 0, 67, 0], [0, 18, 0, 0, 11, 0, 0, 64, 0],
             [0, 0, 24, 21, 0, 1, 2, 0, 0], [0] * 9]


def generation(puzzle_type: PuzzleType, level: str, size: int, shape: str = "square",
               seeds: int = SEEDS) -> tuple[float, list[PuzzleRecord]]:
    """Print one line: median wall and CPU seconds per puzzle (made and verified), the figure
    before the change and the floor where there are ones. Returns the median and the records."""
    options: dict[str, str] = {"size": str(size)}
    if shape != "square":
        options["shape"] = shape
    request = Request.make(puzzle_type, level,
                           parse_options(puzzle_type.options, options, puzzle_type.name))
    walls, cpus, records = [], [], []
    for seed in range(seeds):
        wall, cpu = time.perf_counter(), time.process_time()
        records.append(make_puzzle(request, f"bench{seed}"))
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    median = statistics.median(walls)
    label = f"{puzzle_type.name} {level} {size}x{size}" + (f" {shape}" if puzzle_type is HIDATO else "")
    before = BEFORE.get(label)
    floor = FLOORS.get(label)
    notes = []
    if before:
        notes.append(f"before {before:6.3f} s ({before / median:4.1f}x)")
    if floor is not None:
        notes.append(f"floor {floor:5.3f} s {'ok' if median <= floor else 'MISSED'}")
    givens = statistics.median(r.rating["givens"] for r in records)
    print(f"{label:30s} median {median:6.3f} s  cpu {statistics.median(cpus):6.3f} s  "
          f"max {max(walls):6.3f} s  givens {givens:5.1f}  " + "  ".join(notes))
    return median, records


def solving(label: str, puzzle_type: PuzzleType, puzzles: list[dict]) -> float:
    times = []
    for puzzle in puzzles:
        start = time.perf_counter()
        assert puzzle_type.solve(puzzle, 2).count == 1
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(f"solve to 2: {label:43s} median {median * 1000:8.2f} ms  max {max(times) * 1000:8.2f} ms")
    return median


def z3_start_up() -> float | None:
    """Seconds for z3 to set up and count the answers of a trivial problem, or None without z3."""
    try:
        import z3  # type: ignore[import-not-found]  # optional; only for this comparison
    except ImportError:
        return None
    start = time.perf_counter()
    x = z3.Int("x")
    solver = z3.Solver()
    solver.add(x > 0, x < 3)
    while solver.check() == z3.sat:
        solver.add(x != solver.model()[x])
    return time.perf_counter() - start


def main() -> None:
    print(f"generation, median of {SEEDS} seeds (floors: numbrix hard 9x9 <= 0.04 s, "
          "hard 15x15 <= 0.5 s, expert 15x15 <= 2 s)")
    generation(NUMBRIX, "hard", 9)
    hard15_median, hard15 = generation(NUMBRIX, "hard", 15)
    expert15_median, expert15 = generation(NUMBRIX, "expert", 15)
    print(f"{'signpost 15x15 (Tatham, C)':30s} median {SIGNPOST_15:6.3f} s  reference, measured "
          "apart (set SIGNPOST_SECONDS); Signpost has one difficulty")
    print(f"{'':30s} numbrix hard 15x15 {hard15_median / SIGNPOST_15:4.1f}x Signpost, "
          f"expert 15x15 {expert15_median / SIGNPOST_15:4.1f}x")
    print("Hidato expert on 12x12 shapes, against the square (floor: within "
          f"{SHAPE_RATIO_FLOOR:.0f}x)")
    square, _ = generation(HIDATO, "expert", 12)
    for shape in ("circle", "diamond", "heart", "hexagon"):
        median, _ = generation(HIDATO, "expert", 12, shape)
        ratio = median / square
        print(f"{'':30s} {shape} / square: {ratio:4.2f}x "
              f"{'ok' if ratio <= SHAPE_RATIO_FLOOR else 'MISSED'}")
    if not QUICK:
        print("default sizes, every level")
        for level in ("easy", "medium", "hard", "expert"):
            for puzzle_type in (NUMBRIX, HIDATO):
                request = Request.make(puzzle_type, level, {})
                generation(puzzle_type, level, request.settings["size"][0])
    print("solving")
    published = solving("Rosetta Code Numbrix example 1 (9x9)", NUMBRIX, [{"grid": ROSETTA_1}] * 9)
    solving("generated 15x15 Numbrix, hard", NUMBRIX, [r.puzzle for r in hard15])
    solving("generated 15x15 Numbrix, expert", NUMBRIX, [r.puzzle for r in expert15])
    z3_seconds = z3_start_up()
    if z3_seconds is None:
        print("z3 is not installed (pip install z3-solver): the check that solving a published path "
              "puzzle stays 30x faster than z3's counting start-up is skipped")
    else:
        ratio = z3_seconds / published
        print(f"z3 counting start-up {z3_seconds * 1000:6.1f} ms = {ratio:5.1f}x solving the published "
              f"9x9 to two answers {'ok' if ratio >= 30 else 'MISSED'} (floor 30x)")


if __name__ == "__main__":
    main()
