"""Hints: each type's `hints` tells the grader's solving path one cell at a time, and the page's
Hint button plays it.

In Python: for every registered type that gives hints, at every level and at each request of its
showcase, the hints replay to the whole answer (each hint's value is the answer's there, and
applying them all to the type's `given_answer` gives the answer), and every "why" is one line that
names its number. In headless Chromium (tests/test_html.py's
helpers, conftest's browser): a Hint fills a cell that matches the answer and says why in the
status line, Undo takes it back, H does the same as the button, a wrong entry stops it, a word
search's Hint lights the first letter of the first word not yet found, the button is named
"Hint", and axe-core stays clean.
"""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from typing import Any

import pytest
import test_html

from bookgen.book import make_book
from bookgen.config import load_config
from bookgen.contract import replayed
from bookgen.core.grading import HINT_CAP, LEVELS
from bookgen.formats import render_formats
from bookgen.formats.html import page_record
from bookgen.html import _packed_hints, write_html
from bookgen.puzzles import BUILT_IN, PUZZLE_TYPES, find_type
from bookgen.puzzles.base import JSON, PuzzleType, Request
from bookgen.puzzles.wordsearch.drawing import listed

HINTED = [t for t in PUZZLE_TYPES if t.hints is not None]
FILLING = [t for t in HINTED if t.given_answer is not None]  # hints that fill cells
POINTING = [find_type("wordsearch"), find_type("maze")]  # hints that light cells and fill none
LETTERED = [find_type("crossword"), find_type("fillin")]  # hints that light a word of a letter grid
WORDED = [t for t in HINTED if t.given_answer is None and t not in POINTING + LETTERED]  # only words
PAINTING = {"nonogram": {1: "black", 0: "empty"}}  # hints that fill squares with a colour,
# which their whys name in words; tests/test_nonogram.py plays them in the page
open_book = test_html.open_book  # the same fixtures, with book_file below
_type = find_type


def _requests(puzzle_type: PuzzleType) -> list[tuple[str, dict]]:
    """Every level at the default options, then each request of the type's showcase."""
    return [(level, {}) for level in LEVELS] + [(s.level, dict(s.options)) for s in puzzle_type.showcase]


CASES = [(t, level, options) for t in HINTED for level, options in _requests(t)]


def _case_id(case: object) -> str:
    return case.name if isinstance(case, PuzzleType) else json.dumps(case, sort_keys=True)


def _by_type(types: list[PuzzleType]) -> list[Any]:
    """The cases of these types, each type's in one xdist group: one worker makes its puzzles and
    hints once for every test that reads them."""
    return [pytest.param(*case, marks=pytest.mark.xdist_group(f"hints-{case[0].name}"))
            for case in CASES if case[0] in types]


_MADE: dict[str, JSON] = {}


def _made(puzzle_type: PuzzleType, level: str, seed: str, options: dict | None = None) -> JSON:
    """A made puzzle as a record, made once per test run for its type, level, seed and options."""
    key = json.dumps([puzzle_type.name, level, seed, options or {}], sort_keys=True)
    if key not in _MADE:
        request = Request.make(puzzle_type, level, options or {})
        made = puzzle_type.generate(random.Random(f"hints/{seed}"), request)
        _MADE[key] = {"type": puzzle_type.name, "id": request.id(f"hints-{seed}"), "difficulty": level,
                      "rating": made.rating, "puzzle": made.puzzle, "solution": made.solution}
    return _MADE[key]


def _said(value: object) -> str:
    """A number as the whys write it: a true minus sign."""
    return str(value).replace("-", "\u2212")


_HINTED: dict[str, list[tuple[JSON, list[JSON]]]] = {}


def _hinted(puzzle_type: PuzzleType, level: str, options: dict) -> list[tuple[JSON, list[JSON]]]:
    """Two made puzzles of the request, each with its hints, worked out once per test run."""
    key = json.dumps([puzzle_type.name, level, options], sort_keys=True)
    if key not in _HINTED:
        records = [_made(puzzle_type, level, seed, options) for seed in ("a", "b")]
        _HINTED[key] = [(r, puzzle_type.hints(r["puzzle"], r["solution"])) for r in records]
    return _HINTED[key]


@pytest.mark.parametrize(("puzzle_type", "level", "options"),
                         _by_type(FILLING), ids=_case_id)
def test_hints_replay_to_the_answer_and_say_why(puzzle_type, level, options):
    for record, hints in _hinted(puzzle_type, level, options):
        assert hints, record["id"]
        answer = replayed(puzzle_type, record["puzzle"], hints)
        assert answer == {name: record["solution"][name] for name in answer}  # a key, not the text too
        for index, hint in enumerate(hints):
            assert set(hint) - {"after", "steps", "step_cells"} == {"cells", "value", "why"}
            assert 0 <= hint.get("after", index) < index or "after" not in hint, hint
            assert hint["cells"] and hint["why"].strip() and "\n" not in hint["why"]
            assert all(step.strip() and "\n" not in step for step in hint.get("steps", [])), hint
            colours = PAINTING.get(puzzle_type.name)
            said = colours[hint["value"]] if colours else _said(hint["value"])
            assert said in hint["why"], hint
            assert "pencil marks leave" not in hint["why"]  # a player may have made none


@pytest.mark.parametrize(("puzzle_type", "level", "options"),
                         _by_type(WORDED), ids=_case_id)
def test_hints_in_words_fill_no_cell_and_are_one_line_each(puzzle_type, level, options):
    for record, hints in _hinted(puzzle_type, level, options):
        assert hints, record["id"]
        for hint in hints:
            assert hint["cells"] == [] and hint["value"] is None, hint
            assert hint["why"].strip() and "\n" not in hint["why"]


@pytest.mark.parametrize(("puzzle_type", "level", "options"),
                         _by_type(LETTERED), ids=_case_id)
def test_word_grid_hints_hold_their_words_squares_and_replay_to_the_answer(puzzle_type, level, options):
    """A crossword's hint fills its first cell with its letter, the rest of its cells being that
    answer's other squares; a fill-in's cells are the run its word fills. Either way the letters
    they give replay onto the grid to the answer, no square twice."""
    for record, hints in _hinted(puzzle_type, level, options):
        assert hints, record["id"]
        answer, grid = record["solution"]["grid"], [list(row) for row in record["puzzle"]["grid"]]
        for hint in hints:
            assert set(hint) == {"cells", "value", "why"} and hint["why"].strip() and "\n" not in hint["why"]
            squares = sorted(hint["cells"])
            assert [[r - squares[0][0], c - squares[0][1]] for r, c in squares] in (
                [[0, k] for k in range(len(squares))], [[k, 0] for k in range(len(squares))])  # one run
            assert hint["value"] in hint["why"]
            if puzzle_type.name == "crossword":
                (r, c) = hint["cells"][0]
                assert grid[r][c] == "." and answer[r][c] == hint["value"]
                grid[r][c] = hint["value"]
                continue
            for (r, c), letter in zip(hint["cells"], hint["value"]):
                assert answer[r][c] == letter and grid[r][c] in (".", letter)
                grid[r][c] = letter
        assert ["".join(row) for row in grid] == answer


@pytest.mark.parametrize("level", LEVELS)
def test_word_search_hints_point_at_each_words_first_letter_in_list_order(level):
    wordsearch = _type("wordsearch")
    for record, hints in _hinted(wordsearch, level, {}):
        first = {p["word"]: [p["row"], p["col"]] for p in record["solution"]["placements"]}
        assert [h["value"] for h in hints] == listed(record["puzzle"])
        for hint in hints:
            assert hint["cells"] == [first[hint["value"]]]
            row, col = first[hint["value"]]
            assert hint["why"] == f"{hint['value']} begins in row {row + 1}, column {col + 1}"


