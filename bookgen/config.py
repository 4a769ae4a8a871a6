"""Reading book configs and page layouts: YAML in, the frozen dataclasses of bookgen.bookconfig
out, every error naming file, line, key.

The keys and their readers are bookgen.fields's tables; the loaders here read each mapping by its
table and add the checks that span fields (margins leave room, a bank stays inside the project,
sections a book can fill).

The built-in layouts and sample configs live at the top of a checkout (layouts/, config/) and in
the installed package (bookgen/layouts/, bookgen/samples/): `shipped` finds them either way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import replace
from importlib import resources
from pathlib import Path, PureWindowsPath
from typing import TYPE_CHECKING, Any

from bookgen import limits
from bookgen.bookconfig import BankSource, BookConfig, Layout, SectionConfig
from bookgen.core.masks import PICTURE_FILE
from bookgen.core.options import CLUES_FILE, WORDS_FILE, Option, nearest, unknown_key_message
from bookgen.errors import BookgenError, Refusals, shown
from bookgen.fields import (
    BOOK_FIELDS,
    FONT_FIELDS,
    LAYOUT_FIELDS,
    MARGIN_FIELDS,
    PAGE_FIELDS,
    SECTION_FIELDS,
    SIZE_FIELDS,
    needs,
    offered_difficulty,
    read_fields,
)
from bookgen.i18n import ENGLISH, N_, Language, _, current, known_texts, ngettext, speaking
from bookgen.i18n import language as speaking_language
from bookgen.inputs import clues_of, read_picture, read_text, words_of
from bookgen.puzzles import current_spelling, find_type, type_languages
from bookgen.puzzles.base import (
    PuzzleType,
    Request,
    never_at,
    shared_by_versions,
    too_few_answers,
    too_few_exist,
)
from bookgen.seeds import check_seed
from bookgen.yamlsource import KeyPath, Source, dotted, load_yaml, parse_yaml

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from 3.11; only for mypy here

ROOT = Path(__file__).resolve().parent.parent  # the checkout, when bookgen runs from one
_SHIPPED = {"layouts": "layouts", "samples": "config", "guides": "docs"}  # package: checkout
SAMPLE = "sampler"  # the sample book `bookgen build` makes when given no config


def shipped(folder: str) -> Traversable:
    """A folder of files that ship with bookgen, "layouts", "samples" or "guides": inside the
    installed package (importlib.resources), or at the top of the checkout bookgen runs from."""
    packaged = resources.files("bookgen").joinpath(folder)
    if packaged.is_dir():
        return packaged
    return ROOT / _SHIPPED[folder]


def sample_config(name: str = SAMPLE) -> Traversable:
    """A sample book config that ships with bookgen (config/NAME.yaml in a checkout)."""
    return shipped("samples").joinpath(f"{name}.yaml")


def available_layouts() -> list[str]:
    """The names of the built-in layouts."""
    return sorted(item.name[:-5] for item in shipped("layouts").iterdir() if item.name.endswith(".yaml"))


def is_layout_file(layout: str) -> bool:
    """Whether a layout setting names a file (has a folder part or ends in .yaml/.yml) rather than
    a built-in layout."""
    return "/" in layout or "\\" in layout or layout.endswith((".yaml", ".yml"))


def _check_room(source: Source, page: dict[str, float], margins: dict[str, float]) -> None:
    """Margins must leave at least a fifth of the page for puzzles, each way; the message names
    the keys that collide and their sizes."""
    for across, sides in (("width", ("inside", "outside")), ("height", ("top", "bottom"))):
        used = margins[sides[0]] + margins[sides[1]]
        if used >= page[across] * 0.8:
            crowded = (_("margins.{one} + margins.{other} ({one_mm} + {other_mm}) leave no room in "
                         "page.{across} ({page_mm}); puzzles need at least a fifth of it")
                       if used >= page[across] else
                       _("margins.{one} + margins.{other} ({one_mm} + {other_mm}) leave too little "
                         "room in page.{across} ({page_mm}); puzzles need at least a fifth of it"))
            raise source.error(("margins", sides[0]), crowded.format(
                one=sides[0], other=sides[1], one_mm=_mm(margins[sides[0]]),
                other_mm=_mm(margins[sides[1]]), across=across, page_mm=_mm(page[across])))


def _mm(length: float) -> str:
    return f"{length:.4g} mm"


def load_layout(name: str, source: Source | None = None, path: KeyPath = ("layout",),
                within: Path | None = None) -> Layout:
    """A built-in layout by name (`letter`), or a layout file (`./my-trim.yaml`): relative to the
    config's folder, or without a config to the current folder. Either kind of error names the
    config's line. With `within`, the file and the fonts it names must lie inside that folder
    (check_within)."""
    def fail(message: str) -> BookgenError:
        return source.error(path, message) if source is not None else BookgenError(message, key="layout")

    if is_layout_file(name):
        if within is not None and source is not None:
            check_within(source, path, name, within)
        file = Path(name).expanduser()
        if source is not None and not file.is_absolute():
            file = Path(source.file).parent / file
        if not file.is_file():
            looked = file != Path(name).expanduser()  # beside the config: say where
            raise fail(_("no layout file {name}: bookgen looked for {file}").format(
                name=f"'{name}'", file=f"'{file}'") if looked else
                _("no layout file {file}").format(file=f"'{name}'"))
        layout_source = load_yaml(file)
        name, layout_file = file.stem, file
    else:
        builtin = shipped("layouts").joinpath(f"{name}.yaml")
        if not re.fullmatch(r"[A-Za-z0-9_.-]+", name) or not builtin.is_file():
            raise fail(_("{unknown}; or give a layout file such as ./my-trim.yaml").format(
                unknown=unknown_key_message(name, available_layouts(), _("unknown layout"))))
        layout_source = parse_yaml(builtin.read_text(encoding="utf-8"), str(builtin))
        layout_file = None
    top = read_fields(layout_source, (), layout_source.data, LAYOUT_FIELDS, "a layout")
    page = read_fields(layout_source, ("page",), top["page"] or {}, PAGE_FIELDS, "page")
    margins = read_fields(layout_source, ("margins",), top["margins"] or {}, MARGIN_FIELDS, "margins")
    fonts = read_fields(layout_source, ("fonts",), top["fonts"] or {}, FONT_FIELDS, "fonts")
    sizes = read_fields(layout_source, ("sizes",), top["sizes"] or {}, SIZE_FIELDS, "sizes")
    if within is not None and layout_file is not None:
        for style, font in fonts.items():
            check_within(layout_source, ("fonts", style), font, within, font=True)
    _check_room(layout_source, page, margins)
    return Layout(
        name=name, title=top["title"], width=page["width"], height=page["height"],
        margin_top=margins["top"], margin_bottom=margins["bottom"],
        margin_inside=margins["inside"], margin_outside=margins["outside"],
        font_regular=fonts["regular"], font_bold=fonts["bold"], font_italic=fonts["italic"],
        body_size=sizes["body"], heading_size=sizes["heading"], title_size=sizes["title"],
        grids=top["grids"],
        min_scale=top["min_scale"], max_scale=top["max_scale"],
        comfort_scale=top["comfort_scale"] or 0.0, file=layout_file,
        source=layout_source,
    )


def check_within(source: Source, path: KeyPath, name: str, within: Path, font: bool = False) -> None:
    """Refuse a file that `source` names at `path` unless it lies inside the folder `within` (the
    studio's, which reads nothing else), before anything reads it: `~` (someone's home), an
    absolute path, and any path that resolves outside from the folder of the file naming it. A
    font may also be found in bookgen's and the system's font folders, so it must be a file name
    or a path down from them (no `..`), and a copy beside the layout must resolve inside."""
    named = Path(source.file).parent / name
    plain = not (name.startswith("~") or PureWindowsPath(name).anchor or "\0" in name)
    if font:
        plain = plain and ".." not in re.split(r"[\\/]", name)
    try:
        inside = plain and ((font and not named.exists()) or named.resolve().is_relative_to(within))
    except (OSError, ValueError):  # a name too long, or a loop of links
        inside = False
    if not inside:
        raise source.error(path, _("{name} is outside the folder the studio was started in "
                                   "({folder}); the studio reads files only there").format(
                                     name=repr(name), folder=within))


def _rating_filter(source: Source, path: KeyPath, data: dict,
                   puzzle_type: PuzzleType) -> dict[str, tuple[float, float]]:
    """Bounds on rating figures; a figure the type's ratings do not have is named."""
    example = puzzle_type.example(None)
    known = sorted(k for k, v in example.rating.items()
                   if _is_number(v)) if example is not None else []
    bounds = {}
    for key, value in data.items():
        if known and key not in known:
            raise source.error(path + (key,), unknown_key_message(
                str(key), known, _("unknown rating figure of {type}").format(type=puzzle_type.name)))
        if isinstance(value, list) and len(value) == 2 and all(_is_number(v) for v in value):
            bounds[str(key)] = (float(value[0]), float(value[1]))
        elif _is_number(value):
            bounds[str(key)] = (float(value), float(value))
        else:
            raise source.error(path + (key,), _("{value} is not allowed; a rating filter takes a "
                                                "number or [min, max]").format(value=shown(value)))
    return bounds


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _read_section(source: Source, index: int, data: Any, within: Path | None = None,
                  speech: Language = ENGLISH) -> SectionConfig:
    path: KeyPath = ("sections", index)
    option_names: tuple[str, ...] = ()
    puzzle_type: PuzzleType | None = None
    if isinstance(data, dict) and "type" in data:
        name, options = current_spelling(str(data["type"]), data)
        if name != data["type"]:
            data = {**options, "type": name}  # e.g. pyramid with variant sum: a numberwall
        try:
            puzzle_type = find_type(str(data["type"]))  # the one look-up: the section carries it
        except BookgenError as error:
            raise source.error(path + ("type",), error.message) from None
        option_names = tuple(o.name for o in puzzle_type.options)
    fields = ({**SECTION_FIELDS, "difficulty": offered_difficulty(puzzle_type.levels)} if puzzle_type
              else SECTION_FIELDS)
    values = read_fields(source, path, data if puzzle_type else _type_first(data), fields,
                         "a section", extra=option_names)
    assert puzzle_type is not None  # "type" is required, so reading the fields refused its lack
    bank = None
    if values["from"] is not None:
        if within is not None:
            check_within(source, path + ("from",), values["from"], within)
        given = [spec.name for spec in puzzle_type.options
                 if spec.name in data and spec.name not in SECTION_FIELDS]  # `language` is both
        if given:
            raise source.error(path + (given[0],),
                               _("a section that takes puzzles 'from' a bank has no type options; "
                                 "filter with 'difficulty' and 'rating' instead"))
        if values["seed"] is not None:
            raise source.error(path + ("seed",), _("a section that takes puzzles 'from' a bank "
                                                  "makes none, so it has no 'seed'"))
        if values["difficulty"] is not None and values["difficulty"] not in puzzle_type.levels:
            raise source.error(path + ("difficulty",), never_at(puzzle_type, values["difficulty"]))
        bank = BankSource(Path(source.file).parent / values["from"],
                          _rating_filter(source, path + ("rating",), values["rating"] or {}, puzzle_type))
    elif values["count"] is None:
        raise source.error(path, needs("a section", "count", SECTION_FIELDS["count"]))
    elif values["rating"] is not None:
        raise source.error(path + ("rating",), _("'rating' filters puzzles taken 'from' a bank"))
    elif values["difficulty"] is None:
        raise source.error(path, _("a section needs 'difficulty' (one of {levels})").format(
            levels=", ".join(puzzle_type.levels)))
    request = None
    if bank is None:
        raw_options, files = _type_options(source, path, data, puzzle_type, within,
                                           values["language"] or speech.code)
        try:
            request = Request.make(puzzle_type, values["difficulty"], raw_options)
        except BookgenError as error:
            key_path = path + ((error.key,) if error.key in data else ())
            message = _in_file(files[error.key], error.message) if error.key in files else error.message
            raise source.error(key_path, message) from None
    return SectionConfig(
        puzzle_type=puzzle_type,
        count=values["count"],
        level=values["difficulty"],
        title=values["title"] or (speaking_language(values["language"]).with_texts(speech.texts)
                                  if values["language"] else speech).gettext(puzzle_type.title),
        # a section of fewer puzzles prints them all on its page, as large as that many fit
        per_page=(min(values["per_page"], values["count"] or values["per_page"])
                  if values["per_page"] else None),
        request=request,
        line=source.line(path),
        bank=bank,
        order=values["order"],
        language=values["language"],
        rules=values["rules"],
        seed=values["seed"],
    )


