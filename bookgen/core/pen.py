"""The drawing interface puzzle types paint through, in millimetres with y pointing down.

Puzzle modules never import reportlab: they draw on a `Pen`. The PDF renderer implements it on a
reportlab canvas; `RecordingPen` keeps the calls so tests can inspect a drawing without a PDF.
Line widths are in millimetres too; `grey` is a fill level from 0 (black) to 1 (white). Angles
(`arc`) are in degrees from the x axis, growing clockwise on the page, as y points down.
Text is placed by its centre point (`align="center"`), or its left/right end, and its vertical
middle, so numbers sit centred in cells without font metrics in puzzle code.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol

Point = tuple[float, float]

THIN = 0.25
MEDIUM = 0.5
THICK = 0.8

MIDDLE = 0.36
"""Vertical middle of digits and capitals above the baseline, as a share of the font size: where
a pen puts the baseline of text placed by its middle."""


def estimated_width(text: str, size: float) -> float:
    """Width in mm of text at `size` points, at 0.6 em a character: for pens without the fonts."""
    return len(text) * size * 0.6 * 25.4 / 72


class Pen(Protocol):
    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = THIN,
             dash: tuple[float, float] | None = None) -> None: ...

    def polyline(self, points: list[Point], width: float = THIN) -> None: ...

    def polygon(self, points: list[Point], width: float = THIN, fill: float | None = None,
                stroke: bool = True) -> None: ...

    def rect(self, x: float, y: float, w: float, h: float, width: float = THIN,
             fill: float | None = None, stroke: bool = True, radius: float = 0.0) -> None: ...

    def circle(self, cx: float, cy: float, r: float, width: float = THIN,
               fill: float | None = None, stroke: bool = True) -> None: ...

    def arc(self, cx: float, cy: float, r: float, start: float, end: float,
            width: float = THIN) -> None:
        """Stroke the part of a circle from angle `start` to `end` (start < end <= start + 360)."""
        ...

    def text(self, x: float, y: float, text: str, size: float, bold: bool = False,
             align: str = "center", grey: float = 0.0, label: bool = False) -> None:
        """Write text of `size` points with its vertical middle at y. A `label` names a place
        (a crossword square's number) rather than being read as part of the puzzle: it keeps
        the floor of text, not the numbers' (`bookgen.render.sizes`)."""
        ...

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        """Width in mm of text at `size` points."""
        ...


@dataclass
class RecordingPen:
    """A Pen that records every call, for tests; text widths are estimated at 0.6 em a character."""

    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def _record(self, name: str, **kwargs: Any) -> None:
        self.calls.append((name, kwargs))

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = THIN,
             dash: tuple[float, float] | None = None) -> None:
        self._record("line", x1=x1, y1=y1, x2=x2, y2=y2, width=width, dash=dash)

    def polyline(self, points: list[Point], width: float = THIN) -> None:
        self._record("polyline", points=list(points), width=width)

    def polygon(self, points: list[Point], width: float = THIN, fill: float | None = None,
                stroke: bool = True) -> None:
        self._record("polygon", points=list(points), width=width, fill=fill, stroke=stroke)

    def rect(self, x: float, y: float, w: float, h: float, width: float = THIN,
             fill: float | None = None, stroke: bool = True, radius: float = 0.0) -> None:
        self._record("rect", x=x, y=y, w=w, h=h, width=width, fill=fill, stroke=stroke, radius=radius)

    def circle(self, cx: float, cy: float, r: float, width: float = THIN,
               fill: float | None = None, stroke: bool = True) -> None:
        self._record("circle", cx=cx, cy=cy, r=r, width=width, fill=fill, stroke=stroke)

    def arc(self, cx: float, cy: float, r: float, start: float, end: float,
            width: float = THIN) -> None:
        self._record("arc", cx=cx, cy=cy, r=r, start=start, end=end, width=width)

    def text(self, x: float, y: float, text: str, size: float, bold: bool = False,
             align: str = "center", grey: float = 0.0, label: bool = False) -> None:
        self._record("text", x=x, y=y, text=text, size=size, bold=bold, align=align, grey=grey,
                     label=label)

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return estimated_width(text, size)

    def texts(self) -> list[str]:
        """Every string written, in order: what a reader would see."""
        return [kwargs["text"] for name, kwargs in self.calls if name == "text"]

    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y) over every recorded coordinate, to test that drawings fit."""
        xs: list[float] = []
        ys: list[float] = []
        for name, kw in self.calls:
            if name == "line":
                xs += [kw["x1"], kw["x2"]]
                ys += [kw["y1"], kw["y2"]]
            elif name in ("polyline", "polygon"):
                xs += [p[0] for p in kw["points"]]
                ys += [p[1] for p in kw["points"]]
            elif name == "rect":
                xs += [kw["x"], kw["x"] + kw["w"]]
                ys += [kw["y"], kw["y"] + kw["h"]]
            elif name == "circle":
                xs += [kw["cx"] - kw["r"], kw["cx"] + kw["r"]]
                ys += [kw["cy"] - kw["r"], kw["cy"] + kw["r"]]
            elif name == "arc":
                angles = [kw["start"], kw["end"]] + [quarter for quarter in range(-360, 721, 90)
                                                     if kw["start"] < quarter < kw["end"]]
                xs += [kw["cx"] + kw["r"] * math.cos(math.radians(a)) for a in angles]
                ys += [kw["cy"] + kw["r"] * math.sin(math.radians(a)) for a in angles]
            elif name == "text":
                xs.append(kw["x"])
                ys.append(kw["y"])
        return (min(xs), min(ys), max(xs), max(ys)) if xs else (0.0, 0.0, 0.0, 0.0)


def fitted_size(text: str, room: float, largest: float = 12.0) -> float:
    """Text size in points for a number that must fit `room` mm across (digits about 0.62 em
    wide, never sized for fewer than two), at most `largest`."""
    return min(largest, room * 72 / 25.4 / (0.62 * max(len(text), 2)))


@dataclass
class BandPen:
    """A pen that passes on only what lies in a band of a drawing, from `top` to `bottom` mm,
    moved up by `top`: a drawing that continues on the pages after its first
    (`PuzzleType.page_breaks`) drawn one page at a time. A shape is judged by its top edge: a
    drawing breaks only between its parts."""

    pen: Pen
    top: float
    bottom: float

    def _holds(self, y: float) -> bool:
        return self.top - 1e-6 <= y < self.bottom - 1e-6

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = THIN,
             dash: tuple[float, float] | None = None) -> None:
        if self._holds(min(y1, y2)):
            self.pen.line(x1, y1 - self.top, x2, y2 - self.top, width, dash)

    def polyline(self, points: list[Point], width: float = THIN) -> None:
        if self._holds(min(y for _, y in points)):
            self.pen.polyline([(x, y - self.top) for x, y in points], width)

    def polygon(self, points: list[Point], width: float = THIN, fill: float | None = None,
                stroke: bool = True) -> None:
        if self._holds(min(y for _, y in points)):
            self.pen.polygon([(x, y - self.top) for x, y in points], width, fill, stroke)

    def rect(self, x: float, y: float, w: float, h: float, width: float = THIN,
             fill: float | None = None, stroke: bool = True, radius: float = 0.0) -> None:
        if self._holds(y):
            self.pen.rect(x, y - self.top, w, h, width, fill, stroke, radius)

    def circle(self, cx: float, cy: float, r: float, width: float = THIN,
               fill: float | None = None, stroke: bool = True) -> None:
        if self._holds(cy - r):
            self.pen.circle(cx, cy - self.top, r, width, fill, stroke)

    def arc(self, cx: float, cy: float, r: float, start: float, end: float,
            width: float = THIN) -> None:
        if self._holds(cy - r):
            self.pen.arc(cx, cy - self.top, r, start, end, width)

    def text(self, x: float, y: float, text: str, size: float, bold: bool = False,
             align: str = "center", grey: float = 0.0, label: bool = False) -> None:
        if self._holds(y):
            self.pen.text(x, y - self.top, text, size, bold, align, grey, label)

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return self.pen.text_width(text, size, bold)


@dataclass
class ShrunkPen:
    """A pen that draws everything `share` as large about the drawing's corner, its lines as wide
    as they are asked for: an answer key's smaller copy of a drawing whose strokes must still
    print (a maze's walls)."""

    pen: Pen
    share: float

    def _at(self, points: list[Point]) -> list[Point]:
        return [(x * self.share, y * self.share) for x, y in points]

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = THIN,
             dash: tuple[float, float] | None = None) -> None:
        s = self.share
        self.pen.line(x1 * s, y1 * s, x2 * s, y2 * s, width, dash)

    def polyline(self, points: list[Point], width: float = THIN) -> None:
        self.pen.polyline(self._at(points), width)

    def polygon(self, points: list[Point], width: float = THIN, fill: float | None = None,
                stroke: bool = True) -> None:
        self.pen.polygon(self._at(points), width, fill, stroke)

    def rect(self, x: float, y: float, w: float, h: float, width: float = THIN,
             fill: float | None = None, stroke: bool = True, radius: float = 0.0) -> None:
        s = self.share
        self.pen.rect(x * s, y * s, w * s, h * s, width, fill, stroke, radius * s)

    def circle(self, cx: float, cy: float, r: float, width: float = THIN,
               fill: float | None = None, stroke: bool = True) -> None:
        s = self.share
        self.pen.circle(cx * s, cy * s, r * s, width, fill, stroke)

    def arc(self, cx: float, cy: float, r: float, start: float, end: float,
            width: float = THIN) -> None:
        s = self.share
        self.pen.arc(cx * s, cy * s, r * s, start, end, width)

    def text(self, x: float, y: float, text: str, size: float, bold: bool = False,
             align: str = "center", grey: float = 0.0, label: bool = False) -> None:
        s = self.share
        self.pen.text(x * s, y * s, text, size * s, bold, align, grey, label)

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return self.pen.text_width(text, size, bold) * self.share
