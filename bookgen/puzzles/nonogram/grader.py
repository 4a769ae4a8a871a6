"""The grader: a person's steps, simplest first, and the grade they add up to.

A person solving a nonogram goes over the lines again and again, one line at a time. The steps,
simplest first (the ranks of `DEDUCTIONS`):

0. overlap: a sweep over every row and column with the simple steps (`lines.overlap`): slide
   the blocks as far as the white squares let them both ways; squares one block covers both ways
   are black, squares no block reaches are white; a line whose blacks make up its clue is done.
1. line: one line read with full line logic (`lines.settle`): every way its clue fits what is
   known; the squares that agree in all of them.
2. contradiction: more than one line at a time: assume a square black (or white) and follow the
   lines until one has no room for its clue; the square is the other colour.

The grade is 10 points per stage (overlap 0, line 10, contradiction 20, search 30) plus a load of
0 to 9 within it: for overlap, the sweeps it took (the first sweep, over clues alone, is free);
for line, the lines that needed full logic per tenth of the grid's lines; for contradiction, the
assumptions per tenth of its lines. Levels are bands of the grade (`BANDS`): easy and medium are
solved by simple steps line by line (easy in at most four sweeps), hard needs full line logic,
expert more than one line at a time. As Tatham's Pattern refuses a puzzle that needs guessing,
the generator refuses one the steps do not finish ("search"); a user's picture that needs it,
and is unique, is filed as expert.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bookgen.api import JSON
from bookgen.core.grading import Bands, Deduction, simplest_first
from bookgen.puzzles.nonogram.lines import overlap, settle
from bookgen.puzzles.nonogram.solver import Board, Known, Line, assumed, board_for, crossing, read_line

STAGES = ("overlap", "line", "contradiction", "search")
BANDS = Bands.of({"easy": (0, 3), "medium": (4, 9), "hard": (10, 19), "expert": (20, 39)})
TOP_RANK = {"easy": 0, "medium": 0, "hard": 1, "expert": 2}
"""The hardest step each level may need (a rank of `DEDUCTIONS`)."""


@dataclass
class Found:
    """One step as it happened: its kind, the line it read (or the square it assumed, for a
    contradiction, with the line that broke), and the squares it made black and white."""

    step: str
    line: Line
    black: int  # bits along the line (a contradiction: the one square, along its row)
    white: int
    assumed_black: bool = False
    broken: Line = -1


@dataclass
class Solving:
    """The state the steps work on: the board, what is known, and what happened."""

    board: Board
    known: Known
    sweeps: int = 0
    full_lines: int = 0
    contradictions: int = 0
    path: list[Found] = field(default_factory=list)


def sweep(state: Solving) -> int:
    """One sweep: every row, then every column, pushed left and right with what is known
    (each line sees what the lines before it found); the squares found."""
    found = 0
    for line in range(state.board.lines):
        result = read_line(state.board, state.known, line, overlap)
        if result is None:
            raise Contradiction
        black, white = result
        if black | white:
            state.path.append(Found("overlap", line, black, white))
            found += (black | white).bit_count()
    if found:
        state.sweeps += 1
    return found


def full_line(state: Solving) -> int:
    """The first line (rows, then columns) where reading every arrangement finds a square that
    pushing left and right does not; the squares it finds."""
    board, known = state.board, state.known
    for line in range(board.lines):
        clue, length = board.clue(line), board.length(line)
        result = settle(clue, length, known.black[line], known.white[line])
        if result is None:
            raise Contradiction
        if (result[0], result[1]) != (known.black[line], known.white[line]):
            black, white = read_line(board, known, line, settle) or (0, 0)
            state.path.append(Found("line", line, black, white))
            state.full_lines += 1
            return (black | white).bit_count()
    return 0


def contradiction(state: Solving) -> int:
    """The first square (row by row) one of whose colours, followed through the lines, leaves
    some line no room for its clue: it takes the other colour. 1 when one was found."""
    board, known = state.board, state.known
    for row in range(board.rows):
        for col in range(board.cols):
            if known.colour(row, col) is not None:
                continue
            for black in (True, False):
                if assumed(board, known, row, col, black) is None:
                    broken = _broken(board, known, row, col, black)
                    known.set(row, col, not black)
                    bit = 1 << col
                    state.path.append(Found("contradiction", row, 0 if black else bit,
                                            bit if black else 0, black, broken))
                    state.contradictions += 1
                    return 1
    return 0


def _broken(board: Board, known: Known, row: int, col: int, black: bool) -> Line:
    """The line that runs out of room when the square is assumed `black`, following the lines
    one at a time from the square: the first that no arrangement fits."""
    trial = known.copy()
    trial.set(row, col, black)
    queue = [row, board.rows + col]
    while queue:
        line = queue.pop(0)
        found = read_line(board, trial, line, settle)
        if found is None:
            return line
        queue += [other for other in crossing(board, line, found[0] | found[1]) if other not in queue]
    return row


class Contradiction(Exception):
    """The clues contradict what is known: the puzzle has no answer."""


DEDUCTIONS: tuple[Deduction[Solving], ...] = (
    Deduction("overlap", 0, sweep),
    Deduction("line", 1, full_line),
    Deduction("contradiction", 2, contradiction),
)


def deduce(board: Board, top: int = 2, on: Callable[[Solving], None] | None = None) -> JSON:
    """Solve as a person would, the simplest step first and none ranked above `top`; the
    figures: stage, sweeps, lines read in full, contradictions, solved, grade."""
    state = Solving(board, Known(board.rows, board.cols))
    try:
        done = simplest_first(DEDUCTIONS, state, lambda s: s.known.solved(), top)
    except Contradiction:
        return {"stage": "search", "sweeps": state.sweeps, "full_lines": state.full_lines,
                "contradictions": state.contradictions, "solved": False, "grade": 39,
                "state": state}
    stage = STAGES[done.hardest] if done.finished else "search"
    tenth = max(1, board.lines // 10)  # loads per ten lines of the grid
    if stage == "overlap":
        load = max(0, state.sweeps - 1)
    elif stage == "line":
        load = state.full_lines // tenth
    else:
        load = state.contradictions // tenth
    grade = 10 * STAGES.index(stage) + min(9, load)
    return {"stage": stage, "sweeps": state.sweeps, "full_lines": state.full_lines,
            "contradictions": state.contradictions, "solved": done.finished, "grade": grade,
            "state": state}


def figures_of(puzzle: JSON, figures: JSON) -> JSON:
    """The rating of a puzzle from `deduce`'s figures: level and grade ("score"), the stage a
    person needs, the sweeps of simple steps, the lines that need full line logic, the
    contradictions (assumptions followed over more than one line), and whether any deduction
    needs more than one line at a time."""
    return {
        "level": BANDS.level_of(figures["grade"]),
        "score": figures["grade"],
        "stage": figures["stage"],
        "sweeps": figures["sweeps"],
        "full_lines": figures["full_lines"],
        "contradictions": figures["contradictions"],
        "multi_line": figures["stage"] in ("contradiction", "search"),
        "cells": puzzle["rows"] * puzzle["cols"],
    }


def rate(puzzle: JSON) -> JSON:
    return figures_of(puzzle, deduce(board_for(puzzle)))
