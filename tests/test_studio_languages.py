"""The studio in the user's language (#29): the texts the server gives the page, the language chosen
from the browser's, the switch that redraws the page and keeps the book, and a German page without
an English word of the studio's catalog.

The studio, its server and Chromium are test_studio's fixtures, one of each for this module.
"""

from __future__ import annotations

import io
import re
from importlib import resources
from pathlib import Path

import pytest
import test_html
import test_studio
import yaml
from babel.messages.pofile import read_po

pytest.importorskip("flask", reason="pip install -e '.[studio]'")

from bookgen.i18n import language  # noqa: E402
from bookgen.init import worksheet_trim  # noqa: E402
from bookgen.puzzles import PUZZLE_TYPES, find_type  # noqa: E402
from bookgen.schema import option_schema  # noqa: E402
from bookgen.studio.server import PLURAL_TABLE, _spoken  # noqa: E402  (needs the studio extra)

folder, app, client, address = test_studio.folder, test_studio.app, test_studio.client, test_studio.address
_control = test_studio._control

SPOKEN_EVERYWHERE = {"pdf", "yaml", "json", "kb", "us", "mm"}
"""Names of file formats (and the US of US Letter, the mm of a page size), the same words in every
language."""
SHARED_WITH_GERMAN = {"in", "text", "diagonal", "name", "studio", "version", "bookgen", "print", "on",
                      "demand"}
"""English words of the catalogs that German writes the same ("In einer eigenen PDF-Datei",
"Text mit höchstens 120 Zeichen", "diagonal", the name line's "Name", "das Studio", a sheet's
"Version B", "Print-on-Demand" as German publishers say it), and bookgen's own name."""


def _english_words() -> set[str]:
    """Every word of the studio's English messages (its catalog's ids), lower-cased."""
    catalog = read_po(io.BytesIO(resources.files("bookgen.studio").joinpath("locale/de.po").read_bytes()))
    words = set()
    for message in catalog:
        for text in message.id if isinstance(message.id, (list, tuple)) else [message.id]:
            words |= {w.lower() for w in re.findall(r"[^\W\d_]+", re.sub(r"\{\w+\}", "", text))}
    return words - SPOKEN_EVERYWHERE - SHARED_WITH_GERMAN


def _descriptions(schema: dict) -> dict[str, str]:
    """Every help line of the studio's schema (the book's keys, a section's, each type's
    options), by where it stands."""
    found = {}
    for key, spec in schema["book"]["properties"].items():
        found[key] = spec["description"]
    for key, spec in schema["section"]["properties"].items():
        found[f"sections.{key}"] = spec["description"]
    for type_ in schema["types"]:
        for key, spec in type_["options"].items():
            found[f"{type_['name']}.{key}"] = spec["description"]
    return found


def _english_help_words() -> set[str]:
    """Every word of the English help lines (`bookgen schema`), lower-cased, less the few that are
    German too ("so viel") or that a German help line keeps (names of formats, YAML, Numbrix, the
    built-in shapes' names a user types, the types' names that every language keeps)."""
    from bookgen.puzzles.numbrix.shapes import SHAPES
    from bookgen.schema import book_schema

    book = book_schema()
    schema = {"book": book, "section": book["properties"]["sections"]["items"],
              "types": [{"name": t.name, "options": {o.name: option_schema(o) for o in t.options}}
                        for t in PUZZLE_TYPES]}
    words = set()
    for text in _descriptions(schema).values():
        words |= {w.lower() for w in re.findall(r"[^\W\d_]{2,}", text)}
    kept_names = {t.title.lower() for t in PUZZLE_TYPES if language("de").gettext(t.title) == t.title}
    return words - SPOKEN_EVERYWHERE - SHARED_WITH_GERMAN - set(SHAPES) - kept_names - {
        "jsonl", "bookgen", "min", "max", "layouts", "so"}


# --- the schema: help lines in the interface's language ------------------------------------------

