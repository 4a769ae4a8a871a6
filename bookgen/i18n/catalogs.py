"""The catalogs: where they live, how they are read, and how a developer keeps them whole.

A *home* is a folder with a `locale/` folder: bookgen's own package folder (the book's shared
words), bookgen/html, bookgen/studio, each bookgen/puzzles/NAME, and each plug-in type's package.
A home's catalogs hold the messages of the source files under it, leaving out any subfolder that is
a home of its own. `locale/LANG.po` is what a translator edits; a wheel also carries `LANG.mo`,
compiled when the wheel is built (setup.py), which is read in its place; a checkout reads the .po.

    python -m bookgen.i18n.catalogs update   # extract the messages, merge them into every .po
    python -m bookgen.i18n.catalogs check    # every message of every home translated in every language
    python -m bookgen.i18n.catalogs add LANG # start catalogs for a new language
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable, Iterator
from datetime import datetime
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bookgen.atomic import write_files

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from 3.11, not in 3.10

CONTEXT_SEPARATOR = "\x04"
"""Between a message's context and its id in a catalog key, as in compiled gettext catalogs."""
LOCALE = "locale"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "t": None, "tn": (1, 2), "tp": ((1, "c"), 2)}
"""The functions that mark a message: Python's (`bookgen.i18n`) and the playable page's and the
studio's script (`t`, `tn` for counts, `tp` with a context)."""
METHODS = [("**.py", "python"), ("**.js", "javascript"), ("**.html", "javascript")]
"""How each kind of source file is read for messages: the studio's HTML marks its words as the
scripts do (data-t attributes are read by its script, see bookgen/studio/static)."""
PLACEHOLDER = re.compile(r"\{(\w+)(?:[:!][^{}]*)?\}")
"""A {name} a message fills in (str.format's fields): a translation may drop one, never add one."""
FIXED_DATE = datetime(2026, 1, 1)
"""The dates a catalog's header carries: a file changes only when its messages do."""
HEADER = """\
# bookgen's texts in {code}, for one folder of bookgen (see bookgen/i18n/catalogs.py).
# Address: (formal or informal, and why)
# Checked by: (who or what checked these translations, and how)
#"""


def _package_home() -> Traversable:
    return resources.files("bookgen")


_type_homes: list[Traversable] = []
"""The homes of the registered types, in the order they were registered (`add_home`)."""


def add_home(home: Traversable) -> None:
    """A registered type's home: the registry tells each one, so that this module never imports
    the registry (the types import it)."""
    if home.joinpath(LOCALE).is_dir() and str(home) not in {str(h) for h in homes()}:
        _type_homes.append(home)


def homes() -> list[Traversable]:
    """Every home whose catalogs a book may need: bookgen's, the player's and the studio's, and
    each registered type's own (for a plug-in, the package its entry point names)."""
    return [_package_home(), _package_home() / "html", _package_home() / "studio", *_type_homes]


def _catalog_file(home: Traversable, code: str) -> Traversable | None:
    folder = home / LOCALE
    for name in (f"{code}.mo", f"{code}.po"):
        if folder.joinpath(name).is_file():
            return folder / name
    return None


@cache
def available_languages() -> tuple[str, ...]:
    """The languages with a catalog of the book's shared words, sorted."""
    folder = _package_home() / LOCALE
    if not folder.is_dir():
        return ()
    codes = {entry.name.rsplit(".", 1)[0] for entry in folder.iterdir()
             if entry.name.endswith((".po", ".mo"))}
    return tuple(sorted(codes))


def _read_catalog(file: Traversable) -> Any:
    from babel.messages.mofile import read_mo
    from babel.messages.pofile import read_po

    data = io.BytesIO(file.read_bytes())
    return read_mo(data) if file.name.endswith(".mo") else read_po(data)


def _key(message: Any) -> str:
    message_id = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    context = _text(message.context)
    return (context + CONTEXT_SEPARATOR if context else "") + _text(message_id)


def _text(value: Any) -> Any:
    """A catalog's text as str: Babel reads a compiled catalog's context as bytes."""
    return value.decode("utf-8") if isinstance(value, bytes) else value


