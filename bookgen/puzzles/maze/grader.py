"""Grading a maze by the steps a person takes to walk it, measured rather than assumed.

The person: from the entrance they walk on, marking where they have been; at a fork they pass by
every way they can see at a glance is a dead end (one that ends within `GLANCE` cells of the fork),
and take one of the others at random; where no way is left they back out, one step at a time, to
the last fork with a way not yet tried. The steps they take, back-outs included, averaged over
`WALKS` walks whose choices are drawn from seeds made from the maze itself, are the score; the
levels are bands of it (`BANDS`). In a perfect maze this person's mean is exactly the path plus, for
each way off it that cannot be seen to end, half the walk into it and back (tests/test_maze.py
checks the walks against that sum); a maze with loops has no such sum, and is walked the same way.

The rating also states what the score is made of: the path's length and its share of the cells,
the forks on it, the dead ends and how long they run, the loops, and the steps a wall follower
takes (keeping one hand on the wall, the mean of either hand).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence

from bookgen.api import JSON
from bookgen.core.grading import Bands
from bookgen.puzzles.maze.grids import openings
from bookgen.puzzles.maze.parameters import Maze, maze_of
from bookgen.puzzles.maze.solver import shortest_ways

GLANCE = 3
WALKS = 16
BANDS = Bands.of({"easy": (0, 59), "medium": (60, 149), "hard": (150, 349),
                  "expert": (350, 10**9)})


def rate(puzzle: JSON) -> JSON:
    return rating(maze_of(puzzle))


def rating(maze: Maze) -> JSON:
    """The measured figures and the level they fall in."""
    links = maze.links
    _, path = shortest_ways(maze, 1)
    assert path is not None, "a maze's exit can be reached"
    ways, seed = worth_trying(maze), seed_of(maze)
    steps = sum(person_walk(maze, ways, random.Random(f"{seed}/{walk}")) for walk in range(WALKS)) / WALKS
    ends = dead_ends(maze)
    score = round(steps)
    return {"level": BANDS.level_of(score), "score": score, "cells": len(links),
            "path": len(path), "path_share": round(len(path) / len(links), 3),
            "forks_on_path": forks_on(maze, path), "dead_ends": len(ends),
            "dead_end_length": round(sum(ends) / len(ends), 2) if ends else 0,
            "loops": sum(map(len, links)) // 2 - (len(links) - 1),
            "person_steps": round(steps, 1), "wall_follower_steps": wall_follower(maze)}


def seed_of(maze: Maze) -> str:
    """A short digest of the maze's passages and ends: the walks' choices are the maze's own."""
    text = json.dumps([maze.passages(), maze.entrance, maze.exit], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def forks_on(maze: Maze, path: Sequence[int]) -> int:
    """The cells of the path (not the exit) where more than one way leads on."""
    forks = 0
    for index, cell in enumerate(path[:-1]):
        back = 0 if index == 0 else 1
        forks += len(maze.links[cell]) - back >= 2
    return forks


def dead_ends(maze: Maze) -> list[int]:
    """Each dead end's length: the cells from it back to the fork it leaves (not counted)."""
    lengths = []
    for cell, near in enumerate(maze.links):
        if len(near) != 1 or cell in (maze.entrance, maze.exit):
            continue
        length, before, here = 1, cell, near[0]
        while len(maze.links[here]) == 2 and here not in (maze.entrance, maze.exit):
            before, here = here, next(c for c in maze.links[here] if c != before)
            length += 1
        lengths.append(length)
    return lengths


def worth_trying(maze: Maze) -> list[list[int]]:
    """Each cell's ways the person would try from it: all but those seen at a glance to end."""
    return [[way for way in near if not _seen_to_end(maze, cell, way)]
            for cell, near in enumerate(maze.links)]


def person_walk(maze: Maze, ways: Sequence[Sequence[int]], rng: random.Random) -> int:
    """The steps one walk of the person takes from the entrance to the exit (`ways`: from
    `worth_trying`)."""
    goal = maze.exit
    visited = bytearray(len(ways))
    visited[maze.entrance] = 1
    trail, steps = [maze.entrance], 0
    while trail[-1] != goal:
        open_ways = [way for way in ways[trail[-1]] if not visited[way]]
        if open_ways:
            chosen = open_ways[rng.randrange(len(open_ways))] if len(open_ways) > 1 else open_ways[0]
            visited[chosen] = 1
            trail.append(chosen)
        else:
            trail.pop()
        steps += 1
    return steps


def _seen_to_end(maze: Maze, fork: int, way: int) -> bool:
    """Whether the way from `fork` into `way` is seen at a glance to end: every cell beyond lies
    within GLANCE cells of the fork, and none is the exit."""
    links, layer, reached = maze.links, [way], {fork, way}
    for depth in range(1, GLANCE + 1):
        if maze.exit in layer:
            return False
        following = [c for cell in layer for c in links[cell] if c not in reached]
        if not following:
            return True
        if depth == GLANCE:
            return False
        reached.update(following)
        layer = following
    return True


def wall_follower(maze: Maze) -> int:
    """The mean of the steps a walker keeping the right hand on the wall and one keeping the left
    hand takes from the entrance to the exit (sides go clockwise round a cell, so the right hand
    tries them anticlockwise from the side it came in by)."""
    grid = maze.board
    linked = [set(near) for near in maze.links]
    door = openings(grid, True)[maze.entrance]
    walked = []
    for turn in (-1, 1):
        cell, came, steps = maze.entrance, door, 0
        while cell != maze.exit and steps <= 4 * grid.cells:
            sides = grid.sides[cell]
            for offset in range(1, len(sides) + 1):
                side = sides[(came + turn * offset) % len(sides)]
                if side.across is not None and side.across in linked[cell]:
                    break
            else:
                break  # a cell closed on every side: no maze has one
            following = side.across
            assert following is not None
            came = next(i for i, s in enumerate(grid.sides[following]) if s.across == cell)
            cell, steps = following, steps + 1
        walked.append(steps)
    return round(sum(walked) / 2)
