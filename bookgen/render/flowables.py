"""The flowables a book is made of, beside reportlab's Paragraphs: anchors for the contents and
bookmarks, the contents, a notes page, rows of puzzles, rows of answers with their labels, and a
section's solved example.
Each paints through a CanvasPen and tells the pass (`Pass`) where it landed, and says what it
draws (`fingerprint`) for the studio's previews, which paint only the pages that changed
(`PagePrints`)."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import ActionFlowable, Flowable, PageBreak, Paragraph, Spacer
from reportlab.platypus.frames import _FUZZ

from bookgen.book import PrintedPuzzle
from bookgen.core.pen import BandPen, Pen
from bookgen.i18n import Language, _, speaking
from bookgen.puzzles.base import JSON, Generated, PuzzleRecord, PuzzleType
from bookgen.render.fonts import Fonts
from bookgen.render.geometry import ANSWER_ROW_GAP, COLUMN_GAP, LABEL_HEIGHT, ROW_GAP, Grid
from bookgen.render.pdfpen import CanvasPen, Ink, least_scale
from bookgen.render.sizes import Sizes

EXAMPLE_HEIGHT = 32 * mm
PUZZLE_NUMBER_PT = 11.0  # a puzzle's number above it, for a 10.5 pt body


class Measured:
    """Each puzzle's room on a page and its answer's, worked out once for all of a document's
    passes: the grids, every row tried and every pass ask again, and a type may lay its whole
    drawing out to say it (a maze). Kept by the puzzle and its type (a narrowed type measures
    otherwise), each held here so that neither's id is reused."""

    def __init__(self) -> None:
        self._sizes: dict[tuple[str, int, int], tuple[PuzzleType, JSON, tuple[float, float]]] = {}

    def page_size(self, puzzle_type: PuzzleType, puzzle: JSON) -> tuple[float, float]:
        return self._size("page", puzzle_type, puzzle, puzzle_type.page_size)

    def answer_size(self, puzzle_type: PuzzleType, puzzle: JSON) -> tuple[float, float]:
        return self._size("answer", puzzle_type, puzzle, puzzle_type.answer_size)

    def _size(self, kind: str, puzzle_type: PuzzleType, puzzle: JSON,
              work_out: Callable[[JSON], tuple[float, float]]) -> tuple[float, float]:
        key = (kind, id(puzzle_type), id(puzzle))
        if key not in self._sizes:
            self._sizes[key] = (puzzle_type, puzzle, work_out(puzzle))
        return self._sizes[key][2]


@dataclass
class Pass:
    """What one build pass shares with its flowables, and what it learns for the next."""

    fonts: Fonts
    ink: Ink
    sizes: Sizes  # the profile's floors
    outline: bool  # bookmarks and links (off for print-on-demand)
    type_scale: float  # label sizes relative to a 10.5 pt body
    known_anchors: dict[str, int]  # section key -> page, from the previous pass
    anchors: dict[str, int]
    puzzle_pages: dict[int, int]
    paint: bool  # False: a layout pass that only learns where things land
    running_title: str = ""  # the section being printed, for the running head
    opening_page: int = 0  # the last page a section (or the notes) opened on: no running head
    answered: list[int] = field(default_factory=list)  # the answers on this page, by number
    prints: PagePrints | None = None  # a studio preview's: paint only the pages that changed
    measured: Measured = field(default_factory=Measured)  # the document's, shared by its passes

    @property
    def number_pt(self) -> float:
        """The size of a puzzle's number above it."""
        return self.sizes.at_least(PUZZLE_NUMBER_PT * self.type_scale)

    def running_head(self) -> str:
        """The running head: the section's title, or on answer pages the puzzles answered there."""
        if not self.answered:
            return self.running_title
        first, last = min(self.answered), max(self.answered)
        if last == first:
            # Translators: the running head of an answer page that answers one puzzle
            return _("Answers {number}").format(number=first)
        # Translators: the running head of an answer page: the puzzles it answers
        return _("Answers {first}\u2013{last}").format(first=first, last=last)


Print = tuple[Any, ...]
"""What a flowable draws, as a value two builds compare (`fingerprint`)."""


class PagePrints:
    """A studio preview paints only the pages that changed since the last preview. Each page is
    named by a digest of what it holds: its number, its running head, `book` (what every page
    shares: the config's keys that reach every page, the page geometry and fonts) and the
    `fingerprint` of every flowable that landed on it. The costly ones (`Painted`: puzzles,
    answers, examples) are laid out without painting and held; at the page's end they are
    painted where its name is not the last preview's (`known`), and left out where it is: that
    page's picture is the last one's.
    A page with a flowable that cannot say what it draws gets no name and is always painted."""

    def __init__(self, book: str, known: dict[int, str | None]) -> None:
        self.book, self.known = book, known
        self.names: dict[int, str | None] = {}
        self.painted: set[int] = set()
        self.leaves: list[Flowable] = []  # what landed on the page so far
        self.pending: list[tuple[Painted, float, float, float]] = []  # held, with where it goes

    def landed(self, flowable: Flowable) -> None:
        """reportlab's afterFlowable: a flowable landed on the page (page breaks and template
        changes draw nothing)."""
        if not isinstance(flowable, (ActionFlowable, PageBreak)):
            self.leaves.append(flowable)

    def page_ends(self, canvas: Any, state: Pass, page: int, head: str) -> None:
        """Name the page; paint what it holds unless its name is the last preview's."""
        parts = [fingerprint(leaf) for leaf in self.leaves]
        name = None if None in parts else hashlib.sha256(
            repr((self.book, page, head, parts)).encode()).hexdigest()[:32]
        self.names[page] = name
        if name is None or self.known.get(page) != name:
            self.painted.add(page)
            state.paint = True
            try:
                for flowable, x, y, shrink in self.pending:
                    flowable.drawOn(canvas, x, y, shrink)
            finally:
                state.paint = False
        self.leaves.clear()
        self.pending.clear()


