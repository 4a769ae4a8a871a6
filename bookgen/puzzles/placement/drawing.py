"""Drawing through the pen: the row of boxes and signs, the pool of numbers (fractions stacked), the
answer's filled row, and the worked example's solved puzzle (the row filled, the pool crossed off).
"""

from __future__ import annotations

from dataclasses import dataclass

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, THIN, Pen
from bookgen.i18n import _, current, ngettext
from bookgen.puzzles.placement.numbers import MINUS, shown

# Long chains wrap: a row holds at most WRAP boxes (fewer where the page asks for a narrower
# drawing: `narrowed`), and the sign at a break is printed at the end of one line and again at
# the start of the next, as a broken formula repeats its operator. The pool below wraps too, its
# tokens spaced by the widest number. Every number is fitted to its room by the pen's own font
# metrics, so none leaves its box however long (a bank may hold "-12.375").

BOX = 13.0
GAP = 6.5
NARROW_GAP = 5.4  # a chain wrapped to a narrow page: the sign (4.1 mm at SIGN_PT) and 0.6 mm each side
LINE_GAP = 4.0  # between the lines of a wrapped chain
POOL_GAP = 5.0
TOKEN = 11.0  # the least distance between the centres of two pool numbers
TOKEN_PAD = 2.5  # the least clear space between two pool numbers
BOX_PAD = 1.6  # the least clear space between a number and its box's sides
WRAP = 7  # the most boxes on one line: a hard chain of 8 to 10 boxes takes two lines
BOX_PT, SIGN_PT = 12.0, 14.0
POOL_PT = BOX_PT  # the numbers to place print as they will in their boxes
FRACTION = 0.85  # a fraction's numerator and denominator, relative to the number's size
EM = 0.64  # DejaVu's digits per point of size (a little over), for spacing before any pen
EM_OF = {".": 0.32, ",": 0.32, MINUS: 0.84}
BOLD = 1.1  # DejaVu's bold digits are up to a tenth wider than its regular ones
STACK = 0.21  # mm per point: a fraction's numerator sits this far above its bar, its denominator below
DIGIT_HEIGHT = 0.73 * 25.4 / 72  # mm per point: DejaVu's digit height


