"""Hints: the words in the order the grader places them, each told in words as the step a person
takes next ("GARDEN is the only word of 6 letters: it goes across from row 3, column 2"). They
point rather than fill: a hint's cells are its word's run of squares and its value the word, and
the page lights those squares and moves the focus there; saying which word goes there and why is
the help.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.wordgrid import ACROSS, OPEN, Slot
from bookgen.i18n import N_, _
from bookgen.puzzles.fillin.grader import Move, solving_moves
from bookgen.puzzles.fillin.parameters import listed_terms

WHERE = {ACROSS: N_("across from row {row}, column {column}"),
         "down": N_("down from row {row}, column {column}")}
WHY = {
    "only length": N_("{word} is the only word of {length} letters: it goes {where}"),
    "one word fits": N_("The {length} squares {where} read {pattern} so far: of the words left "
                        "only {word} fits"),
    "one slot fits": N_("{word} fits only one run of squares: {where}"),
    "trial": N_("Try each word that fits {where}: all but {word} soon leave a run of squares that "
                "no word fits"),
    "search": N_("{word} goes {where}: the other words that fit there lead to a dead end further on"),
}


def where(slot: Slot) -> str:
    """A slot named by its first square and direction, in the language spoken."""
    return _(WHERE[slot.direction]).format(row=slot.row + 1, column=slot.col + 1)


def said(move: Move, term: str) -> str:
    """Why the move's word goes where it does, the word named as the list prints it (`term`)."""
    pattern = "".join("_" if letter == OPEN else letter for letter in move.before)
    return _(WHY[move.step]).format(word=term, length=move.slot.length,
                                    where=where(move.slot), pattern=pattern)


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """One hint a word, in the grader's order, each pointing at the squares the word fills."""
    moves, _counts = solving_moves(puzzle)
    terms = listed_terms(puzzle)
    return [{"cells": [list(square) for square in move.slot.squares()], "value": move.word,
             "why": said(move, terms.get(move.word, move.word))} for move in moves]
