"""Sudoku's smaller and larger grids (8x8, 12x12, 16x16 in numbers or hex), the symmetries of the
givens, and the twins of a diagonal sudoku: generated puzzles one answer from their page at every
level a size offers, valid lines, hints that replay and speak hex, the levels a size never reaches
refused by key, givens that keep each pattern, a diagonal sudoku's moves found exactly (brute
force on small grids) and twins made by them sharing one form, and a 16x16 in hex and a 12x12
played on a phone's screen."""

from __future__ import annotations

import random
import re
from itertools import permutations, product

import pytest
import test_html

from bookgen.contract import line_validator, replayed
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError
from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.sudoku import parse_line
from bookgen.puzzles.sudoku.generator import GIVEN_FLOORS, PATTERN_MOVES
from bookgen.puzzles.sudoku.parameters import BOXES, HEX, PATTERNS
from bookgen.puzzles.sudoku.symmetry import diagonal_minlex, diagonal_moves, minlex

SUDOKU = find_type("sudoku")
REQUESTS = [("8", "easy"), ("8", "medium"), ("8", "hard"), ("8", "expert"), ("12", "easy"),
            ("12", "hard"), ("12", "expert"), ("16", "easy"), ("16", "medium")]


@pytest.fixture(scope="module")
def made():
    """One puzzle per request (the 16x16 medium in hex), made and verified once."""
    return {(size, level): make_puzzle(Request.make(SUDOKU, level, {"size": size, "symbols": "hex"}
                                                    if (size, level) == ("16", "medium") else {"size": size}),
                                       f"sizes/{size}/{level}")
            for size, level in REQUESTS}


def test_every_level_of_the_new_sizes_has_one_answer_a_valid_line_and_hints_that_replay(made):
    validator = line_validator(SUDOKU, closed=True)
    for (size, level), record in made.items():
        side = int(size)
        assert record.rating["level"] == level and SUDOKU.rate(record.puzzle)["level"] == level
        assert len(record.puzzle["givens"]) == side and record.rating["cells"] == side * side
        assert SUDOKU.check(record.puzzle, record.solution) == []
        assert SUDOKU.solve(SUDOKU.printed(record.puzzle).puzzle, 2).count == 1
        assert record.rating["givens"] >= GIVEN_FLOORS[side].get(level, 0) - 1  # givens go in pairs
        assert not sorted(validator.iter_errors(record.to_json()), key=str)
        hints = SUDOKU.hints(record.puzzle, record.solution)
        assert replayed(SUDOKU, record.puzzle, hints) == {"grid": record.solution["grid"]}


def test_the_levels_a_size_never_reaches_and_hex_below_12_are_refused_by_key():
    for size, level in (("8", "master"), ("16", "master"), ("6", "expert")):
        with pytest.raises(BookgenError, match=f"{size}x{size} sudoku is never {level}") as error:
            Request.make(SUDOKU, level, {"size": size})
        assert error.value.key == "difficulty"
    with pytest.raises(BookgenError, match="only a 12x12 or 16x16 sudoku prints hex") as error:
        Request.make(SUDOKU, "easy", {"symbols": "hex"})
    assert error.value.key == "symbols"
    Request.make(SUDOKU, "master", {"size": "12", "symbols": "hex"})


def test_a_hex_grid_prints_draws_tells_and_reads_its_symbols(made):
    record = made[("16", "medium")]
    puzzle = record.puzzle
    assert puzzle["symbols"] == "hex"
    texts = SUDOKU.printed(puzzle).texts
    assert all(len(text) == 1 and text in HEX for text in texts) and {"0", "F"} <= set(texts)
    pen = RecordingPen()
    SUDOKU.draw_solution(pen, puzzle, record.solution)
    assert sorted(set(pen.texts())) == list(HEX[:16])
    for hint in SUDOKU.hints(puzzle, record.solution):
        assert re.search(rf"(^|[ ,]){HEX[hint['value'] - 1]}([ ,;.]|$)", hint["why"]), hint
    line = "".join(HEX[v - 1] if v else "." for row in puzzle["givens"] for v in row)
    assert parse_line(line.lower()) == {"variant": "classic", "givens": puzzle["givens"], "symbols": "hex"}
    assert "0 to F" in SUDOKU.rules(Request.make(SUDOKU, "easy", {"size": "16", "symbols": "hex"}))
    numbers = made[("16", "easy")].puzzle
    pen = RecordingPen()
    SUDOKU.draw_puzzle(pen, numbers)
    assert "symbols" not in numbers and {"16"} <= set(pen.texts()) <= {str(n) for n in range(1, 17)}
    assert SUDOKU.canonical(puzzle) == SUDOKU.canonical({k: v for k, v in puzzle.items() if k != "symbols"})


