"""Making a cryptogram: take a quotation, encipher it with a random derangement of the language's
alphabet (no letter stands for itself), give every letter, and take givens away in random order
while the pattern solver still finds one reading and a person's steps (the grader's, up to the
level's rank) still finish it; keep the puzzle when its measured level is the one asked for
and it leaves most of its letters to find (`MOST_KEPT`).
Expert gives no letter where the quotation reads one way from its patterns alone, else as few
as make it (at most `EXPERT_GIVENS`): most quotations have a word or two that reads two ways by a
letter used nowhere else (WORM and FORM), which only a given letter, or sense, decides. Each
letter it gives is one the two readings the solver found disagree on.

The letters of a word the dictionary lacks (a name, a rare word) are always given: the solver
could not find it, and neither could a reader.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from itertools import count, islice
from math import ceil

from bookgen import i18n
from bookgen.api import JSON, Generated, Request, _
from bookgen.core.dictionary import is_blocked
from bookgen.core.grading import level_word, make_at_level, remove_givens
from bookgen.core.letters import alphabet, marked_form
from bookgen.core.options import language_name
from bookgen.errors import BookgenError
from bookgen.puzzles.cryptogram.grader import EXPERT_GIVENS, TOP_RANK, graded, rate
from bookgen.puzzles.cryptogram.parameters import (
    MIN_LETTERS,
    Quotation,
    collection,
    quotation,
    written,
)
from bookgen.puzzles.cryptogram.solver import decipherments, solve
from bookgen.puzzles.cryptogram.words import is_reading, runs

ATTEMPTS = 40
REPAIRS = 6
CODES_A_QUOTE = 10
"""The codes a quotation is tried in before the next is drawn. Drawing one for each code would
favour those that make the level in most codes: a book of 50 expert cryptograms from 65
quotations found only 47 of them in 200 puzzles, and ran out of new ones."""
KEPT = {"easy": 0.4, "medium": 0.3, "hard": 0.0}
"""The share of the cipher letters each level gives at least (hard at least `HARD_KEPT`)."""
HARD_KEPT = EXPERT_GIVENS + 1
MOST_KEPT = {"easy": Fraction(2, 3), "medium": Fraction(3, 5), "hard": Fraction(1, 2)}
"""The share of the cipher letters each level gives at most (expert gives `EXPERT_GIVENS`). A short
quotation whose every letter but one reads two ways once taken away (NOOD BREEKT WET: NOOT, NAAD),
or one whose words the dictionary lacks give whole (TIMMERHOUT), kept all or nearly all of its
letters: a Dutch easy book printed one with all 9 given and others with 22 of 25."""


def quotations(request: Request) -> tuple[Quotation, ...]:
    """The quotations a request enciphers: the user's, or those of the collection of its language
    that make a puzzle at its level (`levels.py`); at expert only those whose every word is a
    word of the dictionary (it gives no letter)."""
    language = request.settings["language"]
    given = request.settings["quotes"]
    pool = tuple(quotation(line) for line in given) if given else tuple(
        q for q in collection(language) if q.makes(request.level))
    if request.level == "expert":
        pool = tuple(q for q in pool if not unknown_words(written(q.text, language), language))
    return pool


DRAWS = 41
"""The draws a book makes for one puzzle: the first and, while each draws a quotation the book
printed already (a repeat), 40 more (`bookgen.book.TWIN_RETRIES`)."""
SURE = Fraction(1, 100)
"""The chance that a book of as many puzzles as `variety` announces still runs out of draws."""


def reachable(quotes: int) -> int:
    """How many different quotations a book finds among `quotes` of a level, but for a chance of
    `SURE`: each draw takes a random one, so when `taken` are printed a puzzle repeats one in
    all `DRAWS` draws with chance (taken / quotes) ** DRAWS, and those chances add up. The last
    few of a long list are found by luck: a book asking for all 100 hard English quotations
    stopped at the 83rd."""
    missed = Fraction(0)
    for taken in range(quotes):
        missed += Fraction(taken, quotes) ** DRAWS
        if missed > SURE:
            return taken
    return quotes


def variety(request: Request) -> int | None:
    """How many puzzles of the built-in quotations a book can count on (`reachable`); None for the
    user's quotations (how many make the level is not known ahead: `answers` counts them)."""
    return None if request.settings["quotes"] else reachable(len(quotations(request)))


def few_enough_given(rating: JSON, level: str) -> bool:
    """Whether a puzzle of `level` rated `rating` leaves enough of its letters to find
    (`MOST_KEPT`)."""
    return level == "expert" or rating["givens"] <= MOST_KEPT[level] * rating["cells"]


def unknown_words(plain: str, language: str) -> list[str]:
    """The words of `plain` (in the puzzle's letters) the solver does not count as words."""
    return [plain[run.start:run.end] for run in runs(plain, language)
            if not is_reading(plain[run.start:run.end], run.joined, language)]


def derangement(rng: random.Random, language: str) -> dict[str, str]:
    """A random code: plain letter -> cipher letter, no letter for itself."""
    letters = sorted(alphabet(language))
    while True:
        shuffled = rng.sample(letters, len(letters))
        if all(a != b for a, b in zip(letters, shuffled)):
            return dict(zip(letters, shuffled))


