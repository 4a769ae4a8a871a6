"""The typeset book: title page, sections of puzzles in a grid, answer key; written atomically.

Layers as reportlab intends: a BaseDocTemplate with mirrored page templates (odd pages have the
inside margin on the left), Paragraphs for text, and `PuzzleRow` flowables that paint puzzles
through a CanvasPen. Puzzle rows record the page each puzzle lands on, and the answer key, drawn
later in the same pass (or in a second file), labels each answer with it.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
)

from bookgen.book import Book, Section
from bookgen.config import Layout
from bookgen.core.levels import LEVELS
from bookgen.errors import BookgenError
from bookgen.making import PuzzleRecord
from bookgen.puzzles.base import PuzzleType
from bookgen.render.fonts import Fonts, register_fonts
from bookgen.render.pdfpen import CanvasPen

COLUMN_GAP = 8 * mm
ROW_GAP = 5 * mm
LABEL_HEIGHT = 7 * mm  # puzzle number above each puzzle
ANSWER_LABEL_HEIGHT = 9 * mm  # number, page and note above each answer
ANSWER_MIN_SCALE = 0.55
HARD_MIN_SCALE = 0.3  # below this a requested per_page is refused
EXAMPLE_HEIGHT = 32 * mm


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    scale: float
    slot_width: float  # points
    slot_height: float  # points


def choose_grid(natural: tuple[float, float], frame: tuple[float, float], label: float,
                grids: tuple[tuple[int, int], ...], min_scale: float, max_scale: float,
                per_page: int | None = None) -> Grid:
    """The densest grid whose slots hold the natural size (mm) at min_scale or more; with
    per_page, the best arrangement of exactly that many slots."""
    width_mm, height_mm = natural

    def fit(columns: int, rows: int) -> Grid:
        slot_w = (frame[0] - (columns - 1) * COLUMN_GAP) / columns
        slot_h = frame[1] / rows - 0.01
        room_h = slot_h - label - ROW_GAP
        scale = min(slot_w / (width_mm * mm), room_h / (height_mm * mm), max_scale)
        return Grid(columns, rows, scale, slot_w, slot_h)

    if per_page is not None:
        shapes = [(c, -(-per_page // c)) for c in range(1, min(per_page, 4) + 1)]
        best = max((fit(c, r) for c, r in shapes), key=lambda g: g.scale)
        if best.scale < HARD_MIN_SCALE:
            raise BookgenError(f"{per_page} of these puzzles do not fit on one page of this layout",
                               key="per_page")
        return best
    for columns, rows in grids:
        grid = fit(columns, rows)
        if grid.scale >= min_scale:
            return grid
    return fit(1, 1)


@dataclass(frozen=True)
class Styles:
    title: ParagraphStyle
    subtitle: ParagraphStyle
    heading: ParagraphStyle
    info: ParagraphStyle
    body: ParagraphStyle
    small: ParagraphStyle


def make_styles(layout: Layout, fonts: Fonts) -> Styles:
    body = layout.body_size
    return Styles(
        title=ParagraphStyle("title", fontName=fonts.bold, fontSize=layout.title_size,
                             leading=layout.title_size * 1.2, alignment=TA_CENTER,
                             spaceAfter=layout.title_size * 0.6),
        subtitle=ParagraphStyle("subtitle", fontName=fonts.italic, fontSize=body * 1.5,
                                leading=body * 2, alignment=TA_CENTER, spaceAfter=body * 2),
        heading=ParagraphStyle("heading", fontName=fonts.bold, fontSize=layout.heading_size,
                               leading=layout.heading_size * 1.25, spaceAfter=4),
        info=ParagraphStyle("info", fontName=fonts.italic, fontSize=body, leading=body * 1.35,
                            spaceAfter=body * 0.6),
        body=ParagraphStyle("body", fontName=fonts.regular, fontSize=body, leading=body * 1.4,
                            spaceAfter=body),
        small=ParagraphStyle("small", fontName=fonts.regular, fontSize=body * 0.85,
                             leading=body * 1.15, alignment=TA_CENTER),
    )


class Bookmark(Flowable):
    """An invisible anchor that adds a PDF outline entry where it lands."""

    def __init__(self, key: str, title: str, level: int = 0) -> None:
        super().__init__()
        self.key, self.title, self.level = key, title, level
        self.width = self.height = 0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.canv.bookmarkPage(self.key)
        self.canv.addOutlineEntry(self.title, self.key, level=self.level, closed=False)


class PuzzleRow(Flowable):
    """One row of puzzle slots (or answer slots) at a fixed scale."""

    def __init__(self, items: list[tuple[int, PuzzleRecord, PuzzleType]], grid: Grid,
                 fonts: Fonts, pages: dict[int, int], answers: bool) -> None:
        super().__init__()
        self.items, self.grid, self.fonts, self.pages, self.answers = items, grid, fonts, pages, answers
        self.width = grid.columns * grid.slot_width + (grid.columns - 1) * COLUMN_GAP
        self.height = grid.slot_height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        for column, (number, record, puzzle_type) in enumerate(self.items):
            left = column * (self.grid.slot_width + COLUMN_GAP)
            if self.answers:
                self._label_answer(left, number, record, puzzle_type)
                size = puzzle_type.answer_size(record.puzzle)
                top_gap = ANSWER_LABEL_HEIGHT
            else:
                self.pages[number] = canvas.getPageNumber()
                canvas.setFont(self.fonts.bold, 11)
                canvas.drawString(left, self.height - 4 * mm, str(number))
                size = puzzle_type.measure(record.puzzle)
                top_gap = LABEL_HEIGHT
            drawn_width = size[0] * mm * self.grid.scale
            pen = CanvasPen(canvas, left + (self.grid.slot_width - drawn_width) / 2,
                            self.height - top_gap, self.grid.scale, self.fonts)
            if self.answers:
                puzzle_type.draw_solution(pen, record.puzzle, record.solution)
            else:
                puzzle_type.draw_puzzle(pen, record.puzzle)

    def _label_answer(self, left: float, number: int, record: PuzzleRecord,
                      puzzle_type: PuzzleType) -> None:
        canvas = self.canv
        page = self.pages.get(number)
        canvas.setFont(self.fonts.bold, 9)
        label = f"{number}"
        canvas.drawString(left, self.height - 3.2 * mm, label)
        offset = canvas.stringWidth(label, self.fonts.bold, 9) + 1.5 * mm
        canvas.setFont(self.fonts.regular, 7.5)
        where = f"page {page}" if page else ""
        canvas.drawString(left + offset, self.height - 3.2 * mm, where)
        count = 1 if puzzle_type.expects_unique(record.puzzle) else puzzle_type.solve(record.puzzle, None).count
        note = puzzle_type.answer_note(record.puzzle, record.solution, count)
        if note:
            canvas.setFont(self.fonts.italic, 7.5)
            canvas.drawString(left, self.height - 7 * mm, note)


class ExamplePair(Flowable):
    """A small solved example beside its puzzle, for a section's opening page."""

    def __init__(self, puzzle_type: PuzzleType, fonts: Fonts, width: float) -> None:
        super().__init__()
        assert puzzle_type.example is not None
        self.example = puzzle_type.example()
        self.puzzle_type, self.fonts = puzzle_type, fonts
        puzzle_size = puzzle_type.measure(self.example.puzzle)
        answer_size = puzzle_type.answer_size(self.example.puzzle)
        room = (width - 3 * COLUMN_GAP) / 2
        self.scale = min(EXAMPLE_HEIGHT / (max(puzzle_size[1], answer_size[1]) * mm),
                         room / (max(puzzle_size[0], answer_size[0]) * mm), 0.9)
        self.sizes = (puzzle_size, answer_size)
        self.width = width
        self.height = max(puzzle_size[1], answer_size[1]) * mm * self.scale + 6 * mm

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        half = self.width / 2
        for index, caption in enumerate(("Example", "Solved")):
            left = index * half
            canvas.setFont(self.fonts.italic, 8.5)
            canvas.drawString(left, self.height - 3 * mm, caption)
            pen = CanvasPen(canvas, left + COLUMN_GAP, self.height - 5.5 * mm, self.scale, self.fonts)
            if index == 0:
                self.puzzle_type.draw_puzzle(pen, self.example.puzzle)
            else:
                self.puzzle_type.draw_solution(pen, self.example.puzzle, self.example.solution)


