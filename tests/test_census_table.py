"""The shipped census of the arithmetic type's default settings is the census those settings
count now: `census` reads it instead of rating every card (bookgen.puzzles.arithmetic.census)."""

from __future__ import annotations

from bookgen.puzzles.arithmetic.census import census, census_of_options, counted_census


def test_the_shipped_census_is_a_fresh_one() -> None:
    fresh = census_of_options({}, counted_census)
    assert census_of_options({}) == fresh, \
        "run python -m bookgen.puzzles.arithmetic.census_table after changing the engine or the grader"
    assert fresh["multisets"] == 495


def test_other_settings_are_counted() -> None:
    assert census(24, 3, 1, 9, "+-*/") == counted_census(24, 3, 1, 9, "+-*/")
    assert census(10, 4, 1, 9, "*/+-", distinct=True) == counted_census(10, 4, 1, 9, "+-*/", distinct=True)