def check_request(request: Request) -> None:
    """Refuse quotations no cryptogram can take, before any work."""
    language = request.settings["language"]
    letters = alphabet(language)
    for line in request.settings["quotes"] or ():
        text = written(quotation(line).text, language)
        if sum(char in letters for char in text) < MIN_LETTERS:
            raise BookgenError(i18n._("the quotation {quotation} has fewer than {least} letters that "
                                      "{language} writes").format(
                                   quotation=repr(quotation(line).text), least=MIN_LETTERS,
                                   language=language_name(language)), key="quotes")
        shown = sorted({text[run.start:run.end] for run in runs(text, language)
                        if is_blocked(text[run.start:run.end], language)})
        if shown:
            raise BookgenError(i18n._("the quotation {quotation} holds {words}, which no page prints")
                               .format(quotation=repr(quotation(line).text), words=", ".join(shown)),
                               key="quotes")
    if not quotations(request):
        raise BookgenError(i18n._("expert cryptograms give no letter, so each needs a quotation whose "
                                  "every word is in the language's dictionary; none of these is (names "
                                  "and rare words are given at the other levels)"), key="quotes")


def _unique(puzzle: JSON) -> bool:
    return solve(puzzle, 2).count == 1


def _fewest_givens(rng: random.Random, text: str, answer: dict[str, str],
                   puzzle: Callable[[dict[str, str]], JSON]) -> JSON | None:
    """The puzzle with the fewest letters given (at most `EXPERT_GIVENS`) that reads one way:
    none if it does, else each letter the first two readings disagree on, in random order,
    before any two (the second one the two readings left by the first disagree on); None past
    them. Taking the first such letter at random, as a person might, left a quotation expert
    in one code of ten where another letter would have done: a book found too few of them."""
    language = puzzle({})["language"]
    layer: list[dict[str, str]] = [{}]
    for _try in range(EXPERT_GIVENS + 1):
        following: list[dict[str, str]] = []
        for given in layer:
            readings = list(islice(decipherments(text, given, language), 2))
            if len(readings) == 1:
                return puzzle(given)
            if readings:
                differ = sorted(c for c in readings[0] if readings[0][c] != readings[1][c])
                following.extend(dict(sorted({**given, c: answer[c]}.items()))
                                 for c in rng.sample(differ, len(differ)))
        layer = following
    return None


def _ruling_out(rng: random.Random, plain: str, code: dict[str, str], language: str) -> dict[str, str]:
    """`code` (plain -> cipher) changed, up to `REPAIRS` times, so that a second reading of the
    enciphered text would need a letter to stand for itself: where it reads code letter C as Q
    for the text's P, P is enciphered as Q instead (the letter that was Q takes C). A reader
    knows no letter stands for itself, so such a reading is no reading: expert's code then reads
    one way with no letter or fewer given, where a random code did so one time in ten or fifty."""
    code = dict(code)
    for _try in range(REPAIRS):
        cipher = "".join(code.get(char, char) for char in plain)
        truth = {code[p]: p for p in set(plain) if p in code}
        readings = [r for r in islice(decipherments(cipher, {}, language), 2) if r != truth]
        if not readings:
            break
        swaps = sorted((c, truth[c], q) for c, q in readings[0].items()
                       if q != truth[c] and next(r for r in code if code[r] == q) != c)
        if not swaps:
            break
        cipher_letter, letter, other = rng.choice(swaps)
        holder = next(r for r in code if code[r] == other)
        code[letter], code[holder] = other, cipher_letter
    return code


def generate(rng: random.Random, request: Request, attempts: int = ATTEMPTS) -> Generated:
    """A puzzle of the request, from at most `attempts` codes (levels.py tries fewer)."""
    level, language = request.level, request.settings["language"]
    pool = sorted(quotations(request), key=lambda q: (q.text, q.author))
    order = rng.sample(pool, len(pool)) if len(pool) > 1 else pool  # one: the seed's codes as before
    tried = count()

    def fill() -> tuple[Quotation, str, str, dict[str, str]]:
        chosen = order[next(tried) // CODES_A_QUOTE % len(order)]
        plain = written(chosen.text, language)
        code = derangement(rng, language)
        if level == "expert":
            code = _ruling_out(rng, plain, code, language)
        cipher = "".join(code.get(char, char) for char in plain)
        return chosen, plain, cipher, {code[p]: p for p in sorted(set(plain)) if p in code}

    def reduce(made: tuple[Quotation, str, str, dict[str, str]]) -> JSON | None:
        chosen, plain, cipher, answer = made
        unknown = "".join(unknown_words(plain, language))
        always = {c for c, p in answer.items() if p in unknown}

        def puzzle(removed: set[str]) -> JSON:
            given = {c: answer[c] for c in sorted(answer) if c not in removed}
            return {"text": cipher, "given": given, "language": language, "author": chosen.author}

        if level == "expert":
            return _fewest_givens(rng, cipher, answer, lambda given: {
                "text": cipher, "given": given, "language": language, "author": chosen.author})
        if len(always) > MOST_KEPT[level] * len(answer):
            return None
        pieces = sorted(set(answer) - always)
        keep = max(HARD_KEPT, ceil(KEPT[level] * len(answer))) - len(always)

        def solvable(removed: set[str]) -> bool:
            trial = puzzle(removed)
            return _unique(trial) and graded(trial, answer, TOP_RANK[level])[2]

        return puzzle(remove_givens(rng, pieces, solvable, keep=keep))

    made = make_at_level(level, attempts, fill, reduce,
                         lambda puzzle: rate(puzzle) if puzzle is not None else {"level": None},
                         accept=lambda rating: few_enough_given(rating, level),
                         failure=_("no {level} cryptogram came out of {tries} tries for {request}; "
                                   "give more or longer quotations").format(
                                       level=level_word(level), tries=attempts, request=request.describe()))
    chosen, plain, cipher, answer = made.answer
    assert made.puzzle is not None
    marked = marked_form(chosen.text, language)
    return Generated(made.puzzle, {"text": plain, "key": answer,
                                   **({"written": marked} if marked != plain else {})}, made.rating)
