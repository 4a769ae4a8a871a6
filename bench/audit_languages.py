"""The page auditor on every shipped config in every language, in standard and in large print.

Each config's puzzles are made once (most do not depend on the language; a word search's do, and
is made again in each language, `speaks_in_puzzles`); each language then reads
the config again with `language:` set (so section titles are that language's) and prints the same
puzzles (`in_language` says what else it changes). A book the layout refuses (large print on a
trim too small for a type) is counted apart, as the audit matrix does. The goal is 0 findings.
Last run (2026-12-06): 48 books, 42 built, 6 refused, 0 findings. The refused are the sampler
in large print, in every language: its killer sudoku's cage sums print at 15.4 pt on US Letter
(the advice names the 8.5x11 workbook's narrower margins). Before the sampler's scrambles took 6
words each, it was refused in Spanish, French and Italian too (their food words fill one list of
8); before placement's chains wrapped to a narrow page, 12 large-print books on 6x9 and A4.

Run: python bench/audit_languages.py [--languages de,fr] [--configs sampler,worksheet]
"""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

from bookgen.audit import CHECKS, audit
from bookgen.book import Book, make_book
from bookgen.bookconfig import BookConfig
from bookgen.config import read_config_text
from bookgen.errors import BookgenError
from bookgen.i18n import languages, speaking
from bookgen.render.pdf import render_pdf

CONFIGS = Path(__file__).resolve().parents[1] / "config"


def in_language(text: str, code: str, large_print: bool) -> str:
    """The config text with its language and large print set, its answers at the back (where the
    auditor reads the key) and, in large print, no section's own `per_page` (a worksheet's eight
    to a page do not fit at large print sizes: the layout chooses)."""
    text = re.sub(r"(?m)^(language|large_print|answers):.*\n", "", text)
    if large_print:
        text = re.sub(r"(?m)^\s+per_page:.*\n", "", text)
    return f"language: {code}\nlarge_print: {str(large_print).lower()}\nanswers: back\n{text}"


def speaks_in_puzzles(config: BookConfig) -> bool:
    """Whether a section's puzzles themselves depend on the language (a type with a `language`
    option, such as word search): those are made again in each language."""
    return any(s.request is not None and "language" in s.request.settings for s in config.sections)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default=",".join(languages()), help="comma-separated codes")
    parser.add_argument("--configs", help="comma-separated config names (default: every shipped one)")
    args = parser.parse_args()
    names = args.configs.split(",") if args.configs else sorted(p.stem for p in CONFIGS.glob("*.yaml"))
    started = time.perf_counter()
    totals: Counter[str] = Counter()
    built = refused = 0
    for name in names:
        path = CONFIGS / f"{name}.yaml"
        text = path.read_text(encoding="utf-8")
        made = make_book(read_config_text(text, path))
        for code in args.languages.split(","):
            for large in (False, True):
                try:
                    config = read_config_text(in_language(text, code, large), path)
                    if speaks_in_puzzles(config):  # word searches: the letters are the language's
                        book = make_book(config)
                    else:
                        book = Book(config, tuple(replace(m, config=c)
                                                  for m, c in zip(made.sections, config.sections)))
                    pdf = render_pdf(book)[0]
                except BookgenError as error:
                    refused += 1
                    print(f"  {name} {code}{' large' if large else ''}: refused: {error}")
                    continue
                built += 1
                with speaking(config.speech()):
                    found = audit(pdf, large_print=large)
                totals.update(f.check for f in found)
                for finding in found[:3]:
                    print(f"  {name} {code}{' large' if large else ''}: {finding}")
    print(f"{built + refused} books ({built} built, {refused} refused) in "
          f"{time.perf_counter() - started:.0f} s")
    for check in CHECKS:
        print(f"{check:<12} {totals[check]:>9}")
    print(f"{'all':<12} {sum(totals.values()):>9}")


if __name__ == "__main__":
    main()
