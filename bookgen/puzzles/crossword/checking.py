"""The rules, written apart from the solver: the answer keeps the puzzle's squares and given
letters, each entry's word reads where its number and direction say, and the grid's runs of
letters are the entries' words, each once. `validate` also holds the entries to the grid:
one entry for each run of squares, numbered in reading order.
"""

from __future__ import annotations

from collections import Counter

from bookgen.api import JSON, _
from bookgen.core.letters import LANGUAGES, square_letters
from bookgen.core.wordgrid import DIRECTIONS, STEP, numbers_of, slots_of
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.crossword.parameters import MAX_PAIRS, MAX_SIDE, THEMES
from bookgen.puzzles.fillin.checking import check as fillin_check


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """The rules a solution breaks ([] when it is right)."""
    words = [entry["word"] for entry in puzzle["entries"]]
    problems = fillin_check({"grid": puzzle["grid"], "words": words, "language": puzzle["language"]},
                            solution)
    grid = solution["grid"]
    if len(grid) != len(puzzle["grid"]) or any(len(a) != len(g) for a, g in zip(grid, puzzle["grid"])):
        return problems
    for entry in puzzle["entries"]:
        d_row, d_col = STEP[entry["direction"]]
        read = "".join(grid[entry["row"] + i * d_row][entry["col"] + i * d_col]
                       for i in range(len(entry["word"])))
        if read != entry["word"]:
            problems.append((_("{number} across reads {read}, its answer is {word}")
                             if entry["direction"] == "across" else
                             _("{number} down reads {read}, its answer is {word}")).format(
                number=entry["number"], read=read, word=entry["word"]))
    return problems


def validate(puzzle: JSON) -> None:
    """Refuse puzzle JSON that is not a grid with one numbered entry a run of squares (and, dealt
    under `theme: all`, the built-in theme whose name heads it)."""
    if not isinstance(puzzle, dict) or set(puzzle) - {"theme"} != {"grid", "entries", "language"}:
        raise PuzzleFormatError(_("a crossword puzzle has exactly 'grid', 'entries' and 'language'"))
    if puzzle.get("theme", THEMES[0]) not in THEMES:
        raise PuzzleFormatError(_("'theme' must be one of {choices}").format(choices=", ".join(THEMES)))
    language, grid, entries = puzzle["language"], puzzle["grid"], puzzle["entries"]
    if language not in LANGUAGES:
        raise PuzzleFormatError(_("'language' must be one of {choices}").format(
                                    choices=', '.join(LANGUAGES)))
    letters = square_letters(language)
    if not (isinstance(grid, list) and 0 < len(grid) <= MAX_SIDE and all(isinstance(r, str) for r in grid)
            and 0 < len(grid[0]) <= MAX_SIDE and all(len(r) == len(grid[0]) and set(r) <= letters | {"#", "."}
                                                   for r in grid)):
        raise PuzzleFormatError(_("'grid' must be 1 to {MAX_SIDE} rows of equally many characters: # for "
                                  "no square, . for an empty square, or a capital letter given").format(
                                    MAX_SIDE=MAX_SIDE))
    keys = {"word", "row", "col", "direction", "number", "clue"}
    if not (isinstance(entries, list) and 0 < len(entries) <= MAX_PAIRS and all(
            isinstance(e, dict) and set(e) == keys and isinstance(e["word"], str)
            and set(e["word"]) <= letters and isinstance(e["clue"], str) and e["clue"].strip()
            and e["direction"] in DIRECTIONS
            and all(isinstance(e[k], int) and not isinstance(e[k], bool) for k in ("row", "col", "number"))
            for e in entries)):
        raise PuzzleFormatError(_("'entries' must be 1 to {MAX_PAIRS} objects with word, row, col, "
                                  "direction (across or down), number and clue").format(
                                    MAX_PAIRS=MAX_PAIRS))
    slots = slots_of(grid)
    numbers = numbers_of(slots)
    wanted = Counter((s.row, s.col, s.direction, s.length, numbers[(s.row, s.col)]) for s in slots)
    given = Counter((e["row"], e["col"], e["direction"], len(e["word"]), e["number"]) for e in entries)
    if wanted != given:
        row, col, direction, length, number = min((wanted - given) or (given - wanted))
        run = (_("{number} across (row {row} column {column}, {length} letters)")
               if direction == "across" else
               _("{number} down (row {row} column {column}, {length} letters)")).format(
            number=number, row=row + 1, column=col + 1, length=length)
        said = (_("'entries' must hold an entry for each run of two or more squares of 'grid', at "
                  "its first square, numbered in reading order: none is for {run}")
                if wanted - given else
                _("'entries' must hold an entry for each run of two or more squares of 'grid', at "
                  "its first square, numbered in reading order: no run is {run}"))
        raise PuzzleFormatError(said.format(run=run))
