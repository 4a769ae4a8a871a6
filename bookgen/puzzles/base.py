"""The record every puzzle type fills in: constants plus the functions the book needs.

One module per type builds one `PuzzleType` (Numbrix and Hidato share a module and an engine) and the
registry in `bookgen.puzzles` lists them. Puzzles travel as the public JSON dicts (see docs/format.md):
`puzzle` holds what is printed, `solution` the answer, `rating` the measured difficulty figures.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from bookgen.core.grading import level_index
from bookgen.core.options import Option, parse_options
from bookgen.core.pen import Pen

JSON = dict[str, Any]
_SAFE = "-._~"  # characters left as they are inside an id part


@dataclass(frozen=True)
class Request:
    """What to make: a type, a level and the options the user set, parsed and checked once.

    `options` holds only what was set (it names the puzzle in its id); `settings` holds every
    option of the type, the defaults of its specs filled in. Make one with `Request.make`, which
    refuses a request that can never be met, so generators receive it already valid.
    """

    type: PuzzleType
    level: str
    options: Mapping[str, Any]
    settings: Mapping[str, Any] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        settings: dict[str, Any] = {}
        for spec in self.type.options:
            settings[spec.name] = (self.options[spec.name] if spec.name in self.options
                                   else spec.default_for(self.level, settings))
        object.__setattr__(self, "settings", settings)

    @classmethod
    def make(cls, puzzle_type: PuzzleType, level: str, raw: Mapping[str, Any]) -> Request:
        """Parse raw option values (YAML values or --set strings) and check the whole request."""
        level_index(level)
        request = cls(puzzle_type, level, parse_options(puzzle_type.options, raw, puzzle_type.name))
        puzzle_type.check_request(request)
        return request

    def id(self, seed: str) -> str:
        """The id that regenerates a puzzle: TYPE:LEVEL:OPTIONS:SEED, options as key=value,...
        (only those set), each part URL-quoted."""
        specs = {spec.name: spec for spec in self.type.options}
        opts = ",".join(
            f"{quote(key, safe=_SAFE)}={quote(specs[key].format(self.options[key]), safe=_SAFE)}"
            for key in sorted(self.options)
        )
        return ":".join([self.type.name, self.level, opts, quote(str(seed), safe=_SAFE)])

    def describe(self) -> str:
        """'numbrix, hard, size=12x12' for messages."""
        specs = {spec.name: spec for spec in self.type.options}
        return ", ".join([self.type.name, self.level] + [
            f"{key}={specs[key].format(value)}" for key, value in sorted(self.options.items())])


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
class Printed:
    """A puzzle as its page shows it (`PuzzleType.printed`).

    `puzzle` keeps only what a reader learns from the page (the drawing, these texts and the
    section's rules): verification proves the answer unique from it, so a fact the solver
    relies on and the page leaves out is caught. `texts` are what the page prints for the
    puzzle; the tests find each of them in the built page's text."""

    puzzle: JSON
    texts: tuple[str, ...]


def numbers_printed(rows: Any) -> tuple[str, ...]:
    """The texts of a grid's or triangle's given numbers (0 and None are empty cells)."""
    return tuple(str(value) for row in rows for value in row if value)


@dataclass(frozen=True)
class Solved:
    """A solver's answer: how many solutions it found (stopping at the cap) and the first of them."""

    count: int
    solution: JSON | None


def by_level(rating: JSON) -> float:
    """hardness for any type: the level's place in the ladder (0 easy to 3 expert); within a
    level a larger "score" is harder or, for types without one, a smaller share of givens (the
    fraction adds at most half a level)."""
    index = level_index(str(rating.get("level")))
    score, givens, cells = (_figure(rating, key) for key in ("score", "givens", "cells"))
    if score is not None and score >= 0:
        return index + 0.5 * score / (score + 1)
    if givens is not None and cells:
        return index + 0.5 * (1 - min(givens, cells) / cells)
    return float(index)


def _figure(rating: JSON, key: str) -> float | None:
    value = rating.get(key)
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


@dataclass(frozen=True)
class PuzzleType:
    """A puzzle type: one record of constants and functions (after Tatham's `struct game`).

    generate(rng, request): a new puzzle graded at the request's level; all randomness from rng.
        The request is already checked (`Request.make`).
    check_request(request): raise BookgenError when the request can never be met, before any
        generation starts (e.g. 7-row classic pyramids).
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
    canonical(puzzle): one text shared by a puzzle and all its twins under the type's symmetries
        (a book never prints two puzzles with the same canonical form).
    printed(puzzle): the puzzle as its page shows it (`Printed`): what uniqueness is proven from.
    rules(request): the rules a section of this request prints; None asks for the type's rules
        in general (a section from a bank may mix variants).
    example(request): a small solved puzzle for the section page, or None.
    measure_solution(puzzle): size of the answer drawing when it differs from the puzzle's.
    too_large_to_print(puzzle): why a puzzle (from a bank) cannot go on a page, or None; solving
        takes puzzles of any size.
    variety(request): how many different puzzles (twins counted once) the request can give,
        where the space is small enough to count (pyramids, walls, pooled arithmetic, shapes of
        a few cells); None or absent: more than any book needs (arrows and placement always).
    hardness(rating): one number for every type, from 0 (the easiest easy) to below len(LEVELS),
        that orders a section from easier to harder (`order: rating`); `by_level` by default.
    hints(puzzle, solution): the playable page's hints, in the order a person following the
        grader's simplest-first steps finds them: each {"cells": [...], "value": ..., "why": one
        line}; cells in the type's own JSON coordinates, [] (and value None) for a hint that is
        only words. None: the type gives no hints.
    """

    name: str
    title: str
    rules: Callable[[Request | None], str]
    options: tuple[Option, ...]
    generate: Callable[[random.Random, Request], Generated]
    check_request: Callable[[Request], None]
    solve: Callable[[JSON, int | None], Solved]
    check: Callable[[JSON, JSON], list[str]]
    validate: Callable[[JSON], None]
    rate: Callable[[JSON], JSON]
    expects_unique: Callable[[JSON], bool]
    measure: Callable[[JSON], tuple[float, float]]
    draw_puzzle: Callable[[Pen, JSON], None]
    draw_solution: Callable[[Pen, JSON, JSON], None]
    answer_note: Callable[[JSON, JSON, int], str]
    example: Callable[[Request | None], Generated | None]
    canonical: Callable[[JSON], str]
    printed: Callable[[JSON], Printed]
    measure_solution: Callable[[JSON], tuple[float, float]] | None = None
    variety: Callable[[Request], int | None] | None = None
    too_large_to_print: Callable[[JSON], str | None] | None = None
    hardness: Callable[[JSON], float] = by_level
    hints: Callable[[JSON, JSON], list[JSON]] | None = None

    def answer_size(self, puzzle: JSON) -> tuple[float, float]:
        return (self.measure_solution or self.measure)(puzzle)


def too_few_exist(request: Request, count: int, excluded: int = 0) -> str | None:
    """Why `count` different puzzles of a request cannot be had (the type counted its space, and
    it is smaller once `excluded` of them are taken out), or None: said before any work, not
    after a run of retries."""
    variety = request.type.variety(request) if request.type.variety else None
    if variety is None or count <= variety - excluded:
        return None
    taken = f" ({excluded} excluded)" if excluded else ""
    if variety == 0:
        return (f"no puzzle exists for {request.describe()}: the options leave too little room "
                "for the level; choose another level, or widen the options")
    return (f"only {variety} different puzzles exist for {request.describe()}{taken} and {count} "
            "are asked for (a book never repeats one); ask for fewer, or widen the options")


def form_key(*candidates: Any) -> str:
    """The canonical text of a puzzle given the JSON-ready forms of it and its twins: the
    smallest, so every twin picks the same one."""
    return min(json.dumps(c, sort_keys=True, separators=(",", ":")) for c in candidates)


def fixed_rules(text: str) -> Callable[[Request | None], str]:
    """rules for types whose every section plays by the same rules."""
    return lambda request: text


def fixed_example(make: Callable[[], Generated]) -> Callable[[Request | None], Generated | None]:
    """example for types whose sections all show the same worked example."""
    return lambda request: make()


def always_unique(puzzle: JSON) -> bool:
    """expects_unique for types whose every puzzle promises one answer."""
    return True


def no_answer_note(puzzle: JSON, solution: JSON, count: int) -> str:
    """answer_note for types whose answer speaks for itself."""
    return ""

