"""`bookgen init FOLDER`: a small project to edit instead of YAML written from nothing.

The folder gets a book config with a comment on every key (one section for each level asked for,
or for each type and level of `--type`'s types),
a copy of the chosen trim's layout (the file to change margins, type sizes or fonts in), a fonts/
folder for TrueType files of one's own (a layout finds them beside itself), and a README of the
next commands. A kind (worksheet, pod, large-print) picks the starting point; a language writes
the book's `language:` and the words it prints (title, section titles, blurb, copyright) in it,
while the comments, meant for whoever edits the file, stay English as the README's keys are. The files are
written together through bookgen.atomic, all or none, and the folders init made are taken away
again if they fail, so a refused or failed init leaves nothing behind; a folder that already holds
files is refused.
"""

from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from bookgen.atomic import write_files
from bookgen.errors import BookgenError
from bookgen.i18n import N_, _, refusal, refusing, speaking
from bookgen.i18n.reasons import os_reason

CONFIG_NAME = "book.yaml"
LAYOUT_NAME = "layout.yaml"


@dataclass(frozen=True)
class Kind:
    """A starting point: what the book is for, its trim and the lines that set it apart."""

    name: str
    what: str
    layout: str
    title: str
    types: tuple[str, ...]  # one per section, in turn
    count: int  # puzzles in each section
    one_page: bool  # each section on one page of its own (per_page: count), as a worksheet
    settings: str  # config lines after `layout:`, with their comments


_POD_SETTINGS = """\
profile: print-on-demand     # embedded fonts, gutter by page count, {fewest} to {most} pages on white
formats: [pdf, cover]        # the interior and NAME-cover.pdf, the wrap sized from its page count
paper: white                 # white, cream or color: sets the spine's width
repeat_rules: false          # a type's rules and example once, at its first section; true: each
cover_color: "#1f3a5f"       # the cover's background (quoted)
back_text: |                 # the blurb on the back cover; a blank line starts a paragraph
{blurb}
copyright: |                 # a copyright page after the title page; leave out for none
  {copyright}
"""

BLURB = N_("Puzzles for a coffee break or a long journey, from {easiest} to {hardest}, each with "
           "its rules and a worked example. Every puzzle has been checked, and the answers are at "
           "the back.")
"""The back cover's blurb, its levels the book's (`--levels easy,...,master`: "from easy to
master"; it said "from easy to hard" whatever they were)."""
BLURB_ONE_LEVEL = N_("Puzzles for a coffee break or a long journey, at the {level} level, each with "
                     "its rules and a worked example. Every puzzle has been checked, and the "
                     "answers are at the back.")
COPYRIGHT = N_("Copyright {year} {author}. All rights reserved.")
AUTHOR = N_("Your Name")
# a section's title where its type has sections at other levels too: the type's title and the
# level word, short, since the heading's difficulty line says the level again
SECTION_TITLE = N_("{puzzle} \u2013 {level}")

KINDS = {
    kind.name: kind for kind in (
        Kind("worksheet", "classroom worksheets: one page of puzzles per level, answers in a "
             "separate file", "letter", N_("Number Puzzles Worksheet"), ("placement",), 6, True, """\
profile: home                # for home and school printers
name_line: true              # Name, Date, Class ruled above the puzzles; or [name, date, score]
versions: 1                  # 2 to 40: sheets A, B, ... with different puzzles, NAME-A.pdf ...
answers: separate            # NAME-answers.pdf beside the sheets; back or none
title_page: false            # the puzzles start on page 1
contents: false
"""),
        Kind("pod", "a paperback for print-on-demand, with its cover", "6x9", N_("My Puzzle Book"),
             ("numbrix", "placement", "arithmetic", "numberwall"), 30, False, _POD_SETTINGS),
        Kind("large-print", "a large-print paperback for print-on-demand, with its cover",
             "8.5x11", N_("My Large Print Puzzle Book"), ("numbrix", "placement", "arithmetic",
                                                       "numberwall"), 24, False,
             "large_print: true            # {large_body:g} pt body type, puzzles drawn larger too\n"
             + _POD_SETTINGS),
    )
}


