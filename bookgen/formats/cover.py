"""The cover: NAME-cover.pdf beside NAME.pdf, the one-piece wrap sized from the interior's pages."""

from __future__ import annotations

from pathlib import Path

from bookgen.book import Book


def cover_files(book: Book, target: Path) -> list[tuple[Path, bytes]]:
    from bookgen.render.cover import render_cover  # reportlab loads only when a PDF is made
    from bookgen.render.pdf import interior

    return [(cover_path(target), render_cover(book, interior(book).pages))]


def cover_path(target: Path) -> Path:
    """NAME-cover.pdf beside NAME.pdf."""
    return target.with_name(target.stem + "-cover" + target.suffix)
