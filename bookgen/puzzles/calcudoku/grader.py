"""The grader: the steps a person takes, simplest first, each named and weighted, so a puzzle rates
by the heaviest step it needs and how often.

The state is the candidates a person pencils in (bookgen.core.latin.Pencil) with the cages. Cage
arithmetic comes first: the numbers a cage's target allows (3+ over two squares: 1 and 2), then
which square takes which (the fillings left once the rows and columns have their say); the Latin
square's singles and pairs beside them; then the harder cage-against-line steps (a number every
filling puts in one row leaves the rest of it; the squares of a row outside its whole sum cages add
up to what is left of 1 + 2 + ... + n, Tatham's Keen calls these Hard); triples and X-wings; and
last a trial (assume a number, follow the simple steps to a contradiction). Cages of one square are
placed as givens before any step.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from math import factorial

from bookgen.api import JSON
from bookgen.core.bits import members
from bookgen.core.grading import Bands, Deduction
from bookgen.core.latin import (
    LATIN_STEPS,
    Contradiction,
    Graded,
    Pencil,
    graded,
    square_of,
    trial,
)
from bookgen.puzzles.calcudoku.cages import Cage, cage_of, cages_of, line_musts
from bookgen.puzzles.calcudoku.solver import broken_cage, left_by_cages, settle


@dataclass
class State(Pencil):
    cages: tuple[Cage, ...] = ()


def start(puzzle: JSON) -> State:
    """Every number pencilled in, then each cage of one square's number placed."""
    square = square_of(puzzle["size"])
    state = State(square, [square.full] * square.cells, [False] * square.cells, cages=cages_of(puzzle))
    for cage in state.cages:
        if cage.op == "=":
            state.place(cage.cells[0], cage.target)
    return state


def _masks(state: State, cage: Cage) -> tuple[int, ...]:
    return tuple(state.candidates[cell] for cell in cage.cells)


def _open(state: State, cage: Cage) -> bool:
    return not all(state.placed[cell] for cell in cage.cells)


def cage_digits(state: State) -> int:
    """The numbers some filling of a cage uses (3+ over two squares: 1 and 2), pencilled in every
    square of it: the other candidates go. Which square takes which is not yet asked."""
    size = state.square.size
    for cage in state.cages:
        if not _open(state, cage):
            continue
        kept = cage.options(size, _masks(state, cage))
        if kept is None:
            raise Contradiction
        union = 0
        for keep in kept:
            union |= keep
        crossed = state.cross_out(cage.cells, state.square.full & ~union)
        if crossed:
            state.log.append(("cage digits", {"cage": cage, "digits": members(union), "crossed": crossed}))
            return 1
    return 0


def cage_combination(state: State) -> int:
    """Each square of a cage keeps the numbers it holds in the fillings its squares' candidates
    still allow (a 2÷ cage beside a 1 in its row: that square is not 2)."""
    size = state.square.size
    for cage in state.cages:
        if not _open(state, cage):
            continue
        masks = _masks(state, cage)
        kept = cage.options(size, masks)
        if kept is None:
            raise Contradiction
        changed = [cell for cell, mask, keep in zip(cage.cells, masks, kept)
                   if state.cross_out([cell], mask & ~keep)]
        if changed:
            state.log.append(("cage combination", {"cage": cage, "crossed": changed,
                                                   "kept": [state.candidates[cell] for cell in changed]}))
            return 1
    return 0


def cage_in_line(state: State) -> int:
    """A number every filling of a cage puts in its squares of one row (or column) leaves the rest
    of that row."""
    square = state.square
    size = square.size
    for cage in state.cages:
        if not _open(state, cage) or len(cage.cells) < 2:
            continue
        lines: dict[int, list[int]] = {}
        for place, cell in enumerate(cage.cells):
            for unit in square.cell_units[cell]:
                lines.setdefault(unit, []).append(place)
        units = sorted(lines)
        musts = line_musts(cage.op, cage.target, size, cage.clash, _masks(state, cage),
                           tuple(tuple(lines[unit]) for unit in units))
        for unit, must in zip(units, musts):
            rest = [cell for cell in square.units[unit] if cell not in cage.cells]
            crossed = state.cross_out(rest, must) if must else []
            if crossed:
                state.log.append(("cage in a line", {"cage": cage, "unit": unit, "digits": members(must),
                                                     "crossed": crossed}))
                return 1
    return 0


