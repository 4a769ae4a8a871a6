"""Page pictures for the studio's preview: each page named by a digest of what it draws, so an
edit redraws only the pages it changed (the page keeps its address, and the browser its copy).

A page's digest is taken from the PDF itself: its page dictionary (object numbers left out, as
they shift when pages come or go) and its content stream. bookgen's PDFs come from reportlab in
invariant mode with a plain cross-reference table, which `_page_parts` reads; for any other PDF
each page falls back to a digest of the whole file and its number, which is right, only slower.
A preview's book PDF comes with its pages already named by what they hold, and painted only
where they changed (bookgen.render.flowables.PagePrints): a page left blank keeps the picture of
the page of that name drawn before.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass

from bookgen.render.preview import render_pages

PREVIEW_DPI = 60  # a page about 360 px wide for a 6 in trim: readable, and quick to draw
MAX_PAGES_KEPT = 2000  # pages the studio can redraw on request; the oldest are forgotten
MAX_PICTURES_KEPT = 600  # drawn pages kept in memory (about 20 kB each)
# PDFium is not thread-safe (two pages drawn at once can crash the process), nor is reportlab's
# font registry, and the server answers on many threads: one drawing at a time.
DRAWING = threading.Lock()

_XREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_ENTRY = re.compile(rb"(\d{10}) \d{5} ([nf])")
_REFERENCE = re.compile(rb"(\d+) 0 R")
_KIDS = re.compile(rb"/Kids\s*\[([^\]]*)\]")
_CONTENTS = re.compile(rb"/Contents\s+(\d+) 0 R")
_LENGTH = re.compile(rb"/Length\s+(\d+)")


def page_digests(pdf: bytes) -> list[str]:
    """One digest per page, in page order, that changes when and only when the page's drawing
    does."""
    try:
        parts = _page_parts(pdf)
    except (ValueError, IndexError, KeyError):
        parts = None
    if parts is None:
        whole = hashlib.sha256(pdf).hexdigest()
        return [hashlib.sha256(f"{whole}/{n}".encode()).hexdigest()[:32]
                for n in range(_page_count(pdf))]
    return [hashlib.sha256(b"\0".join(part)).hexdigest()[:32] for part in parts]


def _page_count(pdf: bytes) -> int:
    import pypdfium2

    with DRAWING:
        document = pypdfium2.PdfDocument(pdf)
        try:
            return len(document)
        finally:
            document.close()


def _page_parts(pdf: bytes) -> list[tuple[bytes, bytes]] | None:
    """(page dictionary without references, content stream) per page, or None when the PDF is
    not laid out as reportlab writes it."""
    start = _XREF.search(pdf[-64:])
    if start is None:
        return None
    table = pdf[int(start.group(1)):]
    if not table.startswith(b"xref"):
        return None
    offsets = [int(o) for o, kind in _ENTRY.findall(table.split(b"trailer", 1)[0]) if kind == b"n"]
    objects = {}
    for offset in offsets:
        head = re.match(rb"(\d+) 0 obj", pdf[offset:offset + 20])
        if head is None:
            return None
        objects[int(head.group(1))] = offset
    pages_tree = [n for n, o in objects.items() if b"/Type /Pages" in _body(pdf, o)]
    if len(pages_tree) != 1:
        return None
    kids = _KIDS.search(_body(pdf, objects[pages_tree[0]]))
    if kids is None:
        return None
    parts = []
    for number in _REFERENCE.findall(kids.group(1)):
        page = _body(pdf, objects[int(number)])
        contents = _CONTENTS.search(page)
        if b"/Type /Page" not in page or contents is None:
            return None
        parts.append((_REFERENCE.sub(b"", page), _stream(pdf, objects[int(contents.group(1))])))
    return parts


def _body(pdf: bytes, offset: int) -> bytes:
    """An object's dictionary, after its number and up to its stream or its end."""
    start = pdf.index(b" obj", offset) + len(b" obj")
    end = pdf.index(b"endobj", start)
    stream = pdf.find(b"stream", start, end)
    return pdf[start:stream if stream != -1 else end]


def _stream(pdf: bytes, offset: int) -> bytes:
    body = _body(pdf, offset)
    length = _LENGTH.search(body)
    if length is None:
        raise ValueError("a stream without a length")
    start = pdf.index(b"stream", offset) + len(b"stream")
    start += 2 if pdf[start:start + 2] == b"\r\n" else 1
    return body + pdf[start:start + int(length.group(1))]


@dataclass(frozen=True)
class _Source:
    pdf: bytes
    number: int  # 1-based


class PageStore:
    """Pages of the PDFs the studio has made, by digest; each drawn once, when first asked for."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sources: OrderedDict[str, _Source] = OrderedDict()
        self.pictures: OrderedDict[str, bytes] = OrderedDict()

    def add(self, pdf: bytes, names: list[str | None] | None = None,
            painted: frozenset[int] | None = None) -> list[str]:
        """Remember a PDF's pages; their digests, in order. `names` (a studio preview's) names
        each page by what it holds (None: by its digest), and of them only the `painted` pages
        are drawn in this PDF: each other one is the page of its name remembered already."""
        digests = page_digests(pdf) if names is None or None in names else []
        names = names or [None] * len(digests)
        with self.lock:
            for number, name in enumerate(names, start=1):
                digest = name or digests[number - 1]
                if name is None or painted is None or number in painted:
                    self.sources[digest] = _Source(pdf, number)
                if digest in self.sources:
                    self.sources.move_to_end(digest)
            while len(self.sources) > MAX_PAGES_KEPT:
                self.sources.popitem(last=False)
        return [name or digests[number] for number, name in enumerate(names)]

    def holds(self, digest: str) -> bool:
        """Whether the page of this digest can still be drawn (a preview may leave it blank)."""
        with self.lock:
            return digest in self.sources

    def picture(self, digest: str) -> bytes | None:
        """The page's PNG, or None for a digest the studio never made (or has forgotten)."""
        with self.lock:
            if digest in self.pictures:
                self.pictures.move_to_end(digest)
                return self.pictures[digest]
            source = self.sources.get(digest)
        if source is None:
            return None
        with DRAWING:
            png = render_pages(source.pdf, [source.number], PREVIEW_DPI, smallest=False)[0][1]
        with self.lock:
            self.pictures[digest] = png
            while len(self.pictures) > MAX_PICTURES_KEPT:
                self.pictures.popitem(last=False)
        return png
