"""Nonograms: the line engine and the solver against brute force, known puzzles with known answers
(among them Tatham's Pattern's, bench/data/pattern.txt), the grader's stages, the pictures (random
blots and the user's), twins, the JSON, the drawing on a 6x9 page, hints, and the game played in
a browser by mouse, keyboard and touch."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest
import test_html

from bookgen.audit import audit
from bookgen.book import make_book
from bookgen.config import load_config
from bookgen.core.pen import MEDIUM, RecordingPen
from bookgen.core.symmetry import SYMMETRIES
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.nonogram.drawing import DIGIT, LEAST_CLEAR, WIDEST, spacing, tightest
from bookgen.puzzles.nonogram.generator import clues_of, picture_grid
from bookgen.puzzles.nonogram.lines import full, overlap, runs, settle
from bookgen.puzzles.nonogram.parameters import turned
from bookgen.render.fonts import register_fonts
from bookgen.render.pdf import render_pdf
from bookgen.render.pdfpen import MeasuringPen

NONOGRAM = find_type("nonogram")
ROOT = Path(__file__).resolve().parent.parent


def _grid(text: str) -> list[list[int]]:
    return [[1 if ch == "#" else 0 for ch in row] for row in text.split("/")]


def _arrangements(clue: tuple[int, ...], n: int, black: int, white: int) -> list[int]:
    return [bits for bits in range(1 << n) if runs(bits, n) == clue and bits & black == black
            and not bits & white]


# --- one line ---------------------------------------------------------------------------------------


def test_full_line_logic_finds_exactly_what_every_arrangement_agrees_on():
    rng = random.Random(41)
    for n in range(1, 10):
        for picture in range(1 << n):
            clue = runs(picture, n)
            for _ in range(3):
                black = picture & rng.getrandbits(n) & rng.getrandbits(n)
                white = ~picture & full(n) & rng.getrandbits(n) & rng.getrandbits(n)
                if rng.random() < 0.2:  # now and then knowledge the clue cannot meet
                    white |= 1 << rng.randrange(n)
                    black &= ~white
                found = _arrangements(clue, n, black, white)
                if not found:
                    assert settle(clue, n, black, white) is None
                    continue
                agreed_black = agreed_white = full(n)
                for bits in found:
                    agreed_black &= bits
                    agreed_white &= ~bits
                assert settle(clue, n, black, white) == (agreed_black, agreed_white)
                simple = overlap(clue, n, black, white)
                assert simple is not None  # the simple steps never claim more than is true
                assert simple[0] & ~agreed_black == 0 and simple[1] & ~agreed_white == 0


def test_simple_steps_slide_blocks_between_white_squares_and_full_logic_places_a_known_black():
    # 3 in 5 squares: the middle square either way
    assert overlap((3,), 5, 0, 0) == (0b00100, 0)
    # a black square at the end: the simple steps do not move the block, full logic does
    assert overlap((3,), 5, 0b10000, 0) == (0b10100, 0)
    assert settle((3,), 5, 0b10000, 0) == (0b11100, 0b00011)
    # a white square splits the line: 3 cannot sit left of it
    assert overlap((3,), 6, 0, 0b000010) == (0b011000, 0b000011)
    assert overlap((3,), 5, 0, 0b00100) is None  # nor right of it
    # a line whose blacks make up its clue is complete
    assert overlap((1, 1), 5, 0b10001, 0) == (0b10001, 0b01110)
    assert overlap((), 4, 0, 0) == (0, 0b1111)


# --- the solver ---------------------------------------------------------------------------------------


def test_the_solver_counts_every_answer_of_small_grids():
    rng = random.Random(7)
    for _ in range(150):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        picture = [[rng.randint(0, 1) for _ in range(cols)] for _ in range(rows)]
        puzzle = clues_of(picture)
        fitting = [[bits for bits in range(1 << cols) if list(runs(bits, cols)) == clue]
                   for clue in puzzle["row_clues"]]  # every grid, row by row
        every = [grid for grid in ([[bits >> c & 1 for c in range(cols)] for bits in masks]
                                   for masks in itertools.product(*fitting)) if clues_of(grid) == puzzle]
        solved = NONOGRAM.solve(puzzle, None)
        assert solved.count == len(every)
        assert solved.solution is not None and solved.solution["grid"] in every
        assert NONOGRAM.solve(puzzle, 1).count == 1


def test_a_grid_with_two_answers_is_counted_two_and_no_answer_zero():
    diagonal = clues_of(_grid("#./.#"))
    assert NONOGRAM.solve(diagonal, 2).count == 2
    assert NONOGRAM.solve(diagonal, None).count == 2
    impossible = {"rows": 2, "cols": 2, "row_clues": [[2], []], "col_clues": [[1], []]}
    assert NONOGRAM.solve(impossible, 2).count == 0


def _pattern_anchors() -> list[tuple[str, list[str]]]:
    """Tatham's Pattern's game ids with Pattern's own answers (bench/data/pattern.txt): blocks of
    a game id and its rows, after comment lines that start with '# '."""
    entries = []
    for block in (ROOT / "bench" / "data" / "pattern.txt").read_text().split("\n\n"):
        lines = [line.strip() for line in block.splitlines() if line.strip() and not line.startswith("# ")]
        if lines:
            entries.append((lines[0], lines[1:]))
    return entries


def pattern_puzzle(game: str) -> dict:
    """A Pattern game id, "WxH:col/col/.../row/...", each clue's runs joined by '.'."""
    size, description = game.split(":", 1)
    width, height = (int(side) for side in size.split("x"))
    clues = [[int(n) for n in part.split(".") if n and n != "0"] for part in description.split("/")]
    return {"rows": height, "cols": width, "col_clues": clues[:width], "row_clues": clues[width:]}


