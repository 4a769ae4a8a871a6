"""Hints: the numbers in the order the grader places them, each naming its step and squares, with
the cage arithmetic and line steps that made it possible (bookgen.core.latin_words tells the
Latin-square steps)."""

from __future__ import annotations

from collections.abc import Sequence
from math import factorial
from typing import Any

from bookgen.api import JSON
from bookgen.core.bits import members
from bookgen.core.grading import simplest_first
from bookgen.core.latin import PLACING, Contradiction, Square, flat
from bookgen.core.latin_words import (
    broken_words,
    cell_name,
    crossing_out,
    line_name,
    numbers_named,
    placing,
    told,
)
from bookgen.i18n import _, ngettext
from bookgen.i18n.conjunctions import joined
from bookgen.puzzles.calcudoku.cages import Cage
from bookgen.puzzles.calcudoku.grader import STEPS, start
from bookgen.puzzles.calcudoku.parameters import operation_signs


def cage_label(cage: Cage) -> str:
    return f"{cage.target}{operation_signs()[cage.op]}"


def _kept(square: Square, facts: dict[str, Any]) -> str:
    """"2 or 3 in row 1, column 2 and 1 in row 2, column 2": what a step left its squares."""
    return joined([_("{numbers} in {cell}").format(numbers=numbers_named(members(mask), "or"),
                                                   cell=cell_name(square, cell))
                   for cell, mask in zip(facts["crossed"], facts["kept"])])


def _cage_digits(cage: Cage, where: str, digits: Sequence[int]) -> str:
    """The cage digits step: the numbers every way of making the cage uses, where they are as
    many as its squares; else the numbers that can appear in it ("9+ ... can only be made with
    1, 2, 3, 4 and 5", of a cage of four squares, read as if it held five numbers)."""
    label = cage_label(cage)
    if len(digits) <= len(cage.cells):
        return _("Cage digits: {label} in the cage at {cell} can only be made with {numbers}, so "
                 "every other number is crossed out in its squares.").format(
            label=label, cell=where, numbers=numbers_named(digits))
    if list(digits) == list(range(digits[0], digits[-1] + 1)):
        return _("Cage digits: only the numbers from {low} to {high} can appear in the cage at "
                 "{cell} to make {label}, so every other number is crossed out in its squares.").format(
            low=digits[0], high=digits[-1], cell=where, label=label)
    return _("Cage digits: only {numbers} can appear in the cage at {cell} to make {label}, so every "
             "other number is crossed out in its squares.").format(
        numbers=numbers_named(digits), cell=where, label=label)


def tell(square: Square, cages: Sequence[Cage], name: str, facts: dict[str, Any]) -> str:
    """One sentence naming a step and its squares."""
    if name in PLACING:
        return placing(square, name, facts, _(
            "Naked single: {cell} can only hold {value}; every other number stands in its row or "
            "column or cannot make its cage"))
    latin = crossing_out(square, name, facts)
    if latin is not None:
        return latin
    if name == "trial":
        def cage_broken(broken: Sequence[Any]) -> str | None:
            if broken[0] != "cage":
                return None
            cage = cages[broken[1]]
            return _("the cage at {cell} could not make {label}").format(
                cell=cell_name(square, cage.cells[0]), label=cage_label(cage))
        broken = broken_words(square, facts["broken"], cage_broken)
        if broken is None:
            return _("Trial: were {value} in {cell}, the singles and the cages would lead to a "
                     "contradiction, so {value} is crossed out there.").format(
                value=facts["value"], cell=cell_name(square, facts["cell"]))
        return _("Trial: were {value} in {cell}, following the singles and the cages, {broken}; so "
                 "{value} is crossed out there.").format(
            value=facts["value"], cell=cell_name(square, facts["cell"]), broken=broken)
    if name == "line remainder":
        remainder = facts["cage"]
        unit = line_name(square, facts["unit"])
        text = (_("Line sum: the numbers of {unit} add up to {total}, so {cells}, outside the sum "
                  "cages wholly inside it, add up to {target}; that leaves {kept}.")
                if remainder.op == "+" else
                _("Line product: the numbers of {unit} multiply to {total}, so {cells}, outside the "
                  "product cages wholly inside it, multiply to {target}; that leaves {kept}."))
        size = square.size
        total = size * (size + 1) // 2 if remainder.op == "+" else factorial(size)
        return text.format(unit=unit, total=total, target=remainder.target, kept=_kept(square, facts),
                           cells=joined([cell_name(square, cell) for cell in remainder.cells]))
    cage = facts["cage"]
    where = cell_name(square, cage.cells[0])
    if name == "cage digits":
        return _cage_digits(cage, where, facts["digits"])
    if name == "cage combination":
        return _("Cage combination: the ways left to make {label} in the cage at {cell} leave "
                 "{kept}.").format(label=cage_label(cage), cell=where, kept=_kept(square, facts))
    return ngettext(
        "Cage in a line: every way to make {label} in the cage at {cell} puts {numbers} in {unit}, "
        "so it is crossed out in the rest of {unit}.",
        "Cage in a line: every way to make {label} in the cage at {cell} puts {numbers} in {unit}, "
        "so they are crossed out in the rest of {unit}.", len(facts["digits"])).format(
        label=cage_label(cage), cell=where, numbers=numbers_named(facts["digits"]),
        unit=line_name(square, facts["unit"]))


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Each number the grader places, in its order, with why; a cage of one square is a given."""
    try:
        state = start(puzzle)
        simplest_first(STEPS, state, type(state).finished, len(STEPS))
    except Contradiction:
        return []
    return told(state, flat(solution["grid"]),
                lambda name, facts: tell(state.square, state.cages, name, facts), PLACING)


def given_answer(puzzle: JSON) -> JSON:
    """The answer's grid as far as the cages of one square go (0 where a number is to find)."""
    size = puzzle["size"]
    grid = [[0] * size for _ in range(size)]
    for cage in puzzle["cages"]:
        if cage["op"] == "=":
            (r, c), = cage["cells"]
            grid[r][c] = cage["target"]
    return {"grid": grid}
