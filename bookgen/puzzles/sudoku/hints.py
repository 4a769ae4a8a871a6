"""Hints: the numbers in the order the grader places them, each naming its technique and cells;
the crossing-out steps that made a placement possible are named with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bookgen.api import JSON
from bookgen.core.grading import fewest, simplest_first
from bookgen.i18n import _, ngettext
from bookgen.i18n.conjunctions import joined
from bookgen.puzzles.sudoku.board import Board, Cell, board_for, flat
from bookgen.puzzles.sudoku.grader import STEPS, Contradiction, finished, start
from bookgen.puzzles.sudoku.parameters import has_regions, hex_digits, symbol

Show = Callable[[int], str]  # how the hints write a number: itself, or a hex grid's symbol
CAGE_STEPS = ("cage combination", "cage of one combination")
PLACING = ("full house", "hidden single in a box", "hidden single in a line", "naked single")


def cell_name(board: Board, cell: Cell) -> str:
    return _("row {row}, column {column}").format(row=cell // board.size + 1, column=cell % board.size + 1)


def unit_name(board: Board, unit: int) -> str:
    number = board.numbers[unit]
    kind = board.kinds[unit]
    if kind == "row":
        # Translators: a row, column, box or diagonal named inside the hints' sentences ("in
        # {unit}, 7 can only go in ..."); a language may add its article here ("la ligne 3")
        return _("row {number}").format(number=number)
    if kind == "column":
        return _("column {number}").format(number=number)
    if kind == "box" and has_regions(board.variant):
        return _("region {number}").format(number=number)
    if kind == "box":
        return _("box {number}").format(number=number)
    if number == 1:
        return _("the diagonal from the top left")
    return _("the diagonal from the top right")


def crossing_out(board: Board, name: str, facts: dict[str, Any], show: Show = str) -> str:
    """One sentence naming a crossing-out step and its cells (numbers as `show` writes them)."""
    cells = joined([cell_name(board, cell) for cell in facts.get("cells", [])])
    numbers = joined([show(d) for d in facts.get("digits", [])])
    value = show(facts.get("value", 0))
    if name in ("pointing", "claiming"):
        return _("Locked candidates: in {unit}, {value} can only go where it meets {other}, so "
                 "{value} is crossed out everywhere else in {other}.").format(
            unit=unit_name(board, facts["unit"]), other=unit_name(board, facts["other"]), value=value)
    if name.startswith("naked"):
        return _("{technique}: {cells} in {unit} hold only {numbers} between them, so those "
                 "numbers are crossed out everywhere else in {unit}.").format(
            technique=technique_name(name), cells=cells, unit=unit_name(board, facts["unit"]),
            numbers=numbers)
    if name.startswith("hidden"):
        return _("{technique}: in {unit}, {numbers} can only go in {cells}, so every other "
                 "number is crossed out from those cells.").format(
            technique=technique_name(name), cells=cells, unit=unit_name(board, facts["unit"]),
            numbers=numbers)
    if name in ("x-wing", "swordfish", "jellyfish"):
        return _("{technique} on {value}: in {bases}, {value} can only go in {covers}, so {value} "
                 "is crossed out everywhere else in {covers}.").format(
            technique=technique_name(name), value=value,
            bases=joined([unit_name(board, u) for u in facts["bases"]]),
            covers=joined([unit_name(board, u) for u in facts["covers"]]))
    if name == "xy-wing":
        first, second = facts["wings"]
        return _("XY-wing: {pivot} pairs with {first} and {second} so that one of those two "
                 "holds {value}; {value} is crossed out from every cell that sees both.").format(
            pivot=cell_name(board, facts["pivot"]), first=cell_name(board, first),
            second=cell_name(board, second), value=value)
    if name == "xyz-wing":
        first, second = facts["wings"]
        return _("XYZ-wing: {pivot} holds three numbers and {first} and {second} two of them "
                 "each, so one of the three holds {value}; {value} is crossed out from every cell "
                 "that sees all three.").format(
            pivot=cell_name(board, facts["pivot"]), first=cell_name(board, first),
            second=cell_name(board, second), value=value)
    if name == "cage combination" and facts["house"] >= 0:
        return _("Rule of 45: in {unit}, the cells outside its whole cages, {cells}, add up to "
                 "{sum}; only {numbers} can make that there, so every other candidate is crossed "
                 "out in those cells.").format(unit=unit_name(board, facts["house"]), cells=cells,
                                               sum=facts["sum"], numbers=numbers)
    if name == "cage of one combination":
        return _("Cage of one combination: the cage of {cells} adds up to {sum}, which only {numbers} "
                 "make with different numbers, so every other candidate is crossed out in the "
                 "cage.").format(cells=cells, sum=facts["sum"], numbers=numbers)
    if name == "cage combination":
        return _("Cage combination: the cage of {cells} adds up to {sum} with different numbers; "
                 "only {numbers} can make that there, so every other candidate is crossed out in "
                 "the cage.").format(cells=cells, sum=facts["sum"], numbers=numbers)
    if name in ("wxyz-wing", "vwxyz-wing", "uvwxyz-wing"):
        return ngettext(
            "{technique}: {wing} hold only {numbers} between them, and each number but {value} "
            "can go in at most one of them, so one of them holds {value}; {value} is crossed out "
            "from {cells}, which sees every {value} among them.",
            "{technique}: {wing} hold only {numbers} between them, and each number but {value} "
            "can go in at most one of them, so one of them holds {value}; {value} is crossed out "
            "from {cells}, which see every {value} among them.", len(facts["cells"])).format(
            technique=technique_name(name), value=value, cells=cells, numbers=numbers,
            wing=joined([cell_name(board, cell) for cell in facts["wing"]]))
    if name == "bug+1":
        return _("BUG+1: every empty cell but {cell} has two candidates left; were {value} not in "
                 "{cell}, the puzzle would have two answers, so the other candidates there are "
                 "crossed out.").format(cell=cell_name(board, facts["cell"]), value=value)
    if name == "simple colouring" and has_regions(board.variant):
        return _("Simple colouring on {value}: following the rows, columns and regions with only "
                 "two places for {value}, {cells} cannot hold {value}.").format(value=value, cells=cells)
    if name in ("turbot fish", "x-chain"):
        chain = facts["chain"]
        text = (_("{technique} on {value}: along {chain}, the only two places for {value} in a row, "
                  "column or region alternate with cells that see each other, so {value} is in "
                  "{first} or {last}; it is crossed out from {cells}, which see both.")
                if has_regions(board.variant) else
                _("{technique} on {value}: along {chain}, the only two places for {value} in a row, "
                  "column or box alternate with cells that see each other, so {value} is in {first} "
                  "or {last}; it is crossed out from {cells}, which see both."))
        return text.format(
            technique=technique_name(name), value=value, cells=cells,
            chain=joined([cell_name(board, cell) for cell in chain]),
            first=cell_name(board, chain[0]), last=cell_name(board, chain[-1]))
    if name == "xy-chain":
        chain = facts["chain"]
        return _("XY-chain: {chain} hold two numbers each, each cell sharing one with the next, so "
                 "{value} is in {first} or {last}; it is crossed out from {cells}, which see "
                 "both.").format(
            value=value, cells=cells, chain=joined([cell_name(board, cell) for cell in chain]),
            first=cell_name(board, chain[0]), last=cell_name(board, chain[-1]))
    if name == "unique rectangle":
        return _("Unique rectangle: {cells} hold only {numbers}; were {cell} to hold one of them "
                 "too, the two could swap round the rectangle and the puzzle would have two "
                 "answers, so {numbers} are crossed out from {cell}.").format(
            cells=cells, numbers=numbers, cell=cell_name(board, facts["cell"]))
    if name == "simple colouring":
        return _("Simple colouring on {value}: following the rows, columns and boxes with only two "
                 "places for {value}, {cells} cannot hold {value}.").format(value=value, cells=cells)
    if board.sums:
        return _("Trial: {value} in {cell} leads by singles and cage sums to a contradiction, so "
                 "{value} is crossed out there.").format(value=value, cell=cell_name(board, facts["cell"]))
    broken = broken_words(board, facts["broken"], show)
    if broken is None:
        return _("Trial: {value} in {cell} leads by singles to a contradiction, so {value} is "
                 "crossed out there.").format(value=value, cell=cell_name(board, facts["cell"]))
    return _("Trial: were {value} in {cell}, following the singles, {broken}; so {value} is crossed "
             "out there.").format(value=value, cell=cell_name(board, facts["cell"]), broken=broken)


def broken_words(board: Board, broken: Sequence[Any], show: Show) -> str | None:
    """What a trial's contradiction breaks, as a clause ("row 4 would hold 3 twice"; see the
    grader's `Contradiction.broken`); None when the trial could not say."""
    kind = broken[0]
    if kind == "two":
        return _("{unit} would hold {value} twice").format(unit=unit_name(board, broken[1]),
                                                           value=show(broken[2]))
    if kind == "none":
        return _("{unit} would have no place for {value}").format(unit=unit_name(board, broken[1]),
                                                                  value=show(broken[2]))
    return None  # a killer's cage mates ("pair"): its trials follow the sums and say so themselves


