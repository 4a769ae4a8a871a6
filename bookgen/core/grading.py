"""The grading vocabulary every type shares: the level ladder, score bands, the
simplest-deduction-first loop, and the one loop that makes a puzzle at a level.

A type keeps its own deductions (they are what the puzzle is about); what it plugs in here is the
order it tries them in and how a score becomes a level. After Tatham: the solver that grades is the
solver that proves uniqueness, and the generator removes givens only while that solver still
finishes at the level asked for.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from bookgen.errors import BookgenError
from bookgen.i18n import N_, _, pgettext

ALL_LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert", "master")
"""The whole ladder, easiest first: every level any type offers (what a config may name)."""
LEVELS: tuple[str, ...] = ALL_LEVELS[:4]
"""The levels every type offers (`PuzzleType.levels` by default). A type whose hardest puzzles go
past what an expert solves without chains or trial (a 9x9 sudoku) offers "master" too; every
other type refuses it up front, as a 4x4 sudoku refuses hard."""
LEVEL_NAMES: Mapping[str, str] = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
                                  "expert": N_("Expert"), "master": N_("Master")}
"""Each level's name as a heading or a label shows it, translated where shown (`level_name`);
configs, ids and the JSON keep the ALL_LEVELS."""
LEVEL_WORDS: Mapping[str, str] = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
                                  "expert": N_("expert"), "master": N_("master")}
"""Each level's name inside a line of text (the contents: "easy · puzzles 1–10"), where English
writes it in small letters and German keeps "Experte" a noun (`level_word`)."""

State = TypeVar("State")
Answer = TypeVar("Answer")
Puzzle = TypeVar("Puzzle")
Piece = TypeVar("Piece", bound=Hashable)
JSONish = dict  # the rating figures, a JSON object


def level_name(level: str) -> str:
    """The level's name in the current language, as a heading or label shows it."""
    return _(LEVEL_NAMES[level])


def level_word(level: str) -> str:
    """The level's name in the current language, inside a line of text."""
    return _(LEVEL_WORDS[level])


def level_after_title(level: str) -> str:
    """The level's name after a section's title (the contents, the playable page's list): in a
    language whose adjectives agree with a noun, a phrase of its own ("nivel fácil"), since a
    bare adjective cannot agree with every title ("Sopas de letras fácil"); in English the
    `level_word`."""
    # Translators: a level after a section's title in the contents ("Sudoku  easy · puzzles
    # 1–4"), whatever the title's gender and number: say it as a phrase that agrees with itself
    # ("nivel fácil") where the bare adjective would have to agree with the title
    phrases = {"easy": pgettext("level after a title", "easy"),
               "medium": pgettext("level after a title", "medium"),
               "hard": pgettext("level after a title", "hard"),
               "expert": pgettext("level after a title", "expert"),
               "master": pgettext("level after a title", "master")}
    return phrases[level]


def levels_after_title(easiest: str, hardest: str) -> str:
    """The levels of a section that mixes them (a section from a bank), its easiest to its
    hardest puzzle's, where `level_after_title` says one."""
    # Translators: the levels of a section whose puzzles mix them, after its title in the contents
    # and on the playable page ("Sudoku  easy–hard · puzzles 1–10"), each a level's word inside a
    # line of text; add a word of your own where a bare adjective would have to agree with the title
    return pgettext("levels after a title", "{easiest}\u2013{hardest}").format(
        easiest=level_word(easiest), hardest=level_word(hardest))


def title_names_level(title: str, level: str) -> bool:
    """Whether a section's title already says its level ("Numbrix, easy", as `bookgen init` titles
    sections), in any of the ways this language writes it or as the config's id, as a whole word
    in any case: the contents and the playable page then leave the level out after it rather
    than say it twice."""
    words = {level, level_word(level), level_name(level), level_after_title(level)}
    folded = " " + " ".join(re.findall(r"[\w-]+", title.casefold())) + " "
    return any(f" {word.casefold()} " in folded for word in words)


def level_index(name: str) -> int:
    """Position of a level in ALL_LEVELS; a clear error for an unknown name."""
    try:
        return ALL_LEVELS.index(name)
    except ValueError:
        raise BookgenError(
            f"unknown difficulty {name!r}; choose one of {', '.join(ALL_LEVELS)}", key="difficulty"
        ) from None


