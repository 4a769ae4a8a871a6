"""The rules checked apart from the solver: a filled grid's units, and a puzzle's JSON as given."""

from __future__ import annotations

from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.base import JSON
from bookgen.puzzles.sudoku.parameters import BOXES, REGION_SIZES, VARIANTS, regions_of
from bookgen.puzzles.sudoku.regions import layout_problems


def lines_of(size: int, variant: str, grid: list[list[int]],
             regions: list[list[int]] | None = None) -> dict[str, list[int]]:
    """Every group of cells that must hold 1 to size once, by name, read straight off the grid
    (and a jigsaw's regions)."""
    box_rows, box_cols = BOXES[size]
    groups = {f"row {r + 1}": list(grid[r]) for r in range(size)}
    groups.update({f"column {c + 1}": [grid[r][c] for r in range(size)] for c in range(size)})
    if regions:
        for number in range(1, size + 1):
            groups[f"region {number}"] = [grid[r][c] for r in range(size) for c in range(size)
                                          if regions[r][c] == number]
    else:
        for top in range(0, size, box_rows):
            for left in range(0, size, box_cols):
                number = (top // box_rows) * (size // box_cols) + left // box_cols + 1
                groups[f"box {number}"] = [grid[top + r][left + c] for r in range(box_rows)
                                           for c in range(box_cols)]
    if variant == "diagonal":
        groups["the diagonal from the top left"] = [grid[i][i] for i in range(size)]
        groups["the diagonal from the top right"] = [grid[i][size - 1 - i] for i in range(size)]
    return groups


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a filled grid: a given changed, a group without every number."""
    givens = puzzle["givens"]
    size = len(givens)
    grid = solution.get("grid")
    if (not isinstance(grid, list) or len(grid) != size
            or any(not isinstance(row, list) or len(row) != size for row in grid)):
        return [f"the answer must be a {size} x {size} grid of numbers"]
    problems = [f"row {r + 1} column {c + 1} must keep its given {givens[r][c]}"
                for r in range(size) for c in range(size) if givens[r][c] and grid[r][c] != givens[r][c]]
    wanted = list(range(1, size + 1))
    for name, values in lines_of(size, str(puzzle.get("variant", "classic")), grid,
                                 regions_of(puzzle)).items():
        if sorted(values) != wanted:
            problems.append(f"{name} must hold every number from 1 to {size} once")
    return problems


def validate(puzzle: JSON) -> None:
    variant = puzzle.get("variant", "classic")
    if variant not in VARIANTS:
        raise PuzzleFormatError(f"unknown variant {variant!r}; use one of {', '.join(VARIANTS)}",
                                key="variant")
    givens = puzzle.get("givens")
    sizes = ", ".join(str(size) for size in BOXES)
    if not isinstance(givens, list) or len(givens) not in BOXES:
        raise PuzzleFormatError(f"'givens' must be a square grid of {sizes} rows", key="givens")
    size = len(givens)
    if any(not isinstance(row, list) or len(row) != size for row in givens):
        raise PuzzleFormatError(f"'givens' must be {size} rows of {size} numbers", key="givens")
    for r, row in enumerate(givens):
        for c, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= size:
                raise PuzzleFormatError(f"row {r + 1} column {c + 1}: given {value!r} is not a "
                                        f"number from 1 to {size} (0 for blank)", key="givens")
    validate_regions(puzzle, variant, size)


def validate_regions(puzzle: JSON, variant: str, size: int) -> None:
    """A jigsaw's regions, proven from the page: a number from 1 to the size per cell, each
    region that many cells in one piece; other variants have none."""
    regions = puzzle.get("regions")
    if variant not in REGION_SIZES:
        if regions is not None:
            raise PuzzleFormatError(f"a {variant} sudoku has boxes, not 'regions'", key="regions")
        return
    if str(size) not in REGION_SIZES[variant]:
        raise PuzzleFormatError(f"a {variant} sudoku has {' or '.join(REGION_SIZES[variant])} rows, "
                                f"not {size}", key="givens")
    if (not isinstance(regions, list) or len(regions) != size
            or any(not isinstance(row, list) or len(row) != size for row in regions)):
        raise PuzzleFormatError(f"'regions' must be {size} rows of {size} region numbers", key="regions")
    for r, row in enumerate(regions):
        for c, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= size:
                raise PuzzleFormatError(f"row {r + 1} column {c + 1}: region {value!r} is not a "
                                        f"number from 1 to {size}", key="regions")
    problems = layout_problems(size, [value for row in regions for value in row])
    if problems:
        raise PuzzleFormatError("; ".join(problems), key="regions")


def read_line(text: str) -> JSON | None:
    """A line of digits and dots is a sudoku in the one-line form (`parse_line`); anything else
    is not one (None)."""
    if not text or any(ch not in ".0123456789" for ch in text):
        return None
    return parse_line(text)


def parse_line(text: str) -> JSON:
    """A sudoku in the one-line form players share (81, 36 or 16 characters, row by row, with
    '.' or '0' for an empty cell) as puzzle JSON; PuzzleFormatError otherwise."""
    line = text.strip()
    side = {81: 9, 36: 6, 16: 4}.get(len(line))
    if side is None or any(ch not in ".0123456789"[: side + 2] for ch in line):
        raise PuzzleFormatError("a one-line sudoku has 81, 36 or 16 characters, each a number "
                                "from 1 to the side or '.' or '0' for an empty cell")
    values = [0 if ch == "." else int(ch) for ch in line]
    return {"variant": "classic", "givens": [values[r * side:(r + 1) * side] for r in range(side)]}
