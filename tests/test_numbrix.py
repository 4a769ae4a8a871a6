"""Numbrix and Hidato: paths, the solver against brute force and published puzzles, the grader's
levels, uniqueness of generated puzzles, shapes, pages and clear errors."""

from __future__ import annotations

import bisect
import random
import re

import networkx as nx
import pytest

from bookgen.book import different_puzzles
from bookgen.core.grading import Deduction, simplest_first
from bookgen.core.hamilton import KING_STEPS, neighbour_lists, random_path
from bookgen.core.options import parse_options
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.making import make_puzzle
from bookgen.puzzles.base import Request, too_few_exist
from bookgen.puzzles.numbrix import HIDATO, NUMBRIX, generator
from bookgen.puzzles.numbrix.board import bits_of, board_of, givens_of, make_board
from bookgen.puzzles.numbrix.generator import WalkTooLong, every_path
from bookgen.puzzles.numbrix.grader import (
    DEDUCTIONS,
    PROVEN,
    TrialBudget,
    TrialsSpent,
    grade_of,
    run_grader,
    stretch,
)
from bookgen.puzzles.numbrix.shapes import SHAPES, STRETCH_CAP, shape_cells
from bookgen.puzzles.numbrix.solver import Contradiction, State, grid_of, search, start_state


def parse(text: str) -> list[list[int | None]]:
    """A grid from text: numbers, 0 or '__' for blank, '.' outside the shape."""
    return [[None if t == "." else 0 if t == "__" else int(t) for t in line.split()]
            for line in text.strip().splitlines()]


# Rosetta Code, "Solve a Numbrix puzzle", examples 1 and 2 (Parade-style 9x9), with their answers.
ROSETTA_1 = parse("""
0  0  0  0  0  0  0  0  0
0  0 46 45  0 55 74  0  0
0 38  0  0 43  0  0 78  0
0 35  0  0  0  0  0 71  0
0  0 33  0  0  0 59  0  0
0 17  0  0  0  0  0 67  0
0 18  0  0 11  0  0 64  0
0  0 24 21  0  1  2  0  0
0  0  0  0  0  0  0  0  0""")
ROSETTA_1_ANSWER = parse("""
49 50 51 52 53 54 75 76 81
48 47 46 45 44 55 74 77 80
37 38 39 40 43 56 73 78 79
36 35 34 41 42 57 72 71 70
31 32 33 14 13 58 59 68 69
30 17 16 15 12 61 60 67 66
29 18 19 20 11 62 63 64 65
28 25 24 21 10  1  2  3  4
27 26 23 22  9  8  7  6  5""")
ROSETTA_2 = parse("""
0  0  0  0  0  0  0  0  0
0 11 12 15 18 21 62 61  0
0  6  0  0  0  0  0 60  0
0 33  0  0  0  0  0 57  0
0 32  0  0  0  0  0 56  0
0 37  0  1  0  0  0 73  0
0 38  0  0  0  0  0 72  0
0 43 44 47 48 51 76 77  0
0  0  0  0  0  0  0  0  0""")
ROSETTA_2_ANSWER = parse("""
 9 10 13 14 19 20 63 64 65
 8 11 12 15 18 21 62 61 66
 7  6  5 16 17 22 59 60 67
34 33  4  3 24 23 58 57 68
35 32 31  2 25 54 55 56 69
36 37 30  1 26 53 74 73 70
39 38 29 28 27 52 75 72 71
40 43 44 47 48 51 76 77 78
41 42 45 46 49 50 81 80 79""")
# The Hidato from Wikipedia (used by Rosetta Code, "Solve a Hidato puzzle"): a shaped grid.
WIKI_HIDATO = parse("""
__ 33 35 __ __  .  .  .
__ __ 24 22 __  .  .  .
__ __ __ 21 __ __  .  .
__ 26 __ 13 40 11  .  .
27 __ __ __  9 __  1  .
 .  . __ __ 18 __ __  .
 .  .  .  . __  7 __ __
 .  .  .  .  .  .  5 __""")
WIKI_HIDATO_ANSWER = parse("""
32 33 35 36 37  .  .  .
31 34 24 22 38  .  .  .
30 25 23 21 12 39  .  .
29 26 20 13 40 11  .  .
27 28 14 19  9 10  1  .
 .  . 15 16 18  8  2  .
 .  .  .  . 17  7  6  3
 .  .  .  .  .  .  5  4""")


