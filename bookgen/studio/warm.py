"""What every studio job needs, made once in the fork server so that each job forked from it
starts warm: imported by the fork server (jobs.PRELOAD), never by the studio itself.

A job forked from a server that had only imported bookgen spent about 0.3 s of CPU on what is
the same for every job: reading the bundled fonts (reportlab parses each TrueType file when it
is registered) and reportlab's first document. Here the built-in layouts' fonts are registered
and a small book with one easy puzzle of every type is made and drawn, in this process (no
pool: the fork server starts no threads or processes of its own).
"""

from __future__ import annotations

from pathlib import Path

from bookgen.book import make_book
from bookgen.config import available_layouts, load_layout, read_config_text
from bookgen.errors import BookgenError
from bookgen.formats import render_formats
from bookgen.puzzles import PUZZLE_TYPES
from bookgen.render.fonts import layout_fonts


def warm() -> None:
    """Register the built-in layouts' fonts; make and draw one puzzle of every type."""
    for name in available_layouts():
        layout_fonts(load_layout(name))
    text = "title: Warm\nsections:\n" + "".join(
        f"  - {{type: {t.name}, difficulty: easy, count: 1}}\n" for t in PUZZLE_TYPES)
    render_formats(make_book(read_config_text(text, Path("warm.yaml"))), Path("warm.pdf"), ("pdf",))


try:
    warm()
except BookgenError:  # a job that needs what failed here meets it again and says so itself
    pass
