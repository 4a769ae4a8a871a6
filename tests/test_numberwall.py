"""Facts about number walls: the rule checker, the solver against brute force, generated walls
(unique, graded by the steps they need, expert needing two equations), errors, drawing, and the
older spelling (a pyramid of variant sum) read as a numberwall everywhere."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from bookgen.book import load_bank_section
from bookgen.config import load_config
from bookgen.core.grading import LEVELS
from bookgen.core.pen import RecordingPen
from bookgen.core.triangle import completions, flatten, givens_of, to_rows
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.making import make_puzzle, parse_puzzle_id, record_from_json, regenerate
from bookgen.puzzles import current_spelling, find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.numberwall.generator import variety
from bookgen.puzzles.numberwall.grader import deduce
from bookgen.puzzles.numberwall.parameters import EXPERT_ROWS, canonical
from bookgen.puzzles.numberwall.solver import upper_bounds
from bookgen.puzzles.numberwall.wall import wall_of

WALL = find_type("numberwall")


def empty(rows: int, high: int, low: int = 1) -> dict:
    return {"variant": "sum", "max": high, "rows": [[0] * (rows - k) for k in range(rows)], "min": low}


def brute_force(puzzle: dict) -> list[list[int]]:
    """Every completion, by trying every bottom row outright."""
    rows, high, low = len(puzzle["rows"]), puzzle["max"], puzzle.get("min", 1)
    found = []
    for bottom in itertools.product(range(low, high + 1), repeat=rows):
        grid = [list(bottom)]
        while len(grid[-1]) > 1:
            last = grid[-1]
            grid.append([a + b for a, b in zip(last, last[1:])])
        if WALL.check(puzzle, {"rows": grid}) == []:
            found.append(flatten(grid))
    return found


# --- rule checker ---------------------------------------------------------------------------------


def test_checker_names_each_broken_rule():
    assert WALL.check(empty(3, 20), {"rows": [[1, 2, 3], [3, 5], [8]]}) == []
    assert any("+" in p for p in WALL.check(empty(3, 20), {"rows": [[1, 2, 3], [3, 5], [9]]}))
    assert any("outside" in p for p in WALL.check(empty(3, 7), {"rows": [[1, 2, 3], [3, 5], [8]]}))
    given = empty(3, 20)
    given["rows"][1][0] = 4
    assert any("given" in p for p in WALL.check(given, {"rows": [[1, 2, 3], [3, 5], [8]]}))
    assert WALL.check(given, {"rows": [[1, 2]]}) != []


# --- solver ---------------------------------------------------------------------------------------


def _random_walls(seed: int, count: int):
    """Small walls with random givens taken from real walls."""
    rng = random.Random(seed)
    for _ in range(count):
        rows = rng.choice((2, 3))
        puzzle = empty(rows, rng.randint(8, 14), rng.choice((1, 1, 2)))
        full = brute_force(puzzle)
        if full:
            answer = rng.choice(full)
            keep = rng.sample(range(len(answer)), rng.randint(0, 3))
            puzzle["rows"] = to_rows(rows, [v if cell in keep else 0 for cell, v in enumerate(answer)])
        yield puzzle


def test_solver_agrees_with_brute_force_on_random_small_walls():
    for puzzle in _random_walls(7, 40):
        expected = sorted(brute_force(puzzle))
        wall = wall_of(puzzle)
        givens = givens_of(puzzle["rows"])
        found = sorted(completions(wall, givens, upper_bounds(wall, givens)))
        assert found == expected, puzzle
        assert WALL.solve(puzzle, None).count == len(expected)
        assert WALL.solve(puzzle, 1).count == min(1, len(expected))


def test_grader_steps_never_contradict_the_true_answer():
    for puzzle in _random_walls(11, 40):
        answers = brute_force(puzzle)
        if len(answers) != 1:
            continue
        filled, _ = deduce(wall_of(puzzle), flatten(puzzle["rows"]))
        assert all(v in (0, a) for v, a in zip(filled, answers[0])), puzzle


# --- generator and grader -------------------------------------------------------------------------


@pytest.mark.parametrize("rows", [3, 5])
def test_generated_walls_are_unique_and_graded_at_their_level(rows):
    for level in LEVELS:
        if level == "expert" and rows < EXPERT_ROWS:
            with pytest.raises(BookgenError, match="at least"):
                Request.make(WALL, level, {"rows": rows})
            continue
        record = make_puzzle(Request.make(WALL, level, {"rows": rows}), f"test-{rows}")
        assert WALL.solve(record.puzzle, None).count == 1
        assert record.rating["level"] == level and record.rating["finished"]
        assert len(record.puzzle["rows"]) == rows
        assert record.puzzle_type.name == "numberwall" and record.puzzle["variant"] == "sum"


def test_levels_differ_by_the_steps_they_need():
    walls = {level: make_puzzle(Request.make(WALL, level, {"rows": 5}), "grade").rating
             for level in LEVELS}
    assert walls["easy"]["subtract_steps"] == 0 and walls["medium"]["subtract_steps"] > 0
    assert walls["medium"]["equation_steps"] == 0
    assert walls["hard"]["equation_steps"] == 1 and walls["hard"]["system_steps"] == 0
    assert walls["expert"]["equation_steps"] >= 2 or walls["expert"]["system_steps"] > 0


# Made by the pyramid module before walls became their own type (id pyramid:expert:variant=sum:1.1).
OLD_EXPERT = {"variant": "sum", "max": 640, "min": 1, "rows": [
    [5, 0, 0, 10, 0, 0, 6], [0, 0, 0, 13, 0, 0], [25, 0, 0, 0, 0], [0, 68, 0, 0], [0, 0, 114],
    [0, 0], [0]]}


def test_expert_needs_two_equations_or_a_system():
    rating = WALL.rate(OLD_EXPERT)
    assert rating["equation_steps"] == 2 and rating["system_steps"] == 0
    assert rating["level"] == "expert" and rating["finished"]
    # with the steps of hard alone, one equation at a time, it is still finished: the two
    # equations, not a harder step, make it expert
    assert deduce(wall_of(OLD_EXPERT), flatten(OLD_EXPERT["rows"]), top=2)[1].finished


def test_generator_draws_as_before_and_only_the_id_changed():
    """Seeded with the old id's text, numberwall makes the old puzzle: the random draws are the
    same, and a new id (a new seed) is the only reason old wall ids now make other walls."""
    request, _ = parse_puzzle_id("pyramid:expert:variant=sum:1.1")
    made = WALL.generate(random.Random("pyramid:expert:variant=sum:1.1"), request)
    assert made.puzzle == OLD_EXPERT


def test_options_shape_the_wall():
    record = make_puzzle(Request.make(WALL, "medium", {"rows": 4, "range": (2, 5), "max": 40}), "range")
    bottom = record.solution["rows"][0]
    assert all(2 <= v <= 5 for v in bottom) and record.solution["rows"][-1][0] <= 40
    assert record.puzzle["min"] == 2 and record.puzzle["max"] == 40


def test_defaults_come_from_the_option_specs():
    settings = Request(WALL, "hard", {"range": (2, 9)}).settings
    assert settings == {"rows": 5, "range": (2, 9), "max": 9 * 2 ** 4}
    assert Request(WALL, "expert", {}).settings == {"rows": 7, "range": (1, 10), "max": 640}


# --- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("options,key", [
    ({"rows": 6, "range": (5, 9), "max": 100}, "max"),
    ({"rows": 8}, "rows"),
    ({"variant": "sum"}, "variant"),
])
def test_impossible_requests_say_what_is_allowed(options, key):
    with pytest.raises(BookgenError) as error:
        Request.make(WALL, "easy", options)
    assert error.value.key == key


def test_expert_walls_need_five_rows():
    with pytest.raises(BookgenError) as error:
        Request.make(WALL, "expert", {"rows": 4})
    assert error.value.key == "rows" and "at least 5 rows" in error.value.message


@pytest.mark.parametrize("puzzle,key", [
    ({"variant": "sum", "max": 20, "min": 0, "rows": [[0, 0], [0]]}, "min"),
    ({"variant": "sum", "max": 2, "min": 3, "rows": [[0, 0], [0]]}, "min"),
    ({"variant": "classic", "max": 3, "rows": [[0, 0], [0]]}, "variant"),
    ({"variant": "sum", "max": 20, "rows": [[0, 0, 0], [0]]}, "rows"),
    ({"variant": "sum", "max": 20, "rows": [[21, 0], [0]]}, "rows"),
])
def test_malformed_json_is_refused(puzzle, key):
    with pytest.raises(PuzzleFormatError) as error:
        WALL.validate(puzzle)
    assert error.value.key == key


def test_variant_may_be_left_out_of_hand_written_walls():
    puzzle = {"max": 20, "rows": [[1, 2, 0], [0, 0], [0]]}
    WALL.validate(puzzle)
    assert WALL.solve(puzzle, None).count == len(brute_force(puzzle)) == 15  # top 5 + x <= 20


# --- drawing --------------------------------------------------------------------------------------


def test_walls_draw_bricks_and_numbers():
    record = make_puzzle(Request.make(WALL, "medium", {"rows": 4}), "draw")
    pen = RecordingPen()
    WALL.draw_puzzle(pen, record.puzzle)
    assert sum(1 for name, _ in pen.calls if name == "rect") == 10
    assert sorted(pen.texts()) == sorted(str(v) for v in flatten(record.puzzle["rows"]) if v)
    answer = RecordingPen()
    WALL.draw_solution(answer, record.puzzle, record.solution)
    assert sorted(answer.texts()) == sorted(str(v) for v in flatten(record.solution["rows"]))


def test_number_walls_put_the_wide_row_at_the_bottom():
    puzzle = {"variant": "sum", "max": 20, "min": 1, "rows": [[1, 2, 3], [3, 5], [8]]}
    pen = RecordingPen()
    WALL.draw_puzzle(pen, puzzle)
    y_of = {kw["text"]: kw["y"] for name, kw in pen.calls if name == "text"}
    assert y_of["1"] > y_of["3"] > y_of["8"]


def test_example_is_a_unique_wall():
    example = WALL.example(None)
    assert WALL.check(example.puzzle, example.solution) == []
    assert WALL.solve(example.puzzle, None).count == 1
    assert "sum" in WALL.rules(None)


# --- the older spelling: a pyramid of variant sum -------------------------------------------------


def test_current_spelling_maps_only_sum_pyramids():
    assert current_spelling("pyramid", {"variant": "sum", "rows": "5"}) == ("numberwall", {"rows": "5"})
    assert current_spelling("pyramid", {"variant": "distinct"}) == ("pyramid", {"variant": "distinct"})
    assert current_spelling("numbrix", {"variant": "sum"}) == ("numbrix", {"variant": "sum"})


def test_old_config_spelling_loads_as_a_numberwall_section(write_config):
    config = load_config(write_config("""
        title: Old walls
        sections:
          - {type: pyramid, count: 2, difficulty: hard, variant: sum, rows: 6, range: 2-9, max: 900}
          - {type: pyramid, count: 2, difficulty: hard, variant: distinct}
    """))
    walls, pyramids = config.sections
    assert walls.puzzle_type.name == "numberwall" and walls.title == "Number Walls"
    assert walls.request is not None and walls.request.type.name == "numberwall"
    assert dict(walls.request.options) == {"rows": 6, "range": (2, 9), "max": 900}
    assert pyramids.puzzle_type.name == "pyramid"


def test_old_config_spelling_reports_errors_on_its_own_lines(write_config):
    path = write_config("""
        title: Old walls
        sections:
          - type: pyramid
            count: 2
            difficulty: expert
            variant: sum
            rows: 4
    """)
    with pytest.raises(BookgenError) as error:
        load_config(path)
    assert error.value.line == 7 and "5 rows" in error.value.message


def test_old_ids_regenerate_as_numberwalls():
    record = regenerate("pyramid:hard:range=2..9,rows=6,variant=sum:old")
    assert record.puzzle_type.name == "numberwall" and record.id == "numberwall:hard:range=2..9,rows=6:old"
    assert record.puzzle["min"] == 2 and len(record.puzzle["rows"]) == 6
    assert regenerate(record.id) == record


def test_generate_and_worksheet_accept_the_old_option(run, tmp_path):
    status, out, _ = run("generate", "pyramid", "-d", "easy", "-n", "1", "--set", "variant=sum",
                         "--set", "rows=3")
    line = json.loads(out)
    assert status == 0 and line["type"] == "numberwall" and line["id"] == "numberwall:easy:rows=3:1.1"
    target = tmp_path / "sheet.pdf"
    status, _, err = run("worksheet", "pyramid", "--set", "variant=sum", "-n", "2", "-o", str(target),
                         "-q", "--workers", "1")
    assert status == 0, err


OLD_LINE = {"type": "pyramid", "id": "pyramid:easy:variant=sum:x", "puzzle": {
    "variant": "sum", "max": 20, "min": 1, "rows": [[1, 2, 3], [0, 0], [0]]}}


def test_old_bank_and_solve_lines_read_as_numberwalls(run, tmp_path):
    record = record_from_json(OLD_LINE, "bank:1")
    assert record.puzzle_type.name == "numberwall" and record.puzzle == OLD_LINE["puzzle"]
    path = tmp_path / "old.jsonl"
    path.write_text(json.dumps(OLD_LINE) + "\n")
    status, out, _ = run("solve", str(path))
    assert status == 0 and json.loads(out)["solution"] == {"rows": [[1, 2, 3], [3, 5], [8]]}


def test_bank_sections_take_old_wall_lines_as_numberwalls(write_config, tmp_path):
    classic = {"type": "pyramid", "puzzle": {"variant": "classic", "max": 6,
                                              "rows": [[6, 0, 4], [0, 3], [0]]}}
    (tmp_path / "bank.jsonl").write_text("\n".join(json.dumps(line) for line in (OLD_LINE, classic)))
    config = load_config(write_config("""
        title: Bank
        sections:
          - {type: numberwall, from: bank.jsonl, count: 1}
          - {type: pyramid, from: bank.jsonl, count: 1}
    """))
    walls, pyramids = (load_bank_section(section) for section in config.sections)
    assert [r.puzzle_type.name for r in walls] == ["numberwall"] and walls[0].puzzle == OLD_LINE["puzzle"]
    assert [r.puzzle["variant"] for r in pyramids] == ["classic"]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_prints_exactly_rows_givens(level):
    """A wall of n rows is fixed by n numbers and every step is a sum or a linear equation, so
    at a fixed size all levels print the same givens (bookgen/puzzles/numberwall/README.md)."""
    for seed in range(2):
        record = make_puzzle(Request.make(WALL, level, {"rows": 5}), f"rows{seed}")
        assert record.rating["givens"] == 5


def test_a_narrow_range_counts_its_walls_and_a_book_asks_no_more(write_config, run):
    """3 rows on bottom numbers 1-4: 40 easy walls. 40 made at random are different walls that
    are unique as printed; a config asking for 41 is refused before any work, naming the count."""
    request = Request.make(WALL, "easy", {"rows": 3, "range": "1-4"})
    assert variety(request) == 40
    made = [make_puzzle(request, f"narrow{seed}") for seed in range(12)]
    for record in made:
        assert WALL.solve(WALL.printed(record.puzzle).puzzle, 2).count == 1
    config = write_config("title: Narrow\nlayout: letter\nseed: 1\nsections:\n"
                          "  - {type: numberwall, count: 41, difficulty: easy, rows: 3, range: 1-4}\n")
    status, _, err = run("build", str(config), "-q")
    assert status == 2 and "only 40 different puzzles exist" in err and "sections[0].count" in err
    assert variety(Request.make(WALL, "easy", {})) is None  # the default range: plenty
    # walls in an excluded bank leave fewer: said before any puzzle is made
    bank = config.parent / "used.jsonl"
    bank.write_text("".join(json.dumps(record.to_json()) + "\n" for record in made))
    excluded = len({canonical(record.puzzle) for record in made})
    asked = 40 - excluded + 1
    config.write_text(f"title: Narrow\nlayout: letter\nseed: 1\nexclude: [used.jsonl]\nsections:\n"
                      f"  - {{type: numberwall, count: {asked}, difficulty: easy, rows: 3, range: 1-4}}\n")
    status, _, err = run("build", str(config), "-q")
    assert status == 2 and f"only 40 different puzzles exist for numberwall, easy, range=1..4, " \
        f"rows=3 ({excluded} excluded) and {asked} are asked for" in err
