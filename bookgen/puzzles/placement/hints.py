"""Hints: the free numbers smallest first, each with the box it goes in and why.

A person places the numbers smallest first: the next one can only go in an empty box with no
empty neighbour that must be smaller (the fence's `addable` boxes); pre-filled boxes narrow that
further, and the fence's count says which boxes still leave an arrangement.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.i18n import _
from bookgen.i18n.conjunctions import joined
from bookgen.puzzles.placement.numbers import shown
from bookgen.puzzles.placement.solver import fence, pins


def _boxes(boxes: list[int]) -> str:
    return joined([str(box + 1) for box in boxes], "or")


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """The free numbers smallest first, each with the box it goes in and why: the only box it
    fits, the only one that leaves room for the pre-filled numbers, or (when several arrangements
    work) one of the boxes it fits, the one the stored answer uses."""
    pinned, ranked = pins(puzzle)
    order = [str(text) for text in solution["order"]]
    rows = fence("".join(puzzle["signs"]), pinned)
    box_of = {text: box for box, text in enumerate(order)}
    found: list[JSON] = []
    mask = 0
    for text in ranked:
        box = box_of[text]
        if pinned[box] < 0:
            fits = rows.addable(mask)
            room = [b for b in fits if rows.completions(mask | 1 << b)]
            number, named = shown(text), box + 1
            if len(fits) == 1:
                why = _("{number} is the smallest number left: it goes in box {box}, the only empty "
                        "box with no empty neighbour that must be smaller").format(number=number, box=named)
            elif len(room) == 1:
                why = _("{number} is the smallest number left: it goes in box {box}: it fits box "
                        "{boxes}, but only box {box} leaves room for the pre-filled numbers").format(
                            number=number, box=named, boxes=_boxes(fits))
            else:
                why = _("{number} is the smallest number left: it fits box {boxes}; these hints put "
                        "it in box {box}").format(number=number, box=named, boxes=_boxes(room))
            found.append({"cells": [box], "value": text, "why": why})
        mask |= 1 << box
    return found


def given_answer(puzzle: JSON) -> JSON:
    """The order with the pre-filled boxes in place (None in the boxes to fill): hints fill it."""
    order: list[str | None] = [None] * len(puzzle["numbers"])
    for box, text in puzzle.get("givens", {}).items():
        order[int(box)] = text
    return {"order": order}
