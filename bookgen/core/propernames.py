"""Prints the candidates for propernames/LANG.txt, the reviewed list of names of places, people,
brands and organisations that the common words leave out: `python -m bookgen.core.propernames
[LANG ...]` (needs wordfreq, and Debian's `hunspell` dictionaries that
`bookgen/puzzles/fillin/names.py` names; a few seconds). It writes nothing: a person reads the
candidates and writes the names among them into the list by hand. A build never runs this;
`known_words(language)` (a scramble's and a cryptogram's) and the fill-in's list
(`fillin/wordlist.py`) leave the listed words out.

Why by hand: names.py and notknown.py leave out what hunspell takes capitalised only, but Debian's
dictionaries take many names in small letters too (es_ES `potosí/S`, `rusia/S`; it_IT `paolo/O`;
de_DE `fulda/Sozm`), so POTOSI, RUSIA, PAOLO, FULDA, TOSCANA and GOUDA were a classroom book's
answers. No signal found separates those from words: a capitalised entry, a capitalised entry in
another language, or being as common in other languages each also catch AGUA, NOCHE, CORAZÓN,
MUTTER or IRÁN (Spanish for "they will go").

The candidates are the words any default pool can give (the fill-in's whole list,
fillin/words/LANG.txt: the fill-in's own 2,500 and every level of the scramble's common words
come from it) that some dictionary of the six holds as a capitalised entry (de_DE: one of its
names of persons, or one flagged as a place or mass noun: Fulda/Sm), each printed with the
dictionaries that do ("es:Potosí+low": es_ES has Potosí, and a word in small letters of the same
letters). A word already listed is marked `*`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bookgen.core.letters import LANGUAGES, grid_form

FOLDER = Path(__file__).parent / "propernames"


def _capitalised(dictionary: str, language: str) -> tuple[dict[str, str], set[str]]:
    """`dictionary`'s capitalised entries (in `language`'s grid form: the entry) and its entries
    in small letters (grid forms). de_DE's are only its names of persons and its entries flagged
    like places (names.py), since German capitalises every noun."""
    from bookgen.puzzles.fillin.names import COMPOUND_FLAGS, HUNSPELL, UNINFLECTED

    capitalised: dict[str, str] = {}
    small: set[str] = set()
    for line in (HUNSPELL / f"{dictionary}.dic").read_text("utf-8", errors="replace").splitlines()[1:]:
        stem, _, rest = line.strip().partition("/")
        flags = set(rest.split()[0]) if rest.split() else set()
        if not stem.isalpha():
            continue
        if not stem[:1].isupper():
            small.add(grid_form(stem, language))
        elif not stem[1:2].isupper() and (dictionary != "de_DE" or not COMPOUND_FLAGS & flags
                                          or flags <= UNINFLECTED):
            capitalised.setdefault(grid_form(stem, language), stem)
    return capitalised, small


def candidates(language: str) -> list[tuple[str, str, list[str]]]:
    """The fill-in list's words (wordfreq's spelling, grid form) some dictionary holds
    capitalised, most common first, each with those dictionaries' entries."""
    from bookgen.puzzles.fillin.names import DICTIONARIES
    from bookgen.puzzles.fillin.wordlist import left_out, own_words

    words = own_words(language, left_out(language))[0]
    words += [(word, grid_form(word, language)) for word in listed(language)]
    seen: dict[str, list[str]] = {}
    for other, dictionary in DICTIONARIES.items():
        capitalised, small = _capitalised(dictionary, language)
        for _, form in words:
            if form in capitalised:
                seen.setdefault(form, []).append(f"{other}:{capitalised[form]}" + "+low" * (form in small))
    return [(word, form, seen[form]) for word, form in words if form in seen]


def listed(language: str) -> list[str]:
    """propernames/LANG.txt's words, as wordfreq spells them."""
    text = (FOLDER / f"{language}.txt").read_text("utf-8")
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def main(argv: list[str]) -> None:
    from bookgen.core.known_words import proper_names

    for language in argv or LANGUAGES:
        found = candidates(language)
        names = proper_names(language)
        listed_found = names & {form for _, form, _ in found}
        print(f"{language}: {len(found)} candidates, {len(listed_found)} listed (*)")
        for word, form, entries in found:
            print(f"{'*' if form in names else ' '} {word} {' '.join(entries)}")
    print("Review each: a name of a place, person, brand or organisation goes into propernames/LANG.txt;"
          " a word that is also a name (ESSEN, TURKEY, IRÁN) stays.", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
