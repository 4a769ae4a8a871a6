"""Languages: the `language:` and `texts:` keys, the catalogs' completeness, numbers in prose."""

from __future__ import annotations

from pathlib import Path

import pytest

import bookgen
from bookgen.config import read_config_text
from bookgen.errors import BookgenError
from bookgen.i18n import _, language, languages, ngettext, speaking
from bookgen.i18n.catalogs import missing
from bookgen.i18n.conjunctions import joined, said

PACKAGE = Path(bookgen.__file__).parent
BOOK = """\
title: Test
language: {language}
sections:
  - {{type: numbrix, count: 1, difficulty: easy{section}}}
"""


def test_every_catalog_translates_every_message():
    """A message the code marks but a catalog lacks fails here, not in front of a reader."""
    gaps = list(missing(PACKAGE))
    assert gaps == [], f"{len(gaps)} untranslated, e.g. {gaps[:5]} (python -m bookgen.i18n.catalogs update)"


def test_a_translation_that_fills_a_name_the_english_does_not_is_reported(tmp_path):
    """Two catalog entries run together (a merge gone wrong) give a text with another message's
    {names}: format() would fail in front of a reader, so the check names it first."""
    home = tmp_path / "home"
    (home / "locale").mkdir(parents=True)
    (home / "words.py").write_text('from bookgen.i18n import _\n_("Hello {name}")\n_("Bye")\n')
    (home / "locale" / "de.po").write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Hello {name}"\nmsgstr "Hallo {name}.{technique}: Tschüss"\n\n'
        'msgid "Bye"\nmsgstr "Tschüss"\n', encoding="utf-8")
    assert [gap.split(": ", 1)[1] for gap in missing(tmp_path)] == [
        "'Hello {name}' is translated with technique, which the English does not fill",
        "out of step with the code (run update)"]  # written by hand: no comments of where they are


def test_the_glossary_check_names_a_rejected_word_and_a_missing_french_no_break_space():
    from bookgen.i18n.glossary import problems

    assert any("'énigme'" in p and "grille" in p for p in problems("fr", "Énigme {number}"))
    assert any("no-break space" in p for p in problems("fr", "Niveau : {level}"))
    assert any("no-break space" in p for p in problems("fr", "Résolu!"))
    assert problems("fr", "Niveau\u00a0: {level} · « {title}\u00a0»") != []  # « needs one too
    assert problems("fr", "Niveau\u00a0: {level}, des paires MOT: définition") == []
    assert problems("it", "I numeri in grassetto sono dati.") == []
    assert problems("it", "ogni riquadro bordato in grassetto") != []
    assert problems("nl", "{puzzle}: rastergrootte") == []  # whole words only, placeholders aside
    assert problems("nl", "het raster") != []


def test_the_glossary_check_rejects_french_that_says_tu():
    """Every French text says "vous" to its reader; the children's word search's rule said "tu"
    ("Trouve chaque mot... Entoure... coche") among rules that say "Trouvez", "Écrivez"."""
    from bookgen.i18n import speaking
    from bookgen.i18n.glossary import problems
    from bookgen.puzzles.wordsearch.parameters import CHILDREN_RULES

    assert problems("fr", "Trouve chaque mot de la liste. Entoure chaque mot trouvé.") != []
    assert problems("fr", "Écrivez ce qui t’aide ; si tu bloques, demandez un indice") != []
    assert problems("fr", "Cochez les mots de ta liste") != []
    assert problems("fr", "Retrouvez chaque mot\u00a0; le solveur en trouve plusieurs (tâtonnez)") == []
    with speaking("fr"):
        rule = _(CHILDREN_RULES)
    assert rule.startswith("Retrouvez chaque mot") and "Entourez" in rule and problems("fr", rule) == []


@pytest.mark.parametrize(("code", "name", "other"), [
    ("it", "numero della serie di giochi", r"sem[ei]"),
    ("es", "número de la serie de pasatiempos", r"semillas?"),
    ("nl", "nummer van de puzzelreeks", r"seeds?")])
