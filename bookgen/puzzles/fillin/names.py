"""Writes notwords/LANG.txt, the fill-in candidates that are no ordinary word of the language (names
of people and places, abbreviations, forms no dictionary knows), which wordlist.py leaves out:
`python -m bookgen.puzzles.fillin.names` (needs wordfreq, and Debian's `hunspell` with
hunspell-en-us hunspell-de-de hunspell-fr hunspell-es hunspell-it hunspell-nl; a few seconds).
A build never runs this: the lists are kept in the repository, each headed by the digests of
the dictionary it was made from.

wordfreq lower-cases every form, so it cannot tell JOHANN from a word; the language's hunspell
dictionary can (Debian's, kept up by each language's spelling project):

- en, fr, es, it, nl: a candidate is left out where the dictionary does not take it written in
  small letters: a name is listed capitalised only (Paris), an abbreviation in capitals only
  (NASA), and a form it does not know at all is a name, a misspelling or slang (GOIN);
- de, where every noun is capitalised: left out where the dictionary takes it in no case at all
  (GLADBACH, SEEHOFER) or in capitals only (SPD), or where it is a name: de_DE (igerman98)
  gives a capitalised entry that a compound may end with ("Haus", "Berlin-") the flag `m`, or
  `i`/`j` where it may begin one, and its names of persons (Johann/TS, Schmidt/S) neither; a
  form that is such an entry or its genitive (JOHANNS), and no word in small letters, is a name.
  Places carry `m` as common nouns do; one whose only other flag is the genitive's (Leipzig/Sm,
  as Frieden/Sm) and that en_US takes capitalised only (Leipzig; not frieden, unknown there) is
  a name too. Places whose English name differs (München, Köln) or that English also takes in
  small letters (Berlin, a carriage) pass here; bookgen/core/propernames/ (reviewed by hand)
  takes them out.
  Rejected: wngerman's list of forms, which carries no such mark (Johann and Haus alike), and a
  list of first names, which misses surnames (SCHOLZ) and abbreviations.

A candidate is also left out ("form") where it is an inflected form, not the headword a puzzle
book lists (German GROSSEM, WICHTIGE, KRIEGT, GOTTES; English YEARS, STARTED; French SONT): the
dictionary's stems (`hunspell -s`) of the candidate do not hold the candidate itself but hold
another word, and the candidate does not end as a derived headword does (REGIERUNG, which
de_DE stems to regieren; `DERIVED`) unless it is that other stem plus an ending (`INFLECTION`:
MÖGLICHEN and RÖMISCHEN end as -chen does). de_DE needs three more rules: a stem from an entry
that is only a compound's part is none (`NEEDAFFIX`: frauen/hke gave FRAUEN, MENSCHEN, KINDER a
stem of their own); a plural that umlauts its singular is an entry of its own
(`_umlaut_plurals`: ABSTÄNDE, BÜCHER); and so is a strong verb's form (`VERB_FORM`: TRAF, LIEST,
ERGIBT). Italian's it_IT stems nouns to verbs and masculines (lavoro: lavorare, casa: caso), so
there only a plural whose singular is in the list is dropped (PERSONE: persona, LIBRI: libro).
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from itertools import product
from pathlib import Path

from bookgen.atomic import write_files
from bookgen.core.letters import LANGUAGES, grid_form

DICTIONARIES = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "nl": "nl_NL"}
"""The hunspell dictionary (in /usr/share/hunspell) each language is checked against."""
HUNSPELL = Path("/usr/share/hunspell")
COMPOUND_FLAGS = frozenset("mij")
"""de_DE's flags of an entry a compound may begin or end with: a common noun, a place, not a person."""
NEEDAFFIX = "h"
"""de_DE's flag of an entry that is only a compound's part (frauen/hke, Kinder/hij: Frauenarzt,
Kindergarten), no word standing alone. A stem from such an entry is no stem: FRAUEN is frau's
form. de_DE lists some nouns in -e that way only (Speise/hij, Reise), which hunspell then stems
to the verb alone (speisen): a noun in -e whose only other stem is itself plus -n stays."""
UNINFLECTED = frozenset("Sm")
"""de_DE's flags of an entry with a genitive and no plural that may end a compound: a place or a mass noun."""
VERB_FORM = frozenset("VWXZ")
"""de_DE's flags of the endings a strong verb's form takes (traf/Z: trafst, trafen). An entry in
small letters with these flags only is such a form listed as an entry of its own (traf, liest,
ergibt), which hunspell stems to itself: a form, not a headword ("(verb)" in notwords/)."""
INFLECTION = {"de": ("e", "em", "en", "er", "es", "n", "s")}
"""Endings of an inflected form: a candidate that is another stem plus one of these is a form
even where it ends as a derived headword does (MÖGLICHEN, RÖMISCHEN: möglich, römisch; not -chen)."""
UMLAUT = {"Ä": "A", "Ö": "O", "Ü": "U"}
PLURALS = frozenset("NPR")
"""de_DE's flags of a noun's plural made by an ending (-n, -en, -er). A noun with none of them
whose last vowel umlauted and -e or -er added is another listed entry has that for its plural
(Abstand/STmij: Abstände/Nm, a form of its own the stems do not tell): the entry takes the
dative's -n (`N`) as plurals do, and neither the genitive's -s nor -in (`S`, `F`) as a singular
such as Schütze (Schutz) or Käufer (Kauf) does."""
FOLDER = Path(__file__).parent / "notwords"
DERIVED = {
    "de": ("ung", "heit", "keit", "schaft", "nis", "tum", "chen", "lein", "bar", "sam", "haft", "lich",
           "ig", "isch", "ion", "in", "ei", "ling"),
    "en": ("ness", "ment", "tion", "sion", "ity", "ful", "less", "able", "ible", "ship", "hood", "or",
           "ist", "ism", "ance", "ence", "age", "ery", "y"),
    "fr": ("tion", "sion", "ment", "age", "eur", "ier", "ure", "ance", "ence", "ité", "isme", "iste", "oir",
           "ette", "erie", "able", "ible"),
    "es": ("ción", "sión", "dad", "miento", "anza", "encia", "ancia", "ista", "ismo", "ible", "able", "dor",
           "dora", "ero", "era", "ería", "ura", "aje", "ía"),
    "nl": ("ing", "heid", "schap", "nis", "te", "ster", "ij", "tje", "je", "baar", "lijk", "ig", "isch"),
}
"""Endings of a derived headword (a noun or adjective made from a verb or another word), which
hunspell may stem to the word it was made from: de_DE's Regierung to regieren."""
ITALIAN_PLURALS = (("i", "o"), ("e", "a"), ("i", "e"), ("i", "a"))
"""Italian plural endings and the singular's (LIBRI libro, PERSONE persona, MADRI madre)."""