def test_tathams_pattern_puzzles_have_their_published_answers_and_no_other():
    anchors = _pattern_anchors()
    assert len(anchors) >= 8
    for game, answer in anchors:
        puzzle = pattern_puzzle(game)
        NONOGRAM.validate(puzzle)
        solved = NONOGRAM.solve(puzzle, 2)
        assert solved.count == 1, game
        assert solved.solution == {"grid": [[1 if ch == "#" else 0 for ch in row] for row in answer]}, game
        assert NONOGRAM.rate(puzzle)["stage"] != "search"  # Pattern keeps only line-solvable ones


# --- grading --------------------------------------------------------------------------------------------


def test_the_grader_names_the_step_each_stage_needs():
    heart = NONOGRAM.example(None)
    assert heart.rating["level"] == "easy" and heart.rating["stage"] == "overlap"
    hard = clues_of(_grid("#...#/#...#/#####/.###./..#.."))
    assert NONOGRAM.rate(hard)["stage"] == "line" and NONOGRAM.rate(hard)["level"] == "hard"
    expert = clues_of(_grid("#...#/#####/#####/.###./..#.."))
    rating = NONOGRAM.rate(expert)
    assert (rating["stage"], rating["level"], rating["multi_line"]) == ("contradiction", "expert", True)
    assert rating["contradictions"] >= 1


@pytest.mark.parametrize("level, stage", [("easy", "overlap"), ("medium", "overlap"), ("hard", "line"),
                                          ("expert", "contradiction")])
def test_each_level_needs_its_step_and_the_pictures_are_mirror_images_of_themselves(level, stage):
    for seed in range(3):
        record = make_puzzle(Request.make(NONOGRAM, level, {}), f"stage{seed}")
        assert record.rating["stage"] == stage and record.rating["level"] == level
        grid = record.solution["grid"]
        assert all(row == row[::-1] for row in grid)
        assert NONOGRAM.solve(record.puzzle, 2).count == 1
    easy = make_puzzle(Request.make(NONOGRAM, "easy", {}), "sweeps").rating["sweeps"]
    assert easy <= 4


