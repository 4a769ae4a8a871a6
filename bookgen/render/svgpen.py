"""The Pen (bookgen.core.pen) as SVG: the playable page's print copy of a board, for browsers
without JavaScript, is the same drawing as the book's page, not a drawing of its own.

Coordinates stay the puzzle's millimetres (the SVG's user units), so a drawing is written as its
type draws it; text is placed by its middle as the PDF pen places it (`MIDDLE`), and measured by
estimate, since the browser picks its own sans-serif face.
"""

from __future__ import annotations

import html
import math

from bookgen.core.pen import MIDDLE, THIN, Point, estimated_width

POINT = 25.4 / 72  # mm in a point: text sizes are in points, the drawing in mm
MARGIN = 1.0  # mm around the drawing, so lines on its edge are not cut in half
SCREEN_SCALE = 1.25  # the board on screen, against its natural size in mm


def _n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros: short, and the same bytes
    for the same drawing."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _grey(level: float) -> str:
    shade = round(max(0.0, min(1.0, level)) * 255)
    return f"#{shade:02x}{shade:02x}{shade:02x}"


def _paint(width: float, fill: float | None = None, stroke: bool = True) -> str:
    """The attributes that differ from the drawing's defaults (no fill, black THIN lines, set once
    on the <svg>): most shapes of a board need none, which keeps a page of boards small."""
    return ((f' fill="{_grey(fill)}"' if fill is not None else "")
            + (' stroke="none"' if not stroke else
               f' stroke-width="{_n(width)}"' if width != THIN else ""))


ELEMENT = {"arc": "path"}
"""The SVG element each pen call draws, where it is not the call's own name."""


class SvgPen:
    """Collects a drawing as SVG elements; `svg()` wraps them for the page."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = THIN,
             dash: tuple[float, float] | None = None) -> None:
        pattern = f' stroke-dasharray="{_n(dash[0])} {_n(dash[1])}"' if dash else ""
        self.parts.append(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
                          f'{_paint(width)}{pattern}/>')

    def polyline(self, points: list[Point], width: float = THIN) -> None:
        if len(points) >= 2:
            self.parts.append(f'<polyline points="{self._points(points)}"{_paint(width)}/>')

    def polygon(self, points: list[Point], width: float = THIN, fill: float | None = None,
                stroke: bool = True) -> None:
        if len(points) >= 2:
            self.parts.append(f'<polygon points="{self._points(points)}"{_paint(width, fill, stroke)}/>')

    def rect(self, x: float, y: float, w: float, h: float, width: float = THIN,
             fill: float | None = None, stroke: bool = True, radius: float = 0.0) -> None:
        corner = f' rx="{_n(radius)}"' if radius else ""
        self.parts.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{corner}'
                          f'{_paint(width, fill, stroke)}/>')

    def circle(self, cx: float, cy: float, r: float, width: float = THIN,
               fill: float | None = None, stroke: bool = True) -> None:
        self.parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}"{_paint(width, fill, stroke)}/>')

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
        self.parts.append(f'<path d="M{point(start)} A{_n(r)} {_n(r)} 0 {large} 1 {point(end)}"'
                          f'{_paint(width)}/>')

    def text(self, x: float, y: float, text: str, size: float, bold: bool = False,
             align: str = "center", grey: float = 0.0, label: bool = False) -> None:
        anchor = {"left": "start", "right": "end"}.get(align, "middle")
        weight = ' font-weight="bold"' if bold else ""
        self.parts.append(f'<text x="{_n(x)}" y="{_n(y + MIDDLE * size * POINT)}" '
                          f'font-size="{_n(size * POINT)}" text-anchor="{anchor}"{weight} '
                          f'fill="{_grey(grey)}" stroke="none">{html.escape(text, quote=False)}</text>')

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return estimated_width(text, size)

    @staticmethod
    def _points(points: list[Point]) -> str:
        return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)

    def svg(self, width: float, height: float, label: str) -> str:
        """The drawing of `width` x `height` mm as one <svg> element for an HTML page (which gives it
        its namespace), shown at SCREEN_SCALE and
        named `label` for screen readers."""
        box = f"{_n(-MARGIN)} {_n(-MARGIN)} {_n(width + 2 * MARGIN)} {_n(height + 2 * MARGIN)}"
        return (f'<svg class="static-board" viewBox="{box}" '
                f'width="{_n((width + 2 * MARGIN) * SCREEN_SCALE)}mm" '
                f'height="{_n((height + 2 * MARGIN) * SCREEN_SCALE)}mm" role="img" '
                f'fill="none" stroke="#000" stroke-width="{_n(THIN)}" '
                f'aria-label="{html.escape(label)}">' + "".join(self.parts) + "</svg>")
