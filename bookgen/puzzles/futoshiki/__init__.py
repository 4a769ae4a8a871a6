"""Futoshiki: fill an n x n grid so every row and column holds 1 to n once, and every sign between
two squares holds (its tip at the smaller number); 4x4 to 9x9.

One module per step in the usual order: `parameters` (sizes, options, rules and the forms a
puzzle is compared by), `solver` (exact: the Latin square's propagation of bookgen.core.latin with
each sign settled by the least and greatest numbers its squares can hold, and search, counting
answers up to a cap), `checking` (the rules, apart from the solver, and the JSON), `grader` (sign
chains, signs, Latin-square steps, trial; each named and weighted), `hints`, `generator` and
`drawing`; this module holds the example and the registry record.
"""

from __future__ import annotations

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
from bookgen.puzzles.futoshiki.checking import check, validate
from bookgen.puzzles.futoshiki.drawing import draw_puzzle, draw_solution, largest_side, measure
from bookgen.puzzles.futoshiki.generator import check_request, generate
from bookgen.puzzles.futoshiki.grader import hardness, rate
from bookgen.puzzles.futoshiki.hints import given_answer, hints
from bookgen.puzzles.futoshiki.parameters import MAX_SIZE, MIN_SIZE, OPTIONS, canonical, printed, rules_text
from bookgen.puzzles.futoshiki.solver import solve

__all__ = ["FUTOSHIKI"]


def example() -> Generated:
    """A 4x4 with one given and five signs, both ways across and up and down; chains, signs and
    singles solve it (the generator's, seed "example8", easy)."""
    puzzle = {"size": 4, "givens": [[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
              "signs": [{"a": [0, 1], "b": [1, 1], "op": ">"}, {"a": [1, 2], "b": [2, 2], "op": "<"},
                        {"a": [2, 0], "b": [3, 0], "op": "<"}, {"a": [2, 1], "b": [3, 1], "op": "<"},
                        {"a": [3, 1], "b": [3, 2], "op": "<"}]}
    solution = {"grid": [[2, 4, 1, 3], [1, 3, 2, 4], [3, 1, 4, 2], [4, 2, 3, 1]]}
    return Generated(puzzle, solution, rate(puzzle))


SHOWCASE = (Showcase("easy", audit=True), Showcase("hard", {"size": 7}),
            Showcase("medium", {"size": 5}, curve_seeds=3), Showcase("expert", {"size": 4}))


def largest_size(puzzles: list[JSON], width: float, height: float) -> str | None:
    """The largest grid the room takes (its squares keep their size: a page refuses the rest)."""
    side = largest_side(width, height)
    return str(side) if side >= MIN_SIZE else None


FUTOSHIKI = PuzzleType(
    name="futoshiki",
    title=N_("Futoshiki"),
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
    printed=printed,
    hardness=hardness,
    hints=hints,
    given_answer=given_answer,
    play_script="play.js",
    play_style="play.css",
    json_schema="schema.json",
    largest_size=largest_size,
    wider=larger_size_or_level(MAX_SIZE),
)
