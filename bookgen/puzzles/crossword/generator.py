"""Making a crossword: word and clue pairs drawn from the pool (the config's, else the
language's own), laid into a compact free-form grid by the shared engine (bookgen.core.wordgrid),
numbered in reading order (an answer of several words run together, its clue saying their lengths:
`parameters.clued`); the level's first letters given (every answer's at easy, every other
answer's at medium, none above); kept when the words fit the grid one way only as a list and the
grader measures the level asked for.

Words of the user's that can never be placed are named before any work (`check_request`), also
where the list holds more words than a crossword takes: longer than the largest grid ("too long
for the page"), or sharing no letter with enough of the other words to fill a crossword (of the
built-in clues, the long ones are left out where the grid is small). A word that
could cross but finds no place in a try is not dropped silently: the grid is laid again, where
the config sets no size in a larger one each time every try of a grid left one out (up to
`MAX_SIDE`), and when every try leaves one out the request is refused naming it.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from bookgen.api import JSON, Generated, Request, _, checked_per_theme, next_turn, ngettext, seeded_deal
from bookgen.core.grading import level_word, make_at_level
from bookgen.core.letters import run_together, spelled_out, square_form, square_letters
from bookgen.core.options import language_name
from bookgen.core.wordgrid import (
    BLOCK,
    OPEN,
    Compiled,
    compile_layout,
    count_fills,
    more_than_given,
    numbers_of,
    slots_of,
    unplaceable,
)
from bookgen.errors import BookgenError
from bookgen.puzzles.crossword.grader import rate
from bookgen.puzzles.crossword.parameters import (
    MAX_SIDE,
    MIN_SIDE,
    THEMES,
    Pair,
    clued,
    own_clues,
    theme_dealt,
)
from bookgen.puzzles.wordsearch.parameters import ALL

ATTEMPTS = 30
GROWN_ATTEMPTS = 20
"""Tries of each larger grid, after the grid sized from the words missed `ATTEMPTS` times (ten
Dutch words of 39 letters laid out in 7 of 100 layouts of 11x11, 82 of 13x13: a book failed at
seed 3 and built at seed 1)."""
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
SHARE_ONLY = 20
"""Tries a dealt crossword makes of its share alone (`dealt`) before each further try swaps the
word left out most often for the next word dealt, and then, those spent, `ATTEMPTS` more that
draw as an undealt one does: a share lays out within 8 tries as a rule, 27 at most (Dutch,
easy), but now and then not at all (English MONKEY, OWL and PARROT at easy), or not at the level
(12 of the 15 longest words at expert)."""
SWAPS = 10
"""The most words a share that will not lay out swaps for words dealt after it."""
_ROUNDS: dict[tuple[str | None, tuple[str, ...]], list[tuple[str, ...]]] = {}
"""The rounds of each list's deal in each seed's order worked out so far (`_dealt_order`)."""
PASSED_ROUNDS = 8
"""The rounds of the deal a crossword passes over, place by place, for a share of words no
crossword took before (the first found is taken; each place passed over leaves its word a turn
behind the others): all 35 crosswords of 7 clues, 4 a crossword, came out different passing
over eight rounds, 33 over four, 30 over one; a list that makes barely as many as are asked for
may still repeat one."""
KEPT_BANKS = 64
"""The most lists whose rounds `_ROUNDS` keeps (a studio that runs for days sees many users')."""


def pool(request: Request) -> tuple[Pair, ...]:
    """The pairs a request draws from (the config's clues, else its theme's), words as the
    language's crosswords write them (Dutch IJ in one square: `square_form`)."""
    language = request.settings["language"]
    given = request.settings["clues"]
    if given:
        return tuple((square_form(run_together(word), language), clued(clue, word, language))
                     for word, clue in given)
    return own_clues(language, puzzle_theme(request))


def themes_dealt(request: Request) -> bool:
    """Whether the request's crosswords take the built-in themes in turn (`theme: all`, no clues
    of the user's)."""
    return request.settings["theme"] == ALL and not request.settings["clues"]


def puzzle_theme(request: Request) -> str:
    """The built-in theme a request's words come from: the section's, or under `theme: all` the
    one its `deal` names (the first where it names none)."""
    if not themes_dealt(request):
        return request.settings["theme"]  # type: ignore[no-any-return]
    return theme_dealt(request.settings["language"], request.settings["deal"] or 1,
                       request.settings["deal_seed"])[0]


def built_in_bank(request: Request) -> tuple[str, tuple[str, ...]] | None:
    """The built-in theme a section of a single theme draws from and the words its crosswords
    are dealt (those its level takes: `_drawn_from`), for the book's note where they print words
    again; None for the user's clues or `theme: all`."""
    if request.settings["clues"] or themes_dealt(request):
        return None
    return request.settings["theme"], tuple(word for word, _clue in _drawn_from(request)[0])


def largest_grid(request: Request, words: list[str], grown: int = 0) -> tuple[int, int]:
    """The size asked for, or a box from the words' letters (each side at least the longest
    word, at most `WIDEST_GRID` columns: the rows take what the columns leave), its side `grown`
    squares longer where the smaller grids laid no crossword (`generate`), up to `MAX_SIDE`."""
    if request.settings["size"] is not None:
        return request.settings["size"]
    letters = sum(len(word) for word in words)
    side = max(MIN_SIDE, len(max(words, key=len)), math.ceil(math.sqrt(letters * ROOM))) + grown
    cols = min(side, MAX_SIDE, max(WIDEST_GRID, len(max(words, key=len))))
    return min(MAX_SIDE, math.ceil(side * side / cols)), cols


def check_request(request: Request) -> None:
    """Name the words that can never be placed, and why, before any work; under `theme: all`
    without a share named, of every theme (the book deals each crossword one)."""
    if themes_dealt(request) and request.settings["deal"] is None:
        checked_per_theme(request, THEMES, _check_request)
    else:
        _check_request(request)


def _check_request(request: Request) -> None:
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
    if request.settings["clues"] and "word_count" in request.options and count > len(words):
        raise BookgenError(more_than_given(count, len(words), "clues"), key="word_count")
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


def _drawn_from(request: Request) -> tuple[list[Pair], int]:
    """The pairs a request's crossword draws its words from (those that fit its largest grid,
    the level's leaning: `_leaning`), and how many it takes."""
    side = max(request.settings["size"] or (MAX_SIDE, MAX_SIDE))
    pairs = sorted(pair for pair in pool(request) if len(pair[0]) <= side)  # the others never fit
    wanted = min(request.settings["word_count"], len(pairs))
    return _leaning(pairs, wanted, request.level), wanted


def deal(request: Request, turns: Counter[str], seed: str) -> Request:
    """The request of a section's next crossword: it takes the next share of its words (`deal`,
    where its words start in the deal of the built-in clues or of the user's, 1 the first), so
    that a book's crosswords print no word and clue twice while the list lasts, and then each as
    few times as it allows (8 medium crosswords of the built-in clues repeated 66 of their 96;
    30 of a publisher's 40 clues printed one 13 times, another 3). `turns` counts the words a book
    has dealt of each list, over every section that draws from it, and the shares given: a share
    whose words another crossword took already is passed over for the next while the list has
    others (`variety` counts them). A named share is left as it is, and so is a bank of the
    built-in clues each crossword takes whole; a list of the user's each takes whole is its one
    share (deal 1), so that a teacher's versions A and B lay out the same words, as they take
    the same share of a longer list, while one version never holds them twice. The deal's order
    follows the book's `seed` (`deal_seed`): volume 2 of a publisher's book, the same config
    with another seed, took the same words in the same crosswords as volume 1."""
    if themes_dealt(request):
        request = seeded_deal(request, seed)
        if "deal" in request.options:
            return request
        return next_turn(request, turns,
                         f"crossword/themes/{request.settings['language']}/{request.settings['deal_seed']}")
    drawn_from, wanted = _drawn_from(request)
    if wanted >= len(drawn_from):
        if "deal" in request.options or not request.settings["clues"]:
            return request
        return Request(request.type, request.level, {**request.options, "deal": 1})
    request = seeded_deal(request, seed)
    if "deal" in request.options:
        return request
    bank, order = tuple(word for word, _clue in drawn_from), request.settings["deal_seed"]
    key = f"crossword/{request.settings['language']}/{order}/{','.join(bank)}"
    start = turns[key]
    for passed in range(PASSED_ROUNDS * len(bank)):
        share, taken = _share(bank, order, start + passed, wanted)
        given = f"{key}/{','.join(sorted(share))}"
        if not turns[given]:
            start += passed
            break
    else:
        share, taken = _share(bank, order, start, wanted)  # every nearby share given: the least skipped
        given = f"{key}/{','.join(sorted(share))}"
    turns[given] += 1
    turns[key] = start + taken
    return Request(request.type, request.level, {**request.options, "deal": start + 1})


def variety(request: Request) -> int | None:
    """How many crosswords of different words the user's clues make (a crossword that holds the
    words of another, laid out anew, asks the same clues for the same answers: twenty of a list
    of twelve held the same twelve); None for the built-in clues, which hold more than a book
    asks for."""
    if not request.settings["clues"]:
        return None
    drawn_from, wanted = _drawn_from(request)
    return math.comb(len(drawn_from), wanted)


def wider(request: Request) -> str | None:
    """More clues, where the user's make too few different crosswords (seven Dutch clues lay out
    one; twelve, each crossword taking all twelve, one set of words); else the book's own
    advice."""
    if not request.settings["clues"]:
        return None
    drawn_from, wanted = _drawn_from(request)
    if wanted < len(drawn_from):
        return _("give more clues")
    return _("give more clues, or a word_count below {count}: each crossword holds all {count} of "
             "them").format(count=len(drawn_from))


def dealt(request: Request, drawn_from: list[Pair], wanted: int) -> tuple[list[Pair], list[Pair]] | None:
    """The share of the clues this crossword takes (`deal`), and the pairs dealt after it, which
    a share that will not lay out takes in for its stubborn words (`SHARE_ONLY`); None where it
    draws freely (no share named, a list it takes whole)."""
    if request.settings["deal"] is None or wanted >= len(drawn_from):
        return None
    bank, seed = tuple(word for word, _clue in drawn_from), request.settings["deal_seed"]
    start = request.settings["deal"] - 1
    if themes_dealt(request):  # the theme's shares in turn, one a round of the themes
        start = 0
        for _round in range(theme_dealt(request.settings["language"], request.settings["deal"], seed)[1]):
            start += _share(bank, seed, start, wanted)[1]
    share, taken = _share(bank, seed, start, wanted)
    after = _share(bank, seed, start + taken, min(SWAPS, len(bank) - wanted), set(share))[0]
    clue = dict(drawn_from)
    return [(word, clue[word]) for word in share], [(word, clue[word]) for word in after]


def _share(bank: tuple[str, ...], seed: str | None, start: int, wanted: int,
           apart: set[str] | frozenset[str] = frozenset()) -> tuple[list[str], int]:
    """The first `wanted` different words of the bank's deal in the order the book's `seed`
    gives (`_dealt_order`) from place `start` on (none of `apart`), and how many places of the
    deal they took."""
    share: list[str] = []
    place = start
    while len(share) < wanted:
        rounds, at = divmod(place, len(bank))
        word = _dealt_order(bank, seed, rounds)[at]
        if word not in share and word not in apart:
            share.append(word)
        place += 1
    return share, place - start


def _dealt_order(bank: tuple[str, ...], seed: str | None, number: int) -> tuple[str, ...]:
    """Round `number` of the bank's deal: every word once, shuffled (the book's `seed` and the
    words seed it; an id made before the deal followed the book's seed names none).
    After the first round, a word the round before dealt `late` places from its end (0 the last)
    comes at least half the bank less `late`, less one, places into this one, so that a share of
    at most half the bank that runs from the end of a round into the next takes no word twice;
    the other words go anywhere. (Shuffling each half of the round before in its place kept the
    same half of the words together in every round: the de book's 30 crosswords of 40 clues
    paired crosswords that shared 8 or 9 of their 10 to 12 words.)"""
    if (seed, bank) not in _ROUNDS and len(_ROUNDS) >= KEPT_BANKS:  # the studio's many lists
        _ROUNDS.clear()
    rounds = _ROUNDS.setdefault((seed, bank), [])
    seeded = "deal" if seed is None else f"deal/{seed}"
    while len(rounds) <= number:
        rng = random.Random(f"{seeded}/{len(rounds)}/{','.join(bank)}")
        if not rounds:
            first = sorted(bank)
            rng.shuffle(first)
            rounds.append(tuple(first))
            continue
        reach = len(bank) // 2
        order: list[str] = [""] * len(bank)
        free = list(range(len(bank)))
        for late, word in enumerate(reversed(rounds[-1])):  # the most bound first
            place = rng.choice([place for place in free if place >= reach - 1 - late])
            free.remove(place)
            order[place] = word
        rounds.append(tuple(order))
    return rounds[number]


def generate(rng: random.Random, request: Request) -> Generated:
    """A crossword at the level asked for: `ATTEMPTS` tries (after those of a dealt share,
    `dealt`) at the grid sized from the words, then, where none came out and the config sets no
    size, `GROWN_ATTEMPTS` at each larger grid (`largest_grid`) while one is left: a list that
    lays out at one seed lays out at the next. A crossword the first grid gives is the same as
    before larger grids were tried."""
    level = request.level
    drawn_from, wanted = _drawn_from(request)
    share = dealt(request, drawn_from, wanted)
    left_out: Counter[str] = Counter()
    laid = 0  # grids that took every word (and fit them one way)
    tries = 0  # of this grid's round
    grown = 0
    larger = False  # whether a grid of this round has a larger one
    largest = (0, 0)  # the grid of most squares tried (rows, columns)
    taken: list[Pair] = []
    spares: list[Pair] = []
    dealt_tries = SHARE_ONLY + len(share[1]) if share is not None else 0

    def fill() -> tuple[Compiled, dict[str, str]] | None:
        nonlocal laid, tries, larger, largest
        tries += 1
        if SHARE_ONLY < tries <= dealt_tries:
            stubborn = max(taken, key=lambda pair: (left_out[pair[0]], pair))
            taken[taken.index(stubborn)] = spares.pop(0)
        drawn = dict(rng.sample(taken if tries <= dealt_tries else drawn_from, wanted))
        words = sorted(drawn)
        rows, cols = largest_grid(request, words, grown)
        larger = larger or largest_grid(request, words, grown + 1) != (rows, cols)
        largest = max(largest, (rows, cols), key=lambda size: size[0] * size[1])
        made = compile_layout(rng, words, rows, cols, TRIES, crossed_sign=-1 if level == "expert" else 1)
        left_out.update(made.left_out)
        if made.left_out or count_fills(_given(made.grid, _firsts(made.grid)), words, 2)[0] != 1:
            return None
        laid += 1
        return made, drawn

    def reduce(answer: tuple[Compiled, dict[str, str]]) -> JSON:
        made, clues = answer
        puzzle = _puzzle(rng, made, clues, level, request.settings["language"])
        return {**puzzle, "theme": puzzle_theme(request)} if themes_dealt(request) else puzzle

    attempts = 0  # of every round
    while True:
        tries, larger = 0, False
        taken, spares = (list(share[0]), list(share[1])) if share is not None else ([], [])
        round_attempts = dealt_tries + (GROWN_ATTEMPTS if grown else ATTEMPTS)
        attempts += round_attempts
        try:
            made = make_at_level(level, round_attempts, fill, reduce, rate, failure="")
            break
        except BookgenError:
            if not larger:
                raise _failed(request, attempts, laid, left_out, largest) from None
            grown += 1
    grid = made.answer[0].grid
    return Generated(made.puzzle, {"grid": grid}, made.rating)


def _failed(request: Request, attempts: int, laid: int, left_out: Counter[str],
            largest: tuple[int, int]) -> BookgenError:
    """Why no crossword came out: none at the level (`laid` grids took every word), or the words
    most often left out of grids up to `largest` (rows, columns)."""
    level = request.level
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
                "grid tried, {size}): give a larger size, fewer words or words that share more "
                "letters"))
    return BookgenError(failed.format(level=level_word(level), tries=attempts, laid=laid,
                                      request=request.describe(), words=", ".join(stubborn),
                                      size="{}x{}".format(*largest)),
                        key="difficulty" if laid else "clues")


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
