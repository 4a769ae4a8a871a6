"""A type's solved example as a picture: the puzzle and its answer side by side, drawn through the
same pen as the book's section pages and made a PNG by the preview's renderer."""

from __future__ import annotations

import io
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from bookgen.puzzles.base import PuzzleType, Request

EXAMPLE_DPI = 96
GAP_MM = 8.0  # between the puzzle and its answer, and around both


def example_png(puzzle_type: PuzzleType, level: str, options: Mapping[str, Any]) -> bytes | None:
    """The example a section of these settings prints, or None for a type without one. Settings
    that cannot be met raise the loader's BookgenError."""
    request = Request.make(puzzle_type, level, dict(options))
    return _drawn(puzzle_type.name, level, tuple(sorted(request.options.items())))


@lru_cache(maxsize=256)
def _drawn(type_name: str, level: str, options: tuple[tuple[str, Any], ...]) -> bytes | None:
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from bookgen.puzzles import find_type
    from bookgen.render.fonts import register_fonts
    from bookgen.render.pdfpen import CanvasPen
    from bookgen.render.preview import render_pages
    from bookgen.studio.pages import DRAWING

    with DRAWING:
        puzzle_type = find_type(type_name)
        example = puzzle_type.example(Request(puzzle_type, level, dict(options)))
        if example is None:
            return None
        puzzle_size = puzzle_type.measure(example.puzzle)
        answer_size = puzzle_type.example_answer_size(example.puzzle)
        width = (puzzle_size[0] + answer_size[0] + 3 * GAP_MM) * mm
        height = (max(puzzle_size[1], answer_size[1]) + 2 * GAP_MM) * mm
        buffer = io.BytesIO()
        canvas = Canvas(buffer, pagesize=(width, height), invariant=1)
        fonts = register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
        top = height - GAP_MM * mm
        puzzle_type.draw_puzzle(CanvasPen(canvas, GAP_MM * mm, top, 1.0, fonts), example.puzzle)
        answer_left = (2 * GAP_MM + puzzle_size[0]) * mm
        puzzle_type.draw_example_answer(CanvasPen(canvas, answer_left, top, 1.0, fonts), example.puzzle,
                                        example.solution)
        canvas.showPage()
        canvas.save()
        return render_pages(buffer.getvalue(), [1], EXAMPLE_DPI)[0][1]
