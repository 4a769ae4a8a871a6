"""Pair sums, an example puzzle type from a package of its own (docs/types/adding.md).

Write the numbers 1 to N in a row of N cells, each once. Some cells are given; a number printed
over the line between two cells is the sum of those two neighbours.

The JSON: puzzle {"size": N, "givens": [N numbers, 0 for an empty cell], "sums": [N - 1 numbers,
0 where no sum is printed]}; solution {"row": [N numbers]}; schema.json states the whole line, the
fields every line holds by bookgen's envelope. The level is the row's length (4 cells easy to 7
expert); the generator starts from every clue and takes clues away, in an order its
random.Random picks (the given numbers first where the option `clues` asks for mostly sums), while
the solver still finds exactly one answer.

Parameters, solver, checking, generator, drawing, then the record bookgen registers through the
entry point in pyproject.toml. Every word a reader sees is a message (`N_` here, `t` in play.js),
translated in locale/LANG.po beside this file: German, as the pattern (docs/types/adding.md).
"""

from __future__ import annotations

import random
from typing import Any

from bookgen.api import (
    JSON,
    LEVELS,
    MEDIUM,
    N_,
    Generated,
    Option,
    Pen,
    Printed,
    PuzzleFormatError,
    PuzzleType,
    Request,
    Showcase,
    Solved,
    always_unique,
    fixed_example,
    fixed_rules,
    form_key,
    no_answer_note,
)

# --- parameters -----------------------------------------------------------------------------------

SIZES = {level: 4 + index for index, level in enumerate(LEVELS)}  # cells a row has at each level
MIN_SIZE, MAX_SIZE = 3, 9
CELL = 10.0  # mm, a cell's side on the page
SUM_BAND = 6.0  # mm above the cells where the sums are printed

RULES = N_("Write the numbers 1 to N in the row of N cells, each once. A number over the line "
           "between two cells is the sum of those two cells.")

OPTIONS = (
    # What the studio and `bookgen types` show is the type's own, as messages (marked N_, so its
    # catalogs hold them): the option's label, its help, and words for each choice.
    Option("clues", "choice", N_("which clues the generator takes away first: any, or the given "
           "numbers, so that the sums do the work"), choices=("any", "sums"), default="any",
           label=N_("Clues"), words={"any": N_("givens and sums"), "sums": N_("mostly sums")}),
)


# --- solver ---------------------------------------------------------------------------------------

def solve(puzzle: JSON, cap: int | None) -> Solved:
    """Count the rows that fit the givens and sums, up to cap, left to right: each cell's value
    is fixed by its left neighbour wherever a sum joins them."""
    size, givens, sums = puzzle["size"], puzzle["givens"], puzzle["sums"]
    row: list[int] = []
    found: list[list[int]] = []

    def place(index: int) -> None:
        if cap is not None and len(found) >= cap:
            return
        if index == size:
            found.append(list(row))
            return
        for value in _candidates(index):
            row.append(value)
            place(index + 1)
            row.pop()

    def _candidates(index: int) -> list[int]:
        fixed = [givens[index]] if givens[index] else []
        if index and sums[index - 1]:
            fixed.append(sums[index - 1] - row[index - 1])
        choices = fixed[:1] if fixed else list(range(1, size + 1))
        return [v for v in choices if 1 <= v <= size and v not in row and all(f == v for f in fixed)]

    place(0)
    return Solved(len(found), {"row": found[0]} if found else None)


# --- checking -------------------------------------------------------------------------------------

def check(puzzle: JSON, solution: JSON) -> list[str]:
    """The rules a row breaks, written apart from the solver."""
    size, row = puzzle["size"], solution.get("row")
    if not isinstance(row, list) or sorted(row) != list(range(1, size + 1)):
        return [f"the row must hold the numbers 1 to {size}, each once"]
    problems = [f"cell {i + 1} is given as {given}" for i, given in enumerate(puzzle["givens"])
                if given and row[i] != given]
    problems += [f"cells {i + 1} and {i + 2} must add up to {total}"
                 for i, total in enumerate(puzzle["sums"]) if total and row[i] + row[i + 1] != total]
    return problems


