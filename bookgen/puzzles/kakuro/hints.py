"""Hints: the digits in the order the grader writes them, each naming its step, its runs and its
squares; the crossing-out steps through a square since the last digit written are named with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bookgen.api import JSON
from bookgen.core.grading import fewest, simplest_first
from bookgen.i18n import _, pgettext
from bookgen.i18n.conjunctions import joined
from bookgen.puzzles.kakuro.board import Board, board_for, sums_of
from bookgen.puzzles.kakuro.grader import STEPS, Contradiction, finished, start, table, union_of
from bookgen.puzzles.kakuro.parameters import Cell

PLACING = ("last square", "single", "required digit")
SETS_NAMED = 3  # a run's ways of making its sum are listed up to this many, else its digits


def square_name(board: Board, cell: Cell) -> str:
    row, col = board.squares[cell]
    return _("row {row}, column {column}").format(row=row + 1, column=col + 1)


def run_name(board: Board, sums: tuple[int, ...], run: int) -> str:
    """'16 across in row 3', '23 down in column 5': the run by its sum and its line."""
    line = board.runs[run]
    row, col = board.squares[line.cells[0]]
    if line.across:
        # Translators: a run of white squares named by its sum and its row ("16 across in row 3")
        return _("{sum} across in row {row}").format(sum=sums[run], row=row + 1)
    # Translators: a run of white squares named by its sum and its column ("23 down in column 5")
    return _("{sum} down in column {column}").format(sum=sums[run], column=col + 1)


def set_text(digit_set: int) -> str:
    """A set of digits as a sum: '1+2+4'."""
    return "+".join(str(d) for d in range(1, 10) if digit_set >> d & 1)


def sets_text(sets: list[int] | tuple[int, ...]) -> str:
    """Ways of making a sum: '7+9', or '1+2+7 or 1+3+6'."""
    return joined([set_text(s) for s in sets], "or")


def digits_text(mask: int) -> str:
    return joined([str(d) for d in range(1, 10) if mask >> d & 1])


def run_table(board: Board, sums: tuple[int, ...], values: list[int], run: int) -> str:
    """What a run's sum table says of its empty squares, given the digits written in it: the
    ways of making what it still needs, or (many ways) the digits they use."""
    cells = board.runs[run].cells
    written = [values[cell] for cell in cells if values[cell]]
    empty, left = len(cells) - len(written), sums[run] - sum(written)
    sets = table(empty, left, sum(1 << d for d in written))
    name = run_name(board, sums, run)
    if not written and len(sets) == 1:
        return _("{run} can only be {set}").format(run=name, set=set_text(sets[0]))
    if not written:
        return _("{run} allows {digits}").format(run=name, digits=digits_text(union_of(sets)))
    if empty == 1:
        return _("{run} still needs {left} in its last empty square").format(run=name, left=left)
    if len(sets) == 1:
        return _("{run} still needs {left} in {count} squares, which can only be {set}").format(
            run=name, left=left, count=empty, set=set_text(sets[0]))
    return _("{run} still needs {left} in {count} squares: {digits}").format(
        run=name, left=left, count=empty, digits=digits_text(union_of(sets)))


def crossing_out(board: Board, sums: tuple[int, ...], name: str, facts: dict[str, Any]) -> str:
    """One sentence naming a crossing-out step, its run and its squares."""
    if name == "trial":
        broken = broken_words(board, sums, facts["broken"])
        if broken is None:
            return _("Trial: {value} in {square} leads to a contradiction, so {value} is crossed "
                     "out there.").format(value=facts["value"], square=square_name(board, facts["cell"]))
        return _("Trial: were {value} in {square}, following the steps so far, {broken}; so {value} "
                 "is crossed out there.").format(
            value=facts["value"], square=square_name(board, facts["cell"]), broken=broken)
    run = run_name(board, sums, facts["run"])
    if name in ("naked pair", "naked triple"):
        squares = joined([square_name(board, cell) for cell in facts["group"]])
        technique = _("Naked pair") if name == "naked pair" else _("Naked triple")
        return _("{technique}: in {run}, {squares} hold only {digits} between them, so those "
                 "digits are crossed out of its other squares.").format(
            technique=technique, run=run, squares=squares,
            digits=joined([str(d) for d in facts["digits"]]))
    sets = facts["sets"]
    made = sets_text(sets) if len(sets) <= SETS_NAMED else digits_text(union_of(tuple(sets)))
    if name == "arrangement":
        return _("Arrangement: {run} can only be {sets}, as other ways of making it cannot put "
                 "one digit in each square; the other digits are crossed out there.").format(
            run=run, sets=made)
    return _("Combination: with the digits its squares can take, {run} can only be {sets}; the "
             "other digits are crossed out there.").format(run=run, sets=made)


def broken_words(board: Board, sums: tuple[int, ...], broken: Sequence[Any]) -> str | None:
    """What a trial's contradiction breaks, as a clause ("16 across in row 3 would hold 7 twice";
    see the grader's `Contradiction`); None when the trial could not say."""
    kind = broken[0]
    if kind == "cell":
        return _("{square} would be left with no digit").format(square=square_name(board, broken[1]))
    if kind == "run":
        return _("{run} could not be made").format(run=run_name(board, sums, broken[1]))
    if kind == "two":
        return _("{unit} would hold {value} twice").format(unit=run_name(board, sums, broken[1]),
                                                           value=broken[2])
    if kind == "none":
        return _("{unit} would have no place for {value}").format(
            unit=run_name(board, sums, broken[1]), value=broken[2])
    return None


