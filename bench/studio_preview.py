"""The studio's live preview of a 40-page book: the first preview (every puzzle made), then an edit
of one section's title and one of its level, each timed from the request to the last changed page
drawn, with how many pages were drawn again. Prints figures; asserts nothing.

Run: python bench/studio_preview.py (needs the studio extra).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import yaml

from bookgen.config import ROOT
from bookgen.studio.server import create_app

BOOK = ROOT / "config" / "pod-6x9.yaml"  # 120 puzzles on 40 pages


def preview(client, book: dict, drawn: set[str]) -> tuple[float, int, int]:
    """Seconds until every page is drawn, pages in all, pages drawn this time."""
    started = time.perf_counter()
    job = client.post("/api/jobs", json={"purpose": "preview", "book": book}).get_json()
    while (status := client.get(f"/api/jobs/{job['id']}").get_json())["state"] == "running":
        time.sleep(0.01)
    assert status["state"] == "done", status
    digests = [page["digest"] for page in status["pages"]]
    new = [d for d in digests if d not in drawn]
    for digest in new:  # what the browser asks for: only pages it has not seen
        assert client.get(f"/api/pages/{digest}.png").status_code == 200
    drawn.update(new)
    return time.perf_counter() - started, len(digests), len(new)


def main() -> None:
    book = yaml.safe_load(BOOK.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Path(folder), workers=1)
        client = app.test_client()
        client.get(f"/?token={app.config['STUDIO_TOKEN']}")  # as the printed address does
        drawn: set[str] = set()
        try:
            for what in ("first preview (puzzles made)", "the same book again",
                         "section 4 retitled", "section 6 at another level"):
                if what == "section 4 retitled":
                    book["sections"][3]["title"] = "Number Walls, Again"
                elif what == "section 6 at another level":
                    book["sections"][5]["difficulty"] = "medium"
                seconds, pages, new = preview(client, book, drawn)
                print(f"{what:32} {seconds:6.2f} s  {pages} pages, {new} drawn")
        finally:
            app.extensions["bookgen-studio"].close()


if __name__ == "__main__":
    main()
