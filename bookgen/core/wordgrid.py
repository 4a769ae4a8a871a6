"""Words laid into a free-form grid, the slots of such a grid, their numbers, and the search that
fits a list of words into the slots: the engine crosswords and fill-ins share.

Vocabulary: a grid is rows of text, `#` for a square that holds no letter (a block; a free-form
grid prints nothing there) and a letter or `.` (an open square) elsewhere. A slot is a run of two
or more open squares across or down, from a block or the edge to a block or the edge; every slot
of a laid-out grid holds one of its words, so the slots are read from the grid alone. Squares are
numbered in reading order where a slot starts (the newspaper rule).

Laying out (`lay_out`): the longest word first, then each word where it crosses letters already
placed, choosing among its places the one with the most crossings and the least growth; a word
never touches another side by side nor extends one end to end, so every run of letters is a word.
`compile_layout` repeats that in orders the random generator picks and keeps the best grid:
every word placed, then densest, then most crossed, then most symmetric (a half turn maps most
letter squares onto letter squares), so that a grid is as compact as its words allow.

Filling (`fills`): exact search over the slots, the one with the fewest fitting words first,
each word used once; it yields every fill, so counting to two proves a fill unique.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from bookgen.i18n import _, ngettext

Square = tuple[int, int]
Start = tuple[int, int, str]  # where a word starts (row, col) and its direction
ACROSS, DOWN = "across", "down"
DIRECTIONS = (ACROSS, DOWN)
STEP = {ACROSS: (0, 1), DOWN: (1, 0)}
BLOCK, OPEN = "#", "."


@dataclass(frozen=True)
class Slot:
    """A run of squares a word fills: its first square, its direction and its length."""

    row: int
    col: int
    direction: str
    length: int

    def squares(self) -> list[Square]:
        d_row, d_col = STEP[self.direction]
        return [(self.row + i * d_row, self.col + i * d_col) for i in range(self.length)]


def slots_of(grid: Sequence[str]) -> list[Slot]:
    """Every run of two or more open squares, across and down, in reading order of its first
    square (across before down where both start on one square)."""
    rows, cols = len(grid), len(grid[0])

    def open_at(row: int, col: int) -> bool:
        return 0 <= row < rows and 0 <= col < cols and grid[row][col] != BLOCK

    found = []
    for row in range(rows):
        for col in range(cols):
            if not open_at(row, col):
                continue
            for direction in DIRECTIONS:
                d_row, d_col = STEP[direction]
                if open_at(row - d_row, col - d_col) or not open_at(row + d_row, col + d_col):
                    continue
                length = 1
                while open_at(row + length * d_row, col + length * d_col):
                    length += 1
                found.append(Slot(row, col, direction, length))
    return found


def numbers_of(slots: Sequence[Slot]) -> dict[Square, int]:
    """The number of each square a slot starts on, 1 upwards in reading order."""
    starts = sorted({(slot.row, slot.col) for slot in slots})
    return {square: number for number, square in enumerate(starts, 1)}


def word_in(grid: Sequence[str], slot: Slot) -> str:
    """What the grid holds along a slot (`.` where a square is open)."""
    return "".join(grid[row][col] for row, col in slot.squares())


def crossings_of(slots: Sequence[Slot]) -> dict[Slot, int]:
    """How many squares of each slot another slot crosses."""
    owner: Counter[Square] = Counter(square for slot in slots for square in slot.squares())
    return {slot: sum(owner[square] > 1 for square in slot.squares()) for slot in slots}


def letter_groups(words: Sequence[str]) -> list[list[str]]:
    """The words in groups that share letters, each word with any word it shares a letter with
    (directly or through others): words of two groups can never be laid into one grid."""
    groups: list[list[str]] = []
    for word in sorted(set(words)):
        joined = [group for group in groups if any(set(word) & set(other) for other in group)]
        merged = [word] + [other for group in joined for other in group]
        groups = [group for group in groups if group not in joined] + [sorted(merged)]
    return sorted(groups, key=lambda group: (-len(group), group))


# --- laying words out --------------------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    """A word where a layout put it: its first square and its direction."""

    word: str
    row: int
    col: int
    direction: str

    @property
    def slot(self) -> Slot:
        return Slot(self.row, self.col, self.direction, len(self.word))


class Layout:
    """Words placed so far: each square's letter and the directions words cross it in, and the
    box the letters take (rows and columns may run negative until `grid` moves them to 0)."""

    def __init__(self, most_rows: int, most_cols: int) -> None:
        self.most_rows, self.most_cols = most_rows, most_cols
        self.letters: dict[Square, str] = {}
        self.used: dict[Square, set[str]] = {}
        self.placed: list[Placed] = []
        self.newest: list[Square] = []  # the squares of the word placed last
        self.box = (0, 0, -1, -1)  # top, left, bottom, right: empty

    def crossings(self, word: str, row: int, col: int, direction: str) -> int | None:
        """How many letters already placed `word` would cross there, or None where it may not go
        (off the largest grid, a letter that differs, beside or end to end with another word)."""
        d_row, d_col = STEP[direction]
        p_row, p_col = d_col, d_row  # the perpendicular step
        end_row, end_col = row + (len(word) - 1) * d_row, col + (len(word) - 1) * d_col
        top, left, bottom, right = self.box
        if self.letters and (max(bottom, end_row) - min(top, row) >= self.most_rows
                             or max(right, end_col) - min(left, col) >= self.most_cols):
            return None
        if (row - d_row, col - d_col) in self.letters or (end_row + d_row, end_col + d_col) in self.letters:
            return None
        crossed = 0
        for i, letter in enumerate(word):
            square = (row + i * d_row, col + i * d_col)
            held = self.letters.get(square)
            if held is not None:
                if held != letter or direction in self.used[square]:
                    return None
                crossed += 1
            elif (square[0] + p_row, square[1] + p_col) in self.letters or \
                    (square[0] - p_row, square[1] - p_col) in self.letters:
                return None
        return crossed

    def place(self, word: str, row: int, col: int, direction: str) -> None:
        d_row, d_col = STEP[direction]
        self.newest = [(row + i * d_row, col + i * d_col) for i in range(len(word))]
        for square, letter in zip(self.newest, word):
            self.letters[square] = letter
            self.used.setdefault(square, set()).add(direction)
        self.placed.append(Placed(word, row, col, direction))
        end_row, end_col = row + (len(word) - 1) * d_row, col + (len(word) - 1) * d_col
        if len(self.placed) == 1:
            self.box = (row, col, end_row, end_col)
        else:
            top, left, bottom, right = self.box
            self.box = (min(top, row), min(left, col), max(bottom, end_row), max(right, end_col))

    def places(self, word: str, known: Mapping[Start, int] | None = None) -> dict[Start, int]:
        """Every place `word` may go crossing a placed letter, (row, col, direction), with how
        many letters it crosses there. `known`: its places before the last word was placed, so
        that only they and the places crossing that word are looked at (a word placed makes no
        place valid again), and of those only the ones beside it looked at closely (the others
        it can only push off the largest grid). A layout asked anew at every step spent nine
        tenths of a fill-in's time in `crossings`."""
        found: dict[Start, int] = {}
        if known is None:
            squares = list(self.letters)
        else:
            squares = self.newest
            (top, left), (bottom, right) = squares[0], squares[-1]
            box_top, box_left, box_bottom, box_right = self.box
            for start, crossed in known.items():
                row, col, direction = start
                d_row, d_col = STEP[direction]
                end_row, end_col = row + (len(word) - 1) * d_row, col + (len(word) - 1) * d_col
                if end_row < top - 1 or row > bottom + 1 or end_col < left - 1 or col > right + 1:
                    # nothing of it changed but the box, which it must stay within
                    if (max(box_bottom, end_row) - min(box_top, row) < self.most_rows
                            and max(box_right, end_col) - min(box_left, col) < self.most_cols):
                        found[start] = crossed
                elif crossed := self.crossings(word, row, col, direction) or 0:
                    found[start] = crossed
        at = _indexes(word)
        for square in squares:
            for index in at.get(self.letters[square], ()):
                for direction in DIRECTIONS:
                    if direction in self.used[square]:
                        continue
                    d_row, d_col = STEP[direction]
                    start = (square[0] - index * d_row, square[1] - index * d_col, direction)
                    if start not in found:
                        crossed = self.crossings(word, *start) or 0
                        if crossed:
                            found[start] = crossed
        return found

    def growth(self, word: str, row: int, col: int, direction: str) -> int:
        """How many squares the box would grow by with `word` there."""
        d_row, d_col = STEP[direction]
        end_row, end_col = row + (len(word) - 1) * d_row, col + (len(word) - 1) * d_col
        top, left, bottom, right = self.box
        area = (bottom - top + 1) * (right - left + 1)
        grown = (max(bottom, end_row) - min(top, row) + 1) * (max(right, end_col) - min(left, col) + 1)
        return grown - area

    def grid(self) -> list[str]:
        """The letters as rows, moved to start at row 0 and column 0, `#` where no letter is."""
        top, left, bottom, right = self.box
        return ["".join(self.letters.get((row, col), BLOCK) for col in range(left, right + 1))
                for row in range(top, bottom + 1)]

    def entries(self) -> list[Placed]:
        """The words placed, their squares moved as `grid` moves them."""
        top, left = self.box[0], self.box[1]
        return [Placed(p.word, p.row - top, p.col - left, p.direction) for p in self.placed]


