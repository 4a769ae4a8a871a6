"""Grading a word scramble by what a person faces: how the letters are shuffled and how many
there are to put in order.

Each word falls in one of the shuffles' classes (`parameters.SHUFFLES`), as measured against its
answer: its first letter kept first (the page says so), else two of its neighbours still side by
side (a piece of the word shows), else a letter still in its own place, else nothing of the word
shows. A puzzle's score is a hundred for the class of its easiest word plus ten for each letter,
on average, a reader puts in order (the kept first letter aside, and a letter printed in a box:
both are already in place), at most 99; levels are bands of it, one class each.

A printed letter leaves the class as the scramble's shuffle makes it. Counted as a letter in its
place, it would put every expert puzzle holding such a word (a user's FROM, whose R is printed)
in hard's band, and expert could not take the word at all; what it spares the reader is a letter
to put in order, which the score counts.
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.grading import Bands
from bookgen.puzzles.scramble.parameters import EMPTY
from bookgen.puzzles.scramble.solver import solve

BANDS = Bands.of({"easy": (0, 99), "medium": (100, 199), "hard": (200, 299), "expert": (300, 399)})


def pairs_kept(scramble: str, word: str) -> int:
    """The neighbours of `word` still side by side, in their order, in `scramble`."""
    return sum(word[i:i + 2] in scramble for i in range(len(word) - 1))


def in_place(scramble: str, word: str) -> int:
    """The letters of `word` still in their own place in `scramble`."""
    return sum(a == b for a, b in zip(scramble, word))


def shuffle_class(scramble: str, word: str, first: bool) -> int:
    """0 first letter kept, 1 a piece of the word shows, 2 a letter in its place, 3 none."""
    if first:
        return 0
    if pairs_kept(scramble, word):
        return 1
    return 2 if in_place(scramble, word) else 3


def rate(puzzle: JSON) -> JSON:
    """The measured figures and the level they fall in."""
    solved = solve(puzzle, 1)
    words = solved.solution["words"] if solved.solution else list(puzzle["scrambles"])
    scrambles, first = puzzle["scrambles"], puzzle["first"]
    classes = [shuffle_class(s, w, first) for s, w in zip(scrambles, words)]
    letters = sum(len(w) for w in words)
    shown = sum(len(boxes) - boxes.count(EMPTY) for boxes in puzzle.get("shown", ()))
    to_place = letters - first * len(words) - shown
    score = 100 * min(classes) + min(99, round(10 * to_place / len(words)))
    return {"level": BANDS.level_of(score), "score": score, "words": len(words),
            "letters": letters, "first_kept": first,
            "pairs_kept": sum(pairs_kept(s, w) for s, w in zip(scrambles, words)),
            "in_place": sum(in_place(s, w) for s, w in zip(scrambles, words)) - first * len(words),
            **({"letters_shown": shown} if "shown" in puzzle else {})}
