"""Arithmetic's parameters: options, rules (with what ^ and joining mean), the operator set in its
canonical order, and the forms a card is printed, compared and answered in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bookgen.api import JSON, Printed, Request, form_key
from bookgen.core import exprs
from bookgen.core.exprs import Rules
from bookgen.core.options import Option
from bookgen.i18n import N_, _, pgettext

MIN_SIZE, MAX_SIZE = 3, 6
MAX_NUMBER = 99
MAX_TARGET = 9999


def check_operators(text: str) -> str | None:
    text = text.strip()
    if not text:
        return _("the operator set is empty; use some of + - * / ^ (for example +-*/)")
    wrong = sorted(set(text) - set(exprs.OPERATORS))
    if wrong:
        return _("{wrong} is not an operator; use some of + - * / ^ (for example +-*/)").format(
            wrong=repr("".join(wrong)))
    if len(set(text)) != len(text):
        return _("{operators} repeats an operator; list each of + - * / ^ at most once").format(
            operators=repr(text))
    return None


OPTIONS = (
    Option("target", "int", N_("the number to make (10 for the Ten puzzle, 24 for the card game)"),
           default=10, low=0, high=MAX_TARGET, label=N_("Target number")),
    Option("size", "int", N_("how many numbers each puzzle gives"), default=4, low=MIN_SIZE,
           high=MAX_SIZE, label=N_("Numbers per card")),
    Option("range", "range", N_("the numbers drawn, e.g. 0-9 for digits or 1-13 for cards"),
           default=(1, 9), low=0, high=MAX_NUMBER, label=N_("Range of numbers")),
    Option("operators", "text", N_("allowed operators, some of + - * / and ^ (whole exponents 0-6)"),
           default="+-*/", check=check_operators, label=N_("Operators")),
    Option("concat", "bool", N_("numbers next to each other on the card may be joined into one, in "
           "the card's order (1 and 2 as 12, never 21)"), default=False, label=N_("Join digits")),
    Option("distinct", "bool", N_("no number appears twice in a puzzle"), default=False,
           label=N_("All numbers different")),
)

RULES = N_("Use each number on the card once, with the signs shown and brackets if you like, to "
           "make the target number.")
DIVISION = N_("A division need not come out even: 1 \u00f7 5 is one fifth, and fractions on the "
              "way are allowed.")
"""Said only where the cards divide: a card of + and \u2212 for a 7-year-old speaks of no
fraction."""

POWERS = N_("^ means a power: 2^3 is 2 \u00d7 2 \u00d7 2 = 8. The number after ^ is a whole "
          "number from 0 to 6 (5^0 = 1).")
JOINING = N_("Numbers that stand next to each other on the card may be joined into one number, in "
           "the order they are printed: on the card 1 7 9 9, 1 and 7 make 17 (never 71), and "
           "7, 9 and 9 make 799.")


def rules_text(request: Request | None) -> str:
    """The rules of a section, with what division, ^ and joining mean where its cards allow
    them; all three when the section may mix cards (a bank)."""
    settings: Mapping[str, Any] = (request.settings if request
                                   else {"operators": exprs.OPERATORS, "concat": True})
    operators = settings["operators"]
    return " ".join(in_signs(_(text)) for text in [RULES] + [DIVISION] * ("/" in operators)
                    + [POWERS] * ("^" in operators) + [JOINING] * bool(settings["concat"]))


def printed(puzzle: JSON) -> Printed:
    """A card prints its target, its numbers and the operators (and that numbers may be joined)."""
    shown: JSON = {key: puzzle[key] for key in ("numbers", "target", "operators", "concat")
                   if key in puzzle}
    return Printed(shown, (card_title(puzzle), *map(str, puzzle["numbers"]), operators_line(puzzle)))


def canonical(puzzle: JSON) -> str:
    """A card is its multiset of numbers, its target and its rules: the order of the operators
    does not matter, nor that of the numbers unless neighbours may be joined (1 7 9 9 joins 17,
    9 7 1 9 does not)."""
    concat = bool(puzzle.get("concat", False))
    numbers = list(puzzle["numbers"]) if concat else sorted(puzzle["numbers"])
    return form_key([numbers, puzzle["target"], "".join(sorted(puzzle["operators"])), concat])


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """The answer the key prints: the first (simplest) expression. Cards of different numbers
    never share one; cards of the same numbers and target with other operators may."""
    return form_key(solution["expressions"][0])


def operators_in_order(text: str) -> str:
    """The operator set in the canonical order + - * / ^."""
    return "".join(op for op in exprs.OPERATORS if op in text)


def rules_of(puzzle: JSON) -> Rules:
    return Rules(operators_in_order(puzzle["operators"]), bool(puzzle.get("concat", False)))
def operator_signs() -> dict[str, str]:
    """Each operator as the current language's schools write it, from its catalog: "9 · 8 : 6" in
    German, "9 × 8 : 6" in Italian; the card, the key, the hints and the player show these."""
    return {"+": "+", "-": "\u2212",
            # Translators: the multiplication sign as the language's primary schools write it
            # (× in English; · in German)
            "*": pgettext("operator", "\u00d7"),
            # Translators: the division sign as the language's primary schools write it
            # (÷ in English; : in German, Italian, Spanish, Dutch)
            "/": pgettext("operator", "\u00f7"), "^": "^"}


def in_signs(text: str) -> str:
    """A translated text whose examples write × and ÷ (the rules' "1 ÷ 5"), in the language's
    signs, so the rules show the signs the card uses."""
    signs = operator_signs()
    return text.replace("\u00d7", signs["*"]).replace("\u00f7", signs["/"])


def card_title(puzzle: JSON) -> str:
    """The card's heading: the target to make."""
    # Translators: the heading of a card, "Make 10": the number to reach
    return _("Make {target}").format(target=puzzle["target"])


def operators_line(puzzle: JSON) -> str:
    """The card's line under its numbers: the operators allowed (and that neighbours join)."""
    names = operator_signs()
    signs = " ".join(names[op] for op in operators_in_order(puzzle["operators"]))
    if puzzle.get("concat"):
        return _("using {operators}, neighbours may be joined").format(operators=signs)
    return _("using {operators}").format(operators=signs)
