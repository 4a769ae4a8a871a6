"""Word scramble figures for bookgen/puzzles/scramble/README.md: per language and level, over 20
puzzles at the default options (the animals theme), the mean score, letters, neighbours kept side
by side and letters left in place, and the time to make one; first, in a fresh process, what the
first puzzle of a language costs with its known words read (the load counted).

Run: python bench/scramble.py [--languages en,de,fr,es,it,nl] [--puzzles 20]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

from bookgen.core.grading import LEVELS
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request

FIRST = ("import random, time; from bookgen.puzzles import find_type; from bookgen.puzzles.base "
         "import Request; t = find_type('scramble'); s = time.process_time(); "
         "[t.generate(random.Random(1), Request.make(t, level, {{'language': '{language}'}})) "
         "for level in ('easy', 'medium', 'hard', 'expert')]; print(time.process_time() - s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default="en,de,fr,es,it,nl")
    parser.add_argument("--puzzles", type=int, default=20)
    args = parser.parse_args()
    languages = args.languages.split(",")
    print(f"load: {os.getloadavg()[0]:.2f} (1 min)")
    print("one puzzle per level in a fresh process, the known words read: CPU seconds for the four")
    for language in languages:
        took = subprocess.run([sys.executable, "-c", FIRST.format(language=language)],
                              capture_output=True, text=True, check=True).stdout.strip()
        print(f"  {language}: {float(took):.2f}")
    scramble = find_type("scramble")
    print("language level    score letters pairs in_place  ms/puzzle")
    for language in languages:
        for level in LEVELS:
            request = Request.make(scramble, level, {"language": language})
            started = time.perf_counter()
            ratings = [scramble.generate(random.Random(f"bench/{n}"), request).rating
                       for n in range(args.puzzles)]
            took = (time.perf_counter() - started) * 1000 / args.puzzles
            means = [statistics.mean(r[key] for r in ratings)
                     for key in ("score", "letters", "pairs_kept", "in_place")]
            print(f"{language:8} {level:8} {means[0]:6.1f} {means[1]:7.1f} {means[2]:5.2f} "
                  f"{means[3]:8.2f} {took:10.1f}")


if __name__ == "__main__":
    main()
