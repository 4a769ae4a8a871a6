"""Cryptogram figures for bookgen/puzzles/cryptogram/README.md: first, in a fresh process, what one
puzzle per level costs with the language's words read (the load counted); then per language and
level, over 10 puzzles at the default options (the built-in quotations), the mean letters given,
code letters, hardest step and time to make one; with --survey, how many of each language's
built-in quotations come out at each level (three codes tried each).

Run: python bench/cryptogram.py [--languages en,de,fr,es,it,nl] [--puzzles 10] [--survey]
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
from bookgen.errors import BookgenError
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request

FIRST = ("import random, time; from bookgen.puzzles import find_type; from bookgen.puzzles.base "
         "import Request; t = find_type('cryptogram'); s = time.process_time(); "
         "[t.generate(random.Random(1), Request.make(t, level, {{'language': '{language}'}})) "
         "for level in ('easy', 'medium', 'hard', 'expert')]; print(time.process_time() - s)")


def survey(language: str) -> dict[str, int]:
    """How many built-in quotations make a puzzle at each level, each tried alone (three seeds)."""
    cryptogram = find_type("cryptogram")
    from bookgen.puzzles.cryptogram.parameters import collection

    made = dict.fromkeys(LEVELS, 0)
    for quote in collection(language):
        line = f"{quote.text} | {quote.author}"
        for level in LEVELS:
            try:
                request = Request.make(cryptogram, level, {"language": language, "quotes": [line]})
            except BookgenError:
                continue
            for seed in range(3):
                try:
                    cryptogram.generate(random.Random(f"survey/{seed}"), request)
                except BookgenError:
                    continue
                made[level] += 1
                break
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default="en,de,fr,es,it,nl")
    parser.add_argument("--puzzles", type=int, default=10)
    parser.add_argument("--survey", action="store_true")
    args = parser.parse_args()
    languages = args.languages.split(",")
    print(f"load: {os.getloadavg()[0]:.2f} (1 min)")
    print("one puzzle per level in a fresh process, the words read: CPU seconds for the four")
    for language in languages:
        took = subprocess.run([sys.executable, "-c", FIRST.format(language=language)],
                              capture_output=True, text=True, check=True).stdout.strip()
        print(f"  {language}: {float(took):.2f}")
    cryptogram = find_type("cryptogram")
    print("language level    givens letters hardest  ms/puzzle")
    for language in languages:
        for level in LEVELS:
            request = Request.make(cryptogram, level, {"language": language})
            started = time.perf_counter()
            ratings = [cryptogram.generate(random.Random(f"bench/{n}"), request).rating
                       for n in range(args.puzzles)]
            took = (time.perf_counter() - started) * 1000 / args.puzzles
            means = [statistics.mean(r[key] for r in ratings) for key in ("givens", "cells", "hardest")]
            print(f"{language:8} {level:8} {means[0]:6.1f} {means[1]:7.1f} {means[2]:7.2f} {took:10.0f}")
    if args.survey:
        print("built-in quotations that come out at each level (of all)")
        for language in languages:
            from bookgen.puzzles.cryptogram.parameters import collection

            made = survey(language)
            print(f"  {language}: " + ", ".join(f"{level} {made[level]}" for level in LEVELS)
                  + f" of {len(collection(language))}")


if __name__ == "__main__":
    main()
