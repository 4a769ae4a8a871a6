"""Hints: the grader's steps, told one cipher letter at a time ("word 3, XQB, is most likely THE,
the commonest word of that pattern, so X stands for T"); a hint's cell is its cipher letter, and
the page writes its plain letter under every place of it.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.i18n import N_, _, ngettext
from bookgen.puzzles.cryptogram.grader import graded

SHORT = N_("word {number}, {word}, is most likely {reading}, the commonest word of that pattern, "
           "so {cipher} stands for {plain}")
COMMON = N_("word {number}, {word}, can only be {reading} among the common words, so {cipher} "
            "stands for {plain}")
ONLY = N_("no word but {reading} fits word {number}, {word}, so {cipher} stands for {plain}")


def _why(step: str, count: int) -> str:
    """The reason a step gives, its placeholders to fill ({count}: the words that fit)."""
    if step == "likely":
        return ngettext("word {number}, {word}, is most likely {reading} ({count} word fits), so "
                        "{cipher} stands for {plain}",
                        "word {number}, {word}, is most likely {reading} ({count} words fit), so "
                        "{cipher} stands for {plain}", count)
    if step == "trial":
        return ngettext("of the {count} word that fits word {number}, {word}, only {reading} leads "
                        "to a whole reading, so {cipher} stands for {plain}",
                        "of the {count} words that fit word {number}, {word}, only {reading} leads "
                        "to a whole reading, so {cipher} stands for {plain}", count)
    return _(SHORT) if step == "short" else _(COMMON) if step == "common" else _(ONLY)


def given_answer(puzzle: JSON) -> JSON:
    """The key as the page shows it: each cipher letter's given plain letter, None where it is
    to find."""
    letters = sorted({char for char in puzzle["text"] if char.isalpha()})
    return {"key": {letter: puzzle["given"].get(letter) for letter in letters}}


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Each letter the grader's steps find, in the order they find them."""
    state, _hardest, _finished = graded(puzzle, solution["key"])
    known = set(puzzle["given"])
    told: list[JSON] = []
    for step, word, reading, count in state.filled:
        cipher_word = state.board.words[word]
        for cipher in dict.fromkeys(cipher_word):
            if cipher in known:
                continue
            known.add(cipher)
            plain = solution["key"][cipher]
            why = _why(step, count).format(number=state.numbers[cipher_word], word=cipher_word,
                                           reading=reading, count=count, cipher=cipher, plain=plain)
            told.append({"cells": [cipher], "value": plain, "why": why})
    return told
