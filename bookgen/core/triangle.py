"""Number triangles: each number comes from the two next to it in the row before (a difference
pyramid, a number wall). The geometry both share, and the search that fills them.

The widest row comes first (row 0); cell (k, i) is number i of row k and comes from (k-1, i) and
(k-1, i+1). Cells are numbered 0..N-1 row by row, and a triangle of three cells is
(parent, parent, child).

The search uses the structure: a triangle is fixed by its widest row, and when a known stretch of
that row grows by one number the cells under the new number form a whole diagonal, each computed
from its neighbour in the old stretch. So the search grows the stretch left or right, whichever
side has fewer candidates; a given number on the new diagonal at depth j leaves at most 2^j
candidates for the new top number when two parents fit a child (differences), one when only one
does (sums), read back upwards. The combining rule comes from the caller; this module knows no
levels, pages or puzzle types.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from bookgen.i18n import _

Values = list[int]  # one number per cell, 0 for unknown


def triangular(rows: int) -> int:
    return rows * (rows + 1) // 2


# --- geometry -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """The cells of an n-row triangle as indices 0..N-1 (row by row, widest row first), with the
    triangles (parent, parent, child)."""

    rows: int
    cells: tuple[tuple[int, int], ...]
    triangles: tuple[tuple[int, int, int], ...]

    def index(self, row: int, col: int) -> int:
        return row * self.rows - row * (row - 1) // 2 + col


@cache
def shape(rows: int) -> Shape:
    cells = tuple((k, i) for k in range(rows) for i in range(rows - k))
    at = {cell: n for n, cell in enumerate(cells)}
    triangles = tuple((at[k - 1, i], at[k - 1, i + 1], at[k, i])
                      for k in range(1, rows) for i in range(rows - k))
    return Shape(rows, cells, triangles)


@cache
def diagonal(rows: int, left: int, right: int, side: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Cells fixed when the known stretch [left, right) of the wide row grows by one on `side`,
    top first, and for each cell below the top its neighbour inside the old stretch's triangle."""
    grid = shape(rows)
    depth = right - left
    if side == "right":
        cells = tuple(grid.index(k, right - k) for k in range(depth + 1))
        neighbours = tuple(grid.index(k - 1, right - k) for k in range(1, depth + 1))
    else:
        cells = tuple(grid.index(k, left - 1) for k in range(depth + 1))
        neighbours = tuple(grid.index(k - 1, left) for k in range(1, depth + 1))
    return cells, (-1,) + neighbours


def to_rows(rows: int, values: Values) -> list[list[int]]:
    grid = shape(rows)
    return [[values[grid.index(k, i)] for i in range(rows - k)] for k in range(rows)]


def flatten(rows: list[list[int]]) -> Values:
    return [value for row in rows for value in row]


def without(answer: Values, removed: Collection[int]) -> Values:
    """The answer with the removed cells blanked: a puzzle the generator tries."""
    return [0 if cell in removed else value for cell, value in enumerate(answer)]


def given_answer(puzzle: dict[str, Any]) -> dict[str, Any]:
    """A triangle puzzle's answer as far as its givens go: its rows, copied (0 where a number is
    to find), for hints to fill."""
    return {"rows": [list(row) for row in puzzle["rows"]]}


def givens_of(rows: list[list[int]]) -> dict[int, int]:
    """The known numbers of a triangle in rows, by cell."""
    return {n: value for n, value in enumerate(flatten(rows)) if value}


def triples(rows: list[list[int]]) -> Iterator[tuple[int, int, int]]:
    """(parent, parent, child) numbers of every triangle, row by row."""
    for k in range(1, len(rows)):
        for i in range(len(rows) - k):
            yield rows[k - 1][i], rows[k - 1][i + 1], rows[k][i]


# --- reading and checking rows ---------------------------------------------------------------------


def format_problem(rows: Any, max_rows: int) -> str | None:
    """Why puzzle `rows` are not a triangle of whole numbers (widest row first), or None."""
    if not isinstance(rows, list) or not 1 <= len(rows) <= max_rows:
        return _("'rows' must be a list of 1 to {most} rows, widest first").format(most=max_rows)
    size = len(rows)
    for k, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != size - k:
            return _("row {row} must hold {count} numbers (the widest row comes first, each row one "
                     "shorter)").format(row=k + 1, count=size - k)
        if any(not isinstance(v, int) or isinstance(v, bool) for v in row):
            return _("every entry must be a whole number (0 for blank)")
    return None


def answer_shape_problem(size: int, rows: Any) -> str | None:
    """Why an answer's rows are not a filled triangle of `size` rows, or None."""
    if (not isinstance(rows, list) or len(rows) != size
            or any(not isinstance(row, list) or len(row) != size - k for k, row in enumerate(rows))):
        return _("the answer must have {size} rows, widest first").format(size=size)
    if any(not isinstance(v, int) or isinstance(v, bool) for v in flatten(rows)):
        return _("every cell of the answer must hold a whole number")
    return None


def given_problems(puzzle_rows: list[list[int]], rows: list[list[int]], low: int,
                   high: int) -> list[str]:
    """An answer's givens not kept and numbers outside low..high, cell by cell."""
    problems = []
    for k, row in enumerate(puzzle_rows):
        for i, given in enumerate(row):
            if given and rows[k][i] != given:
                problems.append(_("row {row} number {number} must keep its given {given}").format(
                    row=k + 1, number=i + 1, given=given))
            if not low <= rows[k][i] <= high:
                problems.append(_("{value} is outside {low} to {high}").format(
                    value=rows[k][i], low=low, high=high))
    return problems


