"""Every ceiling bookgen puts on what it is given, in one place (documented in docs/limits.md).

Each limit is far above any real book and far below what would hang a machine or exhaust its
memory: input written to hurt (or a typo such as `--count 1000000000`) ends in one message that
names the limit, instead of a hung process or a traceback. Plain constants, so that the CLI, the
config reader and other front ends (the web studio) check the same numbers.
"""

from __future__ import annotations

import math

# --- what is read ---------------------------------------------------------------------------------

CONFIG_BYTES = 1_000_000  # a config or layout file: a 1000-section book is about 60 kB
STUDIO_REQUEST_BYTES = 2 * CONFIG_BYTES  # a studio request: a config as JSON, escapes and all
BANK_BYTES = 256 * 1024 * 1024  # a JSON-lines bank or `solve` input: about 500,000 puzzles
PDF_BYTES = 1024 * 1024 * 1024  # a built PDF that `preview` draws: a 10,000-puzzle book is ~50 MB
NESTING = 64  # depth of YAML and JSON: a config needs 5, a puzzle line 4; keeps recursion safe
YAML_VALUES = 200_000  # values once YAML aliases are expanded ("billion laughs")
PICTURE_BYTES = 16 * 1024 * 1024  # a picture a shape is taken from (PNG): a 4096x4096 drawing fits
PICTURE_SIDE = 30  # cells a picture is reduced to on each side, where neither type nor section says
SEED_CHARS = 200  # a seed is a word or a number; it is printed in every puzzle's id
SECTION_SEED = 1_000_000  # a section's own seed number: far more than a book has sections

# --- text that is printed -------------------------------------------------------------------------

TITLE_CHARS = 120  # a book or section title: a longer one would fill pages of its own
LINE_CHARS = 200  # a subtitle or author line
NOTE_CHARS = 3000  # a copyright page or back-cover text

# --- pages ----------------------------------------------------------------------------------------

PAGE_MM = (75.0, 1200.0)  # a page side: from a 3 in pocket card to a 47 in poster
PREVIEW_PAGES = 500  # the highest page `preview --pages` names: each page drawn is a PNG in memory
PREVIEW_DPI = (20, 600)  # a preview's resolution: a 600 dpi letter page is 100 MB of pixels

# --- how much work --------------------------------------------------------------------------------

SECTION_PUZZLES = 1000  # puzzles in one section: a chapter of a book, not a bank
BOOK_PUZZLES = 10_000  # puzzles in one book, all sections together: thousands of pages
WORKSHEET_PUZZLES = 60  # puzzles on one worksheet: five pages of the densest grid
VERSIONS = 40  # versions A to Z, AA to AN of one sheet (`versions:`): one for each child of a class
GENERATE_COUNT = 100_000  # puzzles one `generate` run makes; its twin check holds them all
WORKERS = 256  # local worker processes (--workers, local:N): more only queue for the cores
BUDGET_SECONDS = 24 * 3600.0  # the most --budget may grant one puzzle: a day
SOLVE_SECONDS = 60.0  # what `solve` grants one puzzle by default (--budget changes it)


def within_budget(seconds: float) -> bool:
    """A time budget is a real number of seconds above 0 and at most BUDGET_SECONDS (not nan)."""
    return math.isfinite(seconds) and 0 < seconds <= BUDGET_SECONDS
