"""The generator, after Tatham's Keen: a random Latin square; cages laid over it (dominoes first,
as subtraction and division need two squares, then the squares left alone joined to a neighbour,
some kept alone as givens at the easy levels); an operation for each cage from those the section
allows, and its target from the square. Then the cages are split while the answer is not unique
(a cage holding a square where two answers differ) or the grader cannot finish within the level
(a cage holding a square it could not fill), and merged, a random pair of neighbours at a time,
while it still can: a puzzle as hard as the level allows. Kept when the measured level is the one
asked for.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from math import prod

from bookgen.api import JSON, Generated, Request, _
from bookgen.core.grading import level_word, make_at_level, most_trials
from bookgen.core.latin import Budget, Cell, Contradiction, random_square, rows_of
from bookgen.puzzles.calcudoku.cages import Cage, cage_of
from bookgen.puzzles.calcudoku.checking import side_by_side
from bookgen.puzzles.calcudoku.grader import BANDS, deduce, rate
from bookgen.puzzles.calcudoku.parameters import OPERATIONS
from bookgen.puzzles.calcudoku.solver import count_answers

ATTEMPTS = 60          # Latin squares tried before a request is declared impossible
MOST_SQUARES = {"easy": 3, "medium": 4, "hard": 4, "expert": 4}
"""The largest cage of each level: the issue's cages of 1 to 4 squares; easy ones stay small."""
ALONE = {"easy": 0.4, "medium": 0.15, "hard": 0.0, "expert": 0.0}
"""The chance that a square left alone by the dominoes stays a cage of one (a given)."""
DOMINO = 0.75          # the chance a square not yet in a cage pairs with a free neighbour (Keen's)
LARGEST_PRODUCT = 999  # a product cage's target prints as three digits at most, so its label fits
COUNT_GUESSES = 2000   # guesses a count of answers may make; cages past it are laid again
WEIGHTS = {"/": 4, "-": 3, "x": 2, "+": 2}
"""How often a cage of two squares takes each operation it can: division and subtraction first,
which only such cages have (Keen balances them the same way)."""


@dataclass(frozen=True)
class Plan:
    """Cages over an answer during generation: each its flat squares and operation."""

    size: int
    answer: tuple[int, ...]
    groups: tuple[tuple[tuple[Cell, ...], str], ...]

    def cages(self) -> tuple[Cage, ...]:
        return tuple(cage_of(cells, op, target_of(op, [self.answer[c] for c in cells]), self.size)
                     for cells, op in self.groups)

    def puzzle(self) -> JSON:
        size = self.size
        return {"size": size, "cages": [
            {"cells": [list(divmod(cell, size)) for cell in cells], "target": cage.target, "op": cage.op}
            for (cells, _), cage in sorted(zip(self.groups, self.cages()))]}

    def owner(self, cell: Cell) -> int:
        return next(i for i, (cells, _) in enumerate(self.groups) if cell in cells)

    def replaced(self, old: list[int], new: list[tuple[tuple[Cell, ...], str]]) -> Plan:
        kept = [group for i, group in enumerate(self.groups) if i not in old]
        return Plan(self.size, self.answer, tuple(sorted(kept + new)))


def target_of(op: str, values: list[int]) -> int:
    if op == "+":
        return sum(values)
    if op == "x":
        return prod(values)
    if op == "-":
        return max(values) - min(values)
    if op == "/":
        return max(values) // min(values)
    return values[0]


def operation(rng: random.Random, values: list[int], allowed: tuple[str, ...]) -> str | None:
    """A random operation for a cage of these numbers among those the section allows; None when
    none fits (a product too large to print, a division that leaves a remainder)."""
    if len(values) == 1:
        return "="
    fits = [op for op in allowed if (op != "x" or prod(values) <= LARGEST_PRODUCT) and (
        len(values) == 2 or op in ("+", "x"))]
    if len(values) == 2 and "/" in fits and max(values) % min(values):
        fits.remove("/")
    if not fits:
        return None
    return rng.choices(fits, weights=[WEIGHTS[op] for op in fits])[0]


def neighbours(size: int, cell: Cell) -> list[Cell]:
    r, c = divmod(cell, size)
    return [nr * size + nc for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= nr < size and 0 <= nc < size]


def lay_cages(rng: random.Random, size: int, answer: list[int], level: str,
              allowed: tuple[str, ...]) -> Plan | None:
    """Dominoes at random, then each square left alone kept as a given (at the easy levels' rate)
    or joined to a neighbouring cage with room; None when some cage can take no operation."""
    owner = list(range(size * size))
    groups: dict[int, list[Cell]] = {cell: [cell] for cell in owner}
    order = list(owner)
    rng.shuffle(order)
    for cell in order:
        free = [n for n in neighbours(size, cell) if len(groups[owner[n]]) == 1]
        if len(groups[owner[cell]]) == 1 and free and rng.random() < DOMINO:
            join(groups, owner, owner[cell], owner[rng.choice(free)])
    most = MOST_SQUARES[level]
    for cell in order:
        if len(groups[owner[cell]]) > 1 or rng.random() < ALONE[level]:
            continue
        hosts = sorted({owner[n] for n in neighbours(size, cell) if len(groups[owner[n]]) < most})
        if hosts:
            join(groups, owner, rng.choice(hosts), owner[cell])
    planned = []
    for cells in groups.values():
        op = operation(rng, [answer[c] for c in cells], allowed)
        if op is None:
            return None
        planned.append((tuple(sorted(cells)), op))
    return Plan(size, tuple(answer), tuple(sorted(planned)))


