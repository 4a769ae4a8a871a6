"""Calcudoku's own facts: cage arithmetic, the solver against brute force and Keen's puzzles, the
rules checked apart from the solver, the JSON refused clearly, the operations a section asks for,
the grader's steps, hints that name their cages, and the drawing."""

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
from bookgen.core.pen import THICK, RecordingPen
from bookgen.errors import PuzzleFormatError
from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.calcudoku.cages import clash_of, fillings, line_musts, options, result
from bookgen.puzzles.calcudoku.drawing import CELL, LABEL_INSET, LABEL_SIZE
from bookgen.puzzles.calcudoku.grader import deduce

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from calcudoku import IDS, keen_puzzle  # noqa: E402

CALCUDOKU = find_type("calcudoku")
EXAMPLE = CALCUDOKU.example(None)
assert EXAMPLE is not None


def test_a_cage_allows_the_fillings_that_give_its_target():
    row = clash_of((0, 1), 4)  # two squares side by side in a row of a 4x4
    assert fillings("+", 3, 4, 2, row) == ((1, 2), (2, 1))
    assert fillings("/", 2, 4, 2, row) == ((1, 2), (2, 1), (2, 4), (4, 2))
    assert fillings("-", 3, 4, 2, row) == ((1, 4), (4, 1))
    bend = clash_of((0, 1, 4), 4)  # an L: its two ends share no line, so they may repeat
    assert fillings("x", 4, 4, 3, bend) == ((1, 2, 2), (4, 1, 1))
    # with 1 crossed out of the first square: (2, 1), (2, 4) and (4, 2) are left
    assert options("/", 2, 4, row, (0b11100, 0b11110)) == (0b10100, 0b10110)
    assert options("+", 3, 4, row, (0b11000, 0b11110)) is None


def test_what_a_cage_keeps_is_what_its_fitting_fillings_hold():
    """`options` and `line_musts` read the fillings through bit sets; each must say what reading
    the fillings one by one says, on random cages up to 9x9 and random candidates."""
    rng = random.Random(3)
    checked = 0
    while checked < 3000:
        size = rng.randint(4, 9)
        count = rng.choice((1, 2, 2, 3, 4))
        op = "=" if count == 1 else rng.choice("+-x/" if count == 2 else "+x")
        clash = tuple((i, j) for i in range(count) for j in range(i + 1, count) if rng.random() < 0.6)
        target = result(op, [rng.randint(1, size) for _ in range(count)])
        if target is None:
            continue
        masks = tuple(rng.randint(0, (2 << size) - 1) & ~1 for _ in range(count))
        fitting = [values for values in fillings(op, target, size, count, clash)
                   if all(mask >> value & 1 for mask, value in zip(masks, values))]
        held = tuple(sum({1 << values[i] for values in fitting}) for i in range(count))
        assert options(op, target, size, clash, masks) == (held if fitting else None)
        groups = ((0,), tuple(range(1, count))) if count > 1 else ((0,),)
        musts = tuple(sum(1 << value for value in range(1, size + 1)
                          if fitting and all(value in {values[place] for place in group}
                                             for values in fitting))
                      for group in groups)
        assert line_musts(op, target, size, clash, masks, groups) == musts
        checked += 1


def test_the_solver_counts_what_brute_force_counts():
    """Random cages (dominoes and larger, every operation) over 4x4 answers: the solver's count
    of answers equals the count of Latin squares that keep every cage."""
    every = [[v for row in square for v in row] for square in all_4x4()]
    rng = random.Random(7)
    from bookgen.puzzles.calcudoku.generator import lay_cages
    for trial in range(12):
        answer = rng.choice(every)
        plan = lay_cages(rng, 4, answer, "medium", ("+", "-", "x", "/"))
        if plan is None:
            continue
        puzzle = plan.puzzle()
        expected = sum(CALCUDOKU.check(puzzle, {"grid": [other[r * 4:r * 4 + 4] for r in range(4)]}) == []
                       for other in every)
        solved = CALCUDOKU.solve(puzzle, None)
        assert solved.count == expected >= 1, trial
        assert CALCUDOKU.check(puzzle, solved.solution) == []


