"""Grading a crossword from its grid: by the letters it gives and by how many letters its answers
share. A crossing letter is help: found from one clue, it starts the other answer; an answer
that crosses few others is found from its clue alone.

Steps of help, hardest last: every answer's first letter given (easy); some first letters given
(medium); no letter given and at least `CHECKED` percent of the letter squares crossed (hard);
fewer crossed (expert). The score is a hundred a step plus, within the step, the squares not
crossed (99 less the percent crossed); the level is a band of it. Free-form layouts of a list's
words cross 19 to 27 percent of their squares (bench/crossword.py), so the line between hard and
expert lies in the middle of what they reach.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.grading import Bands
from bookgen.core.wordgrid import BLOCK, OPEN, crossings_of, slots_of

CHECKED = 23
BANDS = Bands.of({"easy": (0, 99), "medium": (100, 199), "hard": (200, 299), "expert": (300, 399)})


def rate(puzzle: JSON) -> JSON:
    """The measured figures and the level they fall in."""
    grid = puzzle["grid"]
    cells = sum(len(row) - row.count(BLOCK) for row in grid)
    givens = sum(1 for row in grid for letter in row if letter not in (BLOCK, OPEN))
    slots = slots_of(grid)
    crossings = sum(crossings_of(slots).values()) // 2
    checked = round(100 * crossings / max(1, cells))
    first = sum(1 for slot in slots if grid[slot.row][slot.col] not in (BLOCK, OPEN))
    if first == len(slots):
        step = 0
    elif givens:
        step = 1
    else:
        step = 2 if checked >= CHECKED else 3
    score = 100 * step + 99 - min(99, checked)
    return {"level": BANDS.level_of(score), "score": score, "words": len(slots), "cells": cells,
            "givens": givens, "first_letters": first, "crossings": crossings, "checked": checked}