# Translators: a section's default title when the book has other sections of its type: the
# type's name and what sets this one apart that the type has no name for ("Hidato (heart)",
# "Number Pyramids (Rows: 6)")
TITLE_APART = N_("{title} ({details})")
# Translators: an option and its value inside a section's title: "Number Pyramids (Rows: 5)"
OPTION_VALUE = N_("{option}: {value}")
SHAPE_WORDS = {"square": N_("square"), "diamond": N_("diamond"), "circle": N_("circle"),
               "cross": N_("cross"), "hexagon": N_("hexagon"), "heart": N_("heart"),
               "ring": N_("ring"), "star": N_("star")}
"""The built-in shapes' names (bookgen.core.masks, and the word search's star) as a title says them."""


def told_apart(read: tuple[SectionConfig, ...], defaulted: Sequence[bool],
               speech: Language) -> tuple[SectionConfig, ...]:
    """The sections, those whose title is their type's name (`defaulted`) renamed by what sets
    them apart from the book's other sections of their type: each option some of them set that
    not all of them share, where a section's value is not the option's default, by the name the
    type gives it (`Option.titles`: "Killer Sudoku", "Sudoku 6 × 6") or in brackets after the
    type's name ("Hidato (heart)"), so that contents, openers and running heads tell them
    apart; a level is said beside the title already. A section alone of its type takes the
    names of its own only: a killer section is "Killer Sudoku" (its rules speak of cages, and
    a buyer looks for the name), but a lone heart-shaped hidato is "Hidato"."""
    named = list(read)
    for index, section in enumerate(read):
        kin = [other for other in read if other.puzzle_type is section.puzzle_type]
        if not defaulted[index] or section.request is None:
            continue
        requests = [other.request for other in kin if other.request is not None]
        spoken = (speaking_language(section.language).with_texts(speech.texts)
                  if section.language else speech)
        with speaking(spoken):
            title, details, menu_words = section.title, [], []
            for option in section.puzzle_type.options:
                if len(kin) < 2:
                    apart = bool(option.titles)
                else:
                    apart = (any(option.name in r.options for r in requests)
                             and len({repr(r.settings[option.name]) for r in requests}) > 1)
                if not apart or not (detail := _detail(option, section.request)):
                    continue
                name = option.titles.get(str(section.request.settings[option.name]))
                if name and title == section.title:  # "Killer Sudoku": a name of its own
                    title = _(name)
                else:
                    details.append(detail)
                    if option.kind == "choice":
                        menu_words.append(detail)
            if details == menu_words and len(details) == 1 and title.casefold() in details[0].casefold():
                title = details[0]  # "Chaos-Sudoku", a menu word that is a name itself (not
                #                     "Words per crossword: 12", an option's label that holds it)
            elif details:
                title = _(TITLE_APART).format(title=title, details=", ".join(details))
            named[index] = replace(section, title=title)
    return tuple(named)