def _unknown(words: list[str], dictionary: str) -> set[str]:
    """The words of `words` that hunspell's `dictionary` does not take."""
    run = subprocess.run(["hunspell", "-d", str(HUNSPELL / dictionary), "-i", "utf-8", "-l"],
                         input="\n".join(words) + "\n", capture_output=True, text=True, check=True)
    return set(run.stdout.split())


def _german_names() -> tuple[set[str], dict[str, str]]:
    """de_DE's capitalised entries with no compound flag (persons), and their genitives, in grid
    form; and those whose only flags are the genitive's and a compound's end (places, and mass
    nouns: Berlin/Sm, Frieden/Sm), each form with its entry."""
    persons: set[str] = set()
    uninflected: dict[str, str] = {}
    for line in (HUNSPELL / "de_DE.dic").read_text("utf-8").splitlines()[1:]:
        stem, _, flags = line.strip().partition("/")
        if stem[:1].isupper() and stem.isalpha():
            forms = (grid_form(stem, "de"), grid_form(stem + "s", "de"))
            if not COMPOUND_FLAGS & set(flags):
                persons.update(forms)
            elif set(flags) <= UNINFLECTED:
                uninflected.update(dict.fromkeys(forms, stem))
    return persons, uninflected


def _places(entries: dict[str, str]) -> set[str]:
    """Of German entries (grid form: entry), those en_US takes capitalised only, as it takes a
    place (LEIPZIG, BONN, RUHR), not a German mass noun (FRIEDEN)."""
    unknown = _unknown([*entries.values(), *(entry.lower() for entry in entries.values())], "en_US")
    return {form for form, entry in entries.items() if entry not in unknown and entry.lower() in unknown}


