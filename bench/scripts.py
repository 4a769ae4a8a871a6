"""What tests/test_scripts.py costs the suite: each of its steps timed as the test runs it, the
best of a few runs (the machine is shared: the load is printed first), and `npm ci` of the
pinned ESLint into an empty folder, as a fresh run pays it once per lock file (npm's own cache
in ~/.npm, warm after the first run on a machine, is used as the test uses it, --prefer-offline).
Also the size of the frame's script in the page. Run: python bench/scripts.py
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bookgen.html import _frame_script  # noqa: E402
from tests.test_scripts import INSTALL, JS, LINTED, _plural_cases  # noqa: E402

RUNS = 3


def timed(argv: list[str], cwd: Path, **options) -> float:
    """The best of RUNS wall times of a command that must succeed."""
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, **options)
        best = min(best, time.perf_counter() - start)
        assert done.returncode == 0, done.stdout + done.stderr
    return best


def main() -> None:
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"on {os.cpu_count()} cores")
    node, npm = shutil.which("node"), shutil.which("npm")
    assert node and npm, "node and npm are needed"
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for name in INSTALL:
            shutil.copyfile(JS / name, work / name)
        start = time.perf_counter()
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--prefer-offline"], cwd=work, check=True,
                       capture_output=True)
        install = time.perf_counter() - start
        cases = work / "plurals.json"
        start = time.perf_counter()
        cases.write_text(json.dumps(_plural_cases()), encoding="utf-8")
        plurals = time.perf_counter() - start
        steps = {
            "npm ci (once per lock file)": install,
            "plural cases in Python": plurals,
            "node --test tests/js/": timed([node, "--test", "tests/js/"], ROOT,
                                           env=dict(os.environ, BOOKGEN_PLURAL_CASES=str(cases))),
            "eslint over every script, and the frame": timed([node, str(work / "lint.mjs"), *LINTED], ROOT,
                                                              input=_frame_script()),
        }
    for step, seconds in steps.items():
        print(f"{step:45} {seconds:6.2f} s")
    every_run = sum(seconds for step, seconds in steps.items() if not step.startswith("npm"))
    print(f"{'every run (one worker)':45} {every_run:6.2f} s")
    print(f"frame script in the page: {len(_frame_script().encode()):,} bytes")


if __name__ == "__main__":
    main()
