"""Numbrix and Hidato parameters: sizes, the built-in shapes and drawn masks a Hidato grid may take."""

from __future__ import annotations

from bookgen.api import Request, _
from bookgen.core.hamilton import Cell
from bookgen.core.masks import SHAPES, parse_mask
from bookgen.errors import BookgenError
from bookgen.puzzles.numbrix.board import normalised

# --- parameters and shapes ------------------------------------------------------------------------

MIN_SIDE, MAX_SIDE = 4, 15
MAX_PRINTED_SIDE = 20  # a bank puzzle may be a little larger than we generate, and still print
SYMMETRIES = ("none", "rotational", "mirror")
DEFAULT_SIZE = {"easy": 6, "medium": 7, "hard": 8, "expert": 8}
ATTEMPTS = 30  # fresh paths tried before a request is declared out of reach
# Most missing numbers allowed between consecutive givens, per level (None: no cap). Removing every
# given the grader allows leaves easy pages sparse, with long runs to find; the cap keeps easy and
# medium pages fuller and gentler. The level is still the technique grade.
STRETCH_CAP: dict[str, int | None] = {"easy": 4, "medium": 7, "hard": None, "expert": None}


def shape_problem(text: str) -> str | None:
    """Why a shape option is not a built-in name or a mask; None when it is fine."""
    if text in SHAPES:
        return None
    if "#" not in text:
        return _("shape {shape} is not a built-in shape ({shapes}) nor a mask such as "
                 "'.##./####/.##.' ('#' a cell, '.' a hole, '/' between rows)").format(
                     shape=repr(text), shapes=", ".join(SHAPES))
    try:
        mask_cells(text)
    except BookgenError as error:
        return error.message
    return None


def mask_cells(text: str) -> tuple[int, int, list[Cell]]:
    """(rows, cols, cells) of a drawn mask like '.##./####'."""
    mask = parse_mask(text, MAX_SIDE, least_cells=4)
    return mask.rows, mask.cols, mask.sorted_cells()


def shape_cells(request: Request) -> tuple[int, int, list[Cell], str]:
    """(rows, cols, cells, description) for the size and shape settings. A mask brings its own
    size, so a size the user set must agree with it (the level's default size does not count)."""
    shape = request.settings.get("shape", "square")  # Numbrix has no shape option: a square
    if shape in SHAPES:
        rows, cols = request.settings["size"]
        what = _("the {size} {shape}").format(size=f"{rows}x{cols}", shape=_(shape))
        cells = list(normalised(tuple(SHAPES[shape](rows, cols))))
        return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1, cells, what
    rows, cols, cells = mask_cells(shape)
    asked = request.options.get("size")
    if asked is not None and tuple(asked) != (rows, cols):
        raise BookgenError(_("the shape mask is {mask} but size asks for {size}; leave size "
                             "out").format(mask=f"{rows}x{cols}", size=f"{asked[0]}x{asked[1]}"),
                           key="size")
    return rows, cols, cells, _("the drawn shape")
