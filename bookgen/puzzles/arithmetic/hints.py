"""Hints: an answer's steps, each two numbers joined into one, in the signs a reader expects."""

from __future__ import annotations

import ast
from fractions import Fraction

from bookgen.core import exprs
from bookgen.core.exprs import ExpressionError
from bookgen.puzzles.base import JSON

HINT_SIGNS = {ast.Add: "+", ast.Sub: "\u2212", ast.Mult: "\u00d7", ast.Div: "\u00f7", ast.Pow: "^"}


def _said(value: Fraction) -> str:
    return exprs.number_text(value).replace("-", "\u2212")


def _and(numbers: tuple[int, ...]) -> str:
    text = [str(n) for n in numbers]
    return ", ".join(text[:-1]) + " and " + text[-1]


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
    8 \u2212 7 = 1", "Then 1 \u00d7 3 = 3", ... "the target"), after any numbers put side by
    side ("Put 1 and 2 side by side: 12"): words only, no cell to fill."""
    texts = solution.get("expressions") or []
    if not texts:
        return []
    try:
        _, written, _ = exprs.evaluate(texts[0])
    except ExpressionError:
        return []
    joins: list[str] = []
    if puzzle.get("concat"):
        parts = _made_from(written, list(puzzle["numbers"])) or []
        joins = [f"Put {_and(chosen)} side by side to make {number}"
                 for number, chosen in zip(written, parts) if len(chosen) > 1]
    lines: list[str] = []

    def walk(node: ast.expr) -> Fraction:
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return Fraction(node.value)
        assert isinstance(node, ast.BinOp)
        left, right = walk(node.left), walk(node.right)
        value = exprs.evaluate(f"({ast.unparse(node)})")[0]
        lines.append(f"{_said(left)} {HINT_SIGNS[type(node.op)]} {_said(right)} = {_said(value)}")
        return value

    walk(ast.parse(texts[0].strip(), mode="eval").body)
    said = joins + [("Then " if n or joins else "Start with ") + line for n, line in enumerate(lines)]
    if not said:
        return []
    said[-1] += ", the target"
    return [{"cells": [], "value": None, "why": line} for line in said]
