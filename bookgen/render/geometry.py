"""Where things go on a page, in points: trim, bleed and mirrored margins, the print-on-demand
gutter, and the grid of puzzle slots a section is laid out in."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from reportlab.lib.units import inch, mm

from bookgen.bookconfig import BookConfig, Layout
from bookgen.errors import BookgenError
from bookgen.i18n import N_, ngettext, refusal, refusing
from bookgen.render.sizes import TooManyToAPage, sizes_for

COLUMN_GAP = 8 * mm
ROW_GAP = 5 * mm
LABEL_HEIGHT = 7 * mm  # puzzle number above each puzzle
ANSWER_COLUMN_GAP = 5 * mm
ANSWER_ROW_GAP = 2.5 * mm
ANSWER_MIN_SLOT = 27 * mm  # an answer's column is at least this wide, for its label
HARD_MIN_SCALE = 0.3  # below this a requested per_page is refused
LARGE_PRINT = 16 / 10.5  # large print scales type and puzzles from a 10.5 pt body to 16 pt

BLEED = 0.125 * inch
POD_MIN_PAGES, POD_MAX_PAGES = 24, 828  # the fewest any trim takes, and the most
# The most pages a print-on-demand paperback may have, by paper (`paper:`; color is premium colour
# ink on white), as the services print them: KDP's print options, the largest service's, which
# others' are at or above. Most trims take POD_MOST; the trims below take fewer.
POD_MOST = {"white": 828, "cream": 776, "color": 828}
POD_MOST_BY_TRIM = {  # (width, height) in inches, to two places
    (8.25, 6.0): {"white": 800, "cream": 750, "color": 800},
    (8.25, 8.25): {"white": 800, "cream": 750, "color": 800},
    (8.5, 8.5): {"white": 590, "cream": 550, "color": 590},
    (8.5, 11.0): {"white": 590, "cream": 550, "color": 590},
    (8.27, 11.69): {"white": 780, "cream": 730, "color": 590},  # A4
}
POD_MIN_OUTSIDE = 0.25 * inch
HOME_MIN_INSIDE = 0.5 * inch  # the safe zone and what a staple, a ring or a binder takes
POD_MIN_OUTSIDE_BLEED = 0.375 * inch
HEAD_PT, FOLIO_PT = 8.5, 9.0  # running head and page number, for a 10.5 pt body
ASCENT, DESCENT = 0.93, 0.24  # DejaVu's tallest glyph above and lowest below the baseline, per pt
HEAD_RULE = 4.0  # the running head's rule below its baseline, points for a 10.5 pt body
HEAD_CLEAR = 8.0  # points at least between the running head's rule (or the page number) and the frame
# (most pages, inside margin in inches): the gutter grows with the book's thickness.
POD_GUTTERS = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (828, 0.875))


def pod_gutter(pages: int) -> float:
    """The gutter (points) a print-on-demand book of `pages` pages needs: the paper the binding
    swallows, added to the layout's inside margin (the widest past the table: such a book is
    refused once its pages are counted, with its trim's number, `pod_most_pages`)."""
    for most, inches in POD_GUTTERS:
        if pages <= most:
            return inches * inch
    return POD_GUTTERS[-1][1] * inch


def trim_inches(width: float, height: float) -> tuple[float, float]:
    """A trim in points as inches to two places, as the services name them (A4: 8.27 x 11.69)."""
    return round(width / inch, 2), round(height / inch, 2)


def pod_most_pages(width: float, height: float, paper: str) -> int:
    """The most pages a print-on-demand paperback of this trim (points) may have on `paper`."""
    return POD_MOST_BY_TRIM.get(trim_inches(width, height), POD_MOST)[paper]


