"""Making a maze: a uniform spanning tree of the grid (Wilson's algorithm), its entrance and exit
as far apart as the top and bottom of the drawing allow, then, for a braided maze, dead ends
opened into loops while the shortest way stays the only one; kept when its measured level is the
one asked for.

Wilson's algorithm (loop-erased random walks until they meet the tree) draws every spanning tree
of the grid equally often, so a maze has no bias of direction or texture; its every choice comes
from the one `random.Random` over neighbour lists in a fixed order, so the same seed makes the
same maze on any Python. networkx's `random_spanning_tree` was set aside: it draws by contracting
edges, about a hundred times slower on a 40x40 grid, and its output depends on node order only as
far as its implementation keeps it.
"""

from __future__ import annotations

import random

from bookgen.api import Generated, Request, _
from bookgen.core.grading import level_word, make_at_level
from bookgen.core.masks import SHAPES
from bookgen.errors import BookgenError
from bookgen.puzzles.maze.grader import BANDS, rating
from bookgen.puzzles.maze.grids import Board, openings
from bookgen.puzzles.maze.parameters import MAX_RINGS, Maze, loop_factor, puzzle_of, request_board
from bookgen.puzzles.maze.solver import distances, shortest_ways

ATTEMPTS = 40
REACH = (0.2, 0.9)
"""The person's steps per cell a maze can take, low to high, before loops multiply them by
`loop_factor`: measured 0.39 to 0.53 on perfect mazes (every grid, from 12 to 31 across), and
0.26 to 0.83 of the factor with loops (the factor's spread is wide), widened,
so a size is refused only where no maze of it can land in the level's band."""


