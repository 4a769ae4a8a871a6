"""A Numbrix or Hidato answer checked against the rules, apart from the solver; a puzzle's JSON checked."""

from __future__ import annotations

from collections.abc import Callable

from bookgen.api import JSON, _
from bookgen.core.hamilton import Cell
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.numbrix.board import grid_offset, make_board, normalised

# --- rule check (apart from the solver) -------------------------------------------------------------


def check_with(diagonal: bool) -> Callable[[JSON, JSON], list[str]]:
    def check(puzzle: JSON, solution: JSON) -> list[str]:
        """Rule violations, from plain coordinates: shape kept, givens kept, 1..N once, steps touch."""
        grid, answer = puzzle["grid"], solution.get("grid")
        if (not isinstance(answer, list) or len(answer) != len(grid)
                or any(not isinstance(a, list) or len(a) != len(g) for a, g in zip(answer, grid))):
            return [_("the answer grid must have the puzzle's rows and columns")]
        problems = []
        where: dict[int, Cell] = {}
        size = sum(v is not None for row in grid for v in row)
        for r, (row, filled) in enumerate(zip(grid, answer)):
            for c, (given, value) in enumerate(zip(row, filled)):
                if given is None:
                    if value is not None:
                        problems.append(_("row {row} col {column} is outside the shape").format(
                            row=r + 1, column=c + 1))
                    continue
                if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= size:
                    problems.append(_("row {row} col {column} must hold a number 1..{size}").format(
                        row=r + 1, column=c + 1, size=size))
                    continue
                if given and value != given:
                    problems.append(_("row {row} col {column} must keep its given {given}").format(
                        row=r + 1, column=c + 1, given=given))
                if value in where:
                    problems.append(_("{value} appears twice").format(value=value))
                where[value] = (r, c)
        for value in range(1, size):
            if value in where and value + 1 in where:
                (r1, c1), (r2, c2) = where[value], where[value + 1]
                dr, dc = abs(r1 - r2), abs(c1 - c2)
                touching = max(dr, dc) == 1 if diagonal else dr + dc == 1
                if not touching:
                    problems.append(_("{value} and {next} do not touch").format(value=value, next=value + 1))
        missing = [v for v in range(1, size + 1) if v not in where]
        if missing:
            problems.append(_("missing numbers: {missing}").format(missing=missing[:5]))
        return problems

    return check


def validate_with(diagonal: bool) -> Callable[[JSON], None]:
    moves = "king" if diagonal else "side"

    def validate(puzzle: JSON) -> None:
        grid = puzzle.get("grid")
        if (not isinstance(grid, list) or not grid
                or not all(isinstance(row, list) for row in grid)
                or len({len(row) for row in grid}) != 1 or not grid[0]):
            raise PuzzleFormatError(_("'grid' must be a non-empty list of equal rows"), key="grid")
        seen: dict[int, Cell] = {}
        cells = []
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                if v is None:
                    continue
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    raise PuzzleFormatError(_("row {row} col {column} holds {number}; use 0 for blank, a "
                                              "number, or null outside the shape").format(
                                                row=r + 1, column=c + 1, number=repr(v)), key="grid")
                cells.append((r, c))
                if v in seen and v:
                    raise PuzzleFormatError(_("number {number} appears twice (row {row} col {column} and "
                                              "row {row2} col {column2})").format(
                                                number=v, row=seen[v][0] + 1, column=seen[v][1] + 1,
                                                row2=r + 1, column2=c + 1), key="grid")
                if v:
                    seen[v] = (r, c)
        size = len(cells)
        if size < 2:
            raise PuzzleFormatError(_("the grid needs at least 2 cells"), key="grid")
        too_big = sorted(v for v in seen if v > size)
        if too_big:
            raise PuzzleFormatError(_("number {too_big} is larger than the {size} cells of the grid").format(
                                        too_big=too_big[0], size=size),
                                    key="grid")
        board = make_board(normalised(tuple(cells)), diagonal)
        if board.region(board.mask & -board.mask, board.mask) != board.mask:
            raise PuzzleFormatError(_("the cells fall apart into pieces that {moves} steps cannot "
                                      "join").format(
                                        moves=moves),
                                    key="grid")
        top, left = grid_offset(grid)
        numbers = sorted(seen)
        for a, b in zip(numbers, numbers[1:]):
            pa = board.bit((seen[a][0] - top, seen[a][1] - left))
            pb = board.bit((seen[b][0] - top, seen[b][1] - left))
            steps = next(d for d in range(size) if board.ball(pa, d) & pb)
            parity_clash = not diagonal and (b - a - steps) % 2
            if steps > b - a or parity_clash:
                why = (_("{steps} steps apart").format(steps=steps) if steps > b - a
                       else _("on squares of a colour that an odd/even count cannot join"))
                raise PuzzleFormatError(
                    _("givens {a} (row {row} col {column}) and {b} (row {row2} col {column2}) are "
                      "{why}, but {apart} numbers apart: no path can join them").format(
                        a=a, row=seen[a][0] + 1, column=seen[a][1] + 1, b=b, row2=seen[b][0] + 1,
                        column2=seen[b][1] + 1, why=why, apart=b - a), key="grid")

    return validate
