"""The registry: every puzzle type, in the order `bookgen types` lists them, and the older
spellings of a type that still read as today's.

The built-in types come first, then the types other packages add through an entry point in the
group `bookgen.types` (docs/types/adding.md), each naming a `PuzzleType` or a list of them. They
are loaded once, when this module is first imported: `bookgen --help` never imports it.

A plug-in that cannot be loaded (it fails to import, names no PuzzleType, or takes a name a type
already has) is left out with one warning on stderr naming its entry point and distribution,
rather than stopping bookgen: a book that does not use it still builds, and a book that does is
refused with that same reason (`find_type`), exit status 2.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Iterable, Mapping
from importlib import metadata, resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bookgen.core.options import unknown_key_message
from bookgen.errors import BookgenError
from bookgen.puzzles.arithmetic import ARITHMETIC
from bookgen.puzzles.arrows import ARROWS
from bookgen.puzzles.base import PuzzleType, Request
from bookgen.puzzles.cryptogram import CRYPTOGRAM
from bookgen.puzzles.numberwall import NUMBERWALL
from bookgen.puzzles.numbrix import HIDATO, NUMBRIX
from bookgen.puzzles.placement import PLACEMENT
from bookgen.puzzles.pyramid import PYRAMID
from bookgen.puzzles.scramble import SCRAMBLE
from bookgen.puzzles.sudoku import SUDOKU
from bookgen.puzzles.wordsearch import WORDSEARCH

if TYPE_CHECKING:  # for the type checker only: importlib.abc's warns from Python 3.12 on, and
    # importlib.resources.abc, its home since 3.11, is not in 3.10
    from importlib.abc import Traversable

BUILT_IN: tuple[PuzzleType, ...] = (
    NUMBRIX, HIDATO,
    PLACEMENT,
    ARITHMETIC,
    PYRAMID,
    NUMBERWALL,
    ARROWS,
    SUDOKU,
    WORDSEARCH,
    SCRAMBLE,
    CRYPTOGRAM,
)
PUZZLE_TYPES: list[PuzzleType] = list(BUILT_IN)
ENTRY_POINT_GROUP = "bookgen.types"

_homes: dict[str, Traversable] = {}
"""Where each plug-in type's play_script and play_style are read from, by type name (built-ins:
this package)."""
_left_out: dict[str, str] = {}
"""Why each plug-in that could not be loaded was left out, by entry point name."""


def add_plugins(points: Iterable[metadata.EntryPoint]) -> list[PuzzleType]:
    """Register the types the entry points name, after those already registered; a broken one
    is left out with a warning on stderr (see the module's docstring). The types added."""
    added = []
    for point in points:
        try:
            types = _plugin_types(point)
        except BookgenError as error:
            _left_out[point.name] = str(error)
            if multiprocessing.current_process().name == "MainProcess":  # not again in each worker
                print(f"bookgen: warning: {error}", file=sys.stderr)
            continue
        PUZZLE_TYPES.extend(types)
        added.extend(types)
        _homes.update(dict.fromkeys((t.name for t in types), _home_of(point.module)))
    return added


def _plugin_types(point: metadata.EntryPoint) -> list[PuzzleType]:
    """The types an entry point names, or a BookgenError saying why they cannot be registered."""
    dist = getattr(point, "dist", None)  # None for an entry point made by hand (tests)
    where = (f"the plug-in type {point.name} = {point.value} (entry point group "
             f"{ENTRY_POINT_GROUP}, distribution {dist.name + ' ' + dist.version if dist else 'unknown'})")
    try:
        loaded = point.load()
    except Exception as error:  # anything a foreign import raises: reported, never a traceback
        raise BookgenError(f"{where} could not be loaded: {type(error).__name__}: {error}") from None
    types = list(loaded) if isinstance(loaded, (list, tuple)) else [loaded]
    taken = {t.name for t in PUZZLE_TYPES}
    for puzzle_type in types:
        if not isinstance(puzzle_type, PuzzleType):
            raise BookgenError(f"{where} is a {type(puzzle_type).__name__}, not a PuzzleType "
                               "(bookgen.puzzles.base.PuzzleType) nor a list of them")
        if puzzle_type.name in taken:
            raise BookgenError(f"{where} makes a type called {puzzle_type.name!r}, a name another "
                               "type has; rename it")
        taken.add(puzzle_type.name)
        for field, path in (("play_script", puzzle_type.play_script),
                            ("play_style", puzzle_type.play_style)):
            if path and not _home_of(point.module).joinpath(path).is_file():
                raise BookgenError(f"{where} makes a type whose {field} {path!r} is no file beside "
                                   f"{point.module} (it is read from the package the entry point names)")
    return types


def _home_of(module: str) -> Traversable:
    """Where the play_script and play_style of a type from `module` are found: the package the
    module is or lies in (a module on its own: its folder)."""
    imported = sys.modules[module]
    package = module if hasattr(imported, "__path__") else module.rpartition(".")[0]
    return resources.files(package) if package else Path(str(imported.__file__)).parent


def play_script_text(puzzle_type: PuzzleType) -> str:
    """A type's game script (`play_script`), read from the type's own package: bookgen.puzzles for
    the built-in types, the entry point's package for a plug-in's. "" when it has none."""
    return _play_file(puzzle_type, puzzle_type.play_script)


def play_style_text(puzzle_type: PuzzleType) -> str:
    """A type's game stylesheet (`play_style`), read as its script is. "" when it has none."""
    return _play_file(puzzle_type, puzzle_type.play_style)


def _play_file(puzzle_type: PuzzleType, path: str) -> str:
    if not path:
        return ""
    home = _homes.get(puzzle_type.name) or resources.files(__name__)
    return home.joinpath(path).read_text(encoding="utf-8")


def type_home(puzzle_type: PuzzleType) -> Traversable:
    """The folder a type lives in: bookgen/puzzles/NAME for a built-in type (the package its
    generator lies in), the entry point's package for a plug-in's. Its catalogs are there."""
    if puzzle_type.name in _homes:
        return _homes[puzzle_type.name]
    return resources.files(".".join(puzzle_type.generate.__module__.split(".")[:3]))


def find_type(name: str) -> PuzzleType:
    """The registered type called `name`, or a clear error listing the known ones."""
    for puzzle_type in PUZZLE_TYPES:
        if puzzle_type.name == name:
            return puzzle_type
    message = unknown_key_message(str(name), [t.name for t in PUZZLE_TYPES], "puzzle type")
    if name in _left_out:
        message += f"; {_left_out[name]}"
    raise BookgenError(message, key="type")


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


add_plugins(metadata.entry_points(group=ENTRY_POINT_GROUP))
