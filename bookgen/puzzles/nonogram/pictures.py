"""Random pictures that look like something: mirror-symmetric ink blots (on small grids, where a
level needs it, unfolded ones: `ink_blot`'s `folded`).

Folding a sheet with wet ink in it makes a blot people see things in (Rorschach's cards): one
half, mirrored. A blot here is made the same way, in whole numbers so the halves stay exact:

1. random ink on the left half (and the middle column), mirrored;
2. blurred: each square takes the average of the squares around it, some passes (`Style.blur`:
   more passes, rounder and larger shapes, easier lines), and lowered towards the edges, so the
   ink gathers in the middle;
3. cut at the level that inks the share of squares the style asks for;
4. cleaned: specks of ink too small to read as a shape are dropped, and small holes filled;
5. a few features where the style asks for them: a pair of eyes in the largest shape (a white
   square each side of the fold), so a blot looks back at you.

Every step keeps the mirror: the left half is worked and the right half copied from it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

Grid = list[list[int]]  # rows of 0 (white) and 1 (black)


@dataclass(frozen=True)
class Style:
    """How a level's pictures look: blur passes per 10 squares of the shorter side, the share
    of squares inked, and whether the blot gets eyes."""

    blur: float
    ink: tuple[float, float]
    eyes: float  # chance of a pair of eyes


def _mirrored(grid: Grid) -> Grid:
    """The left half (and middle column) copied onto the right."""
    cols = len(grid[0])
    return [[row[c] if c < (cols + 1) // 2 else row[cols - 1 - c] for c in range(cols)] for row in grid]


def _as_it_is(grid: Grid) -> Grid:
    return grid


def _blurred(field: Grid) -> Grid:
    """Each square the (whole-number) average of itself and its neighbours inside the grid: sums of
    three across, then of three of those down (a box sum in two passes, the same whole numbers
    with a third of the additions); a zero beyond each edge adds nothing."""
    rows, cols = len(field), len(field[0])
    across = []
    for row in field:
        padded = [0, *row, 0]
        across.append([a + b + c for a, b, c in zip(padded, padded[1:], padded[2:])])
    wide = [min(cols, c + 2) - max(0, c - 1) for c in range(cols)]
    out = []
    for r in range(rows):
        near = across[max(0, r - 1):r + 2]
        tall = len(near)
        out.append([total // (tall * width) for total, width in zip(map(sum, zip(*near)), wide)])
    return out


def _components(grid: Grid, colour: int) -> list[list[tuple[int, int]]]:
    """The side-connected groups of squares of one colour, each listed from its first square."""
    rows, cols = len(grid), len(grid[0])
    seen = [[square != colour for square in row] for row in grid]  # the other colour is never visited
    groups = []
    for r in range(rows):
        for c in range(cols):
            if seen[r][c]:
                continue
            group, todo = [], [(r, c)]
            seen[r][c] = True
            while todo:
                y, x = todo.pop()
                group.append((y, x))
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= ny < rows and 0 <= nx < cols and not seen[ny][nx]:
                        seen[ny][nx] = True
                        todo.append((ny, nx))
            groups.append(group)
    return groups


def _cleaned(grid: Grid, speck: int, hole: int) -> Grid:
    """Ink specks smaller than `speck` squares wiped, holes smaller than `hole` squares (white
    groups that do not reach the edge) inked. A group and its mirror image are the same size,
    so the mirror holds."""
    rows, cols = len(grid), len(grid[0])
    out = [row.copy() for row in grid]
    for group in _components(grid, 1):
        if len(group) < speck:
            for r, c in group:
                out[r][c] = 0
    for group in _components(out, 0):
        closed = all(0 < r < rows - 1 and 0 < c < cols - 1 for r, c in group)
        if closed and len(group) < hole:
            for r, c in group:
                out[r][c] = 1
    return out


def _with_eyes(rng: random.Random, grid: Grid) -> Grid:
    """A white square each side of the fold, in the upper half of the largest shape, where all
    eight neighbours are ink (so each eye reads as an eye): unchanged when there is no room."""
    rows, cols = len(grid), len(grid[0])
    shapes = _components(grid, 1)
    if not shapes:
        return grid
    biggest = max(shapes, key=len)
    largest = set(biggest)
    top = min(r for r, _ in largest)
    bottom = max(r for r, _ in largest)
    room = [(r, c) for r, c in sorted(largest)
            if r <= (top + bottom) // 2 and 0 < r < rows - 1 and 0 < c and cols - 1 - 2 * c >= 2
            and all(grid[r + dr][c + dc] for dr in (-1, 0, 1) for dc in (-1, 0, 1))]
    if not room:
        return grid
    r, c = rng.choice(room)
    out = [row.copy() for row in grid]
    out[r][c] = out[r][cols - 1 - c] = 0
    return out


CENTRE = 0.6
"""How strongly ink gathers in the middle, as on a folded card: at the corners the field is
lowered by this share of its spread (times 2, the corner's squared distance)."""


def _off_centre(r: int, c: int, rows: int, cols: int) -> float:
    """The squared distance of a square's centre from the grid's, each axis scaled to -1..1."""
    return ((2 * r + 1 - rows) / rows) ** 2 + ((2 * c + 1 - cols) / cols) ** 2


def ink_blot(rng: random.Random, rows: int, cols: int, style: Style, folded: bool = True) -> Grid:
    """A random blot of rows x cols squares in the given style: mirror-symmetric when `folded`,
    else the same steps on the whole sheet (no mirror, no eyes)."""
    mirrored = _mirrored if folded else _as_it_is
    field = mirrored([[rng.randrange(1 << 20) for _ in range(cols)] for _ in range(rows)])
    passes = max(1, round(style.blur * min(rows, cols) / 10))
    for _ in range(passes):
        field = mirrored(_blurred(field))
    values = sorted(v for row in field for v in row)
    spread = values[len(values) * 9 // 10] - values[len(values) // 10]
    field = [[v - round(CENTRE * spread * _off_centre(r, c, rows, cols)) for c, v in enumerate(row)]
             for r, row in enumerate(field)]
    share = rng.uniform(*style.ink)
    values = sorted(v for row in field for v in row)
    cut = values[min(len(values) - 1, int(len(values) * (1 - share)))]
    grid = [[1 if v >= cut else 0 for v in row] for row in field]
    side = min(rows, cols)
    if style.blur > 0.3:
        grid = _cleaned(grid, speck=max(2, side // 5), hole=max(2, side // 4))
    if folded and rng.random() < style.eyes:
        grid = _with_eyes(rng, grid)
    return grid
