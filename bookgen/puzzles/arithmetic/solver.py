"""The solver: every distinct solution of a card in normal form, from bookgen.core.exprs."""

from __future__ import annotations

from bookgen.api import JSON, Solved
from bookgen.core import exprs
from bookgen.core.exprs import Form, Rules
from bookgen.puzzles.arithmetic.parameters import rules_of


def solution_forms(puzzle: JSON) -> list[Form]:
    """Every distinct solution in normal form, simplest first."""
    engine = exprs.engine(rules_of(puzzle))
    return sorted(engine.card_forms(tuple(puzzle["numbers"]), puzzle["target"]),
                  key=engine.simplicity)


def expressions(forms: list[Form], rules: Rules) -> list[str]:
    """Solution forms as text in the rules' own operators."""
    engine = exprs.engine(rules)
    return [engine.written(form) for form in forms]


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    """All distinct solutions, simplest first; count is capped, the list is not."""
    forms = solution_forms(puzzle)
    count = len(forms) if cap is None else min(len(forms), cap)
    solution = {"expressions": expressions(forms, rules_of(puzzle))} if forms else None
    return Solved(count, solution)
