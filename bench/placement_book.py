"""Build a 200-puzzle number-placement book and print how long each stage takes.

Target (issue 2): the whole build under 10 s on the project's 2-core machine.
Run: python bench/placement_book.py
"""

from __future__ import annotations

import tempfile
import textwrap
import time
from pathlib import Path

from bookgen.atomic import write_files
from bookgen.book import make_book
from bookgen.config import load_config
from bookgen.formats import render_formats

CONFIG = """
title: Two Hundred Placement Puzzles
layout: letter
seed: bench
sections:
  - {type: placement, count: 50, difficulty: easy}
  - {type: placement, count: 50, difficulty: medium}
  - {type: placement, count: 50, difficulty: hard}
  - {type: placement, count: 50, difficulty: expert}
"""


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        config_path = Path(folder) / "bench.yaml"
        config_path.write_text(textwrap.dedent(CONFIG))
        started = time.perf_counter()
        config = load_config(config_path)
        book = make_book(config)
        generated = time.perf_counter()
        target = Path(folder) / "bench.pdf"
        write_files(render_formats(book, target, ["pdf"]))
        finished = time.perf_counter()
        puzzles = sum(len(s.records) for s in book.sections)
        print(f"puzzles: {puzzles}")
        print(f"generate and verify: {generated - started:.2f} s")
        print(f"typeset PDF: {finished - generated:.2f} s ({target.stat().st_size // 1024} KiB)")
        print(f"total: {finished - started:.2f} s (target: under 10 s)")


if __name__ == "__main__":
    main()
