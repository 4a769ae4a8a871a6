"""Numbrix and Hidato timings (issue "Speed and scale", part 1): median seconds per generated and
verified puzzle over 10 seeds, in-process, against the floors and against the figures measured on
this machine before the change; Hidato expert on 12x12 shapes against the square; Simon Tatham's
Signpost (the closest C generator) as a reference; and median seconds to solve (count to two).

Wall time is what the floors name; CPU time is printed beside it because the machine's two cores
are shared and other work stretches wall time. Run:

    python bench/numbrix.py [--quick]          (--quick: 3 seeds, fewer lines)
    SIGNPOST_SECONDS=0.11 python bench/numbrix.py   (your own Signpost 15x15 figure)
    python bench/numbrix.py --against REV [--seeds N]

--against makes N seeds (30 unless given) of every level, Numbrix on 6x6 to 15x15 and Hidato on
squares and shapes (about 470 puzzles at 30; 1,565 at 100), once with the code at git revision
REV and once with this checkout, and prints how many records (puzzle, answer, rating, id) are
identical and each side's processor time: a faster solver must make the same puzzles and
ratings. Where a change may alter puzzles, it prints for each request whose records differ the
levels the grader gives them and their mean share of givens on both sides.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bookgen.core.options import parse_options  # noqa: E402
from bookgen.making import make_puzzle  # noqa: E402
from bookgen.puzzles.base import PuzzleRecord, PuzzleType, Request  # noqa: E402
from bookgen.puzzles.numbrix import HIDATO, NUMBRIX  # noqa: E402
from bookgen.puzzles.numbrix.grader import PROVEN  # noqa: E402

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

# The records `--against` compares, made by whichever bookgen is first on the path.
SAME_RECORDS = """
import json, sys, time
from bookgen.core.options import parse_options
from bookgen.making import make_puzzle
from bookgen.puzzles.base import Request
from bookgen.puzzles.numbrix import HIDATO, NUMBRIX
seeds = int(sys.argv[1])
jobs = [(NUMBRIX, level, {"size": size}, seeds) for level in ("easy", "medium", "hard", "expert")
        for size in ("6", "9")]
jobs += [(NUMBRIX, "expert", {"size": "12"}, max(1, seeds // 4)),
         (NUMBRIX, "hard", {"size": "15"}, max(1, seeds // 4)),
         (NUMBRIX, "expert", {"size": "9", "symmetry": "rotational"}, max(1, seeds // 2))]
jobs += [(HIDATO, level, {"size": "8", "shape": shape}, max(1, seeds // 2))
         for level in ("easy", "medium", "hard", "expert") for shape in ("square", "circle", "heart")]
jobs.append((HIDATO, "expert", {"size": "8", "symmetry": "mirror"}, max(1, seeds // 2)))
# the largest boards, where expert removal trials run longest
jobs += [(NUMBRIX, "expert", {"size": "15"}, max(1, seeds // 20)),
         (HIDATO, "expert", {"size": "12"}, max(1, seeds // 10))]
start = time.process_time()
for kind, level, options, count in jobs:
    request = Request.make(kind, level, parse_options(kind.options, options, kind.name))
    for seed in range(count):
        r = make_puzzle(request, f"same{seed}")
        label = " ".join([kind.name, level, *(f"{k}={v}" for k, v in sorted(options.items()))])
        print(json.dumps([label, r.id, r.puzzle, r.solution, r.rating], sort_keys=True))
print(json.dumps(time.process_time() - start))
"""

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
        PROVEN.clear()  # solve for real, not from the proof the rating just kept
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


def same_records(rev: str, seeds: int) -> None:
    """Print how many records this checkout makes exactly as revision `rev` does."""
    root = Path(__file__).resolve().parent.parent
    sides = {}
    with tempfile.TemporaryDirectory(prefix="numbrix-same-") as tmp:
        archive = subprocess.run(["git", "archive", rev], cwd=root, check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        for label, code in ((rev, Path(tmp)), ("this checkout", root)):
            env = dict(os.environ, PYTHONPATH=str(code))
            out = subprocess.run([sys.executable, "-c", SAME_RECORDS, str(seeds)], cwd=code, env=env,
                                 check=True, capture_output=True, text=True).stdout.splitlines()
            sides[label] = out[:-1]
            print(f"{label:14s} {len(out) - 1} records, processor {json.loads(out[-1]):6.2f} s")
    before, after = sides.values()
    same = sum(a == b for a, b in zip(before, after))
    print(f"{same} of {len(before)} records identical" + ("" if same == len(before) == len(after)
                                                        else "  DIFFERENT"))
    if same < len(before):
        changed_requests(rev, [json.loads(line) for line in before], [json.loads(line) for line in after])


def changed_requests(rev: str, before: list[list], after: list[list]) -> None:
    """For each request whose records differ: how many, the levels the unchanged grader gives
    them and the mean share of givens, at `rev` and here (what a reviewer checks when a change
    is allowed to alter puzzles)."""
    def summary(records: list[list]) -> str:
        levels = Counter(rating["level"] for *_, rating in records)
        share = statistics.mean(rating["givens"] / rating["cells"] for *_, rating in records)
        return f"{dict(levels)} givens {100 * share:4.1f} %"

    for label in dict.fromkeys(record[0] for record in before):
        old = [record for record in before if record[0] == label]
        new = [record for record in after if record[0] == label]
        differ = sum(a != b for a, b in zip(old, new))
        if differ:
            print(f"  {label:40s} {differ:3d} of {len(old):3d} differ; {rev}: {summary(old)}; "
                  f"here: {summary(new)}")


def main() -> None:
    if "--against" in sys.argv:
        rest = sys.argv[sys.argv.index("--against") + 1:]
        seeds = int(rest[rest.index("--seeds") + 1]) if "--seeds" in rest else 30
        same_records(rest[0], seeds)
        return
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
