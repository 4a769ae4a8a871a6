"""The curve a reader sees (each type's own is the contract's `falls-in-givens`): every built-in
type with givens shows one; pyramid levels fall strictly;
placement requests that missed their level; `unique` means one arrangement; sections ordered from
easier to harder (`order: rating`) or as made (`order: shuffle`)."""

from __future__ import annotations

import itertools
import json
import statistics

import pytest

from bookgen.book import make_book
from bookgen.config import load_config
from bookgen.core.grading import LEVELS, Bands
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.making import make_puzzle
from bookgen.puzzles import BUILT_IN, PUZZLE_TYPES, find_type
from bookgen.puzzles.base import Request, by_level

PLACEMENT = find_type("placement")

def given_share(rating: dict) -> float:
    """Givens over all the cells (placement: pre-filled boxes over boxes)."""
    return rating["givens"] / rating.get("cells", rating.get("boxes"))


def test_every_built_in_type_with_givens_shows_a_fixed_size_for_the_curve():
    """The curve itself is the contract's check (bookgen.contract, `falls-in-givens`), optional
    for a plug-in; every built-in type whose ratings count givens offers it."""
    with_givens = {t.name for t in BUILT_IN if (e := t.example(None)) is not None and "givens" in e.rating}
    shown = {t.name for t in BUILT_IN if any(entry.curve_seeds for entry in t.showcase)}
    assert with_givens and with_givens <= shown


def test_pyramid_levels_strictly_decrease_in_givens():
    puzzle_type = find_type("pyramid")
    means = [statistics.mean(
        given_share(make_puzzle(Request.make(puzzle_type, level, {"variant": "distinct", "rows": 5}),
                                f"strict{seed}").rating) for seed in range(4)) for level in LEVELS]
    assert means == sorted(means, reverse=True) and len(set(means)) == len(means)


# --- placement: requests that missed their level, and what `unique` means -------------------------


@pytest.mark.parametrize("level, options", [
    ("medium", {"unique": True}), ("hard", {"size": 6}), ("medium", {"size": 3}),
    ("medium", {"size": 4, "unique": True}), ("easy", {"size": 3, "unique": True})])
def test_placement_requests_that_once_missed_their_level(level, options):
    """Rows of equal signs have one arrangement with nothing pre-filled, so a unique request used
    to grade a level lower ("filed as medium but graded easy"); pools that came out milder than
    asked did the same."""
    for seed in range(8):
        record = make_puzzle(Request.make(PLACEMENT, level, options), f"miss{seed}")
        assert record.rating["level"] == level
        assert len(set(record.puzzle["signs"])) == 2


def test_placement_unique_means_one_arrangement():
    for size in (3, 4):
        for signs in itertools.product("<>", repeat=size - 1):
            puzzle = {"signs": list(signs), "numbers": [str(n) for n in range(size)], "givens": {}}
            count = PLACEMENT.solve(puzzle, None).count
            assert (count == 1) == (len(set(signs)) == 1)  # << and >> chains: one arrangement
            PLACEMENT.validate(dict(puzzle, unique=count == 1, arrangements=count))
            with pytest.raises(PuzzleFormatError) as error:
                PLACEMENT.validate(dict(puzzle, unique=count != 1))
            assert error.value.key == "unique"
            assert PLACEMENT.expects_unique(dict(puzzle, unique=count == 1)) == (count == 1)
    with pytest.raises(PuzzleFormatError, match="arrangements"):
        PLACEMENT.validate({"signs": ["<", ">"], "numbers": ["1", "2", "3"], "arrangements": 5})


@pytest.mark.parametrize("level", LEVELS)
def test_generated_placement_says_unique_exactly_when_one_arrangement(level):
    for options in ({}, {"unique": True}, {"unique": False}, {"size": 3}):
        try:
            request = Request.make(PLACEMENT, level, options)
        except BookgenError:
            continue
        for seed in range(3):
            puzzle = make_puzzle(request, f"one{seed}").puzzle
            count = PLACEMENT.solve(puzzle, None).count
            assert puzzle["unique"] == (count == 1) and puzzle["arrangements"] == count
            if "unique" in options:
                assert puzzle["unique"] == options["unique"]


