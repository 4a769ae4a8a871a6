"""The generator: a random filled grid (a jigsaw's on a random layout of regions first), then
givens removed an orbit at a time (two cells turned half way round each other, by default; the
symmetry's turns and mirrors) while the puzzle keeps one answer and the grader still solves it
within the level; a killer's cages grown over the grid, settled to one answer without givens
(at easy, a classic's givens reduced on them). Kept when its measured level is the one
asked for and the grader's techniques finish it (`finished_by_logic`).
"""

from __future__ import annotations

import random
from itertools import islice

from bookgen import i18n
from bookgen.api import JSON, Generated, Request, _
from bookgen.core.grading import ALL_LEVELS, level_word, make_at_level, remove_givens
from bookgen.core.symmetry import SYMMETRIES, Symmetry
from bookgen.errors import BookgenError
from bookgen.i18n.conjunctions import joined
from bookgen.puzzles.sudoku.board import Board, Cell, board_of, rows_of
from bookgen.puzzles.sudoku.cages import CAGE_SIZES, cages_of, moved, random_cages
from bookgen.puzzles.sudoku.grader import WEIGHTS, Contradiction, bands_of, graded, rate
from bookgen.puzzles.sudoku.parameters import (
    HEX_SIZES,
    VARIANT_SIZES,
    has_cages,
    has_regions,
    hex_of,
)
from bookgen.puzzles.sudoku.regions import random_layout
from bookgen.puzzles.sudoku.solver import (
    Budget,
    deadly_rectangles,
    differs_in,
    initial,
    singles_finish,
    singles_restore,
    solutions,
    values_of,
)

ATTEMPTS = 200          # filled grids tried before a request is declared impossible
REDUCTIONS_PER_GRID = 3  # removal orders tried on each filled grid
GIVEN_FLOORS = {9: {"easy": 34, "medium": 30}, 8: {"easy": 27, "medium": 24},
                12: {"easy": 61, "medium": 53}, 16: {"easy": 108, "medium": 96}}
"""Givens a grid keeps at the easy levels, as published puzzles do (singles alone can solve a
9x9 grid of 27 givens, which would print fewer givens at easy than at hard): on a 9x9, 34 and 30
of 81; the larger and smaller grids keep the same shares of their squares (42% and 37%)."""
JIGSAW_FLOORS = {9: {"easy": 34, "medium": 27}}
"""A jigsaw's: its irregular regions leave more hidden singles, so at 30 givens only one
reduction in fifteen still needs a naked single (medium); at 27, one in four."""
JIGSAW_DIAGONAL_FLOORS = {9: {"easy": 34, "medium": 22, "master": 16}}
"""A jigsaw's with diagonals: two more houses leave more hidden singles still, and at 27 givens a
medium took 3.7 s of processor, at 22 0.6 s (6 seeds). Its master stops at 16: reduced to a
minimal puzzle (13 givens), 2 of 5 went past what the grader's trials finish, and rejecting them
took 3.6 s a puzzle; at 16, 6 of 6 rate master (6.6 to 8.0) at 0.43 s."""
UNREACHABLE = {4: ("hard", "expert", "master"), 6: ("expert", "master"), 8: ("master",),
               16: ("master",)}
"""Levels a size is never made at: every 4x4 sudoku falls to full houses and hidden singles in
boxes, and a 6x6 needs little more; an 8x8 seldom needs more than a wing (bench/sudoku.py), and
rating a 16x16 past expert, by trial, takes the grader most of a minute a puzzle."""
KILLER_GUESSES = 2000
"""Guesses a killer's count of answers may make: cages without givens settle in far fewer, mostly
(cages of 2-4, 0.8 s a master), and a few would search for seconds (fresh cages are quicker)."""
KILLER_MOVES = 20
"""Squares moved between cages (`cages.moved`) while the cages leave two answers, before fresh
cages are drawn: of 15 killers of cages of 2-4, the most one took was 8."""
KILLER_DRAWS = 60
"""Cages of one answer drawn on one grid for one the grader rates at the level (below master):
at expert, 1 in 30 of cages of 2-3 is (bench/sudoku_variants.py)."""
LAYOUTS = 50         # jigsaw layouts tried for one filled grid
LAYOUT_GUESSES = 300
"""Guesses the search may make to fill a jigsaw's empty grid: many layouts have no answer or hide
it deep, and a fresh layout is quicker than a long search (bench/sudoku_variants.py: 56 of 100 9x9
layouts fill within it, at 47 guesses the median)."""


