"""Sudoku's jigsaw and killer variants: layouts of connected regions of the right size, cages that
cover the grid and add up, generated puzzles that solve uniquely from the page and keep every
house and cage, regions and cages validated and drawn (walls; dashed cages with their sums in the
PDF text), hints that say region or name the cage combination, twins by symmetry, the same seed
giving the same bytes, the playable page's walls and cages, and requests they cannot meet refused
by name."""

from __future__ import annotations

import io
import json
import random
import re
from itertools import combinations, product
from pathlib import Path

import pytest
import test_html
from pypdf import PdfReader
from test_sudoku import replayed

from bookgen.audit import audit
from bookgen.book import make_book
from bookgen.cli import main
from bookgen.config import read_config_text
from bookgen.core.grading import ALL_LEVELS
from bookgen.core.pen import THICK, RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.i18n import speaking
from bookgen.making import make_puzzle, verify
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.sudoku.cages import cage_options
from bookgen.puzzles.sudoku.drawing import walls
from bookgen.puzzles.sudoku.grader import BANDS, SEARCH
from bookgen.puzzles.sudoku.regions import layout_problems, random_layout
from bookgen.render.pdf import render_pdf

SUDOKU = find_type("sudoku")
open_book = test_html.open_book  # the same fixtures, book_file below


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


@pytest.mark.parametrize(("size", "level"), [("6", "easy"), ("6", "hard"), ("9", "medium"), ("9", "expert"),
                                             ("9", "master")])
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


def _built_twice(run, config: Path, folder: Path) -> bytes:
    """The book built twice (one.pdf with its one.jsonl, two.pdf): the same bytes, returned."""
    outputs = []
    for name in ("one.pdf", "two.pdf"):
        status, _, err = run("build", str(config), "-o", str(folder / name), "--jsonl")
        assert status == 0, err
        outputs.append((folder / name).read_bytes())
    assert outputs[0] == outputs[1]
    return outputs[0]


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
    pdf = _built_twice(run, config, tmp_path)
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)
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
    with pytest.raises(PuzzleFormatError, match="classic sudoku has no 'regions'"):
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


@pytest.mark.parametrize(("section", "told"), [
    ("difficulty: easy\n    variant: jigsaw\n    size: 4", ("variant", "size 6 or 9")),
    ("difficulty: master\n    size: \"16\"", ("difficulty", "16x16 sudoku is never master")),
    ("difficulty: hard\n    variant: killer\n    symmetry: mirror", ("symmetry", "past easy"))])
def test_a_config_asking_for_what_a_variant_never_is_gets_one_clear_message(run, write_config, section, told):
    config = write_config(f"title: Variant\nsections:\n  - type: sudoku\n    count: 1\n    {section}\n")
    status, _, err = run("build", str(config), "-o", str(config.parent / "book.pdf"))
    assert status == 2 and all(words in err for words in told)
    assert "Traceback" not in err and not (config.parent / "book.pdf").exists()


def test_hints_of_a_jigsaw_say_region_and_replay_to_the_answer():
    record = _made("9", "hard", "hinted")
    hints = SUDOKU.hints(record.puzzle, record.solution)
    whys = " ".join(hint["why"] for hint in hints)
    assert "region " in whys and "box " not in whys
    assert replayed(record.puzzle, hints) == record.solution["grid"]


def test_a_turned_jigsaw_with_its_regions_turned_is_a_twin():
    puzzle = _made("6", "medium", "twin").puzzle

    def turned(grid):
        return [list(row) for row in zip(*grid[::-1])]

    twin = {"variant": "jigsaw", "givens": turned(puzzle["givens"]), "regions": turned(puzzle["regions"])}
    assert SUDOKU.canonical(puzzle) == SUDOKU.canonical(twin)
    other_regions = dict(puzzle, regions=_made("6", "medium", "twin-other").puzzle["regions"])
    assert SUDOKU.canonical(puzzle) != SUDOKU.canonical(other_regions)


