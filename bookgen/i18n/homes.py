"""Where the catalogs live and how a book reads them.

A *home* is a folder with a `locale/` folder: bookgen's own package folder (the book's shared
words), bookgen/html, bookgen/studio, each bookgen/puzzles/NAME, and each plug-in type's package.
`locale/LANG.po` is what a translator edits; a wheel also carries `LANG.mo`, compiled when the
wheel is built (setup.py), which is read in its place; a checkout reads the .po. Keeping them
whole (extracting, updating, checking) is the developer's tool's, `bookgen.i18n.catalogs`, which
nothing a book runs imports.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from 3.11, not in 3.10

CONTEXT_SEPARATOR = "\x04"
"""Between a message's context and its id in a catalog key, as in compiled gettext catalogs."""
LOCALE = "locale"


def _package_home() -> Traversable:
    from importlib import resources  # here: a command in English about one type reads no catalog

    return resources.files("bookgen")


_type_homes: list[Traversable] = []
"""The homes of the registered types, in the order they were registered (`add_home`)."""
_registry: list[Callable[[], object]] = []
"""How to load the whole registry (`load_registry_with`), which tells of every type's home."""


def load_registry_with(load: Callable[[], object]) -> None:
    """The registry's loader: asked for the homes, this module loads every type first (a
    command about one type loads that type alone, and may then speak any type's words)."""
    _registry.append(load)


def add_home(home: Traversable) -> None:
    """A registered type's home: the registry tells each one, so that this module never imports
    the registry (the types import it)."""
    if home.joinpath(LOCALE).is_dir() and str(home) not in {str(h) for h in _type_homes}:
        _type_homes.append(home)


def homes() -> list[Traversable]:
    """Every home whose catalogs a book may need: bookgen's, the player's and the studio's, and
    each registered type's own (for a plug-in, the package its entry point names)."""
    for load in _registry:
        load()
    return [_package_home(), _package_home() / "html", _package_home() / "studio", *_type_homes]


def _catalog_file(home: Traversable, code: str) -> Traversable | None:
    folder = home / LOCALE
    for name in (f"{code}.mo", f"{code}.po"):
        if folder.joinpath(name).is_file():
            return folder / name
    return None


def home_languages(home: Traversable) -> tuple[str, ...]:
    """The languages a home has a catalog of (LANG.po or LANG.mo in its locale/), sorted."""
    folder = home / LOCALE
    if not folder.is_dir():
        return ()
    return tuple(sorted({entry.name.rsplit(".", 1)[0] for entry in folder.iterdir()
                         if entry.name.endswith((".po", ".mo"))}))


@cache
def available_languages() -> tuple[str, ...]:
    """The languages with a catalog of the book's shared words, sorted."""
    return home_languages(_package_home())


def _read_catalog(file: Traversable) -> Any:
    from babel.messages.mofile import read_mo
    from babel.messages.pofile import read_po

    data = io.BytesIO(file.read_bytes())
    return read_mo(data) if file.name.endswith(".mo") else read_po(data)


def message_key(message: Any) -> str:
    """A Babel message's key in a merged language: its id, CONTEXT\\x04ID where it has a context."""
    message_id = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    context = _text(message.context)
    return (context + CONTEXT_SEPARATOR if context else "") + _text(message_id)


def _text(value: Any) -> Any:
    """A catalog's text as str: Babel reads a compiled catalog's context as bytes."""
    return value.decode("utf-8") if isinstance(value, bytes) else value


def is_translated(text: Any) -> bool:
    """Whether a message's translation (or each of its plural forms) is there."""
    return all(text) if isinstance(text, (list, tuple)) else bool(text)


def read_home(home: Traversable, code: str) -> tuple[dict[str, str | tuple[str, ...]], str | None]:
    """One home's messages in `code` (a fuzzy or empty translation counts as none), and the
    catalog's plural expression; ({}, None) where the home has no catalog of the language."""
    file = _catalog_file(home, code)
    if file is None:
        return {}, None
    catalog = _read_catalog(file)
    messages: dict[str, str | tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not is_translated(message.string):
            continue
        text = message.string
        messages[message_key(message)] = (tuple(map(_text, text)) if isinstance(text, (list, tuple))
                                          else _text(text))
    return messages, catalog.plural_expr


def read_language(code: str, among: Iterable[Traversable] | None = None
                  ) -> tuple[dict[str, str | tuple[str, ...]], str]:
    """The messages of `code` in the homes `among` (default: every home), merged, and the
    language's plural expression."""
    messages: dict[str, str | tuple[str, ...]] = {}
    plural_expression = "(n != 1)"
    for home in homes() if among is None else among:
        found, expression = read_home(home, code)
        messages.update(found)
        plural_expression = expression or plural_expression
    return messages, plural_expression


def type_homes_known() -> int:
    """How many types' homes the registry has told of (`add_home`): a language read with fewer is
    read again."""
    for load in _registry:
        load()
    return len(_type_homes)


def english_plurals(code: str) -> dict[str, str]:
    """The English plural of each counted message (its key -> its plural id), as the catalogs of
    `code` (any language but English) keep it beside the singular: English has no catalog."""
    plurals: dict[str, str] = {}
    for home in homes():
        file = _catalog_file(home, code)
        for message in _read_catalog(file) if file is not None else ():
            if isinstance(message.id, (list, tuple)) and len(message.id) > 1:
                plurals[message_key(message)] = message.id[1]
    return plurals
