"""The pyramid's parameters: variants, options, rules text, the range caption, and the forms a
puzzle is printed, compared and answered in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bookgen.api import JSON, Printed, Request, mirror_form, numbers_printed
from bookgen.core.options import Option
from bookgen.core.triangle import triangular
from bookgen.i18n import N_, _
from bookgen.puzzles.pyramid.rules import largest

VARIANTS = ("classic", "distinct")
MAX_ROWS = 10  # the largest pyramid any puzzle JSON may hold, and the generator makes
MIN_ROWS = 3
CLASSIC_LIMIT = 5  # no classic (anti-Pascal) pyramid has more rows
MAX_NUMBER = 9999
# Default rows per variant and level (small enough that every level is quick to make).
DEFAULT_ROWS = {
    "classic": {"easy": 4, "medium": 4, "hard": 4, "expert": 5},
    "distinct": {"easy": 5, "medium": 6, "hard": 6, "expert": 7},
}


def default_rows(level: str, earlier: Mapping[str, Any]) -> int:
    return DEFAULT_ROWS[earlier["variant"]][level]


def default_max(level: str, earlier: Mapping[str, Any]) -> int:
    """Classic: exactly n(n+1)/2; distinct: room enough that random pyramids are quick to find."""
    rows = earlier["rows"]
    total = triangular(rows)
    if earlier["variant"] == "classic":
        return total
    return total + total // 2 if rows <= 6 else (2 * total if rows <= 9 else 3 * total)


OPTIONS = (
    Option("variant", "choice", N_("classic (1 to n(n+1)/2 once each) or distinct (all different, up "
           "to max); number walls are the type numberwall"), default="classic", choices=VARIANTS,
           words={"classic": N_("classic pyramid"), "distinct": N_("all numbers different")},
           label=N_("Variant"),
           # Translators: a section's title, for a book with both kinds of pyramid
           titles={"distinct": N_("Distinct Pyramids")}),
    Option("rows", "int", N_("rows in the pyramid (classic 3-5, distinct 3-10)"), default=default_rows,
           low=MIN_ROWS, high=MAX_ROWS, label=N_("Rows")),
    Option("max", "int", N_("largest number allowed (classic: exactly n(n+1)/2; distinct: at least "
           "that)"), default=default_max, low=1, high=MAX_NUMBER, label=N_("Largest number")),
)

# The range under each pyramid is part of its rules: a distinct pyramid has a second answer
# without its maximum, and a classic one's range holds exactly as many numbers as it has circles.
TYPE_RULES = N_(
    "Each number is the difference of the two numbers above it. No number appears twice, and every "
    "number is in the range printed under the pyramid. Fill in the missing numbers."
)

VARIANT_RULES = {
    "classic": N_("Each number is the difference of the two numbers above it. Use every number of "
                  "the range printed under the pyramid exactly once. Fill in the missing numbers."),
    "distinct": TYPE_RULES,
}


def rules_text(request: Request | None) -> str:
    """The rules of a section: of its variant, or of both when it may mix them (a bank), in the
    language spoken."""
    rules = VARIANT_RULES[request.settings["variant"]] if request else TYPE_RULES
    return _(rules)


def range_caption(puzzle: JSON) -> str:
    """The range under a pyramid, in the language spoken (plain digits, as in the circles)."""
    # Translators: printed under each pyramid; the rules speak of "the range printed under the pyramid"
    return _("Numbers 1 to {largest}").format(largest=largest(puzzle))


def play_data(puzzle: JSON) -> JSON:
    """The playable board's caption: the range, as under the printed drawing."""
    return {"caption": range_caption(puzzle)}


def printed(puzzle: JSON) -> Printed:
    """The page shows the circles, their given numbers and the range under them; the variant is
    the section's rules."""
    return Printed({"variant": puzzle["variant"], "max": largest(puzzle), "rows": puzzle["rows"]},
                   (*numbers_printed(puzzle["rows"]), range_caption(puzzle)))


def canonical(puzzle: JSON) -> str:
    """A pyramid and its mirror image are the same puzzle."""
    return mirror_form(puzzle["rows"], {key: value for key, value in puzzle.items() if key != "rows"})


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A full pyramid and its mirror image are the same answer, whatever givens led to it."""
    return mirror_form(solution["rows"])
