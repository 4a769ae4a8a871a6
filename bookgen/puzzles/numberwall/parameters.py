"""The number wall's parameters: options, rules, and the forms a puzzle is printed, compared and
answered in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bookgen.api import JSON, Printed, Request, mirror_form, numbers_printed
from bookgen.core.options import Option
from bookgen.i18n import N_, _

VARIANT = "sum"  # the puzzle JSON's "variant", kept from when walls were a pyramid variant
MAX_ROWS = 10  # the largest wall any puzzle JSON may hold
MIN_ROWS, MADE_ROWS = 3, 7  # rows the generator makes
EXPERT_ROWS = 5  # smaller number walls never need two equations
MAX_NUMBER = 9999
# Default rows per level (small enough that every level is quick to make).
DEFAULT_ROWS = {"easy": 4, "medium": 4, "hard": 5, "expert": 7}
DEFAULT_RANGE = (1, 10)


def default_max(level: str, earlier: Mapping[str, Any]) -> int:
    """Never binding: the top of a wall whose bottom row is all the high end of the range."""
    return min(MAX_NUMBER, earlier["range"][1] * 2 ** (earlier["rows"] - 1))


OPTIONS = (
    Option("rows", "int", N_("rows in the wall (expert: at least {rows})"), help_values={"rows": EXPERT_ROWS},
           default=lambda level, earlier: DEFAULT_ROWS[level], low=MIN_ROWS, high=MADE_ROWS,
           label=N_("Rows")),
    Option("range", "range", N_("the numbers in the bottom row, e.g. 1-10"), default=DEFAULT_RANGE,
           low=1, high=MAX_NUMBER, label=N_("Numbers in the bottom row")),
    Option("max", "int", N_("largest number allowed (the top); by default never binding"),
           default=default_max, low=1, high=MAX_NUMBER, label=N_("Largest number")),
)

RULES = N_("Each brick holds the sum of the two bricks below it, and every brick holds a whole number, "
           "1 or more. Fill in the missing numbers.")


def rules_text(request: Request | None) -> str:
    """The rules every section prints, in the language spoken."""
    return _(RULES)


def printed(puzzle: JSON) -> Printed:
    """The page shows the bricks and their given numbers; of the bounds, only the rules' "whole
    numbers, 1 or more" (a wall's own max and its bottom row's range are never printed)."""
    return Printed({"variant": VARIANT, "min": 1, "max": MAX_NUMBER, "rows": puzzle["rows"]},
                   numbers_printed(puzzle["rows"]))


def canonical(puzzle: JSON) -> str:
    """A wall and its mirror image are the same puzzle."""
    return mirror_form(puzzle["rows"], {key: value for key, value in puzzle.items() if key != "rows"})


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A full wall and its mirror image are the same answer, whatever givens led to it."""
    return mirror_form(solution["rows"])