def test_expert_scores_spread_inside_the_band_not_at_its_floor_and_stay_unique():
    """An expert blot the grader finishes nearly always needs one contradiction (score 20, the
    band's floor); the generator works it towards a score drawn from EXPERT_SCORES. On 10x10
    grids, whose climb costs a third of a 15x15's (bench/nonogram.py prints both sizes)."""
    scores = []
    for seed in range(6):
        record = make_puzzle(Request.make(NONOGRAM, "expert", {"size": 10}), f"spread{seed}")
        assert record.rating == NONOGRAM.rate(record.puzzle) and record.rating["level"] == "expert"
        assert NONOGRAM.solve(record.puzzle, 2).count == 1
        assert all(row == row[::-1] for row in record.solution["grid"])
        scores.append(record.rating["score"])
    assert min(scores) >= 21 and sum(scores) / len(scores) >= 23 and len(set(scores)) > 1, scores


def test_a_5x5_reaches_every_level_its_pictures_unfolded_where_mirrored_ones_seldom_do():
    """Medium and hard on a 5x5 draw unfolded blots (of the mirrored 5x5 pictures, one puzzle is
    medium); easy and expert stay mirrored."""
    for level, stage in (("easy", "overlap"), ("medium", "overlap"), ("hard", "line"),
                         ("expert", "contradiction")):
        record = make_puzzle(Request.make(NONOGRAM, level, {"size": 5}), "small")
        assert (record.rating["level"], record.rating["stage"]) == (level, stage)
        assert NONOGRAM.solve(record.puzzle, 2).count == 1
        mirrored = all(row == row[::-1] for row in record.solution["grid"])
        assert mirrored == (level in ("easy", "expert"))


# --- the user's picture -----------------------------------------------------------------------------


def test_a_drawn_picture_becomes_its_puzzle_and_grades_where_it_grades():
    mask = "..#../.###./#####/#####/.#.#."
    record = make_puzzle(Request.make(NONOGRAM, "easy", {"picture": mask}), "drawn")
    assert record.solution["grid"] == _grid(mask)
    assert record.puzzle == clues_of(_grid(mask))
    with pytest.raises(BookgenError, match="grades easy .*not hard: set its difficulty to easy") as refused:
        Request.make(NONOGRAM, "hard", {"picture": mask})
    assert refused.value.key == "difficulty"


def test_a_picture_with_two_answers_is_refused_with_the_nearest_change():
    with pytest.raises(BookgenError) as refused:
        Request.make(NONOGRAM, "expert", {"picture": "ring", "size": "15x15"})
    message = refused.value.message
    assert refused.value.key == "picture" and "more than one answer" in message
    assert "its answers differ at row " in message
    flips = [(int(r) - 1, int(c) - 1)
             for r, c in re.findall(r"row (\d+), column (\d+)", message.split("painting ")[1])]
    assert flips
    grid = picture_grid(Request(NONOGRAM, "expert", {"picture": "ring", "size": (15, 15)}))
    assert NONOGRAM.solve(clues_of(grid), 2).count == 2
    for r, c in flips:  # each change named does give one answer
        changed = [row.copy() for row in grid]
        changed[r][c] ^= 1
        assert NONOGRAM.solve(clues_of(changed), 2).count == 1


def test_a_picture_too_small_or_not_a_mask_is_named():
    for bad, said in (("##/##", "at least 5x5"), ("cat", "not a built-in shape"), ("#x#", "equal length")):
        with pytest.raises(BookgenError, match=said) as refused:
            Request.make(NONOGRAM, "easy", {"picture": bad})
        assert refused.value.key == "picture"


def test_a_picture_makes_one_puzzle_so_a_section_of_two_is_refused_before_any_work(write_config):
    config = write_config("title: T\nsections:\n  - {type: nonogram, count: 2, difficulty: easy, "
                          "picture: heart, size: 12}\n")
    with pytest.raises(BookgenError, match="only 1 different puzzle"):
        load_config(config)


