"""Fonts: a layout's font files are found beside it, then among bookgen's own; a font that lacks a
character the book prints, or whose licence forbids embedding, is named before any puzzle is made."""

from __future__ import annotations

import shutil
import struct
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.ttfonts import TTFontFile

from bookgen.config import load_config
from bookgen.render.fonts import BUNDLED_FONTS, find_font, printed_texts

DEJAVU = BUNDLED_FONTS / "DejaVuSans.ttf"
LAYOUT = """\
title: A trim of my own
page: {{width: 6in, height: 9in}}
margins: {{top: 0.6in, bottom: 0.7in, inside: 0.6in, outside: 0.5in}}
fonts: {{regular: {regular}, bold: {bold}, italic: {italic}}}
grids: [[2, 2], [1, 2], [1, 1]]
"""


def _tables(data: bytes) -> dict[str, int]:
    """Each table's tag -> the position of its entry in the font's table directory."""
    count = struct.unpack(">H", data[4:6])[0]
    return {data[12 + 16 * i:16 + 16 * i].decode("latin-1"): 12 + 16 * i for i in range(count)}


def font_without(target: Path, characters: str) -> Path:
    """DejaVu Sans with `characters` taken out of its character map: a new cmap (one format 12
    subtable, what bookgen's renderer reads) appended, and the table directory pointed at it. Its
    PostScript name changes too (reportlab holds one font per name in a process)."""
    mapping = {code: glyph for code, glyph in TTFontFile(str(DEJAVU)).charToGlyph.items()
               if glyph and chr(code) not in characters}
    groups: list[list[int]] = []
    for code in sorted(mapping):
        if groups and code == groups[-1][1] + 1 and mapping[code] == groups[-1][2] + code - groups[-1][0]:
            groups[-1][1] = code
        else:
            groups.append([code, code, mapping[code]])
    subtable = struct.pack(">HHIII", 12, 0, 16 + 12 * len(groups), 0, len(groups))
    subtable += b"".join(struct.pack(">III", *group) for group in groups)
    cmap = struct.pack(">HHHHI", 0, 1, 3, 10, 12) + subtable
    data = bytearray(DEJAVU.read_bytes())
    name = f"Without{sum(map(ord, characters)) % 1000:03d}"  # as long as DejaVuSans
    for old, new in ((b"DejaVuSans", name.encode()),
                     ("DejaVuSans".encode("utf-16-be"), name.encode("utf-16-be"))):
        data = bytearray(bytes(data).replace(old, new))
    data += b"\0" * (-len(data) % 4)
    entry = _tables(bytes(data))["cmap"]
    struct.pack_into(">II", data, entry + 8, len(data), len(cmap))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(bytes(data) + cmap)
    return target


def _layout(folder: Path, regular: str, bold: str = "DejaVuSans-Bold.ttf",
            italic: str = "DejaVuSans-Oblique.ttf") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "trim.yaml").write_text(LAYOUT.format(regular=regular, bold=bold, italic=italic))
    return folder / "trim.yaml"


def _book(folder: Path, layout: str, section: str = "{type: placement, count: 2, difficulty: easy}",
          title: str = "Mine") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "book.yaml").write_text(f"title: {title}\nlayout: {layout}\ntitle_page: false\n"
                                      f"sections: [{section}]\n")
    return folder / "book.yaml"


def test_a_font_beside_the_layout_is_found_before_bookgens_own(tmp_path, run, monkeypatch):
    (tmp_path / "trims" / "fonts").mkdir(parents=True)
    shutil.copy(DEJAVU, tmp_path / "trims" / "fonts" / "Mine.ttf")
    shutil.copy(DEJAVU, tmp_path / "trims" / "DejaVuSans-Bold.ttf")  # shadows bookgen's own
    layout = _layout(tmp_path / "trims", "fonts/Mine.ttf")
    assert find_font("fonts/Mine.ttf", layout) == tmp_path / "trims" / "fonts" / "Mine.ttf"
    assert find_font("DejaVuSans-Bold.ttf", layout) == tmp_path / "trims" / "DejaVuSans-Bold.ttf"
    assert find_font("DejaVuSans-Oblique.ttf", layout) == BUNDLED_FONTS / "DejaVuSans-Oblique.ttf"

    config = _book(tmp_path / "books", "../trims/trim.yaml")  # not beside the config, nor the cwd
    monkeypatch.chdir(tmp_path)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "mine.pdf"), "-q")
    assert status == 0, err
    fonts = {str(font.get_object()["/BaseFont"]).partition("+")[2]
             for page in PdfReader(tmp_path / "mine.pdf").pages
             for font in page["/Resources"]["/Font"].values()}
    assert "DejaVuSans" in fonts and "DejaVuSans-Bold" not in fonts  # bold: the copy beside the layout


