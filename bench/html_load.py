"""How soon a large book's playable page takes input: the page of the default `init` book with
five types at five levels (630 puzzles) built in a temporary folder, opened in headless Chromium
as a 390x844 phone, at full speed and with the processor slowed 4x (CDP's
Emulation.setCPUThrottlingRate), each in a fresh context.

For each it prints the page's size; the seconds until the page is ready and has run the frames
after it (its main thread is free: the page takes input), and until puzzle 1, reached by its
"Skip to puzzle 1" link (on a phone the contents fill the first screens), has a square to type
into and the frames after it have run; the main thread's busy time by then, with its style
recalculation, layout and script (CDP Performance.getMetrics); the page's element count and how
many boards are built. The figures
docs/html.md quotes. Run: python bench/html_load.py [--page FILE.html] [--keep FILE.html]
(--page measures a page already built; --keep writes the built page there).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bookgen.book import make_book  # noqa: E402
from bookgen.cli import main as bookgen  # noqa: E402
from bookgen.config import load_config  # noqa: E402
from bookgen.formats.html import html_files  # noqa: E402

TYPES, LEVELS = "kakuro,nonogram,calcudoku,futoshiki,sudoku", "easy,medium,hard,expert,master"
CHROMIUM = os.environ.get("BOOKGEN_CHROMIUM", "/usr/bin/chromium-headless-shell")
FIRST_SQUARE = 'document.querySelector("#puzzle-1 .board :is(input, button.cell)")'
FRAMES = "new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)))"


def build_page(folder: Path) -> Path:
    """The init book's page, HTML only (its PDF is not needed here)."""
    bookgen(["init", str(folder / "book"), "--type", TYPES, "--levels", LEVELS], stdout=io.StringIO())
    book = make_book(load_config(folder / "book" / "book.yaml"))
    ((path, data),) = html_files(book, folder / "book.pdf")
    path.write_bytes(data)
    return path


def measure(browser, page: Path, slowdown: int) -> str:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    tab = context.new_page()
    cdp = context.new_cdp_session(tab)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    cdp.send("Performance.enable")
    start = time.perf_counter()
    tab.goto(page.as_uri(), wait_until="load", timeout=300_000)
    tab.wait_for_selector("html.ready", state="attached", timeout=300_000)
    for _ in range(3):
        tab.evaluate(FRAMES)
    ready = time.perf_counter() - start
    tab.evaluate("document.querySelector('a.skip').click()")  # "Skip to puzzle 1", below the contents
    tab.wait_for_function(FIRST_SQUARE, polling=20, timeout=300_000)
    for _ in range(3):
        tab.evaluate(FRAMES)
    playable = time.perf_counter() - start
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    built = tab.evaluate("[...document.querySelectorAll('.board')]"
                         ".filter(board => board.querySelector(':scope > :not(noscript)')).length")
    puzzles = tab.evaluate("document.querySelectorAll('article.puzzle').length")
    context.close()
    return (f"cpu x{slowdown}: the page takes input after {ready:.1f} s, puzzle 1 (by its skip link) "
            f"after {playable:.1f} s; main thread busy {metrics['TaskDuration']:.1f} s (style "
            f"{metrics['RecalcStyleDuration']:.1f} s, layout {metrics['LayoutDuration']:.1f} s, script "
            f"{metrics['ScriptDuration']:.1f} s); {int(metrics['Nodes']):,} nodes; {built} of "
            f"{puzzles} boards built")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", type=Path, help="measure this page instead of building one")
    parser.add_argument("--keep", type=Path, help="write the built page here too")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        page = args.page or build_page(Path(folder))
        if args.keep and not args.page:
            args.keep.write_bytes(page.read_bytes())
        print(f"{page.name}: {page.stat().st_size / 1e6:.1f} MB")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            for slowdown in (1, 4):
                print(measure(browser, page, slowdown), flush=True)
            browser.close()


if __name__ == "__main__":
    main()
