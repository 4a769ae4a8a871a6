"""Issue 45's workloads, each beside its anchor in one run: processor time (user + system) of the
whole process, bookgen's and the anchor's runs interleaved, the median of several rounds, and the
ratio. The machine's load (`uptime`) is printed with the figures: it is shared, and load stretches
both sides of a pair alike only roughly.

    python bench/paired.py [--rounds N] [--tatham-source FOLDER] [--only NAME ...]

Workloads (the floors are issue 45's):
  start-up     `bookgen generate placement -n 1` and `bookgen solve` of one line, against
               `python -c pass` in the same interpreter (floor 3x)
  numbrix      `bookgen generate numbrix -n 20` hard 9x9, expert 9x9 (and -n 5 expert 15x15)
               against Simon Tatham's Signpost generating as many of that size (floor 3x)
  wordsearch   20 word searches, hard 13x13 and expert 15x15, 18 words, against
               word-search-generator (PyPI, when installed) making 20 of the same size with the same
               words in the same eight directions (its level 3) (floor 1x)
  nonogram     20 nonograms, easy 10x10, medium and expert 15x15 (the default sizes), against
               Tatham's Pattern making 20 of that size (it has no levels; no floor)
  calcudoku    20 calcudokus, medium 5x5 against Keen's Normal, expert 6x6 against Keen's Extreme
               (the nearest) and its Unreasonable (its hardest) at that size (no floor)
  futoshiki    20 futoshikis, medium 5x5 against Unequal's Tricky, hard 6x6 against its Extreme,
               expert 6x6 against its Recursive (its hardest) (no floor)
  maze         20 perfect square mazes, medium 14x14 and expert 30x30 (the default sizes), against
               mazelib (PyPI, MIT licence, when installed) making 20 of that size with the same
               algorithm (Wilson's: a uniform spanning tree), its entrances on the border and the
               way through (its ShortestPath solver) (no floor)

Tatham's games (Signpost, Pattern, Keen, Unequal) are built from his C source by bench/tatham.py
(--tatham-source, else the places it knows) in the temporary folder; Signpost runs its own
stand-alone main (`signpost 9x9#SEED -n 20`), the others our driver (`keen-gen 6dx 20 SEED`).

bookgen runs as `python -m bookgen` with one worker (-j 1) and bytecode written once beforehand,
as an installed bookgen has it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from tatham import build_generator, build_standalone, find_source  # this script's folder

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
SMALL_PUZZLE = {"type": "placement", "puzzle": {"signs": ["<", ">", "<"], "numbers": ["1", "2", "3", "4"]}}
WORDS = ["APPLE", "BANANA", "CHERRY", "GRAPE", "LEMON", "MANGO", "OLIVE", "PEACH", "PLUM", "MELON",
         "GUAVA", "KIWI", "APRICOT", "COCONUT", "PAPAYA", "QUINCE", "ORANGE", "RAISIN"]  # expert hides 16+
# word-search-generator's level 3 reads in all eight directions, as bookgen's hard and expert do
WSG_LEVELS = {"hard": 3, "expert": 3}
WORD_SEARCH_SIZES = {"hard": 13, "expert": 15}  # bookgen's hard grids have fewer than 196 squares
COUNT = 20  # puzzles a run makes, on either side, in the workloads of the newer types
# each type's anchor, Tatham's game, and its workloads: (our level, the side, his params at that side
# and the nearest level)
NEWER_TYPES = {
    "nonogram": ("pattern", [("easy", 10, "10x10"), ("medium", 15, "15x15"), ("expert", 15, "15x15")]),
    "calcudoku": ("keen", [("medium", 5, "5dn"), ("expert", 6, "6dx"), ("expert", 6, "6du")]),
    "futoshiki": ("unequal", [("medium", 5, "5dk"), ("hard", 6, "6dx"), ("expert", 6, "6dr")]),
}
MAZE_SIZES = {"medium": 14, "expert": 30}  # bookgen's default square sizes at these levels


def cpu_seconds(argv: list[str], env: dict[str, str], cwd: Path) -> float:
    """Processor seconds (user + system) of one run of a command, its children included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def uptime() -> str:
    """The load averages over 1, 5 and 15 minutes."""
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def paired(label: str, ours: list[str], anchor: list[str], rounds: int, env: dict[str, str], cwd: Path,
           floor: float | None) -> float:
    """Run both sides in turn `rounds` times (after one warm-up of each) and print the medians."""
    cpu_seconds(ours, env, cwd)
    cpu_seconds(anchor, env, cwd)
    mine, theirs = [], []
    for _ in range(rounds):
        mine.append(cpu_seconds(ours, env, cwd))
        theirs.append(cpu_seconds(anchor, env, cwd))
    a, b = statistics.median(mine), statistics.median(theirs)
    ratio = a / b
    verdict = "no floor" if floor is None else f"floor {floor:g}x: {'ok' if ratio <= floor else 'MISSED'}"
    print(f"{label:40s} bookgen {a:7.3f} s  anchor {b:7.3f} s  {ratio:5.1f}x  ({verdict})  load {uptime()}",
          flush=True)
    return ratio


