"""Arrow-count puzzles ("traffic signs"): each cell's number counts the different numbers its
arrow points at, all the way to the edge.

Parameters, board geometry, solver, grader, generator, drawing, then the registry record, in
that order.

The solver keeps a candidate set per cell (a bitmask, bit v for the number v) and revises one sign
at a time: from the numbers already certain among the cells it points at and the candidates of the
rest it bounds the sign's own number, and from the sign's number it restricts the cells it points
at (all repeats, all new, or a needed number only one cell can still supply). Search picks the
cell with the fewest candidates. The same rules, switched on in stages, grade a puzzle by what a
person needs: counting alone, elimination chains over pencil marks, or case analysis.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import islice
from typing import Any

from bookgen.core.grading import LEVELS, Bands, Step, make_at_level, remove_givens, told_in_order
from bookgen.core.options import Option
from bookgen.core.pen import MEDIUM, THIN, Pen
from bookgen.core.symmetry import SYMMETRIES
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.puzzles.base import (
    JSON,
    Generated,
    Printed,
    PuzzleType,
    Request,
    Showcase,
    Solved,
    always_unique,
    fixed_example,
    fixed_rules,
    form_key,
    no_answer_note,
    numbers_printed,
)

# --- parameters -----------------------------------------------------------------------------------

STEPS = {"N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1),
         "S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1)}
DIRECTIONS = tuple(STEPS)
LINES = ("E+W", "N+S", "NE+SW", "SE+NW")
NAME_OF_STEP = {step: name for name, step in STEPS.items()}
OPPOSITE = {"N": "S", "NE": "SW", "E": "W", "SE": "NW", "S": "N", "SW": "NE", "W": "E", "NW": "SE"}
MIN_SIDE, MAX_SIDE = 4, 8        # what the generator makes
MAX_JSON_SIDE = 12               # what a hand-entered puzzle may use

OPTIONS = (
    Option("size", "size", "grid size: N for N x N, or RxC (default 5x5)", low=MIN_SIDE,
           high=MAX_SIDE, default=(5, 5)),
    Option("two_headed", "float", "share of signs that are two-headed arrows (E+W and so on; "
           "default 0.2)", low=0.0, high=1.0, default=0.2),
)

RULES = (
    "Every square carries a sign. Write a number in each square: it must equal how many "
    "different numbers stand in the squares its arrow points at, all the way to the edge of the "
    "grid. A two-headed arrow looks both ways. Bold numbers are given."
)


def printed(puzzle: JSON) -> Printed:
    """The page draws every square's arrows and prints the given counts."""
    return Printed({"arrows": puzzle["arrows"], "givens": puzzle["givens"]},
                   numbers_printed(puzzle["givens"]))


