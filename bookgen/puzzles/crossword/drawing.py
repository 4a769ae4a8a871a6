"""Drawing through the pen: the grid's letter squares, each word's first square numbered in its
top-left corner and the given letters in place, and the clues in columns, Across then Down,
each under its number, below the grid or beside it; the answer is the grid filled in (its
numbers left out but in a worked example). Each
column begins with a heading: Across and Down each keep to a column where that costs a line or
two, else the column that goes on with a list begins with "Across (continued)" (a last Across
clue at the top of the second column, over "Down", was read as a Down clue).

Every function takes an optional `room` (width, height in mm, natural size): the page's frame
where the crossword at its text's floor size is wider than its natural width (large print, a
narrow trim). The squares then shrink, down to `LEAST_CELL`, until the grid and its clues (below
it, or else beside it) fit the room; where they cannot, the clues continue in bands below the
grid that the page prints on the pages after it (`page_breaks`). The plan is the shared
`bookgen.core.wordpage.plan`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, BandPen, Pen, estimated_width
from bookgen.core.wordgrid import BLOCK, OPEN, numbers_of, slots_of
from bookgen.core.wordpage import (
    CELL_STEP,
    Entry,
    Plan,
    Sheet,
    Style,
    continued,
    draw_columns,
    draw_squares,
    plan,
)
from bookgen.i18n import N_, _
from bookgen.puzzles.wordsearch.parameters import theme_heading

CELL = 8.0
NUMBER_SIZE = 8.0
LETTER_SIZE = 13
CLUE_STYLE = Style(size=7.0, line=3.4, column_gap=5.0, least_column=38.0, widest_label="99.",
                   label_size=NUMBER_SIZE)
"""The numbers (in the grid and before each clue) a point above the clues' text: the numbers'
floor (16 pt in large print, 14 for text) then sets the clues at exactly their floor, and the
whole drawing no larger than large print needs."""
WIDTH = 110.0
"""The natural width of the clue columns below the grid: two of them, where the grid is narrower."""
NARROW, FEW = 60.0, 8
"""The natural width of one column, for a crossword of `FEW` clues or fewer (an example)."""
WIDEST, TALLEST = 170.0, 110.0
"""The natural size kept to where the crossword can: 170 mm wide (a US Letter or A4 page's
frame, 174 mm and more, holds it; a narrower page narrows it), 110 mm tall, what a US Letter
worksheet leaves under its head and example: the clues go beside the grid, its squares smaller,
where below it they would make it taller."""
EXAMPLE_TALLEST = 40.0
EXAMPLE_STYLE = replace(CLUE_STYLE, least_column=30.0)
"""The natural height an example (`FEW` clues or fewer) keeps to, and its clues' style: one
narrow column beside its grid, so that its pair (puzzle and answer, side by side on half a
page each, 77 mm on US Letter) stays low."""
GAP = 5.0
LEAST_CELL = 4.5
"""The tightest square, mm: its number in a corner and room for a handwritten letter."""
NUMBER_Y, DROP, CLEAR = 0.2, 0.08, 0.3
CAP_MM = 0.73 * 25.4 / 72
"""Where a square's number sits (its middle, a share of the square from the top, as
`draw_squares` sets it), how far below the middle a letter sits at least, the gap kept between
them where the square has room (mm) and a capital's height per point (mm)."""
EDGE = 0.15  # mm of white at least between a square's line and its number or letter
SHRUNK_NUMBER_SIZE = SHRUNK_LETTER_SIZE = CLUE_STYLE.size
"""A shrunk square's number and letter: the clues' size, and so the text's floor at the scale
the clues set (14 pt in large print, where a square's number is a label, `Pen.text`): at 16 pt
the number filled a 9 mm square's top half and touched its letter."""
ANSWER_CELL = 1.4 * LETTER_SIZE * CAP_MM / 0.73
"""An answer's square, mm (6.4): 1.4 em of its letters, which is all the room a filled-in
letter needs without a number beside it; a 13-square grid's answer then stands two to a
large-print Letter page's width."""
HEADINGS = {"across": N_("Across"), "down": N_("Down")}
THEME_SIZE, THEME_LINE = 9.0, 6.0
"""A dealt theme's name over the grid (`theme: all`): its size (pt) and the line it takes (mm)."""
Room = tuple[float, float]


