"""Numbrix and Hidato: fill the grid with 1..N so that consecutive numbers touch.

Numbrix joins side neighbours; Hidato also corner neighbours and is often played on a shaped grid.
Both types share this folder's engine, one module per step in the usual order: `shapes`
(parameters and shapes), `board` (the board as bit sets, and a puzzle's grid read onto it),
`solver`, `grader` (with the solve call), `hints`, `generator`, `checking` (the rules, apart from
the solver) and `drawing`; this module holds the two registry records.
"""

from __future__ import annotations

from bookgen.api import (
    JSON,
    Generated,
    Printed,
    PuzzleType,
    Showcase,
    always_unique,
    fixed_example,
    larger_size_or_level,
    no_answer_note,
    numbers_printed,
)
from bookgen.core.options import Option
from bookgen.i18n import N_, _
from bookgen.puzzles.numbrix.board import answer_form, canonical
from bookgen.puzzles.numbrix.checking import check_with, validate_with
from bookgen.puzzles.numbrix.drawing import draw_puzzle, draw_solution, measure, too_large_to_print
from bookgen.puzzles.numbrix.generator import answers_with, check_request, generate_with, variety_with
from bookgen.puzzles.numbrix.grader import rate_with, solve_with
from bookgen.puzzles.numbrix.hints import given_answer, hints_with
from bookgen.puzzles.numbrix.shapes import DEFAULT_SIZE, MAX_SIDE, MIN_SIDE, SHAPES, SYMMETRIES, shape_problem

# --- registry records -----------------------------------------------------------------------------

SIZE_OPTION = Option("size", "size", N_("grid size: N for a square or RxC (default by level: 6 easy, "
                     "7 medium, 8 hard, 8 expert)"), low=MIN_SIDE, high=MAX_SIDE,
                     default=lambda level, earlier: (DEFAULT_SIZE[level], DEFAULT_SIZE[level]),
                     label=N_("Size"))
SYMMETRY_OPTION = Option("symmetry", "choice", N_("pattern of the given numbers"), choices=SYMMETRIES,
                         default="none", label=N_("Symmetry"),
                         words={"none": N_("none"), "rotational": N_("rotational"),
                                "mirror": N_("mirror")})
ENDS_OPTION = Option("keep_ends", "bool", N_("always show 1 and the last number (default true)"),
                     default=True, label=N_("Keep both ends"))
HIDATO_SIZE_OPTION = Option(
    "size", "size", N_("grid size: N for a square or RxC (default 7x7 at every level, so a harder "
    "level prints fewer givens)"), low=MIN_SIDE, high=MAX_SIDE, default=(7, 7), label=N_("Size"))
SHAPE_OPTION = Option("shape", "text", N_("a built-in shape ({shapes}) or a mask like '.##./####/####/.##.' "
                                         "('#' a cell, '.' a hole)"),
                      help_values={"shapes": ", ".join(SHAPES)}, check=shape_problem,
                      default="square", picture=True, high=MAX_SIDE, label=N_("Shape"))

NUMBRIX_RULES = N_(
    "Fill the grid with the numbers from 1 to the number of cells so that each number touches "
    "the next one across a side (not a corner): the numbers form one path through every cell. "
    "Some numbers are given."
)
HIDATO_RULES = N_(
    "Fill every cell of the shape with the numbers from 1 to the number of cells so that each "
    "number touches the next one across a side or a corner: the numbers form one path through "
    "every cell. Some numbers are given."
)


def printed(puzzle: JSON) -> Printed:
    """The page draws the grid (a shape's holes left out) and its given numbers: all there is."""
    return Printed({"grid": puzzle["grid"]}, numbers_printed(puzzle["grid"]))


def _example(answer: list[list[int | None]], shown: set[int], diagonal: bool) -> Generated:
    puzzle = {"grid": [[v if v in shown or v is None else 0 for v in row] for row in answer]}
    return Generated(puzzle, {"grid": answer}, rate_with(diagonal)(puzzle))


def numbrix_example() -> Generated:
    answer: list[list[int | None]] = [[1, 2, 15, 16], [4, 3, 14, 13], [5, 8, 9, 12], [6, 7, 10, 11]]
    return _example(answer, {1, 4, 7, 10, 13, 16}, diagonal=False)


def hidato_example() -> Generated:
    answer: list[list[int | None]] = [[None, 10, 9, None], [4, 6, 11, 8], [5, 3, 7, 12],
                                      [None, 1, 2, None]]
    return _example(answer, {1, 3, 5, 8, 10, 12}, diagonal=True)


NUMBRIX_SHOWCASE = (Showcase("hard"), Showcase("medium", {"size": "6x6"}, curve_seeds=4),
                    Showcase("easy", {"size": 5}, audit=True))


NUMBRIX = PuzzleType(
    name="numbrix",
    title=N_("Numbrix"),
    rules=lambda request: _(NUMBRIX_RULES),
    options=(SIZE_OPTION, SYMMETRY_OPTION, ENDS_OPTION),
    showcase=NUMBRIX_SHOWCASE,
    generate=generate_with(False, "numbrix"),
    check_request=check_request,
    solve=solve_with(False),
    check=check_with(False),
    validate=validate_with(False),
    rate=rate_with(False),
    expects_unique=always_unique,
    measure=measure,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    answer_note=no_answer_note,
    example=fixed_example(numbrix_example),
    canonical=canonical,
    printed=printed,
    too_large_to_print=too_large_to_print,
    hints=hints_with(False),
    variety=variety_with(False),
    answer_form=answer_form,
    answers=answers_with(False),
    wider=larger_size_or_level(MAX_SIDE),
    play_script="play.js",
    play_style="play.css",
    json_schema="schema.json",
    given_answer=given_answer,
)

HIDATO_SHOWCASE = (Showcase("medium", {"shape": "heart"}), Showcase("medium", {"size": "7x7"}, curve_seeds=8),
                   Showcase("easy", {"size": 5}, audit=True))


HIDATO = PuzzleType(
    name="hidato",
    title=N_("Hidato"),
    rules=lambda request: _(HIDATO_RULES),
    options=(HIDATO_SIZE_OPTION, SHAPE_OPTION, SYMMETRY_OPTION, ENDS_OPTION),
    showcase=HIDATO_SHOWCASE,
    generate=generate_with(True, "hidato"),
    check_request=check_request,
    solve=solve_with(True),
    check=check_with(True),
    validate=validate_with(True),
    rate=rate_with(True),
    expects_unique=always_unique,
    measure=measure,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    answer_note=no_answer_note,
    example=fixed_example(hidato_example),
    canonical=canonical,
    printed=printed,
    too_large_to_print=too_large_to_print,
    hints=hints_with(True),
    variety=variety_with(True),
    answer_form=answer_form,
    answers=answers_with(True),
    play_script="play.js",
    play_style="play.css",
    json_schema="hidato.schema.json",
    given_answer=given_answer,
)
