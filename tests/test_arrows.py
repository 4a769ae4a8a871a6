"""Arrow-count puzzles: rules, solver against brute force, generator, grading, drawing, errors."""

from __future__ import annotations

import itertools
import random

import pytest

from bookgen.core.grading import LEVELS
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.arrows import ARROWS, example
from bookgen.puzzles.arrows.board import board_for, board_of, ray
from bookgen.puzzles.arrows.checking import check, validate
from bookgen.puzzles.arrows.generator import generate, given_bounds_of, random_filling, random_layout
from bookgen.puzzles.arrows.grader import BANDS, deduce, rate
from bookgen.puzzles.arrows.parameters import DIRECTIONS, LINES, heads
from bookgen.puzzles.arrows.solver import flat_givens, solve
from bookgen.puzzles.base import Request

EXAMPLE = example()


def brute_force(puzzle: dict) -> list[list[int]]:
    """Every filling that obeys the rules, by trying all numbers 1..line length in every square."""
    board = board_for(puzzle)
    givens = flat_givens(puzzle)
    ranges = [[g] if g else range(1, len(line) + 1) for g, line in zip(givens, board.targets)]
    found = []
    for values in itertools.product(*ranges):
        if all(values[c] == len({values[t] for t in line}) for c, line in enumerate(board.targets)):
            found.append(list(values))
    return found


def random_small_puzzle(rng: random.Random, rows: int, cols: int) -> dict:
    arrows = random_layout(rng, rows, cols, two_headed=0.4)
    givens = [[0] * cols for _ in range(rows)]
    for _ in range(rng.randrange(0, 3)):
        r, c = rng.randrange(rows), rng.randrange(cols)
        line = len([cell for d in heads(arrows[r][c]) for cell in ray(rows, cols, r, c, d)])
        givens[r][c] = rng.randint(1, line)
    return {"arrows": arrows, "givens": givens}


# --- the rules ------------------------------------------------------------------------------------


def test_the_example_obeys_the_rules_and_is_the_only_answer():
    assert check(EXAMPLE.puzzle, EXAMPLE.solution) == []
    assert brute_force(EXAMPLE.puzzle) == [sum(EXAMPLE.solution["grid"], [])]
    assert EXAMPLE.rating["level"] == "easy"


def test_checker_rejects_a_wrong_count():
    grid = [row.copy() for row in EXAMPLE.solution["grid"]]
    grid[0][1] = 2  # SE from (0, 1) sees 2 and 2: one different number, not two
    problems = check(EXAMPLE.puzzle, {"grid": grid})
    assert any("row 1 column 2 holds 2" in p and "sees 1 different" in p for p in problems)


def test_checker_rejects_a_changed_given_and_a_wrong_shape():
    grid = [row.copy() for row in EXAMPLE.solution["grid"]]
    grid[0][0] = 2
    assert any("must keep its given 3" in p for p in check(EXAMPLE.puzzle, {"grid": grid}))
    assert check(EXAMPLE.puzzle, {"grid": [[1, 2]]}) == ["the answer must be a 3 x 4 grid of numbers"]


def test_two_headed_sign_looks_both_ways():
    # the middle square sees both ends; each end sees the other two squares
    puzzle = {"arrows": [["E", "E+W", "W"]], "givens": [[0, 0, 0]]}
    assert check(puzzle, {"grid": [[2, 1, 2]]}) == []
    assert check(puzzle, {"grid": [[1, 1, 1]]}) == []
    assert check(puzzle, {"grid": [[2, 1, 1]]}) != []
    assert brute_force(puzzle) == [[1, 1, 1], [1, 2, 2], [2, 1, 2], [2, 2, 1]]
    assert solve(puzzle, None).count == 4
    puzzle["givens"] = [[2, 1, 0]]
    assert solve(puzzle, None) == solve(puzzle, 2)
    assert solve(puzzle, None).count == 1 and solve(puzzle, 1).solution == {"grid": [[2, 1, 2]]}


def test_two_headed_sign_may_name_its_heads_in_either_order():
    puzzle = {"arrows": [["E", "W+E", "W"]], "givens": [[2, 1, 0]]}
    validate(puzzle)
    assert solve(puzzle, None).solution == {"grid": [[2, 1, 2]]}


def test_diagonal_two_headed_signs_see_both_diagonal_rays():
    board = board_of((("E", "S", "W"), ("E", "NE+SW", "W"), ("E", "SE+NW", "W")))
    assert sorted(board.targets[4]) == [2, 6]     # NE (0, 2) and SW (2, 0)
    board = board_of((("E", "S", "W"), ("E", "SE+NW", "W"), ("E", "N", "W")))
    assert sorted(board.targets[4]) == [0, 8]     # NW (0, 0) and SE (2, 2)


