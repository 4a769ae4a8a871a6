"""The one exception type a user ever sees: it carries a message fit to print, never a traceback."""

from __future__ import annotations


class BookgenError(Exception):
    """Bad input or an impossible request; the CLI prints it and exits with status 2."""

    language: str | None = None
    """The code of the language its message is said in where that is not the user's (a worksheet's
    reading of its options speaks its -L): the CLI says the "error:" before it in the same."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        key: str | None = None,
    ) -> None:
        self.message = printable(message)
        self.file = printable(file) if file is not None else None
        self.line = line
        self.key = printable(key) if key is not None else None
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file + (f":{self.line}" if self.line else "") + ": "
        elif self.line:
            where = f"line {self.line}: "
        key = f"{self.key}: " if self.key else ""
        return f"{where}{key}{self.message}"


class Refusals(BookgenError):
    """Several refusals found at once (every section of a book that cannot print at its trim):
    each is said on its own line, so a user mends them all before the next build."""

    def __init__(self, refusals: list[BookgenError], *, line: int | None = None,
                 key: str | None = None) -> None:
        self.refusals: tuple[BookgenError, ...] = tuple(each for refusal in refusals for each in (
            refusal.refusals if isinstance(refusal, Refusals) else (refusal,)))
        super().__init__("\n".join(str(refusal) for refusal in self.refusals))
        self.line, self.key = line, printable(key) if key is not None else None

    def __str__(self) -> str:
        """Each refusal on its line, as it names its own place: `line` and `key` only place them
        among a config's other problems (a words file's lines are said at the key naming it)."""
        return self.message


def refuse_all(problems: list[BookgenError]) -> None:
    """Raise the problems found, if any: one as it is, several at once (`Refusals`)."""
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise Refusals(problems)


def printable(text: str) -> str:
    """`text` with each lone surrogate (half of a UTF-16 pair, or a byte that was not UTF-8 in a
    file name or argument) written as its escape, \\udcff: a message any stream or page can take."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


class PuzzleFormatError(BookgenError):
    """A puzzle read from JSON breaks the format of its type."""


def shown(value: object) -> str:
    """A value as a person wrote it (in YAML or on the command line), for messages: never a
    Python repr of a dict or a tuple."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(shown(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key if isinstance(key, str) else shown(key)}: {shown(item)}"
                               for key, item in value.items()) + "}"
    return str(value)
