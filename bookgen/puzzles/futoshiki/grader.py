"""The grader: the steps a person takes, simplest first, each named and weighted, so a puzzle rates
by the heaviest step it needs and how often.

The state is the candidates a person pencils in (bookgen.core.latin.Pencil) with the signs. The
signs come first: a chain of signs bounds a square by its length (three squares in a chain under
it: at least 4), and one sign at a time bounds each side by what the other can still hold (a
square less than one that holds at most 3 holds at most 2; Tatham's Unequal calls these its Easy
steps). Then the Latin square's singles, pairs (Unequal's Tricky), triples and X-wings, and last a
trial (assume a number, follow singles and signs to a contradiction).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from bookgen.api import JSON
from bookgen.core.grading import Bands, Deduction
from bookgen.core.latin import (
    LATIN_STEPS,
    Cell,
    Contradiction,
    Graded,
    Pencil,
    flat,
    graded,
    place_givens,
    square_of,
    trial,
)
from bookgen.puzzles.futoshiki.solver import Link, broken_sign, links_of, settle


@dataclass
class State(Pencil):
    links: tuple[Link, ...] = ()
    under: list[list[Cell]] = field(default_factory=list)
    over: list[list[Cell]] = field(default_factory=list)
    """Each square's longest chain of signs under it and over it (`longest_chains`)."""
    chained: int = 0
    """The squares whose chains have been read: those before this one (each once, at the start)."""


def start(puzzle: JSON) -> State:
    square = square_of(puzzle["size"])
    links = links_of(puzzle)
    under, over = longest_chains(links, square.cells)
    state = State(square, [square.full] * square.cells, [False] * square.cells, links=links,
                  under=under, over=over)
    place_givens(state, flat(puzzle["givens"]))
    return state


def longest_chains(links: tuple[Link, ...], cells: int) -> tuple[list[list[Cell]], list[list[Cell]]]:
    """For each square, the longest chain of signs under it (each square smaller than the next, the
    square itself last) and over it (each greater than the next)."""
    smaller: dict[Cell, list[Cell]] = {}
    greater: dict[Cell, list[Cell]] = {}
    for low, high in links:
        smaller.setdefault(high, []).append(low)
        greater.setdefault(low, []).append(high)

    def chains(step: dict[Cell, list[Cell]]) -> list[list[Cell]]:
        found: dict[Cell, list[Cell]] = {}

        def longest(cell: Cell) -> list[Cell]:
            if cell not in found:
                found[cell] = max((longest(other) for other in sorted(step.get(cell, ()))),
                                  key=len, default=[]) + [cell]
            return found[cell]
        return [longest(cell) for cell in range(cells)]

    return chains(smaller), chains(greater)


def sign_chain(state: State) -> int:
    """A square with a chain of k squares under it holds at least k + 1; with k over it, at most
    n - k (each square of a chain differs from the next by one at least). Each square once."""
    size = state.square.size
    while state.chained < state.square.cells:
        cell = state.chained
        state.chained += 1
        under, over = state.under[cell], state.over[cell]
        least, most = len(under), size + 1 - len(over)
        crossed = state.cross_out([cell], ((1 << least) - 1) | (state.square.full & ~((1 << (most + 1)) - 1)))
        if crossed:
            state.log.append(("sign chain", {"cell": cell, "under": under, "over": over,
                                             "least": least, "most": most, "crossed": crossed}))
            return 1
    return 0


def sign(state: State) -> int:
    """One sign: its smaller square holds less than the greatest number its greater square can
    still hold, and the greater square more than the smaller's least (`settled`: the other square
    holds its number, given or placed, which the hint says so)."""
    candidates, placed = state.candidates, state.placed
    for low, high in state.links:  # `below` and `above` written out: the loop runs on every step
        smaller, greater = candidates[low], candidates[high]
        cut = smaller & ~((1 << (greater.bit_length() - 1)) - 1)
        if cut and not placed[low]:
            state.log.append(("sign", {"low": low, "high": high, "side": "low",
                                       "bound": greater.bit_length() - 1, "settled": placed[high],
                                       "crossed": state.cross_out([low], cut)}))
            return 1
        cut = greater & (((smaller & -smaller) << 1) - 1)
        if cut and not placed[high]:
            state.log.append(("sign", {"low": low, "high": high, "side": "high",
                                       "bound": (smaller & -smaller).bit_length() - 1, "settled": placed[low],
                                       "crossed": state.cross_out([high], cut)}))
            return 1
    return 0


# (name, weight): the order a person tries them in, simplest first.
TECHNIQUES = (
    ("full house", 1.0), ("sign chain", 1.0), ("sign", 1.1), ("naked single", 1.2),
    ("hidden single", 1.4), ("naked pair", 2.4), ("hidden pair", 2.6), ("naked triple", 3.4),
    ("hidden triple", 3.6), ("x-wing", 3.8), ("trial", 5.0),
)
WEIGHTS = dict(TECHNIQUES)
SEARCH = 9.0  # the score of a puzzle these steps cannot finish
BANDS = Bands.of({"easy": (0, 1.59), "medium": (1.6, 2.99), "hard": (3.0, 4.99), "expert": (5.0, 99)})
"""Easy: signs, chains and singles; medium: pairs; hard: triples, X-wings; expert: a trial."""


def _steps() -> tuple[Deduction[State], ...]:
    apply = {**LATIN_STEPS, "sign chain": sign_chain, "sign": sign,
             "trial": trial(lambda state: partial(settle, state.square, state.links),
                            lambda state: partial(broken_sign, state.links))}
    return tuple(Deduction(name, rank + 1, apply[name]) for rank, (name, _) in enumerate(TECHNIQUES))


STEPS = _steps()


def deduce(puzzle: JSON, limit: float = 99.0) -> tuple[State, Graded]:
    """Solve as a person would, no step weighing more than `limit`; Contradiction for a puzzle
    without an answer."""
    state = start(puzzle)
    return state, graded(state, STEPS, WEIGHTS, limit, SEARCH)


def rate(puzzle: JSON) -> JSON:
    """The measured figures: score and level, the heaviest step, the uses of each, the givens and
    signs."""
    try:
        _, figures = deduce(puzzle)
    except Contradiction:
        figures = Graded(False, SEARCH, "search", {})
    return {
        "level": BANDS.level_of(figures.score),
        "score": figures.score,
        "hardest": figures.hardest,
        "techniques": figures.used,
        "givens": sum(1 for row in puzzle["givens"] for value in row if value),
        "signs": len(puzzle["signs"]),
        "cells": puzzle["size"] ** 2,
    }


def hardness(rating: JSON) -> float:
    return BANDS.hardness(rating["score"])
