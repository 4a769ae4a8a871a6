"""The Pen (bookgen.core.pen) painted on a reportlab canvas, scaled and placed on the page."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import PATH_OPS, Canvas

from bookgen.core.pen import MIDDLE, THIN, Pen, Point, RecordingPen
from bookgen.render.fonts import Fonts


@dataclass(frozen=True)
class Ink:
    """Print limits: the thinnest line (points) and the lightest grey fill (1 = white) allowed;
    print-on-demand printers lose hairlines and greys under 10%. (The smallest type is a floor
    of bookgen.render.sizes: a drawing is scaled to reach it, its text is never raised alone.)"""

    min_line: float = 0.0
    lightest_grey: float = 1.0

    def grey(self, level: float) -> float:
        return level if level >= 1.0 else min(level, self.lightest_grey)


class CanvasPen:
    """Draws puzzle millimetres at `scale`, with (0, 0) at the page point (left, top) in points."""

    def __init__(self, canvas: Canvas, left: float, top: float, scale: float, fonts: Fonts,
                 ink: Ink | None = None) -> None:
        self.canvas = canvas
        self.left = left
        self.top = top
        self.scale = scale
        self.fonts = fonts
        self.ink = ink or Ink()
        self._written = _written(canvas)
        self._numbers = self._written.numbers

    def _xy(self, x: float, y: float) -> tuple[float, float]:
        return self.left + x * self.scale * mm, self.top - y * self.scale * mm

    def _stroke(self, width: float) -> None:
        """`canvas.setLineWidth` as it writes it: a book sets a line width tens of thousands
        of times, to a hundred widths."""
        line_width = width * self.scale * mm
        if line_width < self.ink.min_line:
            line_width = self.ink.min_line
        self.canvas._lineWidth = line_width
        self.canvas._code.append(f"{self._numbers[line_width]} w")

    def _grey(self, level: float) -> None:
        """`canvas.setFillGray` as it writes it."""
        self.canvas._fillColorObj = (level, level, level)
        self.canvas._code.append(f"{self._numbers[level]} g")

    def _fill(self, fill: float | None) -> int:
        if fill is None:
            return 0
        self._grey(self.ink.grey(fill))
        return 1

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = THIN,
             dash: tuple[float, float] | None = None) -> None:
        """What reportlab's `line` and `setDash` write, written here."""
        self._stroke(width)
        code, left, top, scale, number = self.canvas._code, self.left, self.top, self.scale, self._numbers
        if dash:
            code.append(f"[{number[dash[0] * scale * mm]} {number[dash[1] * scale * mm]}] 0 d")
        code.append(f"n {number[left + x1 * scale * mm]} {number[top - y1 * scale * mm]} m "
                    f"{number[left + x2 * scale * mm]} {number[top - y2 * scale * mm]} l S")
        if dash:
            code.append("[] 0 d")

    def polyline(self, points: list[Point], width: float = THIN) -> None:
        self._path(points, width, None, True, closed=False)

    def polygon(self, points: list[Point], width: float = THIN, fill: float | None = None,
                stroke: bool = True) -> None:
        self._path(points, width, fill, stroke, closed=True)

    def _path(self, points: list[Point], width: float, fill: float | None, stroke: bool,
              closed: bool) -> None:
        """What reportlab's path object and `drawPath` write, written here: a maze's walls, a
        path through a grid, an arrow's head are thousands of points."""
        if len(points) < 2:
            return
        self._stroke(width)
        canvas = self.canvas
        canvas._lineJoin = 1
        canvas._code.append("1 j")
        fill_flag = self._fill(fill)
        left, top, scale, number = self.left, self.top, self.scale, self._numbers
        ends = [f"{number[left + x * scale * mm]} {number[top - y * scale * mm]} l" for x, y in points]
        ends[0] = ends[0][:-1] + "m"
        canvas._code.append(" ".join(["n", *ends, "h"] if closed else ["n", *ends]))
        canvas._code.append(PATH_OPS[1 if stroke else 0, fill_flag, canvas._fillMode])
        _black(canvas)

    def rect(self, x: float, y: float, w: float, h: float, width: float = THIN,
             fill: float | None = None, stroke: bool = True, radius: float = 0.0) -> None:
        """A plain box as reportlab's `rect` writes it, written here."""
        self._stroke(width)
        canvas, scale = self.canvas, self.scale
        left, bottom = self._xy(x, y + h)
        width_pt, height_pt = w * scale * mm, h * scale * mm
        fill_flag = self._fill(fill)
        if radius:
            canvas.roundRect(left, bottom, width_pt, height_pt, radius * scale * mm,
                             stroke=1 if stroke else 0, fill=fill_flag)
        else:
            number, paint = self._numbers, PATH_OPS[1 if stroke else 0, fill_flag, canvas._fillMode]
            canvas._code.append(f"n {number[left]} {number[bottom]} {number[width_pt]} "
                                f"{number[height_pt]} re {paint}")
        _black(canvas)

    def circle(self, cx: float, cy: float, r: float, width: float = THIN,
               fill: float | None = None, stroke: bool = True) -> None:
        self._stroke(width)
        self.canvas.circle(*self._xy(cx, cy), r * self.scale * mm, stroke=1 if stroke else 0,
                           fill=self._fill(fill))
        _black(self.canvas)

    def arc(self, cx: float, cy: float, r: float, start: float, end: float,
            width: float = THIN) -> None:
        """reportlab's angles grow anticlockwise with y up: the page's clockwise arc from start
        to end is its anticlockwise arc from -end, as long."""
        self._stroke(width)
        (x, y), radius = self._xy(cx, cy), r * self.scale * mm
        path = self.canvas.beginPath()
        path.arc(x - radius, y - radius, x + radius, y + radius, startAng=-end, extent=end - start)
        self.canvas.drawPath(path, stroke=1, fill=0)

    def text(self, x: float, y: float, text: str, size: float, bold: bool = False,
             align: str = "center", grey: float = 0.0, label: bool = False) -> None:
        """The operators reportlab's setFont, drawString, drawCentredString and drawRightString
        write for a TrueType font (every layout's; setFont writes none, and sets the font, size
        and leading reportlab's own text reads), with the run they show worked out once per
        document (`_Written.shown`): a book prints the same digits and letters thousands of times."""
        font = self.fonts.face(bold)
        scale = self.scale
        points = size * scale
        px, py = self.left + x * scale * mm, self.top - y * scale * mm
        canvas = self.canvas
        canvas._fontname, canvas._fontsize, canvas._leading = font, points, points * 1.2
        if grey > 0:
            self._grey(self.ink.grey(grey))
        else:
            _black(canvas)
        run = (font, points, text)
        width, shown = self._written.runs.get(run) or self._written.shown(canvas, run)
        start = px if align == "left" else px - width if align == "right" else px - 0.5 * width
        number = self._numbers
        canvas._code.append(f"BT 1 0 0 1 {number[start]} {number[py - MIDDLE * points]} Tm {shown} T* ET")
        _black(canvas)

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return self.fonts.text_width(text, size, bold)


