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
    columns, until no sign changes anything; False on a contradiction. After the first sweep only
    the signs at a square that changed are looked at again (the search settles at every node)."""
    pending = links
    while pending:
        before = candidates.copy()
        for low, high in pending:
            greatest = candidates[high].bit_length() - 1
            cut_low = candidates[low] >> greatest << greatest
            if cut_low and not eliminate(square, candidates, low, cut_low):
                return False
            least = candidates[low] & -candidates[low]
            cut_high = candidates[high] & ((least << 1) - 1)
            if cut_high and not eliminate(square, candidates, high, cut_high):
                return False
        changed = {cell for cell, mask in enumerate(candidates) if mask != before[cell]}
        pending = tuple(link for link in links if link[0] in changed or link[1] in changed)
    return True


def broken_sign(links: tuple[Link, ...], candidates: Candidates) -> tuple[str, Cell, Cell] | None:
    """The first sign its squares' candidates cannot keep (the smaller's least is not below the
    greater's greatest), as a trial's hint names it: ("sign", smaller, greater); else None."""
    for low, high in links:
        if (candidates[low] & -candidates[low]).bit_length() >= candidates[high].bit_length():
            return ("sign", low, high)
    return None


def another_answer(puzzle: JSON, given: tuple[Cell, int] | None = None,
                   sign: Link | None = None, budget: Budget | None = None) -> bool:
    """Whether a search (within `budget`) finds an answer where square `given[0]` does not hold
    `given[1]`, or where the sign `sign` (smaller, greater) is turned round. Taken from a puzzle
    with one answer, a clue can only let in answers that break it (any other kept every clue
    before), so a second answer, where there is one, is one of those: a search the broken clue
    narrows finds it far quicker than counting to two."""
    square = square_of(puzzle["size"])
    links = links_of(puzzle) + ((sign[::-1],) if sign else ())

    def broken(candidates: Candidates) -> bool:
        if given is not None and not eliminate(square, candidates, given[0], 1 << given[1]):
            return False
        return settle(square, links, candidates)

    return count(square, flat(puzzle["givens"]), broken, 1, budget)[0] > 0


def count_answers(puzzle: JSON, cap: int | None, budget: Budget | None = None
                  ) -> tuple[int, list[list[int]]]:
    """How many answers the givens and signs leave (up to cap), and the first two, flat."""
    square = square_of(puzzle["size"])
    return count(square, flat(puzzle["givens"]), partial(settle, square, links_of(puzzle)), cap, budget)


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    number, first = count_answers(puzzle, cap)
    return Solved(number, {"grid": rows_of(puzzle["size"], first[0])} if first else None)
