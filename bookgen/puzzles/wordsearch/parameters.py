"""Word search's parameters: each language's letters as its puzzles write them, its fill letters'
frequencies, the themed word lists, their hidden messages and the words a children's grid avoids
(beside this module), the options, the rules and the forms a puzzle is printed and compared in.
The letters each language writes its grids in are bookgen.core.letters', shared with every word
puzzle; the shapes a grid is cut to are bookgen.core.masks', shared with Hidato and mazes.
"""

from __future__ import annotations

import math
import random
import re
import unicodedata
from functools import cache
from importlib import resources

from bookgen.api import JSON, Printed, Request, deal_seed_problem, form_key
from bookgen.core.known_words import proper_names
from bookgen.core.letters import (
    LANGUAGES,
    SEPARATORS,
    SPELLED,
    alphabet,
    collation_key,
    grid_form,
    marked_forms,
    run_together,
    term_problem,
)
from bookgen.core.masks import SHAPES, Mask, parse_mask
from bookgen.core.options import Option, every_problem, language_name
from bookgen.core.symmetry import SYMMETRIES
from bookgen.errors import BookgenError
from bookgen.i18n import N_, _, ngettext

ALL_THEMES = ("animals", "food", "school", "nature", "seasons", "holidays", "jobs", "sports",
              "countries", "body", "colours", "music", "weather", "transport", "clothes", "home",
              "fruit", "vegetables", "sea", "space", "farm", "family", "toys", "garden")
"""Every built-in theme of a word search (and of a word scramble): words/LANG/THEME.txt in each
language."""
ALL = "all"
"""The theme of a section whose puzzles take the themes in turn, each its own (`theme_dealt`)."""
THEME_SPELLINGS = {"colors": "colours"}
"""The US spelling of a theme's name, read as the British one the theme is named by (a US
author's `theme: colors` was refused); the other names are spelt alike in both."""

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
CHILDREN_WORDS = 6
"""Words in a children's grid unless the user says: few, as picture word searches hide."""
MAX_WORDS = 40
"""The most words one grid hides."""
MAX_LIST = 1000
"""The most words a list may hold: a longer list than a grid takes (a theme of one's own) is
dealt out over the puzzles, `word_count` to each."""
MAX_MESSAGE = 120
"""The most letters a hidden message spells."""
HOLE = "."
"""A square outside a shaped grid's shape, in the puzzle's rows."""
PICTURE_SIDE = 15
"""Squares a shape's picture is reduced to on each side where the section sets no size."""

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
    """A built-in theme's words in `language`, as its grids write them (a term's letters run
    together), leaving out a word that is part of another, read either way (AFFE in GIRAFFE: a
    grid could not show each once)."""
    words = [grid_word(word, language) for word in _listed(f"words/{language}/{theme}.txt")]
    return tuple(word for word in words
                 if not any(other != word and (word in other or word[::-1] in other) for other in words))


@cache
def children_words(language: str) -> tuple[str, ...]:
    """Every built-in theme's words of one word in `language`, each once, sorted, as its grids
    write them: the concrete words a child of 7 to 10 knows (ZÈBRE, GÂTEAU, ÉCOLE), which an easy
    fill-in or scramble takes when the config gives no words. Easy took the common words'
    first 1,500, which held tenses (DOVREMMO, SAPEVA), abstract words (NÉCESSITÉ, GESTIONE) and
    adult topics (PRESTITO, PROCÈS) that no filter catches all of, and showed them on the cover.
    The countries' theme is left out, and any name a person reviewed out of the common words
    (`proper_names`: MOROCCO, JAPON): the common words hold no names either."""
    names = proper_names(language)
    return tuple(sorted({word for theme in ALL_THEMES if theme != "countries"
                         for word in theme_words(language, theme)
                         if word not in theme_terms(language, theme) and word not in names}))


@cache
def children_marked(language: str) -> dict[str, str]:
    """`children_words` written with the marks their grids drop, by their grid form (ZEBRE: ZÈBRE)."""
    return {word: term for theme in ALL_THEMES for word, term in theme_marked(language, theme).items()}