@dataclass(frozen=True)
class Bands:
    """Inclusive score bands, one per level the type offers, in ladder order (the first four, or
    all five); a score above the last band is the top level, so a grader's "harder than anything"
    score still files as the hardest level offered."""

    spans: tuple[tuple[float, float], ...]

    @classmethod
    def of(cls, spans: Mapping[str, tuple[float, float]]) -> Bands:
        return cls(tuple(spans[level] for level in ALL_LEVELS[:len(spans)]))

    def span(self, level: str) -> tuple[float, float]:
        return self.spans[level_index(level)]

    def top(self, level: str) -> float:
        """The highest score filed under `level`."""
        return self.span(level)[1]

    def level_of(self, score: float) -> str:
        for level, (low, high) in zip(ALL_LEVELS, self.spans):
            if low <= score <= high:
                return level
        return ALL_LEVELS[len(self.spans) - 1]

    def hardness(self, score: float) -> float:
        """The score on one scale for every type: the level's place in the ladder plus how far
        into its band the score lies (0 at the band's low end, below 1 at its top)."""
        level = self.level_of(score)
        low, high = self.span(level)
        return level_index(level) + min(0.99, max(0.0, (score - low) / (high - low + 1)))


def tapered(extra: float, knee: float, room: float) -> float:
    """A score's extra for how often (or how long) its hardest step ran: as it is up to `knee`,
    past it growing ever slower (as fast at the knee, a quarter as fast `room` later) and never
    reaching `knee + room`, so that puzzles past the knee still sort by it and none reaches the
    score of a puzzle the steps cannot finish."""
    if extra <= knee:
        return extra
    past = extra - knee
    return knee + room * past / (past + room)


SQUARES_PER_TRIAL = 3
"""An expert Latin square or kakuro needs at most one trial (a number assumed and followed to a
contradiction) for every three of its squares: 12 on a 6x6, 27 on a 9x9 (`most_trials`). Left to
themselves the generators made 9x9 calcudokus of 16 to 138 trials (median 42), 6x6 ones of 1 to 34
(median 17), and a 9x9 futoshiki of 68: more guessing than solving. A trial crosses out one
candidate, and a person tries several candidates to find each."""


def most_trials(squares: int) -> int:
    """The most trials an expert puzzle of `squares` open squares may need (`SQUARES_PER_TRIAL`)."""
    return squares // SQUARES_PER_TRIAL


@dataclass(frozen=True)
class Deduction(Generic[State]):
    """One kind of step a person takes: its name in the rating figures, its rank (the harder, the
    higher; a grader's top rank bounds what it may use) and `apply`, which makes the step where it
    can and says how much it filled: a number (counted under the step's name) or counts by name
    (for a sweep that also fills what simpler steps would)."""

    name: str
    rank: int
    apply: Callable[[State], int | Mapping[str, int]]


@dataclass
class Deduced:
    """What the simplest-first loop did: finished or stuck, the hardest rank used, and how much
    each step filled (every step named, zero where unused)."""

    finished: bool
    hardest: int
    counts: dict[str, int]


def simplest_first(deductions: Sequence[Deduction[State]], state: State,
                   finished: Callable[[State], bool], top: int, floor: int = 0,
                   observe: Callable[[str], None] | None = None) -> Deduced:
    """Solve as a person would: always the simplest step that makes progress (in the order given),
    never one ranked above `top`, until the puzzle is finished or no step helps. `floor` is the
    rank reported when no step was needed. Steps may raise the type's own contradiction error.
    `observe`, when given, hears the name of each step that made progress, right after it."""
    usable = [step for step in deductions if step.rank <= top]
    counts = dict.fromkeys((step.name for step in deductions), 0)
    hardest = floor
    while not finished(state):
        for step in usable:
            made = step.apply(state)
            if not made:
                continue
            if isinstance(made, int):
                counts[step.name] += made
            else:
                for name, count in made.items():
                    counts[name] += count
            hardest = max(hardest, step.rank)
            if observe is not None:
                observe(step.name)
            break
        else:
            return Deduced(False, hardest, counts)
    return Deduced(True, hardest, counts)


