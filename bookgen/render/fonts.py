"""Embedded TrueType fonts: found by file name, registered once, and named as a family."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import reportlab
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from bookgen.errors import BookgenError

FONT_DIRS = (
    Path(__file__).resolve().parent.parent / "fonts",
    Path(reportlab.__file__).resolve().parent / "fonts",
    Path("/usr/share/fonts/truetype"),
    Path("/usr/share/fonts"),
)


@dataclass(frozen=True)
class Fonts:
    """The registered names of a layout's regular, bold and italic faces."""

    regular: str
    bold: str
    italic: str


def find_font(file_name: str) -> Path:
    for folder in FONT_DIRS:
        direct = folder / file_name
        if direct.is_file():
            return direct
        if folder.is_dir():
            for candidate in sorted(folder.rglob(file_name)):
                return candidate
    raise BookgenError(f"font file {file_name!r} not found in {', '.join(map(str, FONT_DIRS))}",
                       key="fonts")


def register_fonts(regular: str, bold: str, italic: str) -> Fonts:
    """Register the three faces (once per process) under names derived from their files."""
    names = []
    for file_name in (regular, bold, italic):
        name = "bk-" + Path(file_name).stem
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(find_font(file_name))))
        names.append(name)
    family = names[0]
    addMapping(family, 0, 0, names[0])
    addMapping(family, 1, 0, names[1])
    addMapping(family, 0, 1, names[2])
    addMapping(family, 1, 1, names[1])
    return Fonts(*names)
