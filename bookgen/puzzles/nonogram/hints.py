"""Hints: the grader's steps in order, each told as the line it reads and the squares it paints.

Every step of the grader's path (`Found`) becomes a hint for its black squares and one for its
white ones (a hint fills its squares with one value: 1 black, 0 white), named by its line and
its step: "Row 4: a block of 7 in 10 squares always covers the middle 4: they are black". What the
grader cannot finish (a puzzle that needs trial and error) is told row by row from the answer,
and says so.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.i18n import _, ngettext
from bookgen.i18n.conjunctions import joined
from bookgen.puzzles.nonogram.grader import Found, deduce
from bookgen.puzzles.nonogram.lines import full
from bookgen.puzzles.nonogram.parameters import clue_texts
from bookgen.puzzles.nonogram.solver import Board, Known, board_for


def _line_name(board: Board, line: int) -> str:
    if line < board.rows:
        return _("Row {number}").format(number=line + 1)
    return _("Column {number}").format(number=line - board.rows + 1)


def _line_in_text(board: Board, line: int) -> str:
    """A line's name inside a sentence: "row 4"."""
    if line < board.rows:
        return _("row {number}").format(number=line + 1)
    return _("column {number}").format(number=line - board.rows + 1)


def _places(bits: int, length: int) -> list[str]:
    """The positions of a line's bits, counted from 1, runs of three or more as "4–7"."""
    spans, i = [], 0
    while i < length:
        if bits >> i & 1:
            end = i
            while end + 1 < length and bits >> (end + 1) & 1:
                end += 1
            spans += [f"{i + 1}\u2013{end + 1}"] if end - i >= 2 else [str(p + 1) for p in range(i, end + 1)]
            i = end + 1
        else:
            i += 1
    return spans


def _squares(board: Board, line: int, bits: int) -> str:
    """The squares of a line's bits by their places across it: "columns 4–7 and 9"."""
    places = joined(_places(bits, board.length(line)))
    count = bits.bit_count()
    if line < board.rows:
        # Translators: {places} lists positions along a row: "4–7 and 9"
        return ngettext("column {places}", "columns {places}", count).format(places=places)
    return ngettext("row {places}", "rows {places}", count).format(places=places)


def _clue(board: Board, line: int) -> str:
    """A line's clue as printed: "3 5", or "0"."""
    return " ".join(clue_texts(list(board.clue(line))))


def _overlap_why(board: Board, found: Found, known_black: int, black: bool) -> str:
    """Why the simple steps paint these squares of a line, given the blacks known before."""
    line, clue, length = found.line, board.clue(found.line), board.length(found.line)
    bits = found.black if black else found.white
    count = bits.bit_count()
    if not clue:
        return _("clue 0: all {count} squares are empty").format(count=count)
    if not black and known_black.bit_count() == sum(clue):
        return ngettext("its black squares already make up {clue}: the other {count} square, "
                        "{squares}, is empty",
                        "its black squares already make up {clue}: the other {count} squares, "
                        "{squares}, are empty", count).format(
            clue=_clue(board, line), count=count, squares=_squares(board, line, bits))
    if black and len(clue) == 1 and clue[0] == length:
        return _("a block of {length} fills the line: all {length} squares are black").format(length=length)
    if black and len(clue) == 1 and not known_black and not found.white and _middle(bits, length):
        return ngettext("a block of {length} in {size} squares always covers the middle {count} "
                        "square: it is black",
                        "a block of {length} in {size} squares always covers the middle {count}: "
                        "they are black", count).format(length=clue[0], size=length, count=count)
    if black:
        # Translators: {clue} is a line's clue as printed ("3 5"), {squares} the squares it
        # names ("columns 4–7 and 9"); the blocks slide between the squares marked empty
        if line < board.rows:
            return ngettext("the clue {clue}, pushed as far left and as far right as the empty "
                            "squares let it go, covers {squares} both ways: it is black",
                            "the clue {clue}, pushed as far left and as far right as the empty "
                            "squares let it go, covers {squares} both ways: they are black", count).format(
                clue=_clue(board, line), squares=_squares(board, line, bits))
        return ngettext("the clue {clue}, pushed as far up and as far down as the empty squares "
                        "let it go, covers {squares} both ways: it is black",
                        "the clue {clue}, pushed as far up and as far down as the empty squares "
                        "let it go, covers {squares} both ways: they are black", count).format(
            clue=_clue(board, line), squares=_squares(board, line, bits))
    return ngettext("no block of {clue} can reach {squares}: it is empty",
                    "no block of {clue} can reach {squares}: they are empty", count).format(
        clue=_clue(board, line), squares=_squares(board, line, bits))


