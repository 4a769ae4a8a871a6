"""The cover: the one-piece wrap (back, spine, front) that print-on-demand services print, sized
from the interior's page count.

    width  = bleed + trim width + spine + trim width + bleed
    height = bleed + trim height + bleed
    spine  = pages x the paper's thickness

The front shows the title, subtitle and author over a large drawing of one of the book's own
puzzles, painted through the same CanvasPen and puzzle code as the pages; the back, the blurb
(`back_text`), a few of its puzzles and what the book holds, and a clear area for the barcode.
Every text stays 0.25 in inside the trim; the spine carries the title and author only from
SPINE_TEXT_PAGES pages up, with SPINE_CLEAR on either side (thinner spines drift in binding).

`plan_cover` places everything (in points, origin at the bottom left, as reportlab draws) and
`render_cover` paints the plan, so tests can check the plan's boxes as well as the PDF.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor, white
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch, mm
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from bookgen.book import Book, PrintedPuzzle, Section
from bookgen.errors import BookgenError
from bookgen.i18n import Language, _, current, ngettext, pgettext, refusing, speaking
from bookgen.render.document import pdf_lang
from bookgen.render.fonts import Fonts, layout_fonts
from bookgen.render.geometry import large_print
from bookgen.render.pdfpen import CanvasPen, Ink, least_scale
from bookgen.render.sizes import STANDARD

# inches of one page (one leaf side) of each paper, as the print-on-demand services publish them
PAPER_THICKNESS = {"white": 0.002252, "cream": 0.0025, "color": 0.002347}
COVER_BLEED = 0.125 * inch
SAFE = 0.25 * inch  # text and drawings stay this far inside the trim and the folds
SPINE_TEXT_PAGES = 79  # thinner spines carry no text
SPINE_CLEAR = 0.0625 * inch  # clear on each side of the spine text
BARCODE = (2 * inch, 1.2 * inch)  # clear on the back, bottom right, inside the safe area
CARD_PAD = 4 * mm  # white around a puzzle drawing
COVER_INK = Ink(min_line=0.75, lightest_grey=0.9)
BACK_CARDS = 4  # the most small puzzles on the back
BACK_SCALE = 0.8  # a back puzzle's scale, at most, relative to the front's (or its natural size)
CARD_GAP = 0.2 * inch  # between the back's puzzles
BLURB_SIZE = 11.5  # the back text's size on a 6x9 (and smaller) trim, before it steps down to fit
CONTENTS_SIZE = 9.5  # the same for the line on what the book holds
AUTHOR_ROOM = 1.0 * inch  # the author's lines at the foot of the front: 200 characters on 5x8

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in points


def spine_width(pages: int, paper: str) -> float:
    """The spine's width in points for `pages` pages of `paper`."""
    return pages * PAPER_THICKNESS[paper] * inch


@dataclass(frozen=True)
class CoverGeometry:
    """The wrap's panels in points: back on the left, then spine, then front."""

    trim_width: float
    trim_height: float
    spine: float
    pages: int

    @property
    def size(self) -> tuple[float, float]:
        return (2 * self.trim_width + self.spine + 2 * COVER_BLEED,
                self.trim_height + 2 * COVER_BLEED)

    @property
    def trim(self) -> Box:
        width, height = self.size
        return (COVER_BLEED, COVER_BLEED, width - COVER_BLEED, height - COVER_BLEED)

    def _panel(self, left: float, width: float) -> Box:
        return (left, COVER_BLEED, left + width, COVER_BLEED + self.trim_height)

    @property
    def back(self) -> Box:
        return self._panel(COVER_BLEED, self.trim_width)

    @property
    def spine_box(self) -> Box:
        return self._panel(COVER_BLEED + self.trim_width, self.spine)

    @property
    def front(self) -> Box:
        return self._panel(COVER_BLEED + self.trim_width + self.spine, self.trim_width)

    @property
    def barcode(self) -> Box:
        x1, y0 = self.back[2] - SAFE, self.back[1] + SAFE
        return (x1 - BARCODE[0], y0, x1, y0 + BARCODE[1])

    @property
    def spine_text(self) -> bool:
        return self.pages >= SPINE_TEXT_PAGES


def safe(box: Box, inset: float = SAFE) -> Box:
    return (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset)


@dataclass(frozen=True)
class TextBlock:
    """Text in a box: Paragraph markup, or (rotated) the one plain line on the spine."""

    text: str
    box: Box
    font: str
    size: float
    align: int = TA_CENTER
    rotated: bool = False


