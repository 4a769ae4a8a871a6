"""Facts about difference pyramids: the rule checker, exact counts against brute force, the
classic counts and the 6-row impossibility, generated puzzles (unique, graded, and the same as
before the grading loops moved to core.grading), errors, drawing. Number walls: test_numberwall."""

from __future__ import annotations

import itertools
import random

import pytest

from bookgen.book import different_puzzles
from bookgen.core.grading import LEVELS
from bookgen.core.pen import RecordingPen
from bookgen.core.triangle import flatten, givens_of, to_rows, triangular
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.making import make_puzzle, regenerate
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request, too_few_exist
from bookgen.puzzles.pyramid import solver as pyramid_solver
from bookgen.puzzles.pyramid.generator import (
    CLASSIC_5_VARIETY,
    all_classic,
    answers,
    count_puzzles,
    given_bounds_of,
    rules_for,
    variety,
)
from bookgen.puzzles.pyramid.grader import deduce
from bookgen.puzzles.pyramid.parameters import (
    CLASSIC_LIMIT,
    MAX_NUMBER,
    MIN_ROWS,
    VARIANT_RULES,
    VARIANTS,
    answer_form,
)
from bookgen.puzzles.pyramid.rules import largest, rules_of
from bookgen.puzzles.pyramid.solver import narrowing_search, wide_row_search

PYRAMID = find_type("pyramid")


def empty(variant: str, rows: int, high: int) -> dict:
    return {"variant": variant, "max": high, "rows": [[0] * (rows - k) for k in range(rows)]}


def brute_force(puzzle: dict) -> list[list[int]]:
    """Every completion, by trying every wide row of different numbers outright."""
    rows, high = len(puzzle["rows"]), puzzle["max"]
    found = []
    for top in itertools.permutations(range(1, high + 1), rows):
        grid = [list(top)]
        while len(grid[-1]) > 1:
            last = grid[-1]
            grid.append([abs(a - b) for a, b in zip(last, last[1:])])
        if PYRAMID.check(puzzle, {"rows": grid}) == []:
            found.append(flatten(grid))
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
    assert PYRAMID.check(puzzle, {"rows": [[6, 1]]}) != []


# --- solver -------------------------------------------------------------------------------------


def test_classic_counts_including_mirror_images():
    """All classic pyramids of 1 to 5 rows: 1, 4, 8, 8, 2 (mirror images counted apart, so
    1, 2, 4, 4, 1 up to reflection); the only 5-row one is 6 14 15 3 13 and its mirror."""
    counts = [PYRAMID.solve(empty("classic", n, triangular(n)), None).count for n in range(1, 6)]
    assert counts == [1, 4, 8, 8, 2]
    assert PYRAMID.solve(empty("classic", 5, 15), None).solution == {"rows": FIVE}


def test_no_classic_pyramid_has_six_rows():
    assert PYRAMID.solve(empty("classic", 6, 21), None).count == 0


def test_classic_six_rows_are_impossible_even_without_the_parity_shortcut(monkeypatch):
    monkeypatch.setattr(pyramid_solver, "classic_parities", lambda rows: tuple(range(1 << rows)))
    assert PYRAMID.solve(empty("classic", 6, 21), None).count == 0


@pytest.mark.parametrize("rows", [1, 2, 3, 4])
def test_empty_classic_counts_agree_with_brute_force(rows):
    puzzle = empty("classic", rows, triangular(rows))
    assert PYRAMID.solve(puzzle, None).count == len(brute_force(puzzle))


def _random_puzzles(seed: int, count: int):
    """Small puzzles of both variants with random givens taken from real pyramids."""
    rng = random.Random(seed)
    for _ in range(count):
        variant = rng.choice(VARIANTS)
        rows = rng.choice((2, 3, 4))
        high = {"classic": triangular(rows), "distinct": triangular(rows) + rng.randint(0, 3)}[variant]
        if variant == "distinct" and rows == 4:
            high = min(high, 11)
        puzzle = empty(variant, rows, high)
        full = brute_force(puzzle)
        if full:
            answer = rng.choice(full)
            keep = rng.sample(range(len(answer)), rng.randint(0, 3))
            values = [v if cell in keep else 0 for cell, v in enumerate(answer)]
            puzzle["rows"] = to_rows(rows, values)
        yield puzzle


