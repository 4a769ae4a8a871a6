"""The playable edition: a whole book as one self-contained HTML page.

The page holds the puzzle JSON records verbatim in one `<script type="application/json">` block, the
frame's `play.css` and its script (`frame.js` and its pieces, FRAME_PIECES), the game script and
stylesheet of each type the book holds (`PuzzleType.play_script` and `play_style`,
bookgen/puzzles/NAME/play.js and play.css, or a plug-in's own) that draw and run each board, and
the static skeleton: title, contents by section, and one article per puzzle with its rules and
buttons. Nothing is fetched from the network, and the same input always gives the same bytes: no
dates, no random ids, JSON written with sorted keys.

The page speaks the language current when it is rendered (`bookgen.i18n.speaking`): the skeleton's
words are translated here, and the scripts' words come from the "bookgen-texts" block (the
language's code, its plural expression and the messages of the player's home and of each type
the page holds), from which the frame's language.js makes its `t`, `tn` and `tp`.

Rejected: drawing the playable boards in Python as static HTML. The browser needs the puzzle data
anyway to play, check and reveal, so each type's game script draws its playable board. Inside
<noscript>, for browsers without JavaScript, each board is the book's own drawing (the type's
draw_puzzle on an SVG pen), ready to print; with JavaScript on, it is never even parsed into the
page. This module names no puzzle type: it reads what it needs from the type records.
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from bookgen import puzzles
from bookgen.atomic import write_files
from bookgen.core.grading import ALL_LEVELS, level_after_title, title_names_level
from bookgen.i18n import _, current, pgettext
from bookgen.i18n.homes import read_home
from bookgen.puzzles.base import PuzzleType
from bookgen.render.svgpen import SvgPaints, SvgPen

__all__ = ["render_html", "write_html"]

RECORD_KEYS = ("type", "id", "difficulty", "rating", "puzzle", "solution", "number", "hints")
"""What the page embeds of each record; "hints" (optional, a list) feeds the Hint button. The page
adds "key" (where progress is saved); what a type's `play_data` gives goes apart, by record index,
in the "bookgen-play" block, so the records stay the puzzle JSON."""


def _level(level: str) -> str:
    """A level as the page shows it, as in the book's contents, after a title (records keep the
    English ids)."""
    return level_after_title(level) if level in ALL_LEVELS else level


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


FRAME_PIECES = ("language.js", "numbers.js", "copies.js", "saving.js", "navigation.js", "grid.js",
                "hints.js", "frame.js")
"""The player's frame, piece by piece, in the order the page holds them: each piece declares
functions and constants (which the others use when the page runs), and frame.js, last, reads the
page, mounts the puzzles and offers window.bookgenFrame to the games (see its header)."""


def _frame_script() -> str:
    """The frame as the page holds it: its pieces in one function, so they share one scope and add
    no name to the page's window but bookgenFrame; each piece begins with a comment naming its file."""
    pieces = "".join(f"// --- bookgen/html/{name} ---\n{_asset(name)}" for name in FRAME_PIECES)
    return f'(function () {{\n"use strict";\n\n{pieces}}})();\n'


def _registered(record: dict[str, Any]) -> PuzzleType | None:
    """The registered type of a record, or None for a type this bookgen does not know."""
    return next((t for t in puzzles.PUZZLE_TYPES if t.name == record.get("type")), None)


def _play_data(record: dict[str, Any]) -> Any:
    """What the record's type hands its game script beyond the puzzle (`PuzzleType.play_data`), or
    None: for a type without it, an unknown type, or a puzzle it cannot read (which the script
    then reports as one it could not draw)."""
    kind = _registered(record)
    if kind is None or kind.play_data is None:
        return None
    try:
        return kind.play_data(record.get("puzzle") or {})
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None


def _game_files(type_names: set[str], read: Callable[[PuzzleType], str]) -> list[str]:
    """The game scripts (or stylesheets) of the registered types a page holds, each once (two types
    may share one), in the registry's order: each script registers its types with the frame, so
    the page plays them."""
    texts = (read(t) for t in puzzles.PUZZLE_TYPES if t.name in type_names)
    return list(dict.fromkeys(text for text in texts if text))


