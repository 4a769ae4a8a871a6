"""The rules checked apart from the solver: a filled grid's rows, columns and cages, and a
puzzle's JSON as given (its cages proven from the page: side by side, every square in one)."""

from __future__ import annotations

from typing import TypeGuard

from bookgen.api import JSON, _, ngettext
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.calcudoku.cages import fillings
from bookgen.puzzles.calcudoku.parameters import MAX_SIZE, OPS

LEAST_SIZE = 3  # a hand-entered puzzle (Tatham's Keen makes 3x3 ones) may be this small
OP_COUNTS = {"-": 2, "/": 2, "=": 1}
"""The operations that take a fixed count of squares."""
LISTED_FILLINGS = 4  # cages up to this many squares are checked to allow some filling


def whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a filled grid: a row or column without every number, a cage whose
    numbers do not give its target."""
    size = puzzle["size"]
    grid = solution.get("grid")
    if (not isinstance(grid, list) or len(grid) != size
            or any(not isinstance(row, list) or len(row) != size for row in grid)):
        return [_("the answer must be a {rows} x {cols} grid of numbers").format(rows=size, cols=size)]
    wanted = list(range(1, size + 1))
    problems = [_("row {row} must hold every number from 1 to {size} once").format(row=r + 1, size=size)
                for r in range(size) if sorted(grid[r]) != wanted]
    problems += [_("column {column} must hold every number from 1 to {size} once").format(
                     column=c + 1, size=size)
                 for c in range(size) if sorted(grid[r][c] for r in range(size)) != wanted]
    for cage in puzzle["cages"]:
        values = [grid[r][c] for r, c in cage["cells"]]
        if not all(whole(v) for v in values) or not gives(cage["op"], values, cage["target"]):
            r, c = min(tuple(cell) for cell in cage["cells"])
            problems.append(_("the cage at row {row} column {column} must give {target} by {op}").format(
                row=r + 1, column=c + 1, target=cage["target"], op=cage["op"]))
    return problems


def gives(op: str, values: list[int], target: int) -> bool:
    """Whether the numbers give the target by the operation (the larger number first for - and /)."""
    if op == "=":
        return values == [target]
    if op == "+":
        return sum(values) == target
    if op == "x":
        product = 1
        for value in values:
            product *= value
        return product == target
    if len(values) != 2:
        return False
    high, low = max(values), min(values)
    return high - low == target if op == "-" else low > 0 and high == low * target


def validate(puzzle: JSON) -> None:
    size = puzzle.get("size")
    if not whole(size) or not LEAST_SIZE <= size <= MAX_SIZE:
        raise PuzzleFormatError(_("'size' must be a whole number from {LEAST_SIZE} to {MAX_SIZE}").format(
                                    LEAST_SIZE=LEAST_SIZE, MAX_SIZE=MAX_SIZE),
                                key="size")
    cages = puzzle.get("cages")
    if not isinstance(cages, list) or not cages:
        raise PuzzleFormatError(_("'cages' must be a list of {form}").format(
                                    form='{"cells", "target", "op"}'), key="cages")
    owner: dict[tuple[int, int], int] = {}
    for number, cage in enumerate(cages, 1):
        validate_cage(cage, number, size, owner)
    if len(owner) != size * size:
        r, c = min(set(divmod(cell, size) for cell in range(size * size)) - set(owner))
        raise PuzzleFormatError(_("row {row} column {column} is in no cage").format(
                                    row=r + 1, column=c + 1), key="cages")


def validate_cage(cage: object, number: int, size: int, owner: dict[tuple[int, int], int]) -> None:
    """One cage: squares on the grid side by side, none in an earlier cage, an operation its count
    of squares takes, and a target some numbers give."""
    cells = cage.get("cells") if isinstance(cage, dict) else None
    if (not isinstance(cage, dict) or not isinstance(cells, list) or not cells
            or any(not isinstance(cell, list) or len(cell) != 2
                   or any(not whole(v) or not 0 <= v < size for v in cell) for cell in cells)):
        raise PuzzleFormatError(_("cage {number} must be {form} with rows and columns from 0 to "
                                  "{size}").format(
                                    number=number,
                                    form='{"cells": [[row, column], ...], "target": N, "op": ...}',
                                    size=size - 1), key="cages")
    op, target = cage.get("op"), cage.get("target")
    if op not in OPS:
        raise PuzzleFormatError(_("cage {number}: 'op' {op} is not one of {choices}").format(
                                    number=number, op=repr(op), choices=', '.join(OPS)), key="cages")
    if not whole(target) or target < 0:
        raise PuzzleFormatError(_("cage {number}: 'target' {target} is not a whole number").format(
                                    number=number, target=repr(target)), key="cages")
    squares = [tuple(cell) for cell in cells]
    for square in squares:
        if square in owner:
            raise PuzzleFormatError(_("row {row} column {column} is in cages {owner} and {number}").format(
                                        row=square[0] + 1, column=square[1] + 1, owner=owner[square],
                                        number=number), key="cages")
        owner[square] = number
    if len(squares) > size or not side_by_side(squares):
        raise PuzzleFormatError(_("cage {number} is not {size} or fewer squares side by side").format(
                                    number=number, size=size), key="cages")
    wanted = OP_COUNTS.get(op)
    if wanted is not None and len(squares) != wanted:
        raise PuzzleFormatError(ngettext("cage {number}: a cage of {op} has {wanted} square, not {count}",
                                         "cage {number}: a cage of {op} has {wanted} squares, not {count}",
                                         wanted).format(number=number, op=repr(op), wanted=wanted,
                                                        count=len(squares)), key="cages")
    if op != "=" and len(squares) < 2:
        raise PuzzleFormatError(_("cage {number}: a cage of one square takes 'op' '=' (its number)").format(
                                    number=number),
                                key="cages")
    flat = tuple(sorted(r * size + c for r, c in squares))
    clash = tuple((i, j) for i in range(len(flat)) for j in range(i + 1, len(flat))
                  if flat[i] // size == flat[j] // size or flat[i] % size == flat[j] % size)
    if len(squares) <= LISTED_FILLINGS and not fillings(op, target, size, len(flat), clash):
        raise PuzzleFormatError(_("cage {number}: no numbers from 1 to {size} give {target} by {op} in "
                                  "its {count} squares").format(
                                    number=number, size=size, target=target, op=repr(op),
                                    count=len(squares)), key="cages")


def side_by_side(squares: list[tuple[int, int]]) -> bool:
    """Whether the squares are joined by sides into one piece."""
    todo, seen = [squares[0]], {squares[0]}
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in squares and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(set(squares))