def join(groups: dict[int, list[Cell]], owner: list[int], keep: int, gone: int) -> None:
    for cell in groups.pop(gone):
        owner[cell] = keep
        groups[keep].append(cell)


def split(rng: random.Random, plan: Plan, cell: Cell, allowed: tuple[str, ...]) -> Plan | None:
    """The cage holding `cell` cut in two pieces side by side, at random, each with an operation;
    None when no cut gives both pieces one."""
    index = plan.owner(cell)
    cells = plan.groups[index][0]
    cuts = [part for count in range(1, len(cells)) for part in combinations(cells, count)
            if cells[0] in part and side_by_side(_squares(plan.size, part))
            and side_by_side(_squares(plan.size, tuple(c for c in cells if c not in part)))]
    rng.shuffle(cuts)
    for part in cuts:
        pieces = [part, tuple(c for c in cells if c not in part)]
        ops = [operation(rng, [plan.answer[c] for c in piece], allowed) for piece in pieces]
        if None not in ops:
            return plan.replaced([index], [(piece, op) for piece, op in zip(pieces, ops) if op])
    return None


def _squares(size: int, cells: tuple[Cell, ...]) -> list[tuple[int, int]]:
    return [divmod(cell, size) for cell in cells]


def unique(rng: random.Random, plan: Plan, allowed: tuple[str, ...]) -> Plan | None:
    """Cages split while two answers fit them (the cage of a square where they differ); None when
    a count runs past its budget or a cage cannot be split."""
    while True:
        budget = Budget(COUNT_GUESSES)
        found, answers = count_answers(plan.size, plan.cages(), 2, budget)
        if budget.left <= 0:
            return None
        if found == 1:
            return plan
        differ = [cell for cell in range(plan.size ** 2) if answers[0][cell] != answers[1][cell]]
        cut = split(rng, plan, rng.choice(differ), allowed)
        if cut is None:
            return None
        plan = cut


def finishes(plan: Plan, limit: float) -> tuple[bool, list[Cell]]:
    """Whether the grader finishes within `limit` and `most_trials`, and the squares it left open
    if not (where it needed too many trials, those its trials crossed a number out of)."""
    try:
        state, figures = deduce(plan.puzzle(), limit)
    except Contradiction:
        return False, []
    if figures.used.get("trial", 0) > most_trials(plan.size ** 2):
        return False, sorted({facts["cell"] for name, facts in state.log if name == "trial"})
    return figures.finished, [cell for cell in range(plan.size ** 2) if not state.placed[cell]]


def within_level(rng: random.Random, plan: Plan, level: str, allowed: tuple[str, ...]) -> Plan | None:
    """Cages split until the grader finishes within the level (the cage of a square it left
    open, or one a trial crossed a number out of), then neighbours merged while it still does."""
    limit = BANDS.top(level)
    while True:
        done, stuck = finishes(plan, limit)
        if done:
            break
        if not stuck:
            return None
        cut = split(rng, plan, rng.choice(stuck), allowed)
        if cut is None:
            return None
        plan = cut
    tried: set[tuple[Cell, ...]] = set()
    merged = True
    while merged:
        merged = False
        pairs = sorted({tuple(sorted((plan.owner(cell), plan.owner(near))))
                        for cell in range(plan.size ** 2) for near in neighbours(plan.size, cell)
                        if plan.owner(cell) != plan.owner(near)})
        rng.shuffle(pairs)
        for first, second in pairs:
            cells = tuple(sorted(plan.groups[first][0] + plan.groups[second][0]))
            if cells in tried or len(cells) > MOST_SQUARES[level]:
                continue
            tried.add(cells)
            op = operation(rng, [plan.answer[c] for c in cells], allowed)
            if op is None:
                continue
            bigger = plan.replaced([first, second], [(cells, op)])
            if finishes(bigger, limit)[0]:
                plan, merged = bigger, True
                break
    return plan


def check_request(request: Request) -> None:
    """Every size and level can be asked for (the sizes are the option's bounds)."""


def generate(rng: random.Random, request: Request) -> Generated:
    level = request.level
    size = request.settings["size"]
    allowed = OPERATIONS[request.settings["operations"]]

    def fill() -> list[int]:
        return random_square(rng, size)

    def reduce(answer: list[int]) -> JSON:
        plan = lay_cages(rng, size, answer, level, allowed)
        plan = plan and unique(rng, plan, allowed)
        plan = plan and within_level(rng, plan, level, allowed)
        return plan.puzzle() if plan else {"size": size, "cages": []}

    def graded(puzzle: JSON) -> JSON:
        return rate(puzzle) if puzzle["cages"] else {"level": None}

    made = make_at_level(level, ATTEMPTS, fill, reduce, graded,
                         _("could not make a {level} {size} calcudoku in {tries} tries; try another "
                           "level or size").format(level=level_word(level), size=f"{size}x{size}",
                                                   tries=ATTEMPTS))
    return Generated(made.puzzle, {"grid": rows_of(size, made.answer)}, made.rating)