@pytest.mark.parametrize("code", ["de", "fr", "es", "it", "nl"])
def test_every_help_line_of_the_studio_speaks_the_interface_language(client, code):
    english = _descriptions(client.get("/api/schema?lang=en").get_json())
    spoken = _descriptions(client.get(f"/api/schema?lang={code}").get_json())
    assert list(spoken) == list(english) and len(spoken) > 50
    assert [where for where in english if spoken[where] == english[where]] == []
    assert not [text for text in spoken.values() if "{" in text]  # every placeholder filled


def test_the_german_help_lines_name_choices_bounds_and_values_in_german(client):
    spoken = _descriptions(client.get("/api/schema?lang=de").get_json())
    assert spoken["paper"] == "eins von: weiß, creme, farbig (bestimmt die Breite des Buchrückens)"
    assert spoken["sections.difficulty"] == "eins von: leicht, mittel, schwer, Experte, Meister"
    assert spoken["sections.count"] == "eine ganze Zahl von 1 bis 1000"
    assert "Zahlenmauern" in spoken["sections.type"] and "numberwall" not in spoken["sections.type"]
    assert spoken["language"].startswith("eine Sprache: Englisch, Deutsch")
    assert spoken["numberwall.rows"] == ("Reihen der Mauer (Experte: mindestens 5) "
                                         "(eine ganze Zahl von 3 bis 7)")
    english = _english_help_words()
    for where, text in spoken.items():
        if where in ("texts", "hidato.shape", "nonogram.picture", "wordsearch.shape",
                     "wordsearch.message"):  # `bookgen texts`, shapes and keywords a user types
            continue
        assert {w for w in re.findall(r"[^\W\d_]{2,}", text) if w.lower() in english} == set(), where


def test_bookgen_schema_stays_english_and_the_loaders_words_follow_the_language_spoken():
    from bookgen.fields import BOOK_FIELDS
    from bookgen.i18n import speaking
    from bookgen.schema import book_schema

    book = book_schema()
    assert book["properties"]["paper"]["description"] == (
        "one of white, cream, color (sizes the cover's spine)")
    wall = find_type("numberwall").options[0]
    assert option_schema(wall)["description"] == (
        "rows in the wall (expert: at least 5) (a whole number from 3 to 7)")
    assert wall.refusal() == "a whole number from 3 to 7"
    with speaking("de"):  # a refusal in German names the choices by the words a config takes
        assert BOOK_FIELDS["answers"].what == "one of back, separate, none"
        assert BOOK_FIELDS["answers"].takes() == "eins von: back, separate, none"
        assert wall.refusal() == "eine ganze Zahl von 3 bis 7"
        assert option_schema(wall)["description"].startswith("Reihen der Mauer")


def test_the_errors_beside_the_fields_speak_the_interface_language(client):
    """The loader's refusals, each beside its field, in the studio's language: a key's text too
    long, an option out of bounds, an unknown option with its did-you-mean, a missing title."""
    book = {"sections": [{"type": "numberwall", "count": 2, "difficulty": "easy", "rows": 9,
                          "colr": 1}], "subtitle": "x" * 300}
    said = {}
    for code in ("en", "de", "fr"):
        answer = client.post("/api/jobs", json={"purpose": "preview", "book": book},
                             headers={"Accept-Language": code})
        assert answer.status_code == 400
        said[code] = {error["key"]: error["message"] for error in answer.get_json()["errors"]}
    assert said["en"]["title"] == "the book needs 'title' (text of at most 120 characters)"
    assert said["de"]["title"] == "das Buch braucht 'title' (Text mit höchstens 120 Zeichen)"
    assert said["fr"]["title"] == "le livre demande 'title' (un texte d’au plus 120 caractères)"
    assert said["de"]["subtitle"].endswith(
        "ist nicht erlaubt; 'subtitle' erwartet Text mit höchstens 200 Zeichen")
    assert said["de"]["sections[0].rows"] == "9 ist nicht erlaubt; möglich ist eine ganze Zahl von 3 bis 7"
    assert said["fr"]["sections[0].rows"] == (
        "9 n’est pas accepté\u00a0; attendu\u00a0: un nombre entier de 3 à 7")
    assert said["de"]["sections[0].colr"].startswith("unbekannter Schlüssel in einem Abschnitt 'colr'")


