"""Drawing through the pen: a dealt theme's name over the grid (`theme: all`), the grid of
letters (a shaped grid outlined along its shape), the word list below it in columns (sorted as the
language's dictionaries sort; a children's list with a box to tick before each word), the blanks
of a hidden message, and in the answer (in squares as tight as its letters allow, without the
list) a rounded outline along each word and the message written in; a worked example's solved
drawing keeps the list, its boxes ticked.

The puzzle's functions take an optional `room` (width, height in mm, natural size): the page's frame
when the grid at its letters' floor size is wider than that (large print on a narrow trim). The
squares then shrink around letters of the same size, down to `LEAST_CELL`, until the grid is as
wide as the room and the grid and its list as tall, and the list runs across the room.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, THIN, Pen, Point, estimated_width
from bookgen.i18n import N_, _
from bookgen.puzzles.wordsearch.parameters import HOLE, STEPS, listed, shown, theme_heading

CELL = 8.0            # square side, mm
LETTER_SIZE = 14
WORD_SIZE = LETTER_SIZE  # the list as large as the grid: large print needs both at its floor
CHILDREN_CELL = 11.0  # a children's grid: larger squares and letters
CHILDREN_LETTER = 20
LINE = 7.0            # a line of the word list, mm
GAP = 5.0             # between the grid and the list
COLUMN_GAP = 6.0
BOX = 3.6             # a box to tick before a word of a children's list, mm
BOX_GAP = 2.0
BLANK = 5.0           # a hidden message's blank for one letter, mm (its line 1 mm shorter)
WORD_GAP = 3.0        # between the blanks of two words of the message
OUTLINE = 0.38        # the answer outline's half width, as a share of a square
Room = tuple[float, float]  # width and height, mm
LEAST_CELL = 1.2 * LETTER_SIZE * 25.4 / 72
"""The tightest square, mm, that still holds a letter apart from its neighbours (1.2 em: the
widest capitals, W and M, are about 1 em wide): 5.9 mm against the 8 mm the grid takes when
it has room."""

# Translators: above the blanks where a word search's leftover letters spell a message.
MESSAGE = N_("Hidden message:")


def _children(puzzle: JSON) -> bool:
    return bool(puzzle.get("children"))


def cell_size(puzzle: JSON, room: Room | None = None) -> float:
    """The side of a square, mm: `CELL` (a children's grid's larger one), or less (not under
    `LEAST_CELL`) so that the drawing fits `room`: the grid as wide, and the grid with the list
    below it as tall."""
    largest = CHILDREN_CELL if _children(puzzle) else CELL
    if room is None:
        return largest
    rows, cols = len(puzzle["grid"]), len(puzzle["grid"][0])
    below = _heading(puzzle) + GAP + (_columns(puzzle, room)[2] + _message_lines(puzzle, room[0])) * LINE
    return max(LEAST_CELL, min(largest, room[0] / cols, (room[1] - below) / rows))


def answer_cell(puzzle: JSON) -> float:
    """An answer's square, mm: the tightest that holds its letters apart (`LEAST_CELL`, a
    children's grid's as much larger as its letters), whatever room its puzzle had. The answer
    is read, not searched: at the puzzle's 8 mm squares a large-print answer took half a Letter
    page's width, so two stood side by side only where the grid was narrow."""
    return LEAST_CELL * _letter_size(puzzle) / LETTER_SIZE


def _heading(puzzle: JSON) -> float:
    """The room a dealt theme's name takes over the grid (`theme: all`), mm: a line, or none."""
    return LINE if "theme" in puzzle else 0.0


def _draw_heading(pen: Pen, puzzle: JSON) -> None:
    if "theme" in puzzle:
        pen.text(0, LINE * 0.4, theme_heading(puzzle["theme"]), WORD_SIZE, bold=True, align="left")


def _letter_size(puzzle: JSON) -> float:
    return CHILDREN_LETTER if _children(puzzle) else LETTER_SIZE


def _box(puzzle: JSON) -> float:
    """The room a box to tick takes before each word of the list (a children's list only)."""
    return BOX + BOX_GAP if _children(puzzle) else 0.0


