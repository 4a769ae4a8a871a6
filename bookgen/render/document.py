"""The document: a book (or its separate answer key) composed as a story of flowables on
mirrored odd and even page templates, and built in passes until its layout is stable."""

from __future__ import annotations

import functools
import hashlib
import io
import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
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

from bookgen.book import Book, PrintedPuzzle, Section, located, sample_one, size_samples
from bookgen.bookconfig import BookConfig, Layout, blank_word, version_letter, version_words
from bookgen.core.grading import (
    ALL_LEVELS,
    level_after_title,
    level_name,
    level_word,
    levels_after_title,
    title_names_level,
)
from bookgen.core.pen import Pen, RecordingPen
from bookgen.errors import BookgenError, Refusals
from bookgen.i18n import N_, Language, _, current, ngettext, refusal, refusing, speaking
from bookgen.i18n.conjunctions import joined, said
from bookgen.puzzles.base import JSON, Generated, PuzzleRecord, PuzzleType, Request
from bookgen.remembered import remembered
from bookgen.render.flowables import (
    BLANK_GAP,
    Anchor,
    AnswerRow,
    ContentsEntry,
    ExampleFit,
    ExamplePair,
    FacingOpening,
    FittedOpening,
    Measured,
    NameLine,
    NotesPage,
    PagePrints,
    Pass,
    PuzzleRow,
    Run,
    answer_label,
    continued,
    example_fits,
    label_height,
    label_width,
    record_print,
    solved_fit,
    speech_print,
    type_print,
)
from bookgen.render.fonts import Fonts, check_printable, layout_fonts
from bookgen.render.geometry import (
    ANSWER_MIN_SLOT,
    ANSWER_ROW_GAP,
    HEAD_RULE,
    LABEL_HEIGHT,
    POD_MAX_PAGES,
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
from bookgen.render.pdfpen import Ink, MeasuringPen, least_scale
from bookgen.render.sizes import (
    CHILDREN_TEXT,
    STANDARD,
    WRITE_IN_LARGE,
    WRITE_IN_SHEET,
    TooManyToAPage,
    sizes_for,
)

ANSWER_MAX_SCALE = 1.0
ANSWER_GROWTH = 1.05  # the step by which answers that leave their page half empty grow
ANSWER_LABEL_GROWTH = 1.5  # and the most their labels grow
ALONE_SPARE = 0.95  # of the largest scale at which a puzzle fits a page alone (`_roomy_scale`):
# its page's frame is the narrowest the book may have, its rendering's a little tighter still
SECTION_SPACE = 10 * mm  # between sections that share a page
EXAMPLE_SPACE = 4 * mm  # below a section's example (a Spacer of its own each time: reportlab
# marks a flowable it had to move to the next page, and a shared one would carry the mark)
SCALE_STEPS = 12  # halvings that find the scale a section's example and first row share
TIGHTEST_FIRST_ROW = 0.85
"""The least share of its answer's width (a crossword's grid) a section's first row keeps where
it is tightened to stay below its opening (`BookDocument._tightened_first_row`): a crossword's
clues beside its grid or its squares a little smaller, its text at its size, where the type's
one scale leaves it no room (a 6x9 crossword section's opening stood alone on a page three
quarters blank, its first grid 1.5 mm too tall for the room below)."""
POD_INK = Ink(min_line=0.75, lightest_grey=0.9)
HOME_INK = Ink(min_line=0.0, lightest_grey=1.0)
FLOWING = 0.85
"""A section whose shortest puzzle is under this share of its tallest sets its rows flowing
(`BookDocument._flowing`), each row as tall as its own puzzles: twenty cryptograms of two to
seven lines took a seven-line slot each, two to a Letter page (ten pages, six now), and one to a
page of a large-print 5x8. Nonograms and word searches, whose clues and lists vary a little,
keep their slots."""
SPREAD_AT = 0.25  # a page of rows more blank than this spreads them over it (`_spread`)
# the rows below an opening, on a page the section goes on past, spread where they leave more of
# its room than this blank: its lower half (a page they fill well keeps them under the example)
OPENING_SPREAD_AT = 0.5
SPREAD_SLACK = 1.0  # points a spread page leaves below its rows, for the frame's rounding
ENLARGE_STEP = 0.97  # the steps by which a type's scale is tried larger (`_enlarged`)
SAVING_SHRINK = 0.85  # the least share of its scale a type prints at to save pages
SHARE_STEP = 0.93  # the steps by which a shared opening's example shrinks to begin below
TITLE_STEP = 0.9  # the steps by which a title too tall for its page shrinks
SHEET_PAGE = 12  # the puzzles a sheet puts on one page (where they fit there); more take several


@dataclass(frozen=True)
class Styles:
    title: ParagraphStyle
    subtitle: ParagraphStyle
    heading: ParagraphStyle
    info: ParagraphStyle
    body: ParagraphStyle


GLUED_SPACE = re.compile(r"(?<=[\d\u00d7\u00f7+\u2212=^)]) (?=[\d\u00d7\u00f7+\u2212=^(])")
"""A space inside a number group or a sum ("1 7 9 9", "2 \u00d7 2 \u00d7 2 = 8"): a line never breaks
there, so no line starts with an operator and no group is split."""


def glued(text: str) -> str:
    """`text` with no-break spaces inside number groups and sums, and before each level's name
    in the current language ("niveau\u00a0expert")."""
    text = GLUED_SPACE.sub("\u00a0", text)
    for level in ALL_LEVELS:
        name = level_name(level)
        text = re.sub(rf"(?<=\w) (?={re.escape(name)}\b)", "\u00a0", text, flags=re.IGNORECASE)
    return text


def hyphenating(style: ParagraphStyle, code: str) -> ParagraphStyle:
    """`style` breaking long words with the hyphenation patterns of language `code` (pyphen's),
    never where the text glues its spaces (`glued`), nor inside a number."""
    return ParagraphStyle(f"{style.name}-{code}", parent=style, hyphenationLang=code,
                          hyphenationMinWordLength=7, embeddedHyphenation=1)


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


@dataclass(frozen=True)
class Opening:
    """A section's opening as it prints above its rows (`BookDocument._opening`)."""
    texts: list[Flowable]  # its heading and rules
    heading: list[Flowable]  # and its example, at `scale`
    scale: float  # the example's
    least: float  # the example's floor
    own_page: bool  # on a page of its own, the rows after it
    flows_on: bool  # taller than a page: the rows begin below its end
    opening_at: Callable[..., list[Flowable]]  # the opening with its example at a scale
    first_type: PuzzleType | None = None  # the first row's, tightened to the room below it
    first_share: float = 1.0  # the first row's height tightened, a share of its own


class BookDocument:
    """Composes and builds a book (or its separate answer key) on a layout."""

    def __init__(self, book: Book, fonts_checked: bool = False) -> None:
        config = book.config
        self.book = book
        self.config = config
        self.layout = large_print(config.layout) if config.large_print else config.layout
        self.pod = config.profile == "print-on-demand"
        if not fonts_checked:  # the CLI asks before making the book; a library caller, here
            check_printable(config)
        self.fonts = layout_fonts(self.layout)
        self.styles = make_styles(self.layout, self.fonts)
        self.sizes = sizes_for(config)
        self.measured = Measured()  # each puzzle's sizes, for every pass
        self._floors: dict[int, float] = {}  # by section (its id): see puzzle_floor
        self._answer_floors: dict[int, float] = {}  # by section (its id): see answer_scale
        self._examples: dict[int, Generated | None] = {}  # see example_of
        if _MEASURED_AHEAD and _MEASURED_AHEAD[0].config is config:  # measured while the book was made
            ahead = _MEASURED_AHEAD[0]
            self._floors.update(ahead._floors)
            self._answer_floors.update(ahead._answer_floors)
            self._examples.update(ahead._examples)
            self.measured = ahead.measured
        book = self.book = self._narrowed(on_sheet_pages(book))
        self._fits: dict[tuple[int, Geometry], list[ExampleFit]] = {}  # see _example_ways
        self._told: dict[int, int | None] = {}  # see _teller
        self.puzzle_scales: list[float] | None = None  # by section, from the last layout
        self._grid_cache: dict[Geometry, list[Grid]] = {}
        self.speech = config.speech()  # the book's words: its front matter, answers, running heads
        self.speeches = [config.speech(s.config) for s in book.sections]  # each section's
        self.settled: Settled | None = None  # what the last render settled on
        self._known: dict[int, str | None] | None = None  # see render's changed_only
        self._spoken = {id(s): speech for s, speech in zip(book.sections, self.speeches)}
        self.advising = True  # a refusal names the changes that would work (`_changes_that_work`)
        self._paragraph_heights: dict[tuple[str, str, float], float] = {}  # see _paragraph_height
        self._narrowed_types: dict[tuple[int, float, float], PuzzleType] = {}  # see _narrowed_to

    def measure(self, section: Section) -> None:
        """Work out the scales at which the text of one section's puzzles and answers reaches
        the profile's floors, its puzzles' and answers' room on a page, and its solved example,
        the section taken into this document's book (`measuring_ahead`; all kept by the
        section's or the puzzle's id, so the book holds them)."""
        self.book = replace(self.book, sections=self.book.sections + (section,))
        self._spoken[id(section)] = self.config.speech(section.config)
        self.puzzle_floor(section)
        self.answer_scale(section)
        for record in section.records:
            self.measured.page_size(section.puzzle_type, record.puzzle)
            self.measured.answer_size(section.puzzle_type, record.puzzle)
        with speaking(self.speech):  # as the book's typesetting first asks for it
            self.example_of(section)

    def example_of(self, section: Section) -> Generated | None:
        """The section's solved example, made once: every pass and every way of fitting it asks,
        and a type may make it by generating and proving a puzzle (a cryptogram's takes 30 ms)."""
        if id(section) not in self._examples:
            self._examples[id(section)] = section.puzzle_type.example(section.request)
        return self._examples[id(section)]

    def _narrowed(self, book: Book) -> Book:
        """The book with each section whose puzzles (or answers: a cryptogram's plain text) at
        their floor size are wider than the frame of its longest possible book (the widest
        print-on-demand gutter) drawn to that width,
        where its type can wrap (`PuzzleType.narrowed`): such a section could be refused once
        its pages are counted (large print on 6x9, 5x8 or A4); every other prints as it did."""
        narrowest, height = make_geometry(self.layout, self.config, POD_MAX_PAGES).frame_size
        # a puzzle's room on a page of its own, below its label (a point spared for rounding)
        below_label = height - LABEL_HEIGHT * self.layout.body_size / 10.5 - ROW_GAP - 1.0
        sections = []
        for section in book.sections:
            wrap = section.puzzle_type.narrowed
            if wrap is not None:
                floor = self.puzzle_floor(section, self.config.speech(section.config))
                natural = max(max(section.puzzle_type.measure(r.puzzle)[0],
                                  self.measured.answer_size(section.puzzle_type, r.puzzle)[0])
                              for r in section.records)
                if natural * floor * mm > narrowest:
                    room = (narrowest / floor / mm, below_label / floor / mm)
                    alike = section.puzzle_type.narrowed_alike  # a section's puzzles at one size
                    narrow = (alike([r.puzzle for r in section.records], *room, self.config.large_print)
                              if alike is not None else wrap(*room))
                    tallest = max(self.measured.page_size(narrow, r.puzzle)[1] for r in section.records)
                    if tallest * floor * mm <= height:  # else refused as it is (a page too small)
                        section = replace(section, puzzle_type=narrow)
            sections.append(section)
        if all(new is old for new, old in zip(sections, book.sections)):
            return book
        return replace(book, sections=tuple(sections))

    def speech_of(self, section: Section) -> Language:
        """The language `section` is printed in (its own, or the book's)."""
        return self._spoken[id(section)]

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
            canvas.setFont(self.fonts.regular, geometry.folio_pt)
            canvas.drawCentredString(geometry.trim_left(odd) + geometry.trim_width / 2,
                                     geometry.bleed + geometry.folio, str(page))
            canvas.restoreState()

        version = self._version_words()

        def on_page_end(canvas, document) -> None:
            page = canvas.getPageNumber()
            title = state.running_head()
            if state.opening_page == page:  # its heading says what it holds; a sheet's version
                # is said on every page after the first: a loose page 2 of version A was B's too
                title = version if version and page > 1 else ""
            elif title and version and not title.endswith(version):
                title = f"{title} \u00b7 {version}"  # an answer page's "Answers 5–8"
            if self._sheet_page(page, state):  # a loose sheet says what it is, and whose
                title = self.config.title + (f" \u00b7 {version}" if version else "")
            if state.prints is not None:
                state.prints.page_ends(canvas, state, page, title)
            if self._sheet_page(page, state) and self.config.name_line:
                self._page_name_line(canvas, state, geometry, left, [title, version or ""])
                return
            state.answered.clear()
            if not title:
                return
            baseline = geometry.bleed + geometry.trim_height - geometry.head
            title = fitted_line(title, self.fonts.italic, geometry.head_pt, frame_width)
            canvas.saveState()
            canvas.setFont(self.fonts.italic, geometry.head_pt)
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

    def _sheet_page(self, page: int, state: Pass) -> bool:
        """Whether `page` is a page after the first of a sheet (a book without a title page) that
        holds puzzles, not answers: its running head is the sheet's title, not its section's
        ("Word Search" under "Spelling Words"), and with the name line too, since a second sheet
        gets parted from the first."""
        return not self.config.title_page and page > 1 and not state.answered

    def _page_name_line(self, canvas, state: Pass, geometry: Geometry, left: float,
                        titles: list[str]) -> None:
        """The name line of a sheet's later page (`_sheet_page`) where the running head goes, in
        its type: at the right the first of `titles` that fits beside it (the sheet's title and
        version, else its version alone); on one line, its blanks that fit there."""
        frame_width = geometry.frame_size[0]
        size = geometry.head_pt
        baseline = geometry.bleed + geometry.trim_height - geometry.head
        blanks = self._name_blanks()
        for title in [*titles, ""]:
            room = frame_width - (stringWidth(title, self.fonts.italic, size) + BLANK_GAP if title else 0.0)
            line = NameLine(blanks, state, size)
            if room > frame_width / 3 and line.wrap(room, geometry.head)[1] <= line.leading:
                break
        if len(line.lines) > 1:  # a narrow page: the version, and the blanks one line holds
            title = titles[-1]  # (the name first)
            room = frame_width - (stringWidth(title, self.fonts.italic, size) + BLANK_GAP if title else 0.0)
            line.wrap(room, geometry.head)
            line = NameLine(blanks[:len(line.lines[0])], state, size)
            line.wrap(room, geometry.head)
        line.drawOn(canvas, left, baseline - size * 0.3)
        state.answered.clear()
        if title:
            canvas.saveState()
            canvas.setFont(self.fonts.italic, size)
            canvas.drawRightString(left + frame_width, baseline, title)
            canvas.restoreState()

    # content --------------------------------------------------------------------------------

    def _front_matter(self, state: Pass, geometry: Geometry, answers_only: bool) -> list[Flowable]:
        config = self.config
        frame_width, frame_height = geometry.frame_size
        if not config.title_page:
            return []
        story = self._title_page(self._page_title(answers_only), geometry) + [PageBreak()]
        if (config.copyright or config.isbn) and not answers_only:
            story.append(Spacer(1, frame_height * 0.6))
            if config.copyright:
                story.append(Paragraph(escape(config.copyright).replace("\n", "<br/>"), self.styles.info))
            if config.isbn:
                # Translators: the copyright page's line for the book's ISBN, the number as given
                line = _("ISBN {isbn}").format(isbn=config.isbn)
                story += [Spacer(1, self.styles.info.leading * 0.5)] if config.copyright else []
                story.append(Paragraph(escape(line), self.styles.info))
            story.append(PageBreak())
        if config.contents and not answers_only:
            entries = []
            for i, s in enumerate(self.book.sections):
                with speaking(self.speeches[i]):
                    levels = s.levels
                    if len(levels) == 1 and title_names_level(s.config.title, levels[0]):
                        # Translators: a contents entry's detail after a title that names its
                        # level ("Sudoku, easy  puzzles 1–10"); the no-break space as below
                        detail = (_("puzzle\u00a0{span}") if _one(s) else _("puzzles\u00a0{span}")
                                  ).format(span=_span(s))
                    else:
                        said = (level_after_title(levels[0]) if len(levels) == 1
                                else levels_after_title(levels[0], levels[-1]))
                        # Translators: a contents entry's detail; the no-break spaces keep its
                        # number with its word and its "·" after the level ("easy · puzzles
                        # 1–10"): a narrow page breaks the line after the "·", never before
                        detail = (_("{level}\u00a0\u00b7 puzzle\u00a0{span}") if _one(s) else
                                  _("{level}\u00a0\u00b7 puzzles\u00a0{span}")).format(
                            level=glued(said), span=_span(s))  # "niveau\u00a0expert"
                    entries.append((f"section{i}", s.config.title, detail))
            size = self.layout.body_size * 1.1
            story += [Paragraph(escape(_("Contents")), self.styles.heading), Spacer(1, 4 * mm)]
            story += [ContentsEntry(*entry, state, frame_width, size) for entry in entries]
            if config.answers == "back":
                story += self._answers_contents(state, frame_width, size)
            story.append(PageBreak())
        return story

    def _answers_contents(self, state: Pass, width: float, size: float) -> list[Flowable]:
        """The contents' "Answers" entry and, below it where the book has several sections, the
        page where each section's answers begin, indented: a 45-page key took flipping to find
        one answer in."""
        entries = [ContentsEntry("answers", _("Answers"), "", state, width, size)]
        if len(self.book.sections) > 1:
            for index, section in enumerate(self.book.sections):
                with speaking(self.speeches[index]):
                    entries.append(ContentsEntry(f"answers{index}", "", _answers_caption(section),
                                                 state, width, size, indent=size * 1.5))
        return entries

    def _page_title(self, answers_only: bool) -> str:
        """The title on the title page: the book's, or its separate answer key's."""
        if not answers_only:
            return self.config.title
        # Translators: the title page of a book's separate answer key
        return _("{title} \u2014 Answers").format(title=self.config.title)

    def _title_page(self, title: str, geometry: Geometry) -> list[Flowable]:
        """The title page: the title, then its version, subtitle and author, from 0.28 of the way
        down; where they are taller than the rest of the page (a long title and subtitle in large
        print on a 5x8 trim), higher up, and where they are taller than the page, in smaller type
        (`_title_sizes`), so that they never run onto the next page; refused where even that
        does not fit (`check_sizes` asks before the book is made)."""
        frame_height = geometry.frame_size[1]
        lines = [line for line in (self._version_words(), self.config.subtitle, self.config.author)
                 if line]
        for title_size, line_size in self._title_sizes():
            block = [Paragraph(escape(title), _sized(self.styles.title, title_size)),
                     *(Paragraph(escape(line), _sized(self.styles.subtitle, line_size))
                       for line in lines)]
            room = frame_height - self._height(block, geometry)
            if room >= 0:
                return [Spacer(1, min(frame_height * 0.28, room)), *block]
        with refusing():  # in the user's language, whatever the book's
            raise BookgenError(_("the title page's texts (title, subtitle, author) take more "
                                 "than the page, even in the smallest type they may print in; "
                                 "shorten them, or use a larger page"),
                               file=self.config.file, key="title")

    def _title_sizes(self) -> Iterator[tuple[float, float]]:
        """The title page's sizes, largest first: the title's, then its other lines': the title
        shrinks by TITLE_STEP down to the headings' size, then the lines down to the body's."""
        title, line = self.layout.title_size, self.styles.subtitle.fontSize
        yield title, line
        while title * TITLE_STEP >= self.layout.heading_size:
            title *= TITLE_STEP
            yield title, line
        while line * TITLE_STEP >= self.layout.body_size:
            line *= TITLE_STEP
            yield title, line

    def _title_block(self) -> list[Flowable]:
        """Title (with its version's letter) and subtitle above the first section of a book
        without a title page (a worksheet), and above its separate answers."""
        config = self.config
        version = self._version_words()
        title = f"{config.title} \u00b7 {version}" if version else config.title
        story: list[Flowable] = [Paragraph(escape(title), self.styles.heading)]
        for line in (config.subtitle, config.author):
            if line:
                story.append(Paragraph(escape(line), self.styles.info))
        story.append(Spacer(1, 3 * mm))
        return story

    def _version_words(self) -> str | None:
        """"Version B" in a version of a sheet; None in a book without versions."""
        if not self.book.version:
            return None
        return version_words(self.book.version).replace(" ", "\u00a0")  # its letter never alone

    def _sheet_head(self, state: Pass) -> list[Flowable]:
        """What opens the first section's page: on a book without a title page its title block;
        then the name line. Later pages carry it in the running head's place (`_page_name_line`),
        where it takes no row of puzzles from them."""
        head = [] if self.config.title_page else self._title_block()
        if self.config.name_line:
            head += [NameLine(self._name_blanks(), state, self.layout.body_size), Spacer(1, 3 * mm)]
        return head

    def _name_blanks(self) -> list[tuple[str, str, str]]:
        """The name line's blanks: each one's key, word and what follows its rule."""
        total = sum(len(section.records) for section in self.book.sections)  # this sheet's
        return [(blank, blank_word(blank), f"/\u00a0{total}" if blank == "score_total" else "")
                for blank in self.config.name_line]

    def _titled_by_sheet(self, index: int) -> bool:
        """Whether section `index` opens under its info line alone: the only section of a book
        without a title page (a sheet), whose own title says no more than its type and level
        ("Maze", "Maze, easy"): "Maze worksheet" above the name line and "Maze" under it printed
        one title twice, and "Spelling Words" above "Word Search" two headings for one sheet (its
        rules say what the puzzles are). A title of the section's own is kept."""
        if index or self.config.title_page or len(self.book.sections) > 1:
            return False
        section = self.book.sections[index]
        with speaking(self.speeches[index]):
            type_title = _words(_(section.puzzle_type.title))
            level = section.levels[0] if len(section.levels) == 1 else None
            said = {level, level_word(level), level_name(level), level_after_title(level)} if level else set()
        own = _words(section.config.title)
        for word in sorted(said, key=len, reverse=True):  # "nivel fácil" before "fácil"
            own = own.replace(_words(word), " ")
        return own == type_title

    def _rules_of(self, index: int, sized_as: int | None = None) -> str:
        """The rules section `index` prints, in its language: its own `rules:`, else its type's
        (and the type's note on its example); `sized_as`: as they would read were the section's
        grid the size of section `sized_as`'s."""
        config = self.book.sections[index].config
        puzzle_type = self.book.sections[index].puzzle_type
        with speaking(self.speeches[index]):
            # a type's own rules function may hand back its constant untranslated
            request = self.book.sections[index].request
            if sized_as is not None and (sized := _resized(request, self.book.sections[sized_as].request)):
                request = sized
            rules = config.rules or _(puzzle_type.rules(request))
            note = puzzle_type.example_note
            if not config.rules and note and (said := note(request)):
                rules = f"{rules} {said}"
        return rules

    def _rules_told(self, index: int) -> bool:
        """Whether section `index` opens with its title alone (`repeat_rules: false`): a section
        before it, of its type, printed the same rules, but for the size of its grid (a book of
        kakuro at four levels explains kakuro once, and one of calcudoku 4x4 to 6x6 says "1 to 4"
        once, the later sections' sizes in their headings: `_size_told`; a killer sudoku's rules
        after a classic's are still printed)."""
        return self._teller(index) is not None

    def _teller(self, index: int) -> int | None:
        """The section before `index` whose rules it does not repeat (`_rules_told`), or None."""
        if self.config.repeat_rules:
            return None
        if index not in self._told:
            name = self.book.sections[index].puzzle_type.name
            self._told[index] = next(
                (before for before, earlier in enumerate(self.book.sections[:index])
                 if earlier.puzzle_type.name == name
                 and self._rules_of(before) == self._rules_of(index, sized_as=before)),
                None)
        return self._told[index]

    def _size_told(self, index: int) -> str:
        """The side of section `index`'s grid ("6 × 6") where its rules were told at another size
        (`_rules_told`), for its heading to say; else "" (also where its title says it)."""
        teller = self._teller(index)
        if teller is None or self._rules_of(index) == self._rules_of(teller):
            return ""
        side = int(self.book.sections[index].request.settings["size"])  # type: ignore[union-attr]
        if f"{side} \u00d7 {side}" in self.book.sections[index].config.title.replace("\u00a0", " "):
            return ""
        return f"{side}\u00a0\u00d7\u00a0{side}"

    def _heading(self, index: int, state: Pass) -> list[Flowable]:
        """A section's heading: (for a worksheet's first section, the title block,) its title,
        level and span, and its rules (unless told before: `_rules_told`)."""
        section = self.book.sections[index]
        config = section.config
        lead = self._sheet_head(state) if index == 0 else []
        with speaking(self.speeches[index]):
            # a narrow page breaks the line after its "·", never between a word and its number
            span = (_("Puzzle {span}") if _one(section) else _("Puzzles {span}")).format(
                span=_span(section)).replace(" ", "\u00a0")
            levels = section.levels if self.config.difficulty_line else ()
            if len(levels) == 1:
                stars = "\u2605" * (ALL_LEVELS.index(levels[0]) + 1)
                # Translators: a section's level, before the numbers of its puzzles
                level = _("Difficulty: {level} {stars}").format(
                    level=level_name(levels[0]), stars=stars).replace(f" {stars}", "\u00a0" + stars)
                span = f"{level}\u00a0\u00b7 {span}"
            elif levels:
                # Translators: the levels of a section whose puzzles mix them (from a bank), its
                # easiest to its hardest, before the numbers of its puzzles
                level = _("Difficulty: {easiest}\u2013{hardest}").format(
                    easiest=level_name(levels[0]), hardest=level_name(levels[-1]))
                span = f"{level}\u00a0\u00b7 {span}"
            if side := self._size_told(index):
                span = f"{side}\u00a0\u00b7 {span}"
            # Translators: bold, before a section's rules
            play = _("How to play.")
        version = self._version_words()  # a loose page of a sheet says its version above it
        anchor = Anchor(f"section{index}", f"{config.title} \u00b7 {version}" if version
                        else config.title, state)
        if index and self.config.share_pages:
            anchor.spaceBefore = SECTION_SPACE  # dropped at the top of a page, as frames do
        title = [] if self._titled_by_sheet(index) else [Paragraph(escape(config.title), self.styles.heading)]
        with speaking(self.speeches[index]):
            type_title = _(section.puzzle_type.title)
        if not title and _words(type_title) not in _words(self.config.title):  # "Spelling Words":
            span = f"{type_title}\u00a0\u00b7 {span}"  # its type in its info line, not a heading
        heading = lead + [anchor, *title, Paragraph(escape(span), self.styles.info)]
        if self._rules_told(index):
            return heading
        return heading + [Paragraph(f"<b>{escape(play)}</b> {escape(glued(self._rules_of(index)))}",
                                    self._rules_style(index))]

    def _rules_style(self, index: int) -> ParagraphStyle:
        """The style of section `index`'s rules: hyphenated in its language, except in large print
        and on a pupil's sheet (one with a name line), whose early readers stumble on a word
        broken across two lines ("Divi- sion"). The rules are set ragged-right, so unbroken words
        only make the right edge a little more ragged."""
        if self.config.large_print or self.config.name_line:
            return self.styles.body
        return hyphenating(self.styles.body, self.speeches[index].code)

    def _example_fit(self, index: int, state: Pass, geometry: Geometry) -> ExampleFit | None:
        """How the section's solved example fits its opening: the first way (`example_fits`)
        that shares a page with the rules at its floor; None when its type has none, or no way
        does."""
        return next(iter(self._example_ways(index, state, geometry)), None)

    def _example_ways(self, index: int, state: Pass, geometry: Geometry) -> list[ExampleFit]:
        """Every way (`example_fits`, best first) the section's solved example shares a page with
        the rules at its floor. Worked out once per section and page geometry (every pass asks)."""
        if (index, geometry) not in self._fits:
            self._fits[index, geometry] = self._fit_example(index, state, geometry)
        return self._fits[index, geometry]

    def _fit_example(self, index: int, state: Pass, geometry: Geometry) -> list[ExampleFit]:
        """The ways of `_example_ways`, of the example drawn by the section's own type, not by the
        drawing its pages narrowed to (`_narrowed`): the few short words of an example fit where
        the section's longest did not (`example_fits` narrows them to half the frame itself)."""
        section = self.book.sections[index]
        example = None if self._rules_told(index) else self.example_of(section)
        width, height = geometry.frame_size
        with speaking(self.speeches[index]):  # the drawings' words, as they will print
            fits = example_fits(section.config.puzzle_type, example, state, width) if example else []
        heading = self._heading(index, state)
        return [fit for fit in fits if self._height(heading + self._example(
            section, state, width, fit.least, fit), geometry) <= height]

    def _sharing_ways(self, index: int, state: Pass, geometry: Geometry) -> list[ExampleFit]:
        """The ways the section's example may take on the page its opening shares with the first
        row: `_example_ways`, and where the section asks for all its puzzles on one page (a
        sheet: `per_page` as many as it holds), the solved drawing alone after them
        (`_solved_fit`): a sheet of one crossword printed the rules and the example on a page of
        their own and the puzzle on the next, a second page to copy for every pupil."""
        ways = self._example_ways(index, state, geometry)
        one_sheet = self._one_sheet(self.book.sections[index])
        solved = self._solved_fit(index, state, geometry) if one_sheet else None
        return ways + ([solved] if solved is not None else [])

    @staticmethod
    def _one_sheet(section: Section) -> bool:
        """Whether the section asks for all its puzzles on one page (`per_page` as many as it
        holds: a worksheet's)."""
        per_page = section.config.per_page
        return per_page is not None and len(section.records) <= per_page

    def _opens_its_puzzles(self, section: Section) -> bool:
        """Whether the section's opening keeps to the page of its first puzzles, its example left
        out where it leaves them no room: a sheet's (`_one_sheet`), and a worksheet's pages of a
        count each (`per_page` in a book without a title page). One large-print maze printed the
        rules and the example on a sheet of their own and the maze on a second, without the
        pupil's name."""
        return self._one_sheet(section) or (section.config.per_page is not None
                                             and not self.config.title_page)

    def _solved_fit(self, index: int, state: Pass, geometry: Geometry) -> ExampleFit | None:
        """How the section's example, its solved drawing alone (`solved_fit`), fits below the
        rules on an opening's page of its own; None when its type has none or it does not."""
        section = self.book.sections[index]
        example = None if self._rules_told(index) else self.example_of(section)
        width, height = geometry.frame_size
        if example is None:
            return None
        with speaking(self.speeches[index]):
            fit = solved_fit(section.puzzle_type, example, state, width)
        if fit is None or self._height(self._heading(index, state) + self._example(
                section, state, width, fit.least, fit, spaced=False), geometry) > height:
            return None
        return fit

    def _page_filling(self, index: int, state: Pass, geometry: Geometry,
                      largest: float) -> tuple[ExampleFit | None, float]:
        """The way and scale of the example of an opening on a page of its own: of the ways that
        fit there (`_example_ways`; where none does, the solved drawing alone), the one drawn
        largest, each as large as the page leaves up to the puzzles' scale (`largest`: an example
        larger than the puzzles it introduces looks like another book's), not under its floor
        nor wider than the frame; (None, 0.0) where none fits."""
        section = self.book.sections[index]
        texts = self._heading(index, state)
        frame_width, frame_height = geometry.frame_size
        ways = self._example_ways(index, state, geometry)
        if not ways:
            ways = [fit for fit in [self._solved_fit(index, state, geometry)] if fit]

        def drawn(way: ExampleFit) -> float:
            def alone(scale: float) -> bool:
                return self._height(texts + self._example(section, state, frame_width, scale, way,
                                                          spaced=False), geometry) <= frame_height

            scale = max(way.least, min(way.most, largest))
            if not alone(scale):
                return _largest_scale(alone, way.least, scale)
            most = min(way.widest, max(way.least, largest))
            if most > scale:
                return most if alone(most) else _largest_scale(alone, scale, most)
            return scale

        if not ways:
            return None, 0.0
        scales = [drawn(way) for way in ways]

        def filled(index: int) -> tuple[float, float]:
            """The largest, and of those at the puzzles' scale the tallest (its two drawings
            stacked fill the page a pair side by side leaves half empty)."""
            tall = self._height(self._example(section, state, frame_width, scales[index],
                                              ways[index], spaced=False), geometry)
            return round(scales[index], 6), tall if scales[index] >= largest - 1e-9 else 0.0

        best = max(range(len(ways)), key=filled)  # the first of the largest
        return ways[best], scales[best]

    def _example(self, section: Section, state: Pass, width: float, scale: float,
                 fit: ExampleFit | None, spaced: bool = True) -> list[Flowable]:
        """The section's solved example at `scale` (none without a `fit`), and the space that
        parts it from the puzzles below (not `spaced`: on a page of its own, nothing follows)."""
        example = self.example_of(section)
        if example is None or fit is None:
            return []
        return [ExamplePair(fit.drawn_by, example, state, width, scale, self.speech_of(section),
                            fit.stacked, fit.solved_only)] + ([Spacer(1, EXAMPLE_SPACE)] if spaced else [])

    def _section_story(self, index: int, section: Section, state: Pass,
                       geometry: Geometry) -> list[Flowable]:
        """The section's opening kept together with its first row of puzzles, then the other
        rows, all at the section's one scale (`_grids`). The example shrinks (never under its
        floor) to leave the first row room below the opening; where even that is too little, the
        opening takes a page of its own: a first row is never printed smaller than the rest."""
        puzzle_type = section.puzzle_type
        speech = self.speeches[index]
        frame_width, frame_height = geometry.frame_size
        grid = self._grids(state, geometry)[index]
        natural = _largest([self.measured.page_size(puzzle_type, r.puzzle) for r in section.records])
        label = LABEL_HEIGHT * state.type_scale
        # a bound book's two-page puzzles face each other (`PuzzleRow.facing`), not loose sheets'
        spare_page = functools.partial(self._notes_page, state, geometry) if self.pod else None
        opening = self._opening(index, state, geometry, grid)
        texts, heading, opening_at = opening.texts, opening.heading, opening.opening_at
        scale, least, own_page, flows_on = opening.scale, opening.least, opening.own_page, opening.flows_on
        first_type = opening.first_type

        def opened(rows: list[Flowable]) -> list[Flowable]:
            """The opening kept with the first row, or on a page of its own before it; below the
            section before, where it fits there (its example shrinking, not under its floor)."""
            if flows_on:
                return [*heading, *rows]
            if own_page:
                facing = [FacingOpening(spare_page)] if spare_page is not None and any(
                    len(puzzle_type.bands(p.record.puzzle)) > 1 for p in section.puzzles) else []
                return [*facing, KeepTogether(heading), PageBreak(), *rows]
            if index and self.config.share_pages:
                return [self._fitted_opening(opening_at, rows[0], scale, least,
                                             texts if self._shown_before(index) else None),
                        *rows[1:]]
            return [KeepTogether(heading + rows[:1]), *rows[1:]]

        if self._one_to_a_page(section, grid, state, frame_height):
            # each page after the opening's prints it centred, not in the top half of a page
            # otherwise blank
            whole = choose_grid(natural, (frame_width, frame_height), label, ((1, 1),),
                                grid.scale, grid.scale)
            rows = [] if own_page and not flows_on else [
                PuzzleRow(section.puzzles[:1], first_type or puzzle_type, grid, state, speech,
                          tight=True)]
            rows += [PuzzleRow([p], puzzle_type, whole, state, speech, centred=True)
                     for p in section.puzzles[len(rows):]]
            _one_top([row for row in rows if row.centred])
            if len(rows) > 1 and not own_page and self._spreads(section):
                # the first over the room below its opening, as the rest over their pages
                _spread(rows[:1], frame_height - self._height(heading, geometry), OPENING_SPREAD_AT)
            return opened(continued(rows, spare_page))
        # the room on the rows' first page: below the opening, or a page of their own after it
        first: float | int = frame_height - (0.0 if own_page else self._height(heading, geometry))
        if index and self.config.share_pages and (flows_on or not own_page):
            # it begins where the last one ends (unless its opening took a page of its own, and
            # the rows a fresh page after it): its first page as the last pass found
            first_page = state.puzzle_pages.get(section.numbers[0])
            first = -(-sum(state.puzzle_pages.get(n) == first_page for n in section.numbers)
                      // grid.columns)
        balanced = self._balanced(section, grid, state, first, frame_height, first_type)
        pages = balanced or self._pages(section, grid, state, first, frame_height, first_type)
        held = [sum(len(row.puzzles) for row in rows) for rows in pages]
        if len(pages) > 1 and max(held) > 1:
            # a lone puzzle the spreading could not avoid (pages of two), on a page of its own (not
            # below the opening): centred on its page, as a flowing section's last one was and its
            # others not (a page of one long cryptogram before a page of three)
            whole = choose_grid(natural, (frame_width, frame_height), label, ((1, 1),),
                                grid.scale, grid.scale)
            for number, count in enumerate(held):
                if count == 1 and (number or own_page and not flows_on):
                    pages[number] = [PuzzleRow(pages[number][0].puzzles, puzzle_type, whole, state,
                                               speech, centred=True)]
        for rows in pages:  # the drawings of a page share one left edge (a page of quotations
            # each centred on its own began each at another edge)
            widest = max(self.measured.page_size(row.puzzle_type, p.record.puzzle)[0] * mm * grid.scale
                         for row in rows for p in row.puzzles)
            for row in rows:
                row.aligned = widest
        if self._spreads(section):
            for number, rows in enumerate(pages):  # each page of rows alone, not the opening's
                if number or (own_page and not flows_on):
                    _spread(rows, frame_height)
                elif len(pages) > 1 and not own_page and isinstance(first, float):
                    # the opening's page, where the section goes on past it: its rows over the
                    # room below the opening (three fill-ins two to a page printed the first in
                    # the top half of the opening's page, its lower half blank, the other two
                    # on the next; a page of them gave one no company)
                    _spread(rows, first, OPENING_SPREAD_AT)
        _one_top([rows[0] for rows in pages if len(rows) == 1 and len(rows[0].puzzles) == 1
                  and rows[0].centred])
        story = opened(continued(pages[0], spare_page))  # a drawing's further bands after its row
        for rows in pages[1:]:  # natural pages end where the frames end them
            story += ([PageBreak()] if balanced else []) + continued(rows, spare_page)
        return story

    def _spreads(self, section: Section) -> bool:
        """Whether the section's pages of rows may spread over their room (`_spread`): not where
        its rows flow, it shares pages, or a drawing goes on in further bands."""
        return not (self._flowing(section) or self.config.share_pages or any(
            len(section.puzzle_type.bands(p.record.puzzle)) > 1 for p in section.puzzles))

    def _one_to_a_page(self, section: Section, grid: Grid, state: Pass, frame_height: float) -> bool:
        """Whether the section prints one puzzle to a page in `grid`: asked for, or all that fits
        the tallest, unless shorter ones flow two or more to a page."""
        config = section.config
        return config.per_page == 1 or (not config.per_page and grid.columns * grid.rows == 1 and not (
            self._flowing(section) and any(len(rows) > 1 for rows in self._pages(
                section, grid, state, frame_height, frame_height))))

    def _opening(self, index: int, state: Pass, geometry: Geometry, grid: Grid) -> Opening:
        """The section's opening as it prints above rows of `grid`: its example drawn the way and
        at the largest scale that leaves the first row (a sheet's rows) room below it, or on a
        page of its own where no way does."""
        section = self.book.sections[index]
        config = section.config
        frame_width, frame_height = geometry.frame_size
        texts = self._heading(index, state)
        flowing = self._flowing(section)
        natural = _largest([self.measured.page_size(section.puzzle_type, r.puzzle)
                            for r in section.records])
        # the height of a row below the opening: the tallest's slot, or a flowing first row's own
        row_height = (natural[1] if not flowing else max(
            self.measured.page_size(section.puzzle_type, r.puzzle)[1]
            for r in section.records[:grid.columns]))
        label = LABEL_HEIGHT * state.type_scale
        ways = self._sharing_ways(index, state, geometry)
        fit = ways[0] if ways else None

        def opening_at(scale: float, spaced: bool = True) -> list[Flowable]:
            """The opening with its example at `scale`."""
            return texts + self._example(section, state, frame_width, scale, fit, spaced)

        # the rows below the opening: a sheet's (per_page as many as it holds) all of them, as
        # `_grids` left room for (4 hex mazes printed 2 below a side-by-side example, 2 on a
        # second page); where no way leaves them room, at least the first
        sheet_rows = -(-len(section.records) // grid.columns) if config.per_page else 1
        below_rows = min(sheet_rows, grid.rows)

        def fits_with(way: ExampleFit | None, scale: float) -> bool:
            """Whether the opening (its example drawn `way` at `scale`) and `below_rows` rows fit
            on a page."""
            opening = self._height(texts + self._example(section, state, frame_width, scale, way),
                                   geometry)
            return opening + below_rows * (label + ROW_GAP + row_height * mm * grid.scale) <= frame_height

        def drawn(way: ExampleFit) -> float:
            """The largest scale of the example drawn `way` that leaves the rows their room: no
            larger than the puzzles, nor under its floor (nor its caps, `example_fits`)."""
            scale = max(way.least, min(way.most, grid.scale))
            return scale if fits_with(way, scale) else _largest_scale(
                functools.partial(fits_with, way), way.least, scale)

        least = fit.least if fit else 0.0
        scale = 0.0
        sharing = [way for way in ways if fits_with(way, way.least)]  # with the rows below
        if not sharing and below_rows > 1:
            below_rows = 1
            sharing = [way for way in ways if fits_with(way, way.least)]
        sharing = [way for way in sharing if not way.solved_only] or sharing  # both drawings first
        if not sharing and fit is not None and self._opens_its_puzzles(section) and fits_with(None, 0.0):
            fit, least = None, 0.0  # a sheet keeps to its page, its example left out: a killer sudoku's sheet
            # on US Letter printed the rules and a large solved grid on page 1, the puzzle on 2
        own_page = not (sharing or fit is None and fits_with(None, 0.0))  # never a smaller first row
        first_type: PuzzleType | None = None
        first_share = 1.0
        tightened = self._tightened_first_row(
            index, state, geometry, grid, [*ways, *self._shorter_ways(index, state, geometry, ways)]
        ) if own_page else None
        if tightened is not None:  # the first row drawn tighter, its example at its floor
            fit, first_type, first_share = tightened
            scale = least = fit.least if fit else 0.0
            own_page = False
        elif own_page:  # its example fills the page, drawn the way that draws it largest
            fit, scale = self._page_filling(index, state, geometry, grid.scale)
        elif fit is not None:  # the way that draws it largest (a placement chain's, stacked)
            scale, fit = max(((drawn(way), way) for way in sharing), key=lambda pair: pair[0])
            least = fit.least
        heading = opening_at(scale, spaced=not own_page)  # alone, no space below it
        # taller than a page (a sheet's head in large print on 5x8): it flows on, and the
        # puzzles begin below its end, not on a page after it
        flows_on = own_page and (self._height(heading, geometry) - heading[-1].getSpaceAfter()
                                 > frame_height)  # the frame drops the space after the last
        if flows_on:
            heading = opening_at(scale)

        return Opening(texts, heading, scale, least, own_page, flows_on, opening_at,
                       first_type, first_share)

    def _shorter_ways(self, index: int, state: Pass, geometry: Geometry,
                      ways: list[ExampleFit]) -> list[ExampleFit | None]:
        """The shorter openings a section's first row may be tightened below, after `ways`: its
        example's solved drawing alone (`_solved_fit`), then none where the book showed its type's
        example before (a 6x9 crossword's opening, its pair of drawings stacked at their floor,
        left the first grid 63 mm where it needs 121: it stood alone, its page's lower half blank)."""
        solved = self._solved_fit(index, state, geometry)
        shorter: list[ExampleFit | None] = [solved] if solved is not None and solved not in ways else []
        return shorter + ([None] if ways and self._shown_before(index) else [])

    def _tightened_first_row(self, index: int, state: Pass, geometry: Geometry, grid: Grid,
                             ways: list[ExampleFit | None]
                             ) -> tuple[ExampleFit | None, PuzzleType, float] | None:
        """Where a section's first row fits below its opening at no scale its text allows (a
        crossword's clues print at their floor at its natural size), the way its example is
        drawn (at its floor), the first row's type narrowed to the room left below it (a
        crossword's clues beside its grid, or its squares smaller, its squares' text at its
        section's sizes: `PuzzleType.tightened`, else `narrowed`) and the share of its answer's
        width it keeps (its squares'), not under `TIGHTEST_FIRST_ROW`; None where the type
        cannot narrow, or no way leaves room."""
        section = self.book.sections[index]
        wrap = section.puzzle_type.tightened or section.puzzle_type.narrowed
        if wrap is None or section.config.per_page:
            return None
        frame_width, frame_height = geometry.frame_size
        texts = self._heading(index, state)
        label = LABEL_HEIGHT * state.type_scale
        first = section.records[:grid.columns]
        width = math.floor(grid.slot_width / (mm * grid.scale) * 1000) / 1000
        tried: list[ExampleFit | None] = list(ways) or [None]
        for way in tried:
            opening = self._height(texts + self._example(section, state, frame_width,
                                                         way.least if way else 0.0, way), geometry)
            height = math.floor((frame_height - opening - label - ROW_GAP) / (mm * grid.scale) * 1000) / 1000
            if height <= 0:
                continue
            narrow = self._narrowed_to(section, wrap, width, height)
            if any(self.measured.page_size(narrow, r.puzzle)[0] > width + 1e-6
                   or self.measured.page_size(narrow, r.puzzle)[1] > height + 1e-6
                   or len(narrow.bands(r.puzzle)) > 1 for r in first):
                continue
            share = min(self.measured.answer_size(narrow, r.puzzle)[0]
                        / self.measured.answer_size(section.puzzle_type, r.puzzle)[0] for r in first)
            if share >= TIGHTEST_FIRST_ROW and self._text_as_large(section, narrow, first):
                return way, narrow, share
        return None

    def _text_as_large(self, section: Section, narrow: PuzzleType,
                       records: Sequence[PuzzleRecord]) -> bool:
        """Whether the narrowed drawings print their text at the sizes their section's own do:
        a section's puzzles print at one size (a tightened first crossword numbered its squares
        at 7 pt, 14.9 in large print, beside its section's 8 pt, 17.1). Of a type that tightens
        at its own sizes (`PuzzleType.tightened`) its digits and labels, what the page auditor's
        one-size check reads: its lists' lines set smaller to fit their narrower columns are no
        size of the type's (a 6x9 crossword's clues beside its grid)."""
        kept = section.puzzle_type.tightened is not None

        def sizes(puzzle_type: PuzzleType, puzzle: JSON) -> set[tuple[bool, float]]:
            pen = RecordingPen()
            puzzle_type.draw_puzzle(pen, puzzle)
            return {(call["label"], round(call["size"], 3)) for name, call in pen.calls
                    if name == "text" and (not kept or call["label"] or call["text"].isdigit())}

        with speaking(self.speech_of(section)):
            return all(sizes(narrow, r.puzzle) == sizes(section.puzzle_type, r.puzzle) for r in records)

    def _narrowed_to(self, section: Section, wrap: Callable[[float, float], PuzzleType],
                     width: float, height: float) -> PuzzleType:
        """The section's type narrowed to `width` x `height` mm, made once for each room (its
        drawings' sizes are kept by the type, `Measured`)."""
        key = (id(section), width, height)
        if key not in self._narrowed_types:
            self._narrowed_types[key] = wrap(width, height)
        return self._narrowed_types[key]

    def _fitted_opening(self, opening_at: Callable[[float], list[Flowable]], first_row: Flowable,
                        scale: float, least: float, plain: list[Flowable] | None) -> FittedOpening:
        """A section's opening and first row that begins on the page where the section before
        ends when they fit in the room left there: its example at `scale` or smaller, down to
        its floor `least`, or else, where the book showed an example of its type already, the
        opening `plain` without one; the first row keeps the section's size."""
        scales = [scale * SHARE_STEP ** n for n in range(SCALE_STEPS)]
        scales = [s for s in scales if s >= least] if least > 0 else [scale]  # 0: no example
        if plain is not None and least > 0:
            scales.append(0.0)

        def make(at: float) -> list[Flowable]:
            return (opening_at(at) if at or plain is None else plain) + [first_row]

        fitted = FittedOpening(make, scales or [scale])
        fitted.spaceBefore = SECTION_SPACE  # dropped at the top of a page, as frames do
        return fitted

    def _shown_before(self, index: int) -> bool:
        """Whether a section before section `index` has its type, and so showed its example."""
        name = self.book.sections[index].puzzle_type.name
        return any(s.puzzle_type.name == name for s in self.book.sections[:index])

    def _height(self, flowables: list[Flowable], geometry: Geometry) -> float:
        width, height = geometry.frame_size
        return sum(self._paragraph_height(f, width, height)
                   if isinstance(f, Paragraph) and f.text is not None else  # not a split's part
                   f.wrap(width, height)[1] + f.getSpaceAfter() + f.getSpaceBefore()
                   for f in flowables)

    def _paragraph_height(self, paragraph: Paragraph, width: float, height: float) -> float:
        """A paragraph's height with the space about it, broken into lines once per text, style
        and width: the fits of a section's opening measure its heading again and again, and the
        breaking of a long text of rules is a third of the first layout pass. (A style's name
        says all of it here: `make_styles` makes each once, `hyphenating` names its language.)"""
        key = (paragraph.text, paragraph.style.name, width)
        if key not in self._paragraph_heights:
            self._paragraph_heights[key] = (paragraph.wrap(width, height)[1] + paragraph.getSpaceAfter()
                                            + paragraph.getSpaceBefore())
        return self._paragraph_heights[key]

    def puzzle_floor(self, section: Section, speech: Language | None = None) -> float:
        """The scale at which every text of the section's puzzles reaches the profile's floor
        (its numbers the numbers' floor), printed in `speech` (unless given: the section's, once
        the document knows it)."""
        key = id(section)
        if key not in self._floors:
            speech = speech if speech is not None else self.speech_of(section)
            least = self._least_scale(section, speech)
            self._floors[key] = max(least, self._roomy_scale(section, speech, least))
        return self._floors[key]

    def _roomy_scale(self, section: Section, speech: Language, least: float) -> float:
        """The scale from `least` up at which a children's sheet's puzzle text reaches
        CHILDREN_TEXT and the boxes a solver writes in reach WRITE_IN_SHEET,
        or in large print WRITE_IN_LARGE: as far as one puzzle alone still fits a page, so that
        the page holds fewer rather than any printing too small to use (six cryptograms on an A4
        sheet wrote in boxes 4.4 mm wide, a third of the page blank)."""
        sheet, write_in = section.config.roomy and is_sheet(self.config), section.puzzle_type.write_in
        wanted = 0.0
        children = section.request is not None and bool(section.request.settings.get("children"))
        if sheet and children and not self.config.large_print and section.puzzle_type.tightened is None:
            # a children's sheet: a grown-up's sheet of six placement chains took two pages for
            # its larger text, three on each (a crossword, `tightened`, sets its clues' sizes on a
            # sheet's page itself)
            text = CHILDREN_TEXT
            draw = section.puzzle_type.draw_puzzle

            def drawing(puzzle: JSON) -> Callable[[Pen], None]:
                return lambda pen: draw(pen, puzzle)

            with speaking(speech):
                wanted = max(self._remembered_least(f"sheet text {text}", section, record, speech,
                                                    drawing(record.puzzle), lambda _text, _label: text)
                             for record in section.records)
        if write_in and (sheet or self.config.large_print and (
                section.config.roomy or section.config.per_page is None)):  # not a per_page written
            wanted = max(wanted, (WRITE_IN_LARGE if self.config.large_print else WRITE_IN_SHEET)
                         / write_in)
        if wanted <= least:
            return least
        width, height = make_geometry(self.layout, self.config, POD_MAX_PAGES).frame_size
        below_label = height - LABEL_HEIGHT * self.layout.body_size / 10.5 - ROW_GAP - 1.0

        def alone(scale: float) -> bool:
            """Whether each of the section's puzzles fits a page alone at `scale` (narrowed
            to the page where its type wraps)."""
            kind = section.puzzle_type
            if kind.narrowed is not None:
                kind = kind.narrowed(width / scale / mm, below_label / scale / mm)
            sizes = [kind.page_size(record.puzzle) for record in section.records]
            return all(w * scale * mm <= width + 0.01 and h * scale * mm <= below_label + 0.01
                       for w, h in sizes)  # a narrowed drawing takes the whole width

        if alone(wanted):
            return wanted
        return max(least, _largest_scale(alone, least, wanted) * ALONE_SPARE) if alone(least) else least

    def _least_scale(self, section: Section, speech: Language) -> float:
        """The scale at which every text of the section's puzzles, printed in `speech`, reaches
        the profile's floor."""
        draw = section.puzzle_type.draw_puzzle

        def puzzle(record: PuzzleRecord) -> Callable[[Pen], None]:
            return lambda pen: draw(pen, record.puzzle)

        with speaking(speech):
            return max(self._remembered_least("puzzle floor", section, record, speech,
                                              puzzle(record), self.sizes.in_puzzle)
                       for record in section.records)

    def _remembered_least(self, kind: str, section: Section, record: PuzzleRecord,
                          speech: Language, draw: Callable[[Pen], None],
                          floor: Callable[[str, bool], float]) -> float:
        """least_scale of one puzzle's drawing, worked out once (bookgen.remembered): what a
        studio job is handed with the cached puzzles, so that a retitle measures none again."""
        parts = (kind, type_print(section.puzzle_type), record_print(record), self.fonts,
                 self.sizes, speech_print(speech))
        return remembered(record.id, parts, lambda: least_scale(draw, self.fonts, floor))

    def _grids(self, state: Pass, geometry: Geometry) -> list[Grid]:
        """Each section's grid, at one scale per puzzle type and width across the book: the least
        of the scales its sections choose alone (the most puzzles a page holds at the layout's
        comfortable scale or more, else at its least scale or more, no puzzle's text under its
        floor; with `share_pages`, the layout's least scale, so that short sections leave room to
        share), so that every 15x15 grid of a type has the same cells, and a 5x5 one does not
        shrink a 20x20 one; each section then takes the grid with the most slots at that scale. A
        section whose puzzles fit no grid of the layout at their floor takes a page for each, or
        is refused (`_too_small`). Without `share_pages`, a type's scale then rises as far as its
        sections keep to their pages (`_enlarged`). Worked out once per page geometry."""
        if geometry in self._grid_cache:
            self.puzzle_scales = [grid.scale for grid in self._grid_cache[geometry]]
            return self._grid_cache[geometry]
        frame_width, frame_height = geometry.frame_size
        label = LABEL_HEIGHT * state.type_scale
        layout = self.layout
        alone: list[Grid] = []
        naturals = [_largest([self.measured.page_size(s.puzzle_type, r.puzzle) for r in s.records])
                    for s in self.book.sections]
        for index, section in enumerate(self.book.sections):
            per_page, floor = section.config.per_page, self.puzzle_floor(section)
            comfort = min(max(layout.comfort_scale * section.puzzle_type.comfort_share,
                              layout.min_scale), layout.max_scale)
            fit = self._example_fit(index, state, geometry)
            heading = self._heading(index, state)
            room = frame_height
            if per_page:
                room -= self._height(heading + self._example(  # at the size it is drawn
                    section, state, frame_width, fit.most if fit else 0.0, fit), geometry)
            try:
                grid = choose_grid(naturals[index], (frame_width, room), label, layout.grids,
                                   layout.min_scale, layout.max_scale, per_page, floor)
            except BookgenError:  # too many below the opening, no text setting a floor (signs)
                if room >= frame_height:
                    raise
                room, grid = self._below_opening_or_after(index, state, geometry, naturals[index],
                                                          label, fit)  # as below
            if not per_page and not self.config.share_pages and grid.scale < comfort:
                grid = choose_grid(naturals[index], (frame_width, room), label, layout.grids,
                                   comfort, layout.max_scale, per_page, floor)  # fewer, larger
            if grid.scale < floor and not per_page:  # a page for each, if that is large enough
                grid = choose_grid(naturals[index], (frame_width, frame_height), label,
                                   ((1, 1),), floor, floor)
            elif grid.scale < floor:
                room, grid = self._below_opening_or_after(index, state, geometry, naturals[index],
                                                          label, fit)
            if grid.scale < floor - 1e-9:
                raise self._too_small(section, (frame_width, room), label, grid.scale)
            if self.config.share_pages and not per_page:  # a compact book: at the layout's least
                grid = replace(grid, scale=min(grid.scale, max(floor, layout.min_scale)))
            elif not per_page:  # smaller (not under the layout's least, nor its comfortable size
                # when it reached it), to share the opening's page, its example drawn the way
                # that leaves the most room
                below = self._below_opening(index, state, geometry, naturals[index])
                least = comfort if grid.scale >= comfort else layout.min_scale
                if max(floor, least) <= below < grid.scale:  # a hair under: no rounding pushes
                    grid = replace(grid, scale=below * (1 - 1e-6))  # the first row off the page
            alone.append(grid)
        shared: dict[tuple[str, float], float] = {}  # one scale per type and size
        for section, grid, natural in zip(self.book.sections, alone, naturals):
            kind = section.puzzle_type.name, round(natural[0], 1)  # its width: columns alike
            shared[kind] = min(shared.get(kind, grid.scale), grid.scale)
        grids = []
        for section, grid, natural in zip(self.book.sections, alone, naturals):
            scale = max(shared[section.puzzle_type.name, round(natural[0], 1)],
                        self.puzzle_floor(section))
            if section.config.per_page or (grid.columns, grid.rows) not in layout.grids:
                grids.append(replace(grid, scale=scale))
            else:
                grids.append(choose_grid(natural, (frame_width, frame_height), label, layout.grids,
                                         scale, scale))
        if not self.config.share_pages:
            grids = self._enlarged(state, geometry, alone, grids, naturals)
            grids = self._saving_pages(state, geometry, grids, naturals)
        self.puzzle_scales = [grid.scale for grid in grids]
        self._grid_cache[geometry] = grids
        return grids

    def _below_opening(self, index: int, state: Pass, geometry: Geometry,
                       natural: tuple[float, float]) -> float:
        """The largest scale at which a row of the section's puzzles (`natural` the largest's size)
        fits below its opening, its example drawn the way that leaves the most room."""
        section = self.book.sections[index]
        frame_width, frame_height = geometry.frame_size
        heading = self._heading(index, state)
        opening = min((self._height(heading + self._example(section, state, frame_width,
                                                             way.least, way), geometry)
                       for way in self._example_ways(index, state, geometry)),
                      default=self._height(heading, geometry))
        return (frame_height - opening - LABEL_HEIGHT * state.type_scale - ROW_GAP) / (natural[1] * mm)

    def _one_scale_each(self, naturals: list[tuple[float, float]]) -> dict[tuple[str, float], list[int]]:
        """The sections (by index) that share one scale: of one puzzle type and natural width."""
        kinds: dict[tuple[str, float], list[int]] = {}
        for index, (section, natural) in enumerate(zip(self.book.sections, naturals)):
            kinds.setdefault((section.puzzle_type.name, round(natural[0], 1)), []).append(index)
        return kinds

    def _enlarged(self, state: Pass, geometry: Geometry, alone: list[Grid], grids: list[Grid],
                  naturals: list[tuple[float, float]]) -> list[Grid]:
        """`grids` with each puzzle type and width's one scale raised as far as it goes (up to the
        layout's largest, and no further than any of its sections laid out at a count to a page,
        `alone`, chose) while none of its sections takes more pages (`_section_pages`) nor draws
        its example smaller (`_no_worse`): four numbrix, which fill part of a page, printed in a
        grid for six at 1.19 where two by two fill the page at 1.63, and four number pyramids in
        a grid for nine at 1.46 where 2.13 fit on the page just the same. Each section then takes
        the grid with the most slots at that scale, as `_grids` chooses. Tried from the largest
        down: each layout grid's fit, the room below each opening, and ENLARGE_STEP steps
        between."""
        frame_width, frame_height = geometry.frame_size
        label = LABEL_HEIGHT * state.type_scale
        layout = self.layout
        kinds = self._one_scale_each(naturals)
        grids = list(grids)

        def gridded(index: int) -> bool:
            """Whether the section takes a grid of the layout's at the type's scale (not a count
            to a page, nor a page each at its floor)."""
            grid = grids[index]
            return not self.book.sections[index].config.per_page and (
                grid.columns, grid.rows) in layout.grids

        def at(index: int, scale: float) -> Grid:
            """The section's grid at the type's `scale`, as `_grids` chooses it."""
            scale = max(scale, self.puzzle_floor(self.book.sections[index]))
            if not gridded(index):
                return replace(grids[index], scale=scale)
            return choose_grid(naturals[index], (frame_width, frame_height), label, layout.grids,
                               scale, scale)

        def kept(index: int, grid: Grid, scale: float, laid_out: tuple[int, float, bool, float]) -> bool:
            """Whether the section in `grid` prints at `scale` on no more pages than it was
            `laid_out` on, its example no smaller (`_no_worse`); rows of one height fill at most
            the grid's slots to a page."""
            if grid.scale < scale - 1e-9:
                return False
            section = self.book.sections[index]
            if (not self._flowing(section)
                    and -(-len(section.records) // (grid.columns * grid.rows)) > laid_out[0]):
                return False
            return _no_worse(self._section_pages(index, state, geometry, grid), laid_out)

        for members in kinds.values():
            movable = [index for index in members if gridded(index)]
            if not movable:
                continue
            least = min(grids[index].scale for index in members)
            most = min([layout.max_scale] + [alone[index].scale for index in members
                                              if not gridded(index)])
            scales = {choose_grid(naturals[index], (frame_width, frame_height), label, (shape,),
                                  0.0, layout.max_scale).scale
                      for index in movable for shape in layout.grids}
            scales |= {self._below_opening(index, state, geometry, naturals[index]) * (1 - 1e-6)
                       for index in movable}
            if most > least:  # and the steps between, for the largest that keeps the pages
                steps = int(math.log(least / most) / math.log(ENLARGE_STEP))
                scales |= {most * ENLARGE_STEP ** step for step in range(steps + 1)}
            laid_out = {index: self._section_pages(index, state, geometry, grids[index])
                        for index in movable}

            for scale in sorted((s for s in scales | {most} if least + 1e-6 < s <= most),
                                reverse=True):
                tried = {index: at(index, scale) for index in members}
                if all(kept(index, tried[index], scale, laid_out[index]) for index in movable):
                    for index in members:
                        grids[index] = tried[index]
                    break
        return grids

    def _saving_pages(self, state: Pass, geometry: Geometry, grids: list[Grid],
                      naturals: list[tuple[float, float]]) -> list[Grid]:
        """`grids` with each puzzle type and width printed under the layout's comfortable scale
        (several to a page already) printed smaller where that takes fewer pages: at the largest
        scale that takes the fewest, tried in ENLARGE_STEP steps down to SAVING_SHRINK of its
        scale, never under a section's floor nor the layout's least. Twelve cryptograms at 1.03
        took five 6x9 pages, a third of one blank under three quotes where a fourth fits at 0.97:
        four pages (thirteen: five at 1.05, four at 0.92)."""
        frame_width, frame_height = geometry.frame_size
        label = LABEL_HEIGHT * state.type_scale
        layout = self.layout
        kinds = self._one_scale_each(naturals)
        grids = list(grids)
        for members in kinds.values():
            scale = min(grids[index].scale for index in members)
            comfort = layout.comfort_scale * self.book.sections[members[0]].puzzle_type.comfort_share
            if scale >= comfort or not all((grids[index].columns, grids[index].rows) in layout.grids
                                           and not self.book.sections[index].config.per_page
                                           for index in members):
                continue
            least = max([scale * SAVING_SHRINK, layout.min_scale]
                        + [self.puzzle_floor(self.book.sections[index]) for index in members])
            fewest = sum(self._section_pages(index, state, geometry, grids[index])[0]
                         for index in members)
            steps = int(math.log(least / scale) / math.log(ENLARGE_STEP))
            scales = {scale * ENLARGE_STEP ** step for step in range(1, steps + 1)}
            scales |= {choose_grid(naturals[index], (frame_width, frame_height), label, (shape,),
                                   0.0, layout.max_scale).scale
                       for index in members for shape in layout.grids}  # where a grid holds more
            for tried_scale in sorted((s for s in scales if least - 1e-9 <= s < scale - 1e-9),
                                      reverse=True):
                tried = {index: choose_grid(naturals[index], (frame_width, frame_height), label,
                                            layout.grids, tried_scale, tried_scale)
                         for index in members}
                if all(grid.scale >= tried_scale - 1e-9 for grid in tried.values()):
                    pages = sum(self._section_pages(index, state, geometry, tried[index])[0]
                                for index in members)
                    if pages < fewest:
                        fewest = pages
                        for index in members:
                            grids[index] = tried[index]
        return grids

    def _section_pages(self, index: int, state: Pass, geometry: Geometry,
                       grid: Grid) -> tuple[int, float, bool, float]:
        """The pages the section takes in `grid`: its opening's (`_opening`), and its rows' as the
        frames take them (`_pages`; an even spread keeps to as many); the scale of its opening's
        example; whether the opening takes a page of its own; and the share of its width the
        first row's answer keeps where the opening tightened it (`_tightened_first_row`)."""
        section = self.book.sections[index]
        frame_height = geometry.frame_size[1]
        opening = self._opening(index, state, geometry, grid)
        if self._one_to_a_page(section, grid, state, frame_height):
            return (len(section.records) + opening.own_page, opening.scale, opening.own_page,
                    opening.first_share)
        first = frame_height - (0.0 if opening.own_page else self._height(opening.heading, geometry))
        pages = len(self._pages(section, grid, state, first, frame_height, opening.first_type))
        return pages + opening.own_page, opening.scale, opening.own_page, opening.first_share

    def _below_opening_or_after(self, index: int, state: Pass, geometry: Geometry,
                                natural: tuple[float, float], label: float,
                                tried: ExampleFit | None) -> tuple[float, Grid]:
        """A per_page section's room and grid where its puzzles do not print at their floor below
        its opening with its example drawn `tried`: below it with the example drawn the first of
        the other ways (`_sharing_ways`) that leaves them room there, else a page's, the opening
        on a page of its own (`_section_story`) and the rows after it."""
        section = self.book.sections[index]
        per_page, floor = section.config.per_page, self.puzzle_floor(section)
        frame_width, frame_height = geometry.frame_size
        heading = self._heading(index, state)
        for way in self._sharing_ways(index, state, geometry):
            if way is tried:
                continue
            room = frame_height - self._height(heading + self._example(section, state, frame_width,
                                                                        way.most, way), geometry)
            try:
                grid = choose_grid(natural, (frame_width, room), label, self.layout.grids,
                                   self.layout.min_scale, self.layout.max_scale, per_page, floor)
            except BookgenError:  # not that many below it
                continue
            if grid.scale >= floor - 1e-9:
                return room, grid
        if self._opens_its_puzzles(section):  # below the rules alone, the example left out
            room = frame_height - self._height(heading, geometry)
            try:
                grid = choose_grid(natural, (frame_width, room), label, self.layout.grids,
                                   self.layout.min_scale, self.layout.max_scale, per_page, floor)
            except BookgenError:  # not that many below it
                pass
            else:
                if grid.scale >= floor - 1e-9:
                    return room, grid
        return frame_height, choose_grid(natural, (frame_width, frame_height), label, self.layout.grids,
                                         self.layout.min_scale, self.layout.max_scale, per_page, floor)

    def _too_small(self, section: Section, frame: tuple[float, float], label: float,
                   largest: float) -> BookgenError:
        """The refusal of a section whose puzzles cannot print at the profile's floor: it names
        the section, the trim, the size the text that needs most would print at, and (with
        per_page) how many to a page would fit, or the largest size of its type that would
        (`PuzzleType.largest_size`)."""
        sizes = self.sizes
        pen = MeasuringPen(self.fonts)
        with speaking(self.speech_of(section)):
            for record in section.records:
                section.puzzle_type.draw_puzzle(pen, record.puzzle)
        texts = [(kw["text"], kw["size"], kw["label"]) for name, kw in pen.calls if name == "text"]
        text, size, is_label = max(texts, key=lambda ts: sizes.in_puzzle(ts[0], ts[2]) / ts[1])
        with refusing():  # in the user's language, whatever the book's
            return self._too_small_said(section, frame, label, largest, (text, size, is_label))

    def _too_small_said(self, section: Section, frame: tuple[float, float], label: float,
                        largest: float, neediest: tuple[str, float, bool]) -> BookgenError:
        """`_too_small`'s refusal, said in the current language: `neediest` is the text that
        needs the most scale to reach its floor (text, size, whether a label)."""
        config, sizes = section.config, self.sizes
        text, size, is_label = neediest
        floor = self.puzzle_floor(section)
        largest_size = section.puzzle_type.largest_size
        fitting: str | None = None
        if largest_size is not None:  # the room of a page each, at the floor
            room = frame[0] / (floor * mm), (frame[1] - label - ROW_GAP) / (floor * mm)
            fitting = largest_size([r.puzzle for r in section.records], *room)
        larger = _trims_that_print(self.config, section)[0] if fitting and self.advising else []
        if larger:  # named, as the other refusals name the trims that print it
            advice = _("use a larger trim ({trims}) or a smaller size: size {size} is the largest "
                       "that prints there at that size").format(trims=", ".join(larger), size=fitting)
        elif fitting:
            advice = _("use a larger trim or a smaller size: size {size} is the largest that prints "
                       "there at that size").format(size=fitting)
        elif not self.advising:  # (`_prints_on` asking): the changes are not worked out
            advice = "" if largest_size is None else _("use a larger trim: no size of it prints "
                                                       "there at that size")
        else:  # every other trim laid out: worked out only where the refusal says it
            advice = _changes_that_work(self.config, section, size * largest,
                                        STANDARD.in_puzzle(text, is_label), resize=largest_size is None)
            if largest_size is not None:
                advice = _("no size of it prints there at that size; {advice}").format(advice=advice)
        fewer = 0
        if config.per_page and self.advising:  # laid out as asked, fewer to a page each time
            fewer = next((n for n in range(config.per_page - 1, 0, -1)
                          if _prints_on(self.layout, self.config, section, n)), 0)
            if fewer:
                advice = ngettext("at most {count} to a page fits at that size (per_page: {count})",
                                  "at most {count} to a page fit at that size (per_page: {count})",
                                  fewer).format(count=fewer)
            elif config.per_page > 1:
                advice = _("not even one to a page fits at that size; {advice}").format(advice=advice)
        message = _("the puzzles of section '{title}' ({section}) cannot print at {profile} size on "
                    "the {page} page: the text {text!r} in them needs {needed} pt, and the largest "
                    "that fits prints it at {printed} pt; {advice}").format(
            title=config.title, section=config.describe(), profile=_(sizes.name),
            # rounded down: a size a hair under the floor never reads as the floor ("16.0 pt")
            page=self.layout.title, text=text, needed=f"{sizes.in_puzzle(text, is_label):g}",
            printed=current().number(max(0.0, math.floor(size * largest * 10) / 10), 1), advice=advice)
        if config.per_page and fewer:
            return TooManyToAPage(message, fewer, file=self.config.file, line=config.line,
                                  key="per_page")
        # at the section's line, which the message names; the layout key is elsewhere
        return BookgenError(message, file=self.config.file, line=config.line)

    def _rows(self, puzzles: Sequence[PrintedPuzzle], section: Section, grid: Grid,
              state: Pass, first: bool, first_type: PuzzleType | None = None) -> list[PuzzleRow]:
        """The puzzles in rows of the grid's columns; a section's first row is tight, drawn by
        `first_type` where its opening tightened it (`_tightened_first_row`)."""
        flowing = self._flowing(section)
        return [PuzzleRow(puzzles[i:i + grid.columns],
                          (first_type or section.puzzle_type) if first and i == 0 else section.puzzle_type,
                          grid, state, self.speech_of(section), tight=first and i == 0, flowing=flowing)
                for i in range(0, len(puzzles), grid.columns)]

    def _flowing(self, section: Section) -> bool:
        """Whether the section's rows each take their own puzzles' height, one after another as
        text flows, not the slot its tallest puzzle needs: where its puzzles differ in height
        (`FLOWING`) and it asks for no number to a page (a sheet keeps its grid)."""
        if section.config.per_page:
            return False
        heights = [self.measured.page_size(section.puzzle_type, r.puzzle)[1] for r in section.records]
        return min(heights) < FLOWING * max(heights)

    def _pages(self, section: Section, grid: Grid, state: Pass, first: float | int,
               frame_height: float, first_type: PuzzleType | None = None) -> list[list[PuzzleRow]]:
        """The section's rows as the frames will take them, page by page: on its first page the
        room `first` (a float: its opening begins the page) or `first` rows (an int: it begins
        below the section before); the first row drawn by `first_type` where it is tightened."""
        pages: list[list[PuzzleRow]] = [[]]
        rows = self._rows(section.puzzles, section, grid, state, True, first_type)
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

    def _balanced(self, section: Section, grid: Grid, state: Pass, first: float | int,
                  frame_height: float, first_type: PuzzleType | None = None
                  ) -> list[list[PuzzleRow]] | None:
        """The section's rows page by page with its puzzles spread evenly over the pages they
        take, when on their own they would leave the last page less than half full or holding
        one puzzle (the opening's page then gives up one); None when they fill it well enough,
        or an even spread would not keep to those pages. A section that begins below another
        keeps its first page as it is (`first` rows)."""
        pages = self._pages(section, grid, state, first, frame_height, first_type)
        full = len(self._pages(section, grid, state, frame_height, frame_height)[0]) * grid.columns
        last = sum(len(row.puzzles) for row in pages[-1])
        below = isinstance(first, int)  # its pages broken here, so that a page given up stays so
        if len(pages) < 2 or (2 * last >= full and last > 1 and not below):
            return None
        held = sum(len(row.puzzles) for row in pages[0])
        if held + full * (len(pages) - 1) < len(section.puzzles):
            return None  # grids of different heights: a full page of the first ones holds fewer
        if below:
            counts = [held] + balance([full] * (len(pages) - 1), len(section.puzzles) - held)
        else:
            counts = balance([held] + [full] * (len(pages) - 1), len(section.puzzles))
        opening_shares = below or first < frame_height - 1e-6
        if counts[-1] == 1 < counts[0] and opening_shares:  # not a lone puzzle on the last page:
            counts[0] -= 1  # the first page, below the opening or the section before, holds one
            counts[-1] += 1  # fewer (a last page may end short, a first one beside it not)
        balanced, start = [], 0
        for number, count in enumerate(counts):
            puzzles = section.puzzles[start:start + count]
            balanced.append(self._rows(puzzles, section, grid, state, number == 0, first_type))
            start += count
        rooms = [frame_height if isinstance(first, int) else first] + [frame_height] * len(pages)
        for rows, room in zip(balanced, rooms):
            heights = sum(row.wrap(row.width, frame_height)[1] for row in rows[:-1])
            if heights + rows[-1].bare > room + 1e-6:
                return None
        return balanced

    @property
    def ink(self) -> Ink:
        return POD_INK if self.pod else HOME_INK

    def answer_scale(self, section: Section) -> float:
        """The scale of a section's answers: the least at which all their text reaches the
        profile's floor; for answers without text (a nonogram's picture, a maze's path), the
        least at which their puzzles' text would (a nonogram's clues), so that every type's
        answers are drawn by one rule and stand at like sizes on a page (drawn as large as
        their puzzles, a picture dwarfed a fill-in's letters beside it); ANSWER_MAX_SCALE where
        neither has text. The key stays compact. Worked out once per section: it draws every
        answer (every pass asks)."""
        key = id(section)
        if key not in self._answer_floors:
            self._answer_floors[key] = self._least_answer_scale(section)
        return self._answer_floors[key]

    def _least_answer_scale(self, section: Section) -> float:
        puzzle_type = section.puzzle_type

        def answer(record: PuzzleRecord) -> Callable[[Pen], None]:
            return lambda pen: puzzle_type.draw_solution(pen, record.puzzle, record.solution)

        def puzzle(record: PuzzleRecord) -> Callable[[Pen], None]:
            return lambda pen: puzzle_type.draw_puzzle(pen, record.puzzle)

        speech = self.speech_of(section)
        with speaking(speech):
            need = max(self._remembered_least("answer floor", section, record, speech,
                                              answer(record), self.sizes.in_answer)
                       for record in section.records)
            if not need:
                need = max(self._remembered_least("textless answer floor", section, record,
                                                  speech, puzzle(record), self.sizes.in_answer)
                           for record in section.records)
        return need or ANSWER_MAX_SCALE

    def _answer_scales(self, state: Pass, geometry: Geometry, factor: float) -> list[float]:
        """Each section's answer scale, one per puzzle type: its sections' least (`answer_scale`)
        grown by `factor`, but never larger than the smallest of their puzzles (unless the
        answers' floor asks for more) nor than lets the widest of their answers fit the frame's
        width, so that two sections of cryptograms, whose puzzles print at two sizes and whose
        longest quotations are not as long, have answers of one size."""
        puzzles = self.puzzle_scales or [grid.scale for grid in self._grids(state, geometry)]
        least: dict[str, float] = {}
        most: dict[str, float] = {}
        for section, puzzle_scale in zip(self.book.sections, puzzles):
            kind = section.puzzle_type.name
            widest = max(self.measured.answer_size(section.puzzle_type, r.puzzle)[0]
                         for r in section.records)
            fitting = geometry.frame_size[0] / (widest * mm) if widest > 0 else puzzle_scale
            least[kind] = max(least.get(kind, 0.0), self.answer_scale(section))
            most[kind] = min(most.get(kind, puzzle_scale), puzzle_scale, fitting)
        return [max(least[kind], min(least[kind] * factor, most[kind]))
                for kind in (s.puzzle_type.name for s in self.book.sections)]

    def _fitted_answers(self, state: Pass, geometry: Geometry,
                        front: list[Flowable]) -> list[Flowable]:
        """The answers, after `front`; when they all fit on their first page, drawn larger, as
        large as still fits it (up to the size of their puzzles, their labels up to half as
        large again), so that a worksheet's answer sheet is not a corner of a page in small
        type."""
        width, height = geometry.frame_size

        def used(flowables: list[Flowable]) -> float:
            return sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter()
                       for f in flowables)

        room = height - (0.0 if not front or isinstance(front[-1], PageBreak) else used(front))
        best = self._answer_blocks(state, geometry, 1.0)
        if used([f for block in best for f in block]) <= room:
            least = self._answer_scales(state, geometry, 1.0)
            most = self._answer_scales(state, geometry, float("inf"))
            factor = ANSWER_GROWTH
            while any(a * factor <= b * ANSWER_GROWTH for a, b in zip(least, most)):
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
        answers = _("Answers")
        if self.book.version and self.config.answers == "back":  # a separate key's title says it
            answers = f"{answers} \u00b7 {version_words(self.book.version)}"
        head: list[Flowable] = [Anchor("answers", answers, state),
                                Paragraph(escape(answers), self.styles.heading)]
        scales = self._answer_scales(state, geometry, factor)
        for index, (section, scale, speech) in enumerate(zip(self.book.sections, scales, self.speeches)):
            puzzle_type = section.puzzle_type
            natural = _largest([self.measured.answer_size(puzzle_type, r.puzzle) for r in section.records])
            width = answer_grid(natural, geometry.frame_size, 0.0, scale).slot_width
            with speaking(speech):
                labels = [answer_label(p, _note(puzzle_type.answer_note(
                              p.record.puzzle, p.record.solution, p.solutions)),
                                       width, self.fonts,
                                       state.type_scale * min(factor, ANSWER_LABEL_GROWTH),
                                       self.sizes.least)
                          for p in section.puzzles]
                caption_text = _answers_caption(section)
                caption = Paragraph(escape(caption_text), self.styles.info)
            label = max(label_height(lines) for lines in labels)
            grid = answer_grid(natural, geometry.frame_size, label, scale)
            widest = max(label_width(lines) for lines in labels)
            if widest > grid.slot_width:  # a note wider than narrow answers' columns: fewer columns
                grid = answer_grid(natural, geometry.frame_size, label, scale, widest)
            puzzles, step = section.puzzles, grid.columns
            widths = [self.measured.answer_size(puzzle_type, p.record.puzzle)[0] for p in puzzles]
            if min(widths) < FLOWING * max(widths):  # narrow ones side by side, wide ones fewer
                rows = self._packed_answers(section, grid, labels, label, state, speech,
                                            geometry.frame_size[0])
            else:
                rows = [AnswerRow(puzzles[i:i + step], puzzle_type, grid, labels[i:i + step],
                                  label, state, speech) for i in range(0, len(puzzles), step)]
            alone = head and len(self.book.sections) == 1  # the key's heading over its one section
            mark = Anchor(f"answers{index}", caption_text, state, part=True)
            blocks.append(_kept_whole(head + [caption, mark, rows[0]], geometry.frame_size,
                                      len(head) if alone else None))
            blocks += [[row] for row in rows[1:]]
            head = []
        return blocks

    def _packed_answers(self, section: Section, grid: Grid, labels: list[list[list[Run]]],
                        label: float, state: Pass, speech: Language, width: float) -> list[AnswerRow]:
        """A section's answers of different widths (crosswords' grids, cryptograms' lines) in
        columns, in order, each row as tall as its tallest: an answer wider than a column (or
        its label) spans as many as it needs, from the next row where this one has too few
        left; of the column counts the frame's width holds, the one whose rows take the least
        height (thirty crosswords' answers took fifteen 6x9 pages in the one column their
        widest grid left, most of each page's width blank). Each answer stands at its slot's
        left, under its label, so that a column keeps one left edge."""
        puzzle_type, scale, gap = section.puzzle_type, grid.scale, grid.gap
        sizes = [self.measured.answer_size(puzzle_type, p.record.puzzle) for p in section.puzzles]
        needs = [min(width, max(w * mm * scale, label_width(lines), ANSWER_MIN_SLOT))
                 for (w, _h), lines in zip(sizes, labels)]
        most = max(1, int((width + gap) // (min(needs) + gap)))

        def rows_of(columns: int) -> list[list[int]]:
            """The answers' indices row by row, with the columns each spans."""
            slot = (width - (columns - 1) * gap) / columns
            spans = [min(columns, math.ceil((need + gap) / (slot + gap) - 1e-9)) for need in needs]
            rows: list[list[int]] = [[]]
            for index, span in enumerate(spans):
                if sum(spans[i] for i in rows[-1]) + span > columns:
                    rows.append([])
                rows[-1].append(index)
            return rows

        def height(rows: list[list[int]]) -> float:
            return sum(label + max(sizes[i][1] for i in row) * mm * scale + ANSWER_ROW_GAP
                       for row in rows)

        columns = min(range(1, most + 1), key=lambda count: (round(height(rows_of(count)), 3), count))
        slot = (width - (columns - 1) * gap) / columns
        answer_rows = []
        for row in rows_of(columns):
            spans = [min(columns, math.ceil((needs[i] + gap) / (slot + gap) - 1e-9)) for i in row]
            tallest = max(sizes[i][1] for i in row) * mm * scale
            answer_rows.append(AnswerRow(
                [section.puzzles[i] for i in row], puzzle_type,
                replace(grid, columns=columns, rows=1, slot_width=slot,
                        slot_height=label + tallest + ANSWER_ROW_GAP),
                [labels[i] for i in row], label, state, speech,
                [span * slot + (span - 1) * gap for span in spans]))
        return answer_rows

    def _compose(self, state: Pass, geometry: Geometry, part: str, pad: bool) -> list[Flowable]:
        """The story of the book ('book') or of its separate answer key ('answers'). Each section
        opens a page, or with `share_pages` follows the one before on its page when its opening
        and first row fit there; the answers open a page."""
        if part == "answers":
            front = self._front_matter(state, geometry, True) or self._title_block()
            return front + self._fitted_answers(state, geometry, front)
        story = self._front_matter(state, geometry, False)
        for index, section in enumerate(self.book.sections):
            if index and not self.config.share_pages:
                story.append(PageBreak())
            story += self._section_story(index, section, state, geometry)
        if self.config.answers == "back":
            story += [PageBreak()] + self._fitted_answers(state, geometry, [])
        if pad:
            story += [PageBreak(), self._notes_page(state, geometry)]
        return story

    def _notes_page(self, state: Pass, geometry: Geometry) -> NotesPage:
        """A ruled page for notes: what a bound book's spare pages hold."""
        return NotesPage(state, *geometry.frame_size, self.styles.heading, _("Notes"))

    # output ---------------------------------------------------------------------------------

    def _build_once(self, story: list[Flowable], geometry: Geometry, subject: str,
                    state: Pass) -> tuple[bytes, int]:
        """One pass over the story: its PDF (none for a layout pass, which only learns where
        things land) and its page count."""
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
            lang=pdf_lang(self.speech),
        )
        if state.prints is not None:  # a studio preview's painting: of the pages that changed
            document.afterFlowable = state.prints.landed
        elif not state.paint:
            document._doSave = 0  # reportlab's own switch for a pass it writes no PDF of (multiBuild)
        document.build([alternate_pages()] + story)
        return buffer.getvalue(), document.page

    def render(self, part: str, puzzle_pages: dict[int, int], start: Settled | None = None,
               changed_only: bool = False) -> tuple[bytes, int]:
        """Lay the book out in passes that paint no puzzles until the contents pages, the gutter,
        the padding and (where sections share pages) the pages puzzles land on agree with the
        book they describe, then paint it once; returns the PDF bytes and the page count. From a
        `start` (the studio's last preview of this book) it paints at once, and keeps that
        painting when it agrees with the start: the painting pass of the whole build, one build
        instead of three. `self.settled` is then what the book settled on. `changed_only` (the
        studio's previews) paints only the pages whose names differ from the start's
        (`PagePrints`): the others are left out of the PDF, their pictures the start's."""
        self._known = ({} if start is None else start.names) if changed_only else None
        try:
            with speaking(self.speech):
                if start is not None:
                    try:
                        painted = self._render_from(part, puzzle_pages, start)
                    except (LayoutError, BookgenError):  # on the start's page count (its gutter)
                        painted = None  # the whole build says whether the book is at fault
                    if painted is not None:
                        return painted
                    puzzle_pages.clear()  # the whole build, from nothing, as without a start
                return self._render(part, puzzle_pages)
        except LayoutError as error:
            raise self._too_large(error) from None

    def _too_large(self, error: LayoutError) -> BookgenError:
        """Something that fits on no page of the layout (a tiny page with wide margins, a title
        of one long word in large print): one message naming the piece, its size, the page and
        the text area, not reportlab's LayoutError."""
        found = re.search(r"Flowable <(\w+)( at [^>]*)?>(.*?)\(([\d.]+) x ([\d.]+)\) too large on "
                          r"page (\d+) in frame '\w+'\(([\d.]+) x ([\d.]+)", str(error), re.DOTALL)
        with refusing():  # in the user's language, whatever the book's
            return self._too_large_said(found)

    def _too_large_said(self, found: re.Match[str] | None) -> BookgenError:
        """`_too_large`'s refusal, said in the current language."""
        if not found:
            return BookgenError(_("a piece of the book does not fit a page; use a larger page, "
                                  "smaller margins or shorter text"), file=self.config.file,
                                key="layout" if self.config.layout.file else None)
        kind, reportlabs, words = found.group(1), found.group(2), found.group(3).strip()
        piece = (words if not reportlabs  # one of ours: it describes itself (flowables.described)
                 else _("the text '{words}'").format(words=words[:40]) if kind == "Paragraph"
                 else _("a piece of the book"))
        width, height, page, area_width, area_height = (f"{float(n):.0f}" for n in found.groups()[3:])
        return BookgenError(_("{piece} ({width} x {height} pt) on page {page} does not fit the text "
                              "area ({area_width} x {area_height} pt); use a larger page, smaller "
                              "margins or shorter text").format(
            piece=piece, width=width, height=height, page=page, area_width=area_width,
            area_height=area_height), file=self.config.file,
            key="layout" if self.config.layout.file else None)

    def _render(self, part: str, puzzle_pages: dict[int, int]) -> tuple[bytes, int]:
        """Passes until the layout settles, then its painting. A pass paints already where it
        is sure or nearly sure to settle: the first pass where nothing it lays out depends on a
        pass before (no contents, no print-on-demand gutter or padding, no shared pages), and
        every later one (the first only learns where sections open, which the contents list). A
        painting pass lays out as a plain one does, so one that lands where its inputs said is
        the painting of the settled layout, and the plain pass that would have confirmed it is
        saved: a third or a half of a book's typesetting."""
        anchors: dict[str, int] = {}
        pages, pad = POD_MIN_PAGES, False
        for attempt in range(6):
            geometry = make_geometry(self.layout, self.config, pages)
            known_pages = dict(puzzle_pages)  # sections that share pages are spread by them
            painting = attempt > 0 or not (self._shows_contents(part) or self.pod or self.config.share_pages)
            state = (self._painting(anchors, puzzle_pages, geometry) if painting
                     else self._pass(anchors, puzzle_pages, False))
            pdf, count = self._build_once(self._compose(state, geometry, part, pad), geometry,
                                          self._subject(part), state)
            new_pad, new_pages = self._padding(part, count - (1 if pad else 0))
            settled = ((state.anchors == anchors or not self._shows_contents(part))
                       and new_pad == pad
                       and make_geometry(self.layout, self.config, new_pages) == geometry
                       and (puzzle_pages == known_pages or not self.config.share_pages))
            if settled:
                if not painting:
                    state = self._painting(anchors, puzzle_pages, geometry)
                    pdf, count = self._build_once(self._compose(state, geometry, part, pad), geometry,
                                                  self._subject(part), state)
                self.settled = self._named(Settled(dict(anchors), pad, new_pages,
                                                   dict(puzzle_pages)), state)
                return pdf, count
            anchors, pad, pages = dict(state.anchors), new_pad, new_pages
        raise BookgenError(refusal(N_("the layout did not settle after six passes")), key="layout")

    def _render_from(self, part: str, puzzle_pages: dict[int, int],
                     start: Settled) -> tuple[bytes, int] | None:
        """The painting pass from `start`'s contents pages, padding, page count and puzzles'
        pages, when what it lays out lands exactly there (the inputs of the whole build's
        painting pass, as the layout is stable); None when anything moved."""
        puzzle_pages.clear()
        puzzle_pages.update(start.puzzle_pages)
        geometry = make_geometry(self.layout, self.config, start.pages)
        state = self._painting(dict(start.anchors), puzzle_pages, geometry)
        pdf, count = self._build_once(self._compose(state, geometry, part, start.pad), geometry,
                                      self._subject(part), state)
        new_pad, new_pages = self._padding(part, count - (1 if start.pad else 0))
        if ((state.anchors, new_pad, new_pages, puzzle_pages)
                != (start.anchors, start.pad, start.pages, start.puzzle_pages)):
            return None
        self.settled = self._named(start, state)
        return pdf, count

    def _pass(self, anchors: dict[str, int], puzzle_pages: dict[int, int], paint: bool) -> Pass:
        return Pass(self.fonts, self.ink, self.sizes, not self.pod, self.layout.body_size / 10.5,
                    anchors, {}, puzzle_pages, paint, measured=self.measured)

    def _painting(self, anchors: dict[str, int], puzzle_pages: dict[int, int],
                  geometry: Geometry) -> Pass:
        """The painting pass: of every page, or (a studio preview) of the pages that changed.
        Sections that share pages are painted whole: an opening's held row would be placed
        inside it (FittedOpening draws its parts)."""
        if self._known is None or self.config.share_pages:
            return self._pass(anchors, puzzle_pages, True)
        state = self._pass(anchors, puzzle_pages, False)
        shared = repr((self._drawn_on_every_page(), geometry, self.layout, self.fonts))
        state.prints = PagePrints(hashlib.sha256(shared.encode()).hexdigest(), self._known)
        return state

    def _drawn_on_every_page(self) -> BookConfig:
        """The config but what reaches a page only as the text or the puzzles of its flowables
        (their fingerprints say it), or not at all (the cover's, the file's name, which the
        studio makes from the title): a page's name keeps the rest, new keys included."""
        return replace(self.config, sections=(), name="", file="", path=None, title="",
                       subtitle=None, author=None, copyright=None, seed="", formats=(),
                       exclude=(), back_text=None, cover_color="")

    @staticmethod
    def _named(settled: Settled, state: Pass) -> Settled:
        """What the book settled on, with its pages' names and those painted this time."""
        if state.prints is None:
            return replace(settled, names={}, painted=None)
        return replace(settled, names=dict(state.prints.names),
                       painted=frozenset(state.prints.painted))

    def _subject(self, part: str) -> str:
        return _("Puzzle book") if part == "book" else _("Answer key")

    def _shows_contents(self, part: str) -> bool:
        return part == "book" and self.config.title_page and self.config.contents

    def _padding(self, part: str, content_pages: int) -> tuple[bool, int]:
        """Whether a notes page pads the book to an even count (print-on-demand), and its pages."""
        pad = self.pod and part == "book" and content_pages % 2 == 1
        return pad, content_pages + (1 if pad else 0)


_MEASURED_AHEAD: list[BookDocument] = []
"""The document `measuring_ahead` measures a book's sections in while the book is made; the
book's own document takes what it worked out."""


def measuring_ahead(config: BookConfig) -> Callable[[Section], None]:
    """What `make_book` hands each section of `config`'s book as soon as its puzzles are final
    (`BookDocument.measure`): the scales its puzzles' and answers' text need are worked out then,
    on a pool while the workers make the later sections' puzzles, instead of after the last
    puzzle on one core (a fifth of a 400-puzzle book's typesetting); the book's document takes
    them. The config's fonts are checked already (`check_printable`)."""
    document = BookDocument(Book(config, ()), fonts_checked=True)
    _MEASURED_AHEAD[:] = [document]
    return document.measure


@dataclass(frozen=True)
class Settled:
    """What a book's layout settled on: the contents' pages, the notes page, the page count, and
    the page each puzzle landed on. The studio hands a preview's to the next (render's start)."""

    anchors: dict[str, int]
    pad: bool
    pages: int
    puzzle_pages: dict[int, int]
    # a studio preview's (render's changed_only): each page's name (PagePrints) and the pages
    # it painted (the rest are the last preview's); not what the layout settled on
    names: dict[int, str | None] = field(default_factory=dict, compare=False)
    painted: frozenset[int] | None = field(default=None, compare=False)  # None: every page


def check_sizes(config: BookConfig, budget: float | None = None) -> None:
    """Refuse, before the book is made, a section whose puzzles cannot print at the profile's
    floor on the trim (or, with per_page, not that many to a page): the first puzzle of each
    section that makes its own is made alone and laid out as the book would lay it, on the
    widest frame the book can have. Larger puzzles made later are still refused by the layout
    itself; a puzzle that overruns `budget` seconds is left to the build to report. Then a
    title page too small for its texts (`_check_title_page`)."""
    samples, first = [], 1
    for section, job in size_samples(config, budget):
        with located(config.file, section):
            record = sample_one(job)
        if record is not None:
            samples.append(Section(section, job.request.type, first, (record,)))
            first += 1
    if samples:
        check_printable(config)  # the whole book's texts (once: the CLI's check stands), of
        # which the samples' document prints a part
        try:
            lay_out_grids(_samples_document(config, samples))
        except BookgenError:
            refused = _refused_alone(config, samples)
            if len(refused) > 1:
                raise Refusals(refused) from None
            raise
    _check_title_page(config)


def _samples_document(config: BookConfig, samples: Sequence[Section]) -> BookDocument:
    """The document of the size check's samples, laid out as the book would lay them."""
    return BookDocument(Book(replace(config, sections=tuple(s.config for s in samples)),
                             tuple(samples)), fonts_checked=True)


def _refused_alone(config: BookConfig, samples: Sequence[Section]) -> list[BookgenError]:
    """The refusal of each sample's section laid out alone: a book refused for one section is
    told of every other that cannot print either, not one build at a time."""
    refused = []
    for sample in samples:
        try:
            lay_out_grids(_samples_document(config, (sample,)))
        except BookgenError as error:
            refused.append(error)
    return refused


def _check_title_page(config: BookConfig) -> None:
    """Refuse a title page (and a separate answer key's) whose texts fit it in no size they may
    print in, on the narrowest frame the book can have (the widest print-on-demand gutter)."""
    if not config.title_page:
        return
    bare = replace(config, sections=())
    for version in ([version_letter(n) for n in range(config.versions)] if config.versions > 1
                    else [None]):  # each edition's title page names its version
        document = BookDocument(Book(bare, (), version), fonts_checked=True)
        geometry = make_geometry(document.layout, config, POD_MAX_PAGES)
        with speaking(document.speech):
            for answers_only in (False, True) if config.answers == "separate" else (False,):
                document._title_page(document._page_title(answers_only), geometry)


def lay_out_grids(document: BookDocument) -> None:
    """Choose the document's grids on the widest frame it can have: a section whose puzzles
    cannot print at the profile's floor is refused (`BookDocument._too_small`)."""
    geometry = make_geometry(document.layout, document.config, POD_MIN_PAGES)
    state = Pass(document.fonts, document.ink, document.sizes, False,
                 document.layout.body_size / 10.5, {}, {}, {}, False)
    document._grids(state, geometry)


def is_sheet(config: BookConfig) -> bool:
    """Whether the book is a pupil's sheet: a name line and no title page (the studio's
    worksheet, `bookgen worksheet`'s)."""
    return not config.title_page and bool(config.name_line)


def sheet_per_page(count: int) -> int | None:
    """How many of a sheet section's `count` puzzles to ask for on a page: all of them where a
    page may hold that many (`SHEET_PAGE`), else as many as fit (None)."""
    return count if count <= SHEET_PAGE else None


def on_sheet_pages(book: Book) -> Book:
    """The book with each section of a sheet (`is_sheet`) that asks for no number to a page
    given as `bookgen worksheet` gives its one (`sheet_per_page`), fewer where that many do not
    print at the profile's floor (`fewer_to_a_page`): a studio's worksheet, whose sections say no
    per_page, printed each word search on a page of its own where the command prints both on one.
    Such a section is `roomy`: its puzzles print larger, fewer to a page, where the page has room."""
    if not is_sheet(book.config):
        return book
    asked = {index: each for index, section in enumerate(book.sections)
             if section.config.per_page is None
             and (each := sheet_per_page(section.config.count or len(section.records)))}
    if not asked:
        return book
    sections = tuple(replace(section, config=replace(section.config, roomy=True)) if index in asked
                     else section for index, section in enumerate(book.sections))
    book = replace(book, config=replace(book.config, sections=tuple(s.config for s in sections)),
                   sections=sections)
    return with_per_page(book, fewer_to_a_page(book, asked))


def with_per_page(book: Book, per_page: dict[int, int]) -> Book:
    """The book with the sections `per_page` names (by index) asking for that many to a page."""
    sections = list(book.sections)
    for index, each in per_page.items():
        sections[index] = replace(sections[index], config=replace(sections[index].config, per_page=each))
    return replace(book, config=replace(book.config, sections=tuple(s.config for s in sections)),
                   sections=tuple(sections))


def fewer_to_a_page(book: Book, asked: dict[int, int]) -> dict[int, int]:
    """How many to a page of the sections `asked` names (by index, how many it asks for): as it
    asks, or as many as its page holds at the profile's floor where that is fewer, the book laid
    out again as the build lays it each time, until it lays out or is refused for another reason
    (the build then says why)."""
    lines = {book.sections[index].config.line: index for index in asked
             if book.sections[index].config.line is not None}
    asked = dict(asked)
    while True:
        try:
            lay_out_grids(BookDocument(with_per_page(book, asked), fonts_checked=True))
        except TooManyToAPage as too_many:
            index = lines.get(too_many.line)
            if index is not None and too_many.fits < asked[index]:
                asked[index] = too_many.fits
                continue
        except BookgenError:
            pass
        return asked


def _prints_on(layout: Layout, config: BookConfig, section: Section, per_page: int | None = None
               ) -> bool:
    """Whether `section` prints at its floor on `layout`, laid out as a book of that trim would
    lay it (narrowed where its type wraps), `per_page` to a page (None: at least one, since how
    many to a page is advice of its own: on a sheet, which asks for all, one)."""
    from bookgen.puzzles import find_type

    alone = replace(section.config, per_page=1 if per_page is None and is_sheet(config) else per_page)
    on_trim = replace(config, layout=layout, sections=(alone,))
    unwrapped = replace(section, config=alone, puzzle_type=find_type(section.puzzle_type.name))
    try:
        document = BookDocument(Book(on_trim, (unwrapped,)))
        document.advising = False
        lay_out_grids(document)
    except BookgenError:
        return False
    return True


def pdf_lang(speech: Language) -> str | None:
    """The PDF's /Lang: the book's language; none for English, whose books print as they did
    before books had languages (the same bytes)."""
    return None if speech.code == "en" else speech.code


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


def _sized(style: ParagraphStyle, size: float) -> ParagraphStyle:
    """`style` at another size, its leading and space after in proportion; itself at its own."""
    if size == style.fontSize:
        return style
    ratio = size / style.fontSize
    return ParagraphStyle(f"{style.name}-{size:.3f}", parent=style, fontSize=size,
                          leading=style.leading * ratio, spaceAfter=style.spaceAfter * ratio)


def _note(note: str) -> str:
    """An answer's note in the current language: a type may hand back its constant untranslated
    (an empty note stays empty: the empty id is a catalog's header)."""
    return _(note) if note else note


def _resized(request: Request | None, other: Request | None) -> Request | None:
    """`request` with the grid size of `other` (None where either has no size to take)."""
    if request is None or other is None or "size" not in request.settings or "size" not in other.settings:
        return None
    return replace(request, options={**request.options, "size": other.settings["size"]})


def _words(text: str) -> str:
    """`text`'s words, folded and spaced, to compare and find whole words: " maze easy "."""
    return " " + " ".join(re.findall(r"[\w-]+", text.casefold())) + " "


def _one(section: Section) -> bool:
    """Whether the section holds one puzzle: "Puzzle 7", not "Puzzles 7" (a teacher's one
    crossword of her own clues)."""
    return section.numbers[0] == section.numbers[-1]


def _answers_caption(section: Section) -> str:
    """The caption above a section's answers, and its line in the contents."""
    # Translators: above a section's answers ("Numbrix · puzzles 1–12")
    return (_("{title} \u00b7 puzzle {span}") if _one(section) else
            _("{title} \u00b7 puzzles {span}")).format(title=section.config.title, span=_span(section))


def _span(section: Section) -> str:
    first, last = section.numbers[0], section.numbers[-1]
    return str(first) if _one(section) else f"{first}\u2013{last}"


def _trims_that_print(config: BookConfig, section: Section) -> tuple[list[str], list[str], list[str]]:
    """The other built-in trims on which the section prints at its floor (`_prints_on`): larger
    pages, smaller ones (a larger text area, or one a type narrows to), and layouts of the same
    page size (US Letter's 8.5x11 workbook, narrower margins)."""
    from bookgen.config import available_layouts, load_layout

    layouts = {name: load_layout(name) for name in sorted(available_layouts())
               if name != config.layout.name}
    trims = [name for name, layout in layouts.items() if _prints_on(layout, config, section)]
    page = config.layout.width, config.layout.height
    same_page = [name for name in trims if (layouts[name].width, layouts[name].height) == page]
    larger = [name for name in trims if name not in same_page
              and layouts[name].width * layouts[name].height > page[0] * page[1]]
    smaller = [name for name in trims if name not in same_page and name not in larger]
    return larger, smaller, same_page


def _changes_that_work(config: BookConfig, section: Section, printed: float,
                       standard_floor: float, resize: bool = True) -> str:
    """What would let a section refused as too small print, naming only what would work: the
    other built-in trims on which it prints at its floor (`_prints_on`), print at standard size
    (when it fits at that size here), a smaller size the type allows with the section's other
    options, an easier level whose puzzles its defaults make smaller (not with `resize` False:
    no size prints here); "no change of trim or options" when none does. `printed` is the size
    at which the text that needs most prints here, `standard_floor` its floor in standard print."""

    changes = []
    larger, smaller, same_page = _trims_that_print(config, section)
    if larger:
        changes.append(_("a larger trim ({trims})").format(trims=", ".join(larger)))
    if smaller:  # a smaller page with a larger text area, or one a type narrows to
        changes.append(_("another trim ({trims})").format(trims=", ".join(smaller)))
    if same_page:  # US Letter's 8.5x11 workbook: the same paper, a larger text area
        # Translators: a layout of the same page size with a larger text area ("8.5x11")
        changes.append(_("a layout of this page size with narrower margins ({layouts})").format(
            layouts=", ".join(same_page)))
    if config.large_print and printed >= standard_floor - 1e-9:  # the text needing most prints at `printed`
        changes.append(_("standard print (large_print: false)"))
    request = section.config.request
    if request is not None and resize:
        options = {o.name: o for o in section.puzzle_type.options}
        size = options.get("size")
        if size is not None and size.kind == "choice" and "size" in request.settings:
            current = request.settings["size"]
            allowed = []
            for choice in size.choices:
                if not choice.isdigit() or not str(current).isdigit() or int(choice) >= int(current):
                    continue
                try:
                    Request.make(section.puzzle_type, request.level, {**request.options, "size": choice})
                except BookgenError:
                    continue
                allowed.append(choice)
            if allowed:
                changes.append(_("a smaller size ({sizes})").format(
                    sizes=", ".join(sorted(allowed, key=int))))
        elif (size is not None and size.kind in ("size", "int") and "size" in request.options
              and size.low is not None and min(_sides(request.settings["size"])) > size.low):
            changes.append(_("a smaller size"))
        elif size is not None and "size" not in request.options:
            levels = section.puzzle_type.levels
            easier = [level for level in levels[:levels.index(request.level)]
                      if Request.make(section.puzzle_type, level, dict(request.options)).settings["size"]
                      != request.settings["size"]]
            if easier:
                changes.append(_("an easier difficulty ({levels}), whose puzzles are smaller").format(
                    levels=", ".join(easier)))
        count = options.get("word_count")
        if count is not None and count.low is not None and "word_count" in request.options \
                and request.settings["word_count"] > count.low:  # a list, a page of scrambles
            changes.append(_("fewer words (word_count)"))
    if not changes:
        return _("no change of trim or options prints it at that size")
    return said(_("use {changes}"), changes=joined(changes, "or"))


def _sides(size: int | tuple[int, int]) -> tuple[int, ...]:
    """A size option's sides: (rows, cols), or one side."""
    return size if isinstance(size, tuple) else (size,)


def _largest_scale(fits: Callable[[float], bool], low: float, high: float) -> float:
    """The largest scale from `low` (which fits) to `high` (which does not) that `fits`, found
    by halving."""
    for _step in range(SCALE_STEPS):
        middle = (low + high) / 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


def _kept_whole(block: list[Flowable], frame: tuple[float, float],
                spare: int | None = None) -> list[Flowable]:
    """A block kept on one page (the answers' heading, a section's caption, its first row): as
    it is, or where only that keeps it whole, its headings with no space under them (the
    large-print 5x8 key of 16-row crosswords printed "Answers" and its caption alone on a page,
    the first grid 1 pt too tall to join them), and then without its flowable at `spare` (the
    caption of a book's one section, which its heading and the labels say: a large-print 6x9
    key of expert crosswords printed "Answers" and its caption alone, its first grid 25 pt too
    tall)."""
    width, height = frame

    def used(flowables: list[Flowable]) -> float:
        return sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables)

    if used(block) <= height:
        return block
    tight = [Paragraph(f.text, ParagraphStyle(f"{f.style.name}-tight", parent=f.style, spaceAfter=0))
             if isinstance(f, Paragraph) else f for f in block]
    if used(tight) <= height:
        return tight
    if spare is not None:
        without = tight[:spare] + tight[spare + 1:]
        if used(without) <= height:
            return without
    return block


def _spread(rows: list[PuzzleRow], frame_height: float, at: float = SPREAD_AT) -> None:
    """The rows of a page of their own (or of the room below an opening, `frame_height`), where
    their puzzles leave more than `at` of it blank, spread over it: the blank shared out above,
    between and below them, each row's puzzles in the middle of its share (two mazes side by
    side at the top of a large-print Letter page left its lower 40% blank, a section's last row
    of two grids two-thirds)."""
    if any(row.centred for row in rows):  # a lone puzzle centred on its page already
        return
    drawn = [row.label + row.drawn for row in rows]
    blank = frame_height - SPREAD_SLACK - sum(drawn)
    if blank <= at * frame_height:
        return
    for row, height in zip(rows, drawn):
        row.spread(height + blank / len(rows))


def _one_top(lone: list[PuzzleRow]) -> None:
    """The section's puzzles centred alone on their pages stand at one height: each as the
    tallest of them is centred, its top where the tallest's is (each centred on its own height,
    a 6x9 book's crosswords began 53 to 149 points below the head, page to page)."""
    standing = max((row.drawn for row in lone), default=0.0)
    for row in lone:
        row.standing = standing


def _no_worse(tried: tuple[int, float, bool, float], laid_out: tuple[int, float, bool, float]
              ) -> bool:
    """Whether a section's larger puzzles (`_section_pages`: pages, its example's scale, its
    opening alone on a page, the share of its height its first row keeps) take no more pages
    than `laid_out`, nor shrink its example (a word scramble's grew from 1.32 to 1.54 and its
    example's three words to half their size), nor push its first row off the opening's page
    (two larger crosswords on the page after an opening left alone: the same pages, half of one
    blank), nor tighten its first row more where the opening had kept it (a first crossword's
    squares shrinking as the rest grow)."""
    return (tried[0] <= laid_out[0] and tried[1] >= laid_out[1] - 1e-6
            and (laid_out[2] or not tried[2])
            and (laid_out[2] or tried[3] >= laid_out[3] - 1e-6))


def _largest(sizes: list[tuple[float, float]]) -> tuple[float, float]:
    return max(w for w, _h in sizes), max(h for _w, h in sizes)


def alternate_pages() -> Flowable:
    """From page 2 on, even and odd page templates in turn (reportlab's page template cycle);
    page 1 takes the first template, the odd one."""
    return NextPageTemplate(["even", "odd"])
