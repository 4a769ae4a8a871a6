"""Each language's words, with how common each is, as word puzzles write them.

The words come from wordfreq (its "large" lists for en, de, fr, es, it, nl: every form that
turns up in its corpora, ranked by frequency), pinned to one release in pyproject.toml, so a
dictionary is the same on every machine and a book's bytes never change under it. A word is
kept in its grid form (`bookgen.core.letters.grid_form`: capitals, the marks the language
keeps), so that the words of a crossword, a fill-in, a cryptogram and a word search are written
alike; forms that only differ in marks a grid drops share one entry, at their best rank.

Ranks are whole numbers, 1 the most common, so nothing here depends on how a float prints or
rounds. Reading a whole list takes 0.3-0.9 s of CPU (the German one is the longest): it is done
once per process and language, and only by the types that need every form (`rank`, `is_word`);
`common_words` reads only as far down the list as it is asked to.

wordfreq's lists include names (lower-cased like every other word) and a little of everything a
corpus holds; a type that prints words it picked (a fill-in) takes them from the common end and
filters them through the language's blocklist (`blocked_words`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources

from bookgen.core.letters import LANGUAGES, alphabet, grid_form

WORDLIST = "large"
"""wordfreq's list: "large" holds every form a corpus showed at least about once in 100 million words."""
SHORTEST = 2
"""Words shorter than this are not words of a puzzle (single letters, wordfreq's clitics)."""


def _checked(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"no dictionary for language {language!r} (known: {', '.join(LANGUAGES)})")
    return language


def _grid_words(words: list[str], language: str) -> dict[str, int]:
    """Grid form -> rank (1 the most common) of the words in `words` (most common first) that are
    letters only in the language's alphabet, at least `SHORTEST` letters."""
    letters = alphabet(language)
    ranked: dict[str, int] = {}
    for rank, word in enumerate(words, 1):
        if not word.isalpha():
            continue
        form = grid_form(word, language)
        if len(form) >= SHORTEST and letters.issuperset(form) and form not in ranked:
            ranked[form] = rank
    return ranked


@cache
def ranks(language: str) -> Mapping[str, int]:
    """Every word of `language`'s dictionary in its grid form, with its rank (1 the most common)."""
    from wordfreq import top_n_list

    return _grid_words(top_n_list(_checked(language), 10 ** 7, wordlist=WORDLIST), language)


def is_word(word: str, language: str) -> bool:
    """Whether `word` (in any spelling: it is put in its grid form) is a word of the language."""
    return grid_form(word, language) in ranks(language)


def rank(word: str, language: str) -> int | None:
    """How common `word` is in its language (1 the most common), or None for no word of it."""
    return ranks(language).get(grid_form(word, language))


@cache
def common_words(language: str, most: int) -> tuple[str, ...]:
    """The `most` most common words of `language` (grid forms, most common first; fewer when
    some of wordfreq's top entries are not words of letters), leaving out blocked words."""
    from wordfreq import top_n_list

    blocked = set(blocked_words(language))
    ranked = _grid_words(top_n_list(_checked(language), most, wordlist=WORDLIST), language)
    return tuple(word for word in ranked if word not in blocked)


@cache
def blocked_words(language: str) -> tuple[str, ...]:
    """Words no puzzle in `language` may print, not even by accident in a word search's fill
    (slurs, swear words), in grid form: blocked/LANG.txt beside this module, one word a line."""
    text = resources.files("bookgen.core").joinpath(f"blocked/{_checked(language)}.txt").read_text("utf-8")
    return tuple(grid_form(line.strip(), language) for line in text.splitlines()
                 if line.strip() and not line.startswith("#"))
