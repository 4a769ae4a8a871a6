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
from bookgen.puzzles.arrows import ARROWS, MIN_EXPERT_CELLS, generate, solve  # noqa: E402
from bookgen.puzzles.base import Request  # noqa: E402

SIZES = [(4, 4), (5, 5), (6, 6), (7, 7), (8, 8), (5, 8)]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"arrows: seconds per generated puzzle, {count} per cell (median / max)")
    print(f"{'size':>6} " + " ".join(f"{level:>15}" for level in LEVELS))
    solve_times: list[float] = []
    for rows, cols in SIZES:
        cells = []
        for level in LEVELS:
            if level == "expert" and rows * cols < MIN_EXPERT_CELLS:
                cells.append(f"{'-':>15}")
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
            cells.append(f"{statistics.median(times):7.3f} /{max(times):6.2f}")
        print(f"{rows}x{cols:<4} " + " ".join(cells))
    print(f"8x8 solve, count to two, over {len(solve_times)} generated puzzles: "
          f"median {statistics.median(solve_times):.3f} s, max {max(solve_times):.3f} s")


if __name__ == "__main__":
    main()
