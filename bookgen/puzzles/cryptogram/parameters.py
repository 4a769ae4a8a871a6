"""Cryptogram's parameters: the quotations (the built-in collection in quotes/LANG.txt, or the
user's), how a text is written in the language's letters, the options, the rules and the forms a
puzzle is printed and compared in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from importlib import resources

from bookgen.api import JSON, Printed, Request, form_key
from bookgen.core.letters import LANGUAGES, grid_form
from bookgen.core.options import Option, every_problem, language_name
from bookgen.i18n import N_, _

MAX_TEXT = 240
"""The most letters and signs a quotation may hold: about three lines of a book's page."""
MAX_AUTHOR = 80
"""The most characters of an author's name: one line under the quotation."""
MIN_LETTERS = 12
AUTHOR_MARK = "|"
"""Between a quotation and its author, in a config's list, a file or the collection."""


@dataclass(frozen=True)
class Quotation:
    """A text to encipher, as written (the page's key prints it in the language's capitals), who
    said it ("" for no one named) and, for a built-in one, the levels it makes a puzzle at (as
    `levels.py` found them; None: not yet tried, or the user's)."""

    text: str
    author: str
    levels: frozenset[str] | None = None

    def makes(self, level: str) -> bool:
        return self.levels is None or level in self.levels


def quotation(line: str) -> Quotation:
    """A line "TEXT | AUTHOR" (the author may be left out)."""
    text, _, author = line.partition(AUTHOR_MARK)
    return Quotation(" ".join(text.split()), " ".join(author.split()))


def written(text: str, language: str) -> str:
    """`text` as the puzzle writes it: each letter in the language's capitals (its marks kept or
    dropped, ß as SS: `bookgen.core.letters.grid_form`), every other sign as it is."""
    return "".join(grid_form(char, language) if char.isalpha() else char for char in text)


@cache
def collection(language: str) -> tuple[Quotation, ...]:
    """The built-in quotations of `language` (quotes/LANG.txt beside this module, a line "TEXT |
    AUTHOR | LEVELS", the levels as `levels.py` writes them)."""
    text = resources.files("bookgen.puzzles.cryptogram").joinpath(f"quotes/{language}.txt") \
        .read_text("utf-8")
    quotations = []
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            said, marked, levels = line.rpartition(AUTHOR_MARK)
            if said.count(AUTHOR_MARK):  # TEXT | AUTHOR | LEVELS
                quotations.append(replace(quotation(said), levels=frozenset(levels.split())))
            else:
                quotations.append(quotation(line))
    return tuple(quotations)


def _quote_problem(line: str) -> str | None:
    if line.count(AUTHOR_MARK) > 1:  # the collection's "TEXT | AUTHOR | LEVELS", copied
        return _("{line} holds {mark} {count} times; write one quotation a line, TEXT {bar} "
                 "AUTHOR").format(line=repr(line), mark=repr(AUTHOR_MARK),
                                  count=line.count(AUTHOR_MARK), bar=AUTHOR_MARK)
    text = quotation(line).text
    if len(text) > MAX_TEXT:
        return _("the quotation {quotation}... has {count} characters; a cryptogram takes at most "
                 "{most}").format(quotation=repr(text[:30]), count=len(text), most=MAX_TEXT)
    if sum(char.isalpha() for char in text) < MIN_LETTERS:
        return _("the quotation {quotation} has fewer than {least} letters").format(
            quotation=repr(text), least=MIN_LETTERS)
    author = quotation(line).author
    if len(author) > MAX_AUTHOR:
        return _("the author {author}... has {count} characters; a cryptogram prints at most "
                 "{most} (write TEXT | AUTHOR)").format(author=repr(author[:30]), count=len(author),
                                                        most=MAX_AUTHOR)
    return None


def _quotes_problem(lines: tuple[str, ...]) -> str | None:
    return every_problem(lines, _quote_problem)


OPTIONS = (
    Option("quotes", "words", N_("the quotations to encipher, each \"TEXT | AUTHOR\" (default: the "
           "built-in proverbs and quotations of the language)"), check=_quotes_problem,
           label=N_("Quotations"), lines=True),
    Option("language", "choice", N_("the language of the quotations (default: the section's "
           "language)"), choices=LANGUAGES, default="en", words=language_name, label=N_("Language")),
)

RULES = N_("The text is written in a secret code: each letter stands for another, the same "
           "one everywhere, and no letter stands for itself. Write above each code letter the "
           "letter it stands for; every word then reads as a real word. Letters already found "
           "are written in.")


def rules_text(request: Request | None) -> str:
    """The rules every section prints, in the language spoken."""
    return _(RULES)


def printed(puzzle: JSON) -> Printed:
    """The page prints the code letters (each under a box), the signs between them, the letters
    given in their boxes and the author's line."""
    letters = tuple(char for char in puzzle["text"] if not char.isspace())
    author = (f"\u2014 {puzzle['author']}",) if puzzle["author"] else ()
    return Printed(dict(puzzle), letters + author)


def canonical(puzzle: JSON) -> str:
    """One quotation is one puzzle, whatever its code: the text's letters renamed in the order
    they first appear (and the letters given, renamed alike)."""
    names: dict[str, str] = {}
    for char in puzzle["text"]:
        if char.isalpha() and char not in names:
            names[char] = f"{len(names):02d}"
    shape = [names.get(char, char) for char in puzzle["text"]]
    return form_key({"text": shape, "given": sorted(names[c] + p for c, p in puzzle["given"].items()),
                     "language": puzzle["language"]})


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """The quotation itself: a book never prints one quotation twice."""
    return form_key([puzzle["language"], solution["text"]])
