"""The printed book: NAME.pdf and, with `answers: separate`, NAME-answers.pdf beside it."""

from __future__ import annotations

from pathlib import Path

from bookgen.book import Book


def pdf_files(book: Book, target: Path) -> list[tuple[Path, bytes]]:
    from bookgen.render.pdf import render_pdf  # reportlab loads only when a PDF is made

    data, answers = render_pdf(book)
    files = [(target, data)]
    if answers is not None:
        files.append((answers_path(target), answers))
    return files


def answers_path(target: Path) -> Path:
    """NAME-answers.pdf beside NAME.pdf."""
    return target.with_name(target.stem + "-answers" + target.suffix)
