"""The middle layer: puzzle ids, seeded generation, and the self-check every printed puzzle passes.

A puzzle's id is `TYPE:LEVEL:OPTIONS:SEED` (options as `key=value,...`, each part URL-quoted), and the
generator's only randomness is `random.Random(id)`, so an id regenerates its puzzle exactly
(Tatham's `params#seed`). After generating, the puzzle is verified apart from the generator: its
answer must pass the type's rule check and, where the type promises one answer, the solver must
prove that there is exactly one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.i18n import _, pgettext, refusing
from bookgen.puzzles import current_spelling, find_type, request_for
from bookgen.puzzles.base import JSON, PuzzleRecord, PuzzleType, Request, own_type, registered


class VerificationError(BookgenError):
    """A generated or loaded puzzle failed its self-check; never printed."""


def parse_puzzle_id(text: str) -> tuple[Request, str]:
    """The request and seed text an id names (older spellings read as today's); a clear error
    for a malformed one."""
    parts = text.split(":")
    if len(parts) != 4:
        raise BookgenError(_("{id} is not a puzzle id (TYPE:LEVEL:OPTIONS:SEED)").format(id=repr(text)),
                           key="id")
    name, level, opts, seed = parts
    raw: dict[str, str] = {}
    for pair in filter(None, opts.split(",")):
        key, sep, value = pair.partition("=")
        if not sep:
            raise BookgenError(_("option {pair} in id {id} is not key=value").format(
                pair=repr(pair), id=repr(text)), key="id")
        raw[unquote(key)] = unquote(value)
    return request_for(unquote(name), level, raw), unquote(seed)


def make_puzzle(request: Request, seed: str) -> PuzzleRecord:
    """Generate one puzzle from its id's randomness and verify it before handing it out."""
    ident = request.id(seed)
    generated = request.type.generate(random.Random(ident), request)
    record = PuzzleRecord(
        puzzle_type=request.type,
        id=ident,
        level=request.level,
        rating=generated.rating,
        puzzle=generated.puzzle,
        solution=generated.solution,
    )
    verify(record)
    return record


def regenerate(ident: str) -> PuzzleRecord:
    """The puzzle an id names, made again."""
    return make_puzzle(*parse_puzzle_id(ident))


def verify(record: PuzzleRecord) -> None:
    """Refuse a puzzle whose answer breaks the rules, whose promised uniqueness fails from what
    its page shows (not from the whole JSON), or whose measured level is not its filed level."""
    with refusing():  # its words in the user's language, wherever it is verified (a bank's line)
        puzzle_type = record.puzzle_type
        where = _("puzzle {id}").format(id=record.id)
        try:
            puzzle_type.validate(record.puzzle)
        except PuzzleFormatError as error:
            raise VerificationError(f"{where}: {error.message}") from None
        problems = puzzle_type.check(record.puzzle, record.solution)
        if problems:
            raise VerificationError(_("{where}: its answer breaks the rules: {problems}").format(
                where=where, problems=pgettext("between problems", "; ").join(problems)))
        if puzzle_type.expects_unique(record.puzzle):
            count = puzzle_type.solve(puzzle_type.printed(record.puzzle).puzzle, 2).count
            if count != 1:
                raise VerificationError((_(
                    "{where}: promises one answer but the solver finds no solution from what its page "
                    "shows") if count == 0 else _(
                    "{where}: promises one answer but the solver finds more than one solution from what "
                    "its page shows")).format(where=where))
        measured = record.rating.get("level")
        if measured != record.level:
            raise VerificationError(_("{where}: filed as {level} but graded {measured}").format(
                where=where, level=record.level, measured=measured))


def record_type(data: JSON) -> str:
    """The type a puzzle line is of today: an older spelling (a pyramid of variant sum) reads
    as its current type (numberwall)."""
    puzzle = data.get("puzzle")
    return current_spelling(str(data.get("type")), puzzle if isinstance(puzzle, dict) else {})[0]


def record_from_text(text: str, where: str) -> PuzzleRecord | None:
    """A puzzle in some type's own one-line form (`PuzzleType.read_line`: sudoku's 81
    characters) as a record without id or rating; None when no type reads the text."""
    for puzzle_type in _line_readers():
        if puzzle_type.read_line is None:
            continue
        try:
            puzzle = puzzle_type.read_line(text.strip())
        except PuzzleFormatError as error:
            raise PuzzleFormatError(f"{where}: {error}") from None
        if puzzle is not None:
            return PuzzleRecord(puzzle_type, "", "", {}, puzzle, {})
    return None


OWN_LINE_READERS = ("sudoku",)
"""bookgen's own types that read a one-line form (`read_line`; tests/test_sudoku.py keeps the list
whole): asked first, each loaded alone, as the registry asks bookgen's own types before any
plug-in's, so a file of sudoku lines loads no other type."""


def _line_readers() -> Iterator[PuzzleType]:
    """The types that may read a line, in the registry's order: bookgen's own readers first, then
    the rest of the registry (a plug-in's reader), loaded only if those read nothing."""
    for name in OWN_LINE_READERS:
        own = own_type(name)
        if own is not None:
            yield own
    yield from (puzzle_type for puzzle_type in registered() if puzzle_type.name not in OWN_LINE_READERS)


def record_from_json(data: Any, where: str) -> PuzzleRecord:
    """A PuzzleRecord from one parsed JSON line, with the format checked; `where` names the line."""
    if not isinstance(data, dict):
        raise PuzzleFormatError(_("{where}: a puzzle must be a JSON object").format(where=where))
    for key in ("type", "puzzle"):
        if key not in data:
            raise PuzzleFormatError(_("{where}: missing key {key}").format(where=where, key=repr(key)))
    if not isinstance(data["puzzle"], dict):
        raise PuzzleFormatError(_("{where}: {key} must be an object").format(where=where, key="'puzzle'"))
    try:
        puzzle_type = find_type(record_type(data))
    except BookgenError as error:
        raise PuzzleFormatError(f"{where}: {error.message}") from None
    try:
        puzzle_type.validate(data["puzzle"])
    except PuzzleFormatError as error:
        raise PuzzleFormatError(f"{where}: {error}") from None
    solution = data.get("solution") or {}
    rating = data.get("rating") or {}
    if not isinstance(solution, dict) or not isinstance(rating, dict):
        raise PuzzleFormatError(_("{where}: 'solution' and 'rating' must be objects").format(where=where))
    return PuzzleRecord(
        puzzle_type=puzzle_type,
        id=str(data.get("id", "")),
        level=str(data.get("difficulty", "")),
        rating=rating,
        puzzle=data["puzzle"],
        solution=solution,
    )
