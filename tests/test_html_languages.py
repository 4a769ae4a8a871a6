"""The playable page in the book's language: the skeleton, the frame's words and the hints' reasons
come from the catalogs (bookgen/html/locale and each type's), `<html lang>` names the language,
and the script's plural forms follow the language's plural expression, read without eval.

"No English" is checked against the English ids of the catalogs themselves: every word of an
English message that its German translation does not also use (Start, Pause, Tab ...) must not
appear on a German page. A type's own words (its rules, hints, key help) are checked too once its
German catalog is written; until then those checks are expected failures, named as such.
"""

from __future__ import annotations

import html.parser
import json
import re
from importlib import resources
from pathlib import Path

import pytest
import test_html

from bookgen import puzzles
from bookgen.book import make_book
from bookgen.config import read_config_text
from bookgen.formats.html import html_files
from bookgen.html import render_html
from bookgen.i18n import ENGLISH, Language, language, ngettext, speaking
from bookgen.i18n.homes import LOCALE

HTML_HOME = resources.files("bookgen.html")
# German rules and titles written into the config, so that the page's words are the frame's own
# and the types' catalogs are not needed to build a German page.
SECTION = """\
  - type: {name}
    count: 1
    difficulty: easy
    title: "{title}"
    rules: "Trage die fehlenden Zahlen ein."
"""
TITLES = {"numbrix": "Numbrix", "hidato": "Hidato", "placement": "Zahlen ordnen",
          "arithmetic": "Rechne zur Zielzahl", "arrows": "Pfeilrätsel", "numberwall": "Zahlenmauern",
          "pyramid": "Differenzpyramiden"}
FRAME_ONLY = ("numberwall",)
"""Types whose game script shows no word of its own: their page is all the frame's."""
EVERY_TYPE = tuple(t.name for t in puzzles.PUZZLE_TYPES if t.name in TITLES)
TYPE_NAMES = {"numbrix", "hidato"}  # kept in every language


def _homes(type_names) -> list:
    return [HTML_HOME] + [puzzles.type_home(puzzles.find_type(name)) for name in type_names]


def english_words(type_names, code: str = "de") -> set[str]:
    """The words of the English ids of the player's catalog and the types' that the translation
    into `code` does not also use, lower case (placeholders and markup left out)."""
    from babel.messages.pofile import read_po

    english: set[str] = set()
    translated: set[str] = set()
    for home in _homes(type_names):
        po = home / LOCALE / f"{code}.po"
        if not po.is_file():
            continue
        with po.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
            texts = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
            english |= _words(" ".join(ids))
            translated |= _words(" ".join(texts))
    return {word for word in english - translated - TYPE_NAMES if len(word) > 1}


def _words(text: str) -> set[str]:
    return {word.lower() for word in re.findall(r"[A-Za-z]+", re.sub(r"\{\w+\}|<[^>]*>", " ", text))}


def german_book(tmp_path: Path, type_names) -> str:
    text = "title: Rätselspaß\nsubtitle: Für lange Abende\nlanguage: de\nsections:\n" + "".join(
        SECTION.format(name=name, title=TITLES[name]) for name in type_names)
    config = read_config_text(text, tmp_path / "book.yaml")
    [(_, page)] = html_files(make_book(config, workers=1), tmp_path / "book.pdf")
    return page.decode("utf-8")


def _texts_block(page: str) -> dict:
    return json.loads(page.split('id="bookgen-texts">')[1].split("</script>")[0])


class _Visible(html.parser.HTMLParser):
    """The text of a page outside its scripts and styles, and its aria-label, title and
    placeholder attributes (noscript's print copy and folded help included)."""

    def __init__(self) -> None:
        super().__init__()
        self.pieces: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        labels = ("aria-label", "title", "placeholder")
        self.pieces += [value or "" for name, value in attrs if name in labels]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.pieces.append(data)


def _english_in(text: str, words: set[str]) -> set[str]:
    return _words(text) & words


@pytest.fixture(scope="module")
def frame_page(tmp_path_factory) -> str:
    return german_book(tmp_path_factory.mktemp("de"), FRAME_ONLY)


