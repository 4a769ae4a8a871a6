"""YAML loading that remembers where every value came from, so errors can name file, line and key."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from bookgen import limits
from bookgen.errors import BookgenError
from bookgen.i18n import N_, _
from bookgen.inputs import read_text, whole_characters

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
    """PyYAML's safe loader, refusing values nested deeper than limits.NESTING (its composer
    recurses once per level, and 5,000 levels would end in a RecursionError), and turning every
    value it cannot make into Python (a date that does not exist, `!!float abc`, half of a
    surrogate pair) into a ConstructorError at that value, which parse_yaml names by key."""

    depth = 0

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.tagged: set[yaml.Node] = set()  # scalars written with a tag (`!!float abc`)

    def compose_scalar_node(self, anchor: Any) -> Any:
        tag = self.peek_event().tag
        node = super().compose_scalar_node(anchor)
        if tag not in (None, "!"):
            self.tagged.add(node)
        return node

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > limits.NESTING:
                mark = self.peek_event().start_mark
                raise BookgenError(_("values are nested more than {most} levels deep, the most "
                                     "bookgen reads (see docs/limits.md)").format(most=limits.NESTING),
                                   file=self.name, line=mark.line + 1)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except yaml.YAMLError:
            raise
        except Exception as error:  # whatever a constructor raises on a value it cannot read
            raise yaml.constructor.ConstructorError(
                None, None, _unreadable(self, node, error), node.start_mark) from None

    def construct_scalar(self, node: yaml.Node) -> Any:
        """The text of a scalar, its escaped surrogate pairs ("\\uD83D\\uDE00") made one
        character, as JSON reads them; a lone half is refused, as it is no character."""
        value = super().construct_scalar(node)
        try:
            return whole_characters(value) if isinstance(value, str) else value
        except ValueError as error:
            raise yaml.constructor.ConstructorError(None, None, str(error), node.start_mark) from None

    def flatten_mapping(self, node: yaml.MappingNode) -> None:
        """Merge keys (`<<: *defaults`) as PyYAML merges them; on a merge it cannot make, the
        mapping is put back as written, so the message can name the '<<' key."""
        written = list(node.value)
        try:
            super().flatten_mapping(node)
        except yaml.constructor.ConstructorError:
            node.value[:] = written
            raise

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        """An integer, refused when Python will not read that many digits."""
        digits = self.construct_scalar(node).lstrip("+-").replace("_", "")
        if digits.isdigit() and len(digits) > sys.get_int_max_str_digits():
            raise yaml.constructor.ConstructorError(
                None, None, _("a number with more than {most} digits").format(
                    most=sys.get_int_max_str_digits()), node.start_mark)
        return super().construct_yaml_int(node)

    def construct_foreign(self, node: yaml.Node) -> Any:
        raise yaml.constructor.ConstructorError(
            None, None, _("the tag {tag} is not one bookgen reads: a config holds text, numbers, true "
                          "or false, dates, lists and mappings").format(tag=_short_tag(node.tag)),
            node.start_mark)


_ShallowLoader.add_constructor("tag:yaml.org,2002:int", _ShallowLoader.construct_yaml_int)
for _tag in ("binary", "set", "omap", "pairs"):  # Python bytes, sets, lists of pairs: no key takes one
    _ShallowLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _ShallowLoader.construct_foreign)
_ShallowLoader.add_constructor(None, _ShallowLoader.construct_foreign)  # any other tag

_KINDS = {"int": N_("a whole number"), "float": N_("a number"), "bool": N_("true or false"),
          "timestamp": N_("a date or time")}
_PROBLEMS = {"found unhashable key": N_("a list or mapping is written as a key; keys are words")}
PYYAML_PROBLEMS = tuple((re.compile(pattern), message) for pattern, message in (
    (r"found character '\\t' that cannot start any token", N_("a tab: YAML indents with spaces only")),
    (r"found character (?P<found>'.*') that cannot start any token",
     N_("a value cannot begin with the character {found}; put the value in quotes")),
    (r"mapping values are not allowed here", N_("mapping values are not allowed here")),
    (r"could not find expected ':'", N_("could not find expected ':'")),
    (r"found undefined alias (?P<name>'.*')",
     N_("found undefined alias {name}: no anchor of that name above it")),
    (r"while scanning a quoted scalar: found unexpected end of stream",
     N_("a quotation mark is opened and never closed")),
    (r"found unexpected end of stream", N_("found unexpected end of stream")),
    (r"expected <block end>, but found (?P<found>'.*')",
     N_("this line is not indented as the lines above it (found {found})")),
    (r"expected ',' or '\]', but got (?P<found>'.*')",
     N_("a list in [ ] is not closed: expected ',' or ']', but found {found}")),
    (r"expected ',' or '\}', but got (?P<found>'.*')",
     N_("a mapping in braces is not closed: expected a comma or a closing brace, but found {found}")),
    (r"expected the node content, but found (?P<found>'.*')", N_("expected a value, but found {found}")),
    (r"found unknown escape character (?P<found>'.*')",
     N_("unknown escape character {found} after a backslash in double quotes; write \\\\ for a "
        "backslash, or use single quotes")),
    (r"expected alphabetic or numeric character, but found (?P<found>'.*')",
     N_("an anchor's or alias's name is letters and digits, but found {found}")),
    (r"second occurrence", N_("an anchor of this name is already written above")),
    (r"but found another document", N_("a config is one document, but a second begins here (---)")),
    (r"expected (?P<expected>.*), but found (?P<found>.*)", N_("expected {expected}, but found {found}")),
))
"""PyYAML's descriptions of the syntax errors a person's typo makes (a tab, a bad indent, a
bracket or quote left open, an alias without its anchor), matched on its problem (or its context
and problem) with the token it quotes, the first match winning; an unknown one stays as PyYAML
words it."""


_TOKENS = {"'<block mapping start>'": N_("a key"), "'<block sequence start>'": N_("a list item (-)"),
           "'<block end>'": N_("the end of an indented block"), "'<stream end>'": N_("the end of the file"),
           "'<scalar>'": N_("a value"), "'<document start>'": "'---'", "'<document end>'": "'...'",
           "'<alias>'": N_("an alias (*)"), "'<anchor>'": N_("an anchor (&)"), "'<tag>'": N_("a tag (!)"),
           "'<directive>'": N_("a directive (%)")}
"""PyYAML's names of the tokens it quotes in a problem, in the user's words ('<block mapping
start>' named nothing a person wrote): a character it quotes stays as it is."""


def _pyyaml_problem(context: str | None, problem: str) -> str:
    """PyYAML's problem in the user's words: its catalog message with the quoted token kept, or
    named in words where it is one of PyYAML's own (`_TOKENS`)."""
    for pattern, message in PYYAML_PROBLEMS:
        found = pattern.fullmatch(problem) or pattern.fullmatch(f"{context}: {problem}")
        if found:
            return _(message).format(**{key: _(_TOKENS[value]) if value in _TOKENS else value
                                        for key, value in found.groupdict().items()})
    return problem


def _short_tag(tag: str) -> str:
    return "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org,2002:") else tag


