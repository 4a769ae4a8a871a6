"""Sudoku: fill the grid so every row, column and box (a jigsaw's irregular regions in place of
boxes; in the diagonal variants, each long diagonal too) holds every number once; 4x4 to 16x16
(12x12 and 16x16 in numbers or hex); a killer's cages add up to their sums.

One module per step in the usual order: `parameters` (sizes, variants, options, rules and the
forms a puzzle is compared by), `regions` (a jigsaw's layouts of regions), `cages` (a killer's
cages and the sums they allow), `board` (a size's units and peers, candidate bitmasks), `solver`
(exact: propagation of singles and cage sums, and search, counting answers up to a cap),
`checking` (the rules, apart from the solver, the JSON and the one-line form players share),
`grader` (the techniques a person uses, each named and weighted on Sudoku Explainer's scale),
`hints`, `generator` and `drawing`; `symmetry` finds the one form a puzzle shares with its twins;
this module holds the examples and the registry record.
"""

from __future__ import annotations

from bookgen.api import (
    JSON,
    Generated,
    PuzzleType,
    Request,
    Showcase,
    always_unique,
    no_answer_note,
)
from bookgen.core.grading import ALL_LEVELS
from bookgen.i18n import N_, _
from bookgen.puzzles.sudoku.checking import check, parse_line, read_line, validate
from bookgen.puzzles.sudoku.drawing import draw_filled, draw_puzzle, draw_solution, measure, play_data
from bookgen.puzzles.sudoku.generator import check_request, generate
from bookgen.puzzles.sudoku.grader import hardness, rate
from bookgen.puzzles.sudoku.hints import given_answer, hints
from bookgen.puzzles.sudoku.parameters import (
    OPTIONS,
    answer_form,
    canonical,
    example_note,
    printed,
    rules_text,
)
from bookgen.puzzles.sudoku.solver import solve

__all__ = ["SUDOKU", "parse_line"]

JIGSAW_EXAMPLE = ("031240000061246150015624460000052430", "111222131222133455633445663455666445",
                  "631245524361246153315624463512152436")
"""The jigsaw example as one-line forms: givens, regions, answer (the generator's, seed "example0",
size 6, easy). A 9x9 section shows it too: a 9x9 example at a thumbnail's size left its bold
regions hard to tell from the thin lines (the rules say so: `example_note`)."""


# Killer examples: each cell's cage as a letter, the answer and (on a jigsaw) the regions; the
# generator's, medium: no givens, cage combinations and singles solve them; the sums are the
# answer's. The plain killer's from seed "example1", the combined variants' from "example2" and
# "example1" (the first without givens).
KILLER_EXAMPLE = (
    "0112333440152667849a5b6c78d9aabbc7edfgghhieejffgkkilljmmmnkioojpqnnrsottpquursvvv",
    "637495812594812736812736549769128453348659127125347968276584391953271684481963275",
)
KILLER_EXAMPLES = {
    "killer": KILLER_EXAMPLE,
    "killer-diagonal": (
        "00112233304455566789aabcdd7899bbceef8gghiijjfkklhmmnnfoolppqqrsttuupvwrstxxyyvwzz",
        "264587139579163248831429657358971426427638915196245783645392871983714562712856394"),
    "killer-jigsaw": (
        "000122333455166677488999aaabbcddeeffggcchijkkllmmhijnnoppqqrsstouuvvrwwtxxyyzzAAt",
        "748625931359874126514396782126589473972138564683457219831942657467213895295761348",
        "111112222111332442513334422553344426553347776588847666558777696588977696888999999"),
}
JIGSAW_DIAGONAL_EXAMPLE = (
    "006300854000000032053287600000001520500000003092500000009865470670000000817003200",
    "111122333112222333142223335144466555144666665774686555744888588777778889799999999",
    "126379854785614932453287619948731526561928743392546187239865471674152398817493265",
)
"""The generator's easy jigsaw with diagonals (seed "example1"): givens, regions, answer."""


def killer_example(variant: str = "killer") -> tuple[JSON, JSON]:
    """A killer variant's example puzzle and solution."""
    owners, answer, *regions = KILLER_EXAMPLES[variant]
    cages: dict[str, list[list[int]]] = {}
    for cell, owner in enumerate(owners):
        cages.setdefault(owner, []).append(list(divmod(cell, 9)))
    puzzle: JSON = {"variant": variant, "givens": [[0] * 9 for _ in range(9)]}
    if regions:
        puzzle["regions"] = rows(regions[0])
    puzzle["cages"] = [{"sum": sum(int(answer[r * 9 + c]) for r, c in cells), "cells": cells}
                       for cells in cages.values()]
    return puzzle, {"grid": rows(answer)}


