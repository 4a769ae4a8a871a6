"""The letters each language writes its word puzzles in: one letter a square, capitals, the marks
the language's puzzle books keep (word search, crosswords, fill-ins, cryptograms, scrambles all
write words this way, so a word is the same word in every type of a book).

How each language writes words in a grid, from what its puzzle books do:
- en: A-Z.
- de: A-Z and Ä Ö Ü (German word searches keep the umlauts); ß is written SS, as German capitals
  write it.
- fr: A-Z; accents and the cedilla are dropped (É -> E, Ç -> C) and Œ Æ are written OE AE, as
  French mots mêlés do.
- es: A-Z and Ñ (a letter of its own in Spanish); accents dropped (Á -> A, Ü -> U), as sopas de
  letras do.
- it: A-Z; accents dropped (È -> E), as Italian crucipuzzle do.
- nl: A-Z; IJ is written as two letters I J (woordzoekers put one letter in a square); accents
  dropped (é -> E). Crosswords and fill-ins write IJ as one letter in one square, as Dutch
  kruiswoordpuzzels and invulpuzzels do (`square_form`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from bookgen.i18n import _

LANGUAGES = ("en", "de", "fr", "es", "it", "nl")
"""The languages whose letters are known here (every language bookgen speaks)."""

KEPT_MARKS = {"de": "ÄÖÜ", "es": "Ñ"}
"""The letters with marks a language's grids keep; every other mark is dropped."""
SPELLED = {"ß": "SS", "ẞ": "SS", "Œ": "OE", "Æ": "AE"}
WRITTEN_MARKS = {"en": "", "de": "ÄÖÜ", "fr": "ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ", "es": "ÁÉÍÑÓÚÜ",
                 "it": "ÀÈÉÌÍÎÒÓÙÚ", "nl": "ÁÄÉÈËÍÏÓÖÚÜ"}
"""The capitals with marks each language's own spelling writes (Spanish PINGÜINO, Dutch RUÏNE,
French NOËL), whether its grids keep them or not: a word of the language may hold them, so they
say nothing of the word being another language's."""


IJ = "\u0132"
"""Dutch IJ as one letter (U+0132, Ĳ): how a Dutch crossword or fill-in keeps it in its words and
grids, so that IJSBEER has six letters and takes six squares."""
JOINED = {"nl": {"IJ": IJ}}
"""The letter pairs a language's crosswords and fill-ins write in one square."""


@cache
def alphabet(language: str) -> frozenset[str]:
    """The letters a grid in `language` may hold."""
    return frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ" + KEPT_MARKS.get(language, ""))


SEPARATORS = " -'"
"""What may stand between the letters of a term ("carbon dioxide", "T-shirt", "o'clock"): the
list or the clue prints it, the grid runs the letters together, as word search books and
crosswords do."""
TERM = re.compile(r"[^\s'-]+(?:(?:\s+|-|')[^\s'-]+)*")
"""A term as a config writes it: words kept apart by spaces, one hyphen or one apostrophe."""


def run_together(term: str) -> str:
    """A term's letters as a grid writes them, its words run together (CARBONDIOXIDE)."""
    return "".join(char for char in term.replace("\u2019", "'").strip() if char not in SEPARATORS)


def term_problem(word: str) -> str | None:
    """Why a word from a config is no term a grid writes, or None: letters only, the words of a
    term kept apart by spaces, one hyphen or one apostrophe (ICE CREAM, T-SHIRT, DON'T), as word
    search, crossword and fill-in take them."""
    if not run_together(word).isalpha() or not TERM.fullmatch(word.replace("\u2019", "'").strip()):
        return _("the word {word} holds a character that is not a letter (digits, punctuation); a "
                 "term of several words may keep them apart with a space, a hyphen or an "
                 "apostrophe").format(word=repr(word))
    return None


def grid_form(word: str, language: str) -> str:
    """A word as a grid in `language` writes it: capitals, the marks the language keeps, the
    rest dropped (see the module's docstring). Quick for whole dictionaries: the marked letters
    of Latin-1 and Latin Extended-A go through one translation table."""
    text = word.strip().upper().translate(_folding(language))
    return text if alphabet(language).issuperset(text) else _spelled(text, language)


def square_form(word: str, language: str) -> str:
    """A word as a crossword or fill-in grid in `language` writes it: its `grid_form`, with the
    pairs the language's crosswords write in one square joined (Dutch IJ as Ĳ: VRĲDAG)."""
    return joined(grid_form(word, language), language)


