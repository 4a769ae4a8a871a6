"""What every studio job needs, made once in the fork server so that each job forked from it
starts warm: imported by the fork server (jobs._PRELOAD), never by the studio itself.

A job forked from a server that had only imported bookgen spent about 0.3 s of CPU on what is
the same for every job: reading the bundled fonts (reportlab parses each TrueType file when it
is registered) and the first drawing of each type (about 0.2 s for a book of every type). Here
the built-in layouts' fonts are registered and a one-puzzle book of each type is made and drawn,
in this process (no pool: the fork server starts no threads or processes of its own).
"""

from __future__ import annotations

import os
from pathlib import Path

from bookgen.book import make_book
from bookgen.config import available_layouts, load_layout, read_config_text
from bookgen.formats import render_formats
from bookgen.puzzles import PUZZLE_TYPES
from bookgen.render.fonts import layout_fonts


def warm() -> None:
    """Register the built-in layouts' fonts; make and draw one puzzle of each type, one type at a
    time, and stop as soon as the studio has gone (the fork server then ends, not warms: it holds
    the studio's terminal until it does)."""
    studio = os.getppid()
    for name in available_layouts():
        layout_fonts(load_layout(name))
    for puzzle_type in PUZZLE_TYPES:
        if os.getppid() != studio:
            return
        text = f"title: Warm\nsections:\n  - {{type: {puzzle_type.name}, difficulty: easy, count: 1}}\n"
        render_formats(make_book(read_config_text(text, Path("warm.yaml"))), Path("warm.pdf"), ("pdf",))


try:
    warm()
except Exception:  # the fork server dies of any error in a module it preloads;
    pass  # a job that needs what failed here meets it again and says so itself