def fingerprint(flowable: Flowable) -> Print | None:
    """What a flowable draws, complete enough that two equal prints draw the same (with the
    page's `PagePrints.book`); None for one that cannot say (a paragraph split across pages)."""
    if isinstance(flowable, Paragraph):
        if flowable.text is None:  # a part of a split paragraph: its words are in its fragments
            return None
        return ("Paragraph", flowable.text, flowable.style.name, flowable.width, flowable.height)
    if isinstance(flowable, Spacer):
        return ("Spacer", flowable.width, flowable.height)
    own = getattr(flowable, "fingerprint", None)
    return own() if own is not None else None


def type_print(puzzle_type: PuzzleType) -> Print:
    """A type and, when it is narrowed (`PuzzleType.narrowed`), the room its drawings take."""
    return (puzzle_type.name, getattr(puzzle_type.draw_puzzle, "keywords", None),
            getattr(puzzle_type.draw_solution, "keywords", None))


def speech_print(speech: Language) -> Print:
    """A language and the book's own words for it (`texts:`)."""
    return (speech.code, tuple(sorted(speech.texts.items())))


def record_print(record: PuzzleRecord) -> str:
    """A puzzle and its answer, as they are drawn (its id may name another puzzle in a bank)."""
    return repr((record.puzzle, record.solution))


class Painted(Flowable):
    """A flowable whose painting is most of a page's drawing (puzzles, answers, an example): in
    a studio preview it is laid out unpainted and held for the page's end (`PagePrints`)."""

    state: Pass

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N803
        prints = self.state.prints
        if prints is not None and not self.state.paint:
            prints.pending.append((self, x, y, _sW))
        super().drawOn(canvas, x, y, _sW)


class Anchor(Flowable):
    """Records the page where it lands (for the contents) and, with an outline, a bookmark; a
    `part` (a section of the answers) is a bookmark one level down and leaves the running head
    as it is."""

    def __init__(self, key: str, title: str, state: Pass, part: bool = False) -> None:
        super().__init__()
        self.key, self.title, self.state, self.part = key, title, state, part
        self.width = self.height = 0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def fingerprint(self) -> Print:
        return ("Anchor",)  # draws nothing; the running head it starts is the page's

    def draw(self) -> None:
        page = self.canv.getPageNumber()
        self.state.anchors[self.key] = page
        if not self.part:
            self.state.running_title, self.state.opening_page = self.title, page
        if self.state.outline:
            self.canv.bookmarkPage(self.key)
            self.canv.addOutlineEntry(self.title, self.key, level=int(self.part), closed=False)


PAGE_DIGITS = "0000"  # the room an entry keeps at its right for the page number
LEADER_GAP = 6.0  # points at least between an entry's text and its dot leaders
LEAST_LEADERS = 3  # dots an entry's last line keeps room for, so that each entry leads to its page


@dataclass(frozen=True)
class Word:
    text: str
    font: str
    size: float


def wrap_words(words: list[Word], width: float) -> list[list[Word]]:
    """Words in lines at most `width` points wide (a word wider than a line is cut into pieces
    that fit), each word a space apart."""
    lines: list[list[Word]] = [[]]
    used = 0.0
    for word in _pieces(words, width):
        space = stringWidth(" ", word.font, word.size) if lines[-1] else 0.0
        need = stringWidth(word.text, word.font, word.size)
        if lines[-1] and used + space + need > width:
            lines.append([])
            used, space = 0.0, 0.0
        lines[-1].append(word)
        used += space + need
    return lines


def _pieces(words: list[Word], width: float) -> list[Word]:
    """The words, each one wider than `width` cut into the longest pieces that fit."""
    pieces = []
    for word in words:
        text = word.text
        while len(text) > 1 and stringWidth(text, word.font, word.size) > width:
            cut = 1
            while stringWidth(text[:cut + 1], word.font, word.size) <= width:
                cut += 1
            pieces.append(Word(text[:cut], word.font, word.size))
            text = text[cut:]
        pieces.append(Word(text, word.font, word.size))
    return pieces


def runs(line: list[Word]) -> list[Word]:
    """The line's words joined, a space apart, into one run per change of font."""
    joined: list[Word] = []
    for word in line:
        if joined and (joined[-1].font, joined[-1].size) == (word.font, word.size):
            joined[-1] = Word(f"{joined[-1].text} {word.text}", word.font, word.size)
        else:
            joined.append(word)
    return joined


def line_width(line: list[Word]) -> float:
    return sum(stringWidth(w.text, w.font, w.size) for w in line) + sum(
        stringWidth(" ", w.font, w.size) for w in line[1:])


def described(flowable: Flowable, words: str) -> str:
    """A flowable's identity in reportlab's form, `<Class>words`: reportlab puts it in its
    LayoutError, and the document turns that into a message that names the piece in words."""
    return f"<{type(flowable).__name__}>{words}"


