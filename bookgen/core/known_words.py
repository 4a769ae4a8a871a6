"""The words a reader knows: what a word puzzle proves its answer unique against.

`bookgen.core.dictionary` holds every form wordfreq saw, abbreviations (HCG, CDP), names (Debra,
Kobe) and misspellings among them. A second reading made of those misleads no reader, and
counting it would leave almost no answer unique: BREAD would also be DEBRA, and three cipher
letters any three letters at all. A scramble or a cryptogram is proven against these words:

- the `KNOWN` most common forms that hold a vowel (a form without one is an abbreviation),
  but those the language's hunspell dictionary does not take as words (`notknown/LANG.txt`,
  made by `bookgen.core.notknown`: misspellings, abbreviations, rare names): THEIR was refused
  as a scramble's word for THIER, NICHT for NCIHT, KNOW for KWON, and a cryptogram's second
  reading made of such a form misleads no reader either;
- nor the names of places and people a person found among the common words, which hunspell also
  takes in small letters (`propernames/LANG.txt`, reviewed by hand from the candidates
  `bookgen.core.propernames` prints: POTOSI, FULDA, TOSCANA, GOUDA): no scramble's answer is one;
- of them, words of two letters only from the `SHORT[2]` most common and words of three only from
  the `SHORT[3]` most common: short runs of letters are abbreviations and names far more often
  than words, and every short word a reader knows is a common one;
- the language's one-letter words (`ONE_LETTER`: English A and I), which the dictionary leaves out;
- the blocked words: a reading made of one would be a word too (one no page may print).

Reading them costs what `common_words` costs for the first `KNOWN` forms, a third or less of a
whole dictionary (bench/scramble.py prints both).

Rejected: the whole dictionary (every form). Measured on eighteen English proverbs enciphered
without given letters, every second reading but two was made of forms like FG, HCG, UCLA and
ISLA; with these words the second readings are words (FORDS for WORDS, PILES for MILES), the
ones a person could fall for, which the given letters then rule out.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from bookgen.core.dictionary import blocked_words, common_words
from bookgen.core.letters import grid_form

KNOWN = 50_000
SHORT = {2: 2_000, 3: 10_000}
VOWELS = frozenset("AEIOUYÄÖÜ")

ONE_LETTER: dict[str, frozenset[str]] = {
    "en": frozenset("AIO"), "de": frozenset(), "fr": frozenset("AY"), "es": frozenset("AEOUY"),
    "it": frozenset("AEIO"), "nl": frozenset("U"),
}
"""The words of one letter each language writes (à, y; y, o, e, u; è, e, i, o; u), in grid form."""


@cache
def known_words(language: str) -> frozenset[str]:
    """The words a reader of `language` knows, in grid form (see the module's docstring)."""
    kept = {word for index, word in enumerate(common_words(language, KNOWN))
            if VOWELS.intersection(word) and index < SHORT.get(len(word), KNOWN)}
    return frozenset((kept - not_known(language) - proper_names(language)) | set(blocked_words(language))
                     | ONE_LETTER[language])


@cache
def not_known(language: str) -> frozenset[str]:
    """The common forms no reader knows as words (`notknown/LANG.txt`), in grid form."""
    text = resources.files("bookgen.core").joinpath(f"notknown/{language}.txt").read_text("utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


@cache
def proper_names(language: str) -> frozenset[str]:
    """The names of places, people, brands and organisations reviewed out of the common words
    (`propernames/LANG.txt`, as wordfreq spells them), in grid form."""
    text = resources.files("bookgen.core").joinpath(f"propernames/{language}.txt").read_text("utf-8")
    return frozenset(grid_form(line, language) for line in text.splitlines()
                     if line and not line.startswith("#"))
