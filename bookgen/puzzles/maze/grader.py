"""Grading a maze by the steps a person takes to walk it, measured rather than assumed.

The person keeps a hand on the wall, as people are taught to: from the entrance they walk on,
taking at each cell the first way on their hand's side, marking where they have been; they pass
by every way they can see at a glance is a dead end (one that ends within `GLANCE` cells of the
fork, without the exit) and never walk into a cell they have marked (so loops cannot send them
round for ever); where no way is left they back out, one step at a time, to the last fork with a
way not yet tried. Walked with either hand, the same maze takes different steps; a person is as
likely to keep one hand as the other, so the score is the mean of the two walks: what a coin
tossed for the hand gives on average, worked out exactly rather than tossed, so the same maze
always rates the same. The levels are bands of it (`BANDS`), so a harder level is a maze a person
walks longer, by construction.

In a perfect maze each way off the path that cannot be seen to end lies on one hand's side of
the path and not the other's: one of the two walks goes into all of it and out again, so the
mean is exactly the path plus the cells of those ways (tests/test_maze.py checks the sum). A
maze with loops has no such sum, and is walked the same way.

The rating also states what the score is made of: the path's length and its share of the cells,
the forks on it, the dead ends and how long they run, the loops, and each hand's steps.
"""

from __future__ import annotations

from collections.abc import Sequence

from bookgen.api import JSON
from bookgen.core.grading import Bands
from bookgen.puzzles.maze.grids import Board, openings
from bookgen.puzzles.maze.parameters import Maze, maze_of
from bookgen.puzzles.maze.solver import shortest_ways

GLANCE = 3
RIGHT, LEFT = -1, 1  # the way a hand turns through a cell's sides (they run clockwise)
BANDS = Bands.of({"easy": (0, 59), "medium": (60, 149), "hard": (150, 349),
                  "expert": (350, 10**9)})


def rate(puzzle: JSON) -> JSON:
    return rating(maze_of(puzzle))


def rating(maze: Maze) -> JSON:
    """The measured figures and the level they fall in."""
    links = maze.links
    _, path = shortest_ways(maze, 1)
    assert path is not None, "a maze's exit can be reached"
    ways = worth_trying(maze)
    right, left = hand_walk(maze, ways, RIGHT), hand_walk(maze, ways, LEFT)
    steps = (right + left) / 2
    ends = dead_ends(maze)
    score = round(steps)
    return {"level": BANDS.level_of(score), "score": score, "cells": len(links),
            "path": len(path), "path_share": round(len(path) / len(links), 3),
            "forks_on_path": forks_on(maze, path), "dead_ends": len(ends),
            "dead_end_length": round(sum(ends) / len(ends), 2) if ends else 0,
            "loops": sum(map(len, links)) // 2 - (len(links) - 1),
            "person_steps": steps, "right_hand_steps": right, "left_hand_steps": left}


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


def hand_walk(maze: Maze, ways: Sequence[Sequence[int]], hand: int) -> int:
    """The steps the person keeping `hand` (RIGHT or LEFT) on the wall takes from the entrance to
    the exit (`ways`: from `worth_trying`). From the side they came in by, the right hand meets
    a cell's sides anticlockwise (they are listed clockwise), the left hand clockwise."""
    grid = maze.board
    worth = [set(near) for near in ways]
    visited = bytearray(grid.cells)
    visited[maze.entrance] = 1
    trail = [(maze.entrance, openings(grid, True)[maze.entrance])]
    steps = 0
    while trail[-1][0] != maze.exit:
        cell, came = trail[-1]
        sides = grid.sides[cell]
        onward = None
        for offset in range(1, len(sides)):
            across = sides[(came + hand * offset) % len(sides)].across
            if across is not None and across in worth[cell] and not visited[across]:
                onward = across
                break
        if onward is None:
            trail.pop()  # back out, one step, towards the last fork with a way not yet tried
        else:
            visited[onward] = 1
            trail.append((onward, _side_to(grid, onward, cell)))
        steps += 1
    return steps


def _side_to(grid: Board, cell: int, other: int) -> int:
    """The index of `cell`'s side across which `other` lies."""
    return next(index for index, side in enumerate(grid.sides[cell]) if side.across == other)


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