def test_a_png_picture_beside_the_config_is_reduced_to_the_size(write_config, tmp_path):
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (400, 400), "white")
    draw = ImageDraw.Draw(image)
    draw.ellipse((40, 40, 360, 360), fill="black")
    draw.rectangle((170, 0, 230, 120), fill="black")
    image.save(tmp_path / "apple.png")
    config = write_config("title: T\nsections:\n  - {type: nonogram, count: 1, difficulty: easy, "
                          "picture: apple.png, size: 12}\n")
    book = make_book(load_config(config))
    (record,) = book.sections[0].records
    grid = record.solution["grid"]
    assert len(grid) == 12 and len(grid[0]) <= 12 and sum(map(sum, grid)) > 60
    assert "%23" in record.id and "apple" not in record.id  # the id holds the picture itself


# --- twins, JSON ------------------------------------------------------------------------------------------


def test_the_rules_promise_a_picture_only_where_the_section_paints_one():
    """A fan found "reveal a picture" above random ink blots: a section of blots (asked for, or
    at a size the built-in pictures do not come in) says a pattern; one with a picture, the
    built-in pictures, and the example's heart (no section named) a picture."""
    from bookgen.puzzles.nonogram.generator import rules_text

    blots = Request.make(NONOGRAM, "easy", {"pictures": "blots"})
    large = Request.make(NONOGRAM, "easy", {"size": 20})
    built_in = Request.make(NONOGRAM, "easy", {})
    heart = Request.make(NONOGRAM, "easy", {"picture": "heart"})
    assert rules_text(blots).startswith("Paint squares black to reveal a pattern.")
    assert rules_text(large).startswith("Paint squares black to reveal a pattern.")
    assert rules_text(built_in).startswith("Paint squares black to reveal a picture.")
    assert rules_text(heart).startswith("Paint squares black to reveal a picture.")
    assert rules_text(None).startswith("Paint squares black to reveal a picture.")


def test_a_picture_turned_or_mirrored_is_a_twin_and_another_is_not():
    record = make_puzzle(Request.make(NONOGRAM, "hard", {"size": "12x9"}), "twin")
    key = NONOGRAM.canonical(record.puzzle)
    answer = NONOGRAM.answer_form(record.puzzle, record.solution)
    for symmetry in SYMMETRIES:
        moved = symmetry.grid(record.solution["grid"])
        puzzle = clues_of(moved)
        assert turned(record.puzzle, symmetry) == {key: puzzle[key] for key in ("row_clues", "col_clues")}
        assert NONOGRAM.canonical(puzzle) == key
        assert NONOGRAM.answer_form(puzzle, {"grid": moved}) == answer
    other = make_puzzle(Request.make(NONOGRAM, "hard", {"size": "12x9"}), "other")
    assert NONOGRAM.canonical(other.puzzle) != key


def test_json_that_breaks_the_format_is_refused_by_name():
    good = clues_of(_grid("#./##"))
    NONOGRAM.validate(good)
    for change, key in (({"rows": 0}, "rows"), ({"cols": "2"}, "cols"), ({"row_clues": [[1]]}, "row_clues"),
                        ({"row_clues": [[0], [2]]}, "row_clues"), ({"col_clues": [[3], [1]]}, "col_clues"),
                        ({"col_clues": [[1], [1]]}, "col_clues")):
        with pytest.raises(PuzzleFormatError) as refused:
            NONOGRAM.validate(good | change)
        assert refused.value.key == key, change
    assert NONOGRAM.check(good, {"grid": [[1, 0], [1, 1]]}) == []
    assert NONOGRAM.check(good, {"grid": [[0, 1], [1, 1]]}) == [
        "column 1 has runs [1] but its clue is [2]", "column 2 has runs [2] but its clue is [1]"]
    assert NONOGRAM.check(good, {"grid": [[1, 2], [1, 1]]})[0].startswith("the answer must be 2 rows")


