"""The playable edition on a phone (390x844, touch), as a parent opens a teacher's book of a maze,
a word search, a scramble and a 4x4 sudoku: Check and Hint bring what they point to into view,
and the page prints without a wasted first sheet, a focus ring or a text cursor, the sudoku's edge
as bold as its boxes."""

from __future__ import annotations

from pathlib import Path

import pytest
import test_html

from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request

WORDS = "friend,because,would,should,could,thought,laugh,enough,through,answer"
BOOK = (("Mouse Maze", "maze", {"pictures": "mouse"}),
        ("Word Search", "wordsearch", {"children": "yes", "words": WORDS}),
        ("Word Scramble", "scramble", {"word_count": "10", "words": WORDS}),
        ("Sudoku 4 x 4", "sudoku", {"size": "4"}))
PHONE = {"width": 390, "height": 844, "touch": True}


@pytest.fixture(scope="module")
def phone_book(tmp_path_factory) -> tuple[Path, list[dict]]:
    sections, records = [], []
    for number, (title, name, options) in enumerate(BOOK, 1):
        kind = find_type(name)
        made = make_puzzle(Request.make(kind, "easy", options), f"week12-{number}")
        records.append(page_record(kind, made.to_json(), number))
        sections.append({"title": title, "type": name, "rules": "Play.", "level": "easy",
                         "puzzles": [records[-1]]})
    path = tmp_path_factory.mktemp("phone") / "book.html"
    write_html(path, "Week 12 Puzzles for Home", None, sections)
    return path, records


@pytest.fixture
def open_phone(browser, phone_book):
    with test_html._opener(browser, phone_book[0]) as open_:
        yield open_


def _on_screen(tab, selector: str) -> bool:
    """Whether the first node matching `selector` lies whole within the window, up and down."""
    return tab.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
                                  return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""",
                        selector)


def _shows(tab, selector: str, margin: int = 0) -> None:
    """Waits (a smooth scroll takes a moment) until the first node matching `selector` lies whole
    within the window, `margin` px clear of its top and bottom."""
    tab.wait_for_function("""([s, m]) => { const r = document.querySelector(s).getBoundingClientRect();
                             return r.height > 0 && r.top >= m && r.bottom <= innerHeight - m; }""",
                          arg=[selector, margin], timeout=3000)


def test_check_on_a_phone_scrolls_to_the_first_entry_it_marked(open_phone):
    tab = open_phone(**PHONE)
    boxes = tab.locator("#puzzle-3 .scramble input")
    boxes.nth(0).fill("Q")
    boxes.nth(1).fill("Q")
    check = tab.locator("#puzzle-3 button[data-action='check']")
    check.scroll_into_view_if_needed()
    assert not _on_screen(tab, "#puzzle-3 .scramble .cell")  # word 1 lies a screen above Check
    check.tap()
    assert tab.locator("#puzzle-3 .status").text_content() == "2 wrong entries, marked."
    _shows(tab, "#puzzle-3 .scramble .wrong")  # smoothly: the system asks for no less motion


def test_on_a_phone_every_scrambles_boxes_stand_under_its_letters(browser, tmp_path):
    """A short word's boxes stood beside it where the longer words' wrapped under theirs."""
    scramble = find_type("scramble")
    words = ["LAMB", "ELEPHANT", "BUTTERFLY", "CROCODILE", "WOLF"]
    record = make_puzzle(Request.make(scramble, "easy", {"words": words}), "under").to_json()
    path = tmp_path / "scramble.html"
    write_html(path, "Words", None, [{"title": "Scramble", "type": "scramble", "rules": "Play.",
                                      "level": "easy", "puzzles": [page_record(scramble, record, 1)]}])
    with test_html._opener(browser, path) as open_:
        tab = open_(**PHONE)
        placed = tab.eval_on_selector_all("#puzzle-1 .scramble .item", """items => items.map(item => {
            const letters = item.querySelector('.jumble').getBoundingClientRect();
            const boxes = item.querySelector('.boxes').getBoundingClientRect();
            return [item.querySelector('.jumble').textContent, boxes.top >= letters.bottom - 1]; })""")
    assert len(placed) == len(words) and all(under for _, under in placed), placed


def test_hint_on_a_phone_scrolls_the_lit_cells_and_the_reason_into_view(open_phone):
    tab = open_phone(**PHONE)
    hint = tab.locator("#puzzle-1 button[data-action='hint']")
    hint.scroll_into_view_if_needed()
    tab.evaluate("scrollBy(0, 400)")  # Hint at the top of the screen, the maze above it
    assert not _on_screen(tab, "#puzzle-1 .maze .head")  # the line's end, where the hint starts
    hint.tap()
    _shows(tab, "#puzzle-1 .hint-way", margin=12)  # clear of the edge, where it would look cut off
    assert _on_screen(tab, "#puzzle-1 .status")


def test_with_less_motion_asked_for_the_page_jumps_at_once(browser, phone_book):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  reduced_motion="reduce")
    try:
        tab = context.new_page()
        tab.goto(phone_book[0].as_uri())
        tab.wait_for_selector("html.ready")
        tab.evaluate(test_html.BUILD_EVERY_BOARD)
        tab.locator("#puzzle-3 .scramble input").first.fill("Q")
        tab.locator("#puzzle-3 button[data-action='check']").scroll_into_view_if_needed()
        tab.locator("#puzzle-3 button[data-action='check']").click()
        assert _on_screen(tab, "#puzzle-3 .scramble .wrong")  # at once: no frame waited for
    finally:
        context.close()


def test_a_childrens_word_search_keeps_its_documented_finger_size_and_drags(open_phone, phone_book):
    """docs/html.md: a children's word search's letters are 24 px at least (13 columns fit a
    390 px phone); a drag from a word's first letter to its last finds it."""
    tab = open_phone(**PHONE)
    letters = tab.locator("#puzzle-2 .letter")
    assert min(letters.evaluate_all("nodes => nodes.map(n => n.getBoundingClientRect().width)")) >= 24
    place = phone_book[1][1]["solution"]["placements"][0]
    steps = {"E": (0, 1), "S": (1, 0), "SE": (1, 1), "NE": (-1, 1), "W": (0, -1), "N": (-1, 0),
             "NW": (-1, -1), "SW": (1, -1)}[place["direction"]]
    length = len(place["word"]) - 1
    end = (place["row"] + steps[0] * length, place["col"] + steps[1] * length)
    first = tab.locator(f"#puzzle-2 .letter[data-row='{place['row']}'][data-col='{place['col']}']")
    last = tab.locator(f"#puzzle-2 .letter[data-row='{end[0]}'][data-col='{end[1]}']")
    first.scroll_into_view_if_needed()
    a, b = first.bounding_box(), last.bounding_box()
    tab.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    tab.mouse.down()
    tab.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=5)
    tab.mouse.up()
    assert tab.locator("#puzzle-2 .words li.found").count() == 1