class ContentsEntry(Flowable):
    """One entry of the contents: its title and detail wrapped in as many lines as they need,
    clear of the page number's room at the right, then dot leaders on the last line to the page
    (from the previous pass), set flush right. One flowable per entry, so the contents continues
    on as many pages as the entries take. It links to its section when the book has an outline.
    An `indent`ed entry (where a section's answers begin, under "Answers") starts that far in."""

    def __init__(self, key: str, title: str, detail: str, state: Pass, width: float,
                 size: float, indent: float = 0.0) -> None:
        super().__init__()
        self.key, self.state, self.size, self.width, self.indent = key, state, size, width, indent
        fonts = state.fonts
        self.page_room = stringWidth(PAGE_DIGITS, fonts.regular, size) + LEADER_GAP
        words = [Word(w, fonts.bold, size) for w in title.split(" ") if w]  # not at no-break spaces
        words += [Word(w, fonts.italic, size * 0.85) for w in detail.split(" ") if w]
        self.lines = wrap_words(words, width - self.page_room - indent)
        last, dots = self.lines[-1], stringWidth(". " * LEAST_LEADERS, fonts.regular, size)
        room = width - self.page_room + LEADER_GAP / 2 - indent
        if len(last) > 1 and line_width(last) + LEADER_GAP + dots > room:
            self.lines[-1:] = [last[:-1], last[-1:]]  # its last words and their leaders, below
        self.leading = size * 1.4
        self.height = self.leading * len(self.lines)
        self.spaceAfter = size * 0.6

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def identity(self, maxLen: int | None = None) -> str:
        return described(self, "an entry of the contents")

    def fingerprint(self) -> Print:
        return ("ContentsEntry", repr(self.lines), self.size, self.width, self.indent, self.state.outline,
                self.state.known_anchors.get(self.key, ""))

    def draw(self) -> None:
        canvas, fonts = self.canv, self.state.fonts
        y = self.height
        for line in self.lines:
            y -= self.leading
            x = self.indent
            for run in runs(line):  # a run of words in one font is one string: it reads as one
                canvas.setFont(run.font, run.size)
                canvas.drawString(x, y + self.size * 0.3, run.text)
                x += stringWidth(run.text + " ", run.font, run.size)
        baseline = y + self.size * 0.3
        page = str(self.state.known_anchors.get(self.key, ""))
        canvas.setFont(fonts.regular, self.size)
        canvas.drawRightString(self.width, baseline, page)
        left = self.indent + line_width(self.lines[-1]) + LEADER_GAP
        right = self.width - self.page_room + LEADER_GAP / 2
        dot = stringWidth(". ", fonts.regular, self.size)
        if right - left >= dot:
            canvas.drawRightString(right, baseline, ". " * int((right - left) / dot))
        if self.state.outline:
            canvas.linkRect("", self.key, (0, 0, self.width, self.height), relative=1,
                            thickness=0)


class FittedOpening(Flowable):
    """A section's opening and its first row, kept together, that begins below the section
    before it (`share_pages`): at wrap time, where the frame says how much room is left, it takes
    the largest of its `scales` (the first row's, largest first) at which `make(scale)` fits. Where
    none does, it asks for its first scale's height, so the frame moves it to the next page and
    wraps it again there (as a KeepTogether would, it flows in parts where no page holds it)."""

    def __init__(self, make: Callable[[float], list[Flowable]], scales: list[float]) -> None:
        super().__init__()
        self.make, self.scales = make, scales
        self.parts: list[Flowable] = []
        self.width = self.height = 0.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        for scale in self.scales:
            parts = self.make(scale)
            height = _stacked(parts, available_width, available_height)
            if height <= available_height + 1e-6 or scale == self.scales[-1]:
                break
        if height > available_height + 1e-6:  # none fits here: the first, on the next page
            parts = self.make(self.scales[0])
            height = _stacked(parts, available_width, available_height)
        self.parts, self.width, self.height = parts, available_width, height
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """Nothing here (the next page takes it whole) or, where it is taller than a whole page
        (a long title in large print on a small page), its parts, to flow as they come."""
        frame = getattr(self, "_frame", None)
        if frame is not None and frame._atTop:
            return self.make(self.scales[0])
        return []

    def identity(self, maxLen: int | None = None) -> str:
        return described(self, "a section's opening with its first row of puzzles")

    def draw(self) -> None:
        y = self.height
        for index, part in enumerate(self.parts):
            height = part.wrap(self.width, self.height)[1]
            y -= (part.getSpaceBefore() if index else 0) + height
            part.drawOn(self.canv, 0, y)
            y -= part.getSpaceAfter()


def _stacked(parts: list[Flowable], width: float, height: float) -> float:
    """The height of flowables stacked as a frame stacks them (no space before the first)."""
    return sum(f.wrap(width, height)[1] + f.getSpaceAfter() + (f.getSpaceBefore() if i else 0)
               for i, f in enumerate(parts))


class NotesPage(Flowable):
    """A ruled page for notes: pads a print-on-demand book to an even page count."""

    def __init__(self, state: Pass, width: float, height: float, heading: ParagraphStyle,
                 title: str) -> None:
        super().__init__()
        self.state, self.width, self.height, self.heading = state, width, height - 1, heading
        self.title = title

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def fingerprint(self) -> Print:
        return ("NotesPage", self.title, self.width, self.height, self.heading.fontName,
                self.heading.fontSize)

    def draw(self) -> None:
        canvas = self.canv
        self.state.opening_page = canvas.getPageNumber()
        canvas.setFont(self.state.fonts.bold, self.heading.fontSize)
        canvas.drawString(0, self.height - self.heading.fontSize, self.title)
        canvas.setLineWidth(max(0.5, self.state.ink.min_line))
        y = self.height - self.heading.fontSize * 2.5
        while y > 0:
            canvas.line(0, y, self.width, y)
            y -= 9 * mm


BLANK_RULES = {"name": 45 * mm, "teacher": 35 * mm, "date": 25 * mm, "class": 18 * mm,
               "period": 12 * mm, "score": 15 * mm, "score_total": 15 * mm}
"""The least length of each blank's rule: room for a pupil's writing; a line's spare room is
shared out in the same proportions (a name takes more than a class)."""
BLANK_GAP = 6 * mm  # between one blank's rule and the next blank's word
WORD_GAP = 1.5 * mm  # between a blank's word and its rule
WRITING_ROOM = 9 * mm  # the least height of a line of blanks: a child's handwriting above the rule


