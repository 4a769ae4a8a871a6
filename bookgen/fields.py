"""The keys of a book config, a section and a layout: each a `Field` with the `Reader` that
checks its YAML value, and `read_fields`, the one loop that reads a mapping by its table (unknown
keys get a "did you mean"). Each reader also states, as JSON Schema, what it accepts: `bookgen
schema` (bookgen.schema) is made from these same tables and the types' option specs, for editors;
the messages stay this module's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bookgen import limits
from bookgen.bookconfig import DEFAULT_NAME_LINE, NAME_LINE_BLANKS, blank_word
from bookgen.core.grading import ALL_LEVELS, level_word
from bookgen.core.options import (
    ONE_OF,
    TRUE_OR_FALSE,
    WHOLE_BOUNDS,
    language_name,
    language_named,
    nearest,
    said,
    spoken_choice,
    unknown_key_message,
)
from bookgen.errors import BookgenError
from bookgen.i18n import N_, _, current, languages, ngettext, pgettext, speaking
from bookgen.puzzles import PUZZLE_TYPES
from bookgen.seeds import SEED_ABOUT, control_character, read_seed
from bookgen.seeds import brief as _brief
from bookgen.yamlsource import KeyPath, Source

ANSWER_MODES = ("back", "separate", "none")
PROFILES = ("home", "print-on-demand")
FORMATS = ("pdf", "cover", "html", "jsonl")
PAPERS = ("white", "cream", "color")  # the cover's spine: pages x the paper's thickness
ORDERS = ("rating", "shuffle")  # a section's puzzles: easier to harder, or as they were made
UNTRANSLATED = ("refuse", "warn")  # a section whose type lacks its language: refused, or warned of


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
    """One key of a schema: how to read it, what it takes, whether it must be there, its default.

    `about` says what it takes: a message (marked with N_ where written) whose {named}
    placeholders `values` fills; a tuple of choices fills one as a list, each choice named by
    `words` when spoken (the studio's help line)."""

    read: Reader
    about: str
    required: bool = False
    default: Any = None
    values: Mapping[str, Any] | None = None
    words: Callable[[str], str] | None = None

    @property
    def what(self) -> str:
        """What the key takes in English, for the loader's messages."""
        return self.about.format(**self._filled(lambda choice: choice)) if self.values else self.about

    def takes(self) -> str:
        """What the key takes, as an error message says it: `what` in English, else in the
        current language with each choice by its YAML word (what a config is written in)."""
        if current().code == "en":
            return self.what
        return said(self.about, self._filled(lambda choice: choice) if self.values else {})

    def said(self) -> str:
        """What the key takes in the current language (`bookgen schema`, the studio)."""
        return said(self.about, self._filled(self.words or (lambda choice: choice)) if self.values else {})

    def _filled(self, word: Callable[[str], str]) -> dict[str, Any]:
        return {name: ", ".join(word(choice) for choice in value) if isinstance(value, tuple) else value
                for name, value in (self.values or {}).items()}


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
            raise ValueError(_("it holds the control character {control}, which does not print").format(
                control=control))
        return text
    return Reader(read, {"type": ["string", "number"], "maxLength": most})




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


class NearChoice(ValueError):
    """A refused word that is a slip of a choice ('Easy', 'medum'): `near`, the choice it nearly is."""

    def __init__(self, near: str) -> None:
        super().__init__("")
        self.near = near


def _choice(*choices: str, named: Callable[[str], str | None] = lambda word: None) -> Reader:
    """One of `choices`; a slip of one is refused naming it, as is a word `named` maps to one (a
    level in a book language: 'leicht' is easy)."""
    def read(value: Any) -> str:
        if value not in choices:
            slip = value if isinstance(value, str) and any(char.isalpha() for char in value) else None
            near = slip and (named(slip) or nearest(slip, choices))
            raise NearChoice(near) if near else ValueError
        return value
    return Reader(read, {"enum": list(choices)})


_seed = Reader(read_seed, {"type": ["integer", "string"], "pattern": r"\S",
                            "maxLength": limits.SEED_CHARS})


def check_title(text: str, key: str = "--title") -> str:
    """A title given on the command line, held to the rules of a config's `title:`."""
    try:
        return _line(limits.TITLE_CHARS).read(text)
    except ValueError as error:
        values = {"text": _brief(text), "why": error, "most": limits.TITLE_CHARS}
        raise BookgenError((_("{text} is not allowed ({why}); a title is text of at most {most} "
                              "characters") if str(error) else
                            _("{text} is not allowed; a title is text of at most {most} characters")
                            ).format(**values), key=key) from None


def _read_formats(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        parts = [part.strip() for part in value.split(",")]
        if len(parts) > 1 and all(part in FORMATS for part in parts):  # formats: pdf, cover
            raise ValueError(_("several are written as a list in brackets: {list}").format(
                list=f"[{', '.join(parts)}]"))
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


def isbn_check_digit(first_twelve: str) -> int:
    """The ISBN-13 check digit of its first twelve digits (weights 1 and 3 in turn, modulo 10)."""
    total = sum(int(digit) * (3 if place % 2 else 1) for place, digit in enumerate(first_twelve))
    return (10 - total % 10) % 10


def _read_isbn(value: Any) -> str:
    """An ISBN-13 as the book prints it: as written (its hyphens where its agency put them, a
    space read as one), its check digit checked."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise ValueError
    text = re.sub(r"(?i)^\s*isbn(?:-1[03])?:?\s*", "", value).strip().replace(" ", "-")
    digits = text.replace("-", "")
    if re.fullmatch(r"\d{9}[\dXx]", digits) and re.fullmatch(r"[\dXx]+(-[\dXx]+)*", text):
        ten = "978" + digits[:9]
        raise ValueError(_("it is an ISBN-10; its ISBN-13 is {isbn}").format(
            isbn=f"{ten}{isbn_check_digit(ten)}"))
    if not re.fullmatch(r"\d+(-\d+)*", text):
        raise ValueError
    if len(digits) != 13:
        raise ValueError(ngettext("it has {count} digit, and an ISBN-13 has 13",
                                  "it has {count} digits, and an ISBN-13 has 13", len(digits)).format(
                                      count=len(digits)))
    if not digits.startswith(("978", "979")):
        raise ValueError(_("an ISBN-13 begins with 978 or 979"))
    check = isbn_check_digit(digits[:12])
    if int(digits[12]) != check:
        raise ValueError(_("its last digit, the check digit, is {last} where its other digits give "
                           "{check}: a digit is mistyped").format(last=digits[12], check=check))
    return text


_isbn = Reader(_read_isbn, {"type": ["string", "integer"], "pattern": r"^[0-9][0-9 -]*[0-9]$"})


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


def _read_language(value: Any) -> str:
    if not isinstance(value, str) or value.strip().lower() not in languages():
        named = language_named(value, languages()) if isinstance(value, str) else None
        raise NearChoice(named) if named else ValueError
    return value.strip().lower()


_language = Reader(_read_language, {"type": "string", "enum": list(languages())})


def _read_texts(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, (str, int, float))
                                              and not isinstance(v, bool) for k, v in value.items()):
        raise ValueError
    return {key: str(text) for key, text in value.items()}


_texts = Reader(_read_texts, {"type": "object", "additionalProperties": {"type": "string"}})


def _read_name_line(value: Any) -> tuple[str, ...]:
    """true (Name, Date, Class), false, or the blanks listed (any case, each once)."""
    if isinstance(value, bool):
        return DEFAULT_NAME_LINE if value else ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value:
        raise ValueError
    blanks: list[str] = []
    for item in value:
        blank = item.strip().lower() if isinstance(item, str) else item
        if blank not in NAME_LINE_BLANKS:
            raise ValueError(_("{blank} is not a blank it prints").format(blank=_brief(item)))
        if blank in blanks or {blank, *blanks} >= {"score", "score_total"}:
            raise ValueError(_("it names a score twice") if blank.startswith("score") else
                             _("it names {blank} twice").format(blank=repr(blank)))
        blanks.append(blank)
    return tuple(blanks)


_BLANK = {"enum": list(NAME_LINE_BLANKS)}
_name_line = Reader(_read_name_line, {"anyOf": [
    {"type": "boolean", "x-true": list(DEFAULT_NAME_LINE)}, _BLANK,  # x-true: what true prints
    {"type": "array", "items": _BLANK, "minItems": 1, "uniqueItems": True}]})


def _blank_word(blank: str) -> str:
    """A blank of the name line as a help line names it."""
    if blank == "score_total":
        # Translators: a help line's name for the name line's blank "Score ____ / 20"
        return spoken_choice(blank, pgettext("help line: name line", "score out of the sheet's puzzles"))
    return spoken_choice(blank, blank_word(blank))


def _type_title(name: str) -> str:
    """A puzzle type as a help line names it: its name in English, its title in the language spoken."""
    found = next((t for t in PUZZLE_TYPES if t.name == name), None)
    return spoken_choice(name, _(found.title)) if found else name


def _choice_word(key: str) -> Callable[[str], str]:
    """How a help line names each choice of the book's key `key` (its select shows them so)."""
    def word(choice: str) -> str:
        words = {
            "answers": {
                "back": pgettext("help line: answers", "back"),
                "separate": pgettext("help line: answers", "separate"),
                "none": pgettext("help line: answers", "none")},
            "profile": {
                "home": pgettext("help line: profile", "home"),
                "print-on-demand": pgettext("help line: profile", "print-on-demand")},
            "formats": {
                "pdf": pgettext("help line: formats", "pdf"),
                "cover": pgettext("help line: formats", "cover"),
                "html": pgettext("help line: formats", "html"),
                "jsonl": pgettext("help line: formats", "jsonl")},
            "paper": {
                "white": pgettext("help line: paper", "white"),
                "cream": pgettext("help line: paper", "cream"),
                "color": pgettext("help line: paper", "color")},
            "untranslated": {
                "refuse": pgettext("help line: untranslated", "refuse"),
                "warn": pgettext("help line: untranslated", "warn")},
        }[key]
        return spoken_choice(choice, words[choice])
    return word


def _level_word(level: str) -> str:
    """A level as a help line names it (the contents' word for it)."""
    return spoken_choice(level, level_word(level))


def difficulty_field(levels: tuple[str, ...]) -> Field:
    """A section's `difficulty` offering `levels`: every level a config may name (SECTION_FIELDS),
    or one type's own (its branch of the schema, so an editor and the studio offer only those)."""
    return Field(_choice(*levels, named=level_named), ONE_OF, values={"choices": levels},
                 words=_level_word)


def offered_difficulty(levels: tuple[str, ...]) -> Field:
    """A section's `difficulty` when its type is known: any level still reads (a level the type
    lacks is refused by the type, naming the types that have it), and a word that is none is
    refused naming the type's own `levels`, not ones it would refuse next."""
    return Field(_choice(*ALL_LEVELS, named=level_named), ONE_OF, values={"choices": levels},
                 words=_level_word)


def level_named(word: str) -> str | None:
    """The level `word` names in a book language, as its pages print it ('leicht', 'Fácil'), or
    None: a config writes the English word, and a teacher writes the one on the sheet."""
    wanted = word.strip().casefold()
    for code in languages():
        with speaking(code):
            found = next((level for level in ALL_LEVELS if level_word(level).casefold() == wanted), None)
        if found:
            return found
    return None


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
SPINE_MM = (0.254, 101.6)
"""The spine widths a cover takes, 0.01 in to 4 in: the services' calculators give 0.06 in for a
24-page book and about 2 in for 828 pages on cream."""


def _spine_mm(value: Any) -> float:
    width = length_mm(value)
    if not SPINE_MM[0] <= width <= SPINE_MM[1]:
        raise ValueError
    return width


_spine = Reader(_spine_mm, _length.json)


def read_fields(source: Source, path: KeyPath, data: Any, schema: dict[str, Field], what: str,
                 extra: tuple[str, ...] = ()) -> dict[str, Any]:
    """Check a mapping against a schema; keys named in `extra` are passed through unread. The
    messages speak the current language (English unless a front end speaks another), the keys
    and YAML words they name stay as a config writes them."""
    if data is None and what == "the book":
        raise source.error(path, _("the file is empty: a book needs at least title: and sections: "
                                   "('bookgen init' writes one to start from)"))
    unwritten = re.fullmatch(r"(\w+)\s+(\S.*)", data.strip()) if isinstance(data, str) else None
    if unwritten and unwritten[1] in schema:  # `- type maze`: a key without its colon
        raise source.error(path, _("{written} has no colon after its key; write {fixed}").format(
            written=f"'{data.strip()}'", fixed=f"{unwritten[1]}: {unwritten[2]}"))
    if not isinstance(data, dict):
        raise source.error(path, _("{what} must be a mapping of keys to values").format(what=_part(what)))
    values: dict[str, Any] = {}
    for key in data:
        if key not in schema and key not in extra:
            if what == "a section" and isinstance(data[key], dict) and str(key).casefold() in OPTION_BLOCKS:
                raise source.error(path + (key,), _nested_options(str(key), data[key], extra))
            raise source.error(path + (key,), unknown_key_message(
                str(key), list(schema) + list(extra), _key_in(what)))
    for key, spec in schema.items():
        if key not in data or data[key] is None:
            if spec.required:
                raise source.error(path + (key,) if key in data else path, needs(what, key, spec))
            values[key] = spec.default
            continue
        try:
            values[key] = spec.read(data[key])
        except ValueError as error:
            value, quoted = _brief(data[key]), f"'{key}'"
            plain = unquoted(data[key])
            if plain is not None and _reads(spec, plain):
                raise source.error(path + (key,), quoted_message(data[key], quoted, spec.takes())) from None
            if isinstance(error, NearChoice):
                raise source.error(path + (key,), _(
                    "{value} is not allowed; did you mean {near}? {key} takes {takes}").format(
                        value=value, near=repr(error.near), key=quoted, takes=spec.takes())) from None
            message = (_("{value} is not allowed ({why}); {key} takes {takes}").format(
                           value=value, why=error, key=quoted, takes=spec.takes()) if str(error) else
                       _("{value} is not allowed; {key} takes {takes}").format(
                           value=value, key=quoted, takes=spec.takes()))
            raise source.error(path + (key,), message) from None
    return values


def unquoted(value: Any) -> int | float | bool | None:
    """The number, true or false a text in quotes would be without them ("5" is 5), or None."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if re.fullmatch(r"[-+]?\d+", text):
        return int(text)
    if re.fullmatch(r"[-+]?(\d+\.\d*|\.\d+)", text):
        return float(text)
    return {"true": True, "false": False}.get(text.lower())


def quoted_message(value: str, key: str, takes: str) -> str:
    """The refusal of a number or true/false written in quotes, which YAML reads as text."""
    plain = unquoted(value)
    written = ("true" if plain else "false") if isinstance(plain, bool) else value.strip()
    return _("{value} is in quotes, which makes it text; write {plain} without quotes ({key} takes "
             "{takes})").format(value=_brief(value), plain=written, key=key, takes=takes)


def _reads(spec: Field, value: Any) -> bool:
    try:
        spec.read(value)
    except ValueError:
        return False
    return True


def needs(what: str, key: str, spec: Field) -> str:
    """The refusal of a part of a config that lacks a key it needs: "a section needs 'count' (...)"."""
    return _("{what} needs {key} ({takes})").format(what=_part(what), key=f"'{key}'", takes=spec.takes())


def _part(what: str) -> str:
    """The part of a config a key is read in, as a message names it ("the book")."""
    return {"the book": pgettext("a part of a config", "the book"),
            "a section": pgettext("a part of a config", "a section"),
            "a layout": pgettext("a part of a config", "a layout")}.get(what, what)


OPTION_BLOCKS = ("options", "settings", "params", "parameters")
"""Keys other tools nest a puzzle's options under (`options: {variant: killer}`); a section sets
them beside type: and difficulty:, and its refusal says so."""


def _nested_options(key: str, block: dict[Any, Any], options: tuple[str, ...]) -> str:
    """The refusal of a section's options nested under `key`, naming one it holds (or the type's
    first) as an example of where they go."""
    example = next((str(name) for name in block if name in options), options[0] if options else "size")
    return _("unknown key {key} in a section: a type's options, such as {option}:, go beside type: "
             "and difficulty:, each on a line of its own, not in a block").format(
                 key=repr(key), option=example)


def _key_in(what: str) -> str:
    """"unknown key in the book", the words before an unknown key's name."""
    return {"the book": _("unknown key in the book"), "a section": _("unknown key in a section"),
            "a layout": _("unknown key in a layout")}.get(what) or _("unknown key in {what}").format(
                what=what)


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
PAGE_FIELDS = {
    "width": Field(_page_side, f"a length such as 8.5in or 210mm, {_SIDES}", required=True),
    "height": Field(_page_side, f"a length such as 11in or 297mm, {_SIDES}", required=True),
}
MARGIN_FIELDS = {side: Field(_length, "a length such as 0.75in or 18mm", required=True)
                  for side in ("top", "bottom", "inside", "outside")}
FONT_FIELDS = {style: Field(_text, "a TrueType file name", required=True)
                for style in ("regular", "bold", "italic")}
SIZE_FIELDS = {
    "body": Field(_number(6, 24), "a point size from 6 to 24", default=10.5),
    "heading": Field(_number(8, 48), "a point size from 8 to 48", default=18),
    "title": Field(_number(12, 72), "a point size from 12 to 72", default=30),
}
LAYOUT_FIELDS = {
    "title": Field(_text, "a name", required=True),
    "page": Field(_mapping(PAGE_FIELDS), "a mapping with width and height"),
    "margins": Field(_mapping(MARGIN_FIELDS), "a mapping with top, bottom, inside, outside"),
    "fonts": Field(_mapping(FONT_FIELDS), "a mapping with regular, bold, italic font files"),
    "sizes": Field(_mapping(SIZE_FIELDS), "a mapping with body, heading and title point sizes"),
    "grids": Field(_grids, "a list of [columns, rows] from densest to sparsest", required=True),
    "min_scale": Field(_number(0.2, 2.0), "a number from 0.2 to 2", default=0.75),
    "max_scale": Field(_number(0.2, 3.0), "a number from 0.2 to 3", default=1.5),
    "comfort_scale": Field(_number(0.2, 3.0), "a number from 0.2 to 3"),
}


_layout = Reader(_plain_text, {"type": "string"})  # bookgen.schema adds the built-in names
_FIGURE = {"type": "number"}
_rating = Reader(_read_mapping, {"type": "object", "additionalProperties": {"anyOf": [
    _FIGURE, {"type": "array", "items": [_FIGURE, _FIGURE], "minItems": 2, "maxItems": 2}]}})

PRINT_SERVICES = ("kdp", "amazon", "lulu", "ingram", "ingramspark", "blurb", "bookvault", "pod")
"""Print-on-demand services a user names as the profile (profile: kdp): their books need the
print-on-demand profile."""


def _print_service(word: str) -> str | None:
    return "print-on-demand" if re.sub(r"[\s_-]", "", word.casefold()) in PRINT_SERVICES else None


_LINE = N_("text of at most {most} characters")
BOOK_FIELDS = {
    "title": Field(_line(limits.TITLE_CHARS), _LINE, values={"most": limits.TITLE_CHARS}, required=True),
    "subtitle": Field(_line(limits.LINE_CHARS), _LINE, values={"most": limits.LINE_CHARS}),
    "author": Field(_line(limits.LINE_CHARS), _LINE, values={"most": limits.LINE_CHARS}),
    "layout": Field(_layout, N_("a built-in layout (see layouts/) or a layout file such as ./my-trim.yaml"),
                    default="letter"),
    "seed": Field(_seed, SEED_ABOUT, values={"most": limits.SEED_CHARS}, default="1"),
    "answers": Field(_choice(*ANSWER_MODES), ONE_OF, values={"choices": ANSWER_MODES},
                     words=_choice_word("answers"), default="back"),
    "title_page": Field(_flag, TRUE_OR_FALSE, default=True),
    "contents": Field(_flag, N_("true or false (a contents page after the title page)"), default=True),
    "copyright": Field(_line(limits.NOTE_CHARS, breaks=True), N_(
        "text for a copyright and notes page after the title page, at most {most} characters"),
        values={"most": limits.NOTE_CHARS}),
    "isbn": Field(_isbn, N_("an ISBN-13 such as 978-3-16-148410-0, with its hyphens, printed on the "
                            "copyright page (its check digit is checked)")),
    "profile": Field(_choice(*PROFILES, named=_print_service), ONE_OF, values={"choices": PROFILES},
                     words=_choice_word("profile"), default="home"),
    "bleed": Field(_flag, N_("true or false (0.125 in bleed, print-on-demand)"), default=False),
    "large_print": Field(_flag, N_("true or false (bigger cells and 16 pt type)"), default=False),
    "formats": Field(_formats, N_("a list of {choices}"), values={"choices": FORMATS},
                     words=_choice_word("formats"), default=("pdf",)),
    "exclude": Field(_paths, N_("a list of JSON-lines puzzle banks (earlier volumes) whose puzzles "
                                "this book must not repeat, relative to the config file")),
    "share_pages": Field(_flag, N_("true or false (a section may begin on the page where the one "
                                   "before it ends)"), default=False),
    "repeat_rules": Field(_flag, N_("true or false (false: a section of a type whose rules the book "
                                    "printed already opens with its title alone, no rules or example)"),
                          default=True),
    "paper": Field(_choice(*PAPERS), N_("one of {choices} (sizes the cover's spine)"),
                   values={"choices": PAPERS}, words=_choice_word("paper"), default="white"),
    "spine": Field(_spine, N_(
        "a length from {low} to {high} such as 0.29in or 7.4mm: the cover's spine as your print "
        "service's cover calculator gives it (default: the pages times the paper's thickness)"),
        values={"low": "0.01in", "high": "4in"}),
    "back_text": Field(_line(limits.NOTE_CHARS, breaks=True),
                       N_("text for the back cover, at most {most} characters"),
                       values={"most": limits.NOTE_CHARS}),
    "cover_color": Field(_color, N_("a colour such as '#1f3a5f' (quoted in YAML)"), default="#1f3a5f"),
    "language": Field(_language, N_("a language: {choices}"), values={"choices": languages()},
                      words=language_name, default="en"),
    "name_line": Field(_name_line, N_(
        "true (Name, Date, Class), false, or a list of {choices}: the blanks a pupil fills in, "
        "ruled above the first puzzles of each sheet"), values={"choices": NAME_LINE_BLANKS},
        words=_blank_word),
    "versions": Field(_whole(1, limits.VERSIONS), N_(
        "a whole number from 1 to {high}: the sheets A, B, ... with different puzzles at the "
        "same levels, each with its own answers, one file each (NAME-A.pdf)"),
        values={"high": limits.VERSIONS}, default=1),
    "difficulty_line": Field(_flag, N_(
        "true or false (false: a section's heading leaves out its level, 'Difficulty: Easy', as a "
        "sheet for a pupil working below their grade level may)"), default=True),
    "texts": Field(_texts, N_("a mapping of a text as bookgen prints it in English to what to print "
                              "instead (see 'bookgen texts')")),
    "untranslated": Field(_choice(*UNTRANSLATED), N_(
        "one of {choices} (a section whose puzzle type has no texts in its language: refused, or "
        "built with the type's words in English and a warning)"),
        values={"choices": UNTRANSLATED}, words=_choice_word("untranslated"), default="refuse"),
    "sections": Field(_list, N_("a list of sections"), required=True),
}
SECTION_FIELDS = {
    "type": Field(_text, N_("a puzzle type: {choices}"),
                  values={"choices": tuple(t.name for t in PUZZLE_TYPES)}, words=_type_title, required=True),
    "count": Field(_whole(1, limits.SECTION_PUZZLES), WHOLE_BOUNDS,
                   values={"low": 1, "high": limits.SECTION_PUZZLES}),  # needed but 'from' a bank
    "difficulty": difficulty_field(ALL_LEVELS),
    "title": Field(_line(limits.TITLE_CHARS), _LINE, values={"most": limits.TITLE_CHARS}),
    "per_page": Field(_whole(1, 24), WHOLE_BOUNDS, values={"low": 1, "high": 24}),
    "from": Field(_text, N_("a JSON-lines puzzle bank, relative to the config file")),
    "rating": Field(_rating, N_("a mapping of rating figures to a value or [min, max]")),
    "order": Field(_choice(*ORDERS), N_("rating (easier to harder) or shuffle (as made)"),
                   default="rating"),
    "language": Field(_language, N_("a language: {choices} (default: the book's)"),
                      values={"choices": languages()}, words=language_name),
    "rules": Field(_line(limits.NOTE_CHARS, breaks=True), N_(
        "the rules to print instead of the type's, at most {most} characters"),
        values={"most": limits.NOTE_CHARS}),
    "seed": Field(_whole(1, limits.SECTION_SEED), N_(
        "a whole number from 1 to {high}: with the book's seed, it makes this section's puzzles "
        "(default: the section's place in the book; keep it when sections move or go)"),
        values={"high": limits.SECTION_SEED}),
}