def init_project(folder: Path, kind_name: str, levels: list[str], layout: str | None = None,
                 title: str | None = None, puzzle_types: list[str] | None = None,
                 language: str = "en") -> list[Path]:
    """Write the starting project into `folder` (made if missing, refused if it holds anything),
    its printed words in `language`; returns the paths written. `puzzle_types` (--type) replace
    the kind's mix."""
    from bookgen.config import available_layouts, shipped
    from bookgen.core.grading import ALL_LEVELS
    from bookgen.fields import check_title

    kind = KINDS[kind_name]
    trim = layout or _default_trim(kind, language)
    if trim not in available_layouts():
        raise BookgenError(refusal(N_("{trim!r} is not a built-in layout; use one of {layouts}"),
                                   trim=trim, layouts=", ".join(available_layouts())), key="--layout")
    if not any(levels) or any(level not in ALL_LEVELS for level in levels):
        levels_message = (N_("{given!r}: give levels from {levels}, separated by commas") if any(levels)
                          else N_("{given!r} names no level; give levels from {levels}, separated by "
                                  "commas"))
        raise BookgenError(refusal(levels_message, given=",".join(levels), levels=", ".join(ALL_LEVELS)),
                           key="--levels")
    listed = None if puzzle_types is None else _listed_types(puzzle_types)
    sections = _sections(kind.types if listed is None else listed, levels,
                         kind.name if listed is None else None)
    per = "type and level" if listed is not None and len(listed) > 1 else "level"
    try:
        _check_empty(folder)
    except OSError as error:  # a name too long, a parent folder that cannot be searched
        raise _cannot(folder, error, CANNOT_USE) from None

    layout_text = shipped("layouts").joinpath(f"{trim}.yaml").read_text(encoding="utf-8")
    with speaking(language):
        book_title = check_title(title) if title is not None else _book_title(kind, listed)
        config_text = _config_text(kind, book_title, trim, sections, per, language)
        if kind.one_page:
            counts = _one_page_counts(config_text, trim)
            if counts:
                config_text = _config_text(kind, book_title, trim, sections, per, language, counts)
    files = {
        CONFIG_NAME: config_text,
        LAYOUT_NAME: _layout_text(trim, layout_text),
        "fonts/README.txt": FONTS_README,
        "README.md": _readme_text(kind, book_title, per),
    }
    if not folder.parent.is_dir():
        raise BookgenError(refusal(N_("the folder {folder!r} does not exist"), folder=str(folder.parent)),
                           key="FOLDER")
    made = [path for path in (folder, folder / "fonts") if not path.exists()]
    try:
        for path in made:
            path.mkdir()
        write_files([(folder / name, text.encode("utf-8")) for name, text in files.items()])
    except (OSError, BookgenError) as error:
        for path in reversed(made):  # write_files took its own files back; the folders go too
            if path.is_dir() and not any(path.iterdir()):
                path.rmdir()
        if isinstance(error, BookgenError):
            raise
        raise _cannot(folder, error, CANNOT_MAKE) from None
    return [folder / name for name in files]


def _check_empty(folder: Path) -> None:
    """Refuse a file, or a folder that holds anything; OSError where the folder cannot be looked
    at or into (a name too long, a parent folder that cannot be searched, one that cannot be
    listed): nothing is written into a folder whose emptiness is not known."""
    if folder.exists() and not folder.is_dir():
        raise BookgenError(refusal(N_("{folder!r} is a file; name a new or empty folder"),
                                   folder=str(folder)), key="FOLDER")
    if folder.is_dir() and any(folder.iterdir()):
        raise BookgenError(refusal(N_("the folder {folder!r} already has files in it; init writes "
                                      "only into a new or empty folder, so nothing of yours is "
                                      "overwritten"), folder=str(folder)), key="FOLDER")


CANNOT_USE = N_("cannot use the folder {folder!r}: {reason}")
CANNOT_MAKE = N_("cannot make the folder {folder!r}: {reason}")


def _cannot(folder: Path, error: OSError, message: str) -> BookgenError:
    """The folder init cannot use or make (`message`: CANNOT_USE, CANNOT_MAKE), and why, as the
    system says it."""
    with refusing():
        return BookgenError(_(message).format(folder=str(folder), reason=os_reason(error)), key="FOLDER")


def worksheet_trim(language: str) -> str:
    """A worksheet's paper: letter in English, A4 in the other languages (their countries' paper);
    `bookgen worksheet` prints on it too."""
    return "letter" if language == "en" else "a4"


def _default_trim(kind: Kind, language: str) -> str:
    """A worksheet starts on its language's paper (`worksheet_trim`); the others keep the kind's trim."""
    return worksheet_trim(language) if kind.one_page else kind.layout


def _book_title(kind: Kind, listed: tuple[str, ...] | None) -> str:
    """The kind's title in the language spoken; a worksheet of one type's, its type's ("Maze
    worksheet"): `--type maze` gave a sheet of mazes the title "Number Puzzles Worksheet"; of
    several types', "Puzzle Worksheet", whatever they are (word searches and scrambles too)."""
    from bookgen.puzzles import find_type

    if listed is None or not kind.one_page:
        return _(kind.title)
    if len(listed) > 1:
        return _("Puzzle Worksheet")
    return _("{title} worksheet").format(title=_(find_type(listed[0]).title))