def rows(line: str) -> list[list[int]]:
    """A one-line grid as its rows."""
    side = round(len(line) ** 0.5)
    return [[int(ch) for ch in line[r * side:(r + 1) * side]] for r in range(side)]


def example(request: Request | None) -> Generated:
    """A 4x4 sudoku of the section's variant that full houses and hidden singles solve (the
    diagonal one has an answer only through its diagonals); a jigsaw's a 6x6 that full houses and
    hidden singles in its regions solve (with diagonals, a 9x9); a killer's
    (with diagonals, on a jigsaw) a 9x9 without givens."""
    variant = request.settings["variant"] if request is not None else "classic"
    if variant in KILLER_EXAMPLES:
        puzzle, solution = killer_example(variant)
    elif variant == "jigsaw-diagonal":
        givens, regions, answer = JIGSAW_DIAGONAL_EXAMPLE
        puzzle = {"variant": variant, "givens": rows(givens), "regions": rows(regions)}
        solution = {"grid": rows(answer)}
    elif request is not None and variant == "jigsaw":
        givens, regions, answer = JIGSAW_EXAMPLE
        puzzle = {"variant": "jigsaw", "givens": rows(givens), "regions": rows(regions)}
        solution = {"grid": rows(answer)}
    elif variant == "diagonal":
        puzzle = {"variant": "diagonal", "givens": [[1, 0, 3, 0], [0, 0, 0, 0], [4, 0, 0, 1], [0, 0, 0, 0]]}
        solution = {"grid": [[1, 2, 3, 4], [3, 4, 1, 2], [4, 3, 2, 1], [2, 1, 4, 3]]}
    else:
        puzzle = {"variant": "classic", "givens": [[1, 0, 0, 4], [0, 4, 1, 0], [2, 0, 0, 3], [0, 3, 2, 0]]}
        solution = {"grid": [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]}
    return Generated(puzzle, solution, rate(puzzle))


SMALL_SIZES = ("4", "6")
"""Grids whose puzzles run out within a book's count: 4x4 grids hold a few dozen different easy
ones with rotational givens, a few hundred with givens in any pattern."""


def wider(request: Request) -> str | None:
    """How a small grid gives more different puzzles: givens in any pattern, else a larger
    grid (else the book's own advice)."""
    if request.settings["size"] not in SMALL_SIZES:
        return None
    if request.settings["symmetry"] != "none":
        return _("set symmetry: none (givens in any pattern give several times as many), or "
                 "choose a larger size")
    return _("choose a larger size")


# The audit's books ask for dozens of puzzles a section: a 9x9 (easy is quick), as 4x4 grids hold
# only a few dozen different easy puzzles. The large sizes at their quick levels, with two-digit
# numbers (tests/test_sudoku_sizes.py plays a hex grid: the every-type hints test reads numbers).
SHOWCASE = (Showcase("hard", {"variant": "diagonal"}), Showcase("medium", {"size": "6"}, curve_seeds=3),
            Showcase("easy", {"size": "4"}), Showcase("easy", audit=True),
            Showcase("hard", {"variant": "jigsaw", "size": "6"}),
            Showcase("medium", {"variant": "jigsaw"}), Showcase("medium", {"variant": "killer"}),
            Showcase("medium", {"size": "12"}), Showcase("easy", {"size": "16"}))


SUDOKU = PuzzleType(
    name="sudoku",
    title=N_("Sudoku"),
    rules=rules_text,
    options=OPTIONS,
    showcase=SHOWCASE,
    generate=generate,
    check_request=check_request,
    solve=solve,
    check=check,
    validate=validate,
    rate=rate,
    expects_unique=always_unique,
    measure=measure,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    draw_filled=draw_filled,
    answer_note=no_answer_note,
    example=example,
    example_note=example_note,
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    levels=ALL_LEVELS,
    hardness=hardness,
    hints=hints,
    play_script="play.js",
    play_style="play.css",
    json_schema="schema.json",
    given_answer=given_answer,
    play_data=play_data,
    read_line=read_line,
    wider=wider,
)
