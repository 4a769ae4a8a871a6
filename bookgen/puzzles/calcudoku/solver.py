"""The exact solver: the Latin square's candidates and propagation (bookgen.core.latin), each cage
settled by its fillings, and search on the square with the fewest candidates, counting answers up
to a cap."""

from __future__ import annotations

from functools import partial

from bookgen.api import JSON, Solved
from bookgen.core.latin import Budget, Candidates, Square, count, eliminate, rows_of, square_of
from bookgen.puzzles.calcudoku.cages import Cage, cages_of


def settle(square: Square, cages: tuple[Cage, ...], candidates: Candidates) -> bool:
    """Cross out every candidate no filling of its cage keeps, and what that forces in the rows
    and columns, until the cages change nothing; False on a contradiction."""
    changed = True
    while changed:
        changed = False
        for cage in cages:
            masks = tuple(candidates[cell] for cell in cage.cells)
            kept = cage.options(square.size, masks)
            if kept is None:
                return False
            for cell, mask, keep in zip(cage.cells, masks, kept):
                if keep != mask:
                    changed = True
                    if not eliminate(square, candidates, cell, mask & ~keep):
                        return False
    return True


def count_answers(size: int, cages: tuple[Cage, ...], cap: int | None,
                  budget: Budget | None = None) -> tuple[int, list[list[int]]]:
    """How many answers the cages leave (up to cap), and the first two, flat."""
    square = square_of(size)
    return count(square, [0] * square.cells, partial(settle, square, cages), cap, budget)


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    size = puzzle["size"]
    number, first = count_answers(size, cages_of(puzzle), cap)
    return Solved(number, {"grid": rows_of(size, first[0])} if first else None)
