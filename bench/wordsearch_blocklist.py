"""Word search's fill against the blocklists, on thousands of grids: per language, N grids of
each level (themes in turn), each read in all eight directions by a plain scan written here apart
from the generator's and the checker's (every straight run of squares, forwards and backwards,
searched for every blocked word and every word a children's page avoids besides), counting what
shows outside the listed words. Prints the grids made, the blocked words shown (0 is the
promise), the fill letters redrawn per grid and the time a grid took.

Run: python bench/wordsearch_blocklist.py [--grids 250] [--languages en,de,fr,es,it,nl]
"""

from __future__ import annotations

import argparse
import os
import random
import time

from bookgen.core.grading import LEVELS
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.wordsearch import generator
from bookgen.puzzles.wordsearch.checking import avoided
from bookgen.puzzles.wordsearch.parameters import ALL_THEMES

STEPS = ((0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1))


def shown(grid: list[str], solution: dict, words: tuple[str, ...]) -> list[str]:
    """Every reading of a word of `words` anywhere in the grid that no single placed word covers:
    from every square in every direction, the letters read as far as the longest word."""
    rows, cols = len(grid), len(grid[0])
    directions = dict(zip(("E", "S", "SE", "NE", "W", "N", "NW", "SW"), STEPS))
    covered = []
    for place in solution["placements"]:
        d_row, d_col = directions[place["direction"]]
        covered.append({(place["row"] + i * d_row, place["col"] + i * d_col)
                        for i in range(len(place["word"]))})
    by_first: dict[str, list[str]] = {}
    for word in words:
        by_first.setdefault(word[0], []).append(word)
    longest = max(map(len, words))
    found = []
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in STEPS:
                squares = []
                r, c = row, col
                while 0 <= r < rows and 0 <= c < cols and len(squares) < longest:
                    squares.append((r, c))
                    r, c = r + d_row, c + d_col
                text = "".join(grid[r][c] for r, c in squares)
                for word in by_first.get(text[0], ()):
                    if text.startswith(word) and not any(set(squares[:len(word)]) <= own for own in covered):
                        found.append(word)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grids", type=int, default=250, help="grids per language and level")
    parser.add_argument("--languages", default="en,de,fr,es,it,nl")
    args = parser.parse_args()
    wordsearch = find_type("wordsearch")
    redraws = [0]
    wrong_squares = generator._wrong_squares

    def counted(*given):  # type: ignore[no-untyped-def]
        found = wrong_squares(*given)
        redraws[0] += len(found)
        return found

    generator._wrong_squares = counted
    print(f"load: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    print("language grids  blocked shown  children's shown  redrawn/grid  ms/grid")
    total = 0
    for language in args.languages.split(","):
        blocked, children = avoided(language), avoided(language, True)
        made = bad = bad_children = 0
        redraws[0] = 0
        started = time.perf_counter()
        for level in LEVELS:
            for n in range(args.grids):
                theme = ALL_THEMES[n % len(ALL_THEMES)]
                young = level == "easy" and n % 2 == 1
                options = {"language": language, "theme": theme, "children": young}
                record = wordsearch.generate(random.Random(f"blocklist/{level}/{n}"),
                                             Request.make(wordsearch, level, options))
                made += 1
                bad += len(shown(record.puzzle["grid"], record.solution, blocked))
                if young:
                    bad_children += len(shown(record.puzzle["grid"], record.solution, children))
        took = (time.perf_counter() - started) * 1000 / made
        total += made
        print(f"{language:8} {made:5} {bad:14} {bad_children:17} {redraws[0] / made:13.2f} {took:8.1f}")
    print(f"{total} grids; load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