def test_the_books_seed_has_one_name_in_the_studio_the_options_and_the_command_line(code, name, other):
    """The Italian studio called the seed "Numero della serie di giochi" in its fields and "seme"
    in a word search's options ("Seme della distribuzione: ... il seme del libro"): every message
    of a language names it one way (a config's key 'seed:' and --seed aside)."""
    import re

    from bookgen.i18n.catalogs import _read_po

    said = {}
    for po in PACKAGE.glob(f"**/locale/{code}.po"):
        for message in _read_po(po.read_bytes(), code):
            if message.id:
                forms = message.string if isinstance(message.string, tuple) else (message.string,)
                said[message.id if isinstance(message.id, str) else message.id[0]] = " ".join(forms)
    keyless = re.compile(rf"(?<![\w'{{:-])(?i:{other})(?![\w:'}}-])")  # not {seed}, --seed, 'seed:'

    assert [text for text in said.values() if keyless.search(text)] == []
    assert said["Puzzle set number"].casefold() == name.casefold()
    assert said["use this seed instead of the config's"].count(name) == 1
    deal = "the seed that orders a book's deal of the words, so that another seed deals other shares"
    assert name in said[f"{deal} (default: the book's seed)"]


def test_the_six_languages_are_there():
    assert set(languages()) >= {"en", "de", "fr", "es", "it", "nl"}


@pytest.mark.parametrize(("code", "value", "places", "printed"), [
    ("en", 3.5, 1, "3.5"), ("de", 3.5, 1, "3,5"), ("fr", 12345, 0, "12\u202f345"),
    ("nl", 0.25, 2, "0,25"), ("it", 1234.5, 1, "1.234,5"),
])
def test_numbers_in_prose_follow_the_language(code, value, places, printed):
    assert language(code).number(value, places) == printed


@pytest.mark.parametrize(("items", "conjunction", "spanish"), [
    (["7", "8"], "or", "7 u 8"),                  # ocho
    (["10", "11"], "or", "10 u 11"),              # once
    (["2", "5", "81"], "or", "2, 5 u 81"),        # ochenta y uno
    (["1", "8000"], "or", "1 u 8000"),            # ocho mil
    (["7", "18"], "or", "7 o 18"),                # dieciocho
    (["1", "1100"], "or", "1 o 1100"),            # mil cien
    (["perro", "oso"], "or", "perro u oso"),
    (["HOJA", "HORNO"], "or", "HOJA u HORNO"),
    (["7", "8"], "and", "7 y 8"),
    (["padres", "hijos"], "and", "padres e hijos"),
    (["ratón", "IGUANA"], "and", "ratón e IGUANA"),
    (["agua", "hielo"], "and", "agua y hielo"),   # hie-: a consonant sound
])
def test_a_spanish_list_says_its_conjunction_by_the_sound_after_it(items, conjunction, spanish):
    with speaking("es"):
        assert joined(items, conjunction) == spanish
    with speaking("it"):  # Italian says "o" before an o: "7 o 8"
        assert joined(items, conjunction).split()[-2] == ("o" if conjunction == "or" else "e")
    assert joined(items, conjunction).split()[-2] == conjunction


def test_a_spanish_text_says_its_own_conjunction_by_the_value_after_it():
    with speaking("es"):
        assert said("{a} o {b}, y {c}", a=3, b=11, c="hijos") == "3 u 11, e hijos"
        assert said("el {a} o el {b}", a=3, b=8) == "el 3 o el 8"  # "el" comes between
    assert said("{a} or {b}", a=3, b=8) == "3 or 8"


def test_plural_forms_follow_the_language():
    french = language("fr")
    assert french.plural_index(0) == 0 and french.plural_index(2) == 1  # 0 takes the singular in French
    assert language("de").plural_index(0) == 1


def test_book_texts_replace_the_catalog_and_english_is_the_source():
    assert _("Answers") == "Answers"  # English: every text is its own id
    with speaking(language("en").with_texts({"Answers": "Solutions"})):
        assert _("Answers") == "Solutions"
        assert ngettext("{n} cell", "{n} cells", 2) == "{n} cells"


def test_a_book_and_its_sections_choose_their_language(tmp_path):
    book = read_config_text(BOOK.format(language="de", section=", language: fr"), tmp_path / "b.yaml")
    assert book.language == "de" and book.sections[0].language == "fr"
    assert book.speech(book.sections[0]).code == "fr" and book.speech().code == "de"