class NameLine(Flowable):
    """The blanks a pupil fills in at the top of a sheet ("Name ____  Date ____  Class ____"),
    each word followed by a drawn rule (and by what follows it, a score's total: "/ 20"): as
    many blanks to a line as fit with each rule at its least length (BLANK_RULES), the line's
    spare room shared out among its rules in proportion, so the last rule ends at the right
    margin, or its total does. On a narrow page (5x8, large print) the blanks wrap to further
    lines instead of shrinking."""

    def __init__(self, blanks: Sequence[tuple[str, str, str]], state: Pass, size: float) -> None:
        super().__init__()
        self.blanks, self.state, self.size = list(blanks), state, size  # (blank, word, after)
        self.leading = max(WRITING_ROOM, size * 1.8)
        # (word, its width, the rule's length, after the rule)
        self.lines: list[list[tuple[str, float, float, str]]] = []
        self.width = self.height = 0.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        font = self.state.fonts.regular

        def width(text: str) -> float:
            return stringWidth(text, font, self.size) + (WORD_GAP if text else 0.0)

        # a blank's words (its word, and what follows its rule) and its rule's least length
        wanted = [(width(word) - WORD_GAP + width(after), BLANK_RULES[blank])
                  for blank, word, after in self.blanks]
        lines: list[list[int]] = [[]]
        used = 0.0
        for index, (word, rule) in enumerate(wanted):
            need = word + WORD_GAP + rule + (BLANK_GAP if lines[-1] else 0.0)
            if lines[-1] and used + need > available_width:
                lines.append([])
                used, need = 0.0, need - BLANK_GAP
            lines[-1].append(index)
            used += need
        self.lines = []
        for line in lines:
            words = sum(wanted[i][0] + WORD_GAP for i in line) + BLANK_GAP * (len(line) - 1)
            rules = sum(wanted[i][1] for i in line)
            share = max(0.0, available_width - words) / rules  # a lone blank too wide: it shrinks
            self.lines.append([(self.blanks[i][1], width(self.blanks[i][1]) - WORD_GAP,
                                wanted[i][1] * share, self.blanks[i][2]) for i in line])
        self.width, self.height = available_width, self.leading * len(self.lines)
        return self.width, self.height

    def identity(self, maxLen: int | None = None) -> str:
        return described(self, "the name line")

    def fingerprint(self) -> Print:
        return ("NameLine", repr(self.lines), self.size, self.width, self.height)

    def draw(self) -> None:
        canvas, state = self.canv, self.state
        canvas.setFont(state.fonts.regular, self.size)
        canvas.setLineWidth(max(0.6, state.ink.min_line))
        baseline = self.height - self.leading + self.size * 0.3
        for line in self.lines:
            x = 0.0
            for word, width, rule, after in line:
                canvas.drawString(x, baseline, word)
                x += width + WORD_GAP
                canvas.line(x, baseline - 1, x + rule, baseline - 1)
                x += rule
                if after:
                    canvas.drawString(x + WORD_GAP, baseline, after)
                    x += WORD_GAP + stringWidth(after, state.fonts.regular, self.size)
                x += BLANK_GAP
            baseline -= self.leading


