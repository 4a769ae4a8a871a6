"""Arrows' parameters: the eight directions and four lines a sign may point along, options, rules,
and the forms a puzzle is printed, compared and answered in.
"""

from __future__ import annotations

from bookgen.api import JSON, Printed, Request, form_key, numbers_printed
from bookgen.core.options import Option
from bookgen.core.symmetry import SYMMETRIES
from bookgen.i18n import N_, _

STEPS = {"N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1),
         "S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1)}
DIRECTIONS = tuple(STEPS)
LINES = ("E+W", "N+S", "NE+SW", "SE+NW")
NAME_OF_STEP = {step: name for name, step in STEPS.items()}
OPPOSITE = {"N": "S", "NE": "SW", "E": "W", "SE": "NW", "S": "N", "SW": "NE", "W": "E", "NW": "SE"}
MIN_SIDE, MAX_SIDE = 4, 8        # what the generator makes
MAX_JSON_SIDE = 12               # what a hand-entered puzzle may use

OPTIONS = (
    Option("size", "size", N_("grid size: N for N x N, or RxC (default 5x5)"), low=MIN_SIDE,
           high=MAX_SIDE, default=(5, 5), label=N_("Size")),
    Option("two_headed", "float", N_("share of signs that are two-headed arrows (E+W and so on; "
           "default 0.2)"), low=0.0, high=1.0, default=0.2, label=N_("Two-headed arrows")),
)

RULES = N_(
    "Every square carries a sign. Write a number in each square: it must equal how many "
    "different numbers stand in the squares its arrow points at, all the way to the edge of the "
    "grid. A two-headed arrow looks both ways. Bold numbers are given."
)


def rules_text(request: Request | None) -> str:
    """The rules every section prints, in the language spoken."""
    return _(RULES)


def printed(puzzle: JSON) -> Printed:
    """The page draws every square's arrows and prints the given counts."""
    return Printed({"arrows": puzzle["arrows"], "givens": puzzle["givens"]},
                   numbers_printed(puzzle["givens"]))


def canonical(puzzle: JSON) -> str:
    """Turned or mirrored, with every arrow turned alike, a grid is the same puzzle."""
    forms = []
    for symmetry in SYMMETRIES:
        arrows = [["+".join(sorted((NAME_OF_STEP[symmetry.step(*STEPS[d])] for d in heads(sign)),
                                   key=DIRECTIONS.index))
                   for sign in row] for row in symmetry.grid(puzzle["arrows"])]
        forms.append([arrows, symmetry.grid(puzzle["givens"])])
    return form_key(*forms)


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A filled grid turned or mirrored, with its arrows turned alike, is the same answer."""
    return canonical({"arrows": puzzle["arrows"], "givens": solution["grid"]})

Cell = int           # index row * cols + col
Domains = list[int]  # per cell, the candidate numbers as a bitmask (bit v set: v is possible)


def heads(sign: str) -> tuple[str, ...]:
    """The directions a sign looks in: ('E',) or ('E', 'W') for 'E+W'."""
    return tuple(sign.split("+"))