def canonical(puzzle: JSON) -> str:
    """Turned or mirrored, with every arrow turned alike, a grid is the same puzzle."""
    forms = []
    for symmetry in SYMMETRIES:
        arrows = [["+".join(sorted((NAME_OF_STEP[symmetry.step(*STEPS[d])] for d in heads(sign)),
                                   key=DIRECTIONS.index))
                   for sign in row] for row in symmetry.grid(puzzle["arrows"])]
        forms.append([arrows, symmetry.grid(puzzle["givens"])])
    return form_key(*forms)


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A filled grid turned or mirrored, with its arrows turned alike, is the same answer."""
    return canonical({"arrows": puzzle["arrows"], "givens": solution["grid"]})

Cell = int           # index row * cols + col
Domains = list[int]  # per cell, the candidate numbers as a bitmask (bit v set: v is possible)


def heads(sign: str) -> tuple[str, ...]:
    """The directions a sign looks in: ('E',) or ('E', 'W') for 'E+W'."""
    return tuple(sign.split("+"))


# --- board geometry -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """The precomputed structure of a sign layout, so the solver never does coordinates.

    targets[c]: the cells sign c points at; watchers[c]: the signs to revise when cell c's
    candidates change (c itself and every sign pointing at c); natural[c]: numbers 1 to the
    length of c's line.
    """

    rows: int
    cols: int
    targets: tuple[tuple[Cell, ...], ...]
    watchers: tuple[tuple[Cell, ...], ...]
    natural: tuple[int, ...]

    @property
    def size(self) -> int:
        return self.rows * self.cols


def ray(rows: int, cols: int, row: int, col: int, direction: str) -> list[tuple[int, int]]:
    """The cells from (row, col) in one direction up to the edge, nearest first."""
    dr, dc = STEPS[direction]
    cells = []
    r, c = row + dr, col + dc
    while 0 <= r < rows and 0 <= c < cols:
        cells.append((r, c))
        r, c = r + dr, c + dc
    return cells


def span(bits: int) -> int:
    """The mask of the numbers 1 to `bits`."""
    return ((1 << (bits + 1)) - 1) & ~1


@lru_cache(maxsize=256)
def board_of(arrows: tuple[tuple[str, ...], ...]) -> Board:
    rows, cols = len(arrows), len(arrows[0])
    targets = []
    for r in range(rows):
        for c in range(cols):
            seen = [rr * cols + cc for d in heads(arrows[r][c]) for rr, cc in ray(rows, cols, r, c, d)]
            targets.append(tuple(seen))
    watchers: list[list[Cell]] = [[cell] for cell in range(rows * cols)]
    for sign, cells in enumerate(targets):
        for cell in cells:
            watchers[cell].append(sign)
    return Board(rows, cols, tuple(targets), tuple(tuple(w) for w in watchers),
                 tuple(span(len(t)) for t in targets))


def board_for(puzzle: JSON) -> Board:
    return board_of(tuple(tuple(row) for row in puzzle["arrows"]))


def numbers(mask: int) -> list[int]:
    """The candidates in a mask, smallest first."""
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


def single(mask: int) -> bool:
    return mask & (mask - 1) == 0


def start(board: Board, givens: list[int]) -> Domains:
    """Candidates before any reasoning: a given number, or 1 to the length of the line."""
    return [1 << g if g else board.natural[cell] for cell, g in enumerate(givens)]


# --- solver ---------------------------------------------------------------------------------------


def revise(board: Board, domains: Domains, sign: Cell) -> list[Cell] | None:
    """Apply one sign's count rule; the cells whose candidates shrank, or None on contradiction.

    With S the numbers certain among the cells the sign sees, B the undecided ones and F those of
    B that could still bring a number outside S:
    - its number is at least |S| plus the count of cells of B that cannot repeat S and have no
      candidate in common (each needs a new number of its own), and at most |S| plus the smaller
      of |F| and the count of new numbers the candidates of B hold;
    - if it can be no more than |S|, every cell of B repeats a number of S;
    - if it must be |S| + |F|, every cell of F brings a new number;
    - if it must be every number the line can still hold, a number only one cell can supply
      goes in that cell.
    """
    seen = 0
    blanks: list[Cell] = []
    for cell in board.targets[sign]:
        mask = domains[cell]
        if mask & (mask - 1):
            blanks.append(cell)
        else:
            seen |= mask
    known = seen.bit_count()
    fresh = []
    offered = 0
    apart = 0
    needs = 0
    for cell in blanks:
        mask = domains[cell]
        new = mask & ~seen
        if new:
            fresh.append(cell)
            offered |= new
            if new == mask and not mask & apart:
                apart |= mask
                needs += 1
    available = offered.bit_count()
    low = known + needs
    high = known + (len(fresh) if len(fresh) < available else available)
    own = domains[sign]
    narrowed = own >> low << low & (2 << high) - 1  # the numbers low to high
    if not narrowed:
        return None
    changed: list[Cell] = []
    if narrowed != own:
        domains[sign] = narrowed
        changed.append(sign)
    if not blanks:
        return changed
    least = (narrowed & -narrowed).bit_length() - 1
    most = narrowed.bit_length() - 1
    if most == known:
        for cell in blanks:
            mask = domains[cell] & seen
            if not mask:
                return None
            if mask != domains[cell]:
                domains[cell] = mask
                changed.append(cell)
        return changed
    if least == known + len(fresh):
        for cell in fresh:
            mask = domains[cell] & ~seen
            if mask != domains[cell]:
                domains[cell] = mask
                changed.append(cell)
    if least == known + available:
        for value in numbers(offered):
            bit = 1 << value
            holders = [cell for cell in fresh if domains[cell] & bit]
            if len(holders) == 1 and domains[holders[0]] != bit:
                domains[holders[0]] = bit
                changed.append(holders[0])
    return changed


def propagate(board: Board, domains: Domains, signs: Sequence[Cell]) -> bool:
    """Revise signs until nothing changes; False when some sign cannot be satisfied."""
    queue = list(signs)
    queued = set(queue)
    watchers = board.watchers
    while queue:
        sign = queue.pop()
        queued.discard(sign)
        changed = revise(board, domains, sign)
        if changed is None:
            return False
        for cell in changed:
            for other in watchers[cell]:
                if other not in queued:
                    queued.add(other)
                    queue.append(other)
    return True


class OutOfSteps(Exception):
    """A search used up its budget of guesses (the generator then keeps the given it tried)."""


def solutions(board: Board, domains: Domains, budget: list[int] | None = None) -> Iterator[Domains]:
    """Every completion of propagated candidates, guessing at the cell with the fewest candidates
    (then the one most signs look at); with `budget` ([guesses]), raise OutOfSteps once that many
    guesses are spent."""
    best, fewest = -1, (99, 0)
    for cell, mask in enumerate(domains):
        if mask & (mask - 1):
            key = (mask.bit_count(), -len(board.watchers[cell]))
            if key < fewest:
                best, fewest = cell, key
    if best < 0:
        yield domains
        return
    for value in numbers(domains[best]):
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise OutOfSteps
        child = domains.copy()
        child[best] = 1 << value
        if propagate(board, child, board.watchers[best]):
            yield from solutions(board, child, budget)


def initial(board: Board, givens: list[int]) -> Domains | None:
    """Fully propagated starting candidates, or None when the givens contradict each other."""
    domains = start(board, givens)
    return domains if propagate(board, domains, range(board.size)) else None


def grid_of(board: Board, domains: Domains) -> list[list[int]]:
    values = [mask.bit_length() - 1 for mask in domains]
    return [values[r * board.cols:(r + 1) * board.cols] for r in range(board.rows)]


def flat_givens(puzzle: JSON) -> list[int]:
    return [value for row in puzzle["givens"] for value in row]


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    board = board_for(puzzle)
    domains = initial(board, flat_givens(puzzle))
    if domains is None:
        return Solved(0, None)
    first = None
    count = 0
    for found in islice(solutions(board, domains), cap):
        if first is None:
            first = {"grid": grid_of(board, found)}
        count += 1
    return Solved(count, first)


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """Rule violations of a filled grid, counted directly from the rays."""
    arrows = puzzle["arrows"]
    grid = solution.get("grid")
    rows, cols = len(arrows), len(arrows[0])
    if (not isinstance(grid, list) or len(grid) != rows
            or any(not isinstance(row, list) or len(row) != cols for row in grid)):
        return [f"the answer must be a {rows} x {cols} grid of numbers"]
    problems = []
    for r in range(rows):
        for c in range(cols):
            given = puzzle["givens"][r][c]
            value = grid[r][c]
            if given and value != given:
                problems.append(f"row {r + 1} column {c + 1} must keep its given {given}")
            seen = {grid[rr][cc] for d in heads(arrows[r][c]) for rr, cc in ray(rows, cols, r, c, d)}
            if value != len(seen):
                problems.append(f"row {r + 1} column {c + 1} holds {value} but its arrow "
                                f"{arrows[r][c]} sees {len(seen)} different numbers")
    return problems


def sign_problem(sign: Any) -> str | None:
    """Why a JSON sign is not one of the allowed strings, or None."""
    allowed = f"one of {', '.join(DIRECTIONS)}, or two opposite ones joined by '+' ({', '.join(LINES)})"
    if not isinstance(sign, str):
        return f"{sign!r} is not a sign; use {allowed}"
    parts = sign.split("+")
    if any(part not in STEPS for part in parts) or len(parts) > 2:
        return f"unknown direction {sign!r}; use {allowed}"
    if len(parts) == 2 and OPPOSITE[parts[0]] != parts[1]:
        return f"{sign!r} joins directions that are not opposite; use {allowed}"
    return None


def validate(puzzle: JSON) -> None:
    arrows, givens = puzzle.get("arrows"), puzzle.get("givens")
    if (not isinstance(arrows, list) or not arrows or not isinstance(arrows[0], list)
            or not arrows[0] or any(not isinstance(row, list) or len(row) != len(arrows[0])
                                    for row in arrows)):
        raise PuzzleFormatError("'arrows' must be a non-empty list of equally long rows of signs",
                                key="arrows")
    rows, cols = len(arrows), len(arrows[0])
    if rows > MAX_JSON_SIDE or cols > MAX_JSON_SIDE:
        raise PuzzleFormatError(f"a grid has at most {MAX_JSON_SIDE} rows and columns",
                                key="arrows")
    for r, row in enumerate(arrows):
        for c, sign in enumerate(row):
            where = f"row {r + 1} column {c + 1}"
            problem = sign_problem(sign)
            if problem:
                raise PuzzleFormatError(f"{where}: {problem}", key="arrows")
            for direction in heads(sign):
                if not ray(rows, cols, r, c, direction):
                    raise PuzzleFormatError(
                        f"{where}: the arrow {direction} points off the grid; every arrow must "
                        "point at one square at least", key="arrows")
    if (not isinstance(givens, list) or len(givens) != rows
            or any(not isinstance(row, list) or len(row) != cols for row in givens)):
        raise PuzzleFormatError(f"'givens' must be a {rows} x {cols} grid of numbers (0 blank)",
                                key="givens")
    board = board_for(puzzle)
    for r, row in enumerate(givens):
        for c, value in enumerate(row):
            line = len(board.targets[r * cols + c])
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= line:
                raise PuzzleFormatError(
                    f"row {r + 1} column {c + 1}: given {value!r} is out of range; its sign sees "
                    f"{line} square{'s' if line > 1 else ''}, so use 1 to {line} (0 for blank)",
                    key="givens")


# --- grader -------------------------------------------------------------------------------------

STAGES = ("counting", "elimination", "cases", "search")
# Grade bands per level (inclusive): 10 points per stage, plus a load of 0 to 9 within the stage.
BANDS = Bands.of({"easy": (0, 9), "medium": (10, 19), "hard": (20, 21), "expert": (22, 39)})


def solved(domains: Domains) -> bool:
    return all(single(mask) for mask in domains)


def counting_sweep(board: Board, domains: Domains) -> int:
    """Numbers a person finds by counting: one sign and the numbers already written in its line
    (no pencil marks; a blank square only knows that its number is 1 to its line's length).
    Writes them into `domains` and returns how many; -1 if the written numbers contradict."""
    found = 0
    for sign, targets in enumerate(board.targets):
        saved = domains[sign], [domains[cell] for cell in targets]
        changed = revise(board, domains, sign)
        if changed is None:
            return -1
        if not changed:
            continue
        forced = [(cell, domains[cell]) for cell in changed if single(domains[cell])]
        domains[sign] = saved[0]
        for cell, before in zip(targets, saved[1]):
            domains[cell] = before
        for cell, mask in forced:
            if not single(domains[cell]):
                domains[cell] = mask
                found += 1
    return found


def false_case(board: Board, domains: Domains, known: list[int] | None = None
               ) -> tuple[Cell, int] | None:
    """The first candidate (cell, number) whose assumption leads by elimination to a
    contradiction, trying the cells with the fewest candidates first; None if there is none.
    `known` (the answer, when the generator has it) skips assuming the true numbers, which
    never lead to a contradiction: the same result, sooner."""
    undecided = sorted((mask.bit_count(), cell) for cell, mask in enumerate(domains)
                       if not single(mask))
    for _, cell in undecided:
        for value in numbers(domains[cell]):
            if known is not None and known[cell] == value:
                continue
            trial = domains.copy()
            trial[cell] = 1 << value
            if not propagate(board, trial, board.watchers[cell]):
                return cell, value
    return None


def case_step(board: Board, domains: Domains, known: list[int] | None = None) -> bool:
    """One case analysis: find a candidate whose assumption leads by elimination to a
    contradiction, remove it and propagate again. False when no single assumption helps."""
    found = false_case(board, domains, known)
    if found is None:
        return False
    cell, value = found
    domains[cell] &= ~(1 << value)
    return propagate(board, domains, board.watchers[cell])


def deduce(board: Board, givens: list[int], grade_limit: float = BANDS.top("expert"),
           known: list[int] | None = None) -> JSON:
    """Solve as a person would, each stage only when the easier ones are stuck, and stop once the
    grade passes `grade_limit`. The figures: stage reached, numbers found by counting, cases
    needed, whether it ended solved, and the grade. `known`: the answer, if known (faster).

    The grade is 10 points per stage (counting 0, elimination 10, cases 20, search 30) plus a
    load of 0 to 9: for counting the share of blank squares, for elimination the share of
    squares counting could not fill, for cases and search ten times the cases per square.
    """
    cells = board.size
    domains = start(board, givens)
    blanks = sum(1 for value in givens if not value)
    obvious = sum(1 for cell, value in enumerate(givens) if not value and single(domains[cell]))
    figures: JSON = {"stage": "counting", "counted": obvious, "cases": 0, "solved": False}

    def finish(stage: str, load: int) -> JSON:
        figures["stage"] = stage
        figures["grade"] = 10 * STAGES.index(stage) + min(9, load)
        figures["solved"] = solved(domains)
        return figures

    while (found := counting_sweep(board, domains)) > 0:
        figures["counted"] += found
    if found < 0 or solved(domains):
        return finish("counting", 9 * blanks // cells)
    left = 9 * (blanks - figures["counted"]) // cells
    if grade_limit < 10 or not propagate(board, domains, range(cells)) or solved(domains):
        return finish("elimination", left)
    cases = 0
    while 20 + 10 * cases // cells <= grade_limit and case_step(board, domains, known):
        cases += 1
        figures["cases"] = cases
        if solved(domains):
            return finish("cases", 10 * cases // cells)
    return finish("search", 10 * cases // cells)


def rate(puzzle: JSON, answer: list[int] | None = None) -> JSON:
    """The measured figures: grade and level, the stage a person needs, numbers found by
    counting alone, case analyses needed, and givens. The generator passes the `answer` (the
    numbers, row by row) to skip assuming true numbers: the same figures, sooner."""
    board = board_for(puzzle)
    givens = flat_givens(puzzle)
    figures = deduce(board, givens, known=answer)
    return {
        "level": BANDS.level_of(figures["grade"]),
        "grade": figures["grade"],
        "stage": figures["stage"],
        "counted": figures["counted"],
        "cases": figures["cases"],
        "givens": sum(1 for value in givens if value),
        "cells": board.size,
    }


# --- hints ----------------------------------------------------------------------------------------
#
# The grader's stages (counting, elimination, cases), recorded as they place numbers and told one
# square at a time for the playable page; see core.grading.told_in_order.

Known = Mapping[Cell, int]


def _where(board: Board, cell: Cell) -> str:
    return f"row {cell // board.cols + 1}, column {cell % board.cols + 1}"


def _listed(values: list[int]) -> str:
    text = [str(v) for v in values]
    return text[0] if len(text) == 1 else ", ".join(text[:-1]) + " and " + text[-1]


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _different(count: int) -> str:
    word = NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)
    return f"{word} different number" + ("" if count == 1 else "s")


def _sees_all(board: Board, known: Known, cell: Cell, value: int) -> str | None:
    """A sign whose squares are all filled counts their different numbers."""
    targets = board.targets[cell]
    if len(targets) == 1 and value == 1:
        return "1 goes here: its arrow sees just one square"
    if not targets or any(target not in known for target in targets):
        return None
    seen = [known[target] for target in targets]
    if len(set(seen)) != value:
        return None
    return f"{value} goes here: its arrow sees {_listed(seen)}, {_different(value)}"


def _counted(board: Board, known: Known, cell: Cell, value: int) -> str | None:
    """One sign, with only the numbers written so far (counting, no pencil marks), leaves one
    number for this square: the square's own sign or a sign that points at it."""
    for sign in board.watchers[cell]:
        domains = [1 << known[c] if c in known else board.natural[c] for c in range(board.size)]
        if revise(board, domains, sign) is None or domains[cell] != 1 << value:
            continue
        if sign == cell:
            return (f"{value} goes here: counting the numbers its arrow can still see leaves only "
                    f"{value}")
        return (f"{value} goes here: the arrow at {_where(board, sign)} counts "
                f"{known[sign] if sign in known else 'what it sees'}, and with the numbers already "
                f"in its line only {value} fits this square")
    return None


def _stage_reason(board: Board, cases: dict[int, tuple[Cell, int]], told: set[int], step: str,
                  known: Known, cell: Cell, value: int) -> str:
    """The stage's own words; a case is told in full once (in `told`), then referred to."""
    if step == "line":
        return f"{value} goes here: its arrow sees just one square"
    if step.startswith("cases"):
        case = int(step.split()[1])
        tried, wrong = cases[case]
        if case in told:
            return (f"{value} goes here: still with {_where(board, tried)} not {wrong}, listing "
                    f"for every empty square the numbers its line still allows leaves only "
                    f"{value} for this square")
        told.add(case)
        if tried == cell:
            return (f"{value} goes here: try {wrong} here and follow what the arrows then force: "
                    f"some square is left with no number that fits, so this square is not {wrong}, "
                    f"and of the numbers its line still allows only {value} is left")
        return (f"{value} goes here: try {wrong} in {_where(board, tried)} and follow what "
                f"the arrows then force: some square is left with no number that fits, so "
                f"{_where(board, tried)} is not {wrong}; knowing that, and listing for every empty "
                f"square the numbers its line still allows, only {value} is left for this square")
    if step == "search":
        return f"{value} goes here: this square needs trial and error; the only answer has {value}"
    return (f"{value} goes here: list for every empty square the numbers it could still hold "
            f"(Notes can keep the list), then cross out each number an arrow's count rules out, "
            f"again and again; only {value} is left for this square")


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Each number the grader's stages find, in their order, with its reason. A puzzle the stages
    cannot finish (graded as needing search) gets the rest from its one answer, said so."""
    board = board_for(puzzle)
    givens = flat_givens(puzzle)
    domains = start(board, givens)
    steps: list[Step[Cell]] = []
    cases: dict[int, tuple[Cell, int]] = {}

    def placed() -> dict[Cell, int]:
        return {cell: mask.bit_length() - 1 for cell, mask in enumerate(domains) if single(mask) and mask}

    def record(name: str, before: dict[Cell, int]) -> None:
        now = placed()
        steps.append(Step(name, {cell: v for cell, v in now.items() if cell not in before}))

    begun = {cell: value for cell, value in enumerate(givens) if value}
    record("line", begun)
    while not solved(domains):
        before = placed()
        found = counting_sweep(board, domains)
        if found < 0:
            return []
        if not found:
            break
        record("counting", before)
    if not solved(domains):
        before = placed()
        if not propagate(board, domains, range(board.size)):
            return []
        record("elimination", before)
    while not solved(domains):
        before = placed()
        case = false_case(board, domains)
        if case is None:
            break
        cases[len(cases)] = case
        domains[case[0]] &= ~(1 << case[1])
        if not propagate(board, domains, board.watchers[case[0]]):
            return []
        record(f"cases {len(cases) - 1}", before)
    answer = [v for row in solution["grid"] for v in row]
    rest = {cell: answer[cell] for cell in range(board.size) if cell not in placed()}
    if rest:
        steps.append(Step("search", rest))
    told = told_in_order(steps, begun, [partial(_sees_all, board), partial(_counted, board)],
                         partial(_stage_reason, board, cases, set()))
    return [{"cells": [[cell // board.cols, cell % board.cols]], "value": value, "why": why}
            for cell, value, why in told]


# --- generator ------------------------------------------------------------------------------------

WALK_STEPS = 40        # random-walk repairs per square before a filling attempt gives up
UNIQUE_GUESSES = 3000  # guesses the uniqueness proof may spend on an expert puzzle
QUICK_GUESSES = 20     # guesses spent looking for a second answer before grading a removal
ATTEMPTS = 200         # fresh layouts tried before a request is declared impossible
MIN_EXPERT_CELLS = 24


def random_layout(rng: random.Random, rows: int, cols: int, two_headed: float) -> list[list[str]]:
    """Random signs: a share of two-headed ones where both heads fit, the rest single arrows,
    longer lines more likely (they make room for larger numbers)."""
    arrows = []
    for r in range(rows):
        row = []
        for c in range(cols):
            lines = [line for line in LINES if all(ray(rows, cols, r, c, d) for d in heads(line))]
            if lines and rng.random() < two_headed:
                row.append(rng.choice(lines))
            else:
                choices = [d for d in DIRECTIONS if ray(rows, cols, r, c, d)]
                weights = [len(ray(rows, cols, r, c, d)) for d in choices]
                row.append(rng.choices(choices, weights)[0])
        arrows.append(row)
    return arrows


def random_filling(board: Board, rng: random.Random) -> list[int] | None:
    """A random consistent filling, or None: start from random numbers and keep rewriting a
    random wrong square to what its arrow sees (a min-conflicts random walk).

    Rejected: the solver's search with a random value order. On 8x8 it found a filling within 200
    guesses in 8% of tries, and those it found were mostly 1s and 2s; the walk finds one in most
    tries with 2s, 3s and 4s common.
    """
    values = [rng.randint(1, len(line)) for line in board.targets]

    def wrong(cell: Cell) -> bool:
        return values[cell] != len({values[t] for t in board.targets[cell]})

    broken = {cell for cell in range(board.size) if wrong(cell)}
    for _ in range(WALK_STEPS * board.size):
        if not broken:
            return values
        cell = rng.choice(sorted(broken))
        values[cell] = len({values[t] for t in board.targets[cell]})
        for other in board.watchers[cell]:
            if wrong(other):
                broken.add(other)
            else:
                broken.discard(other)
    return values if not broken else None


def varied(values: list[int]) -> bool:
    """Whether a filling is interesting: it uses 1, 2 and 3 at least (and 4 from 7x7 up).
    Fillings always hold every number up to their largest, so this asks for large numbers."""
    return len(set(values)) >= (3 if len(values) < 49 else 4)


def second_answer(board: Board, givens: list[int], cell: Cell, value: int,
                  budget: int) -> bool | None:
    """Whether the puzzle has an answer with `cell` off `value`: True or False, or None when the
    search spends `budget` guesses first. If the puzzle with `cell` given had one answer, every
    other answer of the puzzle without it has `cell` off `value`: this searches only the part
    of the tree where a second answer can be."""
    domains = start(board, givens)
    domains[cell] &= ~(1 << value)
    if not domains[cell] or not propagate(board, domains, range(board.size)):
        return False
    try:
        return next(solutions(board, domains, [budget]), None) is not None
    except OutOfSteps:
        return None


# The curve a reader sees: each level keeps at least this percentage of the squares as givens (its
# removal stops there) and would rather print fewer than the level below keeps, so the levels'
# givens do not overlap (on 5x5: easy 7 or more, medium 5-6, hard 3-4, expert 2 or fewer).
GIVEN_FLOORS = {"easy": 28, "medium": 18, "hard": 12, "expert": 0}


def given_bounds_of(level: str, cells: int) -> tuple[int, int | None]:
    """(floor, ceiling) of the givens a puzzle of `level` on `cells` squares prints: the floor
    is kept whatever the level, the ceiling (one under the easier level's floor) preferred."""
    floor = -(-GIVEN_FLOORS[level] * cells // 100)  # rounded up
    index = LEVELS.index(level)
    if index == 0:
        return floor, None
    return floor, -(-GIVEN_FLOORS[LEVELS[index - 1]] * cells // 100) - 1


def reduce_givens(rng: random.Random, board: Board, values: list[int], level: str) -> list[int]:
    """Remove givens one at a time, in random order, while the puzzle stays uniquely solvable
    within the level's grade (expert: while no second answer turns up within UNIQUE_GUESSES
    guesses). At levels graded with case analysis a second answer found within QUICK_GUESSES
    refuses a removal before grading (at the others grading is cheaper than looking). Never
    below the level's floor of givens."""
    limit = BANDS.top(level)
    with_cases = limit >= 10 * STAGES.index("cases")
    accepted: set[Cell] = set()

    def givens_without(removed: set[Cell]) -> list[int]:
        return [0 if cell in removed else value for cell, value in enumerate(values)]

    def still_solvable(removed: set[Cell]) -> bool:
        (cell,) = removed - accepted  # remove_givens tries one more cell each time
        givens = givens_without(removed)
        if level == "expert":
            solvable = second_answer(board, givens, cell, values[cell], UNIQUE_GUESSES) is False
        elif with_cases and second_answer(board, givens, cell, values[cell], QUICK_GUESSES):
            solvable = False  # cheaper than grading where grading runs case analysis
        else:
            figures = deduce(board, givens, limit, values)
            solvable = bool(figures["solved"]) and figures["grade"] <= limit
        if solvable:
            accepted.add(cell)
        return solvable

    floor, _ = given_bounds_of(level, board.size)
    return givens_without(remove_givens(rng, range(board.size), still_solvable, keep=floor))


def check_request(request: Request) -> None:
    rows, cols = request.settings["size"]
    if request.level == "expert" and rows * cols < MIN_EXPERT_CELLS:
        raise BookgenError(f"expert arrow puzzles need at least {MIN_EXPERT_CELLS} squares "
                           f"(4x6 or 5x5); {rows}x{cols} is too small to need that much case "
                           "analysis", key="size")


@dataclass(frozen=True)
class Filled:
    """A random layout of signs with a consistent filling: the answer a puzzle is cut from."""

    arrows: list[list[str]]
    board: Board
    values: list[int]


def generate(rng: random.Random, request: Request) -> Generated:
    level = request.level
    rows, cols = request.settings["size"]
    share = request.settings["two_headed"]

    def fill() -> Filled | None:
        """A fresh layout and filling; None when the walk fails or the numbers are dull."""
        arrows = random_layout(rng, rows, cols, share)
        board = board_of(tuple(tuple(row) for row in arrows))
        values = random_filling(board, rng)
        if values is None or not varied(values):
            return None
        return Filled(arrows, board, values)

    answers: list[list[int]] = []

    def reduce(filled: Filled) -> JSON:
        givens = reduce_givens(rng, filled.board, filled.values, level)
        answers.append(filled.values)
        return {"arrows": filled.arrows, "givens": grid_of(filled.board, [1 << g for g in givens])}

    _, ceiling = given_bounds_of(level, rows * cols)
    made = make_at_level(level, ATTEMPTS, fill, reduce, lambda puzzle: rate(puzzle, answers[-1]),
                         f"could not make a {level} {rows}x{cols} arrow puzzle in {ATTEMPTS} "
                         "tries; try another size",
                         prefer=None if ceiling is None else lambda rating: rating["givens"] <= ceiling)
    answer = made.answer
    return Generated(made.puzzle, {"grid": grid_of(answer.board, [1 << v for v in answer.values])},
                     made.rating)


# --- drawing --------------------------------------------------------------------------------------

CELL = 14.0          # square side, mm
ARROW_Y = 0.27       # arrow centre, as a share of the square from its top
ARROW_HALF = 0.21    # half the arrow's length, as a share of the square
NUMBER_Y = 0.70      # number centre, as a share of the square from its top
HEAD_LENGTH = 1.5
HEAD_HALF_WIDTH = 0.85
ARROW_WIDTH = 0.4
NUMBER_SIZE = 13


def measure(puzzle: JSON) -> tuple[float, float]:
    return len(puzzle["arrows"][0]) * CELL, len(puzzle["arrows"]) * CELL


def _head(pen: Pen, tip_x: float, tip_y: float, ux: float, uy: float) -> None:
    """A filled triangular arrow head with its tip at (tip_x, tip_y), pointing along (ux, uy)."""
    base_x, base_y = tip_x - ux * HEAD_LENGTH, tip_y - uy * HEAD_LENGTH
    px, py = -uy * HEAD_HALF_WIDTH, ux * HEAD_HALF_WIDTH
    pen.polygon([(tip_x, tip_y), (base_x + px, base_y + py), (base_x - px, base_y - py)],
                width=THIN, fill=0.0)


def draw_sign(pen: Pen, x: float, y: float, sign: str) -> None:
    """The sign of the square at (x, y): a shaft through the arrow area with a head at each
    end it looks towards, so a two-headed sign shows two heads and a one-way sign one."""
    directions = heads(sign)
    dr, dc = STEPS[directions[0]]
    norm = (dr * dr + dc * dc) ** 0.5
    ux, uy = dc / norm, dr / norm
    cx, cy = x + CELL / 2, y + CELL * ARROW_Y
    half = CELL * ARROW_HALF
    front = (cx + ux * half, cy + uy * half)
    back = (cx - ux * half, cy - uy * half)
    two_headed = len(directions) == 2
    shaft_front = (front[0] - ux * HEAD_LENGTH * 0.8, front[1] - uy * HEAD_LENGTH * 0.8)
    shaft_back = (back[0] + ux * HEAD_LENGTH * 0.8, back[1] + uy * HEAD_LENGTH * 0.8) \
        if two_headed else back
    pen.line(shaft_back[0], shaft_back[1], shaft_front[0], shaft_front[1], width=ARROW_WIDTH)
    _head(pen, front[0], front[1], ux, uy)
    if two_headed:
        _head(pen, back[0], back[1], -ux, -uy)


GLYPHS = {"N": "\u2191", "NE": "\u2197", "E": "\u2192", "SE": "\u2198", "S": "\u2193",
          "SW": "\u2199", "W": "\u2190", "NW": "\u2196", "N+S": "\u2195", "E+W": "\u2194",
          "NE+SW": "\u2922", "NW+SE": "\u2921"}
"""Each sign as one character, for the playable page (the book draws its arrows with lines)."""


def glyph(sign: str) -> str:
    """The sign's character; a two-headed sign may name its heads in either order."""
    if "+" in sign:
        first, second = sign.split("+", 1)
        return GLYPHS.get(f"{first}+{second}") or GLYPHS.get(f"{second}+{first}", sign)
    return GLYPHS.get(sign, sign)


def play_data(puzzle: JSON) -> JSON:
    """The playable board's arrows as characters, square by square ("" where there is none)."""
    return {"glyphs": [[glyph(sign) if sign else "" for sign in row] for row in puzzle["arrows"]]}


def _draw_grid(pen: Pen, puzzle: JSON, numbers_shown: list[list[int]]) -> None:
    arrows = puzzle["arrows"]
    rows, cols = len(arrows), len(arrows[0])
    for r in range(rows):
        for c in range(cols):
            x, y = c * CELL, r * CELL
            pen.rect(x, y, CELL, CELL, width=THIN)
            draw_sign(pen, x, y, arrows[r][c])
            if numbers_shown[r][c]:
                pen.text(x + CELL / 2, y + CELL * NUMBER_Y, str(numbers_shown[r][c]),
                         NUMBER_SIZE, bold=bool(puzzle["givens"][r][c]))
    pen.rect(0, 0, cols * CELL, rows * CELL, width=MEDIUM)


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    _draw_grid(pen, puzzle, puzzle["givens"])


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    _draw_grid(pen, puzzle, solution["grid"])


def example() -> Generated:
    """A 3x4 puzzle with every kind of two-headed sign but one; counting alone solves it."""
    puzzle = {
        "arrows": [["E", "SE", "S", "W"], ["N+S", "NE+SW", "W", "W"], ["N", "E+W", "E+W", "NW"]],
        "givens": [[3, 0, 0, 0], [0, 0, 2, 0], [0, 2, 0, 0]],
    }
    solution = {"grid": [[3, 1, 2, 3], [2, 1, 2, 2], [2, 2, 1, 2]]}
    return Generated(puzzle, solution, rate(puzzle))


# --- registry record ------------------------------------------------------------------------------

SHOWCASE = (Showcase("medium"), Showcase("medium", {"size": "5x5"}, curve_seeds=3))


ARROWS = PuzzleType(
    name="arrows",
    title="Arrow Count",
    rules=fixed_rules(RULES),
    options=OPTIONS,
    showcase=SHOWCASE,
    generate=generate,
    check_request=check_request,
    solve=solve,
    check=check,
    validate=validate,
    rate=rate,
    expects_unique=always_unique,
    measure=measure,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    answer_note=no_answer_note,
    example=fixed_example(example),
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    hardness=lambda rating: BANDS.hardness(rating["grade"]),
    hints=hints,
    play_script="arrows/play.js",
    play_data=play_data,
)
