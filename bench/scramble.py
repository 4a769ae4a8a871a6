"""Word scramble figures for bookgen/puzzles/scramble/README.md: first, in a fresh process, what
indexing a language's known words by their letters costs, then one puzzle per level with them
read, and (in another) indexing the whole dictionary, which only a scramble no known word fits
reads; then per language and level, at the default options (the language's common words): the
words the level can scramble and the puzzles they fill (a book never prints a word twice), and,
over 20 puzzles, the mean score, letters, neighbours kept side by side and letters left in place,
and the time to make one; last, the themed lists: per language and level, the words and puzzles of
all the themes together and of the shortest and longest theme. Between them: of each language's
1,500 most common words of 3 to 8 letters, how many have a second reading at easy (a user's such
word prints a letter in its boxes; the common words' lists leave it out).

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

from bookgen.core.dictionary import common_words
from bookgen.core.grading import LEVELS
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.scramble.generator import others, word_pool
from bookgen.puzzles.scramble.parameters import ALL
from bookgen.puzzles.wordsearch.parameters import ALL_THEMES

COMMON = 1_500  # the common words a teacher's list is made of, whose refusals the bench counts
FIRST = ("import random, time; from bookgen.puzzles import find_type; from bookgen.puzzles.base "
         "import Request; from bookgen.puzzles.scramble.solver import known_index; "
         "t = find_type('scramble'); s = time.process_time(); known_index('{language}'); "
         "r = time.process_time() - s; "
         "[t.generate(random.Random(1), Request.make(t, level, {{'language': '{language}'}})) "
         "for level in ('easy', 'medium', 'hard', 'expert')]; print(r, time.process_time() - s)")
WHOLE = ("import time; from bookgen.puzzles.scramble.solver import dictionary_index; "
         "s = time.process_time(); dictionary_index('{language}'); print(time.process_time() - s)")


def fresh(code: str) -> list[float]:
    """The numbers `code` prints, run in a fresh Python."""
    printed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [float(number) for number in printed.stdout.split()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default="en,de,fr,es,it,nl")
    parser.add_argument("--puzzles", type=int, default=20)
    args = parser.parse_args()
    languages = args.languages.split(",")
    print(f"load: {os.getloadavg()[0]:.2f} (1 min)")
    print("in a fresh process, CPU seconds: the known words indexed; then with them, one puzzle per"
          " level; the whole dictionary indexed")
    for language in languages:
        words, four = fresh(FIRST.format(language=language))
        (whole,) = fresh(WHOLE.format(language=language))
        print(f"  {language}: words {words:.2f}, words and four puzzles {four:.2f}, dictionary {whole:.2f}")
    print(f"of the {COMMON:,} most common words of 3 to 8 letters, those with a second "
          "reading at easy (their letters make another known word with the same first letter), and "
          "some of them:")
    for language in languages:
        common = [word for word in common_words(language, 3 * COMMON) if 3 <= len(word) <= 8][:COMMON]
        rivalled = {word: rivals for word in common if (rivals := others(word, True, language))}
        shown = ", ".join(f"{word} {'/'.join(rivals)}" for word, rivals in list(rivalled.items())[:5])
        print(f"  {language}: {len(rivalled)} ({shown})")
    scramble = find_type("scramble")
    print("language level    words puzzles  score letters pairs in_place  ms/puzzle")
    for language in languages:
        for level in LEVELS:
            request = Request.make(scramble, level, {"language": language})
            supply = f"{len(word_pool(request)):5} {len(scramble.answers(request)):8}"
            started = time.perf_counter()
            ratings = [scramble.generate(random.Random(f"bench/{n}"), request).rating
                       for n in range(args.puzzles)]
            took = (time.perf_counter() - started) * 1000 / args.puzzles
            means = [statistics.mean(r[key] for r in ratings)
                     for key in ("score", "letters", "pairs_kept", "in_place")]
            print(f"{language:8} {level:8} {supply} {means[0]:6.1f} {means[1]:7.1f} {means[2]:5.2f} "
                  f"{means[3]:8.2f} {took:10.1f}")
    print("the themes, words and puzzles: all together; the shortest theme; the longest")
    print("language level      all   shortest     longest")
    for language in languages:
        for level in LEVELS:
            lists = {theme: Request.make(scramble, level, {"language": language, "theme": theme,
                                                            "word_count": 3})
                     for theme in (ALL, *ALL_THEMES)}
            sizes = {theme: len(word_pool(request)) for theme, request in lists.items()}
            shortest = min(ALL_THEMES, key=sizes.__getitem__)
            longest = max(ALL_THEMES, key=sizes.__getitem__)
            together = len(scramble.answers(Request.make(scramble, level, {"language": language,
                                                                           "theme": ALL})))
            print(f"{language:8} {level:8} {sizes[ALL]:4} {together:3}   {shortest:>10} {sizes[shortest]:2}"
                  f"   {longest:>10} {sizes[longest]:2}")


if __name__ == "__main__":
    main()
