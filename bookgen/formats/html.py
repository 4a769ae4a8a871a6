"""The playable edition: NAME.html beside the PDF, the same puzzles numbered alike in one page."""

from __future__ import annotations

from pathlib import Path

from bookgen.book import Book
from bookgen.html import render_html


def html_files(book: Book, target: Path) -> list[tuple[Path, bytes]]:
    sections = [
        {"title": s.config.title, "type": s.puzzle_type.name,
         "rules": s.puzzle_type.rules(s.config.request),
         "difficulty": s.config.difficulty or "",
         "puzzles": [r.to_json() | {"number": n} for n, r in zip(s.numbers, s.records)]}
        for s in book.sections
    ]
    page = render_html(book.config.title, book.config.subtitle, sections)
    return [(target.with_suffix(".html"), page.encode("utf-8"))]
