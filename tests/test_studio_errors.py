"""The studio's errors a teacher can fix (#31): every problem of a book at once, each beside its
field, unknown keys as rows with their own Remove button, a cleared title marked at the title,
the preview dimmed while a problem stands; the focus after removing a section; the Tab stops
before "Make the files"; the preview one tap away on a phone; the levels a section's type offers
(master: sudoku's alone).

The studio, its server and Chromium are test_studio's fixtures, one of each for this module.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import test_html
import test_studio
import yaml

from bookgen.puzzles import PUZZLE_TYPES

pytest.importorskip("flask", reason="pip install -e '.[studio]'")

from bookgen.config import config_problems, read_config_text  # noqa: E402
from bookgen.errors import BookgenError, Refusals  # noqa: E402

folder, app, client, address = test_studio.folder, test_studio.app, test_studio.client, test_studio.address
_control, _changed = test_studio._control, test_studio._changed

SLIPS = {"title": "Weekly sheet", "colour": "red",
         "sections": [{"type": "placement", "difficulty": "easy", "count": 0, "colour": "blue"},
                      {"type": "numbrix", "difficulty": "easy", "count": 1, "size": "99"}]}
"""A book with four slips: an unknown key of the book and of a section, a count out of bounds
and an option's bad value."""
SLIP_KEYS = {"colour", "sections[0].colour", "sections[0].count", "sections[1].size"}
FORM_STOPS = 24
"""Tab stops of the form before "Make the files" for the new book, a worksheet of one section: the
book's title, subtitle, author and seed (4); the sheet's name line (7 boxes) and versions (1); the
section's type, level, count and title, its "More options", its "Rules and example" and its
Remove button (7); "Add a section" (1); the closed groups Pages, Cover and notes, Files and More
(4). docs/studio.md states the count with the header's."""
SECTION_STOPS = 8
"""A further section's: the first's 7 and its "Move up" button."""


def _alone(book: dict, key: str) -> dict:
    """The book with only the slip at `key` (the others mended), to ask the CLI about that one."""
    mended = yaml.safe_load(yaml.safe_dump(book))
    fixes = {"colour": lambda b: b.pop("colour"),
             "sections[0].colour": lambda b: b["sections"][0].pop("colour"),
             "sections[0].count": lambda b: b["sections"][0].update(count=1),
             "sections[1].size": lambda b: b["sections"][1].pop("size")}
    for other, fix in fixes.items():
        if other != key:
            fix(mended)
    return mended


# --- the API --------------------------------------------------------------------------------------

def test_every_problem_comes_back_at_once_each_with_the_clis_message(client, folder):
    answer = client.post("/api/jobs", json={"purpose": "preview", "book": SLIPS})
    assert answer.status_code == 400
    errors = answer.get_json()["errors"]
    assert {error["key"] for error in errors} == SLIP_KEYS
    for error in errors:  # each as `bookgen build` words it when it is the only slip
        expected = test_studio._loader_error(folder, _alone(SLIPS, error["key"]))
        assert (error["key"], error["message"]) == (expected.key, expected.message)
        assert str(folder) not in error["text"] and ".yaml" not in error["text"]
    said = test_studio._loader_error(folder, SLIPS)  # `bookgen build` says them all too
    assert isinstance(said, Refusals)
    assert {(p.key, p.message) for p in said.refusals} == {(e["key"], e["message"]) for e in errors}


def test_a_missing_title_is_named_as_the_title_and_no_made_up_file_is(client):
    book = {key: value for key, value in test_studio.WORKSHEET.items() if key != "title"}
    (error,) = client.post("/api/jobs", json={"purpose": "preview", "book": book}).get_json()["errors"]
    assert error["key"] == "title" and "needs 'title'" in error["message"]
    assert error["text"] == f"title: {error['message']}"


def test_a_status_request_waits_for_news_of_its_job(client):
    import time

    from bookgen.studio.server import WAIT_SECONDS

    book = {**test_studio.WORKSHEET, "sections": [{"type": "numbrix", "difficulty": "easy", "count": 3}]}
    status = client.post("/api/jobs", json={"purpose": "preview", "book": book}).get_json()
    while status["state"] == "running":
        asked = time.monotonic()
        answer = client.get(f"/api/jobs/{status['id']}?seen={status['version']}").get_json()
        waited = time.monotonic() - asked
        assert answer["version"] != status["version"] or waited >= WAIT_SECONDS * 0.9, (answer, waited)
        status = answer
    assert status["state"] == "done"
    asked = time.monotonic()  # an ended job has no news to wait for
    assert client.get(f"/api/jobs/{status['id']}?seen={status['version']}").get_json()["state"] == "done"
    assert time.monotonic() - asked < WAIT_SECONDS / 2