# --- hints: the grader's solving path, told one cell at a time -----------------------------------

Cell = TypeVar("Cell", bound=Hashable)


@dataclass(frozen=True)
class Step(Generic[Cell]):
    """One step of the simplest-first loop as it happened: its name and what it placed."""

    name: str
    placed: dict[Cell, int]


def recorded_steps(deductions: Sequence[Deduction[State]], state: State,
                   finished: Callable[[State], bool], top: int,
                   cells: Callable[[State], Mapping[Cell, int]]) -> tuple[Deduced, list[Step[Cell]]]:
    """Run `simplest_first` and record what each step placed, by comparing the filled cells
    (`cells(state)`: cell -> value, empty cells left out) before and after it. Ratings do not
    change: the loop is the same; only an observer is added."""
    steps: list[Step[Cell]] = []
    before = dict(cells(state))

    def observe(name: str) -> None:
        nonlocal before
        now = dict(cells(state))
        steps.append(Step(name, {cell: value for cell, value in now.items()
                                 if before.get(cell) != value}))
        before = now

    return simplest_first(deductions, state, finished, top, observe=observe), steps


HINT_CAP = 400
"""The most characters a hint's text says in English (its why, or one of its steps): about five
lines of a phone's status line. A Latin square's, a sudoku's or a kakuro's grader tells a number
that needed crossing-out steps first as those steps, one a press, then the number, each within
this; the longest (a sudoku wing naming a dozen cells) come to some 390."""

Explain = Callable[[Mapping[Cell, int], Cell, int], "str | None"]


@dataclass(frozen=True)
class Told(Generic[Cell]):
    """One cell told: its value, why, and `after`: how many of the cells told before it must be
    on the board for the why to hold (fewer than all of them when a simple explanation needs
    less; a hint the page may then give out of order, near where the player works)."""

    cell: Cell
    value: int
    why: str
    after: int


def told_in_order(steps: Sequence[Step[Cell]], start: Mapping[Cell, int],
                  simple: Sequence[Explain[Cell]],
                  reason: Callable[[str, Mapping[Cell, int], Cell, int], str],
                  ) -> list[Told[Cell]]:
    """The cells the steps placed, one at a time, each with a one-line reason a person follows.

    A step may fill several cells at once (a sweep), some of them from others it filled; within a
    step the cells are told in an order where each follows from what is known by the simplest
    explanation in `simple` (each returns a reason or None, given the known cells); a cell none of
    them explains gets `reason(step name, known, cell, value)`, the step's own words, and needs
    every cell told before it. A simple explanation holds once the fewest first cells told that
    give the same words are known (found by halving; more known cells never undo a deduction),
    and from then on whatever else is filled."""
    known = dict(start)
    told: list[Told[Cell]] = []

    def needs(explain: Explain[Cell], cell: Cell, value: int, why: str) -> int:
        def same(count: int) -> bool:
            return explain({**start, **{t.cell: t.value for t in told[:count]}}, cell, value) == why
        return fewest(same, len(told))

    for step in steps:
        pending = dict(step.placed)
        while pending:
            found = None
            for explain in simple:
                for cell, value in pending.items():
                    why = explain(known, cell, value)
                    if why:
                        found = Told(cell, value, why, needs(explain, cell, value, why))
                        break
                if found:
                    break
            if found is None:
                cell, value = next(iter(pending.items()))
                found = Told(cell, value, reason(step.name, known, cell, value), len(told))
            told.append(found)
            known[found.cell] = found.value
            del pending[found.cell]
    return told


def fewest(holds: Callable[[int], bool], most: int) -> int:
    """The fewest first hints, of `most` (with which it holds), with which a deduction holds,
    found by halving: more numbers on the board never undo a deduction."""
    low, high = 0, most
    while low < high:
        middle = (low + high) // 2
        if holds(middle):
            high = middle
        else:
            low = middle + 1
    return high


