"""Sudoku's parameters: sizes and their boxes, variants, symmetries of the givens, options, rules,
and the forms a puzzle is printed, compared and answered in.
"""

from __future__ import annotations

from bookgen.core.options import Option, spoken_choice
from bookgen.core.symmetry import SYMMETRIES, Symmetry
from bookgen.i18n import N_, _, pgettext
from bookgen.puzzles.base import JSON, Printed, Request, form_key, numbers_printed
from bookgen.puzzles.sudoku.symmetry import minlex

BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}
"""Each size's box as (rows, columns): a 6x6 grid has six boxes two rows high, three wide."""
VARIANTS = ("classic", "diagonal")
PATTERNS = ("rotational", "mirror", "none")

def choice_word(choice: str) -> str:
    """A variant or pattern of the givens as the studio's help line names it."""
    return spoken_choice(choice, {
        "classic": pgettext("help line: sudoku", "classic"),
        "diagonal": pgettext("help line: sudoku", "diagonal"),
        "rotational": pgettext("help line: sudoku", "rotational"),
        "mirror": pgettext("help line: sudoku", "mirror"),
        "none": pgettext("help line: sudoku", "none")}[choice])


OPTIONS = (
    Option("size", "choice", N_("grid side: 4 (2x2 boxes), 6 (2x3 boxes) or 9 (3x3 boxes; default)"),
           choices=("9", "6", "4"), default="9"),
    Option("variant", "choice", N_("classic, or diagonal (each long diagonal holds every number "
           "once too; default classic)"), choices=VARIANTS, default="classic", words=choice_word),
    Option("symmetry", "choice", N_("pattern of the givens: rotational (turned half way it looks "
           "the same, as published sudoku are; default), mirror (left to right) or none"),
           choices=PATTERNS, default="rotational", words=choice_word),
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
    text = DIAGONAL_RULES if request.settings["variant"] == "diagonal" else RULES
    return _(text).format(largest=largest)


def size_of(puzzle: JSON) -> int:
    return len(puzzle["givens"])


def variant_of(puzzle: JSON) -> str:
    return str(puzzle.get("variant", "classic"))


def printed(puzzle: JSON) -> Printed:
    """The page draws the grid, its boxes and (diagonal) the shaded diagonals, and prints the
    givens; the rules name the variant."""
    return Printed({"variant": variant_of(puzzle), "givens": puzzle["givens"]},
                   numbers_printed(puzzle["givens"]))


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
    with the numbers renamed. Any other variant (regions, cages) is compared as a diagonal one,
    with its layout as it is: puzzles on different layouts are never twins, and givens turned on
    the same layout count as twins (over-strict where the layout does not turn with them)."""
    size, variant, givens = size_of(puzzle), variant_of(puzzle), puzzle["givens"]
    layout = layout_of(puzzle)
    if variant == "classic" and not layout:
        return form_key([variant, minlex(givens, *BOXES[size])])
    return form_key(*([variant, form, layout] if layout else [variant, form]
                      for form in twins(givens, size)))


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """The answer as the key prints it, on the puzzle's layout: sudoku answers are not compared
    up to twins, as a 4x4 has only two filled grids that are not twins and a 6x6 49, so a book
    could hold no more 4x4 puzzles than that. Twin puzzles are refused by `canonical`."""
    return form_key([variant_of(puzzle), solution["grid"], layout_of(puzzle)])
