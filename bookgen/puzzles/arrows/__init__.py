"""Arrow-count puzzles ("traffic signs"): each cell's number counts the different numbers its
arrow points at, all the way to the edge.

One module per step in the usual order: `parameters` (directions, options, rules and the forms a
puzzle is compared by), `board` (a sign layout's precomputed structure and candidate bit sets),
`solver`, `checking` (the rules, apart from the solver), `grader`, `hints`, `generator` and
`drawing`; this module holds the example and the registry record.

The solver keeps a candidate set per cell (a bitmask, bit v for the number v) and revises one sign
at a time: from the numbers already certain among the cells it points at and the candidates of the
rest it bounds the sign's own number, and from the sign's number it restricts the cells it points
at (all repeats, all new, or a needed number only one cell can still supply). Search picks the
cell with the fewest candidates. The same rules, switched on in stages, grade a puzzle by what a
person needs: counting alone, elimination chains over pencil marks, or case analysis.
"""

from __future__ import annotations

from bookgen.api import (
    Generated,
    PuzzleType,
    Showcase,
    always_unique,
    fixed_example,
    no_answer_note,
)
from bookgen.i18n import N_
from bookgen.puzzles.arrows.checking import check, validate
from bookgen.puzzles.arrows.drawing import draw_puzzle, draw_solution, measure, play_data
from bookgen.puzzles.arrows.generator import check_request, generate
from bookgen.puzzles.arrows.grader import BANDS, rate
from bookgen.puzzles.arrows.hints import given_answer, hints
from bookgen.puzzles.arrows.parameters import OPTIONS, answer_form, canonical, printed, rules_text
from bookgen.puzzles.arrows.solver import solve


def example() -> Generated:
    """A 3x4 puzzle with every kind of two-headed sign but one; counting alone solves it."""
    puzzle = {
        "arrows": [["E", "SE", "S", "W"], ["N+S", "NE+SW", "W", "W"], ["N", "E+W", "E+W", "NW"]],
        "givens": [[3, 0, 0, 0], [0, 0, 2, 0], [0, 2, 0, 0]],
    }
    solution = {"grid": [[3, 1, 2, 3], [2, 1, 2, 2], [2, 2, 1, 2]]}
    return Generated(puzzle, solution, rate(puzzle))


SHOWCASE = (Showcase("medium"), Showcase("medium", {"size": "5x5"}, curve_seeds=3),
            Showcase("easy", audit=True))


ARROWS = PuzzleType(
    name="arrows",
    title=N_("Arrow Count"),
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
    example=fixed_example(example),
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    hardness=lambda rating: BANDS.hardness(rating["grade"]),
    hints=hints,
    play_script="play.js",
    play_style="play.css",
    json_schema="schema.json",
    given_answer=given_answer,
    play_data=play_data,
)