@pytest.mark.parametrize(("text", "said"), [
    (BOOK.format(language="xx", section=""),
     "language: 'xx' is not allowed; 'language' takes a language: en, de"),
    (BOOK.format(language="de", section=", language: 7"), "sections[0].language"),
    (BOOK.format(language="de", section="") + "texts: {Answerz: Lösungen}\n",
     "bookgen prints no text 'Answerz'"),
    (BOOK.format(language="de", section="") + "texts: [Answers]\n", "texts"),
])
def test_bad_language_keys_are_refused_with_their_place(tmp_path, text, said):
    with pytest.raises(BookgenError) as caught:
        read_config_text(text, tmp_path / "b.yaml")
    assert said in str(caught.value)


def test_build_in_another_language_writes_a_book_of_its_own(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    config = tmp_path / "book.yaml"
    config.write_text(BOOK.format(language="en", section=""))
    status, _, err = run("build", str(config), "--language", "de", "-q", "-j", "1")
    assert status == 0, err
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "output" / "book-de.pdf").pages)
    assert "Lösungen" in text and "Answers" not in text
    assert not (tmp_path / "output" / "book.pdf").exists()
    status, _, err = run("build", str(config), "--language", "xx")
    assert status == 2 and "invalid choice: 'xx'" in err


@pytest.mark.parametrize(("environment", "said"), [
    ({"LANG": "de_DE.UTF-8"}, "book.yaml:4: sections[0].count: 0 ist nicht erlaubt; 'count' erwartet "),
    ({"LANG": "C.UTF-8", "LANGUAGE": "fr_CH:de"}, "0 n’est pas accepté\u00a0; 'count' demande "),
    ({"LANG": "ja_JP.UTF-8"}, "0 is not allowed; 'count' takes "),
])
def test_the_clis_refusal_of_a_config_follows_lang(run, tmp_path, monkeypatch, environment, said):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    config = tmp_path / "book.yaml"
    config.write_text(BOOK.format(language="en", section="").replace("count: 1", "count: 0"))
    status, _, err = run("build", str(config), "-q")
    assert status == 2 and said in err, err


