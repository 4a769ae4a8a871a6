"""Random Hamiltonian paths on grid graphs (square or shaped, orthogonal or king moves).

A shape is its cells' neighbour lists (side steps, plus corner steps with king moves), checked for
connectivity and dead ends before any sampling. A path is sampled with the backbite Markov chain
(Mansfield's move for polymer sampling, as used for Hamiltonian paths by Oberdorf et al. 2006):
from one end of the path, step to a random graph neighbour v on the path; the edge end-v closes a
loop, and cutting the path edge at v next to the end gives a new Hamiltonian path. Each (end,
direction) pair is proposed with the same chance (directions off the shape are idle moves), so the
proposal is symmetric and the chain's stationary law is uniform over the paths it reaches; in
practice (and in the tests) it reaches all kinds: after many times N moves from any start (a snake,
or a Warnsdorff walk on shapes) the path, its turns and its two end cells vary freely.

Rejected: a randomised depth-first walk; it hugs the walls and ends in the last pocket it left
open."""

from __future__ import annotations

import random
from functools import lru_cache

from bookgen import i18n
from bookgen.errors import BookgenError

Cell = tuple[int, int]

SIDE_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))
KING_STEPS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def neighbour_lists(cells: list[Cell], diagonal: bool) -> list[list[int]]:
    """Neighbour lists by cell index (the order of `cells`), ascending: side neighbours, plus
    corner neighbours when diagonal."""
    index = {cell: i for i, cell in enumerate(cells)}
    steps = SIDE_STEPS + (KING_STEPS if diagonal else ())
    return [sorted(index[(r + dr, c + dc)] for dr, dc in steps if (r + dr, c + dc) in index)
            for r, c in cells]


def check_can_have_path(cells: list[Cell], adj: list[list[int]], what: str) -> None:
    """Refuse shapes that plainly have no Hamiltonian path: disconnected, or more than two dead
    ends (`adj`: the cells' neighbour lists)."""
    if not cells:
        raise BookgenError(i18n._("{what} has no cells").format(what=what), key="shape")
    reached, todo = {0}, [0]
    while todo:
        for near in adj[todo.pop()]:
            if near not in reached:
                reached.add(near)
                todo.append(near)
    if len(reached) < len(cells):
        raise BookgenError(i18n._("{what} falls apart into separate pieces; every cell must be "
                                  "reachable").format(what=what), key="shape")
    dead_ends = sorted(cell for cell, near in zip(cells, adj) if len(near) == 1)
    if len(dead_ends) > 2:
        raise BookgenError(
            i18n._("{what} has no path through every cell: cells {cells} each touch only one other "
                   "cell, and a path has only two ends").format(what=what, cells=dead_ends[:4]),
            key="shape")


def snake(rows: int, cols: int) -> list[Cell]:
    """The boustrophedon path through a full rectangle: a valid start for the chain."""
    return [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]


def warnsdorff_path(adj: list[list[int]], rng: random.Random, tries: int = 200) -> list[int] | None:
    """A Hamiltonian path found by depth-first search that always steps to the neighbour with the
    fewest onward moves (Warnsdorff's rule); each try starts afresh from a random cell of low
    degree with a budget of 20 steps a cell, since a walk that goes wrong early rarely recovers.
    None if every try runs out. Used to seed the chain on shaped grids."""
    size = len(adj)
    lowest = min(len(neighbours) for neighbours in adj)
    starts = [v for v in range(size) if len(adj[v]) <= lowest + 1]
    for _ in range(tries):
        start = rng.choice(starts)
        path = [start]
        used = [False] * size
        used[start] = True
        stack = [_ordered_moves(adj, used, start, rng)]
        for _ in range(20 * size):
            if len(path) == size:
                return path
            moves = stack[-1]
            if moves:
                nxt = moves.pop()
                used[nxt] = True
                path.append(nxt)
                stack.append(_ordered_moves(adj, used, nxt, rng))
            else:
                stack.pop()
                used[path.pop()] = False
                if not stack:
                    break
        if len(path) == size:
            return path
    return None


def _ordered_moves(adj: list[list[int]], used: list[bool], at: int, rng: random.Random) -> list[int]:
    """Unused neighbours of `at`, the most promising (fewest onward moves) last, for pop()."""
    free = [n for n in adj[at] if not used[n]]
    onward = {n: sum(1 for m in adj[n] if not used[m]) for n in free}
    return sorted(free, key=lambda n: (-onward[n], rng.random()))


def backbite(path: list[int], adj: list[list[int]], rng: random.Random, moves: int) -> list[int]:
    """Run `moves` backbite steps on a Hamiltonian path (cell indices) and return the new path.
    Up to 256 cells the path is kept as bytes: finding a cell is then a memchr and a reversal a
    byte copy (several times faster on a 15x15 grid, the same steps)."""
    cells: bytearray | list[int] = bytearray(path) if len(path) <= 256 else list(path)
    last = len(cells) - 1
    directions = max(len(neighbours) for neighbours in adj)
    proposals = 2 * directions
    # each cell's neighbours padded to `directions` with -1: a direction off the shape is an idle
    # move, which keeps the proposal symmetric
    padded = [(*neighbours, *[-1] * (directions - len(neighbours))) for neighbours in adj]
    draw, find = rng.random, cells.index  # random() is several times cheaper than randrange()
    for _ in range(moves):
        pick = int(draw() * proposals)
        if pick < directions:  # from the front end
            step = padded[cells[0]][pick]
            if step >= 0:
                j = find(step)
                if j > 1:
                    cells[:j] = cells[j - 1::-1]
        else:
            step = padded[cells[last]][pick - directions]
            if step >= 0:
                j = find(step)
                if j < last - 1:
                    cells[j + 1:] = cells[:j:-1]
    return list(cells)


def mixing_moves(size: int) -> int:
    """Backbite steps for a path of `size` cells: many times N, growing like N^1.5."""
    return 20 * size + 2 * size * int(size ** 0.5)


@lru_cache(maxsize=64)
def _checked_adjacency(cells: tuple[Cell, ...], diagonal: bool, what: str) -> list[list[int]]:
    """The neighbour lists of a shape, once per shape (refused here if it plainly has no path)."""
    adj = neighbour_lists(list(cells), diagonal)
    check_can_have_path(list(cells), adj, what)
    return adj


def random_path(cells: list[Cell], diagonal: bool, rng: random.Random, what: str) -> list[Cell]:
    """A well-mixed random Hamiltonian path through `cells`, as a list of cells from 1 to N."""
    adj = _checked_adjacency(tuple(cells), diagonal, what)
    index = {cell: i for i, cell in enumerate(cells)}
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    if len(cells) == rows * cols:
        start = [index[cell] for cell in snake(rows, cols)]
    else:
        found = warnsdorff_path(adj, rng)
        if found is None:
            raise BookgenError(i18n._("{what}: found no path through every cell; draw a simpler "
                                      "shape").format(what=what), key="shape")
        start = found
    path = backbite(start, adj, rng, mixing_moves(len(cells)))
    if rng.random() < 0.5:
        path.reverse()
    return [cells[i] for i in path]