def _script_json(data: Any) -> str:
    """JSON that is safe inside a <script> element: no '<', '>' or '&' can end or open a tag."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


NUMBER_RUN = re.compile(r"\d+")
SLOT = "#"  # where a phrase takes its next number


def _packed_hints(hints: Any, phrases: dict[str, int]) -> Any:
    """A record's hints as [cells, value, phrase, numbers..., after?, steps?]: each "why" becomes
    the index of its phrase (the text with every run of digits replaced by "#", shared by the
    whole page) and the numbers that fill it in (as strings only where a leading zero must stay),
    then the hint's "after" where it has one (the script knows it by the count of "#"s), then its
    "steps" where it has them, as one list of [phrase, numbers..., squares?] (the script knows it
    as the last item that is a list), where squares, the step's "step_cells" where it has them,
    is one flat list, [row, column, row, column...]. Hints are the bulk of a page's data and say
    the same few sentences with different numbers, so this keeps about a third of their size; the
    script puts each hint back together. A hint of another shape (or a text holding "#") is kept
    as it is."""
    if not isinstance(hints, list):
        return hints
    packed: list[Any] = []
    for hint in hints:
        why = hint.get("why") if isinstance(hint, dict) else None
        steps = hint.get("steps", []) if isinstance(hint, dict) else None
        squares = hint.get("step_cells") if isinstance(hint, dict) else None
        if (not isinstance(why, str) or not isinstance(steps, list)
                or any(not isinstance(text, str) or SLOT in text for text in [why, *steps])
                or set(hint) - {"after", "steps", "step_cells"} != {"cells", "value", "why"}
                or not isinstance(hint.get("after", 0), int)
                or (squares is not None and not _squares_a_step(squares, len(steps)))):
            packed.append(hint)
            continue
        after = [hint["after"]] if "after" in hint else []
        told = [[*_packed_text(step, phrases), *([[n for at in cells for n in at]] if cells else [])]
                for step, cells in zip(steps, squares or [[]] * len(steps))]
        packed.append([hint["cells"], hint["value"], *_packed_text(why, phrases), *after,
                       *([told] if told else [])])
    return packed


def _squares_a_step(squares: Any, steps: int) -> bool:
    """Whether a hint's "step_cells" are a list of squares ([row, column] each) for each of its
    `steps`, as the page packs them."""
    return (isinstance(squares, list) and len(squares) == steps
            and all(isinstance(cells, list) and all(
                isinstance(at, list) and len(at) == 2 and all(isinstance(n, int) for n in at)
                for at in cells) for cells in squares))


def _packed_text(text: str, phrases: dict[str, int]) -> list[Any]:
    """[phrase, numbers...]: the index of the text's phrase and the numbers that fill it in."""
    phrase = phrases.setdefault(NUMBER_RUN.sub(SLOT, text), len(phrases))
    return [phrase, *(int(run) if str(int(run)) == run else run for run in NUMBER_RUN.findall(text))]


def _texts(type_names: set[str]) -> dict[str, Any]:
    """The "bookgen-texts" block: the current language's code and plural expression, and the
    messages its scripts may say (the player's home and the homes of the types in `type_names`,
    with the book's own `texts:`) where they differ from the English ids."""
    speech = current()
    homes = [resources.files(__package__)]
    homes += [puzzles.type_home(t) for t in puzzles.PUZZLE_TYPES if t.name in type_names]
    ids = {key for home in homes for key in read_home(home, speech.code)[0]} | set(speech.texts)
    return {"code": speech.code, "plural": speech.plural_expression,
            "messages": speech.catalog_for_player(sorted(ids))}


def _storage_key(record: dict[str, Any], section: int) -> str:
    """The puzzle's id, which names it across rebuilds; the position only when a record has none."""
    return str(record.get("id") or f"section-{section + 1}/puzzle-{record.get('number', '')}")


