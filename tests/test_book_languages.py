"""The printed book and its cover in the book's language: German headings, level names, answers and
page references; a section in its own language; `texts:` and a section's `rules:` printed; /Lang set;
`bookgen texts` lists what a book may replace."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from bookgen.book import make_book
from bookgen.config import read_config_text
from bookgen.errors import BookgenError
from bookgen.formats.html import html_files
from bookgen.i18n import speaking
from bookgen.render.cover import render_cover
from bookgen.render.flowables import Pass
from bookgen.render.pdf import interior

BOOK = """\
title: Ein kleines Rätselbuch
language: de
seed: 5
{extra}sections:
  - {{type: numbrix, count: 2, difficulty: easy, size: 5{first}}}
  - {{type: placement, count: 2, difficulty: hard{second}}}
"""


def made(tmp_path, extra="", first="", second=""):
    config = read_config_text(BOOK.format(extra=extra, first=first, second=second),
                              tmp_path / "book.yaml")
    return make_book(config)


def pages_text(data: bytes) -> list[str]:
    """Each page's text; pypdf reads a no-break space as a space."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def lines(texts: list[str]) -> set[str]:
    return {line.strip() for text in texts for line in text.splitlines()}


@pytest.fixture(scope="module")
def german(tmp_path_factory):
    book = made(tmp_path_factory.mktemp("de"))
    return book, interior(book).pdf


def test_a_german_book_prints_german_headings_levels_and_answers(german):
    book, pdf = german
    texts = pages_text(pdf)
    whole = "\n".join(texts)
    assert "Inhalt" in lines(texts[:3]) and "Lösungen" in lines(texts)
    assert "Schwierigkeit: Leicht \u2605" in whole and "Schwierigkeit: Schwer \u2605\u2605\u2605" in whole
    assert "leicht \u00b7 Rätsel 1\u20132" in whole  # the contents entry
    assert "Beispiel" in whole and "So geht’s:" in whole
    assert re.search(r"Seite \d+", whole)  # an answer's page reference
    for english in ("Contents", "Answers", "Difficulty", "How to play", "Example", "Solved",
                    "Puzzles", "page "):
        assert english not in whole, english


def test_an_answer_pages_running_head_speaks_the_language():
    state = Pass(None, None, None, False, 1.0, {}, {}, {}, False)  # type: ignore[arg-type]
    state.answered += [3, 4, 7]
    with speaking("de"):
        assert state.running_head() == "Lösungen 3\u20137"
    state.answered[:] = [5]
    with speaking("nl"):
        assert state.running_head() == "Oplossing 5"


def test_a_german_book_and_its_cover_say_so_in_the_pdf(german):
    book, pdf = german
    assert PdfReader(io.BytesIO(pdf)).trailer["/Root"]["/Lang"] == "de"
    cover = render_cover(book, interior(book).pages)
    reader = PdfReader(io.BytesIO(cover))
    assert reader.trailer["/Root"]["/Lang"] == "de"
    back = reader.pages[0].extract_text()
    assert "4 Rätsel, alle geprüft, mit Lösungen hinten im Buch" in back
    assert "puzzles" not in back and reader.metadata.title.endswith("Umschlag")


def test_an_english_book_has_no_lang_and_english_words(tmp_path):
    config = read_config_text(BOOK.format(extra="", first="", second="").replace(
        "language: de", "language: en"), tmp_path / "book.yaml")
    pdf = interior(make_book(config)).pdf
    assert "/Lang" not in PdfReader(io.BytesIO(pdf)).trailer["/Root"]  # the bytes it always had
    whole = "\n".join(pages_text(pdf))
    assert "Contents" in whole and "Difficulty: Easy" in whole and "Inhalt" not in whole


@pytest.mark.parametrize(("code", "entry"), [
    ("es", "nivel fácil \u00b7 pasatiempos 1\u20132"), ("it", "livello facile \u00b7 giochi 1\u20132"),
    ("fr", "niveau facile \u00b7 jeux 1\u20132"), ("de", "Stufe leicht \u00b7 Rätsel 1\u20132"),
    ("en", "easy \u00b7 puzzles 1\u20132")])
