"""Grading a fill-in by how a person fits the words, simplest step first (core.grading's
`simplest_first`):

1. only length: a length that has one word left has one slot left: the word goes there;
2. one word fits: a slot's letters so far (from the words it crosses) let one word of the list
   in;
3. one slot fits: a word fits only one of the slots of its length;
4. trial: of the words that fit the slot with fewest, all but one lead, by the three steps above,
   to a slot no word fits;
5. search: the answer's word for the slot with fewest (what is left needs deeper guessing).

The score adds up what each step cost: placing by length is free of thought, a crossing costs
more, a word with one place more again, a trial or a search much more; the level is a band of it.
The record of the steps (`Move`) is what the hints tell.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bookgen.api import JSON
from bookgen.core.grading import Bands, Deduction, simplest_first
from bookgen.core.wordgrid import BLOCK, OPEN, Slot, Square, count_fills, slots_of

COSTS = {"only length": 1, "one word fits": 4, "one slot fits": 8, "trial": 25, "search": 60}
BANDS = Bands.of({"easy": (0, 24), "medium": (25, 59), "hard": (60, 129), "expert": (130, 100000)})


class Stuck(Exception):
    """A slot no word left fits: the words placed so far cannot all be right."""


@dataclass(frozen=True)
class Move:
    """One word placed: by which step, where, and the slot's letters before it went in."""

    step: str
    slot: Slot
    word: str
    before: str


@dataclass
class State:
    """A fill in progress: the letters known, the words left, the slots still open, the moves."""

    known: dict[Square, str]
    left: Counter[str]
    open: list[Slot]
    answer: dict[Slot, str]
    moves: list[Move] = field(default_factory=list)

    def pattern(self, slot: Slot) -> str:
        return "".join(self.known.get(square, OPEN) for square in slot.squares())

    def fitting(self, slot: Slot) -> list[str]:
        pattern = self.pattern(slot)
        return sorted(w for w in self.left if self.left[w] and len(w) == slot.length
                      and all(p in (OPEN, c) for p, c in zip(pattern, w)))

    def place(self, step: str, slot: Slot, word: str) -> None:
        self.moves.append(Move(step, slot, word, self.pattern(slot)))
        for square, letter in zip(slot.squares(), word):
            self.known[square] = letter
        self.left[word] -= 1
        self.open.remove(slot)
        if any(not self.fitting(other) for other in self.open):
            raise Stuck

    def copy(self) -> State:
        return State(dict(self.known), Counter(self.left), list(self.open), self.answer)


def start(puzzle: JSON, answer: dict[Slot, str]) -> State:
    """The page's grid: its given letters known, the starter's slot filled, the rest open."""
    grid = puzzle["grid"]
    known = {(r, c): letter for r, row in enumerate(grid) for c, letter in enumerate(row)
             if letter not in (BLOCK, OPEN)}
    state = State(known, Counter(puzzle["words"]), slots_of(grid), answer)
    for slot in list(state.open):
        if OPEN not in state.pattern(slot) and state.pattern(slot) in state.left:
            state.left[state.pattern(slot)] -= 1
            state.open.remove(slot)
    return state


def only_length(state: State) -> int:
    lengths = Counter(len(w) for w in state.left.elements())
    for slot in state.open:
        if lengths[slot.length] == 1:
            (word,) = [w for w in state.left if state.left[w] and len(w) == slot.length]
            if word not in state.fitting(slot):
                raise Stuck
            state.place("only length", slot, word)
            return 1
    return 0


def one_word_fits(state: State) -> int:
    for slot in state.open:
        fitting = state.fitting(slot)
        if len(fitting) == 1:
            state.place("one word fits", slot, fitting[0])
            return 1
    return 0


def one_slot_fits(state: State) -> int:
    for word in sorted(w for w in state.left if state.left[w]):
        places = [slot for slot in state.open if slot.length == len(word) and word in state.fitting(slot)]
        if len(places) == 1:
            state.place("one slot fits", places[0], word)
            return 1
    return 0


SIMPLE = (Deduction("only length", 1, only_length), Deduction("one word fits", 2, one_word_fits),
          Deduction("one slot fits", 3, one_slot_fits))


def _leads_nowhere(state: State, slot: Slot, word: str) -> bool:
    """Whether `word` in `slot`, followed by the simple steps, reaches a slot no word fits."""
    trial = state.copy()
    try:
        trial.place("trial", slot, word)
        simplest_first(SIMPLE, trial, lambda s: not s.open, top=3)
    except Stuck:
        return True
    return False


def _tightest(state: State) -> tuple[Slot, list[str]]:
    return min(((slot, state.fitting(slot)) for slot in state.open), key=lambda pair: len(pair[1]))


def trial(state: State) -> int:
    slot, fitting = _tightest(state)
    alive = [word for word in fitting if not _leads_nowhere(state, slot, word)]
    if len(alive) != 1:
        return 0
    state.place("trial", slot, alive[0])
    return 1


def search(state: State) -> int:
    slot, _ = _tightest(state)
    state.place("search", slot, state.answer[slot])
    return 1


STEPS = SIMPLE + (Deduction("trial", 4, trial), Deduction("search", 5, search))


def solving_moves(puzzle: JSON) -> tuple[list[Move], dict[str, int]]:
    """The words in the order a person places them, and how many each step placed."""
    count, answer = count_fills(puzzle["grid"], puzzle["words"], 1)
    if answer is None:
        return [], dict.fromkeys(COSTS, 0)
    state = start(puzzle, answer)
    deduced = simplest_first(STEPS, state, lambda s: not s.open, top=5)
    return state.moves, deduced.counts


def rate(puzzle: JSON) -> JSON:
    """The measured figures and the level they fall in."""
    _, counts = solving_moves(puzzle)
    score = sum(COSTS[name] * n for name, n in counts.items())
    return {"level": BANDS.level_of(score), "score": score, "words": len(puzzle["words"]),
            "steps": counts}