def test_keens_own_puzzles_have_one_answer_and_it_is_keens():
    lines = [line for line in IDS.read_text().splitlines() if line][::9]
    assert len(lines) >= 12
    for line in lines:
        game_id, answer, _ = line.split()
        puzzle, _ = keen_puzzle(game_id)
        size = puzzle["size"]
        solved = CALCUDOKU.solve(puzzle, 2)
        assert solved.count == 1
        assert solved.solution == {"grid": [[int(ch) for ch in answer[1 + r * size:1 + (r + 1) * size]]
                                            for r in range(size)]}


def test_the_rules_are_checked_apart_from_the_solver():
    puzzle, solution = EXAMPLE.puzzle, EXAMPLE.solution
    assert CALCUDOKU.check(puzzle, solution) == []
    swapped = [row[:] for row in solution["grid"]]
    swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]
    problems = CALCUDOKU.check(puzzle, {"grid": swapped})
    assert "column 1 must hold every number from 1 to 4 once" in problems
    assert any("the cage at row 1 column 1 must give 7 by +" in p for p in problems)
    assert CALCUDOKU.check(puzzle, {"grid": [[1, 2]]}) == ["the answer must be a 4 x 4 grid of numbers"]


@pytest.mark.parametrize(("change", "says"), [
    (lambda p: p.update(size=10), "'size' must be a whole number from 3 to 9"),
    (lambda p: p["cages"][0].update(op="%"), "cage 1: 'op' '%' is not one of +, -, x, /, ="),
    (lambda p: p["cages"][0].update(cells=[[0, 0], [1, 0], [2, 0]]),
     "row 3 column 1 is in cages 1 and 6"),
    (lambda p: p["cages"][0].update(cells=[[0, 0], [1, 1]]), "cage 1 is not 4 or fewer squares side by side"),
    (lambda p: p["cages"][2].update(op="/", target=5), "cage 3: no numbers from 1 to 4 give 5 by '/'"),
    (lambda p: p["cages"][3].update(op="+"), "cage 4: a cage of one square takes 'op' '=' (its number)"),
    (lambda p: p["cages"].pop(), "row 4 column 3 is in no cage"),
    (lambda p: p["cages"][4].update(op="-"), "cage 5: a cage of '-' has 2 squares, not 3"),
    (lambda p: p["cages"][0].update(target=-1), "cage 1: 'target' -1 is not a whole number"),
])
def test_bad_json_is_refused_naming_what_is_wrong(change, says):
    puzzle = json.loads(json.dumps(EXAMPLE.puzzle))
    change(puzzle)
    with pytest.raises(PuzzleFormatError) as refused:
        CALCUDOKU.validate(puzzle)
    assert says in str(refused.value)


@pytest.mark.parametrize(("operations", "ops"), [("add", {"+"}), ("add-subtract", {"+", "-"}),
                                                 ("multiply", {"x"}), ("all", {"+", "-", "x", "/"})])
def test_a_section_gets_the_operations_it_asks_for(operations, ops):
    record = make_puzzle(Request.make(CALCUDOKU, "medium", {"operations": operations}), "ops")
    used = {cage["op"] for cage in record.puzzle["cages"]} - {"="}
    assert used <= ops and (operations != "all" or len(used) >= 3)
    assert CALCUDOKU.solve(record.puzzle, 2).count == 1
    for cage in record.puzzle["cages"]:
        assert len(cage["cells"]) <= 4
        assert cage["op"] not in ("-", "/") or len(cage["cells"]) == 2


def test_each_level_needs_its_steps():
    needs = {"easy": {"full house", "cage digits", "naked single", "hidden single"},
             "medium": {"cage combination", "naked pair", "hidden pair"},
             "hard": {"cage in a line", "line remainder", "naked triple", "hidden triple", "x-wing"},
             "expert": {"trial"}}
    for level in LEVELS:
        record = make_puzzle(Request.make(CALCUDOKU, level, {}), "levels")
        assert record.rating["hardest"] in needs[level]
        _, easier = deduce(record.puzzle, CALCUDOKU_BANDS_BELOW[level])
        assert not easier.finished  # not solvable with the easier level's steps alone


