"""The contract every registered puzzle type keeps, checked the same way for all of them: the
built-in ones, any a plug-in installed here adds, and the example plug-in in tests/example_type/
(registered for this module's tests through the loader installed entry points go through)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_plugins import example_registered

from bookgen.config import load_config, sample_config
from bookgen.core.grading import ALL_LEVELS, LEVELS
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError
from bookgen.making import make_puzzle, record_from_json, regenerate, verify
from bookgen.puzzles import BUILT_IN, PUZZLE_TYPES, find_type
from bookgen.puzzles.base import Request

with example_registered():
    NAMES = [t.name for t in PUZZLE_TYPES]
CASES = [(name, level) for name in NAMES for level in LEVELS]


@pytest.fixture(scope="module", autouse=True)
def registry():
    """Every type in NAMES registered while this module's tests run."""
    with example_registered():
        yield


@pytest.fixture(scope="module")
def made():
    """One puzzle per type and level, made once for all tests here."""
    return {case: make_puzzle(Request.make(find_type(case[0]), case[1], {}), "contract") for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=[f"{n}-{lv}" for n, lv in CASES])
def test_generated_puzzle_keeps_the_contract(made, case):
    name, level = case
    puzzle_type = find_type(name)
    record = made[case]
    assert record.level == level and record.rating["level"] == level
    # the answer obeys the rules, and the solver agrees with the generator
    assert puzzle_type.check(record.puzzle, record.solution) == []
    solved = puzzle_type.solve(record.puzzle, 2)
    assert solved.count >= 1 and solved.solution is not None
    assert puzzle_type.check(record.puzzle, solved.solution) == []
    if puzzle_type.expects_unique(record.puzzle):
        assert solved.count == 1
    # the measured rating is reproducible from the puzzle alone
    assert puzzle_type.rate(record.puzzle)["level"] == level
    # JSON round trip through the public format
    line = json.dumps(record.to_json())
    again = record_from_json(json.loads(line), "test")
    assert again == record
    verify(again)


@pytest.mark.parametrize("case", CASES, ids=[f"{n}-{lv}" for n, lv in CASES])
def test_id_regenerates_the_same_puzzle(made, case):
    record = made[case]
    assert regenerate(record.id) == record


def _assert_inside(pen: RecordingPen, size: tuple[float, float]) -> None:
    x0, y0, x1, y1 = pen.bounds()
    assert pen.calls
    assert x0 >= -0.01 and y0 >= -0.01
    assert x1 <= size[0] + 0.01 and y1 <= size[1] + 0.01


@pytest.mark.parametrize("case", CASES, ids=[f"{n}-{lv}" for n, lv in CASES])
def test_drawings_stay_inside_their_measured_box(made, case):
    puzzle_type = find_type(case[0])
    record = made[case]
    pen = RecordingPen()
    puzzle_type.draw_puzzle(pen, record.puzzle)
    _assert_inside(pen, puzzle_type.measure(record.puzzle))
    pen = RecordingPen()
    puzzle_type.draw_solution(pen, record.puzzle, record.solution)
    _assert_inside(pen, puzzle_type.answer_size(record.puzzle))


@pytest.mark.parametrize("name", NAMES)
def test_type_describes_itself(name):
    puzzle_type = find_type(name)
    assert puzzle_type.title and len(puzzle_type.rules(None)) > 40
    assert all(option.help for option in puzzle_type.options)
    variants = [{}] + [{option.name: choice} for option in puzzle_type.options
                       if option.kind == "choice" for choice in option.choices]
    for options in variants:
        request = Request(puzzle_type, "easy", options)
        assert len(puzzle_type.rules(request)) > 40
        example = puzzle_type.example(request)
        if example is not None:
            assert puzzle_type.check(example.puzzle, example.solution) == []


@pytest.mark.parametrize("name", NAMES)
def test_type_shows_itself_in_requests_it_can_meet(name):
    """The showcase the every-type tests read is not empty, and each entry is a request the type
    accepts (a level of the ladder, options it knows, a size that reaches the level)."""
    puzzle_type = find_type(name)
    assert puzzle_type.showcase
    for entry in puzzle_type.showcase:
        assert entry.level in puzzle_type.levels and entry.curve_seeds >= 0
        puzzle_type.check_request(Request.make(puzzle_type, entry.level, entry.options))
    # at most one entry says what the page audit's matrix asks of the type; every built-in has one
    audited = [entry for entry in puzzle_type.showcase if entry.audit]
    assert len(audited) == (1 if puzzle_type in BUILT_IN else len(audited)) <= 1


@pytest.mark.parametrize("name", NAMES)
def test_a_type_offers_the_four_levels_or_all_five_and_refuses_the_rest_up_front(name):
    puzzle_type = find_type(name)
    assert puzzle_type.levels in (LEVELS, ALL_LEVELS)
    for level in ALL_LEVELS[len(puzzle_type.levels):]:
        with pytest.raises(BookgenError) as refused:
            Request.make(puzzle_type, level, {})
        assert refused.value.key == "difficulty"
        assert refused.value.message.startswith(f"{name} puzzles are never {level}: ")


def test_master_is_sudokus_alone_among_the_built_in_types():
    assert [t.name for t in BUILT_IN if "master" in t.levels] == ["sudoku"]


def test_the_sampler_has_a_section_of_every_registered_type():
    """The sample book is the one config written by hand: a new built-in type must show in it too."""
    sampler = load_config(Path(str(sample_config())))
    assert {section.puzzle_type.name for section in sampler.sections} == {t.name for t in BUILT_IN}
