"""The pen paints text as reportlab's own string calls would, byte for byte: it writes their
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
