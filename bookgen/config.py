"""Book configs and page layouts: YAML in, frozen dataclasses out, every error naming file, line, key.

A schema here is a dict of `Field`s; `_read_fields` checks a mapping against it (unknown keys get a
"did you mean"), and the two loaders below add the checks that span fields. Each field's `Reader`
also states, as JSON Schema, what it accepts: `bookgen schema` (bookgen.schema) is made from these
same tables and the types' option specs, for editors; the messages stay this module's.

The built-in layouts and sample configs live at the top of a checkout (layouts/, config/) and in
the installed package (bookgen/layouts/, bookgen/samples/): `shipped` finds them either way.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path, PureWindowsPath
from typing import TYPE_CHECKING, Any

from bookgen import limits
from bookgen.core.grading import LEVELS
from bookgen.core.options import unknown_key_message
from bookgen.errors import BookgenError, shown
from bookgen.inputs import read_text
from bookgen.puzzles import PUZZLE_TYPES, current_spelling, find_type
from bookgen.puzzles.base import PuzzleType, Request, too_few_answers, too_few_exist
from bookgen.yamlsource import KeyPath, Source, load_yaml, parse_yaml

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from 3.11; only for mypy here

ROOT = Path(__file__).resolve().parent.parent  # the checkout, when bookgen runs from one
_SHIPPED = {"layouts": "layouts", "samples": "config"}  # folder in the package: folder in a checkout
SAMPLE = "sampler"  # the sample book `bookgen build` makes when given no config
ANSWER_MODES = ("back", "separate", "none")
PROFILES = ("home", "print-on-demand")
FORMATS = ("pdf", "cover", "html", "jsonl")
PAPERS = ("white", "cream", "color")  # the cover's spine: pages x the paper's thickness
ORDERS = ("rating", "shuffle")  # a section's puzzles: easier to harder, or as they were made


@dataclass(frozen=True)
class Reader:
    """Reads one YAML value: returns it as bookgen uses it, or raises ValueError. `json` is the JSON
    Schema of the values it accepts; `fields`, for a nested mapping, the schema its keys follow."""

    read: Callable[[Any], Any]
    json: Mapping[str, Any]
    fields: Mapping[str, Field] | None = None

    def __call__(self, value: Any) -> Any:
        return self.read(value)


@dataclass(frozen=True)
class Field:
    """One key of a schema: how to read it, whether it must be there, its default."""

    read: Reader
    what: str
    required: bool = False
    default: Any = None


def _plain_text(value: Any) -> str:
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        raise ValueError
    return str(value)


_text = Reader(_plain_text, {"type": ["string", "number"]})


def _line(most: int, breaks: bool = False) -> Reader:
    """Text that prints as a heading or a line: at most `most` characters (a longer title would
    fill pages of its own), with no control characters (they print as boxes or not at all);
    `breaks` allows line breaks and tabs, for the notes pages."""
    def read(value: Any) -> str:
        text = _plain_text(value)
        if len(text) > most:
            raise ValueError
        control = control_character(text, "\n\t" if breaks else "")
        if control:
            raise ValueError(f"it holds the control character {control}, which does not print")
        return text
    return Reader(read, {"type": ["string", "number"], "maxLength": most})


def control_character(text: str, allowed: str = "") -> str | None:
    """The first control character of `text` not in `allowed`, named as U+XXXX, or None."""
    for char in text:
        if char not in allowed and unicodedata.category(char) == "Cc":
            return f"U+{ord(char):04X}"
    return None



def _whole(low: int, high: int) -> Reader:
    def read(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError
        return value
    return Reader(read, {"type": "integer", "minimum": low, "maximum": high})


def _number(low: float, high: float) -> Reader:
    def read(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise ValueError
        return float(value)
    return Reader(read, {"type": "number", "minimum": low, "maximum": high})


def _choice(*choices: str) -> Reader:
    def read(value: Any) -> str:
        if value not in choices:
            raise ValueError
        return value
    return Reader(read, {"enum": list(choices)})


def _read_seed(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, str)) or str(value).strip() == "":
        raise ValueError
    if len(str(value)) > limits.SEED_CHARS or control_character(str(value)):
        raise ValueError
    return str(value)


_seed = Reader(_read_seed, {"type": ["integer", "string"], "pattern": r"\S",
                            "maxLength": limits.SEED_CHARS})
SEED_WHAT = f"a whole number or a word of at most {limits.SEED_CHARS} characters"


def check_title(text: str, key: str = "--title") -> str:
    """A title given on the command line, held to the rules of a config's `title:`."""
    try:
        return _line(limits.TITLE_CHARS).read(text)
    except ValueError as error:
        why = f" ({error})" if str(error) else ""
        raise BookgenError(f"{_brief(text)} is not allowed{why}; a title is text of at most "
                           f"{limits.TITLE_CHARS} characters", key=key) from None