def page_hints(told: Sequence[Told[Cell]], cells: Callable[[Cell], list]) -> list[dict]:
    """The told cells as the page's hints, {"cells", "value", "why"} (`cells(cell)`: the cell in
    the type's JSON coordinates), with "after" only where the why needs fewer hints than all those
    before it (so the page's data grows only where that buys a choice)."""
    hints: list[dict] = []
    for index, one in enumerate(told):
        hint = {"cells": cells(one.cell), "value": one.value, "why": one.why}
        if one.after < index:
            hint["after"] = one.after
        hints.append(hint)
    return hints


def remove_givens(rng: random.Random, pieces: Collection[Piece],
                  still_solvable: Callable[[set[Piece]], bool], keep: int = 0) -> set[Piece]:
    """Take givens away one piece at a time, in random order, keeping each removal only while the
    puzzle stays solvable at the level, and never leaving fewer than `keep` pieces (the floor of
    givens an easy level keeps); returns the pieces removed. A piece is whatever a type removes at
    once: a cell, or an orbit of cells for symmetric patterns. Each call of `still_solvable` sees
    the removals kept so far plus exactly one new piece."""
    order = list(pieces)
    rng.shuffle(order)
    removed: set[Piece] = set()
    for piece in order:
        if len(order) - len(removed) <= keep:
            break
        removed.add(piece)
        if not still_solvable(removed):
            removed.discard(piece)
    return removed


VARIETY_PATTERNS = 1 << 13  # given sets worth rating to count a small space before a build starts


def removal_results(cells: int, floor: int, finishes: Callable[[int], bool]) -> list[int]:
    """Every set of givens `remove_givens` can leave on one answer of `cells` cells, as masks of
    the cells kept: sets the level's steps finish (`finishes(mask)`) that are at the floor or have
    no given left to remove. Removals are monotone (a set the steps finish keeps every superset
    finishable), so each such set is reached by some removal order. For counting a type's small
    spaces (`PuzzleType.variety`); 2^cells sets are tried."""
    finished = {mask: finishes(mask) for mask in range(1 << cells) if mask.bit_count() >= floor}
    return [mask for mask, done in finished.items() if done and (
        mask.bit_count() == floor
        or not any(finished[mask & ~(1 << cell)] for cell in range(cells) if mask >> cell & 1))]


def kept(answer: Sequence[int], mask: int) -> list[int]:
    """The answer's values in the cells of `mask`, 0 (blank) elsewhere."""
    return [value if mask >> cell & 1 else 0 for cell, value in enumerate(answer)]


@dataclass(frozen=True)
class Made(Generic[Answer, Puzzle]):
    answer: Answer
    puzzle: Puzzle
    rating: JSONish


PATIENCE = 8  # puzzles of the right level passed over for a preferred one before taking the first


def make_at_level(level: str, attempts: int, fill: Callable[[], Answer | None],
                  reduce: Callable[[Answer], Puzzle], rate: Callable[[Puzzle], JSONish],
                  failure: str, reductions_per_answer: int = 1,
                  accept: Callable[[JSONish], bool] | None = None,
                  prefer: Callable[[JSONish], bool] | None = None,
                  patience: int = PATIENCE) -> Made[Answer, Puzzle]:
    """The one generation loop: make a filled answer, reduce it to a puzzle (removing givens while
    the grader still solves at the level), rate it, and keep it only when the measured level is
    the one asked for; otherwise retry, drawing a new answer every `reductions_per_answer` tries.
    `fill` may return None for an answer not worth reducing; `accept` adds a type's own condition
    on the rating. `prefer` is what the level would rather have (its givens under a ceiling, so a
    harder level does not print more than an easier one): a puzzle of the level that misses it is
    kept in reserve, and the first of them is taken once `patience` have missed or the attempts
    run out. `failure` is the message when every attempt misses."""
    answer: Answer | None = None
    reserve: Made[Answer, Puzzle] | None = None
    passed = 0
    for attempt in range(attempts):
        if attempt % reductions_per_answer == 0:
            answer = fill()
        if answer is None:
            continue
        puzzle = reduce(answer)
        rating = rate(puzzle)
        if rating.get("level") == level and (accept is None or accept(rating)):
            made = Made(answer, puzzle, rating)
            if prefer is None or prefer(rating):
                return made
            reserve = reserve or made
            passed += 1
            if passed >= patience:
                return reserve
    if reserve is not None:
        return reserve
    raise BookgenError(failure, key="difficulty")
