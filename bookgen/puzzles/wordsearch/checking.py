"""The rules, written apart from the solver: an answer circles every listed word once, where it
reads; the letters outside the words spell no blocked word in any direction (nor, on a
children's page, a word children's books avoid); and where the page asks for a hidden message,
the letters no word uses, read row by row, spell it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from bookgen.api import JSON, _
from bookgen.core.dictionary import blocked_words
from bookgen.core.letters import LANGUAGES, alphabet
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.wordsearch.parameters import (
    ALL_THEMES,
    HOLE,
    MAX_MESSAGE,
    MAX_SIDE,
    MAX_WORDS,
    MIN_WORD,
    SEPARATORS,
    STEPS,
    children_avoid,
    grid_word,
    message_lengths,
    message_letters,
)

Square = tuple[int, int]
OPTIONAL_FIELDS = {"shown", "written", "message_lengths", "children", "theme"}


def avoided(language: str, children: bool = False) -> tuple[str, ...]:
    """The words a grid must not spell by accident: the language's blocklist (shared with every
    word puzzle), and on a children's page the words children's books avoid besides."""
    return blocked_words(language) + (children_avoid(language) if children else ())


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """The rules a solution breaks ([] when it is right), and a grid's accidental blocked word."""
    grid, words = puzzle["grid"], puzzle["words"]
    rows, cols = len(grid), len(grid[0])
    problems = []
    circled = [p["word"] for p in solution["placements"]]
    if sorted(circled) != sorted(words):
        problems.append(_("the answer circles {circled}, the list holds {words}").format(
            circled=sorted(circled), words=sorted(words)))
    used: set[Square] = set()
    for place in solution["placements"]:
        word, direction = place["word"], place["direction"]
        if direction not in STEPS:
            problems.append(_("{word}: no direction {direction}").format(
                word=word, direction=repr(direction)))
            continue
        d_row, d_col = STEPS[direction]
        squares = [(place["row"] + i * d_row, place["col"] + i * d_col) for i in range(len(word))]
        if not all(0 <= r < rows and 0 <= c < cols for r, c in squares):
            problems.append(_("{word} runs off the grid").format(word=word))
            continue
        read = "".join(grid[r][c] for r, c in squares)
        if read != word:
            problems.append(_("{word} is circled where the grid reads {read}").format(word=word, read=read))
        used |= set(squares)
    problems.extend(_message_problems(puzzle, solution, used))
    problems.extend(_("the grid shows the blocked word {word} by accident").format(word=word)
                    for word in accidental(grid, avoided(puzzle["language"], bool(puzzle.get("children"))),
                                           solution))
    return problems


def _message_problems(puzzle: JSON, solution: JSON, used: set[Square]) -> list[str]:
    """Where the page prints a hidden message's blanks, the letters no word uses, read row by row,
    spell the answer's message, its words as long as the blanks."""
    if "message_lengths" not in puzzle:
        return ([_("the answer has a hidden message the page does not ask for")]
                if "message" in solution else [])
    if not isinstance(solution.get("message"), str):
        return [_("the page asks for a hidden message and the answer has none")]
    language, phrase = puzzle["language"], solution["message"]
    left = "".join(letter for r, row in enumerate(puzzle["grid"]) for c, letter in enumerate(row)
                   if letter != HOLE and (r, c) not in used)
    problems = []
    if left != message_letters(phrase, language):
        problems.append(_("the letters left over read {left}, not the message {phrase}").format(
            left=left, phrase=repr(phrase)))
    if message_lengths(phrase, language) != puzzle["message_lengths"]:
        problems.append(_("the message {phrase} does not fit the blanks {lengths}").format(
            phrase=repr(phrase), lengths=puzzle["message_lengths"]))
    return problems


@cache
def _lines(rows: int, cols: int) -> tuple[tuple[Square, ...], ...]:
    """Every longest straight line of squares across, down and along both diagonals: a word read
    in any of the eight directions lies along one of them, forwards or backwards."""
    lines = []
    for d_row, d_col in (STEPS[d] for d in ("E", "S", "SE", "NE")):
        for row in range(rows):
            for col in range(cols):
                if 0 <= row - d_row < rows and 0 <= col - d_col < cols:
                    continue  # not where a line starts
                line = []
                r, c = row, col
                while 0 <= r < rows and 0 <= c < cols:
                    line.append((r, c))
                    r, c = r + d_row, c + d_col
                lines.append(tuple(line))
    return tuple(lines)


@cache
def _finder(blocked: tuple[str, ...]) -> tuple[re.Pattern[str], dict[str, tuple[tuple[str, str], ...]]]:
    """One pattern that stops wherever a blocked word starts, read forwards or backwards, and the
    readings (its letters as they stand in a line, the word) that start with each letter."""
    readings = sorted({(word, word) for word in blocked} | {(word[::-1], word) for word in blocked})
    pattern = re.compile("(?=(?:" + "|".join(re.escape(text) for text, _ in readings) + "))")
    starting: dict[str, list[tuple[str, str]]] = {}
    for text, word in readings:
        starting.setdefault(text[0], []).append((text, word))
    return pattern, {letter: tuple(found) for letter, found in starting.items()}


