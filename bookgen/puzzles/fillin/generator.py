"""Making a fill-in: words drawn from the pool (the config's, else the language's common words)
laid into a compact grid by the shared engine (bookgen.core.wordgrid), then a starter word
chosen among those with which the list fits the grid one way only and the grader measures the
level asked for; a grid none of whose starters gives it is drawn again.

The level steers the words drawn from the language: easy takes the themes' concrete words a
child knows (`children_square_words`), of many lengths (a length
with one word places itself), expert words of a few middle lengths (many words to a length, so
crossings and trials decide).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bookgen.api import JSON, Generated, Request, _
from bookgen.core.grading import LEVELS, level_word, make_at_level
from bookgen.core.letters import spelled_out, square_letters
from bookgen.core.options import language_name
from bookgen.core.wordgrid import (
    BLOCK,
    OPEN,
    Compiled,
    compile_layout,
    count_fills,
    more_than_given,
    unplaceable,
)
from bookgen.errors import BookgenError
from bookgen.puzzles.fillin.grader import rate
from bookgen.puzzles.fillin.parameters import (
    MAX_SIDE,
    MIN_WORD,
    SIDE_AT,
    by_length,
    children_square_words,
    grid_words,
    square_words,
    written_words,
)

ATTEMPTS = 120
TRIES = 12
"""Layouts compiled per grid (the engine keeps the best)."""
LENGTHS_AT = {"easy": (3, 9), "medium": (3, 8), "hard": (4, 7), "expert": (4, 6)}
"""The lengths of the words a level draws from the language's list."""
DRAWN = 3
"""Words drawn from the language per word wanted: the layout takes the first that find a place."""
EARLY = 20
SHORT = 3
"""A request none of whose first `EARLY` grids took all its words, the best of them `SHORT` or
more words short, is refused then, not after `ATTEMPTS`: its grid is too small for that many
words (`bookgen generate fillin --set word_count=40`: at most 26 went into the 13x13 grid, and
the 100 grids more took a minute to say the same)."""


def word_pool(request: Request) -> tuple[str, ...]:
    """The words a request draws from, as the language's grids write them."""
    language = request.settings["language"]
    given = grid_words(request.settings["words"], language)
    if given is not None:
        return given
    low, high = LENGTHS_AT[request.level]
    listed = children_square_words(language) if request.level == "easy" else square_words(language)
    return tuple(w for w in listed if low <= len(w) <= high)


def grid_side(request: Request) -> tuple[int, int]:
    return request.settings["size"] or (SIDE_AT[request.level], SIDE_AT[request.level])


def check_request(request: Request) -> None:
    """Refuse words a grid cannot hold, before any work."""
    language = request.settings["language"]
    pool = word_pool(request)
    given = request.settings["words"]
    rows, cols = grid_side(request)
    if given and "word_count" in request.options and request.settings["word_count"] > len(given):
        raise BookgenError(more_than_given(request.settings["word_count"], len(given), "words"),
                           key="word_count")
    if given:
        letters, problems = square_letters(language), []  # every word's at once, as scramble's
        for original, word in zip(given, pool):
            strange = sorted(set(word) - letters)
            if strange:
                problems.append(_("the word {word} holds {letters}, which grids in {language} do "
                                  "not write").format(word=repr(original), letters="".join(strange),
                                                      language=language_name(language)))
            elif len(word) > max(rows, cols):
                problems.append(_("the word {word} takes {count} squares ({letters}), more than "
                                  "the grid's longest side ({size}): too long for the page; give a "
                                  "larger size").format(word=repr(original), count=len(word),
                                                        letters=word, size=f"{rows}x{cols}"))
            elif len(word) < MIN_WORD:  # Dutch BIJ: IJ is one letter, in one square
                problems.append(_("the word {word} takes {count} squares ({letters}: IJ is one "
                                  "letter, in one square), fewer than a fill-in's words take "
                                  "({least}): leave it out").format(
                    word=repr(original), count=len(word), letters=word, least=MIN_WORD))
        if problems:
            raise BookgenError("; ".join(problems), key="words")
        if len(set(pool)) != len(pool):
            twice = next(word for index, word in enumerate(pool) if word in pool[:index])
            raise BookgenError(_("the word {word} is listed twice (as grids write it)").format(
                word=spelled_out(twice)), key="words")
        apart = unplaceable(pool, request.settings["word_count"], "grid")
        if apart:
            raise BookgenError(apart, key="words")
        if len(pool) < 4:
            raise BookgenError(_("a fill-in needs at least 4 words"), key="words")
    if max(rows, cols) > MAX_SIDE:
        raise BookgenError(_("a grid is at most {most} squares a side").format(most=MAX_SIDE),
                           key="size")


