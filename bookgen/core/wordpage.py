"""Drawing a word grid and columns of text through the pen: what the crossword and the fill-in
print besides their own parts (a crossword's clue lists, a fill-in's word list).

A free-form grid draws only its letter squares (a block square is left blank, as free-form
crosswords and fill-ins print); a square may hold a small number in its top-left corner and a
letter. Text under a grid runs in columns of the drawing's width, each entry a block of lines
kept in one column: an optional label set flush right in a narrow column (a clue's number) and
words wrapped at the column's width.

Wrapping is worked out without fonts (`measure` has no pen): each character is taken at its
width in DejaVu Sans, the layouts' face (`line_width`), so that the drawing's size is known
before the page; words are then set one by one at their real widths (`Pen.text_width`), and a
line the real font makes wider than its column (another, wider face) is set smaller until it
fits. Each word is its own text on the page, so a declared text (`Printed.texts`) is found
however the lines fall.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from bookgen.core.pen import MEDIUM, Pen, estimated_width
from bookgen.i18n import _

Square = tuple[int, int]


@dataclass(frozen=True)
class Entry:
    """One item of a list: `label` set flush right before it ("" for none), its text, bold or
    not; a `whole` text (a heading in the language spoken, whose length `measure` cannot know)
    keeps to one line, set smaller where the column is narrower. A list's heading names what a
    later page that continues the list prints over it (`continued`: "Down (continued)"), so that
    a clue numbered "3." there is never read as the other list's."""

    label: str
    text: str
    bold: bool = False
    whole: bool = False
    continued: str = ""


@dataclass(frozen=True)
class Style:
    """The sizes of a list: its type (points), line height and gap between columns (mm), the least
    width of a column (mm), the room its labels take ("" when it has none) and their size
    (points; the type's by default: a label that is a number may want the numbers' size)."""

    size: float
    line: float
    column_gap: float
    least_column: float
    widest_label: str = ""
    label_size: float = 0.0

    @property
    def label_points(self) -> float:
        return self.label_size or self.size

    @property
    def label_room(self) -> float:
        if not self.widest_label:
            return 0.0
        return estimated_width(self.widest_label, self.label_points) + 0.3 * self.size * 25.4 / 72


@dataclass(frozen=True)
class Columns:
    """Blocks of entries (each kept in one column) flowed into columns of a width."""

    width: float  # of each column, mm
    columns: list[list[tuple[Entry, list[str]]]]  # each entry with its wrapped lines
    lines: int  # in the longest column

    @property
    def count(self) -> int:
        return len(self.columns)


def continued(heading: str) -> str:
    """What a page that continues a list prints over it, in the language spoken."""
    # Translators: over the rest of a list (a crossword's "Down" clues, a fill-in's "5 letters")
    # on the page after the one where it begins
    return _("{heading} (continued)").format(heading=heading)


FACE_WIDTHS = {
    0.28: "'ijlìíîï", 0.3: "IJÌÍÎÏ", 0.32: " ,.\u00a0·‘’‚", 0.34: "/:;\\|", 0.36: "f", 0.37: "-",
    0.4: "()[]t‹›", 0.41: "!¡", 0.42: "r", 0.46: '"', 0.5: "*_`°–", 0.52: "“”„", 0.53: "sz",
    0.54: "?¿", 0.55: "cç", 0.56: "L", 0.58: "Fk", 0.6: "vxyýÿ", 0.61: "P",
    0.62: "TYaeo«»Ýàáâãäåèéêëòóôõöø", 0.63: "ß", 0.64: "$0123456789ESbdghnpqu{}ÈÉÊËñùúûü€",
    0.66: "K", 0.69: "ABVXZÀÁÂÃÄÅ", 0.7: "CRÇ", 0.74: "UÙÚÛÜ", 0.75: "NÑ", 0.76: "H",
    0.78: "&DG", 0.79: "OQÒÓÔÕÖØ", 0.82: "w", 0.84: "#+<=>^~×÷−", 0.87: "M", 0.96: "%",
    0.98: "mÆ", 0.99: "Wæ", 1.0: "@—…", 1.03: "œ", 1.07: "Œ",
}
"""The advance of each character of the six languages' text in DejaVu Sans, the layouts' face,
in em, rounded up to a hundredth: a line never prints wider than it was wrapped for, so never
smaller (`_draw_words`). At 0.6 em a character (`estimated_width`), clues wrapped a sixth short of their
column: English clues average 0.51 em a character, spaces and i, l, t among them."""
CHARACTER_WIDTHS = {char: width for width, chars in FACE_WIDTHS.items() for char in chars}
UNLISTED_WIDTH = 1.0  # em: a character of no listed language, as wide as DejaVu's widest letters


