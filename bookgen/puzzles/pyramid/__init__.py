"""Difference pyramids: a triangle of numbers where each number is the difference of the two
above it (drawn as circles, the wide row on top).

Variants:
- classic: a pyramid of n rows holds every number from 1 to n(n+1)/2 exactly once (an
  "anti-Pascal" or "exact difference" triangle; none exist beyond 5 rows, see
  README.md in this folder).
- distinct: the same rule, with all numbers different and at most `max`, so bigger pyramids exist.
Number walls (sums) are their own type, `numberwall`; both share the triangle engine
`bookgen.core.triangle` (geometry and the wide-row search).

One module per step in the usual order: `parameters` (options, rules text and the forms a
puzzle is compared by), `rules` (what a completed pyramid must satisfy), `solver`, `grader`,
`hints`, `generator`, `checking` (the rules, apart from the solver) and `drawing`; this module
holds the example and the registry record.

The JSON stores the widest row first (`rows[0]`); cell (k, i) is number i of row k and is the
difference of (k-1, i) and (k-1, i+1).

The engine's wide-row search settles empty pyramids (all classic pyramids, none of 6 rows) in a
blink, pruned for classic pyramids by the parity of the wide row; once a pyramid has a few givens,
a Norvig-style search that narrows candidate lists and branches on the tightest cell is faster, so
`solve` uses that one there.
"""

from __future__ import annotations

from bookgen.api import Generated, PuzzleType, Request, Showcase, always_unique, no_answer_note
from bookgen.core.triangle import given_answer
from bookgen.i18n import N_, _
from bookgen.puzzles.pyramid.checking import check, validate
from bookgen.puzzles.pyramid.drawing import draw_puzzle, draw_solution, measure, measure_solution
from bookgen.puzzles.pyramid.generator import answers, check_request, generate, variety
from bookgen.puzzles.pyramid.grader import rate
from bookgen.puzzles.pyramid.hints import hints
from bookgen.puzzles.pyramid.parameters import OPTIONS, answer_form, canonical, play_data, printed, rules_text
from bookgen.puzzles.pyramid.solver import solve


def example(request: Request | None = None) -> Generated:
    """A 3-row pyramid of the section's variant (classic for a bank section, which may mix them).
    The distinct one needs its range: without "1 to 9" the middle circle could also be 15."""
    if request is not None and request.settings["variant"] == "distinct":
        puzzle = {"variant": "distinct", "max": 9, "rows": [[1, 0, 9], [0, 6], [0]]}
        solution = {"rows": [[1, 3, 9], [2, 6], [4]]}
    else:
        puzzle = {"variant": "classic", "max": 6, "rows": [[6, 0, 4], [0, 3], [0]]}
        solution = {"rows": [[6, 1, 4], [5, 3], [2]]}
    return Generated(puzzle, solution, rate(puzzle))


def wider(request: Request) -> str | None:
    """A classic pyramid's few answers (four of 4 rows, one of 5): the distinct ones are many."""
    if request.settings["variant"] != "classic":
        return None
    return _("set variant: distinct (all numbers different, up to max), whose pyramids are far more")


SHOWCASE = (
    Showcase("hard", {"variant": "distinct", "rows": 5}, curve_seeds=4),  # prints its range
    Showcase("easy"),
    Showcase("medium", {"variant": "classic", "rows": 4}, curve_seeds=4),
    Showcase("easy", {"rows": 4, "variant": "distinct"}, audit=True),
)


PYRAMID = PuzzleType(
    name="pyramid",
    title=N_("Number Pyramids"),
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
    printed=printed,
    measure_solution=measure_solution,
    hints=hints,
    variety=variety,
    answer_form=answer_form,
    answers=answers,
    wider=wider,
    play_script="play.js",
    play_style="play.css",
    json_schema="schema.json",
    given_answer=given_answer,
    play_data=play_data,
)
