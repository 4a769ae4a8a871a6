"""Make the pictures of the playable edition: `python docs/make_pictures.py` (from the repository root).

It builds the sample book's HTML (config/sampler.yaml) in a temporary folder, plays a little of its
first Numbrix in headless Chromium (Debian's, or BOOKGEN_CHROMIUM, as the tests use), leaves one
wrong entry marked by Check and a few pencil marks, and writes docs/img/playable.png (a laptop,
960 px wide) and docs/img/playable-phone.png (a phone, 360 px wide). Tests call take_pictures()
with their own book and a temporary folder, so a test run never rewrites these files.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("BOOKGEN_CHROMIUM") or next(  # Debian's Chromium, else its headless shell
    (path for path in ("/usr/bin/chromium", "/usr/bin/chromium-headless-shell") if Path(path).exists()),
    "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PLACED = 6  # how many numbers of the first Numbrix to place before the picture


def build_sampler(folder: Path) -> Path:
    """The sample book's playable page, built into `folder`; returns its path."""
    sys.path.insert(0, str(ROOT))
    from bookgen.cli import main

    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        status = main(["build", str(ROOT / "config" / "sampler.yaml"), "--html",
                       "-o", str(folder / "sampler.pdf")])
    if status:
        raise SystemExit(f"building the sampler failed (status {status})")
    return folder / "sampler.html"


def _play_first_numbrix(tab: Any) -> str:
    """Place the first numbers of the page's first Numbrix by taps, one wrong number by keys,
    pencil marks in one square, then Check; returns the puzzle's CSS selector."""
    records = json.loads(tab.locator("#bookgen-data").text_content())
    index, record = next((i, r) for i, r in enumerate(records) if r["type"] == "numbrix")
    article = f"article.puzzle[data-index='{index}']"
    puzzle, answer = record["puzzle"]["grid"], record["solution"]["grid"]
    where = {v: (r, c) for r, row in enumerate(answer) for c, v in enumerate(row)}
    tab.locator(article).scroll_into_view_if_needed()  # the page builds a board as it nears the view
    tab.wait_for_selector(f"{article}.built")

    def cell(r: int, c: int) -> Any:
        return tab.locator(f"{article} button.cell[data-row='{r}'][data-col='{c}']")

    cell(*where[1]).click()
    placed = 0
    for value in range(2, len(where) + 1):
        r, c = where[value]
        if not puzzle[r][c]:
            cell(r, c).click()
            placed += 1
            if placed == PLACED:
                break
    empty = [(r, c) for r, row in enumerate(puzzle) for c, v in enumerate(row)
             if v == 0 and cell(r, c).locator(".v").inner_text() == ""]
    wrong_at, notes_at = empty[-1], empty[-3]
    wrong = answer[wrong_at[0]][wrong_at[1]] % len(where) + 1
    cell(*wrong_at).focus()
    tab.keyboard.type(str(wrong))
    cell(*notes_at).focus()
    tab.keyboard.press("n")
    right = answer[notes_at[0]][notes_at[1]]
    for mark in sorted({right, right + 2 if right + 2 <= len(where) else right - 2}):
        tab.keyboard.type(str(mark))
        tab.keyboard.press("Space")  # ends the mark: the next digit starts a new one
    tab.keyboard.press("n")
    tab.locator(f"{article} button[data-action='check']").click()
    tab.evaluate("() => document.activeElement && document.activeElement.blur()")
    return article


def _open(context: Any, page: Path) -> Any:
    """The page in a new tab whose clock stands still, so the timers in the pictures read 0:00."""
    tab = context.new_page()
    tab.clock.install(time=datetime(2030, 1, 1))
    tab.goto(page.as_uri())
    tab.wait_for_selector("html.ready")
    tab.clock.pause_at(datetime(2030, 1, 1, 0, 1))
    return tab


def take_pictures(browser: Any, page: Path, out: Path) -> list[Path]:
    """Write playable.png and playable-phone.png of `page` into `out`; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    desktop, phone = out / "playable.png", out / "playable-phone.png"
    context = browser.new_context(viewport={"width": 960, "height": 1000}, device_scale_factor=1)
    tab = _open(context, page)
    article = _play_first_numbrix(tab)
    box = tab.locator(article).evaluate(
        "node => { const section = node.closest('section').getBoundingClientRect();"
        " const own = node.getBoundingClientRect();"
        " return {top: section.top + scrollY, bottom: own.bottom + scrollY}; }")
    tab.screenshot(path=str(desktop), full_page=True,
                   clip={"x": 0, "y": box["top"] - 16, "width": 960,
                         "height": box["bottom"] - box["top"] + 32})
    context.close()
    context = browser.new_context(viewport={"width": 360, "height": 780}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    tab = _open(context, page)
    article = _play_first_numbrix(tab)
    tab.locator(article).screenshot(path=str(phone))
    context.close()
    return [desktop, phone]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img", help="folder for the PNGs")
    parser.add_argument("--page", type=Path, help="an HTML book to picture instead of the sampler")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        page = args.page or build_sampler(Path(folder))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for path in take_pictures(browser, page, args.out):
                print(path)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
