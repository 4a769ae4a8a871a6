"""The grader: the techniques a person uses, simplest first, each named and weighted on the scale
of Sudoku Explainer (SE), so a puzzle rates by the hardest technique it needs and how often.

The state is the candidates a person would pencil in (every number not already in a cell's row,
column, box or diagonal) and the cells placed. A technique either places a number (singles) or
crosses candidates out; each call makes one step and says whether it did, and every step is
written to the state's log (what the hints tell).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any

from bookgen.api import JSON
from bookgen.core.bits import members as digits
from bookgen.core.bits import single
from bookgen.core.grading import Bands, Deduction, simplest_first
from bookgen.core.latin import full_houses
from bookgen.puzzles.sudoku.board import Board, Cell, board_for, flat
from bookgen.puzzles.sudoku.cages import cage_options, combinations_of
from bookgen.puzzles.sudoku.solver import assign, settle_cages

# (name, SE-like weight): the order a person tries them in, simplest first. A chain's weight grows
# with its length (logged with each use, as SE weighs it); a contradiction weighs 7.0 plus a tenth
# per placement of its longest chain and 0.03 per use (at most 9.4).
TECHNIQUES = (
    ("full house", 1.0), ("hidden single in a box", 1.2), ("hidden single in a line", 1.5),
    ("cage of one combination", 1.5), ("naked single", 2.3), ("cage combination", 2.3),
    ("pointing", 2.6), ("claiming", 2.8), ("naked pair", 3.0), ("x-wing", 3.2),
    ("hidden pair", 3.4), ("naked triple", 3.6), ("swordfish", 3.8), ("hidden triple", 4.0),
    ("turbot fish", 4.1), ("xy-wing", 4.2), ("xyz-wing", 4.4), ("unique rectangle", 4.5),
    ("naked quad", 5.0), ("jellyfish", 5.2), ("hidden quad", 5.4), ("x-chain", 5.4),
    ("wxyz-wing", 5.5), ("bug+1", 5.6), ("vwxyz-wing", 6.3), ("uvwxyz-wing", 6.6),
    ("xy-chain", 6.6), ("simple colouring", 6.6),
    ("contradiction", 7.0),
)
WEIGHTS = dict(TECHNIQUES)
X_CHAIN_WEIGHTS = {2: 4.1, 3: 5.4, 4: 5.8, 5: 6.2, 6: 6.6}
"""SE's weights of a chain on one number by its strong links (two: a turbot fish, skyscraper or
two-string kite)."""
XY_CHAIN_LONGEST = 10  # cells; longer chains are left to the contradiction
RECTANGLE_KINDS = ("row", "column", "box")  # a unique rectangle's cells may lie in no other unit
SEARCH = 9.5  # the score of a puzzle these techniques cannot finish
# Levels as bands of the score (the hardest weight plus 0.01 per use of it, up to 9 uses). A 9x9
# master needs what Sudoku Explainer's own top tier ("Diabolical", 6.1 and up: forcing chains or
# trial) needs: chains, the largest wings, trial; expert ends below (bench/sudoku.py).
# Smaller grids fall to singles, so their levels are finer steps among the singles: a full house
# (the last open cell of a row, column or box) is easier than a hidden single.
NINE_BANDS = Bands.of({"easy": (0, 1.59), "medium": (1.6, 2.39), "hard": (2.4, 3.49),
                       "expert": (3.5, 5.99), "master": (6.0, 99)})
BANDS = {
    9: NINE_BANDS, 8: NINE_BANDS, 12: NINE_BANDS, 16: NINE_BANDS,
    6: Bands.of({"easy": (0, 1.09), "medium": (1.1, 1.29), "hard": (1.3, 98), "expert": (99, 99)}),
    4: Bands.of({"easy": (0, 1.09), "medium": (1.1, 98), "hard": (99, 99), "expert": (99, 99)}),
}
"""An 8x8, 12x12 or 16x16 grid takes the 9x9's bands: the weights are a technique's, on SE's
scale, whatever the size, and each of these sizes needs more than singles at its harder levels
(the levels a size never reaches are refused up front: generator.UNREACHABLE)."""
STEP_TOPS = (1.29, 1.59, 2.39, 2.99, 3.49, 5.99, 6.99)
"""The finer ladder of `step` (1 to 8), the highest score of each step: singles in boxes (and
full houses), singles in lines, naked singles, pointing and claiming (Tatham's Solo's
Intermediate), pairs and the X-wing (Solo's Advanced), triples to the WXYZ-wing, the long chains
and largest wings, and trial (contradiction) or more. Each level is one or two steps: the level
stays what a book prints, the step ranks puzzles as Solo and Sudoku Explainer split them
(bench/sudoku_anchors.py: Spearman against Solo's grade on held-out puzzles 0.98 by step, 0.95
by level)."""


def step_of(score: float) -> int:
    return next((step for step, top in enumerate(STEP_TOPS, 1) if score <= top), len(STEP_TOPS) + 1)


def bands_of(board: Board) -> Bands:
    return BANDS[board.size]


def hardness(rating: JSON) -> float:
    """`PuzzleType.hardness` by the bands of the rating's size."""
    return BANDS[round(rating["cells"] ** 0.5)].hardness(rating["score"])


class Contradiction(Exception):
    """A cell left without a candidate, or a unit without a place for a number. The singles a
    trial follows say which (`broken`), for its hint to name."""

    @property
    def broken(self) -> tuple[Any, ...]:
        """("two", unit, number): a unit would hold the number twice; ("pair", cell, other,
        number): two cells that see each other (a killer's cage mates) would; ("none", unit,
        number): a unit would have no place for it; ("unknown",) where nothing is said."""
        return self.args or ("unknown",)


def held_twice(board: Board, cell: Cell, other: Cell, value: int) -> Contradiction:
    """Two cells that see each other would both hold `value`: named by a unit they share."""
    shared = [unit for unit in board.cell_units[cell] if unit in board.cell_units[other]]
    return Contradiction("two", shared[0], value) if shared else Contradiction("pair", cell, other, value)


@dataclass
class State:
    board: Board
    candidates: list[int]
    placed: list[bool]
    log: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    known: tuple[list[int], list[bool], Places] | None = field(default=None, repr=False, compare=False)
    """The last `places` and the candidates and placed cells they were read from."""

    def copy(self) -> State:
        return State(self.board, self.candidates.copy(), self.placed.copy())

    def place(self, cell: Cell, value: int) -> None:
        bit = 1 << value
        candidates = self.candidates
        candidates[cell] = bit
        self.placed[cell] = True
        for peer in self.board.peers[cell]:
            mask = candidates[peer]
            if mask & bit:
                if mask == bit:
                    raise held_twice(self.board, cell, peer, value)
                candidates[peer] = mask ^ bit

    def cross_out(self, cells: list[Cell], bits: int) -> list[Cell]:
        """Take `bits` out of the cells; the cells that lost a candidate."""
        changed = []
        for cell in cells:
            if not self.placed[cell] and self.candidates[cell] & bits:
                left = self.candidates[cell] & ~bits
                if not left:
                    raise Contradiction
                self.candidates[cell] = left
                changed.append(cell)
        return changed

    def places(self) -> Places:
        """Where each number may still go, as masks of cells (the state as it is now). Kept while
        the state stays as it is: the techniques of one round of the simplest-first loop ask for
        them in turn, each finding nothing (two lists compared, where the masks are a loop over
        every cell's candidates)."""
        known = self.known
        if known is not None and known[0] == self.candidates and known[1] == self.placed:
            return known[2]
        free = [0] * (self.board.size + 1)
        done = [0] * (self.board.size + 1)
        placed = self.placed
        for cell, mask in enumerate(self.candidates):
            bit = 1 << cell
            if placed[cell]:
                done[mask.bit_length() - 1] |= bit
                continue
            while mask:
                low = mask & -mask
                mask ^= low
                free[low.bit_length() - 1] |= bit
        places = Places(free, done)
        self.known = (self.candidates.copy(), placed.copy(), places)
        return places


@dataclass(frozen=True)
class Places:
    """Each number's open cells that may take it (`free`) and its placed cells (`done`), as masks
    of cells: a unit's places for a number are then one `and` away, where a technique that asks
    every unit about every number scanned each unit's cells for each number. The techniques
    write the question out (a call per unit and number cost more than the answer): none where
    the number is placed in the unit, else `free & unit`, a Contradiction when that is empty."""

    free: list[int]
    done: list[int]


def start(board: Board, givens: list[int]) -> State:
    state = State(board, [board.full] * board.cells, [False] * board.cells)
    for cell, value in enumerate(givens):
        if value:
            if not state.candidates[cell] >> value & 1:
                raise Contradiction
            state.place(cell, value)
    return state


def finished(state: State) -> bool:
    return all(state.placed)


def hidden_single(in_boxes: bool, name: str) -> Callable[[State], int]:
    """A number with one place left in a unit (a box, or a line: a row, column or diagonal) goes
    there; one sweep over the units places every such number it meets (a person scanning does
    the same), each logged in turn."""
    def apply(state: State) -> int:
        board = state.board
        candidates, placed = state.candidates, state.placed
        lookups = lookups_of(board)
        found = 0
        for unit in lookups.boxes if in_boxes else lookups.not_boxes:
            once = twice = done = 0
            for cell in board.units[unit]:
                mask = candidates[cell]
                if placed[cell]:
                    done |= mask
                else:
                    twice |= once & mask
                    once |= mask
            if once | done != board.full:
                missing = board.full & ~(once | done)
                raise Contradiction("none", unit, (missing & -missing).bit_length() - 1)
            alone = once & ~twice & ~done
            while alone:
                bit = alone & -alone
                alone ^= bit
                cell = next((c for c in board.units[unit]
                             if state.candidates[c] & bit and not state.placed[c]), -1)
                if cell < 0:  # the cell it had was the only place for another number too
                    raise Contradiction("none", unit, bit.bit_length() - 1)
                value = bit.bit_length() - 1
                state.place(cell, value)
                state.log.append((name, {"cell": cell, "value": value, "unit": unit}))
                found += 1
        return found
    return apply


def full_house(state: State) -> int:
    """The last open cell of a unit takes the one number the unit lacks (a sweep, as above)."""
    return full_houses(state, state.board.units)


def naked_single(state: State) -> int:
    """A cell with one candidate left takes it (a sweep over the cells)."""
    found = 0
    for cell, mask in enumerate(state.candidates):
        if not state.placed[cell] and single(mask):
            value = mask.bit_length() - 1
            state.place(cell, value)
            state.log.append(("naked single", {"cell": cell, "value": value}))
            found += 1
    return found


def locked(from_box: bool, name: str) -> Callable[[State], int]:
    """Pointing (a box's places for a number all in one line) or claiming (a line's all in one
    box, or for the diagonal variant in any other unit): the number leaves the rest of that unit."""
    def apply(state: State) -> int:
        board = state.board
        lookups = lookups_of(board)
        outside, masks = lookups.outside, lookups.unit_masks
        places = state.places()
        free, done = places.free, places.done
        for unit in lookups.boxes if from_box else lookups.not_boxes:
            unit_mask = masks[unit]
            for value in range(1, board.size + 1):
                if done[value] & unit_mask:  # placed in the unit: asked 81 times a sweep
                    continue
                found = free[value] & unit_mask
                if not found:
                    raise Contradiction
                if not found & (found - 1):  # one place: a single's, not this
                    continue
                rests = outside.get((unit, found))
                if rests is None:
                    rests = outside[(unit, found)] = locked_rests(board, unit, digits(found))
                for other, rest, rest_mask in rests:
                    if places.free[value] & rest_mask:  # what cross_out would change
                        state.cross_out(rest, 1 << value)
                        state.log.append((name, {"value": value, "unit": unit, "other": other}))
                        return 1
        return 0
    return apply


def locked_rests(board: Board, unit: int, cells: list[Cell]) -> tuple[tuple[int, list[Cell], int], ...]:
    """Each other unit holding all of `cells` (none a box when `unit` is a box), with its cells
    outside them, as a list and a mask: where pointing or claiming crosses a number out."""
    shared = set(board.cell_units[cells[0]]).intersection(*(board.cell_units[c] for c in cells[1:]))
    from_box = board.kinds[unit] == "box"
    found = []
    for other in sorted(shared - {unit}):
        if not (from_box and board.kinds[other] == "box"):
            rest = [c for c in board.units[other] if c not in cells]
            found.append((other, rest, sum(1 << c for c in rest)))
    return tuple(found)


Grade = tuple[int, bool, list[tuple[str, dict[str, Any]]], dict[str, int]]
"""A grade kept by `graded` for the state `FIRST_STEPS` left: the highest rank it allowed,
whether it finished, and what it logged and counted from there."""


@dataclass(frozen=True)
class Lookups:
    """What the techniques ask of a board's structure again and again, worked out once per board:
    each unit's cells as a mask, its boxes and its other units, each cell's number in the rows
    and in the columns (a fish's cover lines), and `outside`, filled as pointing and claiming meet
    them: for a unit and the places of a number in it, the other units through all of them and
    their cells elsewhere; each cell's peers as a mask; `grades`, the grades `graded` kept on
    the board."""

    unit_masks: tuple[int, ...]
    boxes: tuple[int, ...]
    not_boxes: tuple[int, ...]
    line_of: dict[str, tuple[int, ...]]
    outside: dict[tuple[int, int], tuple[tuple[int, list[Cell], int], ...]]
    peer_masks: tuple[int, ...]
    grades: dict[tuple[tuple[int, ...], tuple[bool, ...]], Grade]


_LOOKUPS: dict[int, tuple[Board, Lookups]] = {}
LOOKUPS_KEPT = 256  # boards whose lookups are kept, as `board_of` keeps boards


def lookups_of(board: Board) -> Lookups:
    """The board's lookups, made once per board (kept by identity: hashing a board costs more
    than a technique's sweep)."""
    kept = _LOOKUPS.get(id(board))
    if kept is None or kept[0] is not board:
        if len(_LOOKUPS) >= LOOKUPS_KEPT:  # a jigsaw's layouts: each its own board
            _LOOKUPS.clear()
        line_of = {kind: tuple(next(board.numbers[u] for u in units if board.kinds[u] == kind)
                               for units in board.cell_units) for kind in ("row", "column")}
        kept = _LOOKUPS[id(board)] = (board, Lookups(
            tuple(sum(1 << cell for cell in unit) for unit in board.units),
            tuple(u for u, kind in enumerate(board.kinds) if kind == "box"),
            tuple(u for u, kind in enumerate(board.kinds) if kind != "box"), line_of, {},
            tuple(sum(1 << peer for peer in peers) for peers in board.peers), {}))
    return kept[1]


def naked_subset(size: int, name: str) -> Callable[[State], int]:
    def apply(state: State) -> int:
        board = state.board
        for unit, cells in enumerate(board.units):
            open_cells = [c for c in cells if not state.placed[c]
                          and 2 <= state.candidates[c].bit_count() <= size]
            for group in combinations(open_cells, size):
                union = 0
                for cell in group:
                    union |= state.candidates[cell]
                if union.bit_count() != size:
                    continue
                rest = [c for c in cells if c not in group]
                if state.cross_out(rest, union):
                    state.log.append((name, {"cells": list(group), "digits": digits(union), "unit": unit}))
                    return 1
        return 0
    return apply


def hidden_subset(size: int, name: str) -> Callable[[State], int]:
    def apply(state: State) -> int:
        board = state.board
        places = state.places()
        free, done = places.free, places.done
        values = range(1, board.size + 1)
        for unit, unit_mask in enumerate(lookups_of(board).unit_masks):
            spots = {}
            for value in values:
                if done[value] & unit_mask:  # placed in the unit: no place to look for
                    continue
                found = free[value] & unit_mask
                if not found:
                    raise Contradiction
                if 2 <= found.bit_count() <= size:
                    spots[value] = found
            if len(spots) < size:
                continue
            for group in combinations(sorted(spots), size):
                union = 0
                for value in group:
                    union |= spots[value]
                if union.bit_count() != size:
                    continue
                cells = digits(union)
                keep = sum(1 << value for value in group)
                if any(state.candidates[c] & ~keep for c in cells):
                    for cell in cells:
                        state.candidates[cell] &= keep
                    state.log.append((name, {"cells": cells, "digits": list(group), "unit": unit}))
                    return 1
        return 0
    return apply


def fish(size: int, name: str) -> Callable[[State], int]:
    """X-wing (2), swordfish (3) and jellyfish (4): a number's places in `size` rows lie in `size` columns (or
    the other way round), so it leaves the rest of those columns."""
    def apply(state: State) -> int:
        board = state.board
        n = board.size
        lookups = lookups_of(board)
        places = state.places()
        for base_kind, cover_kind in (("row", "column"), ("column", "row")):
            bases = [u for u, kind in enumerate(board.kinds) if kind == base_kind]
            covers = [u for u, kind in enumerate(board.kinds) if kind == cover_kind]
            cover_of = lookups.line_of[cover_kind]
            unit_masks = lookups.unit_masks
            for value in range(1, n + 1):
                lines = {}  # base unit: its places' cover lines, bit (number - 1) for each
                free, done = places.free[value], places.done[value]
                for unit in bases:
                    unit_mask = unit_masks[unit]
                    if done & unit_mask:  # placed in the unit
                        continue
                    found = free & unit_mask
                    if not found:
                        raise Contradiction
                    if 2 <= found.bit_count() <= size:
                        crossed = 0
                        for cell in digits(found):
                            crossed |= 1 << (cover_of[cell] - 1)
                        lines[unit] = crossed
                if len(lines) < size:
                    continue
                for group in combinations(sorted(lines), size):
                    crossing = 0
                    for unit in group:
                        crossing |= lines[unit]
                    if crossing.bit_count() != size:
                        continue
                    chosen = [covers[bit] for bit in digits(crossing)]
                    inside = {c for u in group for c in board.units[u]}
                    rest = [c for u in chosen for c in board.units[u] if c not in inside]
                    if state.cross_out(rest, 1 << value):
                        state.log.append((name, {"value": value, "bases": list(group), "covers": chosen}))
                        return 1
        return 0
    return apply


def xy_wing(state: State) -> int:
    board = state.board
    pairs = [c for c in range(board.cells) if not state.placed[c] and state.candidates[c].bit_count() == 2]
    pair_set = set(pairs)
    for pivot in pairs:
        mask = state.candidates[pivot]
        wings = [c for c in board.peers[pivot]
                 if c in pair_set and (state.candidates[c] & mask).bit_count() == 1]
        for first, second in combinations(wings, 2):
            a, b = state.candidates[first], state.candidates[second]
            z = a & b & ~mask
            if not z or (a & mask) == (b & mask) or (a | b | mask).bit_count() != 3:
                continue
            seen = set(board.peers[first]) & set(board.peers[second])
            targets = sorted(seen - {pivot})
            if state.cross_out(targets, z):
                state.log.append(("xy-wing", {"pivot": pivot, "wings": [first, second],
                                              "value": z.bit_length() - 1}))
                return 1
    return 0


def xyz_wing(state: State) -> int:
    """A three-candidate pivot {x, y, z} seeing two pairs {x, z} and {y, z}: one of the three
    holds z, so z leaves every cell that sees all three."""
    board = state.board
    candidates = state.candidates
    for pivot in range(board.cells):
        mask = candidates[pivot]
        if state.placed[pivot] or mask.bit_count() != 3:
            continue
        wings = [c for c in board.peers[pivot] if not state.placed[c]
                 and candidates[c].bit_count() == 2 and not candidates[c] & ~mask]
        for first, second in combinations(wings, 2):
            z = candidates[first] & candidates[second]
            if candidates[first] == candidates[second] or z.bit_count() != 1:
                continue
            seen = set(board.peers[pivot]) & set(board.peers[first]) & set(board.peers[second])
            if state.cross_out(sorted(seen), z):
                state.log.append(("xyz-wing", {"pivot": pivot, "wings": [first, second],
                                               "value": z.bit_length() - 1}))
                return 1
    return 0


def bug_plus_one(state: State) -> int:
    """Bivalue universal grave + 1: every open cell has two candidates but one, which has three.
    A grid of pairs only would have two answers, so that cell takes the number its row holds
    three times as a candidate (its other two candidates are crossed out)."""
    board = state.board
    candidates = state.candidates
    wider = [c for c in range(board.cells) if not state.placed[c] and candidates[c].bit_count() != 2]
    if len(wider) != 1 or candidates[wider[0]].bit_count() != 3:
        return 0
    cell = wider[0]
    row = board.cell_units[cell][0]  # units are listed rows first
    for value in digits(candidates[cell]):
        bit = 1 << value
        if sum(1 for c in board.units[row] if not state.placed[c] and candidates[c] & bit) == 3:
            if state.cross_out([cell], candidates[cell] & ~bit):
                state.log.append(("bug+1", {"cell": cell, "value": value}))
                return 1
    return 0


def wing(size: int, name: str) -> Callable[[State], int]:
    """WXYZ-wing (4 cells), VWXYZ-wing (5) and UVWXYZ-wing (6): `size` cells, all but one in one
    unit and that one holding two numbers, that hold `size` numbers between them, each number but
    one (z) with its places all in sight of each other, so each of those goes in at most one of
    the cells. The cells need `size` numbers, so one holds z: z leaves every cell that sees all of
    the group's z's.
    Webs grow a cell at a time (each web once: from its lowest cell, through cells that see it),
    and stop as soon as they hold too many numbers or a second number not all in sight."""
    def apply(state: State) -> int:
        board = state.board
        candidates = state.candidates
        sees = peer_sets(board)
        usable = {c for c in range(board.cells)
                  if not state.placed[c] and 2 <= candidates[c].bit_count() <= size}

        lookups = lookups_of(board)
        unit_masks, peer_masks, cell_units = lookups.unit_masks, lookups.peer_masks, board.cell_units

        def bent(group: list[Cell], cells: int, whole: bool) -> bool:
            """All but one cell in one unit, the one outside it holding two numbers (SE's shape);
            a group still growing may lie in one unit entirely. `cells`: the group as a mask."""
            for unit in cell_units[group[0]] + cell_units[group[1]]:
                outside = cells & ~unit_masks[unit]
                if not outside:
                    if not whole:
                        return True
                elif not outside & (outside - 1) and candidates[outside.bit_length() - 1].bit_count() == 2:
                    return True
            return False

        def grow(group: list[Cell], cells: int, near: int, union: int, unseen: int, reach: set[Cell],
                 lowest: Cell) -> int:
            """`unseen`: the numbers whose places in the group are not all in sight of each other;
            `cells`, `near`: the group and the cells any of it sees, as masks."""
            if len(group) == size:
                if union.bit_count() != size or unseen.bit_count() != 1 or not bent(group, cells, True):
                    return 0
                holders = [c for c in group if candidates[c] & unseen]
                targets = sorted(frozenset.intersection(*(sees[c] for c in holders)) - set(group))
                if state.cross_out(targets, unseen):
                    state.log.append((name, {"value": unseen.bit_length() - 1, "wing": sorted(group),
                                             "digits": digits(union), "cells": targets}))
                    return 1
                return 0
            reach = set(reach)
            while reach:
                cell = reach.pop()
                mask = candidates[cell]
                wider = union | mask
                if wider.bit_count() > size:
                    continue
                hidden = unseen
                unseen_cells = cells & ~peer_masks[cell]  # the group's cells this one does not see
                while unseen_cells:
                    low = unseen_cells & -unseen_cells
                    unseen_cells ^= low
                    hidden |= mask & candidates[low.bit_length() - 1]
                grown = cells | 1 << cell
                if hidden.bit_count() > 1 or not bent(group + [cell], grown, False):
                    continue
                further = {c for c in sees[cell] & usable if c > lowest and not (near | grown) >> c & 1}
                if grow(group + [cell], grown, near | peer_masks[cell], wider, hidden, reach | further,
                        lowest):
                    return 1
            return 0

        for lowest in sorted(usable):
            later = {c for c in sees[lowest] & usable if c > lowest}
            if grow([lowest], 1 << lowest, peer_masks[lowest], candidates[lowest], 0, later, lowest):
                return 1
        return 0
    return apply


@lru_cache(maxsize=16)
def peer_sets(board: Board) -> tuple[frozenset[Cell], ...]:
    return tuple(frozenset(peers) for peers in board.peers)


def simple_colouring(state: State) -> int:
    """Chains of conjugate pairs (a unit with exactly two places for a number) coloured in turn:
    a colour twice in one unit is false; a cell seeing both colours cannot hold the number."""
    board = state.board
    places = state.places()
    for value in range(1, board.size + 1):
        links = conjugates(board, places, value)
        colour: dict[Cell, int] = {}
        for root in sorted(links):
            if root in colour:
                continue
            colour[root] = 0
            chain, queue = [root], [root]
            while queue:
                cell = queue.pop()
                for other in links[cell]:
                    if other not in colour:
                        colour[other] = 1 - colour[cell]
                        chain.append(other)
                        queue.append(other)
            if len(chain) < 4:
                continue
            for shade in (0, 1):
                same = [c for c in chain if colour[c] == shade]
                if any(b in board.peers[a] for a, b in combinations(same, 2)):
                    if state.cross_out(same, 1 << value):
                        state.log.append(("simple colouring", {"value": value, "cells": same}))
                        return 1
            tinted = set(chain)
            targets = [c for c in range(board.cells) if c not in tinted and not state.placed[c]
                       and state.candidates[c] >> value & 1
                       and {colour[p] for p in board.peers[c] if p in tinted} == {0, 1}]
            if targets and state.cross_out(targets, 1 << value):
                state.log.append(("simple colouring", {"value": value, "cells": targets}))
                return 1
    return 0


def one_combination(state: State) -> int:
    """A cage whose sum only one set of different numbers makes (3 or 17 in two squares, 6 or 24
    in three...), whatever its squares hold: its squares keep only those numbers. What a person
    marks first in a killer, as easy as a hidden single."""
    return cage_combination(state, only_one=True)


def cage_combination(state: State, only_one: bool = False) -> int:
    """A killer's cage (or a house's remainder outside its whole cages, the rule of 45) adds up to
    its sum with different numbers: each cell keeps only the candidates some such filling gives it
    (`only_one`: only a cage whose sum one set of numbers makes, `one_combination`)."""
    name = "cage of one combination" if only_one else "cage combination"
    for cells, total, house in state.board.sums:
        if only_one and (house >= 0 or len(combinations_of(len(cells), total)) != 1):
            continue
        masks = tuple(state.candidates[cell] for cell in cells)
        options = cage_options(total, masks)
        if options is None:
            raise Contradiction
        if options != masks:
            for cell, mask, keep in zip(cells, masks, options):
                state.cross_out([cell], mask & ~keep)
            union = 0
            for keep in options:
                union |= keep
            state.log.append((name, {"cells": list(cells), "sum": total, "house": house,
                                     "digits": digits(union)}))
            return 1
    return 0


def conjugates(board: Board, places: Places, value: int) -> dict[Cell, list[Cell]]:
    """Strong links on a number: for each cell, the cells it shares a unit with where that unit
    has only those two places for the number (so one of the two holds it)."""
    links: dict[Cell, list[Cell]] = {}
    free, done = places.free[value], places.done[value]
    for unit_mask in lookups_of(board).unit_masks:
        if done & unit_mask:  # placed in the unit
            continue
        found = free & unit_mask
        if not found:
            raise Contradiction
        if found.bit_count() == 2:
            low = found & -found
            first, second = low.bit_length() - 1, (found ^ low).bit_length() - 1
            links.setdefault(first, []).append(second)
            links.setdefault(second, []).append(first)
    return links


Node = tuple[Cell, int]  # a cell and what a chain knows of it there: 1 holds the number, 0 not


def x_chain(name: str, fewest: int, most: int) -> Callable[[State], int]:
    """Chains on one number: strong links (a unit's only two places for it) alternating with weak
    ones (two cells that see each other), from a strong link to a strong link. Were the first cell
    without the number, the last would hold it; so one of the two does, and a cell seeing both
    loses it. The chain with the fewest strong links (from `fewest` to `most`) is used; SE weighs
    it by their count, as logged."""
    def apply(state: State) -> int:
        board = state.board
        best: tuple[int, list[Cell], list[Cell], int] | None = None
        places = state.places()
        for value in range(1, board.size + 1):
            strong = conjugates(board, places, value)
            if len(strong) < 4:
                continue
            holders = places.free[value]  # the open cells that may take it
            for first in sorted(strong):
                found = shortest_chain(board, first, strong, holders, fewest,
                                       most if best is None else best[0] - 1)
                if found is not None:
                    best = (*found, value)
                    if best[0] == fewest:
                        break
            if best is not None and best[0] == fewest:
                break
        if best is None:
            return 0
        links, chain, targets, value = best
        state.cross_out(targets, 1 << value)
        state.log.append((name, {"value": value, "chain": chain, "cells": targets,
                                 "weight": X_CHAIN_WEIGHTS[min(links, max(X_CHAIN_WEIGHTS))]}))
        return 1
    return apply


def shortest_chain(board: Board, first: Cell, strong: dict[Cell, list[Cell]], holders: int,
                   fewest: int, most: int) -> tuple[int, list[Cell], list[Cell]] | None:
    """The shortest X-chain from `first` with `fewest` to `most` strong links that crosses
    something out: its strong links, its cells and the cells it crosses the number out of.
    `holders`: the open cells that may take the number, as a mask."""
    peer_masks = lookups_of(board).peer_masks
    parents: dict[Node, Node | None] = {(first, 0): None}
    frontier: list[Node] = [(first, 0)]
    for links in range(1, most + 1):
        reached: list[Node] = []
        for cell, _ in frontier:  # each frontier cell lacks the number: its strong links hold it
            for other in strong.get(cell, ()):
                if (other, 1) not in parents:
                    parents[(other, 1)] = (cell, 0)
                    reached.append((other, 1))
        for node in reached:
            end = node[0]
            seeing = holders & peer_masks[first] & peer_masks[end]  # holders that see both ends
            if links >= fewest and end != first and seeing:
                chain = [cell for cell, _ in chain_path(parents, node)]
                for cell in chain:
                    seeing &= ~(1 << cell)
                if seeing:
                    return links, chain, digits(seeing)
        frontier = []
        for cell, _ in reached:  # each holds the number: the cells it sees lack it
            for weak in digits(holders & peer_masks[cell]):
                if weak in strong and (weak, 0) not in parents:
                    parents[(weak, 0)] = (cell, 1)
                    frontier.append((weak, 0))
        if not frontier:
            return None
    return None


def xy_chain(state: State) -> int:
    """Cells of two candidates each, linked in turn by a shared number: were the first cell's z
    false, its other number would be true, which forces the next cell's other number, and so on
    to the last cell's z. So one end holds z, and a cell seeing both ends loses it. Three cells
    are an XY-wing; the shortest chain of four or more is used (logged with SE's weight)."""
    board = state.board
    candidates = state.candidates
    pairs = [c for c in range(board.cells) if not state.placed[c] and candidates[c].bit_count() == 2]
    pair_set = set(pairs)
    best: tuple[int, list[Cell], list[Cell], int] | None = None
    for first in pairs:
        for z in digits(candidates[first]):
            # a node is a cell and the number it holds were the first cell's z false
            start = (first, candidates[first] & ~(1 << z))
            parents: dict[Node, Node | None] = {start: None}
            frontier = [start]
            for length in range(2, XY_CHAIN_LONGEST + 1):
                if best is not None and length >= best[0]:
                    break
                reached = []
                for cell, held in frontier:
                    for other in board.peers[cell]:
                        if other in pair_set and candidates[other] & held:
                            node = (other, candidates[other] & ~held)
                            if node not in parents:
                                parents[node] = (cell, held)
                                reached.append(node)
                for node in reached:
                    end, held = node
                    if length >= 4 and held == 1 << z and end != first:
                        path = [cell for cell, _ in chain_path(parents, node)]
                        targets = sorted(c for c in set(board.peers[first]).intersection(board.peers[end])
                                         if not state.placed[c] and candidates[c] >> z & 1
                                         and c not in path)
                        if targets:
                            best = (length, path, targets, z)
                            break
                frontier = reached
    if best is None:
        return 0
    length, chain, targets, z = best
    state.cross_out(targets, 1 << z)
    state.log.append(("xy-chain", {"value": z, "chain": chain, "cells": targets,
                                   "weight": WEIGHTS["xy-chain"] + chain_length_weight(2 * length)}))
    return 1


def chain_path(parents: dict[Node, Node | None], node: Node) -> list[Node]:
    """The nodes a breadth-first search passed through to `node`, from its start."""
    path = [node]
    while (parent := parents[path[-1]]) is not None:
        path.append(parent)
    return path[::-1]


def chain_length_weight(nodes: int) -> float:
    """SE's addition for a chain's length: 0.1 for each step of the ladder 4, 6, 8, 12, 16, 24,
    ... its nodes (less two) pass."""
    added, ceiling, odd = 0.0, 4, False
    length = nodes - 2
    while length > ceiling:
        added += 0.1
        ceiling = ceiling * 3 // 2 if not odd else ceiling * 4 // 3
        odd = not odd
    return round(added, 1)


def unique_rectangle(state: State) -> int:
    """Type 1: four cells at the corners of a rectangle over two rows, two columns and two boxes,
    three of them holding only the same two numbers: were the fourth to hold one of them too,
    the two numbers could swap round the rectangle and the puzzle would have two answers. So
    the fourth loses both."""
    board = state.board
    candidates = state.candidates
    n = board.size
    pairs = [c for c in range(board.cells) if not state.placed[c] and candidates[c].bit_count() == 2]
    for a, b in combinations(pairs, 2):
        if candidates[a] != candidates[b] or (board.row(a) != board.row(b) and board.col(a) != board.col(b)):
            continue
        mask = candidates[a]
        same_row = board.row(a) == board.row(b)
        for line in range(n):
            if line == (board.row(a) if same_row else board.col(a)):
                continue
            c, d = ((line * n + board.col(a), line * n + board.col(b)) if same_row
                    else (board.row(a) * n + line, board.row(b) * n + line))
            corners = (a, b, c, d)
            units = {u for x in corners for u in board.cell_units[x]}
            if state.placed[c] or state.placed[d] or sum(1 for u in units if board.kinds[u] == "box") != 2 \
                    or any(board.kinds[u] not in RECTANGLE_KINDS for u in units):
                continue
            for third, fourth in ((c, d), (d, c)):
                if candidates[third] == mask and candidates[fourth] & mask == mask \
                        and candidates[fourth] != mask:
                    state.cross_out([fourth], mask)
                    state.log.append(("unique rectangle", {"cells": sorted((a, b, third)),
                                                           "cell": fourth, "digits": digits(mask)}))
                    return 1
    return 0


def contradiction(state: State) -> int:
    """Assume one candidate and follow singles; of the assumptions that end in a contradiction,
    take the one that gets there in the fewest placements (the shortest chain a person would
    follow) and cross it out. Its length is logged: long chains make a puzzle harder. A killer's
    trials follow its sums too (`summed_contradictions`)."""
    board = state.board
    if board.sums:
        return summed_contradictions(state)
    shortest: tuple[int, Cell, int, tuple[Any, ...]] | None = None
    before = sum(state.placed)
    bound = board.cells  # a trial longer than the shortest contradiction so far is given up

    def done(trial: State) -> bool:
        return finished(trial) or sum(trial.placed) - before > bound

    order = sorted((state.candidates[c].bit_count(), c) for c in range(board.cells) if not state.placed[c])
    for _, cell in order:
        for value in digits(state.candidates[cell]):
            trial = state.copy()
            try:
                trial.place(cell, value)
                simplest_first(SINGLE_STEPS, trial, done, top=SINGLE_STEPS[-1].rank)
            except Contradiction as contradiction:
                length = sum(trial.placed) - before
                if shortest is None or length < shortest[0]:
                    shortest = (length, cell, value, contradiction.broken)
                    bound = length
    if shortest is None:
        return 0
    length, cell, value, broken = shortest
    state.cross_out([cell], 1 << value)
    state.log.append(("contradiction", {"cell": cell, "value": value, "length": length,
                                        "broken": broken}))
    return 1


def summed_contradictions(state: State) -> int:
    """A killer's trial: a candidate assumed and followed by singles and by the sums of its cages
    and house remainders (`summed_trial`: a person trying a number in a killer adds its cages up
    on the way; by singles alone, most killers of few givens lead nowhere, and the grader gave up
    on them). As a person does, the cells of fewest candidates are tried first: of the
    assumptions in the cells of two candidates (else three, and so on) that end in a
    contradiction, the shortest is crossed out and logged; cells of more candidates are tried
    only where none of those fails (every cell tried each step took the grader seconds a killer)."""
    board = state.board
    shortest: tuple[int, Cell, int] | None = None
    order = sorted((state.candidates[c].bit_count(), c) for c in range(board.cells) if not state.placed[c])
    for index, (count, cell) in enumerate(order):
        if shortest is not None and count > order[index - 1][0]:
            break
        for value in digits(state.candidates[cell]):
            length = summed_trial(state, cell, value)
            if length is not None and (shortest is None or length < shortest[0]):
                shortest = (length, cell, value)
    if shortest is None:
        return 0
    length, cell, value = shortest
    state.cross_out([cell], 1 << value)
    state.log.append(("contradiction", {"cell": cell, "value": value, "length": length}))
    return 1


def summed_trial(state: State, cell: Cell, value: int) -> int | None:
    """The cells fixed before a contradiction when `value` goes in `cell` and singles and sums are
    followed; None when none comes. The solver's propagation follows them (the grader's steps,
    one change a round, took a hundred times as long): the trial starts where every single and
    sum is followed already (the grader tries it last), so it reaches what those steps would."""
    candidates = state.candidates.copy()
    fixed = sum(1 for mask in candidates if not mask & (mask - 1))
    if assign(state.board, candidates, cell, 1 << value) and settle_cages(state.board, candidates):
        return None
    return sum(1 for mask in candidates if not mask & (mask - 1)) - fixed


APPLY: dict[str, Callable[[State], int]] = {
    "full house": full_house,
    "hidden single in a box": hidden_single(True, "hidden single in a box"),
    "hidden single in a line": hidden_single(False, "hidden single in a line"),
    "cage of one combination": one_combination,
    "naked single": naked_single,
    "cage combination": cage_combination,
    "pointing": locked(True, "pointing"),
    "claiming": locked(False, "claiming"),
    "naked pair": naked_subset(2, "naked pair"),
    "x-wing": fish(2, "x-wing"),
    "hidden pair": hidden_subset(2, "hidden pair"),
    "naked triple": naked_subset(3, "naked triple"),
    "swordfish": fish(3, "swordfish"),
    "hidden triple": hidden_subset(3, "hidden triple"),
    "xy-wing": xy_wing,
    "xyz-wing": xyz_wing,
    "naked quad": naked_subset(4, "naked quad"),
    "jellyfish": fish(4, "jellyfish"),
    "hidden quad": hidden_subset(4, "hidden quad"),
    "turbot fish": x_chain("turbot fish", 2, 2),
    # a killer's sums can tell the two answers of a deadly rectangle apart
    "unique rectangle": lambda state: 0 if state.board.cages else unique_rectangle(state),
    "x-chain": x_chain("x-chain", 3, max(X_CHAIN_WEIGHTS)),
    "xy-chain": xy_chain,
    "wxyz-wing": wing(4, "wxyz-wing"),
    "vwxyz-wing": wing(5, "vwxyz-wing"),
    "uvwxyz-wing": wing(6, "uvwxyz-wing"),
    # a killer's sums break the symmetry BUG+1 rests on (two answers of a grid of pairs)
    "bug+1": lambda state: 0 if state.board.cages else bug_plus_one(state),
    "simple colouring": simple_colouring,
    "contradiction": contradiction,
}
STEPS = tuple(Deduction(name, rank + 1, APPLY[name]) for rank, (name, _) in enumerate(TECHNIQUES))
SINGLE_STEPS = tuple(step for step in STEPS if step.name in (
    "full house", "hidden single in a box", "hidden single in a line", "naked single"))
"""The singles a trial follows (`contradiction`; a killer's follows its sums too: `summed_trial`)."""


def top_rank(limit: float) -> int:
    """The rank of the last technique weighing no more than `limit`."""
    return max(rank + 1 for rank, (_, weight) in enumerate(TECHNIQUES) if weight <= limit)


def deduce(board: Board, givens: list[int], limit: float = 99.0) -> tuple[State, JSON]:
    """Solve as a person would, simplest technique first, none weighing more than `limit`."""
    state = start(board, givens)
    done = simplest_first(STEPS, state, finished, top_rank(limit))
    return state, figures_of(state.log, done.counts, done.finished)


def figures_of(log: list[tuple[str, dict[str, Any]]], counts: dict[str, int], solved: bool) -> JSON:
    """A run's figures from its log and its count of each technique's uses (in `STEPS`' order):
    the score of its hardest technique, or `SEARCH` where it did not finish."""
    used = {name: count for name, count in counts.items() if count}
    if not solved:
        return {"solved": False, "score": SEARCH, "hardest": "search", "used": used}
    heaviest: dict[str, float] = {}  # each technique used, at the weight of its heaviest use
    for name, facts in log:
        heaviest[name] = max(heaviest.get(name, 0.0), facts.get("weight", WEIGHTS[name]))
    rank = {name: place for place, (name, _) in enumerate(TECHNIQUES)}
    hardest = max(heaviest, key=lambda name: (heaviest[name], rank[name]), default="none")
    weight = heaviest.get(hardest, 1.0)
    if hardest == "contradiction":
        longest = max(facts["length"] for name, facts in log if name == "contradiction")
        score = round(weight + min(2.4, 0.1 * longest + 0.03 * used[hardest]), 2)
    else:
        score = round(weight + 0.01 * min(9, used.get(hardest, 0)), 2)
    return {"solved": True, "score": score, "hardest": hardest, "used": used}


FIRST_STEPS = STEPS[:[step.name for step in STEPS].index("naked single") + 1]
"""The singles (and a killer's cages of one combination), the steps every grade starts with: the
simplest-first loop takes one of them while any helps, so a grade is these until none helps and
then the whole loop from there, the same steps in the same order as one loop."""
GRADES_KEPT = 64  # the states after `FIRST_STEPS` whose grades a board keeps (a reduction grades a few)


def graded(board: Board, givens: list[int], limit: float = 99.0) -> JSON:
    """`deduce`'s figures, the grade past `FIRST_STEPS` kept for the state they leave: what the
    loop does from there depends on that state alone (its candidates and placed cells). The
    generator's removals mostly leave the state of givens graded before (singles put the cells
    back), and the rating of its puzzle is the grade of the last removal graded: their singles
    are followed again, the rest taken from the kept grade. A grade that finished below a rank is
    reused with more ranks allowed (a harder technique is tried only where every simpler one
    found nothing). A Contradiction is raised."""
    top = top_rank(limit)
    state = start(board, givens)
    first = simplest_first(FIRST_STEPS, state, finished, top)
    if first.finished:
        return figures_of(state.log, first.counts, True)
    grades = lookups_of(board).grades
    key = (tuple(state.candidates), tuple(state.placed))
    kept = grades.get(key)
    if kept is None or not (kept[0] == top or kept[1] and kept[0] <= top):
        before = len(state.log)
        rest = simplest_first(STEPS, state, finished, top)
        if len(grades) >= GRADES_KEPT:
            grades.clear()
        kept = grades[key] = (top, rest.finished, state.log[before:], rest.counts)
        del state.log[before:]
    _, solved, rest_log, rest_counts = kept
    counts = {name: first.counts.get(name, 0) + count for name, count in rest_counts.items()}
    return figures_of(state.log + rest_log, counts, solved)


def rate(puzzle: JSON) -> JSON:
    """The measured figures: score and level, the hardest technique and the uses of each."""
    board = board_for(puzzle)
    givens = flat(puzzle["givens"])
    try:
        figures = graded(board, givens)
    except Contradiction:
        figures = {"solved": False, "score": SEARCH, "hardest": "search", "used": {}}
    return {
        "level": bands_of(board).level_of(figures["score"]),
        "score": figures["score"],
        "hardest": figures["hardest"],
        "techniques": dict(figures["used"]),
        "givens": sum(1 for value in givens if value),
        "cells": board.cells,
        "step": step_of(figures["score"]),
    }