def test_a_types_refusal_follows_lang_and_the_sheets_language(run, tmp_path, monkeypatch):
    """A type's own refusal (an impossible size, level or option) reached a German user in
    English: it is a message of the type's catalog, said in the sheet's language, else LANG's."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    status, _, err = run("worksheet", "pyramid", "--set", "rows=9", "-o", str(tmp_path / "a.pdf"))
    assert status == 2 and "rows: eine klassische Pyramide aus 9 Reihen gibt es nicht" in err, err
    status, _, err = run("worksheet", "maze", "-d", "expert", "--set", "size=5", "--language", "fr",
                         "-o", str(tmp_path / "b.pdf"))
    assert status == 2 and "n'est jamais de niveau expert\u00a0: le parcourir" in err, err


def test_a_worksheet_in_german_has_german_lines(run, tmp_path):
    target = tmp_path / "sheet.pdf"
    status, _, err = run("worksheet", "placement", "-n", "2", "--language", "de", "-o", str(target), "-q")
    assert status == 0, err
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(target).pages)
    assert "Arbeitsblatt: Größer oder kleiner" in text and "Datum\nKlasse" in text  # the name line
    assert "worksheet" not in text and "Date:" not in text


def test_own_words_that_lose_a_letter_another_language_keeps_get_a_note(run, tmp_path):
    """A German teacher's KÄSE in a word search left in English printed KASE, saying nothing:
    a note names the words, what they print as and the language that keeps their letters."""
    words = "words=Käse,Bär,niño,apfel,haus,maus,brot"
    status, _, err = run("worksheet", "wordsearch", "-n", "1", "--set", words, "-o", str(tmp_path / "a.pdf"))
    assert status == 0, err
    assert "note: KÄSE, BÄR print as KASE, BAR in English grids; -L de keeps Ä, Ö, Ü" in err, err
    assert "note: NIÑO prints as NINO in English grids; -L es keeps Ñ" in err, err
    status, _, err = run("worksheet", "wordsearch", "-n", "1", "--set", words, "-L", "de",
                         "-o", str(tmp_path / "b.pdf"))
    assert status == 0 and "-L de" not in err and "NIÑO prints as NINO in German grids" in err, err
    config = tmp_path / "book.yaml"
    config.write_text("title: T\nsections:\n  - {type: wordsearch, count: 1, difficulty: easy, "
                      "words: [Käse, Apfel, Haus, Maus, Brot, Milch]}\n", encoding="utf-8")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "c.pdf"))
    assert status == 0 and ("section 'Word Search': KÄSE prints as KASE in English grids; "
                            "'language: de' keeps Ä, Ö, Ü") in err, err
    assert run("build", str(config), "-o", str(tmp_path / "d.pdf"), "-q")[2] == ""


def test_a_letter_the_books_own_language_writes_gets_no_advice_to_change_language(run, tmp_path):
    """A Spanish teacher's PINGÜINO and CIGÜEÑA in a Spanish book were told '-L de keeps Ä, Ö, Ü':
    Ü is a Spanish letter (Spanish grids write it U, as sopas de letras do), so no note; a German
    word in the same book still gets one."""
    words = "words=pingüino,cigüeña,árbol,niño,gato,perro"
    status, _, err = run("worksheet", "wordsearch", "-n", "1", "-L", "es", "--set", words,
                         "-o", str(tmp_path / "a.pdf"))
    assert status == 0 and "-L de" not in err and "PINGÜINO" not in err, err
    status, _, err = run("worksheet", "wordsearch", "-n", "1", "-L", "es", "--set", words + ",käse",
                         "-o", str(tmp_path / "b.pdf"))
    assert status == 0 and "note: KÄSE prints as KASE in Spanish grids; -L de keeps Ä, Ö, Ü" in err, err


@pytest.mark.parametrize("language, layout, points", [
    ("de", None, (595, 842)),  # A4, as `bookgen init --kind worksheet --language de` starts
    ("en", None, (612, 792)),  # US letter
    ("de", "letter", (612, 792)),  # the layout asked for
])
def test_a_worksheet_prints_on_its_languages_paper(run, tmp_path, language, layout, points):
    from pypdf import PdfReader

    target = tmp_path / "sheet.pdf"
    chosen = ["--layout", layout] if layout else []
    status, _, err = run("worksheet", "placement", "-n", "1", "--language", language, *chosen,
                         "-o", str(target), "-q")
    assert status == 0, err
    box = PdfReader(target).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == points


@pytest.mark.parametrize("type_name, said", [
    ("scramble", "H O E D"),  # the example's words, of no theme, written in their boxes
    ("crossword", "Je slaapt erin"),  # the example's first clue
])
def test_a_worksheet_in_dutch_has_dutch_puzzles(run, tmp_path, type_name, said):
    """--language set the sheet's words only: a Dutch scramble sheet scrambled English words and
    a Dutch crossword sheet asked English clues. The puzzles take the sheet's language, as a
    book's sections take the book's; --set language=en still asks for English puzzles."""
    from pypdf import PdfReader

    target = tmp_path / "sheet.pdf"
    status, _, err = run("worksheet", type_name, "-n", "1", "--language", "nl", "-o", str(target), "-q")
    assert status == 0, err
    assert said in " ".join(PdfReader(target).pages[0].extract_text().split())
    status, _, err = run("worksheet", type_name, "-n", "1", "--language", "nl", "--set",
                         "language=en", "-o", str(target), "-q")
    assert status == 0, err
    assert said not in " ".join(PdfReader(target).pages[0].extract_text().split())


def test_a_compiled_catalog_reads_as_its_source(tmp_path):
    """A wheel carries LANG.mo (setup.py compiles them); read, it gives what the .po gives, contexts
    and plural forms included."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from bookgen.i18n.homes import read_home

    home = PACKAGE / "puzzles" / "arithmetic"  # its operator signs have a context, its hints plurals
    (tmp_path / "locale").mkdir()
    with (home / "locale" / "de.po").open("rb") as source, (tmp_path / "locale" / "de.mo").open("wb") as out:
        write_mo(out, read_po(source, locale="de"))
    compiled, source_messages = read_home(tmp_path, "de"), read_home(home, "de")
    assert compiled == source_messages
    assert any("\x04" in key for key in compiled[0])  # a message with a context is among them
