"""The page auditor: reads a built book's characters back from its PDF and lists what a printer
or a reader would object to. The tests and bench/audit_matrix.py share it.

It reads the PDF with pypdf (the `audit` extra; bookgen itself never imports this module, so a
plain install needs no PDF reader) and measures each text run with the real font's widths,
ascent and descent, so it judges the page as printed, not as the layout meant it. Checks:

- builds: the book builds, or is refused with a message (a fault is a finding; `run_case`);
- safe zone: no glyph within 0.25 in of a trim edge (0.375 in with bleed);
- overlap: no two text runs' boxes (from the baseline to the digits' height) overlap;
- floor: no text under 7 pt; in large print none under 14 pt, and the rules and the puzzle
  numbers at 16 pt or more;
- one size: each section's puzzles print their digits at one size on every page they fill;
- answers: every puzzle has its answer in the key, and the page the answer names shows the
  puzzle's number;
- lone puzzle: no page holds a single puzzle of a section of several where spreading the
  section would have given it company.

The sections and the pages of their puzzles are read from the answer key (its captions
"TITLE · puzzles A–B", or "puzzle N" for one, and labels "N page P"), so the answer checks need
answers at the back. A book in another language is read by its own words: audit it while
speaking its language (`with speaking(book.config.speech()): audit(pdf)`)."""

from __future__ import annotations

import functools
import io
import itertools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from bookgen.i18n import speaking
from bookgen.render.fonts import register_fonts
from bookgen.render.geometry import POD_MIN_OUTSIDE, POD_MIN_OUTSIDE_BLEED

if TYPE_CHECKING:
    from bookgen.book import Book

CHECKS = ("builds", "safe zone", "overlap", "floor", "one size", "answers", "lone puzzle")
FLOOR_PT, LARGE_FLOOR_PT, LARGE_RULES_PT = 7.0, 14.0, 16.0
CAP = 0.73  # DejaVu's digit and capital height, per point of size
SLACK = 0.01  # points: rounding in the PDF's numbers
OVERLAP_SLACK = 0.3  # points two boxes may share before they overlap (hairline touches)
BEARING = 0.1  # of the size: the blank at the sides of two glyphs' advances, which may touch
RULES = "How to play."
EXAMPLE = "Example"
CAPTION = re.compile(r"\u00b7\s+puzzles?\s+(\d+)(?:\u2013(\d+))?")
LABEL = re.compile(r"(?:^|\n)(\d+)\n\u00b7 page (\d+)")


@dataclass(frozen=True)
class Words:
    """What the auditor reads a book by: the lead of a section's rules, the caption of its
    example, the answer key's captions and its labels (RULES, EXAMPLE, CAPTION and LABEL in
    English)."""

    rules: str
    example: str
    caption: re.Pattern[str]
    label: re.Pattern[str]


def book_words() -> Words:
    """The words of the language spoken now (bookgen.i18n.speaking), as the book prints them."""
    from bookgen.i18n import current

    spoken = current()
    if spoken.code == "en" and not spoken.texts:
        return Words(RULES, EXAMPLE, CAPTION, LABEL)
    between = "|".join(sorted({_spaced(caption.partition("{title}")[2].partition("{span}")[0])
                               for caption in (spoken.gettext("{title} \u00b7 puzzle {span}"),
                                               spoken.gettext("{title} \u00b7 puzzles {span}"))}))
    page = "\u00b7 " + spoken.gettext("page {page}").partition("{page}")[0]  # as page_reference
    return Words(spoken.gettext("How to play."), spoken.gettext("Example"),
                 re.compile(f"(?:{between})" + r"(\d+)(?:\u2013(\d+))?"),
                 re.compile(r"(?:^|\n)(\d+)\n" + _spaced(page) + r"(\d+)"))


def _spaced(text: str) -> str:
    """A pattern of the text's words, any run of spaces (no-break ones too) between them."""
    words = text.split()
    return r"\s+".join(re.escape(word) for word in words) + (r"\s+" if text[-1:].isspace() else "")


@dataclass(frozen=True)
class Run:
    """One string as drawn: its text, face ('regular', 'bold', 'italic'), size and box in page
    points (left, bottom, right and top from the font's ascent and descent), and baseline."""

    text: str
    face: str
    size: float
    left: float
    bottom: float
    right: float
    top: float
    baseline: float


