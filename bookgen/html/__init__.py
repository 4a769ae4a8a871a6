"""The playable edition: a whole book as one self-contained HTML page.

The page holds the puzzle JSON records verbatim in one `<script type="application/json">` block, the
hand-written `play.css` and `play.js` (package data, inlined here) that draw and run each board, and
the static skeleton: title, contents by section, and one article per puzzle with its rules and
buttons. Nothing is fetched from the network, and the same input always gives the same bytes: no
dates, no random ids, JSON written with sorted keys.

Rejected: drawing the boards in Python as static HTML. The browser needs the puzzle data anyway to
play, check and reveal, so one JavaScript drawing keeps a single source of truth for every type.
"""

from __future__ import annotations

import html
import json
import os
from importlib import resources
from pathlib import Path
from typing import Any

from bookgen.atomic import write_files

__all__ = ["render_html", "write_html"]

RECORD_KEYS = ("type", "id", "difficulty", "rating", "puzzle", "solution", "number")


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _script_json(data: Any) -> str:
    """JSON that is safe inside a <script> element: no '<', '>' or '&' can end or open a tag."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _storage_key(record: dict[str, Any], section: int) -> str:
    """The puzzle's id, which names it across rebuilds; the position only when a record has none."""
    return str(record.get("id") or f"section-{section + 1}/puzzle-{record.get('number', '')}")


def _puzzle_article(record: dict[str, Any], index: int, rules: str, key: str) -> str:
    number = record.get("number", index + 1)
    level = str(record.get("difficulty", ""))
    esc = html.escape
    return (
        f'<article class="puzzle" id="puzzle-{esc(str(number))}" data-index="{index}" '
        f'data-key="{esc(key)}" data-type="{esc(str(record.get("type", "")))}">\n'
        f'<header><h3>Puzzle {esc(str(number))}</h3>'
        + (f'<span class="level level-{esc(level)}">{esc(level)}</span>' if level else "")
        + "</header>\n"
        f'<details class="rules"><summary>Rules</summary><p>{esc(rules)}</p></details>\n'
        '<div class="board" aria-live="off"></div>\n'
        '<div class="controls">'
        '<button type="button" data-action="check">Check</button>'
        '<button type="button" data-action="reveal">Reveal</button>'
        '<button type="button" data-action="reset">Reset</button>'
        "</div>\n"
        '<p class="status" role="status" aria-live="polite"></p>\n'
        "</article>\n"
    )


def render_html(title: str, subtitle: str | None, sections: list[dict[str, Any]]) -> str:
    """The whole playable book as one HTML document (a string), the same bytes for the same input.

    Each section is {"title", "type", "rules", "difficulty", "puzzles"}, and each puzzle a puzzle
    JSON record plus "number", its number in the book.
    """
    esc = html.escape
    records: list[dict[str, Any]] = []
    contents: list[str] = []
    body: list[str] = []
    for section_index, section in enumerate(sections):
        anchor = f"section-{section_index + 1}"
        links: list[str] = []
        articles: list[str] = []
        for puzzle in section["puzzles"]:
            record = {key: puzzle[key] for key in RECORD_KEYS if key in puzzle}
            key = _storage_key(record, section_index)
            record["key"] = key
            index = len(records)
            records.append(record)
            number = esc(str(record.get("number", index + 1)))
            links.append(f'<li><a href="#puzzle-{number}" data-key="{esc(key)}">{number}</a></li>')
            articles.append(_puzzle_article(record, index, section["rules"], key))
        level = section.get("difficulty") or ""
        contents.append(
            f'<li><a href="#{anchor}">{esc(section["title"])}</a>'
            + (f' <span class="level level-{esc(level)}">{esc(level)}</span>' if level else "")
            + f'\n<ol class="numbers">{"".join(links)}</ol></li>'
        )
        body.append(
            f'<section class="book-section" id="{anchor}" data-type="{esc(section["type"])}">\n'
            f'<h2>{esc(section["title"])}</h2>\n'
            f'<p class="section-rules">{esc(section["rules"])}</p>\n'
            + "".join(articles)
            + "</section>\n"
        )
    subtitle_html = f'<p class="subtitle">{esc(subtitle)}</p>\n' if subtitle else ""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="bookgen">\n'
        f"<title>{esc(title)}</title>\n"
        f"<style>\n{_asset('play.css')}</style>\n"
        "</head>\n<body>\n"
        f'<header class="book-header">\n<h1>{esc(title)}</h1>\n{subtitle_html}</header>\n'
        '<noscript><p class="noscript">Turn on JavaScript to see and play the puzzles.</p></noscript>\n'
        '<nav class="contents" aria-label="Contents">\n<h2>Contents</h2>\n<ol class="sections">\n'
        + "\n".join(contents)
        + "\n</ol>\n</nav>\n<main>\n"
        + "".join(body)
        + "</main>\n"
        f'<script type="application/json" id="bookgen-data">{_script_json(records)}</script>\n'
        f"<script>\n{_asset('play.js')}</script>\n"
        "</body>\n</html>\n"
    )


def write_html(path: str | os.PathLike[str], title: str, subtitle: str | None,
               sections: list[dict[str, Any]]) -> None:
    """Write the playable book to `path` through bookgen's one atomic writer, so a reader never
    sees half a page and a failed build leaves the old page in place."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_files([(target, render_html(title, subtitle, sections).encode("utf-8"))])
