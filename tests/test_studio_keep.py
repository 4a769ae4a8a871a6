"""The studio keeps a teacher's work (#31): the book being edited survives a reload, "New book",
opening a file, a recent book and a preset ask before an unsaved book is replaced, "Save book"
downloads its YAML; "New puzzles" and every new book bring their own seed; "Print" shows a built
PDF in the browser's viewer; the form's words are plain, the YAML key kept in each help line.

The studio, its server and Chromium are test_studio's fixtures, one of each for this module.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import test_html
import test_studio
import yaml
from pypdf import PdfReader

pytest.importorskip("flask", reason="pip install -e '.[studio]'")

from bookgen import limits  # noqa: E402
from bookgen.cli import main  # noqa: E402
from bookgen.config import load_config  # noqa: E402
from bookgen.studio.presets import PRESETS, presets_in  # noqa: E402  (needs the studio extra)

folder, app, client, address = test_studio.folder, test_studio.app, test_studio.client, test_studio.address
_control, _changed = test_studio._control, test_studio._changed

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def opened(browser, address):
    """Opens the studio in a fresh context (empty storage) at a viewport; every tab of a context
    shares its storage. Fails on any script error."""
    contexts, errors = [], []

    def open_at(viewport=None, context=None, csp=True):
        if context is None:
            context = test_studio.studio_context(browser, accept_downloads=True, bypass_csp=not csp,
                                                 viewport=viewport or {"width": 1280, "height": 1000})
            contexts.append(context)
        tab = context.new_page()
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        tab.goto(address)
        tab.wait_for_selector("body[data-drawn='1']")
        return tab

    yield open_at
    for context in contexts:
        context.close()
    refused = "the server responded with a status of 400"  # a config the loader refused
    assert [error for error in errors if refused not in error] == []


def _kept(tab) -> dict:
    return tab.evaluate("JSON.parse(localStorage.getItem('bookgen-studio-books'))")


def _seed(tab) -> str:
    return _control(tab, "seed").input_value()


def _saved_yaml(tab, tmp_path: Path, name: str = "saved") -> Path:
    """Clicks "Save book" and keeps the file it downloads."""
    with tab.expect_download() as saved:
        tab.get_by_role("button", name="Save book").click()
    path = tmp_path / name / saved.value.suggested_filename
    saved.value.save_as(path)
    return path


def _seeds(config: Path) -> list:
    """Each section's `seed:` in a saved book, None where it has none."""
    return [section.get("seed") for section in yaml.safe_load(config.read_text(encoding="utf-8"))["sections"]]


def _press(tab, element_id: str, key: str = "Enter") -> None:
    """Focuses a control as Tab would and presses a key on it (keyboard only)."""
    tab.focus(f"#{element_id}")
    tab.keyboard.press(key)


# --- the API: saving and templates ----------------------------------------------------------------

def test_a_book_is_saved_as_the_yaml_its_builds_read_even_when_the_loader_refuses_it(client, app):
    book = {"title": "Count to zero", "seed": 12,
            "sections": [{"type": "placement", "difficulty": "easy", "count": 0}]}
    saved = client.post("/api/yaml", json={"book": book}).get_json()
    assert saved["name"] == "count-to-zero.yaml" and yaml.safe_load(saved["yaml"]) == book
    assert client.post("/api/jobs", json={"purpose": "preview", "book": book}).status_code == 400
    fine = {**book, "sections": [{"type": "placement", "difficulty": "easy", "count": 1}]}
    started = client.post("/api/jobs", json={"purpose": "preview", "book": fine}).get_json()
    assert started["yaml"] == client.post("/api/yaml", json={"book": fine}).get_json()["yaml"]
    (error,) = client.post("/api/yaml", json={"book": ["not", "a", "book"]}).get_json()["errors"]
    assert error["message"] == "send the book as a mapping of keys to values"
    big = {"title": "x", "subtitle": "x" * (limits.CONFIG_BYTES + 1)}
    (error,) = client.post("/api/yaml", json={"book": big}).get_json()["errors"]
    assert f"larger than {limits.CONFIG_BYTES:,} bytes" in error["message"]
    stranger = app.test_client()  # without the token's cookie
    assert stranger.post("/api/yaml", json={"book": book}).status_code == 403
    assert stranger.get("/api/presets").status_code == 403


