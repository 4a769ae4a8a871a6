"""The rules, written apart from the solver: an answer keeps the puzzle's squares and given
letters, and the words its runs of letters read, across and down, are the list, each once.
"""

from __future__ import annotations

from collections import Counter

from bookgen.api import JSON, _
from bookgen.core.letters import LANGUAGES, run_together, square_form, square_letters
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.fillin.parameters import MAX_SIDE, MAX_WORD, MAX_WORDS, MIN_WORD


def runs(grid: list[str]) -> list[str]:
    """Every run of two or more letters across and down, read left to right and top to bottom."""
    lines = list(grid) + ["".join(row[col] for row in grid) for col in range(len(grid[0]))]
    return [run for line in lines for run in line.split("#") if len(run) > 1]


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """The rules a solution breaks ([] when it is right)."""
    grid, answer = puzzle["grid"], solution["grid"]
    if len(answer) != len(grid) or any(len(a) != len(g) for a, g in zip(answer, grid)):
        return [_("the answer's grid is not the puzzle's size")]
    problems = []
    letters = square_letters(puzzle["language"])
    for row, (given, filled) in enumerate(zip(grid, answer)):
        for col, (g, f) in enumerate(zip(given, filled)):
            if (g == "#") != (f == "#"):
                problems.append(_("row {row}, column {column}: the answer's squares differ from the "
                                  "puzzle's").format(row=row + 1, column=col + 1))
            elif g not in "#." and g != f:
                problems.append(_("row {row}, column {column}: the given {given} is changed to "
                                  "{filled}").format(row=row + 1, column=col + 1, given=g, filled=f))
            elif f != "#" and f not in letters:
                problems.append(_("row {row}, column {column}: {filled} is no letter").format(
                    row=row + 1, column=col + 1, filled=repr(f)))
    read, listed = Counter(runs(answer)), Counter[str](puzzle["words"])
    if read != listed:
        extra, missing = sorted((read - listed).elements()), sorted((listed - read).elements())
        none = _("no other word")
        problems.append(_("the grid reads {read} where the list has {listed}").format(
            read=", ".join(extra) or none, listed=", ".join(missing) or none))
    return problems


def validate(puzzle: JSON) -> None:
    """Refuse puzzle JSON that is not a grid of squares and givens with a list of words."""
    if not isinstance(puzzle, dict) or not {"grid", "words", "language"} <= set(puzzle) \
            <= {"grid", "words", "language", "written"}:
        raise PuzzleFormatError(_("a fill-in puzzle has 'grid', 'words' and 'language', and "
                                  "'written' where its list prints words with marks"))
    language, grid, words = puzzle["language"], puzzle["grid"], puzzle["words"]
    if language not in LANGUAGES:
        raise PuzzleFormatError(_("'language' must be one of {choices}").format(
                                    choices=', '.join(LANGUAGES)))
    letters = square_letters(language) | {"#", "."}
    if not (isinstance(grid, list) and 0 < len(grid) <= MAX_SIDE and all(isinstance(r, str) for r in grid)
            and 0 < len(grid[0]) <= MAX_SIDE and all(len(r) == len(grid[0]) and set(r) <= letters
                                                   for r in grid)):
        raise PuzzleFormatError(_("'grid' must be 1 to {MAX_SIDE} rows of equally many characters: # for "
                                  "no square, . for an empty square, or a capital letter given").format(
                                    MAX_SIDE=MAX_SIDE))
    if not (isinstance(words, list) and 0 < len(words) <= MAX_WORDS and all(
            isinstance(w, str) and MIN_WORD <= len(w) <= MAX_WORD and set(w) <= square_letters(language)
            for w in words)):
        raise PuzzleFormatError(_("'words' must be 1 to {MAX_WORDS} words of {MIN_WORD} to {MAX_WORD} of "
                                  "the language's capital letters").format(
                                    MAX_WORDS=MAX_WORDS, MIN_WORD=MIN_WORD, MAX_WORD=MAX_WORD))
    if len(set(words)) != len(words):
        twice = sorted({w for w in words if words.count(w) > 1})
        raise PuzzleFormatError(_("'words' lists {choices} twice").format(choices=', '.join(twice)))
    written = puzzle.get("written", {})
    if not (isinstance(written, dict) and all(
            word in words and isinstance(term, str) and len(run_together(term)) == len(word)
            and square_form(run_together(term), language) == word for word, term in written.items())):
        raise PuzzleFormatError(_("'written' maps listed words to the words as the language writes "
                                  "them, a letter a square (PAPÀ for PAPA, GARÇON for GARCON)"))
