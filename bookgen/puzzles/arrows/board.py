"""The board: a sign layout's precomputed structure (the cells each sign points at, the signs to
revise when a cell changes), and candidate sets as bitmasks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bookgen.api import JSON
from bookgen.puzzles.arrows.parameters import STEPS, Cell, Domains, heads


@dataclass(frozen=True)
class Board:
    """The precomputed structure of a sign layout, so the solver never does coordinates.

    targets[c]: the cells sign c points at; watchers[c]: the signs to revise when cell c's
    candidates change (c itself and every sign pointing at c); natural[c]: numbers 1 to the
    length of c's line.
    """

    rows: int
    cols: int
    targets: tuple[tuple[Cell, ...], ...]
    watchers: tuple[tuple[Cell, ...], ...]
    natural: tuple[int, ...]

    @property
    def size(self) -> int:
        return self.rows * self.cols


def ray(rows: int, cols: int, row: int, col: int, direction: str) -> list[tuple[int, int]]:
    """The cells from (row, col) in one direction up to the edge, nearest first."""
    dr, dc = STEPS[direction]
    cells = []
    r, c = row + dr, col + dc
    while 0 <= r < rows and 0 <= c < cols:
        cells.append((r, c))
        r, c = r + dr, c + dc
    return cells


def span(bits: int) -> int:
    """The mask of the numbers 1 to `bits`."""
    return ((1 << (bits + 1)) - 1) & ~1


@lru_cache(maxsize=256)
def board_of(arrows: tuple[tuple[str, ...], ...]) -> Board:
    rows, cols = len(arrows), len(arrows[0])
    targets = []
    for r in range(rows):
        for c in range(cols):
            seen = [rr * cols + cc for d in heads(arrows[r][c]) for rr, cc in ray(rows, cols, r, c, d)]
            targets.append(tuple(seen))
    watchers: list[list[Cell]] = [[cell] for cell in range(rows * cols)]
    for sign, cells in enumerate(targets):
        for cell in cells:
            watchers[cell].append(sign)
    return Board(rows, cols, tuple(targets), tuple(tuple(w) for w in watchers),
                 tuple(span(len(t)) for t in targets))


def board_for(puzzle: JSON) -> Board:
    return board_of(tuple(tuple(row) for row in puzzle["arrows"]))


def start(board: Board, givens: list[int]) -> Domains:
    """Candidates before any reasoning: a given number, or 1 to the length of the line."""
    return [1 << g if g else board.natural[cell] for cell, g in enumerate(givens)]