@pytest.mark.parametrize(("title", "code", "name"), [
    ("Tierrätsel Klasse 3b", "de", "tierraetsel-klasse-3b"),  # German spells its umlauts out
    ("Große Übung: Äpfel", "de", "grosse-uebung-aepfel"),
    ("Sopa de letras: ñandú y pingüino", "es", "sopa-de-letras-nandu-y-pinguino"),  # accents go
    ("Été à Noël", "fr", "ete-a-noel"),
    ("Æsop's œuvre", None, "aesop-s-oeuvre"),
    ("Con", None, "con-book"),  # a name Windows keeps for a device
    ("日本語", "en", "book"),
])
def test_a_books_files_are_named_in_plain_letters_from_its_title(client, title, code, name):
    book = {"title": title, **({"language": code} if code else {}),
            "sections": [{"type": "placement", "difficulty": "easy", "count": 1}]}
    assert client.post("/api/yaml", json={"book": book}).get_json()["name"] == f"{name}.yaml"


def test_templates_come_in_the_interfaces_language(client):
    english = client.get("/api/presets").get_json()["presets"]
    german = client.get("/api/presets?lang=de").get_json()["presets"]
    assert [p["id"] for p in english] == [p["id"] for p in german] == [p["id"] for p in PRESETS]
    assert [p["name"] for p in english] == ["Worksheet", "Puzzle book 6x9", "Large-print book"]
    assert [p["name"] for p in german] == ["Arbeitsblatt", "Rätselbuch 6x9", "Buch in Großdruck"]
    assert "language" not in english[0]["book"] and german[0]["book"]["language"] == "de"
    assert all("seed" not in p["book"] for p in english)  # the page draws each book's own


# --- work kept ------------------------------------------------------------------------------------

def test_the_book_comes_back_after_a_reload(opened):
    tab = opened()
    _control(tab, "title").fill("Fractions, week 12")
    _changed(tab, 2)
    seed = _seed(tab)
    kept = _kept(tab)
    assert kept["books"][0]["book"]["title"] == "Fractions, week 12"
    test_html.reload_page(tab, test_studio.OPENED, losing_storage=True)  # back from the copy
    tab.wait_for_selector("body[data-drawn='1']")
    assert _control(tab, "title").input_value() == "Fractions, week 12"
    assert _seed(tab) == seed
    assert tab.locator("#pages img").count() == 2


def test_new_book_asks_by_keyboard_before_an_unsaved_book_is_replaced(opened):
    tab = opened()
    _control(tab, "title").fill("Unsaved sheet")
    _changed(tab, 2)
    _press(tab, "new-book")
    dialog = tab.get_by_role("dialog")
    dialog.wait_for()
    assert "Unsaved sheet" in dialog.inner_text()
    assert tab.evaluate("document.activeElement.id") == "ask-no"  # the safe answer first
    tab.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert _control(tab, "title").input_value() == "Unsaved sheet"
    _press(tab, "new-book")
    dialog.wait_for()
    tab.keyboard.press("Enter")  # "Keep editing"
    dialog.wait_for(state="hidden")
    assert _control(tab, "title").input_value() == "Unsaved sheet"
    _press(tab, "new-book")
    dialog.wait_for()
    tab.keyboard.press("Tab")
    tab.keyboard.press("Enter")  # "Replace it"
    _changed(tab, 3)
    assert _control(tab, "title").input_value() == "My worksheet"
    _press(tab, "new-book")  # the new book is unchanged: nothing to lose, no question
    _changed(tab, 4)
    assert not dialog.is_visible()


def test_a_question_asked_again_at_once_is_not_answered_by_the_last_ones_close(opened):
    """A dialog's close event comes a task after it closes: a teacher quick enough to ask again
    before it came once had the new question answered "no" by it, so "Replace it" did nothing."""
    tab = opened()
    _control(tab, "title").fill("Unsaved sheet")
    _changed(tab, 2)
    # In one task: ask, answer "Keep editing", and ask again before the first close event comes.
    tab.evaluate("""() => {
        document.getElementById("new-book").click();
        document.getElementById("ask-no").click();
        document.getElementById("new-book").click();
    }""")
    dialog = tab.get_by_role("dialog")
    dialog.wait_for()
    tab.locator("#ask-yes").click()  # "Replace it"
    _changed(tab, 3)
    assert _control(tab, "title").input_value() == "My worksheet"


