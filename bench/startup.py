"""How long bookgen takes to start: `python -c pass` against `bookgen --help`, importing the CLI,
and a small `bookgen solve`; the median of several runs of each, in fresh processes, as wall time
and as CPU time (user + system: steadier than wall time on a shared machine).

Target (the packaging issue): `bookgen --help` within 2x of `python -c pass`; importing bookgen.cli
loads neither networkx nor reportlab (the last line says which heavy modules it did load).
Run: python bench/startup.py [RUNS]
"""

from __future__ import annotations

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
HEAVY = ("networkx", "reportlab", "pypdfium2", "PIL", "yaml")
PUZZLE = {"type": "placement", "puzzle": {"signs": ["<", ">", "<"], "numbers": ["1", "2", "3", "4"]}}


def median_seconds(argv: list[str], runs: int, cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Median wall and CPU seconds of a command."""
    wall, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
        wall.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    python = sys.executable  # the interpreter itself: a pyenv shim would add its own start-up
    env = dict(os.environ, PYTHONPATH=str(ROOT))  # this checkout's bookgen, installed or not
    with tempfile.TemporaryDirectory() as folder:
        cwd = Path(folder)
        (cwd / "small.jsonl").write_text(json.dumps(PUZZLE) + "\n")
        cases = {
            "python -c pass": [python, "-c", "pass"],
            # what the `bookgen` script pip writes does: import run and call it
            "bookgen --help": [python, "-c", "import sys; from bookgen.cli import run; sys.exit(run())",
                               "--help"],
            "python -m bookgen --help": [python, "-m", "bookgen", "--help"],
            "python -c 'import bookgen.cli'": [python, "-c", "import bookgen.cli"],
            "python -m bookgen solve small.jsonl": [python, "-m", "bookgen", "solve", "small.jsonl"],
        }
        median_seconds(cases["python -m bookgen --help"], 2, cwd, env)  # warm the bytecode caches
        base: tuple[float, float] | None = None
        print(f"{'':40} {'wall':>14} {'cpu':>14}")
        for name, argv in cases.items():
            wall, cpu = median_seconds(argv, runs, cwd, env)
            base = base or (wall, cpu)
            print(f"{name:40} {wall * 1000:6.1f} ms {wall / base[0]:4.1f}x "
                  f"{cpu * 1000:6.1f} ms {cpu / base[1]:4.1f}x")
        loaded = subprocess.run(
            [python, "-c", "import sys, bookgen.cli; print(sorted({m.split('.')[0] for m in sys.modules}"
             f" & {set(HEAVY)!r}))"], cwd=cwd, env=env, check=True, capture_output=True, text=True)
        print(f"heavy modules after import bookgen.cli: {loaded.stdout.strip()}")
        preloaded = subprocess.run([python, "-c", "import sys; print(len(sys.modules))"], cwd=cwd, env=env,
                                   check=True, capture_output=True, text=True)
        print(f"modules loaded by python -c pass: {preloaded.stdout.strip()} (site's .pth files add to it)")
    print(f"(median of {runs} runs each, {sys.version.split()[0]})")


if __name__ == "__main__":
    main()
