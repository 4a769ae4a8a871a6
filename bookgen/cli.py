"""The command line: build, worksheet, preview, census, generate, solve, types, schema and
completion. `main(argv)` returns the exit status.

Start-up is kept to about that of Python itself: this module imports only the standard library and
light parts of bookgen at the top, and each command imports what it uses, so the puzzle registry
(and networkx with it), reportlab and PDFium load only for the commands that need them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from bookgen import __version__
from bookgen.errors import BookgenError

if TYPE_CHECKING:
    from pathlib import Path

    from bookgen.book import Book
    from bookgen.config import BookConfig

DEFAULT_BUDGET = 120.0  # bookgen.book.DEFAULT_BUDGET, kept here so --help need not import it (tested)
SHELLS = ("bash", "zsh", "tcsh")  # what shtab writes completion scripts for


class _Levels(Sequence[str]):
    """The difficulty levels, bookgen.core.grading.LEVELS, as argparse choices that load the grading
    module when argparse first reads them (to check a value, or for a command's own help)."""

    def __getitem__(self, index: Any) -> Any:
        from bookgen.core.grading import LEVELS

        return LEVELS[index]

    def __len__(self) -> int:
        from bookgen.core.grading import LEVELS

        return len(LEVELS)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bookgen", description="Make verified, typeset puzzle books from a YAML config.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    build = commands.add_parser("build", help="build a book PDF from a config")
    build.add_argument("config", nargs="?", default=None,
                       help="the book config, or - to read it from stdin (default: the sample book)")
    build.add_argument("-o", "--output", help="the PDF to write (default: output/NAME.pdf)")
    build.add_argument("--seed", help="use this seed instead of the config's")
    build.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    build.add_argument("--html", action="store_true",
                       help="also write the playable edition, NAME.html, beside the PDF")
    build.add_argument("--jsonl", action="store_true",
                       help="also write every printed puzzle as JSON lines, NAME.jsonl, beside the PDF")
    build.add_argument("--cover", action="store_true",
                       help="also write the print-on-demand cover wrap, NAME-cover.pdf")
    _add_production_options(build)

    worksheet = commands.add_parser("worksheet", help="a one-off worksheet PDF, no YAML needed")
    worksheet.add_argument("type", help="puzzle type (see 'bookgen types')")
    worksheet.add_argument("--difficulty", "-d", default="easy", choices=_Levels(), type=_level,
                           metavar="LEVEL", help="%(choices)s (default %(default)s)")
    worksheet.add_argument("--count", "-n", type=int, default=6, help="how many puzzles")
    worksheet.add_argument("--layout", default="letter",
                           help="a built-in layout (letter, a4, 6x9, ...) or a layout FILE (default: letter)")
    worksheet.add_argument("--seed", "-s", default="1", help="seed text")
    worksheet.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                           help="a type option (repeatable)")
    worksheet.add_argument("--title", help="the heading (default: the type's name)")
    worksheet.add_argument("--answers", choices=("page", "file", "none"), default="file",
                           help="answers on a page after the sheet, in NAME-answers.pdf, or none")
    worksheet.add_argument("-o", "--output", help="the PDF to write (default: output/worksheet-TYPE.pdf)")
    worksheet.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    _add_production_options(worksheet)

    preview = commands.add_parser("preview", help="PNG images of chosen pages of a book")
    preview.add_argument("config", nargs="?", default=None,
                         help="a book config, or - to read it from stdin (default: the sample "
                              "book), or a built PDF to draw as it is")
    preview.add_argument("--pages", default="1-2", help="pages to draw, e.g. 1,3-4 (default 1-2)")
    preview.add_argument("--dpi", type=int, default=100, help="resolution (default 100)")
    preview.add_argument("-o", "--output",
                         help="folder for the PNGs (default: output/), or a .png file for one page")
    preview.add_argument("--seed", help="use this seed instead of the config's")
    preview.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    _add_production_options(preview)

    census = commands.add_parser("census", help="every card of an arithmetic game, rated")
    census.add_argument("type", choices=["arithmetic"], help="the puzzle type (arithmetic)")
    census.add_argument("--target", type=int, default=10, help="the number to make (default 10)")
    census.add_argument("--size", type=int, default=4, help="how many numbers (3 to 6)")
    census.add_argument("--range", default="1-9", help="the numbers, LOW-HIGH (default 1-9)")
    census.add_argument("--operators", default="+-*/", help="any of + - * / ^ (default +-*/)")
    census.add_argument("--concat", action="store_true", help="allow joining digits (1 2 -> 12)")
    census.add_argument("--distinct", action="store_true", help="only cards without repeats")

    generate = commands.add_parser("generate", help="print new puzzles as JSON lines")
    generate.add_argument("type", nargs="?", help="puzzle type (see 'bookgen types')")
    generate.add_argument("--difficulty", "-d", default="medium", choices=_Levels(), type=_level,
                          metavar="LEVEL", help="%(choices)s (default %(default)s)")
    generate.add_argument("--count", "-n", type=int, default=1, help="how many puzzles")
    generate.add_argument("--seed", "-s", default="1", help="seed text; same seed, same puzzles")
    generate.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                          help="a type option, e.g. --set size=8 (repeatable)")
    generate.add_argument("--id", help="regenerate the puzzle with this id instead")
    generate.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    _add_workers_options(generate)

    solve = commands.add_parser("solve", help="solve JSON-lines puzzles from a file or stdin")
    solve.add_argument("file", help="a JSON-lines file, or - for stdin")
    solve.add_argument("--count", action="store_true", help="count all solutions exactly")

    commands.add_parser("types", help="list puzzle types, their options and levels")

    schema = commands.add_parser("schema", help="print the JSON Schema of a book config, for editors")
    schema.add_argument("--layout", action="store_true", help="the schema of a layout file instead")

    studio = commands.add_parser("studio", help="make a book in the browser (needs the 'studio' extra)")
    studio.add_argument("--host", default="127.0.0.1", help="address to serve (default: loopback only)")
    studio.add_argument("--port", type=int, default=0, help="port to serve (default: any free one)")
    studio.add_argument("--no-browser", action="store_true", help="do not open a browser")
    studio.add_argument("--workers", "-j", type=int, default=None,
                        help="processes that generate puzzles (default: all cores)")

    completion = commands.add_parser("completion", help="print a shell completion script")
    completion.add_argument("shell", choices=SHELLS, help="the shell: " + ", ".join(SHELLS))
    return parser


