"""The rules checked apart from the solver: a filled grid's units (and a killer's cages), and a
puzzle's JSON as given (a jigsaw's regions and a killer's cages proven from the page)."""

from __future__ import annotations

from typing import TypeGuard, cast

from bookgen.api import JSON, _, pgettext
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.sudoku.board import board_for, flat
from bookgen.puzzles.sudoku.parameters import (
    BOXES,
    HEX,
    HEX_SIZES,
    SYMBOLS,
    VARIANT_SIZES,
    VARIANTS,
    cages_of,
    has_cages,
    has_diagonals,
    has_regions,
    hex_digits,
    regions_of,
    symbol,
)
from bookgen.puzzles.sudoku.regions import connected, layout_problems


def lines_of(size: int, variant: str, grid: list[list[int]],
             regions: list[list[int]] | None = None) -> dict[str, list[int]]:
    """Every group of cells that must hold 1 to size once, by its name in the current language (a
    problem says it), read straight off the grid (and a jigsaw's regions)."""
    box_rows, box_cols = BOXES[size]
    groups = {pgettext("group", "row {row}").format(row=r + 1): list(grid[r]) for r in range(size)}
    groups.update({pgettext("group", "column {column}").format(column=c + 1):
                   [grid[r][c] for r in range(size)] for c in range(size)})
    if regions:
        for number in range(1, size + 1):
            groups[pgettext("group", "region {number}").format(number=number)] = [
                grid[r][c] for r in range(size) for c in range(size) if regions[r][c] == number]
    else:
        for top in range(0, size, box_rows):
            for left in range(0, size, box_cols):
                number = (top // box_rows) * (size // box_cols) + left // box_cols + 1
                groups[pgettext("group", "box {number}").format(number=number)] = [
                    grid[top + r][left + c] for r in range(box_rows) for c in range(box_cols)]
    if has_diagonals(variant):
        groups[pgettext("group", "the diagonal from the top left")] = [grid[i][i] for i in range(size)]
        groups[pgettext("group", "the diagonal from the top right")] = [grid[i][size - 1 - i]
                                                                       for i in range(size)]
    return groups


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a filled grid: a given changed, a group without every number."""
    givens = puzzle["givens"]
    size = len(givens)
    grid = solution.get("grid")
    if (not isinstance(grid, list) or len(grid) != size
            or any(not isinstance(row, list) or len(row) != size for row in grid)):
        return [_("the answer must be a {rows} x {cols} grid of numbers").format(rows=size, cols=size)]
    problems = [_("row {row} column {column} must keep its given {given}").format(
                    row=r + 1, column=c + 1, given=givens[r][c])
                for r in range(size) for c in range(size) if givens[r][c] and grid[r][c] != givens[r][c]]
    wanted = list(range(1, size + 1))
    for name, values in lines_of(size, str(puzzle.get("variant", "classic")), grid,
                                 regions_of(puzzle)).items():
        if sorted(values) != wanted:
            problems.append(_("{group} must hold every number from 1 to {size} once").format(
                group=name, size=size))
    return problems + cage_problems(puzzle, grid)


def validate(puzzle: JSON) -> None:
    variant = puzzle.get("variant", "classic")
    if variant not in VARIANTS:
        raise PuzzleFormatError(_("unknown variant {variant}; use one of {choices}").format(
                                    variant=repr(variant), choices=', '.join(VARIANTS)),
                                key="variant")
    givens = puzzle.get("givens")
    sizes = ", ".join(str(size) for size in BOXES)
    if not isinstance(givens, list) or len(givens) not in BOXES:
        raise PuzzleFormatError(_("'givens' must be a square grid of {sizes} rows").format(
            sizes=sizes), key="givens")
    size = len(givens)
    check_grid(givens, size, "givens", 0)
    if variant in VARIANT_SIZES and str(size) not in VARIANT_SIZES[variant]:
        raise PuzzleFormatError(_("a {variant} sudoku has {choices} rows, not {size}").format(
                                    variant=variant, choices=' or '.join(VARIANT_SIZES[variant]),
                                    size=size), key="givens")
    for key, has in (("regions", has_regions), ("cages", has_cages)):
        if not has(variant) and key in puzzle:
            raise PuzzleFormatError(_("a {variant} sudoku has no {key}").format(
                                        variant=variant, key=repr(key)), key=key)
    if has_regions(variant):
        validate_regions(puzzle, size)
    if has_cages(variant):
        validate_cages(puzzle, size)
    validate_givens(puzzle)
    if "symbols" in puzzle and (puzzle["symbols"] not in SYMBOLS or size not in HEX_SIZES):
        raise PuzzleFormatError(_("'symbols' is {choices}, and hex only on a grid of {choices2} rows").format(
                                    choices=' or '.join(SYMBOLS),
                                    choices2=' or '.join(map(str, HEX_SIZES))), key="symbols")


def check_grid(grid: object, size: int, key: str, least: int) -> list[list[int]]:
    """A grid of whole numbers from `least` to the size, `size` rows of `size` (returned as such):
    the givens (0 for a blank) or a jigsaw's regions (`key`)."""
    givens = key == "givens"
    if (not isinstance(grid, list) or len(grid) != size
            or any(not isinstance(row, list) or len(row) != size for row in grid)):
        raise PuzzleFormatError((_("'givens' must be {size} rows of {size} numbers") if givens else
                                 _("'regions' must be {size} rows of {size} region numbers")).format(
                                     size=size), key=key)
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if not whole(value) or not least <= value <= size:
                said = (_("row {row} column {column}: given {value} is not a number from 1 to {size} "
                          "(0 for blank)") if givens else
                        _("row {row} column {column}: region {value} is not a number from 1 to {size}"))
                raise PuzzleFormatError(said.format(row=r + 1, column=c + 1, value=repr(value), size=size),
                                        key=key)
    return cast(list[list[int]], grid)


def validate_givens(puzzle: JSON) -> None:
    """Givens that break the rules by themselves (a number twice in a row) are named: the
    puzzle has no answer, and `bookgen solve` said only "solutions": 0, which a script reading
    a bank of puzzles takes for a puzzle like any other."""
    board = board_for(puzzle)
    values = flat(puzzle["givens"])
    for unit, cells in enumerate(board.units):
        seen: set[int] = set()
        for value in (values[cell] for cell in cells if values[cell]):
            if value in seen:
                from bookgen.puzzles.sudoku.hints import unit_name  # only to say what is wrong

                raise PuzzleFormatError(_("{number} stands twice in {unit} among the givens: the puzzle has "
                                          "no answer").format(number=symbol(value, hex_digits(puzzle)),
                                                               unit=unit_name(board, unit)),
                                        key="givens")
            seen.add(value)


def validate_regions(puzzle: JSON, size: int) -> None:
    """A jigsaw's regions, proven from the page: a number from 1 to the size per cell, each
    region that many cells in one piece."""
    regions = check_grid(puzzle.get("regions"), size, "regions", 1)
    problems = layout_problems(size, [value for row in regions for value in row])
    if problems:
        raise PuzzleFormatError(pgettext("between problems", "; ").join(problems), key="regions")


def validate_cages(puzzle: JSON, size: int) -> None:
    """A killer's cages, proven from the page: each a sum and cells side by side, every cell of
    the grid in exactly one, a sum that different numbers from 1 to the size can make."""
    cages = puzzle.get("cages")
    if not isinstance(cages, list) or not cages:
        raise PuzzleFormatError(_("'cages' must be a list of {form}").format(
            form='{"sum", "cells"}'), key="cages")
    owner: dict[int, int] = {}
    for number, cage in enumerate(cages, 1):
        cells = cage.get("cells") if isinstance(cage, dict) else None
        total = cage.get("sum") if isinstance(cage, dict) else None
        if (not isinstance(cells, list) or not cells or not whole(total)
                or any(not isinstance(cell, list) or len(cell) != 2
                       or any(not whole(v) or not 0 <= v < size for v in cell) for cell in cells)):
            raise PuzzleFormatError(_("cage {number} must be {form} with rows and columns from 0 to "
                                      "{size}").format(
                                        number=number, form='{"sum": N, "cells": [[row, column], ...]}',
                                        size=size - 1), key="cages")
        flat_cells = {r * size + c for r, c in cells}
        for r, c in cells:
            if r * size + c in owner:
                raise PuzzleFormatError(_("row {row} column {column} is in cages {owner} and "
                                          "{number}").format(
                                            row=r + 1, column=c + 1, owner=owner[r * size + c],
                                            number=number), key="cages")
            owner[r * size + c] = number
        count = len(flat_cells)
        if len(cells) > size or not connected(size, flat_cells):
            raise PuzzleFormatError(_("cage {number} is not {size} or fewer cells side by side").format(
                                        number=number, size=size), key="cages")
        least, most = count * (count + 1) // 2, count * (2 * size + 1 - count) // 2
        if not least <= total <= most:
            raise PuzzleFormatError(_("cage {number}: {count} different numbers cannot add up to {total} "
                                      "(only {least} to {most})").format(
                                        number=number, count=count, total=total, least=least, most=most),
                                        key="cages")
    if len(owner) != size * size:
        cell = min(set(range(size * size)) - set(owner))
        raise PuzzleFormatError(_("row {row} column {column} is in no cage").format(
                                    row=cell // size + 1, column=cell % size + 1), key="cages")


def whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def cage_problems(puzzle: JSON, grid: list[list[int]]) -> list[str]:
    """A killer's cages a filled grid breaks: a wrong sum, or a number twice."""
    problems = []
    for cage in cages_of(puzzle):
        values = [grid[r][c] for r, c in cage["cells"]]
        if sum(values) != cage["sum"] or len(set(values)) != len(values):
            r, c = cage["cells"][0]
            problems.append(_("the cage at row {row} column {column} must add up to {sum} with no number "
                              "twice").format(row=r + 1, column=c + 1, sum=cage["sum"]))
    return problems


LINE_SIDES = {16: 4, 36: 6, 64: 8, 81: 9, 144: 12, 256: 16}
"""A one-line form's side by its length: numbers and '.' or '0' for a blank up to 9x9; a 12x12 or
16x16 line in hex (0 to B or F, as bookgen prints them, '.' a blank)."""


def read_line(text: str) -> JSON | None:
    """A line of digits and dots, or one as long as a grid's squares (a mistyped square among 81
    is still meant as a sudoku), is a sudoku in the one-line form (`parse_line`); anything else
    is not one (None)."""
    if not text or (any(ch not in ".0123456789" for ch in text) and len(text) not in LINE_SIDES):
        return None
    return parse_line(text)


def parse_line(text: str) -> JSON:
    """A sudoku in the one-line form players share (81, 36 or 16 characters, 64 for an 8x8, row
    by row, with '.' or '0' for an empty cell; 144 or 256 in hex, '.' for an empty cell) as
    puzzle JSON; PuzzleFormatError otherwise."""
    line = text.strip().upper()
    side = LINE_SIDES.get(len(line))
    hex_line = side in HEX_SIZES
    allowed = "." + HEX[:side or 0] if hex_line else ".0123456789"[: (side or 0) + 2]
    if side is None or any(ch not in allowed for ch in line):
        raise PuzzleFormatError(_("a one-line sudoku has 81, 36 or 16 characters, each a number from 1 "
                                  "to the side or '.' or '0' for an empty cell (64 for an 8x8); a 12x12 "
                                  "or 16x16 has 144 or 256 in hex, 0 to B or F, '.' for an empty cell"))
    values = [0 if ch == "." else HEX.index(ch) + 1 if hex_line else int(ch) for ch in line]
    puzzle: JSON = {"variant": "classic", "givens": [values[r * side:(r + 1) * side] for r in range(side)]}
    if hex_line:
        puzzle["symbols"] = "hex"
    validate_givens(puzzle)
    return puzzle
