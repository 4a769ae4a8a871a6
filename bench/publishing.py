"""Every figure docs/publishing.md states, printed from the code that uses it: trims, bleed, page
count limits, gutters, paper thickness and the cover wrap, the spine and barcode areas, large print
sizes, and the interior's ink (read from a built book). tests/test_publishing.py checks that the
guide quotes these and no other measure. Run: python bench/publishing.py
"""

from __future__ import annotations

import io
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reportlab.lib.units import inch  # noqa: E402

from bookgen.config import available_layouts, load_layout  # noqa: E402
from bookgen.fields import SPINE_MM  # noqa: E402
from bookgen.render import cover, geometry  # noqa: E402
from bookgen.render.document import POD_INK  # noqa: E402
from bookgen.render.sizes import LARGE_PRINT, STANDARD  # noqa: E402

EXAMPLE_TRIM, EXAMPLE_PAGES = "6x9", 120  # the worked cover example in the guide


def inches(points: float) -> str:
    return f"{points / inch:.4g} in"


def trims() -> dict[str, str]:
    """Each built-in layout's page size, as its name gives it (inches, or mm for A4 and A5)."""
    sizes = {}
    for name in available_layouts():
        layout = load_layout(name)
        if name.startswith("a"):
            sizes[name] = f"{layout.width:.0f} x {layout.height:.0f} mm"
        else:
            sizes[name] = f"{layout.width / 25.4:.4g} x {layout.height / 25.4:.4g} in"
    return sizes


def most_pages_by_trim() -> dict[str, str]:
    """The guide's table of the most pages by trim and paper: a row for each built-in layout's
    trim, then for each other trim that takes fewer than most."""
    rows, sizes = {}, trims()
    for name in available_layouts():
        layout = load_layout(name)
        width, height = layout.width / 25.4 * inch, layout.height / 25.4 * inch
        rows[sizes[name]] = [geometry.pod_most_pages(width, height, paper) for paper in geometry.POD_MOST]
    for (width, height), most in geometry.POD_MOST_BY_TRIM.items():
        trim = f"{width:g} x {height:g} in"
        if (width, height) != (8.27, 11.69):  # A4, a layout's trim above
            rows.setdefault(trim, [most[paper] for paper in geometry.POD_MOST])
    return {trim: f"| {trim} | " + " | ".join(str(n) for n in most) + " |" for trim, most in rows.items()}


def interior_is_grey() -> bool:
    """Whether a built print-on-demand interior uses only grey ink (no colour operators)."""
    from pypdf import PdfReader

    from bookgen.book import make_book
    from bookgen.config import read_config_text
    from bookgen.puzzles import PUZZLE_TYPES
    from bookgen.render.document import BookDocument

    text = ("title: Ink\nprofile: print-on-demand\nlayout: 6x9\nsections:\n"
            + "".join(f"  - {{type: {t.name}, count: 4, difficulty: easy}}\n" for t in PUZZLE_TYPES))
    with tempfile.TemporaryDirectory() as folder:
        book = make_book(read_config_text(text, Path(folder) / "ink.yaml"))
    pdf = BookDocument(book).render("book", {})[0]
    for page in PdfReader(io.BytesIO(pdf)).pages:
        content = page.get_contents()
        data = content.get_data().decode("latin-1") if content else ""
        for match in re.finditer(r"([\d.]+) ([\d.]+) ([\d.]+) (rg|RG)\b", data):
            if len(set(match.group(1, 2, 3))) != 1:
                return False
        if re.search(r"\b(k|K|scn|SCN)\b", data):
            return False
    return True


def figures(ink: bool = True) -> dict[str, str]:
    """Name -> the figure as the guide writes it."""
    found = {f"trim {name}": size for name, size in trims().items()}
    found["bleed"] = inches(geometry.BLEED)
    found["bleed page growth"] = f"{inches(geometry.BLEED)} wider and {inches(2 * geometry.BLEED)} taller"
    found["fewest pages"] = f"{geometry.POD_MIN_PAGES} pages"
    for paper, most in geometry.POD_MOST.items():
        found[f"most pages {paper}"] = f"{most} pages on {paper}"
    for trim, row in most_pages_by_trim().items():
        found[f"most pages at {trim}"] = row
    previous = 0
    for most, gutter in geometry.POD_GUTTERS:
        found[f"gutter to {most}"] = f"{previous + 1} to {most} pages: {gutter:g} in"
        previous = most
    found["outside margin"] = inches(geometry.POD_MIN_OUTSIDE)
    found["outside margin with bleed"] = inches(geometry.POD_MIN_OUTSIDE_BLEED)
    for paper, thickness in cover.PAPER_THICKNESS.items():
        found[f"paper {paper}"] = f"{thickness:g} in"
    layout = load_layout(EXAMPLE_TRIM)
    spine = cover.spine_width(EXAMPLE_PAGES, "white")
    wrap = cover.CoverGeometry(layout.width / 25.4 * inch, layout.height / 25.4 * inch, spine,
                               EXAMPLE_PAGES)
    found["example pages"] = f"{EXAMPLE_PAGES} pages"
    found["example spine"] = f"{spine / inch:.3f} in"
    found["example wrap"] = f"{wrap.size[0] / inch:.3f} x {wrap.size[1] / inch:.2f} in"
    found["cover bleed"] = inches(cover.COVER_BLEED)
    found["cover safe"] = inches(cover.SAFE)
    found["spine text"] = f"{cover.SPINE_TEXT_PAGES} pages"
    found["spine clear"] = inches(cover.SPINE_CLEAR)
    found["spine given"] = " to ".join(f"{width / 25.4:g} in" for width in SPINE_MM)
    found["barcode"] = f"{cover.BARCODE[0] / inch:g} x {cover.BARCODE[1] / inch:g} in"
    found["large print body"] = f"{geometry.large_print(layout).body_size:g} pt"
    found["body"] = f"{layout.body_size:g} pt"
    found["large print scale"] = f"{geometry.LARGE_PRINT:.3g} times"
    found["large print head"] = f"{LARGE_PRINT.at_least(geometry.HEAD_PT * geometry.LARGE_PRINT):.3g} pt"
    found["large print folio"] = f"{LARGE_PRINT.at_least(geometry.FOLIO_PT * geometry.LARGE_PRINT):.3g} pt"
    found["least text"] = f"{STANDARD.least:g} pt"
    found["least text large print"] = f"{LARGE_PRINT.least:g} pt"
    found["large print numbers"] = f"{LARGE_PRINT.numbers:g} pt"
    found["thinnest line"] = f"{POD_INK.min_line:g} pt"
    if ink:
        found["interior ink"] = "black and grey only" if interior_is_grey() else "colour"
    return found


if __name__ == "__main__":
    for name, figure in figures().items():
        print(f"{name:28} {figure}")
