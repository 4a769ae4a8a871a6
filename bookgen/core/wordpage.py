"""Drawing a word grid and columns of text through the pen: what the crossword and the fill-in
print besides their own parts (a crossword's clue lists, a fill-in's word list).

A free-form grid draws only its letter squares (a block square is left blank, as free-form
crosswords and fill-ins print); a square may hold a small number in its top-left corner and a
letter. Text under a grid runs in columns of the drawing's width, each entry a block of lines
kept in one column: an optional label set flush right in a narrow column (a clue's number) and
words wrapped at the column's width.

Wrapping is worked out without fonts (`measure` has no pen): each character is taken as
`estimated_width` (0.6 em), so that the drawing's size is known before the page; words are then
set one by one at their real widths (`Pen.text_width`), and a line the real font makes wider
than its column (a run of W and M) is set smaller until it fits. Each word is its own text on
the page, so a declared text (`Printed.texts`) is found however the lines fall.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bookgen.core.pen import MEDIUM, Pen, estimated_width

Square = tuple[int, int]


@dataclass(frozen=True)
class Entry:
    """One item of a list: `label` set flush right before it ("" for none), its text, bold or
    not; a `whole` text (a heading in the language spoken, whose length `measure` cannot know)
    keeps to one line, set smaller where the column is narrower."""

    label: str
    text: str
    bold: bool = False
    whole: bool = False


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


def wrapped(text: str, width: float, size: float) -> list[str]:
    """`text` in lines at most `width` mm wide at `size` points (estimated widths); a word wider
    than a line stands alone on its line."""
    lines: list[str] = []
    for word in text.split():
        if lines and estimated_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def flowed(blocks: Sequence[Sequence[Entry]], width: float, style: Style, columns: int | None = None
           ) -> Columns:
    """The blocks in as many columns as `width` holds (each at least `style.least_column` wide;
    `columns` to ask for a number), balanced: a column ends once it holds its share of lines."""
    if columns is None:
        columns = max(1, int((width + style.column_gap) // (style.least_column + style.column_gap)))
    column_width = (width - (columns - 1) * style.column_gap) / columns
    text_width = column_width - style.label_room
    laid = [[(entry, [entry.text] if entry.whole else wrapped(entry.text, text_width, style.size))
             for entry in block] for block in blocks]
    heights = [sum(len(lines) for _, lines in block) for block in laid]
    share = math.ceil(sum(heights) / columns)
    flow: list[list[tuple[Entry, list[str]]]] = [[]]
    used = 0
    for block, height in zip(laid, heights):
        if flow[-1] and used + height > share and len(flow) < columns:
            flow.append([])
            used = 0
        flow[-1].extend(block)
        used += height
    longest = max(sum(len(lines) for _, lines in column) for column in flow)
    return Columns(column_width, flow, longest)


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
                 shaded: frozenset[Square] = frozenset()) -> None:
    """The grid's letter squares (`#` squares left blank), each with its number in the top-left
    corner and its letter from `letters`, a `shaded` square on a light grey."""
    for row, text in enumerate(grid):
        for col, char in enumerate(text):
            if char == "#":
                continue
            x, y = left + col * cell, top + row * cell
            pen.rect(x, y, cell, cell, width=MEDIUM, fill=0.85 if (row, col) in shaded else None)
            if numbers and (row, col) in numbers:
                pen.text(x + 0.6, y + 0.2 * cell, str(numbers[(row, col)]), number_size, align="left")
            letter = letters.get((row, col))
            if letter:
                below = 0.08 * cell if numbers else 0.0
                pen.text(x + cell / 2, y + cell / 2 + below, letter, letter_size)

