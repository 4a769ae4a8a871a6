"""Shapes from the three sources (bookgen.core.masks): built-in names, masks drawn as text, and
pictures handed in as PNG or text files beside a config, which travel on as their mask's text."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from bookgen.config import load_config
from bookgen.core.masks import SHAPES, Mask, parse_mask, picture_mask, shape_mask, text_file_mask
from bookgen.errors import BookgenError


def _png(path: Path, draw, size=(200, 120), mode="RGB", background="white") -> bytes:
    image = Image.new(mode, size, background)
    draw(ImageDraw.Draw(image))
    image.save(path)
    return path.read_bytes()


def test_a_mask_reads_back_from_its_text_and_touches_the_top_left():
    mask = Mask.of([(3, 4), (3, 5), (4, 5)])
    assert (mask.rows, mask.cols, mask.sorted_cells()) == (2, 2, [(0, 0), (0, 1), (1, 1)])
    assert mask.text() == "##/.#"
    assert parse_mask(mask.text(), 15) == mask
    assert parse_mask("##\n.#\n", 15) == mask  # a drawn file's line breaks read as '/'


@pytest.mark.parametrize("text, words", [("#./##.", "equal length"), ("#a/##", "equal length"),
                                          ("#" * 16, "at most 15x15"), ("#./.#", "at least 3")])
def test_a_bad_mask_is_refused_naming_the_key(text, words):
    with pytest.raises(BookgenError) as refused:
        parse_mask(text, 15, least_cells=3, key="picture")
    assert words in refused.value.message and refused.value.key == "picture"


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_every_built_in_shape_is_drawn_inside_its_size_and_mirrors_left_to_right(name):
    mask = shape_mask(name, 9, 11)
    assert mask.rows <= 9 and mask.cols <= 11 and len(mask.cells) >= 20
    assert {(r, mask.cols - 1 - c) for r, c in mask.cells} == mask.cells


def test_a_text_file_may_mark_cells_with_any_usual_mark_and_leave_rows_short():
    assert text_file_mask("\n  XX\n X  X\n*\n\n") == "..##./.#..#/#...."
    with pytest.raises(BookgenError, match="line 2 of the mask holds '%'"):
        text_file_mask("##\n#%\n")
    with pytest.raises(BookgenError, match="marks no cell"):
        text_file_mask("...\n...\n")


def test_a_png_is_cut_to_its_dark_part_and_reduced_keeping_its_proportions(tmp_path):
    # a black disc on white, in a wide picture: it becomes a round mask, as wide as it is high
    data = _png(tmp_path / "disc.png", lambda d: d.ellipse((60, 10, 160, 110), fill="black"))
    mask = picture_mask(data, 10, 20)
    assert (mask.rows, mask.cols) == (10, 10)
    assert {(r, 9 - c) for r, c in mask.cells} == mask.cells  # mirror image of itself
    assert (5, 5) in mask.cells and (0, 0) not in mask.cells and (9, 9) not in mask.cells
    assert 0.7 * 78.5 <= len(mask.cells) <= 1.2 * 78.5  # about pi r^2 of the 10x10 square


def test_transparent_pixels_count_as_white_and_grey_ones_by_their_darkness(tmp_path):
    def draw(d):
        d.rectangle((0, 0, 49, 99), fill=(0, 0, 0, 255))  # left half opaque black
        d.rectangle((50, 0, 99, 99), fill=(0, 0, 0, 0))  # right half transparent (black underneath)

    data = _png(tmp_path / "half.png", draw, size=(100, 100), mode="RGBA", background=(0, 0, 0, 0))
    assert picture_mask(data, 4, 4).text() == "##/##/##/##"  # only the opaque half is dark
    grey = _png(tmp_path / "grey.png", lambda d: d.rectangle((0, 0, 99, 99), fill=(200, 200, 200)),
                size=(100, 100))
    with pytest.raises(BookgenError, match="no dark pixels"):
        picture_mask(grey, 5, 5)


def test_what_is_not_a_png_is_refused(tmp_path):
    jpeg = tmp_path / "photo.jpg"
    Image.new("RGB", (10, 10), "black").save(jpeg)
    with pytest.raises(BookgenError, match="JPEG file, not a PNG"):
        picture_mask(jpeg.read_bytes(), 5, 5)
    with pytest.raises(BookgenError, match="not a PNG file"):
        picture_mask(b"\x89PNG\r\n\x1a\nbroken", 5, 5)


def _hidato_book(tmp_path: Path, shape: str, size: str = "") -> Path:
    config = tmp_path / "book.yaml"
    config.write_text(f"title: Shapes\nsections:\n  - {{type: hidato, count: 1, difficulty: easy, "
                      f"shape: {shape}{', size: ' + size if size else ''}}}\n")
    return config


def test_a_config_names_a_picture_and_its_section_asks_for_the_mask_at_its_size(tmp_path):
    _png(tmp_path / "disc.png", lambda d: d.ellipse((0, 0, 119, 119), fill="black"), size=(120, 120))
    book = load_config(_hidato_book(tmp_path, "disc.png", "8"))
    shape = book.sections[0].request.options["shape"]
    assert shape == picture_mask((tmp_path / "disc.png").read_bytes(), 8, 8).text()
    assert "disc" not in book.sections[0].request.id("1")  # the id holds the shape, not the file
    (tmp_path / "arrow.txt").write_text("..#..\n.###.\n#####\n..#..\n..#..\n")
    book = load_config(_hidato_book(tmp_path, "arrow.txt"))
    assert book.sections[0].request.options["shape"] == "..#../.###./#####/..#../..#.."


def test_a_missing_or_broken_picture_names_the_section_key(tmp_path):
    with pytest.raises(BookgenError) as refused:
        load_config(_hidato_book(tmp_path, "nothere.png"))
    assert refused.value.key == "sections[0].shape" and "no such file" in refused.value.message
    (tmp_path / "empty.png").write_bytes(b"")
    with pytest.raises(BookgenError) as refused:
        load_config(_hidato_book(tmp_path, "empty.png"))
    assert refused.value.key == "sections[0].shape" and "not a PNG" in refused.value.message
