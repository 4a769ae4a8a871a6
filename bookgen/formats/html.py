"""The playable edition: NAME.html beside the PDF, the same puzzles numbered alike in one page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bookgen.book import Book, Section
from bookgen.bookconfig import version_words
from bookgen.html import render_html
from bookgen.i18n import speaking
from bookgen.puzzles.base import PuzzleType


def page_record(puzzle_type: PuzzleType, record: dict[str, Any], number: int) -> dict[str, Any]:
    """A puzzle record as the page embeds it: its number in the book and, when the type gives
    them, its hints (the grader's solving path, its reasons in the language spoken here; for the
    page only, never in the puzzle JSON)."""
    page = record | {"number": number}
    if puzzle_type.hints is not None:
        page["hints"] = puzzle_type.hints(record["puzzle"], record["solution"])
    return page


def _page_section(book: Book, section: Section) -> dict[str, Any]:
    """A section as the page shows it, in the section's language: its rules (the config's own, or
    the type's) and the reasons of its hints."""
    with speaking(book.config.speech(section.config)):
        return {"title": section.config.title, "type": section.puzzle_type.name,
                "rules": section.config.rules or section.puzzle_type.rules(section.request),
                "level": section.levels[0] if len(section.levels) == 1 else "",
                "puzzles": [page_record(section.puzzle_type, r.to_json(), n)
                            for n, r in zip(section.numbers, section.records)]}


def html_files(book: Book, target: Path) -> list[tuple[Path, bytes]]:
    sections = [_page_section(book, s) for s in book.sections]
    with speaking(book.config.speech()):
        title = book.config.title
        if book.version:  # the page of one version: its letter beside the title
            title = f"{title} \u00b7 {version_words(book.version)}"
        page = render_html(title, book.config.subtitle, sections)
    return [(html_path(target), page.encode("utf-8"))]


def html_path(target: Path) -> Path:
    """NAME.html beside NAME.pdf."""
    return target.with_suffix(".html")
