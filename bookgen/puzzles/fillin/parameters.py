"""The fill-in's parameters: the words it takes from each language (words/LANG.txt, made by
wordlist.py) or from the config, the options, the rules and the forms a puzzle is printed and
compared in.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from bookgen.api import JSON, Printed, Request, form_key
from bookgen.core.letters import (
    JOINED,
    LANGUAGES,
    collation_key,
    joined,
    marked_form,
    run_together,
    spelled_out,
    square_form,
    term_problem,
)
from bookgen.core.options import Option, every_problem, language_name
from bookgen.core.wordgrid import BLOCK, OPEN
from bookgen.i18n import N_, _, ngettext
from bookgen.puzzles.wordsearch.parameters import children_marked, children_words

MIN_WORD, MAX_WORD = 3, 15
MIN_SIDE, MAX_SIDE = 5, 17
MAX_WORDS = 40
WORDS_AT = {"easy": 8, "medium": 12, "hard": 16, "expert": 20}
SIDE_AT = {"easy": 11, "medium": 13, "hard": 13, "expert": 13}
POOL = 2500
"""How far down each language's list (most common first) a fill-in draws its words from."""


@cache
def own_words(language: str) -> tuple[str, ...]:
    """The language's common words a fill-in takes when the config gives none (see wordlist.py)."""
    text = resources.files("bookgen.puzzles.fillin").joinpath(f"words/{language}.txt").read_text("utf-8")
    return tuple(line for line in text.splitlines() if line and not line.startswith("#"))[:POOL]


@cache
def square_words(language: str) -> tuple[str, ...]:
    """`own_words` as the language's fill-ins write them (Dutch IJ in one square: `square_form`;
    words/LANG.txt keeps the grid forms the scramble shares)."""
    return tuple(square_form(word, language) for word in own_words(language))


@cache
def children_square_words(language: str) -> tuple[str, ...]:
    """The words an easy fill-in takes when the config gives none: word search's themes'
    (`children_words`: ZÈBRE, GÂTEAU), as the language's fill-ins write them."""
    return tuple(square_form(word, language) for word in children_words(language))


@cache
def own_written(language: str) -> dict[str, str]:
    """The language's common words written with a mark the grid drops, by their grid form
    (written/LANG.txt beside words/LANG.txt, made by wordlist.py): PERCHE -> PERCHÉ."""
    text = resources.files("bookgen.puzzles.fillin").joinpath(f"written/{language}.txt").read_text("utf-8")
    return dict(line.split() for line in text.splitlines() if line and not line.startswith("#"))


def written_words(given: tuple[str, ...] | None, language: str, level: str) -> dict[str, str]:
    """The words the list prints with marks the grid drops, by their grid form: the config's as
    the teacher wrote them (PAPÀ, GARÇON), else the built-in words' (the themes' at easy, the
    common words' above), both keyed and written with the language's joined letters in one
    square (Dutch Ĳ: `square_form`)."""
    if not given:
        marked = children_marked(language) if level == "easy" else own_written(language)
        return {square_form(word, language): joined(term, language) for word, term in marked.items()
                if term != word}
    listed = {square_form(run_together(word), language):
              joined(marked_form(_spaced(word), language), language) for word in given}
    return {word: term for word, term in listed.items() if term != word}


def _spaced(term: str) -> str:
    """A term as its list prints it: its words kept apart by one space, hyphen or apostrophe."""
    return " ".join(term.replace("\u2019", "'").split())


def listed_terms(puzzle: JSON) -> dict[str, str]:
    """Each word of a puzzle as its list prints it: as the language writes it ("written": PAPÀ,
    a letter a square), else as the grid does."""
    written = puzzle.get("written", {})
    return {word: written.get(word, word) for word in puzzle["words"]}


