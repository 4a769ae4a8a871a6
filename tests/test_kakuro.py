"""Kakuro: rules, solver against brute force and against published puzzles, grading, generator,
hints, drawing, the JSON and its errors."""

from __future__ import annotations

import itertools
import json
import math
import random
import re
import sys
from pathlib import Path

import pytest
import test_html

from bookgen.book import make_book
from bookgen.config import read_config_text
from bookgen.core.grading import LEVELS
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.kakuro import EXAMPLE
from bookgen.puzzles.kakuro.board import board_for, board_of
from bookgen.puzzles.kakuro.checking import check, validate
from bookgen.puzzles.kakuro.drawing import CELL, DIGIT_WIDTH, LEAST_CELL, PT, SUM_SIZE, sum_places
from bookgen.puzzles.kakuro.generator import (
    SHAPES,
    puzzle_of,
    random_filling,
    random_layout,
    sums_for,
    within_trials,
)
from bookgen.puzzles.kakuro.grader import BANDS
from bookgen.puzzles.kakuro.hints import hints
from bookgen.puzzles.kakuro.parameters import canonical, from_picture, picture, transposed
from bookgen.puzzles.kakuro.solver import placements, solve
from bookgen.render.pdf import render_pdf

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from kakuro import sum_tables_solve  # noqa: E402

KAKURO = find_type("kakuro")
HOLST = Path(__file__).parent.parent / "bench" / "data" / "kakuro-holst.txt"


def brute_force(puzzle: dict) -> list[list[list[int]]]:
    """Every answer, found without the solver: each across run's orderings of digits adding up to
    its sum, in every combination, kept where `check` finds nothing wrong."""
    cells = puzzle["cells"]
    runs = []
    for r, row in enumerate(cells):
        for c, clue in enumerate(row):
            if clue is None or clue["across"] is None:
                continue
            end = c + 1
            while end < len(row) and row[end] is None:
                end += 1
            squares = [(r, cc) for cc in range(c + 1, end)]
            orders = [digits for digits in itertools.permutations(range(1, 10), len(squares))
                      if sum(digits) == clue["across"]]
            runs.append((squares, orders))
    found = []
    for choice in itertools.product(*(orders for _, orders in runs)):
        grid = [[0] * len(row) for row in cells]
        for (squares, _), digits in zip(runs, choice):
            for (r, c), digit in zip(squares, digits):
                grid[r][c] = digit
        if not check(puzzle, {"grid": grid}):
            found.append(grid)
    return found


