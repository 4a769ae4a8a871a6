"""The per-number engine's questions put to a SAT solver (MiniSat 2.2 from python-sat, a compiled,
maintained package with wheels for Linux, macOS and Windows): a board's rules as clauses, made once
per board, and each puzzle's givens as assumptions, so that one solver answers every puzzle on the
board and keeps what it learnt (every learnt clause follows from the rules alone).

Used where the search proves one answer (`count` with a cap, `differs_in`): in Python that search
took 0.22 s of top95's 0.35 s (issue 45), MiniSat takes a tenth of it. The Python engine stays the
reference (bench/sudoku_sat.py checks the two agree) and keeps every question whose answer has an
order: the first of several answers, the count of all.

MiniSat is called through `pysolvers`, the compiled module python-sat ships, with the calls its
`pysat.solvers.Minisat22` makes (new, add a clause, solve under assumptions, the model, delete):
importing that wrapper took 20 ms of processor (pysat.formula, tempfile, lzma...), a twelfth of
generating 10 expert 9x9s, where `pysolvers` alone takes under 2 ms.
"""

from __future__ import annotations

import atexit
import threading
from typing import Any

from bookgen.puzzles.sudoku.board import Board, Cell


class Rules:
    """A solver holding a board's rules; variable `cell * size + number` says the cell holds the
    number (1 to size), and each question's clause is switched on by a fresh variable of its own."""

    def __init__(self, board: Board) -> None:
        import pysolvers  # only where a puzzle is solved

        self.size = board.size
        self.minisat: Any = pysolvers
        self.solver: Any = pysolvers.minisat22_new()
        self.free = board.cells * board.size + board.size + 1  # the next variable no cell uses
        numbers = range(1, board.size + 1)
        solver, add_clause = self.solver, pysolvers.minisat22_add_cl

        def add(clause: list[int]) -> None:
            add_clause(solver, clause)

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
        size, minisat, solver = self.size, self.minisat, self.solver
        assumptions = [cell * size + value for cell, value in enumerate(givens) if value]
        # MiniSat catches an interrupt while it solves where the thread may take the signal
        main = int(threading.current_thread() is threading.main_thread())
        if unless is None:
            return bool(minisat.minisat22_solve(solver, assumptions, main))
        switch = self.free
        self.free += 1
        minisat.minisat22_add_cl(solver, [-switch, *unless])
        found = bool(minisat.minisat22_solve(solver, [*assumptions, switch], main))
        minisat.minisat22_add_cl(solver, [-switch])  # the question's clause, off for good
        return found

    def answer(self, cells: int) -> list[int]:
        """Each cell's number in the answer `holds` found."""
        model, size = self.minisat.minisat22_model(self.solver), self.size
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
        rules.minisat.minisat22_del(rules.solver)
    _RULES.clear()