# --- paths ----------------------------------------------------------------------------------------


def grid_graph(cells, diagonal) -> nx.Graph:
    """The graph on the cells, by networkx (apart from the generator's neighbour lists)."""
    rows, cols = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
    graph = nx.grid_2d_graph(rows, cols)
    if diagonal:
        graph.add_edges_from(((r, c), (r + dr, c + dc)) for r in range(rows) for c in range(cols)
                             for dr, dc in KING_STEPS if 0 <= r + dr < rows and 0 <= c + dc < cols)
    return nx.Graph(graph.subgraph(cells))


def test_neighbour_lists_are_the_graphs():
    for cells, diagonal in [([(r, c) for r in range(5) for c in range(11)], False),
                            (SHAPES["heart"](12, 12), True), (SHAPES["ring"](9, 9), False)]:
        graph, index = grid_graph(cells, diagonal), {cell: i for i, cell in enumerate(cells)}
        assert neighbour_lists(cells, diagonal) == [sorted(index[n] for n in graph.neighbors(cell))
                                                    for cell in cells]


def _is_hamiltonian(path, cells, diagonal) -> bool:
    graph = grid_graph(cells, diagonal)
    return (sorted(path) == sorted(cells)
            and all(graph.has_edge(a, b) for a, b in zip(path, path[1:])))


@pytest.mark.parametrize("diagonal, low, high", [(False, 0.4, 0.75), (True, 0.6, 0.95)])
def test_paths_are_hamiltonian_and_varied(diagonal, low, high):
    rng = random.Random(11)
    cells = [(r, c) for r in range(8) for c in range(8)]
    starts, turn_shares = set(), []
    for _ in range(40):
        path = random_path(cells, diagonal, rng, "test")
        assert _is_hamiltonian(path, cells, diagonal)
        steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:])]
        turns = sum(s != t for s, t in zip(steps, steps[1:]))
        turn_shares.append(turns / (len(steps) - 1))
        starts.add(path[0])
    # a snake turns at 2 of 63 steps, a wall-hugging walk at few more; with eight directions
    # most steps turn
    assert low < sum(turn_shares) / len(turn_shares) < high
    assert min(turn_shares) > low - 0.15
    assert len(starts) >= 25
    assert any(0 < r < 7 and 0 < c < 7 for r, c in starts)  # not only corners and walls


def test_rectangular_and_shaped_paths():
    rng = random.Random(3)
    for cells, diagonal in [([(r, c) for r in range(5) for c in range(11)], False),
                            (SHAPES["heart"](12, 12), True), (SHAPES["ring"](9, 9), True)]:
        assert _is_hamiltonian(random_path(cells, diagonal, rng, "test"), cells, diagonal)


# --- solver against brute force -------------------------------------------------------------------


def all_paths(cells, diagonal):
    """Every Hamiltonian path (as a cell list from 1 to N), by plain depth-first search."""
    graph = grid_graph(cells, diagonal)
    found = []

    def extend(path, seen):
        if len(path) == len(cells):
            found.append(list(path))
            return
        for nxt in sorted(graph.neighbors(path[-1])):
            if nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                extend(path, seen)
                path.pop()
                seen.discard(nxt)

    for start in cells:
        extend([start], {start})
    return found


@pytest.mark.parametrize("puzzle_type, cells", [
    (NUMBRIX, [(r, c) for r in range(4) for c in range(4)]),
    (NUMBRIX, [(r, c) for r in range(4) for c in range(4) if (r, c) != (0, 3)]),
    (HIDATO, [(r, c) for r in range(3) for c in range(3)]),
    (HIDATO, [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 2), (2, 3), (3, 3)]),
])
def test_solver_counts_match_brute_force(puzzle_type, cells):
    diagonal = puzzle_type is HIDATO
    paths = all_paths(cells, diagonal)
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    rng = random.Random(7)
    for trial in range(60):
        answer = rng.choice(paths)
        keep = rng.sample(range(len(cells)), rng.randrange(0, 5))
        givens = {answer[k]: k + 1 for k in keep}
        grid = [[None] * cols for _ in range(rows)]
        for cell in cells:
            grid[cell[0]][cell[1]] = givens.get(cell, 0)
        puzzle = {"grid": grid}
        expected = sum(all(p[k - 1] == cell for cell, k in givens.items()) for p in paths)
        solved = puzzle_type.solve(puzzle, None)
        assert solved.count == expected, (trial, grid)
        assert puzzle_type.check(puzzle, solved.solution) == []
        assert puzzle_type.solve(puzzle, 2).count == min(expected, 2)