# --- the texts endpoint ---------------------------------------------------------------------------

def test_the_german_texts_carry_the_german_build_button_and_every_language_by_its_own_name(client):
    texts = client.get("/api/texts?lang=de").get_json()
    assert texts["language"] == "de"
    assert texts["messages"]["Make the files"] == "Dateien erstellen"
    assert texts["messages"]["level\x04easy"] == "leicht"
    assert texts["messages"]["{count} page, as it will print."] == [
        "{count} Seite, wie sie gedruckt wird.", "{count} Seiten, wie sie gedruckt werden."]
    assert {"code": "de", "name": "Deutsch"} in texts["languages"]
    assert {"code": "fr", "name": "français"} in texts["languages"]
    assert texts["languages"][0] == {"code": "en", "name": "English"}


def test_the_plural_index_follows_each_languages_rule(client):
    german = client.get("/api/texts?lang=de").get_json()["plural"]
    french = client.get("/api/texts?lang=fr").get_json()["plural"]
    assert len(german) == len(french) == PLURAL_TABLE
    assert german[:3] == [1, 0, 1]  # 0 Seiten, 1 Seite, 2 Seiten
    assert french[:3] == [0, 0, 1]  # 0 page, 1 page, 2 pages


def test_an_unknown_language_falls_back_to_english(client):
    texts = client.get("/api/texts?lang=xx").get_json()
    assert texts["language"] == "en" and texts["messages"] == {}
    assert client.get("/api/texts?lang=").get_json()["language"] == "en"


@pytest.mark.parametrize(("header", "chosen"), [
    ("fr-CH, fr;q=0.9, en;q=0.8", "fr"), ("ja, nl;q=0.5", "nl"), ("ja, zh", "en"), (None, "en")])
def test_without_a_choice_the_browsers_language_is_spoken_when_the_studio_speaks_it(client, header, chosen):
    headers = {"Accept-Language": header} if header else {}
    assert client.get("/api/texts", headers=headers).get_json()["language"] == chosen


def test_the_studios_own_job_messages_speak_the_interface_language_and_a_jobs_refusal_passes_as_said(app):
    lost = {"key": None, "message": "the build stopped unexpectedly", "line": None,
            "text": "the build stopped unexpectedly"}
    loader = {"key": "sections[0].count", "message": "count must be at least 1", "line": 3,
              "text": "book.yaml, line 3: count must be at least 1"}
    with app.test_request_context("/api/jobs/1", headers={"Accept-Language": "de"}):
        assert _spoken({"error": dict(lost)})["error"]["message"] == "die Erstellung brach unerwartet ab"
        assert _spoken({"error": dict(loader)})["error"] == loader


@pytest.mark.parametrize(("code", "said"), [("de", "dieser Adresse fehlt der Schlüssel des Studios"),
                                            ("fr", "il manque à cette adresse le jeton du studio")])
def test_a_request_without_the_token_is_refused_in_the_browsers_language(app, code, said):
    answer = app.test_client().get("/api/schema", headers={"Accept-Language": code})
    assert answer.status_code == 403 and said in answer.get_json()["errors"][0]["message"]
    page = app.test_client().get("/", headers={"Accept-Language": code})
    assert page.status_code == 403 and said in page.get_data(as_text=True)


@pytest.mark.parametrize(("code", "said"), [("de", "das Studio hat keine solche Seite oder Datei"),
                                            ("fr", "le studio n'a pas cette page ou ce fichier")])
def test_an_address_the_studio_lacks_is_refused_in_the_interface_language(client, code, said):
    answer = client.get("/api/jobs/nothere", headers={"Accept-Language": code})
    assert answer.status_code == 404 and answer.get_json()["errors"][0]["message"] == said


@pytest.mark.parametrize(("text", "said"), [
    ("- a\n- b\n", "eine Buchkonfiguration ordnet Schlüsseln Werte zu"),
    ("title: T\n\tsections: []\n", "ein Tabulator: YAML rückt nur mit Leerzeichen ein"),
], ids=["a list", "a tab"])
def test_a_file_opened_in_a_german_studio_is_refused_in_german(client, text, said):
    answer = client.post("/api/open", json={"yaml": text}, headers={"Accept-Language": "de"})
    (error,) = answer.get_json()["errors"]
    assert answer.status_code == 400 and said in error["message"] and "die geöffnete Datei" in error["text"]


