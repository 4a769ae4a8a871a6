"""Drawing a maze through the pen: its walls, an arrow in at the entrance under the word Start and
an arrow out at the exit over the word Finish, and, where the section has them, a picture beside
each arrow (a mouse and cheese...: `pictures`), in the margin above and below the cells, never
over a wall; the answer shades the cells of the way and draws a line through them.

Sizes, in millimetres at the drawing's natural size: a cell unit is `UNIT` (a square's side), or
up to `LARGEST_UNIT` for a maze of few cells; walls are `WALL` wide. The words are `LABEL_SIZE`
points, so the page's type floors fix the cells too: a large-print book (every text at 14 pt or
more) prints cells of at least 5.8 mm, and standard print (7 pt) at least 2.9 mm, where a wall is
0.29 mm, three to four dots at 300 dpi.

The answer is the puzzle's drawing without its words (its arrows, and pictures, mark the
ends), drawn `ANSWER_SHARE` as large with its lines as wide; the key draws it as it draws every
answer without text, at the scale at which its puzzle's words would reach the floor (standard
print: 0.58 of the puzzle), so that its cells print 1.9 mm a side (3.9 mm in large print) and a
maze's answer stands beside a sudoku's at a like size: at the puzzle's size, a 6x9 page held a
single expert maze's answer.

Walls are joined into as few strokes as they can be (round joins at the corners), and a stroke's
free ends reach half a wall further, so that corners print square without a notch; a theta
grid's ring walls are arcs (`Pen.arc`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from bookgen.api import JSON
from bookgen.core.pen import MEDIUM, Pen, Point, ShrunkPen
from bookgen.i18n import _
from bookgen.puzzles.maze.grids import Board, Side, openings
from bookgen.puzzles.maze.parameters import FINISH, START, Maze, maze_of
from bookgen.puzzles.maze.pictures import Disc, Outline, Placed, Shape, draw_picture

UNIT = 5.0
LARGEST_UNIT = 8.0
SMALL_MAZE = 64.0  # mm: a maze of few cells is drawn with larger cells, up to about this wide
WALL = MEDIUM
LABEL_SIZE = 12
LABEL = LABEL_SIZE * 25.4 / 72  # the words' height, mm
LABEL_ROOM = 22.0  # the width kept for a word: eight letters at LABEL_SIZE
GAP = 1.0
ARROW = 4.0  # an arrow's least length
PICTURE = 10.0  # a start or goal picture's side; the arrow beside it grows as long
PICTURE_LINE = 0.3
HEAD = 1.2  # half an arrow head's width, and its length is twice that
SHAFT = 0.3  # half the shaft's width
SHADE = 0.82
PATH_LINE = 0.8
ANSWER_SHARE = 2 / 3  # of the puzzle's drawing, an answer's (its line widths kept)


@dataclass(frozen=True)
class Arc:
    centre: Point
    radius: float
    start: float  # degrees, clockwise on the page; start < end
    end: float


@dataclass(frozen=True)
class Layout:
    """Where everything goes, in mm: the size, where cell units start (`offset`), the wall strokes
    and arcs, the two arrows (polygons), where the words go (none in an answer), the entrance and
    exit sides' middles, the pictures."""

    size: Point
    offset: Point
    strokes: tuple[tuple[Point, ...], ...]
    arcs: tuple[Arc, ...]
    arrows: tuple[tuple[Point, ...], ...]
    words: tuple[Point, Point] | None
    doors: tuple[Point, Point]
    unit: float  # mm in a cell unit
    pictures: tuple[Placed, ...]

    def at(self, point: Point) -> Point:
        return self.offset[0] + point[0] * self.unit, self.offset[1] + point[1] * self.unit


def unit_of(grid: Board) -> float:
    """A cell unit in mm: `UNIT`, or up to `LARGEST_UNIT` for a maze of few cells (a child's), so
    that it is drawn about `SMALL_MAZE` mm wide."""
    return max(UNIT, min(LARGEST_UNIT, SMALL_MAZE / max(grid.extent)))


LAYOUTS_KEPT = 256
"""Drawings kept once laid out: a book measures each maze many times (fitting its pages, three
passes), and joining the walls is most of a book's typesetting when it holds mazes."""


