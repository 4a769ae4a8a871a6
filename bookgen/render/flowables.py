"""The flowables a book is made of, beside reportlab's Paragraphs: anchors for the contents and
bookmarks, the contents, a notes page, rows of puzzles or answers, and a section's solved example.
Each paints through a CanvasPen and tells the pass (`Pass`) where it landed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from bookgen.book import PrintedPuzzle
from bookgen.puzzles.base import Generated, PuzzleType
from bookgen.render.fonts import Fonts
from bookgen.render.geometry import ANSWER_LABEL_HEIGHT, COLUMN_GAP, LABEL_HEIGHT, Grid
from bookgen.render.pdfpen import CanvasPen, Ink

EXAMPLE_HEIGHT = 32 * mm


@dataclass
class Pass:
    """What one build pass shares with its flowables, and what it learns for the next."""

    fonts: Fonts
    ink: Ink
    outline: bool  # bookmarks and links (off for print-on-demand)
    type_scale: float  # label sizes relative to a 10.5 pt body
    known_anchors: dict[str, int]  # section key -> page, from the previous pass
    anchors: dict[str, int]
    puzzle_pages: dict[int, int]
    paint: bool  # False: a layout pass that only learns where things land
    running_title: str = ""  # the section being printed, for the running head
    opening_page: int = 0  # the last page a section (or the notes) opened on: no running head


class Anchor(Flowable):
    """Records the page where it lands (for the contents) and, with an outline, a bookmark."""

    def __init__(self, key: str, title: str, state: Pass) -> None:
        super().__init__()
        self.key, self.title, self.state = key, title, state
        self.width = self.height = 0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        page = self.canv.getPageNumber()
        self.state.anchors[self.key] = page
        self.state.running_title, self.state.opening_page = self.title, page
        if self.state.outline:
            self.canv.bookmarkPage(self.key)
            self.canv.addOutlineEntry(self.title, self.key, level=0, closed=False)


class Contents(Flowable):
    """The contents: one line per entry with dot leaders and the page from the previous pass;
    each line links to its section when the book has an outline."""

    def __init__(self, entries: list[tuple[str, str, str]], state: Pass, width: float,
                 size: float) -> None:
        super().__init__()
        self.entries, self.state, self.size = entries, state, size
        self.line_height = size * 2.0
        self.width = width
        self.height = self.line_height * len(entries)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas, fonts = self.canv, self.state.fonts
        for index, (key, title, detail) in enumerate(self.entries):
            y = self.height - (index + 0.75) * self.line_height
            page = str(self.state.known_anchors.get(key, ""))
            canvas.setFont(fonts.bold, self.size)
            canvas.drawString(0, y, title)
            left = canvas.stringWidth(title, fonts.bold, self.size) + 4
            canvas.setFont(fonts.italic, self.size * 0.85)
            canvas.drawString(left, y, detail)
            left += canvas.stringWidth(detail, fonts.italic, self.size * 0.85) + 6
            canvas.setFont(fonts.regular, self.size)
            canvas.drawRightString(self.width, y, page)
            right = self.width - canvas.stringWidth("0000", fonts.regular, self.size)
            dot = canvas.stringWidth(". ", fonts.regular, self.size)
            if right > left:
                canvas.drawRightString(right, y, ". " * int((right - left) / dot))
            if self.state.outline:
                canvas.linkRect("", key, (0, y - self.size * 0.4, self.width, y + self.size),
                                relative=1, thickness=0)


class NotesPage(Flowable):
    """A ruled page for notes: pads a print-on-demand book to an even page count."""

    def __init__(self, state: Pass, width: float, height: float, heading: ParagraphStyle) -> None:
        super().__init__()
        self.state, self.width, self.height, self.heading = state, width, height - 1, heading

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        self.state.opening_page = canvas.getPageNumber()
        canvas.setFont(self.state.fonts.bold, self.heading.fontSize)
        canvas.drawString(0, self.height - self.heading.fontSize, "Notes")
        canvas.setLineWidth(max(0.5, self.state.ink.min_line))
        y = self.height - self.heading.fontSize * 2.5
        while y > 0:
            canvas.line(0, y, self.width, y)
            y -= 9 * mm


class PuzzleRow(Flowable):
    """One row of puzzle slots (or answer slots) at a fixed scale."""

    def __init__(self, puzzles: Sequence[PrintedPuzzle], puzzle_type: PuzzleType, grid: Grid,
                 state: Pass, answers: bool) -> None:
        super().__init__()
        self.puzzles, self.puzzle_type = puzzles, puzzle_type
        self.grid, self.state, self.answers = grid, state, answers
        self.width = grid.columns * grid.slot_width + (grid.columns - 1) * COLUMN_GAP
        self.height = grid.slot_height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        puzzle_type = self.puzzle_type
        for column, printed in enumerate(self.puzzles):
            number, record = printed.number, printed.record
            left = column * (self.grid.slot_width + COLUMN_GAP)
            if not self.answers:
                self.state.puzzle_pages[number] = self.canv.getPageNumber()
            if not self.state.paint:
                continue
            if self.answers:
                self._label_answer(left, printed)
                size = puzzle_type.answer_size(record.puzzle)
                top_gap = ANSWER_LABEL_HEIGHT
            else:
                self.canv.setFont(self.state.fonts.bold, 11 * self.state.type_scale)
                self.canv.drawString(left, self.height - 4 * mm * self.state.type_scale, str(number))
                size = puzzle_type.measure(record.puzzle)
                top_gap = LABEL_HEIGHT * self.state.type_scale
            drawn_width = size[0] * mm * self.grid.scale
            pen = CanvasPen(self.canv, left + (self.grid.slot_width - drawn_width) / 2,
                            self.height - top_gap, self.grid.scale, self.state.fonts, self.state.ink)
            if self.answers:
                puzzle_type.draw_solution(pen, record.puzzle, record.solution)
            else:
                puzzle_type.draw_puzzle(pen, record.puzzle)

    def _label_answer(self, left: float, printed: PrintedPuzzle) -> None:
        canvas, fonts = self.canv, self.state.fonts
        number, record = printed.number, printed.record
        top = self.height
        canvas.setFont(fonts.bold, 9)
        canvas.drawString(left, top - 3.2 * mm, str(number))
        offset = canvas.stringWidth(str(number), fonts.bold, 9) + 1.5 * mm
        page = self.state.puzzle_pages.get(number)
        canvas.setFont(fonts.regular, 7.5)
        canvas.drawString(left + offset, top - 3.2 * mm, f"page {page}" if page else "")
        note = self.puzzle_type.answer_note(record.puzzle, record.solution, printed.solutions)
        if note:
            canvas.setFont(fonts.italic, 7.5)
            canvas.drawString(left, top - 6.6 * mm, note)
        if record.id:
            size = 6.0
            while size > 3.5 and canvas.stringWidth(record.id, fonts.regular, size) > self.grid.slot_width:
                size -= 0.25
            canvas.setFont(fonts.regular, size)
            canvas.drawString(left, top - 9.6 * mm, record.id)


class ExamplePair(Flowable):
    """A small solved example beside its puzzle, for a section's opening page."""

    def __init__(self, puzzle_type: PuzzleType, example: Generated, state: Pass,
                 width: float) -> None:
        super().__init__()
        self.example = example
        self.puzzle_type, self.state = puzzle_type, state
        puzzle_size = puzzle_type.measure(self.example.puzzle)
        answer_size = puzzle_type.answer_size(self.example.puzzle)
        room = (width - 3 * COLUMN_GAP) / 2
        self.scale = min(EXAMPLE_HEIGHT * state.type_scale / (max(puzzle_size[1], answer_size[1]) * mm),
                         room / (max(puzzle_size[0], answer_size[0]) * mm), 0.9 * state.type_scale)
        self.width = width
        self.height = max(puzzle_size[1], answer_size[1]) * mm * self.scale + 6 * mm

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        if not self.state.paint:
            return
        half = self.width / 2
        for index, caption in enumerate(("Example", "Solved")):
            left = index * half
            self.canv.setFont(self.state.fonts.italic, 8.5 * self.state.type_scale)
            self.canv.drawString(left, self.height - 3 * mm, caption)
            pen = CanvasPen(self.canv, left + COLUMN_GAP, self.height - 5.5 * mm, self.scale,
                            self.state.fonts, self.state.ink)
            if index == 0:
                self.puzzle_type.draw_puzzle(pen, self.example.puzzle)
            else:
                self.puzzle_type.draw_solution(pen, self.example.puzzle, self.example.solution)
