"""Solving a maze: the shortest ways from the entrance to the exit, counted (up to a cap).

A perfect maze has one way between any two cells, so its one way is also its one shortest way; a
braided maze has loops, and its answer is its shortest way, which the generator keeps the only
one. A breadth-first search from the entrance counts the shortest ways into every cell (each cell's
count the sum of its predecessors', capped), so one pass proves uniqueness, or finds two.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from bookgen.api import JSON, Solved
from bookgen.puzzles.maze.parameters import Maze, maze_of


def distances(links: Sequence[Sequence[int]], start: int) -> list[int]:
    """Steps from `start` to every cell along the passages (-1 where it cannot be reached)."""
    far = [-1] * len(links)
    far[start] = 0
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for other in links[cell]:
            if far[other] < 0:
                far[other] = far[cell] + 1
                queue.append(other)
    return far


def shortest_ways(maze: Maze, cap: int | None = None) -> tuple[int, list[int] | None]:
    """How many shortest ways lead from the entrance to the exit (at most `cap`), and the first."""
    links = maze.links
    far = distances(links, maze.entrance)
    if far[maze.exit] < 0:
        return 0, None
    ways = [0] * len(links)
    ways[maze.entrance] = 1
    for cell in sorted(range(len(links)), key=far.__getitem__):
        if far[cell] <= 0 or far[cell] > far[maze.exit]:
            continue
        total = sum(ways[other] for other in links[cell] if far[other] == far[cell] - 1)
        ways[cell] = total if cap is None else min(total, cap)
    path = [maze.exit]
    while path[-1] != maze.entrance:
        here = path[-1]
        path.append(min(other for other in links[here] if far[other] == far[here] - 1))
    return ways[maze.exit], path[::-1]


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    count, path = shortest_ways(maze_of(puzzle), cap)
    return Solved(count, None if path is None else {"path": path})