@cache
def theme_terms(language: str, theme: str) -> dict[str, str]:
    """The terms of several words a built-in theme's list prints apart (ARC-EN-CIEL), by the word
    its grids write (ARCENCIEL)."""
    terms = {grid_word(term, language): shown_form(term, language)
             for term in _listed(f"words/{language}/{theme}.txt")}
    return {word: term for word, term in terms.items() if word != term}


@cache
def theme_written(language: str, theme: str) -> dict[str, str]:
    """The terms a built-in theme's list prints with marks its grids drop (CORAZÓN for CORAZON,
    PÈRE NOËL), by the word its grids write (`written_terms`)."""
    return written_terms(_listed(f"words/{language}/{theme}.txt"), language)


@cache
def theme_marked(language: str, theme: str) -> dict[str, str]:
    """A built-in theme's words written with the marks its grids drop, a letter for a letter of
    the word its grids write (CORAZON: CORAZÓN, PERENOEL: PÈRENOËL): for the types that print a
    theme's words letter by letter (the scramble's answers)."""
    return marked_forms(["".join(char for char in term if char.isalpha())
                         for term in _listed(f"words/{language}/{theme}.txt")], language)


def written_terms(terms: list[str] | tuple[str, ...], language: str) -> dict[str, str]:
    """Of `terms`, those the list prints otherwise than `shown_form` (with a mark or a letter the
    grid writes without: ÁRBOL, PINGÜINO, ÉLÈVE), by the word the grid writes."""
    return {grid_word(term, language): written_form(term, language) for term in terms
            if written_form(term, language) != shown_form(term, language)}


@cache
def theme_messages(language: str, theme: str) -> tuple[str, ...]:
    """The hidden messages a theme's grids may spell (`message: theme`): words/LANG/messages.txt,
    one `theme: phrase` a line."""
    return tuple(phrase.strip() for line in _listed(f"words/{language}/messages.txt")
                 for name, _colon, phrase in [line.partition(":")] if name.strip() == theme)


@cache
def children_avoid(language: str) -> tuple[str, ...]:
    """Words a children's grid never shows by accident besides the blocklist (a garden HOE, a
    blue TIT, a German SAU are words, but not ones to spell by chance on a child's page):
    children/LANG.txt beside this module."""
    return tuple(grid_form(word, language) for word in _listed(f"children/{language}.txt"))


def shown_form(term: str, language: str) -> str:
    """A term as the word list prints it: the grid's capitals, its words kept apart by one space,
    hyphen or apostrophe ("CARBON DIOXIDE")."""
    text = re.sub(r"\s+", " ", term.replace("\u2019", "'").strip())
    return grid_form(text, language)


def written_form(term: str, language: str) -> str:
    """A term as a reader reads it in the list: in capitals as the language writes them, with
    every mark (ÁRBOL, PINGÜINO, ÉLÈVE), its words kept apart as `shown_form` keeps them, a letter
    for each square the grid gives it: a letter the grid spells with two is written so (OEUF,
    STRASSE: a child who read ŒUF looked for three squares and found four), as the fill-in's list
    and the scramble's key write it. Only the grid drops the marks (`grid_form`)."""
    text = re.sub(r"\s+", " ", term.replace("\u2019", "'").strip())
    capitals = (SPELLED.get(char) or SPELLED.get(char.upper()) or
                (char.upper() if len(char.upper()) == 1 else char) for char in text)
    return unicodedata.normalize("NFC", "".join(capitals))


def grid_word(term: str, language: str) -> str:
    """A term as the grid writes it: its letters run together ("CARBONDIOXIDE")."""
    return "".join(char for char in shown_form(term, language) if char not in SEPARATORS)


def word_problem(word: str) -> str | None:
    """Why a word from a config cannot go into a grid (whatever its language), or None. A term
    of several words keeps them apart with one space, hyphen or apostrophe."""
    letters = run_together(word)
    if (problem := term_problem(word)) is not None:
        return problem
    if len(letters) < MIN_WORD:
        return _("the word {word} is shorter than {least} letters").format(word=repr(word),
                                                                           least=MIN_WORD)
    if len(letters) > MAX_SIDE:
        return _("the word {word} is longer than the largest grid ({most} squares)").format(
            word=repr(word), most=MAX_SIDE)
    return None


