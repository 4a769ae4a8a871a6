"""The typeset book: front matter, sections of puzzles in a grid, answer key, as PDF bytes.

Layers as reportlab intends: a BaseDocTemplate with mirrored page templates (odd pages have the
inside margin on the left), Paragraphs for text, and `PuzzleRow` flowables that paint puzzles
through a CanvasPen. Rows record the page each puzzle lands on, and the answer key, drawn later
in the same pass (or in a second file), labels each answer with it.

A book is built in passes until it is stable: the contents page needs the pages of the sections,
a print-on-demand gutter depends on the page count, and an odd page count gets a notes page.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch, mm
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
)

from bookgen.book import Book, PrintedPuzzle, Section
from bookgen.config import BookConfig, Layout
from bookgen.core.levels import LEVELS
from bookgen.errors import BookgenError
from bookgen.puzzles.base import Generated, PuzzleType
from bookgen.render.fonts import Fonts, register_fonts
from bookgen.render.pdfpen import CanvasPen, Ink

COLUMN_GAP = 8 * mm
ROW_GAP = 5 * mm
LABEL_HEIGHT = 7 * mm  # puzzle number above each puzzle
ANSWER_LABEL_HEIGHT = 11 * mm  # number and page, note, id above each answer
ANSWER_MIN_SCALE = 0.55
HARD_MIN_SCALE = 0.3  # below this a requested per_page is refused
EXAMPLE_HEIGHT = 32 * mm
LARGE_PRINT = 16 / 10.5  # large print scales type and puzzles from a 10.5 pt body to 16 pt

BLEED = 0.125 * inch
POD_MIN_PAGES, POD_MAX_PAGES = 24, 828
POD_MIN_OUTSIDE = 0.25 * inch
POD_MIN_OUTSIDE_BLEED = 0.375 * inch
# (most pages, inside margin in inches): the gutter grows with the book's thickness.
POD_GUTTERS = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (828, 0.875))
POD_INK = Ink(min_line=0.75, lightest_grey=0.9)
HOME_INK = Ink(min_line=0.0, lightest_grey=1.0)


def pod_gutter(pages: int) -> float:
    """The gutter (points) a print-on-demand book of `pages` pages needs: the paper the binding
    swallows, added to the layout's inside margin."""
    for most, inches in POD_GUTTERS:
        if pages <= most:
            return inches * inch
    raise BookgenError(f"the book has {pages} pages; print-on-demand allows at most {POD_MAX_PAGES}",
                       key="profile")


@dataclass(frozen=True)
class Geometry:
    """Page, trim and frame positions in points; odd pages have the inside margin on the left
    and, with bleed, the extra width on the right (the outside edge)."""

    trim_width: float
    trim_height: float
    bleed: float
    inside: float
    outside: float
    top: float
    bottom: float

    @property
    def media(self) -> tuple[float, float]:
        return self.trim_width + self.bleed, self.trim_height + 2 * self.bleed

    @property
    def frame_size(self) -> tuple[float, float]:
        return (self.trim_width - self.inside - self.outside,
                self.trim_height - self.top - self.bottom)

    def trim_left(self, odd: bool) -> float:
        return 0.0 if odd else self.bleed

    def frame_left(self, odd: bool) -> float:
        return self.trim_left(odd) + (self.inside if odd else self.outside)

    def trim_box(self, odd: bool) -> tuple[float, float, float, float]:
        left = self.trim_left(odd)
        return (left, self.bleed, left + self.trim_width, self.bleed + self.trim_height)


def make_geometry(layout: Layout, config: BookConfig, pages: int) -> Geometry:
    inside, outside = layout.margin_inside * mm, layout.margin_outside * mm
    pod = config.profile == "print-on-demand"
    if pod:
        inside += pod_gutter(pages)
        outside = max(outside, POD_MIN_OUTSIDE_BLEED if config.bleed else POD_MIN_OUTSIDE)
    return Geometry(layout.width * mm, layout.height * mm, BLEED if config.bleed else 0.0,
                    inside, outside, layout.margin_top * mm, layout.margin_bottom * mm)