def test_config_problems_is_empty_exactly_when_the_loader_reads_the_config(tmp_path):
    good = yaml.safe_dump(test_studio.WORKSHEET)
    read_config_text(good, tmp_path / "good.yaml")
    assert config_problems(good, tmp_path / "good.yaml") == []
    for book, keys in (({**test_studio.WORKSHEET, "layout": "nope", "sections": []}, {"layout", "sections"}),
                       ({"title": "x", "sections": [{"type": "placement", "difficulty": "easy",
                                                     "count": 1000}] * 11}, {"sections"}),
                       ({"title": "x", "sections": [{"type": "nope", "count": 1, "colour": 1}]},
                        {"sections[0].type"}),  # a section read without its type says no more
                       ({"title": "x", "sections": [{"size": 99, "typ": "sudoku", "count": 1,
                                                     "difficulty": "easy"}]},
                        {"sections[0].typ", "sections[0].size"})):  # read as a sudoku's
        text = yaml.safe_dump(book)
        with pytest.raises(BookgenError) as first:
            read_config_text(text, tmp_path / "bad.yaml")
        found = config_problems(text, tmp_path / "bad.yaml")
        assert {problem.key for problem in found} == keys
        assert (first.value.key, first.value.message) in {(p.key, p.message) for p in found}
    (syntax,) = config_problems("title: [", tmp_path / "broken.yaml")
    assert syntax.line == 1


# --- the page in Chromium -------------------------------------------------------------------------

@pytest.fixture
def tab(browser, address):
    """test_studio's tab (the first preview drawn; any script error fails), where axe may run."""
    yield from test_studio.studio_tab(browser, address, bypass_csp=True)


def _error(tab, key: str):
    return tab.locator(f"[data-key='{key}'] > .error")


def _open(tab, tmp_path: Path, book: dict) -> None:
    path = tmp_path / "opened.yaml"
    path.write_text(yaml.safe_dump(book, sort_keys=False), encoding="utf-8")
    tab.set_input_files("#open-file", str(path))


def test_every_error_shows_beside_its_field_and_an_unknown_key_is_removed_by_keyboard(tab, tmp_path):
    _open(tab, tmp_path, SLIPS)
    tab.wait_for_selector("body[data-preview='error']")
    for key in SLIP_KEYS:
        assert _error(tab, key).is_visible(), key
    assert _error(tab, "sections[1].size").inner_text().startswith("'99' is not allowed")
    assert tab.locator("#book-error").is_hidden()
    assert "4 problems to fix: the preview shows the last good book." in tab.inner_text("#preview-status")
    assert float(tab.locator("#pages img").first.evaluate("i => getComputedStyle(i).opacity")) < 0.5
    row = tab.locator("[data-key='sections[0].colour']")
    assert row.locator(".unknown-key").inner_text() == "colour: blue"
    found = test_html._axe_violations(tab)
    tab.set_viewport_size({"width": 375, "height": 740})  # a phone: one column, the jump button
    found += test_html._axe_violations(tab)
    tab.set_viewport_size({"width": 1280, "height": 1000})
    assert found == []
    row.get_by_role("button", name="Remove colour").focus()
    tab.keyboard.press("Enter")
    assert row.count() == 0
    assert tab.evaluate("document.activeElement.textContent").startswith("Section 1:")
    tab.wait_for_selector("#announce:has-text('colour removed.')")
    tab.locator("[data-key='colour']").get_by_role("button", name="Remove colour").focus()
    tab.keyboard.press("Enter")
    assert tab.evaluate("document.activeElement.closest('[data-key]').dataset.key") == "title"
    test_studio._section_control(tab, "count").fill("1")
    _control(tab, "sections[1].size").fill("6")
    _changed(tab, 2)
    assert tab.locator("#book .error:visible").count() == 0
    assert float(tab.locator("#pages img").first.evaluate("i => getComputedStyle(i).opacity")) == 1
    with tab.expect_download() as download:
        tab.get_by_role("button", name="Save book").click()
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    assert "colour" not in saved and "colour" not in saved["sections"][0]


def test_make_the_files_on_a_refused_book_counts_the_problems_to_fix(tab, tmp_path):
    _open(tab, tmp_path, SLIPS)
    tab.wait_for_selector("body[data-preview='error']")
    tab.get_by_role("button", name="Make the files").click()
    tab.wait_for_selector("#build-status:has-text('Fix the 4 marked problems first.')")
    for key in SLIP_KEYS:
        assert _error(tab, key).is_visible(), key
    assert tab.locator("#downloads li").count() == 0


