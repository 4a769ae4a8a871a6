"""The registry: every puzzle type, in the order `bookgen types` lists them."""

from __future__ import annotations

from bookgen.core.options import unknown_key_message
from bookgen.errors import BookgenError
from bookgen.puzzles.arithmetic import ARITHMETIC
from bookgen.puzzles.arrows import ARROWS
from bookgen.puzzles.base import PuzzleType
from bookgen.puzzles.numbrix import HIDATO, NUMBRIX
from bookgen.puzzles.placement import PLACEMENT
from bookgen.puzzles.pyramid import PYRAMID

PUZZLE_TYPES: list[PuzzleType] = [
    NUMBRIX, HIDATO,
    PLACEMENT,
    ARITHMETIC,
    PYRAMID,
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
