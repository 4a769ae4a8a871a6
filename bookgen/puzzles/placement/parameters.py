"""Number placement's parameters: kinds of number, options, rules, the score a level's band holds,
and the forms a puzzle is printed, compared and answered in.
"""

from __future__ import annotations

from typing import Any

from bookgen.api import JSON, Printed, form_key
from bookgen.core.grading import Bands
from bookgen.core.options import Option
from bookgen.i18n import N_
from bookgen.puzzles.placement.numbers import MINUS, parse_number, shown

KINDS = ("whole", "signed", "decimal", "fraction", "mixed")
KIND_POINTS = {"whole": 0, "signed": 2, "decimal": 2, "fraction": 4, "mixed": 6}
UNIQUE_POINTS = 2
# Score bands per level (inclusive); score = boxes to fill + KIND_POINTS + UNIQUE_POINTS if
# pre-filled (README.md in this folder: a pre-filled box is one less to fill, not more work).
BANDS = Bands.of({"easy": (0, 6), "medium": (7, 10), "hard": (11, 15), "expert": (16, 99)})
# What each level prefers when the user leaves an option open.
PREFERRED: dict[str, dict[str, tuple[Any, ...]]] = {
    "easy": {"size": (4, 5), "numbers": ("whole",), "unique": (False,)},
    "medium": {"size": (6, 7), "numbers": ("signed", "decimal"), "unique": (False,)},
    "hard": {"size": (8, 9, 10), "numbers": ("fraction", "mixed"), "unique": (True, False)},
    "expert": {"size": (10, 11, 12), "numbers": ("mixed",), "unique": (True,)},
}
MIN_SIZE, MAX_SIZE = 3, 12

KIND_WORDS = {"whole": N_("whole numbers"), "signed": N_("with negatives"), "decimal": N_("decimals"),
              "fraction": N_("fractions"), "mixed": N_("mixed")}
"""Each kind of numbers as a menu or help line names it."""

OPTIONS = (
    Option("size", "int", N_("how many boxes"), low=MIN_SIZE, high=MAX_SIZE,
           label=N_("Number of boxes")),
    Option("numbers", "choice", N_("what kind of numbers fill the pool"), choices=KINDS,
           words=KIND_WORDS, label=N_("Numbers")),
    Option("unique", "bool", N_("pre-fill boxes until exactly one arrangement remains"),
           label=N_("One answer only")),
)

RULES = N_(
    "Write each number from the pool into one empty box so that every < and > between "
    "neighbouring boxes is true. Boxes that are already filled stay as they are. Most puzzles "
    "can be finished in more than one way: any order that makes every sign true is right."
)


def printed(puzzle: JSON) -> Printed:
    """The page prints the chain's signs, the pre-filled boxes and the pool: every number once,
    in a box or in the pool (a fraction as its numerator and denominator, stacked)."""
    shown = {"signs": puzzle["signs"], "numbers": puzzle["numbers"],
             "givens": puzzle.get("givens", {})}
    return Printed(shown, (*puzzle["signs"], *(piece for text in puzzle["numbers"]
                                               for piece in _printed_pieces(text))))


def _printed_pieces(text: str) -> tuple[str, ...]:
    """The texts `_draw_number` writes for a number."""
    if "/" not in text:
        return (shown(text),)
    sign = (MINUS,) if text.startswith("-") else ()
    return (*sign, *text.lstrip("-").split("/"))


def canonical(puzzle: JSON) -> str:
    """A chain read backwards is the same puzzle: signs reversed and turned, boxes counted from
    the other end; the pool is a set, whatever order it is printed in."""
    signs, givens = puzzle["signs"], puzzle.get("givens", {})
    last = len(signs)
    pool = sorted(puzzle["numbers"], key=parse_number)
    forward = ["".join(signs), pool, sorted((int(box), text) for box, text in givens.items())]
    backward = ["".join("<" if sign == ">" else ">" for sign in reversed(signs)), pool,
                sorted((last - int(box), text) for box, text in givens.items())]
    return form_key(forward, backward)


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A filled chain read backwards is the same answer."""
    return form_key(solution["order"], solution["order"][::-1])


def score(to_fill: int, kind: str, prefilled: bool) -> int:
    """The difficulty score of a row with `to_fill` empty boxes, numbers of `kind`, and boxes
    pre-filled (the one-arrangement form) or not."""
    return to_fill + KIND_POINTS[kind] + (UNIQUE_POINTS if prefilled else 0)


def pins_for(size: int, unique: bool) -> tuple[int, int]:
    """How many boxes a generated row pre-fills: none, or (unique) one to half of them, which
    is what pinning the answer until one arrangement is left gives nearly always."""
    return (1, max(1, size // 2)) if unique else (0, 0)


# The curve a reader sees: of a row in the one-arrangement form, each level would rather pre-fill at
# most this percentage of the boxes (easy: any), so a harder level never shows more.
PREFILL_CEILING = {"easy": 100, "medium": 50, "hard": 40, "expert": 30}


def score_span(size: int, kind: str, unique: bool) -> tuple[int, int]:
    """The lowest and highest score a generated row of these settings may have."""
    fewest, most = pins_for(size, unique)
    return score(size - most, kind, unique), score(size - fewest, kind, unique)