def _columns(puzzle: JSON, room: Room | None = None) -> tuple[int, float, int]:
    """How many columns the list takes, each column's width and the lines in a column: under the
    grid, or narrowed across the room's width, where the last column needs no gap after it (the
    others keep at least half of COLUMN_GAP), so that the list takes fewer lines."""
    grid_width = len(puzzle["grid"][0]) * cell_size(puzzle) if room is None else room[0]
    width, spare = (grid_width, 0.0) if room is None else (room[0], COLUMN_GAP)
    widest = _widest_word(puzzle) + COLUMN_GAP
    columns = max(1, min(len(puzzle["words"]), int((width + spare) // widest)))
    return columns, width / columns, math.ceil(len(puzzle["words"]) / columns)


def _widest_word(puzzle: JSON) -> float:
    return max(estimated_width(term, WORD_SIZE) for term in shown(puzzle).values()) + _box(puzzle)


@dataclass(frozen=True)
class Blanks:
    """A hidden message's blanks laid out in lines: each line's words (their indexes in the
    message) and where each word's first blank starts."""

    lines: tuple[tuple[tuple[int, float], ...], ...]


def _blanks(puzzle: JSON, width: float) -> Blanks:
    """The message's words of blanks, as many to a line as `width` takes (a word longer than a
    line takes a line of its own)."""
    lines: list[list[tuple[int, float]]] = [[]]
    x = 0.0
    for index, length in enumerate(puzzle.get("message_lengths", ())):
        span = length * BLANK
        if lines[-1] and x + span > width:
            lines.append([])
            x = 0.0
        lines[-1].append((index, x))
        x += span + WORD_GAP
    return Blanks(tuple(tuple(line) for line in lines if line))


def _message_lines(puzzle: JSON, width: float) -> int:
    """Lines a hidden message takes below the list: its heading and its blanks."""
    if "message_lengths" not in puzzle:
        return 0
    return 1 + len(_blanks(puzzle, width).lines)


def _width(puzzle: JSON, room: Room | None) -> float:
    """The width the list and the message run across: the grid's, or the room's."""
    return len(puzzle["grid"][0]) * cell_size(puzzle, room) if room is None else room[0]


def measure(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    grid, cell = puzzle["grid"], cell_size(puzzle, room)
    columns, column_width, lines = _columns(puzzle, room)
    widest = max(len(grid[0]) * cell, columns * column_width, _widest_word(puzzle))
    lines += _message_lines(puzzle, _width(puzzle, room))
    if "message_lengths" in puzzle:
        widest = max(widest, estimated_width(_(MESSAGE), WORD_SIZE),
                     max(puzzle["message_lengths"]) * BLANK)
    return max(widest, _heading_width(puzzle)), _heading(puzzle) + len(grid) * cell + GAP + lines * LINE


def _heading_width(puzzle: JSON) -> float:
    return estimated_width(theme_heading(puzzle["theme"]), WORD_SIZE) if "theme" in puzzle else 0.0


def measure_answer(puzzle: JSON) -> tuple[float, float]:
    """The answer's size (`draw_solution`): the grid in its tightest squares under a dealt
    theme's name and, where it hides a message, the message written in below it."""
    grid, cell = puzzle["grid"], answer_cell(puzzle)
    width = max(len(grid[0]) * cell, _heading_width(puzzle))
    height = _heading(puzzle) + len(grid) * cell
    if "message_lengths" not in puzzle:
        return width, height
    width = max(width, estimated_width(_(MESSAGE), WORD_SIZE), max(puzzle["message_lengths"]) * BLANK)
    return width, height + GAP + _message_lines(puzzle, len(grid[0]) * cell) * LINE


def draw_puzzle(pen: Pen, puzzle: JSON, room: Room | None = None, with_list: bool = True,
                solution: JSON | None = None, cell: float | None = None) -> None:
    """A dealt theme's name, the grid (in squares of side `cell`, else `cell_size`'s), the list
    unless `with_list` is false, and the message's blanks (with the `solution`, the boxes ticked
    and the message written in)."""
    grid, head = puzzle["grid"], _heading(puzzle)
    cell = cell or cell_size(puzzle, room)
    rows, cols = len(grid), len(grid[0])
    _draw_heading(pen, puzzle)
    if any(HOLE in row for row in grid):
        _outline(pen, grid, cell, head)
    else:
        pen.rect(0, head, cols * cell, rows * cell, width=MEDIUM)
    size = _letter_size(puzzle)
    for r, row in enumerate(grid):
        for c, letter in enumerate(row):
            if letter != HOLE:
                pen.text((c + 0.5) * cell, head + (r + 0.5) * cell, letter, size)
    columns, column_width, lines = _columns(puzzle, room) if with_list else (1, 0.0, 0)
    top = head + rows * cell + GAP + LINE / 2
    terms, box = shown(puzzle), _box(puzzle)
    for index, word in enumerate(listed(puzzle) if with_list else ()):
        column, line = divmod(index, lines)
        x, y = column * column_width, top + line * LINE
        if box:
            pen.rect(x, y - BOX / 2, BOX, BOX, width=THIN)
            if solution is not None:
                pen.polyline(_tick(x, y), width=MEDIUM)
        pen.text(x + box, y, terms[word], WORD_SIZE, align="left")
    if "message_lengths" in puzzle:
        width = _width(puzzle, room) if with_list else cols * cell
        _draw_message(pen, puzzle, top + lines * LINE, width, solution)


def _tick(x: float, y: float) -> list[Point]:
    """A tick in the box whose left edge is at x, its middle at y."""
    return [(x + 0.2 * BOX, y), (x + 0.45 * BOX, y + 0.3 * BOX), (x + 0.95 * BOX, y - 0.45 * BOX)]


def _draw_message(pen: Pen, puzzle: JSON, top: float, width: float, solution: JSON | None) -> None:
    """The heading, then each word of the message as a row of blanks (the answer writes each
    word over its blanks, its punctuation kept)."""
    pen.text(0, top, _(MESSAGE), WORD_SIZE, align="left")
    said = _spoken_words(solution["message"]) if solution is not None else []
    for number, line in enumerate(_blanks(puzzle, width).lines, 1):
        y = top + number * LINE
        for index, x in line:
            length = puzzle["message_lengths"][index]
            if index < len(said):
                pen.text(x, y, said[index], WORD_SIZE, bold=True, align="left")
                continue
            for letter in range(length):
                start = x + letter * BLANK
                pen.line(start, y + LINE * 0.3, start + BLANK - 1.0, y + LINE * 0.3, width=THIN)


def _spoken_words(phrase: str) -> list[str]:
    """The message's words as the answer writes them (a part without letters, a dash, left out:
    it has no blanks)."""
    return [part.upper() for part in phrase.split() if any(char.isalpha() for char in part)]


def _outline(pen: Pen, grid: list[str], cell: float, top: float) -> None:
    """The edge of a shaped grid `top` mm down: every side a square shares with a hole or the
    outside, joined into straight runs."""
    rows, cols = len(grid), len(grid[0])

    def inside(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and grid[r][c] != HOLE

    for r in range(rows + 1):  # the sides between row r - 1 and row r
        run = None
        for c in range(cols + 1):
            edge = c < cols and inside(r - 1, c) != inside(r, c)
            if edge and run is None:
                run = c
            elif not edge and run is not None:
                pen.line(run * cell, top + r * cell, c * cell, top + r * cell, width=MEDIUM)
                run = None
    for c in range(cols + 1):  # the sides between column c - 1 and column c
        run = None
        for r in range(rows + 1):
            edge = r < rows and inside(r, c - 1) != inside(r, c)
            if edge and run is None:
                run = r
            elif not edge and run is not None:
                pen.line(c * cell, top + run * cell, c * cell, top + r * cell, width=MEDIUM)
                run = None


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """The answer: each word shaded under its letters and outlined over them, in the tightest
    squares (`answer_cell`), and a hidden message written in. The list is left out (the outlines
    show the words): printed again under every answer, it made a large-print answer half a
    Letter page tall, and most answer pages held one."""
    _draw_solved(pen, puzzle, solution, None, answer_cell(puzzle), with_list=False)


def draw_filled(pen: Pen, puzzle: JSON, solution: JSON, room: Room | None = None) -> None:
    """A worked example solved, beside its puzzle: drawn as the puzzle is, its words outlined
    and its list ticked."""
    _draw_solved(pen, puzzle, solution, room, cell_size(puzzle, room), with_list=True)


def _draw_solved(pen: Pen, puzzle: JSON, solution: JSON, room: Room | None, cell: float,
                 with_list: bool) -> None:
    head = _heading(puzzle)
    outlines = [capsule(*_ends(place, cell, head), OUTLINE * cell) for place in solution["placements"]]
    for outline in outlines:
        pen.polygon(outline, width=THIN, fill=0.85, stroke=False)
    draw_puzzle(pen, puzzle, room, with_list, solution, cell)
    for outline in outlines:
        pen.polygon(outline, width=MEDIUM)


def _ends(place: JSON, cell: float, top: float) -> tuple[Point, Point]:
    """The centres of a placed word's first and last squares, the grid `top` mm down."""
    d_row, d_col = STEPS[place["direction"]]
    last = len(place["word"]) - 1
    return (((place["col"] + 0.5) * cell, top + (place["row"] + 0.5) * cell),
            ((place["col"] + last * d_col + 0.5) * cell, top + (place["row"] + last * d_row + 0.5) * cell))


def capsule(start: Point, end: Point, radius: float, steps: int = 8) -> list[Point]:
    """A rounded outline around the segment start-end: a half circle at each end."""
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    points = []
    for centre, turn in ((end, -math.pi / 2), (start, math.pi / 2)):
        for i in range(steps + 1):
            a = angle + turn + math.pi * i / steps
            points.append((centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)))
    return points
