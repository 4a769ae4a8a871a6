"""Numbers and operators the language's way (#29): placement's decimals print "2,18" in a German
book (the puzzle, the key, hints, `printed()` and the player; its JSON keeps "2.18"), Make the
Number's operators are the language's school signs (German "·" and ":"), and large-print chains
wrap to a narrow page instead of being refused."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import test_html
from pypdf import PdfReader

from bookgen.audit import audit
from bookgen.book import make_book
from bookgen.config import read_config_text
from bookgen.formats.html import html_files
from bookgen.i18n import speaking
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.render.pdf import render_pdf

DECIMAL_BOOK = """\
title: Zahlen
language: {code}
layout: {layout}
seed: 7
answers: back
large_print: {large}
sections:
  - {{type: placement, count: 3, difficulty: medium, numbers: decimal}}
  - {{type: placement, count: 2, difficulty: hard, numbers: mixed, unique: true}}
"""
CARDS = """\
title: Karten
language: {code}
seed: 7
answers: back
sections:
  - {{type: arithmetic, count: 4, difficulty: medium}}
"""
A_DECIMAL = re.compile(r"\d[.,]\d")


def _book(text: str, tmp_path: Path):
    return make_book(read_config_text(text, tmp_path / "book.yaml"), workers=1)


def _pages(pdf: bytes, tmp_path: Path) -> list[str]:
    path = tmp_path / "book.pdf"
    path.write_bytes(pdf)
    return [re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(path).pages]


def _decimals(book) -> list[str]:
    """Every decimal number of the book's placement puzzles, as the puzzle JSON holds it."""
    return [text for section in book.sections for record in section.records
            for text in record.puzzle["numbers"] if "." in text]


def test_a_german_book_prints_decimals_with_a_comma_in_puzzles_and_key(tmp_path):
    book = _book(DECIMAL_BOOK.format(code="de", layout="letter", large="false"), tmp_path)
    decimals = _decimals(book)
    assert len(decimals) >= 10
    pages = _pages(render_pdf(book)[0], tmp_path)
    first_key_page = next(i for i, p in enumerate(pages) if "Lösungen" in p and "Inhalt" not in p)
    key = " ".join(pages[first_key_page:])
    shown = " ".join(pages)
    for text in decimals:
        german = text.replace(".", ",").replace("-", "\u2212")
        assert german in shown and german in key, german
    assert not re.search(r"\d\.\d", shown), re.search(r".{20}\d\.\d.{20}", shown)
    # the puzzle contract keeps the point
    assert all(re.fullmatch(r"-?\d+\.\d+", text) for text in decimals)


def test_an_english_book_keeps_its_decimal_point(tmp_path):
    book = _book(DECIMAL_BOOK.format(code="en", layout="letter", large="false"), tmp_path)
    shown = " ".join(_pages(render_pdf(book)[0], tmp_path))
    for text in _decimals(book):
        assert text.replace("-", "\u2212") in shown
    assert not re.search(r"\d,\d", shown)


@pytest.mark.parametrize("code", ["de", "fr", "es", "it", "nl"])
def test_printed_texts_are_what_the_page_shows(tmp_path, code):
    """What uniqueness is proven from names the numbers as the page prints them: 2,18, and
    each of those texts is on the page."""
    placement = find_type("placement")
    book = _book(DECIMAL_BOOK.format(code=code, layout="letter", large="false"), tmp_path)
    shown = " ".join(_pages(render_pdf(book)[0], tmp_path))
    with speaking(code):
        texts = [t for s in book.sections for r in s.records for t in placement.printed(r.puzzle).texts]
    decimals = [t for t in texts if A_DECIMAL.search(t)]
    assert decimals and all("," in t and "." not in t for t in decimals), decimals
    assert all(t in shown for t in texts)
    with speaking("en"):
        english = [t for s in book.sections for r in s.records for t in placement.printed(r.puzzle).texts]
    assert [t.replace(",", ".") for t in texts] == english


