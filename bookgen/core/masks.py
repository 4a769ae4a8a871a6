"""Shapes of grids: the built-in shapes, masks drawn as text, and pictures a user hands in.

A `Mask` is a set of (row, column) cells inside rows x cols, trimmed so that it touches row 0 and
column 0. Hidato cuts its grid to one, a maze is grown inside one, a nonogram paints one. Three
sources make one, and every type that takes a shape takes all three the same way:

- a built-in shape by name (`SHAPES`), drawn at the size the user asks for;
- a mask drawn as text, rows of '#' (a cell) and '.' (a hole) separated by '/' (or line breaks:
  a text file holds one row a line);
- a picture, a PNG file whose dark pixels are the cells, reduced to the size asked for: the share
  of dark pixels under each cell decides it (`picture_mask`).

A picture is read once, where the config is read, and travels on as its mask's text (`Mask.text`),
so a puzzle's id and bank line hold the shape itself, never a file name: they make the same
puzzle again anywhere.
"""

from __future__ import annotations

import io
import re
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bookgen.errors import BookgenError
from bookgen.i18n import _

Cell = tuple[int, int]

PICTURE_FILE = re.compile(r"\.(png|txt)\s*$", re.IGNORECASE)
"""A shape option's value that names a file (read from beside the config), not a shape itself."""
FILLED, EMPTY = "#", "."
TEXT_FILLED = frozenset("#Xx*1@█■")
"""What a text file's rows may mark a cell with (people draw masks with any of these)."""
TEXT_EMPTY = frozenset(".-_0 ·□")
DARK = 128
"""A pixel darker than this (0 black to 255 white, after transparency is laid on white) is dark."""
COVER = 0.5
"""The share of a cell's pixels that must be dark for the cell to be part of the picture's mask."""
MOST_PIXELS_SIDE = 4096
"""A picture holds at most this square's pixels (docs/limits.md): a header that claims more is
refused before Pillow reads a pixel."""


@dataclass(frozen=True)
class Mask:
    """Cells within rows x cols, touching row 0 and column 0."""

    rows: int
    cols: int
    cells: frozenset[Cell]

    @classmethod
    def of(cls, cells: Iterable[Cell]) -> Mask:
        """The mask of `cells`, shifted to touch row 0 and column 0."""
        cells = list(cells)
        if not cells:
            raise ValueError("a mask needs at least one cell")
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        shifted = frozenset((r - top, c - left) for r, c in cells)
        return cls(max(r for r, _ in shifted) + 1, max(c for _, c in shifted) + 1, shifted)

    def text(self) -> str:
        """The mask as one line of text ('.##./####'), which `parse_mask` reads back."""
        return "/".join("".join(FILLED if (r, c) in self.cells else EMPTY for c in range(self.cols))
                        for r in range(self.rows))

    def sorted_cells(self) -> list[Cell]:
        return sorted(self.cells)


def _centred(rows: int, cols: int, inside: Callable[[float, float], bool]) -> list[Cell]:
    """Cells whose centre, scaled to -1..1 on both axes, satisfies `inside`."""
    return [(r, c) for r in range(rows) for c in range(cols)
            if inside((2 * c + 1 - cols) / cols, (2 * r + 1 - rows) / rows)]


def _in_heart(x: float, y: float) -> bool:
    """The classic heart curve (x^2 + y^2 - 1)^3 <= x^2 y^3, y up, stretched to fill the box."""
    hx, hy = 1.2 * x, 0.1 - 1.08 * y
    return (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy ** 3 <= 0


SHAPES: dict[str, Callable[[int, int], list[Cell]]] = {
    "square": lambda rows, cols: [(r, c) for r in range(rows) for c in range(cols)],
    "diamond": lambda rows, cols: _centred(rows, cols, lambda x, y: abs(x) + abs(y) <= 1.2),
    "circle": lambda rows, cols: _centred(rows, cols, lambda x, y: x * x + y * y <= 1.1),
    "cross": lambda rows, cols: _centred(rows, cols, lambda x, y: min(abs(x), abs(y)) <= 0.4),
    "hexagon": lambda rows, cols: _centred(rows, cols, lambda x, y: abs(x) + abs(y) / 2 <= 1.0),
    "heart": lambda rows, cols: _centred(rows, cols, _in_heart),
    "ring": lambda rows, cols: _centred(rows, cols, lambda x, y: 0.2 <= x * x + y * y <= 1.1),
}
"""The built-in shapes, each drawn at any size (rows, cols)."""


def shape_mask(name: str, rows: int, cols: int) -> Mask:
    """The built-in shape `name` drawn in rows x cols (it may come out a little smaller: a shape
    leaves the corners it does not reach)."""
    return Mask.of(SHAPES[name](rows, cols))


def parse_mask(text: str, most: int, least_cells: int = 1, key: str = "shape") -> Mask:
    """A mask drawn as text: rows of '#' and '.' of equal length separated by '/' (or line
    breaks), at most `most` rows and columns and at least `least_cells` cells."""
    rows = [row.strip() for row in re.split(r"[/\n]", text.strip())]
    if any(set(row) - {FILLED, EMPTY} for row in rows) or len({len(row) for row in rows}) != 1:
        raise BookgenError(_("a shape mask has rows of equal length made of '#' (cell) and '.' "
                             "(hole), separated by '/'"), key=key)
    if len(rows) > most or len(rows[0]) > most:
        raise BookgenError(_("a shape mask is at most {most}").format(most=f"{most}x{most}"), key=key)
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == FILLED]
    if len(cells) < least_cells:
        raise BookgenError(_("a shape mask needs at least {least} cells").format(least=least_cells),
                           key=key)
    return Mask.of(cells)


