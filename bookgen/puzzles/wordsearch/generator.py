"""Making a word search: choose the words, place them longest first in the directions the level
allows (crossing only where it allows), fill the rest with the language's letters by their
frequency, and draw again the fill letters that spell a listed word a second time or a blocked
word; keep the grid when its measured level is the one asked for.
"""

from __future__ import annotations

import math
import random

from bookgen.api import Generated, Request
from bookgen.core.dictionary import blocked_words
from bookgen.core.grading import make_at_level
from bookgen.core.letters import alphabet, grid_form
from bookgen.errors import BookgenError
from bookgen.puzzles.wordsearch.checking import accidental
from bookgen.puzzles.wordsearch.grader import EXPERT_CELLS, EXPERT_WORDS, rate
from bookgen.puzzles.wordsearch.parameters import (
    DIRECTIONS_AT,
    FREQUENCIES,
    MAX_SIDE,
    MIN_SIDE,
    OVERLAPS_AT,
    theme_words,
)
from bookgen.puzzles.wordsearch.solver import as_json, cells_of, placements

ROOM = {"easy": 2.4, "medium": 2.2, "hard": 1.9, "expert": 1.6}
"""Squares per letter of the words in a grid sized from its words: easier grids leave more room."""
ATTEMPTS = 60
REFILLS = 40

Grid = list[list[str]]


def word_pool(request: Request) -> tuple[str, ...]:
    """The words a request hides (the config's, else the theme's), as its grids write them; none
    is part of another, read either way (it would then lie in two places)."""
    language = request.settings["language"]
    given = request.settings["words"]
    return tuple(grid_form(w, language) for w in given) if given \
        else theme_words(language, request.settings["theme"])


def grid_size(request: Request, words: list[str]) -> tuple[int, int]:
    """The size asked for, or a square from the words' letters, the level's room and the longest
    word (at least 14 x 14 for expert, below it for the others)."""
    if request.settings["size"] is not None:
        return request.settings["size"]
    letters = sum(len(w) for w in words)
    side = max(len(max(words, key=len)), math.ceil(math.sqrt(letters * ROOM[request.level])), MIN_SIDE)
    expert_side = math.isqrt(EXPERT_CELLS - 1) + 1
    side = max(side, expert_side) if request.level == "expert" else min(side, expert_side - 1)
    return min(side, MAX_SIDE), min(side, MAX_SIDE)


def check_request(request: Request) -> None:
    """Refuse words a grid cannot hold and sizes the level cannot have, before any work."""
    language, level = request.settings["language"], request.level
    pool = word_pool(request)
    letters = alphabet(language)
    for original, word in zip(request.settings["words"] or pool, pool):
        strange = sorted(set(word) - letters)
        if strange:
            raise BookgenError(f"the word {original!r} holds {''.join(strange)}, which grids in "
                               f"{language} do not write", key="words")
        if len(word) > MAX_SIDE:  # ß and Œ take two squares: the config's spelling was short enough
            raise BookgenError(f"the word {original!r} takes {len(word)} squares as grids in {language} "
                               f"write it ({word}), more than the largest grid ({MAX_SIDE})", key="words")
    for word in pool:
        inside = next((o for o in pool if o != word and (word in o or word[::-1] in o)), None)
        if inside:
            how = "" if word in inside else " read backwards"
            raise BookgenError(f"the word {word!r} is part of {inside!r}{how}: a grid cannot show "
                               "each of them once", key="words")
    if len(set(pool)) != len(pool):
        raise BookgenError("a word is listed twice", key="words")
    count = request.settings["word_count"]
    if request.settings["words"] and count > len(pool):
        count = len(pool)
    if level == "expert" and count < EXPERT_WORDS:
        raise BookgenError(f"expert grids hide at least {EXPERT_WORDS} words ({count} asked for)",
                           key="word_count")
    if count > len(pool):
        raise BookgenError(f"{count} words are asked for and the list has {len(pool)}", key="word_count")
    if request.settings["size"] is not None:
        rows, cols = request.settings["size"]
        longest = max(pool, key=len)
        if len(longest) > max(rows, cols):
            raise BookgenError(f"the word {longest!r} is longer than the grid ({rows}x{cols})",
                               key="size")
        if (rows * cols >= EXPERT_CELLS) != (level == "expert") and level in ("hard", "expert"):
            raise BookgenError(f"{level} grids have {'at least' if level == 'expert' else 'fewer than'}"
                               f" {EXPERT_CELLS} squares", key="size")