def check_seed(text: str, key: str = "--seed") -> str:
    """A seed given on the command line, held to the rules of a config's `seed:`."""
    try:
        return _read_seed(text)
    except ValueError:
        raise BookgenError(f"{_brief(text)} is not allowed; a seed is {SEED_WHAT}", key=key) from None


def _read_formats(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or any(v not in FORMATS for v in value):
        raise ValueError
    return tuple(dict.fromkeys(value))


_formats = Reader(_read_formats, {"anyOf": [
    {"enum": list(FORMATS)},
    {"type": "array", "items": {"enum": list(FORMATS)}, "minItems": 1, "uniqueItems": True}]})


def _read_paths(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError
    return tuple(value)


_paths = Reader(_read_paths, {"anyOf": [
    {"type": "string", "minLength": 1}, {"type": "array", "items": {"type": "string", "minLength": 1}}]})


def _read_color(value: Any) -> str:
    if not isinstance(value, str) or not re.fullmatch(r"#[0-9A-Fa-f]{6}", value.strip()):
        raise ValueError
    return value.strip().lower()


_color = Reader(_read_color, {"type": "string", "pattern": "^#[0-9A-Fa-f]{6}$"})


def _read_flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError
    return value


_flag = Reader(_read_flag, {"type": "boolean"})


def _read_list(value: Any) -> list:
    if not isinstance(value, list):
        raise ValueError
    return value


_list = Reader(_read_list, {"type": "array"})


def _read_mapping(value: Any) -> dict:
    if not isinstance(value, dict):
        raise ValueError
    return value


def _mapping(fields: Mapping[str, Field] | None = None) -> Reader:
    """A nested mapping, passed through as it is: its keys are read against `fields` later, where
    the loader knows their path for messages."""
    return Reader(_read_mapping, {"type": "object"}, fields)


_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$")
_UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72, None: 1.0}


def length_mm(value: Any) -> float:
    """'8.5in', '210mm', '12pt' or a bare number of millimetres, in millimetres."""
    if isinstance(value, bool):
        raise ValueError
    match = _LENGTH.match(str(value))
    if not match:
        raise ValueError
    return float(match.group(1)) * _UNIT_MM[match.group(2)]


_length = Reader(length_mm, {"type": ["number", "string"], "minimum": 0, "pattern": _LENGTH.pattern})


def _read_fields(source: Source, path: KeyPath, data: Any, schema: dict[str, Field], what: str,
                 extra: tuple[str, ...] = ()) -> dict[str, Any]:
    """Check a mapping against a schema; keys named in `extra` are passed through unread."""
    if not isinstance(data, dict):
        raise source.error(path, f"{what} must be a mapping of keys to values")
    values: dict[str, Any] = {}
    for key in data:
        if key not in schema and key not in extra:
            raise source.error(path + (key,), unknown_key_message(
                str(key), list(schema) + list(extra), f"key in {what}"))
    for key, spec in schema.items():
        if key not in data or data[key] is None:
            if spec.required:
                raise source.error(path + (key,) if key in data else path,
                                   f"{what} needs '{key}' ({spec.what})")
            values[key] = spec.default
            continue
        try:
            values[key] = spec.read(data[key])
        except ValueError as error:
            why = f" ({error})" if str(error) else ""
            raise source.error(path + (key,), f"{_brief(data[key])} is not allowed{why}; '{key}' "
                               f"takes {spec.what}") from None
    return values


# --- layouts --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """A page definition: size, margins, fonts, type sizes and how densely puzzles are placed."""

    name: str
    title: str
    width: float
    height: float
    margin_top: float
    margin_bottom: float
    margin_inside: float
    margin_outside: float
    font_regular: str
    font_bold: str
    font_italic: str
    body_size: float
    heading_size: float
    title_size: float
    grids: tuple[tuple[int, int], ...]
    min_scale: float
    max_scale: float
    file: Path | None = None  # the layout file read, None for a built-in layout
    source: Source | None = field(default=None, compare=False, repr=False)  # for located errors


def _read_grids(value: Any) -> tuple[tuple[int, int], ...]:
    """[[columns, rows], ...] from the densest down to one puzzle a page."""
    if not isinstance(value, list) or not value:
        raise ValueError
    grids = []
    for item in value:
        if (not isinstance(item, list) or len(item) != 2
                or not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 8 for n in item)):
            raise ValueError
        grids.append((item[0], item[1]))
    return tuple(grids)


