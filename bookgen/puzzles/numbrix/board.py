"""A Numbrix or Hidato board as bit sets, made from a puzzle's grid; the form a grid shares with its twins.

Vocabulary: a *cell* is a single-bit int on a board whose rows are `stride` = cols + 1 bits apart
(the spare bit per row stops shifts from wrapping round), a *set* of cells is an int mask, and
number k (1..N) lives at index k - 1 of `cand`, the set of cells it may still occupy. Placing a
number makes its set a single cell.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from bookgen.api import JSON, form_key
from bookgen.core.hamilton import Cell

# --- board structure ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """A grid shape's precomputed structure: cell bits, neighbour sets and colour classes."""

    rows: int
    cols: int
    diagonal: bool
    cells: tuple[Cell, ...]
    stride: int
    mask: int
    around: dict[int, int]  # cell -> set of its neighbours
    black: int  # cells with (row + col) even: Numbrix numbers alternate colours
    balls: dict[int, list[int]] = field(default_factory=dict, compare=False, hash=False)

    def bit(self, cell: Cell) -> int:
        return 1 << (cell[0] * self.stride + cell[1])

    def cell(self, bit: int) -> Cell:
        return divmod(bit.bit_length() - 1, self.stride)

    def spread(self, cells: int) -> int:
        """Every cell touching one of `cells` (king moves: the row step taken once, from the
        cells and their side neighbours)."""
        s = self.stride
        if self.diagonal:
            side = cells << 1 | cells >> 1
            row = side | cells
            return (side | row << s | row >> s) & self.mask
        pair = cells | cells << (s - 1)  # one step each way in five operations, as State.sweep
        return (pair >> s | pair << 1) & self.mask

    def touching(self, cells: int) -> tuple[int, int]:
        """The places beside at least one of `cells` and those beside at least two (unmasked):
        bit-parallel neighbour counting, the four side steps written out for Numbrix."""
        s = self.stride
        if self.diagonal:
            ones = twos = 0
            for step in (1, s, s + 1, s - 1):
                for near in (cells << step, cells >> step):
                    twos |= ones & near
                    ones |= near
            return ones, twos
        up, down, left, right = cells << s, cells >> s, cells << 1, cells >> 1
        rows, sides = up | down, left | right
        return rows | sides, up & down | rows & sides | left & right

    def ball(self, centre: int, radius: int) -> int:
        """Cells within `radius` steps of `centre` over the whole shape (a person counting steps)."""
        return self.balls_to(centre, radius)[radius]

    def balls_to(self, centre: int, radius: int) -> list[int]:
        """The balls round `centre` by radius, grown to at least `radius` (kept for the board)."""
        grown = self.balls.setdefault(centre, [centre])
        while len(grown) <= radius:
            last = grown[-1]
            grown.append(last | self.spread(last))
        return grown

    def regions(self, cells: int) -> list[int]:
        """The connected parts of `cells`."""
        parts = []
        while cells:
            part = self.region(cells & -cells, cells)
            parts.append(part)
            cells &= ~part
        return parts

    def region(self, seed: int, within: int) -> int:
        """The connected part of `within` that holds `seed`."""
        part = seed
        while True:
            grown = (part | self.spread(part)) & within
            if grown == part:
                return part
            part = grown


@lru_cache(maxsize=64)
def make_board(cells: tuple[Cell, ...], diagonal: bool) -> Board:
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    stride = cols + 1
    bits = [1 << (r * stride + c) for r, c in cells]
    mask = sum(bits)
    black = sum(b for b, (r, c) in zip(bits, cells) if (r + c) % 2 == 0)
    board = Board(rows, cols, diagonal, cells, stride, mask, {}, black)
    board.around.update((b, board.spread(b)) for b in bits)
    return board


def bits_of(cells: int) -> list[int]:
    """The single cells of a set, lowest first."""
    out = []
    while cells:
        low = cells & -cells
        out.append(low)
        cells ^= low
    return out


# --- puzzle JSON <-> boards -------------------------------------------------------------------------


def board_of(puzzle: JSON, diagonal: bool) -> Board:
    grid = puzzle["grid"]
    cells = tuple((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None)
    return make_board(normalised(cells), diagonal)


def normalised(cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """Cells shifted so the shape touches row 0 and column 0 (grids may have empty margins)."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple((r - top, c - left) for r, c in cells)


def grid_offset(grid: list[list[Any]]) -> tuple[int, int]:
    """The (row, column) where a grid's shape begins: a board's (0, 0) in the grid."""
    cells = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None]
    return min(r for r, _ in cells), min(c for _, c in cells)


def givens_of(puzzle: JSON, board: Board) -> dict[int, int]:
    top, left = grid_offset(puzzle["grid"])
    return {v - 1: board.bit((r - top, c - left))
            for r, row in enumerate(puzzle["grid"]) for c, v in enumerate(row) if v}


def canonical(puzzle: JSON) -> str:
    """Turned, mirrored, or numbered from the other end (k -> N + 1 - k), a grid is the same
    puzzle: a path read backwards is a path."""
    grid = puzzle["grid"]
    last = sum(1 for row in grid for value in row if value is not None) + 1
    reversed_grid = [[value if not value else last - value for value in row] for row in grid]
    return form_key(*(turned for g in (grid, reversed_grid) for turned in _turns(g)))


def _turns(grid: list[list[Any]]) -> Iterator[Sequence[Sequence[Any]]]:
    """The grid under each of the eight symmetries (core.symmetry's, made here by slicing:
    the forms of a whole book are worked out in a blink)."""
    for upright in (grid, list(zip(*grid))):
        upside_down = upright[::-1]
        yield upright
        yield upside_down
        yield [row[::-1] for row in upright]
        yield [row[::-1] for row in upside_down]


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A path's grid turned, mirrored or numbered from the other end is the same answer."""
    return canonical({"grid": solution["grid"]})