def test_a_german_page_says_so_and_carries_german_texts(frame_page):
    assert '<html lang="de" class="no-js">' in frame_page
    texts = _texts_block(frame_page)
    assert texts["code"] == "de" and texts["plural"] == "(n != 1)"
    assert texts["messages"]["Undo"] == "Rückgängig"
    assert texts["messages"]["{count} wrong entry, marked."] == [
        "{count} falscher Eintrag, markiert.", "{count} falsche Einträge, markiert."]
    assert '<span class="level level-easy">Stufe leicht</span>' in frame_page
    assert '<button type="button" data-action="hint">Tipp</button>' in frame_page
    parser = _Visible()
    parser.feed(frame_page)
    assert _english_in(" ".join(parser.pieces), english_words(FRAME_ONLY)) == set()


def test_an_english_page_keeps_its_words_and_carries_no_translation():
    page = render_html(test_html.TITLE, None, test_html.SECTIONS)
    assert '<html lang="en" class="no-js">' in page
    assert _texts_block(page) == {"code": "en", "plural": "(n != 1)", "messages": {}}
    with speaking(ENGLISH.with_texts({"Undo": "Take back"})):
        overridden = render_html(test_html.TITLE, None, test_html.SECTIONS)
    assert _texts_block(overridden)["messages"] == {"Undo": "Take back"}
    assert '<button type="button" data-action="undo">Take back</button>' in overridden


def test_the_word_list_is_real():
    """The check below would see English: its list holds the frame's own words."""
    words = english_words(FRAME_ONLY)
    assert {"undo", "hint", "reveal", "contents", "wrong"} <= words
    assert "start" not in words and "numbrix" not in words  # the same in German; a type's name


# --- in the browser -------------------------------------------------------------------------------

SHOWN_TEXT = """() => {
  document.querySelectorAll("details").forEach(node => { node.open = true; });
  const labels = Array.from(document.querySelectorAll("[aria-label], [title], [placeholder]"))
    .flatMap(node => ["aria-label", "title", "placeholder"].map(name => node.getAttribute(name) || ""));
  return [document.body.innerText, ...labels].join("\\n");
}"""


@pytest.mark.parametrize("type_names", [FRAME_ONLY, EVERY_TYPE], ids=["frame", "every-type"])
def test_a_german_page_shows_no_english(browser, tmp_path, type_names):
    page = tmp_path / "book.html"
    page.write_text(german_book(tmp_path, type_names), encoding="utf-8")
    with test_html._opener(browser, page) as open_:
        tab = open_()
        tab.locator("article.puzzle").first.locator("[data-action='check']").click()  # a status line
        shown = tab.evaluate(SHOWN_TEXT)
    assert "Rückgängig" in shown and "Inhalt" in shown
    assert _english_in(shown, english_words(type_names)) == set()


def test_hint_gives_its_reason_in_german(browser, tmp_path):
    name = FRAME_ONLY[0]
    source = german_book(tmp_path, (name,))
    page = tmp_path / "book.html"
    page.write_text(source, encoding="utf-8")
    record = json.loads(source.split('id="bookgen-data">')[1].split("</script>")[0])[0]
    puzzle_type = puzzles.find_type(name)
    with speaking("de"):
        first = puzzle_type.hints(record["puzzle"], record["solution"])[0]
    with test_html._opener(browser, page) as open_:
        tab = open_()
        tab.locator("#puzzle-1 [data-action='hint']").click()
        said = tab.locator("#puzzle-1 .status").inner_text()
    assert re.fullmatch(r"Reihe \d+, Stein \d+: (.+)\.", said), said
    assert said.endswith(f": {first['why']}.")
    assert _english_in(said, english_words((name,))) == set()


# Polish's expression: three forms, and all of C's operators that catalogs use.
POLISH = "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"
POLISH_HINTS = {"{count} hint given": ("{count} wskazówka", "{count} wskazówki", "{count} wskazówek")}


