"""YAML loading that remembers where every value came from, so errors can name file, line and key."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from bookgen import limits
from bookgen.errors import BookgenError
from bookgen.inputs import read_text

KeyPath = tuple[Any, ...]


@dataclass(frozen=True)
class Source:
    """A parsed YAML document plus the line (1-based) of each value, keyed by its path."""

    file: str
    data: Any
    lines: dict[KeyPath, int]

    def line(self, path: KeyPath) -> int | None:
        """The line of the value at path, or of its nearest parent that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def error(self, path: KeyPath, message: str) -> BookgenError:
        return BookgenError(message, file=self.file, line=self.line(path), key=dotted(path) or None)


def dotted(path: KeyPath) -> str:
    """('sections', 0, 'count') -> 'sections[0].count'."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def load_yaml(path: str | Path) -> Source:
    """Read and parse a YAML file; a clear BookgenError for missing files and syntax errors."""
    return parse_yaml(read_text(path, limits.CONFIG_BYTES), str(path))


class _ShallowLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing values nested deeper than limits.NESTING: its composer
    recurses once per level, and 5,000 levels would end in a RecursionError."""

    depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > limits.NESTING:
                mark = self.peek_event().start_mark
                raise BookgenError(f"values are nested more than {limits.NESTING} levels deep, the "
                                   "most bookgen reads (see docs/limits.md)", file=self.name,
                                   line=mark.line + 1)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        """An integer, refused with its line when Python will not read that many digits."""
        try:
            return super().construct_yaml_int(node)
        except ValueError:
            raise BookgenError(f"a number with more than {sys.get_int_max_str_digits()} digits",
                               file=self.name, line=node.start_mark.line + 1) from None


_ShallowLoader.add_constructor("tag:yaml.org,2002:int", _ShallowLoader.construct_yaml_int)


def parse_yaml(text: str, name: str) -> Source:
    try:
        loader = _ShallowLoader(text)
    except yaml.reader.ReaderError as error:  # found as the text is first read
        raise BookgenError(f"character U+{error.character:04X} (at character {error.position + 1}) "
                           "is not allowed in YAML: a control character, or bytes that were not "
                           "UTF-8", file=name) from None
    loader.name = name
    try:
        node = loader.get_single_node()
        if node is not None:
            _expanded_size(node, name)
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        column = f", column {mark.column + 1}" if mark else ""
        problem = error.problem or error.context or "invalid YAML"
        raise BookgenError(f"YAML syntax error{column}: {problem}", file=name, line=line) from None
    except yaml.YAMLError as error:
        raise BookgenError(f"YAML error: {error}", file=name) from None
    finally:
        loader.dispose()
    lines: dict[KeyPath, int] = {}
    if node is not None:
        _record_lines(node, (), lines, name)
    return Source(name, data, lines)


def _expanded_size(root: yaml.Node, name: str) -> int:
    """How many values the document holds once every alias is expanded, counted over the composed
    node graph (an alias is the same node object again, so this stays cheap); refuses an alias
    that contains itself and a document past limits.YAML_VALUES ("billion laughs")."""
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def size(node: yaml.Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in active:
            raise BookgenError("an alias refers to the value that contains it; YAML aliases must "
                               "not repeat themselves", file=name, line=node.start_mark.line + 1)
        active.add(key)
        total = 1
        if isinstance(node, yaml.MappingNode):
            total += sum(size(k) + size(v) for k, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            total += sum(size(item) for item in node.value)
        active.discard(key)
        if total > limits.YAML_VALUES:
            raise BookgenError(f"the YAML expands to more than {limits.YAML_VALUES:,} values through its "
                               "aliases (&name / *name); a book config is far smaller, so it is "
                               "refused", file=name)
        sizes[key] = total
        return total

    return size(root)


def _record_lines(node: yaml.Node, path: KeyPath, lines: dict[KeyPath, int], name: str) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key_node, value_node in node.value:
            key = key_node.value
            if key in seen:
                raise BookgenError("this key appears twice", file=name,
                                   line=key_node.start_mark.line + 1, key=dotted(path + (key,)))
            seen.add(key)
            _record_lines(value_node, path + (key,), lines, name)
            lines[path + (key,)] = key_node.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _record_lines(item, path + (index,), lines, name)
