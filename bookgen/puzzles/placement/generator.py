"""The generator: a row of signs and a pool whose count of arrangements (one, or several) and score
meet the request, with boxes pre-filled where the level asks for them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bookgen.api import JSON, Generated, Request, _
from bookgen.core.grading import level_word, make_at_level
from bookgen.core.options import Option
from bookgen.errors import BookgenError
from bookgen.puzzles.placement.grader import rate
from bookgen.puzzles.placement.numbers import make_pool, parse_number
from bookgen.puzzles.placement.parameters import (
    BANDS,
    KIND_POINTS,
    KINDS,
    MAX_SIZE,
    MIN_SIZE,
    OPTIONS,
    PREFERRED,
    PREFILL_CEILING,
    UNIQUE_POINTS,
    score_span,
)
from bookgen.puzzles.placement.solver import count_arrangements, fence


def _candidates(level: str, options: Mapping[str, Any]) -> list[tuple[int, str, bool]]:
    """(size, kind, unique) combinations the options allow that may grade at the level, the
    level's preferred ones first (the options have no defaults: what is left open, the level
    chooses)."""
    low, high = BANDS.span(level)
    sizes = [options["size"]] if "size" in options else range(MIN_SIZE, MAX_SIZE + 1)
    kinds = [options["numbers"]] if "numbers" in options else KINDS
    uniques = [options["unique"]] if "unique" in options else (False, True)
    allowed = [(s, k, u) for s in sizes for k in kinds for u in uniques
               if score_span(s, k, u)[0] <= high and score_span(s, k, u)[1] >= low]
    prefer = PREFERRED[level]
    preferred = [c for c in allowed
                 if c[0] in prefer["size"] and c[1] in prefer["numbers"] and c[2] in prefer["unique"]]
    return preferred or allowed


VALUES: dict[str, tuple[int | str | bool, ...]] = {
    "size": tuple(range(MIN_SIZE, MAX_SIZE + 1)), "numbers": KINDS, "unique": (False, True)}
"""Every value of each option, in order."""


def check_request(request: Request) -> None:
    """Refuse options that give no puzzle at the level, saying how the level scores and which
    values of each option chosen would give one, the others kept."""
    level, options = request.level, request.options
    if _candidates(level, options):
        return
    low, high = BANDS.span(level)
    specs = {spec.name: spec for spec in OPTIONS}
    chosen = ", ".join(f"{k}={specs[k].format(v)}" for k, v in sorted(options.items()))
    points = ", ".join(f"{kind} +{KIND_POINTS[kind]}" for kind in KINDS if KIND_POINTS[kind])
    takes = [f"{name} {_values_said(specs[name], values)}" for name in sorted(options)
             if (values := [value for value in VALUES[name]
                            if _candidates(level, {**options, name: value})])]
    advice = (_("with the other options as they are, {level} takes {takes}").format(
        level=level_word(level), takes=_(" or ").join(takes)) if takes else
              _("choose another level, or change more than one option"))
    raise BookgenError(_(
        "no {level} placement puzzle has {chosen}: {level} scores {low} to {high} (a point for "
        "each box to fill; numbers {points}; unique +{unique}); {advice}").format(
            level=level_word(level), chosen=chosen, low=low, high=high, points=points,
            unique=UNIQUE_POINTS, advice=advice), key="difficulty")


def _values_said(spec: Option, values: list[int | str | bool]) -> str:
    """An option's values as a refusal lists them: sizes as a run (3 to 6), the rest by name."""
    low, high = values[0], values[-1]
    if spec.kind == "int" and isinstance(low, int) and isinstance(high, int) and len(values) > 1 \
            and values == list(range(low, high + 1)):
        return _("{low} to {high}").format(low=low, high=high)
    return ", ".join(spec.format(value) for value in values)