def _unreadable(loader: _ShallowLoader, node: yaml.Node, error: Exception) -> str:
    """Why a value could not be read, as the person who wrote it would put it."""
    tag = node.tag.removeprefix("tag:yaml.org,2002:")
    kind = _(_KINDS.get(tag, N_("a value of its tag")))
    text = node.value if isinstance(node.value, str) else ""
    # Python's reason helps for a date ("day is out of range for month"), not for "abc"
    why = f" ({error})" if tag == "timestamp" and len(str(error)) <= 40 else ""
    if node not in loader.tagged:
        return _("{text} reads as {kind}, and it is not one{why}; put it in quotes to keep it as "
                 "text").format(text=text, kind=kind, why=why)
    return _("{text} is not {kind}{why}, as its tag {tag} asks").format(
        text=_brief(text), kind=kind, why=why, tag=_short_tag(node.tag))


def _brief(text: str) -> str:
    shown = repr(text)
    return shown if len(shown) <= 60 else shown[:50] + f"... ({len(text)} characters)"


def parse_yaml(text: str, name: str) -> Source:
    try:
        loader = _ShallowLoader(text)
    except yaml.reader.ReaderError as error:  # found as the text is first read
        said = (_("character {code} (at character {place}) is not allowed in YAML: half of a UTF-16 "
                  "surrogate pair") if 0xD800 <= error.character <= 0xDFFF else
                _("character {code} (at character {place}) is not allowed in YAML: a control "
                  "character, or bytes that were not UTF-8"))
        raise BookgenError(said.format(code=f"U+{error.character:04X}", place=error.position + 1),
                           file=name, line=text.count("\n", 0, error.position) + 1) from None
    loader.name = name
    node = None
    try:
        node = loader.get_single_node()
        if node is not None:
            _expanded_size(node, name)
        data = loader.construct_document(node) if node is not None else None
    except yaml.constructor.ConstructorError as error:
        mark = error.problem_mark
        assert node is not None and mark is not None  # PyYAML marks every value it constructs
        problem = (_(_PROBLEMS[error.problem]) if error.problem in _PROBLEMS
                   else error.problem or _("this value cannot be read"))
        raise BookgenError(_("{problem} (column {column})").format(problem=problem, column=mark.column + 1),
                           file=name, line=mark.line + 1,
                           key=dotted(_path_at(node, mark.index)) or None) from None
    except yaml.MarkedYAMLError as error:
        typo = _typo(text, error)
        if typo is not None:
            raise BookgenError(_("YAML syntax error, column {column}: {problem}").format(
                column=typo[1], problem=typo[2]), file=name, line=typo[0]) from None
        at_the_end = "end of stream" in str(error.problem) or "<stream end>" in str(error.problem)
        # a quote or bracket left open is named where it opens, not at the end of the file
        mark = (error.context_mark if at_the_end and error.context_mark else
                error.problem_mark or error.context_mark)
        line = mark.line + 1 if mark else None
        problem = (_pyyaml_problem(error.context, error.problem or error.context)
                   if error.problem or error.context else _("invalid YAML"))
        said = (_("YAML syntax error, column {column}: {problem}") if mark else
                _("YAML syntax error: {problem}"))
        raise BookgenError(said.format(column=mark.column + 1 if mark else "", problem=problem),
                           file=name, line=line) from None
    except yaml.YAMLError as error:
        raise BookgenError(_("YAML error: {error}").format(error=error), file=name) from None
    finally:
        loader.dispose()
    lines: dict[KeyPath, int] = {}
    if node is not None:
        _record_lines(node, (), lines, name)
    return Source(name, data, lines)