def _head(puzzle: JSON) -> float:
    """The room a dealt theme's name takes over the grid, mm: a line, or none."""
    return THEME_LINE if "theme" in puzzle else 0.0


def _under_head(puzzle: JSON, room: Room | None) -> Room | None:
    """The room the grid and its clues have below a dealt theme's name."""
    return None if room is None else (room[0], room[1] - _head(puzzle))


BODY_STYLE = replace(CLUE_STYLE, size=NUMBER_SIZE, line=CLUE_STYLE.line * NUMBER_SIZE / CLUE_STYLE.size,
                     least_column=CLUE_STYLE.least_column * NUMBER_SIZE / CLUE_STYLE.size)
"""Clues at their numbers' size, and so at the body's in large print (16 pt): what a large-print
section narrowed as one prints where every puzzle of it fits its page so (`alike`); at
`CLUE_STYLE` the clues printed at 14 pt beside a 16 pt body on a US Letter page 40 % blank."""


@dataclass(frozen=True)
class Fit:
    """How a section narrowed as one draws every puzzle (`alike`): its clues' style, the side of
    its squares, and the least side a square shrinks to (`cell` itself: never smaller)."""

    style: Style
    cell: float
    least: float


def _sheet(puzzle: JSON, fit: Fit | None = None) -> Sheet:
    grid = puzzle["grid"]
    few = len(puzzle["entries"]) <= FEW
    style = fit.style if fit is not None else EXAMPLE_STYLE if few else CLUE_STYLE
    sheet = Sheet((len(grid), len(grid[0])), _blocks(puzzle), style,
                  fit.cell if fit is not None else CELL, fit.least if fit is not None else LEAST_CELL,
                  GAP, NARROW if few else WIDTH, 0.0 if few else WIDEST,
                  EXAMPLE_TALLEST if few else TALLEST)
    return sheet


def _plan(puzzle: JSON, room: Room | None = None, fit: Fit | None = None) -> Plan:
    return plan(_sheet(puzzle, fit), _under_head(puzzle, room))


def alike(puzzles: Sequence[JSON], room: Room, large_print: bool = False) -> Fit | None:
    """The one size a section's puzzles print at in `room` (a 6x9 section shrank one crossword's
    squares to 0.35 in to keep it on its page, beside neighbours whose clues went on overleaf):
    the clues at their numbers' size (`BODY_STYLE`, in `large_print`) where they fit, else at
    `CLUE_STYLE`, with the largest squares at which every puzzle, grid and clues, fits the room.
    Where no size fits them all, every grid at one square and its clues going on below it on
    the next page: at `BODY_STYLE` (in large print), else `CLUE_STYLE`, the largest square (no
    larger than the widest or tallest grid takes, not under `LEAST_CELL`) at which every puzzle
    takes two pages at most, a spread, its grid facing its clues (a large-print 5x8
    crossword's third page set the next grid overleaf from its clues); else `CLUE_STYLE` and
    that square. None (each puzzle its own squares, as small as it needs) where that takes fewer
    pages than the spreads: one puzzle that fits no page made all 24 of an 8.5x11 large-print
    book's crosswords take two pages each, where most of them fit one alone."""
    sheets = [_sheet(puzzle) for puzzle in puzzles]
    styles = (BODY_STYLE, CLUE_STYLE) if large_print else (CLUE_STYLE,)
    for style in styles:
        for cell in sheets[0].cells() if sheets else ():
            fit = Fit(style, cell, cell)
            if all(_one_page(puzzle, room, fit) for puzzle in puzzles):
                return Fit(style, cell, LEAST_CELL)
    width, height = room
    cell = min((min(CELL, width / sheet.shape[1], height / sheet.shape[0]) for sheet in sheets),
               default=CELL)
    largest = max(LEAST_CELL, math.floor(cell / CELL_STEP + 1e-9) * CELL_STEP)
    spread = next((fit for style in styles for cell in replace(sheets[0], cell=largest).cells()
                   if all(len(_plan(puzzle, room, fit := Fit(style, cell, cell)).bands) <= 2
                          for puzzle in puzzles)), Fit(CLUE_STYLE, largest, largest))
    if _pages(puzzles, room, None) < _pages(puzzles, room, spread):
        return None
    return spread


