"""Numbrix and Hidato: fill the grid with 1..N so that consecutive numbers touch.

Numbrix joins side neighbours; Hidato also corner neighbours and is often played on a shaped grid.
Both types share this module's engine, in the usual order: parameters and shapes, board structure,
solver, grader, generator, drawing, then the two registry records.

Vocabulary: a *cell* is a single-bit int on a board whose rows are `stride` = cols + 1 bits apart
(the spare bit per row stops shifts from wrapping round), a *set* of cells is an int mask, and
number k (1..N) lives at index k - 1 of `cand`, the set of cells it may still occupy. Placing a
number makes its set a single cell. The solver keeps the sets arc-consistent along the chain
1-2-...-N (k must touch a cell of k-1 and of k+1, so reachability through free cells and, in
Numbrix, the checkerboard parity fall out of the sweep), removes placed cells from every other set,
crosses numbers out of cells with at most one free neighbour when their neighbour numbers cannot
both fit, places a number in a cell that no other number can reach, and counts each separate
region of free cells (numbers able to reach it, ports for the path to enter, colour surplus in
Numbrix). Near the root it probes numbers with two cells left; then it branches on the number
with the fewest cells left.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import islice
from typing import Any

from bookgen.core import symmetry as grid_symmetry
from bookgen.core.grading import (
    VARIETY_PATTERNS,
    Bands,
    Deduced,
    Deduction,
    make_at_level,
    recorded_steps,
    removal_results,
    simplest_first,
    told_in_order,
)
from bookgen.core.hamilton import Cell, check_can_have_path, grid_graph, random_path
from bookgen.core.options import Option
from bookgen.core.pen import MEDIUM, THICK, THIN, Pen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.puzzles.base import (
    JSON,
    Generated,
    Printed,
    PuzzleType,
    Request,
    Solved,
    always_unique,
    fixed_example,
    fixed_rules,
    form_key,
    no_answer_note,
    numbers_printed,
)

# --- parameters and shapes ------------------------------------------------------------------------

MIN_SIDE, MAX_SIDE = 4, 15
MAX_PRINTED_SIDE = 20  # a bank puzzle may be a little larger than we generate, and still print
SYMMETRIES = ("none", "rotational", "mirror")
DEFAULT_SIZE = {"easy": 6, "medium": 7, "hard": 8, "expert": 8}
ATTEMPTS = 30  # fresh paths tried before a request is declared out of reach
# Most missing numbers allowed between consecutive givens, per level (None: no cap). Removing every
# given the grader allows leaves easy pages sparse, with long runs to find; the cap keeps easy and
# medium pages fuller and gentler. The level is still the technique grade.
STRETCH_CAP: dict[str, int | None] = {"easy": 4, "medium": 7, "hard": None, "expert": None}


def _shape_problem(text: str) -> str | None:
    """Why a shape option is not a built-in name or a mask; None when it is fine."""
    if text in SHAPES:
        return None
    if "#" not in text:
        return (f"shape {text!r} is not a built-in shape ({', '.join(SHAPES)}) nor a mask "
                "such as '.##./####/.##.' ('#' a cell, '.' a hole, '/' between rows)")
    try:
        mask_cells(text)
    except BookgenError as error:
        return error.message
    return None


def mask_cells(text: str) -> tuple[int, int, list[Cell]]:
    """(rows, cols, cells) of a drawn mask like '.##./####'."""
    rows = [row.strip() for row in text.strip().split("/")]
    if any(set(row) - {"#", "."} for row in rows) or len({len(row) for row in rows}) != 1:
        raise BookgenError("a shape mask has rows of equal length made of '#' (cell) and '.' "
                           "(hole), separated by '/'", key="shape")
    if len(rows) > MAX_SIDE or len(rows[0]) > MAX_SIDE:
        raise BookgenError(f"a shape mask is at most {MAX_SIDE}x{MAX_SIDE}", key="shape")
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"]
    if len(cells) < 4:
        raise BookgenError("a shape mask needs at least 4 cells", key="shape")
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    cells = [(r - top, c - left) for r, c in cells]
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1, cells


def _centred(rows: int, cols: int, inside: Callable[[float, float], bool]) -> list[Cell]:
    """Cells whose centre, scaled to -1..1 on both axes, satisfies `inside`."""
    return [(r, c) for r in range(rows) for c in range(cols)
            if inside((2 * c + 1 - cols) / cols, (2 * r + 1 - rows) / rows)]


def _in_heart(x: float, y: float) -> bool:
    """The classic heart curve (x^2 + y^2 - 1)^3 <= x^2 y^3, y up, stretched to fill the box."""
    hx, hy = 1.2 * x, 0.1 - 1.08 * y
    return (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy ** 3 <= 0


SHAPES: dict[str, Callable[[int, int], list[Cell]]] = {
    "square": lambda rows, cols: [(r, c) for r in range(rows) for c in range(cols)],
    "diamond": lambda rows, cols: _centred(rows, cols, lambda x, y: abs(x) + abs(y) <= 1.2),
    "circle": lambda rows, cols: _centred(rows, cols, lambda x, y: x * x + y * y <= 1.1),
    "cross": lambda rows, cols: _centred(rows, cols, lambda x, y: min(abs(x), abs(y)) <= 0.4),
    "hexagon": lambda rows, cols: _centred(rows, cols, lambda x, y: abs(x) + abs(y) / 2 <= 1.0),
    "heart": lambda rows, cols: _centred(rows, cols, _in_heart),
    "ring": lambda rows, cols: _centred(rows, cols, lambda x, y: 0.2 <= x * x + y * y <= 1.1),
}


def shape_cells(request: Request) -> tuple[int, int, list[Cell], str]:
    """(rows, cols, cells, description) for the size and shape settings. A mask brings its own
    size, so a size the user set must agree with it (the level's default size does not count)."""
    shape = request.settings.get("shape", "square")  # Numbrix has no shape option: a square
    if shape in SHAPES:
        rows, cols = request.settings["size"]
        what = f"the {rows}x{cols} {shape}"
        cells = list(_normalised(tuple(SHAPES[shape](rows, cols))))
        return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1, cells, what
    rows, cols, cells = mask_cells(shape)
    asked = request.options.get("size")
    if asked is not None and tuple(asked) != (rows, cols):
        raise BookgenError(f"the shape mask is {rows}x{cols} but size asks for "
                           f"{asked[0]}x{asked[1]}; leave size out", key="size")
    return rows, cols, cells, "the drawn shape"


# --- board structure ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """A grid shape's precomputed structure: cell bits, neighbour sets and colour classes."""

    rows: int
    cols: int
    diagonal: bool
    cells: tuple[Cell, ...]
    stride: int
    mask: int
    around: dict[int, int]  # cell -> set of its neighbours
    black: int  # cells with (row + col) even: Numbrix numbers alternate colours
    balls: dict[int, list[int]] = field(default_factory=dict, compare=False, hash=False)

    def bit(self, cell: Cell) -> int:
        return 1 << (cell[0] * self.stride + cell[1])

    def cell(self, bit: int) -> Cell:
        return divmod(bit.bit_length() - 1, self.stride)

    def spread(self, cells: int) -> int:
        """Every cell touching one of `cells` (king moves: the row step taken once, from the
        cells and their side neighbours)."""
        s = self.stride
        side = cells << 1 | cells >> 1
        if self.diagonal:
            row = side | cells
            return (side | row << s | row >> s) & self.mask
        return (side | cells << s | cells >> s) & self.mask

    def shifted(self, cells: int) -> list[int]:
        """`cells` moved one step in each direction: bit-parallel neighbour counting."""
        s = self.stride
        steps = [1, s] + ([s + 1, s - 1] if self.diagonal else [])
        return [cells << d for d in steps] + [cells >> d for d in steps]

    def ball(self, centre: int, radius: int) -> int:
        """Cells within `radius` steps of `centre` over the whole shape (a person counting steps)."""
        grown = self.balls.setdefault(centre, [centre])
        while len(grown) <= radius:
            last = grown[-1]
            grown.append(last | self.spread(last))
        return grown[radius]

    def regions(self, cells: int) -> list[int]:
        """The connected parts of `cells`."""
        parts = []
        while cells:
            part = self.region(cells & -cells, cells)
            parts.append(part)
            cells &= ~part
        return parts

    def region(self, seed: int, within: int) -> int:
        """The connected part of `within` that holds `seed`."""
        part = seed
        while True:
            grown = (part | self.spread(part)) & within
            if grown == part:
                return part
            part = grown


@lru_cache(maxsize=64)
def make_board(cells: tuple[Cell, ...], diagonal: bool) -> Board:
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    stride = cols + 1
    bits = [1 << (r * stride + c) for r, c in cells]
    mask = sum(bits)
    black = sum(b for b, (r, c) in zip(bits, cells) if (r + c) % 2 == 0)
    board = Board(rows, cols, diagonal, cells, stride, mask, {}, black)
    board.around.update((b, board.spread(b)) for b in bits)
    return board


def bits_of(cells: int) -> list[int]:
    """The single cells of a set, lowest first."""
    out = []
    while cells:
        low = cells & -cells
        out.append(low)
        cells ^= low
    return out


# --- solver ---------------------------------------------------------------------------------------


class Contradiction(Exception):
    """The sets admit no path: this branch (or puzzle) has no solution."""


@dataclass(slots=True)
class State:
    """Search state: the cell sets of all numbers and what is placed.

    `fixed` holds the cells of placed numbers and `done` has bit k-1 set once number k is placed.
    Placing is lazy: a placed cell stays in other numbers' sets (it is `stale`) until the next
    sweep takes it out; every other deduction reads only placed numbers and free cells, or sweeps
    first. `dirty` flags numbers whose sets changed since their chain neighbours were checked.
    `known` lets lookahead skip trying the true cell, which can never fail (same result, faster).
    """

    board: Board
    cand: list[int]
    fixed: int = 0
    done: int = 0
    dirty: int = 0
    stale: int = 0
    known: tuple[int, ...] | None = None  # the answer, when the generator knows it
    # lookahead trials that ended without a contradiction, by (number index, cell): their end
    # states, which stay sound while this state only narrows
    survived: dict[tuple[int, int], State] | None = None
    # trials shown to end without a contradiction by another trial's end state that has the
    # number on that cell (still true while that state lies within this one)
    implied: dict[tuple[int, int], State] | None = None
    # the unplaced number indices, kept with the `done` they were listed for
    listed: tuple[int, list[int]] | None = None
    # `fixed` when trim_tight_cells last ran (with the same cells fixed it finds nothing new)
    trimmed: int = -1
    # the regions of free cells, kept with the `fixed` they were found for
    parts: tuple[int, list[int]] | None = None

    def copy(self) -> State:
        return State(self.board, self.cand[:], self.fixed, self.done, self.dirty, self.stale,
                     self.known, listed=self.listed, trimmed=self.trimmed, parts=self.parts)

    def missing(self) -> list[int]:
        """The unplaced number indices, ascending (late in a proof most numbers are placed, so
        the loops over sets run over these)."""
        listed, done = self.listed, self.done
        if listed is None:
            open_numbers = [k for k in range(len(self.cand)) if not done >> k & 1]
        elif listed[0] == done:
            return listed[1]
        else:
            placed = done & ~listed[0]
            if placed.bit_count() > 4:
                open_numbers = [k for k in listed[1] if not done >> k & 1]
            else:  # a copy and a few removals run in C
                open_numbers = listed[1][:]
                for low in bits_of(placed):
                    open_numbers.remove(low.bit_length() - 1)
        self.listed = (done, open_numbers)
        return open_numbers

    def meet(self, other: State) -> State:
        """A state with what both this one and `other` know (both sound for the same puzzle).
        Only numbers whose sets `other` narrows need a sweep, when this one has been swept."""
        cand = [x & y for x, y in zip(self.cand, other.cand)]
        narrowed = self.dirty
        for k, (x, y) in enumerate(zip(self.cand, cand)):
            if x != y:
                if not y:
                    raise Contradiction
                narrowed |= 1 << k
        met = State(self.board, cand, self.fixed | other.fixed, self.done | other.done,
                    narrowed, self.stale | other.stale, self.known)
        if met.fixed == self.fixed:
            met.listed, met.trimmed, met.parts = self.listed, self.trimmed, self.parts
        return met

    def within(self, other: State) -> bool:
        """Whether every set of this state lies within the same number's set in `other`."""
        return not any(mine & ~theirs for mine, theirs in zip(self.cand, other.cand))

    @property
    def size(self) -> int:
        return len(self.cand)

    def solved(self) -> bool:
        return self.done == (1 << len(self.cand)) - 1

    def place(self, k: int, cell: int) -> None:
        """Put number index k in `cell`; the next sweep takes the cell from every other set."""
        cand, done = self.cand, self.done
        if done >> k & 1:
            if cand[k] != cell:
                raise Contradiction
            return
        if self.fixed & cell or not cand[k] & cell:
            raise Contradiction
        around = self.board.around[cell]
        if (k and done >> (k - 1) & 1 and not cand[k - 1] & around
                or done >> (k + 1) & 1 and not cand[k + 1] & around):
            raise Contradiction  # a placed neighbour number does not touch the cell
        cand[k] = cell
        self.fixed |= cell
        self.stale |= cell
        self.done |= 1 << k
        self.dirty |= 1 << k

    def narrow(self, k: int, cells: int) -> None:
        """Keep only `cells` of number index k's set."""
        left = self.cand[k] & cells
        if not left:
            raise Contradiction
        if left != self.cand[k]:
            self.cand[k] = left
            self.dirty |= 1 << k

    def sweep(self) -> bool:
        """Arc consistency along the chain 1-2-...-N (each number's cells touch a cell of the
        number before and after it), placed cells out of the other sets, a number left with one
        cell placed, to a fixpoint; True if a number was placed.

        Each round is one pass up the chain and one down over the missing numbers next to a set
        that changed: that reaches arc consistency on a chain (a number narrowed on the way down
        never leaves the one above it without support). Placed numbers only bound the passes;
        `place` checks them against placed neighbour numbers."""
        cand, spread = self.cand, self.board.spread
        full = (1 << len(cand)) - 1
        placed_before = self.done
        while True:
            done = self.done
            dirty = self.dirty
            if self.stale:
                stale = self.stale
                self.stale = 0
                for k in [k for k in self.missing() if cand[k] & stale]:
                    dirty |= 1 << k
            self.dirty = 0
            missing = full & ~done
            placed = dirty & done
            todo = (dirty | placed << 1 | placed >> 1) & missing
            if not todo:
                break
            free = self.board.mask & ~self.fixed
            moved = dirty
            while todo:  # up the chain: k against k-1
                low = todo & -todo
                todo ^= low
                k = low.bit_length() - 1
                old = cand[k]
                new = old & free
                if k:
                    new &= spread(cand[k - 1])
                if new != old:
                    if not new:
                        raise Contradiction
                    cand[k] = new
                    moved |= low
                if moved & low and missing & low << 1:
                    todo |= low << 1
            todo = moved >> 1 & missing
            while todo:  # down the chain: k against k+1
                k = todo.bit_length() - 1
                high = 1 << k
                todo ^= high
                old = cand[k]
                new = old & spread(cand[k + 1])
                if new != old:
                    if not new:
                        raise Contradiction
                    cand[k] = new
                    moved |= high
                    todo |= high >> 1 & missing
            fresh = moved & missing
            while fresh:  # numbers left with one cell are placed
                low = fresh & -fresh
                fresh ^= low
                cells = cand[low.bit_length() - 1]
                if not cells & (cells - 1):
                    if self.fixed & cells:
                        raise Contradiction
                    self.fixed |= cells
                    self.stale |= cells
                    self.done |= low
        return self.done != placed_before

    def lone_cells(self) -> list[tuple[int, int]]:
        """(number index, cell) for free cells that only one unplaced number can reach."""
        cand, missing = self.cand, self.missing()
        ones = twos = 0
        for k in missing:  # placed numbers hold no free cell
            cells = cand[k]
            twos |= ones & cells
            ones |= cells
        free = self.board.mask & ~self.fixed
        if free & ~ones:
            raise Contradiction
        return [(next(k for k in missing if cand[k] & cell), cell)
                for cell in bits_of(free & ~twos)]

    def check_regions(self) -> None:
        """Counting checks on each region of free cells. The numbers able to reach it must be at
        least as many as its cells (per colour in Numbrix), those confined to it no more. The path
        crosses it in runs, each with two ends at ports (placed numbers beside it with a missing
        neighbour number, one per missing side) or at an unplaced 1 or N; in Numbrix a run adds
        at most one to the colour surplus and needs both ends on the surplus colour."""
        board, cand, done = self.board, self.cand, self.done
        last = len(cand) - 1
        free = board.mask & ~self.fixed
        open_sets = [cand[k] for k in self.missing()]
        missing = ~done & ((1 << len(cand)) - 1)
        ports = []
        for low in bits_of(done & (missing << 1 | missing >> 1)):
            k = low.bit_length() - 1
            sides = (k > 0 and missing >> (k - 1) & 1) + (k < last and missing >> (k + 1) & 1)
            ports.append((board.around[cand[k]], sides))
        ends = [cand[k] for k in {0, last} if missing >> k & 1]
        if self.parts is None or self.parts[0] != self.fixed:
            self.parts = (self.fixed, board.regions(free))
        parts = self.parts[1]
        single = len(parts) == 1  # counts hold trivially then
        for part in parts:
            if not single and sum(1 for cells in open_sets if not cells & ~part) > part.bit_count():
                raise Contradiction
            if sum(sides for near, sides in ports if near & part) + sum(
                    1 for cells in ends if cells & part) < 2:
                raise Contradiction
            if board.diagonal:
                pieces: tuple[int, ...] = (part,)
            else:
                pieces = (part & board.black, part & ~board.black)
                surplus = pieces[0].bit_count() - pieces[1].bit_count()
                heavy = pieces[0] if surplus > 0 else pieces[1]
                run_ends = sum(sides for near, sides in ports if near & heavy) + sum(
                    1 for cells in ends if cells & heavy)
                if 2 * abs(surplus) > run_ends:
                    raise Contradiction
            for piece in pieces if not single or not board.diagonal else ():
                if piece and sum(1 for cells in open_sets if cells & piece) < piece.bit_count():
                    raise Contradiction

    def check_dead_ends(self) -> None:
        """Every free cell needs two links (free neighbours or placed numbers with an unplaced
        neighbour number); a cell with fewer can only be an unplaced 1 or N."""
        board = self.board
        cand, done, last = self.cand, self.done, len(self.cand) - 1
        free = board.mask & ~self.fixed
        missing = ~done & ((1 << len(cand)) - 1)
        open_ends = 0
        for k in bits_of(done & (missing << 1 | missing >> 1)):
            open_ends |= cand[k.bit_length() - 1]
        links = free | open_ends
        ones = twos = 0
        for near in board.shifted(links):
            twos |= ones & near
            ones |= near
        dead = free & ~twos
        if dead:
            ends = (not done & 1) + (not done >> last & 1)
            if dead.bit_count() > ends or free & ~ones:
                raise Contradiction

    def trim_tight_cells(self) -> bool:
        """A free cell with at most one free neighbour can hold k only if k-1 and k+1 are placed
        beside it or fit in its free neighbours (one each), so cross out numbers that do not
        fit. True if a set changed."""
        if self.trimmed == self.fixed:
            return False
        self.trimmed = self.fixed
        board, cand, done = self.board, self.cand, self.done
        free = board.mask & ~self.fixed
        ones = twos = 0
        for near in board.shifted(free):
            twos |= ones & near
            ones |= near
        tight = free & ~twos
        if not tight:
            return False
        changed = False
        last = len(cand) - 1
        around = board.around
        for k in [k for k in self.missing() if cand[k] & tight]:
            for cell in bits_of(cand[k] & tight):
                room = (around[cell] & free).bit_count()
                missing = 0
                for side in (k - 1, k + 1):
                    if 0 <= side <= last:
                        if done >> side & 1:
                            if not cand[side] & around[cell]:
                                missing = 3
                        else:
                            missing += 1
                if missing > room:
                    self.narrow(k, ~cell)
                    changed = True
        return changed

    def settle(self) -> None:
        """Propagate to a fixpoint: chain sweeps, placed cells, lone cells, region counts."""
        while True:
            self.sweep()
            if self.trim_tight_cells():
                continue
            lone = self.lone_cells()
            if not lone:
                break
            for k, cell in lone:
                self.place(k, cell)
        if not self.solved():
            self.check_dead_ends()
            self.check_regions()


def start_state(board: Board, givens: dict[int, int]) -> State:
    """The state of a puzzle whose givens map number index -> cell; Contradiction if they clash."""
    size = board.mask.bit_count()
    taken = 0
    for cell in givens.values():
        if taken & cell:
            raise Contradiction
        taken |= cell
    for k, cell in givens.items():
        if k + 1 in givens and not board.around[cell] & givens[k + 1]:
            raise Contradiction
    open_cells = board.mask & ~taken
    cand = [givens.get(k, open_cells) for k in range(size)]
    done = sum(1 << k for k in givens)
    return State(board, cand, taken, done, (1 << size) - 1)


def _branch_number(node: State) -> int:
    """The unplaced number with the fewest cells, preferring one next to a placed number, so the
    search grows paths out of the givens and dead ends show up early."""
    done, best, fewest = node.done, -1, 1 << 30
    beside = done << 1 | done >> 1
    for k in node.missing():
        count = node.cand[k].bit_count() + (0 if beside >> k & 1 else 1000)
        if count < fewest:
            best, fewest = k, count
    return best


PROBE_DEPTH = 3  # probing pays near the root; deeper it costs more than it cuts


def probe(node: State) -> bool:
    """Try both cells of every number that has two: when one fails, the number takes the other.
    True if something was placed. (Failed-literal probing: it cuts the search tree of puzzles
    that need lookahead from thousands of nodes to a handful.)"""
    placed = False
    for k in range(node.size):
        cells = node.cand[k]
        if node.done >> k & 1 or cells.bit_count() != 2:
            continue
        for cell in bits_of(cells):
            trial = node.copy()
            try:
                trial.place(k, cell)
                trial.settle()
            except Contradiction:
                node.place(k, cells ^ cell)
                node.sweep()
                placed = True
                break
    return placed


def search(state: State, cap: int | None) -> list[State]:
    """Up to `cap` solved states (all when cap is None), depth first, fewest cells first."""
    found: list[State] = []

    def visit(node: State, depth: int) -> None:
        try:
            node.settle()
            while depth < PROBE_DEPTH and not node.solved() and probe(node):
                node.settle()
        except Contradiction:
            return
        if node.solved():
            found.append(node)
            return
        best = _branch_number(node)
        for cell in bits_of(node.cand[best]):
            child = node.copy()
            try:
                child.place(best, cell)
            except Contradiction:
                continue
            visit(child, depth + 1)
            if cap is not None and len(found) >= cap:
                return

    visit(state, 0)
    return found


# --- puzzle JSON <-> boards -------------------------------------------------------------------------


def board_of(puzzle: JSON, diagonal: bool) -> Board:
    grid = puzzle["grid"]
    cells = tuple((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None)
    return make_board(_normalised(cells), diagonal)


def _normalised(cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """Cells shifted so the shape touches row 0 and column 0 (grids may have empty margins)."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple((r - top, c - left) for r, c in cells)


def _offset(grid: list[list[Any]]) -> tuple[int, int]:
    cells = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None]
    return min(r for r, _ in cells), min(c for _, c in cells)


def givens_of(puzzle: JSON, board: Board) -> dict[int, int]:
    top, left = _offset(puzzle["grid"])
    return {v - 1: board.bit((r - top, c - left))
            for r, row in enumerate(puzzle["grid"]) for c, v in enumerate(row) if v}


def grid_of(puzzle: JSON, board: Board, state: State) -> list[list[int | None]]:
    """The puzzle's grid with every cell filled from a solved state."""
    top, left = _offset(puzzle["grid"])
    number = {cells: k + 1 for k, cells in enumerate(state.cand)}
    return [[None if v is None else number[board.bit((r - top, c - left))]
             for c, v in enumerate(row)] for r, row in enumerate(puzzle["grid"])]


def solve_with(diagonal: bool) -> Callable[[JSON, int | None], Solved]:
    def solve(puzzle: JSON, cap: int | None = None) -> Solved:
        """The grader's sound deductions first (when they finish, the answer is the only one),
        then search from where they stopped."""
        board = board_of(puzzle, diagonal)
        try:
            state = start_state(board, givens_of(puzzle, board))
            finished = run_grader(state, grade_of("expert"), fast=True).finished
        except Contradiction:
            return Solved(0, None)
        found = [state] if finished else search(state, cap)
        first = {"grid": grid_of(puzzle, board, found[0])} if found else None
        return Solved(len(found), first)

    return solve


# --- rule check (apart from the solver) -------------------------------------------------------------


def check_with(diagonal: bool) -> Callable[[JSON, JSON], list[str]]:
    def check(puzzle: JSON, solution: JSON) -> list[str]:
        """Rule violations, from plain coordinates: shape kept, givens kept, 1..N once, steps touch."""
        grid, answer = puzzle["grid"], solution.get("grid")
        if (not isinstance(answer, list) or len(answer) != len(grid)
                or any(not isinstance(a, list) or len(a) != len(g) for a, g in zip(answer, grid))):
            return ["the answer grid must have the puzzle's rows and columns"]
        problems = []
        where: dict[int, Cell] = {}
        size = sum(v is not None for row in grid for v in row)
        for r, (row, filled) in enumerate(zip(grid, answer)):
            for c, (given, value) in enumerate(zip(row, filled)):
                if given is None:
                    if value is not None:
                        problems.append(f"row {r + 1} col {c + 1} is outside the shape")
                    continue
                if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= size:
                    problems.append(f"row {r + 1} col {c + 1} must hold a number 1..{size}")
                    continue
                if given and value != given:
                    problems.append(f"row {r + 1} col {c + 1} must keep its given {given}")
                if value in where:
                    problems.append(f"{value} appears twice")
                where[value] = (r, c)
        for value in range(1, size):
            if value in where and value + 1 in where:
                (r1, c1), (r2, c2) = where[value], where[value + 1]
                dr, dc = abs(r1 - r2), abs(c1 - c2)
                touching = max(dr, dc) == 1 if diagonal else dr + dc == 1
                if not touching:
                    problems.append(f"{value} and {value + 1} do not touch")
        missing = [v for v in range(1, size + 1) if v not in where]
        if missing:
            problems.append(f"missing numbers: {missing[:5]}")
        return problems

    return check


def validate_with(diagonal: bool) -> Callable[[JSON], None]:
    moves = "king" if diagonal else "side"

    def validate(puzzle: JSON) -> None:
        grid = puzzle.get("grid")
        if (not isinstance(grid, list) or not grid
                or not all(isinstance(row, list) for row in grid)
                or len({len(row) for row in grid}) != 1 or not grid[0]):
            raise PuzzleFormatError("'grid' must be a non-empty list of equal rows", key="grid")
        seen: dict[int, Cell] = {}
        cells = []
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                if v is None:
                    continue
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    raise PuzzleFormatError(f"row {r + 1} col {c + 1} holds {v!r}; use 0 for blank, "
                                            "a number, or null outside the shape", key="grid")
                cells.append((r, c))
                if v in seen and v:
                    raise PuzzleFormatError(f"number {v} appears twice (row {seen[v][0] + 1} col "
                                            f"{seen[v][1] + 1} and row {r + 1} col {c + 1})", key="grid")
                if v:
                    seen[v] = (r, c)
        size = len(cells)
        if size < 2:
            raise PuzzleFormatError("the grid needs at least 2 cells", key="grid")
        too_big = sorted(v for v in seen if v > size)
        if too_big:
            raise PuzzleFormatError(f"number {too_big[0]} is larger than the {size} cells of the grid",
                                    key="grid")
        board = make_board(_normalised(tuple(cells)), diagonal)
        if board.region(board.mask & -board.mask, board.mask) != board.mask:
            raise PuzzleFormatError(f"the cells fall apart into pieces that {moves} steps cannot join",
                                    key="grid")
        top, left = _offset(grid)
        numbers = sorted(seen)
        for a, b in zip(numbers, numbers[1:]):
            pa = board.bit((seen[a][0] - top, seen[a][1] - left))
            pb = board.bit((seen[b][0] - top, seen[b][1] - left))
            steps = next(d for d in range(size) if board.ball(pa, d) & pb)
            parity_clash = not diagonal and (b - a - steps) % 2
            if steps > b - a or parity_clash:
                why = (f"{steps} steps apart" if steps > b - a
                       else "on squares of a colour that an odd/even count cannot join")
                raise PuzzleFormatError(
                    f"givens {a} (row {seen[a][0] + 1} col {seen[a][1] + 1}) and {b} (row "
                    f"{seen[b][0] + 1} col {seen[b][1] + 1}) are {why}, but {b - a} numbers apart: "
                    "no path can join them", key="grid")

    return validate


# --- grader ---------------------------------------------------------------------------------------
# A person's deductions, simplest first; each returns how many steps it made (0: it found nothing).
# Grades: 1 neighbours only, 2 counting steps and dead ends, 3 routes around placed numbers and
# cells only one number can reach, 4 lookahead (try a cell, see it fail), 5 beyond lookahead.


def _open_neighbours(state: State) -> list[tuple[int, int, str]]:
    """A missing number next to a placed one: its cell must touch the placed number (and the
    number after it too, when placed); if one free cell does, that is it."""
    cand, done, last = state.cand, state.done, state.size - 1
    around, free = state.board.around, state.board.mask & ~state.fixed
    found = []
    for k in range(state.size):
        if done >> k & 1:
            continue
        before = k > 0 and done >> (k - 1) & 1
        after = k < last and done >> (k + 1) & 1
        if not (before or after):
            continue
        cells = free
        if before:
            cells &= around[cand[k - 1]]
        if after:
            cells &= around[cand[k + 1]]
        if cells and not cells & (cells - 1):
            found.append((k, cells, "bridge" if before and after else "only_neighbour"))
    return found


def only_neighbour(state: State) -> int:
    """'k+1 has one free cell next to k' and 'one cell touches both k and k+2' (bridge)."""
    return _apply(state, _open_neighbours(state))


def dead_end(state: State) -> int:
    """A free cell with at most one free neighbour needs a placed neighbour number next to its
    own: when only one missing number fits there, it goes in."""
    board = state.board
    free = board.mask & ~state.fixed
    ones = twos = 0
    for near in board.shifted(free):
        twos |= ones & near
        ones |= near
    tight = free & ~twos  # at most one free neighbour
    if not tight:
        return 0
    cand, done, last = state.cand, state.done, state.size - 1
    around = board.around
    owner = {cand[k]: k for k in range(state.size) if done >> k & 1}
    found = []
    for cell in bits_of(tight):
        open_near = (around[cell] & free).bit_count()
        options = {0, last} | {k + step for near in bits_of(around[cell] & state.fixed)
                               for k in (owner[near],) for step in (-1, 1)}
        fitting = [k for k in sorted(options) if 0 <= k <= last and not done >> k & 1
                   and _fits(state, k, cell, open_near)]
        if len(fitting) == 1:
            found.append((fitting[0], cell, "dead_end"))
    return _apply(state, found)


def _fits(state: State, k: int, cell: int, open_near: int) -> bool:
    """Whether number index k could sit in `cell` judging by its two neighbour numbers alone."""
    missing = 0
    for side in (k - 1, k + 1):
        if 0 <= side < state.size:
            if state.done >> side & 1:
                if not state.cand[side] & state.board.around[cell]:
                    return False
            else:
                missing += 1
    return missing <= open_near


def gap_count(state: State) -> int:
    """Between placed a and b, number k lies within k-a steps of a and b-k steps of b (counted
    over the whole grid, as a person counts): when one free cell qualifies, k goes there."""
    board, cand, done, size = state.board, state.cand, state.done, state.size
    free = board.mask & ~state.fixed
    placed = [k for k in range(size) if done >> k & 1]
    found = []
    for a, b in zip([None, *placed], [*placed, None]):
        lo = 0 if a is None else a + 1
        hi = size - 1 if b is None else b - 1
        for k in range(lo, hi + 1):
            cells = free
            if a is not None:
                cells &= board.ball(cand[a], k - a)
            if b is not None:
                cells &= board.ball(cand[b], b - k)
            if cells and not cells & (cells - 1):
                found.append((k, cells, "gap_count"))
    return _apply(state, found)


def route(state: State) -> int:
    """Follow every missing number's reach through free cells from both placed neighbours
    (arc consistency along the chain); a number left with one cell is placed."""
    before = state.done.bit_count()
    state.sweep()
    return state.done.bit_count() - before


def only_number(state: State) -> int:
    """A free cell that only one missing number can reach holds that number."""
    lone = state.lone_cells()
    for k, cell in lone:
        state.place(k, cell)
    return len(lone)


def lookahead(state: State) -> int:
    """Try each cell of the missing number with the fewest (up to 3) cells: a cell whose trial
    leads to a contradiction by the rules above is crossed out."""
    state.sweep()
    open_numbers = sorted((count, k) for k in state.missing()
                          if (count := state.cand[k].bit_count()) <= 3)
    for _, k in open_numbers:
        crossed = 0
        for cell in bits_of(state.cand[k]):
            if state.known is not None and state.known[k] == cell:
                continue
            trial = state.copy()
            try:
                trial.place(k, cell)
                trial.settle()
            except Contradiction:
                crossed |= cell
        if crossed:
            state.narrow(k, ~crossed)
            state.sweep()
            return crossed.bit_count()
    return 0


def lookahead_round(state: State, goal: int = 0) -> int:
    """Lookahead for proofs: the same trials, but on through the other numbers after a crossing,
    so the grader does not start over for each one. A trial that ended without a contradiction
    earlier in this proof is not run again while its end state still lies within this state's
    sets (from there the rules reach that same end), or is run on from that end; nor is a trial
    whose cell another trial's end state (lying within this state) gives its number: it would
    reach at least that state. The numbers of `goal` (a mask) go first, and the round ends once
    they are all placed. (The skips assume the rules monotone, as the removal loop does.)"""
    state.sweep()
    if state.survived is None or state.implied is None:
        state.survived, state.implied = {}, {}
    survived, implied = state.survived, state.implied
    open_numbers = sorted((not goal >> k & 1, count, k) for k in state.missing()
                          if (count := state.cand[k].bit_count()) <= 3)
    total = 0
    for _, _, k in open_numbers:
        if state.done >> k & 1:
            continue
        crossed = 0
        for cell in bits_of(state.cand[k]):
            if state.known is not None and state.known[k] == cell:
                continue
            before = survived.get((k, cell))
            if before is not None and before.within(state):
                continue
            shown = implied.get((k, cell))
            if shown is not None and shown.within(state):
                continue
            try:
                if before is not None:
                    trial = before.meet(state)
                else:
                    trial = state.copy()
                    trial.place(k, cell)
                trial.settle()
                survived[k, cell] = trial
            except Contradiction:
                crossed |= cell
                continue
            for low in bits_of(trial.done & ~state.done):
                j = low.bit_length() - 1
                implied[j, trial.cand[j]] = trial
        if crossed:
            total += crossed.bit_count()
            state.narrow(k, ~crossed)
            if state.sweep() and goal and state.done & goal == goal:
                break
    return total


def _apply(state: State, found: list[tuple[int, int, str]]) -> int:
    for k, cell, _ in found:
        state.place(k, cell)
    return len(found)


DEDUCTIONS: tuple[Deduction[State], ...] = (
    Deduction("only_neighbour", 1, only_neighbour),
    Deduction("dead_end", 2, dead_end),
    Deduction("gap_count", 2, gap_count),
    Deduction("route", 3, route),
    Deduction("only_number", 3, only_number),
    Deduction("lookahead", 4, lookahead),
)
# The cheapest strong deductions first: for proofs (generator, solver), not for grading.
FAST_ORDER = ("route", "only_number", "gap_count", "dead_end", "only_neighbour", "lookahead")
FAST_DEDUCTIONS = tuple(sorted((Deduction("lookahead", 4, lookahead_round) if step.name == "lookahead"
                                else step for step in DEDUCTIONS),
                               key=lambda step: FAST_ORDER.index(step.name)))
# Route leaves each number's cells within reach of its placed neighbours through free cells, so
# after it only_neighbour and gap_count (which count steps over the whole grid) never find a
# number it left unplaced: where route may be used, the fast order leaves them out and ends where
# the full one would.
SUBSUMED_BY_ROUTE = ("only_neighbour", "gap_count")
ROUTE_GRADE = 3


def fast_deductions(top: int) -> tuple[Deduction[State], ...]:
    """The fast order's deductions up to grade `top`."""
    if top < ROUTE_GRADE:
        return tuple(step for step in FAST_DEDUCTIONS if step.rank <= top)
    return tuple(step for step in FAST_DEDUCTIONS
                 if step.rank <= top and step.name not in SUBSUMED_BY_ROUTE)


BANDS = Bands.of({"easy": (1, 1), "medium": (2, 2), "hard": (3, 3), "expert": (4, 4)})
SEARCH_GRADE = 5  # beyond lookahead: filed as expert, never made


def grade_of(level: str) -> int:
    """The hardest grade a puzzle of `level` may need."""
    return int(BANDS.top(level))


def run_grader(state: State, max_grade: int, fast: bool = False) -> Deduced:
    """Solve as a person would, always trying the simplest deduction first (grade 1 when none
    was needed). `fast` tries the cheapest strong deductions first: it reaches the same end
    (every deduction is sound) but does not say which were needed."""
    return simplest_first(fast_deductions(max_grade) if fast else DEDUCTIONS, state, State.solved,
                          max_grade, floor=1)


def stretch(givens: Iterable[int], size: int) -> int:
    """Most missing numbers between consecutive givens (or before the first, after the last)."""
    numbers = sorted(givens)
    return max(b - a - 1 for a, b in zip([-1, *numbers], [*numbers, size]))


def rate_with(diagonal: bool) -> Callable[..., JSON]:
    def rate(puzzle: JSON, answer: list[int] | None = None) -> JSON:
        """The grade (hardest deduction a person needs), its level, the deductions used, the
        stretch (most numbers between consecutive givens) and the share of givens. The
        generator passes the `answer` (cells by number) so that lookahead skips trying the true
        cells, which never fail: the same rating, sooner."""
        board = board_of(puzzle, diagonal)
        givens = givens_of(puzzle, board)
        size = board.mask.bit_count()
        try:
            state = start_state(board, givens)
            state.known = None if answer is None else tuple(answer)
            deduced = run_grader(state, grade_of("expert"))
        except Contradiction:
            deduced = Deduced(False, SEARCH_GRADE, {})
        grade = deduced.hardest if deduced.finished else SEARCH_GRADE
        return {
            "level": BANDS.level_of(grade),
            "grade": grade,
            "deductions": {name: count for name, count in deduced.counts.items() if count},
            "logic_finishes": deduced.finished,
            "stretch": stretch(givens, size),
            "givens": len(givens),
            "cells": size,
            "given_percent": (200 * len(givens) + size) // (2 * size),
        }

    return rate


# --- hints ----------------------------------------------------------------------------------------
#
# The grader's own path (the same deductions, simplest first), told one square at a time for the
# playable page; see core.grading.told_in_order. Squares here are the board's (row, col).

Known = Mapping[Cell, int]


def _touching(board: Board, square: Cell) -> set[Cell]:
    return {board.cell(bit) for bit in bits_of(board.around[board.bit(square)])}


def _steps(count: int) -> str:
    return f"{count} step" if count == 1 else f"{count} steps"


def _by_neighbours(board: Board, known: Known, square: Cell, value: int) -> str | None:
    """The only free square next to the number before and/or after (only_neighbour, bridge)."""
    where = {number: at for at, number in known.items()}
    sides = [number for number in (value - 1, value + 1) if number in where]
    if not sides:
        return None
    free = set(board.cells) - set(known)
    for number in sides:
        free &= _touching(board, where[number])
    if free != {square}:
        return None
    beside = "touching" if board.diagonal else "next to"
    both = f"both {sides[0]} and {sides[1]}" if len(sides) == 2 else str(sides[0])
    return f"{value} must go here: it is the only free square {beside} {both}"


def _by_counting(board: Board, known: Known, square: Cell, value: int) -> str | None:
    """The only free square close enough to the placed numbers before and after (gap_count)."""
    below = [number for number in known.values() if number < value]
    above = [number for number in known.values() if number > value]
    if not (below or above):
        return None
    where = {number: at for at, number in known.items()}
    cells = board.mask & ~sum(board.bit(at) for at in known)
    said = []
    for number in ([max(below)] if below else []) + ([min(above)] if above else []):
        cells &= board.ball(board.bit(where[number]), abs(value - number))
        said.append(f"{_steps(abs(value - number))} of {number}")
    if cells != board.bit(square):
        return None
    return f"{value} must go here: it is the only free square within {' and '.join(said)}"


def _by_dead_end(board: Board, known: Known, square: Cell, value: int) -> str | None:
    """A square with at most one free square beside it is where the path turns back or ends: it
    holds 1, the last number, or a number one away from a number already beside it; said with
    those numbers when only `value` of them is missing and fits (dead_end)."""
    free = set(board.cells) - set(known)
    around = _touching(board, square)
    room = len(around & free)
    if room > 1:
        return None
    last = len(board.cells)
    beside = sorted(known[at] for at in around if at in known)
    placed = set(known.values())
    where = {number: at for at, number in known.items()}

    def fits(number: int) -> bool:
        sides = [side for side in (number - 1, number + 1) if 1 <= side <= last]
        if any(side in where and where[side] not in around for side in sides):
            return False
        return sum(1 for side in sides if side not in where) <= room

    options = ({1, last} | {n + step for n in beside for step in (-1, 1)}) - placed
    fitting = sorted(n for n in options if 1 <= n <= last and fits(n))
    if fitting != [value]:
        return None
    entry = "no free square" if not room else "only one free square"
    comes = (f"the path reaches it from a number beside it ({_listed(beside)}) unless it is an "
             f"end, 1 or {last}" if beside else f"it can only be an end of the path, 1 or {last}")
    return (f"{value} must go here: this square has {entry} beside it, so {comes}; of the numbers "
            f"that could be here, only {value} is still missing and fits")


def _listed(numbers: list[int]) -> str:
    text = [str(n) for n in numbers]
    return text[0] if len(text) == 1 else ", ".join(text[:-1]) + " or " + text[-1]


STEP_WORDS = {
    "dead_end": "this square has at most one free square beside it, so it holds a number one "
                "away from a number already beside it, and only {v} fits",
    "route": "following where each missing number can still go from its placed neighbours, this "
             "is the only square left for {v}",
    "only_number": "no other missing number can reach this square",
    "lookahead": "trying squares ahead and crossing out those that end in a contradiction leaves "
                 "this the only square for {v}",
}


def _step_reason(step: str, known: Known, square: Cell, value: int) -> str:
    words = STEP_WORDS.get(step, "it follows from the numbers around it")
    return f"{value} must go here: " + words.format(v=value)


def hints_with(diagonal: bool) -> Callable[[JSON, JSON], list[JSON]]:
    def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
        """Each number the grader places, in its simplest-first order, with its reason, at its
        square of the puzzle's grid; [] when the deductions cannot finish (never generated)."""
        board = board_of(puzzle, diagonal)
        givens = givens_of(puzzle, board)
        top, left = _offset(puzzle["grid"])

        def placed(state: State) -> dict[Cell, int]:
            return {board.cell(state.cand[k]): k + 1 for k in range(state.size) if state.done >> k & 1}

        try:
            deduced, steps = recorded_steps(DEDUCTIONS, start_state(board, givens), State.solved,
                                            grade_of("expert"), placed)
        except Contradiction:
            return []
        if not deduced.finished:
            return []
        start = {board.cell(cell): k + 1 for k, cell in givens.items()}
        told = told_in_order(steps, start, [partial(_by_neighbours, board), partial(_by_counting, board),
                                            partial(_by_dead_end, board)],
                             _step_reason)
        return [{"cells": [[r + top, c + left]], "value": value, "why": why}
                for (r, c), value, why in told]

    return hints


# --- generator ------------------------------------------------------------------------------------


def _orbits(board: Board, symmetry: str) -> list[tuple[int, ...]]:
    """Cells grouped by the symmetry the given pattern keeps (partners outside the shape drop)."""
    seen: set[Cell] = set()
    orbits = []
    last_r, last_c = board.rows - 1, board.cols - 1
    present = set(board.cells)
    for r, c in board.cells:
        if (r, c) in seen:
            continue
        group = {(r, c)}
        if symmetry == "rotational":
            group.add((last_r - r, last_c - c))
        elif symmetry == "mirror":
            group.add((r, last_c - c))
        group &= present
        seen |= group
        orbits.append(tuple(board.bit(cell) for cell in sorted(group)))
    return orbits


def deduces(state: State, goal: int, top: int) -> bool:
    """Whether the grader's deductions up to grade `top` place the numbers of `goal` (a mask of
    number indices), stopping as soon as they do."""
    steps = tuple(Deduction(step.name, step.rank, lambda s: lookahead_round(s, goal))
                  if step.name == "lookahead" else step for step in fast_deductions(top))
    try:
        return simplest_first(steps, state, lambda s: s.done & goal == goal, top).finished
    except Contradiction:
        return False


SECOND_PATH_NODES = 3000  # search budget for each window of another_path


def another_path(board: Board, path: list[int], givens: list[int], k: int) -> bool:
    """Whether the puzzle with `givens` (sorted number indices) and not k has a second answer
    that differs from `path` only between nearby givens: between the givens either side of k,
    or that stretch joined with the next one on either side or both (each a small depth-first
    search with a budget; False when none is found). A puzzle with two answers cannot be
    finished by any deduction, so a removal this finds is refused without grading."""
    at = bisect.bisect_left(givens, k)
    if at == 0 or at == len(givens):
        return False
    a, b = at - 1, at  # positions in givens of the givens either side of k
    windows = [(a, b), (a - 1, b), (a, b + 1), (a - 1, b + 1)]
    return any(_differs(board, path, givens[lo], givens[hi], givens[lo + 1:hi])
               for lo, hi in windows if lo >= 0 and hi < len(givens))


def _differs(board: Board, path: list[int], start: int, end: int, inside: list[int]) -> bool:
    """Whether a path other than path[start..end] joins path[start] to path[end] through the
    same cells, with the numbers of `inside` on their own cells."""
    cells = 0
    for cell in path[start:end + 1]:
        cells |= cell
    pinned = {k: path[k] for k in inside}
    pinned[end] = path[end]
    pinned_cells = sum(pinned.values())
    around = board.around
    budget = [SECOND_PATH_NODES]

    def extend(cell: int, used: int, k: int, same: bool) -> bool:
        if k == end:
            return not same
        budget[0] -= 1
        if budget[0] < 0:
            return False
        step = pinned.get(k + 1)
        nexts = around[cell] & ~used & (step if step is not None else cells & ~pinned_cells)
        while nexts:
            low = nexts & -nexts
            nexts ^= low
            if extend(low, used | low, k + 1, same and low == path[k + 1]):
                return True
        return False

    return extend(path[start], path[start], start, True)


def reduce_givens(rng: random.Random, board: Board, path: list[int], level: str, symmetry: str,
                  keep_ends: bool) -> dict[int, int]:
    """Start from the whole answer and drop givens (an orbit at a time, in random order) while
    the puzzle stays uniquely solvable at the level (the grader's deductions up to the level's
    grade finish it: that proves the answer unique without search, and a person can finish it
    too) and its stretch within the level's cap.

    No trial starts from scratch. Removing givens only makes a puzzle harder, so what the grader
    deduces from fewer givens holds with more. The trial of piece i keeps the givens kept for
    good (the ends and every piece whose removal failed: `base`, deduced once and extended on
    each failure) and the pieces after i (`ahead[i + 1]`, deduced once for all i, from the
    last piece back); it starts from what both know (`meet`). And since the puzzle before the
    trial is solvable at the level, the trial succeeds as soon as piece i is deduced again (from
    there the grader finishes as it did before): often `ahead[i + 1]` already has it. Both
    states use deductions up to route only; the trial adds lookahead where the level allows it.
    Where it does, a quick search for a second answer near the removed numbers refuses many
    removals before the costly trial (`another_path`).
    (With every deduction monotone this removes exactly the givens the plain loop would; it can
    differ only where one is not, as dead_end, and the rating checks the result either way.)"""
    cap = STRETCH_CAP[level]
    top = grade_of(level)
    settle_top = min(top, ROUTE_GRADE)
    last = len(path) - 1
    ends = {0, last} if keep_ends else set()
    number_at = {cell: k for k, cell in enumerate(path)}
    orbits = [o for o in _orbits(board, symmetry) if not ends & {number_at[cell] for cell in o}]
    rng.shuffle(orbits)
    pieces = [sorted(number_at[cell] for cell in orbit) for orbit in orbits]
    state = start_state(board, {k: path[k] for k in ends})
    state.known = tuple(path)
    run_grader(state, settle_top, fast=True)
    ahead = [state.copy()]
    for piece in reversed(pieces):
        for k in piece:
            state.place(k, path[k])
        run_grader(state, settle_top, fast=True)
        ahead.append(state.copy())
    ahead.reverse()
    base = ahead[-1].copy()
    kept = set(ends)
    untried = {k for piece in pieces for k in piece}
    for i, piece in enumerate(pieces):
        untried.difference_update(piece)
        goal = sum(1 << k for k in piece)
        if cap is None or stretch(kept | untried, len(path)) <= cap:
            if ahead[i + 1].done & goal == goal:
                continue
            # where lookahead must run out before a trial fails, first look for a second answer
            refused = top > ROUTE_GRADE and any(
                another_path(board, path, sorted(kept | untried), k) for k in piece)
            if not refused and deduces(base.meet(ahead[i + 1]), goal, top):
                continue
        kept.update(piece)
        for k in piece:
            base.place(k, path[k])
        run_grader(base, settle_top, fast=True)
    return {k: path[k] for k in sorted(kept)}


def numbered_grid(board: Board, rows: int, cols: int, path: list[int],
                  shown: set[int] | None) -> list[list[int | None]]:
    """The grid of a path with the numbers of `shown` cells (all when None), 0 in the others."""
    grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    for k, bit in enumerate(path):
        r, c = board.cell(bit)
        grid[r][c] = k + 1 if shown is None or bit in shown else 0
    return grid


class WalkTooLong(Exception):
    """`every_path` took more steps than it was given."""


def every_path(board: Board, steps: int) -> Iterator[list[int]]:
    """Every path through all of the board's cells (as cell bits), each direction apart; raises
    WalkTooLong after `steps` squares tried (a shape with few full paths among very many partial
    ones)."""
    left = [steps]

    def extend(path: list[int], used: int) -> Iterator[list[int]]:
        if used == board.mask:
            yield list(path)
            return
        for step in bits_of(board.around[path[-1]] & ~used):
            left[0] -= 1
            if left[0] < 0:
                raise WalkTooLong
            path.append(step)
            yield from extend(path, used | step)
            path.pop()

    for start in bits_of(board.mask):
        yield from extend([start], start)


VARIETY_CELLS = 16  # shapes this small are walked for every path when counting their puzzles
VARIETY_STEPS = 200_000  # squares the walk for those paths may try (about a tenth of a second)


@lru_cache(maxsize=64)
def count_space(cells: tuple[Cell, ...], rows: int, cols: int, diagonal: bool, symmetry: str,
                keep_ends: bool, level: str) -> tuple[int, frozenset[str]] | None:
    """How many different puzzles a shape of so few cells can give (every path tried with every
    set of givens the generator's removals may leave, as `reduce_givens` keeps them: ends kept
    or not, a symmetry's cells together, the level's stretch cap), and the answer forms of the
    paths that give at least one; None for larger shapes (a 4x4 square gives hundreds of
    puzzles at every level)."""
    rate, solve = rate_with(diagonal), solve_with(diagonal)
    board = make_board(cells, diagonal)
    orbits = _orbits(board, symmetry)
    most = VARIETY_PATTERNS >> len(orbits)
    if not most or len(cells) > VARIETY_CELLS:
        return None  # the walk for paths alone could take long on a larger shape
    try:
        paths = list(islice(every_path(board, VARIETY_STEPS), most + 1))
    except WalkTooLong:
        return None
    if len(paths) > most:
        return None
    top, cap, forms, answers = grade_of(level), STRETCH_CAP[level], set(), set()
    for path in paths:
        number_at = {cell: k for k, cell in enumerate(path)}
        ends = {0, len(path) - 1} if keep_ends else set()
        pieces = [[number_at[cell] for cell in orbit] for orbit in orbits
                  if not ends & {number_at[cell] for cell in orbit}]

        def kept(mask: int, pieces: list[list[int]] = pieces, ends: set[int] = ends) -> set[int]:
            return ends | {k for i, piece in enumerate(pieces) if mask >> i & 1 for k in piece}

        def finishes(mask: int, path: list[int] = path) -> bool:
            numbers = kept(mask)
            if cap is not None and stretch(numbers, len(path)) > cap:
                return False
            try:
                return run_grader(start_state(board, {k: path[k] for k in numbers}), top,
                                  fast=True).finished
            except Contradiction:
                return False

        for mask in removal_results(len(pieces), 0, finishes):
            shown = {path[k] for k in kept(mask)}
            puzzle = {"grid": numbered_grid(board, rows, cols, path, shown)}
            rating = rate(puzzle, path)
            if rating["level"] == level and (rating["logic_finishes"]
                                             or solve(puzzle, 2).count == 1):
                forms.add(canonical(puzzle))
                answers.add(canonical({"grid": numbered_grid(board, rows, cols, path, None)}))
    return len(forms), frozenset(answers)


def space_of(request: Request, diagonal: bool) -> tuple[int, frozenset[str]] | None:
    """`count_space` for a request's shape and settings."""
    rows, cols, cells, _ = shape_cells(request)
    settings = request.settings
    return count_space(tuple(cells), rows, cols, diagonal, settings["symmetry"],
                       settings["keep_ends"], request.level)


def variety_with(diagonal: bool) -> Callable[[Request], int | None]:
    def variety(request: Request) -> int | None:
        """How many different puzzles a request can give, for shapes of few cells (`count_space`)."""
        space = space_of(request, diagonal)
        return None if space is None else space[0]

    return variety


def answers_with(diagonal: bool) -> Callable[[Request], frozenset[str] | None]:
    def answers(request: Request) -> frozenset[str] | None:
        """The paths (answer forms, turned, mirrored or numbered backwards counted once) a
        request's puzzles can have, for shapes of few cells (`count_space`)."""
        space = space_of(request, diagonal)
        return None if space is None else space[1]

    return answers


def generate_with(diagonal: bool, name: str) -> Callable[[random.Random, Request], Generated]:
    rate = rate_with(diagonal)
    solve = solve_with(diagonal)

    def generate(rng: random.Random, request: Request) -> Generated:
        level, settings = request.level, request.settings
        rows, cols, cells, what = shape_cells(request)
        board = make_board(tuple(cells), diagonal)

        def fill() -> list[int]:
            return [board.bit(cell) for cell in random_path(list(cells), diagonal, rng, what)]

        def numbered(path: list[int], shown: set[int] | None) -> list[list[int | None]]:
            return numbered_grid(board, rows, cols, path, shown)

        answers: list[list[int]] = []

        def reduce(path: list[int]) -> JSON:
            givens = reduce_givens(rng, board, path, level, settings["symmetry"],
                                   settings["keep_ends"])
            answers.append(path)
            return {"grid": numbered(path, set(givens.values()))}

        def rate_candidate(puzzle: JSON) -> JSON:
            """The rating, with no level for a candidate the grader could not finish and the
            solver finds a second answer to: removals trust deductions to be monotone, and one
            that is not (dead_end) can leave two answers behind; such a candidate is drawn again."""
            rating = rate(puzzle, answers[-1])
            if not rating["logic_finishes"] and solve(puzzle, 2).count != 1:
                return {**rating, "level": None}
            return rating

        made = make_at_level(
            level, ATTEMPTS, fill, reduce, rate_candidate,
            f"could not make a {level} {name} on {what} in {ATTEMPTS} tries; "
            "try a larger size or another level")
        return Generated(made.puzzle, {"grid": numbered(made.answer, None)}, made.rating)

    return generate


def check_request(request: Request) -> None:
    """Refuse masks that disagree with size, and shapes plainly without a path (a Hidato shape is
    walked with king moves)."""
    if "shape" in request.options:
        _, _, cells, what = shape_cells(request)
        check_can_have_path(grid_graph(cells, True), what)


# --- drawing --------------------------------------------------------------------------------------

CELL = 11.0  # mm: at the layouts' smallest scale (0.75-0.8) a cell still takes two written digits
PATH, PATH_DASH = 0.2, (0.8, 0.8)  # an answer's path: thin and dotted, lighter than the walls


def measure(puzzle: JSON) -> tuple[float, float]:
    grid = puzzle["grid"]
    return len(grid[0]) * CELL, len(grid) * CELL


def _font(size: int) -> float:
    return 15.0 if size < 100 else 12.5


def _draw_cells(pen: Pen, grid: list[list[Any]], inner: float = THIN,
                outer: float = MEDIUM) -> None:
    """Each cell of the shape, `inner` lines inside and firmer `outer` ones where it ends."""
    rows, cols = len(grid), len(grid[0])

    def inside(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and grid[r][c] is not None

    for r in range(rows):
        for c in range(cols):
            if not inside(r, c):
                continue
            x, y = c * CELL, r * CELL
            pen.rect(x, y, CELL, CELL, width=inner)
            edges = (((r - 1, c), (x, y, x + CELL, y)), ((r + 1, c), (x, y + CELL, x + CELL, y + CELL)),
                     ((r, c - 1), (x, y, x, y + CELL)), ((r, c + 1), (x + CELL, y, x + CELL, y + CELL)))
            for (nr, nc), (x1, y1, x2, y2) in edges:
                if not inside(nr, nc):
                    pen.line(x1, y1, x2, y2, width=outer)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    grid = puzzle["grid"]
    _draw_cells(pen, grid)
    font = _font(sum(v is not None for row in grid for v in row))
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v:
                pen.text((c + 0.5) * CELL, (r + 0.5) * CELL, str(v), font, bold=True)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """All numbers, givens bold, over a thin dotted line along the path that shows between
    them; the cell walls drawn heavier than in the puzzle, so that at an answer's small size,
    where thin lines print at the printer's least width, the walls still stand out from the path."""
    grid, answer = puzzle["grid"], solution["grid"]
    _draw_cells(pen, grid, MEDIUM, THICK)
    where = {v: (r, c) for r, row in enumerate(answer) for c, v in enumerate(row) if v}
    centre = {v: ((c + 0.5) * CELL, (r + 0.5) * CELL) for v, (r, c) in where.items()}
    path = [centre[v] for v in sorted(centre)]
    for (x1, y1), (x2, y2) in zip(path, path[1:]):
        pen.line(x1, y1, x2, y2, width=PATH, dash=PATH_DASH)
    font = _font(len(where))
    tall = font * 25.4 / 72
    for v, (x, y) in centre.items():
        given = bool(grid[where[v][0]][where[v][1]])
        wide = pen.text_width(str(v), font, bold=given) + 0.6
        pen.rect(x - wide / 2, y - tall * 0.45, wide, tall * 0.9, fill=1.0, stroke=False)
        pen.text(x, y, str(v), font, bold=given)


def too_large_to_print(puzzle: JSON) -> str | None:
    """Solving takes a grid of any size; a page takes at most MAX_PRINTED_SIDE squares a side."""
    rows, cols = len(puzzle["grid"]), len(puzzle["grid"][0])
    if max(rows, cols) > MAX_PRINTED_SIDE:
        return (f"a {rows}x{cols} grid is too large to print (at most {MAX_PRINTED_SIDE} squares a "
                "side); `bookgen solve` still solves it")
    return None


# --- registry records -----------------------------------------------------------------------------

SIZE_OPTION = Option("size", "size", "grid size: N for a square or RxC (default by level: 6 easy, "
                     "7 medium, 8 hard, 8 expert)", low=MIN_SIDE, high=MAX_SIDE,
                     default=lambda level, earlier: (DEFAULT_SIZE[level], DEFAULT_SIZE[level]))
SYMMETRY_OPTION = Option("symmetry", "choice", "pattern of the given numbers", choices=SYMMETRIES,
                         default="none")
ENDS_OPTION = Option("keep_ends", "bool", "always show 1 and the last number (default true)",
                     default=True)
HIDATO_SIZE_OPTION = Option(
    "size", "size", "grid size: N for a square or RxC (default 7x7 at every level, so a harder "
    "level prints fewer givens)", low=MIN_SIDE, high=MAX_SIDE, default=(7, 7))
SHAPE_OPTION = Option("shape", "text", "a built-in shape (" + ", ".join(SHAPES) + ") or a mask "
                      "like '.##./####/####/.##.' ('#' a cell, '.' a hole)", check=_shape_problem,
                      default="square")

NUMBRIX_RULES = (
    "Fill the grid with the numbers from 1 to the number of cells so that each number touches "
    "the next one across a side (not a corner): the numbers form one path through every cell. "
    "Some numbers are given."
)
HIDATO_RULES = (
    "Fill every cell of the shape with the numbers from 1 to the number of cells so that each "
    "number touches the next one across a side or a corner: the numbers form one path through "
    "every cell. Some numbers are given."
)


def printed(puzzle: JSON) -> Printed:
    """The page draws the grid (a shape's holes left out) and its given numbers: all there is."""
    return Printed({"grid": puzzle["grid"]}, numbers_printed(puzzle["grid"]))


def canonical(puzzle: JSON) -> str:
    """Turned, mirrored, or numbered from the other end (k -> N + 1 - k), a grid is the same
    puzzle: a path read backwards is a path."""
    grid = puzzle["grid"]
    last = sum(1 for row in grid for value in row if value is not None) + 1
    reversed_grid = [[value if not value else last - value for value in row] for row in grid]
    return form_key(*(turn.grid(g) for turn in grid_symmetry.SYMMETRIES for g in (grid, reversed_grid)))


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A path's grid turned, mirrored or numbered from the other end is the same answer."""
    return canonical({"grid": solution["grid"]})


def _example(answer: list[list[int | None]], shown: set[int], diagonal: bool) -> Generated:
    puzzle = {"grid": [[v if v in shown or v is None else 0 for v in row] for row in answer]}
    return Generated(puzzle, {"grid": answer}, rate_with(diagonal)(puzzle))


def numbrix_example() -> Generated:
    answer: list[list[int | None]] = [[1, 2, 15, 16], [4, 3, 14, 13], [5, 8, 9, 12], [6, 7, 10, 11]]
    return _example(answer, {1, 4, 7, 10, 13, 16}, diagonal=False)


def hidato_example() -> Generated:
    answer: list[list[int | None]] = [[None, 10, 9, None], [4, 6, 11, 8], [5, 3, 7, 12],
                                      [None, 1, 2, None]]
    return _example(answer, {1, 3, 5, 8, 10, 12}, diagonal=True)


NUMBRIX = PuzzleType(
    name="numbrix",
    title="Numbrix",
    rules=fixed_rules(NUMBRIX_RULES),
    options=(SIZE_OPTION, SYMMETRY_OPTION, ENDS_OPTION),
    generate=generate_with(False, "numbrix"),
    check_request=check_request,
    solve=solve_with(False),
    check=check_with(False),
    validate=validate_with(False),
    rate=rate_with(False),
    expects_unique=always_unique,
    measure=measure,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    answer_note=no_answer_note,
    example=fixed_example(numbrix_example),
    canonical=canonical,
    printed=printed,
    too_large_to_print=too_large_to_print,
    hints=hints_with(False),
    variety=variety_with(False),
    answer_form=answer_form,
    answers=answers_with(False),
)

HIDATO = PuzzleType(
    name="hidato",
    title="Hidato",
    rules=fixed_rules(HIDATO_RULES),
    options=(HIDATO_SIZE_OPTION, SHAPE_OPTION, SYMMETRY_OPTION, ENDS_OPTION),
    generate=generate_with(True, "hidato"),
    check_request=check_request,
    solve=solve_with(True),
    check=check_with(True),
    validate=validate_with(True),
    rate=rate_with(True),
    expects_unique=always_unique,
    measure=measure,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    answer_note=no_answer_note,
    example=fixed_example(hidato_example),
    canonical=canonical,
    printed=printed,
    too_large_to_print=too_large_to_print,
    hints=hints_with(True),
    variety=variety_with(True),
    answer_form=answer_form,
    answers=answers_with(True),
)