def test_a_recent_book_reopens_by_keyboard(opened):
    tab = opened()
    _control(tab, "title").fill("Last week's sheet")
    _changed(tab, 2)
    last_week = _seed(tab)
    _press(tab, "new-book")
    tab.get_by_role("button", name="Replace it").click()
    _changed(tab, 3)
    _control(tab, "title").fill("This week's sheet")
    _changed(tab, 4)
    _press(tab, "recent-text")
    listed = tab.locator("#recent-list button")
    listed.first.wait_for()
    assert listed.count() == 1 and listed.first.inner_text().startswith("Last week's sheet, ")
    tab.keyboard.press("Tab")
    tab.keyboard.press("Enter")
    tab.get_by_role("dialog").wait_for()  # "This week's sheet" is not saved to a file
    tab.keyboard.press("Tab")
    tab.keyboard.press("Enter")
    _changed(tab, 5)
    assert _control(tab, "title").input_value() == "Last week's sheet"
    assert _seed(tab) == last_week
    _press(tab, "recent-text")
    listed.first.wait_for()
    assert [b.startswith("This week's sheet, ") for b in listed.all_inner_texts()] == [True]


def test_an_unsaved_book_stays_in_recent_books_however_many_new_books_follow(opened, tmp_path):
    """The question before a replacement says the unsaved book stays in Recent books: books
    started new and left untouched are not kept, so they never push it out of the list."""
    tab = opened()
    _control(tab, "title").fill("Unsaved sheet")
    _changed(tab, 2)
    _press(tab, "new-book")
    tab.get_by_role("button", name="Replace it").click()
    _changed(tab, 3)
    _saved_yaml(tab, tmp_path)  # a new book saved to a file is kept as it is
    for _ in range(9):  # more untouched new books than the list holds (8); no need to draw each
        seed = _seed(tab)
        _press(tab, "new-book")
        tab.wait_for_function("seed => document.querySelector(\"[data-key='seed'] input\").value !== seed",
                              arg=seed)
    titles = [entry["title"] for entry in _kept(tab)["books"]]
    assert titles == ["My worksheet", "My worksheet", "Unsaved sheet"]  # this one, the saved, the unsaved


def test_the_preview_of_versions_names_each_sheets_pages_by_its_letter(opened):
    """Versions A and B of a one-page sheet with its answers apart: "Version B, page 1", not
    "Page 2" (B's first page is no second page of A's sheet)."""
    tab = opened()
    tab.evaluate("document.querySelectorAll('#settings details').forEach((box) => { box.open = true; })")
    _control(tab, "answers").select_option("separate")
    _changed(tab, 2)
    _control(tab, "versions").fill("2")
    _changed(tab, 3)
    captions = tab.locator("#pages figcaption").all_inner_texts()
    assert captions == ["Version A, page 1", "Version A, answer key page 1",
                        "Version B, page 1", "Version B, answer key page 1"]
    assert tab.locator("#pages img").nth(2).get_attribute("alt") == "Version B, page 1"


def test_save_book_downloads_the_yaml_and_marks_the_book_saved(opened, tmp_path):
    tab = opened()
    _control(tab, "title").fill("Saved sheet")
    _changed(tab, 2)
    path = _saved_yaml(tab, tmp_path)
    assert path.name == "saved-sheet.yaml"
    config = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert config["title"] == "Saved sheet" and config["seed"] == int(_seed(tab))
    assert tab.locator("#build-status").inner_text() == "Saved as saved-sheet.yaml."
    _press(tab, "new-book")  # saved: no question
    _changed(tab, 3)
    assert _control(tab, "title").input_value() == "My worksheet"


def test_a_book_with_an_error_is_saved_and_kept_too(opened, tmp_path):
    tab = opened()
    _control(tab, "sections[0].count").fill("0")
    tab.locator("[data-key='sections[0].count'] > .error").wait_for()
    config = yaml.safe_load(_saved_yaml(tab, tmp_path).read_text(encoding="utf-8"))
    assert config["sections"][0]["count"] == 0
    test_html.reload_page(tab, test_studio.OPENED)
    tab.wait_for_selector("[data-key='sections[0].count'] > .error:not([hidden])")
    assert _control(tab, "sections[0].count").input_value() == "0"


