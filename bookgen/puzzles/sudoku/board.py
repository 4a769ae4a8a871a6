"""The board: a size and variant's precomputed structure (units, the units through each cell,
each cell's peers), and candidate sets as bitmasks (bit d set: d is possible; a 16x16 grid's
masks are 17 bits, still one int).

The houses are listed here once: rows, columns, boxes (a jigsaw's irregular regions take the
boxes' place and kind, so every technique that reasons about boxes reasons about regions) and, in
the diagonal variants, the two long diagonals.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bookgen.api import JSON
from bookgen.puzzles.sudoku.cages import Cage
from bookgen.puzzles.sudoku.parameters import has_diagonals, regions_of, size_of, variant_of
from bookgen.puzzles.sudoku.regions import boxes

Cell = int             # index row * size + column
Sum = tuple[tuple[int, ...], int, int]
"""Cells whose different numbers add up to a total: (cells, total, house), the house -1 for a
killer's cage, else the unit whose remainder they are."""
Candidates = list[int]  # per cell, the numbers it may still hold as a bitmask
KINDS = ("row", "column", "box", "diagonal")


@dataclass(frozen=True)
class Board:
    """units[u]: the cells of unit u; kinds[u], numbers[u]: its kind and its number from 1 in that
    kind (diagonal 1 runs from the top left, 2 from the top right; a jigsaw's region is a "box"
    numbered as its layout numbers it); cell_units[c], peers[c]: the units through c and every
    other cell sharing one (a killer's cage mates too: a cage repeats no number); full: every
    number's bit; layout: each cell's box or region number; cages: a killer's (cells, sum);
    sums: what the solver and grader reason with, its cages and each house's remainder."""

    size: int
    variant: str
    layout: tuple[int, ...]
    units: tuple[tuple[Cell, ...], ...]
    kinds: tuple[str, ...]
    numbers: tuple[int, ...]
    cell_units: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[Cell, ...], ...]
    full: int
    cages: tuple[Cage, ...] = ()
    sums: tuple[Sum, ...] = ()

    @property
    def cells(self) -> int:
        return self.size * self.size

    def row(self, cell: Cell) -> int:
        return cell // self.size

    def col(self, cell: Cell) -> int:
        return cell % self.size


def board_of(size: int, variant: str, layout: tuple[int, ...] | None = None,
             cages: tuple[Cage, ...] = ()) -> Board:
    """The board of a size and variant; a jigsaw's `layout` gives each cell's region (the boxes'
    layout otherwise), a killer's `cages` its cages. One board for equal arguments however they
    are passed: the generator's `board_of(9, "classic")` and `board_for`'s four arguments were two
    cache entries, two boards, and so two of everything kept per board (a SAT solver built anew
    for the final check, 0.02 s of an expert run)."""
    return made_board(size, variant, layout, cages)


@lru_cache(maxsize=256)
def made_board(size: int, variant: str, layout: tuple[int, ...] | None, cages: tuple[Cage, ...]) -> Board:
    """`board_of`'s board, made once for each set of arguments."""
    layout = layout or tuple(boxes(size))
    units: list[tuple[Cell, ...]] = []
    kinds: list[str] = []
    numbers: list[int] = []

    def add(kind: str, number: int, cells: list[Cell]) -> None:
        units.append(tuple(cells))
        kinds.append(kind)
        numbers.append(number)

    for r in range(size):
        add("row", r + 1, [r * size + c for c in range(size)])
    for c in range(size):
        add("column", c + 1, [r * size + c for r in range(size)])
    for b in range(1, size + 1):
        add("box", b, [cell for cell in range(size * size) if layout[cell] == b])
    if has_diagonals(variant):
        add("diagonal", 1, [i * size + i for i in range(size)])
        add("diagonal", 2, [i * size + size - 1 - i for i in range(size)])
    cell_units = [tuple(u for u, cells in enumerate(units) if cell in cells) for cell in range(size * size)]
    mates = {cell: cage for cage, _ in cages for cell in cage}
    sums = tuple((cells, total, -1) for cells, total in cages) + house_remainders(units, cages, size)
    peers = [tuple(sorted({other for u in cell_units[cell] for other in units[u]}
                          .union(mates.get(cell, ())) - {cell}))
             for cell in range(size * size)]
    return Board(size, variant, layout, tuple(units), tuple(kinds), tuple(numbers), tuple(cell_units),
                 tuple(peers), ((1 << (size + 1)) - 1) & ~1, cages, sums)


def house_remainders(units: list[tuple[Cell, ...]], cages: tuple[Cage, ...], size: int
                     ) -> tuple[Sum, ...]:
    """The rule of 45: a house's cells outside the cages wholly inside it hold different numbers
    adding up to 45 less those cages' sums, a sum the solver and grader reason with as with a
    cage's (when it has 1 to 5 cells), named by its house."""
    found = []
    for house, unit in enumerate(units):
        inside = [(cells, total) for cells, total in cages if set(cells) <= set(unit)]
        rest = tuple(sorted(set(unit) - {cell for cells, _ in inside for cell in cells}))
        if inside and 1 <= len(rest) <= 5:
            found.append((rest, size * (size + 1) // 2 - sum(total for _, total in inside), house))
    return tuple(found)


def board_for(puzzle: JSON) -> Board:
    size = size_of(puzzle)
    regions = regions_of(puzzle)
    cages = tuple((tuple(r * size + c for r, c in cage["cells"]), cage["sum"])
                  for cage in puzzle.get("cages", ()))
    return board_of(size, variant_of(puzzle), tuple(flat(regions)) if regions else None, cages)


def flat(grid: list[list[int]]) -> list[int]:
    return [value for row in grid for value in row]


def rows_of(board: Board, values: list[int]) -> list[list[int]]:
    return [values[r * board.size:(r + 1) * board.size] for r in range(board.size)]