def test_both_searches_agree_with_brute_force_on_random_small_puzzles():
    for puzzle in _random_puzzles(7, 24):
        expected = sorted(brute_force(puzzle))
        rules = rules_of(puzzle)
        wide_row = sorted(wide_row_search(rules, givens_of(puzzle["rows"])))
        assert wide_row == expected, puzzle
        narrowing = sorted(narrowing_search(rules, flatten(puzzle["rows"])))
        assert narrowing == expected, puzzle
        assert PYRAMID.solve(puzzle, None).count == len(expected)
        capped = PYRAMID.solve(puzzle, 1)
        assert capped.count == min(1, len(expected))


def test_grader_steps_never_contradict_the_true_answer():
    """Every number the human-style steps write is the one in the only answer."""
    for puzzle in _random_puzzles(11, 24):
        answers = brute_force(puzzle)
        if len(answers) != 1:
            continue
        rules = rules_of(puzzle)
        filled, _ = deduce(rules, flatten(puzzle["rows"]))
        assert all(v in (0, a) for v, a in zip(filled, answers[0])), puzzle


# --- generator and grader ------------------------------------------------------------------------

CASES = [("classic", rows) for rows in (3, 4, 5)] + [("distinct", rows) for rows in (3, 5, 7)]


@pytest.mark.parametrize("variant,rows", CASES)
def test_generated_puzzles_are_unique_and_graded_at_their_level(variant, rows):
    for level in LEVELS:
        options = {"variant": variant, "rows": rows}
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


def test_distinct_pyramids_respect_max():
    record = make_puzzle(Request.make(PYRAMID, "easy", {"variant": "distinct", "rows": 6, "max": 30}), "max")
    values = flatten(record.solution["rows"])
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
    ({"variant": "classic", "range": (1, 5)}, "range"),  # range is a number-wall option
    ({"variant": "sum"}, "variant"),  # number walls are their own type
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
    ({"variant": "sum", "max": 20, "min": 1, "rows": [[0, 0], [0]]}, "variant"),
    ({"variant": "distinct", "max": 20, "min": 2, "rows": [[0, 0], [0]]}, "min"),
    ({"variant": "distinct", "rows": [[0]]}, "max"),  # only a classic pyramid's rows fix its max
])
def test_malformed_json_is_refused(puzzle, key):
    with pytest.raises(PuzzleFormatError) as error:
        PYRAMID.validate(puzzle)
    assert error.value.key == key


# --- drawing --------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_draws_its_cells_and_numbers(variant):
    record = make_puzzle(Request.make(PYRAMID, "medium", {"variant": variant, "rows": 4}), "draw")
    width, height = PYRAMID.measure(record.puzzle)
    pen = RecordingPen()
    PYRAMID.draw_puzzle(pen, record.puzzle)
    assert sum(1 for name, _ in pen.calls if name == "circle") == 10
    givens = [str(v) for v in flatten(record.puzzle["rows"]) if v]
    # the range under the pyramid is part of its rules (a distinct one needs it to be unique)
    assert sorted(pen.texts()) == sorted(givens + [f"Numbers 1 to {record.puzzle['max']}"])
    x0, y0, x1, y1 = pen.bounds()
    assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height
    answer = RecordingPen()
    PYRAMID.draw_solution(answer, record.puzzle, record.solution)
    assert sorted(answer.texts()) == sorted(str(v) for v in flatten(record.solution["rows"]))


def test_example_is_a_unique_easy_classic_pyramid():
    example = PYRAMID.example(None)
    assert PYRAMID.check(example.puzzle, example.solution) == []
    assert PYRAMID.solve(example.puzzle, None).count == 1
    assert example.rating["level"] == "easy"


# --- golden puzzles -------------------------------------------------------------------------------
#
# Made before number walls left this module and the grading loops moved to core.grading; the
# same ids must keep making exactly these puzzles with exactly these ratings.

GOLDEN = [
    ("pyramid:expert:variant=classic:1.1",
     [[0, 0, 0, 0, 0], [0, 0, 0, 10], [7, 11, 0], [0, 0], [0]],
     {"hardest_step": "trial", "givens": 3, "direct_steps": 1, "once_steps": 0,
      "candidates_steps": 1, "trial_steps": 1}),
    ("pyramid:hard:variant=distinct:1.1",
     [[0, 0, 0, 7, 0, 28], [0, 13, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0], [0, 10], [0]],
     {"hardest_step": "candidates", "givens": 5, "direct_steps": 0, "once_steps": 0,
      "candidates_steps": 1, "trial_steps": 0}),
]


