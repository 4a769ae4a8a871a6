"""Writes notknown/LANG.txt, the most common forms of the language (`known_words`' candidates)
that are no word a reader knows: `python -m bookgen.core.notknown` (needs wordfreq, and Debian's
`hunspell` with the dictionaries `bookgen/puzzles/fillin/names.py` names; a few seconds). A build
never runs this: the lists are kept in the repository, each headed by the digests of the
dictionaries it was made from, and `known_words(language)` (a scramble's and a cryptogram's)
leaves their forms out.

A form is left out where the language's hunspell dictionary takes it in no case (a misspelling:
THIER, BECUASE, NCIHT, CUIDAD; another language's word: EAST in Spanish, SOON in Italian), in
capitals only (an abbreviation: LSAT), or capitalised only and less common than `NAME_RANK` (a
name: LEIF, KWON); a name as common as AMERICAN or AFRICAN is a word a reader knows. Each form is
asked as wordfreq spells it (ABANDONNÉE, not the grid's ABANDONNEE), by `names.not_words`, the
test the fill-in's list passes.

Measured on each language's 1,500 most common words of 3 to 8 letters (bench/scramble.py's
rivals): the words an easy scramble refused for a second reading fell from 178 to 119 (en), 173
to 126 (de), 242 to 174 (fr), 263 to 214 (es), 295 to 239 (it), 190 to 131 (nl). Those left are
real words: FROM and FORM, THERE and THREE, EINER and EIERN, PERO and PEOR.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bookgen.atomic import write_files
from bookgen.core.letters import LANGUAGES, grid_form

FOLDER = Path(__file__).parent / "notknown"
NAME_RANK = 10_000
"""A form hunspell takes only capitalised (a name) is left out when rarer than this."""


def candidates(language: str) -> list[tuple[str, str]]:
    """`known_words`' common forms, each with its most common spelling in wordfreq."""
    from wordfreq import iter_wordlist

    from bookgen.core.dictionary import WORDLIST, common_words
    from bookgen.core.known_words import KNOWN

    forms = set(common_words(language, KNOWN))
    spelled: dict[str, str] = {}
    for word in iter_wordlist(language, WORDLIST):
        form = grid_form(word, language) if word.isalpha() else ""
        if form in forms and form not in spelled:
            spelled[form] = word
            if len(spelled) == len(forms):
                break
    return [(word, form) for form, word in spelled.items()]


def left_out(language: str) -> dict[str, str]:
    """The forms to leave out, each with why (`names.not_words`: unknown, capitals, name), but
    none of bookgen's own lists of words (the themes', the fill-in's), which a person chose as
    words a reader knows: hunspell's de_DE lacks KIWI and MANGO, and the fruit theme lost them."""
    from bookgen.core.dictionary import ranks
    from bookgen.puzzles.fillin.names import not_words
    from bookgen.puzzles.fillin.parameters import own_words
    from bookgen.puzzles.wordsearch.parameters import ALL_THEMES, theme_words

    rank = ranks(language)
    chosen = set(own_words(language)).union(*(theme_words(language, theme) for theme in ALL_THEMES))
    return {form: why for form, why in not_words(language, candidates(language)).items()
            if (why != "name" or rank[form] > NAME_RANK) and form not in chosen}


REASONS = {"unknown": "taken in no case (a misspelling, another language's word)",
           "capitals": "taken in capitals only (an abbreviation)",
           "name": f"taken capitalised only, and rarer than the {NAME_RANK:,}th form (a name)"}
"""Why a form is left out (`names.not_words`), as the list's comment over its forms says it."""


def header(language: str) -> str:
    """The first line of notknown/LANG.txt: what made it, from which dictionaries' bytes."""
    from bookgen.puzzles.fillin.names import dictionaries_read

    return (f"# The {language} forms the known words leave out (no word a reader knows), under why: "
            f"made by bookgen/core/notknown.py from {dictionaries_read(language)}.\n")


def main() -> None:
    for language in LANGUAGES:
        forms = left_out(language)
        lines = "".join(f"# {REASONS[why]}\n" + "".join(f"{form}\n" for form in sorted(forms)
                                                       if forms[form] == why) for why in REASONS)
        write_files([(FOLDER / f"{language}.txt", (header(language) + lines).encode("utf-8"))])
        print(language, len(forms), "left out", file=sys.stderr)


if __name__ == "__main__":
    main()
