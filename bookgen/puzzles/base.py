"""The record every puzzle type fills in, constants plus the functions the book needs, and the
registry of records.

One module per type builds one `PuzzleType` (Numbrix and Hidato share a module and an engine) and
names it in an entry point of the group `bookgen.types`, bookgen's own types as a plug-in's (see
`registered`). The registry is here, beside the record, so that nothing a type imports imports the
registry back: it finds the types through their entry points when first asked, and this module
names none of them. Puzzles travel as the public JSON dicts (see docs/format.md):
`puzzle` holds what is printed, `solution` the answer, `rating` the measured difficulty figures.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from bookgen import i18n, limits
from bookgen.core.grading import LEVELS, level_index
from bookgen.core.options import Option, nearest, parse_options, unknown_key_message
from bookgen.core.pen import Pen
from bookgen.errors import BookgenError
from bookgen.i18n.homes import add_home, home_languages, load_registry_with
from bookgen.seeds import SEED_ABOUT, brief, read_seed

if TYPE_CHECKING:  # for the type checker only: importlib.abc's warns from Python 3.12 on, and
    # importlib.resources.abc, its home since 3.11, is not in 3.10
    from importlib import metadata
    from importlib.abc import Traversable

JSON = dict[str, Any]
_SAFE = "-._~"  # characters left as they are inside an id part


def never_at(puzzle_type: PuzzleType, level: str) -> str:
    """Why `puzzle_type` refuses a level it does not offer, and where to find that level."""
    return i18n._("{type} puzzles are never {level}: their levels go up to {top} ({levels}); the "
                  "types with {level}: {types}").format(
                      type=puzzle_type.name, level=level, top=puzzle_type.levels[-1],
                      levels=", ".join(puzzle_type.levels),
                      types=", ".join(types_with(level)) or i18n.pgettext("no puzzle types", "none"))


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
        if level not in puzzle_type.levels:
            raise BookgenError(never_at(puzzle_type, level), key="difficulty")
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
        """'numbrix, hard, size=12x12' for messages: on one line, a long value (a list of clues,
        a drawn mask) cut short, so that a message stays one line that says what is wrong."""
        specs = {spec.name: spec for spec in self.type.options}
        return ", ".join([self.type.name, self.level] + [
            f"{key}={_short(specs[key].format(value))}" for key, value in sorted(self.options.items())])


def _short(text: str, most: int = 60) -> str:
    """`text` on one line and at most `most` characters, its cut marked with an ellipsis, made
    after a whole word or list item where one ends in the last third ("école,cahier,…", not
    "…,for…": a teacher read her list cut mid-word)."""
    line = "; ".join(text.splitlines())
    if len(line) <= most:
        return line
    cut = line[:most - 1]
    ends = [cut.rfind(mark) for mark in (",", ";", " ")]
    end = max(ends)
    if end >= (most * 2) // 3:
        cut = cut[:end + 1]
    return cut.rstrip() + "\u2026"


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


@dataclass(frozen=True)
class PuzzleRecord:
    """One line of the puzzle JSON format (docs/format.md): its type as the registered record
    (looked up once, where the line is read or the puzzle made), `level` its "difficulty"."""

    puzzle_type: PuzzleType
    id: str
    level: str
    rating: JSON
    puzzle: JSON
    solution: JSON

    def to_json(self) -> JSON:
        return {
            "type": self.puzzle_type.name,
            "id": self.id,
            "difficulty": self.level,
            "rating": self.rating,
            "puzzle": self.puzzle,
            "solution": self.solution,
        }


def by_level(rating: JSON) -> float:
    """hardness for any type: the level's place in the ladder (0 easy to 4 master); within a
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


def answer_as_given(puzzle: JSON, solution: JSON) -> str:
    """answer_form for types whose answers have no twins: the answer itself."""
    return form_key(solution)


def mirror_form(rows: Any, rest: Any = None) -> str:
    """The canonical text of a triangle of rows (pyramids, walls) and its mirror image, with
    whatever else (`rest`) makes it the puzzle it is."""
    return form_key([rows, rest], [[row[::-1] for row in rows], rest])


@dataclass(frozen=True)
class Showcase:
    """A request that shows a type at its fullest (a variant, a shape, a level), so that whatever
    goes through every type reads the type's own list instead of a hand list to keep up: the book
    of `tests/test_page_facts.py` prints every entry, and `tests/test_curve.py` averages the givens
    of every level at the options of each entry with `curve_seeds` (options that fix the size),
    over that many puzzles a level. The entry marked `audit` (one per type, small and quick to
    make) is what every section of the type asks for in the page audit's matrix of books
    (`bookgen.audit`); a type with none stays out of the matrix."""

    level: str
    options: Mapping[str, Any] = field(default_factory=dict)
    curve_seeds: int = 0
    audit: bool = False