def test_a_contents_entry_names_the_level_so_it_agrees_with_any_title(tmp_path, code, entry):
    """"Sopas de letras fácil" cannot agree (plural, feminine): the contents say "nivel fácil"
    where a language's adjectives agree with their noun; English keeps its bare word."""
    config = read_config_text(BOOK.format(extra="", first="", second="").replace(
        "language: de", f"language: {code}"), tmp_path / "book.yaml")
    book = make_book(config)
    contents = "\n".join(pages_text(interior(book).pdf)[:3])
    assert entry in contents
    page = html_files(book, tmp_path / "book.pdf")[0][1].decode("utf-8")
    level = entry.partition(" \u00b7")[0]
    assert f'<span class="level level-easy">{level}</span>' in page


MASTER = """\
title: Masters
language: {code}
seed: 5
sections:
  - {{type: sudoku, count: 1, difficulty: master}}
  - {{type: numbrix, count: 1, difficulty: expert, size: 5}}
"""


@pytest.mark.parametrize(("code", "heading", "entry"), [
    ("en", "Difficulty: Master \u2605\u2605\u2605\u2605\u2605 \u00b7 Puzzle 1", "master \u00b7 puzzle 1"),
    ("fr", "Niveau : maître \u2605\u2605\u2605\u2605\u2605 \u00b7 Jeu 1",
     "niveau maître \u00b7 jeu 1")])
def test_a_master_section_has_five_stars_and_its_level_word_in_the_books_language(tmp_path, code,
                                                                                   heading, entry):
    book = make_book(read_config_text(MASTER.format(code=code), tmp_path / "book.yaml"))
    texts = pages_text(interior(book).pdf)
    assert heading in lines(texts)
    assert sum(line.count("\u2605") for line in lines(texts)) == 5 + 4  # the expert section's four
    assert entry in "\n".join(texts[:3])  # the contents
    page = html_files(book, tmp_path / "book.pdf")[0][1].decode("utf-8")
    level = entry.partition(" \u00b7")[0]
    assert page.count(f'<span class="level level-master">{level}</span>') == 2  # contents, puzzle


def test_a_section_of_one_puzzle_says_puzzle_and_the_auditor_reads_its_key(tmp_path):
    """"Jeu 1", not "Jeux 1" (a teacher's one crossword of her own clues), on the section's
    page, in the contents and in the key, where the auditor reads both forms in the book's words."""
    from bookgen.audit import AnswerKey, read_pages

    text = MASTER.format(code="fr").replace("count: 1, difficulty: expert", "count: 2, difficulty: expert")
    pdf = interior(make_book(read_config_text(text, tmp_path / "book.yaml"))).pdf
    with speaking("fr"):
        key = AnswerKey.read(read_pages(pdf))
    assert key.sections == ((1,), (2, 3))
    said = "\n".join(pages_text(pdf))
    assert "Sudoku \u00b7 jeu 1" in said and "\u00b7 jeux 2\u20133" in said
    assert "\u00b7 Jeu 1" in said and "Jeux 1" not in said and "jeux 1" not in said


def test_a_narrow_page_breaks_the_level_line_after_its_dot_never_before_a_number(tmp_path):
    """Large print on 5x8: "Nivel: experto ★★★★ · Pasatiempos" then a lone "1" was the line it
    made; the level keeps its stars and the word its number (one puzzle: the word said once)."""
    config = read_config_text(
        "title: T\nlayout: 5x8\nlarge_print: true\nlanguage: es\nseed: 5\ncontents: false\n"
        "sections:\n  - {type: numbrix, count: 1, difficulty: expert, size: 5}\n", tmp_path / "book.yaml")
    texts = pages_text(interior(make_book(config)).pdf)
    assert {"Nivel: experto \u2605\u2605\u2605\u2605 \u00b7", "Pasatiempo 1"} <= lines(texts)


