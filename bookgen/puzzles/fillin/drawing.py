"""Drawing through the pen: the grid's letter squares with the starter word's letters in them,
and below it the word list in columns, shortest words first, each length under its heading
("4 letters"); the answer is the grid filled in.

Every function takes an optional `room` (width, height in mm, natural size): the page's frame
when the grid at its letters' floor size is wider than that (large print on a narrow trim). The
squares then shrink around letters of the same size, down to `LEAST_CELL`, until the grid is
as wide as the room, and the list runs across the room's width.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.pen import Pen, estimated_width
from bookgen.core.wordgrid import BLOCK, OPEN
from bookgen.core.wordpage import Columns, Entry, Style, columns_height, draw_columns, draw_squares, flowed
from bookgen.i18n import ngettext
from bookgen.puzzles.fillin.parameters import by_length

CELL = 8.0
LETTER_SIZE = 14
WORD_SIZE = 10
GAP = 5.0
LEAST_CELL = 1.2 * LETTER_SIZE * 25.4 / 72
"""The tightest square, mm, that still holds a letter apart from its neighbours (as word search's)."""
Room = tuple[float, float]


def _style(puzzle: JSON) -> Style:
    """The list's sizes: a column as wide as the widest word, or as "15 letters" in English in
    bold (a fifth wider than the estimate; a heading in another language is set smaller where
    it is wider: `Entry.whole`)."""
    widest = max(estimated_width(word, WORD_SIZE) for word in puzzle["words"])
    return Style(WORD_SIZE, 4.5, 4.0, max(widest, 1.2 * estimated_width("15 letters", WORD_SIZE)))


def _heading(length: int) -> str:
    # Translators: the heading over a fill-in's words of one length ("5 letters")
    return ngettext("{count} letter", "{count} letters", length).format(count=length)


def _blocks(puzzle: JSON) -> list[list[Entry]]:
    """Each word a block, a length's heading kept with its first word."""
    blocks: list[list[Entry]] = []
    length = 0
    for word in by_length(puzzle["words"], puzzle["language"]):
        if len(word) != length:
            length = len(word)
            blocks.append([Entry("", _heading(length), bold=True, whole=True), Entry("", word)])
        else:
            blocks.append([Entry("", word)])
    return blocks


def cell_size(puzzle: JSON, room: Room | None = None) -> float:
    """The side of a square: `CELL`, or less (not under `LEAST_CELL`) so that the grid is as wide
    as the room and, with the list below it, as tall."""
    if room is None:
        return CELL
    below = GAP + columns_height(_list(puzzle, room), _style(puzzle))
    return max(LEAST_CELL, min(CELL, room[0] / len(puzzle["grid"][0]),
                               (room[1] - below) / len(puzzle["grid"])))


def _list(puzzle: JSON, room: Room | None) -> Columns:
    width = room[0] if room is not None else max(len(puzzle["grid"][0]) * CELL, _style(puzzle).least_column)
    return flowed(_blocks(puzzle), width, _style(puzzle))


def measure(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    cell = cell_size(puzzle, room)
    listed = _list(puzzle, room)
    width = max(len(puzzle["grid"][0]) * cell, listed.count * listed.width
                + (listed.count - 1) * _style(puzzle).column_gap)
    return width, len(puzzle["grid"]) * cell + GAP + columns_height(listed, _style(puzzle))


def measure_grid(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    cell = cell_size(puzzle, room)
    return len(puzzle["grid"][0]) * cell, len(puzzle["grid"]) * cell


def _letters(grid: list[str]) -> dict[tuple[int, int], str]:
    return {(r, c): letter for r, row in enumerate(grid) for c, letter in enumerate(row)
            if letter not in (BLOCK, OPEN)}


def draw_puzzle(pen: Pen, puzzle: JSON, room: Room | None = None) -> None:
    cell = cell_size(puzzle, room)
    width = measure(puzzle, room)[0]
    left = (width - len(puzzle["grid"][0]) * cell) / 2
    draw_squares(pen, puzzle["grid"], cell, _letters(puzzle["grid"]), LETTER_SIZE, left=left)
    draw_columns(pen, _list(puzzle, room), _style(puzzle), 0.0, len(puzzle["grid"]) * cell + GAP)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON, room: Room | None = None) -> None:
    """The grid filled in, the starter's squares shaded (the list is left out: the grid shows it)."""
    cell = cell_size(puzzle, room)
    given = frozenset(_letters(puzzle["grid"]))
    draw_squares(pen, solution["grid"], cell, _letters(solution["grid"]), LETTER_SIZE, shaded=given)
