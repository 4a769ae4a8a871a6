"""Futoshiki's own facts: the solver against brute force and Unequal's puzzles, the rules checked
apart from the solver, the JSON refused clearly, the grader's chain and sign steps, levels and
givens, hints that name their signs, twins, the drawing's signs pointing the right way, and the
player."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
import test_html
from test_latin import all_4x4
from test_schemas import validator_of

from bookgen.core.grading import LEVELS, most_trials
from bookgen.core.pen import RecordingPen
from bookgen.errors import PuzzleFormatError
from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.futoshiki.drawing import CELL, GAP, chevron
from bookgen.puzzles.futoshiki.generator import every_sign
from bookgen.puzzles.futoshiki.grader import deduce

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from futoshiki import IDS, unequal_puzzle  # noqa: E402

FUTOSHIKI = find_type("futoshiki")
EXAMPLE = FUTOSHIKI.example(None)
assert EXAMPLE is not None


def test_the_solver_counts_what_brute_force_counts():
    """Random givens and random signs true of a 4x4 answer: the solver's count of answers equals
    the count of Latin squares that keep them."""
    every = [[[v for v in row] for row in square] for square in all_4x4()]
    rng = random.Random(11)
    for trial in range(40):
        answer = rng.choice(every)
        flat = [v for row in answer for v in row]
        signs = [sign for sign in every_sign(4, flat) if rng.random() < 0.4]
        givens = [[v if rng.random() < 0.15 else 0 for v in row] for row in answer]
        puzzle = {"size": 4, "givens": givens, "signs": signs}
        expected = sum(FUTOSHIKI.check(puzzle, {"grid": other}) == [] for other in every)
        solved = FUTOSHIKI.solve(puzzle, None)
        assert solved.count == expected >= 1, trial
        assert FUTOSHIKI.check(puzzle, solved.solution) == []


def test_unequals_own_puzzles_have_one_answer_and_it_is_unequals():
    lines = [line for line in IDS.read_text().splitlines() if line][::10]
    assert len(lines) >= 12
    for line in lines:
        game_id, answer, _ = line.split()
        puzzle, _ = unequal_puzzle(game_id)
        size = puzzle["size"]
        solved = FUTOSHIKI.solve(puzzle, 2)
        assert solved.count == 1
        assert solved.solution == {"grid": [[int(ch) for ch in answer[1 + r * size:1 + (r + 1) * size]]
                                            for r in range(size)]}


def test_the_rules_are_checked_apart_from_the_solver():
    puzzle, solution = EXAMPLE.puzzle, EXAMPLE.solution
    assert FUTOSHIKI.check(puzzle, solution) == []
    swapped = [row[:] for row in solution["grid"]]
    swapped[3][1], swapped[3][2] = swapped[3][2], swapped[3][1]  # 2 < 3 becomes 3 < 2
    problems = FUTOSHIKI.check(puzzle, {"grid": swapped})
    assert "row 4 column 2 must be less than row 4 column 3" in problems
    assert "column 2 must hold every number from 1 to 4 once" in problems
    moved = [row[:] for row in solution["grid"]]
    moved[0][0], moved[0][2] = moved[0][2], moved[0][0]
    assert "row 1 column 1 must keep its given 2" in FUTOSHIKI.check(puzzle, {"grid": moved})


@pytest.mark.parametrize(("change", "says"), [
    (lambda p: p.update(size=2), "'size' must be a whole number from 3 to 9"),
    (lambda p: p["givens"].pop(), "'givens' must be 4 rows of 4 numbers"),
    (lambda p: p["givens"][1].__setitem__(2, 7), "row 2 column 3: given 7 is not a number from 1 to 4"),
    (lambda p: p["signs"][0].update(op="="), "sign 1 must be"),
    (lambda p: p["signs"][0].update(b=[2, 1]), "sign 1: 'b' must be the square right of 'a' or below it"),
    (lambda p: p["signs"][0].update(a=[1, 1], b=[0, 1]), "sign 1: 'b' must be the square right of 'a' or"),
    (lambda p: p["signs"].append(dict(p["signs"][0])), "sign 6: row 1 column 2 and row 2 column 2 already"),
    (lambda p: p["signs"][2].update(a=[3, 4]), "with rows and columns from 0 to 3"),
])
def test_bad_json_is_refused_naming_what_is_wrong(change, says):
    puzzle = json.loads(json.dumps(EXAMPLE.puzzle))
    change(puzzle)
    with pytest.raises(PuzzleFormatError) as refused:
        FUTOSHIKI.validate(puzzle)
    assert says in str(refused.value)


def test_a_chain_bounds_a_square_by_its_length():
    """1 < 2 < 3 < 4 along the first row, nothing else: the chain alone places the row."""
    signs = [{"a": [0, c], "b": [0, c + 1], "op": "<"} for c in range(3)]
    puzzle = {"size": 4, "givens": [[0] * 4 for _ in range(4)], "signs": signs}
    state, figures = deduce(puzzle, 1.0)  # chains and full houses only
    assert [state.candidates[c] for c in range(4)] == [1 << 1, 1 << 2, 1 << 3, 1 << 4]
    assert not figures.finished and figures.used == {"sign chain": 4}
    answer = {"grid": [[1, 2, 3, 4], [2, 3, 4, 1], [3, 4, 1, 2], [4, 1, 2, 3]]}
    whys = " ".join(text for hint in FUTOSHIKI.hints(puzzle, answer)
                    for text in [*hint.get("steps", []), hint["why"]])
    assert ("Sign chain: row 1, column 4, row 1, column 3, row 1, column 2 and row 1, column 1 each hold "
            "a greater number than the next, so row 1, column 1 holds at most 1.") in whys
    assert ("Sign chain: row 1, column 1, row 1, column 2, row 1, column 3 and row 1, column 4 each hold "
            "a smaller number than the next, so row 1, column 4 holds at least 4.") in whys


NEEDS = {"easy": {"full house", "sign chain", "sign", "naked single", "hidden single"},
         "medium": {"naked pair", "hidden pair"},
         "hard": {"naked triple", "hidden triple", "x-wing"}, "expert": {"trial"}}
BELOW = {"easy": 0.99, "medium": 1.59, "hard": 2.99, "expert": 4.99}


def test_each_level_needs_its_steps_and_harder_levels_give_fewer_numbers():
    givens = []
    for level in LEVELS:
        record = make_puzzle(Request.make(FUTOSHIKI, level, {"size": 5}), "levels")
        assert record.rating["hardest"] in NEEDS[level]
        assert not deduce(record.puzzle, BELOW[level])[1].finished
        assert FUTOSHIKI.solve(record.puzzle, 2).count == 1
        givens.append(record.rating["givens"])
    assert givens == sorted(givens, reverse=True) and givens[0] >= 3


def test_an_expert_needs_no_more_trials_than_a_person_makes():
    """One trial for every three squares at most: a 7x7 of 47 trials (seed 0, scored 7.0) and one
    of 11 once scored alike; now the first is made again within 16."""
    request = Request.make(FUTOSHIKI, "expert", {"size": 7})
    for seed in range(2):
        rating = FUTOSHIKI.generate(random.Random(f"trials/{seed}"), request).rating
        assert rating["level"] == "expert" and 0 < rating["techniques"]["trial"] <= most_trials(49) == 16


def test_a_4x4_reaches_the_levels_it_seldom_needs():
    """A 4x4 medium needs a pair and a hard one an X-wing (rare there: more tries find them)."""
    for level in ("medium", "hard", "expert"):
        record = make_puzzle(Request.make(FUTOSHIKI, level, {"size": 4}), "small")
        assert record.rating["hardest"] in NEEDS[level]
        assert not deduce(record.puzzle, BELOW[level])[1].finished
        assert FUTOSHIKI.solve(record.puzzle, 2).count == 1


def test_hints_name_the_signs_they_use():
    hints = FUTOSHIKI.hints(EXAMPLE.puzzle, EXAMPLE.solution)
    grid = FUTOSHIKI.given_answer(EXAMPLE.puzzle)["grid"]
    for hint in hints:
        (r, c), = hint["cells"]
        grid[r][c] = hint["value"]
    assert grid == EXAMPLE.solution["grid"]
    whys = " ".join(text for hint in hints for text in [*hint.get("steps", []), hint["why"]])
    assert "Sign: row 4, column 1 is greater than row 3, column 1, so it holds at least 2." in whys
    assert "Sign chain: row 3, column 2, row 4, column 2 and row 4, column 3 each hold a smaller number " \
           "than the next, so row 4, column 3 holds at least 3." in whys


def test_turned_mirrored_and_complemented_puzzles_are_twins():
    puzzle = EXAMPLE.puzzle
    mirrored = {"size": 4, "givens": [row[::-1] for row in puzzle["givens"]],
                "signs": [{"a": [s["b"][0], 3 - s["b"][1]], "b": [s["a"][0], 3 - s["a"][1]],
                           "op": "<" if s["op"] == ">" else ">"}  # read from the other side
                          if s["a"][0] == s["b"][0] else
                          {"a": [s["a"][0], 3 - s["a"][1]], "b": [s["b"][0], 3 - s["b"][1]], "op": s["op"]}
                          for s in puzzle["signs"]]}
    FUTOSHIKI.validate(mirrored)
    assert FUTOSHIKI.solve(mirrored, 2).count == 1
    complement = {"size": 4, "givens": [[5 - v if v else 0 for v in row] for row in puzzle["givens"]],
                  "signs": [dict(s, op="<" if s["op"] == ">" else ">") for s in puzzle["signs"]]}
    assert FUTOSHIKI.canonical(mirrored) == FUTOSHIKI.canonical(puzzle) == FUTOSHIKI.canonical(complement)
    flipped_one = json.loads(json.dumps(puzzle))
    flipped_one["signs"][0]["op"] = "<"
    assert FUTOSHIKI.canonical(flipped_one) != FUTOSHIKI.canonical(puzzle)


def test_each_chevrons_tip_is_at_the_smaller_number():
    for sign in EXAMPLE.puzzle["signs"]:
        (ar, ac), (br, bc) = sign["a"], sign["b"]
        smaller = (ar, ac) if sign["op"] == "<" else (br, bc)
        greater = (br, bc) if sign["op"] == "<" else (ar, ac)
        back, tip, _ = chevron(sign)

        def centre(square: tuple[int, int]) -> tuple[float, float]:
            return square[1] * (CELL + GAP) + CELL / 2, square[0] * (CELL + GAP) + CELL / 2

        def distance(point: tuple[float, float], square: tuple[int, int]) -> float:
            x, y = centre(square)
            return abs(point[0] - x) + abs(point[1] - y)

        assert distance(tip, smaller) < distance(back, smaller)
        assert distance(tip, greater) > distance(back, greater)
    pen = RecordingPen()
    FUTOSHIKI.draw_puzzle(pen, EXAMPLE.puzzle)
    assert sum(1 for name, _ in pen.calls if name == "polyline") == len(EXAMPLE.puzzle["signs"])
    assert pen.texts() == ["2"] and FUTOSHIKI.printed(EXAMPLE.puzzle).texts == ("2",)


def test_generated_lines_keep_the_schema():
    for level in LEVELS:
        record = make_puzzle(Request.make(FUTOSHIKI, level, {}), "schema")
        validator_of("futoshiki").validate(record.to_json())


def test_large_print_on_a_small_trim_names_the_largest_grid_that_prints(write_config, run, tmp_path):
    config = write_config("title: T\nlayout: 5x8\nlarge_print: true\nsections:\n"
                          "  - {type: futoshiki, count: 1, difficulty: easy, size: 8}\n")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "book.pdf"), "-q")
    assert status == 2 and "size 7 is the largest that prints there" in err
    config.write_text(config.read_text().replace("size: 8", "size: 7"))
    assert run("build", str(config), "-o", str(tmp_path / "book.pdf"), "-q")[0] == 0


# --- in the browser (tests/test_html.py's helpers, conftest's browser) --------------------------



@pytest.fixture(scope="module")
def book_file(tmp_path_factory) -> Path:
    """A page of the example (number 1), hints embedded."""
    path = tmp_path_factory.mktemp("futoshiki") / "book.html"
    example = {"type": "futoshiki", "id": "futoshiki:easy::example", "difficulty": "easy",
               "rating": EXAMPLE.rating, "puzzle": EXAMPLE.puzzle, "solution": EXAMPLE.solution}
    write_html(path, "Futoshiki", None, [{"title": "Futoshiki", "type": "futoshiki", "level": "easy",
                                          "rules": FUTOSHIKI.rules(None),
                                          "puzzles": [page_record(FUTOSHIKI, example, 1)]}])
    return path


@pytest.fixture
def tab(browser, book_file):
    with test_html._opener(browser, book_file) as open_:
        yield open_()


def test_the_player_shows_the_signs_and_is_solved_by_keyboard_and_hints(tab):
    board = tab.locator("#puzzle-1 .grid.futoshiki")
    assert board.locator(".sign.right").all_text_contents() == ["<"]
    assert board.locator(".sign.below").all_text_contents() == [">", "<", "<", "<"]
    label = tab.locator("#puzzle-1 input[data-row='3'][data-col='1']").get_attribute("aria-label")
    assert label == "Row 4, column 2, greater than row 3, column 2, less than row 4, column 3"
    grid = EXAMPLE.solution["grid"]
    tab.locator("#puzzle-1 input[data-row='0'][data-col='1']").focus()
    tab.keyboard.type(str(grid[0][1]))
    tab.keyboard.press("n")
    tab.locator("#puzzle-1 input[data-row='0'][data-col='2']").focus()
    tab.keyboard.type("13")
    assert tab.locator("#puzzle-1 .notes").first.text_content() == "1 3"
    tab.keyboard.press("n")
    hints = FUTOSHIKI.hints(EXAMPLE.puzzle, EXAMPLE.solution)
    for _ in range(sum(1 + len(hint.get("steps", [])) for hint in hints)):  # steps, then the number
        tab.locator("#puzzle-1 button[data-action='hint']").click()
    assert "solved" in tab.locator("#puzzle-1").get_attribute("class")



def test_a_sign_against_a_square_on_the_board_says_the_number_it_holds():
    """"row 1, column 5 is less than row 2, column 5, which holds 3 at most", of a given 3: a sign
    step against a square whose number is given or placed says "which holds 3"."""
    from bookgen.puzzles.futoshiki.grader import sign, start
    from bookgen.puzzles.futoshiki.hints import tell

    puzzle = {"size": 4, "givens": [[0, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]],
              "signs": [{"a": [0, 0], "b": [1, 0], "op": "<"}, {"a": [2, 3], "b": [3, 3], "op": ">"}]}
    state = start(puzzle)
    told = []
    while sign(state):
        name, facts = state.log[-1]
        told.append(tell(state.square, name, facts))
    assert told == ["Sign: row 1, column 1 is less than row 2, column 1, which holds 3, so row 1, "
                    "column 1 holds less than 3.",
                    "Sign: row 3, column 4 is greater than row 4, column 4, which holds 2, so row 3, "
                    "column 4 holds more than 2."]