def filled(rng: random.Random, board: Board, budget: Budget | None = None) -> list[int] | None:
    """A random complete grid: the solver's search on an empty grid, numbers tried in random
    order; None when the board has no answer within the budget."""
    found = next(solutions(board, [board.full] * board.cells, rng, budget), None)
    return None if found is None else values_of(found)


def filled_jigsaw(rng: random.Random, size: int, variant: str = "jigsaw") -> tuple[Board, list[int]] | None:
    """A random layout of regions and a random complete grid for it, on the variant's other
    houses too (a jigsaw's diagonals); None if `LAYOUTS` layouts in a row fill within no budget."""
    for _try in range(LAYOUTS):
        board = board_of(size, variant, tuple(random_layout(rng, size)))
        answer = filled(rng, board, Budget(LAYOUT_GUESSES))
        if answer is not None:
            return board, answer
    return None


PATTERN_MOVES = {
    "none": (), "rotational": (Symmetry(False, True, True),), "mirror": (Symmetry(False, False, True),),
    "quarter-turn": (Symmetry(False, True, True), Symmetry(True, True, False), Symmetry(True, False, True)),
    "two-mirrors": (Symmetry(False, True, True), Symmetry(False, False, True), Symmetry(False, True, False)),
    "eight-way": SYMMETRIES,
}
"""The turns and mirrors that carry the givens onto themselves, by pattern: a half turn, a mirror
left to right, the three turns by quarters, the two mirrors and the half turn they make together,
or all eight (the diagonal mirrors too)."""


def orbits(board: Board, pattern: str) -> list[tuple[Cell, ...]]:
    """The cells removed together so the givens keep the pattern: a cell and every cell the
    pattern's turns and mirrors carry it to (`PATTERN_MOVES`), in the order of their first
    cells."""
    n = board.size
    seen: set[Cell] = set()
    result = []
    for cell in range(board.cells):
        if cell in seen:
            continue
        r, c = divmod(cell, n)
        orbit = tuple(sorted({cell} | {row * n + col for row, col in
                                       (move.cell(r, c, n, n) for move in PATTERN_MOVES[pattern])}))
        seen.update(orbit)
        result.append(orbit)
    return result