def _middle(bits: int, length: int) -> bool:
    """Whether the bits are one run centred in the line (as a lone block's overlap is)."""
    low = (bits & -bits).bit_length() - 1
    high = bits.bit_length() - 1
    return bits == full(high - low + 1) << low and low == length - 1 - high


def _line_why(board: Board, found: Found, black: bool) -> str:
    bits = found.black if black else found.white
    count, clue = bits.bit_count(), _clue(board, found.line)
    squares = _squares(board, found.line, bits)
    if black:
        return ngettext("every way {clue} fits the squares known so far paints {squares} black",
                        "every way {clue} fits the squares known so far paints {squares} black",
                        count).format(clue=clue, squares=squares)
    return ngettext("no way {clue} fits the squares known so far paints {squares} black: it is "
                    "empty",
                    "no way {clue} fits the squares known so far paints {squares} black: they "
                    "are empty", count).format(clue=clue, squares=squares)


def _contradiction_why(board: Board, found: Found) -> tuple[str, str]:
    """(where, why) of a square found by assuming its other colour."""
    row, col = found.line, ((found.black | found.white).bit_length() - 1)
    where = _("Row {row}, column {column}").format(row=row + 1, column=col + 1)
    broken, clue = _line_in_text(board, found.broken), _clue(board, found.broken)
    if found.assumed_black:
        why = _("if it were black, following the lines, {line} would have no room for {clue}: it "
                "is empty")
    else:
        why = _("if it were empty, following the lines, {line} would have no room for {clue}: it "
                "is black")
    return where, why.format(line=broken, clue=clue)


def _cells(board: Board, line: int, bits: int) -> list[list[int]]:
    length = board.length(line)
    places = [i for i in range(length) if bits >> i & 1]
    if line < board.rows:
        return [[line, c] for c in places]
    return [[r, line - board.rows] for r in places]


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Each step of the grader's path as hints, black squares first, in its order; what the
    steps leave is given row by row from the one answer, as trial and error."""
    board = board_for(puzzle)
    state = deduce(board)["state"]
    known_black = [0] * board.lines  # the blacks of each line before each step, as a person sees
    told: list[JSON] = []
    for found in state.path:
        line = found.line
        if found.step == "contradiction":
            where, why = _contradiction_why(board, found)
            black = bool(found.black)
            told.append({"cells": _cells(board, line, found.black | found.white), "value": int(black),
                         "why": f"{where}: {why}"})
        else:
            name = _line_name(board, line)
            for black in (True, False):
                bits = found.black if black else found.white
                if not bits:
                    continue
                why = (_overlap_why(board, found, known_black[line], black) if found.step == "overlap"
                       else _line_why(board, found, black))
                told.append({"cells": _cells(board, line, bits), "value": int(black),
                             "why": f"{name}: {why}"})
        for r, c in _cells(board, line, found.black):
            known_black[r] |= 1 << c
            known_black[board.rows + c] |= 1 << r
    told += _guessed(board, state.known, solution)
    return told


def _guessed(board: Board, known: Known, solution: JSON) -> list[JSON]:
    """The squares the steps leave, row by row, from the answer."""
    grid = solution["grid"]
    told = []
    for row in range(board.rows):
        open_bits = known.unknown(row, board.cols)
        if not open_bits:
            continue
        blacks = sum(grid[row][c] << c for c in range(board.cols) if open_bits >> c & 1)
        for black, bits in ((True, blacks), (False, open_bits & ~blacks)):
            if not bits:
                continue
            said = (_("trial and error: of the squares the lines leave open, the one answer "
                      "paints {squares} black") if black else
                    _("trial and error: of the squares the lines leave open, the one answer "
                      "leaves {squares} empty"))
            why = said.format(squares=_squares(board, row, bits))
            told.append({"cells": _cells(board, row, bits), "value": int(black),
                         "why": f"{_line_name(board, row)}: {why}"})
    return told


def given_answer(puzzle: JSON) -> JSON:
    """The answer's grid before any square is painted (None: unknown): hints fill it."""
    return {"grid": [[None] * puzzle["cols"] for _ in range(puzzle["rows"])]}