def generate(rng: random.Random, request: Request) -> Generated:
    level, language = request.level, request.settings["language"]
    pool = sorted(word_pool(request))
    wanted = min(request.settings["word_count"], len(pool))
    given = request.settings["words"] is not None
    rows, cols = grid_side(request)

    placed: list[int] = []  # the words each grid drawn took
    levels: Counter[str] = Counter()  # the levels of the grids whose words fit one way only

    def fill() -> Compiled | None:
        drawn = rng.sample(pool, wanted if given else min(len(pool), round(wanted * DRAWN)))
        made = compile_layout(rng, drawn, rows, cols, TRIES, most_words=wanted)
        placed.append(len(made.entries))
        if len(placed) == EARLY and max(placed) + SHORT <= wanted:
            raise _TooMany(_too_many(request, max(placed), wanted, (rows, cols), EARLY))
        return made if len(made.entries) == wanted else None

    unique = [False]  # whether the last grid found a starter with which its words fit one way

    def reduce(made: Compiled) -> JSON:
        puzzle, unique[0] = _with_starter(rng, made, level, language)
        return puzzle

    def rated(puzzle: JSON) -> JSON:
        rating = rate(puzzle)
        if unique[0]:
            levels[rating["level"]] += 1
        return rating

    try:
        made = make_at_level(level, ATTEMPTS, fill, reduce, rated, accept=lambda rating: unique[0],
                             failure="")
    except _TooMany as too_many:
        raise too_many.refusal from None
    except BookgenError:
        if placed and max(placed) < wanted:  # no grid took them all: more words would not help
            raise _too_many(request, max(placed), wanted, (rows, cols), len(placed)) from None
        raise _missed(request, levels) from None
    return Generated(_with_written(made.puzzle, request), {"grid": made.answer.grid}, made.rating)


def _with_written(puzzle: JSON, request: Request) -> JSON:
    """The puzzle with its words the list prints with marks the grid drops ("written": PAPA ->
    PAPÀ), where it has any (a puzzle of none keeps the JSON it always had)."""
    marked = written_words(request.settings["words"], request.settings["language"], request.level)
    written = {word: marked[word] for word in sorted(puzzle["words"]) if word in marked}
    return {**puzzle, "written": written} if written else puzzle


class _TooMany(Exception):
    """Raised out of the generation loop by a request too many of whose words fit no grid."""

    def __init__(self, refusal: BookgenError) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal


def _too_many(request: Request, most: int, wanted: int, size: tuple[int, int],
              tries: int) -> BookgenError:
    """The refusal of more words than the grid takes, naming the most that went in."""
    said = (_("no {level} fill-in came out for {request}: at most {most} of the {count} words went "
              "into a {size} grid in {tries} tries; ask for fewer words (word_count), or give a "
              "larger size (at most {largest})") if max(size) < MAX_SIDE else
            _("no {level} fill-in came out for {request}: at most {most} of the {count} words went "
              "into a {size} grid in {tries} tries; ask for fewer words (word_count)"))
    return BookgenError(said.format(level=level_word(request.level), request=request.describe(),
                                    most=most, count=wanted, size=f"{size[0]}x{size[1]}",
                                    tries=tries, largest=MAX_SIDE), key="word_count")


def _missed(request: Request, levels: Counter[str]) -> BookgenError:
    """The refusal of a request whose grids never came out at its level: the levels they came
    out at (more words make a harder fill-in), or, where no grid's words fit one way only, room
    and words to ask for."""
    level = request.level
    if not levels:
        return BookgenError(_("no {level} fill-in came out of {tries} tries for {request}; give more "
                              "room (a larger size), more words or another level").format(
            level=level_word(level), tries=ATTEMPTS, request=request.describe()), key="difficulty")
    came = ", ".join(f"{level_word(name)} ({levels[name]})" for name in LEVELS if name in levels)
    rank = LEVELS.index(level)
    said = (_("no {level} fill-in came out of {tries} tries for {request}: those whose words fit "
              "one way only came out {levels}; ask for fewer words, or another level")
            if all(LEVELS.index(name) > rank for name in levels) else
            _("no {level} fill-in came out of {tries} tries for {request}: those whose words fit "
              "one way only came out {levels}; ask for more words, or another level")
            if all(LEVELS.index(name) < rank for name in levels) else
            _("no {level} fill-in came out of {tries} tries for {request}: those whose words fit "
              "one way only came out {levels}; choose another level"))
    return BookgenError(said.format(level=level_word(level), tries=ATTEMPTS, request=request.describe(),
                                    levels=came), key="difficulty")


def _with_starter(rng: random.Random, made: Compiled, level: str, language: str
                  ) -> tuple[JSON, bool]:
    """The puzzle with the starter word that gives the level, chosen among those with which the
    words fit one way only (any unique one when none gives the level: the loop then retries),
    and whether it is unique (False: no starter makes it so, and the loop draws another grid)."""
    words = by_length([entry.word for entry in made.entries], language)
    starters = sorted(made.entries, key=lambda e: (e.row, e.col, e.direction))
    rng.shuffle(starters)
    fallback: JSON | None = None
    for starter in starters:
        puzzle = {"grid": _given(made.grid, starter.slot.squares()), "words": words,
                  "language": language}
        if count_fills(puzzle["grid"], words, 2)[0] != 1:
            continue
        if rate(puzzle)["level"] == level:
            return puzzle, True
        fallback = fallback or puzzle
    if fallback is not None:
        return fallback, True
    return {"grid": _given(made.grid, []), "words": words, "language": language}, False


def _given(grid: Sequence[str], squares: Sequence[tuple[int, int]]) -> list[str]:
    """The grid's squares, open but for `squares`, whose letters are given."""
    keep = set(squares)
    return ["".join(letter if letter == BLOCK or (r, c) in keep else OPEN
                    for c, letter in enumerate(row)) for r, row in enumerate(grid)]
