"""Writes the levels of the built-in quotations, the third field of each line of quotes/LANG.txt
("TEXT | AUTHOR | easy medium hard"): `python -m bookgen.puzzles.cryptogram.levels [LANG ...]`
(all six languages by default; about ten minutes on an idle machine).

Whether a quotation makes a puzzle at a level is a fact of its words more than of its code (the
solver and the grader read word patterns), found by trying: each quotation alone, at each level,
with `SEEDS` runs of the generator (each tries up to `generator.ATTEMPTS` codes). One that makes
none at a level in those 120 codes has words that read too easily for hard, or two ways past
expert's two letters; a book drawing it would spend forty codes on it each time and find no more
different puzzles. So a section draws its quotations only from those its level lists
(`generator.quotations`), and `answers` and `variety` count them: a book asking for more of a
level than it can find is refused up front, naming how many. A line without the field (a
quotation just added) is tried at every level until this script is run; `python
bench/cryptogram.py --survey` runs every line again and names those whose field differs.

`--recheck` tries only the levels a line records, in one run of the `CODES_A_QUOTE` codes a book
gives a quotation at each draw: a line that makes its level in 120 codes but not in those ten is
one a book seldom finds a puzzle in, and asking for nearly every quotation of the level then
failed; such a line loses the level.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from bookgen.api import LEVELS, BookgenError, Generated, Request
from bookgen.atomic import write_files
from bookgen.core.letters import LANGUAGES
from bookgen.puzzles.cryptogram.generator import ATTEMPTS, CODES_A_QUOTE, generate
from bookgen.puzzles.cryptogram.parameters import AUTHOR_MARK, quotation

SEEDS = 3


def made(line: str, language: str, levels: Sequence[str] = LEVELS, seeds: int = SEEDS,
         attempts: int = ATTEMPTS) -> dict[str, Generated]:
    """The first puzzle the quotation of `line` ("TEXT | AUTHOR") makes alone at each of `levels`
    it makes one at, `seeds` runs of the generator a level (each of `attempts` codes), each
    proven from its printed page."""
    from bookgen.puzzles.cryptogram import CRYPTOGRAM

    puzzles = {}
    for level in levels:
        try:
            request = Request.make(CRYPTOGRAM, level, {"language": language, "quotes": [line]})
        except BookgenError:  # at expert, a quotation with a word the dictionary lacks
            continue
        for seed in range(seeds):
            try:
                generated = generate(random.Random(f"levels/{seed}"), request, attempts)
            except BookgenError:
                continue
            problem = unproven(generated, level)
            if problem:
                raise AssertionError(f"{line}, {level}: {problem}")
            puzzles[level] = generated
            break
    return puzzles


def unproven(generated: Generated, level: str) -> str | None:
    """Why the puzzle is not what its page must be, or None: read from its printed page alone it
    reads one way, that reading keeps the rules and is the quotation, and it rates `level`."""
    from bookgen.puzzles.cryptogram import CRYPTOGRAM

    page = CRYPTOGRAM.printed(generated.puzzle).puzzle
    solved = CRYPTOGRAM.solve(page, 2)
    if solved.count != 1 or solved.solution is None:
        return f"{solved.count} readings"
    if solved.solution["text"] != generated.solution["text"]:
        return "the page reads another text"
    if CRYPTOGRAM.check(page, solved.solution):
        return "; ".join(CRYPTOGRAM.check(page, solved.solution))
    if CRYPTOGRAM.rate(page)["level"] != level:
        return f"rated {CRYPTOGRAM.rate(page)['level']}"
    return None


def reached(line: str, language: str) -> list[str]:
    """The levels at which the quotation of `line` ("TEXT | AUTHOR") makes a puzzle alone."""
    return list(made(line, language))


def with_levels(text: str, language: str, levels: Sequence[str] = LEVELS,
                recheck: bool = False) -> tuple[str, dict[str, int]]:
    """The file's text with each quotation's `levels` tried anew (the others as recorded), and
    how many make each level. `recheck`: only the levels a line records are tried, in one run
    of the codes a book gives a quotation at each draw (`CODES_A_QUOTE`): a line that does not
    make its level so loses it (a book drawing it would seldom find its puzzle; see main)."""
    counts = dict.fromkeys(LEVELS, 0)
    lines = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            lines.append(line)
            continue
        said, _, recorded = line.rpartition(AUTHOR_MARK)
        anew = [level for level in levels if level in recorded.split()] if recheck else levels
        if not said.count(AUTHOR_MARK):  # TEXT | AUTHOR, no levels yet: try every level
            said, recorded, anew = line, "", LEVELS
        quote = quotation(said)
        plain = f"{quote.text} {AUTHOR_MARK} {quote.author}"
        tried = made(plain, language, anew, 1, CODES_A_QUOTE) if recheck else made(plain, language, anew)
        reached = [level for level in LEVELS
                   if level in tried or (level not in anew and level in recorded.split())]
        for level in reached:
            counts[level] += 1
        lines.append(f"{plain} {AUTHOR_MARK} {' '.join(reached)}")
    return "\n".join(lines) + "\n", counts


def main(arguments: list[str]) -> None:
    """`[--levels expert,hard] [LANG ...]`: the levels to try anew (all by default)."""
    parser = argparse.ArgumentParser(prog="python -m bookgen.puzzles.cryptogram.levels",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default=",".join(LEVELS),
                        help="the levels to try anew, with commas (default: all); the others stay "
                             "as each line records them")
    parser.add_argument("--recheck", action="store_true",
                        help="try only the lines that record a level, each in one run of the codes a "
                             f"book gives a quotation at a draw ({CODES_A_QUOTE}); one that does not "
                             "make its level so loses it")
    parser.add_argument("languages", nargs="*", metavar="LANG",
                        help=f"the quotations of these languages (default: {' '.join(LANGUAGES)})")
    args = parser.parse_args(arguments)
    levels = tuple(args.levels.split(","))
    if not set(levels) <= set(LEVELS):
        parser.error(f"--levels: {', '.join(LEVELS)}, with commas")
    if not set(args.languages) <= set(LANGUAGES):
        parser.error(f"LANG: {', '.join(LANGUAGES)}")
    folder = Path(str(resources.files("bookgen.puzzles.cryptogram"))) / "quotes"
    for language in args.languages or LANGUAGES:
        path = folder / f"{language}.txt"
        started = time.perf_counter()
        old = path.read_text("utf-8")
        text, counts = with_levels(old, language, levels, args.recheck)
        write_files([(path, text.encode("utf-8"))])
        changed = sum(a != b for a, b in zip(old.splitlines(), text.splitlines()))
        lines = sum(1 for line in text.splitlines() if line.strip() and not line.startswith("#"))
        print(f"{language}: " + ", ".join(f"{level} {n}" for level, n in counts.items())
              + f" of {lines} lines ({', '.join(levels)} tried anew, each puzzle proven from its"
              f" page); {changed} lines changed; {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