@pytest.mark.parametrize("speech", [
    language("de"), language("fr"), Language("pl", POLISH_HINTS, POLISH),
    ENGLISH.with_texts({"{count} hint given": "{count} clue|{count} clues"}),
], ids=["de", "fr", "pl", "en-texts"])
def test_counted_texts_follow_the_plural_rule_without_eval(browser, tmp_path, monkeypatch, speech):
    """The page's plural forms are chosen as gettext chooses them (Python's c2py), for counts from 0
    to 130, with no eval or new Function: the page runs under a policy that forbids both."""
    if speech.code == "pl":  # a language bookgen has no catalog of: its player's catalog made up here
        monkeypatch.setattr("bookgen.html.read_home", lambda home, code: (POLISH_HINTS, POLISH))
    with speaking(speech):
        source = render_html("T", None, test_html.SECTIONS[:1])
    policy = ("<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'unsafe-inline'\">"
              "<script>try { new Function(''); }"
              " catch (error) { document.documentElement.dataset.noEval = ''; }</script>")
    page = tmp_path / "book.html"
    page.write_text(source.replace('<meta charset="utf-8">', '<meta charset="utf-8">' + policy),
                    encoding="utf-8")
    with test_html._opener(browser, page) as open_:
        tab = open_()
        said = tab.evaluate("""() => Array.from({length: 131}, (_, n) =>
            window.bookgenFrame.tn("{count} hint given", "{count} hints given", n, {count: n}))""")
        blocked = tab.evaluate("() => document.documentElement.dataset.noEval === ''")
    assert blocked  # the policy is in force
    with speaking(speech):
        expected = [ngettext("{count} hint given", "{count} hints given", n).format(count=n)
                    for n in range(131)]
    assert said == expected


OVERFLOWING = """() => Array.from(document.querySelectorAll("button, label, summary, a, h1, h2, h3"))
  .filter(node => node.offsetParent && node.scrollWidth > node.clientWidth + 1)
  .map(node => node.textContent)
  .concat(document.scrollingElement.scrollWidth > window.innerWidth ? ["the page itself"] : [])"""


@pytest.mark.parametrize("code", ["de", "fr", "es", "it", "nl"])
def test_longer_words_fit_a_320_px_phone(browser, tmp_path, code):
    """German and French run a third longer than English: every button keeps its word whole inside
    it, and the page never scrolls sideways, on the narrowest phone."""
    page = tmp_path / "book.html"
    with speaking(code):
        page.write_text(render_html(test_html.TITLE, None, test_html.SECTIONS), encoding="utf-8")
    with test_html._opener(browser, page) as open_:
        tab = open_(width=320, height=800, touch=True)
        tab.evaluate("document.querySelectorAll('[data-action=hint]')"
                     ".forEach(node => { node.hidden = false; })")  # the test records have no hints
        overflowing = tab.evaluate(OVERFLOWING)
    assert overflowing == []


@pytest.mark.parametrize(("code", "start", "square", "blank", "name"), [
    ("fr", "Démarrer", "Départ", "Imprimer le jeu vierge", "Jeu 1"),
    ("es", "Empezar", "Inicio", "Imprimir en blanco", "Pasatiempo 1"),
    ("it", "Inizia", "Partenza", "Stampa il gioco vuoto", "Gioco 1"),
    ("de", "Start", "Start", "Leer drucken", "Rätsel 1")])
def test_the_timers_start_is_a_verb_apart_from_the_mazes_start_square(browser, tmp_path, code, start, square,
                                                                       blank, name):
    """The timer's button and a maze's start square were one message, so a French timer read
    "Départ" (the square's noun) where it means "Démarrer"; a context keeps them apart. A maze is
    no grid: French names it "Jeu 1", not "Grille 1"."""
    config = read_config_text(f"title: T\nlanguage: {code}\nsections:\n  - type: maze\n    count: 1\n"
                              "    difficulty: easy\n", tmp_path / "book.yaml")
    [(_, page)] = html_files(make_book(config, workers=1), tmp_path / "book.pdf")
    path = tmp_path / "book.html"
    path.write_bytes(page)
    with test_html._opener(browser, path) as open_:
        tab = open_()
        assert tab.locator("[data-action='pause']").first.inner_text() == start
        assert tab.locator("svg text.word").first.text_content() == square
        assert tab.locator("[data-print='blank']").first.inner_text() == blank
        assert tab.locator("article.puzzle h3").first.inner_text() == name