class BookDocument:
    """Builds the flowables of a book, or of its separate answer key, on a layout."""

    def __init__(self, book: Book, layout: Layout) -> None:
        self.book = book
        self.layout = layout
        self.fonts = register_fonts(layout.font_regular, layout.font_bold, layout.font_italic)
        self.styles = make_styles(layout, self.fonts)
        self.frame_width = (layout.width - layout.margin_inside - layout.margin_outside) * mm
        self.frame_height = (layout.height - layout.margin_top - layout.margin_bottom) * mm
        self.pages: dict[int, int] = {}

    # page templates -------------------------------------------------------------------------

    def _frame(self, odd: bool) -> Frame:
        layout = self.layout
        left = layout.margin_inside if odd else layout.margin_outside
        return Frame(left * mm, layout.margin_bottom * mm, self.frame_width, self.frame_height,
                     leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="body")

    def _footer(self, canvas, document) -> None:
        page = canvas.getPageNumber()
        canvas.saveState()
        canvas.setFont(self.fonts.regular, 9)
        canvas.drawCentredString(self.layout.width * mm / 2, self.layout.margin_bottom * mm / 2,
                                 str(page))
        canvas.restoreState()

    def _templates(self) -> list[PageTemplate]:
        def first_page(canvas, document) -> None:
            canvas.showOutline()

        return [
            PageTemplate("title", [self._frame(True)], onPage=first_page, autoNextPageTemplate="even"),
            PageTemplate("even", [self._frame(False)], onPage=self._footer, autoNextPageTemplate="odd"),
            PageTemplate("odd", [self._frame(True)], onPage=self._footer, autoNextPageTemplate="even"),
        ]

    # content --------------------------------------------------------------------------------

    def _title_block(self) -> list[Flowable]:
        """Title and subtitle at the top of the first page, for books without a title page."""
        config = self.book.config
        story: list[Flowable] = [Paragraph(escape(config.title), self.styles.heading)]
        for line in (config.subtitle, config.author):
            if line:
                story.append(Paragraph(escape(line), self.styles.info))
        story.append(Spacer(1, 3 * mm))
        return story

    def _title_page(self, answers_only: bool) -> list[Flowable]:
        config = self.book.config
        story: list[Flowable] = [Spacer(1, self.frame_height * 0.28)]
        title = config.title + (" \u2014 Answers" if answers_only else "")
        story.append(Paragraph(escape(title), self.styles.title))
        if config.subtitle:
            story.append(Paragraph(escape(config.subtitle), self.styles.subtitle))
        if config.author:
            story.append(Paragraph(escape(config.author), self.styles.subtitle))
        story.append(Spacer(1, 12 * mm))
        for section in self.book.sections:
            line = (f"{escape(section.config.title)} \u2014 {len(section.records)} "
                    f"{section.config.difficulty} puzzles ({_span(section)})")
            story.append(Paragraph(line, self.styles.small))
        story.append(PageBreak())
        return story

    def _section_story(self, index: int, section: Section, lead: list[Flowable]) -> list[Flowable]:
        """The section's opening (after `lead`, e.g. a title block) and its rows of puzzles.

        With `per_page`, the grid is sized so that the first page, below the opening, holds that
        many puzzles; otherwise the layout's grid is sized for full pages."""
        config = section.config
        puzzle_type = section.puzzle_type
        level = config.difficulty.capitalize()
        stars = "\u2605" * (LEVELS.index(config.difficulty) + 1)
        heading: list[Flowable] = lead + [
            Bookmark(f"section{index}", config.title),
            Paragraph(escape(config.title), self.styles.heading),
            Paragraph(f"Difficulty: {level} {stars} \u00b7 Puzzles {_span(section)}", self.styles.info),
            Paragraph(f"<b>How to play.</b> {escape(puzzle_type.rules)}", self.styles.body),
        ]
        if puzzle_type.example is not None:
            heading.append(ExamplePair(puzzle_type, self.fonts, self.frame_width))
            heading.append(Spacer(1, 4 * mm))
        room = self.frame_height
        if config.per_page:
            room -= sum(f.wrap(self.frame_width, self.frame_height)[1] + f.getSpaceAfter()
                        + f.getSpaceBefore() for f in heading)
        natural = _largest([puzzle_type.measure(r.puzzle) for r in section.records])
        grid = choose_grid(natural, (self.frame_width, room), LABEL_HEIGHT, self.layout.grids,
                           self.layout.min_scale, self.layout.max_scale, config.per_page)
        story: list[Flowable] = [KeepTogether(heading)]
        story += self._rows(section, grid, answers=False)
        story.append(PageBreak())
        return story

    def _rows(self, section: Section, grid: Grid, answers: bool) -> list[Flowable]:
        items = [(n, r, section.puzzle_type) for n, r in zip(section.numbers, section.records)]
        return [PuzzleRow(items[i:i + grid.columns], grid, self.fonts, self.pages, answers)
                for i in range(0, len(items), grid.columns)]

    def _answer_story(self) -> list[Flowable]:
        story: list[Flowable] = [
            Bookmark("answers", "Answers"),
            Paragraph("Answers", self.styles.heading),
        ]
        for section in self.book.sections:
            puzzle_type = section.puzzle_type
            natural = _largest([puzzle_type.answer_size(r.puzzle) for r in section.records])
            grid = choose_grid(natural, (self.frame_width, self.frame_height), ANSWER_LABEL_HEIGHT,
                               self.layout.answer_grids, ANSWER_MIN_SCALE, 1.0)
            rows = self._rows(section, grid, answers=True)
            caption = Paragraph(f"{escape(section.config.title)} \u00b7 puzzles {_span(section)}",
                                self.styles.info)
            story.append(KeepTogether([caption, rows[0]]))
            story += rows[1:]
        return story

    # output ---------------------------------------------------------------------------------

    def _build(self, path: Path, story: list[Flowable], subject: str) -> None:
        config = self.book.config
        document = BaseDocTemplate(
            str(path),
            pagesize=(self.layout.width * mm, self.layout.height * mm),
            pageTemplates=self._templates(),
            title=config.title,
            author=config.author or "",
            subject=subject,
            creator="bookgen",
            producer="bookgen (reportlab)",
            invariant=1,
            initialFontName=self.fonts.regular,
            initialFontSize=self.layout.body_size,
        )
        document.build(story)

    def write(self, path: Path, answers: str) -> list[Path]:
        """Write the book (and NAME-answers.pdf for separate answers); every file appears whole
        or not at all."""
        with_title_page = self.book.config.title_page
        story = self._title_page(False) if with_title_page else []
        for index, section in enumerate(self.book.sections):
            lead = self._title_block() if index == 0 and not with_title_page else []
            story += self._section_story(index, section, lead)
        jobs: list[tuple[Path, Callable[[Path], None]]] = []
        if answers == "back":
            story += self._answer_story()
        else:
            while isinstance(story[-1], PageBreak):
                story.pop()
        jobs.append((path, lambda target: self._build(target, story, "Puzzle book")))
        if answers == "separate":
            answer_path = path.with_name(path.stem + "-answers" + path.suffix)
            answer_story = self._title_page(answers_only=True) + self._answer_story()
            jobs.append((answer_path,
                         lambda target: self._build(target, answer_story, "Answer key")))
        return write_atomically(jobs)


def _span(section: Section) -> str:
    first, last = section.numbers[0], section.numbers[-1]
    return f"{first}\u2013{last}" if last != first else str(first)


def _largest(sizes: list[tuple[float, float]]) -> tuple[float, float]:
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def write_atomically(jobs: list[tuple[Path, Callable[[Path], None]]]) -> list[Path]:
    """Run each writer into a temporary file beside its target, then move all into place;
    on any failure remove the temporaries and leave earlier files untouched."""
    temporaries: list[tuple[Path, Path]] = []
    try:
        for target, writer in jobs:
            handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part",
                                            dir=target.parent)
            os.close(handle)
            temporaries.append((Path(name), target))
            writer(Path(name))
            os.chmod(name, 0o644)
        for temporary, target in temporaries:
            os.replace(temporary, target)
        return [target for _, target in temporaries]
    finally:
        for temporary, _ in temporaries:
            if temporary.exists():
                temporary.unlink()


def write_book_pdf(book: Book, path: Path) -> list[Path]:
    return BookDocument(book, book.config.layout).write(path, book.config.answers)