def _listed_types(names: list[str]) -> tuple[str, ...]:
    """--type's types, each known (find_type refuses the others) and named once: a type twice would
    make the same sections twice."""
    from bookgen.puzzles import find_type

    listed: list[str] = []
    for name in names:
        found = find_type(name).name
        if found in listed:
            raise BookgenError(refusal(N_("{type!r} is named twice; name each type once"), type=found),
                               key="--type")
        listed.append(found)
    return tuple(listed)


def _sections(mix: tuple[str, ...], levels: list[str], kind: str | None) -> list[tuple[str, str]]:
    """Each section's type and level. A kind's mix (`kind`: its name) gives one section per level,
    its types in turn, passing over those without the level (a master section takes the mix's next
    type that has master); --type's types (`kind` None) one per type and level, types outer, a type
    without a level passed over for it. A level none of them has is refused, naming the types that
    have it."""
    from bookgen.puzzles import find_type

    offered = {name: find_type(name).levels for name in mix}
    for level in levels:
        if not any(level in offered[name] for name in mix):
            raise _none_has(level, mix, kind)
    if kind is None:
        return [(name, level) for name in mix for level in levels if level in offered[name]]
    turns = (mix[index % len(mix):] + mix[:index % len(mix)] for index in range(len(levels)))
    return [(next(name for name in turn if level in offered[name]), level)
            for turn, level in zip(turns, levels)]


def _none_has(level: str, mix: tuple[str, ...], kind: str | None) -> BookgenError:
    """The refusal of a level none of the mix's types has, naming the types that have it."""
    from bookgen.puzzles import find_type
    from bookgen.puzzles.base import never_at, types_with

    if kind is None and len(mix) == 1:
        return BookgenError(never_at(find_type(mix[0]), level), key="--levels")
    message = (N_("{level}: none of the types given ({types}) is ever {level}; the types with {level}: "
                  "{having}") if kind is None else
               N_("{level}: none of the {kind} mix's types ({types}) is ever {level}; the types with "
                  "{level}: {having} (--type names the types to use)"))
    return BookgenError(refusal(message, level=level, kind=kind, types=", ".join(mix),
                                having=", ".join(types_with(level))), key="--levels")


def _one_page_counts(config_text: str, trim: str) -> dict[int, int]:
    """The number of puzzles of each section (by index) that print on its page at the profile's
    floor, where that is fewer than the config asks for (six crosswords do not fit a page of a
    worksheet): its puzzles made and laid out as the build lays them, a section's largest
    deciding, so the config `init` writes builds as it stands."""
    from bookgen.book import make_book
    from bookgen.config import read_config_text
    from bookgen.render.document import fewer_to_a_page

    try:  # on the built-in trim the project's layout.yaml copies
        book = make_book(read_config_text(config_text.replace(f"layout: ./{LAYOUT_NAME}", f"layout: {trim}"),
                                          Path(CONFIG_NAME)))
    except BookgenError:  # the build says why, of the config as written
        return {}
    asked = {index: section.config.per_page for index, section in enumerate(book.sections)
             if section.config.per_page}
    return {index: fits for index, fits in fewer_to_a_page(book, asked).items() if fits < asked[index]}


def _config_text(kind: Kind, title: str, trim: str, sections: list[tuple[str, str]], per: str,
                 language: str, counts: dict[int, int] | None = None) -> str:
    """The config, its printed words in the current language (`per`: what a section is one of;
    `counts`: sections that take fewer puzzles than the kind's, by index)."""
    from bookgen.puzzles import find_type

    author = _(AUTHOR)
    counts = counts or {}
    types = [puzzle_type for puzzle_type, _level in sections]
    section_lines = "".join(
        _commented(f"  - type: {puzzle_type}", "`bookgen types` lists every type and its options")
        + _commented(f"    difficulty: {level}", _either(find_type(puzzle_type).levels))
        + _commented(f"    count: {counts.get(index, kind.count)}", "how many puzzles")
        + (_commented(f"    per_page: {counts.get(index, kind.count)}", "all on one page where they fit")
           if kind.one_page else "")
        + _commented(f"    title: {_section_title(puzzle_type, level, types.count(puzzle_type) > 1)}",
                     "printed above the section")
        for index, (puzzle_type, level) in enumerate(sections))
    from reportlab.lib.units import mm

    from bookgen.config import load_layout
    from bookgen.render.geometry import POD_MIN_PAGES, large_print, pod_most_pages

    blurb = textwrap.fill(_blurb([level for _type, level in sections]), 96, initial_indent="  ",
                          subsequent_indent="  ")
    page = load_layout(trim)
    most = pod_most_pages(page.width * mm, page.height * mm, "white")  # the paper it writes
    settings = kind.settings.format(fewest=POD_MIN_PAGES, most=most,
                                    large_body=large_print(page).body_size, blurb=blurb,
                                    copyright=_(COPYRIGHT).format(year=date.today().year,
                                                                  author=author))
    author_line = "" if kind.one_page else f"author: {author}\n"  # a worksheet prints no author
    language_line = "" if language == "en" else _commented(f"language: {language}",
                                                           "the language the book is printed in")
    book_lines = author_line + language_line
    return f"""\
# A book config for bookgen ({kind.what}).
# Build it with `bookgen build {CONFIG_NAME}`; every key is explained in bookgen's README, and
# `bookgen schema > bookgen.schema.json` lets an editor complete and check this file.
title: {json.dumps(title, ensure_ascii=False)}
{book_lines}layout: ./{LAYOUT_NAME}        # a copy of the built-in {trim} layout, yours to change
{settings}seed: 1                      # same config and seed, same book; change it for new puzzles
sections:                    # one section per {per}; add, remove or reorder them freely
{section_lines}"""


