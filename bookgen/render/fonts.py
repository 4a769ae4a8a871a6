"""Embedded TrueType fonts: found by file name, registered once, named as a family, and each
embedded subset given its own tag."""

from __future__ import annotations

import hashlib
import re
import string
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.fonts import addMapping
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont, makeToUnicodeCMap

from bookgen.errors import BookgenError
from bookgen.i18n import N_, refusal

if TYPE_CHECKING:
    from bookgen.bookconfig import BookConfig, Layout

BUNDLED_FONTS = Path(__file__).resolve().parent.parent / "fonts"  # DejaVu Sans, Bitstream Vera licence


@dataclass(frozen=True)
class Fonts:
    """The registered names of a layout's regular, bold and italic faces."""

    regular: str
    bold: str
    italic: str

    def face(self, bold: bool) -> str:
        return self.bold if bold else self.regular

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        """The width in mm of `text` at `size` points, as the page sets it: every pen's."""
        return pdfmetrics.stringWidth(text, self.face(bold), size) / mm


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


def find_font(file_name: str, beside: Path | None = None) -> Path:
    """A layout's font file: an absolute path as it is; otherwise relative to the folder of the
    layout file that names it (`beside`; `fonts/My.ttf` for a fonts/ folder next to it), then
    among bookgen's own fonts. Fonts installed on the system are not searched: a book builds the
    same on every machine from its layout, its fonts beside it, and bookgen."""
    path = Path(file_name).expanduser()
    if path.is_absolute():
        if path.is_file():
            return path
        raise BookgenError(refusal(N_("font file {file!r} not found"), file=file_name), key="fonts")
    places = ([beside.parent] if beside is not None else []) + [BUNDLED_FONTS]
    for folder in places:
        if (folder / path).is_file():
            return folder / path
    raise BookgenError(refusal(N_("font file {file!r} not found in {places}"), file=file_name,
                               places=", ".join(map(str, places))), key="fonts")


def register_fonts(regular: str, bold: str, italic: str, beside: Path | None = None) -> Fonts:
    """Register the three faces (once per process) under names derived from their files: bookgen's
    own by their names, any other by its name and where it lies, so that a layout's own
    DejaVuSans.ttf is never taken for bookgen's."""
    names = []
    for style, file_name in (("regular", regular), ("bold", bold), ("italic", italic)):
        try:
            names.append(_registered_face(file_name, beside))
        except BookgenError as error:  # named by its key, so the loader can point at its line
            raise BookgenError(error.message, key=f"fonts.{style}") from None
    family = names[0]
    addMapping(family, 0, 0, names[0])
    addMapping(family, 1, 0, names[1])
    addMapping(family, 0, 1, names[2])
    addMapping(family, 1, 1, names[1])
    return Fonts(*names)


def _registered_face(file_name: str, beside: Path | None) -> str:
    """The registered name of one face, registering it the first time."""
    path = find_font(file_name, beside)
    name = "bk-" + path.stem
    if path.parent != BUNDLED_FONTS:
        name += "-" + hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:8]
    if name not in pdfmetrics.getRegisteredFontNames():
        try:
            font = TaggedTTFont(name, str(path))
        except (TTFError, struct.error, ValueError, IndexError, KeyError) as error:
            raise BookgenError(refusal(N_("font file {file!r} is not a TrueType font that can be "
                                          "embedded ({error})"), file=file_name, error=error),
                               key="fonts") from None
        forbidden = embedding_refusal(font)
        if forbidden:
            raise BookgenError(refusal(N_("font file {file!r} may not be embedded: {why}, and a PDF "
                                          "for print carries its fonts; choose a font whose licence "
                                          "allows embedding, such as one under the SIL Open Font "
                                          "License"), file=file_name, why=forbidden), key="fonts")
        pdfmetrics.registerFont(font)
    _check_one_font_per_name(pdfmetrics.getFont(name), path, file_name)
    return name


def embedding_refusal(font: TTFont) -> str | None:
    """Why the font's maker forbids embedding it in a printed PDF (its OS/2 table's fsType), or
    None. Installable, editable and print-and-preview fonts may be embedded; reportlab does not
    check this itself."""
    table = font.face.table.get("OS/2")
    if table is None:
        return None
    fs_type = font.face.get_ushort(table["offset"] + 8)
    if fs_type & 0x000F == 0x0002:
        return "its licence is 'restricted' (fsType 0x0002: no embedding at all)"
    if fs_type & 0x0100:
        return "its licence forbids subsetting (fsType 0x0100), and a book embeds only what it uses"
    if fs_type & 0x0200:
        return "its licence allows embedding only as bitmaps (fsType 0x0200)"
    return None


def _check_one_font_per_name(registered: Any, path: Path, file_name: str) -> None:
    """reportlab keeps one font per PostScript name in a process and hands the first one out for
    any later file of that name: a different file under a name already in use (a changed copy of
    DejaVu Sans beside a layout, in a studio that drew with bookgen's) is refused, not swapped."""
    first = Path(registered.face.filename)
    if first != path and first.read_bytes() != path.read_bytes():
        raise BookgenError(refusal(N_("font file {file!r} has the PostScript name {name!r}, as "
                                      "{first!r} has, which is already in use: rename one of the "
                                      "fonts (its name table), or use the same file"),
                                   file=file_name, name=registered.face.name.decode("latin-1", "replace"),
                                   first=str(first)), key="fonts")


def layout_fonts(layout: Layout) -> Fonts:
    """The layout's three faces, registered; file names are looked up beside the layout file."""
    return register_fonts(layout.font_regular, layout.font_bold, layout.font_italic, layout.file)


