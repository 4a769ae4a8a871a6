"""The command line: build, generate, solve, types. `main(argv)` returns the exit status."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from bookgen.book import make_book
from bookgen.config import ROOT, load_config
from bookgen.core.levels import LEVELS
from bookgen.core.options import parse_options
from bookgen.errors import BookgenError
from bookgen.making import make_puzzle, record_from_json, regenerate
from bookgen.progress import Progress
from bookgen.puzzles import PUZZLE_TYPES, find_type

SAMPLE_CONFIG = "config/sampler.yaml"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bookgen", description="Make verified, typeset puzzle books from a YAML config.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    build = commands.add_parser("build", help="build a book PDF from a config")
    build.add_argument("config", nargs="?", default=None,
                       help=f"the book config (default: {SAMPLE_CONFIG})")
    build.add_argument("-o", "--output", help="the PDF to write (default: output/NAME.pdf)")
    build.add_argument("--seed", help="use this seed instead of the config's")
    build.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")

    generate = commands.add_parser("generate", help="print new puzzles as JSON lines")
    generate.add_argument("type", nargs="?", help="puzzle type (see 'bookgen types')")
    generate.add_argument("--difficulty", "-d", default="medium", help="/".join(LEVELS))
    generate.add_argument("--count", "-n", type=int, default=1, help="how many puzzles")
    generate.add_argument("--seed", "-s", default="1", help="seed text; same seed, same puzzles")
    generate.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                          help="a type option, e.g. --set size=8 (repeatable)")
    generate.add_argument("--id", help="regenerate the puzzle with this id instead")

    solve = commands.add_parser("solve", help="solve JSON-lines puzzles from a file or stdin")
    solve.add_argument("file", help="a JSON-lines file, or - for stdin")
    solve.add_argument("--count", action="store_true", help="count all solutions exactly")

    commands.add_parser("types", help="list puzzle types, their options and levels")
    return parser


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    args = _parser().parse_args(argv)
    try:
        if args.command == "build":
            return _build(args, out)
        if args.command == "generate":
            return _generate(args, out)
        if args.command == "solve":
            return _solve(args, out)
        return _types(out)
    except BookgenError as error:
        print(f"bookgen: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("bookgen: interrupted", file=sys.stderr)
        return 130


def _build(args: argparse.Namespace, out: TextIO) -> int:
    from bookgen.render.pdf import write_book_pdf  # reportlab loads only when a PDF is made

    config_path = args.config or _sample_config()
    config = load_config(config_path, seed=args.seed)
    if args.output:
        target = Path(args.output)
        if not target.parent.is_dir():
            raise BookgenError(f"the folder {str(target.parent)!r} does not exist", key="--output")
    else:
        target = Path("output") / f"{config.name}.pdf"
        target.parent.mkdir(exist_ok=True)
    book = make_book(config, Progress.for_terminal(args.quiet))
    for path in write_book_pdf(book, target):
        print(path, file=out)
    return 0


def _sample_config() -> str:
    local = Path(SAMPLE_CONFIG)
    return str(local if local.is_file() else ROOT / SAMPLE_CONFIG)


def _generate(args: argparse.Namespace, out: TextIO) -> int:
    if args.id:
        print(json.dumps(regenerate(args.id).to_json()), file=out)
        return 0
    if not args.type:
        raise BookgenError("name a puzzle type, or give --id", key="type")
    puzzle_type = find_type(args.type)
    if args.difficulty not in LEVELS:
        raise BookgenError(f"unknown difficulty {args.difficulty!r}; choose one of "
                           f"{', '.join(LEVELS)}", key="--difficulty")
    if args.count < 1:
        raise BookgenError("must be at least 1", key="--count")
    raw = {}
    for item in args.set:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BookgenError(f"{item!r} is not KEY=VALUE", key="--set")
        raw[key.strip()] = value.strip()
    options = parse_options(puzzle_type.options, raw, puzzle_type.name)
    puzzle_type.check_request(args.difficulty, options)
    for index in range(args.count):
        record = make_puzzle(puzzle_type, args.difficulty, options, f"{args.seed}.{index + 1}")
        print(json.dumps(record.to_json()), file=out, flush=True)
    return 0


def _solve(args: argparse.Namespace, out: TextIO) -> int:
    name = "stdin" if args.file == "-" else args.file
    if args.file == "-":
        lines = sys.stdin.read().splitlines()
    else:
        try:
            lines = Path(args.file).read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            raise BookgenError("no such file", file=name) from None
        except (OSError, UnicodeDecodeError) as error:
            raise BookgenError(f"cannot read it ({error})", file=name) from None
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise BookgenError(f"not valid JSON: {error.msg} (column {error.colno})",
                               file=name, line=number) from None
        records.append(record_from_json(data, f"{name}:{number}"))
    for record in records:
        puzzle_type = find_type(record.type)
        solved = puzzle_type.solve(record.puzzle, None if args.count else 2)
        result = {"id": record.id, "solutions": solved.count, "solution": solved.solution}
        print(json.dumps(result), file=out, flush=True)
    return 0


def _types(out: TextIO) -> int:
    for puzzle_type in PUZZLE_TYPES:
        print(f"{puzzle_type.name}: {puzzle_type.title}", file=out)
        print(f"  difficulty: {', '.join(LEVELS)}", file=out)
        for option in puzzle_type.options:
            print(f"  {option.name}: {option.help} ({option.allowed()})", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
