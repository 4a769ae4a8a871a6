"""Hints: an answer's steps, each two numbers joined into one, in the signs a reader expects."""

from __future__ import annotations

import ast
from fractions import Fraction

from bookgen.api import JSON
from bookgen.core import exprs
from bookgen.core.exprs import ExpressionError
from bookgen.i18n import N_, _
from bookgen.i18n.conjunctions import joined
from bookgen.puzzles.arithmetic.parameters import operator_signs

OPERATOR_OF = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "^"}


def _said(value: Fraction) -> str:
    return exprs.number_text(value).replace("-", "\u2212")


def _and(numbers: tuple[int, ...]) -> str:
    return joined([str(n) for n in numbers])


JOIN = (N_("Put {numbers} side by side to make {number}"),
        N_("Put {numbers} side by side to make {number}, the target"))
FIRST = (N_("Start with {step}"), N_("Start with {step}, the target"))
THEN = (N_("Then {step}"), N_("Then {step}, the target"))
"""Each step's words, and its words when it is the last (it reaches the target)."""


def _made_from(written: list[int], given: list[int]) -> list[tuple[int, ...]] | None:
    """For each number written, the card numbers it is made of (one, or neighbours joined in the
    card's order), each card number used once; None if the numbers written do not use the card
    so."""
    for runs in exprs.runs_of(given):
        if sorted(map(exprs.run_number, runs)) == sorted(written):
            return [runs.pop([exprs.run_number(run) for run in runs].index(number))
                    for number in written]
    return None


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """The simplest stored answer as the steps a person works out one at a time ("Start with
    8 \u2212 7 = 1", "Then 1 \u00d7 3 = 3" in English, ... "the target"), after any numbers put side by
    side ("Put 1 and 2 side by side: 12"): words only, no cell to fill."""
    texts = solution.get("expressions") or []
    if not texts:
        return []
    try:
        written = exprs.evaluate(texts[0])[1]
    except ExpressionError:
        return []
    said: list[tuple[tuple[str, str], dict[str, str]]] = []  # each step's words and their values
    if puzzle.get("concat"):
        parts = _made_from(written, list(puzzle["numbers"])) or []
        said += [(JOIN, {"numbers": _and(chosen), "number": str(number)})
                 for number, chosen in zip(written, parts) if len(chosen) > 1]

    def walk(node: ast.expr) -> Fraction:
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return Fraction(node.value)
        assert isinstance(node, ast.BinOp)
        left, right = walk(node.left), walk(node.right)
        value = exprs.evaluate(f"({ast.unparse(node)})")[0]
        sign = operator_signs()[OPERATOR_OF[type(node.op)]]
        step = f"{_said(left)} {sign} {_said(right)} = {_said(value)}"
        said.append((THEN if said else FIRST, {"step": step}))
        return value

    walk(ast.parse(texts[0].strip(), mode="eval").body)
    return [{"cells": [], "value": None, "why": _(words[index == len(said) - 1]).format(**values)}
            for index, (words, values) in enumerate(said)]
