"""The registry: every puzzle type, in the order `bookgen types` lists them, and the older
spellings of a type that still read as today's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bookgen.core.options import unknown_key_message
from bookgen.errors import BookgenError
from bookgen.puzzles.arithmetic import ARITHMETIC
from bookgen.puzzles.arrows import ARROWS
from bookgen.puzzles.base import PuzzleType, Request
from bookgen.puzzles.numberwall import NUMBERWALL
from bookgen.puzzles.numbrix import HIDATO, NUMBRIX
from bookgen.puzzles.placement import PLACEMENT
from bookgen.puzzles.pyramid import PYRAMID

PUZZLE_TYPES: list[PuzzleType] = [
    NUMBRIX, HIDATO,
    PLACEMENT,
    ARITHMETIC,
    PYRAMID,
    NUMBERWALL,
    ARROWS,
]


def find_type(name: str) -> PuzzleType:
    """The registered type called `name`, or a clear error listing the known ones."""
    for puzzle_type in PUZZLE_TYPES:
        if puzzle_type.name == name:
            return puzzle_type
    raise BookgenError(
        unknown_key_message(str(name), [t.name for t in PUZZLE_TYPES], "puzzle type"), key="type"
    )


def current_spelling(name: str, options: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The type name and options an older spelling (a type's `older_spellings`) means today, for
    sections, --set options, ids and puzzle records alike: `pyramid` with variant sum is
    `numberwall` (its variant implied and dropped; the rest, rows, max and range, mean the same).
    A puzzle's JSON may be passed as the options: it names its variant too."""
    for puzzle_type in PUZZLE_TYPES:
        for older in puzzle_type.older_spellings:
            if name == older.name and str(options.get(older.option, "")).strip() == older.value:
                return puzzle_type.name, {key: value for key, value in options.items()
                                          if key != older.option}
    return name, dict(options)


def request_for(name: str, level: str, raw: Mapping[str, Any]) -> Request:
    """A checked request from a type name and raw option values, older spellings read as today's."""
    name, options = current_spelling(name, raw)
    return Request.make(find_type(name), level, options)