@pytest.mark.parametrize("name", ["numbrix", "hidato"])
def test_a_square_called_a_dead_end_has_at_most_one_free_square_beside_it(name):
    puzzle_type = find_type(name)
    for level, options in _requests(puzzle_type):
        for record, hints in _hinted(puzzle_type, level, options):
            _dead_ends_are_true(record["puzzle"]["grid"], hints, name == "hidato")


def test_a_wall_hint_that_calls_a_brick_x_states_an_equation_its_value_solves():
    wall = find_type("numberwall")
    for level, options in _requests(wall):
        for _, hints in _hinted(wall, level, options):
            for hint in hints:
                _equation_holds(hint)


def _dead_ends_are_true(grid: list[list], hints: list[JSON], diagonal: bool) -> None:
    """A hint that calls its square a dead end is told when that square has at most one free
    square beside it (touching, in Hidato)."""
    board = [list(row) for row in grid]
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
             if (dr or dc) and (diagonal or not (dr and dc))]
    for hint in hints:
        (r, c), = hint["cells"]
        if "this square has" in hint["why"]:
            free = [(r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < len(board)
                    and 0 <= c + dc < len(board[0]) and board[r + dr][c + dc] == 0]
            assert len(free) <= 1, hint
        board[r][c] = hint["value"]


def _equation_holds(hint: JSON) -> None:
    """A wall hint that calls its brick x states an equation that its value solves."""
    found = re.search(r", so (.+) = (.+) and x = (\d+)$", hint["why"])
    if "call this brick x" not in hint["why"] or "writing every sum" in hint["why"]:
        return
    assert found, hint

    def value(side: str) -> int:
        """A side such as "46 \u2212 2x" at x = the hint's value."""
        total = 0
        for term in re.findall(r"[+-]?[^+-]+", side.replace(" ", "").replace("\u2212", "-")):
            if term.endswith("x"):
                coefficient = term[:-1]
                times = int(coefficient + "1" if coefficient in ("", "+", "-") else coefficient)
                total += times * hint["value"]
            else:
                total += int(term)
        return total

    assert value(found.group(1)) == value(found.group(2)) and int(found.group(3)) == hint["value"]


def test_every_built_in_type_gives_hints_and_the_page_below_plays_its_showcase():
    """Hints are optional in the contract (a plug-in may leave them out); bookgen's own give them."""
    assert [t.name for t in BUILT_IN if t.hints is None] == []
    assert all(t.showcase for t in HINTED)  # the page plays each type's showcase


def test_an_arrow_hint_names_what_it_sees():
    arrows = _type("arrows")
    puzzle = {"arrows": [["E", "W", "W"], ["N", "N", "N"]], "givens": [[2, 0, 0], [0, 0, 0]]}
    answer = {"grid": [[2, 1, 2], [1, 1, 1]]}
    assert arrows.solve(puzzle, 2).count == 1 and arrows.check(puzzle, answer) == []
    hints = arrows.hints(puzzle, answer)
    assert replayed(arrows, puzzle, hints) == answer
    assert hints[0] == {"cells": [[0, 1]], "value": 1,
                        "why": "1 goes here: its arrow sees just one square, row 1, column 1"}
    assert hints[-1]["cells"] == [[0, 2]] and hints[-1]["value"] == 2
    assert hints[-1]["why"] == "2 goes here: its arrow sees 1 and 2, two different numbers"


def test_placement_hints_place_the_numbers_smallest_first():
    placement = _type("placement")
    for level in LEVELS:
        record = _made(placement, level, "order")
        values = [Fraction(h["value"]) for h in placement.hints(record["puzzle"], record["solution"])]
        assert values == sorted(values)


def test_a_pyramid_hint_names_the_difference_it_uses():
    pyramid = _type("pyramid")
    puzzle = {"variant": "classic", "max": 6, "rows": [[6, 1, 4], [0, 0], [0]]}
    hints = pyramid.hints(puzzle, {"rows": [[6, 1, 4], [5, 3], [2]]})
    assert hints[0] == {"cells": [[1, 0]], "value": 5,
                        "why": "5 goes here: it is the difference of 6 and 1 above it"}


def test_a_wall_hint_that_needs_an_equation_writes_it_out():
    wall = _type("numberwall")
    puzzle = {"variant": "sum", "max": 160, "min": 1,
              "rows": [[9, 6, 0, 0, 0], [0, 0, 0, 13], [0, 0, 0], [60, 0], [115]]}
    answer = {"rows": [[9, 6, 10, 3, 10], [15, 16, 13, 13], [31, 29, 26], [60, 55], [115]]}
    assert wall.check(puzzle, answer) == []
    hints = wall.hints(puzzle, answer)
    assert replayed(wall, puzzle, hints) == answer
    assert hints[2] == {"cells": [[0, 2]], "value": 10, "why": (  # after 15 and 55, by sums
        "10 goes here: call this brick x and write the bricks around it in terms of x; the brick in "
        "row 3, place 3 is x + 16, and the two below it add up to 46 \u2212 2x, so 46 \u2212 2x = "
        "x + 16 and x = 10")}


def test_a_wall_hint_names_the_sum_it_uses():
    wall = _type("numberwall")
    puzzle = {"variant": "sum", "max": 20, "rows": [[1, 0, 3], [0, 5], [0]]}
    hints = wall.hints(puzzle, {"rows": [[1, 2, 3], [3, 5], [8]]})
    assert [h["value"] for h in hints] == [2, 3, 8]
    assert hints[0]["why"] == "2 goes here: with 3 beside it they make 5 above, and 5 \u2212 3 = 2"
    assert hints[-1]["why"] == "8 goes here: it is the sum of 3 and 5 below it"


@pytest.mark.parametrize("level", LEVELS)
def test_arithmetic_hints_are_the_steps_of_the_simplest_answer(level):
    arithmetic = _type("arithmetic")
    record = _made(arithmetic, level, "steps")
    hints = arithmetic.hints(record["puzzle"], record["solution"])
    assert hints and all(h["cells"] == [] and h["value"] is None for h in hints)
    assert hints[0]["why"].startswith("Start with ")
    assert hints[-1]["why"].endswith(f"= {record['puzzle']['target']}, the target")
    signs = {"+": lambda a, b: a + b, "\u2212": lambda a, b: a - b, "\u00d7": lambda a, b: a * b,
             "\u00f7": lambda a, b: a / b, "^": lambda a, b: a ** int(b)}
    for hint in hints:  # each step's arithmetic is right
        step = re.sub(r"^(Start with|Then) |, the target$", "", hint["why"])
        a, sign, b, equals, value = step.split(" ")
        number = [Fraction(text.replace("\u2212", "-")) for text in (a, b, value)]
        assert equals == "=" and signs[sign](number[0], number[1]) == number[2], step

BOOK = """
title: Hints Test
seed: hints
formats: [html, jsonl]
sections:
  - {type: pyramid, count: 2, difficulty: easy}
  - {type: arrows, count: 1, difficulty: easy}
"""


def test_a_built_page_embeds_each_types_hints_and_the_puzzle_json_has_none(tmp_path):
    path = tmp_path / "book.yaml"
    path.write_text(BOOK, encoding="utf-8")
    book_config = load_config(path)
    files = dict(render_formats(make_book(book_config), tmp_path / "book.pdf", book_config.formats))
    page = files[tmp_path / "book.html"].decode("utf-8")
    data = re.search(r'<script type="application/json" id="bookgen-data">(.*?)</script>', page, re.S)
    assert data is not None
    records = json.loads(data.group(1))
    phrases = json.loads(re.search(r'id="bookgen-phrases">(.*?)</script>', page, re.S).group(1))
    assert [r["type"] for r in records] == ["pyramid", "pyramid", "arrows"]
    packed = plain = 0
    for record in records:
        hints = _type(record["type"]).hints(record["puzzle"], record["solution"])
        assert [_unpacked(hint, phrases) for hint in record["hints"]] == hints and hints
        packed += len(json.dumps(record["hints"], separators=(",", ":")))
        plain += len(json.dumps(hints, separators=(",", ":"), ensure_ascii=False))
    assert packed + len(json.dumps(phrases, ensure_ascii=False)) < plain * 0.6  # packing pays
    lines = files[tmp_path / "book.jsonl"].decode("utf-8").splitlines()
    assert len(lines) == 3 and all("hints" not in json.loads(line) for line in lines)


def _unpacked(hint: list, phrases: list[str]) -> JSON:
    """A hint as the page packs it, [cells, value, phrase, numbers..., after?, steps?], read back
    apart from the page's script: the phrase's "#"s are its numbers in turn, a number left over
    is the hint's "after", and a last list its steps, each [phrase, numbers..., squares?] (its
    step_cells flat: row, column, row, column...)."""
    steps = hint.pop() if len(hint) > 3 and isinstance(hint[-1], list) else None
    phrase = phrases[hint[2]]
    slots = phrase.count("#")
    numbers = iter(hint[3:3 + slots])
    unpacked = {"cells": hint[0], "value": hint[1],
                "why": re.sub("#", lambda _: str(next(numbers)), phrase)}
    if len(hint) > 3 + slots:
        (unpacked["after"],) = hint[3 + slots:]
    if steps is not None:
        squares = [step.pop() if isinstance(step[-1], list) else [] for step in steps]
        unpacked["steps"] = [_unpacked([None, None, *step], phrases)["why"] for step in steps]
        if any(squares):
            unpacked["step_cells"] = [[flat[n:n + 2] for n in range(0, len(flat), 2)] for flat in squares]
    return unpacked


STEPPED = [("calcudoku", "expert"), ("futoshiki", "expert"), ("kakuro", "expert"), ("sudoku", "master")]
"""The hardest levels of the types whose numbers may need crossing-out steps first, a trial among them."""
TRIAL = re.compile(r"^Trial: were (\d+) in row \d+, column \d+, following the [a-z ]+, (.+); so \1 is "
                   r"crossed out there\.$")
BROKEN = re.compile(r"^(row \d+, column \d+ would be left with no (number|digit)"
                    r"|(row|column|box) \d+ would (have no place for \d+|hold \d+ twice)"
                    r"|\d+ (across in row|down in column) \d+ (could not be made|would (have no place "
                    r"for \d+|hold \d+ twice))"
                    r"|the cage at row \d+, column \d+ could not make \d+\S"
                    r"|row \d+, column \d+ could no longer hold less than row \d+, column \d+)$")


@pytest.mark.parametrize(("name", "level"), STEPPED)
def test_a_hint_of_the_hardest_levels_is_one_step_each_within_the_cap(name, level):
    """A number the crossing-out steps lead to is told as those steps, one a press, then the
    number: never a wall of sentences (an expert 9x9 calcudoku's first hint said 2,763 characters)."""
    stepped = 0
    for record, hints in _hinted(_type(name), level, {}):
        for hint in hints:
            texts = [hint["why"], *hint.get("steps", [])]
            assert all(len(text) <= HINT_CAP for text in texts), (record["id"], texts)
            stepped += bool(hint.get("steps"))
    assert stepped


NAMED_SQUARE = re.compile(r"row (\d+), column (\d+)")
BROKEN_CAGE = re.compile(r"the cage at row \d+, column \d+ could not make")


@pytest.mark.parametrize(("name", "level"), STEPPED)
def test_each_step_has_its_squares_among_them_every_square_it_names(name, level):
    """The page lights a step's squares while it says the step: each step has its own, in
    reading order, on the board, and every square its sentence names is among them (a trial's
    square and the square or sign it breaks too, but not a broken cage's first square, which
    stands for the whole cage)."""
    for record, hints in _hinted(_type(name), level, {}):
        grid = record["solution"]["grid"]
        stepped = [hint for hint in hints if "steps" in hint]
        assert stepped and all(len(h["step_cells"]) == len(h["steps"]) for h in stepped)
        for hint in stepped:
            for step, cells in zip(hint["steps"], hint["step_cells"]):
                assert cells == sorted(cells) and len({tuple(at) for at in cells}) == len(cells), step
                assert all(0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c] for r, c in cells)
                named = [[int(r) - 1, int(c) - 1] for r, c in NAMED_SQUARE.findall(BROKEN_CAGE.sub("", step))]
                assert all(at in cells for at in named), (step, cells)