def _words_problem(words: tuple[str, ...]) -> str | None:
    if len(words) > MAX_LIST:
        return _("{count} words are more than a list takes (at most {most})").format(
            count=len(words), most=MAX_LIST)
    return every_problem(words, word_problem)


def _in_star(x: float, y: float) -> bool:
    """A five-pointed star, one point up, filling the box from its top point to its two lower
    points; its inner corners are further out than a drawn star's, so that its arms hold words."""
    outer, inner, half = 1.1, 0.6, math.pi / 5
    x, y = x, y + 1 - outer  # the centre sits below the middle: the lower points reach less far
    turn = math.atan2(x, -y) % (2 * half)  # 0 at a point, measured round the centre
    turn = min(turn, 2 * half - turn)
    radius = math.hypot(x, y)
    px, py = radius * math.cos(turn), radius * math.sin(turn)
    bx, by = inner * math.cos(half), inner * math.sin(half)
    return (bx - outer) * py - by * (px - outer) >= 0  # on the centre's side of point to corner


def _star(rows: int, cols: int) -> list[tuple[int, int]]:
    """The star's squares, less the tips a square wide that stand alone at its points (a word
    could only run into them from one side)."""
    cells = {(r, c) for r in range(rows) for c in range(cols)
             if _in_star((2 * c + 1 - cols) / cols, (2 * r + 1 - rows) / rows)}
    return sorted(cell for cell in cells if sum(
        (cell[0] + dr, cell[1] + dc) in cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))) > 1)


GRID_SHAPES = {**SHAPES, "star": _star}
"""The built-in shapes a grid may be cut to: Hidato's and the mazes' (bookgen.core.masks), and a
star."""


def shape_board(shape: str, rows: int, cols: int) -> Mask:
    """The squares of a built-in shape drawn in rows x cols, or of a drawn mask (its own size)."""
    if shape in GRID_SHAPES:
        return Mask.of(GRID_SHAPES[shape](rows, cols))
    return parse_mask(shape, MAX_SIDE, least_cells=MIN_SIDE * MIN_SIDE)


def _shape_problem(text: str) -> str | None:
    """Why a shape is neither a built-in name nor a drawn mask, or None."""
    if text in GRID_SHAPES:
        return None
    if "#" not in text:
        return _("shape {shape} is not a built-in shape ({shapes}) nor a mask such as "
                 "'.##./####/####/.##.' ('#' a square, '.' a hole, '/' between rows), nor a picture "
                 "file (.png, .txt)").format(shape=repr(text), shapes=", ".join(GRID_SHAPES))
    try:
        parse_mask(text, MAX_SIDE, least_cells=MIN_SIDE * MIN_SIDE)
    except BookgenError as error:
        return error.message
    return None


def message_letters(phrase: str, language: str) -> str:
    """The letters a hidden message spells in the grid, as its grids write them (no spaces)."""
    return "".join(char for char in grid_form(phrase, language) if char in alphabet(language))


def message_lengths(phrase: str, language: str) -> list[int]:
    """The letters of each word of a hidden message: the blanks the page prints for it."""
    return [count for part in phrase.split() if (count := len(message_letters(part, language)))]


def _message_problem(text: str) -> str | None:
    if text == "theme":
        return None
    if any(char.isdigit() for char in text):
        return _("the hidden message holds a digit: a grid holds letters only (write numbers in "
                 "words)")
    letters = sum(char.isalpha() for char in text)
    if letters < MIN_WORD:
        return ngettext("the hidden message has {count} letter; it needs at least {least}",
                        "the hidden message has {count} letters; it needs at least {least}",
                        letters).format(count=letters, least=MIN_WORD)
    if letters > MAX_MESSAGE:
        return _("the hidden message has {count} letters; at most {most}").format(
            count=letters, most=MAX_MESSAGE)
    return None


