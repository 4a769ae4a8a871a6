"""What front ends show of a type's options is the type's own (#38): every option of every
registered type (the built-in ones, any installed plug-in's and the example plug-in) has a label,
every choice its words, each (and its help) a message its catalogs translate in every language
they hold, one English text translated alike by every type that uses it; and the studio's script
keeps no table keyed by a type option's name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import pytest
from test_plugins import example_registered

from bookgen.core.options import Option
from bookgen.fields import BOOK_FIELDS, SECTION_FIELDS
from bookgen.i18n import speaking
from bookgen.i18n.homes import LOCALE, read_home
from bookgen.puzzles import PUZZLE_TYPES, find_type, type_home
from bookgen.puzzles.base import PuzzleType

STUDIO_SCRIPT = Path(__file__).resolve().parents[1] / "bookgen" / "studio" / "static" / "studio.js"

with example_registered():
    NAMES = [t.name for t in PUZZLE_TYPES]


@pytest.fixture(scope="module", autouse=True)
def registry():
    """Every type in NAMES registered while this module's tests run."""
    with example_registered():
        yield


def _catalog_languages(puzzle_type: PuzzleType) -> list[str]:
    """The languages the type's own catalogs hold (LANG.po, or LANG.mo in a wheel)."""
    folder = type_home(puzzle_type) / LOCALE
    if not folder.is_dir():
        return []
    return sorted({entry.name.rsplit(".", 1)[0] for entry in folder.iterdir()
                   if entry.name.endswith((".po", ".mo"))})


def _messages(option: Option) -> list[str]:
    """The option's label and its choices' words, as the messages its type declares."""
    words = option.words if isinstance(option.words, Mapping) else {}
    return [option.label, *(words[choice] for choice in option.choices if choice in words)]


@pytest.mark.parametrize("name", NAMES)
def test_every_option_has_a_label_and_every_choice_its_words(name):
    for option in find_type(name).options:
        assert option.label, f"{name}.{option.name} has no label"
        if option.kind != "choice":
            assert option.words is None, f"{name}.{option.name} names choices it does not have"
        elif not callable(option.words):
            assert set(option.words or {}) == set(option.choices), f"{name}.{option.name}"


@pytest.mark.parametrize("name", NAMES)
def test_the_labels_words_and_help_are_translated_in_every_language_of_the_types_catalogs(name):
    puzzle_type = find_type(name)
    for code in _catalog_languages(puzzle_type):
        catalog, _plural = read_home(type_home(puzzle_type), code)
        for option in puzzle_type.options:
            messages = [*_messages(option), option.help]
            untranslated = [message for message in messages if message not in catalog]
            assert untranslated == [], f"{name}.{option.name} in {code}"
            with speaking(code):  # and the front ends say them so
                assert option.title() == catalog[option.label]
                if callable(option.words):  # names no catalog holds: a language's own
                    assert all(option.word(choice) for choice in option.choices)


def test_one_english_label_or_word_is_translated_alike_by_every_type():
    """Catalogs merge into one language: two types that both say "Size" must both say "Größe",
    or one of them would show the other's word."""
    said: dict[tuple[str, str], dict[str, str]] = {}
    for puzzle_type in PUZZLE_TYPES:
        for code in _catalog_languages(puzzle_type):
            catalog, _plural = read_home(type_home(puzzle_type), code)
            for option in puzzle_type.options:
                for message in _messages(option):
                    if isinstance(catalog.get(message), str):
                        said.setdefault((code, message), {})[puzzle_type.name] = str(catalog[message])
    assert said[("de", "Size")]["sudoku"] == said[("de", "Size")]["numbrix"] == "Größe"
    assert {key: by_type for key, by_type in said.items() if len(set(by_type.values())) > 1} == {}


def _table_keys(script: str, function: str) -> set[str]:
    """The keys the studio script's function `function` looks up: its object literals' keys and
    the names it compares `key` with."""
    body = re.search(rf"\nfunction {function}\(.*?\n}}\n", script, re.S)
    assert body, function
    text = body.group(0)
    keys = set(re.findall(r"""[{,\s]"?([A-Za-z_][\w-]*)"?\s*:(?!:)""", text))
    return keys | set(re.findall(r"""key === "(\w+)\"""", text))


def test_the_studio_script_keeps_no_table_of_a_types_options():
    """Its labels and choice words are the book's and the sections' own keys'; a type's option is
    labelled and its choices named by what the server sends (the type's messages)."""
    script = STUDIO_SCRIPT.read_text(encoding="utf-8")
    keys = _table_keys(script, "words") | _table_keys(script, "choiceWords")
    assert {"title", "answers", "difficulty", "name_line", "language"} <= keys  # the tables are read
    options = {option.name for t in PUZZLE_TYPES for option in t.options}
    assert keys & options - set(BOOK_FIELDS) - set(SECTION_FIELDS) == set()
    assert "spec.title ||" in script and "enumDescriptions" in script


@pytest.mark.parametrize(("type_name", "key", "items", "named"), [
    ("scramble", "words", ["GESCHWINDIGKEIT", "tree", "RECHTSCHREIBUNG"],
     ["GESCHWINDIGKEIT", "RECHTSCHREIBUNG"]),
    ("wordsearch", "words", ["ox", "tree", "r2d2"], ["ox", "r2d2"]),
    ("fillin", "words", ["ab", "tree", "x1y"], ["ab", "x1y"]),
    ("cryptogram", "quotes", ["Hi. | A", "A fine day to learn something new. | B", "Go! | C"],
     ["Hi.", "Go!"]),
    ("crossword", "clues", ["TREE: It has leaves", "ICE-CREAM!: A cold treat", "CAT: Says miaow",
                            "R2D2: A robot"], ["ICE-CREAM!", "R2D2"]),
])
def test_every_bad_item_of_a_users_list_is_named_at_once(type_name, key, items, named):
    """A teacher's list with two words too long was refused for the first, and once that was
    mended, for the second: each item the list cannot take is named in one refusal."""
    from bookgen.errors import BookgenError
    from bookgen.puzzles import find_type
    from bookgen.puzzles.base import Request

    with pytest.raises(BookgenError) as refused:
        Request.make(find_type(type_name), "easy", {key: items})
    assert refused.value.key == key
    assert all(repr(item) in refused.value.message for item in named), refused.value.message
    assert "'tree'" not in refused.value.message


def test_words_written_as_one_text_are_parted_at_commas_and_line_breaks():
    """A YAML block of words (`words: |`), one a line, as the studio's box is typed, is a list too;
    a term of several words keeps its space; ids keep their commas (parse(format(v)) == v)."""
    spec = next(o for o in find_type("wordsearch").options if o.name == "words")
    words = ("perro", "gato", "oso hormiguero", "ratón")
    assert spec.parse("perro\ngato, oso hormiguero\r\n\n ratón \n") == words
    assert spec.parse(spec.format(words)) == words
    quotes = next(o for o in find_type("cryptogram").options if o.name == "quotes")
    assert quotes.lines and not spec.lines  # quotations hold commas: the studio parts them by lines
    assert quotes.allowed() == "one a line, or a file with one a line"
    assert spec.allowed() == "words one a line or a comma apart, or a file with one word a line"