@dataclass(frozen=True)
class Page:
    number: int
    trim: tuple[float, float, float, float]
    bleed: bool
    runs: tuple[Run, ...]
    text: str
    drawn: tuple[tuple[float, float], ...] = ()  # each painted path's bottom and top


class Spacing:
    """The word and character spacing (Tw, Tc) the page's strings are drawn with, followed
    through its operators. reportlab shrinks the spaces of a paragraph's line that is a little
    too long (up to 5 %, `spaceShrinkage`) with a negative word spacing, so the line ends inside
    its frame although its glyphs' widths alone reach past it; a run measured without it is
    longer than drawn. pypdf hands over a line's text only when something ends it, after
    operators that may already set the next line's spacing: each string keeps the spacing it
    was shown with until its text is read (`shown`)."""

    SHOWS = (b"Tj", b"TJ", b"'", b'"')

    def __init__(self) -> None:
        self.now = (0.0, 0.0)  # word, character spacing, in unscaled text space
        self.saved: list[tuple[float, float]] = []
        self.pending: list[tuple[float, float]] = []  # of the strings shown and not yet read

    def operate(self, operator: bytes, operands: list) -> None:  # type: ignore[type-arg]
        """Follow one operator, before pypdf handles it."""
        word, char = self.now
        if operator == b"Tw" and operands:
            self.now = (float(operands[0]), char)
        elif operator == b"Tc" and operands:
            self.now = (word, float(operands[0]))
        elif operator == b'"' and len(operands) >= 2:
            self.now = (float(operands[0]), float(operands[1]))
        elif operator == b"q":
            self.saved.append(self.now)
        elif operator == b"Q" and self.saved:
            self.now = self.saved.pop()
        if operator in self.SHOWS:
            self.pending.append(self.now)

    def shown(self) -> tuple[float, float]:
        """The spacing of the text being read: that of its first string."""
        spacing = self.pending[0] if self.pending else self.now
        self.pending.clear()
        return spacing


PATH_POINTS = {b"m": 2, b"l": 2, b"c": 6, b"v": 4, b"y": 4}  # operators that add points to a path
PAINTS = {b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}  # operators that paint it


@dataclass(frozen=True)
class Finding:
    check: str
    page: int  # 0: the book as a whole
    what: str

    def __str__(self) -> str:
        return f"{self.check}: page {self.page}: {self.what}" if self.page else \
            f"{self.check}: {self.what}"


def read_pages(pdf: bytes | Path) -> list[Page]:
    """Every page's trim, bleed and text runs, from the PDF's own drawing operators."""
    register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf)
    pages = []
    for number, page in enumerate(reader.pages, start=1):
        runs: list[Run] = []
        # pypdf reports where a text object's line begins, not how far its strings advanced it:
        # a string drawn after another on the same line (a paragraph's bold then its regular
        # words) starts where the one before ended
        pen = {"matrix": (), "x": 0.0}
        spacing = Spacing()

        def visit(text, cm, tm, font_dict, font_size, runs=runs, pen=pen, spacing=spacing) -> None:  # type: ignore[no-untyped-def]
            word, char = spacing.shown()
            if font_dict is None:
                return
            size = abs(font_size * tm[3] * cm[3]) if tm[3] else font_size
            name = str(font_dict["/BaseFont"]).lstrip("/")
            font = "bk-" + name.partition("+")[2] if "+" in name else name  # ours are subsets
            matrix = (*cm, *tm)
            x = pen["x"] if matrix == pen["matrix"] else tm[4] * cm[0] + cm[4]
            y = tm[5] * cm[3] + cm[5]
            word, char = word * tm[0] * cm[0], char * tm[0] * cm[0]  # onto the page

            def advance(piece: str) -> float:
                """How far the piece moves the pen: its glyphs' widths, then the word spacing
                after each space and the character spacing after each glyph."""
                glyphs = piece.replace("\n", "")
                return stringWidth(glyphs, font, size) + word * glyphs.count(" ") + char * len(glyphs)

            pen["matrix"], pen["x"] = matrix, x + advance(text)
            shown = text.strip()
            if not shown:
                return
            x += advance(text[:len(text) - len(text.lstrip())])
            face = getFont(font).face
            kind = "bold" if "Bold" in font else "italic" if "Oblique" in font else "regular"
            # the spacing after its last glyph moves the pen, not the glyph's ink
            runs.append(Run(shown, kind, size, x, y + face.descent / 1000 * size,
                            x + advance(shown) - char, y + face.ascent / 1000 * size, y))

        drawn: list[tuple[float, float]] = []
        path: list[float] = []  # the heights of the path being built, on the page

        def trace(operator, operands, cm, tm, drawn=drawn, path=path, spacing=spacing) -> None:  # type: ignore[no-untyped-def]
            spacing.operate(operator, operands)
            if operator in PATH_POINTS or operator == b"re":
                numbers = [float(v) for v in operands]
                if operator == b"re":
                    x, y, w, h = numbers
                    numbers = [x, y, x + w, y + h]
                path += [cm[1] * x + cm[3] * y + cm[5]
                         for x, y in zip(numbers[::2], numbers[1::2], strict=True)]
            elif operator in PAINTS or operator == b"n":
                if path and operator != b"n":
                    drawn.append((min(path), max(path)))
                path.clear()

        text = page.extract_text(visitor_text=visit, visitor_operand_before=trace)
        trim = tuple(float(v) for v in page.trimbox)
        pages.append(Page(number, (trim[0], trim[1], trim[2], trim[3]),
                          [float(v) for v in page.mediabox] != list(trim), tuple(runs), text,
                          tuple(drawn)))
    return pages


