"""One line at a time: what a row's or column's clue and its known squares force.

A line of n squares is known as two bit masks, `black` and `white` (bit i: square i is known to
be black, or white); a clue is the tuple of its block lengths, () for an empty line. Two ways to
read a line, as a person does:

- `overlap` (the simple steps): slide the blocks as far left and as far right as the white
  squares and the line's ends let them; a square one block covers both ways is black, a square
  no block can reach is white ("simple boxes" and "simple spaces"); and a line whose black
  squares make up its clue is complete. The black squares found so far do not hold the blocks:
  working out which block a black square belongs to is what full line logic adds.
- `settle` (full line logic): every arrangement of the clue that agrees with the known squares;
  a square black in all of them is black, white in all of them white. Exact: it finds all that
  the line can tell.

Both run on one dynamic programme over the blocks (`_fits`): `before[j]` (a bit mask over the
positions 0..n) holds the i where blocks 0..j-1 fit in squares 0..i-1, `after[j]` the i where
blocks j.. fit in squares i..n-1. A block j can start at s when its predecessors fit before
s-1, its own squares may be black, square s-1 and its last square's neighbour may be white, and
its successors fit after. The starts a line allows form a lattice, so the leftmost and the
rightmost arrangement put every block at its least and its greatest start. The masks grow by
bit operations (a run of may-be-white squares is crossed by one addition's carry), so a line of
30 squares takes some 60 microseconds in Python; results are cached, since a solver meets the
same line in the same state again and again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

Clue = tuple[int, ...]


def full(n: int) -> int:
    """The mask of all n squares."""
    return (1 << n) - 1


def runs(bits: int, n: int) -> Clue:
    """The clue of a finished line: the lengths of its runs of black squares, first to last."""
    blocks = []
    length = 0
    for i in range(n):
        if bits >> i & 1:
            length += 1
        elif length:
            blocks.append(length)
            length = 0
    if length:
        blocks.append(length)
    return tuple(blocks)


def _spread_right(starts: int, may_white: int) -> int:
    """`starts` with every position a run of may-be-white squares leads on to: from a fit at i,
    square i white makes a fit at i+1, and so on. One addition does it: the carry of
    `starts & may_white` + `may_white` runs through each run of may-be-white squares and stops
    just past it, and the bits it flips are the positions reached."""
    return starts | (((starts & may_white) + may_white) ^ may_white)


def _reversed(bits: int, width: int) -> int:
    return int(format(bits, f"0{width}b")[::-1], 2)


def _places(may_black: int, length: int, n: int) -> int:
    """Bit s: squares s..s+length-1 may all be black (s + length <= n)."""
    places = may_black & full(n - length + 1)
    for shift in range(1, length):
        places &= may_black >> shift
    return places


@dataclass(frozen=True)
class Fits:
    """A line's table: `before[j]` bit i when blocks 0..j-1 fit in squares 0..i-1, `after[j]` bit
    i when blocks j.. fit in squares i..n-1, and `starts[j]` bit s when block j starts at s in
    some arrangement; all agreeing with the known squares."""

    before: tuple[int, ...]
    after: tuple[int, ...]
    starts: tuple[int, ...]


def _fits(clue: Clue, n: int, black: int, white: int) -> Fits | None:
    """The table of a line, or None when the clue cannot fit it at all. Positions run 0..n, so
    the masks are n+1 bits wide; the backward pass runs forwards on the mirrored line."""
    k, everything = len(clue), full(n)
    may_white, may_black = everything & ~black, everything & ~white
    places = [_places(may_black, length, n) for length in clue]
    before = [_spread_right(1, may_white)]
    for j, length in enumerate(clue):
        opens = (before[j] & may_white) << 1 | (1 if j == 0 else 0)
        before.append(_spread_right((places[j] & opens) << length, may_white))
    if not before[k] >> n & 1:
        return None
    mirrored_white = _reversed(may_white, n)

    def spread_left(fits: int) -> int:
        """A fit at i spreads back over may-be-white squares i-1, i-2, ...: on the mirrored
        line (position i is n-i there, square i-1 is n-i), that is `_spread_right`."""
        return _reversed(_spread_right(_reversed(fits, n + 1), mirrored_white), n + 1)

    after = [spread_left(1 << n)]
    for j in range(k - 1, -1, -1):
        length = clue[j]
        closes = (after[0] >> 1 & may_white) >> length | (1 << (n - length) if j == k - 1 else 0)
        after.insert(0, spread_left(places[j] & closes))
    starts = []
    for j, length in enumerate(clue):
        opens = (before[j] & may_white) << 1 | (1 if j == 0 else 0)
        closes = (after[j + 1] >> 1 & may_white) >> length | (1 << (n - length) if j == k - 1 else 0)
        starts.append(places[j] & opens & closes)
    return Fits(tuple(before), tuple(after), tuple(starts))


def _low(bits: int) -> int:
    return (bits & -bits).bit_length() - 1


@lru_cache(maxsize=1 << 16)
def overlap(clue: Clue, n: int, black: int, white: int) -> tuple[int, int] | None:
    """The line's known squares after the simple steps: (black, white), or None when the clue
    cannot fit between the white squares. The blocks slide as far left and as far right as the
    white squares and the line's ends let them (the black squares found so far do not hold
    them); a square one block covers both ways is black, a square no block reaches is white.
    And a line whose black squares add up to its clue is complete: the rest is white."""
    everything = full(n)
    if black.bit_count() == sum(clue):
        return black, everything & ~black
    fits = _fits(clue, n, 0, white)
    if fits is None:
        return None
    blacks, reached = black, 0
    for length, starts in zip(clue, fits.starts):
        low, high = _low(starts), starts.bit_length() - 1
        if high < low + length:
            blacks |= full(low + length - high) << high
        reached |= full(high + length - low) << low
    return blacks, white | (everything & ~reached)


@lru_cache(maxsize=1 << 16)
def settle(clue: Clue, n: int, black: int, white: int) -> tuple[int, int] | None:
    """The line's known squares after every arrangement of the clue that agrees with them is
    considered: (black, white) with all the line can tell, or None when no arrangement fits.
    A square is white when no block covers it from any of its starts, black when no arrangement
    leaves it white (blocks 0..j-1 fitting before it and j.. after it, for no j)."""
    fits = _fits(clue, n, black, white)
    if fits is None:
        return None
    covered = 0
    for length, starts in zip(clue, fits.starts):
        for shift in range(length):
            covered |= starts << shift
    gaps = 0
    for before, after in zip(fits.before, fits.after):
        gaps |= before & after >> 1
    everything = full(n)
    return everything & ~(gaps & ~black), everything & ~covered
