"""The board: a layout's precomputed structure (its white squares, its runs, the two runs through
each square) and the sets of digits that make each sum, as bitmasks (bit d set: d is in the set).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from bookgen.api import JSON
from bookgen.puzzles.kakuro.parameters import Cell

Layout = tuple[str, ...]
"""A grid's squares as text rows, '#' black and '.' white: what a board is made from."""


def _sum_table() -> dict[tuple[int, int], tuple[int, ...]]:
    table: dict[tuple[int, int], tuple[int, ...]] = {}
    for length in range(1, 10):
        for digits in combinations(range(1, 10), length):
            key = (length, sum(digits))
            table[key] = table.get(key, ()) + (sum(1 << d for d in digits),)
    return table


SUM_TABLE = _sum_table()
"""(length, sum) -> every set of `length` different digits adding up to `sum`, as bitmasks:
the table a kakuro solver knows by heart (3 in two squares: only {1, 2})."""


def digit_sets(length: int, total: int) -> tuple[int, ...]:
    """The sets of `length` different digits that add up to `total` (none: an impossible sum)."""
    return SUM_TABLE.get((length, total), ())


@dataclass(frozen=True)
class Run:
    """A run of two or more white squares across or down, its squares in order and its clue
    square (a square alone between black ones in a line is in no run that way, and has no sum)."""

    cells: tuple[Cell, ...]
    across: bool
    clue: tuple[int, int]


@dataclass(frozen=True)
class Board:
    """squares[c]: where white square c stands (row, column); at[r][c]: the white square there,
    or -1 on a black one; runs: every run, across ones first in reading order of their clues, then
    down ones; runs_of[c]: the runs through square c (its across run, then its down run: both in
    a generated puzzle, one where a hand-entered one leaves it alone in a line); partners[c]:
    every other square sharing a run with c."""

    rows: int
    cols: int
    squares: tuple[tuple[int, int], ...]
    at: tuple[tuple[int, ...], ...]
    runs: tuple[Run, ...]
    runs_of: tuple[tuple[int, ...], ...]
    partners: tuple[tuple[Cell, ...], ...]

    @property
    def size(self) -> int:
        return len(self.squares)


def layout_of(puzzle: JSON) -> Layout:
    return tuple("".join("." if cell is None else "#" for cell in row) for row in puzzle["cells"])


@lru_cache(maxsize=256)
def board_of(layout: Layout) -> Board:
    rows, cols = len(layout), len(layout[0])
    squares = [(r, c) for r in range(rows) for c in range(cols) if layout[r][c] == "."]
    index = {square: i for i, square in enumerate(squares)}
    at = tuple(tuple(index.get((r, c), -1) for c in range(cols)) for r in range(rows))
    runs: list[Run] = []
    for across in (True, False):
        lines = range(rows) if across else range(cols)
        for line in lines:
            places = [(line, i) if across else (i, line) for i in range(cols if across else rows)]
            start = 0
            while start < len(places):
                end = start
                while end < len(places) and places[end] in index:
                    end += 1
                if end - start >= 2:
                    row, col = places[start]
                    clue = (row, col - 1) if across else (row - 1, col)
                    runs.append(Run(tuple(index[p] for p in places[start:end]), across, clue))
                start = end + 1
    runs.sort(key=lambda run: (not run.across, run.clue))
    through: list[list[int]] = [[] for _ in squares]
    for number, run in enumerate(runs):  # across runs first, so each square lists its own first
        for cell in run.cells:
            through[cell].append(number)
    runs_of = tuple(tuple(numbers) for numbers in through)
    partners = tuple(tuple(sorted({other for number in runs_of[cell]
                                   for other in runs[number].cells if other != cell}))
                     for cell in range(len(squares)))
    return Board(rows, cols, tuple(squares), at, tuple(runs), runs_of, partners)


def board_for(puzzle: JSON) -> Board:
    return board_of(layout_of(puzzle))


def sums_of(board: Board, puzzle: JSON) -> tuple[int, ...]:
    """Each run's sum, read from its clue square."""
    cells = puzzle["cells"]
    return tuple(cells[r][c]["across" if run.across else "down"] for run in board.runs
                 for r, c in [run.clue])