def test_a_job_that_fails_says_why_in_the_interface_language(client):
    """A book the loader takes but whose puzzles cannot be made fails in its job: the job speaks
    the page's language, so a French teacher reads why in French (#43)."""
    book = {"title": "T", "sections": [{"type": "fillin", "difficulty": "hard", "count": 1,
                                        "words": ["cat", "tac", "act", "cta"]}]}
    started = client.post("/api/jobs", json={"purpose": "preview", "book": book},
                          headers={"Accept-Language": "fr"})
    assert started.status_code == 202, started.get_json()
    status = test_studio._wait(client, started.get_json()["id"], 120)
    assert status["state"] == "failed", status
    assert "aucune grille de mots casés de niveau difficile en 120 essais" in status["error"]["message"]


# --- the page in Chromium -------------------------------------------------------------------------

def _open(browser, address, locale: str = "en-US", width: int = 1280):
    context = test_studio.studio_context(browser, viewport={"width": width, "height": 1000}, locale=locale)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(address)
    tab.wait_for_selector("body[data-drawn='1']")
    return context, tab, errors


def test_switching_to_deutsch_redraws_the_page_keeps_the_book_and_is_remembered(browser, address):
    context, tab, errors = _open(browser, address)
    assert tab.locator("#build").inner_text() == "Make the files"
    _control(tab, "title").fill("Times tables")
    test_studio._section_control(tab, "count").fill("3")
    test_studio._changed(tab, 2)
    tab.select_option("#language", label="Deutsch")
    tab.wait_for_selector("#build:has-text('Dateien erstellen')")
    assert tab.get_attribute("html", "lang") == "de"
    assert tab.locator("#new-book").inner_text() == "Neues Buch"
    assert tab.locator("#build-progress").get_attribute("aria-label") == "Fortschritt der Erstellung"
    assert _control(tab, "title").input_value() == "Times tables"  # the book is the one being edited
    assert test_studio._section_control(tab, "count").input_value() == "3"
    assert _control(tab, "language").input_value() in ("", "en")  # the book keeps its language
    assert tab.locator("[data-key='title'] > .help").inner_text() == "Text mit höchstens 120 Zeichen"
    test_studio._changed(tab, 3)
    pages = tab.locator("#pages figcaption").all_inner_texts()
    assert pages == ["Seite 1", "Lösungsseite 1"]  # the sheet, and its answers (a file of their own)
    assert tab.locator("#preview-status").inner_text() == "2 Seiten, wie sie gedruckt werden."
    test_html.reload_page(tab, test_studio.OPENED)
    tab.wait_for_selector("body[data-drawn='1']")
    assert tab.locator("#build").inner_text() == "Dateien erstellen"
    assert tab.locator("#language").input_value() == "de"
    context.close()
    assert errors == []


def test_a_build_running_while_the_language_changes_goes_on_and_ends_in_the_new_language(
        browser, address, app):
    context, tab, errors = _open(browser, address)
    test_studio._section_control(tab, "count").fill("150")
    test_studio._changed(tab, 2)
    tab.get_by_role("button", name="Make the files").click()
    tab.wait_for_selector("#build-status:has-text('puzzles')")
    build = [job for job in app.extensions["bookgen-studio"].jobs.values() if job.purpose == "build"][-1]
    assert build.state == "running"  # the switch comes while it runs (asked after the page's
    tab.select_option("#language", label="Nederlands")  # redraw, a fast build had ended)
    tab.wait_for_selector("#build:has-text('Bestanden maken')")
    tab.wait_for_selector("#build-status:has-text('Je bestanden zijn klaar.')", timeout=120_000)
    links = tab.locator("#downloads a").all_inner_texts()
    assert len(links) == 4 and all(re.fullmatch(r"my-worksheet[\w.-]+ \([\d.]+ kB\)", link) for link in links)
    assert build.state == "done"
    tab.select_option("#language", label="français")  # texts already shown follow the language
    tab.wait_for_selector("#build-status:has-text('Vos fichiers sont prêts.')")
    assert all(link.endswith(" ko)") for link in tab.locator("#downloads a").all_inner_texts())
    context.close()
    assert errors == []


