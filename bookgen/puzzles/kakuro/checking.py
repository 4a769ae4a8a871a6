"""The rules checked apart from the solver: an answer's runs read straight off the grid, and a
puzzle's JSON as given."""

from __future__ import annotations

import json
from typing import Any

from bookgen.api import JSON, _
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.kakuro.parameters import LONGEST_RUN, MAX_JSON_SIDE

DIRECTIONS = (("across", 0, 1), ("down", 1, 0))


def _runs(cells: list[list[Any]], alone: bool = False
          ) -> list[tuple[str, tuple[int, int], list[tuple[int, int]]]]:
    """Every run of two or more white squares as (direction, the square before it, its squares);
    `alone`: squares alone in their line that way too."""
    rows, cols = len(cells), len(cells[0])
    found = []
    for name, dr, dc in DIRECTIONS:
        for r in range(rows):
            for c in range(cols):
                before = (r - dr, c - dc)
                opens = before[0] < 0 or before[1] < 0 or cells[before[0]][before[1]] is not None
                if cells[r][c] is not None or not opens:
                    continue
                squares = []
                rr, cc = r, c
                while rr < rows and cc < cols and cells[rr][cc] is None:
                    squares.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if len(squares) >= 2 or alone:
                    found.append((name, before, squares))
    return found


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a filled grid: a digit 1 to 9 in every white square, 0 on black ones,
    and each run adding up to its sum without a digit twice."""
    cells = puzzle["cells"]
    grid = solution.get("grid")
    rows, cols = len(cells), len(cells[0])
    if (not isinstance(grid, list) or len(grid) != rows
            or any(not isinstance(row, list) or len(row) != cols for row in grid)):
        return [_("the answer must be a {rows} x {cols} grid of digits").format(rows=rows, cols=cols)]
    problems = []
    for r in range(rows):
        for c in range(cols):
            value = grid[r][c]
            if cells[r][c] is not None and value != 0:
                problems.append(_("row {row} column {column} is black and must hold 0, not {value}").format(
                    row=r + 1, column=c + 1, value=repr(value)))
            if cells[r][c] is None and (isinstance(value, bool) or value not in range(1, 10)):
                problems.append(_("row {row} column {column} must hold a digit from 1 to 9, not "
                                  "{value}").format(row=r + 1, column=c + 1, value=repr(value)))
    if problems:
        return problems
    for name, (r, c), squares in _runs(cells):
        digits = [grid[rr][cc] for rr, cc in squares]
        total = cells[r][c][name]
        where = (_("the run across from row {row} column {column}") if name == "across" else
                 _("the run down from row {row} column {column}")).format(
            row=squares[0][0] + 1, column=squares[0][1] + 1)
        if sum(digits) != total:
            problems.append(_("{where} adds up to {sum}, not {total}").format(
                where=where, sum=sum(digits), total=total))
        if len(set(digits)) != len(digits):
            problems.append(_("{where} holds a digit twice: {digits}").format(
                where=where, digits=" ".join(map(str, digits))))
    return problems


def validate(puzzle: JSON) -> None:
    cells = puzzle.get("cells")
    if (not isinstance(cells, list) or not cells or not isinstance(cells[0], list) or not cells[0]
            or any(not isinstance(row, list) or len(row) != len(cells[0]) for row in cells)):
        raise PuzzleFormatError(_("'cells' must be a non-empty list of equally long rows, each square "
                                  "null (white) or {form}").format(
                                    form='{"across": sum or null, "down": sum or null}'),
                                key="cells")
    rows, cols = len(cells), len(cells[0])
    if rows > MAX_JSON_SIDE or cols > MAX_JSON_SIDE:
        raise PuzzleFormatError(_("a grid has at most {MAX_JSON_SIDE} rows and columns").format(
                                    MAX_JSON_SIDE=MAX_JSON_SIDE), key="cells")
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            where = _("row {row} column {column}").format(row=r + 1, column=c + 1)
            if not isinstance(cell, dict) or set(cell) != {"across", "down"}:
                raise PuzzleFormatError(_("{where}: a square is null (white) or a black square {form}, "
                                          "not {cell}").format(
                                            where=where,
                                            form='{"across": sum or null, "down": sum or null}',
                                            cell=json.dumps(cell)), key="cells")
            for name in ("across", "down"):
                total = cell[name]
                if total is not None and (isinstance(total, bool) or not isinstance(total, int)
                                          or not 1 <= total <= 45):
                    raise PuzzleFormatError(_("{where}: the {name} sum must be a whole number from 1 to "
                                              "45 or null, not {total}").format(
                                                where=where, name=name, total=json.dumps(total)),
                                            key="cells")
    if all(cell is not None for row in cells for cell in row):
        raise PuzzleFormatError(_("the grid has no white square"), key="cells")
    runs = _runs(cells, alone=True)
    for name, (r, c), squares in runs:
        start = _("the run {name} from row {row} column {column}").format(
            name=name, row=squares[0][0] + 1, column=squares[0][1] + 1)
        clue = cells[r][c] if r >= 0 and c >= 0 else None
        total = clue[name] if clue is not None else None
        if len(squares) == 1:
            if total is not None:
                raise PuzzleFormatError(_("row {row} column {column} has an {name} sum for one square "
                                          "alone; a sum stands before two squares or more").format(
                                            row=r + 1, column=c + 1, name=name),
                                        key="cells")
            continue
        if total is None:
            where = (_("row {row} column {column} needs its {name} sum").format(
                         row=r + 1, column=c + 1, name=name) if clue is not None else
                     _("it starts at the edge, and a run's sum stands in the black square before it"))
            raise PuzzleFormatError(_("{start} has no sum: {where}").format(
                start=start, where=where), key="cells")
        length = len(squares)
        if length > LONGEST_RUN:
            raise PuzzleFormatError(_("{start} has {length} squares; a run holds at most {LONGEST_RUN} "
                                      "(the digits 1 to 9, none twice)").format(
                                        start=start, length=length, LONGEST_RUN=LONGEST_RUN), key="cells")
        low, high = length * (length + 1) // 2, length * (19 - length) // 2
        if not low <= total <= high:
            raise PuzzleFormatError(_("{start}: {length} different digits add up to {low} to {high}, "
                                      "never {total}").format(
                                        start=start, length=length, low=low, high=high, total=total),
                                        key="cells")
    in_runs = {square for _, _, squares in runs if len(squares) >= 2 for square in squares}
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            if cell is None and (r, c) not in in_runs:
                raise PuzzleFormatError(_("row {row} column {column} is a white square in no run: no sum "
                                          "says what it holds").format(row=r + 1, column=c + 1), key="cells")
    starts = {(name, before) for name, before, _ in runs}
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            for name in ("across", "down"):
                if cell is not None and cell[name] is not None and (name, (r, c)) not in starts:
                    said = (_("row {row} column {column} has an across sum but no white square to its "
                              "right") if name == "across" else
                            _("row {row} column {column} has a down sum but no white square below it"))
                    raise PuzzleFormatError(said.format(row=r + 1, column=c + 1), key="cells")