def test_shape_without_a_numbrix_path_has_no_solution():
    cells = [(r, c) for r in range(3) for c in range(5) if (r, c) != (1, 2)]
    assert all_paths(cells, False) == []
    grid = [[0] * 5 for _ in range(3)]
    grid[1][2] = None
    assert NUMBRIX.solve({"grid": grid}, None).count == 0


def test_impossible_puzzle_has_no_solution():
    # 1 in a corner with 2 and 3 placed so that 2 cannot be next to both
    grid = [[1, 0, 0, 0], [0, 3, 0, 0], [0, 0, 0, 0], [0, 0, 0, 16]]
    assert NUMBRIX.solve({"grid": grid}, 2).count == 0


# --- published puzzles ----------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle_type, grid, answer", [
    (NUMBRIX, ROSETTA_1, ROSETTA_1_ANSWER),
    (NUMBRIX, ROSETTA_2, ROSETTA_2_ANSWER),
    (HIDATO, WIKI_HIDATO, WIKI_HIDATO_ANSWER),
])
def test_published_puzzles_have_their_known_answer(puzzle_type, grid, answer):
    puzzle = {"grid": grid}
    puzzle_type.validate(puzzle)
    solved = puzzle_type.solve(puzzle, None)
    assert solved.count == 1
    assert solved.solution == {"grid": answer}
    assert puzzle_type.check(puzzle, {"grid": answer}) == []
    assert puzzle_type.rate(puzzle)["logic_finishes"]


def test_puzzles_without_one_or_the_last_number_are_solved():
    puzzle = {"grid": [[0 if v in (1, 81) else v for v in row] for row in ROSETTA_1]}
    solved = NUMBRIX.solve(puzzle, 2)
    assert solved.count >= 1
    assert NUMBRIX.check(puzzle, solved.solution) == []


# --- rule checker ---------------------------------------------------------------------------------


def test_checker_rejects_wrong_answers():
    puzzle = {"grid": ROSETTA_1}
    good = [row[:] for row in ROSETTA_1_ANSWER]
    assert NUMBRIX.check(puzzle, {"grid": good}) == []
    swapped = [row[:] for row in good]
    swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]
    assert any("do not touch" in p for p in NUMBRIX.check(puzzle, {"grid": swapped}))
    changed = [row[:] for row in good]
    changed[7][5], changed[7][6] = 2, 1
    assert any("given" in p for p in NUMBRIX.check(puzzle, {"grid": changed}))
    twice = [row[:] for row in good]
    twice[0][0] = 50
    assert NUMBRIX.check(puzzle, {"grid": twice})
    assert NUMBRIX.check(puzzle, {"grid": good[:-1]})
    # a diagonal step is fine in Hidato and wrong in Numbrix
    diagonal = {"grid": [[1, 4], [3, 2]]}
    assert HIDATO.check({"grid": [[0, 0], [0, 0]]}, diagonal) == []
    assert NUMBRIX.check({"grid": [[0, 0], [0, 0]]}, diagonal)
    outside = {"grid": [[None, 0], [0, 0]]}
    assert HIDATO.check(outside, {"grid": [[4, 1], [3, 2]]})


# --- generator, grader and levels -----------------------------------------------------------------


