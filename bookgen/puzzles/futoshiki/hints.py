"""Hints: the numbers in the order the grader places them, each naming its step and squares, with
the sign and chain steps that made it possible (bookgen.core.latin_words tells the Latin-square
steps)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bookgen.api import JSON
from bookgen.core.grading import simplest_first
from bookgen.core.latin import PLACING, Contradiction, Pencil, Square, flat
from bookgen.core.latin_words import broken_words, cell_name, cells_named, crossing_out, placing, told
from bookgen.i18n import _
from bookgen.puzzles.futoshiki.grader import STEPS, start


def _sign(square: Square, facts: dict[str, Any]) -> str:
    """One sign's step, saying "which holds 3" of a square whose number is on the board (of a given
    3 it said "which holds 3 at most")."""
    low, high = cell_name(square, facts["low"]), cell_name(square, facts["high"])
    settled = facts["settled"]
    if facts["side"] == "low":
        text = (_("Sign: {low} is less than {high}, which holds {bound}, so {low} holds less than "
                  "{bound}.") if settled else
                _("Sign: {low} is less than {high}, which holds {bound} at most, so {low} holds less "
                  "than {bound}."))
    else:
        text = (_("Sign: {high} is greater than {low}, which holds {bound}, so {high} holds more "
                  "than {bound}.") if settled else
                _("Sign: {high} is greater than {low}, which holds {bound} at least, so {high} holds "
                  "more than {bound}."))
    return text.format(low=low, high=high, bound=facts["bound"])


def tell(square: Square, name: str, facts: dict[str, Any]) -> str:
    """One sentence naming a step and its squares."""
    if name in PLACING:
        return placing(square, name, facts, _(
            "Naked single: {cell} can only hold {value}; every other number stands in its row or "
            "column or breaks a sign"))
    latin = crossing_out(square, name, facts)
    if latin is not None:
        return latin
    if name == "trial":
        def sign_broken(broken: Sequence[Any]) -> str | None:
            if broken[0] != "sign":
                return None
            return _("{low} could no longer hold less than {high}").format(
                low=cell_name(square, broken[1]), high=cell_name(square, broken[2]))
        broken = broken_words(square, facts["broken"], sign_broken)
        if broken is None:
            return _("Trial: were {value} in {cell}, the singles and the signs would lead to a "
                     "contradiction, so {value} is crossed out there.").format(
                value=facts["value"], cell=cell_name(square, facts["cell"]))
        return _("Trial: were {value} in {cell}, following the singles and the signs, {broken}; so "
                 "{value} is crossed out there.").format(
            value=facts["value"], cell=cell_name(square, facts["cell"]), broken=broken)
    if name == "sign":
        return _sign(square, facts)
    cell = cell_name(square, facts["cell"])
    under, over = facts["under"], facts["over"]
    texts = []
    if len(under) == 2:
        texts.append(_("Sign: {cell} is greater than {other}, so it holds at least 2.").format(
            cell=cell, other=cell_name(square, under[0])))
    elif len(under) > 2:
        texts.append(_("Sign chain: {chain} each hold a smaller number than the next, so {cell} holds "
                       "at least {least}.").format(chain=cells_named(square, under), cell=cell,
                                                   least=facts["least"]))
    if len(over) == 2:
        texts.append(_("Sign: {cell} is less than {other}, so it holds at most {most}.").format(
            cell=cell, other=cell_name(square, over[0]), most=facts["most"]))
    elif len(over) > 2:
        texts.append(_("Sign chain: {chain} each hold a greater number than the next, so {cell} holds "
                       "at most {most}.").format(chain=cells_named(square, over), cell=cell,
                                                 most=facts["most"]))
    return " ".join(texts)


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Each number the grader places, in its order, with why."""
    try:
        state = start(puzzle)
        simplest_first(STEPS, state, Pencil.finished, len(STEPS))
    except Contradiction:
        return []
    return told(state, flat(solution["grid"]), lambda name, facts: tell(state.square, name, facts),
                PLACING)


def given_answer(puzzle: JSON) -> JSON:
    """The answer's grid as far as the givens go (0 where a number is to find)."""
    return {"grid": [list(row) for row in puzzle["givens"]]}