def test_a_section_in_its_own_language_prints_its_words_in_it(tmp_path):
    texts = pages_text(interior(made(tmp_path, second=", language: fr")).pdf)
    whole = "\n".join(texts)
    assert "Schwierigkeit: Leicht" in whole  # the book's section
    assert "Niveau : difficile" in whole and "Règle du jeu" in whole  # the French one
    assert "niveau difficile \u00b7 jeux 3\u20134" in whole  # its contents entry
    assert re.search(r"jeux 3\u20134", whole)  # its answers' caption
    assert "Inhalt" in lines(texts) and "Lösungen" in lines(texts)  # the book's own words


def test_texts_replace_the_books_words(tmp_path):
    book = made(tmp_path, extra='texts: {Answers: Auflösungen, "page {page}": "S. {page}"}\n')
    texts = pages_text(interior(book).pdf)
    assert "Auflösungen" in lines(texts) and "Lösungen" not in lines(texts)
    # "Seite" alone is also a square's side in the rules: the page reference is "Seite N"
    assert re.search(r"S\. \d+", "\n".join(texts)) and not re.search(r"Seite \d", "\n".join(texts))


def test_a_sections_rules_print_instead_of_its_types(tmp_path):
    rules = "Trage die Zahlen so ein, dass sie einen Weg bilden."
    text = "\n".join(pages_text(interior(made(tmp_path, first=f", rules: '{rules}'")).pdf))
    assert rules in " ".join(text.split())  # the page may break its line
    assert "Fill the grid" not in text and "Fülle" not in text


def test_a_replacement_with_a_placeholder_its_text_lacks_is_refused(tmp_path):
    with pytest.raises(BookgenError) as caught:
        read_config_text(BOOK.format(extra='texts: {"Puzzles {span}": "Rätsel {bereich}"}\n',
                                     first="", second=""), tmp_path / "book.yaml")
    assert "texts.Puzzles {span}" in str(caught.value) and "{span}" in str(caught.value)


def test_bookgen_texts_lists_each_text_with_its_translation(run):
    status, out, _ = run("texts", "de")
    assert status == 0
    assert '  "Answers": "Lösungen"' in out.splitlines()
    assert '  "Contents": "Inhalt"' in out.splitlines()
    assert out.splitlines()[3] == "texts:"  # below the comment: lines to paste into a config
    status, out, _ = run("texts")  # English: each text is its own; a counted one gives both forms
    assert '  "Answers": "Answers"' in out.splitlines()
    assert ('"<b>{count} puzzle</b>, checked: {sections}|<b>{count} puzzles</b>, every one '
            'checked: {sections}"') in out
    status, out, err = run("texts", "xx")
    assert status == 2 and out == ""
    assert err.startswith("bookgen: error: language: no language 'xx'") and err.count("\n") == 1


@pytest.mark.parametrize(("code", "layout", "large"),
                         [("de", "5x8", False), ("fr", "5x8", False), ("fr", "8.5x11", True)])
def test_longer_languages_pass_the_page_audit_on_small_trims(tmp_path, code, layout, large):
    """German and French run longer than English: headings, contents and the key still fit the
    smallest trim, and in large print; the auditor reads the key by the book's own words."""
    from bookgen.audit import audit

    extra = f"layout: {layout}\nlarge_print: {str(large).lower()}\n"
    config = read_config_text(BOOK.format(extra=extra, first="", second="").replace(
        "language: de", f"language: {code}"), tmp_path / "book.yaml")
    pdf = interior(make_book(config)).pdf
    with speaking(config.speech()):
        assert [str(finding) for finding in audit(pdf, large_print=large)] == []
    with speaking("en"):  # read by English words, the key is misread (French labels say "page" too)
        assert audit(pdf, large_print=large) != []


