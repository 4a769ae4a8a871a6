"""What one pyramid adds to the triangle: its variant and range, read from a puzzle.

The triangle itself (cells, triangles, rows <-> flat values) is bookgen.core.triangle; here are
the rules one pyramid adds to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bookgen.api import JSON
from bookgen.core.triangle import triangular


@dataclass(frozen=True)
class Rules:
    """What a completed pyramid must satisfy: differences, numbers from low to high, all
    different, and (classic) every number of the range used."""

    variant: str
    rows: int
    low: int
    high: int

    @property
    def distinct(self) -> bool:
        return True

    @property
    def each_once(self) -> bool:
        """Classic: every number of the range appears (the range is exactly as big as the pyramid)."""
        return self.variant == "classic"

    def combine(self, a: int, b: int) -> int:
        return abs(a - b)

    def parents(self, child: int, known: int) -> tuple[int, ...]:
        """The values the other parent may have when one parent and the child are known."""
        return (known - child, known + child) if child else ()


def rules_of(puzzle: JSON) -> Rules:
    return Rules(puzzle["variant"], len(puzzle["rows"]), int(puzzle.get("min", 1)), largest(puzzle))


def largest(puzzle: JSON) -> int:
    """The puzzle's max: a classic pyramid may leave it out, as its rows fix it at n(n+1)/2."""
    if "max" not in puzzle and puzzle.get("variant") == "classic":
        return triangular(len(puzzle["rows"]))
    return int(puzzle["max"])
