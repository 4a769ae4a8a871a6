"""The eight symmetries of a rectangular grid (rotations and reflections), acting on cells and on
step directions alike, so a type can name one canonical form for a puzzle and all its twins.

A symmetry is written as an optional transpose followed by optional flips of the rows and of the
columns; the eight combinations are the dihedral group of the square (a non-square grid turns into
its transpose under four of them, which is still the same puzzle printed sideways).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import TypeVar

Value = TypeVar("Value")


@dataclass(frozen=True)
class Symmetry:
    transpose: bool
    flip_rows: bool
    flip_cols: bool

    def cell(self, row: int, col: int, rows: int, cols: int) -> tuple[int, int]:
        """Where the cell (row, col) of a rows x cols grid goes."""
        if self.transpose:
            row, col, rows, cols = col, row, cols, rows
        return (rows - 1 - row if self.flip_rows else row, cols - 1 - col if self.flip_cols else col)

    def step(self, d_row: int, d_col: int) -> tuple[int, int]:
        """Where a step direction (d_row, d_col) goes."""
        if self.transpose:
            d_row, d_col = d_col, d_row
        return (-d_row if self.flip_rows else d_row, -d_col if self.flip_cols else d_col)

    def grid(self, grid: Sequence[Sequence[Value]]) -> list[list[Value]]:
        """The grid moved by this symmetry."""
        rows, cols = len(grid), len(grid[0])
        height, width = (cols, rows) if self.transpose else (rows, cols)
        moved: list[list[Value]] = [[grid[0][0]] * width for _ in range(height)]
        for r in range(rows):
            for c in range(cols):
                r2, c2 = self.cell(r, c, rows, cols)
                moved[r2][c2] = grid[r][c]
        return moved


SYMMETRIES: tuple[Symmetry, ...] = tuple(Symmetry(*flags) for flags in product((False, True), repeat=3))