def test_the_font_check_asks_for_the_letters_of_the_books_languages(tmp_path, run, monkeypatch):
    """A German book needs an ö for "Lösungen": a font without one is refused before any puzzle
    is made, naming the words that need it; a French section adds its own words."""
    from test_fonts import _layout, _refused_before_any_puzzle, font_without

    from bookgen.render.fonts import printed_texts

    config = read_config_text(BOOK.format(extra="", first="", second=", language: fr"),
                              tmp_path / "book.yaml")
    texts = dict(printed_texts(config))
    assert "ö" in texts["the page numbers and headings in de"]
    assert "é" in texts["the page numbers and headings in fr"]
    assert "{" not in texts["the page numbers and headings in de"]  # placeholders never print
    font_without(tmp_path / "fonts" / "NoUmlaut.ttf", "\u00f6")
    _layout(tmp_path, "fonts/NoUmlaut.ttf")
    (tmp_path / "book.yaml").write_text("title: Mein Buch\nlanguage: de\nlayout: ./trim.yaml\n"
                                        "sections: [{type: numbrix, count: 1, difficulty: easy}]\n")
    err = _refused_before_any_puzzle(run, monkeypatch, tmp_path / "book.yaml", tmp_path / "x.pdf")
    assert "the page numbers and headings in de: " in err and "'\u00f6' (U+00F6)" in err


def test_sections_of_one_type_are_titled_by_what_sets_them_apart_in_the_books_language(tmp_path):
    """Six untitled sudoku sections printed "Sudoku" 19 times in contents, openers and heads: a
    default title names the option values a section does not share with its kin (a level is
    said beside it), in the book's language: by the name the type gives a variant ("Killer
    Sudoku", not "Sudoku (killer)"), else in brackets after the type's name, which an option's
    label holding it ("Words per crossword") does not replace; a number said as the option says
    it in a title ("8 words"), else by its label ("Rows: 6")."""
    text = """\
title: Mix
language: {code}
sections:
  - {{type: sudoku, count: 1, difficulty: easy}}
  - {{type: sudoku, count: 1, difficulty: hard, size: 6}}
  - {{type: sudoku, count: 1, difficulty: easy, variant: jigsaw}}
  - {{type: pyramid, count: 1, difficulty: easy}}
  - {{type: pyramid, count: 1, difficulty: easy, variant: distinct, rows: 6}}
  - {{type: hidato, count: 1, difficulty: easy, shape: heart}}
  - {{type: hidato, count: 1, difficulty: easy, title: Hearts}}
  - {{type: crossword, count: 1, difficulty: easy}}
  - {{type: crossword, count: 1, difficulty: easy, word_count: 8}}
  - {{type: calcudoku, count: 1, difficulty: easy}}
  - {{type: calcudoku, count: 1, difficulty: easy, size: 5}}
"""
    titles = {code: [s.title for s in read_config_text(text.format(code=code),
                                                        tmp_path / "book.yaml").sections]
              for code in ("en", "de", "fr")}
    assert titles["en"] == ["Sudoku", "Sudoku 6 \u00d7 6", "Jigsaw Sudoku", "Number Pyramids",
                            "Distinct Pyramids (Rows: 6)", "Hidato (heart)", "Hearts", "Crossword",
                            "Crossword (8 words)",  # its label, "Words per crossword", holds the name
                            "Calcudoku", "Calcudoku (5 \u00d7 5)"]
    assert titles["de"][2] == "Chaos-Sudoku" and titles["de"][5] == "Hidato (Herz)"
    assert titles["fr"][2] == "Sudoku irrégulier"
    assert titles["fr"][4] == "Pyramides à nombres distincts (Rangées\u00a0: 6)"
    assert titles["de"][8] == "Kreuzworträtsel (8 Wörter)"


