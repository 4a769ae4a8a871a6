"""Word search: find every listed word in a grid of letters, reading in a straight line.

One module per step in the usual order: `parameters` (each language's letters and their
frequencies, the themed lists and blocklists in words/, options, rules and the forms a puzzle is
compared by), `solver` (every place a word reads), `checking` (the rules and the blocklist, apart
from the solver), `grader`, `generator` and `drawing`; this module holds the hints, the example
and the registry record. Uniqueness is about placements: each listed word reads in exactly one
place of the grid (the solver counts them), and no blocked word reads outside the words.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache, partial

from bookgen.api import (
    JSON,
    Generated,
    PuzzleType,
    Request,
    Showcase,
    always_unique,
    no_answer_note,
)
from bookgen.i18n import N_, _
from bookgen.puzzles.wordsearch.checking import check, validate
from bookgen.puzzles.wordsearch.drawing import (
    draw_filled,
    draw_puzzle,
    draw_solution,
    measure,
    measure_answer,
)
from bookgen.puzzles.wordsearch.generator import check_request, deal, generate
from bookgen.puzzles.wordsearch.grader import BANDS, rate
from bookgen.puzzles.wordsearch.parameters import (
    OPTIONS,
    canonical,
    listed,
    printed,
    rules_text,
    shown,
    theme_heading,
)
from bookgen.puzzles.wordsearch.solver import solve

HINT = N_("{word} begins in row {row}, column {column}")


def hints(puzzle: JSON, solution: JSON) -> list[JSON]:
    """Where each word's first letter stands, in the order of the printed list: each hint points
    at that letter (the page lights it, play.js's pointAt) and its value is the word, so the page
    skips a word the player has found."""
    first = {p["word"]: p for p in solution["placements"]}
    terms = shown(puzzle)
    return [{"cells": [[first[word]["row"], first[word]["col"]]], "value": word,
             "why": _(HINT).format(word=terms[word], row=first[word]["row"] + 1,
                                   column=first[word]["col"] + 1)}
            for word in listed(puzzle)]


def play_data(puzzle: JSON) -> JSON | None:
    """A dealt theme's name over the playable grid, in the page's language; None for any other
    puzzle (its page stays as it was)."""
    return {"theme": theme_heading(puzzle["theme"])} if "theme" in puzzle else None


def dealt_theme(puzzle: JSON) -> str | None:
    """A `theme: all` puzzle's theme: a section ordered by rating prints no two in a row."""
    return puzzle.get("theme")


EXAMPLE_WORDS = {"en": ("cat", "owl", "bee"), "de": ("Hund", "Kuh", "Bär"),
                 "fr": ("chat", "loup", "ours"), "es": ("gato", "león", "pato"),
                 "it": ("cane", "orso", "gatto"), "nl": ("kat", "uil", "bij")}
"""Three short animals per language for the section page's example."""


def example(request: Request | None) -> Generated:
    """A 6x6 easy grid hiding three animals in the section's language, the same every time (a
    children's section's with its boxes to tick)."""
    settings = request.settings if request is not None else {}
    return _example(settings.get("language", "en"), bool(settings.get("children")))


@cache
def _example(language: str, children: bool) -> Generated:
    words = list(EXAMPLE_WORDS[language])
    small = Request.make(WORDSEARCH, "easy", {"words": words, "size": "6", "language": language,
                                              "children": children})
    return generate(random.Random(f"example/{language}"), small)


SHOWCASE = (Showcase("hard", {"shape": "heart", "message": "theme"}),
            Showcase("medium", {"theme": "food"}),
            Showcase("easy", {"children": True, "size": "7", "theme": "farm"}),
            Showcase("easy", audit=True))


def narrowed(width: float, height: float) -> PuzzleType:
    """Word search with its squares shrunk around letters of the same size so that a grid is at
    most `width` mm wide and, with its list, `height` tall (not under the tightest square,
    drawing's `LEAST_CELL`): large print's 14x14 grid on a 5x8 trim. Its answers are the
    type's (always in the tightest squares), and so is its example's solved drawing, without
    the list, to stay low in its half of the page. It narrows again from the whole drawing (a
    narrowed section's example, to half the page)."""
    room = (width, height)
    return replace(WORDSEARCH, measure=partial(measure, room=room),
                   draw_puzzle=partial(draw_puzzle, room=room),
                   draw_filled=None, measure_filled=None)


WORDSEARCH = PuzzleType(
    name="wordsearch",
    # Translators: the puzzle where words hide in a grid of letters.
    title=N_("Word Search"),
    rules=rules_text,
    options=OPTIONS,
    showcase=SHOWCASE,
    generate=generate,
    check_request=check_request,
    solve=solve,
    check=check,
    validate=validate,
    rate=rate,
    expects_unique=always_unique,
    measure=measure,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    measure_solution=measure_answer,
    draw_filled=draw_filled,
    measure_filled=measure,
    answer_note=no_answer_note,
    example=example,
    canonical=canonical,
    printed=printed,
    hardness=lambda rating: BANDS.hardness(rating["score"]),
    hints=hints,
    play_script="play.js",
    play_style="play.css",
    play_data=play_data,
    json_schema="schema.json",
    narrowed=narrowed,
    deal=deal,
    topic=dealt_theme,
)
