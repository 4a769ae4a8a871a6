"""What every studio job needs, made once in the fork server so that each job forked from it
starts warm: imported by the fork server (jobs._PRELOAD), never by the studio itself.

Here the built-in layouts' fonts are registered (reportlab parses each TrueType file when it is
registered), a one-puzzle book of the first registered type, at its `audit` showcase entry (the
small, quick request every type marks), is made and drawn (reportlab's first document), and every
registered type works out its section page's example at its own audit entry: what a type keeps
once a process has computed it is then there for every job and the puzzle workers it starts
(arithmetic's census of card sets, which its pool of cards and its example share: a fresh process
spent 0.2 s of CPU on it). Nothing here names a type; a type's own record says what warms it.

All in this process: no pool, as the fork server starts no threads or processes of its own. It is
kept small (about 0.4 s of CPU): the fork server forks no job until it has done it, so the
studio's first preview may wait for it. bench/studio_job.py measures the warm-up and the gain.
"""

from __future__ import annotations

import contextlib
import json
import signal
from pathlib import Path

from bookgen.book import make_book
from bookgen.config import available_layouts, load_layout, read_config_text
from bookgen.formats import render_formats
from bookgen.puzzles import PUZZLE_TYPES
from bookgen.puzzles.base import PuzzleType, Request, Showcase
from bookgen.render.fonts import layout_fonts
from bookgen.studio import unheard


def audit_entry(puzzle_type: PuzzleType) -> Showcase:
    """The type's small, quick request: its `audit` showcase entry, else its easiest level."""
    return next((entry for entry in puzzle_type.showcase if entry.audit), Showcase(puzzle_type.levels[0]))


def warm() -> None:
    """Register the built-in layouts' fonts; make and draw a one-puzzle book of the first type;
    work out every type's example."""
    for name in available_layouts():
        layout_fonts(load_layout(name))
    first = PUZZLE_TYPES[0]
    entry = audit_entry(first)
    section = {"type": first.name, "difficulty": entry.level, "count": 1, **entry.options}
    book = f"title: Warm\nsections:\n  - {json.dumps(section)}\n"  # JSON is YAML
    render_formats(make_book(read_config_text(book, Path("warm.yaml"))), Path("warm.pdf"), ("pdf",))
    for puzzle_type in PUZZLE_TYPES:
        entry = audit_entry(puzzle_type)
        with contextlib.suppress(Exception):  # one type's failure leaves the others warm
            puzzle_type.example(Request.make(puzzle_type, entry.level, entry.options))


try:
    warm()
except Exception:  # the fork server dies of any error in a module it preloads;
    pass  # a job that needs what failed here meets it again and says so itself
finally:  # Ctrl-C, unheard while the fork server imported (studio/unheard.py), heard again
    signal.signal(signal.SIGINT, unheard.heard)
