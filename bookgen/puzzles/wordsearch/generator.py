"""Making a word search: choose the words, lay out the board (a rectangle, or a shape cut from
one), place the words longest first in the directions the level allows (crossing only where it
allows), fill the rest with the language's letters by their frequency, and draw again the fill
letters that spell a listed word a second time or a blocked word; keep the grid when its measured
level is the one asked for. A grid with a hidden message is packed instead: the words leave
exactly as many squares as the message has letters, and those spell it, row by row.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bookgen.api import Generated, Request, _, checked_per_theme, next_turn, ngettext, seeded_deal
from bookgen.core.grading import level_word, make_at_level
from bookgen.core.letters import alphabet
from bookgen.core.options import language_name
from bookgen.errors import BookgenError
from bookgen.puzzles.wordsearch.checking import accidental, avoided
from bookgen.puzzles.wordsearch.grader import EXPERT_CELLS, EXPERT_WORDS, rate
from bookgen.puzzles.wordsearch.parameters import (
    ALL,
    ALL_THEMES,
    DIRECTIONS_AT,
    FREQUENCIES,
    GRID_SHAPES,
    HOLE,
    MAX_SIDE,
    MAX_WORDS,
    MIN_SIDE,
    MIN_WORD,
    OVERLAPS_AT,
    STEPS,
    grid_word,
    message_lengths,
    message_letters,
    shape_board,
    shown_form,
    theme_dealt,
    theme_messages,
    theme_terms,
    theme_words,
    theme_written,
    written_terms,
)
from bookgen.puzzles.wordsearch.solver import as_json, cells_of, placements

ROOM = {"easy": 2.4, "medium": 2.2, "hard": 1.9, "expert": 1.6}
"""Squares per letter of the words in a grid sized from its words: easier grids leave more room."""
FIT_ROOM = 1.5
"""The fewest squares per letter of the words a grid of a given size or shape takes from a theme:
fewer letters, and the theme's longest words are left for larger grids."""
MESSAGE_SHARE = {"easy": 0.4, "medium": 0.35, "hard": 0.3, "expert": 0.2}
"""The share of a theme's grid sized from its hidden message that the message's letters take."""
MESSAGE_WORDS = 0.8
"""The share of the level's count of words (of a theme's typical length) a theme's grid with a
hidden message has room for besides the message: a full page, not only the message's share."""
MESSAGE_RUN = 3
"""The most leftover squares of a packed grid side by side in a row."""
MESSAGE_ROUNDS = 3
"""Tries at a theme's grid with a hidden message, each with room for half as many words more."""
MESSAGE_LEAST = 36
"""The fewest squares of a theme's grid with a hidden message (6 x 6): its words need room to lie."""
ATTEMPTS = 60
GROWN_ATTEMPTS = 20
"""Tries at each larger size after a grid sized from its words missed ATTEMPTS times."""
REFILLS = 40
PACKING_STEPS = 2000
"""Placements a packed grid (a hidden message's) tries before it starts again."""
HARD_CELLS = EXPERT_CELLS - 1  # a hard grid of EXPERT_WORDS or more stays below an expert one

Square = tuple[int, int]
Grid = list[list[str | None]]


