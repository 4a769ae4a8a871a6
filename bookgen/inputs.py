"""Reading what a user hands bookgen: configs, layouts, puzzle banks, `solve` input.

Only an ordinary file (or standard input, '-') is read, and only up to a size limit, so /dev/zero
or a FIFO named as a config ends in one message instead of filling memory or waiting forever. The
file is opened without blocking and checked through its open descriptor, so nothing can swap it
for a pipe in between. Text is UTF-8, a leading byte-order mark allowed (as YAML allows it).
JSON is checked for nesting before it is parsed, since Python's parser recurses. The words,
clues and picture files a config or `--set KEY=@FILE` names are read here too, so the command
line reads them without the config code (which loads every type).
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bookgen import limits
from bookgen.errors import BookgenError, refuse_all
from bookgen.i18n import N_, _, current, ngettext
from bookgen.i18n.reasons import os_reason

if TYPE_CHECKING:
    from bookgen.core.options import Option

__all__ = ["clues_of", "parse_json", "read_bytes", "read_picture", "read_text", "whole_characters",
           "words_of"]


def read_text(path: str | Path, most: int, *, key: str | None = None) -> str:
    """The whole text of the file at `path` ('-' for standard input), at most `most` bytes."""
    name = "stdin" if str(path) == "-" else str(path)
    if str(path) == "-":
        stream = getattr(sys.stdin, "buffer", None)
        try:
            data = stream.read(most + 1) if stream is not None else sys.stdin.read(most + 1)
        except OSError as error:
            raise _cannot_read(name, error, key) from None
        if len(data) > most:
            raise _too_large(name, most, key)
    else:
        data = read_bytes(path, most, key=key)
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BookgenError(_("it is not UTF-8 text (byte {place} is {byte})").format(
            place=error.start + 1, byte=f"{data[error.start]:#04x}"), file=name, key=key) from None


def read_bytes(path: str | Path, most: int, *, key: str | None = None) -> bytes:
    """The whole content of the ordinary file at `path`, at most `most` bytes."""
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise BookgenError(_("no such file"), file=name, key=key) from None
    except OSError as error:
        raise _cannot_read(name, error, key) from None
    except ValueError:  # the only character no file name can hold
        raise BookgenError(_("no such file: a file name cannot hold the character U+0000"),
                           file=name.replace("\0", "\\0"), key=key) from None
    try:
        status = os.fstat(descriptor)
        if stat.S_ISDIR(status.st_mode):
            raise BookgenError(_("it is a folder, not a file"), file=name, key=key)
        if not stat.S_ISREG(status.st_mode):
            raise BookgenError(_("it is not an ordinary file (a device, pipe or socket); bookgen "
                                 "reads only files"), file=name, key=key)
        if status.st_size > most:
            raise _too_large(name, most, key)
        chunks = []
        left = most + 1
        while left > 0:
            chunk = os.read(descriptor, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as error:
        raise _cannot_read(name, error, key) from None
    finally:
        os.close(descriptor)
    if len(data) > most:  # it grew while it was read
        raise _too_large(name, most, key)
    return data


def _cannot_read(name: str, error: OSError, key: str | None) -> BookgenError:
    return BookgenError(_("cannot read it ({reason})").format(
        reason=os_reason(error)), file=name, key=key)


def _too_large(name: str, most: int, key: str | None) -> BookgenError:
    return BookgenError(_("it is larger than {size}, the most bookgen reads from such a file (see "
                          "docs/limits.md)").format(size=_size(most)), file=name, key=key)


def _size(count: int) -> str:
    if count >= 1024 * 1024:
        return f"{count // (1024 * 1024)} MB"
    return ngettext("{count} byte", "{count} bytes", count).format(count=current().number(count))


# The patterns here are compiled by `re` when first used (and kept in its cache), not at import:
# compiling them took a command that reads no JSON 2 ms.
_LONE_SURROGATE = "[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]"


def whole_characters(text: str) -> str:
    """`text` with each surrogate pair ("\\uD83D\\uDE00" in YAML or JSON) made the one character it
    stands for; a ValueError naming a lone half, which is no character: no file holds it as UTF-8
    and no page prints it."""
    if not re.search(_SURROGATE, text):
        return text
    lone = re.search(_LONE_SURROGATE, text)
    if lone:
        raise ValueError(_("{escape} (character {place}) is half of a UTF-16 surrogate pair, not a "
                           "character; write the character itself").format(
                               escape=f"\\u{ord(lone.group()):04X}", place=lone.start() + 1))
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le")


_SURROGATE = "[\ud800-\udfff]"
_ESCAPED_SURROGATE = r"\\u[dD][89a-fA-F]"


def _whole_strings(value: Any) -> None:
    """A ValueError from whole_characters for the first string (or key) of a JSON value that
    holds a lone surrogate half; JSON has joined the pairs already."""
    if isinstance(value, str):
        whole_characters(value)
    elif isinstance(value, list):
        for item in value:
            _whole_strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            _whole_strings(key)
            _whole_strings(item)


_STRING = r'"(?:[^"\\]|\\.)*"'
_NOT_BRACKET = r"[^\[\]{}]+"


def parse_json(text: str, file: str, line: int | None = None) -> Any:
    """One JSON value, or a BookgenError naming the file and line: for bad JSON, and for nesting
    deeper than limits.NESTING (which would make Python's parser recurse until it fails), and
    for a string that holds half of a surrogate pair ("\\ud800"), which no page or file can hold."""
    depth = 0
    for char in re.sub(_NOT_BRACKET, "", re.sub(_STRING, "", text)):
        depth += 1 if char in "[{" else -1
        if depth > limits.NESTING:
            raise BookgenError(_("the JSON is nested more than {most} levels deep, the most bookgen "
                                 "reads (see docs/limits.md)").format(most=limits.NESTING),
                               file=file, line=line)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise BookgenError(_("not valid JSON: {problem} (column {column})").format(
            problem=_json_problem(error.msg), column=error.colno), file=file, line=line) from None
    except ValueError:  # the only other failure: Python's cap on an integer's digits
        raise BookgenError(_("a number with more than {most} digits").format(
            most=sys.get_int_max_str_digits()), file=file, line=line) from None
    if re.search(_ESCAPED_SURROGATE, text):  # rare: only then look for a lone half in the strings
        try:
            _whole_strings(value)
        except ValueError as error:
            raise BookgenError(_("in a string: {problem}").format(problem=error), file=file,
                               line=line) from None
    return value


JSON_PROBLEMS = frozenset((
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
    N_("Extra data"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
))
"""Python's json module's descriptions of what is wrong (those of Python 3.10 to 3.13), said in
the current language; any other stays as Python words it."""


def _json_problem(problem: str) -> str:
    problem = re.sub(r"^Invalid control character '.*' at$", "Invalid control character at", problem)
    return _(problem) if problem in JSON_PROBLEMS else problem


def words_of(text: str, file: Path, spec: Option) -> list[str]:
    """A words file's words, one a line ('#' starts a comment), each checked by the option's
    spec; every bad one, and every word listed twice, named at its line of the file (also `--set
    words=@FILE` on the command line): a list of sixty was mended one word a build."""
    words: list[str] = []
    problems: list[BookgenError] = []
    first: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        word = line.split("#", 1)[0].strip()
        if word:
            try:
                spec.parse([word])
            except BookgenError as error:
                problems.append(BookgenError(error.message, file=str(file), line=number))
                continue
            if not spec.lines:  # a quotation's author may be quoted twice
                problems += _repeated(word, number, first, file)
            words.append(word)
    refuse_all(problems)
    return words


def _repeated(word: str, number: int, first: dict[str, int], file: Path) -> list[BookgenError]:
    """The refusal of `word` at line `number` where an earlier line (in `first`, by the word's
    letters as a grid runs them together) holds it already; none, noting it, where none does.
    The types refuse words their grids write alike (STRASSE and Straße) once every line reads."""
    letters = "".join(word.split()).casefold()
    if letters not in first:
        first[letters] = number
        return []
    return [BookgenError(_("the word {word} is listed twice (first on line {first})").format(
        word=word.strip().upper(), first=first[letters]), file=str(file), line=number)]


def read_picture(file: Path, spec: Option, size: tuple[int, int] | None) -> str:
    """A picture file's mask as text: a PNG reduced to `size` (the section's, if it sets one),
    else to the option's `high` on each side; a text file read as drawn."""
    from bookgen.core.masks import picture_mask, text_file_mask  # here: few commands read one

    if file.suffix.lower() == ".txt":
        return text_file_mask(read_text(file, limits.CONFIG_BYTES, key=spec.name), key=spec.name)
    side = int(spec.high or limits.PICTURE_SIDE)
    rows, cols = size or (side, side)
    return picture_mask(read_bytes(file, limits.PICTURE_BYTES, key=spec.name), rows, cols,
                        key=spec.name).text()


