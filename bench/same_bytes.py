"""Does a change keep every output byte? Builds each shipped config (config/*.yaml: PDF, cover,
playable HTML, JSON lines) and `bookgen generate` JSON lines for every registered type at a fixed
seed, once with the code at git revision REV (checked out in a temporary worktree) and once with
the working tree, and prints, file by file, whether the bytes are identical.

    python bench/same_bytes.py main      # exit 0 when every file is identical, 1 otherwise
    python bench/same_bytes.py main --configs sampler --types fillin,crossword   # a part of them

A renovation that only moves code (issue 28) must print "identical" for every file."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = "same-bytes"
COUNT = 1  # puzzles per type and level for `bookgen generate` (small spaces hold one)

TYPE_LEVELS = """
from bookgen.puzzles import PUZZLE_TYPES
from bookgen.core.grading import LEVELS
for t in PUZZLE_TYPES:
    print(t.name, *LEVELS)
"""


def run(code: Path, args: list[str], out: Path | None = None, cwd: Path | None = None) -> str:
    """`python -m bookgen ARGS` (or `python -c`) with the bookgen package taken from `code`."""
    env = dict(os.environ, PYTHONPATH=str(code), PYTHONHASHSEED="0")
    result = subprocess.run(
        [sys.executable, *args], cwd=cwd or code, env=env, capture_output=True, text=out is None
    )
    if result.returncode != 0:
        stderr = result.stderr if isinstance(result.stderr, str) else result.stderr.decode()
        raise SystemExit(f"{code}: {' '.join(args)} failed:\n{stderr}")
    if out is not None:
        out.write_bytes(result.stdout)
        return ""
    return str(result.stdout)


def outputs(code: Path, into: Path, configs: set[str] | None = None, types: set[str] | None = None
            ) -> dict[str, bytes]:
    """Every file the shipped configs and `generate` give with the bookgen in `code` (only the
    `configs` and `types` named, where named)."""
    into.mkdir(parents=True, exist_ok=True)
    found = run(code, ["-c", "import bookgen; print(bookgen.__file__)"]).strip()
    if not found.startswith(str(code)):
        raise SystemExit(f"bookgen came from {found}, not from {code}")
    for config in sorted((code / "config").glob("*.yaml")):  # each revision its own configs
        if configs is not None and config.stem not in configs:
            continue
        run(code, ["-m", "bookgen", "build", str(config), "-o", str(into / f"{config.stem}.pdf"),
                   "-q", "-j", "1", "--html", "--jsonl", "--cover"])
    for line in run(code, ["-c", TYPE_LEVELS]).splitlines():
        name, *levels = line.split()
        for level in levels if types is None or name in types else ():
            run(code, ["-m", "bookgen", "generate", name, "-d", level, "-n", str(COUNT), "--seed", SEED,
                       "-q", "-j", "1"], out=into / f"generate-{name}-{level}.jsonl")
    return {path.name: path.read_bytes() for path in sorted(into.iterdir())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the git revision to compare the working tree with, e.g. main")
    parser.add_argument("--configs", help="only these of config/*.yaml, by name with commas "
                        "(sampler,beispiel)")
    parser.add_argument("--types", help="`generate` only these types, with commas")
    args = parser.parse_args()
    rev = args.rev
    configs = set(args.configs.split(",")) if args.configs else None
    types = set(args.types.split(",")) if args.types else None
    with tempfile.TemporaryDirectory(prefix="same-bytes-") as tmp:
        before_code = Path(tmp) / "rev"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(before_code), rev], cwd=ROOT,
                       check=True)
        try:
            before = outputs(before_code, Path(tmp) / "before", configs, types)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before_code)], cwd=ROOT, check=True)
        after = outputs(ROOT, Path(tmp) / "after", configs, types)
    differ = 0
    for name in sorted(set(before) | set(after)):
        if name not in before or name not in after:
            verdict = "only " + ("before" if name in before else "after")
        else:
            verdict = "identical" if before[name] == after[name] else "DIFFERENT"
        differ += verdict != "identical"
        print(f"{name:40} {verdict}")
    print(f"{len(before | after) - differ} of {len(before | after)} files identical with {rev}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
