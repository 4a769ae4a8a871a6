"""Hints: the squares in the order the grader's stages place them, each with why.

The grader's stages (counting, elimination, cases), recorded as they place numbers and told one
square at a time for the playable page; see core.grading.told_in_order.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from bookgen.api import JSON
from bookgen.core.bits import single
from bookgen.core.grading import Step, page_hints, told_in_order
from bookgen.i18n import _, ngettext, pgettext
from bookgen.i18n.conjunctions import joined
from bookgen.puzzles.arrows.board import Board, board_for, start
from bookgen.puzzles.arrows.grader import counting_sweep, false_case, solved
from bookgen.puzzles.arrows.parameters import Cell
from bookgen.puzzles.arrows.solver import flat_givens, propagate, revise

Known = Mapping[Cell, int]


def _where(board: Board, cell: Cell) -> str:
    return _("row {row}, column {column}").format(row=cell // board.cols + 1, column=cell % board.cols + 1)


def _listed(values: list[int]) -> str:
    return joined([str(v) for v in values])


def _seen(board: Board, known: Known, sign: Cell) -> list[int]:
    """The different numbers a sign's squares hold so far, smallest first."""
    return sorted({known[target] for target in board.targets[sign] if target in known})


def _bits(mask: int) -> list[int]:
    return [value for value in range(mask.bit_length()) if mask >> value & 1]


def _different(count: int) -> str:
    """"two different numbers": the count in words up to nine, agreeing with its noun."""
    words = (pgettext("different numbers", "one"), pgettext("different numbers", "two"),
             pgettext("different numbers", "three"), pgettext("different numbers", "four"),
             pgettext("different numbers", "five"), pgettext("different numbers", "six"),
             pgettext("different numbers", "seven"), pgettext("different numbers", "eight"),
             pgettext("different numbers", "nine"))
    word = words[count - 1] if 1 <= count <= len(words) else str(count)
    # Translators: {count} is the number in words ("two"), or in digits from 10 on
    return ngettext("{count} different number", "{count} different numbers", count).format(count=word)


def _sees_all(board: Board, known: Known, cell: Cell, value: int) -> str | None:
    """A sign whose squares are all filled counts their different numbers."""
    targets = board.targets[cell]
    if len(targets) == 1 and value == 1:
        return _one_square(board, cell, value)
    if not targets or any(target not in known for target in targets):
        return None
    seen = [known[target] for target in targets]
    if len(set(seen)) != value:
        return None
    return _("{value} goes here: its arrow sees {numbers}, {different}").format(
        value=value, numbers=_listed(seen), different=_different(value))


def _counted(board: Board, known: Known, cell: Cell, value: int) -> str | None:
    """One sign, with only the numbers written so far (counting, no pencil marks), leaves one
    number for this square: the square's own sign or a sign that points at it."""
    for sign in board.watchers[cell]:
        domains = [1 << known[c] if c in known else board.natural[c] for c in range(board.size)]
        if revise(board, domains, sign) is None or domains[cell] != 1 << value:
            continue
        seen, where = _seen(board, known, sign), _where(board, sign)
        if sign == cell and seen:
            return _("{value} goes here: its arrow sees {numbers} so far; counting what its empty "
                     "squares can still hold leaves only {value}").format(
                value=value, numbers=_listed(seen))
        if sign == cell:
            empty = len(board.targets[sign])
            return ngettext("{value} goes here: its arrow sees {count} empty square; counting what "
                            "it can still hold leaves only {value}",
                            "{value} goes here: its arrow sees {count} empty squares; counting what "
                            "they can still hold leaves only {value}", empty).format(
                value=value, count=empty)
        if sign in known and seen:
            return _("{value} goes here: the arrow at {where} counts {count} and sees {numbers} so "
                     "far; only {value} fits this square").format(
                value=value, where=where, count=known[sign], numbers=_listed(seen))
        if sign in known:
            return _("{value} goes here: the arrow at {where} counts {count}, and with the numbers "
                     "already in its line only {value} fits this square").format(
                value=value, where=where, count=known[sign])
        if seen:
            return _("{value} goes here: the arrow at {where} sees {numbers} so far, and counting "
                     "what it sees leaves only {value} for this square").format(
                value=value, where=where, numbers=_listed(seen))
        return _("{value} goes here: the arrow at {where} counts what it sees, and with the numbers "
                 "already in its line only {value} fits this square").format(
            value=value, where=where)
    return None


def _one_square(board: Board, cell: Cell, value: int) -> str:
    return _("{value} goes here: its arrow sees just one square, {where}").format(
        value=value, where=_where(board, board.targets[cell][0]))


def _listing(board: Board, known: Known, cell: Cell, value: int) -> str:
    """Elimination in words, naming the arrow that leaves `value` at the end: with every empty
    square's list narrowed by all the arrows, the first sign (the square's own, then one pointing
    at it) that on its own takes this square's list down to `value`, and what that arrow sees."""
    domains = start(board, [known.get(c, 0) for c in range(board.size)])
    if not propagate(board, domains, range(board.size)):
        return _after_all_arrows(board, known, cell, value)
    for sign in board.watchers[cell]:
        trial = list(domains)
        trial[cell] = board.natural[cell]
        if revise(board, trial, sign) is None or trial[cell] != 1 << value:
            continue
        seen = _seen(board, known, sign)
        if sign == cell and seen:
            return _("{value} goes here: list what every empty square can still hold (Notes can "
                     "keep the list) and cross out what the arrows' counts rule out; then its own "
                     "arrow, which sees {numbers} so far, leaves only {value}").format(
                value=value, numbers=_listed(seen))
        if sign == cell:
            return _("{value} goes here: list what every empty square can still hold (Notes can "
                     "keep the list) and cross out what the arrows' counts rule out; then its own "
                     "arrow, which sees no number yet, leaves only {value}").format(value=value)
        if seen:
            return _("{value} goes here: list what every empty square can still hold (Notes can "
                     "keep the list) and cross out what the arrows' counts rule out; then the arrow "
                     "at {where}, which sees {numbers} so far, leaves only {value} here").format(
                value=value, where=_where(board, sign), numbers=_listed(seen))
        return _("{value} goes here: list what every empty square can still hold (Notes can keep "
                 "the list) and cross out what the arrows' counts rule out; then the arrow at "
                 "{where}, which sees no number yet, leaves only {value} here").format(
            value=value, where=_where(board, sign))
    return _after_all_arrows(board, known, cell, value)