def missing_characters(text: str, fonts: Fonts) -> list[str]:
    """The characters of `text` that some face of the layout has no glyph for (they would print
    as empty boxes), in order of first appearance. A character mapped to glyph 0 (.notdef, the
    empty box itself) counts as missing."""
    maps = [pdfmetrics.getFont(name).face.charToGlyph for name in (fonts.regular, fonts.bold,
                                                                  fonts.italic)]
    missing: dict[str, None] = {}
    for char in text:
        if char.isprintable() and not char.isspace() and not all(m.get(ord(char)) for m in maps):
            missing[char] = None
    return list(missing)


# What the pages and the cover print besides the config's texts and the puzzles: page numbers,
# "Answers 41–52", "Difficulty: Easy ★ · Puzzles 1–8", "Title — Answers", numbers with a minus sign.
PAGE_CHARACTERS = (string.ascii_letters + string.digits + ".,:;!?'()/-+<>="
                   + "\u2013\u2014\u00b7\u2605\u2212")


def printed_texts(config: BookConfig) -> list[tuple[str, str]]:
    """(key, text) for everything the book's pages print, known before any puzzle is made: the
    config's texts, each section's words, clues and texts its puzzles print, its rules, the
    texts of its worked example and answer (which show the signs its puzzles use, such as × and
    ÷), and the page furniture, each in the language it prints in (a German book's "Lösungen"
    needs an ö)."""
    from bookgen.core.pen import RecordingPen
    from bookgen.i18n import _, speaking

    texts = [("title", config.title), ("subtitle", config.subtitle), ("author", config.author),
             ("copyright", config.copyright), ("back_text", config.back_text)]
    for index, section in enumerate(config.sections):
        key = f"sections[{index}]"
        puzzle_type = section.puzzle_type
        with speaking(config.speech(section)):
            if section.request is not None:  # the words, clues and texts a user gave its puzzles
                specs = {spec.name: spec for spec in puzzle_type.options}
                texts += [(f"{key}.{name}", specs[name].format(value))
                          for name, value in sorted(section.request.options.items())
                          if specs[name].kind in ("words", "clues", "text") and not specs[name].picture]
            texts += [(f"{key}.title", section.title),
                      (f"{key}.rules", section.rules) if section.rules else
                      (f"{key} (the rules of {puzzle_type.name})",
                       _(puzzle_type.rules(section.request)))]
            if puzzle_type.example_note and (note := puzzle_type.example_note(section.request)):
                texts.append((f"{key} (the note on the example of {puzzle_type.name})", note))
            example = puzzle_type.example(section.request)
            if example is not None:
                pen = RecordingPen()
                puzzle_type.draw_puzzle(pen, example.puzzle)
                puzzle_type.draw_example_answer(pen, example.puzzle, example.solution)
                drawn = " ".join(str(call["text"]) for name, call in pen.calls if name == "text")
                texts.append((f"{key} (the signs of {puzzle_type.name} puzzles)", drawn))
    texts.append(("the page numbers and headings", PAGE_CHARACTERS))
    spoken = {config.language} | {s.language for s in config.sections if s.language}
    texts += [(f"the page numbers and headings in {code}", furniture(code))
              for code in sorted(spoken - {"en"})]
    texts += [(f"texts.{key}", unfilled(value)) for key, value in config.texts.items()]
    return [(key, text) for key, text in texts if text]


def furniture(code: str) -> str:
    """Every word the book's own pages and cover may print in language `code` besides the
    config's and the types' (headings, levels, labels, the cover's lines): the messages of
    bookgen's own catalog of the language."""
    from importlib import resources

    from bookgen.i18n.homes import read_home

    messages, _plural = read_home(resources.files("bookgen"), code)
    return " ".join(unfilled(text if isinstance(text, str) else " ".join(text))
                    for text in messages.values())


def unfilled(text: str) -> str:
    """A message without its placeholders and markup, which never print as they are written."""
    return re.sub(r"\{\w+(?:![rsa])?\}|</?b>", "", text)


_PASSED: list[BookConfig] = []
"""The config `check_printable` last passed: the CLI checks it before making the book and the
document again as it lays the book out, after the last puzzle, where the check (each type's
example made and drawn) would be work on one core while the other idles."""


def check_printable(config: BookConfig) -> None:
    """Refuse, before any puzzle is made, text the layout's fonts cannot draw: never print boxes
    ("tofu") in place of a title, a rule or a sign silently. A config passed once is not checked
    again (the same object: a BookConfig does not change)."""
    if any(config is passed for passed in _PASSED):
        return
    layout = config.layout
    try:
        fonts = layout_fonts(layout)
    except BookgenError as error:  # a font the layout names: said at its line in the layout
        if layout.source is None or not error.key or not error.key.startswith("fonts."):
            raise
        raise layout.source.error(tuple(error.key.split(".")), error.message) from None
    for key, text in printed_texts(config):
        missing = missing_characters(text, fonts)
        if missing:
            shown = ", ".join(f"{char!r} (U+{ord(char):04X})" for char in missing[:8])
            if len(missing) > 8:
                shown = refusal(N_("{characters} and {count} more"), characters=shown,
                                count=len(missing) - 8)
            raise BookgenError(refusal(N_(
                "the layout's fonts ({font} and its bold and italic) cannot draw {characters}; they "
                "would print as empty boxes. Use a layout whose fonts have these characters (a "
                "layout file may name other TrueType .ttf fonts), or leave them out"),
                font=layout.font_regular, characters=shown), file=config.file, key=key)
    _PASSED[:] = [config]