@dataclass(frozen=True)
class Board:
    """The squares a grid has: rows x cols less the holes a shape leaves."""

    rows: int
    cols: int
    holes: frozenset[Square] = frozenset()

    @classmethod
    def of(cls, squares: Sequence[Square]) -> Board:
        rows = max(r for r, _ in squares) + 1
        cols = max(c for _, c in squares) + 1
        inside = set(squares)
        return cls(rows, cols, frozenset((r, c) for r in range(rows) for c in range(cols)
                                         if (r, c) not in inside))

    def squares(self) -> list[Square]:
        """Every square in reading order (row by row, left to right)."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)
                if (r, c) not in self.holes]

    def count(self) -> int:
        return self.rows * self.cols - len(self.holes)

    def holds(self, square: Square) -> bool:
        r, c = square
        return 0 <= r < self.rows and 0 <= c < self.cols and square not in self.holes

    def longest(self, directions: Sequence[str]) -> int:
        """The longest straight run of squares in one of `directions`: the longest word it takes."""
        best = 0
        for direction in directions:
            d_row, d_col = STEPS[direction]
            for square in self.squares():
                before = (square[0] - d_row, square[1] - d_col)
                if self.holds(before):
                    continue
                length = 0
                while self.holds((square[0] + length * d_row, square[1] + length * d_col)):
                    length += 1
                best = max(best, length)
        return best

    def trimmed(self, count: int) -> Board:
        """The board less its `count` squares farthest from its centre, taken round the board
        in turn (a rectangle's corners round off), so that the squares left fit a message."""
        if count <= 0:
            return self
        centre_r, centre_c = (self.rows - 1) / 2, (self.cols - 1) / 2

        def far(square: Square) -> tuple[float, float]:
            dr, dc = square[0] - centre_r, square[1] - centre_c
            return -round((dr / self.rows) ** 2 + (dc / self.cols) ** 2, 9), math.atan2(dr, dc)

        # the farthest ring first, and within it one square from each corner in turn
        rings: dict[float, list[Square]] = {}
        for square in sorted(self.squares(), key=far):
            rings.setdefault(far(square)[0], []).append(square)
        order = [square for ring in rings.values() for square in _alternating(ring)]
        return Board(self.rows, self.cols, self.holes | frozenset(order[:count]))


def _alternating(ring: list[Square]) -> list[Square]:
    """The squares of one ring, taken from opposite ends of it in turn (its order goes round)."""
    half = (len(ring) + 1) // 2
    first, second = ring[:half], ring[half:]
    return [square for pair in zip(first, second + [None] * (half - len(second)))  # type: ignore[list-item]
            for square in pair if square is not None]


# --- the words ------------------------------------------------------------------------------------

def puzzle_theme(request: Request) -> str:
    """The theme a request's words come from: the section's, or under `theme: all` the one its
    `deal` names (the first where it names none)."""
    theme = request.settings["theme"]
    if theme != ALL:
        return theme  # type: ignore[no-any-return]
    return theme_dealt(request.settings["language"], request.settings["deal"] or 1,
                       request.settings["deal_seed"])


def themes_dealt(request: Request) -> bool:
    """Whether the request's puzzles take the themes in turn (`theme: all`, no words of its own)."""
    return request.settings["theme"] == ALL and not request.settings["words"]


def word_pool(request: Request) -> tuple[str, ...]:
    """The words a request hides (the config's, else the theme's), as its grids write them; none
    is part of another, read either way (it would then lie in two places)."""
    language = request.settings["language"]
    given = request.settings["words"]
    return tuple(grid_word(w, language) for w in given) if given \
        else theme_words(language, puzzle_theme(request))


def terms(request: Request) -> dict[str, str]:
    """The terms the list prints otherwise than the grid writes them (CARBON DIOXIDE): the
    given words', or the theme's."""
    language = request.settings["language"]
    if not request.settings["words"]:
        return theme_terms(language, puzzle_theme(request))
    return {grid_word(w, language): shown_form(w, language) for w in request.settings["words"]
            if shown_form(w, language) != grid_word(w, language)}


def written(request: Request) -> dict[str, str]:
    """The terms the list prints with marks the grid drops (ÁRBOL, ÉLÈVE): the given words',
    or the theme's."""
    language = request.settings["language"]
    if not request.settings["words"]:
        return theme_written(language, puzzle_theme(request))
    return written_terms(request.settings["words"], language)


def dealt(request: Request, pool: Sequence[str]) -> list[str] | None:
    """The share of a list longer than `word_count` that this puzzle hides (`deal`, 1 the
    first), or None where each grid takes the whole list or draws from a theme. The list is
    shuffled once for every round of shares (the book's seed, `deal_seed`, and the words seed
    it), so that no word comes twice before every word has come once, version B's puzzle hides
    what A's does, and another seed deals other shares."""
    count = request.settings["word_count"]
    if not request.settings["words"] or count >= len(pool):
        return None
    per_round = len(pool) // count
    round_, place = divmod((request.settings["deal"] or 1) - 1, per_round)
    order = sorted(pool)
    seed = request.settings["deal_seed"]
    seeded = "deal" if seed is None else f"deal/{seed}"
    random.Random(f"{seeded}/{round_}/{','.join(order)}").shuffle(order)
    return order[place * count:(place + 1) * count]


def deal(request: Request, turns: Counter[str], seed: str) -> Request:
    """The request of the next puzzle of a section: a list longer than `word_count` takes its
    next share (`turns` counts the shares of each list a book has dealt), and under `theme: all`
    the next theme (counted over every such section of the language: a second section goes on
    with the themes the first left), unless the user named the share; either in the order the
    book's `seed` deals (`deal_seed`)."""
    settings = request.settings
    if themes_dealt(request):
        key = f"themes/{settings['language']}"
    elif settings["words"] and settings["word_count"] < len(settings["words"]):
        key = f"{settings['language']}/{settings['word_count']}/{','.join(sorted(settings['words']))}"
    else:
        return request
    request = seeded_deal(request, seed)
    if "deal" in request.options:
        return request
    return next_turn(request, turns, f"{key}/{request.settings['deal_seed']}")


def _subset_of_length(rng: random.Random, pool: Sequence[str], letters: int, least: int
                      ) -> list[str] | None:
    """Words of the pool, at least `least` of them, whose letters add up to `letters` exactly
    (a random one of the ways: the pool is shuffled, then a table of the sums each prefix of it
    reaches with how many words is read back from the end), or None."""
    order = list(pool)
    rng.shuffle(order)
    most = min(len(order), MAX_WORDS)
    reach: list[set[tuple[int, int]]] = [{(0, 0)}]  # (sum, words) after each prefix
    for word in order:
        reach.append(reach[-1] | {(total + len(word), n + 1) for total, n in reach[-1]
                                  if total + len(word) <= letters and n < most})
    ends = sorted(n for total, n in reach[-1] if total == letters and n >= least)
    if not ends:
        return None
    total, n, chosen = letters, ends[len(ends) // 2], []
    for index in range(len(order), 0, -1):
        word = order[index - 1]
        take = (total - len(word), n - 1) in reach[index - 1]
        keep = (total, n) in reach[index - 1]
        if take and (not keep or rng.random() < 0.5):
            chosen.append(word)
            total, n = total - len(word), n - 1
    return chosen


# --- the board ------------------------------------------------------------------------------------

def grid_size(request: Request, words: list[str], extra: int = 0) -> tuple[int, int]:
    """The size asked for, or one from the words' letters, the level's room and the longest word
    (at least 14 x 14 for expert, below it for the others), `extra` squares a side larger. A word
    longer than that square runs across a wider grid."""
    if request.settings["size"] is not None:
        return request.settings["size"]
    letters = sum(len(w) for w in words)
    longest = len(max(words, key=len))
    side = max(longest, math.ceil(math.sqrt(letters * ROOM[request.level])), MIN_SIDE)
    expert_side = math.isqrt(EXPERT_CELLS - 1) + 1
    side = max(side, expert_side) if request.level == "expert" else min(side, expert_side - 1)
    side = min(side + extra, MAX_SIDE)
    if longest <= side:
        return _within_level(request, len(words), side, side)
    rows = max(MIN_SIDE, math.ceil(letters * ROOM[request.level] / longest) + extra)
    return _within_level(request, len(words), min(rows, MAX_SIDE), longest)


def _within_level(request: Request, words: int, rows: int, cols: int) -> tuple[int, int]:
    """rows x cols, fewer rows where a hard grid of many words would otherwise be an expert one."""
    if request.level == "hard" and words >= EXPERT_WORDS and rows * cols > HARD_CELLS:
        rows = max(MIN_SIDE, HARD_CELLS // cols)
    return rows, cols


def fixed_board(request: Request) -> Board | None:
    """The board the options fix (a size, a drawn mask, a shape at a size), or None where it
    comes from the words."""
    shape, size = request.settings["shape"], request.settings["size"]
    if shape == "square":
        return Board(*size) if size is not None else None
    if shape not in GRID_SHAPES:
        return Board.of(shape_board(shape, 0, 0).sorted_cells())
    return Board.of(shape_board(shape, *size).sorted_cells()) if size is not None else None


def sized_board(request: Request, words: list[str], extra: int = 0) -> Board:
    """The board for these words: the fixed one, or a rectangle sized from them, or the shape
    drawn large enough to give them the level's room and hold the longest."""
    board = fixed_board(request)
    if board is not None:
        return board
    shape = request.settings["shape"]
    rows, cols = grid_size(request, words, extra)
    if shape == "square":
        return Board(rows, cols)
    needed = sum(len(w) for w in words) * ROOM[request.level]
    longest = len(max(words, key=len))
    side = max(rows, cols)
    while True:
        board = Board.of(shape_board(shape, side, side).sorted_cells())
        if side >= MAX_SIDE or (board.count() >= needed and
                                board.longest(DIRECTIONS_AT[request.level]) >= longest):
            return board
        side += 1


def message_board(request: Request, words: list[str] | None, letters: int, wanted: int = 0
                  ) -> Board | None:
    """The board of a grid with a hidden message of `letters` letters: the fixed one; else, for
    given words, the rectangle (or shape) that holds them and the message with the fewest squares
    to spare, those farthest from its centre trimmed off so that it holds exactly that; for a
    theme's, one the message takes the level's share of, with room for `wanted` letters of
    words besides. None where no grid up to the largest holds them."""
    board = fixed_board(request)
    if board is not None:
        return board
    level, shape = request.level, request.settings["shape"]
    if words is None:
        needed = math.ceil(max(letters / MESSAGE_SHARE[level], MESSAGE_LEAST, letters + wanted,
                               EXPERT_CELLS if level == "expert" else 0))
        longest = MIN_SIDE
    else:
        needed = sum(len(w) for w in words) + letters
        longest = len(max(words, key=len))
    sizes = [(rows, cols) for rows in range(MIN_SIDE, MAX_SIDE + 1)
             for cols in range(rows, MAX_SIDE + 1) if rows * cols >= needed]
    if shape != "square":
        sizes = [(rows, cols) for rows, cols in sizes if rows == cols]
    for rows, cols in sorted(sizes, key=lambda size: (_spare(size, needed, words is None), size)):
        board = Board(rows, cols) if shape == "square" else \
            Board.of(shape_board(shape, rows, cols).sorted_cells())
        if board.count() >= needed and board.longest(DIRECTIONS_AT[level]) >= longest:
            return board.trimmed(board.count() - needed) if words is not None else board
    return None


def _spare(size: tuple[int, int], needed: int, square: bool) -> float:
    """How far a size is from the one a message's grid should have: squares to spare (to trim
    off), and how far from a square it is (a theme's grid is square)."""
    rows, cols = size
    return rows * cols - needed + (cols - rows) * (needed if square else 3)


# --- checking a request ---------------------------------------------------------------------------

def check_request(request: Request) -> None:
    """Refuse words a grid cannot hold and sizes the level cannot have, before any work: every
    word that cannot go in is named, with why. Under `theme: all` without a share named, every
    theme is checked (the book deals each puzzle one), a refusal naming the theme."""
    if themes_dealt(request) and request.settings["deal"] is None:
        checked_per_theme(request, ALL_THEMES, _check_request)
    else:
        _check_request(request)


def _check_request(request: Request) -> None:
    settings, level = request.settings, request.level
    pool = word_pool(request)
    if settings["children"] and level != "easy":
        raise BookgenError(_("children's grids are easy (words only across and down): ask for "
                             "difficulty easy"), key="children")
    _check_words(request, pool)
    count = settings["word_count"]
    given = settings["words"]
    if given and count > len(pool):
        count = len(pool)
    if count > MAX_WORDS:
        raise BookgenError(_("the list's {count} words are more than one grid hides (at most "
                             "{most}): set word_count to deal them out over the puzzles, that many "
                             "to each, none twice before every word has come once").format(
                               count=count, most=MAX_WORDS), key="word_count")
    if level == "expert" and count < EXPERT_WORDS:
        raise BookgenError(_("expert grids hide at least {least} words ({count} asked for)").format(
            least=EXPERT_WORDS, count=count), key="word_count")
    if count > len(pool):
        raise BookgenError(_("{count} words are asked for and the list has {listed}").format(
            count=count, listed=len(pool)), key="word_count")
    board = fixed_board(request)
    if board is not None:
        _check_board(request, board, pool, count)
    if settings["message"]:
        _check_message(request, board, pool)


def _check_words(request: Request, pool: tuple[str, ...]) -> None:
    language = request.settings["language"]
    letters = alphabet(language)
    problems = []
    for original, word in zip(request.settings["words"] or pool, pool):
        strange = sorted(set(word) - letters)
        if strange:
            problems.append(_("{word} holds {letters}, which grids in {language} do not write").format(
                word=repr(original), letters="".join(strange), language=language_name(language)))
        elif len(word) > MAX_SIDE:  # ß and Œ take two squares: the config's spelling was short enough
            problems.append(_("{word} takes {count} squares as grids in {language} write it "
                              "({letters}), more than the largest grid ({most})").format(
                                word=repr(original), count=len(word), language=language_name(language),
                                letters=word, most=MAX_SIDE))
    for word in pool:
        inside = next((o for o in pool if o != word and (word in o or word[::-1] in o)), None)
        if inside:
            part = (_("{word} is part of {inside}: a grid cannot show each of them once")
                    if word in inside else
                    _("{word} is part of {inside} read backwards: a grid cannot show each of them "
                      "once"))
            problems.append(part.format(word=repr(word), inside=repr(inside)))
    if problems:
        raise BookgenError(ngettext("this word cannot go into a grid: {problems}",
                                    "these {count} words cannot go into a grid: {problems}",
                                    len(problems)).format(count=len(problems),
                                                          problems="; ".join(problems)), key="words")
    if len(set(pool)) != len(pool):
        twice = sorted(word for word, n in Counter(pool).items() if n > 1)
        raise BookgenError(ngettext("{words} listed twice (as grids write it)",
                                    "{words} listed twice (as grids write them)", len(twice)).format(
                                        words=", ".join(twice)), key="words")


def _check_board(request: Request, board: Board, pool: tuple[str, ...], count: int) -> None:
    level = request.level
    reach = board.longest(DIRECTIONS_AT[level])
    where = _board_name(request, board)
    if request.settings["words"]:
        long = [word for word in pool if len(word) > reach]
        if long:
            listed = ", ".join(ngettext("{word} ({count} letter)", "{word} ({count} letters)",
                                        len(word)).format(word=repr(word), count=len(word))
                               for word in long)
            raise BookgenError(ngettext(
                "this word is longer than the grid ({where}) reads at {level} ({reach} squares): "
                "{words}; leave out the size, so that the grid is sized to fit",
                "these {count} words are longer than the grid ({where}) reads at {level} ({reach} "
                "squares): {words}; leave out the size, so that the grid is sized to fit",
                len(long)).format(count=len(long), where=where, level=level_word(level),
                                  reach=reach, words=listed), key="size")
    elif len([word for word in pool if len(word) <= reach]) < max(count if level == "expert" else 0,
                                                                   MIN_WORD):
        raise BookgenError(_("too few of the theme's words fit {where}: give a larger size").format(
            where=where), key="size")
    cells = board.count()
    if level in ("hard", "expert") and (cells >= EXPERT_CELLS) != (level == "expert") and (
            level == "expert" or count >= EXPERT_WORDS):
        said = (_("expert grids have at least {cells} squares") if level == "expert"
                else _("hard grids have fewer than {cells} squares")).format(cells=EXPERT_CELLS)
        if request.settings["shape"] != "square":
            said = _("{said}: {where} has {cells}").format(said=said, where=where, cells=cells)
        raise BookgenError(said, key="size")


def _board_name(request: Request, board: Board) -> str:
    shape = request.settings["shape"]
    if shape == "square":
        return f"{board.rows}x{board.cols}"
    if shape in GRID_SHAPES:
        return _("the {shape} of {count} squares").format(shape=_(shape), count=board.count())
    return _("the drawn shape of {count} squares").format(count=board.count())


def _phrases(request: Request) -> tuple[str, ...]:
    settings = request.settings
    if settings["message"] != "theme":
        return (settings["message"],)
    return theme_messages(settings["language"], puzzle_theme(request))


def _check_message(request: Request, board: Board | None, pool: tuple[str, ...]) -> None:
    """A list that goes in whole and a fixed board leave a set number of squares: the message
    must have that many letters (or, where words may cross, no more)."""
    language = request.settings["language"]
    if request.settings["message"] == "theme" and not _phrases(request):
        raise BookgenError(_("the theme {theme} has no hidden messages in {language}: write your "
                             "own").format(theme=repr(puzzle_theme(request)),
                                           language=language_name(language)), key="message")
    level, count = request.level, min(request.settings["word_count"], len(pool))
    shortest = min(len(message_letters(phrase, language)) for phrase in _phrases(request))
    if level == "expert" and (board is None or not request.settings["words"]):
        most = sum(len(word) for word in pool) if not request.settings["words"] else \
            sum(sorted(map(len, pool))[-count:])
        if most + shortest < EXPERT_CELLS:
            raise BookgenError(_("an expert grid has at least {cells} squares, and the words "
                                 "({letters} letters) and the hidden message ({shortest}) fill "
                                 "{filled} of them: give more words or a longer message, or ask "
                                 "for hard").format(cells=EXPERT_CELLS, letters=most,
                                                    shortest=shortest, filled=most + shortest),
                               key="message")
    if not request.settings["words"] or count < len(pool):
        return  # a theme's words, or each share's, are chosen to fit
    if board is None:
        if message_board(request, list(pool), shortest) is None:
            raise BookgenError(_("the words ({letters} letters) and the hidden message ({shortest}) "
                                 "need more squares than the largest grid has ({size}): give fewer "
                                 "words or a shorter message").format(
                                   letters=sum(map(len, pool)), shortest=shortest,
                                   size=f"{MAX_SIDE}x{MAX_SIDE}"), key="message")
        return
    free = board.count() - sum(len(word) for word in pool)
    for phrase in _phrases(request):
        letters = len(message_letters(phrase, language))
        crossing = OVERLAPS_AT[request.level]
        if letters != free and not (crossing and letters > free):
            raise BookgenError(
                _("the grid ({name}) has {cells} squares and the words take {taken} of them, which "
                  "leaves {free} for the hidden message; it has {letters} letters: write a message "
                  "of {free} letters, or leave out the size, so that the grid is sized to fit").format(
                    name=_board_name(request, board), cells=board.count(),
                    taken=board.count() - free, free=free, letters=letters), key="message")


# --- making ---------------------------------------------------------------------------------------

def generate(rng: random.Random, request: Request) -> Generated:
    if request.settings["message"]:
        return _generate_with_message(rng, request)
    level, language = request.level, request.settings["language"]
    pool = sorted(word_pool(request))
    share = dealt(request, pool)
    count = min(request.settings["word_count"], len(pool))
    board = fixed_board(request)
    if board is not None and not request.settings["words"]:
        reach = board.longest(DIRECTIONS_AT[level])
        pool = [word for word in pool if len(word) <= reach]
        count = min(count, len(pool))
    fitted = board is not None and not request.settings["words"] and "word_count" not in request.options
    extra = 0
    sizes: set[tuple[int, int]] = set()  # the sizes the words were tried at, this round

    def fill() -> tuple[list[str], list, list[str]] | None:
        words = list(share) if share is not None else rng.sample(pool, count)
        if fitted and board is not None:
            words = _fitted(words, board, EXPERT_WORDS if level == "expert" else MIN_WORD)
        grid_board = board or sized_board(request, words, extra)
        sizes.add((grid_board.rows, grid_board.cols))
        return _made_grid(rng, words, grid_board, level, language, request.settings["children"])

    tried: set[tuple[int, int]] = set()
    while True:
        try:
            made = make_at_level(
                level, ATTEMPTS if extra == 0 else GROWN_ATTEMPTS, fill, lambda answer: answer,
                lambda answer: rate({"grid": answer[2], "words": answer[0], "language": language}),
                failure="")
            break
        except BookgenError:
            # a grid sized from its words grows to fit them, up to the largest the level allows
            if board is not None or sizes <= tried:
                rows, cols = max(sizes | tried)
                failed = (_("no {level} word search came out of {tries} tries for {request}; give "
                            "more room (a larger size) or fewer words") if board is not None else
                          _("no {level} word search came out of {tries} tries for {request}, up to "
                            "a grid of {size}; give more room (a larger size) or fewer words"))
                raise BookgenError(failed.format(level=level_word(level), tries=ATTEMPTS,
                                                 request=request.describe(), size=f"{rows}x{cols}"),
                                   key="difficulty") from None
            tried |= sizes
            sizes.clear()
            extra += 1
    words, placed, grid = made.answer
    return Generated(_puzzle(request, grid, words), {"placements": placed}, made.rating)


def _puzzle(request: Request, grid: list[str], words: list[str]) -> dict:  # type: ignore[type-arg]
    """The puzzle's JSON: the fields every grid has, and those only some need."""
    puzzle = {"grid": grid, "words": words, "language": request.settings["language"]}
    spelled = {word: term for word, term in terms(request).items() if word in words}
    if spelled:
        puzzle["shown"] = dict(sorted(spelled.items()))
    marked = {word: term for word, term in written(request).items() if word in words}
    if marked:
        puzzle["written"] = dict(sorted(marked.items()))
    if request.settings["children"]:
        puzzle["children"] = True
    if themes_dealt(request):
        puzzle["theme"] = puzzle_theme(request)
    return puzzle


def _fitted(words: list[str], board: Board, least: int) -> list[str]:
    """The words, less their longest while their letters want more room than the board has."""
    words = list(words)
    while len(words) > least and sum(len(w) for w in words) * FIT_ROOM > board.count():
        words.remove(max(words, key=lambda w: (len(w), w)))
    return words


def _made_grid(rng: random.Random, words: list[str], board: Board, level: str, language: str,
               children: bool = False) -> tuple[list[str], list, list[str]] | None:
    """Words placed and the rest filled so that each word reads once and nothing blocked reads
    outside them; None when the words do not fit or the fill cannot be mended."""
    rows, cols = board.rows, board.cols
    grid: Grid = [[HOLE if (r, c) in board.holes else None for c in range(cols)] for r in range(rows)]
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
    blocked = avoided(language, children)
    for _refill in range(REFILLS):
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
    for _word, cells in accidental(grid, blocked, solution, where=True):
        squares |= set(cells)
    return squares


def _any_wrong(grid: list[str], words: list[str], solution: dict, blocked: tuple[str, ...]) -> bool:
    return bool(accidental(grid, blocked, solution)) or any(
        len(placements(grid, word)) != 1 for word in words)


# --- a hidden message -----------------------------------------------------------------------------

def _generate_with_message(rng: random.Random, request: Request) -> Generated:
    """A grid whose leftover squares, read row by row, spell the message: a list given in whole
    sizes the board to its letters and the message's; a theme's words are chosen to fill the
    board around the message."""
    level, language = request.level, request.settings["language"]
    pool = sorted(word_pool(request))
    share = dealt(request, pool)
    whole = bool(request.settings["words"]) and share is None
    count = min(request.settings["word_count"], len(pool))
    least = EXPERT_WORDS if level == "expert" else MIN_WORD
    # a theme's grid has room for about as many words as the level hides without a message;
    # where no such grid comes out, for more (more words of a theme fill a grid more easily)
    wanted = int(request.settings["word_count"] * statistics.median(map(len, pool))
                 * MESSAGE_WORDS)

    def fill() -> tuple[list[str], list, list[str], str] | None:
        phrase = rng.choice(_phrases(request))
        letters = message_letters(phrase, language)
        words: list[str] | None
        if whole or share is not None:
            words = list(share) if share is not None else rng.sample(pool, count)
            board = message_board(request, words, len(letters))
        else:
            board = message_board(request, None, len(letters), wanted)
            if board is None:
                return None
            reach = board.longest(DIRECTIONS_AT[level])
            words = _subset_of_length(rng, [w for w in pool if len(w) <= reach],
                                      board.count() - len(letters), least)
        if board is None or words is None:
            return None
        made = _packed_grid(rng, words, board, level, language, letters, request.settings["children"])
        return None if made is None else (*made, phrase)

    failure = _("no {level} word search with its hidden message came out of {tries} tries for "
                "{request}; give a longer message, or more room (a larger size, or no size: the grid "
                "is then sized to the words and the message)").format(
                    level=level_word(level), tries=ATTEMPTS, request=request.describe())
    for round_ in range(MESSAGE_ROUNDS):
        try:
            made = make_at_level(
                level, ATTEMPTS if round_ == 0 else GROWN_ATTEMPTS, fill, lambda answer: answer,
                lambda answer: rate({"grid": answer[2], "words": answer[0], "language": language}),
                failure=failure)
            break
        except BookgenError:
            if whole or share is not None or round_ == MESSAGE_ROUNDS - 1:
                raise
            wanted += wanted // 2
    words, placed, grid, phrase = made.answer
    puzzle = _puzzle(request, grid, words)
    puzzle["message_lengths"] = message_lengths(phrase, language)
    return Generated(puzzle, {"placements": placed, "message": phrase}, made.rating)


Spot = tuple[tuple[int, int, str], list[Square], int, list[Square]]


class _Spots(dict):  # type: ignore[type-arg]
    """Every place a word of a length can lie on a board in some directions, each with its
    squares, how many of its sides meet the outside or a hole, and the squares beside it: worked
    out once for each length and set of directions a packing asks for."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board

    def __missing__(self, key: tuple[int, tuple[str, ...]]) -> list[Spot]:
        length, ways = key
        board, found = self.board, []
        for direction in ways:
            d_row, d_col = STEPS[direction]
            for r, c in board.squares():
                squares = [(r + i * d_row, c + i * d_col) for i in range(length)]
                if not all(board.holds(square) for square in squares):
                    continue
                inside = set(squares)
                beside = [(y + dy, x + dx) for y, x in squares
                          for dy, dx in ((0, 1), (1, 0), (0, -1), (-1, 0)) if (y + dy, x + dx) not in inside]
                around = [square for square in beside if board.holds(square)]
                found.append(((r, c, direction), squares, len(beside) - len(around), around))
        self[key] = found
        return found


def _packed_grid(rng: random.Random, words: list[str], board: Board, level: str, language: str,
                 message: str, children: bool) -> tuple[list[str], list, list[str]] | None:
    """The words placed so that the squares they leave are exactly as many as the message's
    letters (crossing where the level lets words cross and the count asks for it), those squares
    spelling the message row by row; None when the search runs out of steps or the message's
    letters spell a listed word again or a blocked word."""
    shared = sum(len(w) for w in words) + len(message) - board.count()
    if shared < 0 or (shared and not OVERLAPS_AT[level]):
        return None
    rows, cols = board.rows, board.cols
    grid: Grid = [[HOLE if (r, c) in board.holes else None for c in range(cols)] for r in range(rows)]
    order = sorted(words, key=lambda w: (-len(w), w))
    directions = DIRECTIONS_AT[level]
    if level == "medium":  # a medium grid has a diagonal word, placed first: one of the shorter
        order.insert(0, order.pop(rng.randrange(len(order) // 2, len(order))))
    steps = [PACKING_STEPS]
    placed: list[tuple[str, tuple[int, int, str]]] = []
    spots = _Spots(board)

    def options(word: str, first: bool, left: int) -> list[tuple[float, Spot, int]]:
        """Where `word` can lie now, best first: the most sides against a wall, a hole or a
        placed letter (a packed grid fills in from its edges, leaving no gap a word cannot
        reach), then the most crossings."""
        ways = ("SE", "NE") if level == "medium" and first else directions
        found = []
        for spot in spots[len(word), ways]:
            crossings = 0
            for letter, (r, c) in zip(word, spot[1]):
                held = grid[r][c]
                if held is not None:
                    if held != letter:
                        break
                    crossings += 1
            else:
                if crossings <= left and crossings < len(word):
                    contact = spot[2] + sum(grid[r][c] is not None for r, c in spot[3])
                    found.append((rng.random() - contact - 4 * crossings, spot, crossings))
        return found

    def place_from(left: set[str], budget: int) -> bool:
        """Place the words `left`, the one with the fewest places first (a word with none ends
        this branch at once)."""
        if not left:
            return budget == 0 and spelled()
        if level == "medium" and len(left) == len(order):  # the diagonal word first
            word, found = order[0], options(order[0], True, budget)
        else:
            word, found = "", []
            for candidate in sorted(left, key=lambda w: (-len(w), w)):
                places = options(candidate, False, budget)
                if not word or len(places) < len(found):
                    word, found = candidate, places
                if not places:
                    return False
        found.sort(key=lambda option: option[0])
        for _rank, (place, squares, _outside, _around), crossings in found:
            steps[0] -= 1
            if steps[0] < 0:
                return False
            before = [grid[r][c] for r, c in squares]
            for letter, (r, c) in zip(word, squares):
                grid[r][c] = letter
            placed.append((word, place))
            if place_from(left - {word}, budget - crossings):
                return True
            placed.pop()
            for (r, c), old in zip(squares, before):
                grid[r][c] = old
        return False

    blocked = avoided(language, children)
    made: list[tuple[list[str], dict]] = []  # the grid and answer the search ended with

    def spelled() -> bool:
        """The leftover squares spell the message, and no word reads twice nor anything blocked
        (the message's letters are not redrawn: the search goes on where they spell one); nor do
        more than `MESSAGE_RUN` of them stand side by side in a row, where the message would read
        before a word is found."""
        if any(run > MESSAGE_RUN for row in grid
               for run in map(len, "".join("." if square is None else "#" for square in row).split("#"))):
            return False
        text = ["".join(row) for row in _with_message(grid, board, message)]  # type: ignore[arg-type]
        solution = {"placements": sorted((as_json(word, place) for word, place in placed),
                                         key=lambda p: words.index(p["word"]))}
        if _any_wrong(text, words, solution, blocked):
            return False
        made.append((text, solution))
        return True

    if not place_from(set(order), shared):
        return None
    text, solution = made[0]
    return words, solution["placements"], text


def _with_message(grid: Grid, board: Board, message: str) -> Grid:
    """The grid with the message's letters in its empty squares, row by row."""
    filled = [list(row) for row in grid]
    for (r, c), letter in zip([square for square in board.squares() if grid[square[0]][square[1]] is None],
                              message):
        filled[r][c] = letter
    return filled