def test_opening_a_file_asks_first_and_keeps_the_book_when_told(opened, tmp_path):
    tab = opened()
    _control(tab, "title").fill("Being edited")
    _changed(tab, 2)
    path = tmp_path / "other.yaml"
    path.write_text("title: Another book\nseed: 5\n"
                    "sections:\n  - {type: arrows, difficulty: easy, count: 1}\n", encoding="utf-8")
    tab.set_input_files("#open-file", str(path))
    tab.get_by_role("button", name="Keep editing").click()
    assert _control(tab, "title").input_value() == "Being edited"
    tab.set_input_files("#open-file", str(path))  # the same file again: asked again
    tab.get_by_role("button", name="Replace it").click()
    _changed(tab, 3)
    assert (_control(tab, "title").input_value(), _seed(tab)) == ("Another book", "5")
    _press(tab, "new-book")  # as opened, nothing to lose
    _changed(tab, 4)


# --- fresh puzzles --------------------------------------------------------------------------------

def test_new_books_get_their_own_seeds_and_new_puzzles_redraws(opened):
    tab = opened()
    seeds = {_seed(tab)}
    for drawn in (2, 3):
        _press(tab, "new-book")
        _changed(tab, drawn)
        seeds.add(_seed(tab))
    assert len(seeds) == 3 and all(1 <= int(s) <= 999999 for s in seeds)
    before = tab.locator("#pages img").first.get_attribute("data-digest")
    _press(tab, "new-puzzles")
    _changed(tab, 4)
    assert _seed(tab) not in seeds
    assert tab.locator("#pages img").first.get_attribute("data-digest") != before


def test_the_saved_yaml_holds_the_seed_and_builds_the_same_bytes_twice(opened, tmp_path):
    tab = opened()
    _press(tab, "new-puzzles")
    _changed(tab, 2)
    path = _saved_yaml(tab, tmp_path)
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["seed"] == int(_seed(tab))
    built = []
    for run in ("one", "two"):
        out = tmp_path / run / "sheet.pdf"
        out.parent.mkdir()
        assert main(["build", str(path), "-q", "-j", "1", "-o", str(out)]) == 0
        built.append({p.name: p.read_bytes() for p in out.parent.iterdir()})
    assert built[0] == built[1] and len(built[0]) == 3  # the sheet, its answers, the playable page
    other = tmp_path / "other.yaml"
    other.write_text(path.read_text(encoding="utf-8").replace(f"seed: {_seed(tab)}", "seed: 1"),
                     encoding="utf-8")
    (tmp_path / "three").mkdir()
    assert main(["build", str(other), "-q", "-j", "1", "-o", str(tmp_path / "three" / "sheet.pdf")]) == 0
    assert (tmp_path / "three" / "sheet.pdf").read_bytes() != built[0]["sheet.pdf"]


def _jsonl_puzzles(config: Path, out: Path) -> dict[str, dict]:
    """A build's puzzles (from its JSON lines) by their id, without their numbers in the book."""
    out.mkdir()
    assert main(["build", str(config), "-q", "-j", "1", "-o", str(out / "book.pdf")]) == 0
    lines = [json.loads(line) for line in (out / "book.jsonl").read_text().splitlines()]
    return {line["id"]: {k: v for k, v in line.items() if k != "number"} for line in lines}