@pytest.mark.parametrize("size", ["6", "9"])
def test_the_rules_example_is_a_solved_6x6_jigsaw_that_a_9x9_sections_rules_name(size):
    """A 9x9 jigsaw example at a thumbnail's size left its bold regions hard to tell from the thin
    lines: both sizes show the 6x6, and a 9x9 section's rules say the example is smaller."""
    request = Request.make(SUDOKU, "easy", {"size": size, "variant": "jigsaw"})
    example = SUDOKU.example(request)
    assert len(example.puzzle["givens"]) == 6 and example.puzzle["variant"] == "jigsaw"
    note = SUDOKU.example_note(request)
    assert (note == "The example is a small grid of six rows, with the numbers 1 to 6.") == (size == "9")
    assert size == "9" or note is None
    SUDOKU.validate(example.puzzle)
    assert SUDOKU.check(example.puzzle, example.solution) == []
    assert SUDOKU.solve(example.puzzle, 2).solution == example.solution
    assert example.rating["level"] == "easy"


@pytest.fixture(scope="module")
def jigsaw_record():
    return page_record(SUDOKU, _made("6", "medium", "playable").to_json(), 1)


@pytest.fixture(scope="module")
def killer_record():
    """A killer whose cages list their squares last first: the sum still goes in the first."""
    record = page_record(SUDOKU, make_puzzle(Request.make(SUDOKU, "medium", {"variant": "killer"}),
                                             "playable").to_json(), 2)
    for cage in record["puzzle"]["cages"]:
        cage["cells"].reverse()
    return record


@pytest.fixture(scope="module")
def book_file(tmp_path_factory, jigsaw_record, killer_record):
    path = tmp_path_factory.mktemp("variants") / "book.html"
    write_html(path, "Variants", None, [{"title": "Variants", "type": "sudoku", "rules": "Play.",
                                         "level": "medium", "puzzles": [jigsaw_record, killer_record]}])
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


SIDES = (("top", (-1, 0)), ("bottom", (1, 0)), ("left", (0, -1)), ("right", (0, 1)))


def test_the_playable_killer_outlines_its_cages_with_their_sums(open_book, killer_record):
    tab = open_book()
    puzzle = killer_record["puzzle"]
    owner = {(r, c): index for index, cage in enumerate(puzzle["cages"]) for r, c in cage["cells"]}
    cells = tab.locator("#puzzle-2 .grid.sudoku > .cell")
    for r in range(9):
        for c in range(9):
            classes = cells.nth(9 * r + c).get_attribute("class").split()
            for side, (dr, dc) in SIDES:
                assert (f"cage-{side}" in classes) == (owner.get((r + dr, c + dc)) != owner[(r, c)])
    shown = [int(text) for text in tab.locator("#puzzle-2 .cage-sum").all_text_contents()]
    firsts = sorted((min(map(tuple, cage["cells"])), cage["sum"]) for cage in puzzle["cages"])
    assert shown == [total for _, total in firsts]
    r, c = next((r, c) for r in range(9) for c in range(9) if not puzzle["givens"][r][c])
    total = puzzle["cages"][owner[(r, c)]]["sum"]
    box = r // 3 * 3 + c // 3 + 1
    assert tab.locator(f"#puzzle-2 input[data-row='{r}'][data-col='{c}']").get_attribute("aria-label") == \
        f"Row {r + 1}, column {c + 1}, box {box}, cage of {total}"