@pytest.mark.parametrize("puzzle_type, level, options", [
    (NUMBRIX, "easy", {"size": "5x7"}),
    (NUMBRIX, "hard", {"size": "9", "symmetry": "rotational"}),
    (NUMBRIX, "expert", {"size": "7", "symmetry": "mirror"}),
    (NUMBRIX, "medium", {"size": "6", "keep_ends": "false"}),
    (HIDATO, "medium", {"shape": "heart", "size": "10"}),
    (HIDATO, "hard", {"shape": "..##../.####./######/.####./..##..", "symmetry": "mirror"}),
    (HIDATO, "expert", {"shape": "ring", "size": "8"}),
])
def test_generated_puzzles_are_unique_and_graded(puzzle_type, level, options):
    parsed = parse_options(puzzle_type.options, options, puzzle_type.name)
    # make_puzzle verifies rules, uniqueness and level
    record = make_puzzle(Request.make(puzzle_type, level, parsed), "test")
    assert puzzle_type.solve(record.puzzle, None).count == 1
    grid = record.puzzle["grid"]
    size = sum(v is not None for row in grid for v in row)
    numbers = [v for row in grid for v in row if v]
    if parsed.get("keep_ends", True):
        assert 1 in numbers and size in numbers
    # the grade is exactly the level's: the deductions of the level below do not finish it
    board = board_of(record.puzzle, puzzle_type is HIDATO)
    grade = grade_of(level)
    assert record.rating["grade"] == grade
    if grade > 1:
        state = start_state(board, givens_of(record.puzzle, board))
        assert not run_grader(state, grade - 1).finished
    symmetry = parsed.get("symmetry", "none")
    rows, cols = len(grid), len(grid[0])
    for r in range(rows):
        for c in range(cols):
            partner = {"rotational": (rows - 1 - r, cols - 1 - c), "mirror": (r, cols - 1 - c),
                       "none": (r, c)}[symmetry]
            value, other = grid[r][c], grid[partner[0]][partner[1]]
            if value and other is not None and value not in (1, size) and other not in (1, size):
                assert other != 0, (r, c)


def test_a_candidate_left_with_two_answers_is_drawn_again():
    """Seed h2.3 once drew a mirror-symmetric expert Hidato that removals (trusting dead_end to
    be monotone) left with two answers, and verification ended the book; it is redrawn now."""
    request = Request.make(HIDATO, "expert", parse_options(HIDATO.options, {"symmetry": "mirror"},
                                                           "hidato"))
    record = make_puzzle(request, "h2.3")  # verifies: one answer, graded expert
    assert HIDATO.solve(record.puzzle, 2).count == 1


@pytest.mark.parametrize("puzzle_type, level, options", [
    (NUMBRIX, "medium", {"size": "7x9"}),
    (NUMBRIX, "hard", {"size": "9"}),
    (NUMBRIX, "expert", {"size": "8"}),
    (HIDATO, "hard", {"shape": "circle", "size": "9"}),
    (HIDATO, "expert", {"size": "8", "keep_ends": "false"}),
])
def test_incremental_removal_leaves_minimal_puzzles_graded_at_the_level(puzzle_type, level, options,
                                                                       monkeypatch):
    """The removal loop reuses what earlier trials deduced, stops a trial once the removed number
    is deduced again and refuses removals that leave a second answer nearby. What it leaves is
    what the plain loop promises: the full grader, from scratch, rates it at the level, and
    every given it kept is needed (without it the level's deductions do not finish). Lookahead's
    patience, which keeps givens whose proof is long, is lifted here."""
    monkeypatch.setattr(generator, "LOOKAHEAD_PATIENCE", 10**9)
    monkeypatch.setattr(generator, "PLAINEST_FIRST_PATIENCE", 10**9)
    parsed = parse_options(puzzle_type.options, options, puzzle_type.name)
    keep_ends = parsed.get("keep_ends", True)
    for seed in ("fast1", "fast2", "fast3"):
        record = make_puzzle(Request.make(puzzle_type, level, parsed), seed)  # verifies the level
        assert puzzle_type.rate(record.puzzle)["level"] == level
        board = board_of(record.puzzle, puzzle_type is HIDATO)
        givens = givens_of(record.puzzle, board)
        size = board.mask.bit_count()
        for k in givens:
            fewer = {j: cell for j, cell in givens.items() if j != k}
            cap = STRETCH_CAP[level]
            if keep_ends and k in (0, size - 1) or cap is not None and stretch(fewer, size) > cap:
                continue
            state = start_state(board, fewer)
            assert not run_grader(state, grade_of(level), fast=True).finished, (seed, k + 1)


def test_a_spent_trial_budget_keeps_the_given_and_crosses_nothing_out():
    """Past its budget a removal trial raises TrialsSpent, never a Contradiction (which would
    cross a cell out): the puzzle it came from is left as it was, and with a budget too large to
    run out the same deductions finish it."""
    record = make_puzzle(Request.make(NUMBRIX, "expert", {"size": (9, 9)}), "budget")
    board = board_of(record.puzzle, False)
    state = start_state(board, givens_of(record.puzzle, board))
    run_grader(state, grade_of("hard"), fast=True)
    assert not state.solved()  # expert: the grade below stops short
    goal = (1 << state.size) - 1 & ~state.done
    before = state.copy()
    with pytest.raises(TrialsSpent):
        generator.deduces(state.copy(), goal, grade_of("expert"), None, TrialBudget(0))
    assert state.cand == before.cand
    assert generator.deduces(state.copy(), goal, grade_of("expert"), None, TrialBudget(10**9))