CALCUDOKU_BANDS_BELOW = {"easy": 0.99, "medium": 1.59, "hard": 2.99, "expert": 4.99}

# Two 6x6 experts the generator once made, of 17 and 34 trials: both scored 7.0, the old cap.
SEVENTEEN_TRIALS = json.loads(
    '{"size":6,"cages":[{"cells":[[0,0],[0,1],[1,0],[2,0]],"target":14,"op":"+"},'
    '{"cells":[[0,2],[0,3],[0,4],[0,5]],"target":120,"op":"x"},{"cells":[[1,1],[2,1],[3,1],[3,2]],'
    '"target":240,"op":"x"},{"cells":[[1,2],[2,2]],"target":3,"op":"x"},{"cells":[[1,3],[2,3],[2,4],'
    '[2,5]],"target":17,"op":"+"},{"cells":[[1,4],[1,5]],"target":2,"op":"/"},{"cells":[[3,0],[4,0],'
    '[5,0]],"target":10,"op":"x"},{"cells":[[3,3],[3,4],[4,2],[4,3]],"target":120,"op":"x"},'
    '{"cells":[[3,5],[4,5],[5,5]],"target":9,"op":"+"},{"cells":[[4,1],[5,1],[5,2],[5,3]],"target":144,'
    '"op":"x"},{"cells":[[4,4],[5,4]],"target":2,"op":"/"}]}')
THIRTY_FOUR_TRIALS = json.loads(
    '{"size":6,"cages":[{"cells":[[0,0],[0,1],[1,0]],"target":10,"op":"x"},{"cells":[[0,2],[1,2],'
    '[2,2]],"target":12,"op":"+"},{"cells":[[0,3],[0,4],[1,4],[2,4]],"target":17,"op":"+"},'
    '{"cells":[[0,5],[1,5]],"target":2,"op":"-"},{"cells":[[1,1],[2,0],[2,1],[3,0]],"target":15,'
    '"op":"+"},{"cells":[[1,3],[2,3]],"target":3,"op":"-"},{"cells":[[2,5],[3,5]],"target":9,"op":"+"},'
    '{"cells":[[3,1],[4,1]],"target":10,"op":"+"},{"cells":[[3,2],[3,3],[4,2]],"target":7,"op":"+"},'
    '{"cells":[[3,4],[4,3],[4,4]],"target":10,"op":"x"},{"cells":[[4,0],[5,0],[5,1],[5,2]],'
    '"target":14,"op":"+"},{"cells":[[4,5],[5,3],[5,4],[5,5]],"target":15,"op":"+"}]}')


def test_expert_scores_keep_growing_past_the_old_cap():
    fewer, more = CALCUDOKU.rate(SEVENTEEN_TRIALS), CALCUDOKU.rate(THIRTY_FOUR_TRIALS)
    assert (fewer["techniques"]["trial"], more["techniques"]["trial"]) == (17, 34)
    assert 7.0 < fewer["score"] < more["score"] < 9.0  # above the old cap, below an unfinished one
    assert fewer["level"] == more["level"] == "expert"


def test_an_expert_needs_no_more_trials_than_a_person_makes_and_scores_sort_it():
    request = Request.make(CALCUDOKU, "expert", {"size": 6})
    ratings = [CALCUDOKU.generate(random.Random(f"trials/{seed}"), request).rating for seed in range(10)]
    trials = [rating["techniques"]["trial"] for rating in ratings]
    assert all(0 < count <= most_trials(36) == 12 for count in trials)
    capped = {count for rating, count in zip(ratings, trials) if rating["score"] == 7.0}
    assert len(capped) <= 1  # no tie at the old cap between puzzles of different trials


