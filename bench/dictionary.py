"""What the dictionaries' cache (bookgen.core.dictionary) saves: per language and word type,
`bookgen generate TYPE -n 1 --set language=LANG` in a fresh process twice, the first with an empty
cache folder (it makes the language's list and writes it), the second reading it; the CPU and wall
seconds of each, and the same two runs of another source tree (`--before`, e.g. an export of
main: `git archive main | tar -x -C /tmp/main`) for comparison. The two runs of a tree must
print the same bytes (the bench stops where not); it says whether the trees print the same.

Run: python bench/dictionary.py [--languages en,de,fr,es,it,nl] [--types scramble,cryptogram,fillin]
     [--before /tmp/main]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bookgen.core.dictionary import CACHE_VARIABLE


def run(source: Path | None, cache: Path, puzzle_type: str, language: str) -> tuple[float, float, bytes]:
    """CPU and wall seconds of one `bookgen generate` in a fresh process, and what it printed."""
    env = dict(os.environ, **{CACHE_VARIABLE: str(cache)})
    if source is not None:
        env["PYTHONPATH"] = str(source)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    printed = subprocess.run([sys.executable, "-m", "bookgen", "generate", puzzle_type, "-n", "1", "-q",
                              "-j", "1", "--set", f"language={language}"],
                             capture_output=True, check=True, env=env, cwd=cache).stdout
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall, printed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default="en,de,fr,es,it,nl")
    parser.add_argument("--types", default="scramble,cryptogram,fillin")
    parser.add_argument("--before", type=Path, help="another source tree to time the same way")
    args = parser.parse_args()
    trees = [("before", args.before)] if args.before else []
    trees.append(("this", None))
    print(f"load: {os.getloadavg()[0]:.2f} (1 min) on {os.cpu_count()} cores")
    print("CPU s (wall s) of `bookgen generate TYPE -n 1` in a fresh process: first run (empty "
          "cache), second run")
    for puzzle_type in args.types.split(","):
        for language in args.languages.split(","):
            outputs, cells = [], []
            for name, source in trees:
                with tempfile.TemporaryDirectory(prefix="bookgen-bench-cache-") as cache:
                    printed = []
                    for _ in range(2):
                        cpu, wall, output = run(source, Path(cache), puzzle_type, language)
                        printed.append(output)
                        cells.append(f"{cpu:5.2f} ({wall:5.2f})")
                    cells[-2] = f"{name}: {cells[-2]}"
                if printed[0] != printed[1]:
                    sys.exit(f"{puzzle_type} {language}: the cache changed the puzzle ({name})")
                outputs.append(printed[0])
            said = "same puzzle" if len(set(outputs)) == 1 else "another puzzle than before"
            print(f"{puzzle_type:10} {language}  " + "  ".join(cells) + f"  {said}", flush=True)


if __name__ == "__main__":
    main()