def placing(board: Board, sums: tuple[int, ...], values: list[int], name: str,
            facts: dict[str, Any], crossed: bool) -> str:
    """One sentence naming the step that writes a digit, with the runs it reads (`values`: the
    digits written before it; `crossed`: crossing-out steps, told before it, narrowed it)."""
    cell, value = facts["cell"], facts["value"]
    if name == "last square":
        run = facts["run"]
        others = sum(values[c] for c in board.runs[run].cells if c != cell)
        return _("{value} goes here: it is the last empty square of {run}, whose other squares add "
                 "up to {others}, and {sum} \u2212 {others} = {value}").format(
            value=value, run=run_name(board, sums, run), others=others, sum=sums[run])
    if name == "required digit":
        run = facts["run"]
        cells = board.runs[run].cells
        written = [values[c] for c in cells if values[c]]
        sets = table(len(cells) - len(written), sums[run] - sum(written),
                     sum(1 << d for d in written))
        if len(sets) <= SETS_NAMED:
            return _("{value} goes here: every way of making {run} ({sets}) uses {value}, and no "
                     "other square of it can take {value}").format(
                value=value, run=run_name(board, sums, run), sets=sets_text(sets))
        return _("{value} goes here: every way of making {run} uses {value}, and no other square "
                 "of it can take {value}").format(value=value, run=run_name(board, sums, run))
    # Translators: between what two runs' tables say of a square ("16 across in row 3 can only be
    # 7+9; 23 down in column 4 allows 6, 8 and 9"), as a semicolon is written in the language
    tables = pgettext("between two runs", "; ").join(
        run_table(board, sums, values, run) for run in board.runs_of[cell])
    if crossed:
        return _("{value} goes here: {tables}; with the digits crossed out, only {value} is left "
                 "for this square").format(value=value, tables=tables)
    return _("{value} goes here: {tables}; only {value} is left for this square").format(
        value=value, tables=tables)


def table_single(board: Board, sums: tuple[int, ...], values: list[int], cell: Cell, value: int
                 ) -> bool:
    """Whether the two runs' sum tables alone, with `values` written, leave `cell` only `value`."""
    if values[cell]:
        return False
    allowed = 0b1111111110
    for run in board.runs_of[cell]:
        cells = board.runs[run].cells
        written = [values[c] for c in cells if values[c]]
        sets = table(len(cells) - len(written), sums[run] - sum(written), sum(1 << d for d in written))
        allowed &= union_of(sets)
    return allowed == 1 << value