@dataclass(frozen=True)
class OlderSpelling:
    """How a type used to be asked for: `type: NAME` with option OPTION set to VALUE (number
    walls were the pyramid variant `sum`). Sections, --set options, ids and puzzle records in
    that spelling read as today's type, the option implied and dropped. VALUE is one the type
    NAME no longer offers among the choices of OPTION (else the spelling would mean two types):
    a request that NAME takes as it is needs no other type loaded to be read."""

    name: str
    option: str
    value: str


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
    answer_form(puzzle, solution): the same for the answer the key prints: one text shared by an
        answer and its twins (a pyramid's mirror image), so that a book never prints one answer
        twice, whatever givens led to it; `answer_as_given` (no symmetry) by default.
    printed(puzzle): the puzzle as its page shows it (`Printed`): what uniqueness is proven from.
    rules(request): the rules a section of this request prints; None asks for the type's rules
        in general (a section from a bank may mix variants).
    example(request): a small solved puzzle for the section page, or None.
    example_note(request): a sentence the printed rules end with where the example differs from
        the section's puzzles (a 4x4 sudoku shown for a 9x9 section), in the language spoken; None
        (or absent): the example needs no word. Only the page shows the example, so only it says so.
    measure_solution(puzzle): size of the answer drawing when it differs from the puzzle's.
    draw_filled(pen, puzzle, solution) / measure_filled(puzzle): the puzzle as a person leaves it
        solved, where the answer key's drawing is a compact one (placement's chain with every box
        filled and its pool used up, where the key prints a narrow strip): the section's worked
        example shows it beside the puzzle. None: the example shows the answer key's drawing.
    too_large_to_print(puzzle): why a puzzle (from a bank) cannot go on a page, or None; solving
        takes puzzles of any size.
    variety(request): how many different puzzles (twins counted once) the request can give,
        where the space is small enough to count (pyramids, walls, pooled arithmetic, shapes of
        a few cells); None or absent: more than any book needs (arrows and placement always).
    answer_parts(puzzle, solution): the parts of an answer a book prints once at most, each a
        text (a scramble's words): a puzzle sharing one with a puzzle already in the book is a
        repeat, as a twin is. None: answers are compared whole (`answer_form`).
    answers(request): the answer forms (`answer_form`) the request's puzzles can have, where so
        few exist that a book may run out of them before it runs out of puzzles (four 4-row
        classic pyramids, mirror images counted once); None or absent: more than any book needs.
    wider(request): the change of options that gives more puzzles than a request whose variety
        or answers run short, said as the end of a refusal in the language spoken ("set variant:
        distinct, whose pyramids are far more"); None or absent: "widen the options".
    hardness(rating): one number for every type, from 0 (the easiest easy) to below the number of
        levels it offers, that orders a section from easier to harder (`order: rating`);
        `by_level` by default.
    levels: the levels the type offers, easiest first: the four every type has (LEVELS), or all
        five (ALL_LEVELS) where its hardest puzzles go past expert; a request for another is
        refused before its type is asked (`check_request` refuses levels only some of its
        options reach).
    showcase: the requests (`Showcase`) that show the type at its fullest, for everything that
        goes through every type.
    older_spellings: the ways this type used to be asked for (`OlderSpelling`).
    census(raw options): every puzzle the options allow, rated (`bookgen census TYPE`); None: the
        type has no census.
    hints(puzzle, solution): the playable page's hints, in the order a person following the
        grader's simplest-first steps finds them: each {"cells": [...], "value": ..., "why": one
        line}; cells in the type's own JSON coordinates, [] (and value None) for a hint that is
        only words; optional "after", "steps" (the crossing-out steps told one a press before the
        number) and "step_cells" (each step's squares, [row, column] each, which the page lights
        as it says the step). None: the type gives no hints.
    play_script: the type's game for the playable edition, a script that registers the type with
        the player's frame (bookgen/html/frame.js), its path relative to the type's home, the package
        its entry point names (bookgen/puzzles/NAME for a built-in type: "play.js"); "" leaves its
        puzzles for paper only there.
    play_style: the game's own CSS rules, a file found as play_script is ("play.css"); the
        page adds it after the frame's stylesheet (bookgen/html/play.css, which styles only what
        the frame draws). "": the game needs no rules of its own.
    play_data(puzzle): what the game script shows beyond the puzzle JSON, worked out here so that
        it exists once, in Python (the arrows' glyphs, a pyramid's range caption); the page hands
        it over as the record's "play"; it may give None for a puzzle that needs nothing (word
        search's, but a dealt theme's name). None: nothing.
    read_line(text): the puzzle in a one-line text form people share for the type (sudoku's 81
        characters), or None when the text is not in that form; PuzzleFormatError when it is but
        breaks it. `bookgen solve` reads such lines beside JSON lines. None: no such form.
    given_answer(puzzle): the answer in the solution's form as far as the givens go (0, or None
        among texts, where a number is to find): the board a hint's cells point into, so hints
        replay onto it to the solution. None: the type's hints fill no cells (only words).
    deal(request, turns, seed): the request of a section's next puzzle, where a type shares a
        pool out over its puzzles (word search's list of more words than one grid hides, a
        scramble's list of the user's words): it names the puzzle's share in its `deal` option,
        so that the book's puzzles take different shares and the puzzle's id makes it again.
        `turns` is the book's tally of the shares dealt so far, one per version (version B's
        puzzle takes the share A's took: `shared_by_versions`), keyed as the type likes. `seed`
        is the book's (`generate`'s --seed): where the order of the deal decides the share, the
        type deals in the order it gives and names it (`seeded_deal`), so that a
        new seed (a publisher's volume 2) deals other shares.
        None: every puzzle of a section has the section's request.
    topic(puzzle): what a puzzle is about that the puzzle printed before it should not share
        (word search's dealt theme), or None: a section ordered by rating moves a puzzle on past
        the next of another topic rather than print two of one topic in a row (`spread`). None:
        the rating alone orders a section.
    json_schema: the type's JSON Schema (draft 2020-12) of one whole puzzle line of its type (type,
        id, difficulty, rating, puzzle, solution), a file found as play_script is
        ("schema.json"); "": the type states its JSON in prose only.
    narrowed(width, height): the type drawing its puzzles (and answers) at most `width` mm wide
        and, where it can, `height` tall (natural size) where its drawing can wrap or tighten
        (placement's chains take more lines, word search's squares shrink around its letters):
        the page asks for it when the puzzles at their floor size are wider than its frame, and
        for a section's example that stands side by side no other way. None: the drawing cannot.
    narrowed_alike(puzzles, width, height, large_print): the type narrowed as `narrowed` narrows
        it, every one of `puzzles` (a section's) drawn at one size: the page narrows a section
        so where the type has it (a crossword's squares alike, and in a `large_print` book its
        clues at the body's size where each puzzle fits its page so). None: `narrowed`.
    tightened(width, height): the type narrowed as `narrowed` narrows it, its text at the sizes
        this type prints it (a crossword's squares numbered at its section's size, 8 pt, where its
        first row below its opening moves its clues beside its grid, its squares a little
        smaller: `narrowed` numbers them at 7 pt, the size of a section narrowed as a whole).
        None: `narrowed`'s drawing.
    largest_size(puzzles, width, height): the largest `size` option (as a config writes it) whose
        puzzles, like `puzzles` but of that size, the type draws within `width` x `height` mm at
        natural size, narrowed as far as it goes; None when not even the smallest fits. The page's
        refusal of a section too large for its trim at the profile's floor names it. None (the
        field): the refusal says only to ask for a smaller size.
    comfort_share: the share of a layout's `comfort_scale` the type's sections aim for before
        they pack more to a page: 1.0, or less for a drawing whose text is large at its natural
        size (a word scramble's list, its words at 14 pt: one to a 6x9 page at the comfortable
        scale left a fifth of the page blank above and below it, two print at 12 pt).
    write_in: the side, mm at natural size, of the boxes a solver writes a letter in (a
        cryptogram's), which a worksheet and a large-print book print at least
        `bookgen.render.sizes.WRITE_IN_SHEET` / `WRITE_IN_LARGE` wide where the page has room.
        0.0: the drawing has none, or its squares follow its text (a crossword's).
    in_block(width): the type drawing its puzzles as parts of a block `width` mm wide (natural
        size), as wide as the widest drawing on its page or wider: a page's drawings share one
        left edge (`PuzzleRow.aligned`), and what a drawing sets flush right (a cryptogram's
        author) ends at the block's right edge, one edge for the page, not at its own longest
        line's. None: the drawing sets nothing flush right.
    page_breaks(puzzle): where a drawing taller than a page continues on the next (mm from its
        top, each band no taller than a page's room): a narrowed crossword's clues, too many for
        the room under its grid in large print, go on in bands below it, each printed on a page
        after the grid's (`page_size`). A shape lies in the band its top edge is in. None: the
        drawing takes one page.
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
    levels: tuple[str, ...] = LEVELS
    showcase: tuple[Showcase, ...] = field(default=(), compare=False)
    older_spellings: tuple[OlderSpelling, ...] = ()
    census: Callable[[Mapping[str, Any]], JSON] | None = None
    hints: Callable[[JSON, JSON], list[JSON]] | None = None
    answer_form: Callable[[JSON, JSON], str] = answer_as_given
    answers: Callable[[Request], frozenset[str] | None] | None = None
    wider: Callable[[Request], str | None] | None = None
    play_script: str = ""
    play_style: str = ""
    play_data: Callable[[JSON], JSON | None] | None = None
    given_answer: Callable[[JSON], JSON] | None = None
    read_line: Callable[[str], JSON | None] | None = None
    narrowed: Callable[[float, float], PuzzleType] | None = None
    narrowed_alike: Callable[[Sequence[JSON], float, float, bool], PuzzleType] | None = None
    tightened: Callable[[float, float], PuzzleType] | None = None
    largest_size: Callable[[list[JSON], float, float], str | None] | None = None
    example_note: Callable[[Request | None], str | None] | None = None
    deal: Callable[[Request, Counter[str], str], Request] | None = None
    topic: Callable[[JSON], str | None] | None = None
    json_schema: str = ""
    page_breaks: Callable[[JSON], tuple[float, ...]] | None = None
    in_block: Callable[[float], PuzzleType] | None = None
    comfort_share: float = 1.0
    write_in: float = 0.0
    answer_parts: Callable[[JSON, JSON], Iterable[str]] | None = None
    draw_filled: Callable[[Pen, JSON, JSON], None] | None = None
    measure_filled: Callable[[JSON], tuple[float, float]] | None = None

    def answer_size(self, puzzle: JSON) -> tuple[float, float]:
        return (self.measure_solution or self.measure)(puzzle)

    def example_answer_size(self, puzzle: JSON) -> tuple[float, float]:
        """The size of a worked example's solved drawing (`draw_example_answer`)."""
        return self.measure_filled(puzzle) if self.measure_filled else self.answer_size(puzzle)

    def draw_example_answer(self, pen: Pen, puzzle: JSON, solution: JSON) -> None:
        """A worked example solved: the puzzle filled in where the type draws that apart from
        its answer key's drawing, else the key's."""
        (self.draw_filled or self.draw_solution)(pen, puzzle, solution)

    def bands(self, puzzle: JSON) -> tuple[tuple[float, float], ...]:
        """The drawing's bands (top, bottom, mm), one a page: the whole drawing, or as its
        `page_breaks` cut it."""
        height = self.measure(puzzle)[1]
        cuts = (0.0, *(self.page_breaks(puzzle) if self.page_breaks else ()), height)
        return tuple(zip(cuts, cuts[1:]))

    def page_size(self, puzzle: JSON) -> tuple[float, float]:
        """The room the drawing takes on a page: its size, or its tallest band's."""
        return self.measure(puzzle)[0], max(bottom - top for top, bottom in self.bands(puzzle))

    def __reduce__(self) -> tuple[Callable[[str], PuzzleType], tuple[str]]:
        """A type pickles as its name (its record holds closures): a job or a record sent to a
        worker process finds the same registered record there."""
        return registered_type, (self.name,)


def dealt_requests(request: Request, count: int, turns: Counter[str], seed: str) -> list[Request]:
    """The requests of a section's `count` puzzles: its own, or each puzzle's share of what the
    type deals out (`PuzzleType.deal`), the next turns of `turns`, in the order the book's
    `seed` deals."""
    if request.type.deal is None:
        return [request] * count
    return [request.type.deal(request, turns, seed) for _ in range(count)]


def next_turn(request: Request, turns: Counter[str], key: str, option: str = "deal") -> Request:
    """The request with `option` set to the next turn of `key` in a book's `turns` (1 the
    first): the share a dealing type (`PuzzleType.deal`) gives its next puzzle."""
    turns[key] += 1
    return Request(request.type, request.level, {**request.options, option: turns[key]})


def checked_per_theme(request: Request, themes: Iterable[str],
                      check: Callable[[Request], None]) -> None:
    """`check` the request once with each of `themes` as its `theme` (under `theme: all` the book
    deals each puzzle one), a refusal naming the theme it met."""
    for theme in themes:
        try:
            check(Request(request.type, request.level, {**request.options, "theme": theme}))
        except BookgenError as error:
            raise BookgenError(i18n._("the theme {theme}: {problem}").format(
                theme=theme, problem=error.message), key=error.key) from None


def deal_seed_problem(value: str) -> str | None:
    """Why a `deal_seed` option's value is no seed (the rule of a config's `seed:`), or None."""
    try:
        read_seed(value)
    except ValueError:
        return i18n._("{seed} is not allowed; a seed is {what}").format(
            seed=brief(value), what=i18n._(SEED_ABOUT).format(most=limits.SEED_CHARS))
    return None


def seeded_deal(request: Request, seed: str) -> Request:
    """The request with its deal in the order the book's `seed` gives, unless it names one: a
    type that deals (`PuzzleType.deal`) has a `deal_seed` option, which the puzzle's id then
    carries, so that volume 2 (another seed) takes other shares than volume 1 and the id makes
    the puzzle again. An id without it (made before the deal followed the seed) deals in the
    order the list alone gave."""
    if "deal_seed" in request.options:
        return request
    return Request(request.type, request.level, {**request.options, "deal_seed": seed})


def spread(records: Sequence[PuzzleRecord], puzzle_type: PuzzleType) -> list[PuzzleRecord]:
    """Records (each with .puzzle) in their order, except that a record of the topic just printed
    (`PuzzleType.topic`) waits for the next of another topic: two of one topic stand side by side
    only where no other is left."""
    if puzzle_type.topic is None:
        return list(records)
    topic, left = puzzle_type.topic, list(records)
    placed: list[PuzzleRecord] = []
    while left:
        last = topic(placed[-1].puzzle) if placed else None
        index = next((i for i, record in enumerate(left)
                      if last is None or topic(record.puzzle) != last), 0)
        placed.append(left.pop(index))
    return placed


def names_share(request: Request) -> bool:
    """Whether the request is one puzzle's share of what its type deals out (`PuzzleType.deal`)."""
    return request.type.deal is not None and request.options.get("deal") is not None


def shared_by_versions(request: Request) -> bool:
    """Whether a section of the request deals its puzzles shares, so that every version of a
    book takes the same ones: version B's puzzle N tests what A's does (a teacher's list), so
    it is not chosen to match A's in hardness, and the shares are counted once, not once a
    version, when a book is counted before any work."""
    return names_share(dealt_requests(request, 1, Counter(), "")[0])


def too_few_exist(request: Request, count: int, excluded: int = 0) -> str | None:
    """Why `count` different puzzles of a request cannot be had (the type counted its space, and
    it is smaller once `excluded` of them are taken out), or None: said before any work, not
    after a run of retries."""
    variety = request.type.variety(request) if request.type.variety else None
    if variety is None or count <= variety - excluded:
        return None
    with i18n.refusing():
        if variety == 0:
            return i18n._("no puzzle exists for {request}: the options leave too little room for "
                          "the level; choose another level, or widen the options").format(
                request=request.describe())
        return i18n.ngettext(
            "only {variety} different puzzle exists for {request}{excluded} and {count} are asked "
            "for (a book never repeats one); ask for fewer, or {wider}",
            "only {variety} different puzzles exist for {request}{excluded} and {count} are asked "
            "for (a book never repeats one); ask for fewer, or {wider}", variety).format(
            variety=variety, request=request.describe(), excluded=_excluded(excluded), count=count,
            wider=wider_advice([request]))


def wider_advice(requests: Sequence[Request]) -> str:
    """How the requests would give more puzzles: what their type says (`PuzzleType.wider`), where
    it says the same of each, else "widen the options"."""
    said = {request.type.wider(request) if request.type.wider else None for request in requests}
    advice = said.pop() if len(said) == 1 else None
    # Translators: ends a refusal of more puzzles than exist: "...; ask for fewer, or widen the options"
    return advice or i18n._("widen the options")


def larger_size_or_level(largest: int) -> Callable[[Request], str | None]:
    """wider for a grid type whose small sizes run out of different puzzles within a book's count
    (some 90 medium 4x4 futoshiki exist): a larger size, or another level, for a grid smaller
    than `largest` (a side, or the smaller side of a size RxC), else the book's own advice."""
    def wider(request: Request) -> str | None:
        size = request.settings.get("size")
        side = min(size) if isinstance(size, tuple) else size
        if not isinstance(side, int) or side >= largest:
            return None
        return i18n._("choose a larger size, or another level")
    return wider


def _excluded(count: int) -> str:
    """" (3 excluded)" after a request whose puzzles or answers excluded banks took, else ""."""
    # Translators: after "pyramid, easy": how many of its puzzles an exclude: bank holds already
    return " " + i18n._("({count} excluded)").format(count=count) if count else ""


def too_few_answers(asked: Sequence[tuple[Request, int]], used: Collection[str] = ()
                    ) -> tuple[list[int], str] | None:
    """Why the requests `asked` (each with its count of puzzles) cannot all be given different
    answers, where their types counted their few answers (`PuzzleType.answers`) and `used`
    (TYPE:FORM, as `answer_key` makes them, from excluded banks) are taken already; or None.

    Requests may share answers (a classic pyramid's four are the same at every level), so each
    answer is matched to one request (augmenting paths, as in bipartite matching); when some
    request is left short, the requests its unmatched slots reach through their answers ask for
    more than those answers: their indexes in `asked` and the message are returned."""
    spaces: dict[int, tuple[int, set[str], set[str]]] = {}  # index: (count, free answers, all)
    for index, (request, count) in enumerate(asked):
        forms = request.type.answers(request) if request.type.answers else None
        if forms is not None:
            keys = {answer_key(request.type.name, form) for form in forms}
            spaces[index] = (count, keys - set(used), keys)
    owner: dict[str, int] = {}

    def room(index: int, seen: set[str]) -> bool:
        """Give request `index` one more answer, moving others along where they have another."""
        for form in sorted(spaces[index][1] - seen):
            seen.add(form)
            if form not in owner or room(owner[form], seen):
                owner[form] = index
                return True
        return False

    short = []
    for index, (count, _, _) in spaces.items():
        given = 0
        while given < count and room(index, set()):
            given += 1
        if given < count:
            short.append(index)
    if not short:
        return None
    reached, todo = set(short), list(short)
    forms_reached: set[str] = set()
    while todo:
        for form in spaces[todo.pop()][1] - forms_reached:
            forms_reached.add(form)
            if owner[form] not in reached:
                reached.add(owner[form])
                todo.append(owner[form])
    indexes = sorted(reached)
    asked_for = sum(spaces[i][0] for i in indexes)
    excluded = len(set().union(*(spaces[i][2] for i in indexes)) & set(used))
    total = len(forms_reached) + excluded
    with i18n.refusing():
        named = "; ".join(asked[i][0].describe() for i in indexes)
        if indexes[1:]:
            # Translators: requests that share their answers ("pyramid, easy; pyramid, medium")
            named = i18n._("{requests} together").format(requests=named)
        return indexes, i18n.ngettext(
            "only {total} answer exists for {requests}{excluded} and {count} are asked for (a book "
            "never repeats an answer); ask for fewer, or {wider}",
            "only {total} different answers exist for {requests}{excluded} and {count} are asked "
            "for (a book never repeats an answer); ask for fewer, or {wider}",
            total).format(total=total, requests=named, excluded=_excluded(excluded), count=asked_for,
                          wider=wider_advice([asked[i][0] for i in indexes]))


def answer_key(type_name: str, form: str) -> str:
    """An answer's form as a book compares it with every other type's: TYPE:FORM."""
    return f"{type_name}:{form}"


def form_key(*candidates: Any) -> str:
    """The canonical text of a puzzle given the JSON-ready forms of it and its twins: the
    smallest, so every twin picks the same one."""
    return min(json.dumps(c, sort_keys=True, separators=(",", ":")) for c in candidates)


def fixed_rules(text: str) -> Callable[[Request | None], str]:
    """rules for types whose every section plays by the same rules: `text`, a message (marked
    N_), in the language spoken, on the page, the playable page and in the studio alike."""
    return lambda request: i18n._(text)


def fixed_example(make: Callable[[], Generated]) -> Callable[[Request | None], Generated | None]:
    """example for types whose sections all show the same worked example."""
    return lambda request: make()


def always_unique(puzzle: JSON) -> bool:
    """expects_unique for types whose every puzzle promises one answer."""
    return True


def no_answer_note(puzzle: JSON, solution: JSON, count: int) -> str:
    """answer_note for types whose answer speaks for itself."""
    return ""



# --- the registry ---------------------------------------------------------------------------------

ENTRY_POINT_GROUP = "bookgen.types"
OWN_DISTRIBUTION = "puzzle-bookgen"
"""The distribution whose entry points are the built-in types."""


@dataclass
class _Registry:
    """The registered types and what was learnt loading them, filled once, when first asked."""

    types: list[PuzzleType] = field(default_factory=list)
    built_in: tuple[PuzzleType, ...] = ()
    homes: dict[str, Traversable] = field(default_factory=dict)
    """Where each type's play_script, play_style, json_schema and catalogs are, by type name."""
    left_out: dict[str, str] = field(default_factory=dict)
    """Why each plug-in that could not be loaded was left out, by entry point name."""
    loaded: bool = False
    named: dict[str, PuzzleType] = field(default_factory=dict)
    """bookgen's own types loaded one by one (`find_type`) before the whole registry was."""


_REGISTRY = _Registry()


def registered() -> list[PuzzleType]:
    """Every type: bookgen's own (by name), then those other packages add, in the order Python
    finds their distributions. Loaded on first use, not when this module is imported: an entry
    point's module imports this one, and `bookgen --help` needs no type at all."""
    if not _REGISTRY.loaded:
        from importlib import metadata

        _REGISTRY.loaded = True
        points = metadata.entry_points(group=ENTRY_POINT_GROUP)
        own = sorted((p for p in points if _distribution(p) == OWN_DISTRIBUTION), key=lambda p: p.name)
        if not own:
            raise BookgenError(i18n._("bookgen's own puzzle types are not registered: its "
                                      "distribution {name} is not installed where Python finds it "
                                      "(run `pip install -e .` in a checkout, or install the wheel)")
                               .format(name=OWN_DISTRIBUTION))
        _REGISTRY.built_in = tuple(add_plugins(own))
        add_plugins(p for p in points if _distribution(p) != OWN_DISTRIBUTION)
    return _REGISTRY.types


load_registry_with(registered)


def own_type(name: str) -> PuzzleType | None:
    """bookgen's own type called `name`, loaded alone (its entry point's module only), or None
    when bookgen has none of that name: a command about one type (`bookgen generate placement`,
    a worker unpickling a job) need not import every type's solver. It is the record the whole
    registry holds, since bookgen's own types are registered first and under their own names."""
    if _REGISTRY.loaded:
        return next((t for t in _REGISTRY.built_in if t.name == name), None)
    if name not in _REGISTRY.named:
        target = _own_entry_points().get(name)
        if target is None:
            return None
        module, _, attribute = target.partition(":")
        loaded: Any = import_module(module)
        for part in attribute.split("."):
            loaded = getattr(loaded, part)
        if not isinstance(loaded, PuzzleType) or loaded.name != name:
            return None  # not as the registry takes bookgen's own: let it say what is wrong
        _REGISTRY.named[name] = loaded
    return _REGISTRY.named[name]


@cache
def _own_entry_points() -> dict[str, str]:
    """bookgen's own entry points of the group (name -> module:attribute), read from its
    distribution's entry_points.txt, the first on sys.path as importlib.metadata finds it, but
    without importlib.metadata: its import would cost a command about one type a fifth of its
    start-up."""
    prefix = OWN_DISTRIBUTION.replace("-", "_") + "-"
    for folder in sys.path:
        try:
            found = sorted(entry for entry in os.listdir(folder or ".")
                           if entry.startswith(prefix) and entry.endswith(".dist-info"))
        except OSError:
            continue
        for entry in found:
            try:
                text = Path(folder or ".", entry, "entry_points.txt").read_text(encoding="utf-8")
            except OSError:
                continue
            points, group = {}, None
            for line in text.splitlines():
                line = line.strip()
                if line.startswith("["):
                    group = line.strip("[]").strip()
                elif group == ENTRY_POINT_GROUP and "=" in line:
                    key, _, value = line.partition("=")
                    points[key.strip()] = value.strip()
            return points
    return {}


def built_in() -> tuple[PuzzleType, ...]:
    """The types bookgen itself registers (its distribution's entry points)."""
    registered()
    return _REGISTRY.built_in


def _distribution(point: metadata.EntryPoint) -> str | None:
    dist = getattr(point, "dist", None)  # None for an entry point made by hand (tests)
    return dist.name if dist else None


def add_plugins(points: Iterable[metadata.EntryPoint]) -> list[PuzzleType]:
    """Register the types the entry points name, after those already registered; a broken one
    is left out with a warning on stderr (see `types_left_out`). The types added."""
    added = []
    for point in points:
        try:
            types = _plugin_types(point)
        except BookgenError as error:
            _REGISTRY.left_out[point.name] = str(error)
            import multiprocessing

            if multiprocessing.current_process().name == "MainProcess":  # not again in each worker
                from bookgen.i18n import N_, refusal

                print(refusal(N_("{program}: warning: {text}"), program="bookgen", text=error),
                      file=sys.stderr)
            continue
        _REGISTRY.types.extend(types)
        added.extend(types)
        home = _home_of(point.module)
        for puzzle_type in types:
            _REGISTRY.homes[puzzle_type.name] = home
        add_home(home)  # the catalogs learn where the type's texts are from here, the registry
    return added


def _plugin_types(point: metadata.EntryPoint) -> list[PuzzleType]:
    """The types an entry point names, or a BookgenError saying why they cannot be registered."""
    dist = getattr(point, "dist", None)
    where = i18n._("the plug-in type {name} = {value} (entry point group {group}, distribution "
                   "{distribution})").format(
                       name=point.name, value=point.value, group=ENTRY_POINT_GROUP,
                       distribution=(f"{dist.name} {dist.version}" if dist
                                     else i18n.pgettext("no distribution", "unknown")))
    try:
        loaded = point.load()
    except Exception as error:  # anything a foreign import raises: reported, never a traceback
        raise BookgenError(i18n._("{where} could not be loaded: {error}").format(
            where=where, error=f"{type(error).__name__}: {error}")) from None
    types = list(loaded) if isinstance(loaded, (list, tuple)) else [loaded]
    taken = {t.name for t in _REGISTRY.types}
    for puzzle_type in types:
        if not isinstance(puzzle_type, PuzzleType):
            raise BookgenError(i18n._("{where} is not a PuzzleType (bookgen.api.PuzzleType) nor a "
                                      "list of them: its type is {kind}").format(
                where=where, kind=type(puzzle_type).__name__))
        if puzzle_type.name in taken:
            raise BookgenError(i18n._("{where} makes a type called {name}, a name another type has; "
                                      "rename it").format(where=where, name=repr(puzzle_type.name)))
        taken.add(puzzle_type.name)
        for key, path in (("play_script", puzzle_type.play_script), ("play_style", puzzle_type.play_style),
                          ("json_schema", puzzle_type.json_schema)):
            if path and not _home_of(point.module).joinpath(path).is_file():
                raise BookgenError(i18n._("{where} makes a type whose {key} {path} is no file beside "
                                          "{module} (it is read from the package the entry point "
                                          "names)").format(where=where, key=key, path=repr(path),
                                                           module=point.module))
    return types


def _home_of(module: str) -> Traversable:
    """The folder of the package `module` is or lies in (a module on its own: its folder)."""
    from importlib import resources

    imported = sys.modules[module]
    package = module if hasattr(imported, "__path__") else module.rpartition(".")[0]
    return resources.files(package) if package else Path(str(imported.__file__)).parent


def type_home(puzzle_type: PuzzleType) -> Traversable:
    """The folder a type's files are read from: the package its entry point names
    (bookgen/puzzles/NAME for a built-in type). Its catalogs are there."""
    registered()
    return _REGISTRY.homes[puzzle_type.name]


def type_languages(puzzle_type: PuzzleType) -> tuple[str, ...]:
    """The languages a type speaks, of those a book may be written in (`bookgen.i18n.languages`,
    in its order): English (its messages' own) and each with a catalog in the type's home
    (LANG.po or LANG.mo in its locale/). A book in another language is refused before any work,
    or warned of (its `untranslated` key): the type's words would print in English."""
    found = home_languages(type_home(puzzle_type))
    return tuple(code for code in i18n.languages() if code == "en" or code in found)


def type_file(puzzle_type: PuzzleType, path: str) -> str:
    """The text of one of a type's files (its play_script, play_style or json_schema), read from
    its home; "" for no file."""
    return type_home(puzzle_type).joinpath(path).read_text(encoding="utf-8") if path else ""


def find_type(name: str) -> PuzzleType:
    """The registered type called `name`, or a clear error listing the known ones (and why a
    plug-in of that name was left out)."""
    own = own_type(name)
    if own is not None:
        return own
    for puzzle_type in registered():
        if puzzle_type.name == name:
            return puzzle_type
    known = [t.name for t in registered()]
    titled = _titled(str(name), nearest(str(name), known) is None)
    message = (i18n._("{unknown} {key}; did you mean {close}? (allowed: {allowed})").format(
        unknown=i18n._("unknown puzzle type"), key=repr(name), close=repr(titled),
        allowed=", ".join(sorted(known))) if titled else
        unknown_key_message(str(name), known, i18n._("unknown puzzle type")))
    if name in _REGISTRY.left_out:
        message += f"; {_REGISTRY.left_out[name]}"
    raise BookgenError(message, key="type")


def _titled(name: str, slips: bool) -> str | None:
    """The type whose title, in a language a book may be written in, `name` is or begins (a
    German teacher's 'kreuzwort' is a crossword, Kreuzworträtsel; a Spanish one's 'crucigrama'
    too, not a cryptogram), or where no type's name is near it (`slips`), is a slip of."""
    titles: dict[str, str] = {}
    for code in i18n.languages():
        with i18n.speaking(code):
            for puzzle_type in registered():
                titles.setdefault(i18n._(puzzle_type.title).casefold(), puzzle_type.name)
    wanted = name.casefold()
    close = next((title for title in titles if len(wanted) >= 4 and title.startswith(wanted)), None)
    if close is None and slips:  # closer than a name's slip: many titles, some of them long
        import difflib

        close = next(iter(difflib.get_close_matches(wanted, list(titles), n=1, cutoff=0.8)), None)
    return titles[close] if close else None


def types_left_out() -> dict[str, str]:
    """Why each plug-in that could not be loaded was left out, by entry point name. A plug-in that
    fails to import, names no PuzzleType, or takes a name a type already has is left out with one
    warning on stderr rather than stopping bookgen: a book that does not use it still builds, and a
    book that does is refused with that same reason (`find_type`), exit status 2."""
    registered()
    return _REGISTRY.left_out


def types_with(level: str) -> list[str]:
    """The registered types that offer `level`, in the registry's order."""
    return [puzzle_type.name for puzzle_type in registered() if level in puzzle_type.levels]


def registered_type(name: str) -> PuzzleType:
    """The registered type called `name`: how a type unpickles (`PuzzleType.__reduce__`)."""
    return find_type(name)
