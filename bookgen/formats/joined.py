"""Several of bookgen's own PDFs as one: a class set of worksheet versions printed at once.

Each version is typeset as its own file (numbered from its page 1, its answers labelled with its
pages), and the files are then joined here, not laid out again as one document: a version in the
joined file is page for page the file it would be alone. Only reportlab's output is read, whose
shape is fixed (a classic cross-reference table, a flat tree of pages, an outline); this is no
general PDF reader, and bookgen needs none (pypdf stays an optional extra, for audits).

Each part keeps its objects, renumbered; its page tree hangs under the joined file's, and its
outline becomes one entry of the joined outline, titled with the part's name ("Version B").
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

_REFERENCE = re.compile(rb"\((?:\\.|[^\\()])*\)|(\d+) 0 R")  # a string is skipped, not renumbered
_STREAM = re.compile(rb">>\s*stream\r?\n")


class _Part:
    """One PDF's objects (by number, without their `N 0 obj` and `endobj`) and its trailer's."""

    def __init__(self, pdf: bytes) -> None:
        start = int(re.findall(rb"startxref\s+(\d+)", pdf)[-1])
        table = re.match(rb"xref\s+0 (\d+)\s+", pdf[start:])
        if table is None:
            raise ValueError("not a PDF with a cross-reference table")
        size, rows = int(table.group(1)), start + table.end()
        entries = [pdf[rows + 20 * number:rows + 20 * number + 20] for number in range(size)]
        offsets = {number: int(entry[:10]) for number, entry in enumerate(entries) if entry[17:18] == b"n"}
        ends = sorted(offsets.values()) + [start]
        self.objects: dict[int, bytes] = {}
        for number, offset in offsets.items():
            whole = pdf[offset:ends[ends.index(offset) + 1]]
            body = whole[whole.index(b"obj") + 3:whole.rindex(b"endobj")]
            self.objects[number] = body.strip(b"\r\n")
        trailer = pdf[start:]
        self.root = int(re.findall(rb"/Root (\d+) 0 R", trailer)[-1])
        self.info = int(re.findall(rb"/Info (\d+) 0 R", trailer)[-1])
        self.header = pdf[:pdf.index(b"\n", pdf.index(b"\n") + 1) + 1]  # %PDF-1.4 and its binary line

    def reference(self, number: int, key: bytes) -> int | None:
        """The object `key` refers to in object `number`'s dictionary, if any."""
        found = re.search(rb"/" + key + rb" (\d+) 0 R", self._dictionary(number))
        return int(found.group(1)) if found else None

    def _dictionary(self, number: int) -> bytes:
        body = self.objects[number]
        stream = _STREAM.search(body)
        return body if stream is None else body[:stream.start() + 2]

    def pages(self) -> int:
        """How many pages the PDF has."""
        tree = self.reference(self.root, b"Pages")
        assert tree is not None, "a PDF without pages"
        return int(re.findall(rb"/Count (\d+)", self._dictionary(tree))[-1])

    def first_page(self, pages: int) -> int:
        """The first leaf of a page tree."""
        while b"/Type /Pages" in self._dictionary(pages):
            kids = re.search(rb"/Kids \[\s*(\d+) 0 R", self._dictionary(pages))
            assert kids is not None, "a page tree without pages"
            pages = int(kids.group(1))
        return pages


def _renumbered(body: bytes, shift: int) -> bytes:
    """An object's body with every reference in its dictionary moved by `shift` (its stream, if it
    has one, is left as it is)."""
    stream = _STREAM.search(body)
    head, tail = (body, b"") if stream is None else (body[:stream.start()], body[stream.start():])
    return _REFERENCE.sub(lambda m: m.group(0) if m.group(1) is None
                          else b"%d 0 R" % (int(m.group(1)) + shift), head) + tail


def _text(words: str) -> bytes:
    """A PDF text string: UTF-16 with its byte-order mark, in hex."""
    return b"<FEFF" + words.encode("utf-16-be").hex().upper().encode() + b">"


