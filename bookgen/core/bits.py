"""Sets of small numbers as bitmasks (bit v set: v is in the set), the candidate sets the grid
solvers keep per cell."""

from __future__ import annotations


def members(mask: int) -> list[int]:
    """The numbers in a mask, smallest first."""
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


def single(mask: int) -> bool:
    """Whether a mask holds at most one number (a decided cell, or an empty contradiction)."""
    return mask & (mask - 1) == 0