@pytest.mark.parametrize("pattern", PATTERNS)
def test_the_givens_keep_every_pattern_of_symmetry(pattern):
    for size, level in (("9", "medium"), ("8", "easy")):
        givens = make_puzzle(Request.make(SUDOKU, level, {"size": size, "symmetry": pattern}),
                             f"pattern/{pattern}").puzzle["givens"]
        shown = [[bool(v) for v in row] for row in givens]
        for move in PATTERN_MOVES[pattern]:
            assert move.grid(shown) == shown, (size, move)


def _box_orders(size: int, height: int) -> list[tuple[int, ...]]:
    """Every order of the rows (source row at each place) that keeps bands of `height` together."""
    bands = size // height
    return [tuple(band * height + row for band in band_order for row in within[band])
            for band_order in permutations(range(bands))
            for within in product(list(permutations(range(height))), repeat=bands)]


@pytest.mark.parametrize("size", [4, 6])
def test_the_moves_that_keep_a_diagonal_sudoku_are_exactly_those_brute_force_finds(size):
    box_rows, box_cols = BOXES[size]
    main = {(i, i) for i in range(size)}
    anti = {(i, size - 1 - i) for i in range(size)}
    found = {(rows, cols) for rows in _box_orders(size, box_rows) for cols in _box_orders(size, box_cols)
             if {frozenset((rows.index(r), cols.index(c)) for r, c in line) for line in (main, anti)}
             == {frozenset(main), frozenset(anti)}}
    assert found == set(diagonal_moves(size, box_rows, box_cols))


def _moved(grid, rows, cols, names, transpose=False):
    grid = [list(row) for row in zip(*grid)] if transpose else grid
    return [[names[grid[r][c]] for c in cols] for r in rows]


def test_twins_of_a_diagonal_sudoku_share_one_form_and_the_form_is_the_least_over_the_moves():
    rng = random.Random(3)
    record = make_puzzle(Request.make(SUDOKU, "easy", {"variant": "diagonal"}), "diagonal-twins")
    givens, answer = record.puzzle["givens"], record.solution["grid"]
    form = SUDOKU.canonical(record.puzzle)
    moves = diagonal_moves(9, 3, 3)
    for _ in range(6):
        rows, cols = rng.choice(moves)
        names = [0] + rng.sample(range(1, 10), 9)
        transpose = rng.random() < 0.5
        twin = {"variant": "diagonal", "givens": _moved(givens, rows, cols, names, transpose)}
        assert SUDOKU.canonical(twin) == form
        assert SUDOKU.check(twin, {"grid": _moved(answer, rows, cols, names, transpose)}) == []
    swapped = [givens[1], givens[0]] + givens[2:]  # a classic's twin, not a diagonal one's
    assert SUDOKU.canonical({"variant": "diagonal", "givens": swapped}) != form
    small = make_puzzle(Request.make(SUDOKU, "easy", {"variant": "diagonal", "size": "6"}), "small").puzzle
    least = min(tuple(tuple(row) for row in _renamed(_moved(small["givens"], rows, cols, list(range(7)))))
                for rows, cols in diagonal_moves(6, 2, 3))
    assert diagonal_minlex(small["givens"], 2, 3) == least


def _renamed(grid):
    names: dict[int, int] = {0: 0}
    for row in grid:
        for value in row:
            names.setdefault(value, len(names))
    return [[names[value] for value in row] for row in grid]


