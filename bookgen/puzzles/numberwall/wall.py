"""What one wall adds to the triangle: sums, and its range, read from a puzzle.

The triangle itself (cells, triangles, rows <-> flat values) is bookgen.core.triangle; here are
the rules one wall adds to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bookgen.api import JSON


@dataclass(frozen=True)
class Wall:
    """What a completed wall must satisfy: sums, every number from low to high."""

    rows: int
    low: int
    high: int

    @property
    def distinct(self) -> bool:
        return False

    def combine(self, a: int, b: int) -> int:
        return a + b

    def parents(self, child: int, known: int) -> tuple[int, ...]:
        """The value the other brick below must have when one of them and the brick above are known."""
        return (child - known,)


def wall_of(puzzle: JSON) -> Wall:
    return Wall(len(puzzle["rows"]), int(puzzle.get("min", 1)), int(puzzle["max"]))
