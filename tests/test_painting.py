"""The pen paints text and paths as reportlab's own calls would, byte for byte: it writes their
operators itself (bookgen.render.pdfpen), so a change in how is a change in every PDF."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from bookgen.core.pen import MIDDLE
from bookgen.render.fonts import register_fonts
from bookgen.render.pdfpen import CanvasPen, Ink

# digits again and again, letters beyond Latin-1, a text in two of the font's subsets (more than
# 256 characters), an empty one, and brackets the PDF string must escape
TEXTS = ["7", "12", "7", "Äpfel × 3 ÷ ß", "".join(map(chr, range(0x100, 0x100 + 300))), "",
         "(a\\b)", "12"]


def _pdf(paint: object) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    paint(canvas)  # type: ignore[operator]
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@pytest.mark.parametrize("align", ["left", "center", "right"])
def test_the_pens_text_is_reportlabs_string_calls(align: str) -> None:
    fonts = register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
    left, top, scale, ink = 20.0, 700.0, 1.3, Ink(lightest_grey=0.8)
    calls = [(x * 4.0, x * 3.0, text, 9.0 + x % 3, x % 2 == 1, 0.9 if x % 4 == 3 else 0.0)
             for x, text in enumerate(TEXTS)]

    def by_pen(canvas: Canvas) -> None:
        pen = CanvasPen(canvas, left, top, scale, fonts, ink)
        for x, y, text, size, bold, grey in calls:
            pen.text(x, y, text, size, bold=bold, align=align, grey=grey)
            pen.rect(x, y, 2.0, 2.0, fill=0.5)

    def by_reportlab(canvas: Canvas) -> None:
        draw = {"left": canvas.drawString, "center": canvas.drawCentredString,
                "right": canvas.drawRightString}[align]
        for x, y, text, size, bold, grey in calls:
            points = size * scale
            canvas.setFont(fonts.bold if bold else fonts.regular, points)
            canvas.setFillGray(ink.grey(grey) if grey > 0 else 0)
            draw(left + x * scale * mm, top - y * scale * mm - MIDDLE * points, text)
            canvas.setFillGray(0)
            canvas.setLineWidth(0.25 * scale * mm)
            canvas.setFillGray(0.5)
            canvas.rect(left + x * scale * mm, top - (y + 2.0) * scale * mm, 2.0 * scale * mm,
                        2.0 * scale * mm, stroke=1, fill=1)
            canvas.setFillGray(0)

    assert _pdf(by_pen) == _pdf(by_reportlab)


def test_the_pens_paths_are_reportlabs_path_objects() -> None:
    fonts = register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
    left, top, scale = 30.0, 600.0, 0.7
    shapes = [([(0.0, 0.0), (10.5, 3.25), (7.0, 12.0)], 0.4, True, 0.6, True),
              ([(1.0, 1.0), (2.0, 1.0)], 0.25, True, None, False),
              ([(3.0, 3.0), (5.0, 8.0), (9.0, 1.0), (3.0, 3.0)], 0.5, False, 0.9, True)]

    def by_pen(canvas: Canvas) -> None:
        pen = CanvasPen(canvas, left, top, scale, fonts)
        for points, width, stroke, fill, closed in shapes:
            if closed:
                pen.polygon(points, width, fill=fill, stroke=stroke)
            else:
                pen.polyline(points, width)

    def by_reportlab(canvas: Canvas) -> None:
        for points, width, stroke, fill, closed in shapes:
            canvas.setLineWidth(width * scale * mm)
            path = canvas.beginPath()
            (x, y), *rest = [(left + x * scale * mm, top - y * scale * mm) for x, y in points]
            path.moveTo(x, y)
            for x, y in rest:
                path.lineTo(x, y)
            if closed:
                path.close()
            canvas.setLineJoin(1)
            if fill is not None:
                canvas.setFillGray(fill)
            canvas.drawPath(path, stroke=1 if stroke else 0, fill=0 if fill is None else 1)
            canvas.setFillGray(0)

    assert _pdf(by_pen) == _pdf(by_reportlab)


def test_the_pens_lines_and_boxes_are_reportlabs_calls() -> None:
    """Widths under the ink's thinnest line, dashes, plain and rounded boxes, again and again:
    the pen formats each number once per document."""
    fonts = register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
    left, top, scale, ink = 25.0, 650.0, 0.9, Ink(min_line=0.3, lightest_grey=0.85)
    lines = [((0.0, 0.0, 12.5, 0.0), 0.1, None), ((1.0, 2.0, 1.0, 9.75), 0.5, (1.0, 0.5)),
             ((0.0, 0.0, 12.5, 0.0), 0.1, None)]
    boxes = [((2.0, 3.0, 4.5, 4.5), 0.25, 0.95, True, 0.0), ((2.0, 3.0, 4.5, 4.5), 0.25, None, True, 0.0),
             ((0.5, 7.0, 3.0, 2.0), 0.6, 1.0, False, 0.0), ((1.0, 1.0, 6.0, 3.0), 0.4, 0.5, True, 1.5)]

    def by_pen(canvas: Canvas) -> None:
        pen = CanvasPen(canvas, left, top, scale, fonts, ink)
        for _ in range(2):
            for ends, width, dash in lines:
                pen.line(*ends, width=width, dash=dash)
            for (x, y, w, h), width, fill, stroke, radius in boxes:
                pen.rect(x, y, w, h, width=width, fill=fill, stroke=stroke, radius=radius)

    def by_reportlab(canvas: Canvas) -> None:
        for _ in range(2):
            for (x1, y1, x2, y2), width, dash in lines:
                canvas.setLineWidth(max(width * scale * mm, ink.min_line))
                if dash:
                    canvas.setDash(dash[0] * scale * mm, dash[1] * scale * mm)
                canvas.line(left + x1 * scale * mm, top - y1 * scale * mm,
                            left + x2 * scale * mm, top - y2 * scale * mm)
                if dash:
                    canvas.setDash()
            for (x, y, w, h), width, fill, stroke, radius in boxes:
                canvas.setLineWidth(max(width * scale * mm, ink.min_line))
                if fill is not None:
                    canvas.setFillGray(ink.grey(fill))
                corner = (left + x * scale * mm, top - (y + h) * scale * mm, w * scale * mm, h * scale * mm)
                paint = {"stroke": 1 if stroke else 0, "fill": 0 if fill is None else 1}
                if radius:
                    canvas.roundRect(*corner, radius * scale * mm, **paint)
                else:
                    canvas.rect(*corner, **paint)
                canvas.setFillGray(0)

    assert _pdf(by_pen) == _pdf(by_reportlab)


def test_the_pen_leaves_the_canvas_state_as_reportlabs_calls_do() -> None:
    """Paragraphs and reportlab's own drawing read the line width, fill colour and font the
    pen last set, though it writes their operators itself."""
    fonts = register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
    canvas = Canvas(io.BytesIO(), invariant=1)
    pen = CanvasPen(canvas, 10.0, 500.0, 1.25, fonts)
    pen.text(3.0, 4.0, "42", 9.0, bold=True, grey=0.4)
    assert (canvas._fontname, canvas._fontsize, canvas._leading) == (fonts.bold, 9.0 * 1.25, 9.0 * 1.25 * 1.2)
    assert canvas._fillColorObj == (0, 0, 0)
    pen.rect(1.0, 1.0, 2.0, 2.0, width=0.35)
    assert canvas._lineWidth == 0.35 * 1.25 * mm
    pen.polygon([(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)])
    assert canvas._lineJoin == 1