def test_printed_the_first_sheet_holds_a_puzzle_and_no_ring_cursor_or_thin_edge(open_phone):
    tab = open_phone(**PHONE)
    square = tab.locator("#puzzle-4 .board input").first
    square.focus()
    tab.emulate_media(media="print")
    # the first section follows the title; the contents (no page numbers on paper) stay on screen
    assert tab.locator("nav.contents").is_hidden()
    assert tab.evaluate("getComputedStyle(document.querySelector('.book-section')).breakBefore") == "auto"
    second = "getComputedStyle(document.querySelectorAll('.book-section')[1]).breakBefore"
    assert tab.evaluate(second) == "page"
    # the focused square prints without its ring or a cursor, though the focus is still in it
    assert tab.evaluate("document.activeElement") == square.evaluate("node => node")
    ring = square.evaluate("node => getComputedStyle(node.closest('.cell')).outlineStyle")
    caret = square.evaluate("node => getComputedStyle(node).caretColor")
    assert ring == "none" and caret == "rgba(0, 0, 0, 0)"
    # the grid's edge is as bold as its boxes' lines: 3 px on each side
    edge = tab.evaluate("""() => {
        const g = document.querySelector('#puzzle-4 .grid'), s = getComputedStyle(g);
        const c = getComputedStyle(g.querySelector('.cell'));
        const box = getComputedStyle(g.querySelector('.cell.box-right'));
        return [parseFloat(s.borderLeftWidth) + parseFloat(c.borderLeftWidth),
                parseFloat(box.borderRightWidth)]; }""")
    assert edge[0] >= edge[1] == 3
    tab.emulate_media(media="screen")


def test_printing_takes_the_focus_off_the_board_and_gives_it_back(open_phone):
    tab = open_phone(**PHONE)
    square = tab.locator("#puzzle-4 .board input").first
    square.focus()
    tab.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert tab.evaluate("document.activeElement === document.body")
    tab.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert tab.evaluate("document.activeElement") == square.evaluate("node => node")
