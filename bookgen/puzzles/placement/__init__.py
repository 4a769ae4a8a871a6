"""Number placement: put every number of a pool into a row of boxes so each < and > holds.

One module per step in the usual order: `parameters` (options, rules, scores and the forms a
puzzle is compared by), `numbers` (reading and drawing the pool's numbers), `solver` (exact
counting of arrangements), `grader`, `generator`, `checking` (the rules, apart from the solver),
`drawing` and `hints`; this module holds the example and the registry record.

The solver counts arrangements as linear extensions of a fence: placing the numbers in increasing
order, the boxes filled so far always form a down-set of the chain of inequalities, and a fence of
n boxes has only about phi^n such sets, so 12 boxes count in microseconds. A pre-filled box pins
its number's rank, which only restricts when that box may be added.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from bookgen.api import Generated, PuzzleType, Showcase, fixed_example
from bookgen.i18n import N_, _
from bookgen.puzzles.placement.checking import check, validate
from bookgen.puzzles.placement.drawing import (
    answer_note,
    draw_filled,
    draw_puzzle,
    draw_solution,
    measure,
    measure_solution,
)
from bookgen.puzzles.placement.generator import check_request, generate
from bookgen.puzzles.placement.grader import rate
from bookgen.puzzles.placement.hints import given_answer, hints
from bookgen.puzzles.placement.parameters import BANDS, OPTIONS, RULES, answer_form, canonical, printed
from bookgen.puzzles.placement.solver import solve


def example() -> Generated:
    puzzle = {"signs": ["<", ">", "<"], "numbers": ["7", "2", "9", "5"], "givens": {},
              "arrangements": 5, "unique": False}
    return Generated(puzzle, {"order": ["2", "9", "5", "7"]}, rate(puzzle))


SHOWCASE = (
    Showcase("hard", {"unique": True, "numbers": "mixed"}),  # pre-filled boxes, fractions
    Showcase("medium"),
    Showcase("medium", {"size": 10, "unique": True}, curve_seeds=8),
    Showcase("medium", {"size": 6, "unique": True}, curve_seeds=12),
    Showcase("medium", {"size": 10, "unique": False}, curve_seeds=2),
    Showcase("easy", audit=True),
)


def narrowed(width: float, height: float) -> PuzzleType:
    """Placement with its chains (and their answers) wrapped to at most `width` mm: fewer boxes
    a line on a narrow page, so large print fits a 5x8 trim at its floor size. The lines a chain
    takes follow from its width alone: `height` is not needed."""
    del height
    return replace(PLACEMENT, measure=partial(measure, width=width),
                   draw_puzzle=partial(draw_puzzle, width=width),
                   draw_solution=partial(draw_solution, width=width),
                   measure_solution=partial(measure_solution, width=width),
                   draw_filled=partial(draw_filled, width=width),
                   measure_filled=partial(measure, width=width), narrowed=None)


PLACEMENT = PuzzleType(
    name="placement",
    title=N_("Number Placement"),
    rules=lambda request: _(RULES),
    options=OPTIONS,
    showcase=SHOWCASE,
    generate=generate,
    check_request=check_request,
    solve=solve,
    check=check,
    validate=validate,
    rate=rate,
    expects_unique=lambda puzzle: bool(puzzle.get("unique", False)),
    measure=measure,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    answer_note=answer_note,
    example=fixed_example(example),
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    measure_solution=measure_solution,
    hardness=lambda rating: BANDS.hardness(rating["score"]),
    hints=hints,
    play_script="play.js",
    play_style="play.css",
    json_schema="schema.json",
    given_answer=given_answer,
    narrowed=narrowed,
    draw_filled=draw_filled,
    measure_filled=measure,
)
