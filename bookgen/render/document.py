"""The document: a book (or its separate answer key) composed as a story of flowables on
mirrored odd and even page templates, and built in passes until its layout is stable."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
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
from reportlab.platypus.doctemplate import LayoutError

from bookgen.book import Book, PrintedPuzzle, Section
from bookgen.config import Layout
from bookgen.core.grading import LEVELS
from bookgen.core.pen import Pen
from bookgen.errors import BookgenError
from bookgen.making import PuzzleRecord
from bookgen.render.flowables import (
    Anchor,
    AnswerRow,
    ContentsEntry,
    ExamplePair,
    FittedOpening,
    NotesPage,
    Pass,
    PuzzleRow,
    answer_label,
    label_height,
)
from bookgen.render.fonts import Fonts, check_printable, register_fonts
from bookgen.render.geometry import (
    FOLIO_PT,
    HEAD_PT,
    HEAD_RULE,
    LABEL_HEIGHT,
    LARGE_PRINT,
    POD_MIN_PAGES,
    ROW_GAP,
    Geometry,
    Grid,
    answer_grid,
    balance,
    choose_grid,
    large_print,
    make_geometry,
)
from bookgen.render.pdfpen import Ink, least_scale

ANSWER_MAX_SCALE = 1.0
ANSWER_GROWTH = 1.05  # the step by which answers that leave their page half empty grow
ANSWER_LABEL_GROWTH = 1.5  # and the most their labels grow
SECTION_SPACE = 10 * mm  # between sections that share a page
EXAMPLE_SPACE = 4 * mm  # below a section's example (a Spacer of its own each time: reportlab
# marks a flowable it had to move to the next page, and a shared one would carry the mark)
SCALE_STEPS = 12  # halvings that find the scale a section's example and first row share
FIRST_ROW_LEAST = 0.5  # of the layout's least scale: a first row smaller goes to the next page
SHARE_STEP = 0.93  # the steps by which an opening shrinks to begin below the section before
POD_INK = Ink(min_line=0.75, lightest_grey=0.9, least_text=7.0)
HOME_INK = Ink(min_line=0.0, lightest_grey=1.0, least_text=6.0)


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


class BookDocument:
    """Composes and builds a book (or its separate answer key) on a layout."""

    def __init__(self, book: Book) -> None:
        config = book.config
        self.book = book
        self.config = config
        self.layout = large_print(config.layout) if config.large_print else config.layout
        self.pod = config.profile == "print-on-demand"
        check_printable(config)  # the CLI asks before making the book; a library caller, here
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
            canvas.setFont(self.fonts.regular, FOLIO_PT * geometry.type_scale)
            canvas.drawCentredString(geometry.trim_left(odd) + geometry.trim_width / 2,
                                     geometry.bleed + geometry.folio, str(page))
            canvas.restoreState()

        def on_page_end(canvas, document) -> None:
            page = canvas.getPageNumber()
            title = state.running_head()
            state.answered.clear()
            if not title or state.opening_page == page:
                return
            baseline = geometry.bleed + geometry.trim_height - geometry.head
            title = fitted_line(title, self.fonts.italic, HEAD_PT * geometry.type_scale,
                                frame_width)
            canvas.saveState()
            canvas.setFont(self.fonts.italic, HEAD_PT * geometry.type_scale)
            if odd:
                canvas.drawRightString(left + frame_width, baseline, title)
            else:
                canvas.drawString(left, baseline, title)
            canvas.setLineWidth(max(0.4, state.ink.min_line))
            rule = baseline - HEAD_RULE * geometry.type_scale
            canvas.line(left, rule, left + frame_width, rule)
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
                        f"{s.config.difficulty or 'from a bank'} \u00b7\u00a0puzzles\u00a0{_span(s)}")
                       for i, s in enumerate(self.book.sections)]
            if config.answers == "back":
                entries.append(("answers", "Answers", ""))
            size = self.layout.body_size * 1.1
            story += [Paragraph("Contents", self.styles.heading), Spacer(1, 4 * mm)]
            story += [ContentsEntry(*entry, state, frame_width, size) for entry in entries]
            story.append(PageBreak())
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
        """The section's opening (after `lead`) kept together with its first row of puzzles, then
        the other rows. With `per_page`, the grid is sized so the first page, below the opening,
        holds that many puzzles; without, the first row alone is made small enough to fit below it
        (`first_grid`), so an opening never ends a page nor stands alone on one, and the rows
        after it keep the grid's size (a long opening on a small large-print page would otherwise
        shrink the whole section)."""
        config = section.config
        puzzle_type = section.puzzle_type
        frame_width, frame_height = geometry.frame_size
        if config.difficulty:
            stars = "\u2605" * (LEVELS.index(config.difficulty) + 1)
            level = f"Difficulty: {config.difficulty.capitalize()} {stars} \u00b7 "
        else:
            level = ""
        anchor = Anchor(f"section{index}", config.title, state)
        shared = bool(index and self.config.share_pages)
        texts: list[Flowable] = lead + [
            anchor,
            Paragraph(escape(config.title), self.styles.heading),
            Paragraph(f"{level}Puzzles {_span(section)}", self.styles.info),
            Paragraph(f"<b>How to play.</b> {escape(puzzle_type.rules(config.request))}",
                      self.styles.body),
        ]
        example = puzzle_type.example(config.request)

        def opening_at(scale: float | None) -> list[Flowable]:
            """The opening with its example no larger than `scale` (None: its own size)."""
            if example is None:
                return texts
            return texts + [ExamplePair(puzzle_type, example, state, frame_width, most=scale),
                            Spacer(1, EXAMPLE_SPACE)]

        room = (frame_height - self._height(opening_at(None), geometry) if config.per_page
                else frame_height)
        natural = _largest([puzzle_type.measure(r.puzzle) for r in section.records])
        label = LABEL_HEIGHT * state.type_scale

        def fits(scale: float) -> bool:
            """Whether the opening (its example at most `scale`) and a first row at `scale` fit."""
            opening = self._height(opening_at(scale), geometry)
            return opening + label + ROW_GAP + natural[1] * mm * scale <= frame_height

        def grids(most: float) -> tuple[Grid, Grid]:
            """The grid of the section's puzzles at `most` or smaller, and its first row's (the
            grid itself where no row fits below the opening at FIRST_ROW_LEAST of the layout's
            least scale: the rows then begin on the next page)."""
            grid = choose_grid(natural, (frame_width, room), label, self.layout.grids,
                               self.layout.min_scale, most, config.per_page)
            scale = grid.scale
            if not fits(scale):  # the largest scale the example and the first row can share
                low, high = 0.0, scale
                for _ in range(SCALE_STEPS):
                    middle = (low + high) / 2
                    low, high = (middle, high) if fits(middle) else (low, middle)
                scale = low
            if scale < FIRST_ROW_LEAST * self.layout.min_scale:
                return grid, grid
            return replace(grid, scale=scale), grid  # the rows after keep the grid's scale

        first_grid, grid = grids(self.layout.max_scale)
        apart = first_grid is grid and not fits(grid.scale)  # the opening fills its page
        if shared and (apart or config.per_page == 1):  # the openings that flow as they are
            anchor.spaceBefore = SECTION_SPACE  # dropped at the top of a page, as frames do
        if config.per_page == 1:  # one to a page: the later pages print it larger, centred
            whole = choose_grid(natural, (frame_width, frame_height), label, self.layout.grids,
                                self.layout.min_scale, self.layout.max_scale, 1)
            rows = [PuzzleRow(section.puzzles[:1], puzzle_type, first_grid, state, tight=True)]
            rows += [PuzzleRow([p], puzzle_type, whole, state, centred=True)
                     for p in section.puzzles[1:]]
            return [KeepTogether(opening_at(first_grid.scale) + rows[:1]), *rows[1:]]
        first_page = state.puzzle_pages.get(section.numbers[0])
        below = (shared and first_page is not None
                 and state.puzzle_pages.get(section.numbers[0] - 1) == first_page)

        def plan(first_grid: Grid, grid: Grid) -> tuple[list[list[PuzzleRow]], bool]:
            """The section's rows page by page, and whether they were spread (pages broken)."""
            first: float | int = frame_height - self._height(opening_at(first_grid.scale), geometry)
            if apart:
                first = frame_height
            elif below:  # it began below the section before in the last pass: its first page as
                first = -(-sum(state.puzzle_pages.get(n) == first_page  # found there
                               for n in section.numbers) // grid.columns)
            balanced = self._balanced(section, (first_grid, grid), state, first, frame_height)
            pages = balanced or self._pages(section, (first_grid, grid), state, first, frame_height)
            return pages, balanced is not None

        pages, balanced = plan(first_grid, grid)
        if not below and not apart and _lone(pages) and len(section.puzzles) > 1:
            # a last page of one puzzle: the section smaller, down to the layout's least scale,
            # when that takes a page fewer
            most = grid.scale * SHARE_STEP
            while most >= self.layout.min_scale:
                smaller = grids(most)
                fewer, spread = plan(*smaller)
                if len(fewer) < len(pages):
                    (first_grid, grid), pages, balanced = smaller, fewer, spread
                    break
                most *= SHARE_STEP
        heading = opening_at(first_grid.scale)
        if apart:  # rather than puzzles too small to read below it, the opening flows on, its
            return heading + [row for rows in pages for row in rows]  # example at their size
        held = [sum(len(row.puzzles) for row in rows) for rows in pages]
        if len(pages) > 1 and held[-1] == 1 and max(held) > 1:
            # a lone puzzle the spreading could not avoid (pages of two, an odd count): in the
            # middle of its page, at the section's size
            whole = Grid(1, 1, grid.scale, frame_width, frame_height - 0.01)
            pages[-1] = [PuzzleRow(pages[-1][0].puzzles, puzzle_type, whole, state, centred=True)]
        story: list[Flowable] = [KeepTogether(heading + pages[0][:1]), *pages[0][1:]]
        if shared:  # below the section before, if it fits there (FittedOpening has the space)
            story[0] = self._fitted_opening(opening_at, pages[0][0], first_grid.scale)
        for rows in pages[1:]:  # natural pages end where the frames end them
            story += ([PageBreak()] if balanced else []) + rows
        return story

    def _fitted_opening(self, opening_at: Callable[[float | None], list[Flowable]],
                        first_row: PuzzleRow, scale: float) -> FittedOpening:
        """A section's opening and first row that begins on the page where the section before
        ends when they fit in the room left there at `scale` or, smaller, no smaller than the
        layout's least scale (its example, too, no larger than its first row)."""
        least = min(scale, self.layout.min_scale)
        scales = [scale * SHARE_STEP ** n for n in range(SCALE_STEPS)]
        scales = [s for s in scales if s >= least] or [scale]

        def make(at: float) -> list[Flowable]:
            row = PuzzleRow(first_row.puzzles, first_row.puzzle_type,
                            replace(first_row.grid, scale=at), first_row.state, tight=True)
            return opening_at(at) + [row]

        fitted = FittedOpening(make, scales)
        fitted.spaceBefore = SECTION_SPACE  # dropped at the top of a page, as frames do
        return fitted

    @staticmethod
    def _height(flowables: list[Flowable], geometry: Geometry) -> float:
        width, height = geometry.frame_size
        return sum(f.wrap(width, height)[1] + f.getSpaceAfter() + f.getSpaceBefore()
                   for f in flowables)

    def _rows(self, puzzles: Sequence[PrintedPuzzle], section: Section, grids: tuple[Grid, Grid],
              state: Pass, first: bool) -> list[PuzzleRow]:
        """The puzzles in rows of the grid's columns; a section's first row is tight, on its own
        grid (`grids`: the first row's, the others')."""
        first_grid, grid = grids
        return [PuzzleRow(puzzles[i:i + grid.columns], section.puzzle_type,
                          first_grid if first and i == 0 else grid, state, tight=first and i == 0)
                for i in range(0, len(puzzles), grid.columns)]

    def _pages(self, section: Section, grids: tuple[Grid, Grid], state: Pass, first: float | int,
               frame_height: float) -> list[list[PuzzleRow]]:
        """The section's rows as the frames will take them, page by page: on its first page the
        room `first` (a float: its opening begins the page) or `first` rows (an int: it begins
        below the section before)."""
        pages: list[list[PuzzleRow]] = [[]]
        rows = self._rows(section.puzzles, section, grids, state, True)
        if isinstance(first, int):
            pages, rows, room = [rows[:first], []], rows[first:], frame_height
        else:
            room = first
        for row in rows:
            height = row.wrap(row.width, room)[1]
            if pages[-1] and height > room + 1e-6:
                pages.append([])
                room = frame_height
                height = row.wrap(row.width, room)[1]
            pages[-1].append(row)
            room -= height
        return [page for page in pages if page]

    def _balanced(self, section: Section, grids: tuple[Grid, Grid], state: Pass,
                  first: float | int, frame_height: float) -> list[list[PuzzleRow]] | None:
        """The section's rows page by page with its puzzles spread evenly over the pages they
        take, when on their own they would leave the last page less than half full or holding
        one puzzle (the opening's page then gives up one); None when they fill it well enough,
        or an even spread would not keep to those pages. A section that begins below another
        keeps its first page as it is (`first` rows)."""
        grid = grids[1]
        pages = self._pages(section, grids, state, first, frame_height)
        full = len(self._pages(section, (grid, grid), state, frame_height, frame_height)[0]) * grid.columns
        last = sum(len(row.puzzles) for row in pages[-1])
        if len(pages) < 2 or (2 * last >= full and last > 1):
            return None
        held = sum(len(row.puzzles) for row in pages[0])
        if isinstance(first, int):
            counts = [held] + balance([full] * (len(pages) - 1), len(section.puzzles) - held)
        else:
            counts = balance([held] + [full] * (len(pages) - 1), len(section.puzzles))
            if counts[-1] == 1 < counts[0]:  # not a lone puzzle on the last page: the opening's
                counts[0] -= 1  # page, which has the rules and example, holds one fewer
                counts[-1] += 1
        balanced, start = [], 0
        for number, count in enumerate(counts):
            puzzles = section.puzzles[start:start + count]
            balanced.append(self._rows(puzzles, section, grids, state, number == 0))
            start += count
        rooms = [frame_height if isinstance(first, int) else first] + [frame_height] * len(pages)
        for rows, room in zip(balanced, rooms):
            heights = sum(row.wrap(row.width, frame_height)[1] for row in rows[:-1])
            if heights + rows[-1].least > room + 1e-6:
                return None
        return balanced

    @property
    def ink(self) -> Ink:
        return POD_INK if self.pod else HOME_INK

    def answer_scale(self, section: Section) -> float:
        """The scale of a section's answers: the smallest at which all their text prints at the
        ink's least size or more (in proportion for large print), at most ANSWER_MAX_SCALE."""
        large = LARGE_PRINT if self.config.large_print else 1.0
        draw = section.puzzle_type.draw_solution

        def answer(record: PuzzleRecord) -> Callable[[Pen], None]:
            return lambda pen: draw(pen, record.puzzle, record.solution)

        need = max(least_scale(answer(r), self.fonts, self.ink.least_text * large)
                   for r in section.records)
        return min(need or ANSWER_MAX_SCALE * large, ANSWER_MAX_SCALE * large)

    def _fitted_answers(self, state: Pass, geometry: Geometry,
                        front: list[Flowable]) -> list[Flowable]:
        """The answers, after `front`; when they all fit on their first page, drawn larger, as
        large as still fits it (up to the layout's largest puzzle scale, their labels up to half
        as large again), so that a worksheet's answer sheet is not a corner of a page in small
        type."""
        width, height = geometry.frame_size

        def used(flowables: list[Flowable]) -> float:
            return sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter()
                       for f in flowables)

        room = height - (0.0 if not front or isinstance(front[-1], PageBreak) else used(front))
        best = self._answer_blocks(state, geometry, 1.0)
        if used([f for block in best for f in block]) <= room:
            smallest = min(self.answer_scale(section) for section in self.book.sections)
            factor = ANSWER_GROWTH
            while smallest * factor <= self.layout.max_scale:
                blocks = self._answer_blocks(state, geometry, factor)
                if used([f for block in blocks for f in block]) <= room - 1:
                    best = blocks
                factor *= ANSWER_GROWTH
        return [KeepTogether(block) if len(block) > 1 else block[0] for block in best]

    def _answer_blocks(self, state: Pass, geometry: Geometry,
                       factor: float) -> list[list[Flowable]]:
        """Every section's answers, packed: as many columns as the page's width holds at the
        answers' scale (times `factor`), rows as tall as they need, sections one after another;
        in blocks to keep together: the heading and each section's caption with the first row
        below them, then each other row."""
        blocks: list[list[Flowable]] = []
        head: list[Flowable] = [Anchor("answers", "Answers", state),
                                Paragraph("Answers", self.styles.heading)]
        for section in self.book.sections:
            puzzle_type = section.puzzle_type
            natural = _largest([puzzle_type.answer_size(r.puzzle) for r in section.records])
            scale = self.answer_scale(section) * factor
            width = answer_grid(natural, geometry.frame_size, 0.0, scale).slot_width
            labels = [answer_label(p, puzzle_type.answer_note(p.record.puzzle, p.record.solution,
                                                              p.solutions),
                                   width, self.fonts,
                                   state.type_scale * min(factor, ANSWER_LABEL_GROWTH),
                                   self.ink.least_text)
                      for p in section.puzzles]
            label = max(label_height(lines) for lines in labels)
            grid = answer_grid(natural, geometry.frame_size, label, scale)
            puzzles, step = section.puzzles, grid.columns
            rows = [AnswerRow(puzzles[i:i + step], puzzle_type, grid, labels[i:i + step], label,
                              state) for i in range(0, len(puzzles), step)]
            caption = Paragraph(f"{escape(section.config.title)} \u00b7 puzzles {_span(section)}",
                                self.styles.info)
            blocks.append(head + [caption, rows[0]])
            blocks += [[row] for row in rows[1:]]
            head = []
        return blocks

    def _compose(self, state: Pass, geometry: Geometry, part: str, pad: bool) -> list[Flowable]:
        """The story of the book ('book') or of its separate answer key ('answers'). Each section
        opens a page, or with `share_pages` follows the one before on its page when its opening
        and first row fit there; the answers open a page."""
        if part == "answers":
            front = self._front_matter(state, geometry, True) or self._title_block()
            return front + self._fitted_answers(state, geometry, front)
        story = self._front_matter(state, geometry, False)
        for index, section in enumerate(self.book.sections):
            lead = self._title_block() if index == 0 and not self.config.title_page else []
            if index and not self.config.share_pages:
                story.append(PageBreak())
            story += self._section_story(index, section, lead, state, geometry)
        if self.config.answers == "back":
            story += [PageBreak()] + self._fitted_answers(state, geometry, [])
        if pad:
            story += [PageBreak(), NotesPage(state, *geometry.frame_size, self.styles.heading)]
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
        """Lay the book out in passes that paint no puzzles until the contents pages, the gutter,
        the padding and (where sections share pages) the pages puzzles land on agree with the
        book they describe, then paint it once; returns the PDF bytes and the page count."""
        try:
            return self._render(part, puzzle_pages)
        except LayoutError as error:
            raise self._too_large(error) from None

    def _too_large(self, error: LayoutError) -> BookgenError:
        """Something that fits on no page of the layout (a tiny page with wide margins, a title
        of one long word in large print): one message naming the piece, its size, the page and
        the text area, not reportlab's LayoutError."""
        found = re.search(r"Flowable <(\w+)( at [^>]*)?>(.*?)\(([\d.]+) x ([\d.]+)\) too large on "
                          r"page (\d+) in frame '\w+'\(([\d.]+) x ([\d.]+)", str(error), re.DOTALL)
        piece, where = "a piece of the book", " does not fit a page"
        if found:
            kind, reportlabs, words = found.group(1), found.group(2), found.group(3).strip()
            if not reportlabs:  # one of ours: it describes itself (flowables.described)
                piece = words
            elif kind == "Paragraph":
                piece = f"the text '{words[:40]}'"
            where = (" ({:.0f} x {:.0f} pt) on page {:.0f} does not fit the text area "
                     "({:.0f} x {:.0f} pt)").format(*(float(n) for n in found.groups()[3:]))
        return BookgenError(f"{piece}{where}; use a larger page, smaller margins or shorter text",
                            file=self.config.file,
                            key="layout" if self.config.layout.file else None)

    def _render(self, part: str, puzzle_pages: dict[int, int]) -> tuple[bytes, int]:
        ink = self.ink
        type_scale = self.layout.body_size / 10.5
        subject = "Puzzle book" if part == "book" else "Answer key"
        shows_contents = part == "book" and self.config.title_page and self.config.contents
        anchors: dict[str, int] = {}
        pages, pad = POD_MIN_PAGES, False
        for _ in range(6):
            geometry = make_geometry(self.layout, self.config, pages)
            known_pages = dict(puzzle_pages)  # sections that share pages are spread by them
            state = Pass(self.fonts, ink, not self.pod, type_scale, anchors, {}, puzzle_pages, False)
            _, count = self._build_once(self._compose(state, geometry, part, pad), geometry, subject,
                                        state)
            content_pages = count - (1 if pad else 0)
            new_pad = self.pod and part == "book" and content_pages % 2 == 1
            new_pages = content_pages + (1 if new_pad else 0)
            settled = ((state.anchors == anchors or not shows_contents) and new_pad == pad
                       and make_geometry(self.layout, self.config, new_pages) == geometry
                       and (puzzle_pages == known_pages or not self.config.share_pages))
            if settled:
                state = Pass(self.fonts, ink, not self.pod, type_scale, anchors, {}, puzzle_pages, True)
                return self._build_once(self._compose(state, geometry, part, pad), geometry, subject,
                                        state)
            anchors, pad, pages = dict(state.anchors), new_pad, new_pages
        raise BookgenError("the layout did not settle after six passes", key="layout")


def fitted_line(text: str, font: str, size: float, width: float) -> str:
    """The text, cut at a word and ended with an ellipsis where it is wider than `width` (a
    long section title in the running head)."""
    if stringWidth(text, font, size) <= width:
        return text
    words = text.split(" ")
    while len(words) > 1 and stringWidth(" ".join(words) + "\u2026", font, size) > width:
        words.pop()
    line = " ".join(words)
    while line and stringWidth(line + "\u2026", font, size) > width:  # one word too long
        line = line[:-1]
    return line.rstrip(" ,;:.\u00b7") + "\u2026"


def _lone(pages: list[list[PuzzleRow]]) -> bool:
    """Whether the last of two or more pages holds a single puzzle."""
    return len(pages) > 1 and sum(len(row.puzzles) for row in pages[-1]) == 1


def _span(section: Section) -> str:
    first, last = section.numbers[0], section.numbers[-1]
    return f"{first}\u2013{last}" if last != first else str(first)


def _largest(sizes: list[tuple[float, float]]) -> tuple[float, float]:
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def alternate_pages() -> Flowable:
    """From page 2 on, even and odd page templates in turn (reportlab's page template cycle);
    page 1 takes the first template, the odd one."""
    return NextPageTemplate(["even", "odd"])
