"""The catalogs' tool, for developers and translators: extract the messages a package's code marks,
merge them into its catalogs, check that each is translated, start a new language.

It works on one package's folder: bookgen's own by default, or any importable package
(`--package NAME`: a plug-in type's, the module its entry point names), or a folder (`--root`).
That folder is a *home* (bookgen.i18n.homes), and so is every folder under it with a `locale/`
folder (bookgen/html, bookgen/studio, each bookgen/puzzles/NAME): a home's catalogs hold the
messages of the .py, .js and .html files under it, leaving out any subfolder that is a home of its
own, and tests/. Messages are marked as bookgen.i18n says: `_`, `N_`, `ngettext`, `pgettext` in
Python, `t`, `tn`, `tp` in a script.

    python -m bookgen.i18n.catalogs update   # extract the messages, merge them into every .po
    python -m bookgen.i18n.catalogs check    # every message of every home translated in every language
    python -m bookgen.i18n.catalogs add LANG # start catalogs for a new language
    python -m bookgen.i18n.catalogs add de --package bookgen_example_type   # a plug-in's German

A catalog is written only when its messages or their translations change: what Babel writes of
its own (its version, the dates, its wording of the plural header) never rewrites a file, so a
clean clone stays clean whichever Babel updates it, and a file rewritten keeps the Babel version
it names. `check` exits with 1 when a message is
untranslated (each listed on standard output), 0 when none is; a usage error exits with 2.
Nothing a book runs imports this module.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from bookgen.atomic import write_files
from bookgen.i18n.homes import LOCALE, is_translated, message_key

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
# {project}'s texts in {code} (bookgen.i18n.catalogs keeps them in step with the code).
# Address: (formal or informal, and why)
# Checked by: (who or what checked these translations, and how)
#"""


class UsageError(Exception):
    """A package, folder or language the tool cannot work on: said in one line, exit status 2."""


def source_homes(root: Path) -> list[Path]:
    """The homes of a package's folder: the folder itself, then each folder under it with a
    locale/ folder, deepest last."""
    found = {root, *(p.parent for p in root.rglob(LOCALE) if p.is_dir())}
    return sorted(found, key=lambda p: (len(p.parts), str(p)))


def package_folder(name: str) -> Path:
    """The folder of the importable package `name`, where its catalogs live beside its code."""
    from importlib.util import find_spec

    try:
        spec = find_spec(name)
    except (ImportError, ValueError):  # a parent package that is not there, or a bad name
        spec = None
    if spec is None:
        raise UsageError(f"no package {name!r} can be imported here; install it where bookgen is "
                         "(pip install -e FOLDER) or name its folder with --root. A plug-in type's "
                         "package is the module its entry point names, before the colon")
    if not spec.submodule_search_locations:
        raise UsageError(f"{name!r} is a module, not a package: catalogs live in a package's "
                         "folder (PACKAGE/locale/LANG.po); make the module a package")
    return Path(list(spec.submodule_search_locations)[0])


def extract(home: Path, others: Iterable[Path] = ()) -> Any:
    """The messages of the source files under `home`, leaving out the homes in `others` and
    tests/, as a Babel catalog (the template every LANG.po of the home follows)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    inner = [o for o in others if o != home and home in o.parents]
    template = Catalog(fuzzy=False, creation_date=FIXED_DATE)
    for file, line, message, comments, context in extract_from_dir(
            str(home), METHODS, keywords=KEYWORDS, comment_tags=("Translators:",),
            callback=None, strip_comment_tags=True):
        path = home / file
        if any(o in path.parents for o in inner) or "tests" in Path(file).parts:
            continue
        template.add(message, None, [(str(path.relative_to(home)), line)],
                     auto_comments=comments, context=context)
    return template


GENERATED_BY = re.compile(rb'^"Generated-By: [^"\n]*"$', re.MULTILINE)


def _po_bytes(catalog: Any, like: bytes = b"") -> bytes:
    """A catalog as its file holds it, with the fixed dates, and the Babel version of the file it
    replaces (`like`), if any: a change of messages is then the only change in it."""
    from babel.messages.pofile import write_po

    catalog.creation_date = catalog.revision_date = FIXED_DATE
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False)
    kept = GENERATED_BY.search(like)
    return GENERATED_BY.sub(lambda _: kept.group(0), out.getvalue(), 1) if kept else out.getvalue()


def _read_po(data: bytes, code: str) -> Any:
    from babel.messages.pofile import read_po

    return read_po(io.BytesIO(data), locale=code)


def _same_messages(old: bytes, catalog: Any, code: str) -> bool:
    """Whether a catalog file holds what `catalog` holds: both written by this Babel, with the
    dates fixed, come out the same. So a file another Babel wrote (another version in its
    Generated-By, another wording of its Plural-Forms, its own wrapping) is left as it is."""
    return _po_bytes(_read_po(old, code)) == _po_bytes(catalog)


def _merged(po: Path, template: Any) -> tuple[Any, bytes | None]:
    """A catalog file with the messages of `template` merged in (new ones empty, gone ones
    dropped), and the file's new bytes, None where its messages stay as they are."""
    old = po.read_bytes()
    catalog = _read_po(old, po.stem)
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    return catalog, None if _same_messages(old, catalog, po.stem) else _po_bytes(catalog, old)


