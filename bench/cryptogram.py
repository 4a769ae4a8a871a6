"""Cryptogram figures for bookgen/puzzles/cryptogram/README.md: first, in a fresh process, what
reading and indexing the language's known words costs, and one puzzle per level with them read;
then per language and level, over 10 puzzles at the default options (the built-in quotations),
the mean letters given, code letters, hardest step and time to make one (with --supply only:
books of as many hard and expert puzzles as the type announces, each found or not); with --survey, every
line of every quotes/LANG.txt tried anew at each level as `levels.py` tries it, each puzzle
proven unique from its printed page, checked by the rules and rated its level, and the lines
whose recorded levels (the file's third field) differ from what was made.

Run: python bench/cryptogram.py [--languages en,de,fr,es,it,nl] [--puzzles 10] [--survey] [--supply]
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
         "import Request; from bookgen.puzzles.cryptogram.words import readings; "
         "t = find_type('cryptogram'); s = time.process_time(); "
         "readings('A', False, '{language}'); readings('A', True, '{language}'); "
         "r = time.process_time() - s; "
         "[t.generate(random.Random(1), Request.make(t, level, {{'language': '{language}'}})) "
         "for level in ('easy', 'medium', 'hard', 'expert')]; print(r, time.process_time() - s)")


def fresh(code: str) -> list[float]:
    """The numbers `code` prints, run in a fresh Python."""
    printed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [float(number) for number in printed.stdout.split()]


def survey(language: str) -> tuple[dict[str, int], list[str], float]:
    """Every line of quotes/LANG.txt tried anew as `levels.py` tries it (each puzzle proven from
    its printed page there): how many make each level (and expert with no letter given), the
    lines whose recorded levels differ, and the seconds it took."""
    from bookgen.puzzles.cryptogram.levels import made
    from bookgen.puzzles.cryptogram.parameters import collection

    counts = dict.fromkeys([*LEVELS, "none given"], 0)
    differ = []
    started = time.perf_counter()
    for quote in collection(language):
        puzzles = made(f"{quote.text} | {quote.author}", language)
        for level in puzzles:
            counts[level] += 1
        counts["none given"] += "expert" in puzzles and not puzzles["expert"].puzzle["given"]
        if quote.levels != frozenset(puzzles):
            differ.append(f"{quote.text} (recorded {' '.join(sorted(quote.levels or ()))}, "
                          f"made {' '.join(puzzles)})")
    return counts, differ, time.perf_counter() - started


def supply(languages: list[str]) -> None:
    """For each language, hard and expert: a book of the most puzzles the type announces (its
    `variety`; one more is refused up front), made as `bookgen generate -n N` makes it (seed 1):
    whether it found them all, and the seconds it took."""
    from bookgen.book import different_puzzles
    from bookgen.puzzles.cryptogram.generator import quotations

    cryptogram = find_type("cryptogram")
    print("the most puzzles announced (of the quotations marked), built in one process with seed 1")
    for language in languages:
        for level in ("hard", "expert"):
            request = Request.make(cryptogram, level, {"language": language})
            most = cryptogram.variety(request)
            started = time.perf_counter()
            try:
                made = sum(1 for _ in different_puzzles(request, "1", most))
            except Exception as error:  # noqa: BLE001 - the bench reports what stopped the book
                made = f"stopped: {error}"
            print(f"  {language} {level:6} {most:3} of {len(quotations(request)):3} marked: {made} "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default="en,de,fr,es,it,nl")
    parser.add_argument("--puzzles", type=int, default=10)
    parser.add_argument("--survey", action="store_true")
    parser.add_argument("--supply", action="store_true", help="only the books of as many hard and "
                        "expert puzzles as the type announces")
    args = parser.parse_args()
    languages = args.languages.split(",")
    print(f"load: {os.getloadavg()[0]:.2f} (1 min)")
    if args.supply:
        supply(languages)
        return
    print("in a fresh process, CPU seconds: the known words read and indexed; then with them,"
          " one puzzle per level")
    for language in languages:
        words, four = fresh(FIRST.format(language=language))
        print(f"  {language}: words {words:.2f}, words and four puzzles {four:.2f}")
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
        from bookgen.puzzles.cryptogram.parameters import collection

        print("every built-in quotation tried anew at each level and proven from its page: how many"
              " make each level, expert with no letter given, lines whose recorded levels differ")
        for language in languages:
            counts, differ, took = survey(language)
            print(f"  {language}: " + ", ".join(f"{level} {count}" for level, count in counts.items())
                  + f" of {len(collection(language))}; {len(differ)} differ; {took:.0f} s")
            for line in differ:
                print(f"    {line}")

if __name__ == "__main__":
    main()