def _counts_if_pinned(signs: str, pinned: tuple[int, ...], ranks: list[int]) -> dict[int, int]:
    """For each free box, the arrangements left if it were pinned to its rank in the answer, in
    one pass: an arrangement puts box b at rank r by passing through exactly one down-set of r
    boxes to which b can be added, so the count is the ways into those down-sets times the ways
    on from them with b added."""
    row = fence(signs, pinned)
    counts = {box: 0 for box in range(row.size) if pinned[box] < 0}
    layer = {0: 1}  # down-sets of `step` boxes -> ways to fill them
    for step in range(row.size):
        following: dict[int, int] = {}
        for mask, ways in layer.items():
            for box in row.addable(mask):
                after = mask | 1 << box
                onward = row.completions(after)
                if not onward:
                    continue
                if box in counts and ranks[box] == step:
                    counts[box] += ways * onward
                following[after] = following.get(after, 0) + ways
        layer = following
    return counts


def _prefill(rng: random.Random, signs: list[str], ranks: list[int]) -> tuple[int, ...]:
    """Pin boxes of the answer, greedily cutting the count most, until one arrangement is left;
    then unpin any box that is no longer needed."""
    size = len(ranks)
    pinned = [-1] * size
    while count_arrangements(signs, tuple(pinned)) > 1:
        counts = _counts_if_pinned("".join(signs), tuple(pinned), ranks)
        trials = [(counts[box], rng.random(), box) for box in range(size) if pinned[box] < 0]
        *_tried, box = min(trials)
        pinned[box] = ranks[box]
    boxes = [b for b in range(size) if pinned[b] >= 0]
    rng.shuffle(boxes)
    for box in boxes:
        trial = pinned.copy()
        trial[box] = -1
        if count_arrangements(signs, tuple(trial)) == 1:
            pinned = trial
    return tuple(pinned)


ATTEMPTS = 400  # rows tried before a request is declared out of reach (each takes milliseconds)


@dataclass(frozen=True)
class Answer:
    """A row to cut a puzzle from: its signs, pool and answer (the rank in each box), and
    whether it is to be pre-filled until one arrangement is left."""

    signs: list[str]
    numbers: list[str]
    ranks: list[int]
    unique: bool


def generate(rng: random.Random, request: Request) -> Generated:
    """A row of one of the level's settings with a random answer (pre-filled until one
    arrangement is left when unique); kept when its measured score is in the level's band."""
    candidates = _candidates(request.level, request.options)

    def pick(options: list[int], weights: list[int]) -> int:
        ticket = rng.randrange(sum(weights))
        for box, weight in zip(options, weights):
            if ticket < weight:
                return box
            ticket -= weight
        raise AssertionError("weights exhausted")

    def fill() -> Answer:
        size, kind, unique = rng.choice(candidates)
        signs = [rng.choice("<>") for _sign in range(size - 1)]
        while len(set(signs)) < 2:  # a row of equal signs is only sorting: one arrangement
            signs = [rng.choice("<>") for _sign in range(size - 1)]
        numbers = make_pool(rng, kind, size)
        ranks = fence("".join(signs), tuple([-1] * size)).walk(pick)
        assert ranks is not None  # a fence always has an arrangement
        return Answer(signs, numbers, ranks, unique)

    def reduce(answer: Answer) -> JSON:
        size = len(answer.numbers)
        pinned = _prefill(rng, answer.signs, answer.ranks) if answer.unique else tuple([-1] * size)
        ranked = sorted(answer.numbers, key=parse_number)
        arrangements = count_arrangements(answer.signs, pinned)
        return {
            "signs": answer.signs,
            "numbers": answer.numbers,
            "givens": {str(b): ranked[r] for b, r in enumerate(pinned) if r >= 0},
            "arrangements": arrangements,
            "unique": arrangements == 1,
        }

    ceiling = PREFILL_CEILING[request.level]
    made = make_at_level(request.level, ATTEMPTS, fill, reduce, rate,
                         _("could not make a {level} placement puzzle ({request}) in {tries} tries; "
                           "widen the options").format(level=level_word(request.level),
                                                       request=request.describe(), tries=ATTEMPTS),
                         prefer=lambda rating: 100 * rating["givens"] <= ceiling * rating["boxes"])
    ranked = sorted(made.answer.numbers, key=parse_number)
    return Generated(made.puzzle, {"order": [ranked[r] for r in made.answer.ranks]}, made.rating)
