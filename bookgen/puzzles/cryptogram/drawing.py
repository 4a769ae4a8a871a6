"""Drawing through the pen, as published cryptograms are set: each code letter with a box above
it to write its letter in (the given letters written there, their boxes grey), the signs between the words as
they are (a comma or full stop tight to the box before it, a ¿ to the box after it), words kept
whole across lines, and the author's line, plain, under the text. The
answer is the quotation in plain letters with its author.

Every function takes an optional `room` (width, height in mm, natural size): the page's frame
when the text at its letters' floor size is wider than that (large print on a narrow trim); the
lines then break to that width.
"""

from __future__ import annotations

from collections.abc import Callable

from bookgen.api import JSON
from bookgen.core.letters import alphabet
from bookgen.core.pen import THIN, Pen

LETTER_SIZE = 14
NUMBER_SIZE = 16          # digits in a text reach large print's floor for numbers with the letters
NUMBER_SIGNS = frozenset("0123456789.,/+-\u2212")
"""What the page takes for (a piece of) a number, held to the numbers' floor: bookgen.render.sizes."""
CLOSING = ",.;:!?…)]»”’'\""
OPENING = "¿¡([«“‘„"
"""Signs set tight to the code letter's box before them (a comma, a full stop: "R N ," read as
a word of its own) or after them (Spanish ¿ and ¡, an opening quote), in their columns."""
EM = LETTER_SIZE * 25.4 / 72
CELL = 6.4                # a code letter's column, mm (a box and a gap)
BOX = 5.6                 # holds a W at 14 pt (4.9 mm)
GIVEN_FILL = 0.88         # the grey of a given letter's box
SIGN = 0.45 * EM          # a sign's column (a comma, an apostrophe)
SPACE = 0.6 * EM          # between words
BOX_ROW = 6.6             # from a line's top to its code letters' middle, below the box
LINE = 15.0               # a line: the boxes, the code letters, and room under them
AUTHOR_GAP = 3.0
PLAIN_CHAR = 0.72 * EM    # a capital's width in the answer, with room to spare
PLAIN_LINE = 7.0
WIDTH = 120.0             # the natural width the text breaks to
ANSWER_WIDTH = 180.0
"""The natural width the answer's plain text breaks to: a US Letter or A4 page's frame at the
answers' floor in large print (plain letters at 14 pt); a narrower page narrows it to its frame
(the page narrows a type whose answers are wider than it), where the code breaks too."""
Room = tuple[float, float]
Placed = list[tuple[float, int, str]]  # a line: (x, index in the text, character)


def _coded(letters: frozenset[str]) -> Callable[[str], float]:
    """A character's column in the puzzle: a code letter's cell, or a sign's."""
    return lambda char: CELL if char in letters else SIGN


def _plain(char: str) -> float:
    """A character's width in the answer's plain text."""
    return PLAIN_CHAR


def lines(text: str, cost: Callable[[str], float], width: float) -> list[Placed]:
    """`text` broken into lines at most `width` mm wide, at spaces (a word longer than a line is
    cut where it must be), each character placed at its x (`cost`: its width)."""
    result: list[Placed] = [[]]
    x = 0.0
    index = 0
    for word in text.split(" "):
        size = sum(cost(char) for char in word)
        if result[-1] and x + SPACE + size > width + 1e-6:
            result.append([])
            x = 0.0
        elif result[-1]:
            x += SPACE
        for char in word:
            if x + cost(char) > width + 1e-6 and x > 0:
                result.append([])
                x = 0.0
            result[-1].append((x, index, char))
            x += cost(char)
            index += 1
        index += 1  # the space
    return result


def _right(line: Placed, cost: Callable[[str], float]) -> float:
    return max((x + cost(char) for x, _, char in line), default=0.0)


def _author(puzzle: JSON) -> str:
    return f"\u2014 {puzzle['author']}" if puzzle["author"] else ""


def _author_lines(puzzle: JSON) -> float:
    return AUTHOR_GAP + PLAIN_LINE if puzzle["author"] else 0.0


