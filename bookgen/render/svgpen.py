"""The Pen (bookgen.core.pen) as SVG: the playable page's print copy of a board, for browsers
without JavaScript, is the same drawing as the book's page, not a drawing of its own.

Coordinates stay the puzzle's millimetres (the SVG's user units), so a drawing is written as its
type draws it; text is placed by its middle as the PDF pen places it (`MIDDLE`), and measured by
estimate, since the browser picks its own sans-serif face.

A large book's page holds hundreds of these drawings, tens of thousands of shapes that mostly
share a handful of paints (a clue's size and anchor, a thick line, a grey fill), so a shape
carries only its geometry and a class: the paints are said once for the whole page, as CSS
(`SvgPaints.css`), and a run of shapes in one paint shares one `<g>`. Lines are short paths.
"""

from __future__ import annotations

import html
import math
from typing import Any

from bookgen.core.pen import MIDDLE, THIN, Point, estimated_width

POINT = 25.4 / 72  # mm in a point: text sizes are in points, the drawing in mm
MARGIN = 1.0  # mm around the drawing, so lines on its edge are not cut in half
SCREEN_SCALE = 1.25  # the board on screen, against its natural size in mm
BOARD = "static-board"  # the class of each drawing's <svg>, which the paints' rules sit under


def _n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros: short, and the same bytes
    for the same drawing."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _grey(level: float) -> str:
    shade = round(max(0.0, min(1.0, level)) * 255)
    if shade % 17 == 0:  # #000, #fff, #333...: the short form says the same
        return "#" + f"{shade // 17:x}" * 3
    return f"#{shade:02x}{shade:02x}{shade:02x}"


def _paint(width: float, fill: float | None = None, stroke: bool = True) -> str:
    """The CSS of what differs from the drawing's defaults (no fill, black THIN lines): most
    shapes of a board need none."""
    return ";".join(([f"fill:{_grey(fill)}"] if fill is not None else [])
                    + (["stroke:none"] if not stroke else
                       [f"stroke-width:{_n(width)}px"] if width != THIN else []))


ELEMENT = {"arc": "path", "line": "path"}
"""The SVG element each pen call draws, where it is not the call's own name."""


def drawn_shapes(svg: Any) -> list[Any]:
    """The shapes of a drawing (an ElementTree element of `SvgPen.svg`), one a pen call, in order:
    the elements under it but the <g>s that share a paint."""
    return [node for node in svg.iter() if node is not svg and node.tag != "g"]


