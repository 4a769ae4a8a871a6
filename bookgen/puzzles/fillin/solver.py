"""Solving a fill-in: the engine's exact search over the grid's slots (bookgen.core.wordgrid's
`fills`), the slot with the fewest fitting words first, each word used once; it counts the ways
the list fits, stopping at the cap, so counting to two proves a puzzle unique.
"""

from __future__ import annotations

from bookgen.api import JSON, Solved
from bookgen.core.wordgrid import count_fills, filled_grid


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    count, first = count_fills(puzzle["grid"], puzzle["words"], cap)
    return Solved(count, {"grid": filled_grid(puzzle["grid"], first)} if first else None)
