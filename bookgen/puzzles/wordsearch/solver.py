"""Finding words in a grid: every place a word reads, in all eight directions.

A placement is where a word lies: its first letter's square and its direction. A word and its
reversal (a palindrome read backwards) over the same squares are one placement, so uniqueness is
about squares, not readings. The solver finds every placement of every listed word; the puzzle is
unique when each word lies in exactly one place.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from bookgen.api import JSON, Solved
from bookgen.puzzles.wordsearch.parameters import HOLE, STEPS

Placement = tuple[int, int, str]  # row, column, direction of the first letter
Cells = frozenset[tuple[int, int]]


def cells_of(word: str, placement: Placement) -> list[tuple[int, int]]:
    """The squares a word covers from its placement, first letter first."""
    row, col, direction = placement
    d_row, d_col = STEPS[direction]
    return [(row + i * d_row, col + i * d_col) for i in range(len(word))]


def readings(grid: Sequence[str], word: str) -> Iterator[Placement]:
    """Every (row, column, direction) where `word` reads in the grid."""
    rows, cols = len(grid), len(grid[0])
    for row in range(rows):
        for col in range(cols):
            if grid[row][col] != word[0]:
                continue
            for direction, (d_row, d_col) in STEPS.items():
                end_row, end_col = row + (len(word) - 1) * d_row, col + (len(word) - 1) * d_col
                if not (0 <= end_row < rows and 0 <= end_col < cols):
                    continue
                if all(grid[row + i * d_row][col + i * d_col] == word[i] for i in range(len(word))):
                    yield row, col, direction


def placements(grid: Sequence[str], word: str) -> list[Placement]:
    """The distinct places `word` lies in the grid (a palindrome read both ways counts once)."""
    found: dict[Cells, Placement] = {}
    for placement in readings(grid, word):
        found.setdefault(frozenset(cells_of(word, placement)), placement)
    return list(found.values())


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    """How many ways the words can be found (each word's places multiplied, up to the cap) and
    the first: a word that lies in two places makes the puzzle ambiguous, one in none unsolvable.
    Where the page asks for a hidden message, the answer reads it from the letters left over, row
    by row, cut as its blanks are."""
    count, first = 1, []
    for word in puzzle["words"]:
        places = placements(puzzle["grid"], word)
        count *= len(places)
        if count == 0:
            return Solved(0, None)
        first.append(as_json(word, places[0]))
        if cap is not None:
            count = min(count, cap)
    solution: JSON = {"placements": first}
    if "message_lengths" in puzzle:
        solution["message"] = _left_over(puzzle, first)
    return Solved(count, solution)


def _left_over(puzzle: JSON, placed: list[JSON]) -> str:
    """The letters no placed word covers, read row by row, as words of the blanks' lengths."""
    used = {square for p in placed for square in cells_of(p["word"], (p["row"], p["col"], p["direction"]))}
    letters = "".join(letter for r, row in enumerate(puzzle["grid"]) for c, letter in enumerate(row)
                      if letter != HOLE and (r, c) not in used)
    words, start = [], 0
    for length in puzzle["message_lengths"]:
        words.append(letters[start:start + length])
        start += length
    return " ".join(words)


def as_json(word: str, placement: Placement) -> JSON:
    row, col, direction = placement
    return {"word": word, "row": row, "col": col, "direction": direction}
