"""Drawing through the pen: a numbered list, each scramble followed by a row of boxes to write its
word in; at easy the first box holds the first letter in grey, and a box of `shown` its letter,
grey as well. The scrambles and the answers write their letters as the language writes the word
(CÀTIT for CITTÀ, PAPÀ: the puzzle's and the solution's "written"), so the letters given are the
letters asked for. The answer is the
numbered list of the words alone (the key stays short: in large
print a list of boxes is taller than the key's first page leaves under its heading).

Every function takes an optional `room` (width, height in mm, natural size): the page's frame
when the list at its letters' floor size is wider than that (large print on a narrow trim, long
words). Each row of boxes then goes under its scramble instead of beside it, in every list of
the section alike, and its boxes narrow as far as `LEAST_BOX` to fit the room.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.pen import THIN, Pen
from bookgen.puzzles.scramble.parameters import EMPTY, written_boxes, written_scrambles

LETTER_SIZE = 14
NUMBER_SIZE = 16              # the numbers reach large print's floor for numbers with the letters
EM = LETTER_SIZE * 25.4 / 72   # mm
LETTER = 0.8 * EM             # a capital's width, mm, with room to spare (W is 1.0 em, I 0.3)
NUMBER = 2.6 * NUMBER_SIZE * 25.4 / 72  # the column of numbers ("12."), a space after it
GAP = 4.0                     # between a scramble and its boxes
BOX = 7.0
LEAST_BOX = 1.2 * EM          # the narrowest box that still holds a letter apart from the next
LINE = 8.0                    # a row of the list, scramble and boxes side by side: a box's side and
                              # 1 mm (3 mm took the room large print's rules and example leave)
TEXT_LINE = 7.0               # the line of a scramble over its boxes, or of a word in the answer
ITEM_GAP = 2.0                # under a scramble's boxes, over the next scramble
COMFORT_SHARE = 0.75
"""The share of a layout's comfortable scale a list aims for (`PuzzleType.comfort_share`): its
letters print at 14 pt at natural size, so at 0.825 on 6x9 (two lists to a page) they still
print at 11.5 pt, larger than the body, where the layout's 1.1 set one list on each page."""
Room = tuple[float, float]


def _scramble_width(puzzle: JSON) -> float:
    return max(len(s) for s in puzzle["scrambles"]) * LETTER


def _boxes_width(puzzle: JSON, room: Room | None = None) -> float:
    return max(len(s) for s in puzzle["scrambles"]) * box_size(puzzle, room)


def box_size(puzzle: JSON, room: Room | None) -> float:
    """A box's side, mm: `BOX`, or narrower under a scramble (not under `LEAST_BOX`) so that the
    longest word's boxes fit the room, and the list its height."""
    if room is None:
        return BOX
    wide = (room[0] - NUMBER) / max(len(s) for s in puzzle["scrambles"])
    tall = room[1] / len(puzzle["scrambles"]) - TEXT_LINE - ITEM_GAP
    return max(LEAST_BOX, min(BOX, wide, tall))


def _item(puzzle: JSON, room: Room | None) -> float:
    """The height of one scramble with its boxes, mm."""
    return TEXT_LINE + box_size(puzzle, room) + ITEM_GAP if room is not None else LINE


def measure(puzzle: JSON, room: Room | None = None) -> tuple[float, float]:
    height = len(puzzle["scrambles"]) * _item(puzzle, room)
    if room is not None:  # each row of boxes under its scramble (the module's docstring)
        return NUMBER + max(_scramble_width(puzzle), _boxes_width(puzzle, room)), height
    return NUMBER + _scramble_width(puzzle) + GAP + _boxes_width(puzzle), height


def _number(pen: Pen, index: int, middle: float) -> None:
    pen.text(NUMBER - 0.6 * EM, middle, f"{index + 1}.", NUMBER_SIZE, align="right")


def draw_puzzle(pen: Pen, puzzle: JSON, room: Room | None = None) -> None:
    _draw_list(pen, puzzle, None, room)


def written_words(solution: JSON) -> list[str]:
    """The answers as the language writes them, a letter a box: PAPÀ where the scramble's letters
    are the grid's plain AAPP (the solution's "written"), else the word."""
    written = solution.get("written", {})
    return [written.get(word, word) for word in solution["words"]]


def draw_filled(pen: Pen, puzzle: JSON, solution: JSON, room: Room | None = None) -> None:
    """The list as a person leaves it solved, each word written in its boxes, with its marks: the
    section's worked example (the key prints the words alone, which shown alone teach nothing)."""
    _draw_list(pen, puzzle, written_words(solution), room)


def _draw_list(pen: Pen, puzzle: JSON, words: list[str] | None, room: Room | None) -> None:
    """The numbered scrambles with their boxes, empty (but the first letter, at easy, and the
    letters of `shown`, in grey) or holding `words`."""
    below, box, item = room is not None, box_size(puzzle, room), _item(puzzle, room)
    left = NUMBER if below else NUMBER + _scramble_width(puzzle) + GAP
    middle = TEXT_LINE / 2 if below else LINE / 2
    printed = written_boxes(puzzle)
    for index, scramble in enumerate(written_scrambles(puzzle)):
        top = index * item
        _number(pen, index, top + middle)
        pen.text(NUMBER, top + middle, scramble, LETTER_SIZE, align="left")
        box_top = top + TEXT_LINE if below else top + (LINE - box) / 2
        for place in range(len(scramble)):
            pen.rect(left + place * box, box_top, box, box, width=THIN)
        if words is not None:
            for place, letter in enumerate(words[index]):
                pen.text(left + (place + 0.5) * box, box_top + box / 2, letter, LETTER_SIZE)
        else:
            for place, letter in enumerate(printed[index]):
                if letter != EMPTY:
                    pen.text(left + (place + 0.5) * box, box_top + box / 2, letter, LETTER_SIZE,
                             grey=0.45)


def measure_solution(puzzle: JSON) -> tuple[float, float]:
    return NUMBER + _scramble_width(puzzle), len(puzzle["scrambles"]) * TEXT_LINE


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """The words, numbered as their scrambles are, as the language writes them (PAPÀ, CAFÈ)."""
    for index, word in enumerate(written_words(solution)):
        _number(pen, index, (index + 0.5) * TEXT_LINE)
        pen.text(NUMBER, (index + 0.5) * TEXT_LINE, word, LETTER_SIZE, align="left")
