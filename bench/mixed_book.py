"""`bookgen build` of a mixed book with 1 and with 2 workers, each run a fresh process, the runs
interleaved (1, 2, 1, 2, ...): wall time, processor time (the parent and its workers), and the
parent's serial part, which no number of workers shortens.

    python bench/mixed_book.py [--total 400] [--rounds 3] [--code CHECKOUT] [--beside CHECKOUT]

Issue 45's floor: 2 workers at least 1.8x faster than 1 in wall time on two idle cores, and never
slower. The book spreads `--total` puzzles over every registered type at medium and hard, at its
defaults. Each run is `python -m bookgen build BOOK -j N -q` in a process of its own (a run does
not inherit the caches of the one before), with the checkout `--code` on its path (a worktree
of main: the figures before). `--beside` times a second checkout in the same rounds, its runs
after each round's of `--code`: the load, which drifts over minutes, stretches both alike.

Per run: `wall`; `cpu`, the processor time of the parent and its workers; `parent`, the parent's
own; `head`, the parent's processor time before the first puzzle starts (start-up, the config,
the font check); `tail`, after the last puzzle arrives (what is left of the build on one core:
typesetting, writing). On a busy machine wall time is noise; the `bound` is not: the wall time 2
workers could reach on two idle cores, were everything but the head and the tail spread evenly
over both, `head + tail + (cpu - head - tail) / 2`, and the speed-up that gives over the 2-worker
run's processor time (Amdahl's bound) and over one worker's (one worker on an idle core runs at
its processor time; at this load processor times differ by 10 % from run to run). `idle`: the
seconds the workers had no puzzle between the first puzzle's start and the last one's end, summed
over both (the parent deciding twins while they wait, a puzzle made again alone at the end).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WIDER = {"pyramid": ", variant: distinct"}
"""Options a type needs for a book's share of puzzles: its default 4-row classic pyramids have
only four answers a level."""


def config_text(total: int) -> str:
    """Each type at medium and hard with its default options, as a user who names only the type
    asks (the audit's showcase options are page-sized, not book-sized: six hard crosswords of four
    words on 6x6 do not exist)."""
    from bookgen.puzzles import PUZZLE_TYPES

    sections = [(t.name, level) for t in PUZZLE_TYPES for level in ("medium", "hard")]
    lines = [f"title: {total} Mixed Puzzles", "layout: letter", "seed: bench", "sections:"]
    for index, (name, level) in enumerate(sections):
        count = total // len(sections) + (1 if index < total % len(sections) else 0)
        lines.append(f"  - {{type: {name}, count: {count}, difficulty: {level}{WIDER.get(name, '')}}}")
    return "\n".join(lines) + "\n"


# --- one run, in its own process ---------------------------------------------------------------


def _cpu_self() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def measured_build(config: Path, target: Path, workers: int, report: Path) -> None:
    """Build the book as `bookgen build` does, noting the parent's processor time when the first
    puzzle starts and when the last arrives (a puzzle made here; on a pool, also a future set
    running and one handed its result, by the pool's thread here), and each puzzle's start and
    end wherever it was made (`generate_one`, which the workers, forked from here, run too)."""
    from concurrent.futures import Future

    import bookgen.book
    from bookgen.cli import main

    marks: dict[str, float] = {}
    made = bookgen.book.generate_one
    stamps = report.with_suffix(".jobs")

    @functools.wraps(made)
    def generate_one(job: bookgen.book.PuzzleJob) -> bookgen.book.PuzzleRecord | None:
        started = time.perf_counter()
        marks.setdefault("head", _cpu_self())
        try:
            return made(job)
        finally:
            marks["last"], marks["last_wall"] = _cpu_self(), time.perf_counter()
            with open(stamps, "a") as file:
                file.write(f"{os.getpid()} {started} {marks['last_wall']}\n")

    bookgen.book.generate_one = generate_one  # type: ignore[assignment]  # the pool pickles it by name
    if workers > 1:
        running, given = Future.set_running_or_notify_cancel, Future.set_result

        def noted_start(future: Future) -> bool:
            marks.setdefault("head", _cpu_self())
            return running(future)

        def noted_result(future: Future, result: object) -> None:
            given(future, result)
            marks["last"], marks["last_wall"] = _cpu_self(), time.perf_counter()

        Future.set_running_or_notify_cancel = noted_start  # type: ignore[method-assign, assignment]
        Future.set_result = noted_result  # type: ignore[method-assign, assignment]
    status = main(["build", str(config), "-o", str(target), "-j", str(workers), "-q"])
    end, end_wall = _cpu_self(), time.perf_counter()
    report.write_text(json.dumps({
        "status": status, "parent": end, "head": marks.get("head", end),
        "tail": end - marks.get("last", end), "tail_wall": end_wall - marks.get("last_wall", end_wall),
        "idle": _idle(stamps.read_text(), os.getpid(), workers) if workers > 1 else 0.0}))
    stamps.unlink()


def _idle(stamps: str, parent: int, workers: int) -> float:
    """Seconds the workers had no puzzle to make, from the first puzzle's start to the last
    one's end, summed over the workers (a worker that made none idled throughout)."""
    jobs = [(int(pid), float(start), float(end)) for pid, start, end in
            (line.split() for line in stamps.splitlines())]
    first, last = min(start for _, start, _ in jobs), max(end for _, _, end in jobs)
    busy = sum(end - start for pid, start, end in jobs if pid != parent)
    return workers * (last - first) - busy


# --- the runs, side by side ------------------------------------------------------------------------


Figures = dict[str, float]
COLUMNS = ("wall", "cpu", "parent", "head", "tail", "tail_wall", "idle")


def one_run(code: Path, config: Path, workers: int, folder: Path) -> tuple[Figures, bytes]:
    """A fresh process's build: its figures, with its wall and processor time (its workers'
    included) measured from here, and its PDF."""
    target, report = folder / f"mixed-{workers}.pdf", folder / "report.json"
    env = {**os.environ, "PYTHONPATH": str(code)}  # that checkout's bookgen
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installed bookgen runs: compiled once
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, __file__, "--one", str(workers), str(config), str(target), str(report)],
                   env=env, cwd=folder, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    figures = json.loads(report.read_text())
    if figures.pop("status") != 0:
        raise SystemExit(f"the build with {workers} worker(s) failed")
    figures["wall"] = wall
    figures["cpu"] = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return figures, target.read_bytes()


