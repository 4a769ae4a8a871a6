"""MiniSat's answer beside the Python search's (bookgen/puzzles/sudoku/sat.py, issue 45): on
thousands of puzzles, whether each has no answer, one or more, and the one answer, must agree;
the script stops at the first that does not, and prints each engine's processor time.

The puzzles: top95 and Solo's (bench/data), and random ones on the sizes to 9x9 and the diagonal
and jigsaw boards: a random filled grid with a random share of its squares emptied (from a fifth to
nine tenths: many of them have several answers, and a few, with a clashing given put in, none).
Run: python bench/sudoku_sat.py [--random N] [--seed TEXT]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from bookgen.puzzles.sudoku import parse_line
from bookgen.puzzles.sudoku.board import Board, board_for, board_of, flat
from bookgen.puzzles.sudoku.generator import filled, filled_jigsaw
from bookgen.puzzles.sudoku.sat import rules_of
from bookgen.puzzles.sudoku.solver import masks_of, plane_solutions, planes_from, values_in

DATA = Path(__file__).parent / "data"
BOARDS = [(4, "classic"), (6, "classic"), (8, "classic"), (9, "classic"), (9, "diagonal"),
          (9, "jigsaw")]
"""The random puzzles' boards (12x12 and 16x16 come from Solo's: a sparse one without an answer
can keep the Python search for minutes)."""


def by_search(board: Board, givens: list[int]) -> tuple[int, list[int] | None]:
    """0, 1 or 2 answers and the one answer, by the Python search alone (no guess budget)."""
    masks = masks_of(board)
    planes = planes_from(masks, givens)
    if planes is None:
        return 0, None
    found = []
    for solved in plane_solutions(masks, planes):
        found.append(values_in(masks, solved))
        if len(found) == 2:
            return 2, None
    return len(found), (found[0] if found else None)


def known() -> list[tuple[Board, list[int]]]:
    lines = (DATA / "sudoku-top95.txt").read_text().split()
    lines += [line.split()[0] for name in ("sudoku-solo-calibration.txt", "sudoku-solo-heldout.txt")
              for line in (DATA / name).read_text().splitlines()]
    puzzles = []
    for line in lines:
        puzzle = parse_line(line)
        puzzles.append((board_for(puzzle), flat(puzzle["givens"])))
    return puzzles


def made(rng: random.Random, count: int) -> list[tuple[Board, list[int]]]:
    puzzles = []
    for index in range(count):
        size, variant = BOARDS[index % len(BOARDS)]
        if variant == "jigsaw":
            found = filled_jigsaw(rng, size)
            assert found is not None
            board, answer = found
        else:
            board = board_of(size, variant)
            grid = filled(rng, board)
            assert grid is not None
            answer = grid
        share = rng.uniform(0.2, 0.9)
        givens = [0 if rng.random() < share else value for value in answer]
        if index % 10 == 9:  # a clash: a given's number put in a peer's square too (most have none)
            cell = rng.randrange(board.cells)
            givens[cell] = answer[rng.choice(board.peers[cell])]
        puzzles.append((board, givens))
    return puzzles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=3000, help="random puzzles (default 3000)")
    parser.add_argument("--seed", default="sat", help="seed text of the random puzzles")
    args = parser.parse_args()
    puzzles = known() + made(random.Random(args.seed), args.random)
    spent = {"search": 0.0, "minisat": 0.0}
    tally = [0, 0, 0]
    for board, givens in puzzles:
        start = time.process_time()
        expected = by_search(board, givens)
        middle = time.process_time()
        got = rules_of(board).unique(givens)
        spent["search"] += middle - start
        spent["minisat"] += time.process_time() - middle
        if got != expected:
            raise SystemExit(f"MiniSat says {got[0]} answer(s), the search {expected[0]}: "
                             f"{board.size}x{board.size} {board.variant} {givens}")
        tally[expected[0]] += 1
    print(f"{len(puzzles)} puzzles agree: {tally[0]} without an answer, {tally[1]} with one, "
          f"{tally[2]} with more")
    print(f"processor: search {spent['search']:.2f} s, MiniSat {spent['minisat']:.2f} s "
          "(its clauses made once per board, a jigsaw's each its own)")


if __name__ == "__main__":
    main()
