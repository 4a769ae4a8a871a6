"""Issue 45's workloads, each beside its anchor in one run: processor time (user + system) of the
whole process, bookgen's and the anchor's runs interleaved, the median of several rounds, and the
ratio. The machine's load (`uptime`) is printed with the figures: it is shared, and load stretches
both sides of a pair alike only roughly.

    python bench/paired.py [--rounds N] [--tatham-source FOLDER] [--only NAME ...]

Workloads (the floors are issue 45's):
  start-up     `bookgen generate placement -n 1` and `bookgen solve` of one line, against
               `python -c pass` in the same interpreter (floor 3x)
  numbrix      `bookgen generate numbrix -n 20` hard 9x9, expert 9x9 (and -n 5 expert 15x15)
               against Simon Tatham's Signpost generating as many of that size (floor 3x);
               Signpost is built from its C source (--tatham-source: a checkout of
               github.com/sgtatham/puzzles, or an Android port's app/src/main/jni) in a temporary
               folder, its own stand-alone main (-DSTANDALONE_SOLVER: `signpost 9x9#SEED -n 20`)
  wordsearch   20 word searches, hard 13x13 and expert 15x15, 18 words, against
               word-search-generator (PyPI, when installed) making 20 of the same size with the same
               words in the same eight directions (its level 3) (floor 1x)

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

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
SIGNPOST_SOURCES = ["signpost.c", "random.c", "misc.c", "malloc.c", "dsf.c", "nullfe.c", "tree234.c",
                    "sort.c"]
TATHAM_PLACES = [Path("/tmp/logic/sgt"), Path("/tmp/sgt/app/src/main/jni")]  # where earlier benches put it
SMALL_PUZZLE = {"type": "placement", "puzzle": {"signs": ["<", ">", "<"], "numbers": ["1", "2", "3", "4"]}}
WORDS = ["APPLE", "BANANA", "CHERRY", "GRAPE", "LEMON", "MANGO", "OLIVE", "PEACH", "PLUM", "MELON",
         "GUAVA", "KIWI", "APRICOT", "COCONUT", "PAPAYA", "QUINCE", "ORANGE", "RAISIN"]  # expert hides 16+
# word-search-generator's level 3 reads in all eight directions, as bookgen's hard and expert do
WSG_LEVELS = {"hard": 3, "expert": 3}
WORD_SEARCH_SIZES = {"hard": 13, "expert": 15}  # bookgen's hard grids have fewer than 196 squares


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
           floor: float) -> float:
    """Run both sides in turn `rounds` times (after one warm-up of each) and print the medians."""
    cpu_seconds(ours, env, cwd)
    cpu_seconds(anchor, env, cwd)
    mine, theirs = [], []
    for _ in range(rounds):
        mine.append(cpu_seconds(ours, env, cwd))
        theirs.append(cpu_seconds(anchor, env, cwd))
    a, b = statistics.median(mine), statistics.median(theirs)
    ratio = a / b
    print(f"{label:34s} bookgen {a:7.3f} s  anchor {b:7.3f} s  {ratio:5.1f}x  "
          f"(floor {floor:g}x: {'ok' if ratio <= floor else 'MISSED'})  load {uptime()}", flush=True)
    return ratio


def build_signpost(source: Path, folder: Path) -> Path:
    missing = [name for name in SIGNPOST_SOURCES if not (source / name).exists()]
    if missing:
        raise SystemExit(f"{source} lacks {', '.join(missing)}")
    binary = folder / "signpost"
    # an Android port's signpost.c names an arrow mode its puzzles.h defines only for Android
    subprocess.run(["cc", "-O2", "-w", f"-I{source}", "-DSTANDALONE_SOLVER", "-DANDROID_ARROWS_LEFT_RIGHT=3",
                    "-o", str(binary), *(str(source / name) for name in SIGNPOST_SOURCES), "-lm"], check=True)
    return binary


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tatham-source", type=Path, help="folder holding signpost.c and its support files")
    parser.add_argument("--only", nargs="*", default=["start-up", "numbrix", "wordsearch"])
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
            source = args.tatham_source or next(
                (place for place in TATHAM_PLACES if (place / "signpost.c").exists()), None)
            if source is None:
                print("numbrix: no Signpost source (--tatham-source FOLDER): skipped")
            else:
                signpost = build_signpost(source, cwd)
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


if __name__ == "__main__":
    main()