def clues_of(text: str, file: Path, spec: Option) -> list[Any]:
    """A clues file's pairs: one WORD: clue a line ('#' at a line's start for a comment), or a
    .csv's rows of word and clue (a first row "word, clue" is a heading; each row one line, so
    a quote left open is named at its line, not run into the next); every bad one, and every
    word listed twice, named at its line (also `--set clues=@FILE` on the command line): a
    publisher's file of six mistakes took five builds to mend."""
    import csv  # here: few commands read one

    items: list[tuple[int, Any]] = []
    problems: list[BookgenError] = []
    if file.suffix.lower() == ".csv":
        rows = 0
        for number, line in enumerate(text.splitlines(), 1):
            try:
                row = next(csv.reader([line], strict=True), [])
            except csv.Error as error:
                problems.append(BookgenError(_(
                    "{line} is not a row of two columns, word and clue ({error}: a quote opened "
                    "must close on its line, {example})").format(
                        line=repr(line), error=error, example='"like, this"'), file=str(file),
                    line=number))
                continue
            if not any(cell.strip() for cell in row):
                continue
            rows += 1
            if rows == 1 and [cell.strip().lower() for cell in row] == ["word", "clue"]:
                continue
            items.append((number, {"word": row[0], "clue": row[1]} if len(row) == 2 else line))
    else:
        items = [(number, line) for number, line in enumerate(text.splitlines(), 1)
                 if line.strip() and not line.lstrip().startswith("#")]
    first: dict[str, int] = {}
    for number, item in items:
        try:
            ((word, _clue),) = spec.parse([item])
        except BookgenError as error:
            problems.append(BookgenError(error.message, file=str(file), line=number))
            continue
        problems += _repeated(word, number, first, file)
    refuse_all(sorted(problems, key=lambda problem: problem.line or 0))
    return [item for _, item in items]
