"""Making a crossword: word and clue pairs drawn from the pool (the config's, else the
language's own), laid into a compact free-form grid by the shared engine (bookgen.core.wordgrid),
numbered in reading order; the level's first letters given (every answer's at easy, every other
answer's at medium, none above); kept when the words fit the grid one way only as a list and the
grader measures the level asked for.

Words of the user's that can never be placed are named before any work (`check_request`), also
where the list holds more words than a crossword takes: longer than the largest grid ("too long
for the page"), or sharing no letter with enough of the other words to fill a crossword (of the
built-in clues, the long ones are left out where the grid is small). A word that
could cross but finds no place in a try is not dropped silently: the grid is laid again, and
when every try leaves one out the request is refused naming it.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from bookgen.api import JSON, Generated, Request, _, ngettext
from bookgen.core.grading import level_word, make_at_level
from bookgen.core.letters import spelled_out, square_form, square_letters
from bookgen.core.options import language_name
from bookgen.core.wordgrid import (
    BLOCK,
    OPEN,
    Compiled,
    compile_layout,
    count_fills,
    numbers_of,
    slots_of,
    unplaceable,
)
from bookgen.errors import BookgenError
from bookgen.puzzles.crossword.grader import rate
from bookgen.puzzles.crossword.parameters import MAX_SIDE, MIN_SIDE, Pair, own_clues

ATTEMPTS = 30
TRIES = 16
"""Layouts compiled per grid (the engine keeps the best)."""
ROOM = 3.0
"""Squares of the largest grid's box per letter of the words, where the config sets no size."""
WIDEST_GRID = 14
"""The most columns of a grid where the config sets no size (its rows then take the rest of the
room): a large-print page of 6x9 holds 14 squares across, at the numbers' 16 pt (12 columns
were too few for 16 long words: expert failed in Italian)."""
LEANING = {"hard": 1.6, "expert": 1.25}
"""Words a hard or expert crossword draws from, per word it takes: the shorter or longer ones
(hard's from more: very short words are hard to cross)."""


def pool(request: Request) -> tuple[Pair, ...]:
    """The pairs a request draws from, words as the language's crosswords write them (Dutch IJ
    in one square: `square_form`)."""
    language = request.settings["language"]
    given = request.settings["clues"]
    if given:
        return tuple((square_form(word, language), clue) for word, clue in given)
    return own_clues(language)


def largest_grid(request: Request, words: list[str]) -> tuple[int, int]:
    """The size asked for, or a box from the words' letters (each side at least the longest
    word, at most `WIDEST_GRID` columns: the rows take what the columns leave)."""
    if request.settings["size"] is not None:
        return request.settings["size"]
    letters = sum(len(word) for word in words)
    side = max(MIN_SIDE, len(max(words, key=len)), math.ceil(math.sqrt(letters * ROOM)))
    cols = min(side, MAX_SIDE, max(WIDEST_GRID, len(max(words, key=len))))
    return min(MAX_SIDE, math.ceil(side * side / cols)), cols


def check_request(request: Request) -> None:
    """Name the words that can never be placed, and why, before any work."""
    language = request.settings["language"]
    pairs = pool(request)
    words = [word for word, _clue in pairs]
    letters = square_letters(language)
    originals = [word for word, _clue in request.settings["clues"] or pairs]
    foreign = [_("the word {word} holds {letters}, which grids in {language} do not write").format(
                   word=repr(original), letters="".join(sorted(set(word) - letters)),
                   language=language_name(language))
               for original, word in zip(originals, words) if not letters.issuperset(word)]
    if foreign:  # every word's at once
        raise BookgenError("; ".join(foreign), key="clues")
    count = request.settings["word_count"]
    if request.settings["size"] is not None:
        rows, cols = request.settings["size"]
        long = [word for word in words if len(word) > max(rows, cols)]
        if long and (request.settings["clues"] or len(words) - len(long) < count):  # the user's, each
            raise BookgenError(ngettext(
                "the word {words} cannot be placed: longer than the largest grid ({size}), too "
                "long for the page; give a larger size, or leave it out",
                "the words {words} cannot be placed: longer than the largest grid ({size}), too "
                "long for the page; give a larger size, or leave them out", len(long)).format(
                    words=", ".join(map(spelled_out, long)), size=f"{rows}x{cols}"), key="clues")
    twice = sorted(word for word, n in Counter(words).items() if n > 1)
    if twice:
        typed = next(original for original, word in zip(originals, words) if word == twice[0])
        raise BookgenError(_("the word {word} is listed twice").format(word=typed), key="clues")
    if len(words) < 3:
        raise BookgenError(_("a crossword needs at least 3 words"), key="clues")
    apart = unplaceable(words, count, "crossword")
    if apart:
        raise BookgenError(apart, key="clues")


