"""The record every puzzle type fills in: constants plus the functions the book needs.

One module per type builds one `PuzzleType` (Numbrix and Hidato share a module and an engine) and the
registry in `bookgen.puzzles` lists them. Puzzles travel as the public JSON dicts (see docs/format.md):
`puzzle` holds what is printed, `solution` the answer, `rating` the measured difficulty figures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bookgen.core.options import Option
from bookgen.core.pen import Pen

JSON = dict[str, Any]


@dataclass(frozen=True)
class Generated:
    """What a generator returns: the puzzle, its answer and its measured rating.

    The rating must hold "level": the difficulty the grader measured, which the middle layer
    checks against the level asked for.
    """

    puzzle: JSON
    solution: JSON
    rating: JSON


@dataclass(frozen=True)
class Solved:
    """A solver's answer: how many solutions it found (stopping at the cap) and the first of them."""

    count: int
    solution: JSON | None


@dataclass(frozen=True)
class PuzzleType:
    """A puzzle type: one record of constants and functions (after Tatham's `struct game`).

    generate(rng, difficulty, options): a new puzzle graded at `difficulty`; all randomness from rng.
        `options` holds only what the user set, already parsed by `options` specs.
    check_request(difficulty, options): raise BookgenError when the request can never be met,
        before any generation starts (e.g. 7-row classic pyramids).
    solve(puzzle, cap): count solutions up to cap (None: count all) and return the first.
    check(puzzle, solution): the rule violations of a solution, [] when it is right; written apart
        from the solver so that each checks the other.
    validate(puzzle): raise PuzzleFormatError when puzzle JSON (from any source) breaks the format.
    rate(puzzle): the measured difficulty figures, with "level".
    expects_unique(puzzle): whether the type promises exactly one answer for this puzzle.
    measure(puzzle): natural (width, height) of the drawing in mm; the page scales it to fit.
    draw_puzzle(pen, puzzle) / draw_solution(pen, puzzle, solution): paint within (0, 0)-measure.
    answer_note(puzzle, solution, count): a short line under the answer ("1 of 61 arrangements");
        count is the exact number of solutions (1 where the type promises one).
    example(): a small solved puzzle for the section page, or None.
    measure_solution(puzzle): size of the answer drawing when it differs from the puzzle's.
    rules_for(options) / example_for(options): the rules and example for a section with these
        options, for types whose variants play differently; `rules` and `example()` otherwise.
    """

    name: str
    title: str
    rules: str
    options: tuple[Option, ...]
    generate: Callable[[random.Random, str, Mapping[str, Any]], Generated]
    check_request: Callable[[str, Mapping[str, Any]], None]
    solve: Callable[[JSON, int | None], Solved]
    check: Callable[[JSON, JSON], list[str]]
    validate: Callable[[JSON], None]
    rate: Callable[[JSON], JSON]
    expects_unique: Callable[[JSON], bool]
    measure: Callable[[JSON], tuple[float, float]]
    draw_puzzle: Callable[[Pen, JSON], None]
    draw_solution: Callable[[Pen, JSON, JSON], None]
    answer_note: Callable[[JSON, JSON, int], str]
    example: Callable[[], Generated] | None = None
    measure_solution: Callable[[JSON], tuple[float, float]] | None = None
    rules_for: Callable[[Mapping[str, Any]], str] | None = None
    example_for: Callable[[Mapping[str, Any]], Generated] | None = None

    def section_rules(self, options: Mapping[str, Any]) -> str:
        return self.rules_for(options) if self.rules_for else self.rules

    def section_example(self, options: Mapping[str, Any]) -> Generated | None:
        if self.example_for:
            return self.example_for(options)
        return self.example() if self.example else None

    def answer_size(self, puzzle: JSON) -> tuple[float, float]:
        return (self.measure_solution or self.measure)(puzzle)


def always_unique(puzzle: JSON) -> bool:
    """expects_unique for types whose every puzzle promises one answer."""
    return True


def no_answer_note(puzzle: JSON, solution: JSON, count: int) -> str:
    """answer_note for types whose answer speaks for itself."""
    return ""

