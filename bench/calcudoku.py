"""Calcudoku against Tatham's Keen, the figures bookgen/puzzles/calcudoku/README.md states.

1. Anchor: Keen's own puzzles with their answers (bench/data/keen-ids.txt, made by Keen's
   generator; bench/data/tatham.md says how): each game id read into our JSON, proven by our
   solver to have one answer (counting to two), equal to Keen's; and the level our grader gives
   each beside Keen's difficulty.
2. Generation: processor seconds per puzzle (mean and slowest of N) at each level for sizes 4 to
   9 (the level's default size marked *), each beside Keen's at the same size and the nearest
   difficulty (easy: Easy, medium: Normal, hard: Hard, expert: Extreme): from a built keen-gen
   when given (--keen PATH, N puzzles each), else the times in the ids file (5 each); then, per
   size, the trials the expert puzzles needed and their scores (bench/trials.py).

Run: python bench/calcudoku.py [--count N] [--keen PATH]
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
from bookgen.puzzles.base import JSON, Request  # noqa: E402
from bookgen.puzzles.calcudoku import CALCUDOKU  # noqa: E402
from bookgen.puzzles.calcudoku.parameters import DEFAULT_SIZE  # noqa: E402

IDS = Path(__file__).parent / "data" / "keen-ids.txt"
KEEN_LEVEL = {"easy": "e", "medium": "n", "hard": "h", "expert": "x"}
KEEN_NAMES = {"e": "Easy", "n": "Normal", "h": "Hard", "x": "Extreme", "u": "Unreasonable"}
OPS = {"a": "+", "s": "-", "m": "x", "d": "/"}


def blocks(structure: str, size: int) -> list[list[int]]:
    """Keen's block structure (its desc before the comma) as the blocks' cells, each block's
    smallest cell first, blocks in the order of their smallest cells (Keen's clue order): the
    runs of non-edges between the edges of the grid's inner lines, vertical lines in reading order
    then horizontal ones transposed; '_' no run, a-y 1 to 25 then an edge, z 25 and no edge,
    digits repeat the letter before."""
    parent = list(range(size * size))

    def root(cell: int) -> int:
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    position = 0
    for letter, repeat in re.findall(r"([_a-z])(\d*)", structure):
        for _ in range(int(repeat or 1)):
            run = 0 if letter == "_" else ord(letter) - ord("a") + 1
            for _ in range(run):
                if position < size * (size - 1):
                    y, x = divmod(position, size - 1)
                    a, b = y * size + x, y * size + x + 1
                else:
                    x, y = divmod(position - size * (size - 1), size - 1)
                    a, b = y * size + x, (y + 1) * size + x
                parent[max(root(a), root(b))] = min(root(a), root(b))
                position += 1
            if letter != "z":
                position += 1
    groups: dict[int, list[int]] = collections.defaultdict(list)
    for cell in range(size * size):
        groups[root(cell)].append(cell)
    return [groups[key] for key in sorted(groups)]


def keen_puzzle(game_id: str) -> tuple[JSON, str]:
    """A Keen game id as our puzzle JSON, and its difficulty letter."""
    params, desc = game_id.split(":")
    found = re.fullmatch(r"(\d+)d([enhxu])m?", params)
    assert found, params
    size, level = int(found.group(1)), found.group(2)
    structure, clues = desc.split(",")
    cages = []
    for cells, (op, target) in zip(blocks(structure, size), re.findall(r"([asmd])(\d+)", clues)):
        cages.append({"cells": [list(divmod(cell, size)) for cell in cells], "target": int(target),
                      "op": "=" if len(cells) == 1 else OPS[op]})
    return {"size": size, "cages": cages}, level


def anchor() -> None:
    lines = IDS.read_text().split("\n")
    table: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    checked = 0
    start = time.process_time()
    for line in filter(None, lines):
        game_id, answer, _ = line.split()
        puzzle, level = keen_puzzle(game_id)
        CALCUDOKU.validate(puzzle)
        solved = CALCUDOKU.solve(puzzle, 2)
        size = puzzle["size"]
        expected = [[int(ch) for ch in answer[1 + r * size:1 + (r + 1) * size]] for r in range(size)]
        assert solved.count == 1, game_id
        assert solved.solution == {"grid": expected}, game_id
        assert CALCUDOKU.check(puzzle, solved.solution) == []
        table[KEEN_NAMES[level] + ("-x" if game_id.split(":")[0].endswith("m") else "")][
            CALCUDOKU.rate(puzzle)["level"]] += 1
        checked += 1
    print(f"anchor: {checked} Keen game ids (bench/data/keen-ids.txt) each proven to have one answer "
          f"by our solver, equal to Keen's ({time.process_time() - start:.1f} s of processor)")
    print("our level of Keen's puzzles (sizes 4-9 together; -x: multiplication only):")
    for name in ("Easy", "Normal", "Normal-x", "Hard", "Extreme"):
        print(f"  {name:>9}: " + ", ".join(f"{level} {table[name][level]}" for level in LEVELS
                                            if table[name][level]))


def keen_times(keen: str | None, size: int, letter: str, count: int) -> list[float]:
    """Processor seconds per puzzle of Keen's generator: run, or from the ids file."""
    if keen:
        out = subprocess.run([keen, f"{size}d{letter}", str(count), f"bench-{size}{letter}"],
                             check=True, capture_output=True, text=True).stdout
        return [float(line.split()[-1]) for line in out.splitlines()]
    return [float(line.split()[-1]) for line in IDS.read_text().splitlines()
            if line.startswith(f"{size}d{letter}:")]


def generation(count: int, keen: str | None) -> dict[str, collections.Counter[str]]:
    print(f"\ngeneration: processor seconds per puzzle, mean / slowest of {count} (ours) and of "
          f"{count if keen else 5} (Keen, {'run now' if keen else 'from the ids file'}); "
          "* the level's default size")
    print(f"{'size':>4} " + " ".join(f"{f'{level} (Keen {KEEN_NAMES[KEEN_LEVEL[level]]})':>34}"
                                     for level in LEVELS))
    hardest: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    experts: dict[int, list[dict]] = collections.defaultdict(list)
    for size in range(4, 10):
        cells = []
        for level in LEVELS:
            request = Request.make(CALCUDOKU, level, {"size": size})
            seconds = []
            for seed in range(count):
                began = time.process_time()
                made = CALCUDOKU.generate(random.Random(f"bench/{seed}"), request)
                seconds.append(time.process_time() - began)
                if level == "expert":
                    experts[size].append(made.rating)
                if size == DEFAULT_SIZE[level]:
                    hardest[level][made.rating["hardest"]] += 1
                    hardest[level]["cages"] += made.rating["cages"]
            theirs = keen_times(keen, size, KEEN_LEVEL[level], count)
            mark = "*" if DEFAULT_SIZE[level] == size else " "
            cells.append(f"{statistics.mean(seconds):6.3f} / {max(seconds):6.3f}{mark} "
                         f"vs {statistics.mean(theirs):.5f}")
        print(f"{size:>4} " + " ".join(f"{cell:>34}" for cell in cells))
    print("expert puzzles' trials and scores:")
    for size, ratings in experts.items():
        print(expert_trials(f"{size}x{size}", ratings))
    return hardest


def steps(hardest: dict[str, collections.Counter[str]], count: int) -> None:
    print("\nat each level's default size: the heaviest step each puzzle needed, and cages (mean)")
    for level in LEVELS:
        cages = hardest[level].pop("cages") / count
        print(f"  {level:>6} ({DEFAULT_SIZE[level]}x{DEFAULT_SIZE[level]}): "
              + ", ".join(f"{name} {n}" for name, n in hardest[level].most_common()) + f"; {cages:.1f} cages")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=5, help="puzzles per size and level")
    parser.add_argument("--keen", help="a keen-gen built as bench/data/tatham.md says")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} (1-minute average) on {os.cpu_count()} cores")
    anchor()
    steps(generation(args.count, args.keen), args.count)


if __name__ == "__main__":
    main()
