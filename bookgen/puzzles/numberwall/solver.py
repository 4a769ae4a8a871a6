"""The solver: the engine's wide-row search, each brick bounded by the givens above it."""

from __future__ import annotations

from bookgen.api import JSON, Solved
from bookgen.core.triangle import completions, given_bounds, givens_of, shape, to_rows
from bookgen.puzzles.numberwall.wall import Wall, wall_of


def upper_bounds(wall: Wall, givens: dict[int, int]) -> list[int]:
    """Largest value each brick may take: every brick is at most the brick above it minus the
    smallest number, so givens bound everything below them."""
    grid = shape(wall.rows)
    bounds = given_bounds(wall.rows, wall.high, givens)
    for parent_a, parent_b, child in reversed(grid.triangles):
        for parent in (parent_a, parent_b):
            bounds[parent] = min(bounds[parent], bounds[child] - wall.low)
    return bounds


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    """Count completions up to cap (None: all), by the engine's wide-row search."""
    wall = wall_of(puzzle)
    givens = givens_of(puzzle["rows"])
    count = 0
    first = None
    for values in completions(wall, givens, upper_bounds(wall, givens)):
        if first is None:
            first = {"rows": to_rows(wall.rows, values)}
        count += 1
        if cap is not None and count >= cap:
            break
    return Solved(count, first)