def test_lookahead_patience_changes_expert_only_and_keeps_it_expert(monkeypatch):
    """Only lookahead spends trials: hard puzzles are the same with the patience lifted; expert
    ones may keep other givens, and are still rated expert with one answer."""
    def made(level: str, seed: str) -> dict:
        return make_puzzle(Request.make(NUMBRIX, level, {"size": (9, 9)}), seed).puzzle

    usual = {(level, seed): made(level, seed) for level in ("hard", "expert") for seed in ("p1", "p2")}
    monkeypatch.setattr(generator, "LOOKAHEAD_PATIENCE", 10**9)
    monkeypatch.setattr(generator, "PLAINEST_FIRST_PATIENCE", 10**9)
    for (level, seed), puzzle in usual.items():
        lifted = made(level, seed)
        if level == "hard":
            assert puzzle == lifted
        else:
            assert NUMBRIX.rate(puzzle)["level"] == "expert"
            assert NUMBRIX.solve(puzzle, 2).count == 1


def test_expert_removal_tries_the_givens_that_tell_least_first():
    """Expert removes the givens on cells with the most neighbours, where the path runs straight,
    first: a snake through a 4x4 square puts its straight inner cells ahead of its corners, and
    pieces that tell as much keep the shuffled order they came in."""
    board = make_board(tuple((r, c) for r in range(4) for c in range(4)), False)
    snake = [(r, c if r % 2 == 0 else 3 - c) for r in range(4) for c in range(4)]
    path = [board.bit(cell) for cell in snake]
    pieces = [[k] for k in range(1, 15)]
    ordered = generator._plainest_first(board, path, pieces)
    assert sorted(ordered) == pieces
    at = {snake[piece[0]]: place for place, piece in enumerate(ordered)}
    assert max(at[1, 1], at[1, 2], at[2, 1], at[2, 2]) < min(at[0, 3], at[1, 0], at[3, 3])
    assert at[1, 2] < at[1, 1]  # tied (four neighbours, straight): the order they came in
    assert at[2, 1] < at[2, 2]


def test_levels_need_harder_deductions():
    used = {}
    for level in ("easy", "medium", "hard", "expert"):
        record = make_puzzle(Request.make(NUMBRIX, level, {"size": (7, 7)}), "levels")
        used[level] = set(record.rating["deductions"])
        assert record.rating["level"] == level
    assert used["easy"] == {"only_neighbour"}
    assert used["medium"] & {"dead_end", "gap_count"}
    assert not used["medium"] & {"route", "only_number", "lookahead"}
    assert used["hard"] & {"route", "only_number"} and "lookahead" not in used["hard"]
    assert "lookahead" in used["expert"]