def text_file_mask(text: str, key: str = "shape") -> str:
    """A mask file's text (one row a line, cells marked with any of `TEXT_FILLED`, holes with any
    of `TEXT_EMPTY`; short rows end in holes) as a mask's one-line text."""
    lines = [line.rstrip("\r") for line in text.splitlines()]
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    width = max((len(line) for line in lines), default=0)
    rows = []
    for number, line in enumerate(lines, 1):
        strange = sorted(set(line) - TEXT_FILLED - TEXT_EMPTY)
        if strange:
            raise BookgenError(_("line {number} of the mask holds {character}: mark a cell with "
                                 "'#' and a hole with '.'").format(number=number,
                                                                   character=repr(strange[0])),
                               key=key)
        rows.append("".join(FILLED if ch in TEXT_FILLED else EMPTY for ch in line.ljust(width)))
    if not any(FILLED in row for row in rows):
        raise BookgenError(_("the mask file marks no cell with '#'"), key=key)
    return Mask.of((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == FILLED).text()


def picture_mask(data: bytes, rows: int, cols: int, key: str = "shape") -> Mask:
    """The dark shape of a PNG picture, reduced to fit rows x cols: the picture is cut to its
    dark part, scaled (keeping its proportions) to fill as much of rows x cols as it can, and each
    cell is part of the mask when at least `COVER` of the pixels under it are dark."""
    try:
        from PIL import Image, UnidentifiedImageError
    except ImportError:  # pragma: no cover - pillow is a dependency
        raise BookgenError(_("reading a picture needs Pillow (pip install pillow)"), key=key) from None
    most = _("at most {most}").format(most=f"{MOST_PIXELS_SIDE}x{MOST_PIXELS_SIDE}")
    try:
        with warnings.catch_warnings():  # Pillow's own warning of a huge picture: refused below
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            opened = Image.open(io.BytesIO(data))
    except Image.DecompressionBombError:  # a header claiming billions of pixels
        raise BookgenError(_("the picture holds billions of pixels; {most}").format(most=most),
                           key=key) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise BookgenError(_("the picture is not a PNG file bookgen can read"), key=key) from None
    try:
        with opened as image:
            if image.format != "PNG":
                raise BookgenError(_("the picture is a {format} file, not a PNG").format(
                    format=image.format), key=key)
            if image.width * image.height > MOST_PIXELS_SIDE * MOST_PIXELS_SIDE:
                raise BookgenError(_("the picture is {size} pixels; {most}").format(
                    size=f"{image.width}x{image.height}", most=most), key=key)
            white = Image.new("RGBA", image.size, (255, 255, 255, 255))
            gray = Image.alpha_composite(white, image.convert("RGBA")).convert("L")
    except (OSError, SyntaxError, ValueError):  # its header read, its pixels not
        raise BookgenError(_("the picture is a damaged PNG (cut short, or its pixels broken): save "
                             "it again"), key=key) from None
    dark = gray.point(lambda value: 255 if value < DARK else 0)
    box = dark.getbbox()  # the part that holds dark pixels
    if box is None:
        raise BookgenError(_("the picture has no dark pixels: draw the shape in black on white"),
                           key=key)
    part = dark.crop(box)
    side = max(part.height / rows, part.width / cols)  # a cell's side in pixels, to fit both ways
    out_rows = max(1, min(rows, round(part.height / side)))
    out_cols = max(1, min(cols, round(part.width / side)))
    # a box filter averages exactly the pixels under each cell: 255 where all are dark
    shares = part.resize((out_cols, out_rows), Image.Resampling.BOX).tobytes()
    cells = [(index // out_cols, index % out_cols) for index, share in enumerate(shares)
             if share >= COVER * 255]
    if not cells:
        raise BookgenError(_("the picture's shape is too thin to show at {size}: ask for a larger "
                             "size or draw it bolder").format(size=f"{rows}x{cols}"), key=key)
    return Mask.of(cells)
