"""The grids a maze is grown on: each cell's place, its centre and its sides in order around it,
with the cell across each side (None on the border).

Four kinds, all in one unit (a square cell's side; the other kinds are sized so that a pencil line
has as much room in them):

- square: rows x columns of unit squares, or the cells of a mask (`bookgen.core.masks`) inside them;
- hex: rows of pointy-topped hexagons one unit across, every other row shifted half a cell right;
- triangle: rows of triangles, pointing down and up in turn (a row starts pointing down, so the
  top edge is straight), with sides of sqrt(3) units, so that the circle inside one is as large as
  a square's;
- theta: rings round a centre disc one unit wide; ring 1 has six sectors and each ring further out
  has twice the sectors of the one inside it where its cells would otherwise grow wider than
  `SPLIT` units, so cells stay between about 0.8 and 1.6 units wide.

The polygon grids are built from corners in whole numbers (a grid's own lattice), so two cells
share a side exactly when they list the same two corners; theta sides are arcs and spokes worked out
from the sectors. Sides run clockwise on the page (y points down), so the outward normal of a side
from p to q is (dy, -dx): the wall follower turns through them in this order.

A cell's place is (row, column) in a planar grid and (ring, sector) in a theta grid; cells are
numbered in the order of their places. Canonical forms use `lattice`, where turns and mirrors of
the grid act as integer maps.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

Point = tuple[float, float]
Place = tuple[int, int]

KINDS = ("square", "hex", "triangle", "theta")
BOARDS_KEPT = 64
"""Boards (and their openings) kept once built: a process (the studio's) may meet many shapes."""
SPLIT = 1.6
"""The widest a theta cell may grow (in ring widths, measured at its middle) before its ring is
split into twice the sectors of the ring inside it."""
FIRST_RING = 6
NEAR_EDGE = 1 / 6
"""How far from the top (bottom) of a polygon grid an entrance (exit) may lie, as a share of its
height (a theta rim facing up more than sideways lies within a quarter)."""
HEX_RADIUS = 1 / math.sqrt(3)  # a hexagon one unit across its flat sides
TRIANGLE_SIDE = math.sqrt(3)
TRIANGLE_HEIGHT = 1.5


@dataclass(frozen=True)
class Side:
    """One side of a cell from `start` to `end` (clockwise round the cell), the cell across it
    (None on the border); `arc` is (radius, from angle, to angle) in degrees for a theta ring's
    side, an arc about the grid's centre `origin` (angles grow clockwise on the page)."""

    start: Point
    end: Point
    across: int | None
    arc: tuple[float, float, float] | None = None

    def middle(self, origin: Point) -> Point:
        if self.arc is None:
            return (self.start[0] + self.end[0]) / 2, (self.start[1] + self.end[1]) / 2
        radius, begin, end = self.arc
        angle = math.radians((begin + end) / 2)
        return origin[0] + radius * math.cos(angle), origin[1] + radius * math.sin(angle)

    def normal(self, origin: Point) -> Point:
        """The outward unit normal at the side's middle."""
        if self.arc is None:
            dx, dy = self.end[0] - self.start[0], self.end[1] - self.start[1]
            length = math.hypot(dx, dy)
            return dy / length, -dx / length
        radius, begin, end = self.arc
        angle = math.radians((begin + end) / 2)
        outward = 1.0 if end > begin else -1.0  # an outer arc runs clockwise, an inner one back
        return outward * math.cos(angle), outward * math.sin(angle)


@dataclass(frozen=True, eq=False)
class Board:
    """A grid's cells: `places` in order (a cell's number is its index), their `centres`, their
    `sides` clockwise, and `neighbours` (sorted) across the shared sides. `origin` is a theta
    grid's centre (the arcs' centre); `extent` the width and height the cells fill. Boards come
    from `board`, one per grid, so they compare (and hash) as themselves."""

    kind: str
    size: tuple[int, ...]
    places: tuple[Place, ...]
    centres: tuple[Point, ...]
    sides: tuple[tuple[Side, ...], ...]
    neighbours: tuple[tuple[int, ...], ...]
    origin: Point
    extent: Point

    @property
    def cells(self) -> int:
        return len(self.places)

    def number(self) -> dict[Place, int]:
        return {place: index for index, place in enumerate(self.places)}


def sector_counts(rings: int) -> tuple[int, ...]:
    """How many cells each ring holds, from the centre disc (1) outwards."""
    counts = [1]
    for ring in range(1, rings):
        if ring == 1:
            counts.append(FIRST_RING)
        elif 2 * math.pi * (ring + 0.5) / counts[-1] > SPLIT:
            counts.append(2 * counts[-1])
        else:
            counts.append(counts[-1])
    return tuple(counts)


def full_places(kind: str, size: tuple[int, ...]) -> list[Place]:
    """Every place of a grid of `size` ((rows, cols), or (rings,) for theta), in order."""
    if kind == "theta":
        return [(ring, sector) for ring, count in enumerate(sector_counts(size[0]))
                for sector in range(count)]
    rows, cols = size
    return [(r, c) for r in range(rows) for c in range(cols)]


@lru_cache(maxsize=BOARDS_KEPT)
def board(kind: str, size: tuple[int, ...], places: tuple[Place, ...] | None = None) -> Board:
    """The board of a grid kind and size; `places` (sorted) keeps only those cells of a square
    grid (a mask); None keeps every cell."""
    if kind == "theta":
        return _theta(size[0])
    chosen = tuple(full_places(kind, size)) if places is None else places
    corners = {"square": _square_corners, "hex": _hex_corners, "triangle": _triangle_corners}[kind]
    scale = {"square": (1.0, 1.0), "hex": (0.5, HEX_RADIUS / 2),
             "triangle": (TRIANGLE_SIDE / 2, TRIANGLE_HEIGHT)}[kind]
    return _polygons(kind, size, chosen, [corners(*place) for place in chosen], scale)


def _square_corners(r: int, c: int) -> list[tuple[int, int]]:
    return [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]


def _hex_corners(r: int, c: int) -> list[tuple[int, int]]:
    """Corners clockwise from the top, x in halves of the width, y in halves of the radius."""
    x, y = 2 * c + (r & 1) + 1, 3 * r + 2
    return [(x, y - 2), (x + 1, y - 1), (x + 1, y + 1), (x, y + 2), (x - 1, y + 1), (x - 1, y - 1)]


def _triangle_corners(r: int, c: int) -> list[tuple[int, int]]:
    """Corners in (half sides, rows): a triangle points down where r + c is even."""
    if (r + c) % 2 == 0:
        return [(c, r), (c + 2, r), (c + 1, r + 1)]
    return [(c + 1, r), (c + 2, r + 1), (c, r + 1)]


def _polygons(kind: str, size: tuple[int, ...], places: tuple[Place, ...],
              corners: list[list[tuple[int, int]]], scale: Point) -> Board:
    owners: dict[frozenset[tuple[int, int]], list[int]] = {}
    for index, ring in enumerate(corners):
        for a, b in zip(ring, ring[1:] + ring[:1]):
            owners.setdefault(frozenset((a, b)), []).append(index)
    xs = [x for ring in corners for x, _ in ring]
    ys = [y for ring in corners for _, y in ring]
    left, top = min(xs), min(ys)

    def point(corner: tuple[int, int]) -> Point:
        return (corner[0] - left) * scale[0], (corner[1] - top) * scale[1]

    sides, neighbours, centres = [], [], []
    for index, ring in enumerate(corners):
        own = []
        for a, b in zip(ring, ring[1:] + ring[:1]):
            across = [other for other in owners[frozenset((a, b))] if other != index]
            own.append(Side(point(a), point(b), across[0] if across else None))
        sides.append(tuple(own))
        neighbours.append(tuple(sorted(side.across for side in own if side.across is not None)))
        points = [point(corner) for corner in ring]
        centres.append((sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)))
    extent = ((max(xs) - left) * scale[0], (max(ys) - top) * scale[1])
    return Board(kind, size, places, tuple(centres), tuple(sides), tuple(neighbours), (0.0, 0.0), extent)