@pytest.mark.parametrize("puzzle_type, options", [
    (NUMBRIX, {}),
    (NUMBRIX, {"size": "9"}),
    (NUMBRIX, {"size": "4x12", "keep_ends": "false"}),
    (NUMBRIX, {"size": "8", "symmetry": "rotational"}),
    (HIDATO, {"size": "9"}),
    (HIDATO, {"shape": "heart", "size": "10"}),
])
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_easy_and_medium_keep_gaps_between_givens_within_their_cap(puzzle_type, options, level):
    """Easy and medium pages stay fuller: no run of missing numbers longer than the level's cap
    (counted here from the grid), while the level is still the technique grade."""
    cap = STRETCH_CAP[level]
    assert cap is not None
    parsed = parse_options(puzzle_type.options, options, puzzle_type.name)
    for seed in ("cap1", "cap2"):
        record = make_puzzle(Request.make(puzzle_type, level, parsed), seed)  # verifies uniqueness and level
        grid = record.puzzle["grid"]
        size = sum(v is not None for row in grid for v in row)
        shown = sorted(v for row in grid for v in row if v)
        runs = [b - a - 1 for a, b in zip([0, *shown], [*shown, size + 1])]
        assert max(runs) <= cap
        assert record.rating["stretch"] == max(runs)
        assert puzzle_type.rate(record.puzzle)["level"] == level


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_builtin_shapes_make_puzzles_with_only_their_cells(shape):
    parsed = parse_options(HIDATO.options, {"shape": shape, "size": "7x9"}, "hidato")
    request = Request.make(HIDATO, "easy", parsed)
    record = make_puzzle(request, "shape")
    cells = set(shape_cells(request)[2])
    grid = record.puzzle["grid"]
    assert {(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None} == cells
    pen = RecordingPen()
    HIDATO.draw_puzzle(pen, record.puzzle)
    assert sum(1 for name, _ in pen.calls if name == "rect") == len(cells)


# --- pages ----------------------------------------------------------------------------------------


def test_pages_show_givens_bold_and_the_answer_path():
    puzzle, answer = {"grid": ROSETTA_1}, {"grid": ROSETTA_1_ANSWER}
    pen = RecordingPen()
    NUMBRIX.draw_puzzle(pen, puzzle)
    texts = [kw for name, kw in pen.calls if name == "text"]
    assert sorted(int(t["text"]) for t in texts) == sorted(v for row in ROSETTA_1 for v in row if v)
    assert all(t["bold"] for t in texts)
    pen = RecordingPen()
    NUMBRIX.draw_solution(pen, puzzle, answer)
    texts = [kw for name, kw in pen.calls if name == "text"]
    assert sorted(int(t["text"]) for t in texts) == list(range(1, 82))
    assert sum(t["bold"] for t in texts) == 20
    path = [kw for name, kw in pen.calls if name == "line" and kw["dash"]]
    walls = [kw["width"] for name, kw in pen.calls if name in ("rect", "line") and not kw.get("dash")]
    assert len(path) == 80 and all((a["x2"], a["y2"]) == (b["x1"], b["y1"]) for a, b in zip(path, path[1:]))
    assert max(kw["width"] for kw in path) < min(walls)  # the walls read heavier than the path
    width, height = NUMBRIX.measure(puzzle)
    x0, y0, x1, y1 = pen.bounds()
    assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height


# --- clear errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize("grid, words", [
    ([[1, 0], [0, 1]], "appears twice"),
    ([[1, 0, 0], [0, 0, 0], [0, 0, 3]], "no path can join them"),  # 4 steps apart, 2 numbers
    ([[1, 0, 0], [0, 4, 0], [0, 0, 0]], "colour"),  # Numbrix parity: 2 steps but 3 numbers
    ([[1, None, 0]], "pieces"),
    ([[1, 0], [0]], "equal rows"),
    ([[1, "x"], [0, 0]], "holds"),
    ([[1, 0], [0, 7]], "larger than"),
])
def test_bad_grids_get_clear_errors(grid, words):
    with pytest.raises(PuzzleFormatError, match=words):
        NUMBRIX.validate({"grid": grid})


def test_hidato_accepts_diagonal_givens_numbrix_refuses():
    grid = [[1, 0, 0], [0, 0, 0], [0, 0, 3]]
    HIDATO.validate({"grid": grid})
    with pytest.raises(PuzzleFormatError):
        NUMBRIX.validate({"grid": grid})


@pytest.mark.parametrize("options, words", [
    ({"size": "3"}, "4 to 15"),
    ({"size": "16x8"}, "4 to 15"),
    ({"shape": "star"}, "built-in"),
    ({"shape": "##./.#"}, "equal length"),
])
def test_bad_options_get_clear_errors(options, words):
    with pytest.raises(BookgenError, match=words):
        parse_options(HIDATO.options, options, "hidato")


@pytest.mark.parametrize("shape, words", [
    ("..#../..#../#####/..#../..#..", "only one other cell"),
    ("##../..../..##", "separate pieces"),
])
def test_shapes_without_a_path_are_refused_before_generating(shape, words):
    options = parse_options(HIDATO.options, {"shape": shape}, "hidato")
    with pytest.raises(BookgenError, match=words):
        Request.make(HIDATO, "easy", options)


def test_settings_carry_the_level_defaults_from_the_option_specs():
    for level, side in (("easy", 6), ("medium", 7), ("hard", 8), ("expert", 8)):
        request = Request.make(NUMBRIX, level, {})
        assert request.options == {}
        assert request.settings == {"size": (side, side), "symmetry": "none", "keep_ends": True}
    assert Request.make(NUMBRIX, "easy", {"size": "5x7"}).settings["size"] == (5, 7)
    hidato = Request.make(HIDATO, "medium", {})
    assert hidato.settings["shape"] == "square" and hidato.settings["size"] == (7, 7)
    # a mask brings its own size: the level's default size is no disagreement
    masked = Request.make(HIDATO, "hard", {"shape": "##./###/.##"})
    assert shape_cells(masked)[:2] == (3, 3)