def _pages(puzzles: Sequence[JSON], room: Room, fit: Fit | None) -> int:
    return sum(len(_plan(puzzle, room, fit).bands) for puzzle in puzzles)


def _one_page(puzzle: JSON, room: Room, fit: Fit) -> bool:
    """Whether the puzzle, a dealt theme's name over it, fits `room` whole."""
    laid, (width, height) = _plan(puzzle, room, fit), (room[0], room[1] - _head(puzzle))
    return len(laid.bands) == 1 and laid.width <= width + 1e-6 and laid.height <= height + 1e-6


def cell_size(puzzle: JSON, room: Room | None = None, fit: Fit | None = None) -> float:
    """The side of a square: `CELL`, or less (not under `LEAST_CELL`) in a narrow room."""
    return _plan(puzzle, room, fit).cell


def _blocks(puzzle: JSON) -> tuple[tuple[Entry, ...], ...]:
    """Each clue a block; each list's heading kept with its first clue (in the language spoken)."""
    blocks: list[tuple[Entry, ...]] = []
    for direction in ("across", "down"):
        entries = [e for e in puzzle["entries"] if e["direction"] == direction]
        for index, entry in enumerate(sorted(entries, key=lambda e: e["number"])):
            clue = Entry(f"{entry['number']}.", entry["clue"])
            heading = _(HEADINGS[direction])
            blocks.append((Entry("", heading, bold=True, whole=True, continued=continued(heading)),
                           clue) if index == 0 else (clue,))
    return tuple(blocks)


def measure(puzzle: JSON, room: Room | None = None, fit: Fit | None = None) -> tuple[float, float]:
    """The drawing's size: a dealt theme's name over the grid and its clues."""
    width, height = _plan(puzzle, room, fit).size
    named = estimated_width(theme_heading(puzzle["theme"]), THEME_SIZE) if "theme" in puzzle else 0.0
    return max(width, named), height + _head(puzzle)


def page_breaks(puzzle: JSON, room: Room | None = None, fit: Fit | None = None) -> tuple[float, ...]:
    """Where the drawing continues on the next page (mm from its top): where the clues go on in
    bands below the grid."""
    return tuple(top + _head(puzzle) for top in _plan(puzzle, room, fit).breaks)


def measure_grid(puzzle: JSON, room: Room | None = None, fit: Fit | None = None) -> tuple[float, float]:
    return _plan(puzzle, room, fit).grid


@dataclass(frozen=True)
class Square:
    """How a square sets its number and letter: their sizes, where the number's middle sits and
    how far below the square's middle the letter's does (shares of the square)."""

    number_size: float
    number_y: float
    letter_size: float
    drop: float


def _square(cell: float, number_size: float, letters_kept: bool = False) -> Square:
    """A square of side `cell`, numbered at `number_size`: its number a fifth of the way down,
    never nearer the top line than `EDGE`; its letter `CLEAR` under the number, or, in a shrunk
    square, halfway between the number and the bottom line, shrinking with the square (or, where
    `letters_kept`, at `LETTER_SIZE`) down to what leaves `CLEAR` above and below it (not under
    `SHRUNK_LETTER_SIZE`)."""
    number_middle = max(NUMBER_Y * cell, MEDIUM / 2 + EDGE + CAP_MM * number_size / 2)
    number_bottom = number_middle + CAP_MM * number_size / 2
    room = cell - MEDIUM / 2 - number_bottom - 2 * CLEAR
    largest = LETTER_SIZE if letters_kept else LETTER_SIZE * cell / CELL
    letter_size = max(SHRUNK_LETTER_SIZE, min(largest, room / CAP_MM))
    if cell < CELL:
        drop = (number_bottom + cell - MEDIUM / 2) / 2 / cell - 0.5
    else:
        drop = max(DROP, (number_bottom + CLEAR + CAP_MM * letter_size / 2) / cell - 0.5)
    return Square(number_size, number_middle / cell, letter_size, drop)