@lru_cache(maxsize=LAYOUTS_KEPT)
def layout(maze: Maze, picture: str = "none", answer: bool = False) -> Layout:
    """The puzzle's drawing, or (`answer`) the answer's: the same without words."""
    grid = maze.board
    unit, gap, head = unit_of(grid), GAP, HEAD
    side = PICTURE if picture != "none" else 0.0
    arrow = max(ARROW, side)
    words = 0.0 if answer else LABEL + GAP
    top = words + gap + arrow + gap  # from the drawing's top to the cells' top
    cells_width, cells_height = grid.extent[0] * unit, grid.extent[1] * unit
    width = max(cells_width + WALL, 0.0 if answer else LABEL_ROOM, 2 * (head + gap + side))
    height = top + cells_height + top
    offset = ((width - cells_width) / 2, top)
    doors = (openings(grid, True)[maze.entrance], openings(grid, False)[maze.exit])

    def at(point: Point) -> Point:
        return offset[0] + point[0] * unit, offset[1] + point[1] * unit

    lines: list[tuple[Point, Point]] = []
    arcs: list[Arc] = []
    linked = [set(near) for near in maze.links]
    for cell, sides in enumerate(grid.sides):
        for index, wall_side in enumerate(sides):
            if wall_side.across is None:
                if (cell, index) in ((maze.entrance, doors[0]), (maze.exit, doors[1])):
                    continue
            elif wall_side.across < cell or wall_side.across in linked[cell]:
                continue
            if wall_side.arc is None:
                lines.append((at(wall_side.start), at(wall_side.end)))
            else:
                radius, begin, end = wall_side.arc
                arcs.append(Arc(at(grid.origin), radius * unit, min(begin, end), max(begin, end)))
    middles = tuple(at(grid.sides[cell][door].middle(grid.origin))
                    for cell, door in zip((maze.entrance, maze.exit), doors))
    entrance, exit_ = middles
    arrows = (_arrow(entrance[0], words + gap, entrance[1] - gap),
              _arrow(exit_[0], exit_[1] + gap, height - words - gap))
    placed: tuple[Placed, ...] = ()
    if picture != "none":
        tops = (top - gap - side, top + cells_height + gap)
        placed = tuple(_beside(picture, end, x, y, side, head + gap, width)
                       for end, (x, y) in enumerate(zip((entrance[0], exit_[0]), tops)))
    told = None if answer else ((entrance[0], LABEL / 2), (exit_[0], height - LABEL / 2))
    return Layout((width, height), offset, _joined(lines, WALL), _merged(arcs, WALL), arrows, told,
                  (entrance, exit_), unit, placed)


def _beside(picture: str, end: int, x: float, y: float, side: float, clear: float,
            width: float) -> Placed:
    """A picture beside the arrow at `x`, `clear` from its middle, on the side towards the middle
    of the drawing (there is room for it there), facing the arrow."""
    if x <= width / 2:
        return Placed(picture, end, x + clear, y, side, True)
    return Placed(picture, end, x - clear - side, y, side, False)


def _arrow(x: float, tail: float, tip: float) -> tuple[Point, ...]:
    """An arrow pointing down from `tail` to `tip` (y grows down)."""
    head, shaft = HEAD, SHAFT
    neck = tip - 2 * head
    return ((x - shaft, tail), (x + shaft, tail), (x + shaft, neck), (x + head, neck), (x, tip),
            (x - head, neck), (x - shaft, neck))


def _key(point: Point) -> tuple[int, int]:
    return round(point[0] * 1000), round(point[1] * 1000)


def _joined(lines: list[tuple[Point, Point]], wall: float) -> tuple[tuple[Point, ...], ...]:
    """The wall segments joined end to end into strokes, going straight on where they can; each
    stroke's free ends stretched by half a wall."""
    ends: dict[tuple[int, int], list[int]] = {}
    for index, (a, b) in enumerate(lines):
        ends.setdefault(_key(a), []).append(index)
        ends.setdefault(_key(b), []).append(index)
    used = bytearray(len(lines))
    order = sorted(range(len(lines)), key=lambda i: (len(ends[_key(lines[i][0])]) % 2 == 0, i))

    def onward(points: list[Point]) -> None:
        """Extend the stroke from its last point, as straight on as the unused walls allow."""
        while True:
            here, before = points[-1], points[-2]
            heading = math.atan2(here[1] - before[1], here[0] - before[0])
            choices = []
            for index in ends[_key(here)]:
                if used[index]:
                    continue
                p, q = lines[index]
                other = q if _key(p) == _key(here) else p
                turn = math.atan2(other[1] - here[1], other[0] - here[0]) - heading
                choices.append((round(abs(math.remainder(turn, 2 * math.pi)), 6), index, other))
            if not choices:
                return
            _, index, other = min(choices)
            used[index] = 1
            points.append(other)

    strokes = []
    for first in order:
        if used[first]:
            continue
        used[first] = 1
        a, b = lines[first]
        if len(ends[_key(a)]) % 2 == 0 and len(ends[_key(b)]) % 2 == 1:
            a, b = b, a  # start from an odd corner, where a stroke must end anyway
        forward = [a, b]
        onward(forward)
        backward = [b, a]
        onward(backward)
        strokes.append(tuple(_stretched(backward[:1:-1] + forward, wall)))
    return tuple(strokes)


