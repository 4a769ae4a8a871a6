"""Facts about inverted pyramids: the rule checker, exact counts against brute force, the
classic counts and the 6-row impossibility, generated puzzles (unique, graded), errors, drawing."""

from __future__ import annotations

import itertools
import random

import pytest

from bookgen.core.grading import LEVELS
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles import pyramid as P
from bookgen.puzzles.base import Request

PYRAMID = find_type("pyramid")


def empty(variant: str, rows: int, high: int, low: int = 1) -> dict:
    puzzle = {"variant": variant, "max": high, "rows": [[0] * (rows - k) for k in range(rows)]}
    if variant == "sum":
        puzzle["min"] = low
    return puzzle


def brute_force(puzzle: dict) -> list[list[int]]:
    """Every completion, by trying every wide row outright (no cleverness at all)."""
    rows, high, low = len(puzzle["rows"]), puzzle["max"], puzzle.get("min", 1)
    found = []
    for top in itertools.product(range(low, high + 1), repeat=rows):
        grid = [list(top)]
        while len(grid[-1]) > 1:
            last = grid[-1]
            grid.append([a + b if puzzle["variant"] == "sum" else abs(a - b)
                         for a, b in zip(last, last[1:])])
        if PYRAMID.check(puzzle, {"rows": grid}) == []:
            found.append(P.flatten(grid))
    return found


# --- rule checker -------------------------------------------------------------------------------

FIVE = [[6, 14, 15, 3, 13], [8, 1, 12, 10], [7, 11, 2], [4, 9], [5]]


def test_checker_accepts_the_five_row_classic_pyramid():
    assert PYRAMID.check(empty("classic", 5, 15), {"rows": FIVE}) == []


def test_checker_names_each_broken_rule():
    puzzle = empty("classic", 3, 6)
    puzzle["rows"][0][0] = 6
    assert any("difference" in p for p in PYRAMID.check(puzzle, {"rows": [[6, 1, 4], [5, 3], [1]]}))
    assert any("more than once" in p for p in
               PYRAMID.check(empty("distinct", 3, 9), {"rows": [[5, 9, 4], [4, 5], [1]]}))
    assert any("given" in p for p in PYRAMID.check(puzzle, {"rows": [[1, 6, 4], [5, 2], [3]]}))
    assert any("outside" in p for p in
               PYRAMID.check(empty("distinct", 3, 6), {"rows": [[7, 1, 4], [6, 3], [3]]}))
    assert any("sum" in p or "+" in p for p in
               PYRAMID.check(empty("sum", 3, 20), {"rows": [[1, 2, 3], [3, 5], [9]]}))
    assert PYRAMID.check(empty("sum", 3, 20), {"rows": [[1, 2, 3], [3, 5], [8]]}) == []
    assert PYRAMID.check(puzzle, {"rows": [[6, 1]]}) != []


# --- solver -------------------------------------------------------------------------------------


def test_classic_counts_including_mirror_images():
    """All classic pyramids of 1 to 5 rows: 1, 4, 8, 8, 2 (mirror images counted apart, so
    1, 2, 4, 4, 1 up to reflection); the only 5-row one is 6 14 15 3 13 and its mirror."""
    counts = [PYRAMID.solve(empty("classic", n, P.triangular(n)), None).count for n in range(1, 6)]
    assert counts == [1, 4, 8, 8, 2]
    assert PYRAMID.solve(empty("classic", 5, 15), None).solution == {"rows": FIVE}


def test_no_classic_pyramid_has_six_rows():
    assert PYRAMID.solve(empty("classic", 6, 21), None).count == 0


def test_classic_six_rows_are_impossible_even_without_the_parity_shortcut(monkeypatch):
    monkeypatch.setattr(P, "classic_parities", lambda rows: tuple(range(1 << rows)))
    assert PYRAMID.solve(empty("classic", 6, 21), None).count == 0


@pytest.mark.parametrize("rows", [1, 2, 3, 4])
def test_empty_classic_counts_agree_with_brute_force(rows):
    puzzle = empty("classic", rows, P.triangular(rows))
    assert PYRAMID.solve(puzzle, None).count == len(brute_force(puzzle))