# --- the solver -----------------------------------------------------------------------------------


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (1, 5)])
def test_solver_counts_like_brute_force(shape):
    rng = random.Random(f"brute {shape}")
    for _ in range(12):
        puzzle = random_small_puzzle(rng, *shape)
        answers = brute_force(puzzle)
        solved = solve(puzzle, None)
        assert solved.count == len(answers)
        if answers:
            assert sum(solved.solution["grid"], []) in answers
            assert check(puzzle, solved.solution) == []
        assert solve(puzzle, 1).count == min(1, len(answers))


def test_solver_finds_no_answer_for_contradicting_givens():
    # a sign that sees a single square always shows 1
    puzzle = {"arrows": [["E", "W"]], "givens": [[0, 0]]}
    assert solve(puzzle, None).count == 1
    # the middle square sees only the last, so shows 1; the ends then see {1, 2} and {2, 1}
    puzzle = {"arrows": [["E", "E", "W"]], "givens": [[2, 0, 1]]}
    assert brute_force(puzzle) == []
    assert solve(puzzle, None).count == 0 and solve(puzzle, None).solution is None


def test_random_fillings_obey_the_rules():
    rng = random.Random("fill")
    for rows, cols in [(4, 4), (5, 7), (6, 6)]:
        arrows = random_layout(rng, rows, cols, 0.3)
        values = None
        while values is None:
            values = random_filling(board_of(tuple(map(tuple, arrows))), rng)
        grid = [values[r * cols:(r + 1) * cols] for r in range(rows)]
        assert check({"arrows": arrows, "givens": [[0] * cols] * rows}, {"grid": grid}) == []


# --- the generator and the grades ----------------------------------------------------------------


@pytest.fixture(scope="module")
def per_level():
    """One 5x5 puzzle per level through the middle layer (which verifies it)."""
    return {level: make_puzzle(Request.make(ARROWS, level, {"size": (5, 5)}), "levels") for level in LEVELS}


def test_levels_are_separate_bands_of_one_grade(per_level):
    grades = [per_level[level].rating["grade"] for level in LEVELS]
    assert grades == sorted(grades) and len(set(grades)) == len(grades)
    for level in LEVELS:
        low, high = BANDS.span(level)
        assert low <= per_level[level].rating["grade"] <= high
    stages = [per_level[level].rating["stage"] for level in LEVELS]
    assert stages[:3] == ["counting", "elimination", "cases"]


def test_each_level_needs_its_technique(per_level):
    """A level's puzzle is not solved within the band below it."""
    for below, level in zip(LEVELS, LEVELS[1:]):
        record = per_level[level]
        figures = deduce(board_for(record.puzzle), flat_givens(record.puzzle), BANDS.top(below))
        assert not figures["solved"] or figures["grade"] > BANDS.top(below)


@pytest.mark.parametrize("level,size,share", [
    ("easy", (4, 4), 0.0), ("medium", (4, 6), 0.5), ("hard", (6, 5), 0.2),
    ("expert", (5, 5), 1.0), ("hard", (7, 7), 0.2), ("medium", (8, 8), 0.2),
])
def test_generated_puzzles_have_exactly_one_answer(level, size, share):
    generated = generate(random.Random(f"{level}{size}"),
                         Request.make(ARROWS, level, {"size": size, "two_headed": share}))
    puzzle = generated.puzzle
    validate(puzzle)
    assert (len(puzzle["arrows"]), len(puzzle["arrows"][0])) == size
    assert check(puzzle, generated.solution) == []
    assert solve(puzzle, 2).count == 1
    assert rate(puzzle) == generated.rating and generated.rating["level"] == level
    # the answer uses the numbers 1, 2, 3 at least, not just 1s and 2s
    assert {1, 2, 3} <= set(sum(generated.solution["grid"], []))


def test_two_headed_share_is_honoured():
    only = generate(random.Random("all two"),
                    Request.make(ARROWS, "medium", {"size": (5, 5), "two_headed": 1.0}))
    none = generate(random.Random("no two"),
                    Request.make(ARROWS, "medium", {"size": (5, 5), "two_headed": 0.0}))
    signs = sum(only.puzzle["arrows"], [])
    assert all(sign in LINES for row in only.puzzle["arrows"][1:-1] for sign in row[1:-1])
    assert sum(1 for sign in signs if "+" in sign) >= 9
    assert all(sign in DIRECTIONS for sign in sum(none.puzzle["arrows"], []))


def test_settings_carry_the_defaults_from_the_option_specs():
    request = Request.make(ARROWS, "easy", {})
    assert request.options == {}
    assert request.settings == {"size": (5, 5), "two_headed": 0.2}
    assert Request.make(ARROWS, "hard", {"size": "6x4"}).settings["size"] == (6, 4)
    made = generate(random.Random("defaults"), request)
    assert (len(made.puzzle["arrows"]), len(made.puzzle["arrows"][0])) == (5, 5)


