"""Hints: one letter at a time, each in its place, word after word: "letter 2 of 4 is I, so the
word begins LI". A scramble has no chain of deductions to follow; what helps a person stuck on
a word is its next letter, so each hint holds without the others and the page gives the one
nearest to where the player last wrote.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.i18n import N_, _

HINT = N_("letter {place} of {length} is {letter}, so the word begins {start}")


def given_answer(puzzle: JSON) -> JSON:
    """The words as the page shows them before any is written: a space for each letter to find,
    the first letter where the page keeps it."""
    return {"words": [(s[0] if puzzle["first"] else " ") + " " * (len(s) - 1)
                      for s in puzzle["scrambles"]]}


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Every letter to find, word by word; cells are [word, letter], from 0."""
    told: list[JSON] = []
    for index, word in enumerate(solution["words"]):
        for place in range(int(puzzle["first"]), len(word)):
            why = _(HINT).format(letter=word[place], place=place + 1, length=len(word),
                                 start=word[:place + 1])
            told.append({"cells": [[index, place]], "value": word[place], "why": why,
                         **({"after": 0} if told else {})})
    return told
