"""Calcudoku (KenKen): fill an n x n grid so every row and column holds 1 to n once, and each cage
of squares gives its target by its operation (+ − × ÷); 4x4 to 9x9.

One module per step in the usual order: `parameters` (sizes, operations, options, rules and the
forms a puzzle is compared by), `cages` (a cage's arithmetic: the fillings that give its target),
`solver` (exact: the Latin square's propagation of bookgen.core.latin with each cage settled by its
fillings, and search, counting answers up to a cap), `checking` (the rules, apart from the solver,
and the JSON), `grader` (cage arithmetic, Latin-square steps, cages against lines, trial; each
named and weighted), `hints`, `generator` and `drawing`; this module holds the example and the
registry record.
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
from bookgen.puzzles.calcudoku.checking import check, validate
from bookgen.puzzles.calcudoku.drawing import (
    draw_filled,
    draw_puzzle,
    draw_solution,
    largest_side,
    measure,
    play_data,
)
from bookgen.puzzles.calcudoku.generator import check_request, generate
from bookgen.puzzles.calcudoku.grader import hardness, rate
from bookgen.puzzles.calcudoku.hints import given_answer, hints
from bookgen.puzzles.calcudoku.parameters import MAX_SIZE, MIN_SIZE, OPTIONS, canonical, printed, rules_text
from bookgen.puzzles.calcudoku.solver import solve

__all__ = ["CALCUDOKU"]


def example() -> Generated:
    """A 4x4 with a cage of each operation and one of a single square; cage digits and singles
    solve it (the generator's, seed "example10", easy)."""
    puzzle = {"size": 4, "cages": [
        {"cells": [[0, 0], [1, 0]], "target": 7, "op": "+"},
        {"cells": [[0, 1], [1, 1]], "target": 1, "op": "-"},
        {"cells": [[0, 2], [1, 2]], "target": 3, "op": "/"},
        {"cells": [[0, 3]], "target": 2, "op": "="},
        {"cells": [[1, 3], [2, 2], [2, 3]], "target": 16, "op": "x"},
        {"cells": [[2, 0], [3, 0]], "target": 2, "op": "/"},
        {"cells": [[2, 1], [3, 1]], "target": 7, "op": "+"},
        {"cells": [[3, 2], [3, 3]], "target": 5, "op": "+"}]}
    solution = {"grid": [[4, 1, 3, 2], [3, 2, 1, 4], [2, 3, 4, 1], [1, 4, 2, 3]]}
    return Generated(puzzle, solution, rate(puzzle))


SHOWCASE = (Showcase("easy", audit=True), Showcase("hard", {"size": 7}),
            Showcase("medium", {"operations": "add"}), Showcase("medium", {"operations": "multiply"}),
            Showcase("expert", {"size": 5}))


def largest_size(puzzles: list[JSON], width: float, height: float) -> str | None:
    """The largest grid the room takes (its squares keep their size: a page refuses the rest)."""
    side = largest_side(width, height)
    return str(side) if side >= MIN_SIZE else None


CALCUDOKU = PuzzleType(
    name="calcudoku",
    title=N_("Calcudoku"),
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
    printed=printed,
    hardness=hardness,
    hints=hints,
    given_answer=given_answer,
    play_script="play.js",
    play_style="play.css",
    play_data=play_data,
    json_schema="schema.json",
    largest_size=largest_size,
    wider=larger_size_or_level(MAX_SIZE),
)
