"""How long bookgen takes to start: `python -c pass` against `bookgen --help`, importing the CLI,
and a small `bookgen solve`; the median wall time of several runs of each, in fresh processes.

Target (the packaging issue): `bookgen --help` within 2x of `python -c pass`; importing bookgen.cli
loads neither networkx nor reportlab (the last line says which heavy modules it did load).
Run: python bench/startup.py [RUNS]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("networkx", "reportlab", "pypdfium2", "PIL", "yaml")
PUZZLE = {"type": "placement", "puzzle": {"signs": ["<", ">", "<"], "numbers": ["1", "2", "3", "4"]}}


def median_seconds(argv: list[str], runs: int, cwd: Path, env: dict[str, str]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    python = sys.executable  # the interpreter itself: a pyenv shim would add its own start-up
    env = dict(os.environ, PYTHONPATH=str(ROOT))  # this checkout's bookgen, installed or not
    with tempfile.TemporaryDirectory() as folder:
        cwd = Path(folder)
        (cwd / "small.jsonl").write_text(json.dumps(PUZZLE) + "\n")
        cases = {
            "python -c pass": [python, "-c", "pass"],
            "python -m bookgen --help": [python, "-m", "bookgen", "--help"],
            "python -c 'import bookgen.cli'": [python, "-c", "import bookgen.cli"],
            "python -m bookgen solve small.jsonl": [python, "-m", "bookgen", "solve", "small.jsonl"],
        }
        median_seconds(cases["python -m bookgen --help"], 2, cwd, env)  # warm the bytecode caches
        base = None
        for name, argv in cases.items():
            seconds = median_seconds(argv, runs, cwd, env)
            base = base or seconds
            print(f"{name:40} {seconds * 1000:7.1f} ms  {seconds / base:4.1f}x")
        loaded = subprocess.run(
            [python, "-c", "import sys, bookgen.cli; print(sorted({m.split('.')[0] for m in sys.modules}"
             f" & {set(HEAVY)!r}))"], cwd=cwd, env=env, check=True, capture_output=True, text=True)
        print(f"heavy modules after import bookgen.cli: {loaded.stdout.strip()}")
    print(f"(median of {runs} runs each, {sys.version.split()[0]})")


if __name__ == "__main__":
    main()