def holds_alone(board: Board, sums: tuple[int, ...], values: list[int], name: str,
                facts: dict[str, Any]) -> bool:
    """Whether a digit follows from the digits written alone: the last square of its run, or a
    square its two runs' sum tables leave one digit."""
    cell = facts["cell"]
    if name == "last square":
        return not values[cell] and all(values[c] for c in board.runs[facts["run"]].cells if c != cell)
    return name == "single" and table_single(board, sums, values, cell, facts["value"])


def touches(facts: dict[str, Any], cell: Cell) -> bool:
    """Whether a crossing-out step took a candidate from square `cell`."""
    return cell in facts.get("cells", ()) or facts.get("cell") == cell


def step_squares(board: Board, facts: dict[str, Any]) -> list[list[int]]:
    """The squares a crossing-out step is about, [row, column] each in reading order, which the
    page lights while it says the step: its run's (the squares it crosses digits out of are
    among them), or a trial's square and the square its trial leaves with no digit."""
    broken: Sequence[Any] = facts.get("broken") or ("",)
    cells = (board.runs[facts["run"]].cells if "run" in facts
             else {facts["cell"], broken[1]} if broken[0] == "cell" else (facts["cell"],))
    return [list(board.squares[cell]) for cell in sorted(cells)]


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Each digit the grader writes, in its order, with its reason: the step that writes it, and
    as its "steps" (one sentence each, which the page gives one a press before the digit) the
    crossing-out steps since the last digit written whose squares it is among, and as its
    "step_cells" each step's squares (`step_squares`), which the page lights as it says the step;
    a puzzle the steps cannot finish gets the rest from its one answer, said so."""
    board = board_for(puzzle)
    sums = sums_of(board, puzzle)
    try:
        state = start(board, sums)
        simplest_first(STEPS, state, finished, len(STEPS))
    except Contradiction:
        return []
    told: list[JSON] = []
    values = [0] * board.size
    pending: list[tuple[str, dict[str, Any]]] = []
    crossed: list[tuple[str, dict[str, Any]]] = []  # every crossing-out step so far
    for name, facts in state.log:
        if name not in PLACING:
            pending.append((name, facts))
            crossed.append((name, facts))
            continue
        cell = facts["cell"]
        steps = [(step, seen) for step, seen in pending if touches(seen, cell)]
        if not steps and name == "single" and not table_single(board, sums, values, cell, facts["value"]):
            # narrowed before the last digit was written: the latest steps through the square
            steps = [step for step in crossed if touches(step[1], cell)][-2:]
        row, col = board.squares[cell]
        hint: JSON = {"cells": [[row, col]], "value": facts["value"],
                      "why": placing(board, sums, values, name, facts, bool(steps))}
        if steps:
            hint["steps"] = [crossing_out(board, sums, step, seen) for step, seen in steps]
            hint["step_cells"] = [step_squares(board, seen) for step, seen in steps]
        if not steps and holds_alone(board, sums, values, name, facts):
            after = _after(board, sums, told, name, facts)
            if after < len(told):
                hint["after"] = after  # see core.grading.Told: the page may give it out of order
        pending = []
        told.append(hint)
        values[cell] = facts["value"]
    answer = solution["grid"]
    for cell in range(board.size):
        if not state.values[cell]:
            row, col = board.squares[cell]
            told.append({"cells": [[row, col]], "value": answer[row][col],
                         "why": _("{value} goes here: this square could still hold {digits}, and "
                                  "telling which needs trial and error beyond these steps; the "
                                  "only answer has {value}").format(
                             value=answer[row][col], digits=digits_text(state.candidates[cell]))})
    return told


def _after(board: Board, sums: tuple[int, ...], told: list[JSON], name: str,
           facts: dict[str, Any]) -> int:
    """How many of the hints before this one must be on the board for it to follow from the
    digits alone (`core.grading.fewest`)."""
    def holds(count: int) -> bool:
        values = [0] * board.size
        for hint in told[:count]:
            (row, col), = hint["cells"]
            values[board.at[row][col]] = hint["value"]
        return holds_alone(board, sums, values, name, facts)

    return fewest(holds, len(told))


def given_answer(puzzle: JSON) -> JSON:
    """The answer's grid before any digit is found: 0 everywhere (black squares stay 0)."""
    return {"grid": [[0] * len(row) for row in puzzle["cells"]]}

