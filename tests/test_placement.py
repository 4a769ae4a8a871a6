"""Number placement: the solver against brute force, known counts, the checker, levels, drawing."""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction

import pytest

from bookgen.core.grading import LEVELS
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.making import make_puzzle
from bookgen.puzzles import request_for
from bookgen.puzzles.base import Request
from bookgen.puzzles.placement import PLACEMENT
from bookgen.puzzles.placement.checking import check, validate
from bookgen.puzzles.placement.drawing import draw_puzzle
from bookgen.puzzles.placement.generator import _counts_if_pinned
from bookgen.puzzles.placement.grader import rate
from bookgen.puzzles.placement.numbers import shown
from bookgen.puzzles.placement.parameters import BANDS
from bookgen.puzzles.placement.solver import count_arrangements, solve


def brute_force(puzzle):
    values = {text: Fraction(text) for text in puzzle["numbers"]}
    found = 0
    for order in itertools.permutations(puzzle["numbers"]):
        if any(order[int(i)] != t for i, t in puzzle["givens"].items()):
            continue
        if all((values[a] < values[b]) == (s == "<")
               for a, b, s in zip(order, order[1:], puzzle["signs"])):
            found += 1
    return found


def random_puzzle(rng: random.Random, size: int) -> dict:
    numbers = [str(n) for n in rng.sample(range(-20, 40), size)]
    signs = [rng.choice("<>") for _ in range(size - 1)]
    givens = {}
    for box in rng.sample(range(size), rng.randrange(0, 3)):
        givens[str(box)] = rng.choice([n for n in numbers if n not in givens.values()])
    return {"signs": signs, "numbers": numbers, "givens": givens, "unique": False}


def test_solver_counts_match_brute_force():
    rng = random.Random(5)
    for _ in range(150):
        puzzle = random_puzzle(rng, rng.randrange(2, 8))
        solved = solve(puzzle)
        assert solved.count == brute_force(puzzle)
        if solved.count:
            assert check(puzzle, solved.solution) == []
        else:
            assert solved.solution is None


@pytest.mark.parametrize("size, zigzag", [(4, 5), (5, 16), (6, 61), (12, 2702765)])
def test_alternating_signs_give_euler_zigzag_numbers(size, zigzag):
    signs = ["<" if i % 2 == 0 else ">" for i in range(size - 1)]
    assert count_arrangements(signs, tuple([-1] * size)) == zigzag


def test_cap_limits_the_count():
    puzzle = {"signs": ["<", ">", "<"], "numbers": ["1", "2", "3", "4"], "givens": {}}
    assert solve(puzzle, 2).count == 2
    assert solve(puzzle).count == 5


def test_checker_rejects_wrong_arrangements():
    puzzle = {"signs": ["<", ">"], "numbers": ["3/4", "0.5", "-2"], "givens": {"1": "3/4"}}
    assert check(puzzle, {"order": ["0.5", "3/4", "-2"]}) == []
    assert check(puzzle, {"order": ["-2", "3/4", "0.5"]}) == []
    assert any("false" in p for p in check(puzzle, {"order": ["3/4", "0.5", "-2"]}))
    assert check(puzzle, {"order": ["0.5", "0.5", "-2"]})  # a number used twice
    assert check(puzzle, {"order": ["0.5", "-2"]})  # too short


@pytest.mark.parametrize("puzzle, key", [
    ({"signs": ["<", "?"], "numbers": ["1", "2", "3"]}, "signs"),
    ({"signs": ["<"], "numbers": ["1", "2", "3"]}, "numbers"),
    ({"signs": ["<"], "numbers": ["3/4", "0.75"]}, "numbers"),
    ({"signs": ["<"], "numbers": ["1", "x"]}, "numbers"),
    ({"signs": ["<"], "numbers": ["1", "2"], "givens": {"5": "1"}}, "givens"),
    ({"signs": ["<"], "numbers": ["1", "2"], "givens": {"0": "9"}}, "givens"),
])
def test_bad_puzzle_json_is_refused(puzzle, key):
    with pytest.raises(PuzzleFormatError) as error:
        validate(puzzle)
    assert error.value.key == key


@pytest.mark.parametrize("level", list(LEVELS))
def test_levels_are_measured_bands(level):
    low, high = BANDS.span(level)
    for seed in range(8):
        record = make_puzzle(Request.make(PLACEMENT, level, {}), f"band{seed}")
        assert low <= record.rating["score"] <= high
        assert record.rating["arrangements"] == solve(record.puzzle).count
        if record.puzzle["unique"]:
            assert record.rating["arrangements"] == 1 and record.puzzle["givens"]


