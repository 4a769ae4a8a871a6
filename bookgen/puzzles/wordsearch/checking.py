"""The rules, written apart from the solver: an answer circles every listed word once, where it
reads, and the letters outside the words spell no blocked word in any direction.
"""

from __future__ import annotations

from collections.abc import Sequence

from bookgen.api import JSON
from bookgen.core.dictionary import blocked_words
from bookgen.core.letters import LANGUAGES, alphabet
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.wordsearch.parameters import (
    MAX_SIDE,
    MAX_WORDS,
    MIN_WORD,
    STEPS,
)


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """The rules a solution breaks ([] when it is right), and a grid's accidental blocked word."""
    grid, words = puzzle["grid"], puzzle["words"]
    rows, cols = len(grid), len(grid[0])
    problems = []
    circled = [p["word"] for p in solution["placements"]]
    if sorted(circled) != sorted(words):
        problems.append(f"the answer circles {sorted(circled)}, the list holds {sorted(words)}")
    for place in solution["placements"]:
        word, direction = place["word"], place["direction"]
        if direction not in STEPS:
            problems.append(f"{word}: no direction {direction!r}")
            continue
        d_row, d_col = STEPS[direction]
        squares = [(place["row"] + i * d_row, place["col"] + i * d_col) for i in range(len(word))]
        if not all(0 <= r < rows and 0 <= c < cols for r, c in squares):
            problems.append(f"{word} runs off the grid")
            continue
        read = "".join(grid[r][c] for r, c in squares)
        if read != word:
            problems.append(f"{word} is circled where the grid reads {read}")
    problems.extend(f"the grid shows the blocked word {word} by accident"
                    for word in accidental(grid, blocked_words(puzzle["language"]), solution))
    return problems


def accidental(grid: Sequence[str], blocked: Sequence[str], solution: JSON) -> list[str]:
    """The blocked words that read somewhere in the grid, in any direction, other than inside one
    circled word (a listed word may hold one; the fill letters must never spell one)."""
    inside = [{(p["row"] + i * STEPS[p["direction"]][0], p["col"] + i * STEPS[p["direction"]][1])
               for i in range(len(p["word"]))} for p in solution["placements"]]
    rows, cols = len(grid), len(grid[0])
    shown = []
    for word in blocked:
        for row in range(rows):
            for col in range(cols):
                if grid[row][col] != word[0]:  # most squares: a blocklist runs to dozens of words
                    continue
                for d_row, d_col in STEPS.values():
                    squares = [(row + i * d_row, col + i * d_col) for i in range(len(word))]
                    if all(0 <= r < rows and 0 <= c < cols and grid[r][c] == word[i]
                           for i, (r, c) in enumerate(squares)) and \
                            not any(set(squares) <= circled for circled in inside):
                        shown.append(word)
    return sorted(set(shown))


def validate(puzzle: JSON) -> None:
    """Refuse puzzle JSON that is not a rectangle of the language's letters and a list of words."""
    if not isinstance(puzzle, dict) or set(puzzle) != {"grid", "words", "language"}:
        raise PuzzleFormatError("a word search puzzle has exactly 'grid', 'words' and 'language'")
    language, grid, words = puzzle["language"], puzzle["grid"], puzzle["words"]
    if language not in LANGUAGES:
        raise PuzzleFormatError(f"'language' must be one of {', '.join(LANGUAGES)}")
    letters = alphabet(language)
    if not (isinstance(grid, list) and grid and all(isinstance(r, str) for r in grid)
            and len(grid) <= MAX_SIDE and 0 < len(grid[0]) <= MAX_SIDE
            and all(len(r) == len(grid[0]) and set(r) <= letters for r in grid)):
        raise PuzzleFormatError(f"'grid' must be 1 to {MAX_SIDE} rows of equally many capital "
                                "letters of the language")
    side = max(len(grid), len(grid[0]))
    if not (isinstance(words, list) and 0 < len(words) <= MAX_WORDS
            and all(isinstance(w, str) and MIN_WORD <= len(w) <= side and set(w) <= letters
                    for w in words)):
        raise PuzzleFormatError(f"'words' must be 1 to {MAX_WORDS} words of {MIN_WORD} or more "
                                "of the language's capital letters, none longer than the grid")
    if len(set(words)) != len(words):
        twice = sorted({w for w in words if words.count(w) > 1})
        raise PuzzleFormatError(f"'words' lists {', '.join(twice)} twice: each word is hidden once")
