"""The registry's front: every puzzle type, in the order `bookgen types` lists them, and the older
spellings of a type that still read as today's.

Every type comes through an entry point in the group `bookgen.types`: bookgen's own (declared in
its pyproject.toml, listed by name) first, then those other packages add (docs/types/adding.md),
each naming a `PuzzleType` or a list of them. The registry itself lives beside the record, in
`bookgen.puzzles.base`, and loads the types when first asked (`PUZZLE_TYPES`, `find_type`), never
when this package is imported: `bookgen --help` loads none.

A plug-in that cannot be loaded (it fails to import, names no PuzzleType, or takes a name a type
already has) is left out with one warning on stderr naming its entry point and distribution,
rather than stopping bookgen: a book that does not use it still builds, and a book that does is
refused with that same reason (`find_type`), exit status 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bookgen.puzzles.base import (
    ENTRY_POINT_GROUP,
    PuzzleType,
    Request,
    add_plugins,
    built_in,
    find_type,
    own_type,
    registered,
    type_file,
    type_home,
    type_languages,
)

__all__ = ["BUILT_IN", "ENTRY_POINT_GROUP", "PUZZLE_TYPES", "add_plugins", "current_spelling",
           "find_type", "play_script_text", "play_style_text", "request_for", "type_home",
           "type_languages"]


def __getattr__(name: str) -> Any:
    """PUZZLE_TYPES (the registry's list: every type) and BUILT_IN (bookgen's own), loaded when
    first named."""
    if name == "PUZZLE_TYPES":
        return registered()
    if name == "BUILT_IN":
        return built_in()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def play_script_text(puzzle_type: PuzzleType) -> str:
    """A type's game script (`play_script`), read from the type's own package: bookgen.puzzles.NAME
    for the built-in types, the entry point's package for a plug-in's. "" when it has none."""
    return type_file(puzzle_type, puzzle_type.play_script)


def play_style_text(puzzle_type: PuzzleType) -> str:
    """A type's game stylesheet (`play_style`), read as its script is. "" when it has none."""
    return type_file(puzzle_type, puzzle_type.play_style)


def current_spelling(name: str, options: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The type name and options an older spelling (a type's `older_spellings`) means today, for
    sections, --set options, ids and puzzle records alike: `pyramid` with variant sum is
    `numberwall` (its variant implied and dropped; the rest, rows, max and range, mean the same).
    A puzzle's JSON may be passed as the options: it names its variant too."""
    if _taken_as_given(name, options):
        return name, dict(options)
    for puzzle_type in registered():
        for older in puzzle_type.older_spellings:
            if name == older.name and str(options.get(older.option, "")).strip() == older.value:
                return puzzle_type.name, {key: value for key, value in options.items()
                                          if key != older.option}
    return name, dict(options)


def _taken_as_given(name: str, options: Mapping[str, Any]) -> bool:
    """Whether bookgen's own type `name` offers every choice `options` make: then no older
    spelling applies (`OlderSpelling`), and the other types need not be loaded to say so. (A
    puzzle's JSON passed as the options may hold a list under an option's name: no choice.)"""
    own = own_type(name)
    return own is not None and all(
        str(options[spec.name]).strip() in spec.choices
        for spec in own.options if spec.kind == "choice" and spec.name in options
        and not isinstance(options[spec.name], (list, dict)))


def request_for(name: str, level: str, raw: Mapping[str, Any]) -> Request:
    """A checked request from a type name and raw option values, older spellings read as today's."""
    name, options = current_spelling(name, raw)
    return Request.make(find_type(name), level, options)