def large_print(layout: Layout) -> Layout:
    """The layout with 16 pt body type and puzzles printed larger in proportion."""
    return replace(layout, body_size=16.0, heading_size=layout.heading_size * LARGE_PRINT,
                   title_size=layout.title_size * LARGE_PRINT,
                   min_scale=layout.min_scale * LARGE_PRINT,
                   max_scale=layout.max_scale * LARGE_PRINT)


# --- grids ----------------------------------------------------------------------------------------


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
    """The layout grid with the most slots that hold the natural size (mm) at min_scale or more
    (the larger scale among equals); with per_page, the best arrangement of that many slots."""
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
    fitting = [fit(columns, rows) for columns, rows in grids]
    fitting = [grid for grid in fitting if grid.scale >= min_scale]
    if fitting:
        return max(fitting, key=lambda g: (g.columns * g.rows, g.scale))
    return fit(1, 1)


# --- styles and flowables -------------------------------------------------------------------------


@dataclass(frozen=True)
class Styles:
    title: ParagraphStyle
    subtitle: ParagraphStyle
    heading: ParagraphStyle
    info: ParagraphStyle
    body: ParagraphStyle


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
    )


@dataclass
class Pass:
    """What one build pass shares with its flowables, and what it learns for the next."""

    fonts: Fonts
    ink: Ink
    outline: bool  # bookmarks and links (off for print-on-demand)
    type_scale: float  # label sizes relative to a 10.5 pt body
    known_anchors: dict[str, int]  # section key -> page, from the previous pass
    anchors: dict[str, int]
    puzzle_pages: dict[int, int]
    paint: bool  # False: a layout pass that only learns where things land
    running_title: str = ""  # the section being printed, for the running head
    opening_page: int = 0  # the last page a section (or the notes) opened on: no running head


class Anchor(Flowable):
    """Records the page where it lands (for the contents) and, with an outline, a bookmark."""

    def __init__(self, key: str, title: str, state: Pass) -> None:
        super().__init__()
        self.key, self.title, self.state = key, title, state
        self.width = self.height = 0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        page = self.canv.getPageNumber()
        self.state.anchors[self.key] = page
        self.state.running_title, self.state.opening_page = self.title, page
        if self.state.outline:
            self.canv.bookmarkPage(self.key)
            self.canv.addOutlineEntry(self.title, self.key, level=0, closed=False)


class Contents(Flowable):
    """The contents: one line per entry with dot leaders and the page from the previous pass;
    each line links to its section when the book has an outline."""

    def __init__(self, entries: list[tuple[str, str, str]], state: Pass, width: float,
                 size: float) -> None:
        super().__init__()
        self.entries, self.state, self.size = entries, state, size
        self.line_height = size * 2.0
        self.width = width
        self.height = self.line_height * len(entries)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas, fonts = self.canv, self.state.fonts
        for index, (key, title, detail) in enumerate(self.entries):
            y = self.height - (index + 0.75) * self.line_height
            page = str(self.state.known_anchors.get(key, ""))
            canvas.setFont(fonts.bold, self.size)
            canvas.drawString(0, y, title)
            left = canvas.stringWidth(title, fonts.bold, self.size) + 4
            canvas.setFont(fonts.italic, self.size * 0.85)
            canvas.drawString(left, y, detail)
            left += canvas.stringWidth(detail, fonts.italic, self.size * 0.85) + 6
            canvas.setFont(fonts.regular, self.size)
            canvas.drawRightString(self.width, y, page)
            right = self.width - canvas.stringWidth("0000", fonts.regular, self.size)
            dot = canvas.stringWidth(". ", fonts.regular, self.size)
            if right > left:
                canvas.drawRightString(right, y, ". " * int((right - left) / dot))
            if self.state.outline:
                canvas.linkRect("", key, (0, y - self.size * 0.4, self.width, y + self.size),
                                relative=1, thickness=0)


class NotesPage(Flowable):
    """A ruled page for notes: pads a print-on-demand book to an even page count."""

    def __init__(self, state: Pass, width: float, height: float, heading: ParagraphStyle) -> None:
        super().__init__()
        self.state, self.width, self.height, self.heading = state, width, height - 1, heading

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        self.state.opening_page = canvas.getPageNumber()
        canvas.setFont(self.state.fonts.bold, self.heading.fontSize)
        canvas.drawString(0, self.height - self.heading.fontSize, "Notes")
        canvas.setLineWidth(max(0.5, self.state.ink.min_line))
        y = self.height - self.heading.fontSize * 2.5
        while y > 0:
            canvas.line(0, y, self.width, y)
            y -= 9 * mm


