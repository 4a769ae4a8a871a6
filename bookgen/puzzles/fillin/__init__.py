"""Fill-in (criss-cross): fit every word of a list, sorted by length, into a grid of squares,
across or down, crossing where the words share letters; one word is given to start.

One module per step in the usual order: `parameters` (the words from each language, options,
rules and the forms a puzzle is compared by), `solver` (the shared engine's exact search over
the slots), `checking` (the rules, apart from the solver), `grader` (how a person fits the
words), `hints`, `generator` and `drawing`; this module holds the example and the registry
record. The grid is laid out by bookgen.core.wordgrid, the engine the crossword shares.
`wordlist.py` makes the language lists in words/.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

from bookgen.api import (
    Generated,
    PuzzleType,
    Request,
    Showcase,
    _,
    always_unique,
    no_answer_note,
)
from bookgen.i18n import N_
from bookgen.puzzles.fillin.checking import check, validate
from bookgen.puzzles.fillin.drawing import draw_puzzle, draw_solution, measure, measure_grid, page_breaks
from bookgen.puzzles.fillin.generator import check_request, generate
from bookgen.puzzles.fillin.grader import BANDS, rate
from bookgen.puzzles.fillin.hints import hints
from bookgen.puzzles.fillin.parameters import OPTIONS, answer_form, canonical, printed, rules_text
from bookgen.puzzles.fillin.playing import play_data
from bookgen.puzzles.fillin.solver import solve

EXAMPLE_WORDS = {"en": ("OWL", "BEAR", "HORSE", "RABBIT"), "de": ("BÄR", "HUND", "KATZE", "HAMSTER"),
                 "fr": ("LOUP", "CHAT", "LAPIN", "CHEVAL"), "es": ("OSO", "GATO", "PERRO", "CABALLO"),
                 "it": ("ORSO", "GATTO", "CAVALLO", "CANE"), "nl": ("KAT", "HOND", "PAARD", "KOE")}
"""Four animals per language for the section page's example."""


def example(request: Request | None) -> Generated:
    """A small easy fill-in of four animals in the section's language, the same every time."""
    language = request.settings["language"] if request is not None else "en"
    small = Request.make(FILLIN, "easy", {"words": list(EXAMPLE_WORDS[language]), "size": "7",
                                          "language": language})
    return generate(random.Random(f"example/{language}"), small)


SHOWCASE = (Showcase("hard"), Showcase("easy", {"size": "8"}, audit=True),
            Showcase("medium", {"words": ["apple", "banana", "cherry", "grape", "lemon", "mango",
                                          "melon", "orange", "peach", "pear", "plum"]}))


def narrowed(width: float, height: float) -> PuzzleType:
    """The fill-in laid out for a room `width` by `height` mm (large print on a narrow trim): its
    squares shrunk around letters of the same size until the grid and its list, below or beside
    it, fit the room; else its list continues below the grid on the pages after it
    (`page_breaks`)."""
    room = (width, height)
    return replace(FILLIN, measure=partial(measure, room=room),
                   draw_puzzle=partial(draw_puzzle, room=room),
                   draw_solution=partial(draw_solution, room=room),
                   measure_solution=partial(measure_grid, room=room),
                   page_breaks=partial(page_breaks, room=room))


def wider(request: Request) -> str | None:
    """More words, where the user's make too few different fill-ins; else the book's own advice."""
    return _("give more words") if request.settings["words"] else None


FILLIN = PuzzleType(
    name="fillin",
    # Translators: the puzzle where the words of a list are fitted into a grid (criss-cross)
    title=N_("Fill-In"),
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
    measure_solution=measure_grid,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    answer_note=no_answer_note,
    example=example,
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    hardness=lambda rating: BANDS.hardness(rating["score"]),
    hints=hints,
    play_script="play.js",
    play_style="play.css",
    play_data=play_data,
    narrowed=narrowed,
    wider=wider,
    json_schema="schema.json",
)
