"""The typeset book: front matter, sections of puzzles in a grid, answer key, as PDF bytes.

Layers as reportlab intends: a BaseDocTemplate with mirrored page templates (odd pages have the
inside margin on the left), Paragraphs for text, and `PuzzleRow` flowables that paint puzzles
through a CanvasPen. Rows record the page each puzzle lands on, and the answer key, drawn later
in the same pass (or in a second file), labels each answer with it.

A book is built in passes until it is stable: the contents page needs the pages of the sections,
a print-on-demand gutter depends on the page count, and an odd page count gets a notes page.

This module is the entry point, `render_pdf` (and `interior`, which the cover asks for its page
count); the work is split by concern: `sizes` (the type floors of each profile), `geometry`
(page boxes, gutter, grids), `flowables` (what a page is made of, the answer key's labels),
`document` (templates, story, passes) and `cover` (the wrap). Rendering returns bytes and writes
nothing: bookgen.formats and bookgen.atomic do that.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from reportlab.lib.units import mm

from bookgen.book import Book
from bookgen.render.document import BookDocument, Settled
from bookgen.render.geometry import POD_GUTTERS, Geometry, check_pod_pages, choose_grid, pod_gutter

__all__ = ["POD_GUTTERS", "BookDocument", "Geometry", "Interior", "Settled", "choose_grid",
           "interior", "pod_gutter", "render_pdf", "starting_from"]


@dataclass(frozen=True)
class Interior:
    """The printed book: its PDF, its page count, and its answer key's PDF when separate."""

    pdf: bytes
    pages: int
    answers: bytes | None


_last: list[tuple[Book, Interior]] = []  # the last book laid out, and its interior
_starts: ContextVar[tuple[dict[str | None, Settled], bool] | None] = ContextVar("starts",
                                                                              default=None)


@contextmanager
def starting_from(layouts: dict[str | None, Settled],
                  changed_only: bool = False) -> Iterator[dict[str | None, Settled]]:
    """Lay out each book (by its version) starting from `layouts`, what an earlier build of it
    settled on, and put what each settles on into it: the studio's previews, where an edit
    seldom moves a page, take one reportlab build instead of three (BookDocument.render).
    With `changed_only` (the studio's previews) only the pages that changed are painted; each
    Settled then names every page and says which were painted (the rest are left blank)."""
    token = _starts.set((layouts, changed_only))
    try:
        yield layouts
    finally:
        _starts.reset(token)


def interior(book: Book) -> Interior:
    """The book's interior. The PDF and the cover formats both ask for it in one build (the cover
    is sized from the page count), so the last one is kept: a book is laid out once."""
    if _last and _last[0][0] is book:
        return _last[0][1]
    document = BookDocument(book)
    config = book.config
    puzzle_pages: dict[int, int] = {}
    starts, changed_only = _starts.get() or (None, False)
    data, pages = document.render("book", puzzle_pages,
                                  None if starts is None else starts.get(book.version),
                                  changed_only)
    if starts is not None and document.settled is not None:
        starts[book.version] = document.settled
    if document.pod:  # the pages from the first puzzle's on, answers and all, shared by the puzzles
        each = (pages - min(puzzle_pages.values()) + 1) / len(puzzle_pages) if puzzle_pages else 0.0
        check_pod_pages(pages, document.layout.width * mm, document.layout.height * mm, config.paper,
                        config.file, each)
    answers = document.render("answers", puzzle_pages)[0] if config.answers == "separate" else None
    _last[:] = [(book, Interior(data, pages, answers))]
    return _last[0][1]


def render_pdf(book: Book) -> tuple[bytes, bytes | None]:
    """The book's PDF, and its answer key's when the answers are a separate file."""
    result = interior(book)
    return result.pdf, result.answers