def test_mask_and_size_must_agree():
    options = parse_options(HIDATO.options, {"shape": "####/####/####/####", "size": "5"}, "hidato")
    with pytest.raises(BookgenError, match="leave size out"):
        Request.make(HIDATO, "easy", options)


def test_examples_are_solved_and_unique():
    for puzzle_type in (NUMBRIX, HIDATO):
        example = puzzle_type.example(None)
        assert puzzle_type.check(example.puzzle, example.solution) == []
        assert puzzle_type.solve(example.puzzle, None).count == 1
        graph = grid_graph([(r, c) for r, row in enumerate(example.puzzle["grid"])
                            for c, v in enumerate(row) if v is not None], puzzle_type is HIDATO)
        assert nx.is_connected(graph)


def test_a_shape_of_few_cells_counts_its_puzzles_before_any_work():
    """Six cells in two columns: every path with every set of givens the removals may leave gives
    12 medium Hidato of 8 different paths (turned, mirrored or numbered backwards counted once);
    8 are made with 8 different answers, a 9th is refused up front, and hard has none at all. A
    4x4 square is too large to count (it gives hundreds) and says nothing."""
    medium = Request.make(HIDATO, "medium", {"shape": parse_options(
        HIDATO.options, {"shape": "##/##/##"}, "hidato")["shape"]})
    assert HIDATO.variety(medium) == 12
    assert len(HIDATO.answers(medium) or ()) == 8
    made = list(different_puzzles(medium, "few", 8))
    assert len({HIDATO.answer_form(r.puzzle, r.solution) for r in made}) == 8
    with pytest.raises(BookgenError, match="only 12 different puzzles exist"):
        next(different_puzzles(medium, "few", 13))
    with pytest.raises(BookgenError, match="only 8 different answers exist"):
        next(different_puzzles(medium, "few", 9))
    hard = Request.make(HIDATO, "hard", dict(medium.options))
    assert too_few_exist(hard, 1).startswith("no puzzle exists for hidato, hard")
    assert NUMBRIX.variety(Request.make(NUMBRIX, "hard", parse_options(
        NUMBRIX.options, {"size": "4"}, "numbrix"))) is None
    # the walk for every path is bounded: a 4x4 king's board has far too many to list
    king = make_board(tuple((r, c) for r in range(4) for c in range(4)), True)
    with pytest.raises(WalkTooLong):
        sum(1 for _ in every_path(king, 10_000))
    assert sum(1 for _ in every_path(make_board(((0, 0), (0, 1), (1, 0), (1, 1)), False), 100)) == 8


# --- the proof-reusing solver against a plain one ---------------------------------------------------


def plain_lookahead(state):
    """The grader's lookahead with every trial run from scratch (no end state kept or reused)."""
    state.sweep()
    for _, k in sorted((state.cand[k].bit_count(), k) for k in state.missing()
                       if state.cand[k].bit_count() <= 3):
        crossed = 0
        for cell in bits_of(state.cand[k]):
            trial = state.copy()
            try:
                trial.place(k, cell)
                trial.settle()
            except Contradiction:
                crossed |= cell
        if crossed:
            state.narrow(k, ~crossed)
            state.sweep()
            return crossed.bit_count()
    return 0


PLAIN_DEDUCTIONS = tuple(Deduction(step.name, step.rank, plain_lookahead) if step.name == "lookahead"
                         else step for step in DEDUCTIONS)