def accidental(grid: Sequence[str], blocked: Sequence[str], solution: JSON, where: bool = False
               ) -> list:  # type: ignore[type-arg]
    """The blocked words that read somewhere in the grid, in any direction, other than inside one
    circled word (a listed word may hold one; the fill letters must never spell one); with
    `where`, each of them with the squares it covers."""
    if not blocked:
        return []
    inside = [{(p["row"] + i * STEPS[p["direction"]][0], p["col"] + i * STEPS[p["direction"]][1])
               for i in range(len(p["word"]))} for p in solution["placements"]]
    pattern, starting = _finder(tuple(blocked))
    shown: list[tuple[str, tuple[Square, ...]]] = []
    for line in _lines(len(grid), len(grid[0])):
        text = "".join(grid[r][c] for r, c in line)
        for match in pattern.finditer(text):
            start = match.start()
            for reading, word in starting[text[start]]:
                if text.startswith(reading, start):
                    squares = line[start:start + len(reading)]
                    if not any(set(squares) <= circled for circled in inside):
                        shown.append((word, squares))
    if where:
        return shown
    return sorted({word for word, _ in shown})


def validate(puzzle: JSON) -> None:
    """Refuse puzzle JSON that is not a rectangle of the language's letters (a shaped grid's
    holes written '.') and a list of words, with the optional fields well formed."""
    if not isinstance(puzzle, dict) or not {"grid", "words", "language"} <= set(puzzle) \
            or set(puzzle) - {"grid", "words", "language"} - OPTIONAL_FIELDS:
        raise PuzzleFormatError(_("a word search puzzle has 'grid', 'words' and 'language', and may have "
                                  "{choices}").format(
                                    choices=', '.join(repr(key) for key in sorted(OPTIONAL_FIELDS))))
    language, grid, words = puzzle["language"], puzzle["grid"], puzzle["words"]
    if language not in LANGUAGES:
        raise PuzzleFormatError(_("'language' must be one of {choices}").format(
                                    choices=', '.join(LANGUAGES)))
    letters = alphabet(language)
    if not (isinstance(grid, list) and grid and all(isinstance(r, str) for r in grid)
            and len(grid) <= MAX_SIDE and 0 < len(grid[0]) <= MAX_SIDE
            and all(len(r) == len(grid[0]) and set(r) <= letters | {HOLE} for r in grid)
            and any(set(r) - {HOLE} for r in grid)):
        raise PuzzleFormatError(_("'grid' must be 1 to {MAX_SIDE} rows of equally many capital letters "
                                  "of the language ('.' outside a shaped grid)").format(
                                    MAX_SIDE=MAX_SIDE))
    side = max(len(grid), len(grid[0]))
    if not (isinstance(words, list) and 0 < len(words) <= MAX_WORDS
            and all(isinstance(w, str) and MIN_WORD <= len(w) <= side and set(w) <= letters
                    for w in words)):
        raise PuzzleFormatError(_("'words' must be 1 to {MAX_WORDS} words of {MIN_WORD} or more of the "
                                  "language's capital letters, none longer than the grid").format(
                                    MAX_WORDS=MAX_WORDS, MIN_WORD=MIN_WORD))
    if len(set(words)) != len(words):
        twice = sorted({w for w in words if words.count(w) > 1})
        raise PuzzleFormatError(_("'words' lists {choices} twice: each word is hidden once").format(
                                    choices=', '.join(twice)))
    _validate_optional(puzzle)


def _validate_optional(puzzle: JSON) -> None:
    terms = puzzle.get("shown", {})
    if not (isinstance(terms, dict) and all(
            word in puzzle["words"] and isinstance(term, str)
            and "".join(char for char in term if char not in SEPARATORS) == word
            for word, term in terms.items())):
        raise PuzzleFormatError(_("'shown' maps listed words to their terms as the list prints them: the "
                                  "word's letters, kept apart by spaces, hyphens or apostrophes"))
    written = puzzle.get("written", {})
    if not (isinstance(written, dict) and all(
            word in puzzle["words"] and isinstance(term, str) and term == term.strip()
            and all(char.isalpha() or char in SEPARATORS for char in term)
            and grid_word(term, puzzle["language"]) == word
            for word, term in written.items())):
        raise PuzzleFormatError(_("'written' maps listed words to their terms as the language writes "
                                  "them (ÁRBOL for ARBOL, STRAUß for STRAUSS): terms the grid spells "
                                  "as the word"))
    lengths = puzzle.get("message_lengths", [1])
    if not (isinstance(lengths, list) and lengths and all(
            isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in lengths)
            and sum(lengths) <= MAX_MESSAGE):
        raise PuzzleFormatError(_("'message_lengths' must be the letters of each word of the hidden "
                                  "message, at most {MAX_MESSAGE} in all").format(
                                    MAX_MESSAGE=MAX_MESSAGE))
    if puzzle.get("children", True) is not True:
        raise PuzzleFormatError(_("'children' is true where present: a children's page"))
    if puzzle.get("theme", ALL_THEMES[0]) not in ALL_THEMES:
        raise PuzzleFormatError(_("'theme' names the built-in theme whose name heads the grid: one "
                                  "of {choices}").format(choices=", ".join(ALL_THEMES)))
