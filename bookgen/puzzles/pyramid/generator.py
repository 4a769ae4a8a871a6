"""The generator: a full pyramid (all classic ones are known; a distinct one is searched for), then
givens removed while a person still finishes it at the level; small spaces are counted whole.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import islice

from bookgen.api import JSON, Generated, Request, _, mirror_form
from bookgen.core.grading import (
    VARIETY_PATTERNS,
    kept,
    level_word,
    make_at_level,
    removal_results,
    remove_givens,
)
from bookgen.core.triangle import Values, to_rows, triangular, without
from bookgen.errors import BookgenError
from bookgen.puzzles.pyramid.grader import BANDS, deduce, rate
from bookgen.puzzles.pyramid.parameters import CLASSIC_LIMIT, canonical
from bookgen.puzzles.pyramid.rules import Rules
from bookgen.puzzles.pyramid.solver import Contradiction, wide_row_search

DISTINCT_BUDGET = 3000  # diagonals tried before a random search starts again
DISTINCT_RESTARTS = 40
GENERATION_ATTEMPTS = 400  # removal orders tried before giving up on a level
ORDERS_PER_PYRAMID = 4  # removal orders tried on one full pyramid before drawing a new one


@cache
def all_classic(rows: int) -> tuple[tuple[int, ...], ...]:
    """Every classic pyramid of `rows` rows (mirror images counted separately)."""
    rules = Rules("classic", rows, 1, triangular(rows))
    return tuple(tuple(values) for values in wide_row_search(rules, {}))


def full_pyramid(rng: random.Random, rules: Rules) -> Values:
    """A random completed pyramid obeying the rules."""
    if rules.variant == "classic":
        return list(rng.choice(all_classic(rules.rows)))
    for _restart in range(DISTINCT_RESTARTS):
        found = next(wide_row_search(rules, {}, rng, DISTINCT_BUDGET), None)
        if found is not None:
            return found
    raise BookgenError(_("could not find a distinct pyramid of {rows} rows with numbers up to "
                         "{max}; choose a larger max").format(rows=rules.rows, max=rules.high),
                       key="max")


def _solvable_at(rules: Rules, values: Values, top: int) -> bool:
    """Whether a person using steps ranked up to `top` finishes the pyramid, which also proves the
    answer unique (every step is a sound deduction)."""
    try:
        _steps, deduced = deduce(rules, values, top)
    except Contradiction:
        return False
    return deduced.finished


def rules_for(request: Request) -> Rules:
    """The rules a request means, or a BookgenError saying what is allowed."""
    variant, rows, high = (request.settings[name] for name in ("variant", "rows", "max"))
    total = triangular(rows)
    if variant == "classic" and rows > CLASSIC_LIMIT:
        raise BookgenError(_(
            "a classic pyramid of {rows} rows does not exist: no arrangement of 1 to {total} "
            "works beyond {limit} rows (Chang, Hu, Lih and Shieh, 1977); use 3 to {limit} rows, "
            "or variant=distinct for bigger pyramids").format(rows=rows, total=total,
                                                              limit=CLASSIC_LIMIT), key="rows")
    if variant == "classic" and high != total:
        raise BookgenError(_("a classic pyramid of {rows} rows uses exactly 1 to {total}; leave "
                             "max out or use variant=distinct").format(rows=rows, total=total),
                           key="max")
    least = total + (rows > CLASSIC_LIMIT)
    if variant == "distinct" and high < least:
        message = (_("{count} different numbers need max of at least {least} for {rows} rows "
                     "(1 to exactly n(n+1)/2 is impossible beyond 5 rows)") if rows > CLASSIC_LIMIT
                   else _("{count} different numbers need max of at least {least} for {rows} rows"))
        raise BookgenError(message.format(count=total, least=least, rows=rows), key="max")
    return Rules(variant, rows, 1, high)


def check_request(request: Request) -> None:
    rules_for(request)


def puzzle_json(rules: Rules, values: Values) -> JSON:
    return {"variant": rules.variant, "max": rules.high, "rows": to_rows(rules.rows, values)}


# Different puzzles (mirror images counted once) of the one 5-row classic pyramid, per level, as
# `count_puzzles` finds them (a few seconds each: too slow to run for every config; the test
# suite counts them again).
CLASSIC_5_VARIETY = {"easy": 828, "medium": 510, "hard": 556, "expert": 137}


def variety(request: Request) -> int | None:
    """How many different puzzles a request can give, where the space is small enough to count:
    classic pyramids, and distinct ones of 3 or 4 rows whose max leaves few full pyramids."""
    if request.settings["variant"] == "classic" and request.settings["rows"] == CLASSIC_LIMIT:
        return CLASSIC_5_VARIETY[request.level]
    space = small_space(request)
    return None if space is None else count_puzzles(*space)[0]


def answers(request: Request) -> frozenset[str] | None:
    """The full pyramids (answer forms, mirror images counted once) a request's puzzles can
    have, where few exist: of classic pyramids (four of 4 rows, one of 5) and the small
    distinct spaces `variety` counts."""
    if request.settings["variant"] == "classic" and request.settings["rows"] == CLASSIC_LIMIT:
        # every level has puzzles of the one 5-row pyramid (CLASSIC_5_VARIETY)
        return frozenset(mirror_form(to_rows(CLASSIC_LIMIT, list(answer)))
                         for answer in all_classic(CLASSIC_LIMIT))
    space = small_space(request)
    return None if space is None else count_puzzles(*space)[1]


def small_space(request: Request) -> tuple[Rules, str, tuple[tuple[int, ...], ...]] | None:
    """(rules, level, every full pyramid) of a request whose full pyramids are few enough to try
    with every set of givens: classic ones of 3 or 4 rows, distinct ones of 3 or 4 rows whose max
    leaves few; None for the rest."""
    rules = rules_for(request)
    if rules.rows >= CLASSIC_LIMIT:
        return None
    if rules.variant == "classic":
        return rules, request.level, all_classic(rules.rows)
    most = VARIETY_PATTERNS >> triangular(rules.rows)
    answers = tuple(tuple(answer) for answer in islice(wide_row_search(rules, {}), most + 1))
    if len(answers) > most:
        return None  # many full pyramids: more puzzles than a book asks for
    return rules, request.level, answers


@cache
def count_puzzles(rules: Rules, level: str, answers: tuple[tuple[int, ...], ...]
                  ) -> tuple[int, frozenset[str]]:
    """The puzzles the generator can make from these full pyramids at a level, mirror images
    counted once (every set of givens its removals can leave that the grader rates at the
    level), and the answer forms of the full pyramids that give at least one."""
    top = int(BANDS.top(level))
    floor = given_bounds_of(level, rules.rows)[0]
    forms, answer_forms = set(), set()
    for answer in answers:
        def finishes(mask: int, answer: tuple[int, ...] = answer) -> bool:
            return _solvable_at(rules, kept(answer, mask), top)

        for mask in removal_results(triangular(rules.rows), floor, finishes):
            puzzle = puzzle_json(rules, kept(answer, mask))
            rating = rate(puzzle)
            if rating["level"] == level and rating["finished"]:
                forms.add(canonical(puzzle))
                answer_forms.add(mirror_form(to_rows(rules.rows, list(answer))))
    return len(forms), frozenset(answer_forms)


def given_bounds_of(level: str, rows: int) -> tuple[int, int | None]:
    """The givens a level prints, so that a harder level never shows more (README.md in this folder):
    a pyramid of n rows needs about n numbers whether a person finds the rest directly or with
    the once rule, so easy keeps n + 1 (its removal stops there) and medium would rather print
    at most n; hard and expert take away all they can, which leaves fewer. (floor, ceiling)."""
    return {"easy": (rows + 1, None), "medium": (0, rows)}.get(level, (0, None))


def generate(rng: random.Random, request: Request) -> Generated:
    """A random full pyramid, numbers taken away while a person can still finish it with the
    steps of the level (never below the level's floor of givens); kept only when the grader
    measures exactly that level, preferring one within the level's ceiling of givens."""
    rules = rules_for(request)
    top = int(BANDS.top(request.level))
    floor, ceiling = given_bounds_of(request.level, rules.rows)

    def reduce(answer: Values) -> JSON:
        removed = remove_givens(rng, range(len(answer)),
                                lambda gone: _solvable_at(rules, without(answer, gone), top),
                                keep=floor)
        return puzzle_json(rules, without(answer, removed))

    made = make_at_level(
        request.level, GENERATION_ATTEMPTS, fill=lambda: full_pyramid(rng, rules), reduce=reduce,
        rate=rate, reductions_per_answer=ORDERS_PER_PYRAMID, accept=lambda rating: rating["finished"],
        prefer=None if ceiling is None else lambda rating: rating["givens"] <= ceiling,
        failure=_("could not make a {level} {variant} pyramid of {rows} rows in {tries} attempts; "
                  "try another level or size").format(level=level_word(request.level), variant=rules.variant,
                                                      rows=rules.rows, tries=GENERATION_ATTEMPTS))
    return Generated(made.puzzle, {"rows": to_rows(rules.rows, made.answer)}, made.rating)
