"""Hints: the way on from wherever the player's line ends, up to the next fork.

A hint points rather than fills (as word search's do): its cells are the way from one of its cells
to the next fork on it (or the exit), which the page lights; its value is that cell's place on the
way (0 the entrance). There is one hint from each cell of the way but the exit, in order, so the
page's first hint not yet done is the one from the end of the player's line while the line keeps
to the way; a line that has left the way gets no hint from Python: the game names the square where
it left and lights the stretch to go back over (play.js).
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.i18n import ngettext
from bookgen.puzzles.maze.parameters import Maze, maze_of


def forks(maze: Maze, path: list[int]) -> list[int]:
    """The places on the way (indices into `path`) where it is cut: the entrance, each cell where
    more than one way leads on, and the exit."""
    return [0] + [index for index in range(1, len(path) - 1)
                  if len(maze.links[path[index]]) >= 3] + [len(path) - 1]


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    path = solution["path"]
    cuts = forks(maze_of(puzzle), path)
    parts = len(cuts) - 1
    told = []
    part = 0
    for index in range(len(path) - 1):
        while cuts[part + 1] <= index:
            part += 1
        end = cuts[part + 1]
        steps = end - index
        if end < len(path) - 1:
            why = ngettext("Follow the lit cells: part {part} of {parts}, {steps} step on to the "
                           "next fork", "Follow the lit cells: part {part} of {parts}, {steps} "
                           "steps on to the next fork", steps)
        else:
            why = ngettext("Follow the lit cells: part {part} of {parts}, {steps} step on to the exit",
                           "Follow the lit cells: part {part} of {parts}, {steps} steps on to the exit",
                           steps)
        told.append({"cells": path[index:end + 1], "value": index,
                     "why": why.format(part=part + 1, parts=parts, steps=steps)})
    return told
