"""Kakuro (cross sums): write a digit 1 to 9 in every white square so that each run of white
squares across or down adds up to the sum in the clue square before it, no digit twice in a run.

One module per step in the usual order: `parameters` (sizes, options, rules, the text picture
and the forms a puzzle is compared by), `board` (a layout's runs and the sum table: the sets of
digits that make each sum), `solver` (exact: each run's sets checked against its squares'
candidates, propagation, and search, counting answers up to a cap), `checking` (the rules, apart
from the solver, and the JSON), `grader` (the steps a person takes, each named and weighted),
`hints`, `generator` and `drawing`; this module holds the example and the registry record.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from bookgen.api import (
    JSON,
    Generated,
    PuzzleType,
    Showcase,
    always_unique,
    fixed_example,
    larger_size_or_level,
    no_answer_note,
)
from bookgen.i18n import N_
from bookgen.puzzles.kakuro.checking import check, validate
from bookgen.puzzles.kakuro.drawing import draw_filled, draw_puzzle, draw_solution, largest_side, measure
from bookgen.puzzles.kakuro.generator import check_request, generate
from bookgen.puzzles.kakuro.grader import BANDS, rate
from bookgen.puzzles.kakuro.hints import given_answer, hints
from bookgen.puzzles.kakuro.parameters import (
    MAX_SIDE,
    MIN_SIDE,
    OPTIONS,
    answer_form,
    canonical,
    from_picture,
    printed,
    rules_text,
)
from bookgen.puzzles.kakuro.solver import solve

EXAMPLE = r"""
#    #    10\  4\   #    #
#    10\3 .    .    10\  #
\12  .    .    .    .    17\
\7   .    .    8\13 .    .
#    \19  .    .    .    .
#    #    \5   .    .    #
"""
EXAMPLE_ANSWER = ((0, 0, 0, 0, 0, 0), (0, 0, 2, 1, 0, 0), (0, 6, 1, 3, 2, 0), (0, 4, 3, 0, 4, 9),
                  (0, 0, 4, 6, 1, 8), (0, 0, 0, 2, 3, 0))


def example() -> Generated:
    """A 6x6 kakuro (the generator's, easy): the sum tables of its runs solve it."""
    puzzle = from_picture(EXAMPLE)
    return Generated(puzzle, {"grid": [list(row) for row in EXAMPLE_ANSWER]}, rate(puzzle))


SHOWCASE = (Showcase("easy", audit=True), Showcase("hard", {"size": "12x12"}),
            Showcase("medium", {"size": "8x12"}))


def narrowed(width: float, height: float) -> PuzzleType:
    """Kakuro with its squares shrunk around sums of the same size so that a grid is at most
    `width` x `height` mm (not under the drawing's `LEAST_CELL`): large print on a narrow trim
    (an 8x8 on 5x8, a 14x14 on 8.5x11)."""
    room = (width, height)
    return replace(KAKURO, measure=partial(measure, room=room),
                   draw_puzzle=partial(draw_puzzle, room=room),
                   draw_solution=partial(draw_solution, room=room),
                   draw_filled=partial(draw_filled, room=room))


def largest_size(puzzles: list[JSON], width: float, height: float) -> str | None:
    """The largest square grid the room takes, narrowed (the sums' size alone sets it)."""
    side = largest_side(width, height)
    return str(side) if side >= MIN_SIDE else None


KAKURO = PuzzleType(
    name="kakuro",
    title=N_("Kakuro"),
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
    example=fixed_example(example),
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    hardness=lambda rating: BANDS.hardness(rating["score"]),
    hints=hints,
    given_answer=given_answer,
    play_script="play.js",
    play_style="play.css",
    json_schema="schema.json",
    narrowed=narrowed,
    largest_size=largest_size,
    wider=larger_size_or_level(MAX_SIDE),
)