def _compound_parts() -> tuple[set[str], set[str]]:
    """de_DE's entries (in small letters) that are only ever a compound's part (`NEEDAFFIX`): the
    stem hunspell gives FRAUEN, MENSCHEN, KINDER besides frau, mensch, kind; and its capitalised
    entries (nouns, as written)."""
    parts: set[str] = set()
    words: set[str] = set()
    nouns: set[str] = set()
    for line in (HUNSPELL / "de_DE.dic").read_text("utf-8").splitlines()[1:]:
        stem, _, flags = line.strip().partition("/")
        (parts if NEEDAFFIX in flags else words).add(stem.lower())
        if stem[:1].isupper():
            nouns.add(stem)
    return parts - words, nouns


def _verb_forms() -> set[str]:
    """de_DE's spellings (in small letters) whose every entry is a strong verb's form (`VERB_FORM`)."""
    flags: dict[str, list[str]] = {}
    for line in (HUNSPELL / "de_DE.dic").read_text("utf-8").splitlines()[1:]:
        stem, _, flag = line.strip().partition("/")
        flags.setdefault(stem.lower(), []).append(flag if stem[:1].islower() else "")
    return {word for word, listed in flags.items() if all(flag and set(flag) <= VERB_FORM for flag in listed)}


def _umlaut_plurals(forms: set[str]) -> dict[str, str]:
    """Of German grid forms, the plurals that umlaut their singular (ABSTÄNDE, BÜCHER, WÜNSCHE),
    each with it (see `UMLAUT`)."""
    flags: dict[str, set[str]] = {}
    for line in (HUNSPELL / "de_DE.dic").read_text("utf-8").splitlines()[1:]:
        stem, _, flag = line.strip().partition("/")
        if stem[:1].isupper() and stem.isalpha() and NEEDAFFIX not in flag:
            flags.setdefault(grid_form(stem, "de"), set()).update(flag)
    found: dict[str, str] = {}
    for form in forms:
        ending = next((ending for ending in ("ER", "E") if form.endswith(ending)), None)
        umlauts = [place for place, letter in enumerate(form) if letter in UMLAUT]
        if ending is None or not umlauts or not (own := flags.get(form, {"N"})) >= {"N"} or own & {"S", "F"}:
            continue
        place = umlauts[-1]
        singular = form[:place] + UMLAUT[form[place]] + form[place + 1:-len(ending)]
        if singular in forms and singular in flags and not flags[singular] & PLURALS:
            found[form] = singular.lower()
    return found


def _noun_of_verb(word: str, others: list[str], nouns: set[str]) -> bool:
    """Whether `word` is a noun in -e that de_DE lists only as a compound's part (Speise/hij), whose
    only other stem is the verb it looks like a form of (speisen): a headword all the same."""
    return _titled(word) in nouns and word.endswith("e") and all(stem == word + "n" for stem in others)


def _spellings(word: str, language: str) -> list[str]:
    """`word` as the dictionary may spell it: wordfreq writes German ß as ss (WEISS, STRASSE)."""
    if language != "de":
        return [word]
    first, *parts = word.split("ss")
    return [first + "".join(joint + part for joint, part in zip(joints, parts))
            for joints in product(("ss", "ß"), repeat=len(parts))]


def _titled(word: str) -> str:
    """`word` capitalised as a name is (Dutch IJ as one letter: IJSLAND)."""
    return word[:2].upper() + word[2:] if word.startswith("ij") else word[:1].upper() + word[1:]


def not_words(language: str, candidates: list[tuple[str, str]]) -> dict[str, str]:
    """Of the candidates (wordfreq's word, its grid form), the grid forms to leave out, each with
    why: "name" (capitalised only), "capitals" (in capitals only: an abbreviation) or "unknown"."""
    spelled = {word: _spellings(word, language) for word, _ in candidates}
    asked = [case(spelling) for spellings in spelled.values() for spelling in spellings
             for case in (str, _titled, str.upper)]
    unknown = _unknown(asked, DICTIONARIES[language])
    persons, uninflected = _german_names() if language == "de" else (set(), {})

    def known(words: list[str]) -> bool:
        return any(word not in unknown for word in words)

    left_out: dict[str, str] = {}
    places: dict[str, str] = {}
    for word, form in candidates:
        if known(spelled[word]):
            continue
        if known([_titled(spelling) for spelling in spelled[word]]):
            if language != "de" or form in persons:
                left_out[form] = "name"
            elif form in uninflected:
                places[form] = uninflected[form]
        elif known([spelling.upper() for spelling in spelled[word]]):
            left_out[form] = "capitals"
        else:
            left_out[form] = "unknown"
    left_out.update(dict.fromkeys(_places(places) if places else (), "name"))
    return dict(sorted(left_out.items()))