def test_same_seed_same_puzzle():
    first = generate(random.Random("again"), Request.make(ARROWS, "hard", {}))
    second = generate(random.Random("again"), Request.make(ARROWS, "hard", {}))
    assert first == second


# --- bad input ------------------------------------------------------------------------------------


def _with(**changes):
    puzzle = {"arrows": [row.copy() for row in EXAMPLE.puzzle["arrows"]],
              "givens": [row.copy() for row in EXAMPLE.puzzle["givens"]]}
    puzzle.update(changes)
    return puzzle


@pytest.mark.parametrize("sign,message", [
    ("X", "unknown direction 'X'"),
    ("N+E", "not opposite"),
    ("E+W+E", "unknown direction"),
    (3, "is not a sign"),
])
def test_unknown_directions_are_refused(sign, message):
    puzzle = _with()
    puzzle["arrows"][1][1] = sign
    with pytest.raises(PuzzleFormatError, match=message) as error:
        validate(puzzle)
    assert "row 2 column 2" in str(error.value) and "NE+SW" in str(error.value)


def test_arrow_off_the_grid_is_refused():
    puzzle = _with()
    puzzle["arrows"][0][0] = "N"
    with pytest.raises(PuzzleFormatError, match="row 1 column 1: the arrow N points off the grid"):
        validate(puzzle)
    puzzle["arrows"][0][0] = "E+W"  # the W head has nothing to point at
    with pytest.raises(PuzzleFormatError, match="the arrow W points off the grid"):
        validate(puzzle)


@pytest.mark.parametrize("value", [4, -1, 1.5, "2", True])
def test_numbers_out_of_range_are_refused(value):
    puzzle = _with()
    puzzle["givens"][0][1] = value  # SE from (0, 1) sees two squares
    with pytest.raises(PuzzleFormatError, match="row 1 column 2: given .* use 1 to 2"):
        validate(puzzle)


def test_malformed_grids_are_refused():
    with pytest.raises(PuzzleFormatError, match="'arrows' must be"):
        validate({"arrows": [], "givens": []})
    with pytest.raises(PuzzleFormatError, match="'arrows' must be"):
        validate({"arrows": [["E", "W"], ["E"]], "givens": [[0, 0], [0]]})
    with pytest.raises(PuzzleFormatError, match="'givens' must be a 3 x 4 grid"):
        validate(_with(givens=[[0, 0, 0, 0]]))


def test_impossible_requests_are_refused_before_generating():
    with pytest.raises(BookgenError, match="at least 24 squares"):
        Request.make(ARROWS, "expert", {"size": (4, 4)})
    options = {option.name: option for option in ARROWS.options}
    with pytest.raises(BookgenError, match="each side 4 to 8"):
        options["size"].parse("9x5")
    with pytest.raises(BookgenError, match="0 to 1"):
        options["two_headed"].parse("1.5")
    assert options["size"].parse("4x7") == (4, 7)


# --- drawing --------------------------------------------------------------------------------------


def test_drawing_shows_givens_bold_and_two_heads_on_two_headed_signs():
    pen = RecordingPen()
    ARROWS.draw_puzzle(pen, EXAMPLE.puzzle)
    texts = [kw for name, kw in pen.calls if name == "text"]
    assert sorted(kw["text"] for kw in texts) == ["2", "2", "3"] and all(kw["bold"] for kw in texts)
    heads_drawn = sum(1 for name, _ in pen.calls if name == "polygon")
    signs = sum(EXAMPLE.puzzle["arrows"], [])
    assert heads_drawn == sum(len(heads(sign)) for sign in signs) == len(signs) + 4
    width, height = ARROWS.measure(EXAMPLE.puzzle)
    x0, y0, x1, y1 = pen.bounds()
    assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height

    pen = RecordingPen()
    ARROWS.draw_solution(pen, EXAMPLE.puzzle, EXAMPLE.solution)
    written = [kw for name, kw in pen.calls if name == "text"]
    assert len(written) == 12 and sum(1 for kw in written if kw["bold"]) == 3


def test_registered():
    assert find_type("arrows") is ARROWS


@pytest.mark.parametrize("cells", [16, 24, 25, 36, 49, 64])
def test_levels_keep_givens_in_bands_that_do_not_overlap(cells):
    bounds = [given_bounds_of(level, cells) for level in LEVELS]
    assert bounds[0][1] is None and bounds[-1][0] == 0
    for (floor, _), (lower_floor, ceiling) in itertools.pairwise(bounds):
        assert ceiling is not None and lower_floor <= ceiling < floor


def test_generated_puzzles_keep_the_floor_and_prefer_the_ceiling():
    for level in LEVELS:
        floor, ceiling = given_bounds_of(level, 25)
        for seed in range(3):
            givens = make_puzzle(Request.make(ARROWS, level, {}), f"band{seed}").rating["givens"]
            assert givens >= floor and (ceiling is None or givens <= ceiling)