def _random_puzzles(seed: int, count: int):
    """Small puzzles of every variant with random givens taken from real pyramids."""
    rng = random.Random(seed)
    for _ in range(count):
        variant = rng.choice(P.VARIANTS)
        rows = rng.choice((2, 3, 4)) if variant != "sum" else rng.choice((2, 3))
        high = {"classic": P.triangular(rows), "distinct": P.triangular(rows) + rng.randint(0, 3),
                "sum": rng.randint(8, 14)}[variant]
        if variant == "distinct" and rows == 4:
            high = min(high, 11)
        puzzle = empty(variant, rows, high)
        full = brute_force(puzzle)
        if full:
            answer = rng.choice(full)
            keep = rng.sample(range(len(answer)), rng.randint(0, 3))
            values = [v if cell in keep else 0 for cell, v in enumerate(answer)]
            puzzle["rows"] = P.to_rows(rows, values)
        yield puzzle


def test_both_searches_agree_with_brute_force_on_random_small_puzzles():
    for puzzle in _random_puzzles(7, 30):
        expected = sorted(brute_force(puzzle))
        rules = P.rules_of(puzzle)
        wide_row = sorted(P.completions(rules, P.givens_of(puzzle)))
        assert wide_row == expected, puzzle
        if puzzle["variant"] != "sum":
            narrowing = sorted(P.narrowing_search(rules, P.flatten(puzzle["rows"])))
            assert narrowing == expected, puzzle
        assert PYRAMID.solve(puzzle, None).count == len(expected)
        capped = PYRAMID.solve(puzzle, 1)
        assert capped.count == min(1, len(expected))


def test_grader_steps_never_contradict_the_true_answer():
    """Every number the human-style steps write is the one in the only answer."""
    for puzzle in _random_puzzles(11, 30):
        answers = brute_force(puzzle)
        if len(answers) != 1:
            continue
        rules = P.rules_of(puzzle)
        filled, _ = P.deduce(rules, P.flatten(puzzle["rows"]), 3)
        assert all(v in (0, a) for v, a in zip(filled, answers[0])), puzzle


# --- generator and grader ------------------------------------------------------------------------

CASES = [("classic", rows) for rows in (3, 4, 5)] + [("distinct", rows) for rows in (3, 5, 7)] + [
    ("sum", rows) for rows in (3, 5)]


@pytest.mark.parametrize("variant,rows", CASES)
def test_generated_puzzles_are_unique_and_graded_at_their_level(variant, rows):
    for level in LEVELS:
        options = {"variant": variant, "rows": rows}
        if variant == "sum" and level == "expert" and rows < P.SUM_EXPERT_ROWS:
            with pytest.raises(BookgenError, match="at least"):
                Request.make(PYRAMID, level, options)
            continue
        record = make_puzzle(Request.make(PYRAMID, level, options), f"test-{rows}")  # verifies uniqueness
        assert PYRAMID.solve(record.puzzle, None).count == 1
        assert record.rating["level"] == level and record.rating["finished"]
        assert len(record.puzzle["rows"]) == rows and record.puzzle["variant"] == variant


def test_levels_differ_by_the_steps_they_need():
    ratings = {level: make_puzzle(Request.make(PYRAMID, level, {"variant": "distinct", "rows": 5}),
                                  "grade").rating for level in LEVELS}
    assert ratings["easy"]["once_steps"] == ratings["easy"]["candidates_steps"] == 0
    assert ratings["medium"]["once_steps"] > 0 and ratings["medium"]["candidates_steps"] == 0
    assert ratings["hard"]["candidates_steps"] > 0 and ratings["hard"]["trial_steps"] == 0
    assert ratings["expert"]["trial_steps"] > 0
    walls = {level: make_puzzle(Request.make(PYRAMID, level, {"variant": "sum", "rows": 5}), "grade").rating
             for level in LEVELS}
    assert walls["easy"]["subtract_steps"] == 0 and walls["medium"]["subtract_steps"] > 0
    assert walls["hard"]["equation_steps"] == 1
    assert walls["expert"]["equation_steps"] >= 2 or walls["expert"]["system_steps"] > 0


def test_sum_options_shape_the_wall():
    record = make_puzzle(Request.make(PYRAMID, "medium", {"variant": "sum", "rows": 4, "range": (2, 5),
                                             "max": 40}), "range")
    bottom = record.solution["rows"][0]
    assert all(2 <= v <= 5 for v in bottom) and record.solution["rows"][-1][0] <= 40
    assert record.puzzle["min"] == 2 and record.puzzle["max"] == 40


