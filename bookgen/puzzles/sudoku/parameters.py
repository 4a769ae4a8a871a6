"""Sudoku's parameters: sizes and their boxes, variants, symmetries of the givens, options, rules,
and the forms a puzzle is printed, compared and answered in.
"""

from __future__ import annotations

from bookgen.api import JSON, Printed, Request, form_key, numbers_printed
from bookgen.core.options import Option
from bookgen.core.symmetry import SYMMETRIES, Symmetry
from bookgen.i18n import N_, _
from bookgen.puzzles.sudoku.symmetry import minlex

BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}
"""Each size's box as (rows, columns): a 6x6 grid has six boxes two rows high, three wide."""
VARIANTS = ("classic", "diagonal", "jigsaw", "killer")
VARIANT_SIZES = {"jigsaw": ("6", "9"), "killer": ("9",)}
"""The sizes a variant comes in, where not every size: a 4x4 jigsaw's four regions of four leave
too few layouts worth printing, and on smaller grids every killer rates alike (its cage sums
weigh as a naked single, past the small sizes' finer bands)."""
PATTERNS = ("rotational", "mirror", "none")

OPTIONS = (
    Option("size", "choice", N_("grid side: 4 (2x2 boxes), 6 (2x3 boxes) or 9 (3x3 boxes; default)"),
           choices=("9", "6", "4"), default="9", label=N_("Size"),
           words={"9": N_("9 \u00d7 9"), "6": N_("6 \u00d7 6"), "4": N_("4 \u00d7 4")}),
    Option("variant", "choice", N_("classic; diagonal (each long diagonal holds every number once "
           "too); jigsaw (irregular regions in place of boxes; size 6 or 9); or killer (cages "
           "whose numbers add up to the sum printed in them, few or no givens; size 9, medium "
           "to expert). Default classic"),
           choices=VARIANTS, default="classic", label=N_("Variant"),
           words={"classic": N_("classic"), "diagonal": N_("diagonal"), "jigsaw": N_("jigsaw"),
                  "killer": N_("killer")}),
    Option("symmetry", "choice", N_("pattern of the givens: rotational (turned half way it looks "
           "the same, as published sudoku are; default), mirror (left to right) or none"),
           choices=PATTERNS, default="rotational", label=N_("Symmetry"),
           words={"rotational": N_("rotational"), "mirror": N_("mirror"), "none": N_("none")}),
)

RULES = N_(
    "Write a number from 1 to {largest} in every empty square so that each row, each column and "
    "each box outlined in bold holds every number from 1 to {largest} exactly once."
)
DIAGONAL_RULES = N_(
    "Write a number from 1 to {largest} in every empty square so that each row, each column, "
    "each box outlined in bold and each of the two long diagonals (shaded) holds every number "
    "from 1 to {largest} exactly once."
)
JIGSAW_RULES = N_(
    "Write a number from 1 to {largest} in every empty square so that each row, each column and "
    "each region outlined in bold holds every number from 1 to {largest} exactly once. The "
    "regions are irregular shapes of {largest} squares each."
)
KILLER_RULES = N_(
    "Write a number from 1 to {largest} in every empty square so that each row, each column and "
    "each box outlined in bold holds every number from 1 to {largest} exactly once. The numbers "
    "in each cage (a dashed outline) add up to the small sum in its corner, and no number appears "
    "twice in a cage."
)
GENERAL_RULES = N_(
    "Write a number in every empty square so that each row, each column and each box outlined in "
    "bold holds every number once: 1 to 9 on a 9x9 grid, 1 to 6 on a 6x6 grid, 1 to 4 on a 4x4 "
    "grid. In a diagonal sudoku the two long diagonals (shaded) hold every number once too."
)


def rules_text(request: Request | None) -> str:
    """The rules a section prints, in the language spoken; the size and variant when known."""
    if request is None:
        return _(GENERAL_RULES)
    largest = int(request.settings["size"])
    text = {"diagonal": DIAGONAL_RULES, "jigsaw": JIGSAW_RULES, "killer": KILLER_RULES}.get(
        request.settings["variant"], RULES)
    return _(text).format(largest=largest)


EXAMPLE_NOTE = N_("The example is a small grid of four rows, with the numbers 1 to 4.")


def example_note(request: Request | None) -> str | None:
    """A classic or diagonal section of 6x6 or 9x9 is shown the 4x4 example: the rules say so."""
    if request is None or request.settings["size"] == "4" or request.settings["variant"] in (
            "jigsaw", "killer"):
        return None
    return _(EXAMPLE_NOTE)