def generate(rng: random.Random, request: Request) -> Generated:
    level = request.level
    side = max(request.settings["size"] or (MAX_SIDE, MAX_SIDE))
    pairs = sorted(pair for pair in pool(request) if len(pair[0]) <= side)  # the others never fit
    wanted = min(request.settings["word_count"], len(pairs))
    left_out: Counter[str] = Counter()
    laid = 0  # grids that took every word (and fit them one way)

    def fill() -> tuple[Compiled, dict[str, str]] | None:
        nonlocal laid
        drawn = dict(rng.sample(_leaning(pairs, wanted, level), wanted))
        words = sorted(drawn)
        rows, cols = largest_grid(request, words)
        made = compile_layout(rng, words, rows, cols, TRIES, crossed_sign=-1 if level == "expert" else 1)
        left_out.update(made.left_out)
        if made.left_out or count_fills(_given(made.grid, _firsts(made.grid)), words, 2)[0] != 1:
            return None
        laid += 1
        return made, drawn

    def reduce(answer: tuple[Compiled, dict[str, str]]) -> JSON:
        made, clues = answer
        return _puzzle(rng, made, clues, level, request.settings["language"])

    try:
        made = make_at_level(level, ATTEMPTS, fill, reduce, rate, failure="")
    except BookgenError:
        stubborn = [spelled_out(word) for word, _n in left_out.most_common(3)]
        failed = (ngettext("no {level} crossword came out of {tries} tries for {request}; {laid} grid "
                           "took every word, and none measured {level} (its words cross too much "
                           "or too little for it): choose another level or other words",
                           "no {level} crossword came out of {tries} tries for {request}; {laid} "
                           "grids took every word, and none measured {level} (its words cross too "
                           "much or too little for it): choose another level or other words", laid)
                  if laid else
                  _("no {level} crossword came out of {tries} tries for {request}; the words left "
                    "out most often: {words} (no place to cross the others within the largest "
                    "grid): give a larger size, fewer words or words that share more letters"))
        raise BookgenError(failed.format(level=level_word(level), tries=ATTEMPTS, laid=laid,
                                         request=request.describe(), words=", ".join(stubborn)),
                           key="difficulty" if laid else "clues") from None
    grid = made.answer[0].grid
    return Generated(made.puzzle, {"grid": grid}, made.rating)


def _leaning(pairs: list[Pair], wanted: int, level: str) -> list[Pair]:
    """The pairs a level draws its words from: at hard the shorter, at expert the longer, where
    the pool has more than it wants (a layout crosses each word about once: short words make
    more of the squares crossed, long ones fewer; see the grader), else all of them."""
    if level not in ("hard", "expert") or len(pairs) <= wanted:
        return pairs
    by_length = sorted(pairs, key=lambda pair: (len(pair[0]), pair))
    room = min(len(pairs), math.ceil(wanted * LEANING[level]))
    return by_length[:room] if level == "hard" else by_length[-room:]


def _puzzle(rng: random.Random, made: Compiled, clues: dict[str, str], level: str,
            language: str) -> JSON:
    """The numbered entries and the grid with the level's first letters given; a grid whose
    words fit it more than one way with fewer keeps every first letter (with which `fill` proved
    them to fit one way; the grader then files it easy, and the loop draws again)."""
    slots = slots_of(made.grid)
    numbers = numbers_of(slots)
    placed = {(e.row, e.col, e.direction): e.word for e in made.entries}
    entries: list[JSON] = []
    for slot in sorted(slots, key=lambda s: (s.direction, numbers[(s.row, s.col)])):
        word = placed[(slot.row, slot.col, slot.direction)]
        entries.append({"number": numbers[(slot.row, slot.col)], "direction": slot.direction,
                        "row": slot.row, "col": slot.col, "word": word, "clue": clues[word]})
    firsts = _firsts(made.grid)
    if level == "medium":
        firsts = sorted(rng.sample(firsts, len(firsts) // 2))
    elif level in ("hard", "expert"):
        firsts = []
    words = [e["word"] for e in entries]
    grid = _given(made.grid, firsts)
    if count_fills(grid, words, 2)[0] != 1:
        grid = _given(made.grid, _firsts(made.grid))
    return {"grid": grid, "entries": entries, "language": language}


def _firsts(grid: list[str]) -> list[tuple[int, int]]:
    """The first square of every word."""
    return sorted({(slot.row, slot.col) for slot in slots_of(grid)})


def _given(grid: list[str], squares: list[tuple[int, int]]) -> list[str]:
    keep = set(squares)
    return ["".join(letter if letter == BLOCK or (r, c) in keep else OPEN
                    for c, letter in enumerate(row)) for r, row in enumerate(grid)]
