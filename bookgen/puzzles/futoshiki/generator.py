"""The generator, after Tatham's Unequal: a random Latin square with a sign between every two
squares side by side; givens added (the answer's number in a square the grader left open, one of
the most open) until the grader finishes within the level; then the givens, and after them the
signs, taken away one at a time in random order while it still does. Every step the grader takes
is sound, so a puzzle it finishes has one answer. Kept when the measured level is the one asked
for.
"""

from __future__ import annotations

import math
import random

from bookgen.api import JSON, Generated, Request, _
from bookgen.core.grading import LEVELS, level_word, make_at_level, most_trials, remove_givens
from bookgen.core.latin import Budget, Contradiction, random_square, rows_of
from bookgen.puzzles.futoshiki.grader import BANDS, WEIGHTS, deduce, rate
from bookgen.puzzles.futoshiki.parameters import relations, signed
from bookgen.puzzles.futoshiki.solver import another_answer, count_answers

ATTEMPTS = 60  # Latin squares tried before a request is declared impossible
GIVEN_FLOORS = {"easy": 0.12, "medium": 0.0, "hard": 0.0, "expert": 0.0}
"""The share of squares a level keeps given (rounded up), placed at random before any other: an
easy puzzle starts from a few numbers, as printed ones do, and each harder level would rather
print fewer (`fewer_givens`), so the levels never overlap in givens on average. A floor at medium
or hard too would lower the share of reductions that reach the level: of 60 5x5 reductions at
medium, 15 rated medium with no floor, 7 with a floor of 4 % of the squares, 2 with 6 % (measured
when written)."""
EXPERT_CUTS = 6
"""Clues an expert puzzle loses, past the easy level's minimum, that leave it needing a trial.
Cut at the expert level from the start, a puzzle took 28 s at 8x8 and 111 s at 9x9 (a trial
grader on every clue); cut so, 0.4 s and 4 s a try, and 6 tries in 6 reached expert at those
sizes, 7 in 12 at 6x6 and 2 in 12 at 5x5 (measured when written; bench/futoshiki.py times it).
A 4x4 at the easy level's minimum has no clue left to cut (every one leaves two answers; 0 in 12
reached expert), so a 4x4 expert is cut at the expert level from the start (0.06 s)."""
SEARCH_GUESSES = 300
"""Guesses the search for a second answer makes before the trial grader decides alone: most
clues an expert cut tries leave two answers, and the search finds the second in a few guesses
where the grader takes a tenth of a second to give up; a few searches ran for 25 s where the
grader finished in 0.1 s (9x9, measured when written)."""
RARE = {(4, "medium"): 2000, (4, "hard"): 5000}
"""Latin squares tried where a level is rare: a 4x4's few squares seldom need more than signs and
singles. Of 3000 4x4 reductions at medium 73 rated medium (a naked pair), and of 3000 at hard 14
rated hard (an X-wing), the rest easier (bench/futoshiki.py); a reduction takes 5 ms, so a 4x4
medium takes some 0.2 s and a hard one some 1 s, and these tries miss once in a million."""


def every_sign(size: int, answer: list[int]) -> list[JSON]:
    """The sign between every two squares side by side, true of the answer."""
    signs = []
    for r in range(size):
        for c in range(size):
            for dr, dc in ((0, 1), (1, 0)):
                if r + dr < size and c + dc < size:
                    here, there = (r, c), (r + dr, c + dc)
                    low, high = (here, there) if answer[r * size + c] < answer[(r + dr) * size + c + dc] \
                        else (there, here)
                    signs.append(signed(low, high))
    return signs


def puzzle_of(size: int, answer: list[int], givens: set[int], signs: list[JSON]) -> JSON:
    shown = [value if cell in givens else 0 for cell, value in enumerate(answer)]
    return {"size": size, "givens": rows_of(size, shown), "signs": signs}


def stuck(puzzle: JSON, limit: float) -> tuple[bool, list[int]]:
    """Whether the grader finishes within `limit` and `most_trials`, and the open squares, most
    candidates first (where it needed too many trials, the squares they crossed a number out of)."""
    try:
        state, figures = deduce(puzzle, limit)
    except Contradiction:
        return False, []
    if figures.used.get("trial", 0) > most_trials(puzzle["size"] ** 2):
        return False, sorted({facts["cell"] for name, facts in state.log if name == "trial"})
    open_cells = sorted((c for c in range(puzzle["size"] ** 2) if not state.placed[c]),
                        key=lambda c: -state.candidates[c].bit_count())
    return figures.finished, open_cells


