"""The command line: build, worksheet, preview, census, generate, solve, types, texts, schema, guide
and completion. `main(argv)` returns the exit status.

Start-up is kept to about that of Python itself: this module imports only the standard library and
light parts of bookgen at the top, and each command imports what it uses, so the puzzle registry
(and networkx with it), reportlab and PDFium load only for the commands that need them.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn, ParamSpec, TextIO, TypeVar

from bookgen import __version__, limits
from bookgen.errors import BookgenError, Refusals
from bookgen.extras import install_hint
from bookgen.i18n import N_, _, ngettext, refusal, refusing, speaking, users_language
from bookgen.i18n.reasons import os_reason
from bookgen.progress import Progress, Ticking

if TYPE_CHECKING:
    from pathlib import Path

    from bookgen.atomic import Inputs
    from bookgen.book import Book
    from bookgen.bookconfig import BookConfig
    from bookgen.core.options import Option
    from bookgen.puzzles.base import PuzzleType, Request

DEFAULT_BUDGET = 120.0  # bookgen.book.DEFAULT_BUDGET, kept here so --help need not import it (tested)
SHELLS = ("bash", "zsh", "tcsh", "fish")  # shtab writes the first three, bookgen.completion fish
INIT_KINDS = ("worksheet", "pod", "large-print")  # bookgen.init.KINDS, kept here for a light --help


class _Choices(Sequence[str]):
    """argparse choices read only when argparse first needs them (to check a value, or for a
    command's own help), so that building the parser loads no more modules: the levels
    (bookgen.core.grading) and the languages (bookgen.i18n's catalogs)."""

    def __init__(self, load: Callable[[], Sequence[str]]) -> None:
        self._load = load

    def __getitem__(self, index: Any) -> Any:
        return self._load()[index]

    def __len__(self) -> int:
        return len(self._load())


def _levels() -> Sequence[str]:
    from bookgen.core.grading import ALL_LEVELS

    return ALL_LEVELS


def _languages() -> Sequence[str]:
    from bookgen.i18n import languages

    return languages()


ARGPARSE_MESSAGES = (
    N_("usage: "), N_("argument %(argument_name)s: %(message)s"), N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
    N_("expected one argument"), N_("expected at most one argument"),
    N_("expected at least one argument"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"), N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"))
"""argparse's own messages that a mistyped command line meets (argparse says them through
gettext; `_argparse_says` gives it these from our catalogs)."""
ARGPARSE_HELP_WORDS = (N_("positional arguments"), N_("options"), N_("show this help message and exit"),
                       N_("show program's version number and exit"), N_("examples:"))
"""argparse's own words in a command's --help (its headings, -h's and --version's help), which
`_Help` says in the user's language with ours; and the heading of our examples."""


def _argparse_says(message: str) -> str:
    """argparse's `_`: a message of ARGPARSE_MESSAGES in the current language (the user's, while
    the command line is parsed), any other as argparse wrote it."""
    return _(message) if message in ARGPARSE_MESSAGES else message


def _argparse_template(message: str, **groups: str) -> re.Pattern[str]:
    """A pattern that finds argparse's `message` as the current language says it, each
    %(name)s or %(name)r placeholder a group of that name (`groups`: its pattern)."""
    pattern = re.escape(_argparse_says(message))
    for name, group in groups.items():
        for conversion in "sr":
            pattern = pattern.replace(re.escape(f"%({name}){conversion}"), f"(?P<{name}>{group})")
    return re.compile(pattern)


P = ParamSpec("P")
T = TypeVar("T")


def _refusing(check: Callable[P, T]) -> Callable[P, T]:
    """`check` speaking the user's language (bookgen.i18n.refusing), so its refusals do: for checks
    that make nothing a book prints."""
    @functools.wraps(check)
    def checked(*args: P.args, **kwargs: P.kwargs) -> T:
        with refusing():
            return check(*args, **kwargs)
    return checked


ERROR = N_("{program}: error: {text}")
WARNING = N_("{program}: warning: {text}")
NOTE = N_("{program}: note: {text}")
"""How stderr's lines begin, in the user's language (French sets its no-break spaces)."""


class _Parser(argparse.ArgumentParser):
    """argparse that names the nearest word to one it does not know: a command (`bookgen buld`:
    did you mean 'build'?), a choice (`--difficulty esay`) or an option (`build --seeed 3
    book.yaml`: argparse would take 3 for the config and name book.yaml as the stray argument).
    `argv` is what main parses, for the top parser to find the option behind its complaint."""

    argv: Sequence[str] = ()

    def error(self, message: str) -> NoReturn:  # type: ignore[override]  # NoReturn on 3.10
        self.print_usage(sys.stderr)
        self.exit(2, refusal(ERROR, program=self.prog, text=self._suggesting(message)) + "\n")

    examples: Sequence[tuple[str, str]] = ()

    def format_help(self) -> str:
        """The help in the user's language, as the refusals are: its examples' comments too."""
        with refusing():
            if self.examples:
                self.epilog = _("examples:") + "\n" + "\n".join(
                    f"  {command}# {_(comment)}" if comment else f"  {command}"
                    for command, comment in self.examples)
            return super().format_help()

    def _suggesting(self, message: str) -> str:
        import difflib

        choice = _argparse_template("invalid choice: %(value)r (choose from %(choices)s)",
                                    value="'.*?'", choices=".*").search(message)
        if choice:  # Python 3.12.8 and 3.13 list the choices unquoted
            choices = [word.strip().strip("'") for word in choice["choices"].split(",")]
            near = difflib.get_close_matches(choice["value"][1:-1], choices, n=1, cutoff=0.6)
            if near:
                return message[:choice.start()] + _(
                    "invalid choice: {value}; did you mean '{near}'? (choose from {choices})").format(
                        value=choice["value"], near=near[0], choices=choice["choices"])
            return message
        unknown = [_argparse_says(start).split("%s")[0] for start in (
            "unrecognized arguments: %s", "the following arguments are required: %s")]
        if self.argv and message.startswith(tuple(unknown)):
            return _unknown_option(self, self.argv) or message
        return message


class _Said(str):
    """A help text with values of its own ("1 to {most}"): English as a str, for what reads the
    parser (the shell completions), and said in the current language by `_Help`."""

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, **values: Any) -> _Said:
        said = super().__new__(cls, template.format(**values))
        said.template, said.values = template, values
        return said


class _Help(argparse.RawDescriptionHelpFormatter):
    """argparse's help said in the current language: our help texts (marked N_), its headings and
    its own words (ARGPARSE_HELP_WORDS) come from the catalogs; the examples keep their lines."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if isinstance(action.help, _Said):
            return _(action.help.template).format(**action.help.values)
        return _(action.help) if action.help else action.help

    def start_section(self, heading: str | None) -> None:
        super().start_section(_(heading) if heading else heading)

    def add_text(self, text: str | None) -> None:
        super().add_text(_(text) if text and text is not argparse.SUPPRESS else text)


def _options(parser: argparse.ArgumentParser) -> list[str]:
    return [name for action in parser._actions for name in action.option_strings]


def _unknown_option(parser: argparse.ArgumentParser, argv: Sequence[str]) -> str | None:
    """The message for the first option in `argv` that neither bookgen nor its command knows (a
    unique start of one is known, as argparse reads it), with the nearest one, or None."""
    import difflib

    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    command = next((word for word in argv if word in commands), None)
    known = _options(parser) + (_options(commands[command]) if command else [])
    for word in argv:
        if word == "--":
            break
        name = word.split("=", 1)[0]
        if not name.startswith("-") or name == "-" or re.fullmatch(r"-[\d.]+", name):
            continue
        if name[:2] in known if not name.startswith("--") else any(
                option.startswith(name) for option in known if option.startswith("--")):
            continue
        near = difflib.get_close_matches(name, known, n=1, cutoff=0.7)  # not --output for --layout
        where = f"bookgen {command}" if command else "bookgen"
        if near:
            return _("unknown option '{name}' for '{where}'; did you mean '{near}'?").format(
                name=name, where=where, near=near[0])
        return _("unknown option '{name}' for '{where}'; '{where} --help' lists its options").format(
            name=name, where=where)
    return None


def _parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """bookgen's parser. Where `argv` starts with a command, only that command's parser is built
    (building all of them is most of a small command's start-up, `bookgen solve`): it parses and
    refuses exactly as in the whole parser. Otherwise every command, for `bookgen --help`."""
    argparse._ = _argparse_says  # type: ignore[attr-defined]  # argparse's gettext, module-wide
    parser = _Parser(prog="bookgen", formatter_class=_Help,
                     description=N_("Make verified, typeset puzzle books from a YAML config."))
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    named = argv[0] if argv and argv[0] in COMMANDS else None
    for name, (help_text, add_arguments) in COMMANDS.items():
        if named not in (None, name):
            continue
        command = commands.add_parser(name, help=help_text, formatter_class=_Help)
        if add_arguments:
            add_arguments(command)
        command.examples = EXAMPLES[name]  # each command's help ends with examples
    return parser


def _build_arguments(build: argparse.ArgumentParser) -> None:
    build.add_argument("config", nargs="?", default=None,
                       help=N_("the book config, or - to read it from stdin (default: the sample book)"))
    build.add_argument("-o", "--output", help=N_("the PDF to write (default: output/NAME.pdf)"))
    build.add_argument("--seed", help=N_("use this seed instead of the config's"))
    _add_language_option(build, N_("the book's language instead of the config's (output NAME-CODE.pdf): "
                                   "%(choices)s"))
    build.add_argument("-q", "--quiet", action="store_true", help=N_("no progress on stderr"))
    build.add_argument("--html", action="store_true",
                       help=N_("also write the playable edition, NAME.html, beside the PDF"))
    build.add_argument("--jsonl", action="store_true",
                       help=N_("also write every printed puzzle as JSON lines, NAME.jsonl, beside the PDF"))
    build.add_argument("--cover", action="store_true",
                       help=N_("also write the print-on-demand cover wrap, NAME-cover.pdf"))
    _add_production_options(build)


def _init_arguments(init: argparse.ArgumentParser) -> None:
    init.add_argument("folder", metavar="FOLDER", help=N_("the folder to make (new, or empty)"))
    init.add_argument("--kind", choices=INIT_KINDS, default="pod",
                      help=N_("the starting point: %(choices)s (default %(default)s)"))
    init.add_argument("--levels", default=None, metavar="LEVEL,...",
                      help=N_("one section for each, on a type that has it ('bookgen types' lists "
                              "each type's levels; default: easy,medium for a worksheet, "
                              "easy,medium,hard otherwise)"))
    init.add_argument("--layout", help=N_("the built-in trim to copy (default: letter for a worksheet, "
                                          "6x9 for pod, 8.5x11 for large-print)"))
    init.add_argument("--type", metavar="TYPE,...",
                      help=N_("the puzzle types, one section for each type and level, in the order "
                              "given (default: one section per level, of a mix of types)"))
    init.add_argument("--title", help=N_("the book's title"))
    _add_language_option(init, N_("the language the book is printed in (default en; a worksheet then "
                                  "starts on A4): %(choices)s"))


def _worksheet_arguments(worksheet: argparse.ArgumentParser) -> None:
    worksheet.add_argument("type", help=N_("puzzle type (see 'bookgen types')"))
    worksheet.add_argument("--difficulty", "-d", default="easy", choices=_Choices(_levels), type=_level,
                           metavar="LEVEL", help=N_("%(choices)s (default %(default)s); each type's "
                                                    "own: 'bookgen types'"))
    worksheet.add_argument("--count", "-n", type=int, help=N_("how many puzzles (default 6, or as many "
                                                             "different ones as exist when fewer do)"))
    worksheet.add_argument("--layout",
                           help=N_("a built-in layout (letter, a4, 6x9, ...) or a layout FILE (default: "
                                   "letter in English, a4 in the other languages, as bookgen init "
                                   "starts a worksheet)"))
    worksheet.add_argument("--seed", "-s", help=N_("seed text; same seed, same puzzles (default 1)"))
    worksheet.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                           help=N_("a type option (repeatable; 'bookgen types TYPE' lists them); words, "
                                   "clues or a picture from a file: --set words=FILE"))
    worksheet.add_argument("--title", help=N_("the heading (default: the type's name)"))
    worksheet.add_argument("--versions", type=int, default=1, metavar="N",
                           help=_Said(N_("sheets A, B, ... with different puzzles, 1 to {most}, each in "
                                         "its own file, NAME-A.pdf, or all in one with --one-file "
                                         "(default 1)"), most=limits.VERSIONS))
    worksheet.add_argument("--one-file", action="store_true",
                           help=N_("with --versions: every version's sheet in NAME.pdf, each starting "
                                   "a new page with its letter, and all their answers in "
                                   "NAME-answers.pdf, each under its version's letter: a class set "
                                   "printed at once"))
    worksheet.add_argument("--no-name-line", dest="name_line", action="store_false",
                           help=N_("leave out the Name / Date / Class line above the puzzles"))
    worksheet.add_argument("--no-difficulty-line", dest="difficulty_line", action="store_false",
                           help=N_("leave out the level line above the puzzles, 'Difficulty: Easy', "
                                   "as on a sheet for a pupil working below their grade level"))
    worksheet.add_argument("--large-print", action="store_true",
                           help=N_("large print: 16 pt text, puzzles drawn larger, fewer to a page"))
    _add_language_option(worksheet, N_("the sheet's language (default en): %(choices)s"))
    worksheet.add_argument("--answers", choices=("page", "file", "none"), default="file",
                           help=N_("answers on a page after the sheet, in NAME-answers.pdf, or none"))
    worksheet.add_argument("-o", "--output",
                           help=N_("the PDF to write (default: output/worksheet-TYPE.pdf)"))
    worksheet.add_argument("-q", "--quiet", action="store_true", help=N_("no progress on stderr"))
    _add_production_options(worksheet)


def _preview_arguments(preview: argparse.ArgumentParser) -> None:
    preview.add_argument("config", nargs="?", default=None,
                         help=N_("a book config, or - to read it from stdin (default: the sample "
                                 "book), or a built PDF to draw as it is"))
    preview.add_argument("--pages", default="1-2", help=N_("pages to draw, e.g. 1,3-4 (default 1-2)"))
    preview.add_argument("--dpi", type=int, default=100, help=N_("resolution (default 100)"))
    preview.add_argument("-o", "--output",
                         help=N_("folder for the PNGs (default: output/), or a .png file for one page"))
    preview.add_argument("--seed", help=N_("use this seed instead of the config's"))
    _add_language_option(preview, N_("the book's language instead of the config's: %(choices)s"))
    preview.add_argument("-q", "--quiet", action="store_true", help=N_("no progress on stderr"))
    _add_production_options(preview)


def _census_arguments(census: argparse.ArgumentParser) -> None:
    census.allow_abbrev = False
    census.add_argument("type", help=N_("a puzzle type with a census (see 'bookgen types')"))
    census.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help=N_("a type option (repeatable); the type's defaults fill the rest "
                                "('bookgen census TYPE --help' lists them)"))
    census.add_argument("options", nargs=argparse.REMAINDER, metavar="--KEY VALUE",
                        help=N_("a type option in its own spelling, the same as --set KEY=VALUE "
                                "(a yes/no option alone: --KEY)"))
    census.set_defaults(command_help=census.format_help)  # for --help after the type (see _census)


def _generate_arguments(generate: argparse.ArgumentParser) -> None:
    generate.add_argument("type", nargs="?", help=N_("puzzle type (see 'bookgen types')"))
    # no defaults here: --id refuses what it cannot honour, and must see what was given
    generate.add_argument("--difficulty", "-d", choices=_Choices(_levels), type=_level,
                          metavar="LEVEL", help=N_("%(choices)s (default medium); each type's own: "
                                                   "'bookgen types'"))
    generate.add_argument("--count", "-n", type=int, help=N_("how many puzzles (default 1)"))
    generate.add_argument("--seed", "-s", help=N_("seed text; same seed, same puzzles (default 1)"))
    generate.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                          help=N_("a type option, e.g. --set size=8 (repeatable; 'bookgen types TYPE' "
                                  "lists them); words, clues or a picture from a file: --set "
                                  "words=FILE"))
    generate.add_argument("--id", help=N_("regenerate the puzzle with this id instead (its type, "
                                          "level, options and seed: no --set, -d, -s or -n)"))
    generate.add_argument("-q", "--quiet", action="store_true", help=N_("no progress on stderr"))
    _add_workers_options(generate)


def _solve_arguments(solve: argparse.ArgumentParser) -> None:
    solve.add_argument("file", help=N_("a JSON-lines file, or - for stdin; a line may also be a puzzle "
                                       "in its type's own one-line form (a sudoku's 81 characters)"))
    solve.add_argument("--count", action="store_true", help=N_("count all solutions exactly"))
    solve.add_argument("--rate", action="store_true",
                       help=N_("add each puzzle's measured rating (its level and figures)"))
    solve.add_argument("--budget", type=float, default=limits.SOLVE_SECONDS,
                       help=N_("seconds one puzzle may take (default %(default).0f)"))


def _types_arguments(types: argparse.ArgumentParser) -> None:
    types.add_argument("type", nargs="?", help=N_("one type only, with its rules and each choice's "
                                                  "words"))


def _check_type_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument("type", help=N_("the type's name (bookgen types lists them)"))
    check.add_argument("--check", action="append", default=[], metavar="CHECK",
                       help=N_("run only this check (repeat for more; default: all of them)"))
    check.add_argument("--every-trim", action="store_true",
                       help=N_("audit its pages in every layout bookgen has, not only the smallest "
                               "and the largest"))


def _texts_arguments(texts: argparse.ArgumentParser) -> None:
    texts.add_argument("language", nargs="?", default="en",
                       help=N_("a language code: en, de, fr, es, it, nl ... (default en)"))


def _schema_arguments(schema: argparse.ArgumentParser) -> None:
    schema.add_argument("--layout", action="store_true", help=N_("the schema of a layout file instead"))


def _studio_arguments(studio: argparse.ArgumentParser) -> None:
    studio.add_argument("--host", default="127.0.0.1", help=N_("address to serve (default: loopback only)"))
    studio.add_argument("--port", type=_port, default=None,
                        help=N_("port to serve, 1 to 65535, or 0 for any free one (default: 8765, "
                                "where the browser finds the books it kept, else any free one)"))
    studio.add_argument("--no-browser", action="store_true", help=N_("do not open a browser"))
    studio.add_argument("--workers", "-j", type=int, default=None,
                        help=N_("processes that generate puzzles (default: all cores)"))


GUIDES = {"publishing": "publishing.md", "format": "format.md", "adding": "types/adding.md"}
"""The guides `bookgen guide` prints (from docs/ in a checkout; setup.py ships them)."""


def _guide_arguments(guide: argparse.ArgumentParser) -> None:
    guide.add_argument("topic", nargs="?", default="publishing",
                       help=N_("publishing (the default: from a config to a book on sale), format "
                               "(the puzzle JSON other tools read), adding (a puzzle type of your "
                               "own), or a puzzle type's name (its README)"))


def _completion_arguments(completion: argparse.ArgumentParser) -> None:
    completion.add_argument("shell", choices=SHELLS, help=N_("the shell: %(choices)s"))


COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None] | None]] = {
    "build": (N_("build a book PDF from a config"), _build_arguments),
    "init": (N_("start a book project in a new folder, to edit and build"), _init_arguments),
    "worksheet": (N_("a one-off worksheet PDF, no YAML needed"), _worksheet_arguments),
    "preview": (N_("PNG images of chosen pages of a book"), _preview_arguments),
    "census": (N_("every puzzle some options of a type allow, rated"), _census_arguments),
    "generate": (N_("print new puzzles as JSON lines"), _generate_arguments),
    "solve": (N_("solve JSON-lines puzzles from a file or stdin"), _solve_arguments),
    "types": (N_("list puzzle types, their options and levels"), _types_arguments),
    "check-type": (N_("run the contract's checks against one puzzle type, a plug-in's too"),
                   _check_type_arguments),
    "texts": (N_("list the texts a book's 'texts:' may replace, in a language"), _texts_arguments),
    "schema": (N_("print the JSON Schema of a book config, for editors"), _schema_arguments),
    "studio": (N_("make a book in the browser (needs the 'studio' extra)"), _studio_arguments),
    "guide": (N_("print the guide from a config to a book on sale, step by step (docs/publishing.md)"),
              _guide_arguments),
    "completion": (N_("print a shell completion script"), _completion_arguments),
}
"""Each command's line in `bookgen --help` and what adds its arguments (None: it takes none), in
the order --help lists them."""


# Two or three examples for each command's --help, each a command line (padded to where its comment
# starts) and its comment, said in the user's language (tests/test_cli.py parses every one).
EXAMPLES: dict[str, list[tuple[str, str]]] = {
    "build": [("bookgen build config/pod-6x9.yaml          ", N_("the book and its cover, into output/")),
              ("bookgen build book.yaml --html --jsonl     ", N_("also the playable page and the puzzles")),
              ("bookgen build book.yaml --seed 8 -o sheet.pdf", "")],
    "init": [("bookgen init my-book                       ", N_("a 6x9 paperback with its cover, to edit")),
             ("bookgen init blatt --kind worksheet --levels easy,medium --language de   ", N_("on A4")),
             ("bookgen init big --kind large-print --type numbrix,sudoku --title 'Big Number Puzzles'", "")],
    "worksheet": [("bookgen worksheet placement --difficulty medium --count 8 --layout a4", ""),
                  ("bookgen worksheet arithmetic -n 6 --set target=24 --answers page", "")],
    "preview": [("bookgen preview config/sampler.yaml --pages 3-4   ", N_("PNGs in output/")),
                ("bookgen preview output/book-cover.pdf --pages 1 --dpi 60 -o cover.png", "")],
    "census": [("bookgen census arithmetic --target 24 --size 4 --range 1-13", ""),
               ("bookgen census arithmetic --set target=10 --set operators=+- --distinct", "")],
    "generate": [("bookgen generate placement --difficulty hard --count 100 --seed spring > bank.jsonl", ""),
                 ("bookgen generate numbrix -d expert --set size=9", ""),
                 ("bookgen generate --id 'placement:hard:size=9:1.1'   ", N_("the puzzle with this id"))],
    "solve": [("bookgen solve bank.jsonl", ""),
              ("bookgen solve - --count < bank.jsonl           ", N_("every solution, from stdin")),
              ("bookgen solve --rate sudoku.txt                ", N_("81-character lines, rated"))],
    "types": [("bookgen types", ""),
              ("bookgen types sudoku                       ", N_("its rules, options and choices")),
              ("bookgen types | grep -A 6 '^arrows'", "")],
    "check-type": [("bookgen check-type skyscrapers                ", N_("every check, one line each")),
                   ("bookgen check-type sudoku --check gives-hints-that-point", "")],
    "texts": [("bookgen texts de                           ", N_("each English text and its German")),
              ("bookgen texts fr | grep -i solution", "")],
    "schema": [("bookgen schema > bookgen.schema.json       ", N_("for an editor's completion (README.md)")),
               ("bookgen schema --layout > layout.schema.json", "")],
    "studio": [("bookgen studio                             ", N_("opens the page in your browser")),
               ("bookgen studio --port 8000 --no-browser", "")],
    "guide": [("bookgen guide | less                       ", N_("read it in the terminal")),
              ("bookgen guide > publishing.md              ",
               N_("kept beside the book, to open in an editor")),
              ("bookgen guide format                       ", N_("the puzzle JSON, for developers"))],
    "completion": [("bookgen completion bash > ~/.local/share/bash-completion/completions/bookgen", ""),
                   ("bookgen completion zsh > ~/.zfunc/_bookgen   ", N_("a folder on your $fpath")),
                   ("bookgen completion fish > ~/.config/fish/completions/bookgen.fish", "")],
}


def _level(text: str) -> str:
    """A level, with the same message on every Python (argparse's own for choices varies)."""
    from bookgen.core.grading import ALL_LEVELS

    if text not in ALL_LEVELS:
        import difflib

        from bookgen.fields import level_named

        named = level_named(text)  # 'leicht', as a German sheet prints it
        near = [named] if named else difflib.get_close_matches(text, ALL_LEVELS, n=1, cutoff=0.6)
        levels = ", ".join(ALL_LEVELS)
        raise argparse.ArgumentTypeError(
            _("{text} is not a level; did you mean '{near}'? use one of {levels}").format(
                text=repr(text), near=near[0], levels=levels) if near else
            _("{text} is not a level; use one of {levels}").format(text=repr(text), levels=levels))
    return text


def _port(text: str) -> int:
    """A TCP port, or 0 for any free one (the socket library overflows on others)."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            _("{text} is not a port; use 1 to 65535 (or 0 for any free one)").format(text=repr(text)))
    return port


def _add_workers_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--workers", "-j", type=int, default=None,
                        help=N_("processes that generate puzzles (default: all cores)"))
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help=N_("generate on a dask.distributed cluster: its scheduler's address, or "
                                "local:N to start one here with N worker processes (needs the "
                                "'cluster' extra)"))


def _add_language_option(parser: argparse.ArgumentParser, help_text: str) -> None:
    parser.add_argument("--language", "-L", choices=_Choices(_languages), metavar="CODE",
                        type=str.lower, help=help_text)  # -L DE as a config's language: DE


def _add_production_options(parser: argparse.ArgumentParser) -> None:
    _add_workers_options(parser)
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                        help=N_("seconds one puzzle may take (default %(default).0f)"))


class _Output:
    """Standard output (or the stream given to `main`), flushed at every write so that a failure
    (a full disk) is raised while the command runs, as _OutputFailed; a closed pipe stays a
    BrokenPipeError, which ends the command quietly."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        with self._failures():
            try:
                written = self.stream.write(text)
            except UnicodeEncodeError:  # a file name given in bytes that are not UTF-8
                written = self._write_file_name(text)
            self.stream.flush()
        return written

    def _write_file_name(self, text: str) -> int:
        """Text holding a file name that came in as bytes which are not UTF-8 (`-o $'\\xff.pdf'`):
        written back as those bytes, as `ls` does, where the stream takes bytes."""
        buffer = getattr(self.stream, "buffer", None)
        try:
            data = os.fsencode(text)
        except UnicodeEncodeError:
            data = None
        if buffer is None or data is None:
            return self.stream.write(text.encode("utf-8", "backslashreplace").decode("utf-8"))
        self.stream.flush()
        buffer.write(data)
        return len(text)

    def flush(self) -> None:
        with self._failures():
            self.stream.flush()

    @staticmethod
    @contextmanager
    def _failures() -> Iterator[None]:
        try:
            yield
        except BrokenPipeError:
            raise
        except OSError as error:
            raise _OutputFailed(error) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class _OutputFailed(Exception):
    """Standard output refused a write for a reason other than a closed pipe."""

    def __init__(self, error: OSError) -> None:
        super().__init__()
        self.error = error


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None) -> int:
    out: Any = _Output(stdout or sys.stdout)
    try:
        try:
            words = list(sys.argv[1:] if argv is None else argv)
            parser = _parser(words)
            assert isinstance(parser, _Parser)
            parser.argv = words
            with refusing():
                args = parser.parse_args(argv)
        except SystemExit as stop:  # --help, --version, or a usage error argparse has printed
            return stop.code if isinstance(stop.code, int) else 2
        _check_text_arguments(args)
        if args.command == "build":
            return _build(args, out)
        if args.command == "init":
            return _init(args, out)
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
        if args.command == "texts":
            return _texts(args, out)
        if args.command == "check-type":
            return _check_type(args, out)
        if args.command == "completion":
            return _completion(args, out)
        if args.command == "guide":
            return _guide(args.topic, out)
        if args.command == "studio":
            from bookgen.studio import serve

            return serve(args.host, args.port, not args.no_browser, _workers(args), out)
        return _types(args, out)
    except BookgenError as error:
        Progress.interrupted()
        for each in error.refusals if isinstance(error, Refusals) else (error,):
            with speaking(each.language or users_language()):  # "error:" in the message's language
                print(_(ERROR).format(program="bookgen", text=each), file=sys.stderr)
        return 2
    except _OutputFailed as failed:
        from bookgen.atomic import stdout_failure

        with refusing():
            print(refusal(ERROR, program="bookgen", text=stdout_failure(failed.error)),
                  file=sys.stderr)
        _drop_output()
        return 2
    except KeyboardInterrupt:
        Progress.interrupted()
        print(refusal(N_("{program}: interrupted"), program="bookgen"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        _drop_output()
        return BROKEN_PIPE


def _guide(topic: str, out: Any) -> int:
    """A guide (`GUIDES`), or a puzzle type's README, as Markdown: the wheel carries them
    (setup.py, the types' package data), a checkout has docs/ and the types' folders."""
    from bookgen.config import shipped

    if topic in GUIDES:
        out.write(shipped("guides").joinpath(GUIDES[topic]).read_text(encoding="utf-8"))
        return 0
    from bookgen.puzzles import PUZZLE_TYPES, find_type
    from bookgen.puzzles.base import type_home

    try:
        puzzle_type = find_type(topic)
    except BookgenError:
        raise BookgenError(_("{topic} is no guide: give publishing, format, adding, or a puzzle "
                             "type ({types})").format(topic=repr(topic), types=", ".join(
                                 t.name for t in PUZZLE_TYPES)), key="topic") from None
    readme = type_home(puzzle_type).joinpath("README.md")
    if not readme.is_file():
        raise BookgenError(_("the type {name} ships no README").format(name=topic), key="topic")
    out.write(readme.read_text(encoding="utf-8"))
    return 0


PATH_ARGUMENTS = ("config", "output", "file", "layout")  # a file name may be any bytes but / and NUL
POSITIONAL = ("type", "shell", "language", "options")


@_refusing
def _check_text_arguments(args: argparse.Namespace) -> None:
    """Refuse an argument that is not UTF-8 text (Python hands its bytes over as lone surrogates,
    which no page prints and no seed hashes), except a file name, which may be any bytes."""
    for dest, value in vars(args).items():
        if dest in PATH_ARGUMENTS:
            continue
        for text in value if isinstance(value, list) else [value]:
            if isinstance(text, str):
                lone = next((char for char in text if "\ud800" <= char <= "\udfff"), None)
                if lone is not None:
                    name = dest if dest in POSITIONAL else "--" + dest.replace("_", "-")
                    code = ord(lone) - 0xDC00
                    raise BookgenError((_(
                        "it holds the byte {byte}, which is not UTF-8; bookgen reads its arguments "
                        "as UTF-8 text").format(byte=f"{code:#04x}") if 0x80 <= code <= 0xFF else _(
                        "it holds {character}, half of a surrogate pair; bookgen reads its arguments "
                        "as UTF-8 text").format(character=f"U+{ord(lone):04X}")), key=name)


WORKSHEET_COUNT = 6  # puzzles a worksheet holds when -n leaves it to bookgen
BROKEN_PIPE = 141  # as a Unix tool that SIGPIPE ended: 128 + 13


def _drop_output() -> None:
    """Standard output cannot take more (the reader went away, `| head -1`, or the disk is full):
    what is still buffered for it is dropped, so Python does not complain again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout is not a file (a test's capture)
        pass


def _build(args: argparse.Namespace, out: TextIO) -> int:
    from dataclasses import replace

    config = _load(args.config, args.seed, args.language, args.quiet)
    if args.language:  # the same config in another language: a book of its own, beside the first
        config = replace(config, name=f"{config.name}-{args.language}")
    for name in ("html", "jsonl", "cover"):
        if getattr(args, name) and name not in config.formats:
            config = replace(config, formats=config.formats + (name,))
    status = _write(config, _target(args.output, f"{config.name}.pdf"), args, out)
    _notes_after_work(config, args.quiet)
    return status


def _notes_after_work(config: BookConfig, quiet: bool, command_line: bool = False) -> None:
    """Once the book or sheet is written, a note when it names no seed (`default_seed`) and for
    each list of the user's words its puzzles print again (`words_dealt_again`): said after the
    work, so that a refusal stays the one message a failed run prints."""
    from bookgen.config import default_seed, words_dealt_again

    if quiet:
        return
    with refusing():
        for note in default_seed(config, command_line) + words_dealt_again(config, command_line):
            print(refusal(NOTE, program="bookgen", text=note), file=sys.stderr)


DEFAULT_FOLDER = "output"  # where a command writes when not told


@_refusing
def _target(output: str | None, default_name: str) -> Path:
    """The output path: the one named (a name ending in / is a folder to write default_name in,
    which must exist), or default_name in output/ (made only when the files are written)."""
    from pathlib import Path

    if output is None:
        return _default_folder() / default_name
    if not output.strip():
        raise BookgenError(_("is empty; name a file, or leave --output out"), key="--output")
    if output.endswith(("/", os.sep)):
        _check_folder(Path(output), output)
        return Path(output) / default_name
    target = Path(output)
    if target.suffix.lower() in NOT_PDF_SUFFIXES:
        raise BookgenError(_("{name} ends in {suffix}, but the book is written as a PDF: give a name "
                             "ending in .pdf (bookgen preview draws its pages as PNG pictures)").format(
                                 name=output, suffix=target.suffix), key="--output")
    _check_folder(target.parent, str(target.parent))
    return target


NOT_PDF_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".tif", ".tiff", ".html",
                    ".htm", ".txt", ".doc", ".docx", ".odt")
"""Names `--output` refuses: a teacher's `-o sheet.png` got a PDF named sheet.png, which no
picture viewer opens (the answers beside it were sheet-answers.pdf). A .yaml or .jsonl name is
left to the check that names the config, layout or bank it would overwrite."""


@_refusing
def _check_folder(folder: Path, name: str, pictures: bool = False) -> None:
    """Refuse an output folder that is missing, or that is a file (`pictures`: a preview's)."""
    if folder.is_dir():
        return
    if folder.exists():
        raise BookgenError((_("{name} is a file, not a folder; name a folder for the PNGs, or a .png "
                              "file for one page") if pictures else
                            _("{name} is a file, not a folder; name a folder to write into")).format(
                                name=repr(name)), key="--output")
    raise BookgenError(_("the folder {name} does not exist").format(name=repr(name)), key="--output")


@_refusing
def _default_folder() -> Path:
    """output/ in the current folder, refused up front where it cannot be made or used."""
    from pathlib import Path

    folder = Path(DEFAULT_FOLDER)
    if folder.exists() and not folder.is_dir():
        raise BookgenError(_("cannot write into {folder}/: a file named {name} is in the way; move "
                             "it, or name an output with -o").format(folder=DEFAULT_FOLDER,
                                                                     name=repr(DEFAULT_FOLDER)),
                           key="--output")
    if not os.access(folder if folder.is_dir() else ".", os.W_OK):
        raise BookgenError((_("cannot write into {folder}/: the folder {folder}/ is not writable (read "
                              "only, or not yours); name an output with -o") if folder.is_dir() else
                            _("cannot write into {folder}/: the current folder is not writable (read "
                              "only, or not yours); name an output with -o")).format(
                                folder=DEFAULT_FOLDER), key="--output")
    return folder


def _write_and_list(files: Sequence[tuple[Path, bytes]], out: TextIO, inputs: Inputs) -> int:
    """Write the files (atomic.write_files), making output/ just before they go in and removing it
    again if they could not (so a refused or failed build leaves no empty folder behind); then
    print each path, saying so when only that printing failed."""
    from pathlib import Path

    from bookgen.atomic import write_files

    folder = Path(DEFAULT_FOLDER)
    made = bool(files) and files[0][0].parent == folder and not folder.is_dir()
    if made:
        try:
            folder.mkdir()
        except OSError as error:
            with refusing():
                raise BookgenError(_("cannot make the folder {folder}/ ({reason})").format(
                    folder=DEFAULT_FOLDER, reason=os_reason(error)),
                    key="--output") from None
    try:
        with refusing():
            written = write_files(files, stdout=getattr(out, "buffer", None), inputs=inputs)
    except BaseException:
        if made:
            try:
                folder.rmdir()
            except OSError:  # something else went into it meanwhile
                pass
        raise
    try:
        for path in written:
            print(path, file=out)
    except _OutputFailed as failed:
        from bookgen.atomic import stdout_failure

        names = ", ".join(str(path) for path in written)
        with refusing():
            raise BookgenError(_("wrote {names} whole; only the list of files written failed: "
                                 "{failure}").format(names=names, failure=stdout_failure(failed.error))
                               ) from None
    return 0


def _load(name: str | None, seed: str | None, language: str | None = None,
          quiet: bool = False) -> BookConfig:
    """The config named on the command line ('-' for stdin), or the sample book that ships with
    bookgen; `seed` and `language` override the config's. Its warnings go to stderr, and its
    notes too unless `quiet`."""
    from importlib import resources

    from bookgen.config import (
        load_config,
        marks_dropped,
        sample_config,
        untranslated_warnings,
        words_left_out,
    )

    if name is not None:
        config = _in_users_language(lambda: load_config(name, seed=seed, language=language),
                                    again=name != "-")
    else:
        with resources.as_file(sample_config()) as path:
            config = load_config(path, seed=seed, language=language)
    with refusing():
        warnings = untranslated_warnings(config)  # only with `untranslated: warn`: else refused
    for warning in warnings:
        print(refusal(WARNING, program="bookgen", text=warning), file=sys.stderr)
    if not quiet:
        with refusing():
            notes = words_left_out(config) + marks_dropped(config)
        for note in notes:
            print(refusal(NOTE, program="bookgen", text=note), file=sys.stderr)
    return config


def _in_users_language(read: Callable[[], T], again: bool = True) -> T:
    """`read()`, a config's loading or a puzzle id's reading; a refusal is said in the user's
    language (`users_language`): the reading is done again speaking it (`again`: a config from
    standard input cannot be read twice, and stays English), so what is read is read exactly as in
    English."""
    try:
        return read()
    except BookgenError:
        code = users_language()
        if code == "en" or not again:
            raise
    with speaking(code):
        return read()


def _read_in(code: str, read: Callable[[], T]) -> T:
    """`read()`, the reading of what a command names (its --set files, the request they make); a
    refusal is said in the language `code` (the sheet's, or the user's), read again speaking it,
    and carries that language for the "error:" before it."""
    try:
        return read()
    except BookgenError as error:
        if code == "en":
            error.language = code
            raise
    try:
        with speaking(code):
            return read()
    except BookgenError as error:
        error.language = code
        raise


def _request_in(code: str, type_name: str, level: str, options: dict[str, Any]) -> Request:
    """The request a command asks for, read as `_read_in` reads: a request that is met is made
    exactly as in English, a refusal said in the language `code`."""
    from bookgen.puzzles import request_for

    return _read_in(code, lambda: request_for(type_name, level, options))


@_refusing
def _workers(args: argparse.Namespace) -> int:
    from bookgen.book import default_workers

    workers = args.workers if args.workers is not None else min(default_workers(), limits.WORKERS)
    if not 1 <= workers <= limits.WORKERS:
        raise BookgenError(_from_to(1, limits.WORKERS), key="--workers")
    return workers


def _make(config: BookConfig, args: argparse.Namespace, size_check: bool = False) -> Book:
    """The book, made on the executor the arguments ask for; first (`size_check`) the size check
    (`check_sizes`), its samples made on that executor too where there is one."""
    from bookgen.book import make_book, sample_ahead
    from bookgen.cluster import executor_for

    workers = _workers(args)
    _check_budget(args.budget)
    with executor_for(workers, args.scheduler) as executor:
        if size_check:
            from bookgen.render.document import check_sizes, measuring_ahead

            if executor is not None:
                sample_ahead(config, args.budget, executor)
            check_sizes(config, args.budget)
        return make_book(config, Progress.for_terminal(args.quiet), executor=executor,
                         budget=args.budget, settled=measuring_ahead(config) if size_check else None)


@_refusing
def _check_budget(seconds: float) -> None:
    if not limits.within_budget(seconds):
        raise BookgenError(_("{seconds} is not allowed; give seconds above 0 and at most {most} (a "
                             "day)").format(seconds=f"{seconds:g}", most=f"{limits.BUDGET_SECONDS:.0f}"),
                           key="--budget")


@_refusing
def _from_to(low: int, high: int) -> str:
    """A number flag's refusal: the range it takes."""
    return _("must be from {low} to {high}").format(low=low, high=high)


def _write(config: BookConfig, target: Path, args: argparse.Namespace, out: TextIO) -> int:
    """Make the book and write every file of each format the config asks for, all or none: the
    PDF at target (or on standard output for '-'), the others beside it. Prints each path. No file
    written may be one the build reads (its config, layout or banks)."""
    from bookgen.atomic import STDOUT, check_target
    from bookgen.formats import planned_paths, render_formats

    if target.parent.is_dir() and target != STDOUT:
        with refusing():
            for path in planned_paths(config, target):  # siblings too: refused before any work
                check_target(path, config.inputs)
    printed = "pdf" in config.formats or "cover" in config.formats
    if printed:
        from bookgen.render.fonts import check_printable

        check_printable(config)
        _check_budget(args.budget)
    book = _make(config, args, size_check=printed)
    files = render_formats(book, target, config.formats)
    out.flush()
    return _write_and_list(files, out, config.inputs)


def _init(args: argparse.Namespace, out: TextIO) -> int:
    from pathlib import Path

    from bookgen.init import init_project

    default = "easy,medium" if args.kind == "worksheet" else "easy,medium,hard"
    levels = [level.strip() for level in (default if args.levels is None else args.levels).split(",")]
    types = None if args.type is None else [name.strip() for name in args.type.split(",")]
    for path in init_project(Path(args.folder), args.kind, levels, args.layout, args.title, types,
                             args.language or "en"):
        print(path, file=out)
    print(f"next: cd {args.folder} && bookgen build book.yaml", file=sys.stderr)
    return 0


def _worksheet(args: argparse.Namespace, out: TextIO) -> int:
    from dataclasses import replace

    from bookgen.book import TooFewDifferent
    from bookgen.bookconfig import DEFAULT_NAME_LINE, BookConfig, SectionConfig
    from bookgen.config import load_layout, marks_dropped, untranslated, untranslated_message, words_left_out
    from bookgen.fields import check_title
    from bookgen.init import worksheet_trim
    from bookgen.render.document import SHEET_PAGE, sheet_per_page
    from bookgen.render.sizes import TooManyToAPage
    from bookgen.seeds import check_seed

    with refusing():
        if args.count is not None and not 1 <= args.count <= limits.WORKSHEET_PUZZLES:
            raise BookgenError(_from_to(1, limits.WORKSHEET_PUZZLES), key="--count")
        if not 1 <= args.versions <= limits.VERSIONS:
            raise BookgenError(_from_to(1, limits.VERSIONS), key="--versions")
        seed_given, args.seed = args.seed is not None, "1" if args.seed is None else args.seed
        check_seed(args.seed)
        if args.title is not None:
            check_title(args.title)
    options = _read_in(args.language or users_language(), lambda: _set_options(args.type, args.set))
    request = _request_in(args.language or users_language(), args.type, args.difficulty,
                          _in_language(args.type, options, args.language))
    puzzle_type = request.type
    asked = args.count
    args.count = _worksheet_count(request, args.count, args.versions, args.quiet)
    if sheet_per_page(args.count) is None and not args.quiet:
        print(refusal(NOTE, program="bookgen", text=refusal(N_(
            "a worksheet page holds at most {most} puzzles; these {count} take several pages"),
            most=SHEET_PAGE, count=args.count)), file=sys.stderr)
    code = args.language or "en"
    layout = _in_users_language(lambda: load_layout(args.layout or worksheet_trim(code)))
    with speaking(code):
        section = SectionConfig(puzzle_type=puzzle_type, count=args.count, level=request.level,
                                title=_(puzzle_type.title),
                                per_page=sheet_per_page(args.count), request=request, roomy=True)
        config = BookConfig(
            name=f"worksheet-{puzzle_type.name}", file="(worksheet)",
            title=args.title or _("{title} worksheet").format(title=_(puzzle_type.title)),
            subtitle=None, author=None, layout=layout, seed=args.seed, seed_given=seed_given,
            answers={"page": "back", "file": "separate", "none": "none"}[args.answers],
            title_page=False, contents=False, sections=(section,), language=code,
            name_line=DEFAULT_NAME_LINE if args.name_line else (), versions=args.versions,
            one_file=args.one_file, difficulty_line=args.difficulty_line, large_print=args.large_print)
    for _index, lacking, spoken in untranslated(config.sections, config.language):
        with refusing():
            raise BookgenError(untranslated_message(lacking, spoken, _(
                "or make the sheet from a config with {setting} (bookgen init --kind worksheet)").format(
                    setting="'untranslated: warn'")), key="--language")
    if not args.quiet:
        with refusing():
            notes = words_left_out(config, command_line=True) + marks_dropped(config, command_line=True)
        for note in notes:
            print(refusal(NOTE, program="bookgen", text=note), file=sys.stderr)
    target = _target(args.output, f"{config.name}.pdf")
    fits = held = None
    while True:  # fewer to a page each time: the size check's sample may fit where a larger does not
        try:
            written = _write(config, target, args, out)
        except TooManyToAPage as too_many:  # its page would print them too small: more pages
            fits = too_many.fits
            config = replace(config, sections=(replace(section, per_page=fits),))
            section = config.sections[0]
            continue
        except TooFewDifferent as few:  # fewer different ones exist than the sheet's default
            if asked is not None and args.versions > 1 and few.found >= args.count:
                _too_few_sheets(request, few.found // args.count, args.count)
            if asked is not None or not few.found or args.count == 1:
                raise
            each = min(few.found // args.versions, args.count - 1)  # shared out over the versions
            if each < 1:
                _too_few_for_versions(request, few.found, args.versions)
            held = args.count = each
            section = replace(section, count=each, per_page=each if section.per_page is not None else None)
            config = replace(config, sections=(section,))
            continue
        if held is not None:  # said once the sheet is made: a later try may find fewer still
            _holds_what_exists(request, held, args.versions, args.quiet)
        if fits is not None and fits < args.count and not args.quiet:
            with refusing():
                said = (ngettext("{fits} of these puzzles fits a page at large print sizes; these "
                                 "{count} take several pages", "{fits} of these puzzles fit a page at "
                                 "large print sizes; these {count} take several pages", fits)
                        if config.large_print else
                        ngettext("{fits} of these puzzles fits a page at standard print sizes; these "
                                 "{count} take several pages", "{fits} of these puzzles fit a page at "
                                 "standard print sizes; these {count} take several pages", fits)
                        ).format(fits=fits, count=args.count)
            print(refusal(NOTE, program="bookgen", text=said), file=sys.stderr)
        _notes_after_work(config, args.quiet, command_line=True)
        return written


def _worksheet_count(request: Request, asked: int | None, versions: int, quiet: bool) -> int:
    """The sheet's puzzles: as many as `-n` asks for, refused before any work when fewer
    different ones exist (in every version); without -n, `WORKSHEET_COUNT`, or as many as exist
    when fewer do, with a note (a classic pyramid has four answers a level)."""
    from bookgen.bookconfig import SectionConfig
    from bookgen.config import crowded_requests
    from bookgen.puzzles.base import shared_by_versions

    def problem(count: int) -> str | None:
        section = SectionConfig(puzzle_type=request.type, count=count, level=request.level,
                                title=request.type.title, per_page=None, request=request)
        return next((said for _index, said in crowded_requests([section], versions=versions)), None)

    wanted = WORKSHEET_COUNT if asked is None else asked
    said = problem(wanted)
    if said is None:
        return wanted
    fits = next((count for count in range(wanted - 1, 0, -1) if problem(count) is None), 0)
    if asked is None and not fits:  # not even one a version: refuse that, not the six never asked
        said = problem(1) or said
    if asked is not None and versions == 1 and fits and shared_by_versions(request):
        said = _same_list_anew(request, asked, fits)
    if asked is not None or not fits:  # without -n, what asked for too many is the versions
        raise BookgenError(said, key="--count" if asked is not None or versions == 1 else "--versions")
    _holds_what_exists(request, fits, versions, quiet)
    return fits


def _same_list_anew(request: Request, asked: int, fits: int) -> str:
    """Why a sheet of a teacher's list holds fewer than the `asked` puzzles (it fills `fits`),
    and the way to the practice sheets meant: versions, each the same words in new puzzles."""
    from bookgen.puzzles.base import wider_advice

    with refusing():
        return ngettext(
            "your list fills only {fits} puzzle of this sheet, as a sheet uses each of its words "
            "once; for {asked} practice sheets of the same words, each in a new puzzle, ask for "
            "--versions {asked} instead of --count {asked} (for more on one sheet, {wider})",
            "your list fills only {fits} puzzles of this sheet, as a sheet uses each of its words "
            "once; for {asked} practice sheets of the same words, each in new puzzles, ask for "
            "--versions {asked} instead of --count {asked} (for more on one sheet, {wider})",
            fits).format(fits=fits, asked=asked, wider=wider_advice([request]))


def _too_few_for_versions(request: Request, found: int, versions: int) -> NoReturn:
    """Refuse a sheet asking for no count whose versions the `found` different puzzles cannot
    give one each: said so, not as the default count the user never asked for."""
    from bookgen.puzzles.base import wider_advice

    with refusing():
        raise BookgenError(ngettext(
            "only {found} puzzle exists for {request}, too few for {versions} versions; ask for "
            "fewer versions, or {wider}",
            "only {found} different puzzles exist for {request}, too few for {versions} versions; "
            "ask for fewer versions, or {wider}", found).format(
                found=found, request=request.describe(), versions=versions,
                wider=wider_advice([request])), key="--versions")


def _too_few_sheets(request: Request, sheets: int, count: int) -> NoReturn:
    """Refuse versions of `count` puzzles each of which only `sheets` came out different (a short
    word list): how many versions can be had, not the puzzle that failed."""
    from bookgen.puzzles.base import wider_advice

    with refusing():
        raise BookgenError(ngettext(
            "{request} gives only {sheets} sheet with -n {count}: its puzzles would repeat on any "
            "other version; leave out --versions, or {wider}",
            "{request} gives only {sheets} different sheets with -n {count}; ask for --versions "
            "{sheets} or fewer, or {wider}", sheets).format(
                request=request.describe(), sheets=sheets, count=count,
                wider=wider_advice([request])), key="--versions")


def _holds_what_exists(request: Request, fits: int, versions: int, quiet: bool) -> None:
    """The note of a sheet asking for no count that holds the `fits` different puzzles there are
    (counted ahead, or found when the next repeated an earlier one every time), in each of its
    `versions`."""
    from bookgen.puzzles.base import wider_advice

    if not quiet:
        with refusing():
            text = (ngettext("{fits} puzzle exists for {request}: the sheet holds it (for more, "
                             "{wider})",
                             "{fits} different puzzles exist for {request}: the sheet holds {fits} "
                             "(for more, {wider})", fits) if versions == 1 else
                    ngettext("each of the {versions} versions holds {fits} puzzle, as many as "
                             "{request} gives each (for more, {wider})",
                             "each of the {versions} versions holds {fits} different puzzles, as many "
                             "as {request} gives each (for more, {wider})", fits)).format(
                fits=fits, versions=versions, request=request.describe(), wider=wider_advice([request]))
        print(refusal(NOTE, program="bookgen", text=text), file=sys.stderr)


def _preview(args: argparse.Namespace, out: TextIO) -> int:
    """PNGs of chosen pages: of a built PDF as it is (nothing regenerated), or of the book a
    config makes."""
    from importlib.util import find_spec

    missing = [name for name, module in (("pypdfium2", "pypdfium2"), ("Pillow", "PIL"))
               if find_spec(module) is None]
    from pathlib import Path

    from bookgen.i18n.conjunctions import joined
    from bookgen.inputs import read_bytes
    from bookgen.render.preview import parse_pages, preview_files, render_pages

    with refusing():
        if missing:
            raise BookgenError(_("previews need {packages}: {install}").format(
                packages=joined(missing, "and"), install=install_hint("preview")))
        if any(int(number) > limits.PREVIEW_PAGES for number in re.findall(r"\d+", args.pages)):
            raise BookgenError(_("{pages} goes past page {most}, the most one preview draws").format(
                pages=repr(args.pages), most=limits.PREVIEW_PAGES), key="--pages")
        pages = parse_pages(args.pages)
        low, high = limits.PREVIEW_DPI
        if not low <= args.dpi <= high:
            raise BookgenError(_from_to(low, high), key="--dpi")
        if args.output is not None and not args.output.strip():
            raise BookgenError(_("is empty; name a folder or a .png file, or leave --output out"),
                               key="--output")
    single = Path(args.output) if args.output and args.output.endswith(".png") else None
    folder = single.parent if single else Path(args.output) if args.output else _default_folder()
    if args.output:
        _check_folder(folder, str(folder), pictures=True)
    if single and len(pages) != 1:
        with refusing():
            raise BookgenError(_("a .png file holds one page; name a folder for more"), key="--output")
    if args.config and args.config.lower().endswith(".pdf"):
        pdf, name = read_bytes(args.config, limits.PDF_BYTES), Path(args.config).stem
        inputs: Inputs = ((refusal(N_("the PDF drawn")), Path(args.config)),)
    else:
        config = _load(args.config, args.seed, args.language, args.quiet)
        pdf, name, inputs = _book_pdf(_make(config, args)), config.name, config.inputs
    images = render_pages(pdf, pages, args.dpi)
    status = _write_and_list(preview_files(images, folder, name, single), out, inputs)
    if not (args.config and args.config.lower().endswith(".pdf")):
        _notes_after_work(config, args.quiet)
    return status


def _book_pdf(book: Book) -> bytes:
    """The book's PDF as `build` writes it; of a book of versions, version A's."""
    from bookgen.render.document import BookDocument

    return BookDocument(book.editions()[0]).render("book", {})[0]


def _census(args: argparse.Namespace, out: TextIO) -> int:
    from bookgen.puzzles import PUZZLE_TYPES, find_type

    if {"-h", "--help"} & set(args.options):  # after the type, argparse hands them on as options
        print(args.command_help(), end="", file=out)
        puzzle_type = find_type(args.type)
        with refusing():  # the help's words, in the user's language
            print("\n" + _("{type}'s options (--KEY VALUE):").format(type=puzzle_type.name), file=out)
            for line in _option_lines(puzzle_type, words=False):
                print(line, file=out)
        return 0
    puzzle_type = find_type(args.type)
    if puzzle_type.census is None:
        counted = ", ".join(t.name for t in PUZZLE_TYPES if t.census is not None)
        with refusing():
            raise BookgenError(_("{type} has no census; the types with one: {types}").format(
                type=args.type, types=counted), key="type")
    raw = {**_pairs(args.set), **_spelled_options(args.options, puzzle_type.options)}
    print(json.dumps(puzzle_type.census(raw)), file=out)
    return 0


@_refusing
def _spelled_options(words: list[str], specs: tuple[Option, ...]) -> dict[str, str]:
    """Type options written as command-line options: --KEY VALUE, --KEY=VALUE, --KEY alone for a
    yes/no option (true), and --set KEY=VALUE; the type's census checks each against its specs."""
    kinds = {spec.name: spec.kind for spec in specs}
    raw: dict[str, str] = {}
    rest = list(words)
    while rest:
        word = rest.pop(0)
        if word == "--set" or word.startswith("--set="):
            pair = word.partition("=")[2] if "=" in word else (rest.pop(0) if rest else "")
            raw.update(_pairs([pair]))
            continue
        key, sep, value = word[2:].partition("=")
        if not word.startswith("--") or not key:
            raise BookgenError(_("{word} is not an option; write type options as --KEY VALUE or "
                                 "--set KEY=VALUE").format(word=repr(word)), key="census")
        if not sep:
            if rest and not rest[0].startswith("--"):
                value = rest.pop(0)
            elif kinds.get(key, "bool") == "bool":  # an unknown key goes on to be named as such
                value = "true"
            else:
                raise BookgenError(_("needs a value: --KEY VALUE, or --set KEY=VALUE"), key=f"--{key}")
        raw[key] = value
    return raw


@_refusing
def _pairs(items: list[str]) -> dict[str, str]:
    """KEY=VALUE arguments of --set as a mapping."""
    raw = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BookgenError(_("{item} is not KEY=VALUE").format(item=repr(item)), key="--set")
        raw[key.strip()] = value.strip()
    return raw


def _in_language(type_name: str, options: dict[str, Any], code: str | None) -> dict[str, Any]:
    """The options with the sheet's language (`code`, when one is asked for) as its puzzles' too
    (`config.in_language`, as a book's sections take the book's): a Dutch sheet printed English
    words."""
    from bookgen.config import in_language
    from bookgen.puzzles import current_spelling, find_type

    if code is None:
        return options
    try:
        puzzle_type = find_type(current_spelling(type_name, options)[0])
    except BookgenError:  # an unknown type: the request says so, in the user's language
        return options
    return in_language(puzzle_type, options, code)


def _set_options(type_name: str, items: list[str]) -> dict[str, Any]:
    """--set KEY=VALUE arguments as a mapping, where a words option's file is the words of that
    file (one a line, as a config's words file), a clues option's its pairs (WORD: clue lines or a
    .csv, as a config's clues file), and a shape's its picture or text mask, reduced to the size
    set. A file is named as @FILE, or by its name alone where a config's would be (`_file_named`),
    relative to the current folder: `bookgen types` says these options take a file."""
    raw: dict[str, Any] = dict(_pairs(items))
    if not any(value.startswith("@") or re.search(r"[./\\]", value) for value in raw.values()):
        return raw
    from pathlib import Path

    from bookgen.inputs import clues_of, read_picture, read_text, words_of
    from bookgen.puzzles import current_spelling, find_type

    specs = {spec.name: spec for spec in find_type(current_spelling(type_name, raw)[0]).options}
    for key, value in list(raw.items()):
        spec = specs.get(key)
        name = _file_named(spec, value) if spec is not None else None
        if spec is None or name is None:
            continue
        if spec.kind == "words":
            raw[key] = words_of(read_text(name, limits.CONFIG_BYTES, key=f"--set {key}"), Path(name), spec)
        elif spec.kind == "clues":
            raw[key] = clues_of(read_text(name, limits.CONFIG_BYTES, key=f"--set {key}"), Path(name), spec)
        else:
            size = specs["size"].parse(raw["size"]) if "size" in raw and "size" in specs else None
            raw[key] = read_picture(Path(name), spec, size)
    return raw


def _file_named(spec: Option, value: str) -> str | None:
    """The file a words, clues or shape option's value names: @FILE, or a value a config reads as
    a file's name (`WORDS_FILE`, `CLUES_FILE`, `PICTURE_FILE`: a dot or slash no word holds, a
    .txt or .csv without a pair's colon, a .png or .txt) where it is not one itself; else None."""
    from bookgen.core.masks import PICTURE_FILE
    from bookgen.core.options import CLUES_FILE, WORDS_FILE

    if spec.kind not in ("words", "clues") and not spec.picture:
        return None
    if value.startswith("@"):
        return value[1:]
    named = (WORDS_FILE.search(value) if spec.kind == "words"
             else CLUES_FILE.match(value) if spec.kind == "clues" else PICTURE_FILE.search(value))
    return value if named else None


def _check_id_alone(args: argparse.Namespace, request: Request, seed: str) -> None:
    """Refuse --set, --difficulty, --seed or --count beside --id: an id names one whole puzzle
    (its options, level and seed make its randomness), so they cannot change it; the message
    names the id of the puzzle that --set and --difficulty ask for, where they ask for another."""
    from bookgen.puzzles import request_for

    given = [flag for flag, value in (("--set", args.set), ("--difficulty", args.difficulty),
                                      ("--seed", args.seed), ("--count", args.count))
             if value not in (None, [])]
    if not given:
        return
    specs = {spec.name: spec for spec in request.type.options}
    raw = {key: specs[key].format(value) for key, value in request.options.items()}
    try:
        asked = _in_users_language(lambda: request_for(
            request.type.name, args.difficulty or request.level, raw | _pairs(args.set))).id(seed)
    except BookgenError as error:  # the options asked for cannot be had: say why too
        asked, why = None, f"{error.key + ': ' if error.key else ''}{error.message}"
    from bookgen.i18n.conjunctions import joined

    with refusing():
        instead = ngettext("leave it out", "leave them out", len(given))
        if asked is None:
            instead = _("{leave} (and {why})").format(leave=instead, why=why)
        elif asked != request.id(seed):
            instead = _("{leave}, or for a puzzle with those options give --id '{id}'").format(
                leave=instead, id=asked)
        raise BookgenError(_("{id} names one whole puzzle (its type, level, options and seed), so "
                             "{flags} cannot change it; {instead}").format(
                                 id=repr(args.id), flags=joined(given, "and"), instead=instead),
                           key="--id")


def _generate(args: argparse.Namespace, out: TextIO) -> int:
    from bookgen.book import different_puzzles
    from bookgen.cluster import executor_for
    from bookgen.making import parse_puzzle_id, regenerate
    from bookgen.puzzles import find_type
    from bookgen.seeds import check_seed

    if args.id:
        request, seed = _in_users_language(lambda: parse_puzzle_id(args.id))
        named = request.type.name
        if args.type and find_type(args.type).name != named:
            with refusing():
                raise BookgenError(_("{id} names a {named} puzzle, not {type}; leave out the type, or "
                                     "give the id of a {type} puzzle").format(
                                         id=repr(args.id), named=named, type=args.type), key="--id")
        _check_id_alone(args, request, seed)
        print(json.dumps(regenerate(args.id).to_json()), file=out)
        return 0
    count, seed = 1 if args.count is None else args.count, "1" if args.seed is None else args.seed
    with refusing():
        if not args.type:
            raise BookgenError(_("name a puzzle type, or give --id"), key="type")
        if not 1 <= count <= limits.GENERATE_COUNT:
            raise BookgenError(_("must be from 1 to {most}; run again with another seed for more").format(
                most=f"{limits.GENERATE_COUNT:,}"), key="--count")
    check_seed(seed)
    request = _request_in(users_language(), args.type, args.difficulty or "medium",
                          _read_in(users_language(), lambda: _set_options(args.type, args.set)))
    workers = _workers(args)
    with executor_for(workers, args.scheduler) as executor:
        ahead = 64 if args.scheduler else 4 * workers  # puzzles under way while the first is awaited
        for record in different_puzzles(request, seed, count, executor, ahead=ahead,
                                        progress=Progress.for_terminal(args.quiet)):
            print(json.dumps(record.to_json()), file=out, flush=True)
    return 0


def _solve(args: argparse.Namespace, out: TextIO) -> int:
    """Solve each line; a line that cannot be read, or that overruns the time budget or Python's
    stack, is reported on its own line and the rest go on."""
    from bookgen.budget import PuzzleTimeout, time_budget
    from bookgen.inputs import parse_json, read_text
    from bookgen.making import record_from_json, record_from_text

    _check_budget(args.budget)
    name = "stdin" if args.file == "-" else args.file
    with refusing():
        lines = read_text(args.file, limits.BANK_BYTES).splitlines()
    failed: list[tuple[str, str]] = []  # where, and why
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            solving = refusal(N_("solving {place}"), place=f"{name}:{number}")
            with Ticking.for_terminal(solving, args.budget), time_budget(args.budget):
                with refusing():  # a line's faults in the user's language
                    record = (None if line.lstrip().startswith("{")
                              else record_from_text(line, f"{name}:{number}"))
                    if record is None:
                        record = record_from_json(parse_json(line, name, number), f"{name}:{number}")
                solved = record.puzzle_type.solve(record.puzzle, None if args.count else 2)
                # a rating assumes one answer (a unique rectangle rests on it): none for 0 or 2+
                rating = (record.puzzle_type.rate(record.puzzle)
                          if args.rate and solved.count == 1 else None)
        except (BookgenError, PuzzleTimeout, RecursionError) as error:
            message = _unsolved(error, args.budget, f"{name}:{number}", args.count)
            failed.append((f"{name}:{number}", message))
            print(json.dumps({"id": _line_id(line), "line": number, "error": message}), file=out,
                  flush=True)
            continue
        result = {"id": record.id, "line": number, "solutions": solved.count,
                  "solution": solved.solution}
        if args.rate:
            result["rating"] = rating
        print(json.dumps(result), file=out, flush=True)
    if len(failed) == 1:  # each is said on its own output line too
        raise BookgenError(failed[0][1])
    if failed:
        with refusing():
            raise BookgenError(ngettext(
                "{count} puzzle line could not be read or solved: {lines}; the first, {first}",
                "{count} puzzle lines could not be read or solved: {lines}; the first, {first}",
                len(failed)).format(count=len(failed), first=failed[0][1], lines=", ".join(
                    where for where, _why in failed[:5]) + (" ..." if len(failed) > 5 else "")))
    return 0


def _line_id(line: str) -> str:
    """The `id` a line that could not be solved carries, where it is JSON that names one ("" as a
    solved line's, else): its error line says it too, so a script joins it back by id as it does
    a solved line."""
    try:
        read = json.loads(line)
    except (ValueError, RecursionError):  # what the line's own error says: not JSON, too deep
        return ""
    named = read.get("id") if isinstance(read, dict) else None
    return named if isinstance(named, str) else ""


@_refusing
def _unsolved(error: Exception, budget: float, where: str, counting: bool = False) -> str:
    if isinstance(error, RecursionError):
        return _("{where}: too large to solve: the search went deeper than Python's stack allows; "
                 "bookgen solves puzzles of the sizes it makes").format(where=where)
    if not isinstance(error, BookgenError):
        values = {"where": where, "seconds": f"{budget:g}", "most": f"{limits.BUDGET_SECONDS:.0f}"}
        if counting:
            return _("{where}: gave up after {seconds} seconds, the solve budget; give more with "
                     "--budget (at most {most}); --count counts every solution, which for a puzzle "
                     "with few givens may take longer than any budget (without it, solve stops at "
                     "the second)").format(**values)
        return _("{where}: gave up after {seconds} seconds, the solve budget; give more with --budget "
                 "(at most {most})").format(**values)
    return str(error)


def _types(args: argparse.Namespace, out: TextIO) -> int:
    """Every type with its levels and options; one type (`bookgen types NAME`) with its rules too
    and the words each choice of its options is named by (the studio's menus). Its titles, rules
    and help in the user's language, as `--help` is; the names a config writes as they are."""
    from bookgen.puzzles import PUZZLE_TYPES, find_type

    one = args.type is not None
    with refusing():
        for puzzle_type in [find_type(args.type)] if one else PUZZLE_TYPES:
            print(f"{puzzle_type.name}: {_(puzzle_type.title)}", file=out)
            print(f"  difficulty: {', '.join(puzzle_type.levels)}", file=out)
            if one:
                print(f"  rules: {_(puzzle_type.rules(None))}", file=out)
            for line in _option_lines(puzzle_type, words=one):
                print(line, file=out)
    return 0


def _check_type(args: argparse.Namespace, out: TextIO) -> int:
    """Each check of the contract against the type, a line each as it ends: kept, broken (with
    what was found) or not offered (an optional part the type leaves out). Exit status 1 when one
    is broken, as a failed test; 2 for a type or check that does not exist."""
    from bookgen.contract import check_type, find_check
    from bookgen.puzzles import find_type

    puzzle_type = find_type(args.type)
    names = tuple(find_check(name).name for name in args.check)
    broken = skipped = 0
    for outcome in check_type(puzzle_type, names, every_trim=args.every_trim):
        state = ("skipped" if outcome.skipped
                 else {True: "kept", False: "BROKEN", None: "not offered"}[outcome.kept])
        print(f"{state:11}  {outcome.check.name}" + (f": {outcome.found}" if outcome.found else ""),
              file=out)
        out.flush()
        broken += outcome.kept is False
        skipped += outcome.skipped
    verdict = 'the contract is kept' if not broken else f'{broken} broken'
    print(f"{puzzle_type.name}: {verdict}" + (f" ({skipped} skipped)" if skipped else ""), file=out)
    return 1 if broken else 0


def _option_lines(puzzle_type: PuzzleType, words: bool) -> list[str]:
    """An option a line, as its key, its label where that says more than the key, and its help
    line; with `words`, each choice under it with the words the studio's menu names it by."""
    lines = []
    for option in puzzle_type.options:
        label = option.title()
        named = f" ({label})" if label.lower() != option.name.replace("_", " ") else ""
        lines.append(f"  {option.name}{named}: {option.described()}")
        if words and option.kind == "choice":
            lines += [f"    {choice}: {option.word(choice)}" for choice in option.choices
                      if option.word(choice) != choice]
    return lines


def _texts(args: argparse.Namespace, out: TextIO) -> int:
    """Every text a book's `texts:` may replace, with its text in the language, as lines to paste
    under `texts:` in a config."""
    from bookgen.i18n import CONTEXT_SEPARATOR, known_texts, language, languages
    from bookgen.i18n.homes import english_plurals

    spoken = language(args.language)  # an unknown code: one line naming the languages there are
    plurals = english_plurals(languages()[1]) if len(languages()) > 1 else {}
    rows = []
    for key in sorted(known_texts(), key=lambda text: (text.casefold(), text)):
        found = spoken.messages.get(key)  # English has no catalog: its text is the key's own
        english = key.split(CONTEXT_SEPARATOR)[-1]
        english += "|" + plurals[key] if key in plurals else ""
        rows.append((key, "|".join(found) if isinstance(found, tuple) else found or english))
    print(f"# The texts a book may replace, {len(rows)} of them, in {args.language}: the English "
          "text (the key), then the book's text.\n# Copy a line under 'texts:' in a config and "
          "change its right side; a counted text gives\n# its forms as \"one|many\".\ntexts:",
          file=out)
    for key, text in rows:
        print(f"  {json.dumps(key, ensure_ascii=False)}: {json.dumps(text, ensure_ascii=False)}",
              file=out)
    return 0


def _schema(args: argparse.Namespace, out: TextIO) -> int:
    from bookgen.schema import book_schema, layout_schema

    print(json.dumps(layout_schema() if args.layout else book_schema(), indent=2), file=out)
    return 0


def _completion(args: argparse.Namespace, out: TextIO) -> int:
    """A completion script from shtab (bookgen.completion for fish): static, so pressing Tab never
    starts Python."""
    import shtab

    from bookgen.config import available_layouts
    from bookgen.i18n import languages
    from bookgen.puzzles import PUZZLE_TYPES

    parser = _parser()  # a copy to annotate: names to offer, and which arguments are files
    names = {"type": [t.name for t in PUZZLE_TYPES], "layout": available_layouts(),
             "language": list(languages())}
    if args.shell == "fish":
        from bookgen.completion import fish_script

        print(fish_script(parser, names), file=out, end="")
        return 0
    for action in parser._actions:  # argparse lists them nowhere public; shtab reads the same
        for command in action.choices.values() if isinstance(action.choices, dict) else ():
            for argument in command._actions:
                if argument.dest in names and argument.choices is None:
                    argument.choices = names[argument.dest]
                elif argument.dest in ("config", "file", "output"):
                    argument.complete = shtab.FILE  # type: ignore[attr-defined]
    print(shtab.complete(parser, shell=args.shell), file=out)
    return 0


def run() -> int:
    """The `bookgen` command and `python -m bookgen`: `main` on the command line, then every object
    left is frozen (`gc.freeze`), so that the interpreter's exit does not search them for cycles
    and free them one by one, work a process about to end gains nothing from (a sixth of a small
    command's processor time). Not done in `main`: in-process callers, the tests, go on living."""
    status = main()
    import gc

    gc.freeze()
    return status


if __name__ == "__main__":
    sys.exit(run())