def test_sections_keep_their_puzzles_when_they_move_or_one_before_them_is_removed(opened, tmp_path):
    """Moving section 2 up gives both sections their old places as seed numbers, and removing
    section 1 gives the one after it its old place: each saved book prints the puzzles the
    sections printed before. A section added then takes the smallest number left."""
    tab = opened()
    path = tmp_path / "three.yaml"
    path.write_text("title: Three\nseed: 5\nformats: [jsonl]\nsections:\n"
                    "  - {type: pyramid, difficulty: easy, count: 2}\n"
                    "  - {type: placement, difficulty: easy, count: 2}\n"
                    "  - {type: placement, difficulty: medium, count: 2}\n", encoding="utf-8")
    tab.set_input_files("#open-file", str(path))
    _changed(tab, 2)
    assert _control(tab, "sections[1].seed").get_attribute("placeholder") == "2"  # its place
    tab.get_by_role("button", name="Move section 2 up").click()
    _changed(tab, 3)
    assert tab.evaluate("document.activeElement.tagName") == "LEGEND"  # the moved one's, now first
    moved = _saved_yaml(tab, tmp_path, "moved")
    assert _seeds(moved) == [2, 1, None]
    before = _jsonl_puzzles(path, tmp_path / "before")
    assert len(before) == 6 and _jsonl_puzzles(moved, tmp_path / "moved-built") == before
    tab.get_by_role("button", name="Remove section 1").click()  # the placement, easy
    _changed(tab, 4)
    assert [_control(tab, f"sections[{i}].seed").input_value() for i in (0, 1)] == ["1", "3"]
    _press(tab, "add-section")
    _changed(tab, 5)
    # past the largest in use: not the removed section's 2, whose puzzles the class has done
    assert _control(tab, "sections[2].seed").input_value() == "4"
    removed = _saved_yaml(tab, tmp_path, "removed")
    assert _seeds(removed) == [1, 3, 4]
    after = _jsonl_puzzles(removed, tmp_path / "removed-built")
    kept = {key: puzzle for key, puzzle in before.items() if ".2." not in key}
    assert len(kept) == 4 and {key: after[key] for key in kept} == kept
    assert len(after) == 6  # and the added section's two, from seed number 4


def test_a_bank_section_gets_no_seed_number_to_keep_or_type(opened, folder, tmp_path, capsys):
    """A section that takes its puzzles from a bank makes none, and its config refuses `seed:`:
    moving it gives it no seed number and the form offers none, while the section it swapped with
    keeps its place as one."""
    assert main(["generate", "placement", "-d", "easy", "-n", "2", "-q"]) == 0
    (folder / "kept-bank.jsonl").write_text(capsys.readouterr().out, encoding="utf-8")
    tab = opened()
    path = tmp_path / "banked.yaml"
    path.write_text("title: Banked\nseed: 5\nsections:\n"
                    "  - {type: placement, difficulty: easy, count: 2, from: kept-bank.jsonl}\n"
                    "  - {type: placement, difficulty: medium, count: 2}\n", encoding="utf-8")
    tab.set_input_files("#open-file", str(path))
    _changed(tab, 2)
    assert tab.locator("[name='sections[0].seed']").count() == 0
    assert tab.locator("[name='sections[1].seed']").count() == 1
    tab.get_by_role("button", name="Move section 2 up").click()
    _changed(tab, 3)
    assert _seeds(_saved_yaml(tab, tmp_path)) == [2, None]
    assert tab.locator("[name='sections[1].seed']").count() == 0
    assert tab.locator(".error:not([hidden])").all_inner_texts() == []


# --- print ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_print_opens_the_built_pdf_in_the_browsers_viewer(opened, viewport):
    tab = opened(viewport)
    _press(tab, "build")
    printing = tab.locator("#downloads button.print")
    printing.first.wait_for()
    names = tab.locator("#downloads a").all_inner_texts()
    assert printing.count() == sum(".pdf " in name for name in names) == 2  # the sheet, its answers
    assert printing.all_inner_texts() == ["Print", "Print"]
    button = tab.locator("#downloads li", has_text="my-worksheet.pdf (").locator("button.print")
    book = tab.locator(f"#{button.get_attribute('aria-describedby')}")
    assert book.inner_text().startswith("my-worksheet.pdf (")
    with tab.expect_download() as saved:
        book.click()
    printed = f"/files/{saved.value.suggested_filename}?print=1"
    with tab.context.expect_page() as shown, \
            tab.context.expect_event("request", lambda request: request.url.endswith(printed)) as asked:
        button.focus()
        tab.keyboard.press("Enter")
    # a new tab asks for the PDF to show inline (the headless shell has no viewer to show it in)
    assert asked.value.frame.page == shown.value
    address = asked.value.url
    answer = tab.request.get(address)
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.headers["content-disposition"].startswith("inline;")
    assert answer.body() == Path(saved.value.path()).read_bytes()
    plain = tab.request.get(address.removesuffix("?print=1"))
    assert plain.headers["content-disposition"].startswith("attachment;")


# --- presets --------------------------------------------------------------------------------------

