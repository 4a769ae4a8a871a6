"""The grade: the score of the boxes to fill, the pool's kind and whether boxes come pre-filled."""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.puzzles.placement.numbers import pool_kind
from bookgen.puzzles.placement.parameters import BANDS, score
from bookgen.puzzles.placement.solver import count_arrangements, pins


def rate(puzzle: JSON) -> JSON:
    """Measured figures: boxes, boxes to fill, number kind, pre-filled boxes, arrangements,
    score and level."""
    pinned, _ = pins(puzzle)
    size = len(puzzle["numbers"])
    kind = pool_kind(puzzle["numbers"])
    givens = len(puzzle.get("givens", {}))
    points = score(size - givens, kind, givens > 0)
    return {
        "level": BANDS.level_of(points),
        "score": points,
        "boxes": size,
        "to_fill": size - givens,
        "numbers": kind,
        "givens": givens,
        "arrangements": count_arrangements(puzzle["signs"], pinned),
    }
