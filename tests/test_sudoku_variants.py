"""Sudoku's jigsaw variant: layouts of connected regions of the right size, generated puzzles that
solve uniquely from the page and keep every house, regions validated and drawn as walls, hints that
say region, twins by symmetry, the same seed giving the same bytes, the playable page's walls,
and requests it cannot meet refused by name."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
import test_html
from pypdf import PdfReader

from bookgen.book import make_book
from bookgen.config import read_config_text
from bookgen.core.pen import THICK, RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.i18n import speaking
from bookgen.making import make_puzzle, verify
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.sudoku.drawing import walls
from bookgen.puzzles.sudoku.regions import layout_problems, random_layout
from bookgen.render.pdf import render_pdf

SUDOKU = find_type("sudoku")
browser, open_book = test_html.browser, test_html.open_book  # the same fixtures, book_file below


def _made(size: str, level: str, seed: str):
    return make_puzzle(Request.make(SUDOKU, level, {"size": size, "variant": "jigsaw"}), seed)


@pytest.mark.parametrize("size", [6, 9])
def test_a_random_layout_is_size_regions_of_size_cells_each_in_one_piece(size):
    for seed in range(20):
        layout = random_layout(random.Random(seed), size)
        assert layout_problems(size, layout) == []
        assert sorted(set(layout)) == list(range(1, size + 1))
        firsts = [layout.index(region) for region in range(1, size + 1)]
        assert firsts == sorted(firsts)  # numbered in reading order
    boxes = [(c // size // 3) * 3 + c % size // 3 + 1 for c in range(size * size)] if size == 9 else None
    assert boxes is None or random_layout(random.Random(0), size) != boxes


@pytest.mark.parametrize(("size", "level"), [("6", "easy"), ("6", "hard"), ("9", "medium"), ("9", "expert")])
def test_a_generated_jigsaw_has_one_answer_from_its_page_and_keeps_every_house(size, level):
    record = _made(size, level, f"jig-{size}-{level}")
    verify(record)  # validate, check, one answer from the printed puzzle, measured level
    puzzle, grid = record.puzzle, record.solution["grid"]
    n = int(size)
    regions = puzzle["regions"]
    assert layout_problems(n, [v for row in regions for v in row]) == []
    assert SUDOKU.solve(SUDOKU.printed(puzzle).puzzle, 2).count == 1
    for region in range(1, n + 1):
        assert sorted(grid[r][c] for r in range(n) for c in range(n) if regions[r][c] == region) == \
            list(range(1, n + 1))
    assert regions != SUDOKU.example(Request.make(SUDOKU, "easy", {"size": size, "variant": "jigsaw"})
                                     ).puzzle["regions"] or level == "easy"


def test_the_same_seed_makes_the_same_jigsaw_and_another_seed_another():
    first, again, other = _made("9", "hard", "same"), _made("9", "hard", "same"), _made("9", "hard", "other")
    assert first.puzzle == again.puzzle and first.solution == again.solution
    assert first.puzzle["regions"] != other.puzzle["regions"]


def test_a_jigsaw_book_is_the_same_bytes_twice_and_prints_its_rules(run, write_config, tmp_path):
    config = write_config("""
        title: Jigsaw
        layout: 5x8
        seed: 11
        sections:
          - type: sudoku
            count: 2
            difficulty: medium
            variant: jigsaw
            size: 6
        """)
    outputs = []
    for name in ("one.pdf", "two.pdf"):
        status, _, err = run("build", str(config), "-o", str(tmp_path / name))
        assert status == 0, err
        outputs.append((tmp_path / name).read_bytes())
    assert outputs[0] == outputs[1]
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(outputs[0])).pages)
    assert "each region outlined in bold" in text and "irregular shapes of 6 squares each" in text


def test_walls_outline_the_grid_and_part_every_two_regions():
    record = _made("6", "medium", "walls")
    regions = record.puzzle["regions"]
    drawn = set()
    for x1, y1, x2, y2 in walls(regions):
        if y1 == y2:
            drawn.update(("across", y1, x) for x in range(x1, x2))
        else:
            drawn.update(("down", x1, y) for y in range(y1, y2))
    wanted = set()
    for i in range(7):
        for j in range(6):
            if i in (0, 6) or regions[i - 1][j] != regions[i][j]:
                wanted.add(("across", i, j))
            if i in (0, 6) or regions[j][i - 1] != regions[j][i]:
                wanted.add(("down", i, j))
    assert drawn == wanted
    pen = RecordingPen()
    SUDOKU.draw_puzzle(pen, record.puzzle)
    assert sum(1 for name, args in pen.calls if name == "line" and args["width"] == THICK) == \
        len(walls(regions))


def test_validate_proves_the_regions_from_the_page():
    record = _made("6", "easy", "bad-regions")
    puzzle = record.puzzle
    SUDOKU.validate(puzzle)
    # the boxes with their far corners swapped: six cells each, two regions in two pieces
    apart = [[(r // 2) * 2 + c // 3 + 1 for c in range(6)] for r in range(6)]
    apart[0][0], apart[5][5] = apart[5][5], apart[0][0]
    with pytest.raises(PuzzleFormatError, match="not in one piece"):
        SUDOKU.validate(dict(puzzle, regions=apart))
    uneven = [row.copy() for row in puzzle["regions"]]
    uneven[0][0] = 6 if uneven[0][0] != 6 else 5
    with pytest.raises(PuzzleFormatError, match="cells, not 6"):
        SUDOKU.validate(dict(puzzle, regions=uneven))
    with pytest.raises(PuzzleFormatError, match="row 1 column 1: region 0"):
        SUDOKU.validate(dict(puzzle, regions=[[0] * 6] + puzzle["regions"][1:]))
    with pytest.raises(PuzzleFormatError, match="'regions' must be 6 rows"):
        SUDOKU.validate(dict(puzzle, regions=puzzle["regions"][:5]))
    with pytest.raises(PuzzleFormatError, match="has boxes, not 'regions'"):
        SUDOKU.validate(dict(puzzle, variant="classic"))


def test_check_names_a_region_that_misses_a_number():
    record = _made("6", "easy", "check")
    grid = [row.copy() for row in record.solution["grid"]]
    regions = record.puzzle["regions"]
    # swap two numbers within a row whose cells lie in different regions: the row still holds
    # each number, the two regions do not
    row = next(r for r in range(6) if len(set(regions[r])) > 1)
    a = 0
    b = next(c for c in range(6) if regions[row][c] != regions[row][a])
    grid[row][a], grid[row][b] = grid[row][b], grid[row][a]
    problems = SUDOKU.check(record.puzzle, {"grid": grid})
    assert any(p.startswith("region ") for p in problems)
    assert not any(p.startswith("box ") for p in problems)


def test_a_jigsaw_needs_size_6_or_9_and_an_unknown_variant_is_named():
    with pytest.raises(BookgenError, match="jigsaw sudoku comes in size 6 or 9, not 4") as error:
        Request.make(SUDOKU, "easy", {"size": "4", "variant": "jigsaw"})
    assert error.value.key == "variant"
    with pytest.raises(PuzzleFormatError, match="jigsaw sudoku has 6 or 9 rows"):
        SUDOKU.validate({"variant": "jigsaw", "givens": [[0] * 4] * 4, "regions": [[1] * 4] * 4})


def test_a_config_asking_for_a_small_jigsaw_gets_one_clear_message(run, write_config):
    config = write_config("""
        title: Jigsaw
        sections:
          - type: sudoku
            count: 1
            difficulty: easy
            variant: jigsaw
            size: 4
        """)
    status, _, err = run("build", str(config), "-o", str(config.parent / "book.pdf"))
    assert status == 2 and "variant" in err and "size 6 or 9" in err
    assert "Traceback" not in err and not (config.parent / "book.pdf").exists()


def test_hints_of_a_jigsaw_say_region_and_replay_to_the_answer():
    record = _made("9", "hard", "hinted")
    hints = SUDOKU.hints(record.puzzle, record.solution)
    whys = " ".join(hint["why"] for hint in hints)
    assert "region " in whys and "box " not in whys
    filled = [row.copy() for row in record.puzzle["givens"]]
    for hint in hints:
        (row, col), = hint["cells"]
        filled[row][col] = hint["value"]
    assert filled == record.solution["grid"]


def test_a_turned_jigsaw_with_its_regions_turned_is_a_twin():
    puzzle = _made("6", "medium", "twin").puzzle

    def turned(grid):
        return [list(row) for row in zip(*grid[::-1])]

    twin = {"variant": "jigsaw", "givens": turned(puzzle["givens"]), "regions": turned(puzzle["regions"])}
    assert SUDOKU.canonical(puzzle) == SUDOKU.canonical(twin)
    other_regions = dict(puzzle, regions=_made("6", "medium", "twin-other").puzzle["regions"])
    assert SUDOKU.canonical(puzzle) != SUDOKU.canonical(other_regions)


@pytest.mark.parametrize("size", ["6", "9"])
def test_the_rules_example_is_a_solved_jigsaw_of_the_sections_size(size):
    example = SUDOKU.example(Request.make(SUDOKU, "easy", {"size": size, "variant": "jigsaw"}))
    assert len(example.puzzle["givens"]) == int(size) and example.puzzle["variant"] == "jigsaw"
    SUDOKU.validate(example.puzzle)
    assert SUDOKU.check(example.puzzle, example.solution) == []
    assert SUDOKU.solve(example.puzzle, 2).solution == example.solution
    assert example.rating["level"] == "easy"


@pytest.fixture(scope="module")
def jigsaw_record():
    return page_record(SUDOKU, _made("6", "medium", "playable").to_json(), 1)


@pytest.fixture(scope="module")
def book_file(tmp_path_factory, jigsaw_record):
    path = tmp_path_factory.mktemp("jigsaw") / "book.html"
    write_html(path, "Jigsaw", None, [{"title": "Jigsaw", "type": "sudoku", "rules": "Play.",
                                       "level": "medium", "puzzles": [jigsaw_record]}])
    return path


def test_the_playable_jigsaw_draws_its_walls_and_names_regions(open_book, jigsaw_record):
    tab = open_book()
    puzzle, answer = jigsaw_record["puzzle"], jigsaw_record["solution"]["grid"]
    regions = puzzle["regions"]
    cells = tab.locator("#puzzle-1 .grid.sudoku > .cell")
    assert cells.count() == 36
    for r in range(6):
        for c in range(6):
            classes = cells.nth(6 * r + c).get_attribute("class").split()
            assert ("box-right" in classes) == (c < 5 and regions[r][c] != regions[r][c + 1])
            assert ("box-below" in classes) == (r < 5 and regions[r][c] != regions[r + 1][c])
    r, c = next((r, c) for r in range(6) for c in range(6) if not puzzle["givens"][r][c])
    square = tab.locator(f"#puzzle-1 input[data-row='{r}'][data-col='{c}']")
    assert square.get_attribute("aria-label") == f"Row {r + 1}, column {c + 1}, region {regions[r][c]}"
    square.fill(str(answer[r][c]))
    tab.locator("#puzzle-1 button[data-action='check']").click()
    assert "wrong" not in (cells.nth(6 * r + c).get_attribute("class") or "")


@pytest.mark.parametrize(("code", "region"), [("de", "Gebiet"), ("fr", "région"), ("es", "región"),
                                              ("it", "regione"), ("nl", "gebied")])
def test_a_jigsaw_book_in_another_language_states_its_rules_and_hints_there(code, region):
    config = read_config_text(f"title: Rätsel\nlanguage: {code}\nlayout: 6x9\nsections:\n"
                              "  - {type: sudoku, count: 1, difficulty: hard, variant: jigsaw, size: 6}\n",
                              Path("jigsaw.yaml"))
    book = make_book(config)
    text = " ".join(" ".join(page.extract_text().split())
                    for page in PdfReader(io.BytesIO(render_pdf(book)[0])).pages)
    assert region in text and "region outlined" not in text
    (record,) = book.sections[0].records
    with speaking(code):
        whys = " ".join(hint["why"] for hint in SUDOKU.hints(record.puzzle, record.solution))
    assert region.lower() in whys.lower() and "region " not in whys
