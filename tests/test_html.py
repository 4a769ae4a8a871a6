"""The playable HTML edition: the page itself (self-contained, deterministic, data embedded) and,
in headless Chromium driven by Playwright, playing it: solving by clicks, Check, progress kept,
undo and redo, notes, the timer, keyboard and screen-reader use (axe-core), phones, no JavaScript.

The puzzle records are small hand-written ones with hand-checked answers, and two records made once
by `bookgen generate` and pasted here, so these tests do not depend on any generator.
axe-core is vendored in tests/vendor/axe-core/ (see its README.md: version, licence, how to update).
"""

from __future__ import annotations

import ast
import contextlib
import html
import html.parser
import io
import json
import operator
import random
import re
from datetime import datetime
from fractions import Fraction
from pathlib import Path

import pytest

from bookgen.html import render_html, write_html
from bookgen.puzzles import BUILT_IN, PUZZLE_TYPES, type_home

ROOT = Path(__file__).resolve().parent.parent
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"

# The only path of 1..16 through these givens (checked by exhaustive search when written).
NUMBRIX = {
    "type": "numbrix", "id": "numbrix:easy::test-1", "difficulty": "easy", "number": 1,
    "rating": {"level": "easy"},
    "puzzle": {"grid": [[1, 0, 0, 4], [0, 0, 6, 0], [0, 10, 0, 0], [16, 0, 0, 13]]},
    "solution": {"grid": [[1, 2, 3, 4], [8, 7, 6, 5], [9, 10, 11, 12], [16, 15, 14, 13]]},
}
HIDATO = {
    "type": "hidato", "id": "hidato:easy::test-2", "difficulty": "easy", "number": 2,
    "rating": {"level": "easy"},
    "puzzle": {"grid": [[1, 0, None], [0, 0, 0], [None, 0, 7]]},
    "solution": {"grid": [[1, 2, None], [3, 4, 5], [None, 6, 7]]},
}
# 7 2 9 5 under < > < has 5 arrangements; any of them is an answer.
PLACEMENT_FREE = {
    "type": "placement", "id": "placement:easy::test-3", "difficulty": "easy", "number": 3,
    "rating": {"level": "easy"},
    "puzzle": {"signs": ["<", ">", "<"], "numbers": ["7", "2", "9", "5"], "givens": {},
               "arrangements": 5, "unique": False},
    "solution": {"order": ["2", "9", "5", "7"]},
}
PLACEMENT_FRACTIONS = {
    "type": "placement", "id": "placement:hard::test-4", "difficulty": "hard", "number": 4,
    "rating": {"level": "hard"},
    "puzzle": {"signs": ["<", "<", "<"], "numbers": ["3/4", "-1/2", "0.7", "-3"],
               "givens": {"1": "-1/2"}, "arrangements": 1, "unique": True},
    "solution": {"order": ["-3", "-1/2", "0.7", "3/4"]},
}
ARITHMETIC = {
    "type": "arithmetic", "id": "arithmetic:hard::test-5", "difficulty": "hard", "number": 5,
    "rating": {"level": "hard"},
    "puzzle": {"numbers": [5, 5, 5, 1], "target": 24, "operators": "+-*/"},
    "solution": {"expressions": ["5*(5-1/5)"]},
}
ARROWS = {
    "type": "arrows", "id": "arrows:easy::test-6", "difficulty": "easy", "number": 6,
    "rating": {"level": "easy"},
    "puzzle": {"arrows": [["E", "S"], ["N+S", "W"]], "givens": [[0, 2], [0, 0]]},
    "solution": {"grid": [[1, 2], [3, 4]]},
}
ARITHMETIC_JOINED = {
    "type": "arithmetic", "id": "arithmetic:expert:concat=yes:test-8", "difficulty": "expert",
    "number": 8, "rating": {"level": "expert"},
    "puzzle": {"numbers": [1, 2, 3], "target": 15, "operators": "+^", "concat": True},
    "solution": {"expressions": ["12+3"]},
}
PYRAMID_CLASSIC = {
    "type": "pyramid", "id": "pyramid:easy::test-9", "difficulty": "easy", "number": 9,
    "rating": {"level": "easy"},
    "puzzle": {"variant": "classic", "max": 6, "rows": [[0, 1, 0], [5, 0], [2]]},
    "solution": {"rows": [[6, 1, 4], [5, 3], [2]]},
}
NUMBER_WALL = {
    "type": "numberwall", "id": "numberwall:easy::test-7", "difficulty": "easy", "number": 7,
    "rating": {"level": "easy"},
    "puzzle": {"variant": "sum", "max": 20, "rows": [[1, 0, 3], [0, 5], [0]]},
    "solution": {"rows": [[1, 2, 3], [3, 5], [8]]},
}

# Made by `bookgen generate numbrix --difficulty easy --count 1 --seed 1 --set size=7`: seven
# columns, for the narrowest phones.
NUMBRIX_WIDE = {
    "type": "numbrix", "id": "numbrix:easy:size=7x7:1.1", "difficulty": "easy", "number": 10,
    "rating": {"level": "easy"},
    "puzzle": {"grid": [[15, 0, 0, 0, 1, 0, 0], [0, 0, 10, 0, 0, 5, 4], [0, 0, 11, 0, 23, 0, 27],
                        [0, 19, 0, 0, 0, 0, 0], [43, 0, 39, 0, 0, 34, 0], [0, 41, 0, 0, 0, 0, 0],
                        [45, 0, 0, 0, 49, 32, 0]]},
    "solution": {"grid": [[15, 14, 9, 8, 1, 2, 3], [16, 13, 10, 7, 6, 5, 4], [17, 12, 11, 22, 23, 26, 27],
                          [18, 19, 20, 21, 24, 25, 28], [43, 42, 39, 38, 35, 34, 29],
                          [44, 41, 40, 37, 36, 33, 30], [45, 46, 47, 48, 49, 32, 31]]},
}
# Made by `bookgen generate hidato --difficulty easy --count 1 --seed 1 --set shape=diamond
# --set size=5`: its top-left square is outside the shape.
HIDATO_DIAMOND = {
    "type": "hidato", "id": "hidato:easy:shape=diamond,size=5x5:1.1", "difficulty": "easy",
    "number": 11, "rating": {"level": "easy"},
    "puzzle": {"grid": [[None, None, 9, None, None], [None, 0, 1, 0, None], [0, 0, 0, 2, 7],
                        [None, 0, 13, 0, None], [None, None, 0, None, None]]},
    "solution": {"grid": [[None, None, 9, None, None], [None, 10, 1, 8, None], [11, 12, 3, 2, 7],
                          [None, 4, 13, 6, None], [None, None, 5, None, None]]},
}

SECTIONS = [
    {"title": "Numbrix", "type": "numbrix", "level": "easy",
     "rules": "Fill the grid with 1 to 16 so consecutive numbers touch across a side.",
     "puzzles": [NUMBRIX]},
    {"title": "Hidato", "type": "hidato", "level": "easy",
     "rules": "Fill the shape so consecutive numbers touch across a side or corner.",
     "puzzles": [HIDATO]},
    {"title": "Number Placement", "type": "placement", "level": "mixed",
     "rules": "Put each pool number into a box so every < and > is true.",
     "puzzles": [PLACEMENT_FREE, PLACEMENT_FRACTIONS]},
    {"title": "Make 24", "type": "arithmetic", "level": "hard",
     "rules": "Use each number once with + - * / and brackets to make the target.",
     "puzzles": [ARITHMETIC]},
    {"title": "Arrows & Number Walls", "type": "arrows", "level": "easy",
     "rules": "Type a number into every cell.", "puzzles": [ARROWS, NUMBER_WALL]},
    {"title": "Joined Numbers, Differences", "type": "arithmetic", "level": "expert",
     "rules": "Numbers may stand side by side.", "puzzles": [ARITHMETIC_JOINED, PYRAMID_CLASSIC]},
    {"title": "Bigger Grids", "type": "numbrix", "level": "easy",
     "rules": "Fill the grid so consecutive numbers touch.", "puzzles": [NUMBRIX_WIDE, HIDATO_DIAMOND]},
]

RECORDS = [NUMBRIX, HIDATO, PLACEMENT_FREE, PLACEMENT_FRACTIONS, ARITHMETIC, ARROWS, NUMBER_WALL,
           ARITHMETIC_JOINED, PYRAMID_CLASSIC, NUMBRIX_WIDE, HIDATO_DIAMOND]
TITLE, SUBTITLE = "Test Book", "Eleven small puzzles"


@pytest.fixture(scope="module")
def page_html() -> str:
    return render_html(TITLE, SUBTITLE, SECTIONS)


# --- the page as text -----------------------------------------------------------------------------


