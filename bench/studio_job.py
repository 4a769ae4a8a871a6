"""Where a studio preview job's time goes, for a retitle of the 40-page print-on-demand book
(config/pod-6x9.yaml, every puzzle already made): CPU seconds of each step in a process like one
forked from the fork server as it was (bookgen imported, nothing warmed, the config read again
in the job), warmed (studio/warm.py imported, the config handed over), warmed and the PDF laid
out from what the book before the edit settled on, then painting only the pages that changed,
and as it is: also handed what the last job worked out from each puzzle (bookgen.remembered).
Each row is a fresh Python; CPU seconds, unlike wall-clock ones, change little on a busy
computer. The last line is what the fork server spends on the warm-up itself, once, before it
forks its first job. Prints figures; asserts nothing.

Run: python bench/studio_job.py
"""

from __future__ import annotations

import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PRELOAD = ["bookgen.book", "bookgen.formats", "bookgen.render.pdf", "bookgen.render.cover",
           "bookgen.puzzles"]  # the fork server's before this round; studio/jobs.py adds warm


def _book_text(retitled: bool) -> str:
    import yaml

    from bookgen.config import ROOT

    book = yaml.safe_load((ROOT / "config" / "pod-6x9.yaml").read_text(encoding="utf-8"))
    if retitled:
        book["sections"][3]["title"] = "Number Walls, Again"
    return yaml.safe_dump(book, sort_keys=False)


def make_puzzles(store: Path) -> None:
    """Make the book's puzzles and draw it once, as the first preview does, and keep the puzzles
    and what its layout settled on for the jobs."""
    from bookgen.book import make_book, worker_pool
    from bookgen.config import read_config_text
    from bookgen.formats import render_formats
    from bookgen.remembered import learned, teach
    from bookgen.render.pdf import starting_from
    from bookgen.studio.jobs import _Remembering

    teach({})  # as a studio job does
    before = read_config_text(_book_text(False), store.with_suffix(".yaml"))
    with worker_pool(1) as pool:
        remembering = _Remembering({}, pool)
        book = make_book(before, executor=remembering)
    with starting_from({}, changed_only=True) as layouts:
        render_formats(book, store.with_suffix(".pdf"), ("pdf",))
    config = read_config_text(_book_text(True), store.with_suffix(".yaml"))
    store.write_bytes(pickle.dumps((config, remembering.made, layouts, learned())))


def job(store: Path, kind: str) -> None:
    """One retitle's job in this fresh process, as the fork server would start it (`kind`: cold,
    warm, start: warm and laid out from the last layout, changed: and painting only the pages
    that changed, taught: and handed what the last job worked out); prints a row."""
    import importlib
    from contextlib import nullcontext

    warm = kind != "cold"

    for module in PRELOAD + (["bookgen.studio.warm"] if warm else []):
        importlib.import_module(module)
    from bookgen.book import make_book, worker_pool
    from bookgen.config import read_config_text
    from bookgen.formats import render_formats
    from bookgen.remembered import teach
    from bookgen.render.fonts import check_printable
    from bookgen.render.pdf import starting_from
    from bookgen.studio.jobs import _Remembering

    handed, known, layouts, measures = pickle.loads(store.read_bytes())
    clock = time.process_time
    started = clock()
    if kind == "taught":
        teach(measures)
    config = handed if warm else read_config_text(_book_text(True), store.with_suffix(".yaml"))
    read = clock() - started
    check_printable(config)
    with worker_pool(1) as pool:
        book = make_book(config, executor=_Remembering(known, pool))
    made = clock() - started - read
    with (starting_from(layouts, changed_only=kind in ("changed", "taught"))
          if kind not in ("cold", "warm") else nullcontext()):
        render_formats(book, store.with_suffix(".pdf"), ("pdf",))
    drawn = clock() - started - read - made
    what = {"cold": "cold, config read", "warm": "warmed, config handed over",
            "start": "warmed, from the last layout", "changed": "and the changed pages only",
            "taught": "and handed what was worked out"}[kind]
    print(f"{what:32} {read:10.2f} {made:10.2f} {drawn:10.2f} {clock() - started:10.2f}")


def warm_up() -> None:
    """The CPU seconds of studio/warm.py in a fresh process that has imported what the fork server
    imports before it; prints a row."""
    import importlib

    for module in PRELOAD:
        importlib.import_module(module)
    started = time.process_time()
    importlib.import_module("bookgen.studio.warm")
    print(f"{'the warm-up itself, once':32} {time.process_time() - started:43.2f}")


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--job":
        job(Path(sys.argv[2]), sys.argv[3])
        return
    if sys.argv[1:] == ["--warm-up"]:
        warm_up()
        return
    with tempfile.TemporaryDirectory() as folder:
        store = Path(folder) / "book.pickle"
        make_puzzles(store)
        heads = ("config", "puzzles", "pages", "in all")
        print(f"{'a retitle job, CPU seconds':32}" + "".join(f" {head:>10}" for head in heads))
        for kind in ("cold", "warm", "start", "changed", "taught") * 2:
            subprocess.run([sys.executable, __file__, "--job", str(store), kind], check=True)
        for _ in range(2):
            subprocess.run([sys.executable, __file__, "--warm-up"], check=True)


if __name__ == "__main__":
    main()