def word_search_anchor(folder: Path, level: str, size: int, count: int) -> list[str]:
    """A script making `count` puzzles with word-search-generator, or [] when it is not installed."""
    try:
        import word_search_generator  # type: ignore[import-not-found]  # noqa: F401  # the anchor, optional
    except ImportError:
        return []
    script = folder / f"wsg_{level}.py"
    script.write_text(
        "from word_search_generator import WordSearch\n"
        f"for i in range({count}):\n"
        f"    WordSearch({', '.join(WORDS)!r}, level={WSG_LEVELS[level]}, size={size}).puzzle\n")
    return [PYTHON, str(script)]


def maze_anchor(folder: Path, size: int, count: int) -> list[str]:
    """A script making `count` perfect mazes with mazelib, each with its entrances and the way through,
    or [] when it is not installed."""
    try:
        import mazelib  # type: ignore[import-not-found]  # noqa: F401  # the anchor, optional
    except ImportError:
        return []
    script = folder / f"mazelib_{size}.py"
    script.write_text(
        "from mazelib import Maze\n"
        "from mazelib.generate.Wilsons import Wilsons\n"
        "from mazelib.solve.ShortestPath import ShortestPath\n"
        "maze = Maze(20261206)\n"
        f"maze.generator = Wilsons({size}, {size})\n"
        "maze.solver = ShortestPath()\n"
        f"for i in range({count}):\n"
        "    maze.generate()\n"
        "    maze.generate_entrances()\n"
        "    maze.solve()\n")
    return [PYTHON, str(script)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tatham-source", type=Path, help="folder holding signpost.c and its support files")
    parser.add_argument("--only", nargs="*",
                        default=["start-up", "numbrix", "wordsearch", *NEWER_TYPES, "maze"])
    parser.add_argument("--code", type=Path, default=ROOT,
                        help="the checkout whose bookgen to time (a worktree of main: the figures before)")
    args = parser.parse_args()
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(args.code)  # that checkout's bookgen
    subprocess.run([PYTHON, "-m", "compileall", "-q", str(args.code / "bookgen")], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    bookgen = [PYTHON, "-m", "bookgen"]
    print(f"bench/paired.py: processor seconds of the whole process, median of {args.rounds} "
          f"interleaved rounds; load {uptime()}")
    with tempfile.TemporaryDirectory(prefix="paired-") as tmp:
        cwd = Path(tmp)
        run: Callable[..., float] = lambda label, ours, anchor, floor: paired(  # noqa: E731
            label, ours, anchor, args.rounds, env, cwd, floor)
        if "start-up" in args.only:
            (cwd / "one.jsonl").write_text(json.dumps(SMALL_PUZZLE) + "\n")
            bare = [PYTHON, "-c", "pass"]
            run("generate placement -n 1", [*bookgen, "generate", "placement", "-n", "1", "-q", "-j", "1"],
                bare, 3)
            run("solve one line", [*bookgen, "solve", "one.jsonl"], bare, 3)
            run("--help", [*bookgen, "--help"], bare, 3)
        if "numbrix" in args.only:
            source = find_source(args.tatham_source, "signpost")
            if source is None:
                print("numbrix: no Signpost source (--tatham-source FOLDER): skipped")
            else:
                signpost = build_standalone(source, "signpost", cwd)
                for level, size, count in (("hard", 9, 20), ("expert", 9, 20), ("expert", 15, 5)):
                    run(f"numbrix {level} {size}x{size}, {count} puzzles",
                        [*bookgen, "generate", "numbrix", "-d", level, "--set", f"size={size}",
                         "-n", str(count), "-q", "-j", "1", "--seed", "paired"],
                        [str(signpost), f"{size}x{size}#paired", "-n", str(count)], 3)
        if "wordsearch" in args.only:
            for level, size in WORD_SEARCH_SIZES.items():
                anchor = word_search_anchor(cwd, level, size, 20)
                if not anchor:
                    print("wordsearch: word-search-generator is not installed (pip install "
                          "word-search-generator): skipped")
                    break
                words = cwd / "words.txt"
                words.write_text("\n".join(WORDS) + "\n")
                run(f"wordsearch {level} {size}x{size}, 20 puzzles",
                    [*bookgen, "generate", "wordsearch", "-d", level, "--set", f"size={size}",
                     "--set", f"words=@{words}", "-n", "20", "-q", "-j", "1", "--seed", "paired"], anchor, 1)
        generate = [*bookgen, "generate"]
        for kind, (game, workloads) in NEWER_TYPES.items():
            if kind not in args.only:
                continue
            source = find_source(args.tatham_source, game)
            if source is None:
                print(f"{kind}: no {game}.c (--tatham-source FOLDER): skipped")
                continue
            generator = build_generator(source, game, cwd)
            for level, size, params in workloads:
                run(f"{kind} {level} {size}x{size} / {game} {params}, {COUNT}",
                    [*generate, kind, "-d", level, "--set", f"size={size}", "-n", str(COUNT), "-q", "-j", "1",
                     "--seed", "paired"], [str(generator), params, str(COUNT), "paired"], None)
        if "maze" in args.only:
            for level, size in MAZE_SIZES.items():
                anchor = maze_anchor(cwd, size, COUNT)
                if not anchor:
                    print("maze: mazelib is not installed (pip install mazelib): skipped")
                    break
                run(f"maze {level} {size}x{size}, {COUNT} mazes",
                    [*generate, "maze", "-d", level, "--set", f"size={size}", "-n", str(COUNT), "-q",
                     "-j", "1", "--seed", "paired"], anchor, None)


if __name__ == "__main__":
    main()
