"""Cages: side-by-side squares whose numbers give a target by one operation, and the arithmetic
the solver, the grader and the generator share.

A cage's *fillings* are the tuples of numbers, one per square, that give its target and differ
wherever two of its squares share a row or column (numbers may repeat across a bend). `options` is
the one rule both the solver and the grader use, as a person does: the fillings that fit the
squares' candidates leave each square the numbers they hold. It never removes a number some
filling needs, and a cage whose squares each hold one number keeps it exactly when that filling
gives the target, so the solver's search stays exact. Integers throughout: a division cage's
quotient is whole, the larger number divided by the smaller.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import prod

from bookgen.api import JSON
from bookgen.core.latin import Cell

Clash = tuple[tuple[int, int], ...]
"""The pairs of a cage's squares (by place in the cage) that share a row or column."""


@dataclass(frozen=True)
class Cage:
    """A cage on the solver's flat cells (reading order, its label's square first), its operation
    and target, and which of its squares share a line."""

    cells: tuple[Cell, ...]
    op: str
    target: int
    clash: Clash

    def options(self, size: int, masks: tuple[int, ...]) -> tuple[int, ...] | None:
        return options(self.op, self.target, size, self.clash, masks)

    def fillings(self, size: int) -> tuple[tuple[int, ...], ...]:
        return fillings(self.op, self.target, size, len(self.cells), self.clash)


def clash_of(cells: tuple[Cell, ...], size: int) -> Clash:
    return tuple((i, j) for i in range(len(cells)) for j in range(i + 1, len(cells))
                 if cells[i] // size == cells[j] // size or cells[i] % size == cells[j] % size)


def cage_of(cells: tuple[Cell, ...], op: str, target: int, size: int) -> Cage:
    flat = tuple(sorted(cells))
    return Cage(flat, op, target, clash_of(flat, size))


def cages_of(puzzle: JSON) -> tuple[Cage, ...]:
    size = puzzle["size"]
    return tuple(cage_of(tuple(r * size + c for r, c in cage["cells"]), cage["op"], cage["target"], size)
                 for cage in puzzle["cages"])


def result(op: str, values: tuple[int, ...] | list[int]) -> int | None:
    """What a cage's numbers give by its operation; None where they give no whole number (a
    division that leaves a remainder) or the operation takes another count of numbers."""
    if op == "+":
        return sum(values)
    if op == "x":
        return prod(values)
    if op == "=":
        return values[0] if len(values) == 1 else None
    if len(values) != 2:
        return None
    high, low = max(values), min(values)
    if op == "-":
        return high - low
    return high // low if high % low == 0 else None


@lru_cache(maxsize=4096)
def fillings(op: str, target: int, size: int, count: int, clash: Clash) -> tuple[tuple[int, ...], ...]:
    """Every tuple of numbers 1 to `size` for a cage's squares that gives its target, different
    where two squares share a line."""
    found = []
    for values in product(range(1, size + 1), repeat=count):
        if result(op, values) == target and all(values[i] != values[j] for i, j in clash):
            found.append(values)
    return tuple(found)


@lru_cache(maxsize=1 << 17)
def options(op: str, target: int, size: int, clash: Clash, masks: tuple[int, ...]
            ) -> tuple[int, ...] | None:
    """Per square of a cage, the candidates it keeps: the numbers it holds in the fillings that
    fit every square's candidates; None when none fits."""
    kept = [0] * len(masks)
    for values in fillings(op, target, size, len(masks), clash):
        if all(mask >> value & 1 for mask, value in zip(masks, values)):
            for i, value in enumerate(values):
                kept[i] |= 1 << value
    return tuple(kept) if kept[0] else None


@lru_cache(maxsize=1 << 15)
def line_musts(op: str, target: int, size: int, clash: Clash, masks: tuple[int, ...],
               groups: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """For each group of a cage's squares (those in one row or column), the numbers every filling
    that fits the candidates puts in that group: they leave the rest of its line."""
    musts = [-1] * len(groups)
    for values in fillings(op, target, size, len(masks), clash):
        if all(mask >> value & 1 for mask, value in zip(masks, values)):
            for index, group in enumerate(groups):
                held = 0
                for place in group:
                    held |= 1 << values[place]
                musts[index] &= held
    return tuple(0 if must < 0 else must for must in musts)