def joined(text: str, language: str) -> str:
    """`text` (capitals) with the pairs `language`'s crosswords and fill-ins write in one square
    joined (Dutch IJ as Ĳ), its other letters as they are (BĲEËN)."""
    for pair, letter in JOINED.get(language, {}).items():
        text = text.replace(pair, letter)
    return text


def typing_rules(language: str) -> dict[str, object]:
    """How the playable page turns a letter typed into a crossword or fill-in square into the
    grid's letters, as `grid_form` does: "spelled", the letters written with two (ß as SS, which
    then takes two squares); "kept", the marked letters the language's grids keep (Spanish Ñ,
    German Ä Ö Ü); every other mark is dropped (Spanish Í as I). A Spanish phone keyboard offers
    JARDÍN; the grid writes JARDIN."""
    return {"kept": KEPT_MARKS.get(language, ""), "spelled": SPELLED}


def square_letters(language: str) -> frozenset[str]:
    """The letters a crossword or fill-in grid in `language` may hold: its `alphabet` and the
    letters of its joined pairs (Dutch Ĳ)."""
    return alphabet(language) | frozenset(JOINED.get(language, {}).values())


def spelled_out(word: str) -> str:
    """A word of a crossword or fill-in with its joined letters written as the pairs they stand
    for (VRĲDAG as VRIJDAG): what a list, a message or a hint prints."""
    return word.replace(IJ, "IJ")


def grid_forms(words: list[str], language: str) -> list[str]:
    """`grid_form` of each word, for a whole dictionary at once: a word of plain ASCII letters
    only needs capitals, the rest go through the translation table (most of the time a
    dictionary takes is in the table, and most of its words are ASCII)."""
    letters, table = alphabet(language), _folding(language)
    forms = []
    for word in words:
        text = word.strip().upper()
        if not text.isascii():
            text = text.translate(table)
        forms.append(text if letters.issuperset(text) else _spelled(text, language))
    return forms


@cache
def _folding(language: str) -> dict[int, str]:
    """What each capital with a mark (U+00C0 to U+024F) becomes in `language`'s grids."""
    return {code: _spelled(chr(code), language) for code in range(0xC0, 0x250)
            if _spelled(chr(code), language) != chr(code)}


def _spelled(text: str, language: str) -> str:
    """`text` (capitals) letter by letter: spelled out (ß as SS), kept (the language's marked
    letters), or stripped of its marks."""
    kept = KEPT_MARKS.get(language, "")
    letters = []
    for char in text:
        char = SPELLED.get(char, char)
        if char in kept:
            letters.append(char)
            continue
        letters.append("".join(c for c in unicodedata.normalize("NFD", char)
                               if not unicodedata.combining(c)))
    return unicodedata.normalize("NFC", "".join(letters))


def marked_form(text: str, language: str) -> str:
    """`text` in capitals with every mark the language writes (PAPÀ, DRIEËN, GARÇON), letter for
    letter with its `grid_form`: where the grid drops a mark, this keeps it; a letter the grid
    spells with two (ß as SS, Œ as OE) is written as the grid writes it, so that a word printed
    this way has a letter for each square or box it fills. Signs other than letters stay as they
    are. What a list or an answer key prints for a reader; the grid keeps `grid_form`."""
    marked = []
    for char in unicodedata.normalize("NFC", text):
        if not char.isalpha():
            marked.append(char)
            continue
        plain = grid_form(char, language)
        marked.append(char.upper() if len(plain) == 1 and len(char.upper()) == 1 else plain)
    return "".join(marked)


def marked_forms(words: list[str] | tuple[str, ...], language: str) -> dict[str, str]:
    """Of `words`, those whose `marked_form` differs from their grid form (a mark the grid drops),
    by their grid form: ``{"PAPA": "PAPÀ"}`` for ``["papà", "mamma"]``."""
    return {grid_form(word, language): marked_form(word.strip(), language) for word in words
            if marked_form(word.strip(), language) != grid_form(word, language)}


def collation_key(word: str, language: str) -> tuple[str, str]:
    """Sorts a word list as the language's dictionaries do: a marked letter with its plain one
    (Ä with A in German), except Spanish Ñ, a letter of its own after N."""
    plain = "".join(c for c in unicodedata.normalize("NFD", word.replace("Ñ", "N\uffff"))
                    if not unicodedata.combining(c))
    return plain, word