def reduce_givens(rng: random.Random, board: Board, answer: list[int], level: str,
                  pattern: str) -> list[int]:
    """Remove orbits in random order while the puzzle keeps one answer and the grader finishes it
    with techniques no harder than the level allows, down to the level's floor of givens. Below
    the techniques that assume one answer (a unique rectangle, BUG+1) the grader alone decides:
    its techniques only deduce, so a puzzle they finish has one answer. From those on, and at
    every level past the singles, the solver must find no other answer first (it fails a puzzle
    of two answers far sooner than the grader, which tries every technique before it gives up),
    and it searches only where another answer could differ: in the orbit just removed, as the
    givens kept before had one answer (`differs_in`). Where the level takes any technique, the
    solver alone decides; a removal that leaves blank four cells whose numbers swap round into
    another answer (`deadly_rectangles`) goes back without asking it. Where every single is
    within the level: a removal that singles put back (`singles_restore`) stays without a
    question or a grade, at every step: its givens lead by singles to the state the givens kept
    lead to, so they have the same answer and, past the singles, the same grade (the grader's
    loop takes every single before anything else; `grader.graded` keeps that grade for the
    state). Givens that naked and hidden singles alone finish have one answer, and the grader
    finishes them by the same singles, so the removal stays without a grade; the solver is asked
    before `singles_finish`, as most removals that singles do not put back leave two answers,
    and `singles_finish` propagates over the whole grid where MiniSat answers in one call (the
    same removals kept: givens singles finish have one answer)."""
    limit = bands_of(board).top(level)
    any_technique = limit >= WEIGHTS["contradiction"]
    # a killer's grader takes neither (its sums break the symmetry they rest on)
    counted = limit >= min(WEIGHTS["unique rectangle"], WEIGHTS["bug+1"]) and not board.cages
    # past the singles, a puzzle of two answers costs the grader far more than the solver
    past_singles = limit >= WEIGHTS["pointing"] and not board.cages
    # where the level takes every single: the givens singles alone finish have one answer, and
    # the grader finishes them by the same singles first (the solver's quickest question)
    singles_decide = limit >= WEIGHTS["naked single"] and not board.cages
    # where the solver is asked: four blank cells whose numbers swap round leave two answers
    rectangles = deadly_rectangles(board, answer) if counted or past_singles else []

    kept: set[tuple[Cell, ...]] = set()  # the removals kept so far: their givens have one answer
    kept_givens = answer  # the givens they leave
    kept_blanks = 0  # their blank cells, as a mask
    singles_kept = True  # whether singles finish those givens (fewer never finish sooner)

    def still_solvable(removed: set[tuple[Cell, ...]]) -> bool:
        nonlocal kept_givens, kept_blanks, singles_kept
        (orbit,) = removed - kept
        givens = kept_givens.copy()
        blanks = kept_blanks
        for cell in orbit:
            givens[cell] = 0
            blanks |= 1 << cell
        if singles_decide and singles_restore(board, givens, answer, orbit):
            singles_now = True  # the givens kept, put back: their answers and grade past the singles
        elif (counted or past_singles) and (any(not rectangle & ~blanks for rectangle in rectangles)
                                            or differs_in(board, givens, answer, orbit)):
            return False
        elif singles_decide and singles_kept and singles_finish(board, givens):
            singles_now = True
        elif any_technique or graded_within(givens):
            singles_now = False
        else:
            return False
        kept.add(orbit)
        kept_givens, kept_blanks, singles_kept = givens, blanks, singles_kept and singles_now
        return True

    def graded_within(givens: list[int]) -> bool:
        try:
            return bool(graded(board, givens, limit)["solved"])
        except Contradiction:
            return False

    pieces = orbits(board, pattern)
    floors = ({} if board.cages else JIGSAW_DIAGONAL_FLOORS if board.variant == "jigsaw-diagonal"
              else JIGSAW_FLOORS if has_regions(board.variant) else GIVEN_FLOORS)
    floor = floors.get(board.size, {}).get(level, 0)
    remove_givens(rng, pieces, still_solvable, keep=floor * len(pieces) // board.cells)
    return kept_givens.copy()  # the answer itself when nothing could go


def one_answer(rng: random.Random, board: Board, answer: list[int], sizes: tuple[int, int]) -> Board | None:
    """The board with cages grown at `sizes` whose sums alone have one answer, no givens: while
    the solver finds two, a square where they differ moves to a neighbouring cage, which breaks
    one of them (`cages.moved`). None when a count runs out of its budget, no such square moves,
    or `KILLER_MOVES` leave two answers still: fresh cages are quicker."""
    size = board.size
    layout = board.layout if has_regions(board.variant) else None
    groups = [list(cells) for cells, _ in random_cages(rng, size, answer, sizes)]
    for _move in range(KILLER_MOVES):
        caged = board_of(size, board.variant, layout, tuple(cages_of(groups, answer)))
        candidates = initial(caged, [0] * caged.cells)
        assert candidates is not None  # the answer keeps every cage
        budget = Budget(KILLER_GUESSES)
        found = [values_of(c) for c in islice(solutions(caged, candidates, None, budget), 2)]
        if budget.left <= 0:
            return None
        if len(found) == 1:
            return caged
        differ = [cell for cell in range(caged.cells) if found[0][cell] != found[1][cell]]
        rng.shuffle(differ)
        if not any(moved(rng, size, groups, answer, cell, sizes[1] + 1) for cell in differ):
            return None
    return None


def rated_at(board: Board, level: str) -> bool:
    """Whether the grader finishes the givenless killer with the level's techniques and not with
    the level's below: the cheap test of a grade, where a full rating of the cages past it would
    try the trials a master takes."""
    bands = bands_of(board)
    below = ALL_LEVELS[ALL_LEVELS.index(level) - 1]
    blank = [0] * board.cells
    return bool(graded(board, blank, bands.top(level))["solved"]
                and not graded(board, blank, bands.top(below))["solved"])


def killer(rng: random.Random, board: Board, level: str, answer: list[int], pattern: str) -> JSON:
    """A killer of the answer on the board's houses (a jigsaw's regions, the diagonals): cages
    grown at the level's sizes. Past easy it has no givens: its cages alone have one answer
    (`one_answer`), drawn until the grader rates them at the level (`rated_at`; a master's are
    rated once, by the generation loop: their trials are slow to grade twice). An easy killer
    takes a classic's givens, reduced while singles and the cages whose sums one set of numbers
    makes finish it (`reduce_givens`, with the symmetry asked for): the easy band stops at hidden
    singles, and a killer without givens needs a naked single or a cage's combinations at least
    (0 of 30 rated easy, their cages grown of one combination where the grid allowed)."""
    size = board.size
    layout = board.layout if has_regions(board.variant) else None
    if level == "easy":
        cages = random_cages(rng, size, answer, CAGE_SIZES[level])
        caged = board_of(size, board.variant, layout, tuple(cages))
        givens = reduce_givens(rng, caged, answer, level, pattern)
    else:
        draws = 0
        while True:
            settled = one_answer(rng, board, answer, CAGE_SIZES[level])
            if settled is None:
                continue
            draws += 1
            caged = settled
            if level == "master" or draws >= KILLER_DRAWS or rated_at(caged, level):
                break
        givens = [0] * caged.cells
    puzzle: JSON = {"variant": board.variant, "givens": rows_of(caged, givens)}
    if layout is not None:
        puzzle["regions"] = rows_of(caged, list(layout))
    puzzle["cages"] = [{"sum": total, "cells": [list(divmod(cell, size)) for cell in cells]}
                       for cells, total in caged.cages]
    return puzzle


def check_request(request: Request) -> None:
    size = int(request.settings["size"])
    variant = request.settings["variant"]
    if variant in VARIANT_SIZES and str(size) not in VARIANT_SIZES[variant]:
        raise BookgenError(i18n._("a {variant} sudoku comes in size {sizes}, not {size}; choose another "
                                  "size or variant").format(
                               variant=variant, size=size, sizes=joined(VARIANT_SIZES[variant], "or")),
                           key="variant")
    if has_cages(variant) and request.level != "easy" and request.settings["symmetry"] != "rotational":
        raise BookgenError(i18n._("a killer sudoku past easy has no givens, so no symmetry of "
                                  "givens to choose; leave out symmetry: {symmetry}").format(
                               symmetry=request.settings["symmetry"]), key="symmetry")
    if request.level in UNREACHABLE.get(size, ()):
        why = {8: i18n._("a minimal 8x8 seldom needs more than an expert's techniques"),
               16: i18n._("rating a 16x16 past expert takes most of a minute a puzzle")}.get(
            size, i18n._("every one falls to the simplest techniques"))
        raise BookgenError(i18n._("a {size} sudoku is never {level}: {why}; choose size 9, or an easier "
                                  "level").format(
                               size=f"{size}x{size}", level=level_word(request.level), why=why),
                           key="difficulty")
    if request.settings.get("symbols") == "hex" and size not in HEX_SIZES:
        raise BookgenError(i18n._("only a {sizes} sudoku prints hex (numbers 1 to 9 are one character "
                                  "already); leave out symbols: hex, or choose size {numbers}").format(
                               sizes=joined([f"{n}x{n}" for n in HEX_SIZES], "or"),
                               numbers=joined([str(n) for n in HEX_SIZES], "or")), key="symbols")


def finished_by_logic(rating: JSON) -> bool:
    """Whether the grader's techniques finish the puzzle: one they cannot finish scores `SEARCH`,
    past every band but master's top, and a book prints no puzzle a person must guess through
    (a master's minimal givens, counted by the solver alone, may leave one: of 5 jigsaws with
    diagonals, 2)."""
    return rating["hardest"] != "search"


def generate(rng: random.Random, request: Request) -> Generated:
    level = request.level
    size = int(request.settings["size"])
    variant = request.settings["variant"]

    def fill() -> tuple[Board, list[int]] | None:
        if has_regions(variant):
            return filled_jigsaw(rng, size, variant)
        board = board_of(size, variant)
        answer = filled(rng, board)
        return None if answer is None else (board, answer)

    def reduce(answer: tuple[Board, list[int]]) -> JSON:
        board, grid = answer
        if has_cages(variant):
            return killer(rng, board, level, grid, request.settings["symmetry"])
        givens = reduce_givens(rng, board, grid, level, request.settings["symmetry"])
        puzzle: JSON = {"variant": variant, "givens": rows_of(board, givens)}
        if has_regions(variant):
            puzzle["regions"] = rows_of(board, list(board.layout))
        if hex_of(request):
            puzzle["symbols"] = "hex"
        return puzzle

    made = make_at_level(level, ATTEMPTS, fill, reduce, rate,
                         _("could not make a {level} {size} {variant} sudoku in {tries} tries; try "
                           "another level or size").format(level=level_word(level), size=f"{size}x{size}",
                                                           variant=variant, tries=ATTEMPTS),
                         reductions_per_answer=REDUCTIONS_PER_GRID, accept=finished_by_logic)
    board, grid = made.answer
    return Generated(made.puzzle, {"grid": rows_of(board, grid)}, made.rating)