def uptime() -> str:
    return " ".join(f"{load:.1f}" for load in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--total", type=int, default=400, help="puzzles in the book")
    parser.add_argument("--rounds", type=int, default=3, help="pairs of runs (1 worker, 2 workers)")
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose bookgen to time")
    parser.add_argument("--beside", type=Path, help="a second checkout, timed in the same rounds")
    parser.add_argument("--one", nargs=4, metavar=("WORKERS", "CONFIG", "TARGET", "REPORT"),
                        help=argparse.SUPPRESS)  # one measured build: what each run's process does
    args = parser.parse_args()
    if args.one:
        workers, config, target, report = args.one
        measured_build(Path(config), Path(target), int(workers), Path(report))
        return
    codes = [args.code] + ([args.beside] if args.beside else [])
    runs: dict[Path, dict[int, list[Figures]]] = {code: {1: [], 2: []} for code in codes}
    with tempfile.TemporaryDirectory(prefix="mixed-book-") as tmp:
        folder = Path(tmp)
        config = folder / "mixed.yaml"
        config.write_text(config_text(args.total))
        for code in codes:
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(code / "bookgen")], check=True,
                           stdout=subprocess.DEVNULL)
        print(f"{args.total}-puzzle mixed book, bookgen of {' and '.join(map(str, codes))}; seconds; "
              f"load {uptime()}", flush=True)
        print("run        " + " ".join(f"{name:>9s}" for name in COLUMNS) + "  load", flush=True)
        for round_number in range(1, args.rounds + 1):
            for code in codes:
                pdfs = []
                for workers in (1, 2):
                    figures, pdf = one_run(code, config, workers, folder)
                    runs[code][workers].append(figures)
                    pdfs.append(pdf)
                    shown = " ".join(f"{figures[name]:9.2f}" for name in COLUMNS)
                    print(f"{round_number}: {workers} wkr {shown}  {uptime()}"
                          + (f"  {code}" if len(codes) > 1 else ""), flush=True)
                if pdfs[0] != pdfs[1]:
                    raise SystemExit(f"the PDFs of 1 and 2 workers differ ({code})")
    for code in codes:
        if len(codes) > 1:
            print(f"{code}:")
        summary(runs[code])
    print("the PDFs of 1 and 2 workers: the same bytes in every round")


def summary(runs: dict[int, list[Figures]]) -> None:
    """The medians of one checkout's runs: the speed-up, the serial part and its bound."""
    one, two = ({name: statistics.median(run[name] for run in runs[workers]) for name in COLUMNS}
                for workers in (1, 2))
    serial = two["head"] + two["tail"]
    ideal = serial + (two["cpu"] - serial) / 2
    print(f"medians: wall {one['wall']:.2f} s with 1 worker, {two['wall']:.2f} s with 2: "
          f"{one['wall'] / two['wall']:.2f}x (floor 1.8x; wall time is fair only on an idle machine)")
    print(f"serial part with 2 workers: head {two['head']:.2f} s + tail {two['tail']:.2f} s of "
          f"{two['cpu']:.2f} s of processor time ({serial / two['cpu']:.0%}); workers idle "
          f"{two['idle']:.2f} s between the first puzzle and the last")
    print(f"bound on two idle cores: {ideal:.2f} s, {two['cpu'] / ideal:.2f}x its own processor time "
          f"({one['cpu'] / ideal:.2f}x one worker's {one['cpu']:.2f} s)")


if __name__ == "__main__":
    main()
