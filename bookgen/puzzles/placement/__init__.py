"""Number placement: put every number of a pool into a row of boxes so each < and > holds.

Parameters, number pools, solver (exact counting of arrangements), generator, grader, drawing,
then the registry record, in that order.

The solver counts arrangements as linear extensions of a fence: placing the numbers in increasing
order, the boxes filled so far always form a down-set of the chain of inequalities, and a fence of
n boxes has only about phi^n such sets, so 12 boxes count in microseconds. A pre-filled box pins
its number's rank, which only restricts when that box may be added.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from bookgen.core.grading import Bands, make_at_level
from bookgen.core.options import Option
from bookgen.core.pen import MEDIUM, THIN, Pen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.puzzles.base import (
    JSON,
    Generated,
    Printed,
    PuzzleType,
    Request,
    Showcase,
    Solved,
    fixed_example,
    fixed_rules,
    form_key,
)

# --- parameters ---------------------------------------------------------------------------------

KINDS = ("whole", "signed", "decimal", "fraction", "mixed")
KIND_POINTS = {"whole": 0, "signed": 2, "decimal": 2, "fraction": 4, "mixed": 6}
UNIQUE_POINTS = 2
# Score bands per level (inclusive); score = boxes to fill + KIND_POINTS + UNIQUE_POINTS if
# pre-filled (docs/types/placement.md: a pre-filled box is one less to fill, not more work).
BANDS = Bands.of({"easy": (0, 6), "medium": (7, 10), "hard": (11, 15), "expert": (16, 99)})
# What each level prefers when the user leaves an option open.
PREFERRED: dict[str, dict[str, tuple[Any, ...]]] = {
    "easy": {"size": (4, 5), "numbers": ("whole",), "unique": (False,)},
    "medium": {"size": (6, 7), "numbers": ("signed", "decimal"), "unique": (False,)},
    "hard": {"size": (8, 9, 10), "numbers": ("fraction", "mixed"), "unique": (True, False)},
    "expert": {"size": (10, 11, 12), "numbers": ("mixed",), "unique": (True,)},
}
MIN_SIZE, MAX_SIZE = 3, 12

OPTIONS = (
    Option("size", "int", "how many boxes", low=MIN_SIZE, high=MAX_SIZE),
    Option("numbers", "choice", "what kind of numbers fill the pool", choices=KINDS),
    Option("unique", "bool", "pre-fill boxes until exactly one arrangement remains"),
)

RULES = (
    "Write each number from the pool into one empty box so that every < and > between "
    "neighbouring boxes is true. Boxes that are already filled stay as they are. Most puzzles "
    "can be finished in more than one way: any order that makes every sign true is right."
)


def printed(puzzle: JSON) -> Printed:
    """The page prints the chain's signs, the pre-filled boxes and the pool: every number once,
    in a box or in the pool (a fraction as its numerator and denominator, stacked)."""
    shown = {"signs": puzzle["signs"], "numbers": puzzle["numbers"],
             "givens": puzzle.get("givens", {})}
    return Printed(shown, (*puzzle["signs"], *(piece for text in puzzle["numbers"]
                                               for piece in _printed_pieces(text))))


def _printed_pieces(text: str) -> tuple[str, ...]:
    """The texts `_draw_number` writes for a number."""
    if "/" not in text:
        return (text.replace("-", MINUS),)
    sign = (MINUS,) if text.startswith("-") else ()
    return (*sign, *text.lstrip("-").split("/"))


def canonical(puzzle: JSON) -> str:
    """A chain read backwards is the same puzzle: signs reversed and turned, boxes counted from
    the other end; the pool is a set, whatever order it is printed in."""
    signs, givens = puzzle["signs"], puzzle.get("givens", {})
    last = len(signs)
    pool = sorted(puzzle["numbers"], key=parse_number)
    forward = ["".join(signs), pool, sorted((int(box), text) for box, text in givens.items())]
    backward = ["".join("<" if sign == ">" else ">" for sign in reversed(signs)), pool,
                sorted((last - int(box), text) for box, text in givens.items())]
    return form_key(forward, backward)


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A filled chain read backwards is the same answer."""
    return form_key(solution["order"], solution["order"][::-1])


def score(to_fill: int, kind: str, prefilled: bool) -> int:
    """The difficulty score of a row with `to_fill` empty boxes, numbers of `kind`, and boxes
    pre-filled (the one-arrangement form) or not."""
    return to_fill + KIND_POINTS[kind] + (UNIQUE_POINTS if prefilled else 0)