def test_hints_say_the_numbers_as_the_page_prints_them():
    placement = find_type("placement")
    request = Request.make(placement, "medium", {"numbers": "decimal", "size": 6})
    made = placement.generate(random.Random("numbers/hints"), request)
    assert placement.hints is not None
    with speaking("de"):
        given = placement.hints(made.puzzle, made.solution)
    reasons = [hint["why"] for hint in given]
    assert re.fullmatch(r"\d+,\d+", reasons[0].split(" ")[0]), reasons[0]
    assert not any(re.search(r"\d\.\d", why) for why in reasons)
    assert all(re.fullmatch(r"-?\d+\.\d+", hint["value"]) for hint in given)  # the data keeps 2.18


def test_german_cards_key_and_hints_use_the_german_signs(tmp_path):
    """The card's line, the rules' example, the key and the hints show · and :, never × or ÷."""
    book = _book(CARDS.format(code="de"), tmp_path)
    pages = _pages(render_pdf(book)[0], tmp_path)
    shown = " ".join(pages)
    assert "mit + \u2212 \u00b7 :" in shown
    assert "1 : 5 ist ein Fünftel" in shown
    key = shown[shown.rindex("Lösungen"):]
    assert re.search(r"\d [\u00b7:] \d", key), key
    assert "\u00d7" not in shown and "\u00f7" not in shown
    arithmetic = find_type("arithmetic")
    assert arithmetic.hints is not None
    record = next(r for r in book.sections[0].records
                  if any(op in r.solution["expressions"][0] for op in "*/"))
    with speaking("de"):
        steps = " ".join(h["why"] for h in arithmetic.hints(record.puzzle, record.solution))
    assert re.search(r"\d [\u00b7:] \d", steps) and not re.search("[\u00d7\u00f7]", steps), steps


@pytest.mark.parametrize(("code", "times", "divided"), [
    ("en", "\u00d7", "\u00f7"), ("de", "\u00b7", ":"), ("fr", "\u00d7", "\u00f7"),
    ("es", "\u00d7", ":"), ("it", "\u00d7", ":"), ("nl", "\u00d7", ":")])
def test_each_language_writes_its_school_signs(code, times, divided):
    from bookgen.puzzles.arithmetic.drawing import page_text
    from bookgen.puzzles.arithmetic.parameters import operators_line

    with speaking(code):
        assert page_text("9*8/6") == f"9 {times} 8 {divided} 6"
        assert operators_line({"operators": "+-*/"}).endswith(f"+ \u2212 {times} {divided}")


@pytest.mark.parametrize(("layout", "longest"), [("6x9", "expert"), ("5x8", "medium, size: 10"),
                                                ("a4", "expert")])
def test_large_print_placement_wraps_to_a_narrow_page_and_passes_the_auditor(tmp_path, layout, longest):
    """Chains of 10 to 12 boxes wrap to the trim's width at the large-print floor: the book
    builds (it was refused) and the page auditor finds nothing."""
    text = DECIMAL_BOOK.format(code="de", layout=layout, large="true") + (
        f"  - {{type: placement, count: 2, difficulty: {longest}}}\n")
    config = read_config_text(text, tmp_path / "book.yaml")
    book = make_book(config, workers=1)
    assert max(len(r.puzzle["numbers"]) for s in book.sections for r in s.records) >= 10
    pdf = render_pdf(book)[0]
    with speaking(config.speech()):
        assert audit(pdf, large_print=True) == []
    shown = " ".join(_pages(pdf, tmp_path))
    for text in _decimals(book):
        assert text.replace(".", ",").replace("-", "\u2212") in shown


GERMAN_DECIMALS = """\
title: Zahlen
language: de
sections:
  - {type: placement, count: 1, difficulty: medium, numbers: decimal, size: 5}
"""


