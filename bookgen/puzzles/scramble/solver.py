"""Unscrambling: the words a scramble's letters make, as a reader could find them.

A scramble's answers are the known words (`bookgen.core.known_words`) that use exactly its
letters, other than the scramble itself as printed, begin with its first letter where the page
keeps it first, and hold each letter the page prints in a box (`shown`) in that box. A scramble
whose letters make no such known word (a user's rare word) is looked up in the whole dictionary,
every form counting. A puzzle is unique when each scramble makes exactly one word: the list of
those words is its answer.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from functools import cache

from bookgen.api import JSON, Solved
from bookgen.core.dictionary import ranks
from bookgen.core.known_words import known_words
from bookgen.puzzles.scramble.parameters import EMPTY


def letters_key(word: str) -> str:
    """A word's letters in alphabetical order: every arrangement of them shares it."""
    return "".join(sorted(word))


def _indexed(words: Iterable[str]) -> dict[str, tuple[str, ...]]:
    index: dict[str, list[str]] = defaultdict(list)
    for word in sorted(words):
        index[letters_key(word)].append(word)
    return {key: tuple(found) for key, found in index.items()}


@cache
def known_index(language: str) -> Mapping[str, tuple[str, ...]]:
    """The known words of `language` by their letters (once per process)."""
    return _indexed(known_words(language))


@cache
def dictionary_index(language: str) -> Mapping[str, tuple[str, ...]]:
    """Every form of the dictionary by its letters: read only for a scramble no known word fits."""
    return _indexed(ranks(language))


def agrees(word: str, shown: str) -> bool:
    """Whether `word` holds each letter printed in its boxes there (`shown`: a letter or `EMPTY`
    a box; "": no box holds one)."""
    return all(box in (EMPTY, letter) for box, letter in zip(shown, word))


def answers(scramble: str, first: bool, language: str, shown: str = "") -> list[str]:
    """The words a reader could write for `scramble`, its boxes holding the letters `shown`
    (alphabetical; see the module's docstring)."""
    key = letters_key(scramble)

    def fitting(index: Mapping[str, tuple[str, ...]]) -> list[str]:
        return [word for word in index.get(key, ()) if word != scramble
                and (not first or word[0] == scramble[0]) and agrees(word, shown)]

    return fitting(known_index(language)) or fitting(dictionary_index(language))


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    """How many ways the page can be answered (the words each scramble makes, multiplied, up to
    the cap) and the first of them."""
    count, words = 1, []
    shown = puzzle.get("shown") or [""] * len(puzzle["scrambles"])
    for scramble, letters in zip(puzzle["scrambles"], shown):
        found = answers(scramble, puzzle["first"], puzzle["language"], letters)
        count *= len(found)
        if count == 0:
            return Solved(0, None)
        words.append(found[0])
        if cap is not None:
            count = min(count, cap)
    return Solved(count, {"words": words})