def _theta(rings: int) -> Board:
    counts = sector_counts(rings)
    places = full_places("theta", (rings,))
    number = {place: index for index, place in enumerate(places)}
    origin = (float(rings), float(rings))

    def at(radius: float, angle: float) -> Point:
        return (origin[0] + radius * math.cos(math.radians(angle)),
                origin[1] + radius * math.sin(math.radians(angle)))

    def outside(ring: int, begin: float, end: float) -> list[Side]:
        """The arcs along a ring's outer rim between two angles, one per cell beyond it."""
        if ring + 1 >= rings:
            return [Side(at(ring + 1, begin), at(ring + 1, end), None, (ring + 1, begin, end))]
        width = 360 / counts[ring + 1]
        first = round(begin / width)
        pieces = []
        for sector in range(first, first + max(1, round((end - begin) / width))):
            a, b = sector * width, (sector + 1) * width
            pieces.append(Side(at(ring + 1, a), at(ring + 1, b), number[(ring + 1, sector)],
                               (ring + 1, a, b)))
        return pieces

    sides, centres, neighbours = [], [], []
    for ring, sector in places:
        if ring == 0:
            own = outside(0, 0, 360)
            centres.append(origin)
        else:
            count = counts[ring]
            begin, end = 360 * sector / count, 360 * (sector + 1) / count
            inner = number[(ring - 1, sector * counts[ring - 1] // count)]
            following = number[(ring, (sector + 1) % count)]
            preceding = number[(ring, (sector - 1) % count)]
            own = outside(ring, begin, end) + [
                Side(at(ring + 1, end), at(ring, end), following),
                Side(at(ring, end), at(ring, begin), inner, (ring, end, begin)),
                Side(at(ring, begin), at(ring + 1, begin), preceding)]
            centres.append(at(ring + 0.5, (begin + end) / 2))
        sides.append(tuple(own))
        neighbours.append(tuple(sorted({side.across for side in own if side.across is not None})))
    return Board("theta", (rings,), tuple(places), tuple(centres), tuple(sides), tuple(neighbours),
                 origin, (2.0 * rings, 2.0 * rings))


@lru_cache(maxsize=BOARDS_KEPT)
def openings(grid: Board, upward: bool) -> dict[int, int]:
    """Where a maze may be entered (`upward`: at the top) or left (at the bottom): each cell with
    such a side, and the side. It is a border side facing up (down) more than sideways, from whose
    middle a line straight up (down) to the edge of the drawing meets no cell, so the mark there
    stands clear, and which lies within `NEAR_EDGE` of the grid's height from its top (bottom),
    so the arrow to it is short; of several, the one facing most that way, then the leftmost."""
    sign = -1.0 if upward else 1.0
    spans = []
    for sides in grid.sides:
        xs, ys = [side.start[0] for side in sides], [side.start[1] for side in sides]
        spans.append((min(xs), max(xs), min(ys), max(ys)))
    found: dict[int, int] = {}
    for cell, sides in enumerate(grid.sides):
        best = None
        for index, side in enumerate(sides):
            if side.across is not None:
                continue
            ny = side.normal(grid.origin)[1] * sign
            x, y = side.middle(grid.origin)
            near = grid.kind == "theta" or (y <= grid.extent[1] * NEAR_EDGE + 1e-6 if upward
                                            else y >= grid.extent[1] * (1 - NEAR_EDGE) - 1e-6)
            if ny <= 0.5 or not near or not _clear(grid, spans, cell, x, y, upward):
                continue
            key = (-round(ny, 6), round(x, 6))
            if best is None or key < best[0]:
                best = (key, index)
        if best is not None:
            found[cell] = best[1]
    return found


def _clear(grid: Board, spans: list[tuple[float, float, float, float]], cell: int, x: float,
           y: float, upward: bool) -> bool:
    """Whether the line from (x, y) straight up (down) meets no other cell. A theta grid's rim is
    a circle, clear above its upper half and below its lower half; a polygon cell is in the way
    when the line crosses its corners' span and it reaches beyond the point."""
    if grid.kind == "theta":
        return True
    return not any(other != cell and left < x - 1e-6 and x + 1e-6 < right
                   and (top < y - 1e-6 if upward else bottom > y + 1e-6)
                   for other, (left, right, top, bottom) in enumerate(spans))


# --- lattices: where turns and mirrors act as integer maps (canonical forms) ----------------------

def lattice(grid: Board) -> list[Place]:
    """Each cell as a point of its grid's lattice: a square's (row, col); a hexagon's axial
    coordinates (the 60-degree lattice of centres); a triangle's sum of its three corners in
    that lattice; theta keeps (ring, sector)."""
    if grid.kind == "square":
        return list(grid.places)
    if grid.kind == "hex":
        return [(c - (r - (r & 1)) // 2, r) for r, c in grid.places]
    if grid.kind == "triangle":
        sums = []
        for r, c in grid.places:
            corners = _triangle_corners(r, c)
            sums.append((sum((x - y) // 2 for x, y in corners), sum(y for _, y in corners)))
        return sums
    return list(grid.places)


def _hexagonal_maps() -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The twelve turns and mirrors of the 60-degree lattice as integer matrices on (a, b)."""
    turn = ((0, -1), (1, 1))  # (a, b) -> (-b, a + b)
    mirror = ((1, 1), (0, -1))  # (a, b) -> (a + b, -b)

    def times(m: tuple[tuple[int, int], tuple[int, int]], n: tuple[tuple[int, int], tuple[int, int]]
              ) -> tuple[tuple[int, int], tuple[int, int]]:
        return tuple(tuple(sum(m[i][k] * n[k][j] for k in range(2)) for j in range(2))
                     for i in range(2))  # type: ignore[return-value]

    maps, current = [], ((1, 0), (0, 1))
    for _ in range(6):
        maps += [current, times(current, mirror)]
        current = times(turn, current)
    return maps


SQUARE_MAPS = [((1, 0), (0, 1)), ((0, 1), (-1, 0)), ((-1, 0), (0, -1)), ((0, -1), (1, 0)),
               ((-1, 0), (0, 1)), ((1, 0), (0, -1)), ((0, 1), (1, 0)), ((0, -1), (-1, 0))]
HEXAGONAL_MAPS = _hexagonal_maps()


def twins(grid: Board) -> Iterable[list[Place]]:
    """Each cell's place under every turn and mirror of the grid, one list per symmetry, moved
    back to a fixed origin so that twins that differ only by where they lie coincide."""
    points = lattice(grid)
    if grid.kind == "theta":
        counts = sector_counts(grid.size[0])
        first = counts[1] if len(counts) > 1 else 1
        for turn in range(first):
            for mirrored in (False, True):
                moved = []
                for ring, sector in points:
                    step = turn * counts[ring] // first
                    s = (sector + step) % counts[ring]
                    moved.append((ring, counts[ring] - 1 - s if mirrored else s))
                yield moved
        return
    maps = SQUARE_MAPS if grid.kind == "square" else HEXAGONAL_MAPS
    spacing = 3 if grid.kind == "triangle" else 1  # a triangle's point is a sum of three corners
    for (m00, m01), (m10, m11) in maps:
        moved = [(m00 * a + m01 * b, m10 * a + m11 * b) for a, b in points]
        low_a = min(a for a, _ in moved) // spacing * spacing
        low_b = min(b for _, b in moved) // spacing * spacing
        yield [(a - low_a, b - low_b) for a, b in moved]
