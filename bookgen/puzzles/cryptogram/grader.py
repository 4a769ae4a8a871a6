"""Grading a cryptogram by how a person solves one: a word at a time, from what its letter
pattern and the letters already known leave, trying the common words first.

The steps, simplest first (`Deduction`s for `core.grading.simplest_first`); each fills the
letters of one cipher word, the first in the text where the step holds:

- `short` (rank 1): a word of one to three letters whose reading is the most common word that
  fits it (pattern, letters known, no letter for itself, no plain letter twice), and one of
  the language's `SHORT_COMMON` most common (XQB, most likely THE; English A and I);
- `common` (rank 1): a word half known or more that only one of the `COMMON` most common
  words fits (TH_T: THAT);
- `only` (rank 2): a word that only one known word fits, however rare;
- `likely` (rank 3): a word with a letter known whose reading is the most common word that
  fits, and one of the `COMMON` most common: a guess the later words bear out;
- `trial` (rank 4): the word that the fewest known words fit, tried word after word: only its
  reading leads on to a whole reading (the puzzle has one, so every other runs into a
  contradiction); what the pattern solver does.

The level: expert gives two letters at most (the reader starts from the code all but alone);
with more given, easy needs only rank 1, medium rank 2, hard rank 3 or trial. The score is a hundred for
each of those classes, plus up to 60 for the share of the cipher letters to find and 3 for each
step of the hardest rank used (at most 99 within the class).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bookgen.api import JSON
from bookgen.core.grading import Bands, Deduction, simplest_first
from bookgen.puzzles.cryptogram.solver import Board, Readings, board_for, solve
from bookgen.puzzles.cryptogram.words import rank, runs

SHORT_COMMON = 300
COMMON = 3_000
BANDS = Bands.of({"easy": (0, 99), "medium": (100, 199), "hard": (200, 299), "expert": (300, 399)})
TOP_RANK = {"easy": 1, "medium": 2, "hard": 3, "expert": 4}


@dataclass
class Solving:
    """What a person knows while solving: the cipher letters read so far (cipher -> plain)."""

    board: Board
    answer: Mapping[str, str]
    language: str
    known: dict[str, str]
    numbers: Mapping[str, int]  # each cipher word's place among the text's words, from 1
    order: list[int] = field(default_factory=list)  # the board's words, in text order
    filled: list[tuple[str, int, str, int]] = field(default_factory=list)
    """Each step as it happened: its name, the word (board index), its reading, and how many
    words fitted it."""
    common: dict[int, int] = field(default_factory=dict)  # by word: its `COMMON` readings' bits

    def common_readings(self, word: int) -> int:
        if word not in self.common:
            self.common[word] = sum(1 << i for i, reading in enumerate(self.board.readings[word].words)
                                    if rank(reading, self.language) < COMMON)
        return self.common[word]

    def reading(self, word: int) -> str:
        return "".join(self.answer[letter] for letter in self.board.words[word])

    def open(self) -> list[int]:
        return [w for w in self.order if not all(c in self.known for c in self.board.words[w])]

    def fitting(self, word: int) -> int:
        """The words (a bitmask over the word's readings, the most common first) that fit
        `word` with the letters known."""
        readings: Readings = self.board.readings[word]
        place = self.board.place
        used = {place[plain] for plain in self.known.values()}
        mask = (1 << len(readings.words)) - 1
        for position, letter in enumerate(self.board.words[word]):
            having = readings.having[position]
            if letter in self.known:
                mask &= having[place[self.known[letter]]]
            else:
                for taken in used | {place[letter]}:
                    mask &= ~having[taken]
        return mask

    def fill(self, step: str, word: int, fitted: int) -> int:
        new = {c: self.answer[c] for c in self.board.words[word] if c not in self.known}
        self.known.update(new)
        self.filled.append((step, word, self.reading(word), fitted))
        return len(new)

    def truth(self, word: int) -> int:
        """The bit of the word's reading among its readings."""
        return 1 << self.board.readings[word].words.index(self.reading(word))


def _short(state: Solving) -> int:
    for word in state.open():
        fits = state.fitting(word)
        truth = state.truth(word)
        if len(state.board.words[word]) <= 3 and fits & -fits == truth \
                and rank(state.reading(word), state.language) < SHORT_COMMON:
            return state.fill("short", word, fits.bit_count())
    return 0


def _common(state: Solving) -> int:
    for word in state.open():
        letters = state.board.words[word]
        if 2 * sum(c in state.known for c in letters) < len(letters):
            continue
        fits = state.fitting(word) & state.common_readings(word)
        if fits == state.truth(word):
            return state.fill("common", word, 1)
    return 0


def _only(state: Solving) -> int:
    for word in state.open():
        if state.fitting(word) == state.truth(word):
            return state.fill("only", word, 1)
    return 0


def _likely(state: Solving) -> int:
    for word in state.open():
        if not any(c in state.known for c in state.board.words[word]):
            continue
        fits = state.fitting(word)
        if fits & -fits == state.truth(word) and rank(state.reading(word), state.language) < COMMON:
            return state.fill("likely", word, fits.bit_count())
    return 0


def _trial(state: Solving) -> int:
    words = state.open()
    if not words:
        return 0
    word = min(words, key=lambda w: state.fitting(w).bit_count())
    return state.fill("trial", word, state.fitting(word).bit_count())


DEDUCTIONS = (Deduction("short", 1, _short), Deduction("common", 1, _common),
              Deduction("only", 2, _only), Deduction("likely", 3, _likely),
              Deduction("trial", 4, _trial))


def solving(puzzle: JSON, answer: Mapping[str, str]) -> Solving:
    """A person's start on `puzzle`, whose reading is `answer` (cipher -> plain)."""
    text, language = puzzle["text"], puzzle["language"]
    board = board_for(text, puzzle["given"], language)
    numbers: dict[str, int] = {}
    for number, run in enumerate(runs(text, language), 1):
        numbers.setdefault(text[run.start:run.end], number)
    order = sorted(range(len(board.words)), key=lambda w: numbers[board.words[w]])
    return Solving(board, answer, language, dict(puzzle["given"]), numbers, order)


def graded(puzzle: JSON, answer: Mapping[str, str], top: int = 4) -> tuple[Solving, int, bool]:
    """The steps a person takes (none ranked above `top`), the hardest rank used and whether
    they finish."""
    state = solving(puzzle, answer)
    done = simplest_first(DEDUCTIONS, state, lambda s: not s.open(), top)
    return state, done.hardest, done.finished


EXPERT_GIVENS = 2


def level_class(hardest: int, givens: int) -> int:
    """0 easy, 1 medium, 2 hard, 3 expert (see the module's docstring)."""
    if givens <= EXPERT_GIVENS:
        return 3
    return min(2, max(0, hardest - 1))


def rate(puzzle: JSON) -> JSON:
    """The measured figures and the level they fall in."""
    solved = solve(puzzle, 1)
    answer = solved.solution["key"] if solved.solution else {}
    state, hardest, _ = graded(puzzle, answer)
    letters = len(answer)
    givens = len(puzzle["given"])
    steps = {name: sum(1 for step in state.filled if step[0] == name)
             for name in ("short", "common", "only", "likely", "trial")}
    top = [name for name, deduction_rank in zip(steps, (1, 1, 2, 3, 4)) if deduction_rank == hardest]
    within = round(60 * (1 - givens / letters)) if letters else 0
    score = 100 * level_class(hardest, givens) + min(99, within + 3 * sum(steps[n] for n in top))
    return {"level": BANDS.level_of(score), "score": score, "givens": givens, "cells": letters,
            "words": len(runs(puzzle["text"], puzzle["language"])), "hardest": hardest, **steps}
