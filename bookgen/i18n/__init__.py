"""Languages: every word a reader sees comes from a gettext catalog of the book's language.

Source texts are English and are their own message ids, so an English book needs no catalog and
prints exactly what the code says. Each folder that shows words to a reader keeps its catalogs in a
`locale/` folder of its own (`LANG.po`): the book's shared words in bookgen/locale, the player's in
bookgen/html/locale, the studio's in bookgen/studio/locale and each type's in its folder
(bookgen/puzzles/NAME/locale, or a plug-in's package); `bookgen.i18n.catalogs` extracts, updates
and checks them. A `Language` merges every catalog of one language, with the book's own `texts:`
laid over them.

Code marks a text where it is written: `_("Answers")` where it is used, `N_("...")` on a constant
that is translated where it is used (`_(RULES)`), `ngettext` for counts, `pgettext` where one
English word needs two translations. They speak the language made current by `speaking(language)`
(a context variable, so worker threads and processes start in English unless told). Numbers in
prose go through `Language.number` (Babel: a decimal comma in de, fr, es, it and nl).
"""

from __future__ import annotations

import contextvars
import gettext as _gettext
import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bookgen.errors import BookgenError
from bookgen.i18n.homes import CONTEXT_SEPARATOR, available_languages, read_language, type_homes_known

__all__ = ["ENGLISH", "Language", "N_", "_", "current", "language", "languages", "ngettext",
           "pgettext", "refusing", "speaking", "users_language"]

def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


@dataclass(frozen=True)
class Language:
    """One language's catalogs merged: `messages` maps an id (CONTEXT\\x04ID with a context) to its
    text, or to the tuple of its plural forms for an id with a plural; `texts` are the book's own
    replacements (`texts:` in a config), which win over the catalog."""

    code: str
    messages: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict, repr=False)
    plural_expression: str = "(n != 1)"
    texts: Mapping[str, str] = field(default_factory=dict)

    @property
    def plural_index(self) -> Callable[[int], int]:
        return _plural_function(self.plural_expression)

    def gettext(self, message: str) -> str:
        if message in self.texts:
            return self.texts[message]
        found = self.messages.get(message)
        return found if isinstance(found, str) and found else message

    def pgettext(self, context: str, message: str) -> str:
        key = context + CONTEXT_SEPARATOR + message
        if key in self.texts:
            return self.texts[key]
        found = self.messages.get(key)
        return found if isinstance(found, str) and found else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if singular in self.texts:  # an override of a counted text gives its forms as "one|many"
            forms = self.texts[singular].split("|")
            return forms[0] if n == 1 or len(forms) == 1 else forms[1]
        found = self.messages.get(singular)
        if isinstance(found, tuple) and all(found):
            index = self.plural_index(n)
            return found[index] if 0 <= index < len(found) else found[-1]
        return singular if n == 1 else plural

    def number(self, value: float, places: int = 0) -> str:
        """A number in prose, with `places` decimals: 3.5 in English, 3,5 in German; thousands
        grouped as the language groups them (a thin space in French). Grids print plain digits."""
        if self.code == "en":
            return f"{value:,.{places}f}"
        from babel.numbers import format_decimal

        pattern = "#,##0" + ("." + "0" * places if places else "")
        return str(format_decimal(value, pattern, locale=self.code))

    def with_texts(self, texts: Mapping[str, str]) -> Language:
        return Language(self.code, self.messages, self.plural_expression, {**self.texts, **texts})

    def catalog_for_player(self, ids: Iterator[str] | list[str]) -> dict[str, Any]:
        """The texts of `ids` (the player's and its games' messages) as the playable page hands
        them to its script: id -> text or list of plural forms, only those that differ."""
        found: dict[str, Any] = {}
        for message in ids:
            if message in self.texts:
                found[message] = self.texts[message]
            elif message in self.messages and self.messages[message]:
                value = self.messages[message]
                found[message] = list(value) if isinstance(value, tuple) else value
        return found


@cache
def _plural_function(expression: str) -> Callable[[int], int]:
    if expression == "(n != 1)":
        return _english_plural
    return _gettext.c2py(expression)  # type: ignore[attr-defined]  # the stdlib's, as gettext uses it