def update(root: Path) -> list[Path]:
    """Merge each home's messages into each of its LANG.po, writing only the files whose
    messages change; those files."""
    all_homes = source_homes(root)
    changed = []
    for home in all_homes:
        template = extract(home, all_homes)
        for po in sorted((home / LOCALE).glob("*.po")):
            new = _merged(po, template)[1]
            if new is not None:
                write_files([(po, new)])
                changed.append(po)
    return changed


def missing(root: Path) -> Iterator[str]:
    """Each message some home's source marks but one of its catalogs does not translate (or
    translates fuzzily, or with a {name} the English does not fill, or with a word its language's
    glossary rejects or, in French, without the no-break space before : ; ? !), as 'FILE:
    message'; each
    catalog a language lacks; and each catalog `update` would change."""
    all_homes = source_homes(root)
    codes = set()
    for home in all_homes:
        codes |= {po.stem for po in (home / LOCALE).glob("*.po")}
    for home in all_homes:
        template = extract(home, all_homes)
        ids = {message_key(m): m for m in template if m.id}
        for code in sorted(codes):
            po = home / LOCALE / f"{code}.po"
            if not po.is_file():
                if ids:
                    yield f"{po}: missing ({len(ids)} messages)"
                continue
            catalog, stale = _merged(po, template)
            done = {message_key(m): m for m in catalog
                    if m.id and not m.fuzzy and is_translated(m.string)}
            for key in ids:
                if key not in done:
                    yield f"{po}: {key!r}"
                elif extra := _placeholders(done[key].string) - _placeholders(done[key].id):
                    yield f"{po}: {key!r} is translated with {', '.join(sorted(extra))}, " \
                          "which the English does not fill"
                else:
                    yield from (f"{po}: {key!r} {problem}" for problem in _glossary(code, done[key].string))
            if stale is not None:
                yield f"{po}: out of step with the code (run update)"


def _glossary(code: str, text: Any) -> list[str]:
    """What a translation (each form of a plural one) breaks of its language's glossary and
    typography (bookgen.i18n.glossary), each said once."""
    from bookgen.i18n.glossary import problems

    forms = text if isinstance(text, (list, tuple)) else [text]
    return list(dict.fromkeys(problem for form in forms for problem in problems(code, form)))


def _placeholders(text: Any) -> set[str]:
    """The {names} a message (or each form of a plural one) fills in."""
    forms = text if isinstance(text, (list, tuple)) else [text]
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


def add_language(root: Path, code: str, project: str = "bookgen") -> list[Path]:
    """Start LANG.po in every home (its messages empty, to translate); the files made."""
    from babel import Locale, UnknownLocaleError
    from babel.messages.catalog import Catalog

    try:
        Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        raise UsageError(f"{code!r} is no language code Babel knows; use one such as de, pt or "
                         "pt_BR") from None
    made = []
    for home in source_homes(root):
        po = home / LOCALE / f"{code}.po"
        if po.exists():
            continue
        catalog = Catalog(locale=code, project=project, version=None, fuzzy=False,
                          copyright_holder=f"the {project} authors",
                          header_comment=HEADER.format(code=code, project=project),
                          last_translator="see the note above", language_team=None)
        (home / LOCALE).mkdir(exist_ok=True)
        write_files([(po, _po_bytes(catalog))])
        made.append(po)
    update(root)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bookgen.i18n.catalogs", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("update", "check", "add"))
    parser.add_argument("language", nargs="?", help="for add: the new language's code, e.g. pt")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--package", metavar="NAME",
                       help="an importable package's catalogs, beside its code (a plug-in type's: "
                            "the module its entry point names)")
    where.add_argument("--root", metavar="FOLDER",
                       help="a source folder's catalogs (default: this bookgen's package folder)")
    args = parser.parse_args(argv)
    if args.command == "add" and not args.language:
        parser.error("add needs the language's code")
    if args.command != "add" and args.language:
        parser.error(f"{args.command} takes no language: it works on every catalog of the package")
    try:
        return _run(args)
    except UsageError as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.package:
        root, project = package_folder(args.package), args.package
    else:
        root = Path(args.root) if args.root else Path(__file__).resolve().parents[1]
        if not root.is_dir():
            raise UsageError(f"no folder {str(root)!r}")
        project = root.resolve().name
    if args.command == "update":
        for po in update(root):
            print(f"updated {po}")
        return 0
    if args.command == "add":
        for po in add_language(root, args.language, project):
            print(f"made {po}")
        return 0
    gaps = list(missing(root))
    for gap in gaps:
        print(gap)
    print(f"{len(gaps)} to do (messages untranslated or mistranslated, catalogs missing or out of "
          "step with the code)", file=sys.stderr)
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