@lru_cache(maxsize=4096)
def _indexes(word: str) -> dict[str, tuple[int, ...]]:
    """Where each letter of `word` stands in it."""
    at: dict[str, list[int]] = {}
    for index, letter in enumerate(word):
        at.setdefault(letter, []).append(index)
    return {letter: tuple(indexes) for letter, indexes in at.items()}


def lay_out(rng: random.Random, words: Sequence[str], most_rows: int, most_cols: int,
            crossing_weight: float = 3.0, most_words: int | None = None, spread: float = 1.0
            ) -> Layout:
    """The first word across (or down, where only that fits), then again and again the word and
    place, among all the words left, that cross the most letters for the least growth of the
    box (`crossing_weight` squares of growth a crossing is worth, half a square a letter of the
    word, so long words go in while there is room, plus up to `spread` drawn by `rng`, so that
    near ties go either way), until no word left has a place or `most_words` are placed. Words
    that found no place are left out."""
    layout = Layout(most_rows, most_cols)
    first = words[0]
    direction = ACROSS if len(first) <= most_cols else DOWN
    if len(first) > (most_cols if direction == ACROSS else most_rows):
        return layout
    layout.place(first, 0, 0, direction)
    pending = list(words[1:])
    places = [layout.places(word) for word in pending]  # each pending word's, kept up to date
    most = len(words) if most_words is None else most_words
    while pending and len(layout.placed) < most:
        best: tuple[float, str, tuple[int, int, str]] | None = None
        for word, found in zip(pending, places):
            for crossed, row, col, way in sorted((crossed, *start) for start, crossed in found.items()):
                score = (crossed * crossing_weight - layout.growth(word, row, col, way)
                         + len(word) / 2 + spread * rng.random())
                if best is None or score > best[0]:
                    best = (score, word, (row, col, way))
        if best is None:
            break
        _, word, (row, col, way) = best
        layout.place(word, row, col, way)
        del places[pending.index(word)]
        pending.remove(word)
        places = [layout.places(other, found) for other, found in zip(pending, places)]
    return layout