def measure(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    cost = _coded(alphabet(puzzle["language"]))
    placed = lines(puzzle["text"], cost, room[0] if room else WIDTH)
    width = max(max(_right(line, cost) for line in placed), len(_author(puzzle)) * PLAIN_CHAR)
    return width, len(placed) * LINE + _author_lines(puzzle)


def draw_puzzle(pen: Pen, puzzle: JSON, room: Room | None = None, block: float = 0.0) -> None:
    """The coded lines and the author under them, flush right with the longest line, or with
    the right edge of the `block` (mm) its page's quotations are set in, where that is wider."""
    letters, given = alphabet(puzzle["language"]), puzzle["given"]
    placed = lines(puzzle["text"], _coded(letters), room[0] if room else WIDTH)
    for number, line in enumerate(placed):
        top = number * LINE
        for place, (x, _index, char) in enumerate(line):
            if char in letters:
                pen.rect(x + (CELL - BOX) / 2, top, BOX, BOX, width=THIN,
                         fill=GIVEN_FILL if char in given else None)
                if char in given:
                    pen.text(x + CELL / 2, top + BOX / 2, given[char], LETTER_SIZE)
                pen.text(x + CELL / 2, top + BOX_ROW + EM / 2, char, LETTER_SIZE)
                continue
            size = NUMBER_SIZE if char in NUMBER_SIGNS else LETTER_SIZE
            y = top + BOX_ROW + EM / 2
            if char in CLOSING and _attached(line, place, letters, CLOSING, -1):
                pen.text(x - (CELL - BOX) / 2, y, char, size, align="left")  # at the box's edge
            elif char in OPENING and _attached(line, place, letters, OPENING, 1):
                pen.text(x + SIGN + (CELL - BOX) / 2, y, char, size, align="right")
            else:
                pen.text(x + SIGN / 2, y, char, size)
    width, height = measure(puzzle, room)
    _draw_author(pen, puzzle, (max(width, block), height))


def _attached(line: Placed, place: int, letters: frozenset[str], signs: str, step: int) -> bool:
    """Whether the sign at `place` in `line` touches a code letter, before it (`step` -1) or
    after it (1), no space between, across further signs of `signs` (the "?»" after a word)."""
    index, other = line[place][1], place + step
    while 0 <= other < len(line) and line[other][1] == index + step:
        if line[other][2] in letters:
            return True
        if line[other][2] not in signs:
            return False
        index, other = line[other][1], other + step
    return False


def _draw_author(pen: Pen, puzzle: JSON, size: tuple[float, float]) -> None:
    author = _author(puzzle)
    if author:
        pen.text(size[0], size[1] - PLAIN_LINE / 2, author, LETTER_SIZE, align="right")


def _answer_lines(puzzle: JSON, solution: JSON, room: Room | None) -> list[Placed]:
    """The quotation's plain lines, broken at the room's width or `ANSWER_WIDTH`, not at the
    code's: plain letters take less room than code letters under boxes, and the answer key has
    the page's width for them."""
    return lines(solution["text"], _plain, room[0] if room else ANSWER_WIDTH)


def measure_solution(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    """The answer's size: the quotation's plain lines (the code's text and the plain text are as
    long, so the puzzle's text stands for it), the author under them."""
    placed = _answer_lines(puzzle, {"text": puzzle["text"]}, room)
    width = max(max(_right(line, _plain) for line in placed), len(_author(puzzle)) * PLAIN_CHAR)
    return width, len(placed) * PLAIN_LINE + _author_lines(puzzle)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON, room: Room | None = None) -> None:
    text = solution["written"] if "written" in solution else solution["text"]
    for number, line in enumerate(_answer_lines(puzzle, solution, room)):
        first, last = line[0][1], line[-1][1]
        pen.text(0.0, (number + 0.5) * PLAIN_LINE, text[first:last + 1], LETTER_SIZE, align="left")
    _draw_author(pen, puzzle, measure_solution(puzzle, room))
