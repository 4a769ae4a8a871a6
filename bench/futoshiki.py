"""Futoshiki against Tatham's Unequal, the figures bookgen/puzzles/futoshiki/README.md states.

1. Anchor: Unequal's own puzzles with their answers (bench/data/unequal-ids.txt, made by Unequal's
   generator; bench/data/tatham.md says how): each game id read into our JSON, proven by our
   solver to have one answer (counting to two), equal to Unequal's; and the level our grader
   gives each beside Unequal's difficulty.
2. Generation: processor seconds per puzzle (mean and slowest of N) at each level for sizes 4 to
   9 (the level's default size marked *), each beside Unequal's at the same size and the nearest
   difficulty (easy: Easy, medium: Tricky, hard: Extreme, expert: Recursive): from a built
   unequal-gen when given (--unequal PATH, N puzzles each), else the times in the ids file (5
   each); at the default sizes, the heaviest step each puzzle needed and its givens and signs;
   per size, the trials the expert puzzles needed and their scores (bench/trials.py).
3. The levels a 4x4 and a 5x5 reach: of 100 reductions at medium and at hard, how many rate each
   level (why a 4x4 medium or hard takes more tries: `generator.RARE`).

Run: python bench/futoshiki.py [--count N] [--unequal PATH]
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trials import expert_trials  # noqa: E402

from bookgen.core.grading import LEVELS  # noqa: E402
from bookgen.core.latin import random_square  # noqa: E402
from bookgen.puzzles.base import JSON, Request  # noqa: E402
from bookgen.puzzles.futoshiki import FUTOSHIKI  # noqa: E402
from bookgen.puzzles.futoshiki.generator import reduce  # noqa: E402
from bookgen.puzzles.futoshiki.parameters import DEFAULT_SIZE  # noqa: E402

IDS = Path(__file__).parent / "data" / "unequal-ids.txt"
UNEQUAL_LEVEL = {"easy": "e", "medium": "k", "hard": "x", "expert": "r"}
UNEQUAL_NAMES = {"t": "Trivial", "e": "Easy", "k": "Tricky", "x": "Extreme", "r": "Recursive"}
STEPS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}


def unequal_puzzle(game_id: str) -> tuple[JSON, str]:
    """An Unequal game id as our puzzle JSON, and its difficulty letter. Its description gives each
    square in reading order, a number (0 blank) then the flags U R D L: this square is greater
    than its neighbour that way; a letter a-z first skips that many blank squares."""
    params, desc = game_id.split(":")
    found = re.fullmatch(r"(\d+)d([tekxr])", params)
    assert found, params
    size, level = int(found.group(1)), found.group(2)
    givens = [0] * (size * size)
    signs = []
    cell = 0
    for skip, number, flags in re.findall(r"([a-z]*)(\d+)([URDL]*),?", desc):
        cell += sum(ord(letter) - ord("a") + 1 for letter in skip)
        givens[cell] = int(number)
        r, c = divmod(cell, size)
        for flag in flags:
            dr, dc = STEPS[flag]
            greater, smaller = (r, c), (r + dr, c + dc)
            first, second = sorted((greater, smaller))
            signs.append({"a": list(first), "b": list(second), "op": ">" if first == greater else "<"})
        cell += 1
    assert cell == size * size, game_id
    return {"size": size, "givens": [givens[r * size:(r + 1) * size] for r in range(size)],
            "signs": signs}, level


def anchor() -> None:
    table: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    checked = 0
    start = time.process_time()
    for line in filter(None, IDS.read_text().split("\n")):
        game_id, answer, _ = line.split()
        puzzle, level = unequal_puzzle(game_id)
        FUTOSHIKI.validate(puzzle)
        solved = FUTOSHIKI.solve(puzzle, 2)
        size = puzzle["size"]
        expected = [[int(ch) for ch in answer[1 + r * size:1 + (r + 1) * size]] for r in range(size)]
        assert solved.count == 1, game_id
        assert solved.solution == {"grid": expected}, game_id
        assert FUTOSHIKI.check(puzzle, solved.solution) == []
        table[UNEQUAL_NAMES[level]][FUTOSHIKI.rate(puzzle)["level"]] += 1
        checked += 1
    print(f"anchor: {checked} Unequal game ids (bench/data/unequal-ids.txt) each proven to have one "
          f"answer by our solver, equal to Unequal's ({time.process_time() - start:.1f} s of processor)")
    print("our level of Unequal's puzzles (sizes 4-9 together):")
    for name in UNEQUAL_NAMES.values():
        print(f"  {name:>9}: " + ", ".join(f"{level} {table[name][level]}" for level in LEVELS
                                            if table[name][level]))


def unequal_times(unequal: str | None, size: int, letter: str, count: int) -> list[float]:
    if unequal:
        out = subprocess.run([unequal, f"{size}d{letter}", str(count), f"bench-{size}{letter}"],
                             check=True, capture_output=True, text=True).stdout
        return [float(line.split()[-1]) for line in out.splitlines()]
    return [float(line.split()[-1]) for line in IDS.read_text().splitlines()
            if line.startswith(f"{size}d{letter}:")]


def generation(count: int, unequal: str | None) -> None:
    print(f"\ngeneration: processor seconds per puzzle, mean / slowest of {count} (ours) and of "
          f"{count if unequal else 5} (Unequal, {'run now' if unequal else 'from the ids file'}); "
          "* the level's default size")
    print(f"{'size':>4} " + " ".join(f"{f'{level} (Unequal {UNEQUAL_NAMES[UNEQUAL_LEVEL[level]]})':>36}"
                                     for level in LEVELS))
    steps: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    experts: dict[int, list[dict]] = collections.defaultdict(list)
    for size in range(4, 10):
        cells = []
        for level in LEVELS:
            request = Request.make(FUTOSHIKI, level, {"size": size})
            seconds = []
            for seed in range(count):
                began = time.process_time()
                made = FUTOSHIKI.generate(random.Random(f"bench/{seed}"), request)
                seconds.append(time.process_time() - began)
                if level == "expert":
                    experts[size].append(made.rating)
                if size == DEFAULT_SIZE[level]:
                    steps[level][made.rating["hardest"]] += 1
                    steps[level]["givens"] += made.rating["givens"]
                    steps[level]["signs"] += made.rating["signs"]
            theirs = unequal_times(unequal, size, UNEQUAL_LEVEL[level], count)
            mark = "*" if DEFAULT_SIZE[level] == size else " "
            cells.append(f"{statistics.mean(seconds):6.3f} / {max(seconds):6.3f}{mark} "
                         f"vs {statistics.mean(theirs):.5f}")
        print(f"{size:>4} " + " ".join(f"{cell:>36}" for cell in cells))
    print("\nat each level's default size: the heaviest step each puzzle needed; givens and signs (mean)")
    for level in LEVELS:
        givens, signs = steps[level].pop("givens") / count, steps[level].pop("signs") / count
        print(f"  {level:>6} ({DEFAULT_SIZE[level]}x{DEFAULT_SIZE[level]}): "
              + ", ".join(f"{name} {n}" for name, n in steps[level].most_common())
              + f"; {givens:.1f} givens, {signs:.1f} signs")
    print("expert puzzles' trials and scores:")
    for size, ratings in experts.items():
        print(expert_trials(f"{size}x{size}", ratings))


def reach(tries: int) -> None:
    print(f"\nreductions at medium and at hard, {tries} each: the levels they rate")
    for size in (4, 5):
        for level in ("medium", "hard"):
            rng = random.Random(1)
            rated = collections.Counter(
                FUTOSHIKI.rate(reduce(rng, size, random_square(rng, size), level))["level"]
                for _ in range(tries))
            print(f"  {size}x{size} {level:>6}: " + ", ".join(f"{name} {rated[name]}" for name in LEVELS
                                                           if rated[name]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=5, help="puzzles per size and level")
    parser.add_argument("--unequal", help="an unequal-gen built as bench/data/tatham.md says")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} (1-minute average) on {os.cpu_count()} cores")
    anchor()
    generation(args.count, args.unequal)
    reach(100)


if __name__ == "__main__":
    main()