_KEY_VALUE = re.compile(r"^(?P<lead>\s*(?:-\s+)?)(?P<key>[^\s:#'\"][^:#]*?):[ \t]+(?P<value>.*?)\s*$")
_ESCAPE = re.compile(r"expected escape sequence of \d+ hexadecimal numbers")


def _typo(text: str, error: yaml.MarkedYAMLError) -> tuple[int, int, str] | None:
    """The line, column and words for a typo a person makes and PyYAML names only by its grammar
    ("mapping values are not allowed here"): a colon and a space inside a value, an apostrophe
    inside single quotes, a key indented more than the one above, a key without its colon, a
    backslash in double quotes (a Windows path), a tab after a colon; None for any other."""
    mark = error.problem_mark
    lines = text.splitlines()
    if mark is None or mark.line >= len(lines):
        return None
    number, line, column = mark.line + 1, lines[mark.line], mark.column
    problem = str(error.problem)
    if _ESCAPE.match(problem):
        return number, column + 1, _(
            "a backslash in double quotes starts an escape (\\n, \\t, \\U...); for a path write "
            "forward slashes (C:/Users/...) or put it in single quotes ('C:\\Users\\...')")
    if problem.startswith("found character '\\t'") and line[:column].strip():
        return number, column + 1, _("a tab after the colon; YAML takes only spaces there: write one "
                                     "space instead")
    if 0 < column < len(line) and line[column - 1] == "'" and line[column - 2:column - 1].isalpha() \
            and line[column].isalpha():  # Sam's inside 'Sam's puzzles'
        pair = _KEY_VALUE.match(line)
        value = pair["value"] if pair else ""
        if pair and value.startswith("'") and value.endswith("'") and '"' not in value:
            return number, column + 1, _(
                "the text in single quotes holds an apostrophe, which ends it; use double quotes: "
                "{fixed}").format(fixed=f'{pair["key"]}: "{value[1:-1]}"')
        return number, column + 1, _("an apostrophe inside single quotes ends the text; put text "
                                     "that holds an apostrophe in double quotes (\"Sam's\")")
    if problem != "mapping values are not allowed here":
        return None
    pair = _KEY_VALUE.match(line)
    if pair and ": " in line[pair.start("value"):column + 2]:  # title: Puzzles: for kids
        value = pair["value"]
        fixed = f'{pair["key"]}: "{value}"' if '"' not in value else f"{pair['key']}: '{value}'"
        return number, column + 1, _(
            "the value of {key} holds ': ' (a colon and a space), which YAML reads as the start of a "
            "key; put the value in quotes: {fixed}").format(key=f"'{pair['key']}'", fixed=fixed)
    above = next((place for place in range(mark.line - 1, -1, -1)
                  if lines[place].strip() and not lines[place].lstrip().startswith("#")), None)
    if above is None:
        return None
    written, indent = lines[above], len(line) - len(line.lstrip())
    words = re.fullmatch(r"(\s*(?:-\s+)?)(\w+)\s+(.+?)\s*", written)
    if words and ":" not in written:  # - type maze
        return above + 1, len(words[1]) + 1, _("{written} has no colon after its key; write {fixed}").format(
            written=f"'{written.strip()}'", fixed=f"{words[1].strip()} {words[2]}: {words[3]}".strip())
    lined_up = _KEY_VALUE.match(written)
    if lined_up and indent > len(lined_up["lead"]):  # a key one space too far in
        return number, indent + 1, _("this line is indented more than the line above; line {key} up "
                                     "with {above}").format(key=f"'{line.strip().split(':')[0]}:'",
                                                            above=f"'{lined_up['key']}:'")
    return None


