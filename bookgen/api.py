"""What a puzzle type imports from bookgen: the one module whose names keep their meaning.

A type, bookgen's own or a plug-in's (docs/types/adding.md), builds its `PuzzleType` record from
the names here. They are stable within a major version of bookgen: none is renamed or removed,
none changes what it means; `PuzzleType` and `Option` may gain fields, always with defaults, so a
record written today still builds. What is not here (bookgen.core's engines, the page, the CLI)
may change in any release: a built-in type may use it, a plug-in uses it at its own risk.

    from bookgen.api import PuzzleType, Generated, Solved, Printed, Showcase, Option, Pen, ...

The contract a type keeps (what it must and may provide, and the checks that hold it to it) is
`bookgen.contract`; `bookgen check-type NAME` runs it.
"""

from __future__ import annotations

from bookgen.core.grading import ALL_LEVELS, LEVELS, Bands, Deduced, Deduction, make_at_level, simplest_first
from bookgen.core.options import Option
from bookgen.core.pen import MEDIUM, THICK, THIN, Pen, RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.i18n import N_, _, ngettext, pgettext
from bookgen.puzzles.base import (
    JSON,
    Generated,
    OlderSpelling,
    Printed,
    PuzzleType,
    Request,
    Showcase,
    Solved,
    always_unique,
    answer_as_given,
    by_level,
    checked_per_theme,
    deal_seed_problem,
    fixed_example,
    fixed_rules,
    form_key,
    larger_size_or_level,
    mirror_form,
    next_turn,
    no_answer_note,
    numbers_printed,
    seeded_deal,
    type_languages,
)

__all__ = [
    # the record and what its functions take and return
    "JSON", "PuzzleType", "Request", "Generated", "Solved", "Printed", "Showcase", "OlderSpelling",
    "Option",
    # ready-made record functions
    "always_unique", "answer_as_given", "by_level", "checked_per_theme", "deal_seed_problem", "fixed_example",
    "fixed_rules", "form_key",
    "larger_size_or_level", "mirror_form", "next_turn", "no_answer_note", "numbers_printed", "seeded_deal",
    # levels and grading: the ladder, score bands, the simplest-first loop, the generation loop
    "LEVELS", "ALL_LEVELS", "Bands", "Deduction", "Deduced", "simplest_first", "make_at_level",
    # drawing, in millimetres, y down; a pen that records for tests
    "Pen", "RecordingPen", "THIN", "MEDIUM", "THICK",
    # errors a type raises: a request that cannot be met, a puzzle JSON that breaks the format
    "BookgenError", "PuzzleFormatError",
    # texts a reader sees: marked for the catalogs, spoken in the book's language; the languages
    # a type speaks (English and each its catalogs hold)
    "N_", "_", "ngettext", "pgettext", "type_languages",
]