@dataclass(frozen=True)
class Compiled:
    """A finished layout: its grid, its words where they lie, and the words left out."""

    grid: list[str]
    entries: list[Placed]
    left_out: list[str]

    def quality(self, wanted: int, crossed_sign: int = 1) -> tuple[int, float, float, float]:
        """What makes one layout better than another: fewer words short of `wanted`, then the
        share of the box its letters fill, then crossings per word, then half-turn symmetry; with
        `crossed_sign` -1, fewer crossings per word first (a grid whose words are found from their
        clues alone), then the share filled."""
        blocks = sum(row.count(BLOCK) for row in self.grid)
        area = len(self.grid) * len(self.grid[0])
        slots = slots_of(self.grid)
        crossed = sum(crossings_of(slots).values()) / max(1, len(slots))
        filled, short = 1 - blocks / area, -max(0, wanted - len(self.entries))
        if crossed_sign < 0:
            return (short, -crossed, filled, symmetry(self.grid))
        return (short, filled, crossed, symmetry(self.grid))


def symmetry(grid: Sequence[str]) -> float:
    """The share of letter squares whose half-turn partner is a letter square too."""
    rows, cols = len(grid), len(grid[0])
    squares = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] != BLOCK]
    twins = sum(grid[rows - 1 - r][cols - 1 - c] != BLOCK for r, c in squares)
    return twins / max(1, len(squares))


