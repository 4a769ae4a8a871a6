"""Futoshiki's parameters: sizes, options, rules, and the forms a puzzle is printed, compared and
answered in.

A sign joins two squares side by side: `a` and `b`, `b` the square right of `a` or below it, and
`op` "<" (a's number is less than b's) or ">" (greater), as the page prints it reading left to
right and top to bottom.
"""

from __future__ import annotations

from bookgen.api import JSON, Printed, Request, form_key, numbers_printed
from bookgen.core.options import Option
from bookgen.core.symmetry import SYMMETRIES
from bookgen.i18n import N_, _

MIN_SIZE, MAX_SIZE = 4, 9
DEFAULT_SIZE = {"easy": 5, "medium": 5, "hard": 6, "expert": 6}
"""Each level's default side: where the level's steps are needed often enough to make its puzzles
quickly (bench/futoshiki.py)."""

OPTIONS = (
    Option("size", "int", N_("grid side, 4 to 9 (default by level: 5 easy, 5 medium, 6 hard, "
           "6 expert)"), low=MIN_SIZE, high=MAX_SIZE,
           default=lambda level, earlier: DEFAULT_SIZE[level], label=N_("Size"),
           in_title=N_("{value} \u00d7 {value}")),
)

RULES = N_(
    "Write a number from 1 to {largest} in every empty square so that each row and each column "
    "holds every number from 1 to {largest} exactly once. A sign between two squares points at "
    "the smaller number: the number at its open side is greater than the number at its tip. "
    "Bold numbers are given."
)
GENERAL_RULES = N_(
    "Write a number in every empty square so that each row and each column holds every number "
    "from 1 to the side of the grid exactly once (1 to 5 on a 5x5 grid). A sign between two "
    "squares points at the smaller number: the number at its open side is greater than the "
    "number at its tip. Bold numbers are given."
)


def rules_text(request: Request | None) -> str:
    """The rules a section prints, in the language spoken; its side when known."""
    if request is None:
        return _(GENERAL_RULES)
    return _(RULES).format(largest=request.settings["size"])


def printed(puzzle: JSON) -> Printed:
    """The page draws the squares, the signs between them and the given numbers."""
    return Printed({"size": puzzle["size"], "givens": puzzle["givens"], "signs": puzzle["signs"]},
                   numbers_printed(puzzle["givens"]))


def relations(puzzle: JSON) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Each sign as (the smaller number's square, the greater's)."""
    pairs = [(tuple(sign["a"]), tuple(sign["b"]), sign["op"]) for sign in puzzle["signs"]]
    return [(a, b) if op == "<" else (b, a) for a, b, op in pairs]


def signed(smaller: tuple[int, int], greater: tuple[int, int]) -> JSON:
    """The sign between two squares side by side, as the JSON writes it (a first in reading order)."""
    if smaller < greater:
        return {"a": list(smaller), "b": list(greater), "op": "<"}
    return {"a": list(greater), "b": list(smaller), "op": ">"}


def canonical(puzzle: JSON) -> str:
    """Turned or mirrored, with the signs turned alike, a grid is the same puzzle; and so is it
    with every number n written as size + 1 - n and every sign turned round."""
    size = puzzle["size"]
    forms = []
    for symmetry in SYMMETRIES:
        givens = symmetry.grid(puzzle["givens"])
        links = [(symmetry.cell(*low, size, size), symmetry.cell(*high, size, size))
                 for low, high in relations(puzzle)]
        for flipped in (False, True):
            shown = [[size + 1 - v if flipped and v else v for v in row] for row in givens]
            signs = [signed(high, low) if flipped else signed(low, high) for low, high in links]
            forms.append([size, shown, sorted([s["a"], s["b"], s["op"]] for s in signs)])
    return form_key(*forms)