_SIDE = {"type": "integer", "minimum": 1, "maximum": 8}
_grids = Reader(_read_grids, {"type": "array", "minItems": 1, "items": {
    "type": "array", "items": [_SIDE, _SIDE], "minItems": 2, "maxItems": 2}})


def _read_page_side(value: Any) -> float:
    length = length_mm(value)
    if not limits.PAGE_MM[0] <= length <= limits.PAGE_MM[1]:
        raise ValueError
    return length


_page_side = Reader(_read_page_side, _length.json)
_SIDES = f"from {limits.PAGE_MM[0]:g} mm to {limits.PAGE_MM[1]:g} mm"
_PAGE_SCHEMA = {
    "width": Field(_page_side, f"a length such as 8.5in or 210mm, {_SIDES}", required=True),
    "height": Field(_page_side, f"a length such as 11in or 297mm, {_SIDES}", required=True),
}
_MARGIN_SCHEMA = {side: Field(_length, "a length such as 0.75in or 18mm", required=True)
                  for side in ("top", "bottom", "inside", "outside")}
_FONT_SCHEMA = {style: Field(_text, "a TrueType file name", required=True)
                for style in ("regular", "bold", "italic")}
_SIZE_SCHEMA = {
    "body": Field(_number(6, 24), "a point size from 6 to 24", default=10.5),
    "heading": Field(_number(8, 48), "a point size from 8 to 48", default=18),
    "title": Field(_number(12, 72), "a point size from 12 to 72", default=30),
}
LAYOUT_FIELDS = {
    "title": Field(_text, "a name", required=True),
    "page": Field(_mapping(_PAGE_SCHEMA), "a mapping with width and height"),
    "margins": Field(_mapping(_MARGIN_SCHEMA), "a mapping with top, bottom, inside, outside"),
    "fonts": Field(_mapping(_FONT_SCHEMA), "a mapping with regular, bold, italic font files"),
    "sizes": Field(_mapping(_SIZE_SCHEMA), "a mapping with body, heading and title point sizes"),
    "grids": Field(_grids, "a list of [columns, rows] from densest to sparsest", required=True),
    "min_scale": Field(_number(0.2, 2.0), "a number from 0.2 to 2", default=0.75),
    "max_scale": Field(_number(0.2, 3.0), "a number from 0.2 to 3", default=1.5),
}


def shipped(folder: str) -> Traversable:
    """A folder of files that ship with bookgen, "layouts" or "samples": inside the installed
    package (importlib.resources), or at the top of the checkout bookgen runs from."""
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
            raise source.error(("margins", sides[0]), (
                f"margins.{sides[0]} + margins.{sides[1]} ({_mm(margins[sides[0]])} + "
                f"{_mm(margins[sides[1]])}) leave {'no' if used >= page[across] else 'too little'} "
                f"room in page.{across} ({_mm(page[across])}); puzzles need at least a fifth of it"))


