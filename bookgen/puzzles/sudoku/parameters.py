"""Sudoku's parameters: sizes and their boxes, variants, symmetries of the givens, options, rules,
and the forms a puzzle is printed, compared and answered in.
"""

from __future__ import annotations

from bookgen.api import JSON, Printed, Request, form_key
from bookgen.core.options import Option
from bookgen.core.symmetry import SYMMETRIES, Symmetry
from bookgen.i18n import N_, _
from bookgen.puzzles.sudoku.symmetry import diagonal_minlex, minlex

BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
"""Each size's box as (rows, columns): a 6x6 grid has six boxes two rows high, three wide; an
8x8 (for children) boxes two high and four wide, a 12x12 three high and four wide."""
VARIANTS = ("classic", "diagonal", "jigsaw", "killer", "killer-diagonal", "jigsaw-diagonal",
            "killer-jigsaw")
PARTS = {"classic": frozenset(), "diagonal": frozenset({"diagonals"}),
         "jigsaw": frozenset({"regions"}), "killer": frozenset({"cages"}),
         "killer-diagonal": frozenset({"cages", "diagonals"}),
         "jigsaw-diagonal": frozenset({"regions", "diagonals"}),
         "killer-jigsaw": frozenset({"cages", "regions"})}
"""What each variant adds to a classic sudoku: the two long diagonals as houses, irregular
regions in place of the boxes, cages with sums. The combined variants are Tatham's Solo's (its
ids `9xk`, `9jx`, `9jk`): each part keeps its own rules, and the page draws each."""
VARIANT_SIZES = {"jigsaw": ("6", "9"), "killer": ("9",), "killer-diagonal": ("9",),
                 "jigsaw-diagonal": ("9",), "killer-jigsaw": ("9",)}
"""The sizes a variant comes in, where not every size: a 4x4 jigsaw's four regions of four leave
too few layouts worth printing, and on smaller grids every killer rates alike (its cage sums
weigh as a naked single, past the small sizes' finer bands); the combined variants are 9x9, as
Solo's are."""
PATTERNS = ("rotational", "mirror", "none", "quarter-turn", "two-mirrors", "eight-way")
SYMBOLS = ("numbers", "hex")
HEX = "0123456789ABCDEFG"
"""A hex grid's symbols: the number n prints as HEX[n - 1] (1 as 0, 16 as F)."""
HEX_SIZES = (12, 16)
"""The sizes that may print hex: past 9, where numbers take two characters."""