# --- the print copy of a board, for browsers without JavaScript ----------------------------------

def _static_board(record: dict[str, Any], number: str, paints: SvgPaints) -> str:
    """The puzzle as its book page draws it (the type's own draw_puzzle on an SVG pen, its paints
    named in the page's `paints`), or "" for a type (or record) this cannot draw."""
    kind = _registered(record)
    if kind is None:
        return ""
    puzzle = record.get("puzzle") or {}
    pen = SvgPen(paints)
    try:
        width, height = kind.measure(puzzle)
        kind.draw_puzzle(pen, puzzle)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return ""
    return pen.svg(width, height, _("Puzzle {number} as printed").format(number=number))


# --- the page -------------------------------------------------------------------------------------


def _puzzle_article(record: dict[str, Any], index: int, rules: str, key: str, paints: SvgPaints,
                    next_number: Any = None) -> str:
    """One puzzle: heading and timer, rules, options, board, controls, status, its own print
    buttons (this puzzle alone, with its entries or blank), and links on.

    Everything that needs the script carries the class "js-only" and is hidden while the page has
    the class "no-js" (until the script runs, or for ever when scripts are off). The Hint button
    (before Check) plays the record's optional "hints" list; the script hides it when there is none.
    """
    number = html.escape(str(record.get("number", index + 1)))
    level = str(record.get("difficulty", ""))
    esc = html.escape
    static = _static_board(record, number, paints)
    words = {"next": _("Next puzzle"), "time": _("Time"), "rules": _("Rules"),
             # Translators: the timer's button that starts it, a verb (not a board's Start)
             "start": pgettext("timer", "Start"),
             "notes": _("Notes"), "autocheck": _("Check as I go"), "contents": _("Contents"),
             "board": _("Puzzle {number} board"), "after": _("After puzzle {number}"),
             # Translators: a puzzle's button that prints it alone, with the entries made in it
             "print": _("Print this puzzle"),
             # Translators: a puzzle's button that prints it alone, as the book prints it
             "blank": _("Print it blank"), "printing": _("Print puzzle {number}"),
             # Translators: shown after "Notes" on its button while notes are on ("Notes on").
             "on": pgettext("notes", "on")}
    words = {name: esc(word) for name, word in words.items()}
    following = (f'<a href="#puzzle-{esc(str(next_number))}" class="next-puzzle">{words["next"]}'
                 '<span aria-hidden="true"> \u2192</span></a>' if next_number is not None else "")
    puzzle_name = esc(_("Puzzle {number}")).format(number=number)
    actions = {"undo": _("Undo"), "redo": _("Redo"), "hint": _("Hint"), "check": _("Check"),
               "reveal": _("Reveal"), "reset": _("Reset")}
    return (
        f'<article class="puzzle" id="puzzle-{number}" data-index="{index}" '
        f'data-key="{esc(key)}" data-type="{esc(str(record.get("type", "")))}" '
        f'aria-labelledby="title-{number}">\n'
        f'<header><h3 id="title-{number}">{puzzle_name}</h3>'
        + (f'<span class="level level-{esc(level)}">{esc(_level(level))}</span>' if level else "")
        + '<span class="clock js-only">'
        f'<span class="time" role="timer" aria-label="{words["time"]}">0:00</span>'
        f'<button type="button" data-action="pause">{words["start"]}</button></span>'
        + "</header>\n"
        f'<details class="rules"><summary>{words["rules"]}</summary><p>{esc(rules)}</p></details>\n'
        '<div class="options js-only">'
        f'<button type="button" data-action="notes" aria-pressed="false" data-on="{words["on"]}">'
        f'{words["notes"]}</button>'
        f'<label><input type="checkbox" data-option="autocheck"> {words["autocheck"]}</label>'
        "</div>\n"
        f'<div class="board" id="board-{number}" tabindex="-1" role="group" '
        f'aria-label="{words["board"].format(number=number)}">'
        + (f"<noscript>{static}</noscript>" if static else "")
        + "</div>\n"
        f'<div class="controls js-only" role="group" aria-label="{puzzle_name}">'
        + "".join(f'<button type="button" data-action="{action}">{esc(word)}</button>'
                  for action, word in actions.items())
        + "</div>\n"
        '<p class="status js-only" role="status" aria-live="polite"></p>\n'
        f'<div class="puzzle-print js-only" role="group" '
        f'aria-label="{words["printing"].format(number=number)}">'
        f'<button type="button" data-print="entries">{words["print"]}</button>'
        f'<button type="button" data-print="blank">{words["blank"]}</button></div>\n'
        f'<nav class="puzzle-nav" aria-label="{words["after"].format(number=number)}">{following}'
        f'<a href="#contents">{words["contents"]}<span aria-hidden="true"> \u2191</span></a></nav>\n'
        "</article>\n"
    )


