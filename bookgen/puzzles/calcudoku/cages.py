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


@lru_cache(maxsize=4096)
def holders(op: str, target: int, size: int, count: int, clash: Clash) -> tuple[tuple[int, ...], ...]:
    """For each square of a cage and each number 0 to `size`, the fillings (`fillings`, as bits by
    their place in that list) that put the number in the square: `options` reads which fillings
    fit a cage's candidates with a few operations on these sets instead of testing each filling
    (a 9x9 cage of four squares has hundreds)."""
    table = [[0] * (size + 1) for _square in range(count)]
    for place, values in enumerate(fillings(op, target, size, count, clash)):
        bit = 1 << place
        for square, value in enumerate(values):
            table[square][value] |= bit
    return tuple(tuple(row) for row in table)


def _fitting(table: tuple[tuple[int, ...], ...], masks: tuple[int, ...]) -> int:
    """The fillings (as bits) that fit every square's candidates."""
    fit = -1
    for row, mask in zip(table, masks):
        allowed = 0
        while mask:
            low = mask & -mask
            allowed |= row[low.bit_length() - 1]
            mask ^= low
        fit &= allowed
        if not fit:
            return 0
    return fit


@lru_cache(maxsize=1 << 17)
def options(op: str, target: int, size: int, clash: Clash, masks: tuple[int, ...]
            ) -> tuple[int, ...] | None:
    """Per square of a cage, the candidates it keeps: the numbers it holds in the fillings that
    fit every square's candidates; None when none fits."""
    table = holders(op, target, size, len(masks), clash)
    fit = _fitting(table, masks)
    if not fit:
        return None
    kept = []
    for row, mask in zip(table, masks):
        keep = 0
        while mask:
            low = mask & -mask
            if row[low.bit_length() - 1] & fit:
                keep |= low
            mask ^= low
        kept.append(keep)
    return tuple(kept)


@lru_cache(maxsize=1 << 15)
def line_musts(op: str, target: int, size: int, clash: Clash, masks: tuple[int, ...],
               groups: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """For each group of a cage's squares (those in one row or column), the numbers every filling
    that fits the candidates puts in that group: they leave the rest of its line."""
    table = holders(op, target, size, len(masks), clash)
    fit = _fitting(table, masks)
    if not fit:
        return (0,) * len(groups)
    musts = []
    for group in groups:
        must = 0
        for value in range(1, size + 1):
            held = 0
            for place in group:
                held |= table[place][value]
            if not fit & ~held:
                must |= 1 << value
        musts.append(must)
    return tuple(musts)
