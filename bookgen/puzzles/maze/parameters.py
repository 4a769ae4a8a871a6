"""Maze parameters: the grids and their sizes by level, the options, the rules, and the forms a
maze is read, printed and compared in.

A maze travels as a graph (see README.md): its cells, each with its place in the grid and its
drawing position, the passages between cells (pairs of cell ids with no wall between them), the
entrance and the exit; its answer is the path of cell ids between them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bookgen.api import JSON, Printed, Request, form_key
from bookgen.core.masks import SHAPES, parse_mask, shape_mask
from bookgen.core.options import Option, spoken_choice
from bookgen.errors import BookgenError
from bookgen.i18n import N_, _
from bookgen.puzzles.maze.grids import BOARDS_KEPT, KINDS, Board, board, twins
from bookgen.puzzles.maze.pictures import CHOICES, NAMES, STORIES

MIN_SIDE, MAX_SIDE = 3, 60
MAX_RINGS = 30
PICTURE_SIDE = 16  # the cells a picture is reduced to on each side where the section sets no size
SIZE_AT: dict[str, dict[str, tuple[int, int]]] = {
    "square": {"easy": (8, 8), "medium": (14, 14), "hard": (22, 22), "expert": (30, 30)},
    "hex": {"easy": (8, 8), "medium": (14, 14), "hard": (22, 22), "expert": (31, 31)},
    "triangle": {"easy": (6, 11), "medium": (10, 19), "hard": (15, 31), "expert": (21, 43)},
    "theta": {"easy": (5, 5), "medium": (8, 8), "hard": (12, 12), "expert": (17, 17)},
}
"""The default size of each grid at each level: a child's maze (easy) is small; each level's size
is where the measured difficulty of most mazes falls in the level's band (bench/maze.py)."""

def loop_factor(braid: float) -> float:
    """How many times the person's steps per cell change with loops: about 1 - 0.35 braid^0.8,
    fewer, since a loop is a short cut for a hand on the wall where a dead end was a way in and
    out (measured on squares, hexagons and rings: x0.85 to 0.97 at 0.25, x0.74 to 0.88 at 0.5,
    x0.62 to 0.80 at 1)."""
    return 1 - 0.35 * braid ** 0.8


def default_size(kind: str, level: str, braid: float, shape: str) -> tuple[int, int]:
    """A level's default size on a grid, with more cells where loops make each cell quicker to
    walk and where a built-in shape leaves the corners out, so that a level's default maze lands in
    its band whatever its loops and shape."""
    rows, cols = SIZE_AT[kind][level]
    share = 1.0
    if kind == "square" and shape in SHAPES:
        share = len(shape_mask(shape, rows, cols).cells) / (rows * cols)
    grow = (loop_factor(braid) * share) ** -0.5
    return (min(MAX_SIDE, max(MIN_SIDE, round(rows * grow))),
            min(MAX_SIDE, max(MIN_SIDE, round(cols * grow))))


def _picture_words(choice: str) -> str:
    if choice == "none":
        return _("none")
    # Translators: a maze's pictures: "a mouse and cheese", "a bee and a flower".
    return _("{start} and {goal}").format(start=_(NAMES[choice][0]), goal=_(NAMES[choice][1]))


GRID_WORDS = {"square": N_("squares"), "hex": N_("hexagons"), "triangle": N_("triangles"),
              "theta": N_("rings")}


def _shape_problem(text: str) -> str | None:
    """Why a shape is neither a built-in name nor a drawn mask, or None."""
    if text in SHAPES:
        return None
    if "#" not in text:
        return _("shape {shape} is not a built-in shape ({shapes}) nor a mask such as "
                 "'.##./####/.##.' ('#' a cell, '.' a hole, '/' between rows)").format(
                     shape=repr(text), shapes=", ".join(SHAPES))
    try:
        parse_mask(text, MAX_SIDE, least_cells=4)
    except BookgenError as error:
        return error.message
    return None


OPTIONS = (
    Option("grid", "choice", N_("the cells the maze is made of: squares, hexagons, triangles, or "
           "rings round a centre (a round maze); default squares"), choices=KINDS, default="square",
           words=lambda choice: spoken_choice(choice, _(GRID_WORDS[choice])), label=N_("Grid")),
    Option("braid", "float", N_("share of dead ends opened into loops, 0 to 1 (default 0: a "
           "perfect maze, one way between any two cells); the shortest way stays the only one"),
           low=0.0, high=1.0, default=0.0, label=N_("Loops")),
    Option("shape", "text", N_("for square grids: a built-in shape ({shapes}) drawn at the size, "
           "or a mask like '.##./####/####/.##.' ('#' a cell, '.' a hole); default square"),
           help_values={"shapes": ", ".join(SHAPES)}, check=_shape_problem, default="square",
           picture=True, high=PICTURE_SIDE, label=N_("Shape")),
    Option("pictures", "choice", N_("small pictures beside the entrance and the exit: none, a "
           "mouse and cheese, or a bee and a flower; default none"), choices=CHOICES, default="none",
           words=lambda choice: spoken_choice(choice, _picture_words(choice)), label=N_("Pictures"),
           # Translators: a section's title, for a maze with a mouse and cheese or a bee and a
           # flower beside its entrance and exit
           titles={"mouse": N_("Mouse Maze"), "bee": N_("Bee Maze")}),
    Option("size", "size", N_("rows x columns of cells (a round maze: its number of rings, one "
           "number); default by grid, level, loops and shape"), low=MIN_SIDE, high=MAX_SIDE,
           default=lambda level, earlier: default_size(earlier["grid"], level, earlier["braid"],
                                                       earlier["shape"]),
           label=N_("Size")),
)