@dataclass(frozen=True)
class Card:
    """A white card in `box` with a puzzle drawn at `scale`, its top left at `origin`."""

    box: Box
    printed: PrintedPuzzle
    section: Section
    scale: float
    origin: tuple[float, float]


@dataclass(frozen=True)
class CoverPlan:
    geometry: CoverGeometry
    color: str
    ink: str  # the text's colour on the background
    texts: tuple[TextBlock, ...]
    cards: tuple[Card, ...]


def text_color(background: str) -> str:
    """White on a dark background, near black on a light one (by relative luminance)."""
    rgb = [int(background[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#ffffff" if luminance < 0.35 else "#1a1a1a"


def _card(box: Box, printed: PrintedPuzzle, section: Section, most: float) -> Card:
    """The puzzle drawn as large as fits in box (at most `most` times its natural size), on a
    white card that hugs it."""
    width_mm, height_mm = section.puzzle_type.measure(printed.record.puzzle)
    room_w, room_h = box[2] - box[0] - 2 * CARD_PAD, box[3] - box[1] - 2 * CARD_PAD
    scale = min(room_w / (width_mm * mm), room_h / (height_mm * mm), most)
    drawn_w, drawn_h = width_mm * mm * scale, height_mm * mm * scale
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    card = (cx - drawn_w / 2 - CARD_PAD, cy - drawn_h / 2 - CARD_PAD,
            cx + drawn_w / 2 + CARD_PAD, cy + drawn_h / 2 + CARD_PAD)
    return Card(card, printed, section, scale, (cx - drawn_w / 2, cy + drawn_h / 2))


def _back_cards(book: Book, front: Card, box: Box, fonts: Fonts) -> list[Card]:
    """Up to four puzzles of the other sections (or of the front's, after its first) in two
    columns or one, as large as `box` holds them (up to BACK_SCALE of the front's scale), each at a size
    that prints its smallest text at the cover's least type size; a section whose puzzle cannot
    be drawn that large in its place gives way to the next. Types the cover does not show yet
    come first: a book of kakuro, nonograms, calcudoku and futoshiki at two levels each showed
    two kakuros and two nonograms, or two calcudokus."""
    lead = next(s for s in book.sections if s.records is front.section.records)  # as narrowed
    shown = {lead.puzzle_type.name}
    new_types: list[Section] = []
    repeats: list[Section] = []
    for section in book.sections:
        if section is not lead:
            (repeats if section.puzzle_type.name in shown else new_types).append(section)
            shown.add(section.puzzle_type.name)
    candidates = new_types + repeats + [lead]
    chosen, waiting = candidates[:BACK_CARDS], candidates[BACK_CARDS:]
    most = max(1.0, BACK_SCALE * front.scale)
    while chosen:
        cards = _card_grid(chosen, lead, box, most)
        short = [card for card in cards
                 if card.scale < _least_scale(card, fonts, book.config.speech(card.section.config))
                 - 1e-9]
        if not short:
            return cards
        chosen.remove(short[0].section)
        if waiting:
            chosen.append(waiting.pop(0))
    return []


def _card_grid(sections: list[Section], front: Section, box: Box, most: float) -> list[Card]:
    """A card for each section's puzzle, drawn at most `most` times natural size, in two columns
    or one, whichever draws them larger for the height they fill of the box (two square puzzles
    side by side on an 8.5x11 back left half its band empty; stacked, as large, they fill it)."""
    picks = [other.puzzles[1] if other is front and len(other.puzzles) > 1 else other.puzzles[0]
             for other in sections]
    layouts = [_card_rows(sections, picks, box, most, columns)
               for columns in range(min(2, len(sections)), 0, -1)]

    def worth(cards: list[Card]) -> float:  # the area drawn times the height filled
        drawn = sum((c.box[2] - c.box[0]) * (c.box[3] - c.box[1]) for c in cards)
        return drawn * (max(c.box[3] for c in cards) - min(c.box[1] for c in cards))

    return max(layouts, key=worth)  # max keeps the first of equals: two columns


def _card_rows(sections: list[Section], picks: list[PrintedPuzzle], box: Box, most: float,
               columns: int) -> list[Card]:
    """The cards in `columns` columns (a last card alone in its row centred). Each row is as tall
    as its cards need at their column's width, the tallest rows cut to share out what the box
    lacks, and the rows are centred in the box: an 8.5x11 back showed four 2-inch puzzles at the
    top of an 8-inch band, and a large empty one under them."""
    x0, y0, x1, y1 = box
    rows = [list(range(start, min(start + columns, len(sections))))
            for start in range(0, len(sections), columns)]
    slot_w = (x1 - x0 - CARD_GAP * (columns - 1)) / columns

    def wanted(index: int) -> float:
        """The card's height with its drawing as wide as its column (or at `most`)."""
        width, height = sections[index].puzzle_type.measure(picks[index].record.puzzle)
        return height * mm * min((slot_w - 2 * CARD_PAD) / (width * mm), most) + 2 * CARD_PAD

    heights = _shared_out([max(wanted(i) for i in row) for row in rows],
                          y1 - y0 - CARD_GAP * (len(rows) - 1))
    upper = y1 - (y1 - y0 - sum(heights) - CARD_GAP * (len(rows) - 1)) / 2
    cards = []
    for row, height in zip(rows, heights):
        lone = len(row) < columns
        for place, index in enumerate(row):
            left = (x0 + x1 - slot_w) / 2 if lone else x0 + place * (slot_w + CARD_GAP)
            cards.append(_card((left, upper - height, left + slot_w, upper), picks[index],
                               sections[index], most))
        upper -= height + CARD_GAP
    return cards


def _shared_out(wanted: list[float], room: float) -> list[float]:
    """Each want as it is when they fit in room; else the largest cut to one level, so that
    together they fill room exactly (the smaller keep theirs)."""
    if sum(wanted) <= room:
        return wanted
    level, left, rest = 0.0, room, len(wanted)
    for want in sorted(wanted):
        level = left / rest
        if want > level:
            break
        left, rest = left - want, rest - 1
    return [min(want, level) for want in wanted]


def _least_scale(card: Card, fonts: Fonts, speech: Language) -> float:
    """The least scale at which the card's text reaches the floor, its words in `speech` (its
    section's language), as it will be painted."""
    draw = card.section.puzzle_type.draw_puzzle
    with speaking(speech):
        return least_scale(lambda pen: draw(pen, card.printed.record.puzzle), fonts,
                           STANDARD.least)


LEAD_FILL = 0.5
"""The share of the best-filling drawing's area that the book's first section's drawing must
fill to take the front: a children's book that opens with mazes showed a list of scrambled words
(which fills a tall box better), though the reader ordered the book to lead with its mazes."""


def _front_card(book: Book, box: Box, fonts: Fonts) -> Card:
    """The front's card: the first puzzle of the book's first section, unless its drawing fills
    the front's box much less than another section's (`LEAD_FILL`), then that of the section
    filling it best; drawn so that its smallest text reaches the cover's floor, narrowed to the
    box where its type can wrap (a crossword's clues beside its grid printed at 5 pt on a 6x9
    front, under it at 7). A puzzle whose text cannot reach the floor there gives way to the
    next section's, the best-filling first; where none can, the first choice stands."""
    def filled(section: Section) -> float:
        width, height = section.puzzle_type.measure(section.records[0].puzzle)
        scale = min((box[2] - box[0]) / width, (box[3] - box[1]) / height)
        return width * height * scale * scale

    best = max(book.sections, key=filled)  # max keeps the first of equals
    lead = book.sections[0]
    first = lead if filled(lead) >= LEAD_FILL * filled(best) else best
    others = sorted((s for s in book.sections if s is not first), key=filled, reverse=True)
    for section in [first, *others]:
        card = _readable_card(section, box, fonts, book.config.speech(section.config))
        if card is not None:
            return card
    return _card(box, first.puzzles[0], first, 2.0)


def _readable_card(section: Section, box: Box, fonts: Fonts, speech: Language) -> Card | None:
    """The section's first puzzle on a card in `box` whose text reaches the cover's floor: as it
    is, or else narrowed to the box at the scale its text needs (`PuzzleType.narrowed`); None
    where neither reaches it."""
    card = _card(box, section.puzzles[0], section, 2.0)
    least = _least_scale(card, fonts, speech)
    if card.scale >= least - 1e-9:
        return card
    wrap = section.puzzle_type.narrowed
    if wrap is None:
        return None
    room_w, room_h = box[2] - box[0] - 2 * CARD_PAD, box[3] - box[1] - 2 * CARD_PAD
    narrowed = replace(section, puzzle_type=wrap(room_w / least / mm, room_h / least / mm))
    card = _card(box, narrowed.puzzles[0], narrowed, 2.0)
    return card if card.scale >= _least_scale(card, fonts, speech) - 1e-9 else None


def _paragraphs(text: str) -> str:
    """Paragraph markup for plain text: lines run together, a blank line starts a paragraph."""
    blocks = [" ".join(line.strip() for line in block.splitlines() if line.strip())
              for block in text.strip().split("\n\n")]
    return "<br/><br/>".join(escape(block) for block in blocks if block)


def _paragraph_height(html: str, font: str, size: float, width: float, align: int) -> float:
    style = ParagraphStyle("measure", fontName=font, fontSize=size, leading=size * 1.3,
                           alignment=align)
    return Paragraph(html, style).wrap(width, 10_000)[1]


def _fitted_block(html: str, font: str, size: float, box: Box, least: float,
                  align: int = TA_CENTER, key: str | None = None, file: str | None = None,
                  bottom: bool = False) -> TextBlock:
    """A text block whose paragraph fits box, its size stepped down from `size` to `least`,
    wrapped as it must, at the box's top (or `bottom`). A user's text (its `key` named) that
    does not fit even then is refused, so that nothing prints past the safe zone."""
    width, height = box[2] - box[0], box[3] - box[1]
    while size > least and _paragraph_height(html, font, size, width, align) > height:
        size -= 0.5
    used = _paragraph_height(html, font, size, width, align)
    if key is not None and used > height + 0.01:
        with refusing():  # in the user's language, not the cover's
            raise BookgenError(_("is too long for its place on the cover: wrapped at {least} pt it "
                                 "takes {used} in where there is room for {room} in; shorten it").format(
                least=current().number(least, 1 if least % 1 else 0), used=current().number(used / inch, 2),
                room=current().number(height / inch, 2)), file=file, key=key)
    top = box[1] + used if bottom else box[3]
    left, right = box[0], box[2]
    if align == TA_CENTER:
        narrowed = _balanced_width(html, font, size, width, used)
        left, right = (left + right - narrowed) / 2, (left + right + narrowed) / 2
    return TextBlock(html, (left, top - used, right, top), font, size, align)


def _balanced_width(html: str, font: str, size: float, width: float, height: float) -> float:
    """The narrowest width (to a point) at which centred text keeps its lines, so that they
    break evenly ("Puzzle Fun for / Sam and Mia", not "Puzzle Fun for Sam and / Mia")."""
    if height <= size * 1.3 + 0.01:  # one line
        return width
    low, high = width / 2, width
    while high - low > 1:
        middle = (low + high) / 2
        if _paragraph_height(html, font, size, middle, TA_CENTER) > height + 0.01:
            low = middle
        else:
            high = middle
    return high


def plan_cover(book: Book, pages: int) -> CoverPlan:
    """Where everything on the wrap goes for a book of `pages` pages, its words in the book's
    language."""
    with speaking(book.config.speech()):
        return _plan_cover(book, pages)


def _plan_cover(book: Book, pages: int) -> CoverPlan:
    config = book.config
    layout = large_print(config.layout) if config.large_print else config.layout
    fonts = layout_fonts(layout)
    geometry = CoverGeometry(layout.width * mm, layout.height * mm,
                             spine_width(pages, config.paper) if config.spine_mm is None
                             else config.spine_mm * mm, pages)
    texts: list[TextBlock] = []
    cards: list[Card] = []

    # front: title, subtitle, the puzzle, author
    x0, y0, x1, y1 = safe(geometry.front, SAFE + 0.2 * inch)
    title = _fitted_block(escape(config.title), fonts.bold, 40, (x0, y1 - 1.6 * inch, x1, y1), 18,
                          key="title", file=config.file)
    texts.append(title)
    top = title.box[1] - 0.12 * inch
    if config.subtitle:
        subtitle = _fitted_block(escape(config.subtitle), fonts.italic, 15,
                                 (x0, top - 0.8 * inch, x1, top), 9, key="subtitle",
                                 file=config.file)
        texts.append(subtitle)
        top = subtitle.box[1]
    bottom = y0
    if config.author:
        author = _fitted_block(escape(config.author), fonts.bold, 15,  # on one line, or wrapped
                               (x0, y0, x1, y0 + AUTHOR_ROOM), 9, key="author", file=config.file,
                               bottom=True)
        texts.append(author)
        bottom = author.box[3] + 0.15 * inch
    room = (x0, bottom + 0.15 * inch, x1, top - 0.3 * inch)
    front = _front_card(book, room, fonts)
    cards.append(front)

    # back: blurb; what the book holds, above the barcode's area; small puzzles between them
    bx0, by0, bx1, by1 = safe(geometry.back, SAFE + 0.15 * inch)
    top = by1
    # type grows with a trim taller than 6x9's (11.5 pt read as small print on an 8.5x11 back),
    # and a large-print book's blurb starts at its body size
    grown = max(1.0, geometry.trim_height / (9 * inch))
    if config.back_text:
        size = max(round(BLURB_SIZE * grown * 2) / 2, layout.body_size)
        blurb = _fitted_block(_paragraphs(config.back_text), fonts.regular, size,
                              (bx0, by1 - 0.35 * geometry.trim_height, bx1, by1), 8, TA_LEFT,
                              key="back_text", file=config.file)
        texts.append(blurb)
        top = blurb.box[1] - 0.3 * inch
    count = sum(len(s.records) for s in book.sections)
    # Translators: the back cover lists each section as its title and count ("Numbrix (4)"): a
    # title is a section's, which may be any words ("Hidato in a Diamond"), so no number leads it
    by_title: dict[str, int] = {}  # sections of one title summed, as the buyer sees them
    for s in book.sections:
        by_title[s.config.title] = by_title.get(s.config.title, 0) + len(s.records)
    sections = " \u00b7 ".join(escape(pgettext("back cover", "{title} ({count})")).format(
        count=held, title=escape(title)) for title, held in by_title.items())  # plain text
    # one solution is promised only where every puzzle's type promises it (not a "make the
    # number" card with several ways); "checked by a solver" meant nothing to a buyer
    unique = all(s.puzzle_type.expects_unique(r.puzzle) for s in book.sections for r in s.records)
    if unique and config.answers == "back":
        # Translators: the back cover, over what the book holds, for a buyer; keep the <b> markup
        inside = ngettext("<b>{count} puzzle</b> with exactly one solution, its answer at the "
                          "back: {sections}",
                          "<b>{count} puzzles</b>, each with exactly one solution, answers at the "
                          "back: {sections}", count)
    elif unique:
        # Translators: the back cover, over what the book holds, for a buyer; keep the <b> markup
        inside = ngettext("<b>{count} puzzle</b> with exactly one solution: {sections}",
                          "<b>{count} puzzles</b>, each with exactly one solution: {sections}",
                          count)
    elif config.answers == "back":
        # Translators: the back cover, over what the book holds (some puzzles have several
        # solutions, each answer was checked), for a buyer; keep the <b> markup
        inside = ngettext("<b>{count} puzzle</b>, checked, its answer at the back: {sections}",
                          "<b>{count} puzzles</b>, every one checked, answers at the back: "
                          "{sections}", count)
    else:
        # Translators: the back cover, over what the book holds (some puzzles have several
        # solutions, each answer was checked), for a buyer; keep the <b> markup
        inside = ngettext("<b>{count} puzzle</b>, checked: {sections}",
                          "<b>{count} puzzles</b>, every one checked: {sections}", count)
    inside = inside.format(count=count, sections=sections)
    barcode = geometry.barcode
    contents = _fitted_block(inside, fonts.regular, round(CONTENTS_SIZE * grown * 2) / 2,
                             (bx0, barcode[3] + 0.25 * inch, bx1,
                              barcode[3] + (0.25 + 0.95 * grown) * inch), 7, TA_LEFT)
    contents = TextBlock(contents.text, (bx0, barcode[3] + 0.25 * inch, bx1,
                                         barcode[3] + 0.25 * inch + contents.box[3]
                                         - contents.box[1]), contents.font, contents.size,
                         TA_LEFT)
    texts.append(contents)
    room = (bx0, contents.box[3] + 0.3 * inch, bx1, top)
    cards += _back_cards(book, front, room, fonts)

    # spine: title and author, reading from top to bottom
    if geometry.spine_text:
        sx0, sy0, sx1, sy1 = geometry.spine_box
        face = getFont(fonts.bold).face
        height = (face.ascent - face.descent) / 1000  # per point of size
        across = min(14.0, (sx1 - sx0 - 2 * SPINE_CLEAR) / height)  # the spine's thickness
        lines = [f"{config.title}    {config.author}"] if config.author else []
        for line in [*lines, config.title]:  # the title alone when its length is what shrinks both
            along = (sy1 - sy0 - 2 * SAFE) / stringWidth(line, fonts.bold, 1.0)
            size = min(across, along)
            if along >= min(across, STANDARD.least):
                break
        else:
            with refusing():  # in the user's language, not the cover's
                raise BookgenError(_("is too long for the spine: it would print at {size} pt, under "
                                     "{least} pt; shorten it").format(
                    size=current().number(along, 1), least=current().number(STANDARD.least)),
                    file=config.file, key="title")
        texts.append(TextBlock(line, (sx0, sy0 + SAFE, sx1, sy1 - SAFE), fonts.bold, size,
                               rotated=True))
    return CoverPlan(geometry, config.cover_color, text_color(config.cover_color), tuple(texts),
                     tuple(cards))


def render_cover(book: Book, pages: int) -> bytes:
    """The wrap as PDF bytes: one page, TrimBox at the trim, BleedBox the whole page."""
    plan = plan_cover(book, pages)
    config = book.config
    with speaking(config.speech()):
        return _painted(plan, book, pages)


def _painted(plan: CoverPlan, book: Book, pages: int) -> bytes:
    config = book.config
    layout = large_print(config.layout) if config.large_print else config.layout
    fonts = layout_fonts(layout)
    geometry = plan.geometry
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=geometry.size, invariant=1, initialFontName=fonts.regular,
                    pageCompression=1, lang=pdf_lang(config.speech()))
    # Translators: the cover PDF's title, in its document properties
    canvas.setTitle(_("{title} \u2014 cover").format(title=config.title))
    canvas.setAuthor(config.author or "")
    # Translators: a paper's colour, worded to stand in "on {paper} paper" below
    papers = {"white": pgettext("paper", "white"), "cream": pgettext("paper", "cream"),
              "color": pgettext("paper", "color")}
    # Translators: the cover PDF's subject, in its document properties (a cover is for a book of
    # many pages: English has said "pages" even for a one-page worksheet's, and still does)
    canvas.setSubject(_("Cover for {pages} pages on {paper} paper").format(
        pages=pages, paper=papers[config.paper]))
    canvas.setCreator("bookgen")
    canvas.setProducer("bookgen (reportlab)")
    canvas.setTrimBox(geometry.trim)
    canvas.setBleedBox((0, 0, *geometry.size))
    canvas.setFillColor(HexColor(plan.color))
    canvas.rect(0, 0, *geometry.size, stroke=0, fill=1)
    canvas.setFillColor(white)
    x0, y0, x1, y1 = geometry.barcode
    canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    for card in plan.cards:
        with speaking(config.speech(card.section.config)):  # a drawing's words, as its section's
            _paint_card(canvas, card, fonts)
    for block in plan.texts:
        _paint_text(canvas, block, plan.ink)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _paint_card(canvas: Canvas, card: Card, fonts: Fonts) -> None:
    x0, y0, x1, y1 = card.box
    canvas.saveState()
    canvas.setFillColor(white)
    canvas.roundRect(x0, y0, x1 - x0, y1 - y0, 2.5 * mm, stroke=0, fill=1)
    canvas.restoreState()
    pen = CanvasPen(canvas, *card.origin, card.scale, fonts, COVER_INK)
    card.section.puzzle_type.draw_puzzle(pen, card.printed.record.puzzle)


def _paint_text(canvas: Canvas, block: TextBlock, color: str) -> None:
    x0, y0, x1, y1 = block.box
    if block.rotated:
        face = getFont(block.font).face
        middle = (face.ascent + face.descent) / 2000 * block.size  # of the glyphs, over the baseline
        canvas.saveState()
        canvas.setFillColor(HexColor(color))
        canvas.setFont(block.font, block.size)
        canvas.translate((x0 + x1) / 2, (y0 + y1) / 2)
        canvas.rotate(-90)
        canvas.drawCentredString(0, -middle, block.text)
        canvas.restoreState()
        return
    style = ParagraphStyle("cover", fontName=block.font, fontSize=block.size,
                           leading=block.size * 1.3, alignment=block.align,
                           textColor=HexColor(color))
    paragraph = Paragraph(block.text, style)
    _, height = paragraph.wrap(x1 - x0, y1 - y0 + 1)
    paragraph.drawOn(canvas, x0, y1 - height)
