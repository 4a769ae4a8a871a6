"""What every studio job needs, made once in the fork server so that each job forked from it
starts warm: imported by the fork server (jobs._PRELOAD), never by the studio itself.

Here the built-in layouts' fonts are registered (reportlab parses each TrueType file when it is
registered) and a one-puzzle book of arithmetic at its default settings is made and drawn
(reportlab's first document, and arithmetic's census of card sets: the puzzle workers a job
starts need it for every puzzle of arithmetic they make, and a fresh process spent 0.2 s of CPU
on it), in this process: no pool, as the fork server starts no threads or processes
of its own. It is kept small (about 0.3 s of CPU): the fork server forks no job until it has
done it, so the studio's first preview may wait for it. bench/studio_job.py measures the gain.
"""

from __future__ import annotations

import signal
from pathlib import Path

from bookgen.book import make_book
from bookgen.config import available_layouts, load_layout, read_config_text
from bookgen.formats import render_formats
from bookgen.render.fonts import layout_fonts
from bookgen.studio import unheard

_BOOK = "title: Warm\nsections:\n  - {type: arithmetic, difficulty: easy, count: 1}\n"


def warm() -> None:
    """Register the built-in layouts' fonts; make and draw a one-puzzle book of arithmetic."""
    for name in available_layouts():
        layout_fonts(load_layout(name))
    render_formats(make_book(read_config_text(_BOOK, Path("warm.yaml"))), Path("warm.pdf"), ("pdf",))


try:
    warm()
except Exception:  # the fork server dies of any error in a module it preloads;
    pass  # a job that needs what failed here meets it again and says so itself
finally:  # Ctrl-C, unheard while the fork server imported (studio/unheard.py), heard again
    signal.signal(signal.SIGINT, unheard.heard)