def line_width(text: str, size: float) -> float:
    """Width in mm of a line of text at `size` points as DejaVu Sans sets it (`FACE_WIDTHS`)."""
    return sum(CHARACTER_WIDTHS.get(char, UNLISTED_WIDTH) for char in text) * size * 25.4 / 72


def wrapped(text: str, width: float, size: float) -> list[str]:
    """`text` in lines at most `width` mm wide at `size` points (`line_width`); a word wider
    than a line stands alone on its line."""
    lines: list[str] = []
    for word in text.split():
        if lines and line_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _column_count(width: float, style: Style) -> int:
    """How many columns, each at least `style.least_column` wide, `width` holds."""
    return max(1, int((width + style.column_gap) // (style.least_column + style.column_gap)))


def _laid(blocks: Sequence[Sequence[Entry]], column_width: float, style: Style
          ) -> list[list[tuple[Entry, list[str]]]]:
    """Each block's entries with their lines wrapped to a column's width."""
    text_width = column_width - style.label_room
    return [[(entry, [entry.text] if entry.whole else wrapped(entry.text, text_width, style.size))
             for entry in block] for block in blocks]


def _lines(column: Sequence[tuple[Entry, list[str]]]) -> int:
    return sum(len(lines) for _, lines in column)


Laid = list[tuple[Entry, list[str]]]  # entries with their wrapped lines


def flowed(blocks: Sequence[Sequence[Entry]], width: float, style: Style, columns: int | None = None,
           free: int = 0) -> Columns:
    """The blocks in as many columns as `width` holds (each at least `style.least_column` wide;
    `columns` to ask for a number), balanced: a column ends once it holds its share of lines.
    The columns end between lists (a fill-in's "4 letters", a crossword's Across and Down) where
    that costs at most `WHOLE_LIST_SLACK` lines more, or takes no more than the `free` lines
    (beside a grid, its height); else a column that begins inside a list begins with its heading
    again ("4 letters (continued)", "Across (continued)"). A fill-in's sheet set "4 letters" and
    FEES at the foot of its first column and FEET, FIVE and NONE at the top of the next, under
    no heading; a crossword's last Across clue, at the top of the second column over "Down",
    was read as a Down clue."""
    columns = columns or _column_count(width, style)
    column_width = (width - (columns - 1) * style.column_gap) / columns
    laid = _laid(blocks, column_width, style)
    share = math.ceil(sum(_lines(block) for block in laid) / columns)
    flow: list[Laid] = [[]]
    used = 0
    for block in laid:
        height = _lines(block)
        if flow[-1] and used + height > share and len(flow) < columns:
            flow.append([])
            used = 0
        flow[-1].extend(block)
        used += height
    balanced = max(_lines(column) for column in flow)
    flow = _whole_lists(laid, columns, max(balanced + WHOLE_LIST_SLACK, free)) or _headed_again(
        flow, style, column_width)
    return Columns(column_width, flow, max(_lines(column) for column in flow))


WHOLE_LIST_SLACK = 2
"""Lines a column may grow by to end between lists rather than inside one."""


def _whole_lists(laid: Sequence[Laid], columns: int, most: int) -> list[Laid] | None:
    """The lists (each from a block that opens with a heading to the next) in at most `columns`
    columns, each list whole, the tallest column as short as can be; None where it is taller
    than `most` lines."""
    lists: list[Laid] = []
    for block in laid:
        if block[0][0].continued or not lists:
            lists.append([])
        lists[-1].extend(block)
    heights = [_lines(part) for part in lists]
    # tallest[k][i]: the least tallest column that sets the first i lists in k columns; of cuts
    # as good, the latest, so that the columns fill from the left as a typesetter fills them
    tallest = [[0] + [math.inf] * len(lists)] + [[0] * (len(lists) + 1) for _ in range(columns)]
    cut = [[0] * (len(lists) + 1) for _ in range(columns + 1)]
    for k in range(1, columns + 1):
        for i in range(1, len(lists) + 1):
            least, latest = min((max(tallest[k - 1][j], sum(heights[j:i])), -j) for j in range(i))
            tallest[k][i], cut[k][i] = least, -latest
    if tallest[columns][len(lists)] > most:
        return None
    ends, i = [], len(lists)
    for k in range(columns, 0, -1):
        ends.append(i)
        i = cut[k][i]
    bounds = [0, *reversed(ends)]
    flow = [[entry for part in lists[start:end] for entry in part]
            for start, end in zip(bounds, bounds[1:])]
    return [column for column in flow if column]


def _headed_again(flow: list[Laid], style: Style, column_width: float) -> list[Laid]:
    """The columns, each that begins inside a list beginning with the list's heading again."""
    headed, heading = [], None
    for column in flow:
        if heading is not None and not column[0][0].continued:
            again = _again(heading, style, column_width)
            column = [(Entry("", again, bold=True, whole=True), [again]), *column]
        headed.append(column)
        heading = next((entry for entry, _wrapped in reversed(column) if entry.continued), heading)
    return headed


def _again(heading: Entry, style: Style, column_width: float) -> str:
    """What a column that continues a list prints over it: the list's `continued` heading, or
    where that is wider than a column its short form ("5 letras (cont.)": a Spanish list in three
    columns under a 6x9 grid repeated "5 letras" alone, as if a new list began), or else its
    heading again (set smaller to fit, "5 Buchstaben (Fortsetzung)" fell under large print's floor
    where "5 Buchstaben" does not)."""
    # Translators: over a column that goes on with a list, where "{heading} (continued)" is too
    # wide for it: the shortest way the language says it ("5 letras (cont.)")
    short = _("{heading} (cont.)").format(heading=heading.text)
    return next((text for text in (heading.continued, short)
                 if BOLD_WIDER * estimated_width(text, style.size) <= column_width), heading.text)


def paged(blocks: Sequence[Sequence[Entry]], width: float, style: Style, first: int, rest: int
          ) -> tuple[Columns, ...]:
    """The blocks in bands of columns across `width`, each column filled in turn: the first
    band's columns hold `first` lines (none where it is 0), every later band's `rest`; a band for
    each page a list continues on. A block taller than a column takes one of its own. A band
    that begins inside a list begins with the list's heading again (`_again`), as does every
    column that does: a crossword's last Across clue at the top of a page's second column, over
    "Down", was read as a Down clue."""
    count = _column_count(width, style)
    column_width = (width - (count - 1) * style.column_gap) / count
    capacities = ([first] * count if first > 0 else []) + [rest] * count
    first_band = count if first > 0 else 0
    flow: list[Laid] = [[]]
    heading: Entry | None = None  # of the list the blocks are in
    for block in _laid(blocks, column_width, style):
        while flow[-1] and _lines(flow[-1]) + _lines(block) > capacities[len(flow) - 1]:
            flow.append([])
            if len(flow) > len(capacities):
                capacities += [rest] * count
        opening = block[0][0]
        if opening.continued:
            heading = opening
        elif heading is not None and not flow[-1]:
            again = _again(heading, style, column_width)
            block = [(Entry("", again, bold=True, whole=True), [again]), *block]
        flow[-1].extend(block)
    bands = [flow[:first_band]] + [flow[start:start + count]
                                   for start in range(first_band, len(flow), count)]
    return tuple(Columns(column_width, band, max((_lines(c) for c in band), default=0))
                 for band in bands)


BOLD_WIDER = 1.2
"""How much wider than `estimated_width` a bold heading may print."""


@dataclass(frozen=True)
class Plan:
    """Where a grid and its list go in a drawing: the side of a square, the list beside the grid
    or below it, and the list's columns in each band of the drawing. One band, or, where the
    room is too short for the grid and its list, more: the grid and what fits under it, then
    the rest, each band as tall as the room at most, so that the page continues the drawing on
    the next page at each band's end (`breaks`)."""

    cell: float
    beside: bool
    width: float
    grid: tuple[float, float]  # its width and height, mm
    gap: float  # between the grid and the list
    bands: tuple[Columns, ...]
    heights: tuple[float, ...]  # of each band, mm

    @property
    def height(self) -> float:
        return sum(self.heights)

    @property
    def size(self) -> tuple[float, float]:
        return self.width, self.height

    @property
    def breaks(self) -> tuple[float, ...]:
        """Where each band after the first begins, mm from the top."""
        return tuple(itertools.accumulate(self.heights[:-1]))

    @property
    def grid_left(self) -> float:
        return 0.0 if self.beside else (self.width - self.grid[0]) / 2

    def list_at(self, band: int) -> tuple[float, float]:
        """Where a band's columns begin (left, top)."""
        if band:
            return 0.0, self.breaks[band - 1]
        return (self.grid[0] + self.gap, 0.0) if self.beside else (0.0, self.grid[1] + self.gap)


CELL_STEP = 0.25
"""The steps by which a narrowed grid's squares shrink, mm."""
LEAST_BAND = 4
"""Lines the list must fill under the grid to begin there, a heading and some clues: with
fewer it begins on the next page, where a heading and one clue under the grid read as stranded,
unless that takes a page more (`Sheet.banded`): a large-print crossword spilled two clues onto a
third page, and in a bound book a notes page after it kept the next grid facing its clues."""


@dataclass(frozen=True)
class Sheet:
    """What a grid with a list takes: its shape (rows, columns), the list's blocks and style, the
    largest and the least side of a square, the gap between grid and list, and at its natural
    size: the width of the list below the grid (`below`, at least the grid's), the widest
    drawing with the list beside the grid (`widest`; the list at least a column), and the
    height the drawing keeps to where it can (`tallest`)."""

    shape: tuple[int, int]
    blocks: tuple[tuple[Entry, ...], ...]
    style: Style
    cell: float
    least_cell: float
    gap: float
    below: float
    widest: float
    tallest: float

    def cells(self) -> Iterator[float]:
        """The sides a square may have, largest first."""
        cell = self.cell
        while cell >= self.least_cell - 1e-9:
            yield cell
            cell -= CELL_STEP

    def grid(self, cell: float) -> tuple[float, float]:
        return self.shape[1] * cell, self.shape[0] * cell

    def under(self, cell: float, width: float) -> Plan:
        """The list below the grid, across `width` (at least the grid's)."""
        grid = self.grid(cell)
        width = max(width, grid[0])
        columns = flowed(self.blocks, width, self.style)
        height = grid[1] + self.gap + columns_height(columns, self.style)
        return Plan(cell, False, width, grid, self.gap, (columns,), (height,))

    def beside(self, cell: float, width: float) -> Plan | None:
        """The list beside the grid, the drawing `width` wide; None where no column fits."""
        grid = self.grid(cell)
        room = width - grid[0] - self.gap
        if room < self.style.least_column:
            return None
        columns = flowed(self.blocks, room, self.style, free=int(grid[1] / self.style.line + 1e-9))
        height = max(grid[1], columns_height(columns, self.style))
        return Plan(cell, True, width, grid, self.gap, (columns,), (height,))

    def banded(self, cell: float, width: float, height: float) -> Plan:
        """The list below the grid as far as `height` holds it, the rest in bands below."""
        grid = self.grid(cell)
        line = self.style.line
        first = int((height - grid[1] - self.gap) / line + 1e-9)
        rest = int(height / line + 1e-9)
        bands = paged(self.blocks, width, self.style, first if first >= LEAST_BAND else 0, rest)
        if 0 < bands[0].lines < LEAST_BAND or bands[0].lines > first:  # wrapped clues left the
            # room a line or two, or a first block (a heading and a clue of two lines) overran it
            bands = paged(self.blocks, width, self.style, 0, rest)
        if first >= 2 and bands[0].lines == 0:  # a short list under the grid, if it saves a page
            tight = paged(self.blocks, width, self.style, first, rest)
            if len(tight) < len(bands) and 2 <= tight[0].lines <= first:
                bands = tight
        heights = (grid[1] + (self.gap + bands[0].lines * line if bands[0].lines else 0.0),
                   *(band.lines * line for band in bands[1:]))
        return Plan(cell, False, max(width, grid[0]), grid, self.gap, bands, heights)


@lru_cache(maxsize=512)
def plan(sheet: Sheet, room: tuple[float, float] | None = None) -> Plan:
    """The drawing's plan. At its natural size: the list below the grid where that keeps to
    `tallest`, else beside it, with the largest squares that keep to it (the least tall plan
    where none does). In a room (width, height, mm): the largest squares (down to the least) at
    which the list below (at its natural width, which the page may print larger, else across
    the room), or else beside, fits it; where none does, the list continues in bands
    below the grid, the squares as large as the room lets the grid be."""
    if room is None:
        natural = [sheet.under(sheet.cell, sheet.below)] + [
            sheet.beside(cell, max(sheet.widest, sheet.grid(cell)[0] + sheet.gap
                                   + sheet.style.least_column)) for cell in sheet.cells()]
        laid = [candidate for candidate in natural if candidate is not None]
        return next((candidate for candidate in laid if candidate.height <= sheet.tallest + 1e-6),
                    min(laid, key=lambda candidate: candidate.height))
    width, height = room
    for cell in sheet.cells():
        for candidate in (sheet.under(cell, min(width, sheet.below)), sheet.under(cell, width),
                          sheet.beside(cell, width)):
            if candidate is not None and candidate.width <= width + 1e-6 \
                    and candidate.height <= height + 1e-6:
                return candidate
    cell = max(sheet.least_cell, min(sheet.cell, width / sheet.shape[1], height / sheet.shape[0]))
    grid = sheet.grid(cell)
    if not math.isfinite(height) or grid[1] > height + 1e-6:
        return sheet.under(sheet.least_cell, width)  # no room for the grid: the page refuses it
    # a grid wider than the room at the least square still pages its list: the page refuses it
    # by how much it is too wide (its numbers a point under their floor, not a heading at 4 pt)
    return sheet.banded(cell, width, height)


def columns_height(columns: Columns, style: Style) -> float:
    return columns.lines * style.line


def draw_columns(pen: Pen, columns: Columns, style: Style, left: float, top: float) -> None:
    """The columns with their first line's middle half a line below `top`."""
    for index, column in enumerate(columns.columns):
        x = left + index * (columns.width + style.column_gap)
        y = top + style.line / 2
        for entry, lines in column:
            if entry.label:
                pen.text(x + style.label_room - 0.3 * style.size * 25.4 / 72, y, entry.label,
                         style.label_points, bold=True, align="right")
            indent = 0.0 if entry.whole and not entry.label else style.label_room  # a heading: flush
            for line in lines:
                _draw_words(pen, line, x + indent, y, columns.width - indent, style.size, entry.bold,
                            entry.whole)
                y += style.line


def _draw_words(pen: Pen, line: str, x: float, y: float, room: float, size: float, bold: bool,
                whole: bool = False) -> None:
    """A line's words one by one at their real widths (a `whole` line as one text: a heading's
    "4" is no number of the puzzle), smaller where the real font is wider than the estimate the
    line was wrapped by (or the line is a whole heading)."""
    words = [line] if whole else line.split()
    if not words:
        return
    width = sum(pen.text_width(w, size, bold) for w in words) + \
        pen.text_width(" ", size, bold) * (len(words) - 1)
    if width > room:
        size *= room / width
    space = pen.text_width(" ", size, bold)
    for word in words:
        pen.text(x, y, word, size, bold=bold, align="left")
        x += pen.text_width(word, size, bold) + space


def draw_squares(pen: Pen, grid: Sequence[str], cell: float, letters: Mapping[Square, str],
                 letter_size: float, numbers: Mapping[Square, int] | None = None,
                 number_size: float = 0.0, left: float = 0.0, top: float = 0.0,
                 shaded: frozenset[Square] = frozenset(), drop: float = 0.08,
                 number_y: float = 0.2) -> None:
    """The grid's letter squares (`#` squares left blank), each with its number in the top-left
    corner (its middle `number_y` of a square below the top) and its letter from `letters`, a
    `shaded` square on a light grey; where the grid has numbers, a letter sits `drop` of a
    square below its middle, clear of them."""
    for row, text in enumerate(grid):
        for col, char in enumerate(text):
            if char == "#":
                continue
            x, y = left + col * cell, top + row * cell
            pen.rect(x, y, cell, cell, width=MEDIUM, fill=0.85 if (row, col) in shaded else None)
            if numbers and (row, col) in numbers:
                pen.text(x + 0.6, y + number_y * cell, str(numbers[(row, col)]), number_size,
                         align="left", label=True)
            letter = letters.get((row, col))
            if letter:
                below = drop * cell if numbers else 0.0
                pen.text(x + cell / 2, y + cell / 2 + below, letter, letter_size)

