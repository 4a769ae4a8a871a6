"""Numbrix, Hidato, Number Placement, Make the Number, Calcudoku, Futoshiki and Kakuro in every language:
each text a reader sees of them (title, rules, the card's words, answer notes, hints' reasons)
comes from the language's catalog with its placeholders filled, and a German book of each type
builds."""

from __future__ import annotations

import random
import re

import pytest
from pypdf import PdfReader

from bookgen.core.grading import LEVELS
from bookgen.core.pen import RecordingPen
from bookgen.i18n import language, speaking
from bookgen.puzzles import find_type
from bookgen.puzzles.base import JSON, PuzzleType, Request

TYPES = ("numbrix", "hidato", "placement", "arithmetic", "calcudoku", "futoshiki", "kakuro")
CODES = ("de", "fr", "es", "it", "nl")
KEPT_NAMES = {"Numbrix", "Hidato", "Calcudoku", "Futoshiki", "Kakuro"}  # the names every language keeps


def _requests(puzzle_type: PuzzleType) -> list[Request]:
    """The easy and medium levels at the defaults, and each request of the type's showcase (a
    Hidato shape, placement's pre-filled boxes, arithmetic's joining)."""
    asked = [(level, {}) for level in LEVELS[:2]] + [(s.level, dict(s.options)) for s in puzzle_type.showcase]
    return [Request.make(puzzle_type, level, options) for level, options in asked]


_MADE: dict[str, list[tuple[Request, JSON, JSON]]] = {}


def _made(name: str) -> list[tuple[Request, JSON, JSON]]:
    """A puzzle of each request, made once per run (making speaks no language)."""
    if name not in _MADE:
        puzzle_type = find_type(name)
        _MADE[name] = []
        for index, request in enumerate(_requests(puzzle_type)):
            made = puzzle_type.generate(random.Random(f"languages/{name}/{index}"), request)
            _MADE[name].append((request, made.puzzle, made.solution))
    return _MADE[name]


def _translated(english: str, spoken: str) -> None:
    """`spoken` is a filled text of the language, not the English one."""
    assert "{" not in spoken and "}" not in spoken, spoken
    assert spoken != english, f"still English: {english!r}"


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("name", TYPES)
def test_title_and_rules_come_from_the_catalog(name, code):
    puzzle_type = find_type(name)
    said = language(code)
    assert said.messages.get(puzzle_type.title), f"{puzzle_type.title!r} has no {code} text"
    with speaking(code):
        title = said.gettext(puzzle_type.title)
    if puzzle_type.title in KEPT_NAMES:
        assert title == puzzle_type.title
    else:
        _translated(puzzle_type.title, title)
    for request in [None, *_requests(puzzle_type)]:
        english = puzzle_type.rules(request)
        with speaking(code):
            _translated(english, puzzle_type.rules(request))


def test_rules_state_the_option_facts_in_every_language():
    """Arithmetic's rules add a sentence for powers and one for joining, whatever the language:
    a section that allows neither prints only the first sentence."""
    arithmetic = find_type("arithmetic")
    plain = Request.make(arithmetic, "easy", {"operators": "+-*/", "concat": False})
    full = Request.make(arithmetic, "easy", {"operators": "+-*/^", "concat": True})
    for code in CODES:
        with speaking(code):
            short, long = arithmetic.rules(plain), arithmetic.rules(full)
        assert "^" not in short and "799" not in short
        assert "2^3" in long and "799" in long and "(5^0 = 1)" in long
        assert long.startswith(short + " ")


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("name", TYPES)
def test_hints_give_their_reasons_in_the_language(name, code):
    puzzle_type = find_type(name)
    assert puzzle_type.hints is not None
    for _, puzzle, solution in _made(name):
        english = puzzle_type.hints(puzzle, solution)
        with speaking(code):
            spoken = puzzle_type.hints(puzzle, solution)
        assert english and [h["cells"] for h in spoken] == [h["cells"] for h in english]
        for said, hint in zip(spoken, english):
            _translated(hint["why"], said["why"])
            # the numbers of a reason stay the numbers of the English one
            assert sorted(re.findall(r"\d+", said["why"])) == sorted(re.findall(r"\d+", hint["why"]))


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("name", ("placement", "arithmetic"))
def test_answer_notes_come_from_the_catalog(name, code):
    puzzle_type = find_type(name)
    _, puzzle, solution = _made(name)[0]
    for count in (1, 5, 12345):
        english = puzzle_type.answer_note(puzzle, solution, count)
        with speaking(code):
            spoken = puzzle_type.answer_note(puzzle, solution, count)
        _translated(english, spoken)
    if name == "placement":  # its count grouped in thousands, as the language groups them
        with speaking(code):
            many = puzzle_type.answer_note(puzzle, solution, 12345)
        assert language(code).number(12345) in many


@pytest.mark.parametrize("code", CODES)
def test_a_card_prints_its_words_in_the_language_and_says_so(code):
    """The card's heading and operators line, and the answer's heading, are the language's; the
    texts the page is checked for (`printed`) are the ones it draws."""
    arithmetic = find_type("arithmetic")
    for _, puzzle, solution in _made("arithmetic"):
        english, spoken = RecordingPen(), RecordingPen()
        arithmetic.draw_puzzle(english, puzzle)
        arithmetic.draw_solution(english, puzzle, solution)
        with speaking(code):
            arithmetic.draw_puzzle(spoken, puzzle)
            arithmetic.draw_solution(spoken, puzzle, solution)
            printed = arithmetic.printed(puzzle).texts
        worded = [(e, s) for e, s in zip(english.texts(), spoken.texts()) if re.search("[a-z]", e)]
        assert len(worded) == 3  # "Make N", "using ...", "Make N:  numbers"
        for english_text, spoken_text in worded:
            _translated(english_text, spoken_text)
        assert set(printed) <= set(spoken.texts())


GERMAN_BOOK = """\
title: Zahlenrätsel
language: de
seed: 5
sections:
  - {{type: {name}, count: 2, difficulty: easy}}
"""
GERMAN_WORDS = {"numbrix": "Trage die Zahlen", "hidato": "Trage die Zahlen",
                "placement": "Trage jede Zahl", "arithmetic": "Zielzahl", "calcudoku": "Käfige",
                "futoshiki": "Spitze", "kakuro": "Diagonale"}


@pytest.mark.parametrize("name", TYPES)
def test_a_german_book_of_two_puzzles_builds(run, write_config, tmp_path, name):
    """The book builds in German; rendered while speaking German (as the book does for a German
    section), the PDF prints the type's German rules."""
    config = write_config(GERMAN_BOOK.format(name=name), f"{name}.yaml")
    target = tmp_path / f"{name}.pdf"
    with speaking("de"):
        status, _, err = run("build", str(config), "-o", str(target), "-q")
    assert status == 0, err
    text = " ".join(page.extract_text() for page in PdfReader(target).pages)
    assert GERMAN_WORDS[name] in re.sub(r"\s+", " ", text)
