"""PNG previews of chosen pages of a book or of any built PDF (a cover, say), drawn by PDFium from
the same bytes the PDF holds.

pypdfium2 (Google's PDFium) rasterises the PDF: writing a PDF renderer by hand would be far worse.
"""

from __future__ import annotations

import re
from pathlib import Path

from bookgen.errors import BookgenError
from bookgen.i18n import N_, refusal

_PAGES = re.compile(r"^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$")


def parse_pages(text: str) -> list[int]:
    """'1,3-4' -> [1, 3, 4]."""
    if not _PAGES.match(text):
        raise BookgenError(refusal(N_("{text!r} is not a page list such as 1,3-4"), text=text),
                           key="--pages")
    pages: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        low, high = int(first), int(last or first)
        if low < 1 or high < low:
            raise BookgenError(refusal(N_("{text!r} is not a page range"), text=part.strip()),
                               key="--pages")
        pages += [p for p in range(low, high + 1) if p not in pages]
    return pages


def render_pages(pdf: bytes, pages: list[int], dpi: int,
                 smallest: bool = True) -> list[tuple[int, bytes]]:
    """PNG bytes of each chosen page that exists; `smallest` squeezes each PNG hardest (Pillow's
    optimize: a book page takes about 8 times as long to write as at zlib's quickest level, for
    about the same size), which the studio, drawing while its user waits, turns off."""
    import io

    import pypdfium2

    try:
        document = pypdfium2.PdfDocument(pdf)
    except pypdfium2.PdfiumError as error:
        raise BookgenError(refusal(N_("not a PDF that can be drawn ({error})"), error=error),
                           key="preview") from None
    try:
        missing = [p for p in pages if p > len(document)]
        if missing:
            raise BookgenError(refusal(N_("the book has {pages} pages; there is no page {page}"),
                                       pages=len(document), page=missing[0]), key="--pages")
        images = []
        for number in pages:
            bitmap = document[number - 1].render(scale=dpi / 72)
            buffer = io.BytesIO()
            bitmap.to_pil().save(buffer, format="PNG",
                                 **({"optimize": True} if smallest else {"compress_level": 1}))
            images.append((number, buffer.getvalue()))
        return images
    finally:
        document.close()


def preview_files(images: list[tuple[int, bytes]], folder: Path, name: str,
                  single: Path | None = None) -> list[tuple[Path, bytes]]:
    """Where each page's PNG goes: `single` for a one-page preview named by the user, else
    NAME-page-N.png in folder."""
    if single is not None:
        return [(single, images[0][1])]
    return [(folder / f"{name}-page-{number}.png", png) for number, png in images]
