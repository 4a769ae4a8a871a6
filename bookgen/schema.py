"""JSON Schemas of a book config and of a layout file, for editors (`bookgen schema`).

Made from the tables the loader reads with (bookgen.config: each `Field`'s `Reader` states the JSON
it accepts) and from each puzzle type's option specs, so the schema and the loader cannot drift
apart. The loader stays the judge and keeps its messages (file, line, key, "did you mean"); the
schema is for completion and early squiggles, and is a little looser where a rule spans fields
(bank sections take no type options) or needs code (an option's `check`).

Draft-07, which the YAML language server and most editors read: a section's keys depend on its
type through `if`/`then`, one branch per type, each closed to unknown keys. A type's option is
titled with its label and described by its help line (`Option`), so editors, the studio and
`bookgen types` say the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bookgen import __version__, limits
from bookgen.config import available_layouts
from bookgen.core.options import RANGE_TEXT, SIZE_TEXT, Option
from bookgen.fields import BOOK_FIELDS, LAYOUT_FIELDS, SECTION_FIELDS, Field, difficulty_field
from bookgen.puzzles import PUZZLE_TYPES
from bookgen.puzzles.base import PuzzleType

DRAFT = "http://json-schema.org/draft-07/schema#"
JSON = dict[str, Any]


def book_schema() -> JSON:
    """The schema of a book config: the book's keys, and per section its type's options."""
    schema = _object(BOOK_FIELDS)
    properties = schema["properties"]
    properties["layout"] = {**properties["layout"], **_layout_names()}
    properties["sections"] = {**properties["sections"], "minItems": 1, "items": _section_schema()}
    return {"$schema": DRAFT, "title": "bookgen book config",
            "description": f"A bookgen {__version__} book config (see `bookgen types`).", **schema}


def layout_schema() -> JSON:
    """The schema of a layout file (`layout: ./my-trim.yaml`)."""
    return {"$schema": DRAFT, "title": "bookgen layout",
            "description": f"A bookgen {__version__} page layout.", **_object(LAYOUT_FIELDS)}


def _object(fields: Mapping[str, Field]) -> JSON:
    """A closed object of the fields, nested mappings included."""
    properties = {}
    for name, spec in fields.items():
        value = _object(spec.read.fields) if spec.read.fields is not None else dict(spec.read.json)
        value["description"] = spec.said()
        if spec.default is not None:
            value["default"] = list(spec.default) if isinstance(spec.default, tuple) else spec.default
        properties[name] = value
    required = [name for name, spec in fields.items() if spec.required]
    return {"type": "object", "properties": properties, "additionalProperties": False,
            **({"required": required} if required else {})}


def _layout_names() -> JSON:
    """Built-in layout names to complete, or any layout file."""
    return {"anyOf": [{"enum": available_layouts()},
                      {"type": "string", "pattern": r"[/\\]|\.ya?ml$"}]}


def _section_schema() -> JSON:
    """A section: the shared keys, then `if type is T then` the shared keys and T's options only."""
    shared = _object(SECTION_FIELDS)
    names = [t.name for t in PUZZLE_TYPES]
    base = {**shared, "additionalProperties": True,
            "properties": {**shared["properties"], "type": {**shared["properties"]["type"], "enum": names}},
            "anyOf": [{"required": ["difficulty"]}, {"required": ["from"]}]}
    base["allOf"] = [
        {"if": {"properties": {"type": {"const": t.name}}, "required": ["type"]},
         "then": _type_branch(t, shared["properties"])}
        for t in PUZZLE_TYPES
    ]
    return base


def _type_branch(puzzle_type: PuzzleType, shared: Mapping[str, Any]) -> JSON:
    """The keys a section of `puzzle_type` takes: the shared ones, its own `difficulty` (the levels
    it offers: master only where it has one), and its options."""
    options = {option.name: option_schema(option) for option in puzzle_type.options}
    levels = difficulty_field(puzzle_type.levels)
    properties = {**{key: {} for key in shared},
                  "difficulty": {**levels.read.json, "description": levels.said()}, **options}
    return {"properties": properties, "additionalProperties": False}


def option_schema(option: Option) -> JSON:
    """What a YAML value of one option may be: the same bounds `Option.parse` checks; its label
    as the title, its help line as the description and, where the type names its choices in
    words of their own, those words as `enumDescriptions` (beside `enum`, in its order: the
    keyword VS Code's and the YAML language server's completion show), in the current language
    (the studio's menus read them)."""
    def bounded(kind: str) -> JSON:
        schema: JSON = {"type": kind}
        if option.low is not None:
            schema["minimum"] = option.low
        if option.high is not None:
            schema["maximum"] = option.high
        return schema

    if option.kind == "int":
        schema = bounded("integer")
    elif option.kind == "float":
        schema = bounded("number")
    elif option.kind == "bool":
        schema = {"type": "boolean"}
    elif option.kind == "choice":
        schema = {"enum": list(option.choices)}
        if option.spellings:  # accepted, but not offered: the menus and completion list `choices`
            schema = {"anyOf": [schema, {"enum": list(option.spellings)}]}
        if option.words:
            schema["enumDescriptions"] = [option.word(choice) for choice in option.choices]
    elif option.kind == "size":
        side = bounded("integer")
        schema = {"anyOf": [side, {"type": "string", "pattern": SIZE_TEXT.pattern},
                            {"type": "array", "items": [side, side], "minItems": 2, "maxItems": 2}]}
    elif option.kind == "range":
        end = bounded("integer")
        schema = {"anyOf": [{"type": "string", "pattern": RANGE_TEXT.pattern},
                            {"type": "array", "items": [end, end], "minItems": 2, "maxItems": 2}]}
    elif option.kind == "text":
        schema = {"type": ["string", "integer"]}
    elif option.kind == "words":  # a box of lines too, each line one item, or words a comma apart
        schema = {"anyOf": [{"type": "array", "items": {"type": "string"}, "minItems": 1},
                            {"type": "string", "minLength": 1}], "maxLength": limits.CONFIG_BYTES,
                  "x-separators": ["line"] if option.lines else ["line", "comma"]}
    elif option.kind == "clues":  # lines of text: maxLength asks the studio for a box of lines
        pair = {"type": "object", "properties": {"word": {"type": "string"}, "clue": {"type": "string"}},
                "required": ["word", "clue"], "additionalProperties": False}
        word_to_clue = {"type": "object", "additionalProperties": {"type": ["string", "integer"]},
                        "minProperties": 1}  # WORD: clue, as YAML reads an unquoted pair
        one_pair = {**word_to_clue, "maxProperties": 1}
        items = {"anyOf": [{"type": "string", "pattern": ":"}, pair, one_pair]}
        schema = {"anyOf": [{"type": "array", "items": items, "minItems": 1}, word_to_clue,
                            {"type": "string", "minLength": 1}], "maxLength": limits.CONFIG_BYTES}
    else:
        raise ValueError(f"option {option.name}: unknown kind {option.kind}")
    schema = {"title": option.title(), **schema, "description": option.described()}
    if option.default is not None and not callable(option.default):
        schema["default"] = (option.format(option.default) if option.kind in ("size", "range")
                             else option.default)
    return schema
