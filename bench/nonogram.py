"""Nonogram figures: generation time per size and level, the grader's stages, and the anchor,
Simon Tatham's Pattern (MIT licence), built from its C source in a temporary folder.

Pattern's game ids with Pattern's own answers (bench/data/pattern.txt) are solved by our solver:
each must have one answer, equal to Pattern's. With the source (--pattern-source FOLDER, the
folder holding pattern.c, puzzles.h, random.c, misc.c, malloc.c and nullfe.c; a checkout of
github.com/sgtatham/puzzles, or of an Android port's app/src/main/jni), the script builds
Pattern's stand-alone solver and a small driver of ours (written into the temporary folder, never
kept) that times Pattern's own generator, and prints Pattern's time per puzzle beside ours at the
same sizes; --write-anchors rewrites bench/data/pattern.txt from it. None of Tatham's code is
kept in this repository.

Pattern makes a random picture (noise averaged over 3x3, cut at half) and keeps it when its line
solver finishes it; it has no levels. Ours at the same size make easy to expert pictures, each kept
when our grader finishes it at the level (bookgen/puzzles/nonogram/README.md).

Run: python bench/nonogram.py [--seeds N] [--pattern-source FOLDER] [--write-anchors]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from tatham import build_generator, build_standalone  # this script's folder

from bookgen.core.grading import LEVELS
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request

NONOGRAM = find_type("nonogram")
ANCHORS = Path(__file__).parent / "data" / "pattern.txt"
SIZES = [5, 6, 7, 10, 15, 20, 25, 30]
ANCHOR_SIZES = [(5, 2), (10, 3), (15, 3), (20, 2), (30, 1)]  # (side, how many) written by --write-anchors
def pattern_puzzle(game: str) -> dict:
    """A Pattern game id, "WxH:col/.../col/row/.../row", each clue's runs joined by '.'."""
    size, description = game.split(":", 1)
    width, height = (int(side) for side in size.split("x"))
    clues = [[int(n) for n in part.split(".") if n and n != "0"] for part in description.split("/")]
    return {"rows": height, "cols": width, "col_clues": clues[:width], "row_clues": clues[width:]}


def read_anchors() -> list[tuple[str, list[str]]]:
    """(game id, Pattern's answer as rows of '#' and '.') from bench/data/pattern.txt."""
    entries: list[tuple[str, list[str]]] = []
    for block in ANCHORS.read_text().split("\n\n"):
        lines = [line.strip() for line in block.splitlines() if line.strip() and not line.startswith("# ")]
        if lines:
            entries.append((lines[0], lines[1:]))
    return entries


def check_anchors() -> None:
    print(f"anchors: Tatham's Pattern puzzles with Pattern's answers ({ANCHORS.name})")
    for game, answer in read_anchors():
        puzzle = pattern_puzzle(game)
        start = time.perf_counter()
        solved = NONOGRAM.solve(puzzle, 2)
        took = time.perf_counter() - start
        same = solved.solution == {"grid": [[1 if ch == "#" else 0 for ch in row] for row in answer]}
        rating = NONOGRAM.rate(puzzle)
        answers = f"{solved.count} answer{'s' if solved.count != 1 else ''}"
        print(f"  {puzzle['cols']}x{puzzle['rows']}: {answers}, "
              f"{'equal to' if same else 'DIFFERENT from'} Pattern's, solved in {took:.3f} s; "
              f"we grade it {rating['level']} ({rating['stage']}, score {rating['score']})")


def build_pattern(source: Path, folder: Path) -> tuple[Path, Path]:
    """Pattern's stand-alone solver and its generator behind our timing driver, built in `folder`."""
    return build_standalone(source, "pattern", folder), build_generator(source, "pattern", folder)


def pattern_times(driver: Path, side: int, count: int) -> tuple[list[float], list[str]]:
    """Processor seconds of Pattern's generator per puzzle, and the game ids it made."""
    out = subprocess.run([str(driver), f"{side}x{side}", str(count), f"bookgen-{side}"], check=True,
                         capture_output=True, text=True).stdout
    rows = [line.split() for line in out.splitlines()]
    return [float(seconds) for _, _, seconds in rows], [game for game, _, _ in rows]


def write_anchors(solver: Path, driver: Path) -> None:
    blocks = ["# Simon Tatham's Pattern (MIT licence): game ids from Pattern's own generator, built from\n"
              "# source by bench/nonogram.py --write-anchors, each with the answer Pattern's stand-alone\n"
              "# solver prints ('#' black, '.' white)."]
    for side, count in ANCHOR_SIZES:
        for game in pattern_times(driver, side, count)[1]:
            answer = subprocess.run([str(solver), game], check=True, capture_output=True, text=True).stdout
            blocks.append(game + "\n" + answer.strip())
    ANCHORS.write_text("\n\n".join(blocks) + "\n")
    print(f"wrote {len(blocks) - 1} anchors to {ANCHORS}")


def ours(side: int, level: str, seeds: int) -> tuple[list[float], list[int]]:
    """Our generation's seconds per puzzle and the grader's scores, over `seeds` puzzles."""
    request = Request.make(NONOGRAM, level, {"size": side})
    times, scores = [], []
    for seed in range(seeds):
        start = time.perf_counter()
        made = NONOGRAM.generate(random.Random(f"bench/{side}/{level}/{seed}"), request)
        times.append(time.perf_counter() - start)
        scores.append(made.rating["score"])
    return times, scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--pattern-source", type=Path, default=os.environ.get("BOOKGEN_PATTERN_SOURCE"))
    parser.add_argument("--write-anchors", action="store_true")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"on {os.cpu_count()} cores (uptime's 1, 5 and 15 minute averages)")
    with tempfile.TemporaryDirectory() as folder:
        built = build_pattern(args.pattern_source, Path(folder)) if args.pattern_source else None
        if built and args.write_anchors:
            write_anchors(*built)
        check_anchors()
        print(f"\ngeneration, seconds per puzzle over {args.seeds} seeds (mean / slowest); Pattern's "
              "generator (C) at the same size" + ("" if built else ": give --pattern-source to time it"))
        print(f"{'size':>7} " + " ".join(f"{level:>15}" for level in LEVELS) + f" {'Pattern':>17}")
        expert_scores = {}
        for side in SIZES:
            cells = []
            for level in LEVELS:
                times, scores = ours(side, level, args.seeds if side < 30 or level != "expert" else 2)
                cells.append(f"{statistics.mean(times):7.3f} /{max(times):6.2f}")
                if level == "expert":
                    expert_scores[side] = scores
            theirs = ""
            if built:
                times, _ = pattern_times(built[1], side, max(args.seeds, 20))
                theirs = f"{statistics.mean(times):8.5f} /{max(times):7.4f}"
            print(f"{side}x{side:<4} " + " ".join(cells) + f" {theirs:>17}")
        print("\nexpert scores (the band is 20 to 39; 20, its floor, is one contradiction): least-most, mean")
        for side, scores in expert_scores.items():
            print(f"{side}x{side:<4} {min(scores)}-{max(scores)}, {statistics.mean(scores):.1f} "
                  f"({len(scores)} puzzles)")


if __name__ == "__main__":
    main()