def _path_at(root: yaml.Node, index: int) -> KeyPath:
    """The key path of the innermost value (or key) that starts at character `index` of the text
    (a mapping starts where its first key does); a key is named by its text, as written."""
    found: KeyPath = ()
    seen: set[int] = set()
    todo: list[tuple[yaml.Node, KeyPath]] = [(root, ())]
    while todo:
        node, path = todo.pop()
        if node.start_mark.index == index and len(path) >= len(found):
            found = path
        if id(node) in seen or node.start_mark.index > index:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                label = key.value if isinstance(key, yaml.ScalarNode) else "?"
                todo += [(key, path + (label,)), (value, path + (label,))]
        elif isinstance(node, yaml.SequenceNode):
            todo += [(item, path + (number,)) for number, item in enumerate(node.value)]
    return found


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
            raise BookgenError(_("an alias refers to the value that contains it; YAML aliases must "
                                 "not repeat themselves"), file=name, line=node.start_mark.line + 1)
        active.add(key)
        total = 1
        if isinstance(node, yaml.MappingNode):
            total += sum(size(k) + size(v) for k, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            total += sum(size(item) for item in node.value)
        active.discard(key)
        if total > limits.YAML_VALUES:
            raise BookgenError(_("the YAML expands to more than {most} values through its aliases "
                                 "(&name / *name); a book config is far smaller, so it is refused").format(
                                     most=f"{limits.YAML_VALUES:,}"), file=name)
        sizes[key] = total
        return total

    return size(root)


def _record_lines(node: yaml.Node, path: KeyPath, lines: dict[KeyPath, int], name: str) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key_node, value_node in node.value:
            key = key_node.value
            key = whole_characters(key) if isinstance(key, str) else key  # as the loader made it
            if key in seen:
                raise BookgenError(_("this key appears twice"), file=name,
                                   line=key_node.start_mark.line + 1, key=dotted(path + (key,)))
            seen.add(key)
            _record_lines(value_node, path + (key,), lines, name)
            lines[path + (key,)] = key_node.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _record_lines(item, path + (index,), lines, name)
