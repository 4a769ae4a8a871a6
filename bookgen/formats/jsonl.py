"""The book's puzzles as JSON lines, NAME.jsonl beside the PDF: every printed puzzle in print order,
as `bookgen generate` writes them, with its number in the book. A later volume's `exclude:` and a
section's `from:` read it."""

from __future__ import annotations

import json
from pathlib import Path

from bookgen.book import Book


def jsonl_files(book: Book, target: Path) -> list[tuple[Path, bytes]]:
    lines = [json.dumps(printed.record.to_json() | {"number": printed.number})
             for section in book.sections for printed in section.puzzles]
    return [(jsonl_path(target), "".join(line + "\n" for line in lines).encode("utf-8"))]


def jsonl_path(target: Path) -> Path:
    """NAME.jsonl beside NAME.pdf."""
    return target.with_suffix(".jsonl")
