"""The words of a text as a cryptogram reads them, and the words each can be.

A word is a run of the language's letters; an apostrophe between two letters joins two runs that
each must be a word, or a piece the language elides or contracts (English DON'T is DON and T,
French L'AMOUR is L and AMOUR): `CLITICS`. The words a run may be are the known words
(`bookgen.core.known_words`) of its length and letter pattern (BOOK: 0 1 1 2), indexed once per
language and process.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from bookgen.core.dictionary import common_words
from bookgen.core.known_words import KNOWN, ONE_LETTER, known_words
from bookgen.core.letters import alphabet

APOSTROPHES = "'\u2019"
CLITICS: dict[str, frozenset[str]] = {
    "en": frozenset({"S", "T", "D", "M", "LL", "RE", "VE"}),
    "de": frozenset({"S"}),
    "fr": frozenset({"L", "D", "J", "N", "S", "C", "M", "T", "QU", "JUSQU", "LORSQU", "PUISQU",
                     "QUOIQU", "PRESQU", "QUELQU", "AUJOURD", "HUI"}),
    "es": frozenset(),
    "it": frozenset({"L", "D", "C", "S", "M", "T", "V", "N", "UN", "ALL", "DALL", "DELL", "NELL",
                     "SULL", "COLL", "QUELL", "BELL", "SANT", "PO", "MO", "NESSUN", "QUEST", "TUTT",
                     "GL"}),
    "nl": frozenset({"S", "T", "N", "K"}),
}
"""The pieces an apostrophe joins to a word in each language that are no words alone (English
'S, N'T and 'LL; French L', QU' and JUSQU'; Italian DELL' and PO'; Dutch 'S and ZO'N), in grid form."""

Pattern = tuple[int, ...]


def pattern(word: str) -> Pattern:
    """Each letter's place among the word's different letters: BOOK is (0, 1, 1, 2)."""
    seen: dict[str, int] = {}
    return tuple(seen.setdefault(letter, len(seen)) for letter in word)


@dataclass(frozen=True)
class Run:
    """A word of the text: where it starts and ends, and whether an apostrophe joins it to a
    neighbour (then it may be one of the language's `CLITICS`)."""

    start: int
    end: int
    joined: bool


def runs(text: str, language: str) -> list[Run]:
    """The words of `text` (runs of the language's letters), in order."""
    letters = alphabet(language)
    found, start = [], None
    for index, char in enumerate(text + " "):
        if char in letters:
            start = index if start is None else start
            continue
        if start is not None:
            before = start >= 2 and text[start - 1] in APOSTROPHES and text[start - 2] in letters
            after = index + 1 < len(text) and char in APOSTROPHES and text[index + 1] in letters
            found.append(Run(start, index, before or after))
            start = None
    return found


@cache
def commonness(language: str) -> Mapping[str, int]:
    """Each word's place among the language's most common (0 the most common): the one-letter
    words and the clitics 0, a word beyond the `KNOWN` (a blocked word) `KNOWN`."""
    ranked = {word: index for index, word in enumerate(common_words(language, KNOWN))}
    ranked.update(dict.fromkeys(ONE_LETTER[language] | CLITICS[language], 0))
    return ranked


def rank(word: str, language: str) -> int:
    return commonness(language).get(word, KNOWN)


@cache
def _index(language: str, joined: bool) -> Mapping[tuple[int, Pattern], tuple[str, ...]]:
    """The known words (and, `joined`, the clitics) by length and pattern, the most common first;
    the joined index is the other with the clitics put in (not the words indexed twice)."""
    def ordered(words: Iterable[str]) -> list[str]:
        return sorted(words, key=lambda w: (rank(w, language), w))

    if joined:
        index = dict(_index(language, False))
        extra: dict[tuple[int, Pattern], set[str]] = defaultdict(set)
        for clitic in CLITICS[language]:
            extra[len(clitic), pattern(clitic)].add(clitic)
        for key, clitics in extra.items():
            index[key] = tuple(ordered(clitics.union(index.get(key, ()))))
        return index
    grouped: dict[tuple[int, Pattern], list[str]] = defaultdict(list)
    for word in ordered(known_words(language)):
        grouped[len(word), pattern(word)].append(word)
    return {key: tuple(found) for key, found in grouped.items()}


def readings(word: str, joined: bool, language: str) -> tuple[str, ...]:
    """The known words (and, for a joined word, the clitics) with `word`'s length and pattern,
    the most common first."""
    return _index(language, joined).get((len(word), pattern(word)), ())


def is_reading(word: str, joined: bool, language: str) -> bool:
    """Whether `word` is a word the solver counts (or, joined, a clitic)."""
    return word in known_words(language) or (joined and word in CLITICS[language])
