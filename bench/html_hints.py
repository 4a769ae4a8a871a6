"""How much of the playable page's embedded data the hints take: the sample book's page built in a
temporary folder, its data read back, the hints measured packed (as the page holds them: shared
phrases plus numbers) and as they would be written out ({"cells", "value", "why"} per hint).

Also what deflate plus base64 (the rejected design) would make of the written-out hints. The
figures docs/html.md quotes. Run: python bench/html_hints.py
"""

from __future__ import annotations

import base64
import json
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bookgen.book import make_book  # noqa: E402
from bookgen.config import load_config  # noqa: E402
from bookgen.formats.html import html_files, page_record  # noqa: E402


def script(page: str, name: str) -> str:
    return page.split(f'id="{name}">')[1].split("</script>")[0]


def size(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def main() -> None:
    book = make_book(load_config(ROOT / "config" / "sampler.yaml"))
    with tempfile.TemporaryDirectory() as folder:
        ((_, data),) = html_files(book, Path(folder) / "sampler.pdf")
    page = data.decode("utf-8")
    records, phrases = json.loads(script(page, "bookgen-data")), script(page, "bookgen-phrases")
    packed = sum(size(record.get("hints", [])) for record in records) + len(phrases.encode())
    embedded = sum(size(record) for record in records) + len(phrases.encode())
    hints = [page_record(s.puzzle_type, r.to_json(), 0).get("hints", [])
             for s in book.sections for r in s.records]
    written = sum(size(record_hints) for record_hints in hints)
    deflated = len(base64.b64encode(zlib.compress(json.dumps(hints).encode("utf-8"), 9)))
    plain = embedded - packed + written
    print(f"hints written out: {written / 1000:.1f} KB, {100 * written / plain:.0f} % of the "
          f"embedded data ({plain / 1000:.1f} KB)")
    print(f"hints packed:      {packed / 1000:.1f} KB, {100 * packed / embedded:.0f} % of the "
          f"embedded data ({embedded / 1000:.1f} KB)")
    print(f"hints deflated:    {deflated / 1000:.1f} KB (base64)")


if __name__ == "__main__":
    main()
