"""Time the arithmetic census and generation, and print the figures.

Target (issue 4): the 4-number census (715 multisets of digits 0-9, target 10) under 1 s on the
project's 2-core machine; a float search takes about 1.4 s, a naive exact one about 3 s. The
census of 24 from cards 1-13 (1820 multisets), model person included, should stay within 1-2 s.
Run: python bench/arithmetic.py
"""

from __future__ import annotations

import statistics
import time

from bookgen.core import exprs
from bookgen.core.grading import LEVELS
from bookgen.errors import BookgenError
from bookgen.making import make_puzzle
from bookgen.puzzles.arithmetic import ARITHMETIC, generator, grader
from bookgen.puzzles.arithmetic.census import census
from bookgen.puzzles.base import Request


def fresh() -> None:
    """Forget every memo, so each figure includes its own shared work."""
    exprs.engine.cache_clear()
    exprs.traits.cache_clear()
    grader.person.cache_clear()
    generator._census.cache_clear()
    generator._pool.cache_clear()
    generator._reachable_somewhere.cache_clear()


def time_census(target: int, size: int, low: int, high: int) -> None:
    fresh()
    started = time.perf_counter()
    report = census(target, size, low, high)
    took = time.perf_counter() - started
    print(f"census target {target}, {size} numbers from {low}-{high}: {report['multisets']} "
          f"multisets, {len(report['unsolvable'])} unsolvable, levels {report['levels']}: "
          f"{took:.2f} s")


def time_generation(label: str, options: dict, count: int, levels=LEVELS) -> None:
    fresh()
    for level in levels:
        times = []
        for index in range(count):
            started = time.perf_counter()
            make_puzzle(Request.make(ARITHMETIC, level, options), f"bench-{index}")
            times.append(time.perf_counter() - started)
        print(f"generate {label} {level:6}: first {times[0] * 1000:7.1f} ms, median "
              f"{statistics.median(times) * 1000:6.1f} ms over {count}")


def time_refusal(label: str, options: dict, level: str) -> None:
    """A request whose level the random draws never reach: how long until it is refused."""
    fresh()
    started = time.perf_counter()
    try:
        make_puzzle(Request.make(ARITHMETIC, level, options), "bench-refused")
    except BookgenError:
        print(f"refuse {label} {level}: {time.perf_counter() - started:.2f} s "
              f"(the level of each of the {generator.TRIES[options['size']]} cards drawn)")
    else:
        print(f"refuse {label} {level}: a card was found, nothing refused")


def main() -> None:
    time_census(10, 4, 0, 9)
    time_census(10, 4, 1, 9)
    time_census(24, 4, 1, 13)
    time_census(10, 3, 0, 9)
    time_generation("Ten puzzle (defaults)", {}, 20)
    time_generation("24 from cards 1-13", {"target": 24, "range": (1, 13)}, 20)
    # 5-number cards almost all have dozens of solutions: expert ones are too rare to sample
    time_generation("5 numbers 1-9", {"size": 5}, 5, ("easy", "medium", "hard"))
    time_generation("6 numbers 1-9", {"size": 6}, 3, ("easy", "medium", "hard"))
    time_refusal("6 numbers 1-9", {"size": 6}, "expert")  # about 26 s when each card drawn
    # listed all its solutions to be rated; 0.6 s since its level comes from the score alone


if __name__ == "__main__":
    main()
