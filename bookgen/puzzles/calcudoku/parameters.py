"""Calcudoku's parameters: sizes, the operations a section uses, options, rules, and the forms a
puzzle is printed, compared and answered in.
"""

from __future__ import annotations

from bookgen.api import JSON, Printed, Request, form_key
from bookgen.core.options import Option, spoken_choice
from bookgen.core.symmetry import SYMMETRIES
from bookgen.i18n import N_, _, pgettext

MIN_SIZE, MAX_SIZE = 4, 9
DEFAULT_SIZE = {"easy": 4, "medium": 5, "hard": 6, "expert": 6}
"""Each level's default side: the smallest on which the level's steps are needed often enough to
make its puzzles quickly (bench/calcudoku.py)."""
OPS = ("+", "-", "x", "/", "=")
"""A cage's operation in the JSON: add, subtract, multiply, divide, and "=" for a cage of one
square, whose target is its number."""
OPERATIONS = {"all": ("+", "-", "x", "/"), "add": ("+",), "add-subtract": ("+", "-"),
              "multiply": ("x",)}
"""The `operations` option: the operations a section's cages use."""


def choice_word(choice: str) -> str:
    """An `operations` choice as the studio's help line names it."""
    return spoken_choice(choice, {
        "all": pgettext("help line: calcudoku", "all"),
        "add": pgettext("help line: calcudoku", "add"),
        "add-subtract": pgettext("help line: calcudoku", "add-subtract"),
        "multiply": pgettext("help line: calcudoku", "multiply")}[choice])


OPTIONS = (
    Option("size", "int", N_("grid side, 4 to 9 (default by level: 4 easy, 5 medium, 6 hard, "
           "6 expert)"), low=MIN_SIZE, high=MAX_SIZE,
           default=lambda level, earlier: DEFAULT_SIZE[level], label=N_("Size"),
           in_title=N_("{value} \u00d7 {value}")),
    Option("operations", "choice", N_("the operations the cages use: all (+ − × ÷; default), "
           "add (+ only, for children), add-subtract (+ and −) or multiply (× only)"),
           choices=tuple(OPERATIONS), default="all", words=choice_word, label=N_("Operations")),
)

RULES = N_(
    "Write a number from 1 to {largest} in every square so that each row and each column holds "
    "every number from 1 to {largest} exactly once. The bold outlines mark cages: combine the "
    "numbers in a cage with the sign in its corner to get the number shown there (7+: the numbers "
    "add up to 7). For − and ÷, start with the larger number. A number may repeat within a cage "
    "if not in the same row or column. A cage of one square holds its number."
)
GENERAL_RULES = N_(
    "Write a number in every square so that each row and each column holds every number from 1 "
    "to the side of the grid exactly once (1 to 6 on a 6x6 grid). The bold outlines mark cages: "
    "combine the numbers in a cage with the sign in its corner to get the number shown there "
    "(7+: the numbers add up to 7). For − and ÷, start with the larger number. A number may "
    "repeat within a cage if not in the same row or column. A cage of one square holds its number."
)
"""The rules in plain words, with an example: a reader read "the numbers in a cage give the
small number in its corner by the sign beside it" twice and still asked what it meant."""

def operation_signs() -> dict[str, str]:
    """Each operation as the current language's schools write it (× and ÷ in English, · and : in
    German), the signs the cages, the rules and the hints show."""
    return {"+": "+", "-": "\u2212",
            # Translators: the multiplication sign as the language's primary schools write it
            # (× in English; · in German)
            "x": pgettext("operator", "\u00d7"),
            # Translators: the division sign as the language's primary schools write it
            # (÷ in English; : in German, Italian, Spanish, Dutch)
            "/": pgettext("operator", "\u00f7"), "=": ""}


def in_signs(text: str) -> str:
    """A translated text that writes × and ÷, in the language's signs."""
    signs = operation_signs()
    return text.replace("\u00d7", signs["x"]).replace("\u00f7", signs["/"])


def rules_text(request: Request | None) -> str:
    """The rules a section prints, in the language spoken; its side when known."""
    if request is None:
        return in_signs(_(GENERAL_RULES))
    return in_signs(_(RULES)).format(largest=request.settings["size"])


def label(cage: JSON) -> str:
    """What a cage's first square prints: its target and sign ("12+", "2÷"; "3" alone for a cage
    of one square)."""
    return f"{cage['target']}{operation_signs()[cage['op']]}"


def first_cell(cage: JSON) -> tuple[int, int]:
    """The square a cage's label goes in: its first in reading order."""
    return min((r, c) for r, c in cage["cells"])


def printed(puzzle: JSON) -> Printed:
    """The page draws the grid, the cages' bold outlines and each cage's label."""
    return Printed({"size": puzzle["size"], "cages": puzzle["cages"]},
                   tuple(label(cage) for cage in puzzle["cages"]))


def canonical(puzzle: JSON) -> str:
    """Turned or mirrored, with its cages moved alike, a grid is the same puzzle; numbers cannot be
    renamed (the targets fix them)."""
    size = puzzle["size"]
    forms = []
    for symmetry in SYMMETRIES:
        cages = sorted([sorted(list(symmetry.cell(r, c, size, size)) for r, c in cage["cells"]),
                        cage["op"], cage["target"]] for cage in puzzle["cages"])
        forms.append([size, cages])
    return form_key(*forms)

