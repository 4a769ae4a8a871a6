"""Sudoku's own facts: known puzzles with known answers, uniqueness proven, the techniques the
grader names, every size and level generating (master: past the line expert stays below), the
forms twins share, the one-line format."""

from __future__ import annotations

import itertools
import json
import random
from itertools import islice

import pytest

from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.making import make_puzzle, verify
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.sudoku import parse_line
from bookgen.puzzles.sudoku.board import board_of, flat
from bookgen.puzzles.sudoku.generator import filled, orbits, reduce_givens
from bookgen.puzzles.sudoku.grader import BANDS, deduce
from bookgen.puzzles.sudoku.solver import count

SUDOKU = find_type("sudoku")
# Norvig's first example and its answer; Arto Inkala's "AI Escargot" (needs more than patterns)
EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
EASY_ANSWER = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."


def grid(line: str) -> list[list[int]]:
    return parse_line(line)["givens"]


def replayed(puzzle: dict, hints: list[dict]) -> list[list[int]]:
    """The givens with every hint's number written in, each into a square still empty."""
    filled_in = [row.copy() for row in puzzle["givens"]]
    for hint in hints:
        (row, col), = hint["cells"]
        assert filled_in[row][col] == 0
        filled_in[row][col] = hint["value"]
    return filled_in


def test_a_known_puzzle_has_its_known_answer_and_no_other():
    solved = SUDOKU.solve(parse_line(EASY), 2)
    assert solved.count == 1 and solved.solution == {"grid": grid(EASY_ANSWER)}
    assert SUDOKU.check(parse_line(EASY), solved.solution) == []


def test_the_solver_counts_every_answer_up_to_its_cap():
    puzzle = {"variant": "classic", "givens": [[1, 2, 0, 0], [0, 0, 1, 2], [2, 1, 0, 0], [0, 0, 2, 1]]}
    assert SUDOKU.solve(puzzle, None).count == 4  # the 3 and 4 of each box's blank pair swap...
    assert SUDOKU.solve(puzzle, 2).count == 2
    for answer in ([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]],
                   [[1, 2, 4, 3], [4, 3, 1, 2], [2, 1, 3, 4], [3, 4, 2, 1]]):
        assert SUDOKU.check(puzzle, {"grid": answer}) == []  # ...each a true answer


def test_the_grader_names_the_techniques_a_person_uses():
    easy = SUDOKU.rate(parse_line(EASY))
    assert easy["level"] == "easy"
    assert easy["hardest"] in ("hidden single in a box", "hidden single in a line")
    escargot = SUDOKU.rate(parse_line(ESCARGOT))
    assert escargot["level"] == "master" and escargot["hardest"] in ("contradiction", "search")
    assert escargot["score"] > easy["score"]


def test_check_finds_broken_rules_apart_from_the_solver():
    puzzle = parse_line(EASY)
    wrong = grid(EASY_ANSWER)
    wrong[0][0], wrong[0][1] = wrong[0][1], wrong[0][0]
    problems = SUDOKU.check(puzzle, {"grid": wrong})
    assert any("column 1" in p for p in problems) and any("box 1" not in p for p in problems)
    diagonal = dict(puzzle, variant="diagonal")
    assert any("diagonal" in p for p in SUDOKU.check(diagonal, {"grid": grid(EASY_ANSWER)}))


@pytest.mark.parametrize("size, levels", [("4", ("easy", "medium")), ("6", ("easy", "medium", "hard"))])
def test_every_level_of_the_small_sizes_generates_and_verifies(size, levels):
    for level in levels:
        record = make_puzzle(Request.make(SUDOKU, level, {"size": size}), f"small-{level}")
        verify(record)
        assert record.rating["level"] == level and len(record.puzzle["givens"]) == int(size)


def test_a_diagonal_sudoku_keeps_its_diagonals():
    record = make_puzzle(Request.make(SUDOKU, "easy", {"variant": "diagonal"}), "diag")
    answer = record.solution["grid"]
    assert sorted(answer[i][i] for i in range(9)) == list(range(1, 10))
    assert sorted(answer[i][8 - i] for i in range(9)) == list(range(1, 10))