ENGLISH = Language("en")
"""The source language: every text is its own id."""

_CURRENT: contextvars.ContextVar[Language] = contextvars.ContextVar("bookgen_language", default=ENGLISH)


def current() -> Language:
    """The language texts are spoken in here and now."""
    return _CURRENT.get()


@contextmanager
def speaking(spoken: Language | str) -> Iterator[Language]:
    """Speak `spoken` (a Language, or a code such as "de") inside the block."""
    chosen = spoken if isinstance(spoken, Language) else language(spoken)
    token = _CURRENT.set(chosen)
    try:
        yield chosen
    finally:
        _CURRENT.reset(token)


def users_language() -> str:
    """The language the user's environment asks messages in (gettext's order: LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG; "de_DE.UTF-8" is German) when bookgen speaks it, else English. A worker
    process inherits the environment, so it finds the same language as the command that started it."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for wanted in os.environ.get(variable, "").split(":"):
            code = re.split(r"[_.@-]", wanted, maxsplit=1)[0].lower()
            if code in languages():
                return code
            if wanted:
                return "en"  # C, POSIX or a language bookgen lacks
    return "en"


def refusing() -> AbstractContextManager[Language]:
    """Speak the user's language (`users_language`) inside the block: for a refusal's words, never
    for what a book prints (a book speaks its own `language:`)."""
    return speaking(users_language())


def refusal(message: str, **values: object) -> str:
    """`message` (marked with `N_`) in the user's language (`refusing`), its placeholders filled:
    a refusal's words wherever it is raised, inside a book's language or not."""
    with refusing():
        return _(message).format(**values)


def _(message: str) -> str:
    """`message` in the current language."""
    return _CURRENT.get().gettext(message)


def N_(message: str) -> str:  # noqa: N802 (gettext's own name, which the extractor looks for)
    """Mark a constant for the catalogs; it is translated where it is used, with `_`."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted text for `n` in the current language ("{n} cell" / "{n} cells")."""
    return _CURRENT.get().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, where `context` tells two uses of one English text apart."""
    return _CURRENT.get().pgettext(context, message)


def languages() -> tuple[str, ...]:
    """The codes a book may be written in: English and every language with a catalog of the book's
    shared words (bookgen/locale/LANG.po)."""
    return ("en", *available_languages())


def language(code: str) -> Language:
    """The language `code`, its catalogs read once per process; an unknown code is refused with the
    codes there are."""
    if code == "en":
        return ENGLISH
    if code not in languages():
        raise BookgenError(f"no language {code!r}; the languages: {', '.join(languages())} "
                           "(docs/languages.md says how to add one)", key="language")
    return _loaded(code)


def known_texts() -> frozenset[str]:
    """Every text a book's `texts:` may replace: the ids of every catalog (with its context, as
    CONTEXT\x04ID, where it has one)."""
    known: set[str] = set()
    for code in languages()[1:]:
        known |= set(_loaded(code).messages)
    return frozenset(known)


def _loaded(code: str) -> Language:
    messages = _Catalogs(code)
    return Language(code, messages, messages.plural_expression)


class _Catalogs(Mapping[str, "str | tuple[str, ...]"]):
    """A language's messages in every home the catalogs know of now: read again (once) after the
    registry has told them of more types' homes, so that a language taken before the types were
    loaded (a config's, say) does not lack their words. Pickles as its code."""

    def __init__(self, code: str) -> None:
        self.code = code

    def __reduce__(self) -> tuple[type[_Catalogs], tuple[str]]:
        return _Catalogs, (self.code,)

    def _now(self) -> Mapping[str, str | tuple[str, ...]]:
        return _read(self.code, type_homes_known())[0]

    @property
    def plural_expression(self) -> str:
        return _read(self.code, type_homes_known())[1]

    def __getitem__(self, key: str) -> str | tuple[str, ...]:
        return self._now()[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self._now().get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._now()

    def __iter__(self) -> Iterator[str]:
        return iter(self._now())

    def __len__(self) -> int:
        return len(self._now())


@cache
def _read(code: str, type_homes: int) -> tuple[dict[str, str | tuple[str, ...]], str]:
    return read_language(code)
