"""Output formats: each turns a made Book into the files it stands for, as (path, bytes), and
writes nothing itself.

The registry is one list, in the order the files are written and listed. The CLI asks it for
every format the config names and hands all the files to `bookgen.atomic.write_files` at once, so
a build writes every file or none. A new format is one function `(book, target) -> [(path, bytes)]`
and one line in FORMATS.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from bookgen.book import Book
from bookgen.errors import BookgenError
from bookgen.formats.cover import cover_files
from bookgen.formats.html import html_files
from bookgen.formats.jsonl import jsonl_files
from bookgen.formats.pdf import pdf_files

__all__ = ["FORMATS", "Format", "Output", "find_format", "render_formats"]

Output = tuple[Path, bytes]  # a file to write: where, and its whole content


@dataclass(frozen=True)
class Format:
    name: str  # as written in a config's `formats:`
    render: Callable[[Book, Path], list[Output]]  # (book, the main PDF's path) -> files


FORMATS: tuple[Format, ...] = (
    Format("pdf", pdf_files),
    Format("cover", cover_files),
    Format("html", html_files),
    Format("jsonl", jsonl_files),
)


def find_format(name: str) -> Format:
    for output_format in FORMATS:
        if output_format.name == name:
            return output_format
    raise BookgenError(f"unknown format {name!r}; bookgen writes "
                       + ", ".join(f.name for f in FORMATS), key="formats")


def render_formats(book: Book, target: Path, names: Iterable[str]) -> list[Output]:
    """The files of every named format, in the registry's order: the PDF (and its separate
    answers), the cover, the HTML page, the JSON lines."""
    wanted = {find_format(name).name for name in names}
    return [output for f in FORMATS if f.name in wanted for output in f.render(book, target)]
