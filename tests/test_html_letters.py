"""Letters typed on the playable page as a French phone's keyboard offers them: "œ" and "æ", which
the grids write with two letters (CŒUR as C O E U R), fill two boxes, in every game a player types
letters into (scramble, cryptogram, crossword and fill-in alike), and the letters after them go on
in the boxes that follow."""

from __future__ import annotations

from pathlib import Path

import pytest
import test_html

from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request

BOOK = (("scramble", "easy", {"language": "fr", "words": "cœur,école,maison,jardin", "word_count": "4"}),
        ("cryptogram", "medium", {"language": "fr", "quotes": "Un cœur de sœur vaut un bœuf | Proverbe"}))


@pytest.fixture(scope="module")
def letters_book(tmp_path_factory) -> tuple[Path, list[dict]]:
    sections, records = [], []
    for number, (name, level, options) in enumerate(BOOK, 1):
        kind = find_type(name)
        made = make_puzzle(Request.make(kind, level, options), f"lettres-{number}")
        records.append(page_record(kind, made.to_json(), number))
        sections.append({"title": name, "type": name, "rules": "Jouez.", "level": level,
                         "puzzles": [records[-1]]})
    path = tmp_path_factory.mktemp("letters") / "book.html"
    write_html(path, "Lettres", None, sections)
    return path, records


@pytest.fixture
def tab(browser, letters_book):
    with test_html._opener(browser, letters_book[0]) as open_:
        yield open_(width=390, height=844, touch=True)


def test_a_scramble_takes_oe_typed_as_one_letter_into_two_boxes(tab, letters_book):
    words = letters_book[1][0]["solution"]["words"]
    row = tab.locator("#puzzle-1 .scramble .boxes").nth(words.index("COEUR"))
    boxes = row.locator("input")  # C, kept first at easy, is printed: O E U R are typed
    boxes.first.tap()
    tab.keyboard.insert_text("œ")
    tab.keyboard.insert_text("u")
    tab.keyboard.insert_text("r")
    assert [boxes.nth(k).input_value() for k in range(4)] == ["O", "E", "U", "R"]
    tab.locator("#puzzle-1").get_by_role("button", name="Check").click()
    assert tab.locator("#puzzle-1 .scramble .wrong").count() == 0


def test_a_scramble_takes_ae_as_two_letters(tab, letters_book):
    boxes = tab.locator("#puzzle-1 .scramble .boxes").first.locator("input")
    boxes.first.tap()
    tab.keyboard.insert_text("æ")
    assert [boxes.nth(k).input_value() for k in range(2)] == ["A", "E"]


def test_a_cryptogram_takes_oe_over_two_code_letters(tab, letters_book):
    record = letters_book[1][1]
    assert record["solution"]["text"].split()[1] == "COEUR"
    code = record["puzzle"]["text"].split()[1]  # COEUR enciphered; neither O nor E is given
    tab.locator(f"#puzzle-2 input[data-letter='{code[1]}']").first.tap()
    tab.keyboard.insert_text("œ")
    tab.keyboard.insert_text("u")
    assert [tab.locator(f"#puzzle-2 input[data-letter='{letter}']").first.input_value()
            for letter in code[1:4]] == ["O", "E", "U"]


def test_a_scramble_shows_the_accented_letters_the_key_asks_for(tab, letters_book):
    """ÉCOLE's letters are shown with its É, in the jumble and in the kept first box, as the page
    prints them; the player types E, as the grid writes it."""
    record = letters_book[1][0]
    at = record["solution"]["words"].index("ECOLE")
    item = tab.locator("#puzzle-1 .scramble .item").nth(at)
    assert item.locator(".jumble").inner_text() == record["puzzle"]["written"][at]
    assert "É" in record["puzzle"]["written"][at]
    assert item.locator(".given .value").inner_text() == "É"
