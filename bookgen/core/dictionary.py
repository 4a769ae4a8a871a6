"""Each language's words, with how common each is, as word puzzles write them.

The words come from wordfreq (its "large" lists for en, de, fr, es, it, nl: every form that
turns up in its corpora, ranked by frequency), pinned to one release in pyproject.toml. A word is
kept in its grid form (`bookgen.core.letters.grid_form`: capitals, the marks the language
keeps), so that the words of a crossword, a fill-in, a cryptogram and a word search are written
alike; forms that only differ in marks a grid drops share one entry, at their best rank.

A book's bytes depend on these words, so each language's list is pinned by its digest
(`DIGESTS`, sha256 of the list as the cache file holds it): a wordfreq whose data differs, or a
change to how grids spell words, is refused with a message naming it, never a silent change to
every word puzzle. Ranks are whole numbers, 1 the most common, so nothing here depends on how a
float prints or rounds.

Reading wordfreq's list and spelling it for a grid takes 0.5-1.5 s of CPU a language (and
importing wordfreq 0.3 s), so the result is kept in the user's cache folder (`cache_folder`),
one file a language, and read from there in 30-80 ms (at load 10). The file is named by nothing
but its language: its first line names the digest it must have, and one that is not whole, or
made for other words, is read as absent and written again. A cache folder that cannot be written
costs only the time. Rejected: shipping the lists in the package (2.4-7.3 MB a language as text,
21 MB for the six, 9.5 MB deflated in a wheel, beside wordfreq's own copy of the same words: the
cryptogram and the scramble need every form, to accept a user's rare word).

wordfreq's lists include names (lower-cased like every other word) and a little of everything a
corpus holds; a type that prints words it picked (a fill-in) takes them from the common end and
filters them through the language's blocklist (`blocked_words`, `blocked_forms`).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from functools import cache
from importlib import metadata, resources
from pathlib import Path

from bookgen.atomic import write_files
from bookgen.core.letters import LANGUAGES, alphabet, grid_form, grid_forms
from bookgen.errors import BookgenError

WORDLIST = "large"
"""wordfreq's list: "large" holds every form a corpus showed at least about once in 100 million words."""
SHORTEST = 2
"""Words shorter than this are not words of a puzzle (single letters, wordfreq's clitics)."""
WORDFREQ = "3.1.1"
"""The release pyproject.toml pins, whose lists `DIGESTS` are the digests of."""
DIGESTS = {
    "en": "aa7a5a12e7ebe4fd9b1ec3e82b9d7de214e3e77d238e72901c5dd05048570a88",
    "de": "dff66355ac01881a9f43eee7284c9139624e5ed68780490b6ec461685c680bb6",
    "fr": "eeb428916a7dccfb0996238fad7b194bfceb44a22d20ab8e054a410b6e337d91",
    "es": "b39931ddd4d44b8c27e25c3b4a0cd406f8aa322018e23161b10e0219fa03e9e8",
    "it": "53ca9633a8097171a2915861ca788f933dd97aaefc91b3e3f16f2a1a39731503",
    "nl": "a4761a657186f4520bb8cbebf4ce2e73fef2362a6bfaf5ba00400ef2ecd64b40",
}
"""sha256 of each language's list as the cache holds it (one entry a line, see `_entries`)."""
CACHE_VARIABLE = "BOOKGEN_CACHE"
"""An environment variable naming the folder the cache is kept in, instead of the user's own."""


def _checked(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"no dictionary for language {language!r} (known: {', '.join(LANGUAGES)})")
    return language


def cache_folder() -> Path | None:
    """Where bookgen keeps what it can make again: $BOOKGEN_CACHE, else bookgen/ in the user's
    cache folder ($XDG_CACHE_HOME, else ~/.cache); None where there is no home to find."""
    if os.environ.get(CACHE_VARIABLE):
        return Path(os.environ[CACHE_VARIABLE])
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "bookgen"
    try:
        return Path.home() / ".cache" / "bookgen"
    except RuntimeError:
        return None


def _cache_file(language: str) -> Path | None:
    folder = cache_folder()
    return folder / "dictionary" / f"{language}.txt" if folder is not None else None


def _header(language: str) -> bytes:
    return (f"# bookgen's {language} words: wordfreq {WORDFREQ}'s {WORDLIST} list in grid form, "
            f"line N its N-th most common entry (empty: no word); sha256 {DIGESTS[language]}\n").encode()


@cache
def _entries(language: str) -> tuple[str, ...]:
    """wordfreq's list for `language`, each entry in its grid form ('' for an entry that is no
    word: not letters of the alphabet, too short, or a form an earlier entry has): from the cache,
    else made and cached."""
    path = _cache_file(_checked(language))
    try:
        header, _, body = path.read_bytes().partition(b"\n") if path is not None else (b"", b"", b"")
    except OSError:
        header, body = b"", b""
    if header + b"\n" != _header(language) or hashlib.sha256(body).hexdigest() != DIGESTS[language]:
        body = _from_wordfreq(language)
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                write_files([(path, _header(language) + body)])
            except (OSError, BookgenError):
                pass  # a folder that cannot be written: the next process makes the list again
    return tuple(body.decode("utf-8").split("\n"))