class SvgPaints:
    """The paints of a page's drawings, each a class named in the order first used (the same
    bytes for the same drawings): `css()` says them all once, for the page's stylesheet."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def name(self, paint: str) -> str:
        """The class of `paint` (CSS declarations), "" for the defaults."""
        if not paint:
            return ""
        return self.names.setdefault(paint, f"p{len(self.names):x}")

    def css(self) -> str:
        """The drawings' defaults and each paint's rule."""
        rules = [f".{BOARD}{{fill:none;stroke:#000;stroke-width:{_n(THIN)}px}}\n"]
        rules += [f".{BOARD} .{name}{{{paint}}}\n" for paint, name in self.names.items()]
        return "".join(rules)


class SvgPen:
    """Collects a drawing as SVG elements, each with its paint; `svg()` wraps them for the page,
    naming the paints in `paints` (the page's, shared by all its drawings)."""

    def __init__(self, paints: SvgPaints | None = None) -> None:
        self.paints = paints if paints is not None else SvgPaints()
        self.parts: list[tuple[str, str, str, str]] = []  # (element, attributes, text, paint)

    def _shape(self, element: str, attributes: str, paint: str, text: str = "") -> None:
        self.parts.append((element, attributes, text, paint))

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = THIN,
             dash: tuple[float, float] | None = None) -> None:
        pattern = [f"stroke-dasharray:{_n(dash[0])}px {_n(dash[1])}px"] if dash else []
        self._shape("path", f'd="M{_n(x1)} {_n(y1)}{self._to(x1, y1, x2, y2)}"',
                    ";".join(filter(None, [_paint(width), *pattern])))

    @staticmethod
    def _to(x1: float, y1: float, x2: float, y2: float) -> str:
        """The path command from (x1, y1) to (x2, y2): H or V where the line is level or upright."""
        if _n(y1) == _n(y2):
            return f"H{_n(x2)}"
        if _n(x1) == _n(x2):
            return f"V{_n(y2)}"
        return f"L{_n(x2)} {_n(y2)}"

    def polyline(self, points: list[Point], width: float = THIN) -> None:
        if len(points) >= 2:
            self._shape("polyline", f'points="{self._points(points)}"', _paint(width))

    def polygon(self, points: list[Point], width: float = THIN, fill: float | None = None,
                stroke: bool = True) -> None:
        if len(points) >= 2:
            self._shape("polygon", f'points="{self._points(points)}"', _paint(width, fill, stroke))

    def rect(self, x: float, y: float, w: float, h: float, width: float = THIN,
             fill: float | None = None, stroke: bool = True, radius: float = 0.0) -> None:
        corner = f' rx="{_n(radius)}"' if radius else ""
        self._shape("rect", f'x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{corner}',
                    _paint(width, fill, stroke))

    def circle(self, cx: float, cy: float, r: float, width: float = THIN,
               fill: float | None = None, stroke: bool = True) -> None:
        self._shape("circle", f'cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}"', _paint(width, fill, stroke))

    def arc(self, cx: float, cy: float, r: float, start: float, end: float,
            width: float = THIN) -> None:
        """An arc as path data: y points down, so growing angles sweep clockwise (flag 1)."""
        if end - start >= 360:
            self.circle(cx, cy, r, width)
            return

        def point(angle: float) -> str:
            turn = math.radians(angle)
            return f"{_n(cx + r * math.cos(turn))} {_n(cy + r * math.sin(turn))}"

        large = 1 if end - start > 180 else 0
        self._shape("path", f'd="M{point(start)} A{_n(r)} {_n(r)} 0 {large} 1 {point(end)}"', _paint(width))

    def text(self, x: float, y: float, text: str, size: float, bold: bool = False,
             align: str = "center", grey: float = 0.0, label: bool = False) -> None:
        anchor = {"left": "start", "right": "end"}.get(align, "middle")
        paint = (f"font-size:{_n(size * POINT)}px;text-anchor:{anchor}"
                 + (";font-weight:bold" if bold else "") + f";fill:{_grey(grey)};stroke:none")
        self._shape("text", f'x="{_n(x)}" y="{_n(y + MIDDLE * size * POINT)}"', paint,
                    html.escape(text, quote=False))

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return estimated_width(text, size)

    @staticmethod
    def _points(points: list[Point]) -> str:
        return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)

    def _markup(self) -> str:
        """The shapes in order, each run of two or more in one paint inside one <g> of its class."""
        out: list[str] = []
        index = 0
        while index < len(self.parts):
            paint = self.parts[index][3]
            end = index + 1
            while end < len(self.parts) and self.parts[end][3] == paint:
                end += 1
            name = self.paints.name(paint)
            run = self.parts[index:end] if name else self.parts[index:index + 1]
            grouped = name and len(run) > 1
            own = f' class="{name}"' if name and not grouped else ""
            shapes = "".join(f"<{element} {attributes}{own}>{text}</text>" if element == "text"
                             else f"<{element} {attributes}{own}/>" for element, attributes, text, _ in run)
            out.append(f'<g class="{name}">{shapes}</g>' if grouped else shapes)
            index += len(run)
        return "".join(out)

    def svg(self, width: float, height: float, label: str) -> str:
        """The drawing of `width` x `height` mm as one <svg> element for an HTML page (which gives it
        its namespace), shown at SCREEN_SCALE and named `label` for screen readers."""
        box = f"{_n(-MARGIN)} {_n(-MARGIN)} {_n(width + 2 * MARGIN)} {_n(height + 2 * MARGIN)}"
        return (f'<svg class="{BOARD}" viewBox="{box}" '
                f'width="{_n((width + 2 * MARGIN) * SCREEN_SCALE)}mm" '
                f'height="{_n((height + 2 * MARGIN) * SCREEN_SCALE)}mm" role="img" '
                f'aria-label="{html.escape(label)}">' + self._markup() + "</svg>")
