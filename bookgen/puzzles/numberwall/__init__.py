"""Number walls: bricks laid in a triangle, each brick holding the sum of the two below it (drawn
with the wide row at the bottom).

One module per step in the usual order: `parameters` (options, rules and the forms a puzzle is
compared by), `wall` (what a completed wall must satisfy), `solver`, `grader`, `hints`,
`generator`, `checking` (the rules, apart from the solver) and `drawing`; this module holds the
example and the registry record.

The JSON stores the widest row first (`rows[0]`, the bottom of the drawing), as difference
pyramids do, and keeps the fields number walls had when they were a pyramid variant:
`"variant": "sum"`, `min`, `max`, `rows`. Both types share the triangle engine
`bookgen.core.triangle`; walls search it with sums, each brick bounded by the givens below it.
"""

from __future__ import annotations

from bookgen.api import (
    Generated,
    OlderSpelling,
    PuzzleType,
    Showcase,
    always_unique,
    fixed_example,
    no_answer_note,
)
from bookgen.core.triangle import given_answer
from bookgen.i18n import N_
from bookgen.puzzles.numberwall.checking import check, validate
from bookgen.puzzles.numberwall.drawing import draw_puzzle, draw_solution, measure
from bookgen.puzzles.numberwall.generator import answers, check_request, generate, variety
from bookgen.puzzles.numberwall.grader import rate
from bookgen.puzzles.numberwall.hints import hints
from bookgen.puzzles.numberwall.parameters import (
    OPTIONS,
    VARIANT,
    answer_form,
    canonical,
    printed,
    rules_text,
)
from bookgen.puzzles.numberwall.solver import solve


def example() -> Generated:
    """A 3-row wall with one subtraction."""
    puzzle = {"variant": VARIANT, "min": 1, "max": 20, "rows": [[3, 0, 2], [0, 6], [0]]}
    solution = {"rows": [[3, 4, 2], [7, 6], [13]]}
    return Generated(puzzle, solution, rate(puzzle))


SHOWCASE = (Showcase("expert"), Showcase("medium", {"rows": 5}, curve_seeds=2),
            Showcase("easy", audit=True))


NUMBERWALL = PuzzleType(
    name="numberwall",
    title=N_("Number Walls"),
    rules=rules_text,
    options=OPTIONS,
    showcase=SHOWCASE,
    older_spellings=(OlderSpelling("pyramid", "variant", "sum"),),  # walls were a pyramid variant
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
    printed=printed,
    hints=hints,
    variety=variety,
    answer_form=answer_form,
    answers=answers,
    play_script="play.js",
    json_schema="schema.json",
    given_answer=given_answer,
)