def word_problem(word: str) -> str | None:
    """Why a word from a config cannot go into a fill-in, or None. A term of several words goes
    into the grid run together, and its list prints it as written (ICE CREAM under 8 letters)."""
    letters = run_together(word)
    if (problem := term_problem(word)) is not None:
        return problem
    if not MIN_WORD <= len(letters) <= MAX_WORD:
        return ngettext("the word {word} has {count} letter; a fill-in's words have {least} to "
                        "{most}: shorten it or leave it out",
                        "the word {word} has {count} letters; a fill-in's words have {least} to "
                        "{most}: shorten it or leave it out", len(letters)).format(
            word=repr(word), count=len(letters), least=MIN_WORD, most=MAX_WORD)
    return None


def _words_problem(words: tuple[str, ...]) -> str | None:
    if len(words) > MAX_WORDS:
        return _("{count} words are more than a fill-in takes (at most {most})").format(
            count=len(words), most=MAX_WORDS)
    return every_problem(words, word_problem)


OPTIONS = (
    Option("words", "words", N_("the words to fit in (default: common words of the language)"),
           check=_words_problem, label=N_("Words")),
    Option("word_count", "int", N_("words in each grid (default 8, 12, 16 or 20 by level; at "
           "most the words given)"), low=4, high=MAX_WORDS,
           default=lambda level, earlier: WORDS_AT[level], label=N_("Words per grid"),
           in_title=N_("{value} words")),
    Option("size", "size", N_("the largest grid: N for N x N, or RxC (default 11 at easy, 13 "
           "above)"), low=MIN_SIDE, high=MAX_SIDE, label=N_("Largest grid")),
    Option("language", "choice", N_("the language of the words (default: the section's language)"),
           choices=LANGUAGES, default="en", words=language_name, label=N_("Language")),
)

RULES = N_(
    "Fit every word of the list into the grid, one letter a square: each word goes across "
    "(left to right) or down (top to bottom) into a run of squares of its length, and where two "
    "words cross they share a letter. Every word is used once. One word is already in place to "
    "start you off. There is only one way to fit them all."
)


IJ_RULE = N_("IJ is one letter: it goes in one square.")
"""Said by a Dutch section, whose grids write IJ in one square (`bookgen.core.letters.square_form`)."""


def rules_text(request: Request | None) -> str:
    """The rules every section prints, in the language spoken; in Dutch, that IJ takes one square."""
    if request is not None and request.settings["language"] in JOINED:
        return f"{_(RULES)} {_(IJ_RULE)}"
    return _(RULES)


def by_length(words: list[str], language: str) -> list[str]:
    """The word list as it is printed: shortest first, each length as the language's
    dictionaries sort."""
    return sorted(words, key=lambda word: (len(word), collation_key(spelled_out(word), language)))


def printed(puzzle: JSON) -> Printed:
    """The page prints the grid's squares, the starter word's letters and the word list (as the
    language writes its words)."""
    return Printed({"grid": puzzle["grid"], "words": puzzle["words"], "language": puzzle["language"],
                    **({"written": puzzle["written"]} if "written" in puzzle else {})},
                   tuple(listed_terms(puzzle).values()) + tuple(letter for row in puzzle["grid"]
                                                   for letter in row if letter not in (BLOCK, OPEN)))


def transposed(grid: list[str]) -> list[str]:
    """A grid turned about its main diagonal: across words read down, down words across."""
    return ["".join(row[col] for row in grid) for col in range(len(grid[0]))]


def canonical(puzzle: JSON) -> str:
    """A grid and its transpose (across and down swapped) are the same puzzle: both read their
    words left to right and top to bottom (a turn or a mirror would read them backwards)."""
    words = sorted(puzzle["words"])
    return form_key([puzzle["grid"], words], [transposed(puzzle["grid"]), words])


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A filled grid and its transpose are one answer."""
    return form_key(solution["grid"], transposed(solution["grid"]))


def grid_words(words: tuple[str, ...] | None, language: str) -> tuple[str, ...] | None:
    """The config's words as the language's fill-ins write them (None: none given)."""
    return tuple(square_form(run_together(word), language) for word in words) if words else None
