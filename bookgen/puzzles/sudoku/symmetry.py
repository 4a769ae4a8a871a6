"""The form a classic sudoku shares with every twin: the smallest grid (minlex) over all the changes
that keep a sudoku a sudoku, so a book never prints one puzzle twice in disguise.

Those changes: the bands (rows of boxes) in any order and the rows within each band, the stacks
(columns of boxes) in any order and the columns within each stack, a transpose when the boxes are
square, and the numbers renamed. On a 9x9 grid that is 2 * 6^8 = 3,359,232 moves of the squares
times 9! renamings; turning and mirroring are among them. The form reads the grid row by row, a
blank as 0 (the smallest), the numbers renamed in the order they first appear: what the sudoku
community calls a puzzle's minlex form.

The search builds the form a row at a time. At each row it keeps only the ways (a transpose, the
rows chosen so far, a column order with its renaming) that give the smallest rows so far, and
tries every row the bands still allow next. While every row chosen is blank, any column order
gives blanks, so the column orders are written out only at the first row with a number: those that
put its blanks first (stacks with fewer numbers first, blank columns first in each): 144 at most on
a 9x9 when that row, the emptiest, holds one or two numbers. Later rows only narrow them. A few ms
of CPU a 9x9 puzzle (bench/sudoku.py prints it). A filled 9x9 grid keeps all 1,296 column orders
after its first row and takes some 30 times as long; answers are compared as printed
(`parameters.answer_form`), so only small filled grids are ever put through it (by the bench).

Rejected: comparing every transformed grid (3 million on a 9x9); a graph hash (Weisfeiler-Lehman
on the grid's graph with the numbers as extra nodes), which twins share but which may also join
puzzles that are not twins, where this form is exact.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import permutations, product
from typing import NamedTuple, cast

Grid = tuple[tuple[int, ...], ...]
Order = tuple[int, ...]  # the source column at each place of the form
Names = tuple[int, ...]  # the new name of each number (index), 0 while it has none
Tied = list[tuple[Order, Names, int]]  # column orders, each with its renaming and names given


BLANK_LAST = 9
"""Past this side a blank reads as the largest value, so the form starts from the fullest row,
not the emptiest, and the tied column orders are kept open (`_smallest_open`): blanks that read
alike stay one block rather than every order of their columns. Written out, a 16x16's orders ran
to hundreds of thousands, and its form took 1.1 s of processor on average, 8 s at worst; kept
open, 0.02-0.17 s (bench/sudoku.py). Either reading is exact (tests compare both with brute force
on small grids); a 9x9 keeps the minlex form the sudoku community knows."""


class Way(NamedTuple):
    """One way of reading the grid that gives the smallest rows so far: the grid (or its
    transpose), the rows taken in order, and the column orders still tied; `orders` is None while
    every row taken is blank (any column order ties then)."""

    grid: Grid
    rows: tuple[int, ...]
    orders: Tied | Open | None


def minlex(grid: Sequence[Sequence[int]], box_rows: int, box_cols: int,
           blank_last: bool | None = None) -> Grid:
    """The smallest form, row by row, of a sudoku grid (0 a blank) with boxes `box_rows` high and
    `box_cols` wide, over all its twins. Past 9x9 (or with `blank_last`) a blank reads as the
    largest value, not the smallest (`BLANK_LAST`)."""
    size = len(grid)
    last = size > BLANK_LAST if blank_last is None else blank_last
    rows: Grid = tuple(tuple(row) for row in grid)
    grids = [rows, tuple(zip(*rows))] if box_rows == box_cols else [rows]
    ways = [Way(g, (), None) for g in grids]
    form: list[tuple[int, ...]] = []
    for place in range(size):
        best: tuple[int, ...] | None = None
        kept: list[Way] = []
        chosen = [(way, row) for way in ways for row in _next_rows(way.rows, place, size, box_rows)]
        if ways[0].orders is None:  # no column order chosen yet: the emptiest stacks first win
            patterns = [_blank_pattern(way.grid[row], box_cols, last) for way, row in chosen]
            least = min(patterns)
            chosen = [pair for pair, pattern in zip(chosen, patterns) if pattern == least]
        for way, row in chosen:
            orders: Tied | Open | None
            if last:
                line, orders = _smallest_open(way.grid[row], cast(Open | None, way.orders), size, box_cols)
            else:
                line, orders = _smallest(way.grid[row], cast(Tied | None, way.orders), size, box_cols)
            if best is None or line < best:
                best, kept = line, []
            if line == best:
                kept.append(Way(way.grid, way.rows + (row,), orders))
        assert best is not None
        form.append(best)
        ways = kept
    return tuple(form)


def _blank_pattern(row: tuple[int, ...], box_cols: int, last: bool) -> tuple[bool, ...]:
    """Where a row read with its blanks first (`_blanks_first`) holds numbers (read with its
    numbers first, where it holds blanks): the same for every such column order. Before any
    column order is chosen, a row whose pattern is larger can never read smaller, whatever its
    numbers, so only the rows of the least pattern are read out in full."""
    counts = sorted((sum(1 for col in range(start, start + box_cols) if row[col])
                     for start in range(0, len(row), box_cols)), reverse=last)
    if last:
        return tuple(flag for count in counts for flag in [False] * count + [True] * (box_cols - count))
    return tuple(flag for count in counts for flag in [False] * (box_cols - count) + [True] * count)


def _next_rows(taken: tuple[int, ...], place: int, size: int, box_rows: int) -> Iterator[int]:
    """The rows that may come at `place`: any row of a band not used yet at a band's first row,
    else the rows of the current band not taken."""
    if place % box_rows == 0:
        used = {row // box_rows for row in taken}
        return (row for row in range(size) if row // box_rows not in used)
    band = taken[-1] // box_rows
    return (row for row in range(band * box_rows, (band + 1) * box_rows) if row not in taken)


def _smallest(row: tuple[int, ...], orders: Tied | None, size: int,
              box_cols: int) -> tuple[tuple[int, ...], Tied | None]:
    """The smallest form of `row` over the tied column orders, and the orders that give it (with
    their renamings grown by the numbers the row names first)."""
    if orders is None:
        if not any(row):
            return (0,) * size, None
        unnamed = (0,) * (size + 1)
        orders = [(order, unnamed, 0) for order in _blanks_first(tuple(map(bool, row)), box_cols)]
    blanks = row.count(0)
    best: tuple[int, ...] | None = None
    kept: Tied = []
    for order, names, named in orders:
        line = tuple([names[row[col]] for col in order])  # names[0] is 0: a blank reads 0
        if line.count(0) > blanks:  # a number not named yet
            line, names, named = _renamed(row, order, names, named)
        if best is None or line < best:
            best, kept = line, []
        if line == best:
            kept.append((order, names, named))
    assert best is not None
    return best, kept


def _renamed(row: tuple[int, ...], order: Order, names: Names,
             named: int) -> tuple[tuple[int, ...], Names, int]:
    """The row read in column order `order`, each number by its new name, numbers without one
    named next in the order they come; the renaming grown, and how many names it has given."""
    fresh = list(names)
    for col in order:
        value = row[col]
        if value and not fresh[value]:
            named += 1
            fresh[value] = named
    return tuple([fresh[row[col]] for col in order]), tuple(fresh), named


@cache
def _blanks_first(filled: tuple[bool, ...], box_cols: int) -> tuple[Order, ...]:
    """Every column order that reads a row (not blank; `filled` says which of its squares hold a
    number) with its blanks as early as they can come: stacks with fewer numbers first, blanks
    first within each stack."""
    size = len(filled)
    stacks = [tuple(range(start, start + box_cols)) for start in range(0, size, box_cols)]
    groups: dict[int, list[int]] = {}
    for index, stack in enumerate(stacks):
        groups.setdefault(sum(filled[col] for col in stack), []).append(index)
    inner = [list(product(permutations([c for c in stack if not filled[c]]),
                          permutations([c for c in stack if filled[c]]))) for stack in stacks]
    return tuple(tuple(col for blanks, numbers in parts for col in blanks + numbers)
                 for chosen in product(*(permutations(groups[count]) for count in sorted(groups)))
                 for parts in product(*(inner[index] for index in sum(chosen, ()))))


Blocks = tuple[tuple[int, ...], ...]
"""A column order still partly open, past 9x9: blocks of columns in order, the columns of a block
in any order (they read alike in every row so far: blanks)."""
Open = list[tuple[Blocks, Names, int]]  # such orders, each with its renaming and names given
Part = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # a block's named, new and blank columns


def _smallest_open(row: tuple[int, ...], orders: Open | None, size: int,
                   box_cols: int) -> tuple[tuple[int, ...], Open | None]:
    """`_smallest` past 9x9, a blank reading as the largest value (`BLANK_LAST`) and the column
    orders kept open: a block's blanks stay one block, its numbers already named go in their
    names' order, and only its numbers named here for the first time are tried in every order
    (each order names them differently). Before any column order is chosen, the stacks with
    more numbers come first, those with as many in every order."""
    blank = size + 1
    if orders is None:
        if not any(row):
            return (blank,) * size, None
        stacks = [tuple(range(start, start + box_cols)) for start in range(0, size, box_cols)]
        groups: dict[int, list[tuple[int, ...]]] = {}
        for stack in stacks:
            groups.setdefault(-sum(1 for col in stack if row[col]), []).append(stack)
        unnamed: Names = (blank,) + (0,) * size
        orders = [(sum(chosen, ()), unnamed, 0)
                  for chosen in product(*(permutations(groups[key]) for key in sorted(groups)))]
    best: tuple[int, ...] | None = None
    kept: Open = []
    for blocks, names, named in orders:
        parts: list[Part] = []
        for block in blocks:
            known = tuple(sorted((col for col in block if row[col] and names[row[col]]),
                                 key=lambda col: names[row[col]]))
            new = tuple(col for col in block if row[col] and not names[row[col]])
            parts.append((known, new, tuple(col for col in block if not row[col])))
        key = tuple(_read_open(row, parts, names, named, blank))
        if best is None or key < best:
            best, kept = key, []
        if key == best:
            kept.extend(_opened(row, parts, names, named))
    assert best is not None
    return best, kept


def _read_open(row: tuple[int, ...], parts: list[Part], names: Names, named: int,
               blank: int) -> list[int]:
    """The row's reading: each block's named numbers by name, then its new numbers by the next
    names, then its blanks."""
    line: list[int] = []
    for known, new, blanks in parts:
        line += [names[row[col]] for col in known]
        line += range(named + 1, named + 1 + len(new))
        named += len(new)
        line += [blank] * len(blanks)
    return line


def _opened(row: tuple[int, ...], parts: list[Part], names: Names, named: int) -> Open:
    """The column orders a reading leaves tied: its named and new numbers each a block of one
    (the new ones in every order, each naming them its way), its blanks one block."""
    choices = [list(permutations(new)) for _, new, _ in parts]
    found: Open = []
    for chosen in product(*choices):
        fresh = list(names)
        count = named
        blocks: list[tuple[int, ...]] = []
        for (known, _, blanks), new in zip(parts, chosen):
            blocks += [(col,) for col in known]
            for col in new:
                count += 1
                fresh[row[col]] = count
                blocks.append((col,))
            if blanks:
                blocks.append(blanks)
        found.append((tuple(blocks), tuple(fresh), count))
    return found


# --- a diagonal sudoku's twins ---------------------------------------------------------------------
#
# A move of a classic sudoku that keeps both long diagonals houses: rows reordered by a
# permutation p that keeps the bands, columns by q, so the diagonal {(i, i)} goes to
# {(p(i), q(i))}. That is a diagonal only when q = p (it stays) or q = reversal after p (it becomes
# the other one), and the other diagonal follows only when p commutes with the reversal of the
# rows: bands paired end to end move as pairs, the rows of a band and of its partner in mirror
# image. On a 9x9 grid: 24 row orders, each with two column orders, times the transpose: 96
# moves (the eight turns and mirrors among them), times the renamings of the numbers.


def mirrored_orders(size: int, height: int) -> list[Order]:
    """Every order of the rows (the source row at each place) that keeps bands of `height` rows
    together and commutes with turning the rows upside down."""
    bands = size // height
    flip = tuple(range(height - 1, -1, -1))
    inner = list(permutations(range(height)))
    orders = []
    for band_order in permutations(range(bands)):
        if any(band_order[bands - 1 - b] != bands - 1 - band_order[b] for b in range(bands)):
            continue
        free = [b for b in range(bands) if b < bands - 1 - b]
        middle = [b for b in range(bands) if b == bands - 1 - b]
        symmetric = [sigma for sigma in inner if all(sigma[flip[i]] == flip[sigma[i]] for i in range(height))]
        for chosen in product(*([inner] * len(free) + [symmetric] * len(middle))):
            within = dict(zip(free + middle, chosen))
            for b in free:
                sigma = within[b]
                within[bands - 1 - b] = tuple(flip[sigma[flip[i]]] for i in range(height))
            orders.append(tuple(band_order[b] * height + within[b][i]
                                for b in range(bands) for i in range(height)))
    return orders


@cache
def diagonal_moves(size: int, box_rows: int, box_cols: int) -> tuple[tuple[Order, Order], ...]:
    """The (row order, column order) pairs that keep a diagonal sudoku one: a row order of
    `mirrored_orders`, the same order for the columns or its reversal, where that keeps the
    stacks (always, on square boxes)."""
    def keeps_stacks(order: Order) -> bool:
        return all(order[place] // box_cols == order[place - place % box_cols] // box_cols
                   for place in range(size))

    moves = []
    for rows in mirrored_orders(size, box_rows):
        for cols in (rows, tuple(size - 1 - row for row in rows)):
            if keeps_stacks(cols):
                moves.append((rows, cols))
    return tuple(moves)


def least_form(grids: Sequence[Grid], moves: Sequence[tuple[Order, Order]]) -> Grid:
    """The smallest grid, row by row, that any of `grids` read through any move (rows and columns
    in the move's orders) gives, its numbers renamed in the order they first appear; built a row
    at a time, keeping only the readings that tie for the smallest rows so far."""
    size = len(grids[0])
    live: list[tuple[Grid, Order, Order, dict[int, int]]] = [
        (grid, rows, cols, {}) for grid in grids for rows, cols in moves]
    form: list[tuple[int, ...]] = []
    for place in range(size):
        best: tuple[int, ...] | None = None
        kept: list[tuple[Grid, Order, Order, dict[int, int]]] = []
        for grid, rows, cols, names in live:
            row = grid[rows[place]]
            fresh = names
            for col in cols:
                value = row[col]
                if value and value not in fresh:
                    if fresh is names:
                        fresh = dict(names)
                    fresh[value] = len(fresh) + 1
            line = tuple(fresh.get(row[col], 0) for col in cols)
            if best is None or line < best:
                best, kept = line, []
            if line == best:
                kept.append((grid, rows, cols, fresh))
        assert best is not None
        form.append(best)
        live = kept
    return tuple(form)


def diagonal_minlex(grid: Sequence[Sequence[int]], box_rows: int, box_cols: int) -> Grid:
    """The smallest form of a diagonal sudoku's grid over every move that keeps its diagonals
    (`diagonal_moves`, and a transpose on square boxes) and every renaming of its numbers."""
    rows: Grid = tuple(tuple(row) for row in grid)
    grids = [rows, tuple(zip(*rows))] if box_rows == box_cols else [rows]
    return least_form(grids, diagonal_moves(len(rows), box_rows, box_cols))