def generate(rng: random.Random, request: Request) -> Generated:
    level, language = request.level, request.settings["language"]
    pool = sorted(word_pool(request))
    count = min(request.settings["word_count"], len(pool))

    def fill() -> tuple[list[str], list, list[str]] | None:
        words = rng.sample(pool, count)
        rows, cols = grid_size(request, words)
        return _made_grid(rng, words, rows, cols, level, language)

    made = make_at_level(level, ATTEMPTS, fill, lambda answer: answer, lambda answer: rate(
        {"grid": answer[2], "words": answer[0], "language": language}),
        failure=f"no {level} word search came out of {ATTEMPTS} tries for {request.describe()}; "
                "give more room (a larger size) or fewer words")
    words, placed, grid = made.answer
    puzzle = {"grid": grid, "words": words, "language": language}
    return Generated(puzzle, {"placements": placed}, made.rating)


def _made_grid(rng: random.Random, words: list[str], rows: int, cols: int, level: str,
               language: str) -> tuple[list[str], list, list[str]] | None:
    """Words placed and the rest filled so that each word reads once and nothing blocked reads
    outside them; None when the words do not fit or the fill cannot be mended."""
    grid: list[list[str | None]] = [[None] * cols for _ in range(rows)]
    placed = []
    directions = DIRECTIONS_AT[level]
    for word in sorted(words, key=lambda w: (-len(w), w)):
        options = [(r, c, d) for d in directions for r in range(rows) for c in range(cols)]
        rng.shuffle(options)
        for place in options:
            squares = cells_of(word, place)
            if all(0 <= r < rows and 0 <= c < cols and (
                    grid[r][c] is None or (OVERLAPS_AT[level] and grid[r][c] == word[i]))
                   for i, (r, c) in enumerate(squares)):
                for i, (r, c) in enumerate(squares):
                    grid[r][c] = word[i]
                placed.append(as_json(word, place))
                break
        else:
            return None
    free = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] is None]
    letters, weights = zip(*sorted(FREQUENCIES[language].items()))
    for square in free:
        grid[square[0]][square[1]] = rng.choices(letters, weights)[0]
    solution = {"placements": sorted(placed, key=lambda p: words.index(p["word"]))}
    blocked = blocked_words(language)
    for _ in range(REFILLS):
        text = ["".join(row) for row in grid]  # type: ignore[arg-type]
        wrong = _wrong_squares(text, words, solution, blocked) & set(free)
        if not wrong:  # right, or the placed words alone read twice: no fill mends that
            return None if _any_wrong(text, words, solution, blocked) else (
                words, solution["placements"], text)
        for r, c in sorted(wrong):
            grid[r][c] = rng.choices(letters, weights)[0]
    return None


def _wrong_squares(grid: list[str], words: list[str], solution: dict, blocked: tuple[str, ...]
                   ) -> set[tuple[int, int]]:
    """The squares of every extra place a listed word reads and every accidental blocked word."""
    own = {frozenset(cells_of(p["word"], (p["row"], p["col"], p["direction"])))
           for p in solution["placements"]}
    squares: set[tuple[int, int]] = set()
    for word in words:
        for place in placements(grid, word):
            cells = frozenset(cells_of(word, place))
            if cells not in own:
                squares |= cells
    for word in accidental(grid, blocked, solution):
        for place in placements(grid, word):
            squares |= set(cells_of(word, place))
    return squares


def _any_wrong(grid: list[str], words: list[str], solution: dict, blocked: tuple[str, ...]) -> bool:
    return bool(accidental(grid, blocked, solution)) or any(
        len(placements(grid, word)) != 1 for word in words)

