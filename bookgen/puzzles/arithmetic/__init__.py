"""Arithmetic target puzzles (the Ten puzzle, 24): reach the target with every number used once.

The exact engine (normal form, memoized target-directed search) lives in bookgen.core.exprs; this
folder adds, one module per step: `parameters` (options, rules and the forms a card is printed
and compared in), `solver`, `checking` (the rules, apart from the solver), `grader` (a model of
how a person searches, fitted to human solve times), `census` (every card of some settings rated,
for puzzle authors), `generator` (cards, and the worked example), `drawing` and `hints`; this
module holds the registry record.
"""

from __future__ import annotations

from bookgen.api import PuzzleType, Request, Showcase
from bookgen.i18n import N_, _
from bookgen.puzzles.arithmetic.census import census_of_options
from bookgen.puzzles.arithmetic.checking import check, validate
from bookgen.puzzles.arithmetic.drawing import (
    answer_note,
    draw_puzzle,
    draw_solution,
    measure,
    measure_solution,
)
from bookgen.puzzles.arithmetic.generator import check_request, example, generate, variety
from bookgen.puzzles.arithmetic.grader import rate
from bookgen.puzzles.arithmetic.hints import hints
from bookgen.puzzles.arithmetic.parameters import OPTIONS, answer_form, canonical, printed, rules_text
from bookgen.puzzles.arithmetic.solver import solve

SHOWCASE = (Showcase("medium", {"concat": True}), Showcase("easy", audit=True))


def wider(request: Request) -> str:
    """Cards are drawn from the range, so many numbers (`size`), and operators: more of each."""
    return _("widen the range, or give more numbers per card (size) or more operators")


ARITHMETIC = PuzzleType(
    name="arithmetic",
    title=N_("Make the Number"),
    rules=rules_text,
    options=OPTIONS,
    showcase=SHOWCASE,
    census=census_of_options,
    generate=generate,
    check_request=check_request,
    solve=solve,
    check=check,
    validate=validate,
    rate=rate,
    expects_unique=lambda puzzle: False,
    measure=measure,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    answer_note=answer_note,
    example=example,
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    measure_solution=measure_solution,
    variety=variety,
    wider=wider,
    hints=hints,
    play_script="play.js",
    play_style="play.css",
    json_schema="schema.json",
)
