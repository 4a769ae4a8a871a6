"""The contract every registered puzzle type keeps, checked the same way for all of them: the
built-in ones, any a plug-in installed here adds, and the example plug-in in tests/example_type/
(registered for this module's tests through the loader installed entry points go through)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from test_plugins import example_registered

from bookgen import contract
from bookgen.config import load_config, sample_config
from bookgen.puzzles import BUILT_IN, PUZZLE_TYPES, base, find_type

with example_registered():
    NAMES = [t.name for t in PUZZLE_TYPES]
    CASES = [(name, check.name) for name in NAMES for check in contract.CHECKS
             if contract.applies(check, find_type(name))]


@pytest.fixture(scope="module", autouse=True)
def registry():
    """Every type in NAMES registered while this module's tests run."""
    with example_registered():
        yield


@pytest.mark.parametrize("case", [pytest.param(case, marks=pytest.mark.xdist_group(f"contract-{case[0]}"))
                                  for case in CASES], ids=[f"{name}-{check}" for name, check in CASES])
def test_the_type_keeps_the_contract(case):
    """Each check of bookgen.contract that applies to the type: what `bookgen check-type` runs (a
    type's checks share one xdist worker, which makes the puzzles they read once)."""
    name, check = case
    (outcome,) = contract.check_type(find_type(name), (check,))
    assert outcome.kept, outcome.found


def test_an_optional_part_left_out_is_not_offered_and_breaks_nothing():
    """The example plug-in (pairsum) gives no hints and no curve: those checks say so and pass it by."""
    example = find_type("pairsum")
    outcomes = {o.check.name: o for o in contract.check_type(example, ("gives-hints-that-point",
                                                                     "falls-in-givens"))}
    assert {name: o.kept for name, o in outcomes.items()} == {"gives-hints-that-point": None,
                                                              "falls-in-givens": None}
    assert outcomes["gives-hints-that-point"].found == "offers no hints"


def test_a_broken_promise_is_found_and_named(monkeypatch):
    """A check finds what it is for: a type whose rating is another level than it was asked,
    and one that draws past its box."""
    pyramid = find_type("pyramid")
    rated_easy = replace(pyramid, rate=lambda puzzle: {**pyramid.rate(puzzle), "level": "easy"})
    monkeypatch.setattr(base._REGISTRY, "types", [rated_easy if t is pyramid else t
                                                  for t in base._REGISTRY.types])
    (outcome,) = contract.check_type(rated_easy, ("keeps-the-rules",))
    assert outcome.kept is False and "medium" in outcome.found
    wide = replace(pyramid, measure=lambda puzzle: (1.0, 1.0))
    (outcome,) = contract.check_type(wide, ("draws-inside-its-box",))
    assert outcome.kept is False and "outside its 1.00 x 1.00 mm box" in outcome.found


def test_every_built_in_type_marks_one_request_for_the_page_audit():
    for puzzle_type in BUILT_IN:
        assert len([entry for entry in puzzle_type.showcase if entry.audit]) == 1, puzzle_type.name


def test_check_type_runs_the_contract_from_the_command_line(run):
    status, out, err = run("check-type", "pairsum", "--check", "offers-its-levels",
                           "--check", "gives-hints-that-point")
    assert status == 0 and err == ""
    assert out.splitlines() == ["kept         offers-its-levels",
                                "not offered  gives-hints-that-point: offers no hints",
                                "pairsum: the contract is kept"]
    status, _, err = run("check-type", "pairsum", "--check", "keeps-rules")
    assert status == 2 and "no check 'keeps-rules': describes-itself, " in err


def test_a_check_whose_package_is_missing_is_skipped_not_broken(run, monkeypatch):
    """A developer without the audit extra saw a correct plug-in reported BROKEN ("No module named
    'pypdf'", exit 1): a check that needs the extra's packages is skipped, naming it."""
    import builtins

    real_import = builtins.__import__

    def without_audit(name, *args, **kwargs):
        if name.split(".")[0] in ("jsonschema", "pypdf"):
            raise ModuleNotFoundError(f"No module named '{name}'", name=name.split(".")[0])
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_audit)
    status, out, _ = run("check-type", "pairsum", "--check", "follows-its-schema",
                         "--check", "offers-its-levels")
    assert status == 0, out
    assert out.splitlines() == [
        "skipped      follows-its-schema: needs jsonschema: pip install 'puzzle-bookgen[audit]'",
        "kept         offers-its-levels", "pairsum: the contract is kept (1 skipped)"]


def test_master_is_sudokus_alone_among_the_built_in_types():
    assert [t.name for t in BUILT_IN if "master" in t.levels] == ["sudoku"]


def test_the_sampler_has_a_section_of_every_registered_type():
    """The sample book is the one config written by hand: a new built-in type must show in it too."""
    sampler = load_config(Path(str(sample_config())))
    assert {section.puzzle_type.name for section in sampler.sections} == {t.name for t in BUILT_IN}