class PuzzleRow(Flowable):
    """One row of puzzle slots (or answer slots) at a fixed scale."""

    def __init__(self, puzzles: Sequence[PrintedPuzzle], puzzle_type: PuzzleType, grid: Grid,
                 state: Pass, answers: bool) -> None:
        super().__init__()
        self.puzzles, self.puzzle_type = puzzles, puzzle_type
        self.grid, self.state, self.answers = grid, state, answers
        self.width = grid.columns * grid.slot_width + (grid.columns - 1) * COLUMN_GAP
        self.height = grid.slot_height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        puzzle_type = self.puzzle_type
        for column, printed in enumerate(self.puzzles):
            number, record = printed.number, printed.record
            left = column * (self.grid.slot_width + COLUMN_GAP)
            if not self.answers:
                self.state.puzzle_pages[number] = self.canv.getPageNumber()
            if not self.state.paint:
                continue
            if self.answers:
                self._label_answer(left, printed)
                size = puzzle_type.answer_size(record.puzzle)
                top_gap = ANSWER_LABEL_HEIGHT
            else:
                self.canv.setFont(self.state.fonts.bold, 11 * self.state.type_scale)
                self.canv.drawString(left, self.height - 4 * mm * self.state.type_scale, str(number))
                size = puzzle_type.measure(record.puzzle)
                top_gap = LABEL_HEIGHT * self.state.type_scale
            drawn_width = size[0] * mm * self.grid.scale
            pen = CanvasPen(self.canv, left + (self.grid.slot_width - drawn_width) / 2,
                            self.height - top_gap, self.grid.scale, self.state.fonts, self.state.ink)
            if self.answers:
                puzzle_type.draw_solution(pen, record.puzzle, record.solution)
            else:
                puzzle_type.draw_puzzle(pen, record.puzzle)

    def _label_answer(self, left: float, printed: PrintedPuzzle) -> None:
        canvas, fonts = self.canv, self.state.fonts
        number, record = printed.number, printed.record
        top = self.height
        canvas.setFont(fonts.bold, 9)
        canvas.drawString(left, top - 3.2 * mm, str(number))
        offset = canvas.stringWidth(str(number), fonts.bold, 9) + 1.5 * mm
        page = self.state.puzzle_pages.get(number)
        canvas.setFont(fonts.regular, 7.5)
        canvas.drawString(left + offset, top - 3.2 * mm, f"page {page}" if page else "")
        note = self.puzzle_type.answer_note(record.puzzle, record.solution, printed.solutions)
        if note:
            canvas.setFont(fonts.italic, 7.5)
            canvas.drawString(left, top - 6.6 * mm, note)
        if record.id:
            size = 6.0
            while size > 3.5 and canvas.stringWidth(record.id, fonts.regular, size) > self.grid.slot_width:
                size -= 0.25
            canvas.setFont(fonts.regular, size)
            canvas.drawString(left, top - 9.6 * mm, record.id)


class ExamplePair(Flowable):
    """A small solved example beside its puzzle, for a section's opening page."""

    def __init__(self, puzzle_type: PuzzleType, example: Generated, state: Pass,
                 width: float) -> None:
        super().__init__()
        self.example = example
        self.puzzle_type, self.state = puzzle_type, state
        puzzle_size = puzzle_type.measure(self.example.puzzle)
        answer_size = puzzle_type.answer_size(self.example.puzzle)
        room = (width - 3 * COLUMN_GAP) / 2
        self.scale = min(EXAMPLE_HEIGHT * state.type_scale / (max(puzzle_size[1], answer_size[1]) * mm),
                         room / (max(puzzle_size[0], answer_size[0]) * mm), 0.9 * state.type_scale)
        self.width = width
        self.height = max(puzzle_size[1], answer_size[1]) * mm * self.scale + 6 * mm

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        if not self.state.paint:
            return
        half = self.width / 2
        for index, caption in enumerate(("Example", "Solved")):
            left = index * half
            self.canv.setFont(self.state.fonts.italic, 8.5 * self.state.type_scale)
            self.canv.drawString(left, self.height - 3 * mm, caption)
            pen = CanvasPen(self.canv, left + COLUMN_GAP, self.height - 5.5 * mm, self.scale,
                            self.state.fonts, self.state.ink)
            if index == 0:
                self.puzzle_type.draw_puzzle(pen, self.example.puzzle)
            else:
                self.puzzle_type.draw_solution(pen, self.example.puzzle, self.example.solution)


