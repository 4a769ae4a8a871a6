"""Grading a word search by what makes words hard to see: the directions they read in (across
and down, then the diagonals, then backwards), words that cross and share letters, the grid's
size and the decoys (a word's first two letters reading on where the word does not).

The level is a band of one score: a hundred for each step up the ladder of directions and
crossings (a large, full grid of backward words is the top step), plus the decoys within it.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.grading import Bands
from bookgen.puzzles.wordsearch.parameters import FORWARD, HOLE, STEPS
from bookgen.puzzles.wordsearch.solver import cells_of, solve

EXPERT_CELLS = 196   # a 14 x 14 grid or larger
EXPERT_WORDS = 16
BANDS = Bands.of({"easy": (0, 99), "medium": (100, 199), "hard": (200, 299),
                  "expert": (300, 399)})


def rate(puzzle: JSON) -> JSON:
    """The measured figures and the level they fall in."""
    grid, words = puzzle["grid"], puzzle["words"]
    solved = solve(puzzle, 1)
    placed = solved.solution["placements"] if solved.solution else []
    directions = sorted({p["direction"] for p in placed}, key=list(STEPS).index)
    backwards = sum(p["direction"] not in FORWARD for p in placed)
    squares: dict[tuple[int, int], int] = {}
    for p in placed:
        for square in cells_of(p["word"], (p["row"], p["col"], p["direction"])):
            squares[square] = squares.get(square, 0) + 1
    shared = sum(1 for n in squares.values() if n > 1)
    cells = sum(len(row) - row.count(HOLE) for row in grid)  # a shaped grid's holes are no squares
    decoys = sum(_decoys(grid, word) for word in words) - len(placed)
    if backwards or shared:
        step = 3 if cells >= EXPERT_CELLS and len(words) >= EXPERT_WORDS else 2
    else:
        step = 1 if set(directions) - {"E", "S"} else 0
    score = 100 * step + min(99, decoys)
    return {"level": BANDS.level_of(score), "score": score, "directions": directions,
            "backwards": backwards, "shared_squares": shared, "cells": cells,
            "words": len(words), "decoys": decoys}


def _decoys(grid: list[str], word: str) -> int:
    """The places a word's first two letters read in a direction (its own place among them)."""
    rows, cols = len(grid), len(grid[0])
    count = 0
    for row in range(rows):
        for col in range(cols):
            if grid[row][col] != word[0]:
                continue
            for d_row, d_col in STEPS.values():
                r, c = row + d_row, col + d_col
                end_r, end_c = row + (len(word) - 1) * d_row, col + (len(word) - 1) * d_col
                if 0 <= end_r < rows and 0 <= end_c < cols and grid[r][c] == word[1]:
                    count += 1
    return count