def _brief(value: Any) -> str:
    """A value for a message, cut short when it is long (a 5000-character title)."""
    text = shown(value)
    return text if len(text) <= 60 else text[:50] + f"... ({len(text)} characters)"


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
            raise fail(f"no layout file {str(file)!r}")
        layout_source = load_yaml(file)
        name, layout_file = file.stem, file
    else:
        builtin = shipped("layouts").joinpath(f"{name}.yaml")
        if not re.fullmatch(r"[A-Za-z0-9_.-]+", name) or not builtin.is_file():
            raise fail(unknown_key_message(name, available_layouts(), "layout")
                       + "; or give a layout file such as ./my-trim.yaml")
        layout_source = parse_yaml(builtin.read_text(encoding="utf-8"), str(builtin))
        layout_file = None
    top = _read_fields(layout_source, (), layout_source.data, LAYOUT_FIELDS, "a layout")
    page = _read_fields(layout_source, ("page",), top["page"] or {}, _PAGE_SCHEMA, "page")
    margins = _read_fields(layout_source, ("margins",), top["margins"] or {}, _MARGIN_SCHEMA, "margins")
    fonts = _read_fields(layout_source, ("fonts",), top["fonts"] or {}, _FONT_SCHEMA, "fonts")
    sizes = _read_fields(layout_source, ("sizes",), top["sizes"] or {}, _SIZE_SCHEMA, "sizes")
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
        min_scale=top["min_scale"], max_scale=top["max_scale"], file=layout_file,
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
        raise source.error(path, f"{name!r} is outside the folder the studio was started in "
                           f"({within}); the studio reads files only there")


# --- book configs ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BankSource:
    """Where a section takes stored puzzles from instead of generating: a JSON-lines bank, and
    filters on difficulty and on rating figures (`rating: {score: [12, 15], givens: 5}`)."""

    path: Path
    rating: dict[str, tuple[float, float]]


@dataclass(frozen=True)
class SectionConfig:
    """One section: what to make (`request`), or where to take stored puzzles from (`bank`, whose
    `difficulty`, when set, filters). Its type is the registered record, looked up once when
    the config is read."""

    puzzle_type: PuzzleType
    count: int
    difficulty: str | None
    title: str
    per_page: int | None
    request: Request | None = None
    line: int | None = None
    bank: BankSource | None = None
    order: str = "rating"

    def describe(self) -> str:
        """'numbrix, hard, size=12x12' for messages about this section."""
        if self.request is not None:
            return self.request.describe()
        return f"{self.puzzle_type.name}, {self.difficulty or 'any difficulty'}"


@dataclass(frozen=True)
class BookConfig:
    name: str
    file: str
    title: str
    subtitle: str | None
    author: str | None
    layout: Layout
    seed: str
    answers: str
    title_page: bool
    sections: tuple[SectionConfig, ...]
    profile: str = "home"
    bleed: bool = False
    large_print: bool = False
    copyright: str | None = None
    contents: bool = True
    formats: tuple[str, ...] = ("pdf",)
    exclude: tuple[Path, ...] = ()
    share_pages: bool = False
    paper: str = "white"
    back_text: str | None = None
    cover_color: str = "#1f3a5f"
    path: Path | None = None  # the config file read; None for standard input or a worksheet

    @property
    def inputs(self) -> tuple[tuple[str, Path], ...]:
        """Every file the build reads, with what it is to the book: no output may be one of them."""
        files = [("the config", self.path), ("the layout file", self.layout.file)]
        files += [(f"the puzzle bank of section '{section.title}'",
                   section.bank.path if section.bank else None) for section in self.sections]
        files += [("a bank named in 'exclude'", path) for path in self.exclude]
        return tuple((what, path) for what, path in files if path is not None)


_layout = Reader(_plain_text, {"type": "string"})  # bookgen.schema adds the built-in names
_FIGURE = {"type": "number"}
_rating = Reader(_read_mapping, {"type": "object", "additionalProperties": {"anyOf": [
    _FIGURE, {"type": "array", "items": [_FIGURE, _FIGURE], "minItems": 2, "maxItems": 2}]}})