def test_removing_one_of_a_sections_unknown_keys_moves_the_focus_to_the_next(tab, tmp_path):
    """Two slips in a section: removing the first by keyboard lands on the second's button (as
    at the book's level), and removing the last lands on the section's heading."""
    _open(tab, tmp_path, {"title": "Two slips", "sections": [
        {"type": "placement", "difficulty": "easy", "count": 1, "colour": "blue", "shade": 3}]})
    tab.wait_for_selector("[data-key='sections[0].shade'] > .error:not([hidden])")
    tab.get_by_role("button", name="Remove colour").focus()
    tab.keyboard.press("Enter")
    assert tab.evaluate("document.activeElement.textContent") == "Remove shade"
    tab.keyboard.press("Enter")
    assert tab.evaluate("document.activeElement.textContent").startswith("Section 1:")
    _changed(tab, 2)
    assert tab.locator("#book .error:visible").count() == 0


def test_a_cleared_title_is_marked_at_the_title(tab):
    _control(tab, "title").fill("")
    _error(tab, "title").wait_for()
    assert "needs “Title”" in _error(tab, "title").inner_text()
    assert _control(tab, "title").get_attribute("aria-invalid") == "true"
    assert tab.locator("#book-error").is_hidden()
    assert ".yaml" not in tab.inner_text("#book")
    _control(tab, "title").fill("Back again")
    _changed(tab, 2)


def test_removing_a_section_moves_the_focus_to_the_next_heading_and_says_so(tab):
    for _ in range(2):
        tab.get_by_role("button", name="Add a section").click()
    _control(tab, "sections[1].title").fill("Second")
    _control(tab, "sections[2].title").fill("Third")
    tab.get_by_role("button", name="Remove section 2").focus()
    tab.keyboard.press("Enter")
    focused = "document.activeElement.tagName + ' ' + document.activeElement.textContent"
    assert tab.evaluate(focused) == "LEGEND Section 2: Third"  # the one that took its place
    tab.wait_for_selector("#announce:has-text('Section 2 removed.')")
    tab.get_by_role("button", name="Remove section 2").focus()
    tab.keyboard.press("Enter")
    assert tab.evaluate(focused).startswith("LEGEND Section 1:")  # none after it: the one before
    tab.get_by_role("button", name="Remove section 1").focus()
    tab.keyboard.press("Enter")
    assert tab.evaluate("document.activeElement.id") == "add-section"  # none left


def _choices(tab, key: str) -> list[str]:
    return tab.locator(f"[data-key='{key}'] select option").evaluate_all("os => os.map(o => o.value)")


def _focused_key(tab) -> str:
    return tab.evaluate("document.activeElement.closest('[data-key]').dataset.key")


def test_the_level_offers_the_types_own_and_a_type_without_master_takes_its_hardest(tab):
    """Keyboard only, on a phone: the level lists master for a sudoku alone; a master sudoku
    switched to Numbrix becomes an expert Numbrix (what a teacher switching types wants: a section
    that builds), said to a screen reader, the focus kept on the type."""
    level, kind = "sections[0].difficulty", "sections[0].type"
    tab.set_viewport_size({"width": 375, "height": 740})  # one column (the next test: a desktop)
    test_studio._section_control(tab, "count").fill("1")
    _changed(tab, 2)
    assert _control(tab, kind).input_value() == PUZZLE_TYPES[0].name  # a new section's, the first type
    assert _choices(tab, level) == ["easy", "medium", "hard", "expert"]
    assert "master" not in _control(tab, level).locator("xpath=..").inner_text()  # nor its help line
    _control(tab, kind).focus()
    tab.keyboard.type("Sudoku")  # a closed select picks by its words as they are typed
    assert _focused_key(tab) == kind and _control(tab, kind).input_value() == "sudoku"
    assert _choices(tab, level) == ["easy", "medium", "hard", "expert", "master"]
    tab.keyboard.press("Tab")  # the count, then the level
    tab.keyboard.press("Tab")
    assert _focused_key(tab) == level
    tab.keyboard.press("End")
    assert _control(tab, level).input_value() == "master"
    _changed(tab, 3)
    tab.keyboard.press("Shift+Tab")
    tab.keyboard.press("Shift+Tab")
    assert _focused_key(tab) == kind
    _control(tab, kind).select_option("numbrix")  # typing its words could meet Number Walls first
    assert _focused_key(tab) == kind and _control(tab, kind).input_value() == "numbrix"
    assert _control(tab, level).input_value() == "expert"
    assert _choices(tab, level) == ["easy", "medium", "hard", "expert"]
    tab.wait_for_selector("#announce:has-text('Numbrix has no level master: the level is now expert.')")
    _changed(tab, 4)
    assert tab.locator("#book .error:visible").count() == 0
    assert test_html._axe_violations(tab) == []