def test_a_packed_hint_keeps_each_steps_squares_as_one_flat_list():
    """The page packs a step's squares after its numbers, [row, column, row, column...], and
    reads them back as its step_cells."""
    calcudoku = _type("calcudoku")
    record = _made(calcudoku, "expert", "a")
    hints = calcudoku.hints(record["puzzle"], record["solution"])
    phrases: dict[str, int] = {}
    packed = _packed_hints(hints, phrases)
    listed_phrases = sorted(phrases, key=phrases.__getitem__)
    assert [_unpacked(json.loads(json.dumps(hint)), listed_phrases) for hint in packed] == hints
    first = next(index for index, hint in enumerate(hints) if "steps" in hint)
    squares = hints[first]["step_cells"][0]
    assert packed[first][-1][0][-1] == [n for at in squares for n in at]


@pytest.mark.parametrize(("name", "level"), STEPPED)
def test_a_trial_step_names_the_square_line_cage_or_sign_that_breaks(name, level):
    trials = [step for _, hints in _hinted(_type(name), level, {}) for hint in hints
              for step in hint.get("steps", []) if step.startswith("Trial")]
    assert trials or name == "sudoku"  # a master sudoku may need no trial
    for step in trials:
        told = TRIAL.match(step)
        assert told and BROKEN.match(told.group(2)), step


def test_a_master_sudoku_trial_names_the_unit_that_would_break():
    sudoku = _type("sudoku")
    record = _made(sudoku, "master", "a")
    steps = [s for h in sudoku.hints(record["puzzle"], record["solution"]) for s in h.get("steps", [])]
    trials = [step for step in steps if step.startswith("Trial")]
    assert trials and all(BROKEN.match(TRIAL.match(step).group(2)) for step in trials)


def test_arithmetic_hints_say_which_numbers_go_side_by_side():
    arithmetic = _type("arithmetic")
    puzzle = {"numbers": [1, 2, 3], "target": 15, "operators": "+^", "concat": True}
    assert [h["why"] for h in arithmetic.hints(puzzle, {"expressions": ["12+3", "13+2"]})] == [
        "Put 1 and 2 side by side to make 12", "Then 12 + 3 = 15, the target"]
    quotient = {"numbers": [5, 5, 5, 1], "target": 24, "operators": "+-*/"}
    assert [h["why"] for h in arithmetic.hints(quotient, {"expressions": ["5*(5-1/5)"]})] == [
        "Start with 1 \u00f7 5 = 1/5", "Then 5 \u2212 1/5 = 24/5", "Then 5 \u00d7 24/5 = 24, the target"]


def test_the_html_writer_adds_hints_to_the_page_only():
    pyramid = _type("pyramid")
    record = _made(pyramid, "easy", "page")
    embedded = page_record(pyramid, record, 3)
    assert embedded["number"] == 3
    assert embedded["hints"] == pyramid.hints(record["puzzle"], record["solution"])
    assert "hints" not in record


# --- in the browser -------------------------------------------------------------------------------

# (type, level, options): each request of each type's showcase, numbered on the page from 1
PAGE = [(t, s.level, dict(s.options)) for t in HINTED for s in t.showcase]