def _stems(words: list[str], dictionary: str) -> dict[str, set[str]]:
    """Each word of `words` with the stems (in small letters) hunspell's `dictionary` gives it."""
    run = subprocess.run(["hunspell", "-d", str(HUNSPELL / dictionary), "-i", "utf-8", "-s"],
                         input="\n".join(words) + "\n", capture_output=True, text=True, check=True)
    stems: dict[str, set[str]] = {}
    for line in run.stdout.splitlines():
        if len(parts := line.split()) == 2:
            stems.setdefault(parts[0], set()).add(parts[1].lower())
    return stems


def inflected(language: str, candidates: list[tuple[str, str]]) -> dict[str, str]:
    """Of the candidates (wordfreq's word, its grid form), the grid forms that are an inflected
    form of another word, each with that word's stem (see the module's docstring)."""
    spelled = {word: _spellings(word, language) for word, _ in candidates}
    asked = sorted({case(spelling) for spellings in spelled.values() for spelling in spellings
                    for case in (str, _titled)})
    stems = _stems(asked, DICTIONARIES[language])
    parts, nouns = _compound_parts() if language == "de" else (set(), set())
    forms = {form for _, form in candidates}
    plurals = _umlaut_plurals(forms) if language == "de" else {}
    verb_forms = _verb_forms() if language == "de" else set()
    found: dict[str, str] = {}
    for word, form in candidates:
        own = {spelling.lower() for spelling in spelled[word]}
        given = {stem for spelling in spelled[word] for case in (str, _titled)
                 for stem in stems.get(case(spelling), ()) if stem not in parts}
        others = sorted(given - own)
        if language == "it":
            singular = next((stem for stem in others for plural, single in ITALIAN_PLURALS
                             if word.endswith(plural) and stem == word[:-1] + single
                             and grid_form(stem, language) in forms), None)
            if singular:
                found[form] = singular
        elif own and all(spelling in verb_forms for spelling in own):
            found[form] = "(verb)"
        elif others and not own & given and (not word.endswith(DERIVED.get(language, ()))
                                              or any(word == stem + ending for stem in others
                                                     for ending in INFLECTION.get(language, ()))) \
                and not _noun_of_verb(word, others, nouns):
            found[form] = others[0]
        elif form in plurals:
            found[form] = plurals[form]
    return found


def header(language: str) -> str:
    """The first line of notwords/LANG.txt: what made it, from which dictionaries' bytes."""
    return (f"# The {language} fill-in candidates that are no ordinary word or an inflected form, why, "
            f"wordfreq's spelling asked (and a form's stem): made by bookgen/puzzles/fillin/names.py "
            f"from {dictionaries_read(language)}.\n")


def dictionaries_read(language: str) -> str:
    """The hunspell dictionaries `not_words` reads for `language`, with their bytes' digests."""
    dictionaries = (DICTIONARIES[language], "en_US") if language == "de" else (DICTIONARIES[language],)
    digests = ", ".join(f"{name} sha256 {hashlib.sha256((HUNSPELL / name).read_bytes()).hexdigest()}"
                        for dictionary in dictionaries for name in (f"{dictionary}.dic", f"{dictionary}.aff"))
    return f"hunspell's {' and '.join(dictionaries)} ({digests})"


def main() -> None:
    from bookgen.puzzles.fillin.wordlist import own_words

    for language in LANGUAGES:
        candidates = own_words(language, frozenset())[0]
        left_out = not_words(language, candidates)
        forms = {form: stem for form, stem in inflected(language, candidates).items() if form not in left_out}
        spelled = dict((form, word) for word, form in candidates)
        lines = "".join(f"{form} {why} {spelled[form]}\n" for form, why in sorted(left_out.items())) + \
            "".join(f"{form} form {spelled[form]} {stem}\n" for form, stem in sorted(forms.items()))
        write_files([(FOLDER / f"{language}.txt", (header(language) + lines).encode("utf-8"))])
        print(language, len(left_out), "of", len(candidates), "left out,", len(forms), "forms",
              file=sys.stderr)


if __name__ == "__main__":
    main()
