"""The curve a reader sees: per type and level, the mean share of givens over N puzzles at one
fixed size per type (harder must not print more), how often a harder puzzle prints more givens
than an easier one of the level below, and the techniques the ratings say were needed; then the
same at each level's default settings (what a book gets when options are left out).
Run: python3 bench/curve.py [N]   (N puzzles per level, default 12; about a minute)"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bookgen.core.grading import LEVELS  # noqa: E402
from bookgen.errors import BookgenError  # noqa: E402
from bookgen.making import make_puzzle  # noqa: E402
from bookgen.puzzles import find_type  # noqa: E402
from bookgen.puzzles.base import Request  # noqa: E402

# (type, options fixing the size) for the fixed-size table; arithmetic has no givens.
FIXED: list[tuple[str, dict[str, Any]]] = [
    ("pyramid", {"variant": "distinct", "rows": 5}),
    ("pyramid", {"variant": "classic", "rows": 4}),
    ("numberwall", {"rows": 5}),
    ("arrows", {"size": "5x5"}),
    ("placement", {"size": 10, "unique": True}),
    ("numbrix", {"size": "7x7"}),
    ("hidato", {"size": "7x7"}),
]
# (type, options naming the kind only) for the default-settings table.
DEFAULTS: list[tuple[str, dict[str, Any]]] = [
    ("pyramid", {"variant": "distinct"}), ("pyramid", {}), ("numberwall", {}), ("arrows", {}),
    ("placement", {}), ("numbrix", {}), ("hidato", {}),
]


def cells_of(rating: dict) -> int:
    return rating.get("cells", rating.get("boxes", 0))


def techniques(rating: dict) -> list[str]:
    """What the rating says a person needed, by the names each type uses."""
    if "deductions" in rating:  # numbrix, hidato
        return sorted(name for name, count in rating["deductions"].items() if count)
    steps = [key[:-len("_steps")] for key, count in rating.items() if key.endswith("_steps") and count]
    if steps:  # pyramid, numberwall
        return steps
    if "stage" in rating:  # arrows: the hardest stage reached, and counting where it helped
        stage = rating["stage"]
        return [stage] + (["counting"] if rating.get("counted") and stage != "counting" else [])
    if "boxes" in rating:  # placement
        form = "one arrangement" if rating.get("givens") else "any arrangement"
        return [rating["numbers"], form]
    return []


def overlap(easier: list[int], harder: list[int]) -> float:
    """Share of pairs (one puzzle of each level) in which the harder prints more givens."""
    return sum(h > e for e in easier for h in harder) / (len(easier) * len(harder))


def table(title: str, cases: list[tuple[str, dict[str, Any]]], count: int) -> None:
    print(f"\n{title}")
    print(f"  {'type':10s} {'options':28s} {'level':7s} {'givens':>7s} {'share':>6s} {'more':>5s} "
          f"{'to fill':>7s} {'secs':>5s}  techniques (puzzles that used each)")
    for name, options in cases:
        puzzle_type = find_type(name)
        previous: list[int] | None = None
        for level in LEVELS:
            try:
                request = Request.make(puzzle_type, level, options)
            except BookgenError:
                print(f"  {name:10s} {_shown(options):28s} {level:7s} {'-':>7s}  (not at this size)")
                previous = None
                continue
            start = time.perf_counter()
            ratings = [make_puzzle(request, f"curve{seed}").rating for seed in range(count)]
            seconds = time.perf_counter() - start
            givens = [r["givens"] for r in ratings]
            share = statistics.mean(r["givens"] / cells_of(r) for r in ratings)
            to_fill = statistics.mean(cells_of(r) - r["givens"] for r in ratings)
            used = Counter(t for r in ratings for t in techniques(r))
            more = f"{overlap(previous, givens):5.0%}" if previous else f"{'':5s}"
            shown = ", ".join(f"{t} {n}" for t, n in sorted(used.items(), key=lambda i: -i[1]))
            print(f"  {name:10s} {_shown(options):28s} {level:7s} {statistics.mean(givens):7.1f} "
                  f"{share:6.1%} {more} {to_fill:7.1f} {seconds:5.1f}  {shown}")
            previous = givens


def _shown(options: dict[str, Any]) -> str:
    return ",".join(f"{key}={value}" for key, value in options.items()) or "(defaults)"


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    print(f"{count} puzzles per level; share = givens / cells (placement: pre-filled boxes / "
          "boxes); more = share of pairs in which a puzzle of this level prints more givens than "
          "one of the easier level in the row above")
    table("at one fixed size per type (a harder level must not print more)", FIXED, count)
    table("at each level's default settings (what a book section gets)", DEFAULTS, count)


if __name__ == "__main__":
    main()