# --- the document ---------------------------------------------------------------------------------


class BookDocument:
    """Composes and builds a book (or its separate answer key) on a layout."""

    def __init__(self, book: Book) -> None:
        config = book.config
        self.book = book
        self.config = config
        self.layout = large_print(config.layout) if config.large_print else config.layout
        self.pod = config.profile == "print-on-demand"
        self.fonts = register_fonts(self.layout.font_regular, self.layout.font_bold,
                                    self.layout.font_italic)
        self.styles = make_styles(self.layout, self.fonts)

    # page templates -------------------------------------------------------------------------

    def _templates(self, geometry: Geometry, state: Pass) -> list[PageTemplate]:
        """Mirrored page templates, odd then even: odd (right-hand) pages have the inside margin
        on the left, even pages on the right; every story starts with `alternate_pages()`.

        Rejected: `autoNextPageTemplate` naming each other. In reportlab 5.1 it leaves the next
        template's index set after using it, so the sequence runs odd, even, even, odd, odd."""
        return [self._template(geometry, state, odd=True), self._template(geometry, state, odd=False)]

    def _template(self, geometry: Geometry, state: Pass, odd: bool) -> PageTemplate:
        """The template of odd or even pages: its frame sits at that side's inside margin. Pages
        carry a page number below and, where a section continues, its title as a running head
        above."""
        first_page_plain = self.config.title_page
        left = geometry.frame_left(odd)
        frame_width, frame_height = geometry.frame_size
        frame = Frame(left, geometry.bleed + geometry.bottom, frame_width, frame_height,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="body")

        def on_page(canvas, document) -> None:
            page = canvas.getPageNumber()
            assert page % 2 == odd, "odd and even page templates out of step"
            canvas.setTrimBox(geometry.trim_box(odd))
            canvas.setBleedBox((0, 0, *geometry.media))
            if page == 1 and not self.pod:
                canvas.showOutline()
            if page == 1 and first_page_plain:
                return
            canvas.saveState()
            canvas.setFont(self.fonts.regular, 9)
            canvas.drawCentredString(geometry.trim_left(odd) + geometry.trim_width / 2,
                                     geometry.bleed + geometry.bottom / 2, str(page))
            canvas.restoreState()

        def on_page_end(canvas, document) -> None:
            page = canvas.getPageNumber()
            if not state.running_title or state.opening_page == page:
                return
            baseline = geometry.bleed + geometry.trim_height - geometry.top * 0.55
            canvas.saveState()
            canvas.setFont(self.fonts.italic, 8.5)
            if odd:
                canvas.drawRightString(left + frame_width, baseline, state.running_title)
            else:
                canvas.drawString(left, baseline, state.running_title)
            canvas.setLineWidth(max(0.4, state.ink.min_line))
            canvas.line(left, baseline - 4, left + frame_width, baseline - 4)
            canvas.restoreState()

        return PageTemplate("odd" if odd else "even", [frame], onPage=on_page,
                            onPageEnd=on_page_end)

    # content --------------------------------------------------------------------------------

    def _front_matter(self, state: Pass, geometry: Geometry, answers_only: bool) -> list[Flowable]:
        config = self.config
        frame_width, frame_height = geometry.frame_size
        if not config.title_page:
            return []
        title = config.title + (" \u2014 Answers" if answers_only else "")
        story: list[Flowable] = [Spacer(1, frame_height * 0.28),
                                 Paragraph(escape(title), self.styles.title)]
        for line in (config.subtitle, config.author):
            if line:
                story.append(Paragraph(escape(line), self.styles.subtitle))
        story.append(PageBreak())
        if config.copyright and not answers_only:
            story += [Spacer(1, frame_height * 0.6),
                      Paragraph(escape(config.copyright).replace("\n", "<br/>"), self.styles.info),
                      PageBreak()]
        if config.contents and not answers_only:
            entries = [(f"section{i}", s.config.title,
                        f"{s.config.difficulty or 'from a bank'} \u00b7 puzzles {_span(s)}")
                       for i, s in enumerate(self.book.sections)]
            if config.answers == "back":
                entries.append(("answers", "Answers", ""))
            story += [Paragraph("Contents", self.styles.heading), Spacer(1, 4 * mm),
                      Contents(entries, state, frame_width, self.layout.body_size * 1.1),
                      PageBreak()]
        return story

    def _title_block(self) -> list[Flowable]:
        """Title, subtitle (e.g. a name and date line) above the first section, for worksheets."""
        config = self.config
        story: list[Flowable] = [Paragraph(escape(config.title), self.styles.heading)]
        for line in (config.subtitle, config.author):
            if line:
                story.append(Paragraph(escape(line), self.styles.info))
        story.append(Spacer(1, 3 * mm))
        return story

    def _section_story(self, index: int, section: Section, lead: list[Flowable], state: Pass,
                       geometry: Geometry) -> list[Flowable]:
        """The section's opening (after `lead`) and its rows of puzzles. With `per_page`, the grid
        is sized so the first page, below the opening, holds that many puzzles."""
        config = section.config
        puzzle_type = section.puzzle_type
        frame_width, frame_height = geometry.frame_size
        if config.difficulty:
            stars = "\u2605" * (LEVELS.index(config.difficulty) + 1)
            level = f"Difficulty: {config.difficulty.capitalize()} {stars} \u00b7 "
        else:
            level = ""
        heading: list[Flowable] = lead + [
            Anchor(f"section{index}", config.title, state),
            Paragraph(escape(config.title), self.styles.heading),
            Paragraph(f"{level}Puzzles {_span(section)}", self.styles.info),
            Paragraph(f"<b>How to play.</b> {escape(puzzle_type.section_rules(config.options))}",
                      self.styles.body),
        ]
        example = puzzle_type.section_example(config.options)
        if example is not None:
            heading += [ExamplePair(puzzle_type, example, state, frame_width), Spacer(1, 4 * mm)]
        room = frame_height
        if config.per_page:
            room -= sum(f.wrap(frame_width, frame_height)[1] + f.getSpaceAfter()
                        + f.getSpaceBefore() for f in heading)
        natural = _largest([puzzle_type.measure(r.puzzle) for r in section.records])
        grid = choose_grid(natural, (frame_width, room), LABEL_HEIGHT * state.type_scale,
                           self.layout.grids, self.layout.min_scale, self.layout.max_scale,
                           config.per_page)
        return [KeepTogether(heading)] + self._rows(section, grid, state, answers=False) + [PageBreak()]

    def _rows(self, section: Section, grid: Grid, state: Pass, answers: bool) -> list[Flowable]:
        puzzles = section.puzzles
        return [PuzzleRow(puzzles[i:i + grid.columns], section.puzzle_type, grid, state, answers)
                for i in range(0, len(puzzles), grid.columns)]

    def _answer_story(self, state: Pass, geometry: Geometry) -> list[Flowable]:
        story: list[Flowable] = [Anchor("answers", "Answers", state),
                                 Paragraph("Answers", self.styles.heading)]
        answer_min = ANSWER_MIN_SCALE * (LARGE_PRINT if self.config.large_print else 1.0)
        for section in self.book.sections:
            puzzle_type = section.puzzle_type
            natural = _largest([puzzle_type.answer_size(r.puzzle) for r in section.records])
            grid = choose_grid(natural, geometry.frame_size, ANSWER_LABEL_HEIGHT,
                               self.layout.answer_grids, answer_min, max(1.0, answer_min))
            rows = self._rows(section, grid, state, answers=True)
            caption = Paragraph(f"{escape(section.config.title)} \u00b7 puzzles {_span(section)}",
                                self.styles.info)
            story.append(KeepTogether([caption, rows[0]]))
            story += rows[1:]
        return story

    def _compose(self, state: Pass, geometry: Geometry, part: str, pad: bool) -> list[Flowable]:
        """The story of the book ('book') or of its separate answer key ('answers')."""
        if part == "answers":
            front = self._front_matter(state, geometry, True) or self._title_block()
            return front + self._answer_story(state, geometry)
        story = self._front_matter(state, geometry, False)
        for index, section in enumerate(self.book.sections):
            lead = self._title_block() if index == 0 and not self.config.title_page else []
            story += self._section_story(index, section, lead, state, geometry)
        if self.config.answers == "back":
            story += self._answer_story(state, geometry)
        elif isinstance(story[-1], PageBreak):
            story.pop()
        if pad:
            if not isinstance(story[-1], PageBreak):
                story.append(PageBreak())
            story.append(NotesPage(state, *geometry.frame_size, self.styles.heading))
        return story

    # output ---------------------------------------------------------------------------------

    def _build_once(self, story: list[Flowable], geometry: Geometry, subject: str,
                    state: Pass) -> tuple[bytes, int]:
        buffer = io.BytesIO()
        document = BaseDocTemplate(
            buffer,
            pagesize=geometry.media,
            pageTemplates=self._templates(geometry, state),
            title=self.config.title,
            author=self.config.author or "",
            subject=subject,
            creator="bookgen",
            producer="bookgen (reportlab)",
            invariant=1,
            initialFontName=self.fonts.regular,
            initialFontSize=self.layout.body_size,
        )
        document.build([alternate_pages()] + story)
        return buffer.getvalue(), document.page

    def render(self, part: str, puzzle_pages: dict[int, int]) -> tuple[bytes, int]:
        """Lay the book out in passes that paint no puzzles until the contents pages, the gutter
        and the padding agree with the book they describe, then paint it once; returns the PDF
        bytes and the page count."""
        ink = POD_INK if self.pod else HOME_INK
        type_scale = self.layout.body_size / 10.5
        subject = "Puzzle book" if part == "book" else "Answer key"
        shows_contents = part == "book" and self.config.title_page and self.config.contents
        anchors: dict[str, int] = {}
        pages, pad = POD_MIN_PAGES, False
        for _ in range(6):
            geometry = make_geometry(self.layout, self.config, pages)
            state = Pass(self.fonts, ink, not self.pod, type_scale, anchors, {}, puzzle_pages, False)
            _, count = self._build_once(self._compose(state, geometry, part, pad), geometry, subject,
                                        state)
            content_pages = count - (1 if pad else 0)
            new_pad = self.pod and part == "book" and content_pages % 2 == 1
            new_pages = content_pages + (1 if new_pad else 0)
            settled = ((state.anchors == anchors or not shows_contents) and new_pad == pad
                       and make_geometry(self.layout, self.config, new_pages) == geometry)
            if settled:
                state = Pass(self.fonts, ink, not self.pod, type_scale, anchors, {}, puzzle_pages, True)
                return self._build_once(self._compose(state, geometry, part, pad), geometry, subject,
                                        state)
            anchors, pad, pages = dict(state.anchors), new_pad, new_pages
        raise BookgenError("the layout did not settle after six passes", key="layout")

def _span(section: Section) -> str:
    first, last = section.numbers[0], section.numbers[-1]
    return f"{first}\u2013{last}" if last != first else str(first)


def _largest(sizes: list[tuple[float, float]]) -> tuple[float, float]:
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def alternate_pages() -> Flowable:
    """From page 2 on, even and odd page templates in turn (reportlab's page template cycle);
    page 1 takes the first template, the odd one."""
    return NextPageTemplate(["even", "odd"])


def render_pdf(book: Book) -> tuple[bytes, bytes | None]:
    """The book's PDF, and its answer key's when the answers are a separate file."""
    document = BookDocument(book)
    config = book.config
    puzzle_pages: dict[int, int] = {}
    data, pages = document.render("book", puzzle_pages)
    if document.pod and pages < POD_MIN_PAGES:
        raise BookgenError(
            f"this book has {pages} pages; print-on-demand needs at least {POD_MIN_PAGES}: "
            "add puzzles or sections, or use 'profile: home'", file=config.file, key="profile")
    answers = document.render("answers", puzzle_pages)[0] if config.answers == "separate" else None
    return data, answers