def _lines(count: int, most: int) -> list[int]:
    """count items in as few lines of at most `most` as possible, the lines as even as can be."""
    lines = -(-count // most)
    return [count // lines + (1 if i < count % lines else 0) for i in range(lines)]


def _estimate(text: str, size: float) -> float:
    """Width in mm of a number at `size` points before a pen is at hand (for spacing only)."""
    def run(chars: str) -> float:
        return sum(EM_OF.get(c, EM) for c in chars) * size * 25.4 / 72

    if "/" in text:
        num, den = text.lstrip("-").split("/")
        sign = run(MINUS) + 0.3 if text.startswith("-") else 0.0
        return sign + max(run(num), run(den)) * FRACTION + 0.8
    return run(shown(text))


def _number_width(pen: Pen, text: str, size: float, bold: bool) -> float:
    if "/" not in text:
        return pen.text_width(shown(text), size, bold)
    sign = pen.text_width(MINUS, size, bold) + 0.3 if text.startswith("-") else 0.0
    num, den = text.lstrip("-").split("/")
    small = size * FRACTION
    return sign + max(pen.text_width(num, small, bold), pen.text_width(den, small, bold)) + 0.8


def _draw_number(pen: Pen, x: float, y: float, text: str, size: float, bold: bool,
                 room: float) -> None:
    """A number centred at (x, y), at most `room` mm wide, with a true minus sign; fractions
    stacked with a bar, the sign before them."""
    width = _number_width(pen, text, size, bold)
    if width > room:
        size, width = size * room / width, room
    if "/" not in text:
        pen.text(x, y, shown(text), size, bold=bold)
        return
    left = x - width / 2
    if text.startswith("-"):
        sign = pen.text_width(MINUS, size, bold)
        pen.text(left + sign / 2, y, MINUS, size, bold=bold)
        left += sign + 0.3
    num, den = text.lstrip("-").split("/")
    small = size * FRACTION
    bar = max(pen.text_width(num, small, bold), pen.text_width(den, small, bold)) + 0.8
    cx = left + bar / 2
    pen.text(cx, y - small * STACK, num, small, bold=bold)
    pen.line(cx - bar / 2, y, cx + bar / 2, y, width=0.25)
    pen.text(cx, y + small * STACK, den, small, bold=bold)


def _most_boxes(puzzle: JSON, width: float | None) -> int:
    """The most boxes on one line: WRAP, or as many as keep a line (a sign before and after it)
    within `width` mm, at least one."""
    if width is None:
        return WRAP
    box, gap = _box_width(puzzle), _gap(width)
    return max(1, min(WRAP, int((width - gap) // (box + gap))))


def _gap(width: float | None) -> float:
    """The room for a sign between two boxes: closer where the chain wraps to a narrow page."""
    return GAP if width is None else NARROW_GAP


def _row_lines(puzzle: JSON, width: float | None = None) -> list[list[int]]:
    """The boxes of each line of the chain, `width` mm wide at most (None: WRAP boxes a line)."""
    lines, first = [], 0
    for count in _lines(len(puzzle["numbers"]), _most_boxes(puzzle, width)):
        lines.append(list(range(first, first + count)))
        first += count
    return lines


def _box_width(puzzle: JSON) -> float:
    """The width of the chain's boxes: BOX, or wider where the widest number needs it, so that
    every number prints at BOX_PT (the drawing grows with its text, the text never shrinks)."""
    return max(BOX, max(_estimate(t, BOX_PT) for t in puzzle["numbers"]) * BOLD + 2 * BOX_PAD)


def _box_x(line: int, place: int, box: float, gap: float) -> float:
    """Left edge of the box at `place` on `line`, boxes `box` wide: lines after the first open
    with their sign."""
    return (gap if line else 0.0) + place * (box + gap)


def _rows_size(puzzle: JSON, width: float | None) -> tuple[float, float]:
    lines, box, gap = _row_lines(puzzle, width), _box_width(puzzle), _gap(width)
    drawn = max(_box_x(i, len(boxes) - 1, box, gap) + box + (gap if i < len(lines) - 1 else 0.0)
                for i, boxes in enumerate(lines))
    return drawn, len(lines) * BOX + (len(lines) - 1) * LINE_GAP


def _pool(puzzle: JSON) -> list[str]:
    return [n for n in puzzle["numbers"] if n not in puzzle.get("givens", {}).values()]


@dataclass(frozen=True)
class Token:
    """A pool number as printed: its centre x, its line, and the room it may fill."""

    x: float
    line: int
    room: float
    text: str


def _pool_layout(puzzle: JSON, width: float | None) -> tuple[float, list[Token]]:
    """The pool's width and its numbers, each spaced by its own width: on one line, or on as few
    lines as keep each line within the chain (or within `width`, where the chain wraps to it),
    every line centred."""
    pool = _pool(puzzle)
    row_width = _rows_size(puzzle, width)[0]
    if not pool:
        return row_width, []
    widths = [max(TOKEN, _estimate(text, POOL_PT) + TOKEN_PAD) for text in pool]
    room = max(row_width, width or 0.0) - 8  # a wrapped chain's pool may take the page's width
    room = max(room, max(widths))
    for lines in range(1, len(pool) + 1):
        counts = _lines(len(pool), -(-len(pool) // lines))
        starts = [sum(counts[:i]) for i in range(len(counts))]
        if all(sum(widths[a:a + n]) <= room for a, n in zip(starts, counts)):
            break
    drawn = max(row_width, max(sum(widths[a:a + n]) for a, n in zip(starts, counts)) + 8)
    tokens = []
    for line, (a, n) in enumerate(zip(starts, counts)):
        x = (drawn - sum(widths[a:a + n])) / 2
        for text, w in zip(pool[a:a + n], widths[a:a + n]):
            tokens.append(Token(x + w / 2, line, w - TOKEN_PAD, text))
            x += w
    return drawn, tokens


def _pool_lines(tokens: list[Token]) -> int:
    return max((t.line for t in tokens), default=-1) + 1


def measure(puzzle: JSON, width: float | None = None) -> tuple[float, float]:
    row_height = _rows_size(puzzle, width)[1]
    drawn, tokens = _pool_layout(puzzle, width)
    return drawn, row_height + POOL_GAP + max(1, _pool_lines(tokens)) * TOKEN + 2


def _draw_row(pen: Pen, puzzle: JSON, filled: dict[int, tuple[str, bool]],
              width: float | None) -> None:
    signs = puzzle["signs"]
    lines, wide, gap = _row_lines(puzzle, width), _box_width(puzzle), _gap(width)
    for line, boxes in enumerate(lines):
        y = line * (BOX + LINE_GAP)
        if line:
            pen.text(gap / 2, y + BOX / 2, signs[boxes[0] - 1], SIGN_PT, bold=True)
        for place, box in enumerate(boxes):
            x = _box_x(line, place, wide, gap)
            pen.rect(x, y, wide, BOX, width=MEDIUM)
            if box in filled:
                text, bold = filled[box]
                _draw_number(pen, x + wide / 2, y + BOX / 2, text, BOX_PT, bold, wide - 2 * BOX_PAD)
            if box < len(signs):
                pen.text(x + wide + gap / 2, y + BOX / 2, signs[box], SIGN_PT, bold=True)


def _draw_pool(pen: Pen, puzzle: JSON, width: float | None, used: bool) -> None:
    """The pool's box and numbers below the chain; `used`: each number crossed off with a
    slash, as a person marks what they have placed (a slash, not a line across, which a
    fraction's bar would hide)."""
    drawn, tokens = _pool_layout(puzzle, width)
    top = _rows_size(puzzle, width)[1] + POOL_GAP
    pen.rect(0, top, drawn, max(1, _pool_lines(tokens)) * TOKEN + 2, width=THIN, radius=2.0)
    for token in tokens:
        y = top + 1 + (token.line + 0.5) * TOKEN
        _draw_number(pen, token.x, y, token.text, POOL_PT, False, token.room)
        if used:
            half = min(token.room, _number_width(pen, token.text, POOL_PT, False)) / 2 + 0.6
            rise = _text_height(token.text, POOL_PT) / 2 + 0.6
            pen.line(token.x - half, y + rise, token.x + half, y - rise, width=MEDIUM)


def draw_puzzle(pen: Pen, puzzle: JSON, width: float | None = None) -> None:
    givens = {int(i): (t, True) for i, t in puzzle.get("givens", {}).items()}
    _draw_row(pen, puzzle, givens, width)
    _draw_pool(pen, puzzle, width, used=False)


def draw_filled(pen: Pen, puzzle: JSON, solution: JSON, width: float | None = None) -> None:
    """The puzzle as a person leaves it solved, for a section's worked example: every box
    filled (pre-filled numbers bold, as printed), the pool's numbers crossed off."""
    given = {int(i) for i in puzzle.get("givens", {})}
    _draw_row(pen, puzzle, {box: (text, box in given) for box, text in enumerate(solution["order"])},
              width)
    _draw_pool(pen, puzzle, width, used=True)


ANSWER_SIGN = 4.5  # mm between two boxes of an answer, for the sign
ANSWER_BOX = 7.0  # mm: the height of an answer's boxes (taller where a fraction needs it)
ANSWER_PAD = 0.6  # mm at least between a number and its answer box's sides
ANSWER_LINE_GAP = 2.0  # mm between the lines of an answer


def _answer_slot(puzzle: JSON) -> float:
    """The width of each box of an answer: the widest number's, so answers line up."""
    return max(_estimate(text, BOX_PT) for text in puzzle["numbers"]) * BOLD + 2 * ANSWER_PAD


def _text_height(text: str, size: float) -> float:
    """How tall a number prints, mm: a digit's height, or a stacked fraction's."""
    return size * FRACTION * (2 * STACK + DIGIT_HEIGHT) if "/" in text else size * DIGIT_HEIGHT


def _answer_box(puzzle: JSON) -> float:
    """The height of an answer's boxes: ANSWER_BOX, or a stacked fraction's height and its
    padding, so the box grows with its text."""
    if not any("/" in text for text in puzzle["numbers"]):
        return ANSWER_BOX
    return max(ANSWER_BOX, _text_height("1/2", BOX_PT) + 2 * ANSWER_PAD)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON, width: float | None = None) -> None:
    """The chain filled in, its boxes as narrow as the widest number allows (half the puzzle's
    width, so answers stand in columns); pre-filled numbers bold; long chains wrap as the
    puzzle's do."""
    given = {int(i) for i in puzzle.get("givens", {})}
    signs, slot, box_height = puzzle["signs"], _answer_slot(puzzle), _answer_box(puzzle)
    for line, boxes in enumerate(_row_lines(puzzle, width)):
        top = line * (box_height + ANSWER_LINE_GAP)
        y = top + box_height / 2
        x = ANSWER_SIGN if line else 0.0
        if line:
            pen.text(ANSWER_SIGN / 2, y, signs[boxes[0] - 1], BOX_PT, bold=True)
        for box in boxes:
            pen.rect(x, top, slot, box_height, width=THIN)
            _draw_number(pen, x + slot / 2, y, solution["order"][box], BOX_PT, box in given,
                         slot - ANSWER_PAD)
            if box < len(signs):
                pen.text(x + slot + ANSWER_SIGN / 2, y, signs[box], BOX_PT, bold=True)
            x += slot + ANSWER_SIGN


def measure_solution(puzzle: JSON, width: float | None = None) -> tuple[float, float]:
    lines, slot = _row_lines(puzzle, width), _answer_slot(puzzle)
    last = len(lines) - 1  # lines after the first open with a sign, lines before the last end with one
    drawn = max(len(boxes) * slot + (len(boxes) - 1 + (i > 0) + (i < last)) * ANSWER_SIGN
                for i, boxes in enumerate(lines))
    box_height = _answer_box(puzzle)
    return drawn, (len(lines) - 1) * (box_height + ANSWER_LINE_GAP) + box_height


def answer_note(puzzle: JSON, solution: JSON, count: int) -> str:
    if count == 1:
        return _("the only arrangement")
    # the rules say any order keeping the signs is right
    return ngettext("one of {count} right order", "one of {count} right orders", count).format(
        count=current().number(count))