class PuzzleRow(Painted):
    """One row of puzzle slots at a fixed scale. It takes its slot's height where the page has
    room, and no more than its puzzles need where it has not, so a row is never pushed to the
    next page for want of blank space. A `tight` row (a section's first, kept with its opening)
    always takes only what its puzzles need: reportlab measures what it keeps together against
    an unbounded height, and so does a `flowing` row (its section's puzzles differ in height:
    `BookDocument._flowing`). A `centred` row takes a page of its own, its puzzle in the middle.
    In a bound book a row whose drawings go on past its page begins on an even page (`facing`)."""

    def __init__(self, puzzles: Sequence[PrintedPuzzle], puzzle_type: PuzzleType, grid: Grid,
                 state: Pass, speech: Language, tight: bool = False,
                 centred: bool = False, flowing: bool = False) -> None:
        super().__init__()
        self.puzzles, self.puzzle_type, self.speech = puzzles, puzzle_type, speech
        self.grid, self.state, self.centred = grid, state, centred
        self.width = grid.columns * grid.slot_width + (grid.columns - 1) * grid.gap
        self.label = LABEL_HEIGHT * state.type_scale
        self.drawn = max(state.measured.page_size(puzzle_type, p.record.puzzle)[1]
                         for p in puzzles) * mm * grid.scale
        self.least = min(grid.slot_height, self.label + self.drawn + ROW_GAP / 2)
        if centred:  # its page to itself
            self.least = grid.slot_height
        # the least it takes last on its page, where no row follows it to need the gap below (a
        # row its drawings' further bands follow keeps the gap)
        banded = any(len(puzzle_type.bands(p.record.puzzle)) > 1 for p in puzzles)
        self.bare = self.least if banded else min(self.least, self.label + self.drawn)
        self.most = self.least if tight or flowing else grid.slot_height
        self.height = self.most
        self.aligned = 0.0  # the widest drawing on its page (points): the page's one left edge
        # the drawing height a centred row is centred as: its section's tallest lone drawing, so
        # that its lone puzzles share one top (`BookDocument._one_top`)
        self.standing = self.drawn
        self.bands: list[PuzzleBand] = []  # its drawings' further bands (`continued`)
        self.spare_page: Callable[[], Flowable] | None = None  # a bound book's (`continued`)

    def spread(self, height: float) -> None:
        """Take `height`, its puzzles in the middle of it: the rows of a page they would leave
        much of blank share it out (`BookDocument._spread`)."""
        self.least = self.most = self.height = self.bare = height
        self.centred = True

    def slot_left(self, column: int) -> float:
        """Where the slot of the row's puzzle `column` begins: a short row stands centred."""
        step = self.grid.slot_width + self.grid.gap
        return ((self.grid.columns - len(self.puzzles)) / 2 + column) * step

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.height = self._height_in(available_height)
        if self.facing(available_height):  # more than the room, as a KeepTogether asks: the
            return self.width, available_height + 1  # frame splits it (`split`)
        return self.width, self.height

    def _height_in(self, room: float) -> float:
        """The row's height where its page has `room` left: its slot's, or all the room there is,
        down to its drawings' own height where it ends the page (`bare`: a third fill-in 7 pt
        short of its half gap went to the next page, its opening's page left half blank)."""
        fits = self.bare <= room < self.most
        return max(self.bare, room - 0.01) if fits else self.most

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """The row after what moves it to an even page (`facing`), or nothing: the frame
        moves it to the next page, as any flowable that does not fit."""
        before = self.facing(available_height)
        return [*before, self] if before else []

    def facing(self, room: float) -> list[Flowable]:
        """What goes before the row, where a frame places it with `room` left on the page, so
        that a puzzle whose drawing goes on past its first page begins on an even (left-hand)
        page, its continuation facing it, not overleaf: a page break where the odd page holds
        something already. Nothing where it begins on an even page, where the page it lands on
        holds all of it, in a book of loose sheets (no `spare_page`), or where the odd page
        would be left blank: a notes page there, in the middle of a section, read as a
        printing fault (an opening on a page of its own lands on an odd page instead,
        `FacingOpening`, and a section's two-page puzzles keep their pages' sides)."""
        frame = getattr(self, "_frame", None)  # set only while a frame places this very row
        if self.spare_page is None or not self.bands or frame is None:
            return []
        page = self._doctemplateAttr("page")
        here = self._height_in(room) <= room + _FUZZ
        # the next page's frame is as tall as this one (the odd and even templates mirror)
        first_page, first_room = (page, room) if here else (page + 1, frame._aH)
        drawn = self._height_in(first_room) + sum(band.height for band in self.bands)
        if first_page % 2 == 0 or drawn <= first_room + _FUZZ or not here or frame._atTop:
            return []
        return [PageBreak()]

    def identity(self, maxLen: int | None = None) -> str:
        return described(self, f"the row of puzzles {_numbers(self.puzzles)}")

    def fingerprint(self) -> Print:
        return ("PuzzleRow", type_print(self.puzzle_type), repr(self.grid), speech_print(self.speech),
                self.centred, self.width, self.height, self.aligned, self.standing,
                [(p.number, record_print(p.record)) for p in self.puzzles])

    def draw(self) -> None:
        puzzle_type = self.puzzle_type
        # a centred row (one puzzle to a page) sets its label and puzzle in the middle of its
        # height, as tall as `standing`
        top = (self.height + self.label + self.standing) / 2 if self.centred else self.height
        for column, printed in enumerate(self.puzzles):
            number, record = printed.number, printed.record
            left = self.slot_left(column)
            self.state.puzzle_pages[number] = self.canv.getPageNumber()
            if not self.state.paint:
                continue
            drawn_width = self.state.measured.page_size(puzzle_type, record.puzzle)[0] * mm * self.grid.scale
            # centred in its slot, or at the left edge of its page's widest, centred
            drawing_left = left + (self.grid.slot_width - max(drawn_width, self.aligned)) / 2
            drawer = puzzle_type  # what it sets flush right at the right edge of its page's widest
            if self.aligned > drawn_width and puzzle_type.in_block is not None:
                drawer = puzzle_type.in_block(self.aligned / (mm * self.grid.scale))
            self.canv.setFont(self.state.fonts.bold, self.state.number_pt)
            # the number over its drawing's corner, not at a wider slot's edge
            self.canv.drawString(max(left, drawing_left), top - 4 * mm * self.state.type_scale,
                                 str(number))
            pen = CanvasPen(self.canv, drawing_left, top - self.label, self.grid.scale,
                            self.state.fonts, self.state.ink)
            with speaking(self.speech):  # the words a drawing prints, in its section's language
                drawer.draw_puzzle(banded(pen, puzzle_type, record.puzzle, 0), record.puzzle)


class FacingOpening(Flowable):
    """Before a section's opening that takes a page of its own above puzzles drawn over two
    pages in a bound book: where the opening would begin an even page, the spare page (a notes
    page) there, so that the opening prints on the odd page and its first puzzle on the even
    page facing its continuation (a notes page between the opening and its first puzzle read
    as a printing fault, and one before a puzzle overleaf from its clues as no better)."""

    def __init__(self, spare_page: Callable[[], Flowable]) -> None:
        super().__init__()
        self.spare_page = spare_page
        self.width = self.height = 0

    def _even_top(self) -> bool:
        frame = getattr(self, "_frame", None)  # set only while a frame places this very flowable
        return frame is not None and frame._atTop and self._doctemplateAttr("page") % 2 == 0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        if self._even_top():  # more than the room: the frame splits it (`split`)
            return available_width, available_height + 1
        return 0, 0

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        return [self.spare_page()] if self._even_top() else []

    def fingerprint(self) -> Print:
        return ("FacingOpening",)  # draws nothing; a spare page it makes prints its own

    def draw(self) -> None:
        pass