def test_a_font_named_nowhere_lists_where_it_was_looked_for(tmp_path, run):
    config = _book(tmp_path, "./trim.yaml")
    _layout(tmp_path, "fonts/Missing.ttf")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "x.pdf"), "-q")
    assert status == 2 and "'fonts/Missing.ttf' not found in" in err
    assert str(tmp_path) in err and str(BUNDLED_FONTS) in err and not (tmp_path / "x.pdf").exists()


def _refused_before_any_puzzle(run, monkeypatch, config: Path, target: Path) -> str:
    def no_puzzles(*args, **kwargs):
        raise AssertionError("a puzzle was made before the fonts were checked")

    monkeypatch.setattr("bookgen.book.make_book", no_puzzles)
    status, _, err = run("build", str(config), "-o", str(target), "-q")
    assert status == 2 and not target.exists()
    return err


def test_a_font_without_a_sign_the_puzzles_print_is_named(tmp_path, run, monkeypatch):
    font_without(tmp_path / "fonts" / "NoTimes.ttf", "\u00d7")
    _layout(tmp_path, "fonts/NoTimes.ttf")
    config = _book(tmp_path, "./trim.yaml", "{type: arithmetic, count: 2, difficulty: easy}")
    err = _refused_before_any_puzzle(run, monkeypatch, config, tmp_path / "x.pdf")
    assert err.startswith(f"bookgen: error: {config}: sections[0] (the signs of arithmetic puzzles): ")
    assert "cannot draw '\u00d7' (U+00D7); they would print as empty boxes" in err


def test_a_font_without_the_dash_of_page_headings_or_a_title_letter_is_named(tmp_path, run, monkeypatch):
    font_without(tmp_path / "fonts" / "NoDash.ttf", "\u2013\u00e9")
    _layout(tmp_path, "fonts/NoDash.ttf")
    config = _book(tmp_path, "./trim.yaml")
    err = _refused_before_any_puzzle(run, monkeypatch, config, tmp_path / "x.pdf")
    assert "the page numbers and headings: " in err and "'\u2013' (U+2013)" in err
    config = _book(tmp_path, "./trim.yaml", title="Caf\u00e9")
    err = _refused_before_any_puzzle(run, monkeypatch, config, tmp_path / "x.pdf")
    assert f"{config}: title: " in err and "'\u00e9' (U+00E9)" in err


def test_the_check_covers_rules_example_signs_and_page_furniture(tmp_path):
    config = load_config(_book(tmp_path, "6x9", "{type: arithmetic, count: 1, difficulty: easy}"))
    texts = dict(printed_texts(config))
    assert "\u00d7" in texts["sections[0] (the signs of arithmetic puzzles)"]
    assert "brackets" in texts["sections[0] (the rules of arithmetic)"]
    assert {"\u2013", "\u2014", "\u00b7", "\u2605"} <= set(texts["the page numbers and headings"])


def test_a_font_whose_licence_forbids_embedding_is_refused_with_the_reason(tmp_path, run):
    data = bytearray(DEJAVU.read_bytes())
    os2 = struct.unpack(">I", data[_tables(bytes(data))["OS/2"] + 8:][:4])[0]
    struct.pack_into(">H", data, os2 + 8, 0x0002)  # fsType: restricted licence embedding
    (tmp_path / "Restricted.ttf").write_bytes(bytes(data))
    _layout(tmp_path, "Restricted.ttf")
    status, _, err = run("build", str(_book(tmp_path, "./trim.yaml")), "-o", str(tmp_path / "x.pdf"))
    assert status == 2 and "'Restricted.ttf' may not be embedded: its licence is 'restricted'" in err


@pytest.mark.parametrize("name", ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf"])
def test_bookgens_own_fonts_are_found_by_name_without_a_layout_file(name):
    assert find_font(name) == BUNDLED_FONTS / name
