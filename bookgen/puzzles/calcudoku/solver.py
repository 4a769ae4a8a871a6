"""The exact solver: the Latin square's candidates and propagation (bookgen.core.latin), each cage
settled by its fillings, and search on the square with the fewest candidates, counting answers up
to a cap."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bookgen.api import JSON, Solved
from bookgen.core.latin import Budget, Candidates, Square, count, eliminate, rows_of, square_of
from bookgen.puzzles.calcudoku.cages import Cage, cages_of, options


def settle(square: Square, cages: tuple[Cage, ...], candidates: Candidates,
           kept_before: Sequence[tuple[int, ...] | None] | None = None) -> bool:
    """Cross out every candidate no filling of its cage keeps, and what that forces in the rows
    and columns, until the cages change nothing; False on a contradiction. A cage whose squares'
    candidates are as it last left them (or as `kept_before` says it leaves them:
    `left_by_cages` of candidates these came from) is not worked out again: its fillings would keep them."""
    size = square.size
    left_as: list[tuple[int, ...] | None] = (list(kept_before) if kept_before is not None
                                              else [None] * len(cages))
    changed = True
    while changed:
        changed = False
        for index, cage in enumerate(cages):
            masks = tuple(map(candidates.__getitem__, cage.cells))
            if masks == left_as[index]:
                continue
            kept = options(cage.op, cage.target, size, cage.clash, masks)
            if kept is None:
                return False
            left_as[index] = kept
            for cell, mask, keep in zip(cage.cells, masks, kept):
                if keep != mask:
                    changed = True
                    if not eliminate(square, candidates, cell, mask & ~keep):
                        return False
    return True


def broken_cage(square: Square, cages: tuple[Cage, ...], candidates: Candidates) -> tuple[str, int] | None:
    """The first cage no filling of its squares' candidates makes, as a trial's hint names it:
    ("cage", its index); None if every cage can still be made."""
    for index, cage in enumerate(cages):
        if options(cage.op, cage.target, square.size, cage.clash,
                   tuple(map(candidates.__getitem__, cage.cells))) is None:
            return ("cage", index)
    return None


def left_by_cages(square: Square, cages: tuple[Cage, ...], candidates: Candidates
                  ) -> list[tuple[int, ...] | None]:
    """What each cage's fillings leave its squares of these candidates (None where none fits):
    `settle`'s `kept_before` for the candidates a trial narrows from them."""
    return [options(cage.op, cage.target, square.size, cage.clash,
                    tuple(map(candidates.__getitem__, cage.cells))) for cage in cages]


def count_answers(size: int, cages: tuple[Cage, ...], cap: int | None,
                  budget: Budget | None = None) -> tuple[int, list[list[int]]]:
    """How many answers the cages leave (up to cap), and the first two, flat."""
    square = square_of(size)
    return count(square, [0] * square.cells, partial(settle, square, cages), cap, budget)


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    size = puzzle["size"]
    number, first = count_answers(size, cages_of(puzzle), cap)
    return Solved(number, {"grid": rows_of(size, first[0])} if first else None)
