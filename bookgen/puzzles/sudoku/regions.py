"""Jigsaw regions: a layout of N connected regions of N cells each on an N x N grid, written as
each cell's region number (1 to N, numbered in reading order of their first cells).

A layout is made from the boxes by swapping cells across region borders: each swap trades a cell
of one region for a cell of a neighbouring region, and is kept only when both regions stay
connected, so every layout keeps its sizes and connectivity by construction; the checks below
prove both again from the page.
"""

from __future__ import annotations

import random

from bookgen.api import _
from bookgen.puzzles.sudoku.parameters import BOXES

SWAPS = {6: 40, 9: 200}
"""Kept swaps per layout: enough that few regions keep a box's shape."""


def neighbours(size: int, cell: int) -> list[int]:
    """The cells beside a cell (up, down, left, right)."""
    row, col = divmod(cell, size)
    return ([cell - size] if row else []) + ([cell + size] if row < size - 1 else []) + \
        ([cell - 1] if col else []) + ([cell + 1] if col < size - 1 else [])


def connected(size: int, cells: set[int]) -> bool:
    """Whether the cells form one piece, side by side."""
    if not cells:
        return False
    first = min(cells)
    seen, stack = {first}, [first]
    while stack:
        for other in neighbours(size, stack.pop()):
            if other in cells and other not in seen:
                seen.add(other)
                stack.append(other)
    return len(seen) == len(cells)


def boxes(size: int) -> list[int]:
    """The classic layout: each cell's box number, from 1 in reading order."""
    rows, cols = BOXES[size]
    return [(cell // size // rows) * (size // cols) + cell % size // cols + 1 for cell in range(size * size)]


def numbered(layout: list[int]) -> list[int]:
    """The layout with its regions renumbered 1, 2, ... in the order their first cells come."""
    names: dict[int, int] = {}
    for region in layout:
        names.setdefault(region, len(names) + 1)
    return [names[region] for region in layout]


def random_layout(rng: random.Random, size: int) -> list[int]:
    """A random layout grown from the boxes by swaps that keep every region connected."""
    layout = boxes(size)
    members = {region: {cell for cell, r in enumerate(layout) if r == region} for region in set(layout)}
    kept = 0
    while kept < SWAPS[size]:
        cell = rng.randrange(size * size)
        region = layout[cell]
        across = [other for other in neighbours(size, cell) if layout[other] != region]
        if not across:
            continue
        neighbour = layout[rng.choice(across)]
        # a cell of the neighbouring region beside this region (other than the one given away)
        back = sorted(other for other in members[neighbour]
                      if any(layout[n] == region and n != cell for n in neighbours(size, other)))
        if not back:
            continue
        taken = rng.choice(back)
        mine = members[region] - {cell} | {taken}
        theirs = members[neighbour] - {taken} | {cell}
        if connected(size, mine) and connected(size, theirs):
            members[region], members[neighbour] = mine, theirs
            layout[cell], layout[taken] = neighbour, region
            kept += 1
    return numbered(layout)


def layout_problems(size: int, layout: list[int]) -> list[str]:
    """What makes a layout not a jigsaw's: a region of the wrong size, or in more than one piece."""
    problems = []
    for region in range(1, size + 1):
        cells = {cell for cell, r in enumerate(layout) if r == region}
        if len(cells) != size:
            problems.append(_("region {region} has {count} cells, not {size}").format(
                region=region, count=len(cells), size=size))
        elif not connected(size, cells):
            problems.append(_("region {region} is not in one piece").format(region=region))
    return problems