def _blurb(levels: list[str]) -> str:
    """The back cover's blurb in the current language, naming the easiest and hardest of `levels`."""
    from bookgen.core.grading import ALL_LEVELS, level_word

    easiest, hardest = (min(levels, key=ALL_LEVELS.index), max(levels, key=ALL_LEVELS.index))
    if easiest == hardest:
        return _(BLURB_ONE_LEVEL).format(level=level_word(easiest))
    return _(BLURB).format(easiest=level_word(easiest), hardest=level_word(hardest))


def _either(levels: tuple[str, ...]) -> str:
    """The levels a section's type offers, as its comment names them: "easy, ... or expert"."""
    return f"{', '.join(levels[:-1])} or {levels[-1]}"


def _commented(line: str, comment: str) -> str:
    """A config line with its comment in the column the other comments use."""
    return f"{line:<28} # {comment}\n"


def _section_title(type_name: str, level: str, leveled: bool) -> str:
    """A section's title in the current language, quoted for YAML: the type's title, and its level
    only where `leveled` (the type has sections at other levels, which the contents and the back
    cover would otherwise list under one name); the heading's difficulty line says the level, and
    a title that said it too read it twice ("Woordzoeker, niveau makkelijk" above "Moeilijkheid:
    Makkelijk")."""
    from bookgen.core.grading import level_word
    from bookgen.puzzles import find_type

    puzzle = _(find_type(type_name).title)
    title = _(SECTION_TITLE).format(puzzle=puzzle, level=level_word(level)) if leveled else puzzle
    return json.dumps(title, ensure_ascii=False)


def _layout_text(trim: str, builtin: str) -> str:
    return f"""\
# A copy of bookgen's built-in {trim} layout, yours to change. Fonts: a file named here is looked
# for beside this file first (fonts/MyFont.ttf is the fonts/ folder here), then among bookgen's
# own (DejaVu Sans). `bookgen schema --layout` describes every key.
{builtin}"""


FONTS_README = """\
Put TrueType (.ttf) fonts here and name them in layout.yaml, for example

    fonts: {regular: fonts/MyFont-Regular.ttf, bold: fonts/MyFont-Bold.ttf,
            italic: fonts/MyFont-Italic.ttf}

bookgen embeds the characters the book uses from each font in the PDF, so the font's licence
must allow embedding in a document you print and sell (the OFL, Apache and Bitstream Vera licences
do; many desktop fonts do not). Before any puzzle is made, bookgen checks that the fonts have
every character the book prints and names any that are missing.
"""


def _readme_text(kind: Kind, title: str, per: str) -> str:
    pod = kind.name != "worksheet"
    cover = ("\nThe build also writes `output/book-cover.pdf`, the cover wrap (back, spine, front) "
             "sized from the page count.\n") if pod else ""
    upload = ("- When the pages are right, `bookgen guide` prints the guide that goes from here to "
              "a\n  print-on-demand upload, step by step (docs/publishing.md in bookgen's "
              "repository).\n") if pod else ""
    return f"""\
# {title}

A bookgen project ({kind.what}). Its files:

- `{CONFIG_NAME}`: the book: title, settings and one section per {per}, with a comment on each key.
- `{LAYOUT_NAME}`: the pages: size, margins, fonts, type sizes.
- `fonts/`: TrueType fonts of your own, named in `{LAYOUT_NAME}` (see `fonts/README.txt`).

## Next commands

Run them in this folder:

```sh
bookgen build {CONFIG_NAME}                       # -> output/book.pdf
bookgen preview {CONFIG_NAME} --pages 1-4         # PNG pictures of pages (the preview extra)
bookgen build {CONFIG_NAME} --html                # also output/book.html, playable offline
bookgen types                                # every puzzle type and its options
```
{cover}
- Change a section's `type`, `difficulty` or `count`, or add sections, and build again.
- Change `seed` for different puzzles; the same seed always gives the same book.
{upload}"""
