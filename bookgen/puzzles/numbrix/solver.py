"""The Numbrix and Hidato solver, and puzzle JSON to and from boards.

The solver keeps the sets arc-consistent along the chain
1-2-...-N (k must touch a cell of k-1 and of k+1, so reachability through free cells and, in
Numbrix, the checkerboard parity fall out of the sweep), removes placed cells from every other set,
crosses numbers out of cells with at most one free neighbour when their neighbour numbers cannot
both fit, places a number in a cell that no other number can reach, and counts each separate
region of free cells (numbers able to reach it, ports for the path to enter, colour surplus in
Numbrix). Near the root it probes numbers with two cells left; then it branches on the number
with the fewest cells left.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress, count
from operator import and_, ne

from bookgen.api import JSON
from bookgen.puzzles.numbrix.board import Board, bits_of, grid_offset

# --- solver ---------------------------------------------------------------------------------------


class Contradiction(Exception):
    """The sets admit no path: this branch (or puzzle) has no solution. Where a check can say
    what broke, its one argument does, for a hint to tell (`why`)."""

    @property
    def why(self) -> tuple[str, int] | None:
        """What broke, as (what, which): ("nowhere", k): number index k has no cell left;
        ("unreached", cells): free cells no missing number can reach; ("walled", cells): free
        cells with no neighbour to join the path by; ("dead ends", cells): more free cells with
        one way in or out than the path has ends left; ("cut off", cells): a region of free
        cells the path cannot get into and out of. None where the check does not say."""
        return self.args[0] if self.args else None


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
                while placed:
                    low = placed & -placed
                    open_numbers.remove(low.bit_length() - 1)
                    placed ^= low
        self.listed = (done, open_numbers)
        return open_numbers

    def meet(self, other: State) -> State:
        """A state with what both this one and `other` know (both sound for the same puzzle).
        Only numbers whose sets `other` narrows need a sweep, when this one has been swept."""
        cand = list(map(and_, self.cand, other.cand))
        if 0 in cand:
            raise Contradiction
        narrowed = self.dirty
        for k in compress(count(), map(ne, self.cand, cand)):
            narrowed |= 1 << k
        met = State(self.board, cand, self.fixed | other.fixed, self.done | other.done,
                    narrowed, self.stale | other.stale, self.known)
        if met.fixed == self.fixed:
            met.listed, met.trimmed, met.parts = self.listed, self.trimmed, self.parts
        return met

    def within(self, other: State) -> bool:
        """Whether every set of this state lies within the same number's set in `other`
        (the numbers `other` has placed and this one has not are the likeliest to differ: they
        are looked at first)."""
        mine, theirs = self.cand, other.cand
        for low in bits_of(other.done & ~self.done):
            k = low.bit_length() - 1
            if mine[k] & ~theirs[k]:
                return False
        return list(map(and_, mine, theirs)) == mine

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
            raise Contradiction(("nowhere", k))
        if left != self.cand[k]:
            self.cand[k] = left
            self.dirty |= 1 << k

    def sweep(self) -> bool:
        """Arc consistency along the chain 1-2-...-N (each number's cells touch a cell of the
        number before and after it), placed cells out of the other sets, a number left with one
        cell placed, to a fixpoint; True if a number was placed.

        Each round is one pass up the chain from the numbers whose sets changed, and one down
        from those that lost cells other than by the pass up (placed cells, or narrowed outside
        the sweep: a set the pass up narrows to touch the number below it leaves that number
        every cell it touched): that reaches arc consistency on a chain (a number narrowed on
        the way down never leaves the one above it without support). Placed numbers only bound
        the passes; `place` checks them against placed neighbour numbers."""
        if not self.dirty and not self.stale:  # swept already (a fifth of the calls)
            return False
        cand, board = self.cand, self.board
        # spread inlined where it is hot: Numbrix's four steps, unmasked since each result is
        # taken with a set already within the board (Hidato's king moves call board.spread), in
        # five operations: the set and its copy s - 1 further on, shifted back s and on by one,
        # land one step up, left, right and down
        diagonal = board.diagonal
        spread = board.spread
        s = board.stride
        s_1 = s - 1
        full = (1 << len(cand)) - 1
        placed_before = self.done
        while True:
            done = self.done
            dirty = self.dirty
            if self.stale:
                stale = self.stale
                self.stale = 0
                for k in self.missing():
                    if cand[k] & stale:
                        dirty |= 1 << k
            self.dirty = 0
            missing = full & ~done
            placed = dirty & done
            todo = (dirty | placed << 1 | placed >> 1) & missing
            if not todo:
                break
            free = board.mask & ~self.fixed
            singles = 0  # numbers the passes left with one cell
            single_cells = 0  # their cells: two on one cell end the sweep at once
            # up the chain, k against k-1: walk on while sets change (or a set changed before
            # this round), else jump to the next in todo; number 1 has nothing before it (-1)
            k = (todo & -todo).bit_length() - 1
            near = cand[k - 1] if k else -1
            while True:
                old = cand[k]
                if diagonal:
                    new = old & free & spread(near)
                else:
                    pair = near | near << s_1
                    new = old & free & (pair >> s | pair << 1)
                if new != old:
                    if not new:
                        raise Contradiction(("nowhere", k))
                    cand[k] = new
                    if not new & (new - 1):
                        if new & single_cells:
                            raise Contradiction
                        single_cells |= new
                        singles |= 1 << k
                elif not dirty >> k & 1:
                    rest = todo >> (k + 1)
                    if not rest:
                        break
                    k += (rest & -rest).bit_length()
                    near = cand[k - 1]
                    continue
                elif not new & (new - 1):  # narrowed from outside the passes to one cell
                    if new & single_cells:
                        raise Contradiction
                    single_cells |= new
                    singles |= 1 << k
                if missing >> (k + 1) & 1:
                    k += 1
                    near = new
                    continue
                rest = todo >> (k + 1)
                if not rest:
                    break
                k += (rest & -rest).bit_length()
                near = cand[k - 1]
            # down the chain, k against k+1, the same way, from the numbers that lost cells
            # before the pass up or at its start (placed cells): a set the pass up narrowed to
            # touch the number below it leaves every cell of that number a neighbour
            todo = dirty >> 1 & missing
            if todo:
                k = todo.bit_length() - 1
                while True:
                    old = cand[k]
                    near = cand[k + 1]
                    if diagonal:
                        new = old & spread(near)
                    else:
                        pair = near | near << s_1
                        new = old & (pair >> s | pair << 1)
                    if new != old:
                        if not new:
                            raise Contradiction(("nowhere", k))
                        cand[k] = new
                        if not new & (new - 1):
                            if new & single_cells:
                                raise Contradiction
                            single_cells |= new
                            singles |= 1 << k
                        if k and missing >> (k - 1) & 1:
                            k -= 1
                            continue
                    rest = todo & ((1 << k) - 1)
                    if not rest:
                        break
                    k = rest.bit_length() - 1
            # numbers left with one cell are placed (each on its own free cell)
            self.fixed |= single_cells
            self.stale |= single_cells
            self.done |= singles
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
            raise Contradiction(("unreached", free & ~ones))
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
            if not single:
                room, outside = part.bit_count(), ~part
                for cells in open_sets:  # counted in a plain loop that stops at the answer
                    if not cells & outside:
                        room -= 1
                        if room < 0:
                            raise Contradiction
            if sum(sides for near, sides in ports if near & part) + sum(
                    1 for cells in ends if cells & part) < 2:
                raise Contradiction(("cut off", part))
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
                if piece:
                    short = piece.bit_count()
                    for cells in open_sets:
                        if cells & piece:
                            short -= 1
                            if not short:
                                break
                    else:
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
        ones, twos = board.touching(free | open_ends)
        dead = free & ~twos
        if dead:
            if free & ~ones:
                raise Contradiction(("walled", free & ~ones))
            if dead.bit_count() > (not done & 1) + (not done >> last & 1):
                raise Contradiction(("dead ends", dead))

    def trim_tight_cells(self) -> bool:
        """A free cell with at most one free neighbour can hold k only if k-1 and k+1 are placed
        beside it or fit in its free neighbours (one each), so cross out numbers that do not
        fit. True if a set changed."""
        if self.trimmed == self.fixed:
            return False
        self.trimmed = self.fixed
        board, cand, done = self.board, self.cand, self.done
        free = board.mask & ~self.fixed
        ones, twos = board.touching(free)
        tight = free & ~twos
        if not tight:
            return False
        shut = tight & ~ones  # no free neighbour: no room for a missing neighbour number
        changed = False
        last = len(cand) - 1
        around = board.around
        for k in self.missing():
            cells = cand[k] & tight
            if not cells:
                continue
            # the tight cells k cannot hold: away from a placed side, or with fewer free
            # neighbours than k has missing sides
            unfit = open_sides = 0
            if k:
                if done >> (k - 1) & 1:
                    unfit = ~around[cand[k - 1]]
                else:
                    open_sides = 1
            if k < last:
                if done >> (k + 1) & 1:
                    unfit |= ~around[cand[k + 1]]
                else:
                    open_sides += 1
            if open_sides:
                unfit |= shut if open_sides == 1 else tight
            if cells & unfit:
                self.narrow(k, ~(cells & unfit))
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


def grid_of(puzzle: JSON, board: Board, state: State) -> list[list[int | None]]:
    """The puzzle's grid with every cell filled from a solved state."""
    top, left = grid_offset(puzzle["grid"])
    number = {cells: k + 1 for k, cells in enumerate(state.cand)}
    return [[None if v is None else number[board.bit((r - top, c - left))]
             for c, v in enumerate(row)] for r, row in enumerate(puzzle["grid"])]
