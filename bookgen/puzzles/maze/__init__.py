"""Mazes: find the way from the entrance to the exit without crossing a wall, on squares (in any
shape), hexagons, triangles or the rings of a round (theta) maze.

One module per step in the usual order: `parameters` (options, rules, the maze as its JSON states
it and the forms it is compared in), `grids` (each grid's cells, their sides and neighbours),
`solver` (the shortest ways, counted), `checking` (the rules on networkx, apart from the solver),
`grader` (the steps a person takes), `hints` (the way a stretch at a time), `generator` (Wilson's
uniform spanning tree, far ends, loops that keep the shortest way the only one) and `drawing`;
this module holds the example and the registry record.
"""

from __future__ import annotations

import random
from functools import cache

from bookgen.api import (
    Generated,
    PuzzleType,
    Request,
    Showcase,
    always_unique,
    no_answer_note,
)
from bookgen.i18n import N_
from bookgen.puzzles.maze.checking import check, validate
from bookgen.puzzles.maze.drawing import (
    draw_filled,
    draw_puzzle,
    draw_solution,
    measure,
    measure_filled,
    measure_solution,
    play_data,
)
from bookgen.puzzles.maze.generator import check_request, generate
from bookgen.puzzles.maze.grader import BANDS, rate
from bookgen.puzzles.maze.hints import hints
from bookgen.puzzles.maze.parameters import OPTIONS, answer_form, canonical, printed, rules_text
from bookgen.puzzles.maze.solver import solve

EXAMPLE_SIZE = {"square": "5", "hex": "5", "triangle": "4x7", "theta": "4"}


def example(request: Request | None) -> Generated:
    """A small easy maze on the section's grid (squares for a shape), with loops and pictures
    where the section's mazes have them, the same every time."""
    if request is None:
        return _example("square", False, "none")
    settings = request.settings
    return _example(settings["grid"], settings["braid"] > 0, settings["pictures"])


@cache
def _example(kind: str, loops: bool, pictures: str) -> Generated:
    options = ({"grid": kind, "size": EXAMPLE_SIZE[kind], "pictures": pictures}
               | ({"braid": "0.5"} if loops else {}))
    return generate(random.Random(f"example/{kind}"), Request.make(MAZE, "easy", options))


SHOWCASE = (Showcase("medium"), Showcase("easy", {"grid": "hex"}),
            Showcase("medium", {"grid": "triangle"}), Showcase("easy", {"grid": "theta", "pictures": "bee"}),
            Showcase("medium", {"braid": 0.5}), Showcase("easy", {"shape": "heart", "size": "12"}),
            Showcase("easy", {"pictures": "mouse"}, audit=True))


MAZE = PuzzleType(
    name="maze",
    # Translators: the puzzle of finding the way through a maze.
    title=N_("Maze"),
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
    draw_filled=draw_filled,
    measure_filled=measure_filled,
    answer_note=no_answer_note,
    example=example,
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    hardness=lambda rating: BANDS.hardness(rating["score"]),
    hints=hints,
    play_script="play.js",
    play_style="play.css",
    play_data=play_data,
    json_schema="schema.json",
)