def small_puzzles(count: int) -> list[dict]:
    """Random 4x4 and 5x4 kakuro, their sums those of a random filling, some nudged by one (which
    may leave no answer or several), small enough to enumerate."""
    rng = random.Random("kakuro brute force")
    made = []
    while len(made) < count:
        rows, cols = rng.choice([(4, 4), (5, 4), (4, 5)])
        layout = random_layout(rng, rows, cols, SHAPES["hard"])
        if layout is None:
            continue
        board = board_of(layout)
        values = random_filling(rng, board)
        assert values is not None
        sums = list(sums_for(board, values))
        if rng.random() < 0.4:
            run = rng.randrange(len(sums))
            length = len(board.runs[run].cells)
            sums[run] = min(max(sums[run] + rng.choice((-1, 1)), length * (length + 1) // 2),
                            length * (19 - length) // 2)
        puzzle = puzzle_of(board, layout, tuple(sums))
        size = math.prod(len([d for d in itertools.permutations(range(1, 10), len(run.cells))
                              if sum(d) == total]) for run, total in zip(board.runs, sums) if run.across)
        if size <= 30000:
            made.append(puzzle)
    return made


@pytest.mark.parametrize("puzzle", small_puzzles(24), ids=lambda p: picture(p).replace("\n", "/"))
def test_the_solver_counts_what_brute_force_finds(puzzle):
    answers = brute_force(puzzle)
    solved = solve(puzzle, None)
    assert solved.count == len(answers)
    if answers:
        assert solved.solution["grid"] in answers
    assert solve(puzzle, 2).count == min(2, len(answers))


def test_the_placements_of_a_set_are_those_of_its_orderings():
    rng = random.Random("placements")
    for _ in range(300):
        length = rng.randint(2, 6)
        digit_set = sum(1 << d for d in rng.sample(range(1, 10), length))
        masks = tuple(rng.randrange(2, 1024) & ~1 for _ in range(length))
        taken = [0] * length
        for order in itertools.permutations([d for d in range(10) if digit_set >> d & 1]):
            if all(mask >> digit & 1 for mask, digit in zip(masks, order)):
                for i, digit in enumerate(order):
                    taken[i] |= 1 << digit
        assert placements(digit_set, masks) == (tuple(taken) if any(taken) else None)


def holst_lines() -> list[tuple[int, str, str]]:
    return [(int(size), description, answer) for size, _, description, answer in
            (line.split() for line in HOLST.read_text().splitlines() if line)]


def holst_puzzle(size: int, description: str) -> dict:
    """Holst's description read as bench/kakuro.py reads it (its own copy: the bench is no module)."""
    squares: list = []
    for token in re.findall(r"[a-z]|B\d+\.\d+|H\d+|V\d+|X", description):
        if token.islower():
            squares += [None] * (ord(token) - ord("a") + 1)
        else:
            numbers = [int(n) for n in re.findall(r"\d+", token)] + [None, None]
            across, down = {"X": (None, None), "B": numbers[:2], "H": (numbers[0], None),
                            "V": (None, numbers[0])}[token[0]]
            squares.append({"across": across, "down": down})
    side = size + 1
    return {"cells": [squares[r * side:(r + 1) * side] for r in range(side)]}


def test_holsts_published_kakuro_have_one_answer_and_it_is_his():
    lines = holst_lines()
    assert len(lines) == 30
    for size, description, answer in lines:
        puzzle = holst_puzzle(size, description)
        validate(puzzle)
        side = size + 1
        expected = [[0 if ch == "\\" else int(ch) for ch in answer[1 + r * side:1 + (r + 1) * side]]
                    for r in range(side)]
        solved = solve(puzzle, 2)
        assert solved.count == 1 and solved.solution == {"grid": expected}
        assert check(puzzle, solved.solution) == []


def test_the_rules_checker_names_what_is_wrong():
    puzzle = from_picture(EXAMPLE)
    answer = KAKURO.example(None).solution["grid"]
    assert check(puzzle, {"grid": answer}) == []
    wrong = [row[:] for row in answer]
    wrong[1][2], wrong[1][3] = 1, 1  # 3 across: 1+1 repeats and adds up to 2
    problems = check(puzzle, {"grid": wrong})
    assert any("adds up to 2, not 3" in p for p in problems)
    assert any("holds a digit twice" in p for p in problems)
    black = [row[:] for row in answer]
    black[0][0] = 4
    assert check(puzzle, {"grid": black}) == ["row 1 column 1 is black and must hold 0, not 4"]
    empty = [row[:] for row in answer]
    empty[2][1] = 0
    assert check(puzzle, {"grid": empty}) == ["row 3 column 2 must hold a digit from 1 to 9, not 0"]
    assert check(puzzle, {"grid": [[0]]}) == ["the answer must be a 6 x 6 grid of digits"]


@pytest.mark.parametrize(("text", "message"), [
    ("# #\n# .", "row 2 column 2 is a white square in no run"),
    ("# 4\\\n\\3 .", "row 2 column 1 has an across sum for one square alone"),
    ("# 3\\ 4\\\n# . .\n\\3 . .", "the run across from row 2 column 2 has no sum: row 2 column 1 "
                                   "needs its across sum"),
    ("# 9\\ 9\\\n\\17 . .\n\\19 . .", "the run across from row 3 column 2: 2 different digits add "
                                          "up to 3 to 17, never 19"),
    (". . .\n. . .", "the run across from row 1 column 1 has no sum: it starts at the edge"),
    ("# 3\\ 4\\ \\5\n\\4 . . #\n\\3 . . #", "row 1 column 4 has an across sum but no white square "
                                                "to its right"),
])
def test_bad_json_is_refused_naming_the_square(text, message):
    with pytest.raises(PuzzleFormatError) as refused:
        validate(from_picture(text))
    assert refused.value.key == "cells" and message in str(refused.value)


def test_bad_squares_and_long_runs_are_refused():
    long_run = {"cells": [[{"across": None, "down": None}] + [{"across": None, "down": 5}] * 10,
                          [{"across": 45, "down": None}] + [None] * 10]}
    with pytest.raises(PuzzleFormatError, match="has 10 squares; a run holds at most 9"):
        validate(long_run)
    for square, words in [({"across": 3}, "a square is null"), (7, "a square is null"),
                          ({"across": 0, "down": None}, "from 1 to 45"),
                          ({"across": True, "down": None}, "from 1 to 45")]:
        with pytest.raises(PuzzleFormatError, match=words):
            validate({"cells": [[square, None]]})
    with pytest.raises(PuzzleFormatError, match="equally long rows"):
        validate({"cells": [[None], [None, None]]})
    with pytest.raises(PuzzleFormatError, match="at most 30"):
        validate({"cells": [[None] * 31]})
    with pytest.raises(PuzzleFormatError, match="has no white square"):
        validate({"cells": [[{"across": None, "down": None}] * 2] * 2})


def test_the_text_picture_reads_back_as_it_prints():
    lines = EXAMPLE.strip().splitlines()
    assert picture(from_picture(EXAMPLE)) == "\n".join(" ".join(line.split()) for line in lines)


def test_a_puzzle_mirrored_in_its_diagonal_is_a_twin_and_nothing_else_is():
    puzzle = from_picture(EXAMPLE)
    mirrored = {"cells": transposed(puzzle["cells"])}
    assert canonical(mirrored) == canonical(puzzle)
    assert solve(mirrored, 2).count == 1
    other = json.loads(json.dumps(puzzle))
    other["cells"][1][1]["across"], other["cells"][1][4]["down"] = 4, 9  # no longer the same
    assert canonical(other) != canonical(puzzle)
    answer = KAKURO.example(None).solution
    assert KAKURO.answer_form(puzzle, answer) == KAKURO.answer_form(
        mirrored, {"grid": [list(column) for column in zip(*answer["grid"])]})


def test_the_example_is_unique_easy_and_its_hints_name_sums_and_runs():
    made = KAKURO.example(None)
    assert solve(made.puzzle, 2).count == 1 and made.rating["level"] == "easy"
    told = hints(made.puzzle, made.solution)
    assert len(told) == board_for(made.puzzle).size
    assert any("it is the last empty square of" in hint["why"] for hint in told)
    assert any(" across in row " in hint["why"] and " down in column " in hint["why"] for hint in told)
    first = told[0]
    (row, col), = first["cells"]
    assert made.solution["grid"][row][col] == first["value"]


def test_bands_are_in_ladder_order_and_the_grader_files_each_level_from_its_own_step():
    """Each level from its own step, and true to a person: a plain solver written apart from the
    grader finishes an easy puzzle with the sum tables alone, and no harder one (bench/kakuro.py's
    trivial rate)."""
    lows = [BANDS.span(level)[0] for level in LEVELS]
    assert lows == sorted(lows) and BANDS.level_of(99) == "expert"
    steps = {"easy": ("last square", "single"), "medium": ("required digit", "combination"),
             "hard": ("naked pair", "naked triple", "arrangement"), "expert": ("trial", "search")}
    for level in LEVELS:
        made = KAKURO.generate(random.Random(f"bands/{level}"), Request.make(KAKURO, level, {"size": "7"}))
        assert made.rating["level"] == level and made.rating["hardest"] in steps[level]
        assert sum_tables_solve(made.puzzle, unique_only=False) == (level == "easy")


ELEVEN_TRIALS = """\
# 23\\ 20\\ # # 8\\ 21\\ 20\\
\\16 . . # 28\\18 . . .
\\17 . . 6\\25 . . . .
\\20 . . . . 7\\8 . .
# 12\\ 9\\16 . . . 18\\ 11\\
\\3 . . 8\\22 . . . .
\\12 . . . . \\7 . .
\\19 . . . # \\8 . ."""


def test_an_expert_score_grows_with_its_trials_past_nine_and_their_count_is_capped():
    """An 8x8 the generator once made, of 11 trials: each step's uses counted up to 9 only, so
    it scored 5.09 with every expert of 9 trials or more. Of its 37 squares, 12 trials at most."""
    rating = KAKURO.rate(from_picture(ELEVEN_TRIALS))
    assert rating["techniques"]["trial"] == 11 and 5.09 < rating["score"] < 5.99
    assert within_trials(rating)
    assert not within_trials({**rating, "techniques": {"trial": 13}})


@pytest.mark.parametrize("size", ["7", "6x9"])
def test_a_generated_pattern_is_symmetric_joined_and_every_run_two_to_nine_long(size):
    request = Request.make(KAKURO, "medium", {"size": size})
    made = KAKURO.generate(random.Random("pattern"), request)
    cells = made.puzzle["cells"]
    rows, cols = request.settings["size"]
    assert (len(cells), len(cells[0])) == (rows, cols)
    white = {(r, c) for r in range(rows) for c in range(cols) if cells[r][c] is None}
    assert all((rows - r, cols - c) in white for r, c in white)  # a half turn inside the clues
    assert all(r and c for r, c in white)
    board = board_for(made.puzzle)
    assert all(2 <= len(run.cells) <= 9 for run in board.runs)
    assert all(len(runs) == 2 for runs in board.runs_of)
    seen, todo = set(), [min(white)]
    while todo:
        r, c = todo.pop()
        if (r, c) in white and (r, c) not in seen:
            seen.add((r, c))
            todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
    assert seen == white
    assert KAKURO.check(made.puzzle, made.solution) == []


def test_the_same_seed_makes_the_same_puzzle():
    request = Request.make(KAKURO, "hard", {})
    first = KAKURO.generate(random.Random("again"), request)
    assert KAKURO.generate(random.Random("again"), request) == first


def test_sizes_outside_six_to_sixteen_are_refused_naming_the_option():
    for size in ("5", "17", "8x20"):
        with pytest.raises(BookgenError) as refused:
            Request.make(KAKURO, "easy", {"size": size})
        assert refused.value.key == "size"


def test_each_sum_sits_in_its_half_clear_of_the_diagonal_and_the_sides():
    """A two-digit sum's box (DejaVu's digits, their height) stays inside its square's half, at
    least half a millimetre from the diagonal where the across sum is above it (a third of one in
    the tightest square a narrowed grid takes), its mirror image below."""
    width, height = 2 * DIGIT_WIDTH * SUM_SIZE * PT, 0.73 * SUM_SIZE * PT
    for cell, gap in ((CELL, 0.5), (LEAST_CELL, 0.33)):
        (ax, ay), (dx, dy) = sum_places(cell)
        left, bottom = ax - width / 2, ay + height / 2  # the across box's corner nearest the diagonal
        assert (left - bottom) / math.sqrt(2) >= gap
        assert ax + width / 2 <= cell - gap / 2 and ay - height / 2 >= gap / 2
        assert (dx, dy) == pytest.approx((cell - ax, cell - ay))  # its mirror image
    pen = RecordingPen()
    KAKURO.draw_puzzle(pen, from_picture(EXAMPLE))
    sums = [kw for name, kw in pen.calls if name == "text"]
    assert {kw["size"] for kw in sums} == {SUM_SIZE}
    assert sorted(kw["text"] for kw in sums) == sorted(KAKURO.printed(from_picture(EXAMPLE)).texts)


def test_large_print_narrows_the_squares_and_names_the_largest_grid_a_page_takes(tmp_path):
    """An 8x8 prints its sums at 16 pt on a 5x8 page in squares narrowed around them; a 10x10 is
    refused there, naming the 8 that fits."""
    narrow = KAKURO.narrowed(60.0, 200.0)
    puzzle = from_picture(EXAMPLE)
    assert narrow.measure(puzzle) == (6 * 10.0, 6 * 10.0)
    assert KAKURO.narrowed(40.0, 200.0).measure(puzzle) == (6 * LEAST_CELL, 6 * LEAST_CELL)
    assert KAKURO.largest_size([], 8 * LEAST_CELL + 0.1, 200) == "8"
    assert KAKURO.largest_size([], 5 * LEAST_CELL, 200) is None
    text = ("title: T\nlayout: 5x8\nlarge_print: true\nsections:\n"
            "  - {type: kakuro, count: 1, difficulty: easy, size: 10}\n")
    with pytest.raises(BookgenError, match="a smaller size: size 8 is the largest that prints there"):
        render_pdf(make_book(read_config_text(text, tmp_path / "book.yaml")))


def test_the_solved_example_shows_the_sums_its_digits_add_up_to():
    """The example's solved drawing was the answer key's: digits among dark squares, no sum and
    no diagonal. Printed alone (a sheet with no room for the pair) it showed nothing the rules
    speak of; it draws every sum of the puzzle beside the digits."""
    example = KAKURO.example(None)
    pen = RecordingPen()
    KAKURO.draw_example_answer(pen, example.puzzle, example.solution)
    drawn = [kw for name, kw in pen.calls if name == "text"]
    digits = [str(d) for row in example.solution["grid"] for d in row if d]
    assert sorted(kw["text"] for kw in drawn if kw["size"] == SUM_SIZE) == sorted(
        KAKURO.printed(example.puzzle).texts)
    assert sorted(kw["text"] for kw in drawn if kw["size"] != SUM_SIZE) == sorted(digits)


def examples_drawn(monkeypatch) -> list[list[list[str]]]:
    """The texts of each drawing of every example the next book prints, drawn as its page draws
    them but through a RecordingPen in place of the canvas's (the list fills as pages print)."""
    from bookgen.render import document, flowables

    shown: list[list[list[str]]] = []

    class Recorded(flowables.ExamplePair):
        def draw(self) -> None:
            if not self.state.paint:
                return
            pens: list[RecordingPen] = []

            def recording(*args, **kwargs) -> RecordingPen:
                pens.append(RecordingPen())
                return pens[-1]

            with monkeypatch.context() as patched:
                patched.setattr(flowables, "CanvasPen", recording)
                super().draw()
            shown.append([[kw["text"] for name, kw in pen.calls if name == "text"] for pen in pens])

    monkeypatch.setattr(document, "ExamplePair", Recorded)
    return shown


def assert_teaches(shown: list[list[list[str]]]) -> None:
    """Every example printed shows the puzzle's sums in each of its drawings, and its digits."""
    example = KAKURO.example(None)
    sums = KAKURO.printed(example.puzzle).texts
    digits = [str(d) for row in example.solution["grid"] for d in row if d]
    for drawings in shown:
        assert all(set(sums) <= set(texts) for texts in drawings), drawings
        assert sorted(drawings[-1]) == sorted([*sums, *digits])


@pytest.mark.parametrize("count, versions", [(1, 1), (4, 1), (4, 2)])
def test_a_sheets_example_shows_its_sums(monkeypatch, tmp_path, count, versions):
    """A US Letter sheet of four printed its example as the solved grid alone, without a sum (the
    pair left the puzzles no room, the answer key's digits did): every drawing of an example a
    sheet prints shows the sums. A sheet of one prints the pair."""
    from bookgen.cli import main

    shown = examples_drawn(monkeypatch)
    target = tmp_path / "sheet.pdf"
    assert main(["worksheet", "kakuro", "-n", str(count), "--versions", str(versions),
                 "--answers", "none", "-o", str(target), "-q", "-j", "1"]) == 0
    assert shown or count > 1
    assert_teaches(shown)


def test_a_large_print_openings_example_shows_its_sums(monkeypatch, tmp_path):
    """Large print on 5x8: the opening of an easy and of an expert section printed the solved
    grid alone, no sum in it; the example that prints shows them, or none prints."""
    shown = examples_drawn(monkeypatch)
    text = ("title: T\nlayout: 5x8\nlarge_print: true\nsections:\n"
            "  - {type: kakuro, count: 4, difficulty: easy, size: 7}\n"
            "  - {type: kakuro, count: 4, difficulty: expert, size: 7}\n")
    render_pdf(make_book(read_config_text(text, tmp_path / "book.yaml")))
    assert_teaches(shown)


def test_a_made_line_and_the_example_keep_the_types_json_schema():
    from test_schemas import validator_of  # skips where jsonschema is not installed

    from bookgen.making import make_puzzle

    validator = validator_of("kakuro")
    line = make_puzzle(Request.make(KAKURO, "easy", {}), "schema").to_json()
    validator.validate(line)
    example = KAKURO.example(None)
    validator.validate({**line, "puzzle": example.puzzle, "solution": example.solution})
    broken = json.loads(json.dumps(line))
    broken["puzzle"]["cells"][0][0] = {"across": 46, "down": None}
    assert not validator.is_valid(broken)


# --- in the browser (the helpers and browser of tests/test_html.py) ------------------------------



@pytest.fixture(scope="module")
def book_file(tmp_path_factory) -> Path:
    """A page of the example (number 1), hints embedded."""
    made = KAKURO.example(None)
    path = tmp_path_factory.mktemp("kakuro") / "book.html"
    record = {"type": "kakuro", "id": "kakuro:easy::example", "difficulty": "easy",
              "rating": made.rating, "puzzle": made.puzzle, "solution": made.solution}
    write_html(path, "Kakuro", None, [{"title": "Kakuro", "type": "kakuro", "level": "easy",
                                       "rules": KAKURO.rules(None),
                                       "puzzles": [page_record(KAKURO, record, 1)]}])
    return path


def test_the_player_shows_the_sums_and_is_solved_by_mouse_and_keyboard(browser, book_file):
    """The sums in their halves; a click on each row's first white square, its digits typed with
    the arrow keys between them (over the black squares), a pencil mark, the candidates the
    runs' sum tables leave, and the puzzle solved."""
    made = KAKURO.example(None)
    grid = made.solution["grid"]
    with test_html._opener(browser, book_file) as open_:
        tab = open_()
        sums = tab.locator("#puzzle-1 .grid.kakuro .sum-text").all_text_contents()
        assert sorted(sums) == sorted(KAKURO.printed(made.puzzle).texts)

        def square(row: int, col: int):
            return tab.locator(f"#puzzle-1 input[data-row='{row}'][data-col='{col}']")

        tab.locator("#puzzle-1").get_by_label("Show candidates").check()
        # 5 across in two squares is 1+4 or 2+3, 8 down in two 1+7, 2+6 or 3+5
        assert square(5, 3).locator("xpath=..").locator(".candidates").text_content() == "1 2 3"
        square(5, 3).click()
        tab.keyboard.press("n")
        tab.keyboard.type("14")
        assert square(5, 3).locator("xpath=..").locator(".notes").text_content() == "1 4"
        tab.keyboard.press("n")
        for r, row in enumerate(grid):
            whites = [c for c, value in enumerate(row) if value]
            if not whites:
                continue
            square(r, whites[0]).click()
            for number, c in enumerate(whites):
                if number:
                    tab.keyboard.press("ArrowRight")
                tab.keyboard.type(str(grid[r][c]))
        assert "solved" in tab.locator("#puzzle-1").get_attribute("class")
