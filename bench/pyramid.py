"""Timings for difference pyramids and number walls: generation (with the middle layer's
self-check) per variant, size and level, and the exact counts of empty classic pyramids.
Run: python3 bench/pyramid.py"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bookgen.core.grading import LEVELS  # noqa: E402
from bookgen.core.triangle import triangular  # noqa: E402
from bookgen.making import make_puzzle  # noqa: E402
from bookgen.puzzles import find_type  # noqa: E402
from bookgen.puzzles.base import Request  # noqa: E402
from bookgen.puzzles.numberwall.parameters import EXPERT_ROWS  # noqa: E402

PYRAMID = find_type("pyramid")
# (type, options naming the kind) -> rows to time
SIZES: dict[tuple[str, str | None], tuple[int, ...]] = {
    ("pyramid", "classic"): (3, 4, 5), ("pyramid", "distinct"): (5, 7, 10), ("numberwall", None): (4, 5, 7)}
SAMPLES = 5


def empty_classic(rows: int) -> dict:
    return {"variant": "classic", "max": triangular(rows),
            "rows": [[0] * (rows - k) for k in range(rows)]}


def main() -> None:
    print("empty classic pyramids, exact count (mirror images counted apart):")
    for rows in range(1, 7):
        start = time.perf_counter()
        count = PYRAMID.solve(empty_classic(rows), None).count
        print(f"  {rows} rows: {count:2d} pyramids in {time.perf_counter() - start:.3f} s")
    print(f"\ngeneration + self-check, median and worst of {SAMPLES} puzzles (seconds):")
    for (name, variant), sizes in SIZES.items():
        kind = variant or "walls"
        for rows in sizes:
            cells = []
            all_times = []
            options: dict[str, object] = {"rows": rows} | ({"variant": variant} if variant else {})
            for level in LEVELS:
                if name == "numberwall" and level == "expert" and rows < EXPERT_ROWS:
                    cells.append(f"{level} -")
                    continue
                times = []
                for seed in range(SAMPLES):
                    start = time.perf_counter()
                    request = Request.make(find_type(name), level, options)
                    make_puzzle(request, f"bench{seed}")
                    times.append(time.perf_counter() - start)
                all_times += times
                cells.append(f"{level} {statistics.median(times):.3f}/{max(times):.3f}")
            print(f"  {kind:8s} {rows:2d} rows: " + "  ".join(cells)
                  + f"  | all levels median {statistics.median(all_times):.3f}")


if __name__ == "__main__":
    main()
