"""Build every book of the audit matrix and print what the page auditor finds, per check.

The matrix (bookgen.audit.matrix): every built-in layout x home / print-on-demand / with bleed x
large print off and on x 1, 2, 7, 24 and 60 sections (every type in turn, one to three puzzles
each) x short and long titles. Each book builds or is refused with a message (a print-on-demand
book under 24 pages); the goal is 0 findings. tests/test_audit.py runs a sample of it. Short
pages (a section's page, not its last, whose text ends above its middle) are counted apart.

Run: python bench/audit_matrix.py [--layouts 6x9,5x8] [--workers N] [--show N] [--share]
[--once] [--languages de,fr] (--share: the same books with share_pages: true; --once: with
repeat_rules: false, a type's rules and example at its first section only; --languages: the
matrix in each of these languages instead of English).
"""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from bookgen.audit import CHECKS, Outcome, matrix, run_case
from bookgen.config import available_layouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layouts", help="comma-separated layout names (default: all)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--show", type=int, default=3, help="findings to show per check")
    parser.add_argument("--share", action="store_true", help="every book with share_pages: true")
    parser.add_argument("--once", action="store_true", help="every book with repeat_rules: false")
    parser.add_argument("--languages", default="en", help="comma-separated language codes (default en)")
    args = parser.parse_args()
    layouts = args.layouts.split(",") if args.layouts else sorted(available_layouts())
    cases = [replace(case, share_pages=args.share, repeat_rules=not args.once, language=code)
             for code in args.languages.split(",") for case in matrix(layouts)]
    started = time.perf_counter()
    # sorted by section count, so each worker makes a count's puzzles once (bookgen.audit._made)
    cases.sort(key=lambda case: (case.sections, case.long_titles))
    with ProcessPoolExecutor(args.workers) as pool:
        outcomes: list[Outcome] = list(pool.map(run_case, cases, chunksize=8))
    refused = [o for o in outcomes if o.refused]
    totals: Counter[str] = Counter()
    books: Counter[str] = Counter()
    examples: dict[str, list[str]] = {check: [] for check in CHECKS}
    for outcome in outcomes:
        found = Counter(f.check for f in outcome.findings)
        totals.update(found)
        books.update(found.keys())
        for finding in outcome.findings:
            if len(examples[finding.check]) < args.show:
                examples[finding.check].append(f"{outcome.case}: {finding}")
    print(f"{len(cases)} books ({len(cases) - len(refused)} built, {len(refused)} refused) "
          f"in {time.perf_counter() - started:.0f} s")
    for message in sorted({re.sub(r"\d+", "N", o.refused) for o in refused})[:5]:
        print(f"  refused: {message}")
    print(f"{'check':<12} {'findings':>9} {'books':>6}")
    for check in CHECKS:
        print(f"{check:<12} {totals[check]:>9} {books[check]:>6}")
        for example in examples[check]:
            print(f"    {example}")
    print(f"{'all':<12} {sum(totals.values()):>9}")
    short = [(o.case, finding) for o in outcomes for finding in o.short]
    print(f"{'short page':<12} {len(short):>9} {len({str(case) for case, _ in short}):>6}"
          "  (a page of a section, not its last, whose text ends above its middle)")
    for case, finding in short[:args.show]:
        print(f"    {case}: {finding}")


if __name__ == "__main__":
    main()