def _detail(option: Option, request: Request) -> str:
    """How a title names the section's value of `option` (in the current language), or "" for a
    default, a list of words, or a value no title can carry (a drawn mask)."""
    value = request.settings[option.name]
    earlier = {name: v for name, v in request.settings.items() if name != option.name}
    if value is None or value == option.default_for(request.level, earlier):
        return ""
    if option.kind == "choice":  # a menu's word, without what it explains in brackets
        return option.word(value).split(" (")[0]
    if option.kind == "size":
        return f"{value[0]} \u00d7 {value[1]}"
    if option.kind == "int" and option.name == "size" and not option.label:  # a grid's side
        return f"{value} \u00d7 {value}"
    if option.kind == "text":
        return _(SHAPE_WORDS[value]) if value in SHAPE_WORDS else ""
    if option.kind == "bool":
        return (_(option.in_title) if option.in_title else option.title()) if value else ""
    if option.kind in ("int", "float", "range"):
        shown_value = f"{value[0]}\u2013{value[1]}" if option.kind == "range" else option.format(value)
        if option.in_title:
            return _(option.in_title).format(value=shown_value)
        return _(OPTION_VALUE).format(option=option.title(), value=shown_value)
    return ""


def _type_options(source: Source, path: KeyPath, data: dict[str, Any], puzzle_type: PuzzleType,
                  within: Path | None, language: str) -> tuple[dict[str, Any], dict[str, Path]]:
    """The raw options a section sets, with what only its config knows: a `words` option named
    as a file (`WORDS_FILE`) read from beside the config, one word a line ('#' starts a comment;
    a bad word is named at its line), a `clues` option named as a file (`CLUES_FILE`) read the same
    way, one WORD: clue a line, or from a .csv of two columns, word and clue, and a type's
    `language` option, when the section leaves it unset, set to the section's language
    (`in_language`: the language a puzzle's letters come from travels in its request, and its
    id, whatever language its worker speaks). With them, the
    file each option was read from, which its messages name (an empty one, a picture too small)."""
    raw = {spec.name: data[spec.name] for spec in puzzle_type.options if spec.name in data}
    files: dict[str, Path] = {}
    for spec in puzzle_type.options:
        value = raw.get(spec.name)
        if spec.kind == "words" and isinstance(value, str) and WORDS_FILE.search(value):
            if within is not None:
                check_within(source, path + (spec.name,), value, within)
            file = files[spec.name] = Path(source.file).parent / value
            try:
                text = read_text(file, limits.CONFIG_BYTES, key=spec.name)
            except BookgenError as error:
                message = _with_near_file(error.message, file, value)
                if error.message == "no such file" and re.search(r"[\s,|]", value):
                    message += (f" (one string with a dot or a slash names a file; give the "
                                f"{spec.name} themselves as a YAML list, one '- ...' a line)")
                raise source.error(path + (spec.name,), _in_file(file, message)) from None
            raw[spec.name] = _at_key(source, path + (spec.name,), words_of, text, file, spec)
        elif spec.kind == "clues" and isinstance(value, str) and _names_file(value, Path(source.file).parent):
            if within is not None:
                check_within(source, path + (spec.name,), value, within)
            file = files[spec.name] = Path(source.file).parent / value.strip()
            raw[spec.name] = _clues_file(source, path + (spec.name,), file, value.strip(), spec)
        elif spec.picture and isinstance(value, str) and PICTURE_FILE.search(value):
            if within is not None:
                check_within(source, path + (spec.name,), value, within)
            file = files[spec.name] = Path(source.file).parent / value
            try:
                raw[spec.name] = read_picture(file, spec, _section_size(puzzle_type.options, raw))
            except BookgenError as error:
                raise source.error(path + (spec.name,), _in_file(
                    file, _with_near_file(error.message, file, value))) from None
    return in_language(puzzle_type, raw, language), files


