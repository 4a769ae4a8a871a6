"""The crossword's parameters: its own clues in each language and theme (clues/LANG/THEME.txt)
or the config's,
the options, the rules and the forms a puzzle is printed and compared in.
"""

from __future__ import annotations

import random
import re
from functools import cache
from importlib import resources

from bookgen.api import JSON, Printed, Request, deal_seed_problem, form_key
from bookgen.core.letters import JOINED, LANGUAGES, run_together, square_form, term_problem
from bookgen.core.options import Option, every_problem, language_name
from bookgen.core.wordgrid import BLOCK, OPEN
from bookgen.i18n import N_, _, ngettext
from bookgen.puzzles.fillin.parameters import transposed
from bookgen.puzzles.wordsearch.parameters import ALL

MIN_WORD, MAX_WORD = 2, 17
MIN_SIDE, MAX_SIDE = 5, 17
MAX_PAIRS = 60
MAX_CLUE = 120
"""The most characters of a clue: two lines of a page's list of clues."""
WORDS_AT = {"easy": 10, "medium": 12, "hard": 14, "expert": 16}
MAX_DEAL = 100_000
"""The furthest a crossword's share of its clues starts (`deal`): a list dealt thousands of times."""
Pair = tuple[str, str]  # a word as its grid writes it, and its clue


THEMES = ("animals", "food", "nature", "home", "body", "school", "sports", "clothes")
THEME_WORDS = {"animals": N_("animals"), "food": N_("food"), "nature": N_("nature"),
               "home": N_("the home"), "body": N_("the body"), "school": N_("school"),
               "sports": N_("sports"), "clothes": N_("clothes"), ALL: N_("all themes")}
"""The themes' menu words, as word search names them (its catalog has them too: a type's
catalog holds the words of its own options)."""
"""The crossword's built-in themes, each 30 to 40 words and their clues in every language, written
in it (clues/LANG/THEME.txt; named as the word search's themes are): 24 crosswords of the 32
animals alone printed ZEBRA and its clue in 9 of them. Their words are short enough for hard and
expert grids (a theme of jobs, of 7 to 10 letters, laid out none in French or Italian)."""


@cache
def own_clues(language: str, theme: str = "animals") -> tuple[Pair, ...]:
    """The built-in word and clue pairs of `language` in `theme` (written for bookgen)."""
    text = resources.files("bookgen.puzzles.crossword").joinpath(
        f"clues/{language}/{theme}.txt").read_text("utf-8")
    pairs = (line.split(":", 1) for line in text.splitlines() if line.strip() and not line.startswith("#"))
    return tuple((square_form(word, language), clue.strip()) for word, clue in pairs)


@cache
def theme_round(language: str, number: int, seed: str | None) -> tuple[str, ...]:
    """Round `number` (0 the first) of the themes a `theme: all` section deals: every theme once,
    shuffled (the book's seed, the language and the round seed it), the first not the theme the
    round before ended with, so that no theme comes twice in a row."""
    order = list(THEMES)
    random.Random(f"crossword-themes/{seed}/{language}/{number}").shuffle(order)
    if number and order[0] == theme_round(language, number - 1, seed)[-1]:
        order.append(order.pop(0))
    return tuple(order)


def theme_dealt(language: str, deal: int, seed: str | None) -> tuple[str, int]:
    """The theme of the `deal`th crossword (1 the first) of the themes dealt in turn, and how many
    crosswords of that theme the deal gave before it (its round: each round deals every theme
    once)."""
    number, place = divmod(deal - 1, len(THEMES))
    return theme_round(language, number, seed)[place], number


def _pairs_problem(pairs: tuple[Pair, ...]) -> str | None:
    if len(pairs) > MAX_PAIRS:
        return _("{count} clues are more than a crossword takes (at most {most})").format(
            count=len(pairs), most=MAX_PAIRS)
    return every_problem(pairs, _pair_problem)


def clued(clue: str, term: str, language: str) -> str:
    """The clue of an answer of several words with the squares of each word after it, as
    crosswords print it ("Rotes Gemüse (4,4)", "Worn in summer (1-5)"): the grid runs them
    together, and the reader learns where one word ends. A one-word answer's clue as written."""
    parts = re.split(r"(\s+|-)", term.replace("\u2019", "'").strip())
    if len(parts) == 1:
        return clue
    counts = "".join("," if part.isspace() else "-" if part == "-"
                     else str(len(square_form(run_together(part), language))) for part in parts)
    return f"{clue} ({counts})"