@pytest.fixture(scope="module")
def hinted_records() -> list[JSON]:
    return [page_record(puzzle_type, _made(puzzle_type, level, f"page-{number}", options), number)
            for number, (puzzle_type, level, options) in enumerate(PAGE, 1)]


def _first(records: list[JSON], name: str, **puzzle: object) -> JSON:
    """The first record of a type on the page whose puzzle has the given fields."""
    return next(r for r in records
                if r["type"] == name and all(r["puzzle"].get(k) == v for k, v in puzzle.items()))


@pytest.fixture(scope="module")
def book_file(tmp_path_factory, hinted_records):
    """The page the browser tests play: each type's first puzzle and, where a type has both, its
    first with one answer and its first with several (a placement to rearrange). Each test takes
    one puzzle of a type, and a page of all 74 took four times as long to draw and to check."""
    picked: dict[tuple[str, bool], JSON] = {}
    for record in hinted_records:
        picked.setdefault((record["type"], record["puzzle"].get("unique", True)), record)
    path = tmp_path_factory.mktemp("hints") / "book.html"
    write_html(path, "Hints", None, [{"title": r["type"], "type": r["type"], "rules": "Play.",
                                      "level": r["difficulty"], "puzzles": [r]} for r in picked.values()])
    return path


def _press(tab, number: int, action: str) -> None:
    tab.locator(f"#puzzle-{number} button[data-action='{action}']").click()


def _status(tab, number: int) -> str:
    return tab.locator(f"#puzzle-{number} .status").text_content()


def _field(tab, number: int, cell: list):
    """What a hint's cell shows: an input's value, a Numbrix square's number, or a placement
    box's number."""
    square = tab.locator(f"#puzzle-{number} button.cell[data-row='{cell[0]}'][data-col='{cell[1]}'] .v") \
        if isinstance(cell, list) else None
    if square is not None and square.count():
        return square.text_content()
    if isinstance(cell, int):
        return tab.locator(f"#puzzle-{number} button.box[data-box='{cell}']").get_attribute("data-value")
    if isinstance(cell, str):  # a cipher letter: the first box under it
        return tab.locator(f"#puzzle-{number} input[data-letter='{cell}']").first.input_value()
    return tab.locator(f"#puzzle-{number} input[data-row='{cell[0]}'][data-col='{cell[1]}']").input_value()


def _answer_at(record: JSON, cell) -> str:
    if isinstance(cell, int):
        return record["solution"]["order"][cell]
    if isinstance(cell, str):
        return record["solution"]["key"][cell]
    if "words" in record["solution"]:
        return record["solution"]["words"][cell[0]][cell[1]]
    if "grid" in record["solution"]:
        return str(record["solution"]["grid"][cell[0]][cell[1]])
    return str(record["solution"]["rows"][cell[0]][cell[1]])


def _place(record: JSON, cell) -> str:
    """The square as the page names it: rows of walls count from the top, as drawn."""
    if isinstance(cell, int):
        return f"Box {cell + 1}"
    if isinstance(cell, str):
        return f"Letter {cell}"
    r, c = cell
    if record["type"] == "scramble":
        return f"Word {r + 1}, letter {c + 1}"
    if record["type"] == "numberwall":
        return f"Row {len(record['puzzle']['rows']) - r}, brick {c + 1}"
    if record["type"] == "pyramid":
        return f"Row {r + 1}, circle {c + 1}"
    return f"Row {r + 1}, column {c + 1}"


def _focused_cell(tab) -> object:
    """The hint cell that has focus: [row, col] of a square or input, or a box's index."""
    return tab.evaluate("""() => { const node = document.activeElement;
        return node.dataset.box !== undefined ? +node.dataset.box
            : node.dataset.letter !== undefined ? node.dataset.letter
            : [+node.dataset.row, +node.dataset.col]; }""")


def _log(tab, number: int) -> list[str]:
    return tab.locator(f"#puzzle-{number} .hint-log li").all_text_contents()


def test_a_hint_names_focuses_and_fills_a_cell_of_the_answer_and_undo_rewinds_it(open_book, hinted_records):
    tab = open_book()
    # each type's first, once
    for record in [_first(hinted_records, t.name) for t in FILLING if t.name not in PAINTING]:
        number, hints = record["number"], record["hints"]
        first = hints[0]
        (cell,) = first["cells"]
        steps = first.get("steps", [])
        for count, step in enumerate(steps, 1):  # the crossing-out steps first, one a press
            _press(tab, number, "hint")
            assert _status(tab, number) == f"Step {count} of {len(steps)} towards the next number: {step}"
            assert _field(tab, number, cell) in ("", None) and _log(tab, number) == []
        _press(tab, number, "hint")
        said = f"{_place(record, cell)}: {first['why']}."
        assert _field(tab, number, cell) == _answer_at(record, cell) == str(first["value"])
        assert _status(tab, number) == said and _log(tab, number) == [said]
        assert _focused_cell(tab) == cell
        # the next (its steps first), the first staying; only the newest flashes
        for _ in range(1 + len(hints[1].get("steps", []))):
            _press(tab, number, "hint")
        second = hints[1]["cells"][0]
        assert _field(tab, number, second) == _answer_at(record, second)
        assert _focused_cell(tab) == second and tab.locator(".hinted").count() == 1
        assert len(_log(tab, number)) == 2
        _press(tab, number, "undo")
        assert _field(tab, number, second) == "" and _log(tab, number) == [said]
        _press(tab, number, "undo")
        assert _field(tab, number, cell) == "" and _log(tab, number) == []
        assert not tab.locator(f"#puzzle-{number} .hint-log").is_visible()
        _press(tab, number, "redo")
        assert _field(tab, number, cell) == _answer_at(record, cell) and _log(tab, number) == [said]


@pytest.fixture(scope="module")
def stepped_page(tmp_path_factory) -> tuple[Any, JSON]:
    """A page of one expert calcudoku, whose first number needs crossing-out steps first, and its
    record."""
    calcudoku = _type("calcudoku")
    record = page_record(calcudoku, _made(calcudoku, "expert", "a"), 1)
    path = tmp_path_factory.mktemp("steps") / "book.html"
    write_html(path, "Steps", None, [{"title": "Calcudoku", "type": "calcudoku", "rules": "Play.",
                                      "level": "expert", "puzzles": [record]}])
    return path, record


def test_an_expert_hint_says_its_steps_one_a_press_and_the_log_keeps_its_height(browser, stepped_page):
    """An expert calcudoku's first number needs crossing-out steps first: each press says the
    next (the status line only), then one fills the number; on a phone, forty hints later, the log under
    the status line still takes at most 10rem, scrolled to the newest."""
    path, record = stepped_page
    with test_html._opener(browser, path) as open_:
        tab = open_(390, 844, touch=True)
        first = record["hints"][0]
        (cell,) = first["cells"]
        steps = first["steps"]
        assert steps
        for count, step in enumerate(steps, 1):
            _press(tab, 1, "hint")
            assert _status(tab, 1) == f"Step {count} of {len(steps)} towards the next number: {step}"
            assert _field(tab, 1, cell) == "" and _log(tab, 1) == []
        _press(tab, 1, "hint")
        assert _status(tab, 1) == f"{_place(record, cell)}: {first['why']}." == _log(tab, 1)[0]
        assert _field(tab, 1, cell) == str(first["value"])
        for _ in range(40):
            _press(tab, 1, "hint")
        assert len(_log(tab, 1)) > 12
        log = tab.locator("#puzzle-1 .hint-log ol")
        assert log.evaluate("node => node.getBoundingClientRect().height") <= 160.5  # 10rem
        assert log.evaluate("node => node.scrollTop + node.clientHeight >= node.scrollHeight - 1")