def in_language(puzzle_type: PuzzleType, raw: dict[str, Any], language: str) -> dict[str, Any]:
    """The raw options with the type's `language` option, where they leave it unset, set to the
    `language` it is printed in (a book's section, a worksheet): the words, clues and quotations
    of a Dutch section are Dutch."""
    if raw.get("language") is None and any(spec.name == "language" and spec.kind == "choice"
                                           for spec in puzzle_type.options):
        return {**raw, "language": language}
    return raw


FILE_LIKE = re.compile(r"^[^\s:]+\.[^\W\d_]{1,5}$")
"""A clues value that names a file with a misspelt extension (woerter.text): one word, no pair's
colon, a dot and a few letters after it (what `CLUES_FILE` takes is named right)."""
MOST_FILES_LOOKED_AT = 2000
"""The most names of a folder read to find the file a missing one is a slip of."""


def _names_file(value: str, folder: Path) -> bool:
    """Whether a `clues` option's one string names a file: `CLUES_FILE`, or a word with a file's
    ending, or a word that is the stem of a file beside the config (woerter for woerter.txt),
    where it would otherwise be read as a pair without its colon."""
    text = value.strip()
    if CLUES_FILE.match(text):
        return True
    if "\n" in text or ":" in text:
        return False
    return bool(FILE_LIKE.match(text)) or any(
        Path(name).stem.casefold() == text.casefold() for name in _names_in(folder))


def _names_in(folder: Path) -> list[str]:
    try:
        return sorted(entry.name for entry, _n in zip(folder.iterdir(), range(MOST_FILES_LOOKED_AT))
                      if entry.is_file())
    except OSError:
        return []


def _with_near_file(message: str, file: Path, written: str) -> str:
    """`message` ("no such file") with the file beside it that `written` is a slip of: the same
    name in other capitals, the same stem with another ending (woerter.text for woerter.txt),
    or a near spelling; other messages as they are."""
    if message != _("no such file"):
        return message
    names = [name for name in _names_in(file.parent) if name != file.name]
    wanted = file.name.casefold()
    near = (next((name for name in names if name.casefold() == wanted), None)
            or next((name for name in names if Path(name).stem.casefold() == file.stem.casefold()
                     or Path(name).stem.casefold() == wanted), None)
            or nearest(file.name, names))
    if near is None:
        return message
    return _("no such file; did you mean {near}?").format(near=str(Path(written).with_name(near)))


def _in_file(file: Path, message: str) -> str:
    """A message about a file a section names, the file's name first: the config's line names
    only the key."""
    return f"{str(file)!r}: {message}"


def _clues_file(source: Source, path: KeyPath, file: Path, written: str, spec: Option) -> list[Any]:
    """A clues file's pairs (`clues_of`), its trouble said at the config's line of the key."""
    try:
        text = read_text(file, limits.CONFIG_BYTES, key=spec.name)
    except BookgenError as error:
        message = _with_near_file(error.message, file, written)
        raise source.error(path, _in_file(file, message)) from None
    return _at_key(source, path, clues_of, text, file, spec)


def _at_key(source: Source, path: KeyPath, read: Callable[[str, Path, Option], list[Any]], text: str,
            file: Path, spec: Option) -> list[Any]:
    """A words or clues file read by `read`, its bad lines (each named at its line of the file)
    placed at the config's key that names it: said in the config's order among its other
    problems, and the section read on without it for theirs."""
    try:
        return read(text, file, spec)
    except BookgenError as error:
        raise Refusals([error], line=source.line(path), key=dotted(path)) from None


def _section_size(specs: Sequence[Option], raw: dict[str, Any]) -> tuple[int, int] | None:
    """The size a section sets, parsed, or None where it sets none or one that is wrong (which
    the options' own check then names)."""
    for spec in specs:
        if spec.name == "size" and spec.kind == "size" and "size" in raw:
            try:
                return spec.parse(raw["size"])  # type: ignore[no-any-return]
            except BookgenError:
                return None
    return None


def crowded_requests(sections: Sequence[SectionConfig],
                     excluded: Callable[[Request], int] = lambda request: 0,
                     used_answers: Collection[str] = (), versions: int = 1,
                     ) -> Iterator[tuple[int, str]]:
    """(index of its last section, why) for each request whose sections, counted together, ask
    for more different puzzles than exist once `excluded(request)` are taken out, and for
    requests that ask for more different answers than exist once `used_answers` are taken out
    (a book never repeats either, in any of its `versions`, but for the shares of a teacher's
    list that each version takes: `shared_by_versions`): what the loader refuses before any
    work, and the book again with its exclude banks read."""
    asked: dict[str, list[int]] = {}
    for index, section in enumerate(sections):
        if section.request is not None:
            asked.setdefault(section.request.id(""), []).append(index)
    counted = []
    for indexes in asked.values():
        request = sections[indexes[0]].request
        assert request is not None
        counted.append((request, sum(sections[i].made for i in indexes)
                        * (1 if shared_by_versions(request) else versions)))
        problem = too_few_exist(request, counted[-1][1], excluded(request))
        if problem:
            yield indexes[-1], problem
    short = too_few_answers(counted, used_answers)
    if short:
        groups = list(asked.values())
        yield max(groups[i][-1] for i in short[0]), short[1]


def load_config(path: str | Path, seed: str | None = None, language: str | None = None) -> BookConfig:
    """Read and check a book config; '-' reads it from standard input (a book called 'book', its
    relative paths from the current folder). `seed` overrides the config's seed, `language` its
    language (a code of `bookgen.i18n.languages()`)."""
    if str(path) == "-":
        return _every_problem_raised(parse_yaml(read_text("-", limits.CONFIG_BYTES), "stdin"), "book",
                                     seed, language)
    return replace(_every_problem_raised(load_yaml(path), Path(path).stem, seed, language), path=Path(path))


def _every_problem_raised(source: Source, name: str, seed: str | None, language: str | None) -> BookConfig:
    """The book, or every problem of its config at once (`config_problems`, in the file's order):
    a user mends them all before the next build, not one a build. A single problem is raised as
    the loader raised it."""
    try:
        return _book_config(source, name, seed, language=language)
    except BookgenError:
        found = _source_problems(source, name, None, language)
        if len(found) < 2:
            raise
        raise Refusals(sorted(found, key=lambda problem: problem.line or 0)) from None