def test_the_example_is_easy_and_its_hints_replay_to_its_answer():
    assert EXAMPLE.rating["level"] == "easy"
    hints = CALCUDOKU.hints(EXAMPLE.puzzle, EXAMPLE.solution)
    grid = CALCUDOKU.given_answer(EXAMPLE.puzzle)["grid"]
    assert grid[0][3] == 2  # the cage of one square is a given
    for hint in hints:
        (r, c), = hint["cells"]
        grid[r][c] = hint["value"]
    assert grid == EXAMPLE.solution["grid"]
    first = hints[0]  # the crossing-out steps its number needs, one a press, then the number
    assert first["steps"][0] == ("Cage digits: 7+ in the cage at row 1, column 1 can only be made "
                                 "with 3 and 4, so every other number is crossed out in its squares.")
    assert any(step.startswith("Cage digits: 3\u00f7 in the cage at row 1, column 3")
               for step in first["steps"])
    assert first["why"].startswith("Naked single: ") or first["why"].startswith("Hidden single: ")


def test_hints_name_the_cage_against_a_line():
    record = make_puzzle(Request.make(CALCUDOKU, "hard", {}), "hints")
    whys = " ".join(text for hint in CALCUDOKU.hints(record.puzzle, record.solution)
                    for text in [*hint.get("steps", []), hint["why"]])
    assert "in the cage at row" in whys
    assert any(step in whys for step in ("Cage in a line:", "Line sum:", "Line product:", "X-wing", "triple"))


def test_the_drawing_has_bold_walls_and_labels_that_fit_their_squares():
    record = make_puzzle(Request.make(CALCUDOKU, "hard", {"size": 9}), "draw")
    pen = RecordingPen()
    CALCUDOKU.draw_puzzle(pen, record.puzzle)
    labels = [kw for name, kw in pen.calls if name == "text"]
    assert len(labels) == len(record.puzzle["cages"])
    for kw in labels:
        assert kw["size"] == LABEL_SIZE
        assert LABEL_INSET + THICK / 2 + pen.text_width(kw["text"], LABEL_SIZE) < CELL
    walls = [kw for name, kw in pen.calls if name == "line" and kw["width"] == THICK]
    length = sum(abs(w["x2"] - w["x1"]) + abs(w["y2"] - w["y1"]) for w in walls)
    assert length >= 4 * 9 * CELL  # the outline at least, and the walls between cages
    assert set(CALCUDOKU.printed(record.puzzle).texts) == {kw["text"] for kw in labels}


def test_a_turned_puzzle_is_the_same_puzzle():
    puzzle = EXAMPLE.puzzle
    turned = {"size": 4, "cages": [dict(cage, cells=[[c, 3 - r] for r, c in cage["cells"]])
                                   for cage in puzzle["cages"]]}
    assert CALCUDOKU.canonical(turned) == CALCUDOKU.canonical(puzzle)
    other = json.loads(json.dumps(puzzle))
    other["cages"][0]["target"] = 5
    assert CALCUDOKU.canonical(other) != CALCUDOKU.canonical(puzzle)


def test_generated_lines_keep_the_schema():
    for level in LEVELS:
        record = make_puzzle(Request.make(CALCUDOKU, level, {}), "schema")
        validator_of("calcudoku").validate(record.to_json())


def test_large_print_on_a_small_trim_names_the_largest_grid_that_prints(write_config, run, tmp_path):
    config = write_config("title: T\nlayout: 5x8\nlarge_print: true\nsections:\n"
                          "  - {type: calcudoku, count: 1, difficulty: easy, size: 6}\n")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "book.pdf"), "-q")
    assert status == 2 and "size 5 is the largest that prints there" in err
    config.write_text(config.read_text().replace("size: 6", "size: 5"))
    assert run("build", str(config), "-o", str(tmp_path / "book.pdf"), "-q")[0] == 0


# --- in the browser (tests/test_html.py's helpers, conftest's browser) --------------------------