def join_pdfs(parts: Sequence[tuple[str, bytes]]) -> bytes:
    """The PDFs `parts` (each with the name its outline entry takes) in one file, in order. Where
    a part runs to more than one page (it is printed on both sides of the paper), each part of an
    odd page count is followed by a blank page, so that each starts on a sheet of its own; parts
    of one page each are not padded, as one-sided sheets are printed one-sided."""
    read = [_Part(pdf) for _name, pdf in parts]
    whole_sheets = any(part.pages() > 1 for part in read)
    objects: list[bytes] = []  # the joined file's, object N at index N - 1
    catalog, pages, outline = 1, 2, 3
    objects += [b"", b"", b""]  # filled in once the parts are placed
    kids, items, count = [], [], 0
    for (name, _pdf), part in zip(parts, read):
        shift = len(objects)
        objects += [b"null"] * max(part.objects)
        for number, body in part.objects.items():
            objects[shift + number - 1] = _renumbered(body, shift)
        tree = part.reference(part.root, b"Pages")
        assert tree is not None, "a PDF without pages"
        objects[shift + part.root - 1] = b"null"  # the joined file has one catalog
        objects[shift + tree - 1] = objects[shift + tree - 1].replace(
            b"<<", b"<<\n/Parent %d 0 R" % pages, 1)
        kids.append(shift + tree)
        shown = part.pages()
        count += shown
        first = shift + part.first_page(tree)
        item = b"/Title %s /Parent %d 0 R /Dest [ %d 0 R /Fit ]" % (_text(name), outline, first)
        own = part.reference(part.root, b"Outlines")
        if own is None:
            objects.append(b"<<\n" + item + b"\n>>")
            items.append(len(objects))
        else:  # its outline's entries nest under the part's
            objects[shift + own - 1] = objects[shift + own - 1].replace(b"/Type /Outlines", item)
            items.append(shift + own)
        if whole_sheets and shown % 2:
            box = re.search(rb"/MediaBox \[[^\]]*\]", objects[first - 1])
            objects.append(b"<<\n/Type /Page /Parent %d 0 R %s /Resources <<\n>>\n>>"
                           % (pages, box.group(0) if box else b""))
            kids.append(len(objects))
            count += 1
    for index, number in enumerate(items):  # the parts' entries as siblings
        links = (b" /Prev %d 0 R" % items[index - 1] if index else b"") + (
            b" /Next %d 0 R" % items[index + 1] if index + 1 < len(items) else b"")
        objects[number - 1] = objects[number - 1].replace(b"<<", b"<<\n" + links.strip(), 1)
    objects[catalog - 1] = (b"<<\n/Outlines %d 0 R /PageMode /UseOutlines /Pages %d 0 R /Type /Catalog\n>>"
                            % (outline, pages))
    objects[pages - 1] = b"<<\n/Count %d /Kids [ %s ] /Type /Pages\n>>" % (
        count, b" ".join(b"%d 0 R" % kid for kid in kids))
    objects[outline - 1] = b"<<\n/Count %d /First %d 0 R /Last %d 0 R /Type /Outlines\n>>" % (
        len(items), items[0], items[-1])
    return _written(read[0].header, objects, 3 + read[0].info)


def _written(header: bytes, objects: list[bytes], info: int) -> bytes:
    """The file: its objects, their cross-reference table and a trailer whose ID is a digest of
    the content (the same parts join into the same bytes)."""
    out = bytearray(header)
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    start = len(out)
    digest = hashlib.md5(bytes(out), usedforsecurity=False).hexdigest().encode()
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += (b"trailer\n<<\n/ID [<%s><%s>] /Info %d 0 R /Root 1 0 R /Size %d\n>>\nstartxref\n%d\n%%%%EOF\n"
            % (digest, digest, info, len(objects) + 1, start))
    return bytes(out)
