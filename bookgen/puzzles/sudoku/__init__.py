"""Sudoku: fill the grid so every row, column and box (and, in the diagonal variant, each long
diagonal) holds every number once; 4x4, 6x6 and 9x9.

One module per step in the usual order: `parameters` (sizes, variants, options, rules and the
forms a puzzle is compared by), `board` (a size's units and peers, candidate bitmasks), `solver`
(exact: propagation of singles and search, counting answers up to a cap), `checking` (the rules,
apart from the solver, the JSON and the one-line form players share), `grader` (the techniques a
person uses, each named and weighted on Sudoku Explainer's scale), `hints`, `generator` and
`drawing`; `symmetry` finds the one form a puzzle shares with its twins; this module holds the
example and the registry record.
"""

from __future__ import annotations

from bookgen.i18n import N_
from bookgen.puzzles.base import (
    Generated,
    PuzzleType,
    Request,
    Showcase,
    always_unique,
    no_answer_note,
)
from bookgen.puzzles.sudoku.checking import check, parse_line, read_line, validate
from bookgen.puzzles.sudoku.drawing import draw_puzzle, draw_solution, measure, play_data
from bookgen.puzzles.sudoku.generator import check_request, generate
from bookgen.puzzles.sudoku.grader import BANDS, rate
from bookgen.puzzles.sudoku.hints import given_answer, hints
from bookgen.puzzles.sudoku.parameters import OPTIONS, answer_form, canonical, printed, rules_text
from bookgen.puzzles.sudoku.solver import solve

__all__ = ["SUDOKU", "parse_line"]


def example(request: Request | None) -> Generated:
    """A 4x4 sudoku of the section's variant that full houses and hidden singles solve (the
    diagonal one has an answer only through its diagonals)."""
    if request is not None and request.settings["variant"] == "diagonal":
        puzzle = {"variant": "diagonal", "givens": [[1, 0, 3, 0], [0, 0, 0, 0], [4, 0, 0, 1], [0, 0, 0, 0]]}
        solution = {"grid": [[1, 2, 3, 4], [3, 4, 1, 2], [4, 3, 2, 1], [2, 1, 4, 3]]}
    else:
        puzzle = {"variant": "classic", "givens": [[1, 0, 0, 4], [0, 4, 1, 0], [2, 0, 0, 3], [0, 3, 2, 0]]}
        solution = {"grid": [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]}
    return Generated(puzzle, solution, rate(puzzle))


# The audit's books ask for dozens of puzzles a section: a 9x9 (easy is quick), as 4x4 grids hold
# only a few dozen different easy puzzles.
SHOWCASE = (Showcase("hard", {"variant": "diagonal"}), Showcase("medium", {"size": "6"}, curve_seeds=3),
            Showcase("easy", {"size": "4"}), Showcase("easy", audit=True))


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
    answer_note=no_answer_note,
    example=example,
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    hardness=lambda rating: BANDS[round(rating["cells"] ** 0.5)].hardness(rating["score"]),
    hints=hints,
    play_script="sudoku/play.js",
    play_style="sudoku/play.css",
    given_answer=given_answer,
    play_data=play_data,
    read_line=read_line,
)