def _lit_squares(tab, number: int, size: int) -> list[list[int]]:
    """The squares of a puzzle's grid (`size` columns, squares in reading order) lit as hinted."""
    return tab.evaluate("""([number, size]) => [...document.querySelectorAll(`#puzzle-${number} .cell`)]
        .flatMap((node, i) => node.classList.contains("hinted") ? [[Math.floor(i / size), i % size]] : [])""",
                        [number, size])


def test_a_step_lights_its_squares_while_the_status_line_says_it(browser, stepped_page):
    """Each step a hint says lights the squares it is about (its cage's, the ones it crosses
    numbers out of, the one it names): on a phone, in view with the status line, still lit a
    while later, and out as soon as the status line says something else; the number that
    follows flashes alone."""
    path, record = stepped_page
    size = record["puzzle"]["size"]
    first = record["hints"][0]
    steps, squares = first["steps"], first["step_cells"]
    with test_html._opener(browser, path) as open_:
        tab = open_(390, 844, touch=True, clock=True)
        _press(tab, 1, "hint")
        assert _lit_squares(tab, 1, size) == squares[0]
        tab.clock.run_for(5000)  # longer than a hinted number's flash
        assert _lit_squares(tab, 1, size) == squares[0]
        lit = tab.locator("#puzzle-1 .cell.hinted").first
        assert lit.evaluate("node => node.getBoundingClientRect().top >= 0") and lit.is_visible()
        _press(tab, 1, "check")
        assert _lit_squares(tab, 1, size) == []
        for count, cells in enumerate(squares[1:], 2):
            _press(tab, 1, "hint")
            assert _status(tab, 1).startswith(f"Step {count} of {len(steps)}")
            assert _lit_squares(tab, 1, size) == cells
        _press(tab, 1, "hint")
        assert _lit_squares(tab, 1, size) == first["cells"]


def test_the_steps_a_hint_has_said_are_kept_across_a_reload(browser, stepped_page):
    """The steps Hint has said are saved with the puzzle's progress: after a reload (localStorage
    lost too: the second copy brings it back) the next press says the next step, not the first
    again, and the number goes in after the last step, as without the reload."""
    path, record = stepped_page
    first = record["hints"][0]
    (cell,) = first["cells"]
    steps = first["steps"]
    assert len(steps) >= 2
    with test_html._opener(browser, path) as open_:
        tab = open_()
        _press(tab, 1, "hint")
        assert _status(tab, 1) == f"Step 1 of {len(steps)} towards the next number: {steps[0]}"
        test_html._reload(tab, losing_storage=True)
        for count, step in enumerate(steps[1:], 2):
            _press(tab, 1, "hint")
            assert _status(tab, 1) == f"Step {count} of {len(steps)} towards the next number: {step}"
            test_html._reload(tab)
        assert _field(tab, 1, cell) == "" and _log(tab, 1) == []
        _press(tab, 1, "hint")
        assert _status(tab, 1) == f"{_place(record, cell)}: {first['why']}." == _log(tab, 1)[0]
        assert _field(tab, 1, cell) == str(first["value"])


def test_hints_lead_to_the_solved_puzzle_and_h_gives_one(open_book, hinted_records):
    tab = open_book()
    record = _first(hinted_records, "pyramid")  # a board of inputs
    n = record["number"]
    tab.locator(f"#puzzle-{n} .board input").first.focus()
    tab.keyboard.press("h")
    assert _status(tab, n).endswith(": " + record["hints"][0]["why"] + ".")
    for _ in record["hints"][1:]:
        _press(tab, n, "hint")
    assert _status(tab, n) == "Solved!"
    assert tab.locator(f"#puzzle-{n}").get_attribute("class").split().count("solved") == 1
    log = _log(tab, n)  # the last reason stays in view after "Solved!"
    assert len(log) == len(record["hints"]) and log[-1].endswith(record["hints"][-1]["why"] + ".")
    assert tab.locator(f"#puzzle-{n} .hint-log summary").text_content() == f"{len(log)} hints given"
    _press(tab, n, "reset")  # Reset rewinds the count, and Undo brings it back
    assert _log(tab, n) == []
    _press(tab, n, "undo")
    assert _log(tab, n) == log
    test_html._reload(tab)  # kept with the progress
    assert _log(tab, n) == log


def test_a_wrong_entry_stops_a_hint(open_book, hinted_records):
    tab = open_book()
    record = _first(hinted_records, "numberwall")
    n = record["number"]
    (r, c), = record["hints"][0]["cells"]
    field = tab.locator(f"#puzzle-{n} input[data-row='{r}'][data-col='{c}']")
    field.fill(str(record["hints"][0]["value"] + 1))
    _press(tab, n, "hint")
    assert _status(tab, n) == "Check first: a number on the board is wrong."
    assert field.input_value() == str(record["hints"][0]["value"] + 1)


@pytest.mark.parametrize("name", ["cryptogram", "scramble"])
def test_a_wrong_letter_stops_a_hint_that_says_a_letter_is_wrong(open_book, hinted_records, name):
    """A board of letters says so (it said "a number", the frame's one wording for every type)."""
    tab = open_book(width=390, height=844, touch=True)
    record = _first(hinted_records, name)
    n, first = record["number"], record["hints"][0]
    (cell,) = first["cells"]
    box = tab.locator(f"#puzzle-{n} input[data-letter='{cell}']" if name == "cryptogram" else
                      f"#puzzle-{n} input[data-row='{cell[0]}'][data-col='{cell[1]}']").first
    wrong = next(letter for letter in "QXZJ" if letter != first["value"])
    box.tap()
    tab.keyboard.type(wrong)
    _press(tab, n, "hint")
    assert _status(tab, n) == "Check first: a letter on the board is wrong."
    assert box.input_value() == wrong and _log(tab, n) == []


def test_a_different_arrangement_of_a_free_row_is_not_overwritten(open_book, hinted_records):
    tab = open_book()
    record = _first(hinted_records, "placement", unique=False)  # several arrangements
    n = record["number"]
    box = record["hints"][0]["cells"][0]
    other = next(text for text in record["puzzle"]["numbers"] if text != record["hints"][0]["value"])
    tab.locator(f"#puzzle-{n} button.token[data-token='{other}']").click()
    tab.locator(f"#puzzle-{n} button.box[data-box='{box}']").click()
    _press(tab, n, "hint")
    assert "differs at box" in _status(tab, n)
    assert _field(tab, n, box) == other


@pytest.mark.parametrize("name", [t.name for t in WORDED])
def test_hints_in_words_come_one_at_a_time_and_the_last_reveals_the_answer(open_book, hinted_records, name):
    """The last hint writes the answer in: that is a revealed puzzle, as Reveal leaves it (no
    "Solved!", no tick on the card or in the contents), on a phone as the reviewer played it."""
    tab = open_book(width=390, height=844, touch=True)
    record = _first(hinted_records, name)
    number, hints = record["number"], record["hints"]
    entries = tab.locator(f"#puzzle-{number} .board input:not([type='checkbox'], [disabled], [readonly])")
    for n, hint in enumerate(hints[:-1], 1):
        _press(tab, number, "hint")
        assert _status(tab, number) == f"Hint {n} of {len(hints)}: {hint['why']}."
    assert all(value == "" for value in entries.evaluate_all("nodes => nodes.map(node => node.value)"))
    _press(tab, number, "hint")  # the last step also writes the answer in
    assert _status(tab, number) == "Answer revealed. Undo brings your entries back."
    assert _log(tab, number)[-1] == f"Hint {len(hints)} of {len(hints)}: {hints[-1]['why']}."
    assert all(value != "" for value in entries.evaluate_all("nodes => nodes.map(node => node.value)"))
    solved = f"#puzzle-{number}.solved, nav.contents a.solved"  # nothing else is played
    assert tab.locator(solved).count() == 0
    _press(tab, number, "check")
    assert _status(tab, number) == "Complete (revealed)."
    _press(tab, number, "hint")
    assert _status(tab, number) == "The answer is shown: Undo or Reset to play on."
    _press(tab, number, "undo")  # takes back the last hint and the answer with it
    assert all(value == "" for value in entries.evaluate_all("nodes => nodes.map(node => node.value)"))
    assert len(_log(tab, number)) == len(hints) - 1
    _press(tab, number, "redo")
    test_html._reload(tab)  # revealed it stays
    assert tab.locator(solved).count() == 0 and len(_log(tab, number)) == len(hints)
    assert _status(tab, number) == ""