def test_sizes_that_never_reach_a_level_are_refused():
    with pytest.raises(BookgenError, match="4x4 sudoku is never hard"):
        Request.make(SUDOKU, "hard", {"size": "4"})
    with pytest.raises(BookgenError, match="6x6 sudoku is never expert"):
        Request.make(SUDOKU, "expert", {"size": "6"})
    for size in ("4", "6"):
        with pytest.raises(BookgenError, match=f"{size}x{size} sudoku is never master") as error:
            Request.make(SUDOKU, "master", {"size": size})
        assert error.value.key == "difficulty"


def test_givens_keep_the_symmetry_asked_for():
    for pattern in ("rotational", "mirror"):
        record = make_puzzle(Request.make(SUDOKU, "medium", {"symmetry": pattern}), f"sym-{pattern}")
        givens = record.puzzle["givens"]
        for cells in orbits(board_of(9, "classic"), pattern):
            assert len({bool(givens[c // 9][c % 9]) for c in cells}) == 1


def test_turned_and_relabelled_twins_share_one_form():
    givens = grid(EASY)
    turned = [list(row) for row in zip(*givens[::-1])]
    swap = {1: 2, 2: 1}
    relabelled = [[swap.get(v, v) for v in row] for row in turned]
    puzzle = {"variant": "classic", "givens": givens}
    assert SUDOKU.canonical(puzzle) == SUDOKU.canonical({"variant": "classic", "givens": relabelled})
    assert SUDOKU.canonical(puzzle) != SUDOKU.canonical({"variant": "diagonal", "givens": givens})


def test_a_known_puzzle_with_bands_and_stacks_moved_is_the_same_puzzle():
    """Norvig's first example with its bands reordered, a column swapped within its stack, turned
    on its side and its numbers renamed: one form; its answer is compared as printed."""
    givens = grid(EASY)
    moved = [givens[r] for r in (6, 8, 7, 0, 1, 2, 3, 5, 4)]
    moved = [[row[c] for c in (1, 0, 2, 3, 4, 5, 8, 7, 6)] for row in moved]
    moved = [list(column) for column in zip(*moved)]
    moved = [[(v * 4) % 9 + 1 if v else 0 for v in row] for row in moved]
    puzzle = {"variant": "classic", "givens": givens}
    assert SUDOKU.canonical({"variant": "classic", "givens": moved}) == SUDOKU.canonical(puzzle)
    swapped = [givens[3], *givens[1:3], givens[0], *givens[4:]]  # rows of two bands: not a twin
    assert SUDOKU.canonical({"variant": "classic", "givens": swapped}) != SUDOKU.canonical(puzzle)
    answer = grid(EASY_ANSWER)
    turned = [list(row) for row in zip(*answer[::-1])]
    assert SUDOKU.answer_form(puzzle, {"grid": turned}) != SUDOKU.answer_form(puzzle, {"grid": answer})


def test_hints_name_the_technique_and_the_cell():
    puzzle = parse_line(EASY)
    hints = SUDOKU.hints(puzzle, {"grid": grid(EASY_ANSWER)})
    assert len(hints) == sum(1 for row in puzzle["givens"] for v in row if not v)
    first = hints[0]
    row, col = first["cells"][0]
    assert first["why"].startswith(("Hidden single: in ", "Full house: ", "Naked single: "))
    assert f"row {row + 1}, column {col + 1}" in first["why"]


def test_hints_of_a_harder_puzzle_name_what_crossed_candidates_out():
    record = make_puzzle(Request.make(SUDOKU, "hard", {}), "hinted")
    whys = " ".join(text for h in SUDOKU.hints(record.puzzle, record.solution)
                    for text in [*h.get("steps", []), h["why"]])
    assert any(name in whys for name in ("Locked candidates", "Naked pair", "X-wing", "Hidden pair"))


def test_the_one_line_form_reads_and_bad_lines_are_refused():
    assert parse_line(EASY.replace("0", "."))["givens"] == grid(EASY)
    assert len(parse_line("1" + "." * 15)["givens"]) == 4
    for bad in ("12", "5" * 16, "x" * 81):
        with pytest.raises(PuzzleFormatError):
            parse_line(bad)
    with pytest.raises(PuzzleFormatError, match="row 1 column 1"):
        SUDOKU.validate({"givens": [[7, 0, 0, 0]] * 4})
    with pytest.raises(PuzzleFormatError, match="variant"):
        SUDOKU.validate({"variant": "samurai", "givens": [[0] * 4] * 4})


@pytest.mark.parametrize("variant", ["classic", "diagonal"])
def test_the_solvers_start_is_what_assigning_each_given_in_turn_forces(variant):
    """`initial` writes the givens in at once, then crosses them out of their peers: the same
    candidates (or the same contradiction) as Norvig's assign, given after given."""
    from bookgen.puzzles.sudoku.solver import assign, initial

    board = board_of(9, variant)
    rng = random.Random(variant)
    answer = filled(rng, board)
    assert answer is not None
    for trial in range(60):
        givens = [value if rng.random() < trial / 80 else 0 for value in answer]
        if trial % 3 == 0:
            givens[rng.randrange(81)] = rng.randint(1, 9)  # often a clash: no candidates at all
        one_by_one: list[int] | None = [board.full] * 81
        for cell, value in enumerate(givens):
            if value and one_by_one is not None and not assign(board, one_by_one, cell, 1 << value):
                one_by_one = None
        assert initial(board, givens) == one_by_one


def test_a_filled_grid_comes_from_the_rng_alone():
    board = board_of(9, "classic")
    assert filled(random.Random(3), board) == filled(random.Random(3), board)


def test_solve_rates_the_one_line_form_players_share(tmp_path, run):
    bank = tmp_path / "bank.txt"
    bank.write_text(EASY.replace("0", ".") + "\n" + ESCARGOT + "\n")
    status, out, err = run("solve", "--rate", str(bank))
    assert status == 0, err
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["solutions"] == 1 and first["solution"] == {"grid": grid(EASY_ANSWER)}
    assert first["rating"]["level"] == "easy" and second["rating"]["level"] == "master"


def test_solve_rates_no_puzzle_with_two_answers(tmp_path, run):
    """A rating assumes one answer (a unique rectangle or BUG+1 rests on it): a 4x4 with two
    answers was rated 'medium' through a unique rectangle."""
    bank = tmp_path / "bank.txt"
    bank.write_text("..3.....1..2....\n")
    status, out, err = run("solve", "--rate", str(bank))
    assert status == 0, err
    line = json.loads(out)
    assert line["solutions"] == 2 and line["rating"] is None


def test_solve_names_a_one_line_sudoku_of_the_wrong_length(tmp_path, run):
    bank = tmp_path / "bank.txt"
    bank.write_text(EASY[:80] + "\n")
    status, out, err = run("solve", str(bank))
    assert status == 2 and "81, 36 or 16 characters" in json.loads(out)["error"]
    assert "bank.txt:1" in err


def test_solve_names_a_mistyped_square_in_an_81_character_line(tmp_path, run):
    """A '-' or 'x' for an empty square was reported as 'not valid JSON'."""
    bank = tmp_path / "bank.txt"
    bank.write_text(EASY[:40] + "x" + EASY[41:] + "\n")
    status, out, _ = run("solve", str(bank))
    assert status == 2 and "81, 36 or 16 characters" in json.loads(out)["error"]


# Two puzzles of the Sudoku Exchange bank (public domain; bench/data/sudoku-exchange.md)
XYZ = "083020090000800100029300008000098700070000060006740000300006980002005000010030540"
BUG = "000080004709004530800000600000400700307906405005002000002000003038500109900030000"


@pytest.mark.parametrize("line, names", [
    (XYZ, ("XYZ-wing: ", "XY-wing: ", "X-wing on ", "XY-chain: ")),
    (BUG, ("BUG+1: ",))])
def test_the_harder_techniques_are_named_in_hints_that_replay_to_the_answer(line, names):
    puzzle = parse_line(line)
    answer = SUDOKU.solve(puzzle, 2)
    assert answer.count == 1 and answer.solution is not None
    hints = SUDOKU.hints(puzzle, answer.solution)
    whys = " ".join(text for hint in hints for text in [*hint.get("steps", []), hint["why"]])
    assert all(name in whys for name in names)
    assert replayed(puzzle, hints) == answer.solution["grid"]


def position(restrict: dict[tuple[int, int], set[int]], lacking: dict[int, set[tuple[int, int]]]):
    """A 9x9 grader state with nothing placed: every cell may hold anything but what `restrict`
    (cell -> its only candidates) and `lacking` (number -> cells without it) say."""
    from bookgen.puzzles.sudoku.grader import State

    board = board_of(9, "classic")
    candidates = [board.full] * board.cells
    for (row, col), allowed in restrict.items():
        candidates[row * 9 + col] = sum(1 << value for value in allowed)
    for value, cells in lacking.items():
        for row, col in cells:
            candidates[row * 9 + col] &= ~(1 << value)
    return State(board, candidates, [False] * board.cells)


def row_but(row: int, *cols: int) -> set[tuple[int, int]]:
    return {(row, col) for col in range(9) if col not in cols}


@pytest.mark.parametrize("name, restrict, lacking, crossed, value, told", [
    # a skyscraper on 5: rows 1 and 5 each have two places for it, sharing column 2
    ("turbot fish", {}, {5: row_but(0, 1, 6) | row_but(4, 1, 7)}, {(1, 7), (2, 7), (3, 6), (5, 6)}, 5,
     ("Turbot fish on 5: ", "5 is in row 1, column 7 or row 5, column 8",
      "from row 2, column 8, row 3, column 8, row 4, column 7 and row 6, column 7, which")),
    # three strong links on 5 (rows 1, 4 and 7) joined by columns 5 and 9
    ("x-chain", {}, {5: row_but(0, 0, 4) | row_but(3, 4, 8) | row_but(6, 8, 2)},
     {(1, 2), (2, 2), (7, 0), (8, 0)}, 5,
     ("X-chain on 5: ", "5 is in row 1, column 1 or row 7, column 3",
      "from row 2, column 3, row 3, column 3, row 8, column 1 and row 9, column 1, which")),
    # {1,2} {2,3} {3,4} {4,1}: one end holds 1
    ("xy-chain", {(0, 0): {1, 2}, (0, 5): {2, 3}, (4, 5): {3, 4}, (4, 1): {1, 4}}, {},
     {(0, 1), (1, 1), (2, 1), (3, 0), (4, 0), (5, 0)}, 1,
     ("XY-chain: row 1, column 1, row 1, column 6, row 5, column 6 and row 5, column 2 ",
      "1 is in row 1, column 1 or row 5, column 2")),
    # {1,2,4} {2,3} {3,4} in row 1 and {1,4} in box 1: every number but 4 at most once, so one holds 4
    ("wxyz-wing", {(0, 0): {1, 2, 4}, (0, 4): {2, 3}, (0, 7): {3, 4}, (2, 1): {1, 4}}, {},
     {(0, 1), (0, 2)}, 4,
     ("WXYZ-wing: row 1, column 1, row 1, column 5, row 1, column 8 and row 3, column 2 hold only "
      "1, 2, 3 and 4", "from row 1, column 2 and row 1, column 3, which")),
    # three corners {1,2}: the fourth loses both
    ("unique rectangle", {(0, 0): {1, 2}, (0, 1): {1, 2}, (3, 0): {1, 2}}, {}, {(3, 1)}, 1,
     ("Unique rectangle: row 1, column 1, row 1, column 2 and row 4, column 1 hold only 1 and 2",
      "crossed out from row 4, column 2")),
])
def test_each_chain_technique_crosses_out_where_it_applies_and_its_hint_names_the_cells(
        name, restrict, lacking, crossed, value, told):
    from bookgen.puzzles.sudoku.grader import APPLY
    from bookgen.puzzles.sudoku.hints import crossing_out

    state = position(restrict, lacking)
    before = state.candidates.copy()
    assert APPLY[name](state) == 1
    lost = {(cell // 9, cell % 9) for cell in range(81) if state.candidates[cell] != before[cell]}
    assert lost == crossed
    assert all(not state.candidates[r * 9 + c] >> value & 1 for r, c in crossed)
    (logged, facts), = state.log
    assert logged == name
    hint = crossing_out(state.board, name, facts)
    assert all(part in hint for part in told), hint


# Lines of the SE-rated yardstick's calibration part (bench/data/sudoku-se.md), SE rating rising
SE_RATED = [
    (1.2, ".16..........78..6.4.5...319.3.6.......9.7.......2.6.849...2.8.5..81..........26."),
    (1.5, "1..6........9.215..7.4....974....8..9.1...3.6..6....248....6.1..978.1........4..3"),
    (2.0, ".2..79....7.......85.2...4.4....2..119..3..622..5....4.1...3.87.......3....48..9."),
    (2.6, "...1.......7.894....1.37.69.8.....52...7.8...74.....1.36.57.1....481.6.......3..."),
    (3.0, ".....83......46.2...7..3.89.7....2.49.......53.4....7.69.4..7...4.61......35....."),
    (4.2, "2.81...36.5..4.8......98..2..9...1.3....2....4.7...2..9..76......4.1..2.67...25.9"),
    (4.5, "3...8.1...9.3...4..76....5.1...7..9....8.6....2..3...4.4....58..8...3.7...5.9...6"),
    (7.2, ".513.....8.4...6..6..5...1.943.5.7......9......5.6.941.1...9..8..6...2.3.....519."),
    (8.3, "39.6.......6..3..2.1...86..4....7.5..5..2..7..7.1....4..73...6.9..5..8.......4.13"),
    (9.1, "..64.15..3..5.9..1....3....2.5...7.3.3..4..2.67.....58.6.9.7.8.....5......23.49.."),
]


def test_the_grader_ranks_se_rated_puzzles_in_se_order():
    scores = [SUDOKU.rate(parse_line(line))["score"] for _, line in SE_RATED]
    assert scores == sorted(scores) and len(set(scores)) == len(scores)


MASTER_LINE = BANDS[9].span("master")[0]


@pytest.fixture(scope="module")
def master():
    """One generated master 9x9 (about a second)."""
    return make_puzzle(Request.make(SUDOKU, "master", {}), "master")


def test_a_master_sudoku_has_one_answer_and_needs_a_technique_past_the_line(master):
    puzzle = master.puzzle
    solved = SUDOKU.solve(puzzle, 2)
    assert solved.count == 1 and solved.solution == master.solution
    assert master.rating["level"] == "master" and master.rating["score"] >= MASTER_LINE
    board = board_of(9, "classic")
    below = deduce(board, flat(puzzle["givens"]), BANDS[9].top("expert"))[1]
    assert not below["solved"]  # the techniques an expert puzzle may need do not finish it


def test_an_expert_sudoku_is_finished_below_the_master_line_with_one_answer():
    record = make_puzzle(Request.make(SUDOKU, "expert", {}), "expert")
    givens = flat(record.puzzle["givens"])
    board = board_of(9, "classic")
    assert record.rating["level"] == "expert" and record.rating["score"] < MASTER_LINE
    assert deduce(board, givens, BANDS[9].top("expert"))[1]["solved"]
    assert count(board, givens, 2)[0] == 1


def test_an_expert_reduction_keeps_one_answer_though_its_techniques_assume_one():
    """Expert allows the unique rectangle and BUG+1, which take one answer for granted: a finish
    through them proves nothing, and with the grader alone deciding this reduction (and every
    other tried) left two answers."""
    rng = random.Random("two/0")
    board = board_of(9, "classic")
    answer = filled(rng, board)
    assert answer is not None
    givens = reduce_givens(rng, board, answer, "expert", "rotational")
    assert count(board, givens, 2) == (1, answer)


def test_hints_of_a_master_sudoku_name_the_cells_of_its_hardest_step_and_replay_to_the_answer(master):
    hints = SUDOKU.hints(master.puzzle, master.solution)
    lead = {"contradiction": "Trial: ", "xy-chain": "XY-chain: ", "x-chain": "X-chain on ",
            "simple colouring": "Simple colouring on ", "vwxyz-wing": "VWXYZ-wing: ",
            "uvwxyz-wing": "UVWXYZ-wing: "}[master.rating["hardest"]]
    told = [step for hint in hints for step in hint.get("steps", []) if step.startswith(lead)]
    assert told and all("row " in sentence and ", column " in sentence for sentence in told)
    assert not any("trial and error beyond these techniques" in hint["why"] for hint in hints)
    assert replayed(master.puzzle, hints) == master.solution["grid"]


def test_solve_rates_a_line_sudoku_explainer_puts_at_8_as_master(tmp_path, run):
    rating, line = SE_RATED[-2]
    assert rating == 8.3
    bank = tmp_path / "bank.txt"
    bank.write_text(line + "\n")
    status, out, err = run("solve", "--rate", str(bank))
    assert status == 0, err
    solved = json.loads(out)
    assert solved["solutions"] == 1 and solved["rating"]["level"] == "master"
    assert solved["rating"]["score"] >= MASTER_LINE


def test_another_answer_is_looked_for_only_where_the_removal_was():
    """`differs_in` after each removal says what counting answers says (the generator's loop
    keeps only removals that leave one answer, so the givens before always had one)."""
    from bookgen.puzzles.sudoku.solver import differs_in

    board = board_of(9, "classic")
    rng = random.Random("differs")
    answer = filled(rng, board)
    assert answer is not None
    givens, verdicts = answer.copy(), []
    for orbit in rng.sample(orbits(board, "rotational"), 41):
        trial = [0 if cell in orbit else value for cell, value in enumerate(givens)]
        two = count(board, trial, 2)[0] == 2
        assert differs_in(board, trial, answer, orbit) == two
        verdicts.append(two)
        if not two:
            givens = trial
    assert True in verdicts and False in verdicts


@pytest.mark.parametrize("variant", ["classic", "diagonal", "jigsaw"])
def test_a_deadly_rectangle_is_every_four_cells_that_swap_into_another_answer(variant):
    """`deadly_rectangles` are the four-cell rectangles whose two numbers swapped round leave
    every house holding each number once (found by trying every two rows and two columns), and
    the answer with one left blank has two answers."""
    from bookgen.puzzles.sudoku.generator import filled_jigsaw
    from bookgen.puzzles.sudoku.solver import deadly_rectangles

    rng = random.Random(f"rectangles {variant}")
    found_any = False
    for _ in range(5):
        if variant == "jigsaw":
            made = filled_jigsaw(rng, 9)
            assert made is not None
            board, answer = made
        else:
            board = board_of(9, variant)
            answer = filled(rng, board)
            assert answer is not None
        swapping = set()
        for top, bottom in itertools.combinations(range(9), 2):
            for left, right in itertools.combinations(range(9), 2):
                cells = (top * 9 + left, top * 9 + right, bottom * 9 + left, bottom * 9 + right)
                swapped = answer.copy()
                for one, other in ((cells[0], cells[1]), (cells[2], cells[3])):
                    swapped[one], swapped[other] = answer[other], answer[one]
                if swapped != answer and all(len({swapped[c] for c in unit}) == 9 for unit in board.units):
                    swapping.add(sum(1 << cell for cell in cells))
        rectangles = deadly_rectangles(board, answer)
        assert sorted(rectangles) == sorted(swapping)
        for rectangle in rectangles[:3]:
            blank = [0 if rectangle >> cell & 1 else value for cell, value in enumerate(answer)]
            assert count(board, blank, 2)[0] == 2
            found_any = True
    assert found_any


def test_the_step_ranks_within_the_levels():
    """Every rating carries `step`: its score on the finer ladder, in order, never across a
    level's edge (each 9x9 level is one or two whole steps)."""
    from bookgen.puzzles.sudoku.grader import NINE_BANDS, step_of

    scores = [score / 100 for score in range(951)]
    steps = [step_of(score) for score in scores]
    assert steps == sorted(steps) and set(steps) == set(range(1, 9))
    level_of_step = {step: NINE_BANDS.level_of(score) for step, score in zip(steps, scores)}
    assert all(level_of_step[step] == NINE_BANDS.level_of(score) for step, score in zip(steps, scores))
    assert [step for step, level in sorted(level_of_step.items()) if level == "hard"] == [4, 5]
    rating = SUDOKU.rate(parse_line("4.....8.5.3..........7......2.....6....."
                                    "8.4......1.......6.3.7.5..2.....1.4......"))
    assert rating["step"] == step_of(rating["score"]) == 4  # pointing: Solo's Intermediate


def test_the_two_engines_count_alike_and_singles_finish_what_the_grader_does():
    """The per-number engine (boards without sums) counts the answers the per-cell one counts,
    finds the same first of them (the same search tree), and says what `differs_in` by cells
    says along a removal walk; givens its singles finish, the grader finishes at naked singles
    (the generator's shortcut: `singles_finish`). top95, Solo's 450 puzzles and 1,900 random
    boards of every size and variant (19,000 removals) were checked the same way when it was
    written."""
    from itertools import islice

    from bookgen.puzzles.sudoku.generator import filled_jigsaw
    from bookgen.puzzles.sudoku.grader import WEIGHTS, Contradiction
    from bookgen.puzzles.sudoku.solver import (
        differs_in,
        differs_in_cells,
        initial,
        singles_finish,
        solutions,
        values_of,
    )

    rng = random.Random("engines")
    boards = [board_of(9, "classic"), board_of(9, "diagonal"), board_of(4, "classic"),
              board_of(6, "classic")]
    jigsaw = filled_jigsaw(rng, 6)
    assert jigsaw is not None
    finished_by_singles = 0
    for trial in range(40):
        board, answer = (jigsaw if trial % 5 == 4 else (boards[trial % 4], None))
        answer = answer or filled(rng, board)
        assert answer is not None
        share = rng.random()
        givens = [value if rng.random() < share else 0 for value in answer]
        if trial % 3 == 0:
            givens[rng.randrange(board.cells)] = rng.randint(1, board.size)  # often a clash
        start = initial(board, givens)
        by_cells = [] if start is None else [values_of(c) for c in islice(solutions(board, start), 2)]
        assert count(board, givens, 2) == (len(by_cells), by_cells[0] if by_cells else None)
        if singles_finish(board, givens):
            finished_by_singles += 1
            assert deduce(board, givens, WEIGHTS["naked single"])[1]["solved"]
        kept = answer.copy()
        for orbit in rng.sample(orbits(board, "rotational"), 6):
            removed = [0 if cell in orbit else value for cell, value in enumerate(kept)]
            two = differs_in(board, removed, answer, orbit)
            assert two == differs_in_cells(board, removed, answer, orbit)
            try:
                solved = deduce(board, removed, WEIGHTS["naked single"])[1]["solved"]
            except Contradiction:
                solved = False
            assert singles_finish(board, removed) == solved
            if not two:
                kept = removed
    assert 0 < finished_by_singles < 40


def test_a_command_about_one_type_loads_that_type_alone(tmp_path):
    """`bookgen solve` of 81-character lines asks bookgen's own line readers first, each loaded
    alone (`OWN_LINE_READERS`: every built-in type with a one-line form, and no other); a
    `--set words=@FILE` is read without the config code (which loads every type)."""
    import subprocess
    import sys

    from bookgen.making import OWN_LINE_READERS
    from bookgen.puzzles import BUILT_IN

    assert sorted(OWN_LINE_READERS) == sorted(t.name for t in BUILT_IN if t.read_line is not None)
    bank, words = tmp_path / "bank.txt", tmp_path / "words.txt"
    bank.write_text(EASY + "\n")
    words.write_text("APPLE\nBANANA\nCHERRY\nGRAPE\nLEMON\nMANGO\n")
    for argv, name in ((["solve", str(bank)], "sudoku"),
                       (["generate", "wordsearch", "-q", "-j", "1", "--set", f"words=@{words}"],
                        "wordsearch")):
        shown = subprocess.run(
            [sys.executable, "-c", "import io, sys; from bookgen.cli import main; "
             f"main({argv!r}, io.StringIO()); "
             "print(sorted(m for m in sys.modules if m.startswith('bookgen.puzzles.') "
             "and m.count('.') == 2))"],
            capture_output=True, text=True, check=True).stdout
        assert shown.strip() == f"['bookgen.puzzles.base', 'bookgen.puzzles.{name}']"


def test_a_hard_puzzle_past_the_quick_search_gets_minisats_answer_and_two_answers_the_searchs():
    from bookgen.puzzles.sudoku import solver

    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"  # top95's 1st
    board, givens = board_of(9, "classic"), flat(parse_line(line)["givens"])
    masks = solver.masks_of(board)
    start = solver.planes_from(masks, givens)
    assert start is not None
    budget = solver.Budget(solver.QUICK_GUESSES)
    list(islice(solver.plane_solutions(masks, start.copy(), budget), 2))
    assert budget.left <= 0  # the quick search gives up on it: MiniSat answers
    by_search = [solver.values_in(masks, p) for p in islice(solver.plane_solutions(masks, start), 2)]
    assert len(by_search) == 1 and count(board, givens, 2) == (1, by_search[0])
    two = givens.copy()
    two[[cell for cell, value in enumerate(givens) if value][0]] = 0  # a given fewer: more answers
    fewer = solver.planes_from(masks, two)
    assert fewer is not None
    first = solver.values_in(masks, next(solver.plane_solutions(masks, fewer)))
    assert count(board, two, 2) == (2, first)


@pytest.mark.parametrize("variant, size", [("classic", 9), ("diagonal", 9), ("classic", 6)])
def test_cells_singles_put_back_leave_givens_singles_finish(variant, size):
    """`singles_restore` (the generator's look at the removed cells alone) never says yes where
    singles from the givens left do not finish the grid, and says it often along a removal walk
    of givens singles finish."""
    from bookgen.puzzles.sudoku.solver import singles_finish, singles_restore

    board = board_of(size, variant)
    rng = random.Random(f"restore {variant} {size}")
    restored = 0
    for _ in range(6):
        answer = filled(rng, board)
        assert answer is not None
        kept = answer.copy()
        for orbit in rng.sample(orbits(board, "rotational"), len(orbits(board, "rotational")) // 2):
            removed = [0 if cell in orbit else value for cell, value in enumerate(kept)]
            finishes = singles_finish(board, removed)
            if singles_restore(board, removed, answer, orbit):
                restored += 1
                assert finishes
            if finishes:
                kept = removed
    assert restored > 20


def test_a_rating_after_the_generator_is_the_rating_from_scratch():
    """`rate` may answer from the grades the generator's removals kept (`graded` keeps each past
    the singles): the same figures, in the same order, as a grade taken afresh."""
    from bookgen.puzzles.sudoku import grader
    from bookgen.puzzles.sudoku.board import board_for

    for seed in range(4):
        record = make_puzzle(Request.make(SUDOKU, "expert", {}), f"kept grade/{seed}")
        grades = grader.lookups_of(board_for(record.puzzle)).grades
        assert grades  # the reduction's grades, kept
        kept = SUDOKU.rate(record.puzzle)
        grades.clear()
        afresh = SUDOKU.rate(record.puzzle)
        assert json.dumps(afresh) == json.dumps(kept) == json.dumps(record.rating)
        _, figures = grader.deduce(board_for(record.puzzle), flat(record.puzzle["givens"]))
        assert json.dumps(figures["used"]) == json.dumps(afresh["techniques"])


def test_a_grade_is_its_singles_then_the_whole_loop():
    """`graded` runs `FIRST_STEPS` until none helps, then the whole loop: the same figures as
    `deduce`'s one loop, at every level's limit, kept grades or none (a puzzle and its removals)."""
    from bookgen.puzzles.sudoku import grader
    from bookgen.puzzles.sudoku.board import board_for

    record = make_puzzle(Request.make(SUDOKU, "expert", {}), "first steps")
    board, givens = board_for(record.puzzle), flat(record.puzzle["givens"])
    answer = flat(record.solution["grid"])
    fuller = [[value or answer[cell] if cell % 7 == step else value for cell, value in enumerate(givens)]
              for step in range(7)]
    limits = (1.59, 2.39, 3.49, 5.99, 99.0)
    for order in (limits, limits[::-1]):  # grades kept at lower limits, then at higher ones
        grader.lookups_of(board).grades.clear()
        for limit in order:
            for puzzle in [givens, *fuller]:
                expected = grader.deduce(board, puzzle, limit)[1]
                assert json.dumps(grader.graded(board, puzzle, limit)) == json.dumps(expected)
