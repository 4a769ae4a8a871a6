"""Reloads of the playable page in Chromium: how often the reloaded page starts without the key the
page before it saved in localStorage, and how often the board comes back anyway (from the second
copy in IndexedDB, bookgen/html/copies.js). The figures docs/html.md quotes ("Progress that holds").

Each round opens the test book (tests/test_html.py's) in a new browser context, types a number
into one board and reloads, three times; a script run before the page's own notes the keys
localStorage holds as the reloaded page starts. `--busy N` runs N busy loops beside it (the losses
come with load), `--browsers N` that many browsers at once (as the test workers do), and
`--without-copy` hides IndexedDB from the page, which then keeps localStorage only, as it did before.
Run: python bench/saving.py [--rounds 60] [--busy 2] [--browsers 2] [--without-copy]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

RELOADS = 3


def busy(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def rounds(path: Path, count: int, without_copy: bool) -> tuple[int, int, int]:
    """(reloads, reloads starting without the saved key, boards not as left)."""
    import test_html
    from playwright.sync_api import sync_playwright

    started_without = boards_lost = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=test_html.CHROMIUM, args=test_html.CHROMIUM_ARGS)
        for _ in range(count):
            context = browser.new_context()
            tab = context.new_page()
            tab.add_init_script("window.atStart = Object.keys(localStorage)")
            if without_copy:
                tab.add_init_script("Object.defineProperty(window, 'indexedDB', {value: undefined})")
            tab.goto(path.as_uri())
            tab.wait_for_selector("html.ready")
            for move in range(1, RELOADS + 1):
                field = tab.locator("#puzzle-6 .board input").first
                field.fill(str(move))
                field.press("Tab")
                held = set(tab.evaluate("Object.keys(localStorage)"))
                tab.reload(wait_until="load")
                tab.wait_for_selector("html.ready", state="attached")
                started_without += not held <= set(tab.evaluate("window.atStart"))
                boards_lost += tab.locator("#puzzle-6 .board input").first.input_value() != str(move)
            context.close()
        browser.close()
    return count * RELOADS, started_without, boards_lost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=60, help="new contexts per browser")
    parser.add_argument("--busy", type=int, default=0, help="busy loops beside the browsers")
    parser.add_argument("--browsers", type=int, default=1, help="browsers at once")
    parser.add_argument("--without-copy", action="store_true", help="hide IndexedDB from the page")
    options = parser.parse_args()
    import test_html

    from bookgen.html import write_html

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "book.html"
        write_html(path, test_html.TITLE, test_html.SUBTITLE, test_html.SECTIONS)
        print(f"load before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores;"
              f" {'without' if options.without_copy else 'with'} the copy in IndexedDB")
        loops = [multiprocessing.Process(target=busy, args=(3600,)) for _ in range(options.busy)]
        for loop in loops:
            loop.start()
        began = time.monotonic()
        try:
            with multiprocessing.Pool(options.browsers) as pool:
                asked = (path, options.rounds, options.without_copy)
                results = pool.starmap(rounds, [asked] * options.browsers)
        finally:
            for loop in loops:
                loop.terminate()
        load = os.getloadavg()[0]
    reloads, without, lost = (sum(column) for column in zip(*results))
    print(f"{reloads} reloads in {time.monotonic() - began:.0f} s, load after: {load:.1f}")
    print(f"reloaded page started without the saved key: {without} ({100 * without / reloads:.1f} %)")
    print(f"boards not as left after the reload: {lost}")


if __name__ == "__main__":
    main()