def read_config_text(text: str, file: Path, within: Path | None = None) -> BookConfig:
    """The book a YAML text describes, read as `load_config(file)` would read it from `file`
    (relative paths from its folder, its name from its stem, every check and message the same)
    without the file having to exist: for front ends such as the studio. With `within` (a
    resolved folder), every file the config names, and every font its layout file names, must
    lie inside it (check_within)."""
    return _book_config(parse_yaml(text, str(file)), file.stem, None, within)


def config_problems(text: str, file: Path, within: Path | None = None) -> list[BookgenError]:
    """Every problem `read_config_text` would find, each with its key, where reading stops at the
    first: for the studio, which shows each beside its field, and `load_config`, which raises
    them all. Each key of the book is read
    alone (a missing required key is named as that key), and each section by the loader until
    it reads: a key it refuses is set aside and the section read again, unless the section
    cannot be read without it (`_section_problems`). What spans keys (the book's total, crowded
    requests) is checked once every key reads. A key missing where an unknown key is its near
    miss is not said again ('dificulty' is said once), and a section reads on with it spelt
    right. Empty when the config reads."""
    try:
        source = parse_yaml(text, str(file))
    except BookgenError as error:
        return [error]
    return _source_problems(source, file.stem, within)


def _source_problems(source: Source, name: str, within: Path | None,
                     language: str | None = None) -> list[BookgenError]:
    data = source.data
    if not isinstance(data, dict):
        return _problems(read_fields, source, (), data, BOOK_FIELDS, "the book")
    strayed = _strayed(source)
    found = _problems(_check_strays, source)
    for key in data:
        if key not in BOOK_FIELDS and key not in strayed:
            found += _problems(read_fields, source, (), {key: data[key]}, BOOK_FIELDS, "the book")
    values: dict[str, Any] = {}
    misspelt = _misspelt(data, BOOK_FIELDS)
    for key, spec in BOOK_FIELDS.items():
        if key in misspelt:
            continue  # "did you mean" said it: "the book needs it" would say it again
        given = {key: data[key]} if key in data else {}
        try:
            values.update(read_fields(source, (), given, {key: spec}, "the book"))
        except BookgenError as error:
            found.append(error if error.key else BookgenError(
                error.message, file=error.file, line=error.line, key=key))
    if "layout" in values:
        found += _problems(load_layout, values["layout"], source, ("layout",), within)
    if within is not None:
        for bank in values.get("exclude") or ():
            found += _problems(check_within, source, ("exclude",), bank, within)
    texts = values.get("texts") or {}
    refused_texts = _problems(_texts, source, texts)
    found += refused_texts
    speech = speaking_language(language or values.get("language", "en")).with_texts(
        {} if refused_texts else texts)
    if "sections" in values:
        found += _problems(_check_some, source, values["sections"])
    for index, section in enumerate(values.get("sections") or ()):
        if strayed and index == len(values["sections"]) - 1:
            break  # its keys are the strays: indented, they are read with it
        found += _section_problems(source, index, section, within, speech)
    if found:
        return found
    return _problems(_book_config, source, name, None, within, language)


def _misspelt(data: dict[Any, Any], known: Collection[str]) -> set[str]:
    """The known keys the mapping lacks that one of its unknown keys is a near miss of:
    'dificulty' means 'difficulty'."""
    absent = [name for name in known if name not in data]
    return {close for key in data if key not in known
            if (close := nearest(str(key), absent)) is not None}


def _problems(check: Callable[..., object], *args: Any) -> list[BookgenError]:
    """The loader's error of one check, as a list (empty when it passes)."""
    try:
        check(*args)
    except BookgenError as error:
        return [error]
    return []


_NEEDED = ("type", "count", "difficulty", "from")  # keys a section is not read without: not set
# aside, as they would make errors of their own (a section without its bank needs a difficulty)
_COUNT_STAND_IN = 1  # a refused count is read as this, so that the rest of its section is read


def _section_problems(source: Source, index: int, data: Any, within: Path | None,
                      speech: Language) -> list[BookgenError]:
    """Each problem of one section, in the order of its keys: the loader's, then again without
    the key it refused. A needed key's near miss ('cont: 4') is read as the key it misses
    ('count: 4'), a problem of its value said at the key as written; a refused count is read as
    `_COUNT_STAND_IN`; a refused type, difficulty or bank ends the section's problems."""
    if not isinstance(data, dict):
        return _problems(_read_section, source, index, data, within, speech)
    path: KeyPath = ("sections", index)
    written, data = list(data), dict(data)
    spelt: dict[str, str] = {}  # a needed key read under the name of its near miss: that name
    found: list[BookgenError] = []
    stood_in = False
    while True:
        try:
            _read_section(source, index, data, within, speech)
            break
        except BookgenError as error:
            found.append(_as_written(source, path, error, spelt))
            refused = [key for key in data if _names(dotted(path + (key,)), error.key)]
            if not refused:
                break
            key = refused[0]
            near = nearest(str(key), _section_keys(data))
            if near is not None and key not in _section_keys(data) and near in _absent_needed(data):
                data = {near if name == key else name: value for name, value in data.items()}
                spelt[near] = key
            elif key == "count" and not stood_in:
                data["count"], stood_in = _COUNT_STAND_IN, True
            elif key in _NEEDED or nearest(str(key), _absent_needed(data)):
                if key == "difficulty" and "from" not in data:
                    found += _levelless_problems(source, path, data, within, speech)
                break
            else:
                del data[key]
    where = [dotted(path + (key,)) for key in written]
    return sorted(found, key=lambda problem: next(
        (place for place, key in enumerate(where) if _names(key, problem.key)), -1))


def _levelless_problems(source: Source, path: KeyPath, data: dict[Any, Any], within: Path | None,
                        speech: Language) -> list[BookgenError]:
    """The problems of a section's options that no level changes (a kakuro's size 99), each
    option checked alone, where its difficulty is refused: said with it, not a build later.
    What a type checks of the whole request (words its grid cannot take) waits for a level."""
    try:
        name, options = current_spelling(str(data["type"]), data)
        puzzle_type = find_type(name)
        raw, files = _type_options(source, path, {**options, "type": name}, puzzle_type, within,
                                   speech.code)
    except BookgenError as error:  # a file it names that cannot be read, or its bad lines
        return [error]
    found = []
    for spec in puzzle_type.options:
        if spec.name in raw and spec.name in data:
            try:
                spec.parse(raw[spec.name])
            except BookgenError as error:
                message = _in_file(files[spec.name], error.message) if spec.name in files else error.message
                found.append(source.error(path + (spec.name,), message))
    return found


