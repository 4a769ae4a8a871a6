"""Hints: one letter at a time, each in its place, word after word: "letter 2 of 4 is I, so the
word begins LI". A scramble has no chain of deductions to follow; what helps a person stuck on
a word is its next letter, so each hint holds without the others and the page gives the one
nearest to where the player last wrote. A letter the page prints (the kept first letter, a
letter in `shown`) is no hint: the player has it.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.i18n import N_, _
from bookgen.puzzles.scramble.parameters import EMPTY, printed_boxes

HINT = N_("letter {place} of {length} is {letter}, so the word begins {start}")


def given_answer(puzzle: JSON) -> JSON:
    """The words as the page shows them before any is written: a space for each letter to find,
    the letters the page prints in their boxes."""
    return {"words": [boxes.replace(EMPTY, " ") for boxes in printed_boxes(puzzle)]}


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Every letter to find, word by word; cells are [word, letter], from 0."""
    told: list[JSON] = []
    for index, (word, boxes) in enumerate(zip(solution["words"], printed_boxes(puzzle))):
        for place in (place for place, box in enumerate(boxes) if box == EMPTY):
            why = _(HINT).format(letter=word[place], place=place + 1, length=len(word),
                                 start=word[:place + 1])
            told.append({"cells": [[index, place]], "value": word[place], "why": why,
                         **({"after": 0} if told else {})})
    return told
