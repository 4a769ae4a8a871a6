"""Hints: the free numbers smallest first, each with the box it goes in and why.

A person places the numbers smallest first: the next one can only go in an empty box with no
empty neighbour that must be smaller (the fence's `addable` boxes); pre-filled boxes narrow that
further, and the fence's count says which boxes still leave an arrangement.
"""

from __future__ import annotations

from bookgen.puzzles.base import JSON
from bookgen.puzzles.placement.solver import fence, pins


def _said(text: str) -> str:
    return text.replace("-", "\u2212")


def _boxes(boxes: list[int]) -> str:
    names = [str(box + 1) for box in boxes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


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
            head = f"{_said(text)} is the smallest number left: it goes in box {box + 1}"
            if len(fits) == 1:
                why = f"{head}, the only empty box with no empty neighbour that must be smaller"
            elif len(room) == 1:
                why = (f"{head}: it fits box {_boxes(fits)}, but only box {box + 1} leaves room "
                       "for the pre-filled numbers")
            else:
                why = (f"{_said(text)} is the smallest number left: it fits box {_boxes(room)}; "
                       f"these hints put it in box {box + 1}")
            found.append({"cells": [box], "value": text, "why": why})
        mask |= 1 << box
    return found


def given_answer(puzzle: JSON) -> JSON:
    """The order with the pre-filled boxes in place (None in the boxes to fill): hints fill it."""
    order: list[str | None] = [None] * len(puzzle["numbers"])
    for box, text in puzzle.get("givens", {}).items():
        order[int(box)] = text
    return {"order": order}