def _type_first(data: Any) -> Any:
    """A section without a 'type' with its near miss of 'type' first, to be said first: the keys
    before it may be options of the type it names ('size' before 'typ: sudoku')."""
    if not isinstance(data, dict) or "type" in data:
        return data
    near = [key for key in data if key not in SECTION_FIELDS
            and nearest(str(key), list(SECTION_FIELDS)) == "type"]
    return {**{key: data[key] for key in near[:1]}, **data}


def _section_keys(data: dict[Any, Any]) -> list[str]:
    """The keys `_read_section` allows in the section: the fields of every section and the
    options of its type (none of a type it lacks or names wrong)."""
    if "type" not in data:
        return list(SECTION_FIELDS)
    try:
        puzzle_type = find_type(current_spelling(str(data["type"]), data)[0])
    except BookgenError:
        return list(SECTION_FIELDS)
    return list(SECTION_FIELDS) + [option.name for option in puzzle_type.options]


def _as_written(source: Source, path: KeyPath, error: BookgenError,
                spelt: dict[str, str]) -> BookgenError:
    """The error at the key as the section spells it: a problem of a needed key read under its
    near miss's name ('cont: 0') is said at that key and its line."""
    for right, key in spelt.items():
        if _names(dotted(path + (right,)), error.key):
            return source.error(path + (key,), error.message)
    return error


def _absent_needed(data: Any) -> list[str]:
    """The keys a section is not read without (`_NEEDED`) that it lacks: a refused key that is a
    near miss of one is read as it, or, where the loader's "did you mean" names another key, ends
    the section's problems, as the needed key would."""
    return [key for key in _NEEDED if not isinstance(data, dict) or key not in data]


def _names(key: str, error_key: str | None) -> bool:
    """Whether an error's key is `key` or a key inside it ('sections[0].rating.score')."""
    return error_key is not None and (error_key == key or error_key.startswith((key + ".", key + "[")))


def _strayed(source: Source) -> list[str]:
    """The book's keys after its last section that only a section takes: 'count: 5' written
    under '- type: sudoku' without its indent (YAML reads it as the book's, which has no count)."""
    data = source.data
    sections = data.get("sections") if isinstance(data, dict) else None
    if not isinstance(sections, list) or not sections:
        return []
    from bookgen.puzzles import PUZZLE_TYPES

    last = source.line(("sections", len(sections) - 1)) or 0
    section_keys = set(SECTION_FIELDS) | {option.name for type_ in PUZZLE_TYPES for option in type_.options}
    return [key for key in data if key not in BOOK_FIELDS and key in section_keys
            and (source.line((key,)) or 0) > last]


def _check_strays(source: Source) -> None:
    strayed = _strayed(source)
    if not strayed:
        return
    from bookgen.i18n.conjunctions import joined

    section = source.data["sections"][-1]
    first = next(iter(section), "type") if isinstance(section, dict) else "type"
    raise source.error((strayed[0],), ngettext(
        "{keys} looks like it belongs to the section above; indent it to line up with {first}",
        "{keys} look like they belong to the section above; indent them to line up with {first}",
        len(strayed)).format(keys=joined([f"'{key}'" for key in strayed], "and"), first=f"'{first}:'"))


def _book_config(source: Source, name: str, seed: str | None,
                 within: Path | None = None, language: str | None = None) -> BookConfig:
    _check_strays(source)
    values = read_fields(source, (), source.data, BOOK_FIELDS, "the book")
    if language is not None:
        values["language"] = language
    if within is not None:
        for bank in values["exclude"] or ():
            check_within(source, ("exclude",), bank, within)
    sections = values["sections"]
    _check_some(source, sections)
    texts = _texts(source, values["texts"] or {})
    speech = speaking_language(values["language"]).with_texts(texts)
    read = tuple(_read_section(source, i, data, within, speech) for i, data in enumerate(sections))
    read = told_apart(read, [isinstance(data, dict) and data.get("title") is None for data in sections],
                      speech)
    versions = values["versions"]
    total = sum(section.count or 0 for section in read) * versions  # a bank's every puzzle: at load
    if total > limits.BOOK_PUZZLES:
        asked = (_("the sections ask for {total} puzzles ({versions} versions); a book holds at "
                   "most {most} (see docs/limits.md)") if versions > 1 else
                 _("the sections ask for {total} puzzles; a book holds at most {most} (see "
                   "docs/limits.md)"))
        raise source.error(("sections",), asked.format(
            total=current().number(total), versions=versions, most=current().number(limits.BOOK_PUZZLES)))
    for index, problem in crowded_requests(read, versions=versions):
        raise source.error(("sections", index, "count"), problem)
    if values["untranslated"] == "refuse":
        for index, puzzle_type, code in untranslated(read, values["language"]):
            key = "language" if read[index].language else "type"
            raise source.error(("sections", index, key), untranslated_message(
                puzzle_type, code, _("or set {setting} to build it with the type's words in "
                                     "English").format(setting="'untranslated: warn'")))
    return BookConfig(
        name=name,
        file=source.file,
        title=values["title"],
        subtitle=values["subtitle"],
        author=values["author"],
        layout=load_layout(values["layout"], source, within=within),
        seed=check_seed(seed) if seed is not None else values["seed"],
        seed_given=seed is not None or "seed" in source.data,
        answers=values["answers"],
        title_page=values["title_page"],
        sections=read,
        profile=values["profile"],
        bleed=values["bleed"],
        large_print=values["large_print"],
        copyright=values["copyright"],
        isbn=values["isbn"],
        contents=values["contents"],
        formats=values["formats"],
        exclude=tuple(Path(source.file).parent / name for name in values["exclude"] or ()),
        share_pages=values["share_pages"],
        repeat_rules=values["repeat_rules"],
        paper=values["paper"],
        spine_mm=values["spine"],
        back_text=values["back_text"],
        cover_color=values["cover_color"],
        language=values["language"],
        texts=texts,
        name_line=values["name_line"] or (),
        versions=values["versions"],
        difficulty_line=values["difficulty_line"],
        untranslated=values["untranslated"],
    )


def untranslated(sections: Sequence[SectionConfig], language: str) -> Iterator[tuple[int, PuzzleType, str]]:
    """(index, type, language) for each section whose type has no catalog of the language it is
    printed in (its own `language`, else the book's `language`): its words would print in English."""
    for index, section in enumerate(sections):
        code = section.language or language
        if code not in type_languages(section.puzzle_type):
            yield index, section.puzzle_type, code