def _book(tab) -> dict:
    return tab.evaluate("studio.book")


@pytest.mark.parametrize(("locale", "title", "paper"), [
    ("de-DE", "Mein Arbeitsblatt", "a4"), ("es-ES", "Mi ficha de ejercicios", "a4"),
    ("fr-FR", "Ma fiche d’exercices", "a4"), ("en-US", "My worksheet", "letter")])
def test_a_new_book_is_a_worksheet_in_the_browsers_language_on_its_paper(browser, address, client,
                                                                          locale, title, paper):
    """A German teacher's first book was "Mein Arbeitsblatt" on US Letter, without a name line, its
    answers at the back: now a worksheet as its title says, on the paper `bookgen worksheet -L`
    prints on (A4, US Letter in English), as the Worksheet template makes it."""
    context, tab, errors = _open(browser, address, locale=locale)
    code = locale[:2]
    book = _book(tab)
    assert (book["title"], book["layout"], book.get("language", "en")) == (title, paper, code)
    assert paper == worksheet_trim(code)
    template = next(p for p in client.get(f"/api/presets?lang={code}").get_json()["presets"]
                    if p["id"] == "worksheet")["book"]
    for key in ("title", "layout", "answers", "name_line", "title_page", "contents"):
        assert book[key] == template[key], key
    ticked = tab.locator("#book [data-key='name_line'] input:checked")
    assert len(ticked.all()) == 3  # Name, Date, Class
    assert tab.locator("#book-fields fieldset[data-group='sheet']").is_visible()
    if code == "de":
        assert tab.locator("#build").inner_text() == "Dateien erstellen"
        assert _control(tab, "language").input_value() == "de"
    context.close()
    assert errors == []


def test_a_new_book_left_untouched_follows_the_language_and_a_touched_one_stays(browser, address):
    context, tab, errors = _open(browser, address)
    seed = _book(tab)["seed"]
    tab.select_option("#language", label="Deutsch")
    test_studio._changed(tab, 2)
    book = _book(tab)
    assert (book["title"], book["language"], book["layout"], book["seed"]) == (
        "Mein Arbeitsblatt", "de", "a4", seed)  # the same puzzles, in German on A4
    _control(tab, "title").fill("Tiere")
    test_studio._changed(tab, 3)
    tab.select_option("#language", label="English")
    tab.wait_for_selector("#build:has-text('Make the files')")
    book = _book(tab)
    assert (book["title"], book["language"], book["layout"]) == ("Tiere", "de", "a4")  # kept as it is
    context.close()
    assert errors == []


def test_the_books_language_takes_its_paper_along_unless_another_was_chosen(browser, address):
    context, tab, errors = _open(browser, address)
    tab.locator("#settings details[open], #settings details").first.locator("summary").click()
    _control(tab, "language").select_option("de")
    assert (_book(tab)["layout"], _control(tab, "layout").input_value()) == ("a4", "a4")
    _control(tab, "language").select_option("fr")  # A4 is French paper too
    assert _book(tab)["layout"] == "a4"
    _control(tab, "language").select_option("en")
    assert (_book(tab)["layout"], _control(tab, "layout").input_value()) == ("letter", "letter")
    _control(tab, "layout").select_option("a5")  # chosen: it stays, whatever the language
    _control(tab, "language").select_option("nl")
    assert _book(tab)["layout"] == "a5"
    context.close()
    assert errors == []


