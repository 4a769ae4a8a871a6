"""The playable edition: NAME.html beside the PDF, the same puzzles numbered alike in one page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bookgen.book import Book
from bookgen.html import render_html
from bookgen.puzzles.base import PuzzleType


def page_record(puzzle_type: PuzzleType, record: dict[str, Any], number: int) -> dict[str, Any]:
    """A puzzle record as the page embeds it: its number in the book and, when the type gives
    them, its hints (the grader's solving path; for the page only, never in the puzzle JSON)."""
    page = record | {"number": number}
    if puzzle_type.hints is not None:
        page["hints"] = puzzle_type.hints(record["puzzle"], record["solution"])
    return page


def html_files(book: Book, target: Path) -> list[tuple[Path, bytes]]:
    sections = [
        {"title": s.config.title, "type": s.puzzle_type.name,
         "rules": s.puzzle_type.rules(s.config.request),
         "level": s.config.level or "",
         "puzzles": [page_record(s.puzzle_type, r.to_json(), n) for n, r in zip(s.numbers, s.records)]}
        for s in book.sections
    ]
    page = render_html(book.config.title, book.config.subtitle, sections)
    return [(html_path(target), page.encode("utf-8"))]


def html_path(target: Path) -> Path:
    """NAME.html beside NAME.pdf."""
    return target.with_suffix(".html")