class _Collector(html.parser.HTMLParser):
    """Every src/href value and the text of every <script> element."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._script: dict[str, str | None] | None = None

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        self.links += [v or "" for k, v in attrs if k in ("src", "href", "action", "srcset")]
        if tag == "script":
            self._script = values
            self.scripts.append((values, ""))

    def handle_data(self, data):
        if self._script is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = None


def _collect(text: str) -> _Collector:
    collector = _Collector()
    collector.feed(text)
    return collector


def test_page_fetches_nothing(page_html):
    collector = _collect(page_html)
    assert collector.links, "the contents list links to the puzzles"
    assert all(link.startswith("#") for link in collector.links)
    assert all("src" not in attrs for attrs, _ in collector.scripts)
    assert not re.search(r"https?://", page_html)
    assert not re.search(r"<link\b|@import|url\(", page_html)


def test_puzzles_are_embedded_as_their_json_records(page_html):
    data = [text for attrs, text in _collect(page_html).scripts
            if attrs.get("type") == "application/json" and attrs.get("id") == "bookgen-data"]
    assert len(data) == 1
    embedded = json.loads(data[0])
    assert [{k: v for k, v in e.items() if k != "key"} for e in embedded] == RECORDS
    assert [e["key"] for e in embedded] == [r["id"] for r in RECORDS]


def test_same_input_gives_the_same_bytes(page_html):
    assert render_html(TITLE, SUBTITLE, json.loads(json.dumps(SECTIONS))) == page_html


def test_the_contents_leave_out_a_level_the_title_already_says():
    sections = [{**SECTIONS[0], "title": "Numbrix, easy"}, {**SECTIONS[1], "title": "Hidato"}]
    contents = render_html(TITLE, None, sections).split('class="contents"')[1].split("</nav>")[0]
    assert re.findall(r'<a href="#[^"]+">([^<]+)</a>(?: <span class="level[^"]*">([^<]+)</span>)?',
                      contents) == [("Numbrix, easy", ""), ("Hidato", "easy")]


def test_contents_sections_and_puzzles(page_html):
    printed = re.sub(r"<noscript>.*?</noscript>", "", page_html)  # the boards may say "Make 24" too
    for section in SECTIONS:
        assert printed.count(f">{html.escape(section['title'])}<") == 2  # contents and heading
    for record in RECORDS:
        number = record["number"]
        assert f'href="#puzzle-{number}"' in page_html
        assert f'id="puzzle-{number}"' in page_html
    assert page_html.count('<button type="button" data-action="check">') == len(RECORDS)
    assert page_html.count('<button type="button" data-action="reveal">') == len(RECORDS)
    assert page_html.count('<button type="button" data-action="reset">') == len(RECORDS)
    assert page_html.count("<details class=\"rules\">") == len(RECORDS)
    for action in ("undo", "redo", "notes", "pause"):
        assert page_html.count(f'data-action="{action}"') == len(RECORDS)
    # each puzzle links on to the next one and back to the contents; the last only to the contents
    for record, following in zip(RECORDS, RECORDS[1:] + [None]):
        article = page_html.split(f'id="puzzle-{record["number"]}"')[1].split("</article>")[0]
        assert '<a href="#contents">Contents' in article
        assert ((f'<a href="#puzzle-{following["number"]}" class="next-puzzle">Next puzzle' in article)
                if following else "Next puzzle" not in article)
    assert '<a class="skip" href="#board-1">Skip to puzzle 1</a>' in page_html
    assert page_html.index('class="skip"') < page_html.index('class="contents"')


def test_text_is_escaped_and_script_data_cannot_close_its_element():
    record = dict(NUMBRIX, id="x</script><b>&")
    text = render_html("A <b> & C", "<i>", [dict(SECTIONS[0], title="</h2>", puzzles=[record])])
    visible = text.split("</style>")[1].split('<script type="application/json"')[0]
    assert "<b>" not in visible and "<i>" not in visible and "</h2><" not in visible
    assert "<title>A &lt;b&gt; &amp; C</title>" in text and "<h2>&lt;/h2&gt;</h2>" in visible
    data = text.split('id="bookgen-data">')[1].split("</script>")[0]
    assert json.loads(data)[0]["id"] == "x</script><b>&"


def test_print_styles_hide_the_buttons(page_html):
    css = page_html.split("<style>")[1].split("</style>")[0]
    print_rules = css.split("@media print")[1]
    assert "display: none" in print_rules
    for hidden in (".controls", ".options", ".clock", ".puzzle-nav", ".pad", ".notes", ".skip",
                   "details.keys"):
        assert hidden in print_rules


def test_without_javascript_the_page_prints_static_boards(page_html):
    """Controls are marked js-only and the page starts as no-js; the book's own drawing of each
    board (for the types this knows: the type's draw_puzzle on the SVG pen) sits in <noscript>;
    the hints list passes through to the data."""
    assert '<html lang="en" class="no-js">' in page_html
    assert '<script>document.documentElement.className = "js";' in page_html
    assert page_html.count('<div class="controls js-only"') == len(RECORDS)
    boards = re.findall(r'<noscript><svg class="static-board" [^>]*aria-label="Puzzle (\d+) as printed">',
                        page_html)
    assert sorted(map(int, boards)) == sorted(record["number"] for record in RECORDS)  # every type
    assert page_html.count(">Numbers 1 to 6</text>") == 1  # the pyramid's only
    unknown = dict(NUMBRIX, type="slitherlink")
    assert "<noscript>" not in render_html("T", None, [dict(SECTIONS[0], puzzles=[unknown])])
    record = dict(NUMBRIX, hints=[{"cell": [0, 1], "text": "2 can only go here"}])
    text = render_html("T", None, [dict(SECTIONS[0], puzzles=[record])])
    data = json.loads(text.split('id="bookgen-data">')[1].split("</script>")[0])
    assert data[0]["hints"] == record["hints"]


def test_the_print_copies_say_each_paint_once(page_html):
    """A print copy's shapes carry their geometry and a class: no paint is written on a shape,
    each paint is one rule of the page's stylesheet, every class a copy uses has its rule, and a
    run of shapes in one paint shares one <g>."""
    copies = "".join(re.findall(r"<noscript>(.*?)</noscript>", page_html, re.S))
    assert not re.search(r' (fill|stroke|stroke-width|stroke-dasharray|font-size|text-anchor|font-weight)="',
                         copies)
    css = page_html.split("<style>")[1].split("</style>")[0]
    rules = re.findall(r"\.static-board \.(p[0-9a-f]+)\{([^}]*)\}", css)
    assert {name for name, _ in rules} == set(re.findall(r'class="(p[0-9a-f]+)"', copies))
    assert len({paint for _, paint in rules}) == len(rules)
    assert "<line " not in copies and '<g class="p' in copies
    lone = r'<g class="p[0-9a-f]+">(<[^>]*/>|<text[^>]*>[^<]*</text>)</g>'
    assert not re.search(lone, copies)  # a <g> holds a run of two or more


def test_write_html_is_atomic_and_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "out" / "book.html"
    write_html(target, "Test Book", None, SECTIONS)
    first = target.read_bytes()
    write_html(target, "Test Book", None, SECTIONS)
    assert target.read_bytes() == first
    assert first.decode("utf-8") == render_html("Test Book", None, SECTIONS)
    assert sorted(p.name for p in target.parent.iterdir()) == ["book.html"]


# --- the page in a browser ------------------------------------------------------------------------

# Debian's Chromium headless shell (Chromium's old headless mode: the browser tests take half the
# time they take in the whole browser), else the whole Chromium. Under load either now and then
# reloads a page without its last localStorage writes (the shell loses them for good); the page's
# second copy in IndexedDB brings them back (bench/saving.py: 0 boards lost in 360 reloads at load
# 10 in the shell, 29 without the copy), so a reload that loses progress fails the tests.
@pytest.fixture(scope="module")
def book_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("playable") / "book.html"
    write_html(path, TITLE, SUBTITLE, SECTIONS)
    return path


BUILD_EVERY_BOARD = "window.dispatchEvent(new Event('beforeprint'))"
"""Builds every board of the page at once, as printing does: the page builds a board as it nears
the view (frame.js, build), and most tests reach into puzzles further down without scrolling."""


@contextlib.contextmanager
def _opener(browser, path: Path):
    """Opens `path` in fresh browser contexts (empty local storage), at a given size, with touch,
    without JavaScript or with a fake clock, with every board built (or, with `lazy`, those the
    page builds as it opens); fails on any script error or any request that is not the file itself."""
    contexts = []
    requests: list[str] = []
    errors: list[str] = []

    def open_(width: int = 900, height: int = 1000, touch: bool = False, javascript: bool = True,
              clock: bool = False, lazy: bool = False):
        context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=touch,
                                      has_touch=touch, java_script_enabled=javascript,
                                      device_scale_factor=1)
        contexts.append(context)
        tab = context.new_page()
        tab.on("request", lambda request: requests.append(request.url))
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        if clock:
            tab.clock.install(time=datetime(2030, 1, 1))
        tab.goto(path.as_uri())
        if javascript:
            tab.wait_for_selector("html.ready")
            if not lazy:
                tab.evaluate(BUILD_EVERY_BOARD)
        if clock:
            tab.clock.pause_at(datetime(2030, 1, 1, 0, 1))  # from here on time moves only by run_for
        return tab

    yield open_
    for context in contexts:
        context.close()
    assert errors == []
    assert all(url.startswith("file://") for url in requests), requests


@pytest.fixture
def open_book(browser, book_file):
    with _opener(browser, book_file) as open_:
        yield open_


@pytest.fixture
def page(open_book):
    return open_book()


def _cell(tab, number: int, row: int, col: int):
    return tab.locator(f"#puzzle-{number} button.cell[data-row='{row}'][data-col='{col}']")


def _shown(tab, number: int, row: int, col: int):
    """What a square shows (its number; the words for screen readers are beside it)."""
    return _cell(tab, number, row, col).locator(".v")


def _position(grid: list[list[int | None]], value: int) -> tuple[int, int]:
    return next((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == value)


def _solve_chain_by_clicks(tab, record) -> None:
    """Tap 1, then the square of each number that is not given, in order: the page jumps over
    runs of given numbers by itself."""
    number, puzzle, answer = record["number"], record["puzzle"]["grid"], record["solution"]["grid"]
    _cell(tab, number, *_position(puzzle, 1)).click()
    top = max(v for row in answer for v in row if v)
    for value in range(2, top + 1):
        row, col = _position(answer, value)
        if not puzzle[row][col]:
            _cell(tab, number, row, col).click()


def test_numbrix_solved_by_clicks(page):
    puzzle = page.locator("#puzzle-1")
    _cell(page, 1, 0, 0).click()
    assert puzzle.locator(".bar .next").inner_text() == "Next: 2"
    _cell(page, 1, 0, 1).click()
    _cell(page, 1, 0, 2).click()
    # 4, 5 ... : 4 is given, so after placing 3 the next number is 5
    assert puzzle.locator(".bar .next").inner_text() == "Next: 5"
    _cell(page, 1, 2, 0).click()  # not beside 4: refused
    assert puzzle.locator(".status").inner_text() == "5 must go in a square beside 4."
    assert _shown(page, 1, 2, 0).inner_text() == ""
    _cell(page, 1, 0, 2).click()  # tap 3 again: it is taken back
    assert _shown(page, 1, 0, 2).inner_text() == ""
    assert puzzle.locator(".bar .next").inner_text() == "Next: 3"
    page.locator("#puzzle-1 button[data-action='reset']").click()
    _solve_chain_by_clicks(page, NUMBRIX)
    assert "solved" in puzzle.get_attribute("class")
    assert puzzle.locator(".status").inner_text() == "Solved!"
    assert "solved" in page.locator("nav a[href='#puzzle-1']").get_attribute("class")
    # down from a given: tap 13 twice to count down, place 12 and 11; 10 is given, so next is 9
    page.locator("#puzzle-1 button[data-action='reset']").click()
    _cell(page, 1, 3, 3).click()
    assert puzzle.locator(".bar .next").inner_text() == "Next: 14"
    _cell(page, 1, 3, 3).click()
    assert puzzle.locator(".bar .next").inner_text() == "Next: 12"
    _cell(page, 1, 2, 3).click()
    _cell(page, 1, 2, 2).click()
    assert puzzle.locator(".bar .next").inner_text() == "Next: 9"
    page.locator("#puzzle-1 .bar button.direction").click()  # up from 9... the run ends at 13
    assert puzzle.locator(".bar .next").inner_text() == "Next: 14"


def test_hidato_cells_outside_the_shape_are_not_drawn_and_diagonals_count(page):
    assert page.locator("#puzzle-2 .cell.void").count() == 2
    assert page.locator("#puzzle-2 button.cell").count() == 7
    _solve_chain_by_clicks(page, HIDATO)  # 3 follows 2 and 6 follows 5 diagonally
    assert "solved" in page.locator("#puzzle-2").get_attribute("class")


def test_check_marks_a_wrong_number_and_progress_survives_reload(page):
    wrong = _cell(page, 1, 1, 1)  # the answer is 7
    wrong.focus()
    page.keyboard.type("9")
    page.keyboard.press("ArrowRight")  # to the given 6: typing there changes nothing
    page.keyboard.press("ArrowDown")
    page.keyboard.type("11")  # (2, 2) is 11: right
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(_shown(page, 1, 2, 2)).to_have_text("11")
    page.locator("#puzzle-1 button[data-action='check']").click()
    expect(wrong).to_have_class(re.compile(r"\bwrong\b"))
    expect(_cell(page, 1, 2, 2)).not_to_have_class(re.compile(r"\bwrong\b"))
    expect(page.locator("#puzzle-1 .status")).to_have_text("1 wrong entry, marked.")
    _reload(page, losing_storage=True)  # the copy in IndexedDB brings the entries back
    expect(_shown(page, 1, 1, 1)).to_have_text("9")
    expect(_shown(page, 1, 2, 2)).to_have_text("11")
    page.locator("#puzzle-1 button[data-action='reveal']").click()
    expect(_shown(page, 1, 1, 1)).to_have_text("7")
    expect(page.locator("#puzzle-1")).not_to_have_class(re.compile(r"\bsolved\b"))
    page.locator("#puzzle-1 button[data-action='reset']").click()
    _reload(page)
    expect(_shown(page, 1, 1, 1)).to_have_text("")


def _box(tab, number: int, index: int):
    return tab.locator(f"#puzzle-{number} .box[data-box='{index}']")


def _token(tab, number: int, text: str):
    return tab.locator(f"#puzzle-{number} .token[data-token='{text}']")


def test_placement_accepts_any_arrangement_that_keeps_the_signs(page):
    # 5 < 9 > 2 < 7 is not the stored answer (2 9 5 7) but keeps every sign
    for index, text in enumerate(["5", "9", "2", "7"]):
        _token(page, 3, text).click()
        _box(page, 3, index).click()
    assert "solved" in page.locator("#puzzle-3").get_attribute("class")
    _box(page, 3, 1).click()  # a filled box goes back to the pool
    assert _box(page, 3, 1).get_attribute("data-value") == ""
    assert "used" not in _token(page, 3, "9").get_attribute("class")
    _token(page, 3, "9").click()
    _box(page, 3, 3).click()  # with 9 held, tapping the box holding 7 sends 7 back, 9 goes in
    _token(page, 3, "7").click()
    _box(page, 3, 1).click()  # 5 < 7 > 2 < 9
    assert "solved" in page.locator("#puzzle-3").get_attribute("class")
    page.locator("#puzzle-3 button[data-action='reset']").click()
    for index, text in enumerate(["9", "5", "2", "7"]):
        _token(page, 3, text).click()
        _box(page, 3, index).click()
    page.locator("#puzzle-3 button[data-action='check']").click()
    assert page.locator("#puzzle-3 .sign.wrong").count() == 1  # 9 < 5 is false
    assert [("wrong" in _box(page, 3, i).get_attribute("class")) for i in range(4)] == [
        True, True, False, False]
    assert page.locator("#puzzle-3 .status").inner_text() == "2 wrong entries, marked."


def test_placement_fractions_by_drag_and_exact_comparison(page):
    assert page.locator("#puzzle-4 .token[data-token='3/4'] .frac").count() == 1
    assert _box(page, 4, 1).locator(".minus + .frac").count() == 1  # the given -1/2, stacked
    for index, text in [(0, "-3"), (2, "0.7"), (3, "3/4")]:
        _token(page, 4, text).drag_to(_box(page, 4, index))
    assert "solved" in page.locator("#puzzle-4").get_attribute("class")
    _box(page, 4, 2).drag_to(_box(page, 4, 3))  # swap 0.7 and 3/4: 3/4 < 0.7 is false
    page.locator("#puzzle-4 button[data-action='check']").click()
    assert "wrong" in _box(page, 4, 2).get_attribute("class")
    assert "solved" not in page.locator("#puzzle-4").get_attribute("class")


def test_arithmetic_is_evaluated_exactly(page):
    expression = page.locator("#puzzle-5 input.expression")
    feedback = page.locator("#puzzle-5 .feedback")
    expression.fill("5*5-1")
    assert "Still to use: 5" in feedback.inner_text()
    assert "= 24, the target." in feedback.inner_text()
    expression.fill("5*(5-1/5)")
    assert "Uses each number once." in feedback.inner_text()
    assert "= 24, the target." in feedback.inner_text()
    assert "solved" in page.locator("#puzzle-5").get_attribute("class")
    expression.fill("(5+5)/5/1 -")
    assert "stops too early" in feedback.inner_text()
    expression.fill("5/(5-5)*1")
    assert "division by zero" in feedback.inner_text()
    expression.fill("(1+5)/5+5")
    assert "= 31/5, not 24." in feedback.inner_text()
    page.locator("#puzzle-5 button[data-action='check']").click()
    assert "wrong" in expression.get_attribute("class")
    page.locator("#puzzle-5 button[data-action='reveal']").click()
    assert expression.input_value() == "5 \u00d7 (5 \u2212 1 \u00f7 5)"
    assert "= 24, the target." in feedback.inner_text()


def test_arithmetic_with_numbers_side_by_side(page):
    expression = page.locator("#puzzle-8 input.expression")
    feedback = page.locator("#puzzle-8 .feedback")
    for forbidden in ("13+2", "21+3", "1+32"):  # not neighbours, or out of the card's order
        expression.fill(forbidden)
        assert "Use each number once (neighbours may be joined" in feedback.inner_text()
    expression.fill("1+23")
    assert "Uses each number once." in feedback.inner_text()
    expression.fill("12+3")
    assert "solved" in page.locator("#puzzle-8").get_attribute("class")
    expression.fill("3^2+1+2")  # allowed operators, but 12 is needed
    assert "= 12, not 15." in feedback.inner_text()
    expression.fill("1*2*3")
    assert "Not allowed here: \u00d7." in feedback.inner_text()
    expression.fill("012+3")
    assert "leading zero" in feedback.inner_text()
    expression.fill("")
    for key in ["1", "2", "+", "3"]:  # the on-screen keys join digits when joining is allowed
        page.locator(f"#puzzle-8 [data-insert='{key}']").click()
    assert expression.input_value() == "12+3"
    page.locator("#puzzle-8 button[data-action='reveal']").click()
    assert expression.input_value() == "12 + 3"


def _random_expression(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.25:
        number = rng.randrange(0, 13)
        if rng.random() < 0.15:
            return f"{number or 1}**{rng.randrange(0, 4)}"
        return str(number)
    left, right = _random_expression(rng, depth - 1), _random_expression(rng, depth - 1)
    text = f"{left}{rng.choice('+-*/')}{right}"
    return f"({text})" if rng.random() < 0.5 else text


_OPERATIONS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
               ast.Div: operator.truediv, ast.Pow: operator.pow}


def _fraction_value(text: str) -> str:
    """The exact value, read by Python's own grammar and computed over Fractions: a reference
    written apart from the page's parser."""

    def value(node: ast.expr) -> Fraction:
        if isinstance(node, ast.Constant):
            return Fraction(node.value)
        assert isinstance(node, ast.BinOp)
        return _OPERATIONS[type(node.op)](value(node.left), value(node.right))

    try:
        return str(value(ast.parse(text, mode="eval").body))
    except ZeroDivisionError:
        return "error"


def test_expressions_and_comparisons_agree_with_python_fractions(page):
    rng = random.Random("html-arithmetic")
    texts = [_random_expression(rng, 4) for _ in range(300)] + ["2^3^0", "8\u00f7(1\u22121\u00f75)"]
    results = page.evaluate("""texts => texts.map(t => {
        try { return window.bookgenPlay.evaluate(t); } catch (e) { return "error"; } })""", texts)
    expected = [_fraction_value(t.replace("^", "**").replace("\u00f7", "/").replace("\u2212", "-"))
                for t in texts]
    assert results == expected
    assert expected[-2:] == ["2", "10"] and expected.count("error") > 5
    numbers = ["0", "12", "-3", "0.75", "3/4", "-3/4", "-0.5", "-1/2", "7/9", "0.777", "100/3",
               "33.34", "-12", "1/1000", "0.001"]
    pairs = [(a, b) for a in numbers for b in numbers]
    signs = page.evaluate("pairs => pairs.map(([a, b]) => window.bookgenPlay.compare(a, b))", pairs)
    assert signs == [(Fraction(a) > Fraction(b)) - (Fraction(a) < Fraction(b)) for a, b in pairs]


def test_arrows_pyramid_and_numberwall_take_typed_numbers(page):
    inputs = page.locator("#puzzle-6 .board input")
    assert inputs.count() == 3
    for field, value in zip(inputs.all(), ["1", "3", "4"]):
        field.fill(value)
    assert "solved" in page.locator("#puzzle-6").get_attribute("class")
    rows = page.locator("#puzzle-7 .stack .row")
    assert [rows.nth(i).locator(".cell").count() for i in range(3)] == [1, 2, 3]  # wide row at bottom
    page.locator("#puzzle-7 .board input").first.fill("9")
    page.locator("#puzzle-7 button[data-action='check']").click()
    assert page.locator("#puzzle-7 .cell.wrong").count() == 1
    circles = page.locator("#puzzle-9 .pyramid.circles .row")  # differences: wide row on top
    assert [circles.nth(i).locator(".cell").count() for i in range(3)] == [3, 2, 1]
    # the range is part of a difference pyramid's rules, printed under it as on paper
    assert page.locator("#puzzle-9 .board .range").inner_text() == "Numbers 1 to 6"
    assert page.locator("#puzzle-7 .board .range").count() == 0  # walls have no range
    page.locator("#puzzle-9 .board input").first.focus()
    page.keyboard.type("6")
    page.keyboard.press("ArrowRight")  # over the given 1 to the last circle of the row
    page.keyboard.type("4")
    page.keyboard.press("ArrowDown")
    page.keyboard.type("3")
    assert "solved" in page.locator("#puzzle-9").get_attribute("class")


def test_boards_are_built_as_they_are_needed_and_the_contents_tick_saved_solves(browser, tmp_path):
    """A long book's page builds the boards in view as it opens; one further down is built when
    it is scrolled near, when a link of the contents leads to it (at the click, before the page
    moves) and when the page is printed. A solve is ticked in the contents at the next visit
    without building its board, and its entries come back when it is built; a save from a page
    before the solved flag builds its board at once, to tell."""
    path = tmp_path / "long.html"
    puzzles = [dict(ARROWS, id=f"arrows:easy::long-{n}", number=n) for n in range(1, 41)]
    write_html(path, "Long", None, [dict(SECTIONS[0], title="Arrows", type="arrows", puzzles=puzzles)])
    with _opener(browser, path) as open_:
        tab = open_(width=390, height=844, touch=True, lazy=True)

        def built() -> list[int]:
            return tab.evaluate("[...document.querySelectorAll('article.built')].map(a => +a.id.slice(7))")

        def entries(number: int) -> list[str]:
            inputs = tab.locator(f"#puzzle-{number} .board input")
            return inputs.evaluate_all("nodes => nodes.map(n => n.value)")

        assert 1 in built() and len(built()) < 10
        assert tab.locator("#puzzle-40 .board input").count() == 0
        tab.evaluate("document.getElementById('puzzle-30').scrollIntoView()")
        tab.wait_for_selector("#puzzle-30.built")
        assert len(entries(30)) == 3 and 20 not in built()
        assert tab.evaluate("""() => {
            document.querySelector('nav.contents a[href="#puzzle-20"]').click();
            return document.getElementById('puzzle-20').classList.contains('built'); }""")
        tab.evaluate("document.getElementById('puzzle-35').scrollIntoView()")
        tab.wait_for_selector("#puzzle-35.built")
        for field, value in zip(tab.locator("#puzzle-35 .board input").all(), ["1", "3", "4"]):
            field.fill(value)
        assert "solved" in tab.locator("#puzzle-35").get_attribute("class")
        tab.evaluate("() => { window.print = () => { window.printed = true; }; }")
        assert 10 not in built()
        tab.locator("[data-page='print-blank']").click()
        assert tab.evaluate("window.printed") and len(built()) == 40

        tab.evaluate("scrollTo(0, 0)")  # the reload opens at the top
        _reload(tab, lazy=True)
        assert 35 not in built()
        assert "solved" in tab.locator("nav.contents a[href='#puzzle-35']").get_attribute("class")
        assert tab.locator("nav.contents a.solved").count() == 1
        tab.evaluate("document.getElementById('puzzle-35').scrollIntoView()")
        tab.wait_for_selector("#puzzle-35.built.solved")
        assert entries(35) == ["1", "3", "4"]

        # the same progress as a page before the solved flag saved it, at a later turn than the copy's
        key = "bookgen:arrows:easy::long-35"
        saved = json.loads(tab.evaluate("key => localStorage.getItem(key)", key))
        del saved["solved"]
        saved["turn"] = 99
        written = json.dumps(json.dumps(saved))
        tab.context.add_init_script(f"localStorage.setItem({json.dumps(key)}, {written})")
        tab.evaluate("scrollTo(0, 0)")
        tab.reload(wait_until="load")
        tab.wait_for_selector("html.ready")
        assert 35 in built() and 34 not in built()
        assert "solved" in tab.locator("nav.contents a[href='#puzzle-35']").get_attribute("class")


def test_a_type_the_page_does_not_know_is_left_for_paper(browser, tmp_path):
    path = tmp_path / "unknown.html"
    record = {"type": "slitherlink", "id": "slitherlink:easy::1", "number": 1, "puzzle": {}, "solution": {}}
    write_html(path, "Odd", None, [{"title": "Slitherlink", "type": "slitherlink", "difficulty": "easy",
                                   "rules": "Add up.", "puzzles": [record]}])
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(path.as_uri())
    tab.wait_for_selector("html.ready")
    assert tab.locator("#puzzle-1 .unplayable").inner_text() == (
        "This puzzle type is for paper only in this edition.")
    assert not tab.locator("#puzzle-1 .controls").is_visible()
    assert tab.locator("#puzzle-1 details.rules").text_content() == "RulesAdd up."
    context.close()




# --- keyboard, screen readers, phones, no JavaScript ----------------------------------------------

def reload_seeing_storage(tab, ready: str) -> None:
    """Reloads the page and waits for `ready`. Chromium under load now and then (about one
    reload in a hundred at load 6; twice in CI, once for four reloads in a row) starts the reloaded
    page with an empty localStorage though the old page wrote every key. What this checks is our
    saving and restoring, not that race: the page is asked to save (as it does on leaving), what it
    holds is noted, and a reload that sees less is reloaded again after a pause; from the third
    try on, what the old page held is written back first, so the reloaded page restores exactly
    what the player's page saved (the player and the studio write nothing as they open)."""
    tab.evaluate("window.dispatchEvent(new Event('pagehide'))")
    held = tab.evaluate("Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage[k]]))")
    seen = []
    for attempt in range(5):
        if attempt >= 2:
            tab.evaluate("held => Object.entries(held).forEach(([k, v]) => localStorage.setItem(k, v))", held)
        tab.wait_for_timeout(200 + 300 * attempt)  # time for the browser to take the last writes
        tab.reload(wait_until="load")
        tab.wait_for_selector(ready, state="attached")
        seen.append(tab.evaluate("Object.keys(localStorage).sort()"))
        if set(seen[-1]) >= set(held):
            return
    raise AssertionError(f"the page saved {sorted(held)} and five reloads saw {seen}")
COPIES_CAUGHT_UP = """() => new Promise(resolve => {
  const opening = indexedDB.open("bookgen-copies");
  opening.onerror = () => resolve(true);  // no copies: nothing to wait for
  opening.onsuccess = () => {
    const database = opening.result;
    if (!database.objectStoreNames.contains("copies")) { database.close(); resolve(true); return; }
    const reading = database.transaction("copies").objectStore("copies").openCursor();
    let caughtUp = true;
    reading.onsuccess = () => {
      const cursor = reading.result;
      if (!cursor) { database.close(); resolve(caughtUp); return; }
      const here = localStorage.getItem(cursor.key);
      if (here !== null && here !== cursor.value) caughtUp = false;
      cursor.continue();
    };
    reading.onerror = () => { database.close(); resolve(true); };
  };
})"""
"""True once every copy in IndexedDB (bookgen/html/copies.js) holds what localStorage holds."""


def reload_page(tab, ready: str, losing_storage: bool = False) -> None:
    """Reloads the page and waits for `ready`, once: a reload that loses what the page saved fails
    the test that follows. With `losing_storage`, localStorage is emptied first, as Chromium now
    and then does between a page and its reload (docs/html.md, Progress that holds): what the page
    saved comes back from its second copy. The reload waits until that copy holds what the page
    last saved, as a person's reload comes a moment after the last click: a reload in the same
    instant, in a Chromium that then also loses the last localStorage write, shows an older board
    (seen once in CI, the board revealed again after a reset)."""
    for _ in range(200):  # evaluate awaits the check's promise (wait_for_function would not)
        if tab.evaluate(COPIES_CAUGHT_UP):
            break
        tab.wait_for_timeout(50)
    else:
        raise AssertionError("the page's second copy never caught up with localStorage")
    if losing_storage:
        tab.evaluate("localStorage.clear()")
    tab.reload(wait_until="load")
    tab.wait_for_selector(ready, state="attached")


def _reload(tab, losing_storage: bool = False, lazy: bool = False) -> None:
    """Reloads the book and waits for its boards (every one built, unless `lazy`)."""
    reload_page(tab, "html.ready", losing_storage)
    if not lazy:
        tab.evaluate(BUILD_EVERY_BOARD)


def _active(tab, script: str = "node => node"):
    return tab.evaluate(f"() => ({script})(document.activeElement)")


def _axe_violations(tab) -> list[tuple[str, str, list]]:
    """axe-core's serious and critical findings on the page as it stands."""
    tab.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = tab.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("width", [1200, 360])
def test_axe_finds_nothing_serious_at_desktop_and_phone_sizes(open_book, width):
    tab = open_book(width=width, height=900, touch=width < 500)
    _cell(tab, 1, 0, 0).click()
    _cell(tab, 1, 0, 1).click()  # 2
    _cell(tab, 1, 1, 1).focus()
    tab.keyboard.type("9")  # wrong: 7
    tab.locator("#puzzle-1 button[data-action='check']").click()
    tab.locator("#puzzle-6 button[data-action='notes']").click()
    tab.locator("#puzzle-6 .board input").first.focus()
    tab.keyboard.type("1")
    for text, index in [("7", 0), ("9", 1)]:
        _token(tab, 3, text).click()
        _box(tab, 3, index).click()
    assert _axe_violations(tab) == []


def test_every_control_is_named_by_its_word(page):
    for record in RECORDS:
        article = page.locator(f"#puzzle-{record['number']}")
        for word in ("Undo", "Redo", "Check", "Reveal", "Reset"):
            assert article.get_by_role("button", name=re.compile(rf"\b{word}\b")).count() == 1, word
        # records without hints (as here) show no Hint button; tests/test_hints.py plays it
        assert article.get_by_role("button", name=re.compile(r"\bHint\b")).count() == 0
        # a board of number squares takes pencil marks (the frame's numberCells, numbrix's path),
        # whichever type drew it; a board of boxes or an expression does not
        notes = 1 if article.locator(".board .cell").count() else 0
        assert article.get_by_role("button", name=re.compile(r"\bNotes\b")).count() == notes
        as_i_go = 0 if record["type"] == "arithmetic" else 1
        assert article.get_by_role("checkbox", name="Check as I go").count() == as_i_go
        assert article.get_by_role("timer").count() == 1
        assert article.get_by_role("button", name="Start").count() == 1
        assert article.get_by_role("link", name=re.compile("Contents")).count() == 1
    # boxes say the number they hold; arrow cells their direction; rows count from the top
    assert page.locator("#puzzle-4").get_by_role(
        "button", name=re.compile(r"^Box 2: minus 1 over 2\s*, given$")).count() == 1
    _token(page, 3, "7").click()
    _box(page, 3, 2).click()
    assert page.locator("#puzzle-3").get_by_role("button", name="Box 3: 7").count() == 1
    assert page.locator("#puzzle-3").get_by_role("button", name="Box 1, empty").count() == 1
    arrows = page.locator("#puzzle-6")
    assert arrows.get_by_role("textbox", name="Row 1, column 1, arrow right").count() == 1
    assert arrows.get_by_role("textbox", name="Row 2, column 1, arrow up and down").count() == 1
    assert page.locator("#puzzle-7").get_by_role("textbox", name="Row 1, brick 1").count() == 1  # the top
    assert page.locator("#puzzle-9").get_by_role("textbox", name="Row 1, circle 1").count() == 1
    assert page.locator("#puzzle-1").get_by_role(
        "button", name=re.compile(r"^Row 1, column 4: 4\s*, given$")).count() == 1
    assert "Ctrl" in page.locator("details#keys").text_content()


def test_tab_reaches_a_cell_of_every_puzzle_and_the_skip_link_leads_to_the_first(open_book):
    page = open_book(lazy=True)  # the boards further down are built as the focus enters their puzzles
    page.evaluate("""() => { window.reached = new Set(); document.addEventListener('focusin', event => {
        const node = event.target, article = node.closest('article');
        if (article && node.closest('.board') && node.matches('[data-nav], input.expression, .chip'))
            window.reached.add(article.id); }); }""")
    page.keyboard.press("Tab")
    assert _active(page, "node => node.className") == "skip"
    for _ in range(260):
        page.keyboard.press("Tab")
    reached = page.evaluate("() => [...window.reached].sort()")
    assert reached == sorted(f"puzzle-{r['number']}" for r in RECORDS)
    assert page.locator("#puzzle-11 button.cell[tabindex='0']").get_attribute("data-row") == "0"
    assert page.locator("#puzzle-11 button.cell[tabindex='0']").get_attribute("data-col") == "2"
    _reload(page, lazy=True)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the skip link, to the first puzzle's square itself
    assert _active(page, "node => [node.closest('article').id, node.dataset.row, node.dataset.col]") == [
        "puzzle-1", "0", "0"]


def test_arrow_down_goes_one_row_in_walls_and_pyramids(page):
    def at():
        return _active(page, "node => [node.closest('article').id, +node.dataset.row, +node.dataset.col]")

    page.locator("#puzzle-7 input[data-row='2']").focus()  # the top brick (rows are widest first)
    page.keyboard.press("ArrowDown")
    assert at() == ["puzzle-7", 1, 0]
    page.keyboard.press("ArrowDown")
    assert at() == ["puzzle-7", 0, 1]
    page.keyboard.press("ArrowUp")
    assert at() == ["puzzle-7", 1, 0]
    page.locator("#puzzle-9 input[data-row='0'][data-col='2']").focus()  # differences: wide row on top
    page.keyboard.press("ArrowDown")
    assert at() == ["puzzle-9", 1, 1]


def test_the_focus_ring_shows_on_all_four_sides(page):
    from io import BytesIO

    from PIL import Image

    focus = (0x0B, 0x2E, 0x63)
    _cell(page, 1, 1, 0).focus()
    page.keyboard.press("ArrowRight")  # by keyboard, so the square shows focus
    targets = {"square": _cell(page, 1, 1, 1),
               "brick": page.locator("#puzzle-7 input[data-row='1']").locator(".."),
               "circle": page.locator("#puzzle-9 input[data-row='0'][data-col='0']").locator("..")}
    for name, cell in targets.items():
        if name != "square":
            cell.locator("input").focus()
        box = cell.bounding_box()
        pad = 6
        shot = Image.open(BytesIO(page.screenshot(clip={
            "x": box["x"] - pad, "y": box["y"] - pad, "width": box["width"] + 2 * pad,
            "height": box["height"] + 2 * pad}))).convert("RGB")
        w, h = round(box["width"]), round(box["height"])
        sides = {"top": (pad + w // 2, pad - 3), "bottom": (pad + w // 2, pad + h + 2),
                 "left": (pad - 3, pad + h // 2), "right": (pad + w + 2, pad + h // 2)}
        for side, point in sides.items():
            colour = shot.getpixel(point)
            assert all(abs(a - b) < 40 for a, b in zip(colour, focus)), (name, side, colour)


def _swipe(cdp, points) -> None:
    """A finger down at the first point, along the others, and up."""
    (x, y), rest = points[0], points[1:]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for x, y in rest:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_swipe_that_starts_on_a_box_or_number_scrolls_the_phone_page(open_book):
    tab = open_book(width=360, height=640, touch=True)
    cdp = tab.context.new_cdp_session(tab)
    for target in (_box(tab, 3, 1), _token(tab, 3, "9")):
        target.scroll_into_view_if_needed()
        tab.evaluate("window.scrollBy(0, -200)")
        before = tab.evaluate("scrollY")
        box = target.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        _swipe(cdp, [(x, y - 15 * step) for step in range(11)])
        tab.wait_for_function(f"scrollY > {before + 50}", timeout=2000)
    assert [_box(tab, 3, i).get_attribute("data-value") for i in range(4)] == ["", "", "", ""]


def test_a_long_press_then_a_move_drags_a_number_on_a_phone(open_book):
    tab = open_book(width=360, height=640, touch=True)
    cdp = tab.context.new_cdp_session(tab)
    _box(tab, 3, 0).scroll_into_view_if_needed()
    start, end = _token(tab, 3, "9").bounding_box(), _box(tab, 3, 1).bounding_box()
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    tab.wait_for_timeout(450)  # a long press lifts the number
    _swipe(cdp, [(x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10) for step in range(11)])
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(_box(tab, 3, 1)).to_have_attribute("data-value", "9")


def test_a_seven_column_grid_keeps_its_right_border_at_320_px(open_book):
    tab = open_book(width=320, height=700, touch=True)
    sizes = tab.evaluate("""() => [...document.querySelectorAll('.board')].map(board => {
        const grid = board.querySelector('.grid, .stack');
        const inner = board.getBoundingClientRect().right - parseFloat(getComputedStyle(board).paddingRight);
        return grid ? [board.id, grid.getBoundingClientRect().right <= inner + 0.5,
                       board.scrollWidth <= board.clientWidth] : [board.id, true, true]; })""")
    assert all(fits and not_scrolled for _, fits, not_scrolled in sizes), sizes
    assert tab.evaluate("document.documentElement.scrollWidth") <= 320


def _luminance(css: str) -> float:
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    return sum(k * (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
               for k, c in zip((0.2126, 0.7152, 0.0722), (r, g, b)))


def test_the_squares_for_the_next_number_are_clearly_shaded(page):
    _cell(page, 1, 0, 0).click()
    target = _cell(page, 1, 0, 1)
    assert "target" in target.get_attribute("class")
    background = target.evaluate("node => getComputedStyle(node).backgroundColor")
    assert 1.05 / (_luminance(background) + 0.05) >= 1.25  # against white
    assert target.evaluate("node => getComputedStyle(node, '::before').borderTopStyle") == "dashed"


def test_check_marks_stay_on_entries_still_wrong_and_check_as_i_go(page):
    expect = pytest.importorskip("playwright.sync_api").expect
    wrong = re.compile(r"\bwrong\b")
    _cell(page, 1, 1, 1).focus()
    page.keyboard.type("9")  # the answer is 7
    _cell(page, 1, 2, 2).focus()
    page.keyboard.type("3")  # the answer is 11
    page.locator("#puzzle-1 button[data-action='check']").click()
    expect(page.locator("#puzzle-1 .status")).to_have_text("2 wrong entries, marked.")
    _cell(page, 1, 1, 1).focus()
    page.keyboard.type("7")  # put right: its mark goes, the other stays
    expect(_cell(page, 1, 1, 1)).not_to_have_class(wrong)
    expect(_cell(page, 1, 2, 2)).to_have_class(wrong)
    assert "marked wrong" in _cell(page, 1, 2, 2).text_content()
    page.get_by_role("checkbox", name="Check as I go").first.check()
    _cell(page, 1, 3, 1).focus()
    page.keyboard.type("5")  # the answer is 15: marked at once
    expect(_cell(page, 1, 3, 1)).to_have_class(wrong)
    _reload(page)
    expect(page.locator("#puzzle-1 input[data-option='autocheck']")).to_be_checked()
    expect(_cell(page, 1, 3, 1)).to_have_class(wrong)


def test_a_number_on_the_board_twice_is_flagged(page):
    expect = pytest.importorskip("playwright.sync_api").expect
    _cell(page, 1, 0, 1).focus()
    page.keyboard.type("4")  # 4 is given at row 1, column 4
    expect(_cell(page, 1, 0, 1)).to_have_class(re.compile(r"\bclash\b"))
    expect(_cell(page, 1, 0, 3)).to_have_class(re.compile(r"\bclash\b"))
    assert "on the board more than once" in _cell(page, 1, 0, 1).text_content()
    page.keyboard.press("Backspace")
    expect(_cell(page, 1, 0, 3)).not_to_have_class(re.compile(r"\bclash\b"))


def test_undo_and_redo_cover_every_type_and_reveal_and_reset(page):
    expect = pytest.importorskip("playwright.sync_api").expect
    puzzle = page.locator("#puzzle-1")

    def press(number: int, action: str) -> None:
        page.locator(f"#puzzle-{number} button[data-action='{action}']").click()

    _cell(page, 1, 0, 0).click()
    _cell(page, 1, 0, 1).click()  # 2
    press(1, "reveal")
    expect(_shown(page, 1, 1, 1)).to_have_text("7")
    press(1, "undo")  # Undo reverses Reveal
    expect(_shown(page, 1, 1, 1)).to_have_text("")
    expect(_shown(page, 1, 0, 1)).to_have_text("2")
    press(1, "redo")
    expect(_shown(page, 1, 1, 1)).to_have_text("7")
    press(1, "undo")
    press(1, "reset")
    expect(_shown(page, 1, 0, 1)).to_have_text("")
    _cell(page, 1, 2, 0).focus()
    page.keyboard.press("Control+z")  # the keys, too
    expect(_shown(page, 1, 0, 1)).to_have_text("2")
    page.keyboard.press("Control+y")
    expect(_shown(page, 1, 0, 1)).to_have_text("")
    page.keyboard.press("Control+z")
    _reload(page)  # what undo brought back is saved
    expect(_shown(page, 1, 0, 1)).to_have_text("2")
    assert puzzle.locator("button[data-action='undo']").get_attribute("aria-disabled") == "true"
    # every other type: one move, then undo
    _token(page, 3, "9").click()
    _box(page, 3, 1).click()
    press(3, "undo")
    expect(_box(page, 3, 1)).to_have_attribute("data-value", "")
    expression = page.locator("#puzzle-5 input.expression")
    expression.fill("5*5-1")
    press(5, "reveal")
    press(5, "undo")
    expect(expression).to_have_value("5*5-1")
    for number in (6, 7, 9):
        field = page.locator(f"#puzzle-{number} .board input").first
        field.fill("3")
        press(number, "undo")
        expect(field).to_have_value("")
    _cell(page, 2, 0, 0).click()
    _cell(page, 2, 0, 1).click()  # hidato: 2
    press(2, "undo")
    expect(_shown(page, 2, 0, 1)).to_have_text("")


def test_notes_pencil_in_candidates_and_are_kept(page):
    expect = pytest.importorskip("playwright.sync_api").expect
    notes_button = page.locator("#puzzle-1 button[data-action='notes']")
    _cell(page, 1, 1, 1).focus()
    page.keyboard.press("n")
    expect(notes_button).to_have_attribute("aria-pressed", "true")
    for key in ["7", "Space", "9", "Space", "1", "2"]:  # 1 then 2 is 12: the numbers go to 16
        page.keyboard.press(key)
    notes = _cell(page, 1, 1, 1).locator(".notes")
    expect(notes).to_have_text("7 9 12")
    expect(_shown(page, 1, 1, 1)).to_have_text("")
    assert "notes 7 9 12" in _cell(page, 1, 1, 1).text_content()
    _reload(page)
    expect(_cell(page, 1, 1, 1).locator(".notes")).to_have_text("7 9 12")
    expect(page.locator("#puzzle-1 button[data-action='undo']")).to_have_attribute("aria-disabled", "true")
    notes_button.click()
    _cell(page, 1, 1, 1).focus()
    page.keyboard.press("n")
    expect(notes_button).to_have_attribute("aria-pressed", "false")
    page.keyboard.type("7")  # notes off: an entry, and the marks are hidden under it
    expect(_shown(page, 1, 1, 1)).to_have_text("7")
    expect(_cell(page, 1, 1, 1).locator(".notes")).to_be_hidden()
    page.locator("#puzzle-1 button[data-action='undo']").click()
    expect(_cell(page, 1, 1, 1).locator(".notes")).to_have_text("7 9 12")
    # typed cells: arrows count at most 4 here, so 1 then 2 are two marks
    field = page.locator("#puzzle-6 .board input").first
    field.focus()
    page.keyboard.press("N")
    page.keyboard.type("12")
    expect(field).to_have_value("")
    expect(page.locator("#puzzle-6 .board .notes").first).to_have_text("1 2")
    assert "notes 1 2" in field.get_attribute("aria-label")


def test_the_timer_runs_while_playing_pauses_and_is_kept(open_book):
    expect = pytest.importorskip("playwright.sync_api").expect
    tab = open_book(clock=True)
    assert tab.evaluate("localStorage.length") == 0  # the player writes nothing as it opens (_reload)
    time, pause = tab.locator("#puzzle-1 .clock .time"), tab.locator("#puzzle-1 button[data-action='pause']")
    expect(pause).to_have_text("Start")
    _cell(tab, 1, 0, 0).click()
    _cell(tab, 1, 0, 1).click()  # the first move starts the clock
    tab.clock.run_for(3000)
    expect(time).to_have_text("0:03")
    pause.click()
    expect(pause).to_have_text("Resume")
    tab.clock.run_for(5000)
    expect(time).to_have_text("0:03")
    pause.click()
    tab.clock.run_for(2000)
    _cell(tab, 2, 0, 0).click()
    _cell(tab, 2, 0, 1).click()  # playing another puzzle stops this one's clock
    tab.clock.run_for(4000)
    expect(time).to_have_text("0:05")
    expect(tab.locator("#puzzle-2 .clock .time")).to_have_text("0:04")
    _reload(tab)
    expect(time).to_have_text("0:05")
    expect(pause).to_have_text("Resume")
    tab.locator("#puzzle-1 button[data-action='reveal']").click()  # a revealed puzzle's clock stops
    expect(pause).to_be_hidden()


def test_a_number_pad_on_touch_screens_places_any_number(open_book, page):
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(page.locator("#puzzle-1 .pad")).to_be_hidden()  # not with a mouse
    tab = open_book(width=390, height=800, touch=True)
    pad = tab.locator("#puzzle-1 .pad")
    expect(pad).to_be_visible()
    _cell(tab, 1, 3, 2).tap()  # no chain to extend here
    for digit in "14":
        pad.get_by_role("button", name=digit, exact=True).tap()
    expect(_shown(tab, 1, 3, 2)).to_have_text("14")
    pad.get_by_role("button", name="Clear").tap()
    expect(_shown(tab, 1, 3, 2)).to_have_text("")
    expect(tab.locator("#puzzle-3 .pad")).to_have_count(0)


# The 4x4 example of bookgen.puzzles.sudoku, and a 6x6 made by `bookgen generate sudoku -d easy -n 1
# --seed 1 --set size=6`
SUDOKU_4 = {
    "type": "sudoku", "id": "sudoku:easy:size=4:test-1", "difficulty": "easy", "number": 1,
    "rating": {"level": "easy"},
    "puzzle": {"variant": "classic", "givens": [[1, 0, 0, 4], [0, 4, 1, 0], [2, 0, 0, 3], [0, 3, 2, 0]]},
    "solution": {"grid": [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]},
}
SUDOKU_6 = {
    "type": "sudoku", "id": "sudoku:easy:size=6:1.1", "difficulty": "easy", "number": 2,
    "rating": {"level": "easy"},
    "puzzle": {"variant": "classic", "givens": [[4, 5, 6, 1, 0, 0], [1, 0, 0, 4, 0, 5], [3, 0, 5, 2, 4, 1],
                                                [2, 1, 4, 3, 0, 6], [6, 0, 1, 0, 0, 4], [0, 0, 3, 6, 1, 2]]},
    "solution": {"grid": [[4, 5, 6, 1, 2, 3], [1, 3, 2, 4, 6, 5], [3, 6, 5, 2, 4, 1],
                          [2, 1, 4, 3, 5, 6], [6, 2, 1, 5, 3, 4], [5, 4, 3, 6, 1, 2]]},
}


def test_a_sudokus_number_pad_holds_only_the_numbers_it_can_take(browser, page, tmp_path):
    """A 4x4 sudoku's pad has 1 to 4 (a 6x6's 1 to 6), and a 5 typed into a 4x4 square, or
    pencilled in as a note, goes nowhere; the other types keep 1-9 and 0."""
    expect = pytest.importorskip("playwright.sync_api").expect
    path = tmp_path / "sudoku.html"
    write_html(path, "Sudoku", None, [{"title": "Sudoku", "type": "sudoku", "level": "easy",
                                       "rules": "Fill.", "puzzles": [SUDOKU_4, SUDOKU_6]}])
    with _opener(browser, path) as open_:
        tab = open_()
        keys = "keys => keys.map(key => key.dataset.digit)"
        pad = tab.locator("#puzzle-1 .pad")
        expect(pad).to_be_visible()
        assert pad.locator("button[data-digit]").evaluate_all(keys) == ["1", "2", "3", "4"]
        assert tab.locator("#puzzle-2 .pad button[data-digit]").evaluate_all(keys) == list("123456")
        square = tab.locator("#puzzle-1 input[data-row='0'][data-col='1']")
        square.click()
        square.press_sequentially("5")
        expect(square).to_have_value("")
        square.press_sequentially("2")
        expect(square).to_have_value("2")
        pad.get_by_role("button", name="3", exact=True).click()
        expect(square).to_have_value("3")
        tab.locator("#puzzle-1 button[data-action='notes']").click()
        empty = tab.locator("#puzzle-1 input[data-row='0'][data-col='2']")
        empty.click()
        empty.press_sequentially("53")
        expect(tab.locator("#puzzle-1 .cell .notes")).to_have_text("3")
    assert page.locator("#puzzle-6 .pad button[data-digit]").evaluate_all(keys) == list("1234567890")


# A 4x4 diagonal sudoku (sudoku X): each long diagonal holds 1 to 4 too
SUDOKU_X = {
    "type": "sudoku", "id": "sudoku:easy:size=4:test-x", "difficulty": "easy", "number": 3,
    "rating": {"level": "easy"},
    "puzzle": {"variant": "diagonal", "givens": [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 3]]},
    "solution": {"grid": [[1, 2, 3, 4], [3, 4, 1, 2], [4, 3, 2, 1], [2, 1, 4, 3]]},
}
# `bookgen generate sudoku -d easy -n 1 --seed 1 --set size=6 --set variant=jigsaw`
SUDOKU_JIGSAW = {
    "type": "sudoku", "id": "sudoku:easy:size=6,variant=jigsaw:1.1", "difficulty": "easy", "number": 4,
    "rating": {"level": "easy"},
    "puzzle": {"variant": "jigsaw",
               "givens": [[0, 4, 0, 2, 0, 0], [3, 1, 6, 0, 0, 5], [1, 6, 2, 3, 0, 4],
                          [4, 0, 3, 5, 1, 6], [5, 0, 0, 1, 6, 2], [0, 0, 1, 0, 4, 0]],
               "regions": [[1, 1, 1, 1, 2, 2], [1, 3, 2, 2, 2, 2], [1, 3, 4, 4, 5, 5],
                           [3, 3, 6, 4, 5, 5], [3, 3, 6, 4, 4, 5], [6, 6, 6, 6, 4, 5]]},
    "solution": {"grid": [[6, 4, 5, 2, 3, 1], [3, 1, 6, 4, 2, 5], [1, 6, 2, 3, 5, 4],
                          [4, 2, 3, 5, 1, 6], [5, 3, 4, 1, 6, 2], [2, 5, 1, 6, 4, 3]]},
}


def _sudoku_candidates(grid: list[list[int]], box: tuple[int, int], diagonal: bool = False,
                       regions: list[list[int]] | None = None) -> dict[tuple[int, int], list[int]]:
    """What each empty square may hold after the numbers in its row, column, box or region (and
    diagonal)."""
    size = len(grid)

    def sees(i: int, j: int, r: int, c: int) -> bool:
        same_box = (regions[i][j] == regions[r][c] if regions else
                    (i // box[0], j // box[1]) == (r // box[0], c // box[1]))
        same_diagonal = diagonal and ((i == j and r == c) or (i + j == size - 1 and r + c == size - 1))
        return (i, j) != (r, c) and (i == r or j == c or same_box or same_diagonal)

    return {(i, j): [n for n in range(1, size + 1)
                     if all(grid[r][c] != n for r in range(size) for c in range(size) if sees(i, j, r, c))]
            for i in range(size) for j in range(size) if not grid[i][j]}


def test_show_candidates_lists_what_row_column_and_box_leave_and_is_kept(browser, tmp_path):
    """Off by default; on, each empty square shows the numbers computed here, updated after an
    entry; a square with pencil marks shows those; the choice survives a reload, per puzzle."""
    expect = pytest.importorskip("playwright.sync_api").expect
    path = tmp_path / "sudoku.html"
    puzzles = [SUDOKU_4, SUDOKU_6, SUDOKU_X, SUDOKU_JIGSAW]
    write_html(path, "Sudoku", None, [{"title": "Sudoku", "type": "sudoku", "level": "easy",
                                       "rules": "Fill.", "puzzles": puzzles}])
    shown = "cells => cells.map(cell => cell.querySelector('.candidates')?.textContent ?? null)"

    def on_board(tab, number: int) -> dict[tuple[int, int], list[int]]:
        texts = tab.locator(f"#puzzle-{number} .cell").evaluate_all(shown)
        size = int(len(texts) ** 0.5)
        return {(k // size, k % size): [int(n) for n in text.split()]
                for k, text in enumerate(texts) if text is not None}

    grid = [row[:] for row in SUDOKU_6["puzzle"]["givens"]]
    with _opener(browser, path) as open_:
        tab = open_()
        toggle = tab.locator("#puzzle-2").get_by_role("checkbox", name="Show candidates")
        expect(toggle).not_to_be_checked()
        expect(tab.locator(".candidates")).to_have_count(0)
        toggle.check()
        before = _sudoku_candidates(grid, (2, 3))
        assert on_board(tab, 2) == before
        expect(tab.locator("#puzzle-1 .candidates")).to_have_count(0)  # the setting is the puzzle's
        tab.locator("#puzzle-2 input[data-row='1'][data-col='1']").press_sequentially("3")
        grid[1][1] = 3
        expected = _sudoku_candidates(grid, (2, 3))
        assert on_board(tab, 2) == expected
        assert 3 in before[(1, 4)] and 3 not in expected[(1, 4)]  # its row's other squares lose the 3
        tab.locator("#puzzle-2 button[data-action='notes']").click()
        pencilled = tab.locator("#puzzle-2 input[data-row='4'][data-col='1']")
        pencilled.press_sequentially("5")  # the player's marks stand, even one the rules exclude
        square = tab.locator("#puzzle-2 .cell").nth(4 * 6 + 1)
        expect(square.locator(".notes")).to_have_text("5")
        expect(square.locator(".candidates")).to_have_count(0)
        assert pencilled.get_attribute("aria-label") == "Row 5, column 2, box 5, notes 5"
        expect(tab.locator("#puzzle-2 .candidates").first).to_have_attribute("aria-hidden", "true")
        tab.locator("#puzzle-3").get_by_role("checkbox", name="Show candidates").check()
        assert on_board(tab, 3) == _sudoku_candidates(SUDOKU_X["puzzle"]["givens"], (2, 2), diagonal=True)
        jigsaw = SUDOKU_JIGSAW["puzzle"]
        tab.locator("#puzzle-4").get_by_role("checkbox", name="Show candidates").check()
        assert on_board(tab, 4) == _sudoku_candidates(jigsaw["givens"], (2, 3), regions=jigsaw["regions"])
        assert _axe_violations(tab) == []
        _reload(tab)
        expect(toggle).to_be_checked()
        expect(tab.locator("#puzzle-1").get_by_role("checkbox", name="Show candidates")).not_to_be_checked()
        del expected[(4, 1)]
        assert on_board(tab, 2) == expected
        toggle.uncheck()
        expect(tab.locator("#puzzle-2 .candidates")).to_have_count(0)


def test_the_page_writer_the_frame_and_the_svg_pen_name_no_puzzle_type():
    """A type is one folder: its game script, its drawing and its data come through its record,
    so the page writer, the player's frame and the pen that draws the print copy name no type
    (neither its name nor its title, in any case, even in a comment)."""
    words = [t.name for t in PUZZLE_TYPES] + [t.title for t in PUZZLE_TYPES]
    frame = sorted((ROOT / "bookgen" / "html").glob("*.js"))  # frame.js and its pieces
    assert ROOT / "bookgen" / "html" / "frame.js" in frame
    for path in ("bookgen/html/__init__.py", *frame, "bookgen/html/play.css", "bookgen/render/svgpen.py"):
        text = (ROOT / path).read_text(encoding="utf-8")
        named = [word for word in words if re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)]
        assert named == [], f"{path} names {named}"
    assert all(t.play_script and type_home(t).joinpath(t.play_script).is_file() for t in BUILT_IN)
    assert all(type_home(t).joinpath(t.play_style).is_file() for t in PUZZLE_TYPES if t.play_style)


def test_without_javascript_the_puzzles_show_for_printing_and_controls_hide(open_book):
    expect = pytest.importorskip("playwright.sync_api").expect
    tab = open_book(javascript=False)
    expect(tab.locator(".noscript")).to_be_visible()
    expect(tab.locator(".noscript")).to_contain_text("needs JavaScript")
    for hidden in (".controls", ".options", ".clock", ".status"):
        expect(tab.locator(f"#puzzle-1 {hidden}")).to_be_hidden()
    expect(tab.locator("details#keys")).to_be_hidden()
    grid = tab.locator("#puzzle-1 svg.static-board")
    expect(grid).to_be_visible()
    givens = [str(v) for row in NUMBRIX["puzzle"]["grid"] for v in row if v]
    assert grid.locator("text").all_text_contents() == givens  # row by row, as printed
    squares = sum(v is not None for row in HIDATO_DIAMOND["puzzle"]["grid"] for v in row)
    expect(tab.locator("#puzzle-11 svg.static-board rect")).to_have_count(squares)  # no void squares
    heads = sum(len(sign.split("+")) for row in ARROWS["puzzle"]["arrows"] for sign in row if sign)
    expect(tab.locator("#puzzle-6 svg.static-board polygon")).to_have_count(heads)  # every arrow
    texts = tab.locator("#puzzle-4 svg.static-board text").all_text_contents()
    assert texts[texts.index("\u2212"):][:3] == ["\u2212", "1", "2"]  # the given -1/2, stacked
    # the paints come from the page's stylesheet: the givens as the book prints them
    paint = grid.locator("text").first.evaluate(
        "node => { const s = getComputedStyle(node); return [s.fill, s.stroke, s.textAnchor, s.fontSize]; }")
    assert paint[:3] == ["rgb(0, 0, 0)", "none", "middle"] and float(paint[3][:-2]) > 1
    line = grid.locator("path").first.evaluate("node => getComputedStyle(node).stroke")
    assert line == "rgb(0, 0, 0)"
    expect(tab.locator("#puzzle-1 .puzzle-nav a.next-puzzle")).to_be_visible()


def test_pictures_come_from_the_docs_script_into_a_temporary_folder(browser, book_file, tmp_path):
    """The README's pictures are made by `python docs/make_pictures.py`; a test run writes only
    into its temporary folder."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_pictures", ROOT / "docs" / "make_pictures.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    readme_picture = ROOT / "docs" / "img" / "playable.png"
    before = readme_picture.read_bytes()
    paths = module.take_pictures(browser, book_file, tmp_path)
    assert [p.parent for p in paths] == [tmp_path, tmp_path]
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in paths)
    assert readme_picture.read_bytes() == before


# --- round 3: paths you draw, every screen, Escape, the pad, themes and print ----------------------


def _serpentine(rows: int, cols: int) -> list[list[int]]:
    """A path through every square, row by row, turning at each end: a Numbrix answer."""
    return [[r * cols + (c if r % 2 == 0 else cols - 1 - c) + 1 for c in range(cols)] for r in range(rows)]


# 15x15, every tenth number given: for sizes only (not a one-answer puzzle).
_BIG = _serpentine(15, 15)
NUMBRIX_BIG = {
    "type": "numbrix", "id": "numbrix:hard:size=15x15:screens-1", "difficulty": "hard", "number": 1,
    "rating": {"level": "hard"},
    "puzzle": {"grid": [[v if v % 10 == 1 or v == 225 else 0 for v in row] for row in _BIG]},
    "solution": {"grid": _BIG},
}


def _difference_rows(top: list[int]) -> list[list[int]]:
    rows = [top]
    while len(rows[-1]) > 1:
        rows.append([abs(a - b) for a, b in zip(rows[-1], rows[-1][1:])])
    return rows


# Ten rows, the widest on top as the book draws differences: for sizes only.
_TALL = _difference_rows([148, 127, 3, 157, 129, 11, 1, 143, 159, 55])
PYRAMID_TALL = {
    "type": "pyramid", "id": "pyramid:easy:rows=10,variant=distinct:screens-2", "difficulty": "easy",
    "number": 2, "rating": {"level": "easy"},
    "puzzle": {"variant": "distinct", "max": 160,
               "rows": [[v if (i + j) % 3 == 0 else 0 for j, v in enumerate(row)]
                        for i, row in enumerate(_TALL)]},
    "solution": {"rows": _TALL},
}
SCREENS = [
    {"title": "Big", "type": "numbrix", "difficulty": "hard", "rules": "Fill the grid.",
     "puzzles": [NUMBRIX_BIG]},
    {"title": "Tall", "type": "pyramid", "difficulty": "easy", "rules": "Differences.",
     "puzzles": [PYRAMID_TALL]},
    {"title": "Small", "type": "numbrix", "difficulty": "easy", "rules": "Fill the grid.",
     "puzzles": [dict(NUMBRIX, number=3), dict(ARROWS, number=4), dict(PLACEMENT_FREE, number=5)]},
]


@pytest.fixture(scope="module")
def screens_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("screens") / "screens.html"
    write_html(path, "Screens", None, SCREENS)
    return path


@pytest.fixture
def open_screens(browser, screens_file):
    with _opener(browser, screens_file) as open_:
        yield open_


def _centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _values(tab, number: int, squares) -> list[str]:
    return [_shown(tab, number, r, c).text_content() for r, c in squares]


def test_paths_rule_breaks_escape_the_pad_theme_and_print_on_a_desktop(open_screens):
    """NUMBRIX as puzzle 3 (1 4 6 10 13 16 given). One page load for every desktop check."""
    expect = pytest.importorskip("playwright.sync_api").expect
    tab = open_screens(width=1200)
    # a drag from 1 fills 2 and 3, passes the given 4, fills 5, passes 6, fills 7 to 9; going
    # back over 8 takes 9 out again
    route = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (1, 2), (1, 1), (1, 0), (2, 0), (1, 0)]
    _cell(tab, 3, 3, 3).scroll_into_view_if_needed()
    tab.mouse.move(*_centre(_cell(tab, 3, 0, 0)))
    tab.mouse.down()
    for r, c in route[1:]:
        tab.mouse.move(*_centre(_cell(tab, 3, r, c)), steps=3)
    tab.mouse.up()
    assert _values(tab, 3, route[:-1]) == ["1", "2", "3", "4", "5", "6", "7", "8", ""]
    assert tab.locator("#puzzle-3 svg.links line").count() == 7  # 1-2 ... 7-8, each touching
    assert tab.locator("#puzzle-3 .missing").text_content() == "Still to place: 9, 11, 12, 14, 15."
    tab.locator("#puzzle-3 button[data-action='undo']").click()  # each step of a stroke is one move
    expect(_shown(tab, 3, 2, 0)).to_have_text("9")
    # rule breaks from the rules alone: 7 two squares from 6 is flagged; 9 where 7 belongs (wrong,
    # but within reach of 6 and 10) is not
    tab.locator("#puzzle-3 button[data-action='reset']").click()
    _cell(tab, 3, 1, 1).focus()
    tab.keyboard.type("9")
    expect(_cell(tab, 3, 1, 1)).not_to_have_class(re.compile(r"\bfar\b"))
    expect(tab.locator("#puzzle-3 .breaks")).to_have_text("")
    _cell(tab, 3, 3, 2).focus()
    tab.keyboard.type("7")
    expect(_cell(tab, 3, 3, 2)).to_have_class(re.compile(r"\bfar\b"))
    assert tab.locator("#puzzle-3 .breaks").text_content() == (
        "6 and 7 are too far apart: 1 step cannot join them. "
        "7 and 9 are too far apart: 2 steps cannot join them.")
    assert "too far from 6" in _cell(tab, 3, 3, 2).text_content()
    # Escape lets go of the number counted on from, of a picked pool number, and turns notes off
    _cell(tab, 3, 0, 0).click()
    expect(_cell(tab, 3, 0, 0)).to_have_class(re.compile(r"\bcurrent\b"))
    tab.keyboard.press("Escape")
    expect(tab.locator("#puzzle-3 .cell.current")).to_have_count(0)
    _token(tab, 5, "9").click()
    tab.keyboard.press("Escape")
    expect(tab.locator("#puzzle-5 .token.selected")).to_have_count(0)
    field = tab.locator("#puzzle-4 .board input").first
    field.focus()
    tab.keyboard.press("n")
    tab.keyboard.press("Escape")
    expect(tab.locator("#puzzle-4 button[data-action='notes']")).to_have_attribute("aria-pressed", "false")
    # the number pad of a typed type, with a mouse: the first digit replaces, the next adds on
    pad = tab.locator("#puzzle-4 .pad")
    expect(pad).to_be_visible()
    field.click()
    pad.get_by_role("button", name="1", exact=True).click()
    expect(field).to_have_value("1")
    pad.get_by_role("button", name="Clear").click()
    expect(field).to_have_value("")
    assert "each board is one stop" in tab.locator("details#keys").text_content()
    # print: a blank copy hides the entries (not the givens); a copy with entries shows them
    tab.evaluate("() => { window.print = () => { window.printed = (window.printed || 0) + 1; }; }")
    tab.get_by_role("button", name="Print blank copy").click()
    tab.emulate_media(media="print")
    colour = "node => getComputedStyle(node).color"
    assert _shown(tab, 3, 1, 1).evaluate(colour) == "rgba(0, 0, 0, 0)"
    assert _shown(tab, 3, 0, 0).evaluate(colour) != "rgba(0, 0, 0, 0)"
    tab.evaluate("window.dispatchEvent(new Event('afterprint'))")
    tab.emulate_media(media="screen")
    tab.get_by_role("button", name="Print with my entries").click()
    tab.emulate_media(media="print")
    assert _shown(tab, 3, 1, 1).evaluate(colour) != "rgba(0, 0, 0, 0)"
    assert tab.evaluate("window.printed") == 2
    tab.evaluate("window.dispatchEvent(new Event('afterprint'))")
    tab.emulate_media(media="screen")
    # one puzzle alone, blank then with its entries: its section's heading and rules and no other
    shown = "selector => [...document.querySelectorAll(selector)].filter(n => n.offsetParent).length"
    for button, entry_colour in (("Print it blank", "rgba(0, 0, 0, 0)"), ("Print this puzzle", None)):
        tab.locator("#puzzle-3").get_by_role("button", name=button).click()
        tab.emulate_media(media="print")
        assert tab.evaluate(shown, "article.puzzle") == 1 and tab.locator("#puzzle-3").is_visible()
        assert tab.evaluate(shown, ".book-section > h2") == 1
        assert not tab.locator("nav.contents").is_visible()
        assert (_shown(tab, 3, 1, 1).evaluate(colour) == "rgba(0, 0, 0, 0)") == (entry_colour is not None)
        assert _shown(tab, 3, 0, 0).evaluate(colour) != "rgba(0, 0, 0, 0)"  # a given prints
        tab.evaluate("window.dispatchEvent(new Event('afterprint'))")
        assert tab.evaluate(shown, "article.puzzle") == sum(len(part["puzzles"]) for part in SCREENS)
        tab.emulate_media(media="screen")
    assert tab.evaluate("window.printed") == 4
    # the dark theme: chosen here, kept across a reload, and axe-clean with all of the above
    theme = tab.get_by_role("button", name="Dark theme")
    expect(theme).to_have_attribute("aria-pressed", "false")
    theme.click()
    expect(theme).to_have_attribute("aria-pressed", "true")
    _reload(tab)
    expect(tab.get_by_role("button", name="Dark theme")).to_have_attribute("aria-pressed", "true")
    assert _luminance(tab.evaluate("getComputedStyle(document.body).backgroundColor")) < 0.05
    _cell(tab, 3, 0, 0).click()  # the next-number shading, in the dark
    assert _axe_violations(tab) == []


def _fits(tab, number: int) -> dict:
    """How puzzle `number`'s board sits on the screen: its squares' size, how far its drawing
    reaches past the board, whether the box the drawing scrolls in (the frame's scrollView, else
    the board) scrolls, how far the board itself and the page scroll, on which sides the box hides
    some of the drawing, and on which it shows the cue (a fade and an arrow)."""
    return tab.evaluate("""number => { const board = document.getElementById('board-' + number);
        const view = board.querySelector('.scroll-view');
        const box = view ? view.querySelector('.scroll-box') : board;
        const drawing = view ? box.firstElementChild : board.querySelector('.grid, .stack');
        const square = drawing.querySelector('.cell:not(.void), .letter');
        const inner = board.getBoundingClientRect().right - parseFloat(getComputedStyle(board).paddingRight);
        const shown = box.getBoundingClientRect(), drawn = drawing.getBoundingClientRect();
        const cue = side => !!view && view.classList.contains('more-' + side)
            && getComputedStyle(view, side === 'left' ? '::before' : '::after').content !== 'none';
        return {size: square ? square.getBoundingClientRect().width : null, past: drawn.right - inner,
                scrolls: box.scrollWidth > box.clientWidth, board: board.scrollWidth - board.clientWidth,
                page: document.documentElement.scrollWidth - innerWidth,
                hiddenLeft: drawn.left < shown.left - 0.5, hiddenRight: drawn.right > shown.right + 0.5,
                left: cue('left'), right: cue('right')}; }""", number)


def test_phones_large_grids_scroll_pyramids_fit_and_a_finger_draws(open_screens):
    tab = open_screens(width=390, height=844, touch=True)
    for width in (390, 360):
        tab.set_viewport_size({"width": width, "height": 844})
        big, tall = _fits(tab, 1), _fits(tab, 2)
        assert big["size"] >= 32 and big["scrolls"] and big["page"] <= 0, (width, big)
        # three-digit numbers typed at 16px (else an iPhone zooms in) need 42px circles: ten rows
        # scroll in their board, as the 15x15 grid does
        assert tall["size"] >= 42 and tall["scrolls"] and tall["page"] <= 0, (width, tall)
    # a finger on 1 draws 2 and 3 (a number takes no scrolling); a swipe from an empty square scrolls
    cdp = tab.context.new_cdp_session(tab)
    _cell(tab, 3, 0, 0).scroll_into_view_if_needed()
    (x0, y0), (x1, _) = _centre(_cell(tab, 3, 0, 0)), _centre(_cell(tab, 3, 0, 2))
    _swipe(cdp, [(x0 + (x1 - x0) * step / 12, y0) for step in range(13)])
    assert _values(tab, 3, [(0, 1), (0, 2)]) == ["2", "3"]
    empty = _cell(tab, 1, 2, 2)
    empty.scroll_into_view_if_needed()
    tab.evaluate("window.scrollBy(0, -200)")
    before = tab.evaluate("scrollY")
    x, y = _centre(empty)
    _swipe(cdp, [(x, y - 15 * step) for step in range(11)])
    tab.wait_for_function(f"scrollY > {before + 50}", timeout=2000)
    assert _shown(tab, 1, 2, 2).text_content() == ""
    # the system's dark theme is followed until the page's toggle says otherwise
    tab.emulate_media(color_scheme="dark")
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(tab.get_by_role("button", name="Dark theme")).to_have_attribute("aria-pressed", "true")
    assert _luminance(tab.evaluate("getComputedStyle(document.body).backgroundColor")) < 0.05
    assert _axe_violations(tab) == []


# Each type whose squares take typing, made at its smallest squares on a phone: crosswords and
# fill-ins at 24px, 16x16 sudoku (two digits, and hex), calcudoku's cage labels, a killer's sums,
# a 10-row pyramid and a 7-row wall (three-digit numbers in stacked rows).
TYPED = [("crossword", "expert", {"word_count": 16, "size": "15"}),  # 13 columns
         ("fillin", "expert", {"word_count": 20, "size": "15"}),  # 15 columns
         ("sudoku", "easy", {"size": "16"}), ("sudoku", "medium", {"size": "16", "symbols": "hex"}),
         ("sudoku", "easy", {"size": "12"}), ("sudoku", "medium", {"variant": "killer"}),
         ("calcudoku", "hard", {"size": 9}), ("futoshiki", "hard", {"size": 9}),
         ("kakuro", "hard", {"size": "12"}), ("arrows", "medium", {"size": "8"}),
         ("pyramid", "medium", {"variant": "distinct", "rows": 10}), ("numberwall", "easy", {"rows": 7}),
         ("cryptogram", "medium", {}), ("scramble", "medium", {}), ("arithmetic", "medium", {})]
# what a square shows besides its typed character: a clue number, a cage's label or sum, pencil marks
LABELS = ".number, .cage-label, .cage-sum, .sum-text, .notes"
# The first input's board scrolled to the top of the screen; the part of it in view (inside every
# box that clips it) as a clip; each filled input's inside (its padding box) and its square, from
# the clip's corner, for the inputs wholly in view.
_IN_VIEW = """selector => {
    const all = [...document.querySelectorAll(selector)];
    all[0].closest('.cell, .board').scrollIntoView({block: 'start'});
    let [left, top, right, bottom] = [0, 0, innerWidth, innerHeight];
    for (let box = (all[0].closest('.cell') || all[0]).parentNode; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const r = box.getBoundingClientRect();
        [left, top, right, bottom] = [Math.max(left, r.left), Math.max(top, r.top),
                                      Math.min(right, r.right), Math.min(bottom, r.bottom)];
    }
    const clip = {x: Math.ceil(left), y: Math.ceil(top)};
    clip.width = Math.floor(right - clip.x);
    clip.height = Math.floor(bottom - clip.y);
    const at = (x0, y0, x1, y1) => [x0 - clip.x, y0 - clip.y, x1 - clip.x, y1 - clip.y];
    const inside = r => r[0] >= 0 && r[1] >= 0 && r[2] <= clip.width && r[3] <= clip.height;
    return [clip, all.filter(i => i.value).map(i => {
        const r = i.getBoundingClientRect(), x = r.left + i.clientLeft, y = r.top + i.clientTop;
        const square = (i.closest('.cell') || i).getBoundingClientRect();
        return [i.value, at(x, y, x + i.clientWidth, y + i.clientHeight),
                at(square.left, square.top, square.right, square.bottom)];
    }).filter(([, pad, square]) => inside(pad) && inside(square))]; }"""


def _ink(tab, clip: dict, style: str):
    """Which pixels of `clip` change when `style` is added to the page (a mask of them)."""
    from PIL import Image, ImageChops

    def shot():
        return Image.open(io.BytesIO(tab.screenshot(clip=clip))).convert("RGB")

    plain = shot()
    added = tab.add_style_tag(content=style)
    changed = shot()
    added.evaluate("node => node.remove()")
    return ImageChops.difference(plain, changed).convert("L").point(lambda v: 255 if v > 48 else 0)


def _typed_page(path: Path) -> None:
    from bookgen.formats.html import page_record
    from bookgen.making import make_puzzle
    from bookgen.puzzles import find_type
    from bookgen.puzzles.base import Request

    sections = []
    for number, (name, level, options) in enumerate(TYPED, 1):
        puzzle_type = find_type(name)
        record = make_puzzle(Request.make(puzzle_type, level, options), f"zoom-{number}").to_json()
        sections.append({"title": name, "type": name, "rules": "Play.", "level": level,
                         "puzzles": [page_record(puzzle_type, record, number)]})
    write_html(path, "Typed", None, sections)


def test_on_a_touch_phone_typed_squares_take_16px_type_clear_of_the_sides_and_labels(browser, tmp_path):
    """Safari on an iPhone zooms the page into an input whose type is under 16px as it takes the
    focus, and stays zoomed in, the board half off the screen (the viewport must allow zooming, so
    only the type can stop it). At 390 and 360 px with touch, every input of every board computes
    16px at least, and with the answers revealed (at 360 px, where squares are smallest) each typed
    character's ink (the pixels that change when the inputs' text turns transparent) keeps 1px
    clear of its input's edges, where an input cuts off a character too wide for it, and off the
    ink of its square's number, cage label or sum.
    Before, 24px squares typed 10.8px letters, 32px squares 14.4px digits."""
    path = tmp_path / "typed.html"
    _typed_page(path)
    with _opener(browser, path) as open_:
        tab = open_(width=390, height=844, touch=True)
        for number in range(1, len(TYPED) + 1):
            tab.locator(f"#puzzle-{number} button[data-action='reveal']").click()
        tab.evaluate("document.activeElement.blur()")
        for width, (number, case) in ((w, c) for w in (390, 360) for c in enumerate(TYPED, 1)):
            tab.set_viewport_size({"width": width, "height": 844})
            inputs = f"#puzzle-{number} .board :is(input:not([type='checkbox']), [contenteditable], textarea)"
            sizes = tab.eval_on_selector_all(
                inputs, "all => all.map(i => parseFloat(getComputedStyle(i).fontSize))")
            assert sizes and min(sizes) >= 16, (width, case, min(sizes, default=None))
            if width > 360:  # squares only grow with the screen: the ink is tightest at 360
                continue
            clip, squares = tab.evaluate(_IN_VIEW, inputs)
            assert len(squares) >= min(len(sizes), 4), (width, case, len(squares))
            typed = _ink(tab, clip, ".board input { color: transparent !important; }")
            labels = _ink(tab, clip, f"{LABELS} {{ color: transparent !important; }}")
            for value, pad, square in squares:
                left, top, right, bottom = (round(v) for v in pad)
                ink = typed.crop((left, top, right, bottom)).getbbox()
                assert ink, (width, case, value, pad)
                clear = min(ink[:2]) >= 1 and ink[2] <= right - left - 1 and ink[3] <= bottom - top - 1
                assert clear, (width, case, value, pad, ink)
                glyph = (left + ink[0], top + ink[1], left + ink[2], top + ink[3])
                assert labels.crop(glyph).getbbox() is None, (width, case, value, square, glyph)