@pytest.fixture(scope="module")
def book_file(tmp_path_factory) -> Path:
    """A page of the example (number 1) and a generated 6x6 (number 2), hints embedded."""
    path = tmp_path_factory.mktemp("calcudoku") / "book.html"
    example = {"type": "calcudoku", "id": "calcudoku:easy::example", "difficulty": "easy",
               "rating": EXAMPLE.rating, "puzzle": EXAMPLE.puzzle, "solution": EXAMPLE.solution}
    made = make_puzzle(Request.make(CALCUDOKU, "hard", {}), "page").to_json()
    records = [page_record(CALCUDOKU, record, number) for number, record in enumerate((example, made), 1)]
    write_html(path, "Calcudoku", None, [{"title": "Calcudoku", "type": "calcudoku", "level": "easy",
                                          "rules": CALCUDOKU.rules(None), "puzzles": records}])
    return path


@pytest.fixture
def tab(browser, book_file):
    with test_html._opener(browser, book_file) as open_:
        yield open_()


def _field(tab, number: int, row: int, col: int):
    return tab.locator(f"#puzzle-{number} input[data-row='{row}'][data-col='{col}']")


def test_the_player_draws_cages_and_labels_and_takes_typed_numbers(tab):
    board = tab.locator("#puzzle-1 .grid.calcudoku")
    assert board.locator(".cage-label").all_text_contents() == ["7+", "1\u2212", "3\u00f7", "16\u00d7",
                                                                 "2\u00f7", "7+", "5+"]
    # walls: right of the 7+ cage's squares, below row 2 between the 16x cage and the 5+ ...
    cell = board.locator(".cell").nth(0)
    assert "wall-right" in cell.get_attribute("class") and "wall-below" not in cell.get_attribute("class")
    assert board.locator(".cell.given").count() == 1  # the cage of one square, 2
    grid = EXAMPLE.solution["grid"]
    _field(tab, 1, 0, 0).focus()
    for r in range(4):
        for c in range(4):
            if (r, c) != (0, 3):
                _field(tab, 1, r, c).focus()
                tab.keyboard.type(str(grid[r][c]))
    assert "solved" in tab.locator("#puzzle-1").get_attribute("class")


def test_pencil_marks_and_hints_in_the_player(tab):
    field = _field(tab, 2, 0, 0)
    field.focus()
    tab.keyboard.press("n")
    tab.keyboard.type("13")
    assert tab.locator("#puzzle-2 .notes").first.text_content() == "1 3"
    tab.locator("#puzzle-2 button[data-action='notes']").click()
    for _ in range(20):  # the crossing-out steps a number needs, one a press, and then the number
        tab.locator("#puzzle-2 button[data-action='hint']").click()
        status = tab.locator("#puzzle-2 .status").text_content()
        if not status.startswith("Step "):
            break
        # a step lights the squares it is about (a cage's at least) and fills none of them
        lit = tab.locator("#puzzle-2 .cell.hinted input")
        assert " towards the next number: " in status and lit.count() >= 1
        assert all(value == "" for value in lit.evaluate_all("nodes => nodes.map(node => node.value)"))
    assert status.startswith("Row ") and ": " in status
    assert tab.locator("#puzzle-2 .cell.hinted").count() == 1  # the number alone
    assert tab.locator("#puzzle-2 .cell.hinted input").input_value()