def line_remainder(state: State) -> int:
    """The rule of the line: a row holds 1 to n once, so its open squares outside the sum cages
    wholly inside it add up to n(n+1)/2 less those cages' targets and the numbers placed; and
    outside its whole product cages they multiply to n! less theirs. Such a remainder of two to
    four squares is a cage of its own."""
    square = state.square
    size = square.size
    for unit, line in enumerate(square.units):
        members_of = set(line)
        for op, total in (("+", size * (size + 1) // 2), ("x", factorial(size))):
            inside = [cage for cage in state.cages if cage.op in (op, "=") and set(cage.cells) <= members_of]
            taken = {cell for cage in inside for cell in cage.cells}
            rest = tuple(cell for cell in line if cell not in taken and not state.placed[cell])
            if not 2 <= len(rest) <= 4 or any(rest == cage.cells and cage.op == op for cage in state.cages):
                continue
            for cage in inside:
                total = total - cage.target if op == "+" else total // cage.target
            for cell in line:
                if cell not in taken and state.placed[cell]:
                    value = state.candidates[cell].bit_length() - 1
                    total = total - value if op == "+" else total // value
            remainder = cage_of(rest, op, total, size)
            masks = _masks(state, remainder)
            kept = remainder.options(size, masks)
            if kept is None:
                raise Contradiction
            changed = [cell for cell, mask, keep in zip(rest, masks, kept)
                       if state.cross_out([cell], mask & ~keep)]
            if changed:
                state.log.append(("line remainder", {
                    "unit": unit, "cage": remainder, "crossed": changed,
                    "kept": [state.candidates[cell] for cell in changed]}))
                return 1
    return 0


# (name, weight): the order a person tries them in, simplest first.
TECHNIQUES = (
    ("full house", 1.0), ("cage digits", 1.1), ("naked single", 1.2), ("hidden single", 1.4),
    ("cage combination", 2.0), ("naked pair", 2.4), ("hidden pair", 2.6),
    ("cage in a line", 3.0), ("line remainder", 3.2), ("naked triple", 3.4),
    ("hidden triple", 3.6), ("x-wing", 3.8),
    ("trial", 5.0),
)
WEIGHTS = dict(TECHNIQUES)
SEARCH = 9.0  # the score of a puzzle these steps cannot finish
BANDS = Bands.of({"easy": (0, 1.59), "medium": (1.6, 2.99), "hard": (3.0, 4.99), "expert": (5.0, 99)})
"""Easy: cage digits and singles; medium: which square of a cage takes which, pairs; hard: cages
against lines, the rule of the line, triples, X-wings; expert: a trial."""


def _steps() -> tuple[Deduction[State], ...]:
    apply = {**LATIN_STEPS, "cage digits": cage_digits, "cage combination": cage_combination,
             "cage in a line": cage_in_line, "line remainder": line_remainder,
             "trial": trial(lambda state: partial(settle, state.square, state.cages,
                                                  kept_before=left_by_cages(state.square, state.cages,
                                                                            state.candidates)),
                            lambda state: partial(broken_cage, state.square, state.cages))}
    return tuple(Deduction(name, rank + 1, apply[name]) for rank, (name, _) in enumerate(TECHNIQUES))


STEPS = _steps()


def deduce(puzzle: JSON, limit: float = 99.0) -> tuple[State, Graded]:
    """Solve as a person would, no step weighing more than `limit`; Contradiction for a puzzle
    without an answer."""
    state = start(puzzle)
    return state, graded(state, STEPS, WEIGHTS, limit, SEARCH)


def rate(puzzle: JSON) -> JSON:
    """The measured figures: score and level, the heaviest step and the uses of each."""
    try:
        _, figures = deduce(puzzle)
    except Contradiction:
        figures = Graded(False, SEARCH, "search", {})
    return {
        "level": BANDS.level_of(figures.score),
        "score": figures.score,
        "hardest": figures.hardest,
        "techniques": figures.used,
        "cages": len(puzzle["cages"]),
        "cells": puzzle["size"] ** 2,
    }


def hardness(rating: JSON) -> float:
    return BANDS.hardness(rating["score"])