def read_home(home: Traversable, code: str) -> tuple[dict[str, str | tuple[str, ...]], str | None]:
    """One home's messages in `code` (a fuzzy or empty translation counts as none), and the
    catalog's plural expression; ({}, None) where the home has no catalog of the language."""
    file = _catalog_file(home, code)
    if file is None:
        return {}, None
    catalog = _read_catalog(file)
    messages: dict[str, str | tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not _translated(message.string):
            continue
        text = message.string
        messages[_key(message)] = (tuple(map(_text, text)) if isinstance(text, (list, tuple))
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
    return len(_type_homes)


def english_plurals(code: str) -> dict[str, str]:
    """The English plural of each counted message (its key -> its plural id), as the catalogs of
    `code` (any language but English) keep it beside the singular: English has no catalog."""
    plurals: dict[str, str] = {}
    for home in homes():
        file = _catalog_file(home, code)
        for message in _read_catalog(file) if file is not None else ():
            if isinstance(message.id, (list, tuple)) and len(message.id) > 1:
                plurals[_key(message)] = message.id[1]
    return plurals


# --- for developers: extract, update, check --------------------------------------------------------


def source_homes(root: Path) -> list[Path]:
    """The homes in a source tree (folders with a locale/ folder), deepest last."""
    return sorted((p.parent for p in root.rglob(LOCALE) if p.is_dir()), key=lambda p: len(p.parts))


def extract(home: Path, others: Iterable[Path] = ()) -> Any:
    """The messages of the source files under `home`, leaving out the homes in `others`, as a
    Babel catalog (the template every LANG.po of the home follows)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    inner = [o for o in others if o != home and home in o.parents]
    template = Catalog(project="bookgen", fuzzy=False, creation_date=FIXED_DATE)
    for file, line, message, comments, context in extract_from_dir(
            str(home), METHODS, keywords=KEYWORDS, comment_tags=("Translators:",),
            callback=None, strip_comment_tags=True):
        path = home / file
        if any(o in path.parents for o in inner) or "tests" in path.parts:
            continue
        template.add(message, None, [(str(path.relative_to(home)), line)],
                     auto_comments=comments, context=context)
    return template


def _po_bytes(catalog: Any) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False)
    return out.getvalue()


def update(root: Path) -> list[Path]:
    """Merge each home's messages into each of its LANG.po (new ones empty, gone ones dropped);
    the files changed."""
    from babel.messages.pofile import read_po

    all_homes = source_homes(root)
    changed = []
    for home in all_homes:
        template = extract(home, all_homes)
        for po in sorted((home / LOCALE).glob("*.po")):
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=po.stem)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            catalog.revision_date = FIXED_DATE
            data = _po_bytes(catalog)
            if data != po.read_bytes():
                write_files([(po, data)])
                changed.append(po)
    return changed


def missing(root: Path) -> Iterator[str]:
    """Each message some home's source marks but one of its catalogs does not translate (or
    translates fuzzily), as 'FILE: message', and each catalog a language lacks."""
    from babel.messages.pofile import read_po

    all_homes = source_homes(root)
    codes = set()
    for home in all_homes:
        codes |= {po.stem for po in (home / LOCALE).glob("*.po")}
    for home in all_homes:
        template = extract(home, all_homes)
        ids = {_key(m): m for m in template if m.id}
        for code in sorted(codes):
            po = home / LOCALE / f"{code}.po"
            if not po.is_file():
                if ids:
                    yield f"{po}: missing ({len(ids)} messages)"
                continue
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=code)
            done = {_key(m): m for m in catalog if m.id and not m.fuzzy and _translated(m.string)}
            for key in ids:
                if key not in done:
                    yield f"{po}: {key!r}"
                elif extra := _placeholders(done[key].string) - _placeholders(done[key].id):
                    yield f"{po}: {key!r} is translated with {', '.join(sorted(extra))}, " \
                          "which the English does not fill"


def _placeholders(text: Any) -> set[str]:
    """The {names} a message (or each form of a plural one) fills in."""
    forms = text if isinstance(text, (list, tuple)) else [text]
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


def _translated(text: Any) -> bool:
    return all(text) if isinstance(text, (list, tuple)) else bool(text)


def add_language(root: Path, code: str) -> list[Path]:
    """Start LANG.po in every home (its messages empty, to translate)."""
    from babel.messages.catalog import Catalog

    made = []
    for home in source_homes(root):
        po = home / LOCALE / f"{code}.po"
        if po.exists():
            continue
        catalog = Catalog(locale=code, project="bookgen", version=None, fuzzy=False,
                          copyright_holder="the bookgen authors", header_comment=HEADER.format(code=code),
                          creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                          last_translator="see the note above", language_team=None)
        write_files([(po, _po_bytes(catalog))])
        made.append(po)
    update(root)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bookgen.i18n.catalogs", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("update", "check", "add"))
    parser.add_argument("language", nargs="?", help="for add: the new language's code, e.g. pt")
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[1]),
                        help="the source tree (default: this bookgen's package folder)")
    args = parser.parse_args(argv)
    root = Path(args.root)
    if args.command == "update":
        for po in update(root):
            print(f"updated {po}")
        return 0
    if args.command == "add":
        if not args.language:
            parser.error("add needs the language's code")
        for po in add_language(root, args.language):
            print(f"made {po}")
        return 0
    gaps = list(missing(root))
    for gap in gaps:
        print(gap)
    print(f"{len(gaps)} messages untranslated or mistranslated", file=sys.stderr)
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