def pins_for(size: int, unique: bool) -> tuple[int, int]:
    """How many boxes a generated row pre-fills: none, or (unique) one to half of them, which
    is what pinning the answer until one arrangement is left gives nearly always."""
    return (1, max(1, size // 2)) if unique else (0, 0)


# The curve a reader sees: of a row in the one-arrangement form, each level would rather pre-fill at
# most this percentage of the boxes (easy: any), so a harder level never shows more.
PREFILL_CEILING = {"easy": 100, "medium": 50, "hard": 40, "expert": 30}


def score_span(size: int, kind: str, unique: bool) -> tuple[int, int]:
    """The lowest and highest score a generated row of these settings may have."""
    fewest, most = pins_for(size, unique)
    return score(size - most, kind, unique), score(size - fewest, kind, unique)


# --- numbers --------------------------------------------------------------------------------------


def parse_number(text: str) -> Fraction:
    """The exact value of '12', '-3', '0.75' or '-3/4'; ValueError for anything else."""
    if not isinstance(text, str) or not text.strip() or " " in text.strip():
        raise ValueError(text)
    return Fraction(text.strip())


def number_kind(text: str) -> str:
    if "/" in text:
        return "fraction"
    if "." in text:
        return "decimal"
    return "signed" if text.startswith("-") else "whole"


def pool_kind(numbers: list[str]) -> str:
    """The measured kind of a pool: the hardest representation it actually uses."""
    kinds = {number_kind(n) for n in numbers}
    forms = kinds & {"decimal", "fraction"}
    negative = any(n.startswith("-") for n in numbers)
    if len(forms) == 2 or (forms and negative):
        return "mixed"
    if forms:
        return forms.pop()
    return "signed" if negative else "whole"


def _decimal(rng: random.Random, negative: bool) -> str:
    places = rng.choice((1, 2))
    whole = rng.randrange(0, 10)
    frac = rng.randrange(1, 10**places)
    if places == 2 and frac % 10 == 0:
        frac += 1
    text = f"{whole}.{frac:0{places}d}"
    return "-" + text if negative else text


def _fraction(rng: random.Random, negative: bool) -> str:
    den = rng.randrange(2, 13)
    num = rng.randrange(1, 2 * den)
    value = Fraction(num, den)
    if value.denominator == 1:
        value += Fraction(1, den if den > 2 else 3)
    text = f"{value.numerator}/{value.denominator}"
    return "-" + text if negative else text


def _one_number(rng: random.Random, kind: str, index: int) -> str:
    if kind == "whole":
        return str(rng.randrange(0, 100))
    if kind == "signed":
        return str(rng.randrange(-50, 51))
    if kind == "decimal":
        return _decimal(rng, negative=False)
    if kind == "fraction":
        return _fraction(rng, negative=False)
    # mixed: cycle fraction, decimal, negative so every form is present, then anything
    form = ("fraction", "decimal", "negative")[index] if index < 3 else rng.choice(
        ("fraction", "decimal", "negative", "whole"))
    if form == "fraction":
        return _fraction(rng, negative=rng.random() < 0.3)
    if form == "decimal":
        return _decimal(rng, negative=rng.random() < 0.3)
    if form == "negative":
        return rng.choice((_fraction, _decimal))(rng, True) if rng.random() < 0.5 else str(
            -rng.randrange(1, 10))
    return str(rng.randrange(0, 10))


def make_pool(rng: random.Random, kind: str, size: int) -> list[str]:
    """`size` numbers of the kind, distinct in value, in random order."""
    numbers: list[str] = []
    values: set[Fraction] = set()
    while len(numbers) < size:
        text = _one_number(rng, kind, len(numbers))
        value = Fraction(text)
        if value not in values:
            values.add(value)
            numbers.append(text)
    rng.shuffle(numbers)
    return numbers


# --- solver ---------------------------------------------------------------------------------------


def _pins(puzzle: JSON) -> tuple[tuple[int, ...], list[str]]:
    """rank pinned at each position (-1 where free) and the pool sorted by value."""
    ranked = sorted(puzzle["numbers"], key=parse_number)
    rank_of = {text: rank for rank, text in enumerate(ranked)}
    pinned = [-1] * len(ranked)
    for index, text in puzzle.get("givens", {}).items():
        pinned[int(index)] = rank_of[text]
    return tuple(pinned), ranked


class Fence:
    """The arrangements of one row: its signs and the rank pinned at each box (-1 where free).

    `completions(mask)` counts the ways to finish from a down-set of filled boxes (a bitmask), so
    `completions(0)` counts every arrangement; the memo is what `walk` follows to one of them.
    """

    def __init__(self, signs: str, pinned: tuple[int, ...]) -> None:
        self.signs = signs
        self.pinned = pinned
        self.size = len(pinned)
        self.full = (1 << self.size) - 1
        self.rank_box = {rank: box for box, rank in enumerate(pinned) if rank >= 0}
        self.memo: dict[int, int] = {self.full: 1}

    def addable(self, mask: int) -> list[int]:
        """Boxes that may take the next number (rank = boxes filled so far)."""
        step = mask.bit_count()
        boxes = [self.rank_box[step]] if step in self.rank_box else range(self.size)
        signs, pinned = self.signs, self.pinned
        result = []
        for box in boxes:
            if mask >> box & 1 or (pinned[box] >= 0 and pinned[box] != step):
                continue
            if box > 0 and signs[box - 1] == "<" and not mask >> (box - 1) & 1:
                continue
            if box < self.size - 1 and signs[box] == ">" and not mask >> (box + 1) & 1:
                continue
            result.append(box)
        return result

    def completions(self, mask: int = 0) -> int:
        if mask not in self.memo:
            self.memo[mask] = sum(self.completions(mask | 1 << box) for box in self.addable(mask))
        return self.memo[mask]

    def walk(self, choose: Callable[[list[int], list[int]], int]) -> list[int] | None:
        """One arrangement as the rank in each box, choosing among the boxes that can still be
        completed (with their completion counts as weights); None if there is no arrangement."""
        if self.completions() == 0:
            return None
        ranks = [0] * self.size
        mask = 0
        for step in range(self.size):
            options = [box for box in self.addable(mask) if self.completions(mask | 1 << box)]
            box = choose(options, [self.completions(mask | 1 << b) for b in options])
            ranks[box] = step
            mask |= 1 << box
        return ranks


@lru_cache(maxsize=4096)
def fence(signs: str, pinned: tuple[int, ...]) -> Fence:
    """The (memoised) fence of a row; generators and graders ask for the same rows repeatedly."""
    return Fence(signs, pinned)


def count_arrangements(signs: list[str], pinned: tuple[int, ...]) -> int:
    return fence("".join(signs), pinned).completions()


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    pinned, ranked = _pins(puzzle)
    total = count_arrangements(puzzle["signs"], pinned)
    ranks = fence("".join(puzzle["signs"]), pinned).walk(lambda options, weights: options[0])
    solution = {"order": [ranked[r] for r in ranks]} if ranks is not None else None
    return Solved(total if cap is None else min(total, cap), solution)


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of an arrangement, computed directly from the values."""
    order = solution.get("order")
    if not isinstance(order, list) or len(order) != len(puzzle["numbers"]):
        return ["the answer must list one number per box"]
    problems = []
    if sorted(order) != sorted(puzzle["numbers"]):
        problems.append("the answer must use each pool number exactly once")
    for index, text in puzzle.get("givens", {}).items():
        if order[int(index)] != text:
            problems.append(f"box {int(index) + 1} must keep its given {text}")
    try:
        values = [parse_number(n) for n in order]
    except ValueError:
        return problems + ["the answer holds something that is not a number"]
    for box, sign in enumerate(puzzle["signs"]):
        left, right = values[box], values[box + 1]
        if (sign == "<" and not left < right) or (sign == ">" and not left > right):
            problems.append(f"{order[box]} {sign} {order[box + 1]} is false")
    return problems


def validate(puzzle: JSON) -> None:
    signs, numbers = puzzle.get("signs"), puzzle.get("numbers")
    if not isinstance(signs, list) or any(s not in ("<", ">") for s in signs):
        raise PuzzleFormatError("'signs' must be a list of '<' and '>'", key="signs")
    if not isinstance(numbers, list) or len(numbers) != len(signs) + 1:
        raise PuzzleFormatError("'numbers' must be a list with one number more than 'signs'",
                                key="numbers")
    if not 2 <= len(numbers) <= 20:
        raise PuzzleFormatError("a row has 2 to 20 boxes", key="numbers")
    try:
        values = [parse_number(n) for n in numbers]
    except (ValueError, ZeroDivisionError):
        raise PuzzleFormatError(
            "every number must be text like '12', '-3', '0.75' or '3/4'", key="numbers") from None
    if len(set(values)) != len(values):
        raise PuzzleFormatError("no two numbers may be equal in value", key="numbers")
    givens = puzzle.get("givens", {})
    if not isinstance(givens, dict):
        raise PuzzleFormatError("'givens' must map box index to number", key="givens")
    seen = set()
    for index, text in givens.items():
        if not str(index).isdigit() or int(index) >= len(numbers):
            raise PuzzleFormatError(f"box index {index!r} is not in the row", key="givens")
        if text not in numbers or text in seen:
            raise PuzzleFormatError(f"given {text!r} must be a pool number used once", key="givens")
        seen.add(text)
    if not isinstance(puzzle.get("unique", False), bool):
        raise PuzzleFormatError("'unique' must be true or false", key="unique")
    count = count_arrangements(signs, _pins(puzzle)[0])
    if "unique" in puzzle and puzzle["unique"] != (count == 1):
        raise PuzzleFormatError(
            f"'unique' is {str(puzzle['unique']).lower()} but the givens leave {count} "
            f"arrangement{'' if count == 1 else 's'}; it is true exactly when they leave one",
            key="unique")
    arrangements = puzzle.get("arrangements", count)
    if isinstance(arrangements, bool) or arrangements != count:
        raise PuzzleFormatError(f"'arrangements' is {puzzle['arrangements']!r} but the puzzle has "
                                f"{count}", key="arrangements")


# --- grader ---------------------------------------------------------------------------------------


def rate(puzzle: JSON) -> JSON:
    """Measured figures: boxes, boxes to fill, number kind, pre-filled boxes, arrangements,
    score and level."""
    pinned, _ = _pins(puzzle)
    size = len(puzzle["numbers"])
    kind = pool_kind(puzzle["numbers"])
    givens = len(puzzle.get("givens", {}))
    points = score(size - givens, kind, givens > 0)
    return {
        "level": BANDS.level_of(points),
        "score": points,
        "boxes": size,
        "to_fill": size - givens,
        "numbers": kind,
        "givens": givens,
        "arrangements": count_arrangements(puzzle["signs"], pinned),
    }


# --- generator ------------------------------------------------------------------------------------


def _candidates(request: Request) -> list[tuple[int, str, bool]]:
    """(size, kind, unique) combinations the options allow that may grade at the level, the
    level's preferred ones first (the options have no defaults: what is left open, the level
    chooses)."""
    difficulty, options = request.level, request.options
    low, high = BANDS.span(difficulty)
    sizes = [options["size"]] if "size" in options else range(MIN_SIZE, MAX_SIZE + 1)
    kinds = [options["numbers"]] if "numbers" in options else KINDS
    uniques = [options["unique"]] if "unique" in options else (False, True)
    allowed = [(s, k, u) for s in sizes for k in kinds for u in uniques
               if score_span(s, k, u)[0] <= high and score_span(s, k, u)[1] >= low]
    prefer = PREFERRED[difficulty]
    preferred = [c for c in allowed
                 if c[0] in prefer["size"] and c[1] in prefer["numbers"] and c[2] in prefer["unique"]]
    return preferred or allowed


def check_request(request: Request) -> None:
    if not _candidates(request):
        difficulty = request.level
        low, high = BANDS.span(difficulty)
        chosen = ", ".join(f"{k}={v}" for k, v in sorted(request.options.items()))
        raise BookgenError(
            f"no {difficulty} placement puzzle has {chosen}: {difficulty} needs a score of "
            f"{low} to {high} (boxes to fill + {KIND_POINTS} for the numbers + {UNIQUE_POINTS} "
            "if boxes are pre-filled)", key="difficulty")


def _counts_if_pinned(signs: str, pinned: tuple[int, ...], ranks: list[int]) -> dict[int, int]:
    """For each free box, the arrangements left if it were pinned to its rank in the answer, in
    one pass: an arrangement puts box b at rank r by passing through exactly one down-set of r
    boxes to which b can be added, so the count is the ways into those down-sets times the ways
    on from them with b added."""
    row = fence(signs, pinned)
    counts = {box: 0 for box in range(row.size) if pinned[box] < 0}
    layer = {0: 1}  # down-sets of `step` boxes -> ways to fill them
    for step in range(row.size):
        following: dict[int, int] = {}
        for mask, ways in layer.items():
            for box in row.addable(mask):
                after = mask | 1 << box
                onward = row.completions(after)
                if not onward:
                    continue
                if box in counts and ranks[box] == step:
                    counts[box] += ways * onward
                following[after] = following.get(after, 0) + ways
        layer = following
    return counts


def _prefill(rng: random.Random, signs: list[str], ranks: list[int]) -> tuple[int, ...]:
    """Pin boxes of the answer, greedily cutting the count most, until one arrangement is left;
    then unpin any box that is no longer needed."""
    size = len(ranks)
    pinned = [-1] * size
    while count_arrangements(signs, tuple(pinned)) > 1:
        counts = _counts_if_pinned("".join(signs), tuple(pinned), ranks)
        trials = [(counts[box], rng.random(), box) for box in range(size) if pinned[box] < 0]
        _, _, box = min(trials)
        pinned[box] = ranks[box]
    boxes = [b for b in range(size) if pinned[b] >= 0]
    rng.shuffle(boxes)
    for box in boxes:
        trial = pinned.copy()
        trial[box] = -1
        if count_arrangements(signs, tuple(trial)) == 1:
            pinned = trial
    return tuple(pinned)


ATTEMPTS = 400  # rows tried before a request is declared out of reach (each takes milliseconds)


@dataclass(frozen=True)
class Answer:
    """A row to cut a puzzle from: its signs, pool and answer (the rank in each box), and
    whether it is to be pre-filled until one arrangement is left."""

    signs: list[str]
    numbers: list[str]
    ranks: list[int]
    unique: bool


def generate(rng: random.Random, request: Request) -> Generated:
    """A row of one of the level's settings with a random answer (pre-filled until one
    arrangement is left when unique); kept when its measured score is in the level's band."""
    candidates = _candidates(request)

    def pick(options: list[int], weights: list[int]) -> int:
        ticket = rng.randrange(sum(weights))
        for box, weight in zip(options, weights):
            if ticket < weight:
                return box
            ticket -= weight
        raise AssertionError("weights exhausted")

    def fill() -> Answer:
        size, kind, unique = rng.choice(candidates)
        signs = [rng.choice("<>") for _ in range(size - 1)]
        while len(set(signs)) < 2:  # a row of equal signs is only sorting: one arrangement
            signs = [rng.choice("<>") for _ in range(size - 1)]
        numbers = make_pool(rng, kind, size)
        ranks = fence("".join(signs), tuple([-1] * size)).walk(pick)
        assert ranks is not None  # a fence always has an arrangement
        return Answer(signs, numbers, ranks, unique)

    def reduce(answer: Answer) -> JSON:
        size = len(answer.numbers)
        pinned = _prefill(rng, answer.signs, answer.ranks) if answer.unique else tuple([-1] * size)
        ranked = sorted(answer.numbers, key=parse_number)
        arrangements = count_arrangements(answer.signs, pinned)
        return {
            "signs": answer.signs,
            "numbers": answer.numbers,
            "givens": {str(b): ranked[r] for b, r in enumerate(pinned) if r >= 0},
            "arrangements": arrangements,
            "unique": arrangements == 1,
        }

    ceiling = PREFILL_CEILING[request.level]
    made = make_at_level(request.level, ATTEMPTS, fill, reduce, rate,
                         f"could not make a {request.level} placement puzzle "
                         f"({request.describe()}) in {ATTEMPTS} tries; widen the options",
                         prefer=lambda rating: 100 * rating["givens"] <= ceiling * rating["boxes"])
    ranked = sorted(made.answer.numbers, key=parse_number)
    return Generated(made.puzzle, {"order": [ranked[r] for r in made.answer.ranks]}, made.rating)


