"""Solving a crossword, as far as a program can: its answers come from its clues, which no solver
reads. What is proven instead is the strongest fact a grid can promise: the answer words, taken
as an unordered list (what a reader who knows every answer holds), fit the grid's slots, with
the given letters, in one way only, so no two answers could trade places. The count comes from
the engine's exact search over the slots (bookgen.core.wordgrid), the fill-in's solver.
"""

from __future__ import annotations

from bookgen.api import JSON, Solved
from bookgen.core.wordgrid import count_fills, filled_grid


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    words = [entry["word"] for entry in puzzle["entries"]]
    count, first = count_fills(puzzle["grid"], words, cap)
    return Solved(count, {"grid": filled_grid(puzzle["grid"], first)} if first else None)