def _after_all_arrows(board: Board, known: Known, cell: Cell, value: int) -> str:
    """Elimination in words when no one arrow settles the square at the end: what its own arrow
    sees so far (the numbers, or how many squares are still empty)."""
    seen = _seen(board, known, cell)
    if seen:
        return _("{value} goes here: list what every empty square can still hold (Notes can keep "
                 "the list) and cross out what the arrows' counts rule out, again and again; its "
                 "arrow sees {numbers} so far, and only {value} is left for this square").format(
            value=value, numbers=_listed(seen))
    empty = len(board.targets[cell])
    return ngettext("{value} goes here: list what every empty square can still hold (Notes can keep "
                    "the list) and cross out what the arrows' counts rule out, again and again; its "
                    "arrow sees {count} empty square, and only {value} is left for this square",
                    "{value} goes here: list what every empty square can still hold (Notes can keep "
                    "the list) and cross out what the arrows' counts rule out, again and again; its "
                    "arrow sees {count} empty squares, and only {value} is left for this square",
                    empty).format(value=value, count=empty)


def _stage_reason(board: Board, cases: dict[int, tuple[Cell, int]], told: set[int], step: str,
                  known: Known, cell: Cell, value: int) -> str:
    """The stage's own words; a case is told in full once (in `told`), then referred to."""
    if step == "line":
        return _one_square(board, cell, value)
    if step.startswith("cases"):
        case = int(step.split()[1])
        tried, wrong = cases[case]
        if case in told:
            return _("{value} goes here: still with {where} not {wrong}, listing for every empty "
                     "square the numbers its line still allows leaves only {value} for this "
                     "square").format(value=value, where=_where(board, tried), wrong=wrong)
        told.add(case)
        if tried == cell:
            return _("{value} goes here: try {wrong} here and follow what the arrows then force: "
                     "some square is left with no number that fits, so this square is not {wrong}, "
                     "and of the numbers its line still allows only {value} is left").format(
                value=value, wrong=wrong)
        return _("{value} goes here: try {wrong} in {where} and follow what the arrows then force: "
                 "some square is left with no number that fits, so {where} is not {wrong}; knowing "
                 "that, and listing for every empty square the numbers its line still allows, only "
                 "{value} is left for this square").format(
            value=value, wrong=wrong, where=_where(board, tried))
    if step == "search":
        domains = start(board, [known.get(c, 0) for c in range(board.size)])
        if propagate(board, domains, range(board.size)) and domains[cell] == 1 << value:
            return _listing(board, known, cell, value)  # what is known by now settles it
        return _("{value} goes here: this square could still hold {numbers}, and telling which "
                 "needs trial and error; the only answer has {value}").format(
            value=value, numbers=_listed(_bits(domains[cell])))
    return _listing(board, known, cell, value)


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Each number the grader's stages find, in their order, with its reason. A puzzle the stages
    cannot finish (graded as needing search) gets the rest from its one answer, said so."""
    board = board_for(puzzle)
    givens = flat_givens(puzzle)
    domains = start(board, givens)
    steps: list[Step[Cell]] = []
    cases: dict[int, tuple[Cell, int]] = {}

    def placed() -> dict[Cell, int]:
        return {cell: mask.bit_length() - 1 for cell, mask in enumerate(domains) if single(mask) and mask}

    def record(name: str, before: dict[Cell, int]) -> None:
        now = placed()
        steps.append(Step(name, {cell: v for cell, v in now.items() if cell not in before}))

    begun = {cell: value for cell, value in enumerate(givens) if value}
    record("line", begun)
    while not solved(domains):
        before = placed()
        found = counting_sweep(board, domains)
        if found < 0:
            return []
        if not found:
            break
        record("counting", before)
    if not solved(domains):
        before = placed()
        if not propagate(board, domains, range(board.size)):
            return []
        record("elimination", before)
    while not solved(domains):
        before = placed()
        case = false_case(board, domains)
        if case is None:
            break
        cases[len(cases)] = case
        domains[case[0]] &= ~(1 << case[1])
        if not propagate(board, domains, board.watchers[case[0]]):
            return []
        record(f"cases {len(cases) - 1}", before)
    answer = [v for row in solution["grid"] for v in row]
    rest = {cell: answer[cell] for cell in range(board.size) if cell not in placed()}
    if rest:
        steps.append(Step("search", rest))
    told = told_in_order(steps, begun, [partial(_sees_all, board), partial(_counted, board)],
                         partial(_stage_reason, board, cases, set()))
    return page_hints(told, lambda cell: [[cell // board.cols, cell % board.cols]])


def given_answer(puzzle: JSON) -> JSON:
    """The answer's grid as far as the givens go (0 where a number is to find): hints fill it."""
    return {"grid": [list(row) for row in puzzle["givens"]]}
