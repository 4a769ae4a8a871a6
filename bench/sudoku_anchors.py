"""Sudoku beside its C anchors, paired in one run (issue 45), and our grade beside Tatham's Solo's
on held-out puzzles Solo made (issue 42).

Speed: processor time of the whole process (children's user + system time), bookgen and its anchor
taking turns `--rounds` times, the median printed with the ratio:
  - 10 expert 9x9 puzzles (`bookgen generate sudoku -d expert -n 10 -j 1`) beside Solo's Extreme
    (`3x3de`) and QQWing's expert; master beside Solo's Unreasonable (`3x3du`);
  - solving top95 (bench/data/sudoku-top95.txt), `bookgen solve` beside `qqwing --solve
    --count-solutions` (bookgen proves each answer unique too);
  - one line per size: 4x4 to 16x16 at hard (4x4 and 6x6 at their top level) beside Solo at the
    same box shape and Intermediate (Basic for 4x4; QQWing makes only 9x9).
`--bookgen CMD` runs another build (e.g. `/tmp/basevenv/bin/bookgen` made from main) beside this
one, so before and after are measured in the same run.

Grade: Solo grades by the hardest family of techniques its solver needs (Trivial, Basic,
Intermediate: pointing and claiming, Advanced: subsets, Extreme: fish and forcing chains,
Unreasonable: guessing). bench/data/sudoku-solo.md says how its puzzles were made and split. The
script prints, on the held-out part, Spearman of our score and of our level against Solo's grade,
per size and over all, and the share of Solo's grades our level files in one band (`purity`).

Solo's generator is driven by a 30-line C file (bench/data/sudoku-solo.md: `PARAMS COUNT SEED`,
one puzzle a line); QQWing is Debian's `qqwing` (1.3.4).
Run: python bench/sudoku_anchors.py --solo PATH [--qqwing PATH] [--rounds N] [--bookgen CMD]
     [--grade-only | --speed-only] [--nine-only]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
from collections import Counter, defaultdict
from pathlib import Path

from arithmetic_people import spearman  # the benches' one rank correlation (this script's folder)

from bookgen.core.grading import ALL_LEVELS
from bookgen.puzzles.sudoku import SUDOKU, parse_line

DATA = Path(__file__).parent / "data"
SOLO_GRADES = ("trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable")
BOXES = {4: "2x2", 6: "2x3", 8: "2x4", 9: "3x3", 12: "3x4", 16: "4x4"}
SIZE_LEVELS = {4: ("medium", "b"), 6: ("hard", "i"), 8: ("hard", "i"), 9: ("hard", "i"),
               12: ("hard", "i"), 16: ("hard", "i")}
"""The level each size is timed at, beside Solo's grade letter at the same box shape."""


def processor(command: list[str], stdin: Path | None = None) -> float:
    """Processor seconds (user + system) the command's process took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdin or os.devnull) as source:
        subprocess.run(command, stdin=source, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def paired(name: str, commands: dict[str, list[str]], rounds: int, stdin: Path | None = None) -> None:
    """Each command once a round, in turn; the medians and each one's ratio to the last (the anchor)."""
    taken: dict[str, list[float]] = defaultdict(list)
    for _ in range(rounds):
        for label, command in commands.items():
            taken[label].append(processor(command, stdin))
    medians = {label: statistics.median(times) for label, times in taken.items()}
    anchor = list(medians)[-1]
    print(f"  {name}: " + "; ".join(
        f"{label} {seconds:.2f} s" + ("" if label == anchor else f" ({seconds / medians[anchor]:.1f}x)")
        for label, seconds in medians.items()) + f"   [load {os.getloadavg()[0]:.1f}]")


def speed(args: argparse.Namespace) -> None:
    builds = {"bookgen": ["bookgen"]}
    if args.bookgen:
        builds = {"before": args.bookgen.split(), "bookgen": ["bookgen"]}

    def generate(level: str, size: int = 9) -> dict[str, list[str]]:
        return {label: [*command, "generate", "sudoku", "-d", level, "-n", str(args.count), "-j", "1",
                        "-q", "--seed", "anchors", "--set", f"size={size}"]
                for label, command in builds.items()}

    print(f"processor seconds of the whole process, median of {args.rounds} rounds taken in turn "
          f"({args.count} puzzles a run; load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):")
    if args.qqwing:
        paired("9x9 expert, QQWing expert", generate("expert") | {"qqwing": [
            args.qqwing, "--generate", str(args.count), "--difficulty", "expert",
            "--symmetry", "rotate180", "--one-line"]}, args.rounds)
    paired("9x9 expert, Solo Extreme", generate("expert") | {
        "solo": [args.solo, "3x3de", str(args.count), "anchors"]}, args.rounds)
    paired("9x9 master, Solo Unreasonable", generate("master") | {
        "solo": [args.solo, "3x3du", str(args.count), "anchors"]}, args.rounds)
    if args.qqwing:
        top95 = DATA / "sudoku-top95.txt"
        paired("solving top95", {label: [*command, "solve", str(top95)] for label, command in builds.items()}
               | {"qqwing": [args.qqwing, "--solve", "--count-solutions"]}, args.rounds, top95)
    for size, (level, grade) in SIZE_LEVELS.items() if not args.nine_only else ():
        paired(f"{size}x{size} {level}, Solo {SOLO_GRADES['tbiaeu'.index(grade)].title()}",
               generate(level, size) | {"solo": [args.solo, f"{BOXES[size]}d{grade}", str(args.count),
                                                  "anchors"]}, args.rounds)