def _black(canvas: Canvas) -> None:
    """`canvas.setFillGray(0)` as it writes it, without its formatting of the number: every
    drawing's text and fill end in black again, tens of thousands of times in a book."""
    canvas._fillColorObj = (0, 0, 0)
    canvas._code.append("0 g")


class _Numbers(dict[float, str]):
    """Numbers as `fp_str` writes them, each formatted once: it writes several as each alone,
    joined by spaces, and a book's drawings set tens of thousands of points, widths and greys
    on a few thousand distinct numbers."""

    def __missing__(self, value: float) -> str:
        self[value] = written = fp_str(value)
        return written


class _Written:
    """What the pens write again and again into one PDF document, worked out once for it."""

    def __init__(self) -> None:
        self.numbers = _Numbers()
        self.runs: dict[tuple[str, float, str], tuple[float, str]] = {}

    def shown(self, canvas: Canvas, run: tuple[str, float, str]) -> tuple[float, str]:
        """The width of a run (font, points, text), and the run as reportlab's text object
        writes it on this canvas's document: each piece in one subset of the font, its subset
        named with the size and leading `Canvas.setFont` sets. Worked out once per document
        (`runs`), when its characters join the document's subsets (later runs of it add none)."""
        font, points, text = run
        face, doc = getFont(font), canvas._doc
        size = f"{fp_str(points)} Tf {fp_str(points * 1.2)} TL"
        pieces = (f"{face.getSubsetInternalName(subset, doc)} {size} ({canvas._escape(piece)}) Tj"
                  for subset, piece in face.splitString(text, doc))
        self.runs[run] = (stringWidth(text, font, points), " ".join(pieces))
        return self.runs[run]


_WRITTEN: WeakKeyDictionary[Any, _Written] = WeakKeyDictionary()
"""By PDF document (`_written`)."""


def _written(canvas: Canvas) -> _Written:
    """What the pens have written into `canvas`'s document: a book's pens paint one document."""
    return _WRITTEN.setdefault(canvas._doc, _Written())


class MeasuringPen(RecordingPen):
    """A RecordingPen that measures text with the real fonts, as the page will: for checks that
    text stays in its box, and for the smallest type a drawing holds."""

    def __init__(self, fonts: Fonts) -> None:
        super().__init__()
        self.fonts = fonts

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return self.fonts.text_width(text, size, bold)



class _TextScalePen:
    """A pen that draws nothing and keeps, of each text, the scale at which it reaches its floor
    (`least_scale`): a drawing's lines and boxes are thousands of calls a recording would keep."""

    def __init__(self, fonts: Fonts, floor_of: Callable[[str, bool], float]) -> None:
        self.fonts = fonts
        self.floor_of = floor_of
        self.least = 0.0

    def _nothing(self, *args: Any, **kwargs: Any) -> None:
        """Lines, paths, boxes, circles and arcs: no text in them."""

    line = polyline = polygon = rect = circle = arc = _nothing

    def text(self, x: float, y: float, text: str, size: float, bold: bool = False,
             align: str = "center", grey: float = 0.0, label: bool = False) -> None:
        self.least = max(self.least, self.floor_of(text, label) / size)

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return self.fonts.text_width(text, size, bold)


def least_scale(draw: Callable[[Pen], None], fonts: Fonts,
                floor: float | Callable[[str, bool], float]) -> float:
    """The scale at which every text of a drawing prints at its floor: `floor` points, or the
    floor it gives each text and whether it is a label (0.0 for a drawing without text)."""
    pen = _TextScalePen(fonts, floor if callable(floor) else (lambda text, label: floor))
    draw(pen)
    return pen.least