OPTIONS = (
    Option("size", "choice", N_("grid side: 4 (2x2 boxes), 6 (2x3 boxes), 8 (2x4 boxes), 9 (3x3 "
           "boxes; default), 12 (3x4 boxes) or 16 (4x4 boxes)"),
           choices=("9", "6", "4", "8", "12", "16"), default="9", label=N_("Size"),
           words={"9": N_("9 \u00d7 9"), "6": N_("6 \u00d7 6"), "4": N_("4 \u00d7 4"),
                  "8": N_("8 \u00d7 8"), "12": N_("12 \u00d7 12"), "16": N_("16 \u00d7 16")},
           # Translators: a section's title, for a book with sudoku of several sizes
           titles={"6": N_("Sudoku 6 \u00d7 6"), "4": N_("Sudoku 4 \u00d7 4"),
                   "8": N_("Sudoku 8 \u00d7 8"), "12": N_("Sudoku 12 \u00d7 12"),
                   "16": N_("Sudoku 16 \u00d7 16")}),
    Option("variant", "choice", N_("classic; diagonal (each long diagonal holds every number once "
           "too); jigsaw (irregular regions in place of boxes; size 6 or 9); killer (cages whose "
           "numbers add up to the sum printed in them; size 9); or, size 9, killer-diagonal, "
           "jigsaw-diagonal or killer-jigsaw (two of them at once). Default classic"),
           choices=VARIANTS, default="classic", label=N_("Variant"),
           words={"classic": N_("classic"), "diagonal": N_("diagonal"), "jigsaw": N_("jigsaw"),
                  "killer": N_("killer"), "killer-diagonal": N_("killer with diagonals"),
                  "jigsaw-diagonal": N_("jigsaw with diagonals"),
                  "killer-jigsaw": N_("killer on a jigsaw")},
           # Translators: a section's title, for a book with sudoku of several variants, as the
           # puzzle is called where it is sold
           titles={"diagonal": N_("Diagonal Sudoku"), "jigsaw": N_("Jigsaw Sudoku"),
                   "killer": N_("Killer Sudoku"), "killer-diagonal": N_("Killer Diagonal Sudoku"),
                   "jigsaw-diagonal": N_("Diagonal Jigsaw Sudoku"),
                   "killer-jigsaw": N_("Killer Jigsaw Sudoku")}),
    Option("symmetry", "choice", N_("pattern of the givens: rotational (turned half way it looks "
           "the same, as published sudoku are; default), mirror (left to right), quarter-turn "
           "(the same turned a quarter way), two-mirrors (left to right and top to bottom), "
           "eight-way (every turn and mirror) or none"),
           choices=PATTERNS, default="rotational", label=N_("Symmetry"),
           words={"rotational": N_("rotational"), "mirror": N_("mirror"), "none": N_("none"),
                  "quarter-turn": N_("quarter-turn"), "two-mirrors": N_("two mirrors"),
                  "eight-way": N_("eight-way")}),
    Option("symbols", "choice", N_("how a 12x12 or 16x16 grid writes its numbers: numbers (1 to "
           "12 or 16; default) or hex (one character a square: 0 to 9, then A to B or F)"),
           choices=SYMBOLS, default="numbers", label=N_("Symbols"),
           words={"numbers": N_("numbers"), "hex": N_("hex (0\u2013F)")}),
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
HEX_RULES = N_(
    "Write a symbol from 0 to {last} (the digits 0 to 9, then the letters A to {last}) in every "
    "empty square so that each row, each column and each box outlined in bold holds every one of "
    "those {count} symbols exactly once."
)
HEX_DIAGONAL_RULES = N_(
    "Write a symbol from 0 to {last} (the digits 0 to 9, then the letters A to {last}) in every "
    "empty square so that each row, each column, each box outlined in bold and each of the two "
    "long diagonals (shaded) holds every one of those {count} symbols exactly once."
)
JIGSAW_RULES = N_(
    "Write a number from 1 to {largest} in every empty square so that each row, each column and "
    "each region outlined in bold holds every number from 1 to {largest} exactly once. The "
    "regions are irregular shapes of {largest} squares each."
)
JIGSAW_DIAGONAL_RULES = N_(
    "Write a number from 1 to {largest} in every empty square so that each row, each column, "
    "each region outlined in bold and each of the two long diagonals (shaded) holds every number "
    "from 1 to {largest} exactly once. The regions are irregular shapes of {largest} squares each."
)
KILLER_RULES = N_(
    "Write a number from 1 to {largest} in every empty square so that each row, each column and "
    "each box outlined in bold holds every number from 1 to {largest} exactly once. The numbers "
    "in each cage (a dashed outline) add up to the small sum in its corner, and no number appears "
    "twice in a cage."
)
KILLER_DIAGONAL_RULES = N_(
    "Write a number from 1 to {largest} in every empty square so that each row, each column, "
    "each box outlined in bold and each of the two long diagonals (shaded) holds every number "
    "from 1 to {largest} exactly once. The numbers in each cage (a dashed outline) add up to the "
    "small sum in its corner, and no number appears twice in a cage."
)
KILLER_JIGSAW_RULES = N_(
    "Write a number from 1 to {largest} in every empty square so that each row, each column and "
    "each region outlined in bold holds every number from 1 to {largest} exactly once. The "
    "regions are irregular shapes of {largest} squares each. The numbers in each cage (a dashed "
    "outline) add up to the small sum in its corner, and no number appears twice in a cage."
)
GENERAL_RULES = N_(
    "Write a number in every empty square so that each row, each column and each box outlined in "
    "bold holds every number once: 1 to 9 on a 9x9 grid, 1 to 6 on a 6x6 grid, 1 to 4 on a 4x4 "
    "grid, and so on up to 1 to 16 (or 0 to F) on a 16x16 grid. In a diagonal sudoku the two long "
    "diagonals (shaded) hold every number once too."
)
VARIANT_RULES = {"diagonal": DIAGONAL_RULES, "jigsaw": JIGSAW_RULES, "killer": KILLER_RULES,
                 "killer-diagonal": KILLER_DIAGONAL_RULES, "jigsaw-diagonal": JIGSAW_DIAGONAL_RULES,
                 "killer-jigsaw": KILLER_JIGSAW_RULES}


def has_diagonals(variant: str) -> bool:
    """Whether the variant's two long diagonals hold every number once."""
    return "diagonals" in PARTS.get(variant, ())


def has_regions(variant: str) -> bool:
    """Whether the variant's irregular regions take the boxes' place."""
    return "regions" in PARTS.get(variant, ())


def has_cages(variant: str) -> bool:
    """Whether the variant has cages with sums."""
    return "cages" in PARTS.get(variant, ())


def hex_of(request: Request | None) -> bool:
    """Whether the request's grid prints hex (asked for, on a size that may: `HEX_SIZES`)."""
    return (request is not None and request.settings.get("symbols") == "hex"
            and int(request.settings["size"]) in HEX_SIZES)


def symbol(value: int, hex_digits: bool) -> str:
    """How a number prints: itself, or on a hex grid its one character (1 as 0, 16 as F)."""
    return HEX[value - 1] if hex_digits else str(value)


def rules_text(request: Request | None) -> str:
    """The rules a section prints, in the language spoken; the size, variant and symbols when
    known."""
    if request is None:
        return _(GENERAL_RULES)
    largest = int(request.settings["size"])
    variant = request.settings["variant"]
    if hex_of(request):
        text = HEX_DIAGONAL_RULES if has_diagonals(variant) else HEX_RULES
        return _(text).format(last=HEX[largest - 1], count=largest)
    return _(VARIANT_RULES.get(variant, RULES)).format(largest=largest)


EXAMPLE_NOTE = N_("The example is a small grid of four rows, with the numbers 1 to 4.")
JIGSAW_EXAMPLE_NOTE = N_("The example is a small grid of six rows, with the numbers 1 to 6.")
HEX_EXAMPLE_NOTE = N_("The example is a small grid of four rows, with the numbers 1 to 4; the "
                      "puzzles write theirs as 0 to {last}.")


def example_note(request: Request | None) -> str | None:
    """A classic or diagonal section larger than 4x4 is shown the 4x4 example, a 9x9 jigsaw the
    6x6 one: the rules say so (and, on a hex grid, how its symbols differ)."""
    if request is None:
        return None
    if request.settings["variant"] == "jigsaw":
        return None if request.settings["size"] == "6" else _(JIGSAW_EXAMPLE_NOTE)
    if request.settings["size"] == "4" or has_regions(request.settings["variant"]) \
            or has_cages(request.settings["variant"]):
        return None
    if hex_of(request):
        return _(HEX_EXAMPLE_NOTE).format(last=HEX[int(request.settings["size"]) - 1])
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


def hex_digits(puzzle: JSON) -> bool:
    """Whether a puzzle prints its numbers as hex (its `symbols`), one character a square."""
    return puzzle.get("symbols") == "hex"


def printed(puzzle: JSON) -> Printed:
    """The page draws the grid, its boxes or a jigsaw's regions (bold walls), (diagonal) the
    shaded diagonals and (killer) the dashed cages with their sums, and prints the givens (as hex
    on a hex grid); the rules name the variant."""
    shown = {"variant": variant_of(puzzle), "givens": puzzle["givens"]}
    if regions_of(puzzle):
        shown["regions"] = puzzle["regions"]
    if cages_of(puzzle):
        shown["cages"] = puzzle["cages"]
    if hex_digits(puzzle):
        shown["symbols"] = "hex"
    given = tuple(symbol(value, hex_digits(puzzle)) for row in puzzle["givens"] for value in row if value)
    sums = tuple(str(cage["sum"]) for cage in cages_of(puzzle))
    return Printed(shown, given + sums)


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


def layout_of(puzzle: JSON) -> JSON:
    """What a variant adds to the givens (a jigsaw's regions, a killer's cages): every field but
    the givens and the variant's name."""
    return {key: value for key, value in puzzle.items() if key not in ("variant", "givens")}


def canonical(puzzle: JSON) -> str:
    """One text for a puzzle and every twin. A classic sudoku's twins are all the changes that
    keep it a sudoku (bands, stacks, the rows and columns within them, a transpose of square
    boxes, the numbers renamed: `symmetry.minlex`); a diagonal one's all those that keep its
    diagonals too (`symmetry.diagonal_minlex`). A jigsaw's regions turn with its givens (any of
    the eight turns and mirrors: regions have no shape to keep); a killer's cages and sums turn
    with them, never relabelled, as sums fix the numbers; a combined variant's regions and cages
    both. Hex and decimal printings of one puzzle are twins (a renaming)."""
    size, variant, givens = size_of(puzzle), variant_of(puzzle), puzzle["givens"]
    if variant == "classic":
        return form_key([variant, minlex(givens, *BOXES[size])])
    regions, cages = regions_of(puzzle), cages_of(puzzle)
    if not regions and not cages:
        return form_key([variant, diagonal_minlex(givens, *BOXES[size])])
    layers: list[tuple[list[list[int]], bool]] = []  # each grid that turns, and whether it is renamed
    if regions:
        layers.append((regions, True))
    if cages:
        owner = [[0] * size for _ in range(size)]
        sums = [[0] * size for _ in range(size)]
        for number, cage in enumerate(cages, 1):
            for row, col in cage["cells"]:
                owner[row][col], sums[row][col] = number, cage["sum"]
        layers += [(owner, True), (sums, False)]
    layers.append((givens, not cages))
    moves = SYMMETRIES if regions else [move for move in SYMMETRIES if keeps_boxes(move, size)]
    return form_key(*([variant] + [relabelled(move.grid(layer)) if renamed else move.grid(layer)
                                   for layer, renamed in layers] for move in moves))


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """The answer as the key prints it, on the puzzle's layout: sudoku answers are not compared
    up to twins, as a 4x4 has only two filled grids that are not twins and a 6x6 49, so a book
    could hold no more 4x4 puzzles than that. Twin puzzles are refused by `canonical`."""
    return form_key([variant_of(puzzle), solution["grid"], layout_of(puzzle)])
