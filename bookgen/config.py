"""Book configs and page layouts: YAML in, frozen dataclasses out, every error naming file, line, key.

A schema here is a dict of `Field`s; `_read_fields` checks a mapping against it (unknown keys get a
"did you mean"), and the two loaders below add the checks that span fields.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bookgen.core.grading import LEVELS
from bookgen.core.options import unknown_key_message
from bookgen.errors import BookgenError
from bookgen.puzzles import PUZZLE_TYPES, current_spelling, find_type
from bookgen.puzzles.base import Request
from bookgen.yamlsource import KeyPath, Source, load_yaml

ROOT = Path(__file__).resolve().parent.parent
LAYOUT_DIR = ROOT / "layouts"
ANSWER_MODES = ("back", "separate", "none")
PROFILES = ("home", "print-on-demand")
FORMATS = ("pdf", "cover", "html")
PAPERS = ("white", "cream", "color")  # the cover's spine: pages x the paper's thickness


@dataclass(frozen=True)
class Field:
    """One key of a schema: how to read it, whether it must be there, its default."""

    read: Callable[[Any], Any]
    what: str
    required: bool = False
    default: Any = None


def _text(value: Any) -> str:
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        raise ValueError
    return str(value)


def _whole(low: int, high: int) -> Callable[[Any], int]:
    def read(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError
        return value
    return read


def _number(low: float, high: float) -> Callable[[Any], float]:
    def read(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise ValueError
        return float(value)
    return read


def _choice(*choices: str) -> Callable[[Any], str]:
    def read(value: Any) -> str:
        if value not in choices:
            raise ValueError
        return value
    return read


def _seed(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, str)) or str(value).strip() == "":
        raise ValueError
    return str(value)


def _formats(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or any(v not in FORMATS for v in value):
        raise ValueError
    return tuple(dict.fromkeys(value))


def _color(value: Any) -> str:
    if not isinstance(value, str) or not re.fullmatch(r"#[0-9A-Fa-f]{6}", value.strip()):
        raise ValueError
    return value.strip().lower()


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError
    return value


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
        except ValueError:
            raise source.error(path + (key,), f"{data[key]!r} is not allowed; '{key}' takes "
                               f"{spec.what}") from None
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


def _grids(value: Any) -> tuple[tuple[int, int], ...]:
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


_LAYOUT_SCHEMA = {
    "title": Field(_text, "a name", required=True),
    "page": Field(dict, "a mapping with width and height"),
    "margins": Field(dict, "a mapping with top, bottom, inside, outside"),
    "fonts": Field(dict, "a mapping with regular, bold, italic font files"),
    "sizes": Field(dict, "a mapping with body, heading and title point sizes"),
    "grids": Field(_grids, "a list of [columns, rows] from densest to sparsest", required=True),
    "min_scale": Field(_number(0.2, 2.0), "a number from 0.2 to 2", default=0.75),
    "max_scale": Field(_number(0.2, 3.0), "a number from 0.2 to 3", default=1.5),
}
_PAGE_SCHEMA = {
    "width": Field(length_mm, "a length such as 8.5in or 210mm", required=True),
    "height": Field(length_mm, "a length such as 11in or 297mm", required=True),
}
_MARGIN_SCHEMA = {side: Field(length_mm, "a length such as 0.75in or 18mm", required=True)
                  for side in ("top", "bottom", "inside", "outside")}
_FONT_SCHEMA = {style: Field(_text, "a TrueType file name", required=True)
                for style in ("regular", "bold", "italic")}
_SIZE_SCHEMA = {
    "body": Field(_number(6, 24), "a point size from 6 to 24", default=10.5),
    "heading": Field(_number(8, 48), "a point size from 8 to 48", default=18),
    "title": Field(_number(12, 72), "a point size from 12 to 72", default=30),
}


def available_layouts() -> list[str]:
    return sorted(p.stem for p in LAYOUT_DIR.glob("*.yaml"))


def load_layout(name: str, source: Source | None = None, path: KeyPath = ("layout",)) -> Layout:
    """The layout called `name` from layouts/; an unknown name is an error at the config's line."""
    file = LAYOUT_DIR / f"{name}.yaml"
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", name) or not file.is_file():
        message = unknown_key_message(name, available_layouts(), "layout")
        if source is not None:
            raise source.error(path, message)
        raise BookgenError(message, key="layout")
    layout_source = load_yaml(file)
    top = _read_fields(layout_source, (), layout_source.data, _LAYOUT_SCHEMA, "a layout")
    page = _read_fields(layout_source, ("page",), top["page"] or {}, _PAGE_SCHEMA, "page")
    margins = _read_fields(layout_source, ("margins",), top["margins"] or {}, _MARGIN_SCHEMA, "margins")
    fonts = _read_fields(layout_source, ("fonts",), top["fonts"] or {}, _FONT_SCHEMA, "fonts")
    sizes = _read_fields(layout_source, ("sizes",), top["sizes"] or {}, _SIZE_SCHEMA, "sizes")
    if margins["inside"] + margins["outside"] >= page["width"] * 0.8:
        raise layout_source.error(("margins",), "the margins leave no room on the page")
    return Layout(
        name=name, title=top["title"], width=page["width"], height=page["height"],
        margin_top=margins["top"], margin_bottom=margins["bottom"],
        margin_inside=margins["inside"], margin_outside=margins["outside"],
        font_regular=fonts["regular"], font_bold=fonts["bold"], font_italic=fonts["italic"],
        body_size=sizes["body"], heading_size=sizes["heading"], title_size=sizes["title"],
        grids=top["grids"],
        min_scale=top["min_scale"], max_scale=top["max_scale"],
    )


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
    `difficulty`, when set, filters)."""

    type: str
    count: int
    difficulty: str | None
    title: str
    per_page: int | None
    request: Request | None = None
    line: int | None = None
    bank: BankSource | None = None

    def describe(self) -> str:
        """'numbrix, hard, size=12x12' for messages about this section."""
        if self.request is not None:
            return self.request.describe()
        return f"{self.type}, {self.difficulty or 'any difficulty'}"


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
    share_pages: bool = False
    paper: str = "white"
    back_text: str | None = None
    cover_color: str = "#1f3a5f"


_BOOK_SCHEMA = {
    "title": Field(_text, "text", required=True),
    "subtitle": Field(_text, "text"),
    "author": Field(_text, "text"),
    "layout": Field(_text, "a layout name from layouts/", default="letter"),
    "seed": Field(_seed, "a whole number or a word", default="1"),
    "answers": Field(_choice(*ANSWER_MODES), "one of " + ", ".join(ANSWER_MODES), default="back"),
    "title_page": Field(_flag, "true or false", default=True),
    "contents": Field(_flag, "true or false (a contents page after the title page)", default=True),
    "copyright": Field(_text, "text for a copyright and notes page after the title page"),
    "profile": Field(_choice(*PROFILES), "one of " + ", ".join(PROFILES), default="home"),
    "bleed": Field(_flag, "true or false (0.125 in bleed, print-on-demand)", default=False),
    "large_print": Field(_flag, "true or false (bigger cells and 16 pt type)", default=False),
    "formats": Field(_formats, "a list of " + ", ".join(FORMATS), default=("pdf",)),
    "share_pages": Field(_flag, "true or false (a section may begin on the page where the one "
                         "before it ends)", default=False),
    "paper": Field(_choice(*PAPERS), "one of " + ", ".join(PAPERS) + " (sizes the cover's spine)",
                   default="white"),
    "back_text": Field(_text, "text for the back cover"),
    "cover_color": Field(_color, "a colour such as '#1f3a5f' (quoted in YAML)", default="#1f3a5f"),
    "sections": Field(list, "a list of sections", required=True),
}
_SECTION_SCHEMA = {
    "type": Field(_text, "a puzzle type: " + ", ".join(t.name for t in PUZZLE_TYPES), required=True),
    "count": Field(_whole(1, 1000), "a whole number from 1 to 1000", required=True),
    "difficulty": Field(_choice(*LEVELS), "one of " + ", ".join(LEVELS)),
    "title": Field(_text, "text"),
    "per_page": Field(_whole(1, 24), "a whole number from 1 to 24"),
    "from": Field(_text, "a JSON-lines puzzle bank, relative to the config file"),
    "rating": Field(dict, "a mapping of rating figures to a value or [min, max]"),
}


def _rating_filter(source: Source, path: KeyPath, data: dict) -> dict[str, tuple[float, float]]:
    bounds = {}
    for key, value in data.items():
        if isinstance(value, list) and len(value) == 2 and all(_is_number(v) for v in value):
            bounds[str(key)] = (float(value[0]), float(value[1]))
        elif _is_number(value):
            bounds[str(key)] = (float(value), float(value))
        else:
            raise source.error(path + (key,), f"{value!r} is not allowed; a rating filter takes "
                               "a number or [min, max]")
    return bounds


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _read_section(source: Source, index: int, data: Any) -> SectionConfig:
    path: KeyPath = ("sections", index)
    option_names: tuple[str, ...] = ()
    if isinstance(data, dict) and "type" in data:
        name, options = current_spelling(str(data["type"]), data)
        if name != data["type"]:
            data = {**options, "type": name}  # e.g. pyramid with variant sum: a numberwall
        try:
            option_names = tuple(o.name for o in find_type(str(data["type"])).options)
        except BookgenError as error:
            raise source.error(path + ("type",), error.message) from None
    values = _read_fields(source, path, data, _SECTION_SCHEMA, "a section", extra=option_names)
    puzzle_type = find_type(values["type"])
    raw_options = {key: data[key] for key in option_names if key in data}
    bank = None
    if values["from"] is not None:
        if raw_options:
            raise source.error(path + (next(iter(raw_options)),),
                               "a section that takes puzzles 'from' a bank has no type options; "
                               "filter with 'difficulty' and 'rating' instead")
        bank = BankSource(Path(source.file).parent / values["from"],
                          _rating_filter(source, path + ("rating",), values["rating"] or {}))
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
        type=puzzle_type.name,
        count=values["count"],
        difficulty=values["difficulty"],
        title=values["title"] or puzzle_type.title,
        per_page=values["per_page"],
        request=request,
        line=source.line(path),
        bank=bank,
    )


def load_config(path: str | Path, seed: str | None = None) -> BookConfig:
    """Read and check a book config; `seed` overrides the config's seed."""
    source = load_yaml(path)
    values = _read_fields(source, (), source.data, _BOOK_SCHEMA, "the book")
    sections = values["sections"]
    if not sections:
        raise source.error(("sections",), "a book needs at least one section")
    return BookConfig(
        name=Path(path).stem,
        file=str(path),
        title=values["title"],
        subtitle=values["subtitle"],
        author=values["author"],
        layout=load_layout(values["layout"], source),
        seed=str(seed) if seed is not None else values["seed"],
        answers=values["answers"],
        title_page=values["title_page"],
        sections=tuple(_read_section(source, i, data) for i, data in enumerate(sections)),
        profile=values["profile"],
        bleed=values["bleed"],
        large_print=values["large_print"],
        copyright=values["copyright"],
        contents=values["contents"],
        formats=values["formats"],
        share_pages=values["share_pages"],
        paper=values["paper"],
        back_text=values["back_text"],
        cover_color=values["cover_color"],
    )