def check_pod_pages(pages: int, width: float, height: float, paper: str, file: str,
                    pages_a_puzzle: float = 0.0) -> None:
    """Refuse a print-on-demand book with fewer pages than any service prints, or more than its
    trim takes on its paper, naming the number; a short one says how many more puzzles like its
    own it needs at least (`pages_a_puzzle` each, with their answers: the book's pages from its
    first puzzle's, over its puzzles, which its openings and headings make more than a further
    puzzle takes)."""
    if pages < POD_MIN_PAGES:
        if pages_a_puzzle > 0:
            more = math.ceil((POD_MIN_PAGES - pages) / pages_a_puzzle)
            with refusing():
                raise BookgenError(ngettext(
                    "this book has {pages} pages; print-on-demand needs at least {least}: add at "
                    "least {more} puzzle like these, or sections, or use 'profile: home'",
                    "this book has {pages} pages; print-on-demand needs at least {least}: add at "
                    "least {more} puzzles like these, or sections, or use 'profile: home'", more).format(
                        pages=pages, least=POD_MIN_PAGES, more=more), file=file, key="profile")
        raise BookgenError(refusal(N_(
            "this book has {pages} pages; print-on-demand needs at least {least}: add puzzles or "
            "sections, or use 'profile: home'"), pages=pages, least=POD_MIN_PAGES), file=file,
            key="profile")
    most = pod_most_pages(width, height, paper)
    if pages > most:
        trim = " x ".join(f"{side:g}" for side in trim_inches(width, height))
        advice = (N_("this book has {pages} pages; print-on-demand prints at most {most} at {trim} "
                     "in on {paper} paper: take out puzzles or sections, or choose a smaller trim "
                     "or white paper") if paper == "cream" else
                  N_("this book has {pages} pages; print-on-demand prints at most {most} at {trim} "
                     "in on {paper} paper: take out puzzles or sections, or choose a smaller trim"))
        raise BookgenError(refusal(advice, pages=pages, most=most, trim=trim, paper=paper),
                           file=file, key="profile")


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
    head: float = 0.0  # the running head's baseline, down from the top trim
    folio: float = 0.0  # the page number's baseline, up from the bottom trim
    type_scale: float = 1.0  # of the running head and page number, with the body
    head_pt: float = HEAD_PT  # the running head's size
    folio_pt: float = FOLIO_PT  # the page number's size

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


def safe_zone(bleed: bool) -> float:
    """How far inside the trim all text stays (the print-on-demand limit, kept in every profile)."""
    return POD_MIN_OUTSIDE_BLEED if bleed else POD_MIN_OUTSIDE


def make_geometry(layout: Layout, config: BookConfig, pages: int) -> Geometry:
    """The page boxes; the running head and page number sit in the top and bottom margins, their
    glyphs inside the safe zone, and a margin too small to hold them so grows; their sizes grow
    with the body, never under the profile's floor."""
    inside, outside = layout.margin_inside * mm, layout.margin_outside * mm
    top, bottom = layout.margin_top * mm, layout.margin_bottom * mm
    safe = safe_zone(config.bleed)
    if config.profile == "print-on-demand":
        inside += pod_gutter(pages)
        outside = max(outside, safe)
    else:  # the trims' inside margins (0.2 in or so) expect the print-on-demand gutter added
        inside = max(inside, HOME_MIN_INSIDE + (safe - POD_MIN_OUTSIDE))
        outside = max(outside, safe)
    type_scale = layout.body_size / 10.5
    sizes = sizes_for(config)
    head_pt, folio_pt = sizes.at_least(HEAD_PT * type_scale), sizes.at_least(FOLIO_PT * type_scale)
    head = max(top * 0.55, safe + ASCENT * head_pt)
    folio = max(bottom / 2, safe + DESCENT * folio_pt)
    top = max(top, head + (HEAD_RULE + HEAD_CLEAR) * type_scale)
    bottom = max(bottom, folio + ASCENT * folio_pt + HEAD_CLEAR * type_scale)
    return Geometry(layout.width * mm, layout.height * mm, BLEED if config.bleed else 0.0,
                    inside, outside, top, bottom, head, folio, type_scale, head_pt, folio_pt)


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
    gap: float = COLUMN_GAP  # between columns, points