def _keys_help() -> str:
    """The page's keyboard help; each key's name is a text of its own (Ctrl is "Strg" on a German
    keyboard), set in <kbd> where the sentence names it."""

    def esc(text: str) -> str:
        return html.escape(text, quote=False)

    def key(name: str) -> str:
        return f"<kbd>{esc(name)}</kbd>"

    ctrl = key(pgettext("key", "Ctrl"))
    lines = [
        esc(_("{tab} goes through the page's links and buttons in order; each board is one stop "
              "(its last used square), and inside it the arrow keys move between squares.")
            ).format(tab=key(pgettext("key", "Tab"))),
        esc(_("Digits type a number (two in a row make 12); {backspace} clears a square.")
            ).format(backspace=key(pgettext("key", "Backspace"))),
        esc(_("{n} turns notes (small candidate numbers) on and off; {esc} lets go of a picked "
              "number, or turns notes off.")).format(n=key("N"), esc=key(pgettext("key", "Esc"))),
        esc(_("{h} gives a hint: the next square a person could work out, and why.")).format(h=key("H")),
        esc(_("{undo} undoes (Reveal and Reset too), {redo} redoes.")).format(
            undo=f"{ctrl}+{key('Z')}", redo=f"{ctrl}+{key('Y')}"),
    ]
    title = esc(_("Keyboard"))
    return (f'<details class="keys js-only" id="keys"><summary>{title}</summary>\n<ul>\n'
            + "".join(f"<li>{line}</li>\n" for line in lines) + "</ul>\n</details>\n")


def _page_tools() -> str:
    """The page's own buttons: the theme toggle and the two prints (frame.js wires them)."""
    words = [html.escape(word) for word in
             (_("Page"), _("Dark theme"), _("Print blank copy"), _("Print with my entries"))]
    return (
        f'<div class="page-tools js-only" role="group" aria-label="{words[0]}">'
        f'<button type="button" data-page="theme" aria-pressed="false">{words[1]}</button>'
        f'<button type="button" data-page="print-blank">{words[2]}</button>'
        f'<button type="button" data-page="print-entries">{words[3]}</button>'
        "</div>\n"
    )

THEME_FIRST = (
    '<script>document.documentElement.className = "js";'
    ' try { var theme = localStorage.getItem("bookgen:theme");'
    ' if (theme === "dark" || theme === "light") document.documentElement.dataset.theme = theme; }'
    " catch (error) {}</script>\n"
)
"""The head's one script: marks the page as scripted and sets a chosen theme before anything is
drawn, so a dark page never flashes light."""