def technique_name(name: str) -> str:
    names = {"naked pair": _("Naked pair"), "naked triple": _("Naked triple"),
             "naked quad": _("Naked quad"), "hidden pair": _("Hidden pair"),
             "hidden triple": _("Hidden triple"), "hidden quad": _("Hidden quad"),
             "x-wing": _("X-wing"), "swordfish": _("Swordfish"), "jellyfish": _("Jellyfish"),
             "turbot fish": _("Turbot fish"), "x-chain": _("X-chain"),
             "wxyz-wing": _("WXYZ-wing"), "vwxyz-wing": _("VWXYZ-wing"), "uvwxyz-wing": _("UVWXYZ-wing")}
    return names[name]


def placing(board: Board, name: str, facts: dict[str, Any], show: Show = str) -> str:
    """One sentence naming a single and its cell (its number as `show` writes it)."""
    cell, value = cell_name(board, facts["cell"]), show(facts["value"])
    if name == "full house":
        return _("Full house: {cell} is the last empty cell in {unit}, so it takes the missing "
                 "{value}").format(cell=cell, unit=unit_name(board, facts["unit"]), value=value)
    if name == "naked single":
        text = {
            "diagonal": _("Naked single: {cell} can only hold {value}; every other number already "
                          "stands in its row, column, box or diagonal"),
            "killer": _("Naked single: {cell} can only hold {value}; every other number already "
                        "stands in its row, column, box or cage, or cannot make its cage's sum"),
            "jigsaw": _("Naked single: {cell} can only hold {value}; every other number already "
                        "stands in its row, column or region"),
            "killer-diagonal": _("Naked single: {cell} can only hold {value}; every other number "
                                 "already stands in its row, column, box, diagonal or cage, or "
                                 "cannot make its cage's sum"),
            "jigsaw-diagonal": _("Naked single: {cell} can only hold {value}; every other number "
                                 "already stands in its row, column, region or diagonal"),
            "killer-jigsaw": _("Naked single: {cell} can only hold {value}; every other number "
                               "already stands in its row, column, region or cage, or cannot make "
                               "its cage's sum"),
        }.get(board.variant) or _("Naked single: {cell} can only hold {value}; every other number "
                                  "already stands in its row, column or box")
        return text.format(cell=cell, value=value)
    return _("Hidden single: in {unit}, {value} can only go in {cell}").format(
        value=value, cell=cell, unit=unit_name(board, facts["unit"]))


