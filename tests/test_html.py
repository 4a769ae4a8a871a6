"""The playable HTML edition: the page itself (self-contained, deterministic, data embedded) and,
in headless Chromium driven by Playwright, playing it: solving by clicks, Check, progress kept.

The puzzle records are small hand-written ones with hand-checked answers, so these tests do not
depend on any generator.
"""

from __future__ import annotations

import ast
import html
import html.parser
import json
import operator
import os
import random
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from bookgen.html import render_html, write_html

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOT = ROOT / "docs" / "img" / "playable.png"

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
    "solution": {"expressions": ["12+3", "13+2"]},
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

SECTIONS = [
    {"title": "Numbrix", "type": "numbrix", "difficulty": "easy",
     "rules": "Fill the grid with 1 to 16 so consecutive numbers touch across a side.",
     "puzzles": [NUMBRIX]},
    {"title": "Hidato", "type": "hidato", "difficulty": "easy",
     "rules": "Fill the shape so consecutive numbers touch across a side or corner.",
     "puzzles": [HIDATO]},
    {"title": "Number Placement", "type": "placement", "difficulty": "mixed",
     "rules": "Put each pool number into a box so every < and > is true.",
     "puzzles": [PLACEMENT_FREE, PLACEMENT_FRACTIONS]},
    {"title": "Make 24", "type": "arithmetic", "difficulty": "hard",
     "rules": "Use each number once with + - * / and brackets to make the target.",
     "puzzles": [ARITHMETIC]},
    {"title": "Arrows & Number Walls", "type": "arrows", "difficulty": "easy",
     "rules": "Type a number into every cell.", "puzzles": [ARROWS, NUMBER_WALL]},
    {"title": "Joined Numbers, Differences", "type": "arithmetic", "difficulty": "expert",
     "rules": "Numbers may stand side by side.", "puzzles": [ARITHMETIC_JOINED, PYRAMID_CLASSIC]},
]

RECORDS = [NUMBRIX, HIDATO, PLACEMENT_FREE, PLACEMENT_FRACTIONS, ARITHMETIC, ARROWS, NUMBER_WALL,
           ARITHMETIC_JOINED, PYRAMID_CLASSIC]


@pytest.fixture(scope="module")
def page_html() -> str:
    return render_html("Test Book", "Nine small puzzles", SECTIONS)


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
            if attrs.get("type") == "application/json"]
    assert len(data) == 1
    embedded = json.loads(data[0])
    assert [{k: v for k, v in e.items() if k != "key"} for e in embedded] == RECORDS
    assert [e["key"] for e in embedded] == [r["id"] for r in RECORDS]


def test_same_input_gives_the_same_bytes(page_html):
    assert render_html("Test Book", "Nine small puzzles", json.loads(json.dumps(SECTIONS))) == page_html


def test_contents_sections_and_puzzles(page_html):
    for section in SECTIONS:
        assert page_html.count(f">{html.escape(section['title'])}<") == 2  # contents and heading
    for record in RECORDS:
        number = record["number"]
        assert f'href="#puzzle-{number}"' in page_html
        assert f'id="puzzle-{number}"' in page_html
    assert page_html.count('<button type="button" data-action="check">') == len(RECORDS)
    assert page_html.count('<button type="button" data-action="reveal">') == len(RECORDS)
    assert page_html.count('<button type="button" data-action="reset">') == len(RECORDS)
    assert page_html.count("<details class=\"rules\">") == len(RECORDS)


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
    assert ".controls" in print_rules and "display: none" in print_rules


def test_write_html_is_atomic_and_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "out" / "book.html"
    write_html(target, "Test Book", None, SECTIONS)
    first = target.read_bytes()
    write_html(target, "Test Book", None, SECTIONS)
    assert target.read_bytes() == first
    assert first.decode("utf-8") == render_html("Test Book", None, SECTIONS)
    assert sorted(p.name for p in target.parent.iterdir()) == ["book.html"]


# --- the page in a browser ------------------------------------------------------------------------

