"""The studio's live preview of a 40-page book: the first preview (every puzzle made), then an edit
of one section's title and one of its level, each timed from the request to the last changed page
drawn, with how many pages were drawn again, and the CPU seconds it took (the studio's and its
job's, without the job's puzzle workers): on a computer busy with other work the CPU time is the
steadier figure. Then the retitle's changed pages drawn again as `bookgen preview` writes its PNGs
(the smallest) and as the studio does (zlib's quickest). Prints figures; asserts nothing. The fork
server is started, and warmed, first, as the studio starts it while its page loads.

Run: python bench/studio_preview.py (needs the studio extra).
"""

from __future__ import annotations

import os
import tempfile
import time
from multiprocessing import forkserver
from pathlib import Path

import yaml

from bookgen.config import ROOT
from bookgen.render.preview import render_pages

BOOK = ROOT / "config" / "pod-6x9.yaml"  # 120 puzzles on 40 pages
last_drawn: list[tuple[bytes, int]] = []  # the PDF and number of each page the last preview drew


def preview(client, jobs, book: dict, seen: set[str]) -> tuple[float, float, float, int, int]:
    """Seconds until every page is drawn, CPU seconds in all and of them the job's, pages in all,
    pages drawn this time; `seen` holds the pages drawn and the jobs run so far."""
    started, cpu = time.perf_counter(), time.process_time()
    job = client.post("/api/jobs", json={"purpose": "preview", "book": book}).get_json()
    used = time.process_time() - cpu  # the questions about the job left out
    version = -1  # as the page asks: each answer comes when the job has news
    while (status := client.get(f"/api/jobs/{job['id']}?seen={version}").get_json())["state"] == "running":
        version = status["version"]
    assert status["state"] == "done", status
    cpu = time.process_time()
    digests = [page["digest"] for page in status["pages"]]
    new = [d for d in digests if d not in seen]
    for digest in new:  # what the browser asks for: only pages it has not seen
        assert client.get(f"/api/pages/{digest}.png").status_code == 200
    seen.update(new)
    used += time.process_time() - cpu
    files = dict(jobs.find(job["id"]).files)
    last_drawn[:] = [(files[page["part"]], number) for number, page in enumerate(status["pages"], 1)
                     if page["digest"] in new]  # one part (no separate answers): numbered in order
    job_cpu = 0.0
    if job["id"] not in seen:  # a new job, not a finished one handed back
        job_cpu = jobs.find(job["id"]).cpu
        seen.add(job["id"])
    return time.perf_counter() - started, used + job_cpu, job_cpu, len(digests), len(new)


def main() -> None:
    # here, not above: each job imports this script again as its __main__ (multiprocessing does),
    # and the studio's Flask would cost it 0.12 s of CPU that `bookgen studio`'s job never spends
    from bookgen.studio.pages import PREVIEW_DPI
    from bookgen.studio.server import create_app

    book = yaml.safe_load(BOOK.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Path(folder), workers=1)
        client = app.test_client()
        client.get(f"/?token={app.config['STUDIO_TOKEN']}")  # as the printed address does
        jobs = app.extensions["bookgen-studio"]
        forkserver.ensure_running()  # what the studio's start does while its page loads
        seen: set[str] = set()
        print(f"load average at the start: {os.getloadavg()[0]:.1f}")
        try:
            for what in ("first preview (puzzles made)", "the same book again",
                         "section 4 retitled", "section 6 at another level"):
                if what == "section 4 retitled":
                    book["sections"][3]["title"] = "Number Walls, Again"
                elif what == "section 6 at another level":
                    book["sections"][5]["difficulty"] = "medium"
                seconds, cpu, job_cpu, pages, new = preview(client, jobs, book, seen)
                print(f"{what:30} {seconds:6.2f} s  {cpu:5.2f} s CPU (job {job_cpu:4.2f} s)  "
                      f"{pages} pages, {new} drawn")
                if what == "section 4 retitled":
                    changed = list(last_drawn)
        finally:
            app.extensions["bookgen-studio"].close()
    for smallest in (True, False):
        cpu = time.process_time()
        sizes = [len(png) for pdf, number in changed
                 for _n, png in render_pages(pdf, [number], PREVIEW_DPI, smallest)]
        print(f"the retitle's {len(changed)} pages drawn, PNGs "
              f"{'smallest' if smallest else 'quickest'}: {time.process_time() - cpu:5.3f} s CPU, "
              f"{sum(sizes) // len(sizes)} bytes each")


if __name__ == "__main__":
    main()