def _pair_problem(pair: Pair) -> str | None:
    word, clue = pair
    letters = run_together(word)
    if (problem := term_problem(word)) is not None:
        return problem
    if not MIN_WORD <= len(letters) <= MAX_WORD:
        return ngettext("the word {word} has {count} letter; a crossword's words have {least} to "
                        "{most}: shorten it or leave it out",
                        "the word {word} has {count} letters; a crossword's words have {least} to "
                        "{most}: shorten it or leave it out", len(letters)).format(
            word=repr(word), count=len(letters), least=MIN_WORD, most=MAX_WORD)
    if len(clue) > MAX_CLUE:
        return _("the clue of {word} has {count} characters; a crossword prints at most "
                 "{most}").format(word=repr(word), count=len(clue), most=MAX_CLUE)
    return None


OPTIONS = (
    Option("clues", "clues", N_("the words and their clues, WORD: clue (default: the theme's, in "
           "the language)"), check=_pairs_problem, label=N_("Words and clues")),
    Option("theme", "choice", N_("the built-in words and clues when no clues are given (default: "
           "animals); all: each crossword takes the next theme, its name over its grid"),
           choices=(*THEMES, ALL), default="animals", words=THEME_WORDS, label=N_("Theme")),
    Option("word_count", "int", N_("words in each crossword (default 10, 12, 14 or 16 by level; at "
           "most the clues given)"), low=3, high=MAX_PAIRS,
           default=lambda level, earlier: WORDS_AT[level], label=N_("Words per crossword"),
           in_title=N_("{value} words")),
    Option("size", "size", N_("the largest grid: N for N x N, or RxC (default: from the words, at "
           "most 17)"), low=MIN_SIDE, high=MAX_SIDE, label=N_("Largest grid")),
    Option("deal", "int", N_("where this crossword's words start in a book's deal of its clues, 1 "
           "the first word, or with theme all which crossword of the deal of themes (default: a "
           "book deals them in turn, so that no word comes twice before every word has come once)"),
           low=1, high=MAX_DEAL, label=N_("Share of the clues")),
    Option("deal_seed", "text", N_("the seed that orders a book's deal of the words, so that "
           "another seed deals other shares (default: the book's seed)"), check=deal_seed_problem,
           label=N_("Seed of the deal")),
    Option("language", "choice", N_("the language of the words (default: the section's language)"),
           choices=LANGUAGES, default="en", words=language_name, label=N_("Language")),
)

RULES = N_(
    "Write the answer to each clue into the grid, one letter a square, starting in the square "
    "with the clue's number: Across answers read from left to right, Down answers from top to "
    "bottom. Where two answers cross they share a letter."
)
GIVEN_RULES = {"easy": N_("The first letter of each answer is filled in for you."),
               "medium": N_("Some first letters are filled in for you.")}
"""The letters a level's grids print (`generator._puzzle`: every answer's first at easy, every
other answer's at medium, none above)."""
ANY_GIVEN_RULE = N_("Letters already written in the grid are there to help you.")
"""A section that may mix levels (a bank's) says it of any letter its grids print."""


IJ_RULE = N_("IJ is one letter: it goes in one square.")
"""Said by a Dutch section, whose grids write IJ in one square (`bookgen.core.letters.square_form`)."""


def rules_text(request: Request | None) -> str:
    """The rules a section prints, in the language spoken, with the letters its level's grids
    print to help, and in Dutch that IJ takes one square."""
    given = ANY_GIVEN_RULE if request is None else GIVEN_RULES.get(request.level)
    said = [_(RULES)] + ([_(given)] if given else [])
    if request is not None and request.settings["language"] in JOINED:
        said.append(_(IJ_RULE))
    return " ".join(said)


def givens_of(grid: list[str]) -> list[str]:
    return [letter for row in grid for letter in row if letter not in (BLOCK, OPEN)]


def printed(puzzle: JSON) -> Printed:
    """The page prints the grid's squares with their numbers and given letters, and the clues.
    A clue stands for its answer (a reader finds the word from it; no solver reads clues), so
    the words are part of what the page shows, as an unordered list: see the solver."""
    numbers = sorted({entry["number"] for entry in puzzle["entries"]})
    texts = [str(n) for n in numbers] + givens_of(puzzle["grid"])
    for entry in puzzle["entries"]:
        texts += [f"{entry['number']}.", *entry["clue"].split()]
    return Printed(puzzle, tuple(texts))


def _form(grid: list[str], entries: list[JSON]) -> list:
    return [grid, sorted([e["word"], e["clue"]] for e in entries)]


def canonical(puzzle: JSON) -> str:
    """A grid and its transpose (Across and Down swapped) are the same crossword."""
    return form_key(_form(puzzle["grid"], puzzle["entries"]),
                    _form(transposed(puzzle["grid"]), puzzle["entries"]))


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A filled grid and its transpose are one answer."""
    return form_key(solution["grid"], transposed(solution["grid"]))