def step_squares(board: Board, facts: dict[str, Any], filled: Sequence[int]) -> list[Cell]:
    """The cells a crossing-out step is about, in reading order, which the page lights while it
    says the step: the ones it names (a pair, a wing, a chain, a cage, the cells it crosses a
    number out of) and, for a step of whole lines (locked candidates, an X-wing or a fish), the
    empty cells where its lines meet (`filled`: each cell's number at that step, 0 for none)."""
    cells = {facts[key] for key in ("cell", "pivot") if key in facts}
    for key in ("cells", "wings", "wing", "chain"):
        cells.update(facts.get(key, ()))
    meeting = ([(facts["unit"], facts["other"])] if "other" in facts else
               [(base, cover) for base in facts.get("bases", ()) for cover in facts["covers"]])
    for one, two in meeting:
        cells.update(cell for cell in set(board.units[one]) & set(board.units[two]) if not filled[cell])
    return sorted(cells)


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Each number the grader places, in its order, with its reason: the single, and as its
    "steps" (one sentence each, which the page gives one a press before the number) the
    crossing-out steps since the last placement (of a killer's cage combinations, those through
    the cell), and as its "step_cells" each step's cells ([row, column] each, `step_squares`),
    which the page lights as it says the step; a puzzle the techniques cannot finish gets the rest
    from its one answer, said so."""
    board = board_for(puzzle)
    try:
        state = start(board, flat(puzzle["givens"]))
        simplest_first(STEPS, state, finished, len(STEPS))
    except Contradiction:
        return []
    told: list[JSON] = []
    pending: list[tuple[str, dict[str, Any], list[Cell]]] = []
    givens = flat(puzzle["givens"])
    hex_grid = hex_digits(puzzle)

    def show(value: int) -> str:
        return symbol(value, hex_grid)

    filled = list(givens)
    for name, facts in state.log:
        if name not in PLACING:
            pending.append((name, facts, step_squares(board, facts, filled)))
            continue
        cell = facts["cell"]
        # a killer settles many cages between two placements: only those through the cell are told
        steps = [(crossing_out(board, step, seen, show), cells) for step, seen, cells in pending
                 if step not in CAGE_STEPS or cell in seen["cells"]]
        hint = {"cells": [[cell // board.size, cell % board.size]], "value": facts["value"],
                "why": placing(board, name, facts, show)}
        if steps:
            hint["steps"] = [text for text, cells in steps]
            hint["step_cells"] = [[[at // board.size, at % board.size] for at in cells]
                                  for text, cells in steps]
        filled[cell] = facts["value"]
        after = None if pending else _after(board, givens, told, name, facts)
        if after is not None and after < len(told):
            hint["after"] = after  # see core.grading.Told: the page may give it out of order
        pending = []
        told.append(hint)
    answer = flat(solution["grid"])
    for cell in range(board.cells):
        if not state.placed[cell]:
            mask = state.candidates[cell]
            could = joined([show(d) for d in range(mask.bit_length()) if mask >> d & 1])
            told.append({"cells": [[cell // board.size, cell % board.size]], "value": answer[cell],
                         "why": _("{value} goes here: this cell could still hold {numbers}, and "
                                  "telling which needs trial and error beyond these techniques; the "
                                  "only answer has {value}").format(value=show(answer[cell]), numbers=could)})
    return told


def _holds(board: Board, filled: list[int], name: str, facts: dict[str, Any]) -> bool:
    """Whether a single holds from the numbers on the board alone (no crossing-out steps): the
    cell is the last empty one of its unit, the only one of its unit where the value sees no
    equal number, or the one number its row, column and box (and diagonal) leave it."""
    cell, value = facts["cell"], facts["value"]
    if filled[cell]:
        return False

    def sees(at: Cell, number: int) -> bool:
        return any(filled[peer] == number for peer in board.peers[at])

    if name == "full house":
        return all(filled[other] for other in board.units[facts["unit"]] if other != cell)
    if name == "naked single":
        return all(sees(cell, number) for number in range(1, board.size + 1) if number != value)
    return all(filled[other] or sees(other, value) for other in board.units[facts["unit"]] if other != cell)


def _after(board: Board, givens: list[int], told: list[JSON], name: str, facts: dict[str, Any]) -> int | None:
    """How many of the hints before this single must be on the board for it to hold from the
    numbers alone (`core.grading.fewest`), or None when it needs the crossing-out steps before
    it."""
    def holds(count: int) -> bool:
        filled = list(givens)
        for hint in told[:count]:
            (r, c), = hint["cells"]
            filled[r * board.size + c] = hint["value"]
        return _holds(board, filled, name, facts)

    return fewest(holds, len(told)) if holds(len(told)) else None


def given_answer(puzzle: JSON) -> JSON:
    """The answer's grid as far as the givens go (0 where a number is to find): hints fill it."""
    return {"grid": [list(row) for row in puzzle["givens"]]}