CHROMIUM = os.environ.get("BOOKGEN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _no_browser(reason: str) -> None:
    """Skip, unless BOOKGEN_REQUIRE_BROWSER is set (CI sets it): there a missing browser fails."""
    if os.environ.get("BOOKGEN_REQUIRE_BROWSER"):
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright import sync_api
    except ImportError:
        _no_browser("Playwright is not installed (pip install playwright)")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _no_browser(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def book_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("playable") / "book.html"
    write_html(path, "Test Book", "Nine small puzzles", SECTIONS)
    return path


@pytest.fixture
def page(browser, book_file):
    """A fresh browser context (empty local storage) on the book; fails on any script error or
    any request that is not the file itself."""
    context = browser.new_context(viewport={"width": 900, "height": 1000})
    requests: list[str] = []
    errors: list[str] = []
    tab = context.new_page()
    tab.on("request", lambda request: requests.append(request.url))
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    tab.goto(book_file.as_uri())
    tab.wait_for_selector("html.ready")
    yield tab
    context.close()
    assert errors == []
    assert all(url.startswith("file://") for url in requests), requests


def _cell(tab, number: int, row: int, col: int):
    return tab.locator(f"#puzzle-{number} button.cell[data-row='{row}'][data-col='{col}']")


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
    assert _cell(page, 1, 2, 0).inner_text() == ""
    _cell(page, 1, 0, 2).click()  # tap 3 again: it is taken back
    assert _cell(page, 1, 0, 2).inner_text() == ""
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
    expect(_cell(page, 1, 2, 2)).to_have_text("11")
    page.locator("#puzzle-1 button[data-action='check']").click()
    expect(wrong).to_have_class(re.compile(r"\bwrong\b"))
    expect(_cell(page, 1, 2, 2)).not_to_have_class(re.compile(r"\bwrong\b"))
    expect(page.locator("#puzzle-1 .status")).to_have_text("1 wrong entry, marked.")
    page.reload(wait_until="load")
    page.wait_for_selector("html.ready")
    expect(_cell(page, 1, 1, 1)).to_have_text("9")
    expect(_cell(page, 1, 2, 2)).to_have_text("11")
    page.locator("#puzzle-1 button[data-action='reveal']").click()
    expect(_cell(page, 1, 1, 1)).to_have_text("7")
    expect(page.locator("#puzzle-1")).not_to_have_class(re.compile(r"\bsolved\b"))
    page.locator("#puzzle-1 button[data-action='reset']").click()
    page.reload(wait_until="load")
    page.wait_for_selector("html.ready")
    expect(_cell(page, 1, 1, 1)).to_have_text("")


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
    assert _box(page, 3, 1).inner_text() == ""
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
    assert page.locator("#puzzle-8 details.answers li").all_text_contents() == ["12 + 3", "13 + 2"]


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
    inputs = page.locator("#puzzle-6 input")
    assert inputs.count() == 3
    for field, value in zip(inputs.all(), ["1", "3", "4"]):
        field.fill(value)
    assert "solved" in page.locator("#puzzle-6").get_attribute("class")
    rows = page.locator("#puzzle-7 .pyramid .row")
    assert [rows.nth(i).locator(".cell").count() for i in range(3)] == [1, 2, 3]  # wide row at bottom
    page.locator("#puzzle-7 input").first.fill("9")
    page.locator("#puzzle-7 button[data-action='check']").click()
    assert page.locator("#puzzle-7 .cell.wrong").count() == 1
    circles = page.locator("#puzzle-9 .pyramid.circles .row")  # differences: wide row on top
    assert [circles.nth(i).locator(".cell").count() for i in range(3)] == [3, 2, 1]
    page.locator("#puzzle-9 input").first.focus()
    page.keyboard.type("6")
    page.keyboard.press("ArrowRight")  # over the given 1 to the last circle of the row
    page.keyboard.type("4")
    page.keyboard.press("ArrowDown")
    page.keyboard.type("3")
    assert "solved" in page.locator("#puzzle-9").get_attribute("class")


def test_a_type_the_page_does_not_know_is_left_for_paper(browser, tmp_path):
    path = tmp_path / "unknown.html"
    record = {"type": "kakuro", "id": "kakuro:easy::1", "number": 1, "puzzle": {}, "solution": {}}
    write_html(path, "Odd", None, [{"title": "Kakuro", "type": "kakuro", "difficulty": "easy",
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


def test_screenshot_for_the_readme(browser, tmp_path):
    """The README's picture: the top of a book, a Numbrix half done, one entry marked wrong."""
    path = tmp_path / "sampler.html"
    write_html(path, "The bookgen Sampler", "Playable edition", SECTIONS)
    context = browser.new_context(viewport={"width": 960, "height": 980}, device_scale_factor=1)
    tab = context.new_page()
    tab.goto(path.as_uri())
    tab.wait_for_selector("html.ready")
    tab.locator("#puzzle-1 details.rules").evaluate("details => details.open = true")
    _cell(tab, 1, 0, 0).click()
    for row, col in [(0, 1), (0, 2), (1, 3), (1, 1)]:  # 2, 3, then 5 (4 is given), then 7 (6 given)
        _cell(tab, 1, row, col).click()
    _cell(tab, 1, 2, 2).focus()
    tab.keyboard.type("12")  # the answer there is 11
    tab.locator("#puzzle-1 button[data-action='check']").click()
    _cell(tab, 1, 2, 2).blur()
    assert tab.locator("#puzzle-1 .status").inner_text() == "1 wrong entry, marked."
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(SCREENSHOT))
    context.close()
    assert SCREENSHOT.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
