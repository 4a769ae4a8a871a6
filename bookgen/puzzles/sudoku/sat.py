"""The per-number engine's questions put to a SAT solver (MiniSat 2.2 from python-sat, a compiled,
maintained package with wheels for Linux, macOS and Windows): a board's rules as clauses, made once
per board, and each puzzle's givens as assumptions, so that one solver answers every puzzle on the
board and keeps what it learnt (every learnt clause follows from the rules alone).

Used where the search proves one answer (`count` with a cap, `differs_in`): in Python that search
took 0.22 s of top95's 0.35 s (issue 45), MiniSat takes a tenth of it. The Python engine stays the
reference (bench/sudoku_sat.py checks the two agree) and keeps every question whose answer has an
order: the first of several answers, the count of all.
"""

from __future__ import annotations

import atexit
from typing import TYPE_CHECKING

from bookgen.puzzles.sudoku.board import Board, Cell

if TYPE_CHECKING:
    from pysat.solvers import Minisat22


class Rules:
    """A solver holding a board's rules; variable `cell * size + number` says the cell holds the
    number (1 to size), and each question's clause is switched on by a fresh variable of its own."""

    def __init__(self, board: Board) -> None:
        from pysat.solvers import Minisat22  # only where a puzzle is solved: 30 ms of import

        self.size = board.size
        self.solver: Minisat22 = Minisat22()
        self.free = board.cells * board.size + board.size + 1  # the next variable no cell uses
        numbers = range(1, board.size + 1)
        add = self.solver.add_clause
        for cell in range(board.cells):
            names = [self.var(cell, number) for number in numbers]
            add(names)
            for place, name in enumerate(names):
                for other in names[place + 1:]:
                    add([-name, -other])
        for unit in board.units:
            for number in numbers:
                names = [self.var(cell, number) for cell in unit]
                add(names)
                for place, name in enumerate(names):
                    for other in names[place + 1:]:
                        add([-name, -other])

    def var(self, cell: Cell, number: int) -> int:
        return cell * self.size + number

    def holds(self, givens: list[int], unless: list[int] | None = None) -> bool:
        """Whether the givens have an answer, keeping `unless` too: a clause (of cells'
        variables) for this question only; the answer is then the solver's model."""
        size = self.size
        assumptions = [cell * size + value for cell, value in enumerate(givens) if value]
        if unless is None:
            return self.solver.solve(assumptions=assumptions)
        switch = self.free
        self.free += 1
        self.solver.add_clause([-switch, *unless])
        found = self.solver.solve(assumptions=[*assumptions, switch])
        self.solver.add_clause([-switch])  # the question's clause, off for good
        return found

    def answer(self, cells: int) -> list[int]:
        """Each cell's number in the answer `holds` found."""
        model, size = self.solver.get_model(), self.size
        return [next(number for number in range(1, size + 1) if model[cell * size + number - 1] > 0)
                for cell in range(cells)]

    def unique(self, givens: list[int]) -> tuple[int, list[int] | None]:
        """0, 1 or 2 (two or more) answers, and the answer when there is one."""
        if not self.holds(givens):
            return 0, None
        first = self.answer(len(givens))
        other = [-self.var(cell, first[cell]) for cell, value in enumerate(givens) if not value]
        if self.holds(givens, other):
            return 2, None
        return 1, first


_RULES: dict[int, tuple[Board, Rules]] = {}
RULES_KEPT = 16  # boards whose solvers are kept (a jigsaw's layouts: each its own board)


def rules_of(board: Board) -> Rules:
    """The board's solver, made once per board (as `masks_of` keeps masks)."""
    kept = _RULES.get(id(board))
    if kept is None or kept[0] is not board:
        if not _RULES:
            atexit.register(_delete_solvers)  # once a solver is kept; a second call does no harm
        if len(_RULES) >= RULES_KEPT:
            _delete_solvers()
        kept = _RULES[id(board)] = (board, Rules(board))
    return kept[1]


def _delete_solvers() -> None:
    """Free the kept solvers while python-sat is whole: left to the interpreter's exit, a
    solver's __del__ ran after its module was torn down and printed a TypeError's traceback."""
    for _, rules in _RULES.values():
        rules.solver.delete()
    _RULES.clear()
