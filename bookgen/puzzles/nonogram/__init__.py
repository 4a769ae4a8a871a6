"""Nonograms (paint by numbers): paint squares black so every row and column shows the runs its
clue lists, and a picture appears.

One module per step in the usual order: `parameters` (sizes, the picture option, rules and the
forms a puzzle is compared by), `lines` (what one line's clue and known squares force: the simple
steps and full line logic, on one dynamic programme over bit masks), `solver` (exact: every line
settled until nothing changes, then probing and search, counting answers up to a cap),
`checking` (the rules, apart from the solver, and the JSON), `grader` (a person's steps, simplest
first: sweeps of simple steps, full line logic, contradictions over more than one line), `hints`,
`library` (the built-in pictures, library.txt), `pictures` (random mirror-symmetric ink blots),
`generator` (a built-in picture of the size and level, dealt once a book; past them, a blot in the
level's style kept when the grader solves it at the level; a user's picture checked once) and
`drawing`; this module holds the example and the registry record.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from bookgen.api import (
    JSON,
    Generated,
    PuzzleType,
    Request,
    Showcase,
    always_unique,
    fixed_example,
    larger_size_or_level,
)
from bookgen.i18n import N_
from bookgen.puzzles.nonogram.checking import check, validate
from bookgen.puzzles.nonogram.drawing import (
    draw_puzzle,
    draw_solution,
    largest_side,
    measure,
    measure_solution,
)
from bookgen.puzzles.nonogram.generator import (
    answers,
    check_request,
    clues_of,
    deal,
    generate,
    picture_name,
    rules_text,
    variety,
)
from bookgen.puzzles.nonogram.grader import BANDS, rate
from bookgen.puzzles.nonogram.hints import given_answer, hints
from bookgen.puzzles.nonogram.parameters import (
    MAX_SIDE,
    MIN_SIDE,
    OPTIONS,
    answer_form,
    canonical,
    printed,
)
from bookgen.puzzles.nonogram.solver import solve

HEART = [[0, 1, 0, 1, 0], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [0, 1, 1, 1, 0], [0, 0, 1, 0, 0]]


def example() -> Generated:
    """A 5x5 heart: two sweeps of simple steps paint it."""
    puzzle = clues_of(HEART)
    return Generated(puzzle, {"grid": [row.copy() for row in HEART]}, rate(puzzle))


SHOWCASE = (
    Showcase("medium"),
    Showcase("hard", {"size": "30x30"}),
    Showcase("easy", {"size": "8x8"}, audit=True),
)


def narrowed(width: float, height: float) -> PuzzleType:
    """Nonograms with the squares and the clues' spacing closed in around clue numbers of the same
    size so that a drawing is at most `width` x `height` mm, as far as the numbers let them
    (drawing's `tightest`): large print on a narrow trim (a 21x21 on 8.5x11)."""
    room = (width, height)
    return replace(NONOGRAM, measure=partial(measure, room=room),
                   measure_solution=partial(measure_solution, room=room),
                   draw_puzzle=partial(draw_puzzle, room=room),
                   draw_solution=partial(draw_solution, room=room))


def largest_size(puzzles: list[JSON], width: float, height: float) -> str | None:
    """The largest square picture the room takes, narrowed, with clues like these puzzles'."""
    side = largest_side(puzzles, width, height)
    return str(side) if side >= MIN_SIDE else None


def wider(request: Request) -> str | None:
    """Random blots on a small grid run out (some 590 easy 5x5 ones): a larger size, or another
    level; a picture's one puzzle, the book's own advice."""
    return None if request.settings["picture"] is not None else larger_size_or_level(MAX_SIDE)(request)


NONOGRAM = PuzzleType(
    name="nonogram",
    title=N_("Nonogram"),
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
    measure_solution=measure_solution,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    answer_note=picture_name,
    example=fixed_example(example),
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    hardness=lambda rating: BANDS.hardness(rating["score"]),
    variety=variety,
    answers=answers,
    hints=hints,
    given_answer=given_answer,
    play_script="play.js",
    play_style="play.css",
    json_schema="schema.json",
    narrowed=narrowed,
    largest_size=largest_size,
    wider=wider,
    deal=deal,
)
