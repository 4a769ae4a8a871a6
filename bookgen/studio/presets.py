"""The books the studio offers to start from: plain data, each a config the form is filled with.

A preset's `book` is written as a YAML config would be; `by_language` holds the keys that differ
with the book's language (the page size a school prints on: US Letter in English, A4 elsewhere).
Its name and the new book's title are messages of the studio's catalog, given in the interface's
language, which is also the book's (as for "New book"). The seed is the page's to choose: each
book started from a preset gets its own.
"""

from __future__ import annotations

from typing import Any

from bookgen.i18n import N_, language

PRESETS: list[dict[str, Any]] = [
    {"id": "worksheet", "name": N_("Worksheet"), "title": N_("My worksheet"),
     "book": {"layout": "a4", "answers": "separate", "title_page": False, "contents": False,
              "name_line": True,
              "formats": ["pdf", "html"],
              "sections": [{"type": "placement", "difficulty": "easy", "count": 8, "per_page": 8}]},
     "by_language": {"en": {"layout": "letter"}}},
    {"id": "puzzle-book-6x9", "name": N_("Puzzle book 6x9"), "title": N_("My puzzle book"),
     "book": {"layout": "6x9", "profile": "print-on-demand", "formats": ["pdf", "cover"],
              "sections": [{"type": "numbrix", "difficulty": "easy", "count": 20},
                           {"type": "placement", "difficulty": "medium", "count": 20},
                           {"type": "numberwall", "difficulty": "medium", "count": 16},
                           {"type": "arrows", "difficulty": "medium", "count": 16}]},
     "by_language": {}},
    {"id": "large-print", "name": N_("Large-print book"), "title": N_("My large-print book"),
     "book": {"layout": "a4", "large_print": True, "formats": ["pdf"],
              "sections": [{"type": "numbrix", "difficulty": "easy", "count": 6},
                           {"type": "placement", "difficulty": "easy", "count": 6}]},
     "by_language": {"en": {"layout": "letter"}}},
]


def presets_in(code: str) -> list[dict[str, str | dict[str, Any]]]:
    """Every preset as the page shows it (`id`, `name`) and the book it starts, for a book in
    language `code`: its title in that language, and `language:` unless it is English."""
    spoken = language(code)
    made = []
    for preset in PRESETS:
        book = {"title": spoken.gettext(preset["title"]), **({"language": code} if code != "en" else {}),
                **preset["book"], **preset["by_language"].get(code, {})}
        made.append({"id": preset["id"], "name": spoken.gettext(preset["name"]), "book": book})
    return made