def _from_wordfreq(language: str) -> bytes:
    """The list as `_entries` reads it, from wordfreq, refused where it is not the pinned one."""
    from wordfreq import top_n_list

    letters, seen = alphabet(language), set()
    words = top_n_list(language, 10 ** 7, wordlist=WORDLIST)
    entries = []
    for word, form in zip(words, grid_forms(words, language)):
        keep = word.isalpha() and len(form) >= SHORTEST and letters.issuperset(form) and form not in seen
        if keep:
            seen.add(form)
        entries.append(form if keep else "")
    body = "\n".join(entries).encode("utf-8")
    digest = hashlib.sha256(body).hexdigest()
    if digest != DIGESTS[language]:
        installed = metadata.version("wordfreq")
        if installed != WORDFREQ:
            raise BookgenError(f"wordfreq {installed} has other {language} words than wordfreq {WORDFREQ}, "
                               "which bookgen's word puzzles are made from (every book with a word "
                               f"puzzle would change): install wordfreq=={WORDFREQ}")
        raise BookgenError(f"the {language} words spelled for grids are not those pinned in "
                           f"bookgen/core/dictionary.py (sha256 {digest}, pinned {DIGESTS[language]}): "
                           "a change to how grids spell words changes every word puzzle; if it is "
                           "meant, pin the new digest")
    return body


@cache
def ranks(language: str) -> Mapping[str, int]:
    """Every word of `language`'s dictionary in its grid form, with its rank (1 the most common)."""
    return {form: rank for rank, form in enumerate(_entries(language), 1) if form}


def is_word(word: str, language: str) -> bool:
    """Whether `word` (in any spelling: it is put in its grid form) is a word of the language."""
    return grid_form(word, language) in ranks(language)


def rank(word: str, language: str) -> int | None:
    """How common `word` is in its language (1 the most common), or None for no word of it."""
    return ranks(language).get(grid_form(word, language))


@cache
def common_words(language: str, most: int) -> tuple[str, ...]:
    """The words among the `most` most common entries of `language` (grid forms, most common
    first; fewer than `most` where some entries are no words of letters), leaving out blocked words."""
    blocked = set(blocked_words(language))
    return tuple(form for form in _entries(language)[:most] if form and form not in blocked)


@cache
def blocked_words(language: str) -> tuple[str, ...]:
    """Words no puzzle in `language` may print, not even by accident in a word search's fill
    (slurs, swear words), in grid form: blocked/LANG.txt beside this module, one word a line."""
    text = resources.files("bookgen.core").joinpath(f"blocked/{_checked(language)}.txt").read_text("utf-8")
    return tuple(grid_form(line.strip(), language) for line in text.splitlines()
                 if line.strip() and not line.startswith("#"))


@cache
def unsuitable_words(language: str) -> frozenset[str]:
    """Words no puzzle picks from `language`'s common words, though a page may show them (a
    user's own, a grid's fill): the topics unsuitable/LANG.txt beside this module names. A fill-in
    or a scramble of the common words may be a child's worksheet (MURDER, CORPSE and DRUNK were
    among an easy scramble's words). In grid form, every form a line in the file (no endings are
    added, so WARM stays beside WAR)."""
    text = resources.files("bookgen.core").joinpath(f"unsuitable/{_checked(language)}.txt").read_text("utf-8")
    return frozenset(grid_form(line.strip(), language) for line in text.splitlines()
                     if line.strip() and not line.startswith("#"))


VOWELS = frozenset("AEIOUY")
ENDINGS = {
    "en": ("S", "ES", "D", "ED", "ER", "ERS", "EST", "ING", "INGS", "IN", "Y"),
    "de": ("E", "EN", "ER", "ERN", "ES", "S", "N", "EM", "ST", "T", "TE", "TEN", "EST", "ET", "ERIN",
           "ERINNEN"),
    "fr": ("S", "E", "ES", "X", "ER", "EE", "EES", "ENT", "EZ", "ONS", "AIT", "AIS", "ANT", "EUR", "EURS",
           "EUSE", "EUSES"),
    "es": ("S", "ES", "A", "AS", "ITO", "ITA", "ITOS", "ITAS", "AZO", "AZOS"),
    "it": (),
    "nl": ("S", "EN", "E", "ER", "ERS", "T", "TE", "TEN", "JE", "JES", "TJE", "TJES", "ERIJ"),
}
"""What a blocklist word of four letters or more takes at its end to make its other forms
(plurals, a verb's persons and tenses, feminines, diminutives), in grid form."""
SHORT_ENDINGS = {"en": ("S", "ES"), "de": ("E", "EN", "S"), "fr": ("S",), "es": ("S", "ES"), "it": (),
                 "nl": ("S", "EN")}
