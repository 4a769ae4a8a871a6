"""Sudoku's own facts: known puzzles with known answers, uniqueness proven, the techniques the
grader names, every size and level generating, the forms twins share, the one-line format."""

from __future__ import annotations

import json
import random

import pytest

from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.making import make_puzzle, verify
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.sudoku import parse_line
from bookgen.puzzles.sudoku.board import board_of
from bookgen.puzzles.sudoku.generator import orbits

SUDOKU = find_type("sudoku")
# Norvig's first example and its answer; Arto Inkala's "AI Escargot" (needs more than patterns)
EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
EASY_ANSWER = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."


def grid(line: str) -> list[list[int]]:
    return parse_line(line)["givens"]


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
    assert escargot["level"] == "expert" and escargot["hardest"] in ("contradiction", "search")
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
    whys = " ".join(h["why"] for h in SUDOKU.hints(record.puzzle, record.solution))
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


def test_a_filled_grid_comes_from_the_rng_alone():
    from bookgen.puzzles.sudoku.generator import filled

    board = board_of(9, "classic")
    assert filled(random.Random(3), board) == filled(random.Random(3), board)


def test_solve_rates_the_one_line_form_players_share(tmp_path, run):
    bank = tmp_path / "bank.txt"
    bank.write_text(EASY.replace("0", ".") + "\n" + ESCARGOT + "\n")
    status, out, err = run("solve", "--rate", str(bank))
    assert status == 0, err
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["solutions"] == 1 and first["solution"] == {"grid": grid(EASY_ANSWER)}
    assert first["rating"]["level"] == "easy" and second["rating"]["level"] == "expert"


def test_solve_names_a_one_line_sudoku_of_the_wrong_length(tmp_path, run):
    bank = tmp_path / "bank.txt"
    bank.write_text(EASY[:80] + "\n")
    status, out, err = run("solve", str(bank))
    assert status == 2 and "81, 36 or 16 characters" in json.loads(out)["error"]
    assert "bank.txt:1" in err


# Two puzzles of the Sudoku Exchange bank (public domain; bench/data/sudoku-exchange.md)
XYZ = "083020090000800100029300008000098700070000060006740000300006980002005000010030540"
BUG = "000080004709004530800000600000400700307906405005002000002000003038500109900030000"


@pytest.mark.parametrize("line, names", [
    (XYZ, ("XYZ-wing: ", "XY-wing: ", "X-wing on ", "Trial: ")),
    (BUG, ("BUG+1: ",))])
def test_the_harder_techniques_are_named_in_hints_that_replay_to_the_answer(line, names):
    puzzle = parse_line(line)
    answer = SUDOKU.solve(puzzle, 2)
    assert answer.count == 1 and answer.solution is not None
    hints = SUDOKU.hints(puzzle, answer.solution)
    whys = " ".join(hint["why"] for hint in hints)
    assert all(name in whys for name in names)
    filled = puzzle["givens"]
    for hint in hints:
        (row, col), = hint["cells"]
        assert filled[row][col] == 0
        filled[row][col] = hint["value"]
    assert filled == answer.solution["grid"]