def finishes(puzzle: JSON, limit: float) -> bool:
    """Whether the grader finishes within `limit`. Where the limit takes a trial, the solver first
    proves one answer: a trial grader can only fail on a puzzle of two, and takes a long while to."""
    if limit >= WEIGHTS["trial"] and count_answers(puzzle, 2)[0] != 1:
        return False
    return stuck(puzzle, limit)[0]


def reduce(rng: random.Random, size: int, answer: list[int], level: str) -> JSON:
    """Every sign; givens added until the grader finishes within the level; then givens and signs
    taken away while it still does. An expert puzzle larger than 4x4 is cut so at the easy level
    first, then a few clues more while a trial finishes it (`expert_cuts`)."""
    cut_later = level == "expert" and size > 4
    limit = BANDS.top("easy" if cut_later else level)
    signs = every_sign(size, answer)
    floor = floor_of(level, size)
    givens = set(rng.sample(range(size * size), floor))
    while True:
        done, open_cells = stuck(puzzle_of(size, answer, givens, signs), limit)
        if done:
            break
        givens.add(rng.choice(open_cells[:max(1, len(open_cells) // 4)]))
    givens -= remove_givens(rng, sorted(givens), lambda removed: finishes(
        puzzle_of(size, answer, givens - removed, signs), limit), keep=floor)
    gone = remove_givens(rng, range(len(signs)), lambda removed: finishes(
        puzzle_of(size, answer, givens, [s for i, s in enumerate(signs) if i not in removed]), limit))
    signs = [sign for index, sign in enumerate(signs) if index not in gone]
    if cut_later:
        return expert_cuts(rng, size, answer, givens, signs)
    return puzzle_of(size, answer, givens, signs)


def expert_cuts(rng: random.Random, size: int, answer: list[int], givens: set[int],
                signs: list[JSON]) -> JSON:
    """Clues of a puzzle as few as the easy level allows taken away in random order where the
    hard level's steps still finish it, or a trial does, `EXPERT_CUTS` of these at most. A trial
    grader finishes only a puzzle of one answer, but takes long to give up on one of two: a
    short search for an answer that breaks the clue (`another_answer`; the puzzle before had
    one) turns most of those away first. A search cut short proves nothing: the grader decides."""
    clues = [("given", cell) for cell in sorted(givens)] + [("sign", index) for index in range(len(signs))]
    rng.shuffle(clues)
    gone: set[tuple[str, int]] = set()
    trials = 0

    def without(more: set[tuple[str, int]]) -> JSON:
        return puzzle_of(size, answer, {cell for cell in givens if ("given", cell) not in more},
                         [sign for index, sign in enumerate(signs) if ("sign", index) not in more])

    def two_answers(puzzle: JSON, clue: tuple[str, int]) -> bool:
        kind, which = clue
        budget = Budget(SEARCH_GUESSES)
        if kind == "given":
            return another_answer(puzzle, given=(which, answer[which]), budget=budget)
        (low_row, low_col), (high_row, high_col) = relations({"signs": [signs[which]]})[0]
        return another_answer(puzzle, sign=(low_row * size + low_col, high_row * size + high_col),
                              budget=budget)

    for clue in clues:
        if trials == EXPERT_CUTS:
            break
        puzzle = without(gone | {clue})
        if stuck(puzzle, BANDS.top("hard"))[0]:
            gone.add(clue)
        elif not two_answers(puzzle, clue) and stuck(puzzle, BANDS.top("expert"))[0]:
            gone.add(clue)
            trials += 1
    return without(gone)


def floor_of(level: str, size: int) -> int:
    return math.ceil(GIVEN_FLOORS[level] * size * size)


def fewer_givens(level: str, size: int) -> int | None:
    """The givens a level above easy would rather not pass: one fewer than the easy floor at
    medium, two fewer at hard, three at expert (none fewer than 0), so that at a fixed size the
    harder levels print no more givens on average; None at easy."""
    step = LEVELS.index(level)
    return None if step == 0 else max(0, floor_of("easy", size) - 1 - step)


def check_request(request: Request) -> None:
    """Every size reaches every level (a 4x4 medium or hard in more tries: `RARE`)."""


def generate(rng: random.Random, request: Request) -> Generated:
    level = request.level
    size = request.settings["size"]
    most = fewer_givens(level, size)
    attempts = RARE.get((size, level), ATTEMPTS)
    made = make_at_level(level, attempts, lambda: random_square(rng, size),
                         lambda answer: reduce(rng, size, answer, level), rate,
                         _("could not make a {level} {size} futoshiki in {tries} tries; try another "
                           "level or size").format(level=level_word(level), size=f"{size}x{size}",
                                                   tries=attempts),
                         prefer=None if most is None else lambda rating: rating["givens"] <= most)
    return Generated(made.puzzle, {"grid": rows_of(size, made.answer)}, made.rating)
