"""The words the Latin-square steps are told in (bookgen.core.latin), shared by the hints of every
Latin-square type: a square's and a line's names, the singles, pairs, triples, X-wings and the
hint a puzzle past the grader gets. A type tells its own steps (cages, signs) itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bookgen.core.bits import members
from bookgen.core.latin import Cell, Pencil, Square
from bookgen.i18n import _
from bookgen.i18n.conjunctions import joined


def cell_name(square: Square, cell: Cell) -> str:
    return _("row {row}, column {column}").format(row=cell // square.size + 1,
                                                   column=cell % square.size + 1)


def cells_named(square: Square, cells: Sequence[Cell]) -> str:
    return joined([cell_name(square, cell) for cell in cells])


def line_name(square: Square, unit: int) -> str:
    number = unit % square.size + 1
    if square.is_row(unit):
        # Translators: a row or column named inside the hints' sentences ("in {unit}, 4 can only
        # go in ..."); a language may add its article here ("la ligne 3")
        return _("row {number}").format(number=number)
    return _("column {number}").format(number=number)


def numbers_named(values: Sequence[int], conjunction: str = "and") -> str:
    return joined([str(value) for value in values], conjunction)


def placing(square: Square, name: str, facts: dict[str, Any], naked: str) -> str:
    """A sentence naming a single and its square; `naked` is the type's own for a naked single
    (what crosses the other numbers out differs), with {cell} and {value}."""
    cell, value = cell_name(square, facts["cell"]), facts["value"]
    if name == "full house":
        return _("Full house: {cell} is the last empty square in {unit}, so it takes the missing "
                 "{value}").format(cell=cell, unit=line_name(square, facts["unit"]), value=value)
    if name == "naked single":
        return naked.format(cell=cell, value=value)
    return _("Hidden single: in {unit}, {value} can only go in {cell}").format(
        unit=line_name(square, facts["unit"]), value=value, cell=cell)


def crossing_out(square: Square, name: str, facts: dict[str, Any]) -> str | None:
    """A sentence naming a Latin step that crosses candidates out, or None for a step of the
    type's own."""
    if name in ("naked pair", "naked triple"):
        return _("{technique}: {cells} in {unit} hold only {numbers} between them, so those "
                 "numbers are crossed out everywhere else in {unit}.").format(
            technique=technique_name(name), cells=cells_named(square, facts["cells"]),
            unit=line_name(square, facts["unit"]), numbers=numbers_named(facts["digits"]))
    if name in ("hidden pair", "hidden triple"):
        return _("{technique}: in {unit}, {numbers} can only go in {cells}, so every other number "
                 "is crossed out from those squares.").format(
            technique=technique_name(name), cells=cells_named(square, facts["cells"]),
            unit=line_name(square, facts["unit"]), numbers=numbers_named(facts["digits"]))
    if name == "x-wing":
        return _("X-wing on {value}: in {bases}, {value} can only go in {covers}, so {value} is "
                 "crossed out everywhere else in {covers}.").format(
            value=facts["value"], bases=joined([line_name(square, u) for u in facts["bases"]]),
            covers=joined([line_name(square, u) for u in facts["covers"]]))
    return None


def technique_name(name: str) -> str:
    names = {"naked pair": _("Naked pair"), "naked triple": _("Naked triple"),
             "hidden pair": _("Hidden pair"), "hidden triple": _("Hidden triple")}
    return names[name]


def broken_words(square: Square, broken: Sequence[Any], clue: Callable[[Sequence[Any]], str | None]
                 ) -> str | None:
    """What a trial's contradiction breaks, as a clause ("row 4 would hold 3 twice"): the rows
    and columns' kinds here (`bookgen.core.latin.Broken`), a type's own through `clue`; None
    when the trial could not say."""
    kind = broken[0]
    if kind == "cell":
        return _("{cell} would be left with no number").format(cell=cell_name(square, broken[1]))
    if kind == "none":
        return _("{unit} would have no place for {value}").format(
            unit=line_name(square, broken[1]), value=broken[2])
    if kind == "two":
        return _("{unit} would hold {value} twice").format(unit=line_name(square, broken[1]),
                                                           value=broken[2])
    return clue(broken)


def step_squares(square: Square, facts: dict[str, Any], filled: set[Cell]) -> list[Cell]:
    """The squares a crossing-out step is about, in reading order, which the page lights while it
    says the step: the ones it names (a pair, a sign's or a chain's squares, a cage's, a trial's
    and the square or sign its trial breaks) and the ones it crosses numbers out of; an X-wing's
    the open squares where its lines meet (`filled`: the squares holding a number at that step)."""
    cells = {facts[key] for key in ("cell", "low", "high") if key in facts}
    broken = facts.get("broken") or ("",)
    if broken[0] in ("cell", "sign"):
        cells.update(broken[1:3])
    for key in ("cells", "crossed", "under", "over"):
        cells.update(facts.get(key, ()))
    if "cage" in facts:
        cells.update(facts["cage"].cells)
    for base in facts.get("bases", ()):
        for cover in facts["covers"]:
            cells.update(set(square.units[base]) & set(square.units[cover]) - filled)
    return sorted(cells)


Tell = Callable[[str, dict[str, Any]], str]
"""A type's sentence for a step of the log: its own steps, and the Latin ones through
`crossing_out` and `placing`."""


def told(state: Pencil, answer: Sequence[int], tell: Tell, placed: Sequence[str]) -> list[dict[str, Any]]:
    """The page's hints from a grader's log: each number placed, in order, with why (the single
    itself; `placed`: the steps that place) and, where crossing-out steps not told yet took a
    candidate of its square (for a hidden single, of any square of its line), those steps first
    as its "steps", one sentence each, which the page gives one a press before the number, and as
    its "step_cells" each step's squares ([row, column] each, `step_squares`), which the page
    lights as it says the step. A step is told once, with the first number it helps to place. A
    square the steps left open gets its number from the one answer, said so."""
    square = state.square
    hints: list[dict[str, Any]] = []
    pending: list[tuple[str, dict[str, Any], list[Cell]]] = []
    filled = {cell for cell in range(square.cells) if state.placed[cell]} - {
        facts["cell"] for name, facts in state.log if name in placed}  # the givens
    for name, facts in state.log:
        if name not in placed:
            pending.append((name, facts, step_squares(square, facts, filled)))
            continue
        cell = facts["cell"]
        filled.add(cell)
        near = (set(square.units[facts["unit"]]) if name == "hidden single"
                else set() if name == "full house" else {cell})
        used = [entry for entry in pending if near & set(entry[1].get("crossed", ()))]
        pending = [entry for entry in pending if entry not in used]
        hint: dict[str, Any] = {"cells": [list(divmod(cell, square.size))], "value": facts["value"],
                                "why": tell(name, facts)}
        if used:
            hint["steps"] = [tell(step, seen) for step, seen, cells in used]
            hint["step_cells"] = [[list(divmod(at, square.size)) for at in cells]
                                  for step, seen, cells in used]
        hints.append(hint)
    for cell in range(square.cells):
        if not state.placed[cell]:
            value = answer[cell]
            hints.append({"cells": [list(divmod(cell, square.size))], "value": value,
                          "why": _("{value} goes here: this square could still hold {numbers}, and "
                                   "telling which needs trial and error beyond these steps; the only "
                                   "answer has {value}").format(
                              value=value, numbers=numbers_named(members(state.candidates[cell]), "or"))})
    return hints