def audit(pdf: bytes | Path | list[Page], large_print: bool = False) -> list[Finding]:
    """Every finding of every check on a built book with its answers at the back."""
    pages = pdf if isinstance(pdf, list) else read_pages(pdf)
    key = AnswerKey.read(pages)
    return (safe_zone(pages) + overlaps(pages) + floors(pages, large_print)
            + one_size(pages, key) + answers_pointed_to(pages, key) + lone_puzzles(pages, key))


def counts(findings: Iterable[Finding]) -> dict[str, int]:
    """Findings per check, every check named (0 where none)."""
    found = Counter(f.check for f in findings)
    return {check: found[check] for check in CHECKS}


# --- the checks ------------------------------------------------------------------------------------


def safe_zone(pages: list[Page]) -> list[Finding]:
    findings = []
    for page in pages:
        safe = POD_MIN_OUTSIDE_BLEED if page.bleed else POD_MIN_OUTSIDE
        x0, y0, x1, y1 = page.trim[0] + safe, page.trim[1] + safe, page.trim[2] - safe, \
            page.trim[3] - safe
        for run in page.runs:
            if (run.left < x0 - SLACK or run.bottom < y0 - SLACK or run.right > x1 + SLACK
                    or run.top > y1 + SLACK):
                out = max(x0 - run.left, y0 - run.bottom, run.right - x1, run.top - y1)
                findings.append(Finding("safe zone", page.number,
                                        f"{run.text[:30]!r} {out / 72:.2f} in into the margin"))
    return findings


def overlaps(pages: list[Page]) -> list[Finding]:
    """Runs whose boxes, from the baseline to the digits' height, share more than a sliver."""
    findings = []
    for page in pages:
        boxes = [(run.left, run.baseline, run.right, run.baseline + CAP * run.size, run)
                 for run in sorted(page.runs, key=lambda run: (run.left, run.baseline))]
        for index, (left, bottom, right, top, run) in enumerate(boxes):
            for other_left, other_bottom, other_right, other_top, other in boxes[index + 1:]:
                if other_left >= right - OVERLAP_SLACK:
                    break
                wide = min(right, other_right) - max(left, other_left)
                tall = min(top, other_top) - max(bottom, other_bottom)
                bearing = BEARING * min(run.size, other.size)
                if wide > max(OVERLAP_SLACK, bearing) and tall > OVERLAP_SLACK:
                    findings.append(Finding("overlap", page.number,
                                            f"{run.text[:30]!r} and {other.text[:30]!r}"))
    return findings