def _built_preset(tmp_path: Path, code: str, preset_id: str) -> Path:
    """Builds a preset as the studio gives it in language `code`; the path of its PDF."""
    book = next(p for p in presets_in(code) if p["id"] == preset_id)["book"]
    out = tmp_path / f"{preset_id}-{code}" / "book.pdf"
    out.parent.mkdir()
    config = out.parent / "book.yaml"
    config.write_text(yaml.safe_dump({**book, "seed": 31}, sort_keys=False), encoding="utf-8")
    assert load_config(config).speech().code == code
    assert main(["build", str(config), "-q", "-j", "1", "-o", str(out)]) == 0
    return out


def test_every_preset_builds_and_the_worksheet_is_one_page_of_puzzles(tmp_path):
    """In German, the longest of the studio's languages; the English worksheet is on US Letter."""
    for preset in PRESETS:
        _built_preset(tmp_path, "de", preset["id"])  # a print-on-demand book has its 24 pages
    for code, size in (("de", (595, 842)), ("en", (612, 792))):  # A4, US Letter
        worksheet = PdfReader(tmp_path / f"worksheet-{code}" / "book.pdf" if code == "de"
                              else _built_preset(tmp_path, code, "worksheet"))
        assert len(worksheet.pages) == 1
        assert tuple(round(float(v)) for v in worksheet.pages[0].mediabox[2:]) == size
    french = next(p for p in presets_in("fr") if p["id"] == "worksheet")
    assert (french["name"], french["book"]["language"]) == ("Fiche d’exercices", "fr")
    assert PRESETS[0]["book"]["layout"] == "a4"  # the data is not changed by being given out


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_a_preset_fills_the_form_asking_first(opened, viewport):
    tab = opened(viewport)
    _control(tab, "title").fill("Work in progress")
    _changed(tab, 2)
    seed = _seed(tab)
    _press(tab, "presets-text")
    tab.locator("#preset-list button").first.wait_for()
    assert tab.locator("#preset-list button").all_inner_texts() == [
        "Worksheet", "Puzzle book 6x9", "Large-print book"]
    tab.keyboard.press("Tab")
    assert tab.locator("#presets-text").get_attribute("aria-expanded") == "true"
    tab.keyboard.press("Escape")  # closes the menu, back on its button
    assert not tab.locator("#preset-list").is_visible()
    assert tab.locator("#presets-text").get_attribute("aria-expanded") == "false"
    assert tab.evaluate("document.activeElement.id") == "presets-text"
    tab.keyboard.press("Enter")
    tab.locator("#preset-list button[data-preset='large-print']").focus()
    tab.keyboard.press("Enter")
    tab.get_by_role("dialog").wait_for()
    tab.keyboard.press("Tab")
    tab.keyboard.press("Enter")
    _changed(tab, 3)
    assert _control(tab, "title").input_value() == "My large-print book"
    assert _control(tab, "large_print").is_checked()
    assert _control(tab, "layout").input_value() == "letter"
    assert _seed(tab) not in ("", seed)
    assert tab.locator("#book .section").count() == 2
    assert tab.evaluate("document.activeElement.id") == "presets-text"
    assert not tab.locator("#preset-list").is_visible()


def test_a_preset_in_a_german_studio_is_an_a4_german_book(opened):
    tab = opened()
    tab.locator("#language").select_option("de")
    tab.wait_for_selector("html[lang='de']")
    _changed(tab, 2)  # the new book, untouched, made again in German
    _press(tab, "presets-text")
    tab.get_by_role("button", name="Arbeitsblatt").click()
    tab.wait_for_selector("body[data-drawn='3']")
    assert _control(tab, "title").input_value() == "Mein Arbeitsblatt"
    assert _control(tab, "layout").input_value() == "a4"
    assert _control(tab, "language").input_value() == "de"
    ticked = tab.locator("#book [data-key='name_line'] input:checked")  # name_line: true
    assert [box.get_attribute("value") for box in ticked.all()] == ["name", "date", "class"]
    # a sheet's name line and versions open below the book's own keys, not in a closed group
    sheet = tab.locator("#book-fields fieldset[data-group='sheet']")
    assert sheet.locator(":scope > legend").inner_text() == "Arbeitsblatt"
    assert sheet.locator("[data-key='name_line'] input").first.is_visible()
    assert sheet.locator("[data-key='versions'] input").is_visible()
    assert tab.locator("#settings [data-key='versions']").count() == 0


