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

from bookgen.atomic import STDOUT
from bookgen.book import Book, heap_frozen
from bookgen.bookconfig import BookConfig, version_letter
from bookgen.errors import BookgenError
from bookgen.formats.cover import cover_files, cover_path
from bookgen.formats.html import html_files, html_path
from bookgen.formats.jsonl import jsonl_files, jsonl_path
from bookgen.formats.pdf import answers_path, joined_pdf_files, pdf_files
from bookgen.i18n import N_, refusal

__all__ = ["FORMATS", "Format", "Output", "find_format", "planned_paths", "render_formats",
           "version_target"]

Output = tuple[Path, bytes]  # a file to write: where, and its whole content


@dataclass(frozen=True)
class Format:
    name: str  # as written in a config's `formats:`
    render: Callable[[Book, Path], list[Output]]  # (book, the main PDF's path) -> files
    # (config, the main PDF's path) -> the paths render will write, known before the book is made
    paths: Callable[[BookConfig, Path], list[Path]]


def _pdf_paths(config: BookConfig, target: Path) -> list[Path]:
    return [target] + ([answers_path(target)] if config.answers == "separate" else [])


FORMATS: tuple[Format, ...] = (
    Format("pdf", pdf_files, _pdf_paths),
    Format("cover", cover_files, lambda config, target: [cover_path(target)]),
    Format("html", html_files, lambda config, target: [html_path(target)]),
    Format("jsonl", jsonl_files, lambda config, target: [jsonl_path(target)]),
)


def find_format(name: str) -> Format:
    for output_format in FORMATS:
        if output_format.name == name:
            return output_format
    raise BookgenError(refusal(N_("unknown format {name!r}; bookgen writes {formats}"), name=name,
                               formats=", ".join(f.name for f in FORMATS)), key="formats")


def version_target(target: Path, version: str | None) -> Path:
    """Where one version of a book goes: NAME-A.pdf for version A of NAME.pdf (its other files
    named from that, NAME-A-answers.pdf, NAME-A.html ...); the target itself, unversioned."""
    if version is None or target == STDOUT:  # '-' takes one file, and refuses more (atomic)
        return target
    return target.with_name(f"{target.stem}-{version}{target.suffix}")


def planned_paths(config: BookConfig, target: Path) -> list[Path]:
    """Every file a build of `config` will write beside `target`, so that each can be checked
    (not one of the build's inputs, a folder it may write in) before any puzzle is made."""
    wanted = {find_format(name).name for name in config.formats}
    letters = [version_letter(v) for v in range(config.versions)] if config.versions > 1 else [None]
    joined = _joined(config)
    return [path for f in FORMATS if f.name in wanted & joined for path in _pdf_paths(config, target)] + [
        path for letter in letters for f in FORMATS if f.name in wanted - joined
        for path in f.paths(config, version_target(target, letter))]


def _joined(config: BookConfig) -> set[str]:
    """The formats a book of versions writes as one file of them all (`one_file`): the PDF."""
    return {"pdf"} if config.one_file and config.versions > 1 else set()


def render_formats(book: Book, target: Path, names: Iterable[str]) -> list[Output]:
    """The files of every named format, in the registry's order (the PDF and its separate
    answers, the cover, the HTML page, the JSON lines), for each version in turn; the book and
    what its making left frozen meanwhile (`heap_frozen`: the last collection of a 400-puzzle
    book's typesetting searched them for 0.05 s)."""
    wanted = {find_format(name).name for name in names}
    joined = _joined(book.config)
    with heap_frozen():
        return ((joined_pdf_files(book, target) if wanted & joined else []) + [
            output for edition in book.editions() for f in FORMATS if f.name in wanted - joined
            for output in f.render(edition, version_target(target, edition.version))])
