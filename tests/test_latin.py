"""The Latin-square engine (bookgen.core.latin): random squares, the exact count, and the steps a
person takes, each checked against what brute force or the rules say."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from bookgen.core.grading import Deduction
from bookgen.core.latin import (
    Contradiction,
    Pencil,
    broken_lines,
    count,
    fish,
    full_house,
    graded,
    hidden_single,
    hidden_subset,
    naked_single,
    naked_subset,
    pencil_start,
    random_square,
    square_of,
    start,
    trial,
)


def _is_latin(values: list[int], size: int) -> bool:
    rows = [values[r * size:(r + 1) * size] for r in range(size)]
    wanted = list(range(1, size + 1))
    return all(sorted(row) == wanted for row in rows) and all(
        sorted(row[c] for row in rows) == wanted for c in range(size))


@pytest.mark.parametrize("size", range(1, 10))
def test_random_squares_are_latin_and_follow_the_seed(size):
    for seed in range(5):
        square = random_square(random.Random(seed), size)
        assert _is_latin(square, size)
        assert square == random_square(random.Random(seed), size)


def test_random_squares_reach_every_4x4_square_over_many_seeds():
    seen = {tuple(random_square(random.Random(seed), 4)) for seed in range(2000)}
    assert len(seen) > 450  # of the 576 there are (uniformly drawn, 558 expected)


@pytest.mark.parametrize(("size", "squares"), [(1, 1), (2, 2), (3, 12), (4, 576)])
def test_the_count_of_empty_grids_is_the_number_of_latin_squares(size, squares):
    square = square_of(size)
    assert count(square, [0] * square.cells, None, None)[0] == squares


def test_the_count_with_givens_matches_brute_force():
    size = 4
    every = [list(rows[0] + rows[1] + rows[2] + rows[3]) for rows in all_4x4()]
    rng = random.Random(3)
    square = square_of(size)
    for _ in range(40):
        answer = rng.choice(every)
        givens = [value if rng.random() < 0.3 else 0 for value in answer]
        expected = sum(all(g in (0, v) for g, v in zip(givens, other)) for other in every)
        found, first = count(square, givens, None, None)
        assert found == expected
        assert first[0] in every
    clash = [1, 1] + [0] * 14  # two 1s in a row: no answer
    assert count(square, clash, None, None)[0] == 0 and start(square, clash) is None


def all_4x4() -> list[tuple[tuple[int, ...], ...]]:
    rows = list(permutations(range(1, 5)))
    found = []
    for a in rows:
        for b in rows:
            if any(x == y for x, y in zip(a, b)):
                continue
            for c in rows:
                if any(x in (y, z) for x, y, z in zip(c, a, b)):
                    continue
                d = tuple(10 - x - y - z for x, y, z in zip(a, b, c))
                found.append((a, b, c, d))
    return found


def _state(givens: list[int], size: int) -> Pencil:
    return pencil_start(square_of(size), givens)


def test_singles_and_full_houses_place_what_the_lines_force():
    state = _state([1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 4)
    assert full_house(state) == 1 and state.filled()[3] == 4
    assert state.log[-1] == ("full house", {"cell": 3, "value": 4, "unit": 0})
    state = _state([0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0], 4)
    # 2 in row 0 can go in column 2 or 3 only: no hidden single yet; with a 2 in column 3 it can
    state.place(15, 2)
    assert hidden_single(state) >= 1 and state.filled()[2] == 2
    state = _state([1, 2, 3, 0] + [0] * 12, 4)
    assert naked_single(state) == 1 and state.log[-1][0] == "naked single"


def test_pairs_triples_and_x_wings_cross_out_what_they_should():
    state = _state([0] * 16, 4)
    state.candidates[0] = state.candidates[1] = 0b0110  # 1 and 2 in the first two squares of row 1
    assert naked_subset(2, "naked pair")(state) == 1
    assert state.candidates[2] == state.candidates[3] == 0b11000
    name, facts = state.log[-1]
    assert name == "naked pair" and facts["cells"] == [0, 1] and facts["digits"] == [1, 2]
    state = _state([0] * 16, 4)
    for cell in (2, 3):  # 1 and 2 only in the first two squares of row 1: a hidden pair
        state.candidates[cell] &= ~0b0110
    assert hidden_subset(2, "hidden pair")(state) == 1
    assert state.candidates[0] == state.candidates[1] == 0b0110
    state = _state([0] * 16, 4)
    for row in (0, 2):  # 1 only in columns 1 and 2 of rows 1 and 3: an X-wing
        for col in (2, 3):
            state.candidates[row * 4 + col] &= ~0b10
    assert fish(2, "x-wing")(state) == 1
    assert all(not state.candidates[r * 4 + c] & 0b10 for r in (1, 3) for c in (0, 1))


def test_a_trial_crosses_out_an_assumption_that_leads_to_a_contradiction():
    state = _state([0] * 16, 4)
    state.candidates[0] = 0b0110  # 1 or 2; every other square of row 1 and column 1 is 1 or 3
    for cell in (1, 2, 3, 4, 8, 12):
        state.candidates[cell] = 0b1010
    assert trial(lambda pencil: None)(state) == 1
    name, facts = state.log[-1]
    assert name == "trial" and facts["cell"] == 0 and facts["value"] == 1
    assert state.candidates[0] == 0b0100


def test_a_line_without_room_for_a_number_is_a_contradiction():
    state = _state([0] * 16, 4)
    for cell in range(4):
        state.candidates[cell] &= ~0b10
    with pytest.raises(Contradiction):
        hidden_single(state)


def test_the_grader_scores_by_the_heaviest_step_and_stops_where_steps_run_out():
    steps = (Deduction("full house", 1, full_house), Deduction("naked single", 2, naked_single),
             Deduction("hidden single", 3, hidden_single))
    weights = {"full house": 1.0, "naked single": 1.2, "hidden single": 1.4}
    answer = random_square(random.Random(1), 5)
    almost = [0 if cell in (0, 6, 12) else value for cell, value in enumerate(answer)]
    figures = graded(_state(almost, 5), steps, weights, 99, 9.0)
    assert figures.finished and figures.hardest == "full house" and figures.score == 1.03
    figures = graded(_state([0] * 25, 5), steps, weights, 99, 9.0)
    assert not figures.finished and figures.score == 9.0 and figures.hardest == "search"


def test_what_a_trial_breaks_is_named_by_its_square_or_line():
    """Candidates a contradiction stopped at: a square with none left, a number with no place in a
    line, or a number decided twice in a line; the trial's hint names it."""
    square = square_of(4)
    full = [square.full] * 16
    assert broken_lines(square, full) is None
    assert broken_lines(square, full[:5] + [0] + full[6:]) == ("cell", 5)
    no_three = [mask & ~(1 << 3) if cell in square.units[4 + 2] else mask for cell, mask in enumerate(full)]
    assert broken_lines(square, no_three) == ("none", 4 + 2, 3)  # column 3 has no place for 3
    twice = full.copy()
    twice[4], twice[6] = 1 << 2, 1 << 2  # row 2 holds 2 twice
    assert broken_lines(square, twice) == ("two", 1, 2)