def floors(pages: list[Page], large_print: bool) -> list[Finding]:
    """Type under the floor; in large print, rules and puzzle numbers under their own."""
    least = LARGE_FLOOR_PT if large_print else FLOOR_PT
    findings = [Finding("floor", page.number, f"{run.text[:30]!r} at {run.size:.1f} pt")
                for page in pages for run in page.runs if run.size < least - SLACK]
    if large_print:
        for page in pages:
            findings += [Finding("floor", page.number, f"the rules at {run.size:.1f} pt")
                         for run in page.runs
                         if run.text.startswith(book_words().rules)
                         and run.size < LARGE_RULES_PT - SLACK]
        key = AnswerKey.read(pages)
        for number, labels in puzzle_labels(pages, key).items():
            if labels and max(run.size for run in labels) < LARGE_RULES_PT - SLACK:
                findings.append(Finding("floor", key.pages[number],
                                        f"puzzle number {number} at {labels[0].size:.1f} pt"))
    return findings


def one_size(pages: list[Page], key: AnswerKey) -> list[Finding]:
    """Each section's puzzles print their digits at one scale on every page they fill: any two of
    its pages share a digit size (a type may print two, say givens and the clues between them,
    and a page may hold more of one than of the other). Their numbers above them are left out,
    and on the opening's page the example above the first puzzle; only pages that hold no other
    section's puzzles count."""
    findings = []
    for index, numbers in enumerate(key.sections):
        sizes: dict[int, Counter[float]] = {}
        for number in sorted({key.pages[n] for n in numbers if n in key.pages}):
            if key.sections_on(number) != [index]:
                continue
            here = {str(n) for n in numbers if key.pages.get(n) == number}
            digits = _puzzle_digits(pages[number - 1], here)
            if digits:
                sizes[number] = Counter(digits)
        if any(not first.keys() & second.keys()
               for first, second in itertools.combinations(sizes.values(), 2)):
            shown = ", ".join(f"{size.most_common(1)[0][0]:g} pt on page {page}"
                              for page, size in sizes.items())
            findings.append(Finding("one size", min(sizes), f"the section of puzzles "
                                    f"{numbers[0]}\u2013{numbers[-1]}: {shown}"))
    return findings


def _puzzle_digits(page: Page, numbers: set[str]) -> list[float]:
    """The sizes of the digits the puzzles on a page print (rounded to 0.1 pt)."""
    labels = [run for run in page.runs if run.face == "bold" and run.text in numbers]
    runs = [run for run in page.runs if run.text.isdigit() and run not in labels
            and run.bottom > page.trim[1] + 0.75 * 72]  # the folio below
    caption = book_words().example
    example = next((run for run in page.runs if run.text == caption and run.face == "italic"),
                   None)
    if example and labels:
        first = max(labels, key=lambda run: (round(run.size, 1), run.baseline))
        if example.baseline > first.baseline:  # its own opening: below the first puzzle's number
            runs = [run for run in runs if run.top < first.baseline]
        else:  # the next section's opening below these puzzles (share_pages): above its example
            runs = [run for run in runs if run.bottom > example.top]
    return [round(run.size, 1) for run in runs]


def opens(page: Page) -> bool:
    """Whether a section opens on the page: its rules are printed there."""
    rules = book_words().rules
    return any(run.text.startswith(rules) for run in page.runs)


def answers_pointed_to(pages: list[Page], key: AnswerKey) -> list[Finding]:
    findings = []
    if not key.sections:
        return [Finding("answers", 0, "no answer key at the back")]
    numbers = [n for section in key.sections for n in section]
    missing = [n for n in numbers if n not in key.pages]
    if missing:
        findings.append(Finding("answers", 0, f"no answer (or no page) for puzzles {missing[:10]}"))
    for number, labels in puzzle_labels(pages, key).items():
        if not labels:
            findings.append(Finding("answers", key.pages[number],
                                    f"the answer to {number} points here; its number is not here"))
    return findings


def lone_puzzles(pages: list[Page], key: AnswerKey) -> list[Finding]:
    """Pages holding one puzzle of a section of several, and nothing else (not its opening, with
    the rules and example, nor another section's puzzles), with room for another as tall below
    it or, centred, around it, where spreading the section would have given it company: its
    opening's page holds two or more, or another of its pages three or more. (Pages of one or
    two at the section's size leave one alone when the count is odd; that needs smaller puzzles
    or `share_pages`.)"""
    findings = []
    for index, numbers in enumerate(key.sections):
        held = Counter(key.pages[n] for n in numbers if n in key.pages)
        spare = any(count >= (2 if opens(pages[number - 1]) else 3)
                    for number, count in held.items())
        for number, count in sorted(held.items()):
            page = pages[number - 1]
            if (count == 1 and spare and key.sections_on(number) == [index]
                    and not opens(page) and _room_for_another(page)):
                findings.append(Finding("lone puzzle", number, "one puzzle of the section of "
                                        f"puzzles {numbers[0]}\u2013{numbers[-1]}"))
    return findings


