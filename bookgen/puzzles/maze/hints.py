"""Hints: the way told a stretch at a time, from one fork to the next.

A hint points rather than fills (as word search's do): its cells are a stretch of the way, from a
fork on it (or the entrance) to the next fork (or the exit), which the page lights; its value is
the stretch's number. The page gives the first stretch the player's path has not yet followed,
so a hint always starts where the player last was on the right way.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.i18n import ngettext
from bookgen.puzzles.maze.parameters import Maze, maze_of


def stretches(maze: Maze, path: list[int]) -> list[list[int]]:
    """The way cut at its forks: each stretch from a fork (or the entrance) to the next fork (or
    the exit), both ends included."""
    cuts = [0] + [index for index in range(1, len(path) - 1)
                  if len(maze.links[path[index]]) - 1 >= 2] + [len(path) - 1]
    return [path[a:b + 1] for a, b in zip(cuts, cuts[1:])]


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    parts = stretches(maze_of(puzzle), solution["path"])
    told = []
    for number, stretch in enumerate(parts, 1):
        steps = len(stretch) - 1
        if number < len(parts):
            why = ngettext("Follow the lit cells: part {part} of {parts}, {steps} step on to the "
                           "next fork", "Follow the lit cells: part {part} of {parts}, {steps} "
                           "steps on to the next fork", steps)
        else:
            why = ngettext("Follow the lit cells: part {part} of {parts}, {steps} step on to the exit",
                           "Follow the lit cells: part {part} of {parts}, {steps} steps on to the exit",
                           steps)
        told.append({"cells": stretch, "value": number,
                     "why": why.format(part=number, parts=len(parts), steps=steps)})
    return told