def test_the_hint_button_is_named_and_axe_stays_clean(open_book, hinted_records):
    """On a phone, each type's first puzzle (one a type is enough: the button is the frame's)."""
    tab = open_book(width=360, height=900, touch=True)
    firsts = {record["type"]: record for record in reversed(hinted_records)}
    for record in sorted(firsts.values(), key=lambda record: record["number"]):
        article = tab.locator(f"#puzzle-{record['number']}")
        assert article.get_by_role("button", name=re.compile(r"\bHint\b")).count() == 1
        _press(tab, record["number"], "hint")
    assert tab.locator(".hinted").count() >= 1  # still flashing
    assert test_html._axe_violations(tab) == []



def test_word_search_hint_lights_the_first_letter_of_the_first_word_not_yet_found(open_book, hinted_records):
    record = _first(hinted_records, "wordsearch")
    number, hints = record["number"], record["hints"]
    place = {p["word"]: p for p in record["solution"]["placements"]}
    steps = {"E": (0, 1), "S": (1, 0), "SE": (1, 1), "NE": (-1, 1),
             "W": (0, -1), "N": (-1, 0), "NW": (-1, -1), "SW": (1, -1)}
    letters = f"#puzzle-{number} button.letter"
    tab = open_book()
    _press(tab, number, "hint")
    first, word = hints[0], place[hints[0]["value"]]
    assert tab.locator(f"{letters}.hinted").count() == 1
    assert _focused_cell(tab) == first["cells"][0] == [word["row"], word["col"]]
    assert _status(tab, number) == f"{first['why']}." and tab.locator(f"{letters}.found").count() == 0
    # found by keyboard: Enter on its first letter, then on its last
    (dr, dc), n = steps[word["direction"]], len(word["word"]) - 1
    for r, c in ((word["row"], word["col"]), (word["row"] + n * dr, word["col"] + n * dc)):
        tab.locator(f"{letters}[data-row='{r}'][data-col='{c}']").press("Enter")
    assert _status(tab, number).startswith(f"{word['word']} found")
    _press(tab, number, "hint")
    second = hints[1]
    assert _focused_cell(tab) == second["cells"][0] and _status(tab, number) == f"{second['why']}."
    lit = tab.locator(f"{letters}.hinted")
    assert lit.count() == 1
    assert [int(lit.get_attribute("data-row")), int(lit.get_attribute("data-col"))] == second["cells"][0]


def test_word_search_drag_from_last_letter_to_first_marks_the_word_and_strikes_it(open_book, hinted_records):
    """The pointer's way (the keyboard's is above): a drag across a word, here backwards from its
    last letter, outlines its squares and strikes it through in the list; a drag off a line finds
    nothing."""
    record = _first(hinted_records, "wordsearch")
    number, word = record["number"], record["solution"]["placements"][0]
    steps = {"E": (0, 1), "S": (1, 0), "SE": (1, 1), "NE": (-1, 1),
             "W": (0, -1), "N": (-1, 0), "NW": (-1, -1), "SW": (1, -1)}
    (dr, dc), n = steps[word["direction"]], len(word["word"]) - 1
    tab = open_book()
    tab.set_viewport_size({"width": 1200, "height": 2000})
    letters = f"#puzzle-{number} button.letter"

    def drag(start: tuple[int, int], end: tuple[int, int]) -> None:
        first = tab.locator(f"{letters}[data-row='{start[0]}'][data-col='{start[1]}']")
        first.scroll_into_view_if_needed()
        boxes = [first.bounding_box(),
                 tab.locator(f"{letters}[data-row='{end[0]}'][data-col='{end[1]}']").bounding_box()]
        (x0, y0), (x1, y1) = ((b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes)
        tab.mouse.move(x0, y0)
        tab.mouse.down()
        tab.mouse.move(x1, y1, steps=5)
        tab.mouse.up()

    first, last = (word["row"], word["col"]), (word["row"] + n * dr, word["col"] + n * dc)
    knight = (first[0] + (2 if first[0] < 2 else -2), first[1] + (1 if first[1] < 1 else -1))
    drag(first, knight)
    assert tab.locator(f"{letters}.found").count() == 0
    drag(last, first)
    assert _status(tab, number).startswith(f"{word['word']} found")
    assert tab.locator(f"{letters}.found").count() == n + 1
    struck = tab.locator(f"#puzzle-{number} ul.words li.found")
    assert struck.count() == 1 and struck.text_content().startswith(word["word"])
    assert struck.evaluate("node => getComputedStyle(node).textDecorationLine") == "line-through"


# --- hints a child follows (issue 31, item 6) -----------------------------------------------------


@pytest.mark.parametrize(("puzzle_type", "level", "options"),
                         _by_type(FILLING + POINTING), ids=_case_id)
def test_every_reason_carries_a_number_to_check_beyond_its_own(puzzle_type, level, options):
    """After "7 goes here:", a reason names something to look at: a number other than 7 (a
    number it follows, a square, the numbers an arrow sees), or 7 listed where it stands."""
    own = re.compile(r"(?<![\d/.])\d+(?:[/.]\d+)?(?![\d/.])")
    for _record, hints in _hinted(puzzle_type, level, options):
        for hint in hints:
            rest = hint["why"].split(": ", 1)[-1]
            numbers = own.findall(rest)
            value = str(hint["value"]).lstrip("-")
            assert [n for n in numbers if n != value] or numbers.count(value) >= 2, hint


@pytest.mark.parametrize("name", ["numbrix", "hidato"])
def test_a_dead_end_reason_says_at_most_three_numbers_a_sentence(name):
    puzzle_type, said = find_type(name), 0
    for level, options in _requests(puzzle_type):
        for _record, hints in _hinted(puzzle_type, level, options):
            for hint in hints:
                if "this square has" not in hint["why"]:
                    continue
                said += 1
                for sentence in hint["why"].split(". "):
                    assert len(set(re.findall(r"\d+", sentence))) <= 3, hint
                assert re.search(r"it is one away from \d+$|an end of the path|only \d+ is still missing$",
                                 hint["why"]), hint
    assert said  # dead ends are told


def _beside(grid: list[list], r: int, c: int, diagonal: bool) -> list[tuple[int, int]]:
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and (diagonal or not (dr and dc))
            and 0 <= r + dr < len(grid) and 0 <= c + dc < len(grid[0]) and grid[r + dr][c + dc] is not None]