def untranslated_message(puzzle_type: PuzzleType, code: str, allow: str) -> str:
    """Why a section of `puzzle_type` in the language `code` is refused, and what to do; `allow`
    says how to build it anyway (in the current language, as the message is)."""
    name = _language_spoken(code)
    return _("the puzzle type {type} has no texts in {language} ({code}), only in {codes}: its rules "
             "and words would print in English. Print it in one of those, add {code} to the type's "
             "catalogs (docs/types/adding.md), {allow}").format(
                 type=puzzle_type.name, language=name, code=code,
                 codes=", ".join(type_languages(puzzle_type)), allow=allow)


def untranslated_warnings(config: BookConfig) -> list[str]:
    """One warning for each type a book with `untranslated: warn` prints in a language the type
    lacks, naming those languages."""
    lacking: dict[str, list[str]] = {}
    for _index, puzzle_type, code in untranslated(config.sections, config.language):
        codes = lacking.setdefault(puzzle_type.name, [])
        if code not in codes:
            codes.append(code)
    return [_("the puzzle type {type} has no texts in {codes}: its rules and words print in English "
              "there ({setting})").format(type=name, codes=", ".join(codes), setting="untranslated: warn")
            for name, codes in lacking.items()]


def default_seed(config: BookConfig, command_line: bool = False) -> list[str]:
    """A note when the config names no seed: every config without one makes its puzzles from the
    same default, so a copy of volume 1's config made volume 2 of the same puzzles, saying nothing;
    on the `command_line` (`bookgen worksheet`), every run without --seed made last week's sheet."""
    if config.seed_given:
        return []
    if command_line:
        return [_("no seed given: using seed {seed}, as every worksheet without --seed does; give "
                  "--seed another number or word for a new set of puzzles").format(seed=config.seed)]
    return [_("no seed given: using seed {seed}, as every config without one does; set 'seed:' to "
              "another number or word for a new set of puzzles").format(seed=config.seed)]


def words_left_out(config: BookConfig, command_line: bool = False) -> list[str]:
    """A note for each section of one puzzle that leaves some of the user's own words or clues
    out: its puzzle takes `word_count` of them, the level's number unless set (a teacher's ten
    spelling words came out as a sheet of eight, saying nothing of the other two). Its advice is
    the config's key, or on the `command_line` (`bookgen worksheet`) the --set that takes them."""
    notes = []
    for section in config.sections:
        request = section.request
        if request is None or section.count != 1 or request.options.get("word_count") is not None:
            continue
        given = request.settings.get("words") or request.settings.get("clues") or ()
        taken = request.settings.get("word_count")
        if isinstance(taken, int) and taken < len(given):
            most = next((int(spec.high) for spec in request.type.options
                         if spec.name == "word_count" and spec.high is not None), len(given))
            left = len(given) - taken
            said = (ngettext(
                "the puzzle takes {taken} of the {given} words given, leaving {left} out; add --set "
                "word_count={all} to take them all",
                "the puzzle takes {taken} of the {given} words given, leaving {left} out; add --set "
                "word_count={all} to take them all", left) if command_line else ngettext(
                "the puzzle of {section} takes {taken} of the {given} words given, leaving {left} "
                "out; set word_count: {all} to take them all",
                "the puzzle of {section} takes {taken} of the {given} words given, leaving {left} "
                "out; set word_count: {all} to take them all", left))
            notes.append(said.format(section=section.named, taken=taken, given=len(given), left=left,
                                     all=min(len(given), most)))
    return notes


def words_dealt_again(config: BookConfig, command_line: bool = False) -> list[str]:
    """A note for each list of the user's own words or clues, and each built-in crossword
    theme, whose puzzles take more words than it holds, so that a book prints its words again
    (`PuzzleType.deal` deals them as evenly as they go): a publisher's 30 crosswords of 40 clues
    printed one in 13 of them with no word of warning, and 24 crosswords of the 32 built-in
    animals printed ZEBRA in 9. The sections that deal the same list are counted together, as
    the book deals them; a section whose puzzles each take the whole list (a word search's
    class list) says nothing. On the `command_line` (`bookgen worksheet`), the sheet's one
    section goes unnamed."""
    from bookgen.puzzles.crossword.generator import built_in_bank

    dealt: dict[tuple[str, str | None, tuple[str, ...]], list[tuple[int, SectionConfig, int, int]]] = {}
    for number, section in enumerate(config.sections, 1):
        request = section.request
        if request is None or request.type.deal is None or section.count is None \
                or request.type.answer_parts is not None:  # a scramble never prints a word twice
            continue
        given = request.settings.get("words") or [word for word, _clue in request.settings.get("clues") or ()]
        taken = request.settings.get("word_count")
        theme, bank = (None, ()) if request.type.name != "crossword" else built_in_bank(request) or (None, ())
        if bank and not given:  # a crossword's built-in theme, dealt as a user's list is
            given = list(bank)
        if given and isinstance(taken, int):
            key = (request.type.name, theme, tuple(sorted(str(word).upper() for word in given)))
            dealt.setdefault(key, []).append((number, section, section.count, min(taken, len(given))))
    notes = []
    for (_name, theme, given), sections in dealt.items():
        total = sum(count * taken for _number, _section, count, taken in sections)
        if total <= len(given) or all(taken == len(given) for _number, _section, _count, taken in sections):
            continue
        if theme is not None:
            said = (_("the {puzzles} crosswords take {total} words from the {given} of the "
                      "built-in theme {theme}, so words and clues come again; give theme: all "
                      "for a theme a crossword, or your own clues:") if command_line else
                    _("{sections}: {puzzles} crosswords take {total} words from the {given} of the "
                      "built-in theme {theme}, so words and clues come again; give theme: all "
                      "for a theme a crossword, or your own clues:"))
        else:
            said = (_("the {puzzles} puzzles take {total} words from the {given} given, so words "
                      "come again; give {total} words for none to come twice") if command_line else
                    _("{sections}: {puzzles} puzzles take {total} words from the {given} given, so "
                      "words come again; give {total} words for none to come twice"))
        named = _sections_named([(number, section) for number, section, _count, _taken in sections])
        notes.append(said.format(sections=named,
                                 puzzles=sum(count for _number, _section, count, _taken in sections),
                                 total=total, given=len(given), theme=repr(theme)))
    return notes


def _sections_named(sections: list[tuple[int, SectionConfig]]) -> str:
    """A section as a refusal names it (`SectionConfig.named`), or several by their numbers in
    the book, 1 the first, with their titles: a book's two sections of crosswords may both be
    called 'Crossword'."""
    if len(sections) == 1:
        return sections[0][1].named
    titles = dict.fromkeys(repr(section.title) for _number, section in sections)
    return _("sections {numbers} ({titles})").format(
        numbers=", ".join(str(number) for number, _section in sections), titles=", ".join(titles))