def render_html(title: str, subtitle: str | None, sections: list[dict[str, Any]]) -> str:
    """The whole playable book as one HTML document (a string), the same bytes for the same input,
    in the language current here (`bookgen.i18n.speaking`).

    Each section is {"title", "type", "rules", "level", "puzzles"}, and each puzzle a puzzle
    JSON record plus "number", its number in the book.
    """
    esc = html.escape
    records: list[dict[str, Any]] = []
    placed: list[tuple[int, dict[str, Any], str]] = []  # (section, record, key) in book order
    phrases: dict[str, int] = {}
    plays: dict[str, Any] = {}  # record index -> its type's play_data
    for section_index, section in enumerate(sections):
        for puzzle in section["puzzles"]:
            record = {key: puzzle[key] for key in RECORD_KEYS if key in puzzle}
            record["key"] = _storage_key(record, section_index)
            play = _play_data(record)
            if play is not None:
                plays[str(len(records))] = play
            if "hints" in record:
                record["hints"] = _packed_hints(record["hints"], phrases)
            records.append(record)
            placed.append((section_index, record, record["key"]))
    kinds = {str(record.get("type")) for record in records}
    paints = SvgPaints()  # the print copies' paints, said once in the page's stylesheet
    contents: list[str] = []
    body: list[str] = []
    index = 0
    for section_index, section in enumerate(sections):
        anchor = f"section-{section_index + 1}"
        links: list[str] = []
        articles: list[str] = []
        for _puzzle in section["puzzles"]:
            record, key = placed[index][1:]
            number = esc(str(record.get("number", index + 1)))
            following = (placed[index + 1][1].get("number", index + 2)
                         if index + 1 < len(placed) else None)
            links.append(f'<li><a href="#puzzle-{number}" data-key="{esc(key)}">{number}</a></li>')
            articles.append(_puzzle_article(record, index, section["rules"], key, paints, following))
            index += 1
        level = section.get("level") or ""
        if level in ALL_LEVELS and title_names_level(section["title"], level):
            level = ""  # a title that says its level does not get it twice
        contents.append(
            f'<li><a href="#{anchor}">{esc(section["title"])}</a>'
            + (f' <span class="level level-{esc(level)}">{esc(_level(level))}</span>' if level else "")
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
    first = esc(str(records[0].get("number", 1))) if records else ""
    skip_word = esc(_("Skip to puzzle {number}")).format(number=first)
    skip = f'<a class="skip" href="#board-{first}">{skip_word}</a>\n' if records else ""
    contents_word = esc(_("Contents"))
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{esc(current().code)}" class="no-js">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="bookgen">\n'
        f"<title>{esc(title)}</title>\n"
        + THEME_FIRST
        + f"<style>\n{_asset('play.css')}{''.join(_game_files(kinds, puzzles.play_style_text))}"
        + f"{paints.css()}</style>\n"
        "</head>\n<body>\n"
        + skip
        + f'<header class="book-header">\n<h1>{esc(title)}</h1>\n{subtitle_html}{_page_tools()}</header>\n'
        '<p class="noscript no-js-only">'
        + esc(_("Playing these puzzles on screen needs JavaScript, which is off in this browser. The "
                "puzzles below are ready to print; turn JavaScript on to fill them in here."))
        + "</p>\n"
        f'<nav class="contents" id="contents" aria-label="{contents_word}" tabindex="-1">\n'
        f"<h2>{contents_word}</h2>\n"
        '<ol class="sections">\n'
        + "\n".join(contents)
        + "\n</ol>\n</nav>\n"
        + _keys_help()
        + "<main>\n"
        + "".join(body)
        + "</main>\n"
        f'<script type="application/json" id="bookgen-texts">{_script_json(_texts(kinds))}</script>\n'
        f'<script type="application/json" id="bookgen-data">{_script_json(records)}</script>\n'
        f'<script type="application/json" id="bookgen-phrases">{_script_json(list(phrases))}</script>\n'
        f'<script type="application/json" id="bookgen-play">{_script_json(plays)}</script>\n'
        f"<script>\n{_frame_script()}</script>\n"
        + "".join(f"<script>\n{script}</script>\n"
                  for script in _game_files(kinds, puzzles.play_script_text))
        + "</body>\n</html>\n"
    )


def write_html(path: str | os.PathLike[str], title: str, subtitle: str | None,
               sections: list[dict[str, Any]]) -> None:
    """Write the playable book to `path` through bookgen's one atomic writer, so a reader never
    sees half a page and a failed build leaves the old page in place."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_files([(target, render_html(title, subtitle, sections).encode("utf-8"))])