# --- drawing --------------------------------------------------------------------------------------
# Long chains wrap: a row holds at most WRAP boxes, and the sign at a break is printed at the end
# of one line and again at the start of the next, as a broken formula repeats its operator. The
# pool below wraps too, its tokens spaced by the widest number. Every number is fitted to its room
# by the pen's own font metrics, so none leaves its box however long (a bank may hold "-12.375").

BOX = 13.0
MINUS = "\u2212"
GAP = 6.5
LINE_GAP = 4.0  # between the lines of a wrapped chain
POOL_GAP = 5.0
TOKEN = 11.0  # the least distance between the centres of two pool numbers
TOKEN_PAD = 2.5  # the least clear space between two pool numbers
BOX_PAD = 1.6  # the least clear space between a number and its box's sides
WRAP = 7  # the most boxes on one line: a hard chain of 8 to 10 boxes takes two lines
BOX_PT, SIGN_PT = 12.0, 14.0
POOL_PT = BOX_PT  # the numbers to place print as they will in their boxes
FRACTION = 0.85  # a fraction's numerator and denominator, relative to the number's size
EM = 0.64  # DejaVu's digits per point of size (a little over), for spacing before any pen
EM_OF = {".": 0.32, MINUS: 0.84}
BOLD = 1.1  # DejaVu's bold digits are up to a tenth wider than its regular ones
STACK = 0.21  # mm per point: a fraction's numerator sits this far above its bar, its denominator below
DIGIT_HEIGHT = 0.73 * 25.4 / 72  # mm per point: DejaVu's digit height