def _killer_candidates(puzzle: dict) -> dict[tuple[int, int], list[int]]:
    """What each empty square of a killer may hold: no number its row, column or box holds, and one
    that some set of different numbers filling its cage's empty squares to the cage's sum takes."""
    givens = puzzle["givens"]
    cage_of = {tuple(cell): cage for cage in puzzle["cages"] for cell in cage["cells"]}
    found = {}
    for r, c in product(range(9), range(9)):
        if givens[r][c]:
            continue
        seen = {givens[i][j] for i, j in product(range(9), range(9)) if (i, j) != (r, c) and (
            i == r or j == c or (i // 3, j // 3) == (r // 3, c // 3))}
        cage = cage_of[(r, c)]
        held = [givens[i][j] for i, j in cage["cells"] if givens[i][j]]
        empty = len(cage["cells"]) - len(held)
        fillings = [set(combo) for combo in combinations(sorted(set(range(1, 10)) - set(held)), empty)
                    if sum(combo) == cage["sum"] - sum(held)]
        found[(r, c)] = [n for n in range(1, 10)
                         if n not in seen and any(n in filling for filling in fillings)]
    return found


def test_a_killers_candidates_follow_its_cage_sums_and_keep_clear_of_them(open_book, killer_record):
    """"Show candidates" on a killer gave every square 1 to 9 and wrote over the cage sums ("22"
    beside a 3 read "223"): now a cage's sum counts, and the marks start beside its label."""
    tab = open_book(width=390, height=844, touch=True)
    tab.locator("#puzzle-2").get_by_role("checkbox", name="Show candidates").check()
    texts = tab.locator("#puzzle-2 .grid.sudoku > .cell").evaluate_all(
        "cells => cells.map(cell => cell.querySelector('.candidates')?.textContent ?? null)")
    shown = {(k // 9, k % 9): [int(n) for n in text.split()]
             for k, text in enumerate(texts) if text is not None}
    assert shown == _killer_candidates(killer_record["puzzle"])
    labelled = tab.locator("#puzzle-2 .cell:has(.cage-sum):has(.candidates)")
    overlaps = labelled.evaluate_all("""cells => cells.map(cell => {
        const sum = cell.querySelector('.cage-sum').getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(cell.querySelector('.candidates'));
        return [...range.getClientRects()].filter(r => r.width && r.left < sum.right && r.right > sum.left
                                                   && r.top < sum.bottom && r.bottom > sum.top).length; })""")
    assert overlaps and not any(overlaps)


@pytest.mark.parametrize(("code", "region", "cage"), [
    ("de", "Gebiet", "Käfig"), ("fr", "région", "cage"), ("es", "región", "jaula"),
    ("it", "regione", "gabbia"), ("nl", "gebied", "kooi")])
def test_a_jigsaw_and_killer_book_in_another_language_states_rules_and_hints_there(code, region, cage):
    config = read_config_text(f"title: Rätsel\nlanguage: {code}\nlayout: 6x9\nsections:\n"
                              "  - {type: sudoku, count: 1, difficulty: hard, variant: jigsaw, size: 6}\n"
                              "  - {type: sudoku, count: 1, difficulty: medium, variant: killer}\n",
                              Path("variants.yaml"))
    book = make_book(config)
    text = " ".join(" ".join(page.extract_text().split())
                    for page in PdfReader(io.BytesIO(render_pdf(book)[0])).pages)
    assert region in text and cage in text
    assert "region outlined" not in text and "dashed outline" not in text
    (jigsaw,), (killer,) = (section.records for section in book.sections)
    with speaking(code):
        region_whys = " ".join(hint["why"] for hint in SUDOKU.hints(jigsaw.puzzle, jigsaw.solution))
        cage_whys = " ".join(hint["why"] for hint in SUDOKU.hints(killer.puzzle, killer.solution))
    assert region.lower() in region_whys.lower() and "region " not in region_whys
    assert cage.lower() in cage_whys.lower() and "Cage combination" not in cage_whys

# --- killer ----------------------------------------------------------------------------------------

def _killer(level: str, seed: str, variant: str = "killer"):
    return make_puzzle(Request.make(SUDOKU, level, {"variant": variant}), seed)


def test_cage_options_keep_every_number_some_filling_needs_and_are_exact_once_decided():
    rng = random.Random(4)
    for _ in range(300):
        count = rng.randint(1, 4)
        masks = tuple(sum(1 << v for v in rng.sample(range(1, 10), rng.randint(1, 4))) for _ in range(count))
        total = rng.randint(count, 30)
        choices = [[v for v in range(1, 10) if mask >> v & 1] for mask in masks]
        fillings = [values for values in product(*choices)
                    if len(set(values)) == count and sum(values) == total]
        options = cage_options(total, masks)
        if options is None:
            assert fillings == []
            continue
        for values in fillings:  # sound: nothing a true filling uses is crossed out
            assert all(keep >> v & 1 for keep, v in zip(options, values))
        if all(mask & (mask - 1) == 0 for mask in masks):  # decided: kept only when it adds up
            assert bool(fillings)


@pytest.mark.parametrize(("level", "variant", "most"), [
    ("easy", "killer", 40), ("medium", "killer", 0), ("hard", "killer", 0), ("expert", "killer", 0),
    ("master", "killer", 0), ("medium", "killer-diagonal", 0), ("expert", "killer-jigsaw", 0),
    ("hard", "killer-jigsaw", 0), ("master", "killer-diagonal", 0)])
def test_a_generated_killer_has_one_answer_from_its_page_and_keeps_its_cages(level, variant, most):
    """At every level, on boxes, with diagonals and on a jigsaw: cages cover the grid and add up,
    one answer from the page and the level asked for. Past easy no givens: the cages alone
    decide it (hard killers printed 2 givens, experts 5.6 on average); an easy killer's are a
    classic's, reduced while singles and cages of one combination finish it."""
    record = _killer(level, f"killer-{level}", variant)
    verify(record)  # validate (cages cover the grid, side by side), check, one answer, level
    puzzle, grid = record.puzzle, record.solution["grid"]
    covered = sorted(tuple(cell) for cage in puzzle["cages"] for cell in cage["cells"])
    assert covered == [(r, c) for r in range(9) for c in range(9)]
    for cage in puzzle["cages"]:
        values = [grid[r][c] for r, c in cage["cells"]]
        assert sum(values) == cage["sum"] and len(set(values)) == len(values)
    assert sum(1 for row in puzzle["givens"] for v in row if v) <= most
    if level == "easy":
        assert record.rating["techniques"]["cage of one combination"] > 0
    assert SUDOKU.solve(SUDOKU.printed(puzzle).puzzle, 2).count == 1
    assert set(SUDOKU.printed(puzzle).texts) >= {str(cage["sum"]) for cage in puzzle["cages"]}


def test_a_killer_past_expert_is_master_and_ranks_above_expert():
    """Cages of 2 to 4 squares mostly need a trial that adds the cages up: such a killer is
    master, the level past expert's band."""
    record = _killer("master", "killer-master")
    assert record.rating["score"] >= 6.0 and record.rating["level"] == "master"
    assert SUDOKU.hardness(record.rating) >= 4


@pytest.mark.parametrize(("variant", "seed"), [
    ("killer", "q.1"), ("killer-diagonal", "q.1"), ("killer-jigsaw", "q.1"), ("jigsaw-diagonal", "q.5")])
def test_a_master_of_every_variant_is_finished_by_the_graders_techniques(variant, seed):
    """A printed master is one a person finishes without guessing: the grader's techniques (a
    killer's trial adding its cages up on the way) finish it within master's band, and its hints
    tell every number by a step, none "by the only answer". Each seed's master was one the
    grader could not finish (score 9.5, "search") when a killer's trial followed singles alone
    and a jigsaw with diagonals was reduced to a minimal puzzle."""
    record = make_puzzle(Request.make(SUDOKU, "master", {"variant": variant}), seed)
    assert record.rating["hardest"] != "search"
    assert BANDS[9].span("master")[0] <= record.rating["score"] < SEARCH
    hints = SUDOKU.hints(record.puzzle, record.solution)
    said = [text for hint in hints for text in [hint["why"], *hint.get("steps", [])]]
    assert hints and not any("only answer" in text for text in said)
    if variant.startswith("killer"):  # a trial is a step towards its number
        assert any("by singles and cage sums to a contradiction" in text for text in said)
    assert replayed(record.puzzle, hints) == record.solution["grid"]


def test_a_killer_book_prints_every_cage_sum_and_is_the_same_bytes_twice(run, write_config, tmp_path):
    config = write_config("""
        title: Killer
        layout: 6x9
        seed: 5
        sections:
          - type: sudoku
            count: 1
            difficulty: medium
            variant: killer
        """)
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(_built_twice(run, config, tmp_path))).pages]
    (record,) = [json.loads(line) for line in (tmp_path / "one.jsonl").read_text().splitlines()]
    page = next(text for text in pages if "dashed outline" in " ".join(text.split()))
    printed = page.split()
    for cage in record["puzzle"]["cages"]:
        assert str(cage["sum"]) in printed
        printed.remove(str(cage["sum"]))


def test_validate_proves_the_cages_from_the_page():
    puzzle = _killer("medium", "bad-cages").puzzle
    SUDOKU.validate(puzzle)
    cages = puzzle["cages"]
    with pytest.raises(PuzzleFormatError, match="is in no cage"):
        SUDOKU.validate(dict(puzzle, cages=cages[1:]))
    with pytest.raises(PuzzleFormatError, match="is in cages 1 and"):
        SUDOKU.validate(dict(puzzle, cages=cages + [cages[0]]))
    far = [{"sum": 3, "cells": [[0, 0], [8, 8]]}] + [
        {"sum": cage["sum"], "cells": [cell for cell in cage["cells"] if cell not in ([0, 0], [8, 8])]}
        for cage in cages]
    with pytest.raises(PuzzleFormatError, match="side by side"):
        SUDOKU.validate(dict(puzzle, cages=[cage for cage in far if cage["cells"]]))
    wrong = [dict(cages[0], sum=1)] + cages[1:]
    with pytest.raises(PuzzleFormatError, match="cannot add up to 1"):
        SUDOKU.validate(dict(puzzle, cages=wrong))
    with pytest.raises(PuzzleFormatError, match="no 'cages'"):
        SUDOKU.validate(dict(puzzle, variant="classic"))


def test_check_names_a_cage_whose_numbers_do_not_add_up():
    record = _killer("medium", "check-cages")
    cages = [dict(record.puzzle["cages"][0], sum=record.puzzle["cages"][0]["sum"] + 1)]
    problems = SUDOKU.check(dict(record.puzzle, cages=cages + record.puzzle["cages"][1:]), record.solution)
    r, c = cages[0]["cells"][0]
    assert problems == [f"the cage at row {r + 1} column {c + 1} must add up to {cages[0]['sum']} "
                        "with no number twice"]


def test_a_killer_is_size_9_and_takes_a_symmetry_only_at_easy():
    with pytest.raises(BookgenError, match="killer sudoku comes in size 9, not 6") as error:
        Request.make(SUDOKU, "medium", {"size": "6", "variant": "killer"})
    assert error.value.key == "variant"
    for level in ALL_LEVELS:
        Request.make(SUDOKU, level, {"variant": "killer"})
    with pytest.raises(BookgenError, match="leave out symmetry: mirror") as error:
        Request.make(SUDOKU, "medium", {"variant": "killer-jigsaw", "symmetry": "mirror"})
    assert error.value.key == "symmetry"
    Request.make(SUDOKU, "easy", {"variant": "killer", "symmetry": "mirror"})


def test_the_variant_help_names_the_sizes_each_variant_takes():
    (variant,) = (option for option in SUDOKU.options if option.name == "variant")
    assert "size 6 or 9" in variant.described() and "size 9, killer-diagonal" in variant.described()
    with speaking("de"):
        described = variant.described()
        assert "Größe 6 oder 9" in described and "Größe 9, zwei davon zugleich" in described


def test_killer_hints_name_the_cage_combination_and_replay_to_the_answer():
    record = _killer("medium", "killer-hints")
    hints = SUDOKU.hints(record.puzzle, record.solution)
    whys = " ".join(text for hint in hints for text in [*hint.get("steps", []), hint["why"]])
    assert "Cage combination: the cage of " in whys
    assert replayed(record.puzzle, hints) == record.solution["grid"]
    assert record.rating["techniques"]["cage combination"] > 0


def test_a_turned_killer_is_a_twin_and_a_relabelled_one_is_not():
    puzzle = _killer("medium", "killer-twin").puzzle

    def turned(r, c):
        return [c, 8 - r]  # as zip(*rows[::-1]) turns the givens, a quarter clockwise

    twin = {"variant": "killer", "givens": [list(row) for row in zip(*puzzle["givens"][::-1])],
            "cages": [{"sum": cage["sum"], "cells": [turned(r, c) for r, c in cage["cells"]]}
                      for cage in puzzle["cages"]]}
    assert SUDOKU.canonical(puzzle) == SUDOKU.canonical(twin)
    first, *rest = puzzle["cages"]
    other = dict(puzzle, cages=[dict(first, sum=first["sum"] + 1)] + rest)
    assert SUDOKU.canonical(puzzle) != SUDOKU.canonical(other)


def test_the_killer_example_is_solved_and_unique_without_givens():
    example = SUDOKU.example(Request.make(SUDOKU, "medium", {"variant": "killer"}))
    SUDOKU.validate(example.puzzle)
    assert not any(v for row in example.puzzle["givens"] for v in row)
    assert SUDOKU.check(example.puzzle, example.solution) == []
    assert SUDOKU.solve(example.puzzle, 2).count == 1 and example.rating["level"] == "medium"


def test_the_answer_key_draws_a_killer_without_its_sums():
    record = _killer("medium", "key")
    pen = RecordingPen()
    SUDOKU.draw_solution(pen, record.puzzle, record.solution)
    assert len(pen.texts()) == 81 and not any(args.get("dash") for name, args in pen.calls if name == "line")
    pen = RecordingPen()
    SUDOKU.draw_puzzle(pen, record.puzzle)
    assert sorted(pen.texts()) == sorted(SUDOKU.printed(record.puzzle).texts)


@pytest.mark.parametrize(("code", "note"), [
    ("en", "The example is a small grid of four rows, with the numbers 1 to 4."),
    ("de", "Das Beispiel ist ein kleines Gitter mit vier Zeilen und den Zahlen 1 bis 4.")])
def test_a_section_shown_a_smaller_example_says_so_in_its_printed_rules(code, note):
    """A 9x9 or 6x6 section shows the 4x4 example under rules that say 1 to 9 (or 6): its rules
    end by saying the example is smaller; a 4x4 section and a jigsaw (shown its own size) do not,
    and the playable page's rules (no example there) never do."""
    config = read_config_text(f"title: Sudoku\nlanguage: {code}\nlayout: letter\nsections:\n"
                              "  - {type: sudoku, count: 1, difficulty: easy}\n"
                              "  - {type: sudoku, count: 1, difficulty: easy, size: 6}\n"
                              "  - {type: sudoku, count: 1, difficulty: easy, size: 4}\n"
                              "  - {type: sudoku, count: 1, difficulty: easy, variant: jigsaw, size: 6}\n",
                              Path("sizes.yaml"))
    book = make_book(config)
    pages = [re.sub(r"(\w)- (\w)", r"\1\2", " ".join(page.extract_text().split()))  # "ex- ample"
             for page in PdfReader(io.BytesIO(render_pdf(book)[0])).pages]
    openings = [next(page for page in pages if f"\u2605 · Puzzle {n}" in page
                     or f"\u2605 · Rätsel {n}" in page) for n in (1, 2, 3, 4)]
    assert [note in page for page in openings] == [True, True, False, False]
    from bookgen.formats.html import _page_section

    with speaking(code):
        assert all(note not in _page_section(book, section)["rules"] for section in book.sections)


@pytest.mark.parametrize("language, unit", [("en", "or region alternate"), ("de", "oder einem Gebiet"),
                                            ("fr", "ou une région")])
def test_a_jigsaw_chain_hint_says_region_where_a_classic_says_box(language, unit):
    """A jigsaw has regions, not boxes: a hint naming a box sends a child looking for one."""
    from bookgen.puzzles.sudoku.board import board_of
    from bookgen.puzzles.sudoku.hints import crossing_out

    facts = {"value": 5, "chain": [0, 1, 10, 11], "cells": [20]}
    with speaking(language):
        jigsaw = crossing_out(board_of(9, "jigsaw"), "x-chain", facts)
        classic = crossing_out(board_of(9, "classic"), "x-chain", facts)
    assert unit in jigsaw and unit not in classic


@pytest.mark.parametrize("language, one, two", [
    ("en", "from row 1, column 2, which sees every 4", "which see every 4"),
    ("de", "im Feld Zeile 1, Spalte 2, das jede 4", "in den Feldern"),
    ("fr", "dans la case ligne 1, colonne 2, qui voit", "dans les cases"),
    ("es", "en la casilla fila 1, columna 2, que ve", "en las casillas"),
    ("it", "dalla casella riga 1, colonna 2, che vede", "dalle caselle"),
    ("nl", "in het vakje rij 1, kolom 2, dat elke 4", "in de vakjes")])
def test_a_wing_hint_crossing_out_one_cell_speaks_of_one(language, one, two):
    """"which see" after one cell reads wrong: the wing hints count the cells they cross out."""
    from bookgen.puzzles.sudoku.board import board_of
    from bookgen.puzzles.sudoku.hints import crossing_out

    facts = {"value": 4, "digits": [1, 2, 3, 4], "wing": [0, 4, 7, 19]}
    with speaking(language):
        single = crossing_out(board_of(9, "classic"), "wxyz-wing", {**facts, "cells": [1]})
        double = crossing_out(board_of(9, "classic"), "wxyz-wing", {**facts, "cells": [1, 2]})
    assert one in single and two not in single
    assert two in double and one not in double


@pytest.mark.parametrize("variant", ["killer", "killer-diagonal", "killer-jigsaw"])
def test_a_killers_solved_example_shows_its_cages_and_their_sums(variant):
    """The example's solved side drew the answer key's plain grid: alone on a one-puzzle sheet
    it was nine rows of numbers and no killer. It is drawn with its cages, their sums beside."""
    puzzle_type = find_type("sudoku")
    example = puzzle_type.example(Request.make(puzzle_type, "easy", {"variant": variant}))
    pen = RecordingPen()
    puzzle_type.draw_example_answer(pen, example.puzzle, example.solution)
    drawn = [call["text"] for name, call in pen.calls if name == "text"]
    sums = [str(cage["sum"]) for cage in example.puzzle["cages"]]
    assert len(drawn) == 81 + len(sums) and sorted(drawn[:len(sums)]) == sorted(sums)


@pytest.mark.parametrize("layout", ["letter", "a4"])
def test_a_sheet_of_one_killer_sudoku_is_one_page(tmp_path, layout):
    """On US Letter a sheet of one killer printed the rules and a solved example on page 1 and
    the puzzle on page 2: no way of drawing the example left the puzzle room. A sheet keeps to
    its page and leaves such an example out."""
    target = tmp_path / "sheet.pdf"
    assert main(["worksheet", "sudoku", "--set", "variant=killer", "-n", "1", "--layout", layout,
                 "--answers", "page", "-o", str(target), "-q", "-j", "1"]) == 0
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(target.read_bytes())).pages]
    assert len(pages) == 2 and "Name" in pages[0] and "Answers" in pages[1]
    assert audit(target.read_bytes()) == []