def test_distinct_pyramids_respect_max():
    record = make_puzzle(Request.make(PYRAMID, "easy", {"variant": "distinct", "rows": 6, "max": 30}), "max")
    values = P.flatten(record.solution["rows"])
    assert max(values) <= 30 and len(set(values)) == 21


# --- errors ---------------------------------------------------------------------------------------


def test_classic_beyond_five_rows_is_refused_with_the_reason():
    with pytest.raises(BookgenError) as error:
        Request.make(PYRAMID, "easy", {"variant": "classic", "rows": 6})
    assert "does not exist" in error.value.message and "distinct" in error.value.message
    assert error.value.key == "rows"


@pytest.mark.parametrize("options,key", [
    ({"variant": "classic", "rows": 4, "max": 12}, "max"),
    ({"variant": "distinct", "rows": 6, "max": 21}, "max"),
    ({"variant": "distinct", "rows": 2}, "rows"),
    ({"variant": "classic", "range": (1, 5)}, "range"),
    ({"variant": "sum", "rows": 6, "range": (5, 9), "max": 100}, "max"),
])
def test_impossible_requests_say_what_is_allowed(options, key):
    with pytest.raises(BookgenError) as error:
        Request.make(PYRAMID, "easy", options)
    assert error.value.key == key


@pytest.mark.parametrize("puzzle,key", [
    ({"variant": "other", "max": 6, "rows": [[0, 0, 0], [0, 0], [0]]}, "variant"),
    ({"variant": "classic", "max": 6, "rows": [[0, 0], [0, 0], [0]]}, "rows"),
    ({"variant": "classic", "max": 7, "rows": [[0, 0, 0], [0, 0], [0]]}, "max"),
    ({"variant": "classic", "max": 6, "rows": [[9, 0, 0], [0, 0], [0]]}, "rows"),
    ({"variant": "classic", "max": 6, "rows": [[1, 1, 0], [0, 0], [0]]}, "rows"),
    ({"variant": "distinct", "max": 6, "rows": [["1", 0, 0], [0, 0], [0]]}, "rows"),
    ({"variant": "sum", "max": 20, "min": 0, "rows": [[0, 0], [0]]}, "min"),
    ({"variant": "classic", "rows": [[0]]}, "max"),
])
def test_malformed_json_is_refused(puzzle, key):
    with pytest.raises(PuzzleFormatError) as error:
        PYRAMID.validate(puzzle)
    assert error.value.key == key


# --- drawing --------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant,shape_call", [("classic", "circle"), ("distinct", "circle"),
                                                ("sum", "rect")])
def test_each_variant_draws_its_cells_and_numbers(variant, shape_call):
    record = make_puzzle(Request.make(PYRAMID, "medium", {"variant": variant, "rows": 4}), "draw")
    width, height = PYRAMID.measure(record.puzzle)
    pen = RecordingPen()
    PYRAMID.draw_puzzle(pen, record.puzzle)
    assert sum(1 for name, _ in pen.calls if name == shape_call) == 10
    givens = [str(v) for v in P.flatten(record.puzzle["rows"]) if v]
    assert sorted(pen.texts()) == sorted(givens)
    x0, y0, x1, y1 = pen.bounds()
    assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height
    answer = RecordingPen()
    PYRAMID.draw_solution(answer, record.puzzle, record.solution)
    assert sorted(answer.texts()) == sorted(str(v) for v in P.flatten(record.solution["rows"]))


def test_number_walls_put_the_wide_row_at_the_bottom():
    puzzle = {"variant": "sum", "max": 20, "min": 1, "rows": [[1, 2, 3], [3, 5], [8]]}
    pen = RecordingPen()
    PYRAMID.draw_puzzle(pen, puzzle)
    y_of = {kw["text"]: kw["y"] for name, kw in pen.calls if name == "text"}
    assert y_of["1"] > y_of["3"] > y_of["8"]


def test_example_is_a_unique_easy_classic_pyramid():
    example = PYRAMID.example(None)
    assert PYRAMID.check(example.puzzle, example.solution) == []
    assert PYRAMID.solve(example.puzzle, None).count == 1
    assert example.rating["level"] == "easy"