def test_score_counts_the_boxes_to_fill():
    free = {"signs": ["<", ">", "<", ">", "<"], "numbers": ["1", "2", "3", "4", "5", "6"],
            "givens": {}, "unique": False}
    pinned = dict(free, givens={"1": "6", "3": "5", "5": "4"})
    assert rate(free)["score"] == 6 and rate(free)["to_fill"] == 6
    assert rate(pinned)["to_fill"] == 3 and rate(pinned)["score"] == 3 + 2  # + the one-answer form


def test_counts_if_pinned_agree_with_pinning_each_box():
    rng = random.Random(9)
    for _ in range(60):
        size = rng.randrange(3, 10)
        signs = "".join(rng.choice("<>") for _ in range(size - 1))
        ranks = list(range(size))
        rng.shuffle(ranks)
        pinned = tuple(ranks[b] if rng.random() < 0.2 else -1 for b in range(size))
        counts = _counts_if_pinned(signs, pinned, ranks)
        for box, count in counts.items():
            trial = list(pinned)
            trial[box] = ranks[box]
            assert count == count_arrangements(list(signs), tuple(trial))


def test_unique_puzzles_have_one_arrangement_and_no_spare_givens():
    for seed in range(10):
        record = make_puzzle(Request.make(PLACEMENT, "expert", {"size": 12}), f"u{seed}")
        puzzle = record.puzzle
        assert solve(puzzle, 2).count == 1
        for box in puzzle["givens"]:
            fewer = dict(puzzle, givens={b: t for b, t in puzzle["givens"].items() if b != box})
            assert solve(fewer, 2).count == 2


def test_number_kinds_follow_the_option():
    record = make_puzzle(Request.make(PLACEMENT, "hard", {"numbers": "mixed", "size": 9}), "kinds")
    numbers = record.puzzle["numbers"]
    assert any("/" in n for n in numbers) and any("." in n for n in numbers)
    assert any(n.startswith("-") for n in numbers)
    values = [Fraction(n) for n in numbers]
    assert len(set(values)) == len(values)


def test_impossible_request_is_refused_before_generation():
    with pytest.raises(BookgenError, match="easy"):
        Request.make(PLACEMENT, "easy", {"size": 12})


def test_fractions_are_drawn_stacked():
    puzzle = {"signs": ["<"], "numbers": ["3/4", "-5/8"], "givens": {}, "unique": False}
    pen = RecordingPen()
    draw_puzzle(pen, puzzle)
    texts = pen.texts()
    assert "3/4" not in texts and "3" in texts and "4" in texts and "5" in texts
    assert any(name == "line" for name, _ in pen.calls)  # the fraction bar



def test_the_worked_example_shows_the_puzzle_filled_in_and_its_pool_crossed_off():
    """The section's solved example is the puzzle as a person leaves it (every box filled, each
    pool number slashed through), the size of the puzzle, not the answer key's narrow strip."""
    record = make_puzzle(Request.make(PLACEMENT, "hard", {"unique": True, "numbers": "signed"}), "filled")
    puzzle, solution = record.puzzle, record.solution
    assert puzzle["givens"], "a unique hard puzzle has pre-filled boxes"
    empty, filled = RecordingPen(), RecordingPen()
    draw_puzzle(empty, puzzle)
    PLACEMENT.draw_example_answer(filled, puzzle, solution)
    slashes = [call for name, call in filled.calls if name == "line" and call["y1"] != call["y2"]]
    assert len(slashes) == len(puzzle["numbers"]) - len(puzzle["givens"])  # the pool, crossed off
    assert [c for n, c in filled.calls if n == "rect"] == [c for n, c in empty.calls if n == "rect"]
    placed = [shown(n) for box, n in enumerate(solution["order"]) if str(box) not in puzzle["givens"]]
    assert sorted(filled.texts()) == sorted(empty.texts() + placed)
    assert PLACEMENT.example_answer_size(puzzle) == PLACEMENT.measure(puzzle)
    assert PLACEMENT.example_answer_size(puzzle) != PLACEMENT.answer_size(puzzle)


@pytest.mark.parametrize("level, size", [("easy", 12), ("expert", 3)])
def test_a_size_the_level_never_takes_is_refused_naming_the_sizes_it_takes(level, size):
    with pytest.raises(BookgenError) as refused:
        request_for("placement", level, {"size": size})
    said = str(refused.value)
    low, high = map(int, re.search(r"takes size (\d+) to (\d+)$", said).groups())
    assert "{" not in said and "mixed +6" in said  # the scoring in words, not a dict's repr
    for other in range(3, 13):
        try:
            request_for("placement", level, {"size": other})
            taken = True
        except BookgenError:
            taken = False
        assert taken == (low <= other <= high), other