def test_the_player_shows_and_accepts_a_decimal_comma(browser, tmp_path):
    """A German page shows the pool's 2.18 as 2,18; on a box, typing 2,18 (or 2.18) and Enter
    puts it there; a number not in the pool is said so."""
    config = read_config_text(GERMAN_DECIMALS, tmp_path / "book.yaml")
    [(_, source)] = html_files(make_book(config, workers=1), tmp_path / "book.pdf")
    page = tmp_path / "book.html"
    page.write_bytes(source)
    record = json.loads(source.decode("utf-8").split('id="bookgen-data">')[1].split("</script>")[0])[0]
    givens = record["puzzle"].get("givens", {})
    pool_numbers = [n for n in record["puzzle"]["numbers"] if n not in givens.values()]
    empty = [i for i in range(len(record["puzzle"]["numbers"])) if str(i) not in givens]
    first, second = pool_numbers[0], pool_numbers[1]
    with test_html._opener(browser, page) as open_:
        tab = open_()
        pool = tab.locator("#puzzle-1 .pool").inner_text()
        for text in pool_numbers:
            assert text.replace(".", ",") in pool
        assert not re.search(r"\d\.\d", pool)
        box = tab.locator(f"#puzzle-1 .box[data-box='{empty[0]}']")
        box.focus()
        tab.keyboard.type(first.replace(".", ","))
        tab.keyboard.press("Enter")
        assert box.get_attribute("data-value") == first
        assert first.replace(".", ",") in box.inner_text()
        other = tab.locator(f"#puzzle-1 .box[data-box='{empty[1]}']")
        other.focus()
        tab.keyboard.type(second)
        tab.keyboard.press("Enter")
        assert other.get_attribute("data-value") == second
        tab.locator(f"#puzzle-1 .box[data-box='{empty[2]}']").focus()
        tab.keyboard.type("99,5")
        tab.keyboard.press("Enter")
        assert tab.locator("#puzzle-1 .status").inner_text() == "99,5 ist nicht im Vorrat."


GERMAN_CARDS = """\
title: Karten
language: de
seed: 3
sections:
  - {type: arithmetic, count: 1, difficulty: medium}
"""


def test_the_german_player_writes_and_reads_the_german_signs(browser, tmp_path):
    """A German card's keypad and revealed answer use · and :; typing · : or * / or x all read as
    times and divided by."""
    config = read_config_text(GERMAN_CARDS, tmp_path / "book.yaml")
    [(_, source)] = html_files(make_book(config, workers=1), tmp_path / "book.pdf")
    page = tmp_path / "book.html"
    page.write_bytes(source)
    record = json.loads(source.decode("utf-8").split('id="bookgen-data">')[1].split("</script>")[0])[0]
    first, second = record["puzzle"]["numbers"][:2]
    with test_html._opener(browser, page) as open_:
        tab = open_()
        keys = tab.locator("#puzzle-1 .keypad button").all_inner_texts()
        assert "\u00b7" in keys and ":" in keys and "\u00d7" not in keys and "\u00f7" not in keys
        expression = tab.locator("#puzzle-1 input.expression")
        feedback = tab.locator("#puzzle-1 .feedback")
        for times in ("\u00b7", "*", "x", "\u00d7"):
            expression.fill(f"{first} {times} {second}")
            assert f"= {first * second}" in feedback.inner_text(), (times, feedback.inner_text())
        for divided in (":", "/", "\u00f7"):
            expression.fill(f"{first * second} {divided} {second}")
            assert f"= {first}" in feedback.inner_text(), (divided, feedback.inner_text())
        tab.locator("#puzzle-1 button[data-action='reveal']").click()
        shown = expression.input_value()
    assert not re.search("[\u00d7\u00f7*/]", shown), shown
    written = record["solution"]["expressions"][0]
    assert ("\u00b7" in shown) == ("*" in written) and (":" in shown) == ("/" in written), shown