THEME_WORDS = {"animals": N_("animals"), "food": N_("food"), "school": N_("school"),
               "nature": N_("nature"), "seasons": N_("seasons"), "holidays": N_("holidays"),
               "jobs": N_("jobs"), "sports": N_("sports"), "countries": N_("countries"),
               "body": N_("the body"), "colours": N_("colours"), "music": N_("music"),
               "weather": N_("weather"), "transport": N_("transport"), "clothes": N_("clothes"),
               "home": N_("the home"), "fruit": N_("fruit"), "vegetables": N_("vegetables"),
               "sea": N_("the sea"), "space": N_("space"), "farm": N_("the farm"),
               "family": N_("family"), "toys": N_("toys"), "garden": N_("the garden"),
               ALL: N_("all themes")}


def theme_heading(theme: str) -> str:
    """A theme's name as it heads its grid, in the language spoken: its menu name with a capital
    (Tiere, Der Körper, L’espace); a name this bookgen does not know, as the puzzle gives it."""
    name = _(THEME_WORDS[theme]) if theme in THEME_WORDS else theme
    return name[:1].upper() + name[1:]


@cache
def theme_round(language: str, number: int, seed: str | None = None) -> tuple[str, ...]:
    """Round `number` (0 the first) of the themes a `theme: all` section deals: every theme
    once, shuffled (the book's seed, the language and the round seed it; an id made before the
    deal followed the book's seed names no seed), the first not the theme the round before
    ended with, so that no theme comes twice in a row."""
    order = list(ALL_THEMES)
    seeded = "themes" if seed is None else f"themes/{seed}"
    random.Random(f"{seeded}/{language}/{number}").shuffle(order)
    if number and order[0] == theme_round(language, number - 1, seed)[-1]:
        order.append(order.pop(0))
    return tuple(order)


def theme_dealt(language: str, deal: int, seed: str | None = None) -> str:
    """The theme of the `deal`th puzzle (1 the first) of the themes dealt in turn, in the order
    of the book's `seed`."""
    number, place = divmod(deal - 1, len(ALL_THEMES))
    return theme_round(language, number, seed)[place]


def _word_count(level: str, earlier: dict) -> int:  # type: ignore[type-arg]
    """Every word of a list given (a teacher's list goes in whole), else the level's count; a
    children's grid `CHILDREN_WORDS` at most, a longer list of the user's dealt out over the
    grids as a theme's is (a teacher's twelve words were all hidden in each of six grids, under
    a help that promised few)."""
    if earlier["children"]:
        return min(len(earlier["words"] or ()) or CHILDREN_WORDS, CHILDREN_WORDS)
    return len(earlier["words"]) if earlier["words"] else WORDS_AT[level]