def _letters(grid: list[str]) -> dict[tuple[int, int], str]:
    return {(r, c): letter for r, row in enumerate(grid) for c, letter in enumerate(row)
            if letter not in (BLOCK, OPEN)}


def draw_puzzle(pen: Pen, puzzle: JSON, room: Room | None = None,
                number_size: float | None = None, letters_kept: bool = False,
                fit: Fit | None = None) -> None:
    """The puzzle, its squares numbered at `number_size`; None: `NUMBER_SIZE`, or
    `SHRUNK_NUMBER_SIZE` in a room, whether its squares shrank or not (every drawing of a section
    narrowed as a whole numbers at one size: 8 pt where the squares kept their size beside 7
    where they shrank printed 16 and 14 pt on a large-print 5x8 page). Its given letters shrink
    with its squares, or where `letters_kept` stay at `LETTER_SIZE` while a square holds them
    (a first row tightened below its opening prints its section's sizes)."""
    sheet = _sheet(puzzle, fit)
    laid = plan(sheet, _under_head(puzzle, room))
    if "theme" in puzzle:  # its name over the grid, the rest drawn a line lower
        pen.text(0, THEME_LINE * 0.4, theme_heading(puzzle["theme"]), THEME_SIZE, bold=True, align="left")
        pen = BandPen(pen, -THEME_LINE, math.inf)
    if number_size is None:
        number_size = NUMBER_SIZE if room is None else SHRUNK_NUMBER_SIZE
    grid, square = puzzle["grid"], _square(laid.cell, number_size, letters_kept)
    draw_squares(pen, grid, laid.cell, _letters(grid), square.letter_size,
                 numbers_of(slots_of(grid)), square.number_size, left=laid.grid_left,
                 drop=square.drop, number_y=square.number_y)
    for band, columns in enumerate(laid.bands):
        draw_columns(pen, columns, sheet.style, *laid.list_at(band))


def measure_answer(puzzle: JSON) -> tuple[float, float]:
    """The answer's size: its grid in `ANSWER_CELL` squares."""
    grid = puzzle["grid"]
    return len(grid[0]) * ANSWER_CELL, len(grid) * ANSWER_CELL


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """The answer: the grid filled in, the given squares shaded, its letters alone (the clues
    and numbers left out) in `ANSWER_CELL` squares, as most books' answer grids are. The numbers,
    the smallest text, set an answer's scale: with them a large-print answer was drawn 1.6 times
    as large as its letters need, one grid to a Letter page's width, most answer pages holding
    one."""
    _filled_letters(pen, puzzle, solution, ANSWER_CELL, LETTER_SIZE)


def draw_narrowed_filled(pen: Pen, puzzle: JSON, solution: JSON, room: Room,
                         fit: Fit | None = None) -> None:
    """A narrowed drawing's worked example solved: the letters alone, in its puzzle's squares."""
    cell = cell_size(puzzle, room, fit)
    _filled_letters(pen, puzzle, solution, cell, LETTER_SIZE * cell / CELL)


def _filled_letters(pen: Pen, puzzle: JSON, solution: JSON, cell: float, size: float) -> None:
    draw_squares(pen, solution["grid"], cell, _letters(solution["grid"]), size,
                 shaded=frozenset(_letters(puzzle["grid"])))


def draw_filled(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """A worked example solved, beside its puzzle: the grid filled in with its numbers, so that
    the reader finds each clue's word."""
    cell = cell_size(puzzle)
    square = _square(cell, NUMBER_SIZE)
    draw_squares(pen, solution["grid"], cell, _letters(solution["grid"]), square.letter_size,
                 numbers_of(slots_of(puzzle["grid"])), square.number_size,
                 shaded=frozenset(_letters(puzzle["grid"])), drop=square.drop,
                 number_y=square.number_y)