def _language_spoken(code: str) -> str:
    """A language's name in the language spoken ("English", "Englisch")."""
    from babel import Locale

    return Locale.parse(code).get_display_name(current().code) or code


def marks_dropped(config: BookConfig, command_line: bool = False) -> list[str]:
    """A note for each section whose own words lose a letter another language's grids keep (Ä,
    Ö, Ü in German, Ñ in Spanish): a German teacher's KÄSE in a word search of a book left in
    English printed KASE, saying nothing. It names the language that keeps them: the config's
    `language:`, or on the `command_line` (`bookgen worksheet`) its -L. A letter the section's
    own language writes says nothing of that: a Spanish teacher's PINGÜINO is a Spanish word, its
    Ü dropped as Spanish grids drop it (a word search's list still prints PINGÜINO), and German
    would be the wrong advice, so such a word gets no note."""
    from bookgen.core.letters import KEPT_MARKS, WRITTEN_MARKS, grid_form

    notes = []
    for section in config.sections:
        request = section.request
        if request is None or not isinstance(request.settings.get("language"), str):
            continue
        language = request.settings["language"]
        given = request.settings.get("words") or [word for word, _clue in request.settings.get("clues") or ()]
        for code, marks in KEPT_MARKS.items():
            foreign = set(marks) - set(WRITTEN_MARKS.get(language, ""))
            dropped = [word for word in given if set(word.upper()) & foreign]
            if code == language or not dropped:
                continue
            shown = dropped[:3]
            said = (ngettext("{words} prints as {written} in {language} grids; -L {code} keeps {letters}",
                             "{words} print as {written} in {language} grids; -L {code} keeps {letters}",
                             len(shown))
                    if command_line else
                    ngettext("{section}: {words} prints as {written} in {language} grids; 'language: "
                             "{code}' keeps {letters}",
                             "{section}: {words} print as {written} in {language} grids; 'language: "
                             "{code}' keeps {letters}", len(shown)))
            notes.append(said.format(
                section=section.named, words=", ".join(word.upper() for word in shown),
                written=", ".join(grid_form(word, language) for word in shown),
                language=_language_spoken(language), code=code, letters=", ".join(marks)))
    return notes


def _check_some(source: Source, sections: list[Any]) -> None:
    if not sections:
        raise source.error(("sections",), _("a book needs at least one section"))


def _texts(source: Source, texts: dict[str, str]) -> dict[str, str]:
    """The book's `texts:`, each key a text some catalog has (as bookgen prints it in English). The
    catalogs of every language are read only for a book that has `texts:` (0.2 s at every load)."""
    if not texts:
        return texts
    known = known_texts()
    for key in texts:
        if key not in known:
            close = nearest(key, sorted(known))
            unknown = (_("bookgen prints no text {key}; did you mean {close}? ('bookgen texts' lists "
                         "the texts a book may replace)") if close else
                       _("bookgen prints no text {key} ('bookgen texts' lists the texts a book may "
                         "replace)"))
            raise source.error(("texts", key), unknown.format(key=repr(key), close=repr(close)))
        wanted = _placeholders(key)
        for form in str(texts[key]).split("|"):  # a counted text's forms, "one|many"
            found = _placeholders(form)
            if wanted and (found is None or not found <= wanted):  # without, printed as it is
                names = ", ".join("{" + name + "}" for name in sorted(wanted))
                raise source.error(("texts", key), _(
                    "{text} is not a text bookgen can fill in: the placeholders it may use are "
                    "{names} (write a brace itself as {open} or {close})").format(
                        text=repr(form), names=names, open="{{", close="}}"))
            problem = _markup_problem(form) if _MARKUP.search(key) else None
            if problem:
                raise source.error(("texts", key), _(
                    "{text} is not markup bookgen can print: {problem} (its tags are {tags}, each "
                    "closed, and <br/>; write &lt; for a < itself)").format(
                        text=repr(form), problem=problem, tags=", ".join(f"<{t}>" for t in MARKUP_TAGS)))
    return texts


MARKUP_TAGS = ("b", "i", "u", "strike", "sub", "super")
"""The tags a replaced text may use where bookgen's own text is markup (the back cover's count
line, "<b>{count} puzzles</b> ..."), each opened and closed, besides <br/>; none reads a file
or names a font, as <img> and <font> would."""
_MARKUP = re.compile(r"<[A-Za-z/]")  # bookgen's own text is markup: its replacement is read so
_MARKUP_TOKEN = re.compile(r"<[^<>]*>|<|&#[xX]?[0-9A-Fa-f]+;")
_MARKUP_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)\s*(/?)>")


def _markup_problem(text: str) -> str | None:
    """What stops `text` from reading as the page's markup (reportlab's paragraph markup, which
    fails the build on a tag left open), or None."""
    opened: list[str] = []
    for token in _MARKUP_TOKEN.findall(text):
        if token.startswith("&#"):
            digits = token[2:-1]
            code = int(digits[1:], 16) if digits[0] in "xX" else int(digits)
            if not 0 < code <= 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                return _("{token} is no character").format(token=token)
            continue
        tag = _MARKUP_TAG.fullmatch(token)
        if tag is None:
            return (_("a < starts no tag") if token == "<"
                    else _("{token} is not a tag it prints").format(token=token))
        closing, name, single = tag.group(1), tag.group(2).lower(), tag.group(3)
        if (name, closing, single) == ("br", "", "/"):
            continue
        if name not in MARKUP_TAGS or single:
            return _("{token} is not a tag it prints").format(token=token)
        if not closing:
            opened.append(name)
        elif opened and opened[-1] == name:
            opened.pop()
        else:
            return (_("{tag} is not closed before {token}").format(tag=f"<{opened[-1]}>", token=token)
                    if opened else _("{token} closes no {tag}").format(token=token, tag=f"<{name}>"))
    return _("{tag} is not closed").format(tag=f"<{opened[-1]}>") if opened else None


def _placeholders(text: str) -> set[str] | None:
    """The {names} a text is filled in with (as str.format reads it), or None where it cannot be
    read so (a lone brace, a {0} or {name.attribute})."""
    import string

    try:
        fields = [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]
    except ValueError:
        return None
    if any(not name.isidentifier() for name in fields):
        return None
    return set(fields)