def test_a_section_alone_of_its_type_takes_its_variants_name_and_a_bool_reads_as_words(tmp_path):
    """A lone killer section was headed "Sudoku" (only its rules spoke of cages), a bee maze
    beside a titled mouse maze "Maze (bee)", a children's word search "Word Search (For
    children)": a name a type gives a choice is taken alone too, a lone section's other options
    stay out of its title, and a bool option reads as words inside it."""
    text = """\
title: Kids
language: {code}
sections:
  - {{type: sudoku, count: 1, difficulty: hard, variant: killer}}
  - {{type: maze, count: 1, difficulty: easy, pictures: bee}}
  - {{type: maze, count: 1, difficulty: easy, pictures: mouse, title: Help the Mouse}}
  - {{type: wordsearch, count: 1, difficulty: easy, children: true, theme: animals}}
  - {{type: wordsearch, count: 1, difficulty: easy, theme: food}}
  - {{type: hidato, count: 1, difficulty: easy, shape: heart}}
"""
    titles = {code: [s.title for s in read_config_text(text.format(code=code),
                                                        tmp_path / "book.yaml").sections]
              for code in ("en", "de")}
    assert titles["en"] == ["Killer Sudoku", "Bee Maze", "Help the Mouse",
                            "Word Search (for children)", "Word Search (food)", "Hidato"]
    assert titles["de"][1] == "Bienenlabyrinth" and titles["de"][3].endswith("(für Kinder)")


def test_rules_hyphenate_by_the_languages_patterns_and_never_break_a_sum_or_a_level():
    """Words broke at any letter without a hyphen ("Rindfleischetikettierungsüberw / achungs"),
    a card's numbers and a sum across lines ("la carta 1 7 9 / 9", "2 × 2 × / 2")."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    from bookgen.render.document import glued, hyphenating

    text = glued("Das Rindfleischetikettierungsüberwachungsgesetz: 2 \u00d7 2 \u00d7 2 = 8, "
                 "die Karte 1 7 9 9 und 12 \u2212 3")
    assert "1\u00a07\u00a09\u00a09" in text
    assert "2\u00a0\u00d7\u00a02\u00a0\u00d7\u00a02\u00a0=\u00a08" in text
    paragraph = Paragraph(text, hyphenating(ParagraphStyle("b", fontName="Helvetica", fontSize=10),
                                            "de"))
    paragraph.wrap(110, 1000)
    lines = [" ".join(word if isinstance(word, str) else word.text for word in line[1])
             for line in paragraph.blPara.lines]
    assert lines[0].endswith("Rindfleischetikettie-"), lines  # at a syllable, with its hyphen
    assert not any(line.lstrip()[:1] in "\u00d7\u2212=+" for line in lines), lines
    with speaking("fr"):
        assert glued("les grilles de niveau expert") == "les grilles de niveau\u00a0expert"


def _rules_lines(pdf: bytes) -> list[str]:
    """The lines of the first page down to its example: the sheet's head and rules."""
    lines = PdfReader(io.BytesIO(pdf)).pages[0].extract_text().splitlines()
    return lines[:next(i for i, line in enumerate(lines) if line.strip() == "Example")]


def test_a_pupils_sheet_and_a_large_print_book_break_no_word_of_the_rules(tmp_path):
    """A sheet's maze rules printed "en- / trance", arithmetic's "al- / lowed": early readers
    stumble on a word broken across lines. A sheet (its name line) and a large-print book set
    their rules unhyphenated; an adult's book hyphenates as before."""
    from bookgen.cli import main
    from bookgen.config import load_config
    from bookgen.render.document import BookDocument

    sheet = tmp_path / "maze.pdf"
    assert main(["worksheet", "maze", "-n", "1", "-o", str(sheet), "-q", "-j", "1",
                 "--answers", "none"]) == 0
    lines = _rules_lines(sheet.read_bytes())
    assert any("How to play." in line for line in lines)
    assert not [line for line in lines if re.search(r"[a-z]-$", line)], lines
    book = (tmp_path / "book.yaml")
    for large, hyphenated in ((True, ""), (False, "en")):
        book.write_text(f"title: T\nseed: 1\nlarge_print: {str(large).lower()}\nsections:\n"
                        "  - {type: maze, count: 1, difficulty: easy}\n", encoding="utf-8")
        document = BookDocument(make_book(load_config(book)))
        assert document._rules_style(0).hyphenationLang == hyphenated