def spanning_tree(rng: random.Random, neighbours: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    """A uniformly random spanning tree of a connected grid (Wilson): each cell's tree neighbours."""
    count = len(neighbours)
    in_tree = bytearray(count)
    step = [-1] * count
    in_tree[rng.randrange(count)] = 1
    for start in range(count):
        cell = start
        while not in_tree[cell]:  # walk until the tree; a loop is erased by overwriting `step`
            near = neighbours[cell]
            step[cell] = near[rng.randrange(len(near))]
            cell = step[cell]
        cell = start
        while not in_tree[cell]:
            in_tree[cell] = 1
            cell = step[cell]
    links: list[list[int]] = [[] for _ in range(count)]
    for cell, other in enumerate(step):
        if other >= 0:
            links[cell].append(other)
            links[other].append(cell)
    return links


def far_ends(grid: Board, links: list[list[int]]) -> tuple[int, int]:
    """The entrance (a cell open to the top) and exit (open to the bottom) furthest apart along
    the passages; the first such pair in cell order."""
    best = (-1, 0, 0)
    exits = openings(grid, False)
    for entrance in openings(grid, True):
        far = distances(links, entrance)
        exit_ = max((cell for cell in exits if cell != entrance), key=lambda cell: (far[cell], -cell))
        if far[exit_] > best[0]:
            best = (far[exit_], entrance, exit_)
    return best[1], best[2]


def braided(rng: random.Random, maze: Maze, share: float) -> Maze:
    """The maze with `share` of its dead ends opened into a neighbour (another dead end where one
    is beside it, which opens both), each only while every new way from the entrance to the exit
    is longer than the shortest: a new passage a-b adds ways no shorter than steps(entrance, a) +
    1 + steps(b, exit), measured before it opens, so keeping that sum above the shortest way's
    keeps it the only one."""
    links = [list(near) for near in maze.links]
    ends = [cell for cell, near in enumerate(links) if len(near) == 1
            and cell not in (maze.entrance, maze.exit)]
    wanted = round(share * len(ends))
    rng.shuffle(ends)
    from_start, from_end = distances(links, maze.entrance), distances(links, maze.exit)
    shortest = from_start[maze.exit]
    opened = 0
    for cell in ends:
        if opened >= wanted:
            break
        if len(links[cell]) != 1:
            continue  # opened already, from the dead end beside it
        walls = [other for other in maze.board.neighbours[cell] if other not in links[cell]]
        rng.shuffle(walls)
        walls.sort(key=lambda other: len(links[other]) != 1)  # another dead end first
        for other in walls:
            if min(from_start[cell] + from_end[other], from_start[other] + from_end[cell]) + 1 > shortest:
                opened += 2 if len(links[other]) == 1 and other not in (maze.entrance, maze.exit) else 1
                links[cell].append(other)
                links[other].append(cell)
                from_start, from_end = distances(links, maze.entrance), distances(links, maze.exit)
                break
    return Maze(maze.board, tuple(tuple(sorted(near)) for near in links), maze.entrance, maze.exit)


def perfect_maze(rng: random.Random, grid: Board) -> Maze:
    links = spanning_tree(rng, grid.neighbours)
    entrance, exit_ = far_ends(grid, links)
    return Maze(grid, tuple(tuple(sorted(near)) for near in links), entrance, exit_)


def generate(rng: random.Random, request: Request) -> Generated:
    settings = request.settings
    grid = request_board(settings["grid"], settings["size"], settings["shape"])
    share = settings["braid"]
    made = make_at_level(
        request.level, ATTEMPTS,
        fill=lambda: perfect_maze(rng, grid),
        reduce=lambda maze: braided(rng, maze, share) if share else maze,
        rate=rating,
        failure=_("no {level} maze came out of {tries} tries at {request}: its size makes mazes of "
                  "another level; leave the size out, or choose the level its size gives").format(
                      level=level_word(request.level), tries=ATTEMPTS, request=request.describe()))
    maze = made.puzzle
    _length, path = shortest_ways(maze, 1)
    return Generated(puzzle_of(maze, settings["pictures"]), {"path": path}, made.rating)


def check_request(request: Request) -> None:
    """Refuse grids a maze cannot be made on (a shape on a grid other than squares, a theta grid
    given two sides, a shape whose cells fall apart) and sizes whose mazes cannot fall in the
    level's band (`REACH`)."""
    settings, options = request.settings, request.options
    kind, (rows, cols) = settings["grid"], settings["size"]
    if "shape" in options and settings["shape"] != "square" and kind != "square":
        raise BookgenError(_("a shape is cut from a square grid; this section's grid is {kind}")
                           .format(kind=kind), key="shape")
    if kind == "theta" and (rows != cols or rows > MAX_RINGS):
        raise BookgenError(_("a theta maze's size is its number of rings, one number up to "
                             "{most}").format(most=MAX_RINGS), key="size")
    shape = settings["shape"]
    if kind == "square" and shape != "square":
        if shape not in SHAPES and "size" in options:
            _mask_within(shape, rows, cols)
        grid = request_board(kind, (rows, cols), shape)
        pieces = _pieces(grid)
        if pieces > 1:
            raise BookgenError(_("the shape's cells fall into {pieces} pieces that share no side; "
                                 "a maze needs one piece (draw the shape bolder, or larger)")
                               .format(pieces=pieces), key="shape")
        if grid.cells < 4:
            raise BookgenError(_("the shape leaves fewer than 4 cells at this size"), key="shape")
    _within_reach(request)


def _within_reach(request: Request) -> None:
    settings = request.settings
    grid = request_board(settings["grid"], settings["size"], settings["shape"])
    loops = loop_factor(settings["braid"])
    low, high = BANDS.span(request.level)
    least, most = REACH[0] * loops * grid.cells, REACH[1] * loops * grid.cells
    if low <= most and least <= high:
        return
    band = (_("{low} to {high}").format(low=f"{low:.0f}", high=f"{high:.0f}") if high < 10**8
            else _("{low} or more").format(low=f"{low:.0f}"))
    if "size" in request.options:
        change = (_("choose a larger size, or leave it out") if most < low
                  else _("choose a smaller size, or leave it out"))
    else:
        change = (_("choose a larger size, or another level") if most < low
                  else _("choose a smaller size, or another level"))
    raise BookgenError(_("a maze of {cells} cells is never {level}: walking it takes about "
                         "{least} to {most} steps, and {level} is {band}; {change}").format(
                           cells=grid.cells, level=level_word(request.level),
                           least=f"{least:.0f}", most=f"{most:.0f}", band=band, change=change),
                       key="size")


def _mask_within(shape: str, rows: int, cols: int) -> None:
    grid = request_board("square", (rows, cols), shape)
    if grid.size[0] > rows or grid.size[1] > cols:
        raise BookgenError(_("the shape mask is {mask}, larger than the size {size}; leave size "
                             "out").format(mask=f"{grid.size[0]}x{grid.size[1]}", size=f"{rows}x{cols}"),
                           key="size")


def _pieces(grid: Board) -> int:
    seen, pieces = bytearray(grid.cells), 0
    for start in range(grid.cells):
        if seen[start]:
            continue
        pieces += 1
        seen[start] = 1
        todo = [start]
        while todo:
            for other in grid.neighbours[todo.pop()]:
                if not seen[other]:
                    seen[other] = 1
                    todo.append(other)
    return pieces