def _level(text: str) -> str:
    """A level, with the same message on every Python (argparse's own for choices varies)."""
    from bookgen.core.grading import LEVELS

    if text not in LEVELS:
        raise argparse.ArgumentTypeError(f"{text!r} is not a level; use one of {', '.join(LEVELS)}")
    return text


def _add_workers_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--workers", "-j", type=int, default=None,
                        help="processes that generate puzzles (default: all cores)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="generate on a dask.distributed cluster: its scheduler's address, or "
                             "local:N to start one here with N worker processes (needs the "
                             "'cluster' extra)")


def _add_production_options(parser: argparse.ArgumentParser) -> None:
    _add_workers_options(parser)
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                        help=f"seconds one puzzle may take (default {DEFAULT_BUDGET:.0f})")


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    try:
        try:
            args = _parser().parse_args(argv)
        except SystemExit as stop:  # --help, --version, or a usage error argparse has printed
            return stop.code if isinstance(stop.code, int) else 2
        if args.command == "build":
            return _build(args, out)
        if args.command == "generate":
            return _generate(args, out)
        if args.command == "solve":
            return _solve(args, out)
        if args.command == "worksheet":
            return _worksheet(args, out)
        if args.command == "preview":
            return _preview(args, out)
        if args.command == "census":
            return _census(args, out)
        if args.command == "schema":
            return _schema(args, out)
        if args.command == "completion":
            return _completion(args, out)
        if args.command == "studio":
            from bookgen.studio import serve

            return serve(args.host, args.port, not args.no_browser, _workers(args), out)
        return _types(out)
    except BookgenError as error:
        print(f"bookgen: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("bookgen: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return _reader_left()


WORKSHEET_PAGE = 12  # puzzles a worksheet fits on its one page; more spread over pages
BROKEN_PIPE = 141  # as a Unix tool that SIGPIPE ended: 128 + 13


def _reader_left() -> int:
    """The reader of our output went away (`bookgen generate ... | head -1`): stop quietly. Output
    still buffered for the closed pipe is dropped, so Python does not complain at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout is not a file (a test's capture)
        pass
    return BROKEN_PIPE


def _build(args: argparse.Namespace, out: TextIO) -> int:
    from dataclasses import replace

    config = _load(args.config, args.seed)
    for name in ("html", "jsonl", "cover"):
        if getattr(args, name) and name not in config.formats:
            config = replace(config, formats=config.formats + (name,))
    return _write(config, _target(args.output, f"{config.name}.pdf"), args, out)


def _target(output: str | None, default_name: str) -> Path:
    """The output path; the default folder output/ is made, a named folder must exist."""
    from pathlib import Path

    if output:
        target = Path(output)
        if not target.parent.is_dir():
            raise BookgenError(f"the folder {str(target.parent)!r} does not exist", key="--output")
        return target
    target = Path("output") / default_name
    target.parent.mkdir(exist_ok=True)
    return target


def _load(name: str | None, seed: str | None) -> BookConfig:
    """The config named on the command line ('-' for stdin), or the sample book that ships with
    bookgen."""
    from importlib import resources

    from bookgen.config import load_config, sample_config

    if name is not None:
        return load_config(name, seed=seed)
    with resources.as_file(sample_config()) as path:
        return load_config(path, seed=seed)


def _workers(args: argparse.Namespace) -> int:
    from bookgen.book import default_workers

    workers = args.workers if args.workers is not None else default_workers()
    if workers < 1:
        raise BookgenError("must be at least 1", key="--workers")
    return workers


def _make(config: BookConfig, args: argparse.Namespace) -> Book:
    from bookgen.book import make_book
    from bookgen.cluster import executor_for
    from bookgen.progress import Progress

    workers = _workers(args)
    if args.budget <= 0:
        raise BookgenError("must be more than 0 seconds", key="--budget")
    with executor_for(workers, args.scheduler) as executor:
        return make_book(config, Progress.for_terminal(args.quiet), executor=executor,
                         budget=args.budget)


def _write(config: BookConfig, target: Path, args: argparse.Namespace, out: TextIO) -> int:
    """Make the book and write every file of each format the config asks for, all or none: the
    PDF at target (or on standard output for '-'), the others beside it. Prints each path."""
    from bookgen.atomic import check_target, write_files
    from bookgen.formats import render_formats

    check_target(target)
    if "pdf" in config.formats or "cover" in config.formats:
        from bookgen.render.fonts import check_printable

        check_printable(config)
    book = _make(config, args)
    files = render_formats(book, target, config.formats)
    out.flush()
    for path in write_files(files, stdout=getattr(out, "buffer", None)):
        print(path, file=out)
    return 0


def _worksheet(args: argparse.Namespace, out: TextIO) -> int:
    from bookgen.config import BookConfig, SectionConfig, load_layout
    from bookgen.puzzles import request_for

    if not 1 <= args.count <= 60:
        raise BookgenError("must be from 1 to 60", key="--count")
    request = request_for(args.type, args.difficulty, _pairs(args.set))
    puzzle_type = request.type
    one_page = args.count <= WORKSHEET_PAGE
    if not one_page and not args.quiet:
        print(f"bookgen: note: a worksheet page holds at most {WORKSHEET_PAGE} puzzles; these "
              f"{args.count} take several pages", file=sys.stderr)
    section = SectionConfig(type=puzzle_type.name, count=args.count, difficulty=request.level,
                            title=puzzle_type.title,
                            per_page=args.count if one_page else None, request=request)
    config = BookConfig(
        name=f"worksheet-{puzzle_type.name}", file="(worksheet)",
        title=args.title or f"{puzzle_type.title} worksheet",
        subtitle="Name: ______________________    Date: ______________", author=None,
        layout=load_layout(args.layout), seed=args.seed,
        answers={"page": "back", "file": "separate", "none": "none"}[args.answers],
        title_page=False, contents=False, sections=(section,))
    return _write(config, _target(args.output, f"{config.name}.pdf"), args, out)


def _preview(args: argparse.Namespace, out: TextIO) -> int:
    """PNGs of chosen pages: of a built PDF as it is (nothing regenerated), or of the book a
    config makes."""
    from importlib.util import find_spec

    missing = [name for name, module in (("pypdfium2", "pypdfium2"), ("Pillow", "PIL"))
               if find_spec(module) is None]
    if missing:
        raise BookgenError(f"previews need {' and '.join(missing)}: pip install 'bookgen[preview]'")
    from pathlib import Path

    from bookgen.atomic import write_files
    from bookgen.render.preview import parse_pages, preview_files, render_pages

    pages = parse_pages(args.pages)
    if not 20 <= args.dpi <= 600:
        raise BookgenError("must be from 20 to 600", key="--dpi")
    single = Path(args.output) if args.output and args.output.endswith(".png") else None
    folder = single.parent if single else Path(args.output) if args.output else Path("output")
    if args.output and not folder.is_dir():
        raise BookgenError(f"the folder {str(folder)!r} does not exist", key="--output")
    if single and len(pages) != 1:
        raise BookgenError("a .png file holds one page; name a folder for more", key="--output")
    if args.config and args.config.lower().endswith(".pdf"):
        try:
            pdf = Path(args.config).read_bytes()
        except OSError as error:
            raise BookgenError(f"cannot read it ({error.strerror})", file=args.config) from None
        name = Path(args.config).stem
    else:
        config = _load(args.config, args.seed)
        pdf, name = _book_pdf(_make(config, args)), config.name
    folder.mkdir(exist_ok=True)
    images = render_pages(pdf, pages, args.dpi)
    for path in write_files(preview_files(images, folder, name, single)):
        print(path, file=out)
    return 0


def _book_pdf(book: Book) -> bytes:
    from bookgen.render.document import BookDocument

    return BookDocument(book).render("book", {})[0]


def _census(args: argparse.Namespace, out: TextIO) -> int:
    from bookgen.puzzles.arithmetic import census_of_options

    raw = {"target": args.target, "size": args.size, "range": args.range,
           "operators": args.operators, "concat": args.concat, "distinct": args.distinct}
    print(json.dumps(census_of_options(raw)), file=out)
    return 0


def _pairs(items: list[str]) -> dict[str, str]:
    """KEY=VALUE arguments of --set as a mapping."""
    raw = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BookgenError(f"{item!r} is not KEY=VALUE", key="--set")
        raw[key.strip()] = value.strip()
    return raw


def _generate(args: argparse.Namespace, out: TextIO) -> int:
    from bookgen.book import different_puzzles
    from bookgen.cluster import executor_for
    from bookgen.making import regenerate
    from bookgen.progress import Progress
    from bookgen.puzzles import request_for

    if args.id:
        print(json.dumps(regenerate(args.id).to_json()), file=out)
        return 0
    if not args.type:
        raise BookgenError("name a puzzle type, or give --id", key="type")
    if args.count < 1:
        raise BookgenError("must be at least 1", key="--count")
    request = request_for(args.type, args.difficulty, _pairs(args.set))
    workers = _workers(args)
    with executor_for(workers, args.scheduler) as executor:
        ahead = 64 if args.scheduler else 4 * workers  # puzzles under way while the first is awaited
        for record in different_puzzles(request, args.seed, args.count, executor, ahead=ahead,
                                        progress=Progress.for_terminal(args.quiet)):
            print(json.dumps(record.to_json()), file=out, flush=True)
    return 0


def _solve(args: argparse.Namespace, out: TextIO) -> int:
    from pathlib import Path

    from bookgen.making import record_from_json
    from bookgen.puzzles import find_type

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
    failed: list[str] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            try:
                data = json.loads(line)
            except json.JSONDecodeError as error:
                raise BookgenError(f"not valid JSON: {error.msg} (column {error.colno})",
                                   file=name, line=number) from None
            record = record_from_json(data, f"{name}:{number}")
            solved = find_type(record.type).solve(record.puzzle, None if args.count else 2)
        except BookgenError as error:
            failed.append(f"{name}:{number}")
            print(json.dumps({"line": number, "error": str(error)}), file=out, flush=True)
            continue
        result = {"id": record.id, "line": number, "solutions": solved.count,
                  "solution": solved.solution}
        print(json.dumps(result), file=out, flush=True)
    if failed:
        raise BookgenError(f"{len(failed)} puzzle line(s) could not be read or solved: "
                           + ", ".join(failed[:5]) + (" ..." if len(failed) > 5 else ""))
    return 0


def _types(out: TextIO) -> int:
    from bookgen.core.grading import LEVELS
    from bookgen.puzzles import PUZZLE_TYPES

    for puzzle_type in PUZZLE_TYPES:
        print(f"{puzzle_type.name}: {puzzle_type.title}", file=out)
        print(f"  difficulty: {', '.join(LEVELS)}", file=out)
        for option in puzzle_type.options:
            print(f"  {option.name}: {option.help} ({option.allowed()})", file=out)
    return 0


def _schema(args: argparse.Namespace, out: TextIO) -> int:
    from bookgen.schema import book_schema, layout_schema

    print(json.dumps(layout_schema() if args.layout else book_schema(), indent=2), file=out)
    return 0


def _completion(args: argparse.Namespace, out: TextIO) -> int:
    """A completion script from shtab: static, so pressing Tab never starts Python."""
    import shtab

    from bookgen.config import available_layouts
    from bookgen.puzzles import PUZZLE_TYPES

    parser = _parser()  # a copy to annotate: names to offer, and which arguments are files
    names = {"type": [t.name for t in PUZZLE_TYPES], "layout": available_layouts()}
    for action in parser._actions:  # argparse lists them nowhere public; shtab reads the same
        for command in action.choices.values() if isinstance(action.choices, dict) else ():
            for argument in command._actions:
                if argument.dest in names and argument.choices is None:
                    argument.choices = names[argument.dest]
                elif argument.dest in ("config", "file", "output"):
                    argument.complete = shtab.FILE  # type: ignore[attr-defined]
    print(shtab.complete(parser, shell=args.shell), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