# --- the wide-row search ---------------------------------------------------------------------------


class Rule(Protocol):
    """What the search needs of a triangle's rules."""

    @property
    def rows(self) -> int: ...

    @property
    def low(self) -> int: ...

    @property
    def distinct(self) -> bool:
        """No number may appear twice."""
        ...

    def combine(self, a: int, b: int) -> int:
        """The child of parents a and b."""
        ...

    def parents(self, child: int, known: int) -> tuple[int, ...]:
        """The values the other parent may have when one parent and the child are known."""
        ...


def given_bounds(rows: int, high: int, givens: dict[int, int]) -> list[int]:
    """The largest value each cell may take: `high`, or its given."""
    bounds = [high] * len(shape(rows).cells)
    for cell, value in givens.items():
        bounds[cell] = min(bounds[cell], value)
    return bounds


def completions(rule: Rule, givens: dict[int, int], bounds: list[int],
                parities: tuple[int, ...] | None = None, rng: random.Random | None = None,
                budget: int | None = None) -> Iterator[Values]:
    """Every completed triangle (flat values) that keeps the givens, each cell from rule.low to
    its bound; in random order with rng, and stopping after `budget` diagonals tried when one is
    given (for restarts). `parities`, when given, lists the wide-row parity patterns (bit i = number
    i is odd) that can still work; a stretch matching none of them is cut at once."""
    rows = rule.rows
    grid = shape(rows)
    values = [0] * len(grid.cells)
    used: set[int] = set()
    reserved = {value: cell for cell, value in givens.items()} if rule.distinct else {}
    low = rule.low
    tried = [0]

    def fits(cell: int, value: int, fresh: list[int]) -> bool:
        if not low <= value <= bounds[cell]:
            return False
        if cell in givens:
            return givens[cell] == value
        if rule.distinct:
            return value not in used and value not in reserved and value not in fresh
        return True

    def run_down(cells: tuple[int, ...], neighbours: tuple[int, ...], top: int) -> list[int] | None:
        if not fits(cells[0], top, []):
            return None
        fresh = [top]
        for depth in range(1, len(cells)):
            value = rule.combine(fresh[-1], values[neighbours[depth]])
            if not fits(cells[depth], value, fresh):
                return None
            fresh.append(value)
        return fresh

    def tops(cells: tuple[int, ...], neighbours: tuple[int, ...]) -> list[int]:
        given_depth = next((d for d, cell in enumerate(cells) if cell in givens), None)
        if given_depth is None:
            return list(range(low, bounds[cells[0]] + 1))
        level = {givens[cells[given_depth]]}
        for depth in range(given_depth, 0, -1):
            level = {up for value in level for up in rule.parents(value, values[neighbours[depth]])
                     if low <= up <= bounds[cells[depth - 1]]}
        return sorted(level)

    def options(left: int, right: int, side: str) -> list[tuple[tuple[int, ...], list[int]]]:
        cells, neighbours = diagonal(rows, left, right, side)
        found = []
        for top in tops(cells, neighbours):
            fresh = run_down(cells, neighbours, top)
            if fresh is not None:
                found.append((cells, fresh))
        return found

    def parity_ok(left: int, right: int) -> bool:
        if parities is None:
            return True
        mask = bits = 0
        for col in range(left, right):
            mask |= 1 << col
            bits |= (values[col] & 1) << col
        return any((pattern ^ bits) & mask == 0 for pattern in parities)

    def place(cells: tuple[int, ...], fresh: list[int]) -> None:
        for cell, value in zip(cells, fresh):
            values[cell] = value
            used.add(value)

    def unplace(cells: tuple[int, ...], fresh: list[int]) -> None:
        for cell, value in zip(cells, fresh):
            values[cell] = 0
            used.discard(value)

    def grow(left: int, right: int) -> Iterator[Values]:
        if left == 0 and right == rows:
            yield values.copy()
            return
        sides = []
        if right < rows:
            sides.append((options(left, right, "right"), left, right + 1))
        if left > 0:
            sides.append((options(left, right, "left"), left - 1, right))
        found, new_left, new_right = min(sides, key=lambda side: len(side[0]))
        if rng is not None:
            rng.shuffle(found)
        for cells, fresh in found:
            tried[0] += 1
            if budget is not None and tried[0] > budget:
                return
            place(cells, fresh)
            if parity_ok(new_left, new_right):
                yield from grow(new_left, new_right)
            unplace(cells, fresh)

    start = min(range(rows), key=lambda col: _start_rank(grid, givens, col))
    first = [givens[start]] if start in givens else [
        v for v in range(low, bounds[start] + 1) if fits(start, v, [])]
    if rng is not None:
        rng.shuffle(first)
    for value in first:
        place((start,), [value])
        if parity_ok(start, start + 1):
            yield from grow(start, start + 1)
        unplace((start,), [value])


def _start_rank(grid: Shape, givens: dict[int, int], col: int) -> tuple[int, int]:
    """Start the wide row at a given number, else above the shallowest given: the first few
    diagonals then reach a given soon."""
    if col in givens:
        return (0, 0)
    depths = [k for cell, _ in givens.items() for k, i in [grid.cells[cell]] if i <= col <= i + k]
    return (1, min(depths, default=grid.rows))