def validate(puzzle: JSON) -> None:
    size = puzzle.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise PuzzleFormatError(f"'size' must be a whole number from {MIN_SIZE} to {MAX_SIZE}", key="size")
    for key, length, top in (("givens", size, size), ("sums", size - 1, 2 * size - 1)):
        values = puzzle.get(key)
        if not isinstance(values, list) or len(values) != length or not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= top for v in values):
            raise PuzzleFormatError(f"'{key}' must be a list of {length} whole numbers from 0 to {top}",
                                    key=key)


def rate(puzzle: JSON) -> JSON:
    size = puzzle["size"]
    level = LEVELS[min(max(size - SIZES[LEVELS[0]], 0), len(LEVELS) - 1)]
    givens = sum(1 for v in puzzle["givens"] if v)
    return {"level": level, "givens": givens, "cells": size, "sums": sum(1 for v in puzzle["sums"] if v)}


# --- generator ------------------------------------------------------------------------------------

def generate(rng: random.Random, request: Request) -> Generated:
    """A row of the level's length with every clue, then clues taken away while one answer stays."""
    size = SIZES[request.level]
    row = rng.sample(range(1, size + 1), size)
    puzzle: JSON = {"size": size, "givens": list(row), "sums": [a + b for a, b in zip(row, row[1:])]}
    clues = [("givens", i) for i in range(size)] + [("sums", i) for i in range(size - 1)]
    rng.shuffle(clues)
    if request.settings["clues"] == "sums":
        clues.sort(key=lambda clue: clue[0] != "givens")  # stable: the givens first, each in turn
    for key, index in clues:
        kept = puzzle[key][index]
        puzzle[key][index] = 0
        if solve(puzzle, 2).count != 1:
            puzzle[key][index] = kept
    return Generated(puzzle, {"row": row}, rate(puzzle))


def canonical(puzzle: JSON) -> str:
    """A row and its mirror image are twins."""
    mirrored = {"size": puzzle["size"], "givens": puzzle["givens"][::-1], "sums": puzzle["sums"][::-1]}
    return form_key(puzzle, mirrored)


def printed(puzzle: JSON) -> Printed:
    """The page shows every given and every sum."""
    return Printed(puzzle, tuple(str(v) for v in puzzle["givens"] + puzzle["sums"] if v))


def example() -> Generated:
    puzzle = {"size": 4, "givens": [2, 0, 0, 0], "sums": [6, 5, 4]}
    return Generated(puzzle, {"row": [2, 4, 1, 3]}, rate(puzzle))


# --- drawing --------------------------------------------------------------------------------------

def measure(puzzle: JSON) -> tuple[float, float]:
    return puzzle["size"] * CELL, SUM_BAND + CELL


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw(pen, puzzle, puzzle["givens"])


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    _draw(pen, puzzle, solution["row"])


def _draw(pen: Pen, puzzle: JSON, values: list[Any]) -> None:
    """The row of cells with the values shown (0: empty), each sum over the line it sits on."""
    for index, value in enumerate(values):
        pen.rect(index * CELL, SUM_BAND, CELL, CELL, width=MEDIUM)
        if value:
            pen.text((index + 0.5) * CELL, SUM_BAND + CELL / 2, str(value), 14,
                     bold=bool(puzzle["givens"][index]))
    for index, total in enumerate(puzzle["sums"]):
        if total:
            pen.text((index + 1) * CELL, SUM_BAND / 2, str(total), 9)


# --- the record -----------------------------------------------------------------------------------

PAIR_SUM = PuzzleType(
    name="pairsum",
    title=N_("Pair Sums"),
    rules=fixed_rules(RULES),
    options=OPTIONS,
    generate=generate,
    check_request=lambda request: None,
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
    showcase=(Showcase("easy"), Showcase("expert", {"clues": "sums"})),
    play_script="play.js",
    play_style="play.css",
    json_schema="schema.json",
)