@pytest.fixture(scope="module")
def phone_book(tmp_path_factory, made):
    path = tmp_path_factory.mktemp("sizes") / "book.html"
    records = [page_record(SUDOKU, made[("16", "medium")].to_json(), 1),
               page_record(SUDOKU, made[("12", "easy")].to_json(), 2)]
    write_html(path, "Big", None, [{"title": "Big", "type": "sudoku", "rules": "Play.",
                                    "level": "easy", "puzzles": records}])
    return path, records


def test_a_16x16_in_hex_and_a_12x12_play_on_a_phone(browser, phone_book):
    """On a 390 px touch screen: the 16x16's squares stay finger-sized (24 px), its pad offers 0
    to F (a number keyboard has no letters, so it stays down), a key puts its symbol in and a
    pencil mark is one symbol; the 12x12 takes a two-digit number."""
    path, (hex_record, decimal_record) = phone_book
    with test_html._opener(browser, path) as open_:
        tab = open_(width=390, height=844, touch=True)
        hexed, answer = hex_record["puzzle"], hex_record["solution"]["grid"]
        width = tab.locator("#puzzle-1 .grid.sudoku > .cell").first.bounding_box()["width"]
        assert width >= 24
        keys = tab.locator("#puzzle-1 .pad button[data-digit]")
        assert keys.all_text_contents() == list(HEX[:16]) and keys.first.is_visible()
        (r, c), (r2, c2) = [(r, c) for r in range(16) for c in range(16) if not hexed["givens"][r][c]][:2]
        square = tab.locator(f"#puzzle-1 input[data-row='{r}'][data-col='{c}']")
        assert square.get_attribute("inputmode") == "none"
        square.tap()
        tab.locator(f"#puzzle-1 .pad button[data-digit='{answer[r][c]}']").tap()
        assert square.input_value() == HEX[answer[r][c] - 1]
        tab.locator("#puzzle-1 [data-action='notes']").tap()
        tab.locator(f"#puzzle-1 input[data-row='{r2}'][data-col='{c2}']").tap()
        for value in (1, 6):
            tab.locator(f"#puzzle-1 .pad button[data-digit='{value}']").tap()
        notes = tab.locator(f"#puzzle-1 .grid > .cell:nth-child({16 * r2 + c2 + 1}) .notes")
        assert notes.text_content() == "0 5"
        tab.locator("#puzzle-1 button[data-action='check']").tap()
        assert "wrong" not in (tab.locator(f"#puzzle-1 .grid > .cell:nth-child({16 * r + c + 1})")
                               .get_attribute("class") or "")
        decimal, grid = decimal_record["puzzle"], decimal_record["solution"]["grid"]
        r, c = next((r, c) for r in range(12) for c in range(12)
                    if not decimal["givens"][r][c] and grid[r][c] > 9)
        square = tab.locator(f"#puzzle-2 input[data-row='{r}'][data-col='{c}']")
        square.fill(str(grid[r][c]))
        tab.locator("#puzzle-2 button[data-action='check']").tap()
        assert square.input_value() == str(grid[r][c])
        assert "wrong" not in (tab.locator(f"#puzzle-2 .grid > .cell:nth-child({12 * r + c + 1})")
                               .get_attribute("class") or "")


@pytest.mark.parametrize("size", [4, 6])
def test_the_form_read_with_blanks_last_is_the_least_twin_by_brute_force(size):
    """The reading the large grids take (a blank the largest value, tied column orders kept open)
    against every move of a 4x4 or 6x6: the least grid over all of them."""
    box_rows, box_cols = BOXES[size]
    for seed in "abc":
        request = Request.make(SUDOKU, "easy", {"size": str(size)})
        givens = make_puzzle(request, f"last/{seed}").puzzle["givens"]
        least = None
        for transpose in (False, True) if box_rows == box_cols else (False,):
            for rows in _box_orders(size, box_rows):
                for cols in _box_orders(size, box_cols):
                    moved = _renamed(_moved(givens, rows, cols, list(range(size + 1)), transpose))
                    form = tuple(tuple(v or size + 1 for v in row) for row in moved)
                    least = form if least is None or form < least else least
        assert minlex(givens, box_rows, box_cols, blank_last=True) == least
