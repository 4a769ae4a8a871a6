"""How often a `theme: all` book of crosswords prints a word twice: the figures the crossword's
README quotes. For each language and seed, a book of `--count` easy crosswords made as
`bookgen build` makes it, its answers counted.

    python bench/crossword_themes.py [--count 24] [--seeds 1 2] [--languages en de fr es it nl]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bookgen.book import make_book  # noqa: E402
from bookgen.config import load_config  # noqa: E402


def repeats(language: str, seed: str, count: int, folder: Path) -> Counter[str]:
    """How many times each word of the book's crosswords prints."""
    config = folder / f"themes-{language}-{seed}.yaml"
    config.write_text(f"title: Themes\nlanguage: {language}\nseed: '{seed}'\nsections:\n"
                      f"  - {{type: crossword, difficulty: easy, count: {count}, theme: all}}\n")
    book = make_book(load_config(config), workers=2)
    return Counter(entry["word"] for section in book.sections for record in section.records
                   for entry in record.puzzle["entries"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=24)
    parser.add_argument("--seeds", nargs="+", default=["1", "2"])
    parser.add_argument("--languages", nargs="+", default=["en", "de", "fr", "es", "it", "nl"])
    args = parser.parse_args()
    print(f"{args.count} easy crosswords of theme: all; words printed, distinct, printed twice or more, most")
    with tempfile.TemporaryDirectory() as tmp:
        for language in args.languages:
            for seed in args.seeds:
                counted = repeats(language, seed, args.count, Path(tmp))
                again = sum(1 for times in counted.values() if times > 1)
                print(f"{language} seed {seed}: {sum(counted.values())} words, {len(counted)} distinct, "
                      f"{again} again, most {max(counted.values())}", flush=True)


if __name__ == "__main__":
    main()
