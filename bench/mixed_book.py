"""Build a 200-puzzle mixed book with 1 and with 2 workers and print the times and the speed-up.

Targets (issue 7): 2 workers at least 1.7x faster than 1, and the whole book under 60 s.
The book spreads 200 puzzles over every registered type at medium and hard, at its defaults.
Run: python bench/mixed_book.py
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bookgen.atomic import write_files
from bookgen.book import make_book
from bookgen.config import load_config
from bookgen.formats import render_formats
from bookgen.puzzles import PUZZLE_TYPES

TOTAL = 200


WIDER = {"pyramid": ", variant: distinct"}
"""Options a type needs for a book's share of puzzles: its default 4-row classic pyramids have
only four answers a level."""


def config_text() -> str:
    """Each type at medium and hard with its default options, as a user who names only the type
    asks (the audit's showcase options are page-sized, not book-sized: six hard crosswords of four
    words on 6x6 do not exist)."""
    sections = [(t.name, level) for t in PUZZLE_TYPES for level in ("medium", "hard")]
    lines = ["title: Two Hundred Mixed Puzzles", "layout: letter", "seed: bench", "sections:"]
    for index, (name, level) in enumerate(sections):
        count = TOTAL // len(sections) + (1 if index < TOTAL % len(sections) else 0)
        lines.append(f"  - {{type: {name}, count: {count}, difficulty: {level}{WIDER.get(name, '')}}}")
    return "\n".join(lines) + "\n"


def timed_build(config_path: Path, workers: int, target: Path) -> tuple[float, float]:
    started = time.perf_counter()
    book = make_book(load_config(config_path), workers=workers)
    generated = time.perf_counter()
    write_files(render_formats(book, target, ["pdf"]))
    return generated - started, time.perf_counter() - started


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        config_path = Path(folder) / "mixed.yaml"
        config_path.write_text(config_text())
        print(f"types: {', '.join(t.name for t in PUZZLE_TYPES)}; puzzles: {TOTAL}")
        results = {}
        for workers in (1, 2):
            target = Path(folder) / f"mixed-{workers}.pdf"
            generate, total = timed_build(config_path, workers, target)
            results[workers] = (total, target.read_bytes())
            print(f"workers={workers}: generate {generate:.2f} s, whole book {total:.2f} s")
        speedup = results[1][0] / results[2][0]
        print(f"speed-up with 2 workers: {speedup:.2f}x (target: at least 1.7x)")
        print(f"identical bytes: {results[1][1] == results[2][1]}")
        print(f"whole book with 2 workers: {results[2][0]:.2f} s (target: under 60 s)")


if __name__ == "__main__":
    main()