def grade() -> None:
    """Our grade of the held-out puzzles Solo made, against Solo's own."""
    rows = []
    for line in (DATA / "sudoku-solo-heldout.txt").read_text().splitlines():
        text, solo, _ = line.split()
        rating = with_rank(SUDOKU.rate(parse_line(text)))
        rows.append((round(len(text) ** 0.5), SOLO_GRADES.index(solo), rating))
    print(f"our grade beside Solo's on {len(rows)} held-out puzzles Solo made "
          "(bench/data/sudoku-solo.md); Spearman against Solo's grade of our score, our level, our step:")
    for size in sorted({size for size, _, _ in rows}):
        part = [row for row in rows if row[0] == size]
        solo = [grade for _, grade, _ in part]
        if len(set(solo)) < 2:
            continue
        figures = [spearman([rating[key] for _, _, rating in part], solo)
                   if len({rating[key] for _, _, rating in part}) > 1 else float("nan")
                   for key in ("score", "level_rank", "step")]
        print(f"  {f'{size}x{size}':6} {len(part):4} puzzles  score {figures[0]:.2f}  "
              f"level {figures[1]:.2f}  step {figures[2]:.2f}")
    nine = [(grade, rating) for size, grade, rating in rows if size == 9]
    print("  9x9: our levels for each of Solo's grades")
    for index, name in enumerate(SOLO_GRADES):
        levels = Counter(rating["level"] for grade, rating in nine if grade == index)
        print(f"    {name:12} "
              + ", ".join(f"{level} {levels[level]}" for level in ALL_LEVELS if levels[level]))


HARD_TO_2_99 = ((0, 1.59), (1.6, 2.39), (2.4, 2.99), (3.0, 5.99), (6.0, 99))
"""The re-banding issue 42 asks about: hard only to Solo's Intermediate (pointing, claiming),
pairs and the X-wing to expert."""


def banded(spans: tuple[tuple[float, float], ...], score: float) -> int:
    return next((index for index, (_, high) in enumerate(spans) if score <= high), len(spans) - 1)


def bandings() -> None:
    """Our 9x9 level as it is, re-banded (`HARD_TO_2_99`) and our step, against each held-out
    yardstick: Solo's grade, Sudoku Explainer's rating, QQWing's class."""
    nine = [line.split() for line in (DATA / "sudoku-solo-heldout.txt").read_text().splitlines()]
    se = [line.split() for line in (DATA / "sudoku-se-heldout.txt").read_text().splitlines()]
    classes = ("qqwing-simple", "qqwing-easy", "qqwing-intermediate", "qqwing-expert")
    yardsticks = {
        "Solo's grade": [(text, SOLO_GRADES.index(solo)) for text, solo, _ in nine if len(text) == 81],
        "SE's rating": [(text, float(rating)) for text, rating, _ in se],
        "QQWing's class": [(text, classes.index(source)) for text, _, source in se if source in classes]}
    print("9x9 held out, Spearman against each yardstick: our level now, hard re-banded to end at 2.99 "
          "(pairs and X-wing to expert), our step:")
    for name, pairs in yardsticks.items():
        ratings = [SUDOKU.rate(parse_line(text)) for text, _ in pairs]
        theirs = [value for _, value in pairs]
        now = spearman([ALL_LEVELS.index(rating["level"]) for rating in ratings], theirs)
        rebanded = spearman([banded(HARD_TO_2_99, rating["score"]) for rating in ratings], theirs)
        step = spearman([rating["step"] for rating in ratings], theirs)
        print(f"  {name:15} {len(pairs):4} puzzles  level {now:.3f}  re-banded {rebanded:.3f}  "
              f"step {step:.3f}")


def with_rank(rating: dict) -> dict:
    return rating | {"level_rank": ALL_LEVELS.index(rating["level"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solo", help="Solo's generator driver (bench/data/sudoku-solo.md)")
    parser.add_argument("--qqwing", help="a QQWing binary (Debian's qqwing)")
    parser.add_argument("--bookgen", help="another bookgen command to time beside this one")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--count", type=int, default=10, help="puzzles a generation run")
    parser.add_argument("--grade-only", action="store_true")
    parser.add_argument("--speed-only", action="store_true", help="time the anchors, grade nothing")
    parser.add_argument("--nine-only", action="store_true", help="time the 9x9 lines alone")
    args = parser.parse_args()
    if not args.speed_only:
        grade()
        bandings()
    if not args.grade_only:
        if not args.solo:
            parser.error("--solo PATH is needed to time the anchors")
        speed(args)


if __name__ == "__main__":
    main()