@pytest.mark.parametrize("ident,rows,figures", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_ids_make_the_same_puzzles_as_before(ident, rows, figures):
    record = regenerate(ident)
    assert record.puzzle["rows"] == rows
    assert {key: record.rating[key] for key in figures} == figures


def test_rules_in_general_cover_both_variants_with_the_printed_range():
    """A classic pyramid's printed range holds exactly as many numbers as it has circles, so
    "no number twice, all in the range" is its rule too; no rules text needs a formula."""
    general = PYRAMID.rules(None)
    assert "range printed under the pyramid" in general and "sum" not in general
    for variant in VARIANTS:
        rules = PYRAMID.rules(Request.make(PYRAMID, "easy", {"variant": variant}))
        assert "range printed under the pyramid" in rules and "n(n+1)" not in rules
    assert PYRAMID.rules(Request.make(PYRAMID, "easy", {})) == VARIANT_RULES["classic"]
    for rows in range(MIN_ROWS, CLASSIC_LIMIT + 1):
        puzzle = {"variant": "classic", "rows": [[0] * (rows - k) for k in range(rows)]}
        assert largest(puzzle) == triangular(rows)


def test_distinct_pyramids_are_unique_only_with_their_printed_range():
    """The distinct example shows why the range is printed: without it, a second answer."""
    example = PYRAMID.example(Request.make(PYRAMID, "easy", {"variant": "distinct"}))
    assert example.puzzle["variant"] == "distinct"
    shown = PYRAMID.printed(example.puzzle)
    assert PYRAMID.solve(shown.puzzle, 2).count == 1
    assert f"Numbers 1 to {example.puzzle['max']}" in shown.texts
    unbounded = {**example.puzzle, "max": MAX_NUMBER}
    assert PYRAMID.solve(unbounded, 2).count == 2


@pytest.mark.parametrize("variant, rows", [("classic", 3), ("classic", 4), ("distinct", 5)])
def test_easy_keeps_a_given_more_than_rows_and_medium_prefers_at_most_rows(variant, rows):
    assert given_bounds_of("easy", rows) == (rows + 1, None)
    assert given_bounds_of("medium", rows) == (0, rows)
    for seed in range(3):
        options = {"variant": variant, "rows": rows}
        easy = make_puzzle(Request.make(PYRAMID, "easy", options), f"floor{seed}").rating
        medium = make_puzzle(Request.make(PYRAMID, "medium", options), f"floor{seed}").rating
        assert easy["givens"] >= rows + 1 and medium["givens"] <= rows < easy["givens"]


def test_variety_counts_the_puzzles_a_small_request_can_give():
    """3-row classic easy: 55 puzzles of only 4 full pyramids (mirror images counted once);
    asking for 56 puzzles, or 5 answers, is refused before any work, and 4 made at random have
    4 different answers. The 5-row table matches a fresh count."""
    request = Request.make(PYRAMID, "easy", {"rows": 3})
    assert variety(request) == 55
    assert len(answers(request) or ()) == len(all_classic(3)) // 2 == 4
    assert too_few_exist(request, 55) is None
    assert "only 55 different puzzles exist" in (too_few_exist(request, 56) or "")
    with pytest.raises(BookgenError, match="only 55 different puzzles exist"):
        next(different_puzzles(request, "v", 56))
    with pytest.raises(BookgenError, match="only 4 different answers exist .*; ask for fewer, or set "
                                           "variant: distinct .*whose pyramids are far more$"):
        next(different_puzzles(request, "v", 5))
    distinct = Request.make(PYRAMID, "easy", {"rows": 3, "variant": "distinct", "max": 6})
    assert (too_few_exist(distinct, 56) or "").endswith("; ask for fewer, or widen the options")  # max
    made = list(different_puzzles(request, "v", 4))
    assert len({answer_form(r.puzzle, r.solution) for r in made}) == 4
    five = rules_for(Request.make(PYRAMID, "easy", {"rows": 5}))
    assert count_puzzles(five, "easy", all_classic(5))[0] == CLASSIC_5_VARIETY["easy"]


def test_default_distinct_pyramids_are_enough_for_a_hundred_puzzle_book_and_classic_for_four():
    """Classic pyramids have many puzzles but few answers: four of 4 rows and one of 5 (mirror
    images counted once), which caps a section of them; distinct ones do not run out."""
    for level in LEVELS:
        distinct = Request.make(PYRAMID, level, {"variant": "distinct"})
        assert variety(distinct) is None and answers(distinct) is None
        classic = Request.make(PYRAMID, level, {})
        assert (variety(classic) or 0) >= 100
        assert len(answers(classic) or ()) == (1 if level == "expert" else 4)
