"""The rules, written apart from the solver (on networkx, where the solver counts by hand): the
answer is a walk from the entrance to the exit through passages, no cell twice; every cell of the
maze can be reached; and the walk is the maze's one way (a perfect maze: no loop, so any such walk
is the only one) or its one shortest way (a maze with loops: networkx finds every shortest way).
"""

from __future__ import annotations

import math
from itertools import islice

import networkx as nx

from bookgen.api import JSON, _
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.maze.grids import KINDS, full_places, openings
from bookgen.puzzles.maze.parameters import MAX_RINGS, MAX_SIDE, MIN_SIDE, board_of
from bookgen.puzzles.maze.pictures import PICTURES

PUZZLE_KEYS = {"grid", "size", "cells", "passages", "entrance", "exit"}
OPTIONAL_KEYS = {"pictures"}
CELL_KEYS = {"id", "row", "col", "x", "y"}
NEAR = 0.002  # how far a stated position may lie from where the grid puts the cell, in cells


def graph_of(puzzle: JSON) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from(range(len(puzzle["cells"])))
    graph.add_edges_from(tuple(pair) for pair in puzzle["passages"])
    return graph


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """The rules a solution breaks ([] when it is right), and a maze that falls apart."""
    graph = graph_of(puzzle)
    path = solution.get("path")
    start, end = puzzle["entrance"], puzzle["exit"]
    if not isinstance(path, list) or not path:
        return [_("the answer draws no path")]
    problems = []
    if path[0] != start or path[-1] != end:
        problems.append(_("the path runs from cell {first} to cell {last}, not from the entrance {start} "
                          "to the exit {end}").format(first=path[0], last=path[-1], start=start, end=end))
    if len(set(path)) != len(path):
        problems.append(_("the path visits a cell twice"))
    for a, b in zip(path, path[1:]):
        if not graph.has_edge(a, b):
            problems.append(_("the path crosses a wall between cells {a} and {b}").format(a=a, b=b))
    if not nx.is_connected(graph):
        problems.append(_("the maze falls apart into {count} pieces: some cells cannot be reached").format(
            count=nx.number_connected_components(graph)))
    if problems or nx.is_tree(graph):
        return problems
    shortest = list(islice(nx.all_shortest_paths(graph, start, end), 2))
    if len(shortest) > 1:
        problems.append(_("two ways from the entrance to the exit are equally short"))
    elif shortest[0] != path:
        problems.append(_("the path takes {steps} steps where the shortest way takes {shortest}").format(
            steps=len(path) - 1, shortest=len(shortest[0]) - 1))
    return problems


def validate(puzzle: JSON) -> None:
    """Refuse puzzle JSON that is not a maze on one of the grids, as the format states it."""
    if not isinstance(puzzle, dict) or not PUZZLE_KEYS <= set(puzzle) <= PUZZLE_KEYS | OPTIONAL_KEYS:
        raise PuzzleFormatError(_("a maze has exactly {choices} (and may have {choices2})").format(
                                    choices=', '.join(sorted(PUZZLE_KEYS)),
                                    choices2=', '.join(sorted(OPTIONAL_KEYS))))
    if "pictures" in puzzle and puzzle["pictures"] not in PICTURES:
        raise PuzzleFormatError(_("'pictures' is one of {choices}, where a maze has any").format(
                                    choices=', '.join(PICTURES)))
    kind, size = puzzle["grid"], puzzle["size"]
    if kind not in KINDS:
        raise PuzzleFormatError(_("'grid' must be one of {choices}").format(choices=', '.join(KINDS)))
    sides = 1 if kind == "theta" else 2
    top = MAX_RINGS if kind == "theta" else MAX_SIDE
    if not (isinstance(size, list) and len(size) == sides
            and all(type(side) is int and MIN_SIDE <= side <= top for side in size)):
        raise PuzzleFormatError(_("'size' of a {kind} maze is a list of {sides} whole numbers from "
                                  "{MIN_SIDE} to {top}").format(
                                    kind=kind, sides=sides, MIN_SIDE=MIN_SIDE, top=top))
    cells = puzzle["cells"]
    if not (isinstance(cells, list) and cells and all(
            isinstance(cell, dict) and set(cell) == CELL_KEYS and cell["id"] == index
            and all(type(cell[key]) is int for key in ("row", "col"))
            and all(isinstance(cell[key], (int, float)) and not isinstance(cell[key], bool)
                    for key in ("x", "y"))
            for index, cell in enumerate(cells))):
        raise PuzzleFormatError(_("'cells' is a list of {form}, the ids 0, 1, 2... in order").format(
                                    form='{id, row, col, x, y}'))
    places = [(cell["row"], cell["col"]) for cell in cells]
    grid_places = full_places(kind, tuple(size))
    if kind == "square":
        if places != sorted(set(places)) or not set(places) <= set(grid_places):
            raise PuzzleFormatError(_("the cells of a square maze are places of its grid, each once, row "
                                      "by row"))
    elif places != grid_places:
        raise PuzzleFormatError(_("the cells of a {kind} maze are every place of its grid, in order").format(
                                    kind=kind))
    grid = board_of(puzzle)
    for cell, (x, y) in zip(cells, grid.centres):
        if not (math.isclose(cell["x"], x, abs_tol=NEAR) and math.isclose(cell["y"], y, abs_tol=NEAR)):
            raise PuzzleFormatError(_("cell {id} is drawn at ({x}, {y}); its grid puts it at ({grid_x}, "
                                      "{grid_y})").format(id=cell["id"], x=cell["x"], y=cell["y"],
                                                          grid_x=format(x, ".3f"), grid_y=format(y, ".3f")))
    _passages(puzzle, grid.neighbours)
    for key, upward in (("entrance", True), ("exit", False)):
        end = puzzle[key]
        if type(end) is not int or end not in openings(grid, upward):
            raise PuzzleFormatError(
                _("'entrance' is the id of a cell with a side open to the top of the drawing") if upward
                else _("'exit' is the id of a cell with a side open to the bottom of the drawing"))
    if puzzle["entrance"] == puzzle["exit"]:
        raise PuzzleFormatError(_("the entrance and the exit are two cells"))


def _passages(puzzle: JSON, neighbours: tuple[tuple[int, ...], ...]) -> None:
    seen = set()
    for pair in puzzle["passages"] if isinstance(puzzle["passages"], list) else [None]:
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(c) is int for c in pair)
                and 0 <= pair[0] < len(neighbours) and pair[1] in neighbours[pair[0]]):
            raise PuzzleFormatError(_("'passages' holds {pair}: a passage is a pair of ids of cells that "
                                      "share a side").format(pair=repr(pair)))
        key = frozenset(pair)
        if key in seen:
            raise PuzzleFormatError(_("'passages' holds {pair} twice").format(pair=repr(pair)))
        seen.add(key)
