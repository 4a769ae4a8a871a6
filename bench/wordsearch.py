"""Word search figures for bookgen/puzzles/wordsearch/README.md: per level, over 20 puzzles at the
default options in each language asked for, the mean grid squares, words read backwards, squares
two words share, decoys (a word's first two letters reading on where the word does not) and the
time to make one; then the same for the requests issue 42 and 46 added (a hidden message, a
shape, a children's grid, a teacher's list), over every theme in turn.

Run: python bench/wordsearch.py [--languages en,de] [--puzzles 20]
(bench/wordsearch_blocklist.py reads thousands of grids for blocked words.)
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
from bookgen.puzzles.wordsearch.parameters import ALL_THEMES

VOCABULARY = ["photosynthesis", "chlorophyll", "carbon dioxide", "oxygen", "glucose", "sunlight",
              "water", "leaf", "root"]
EXTRAS = [("message", "easy", {"message": "theme"}), ("message", "medium", {"message": "theme"}),
          ("heart+msg", "hard", {"shape": "heart", "message": "theme"}),
          ("star", "medium", {"shape": "star"}), ("children", "easy", {"children": True, "size": "7"}),
          ("list", "easy", {"words": VOCABULARY}),
          ("list+msg", "easy", {"words": VOCABULARY, "message": "Well done, class!"})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default="en,de")
    parser.add_argument("--puzzles", type=int, default=20)
    args = parser.parse_args()
    wordsearch = find_type("wordsearch")
    print(f"load: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    print("language request  level   squares backwards shared decoys  ms/puzzle  ms worst")
    for language in args.languages.split(","):
        rows = [("default", level, {}) for level in LEVELS] + EXTRAS
        for name, level, options in rows:
            times, ratings = [], []
            for n in range(args.puzzles):
                themed = name != "default" and "words" not in options
                theme = {"theme": ALL_THEMES[n % len(ALL_THEMES)]} if themed else {}
                request = Request.make(wordsearch, level, {"language": language, **theme, **options})
                started = time.perf_counter()
                ratings.append(wordsearch.generate(random.Random(f"bench/{n}"), request).rating)
                times.append((time.perf_counter() - started) * 1000)
            means = [statistics.mean(r[key] for r in ratings)
                     for key in ("cells", "backwards", "shared_squares", "decoys")]
            print(f"{language:8} {name:9} {level:7} {means[0]:7.1f} {means[1]:9.2f} {means[2]:6.2f} "
                  f"{means[3]:6.1f} {statistics.mean(times):10.0f} {max(times):8.0f}")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
