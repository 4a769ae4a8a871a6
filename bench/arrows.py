"""Arrow-count timings: generation per puzzle by size and level, and solving (count to two) 8x8.

Targets from issue 5: 5x5 hard under 0.5 s median, 7x7 hard under 5 s median, and every generated
8x8 solved (counting to two) in under 1 s.

    python3 bench/arrows.py [puzzles per cell, default 5]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bookgen.core.grading import LEVELS  # noqa: E402
from bookgen.puzzles.arrows import ARROWS
from bookgen.puzzles.arrows.generator import MIN_EXPERT_CELLS, generate
from bookgen.puzzles.arrows.solver import solve
from bookgen.puzzles.base import Request  # noqa: E402

SIZES = [(4, 4), (5, 5), (6, 6), (7, 7), (8, 8), (5, 8)]
# Median seconds per puzzle with 5 per cell, measured on this machine (2 shared cores) on
# 2026-11-23 at commit 37297d4, before the speed work, in the same run as the first figures after
# it. Cells of 5 puzzles are noisy: read the larger cells.
BEFORE: dict[tuple[int, int], tuple[float, ...]] = {  # easy, medium, hard, expert
    (4, 4): (0.003, 0.006, 0.010, 0.0),
    (5, 5): (0.007, 0.006, 0.014, 0.007),
    (6, 6): (0.016, 0.014, 0.037, 0.061),
    (7, 7): (0.051, 0.042, 0.185, 0.287),
    (8, 8): (0.113, 0.064, 0.449, 1.601),
    (5, 8): (0.041, 0.040, 0.116, 0.115),
}


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"arrows: seconds per generated puzzle, {count} per cell (median / max, then the median "
          "before the speed work)")
    print(f"{'size':>6} " + " ".join(f"{level:>22}" for level in LEVELS))
    solve_times: list[float] = []
    for rows, cols in SIZES:
        cells = []
        for level, before in zip(LEVELS, BEFORE[rows, cols]):
            if level == "expert" and rows * cols < MIN_EXPERT_CELLS:
                cells.append(f"{'-':>22}")
                continue
            times = []
            for index in range(count):
                rng = random.Random(f"bench/{rows}x{cols}/{level}/{index}")
                start = time.perf_counter()
                made = generate(rng, Request.make(ARROWS, level, {"size": (rows, cols)}))
                times.append(time.perf_counter() - start)
                if (rows, cols) == (8, 8):
                    start = time.perf_counter()
                    assert solve(made.puzzle, 2).count == 1
                    solve_times.append(time.perf_counter() - start)
            cells.append(f"{statistics.median(times):7.3f} /{max(times):5.2f} ({before:5.3f})")
        print(f"{rows}x{cols:<4} " + " ".join(cells))
    print(f"8x8 solve, count to two, over {len(solve_times)} generated puzzles: "
          f"median {statistics.median(solve_times):.3f} s, max {max(solve_times):.3f} s")


if __name__ == "__main__":
    main()