def _stretched(points: list[Point], wall: float) -> list[Point]:
    """A stroke's ends moved on by half a wall, unless it closes on itself."""
    if _key(points[0]) == _key(points[-1]):
        return points

    def beyond(end: Point, inner: Point) -> Point:
        dx, dy = end[0] - inner[0], end[1] - inner[1]
        length = math.hypot(dx, dy)
        return end[0] + dx / length * wall / 2, end[1] + dy / length * wall / 2

    return [beyond(points[0], points[1])] + points[1:-1] + [beyond(points[-1], points[-2])]


def _merged(arcs: list[Arc], wall: float) -> tuple[Arc, ...]:
    """Arcs of one ring that meet, as one arc (across 0 degrees too); each stretched by half a
    wall at its ends, and a whole ring as a circle (start 0, end 360)."""
    rings: dict[float, list[Arc]] = {}
    for arc in sorted(arcs, key=lambda a: (a.radius, a.start)):
        ring = rings.setdefault(round(arc.radius, 6), [])
        if ring and math.isclose(ring[-1].end, arc.start):
            ring[-1] = Arc(arc.centre, arc.radius, ring[-1].start, arc.end)
        else:
            ring.append(arc)
    merged = []
    for ring in rings.values():
        if len(ring) > 1 and math.isclose(ring[0].start, 0) and math.isclose(ring[-1].end, 360):
            last = ring.pop()
            ring[0] = Arc(last.centre, last.radius, last.start, ring[0].end + 360)
        for arc in ring:
            if arc.end - arc.start >= 360 - 1e-6:
                merged.append(Arc(arc.centre, arc.radius, 0.0, 360.0))
            else:
                extra = math.degrees(wall / 2 / arc.radius)
                merged.append(Arc(arc.centre, arc.radius, arc.start - extra, arc.end + extra))
    return tuple(merged)


def _plan(puzzle: JSON, answer: bool = False) -> Layout:
    return layout(maze_of(puzzle), puzzle.get("pictures", "none"), answer)


def measure(puzzle: JSON) -> tuple[float, float]:
    return _plan(puzzle).size


def measure_solution(puzzle: JSON) -> tuple[float, float]:
    width, height = measure_filled(puzzle)
    return width * ANSWER_SHARE, height * ANSWER_SHARE


def measure_filled(puzzle: JSON) -> tuple[float, float]:
    return _plan(puzzle, answer=True).size


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw(pen, _plan(puzzle))


def _draw(pen: Pen, plan: Layout) -> None:
    for stroke in plan.strokes:
        pen.polyline(list(stroke), width=WALL)
    for arc in plan.arcs:
        if arc.end - arc.start >= 360:
            pen.circle(*arc.centre, arc.radius, width=WALL)
        else:
            pen.arc(*arc.centre, arc.radius, arc.start, arc.end, width=WALL)
    for arrow in plan.arrows:
        pen.polygon(list(arrow), width=0.1, fill=0.0)
    for picture in plan.pictures:
        draw_picture(pen, picture, PICTURE_LINE)
    if plan.words is None:
        return
    width = plan.size[0]
    for (x, y), word in zip(plan.words, (_(START), _(FINISH))):
        half = pen.text_width(word, LABEL_SIZE) / 2
        pen.text(min(max(x, half), width - half), y, word, LABEL_SIZE)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """The answer key's: `draw_filled`, `ANSWER_SHARE` as large."""
    draw_filled(ShrunkPen(pen, ANSWER_SHARE), puzzle, solution)