def short_pages(pages: list[Page], key: AnswerKey) -> list[Finding]:
    """Pages of a section, not its last, whose text and drawings (grids, paths: a maze prints no
    text) end above the middle of the text area: an opening alone with its rules and a small
    example, or a page of puzzles left half empty. A count for bench/audit_matrix.py, not yet a
    check every book must pass."""
    owner: dict[int, int] = {}  # page: the section it belongs to
    for index, numbers in enumerate(key.sections):
        for number in numbers:
            if number in key.pages:
                owner.setdefault(key.pages[number], index)
    last = {index: max(page for page, i in owner.items() if i == index) for index in set(owner.values())}
    findings = []
    for page in pages[:key.first - 1 if key.first else len(pages)]:
        section = owner.get(page.number)
        if section is None and opens(page):  # an opening on a page of its own: the next page's
            section = owner.get(page.number + 1)
        if section is None or page.number == last[section]:
            continue
        body = sorted(page.runs, key=lambda run: run.baseline)
        if len(body) < 3:
            continue
        folio, head = body[0], body[-1]
        # what is drawn between the folio and the running head (not a bleed's full-page fill)
        lowest = min([body[1].bottom] + [bottom for bottom, top in page.drawn
                                         if bottom > folio.top and top < head.top])
        if lowest > (head.bottom + folio.top) / 2:
            findings.append(Finding("short page", page.number, f"section {section + 1} ends its "
                                    "text above the middle of the page"))
    return findings


def _room_for_another(page: Page) -> bool:
    body = sorted(page.runs, key=lambda run: run.baseline)
    if len(body) < 3:
        return False
    folio, head = body[0], body[-1]  # the page number below all, the running head above all
    drawn = body[-2].top - body[1].bottom
    return drawn < (head.bottom - folio.top) / 2


# --- the answer key, read back --------------------------------------------------------------------


@dataclass(frozen=True)
class AnswerKey:
    """The sections (their puzzle numbers) from the key's captions ("TITLE · puzzles A–B"), and
    the page of each puzzle from its answer's label; `first` is the key's first page (0: none)."""

    sections: tuple[tuple[int, ...], ...]
    pages: dict[int, int]
    first: int

    @staticmethod
    def read(pages: list[Page]) -> AnswerKey:
        return _read_key(tuple(pages), book_words())

    def sections_on(self, page: int) -> list[int]:
        """The sections (by index) whose puzzles are on the page."""
        return [index for index, numbers in enumerate(self.sections)
                if any(self.pages.get(n) == page for n in numbers)]


@functools.lru_cache(maxsize=8)
def _read_key(pages: tuple[Page, ...], words: Words) -> AnswerKey:
    first = next((p.number for p in pages if words.label.search(p.text)), 0)
    if not first:
        return AnswerKey((), {}, 0)
    text = "\n".join(page.text for page in pages[first - 1:])
    sections = tuple((int(low), int(high or low)) for low, high in words.caption.findall(text))
    located = {int(n): int(p) for page in pages[first - 1:]
               for n, p in words.label.findall(page.text)}
    if not sections and located:  # a one-section key whose first answer left no room for its caption
        sections = ((1, max(located)),)
    return AnswerKey(tuple(tuple(range(low, high + 1)) for low, high in sections), located, first)


def puzzle_labels(pages: list[Page], key: AnswerKey) -> dict[int, list[Run]]:
    """For each puzzle the key places, the bold runs of its number on that page (its label, and
    any bold given that happens to be the same number)."""
    return {number: [run for run in pages[page - 1].runs
                     if run.face == "bold" and run.text == str(number)]
            for number, page in key.pages.items() if 0 < page <= len(pages)}


# --- the matrix of books ---------------------------------------------------------------------------

PROFILES = ("home", "print-on-demand", "bleed")
SECTION_COUNTS = (1, 2, 7, 24, 60)
LONG_TITLE = ("Section {n}: a long title with Extraordinarilylongwordsthatneverbreak and more "
              "words after it, to wrap")