def test_the_solved_example_keeps_its_cages_labels_clear_of_its_numbers():
    """The solved example beside the example printed digits alone: a newcomer could not check
    that 4 and 3 make 7+. It keeps each cage's label, its numbers below the labels; the answer
    key stays digits among the cages' walls, packed as small as its numbers allow."""
    from bookgen.puzzles.calcudoku.drawing import CAP, NUMBER_SIZE, PT

    pen = RecordingPen()
    CALCUDOKU.draw_example_answer(pen, EXAMPLE.puzzle, EXAMPLE.solution)
    texts = [kw for name, kw in pen.calls if name == "text"]
    labels = [kw for kw in texts if kw["size"] == LABEL_SIZE]
    numbers = [kw for kw in texts if kw["size"] == NUMBER_SIZE]
    assert sorted(kw["text"] for kw in labels) == sorted(CALCUDOKU.printed(EXAMPLE.puzzle).texts)
    assert "7+" in pen.texts()
    assert len(numbers) == EXAMPLE.puzzle["size"] ** 2
    for kw in labels:
        foot = kw["y"] + CAP * LABEL_SIZE * PT / 2
        below = [n for n in numbers if n["y"] // CELL == kw["y"] // CELL
                 and n["x"] // CELL == kw["x"] // CELL]
        assert below and below[0]["y"] - CAP * NUMBER_SIZE * PT / 2 > foot + 0.5
        assert below[0]["y"] + CAP * NUMBER_SIZE * PT / 2 < (kw["y"] // CELL + 1) * CELL - THICK / 2
    key = RecordingPen()
    CALCUDOKU.draw_solution(key, EXAMPLE.puzzle, EXAMPLE.solution)
    assert all(kw["size"] == NUMBER_SIZE for name, kw in key.calls if name == "text")


@pytest.mark.parametrize("name, options", [("kakuro", {}), ("sudoku", {"variant": "killer"})])
def test_other_solved_examples_keep_the_sums_their_puzzles_print(name, options):
    """Kakuro's and a killer's solved examples keep their sums, as calcudoku's keeps its labels."""
    puzzle_type = find_type(name)
    record = make_puzzle(Request.make(puzzle_type, "easy", options), "solved")
    shown, solved = RecordingPen(), RecordingPen()
    puzzle_type.draw_puzzle(shown, record.puzzle)
    puzzle_type.draw_example_answer(solved, record.puzzle, record.solution)
    missing = list(shown.texts())
    for text in solved.texts():
        if text in missing:
            missing.remove(text)
    assert missing == []


@pytest.mark.parametrize("language, says", [
    ("en", "combine the numbers in a cage with the sign in its corner"),
    ("de", "Beim Subtrahieren (−) und Dividieren (:) beginnst du mit der größeren Zahl"),
    ("fr", "commencez par le plus grand nombre"), ("es", "empieza por el número mayor"),
    ("it", "parti dal numero più grande"), ("nl", "begin je met het grootste getal")])
def test_the_rules_say_in_plain_words_how_a_cage_makes_its_number(language, says):
    """The rules read "the numbers in a cage give the small number in its corner by the sign
    beside it": they now say to combine the numbers with the sign, with 7+ as an example, and
    for − and ÷ (: in German) to start with the larger number."""
    from bookgen.i18n import speaking
    from bookgen.puzzles.calcudoku.parameters import rules_text

    with speaking(language):
        request = Request.make(CALCUDOKU, "easy", {})
        for text in (rules_text(request), rules_text(None)):
            assert says in text and "7+" in text and "{" not in text


def test_cage_digits_say_which_numbers_can_appear_where_they_outnumber_the_squares():
    """"9+ in the cage ... can only be made with 1, 2, 3, 4 and 5", of a cage of four squares,
    read as five numbers in four squares: where the numbers outnumber the squares, the hint says
    which can appear."""
    from bookgen.core.latin import square_of
    from bookgen.puzzles.calcudoku.cages import Cage, clash_of
    from bookgen.puzzles.calcudoku.hints import tell

    square = square_of(6)
    cells = (10, 11, 16, 17)
    cage = Cage(cells, "+", 9, clash_of(cells, 6))

    def said(digits):
        return tell(square, [cage], "cage digits", {"cage": cage, "digits": digits, "crossed": []})

    assert said([1, 2, 3, 4, 5]).startswith("Cage digits: only the numbers from 1 to 5 can appear in "
                                            "the cage at row 2, column 5 to make 9+, so")
    assert said([1, 2, 4, 5, 6]).startswith("Cage digits: only 1, 2, 4, 5 and 6 can appear in the cage")
    assert "can only be made with 1, 2, 3 and 4," in said([1, 2, 3, 4])
