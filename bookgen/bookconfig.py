"""What a config becomes: frozen dataclasses for a book (`BookConfig`), its sections, the bank a
section may take puzzles from, and its page `Layout`. Read by bookgen.config; used by every layer
after it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bookgen.i18n import N_, Language, _, language, pgettext, refusal
from bookgen.puzzles.base import PuzzleType, Request
from bookgen.yamlsource import Source

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
    comfort_scale: float = 0.0  # the least a grid aims for before it packs more to a page; 0: min_scale
    file: Path | None = None  # the layout file read, None for a built-in layout
    source: Source | None = field(default=None, compare=False, repr=False)  # for located errors


# --- the name line --------------------------------------------------------------------------------

NAME_LINE_BLANKS = ("name", "date", "class", "period", "teacher", "score", "score_total")
"""The blanks a worksheet's name line may print (`name_line:`), in the order a config lists them:
score_total is the score with its total, the sheet's number of puzzles ("Score ____ / 20")."""
DEFAULT_NAME_LINE = ("name", "date", "class")  # `name_line: true`


def blank_word(blank: str) -> str:
    """The word printed before a blank of the name line, in the current language."""
    return {
        "name": pgettext("name line", "Name"),
        "date": pgettext("name line", "Date"),
        "class": pgettext("name line", "Class"),
        # Translators: a school period (a lesson's hour), as a worksheet's blank for it
        "period": pgettext("name line", "Period"),
        "teacher": pgettext("name line", "Teacher"),
        # Translators: the blank where a teacher writes the marks a sheet earned
        "score": pgettext("name line", "Score"),
        "score_total": pgettext("name line", "Score"),
    }[blank]


def version_letter(index: int) -> str:
    """The letter of a sheet's version: A for the first, Z for the 26th, then AA, AB, ... as a
    spreadsheet names its columns (a class of 30 takes a sheet each)."""
    letters = ""
    index += 1
    while index:
        index, last = divmod(index - 1, 26)
        letters = chr(ord("A") + last) + letters
    return letters


def version_words(letter: str) -> str:
    """A version as its sheet, its answers and its playable page name it, in the current language."""
    # Translators: one of the versions of a worksheet (the same sheet with other puzzles)
    return _("Version {letter}").format(letter=letter)


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
    `level`, when set, filters: the `difficulty:` a config writes). Its type is the registered
    record, looked up once when the config is read."""

    puzzle_type: PuzzleType
    count: int | None  # None: every puzzle of its bank that passes its filters (`from:` only)
    level: str | None
    title: str
    per_page: int | None
    request: Request | None = None
    line: int | None = None
    bank: BankSource | None = None
    order: str = "rating"
    language: str | None = None  # None: the book's
    rules: str | None = None  # printed instead of the type's rules (in any language)
    seed: int | None = None  # the section's own seed number; None: its place in the book
    roomy: bool = False
    """Its per_page was chosen for it, not written (a sheet's: `bookgen worksheet`, or a sheet's
    section without one): its puzzles print larger, fewer to a page, where the page has room
    (bookgen.render.sizes)."""

    def seed_number(self, index: int) -> int:
        """The number this section's puzzles are seeded with: its own `seed:`, else its place
        (`index` from 0), so a section that keeps its number keeps its puzzles when others move."""
        return self.seed if self.seed is not None else index + 1

    @property
    def made(self) -> int:
        """How many puzzles a section that makes its own makes (such a section always has a count)."""
        assert self.count is not None, "only a section from a bank may leave out its count"
        return self.count

    @property
    def named(self) -> str:
        """The section as a refusal names it, in the user's language: section 'Sudoku'."""
        return refusal(N_("section '{title}'"), title=self.title)

    def describe(self) -> str:
        """'numbrix, hard, size=12x12' for messages about this section."""
        if self.request is not None:
            return self.request.describe()
        return f"{self.puzzle_type.name}, {self.level or 'any difficulty'}"


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
    isbn: str | None = None  # an ISBN-13, its check digit checked, as written
    contents: bool = True
    formats: tuple[str, ...] = ("pdf",)
    exclude: tuple[Path, ...] = ()
    share_pages: bool = False
    repeat_rules: bool = True  # False: a type's rules and example once, at its first section
    paper: str = "white"
    spine_mm: float | None = None  # the service's own spine width; None: pages x paper thickness
    back_text: str | None = None
    cover_color: str = "#1f3a5f"
    language: str = "en"
    texts: Mapping[str, str] = field(default_factory=dict)  # the book's own words for catalog texts
    name_line: tuple[str, ...] = ()  # the blanks above the first puzzles (NAME_LINE_BLANKS)
    versions: int = 1  # the sheets made, A, B, ...: the same sections, different puzzles
    one_file: bool = False  # the versions' sheets in NAME.pdf, their answers in one more file
    difficulty_line: bool = True  # False: the headings leave out "Difficulty: Easy ★"
    untranslated: str = "refuse"  # a section whose type lacks its language: refused, or "warn"
    path: Path | None = None  # the config file read; None for standard input or a worksheet
    seed_given: bool = True  # False: neither `seed:` nor --seed, so the default every such config shares

    def speech(self, section: SectionConfig | None = None) -> Language:
        """The language the book, or one of its sections, is printed in, with the book's `texts`."""
        code = section.language if section is not None and section.language else self.language
        return language(code).with_texts(self.texts)

    @property
    def inputs(self) -> tuple[tuple[str, Path], ...]:
        """Every file the build reads, with what it is to the book: no output may be one of them."""
        files = [(refusal(N_("the config")), self.path),
                 (refusal(N_("the layout file")), self.layout.file)]
        files += [(refusal(N_("the puzzle bank of section '{title}'"), title=section.title),
                   section.bank.path if section.bank else None) for section in self.sections]
        files += [(refusal(N_("a bank named in 'exclude'")), path) for path in self.exclude]
        return tuple((what, path) for what, path in files if path is not None)