def size_of(puzzle: JSON) -> int:
    return len(puzzle["givens"])


def variant_of(puzzle: JSON) -> str:
    return str(puzzle.get("variant", "classic"))


def regions_of(puzzle: JSON) -> list[list[int]] | None:
    """A jigsaw's regions: each cell's region number, 1 to the size, row by row (None for boxes)."""
    regions = puzzle.get("regions")
    return regions if isinstance(regions, list) else None


def cages_of(puzzle: JSON) -> list[JSON]:
    """A killer's cages: {"sum", "cells": [[row, column], ...]} each ([] for other variants)."""
    cages = puzzle.get("cages")
    return cages if isinstance(cages, list) else []


def printed(puzzle: JSON) -> Printed:
    """The page draws the grid, its boxes or a jigsaw's regions (bold walls), (diagonal) the
    shaded diagonals and (killer) the dashed cages with their sums, and prints the givens; the
    rules name the variant."""
    shown = {"variant": variant_of(puzzle), "givens": puzzle["givens"]}
    if regions_of(puzzle):
        shown["regions"] = puzzle["regions"]
    if cages_of(puzzle):
        shown["cages"] = puzzle["cages"]
    sums = tuple(str(cage["sum"]) for cage in cages_of(puzzle))
    return Printed(shown, numbers_printed(puzzle["givens"]) + sums)


def keeps_boxes(symmetry: Symmetry, size: int) -> bool:
    """Whether a symmetry maps boxes onto boxes: any of the eight on square boxes, only those
    without a transpose on 2x3 boxes."""
    rows, cols = BOXES[size]
    return rows == cols or not symmetry.transpose


def relabelled(grid: list[list[int]]) -> list[list[int]]:
    """The grid with its numbers renamed in the order they first appear, row by row (1 first):
    two puzzles that differ only by a swap of numbers read the same."""
    names: dict[int, int] = {}
    for row in grid:
        for value in row:
            if value and value not in names:
                names[value] = len(names) + 1
    return [[names.get(value, 0) for value in row] for row in grid]


def twins(grid: list[list[int]], size: int) -> list[list[list[int]]]:
    """Every form of a grid under the eight turns and mirrors of the square that keep the boxes,
    numbers relabelled: the twins a diagonal sudoku (or a variant with its own regions) is
    compared by."""
    return [relabelled(symmetry.grid(grid)) for symmetry in SYMMETRIES if keeps_boxes(symmetry, size)]


def layout_of(puzzle: JSON) -> JSON:
    """What a variant adds to the givens (a jigsaw's regions, a killer's cages): every field but
    the givens and the variant's name."""
    return {key: value for key, value in puzzle.items() if key not in ("variant", "givens")}


def canonical(puzzle: JSON) -> str:
    """One text for a puzzle and every twin. A classic sudoku's twins are all the changes that
    keep it a sudoku (bands, stacks, the rows and columns within them, a transpose of square
    boxes, the numbers renamed: `symmetry.minlex`); a diagonal one's the eight turns and mirrors
    with the numbers renamed. A jigsaw's regions turn with its givens (any of the eight
    symmetries: regions have no shape to keep); a killer's cages and sums turn with them, never
    relabelled, as sums fix the numbers."""
    size, variant, givens = size_of(puzzle), variant_of(puzzle), puzzle["givens"]
    regions = regions_of(puzzle)
    if regions:
        return form_key(*([variant, relabelled(symmetry.grid(regions)),
                           relabelled(symmetry.grid(givens))] for symmetry in SYMMETRIES))
    if cages_of(puzzle):
        owner = [[0] * size for _ in range(size)]
        sums = [[0] * size for _ in range(size)]
        for number, cage in enumerate(cages_of(puzzle), 1):
            for row, col in cage["cells"]:
                owner[row][col], sums[row][col] = number, cage["sum"]
        return form_key(*([variant, relabelled(symmetry.grid(owner)), symmetry.grid(sums),
                           symmetry.grid(givens)]
                          for symmetry in SYMMETRIES if keeps_boxes(symmetry, size)))
    if variant == "classic":
        return form_key([variant, minlex(givens, *BOXES[size])])
    return form_key(*([variant, form] for form in twins(givens, size)))


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """The answer as the key prints it, on the puzzle's layout: sudoku answers are not compared
    up to twins, as a 4x4 has only two filled grids that are not twins and a 6x6 49, so a book
    could hold no more 4x4 puzzles than that. Twin puzzles are refused by `canonical`."""
    return form_key([variant_of(puzzle), solution["grid"], layout_of(puzzle)])
