"""The player on phones and keyboards (issue 31, item 5), in headless Chromium with the helpers
and browser of tests/test_html.py: a path drawn toward columns scrolled out of view scrolls the
board on; the page leaves pinch zoom to the browser; "Skip to puzzle 1" lands where arrows and
digits act; three-digit numbers keep clear of their squares' sides on a 15x15 phone grid; a board
wider than a phone scrolls in a box of its own with a cue at each side that hides some of it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import test_html
from test_html import _cell, _centre, _shown

from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request

open_book, book_file = test_html.open_book, test_html.book_file


@pytest.fixture(scope="module")
def screens_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("round") / "screens.html"
    write_html(path, "Screens", None, test_html.SCREENS)
    return path


@pytest.fixture
def open_screens(browser, screens_file):
    with test_html._opener(browser, screens_file) as open_:
        yield open_


BIG = test_html.NUMBRIX_BIG  # puzzle 1: 15x15, 1 and 11 given in the top row, 225 squares


def _board_scroll(tab, number: int) -> float:
    """How far the box puzzle `number`'s grid scrolls in (the frame's scrollView) is scrolled."""
    return tab.evaluate(f"document.querySelector('#board-{number} .scroll-box').scrollLeft")


def test_a_path_drawn_toward_columns_out_of_view_scrolls_the_board_on(open_screens):
    """A finger draws from 1 along the top row to the right edge of a 360px phone and stays
    there: the board scrolls under it and the path goes on to the last column, 15."""
    tab = open_screens(width=360, height=640, touch=True)
    cdp = tab.context.new_cdp_session(tab)
    # the top row mid-screen, clear of the screen's top and bottom edges
    _cell(tab, 1, 0, 0).evaluate("node => node.scrollIntoView({block: 'center'})")
    board = tab.locator("#board-1").bounding_box()
    last = _cell(tab, 1, 0, 14).bounding_box()
    assert last["x"] > board["x"] + board["width"]  # the last columns are out of view
    (x0, y), edge = _centre(_cell(tab, 1, 0, 0)), board["x"] + board["width"] - 12
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    for step in range(1, 21):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                               "touchPoints": [{"x": x0 + (edge - x0) * step / 20, "y": y}]})
    tab.wait_for_function("document.querySelector(\"#puzzle-1 button.cell[data-row='0'][data-col='14'] .v\")"
                          ".textContent === '15'", timeout=5000)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert [_shown(tab, 1, 0, c).text_content() for c in range(15)] == [str(v) for v in range(1, 16)]
    assert _board_scroll(tab, 1) > 100
    scrolled = _board_scroll(tab, 1)
    tab.wait_for_timeout(200)  # let go: the scrolling stops with the finger
    assert _board_scroll(tab, 1) == scrolled


def test_a_mouse_held_at_the_screens_bottom_edge_scrolls_the_page_while_drawing(open_screens):
    tab = open_screens(width=1200, height=500)
    tab.evaluate("window.scrollTo(0, 0)")
    start = _cell(tab, 1, 0, 0)
    start.scroll_into_view_if_needed()
    x, y = _centre(start)
    before = tab.evaluate("scrollY")
    tab.mouse.move(x, y)
    tab.mouse.down()
    tab.mouse.move(x, 495, steps=8)  # down the first column, to the window's bottom edge
    tab.wait_for_function(f"scrollY > {before + 150}", timeout=5000)
    tab.mouse.up()
    assert _shown(tab, 1, 1, 0).text_content() == "2"  # 1 went on down the first column


def test_pinch_zoom_is_left_to_the_browser(open_screens):
    """No zoom buttons: the viewport allows zooming, and no square takes two fingers from the
    browser (a number that draws takes "pinch-zoom", not "none"). (Headless Chromium does not
    zoom for a synthesized pinch at all, so the gesture itself is not played here.)"""
    tab = open_screens(width=360, height=640, touch=True)
    meta = tab.locator("meta[name='viewport']").get_attribute("content")
    assert "user-scalable" not in meta and "maximum-scale" not in meta
    blocked = tab.evaluate("""() => [...document.querySelectorAll('body *')].filter(node =>
            ['none', 'pan-x', 'pan-y', 'pan-x pan-y'].includes(getComputedStyle(node).touchAction))
        .map(node => node.className)""")
    assert blocked == []
    assert _cell(tab, 1, 0, 0).evaluate("node => getComputedStyle(node).touchAction") == "pinch-zoom"


@pytest.mark.parametrize(("width", "touch"), [(1200, False), (360, True)])
def test_skip_to_puzzle_1_lands_where_arrows_and_digits_act(open_book, width, touch):
    """Keyboard only: Tab to the skip link, Enter, and the arrows and digits act on puzzle 1's
    squares at once (its Numbrix: the square right of 1 takes 2)."""
    tab = open_book(width=width, height=800, touch=touch)
    tab.keyboard.press("Tab")
    assert tab.evaluate("document.activeElement.textContent") == "Skip to puzzle 1"
    tab.keyboard.press("Enter")
    where = "node => [node.closest('article').id, node.dataset.row, node.dataset.col]"
    assert test_html._active(tab, where) == ["puzzle-1", "0", "0"]
    tab.keyboard.press("ArrowRight")
    assert test_html._active(tab, where) == ["puzzle-1", "0", "1"]
    tab.keyboard.press("2")
    assert _shown(tab, 1, 0, 1).text_content() == "2"
    assert test_html._axe_violations(tab) == []


@pytest.mark.parametrize("width", [360, 320])
def test_three_digit_numbers_keep_clear_of_their_squares_sides_on_a_phone(open_screens, width):
    """Every number shown in the 15x15 Numbrix (up to 225) and the tall pyramid (up to 159) is at
    most 80 % as wide as its square, and the 15x15 grid scrolls in its board, not the page."""
    tab = open_screens(width=width, height=700, touch=True)
    for number in (1, 2):  # revealed, so every number shows
        tab.locator(f"#puzzle-{number} button[data-action='reveal']").click()
    widths = tab.evaluate("""() => [...document.querySelectorAll('#puzzle-1 .cell .v, #puzzle-2 .cell')]
        .map(node => { const text = node.matches('.v') ? node : node.querySelector('.value, input');
            const cell = node.closest('.cell').getBoundingClientRect().width;
            if (text.matches('input')) {  // the width of an input's value, as drawn in its font
                const pen = document.createElement('canvas').getContext('2d');
                pen.font = getComputedStyle(text).font;
                return [text.value, pen.measureText(text.value).width, cell];
            }
            const range = document.createRange();
            range.selectNodeContents(text);
            return [text.textContent, range.getBoundingClientRect().width, cell]; })""")
    three = [w for w in widths if len(w[0]) == 3]
    assert len(three) > 100
    assert all(text <= 0.8 * cell for _, text, cell in widths), max(widths, key=lambda w: w[1] / w[2])
    assert re.fullmatch(r"\d+", three[0][0])
    fits = test_html._fits(tab, 1)
    assert fits["scrolls"] and fits["page"] <= 0


@pytest.fixture(scope="module")
def wide_file(tmp_path_factory) -> Path:
    """The boards a reviewer found cut off on a 390px phone, made as a book makes them: a hard
    maze (a medium one now fits), a 16x16 sudoku, a 12x12 hidato (numbers to 144), a 15x15 nonogram and a
    crossword that fits."""
    asked = [("maze", "hard", {}), ("sudoku", "easy", {"size": 16}), ("hidato", "easy", {"size": "12"}),
             ("nonogram", "medium", {"size": "15"}), ("crossword", "medium", {})]
    sections = []
    for number, (name, level, options) in enumerate(asked, 1):
        kind = find_type(name)
        record = make_puzzle(Request.make(kind, level, options), "phone").to_json()
        sections.append({"title": name, "type": name, "rules": "Solve.", "level": level,
                         "puzzles": [page_record(kind, record, number)]})
    path = tmp_path_factory.mktemp("wide") / "wide.html"
    write_html(path, "Wide boards", None, sections)
    return path


def test_on_a_phone_a_board_wider_than_its_box_scrolls_in_it_with_a_cue_at_each_hidden_side(
        browser, wide_file):
    """At 390 and 360px every board fits or scrolls in a box of its own, never the board or the
    page; the cue (a fade and an arrow) shows on exactly the sides that hide some of the drawing,
    and goes from a side once the box is scrolled to it. The maze opens with Start in view. The
    nonogram's left cue starts beside its row clues, which stay at the left. Before, the maze,
    sudoku, hidato and nonogram were cut at the right with no sign of more."""
    with test_html._opener(browser, wide_file) as open_:
        tab = open_(width=390, height=844, touch=True)
        for width in (390, 360):
            tab.set_viewport_size({"width": width, "height": 844})
            for number in range(1, 6):
                fits = test_html._fits(tab, number)
                assert fits["board"] <= 0 and fits["page"] <= 0, (width, number, fits)
                assert fits["left"] == fits["hiddenLeft"] and fits["right"] == fits["hiddenRight"], \
                    (width, number, fits)
                assert fits["scrolls"] == (number != 5), (width, number, fits)
        start = tab.locator("#puzzle-1 .maze text").first
        assert start.text_content() == "Start"
        assert start.evaluate("""word => { const r = word.getBoundingClientRect(),
            box = word.closest('.scroll-box').getBoundingClientRect();
            return r.left >= box.left && r.right <= box.right; }""")
        for number in range(1, 5):
            for end, shown, gone in ((10 ** 5, "left", "right"), (0, "right", "left")):
                tab.evaluate(f"document.querySelector('#board-{number} .scroll-box').scrollLeft = {end}")
                tab.wait_for_function(f"!document.querySelector('#board-{number} .scroll-view')"
                                      f".classList.contains('more-{gone}')")
                fits = test_html._fits(tab, number)
                assert fits[shown] and not fits[gone], (number, end, fits)
        tab.evaluate("document.querySelector('#board-4 .scroll-box').scrollLeft = 10 ** 5")
        tab.wait_for_function("document.querySelector('#board-4 .scroll-view')"
                              ".classList.contains('more-left')")
        assert tab.evaluate("""() => { const view = document.querySelector('#board-4 .scroll-view');
            return Math.abs(view.querySelector('.corner').getBoundingClientRect().right
                            - view.getBoundingClientRect().left
                            - parseFloat(getComputedStyle(view, '::before').left)); }""") < 1