@pytest.mark.parametrize("puzzle_type, shapes", [(NUMBRIX, ["square"]), (HIDATO, ["circle", "heart"])])
def test_reused_trials_and_proofs_agree_with_a_plain_solver(puzzle_type, shapes):
    """Lookahead trials reused within a solve and across the removal loop, and the self-check
    reading the rating's proof, change no rating and no count: puzzles of every level are
    rated the same by the plain grader (every trial from scratch, no answer known), solved the
    same with the proof forgotten, and a plain search finds one answer, the recorded one."""
    diagonal = puzzle_type is HIDATO
    for index, level in enumerate(("easy", "medium", "hard", "expert") * 2):
        options = {"size": "7"} if puzzle_type is NUMBRIX else {"shape": shapes[index % 2], "size": "8"}
        request = Request.make(puzzle_type, level, parse_options(puzzle_type.options, options,
                                                                 puzzle_type.name))
        record = make_puzzle(request, f"plain{index}")
        board = board_of(record.puzzle, diagonal)
        state = start_state(board, givens_of(record.puzzle, board))
        plain = simplest_first(PLAIN_DEDUCTIONS, state, State.solved, grade_of("expert"), floor=1)
        assert plain.finished and plain.hardest == record.rating["grade"]
        assert {name: count for name, count in plain.counts.items() if count} == \
            record.rating["deductions"]
        proven = puzzle_type.solve(record.puzzle, 2)
        PROVEN.clear()
        assert puzzle_type.solve(record.puzzle, 2) == proven
        assert proven.count == 1 and proven.solution == record.solution
        found = search(start_state(board, givens_of(record.puzzle, board)), 2)
        assert len(found) == 1 and grid_of(record.puzzle, board, found[0]) == record.solution["grid"]


@pytest.mark.parametrize("joined", [True, False])
@pytest.mark.parametrize("diagonal", [False, True])
def test_the_second_answer_search_finds_every_answer_that_differs_near_the_removed_number(
        diagonal, joined, monkeypatch):
    """`another_path` (with a budget it never reaches) says yes exactly when the full solver
    finds another answer that agrees with the path outside one of its windows: the stretch
    around the removed number, alone or (`joined`) joined with the next stretch on either side
    or both."""
    monkeypatch.setattr(generator, "SECOND_PATH_NODES", 10 ** 6)
    rng = random.Random(f"second answers {diagonal}")
    cells = [(r, c) for r in range(5) for c in range(5)]
    board = make_board(tuple(cells), diagonal)
    last = len(cells) - 1
    outcomes = set()
    for _ in range(40):
        path = [board.bit(cell) for cell in random_path(cells, diagonal, rng, "5x5")]
        givens = sorted({0, last, *rng.sample(range(1, last), rng.randint(6, 10))})
        k = rng.choice([j for j in range(1, last) if j not in givens])
        answers = [state.cand for state in search(start_state(board, {j: path[j] for j in givens}), None)]
        at = bisect.bisect_left(givens, k)
        windows = [(givens[lo], givens[hi]) for lo, hi in
                   ((at - 1, at), (at - 2, at), (at - 1, at + 1), (at - 2, at + 1))[:4 if joined else 1]
                   if lo >= 0 and hi < len(givens)]
        expected = any(answer != path and all(answer[j] == path[j] for j in range(len(path))
                                               if not start <= j <= end)
                       for answer in answers for start, end in windows)
        assert generator.another_path(board, path, givens, k, joined) == expected
        assert not expected or len(answers) > 1
        outcomes.add(expected)
    assert outcomes == {True, False}


REVIEWED_HIDATO = {"grid": [[0, 0, 0, 0, 25, 0, 0], [1, 0, 22, 24, 0, 30, 0], [2, 0, 0, 37, 0, 0, 34],
                            [0, 3, 0, 0, 0, 0, 0], [0, 5, 6, 41, 42, 0, 49], [0, 0, 0, 0, 0, 44, 0],
                            [0, 0, 8, 9, 0, 0, 46]]}
"""An expert hidato a reviewer played: its hints said "every other one leads to a contradiction"."""


def test_a_lookahead_hint_names_each_failed_square_and_what_breaks_there():
    """"43 must go here: try each square where 43 could go ...; every other one leads to a
    contradiction" could not be learned from: a hint from a lookahead step names each other square
    and what its trial breaks, and the number there really leaves no answer."""
    solution = HIDATO.solve(REVIEWED_HIDATO, 2)
    assert solution.count == 1
    hints = HIDATO.hints(REVIEWED_HIDATO, solution.solution)
    grid = [row[:] for row in REVIEWED_HIDATO["grid"]]
    named = 0
    for hint in hints:
        for failed in re.finditer(r"were it in row (\d+), column (\d+), ", hint["why"]):
            tried = [row[:] for row in grid]
            tried[int(failed[1]) - 1][int(failed[2]) - 1] = hint["value"]
            assert HIDATO.solve({"grid": tried}, 1).count == 0
            named += 1
        (r, c), = hint["cells"]
        grid[r][c] = hint["value"]
    assert named >= 3
    assert ("43 must go here, as the other squares where it could go fail: were it in row 5, column 6, "
            "45 would have no square left") in [hint["why"] for hint in hints]
