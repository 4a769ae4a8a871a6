"""The book's puzzles as JSON lines, NAME.jsonl beside the PDF: every printed puzzle in print order,
as `bookgen generate` writes them, with its number in the book (and in a book of `versions:`,
one file per version, its version: "A"). A later volume's `exclude:` and a section's `from:`
read it."""

from __future__ import annotations

import json
from pathlib import Path

from bookgen.book import Book


def jsonl_files(book: Book, target: Path) -> list[tuple[Path, bytes]]:
    """Each puzzle of the book with its number and, in a version of a sheet, its version's letter."""
    version = {"version": book.version} if book.version else {}
    lines = [json.dumps(printed.record.to_json() | {"number": printed.number} | version)
             for section in book.sections for printed in section.puzzles]
    return [(jsonl_path(target), "".join(line + "\n" for line in lines).encode("utf-8"))]


def jsonl_path(target: Path) -> Path:
    """NAME.jsonl beside NAME.pdf."""
    return target.with_suffix(".jsonl")