def test_placement_harder_levels_leave_more_boxes_to_fill():
    means = [statistics.mean(make_puzzle(Request.make(PLACEMENT, level, {}), f"fill{seed}")
                             .rating["to_fill"] for seed in range(8)) for level in LEVELS]
    assert means == sorted(means)


# --- hardness and the order of a section ----------------------------------------------------------


def test_hardness_puts_levels_first_and_orders_within_them():
    bands = Bands.of({"easy": (0, 6), "medium": (7, 10), "hard": (11, 15), "expert": (16, 99)})
    scores = [0, 3, 6, 7, 10, 11, 15, 16, 40, 200]
    values = [bands.hardness(s) for s in scores]
    assert values == sorted(values) and all(0 <= v < len(LEVELS) for v in values)
    assert [int(v) for v in values] == [0, 0, 0, 1, 1, 2, 2, 3, 3, 3]
    assert by_level({"level": "easy", "givens": 3, "cells": 10}) < by_level(
        {"level": "easy", "givens": 2, "cells": 10}) < by_level({"level": "medium"})
    assert by_level({"level": "hard", "score": 1}) < by_level({"level": "hard", "score": 9}) < 3
    for puzzle_type in PUZZLE_TYPES:
        example = puzzle_type.example(None)
        if example is not None:
            value = puzzle_type.hardness(example.rating)
            levels = puzzle_type.levels
            assert levels.index(example.rating["level"]) <= value < len(levels)


def test_a_fifth_band_files_the_hardest_scores_as_master_and_orders_them_last():
    four = {"easy": (0, 6), "medium": (7, 10), "hard": (11, 15), "expert": (16, 99)}
    five = Bands.of({**four, "master": (100, 999)})
    assert [five.level_of(s) for s in (16, 99, 100, 5000)] == ["expert", "expert", "master", "master"]
    assert Bands.of(four).level_of(5000) == "expert"  # four bands: past the last is still expert
    values = [five.hardness(s) for s in (99, 100, 400, 999, 5000)]
    assert values == sorted(values) and 3 <= values[0] < 4 <= values[1] and values[-1] < 5
    assert by_level({"level": "expert"}) < by_level({"level": "master"}) < 5


BOOK = """
title: Order
seed: 4
sections:
  - {{type: arrows, count: 8, difficulty: medium, size: 4x4{order}}}
  - {{type: pyramid, count: 6, from: bank.jsonl{order}}}
"""


def _book(write_config, tmp_path, order: str):
    bank = tmp_path / "bank.jsonl"
    if not bank.exists():
        pyramid = find_type("pyramid")
        lines = [make_puzzle(Request.make(pyramid, level, {"variant": "distinct"}), f"bank{seed}").to_json()
                 for seed in range(2) for level in reversed(LEVELS[:3])]
        bank.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return make_book(load_config(write_config(BOOK.format(order=order), f"book{order[9:]}.yaml")))


def test_order_rating_sorts_each_section_and_shuffle_keeps_the_order_made(write_config, tmp_path):
    made = _book(write_config, tmp_path, ", order: shuffle")
    rated = _book(write_config, tmp_path, "")
    for as_made, sorted_ in zip(made.sections, rated.sections):
        hardness = as_made.puzzle_type.hardness
        assert sorted(as_made.records, key=lambda r: hardness(r.rating)) == list(sorted_.records)
        values = [hardness(r.rating) for r in sorted_.records]
        assert values == sorted(values)
        assert sorted_.config.order == "rating" and as_made.config.order == "shuffle"
    # as made: slots in seed order; the bank in file order (hard, medium, easy, ...)
    ids = [r.id for r in made.sections[0].records]
    assert ids == sorted(ids, key=lambda ident: int(ident.split(".")[-1].split("~")[0]))
    assert [r.level for r in made.sections[1].records][:3] == ["hard", "medium", "easy"]
    assert [r.level for r in rated.sections[1].records] == ["easy"] * 2 + ["medium"] * 2 + [
        "hard"] * 2
    # the numbers follow the printed order
    assert [p.number for p in rated.sections[0].puzzles] == list(range(1, 9))


def test_a_bad_order_is_named(write_config):
    path = write_config("title: T\nsections:\n  - {type: arrows, count: 1, difficulty: easy, "
                        "order: random}\n")
    with pytest.raises(BookgenError, match="order"):
        load_config(path)