def _lines(count: int, most: int) -> list[int]:
    """count items in as few lines of at most `most` as possible, the lines as even as can be."""
    lines = -(-count // most)
    return [count // lines + (1 if i < count % lines else 0) for i in range(lines)]


def _estimate(text: str, size: float) -> float:
    """Width in mm of a number at `size` points before a pen is at hand (for spacing only)."""
    def run(chars: str) -> float:
        return sum(EM_OF.get(c, EM) for c in chars) * size * 25.4 / 72

    if "/" in text:
        num, den = text.lstrip("-").split("/")
        sign = run(MINUS) + 0.3 if text.startswith("-") else 0.0
        return sign + max(run(num), run(den)) * FRACTION + 0.8
    return run(text.replace("-", MINUS))


def _number_width(pen: Pen, text: str, size: float, bold: bool) -> float:
    if "/" not in text:
        return pen.text_width(text.replace("-", MINUS), size, bold)
    sign = pen.text_width(MINUS, size, bold) + 0.3 if text.startswith("-") else 0.0
    num, den = text.lstrip("-").split("/")
    small = size * FRACTION
    return sign + max(pen.text_width(num, small, bold), pen.text_width(den, small, bold)) + 0.8


def _draw_number(pen: Pen, x: float, y: float, text: str, size: float, bold: bool,
                 room: float) -> None:
    """A number centred at (x, y), at most `room` mm wide, with a true minus sign; fractions
    stacked with a bar, the sign before them."""
    width = _number_width(pen, text, size, bold)
    if width > room:
        size, width = size * room / width, room
    if "/" not in text:
        pen.text(x, y, text.replace("-", MINUS), size, bold=bold)
        return
    left = x - width / 2
    if text.startswith("-"):
        sign = pen.text_width(MINUS, size, bold)
        pen.text(left + sign / 2, y, MINUS, size, bold=bold)
        left += sign + 0.3
    num, den = text.lstrip("-").split("/")
    small = size * FRACTION
    bar = max(pen.text_width(num, small, bold), pen.text_width(den, small, bold)) + 0.8
    cx = left + bar / 2
    pen.text(cx, y - small * STACK, num, small, bold=bold)
    pen.line(cx - bar / 2, y, cx + bar / 2, y, width=0.25)
    pen.text(cx, y + small * STACK, den, small, bold=bold)


def _row_lines(puzzle: JSON) -> list[list[int]]:
    """The boxes of each line of the chain."""
    lines, first = [], 0
    for count in _lines(len(puzzle["numbers"]), WRAP):
        lines.append(list(range(first, first + count)))
        first += count
    return lines


def _box_width(puzzle: JSON) -> float:
    """The width of the chain's boxes: BOX, or wider where the widest number needs it, so that
    every number prints at BOX_PT (the drawing grows with its text, the text never shrinks)."""
    return max(BOX, max(_estimate(t, BOX_PT) for t in puzzle["numbers"]) * BOLD + 2 * BOX_PAD)


def _box_x(line: int, place: int, box: float) -> float:
    """Left edge of the box at `place` on `line`, boxes `box` wide: lines after the first open
    with their sign."""
    return (GAP if line else 0.0) + place * (box + GAP)


def _rows_size(puzzle: JSON) -> tuple[float, float]:
    lines, box = _row_lines(puzzle), _box_width(puzzle)
    width = max(_box_x(i, len(boxes) - 1, box) + box + (GAP if i < len(lines) - 1 else 0.0)
                for i, boxes in enumerate(lines))
    return width, len(lines) * BOX + (len(lines) - 1) * LINE_GAP


def _pool(puzzle: JSON) -> list[str]:
    return [n for n in puzzle["numbers"] if n not in puzzle.get("givens", {}).values()]


@dataclass(frozen=True)
class Token:
    """A pool number as printed: its centre x, its line, and the room it may fill."""

    x: float
    line: int
    room: float
    text: str


def _pool_layout(puzzle: JSON) -> tuple[float, list[Token]]:
    """The pool's width and its numbers, each spaced by its own width: on one line, or on as few
    lines as keep each line within the chain, every line centred."""
    pool = _pool(puzzle)
    row_width = _rows_size(puzzle)[0]
    if not pool:
        return row_width, []
    widths = [max(TOKEN, _estimate(text, POOL_PT) + TOKEN_PAD) for text in pool]
    room = max(row_width - 8, max(widths))
    for lines in range(1, len(pool) + 1):
        counts = _lines(len(pool), -(-len(pool) // lines))
        starts = [sum(counts[:i]) for i in range(len(counts))]
        if all(sum(widths[a:a + n]) <= room for a, n in zip(starts, counts)):
            break
    width = max(row_width, max(sum(widths[a:a + n]) for a, n in zip(starts, counts)) + 8)
    tokens = []
    for line, (a, n) in enumerate(zip(starts, counts)):
        x = (width - sum(widths[a:a + n])) / 2
        for text, w in zip(pool[a:a + n], widths[a:a + n]):
            tokens.append(Token(x + w / 2, line, w - TOKEN_PAD, text))
            x += w
    return width, tokens


def _pool_lines(tokens: list[Token]) -> int:
    return max((t.line for t in tokens), default=-1) + 1


def measure(puzzle: JSON) -> tuple[float, float]:
    row_height = _rows_size(puzzle)[1]
    width, tokens = _pool_layout(puzzle)
    return width, row_height + POOL_GAP + max(1, _pool_lines(tokens)) * TOKEN + 2


def _draw_row(pen: Pen, puzzle: JSON, filled: dict[int, tuple[str, bool]]) -> None:
    signs = puzzle["signs"]
    lines, wide = _row_lines(puzzle), _box_width(puzzle)
    for line, boxes in enumerate(lines):
        y = line * (BOX + LINE_GAP)
        if line:
            pen.text(GAP / 2, y + BOX / 2, signs[boxes[0] - 1], SIGN_PT, bold=True)
        for place, box in enumerate(boxes):
            x = _box_x(line, place, wide)
            pen.rect(x, y, wide, BOX, width=MEDIUM)
            if box in filled:
                text, bold = filled[box]
                _draw_number(pen, x + wide / 2, y + BOX / 2, text, BOX_PT, bold, wide - 2 * BOX_PAD)
            if box < len(signs):
                pen.text(x + wide + GAP / 2, y + BOX / 2, signs[box], SIGN_PT, bold=True)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    givens = {int(i): (t, True) for i, t in puzzle.get("givens", {}).items()}
    _draw_row(pen, puzzle, givens)
    width, tokens = _pool_layout(puzzle)
    top = _rows_size(puzzle)[1] + POOL_GAP
    pen.rect(0, top, width, max(1, _pool_lines(tokens)) * TOKEN + 2, width=THIN, radius=2.0)
    for token in tokens:
        _draw_number(pen, token.x, top + 1 + (token.line + 0.5) * TOKEN, token.text, POOL_PT,
                     False, token.room)


ANSWER_SIGN = 4.5  # mm between two boxes of an answer, for the sign
ANSWER_BOX = 7.0  # mm: the height of an answer's boxes (taller where a fraction needs it)
ANSWER_PAD = 0.6  # mm at least between a number and its answer box's sides
ANSWER_LINE_GAP = 2.0  # mm between the lines of an answer


def _answer_slot(puzzle: JSON) -> float:
    """The width of each box of an answer: the widest number's, so answers line up."""
    return max(_estimate(text, BOX_PT) for text in puzzle["numbers"]) * BOLD + 2 * ANSWER_PAD


def _answer_box(puzzle: JSON) -> float:
    """The height of an answer's boxes: ANSWER_BOX, or a stacked fraction's height and its
    padding, so the box grows with its text."""
    if not any("/" in text for text in puzzle["numbers"]):
        return ANSWER_BOX
    stacked = BOX_PT * FRACTION * (2 * STACK + DIGIT_HEIGHT)
    return max(ANSWER_BOX, stacked + 2 * ANSWER_PAD)


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """The chain filled in, its boxes as narrow as the widest number allows (half the puzzle's
    width, so answers stand in columns); pre-filled numbers bold; long chains wrap as the
    puzzle's do."""
    given = {int(i) for i in puzzle.get("givens", {})}
    signs, slot, box_height = puzzle["signs"], _answer_slot(puzzle), _answer_box(puzzle)
    for line, boxes in enumerate(_row_lines(puzzle)):
        top = line * (box_height + ANSWER_LINE_GAP)
        y = top + box_height / 2
        x = ANSWER_SIGN if line else 0.0
        if line:
            pen.text(ANSWER_SIGN / 2, y, signs[boxes[0] - 1], BOX_PT, bold=True)
        for box in boxes:
            pen.rect(x, top, slot, box_height, width=THIN)
            _draw_number(pen, x + slot / 2, y, solution["order"][box], BOX_PT, box in given,
                         slot - ANSWER_PAD)
            if box < len(signs):
                pen.text(x + slot + ANSWER_SIGN / 2, y, signs[box], BOX_PT, bold=True)
            x += slot + ANSWER_SIGN


def measure_solution(puzzle: JSON) -> tuple[float, float]:
    lines, slot = _row_lines(puzzle), _answer_slot(puzzle)
    last = len(lines) - 1  # lines after the first open with a sign, lines before the last end with one
    width = max(len(boxes) * slot + (len(boxes) - 1 + (i > 0) + (i < last)) * ANSWER_SIGN
                for i, boxes in enumerate(lines))
    box_height = _answer_box(puzzle)
    return width, (len(lines) - 1) * (box_height + ANSWER_LINE_GAP) + box_height


def answer_note(puzzle: JSON, solution: JSON, count: int) -> str:
    if count == 1:
        return "the only arrangement"
    return f"one of {count:,} right orders"  # the rules say any order keeping the signs is right


def example() -> Generated:
    puzzle = {"signs": ["<", ">", "<"], "numbers": ["7", "2", "9", "5"], "givens": {},
              "arrangements": 5, "unique": False}
    return Generated(puzzle, {"order": ["2", "9", "5", "7"]}, rate(puzzle))


# --- hints ----------------------------------------------------------------------------------------
#
# A person places the numbers smallest first: the next one can only go in an empty box with no
# empty neighbour that must be smaller (the fence's `addable` boxes); pre-filled boxes narrow that
# further, and the fence's count says which boxes still leave an arrangement.


def _said(text: str) -> str:
    return text.replace("-", "\u2212")


def _boxes(boxes: list[int]) -> str:
    names = [str(box + 1) for box in boxes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """The free numbers smallest first, each with the box it goes in and why: the only box it
    fits, the only one that leaves room for the pre-filled numbers, or (when several arrangements
    work) one of the boxes it fits, the one the stored answer uses."""
    pinned, ranked = _pins(puzzle)
    order = [str(text) for text in solution["order"]]
    rows = fence("".join(puzzle["signs"]), pinned)
    box_of = {text: box for box, text in enumerate(order)}
    found: list[JSON] = []
    mask = 0
    for text in ranked:
        box = box_of[text]
        if pinned[box] < 0:
            fits = rows.addable(mask)
            room = [b for b in fits if rows.completions(mask | 1 << b)]
            head = f"{_said(text)} is the smallest number left: it goes in box {box + 1}"
            if len(fits) == 1:
                why = f"{head}, the only empty box with no empty neighbour that must be smaller"
            elif len(room) == 1:
                why = (f"{head}: it fits box {_boxes(fits)}, but only box {box + 1} leaves room "
                       "for the pre-filled numbers")
            else:
                why = (f"{_said(text)} is the smallest number left: it fits box {_boxes(room)}; "
                       f"these hints put it in box {box + 1}")
            found.append({"cells": [box], "value": text, "why": why})
        mask |= 1 << box
    return found


# --- registry record ------------------------------------------------------------------------------

SHOWCASE = (
    Showcase("hard", {"unique": True, "numbers": "mixed"}),  # pre-filled boxes, fractions
    Showcase("medium"),
    Showcase("medium", {"size": 10, "unique": True}, curve_seeds=8),
    Showcase("medium", {"size": 6, "unique": True}, curve_seeds=12),
    Showcase("medium", {"size": 10, "unique": False}, curve_seeds=2),
)


PLACEMENT = PuzzleType(
    name="placement",
    title="Number Placement",
    rules=fixed_rules(RULES),
    options=OPTIONS,
    showcase=SHOWCASE,
    generate=generate,
    check_request=check_request,
    solve=solve,
    check=check,
    validate=validate,
    rate=rate,
    expects_unique=lambda puzzle: bool(puzzle.get("unique", False)),
    measure=measure,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    answer_note=answer_note,
    example=fixed_example(example),
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    measure_solution=measure_solution,
    hardness=lambda rating: BANDS.hardness(rating["score"]),
    hints=hints,
    play_script="placement/play.js",
)
