"""Killer cages: groups of 2 to 5 cells side by side whose numbers differ and add up to the sum
printed in the cage.

`cage_options` is the one rule both the solver and the grader use, as a person does: the sets of
different numbers that add up to the cage's sum, kept where they fit its cells' candidates, leave
each cell the candidates they hold. It never removes a number some filling needs, and once every
cell of a cage has one number it holds exactly when they add up; so the solver's search stays
exact. Cached, since the same candidates come back again and again in a search.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations

from bookgen.puzzles.sudoku.regions import connected, neighbours

Cage = tuple[tuple[int, ...], int]  # (cells, sum)
CAGE_SIZES = {"easy": (2, 3), "medium": (2, 2), "hard": (2, 3), "expert": (2, 3), "master": (2, 4)}
"""The cage sizes a level's cages grow to (at random between the two; a square left alone joins
a neighbour one past them, and a square moved to settle two answers may take a cage one past
them too: `moved`). Small cages allow few sets of numbers, so a person starts from them: of 40
killers without givens, cages of 2 rate medium 18 times (pointing the rest but one); of 30 of
2-3, 19 rate medium or hard, 1 expert and 10 master, whose trials follow the sums
(`grader.summed_contradictions`); cages of 2-4 rate master (13 of 15; 2 past the grader) at a
third of the time cages of 2-5 took (bench/sudoku_variants.py). An easy killer's cages of 2-3 take
a classic's givens (generator.killer)."""


def combinations_of(count: int, total: int) -> tuple[int, ...]:
    """The sets (bitmasks) of `count` different numbers from 1 to 9 adding up to `total`."""
    return COMBINATIONS.get((count, total), ())


COMBINATIONS: dict[tuple[int, int], tuple[int, ...]] = {}
for _count in range(1, 10):
    for _numbers in combinations(range(1, 10), _count):
        _key = (_count, sum(_numbers))
        COMBINATIONS[_key] = COMBINATIONS.get(_key, ()) + (sum(1 << n for n in _numbers),)


@lru_cache(maxsize=1 << 16)
def cage_options(total: int, masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """Per cell of a cage, the candidates (bitmasks) it keeps: those in some set of different
    numbers adding up to `total` that fits the cage (every cell has a candidate in the set, every
    number of the set is a candidate somewhere); None when no set fits."""
    union = 0
    for mask in masks:
        union |= mask
    allowed = [0] * len(masks)
    for combination in combinations_of(len(masks), total):
        if combination & ~union or any(not mask & combination for mask in masks):
            continue
        for i, mask in enumerate(masks):
            allowed[i] |= mask & combination
    return tuple(allowed) if all(allowed) else None


def random_cages(rng: random.Random, size: int, answer: list[int], sizes: tuple[int, int]) -> list[Cage]:
    """Cages grown over a filled grid in random order: each takes side-by-side cells of numbers
    not yet in it, up to a size drawn between `sizes`; a cell left alone joins a neighbouring
    cage that lacks its number (one past the largest size at most), or stays a cage of one."""
    owner = [-1] * (size * size)
    groups: list[list[int]] = []
    cells = list(range(size * size))
    rng.shuffle(cells)
    for start in cells:
        if owner[start] >= 0:
            continue
        target = rng.randint(*sizes)
        group = [start]
        owner[start] = len(groups)
        while len(group) < target:
            values = {answer[c] for c in group}
            edge = sorted({n for c in group for n in neighbours(size, c)
                           if owner[n] < 0 and answer[n] not in values})
            if not edge:
                break
            cell = rng.choice(edge)
            owner[cell] = len(groups)
            group.append(cell)
        groups.append(group)
    for index, group in enumerate(groups):
        if len(group) != 1:
            continue
        (cell,) = group
        hosts = sorted({owner[n] for n in neighbours(size, cell)
                        if 1 < len(groups[owner[n]]) <= sizes[1]
                        and answer[cell] not in {answer[c] for c in groups[owner[n]]}})
        if hosts:
            host = rng.choice(hosts)
            groups[host].append(cell)
            owner[cell] = host
            groups[index] = []
    return cages_of([group for group in groups if group], answer)


def moved(rng: random.Random, size: int, groups: list[list[int]], answer: list[int], cell: int,
          most: int) -> bool:
    """Move a square out of its cage into a neighbouring one that lacks its number and has fewer
    than `most` squares, leaving a cage of two squares or more in one piece; False when no cage
    takes it. A second answer that differs from `answer` in the square then breaks a sum: the
    cage it left adds up, without it, to the sum less the square's number, which differs."""
    owner = {square: index for index, group in enumerate(groups) for square in group}
    home = groups[owner[cell]]
    rest = [square for square in home if square != cell]
    if len(rest) < 2 or not connected(size, set(rest)):
        return False
    hosts = sorted({owner[other] for other in neighbours(size, cell)
                    if owner[other] != owner[cell] and len(groups[owner[other]]) < most
                    and answer[cell] not in {answer[square] for square in groups[owner[other]]}})
    if not hosts:
        return False
    home.remove(cell)
    groups[rng.choice(hosts)].append(cell)
    return True


def cages_of(groups: list[list[int]], answer: list[int]) -> list[Cage]:
    """The cages of groups of squares, each with its sum in the answer, in order."""
    return sorted((tuple(sorted(group)), sum(answer[cell] for cell in group)) for group in groups)