@dataclass(frozen=True)
class Case:
    """One book of the matrix: a trim, a profile (home, print-on-demand, or that with bleed),
    large print or not, how many sections (every type in turn, one to `most` puzzles each: three
    unless a test asks for fewer), whether their titles are long and whether sections share
    pages or print a type's rules once (`repeat_rules`)."""

    layout: str
    profile: str
    large_print: bool
    sections: int
    long_titles: bool
    share_pages: bool = False
    language: str = "en"
    repeat_rules: bool = True
    most: int = 3

    def __str__(self) -> str:
        return (f"{self.layout} {self.profile}{' large' if self.large_print else ''} "
                f"{self.sections} sections{' long titles' if self.long_titles else ''}"
                f"{' shared' if self.share_pages else ''}"
                f"{'' if self.repeat_rules else ' rules once'}"
                f"{' ' + self.language if self.language != 'en' else ''}")

    def config_text(self) -> str:
        lines = [f"title: Audit {self}", f"layout: {self.layout}", "seed: audit",
                 f"profile: {'home' if self.profile == 'home' else 'print-on-demand'}",
                 f"bleed: {str(self.profile == 'bleed').lower()}",
                 f"large_print: {str(self.large_print).lower()}",
                f"share_pages: {str(self.share_pages).lower()}", f"language: {self.language}",
                 f"repeat_rules: {str(self.repeat_rules).lower()}", "sections:"]
        asked = matrix_sections()
        for index in range(self.sections):
            kind, level, options = asked[index % len(asked)]
            title = LONG_TITLE.format(n=index + 1) if self.long_titles else f"Part {index + 1}"
            lines.append(f"  - {{type: {kind}, title: '{title}', count: {1 + index % self.most}, "
                         f"difficulty: {level}{options}}}")
        return "\n".join(lines) + "\n"


@functools.lru_cache(maxsize=1)
def matrix_sections() -> tuple[tuple[str, str, str], ...]:
    """What the matrix's sections ask for, in turn: each registered type's `audit` showcase entry
    (plug-in types that mark one too), as (type, level, its options as YAML flow text)."""
    from bookgen.puzzles import PUZZLE_TYPES

    return tuple((t.name, entry.level, "".join(f", {key}: {value}" for key, value in entry.options.items()))
                 for t in PUZZLE_TYPES for entry in t.showcase if entry.audit)


def matrix(layouts: Iterable[str]) -> list[Case]:
    """Every case: each layout x profile x large print x section count x long titles."""
    return [Case(layout, profile, large, count, long)
            for layout in layouts for profile in PROFILES for large in (False, True)
            for count in SECTION_COUNTS for long in (False, True)]


@dataclass(frozen=True)
class Outcome:
    case: Case
    findings: tuple[Finding, ...]
    refused: str = ""  # the message of a book refused up front (a BookgenError), else ""
    short: tuple[Finding, ...] = ()  # its short pages (`short_pages`), counted apart


def run_case(case: Case) -> Outcome:
    """Build the case's book in memory and audit it; a refusal is an outcome, not a finding."""
    from bookgen.errors import BookgenError

    try:
        pdf = case_pdf(case)
    except BookgenError as error:
        return Outcome(case, (), str(error))
    except Exception as error:  # a fault, not a refusal: the first finding of all
        return Outcome(case, (Finding("builds", 0, f"{type(error).__name__}: {error}"),))
    with speaking(case.language):
        pages = read_pages(pdf)
        return Outcome(case, tuple(audit(pages, large_print=case.large_print)),
                       short=tuple(short_pages(pages, AnswerKey.read(pages))))


def case_pdf(case: Case) -> bytes:
    """The PDF of the case's book (a BookgenError where it is refused)."""
    from bookgen.book import Book
    from bookgen.config import read_config_text
    from bookgen.render.pdf import render_pdf

    config = read_config_text(case.config_text(), Path("audit.yaml"))
    return render_pdf(Book(config, _made(case.sections, case.long_titles, case.most).sections))[0]


@functools.lru_cache(maxsize=4)
def _made(sections: int, long_titles: bool, most: int) -> Book:
    """The puzzles of a section count, made once: every trim and profile prints the same."""
    from bookgen.book import make_book
    from bookgen.config import read_config_text

    text = Case("6x9", "home", False, sections, long_titles, most=most).config_text()
    return make_book(read_config_text(text, Path("audit.yaml")))