class PuzzleBand(Painted):
    """A band of a puzzle's drawing after its first (`PuzzleType.page_breaks`: a crossword's
    clues that go on past its grid's page), under the puzzle's number, at its row's scale; it
    follows its row and flows onto the next page where the row's page has no room for it."""

    def __init__(self, printed: PrintedPuzzle, puzzle_type: PuzzleType, grid: Grid, state: Pass,
                 speech: Language, band: tuple[float, float], left: float = 0.0) -> None:
        super().__init__()
        self.printed, self.puzzle_type, self.grid = printed, puzzle_type, grid
        self.state, self.speech, self.band = state, speech, band
        self.index = puzzle_type.bands(printed.record.puzzle).index(band)
        self.label = LABEL_HEIGHT * state.type_scale
        self.left = left  # its puzzle's slot in the row (`PuzzleRow.slot_left`)
        self.width = left + grid.slot_width
        self.height = self.label + (band[1] - band[0]) * mm * grid.scale

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def identity(self, maxLen: int | None = None) -> str:
        return described(self, f"the rest of puzzle {self.printed.number}")

    def fingerprint(self) -> Print:
        return ("PuzzleBand", type_print(self.puzzle_type), repr(self.grid),
                speech_print(self.speech), self.band, self.left, self.printed.number,
                record_print(self.printed.record))

    def draw(self) -> None:
        if not self.state.paint:
            return
        puzzle = self.printed.record.puzzle
        drawn_width = self.state.measured.page_size(self.puzzle_type, puzzle)[0] * mm * self.grid.scale
        drawing_left = self.left + (self.grid.slot_width - drawn_width) / 2
        pen = CanvasPen(self.canv, drawing_left, self.height - self.label, self.grid.scale,
                        self.state.fonts, self.state.ink)
        with speaking(self.speech):
            self.puzzle_type.draw_puzzle(banded(pen, self.puzzle_type, puzzle, self.index), puzzle)
        self.canv.setFont(self.state.fonts.bold, self.state.number_pt)
        self.canv.drawString(max(self.left, drawing_left), self.height - 4 * mm * self.state.type_scale,
                             str(self.printed.number))


def banded(pen: Pen, puzzle_type: PuzzleType, puzzle: JSON, index: int) -> Pen:
    """The pen that draws band `index` of a puzzle's drawing: the pen itself for a drawing of one
    band; the last band takes everything below its top. A type that never cuts its drawing
    draws it whole, unmeasured (a maze lays its whole drawing out to measure it)."""
    if puzzle_type.page_breaks is None:
        return pen
    bands = puzzle_type.bands(puzzle)
    if len(bands) == 1:
        return pen
    top, bottom = bands[index]
    return BandPen(pen, top, bottom if index < len(bands) - 1 else math.inf)


def continued(rows: Sequence[Flowable],
              spare_page: Callable[[], Flowable] | None = None) -> list[Flowable]:
    """The flowables with, after each row of puzzles, the further bands of its puzzles' drawings
    (`PuzzleBand`), each in its turn. In a bound book, `spare_page` makes what fills an odd page
    a row leaves so that its puzzle's pages face each other (`PuzzleRow.facing`)."""
    story: list[Flowable] = []
    for row in rows:
        story.append(row)
        if isinstance(row, PuzzleRow):
            row.bands = [PuzzleBand(printed, row.puzzle_type, row.grid, row.state, row.speech,
                                    band, row.slot_left(column))
                         for column, printed in enumerate(row.puzzles)
                         for band in row.puzzle_type.bands(printed.record.puzzle)[1:]]
            row.spare_page = spare_page
            story += row.bands
    return story


# --- the answer key -------------------------------------------------------------------------------

NUMBER_PT, TEXT_PT = 8.0, 7.0  # an answer's label: its number, then its page and note
LEADING = 1.15
PAGE_ROOM = 888  # the widest page number a label's page reference makes room for


@dataclass(frozen=True)
class Run:
    """A piece of a label line; `page` marks the page reference, known only when it is drawn
    (PAGE_ROOM holds its room until then)."""

    text: str
    font: str
    size: float
    page: bool = False


def page_reference(page: int) -> str:
    """Where an answer's puzzle is, above the answer after its number and a middle dot: "3 · page 2"
    ("3 page 2" read as one odd phrase)."""
    # Translators: above an answer, the page its puzzle is on
    return "\u00b7 " + _("page {page}").format(page=page)


def answer_label(printed: PrintedPuzzle, note: str, width: float, fonts: Fonts,
                 type_scale: float, least: float) -> list[list[Run]]:
    """The lines above an answer: its number and page, and the note beside them when it fits,
    else on a line of its own, no smaller than `least` points. The puzzle's id stays in the
    JSON: a reader has no use for it."""
    number_pt, text_pt = max(NUMBER_PT * type_scale, least), max(TEXT_PT * type_scale, least)
    first = [Run(str(printed.number), fonts.bold, number_pt),
             Run(page_reference(PAGE_ROOM), fonts.regular, text_pt, page=True)]
    lines = [first]
    if note:
        used = sum(stringWidth(r.text, r.font, r.size) + _space(r) for r in first)
        if used + stringWidth(note, fonts.italic, text_pt) <= width:
            first.append(Run(note, fonts.italic, text_pt))
        else:
            lines.append([Run(note, fonts.italic, text_pt)])
    return lines


def _numbers(puzzles: Sequence[PrintedPuzzle]) -> str:
    first, last = puzzles[0].number, puzzles[-1].number
    return f"{first}\u2013{last}" if last != first else str(first)


def label_width(lines: list[list[Run]]) -> float:
    """The width of an answer label's longest line, as `AnswerRow` sets it."""
    return max(sum(stringWidth(r.text, r.font, r.size) for r in line)
               + sum(_space(r) for r in line[:-1]) for line in lines)


def label_height(lines: list[list[Run]]) -> float:
    return sum(max(r.size for r in line) * LEADING for line in lines) + 1.2 * mm


