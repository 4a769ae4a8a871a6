"""Hints: one letter at a time, answer by answer in the order a person would take them, each the
next letter the player has not got ("2 Down has 4 letters and begins with B"). A person starts
where the grid already helps: the answer with the most letters known (given, or from answers
found before), the shorter first; within it the first letter first, then left to right (or top to
bottom), passing over the letters known. The page fills the letter, lights its answer and clue and
moves the focus there: a hint's cells are the square it fills, then the rest of its answer's
squares (what the page lights), and its value is the letter.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.wordgrid import OPEN, STEP
from bookgen.i18n import N_, _

NAMED = {"across": N_("{number} Across"), "down": N_("{number} Down")}
BEGINS = N_("{entry} has {length} letters and begins with {letter}")
LETTER = N_("{entry} has {length} letters; letter {index} is {letter}")


def named(entry: JSON) -> str:
    return _(NAMED[entry["direction"]]).format(number=entry["number"])


def _squares(entry: JSON) -> list[tuple[int, int]]:
    d_row, d_col = STEP[entry["direction"]]
    return [(entry["row"] + i * d_row, entry["col"] + i * d_col) for i in range(len(entry["word"]))]


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """One hint a letter to find, answer by answer in the order a person takes them."""
    known = {(r, c) for r, row in enumerate(puzzle["grid"]) for c, letter in enumerate(row)
             if letter not in ("#", OPEN)}
    left = list(puzzle["entries"])
    told: list[JSON] = []
    while left:
        entry = max(left, key=lambda e: (sum(s in known for s in _squares(e)), -len(e["word"]),
                                         e["direction"] == "across", -e["number"]))
        left.remove(entry)
        squares = _squares(entry)
        for index, (square, letter) in enumerate(zip(squares, entry["word"])):
            if square in known:
                continue
            known.add(square)
            said = BEGINS if index == 0 else LETTER
            why = _(said).format(entry=named(entry), length=len(squares), index=index + 1, letter=letter)
            told.append({"cells": [list(square)] + [list(s) for s in squares if s != square],
                         "value": letter, "why": why})
    return told
