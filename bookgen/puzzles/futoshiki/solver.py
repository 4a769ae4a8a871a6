"""The exact solver: the Latin square's candidates and propagation (bookgen.core.latin), each sign
settled by the least and greatest numbers its squares can still hold, and search on the square
with the fewest candidates, counting answers up to a cap."""

from __future__ import annotations

from functools import partial

from bookgen.api import JSON, Solved
from bookgen.core.latin import Budget, Candidates, Cell, Square, count, eliminate, flat, rows_of, square_of
from bookgen.puzzles.futoshiki.parameters import relations

Link = tuple[Cell, Cell]
"""A sign on the solver's flat cells: (the smaller number's square, the greater's)."""


def links_of(puzzle: JSON) -> tuple[Link, ...]:
    size = puzzle["size"]
    return tuple((low[0] * size + low[1], high[0] * size + high[1]) for low, high in relations(puzzle))


def below(mask: int) -> int:
    """The numbers less than the greatest of `mask`: what the smaller square of a sign keeps."""
    return (1 << (mask.bit_length() - 1)) - 1


def above(mask: int) -> int:
    """The numbers greater than the least of `mask`: what the greater square of a sign keeps."""
    least = mask & -mask
    return ~((least << 1) - 1)


def settle(square: Square, links: tuple[Link, ...], candidates: Candidates) -> bool:
    """Across every sign, the smaller square keeps numbers under the greater's greatest and the
    greater square numbers over the smaller's least, and what that forces in the rows and
    columns, until no sign changes anything; False on a contradiction."""
    changed = True
    while changed:
        changed = False
        for low, high in links:
            cut_low = candidates[low] & ~below(candidates[high])
            if cut_low:
                changed = True
                if not eliminate(square, candidates, low, cut_low):
                    return False
            cut_high = candidates[high] & ~above(candidates[low])
            if cut_high:
                changed = True
                if not eliminate(square, candidates, high, cut_high):
                    return False
    return True


def count_answers(puzzle: JSON, cap: int | None, budget: Budget | None = None
                  ) -> tuple[int, list[list[int]]]:
    """How many answers the givens and signs leave (up to cap), and the first two, flat."""
    square = square_of(puzzle["size"])
    return count(square, flat(puzzle["givens"]), partial(settle, square, links_of(puzzle)), cap, budget)


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    number, first = count_answers(puzzle, cap)
    return Solved(number, {"grid": rows_of(puzzle["size"], first[0])} if first else None)