OPTIONS = (
    Option("words", "words", N_("the words to hide (default: the theme's words); a term of "
           "several words keeps its spaces in the list and runs together in the grid; a list of "
           "more words than each grid hides is dealt out over the puzzles, none twice until all "
           "are used"),
           check=_words_problem, label=N_("Words to hide")),
    Option("theme", "choice", N_("the built-in list of words to hide when no words are given "
           "(default: animals); all: each puzzle takes the next theme, its name over its grid"),
           choices=(*ALL_THEMES, ALL), spellings=THEME_SPELLINGS, default="animals",
           words=THEME_WORDS,
           label=N_("Theme")),
    Option("children", "bool", N_("for children: words only across and down, large letters, "
           "few words, a box to tick beside each word (easy only)"),
           default=False, label=N_("For children"),
           # Translators: inside a section's title: "Word Search (for children)"
           in_title=N_("for children")),
    Option("word_count", "int", N_("words in each grid (default: every word given; else 8, 10, "
           "12 or 18 by level; for children 6, a longer list dealt out over the grids)"), low=3,
           high=MAX_WORDS, default=_word_count,
           label=N_("Words in each grid")),
    Option("size", "size", N_("grid size: N for N x N, or RxC (default: from the words)"),
           low=MIN_SIDE, high=MAX_SIDE, label=N_("Size")),
    Option("shape", "text", N_("the grid's shape: a built-in shape ({shapes}) cut from the "
           "grid, or a mask like '.##./####/####/.##.' ('#' a square, '.' a hole), or a "
           "black-and-white picture (.png) or text file of one (default: the whole rectangle)"),
           help_values={"shapes": ", ".join(GRID_SHAPES)}, check=_shape_problem,
           default="square", picture=True, high=PICTURE_SIDE, label=N_("Shape")),
    Option("message", "text", N_("a hidden message: the letters no word uses, read row by row, "
           "spell it; your phrase, or 'theme' for one of the theme's (default: none)"),
           check=_message_problem, label=N_("Hidden message")),
    Option("deal", "int", N_("which share of a long word list this puzzle hides, or with theme "
           "all which theme, 1 the first (default: a book deals them in turn, so that none comes "
           "twice before every one has come once)"), low=1, high=MAX_LIST, label=N_("Share of the list")),
    Option("deal_seed", "text", N_("the seed that orders a book's deal of the words, so that "
           "another seed deals other shares (default: the book's seed)"), check=deal_seed_problem,
           label=N_("Seed of the deal")),
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
CHILDREN_RULES = N_(
    "Find every word of the list in the grid of letters. A word reads from left to right or from "
    "top to bottom. Circle each word you find and tick its box."
)
LEVEL_RULES = {
    "easy": N_("Find every word of the list in the grid of letters. A word reads from left to right "
               "or from top to bottom. Each word is hidden once. Circle each word you find and "
               "cross it off the list."),
    "medium": N_("Find every word of the list in the grid of letters. A word reads from left to "
                 "right, from top to bottom, or on a slant from left to right. Each word is hidden "
                 "once. Circle each word you find and cross it off the list."),
    "hard": N_("Find every word of the list in the grid of letters. A word reads in a straight "
               "line in any direction, across, down or on a slant, forwards or backwards; words "
               "may cross and share letters. Each word is hidden once. Circle each word you find "
               "and cross it off the list."),
}
"""The rules of a section of one level: the directions its words read in (`DIRECTIONS_AT`), and
that they cross only where they may (`OVERLAPS_AT`); `RULES` speaks of every level at once (a
bank's section)."""
LEVEL_RULES["expert"] = LEVEL_RULES["hard"]
MESSAGE_RULES = N_("When every word is found, the letters left over, read row by row, spell a "
                   "hidden message.")


def rules_text(request: Request | None) -> str:
    """The rules a section prints, in the language spoken: a children's section's own, else its
    level's (the directions its words read in), and the hidden message where its puzzles have
    one."""
    settings = request.settings if request is not None else {}
    if settings.get("children"):
        rules = _(CHILDREN_RULES)
    else:
        rules = _(LEVEL_RULES[request.level] if request is not None else RULES)
    return f"{rules} {_(MESSAGE_RULES)}" if settings.get("message") else rules


def shown(puzzle: JSON) -> dict[str, str]:
    """Each listed word as the list prints it: its term as the language writes it where that has
    marks the grid drops ("written": ÁRBOL), else its term with spaces where the grid runs one
    together ("shown": "CARBON DIOXIDE"), else the word itself."""
    written, terms = puzzle.get("written", {}), puzzle.get("shown", {})
    return {word: written.get(word, terms.get(word, word)) for word in puzzle["words"]}


def listed(puzzle: JSON) -> list[str]:
    """The word list in the order it is printed (as the language's dictionaries sort the terms)."""
    terms = shown(puzzle)
    return sorted(puzzle["words"], key=lambda word: collation_key(terms[word], puzzle["language"]))


PRINTED_KEYS = ("grid", "words", "language", "shown", "written", "message_lengths", "children",
                "theme")
"""What the page shows of a puzzle: its letters, its list (as terms), the blanks of its hidden
message, for children the boxes to tick and a dealt theme's name over the grid (the page's own
look, not facts to solve from)."""


def printed(puzzle: JSON) -> Printed:
    """The page prints the grid of letters (a shaped one without its holes), the list of words
    and the blanks of a hidden message."""
    return Printed({key: puzzle[key] for key in PRINTED_KEYS if key in puzzle},
                   tuple(shown(puzzle).values()))


def canonical(puzzle: JSON) -> str:
    """A grid turned or mirrored hides the same words in the same way: the same puzzle."""
    rows = [list(row) for row in puzzle["grid"]]
    return form_key(*(["".join(r) for r in symmetry.grid(rows)] for symmetry in SYMMETRIES))