@pytest.mark.parametrize("name", ["numbrix", "hidato"])
def test_a_hint_that_needs_fewer_hints_before_it_holds_with_just_those(name):
    """A hint's "after" n says its reason holds once the first n hints are on the board: for "the
    only free square next to 16 (and 18)", checked on the givens plus just those n hints."""
    puzzle_type, checked = find_type(name), 0
    for level, options in _requests(puzzle_type):
        for record, hints in _hinted(puzzle_type, level, options):
            for index, hint in enumerate(hints):
                found = re.search(r"only free square (?:next to|touching) (?:both )?(\d+)(?: and (\d+))?$",
                                  hint["why"])
                if "after" not in hint or not found:
                    continue
                board = [list(row) for row in record["puzzle"]["grid"]]
                for earlier in hints[:hint["after"]]:
                    (r, c), = earlier["cells"]
                    board[r][c] = earlier["value"]
                where = {v: (r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v}
                free = None
                for number in filter(None, found.groups()):
                    assert int(number) in where, (hint, index)
                    near = {at for at in _beside(board, *where[int(number)], name == "hidato")
                            if board[at[0]][at[1]] == 0}
                    free = near if free is None else free & near
                assert free == {tuple(hint["cells"][0])}, (hint, index)
                checked += 1
    assert checked > 20


def test_an_arrow_hint_that_says_what_an_arrow_sees_says_it_right():
    """Replaying each arrows hint: where it says an arrow "sees 1 and 3 so far", those are the
    different numbers in that arrow's squares at that point (its own arrow, or the one it names)."""
    arrows, checked = _type("arrows"), 0
    turn = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1),
            "NE": (-1, 1), "NW": (-1, -1), "SE": (1, 1), "SW": (1, -1)}
    for level, options in _requests(arrows):
        for record, hints in _hinted(arrows, level, options):
            signs, board = record["puzzle"]["arrows"], [list(row) for row in record["puzzle"]["givens"]]
            for hint in hints:
                (r, c), = hint["cells"]
                found = re.search(r"(?:the arrow at row (\d+), column (\d+)|its own arrow|its arrow),? "
                                  r"(?:which )?sees ((?:\d+(?:, | and )?)+) so far", hint["why"])
                if found:
                    ar, ac = (int(found.group(1)) - 1, int(found.group(2)) - 1) if found.group(1) else (r, c)
                    seen = set()
                    for way in signs[ar][ac].split("+"):
                        dr, dc = turn[way]
                        y, x = ar + dr, ac + dc
                        while 0 <= y < len(board) and 0 <= x < len(board[0]):
                            if board[y][x]:
                                seen.add(board[y][x])
                            y, x = y + dr, x + dc
                    said = [int(n) for n in re.findall(r"\d+", found.group(3))]
                    assert said == sorted(seen), hint
                    checked += 1
                board[r][c] = hint["value"]
    assert checked > 10
    phrases = {re.sub(r"\d+", "#", h["why"]) for case in CASES if case[0] is arrows
               for _r, hints in _hinted(*case) for h in hints}
    assert sum("list for every empty square" in phrase for phrase in phrases) <= 1  # the old catch-all, rare


