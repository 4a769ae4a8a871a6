"""The grader: the solver's rules switched on in stages (counting, elimination, cases, search), and
the stage and load a puzzle needs.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.bits import members as numbers
from bookgen.core.bits import single
from bookgen.core.grading import Bands
from bookgen.puzzles.arrows.board import Board, board_for, start
from bookgen.puzzles.arrows.parameters import Cell, Domains
from bookgen.puzzles.arrows.solver import flat_givens, propagate, revise

STAGES = ("counting", "elimination", "cases", "search")
# Grade bands per level (inclusive): 10 points per stage, plus a load of 0 to 9 within the stage.
BANDS = Bands.of({"easy": (0, 9), "medium": (10, 19), "hard": (20, 21), "expert": (22, 39)})


def solved(domains: Domains) -> bool:
    return all(single(mask) for mask in domains)


def counting_sweep(board: Board, domains: Domains) -> int:
    """Numbers a person finds by counting: one sign and the numbers already written in its line
    (no pencil marks; a blank square only knows that its number is 1 to its line's length).
    Writes them into `domains` and returns how many; -1 if the written numbers contradict."""
    found = 0
    for sign, targets in enumerate(board.targets):
        saved = domains[sign], [domains[cell] for cell in targets]
        changed = revise(board, domains, sign)
        if changed is None:
            return -1
        if not changed:
            continue
        forced = [(cell, domains[cell]) for cell in changed if single(domains[cell])]
        domains[sign] = saved[0]
        for cell, before in zip(targets, saved[1]):
            domains[cell] = before
        for cell, mask in forced:
            if not single(domains[cell]):
                domains[cell] = mask
                found += 1
    return found


def false_case(board: Board, domains: Domains, known: list[int] | None = None
               ) -> tuple[Cell, int] | None:
    """The first candidate (cell, number) whose assumption leads by elimination to a
    contradiction, trying the cells with the fewest candidates first; None if there is none.
    `known` (the answer, when the generator has it) skips assuming the true numbers, which
    never lead to a contradiction: the same result, sooner."""
    undecided = sorted((mask.bit_count(), cell) for cell, mask in enumerate(domains)
                       if not single(mask))
    for _, cell in undecided:
        for value in numbers(domains[cell]):
            if known is not None and known[cell] == value:
                continue
            trial = domains.copy()
            trial[cell] = 1 << value
            if not propagate(board, trial, board.watchers[cell]):
                return cell, value
    return None


def case_step(board: Board, domains: Domains, known: list[int] | None = None) -> bool:
    """One case analysis: find a candidate whose assumption leads by elimination to a
    contradiction, remove it and propagate again. False when no single assumption helps."""
    found = false_case(board, domains, known)
    if found is None:
        return False
    cell, value = found
    domains[cell] &= ~(1 << value)
    return propagate(board, domains, board.watchers[cell])


def deduce(board: Board, givens: list[int], grade_limit: float = BANDS.top("expert"),
           known: list[int] | None = None) -> JSON:
    """Solve as a person would, each stage only when the easier ones are stuck, and stop once the
    grade passes `grade_limit`. The figures: stage reached, numbers found by counting, cases
    needed, whether it ended solved, and the grade. `known`: the answer, if known (faster).

    The grade is 10 points per stage (counting 0, elimination 10, cases 20, search 30) plus a
    load of 0 to 9: for counting the share of blank squares, for elimination the share of
    squares counting could not fill, for cases and search ten times the cases per square.
    """
    cells = board.size
    domains = start(board, givens)
    blanks = sum(1 for value in givens if not value)
    obvious = sum(1 for cell, value in enumerate(givens) if not value and single(domains[cell]))
    figures: JSON = {"stage": "counting", "counted": obvious, "cases": 0, "solved": False}

    def finish(stage: str, load: int) -> JSON:
        figures["stage"] = stage
        figures["grade"] = 10 * STAGES.index(stage) + min(9, load)
        figures["solved"] = solved(domains)
        return figures

    while (found := counting_sweep(board, domains)) > 0:
        figures["counted"] += found
    if found < 0 or solved(domains):
        return finish("counting", 9 * blanks // cells)
    left = 9 * (blanks - figures["counted"]) // cells
    if grade_limit < 10 or not propagate(board, domains, range(cells)) or solved(domains):
        return finish("elimination", left)
    cases = 0
    while 20 + 10 * cases // cells <= grade_limit and case_step(board, domains, known):
        cases += 1
        figures["cases"] = cases
        if solved(domains):
            return finish("cases", 10 * cases // cells)
    return finish("search", 10 * cases // cells)


def rate(puzzle: JSON, answer: list[int] | None = None) -> JSON:
    """The measured figures: grade and level, the stage a person needs, numbers found by
    counting alone, case analyses needed, and givens. The generator passes the `answer` (the
    numbers, row by row) to skip assuming true numbers: the same figures, sooner."""
    board = board_for(puzzle)
    givens = flat_givens(puzzle)
    figures = deduce(board, givens, known=answer)
    return {
        "level": BANDS.level_of(figures["grade"]),
        "grade": figures["grade"],
        "stage": figures["stage"],
        "counted": figures["counted"],
        "cases": figures["cases"],
        "givens": sum(1 for value in givens if value),
        "cells": board.size,
    }