def test_a_section_follows_the_books_language_until_it_is_given_its_own(browser, address, tmp_path):
    """A German book's word search showed "English" as the language of its section (the type's
    option's default), though the section, with no `language:`, is German as its book."""
    context, tab, errors = _open(browser, address, locale="de-DE")
    test_studio._section_control(tab, "type").select_option("wordsearch")
    test_studio._changed(tab, 2)
    select = tab.locator("[data-key='sections[0].language'] select")
    chosen = select.locator("option:checked")
    assert (select.input_value(), chosen.text_content()) == ("", "Wie das Buch (Deutsch)")
    assert select.locator("option").all_text_contents()[1:3] == ["English", "Deutsch"]
    assert "language" not in _book(tab)["sections"][0]
    tab.locator("#settings details").first.locator("summary").click()
    _control(tab, "language").select_option("nl")  # the book's language: the choice says it
    assert chosen.text_content() == "Wie das Buch (Nederlands)"
    select.locator("xpath=ancestor::details[1]/summary").click()  # "Weitere Einstellungen"
    select.select_option("fr")
    assert _book(tab)["sections"][0]["language"] == "fr"
    select.select_option("")  # back to the book's
    assert "language" not in _book(tab)["sections"][0]
    select.select_option("es")
    test_studio._changed(tab, 3)
    with tab.expect_download() as saved:
        tab.get_by_role("button", name="Buch speichern").click()
    config = yaml.safe_load(Path(saved.value.path()).read_text(encoding="utf-8"))
    assert (config["language"], config["sections"][0]["language"]) == ("nl", "es")
    context.close()
    assert errors == []


def test_a_french_crossword_follows_the_book_and_the_page_sizes_read_in_millimetres(browser, address):
    """A French teacher's crossword is French as its book (the type's option `language` defaults
    to English, which the section does not take), the sheet is saved on A4, and the page size menu
    names each paper with its size in millimetres, the inch trims too."""
    context, tab, errors = _open(browser, address, locale="fr-FR")
    test_studio._section_control(tab, "type").select_option("crossword")
    test_studio._changed(tab, 2)
    select = tab.locator("[data-key='sections[0].language'] select")
    assert (select.input_value(), select.locator("option:checked").text_content()) == (
        "", "Comme le livre (français)")
    sizes = _control(tab, "layout").locator("option")
    named = dict(zip(sizes.evaluate_all("options => options.map((o) => o.value)"), sizes.all_text_contents()))
    assert (named["a4"], named["letter"], named["6x9"], named["5.5x8.5"]) == (
        "A4 (210 × 297 mm)", "Lettre US (216 × 279 mm)", "6 × 9 pouces (152 × 229 mm)",
        "5,5 × 8,5 pouces (140 × 216 mm)")
    with tab.expect_download() as saved:
        tab.get_by_role("button", name="Enregistrer le livre").click()
    config = yaml.safe_load(Path(saved.value.path()).read_text(encoding="utf-8"))
    assert (config["language"], config["layout"]) == ("fr", "a4")
    assert "language" not in config["sections"][0]
    context.close()
    assert errors == []


def _option_field(tab, key: str) -> tuple[str, list[str]]:
    """The first section's control for `key` (shown or folded away under "More options"): its
    label, and its menu's choices as they read."""
    field = tab.locator(f"[data-key='sections[0].{key}']")
    return field.locator("label").first.text_content(), field.locator("option").all_text_contents()


def test_a_types_options_read_in_the_types_own_words_in_german(browser, address):
    """Each option is labelled, and its choices named, by the type's messages in the interface's
    language (the script keeps no words of its own for them), a menu's choices starting with a
    capital; a key that is a section's too keeps the section's label."""
    context, tab, errors = _open(browser, address, locale="de-DE")
    test_studio._section_control(tab, "type").select_option("placement")
    assert _option_field(tab, "size")[0] == "Anzahl der Kästchen"
    assert _option_field(tab, "numbers") == ("Zahlen", [
        "(bitte wählen)", "Natürliche Zahlen", "Mit negativen Zahlen", "Dezimalzahlen", "Brüche", "Gemischt"])
    assert _option_field(tab, "unique")[0] == "Nur eine Lösung"
    test_studio._section_control(tab, "type").select_option("sudoku")
    assert _option_field(tab, "symmetry") == ("Symmetrie", [
        "Drehsymmetrisch", "Spiegelsymmetrisch", "Keine", "Vierteldrehung", "Doppelt spiegelsymmetrisch",
        "Achtfach symmetrisch"])
    assert _option_field(tab, "variant")[1] == [
        "Klassisch", "Diagonal", "Chaos-Sudoku", "Summen-Sudoku", "Summen-Sudoku mit Diagonalen",
        "Chaos-Sudoku mit Diagonalen", "Chaos-Summen-Sudoku"]
    test_studio._section_control(tab, "type").select_option("wordsearch")
    assert _option_field(tab, "theme")[0] == "Thema"
    assert _option_field(tab, "theme")[1][:6] == ["Tiere", "Essen", "Schule", "Natur", "Jahreszeiten",
                                                  "Feste und Feiertage"]
    assert _option_field(tab, "language")[0] == "Sprache dieses Abschnitts"  # not the option's "Alphabet"
    context.close()
    assert errors == []