def choose_grid(natural: tuple[float, float], frame: tuple[float, float], label: float,
                grids: tuple[tuple[int, int], ...], min_scale: float, max_scale: float,
                per_page: int | None = None, least: float = 0.0) -> Grid:
    """The layout grid with the most slots that hold the natural size (mm) at min_scale or more
    (the larger scale among equals); with per_page, the best arrangement of that many slots.
    When no grid reaches min_scale (a puzzle too wide for the page), the most slots among the
    grids that print it as large as any can: a wide puzzle never takes a page of its own when
    the page holds more at the same size. `least` is the scale its text needs to reach the
    profile's floor: it overrides max_scale, and a grid under it is taken only when none
    reaches it (the caller refuses that grid, see `Grid.scale`; with per_page, naming how many
    fit, which a worksheet spreads over more pages)."""
    width_mm, height_mm = natural
    max_scale, min_scale = max(max_scale, least), max(min_scale, least)

    def fit(columns: int, rows: int) -> Grid:
        slot_w = (frame[0] - (columns - 1) * COLUMN_GAP) / columns
        slot_h = frame[1] / rows - 0.01
        room_h = slot_h - label - ROW_GAP
        scale = min(slot_w / (width_mm * mm), room_h / (height_mm * mm), max_scale)
        return Grid(columns, rows, scale, slot_w, slot_h)

    def arranged(count: int) -> Grid:
        """The best arrangement of `count` slots: one to four columns, rows as many as needed."""
        shapes = [(c, -(-count // c)) for c in range(1, min(count, 4) + 1)]
        return max((fit(c, r) for c, r in shapes), key=lambda g: g.scale)

    if per_page is not None:
        best = arranged(per_page)
        if best.scale < HARD_MIN_SCALE and not least:  # no text to set a floor (signs, lines)
            fits = next((count for count in range(per_page - 1, 0, -1)
                         if arranged(count).scale >= HARD_MIN_SCALE), 0)
            if not fits:
                raise BookgenError(refusal(N_("{count} of these puzzles do not fit on one page of "
                                              "this layout"), count=per_page), key="per_page")
            with refusing():  # fewer to a page: a worksheet spreads them over more pages
                said = ngettext("{count} of these puzzles do not fit on one page of this layout; at "
                                "most {fits} does (per_page: {fits})",
                                "{count} of these puzzles do not fit on one page of this layout; at "
                                "most {fits} do (per_page: {fits})", fits)
            raise TooManyToAPage(said.format(count=per_page, fits=fits), fits, key="per_page")
        return best
    grids_fitted = [fit(columns, rows) for columns, rows in grids]
    fitting = [grid for grid in grids_fitted if grid.scale >= min_scale]
    if not fitting:
        largest = max(grid.scale for grid in grids_fitted)
        fitting = [grid for grid in grids_fitted if grid.scale >= largest * 0.999]
    return max(fitting, key=lambda g: (g.columns * g.rows, g.scale))


def balance(capacities: list[int], count: int) -> list[int]:
    """`count` puzzles on pages that hold at most `capacities` each, as evenly as they allow: the
    lowest level every page fills up to, the extra one on the earlier pages."""
    level = next(level for level in range(1, count + 1)
                 if sum(min(c, level) for c in capacities) >= count)
    counts = [min(c, level) for c in capacities]
    excess = sum(counts) - count
    for index in reversed(range(len(counts))):
        if excess and counts[index] == level:
            counts[index] -= 1
            excess -= 1
    return counts


def answer_grid(natural: tuple[float, float], frame: tuple[float, float], label: float,
                scale: float, least_slot: float = ANSWER_MIN_SLOT) -> Grid:
    """Columns of answers at `scale`, as many as the frame's width holds (each at least
    `least_slot` wide, for its label), in rows as tall as they need: label, drawing, gap."""
    width = natural[0] * mm * scale
    if width > frame[0]:
        scale *= frame[0] / width
        width = frame[0]
    slot = max(width, min(least_slot, frame[0]))
    columns = max(1, int((frame[0] + ANSWER_COLUMN_GAP) // (slot + ANSWER_COLUMN_GAP)))
    slot_width = (frame[0] - (columns - 1) * ANSWER_COLUMN_GAP) / columns
    height = label + natural[1] * mm * scale + ANSWER_ROW_GAP
    return Grid(columns, max(1, int(frame[1] // height)), scale, slot_width, height,
                ANSWER_COLUMN_GAP)