def compile_layout(rng: random.Random, words: Sequence[str], most_rows: int, most_cols: int,
                   tries: int, crossing_weight: float = 3.0, most_words: int | None = None,
                   crossed_sign: int = 1) -> Compiled:
    """The best of `tries` layouts of `words` (longest first, equal lengths in an order `rng`
    draws; after the first try each word moved a few places at random, and a word left out
    moved ahead of longer ones, and each later try choosing its places more freely), of at most
    `most_words` of them (all by default): see `Compiled.quality`."""
    wanted = len(words) if most_words is None else most_words
    ordered = sorted(words, key=lambda w: (-len(w), w))
    best: Compiled | None = None
    pushed: Counter[str] = Counter()  # how often each word was left out: it goes earlier next time
    for attempt in range(tries):
        order = list(ordered)
        if attempt:
            keys = {word: -len(word) - 3 * pushed[word] + rng.uniform(-2.5, 2.5) * (attempt > 1)
                    + rng.random() for word in order}
            order.sort(key=lambda w: (keys[w], w))
        layout = lay_out(rng, order, most_rows, most_cols, crossing_weight, wanted,
                         spread=1.0 + 6.0 * attempt / tries)
        if not layout.placed:
            continue
        placed = Counter(p.word for p in layout.placed)
        left = sorted((Counter(words) - placed).elements())
        made = Compiled(layout.grid(), layout.entries(), left)
        pushed.update(left)
        if best is None or made.quality(wanted, crossed_sign) > best.quality(wanted, crossed_sign):
            best = made
    return best if best is not None else Compiled([], [], sorted(words))


# --- filling slots with a list of words --------------------------------------------------------


def fills(grid: Sequence[str], words: Sequence[str]) -> Iterator[dict[Slot, str]]:
    """Every way to write `words` (each once) into the grid's slots, keeping its given letters:
    exact search, the slot with the fewest fitting words first (after Norvig). A grid whose slot
    lengths do not match the words' has none."""
    slots = slots_of(grid)
    if sorted(s.length for s in slots) != sorted(len(w) for w in words):
        return
    known: dict[Square, str] = {(r, c): letter for r, row in enumerate(grid)
                                for c, letter in enumerate(row) if letter not in (BLOCK, OPEN)}
    left: Counter[str] = Counter(words)
    squares = {slot: slot.squares() for slot in slots}
    yield from _fill(slots, squares, known, left, {})


def _fits(word: str, squares: list[Square], known: Mapping[Square, str]) -> bool:
    return all(known.get(square, letter) == letter for square, letter in zip(squares, word))


