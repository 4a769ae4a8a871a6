"""The puzzle JSON's schemas, tied to the envelope, to what the types validate and to
docs/format.md.

Every registered type (the built-in ones, any a plug-in installed here adds, and the example
plug-in in tests/example_type/) names a JSON Schema of one whole line (`PuzzleType.json_schema`),
which refers to the fields every line shares, bookgen/puzzles/envelope.schema.json, by its $id.
That every line a type makes keeps its schema closed (so the schema names every field written)
is the contract's check `follows-its-schema` (tests/test_contract.py); here: the schema itself
leaves every object open, as docs/format.md promises, requires what the type's validate needs,
and docs/format.md names its fields. The lines read are the contract's (`contract.made`), made
once per process for every level and showcase request and shared with the contract's checks.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from importlib import resources
from typing import Any

import pytest
from test_plugins import example_registered

from bookgen import contract
from bookgen.config import ROOT
from bookgen.core.grading import ALL_LEVELS
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles import BUILT_IN, PUZZLE_TYPES, find_type, type_file

jsonschema = pytest.importorskip("jsonschema", reason="pip install -e '.[test]' installs it")

with example_registered():
    NAMES = [t.name for t in PUZZLE_TYPES]
BUILT_IN_NAMES = [t.name for t in BUILT_IN]
MADE_NAMES = [pytest.param(name, marks=pytest.mark.xdist_group(f"contract-{name}")) for name in NAMES]
"""NAMES for tests that read the type's made lines (`lines_of`): each on the worker of the type's
contract checks (tests/test_contract.py's group), which has made those very puzzles already."""
ENVELOPE = json.loads(resources.files("bookgen.puzzles").joinpath(contract.ENVELOPE)
                      .read_text(encoding="utf-8"))
FORMAT = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
LATER = "field_of_a_later_version"


@pytest.fixture(scope="module", autouse=True)
def registry():
    """Every type in NAMES registered while this module's tests run."""
    with example_registered():
        yield


def schema_of(name: str) -> dict[str, Any]:
    """The type's schema; every built-in type has one, a plug-in's may leave its JSON in prose."""
    puzzle_type = find_type(name)
    if not puzzle_type.json_schema:
        assert name not in BUILT_IN_NAMES, f"{name} names no json_schema"
        pytest.skip(f"the plug-in type {name} states its JSON in prose only (no json_schema)")
    return json.loads(type_file(puzzle_type, puzzle_type.json_schema))


@functools.cache
def validator_of(name: str, closed: bool = False) -> Any:
    """The type's lines' validator, the envelope resolved; `closed`: every object closed, as the
    contract checks lines (`contract.closed_objects`)."""
    return contract.line_validator(find_type(name), closed)


def lines_of(name: str) -> list[tuple[str, dict[str, Any]]]:
    """The type's lines, made once per process (the contract's), each with what it answers."""
    puzzle_type = find_type(name)
    return [(f"{level} {options}", contract.made(puzzle_type, level, options).to_json())
            for level, options in contract.requests(puzzle_type)]


def objects_closed(schema: Any, where: str = "#") -> list[str]:
    """Where the schema closes an object to fields it does not name."""
    if isinstance(schema, list):
        return [found for index, item in enumerate(schema)
                for found in objects_closed(item, f"{where}/{index}")]
    if not isinstance(schema, dict):
        return []
    found = [f"{where}/{key}" for key in ("additionalProperties", "unevaluatedProperties")
             if schema.get(key) is False]
    return found + [hit for key, value in schema.items() if key not in ("enum", "const")
                    for hit in objects_closed(value, f"{where}/{key}")]


def problems(checker: Any, line: dict[str, Any]) -> list[str]:
    return [f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
            for error in checker.iter_errors(line)]


def enum_of(schema: dict[str, Any]) -> list[Any]:
    return list(schema.get("enum", [schema.get("const")]))


# --- the envelope: the fields every line holds -----------------------------------------------------

def _common_fields() -> list[str]:
    """The fields docs/format.md's table lists as every line's: its rows before "## Per type"."""
    return re.findall(r"^\| `(\w+)` \|", FORMAT.split("## Per type")[0], re.MULTILINE)


def test_the_envelope_requires_the_fields_docs_format_lists_and_knows_every_level():
    jsonschema.Draft202012Validator.check_schema(ENVELOPE)
    assert ENVELOPE["required"] == _common_fields()
    assert ENVELOPE["required"] == ["type", "id", "difficulty", "rating", "puzzle", "solution"]
    for optional in set(ENVELOPE["properties"]) - set(ENVELOPE["required"]):
        assert f"`{optional}`" in FORMAT, f"docs/format.md does not name the envelope's {optional!r}"
    assert ENVELOPE["$defs"]["level"]["enum"] == list(ALL_LEVELS)
    assert objects_closed(ENVELOPE) == []


def test_the_envelope_refuses_a_line_without_a_common_field_and_keeps_a_books_numbers():
    line = lines_of("sudoku")[0][1]
    envelope = jsonschema.Draft202012Validator(ENVELOPE)
    assert envelope.is_valid(line)
    for key in ENVELOPE["required"]:
        assert not envelope.is_valid({k: v for k, v in line.items() if k != key}), key
    assert not envelope.is_valid({**line, "rating": {"score": 1}})
    assert not envelope.is_valid({**line, "difficulty": "impossible"})
    assert not envelope.is_valid({**line, "id": "sudoku:easy"})
    assert envelope.is_valid({**line, "id": ""})  # a bank line's puzzle that came without one
    assert envelope.is_valid({**line, "number": 12, "version": "B"})
    assert not envelope.is_valid({**line, "number": 0})


# --- each type's schema ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_a_types_schema_refers_to_the_envelope_and_states_its_name_and_levels(name):
    schema = schema_of(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$ref"] == ENVELOPE["$id"]
    assert schema["type"] == "object"
    fields = schema["properties"]
    assert fields["type"] == {"const": name}
    levels = list(find_type(name).levels)
    assert enum_of(fields["difficulty"]) == levels
    assert fields["rating"]["type"] == "object" and "level" in fields["rating"]["required"]
    assert enum_of(fields["rating"]["properties"]["level"]) == levels
    for part in ("puzzle", "solution"):
        assert fields[part]["type"] == "object" and fields[part]["required"], part
    if name in BUILT_IN_NAMES:
        assert schema["$id"] == f"https://bookgen.invalid/schema/{name}.json"


def test_no_two_types_share_a_schemas_id():
    ids = [schema_of(name)["$id"] for name in NAMES if find_type(name).json_schema]
    assert len(set(ids)) == len(ids) and ENVELOPE["$id"] not in ids


@pytest.mark.parametrize("name", MADE_NAMES)
def test_a_schema_leaves_every_object_open_for_fields_a_later_version_adds(name):
    """No object of the schema refuses a field it does not name, while its closed form (what the
    contract holds lines to) refuses one at the top of a line, in its puzzle, its solution and
    its rating."""
    assert objects_closed(schema_of(name)) == []
    made = lines_of(name)[0][1]
    for part in (None, "puzzle", "solution", "rating"):
        line = copy.deepcopy(made)
        (line[part] if part else line)[LATER] = 1
        assert problems(validator_of(name), line) == [], part
        assert problems(validator_of(name, closed=True), line), part


@pytest.mark.parametrize("name", MADE_NAMES)
def test_a_schema_requires_what_the_types_validate_needs(name):
    """Each puzzle field the schema requires is one the type's validate refuses a puzzle without
    (a book passes on a bank's lines as validate accepts them), and a line without it breaks the
    schema."""
    puzzle_type, schema = find_type(name), schema_of(name)
    for asked, line in lines_of(name):
        for key in schema["properties"]["puzzle"]["required"]:
            without = {**line, "puzzle": {k: v for k, v in line["puzzle"].items() if k != key}}
            with pytest.raises(PuzzleFormatError):
                puzzle_type.validate(without["puzzle"])
            assert problems(validator_of(name), without), f"{asked}: {key}"


# --- docs/format.md: a section per type naming its fields ----------------------------------------------

def _sections() -> dict[str, str]:
    """Each type's entry under "## Per type" (a list item naming one type or more), by type name."""
    per_type = FORMAT.split("## Per type")[1]
    found = {}
    for item in re.findall(r"^- (.+?)(?=^- |^\S|\Z)", per_type, re.MULTILINE | re.DOTALL):
        head = item.split(":")[0]
        for name in re.findall(r"`(\w+)`", head):
            found[name] = item
    return found


@pytest.mark.parametrize("name", BUILT_IN_NAMES)
def test_docs_format_has_a_section_per_type_naming_every_field_of_its_schema(name):
    section = _sections().get(name)
    assert section, f"docs/format.md has no entry `{name}`: under '## Per type'"
    fields = schema_of(name)["properties"]
    for part in ("puzzle", "solution"):
        for key in fields[part]["properties"]:
            assert f'"{key}"' in section, f"docs/format.md's {name} does not name its {part}'s {key!r}"
