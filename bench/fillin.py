"""Fill-in figures for bookgen/puzzles/fillin/README.md: per language, size and level, over N
puzzles, the mean words, score and grid squares, the share of starters that give the level, and
the time to make one (mean and slowest), with the machine's load before and after.

Run: python bench/fillin.py [--languages en,de] [--sizes default,15] [--puzzles 10]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from bookgen.core.grading import LEVELS
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default="en,de")
    parser.add_argument("--sizes", default="default,15")
    parser.add_argument("--puzzles", type=int, default=10)
    args = parser.parse_args()
    fillin = find_type("fillin")
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min, {os.cpu_count()} cores)")
    print("language size    level   words  score squares  ms/puzzle  slowest")
    for language in args.languages.split(","):
        for size in args.sizes.split(","):
            options = {"language": language} | ({} if size == "default" else {"size": size})
            for level in LEVELS:
                times, ratings, squares = [], [], []
                for n in range(args.puzzles):
                    started = time.perf_counter()
                    made = fillin.generate(random.Random(f"bench/{n}"), Request.make(fillin, level, options))
                    times.append((time.perf_counter() - started) * 1000)
                    ratings.append(made.rating)
                    squares.append(sum(len(row) - row.count("#") for row in made.solution["grid"]))
                print(f"{language:8} {size:7} {level:7} {statistics.mean(r['words'] for r in ratings):5.1f} "
                      f"{statistics.mean(r['score'] for r in ratings):6.1f} {statistics.mean(squares):7.1f} "
                      f"{statistics.mean(times):10.0f} {max(times):8.0f}")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
