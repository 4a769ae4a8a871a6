"""Hints: the answers in the order a person would take them, each told as the next thing to do
("7 Down has 5 letters and crosses the E of 3 Across"). A person starts where the grid already
helps: the answer with the most letters known (given, or from answers found before), the
shorter first. Hints are words only (the page shows one more at each press, the last writes the
answer in): what they give away is where to look, and which letter the crossing lends.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.wordgrid import OPEN, STEP
from bookgen.i18n import N_, _

NAMED = {"across": N_("{number} Across"), "down": N_("{number} Down")}
CROSSES = N_("{entry} has {length} letters and crosses the {letter} of {other}")
BEGINS = N_("{entry} has {length} letters and begins with {letter}")
SO_FAR = N_("{entry} has {length} letters and reads {pattern} so far")
ALONE = N_("{entry} has {length} letters and crosses no answer found yet: start from its clue")


def named(entry: JSON) -> str:
    return _(NAMED[entry["direction"]]).format(number=entry["number"])


def _squares(entry: JSON) -> list[tuple[int, int]]:
    d_row, d_col = STEP[entry["direction"]]
    return [(entry["row"] + i * d_row, entry["col"] + i * d_col) for i in range(len(entry["word"]))]


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """One hint an answer, in the order a person takes them, each only words."""
    known = {(r, c): letter for r, row in enumerate(puzzle["grid"]) for c, letter in enumerate(row)
             if letter not in ("#", OPEN)}
    by: dict[tuple[int, int], JSON] = {}  # square -> the answer found that lent its letter
    left = list(puzzle["entries"])
    told: list[JSON] = []
    while left:
        entry = max(left, key=lambda e: (sum(s in known for s in _squares(e)), -len(e["word"]),
                                         e["direction"] == "across", -e["number"]))
        left.remove(entry)
        squares = _squares(entry)
        lent = next((s for s in squares if s in by), None)
        values = {"entry": named(entry), "length": len(entry["word"])}
        if lent is not None:
            why = _(CROSSES).format(**values, letter=known[lent], other=named(by[lent]))
        elif squares[0] in known and all(s not in known for s in squares[1:]):
            why = _(BEGINS).format(**values, letter=known[squares[0]])
        elif any(s in known for s in squares):
            why = _(SO_FAR).format(**values, pattern="".join(known.get(s, "_") for s in squares))
        else:
            why = _(ALONE).format(**values)
        told.append({"cells": [], "value": None, "why": why})
        for square, letter in zip(squares, entry["word"]):
            if square not in known:
                known[square] = letter
                by[square] = entry
    return told
