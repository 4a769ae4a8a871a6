"""Canonical forms: a puzzle and its twins under the type's symmetries share one; others do not."""

from __future__ import annotations

import functools
import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookgen.book import make_book
from bookgen.config import load_config
from bookgen.core.symmetry import SYMMETRIES
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request


def _made(name: str, level: str = "easy", seed: str = "twin"):
    return make_puzzle(Request.make(find_type(name), level, {}), seed).puzzle


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


# --- sudoku: every change that keeps a sudoku a sudoku ----------------------------------------------

SUDOKU_BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}


@functools.cache
def _sudoku(size: int, seed: str) -> tuple[tuple[int, ...], ...]:
    """The givens of a generated classic sudoku of that size (medium: fewer givens, more blanks)."""
    request = Request.make(find_type("sudoku"), "medium", {"size": str(size)})
    return tuple(map(tuple, make_puzzle(request, seed).puzzle["givens"]))


def _line_orders(size: int, block: int) -> list[tuple[int, ...]]:
    """Every order of the lines of a grid that keeps its blocks of `block` lines together."""
    blocks = [list(range(start, start + block)) for start in range(0, size, block)]
    return [sum(inner, ()) for outer in itertools.permutations(blocks)
            for inner in itertools.product(*map(itertools.permutations, outer))]


def _moved(grid, rows, cols, transpose: bool, names) -> list[list[int]]:
    """The grid with its rows and columns in the orders given (transposed first), numbers renamed."""
    source = [list(line) for line in zip(*grid)] if transpose else [list(line) for line in grid]
    return [[names[source[r][c]] for c in cols] for r in rows]


def _smallest_of_every_twin(grid) -> list[list[int]]:
    """The minlex form by brute force: every move of the squares, numbers renamed in the order
    they first appear (the smallest renaming), the smallest grid read row by row."""
    size = len(grid)
    box_rows, box_cols = SUDOKU_BOXES[size]
    best = None
    for transpose in (False, True) if box_rows == box_cols else (False,):
        for rows in _line_orders(size, box_rows):
            for cols in _line_orders(size, box_cols):
                moved = _moved(grid, rows, cols, transpose, list(range(size + 1)))
                order = [v for row in moved for v in row if v]
                names = {0: 0, **{v: i + 1 for i, v in enumerate(dict.fromkeys(order))}}
                form = [[names[v] for v in row] for row in moved]
                best = form if best is None or form < best else best
    assert best is not None
    return best


def _form(grid) -> list[list[int]]:
    _, rows = json.loads(find_type("sudoku").canonical({"variant": "classic", "givens": grid}))
    return rows


@settings(max_examples=60, derandomize=True, deadline=None)
@given(data=st.data(), size=st.sampled_from([4, 6, 9]), seed=st.sampled_from(["a", "b"]))
def test_a_sudoku_moved_and_renamed_any_way_keeps_its_form(data, size, seed):
    """Bands, rows within bands, stacks, columns within stacks, a transpose (square boxes only)
    and a renaming of the numbers, drawn at random: the form stays."""
    givens = _sudoku(size, seed)
    box_rows, box_cols = SUDOKU_BOXES[size]
    rows = data.draw(st.sampled_from(_line_orders(size, box_rows)), "rows")
    cols = data.draw(st.sampled_from(_line_orders(size, box_cols)), "columns")
    transpose = box_rows == box_cols and data.draw(st.booleans(), "transpose")
    names = [0, *data.draw(st.permutations(range(1, size + 1)), "names")]
    moved = _moved(givens, rows, cols, transpose, names)
    assert _form(moved) == _form(givens)


@pytest.mark.parametrize("size, seeds", [(4, "abcdefghijkl"), (6, "abc")])
def test_the_sudoku_form_is_the_smallest_twin_so_only_twins_share_it(size, seeds):
    """Against brute force over the whole group (128 moves of a 4x4, 3,456 of a 6x6): the form
    is the smallest twin, which belongs to the puzzle's twins alone."""
    for seed in seeds:
        givens = _sudoku(size, seed)
        assert _form(givens) == _smallest_of_every_twin(givens)


def test_sudoku_moves_that_break_the_boxes_make_a_different_puzzle():
    """Rows swapped across bands, a 6x6 transposed (its boxes would stand 3 high), a given taken
    away: not twins (brute force says so on the small sizes), so not the same form."""
    for size in (4, 6):
        givens = [list(row) for row in _sudoku(size, "a")]
        fewer = [row.copy() for row in givens]
        r, c = next((r, c) for r, row in enumerate(fewer) for c, v in enumerate(row) if v)
        fewer[r][c] = 0
        others = [fewer, [givens[0], givens[2], givens[1], *givens[3:]],
                  [givens[-1], *givens[1:-1], givens[0]]]
        if size == 6:
            others.append([list(line) for line in zip(*givens)])
        apart = [other for other in others
                 if _smallest_of_every_twin(other) != _smallest_of_every_twin(givens)]
        assert len(apart) >= 2
        assert all(_form(other) != _form(givens) for other in apart)
    nine = [list(row) for row in _sudoku(9, "a")]
    assert _form([nine[3], *nine[1:3], nine[0], *nine[4:]]) != _form(nine)  # rows 1 and 4 swapped


def test_sudoku_variants_keep_their_layout_apart():
    """A diagonal sudoku is compared by the moves that keep its diagonals (a band swap alone moves
    them); a variant with its own regions by the eight turns and mirrors with its layout as it is."""
    sudoku = find_type("sudoku")
    givens = [list(row) for row in _sudoku(4, "a")]
    diagonal = {"variant": "diagonal", "givens": givens}
    swapped = {"variant": "diagonal", "givens": [*givens[2:], *givens[:2]]}
    turned = {"variant": "diagonal", "givens": [list(row) for row in zip(*givens[::-1])]}
    assert sudoku.canonical(turned) == sudoku.canonical(diagonal)
    if [row[::-1] for row in givens[::-1]] not in ([list(r) for r in swapped["givens"]], givens):
        assert sudoku.canonical(swapped) != sudoku.canonical(diagonal)
    regions = [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]
    jigsaw = {"variant": "jigsaw", "givens": givens, "regions": regions}
    other_regions = {**jigsaw, "regions": [[0, 0, 0, 1], [2, 0, 1, 1], [2, 2, 3, 1], [2, 3, 3, 3]]}
    assert sudoku.canonical(jigsaw) != sudoku.canonical(other_regions)
    answer = {"grid": [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]}
    assert sudoku.answer_form(jigsaw, answer) != sudoku.answer_form(other_regions, answer)


def test_a_book_of_4x4_sudoku_holds_no_twins(write_config):
    """Twelve easy 4x4 puzzles in a book (of the few dozen there are): no two are twins, by brute
    force over the whole group; their answers may be twins (a 4x4 has two filled grids that are
    not), so the book is not held to two."""
    config = write_config("""
        title: Small Sudoku
        seed: twins
        sections:
          - {type: sudoku, count: 12, difficulty: easy, size: 4}
        """)
    (section,) = make_book(load_config(config)).sections
    forms = [_smallest_of_every_twin(record.puzzle["givens"]) for record in section.records]
    assert len(forms) == 12 and all(forms.count(form) == 1 for form in forms)