def draw_filled(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """The way's cells shaded, the maze over them, and a line along the way: the solved example
    beside its puzzle, at the puzzle's size."""
    maze = maze_of(puzzle)
    plan = _plan(puzzle, answer=True)
    grid = maze.board
    for cell in solution["path"]:
        if grid.kind == "theta" and grid.places[cell][0] == 0:
            pen.circle(*plan.at(grid.centres[cell]), plan.unit, width=0.1, fill=SHADE, stroke=False)
        else:
            pen.polygon([plan.at(p) for p in outline(grid, cell)], width=0.1, fill=SHADE, stroke=False)
    _draw(pen, plan)
    way = [plan.doors[0]] + [plan.at(p) for p in way_through(grid, solution["path"])] + [plan.doors[1]]
    pen.polyline(way, width=PATH_LINE)


def way_through(grid: Board, path: list[int]) -> list[Point]:
    """The line of a way through its cells' centres, in cell units. On a theta grid it keeps to
    the rings: along a ring at its middle, and from one ring to the next straight out from the
    outer cell's middle angle (which lies within the inner cell's), so it never cuts a wall."""
    if grid.kind != "theta":
        return [grid.centres[cell] for cell in path]
    origin = grid.origin

    def polar(cell: int) -> tuple[float, float]:
        x, y = grid.centres[cell]
        dx, dy = x - origin[0], y - origin[1]
        return math.hypot(dx, dy), math.degrees(math.atan2(dy, dx))

    def point(radius: float, angle: float) -> Point:
        return (origin[0] + radius * math.cos(math.radians(angle)),
                origin[1] + radius * math.sin(math.radians(angle)))

    points = [grid.centres[path[0]]]
    for a, b in zip(path, path[1:]):
        (ra, ta), (rb, tb) = polar(a), polar(b)
        ring_a, ring_b = grid.places[a][0], grid.places[b][0]
        if ring_a == ring_b:
            points += _ring_points(ra, ta, tb, point)
        elif min(ring_a, ring_b) > 0:  # turn along the inner cell's ring to the outer one's angle
            inner_radius, inner_angle = (ra, ta) if ring_a < ring_b else (rb, tb)
            outer_angle = tb if ring_a < ring_b else ta
            if ring_a < ring_b:
                points += _ring_points(inner_radius, inner_angle, outer_angle, point)
            else:
                points.append(point(inner_radius, outer_angle))
                points += _ring_points(inner_radius, outer_angle, inner_angle, point)[:-1]
        points.append(grid.centres[b])
    return points


def _ring_points(radius: float, start: float, end: float, point: Callable[[float, float], Point]
                 ) -> list[Point]:
    """Points along a ring from angle `start` to `end` the short way round (not the start)."""
    turn = math.remainder(end - start, 360)
    steps = max(1, math.ceil(abs(turn) / 6))
    return [point(radius, start + turn * i / steps) for i in range(1, steps + 1)]


def outline(grid: Board, cell: int) -> list[Point]:
    """A cell's corners in order, its arcs drawn as short chords (for shading)."""
    points: list[Point] = []
    for side in grid.sides[cell]:
        points.extend(_along(grid.origin, side))
    return points


def _along(origin: Point, side: Side) -> list[Point]:
    """Points along a side from its start, its end left for the next side."""
    if side.arc is None:
        return [side.start]
    radius, begin, end = side.arc
    steps = max(1, math.ceil(abs(end - begin) / 6))
    return [(origin[0] + radius * math.cos(math.radians(begin + (end - begin) * i / steps)),
             origin[1] + radius * math.sin(math.radians(begin + (end - begin) * i / steps)))
            for i in range(steps)]


def play_data(puzzle: JSON) -> JSON:
    """What the game draws, worked out here once, in mm: the drawing's size, a cell unit and where
    cell units start (the game places each cell by the x and y the puzzle states), the wall
    strokes (flat lists x, y, x, y...), the ring walls as arcs [cx, cy, r, start, end] (degrees,
    clockwise), the arrows (flat lists, filled), where the two words go, the two doors, and the
    pictures' choice and shapes (the start's, then the goal's: ["outline", flat list, grey],
    ["stroke", flat list], ["disc", cx, cy, r, grey]; grey 0 black to 1 white)."""
    plan = _plan(puzzle)
    assert plan.words is not None

    def flat(points: tuple[Point, ...]) -> list[float]:
        return [_round(v) for point in points for v in point]

    def shape(drawn: Shape) -> list:
        if isinstance(drawn, Disc):
            return ["disc", *flat((drawn.centre,)), _round(drawn.radius), drawn.grey]
        if isinstance(drawn, Outline):
            return ["outline", flat(drawn.points), drawn.grey]
        return ["stroke", flat(drawn.points)]

    return {"size": [_round(v) for v in plan.size], "unit": plan.unit,
            "offset": [_round(v) for v in plan.offset],
            "strokes": [flat(stroke) for stroke in plan.strokes],
            "arcs": [[_round(v) for v in (*arc.centre, arc.radius, arc.start, arc.end)] for arc in plan.arcs],
            "arrows": [flat(arrow) for arrow in plan.arrows],
            "words": [flat((word,)) for word in plan.words],
            "doors": [flat((door,)) for door in plan.doors]} | ({
                "pictures": {"choice": plan.pictures[0].choice, "line": PICTURE_LINE,
                             "shapes": [[shape(s) for s in placed.shapes()] for placed in plan.pictures]}}
                if plan.pictures else {})


def _round(value: float) -> float:
    return round(value, 2)
