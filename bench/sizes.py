"""Build the books of issue 26's size items and print how their text measures against the floors
of bookgen.render.sizes (7 pt; large print 14 pt, 16 pt for puzzle numbers), and what is refused.

The figures docs/production.md (*Type sizes*) quotes: the large-print chains refused on a 5 x 8 in
page and the size they would print at, and how many hard chains a letter worksheet puts on a page.
Run: python bench/sizes.py
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from collections import Counter
from pathlib import Path

from pypdf import PdfReader

from bookgen.cli import main as bookgen
from bookgen.config import ROOT

LARGE = """
title: Large
layout: {layout}
large_print: true
seed: 3
sections:
  - {{type: numbrix, count: 3, difficulty: easy, size: 6}}
  - {{type: hidato, count: 2, difficulty: medium, shape: diamond, size: 7}}
  - {{type: arithmetic, count: 2, difficulty: medium}}
  - {{type: pyramid, count: 3, difficulty: medium, variant: classic}}
  - {{type: numberwall, count: 3, difficulty: easy}}
  - {{type: arrows, count: 2, difficulty: medium}}
"""
CHAINS = "  - {type: placement, title: Chains, count: 2, difficulty: easy}\n"


def sizes(path: Path, numbers: bool = False) -> Counter[float]:
    """Characters (or with `numbers`, digits) per size (points, to 0.1) over every page."""
    found: Counter[float] = Counter()

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip() and (not numbers or text.strip().lstrip("\u2212").isdigit()):
            size = abs(font_size * tm[3] * cm[3]) if tm[3] else font_size
            found[round(size, 1)] += len(text.strip())

    for page in PdfReader(path).pages:
        page.extract_text(visitor_text=visit)
    return found


def run(*args: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = bookgen(list(args))
    return status, err.getvalue().strip()


def report(name: str, path: Path, floor: float) -> None:
    found = sizes(path)
    total, under = sum(found.values()), sum(n for size, n in found.items() if size < floor - 0.01)
    print(f"{name}: {len(PdfReader(path).pages)} pages, {total} characters, smallest "
          f"{min(found)} pt, {100 * under / total:.1f} % under {floor:g} pt")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for layout in ("5x8", "8.5x11"):
            config = work / f"large-{layout}.yaml"
            config.write_text(LARGE.format(layout=layout) + (CHAINS if layout == "8.5x11" else ""))
            status, err = run("build", str(config), "-o", str(work / f"{layout}.pdf"), "-q",
                              "--workers", "1")
            assert status == 0, err
            report(f"large print {layout}", work / f"{layout}.pdf", 14.0)
        config.write_text(LARGE.format(layout="5x8") + CHAINS)
        status, err = run("build", str(config), "-o", str(work / "refused.pdf"), "-q")
        print(f"large print 5x8 with number chains: exit {status}: {err.split(': ', 3)[-1]}")
        sheet = work / "sheet.pdf"
        status, err = run("worksheet", "placement", "--difficulty", "hard", "--count", "12",
                          "--layout", "letter", "-o", str(sheet), "--workers", "1")
        print(f"worksheet of 12 hard chains on letter: exit {status}: {err}")
        report("  its pages", sheet, 7.0)
        report("  its answers", work / "sheet-answers.pdf", 7.0)
        status, err = run("build", str(ROOT / "config" / "worksheet.yaml"), "-o",
                          str(work / "a4.pdf"), "-q", "--workers", "1")
        assert status == 0, err
        puzzles = sizes(work / "a4.pdf", numbers=True).most_common(1)[0][0]
        answers = sizes(work / "a4-answers.pdf", numbers=True).most_common(1)[0][0]
        print(f"A4 worksheet: its puzzles' numbers print at {puzzles} pt, its answers' at "
              f"{answers} pt")


if __name__ == "__main__":
    main()
