"""Word search figures for bookgen/puzzles/wordsearch/README.md: per level, over 20 puzzles at the
default options in each language asked for, the mean grid squares, words read backwards, squares
two words share, decoys (a word's first two letters reading on where the word does not) and the
time to make one.

Run: python bench/wordsearch.py [--languages en,de] [--puzzles 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bookgen.core.grading import LEVELS
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default="en,de")
    parser.add_argument("--puzzles", type=int, default=20)
    args = parser.parse_args()
    wordsearch = find_type("wordsearch")
    print("language level   squares backwards shared decoys  ms/puzzle")
    for language in args.languages.split(","):
        for level in LEVELS:
            started = time.perf_counter()
            ratings = [wordsearch.generate(random.Random(f"bench/{n}"),
                                           Request.make(wordsearch, level, {"language": language})).rating
                       for n in range(args.puzzles)]
            took = (time.perf_counter() - started) * 1000 / args.puzzles
            means = [statistics.mean(r[key] for r in ratings)
                     for key in ("cells", "backwards", "shared_squares", "decoys")]
            print(f"{language:8} {level:8} {means[0]:7.1f} {means[1]:9.2f} {means[2]:6.2f} "
                  f"{means[3]:6.1f} {took:10.0f}")


if __name__ == "__main__":
    main()