BOOK_FIELDS = {
    "title": Field(_line(limits.TITLE_CHARS), f"text of at most {limits.TITLE_CHARS} characters",
                   required=True),
    "subtitle": Field(_line(limits.LINE_CHARS), f"text of at most {limits.LINE_CHARS} characters"),
    "author": Field(_line(limits.LINE_CHARS), f"text of at most {limits.LINE_CHARS} characters"),
    "layout": Field(_layout, "a built-in layout (see layouts/) or a layout file such as ./my-trim.yaml",
                    default="letter"),
    "seed": Field(_seed, SEED_WHAT, default="1"),
    "answers": Field(_choice(*ANSWER_MODES), "one of " + ", ".join(ANSWER_MODES), default="back"),
    "title_page": Field(_flag, "true or false", default=True),
    "contents": Field(_flag, "true or false (a contents page after the title page)", default=True),
    "copyright": Field(_line(limits.NOTE_CHARS, breaks=True), "text for a copyright and notes "
                       f"page after the title page, at most {limits.NOTE_CHARS} characters"),
    "profile": Field(_choice(*PROFILES), "one of " + ", ".join(PROFILES), default="home"),
    "bleed": Field(_flag, "true or false (0.125 in bleed, print-on-demand)", default=False),
    "large_print": Field(_flag, "true or false (bigger cells and 16 pt type)", default=False),
    "formats": Field(_formats, "a list of " + ", ".join(FORMATS), default=("pdf",)),
    "exclude": Field(_paths, "a list of JSON-lines puzzle banks (earlier volumes) whose puzzles "
                     "this book must not repeat, relative to the config file"),
    "share_pages": Field(_flag, "true or false (a section may begin on the page where the one "
                         "before it ends)", default=False),
    "paper": Field(_choice(*PAPERS), "one of " + ", ".join(PAPERS) + " (sizes the cover's spine)",
                   default="white"),
    "back_text": Field(_line(limits.NOTE_CHARS, breaks=True),
                       f"text for the back cover, at most {limits.NOTE_CHARS} characters"),
    "cover_color": Field(_color, "a colour such as '#1f3a5f' (quoted in YAML)", default="#1f3a5f"),
    "sections": Field(_list, "a list of sections", required=True),
}
SECTION_FIELDS = {
    "type": Field(_text, "a puzzle type: " + ", ".join(t.name for t in PUZZLE_TYPES), required=True),
    "count": Field(_whole(1, limits.SECTION_PUZZLES),
                   f"a whole number from 1 to {limits.SECTION_PUZZLES}", required=True),
    "difficulty": Field(_choice(*LEVELS), "one of " + ", ".join(LEVELS)),
    "title": Field(_line(limits.TITLE_CHARS), f"text of at most {limits.TITLE_CHARS} characters"),
    "per_page": Field(_whole(1, 24), "a whole number from 1 to 24"),
    "from": Field(_text, "a JSON-lines puzzle bank, relative to the config file"),
    "rating": Field(_rating, "a mapping of rating figures to a value or [min, max]"),
    "order": Field(_choice(*ORDERS), "rating (easier to harder) or shuffle (as made)",
                   default="rating"),
}


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
                str(key), known, f"rating figure of {puzzle_type.name}"))
        if isinstance(value, list) and len(value) == 2 and all(_is_number(v) for v in value):
            bounds[str(key)] = (float(value[0]), float(value[1]))
        elif _is_number(value):
            bounds[str(key)] = (float(value), float(value))
        else:
            raise source.error(path + (key,), f"{shown(value)} is not allowed; a rating filter "
                               "takes a number or [min, max]")
    return bounds


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _read_section(source: Source, index: int, data: Any, within: Path | None = None) -> SectionConfig:
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
    values = _read_fields(source, path, data, SECTION_FIELDS, "a section", extra=option_names)
    assert puzzle_type is not None  # "type" is required, so reading the fields refused its lack
    raw_options = {key: data[key] for key in option_names if key in data}
    bank = None
    if values["from"] is not None:
        if within is not None:
            check_within(source, path + ("from",), values["from"], within)
        if raw_options:
            raise source.error(path + (next(iter(raw_options)),),
                               "a section that takes puzzles 'from' a bank has no type options; "
                               "filter with 'difficulty' and 'rating' instead")
        bank = BankSource(Path(source.file).parent / values["from"],
                          _rating_filter(source, path + ("rating",), values["rating"] or {}, puzzle_type))
    elif values["rating"] is not None:
        raise source.error(path + ("rating",), "'rating' filters puzzles taken 'from' a bank")
    elif values["difficulty"] is None:
        raise source.error(path, "a section needs 'difficulty' (one of " + ", ".join(LEVELS) + ")")
    request = None
    if bank is None:
        try:
            request = Request.make(puzzle_type, values["difficulty"], raw_options)
        except BookgenError as error:
            key_path = path + ((error.key,) if error.key in data else ())
            raise source.error(key_path, error.message) from None
    return SectionConfig(
        puzzle_type=puzzle_type,
        count=values["count"],
        difficulty=values["difficulty"],
        title=values["title"] or puzzle_type.title,
        per_page=values["per_page"],
        request=request,
        line=source.line(path),
        bank=bank,
        order=values["order"],
    )