def _space(run: Run) -> float:
    """The gap after a run of a label: one space of its font (0.6 em, twice a space, stood
    between an answer's number and its "· page")."""
    return stringWidth(" ", run.font, run.size)


class AnswerRow(Painted):
    """One row of answers, drawn smaller than their puzzles, each under its label: number, the
    page its puzzle is on, and a note on how many answers it has; each in the middle of its
    grid's column, or at the left of a slot of its own width (`slots`: answers of different
    widths packed in columns, a wide one spanning two)."""

    def __init__(self, puzzles: Sequence[PrintedPuzzle], puzzle_type: PuzzleType, grid: Grid,
                 labels: list[list[list[Run]]], label: float, state: Pass,
                 speech: Language, slots: Sequence[float] = ()) -> None:
        super().__init__()
        self.puzzles, self.puzzle_type, self.labels = puzzles, puzzle_type, labels
        self.speech = speech
        self.grid, self.label, self.state = grid, label, state
        self.packed = bool(slots)
        self.slots = list(slots) or [grid.slot_width] * grid.columns
        self.lefts = ([sum(self.slots[:column]) + column * grid.gap for column in range(len(slots))]
                      if slots else [column * (grid.slot_width + grid.gap)
                                     for column in range(grid.columns)])
        self.width = sum(self.slots) + (len(self.slots) - 1) * grid.gap
        # The gap under the row is space after it, which a page's foot does not need: a row that
        # fits only without it (a large-print crossword's answer under the key's heading) is
        # drawn there rather than leaving the heading alone on its page.
        self.height = grid.slot_height - ANSWER_ROW_GAP
        self.spaceAfter = ANSWER_ROW_GAP

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def identity(self, maxLen: int | None = None) -> str:
        return described(self, f"the row of answers {_numbers(self.puzzles)}")

    def fingerprint(self) -> Print:
        pages = self.state.puzzle_pages  # the page references its labels print
        return ("AnswerRow", type_print(self.puzzle_type), repr(self.grid), speech_print(self.speech),
                repr(self.labels), self.label, self.width, self.height, self.slots,
                [(p.number, pages.get(p.number), record_print(p.record)) for p in self.puzzles])

    def draw(self) -> None:
        self.state.answered += [printed.number for printed in self.puzzles]
        if not self.state.paint:
            return
        with speaking(self.speech):  # the answers' words, in their section's language
            self._draw_answers()

    def _draw_answers(self) -> None:
        for printed, lines, slot, left in zip(self.puzzles, self.labels, self.slots, self.lefts):
            puzzle, solution = printed.record.puzzle, printed.record.solution
            drawn_width = self.state.measured.answer_size(self.puzzle_type, puzzle)[0] * mm * self.grid.scale
            # packed answers stand at their slot's left, each column one edge; a grid's, centred
            drawn_left = left if self.packed else left + (slot - drawn_width) / 2
            self._draw_label(left, printed, lines)
            pen = CanvasPen(self.canv, drawn_left,
                            self.height - self.label, self.grid.scale, self.state.fonts,
                            self.state.ink)
            self.puzzle_type.draw_solution(pen, puzzle, solution)

    def _draw_label(self, left: float, printed: PrintedPuzzle, lines: list[list[Run]]) -> None:
        canvas = self.canv
        page = self.state.puzzle_pages.get(printed.number)
        y = self.height
        for line in lines:
            y -= max(r.size for r in line) * LEADING
            x = left
            for run in line:
                text = (page_reference(page) if page else "") if run.page else run.text
                canvas.setFont(run.font, run.size)
                canvas.drawString(x, y + run.size * 0.22, text)
                x += stringWidth(text, run.font, run.size) + _space(run)


EXAMPLE_CAPTION_PT = 8.5  # "Example" and "Solved", for a 10.5 pt body
STACKED_GAP = 4 * mm  # between a stacked example's upper drawing and the caption of the lower


@dataclass(frozen=True)
class ExampleFit:
    """The scales a section's solved example may print at, whether its two drawings stand one
    above the other (when side by side they cannot reach the floor), and the type that draws
    them: the section's, or its narrowed drawing (`PuzzleType.narrowed`) side by side; `widest`,
    the scale at which it fills the frame's width, for an opening on a page of its own;
    `solved_only`: the solved drawing alone (`solved_fit`)."""

    least: float
    most: float
    stacked: bool
    drawn_by: PuzzleType
    widest: float = 0.0
    solved_only: bool = False


def example_fits(puzzle_type: PuzzleType, example: Generated, state: Pass,
                 width: float) -> list[ExampleFit]:
    """The ways a section's solved example fits a frame `width` wide, best first: at least the
    scale its text needs to reach the profile's floor, at most 0.9 of the body's proportion and
    EXAMPLE_HEIGHT tall; side by side, else stacked, and then, for a type that can narrow its
    drawing, side by side narrowed to half the frame (a large-print word search's squares on a
    5.5x8.5 trim: its stacked pair is taller than the page leaves). Empty when none fits."""
    side, stacked = (width - 3 * COLUMN_GAP) / 2, width - 2 * COLUMN_GAP
    fits = _example_fits(puzzle_type, example, state, ((False, side), (True, stacked)))
    if puzzle_type.narrowed is not None and not (fits and not fits[0].stacked):
        least = _example_least(puzzle_type, example, state)
        narrow = puzzle_type.narrowed(side / least / mm, math.inf)
        fits += _example_fits(narrow, example, state, ((False, side),))
    return fits


