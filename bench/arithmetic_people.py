"""How well the arithmetic rating predicts people, and the level shares it gives.

The yardstick is the 4nums.com ranking of the 1362 solvable 24-game cards (numbers 1-13) by mean
human solve time (/work/shared/data/4nums-24.csv, see its README). The model's weights are fitted
on the odd-ranked cards only; the figure that means something is the Spearman correlation (average
ranks for ties) on the even-ranked cards. Also printed: all cards, the old measures for
comparison, the census times and the share of each level for Make Ten and for 24.

Run from the repository root: python -m bench.arithmetic_people [--fit] [--data PATH]
--fit searches the weights again (coordinate descent in log space, odd ranks only) and prints them.
"""

from __future__ import annotations

import argparse
import csv
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, replace
from pathlib import Path

from bookgen.core import exprs
from bookgen.core.exprs import Rules
from bookgen.core.grading import LEVELS
from bookgen.puzzles.arithmetic import grader
from bookgen.puzzles.arithmetic.census import census
from bookgen.puzzles.arithmetic.grader import WEIGHTS, Weights, search_of

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "4nums-24.csv"  # shared/ beside the clone
Card = tuple[int, ...]


def read_ranking(path: Path) -> list[tuple[int, Card]]:
    """(human rank, sorted numbers) of every card, fastest solved first."""
    with path.open(newline="") as handle:
        return [(int(row["Rank"]), tuple(sorted(int(n) for n in row["Puzzles"].split())))
                for row in csv.DictReader(handle)]


def average_ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ties sharing the average of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            ranks[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation: Pearson's on average ranks."""
    rx, ry = average_ranks(xs), average_ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((x - mx) * (y - my) for x, y in zip(rx, ry))
    return cov / math.sqrt(sum((x - mx) ** 2 for x in rx) * sum((y - my) ** 2 for y in ry))


def correlations(ranking: list[tuple[int, Card]], score: Callable[[Card], float]
                 ) -> dict[str, float]:
    scores = {numbers: score(numbers) for _, numbers in ranking}
    parts = {"odd": [r for r in ranking if r[0] % 2 == 1],
             "even": [r for r in ranking if r[0] % 2 == 0], "all": ranking}
    return {name: spearman([scores[n] for _, n in part], [rank for rank, _ in part])
            for name, part in parts.items()}


def model_score(weights: Weights) -> Callable[[Card], float]:
    return lambda numbers: -math.log2(search_of(numbers, 24, Rules(), weights).chance)


def fit(ranking: list[tuple[int, Card]], start: Weights) -> Weights:
    """Coordinate descent in log space on the odd ranks: each weight in turn times or over a
    factor while that helps, with the factor 2, then 1.4, then 1.15."""
    best, best_fit = start, correlations(ranking, model_score(start))["odd"]
    for factor in (2.0, 1.4, 1.15):
        improved = True
        while improved:
            improved = False
            for name in asdict(best):
                for change in (factor, 1 / factor):
                    trial = replace(best, **{name: round(getattr(best, name) * change, 4)})
                    odd = correlations(ranking, model_score(trial))["odd"]
                    if odd > best_fit + 1e-4:
                        best, best_fit, improved = trial, odd, True
                        print(f"  odd {odd:.4f} with {asdict(best)}", flush=True)
                grader.person.cache_clear()
    return best


def shares(target: int, low: int, high: int, size: int = 4) -> None:
    exprs.engine.cache_clear()
    exprs.traits.cache_clear()
    grader.person.cache_clear()
    started = time.perf_counter()
    report = census(target, size, low, high)
    took = time.perf_counter() - started
    solvable = report["solvable"]
    levels = ", ".join(f"{level} {report['levels'][level]} ({report['levels'][level] / solvable:.0%})"
                       for level in LEVELS)
    print(f"make {target} from {size} of {low}-{high}: census {took:.2f} s, {solvable} solvable: "
          f"{levels}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fit", action="store_true", help="search the weights again")
    parser.add_argument("--data", type=Path, default=DATA, help="the 4nums ranking (CSV)")
    args = parser.parse_args()
    ranking = read_ranking(args.data)
    weights = fit(ranking, WEIGHTS) if args.fit else WEIGHTS
    print(f"weights: {asdict(weights)}")
    ratings = {tuple(r["numbers"]): r for r in census(24, 4, 1, 13)["ratings"]}
    measures: dict[str, Callable[[Card], float]] = {
        "model (chance of one attempt)": model_score(weights),
        "published score (0.01 bits)": lambda n: ratings[n]["score"],
        "whole-number ways alone": lambda n: -ratings[n]["ways"],
        "distinct solutions alone": lambda n: -ratings[n]["solutions"],
    }
    for label, score in measures.items():
        found = correlations(ranking, score)
        print(f"Spearman with human rank, {label:30}: even {found['even']:+.3f}, "
              f"all {found['all']:+.3f} (odd, fitted: {found['odd']:+.3f})")
    shares(10, 1, 9)
    shares(10, 0, 9)
    shares(24, 1, 13)
    shares(10, 0, 9, size=3)


if __name__ == "__main__":
    main()