def crowded_requests(sections: Sequence[SectionConfig],
                     excluded: Callable[[Request], int] = lambda request: 0,
                     used_answers: Collection[str] = (),
                     ) -> Iterator[tuple[int, str]]:
    """(index of its last section, why) for each request whose sections, counted together, ask
    for more different puzzles than exist once `excluded(request)` are taken out, and for
    requests that ask for more different answers than exist once `used_answers` are taken out
    (a book never repeats either): what the loader refuses before any work, and the book again
    with its exclude banks read."""
    asked: dict[str, list[int]] = {}
    for index, section in enumerate(sections):
        if section.request is not None:
            asked.setdefault(section.request.id(""), []).append(index)
    counted = []
    for indexes in asked.values():
        request = sections[indexes[0]].request
        assert request is not None
        counted.append((request, sum(sections[i].count for i in indexes)))
        problem = too_few_exist(request, counted[-1][1], excluded(request))
        if problem:
            yield indexes[-1], problem
    short = too_few_answers(counted, used_answers)
    if short:
        groups = list(asked.values())
        yield max(groups[i][-1] for i in short[0]), short[1]


def load_config(path: str | Path, seed: str | None = None) -> BookConfig:
    """Read and check a book config; '-' reads it from standard input (a book called 'book', its
    relative paths from the current folder). `seed` overrides the config's seed."""
    if str(path) == "-":
        return _book_config(parse_yaml(read_text("-", limits.CONFIG_BYTES), "stdin"), "book", seed)
    return replace(_book_config(load_yaml(path), Path(path).stem, seed), path=Path(path))


def read_config_text(text: str, file: Path, within: Path | None = None) -> BookConfig:
    """The book a YAML text describes, read as `load_config(file)` would read it from `file`
    (relative paths from its folder, its name from its stem, every check and message the same)
    without the file having to exist: for front ends such as the studio. With `within` (a
    resolved folder), every file the config names, and every font its layout file names, must
    lie inside it (check_within)."""
    return _book_config(parse_yaml(text, str(file)), file.stem, None, within)


def _book_config(source: Source, name: str, seed: str | None,
                 within: Path | None = None) -> BookConfig:
    values = _read_fields(source, (), source.data, BOOK_FIELDS, "the book")
    if within is not None:
        for bank in values["exclude"] or ():
            check_within(source, ("exclude",), bank, within)
    sections = values["sections"]
    if not sections:
        raise source.error(("sections",), "a book needs at least one section")
    read = tuple(_read_section(source, i, data, within) for i, data in enumerate(sections))
    total = sum(section.count for section in read)
    if total > limits.BOOK_PUZZLES:
        raise source.error(("sections",), f"the sections ask for {total:,} puzzles; a book holds "
                           f"at most {limits.BOOK_PUZZLES:,} (see docs/limits.md)")
    for index, problem in crowded_requests(read):
        raise source.error(("sections", index, "count"), problem)
    return BookConfig(
        name=name,
        file=source.file,
        title=values["title"],
        subtitle=values["subtitle"],
        author=values["author"],
        layout=load_layout(values["layout"], source, within=within),
        seed=check_seed(seed) if seed is not None else values["seed"],
        answers=values["answers"],
        title_page=values["title_page"],
        sections=read,
        profile=values["profile"],
        bleed=values["bleed"],
        large_print=values["large_print"],
        copyright=values["copyright"],
        contents=values["contents"],
        formats=values["formats"],
        exclude=tuple(Path(source.file).parent / name for name in values["exclude"] or ()),
        share_pages=values["share_pages"],
        paper=values["paper"],
        back_text=values["back_text"],
        cover_color=values["cover_color"],
    )