def _fill(open_slots: list[Slot], squares: dict[Slot, list[Square]], known: dict[Square, str],
          left: Counter[str], filled: dict[Slot, str]) -> Iterator[dict[Slot, str]]:
    if not open_slots:
        yield dict(filled)
        return
    best: tuple[Slot, list[str]] | None = None
    for slot in open_slots:
        fitting = [w for w in left if left[w] and len(w) == slot.length and _fits(w, squares[slot], known)]
        if best is None or len(fitting) < len(best[1]):
            best = (slot, fitting)
            if not fitting:
                return
    assert best is not None
    slot, fitting = best
    rest = [s for s in open_slots if s != slot]
    for word in sorted(fitting):
        written = [square for square in squares[slot] if square not in known]
        for square, letter in zip(squares[slot], word):
            known.setdefault(square, letter)
        left[word] -= 1
        filled[slot] = word
        yield from _fill(rest, squares, known, left, filled)
        del filled[slot]
        left[word] += 1
        for square in written:
            del known[square]


def count_fills(grid: Sequence[str], words: Sequence[str], cap: int | None
                ) -> tuple[int, dict[Slot, str] | None]:
    """How many fills there are (stopping at `cap`) and the first."""
    count, first = 0, None
    for fill in fills(grid, words):
        count += 1
        first = first or fill
        if cap is not None and count >= cap:
            break
    return count, first


def filled_grid(grid: Sequence[str], fill: Mapping[Slot, str]) -> list[str]:
    """The grid with each slot's word written in."""
    rows = [list(row) for row in grid]
    for slot, word in fill.items():
        for (row, col), letter in zip(slot.squares(), word):
            rows[row][col] = letter
    return ["".join(row) for row in rows]


def more_than_given(count: int, given: int, listed: str) -> str:
    """The refusal of a `word_count` above the user's list (`listed`: "clues" or "words"), said
    when the config is read: no grid can take words it was not given, and the tries would fail
    only after minutes."""
    if listed == "clues":
        return ngettext("word_count {count} is more than the {given} clue given",
                        "word_count {count} is more than the {given} clues given", given).format(
                            count=count, given=given)
    return ngettext("word_count {count} is more than the {given} word given",
                    "word_count {count} is more than the {given} words given", given).format(
                        count=count, given=given)


def unplaceable(words: Sequence[str], count: int, grid: str) -> str | None:
    """Why some of `words` can never be laid into a `grid` ("crossword") of `count` of them, or
    None: the groups apart from the largest (`letter_groups`), each one where a grid takes every
    word, else those of fewer than `count` words (a grid is one piece, so its words all come
    from one group; a word no grid takes is named, never left out unsaid)."""
    apart = [group for group in letter_groups(words)[1:] if count >= len(words) or len(group) < count]
    if not apart:
        return None
    said = [_("the word {word} shares no letter with any other word").format(word=repr(group[0]))
            if len(group) == 1 else
            _("the words {words} share letters only among themselves").format(words=", ".join(group))
            for group in apart]
    alone = len(apart) == 1 and len(apart[0]) == 1
    why = (_("{why}, so it can cross none") if alone
           else _("{why}, so they cannot cross the others")).format(why="; ".join(said))
    if count >= len(words):
        return (_("{why}: a crossword of all the words cannot be laid") if grid == "crossword"
                else _("{why}: a grid of all the words cannot be laid")).format(why=why)
    if grid == "crossword":
        ending = (ngettext("{why}: no crossword of {count} word can hold it; leave it out",
                           "{why}: no crossword of {count} words can hold it; leave it out", count)
                  if alone else
                  ngettext("{why}: no crossword of {count} word can hold them; leave them out",
                           "{why}: no crossword of {count} words can hold them; leave them out", count))
    else:
        ending = (ngettext("{why}: no grid of {count} word can hold it; leave it out",
                           "{why}: no grid of {count} words can hold it; leave it out", count)
                  if alone else
                  ngettext("{why}: no grid of {count} word can hold them; leave them out",
                           "{why}: no grid of {count} words can hold them; leave them out", count))
    return ending.format(why=why, count=count)
