"""Every language: a book of every registered type builds in each, and its pages (puzzles, key and
cover) carry no English word of the catalogs' English texts."""

from __future__ import annotations

import functools
import io
import re
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

import bookgen
from bookgen.book import Book, make_book
from bookgen.config import read_config_text
from bookgen.contract import type_languages
from bookgen.i18n import languages
from bookgen.i18n.catalogs import source_homes
from bookgen.puzzles import PUZZLE_TYPES
from bookgen.render.cover import render_cover
from bookgen.render.pdf import render_pdf

PACKAGE = Path(bookgen.__file__).parent
WORD = re.compile(r"[^\W\d_]{4,}")
TYPE_NAMES = {"numbrix", "hidato"}  # names a book keeps in every language


def _config(code: str) -> str:
    """A book of every type that speaks the language (a plug-in may speak fewer: the contract's
    `type_languages`)."""
    speaking_it = [t for t in PUZZLE_TYPES if code in type_languages(t)]
    sections = "\n".join(f"  - {{type: {t.name}, count: 1, difficulty: easy}}" for t in speaking_it)
    return (f"title: Zahlenrätsel\nlanguage: {code}\nlayout: 6x9\nformats: [pdf, cover]\n"
            f"sections:\n{sections}\n")


@functools.cache
def _made() -> Book:
    return make_book(read_config_text(_config("en"), Path("every.yaml")))


def _book(code: str) -> Book:
    """The English book's puzzles in the language's book; a section whose request names the
    language (a word puzzle's words and letters are the section's language) made again in it."""
    config = read_config_text(_config(code), Path("every.yaml"))
    sections = []
    english = {made.config.puzzle_type.name: made for made in _made().sections}
    for section in config.sections:
        made = english[section.puzzle_type.name]
        if section.request != made.config.request:
            again = make_book(replace(config, sections=(section,))).sections[0]
            made = replace(again, first_number=made.first_number)
        sections.append(replace(made, config=section))
    return Book(config, tuple(sections))


def _strings(value: object) -> list[str]:
    """Every text in a puzzle's JSON (an answer's words, its grid's rows)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    return [text for item in value for text in _strings(item)] if isinstance(value, list) else []


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(text)}


@functools.cache
def _catalog_words(code: str) -> tuple[frozenset[str], frozenset[str]]:
    """The words of every English text the catalogs translate, and of their translations in `code`."""
    from babel.messages.pofile import read_po

    english: set[str] = set()
    translated: set[str] = set()
    for home in source_homes(PACKAGE):
        with (home / "locale" / f"{code}.po").open("rb") as handle:
            for message in read_po(handle):
                if not message.id:
                    continue
                ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
                texts = message.string if isinstance(message.string, (list, tuple)) else [message.string]
                english |= set().union(*map(_words, ids))
                translated |= set().union(*map(_words, texts))
    return frozenset(english), frozenset(translated)


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("code", [c for c in languages() if c != "en"])
def test_a_book_of_every_type_speaks_only_its_language(code):
    book = _book(code)
    pdf = render_pdf(book)[0]
    english, own = _catalog_words(code)
    printed = _words(_text(pdf)) | _words(_text(render_cover(book, 40)))
    content = {word for section in book.sections for record in section.records  # a puzzle's
               for text in [*section.puzzle_type.printed(record.puzzle).texts,  # own words and
                            *_strings(record.solution)]  # its answer's (DIVISION is Spanish
               for word in _words(text)}  # too; French THÈMES unscrambles to THEMES)
    left = sorted((printed & english) - own - TYPE_NAMES - content)
    assert left == [], f"English words in the {code} book: {left}"