def solved_fit(puzzle_type: PuzzleType, example: Generated, state: Pass,
               width: float) -> ExampleFit | None:
    """The example's solved drawing alone across a frame `width` wide, for an opening on a page
    of its own whose pair of drawings does not fit there at its floor (a large-print crossword's
    clues beside its grid): a solved grid shows the rules at work and fills the page the rules
    leave half empty. None when even that does not reach its floor."""
    room = width - 2 * COLUMN_GAP
    answer_width, answer_height = puzzle_type.example_answer_size(example.puzzle)
    least = least_scale(lambda pen: puzzle_type.draw_example_answer(pen, example.puzzle, example.solution),
                        state.fonts, state.sizes.in_answer)
    if least > room / (answer_width * mm):
        return None
    most = min(EXAMPLE_HEIGHT * state.type_scale / (answer_height * mm), room / (answer_width * mm),
               0.9 * state.type_scale)
    return ExampleFit(least, max(least, most), True, puzzle_type, room / (answer_width * mm),
                      solved_only=True)


def _example_least(puzzle_type: PuzzleType, example: Generated, state: Pass) -> float:
    """The scale at which every text of the example's two drawings reaches the profile's floor."""
    return max(least_scale(lambda pen: puzzle_type.draw_puzzle(pen, example.puzzle), state.fonts,
                           state.sizes.in_answer),
               least_scale(lambda pen: puzzle_type.draw_example_answer(pen, example.puzzle,
                                                                       example.solution),
                           state.fonts, state.sizes.in_answer))


def _example_fits(puzzle_type: PuzzleType, example: Generated, state: Pass,
                  rooms: tuple[tuple[bool, float], ...]) -> list[ExampleFit]:
    """The example drawn by `puzzle_type` in each of `rooms` (stacked or not, the width a
    drawing has) where it reaches its floor."""
    puzzle_size = puzzle_type.measure(example.puzzle)
    answer_size = puzzle_type.example_answer_size(example.puzzle)
    widest = max(puzzle_size[0], answer_size[0]) * mm
    least = _example_least(puzzle_type, example, state)
    fits = []
    for stacked, room in rooms:
        if least <= room / widest:
            most = min(EXAMPLE_HEIGHT * state.type_scale / (max(puzzle_size[1], answer_size[1]) * mm),
                       room / widest, 0.9 * state.type_scale)
            fits.append(ExampleFit(least, max(least, most), stacked, puzzle_type, room / widest))
    return fits


class ExamplePair(Painted):
    """A small solved example beside (or above) its puzzle, for a section's opening page, at
    `scale` (one that `example_fits` allows), under captions no smaller than the profile's
    floor."""

    def __init__(self, puzzle_type: PuzzleType, example: Generated, state: Pass,
                 width: float, scale: float, speech: Language, stacked: bool = False,
                 solved_only: bool = False) -> None:
        super().__init__()
        self.example, self.scale, self.stacked = example, scale, stacked or solved_only
        self.puzzle_type, self.state, self.speech = puzzle_type, state, speech
        self.solved_only = solved_only
        with speaking(speech):
            # Translators: the captions over a section's worked example and its solution
            self.captions = (_("Example"), _("Solved"))
        self.caption = state.sizes.at_least(EXAMPLE_CAPTION_PT * state.type_scale)
        self.top = self.caption * 1.15 + 2.5 * mm  # of a drawing, below its caption
        heights = [puzzle_type.measure(example.puzzle)[1] * mm * scale + self.top + 0.5 * mm,
                   puzzle_type.example_answer_size(example.puzzle)[1] * mm * scale + self.top + 0.5 * mm]
        if solved_only:  # the solved drawing alone, under the first caption
            heights = heights[1:]
        elif self.stacked:  # the upper drawing's last words (a maze's Finish) clear of the caption below
            heights[0] += STACKED_GAP * state.type_scale
        self.heights = heights if self.stacked else [max(heights)] * 2
        self.width = width
        self.height = sum(heights) if self.stacked else max(heights)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def identity(self, maxLen: int | None = None) -> str:
        return described(self, f"the example of {self.puzzle_type.title}")

    def fingerprint(self) -> Print:
        return ("ExamplePair", type_print(self.puzzle_type), speech_print(self.speech), self.captions,
                self.caption, self.scale, self.stacked, self.solved_only, self.width, self.height,
                repr((self.example.puzzle, self.example.solution)))

    def draw(self) -> None:
        if not self.state.paint:
            return
        with speaking(self.speech):  # the words the drawings print, in the section's language
            self._draw_pair()

    def _draw_pair(self) -> None:
        top = self.height
        puzzle, solution = self.example.puzzle, self.example.solution
        drawings = [(self.captions[0], lambda pen: self.puzzle_type.draw_puzzle(pen, puzzle)),
                    (self.captions[1],
                     lambda pen: self.puzzle_type.draw_example_answer(pen, puzzle, solution))]
        if self.solved_only:  # the solved drawing, captioned as the example
            drawings = [(self.captions[0], drawings[1][1])]
        widths = [self.puzzle_type.measure(puzzle)[0], self.puzzle_type.example_answer_size(puzzle)[0]]
        if self.solved_only:
            widths = widths[1:]
        column = self.width if self.stacked else self.width / 2
        for index, ((caption, draw), width) in enumerate(zip(drawings, widths, strict=True)):
            # each drawing centred in its column (the whole width, stacked), its caption over it
            left = (0.0 if self.stacked else index * column) + max(
                COLUMN_GAP, (column - width * mm * self.scale) / 2)
            self.canv.setFont(self.state.fonts.italic, self.caption)
            self.canv.drawString(left - COLUMN_GAP, top - self.caption * 0.95, caption)
            draw(CanvasPen(self.canv, left, top - self.top, self.scale,
                           self.state.fonts, self.state.ink))
            if self.stacked:
                top -= self.heights[index]
