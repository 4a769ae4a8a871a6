"""Typed puzzle options: one spec per option parses YAML values and `--set key=value` strings alike.

A type lists its options as `Option` records; `parse_options` turns raw user values into checked
Python values (or raises one clear `BookgenError` naming the key and what is allowed). Options a user
did not set are left out of the parsed mapping (a puzzle's id names only what was set); each spec's
`default` fills them in when a request is settled (see `Request` in bookgen.puzzles.base).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bookgen.errors import BookgenError, shown
from bookgen.i18n import N_, _, current, ngettext, pgettext

SIZE_TEXT = re.compile(r"^\s*(\d+)\s*(?:[xX×]\s*(\d+))?\s*$")
RANGE_TEXT = re.compile(r"^\s*(-?\d+)\s*(?:-|\.\.)\s*(-?\d+)\s*$")
WORDS_FILE = re.compile(r"[./\\]")
"""A `words` option given as one YAML string names a file (relative to the config) when it holds
a dot or a slash, which no word does; otherwise it is the words themselves, split at commas."""
CLUES_FILE = re.compile(r"^[^\n:]+\.(?:txt|csv)$", re.IGNORECASE)
"""A `clues` option given as one YAML string names a file (relative to the config) when it is one
line ending in .txt or .csv and holds no colon (every pair does: WORD: clue); otherwise it is the
pairs themselves, one a line."""


@dataclass(frozen=True)
class Option:
    """One option of a puzzle type.

    kind is one of: int, float, bool, choice, size (N or RxC -> (rows, cols)), range (lo-hi -> (lo, hi)),
    text, words (a YAML list of words, or one text of them a comma or a line apart ("a, b, c" on
    the command line and in ids) -> a tuple of words; a config may name a file instead, which its
    loader reads: `WORDS_FILE`), clues (word
    and clue pairs: a YAML list of {word, clue} or "WORD: clue" items, or "WORD: clue" lines in
    one text -> a tuple of (word, clue) pairs; a config may name a file: `CLUES_FILE`). `low`/`high`
    bound numbers, sizes (each side) and ranges; `choices` bounds `choice`;
    `check` returns an error text for values the simple bounds cannot express.

    What a front end shows (the studio, `bookgen types`, `bookgen schema`) is the type's own, as
    messages translated in its catalogs, so no front end keeps a table of a type's options:
    `label` is the option's short name, a message ("Rows", marked N_("Rows")), the key by default;
    `help` a message whose {named} placeholders `help_values` fills; `words` names each choice, as
    data: a mapping of each choice to a message written as it reads inside a sentence
    ({"whole": N_("whole numbers")}; a menu starts it with a capital), or, for names no catalog
    holds, a function of the choice in the current language (`language_name`: Babel's). A choice
    without words shows itself. One English text is one message in every catalog: two types that
    both say "classic" share its translation, so where a language would need two, the English
    says more ("classic pyramid").

    `spellings` are other ways of writing a choice, each read as the choice it names
    ({"colors": "colours"}: a US author's word for the British one a list is named by): the
    same puzzles, ids and pages as the choice, and no menu shows them.

    `titles` names a section set apart from its kin by a choice the way a buyer reads it: a
    mapping of choices to whole titles, as messages ({"killer": N_("Killer Sudoku")}), which a
    default title takes in place of the type's name with the choice in brackets ("Sudoku
    (killer)"), also where the section is alone of its type; a choice it leaves out is said by
    `words` in brackets.

    `in_title` says how a section's default title names a number of this option, as a message
    with `{value}` ("{value} words": "Crossword (12 words)"), or a bool option that is on, as
    words inside a title ("for children"); without one, by its label ("Number Pyramids (Rows:
    6)").

    `picture` marks a text option that takes a shape (`bookgen.core.masks`): a config may name a
    picture file beside it instead (a PNG, or a text mask), which its loader reads and reduces to
    the section's `size` (or to `high` x `high` without one) and passes on as the mask's text.

    `lines` marks a words option whose items hold commas of their own (quotations): its help says
    one a line, and the studio's box of lines takes each line whole.

    `default` is the value when the user sets none: a plain value, or a function of the level and
    the settings of the options listed before it (a default that depends on them, such as rows
    by variant and level); None means the generator chooses.
    """

    name: str
    kind: str
    help: str
    default: Any = None
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    spellings: Mapping[str, str] = field(default_factory=dict)
    check: Callable[[Any], str | None] | None = None
    help_values: Mapping[str, Any] = field(default_factory=dict)
    words: Mapping[str, str] | Callable[[str], str] | None = None
    label: str = ""
    picture: bool = False
    titles: Mapping[str, str] = field(default_factory=dict)
    in_title: str = ""
    lines: bool = False

    def described(self) -> str:
        """The help line and what a user may write, in the current language: `bookgen types` and
        `bookgen schema` (English) and the studio (the interface's language)."""
        return ALLOWED_AFTER_HELP.format(help=said(self.help, self.help_values),
                                         allowed=self.allowed(spoken=True))

    def title(self) -> str:
        """The option's label in the current language (its key where it has none)."""
        return _(self.label) if self.label else self.name

    def word(self, choice: str) -> str:
        """How the current language names `choice`, as a menu lists it (a function of `words` may
        answer with the choice itself in English, as help lines do)."""
        if callable(self.words):
            return self.words(choice)
        message = (self.words or {}).get(choice)
        return _(message) if message else choice

    def default_for(self, level: str, earlier: Mapping[str, Any]) -> Any:
        """The default for a request at `level` whose earlier options are settled as `earlier`."""
        return self.default(level, earlier) if callable(self.default) else self.default

    def allowed(self, spoken: bool = False, named: bool = True) -> str:
        """What a user may write: in English, or `spoken` in the current language with each
        choice named by `words` (a help line) or, not `named`, by its YAML word (an error
        message: what a config takes)."""
        say = _ if spoken else _same
        if self.kind == "choice":
            named_choices = (spoken_choice(choice, self.word(choice)) if spoken and named else choice
                             for choice in self.choices)
            return say(ONE_OF).format(choices=", ".join(named_choices))
        if self.kind == "bool":
            return say(TRUE_OR_FALSE)
        if self.kind == "text":
            return say(TEXT)
        if self.kind == "words":
            return say(LINES if self.lines else WORDS)
        if self.kind == "clues":
            return say(CLUES)
        if self.low is None or self.high is None:
            return say({"size": ANY_SIZE, "range": ANY_RANGE, "int": ANY_WHOLE}.get(self.kind, ANY_NUMBER))
        bounds = {"low": _fmt(self.low), "high": _fmt(self.high)}
        if self.kind == "size":
            return say(SIZE_BOUNDS).format(**bounds)
        if self.kind == "range":
            return say(RANGE_BOUNDS).format(**bounds)
        return say(WHOLE_BOUNDS if self.kind == "int" else NUMBER_BOUNDS).format(**bounds)

    def parse(self, raw: Any) -> Any:
        """Turn a YAML value or command-line string into a checked value."""
        value = self._convert(raw)
        if self.check is not None:
            problem = self.check(value)
            if problem:
                raise BookgenError(problem, key=self.name)
        return value

    def format(self, value: Any) -> str:
        """The canonical text of a parsed value: parse(format(v)) == v; used in puzzle ids."""
        if self.kind == "size":
            return f"{value[0]}x{value[1]}"
        if self.kind == "range":
            return f"{value[0]}..{value[1]}"
        if self.kind == "bool":
            return "true" if value else "false"
        if self.kind == "words":
            return ",".join(value)
        if self.kind == "clues":
            return "\n".join(f"{word}: {clue}" for word, clue in value)
        return str(value)

    def refusal(self) -> str:
        """What a user may write, as an error message says it: in the current language, each
        choice by its YAML word (English is the `allowed()` of old, word for word)."""
        return self.allowed(spoken=current().code != "en", named=False)

    def _fail(self, raw: Any, near: str | None = None) -> BookgenError:
        """The refusal of a value, with the choice it nearly is (`near`: 'hexx' for 'hex')."""
        if near is not None:
            return BookgenError(_(NOT_ALLOWED_NEAR).format(value=shown(raw), near=repr(near),
                                                           allowed=self.refusal()), key=self.name)
        return BookgenError(_(NOT_ALLOWED_USE).format(value=shown(raw), allowed=self.refusal()),
                            key=self.name)

    def _near_choice(self, text: str) -> str | None:
        """The choice a refused word is a slip of ('hexx', 'Hex'), as a misspelt key's is found;
        none for a number (a sudoku's size 99 is no slip of 9)."""
        if not any(char.isalpha() for char in text):
            return None
        if self.words is language_name:
            named = language_named(text, self.choices)
            if named is not None:
                return named
        return nearest(text.lower(), [str(choice) for choice in self.choices])

    def _pairs(self, raw: Any) -> tuple[tuple[str, str], ...]:
        """Word and clue pairs from a list of {word, clue} or "WORD: clue" items, from lines, or
        from a mapping of WORD: clue, which is also what YAML reads an unquoted `- WORD: clue`
        item as (a mapping of one pair)."""
        items = (raw.splitlines() if isinstance(raw, str)
                 else [raw] if isinstance(raw, dict) and set(raw) == {"word", "clue"}
                 else [{word: clue} for word, clue in raw.items()] if isinstance(raw, dict) else raw)
        if not isinstance(items, (list, tuple)):
            raise self._fail(raw)
        pairs = []
        for item in items:
            if isinstance(item, dict) and set(item) == {"word", "clue"} and all(
                    isinstance(v, (str, int)) for v in item.values()):
                word, clue = str(item["word"]), str(item["clue"])
            elif (written := self._written_pair(item)) is not None:
                word, clue = written
            elif isinstance(item, str) and ":" in item:
                word, clue = item.split(":", 1)
            elif isinstance(item, str) and not item.strip():
                continue
            else:
                raise BookgenError(_("{item} is not a word and its clue; write WORD: clue").format(
                    item=shown(item)), key=self.name)
            if not word.strip():
                raise BookgenError(_("{item} has no word before its colon; write WORD: clue").format(
                    item=shown(item)), key=self.name)
            if not clue.strip():
                raise BookgenError(_("{item} has no clue after its colon; write WORD: clue").format(
                    item=shown(item)), key=self.name)
            word, clue = _text(word, self.name).strip(), " ".join(_text(clue, self.name).split())
            pairs.append((word, clue))
        if not pairs:
            raise BookgenError(_("the list of clues is empty; use {allowed}").format(
                allowed=self.refusal()), key=self.name)
        return tuple(pairs)

    def _written_pair(self, item: Any) -> tuple[str, str] | None:
        """A `WORD: clue` pair as YAML reads it unquoted (a mapping of one pair), or None where the
        item is none. A word or clue YAML took for true or false (YES, NO, ON, OFF unquoted), or a
        clue it took for a decimal number (0.5), is refused asking for quotes, since YAML keeps no
        trace of how it was written; no clue (`WORD:`) is an empty one."""
        if not isinstance(item, dict) or len(item) != 1 or set(item) & {"word", "clue"}:
            return None
        ((word, clue),) = item.items()
        if isinstance(word, bool) or isinstance(clue, bool):
            raise BookgenError(_("{item} was read as true or false, as YAML reads YES, NO, ON and OFF "
                                 "unquoted; put the word or the clue in quotes ('ON': ...)").format(
                                     item=shown(item)), key=self.name)
        if isinstance(clue, float):  # HALF: 0.5, as a maths teacher writes it
            raise BookgenError(_("{item} was read as a number, which YAML keeps without the way it "
                                 "was written (2.50 as 2.5); put the clue in quotes ({word}: "
                                 "\"{clue}\")").format(item=shown(item), word=word, clue=clue),
                               key=self.name)
        if not isinstance(word, (str, int)) or not isinstance(clue, (str, int, type(None))):
            return None  # not a word and its clue (the caller says so)
        return str(word), "" if clue is None else str(clue)

    def _not_words(self, items: Sequence[Any]) -> str:
        """Which items of a YAML list are not text, by their place: YAML reads yes, no, on and off
        unquoted as true and false, and 12 as a number, keeping no trace of how they were written."""
        from bookgen.i18n.conjunctions import joined

        places = {kind: [str(place) for place, item in enumerate(items, 1) if test(item)] for kind, test in (
            ("bool", lambda item: isinstance(item, bool)),
            ("number", lambda item: isinstance(item, (int, float)) and not isinstance(item, bool)),
            ("other", lambda item: not isinstance(item, (str, int, float))))}
        said = []
        if places["bool"]:
            said.append(ngettext(
                "item {places} ({values}) was read as true or false, as YAML reads yes, no, on and off "
                "unquoted: put it in quotes",
                "items {places} ({values}) were read as true or false, as YAML reads yes, no, on and off "
                "unquoted: put them in quotes", len(places["bool"])).format(
                    places=joined(places["bool"]),
                    values=", ".join(shown(items[int(place) - 1]) for place in places["bool"])))
        if places["number"]:
            said.append(ngettext("item {places} ({values}) is a number, not a word",
                                 "items {places} ({values}) are numbers, not words",
                                 len(places["number"])).format(
                places=joined(places["number"]),
                values=", ".join(shown(items[int(place) - 1]) for place in places["number"])))
        if places["other"]:
            said.append(ngettext("item {places} is a list or mapping, not a word ('Mia: x' unquoted is a "
                                 "mapping)",
                                 "items {places} are lists or mappings, not words ('Mia: x' unquoted "
                                 "is a mapping)", len(places["other"])).format(
                places=joined(places["other"])))
        return "; ".join(said)

    def _in_bounds(self, number: float) -> bool:
        return (self.low is None or number >= self.low) and (self.high is None or number <= self.high)

    def _convert(self, raw: Any) -> Any:
        if self.kind == "int":
            if isinstance(raw, bool):
                raise self._fail(raw)
            try:
                number = int(str(raw).strip())
            except ValueError:
                raise self._fail(raw) from None
            if not self._in_bounds(number):
                raise self._fail(raw)
            return number
        if self.kind == "float":
            if isinstance(raw, bool):
                raise self._fail(raw)
            try:
                real = float(str(raw).strip())
            except ValueError:
                raise self._fail(raw) from None
            if not self._in_bounds(real):
                raise self._fail(raw)
            return real
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("true", "yes", "on", "1"):
                return True
            if text in ("false", "no", "off", "0"):
                return False
            raise self._fail(raw)
        if self.kind == "choice":
            text = str(raw).strip()
            text = self.spellings.get(text, text)
            if text not in self.choices:
                raise self._fail(raw, self._near_choice(text))
            return text
        if self.kind == "size":
            if isinstance(raw, (list, tuple)) and len(raw) == 2:
                raw = f"{raw[0]}x{raw[1]}"
            match = SIZE_TEXT.match(str(raw)) if not isinstance(raw, bool) else None
            if not match:
                raise self._fail(raw)
            rows = int(match.group(1))
            cols = int(match.group(2) or rows)
            if not (self._in_bounds(rows) and self._in_bounds(cols)):
                raise self._fail(raw)
            return (rows, cols)
        if self.kind == "range":
            if isinstance(raw, (list, tuple)) and len(raw) == 2:
                raw = f"{raw[0]}..{raw[1]}"
            match = RANGE_TEXT.match(str(raw))
            if not match:
                raise self._fail(raw)
            low, high = int(match.group(1)), int(match.group(2))
            if low > high or not (self._in_bounds(low) and self._in_bounds(high)):
                raise self._fail(raw)
            return (low, high)
        if self.kind == "text":
            if not isinstance(raw, (str, int)):
                raise self._fail(raw)
            return str(raw)
        if self.kind == "words":
            items = re.split(r",|\r\n|\r|\n", raw) if isinstance(raw, str) else raw
            if not isinstance(items, (list, tuple)):
                raise self._fail(raw)
            if not all(isinstance(i, str) for i in items):
                raise BookgenError(self._not_words(items), key=self.name)
            words = tuple(_text(item, self.name).strip() for item in items if item.strip())
            if not words:
                raise BookgenError(_("the list of words is empty; use {allowed}").format(
                    allowed=self.refusal()), key=self.name)
            return words
        if self.kind == "clues":
            return self._pairs(raw)
        raise ValueError(f"option {self.name}: unknown kind {self.kind}")


def _text(item: str, key: str) -> str:
    """A word, clue or quotation as a page prints it: composed (NFC: a file saved on a Mac
    writes 'É' as 'E' and a combining accent, which no letter check takes for a letter); a
    control or direction character, which no page prints, is refused by its code."""
    text = unicodedata.normalize("NFC", item)
    strange = next((char for char in text if unicodedata.category(char) in ("Cc", "Cf")
                    and char not in "\t\u200c\u200d"), None)
    if strange is not None:
        raise BookgenError(_("{text} holds {code}, an invisible control character, which no page "
                             "prints; leave it out").format(text=shown(text),
                                                            code=f"U+{ord(strange):04X}"), key=key)
    return text


# What a user may write for an option of each kind (`Option.allowed`).
ONE_OF = N_("one of {choices}")
TRUE_OR_FALSE = N_("true or false")
TEXT = N_("text")
# Translators: N is a square's side, RxC rows x columns (a user writes 6 or 6x8).
SIZE_BOUNDS = N_("N or RxC, each side {low} to {high}")
RANGE_BOUNDS = N_("LOW-HIGH within {low} to {high}")
WHOLE_BOUNDS = N_("a whole number from {low} to {high}")
NUMBER_BOUNDS = N_("a number from {low} to {high}")
WORDS = N_("words one a line or a comma apart, or a file with one word a line")
LINES = N_("one a line, or a file with one a line")
CLUES = N_("WORD: clue pairs, one a line, or a file of them (such lines, or a table of two "
           "columns: word, clue)")
ANY_SIZE = N_("N or RxC")
ANY_RANGE = N_("LOW-HIGH")
ANY_WHOLE = N_("a whole number")
ANY_NUMBER = N_("a number")
# Translators: an error beside a field (the studio) or on the command line: the value as written,
# then what the option takes.
NOT_ALLOWED_USE = N_("{value} is not allowed; use {allowed}")
# Translators: as the message before, with the choice the value is nearly ('hex' for 'hexx').
NOT_ALLOWED_NEAR = N_("{value} is not allowed; did you mean {near}? use {allowed}")
# Translators: an option's help line, then what a user may write for it.
ALLOWED_AFTER_HELP = N_("{help} ({allowed})")


def _same(text: str) -> str:
    return text


def said(message: str, values: Mapping[str, Any]) -> str:
    """`message` (an N_-marked help text) in the current language, its {named} placeholders
    filled with `values`: plain digits for numbers, as YAML takes them."""
    text = _(message)
    return text.format(**values) if values else text


def spoken_choice(choice: str, word: str) -> str:
    """A choice as a help line names it: its YAML word in English (what `bookgen schema` states),
    the language's `word` for it otherwise."""
    return choice if current().code == "en" else word


Item = TypeVar("Item")


def every_problem(items: Iterable[Item], problem: Callable[[Item], str | None]) -> str | None:
    """What is wrong with each of a user's listed items (words, quotations, word and clue pairs),
    in one message: a teacher's list of twenty was refused one word a build."""
    return "; ".join(found for item in items if (found := problem(item)) is not None) or None


def language_name(code: str) -> str:
    """A language as a help line names it: its code in English, its name in the language spoken."""
    from babel import Locale

    return spoken_choice(code, Locale.parse(code).get_display_name(current().code) or code)


def language_named(word: str, codes: Sequence[str]) -> str | None:
    """The code of `codes` whose language `word` names in English or in any of them ('deutsch',
    'Spanish', 'français'), or None: a config takes the code, and a publisher writes the name."""
    from babel import Locale

    wanted = word.strip().casefold()
    for code in codes:
        language = Locale.parse(code)
        if any((language.get_display_name(speaker) or "").casefold() == wanted
               for speaker in ("en", *codes)):
            return code
    return None


def _fmt(number: float) -> str:
    return str(int(number)) if float(number).is_integer() else str(number)


def parse_options(specs: tuple[Option, ...], raw: Mapping[str, Any], type_name: str) -> dict[str, Any]:
    """Check every raw option against the type's specs; unknown keys get a 'did you mean'."""
    by_name = {spec.name: spec for spec in specs}
    parsed: dict[str, Any] = {}
    for key in sorted(raw):
        spec = by_name.get(key)
        if spec is None:
            raise BookgenError(unknown_key_message(
                key, list(by_name), _("unknown option of {type}").format(type=type_name)), key=key)
        parsed[key] = spec.parse(raw[key])
    return parsed


def nearest(word: str, names: Sequence[str]) -> str | None:
    """The name `word` is a slip of, if any: what every "did you mean" of a config names."""
    import difflib  # here, for the error alone: every command loads this module

    return next(iter(difflib.get_close_matches(word, names, n=1)), None)


OTHER_NAMES = {"trim": "layout", "page_size": "layout", "paper_size": "layout", "level": "difficulty",
               "kind": "type", "puzzle": "type", "lang": "language", "number": "count",
               "quantity": "count"}
"""Keys other tools and print services call by another name, and the key bookgen gives it: a
publisher's `trim: 6x9` is bookgen's `layout`."""


def unknown_key_message(key: str, known: list[str], unknown: str) -> str:
    """'unknown X' with the closest known name (or the one it is another name for: trim is
    layout), shared by config and option errors; `unknown` is said in the current language by
    the caller ("unknown key in the book": an adjective agrees with its noun)."""
    other = OTHER_NAMES.get(key.casefold())
    other = other or next((name for name in known if name.casefold() == key.casefold()), None)  # A4: a4
    close = other if other in known else nearest(key, known)
    allowed = (", ".join(sorted(set(known))) if known  # a section's key may be an option's too
               else pgettext("no names allowed", "none"))
    if close:
        return _("{unknown} {key}; did you mean {close}? (allowed: {allowed})").format(
            unknown=unknown, key=repr(key), close=repr(close), allowed=allowed)
    return _("{unknown} {key} (allowed: {allowed})").format(unknown=unknown, key=repr(key),
                                                            allowed=allowed)