def test_a_type_opened_with_a_level_it_lacks_shows_the_loaders_error_at_the_level(tab, tmp_path, folder):
    book = {"title": "Paths", "sections": [{"type": "numbrix", "difficulty": "master", "count": 1}]}
    _open(tab, tmp_path, book)
    error = _error(tab, "sections[0].difficulty")
    error.wait_for()
    assert error.inner_text() == test_studio._loader_error(folder, book).message
    assert "the types with master: sudoku" in error.inner_text()
    control = _control(tab, "sections[0].difficulty")
    assert control.input_value() == "master" and control.get_attribute("aria-invalid") == "true"
    tab.set_viewport_size({"width": 375, "height": 740})  # a phone: one column
    found = test_html._axe_violations(tab)
    tab.set_viewport_size({"width": 1280, "height": 1000})
    found += test_html._axe_violations(tab)
    assert found == []
    control.focus()
    tab.keyboard.press("ArrowUp")  # the hardest level it has
    assert control.input_value() == "expert"
    _changed(tab, 2)
    assert not error.is_visible() and control.get_attribute("aria-invalid") is None


def _from_the_top(tab) -> None:
    """The focus on the page's first Tab stop, as the first press of Tab on a page just opened."""
    tab.evaluate("window.scrollTo(0, 0)")
    tab.locator("#skip").focus()


def _stops_to_build(tab) -> int:
    """The Tab stops before "Make the files", from the top of the page."""
    _from_the_top(tab)
    for presses in range(1, 200):
        tab.keyboard.press("Tab")
        if tab.evaluate("document.activeElement.id") == "build":
            return presses
    raise AssertionError("the Tab key never reached 'Make the files'")


def test_make_the_files_is_few_tab_stops_away_and_one_by_the_skip_link(tab):
    header = tab.evaluate("document.querySelectorAll('header :is(button, select, input, a[href])').length")
    assert _stops_to_build(tab) == 1 + header + FORM_STOPS  # the skip link, the header, the form
    tab.get_by_role("button", name="Add a section").click()
    assert _stops_to_build(tab) == 1 + header + FORM_STOPS + SECTION_STOPS
    _from_the_top(tab)
    assert tab.evaluate("document.activeElement.textContent") == "Go to the preview and files"
    tab.keyboard.press("Enter")
    tab.keyboard.press("Tab")
    assert tab.evaluate("document.activeElement.id") == "build"
    tab.locator("details.group summary").first.focus()  # the closed groups open with the keyboard
    tab.keyboard.press("Enter")
    assert _control(tab, "layout").is_visible()


def test_on_a_phone_the_preview_is_one_tap_away(browser, address):
    context = test_studio.studio_context(browser, viewport={"width": 375, "height": 740}, has_touch=True,
                                          is_mobile=True, bypass_csp=True)
    tab = context.new_page()
    tab.goto(address)
    tab.wait_for_selector("body[data-drawn='1']")
    page = tab.locator("#pages img").first
    assert page.bounding_box()["y"] > 740  # below the form, as the page opens
    jump = tab.get_by_role("link", name="Go to the preview and files")
    box = jump.bounding_box()
    assert box["y"] + box["height"] <= 740  # on the screen without scrolling
    jump.tap()
    tab.wait_for_function("document.querySelector('#pages img').getBoundingClientRect().top < 740")
    assert page.is_visible()
    found = test_html._axe_violations(tab)
    context.close()
    assert found == []


# --- the fork server, warm ------------------------------------------------------------------------

def test_the_fork_servers_warm_up_registers_the_fonts_and_leaves_no_thread_or_process():
    import subprocess
    import sys

    probe = ("import multiprocessing, threading; import bookgen.studio.warm; "
             "bookgen.studio.warm.warm(); "  # which the import runs quietly: here any error shows
             "from reportlab.pdfbase import pdfmetrics; "
             "print(sorted(n for n in pdfmetrics.getRegisteredFontNames() if n.startswith('bk-')), "
             "threading.active_count(), len(multiprocessing.active_children()))")
    printed = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                             check=True, timeout=300).stdout
    assert printed.split("]")[0] + "]" == str(["bk-DejaVuSans", "bk-DejaVuSans-Bold",
                                               "bk-DejaVuSans-Oblique"])
    assert printed.split("]")[1].split() == ["1", "0"]  # a fork server must fork no threads