RULES = N_(
    "Find the way through the maze from Start to Finish: draw a line from the entrance to the exit "
    "without crossing a wall."
)
LOOPS = N_("Some passages go round in loops: the answer is the shortest way, and only one way is "
           "shortest.")


def rules_text(request: Request | None) -> str:
    """The rules a section prints; a section with loops (or any, from a bank) says what counts,
    and a section with pictures ends with their story."""
    if request is None:
        return f"{_(RULES)} {_(LOOPS)}"
    told = [_(RULES)] + ([_(LOOPS)] if request.settings["braid"] > 0 else [])
    pictures = request.settings["pictures"]
    return " ".join(told + ([_(STORIES[pictures])] if pictures != "none" else []))


# --- a maze as the JSON states it -----------------------------------------------------------------

@dataclass(frozen=True)
class Maze:
    """A maze on a board: `links[cell]` the cells it has a passage to (sorted), the entrance and
    the exit."""

    board: Board
    links: tuple[tuple[int, ...], ...]
    entrance: int
    exit: int

    def passages(self) -> list[list[int]]:
        return [[a, b] for a, near in enumerate(self.links) for b in near if a < b]


def size_of(puzzle: JSON) -> tuple[int, ...]:
    return tuple(int(side) for side in puzzle["size"])


def board_of(puzzle: JSON) -> Board:
    """The board a puzzle's cells lie on (a square grid's mask is the cells it lists)."""
    kind, size = puzzle["grid"], size_of(puzzle)
    places = tuple((cell["row"], cell["col"]) for cell in puzzle["cells"])
    if kind == "square" and len(places) != size[0] * size[1]:
        return board(kind, size, tuple(sorted(places)))
    return board(kind, size)


def maze_of(puzzle: JSON) -> Maze:
    """The maze a (valid) puzzle states."""
    grid = board_of(puzzle)
    links: list[list[int]] = [[] for _ in range(grid.cells)]
    for a, b in puzzle["passages"]:
        links[a].append(b)
        links[b].append(a)
    return Maze(grid, tuple(tuple(sorted(near)) for near in links), puzzle["entrance"], puzzle["exit"])


def puzzle_of(maze: Maze, pictures: str = "none") -> JSON:
    """The JSON of a maze: positions rounded to thousandths of a cell, so that they print the
    same everywhere; its pictures where it has any."""
    grid = maze.board
    cells = [{"id": index, "row": row, "col": col, "x": round(x, 3), "y": round(y, 3)}
             for index, ((row, col), (x, y)) in enumerate(zip(grid.places, grid.centres))]
    return {"grid": grid.kind, "size": list(grid.size), "cells": cells,
            "passages": maze.passages(), "entrance": maze.entrance, "exit": maze.exit} | (
                {"pictures": pictures} if pictures != "none" else {})


@lru_cache(maxsize=BOARDS_KEPT)
def request_board(kind: str, size: tuple[int, int], shape: str) -> Board:
    """The board a request grows its mazes on: the grid at its size, a square grid cut to its shape."""
    if kind == "theta":
        return board(kind, (size[0],))
    if kind != "square" or shape == "square":
        return board(kind, size)
    mask = shape_mask(shape, *size) if shape in SHAPES else parse_mask(shape, MAX_SIDE, least_cells=4)
    return board(kind, (mask.rows, mask.cols), tuple(mask.sorted_cells()))


def printed(puzzle: JSON) -> Printed:
    """The page draws every wall and the entrance and exit, marked Start and Finish."""
    return Printed(puzzle, (_(START), _(FINISH)))


# Translators: the word by the arrow into a maze, where the way begins.
START = N_("Start")
# Translators: the word by the arrow out of a maze, where the way ends.
FINISH = N_("Finish")


def canonical(puzzle: JSON) -> str:
    """A maze turned or mirrored, or walked the other way, is the same maze: its passages and its
    two ends as places under every symmetry of its grid, the smallest form kept."""
    grid = board_of(puzzle)
    forms = []
    for places in twins(grid):  # pairs of places as tuples: JSON writes them as it writes lists
        passages = [(places[a], places[b]) if places[a] <= places[b] else (places[b], places[a])
                    for a, b in puzzle["passages"]]
        forms.append([grid.kind, sorted(passages),
                      sorted([places[puzzle["entrance"]], places[puzzle["exit"]]])])
    return form_key(*forms)


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A maze has one answer, its way through: the answer is the maze's own form."""
    return canonical(puzzle)
