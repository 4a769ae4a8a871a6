"""Word search's parameters: each language's letters as its puzzles write them, its fill letters'
frequencies, the themed word lists and blocklists beside this module, the options, the rules and
the forms a puzzle is printed and compared in. The letters each language writes its grids in
are bookgen.core.letters', shared with every word puzzle.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from bookgen.api import JSON, Printed, Request, form_key
from bookgen.core.letters import LANGUAGES, grid_form
from bookgen.core.options import Option, language_name
from bookgen.core.symmetry import SYMMETRIES
from bookgen.i18n import N_, _

THEMES = ("animals", "food", "school", "nature")

STEPS = {"E": (0, 1), "S": (1, 0), "SE": (1, 1), "NE": (-1, 1),
         "W": (0, -1), "N": (-1, 0), "NW": (-1, -1), "SW": (1, -1)}
"""The eight directions a word may read in: the first two read as a line of text or a column does,
the next two are the diagonals read from left to right, the last four are read backwards."""
DIRECTIONS = tuple(STEPS)
FORWARD = ("E", "S", "SE", "NE")
DIRECTIONS_AT = {"easy": ("E", "S"), "medium": ("E", "S", "SE", "NE"),
                 "hard": DIRECTIONS, "expert": DIRECTIONS}
OVERLAPS_AT = {"easy": False, "medium": False, "hard": True, "expert": True}

MIN_WORD = 3
MIN_SIDE, MAX_SIDE = 5, 20
WORDS_AT = {"easy": 8, "medium": 10, "hard": 12, "expert": 18}
MAX_WORDS = 40

FREQUENCIES: dict[str, dict[str, float]] = {
    # percent of letters in running text (published letter-frequency tables, rounded)
    "en": dict(E=12.7, T=9.1, A=8.2, O=7.5, I=7.0, N=6.7, S=6.3, H=6.1, R=6.0, D=4.3, L=4.0, C=2.8,
               U=2.8, M=2.4, W=2.4, F=2.2, G=2.0, Y=2.0, P=1.9, B=1.5, V=1.0, K=0.8, J=0.15,
               X=0.15, Q=0.1, Z=0.07),
    "de": {"E": 16.4, "N": 9.8, "I": 7.6, "S": 7.3, "R": 7.0, "A": 6.5, "T": 6.2, "D": 5.1,
           "H": 4.8, "U": 4.2, "L": 3.4, "G": 3.0, "C": 2.7, "O": 2.6, "M": 2.5, "B": 1.9,
           "W": 1.9, "F": 1.7, "K": 1.2, "Z": 1.1, "P": 0.8, "V": 0.8, "Ü": 0.6, "Ä": 0.5,
           "Ö": 0.3, "J": 0.3, "Y": 0.04, "X": 0.03, "Q": 0.02},
    "fr": dict(E=14.7, S=7.9, A=7.6, I=7.5, T=7.2, N=7.1, R=6.7, U=6.3, O=5.8, L=5.5, D=3.7, C=3.3,
               M=3.0, P=3.0, V=1.8, Q=1.4, F=1.1, B=0.9, G=0.9, H=0.7, J=0.5, X=0.4, Y=0.1, Z=0.1,
               W=0.05, K=0.05),
    "es": {"E": 13.7, "A": 12.5, "O": 8.7, "S": 8.0, "R": 6.9, "N": 6.7, "I": 6.2, "D": 5.9,
           "L": 5.0, "C": 4.7, "T": 4.6, "U": 3.9, "M": 3.2, "P": 2.5, "B": 1.4, "G": 1.0,
           "V": 0.9, "Y": 0.9, "Q": 0.9, "H": 0.7, "F": 0.7, "Z": 0.5, "J": 0.4, "Ñ": 0.3,
           "X": 0.2, "K": 0.02, "W": 0.02},
    "it": dict(E=11.8, A=11.7, I=11.3, O=9.8, N=6.9, L=6.5, R=6.4, T=5.6, S=5.0, C=4.5, D=3.7,
               P=3.1, U=3.0, M=2.5, V=2.1, G=1.6, H=1.5, F=1.0, B=0.9, Z=0.5, Q=0.5),
    "nl": dict(E=18.9, N=10.0, A=7.5, T=6.8, I=6.5, R=6.4, O=6.1, D=5.9, S=3.7, L=3.6, G=3.4,
               V=2.9, H=2.4, K=2.3, M=2.2, U=2.0, B=1.6, P=1.6, W=1.5, J=1.5, Z=1.4, C=1.2,
               F=0.8, X=0.04, Y=0.04, Q=0.01),
}
"""The fill letters of each language, drawn as often as the language uses them, so that the fill
looks like the language's words and a word's letters do not stand out."""

def _listed(path: str) -> list[str]:
    text = resources.files("bookgen.puzzles.wordsearch").joinpath(path).read_text("utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


@cache
def theme_words(language: str, theme: str) -> tuple[str, ...]:
    """A built-in theme's words in `language`, as its grids write them, leaving out a word that
    is part of another, read either way (AFFE in GIRAFFE: a grid could not show each once)."""
    words = [grid_form(word, language) for word in _listed(f"words/{language}/{theme}.txt")]
    return tuple(word for word in words
                 if not any(other != word and (word in other or word[::-1] in other) for other in words))


def word_problem(word: str) -> str | None:
    """Why a word from a config cannot go into a grid (whatever its language), or None."""
    if not all(char.isalpha() for char in word):
        return f"the word {word!r} holds a character that is not a letter (digits, spaces, hyphens)"
    if len(word) < MIN_WORD:
        return f"the word {word!r} is shorter than {MIN_WORD} letters"
    if len(word) > MAX_SIDE:
        return f"the word {word!r} is longer than the largest grid ({MAX_SIDE} squares)"
    return None


def _words_problem(words: tuple[str, ...]) -> str | None:
    if len(words) > MAX_WORDS:
        return f"{len(words)} words are more than a grid takes (at most {MAX_WORDS})"
    return next((problem for word in words if (problem := word_problem(word))), None)


THEME_WORDS = {"animals": N_("animals"), "food": N_("food"), "school": N_("school"),
               "nature": N_("nature")}

OPTIONS = (
    Option("words", "words", N_("the words to hide (default: the theme's words)"),
           check=_words_problem, label=N_("Words to hide")),
    Option("theme", "choice", N_("the built-in list of words to hide when no words are given "
           "(default: animals)"), choices=THEMES, default="animals", words=THEME_WORDS,
           label=N_("Theme")),
    Option("word_count", "int", N_("words in each grid (default 8, 10, 12 or 18 by level; "
           "at most the words given)"), low=3, high=MAX_WORDS,
           default=lambda level, earlier: WORDS_AT[level], label=N_("Words in each grid")),
    Option("size", "size", N_("grid size: N for N x N, or RxC (default: from the words)"),
           low=MIN_SIDE, high=MAX_SIDE, label=N_("Size")),
    Option("language", "choice", N_("the language whose letters the grid uses (default: the "
           "section's language)"), choices=LANGUAGES, default="en", words=language_name,
           label=N_("Alphabet")),
)

RULES = N_(
    "Find every word of the list in the grid of letters. A word reads in a straight line, "
    "across, down or diagonally, and at the harder levels also backwards; words may cross and "
    "share letters. Each word is hidden exactly once. Circle each word you find and cross it off "
    "the list."
)


def rules_text(request: Request | None) -> str:
    """The rules every section prints, in the language spoken."""
    return _(RULES)


def printed(puzzle: JSON) -> Printed:
    """The page prints the grid of letters and the list of words."""
    return Printed({"grid": puzzle["grid"], "words": puzzle["words"], "language": puzzle["language"]},
                   tuple(puzzle["words"]))


def canonical(puzzle: JSON) -> str:
    """A grid turned or mirrored hides the same words in the same way: the same puzzle."""
    rows = [list(row) for row in puzzle["grid"]]
    return form_key(*(["".join(r) for r in symmetry.grid(rows)] for symmetry in SYMMETRIES))
