"""Embedded TrueType fonts: found by file name, registered once, named as a family, and each
embedded subset given its own tag."""

from __future__ import annotations

import hashlib
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import reportlab
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont, makeToUnicodeCMap

from bookgen.errors import BookgenError

if TYPE_CHECKING:
    from bookgen.config import BookConfig

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


def subset_tag(font_name: str, codes: list[int]) -> str:
    """Six capital letters for a subset, derived from the font's name and the characters the
    subset holds: the same subset always gets the same tag, different subsets (almost surely)
    different ones."""
    digest = hashlib.sha256(f"{font_name}:{','.join(map(str, codes))}".encode()).digest()
    return "".join(chr(ord("A") + byte % 26) for byte in digest[:6])


class TaggedTTFont(TTFont):
    """A TTFont whose embedded subsets carry their own tags, as the PDF specification asks
    (ISO 32000-1, 9.6.4: a subset's name begins with a tag unique to it).

    reportlab names subset n of every font SUBSETN(n), so each font's first subset is AAAAAA
    (in every mode, invariant or not). It has no option for the tag, so this subclass lets
    `addObjects` make the font objects as usual and then renames each subset where the name is
    written: the font's BaseFont, its descriptor's FontName and its ToUnicode map. Rejected:
    replacing the module function SUBSETN (it sees only the subset's number, and patching it
    would change every font in the process) and rewriting the finished PDF bytes (the ToUnicode
    stream is compressed by then)."""

    def addObjects(self, doc: Any) -> None:
        state = self.state[doc]  # addObjects drops it
        super().addObjects(doc)
        fonts = doc.idToObject["BasicFonts"].dict
        for number, codes in enumerate(state.subsets):
            font = fonts[f"{state.internalName}+{number}"]
            old = font.BaseFont
            new = subset_tag(old.partition("+")[2], codes) + "+" + old.partition("+")[2]
            font.BaseFont = new
            descriptor = doc.idToObject[font.FontDescriptor.name]
            descriptor.dict["FontName"] = pdfdoc.PDFName(new)
            doc.idToObject[font.ToUnicode.name].content = makeToUnicodeCMap(new, codes)


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
    for style, file_name in (("regular", regular), ("bold", bold), ("italic", italic)):
        name = "bk-" + Path(file_name).stem
        if name not in pdfmetrics.getRegisteredFontNames():
            try:
                pdfmetrics.registerFont(TaggedTTFont(name, str(find_font(file_name))))
            except BookgenError as error:
                raise BookgenError(error.message, key=f"fonts.{style}") from None
            except (TTFError, struct.error, ValueError, IndexError, KeyError) as error:
                raise BookgenError(f"font file {file_name!r} is not a TrueType font that can be "
                                   f"embedded ({error})", key=f"fonts.{style}") from None
        names.append(name)
    family = names[0]
    addMapping(family, 0, 0, names[0])
    addMapping(family, 1, 0, names[1])
    addMapping(family, 0, 1, names[2])
    addMapping(family, 1, 1, names[1])
    return Fonts(*names)


def missing_characters(text: str, fonts: Fonts) -> list[str]:
    """The characters of `text` that some face of the layout has no glyph for (they would print
    as empty boxes), in order of first appearance."""
    maps = [pdfmetrics.getFont(name).face.charToGlyph for name in (fonts.regular, fonts.bold,
                                                                  fonts.italic)]
    missing: dict[str, None] = {}
    for char in text:
        if char.isprintable() and not char.isspace() and any(ord(char) not in m for m in maps):
            missing[char] = None
    return list(missing)


def check_printable(config: BookConfig) -> None:
    """Refuse, before any puzzle is made, text the layout's fonts cannot draw: never print boxes
    ("tofu") in place of a title silently."""
    layout = config.layout
    try:
        fonts = register_fonts(layout.font_regular, layout.font_bold, layout.font_italic)
    except BookgenError as error:  # a font the layout names: said at its line in the layout
        if layout.source is None or not error.key or not error.key.startswith("fonts."):
            raise
        raise layout.source.error(tuple(error.key.split(".")), error.message) from None
    texts = [("title", config.title), ("subtitle", config.subtitle), ("author", config.author),
             ("copyright", config.copyright), ("back_text", config.back_text)]
    texts += [(f"sections[{index}].title", section.title)
              for index, section in enumerate(config.sections)]
    for key, text in texts:
        missing = missing_characters(text or "", fonts)
        if missing:
            shown = ", ".join(f"{char!r} (U+{ord(char):04X})" for char in missing[:8])
            more = f" and {len(missing) - 8} more" if len(missing) > 8 else ""
            raise BookgenError(
                f"the layout's fonts ({layout.font_regular} and its bold and italic) cannot draw "
                f"{shown}{more}; they would print as empty boxes. Use a layout whose fonts have "
                "these characters (a layout file may name other TrueType .ttf fonts), or leave "
                "them out", file=config.file, key=key)