def _visible_words(tab) -> str:
    """The text a user of the page reads or hears: visible text and the aria-label, title,
    placeholder and alt attributes, leaving out what is not the studio's: the rules (the type's
    catalog), the type names and the languages' own names. The help lines under the controls are
    read (bookgen's schema, spoken in the interface's language)."""
    return tab.evaluate("""() => {
        const skipped = (e) => e.closest('.rules, #language') ||
                               (e.closest('select') && e.closest('[data-key$=".type"]'));
        const parts = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
            const node = walker.currentNode;
            const element = node.parentElement;
            if (skipped(element) || element.closest('[hidden], script, style')) continue;
            if (!element.closest('option') && !element.checkVisibility()) continue;
            parts.push(node.textContent);
        }
        for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
            if (skipped(element)) continue;
            for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
                if (element.hasAttribute(name)) parts.push(element.getAttribute(name));
            }
        }
        return parts.join(' ');
    }""")


def test_the_german_studio_shows_no_english_word_of_its_catalog(browser, address, client):
    context, tab, errors = _open(browser, address, locale="de-DE")
    tab.locator("details.about summary").first.click()
    types = client.get("/api/schema?lang=de").get_json()["types"]
    text = _visible_words(tab)
    for type_ in types:  # the types' names are their catalogs' words
        text = text.replace(type_["title"], " ")
    for spoken in client.get("/api/texts?lang=de").get_json()["languages"]:
        text = text.replace(spoken["name"], " ")  # the book's language chosen by its own name
    for key in ("seed", "profile", "bleed", "formats"):  # a key's name in the file, kept in its help line
        text = text.replace(f"Einstellungsdatei des Buchs: {key})", " ")
    english = _english_words() | _english_help_words()
    found = sorted({word for word in re.findall(r"[^\W\d_]{2,}", text)  # not the a of a4, a5
                    if word.lower() in english})
    assert "Dateien erstellen" in text and "Seite 1" in text
    assert "Text mit höchstens 120 Zeichen" in text  # the title's help line, in German
    assert found == []
    context.close()
    assert errors == []


def test_axe_finds_nothing_serious_in_the_german_studio_on_a_phone(browser, address):
    context = test_studio.studio_context(browser, viewport={"width": 390, "height": 844}, locale="de-DE",
                                          bypass_csp=True)  # axe is an inline script
    tab = context.new_page()
    tab.goto(address)
    tab.wait_for_selector("body[data-drawn='1']")
    tab.locator("details.about summary").first.click()
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    found = test_html._axe_violations(tab)
    context.close()
    assert found == []


@pytest.mark.parametrize("locale", ["de-DE", "fr-FR"])
def test_the_long_help_lines_wrap_inside_a_phone(browser, address, locale):
    context, tab, errors = _open(browser, address, locale=locale, width=390)
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    shown = tab.evaluate("""() => [...document.querySelectorAll('.help')].filter((e) => e.textContent)
        .map((e) => {
            const text = document.createRange();
            text.selectNodeContents(e);
            return {right: e.getBoundingClientRect().right, lines: text.getClientRects().length,
                    clipped: e.scrollWidth > e.clientWidth + 1};
        })""")
    assert len(shown) > 10
    assert [line for line in shown if line["right"] > 390 or line["clipped"]] == []
    assert max(line["lines"] for line in shown) >= 3  # the long ones wrap rather than run off
    context.close()
    assert errors == []
