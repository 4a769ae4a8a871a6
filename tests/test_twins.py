"""Canonical forms: a puzzle and its twins under the type's symmetries share one; others do not."""

from __future__ import annotations

import pytest

from bookgen.core.symmetry import SYMMETRIES
from bookgen.making import make_puzzle
from bookgen.puzzles import PUZZLE_TYPES, find_type
from bookgen.puzzles.base import Request


def _made(name: str, level: str = "easy", seed: str = "twin"):
    return make_puzzle(Request.make(find_type(name), level, {}), seed).puzzle


@pytest.mark.parametrize("puzzle_type", PUZZLE_TYPES, ids=lambda t: t.name)
def test_different_puzzles_have_different_forms(puzzle_type):
    first = make_puzzle(Request.make(puzzle_type, "easy", {}), "a").puzzle
    forms = {puzzle_type.canonical(first)}
    for seed in "bcdefg":
        other = make_puzzle(Request.make(puzzle_type, "easy", {}), seed).puzzle
        if other != first:
            forms.add(puzzle_type.canonical(other))
    assert len(forms) > 1


def test_arithmetic_order_of_numbers_does_not_matter():
    arithmetic = find_type("arithmetic")
    card = {"numbers": [3, 8, 1, 5], "target": 10, "operators": "+-*/"}
    shuffled = {"numbers": [8, 5, 3, 1], "target": 10, "operators": "*/+-"}
    other_target = {"numbers": [3, 8, 1, 5], "target": 24, "operators": "+-*/"}
    assert arithmetic.canonical(card) == arithmetic.canonical(shuffled)
    assert arithmetic.canonical(card) != arithmetic.canonical(other_target)


def test_placement_chain_read_backwards_is_a_twin():
    placement = find_type("placement")
    chain = {"signs": ["<", "<", ">"], "numbers": ["1", "5", "9", "2"], "givens": {"0": "1"}}
    backwards = {"signs": ["<", ">", ">"], "numbers": ["2", "9", "5", "1"], "givens": {"3": "1"}}
    assert placement.canonical(chain) == placement.canonical(backwards)
    moved_given = {"signs": ["<", ">", ">"], "numbers": ["2", "9", "5", "1"], "givens": {"2": "1"}}
    assert placement.canonical(chain) != placement.canonical(moved_given)


@pytest.mark.parametrize("name", ["numbrix", "hidato"])
def test_path_grids_turned_mirrored_or_numbered_backwards_are_twins(name):
    puzzle_type = find_type(name)
    puzzle = _made(name, "medium")
    key = puzzle_type.canonical(puzzle)
    cells = sum(1 for row in puzzle["grid"] for v in row if v is not None)
    backwards = [[v if not v else cells + 1 - v for v in row] for row in puzzle["grid"]]
    for turn in SYMMETRIES:
        assert puzzle_type.canonical({"grid": turn.grid(puzzle["grid"])}) == key
        assert puzzle_type.canonical({"grid": turn.grid(backwards)}) == key
    changed = [row.copy() for row in puzzle["grid"]]
    blank = next((r, c) for r, row in enumerate(changed) for c, v in enumerate(row) if v == 0)
    changed[blank[0]][blank[1]] = None
    assert puzzle_type.canonical({"grid": changed}) != key


def test_arrow_grids_turn_with_their_arrows():
    arrows = find_type("arrows")
    puzzle = _made("arrows", "medium")
    mirrored = {"arrows": [[_mirror(sign) for sign in reversed(row)] for row in puzzle["arrows"]],
                "givens": [list(reversed(row)) for row in puzzle["givens"]]}
    assert arrows.canonical(mirrored) == arrows.canonical(puzzle)
    assert arrows.validate(mirrored) is None
    unturned = {"arrows": [list(reversed(row)) for row in puzzle["arrows"]],
                "givens": mirrored["givens"]}
    assert arrows.canonical(unturned) != arrows.canonical(puzzle)


def _mirror(sign: str) -> str:
    swap = {"E": "W", "W": "E", "NE": "NW", "NW": "NE", "SE": "SW", "SW": "SE", "N": "N", "S": "S"}
    heads = [swap[h] for h in sign.split("+")]
    order = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    return "+".join(sorted(heads, key=order.index))


@pytest.mark.parametrize("name", ["pyramid", "numberwall"])
def test_pyramid_and_wall_mirror_images_are_twins(name):
    puzzle_type = find_type(name)
    puzzle = _made(name, "medium")
    mirrored = dict(puzzle, rows=[row[::-1] for row in puzzle["rows"]])
    assert puzzle_type.canonical(mirrored) == puzzle_type.canonical(puzzle)
    assert puzzle_type.canonical(dict(puzzle, max=puzzle["max"] + 1)) != puzzle_type.canonical(puzzle)


@pytest.mark.parametrize("name", ["pyramid", "numberwall"])
def test_a_full_triangle_and_its_mirror_image_are_one_answer(name):
    puzzle_type = find_type(name)
    record = make_puzzle(Request.make(puzzle_type, "easy", {}), "answer")
    rows = record.solution["rows"]
    form = puzzle_type.answer_form(record.puzzle, record.solution)
    assert puzzle_type.answer_form({}, {"rows": [row[::-1] for row in rows]}) == form
    other = make_puzzle(Request.make(puzzle_type, "easy", {}), "other answer").solution
    assert other["rows"] in (rows, [row[::-1] for row in rows]) or \
        puzzle_type.answer_form({}, other) != form


def test_a_path_turned_or_numbered_backwards_is_one_answer():
    hidato = find_type("hidato")
    solution = make_puzzle(Request.make(hidato, "easy", {}), "answer").solution
    grid = solution["grid"]
    last = sum(1 for row in grid for v in row if v is not None) + 1
    backwards = [[v if v is None else last - v for v in row] for row in grid]
    form = hidato.answer_form({}, solution)
    for turn in SYMMETRIES:
        assert hidato.answer_form({}, {"grid": turn.grid(backwards)}) == form
