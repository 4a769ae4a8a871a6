"""The exact solver: every line read by `settle` until nothing changes, then search, branching on
one square both ways, counting answers up to a cap.

Norvig's shape: a `Known` grid (the squares known black and white, as bit masks per row and per
column), one primitive that reads a line and writes what it forces (`read_line`, None meaning
contradiction), propagation over a queue of lines, and a search that is a few lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from bookgen.api import JSON, Solved
from bookgen.puzzles.nonogram.lines import Clue, full, settle

Reader = Callable[[Clue, int, int, int], "tuple[int, int] | None"]
"""A way to read one line: (clue, length, black, white) -> (black, white) or None (`lines`)."""
Line = int
"""A line's index: rows 0..rows-1, then columns rows..rows+cols-1."""


@dataclass(frozen=True)
class Board:
    """A puzzle's clues, with its lines numbered once: rows first, then columns."""

    rows: int
    cols: int
    row_clues: tuple[Clue, ...]
    col_clues: tuple[Clue, ...]

    @property
    def lines(self) -> int:
        return self.rows + self.cols

    def clue(self, line: Line) -> Clue:
        return self.row_clues[line] if line < self.rows else self.col_clues[line - self.rows]

    def length(self, line: Line) -> int:
        return self.cols if line < self.rows else self.rows


def board_for(puzzle: JSON) -> Board:
    return Board(puzzle["rows"], puzzle["cols"], tuple(tuple(c) for c in puzzle["row_clues"]),
                 tuple(tuple(c) for c in puzzle["col_clues"]))


class Known:
    """The squares known so far: per row a mask over its columns, per column a mask over its
    rows, for black and for white (kept in step, so a line is read without gathering it)."""

    __slots__ = ("rows", "cols", "black", "white")

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.black = [0] * (rows + cols)  # by Line: rows' masks over columns, then columns'
        self.white = [0] * (rows + cols)

    def copy(self) -> Known:
        other = Known.__new__(Known)
        other.rows, other.cols = self.rows, self.cols
        other.black, other.white = self.black.copy(), self.white.copy()
        return other

    def set(self, row: int, col: int, black: bool) -> None:
        masks = self.black if black else self.white
        masks[row] |= 1 << col
        masks[self.rows + col] |= 1 << row

    def colour(self, row: int, col: int) -> int | None:
        """1 black, 0 white, None unknown."""
        if self.black[row] >> col & 1:
            return 1
        if self.white[row] >> col & 1:
            return 0
        return None

    def unknown(self, line: Line, length: int) -> int:
        return full(length) & ~(self.black[line] | self.white[line])

    def solved(self) -> bool:
        return all(self.unknown(r, self.cols) == 0 for r in range(self.rows))

    def squares(self, line: Line, bits: int) -> list[tuple[int, int]]:
        """The squares (row, col) of a line's bits."""
        places = [i for i in range(self.cols if line < self.rows else self.rows) if bits >> i & 1]
        if line < self.rows:
            return [(line, c) for c in places]
        return [(r, line - self.rows) for r in places]

    def grid(self) -> list[list[int]]:
        return [[self.black[r] >> c & 1 for c in range(self.cols)] for r in range(self.rows)]


def read_line(board: Board, known: Known, line: Line, reader: Reader) -> tuple[int, int] | None:
    """Read one line with `reader` and write what it forces into `known`: the masks of the
    squares it found (black, white), or None when the clue cannot fit the line."""
    length = board.length(line)
    black, white = known.black[line], known.white[line]
    result = reader(board.clue(line), length, black, white)
    if result is None:
        return None
    new_black, new_white = result[0] & ~black, result[1] & ~white
    if new_black & new_white:
        return None
    for bits, colour in ((new_black, True), (new_white, False)):
        for row, col in known.squares(line, bits):
            known.set(row, col, colour)
    return new_black, new_white


def crossing(board: Board, line: Line, bits: int) -> list[Line]:
    """The lines that cross `line` at its squares in `bits`."""
    offset = board.rows if line < board.rows else 0
    return [offset + i for i in range(board.length(line)) if bits >> i & 1]


def propagate(board: Board, known: Known, reader: Reader = settle,
              lines: Sequence[Line] | None = None) -> bool:
    """Read lines until none changes (all of them at first, or `lines`, then those crossing
    what changed); False on a contradiction."""
    queue = list(range(board.lines) if lines is None else lines)
    queued = set(queue)
    while queue:
        line = queue.pop(0)
        queued.discard(line)
        found = read_line(board, known, line, reader)
        if found is None:
            return False
        for other in crossing(board, line, found[0] | found[1]):
            if other not in queued:
                queued.add(other)
                queue.append(other)
    return True


def assumed(board: Board, known: Known, row: int, col: int, black: bool) -> Known | None:
    """`known` with the square assumed black (or white) and the lines followed from it: the
    propagated copy, or None when some line then has no room for its clue."""
    trial = known.copy()
    trial.set(row, col, black)
    return trial if propagate(board, trial, lines=(row, board.rows + col)) else None


def probe(board: Board, known: Known) -> tuple[bool, tuple[int, int] | None]:
    """Assume each unknown square black and white in turn, following the lines: a colour that
    leads to a contradiction is wrong, so the square takes the other (written into `known`),
    until no assumption fails. Returns (False, None) when both colours of a square fail (no
    answer); else (True, the square whose worse assumption still decides the most, the best one
    to search on), the square None when the grid is solved."""
    while True:
        progress, best, most = False, None, -1
        for row in range(board.rows):
            for col in range(board.cols):
                if known.colour(row, col) is not None:
                    continue
                gains = []
                for black in (True, False):
                    trial = assumed(board, known, row, col, black)
                    if trial is None:
                        known.set(row, col, not black)
                        if not propagate(board, known, lines=(row, board.rows + col)):
                            return False, None
                        progress = True
                        break
                    gains.append(sum(m.bit_count() for m in trial.black[:board.rows])
                                 + sum(m.bit_count() for m in trial.white[:board.rows]))
                else:
                    if min(gains) > most:
                        best, most = (row, col), min(gains)
        if not progress:
            return True, best


def solutions(board: Board, known: Known) -> Iterator[Known]:
    """Every completion of propagated knowledge: probe, then guess black then white at the
    square `probe` names."""
    consistent, square = probe(board, known)
    if not consistent:
        return
    if square is None:
        yield known
        return
    row, col = square
    for black in (True, False):
        child = assumed(board, known, row, col, black)
        if child is not None:
            yield from solutions(board, child)


def grid_solutions(board: Board, cap: int | None) -> Iterator[Known]:
    """Up to `cap` answers of the board's clues (all of them without a cap)."""
    known = Known(board.rows, board.cols)
    if not propagate(board, known):
        return iter(())
    return islice(solutions(board, known), cap)


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    first, count = None, 0
    for found in grid_solutions(board_for(puzzle), cap):
        if first is None:
            first = {"grid": found.grid()}
        count += 1
    return Solved(count, first)