"""What a blocklist word of three letters takes: its plurals only (CON's CONS but not CONE)."""
STEMS = {
    "en": (("E", ("ED", "ER", "ERS", "ING", "INGS", "IST", "ISTS")), ("Y", ("IES", "IED", "IER", "IEST"))),
    "de": (("EN", ("E", "ST", "T", "TE", "TEN", "TET", "EST", "ET", "END", "ENDE")), ("N", ("T", "TE", "ST")),
           ("E", ("ST", "T", "TE", "TEN"))),
    "fr": (("ER", ("E", "ES", "ENT", "EZ", "ONS", "AIT", "AIS", "ANT", "EE", "EES", "ERA", "EUR", "EURS",
                   "EUSE")),
           ("E", ("ER", "EE", "EES", "EUR", "EURS", "EUSE", "EUSES"))),
    "es": (("AR", ("O", "AS", "A", "AMOS", "AN", "ADO", "ADA", "ADOS", "ADAS", "ANDO", "E", "EN", "ES")),
           ("ER", ("O", "ES", "E", "EMOS", "EN", "IDO", "IDA", "IDOS", "IDAS", "IENDO", "A", "AN", "AS")),
           ("A", ("AS", "O", "OS", "ITA", "ITAS", "ON", "ONA", "ONAS", "AZO")),
           ("O", ("OS", "A", "AS", "ITO", "ITOS", "ON", "ONES", "AZO", "AZOS"))),
    "it": (("ARE", ("O", "I", "A", "IAMO", "ATE", "ANO", "ATO", "ATA", "ATI", "ANDO", "AVA")),
           ("ERE", ("O", "I", "E", "IAMO", "ETE", "ONO", "UTO", "UTA", "UTI", "UTE", "ENDO", "EVA")),
           ("O", ("A", "E", "I", "ONE", "ONI", "ACCIO", "ACCI")), ("A", ("E", "I", "ONA", "ONE")),
           ("E", ("I",)), ("I", ("O", "A", "E"))),
    "nl": (("EN", ("T", "TE", "TEN", "DE", "DEN", "ER", "ERS")),),
}
"""What a blocklist word of four letters or more drops at its end before another ending: an
infinitive's (ENCULER: ENCULE, ENCULES), a final vowel's (STRONZO: STRONZI), English's silent E
and Y (RAPE: RAPING; ORGY: ORGIES)."""
NOT_FORMS = {
    "en": frozenset({"SPICY", "SPICES", "SPICED", "SPICER", "SPICERS", "SPICING", "COCKY", "COCKED",
                     "COCKER", "COCKERS", "COCKING", "SHAGGY", "BONKERS", "CUMMINGS", "CUMMIN", "BOOBY",
                     "DICKY", "DICKER", "DICKERS", "PRICKED", "PRICKING", "PRICKER", "KNOBBY", "KNOBBED",
                     "JAPES", "BEANERY", "SPUNKY", "DYKER"}),
    "de": frozenset(),
    "fr": frozenset({"BAISER"}),
    "es": frozenset({"POLLO", "POLLOS", "POLLITA", "POLLITAS", "ZORRO", "ZORROS", "ZORRITA", "ZORRITAS",
                     "JOTA", "JOTAS", "CACO", "CACOS", "PUÑETAZO", "TETO", "TETOS"}),
    "it": frozenset({"PORCI", "TETTI", "NEGRONI", "FIGI", "CRUCCI"}),
    "nl": frozenset({"KAKEN", "SLETEN", "KUTTER", "MONGOOLS"}),
}
"""Words the endings make of a blocked word that are other words (SPICY, POLLO, TETTI, SLETEN),
found by reading `blocked_forms` in each language: they stay words a page may print."""
DOUBLING = frozenset({"en", "nl"})
"""Languages that double a final consonant before an ending that begins with a vowel (SHITTY, KUTTEN)."""


@cache
def _blocked_spellings(language: str) -> frozenset[str]:
    """Every form the blocked words of `language` take by the endings above, words or not."""
    forms = set(blocked_words(language))
    for word in blocked_words(language):
        if len(word) < 3:
            continue
        long = len(word) >= 4
        endings = ENDINGS[language] if long else SHORT_ENDINGS[language]
        forms.update(word + ending for ending in endings)
        if language in DOUBLING and word[-1] not in VOWELS:
            forms.update(word + word[-1] + ending for ending in ENDINGS[language] if ending[0] in VOWELS)
        for dropped, following in STEMS[language] if long else ():
            if word.endswith(dropped) and len(word) - len(dropped) >= 3:
                forms.update(word[:-len(dropped)] + ending for ending in following)
    return frozenset(forms - NOT_FORMS[language] | set(blocked_words(language)))


def is_blocked(word: str, language: str) -> bool:
    """Whether `word` (in any spelling) is a blocked word or one of its forms (FUCKING, BITCHES):
    no page may print it as a word."""
    return grid_form(word, language) in _blocked_spellings(_checked(language))


@cache
def blocked_forms(language: str) -> frozenset[str]:
    """The blocklist filtered through the dictionary: the blocked words of `language` and those of
    their forms (`is_blocked`) that are words of its dictionary, in grid form."""
    words = ranks(language)
    return frozenset(form for form in _blocked_spellings(_checked(language)) if form in words)