def _away(a: list, b: list) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def test_hint_prefers_a_deduction_near_the_square_the_player_last_changed(browser, tmp_path):
    """On a Numbrix, the player types a right number beside a square whose reason needs no hint
    before it ("after": 0) and lies far from the first hint's: Hint fills that square, not the
    first in order; on a fresh board it gives the first, and beside a square whose reason still
    needs hints not given (and near none that is ready) it gives the first too."""
    numbrix = _type("numbrix")
    record = page_record(numbrix, _made(numbrix, "hard", "near-1"), 1)
    hints, grid, answer = record["hints"], record["puzzle"]["grid"], record["solution"]["grid"]
    first = hints[0]["cells"][0]
    near = max((j for j, h in enumerate(hints) if h.get("after") == 0 and _away(h["cells"][0], first) > 3),
               default=None)
    assert near is not None
    r, c = hints[near]["cells"][0]
    typed = next((r + dr, c + dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
                 if 0 <= r + dr < len(grid) and 0 <= c + dc < len(grid[0]) and grid[r + dr][c + dc] == 0
                 and [r + dr, c + dc] != first)
    path = tmp_path / "near.html"
    write_html(path, "Near", None, [{"title": "Numbrix", "type": "numbrix", "rules": "Play.",
                                     "level": "hard", "puzzles": [record]}])
    with test_html._opener(browser, path) as open_:
        tab = open_()
        _press(tab, 1, "hint")  # nothing changed yet: the first hint
        assert _focused_cell(tab) == first
        _press(tab, 1, "undo")
        square = tab.locator(f"#puzzle-1 button.cell[data-row='{typed[0]}'][data-col='{typed[1]}']")
        square.focus()
        tab.keyboard.type(str(answer[typed[0]][typed[1]]))
        _press(tab, 1, "undo")  # the entry taken back: no change stands near which to look
        _press(tab, 1, "hint")
        assert _focused_cell(tab) == first
        _press(tab, 1, "undo")
        square.focus()
        tab.keyboard.type(str(answer[typed[0]][typed[1]]))
        _press(tab, 1, "hint")
        assert _focused_cell(tab) == [r, c] and _field(tab, 1, [r, c]) == str(answer[r][c])
        assert _status(tab, 1) == f"Row {r + 1}, column {c + 1}: {hints[near]['why']}."
        # beside a square whose reason needs hints not yet given, and near no hint that is ready,
        # Hint keeps to the first: nearness never gives a reason that does not hold yet
        ready = [h["cells"][0] for j, h in enumerate(hints) if j == 0 or h.get("after") == 0]
        waiting = next((r + dr, c + dc) for h in hints[1:] if h.get("after", 1) >= 1
                       for (r, c) in [h["cells"][0]] for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
                       if 0 <= r + dr < len(grid) and 0 <= c + dc < len(grid[0]) and grid[r + dr][c + dc] == 0
                       and all(_away(cell, [r + dr, c + dc]) > 2 for cell in ready))
        tab = open_()
        square = tab.locator(f"#puzzle-1 button.cell[data-row='{waiting[0]}'][data-col='{waiting[1]}']")
        square.focus()
        tab.keyboard.type(str(answer[waiting[0]][waiting[1]]))
        _press(tab, 1, "hint")
        assert _focused_cell(tab) == first


def test_a_sudoku_single_that_needs_fewer_hints_before_it_holds_with_just_those():
    """A Sudoku hint's "after" n: on the givens plus just the first n hints, its cell is a single
    from the numbers alone (the last empty cell of a unit through it, the one number its units
    leave it, or the only cell of a unit through it where the value sees no equal number)."""
    from bookgen.puzzles.sudoku.board import board_for

    sudoku, checked = _type("sudoku"), 0
    for level, options in _requests(sudoku):
        for record, hints in _hinted(sudoku, level, options):
            board = board_for(record["puzzle"])
            for hint in hints:
                if "after" not in hint:
                    continue
                filled = [v for row in record["puzzle"]["givens"] for v in row]
                for earlier in hints[:hint["after"]]:
                    (r, c), = earlier["cells"]
                    filled[r * board.size + c] = earlier["value"]
                (r, c), = hint["cells"]
                cell, value = r * board.size + c, hint["value"]

                seen = [{filled[p] for p in board.peers[at]} for at in range(len(filled))]
                assert filled[cell] == 0 and value not in seen[cell], hint
                naked = all(n in seen[cell] for n in range(1, board.size + 1) if n != value)
                unit_wise = any(all(filled[o] or value in seen[o] for o in board.units[u] if o != cell)
                                for u in board.cell_units[cell])
                assert naked or unit_wise, hint
                checked += 1
    assert checked > 100


def test_axe_finds_nothing_serious_in_the_dark_theme_with_words_found_and_hints_given(
        open_book, hinted_records):
    """The first puzzle of each type (the browser tests' page), in the dark theme: a hint given in
    each, two words found in the word search (its letters shaded, its list struck through), a
    fill-in revealed (its list struck through); axe checks their colours among the rest (#46: the
    found letters were 1.05:1 on their shading). tests/test_contrast.py checks every pair."""
    firsts = {r["type"]: r for r in reversed(hinted_records)}
    tab = open_book()
    tab.locator("[data-page='theme']").click()
    assert tab.evaluate("document.documentElement.dataset.theme") == "dark"
    tab.evaluate("document.querySelectorAll('button[data-action=hint]').forEach(b => b.click())")
    search = firsts["wordsearch"]
    steps = {"E": (0, 1), "S": (1, 0), "SE": (1, 1), "NE": (-1, 1), "W": (0, -1), "N": (-1, 0),
             "NW": (-1, -1), "SW": (1, -1)}
    for place in search["solution"]["placements"][:2]:
        (dr, dc), last = steps[place["direction"]], len(place["word"]) - 1
        ends = [(place["row"], place["col"]), (place["row"] + last * dr, place["col"] + last * dc)]
        for row, col in ends:
            tab.locator(f"#puzzle-{search['number']} .letter[data-row='{row}'][data-col='{col}']").click()
    assert tab.locator(f"#puzzle-{search['number']} .words li.found").count() == 2
    assert tab.locator(f"#puzzle-{search['number']} .letter.found").count() >= 4
    _press(tab, firsts["fillin"]["number"], "reveal")
    assert tab.locator(f"#puzzle-{firsts['fillin']['number']} .words li.found").count() > 0
    assert test_html._axe_violations(tab) == []


# --- word grids: hints about the next word not yet right ------------------------------------------


def _lit(tab, number: int) -> list[list[int]]:
    """The squares of the word lit in a crossword or fill-in, in reading order."""
    return tab.evaluate(f"""() => Array.from(document.querySelectorAll('#puzzle-{number} .square.in-word'))
        .map(node => node.querySelector('input, .value')).map(node => node.dataset.row !== undefined
            ? [+node.dataset.row, +node.dataset.col] : null)""")


def _entry_squares(entry: JSON) -> list[list[int]]:
    dr, dc = (0, 1) if entry["direction"] == "across" else (1, 0)
    return [[entry["row"] + k * dr, entry["col"] + k * dc] for k in range(len(entry["word"]))]


def test_a_crossword_hint_after_one_whole_word_lights_another_fills_a_letter_and_takes_the_focus(
        open_book, hinted_records):
    """The reviewer's round on a phone: one answer typed in whole, Hint is about a word not yet
    right: it fills a letter the player has not got, lights that word's squares and its clue, and
    moves the focus there; a wrong letter stops it with "check first"."""
    record = _first(hinted_records, "crossword")
    number, hints, answer = record["number"], record["hints"], record["solution"]["grid"]
    tab = open_book(width=390, height=844, touch=True)
    entries = record["puzzle"]["entries"]
    done = next(e for e in entries if sorted(_entry_squares(e)) == sorted(hints[0]["cells"]))
    for r, c in _entry_squares(done):
        square = tab.locator(f"#puzzle-{number} input[data-row='{r}'][data-col='{c}']")
        if square.count():
            square.fill(answer[r][c])
    _press(tab, number, "hint")
    given = next(h for h in hints if sorted(h["cells"]) != sorted(_entry_squares(done)))
    (r, c) = given["cells"][0]
    assert _status(tab, number) == f"Row {r + 1}, column {c + 1}: {given['why']}."
    assert _field(tab, number, [r, c]) == answer[r][c] == given["value"]
    assert _focused_cell(tab) == [r, c]
    lit = [square for square in _lit(tab, number) if square is not None]
    assert sorted(lit) == sorted(s for s in given["cells"]
                                 if record["puzzle"]["grid"][s[0]][s[1]] == ".")  # the word's inputs
    entry = next(e for e in entries if sorted(_entry_squares(e)) == sorted(given["cells"]))
    clue = tab.locator(f"#puzzle-{number} .clues li.current")
    assert clue.count() == 1 and entry["clue"] in clue.text_content()
    assert entry["clue"] in tab.locator(f"#puzzle-{number} .current-clue").text_content()
    # a wrong letter on the board: no hint, the frame's "check first"
    _press(tab, number, "undo")
    square = tab.locator(f"#puzzle-{number} input[data-row='{r}'][data-col='{c}']")
    square.fill(next(letter for letter in "QXZJ" if letter != answer[r][c]))
    _press(tab, number, "hint")
    assert _status(tab, number) == "Check first: a letter on the board is wrong."
    assert len(_log(tab, number)) == 0


def test_a_fill_in_hint_points_at_its_words_squares_and_fills_none(open_book, hinted_records):
    record = _first(hinted_records, "fillin")
    number, first = record["number"], record["hints"][0]
    tab = open_book(width=390, height=844, touch=True)
    entries = tab.locator(f"#puzzle-{number} .board input")
    _press(tab, number, "hint")
    assert _status(tab, number) == f"{first['why']}."
    assert sorted(s for s in _lit(tab, number) if s is not None) == sorted(
        s for s in first["cells"] if record["puzzle"]["grid"][s[0]][s[1]] == ".")
    assert _focused_cell(tab) in first["cells"]
    assert all(value == "" for value in entries.evaluate_all("nodes => nodes.map(node => node.value)"))
    for (r, c), letter in zip(first["cells"], first["value"]):  # typed in: the next hint is another word
        square = tab.locator(f"#puzzle-{number} input[data-row='{r}'][data-col='{c}']")
        if square.count():
            square.fill(letter)
    _press(tab, number, "hint")
    assert _status(tab, number) == f"{record['hints'][1]['why']}."


def test_found_words_are_drawn_as_one_band_each_from_first_letter_to_last(open_book, hinted_records):
    """Crossing and neighbouring words stay apart: each found word is one rounded band whose ends
    lie on its first and last letters (across, down or diagonal), drawn over the grid."""
    record = _first(hinted_records, "wordsearch")
    number = record["number"]
    steps = {"E": (0, 1), "S": (1, 0), "SE": (1, 1), "NE": (-1, 1), "W": (0, -1), "N": (-1, 0),
             "NW": (-1, -1), "SW": (1, -1)}
    tab = open_book(width=390, height=844, touch=True)
    places = record["solution"]["placements"]
    for place in places:
        (dr, dc), last = steps[place["direction"]], len(place["word"]) - 1
        for row, col in ((place["row"], place["col"]), (place["row"] + last * dr, place["col"] + last * dc)):
            tab.locator(f"#puzzle-{number} .letter[data-row='{row}'][data-col='{col}']").tap()
    bands = tab.locator(f"#puzzle-{number} svg.bands rect")
    assert bands.count() == len(places) == tab.locator(f"#puzzle-{number} .words li.found").count()
    for place in places:  # the band's two round ends are centred on the word's first and last letters
        (dr, dc), last = steps[place["direction"]], len(place["word"]) - 1
        centres = []
        for r, c in ((place["row"], place["col"]), (place["row"] + last * dr, place["col"] + last * dc)):
            box = tab.locator(f"#puzzle-{number} .letter[data-row='{r}'][data-col='{c}']").bounding_box()
            centres.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
        ends = tab.locator(f"#puzzle-{number} svg.bands rect[data-word='{place['word']}']").evaluate(
            """rect => { const h = rect.height.baseVal.value / 2, m = rect.getScreenCTM();
                return [[0, 0], [rect.width.baseVal.value - 2 * h, 0]].map(([x, y]) => {
                    const q = new DOMPoint(x, y).matrixTransform(m); return [q.x, q.y]; }); }""")
        for (x, y), (cx, cy) in zip(ends, centres):
            assert abs(x - cx) < 1.5 and abs(y - cy) < 1.5, place
    overlay = tab.locator(f"#puzzle-{number} svg.bands")
    assert overlay.evaluate("node => getComputedStyle(node).pointerEvents") == "none"  # taps go through
    tab.emulate_media(media="print")
    tab.evaluate("document.documentElement.classList.add('print-blank')")
    assert not tab.locator(f"#puzzle-{number} svg.bands").is_visible()  # a blank copy has no bands