# --- plain words ----------------------------------------------------------------------------------

def test_the_form_says_plain_words_and_keeps_the_keys_in_the_help(opened):
    tab = opened()
    for key, label in (("seed", "Puzzle set number"), ("bleed", "Print to the page edge"),
                       ("profile", "Print service")):
        field = tab.locator(f"#book [data-key='{key}']")
        assert field.locator("label").text_content() == label  # its group may be closed
        assert field.locator(".help").text_content().endswith(f"(in the book settings file: {key})")
    # a new book is a worksheet: the sheet and its answers, and the playable page; no cover, no data
    ticked = tab.locator("#book [data-key='formats'] input:checked")
    assert [box.get_attribute("value") for box in ticked.all()] == ["pdf", "html"]
    assert not tab.get_by_label("Puzzle data (for other programs)").is_checked()
    assert tab.locator("#open-text").inner_text() == "Open a book…"
    visible = tab.locator("main label, header, #output").all_inner_texts()
    for jargon in ("YAML", "Seed", "Bleed", "JSON lines", "jsonl"):
        assert not any(jargon in text for text in visible), jargon


# --- axe ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_axe_finds_nothing_serious_in_the_new_states(opened, viewport):
    tab = opened(viewport, csp=False)  # axe is an inline script
    found = []
    _press(tab, "recent-text")
    tab.locator("#recent-list li").first.wait_for()
    _press(tab, "presets-text")
    tab.locator("#preset-list button").first.wait_for()
    found += test_html._axe_violations(tab)
    _control(tab, "title").fill("Asked about")
    _changed(tab, 2)
    _press(tab, "new-book")
    tab.get_by_role("dialog").wait_for()
    found += test_html._axe_violations(tab)
    tab.keyboard.press("Escape")
    _press(tab, "build")
    tab.locator("#downloads button.print").first.wait_for()
    found += test_html._axe_violations(tab)
    assert found == []


TABLET = {"width": 820, "height": 1180}


def test_the_help_lines_and_errors_speak_the_forms_words(opened, browser, address):
    """A teacher read "true (Name, Date, Class), false, or a list of name, ...", "a puzzle type:
    arithmetic, arrows, ...", "one of easy, medium, hard, expert" and "a list of pdf, cover, html,
    jsonl" under the form's fields, and "'count' takes ..." beside "Number of puzzles": they say
    what the form shows now, in its language; the loader's own message keeps its key."""
    english = opened(TABLET)
    german = opened(context=test_studio.studio_context(browser, viewport=TABLET, locale="de-DE"))
    for tab, said in ((english, {
            "name_line": "tick the blanks the pupil fills in, ruled at the top of each sheet",
            "sections[0].type": "the kind of puzzle in this section",
            "sections[0].difficulty": "how hard the puzzles are",
            "sections[0].count": "how many puzzles, from 1 to 1000",
            "formats": "tick the files to make (in the book settings file: formats)",
            "error": "0 is not allowed; \u201cNumber of puzzles\u201d takes a whole number from 1 to 1000"}),
            (german, {
            "name_line": ("wähle die Felder, die Schülerinnen und Schüler oben auf jedem Blatt "
                          "auf einer Linie ausfüllen"),
            "sections[0].type": "die Rätselart dieses Abschnitts",
            "sections[0].difficulty": "wie schwer die Rätsel sind",
            "sections[0].count": "wie viele Rätsel, von 1 bis 1000",
            "formats": ("wähle die Dateien, die entstehen sollen (in der Einstellungsdatei des "
                        "Buchs: formats)"),
            "error": ("0 ist nicht erlaubt; \u201eAnzahl der Rätsel\u201c erwartet eine ganze Zahl "
                      "von 1 bis 1000")})):
        for key, help_line in said.items():
            if key != "error":
                assert tab.locator(f"#book [data-key='{key}'] > .help").text_content() == help_line, key
        book_help = " ".join(tab.locator("#book-fields .help").all_text_contents())
        for yaml_word in ("true", "false", "score_total", "jsonl", "one of", "a list of"):
            assert yaml_word not in book_help, yaml_word
        _control(tab, "sections[0].count").fill("0")
        error = tab.locator("[data-key='sections[0].count'] > .error")
        error.wait_for()
        assert error.inner_text() == said["error"]