# --- drawing ------------------------------------------------------------------------------------------------


def test_the_grid_has_a_heavier_line_every_five_squares_and_prints_every_clue():
    record = make_puzzle(Request.make(NONOGRAM, "medium", {"size": "15x12"}), "drawn")
    pen = RecordingPen()
    NONOGRAM.draw_puzzle(pen, record.puzzle)
    heavy = [kw for name, kw in pen.calls if name == "line" and kw["width"] == MEDIUM]
    across = sorted({round(kw["y1"], 3) for kw in heavy if kw["y1"] == kw["y2"]})
    down = sorted({round(kw["x1"], 3) for kw in heavy if kw["x1"] == kw["x2"]})
    assert len(across) == 4 and len(down) == 4  # edges and every fifth line: 0, 5, 10, 15 / 0, 5, 10, 12
    assert sorted(pen.texts()) == sorted(NONOGRAM.printed(record.puzzle).texts)


ROUNDED = 0.01  # mm: the drawing's digit width rounds DejaVu's advance (0.636 em for 1303/2048)


def _column_clearances(puzzle, room=None) -> list[float]:
    """The clear space (mm) beside every number above a column, measured with the real font: from
    the number's edge to the nearer line of its column."""
    pen = MeasuringPen(register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf"))
    NONOGRAM.draw_puzzle(pen, puzzle) if room is None else NONOGRAM.narrowed(*room).draw_puzzle(pen, puzzle)
    cell = spacing(puzzle, room).cell
    grid_top = min(kw["y1"] for name, kw in pen.calls if name == "line" and kw["width"] == MEDIUM)
    left = min(kw["x1"] for name, kw in pen.calls if name == "line" and kw["width"] == MEDIUM)
    clearances = []
    for name, kw in pen.calls:
        if name == "text" and kw["y"] < grid_top:  # above the grid: a column's number
            half = pen.text_width(kw["text"], kw["size"]) / 2
            column = int((kw["x"] - left) // cell)
            clearances.append(min(kw["x"] - half - (left + column * cell),
                                  left + (column + 1) * cell - (kw["x"] + half)))
    return clearances


@pytest.mark.parametrize("size, level", [("15x15", "hard"), ("20x20", "medium"), ("30x30", "hard")])
def test_every_number_above_a_column_keeps_clear_of_its_lines_natural_and_narrowed(size, level):
    """Two-digit numbers above the columns ("10" "15" side by side) keep clear space each side
    at natural size and narrowed as far as large print goes; the page scales the drawing, never
    the text alone, so the space scales with the number at every size the book prints."""
    record = make_puzzle(Request.make(NONOGRAM, level, {"size": size}), "clear")
    puzzle = record.puzzle
    assert any(n >= 10 for clue in puzzle["col_clues"] for n in clue)
    natural = _column_clearances(puzzle)
    assert len(natural) == sum(max(1, len(clue)) for clue in puzzle["col_clues"])
    assert min(natural) >= LEAST_CLEAR - ROUNDED
    if size != "30x30":  # room to spare: a quarter of a digit each side
        assert min(natural) >= 0.45
    width = NONOGRAM.measure(puzzle)[0]
    least = spacing(puzzle, (1.0, 1000.0))  # narrowed as far as the numbers let it
    assert least == tightest(puzzle)
    assert min(_column_clearances(puzzle, (width * 0.9, 1000.0))) >= LEAST_CLEAR - ROUNDED
    assert min(_column_clearances(puzzle, (1.0, 1000.0))) >= LEAST_CLEAR - ROUNDED


def test_a_30x30_nonogram_prints_on_a_6x9_page_at_the_floor(write_config):
    config = write_config("title: T\nlayout: 6x9\nseed: 9\nsections:\n  - {type: nonogram, count: 1, "
                          "difficulty: medium, size: 30x30}\n")
    book = make_book(load_config(config))
    pdf = render_pdf(book)[0]
    (record,) = book.sections[0].records
    assert record.puzzle["rows"] == record.puzzle["cols"] == 30
    assert NONOGRAM.measure(record.puzzle)[0] <= WIDEST  # so every one does: the generator keeps to it
    assert [str(finding) for finding in audit(pdf)] == []


def test_large_print_narrows_a_21x21_onto_8_5x11_and_names_the_largest_size_a_30x30_would(
        write_config, run, tmp_path):
    """A 21x21's squares and clues close in around its 16 pt numbers (two-digit ones above its
    columns) to fit the page; a 30x30 cannot (30 columns of two 16 pt digits are 216 mm), and the
    refusal names the largest size that prints."""
    config = write_config("title: T\nlayout: 8.5x11\nlarge_print: true\nseed: 9\nsections:\n"
                          "  - {type: nonogram, count: 1, difficulty: medium, size: 21x21}\n")
    book = make_book(load_config(config))
    assert [str(finding) for finding in audit(render_pdf(book)[0], True)] == []
    (record,) = book.sections[0].records
    natural = NONOGRAM.measure(record.puzzle)
    narrow = NONOGRAM.narrowed(natural[0] * 0.95, 500.0)
    pen = RecordingPen()
    narrow.draw_puzzle(pen, record.puzzle)
    x0, y0, x1, y1 = pen.bounds()
    width, height = narrow.measure(record.puzzle)
    assert width <= natural[0] * 0.95
    assert x0 >= -0.3 and y0 >= -0.3 and x1 <= width + 0.3 and y1 <= height + 0.3
    config.write_text(config.read_text().replace("21x21", "30x30"))
    status, _, err = run("build", str(config), "-o", str(tmp_path / "book.pdf"), "-q")
    assert status == 2 and "cannot print at large print size" in err and "needs 16 pt" in err
    assert re.search(r"size 2[0-2] is the largest that prints there", err)


def test_a_rows_clue_numbers_stand_a_digit_apart_and_clear_of_its_areas_left_end():
    """A reviewer read "1 11 1" as "1 1 1 1": the gap between two numbers was as narrow as the
    space inside "11". Numbers stand about a digit apart, and the widest row's clue keeps clear of
    the left end of its area (a 15-wide row of "1 1 1 1 1" filled it to the edge)."""
    puzzle = {"rows": 2, "cols": 15, "row_clues": [[1, 11, 1], [1, 1, 1, 1, 1]],
              "col_clues": [[1]] * 15}
    pen = RecordingPen()
    NONOGRAM.draw_puzzle(pen, puzzle)
    rows = {}
    for name, args in pen.calls:
        if name == "text" and args.get("align") == "right":
            rows.setdefault(args["y"], []).append((args["x"], args["text"]))
    for numbers in rows.values():
        numbers.sort()
        for (left_x, _left), (right_x, right) in itertools.pairwise(numbers):
            assert right_x - len(right) * DIGIT - left_x >= 0.95 * DIGIT  # the gap between them
    starts = [x - len(text) * DIGIT for numbers in rows.values() for x, text in numbers]
    assert min(starts) >= 0.9


# --- hints ---------------------------------------------------------------------------------------


def test_hints_paint_the_example_step_by_step_and_name_each_line():
    example = NONOGRAM.example(None)
    hints = NONOGRAM.hints(example.puzzle, example.solution)
    assert hints[0] == {"cells": [[1, 0], [1, 1], [1, 2], [1, 3], [1, 4]], "value": 1,
                        "why": "Row 2: a block of 5 fills the line: all 5 squares are black"}
    painted = [[None] * 5 for _ in range(5)]
    for hint in hints:
        for r, c in hint["cells"]:
            assert painted[r][c] is None
            painted[r][c] = hint["value"]
    assert painted == example.solution["grid"]


def test_a_contradiction_hint_names_the_line_that_runs_out_of_room():
    expert = clues_of(_grid("#...#/#####/#####/.###./..#.."))
    solution = {"grid": _grid("#...#/#####/#####/.###./..#..")}
    said = [h["why"] for h in NONOGRAM.hints(expert, solution) if "if it were" in h["why"]]
    assert said and all(" would have no room for " in why for why in said)


# --- the game ------------------------------------------------------------------------------------



@pytest.fixture(scope="module")
def game_file(tmp_path_factory) -> Path:
    """A page with the 5x5 heart (puzzle 1) and a generated 30x30 (puzzle 2), hints and all."""
    heart = NONOGRAM.example(None)
    big = make_puzzle(Request.make(NONOGRAM, "hard", {"size": "30x30"}), "game")
    records = [page_record(NONOGRAM, {"type": "nonogram", "id": f"nonogram:test::{n}", "difficulty": level,
                                      "rating": rating, "puzzle": puzzle, "solution": solution}, n)
               for n, (level, rating, puzzle, solution) in enumerate(
                   [("easy", heart.rating, heart.puzzle, heart.solution),
                    ("hard", big.rating, big.puzzle, big.solution)], 1)]
    path = tmp_path_factory.mktemp("nonogram") / "book.html"
    write_html(path, "Nonograms", None, [{"title": "Nonogram", "type": "nonogram", "rules": "Paint.",
                                          "level": "easy", "puzzles": records}])
    return path


@pytest.fixture
def open_game(browser, game_file):
    with test_html._opener(browser, game_file) as open_:
        yield open_


def _square(tab, number: int, row: int, col: int):
    return tab.locator(f"#puzzle-{number} button.cell[data-row='{row}'][data-col='{col}']")


def _board(tab, number: int) -> list[str]:
    """The board as rows of '#' (black), '.' (dotted) and ' ' (blank)."""
    return tab.evaluate(f"""() => {{
        const rows = [];
        document.querySelectorAll('#puzzle-{number} button.cell').forEach(cell => {{
            const r = +cell.dataset.row;
            rows[r] = (rows[r] || '') + (cell.classList.contains('black') ? '#'
                : cell.classList.contains('dot') ? '.' : ' ');
        }});
        return rows; }}""")


def _status(tab, number: int) -> str:
    return tab.locator(f"#puzzle-{number} .status").text_content()


def test_clicks_paint_and_clear_a_right_click_dots_and_the_keys_do_the_same(open_game):
    tab = open_game()
    _square(tab, 1, 0, 1).click()
    _square(tab, 1, 0, 2).click(button="right")
    assert _board(tab, 1)[0] == " #.  "
    _square(tab, 1, 0, 1).click()  # a second click clears
    assert _board(tab, 1)[0] == "  .  "
    _square(tab, 1, 0, 0).focus()
    for key in (" ", "ArrowRight", "ArrowRight", "Backspace", "ArrowRight", "x", "ArrowDown", "Enter"):
        tab.keyboard.press(key)
    assert _board(tab, 1)[:2] == ["#  . ", "   # "]
    assert "black" in _square(tab, 1, 1, 3).text_content()  # a screen reader hears the colour
    tab.locator("#puzzle-1 button.mode").click()  # taps now dot
    _square(tab, 1, 4, 4).click()
    assert _board(tab, 1)[4] == "    ."
    tab.locator("#puzzle-1 button[data-action='undo']").click()
    assert _board(tab, 1)[4] == "     "


def test_a_drag_paints_a_run_the_clue_greys_and_the_picture_solves(open_game):
    tab = open_game()
    heart = NONOGRAM.example(None).solution["grid"]
    for r, row in enumerate(heart):
        first, last = row.index(1), len(row) - 1 - row[::-1].index(1)
        a, b = _square(tab, 1, r, first).bounding_box(), _square(tab, 1, r, last).bounding_box()
        tab.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
        tab.mouse.down()
        tab.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=4)
        tab.mouse.up()
    assert _board(tab, 1) == [" ### ", "#####", "#####", " ### ", "  #  "]  # one drag: too much for 1 1
    assert tab.locator("#puzzle-1 .clue.row.done").count() == 4
    _square(tab, 1, 0, 2).click()
    assert _status(tab, 1) == "Solved!"


def test_hints_paint_a_steps_squares_and_a_wrong_square_stops_them(open_game):
    tab = open_game()
    hints = NONOGRAM.hints(*(lambda made: (made.puzzle, made.solution))(NONOGRAM.example(None)))
    tab.locator("#puzzle-1 button[data-action='hint']").click()
    assert _status(tab, 1) == hints[0]["why"] + "."
    assert _board(tab, 1)[1] == "#####"
    assert tab.locator("#puzzle-1 .cell.hinted").count() == 5
    _square(tab, 1, 0, 0).click()  # wrong: the heart's corner is white
    tab.locator("#puzzle-1 button[data-action='hint']").click()
    assert _status(tab, 1) == "Check first: a square on the board is wrong."
    tab.locator("#puzzle-1 button[data-action='check']").click()
    assert tab.locator("#puzzle-1 .cell.wrong").count() == 1
    _square(tab, 1, 0, 0).click()
    for _ in hints[1:]:  # the picture is done before its white squares are all dotted
        tab.locator("#puzzle-1 button[data-action='hint']").click()
        if _status(tab, 1) == "Solved!":
            break
    assert _board(tab, 1)[0].replace(".", " ") == " # # "
    tab.locator("#puzzle-1 button[data-action='hint']").click()
    assert _status(tab, 1) == "Nothing left to hint: the puzzle is solved."


def test_on_a_phone_a_tap_paints_a_swipe_scrolls_and_a_rest_then_a_move_paints(open_game):
    tab = open_game(width=360, height=700, touch=True)
    cdp = tab.context.new_cdp_session(tab)
    box = tab.locator("#puzzle-2 .nonogram-scroll")
    box.scroll_into_view_if_needed()
    assert tab.evaluate("document.querySelector('#puzzle-2 .nonogram-scroll').scrollWidth") > 360
    _square(tab, 2, 2, 2).tap()
    assert _board(tab, 2)[2][2] == "#"
    start, end = _square(tab, 2, 4, 1).bounding_box(), _square(tab, 2, 4, 4).bounding_box()
    y = start["y"] + start["height"] / 2
    x0, x1 = start["x"] + start["width"] / 2, end["x"] + end["width"] / 2
    test_html._swipe(cdp, [(x0 + (x1 - x0) * step / 8, y) for step in range(9)])  # at once: scrolls
    assert _board(tab, 2)[4][:6] == " " * 6
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    tab.wait_for_timeout(500)  # rested: the move paints
    for step in range(1, 9):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                              "touchPoints": [{"x": x0 + (x1 - x0) * step / 8, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert _board(tab, 2)[4][1:5] == "####"


def test_on_a_phone_the_grid_has_a_dark_edge_all_round_clues_of_13_px_and_a_cue_at_the_hidden_side(open_game):
    """A fan's 15x15 on a 390 px phone: its right and bottom edges were light grey (only the top,
    the left and the five-square guides dark), its clues 11 px, beside 22 px squares."""
    tab = open_game(width=390, height=844, touch=True)
    for number, last in ((1, 4), (2, 29)):
        edges = [_square(tab, number, row, col).evaluate(
            f"cell => getComputedStyle(cell).border{side}Width") for row, col, side in (
                (0, 0, "Left"), (0, 0, "Top"), (0, last, "Right"), (last, 0, "Bottom"))]
        assert edges == ["2px"] * 4, (number, edges)
    sizes = tab.locator("#puzzle-2 .clue span").evaluate_all(
        "spans => spans.map((span) => parseFloat(getComputedStyle(span).fontSize))")
    assert min(sizes) >= 13
    view = tab.locator("#puzzle-2 .scroll-view")
    assert "more-right" in view.get_attribute("class").split()  # the fade and arrow of the hidden side
