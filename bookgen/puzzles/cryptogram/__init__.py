"""Cryptogram: a quotation enciphered letter for letter; the reader finds the code.

One module per step in the usual order: `parameters` (the quotations, options, rules and the
forms a puzzle is compared by), `words` (a text's words and the words each can be), `solver` (the
pattern solver: every reading of the page), `checking` (the rules, apart from the solver),
`grader` (a person's steps), `hints`, `generator` and `drawing`; this module holds the example
and the registry record. Uniqueness is about readings: with the letters given, exactly one way
of reading the code makes every word a word the language's readers know.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

from bookgen.api import (
    JSON,
    Generated,
    PuzzleType,
    Request,
    Showcase,
    _,
    always_unique,
    form_key,
    no_answer_note,
)
from bookgen.core.letters import SPELLED, alphabet
from bookgen.i18n import N_
from bookgen.puzzles.cryptogram.checking import check, validate
from bookgen.puzzles.cryptogram.drawing import (
    BOX,
    draw_puzzle,
    draw_solution,
    measure,
    measure_solution,
)
from bookgen.puzzles.cryptogram.generator import check_request, generate, quotations, variety
from bookgen.puzzles.cryptogram.grader import BANDS, rate
from bookgen.puzzles.cryptogram.hints import given_answer, hints
from bookgen.puzzles.cryptogram.parameters import (
    OPTIONS,
    answer_form,
    canonical,
    printed,
    rules_text,
    written,
)
from bookgen.puzzles.cryptogram.solver import solve

EXAMPLE_QUOTES = {"en": "Knowledge is power.", "de": "Wer wagt, gewinnt.",
                  "fr": "Savoir, c'est pouvoir.", "es": "Saber es poder.",
                  "it": "Sapere è potere.", "nl": "Wie zoekt, die vindt."}
"""A short proverb per language for the section page's example, in no built-in collection: the
example is printed solved, so a book must never set its quotation as a puzzle. A section of the
user's own quotations that holds it prints no example (every short proverb is in a collection)."""


def example(request: Request | None) -> Generated | None:
    """An easy cryptogram of a short proverb in the section's language, the same every time;
    none where the section's own quotations hold it (the example would solve that puzzle)."""
    language = request.settings["language"] if request is not None else "en"
    own = quotations(request) if request is not None and request.settings["quotes"] else ()
    if _letters(EXAMPLE_QUOTES[language], language) in {_letters(quoted.text, language) for quoted in own}:
        return None
    small = Request.make(CRYPTOGRAM, "easy", {"quotes": [EXAMPLE_QUOTES[language]],
                                              "language": language})
    return generate(random.Random(f"example/{language}"), small)


def _letters(text: str, language: str) -> str:
    """A quotation's letters as its puzzle writes them, nothing else: the same proverb however
    it is cased or stopped."""
    return "".join(char for char in written(text, language) if char.isalpha())


def answers(request: Request) -> frozenset[str]:
    """One answer a quotation: a book never prints a quotation twice."""
    language = request.settings["language"]
    return frozenset(form_key([language, written(q.text, language)]) for q in quotations(request))


def play_data(puzzle: JSON) -> JSON:
    """The letters the language writes and those it writes with two (œ as OE, ß as SS), for the
    game to read what a player types."""
    return {"letters": "".join(sorted(alphabet(puzzle["language"]))), "spelled": SPELLED}


CURVE_QUOTES = ("Do not count your chickens before they are hatched. | Proverb",
                "Nothing great was ever achieved without enthusiasm. | Ralph Waldo Emerson")
SHOWCASE = (Showcase("easy", audit=True), Showcase("expert"), Showcase("medium", {"language": "de"}),
            Showcase("hard", {"quotes": CURVE_QUOTES}, curve_seeds=3))


def narrowed(width: float, height: float) -> PuzzleType:
    """Cryptogram with its lines broken at most `width` mm wide (large print on a narrow trim);
    its answers break there too."""
    room = (width, height)
    return replace(CRYPTOGRAM, measure=partial(measure, room=room),
                   draw_puzzle=partial(draw_puzzle, room=room),
                   measure_solution=partial(measure_solution, room=room),
                   draw_solution=partial(draw_solution, room=room),
                   in_block=partial(in_block, room=room))


def in_block(width: float, room: tuple[float, float] | None = None) -> PuzzleType:
    """Cryptogram (narrowed to `room`) whose author ends at the right edge of the block `width`
    mm wide its page's quotations are set in: three authors on a page of quotations sharing one
    left edge ended at three places, each under its own quotation's longest line."""
    return replace(narrowed(*room) if room else CRYPTOGRAM,
                   draw_puzzle=partial(draw_puzzle, room=room, block=width))


def wider(request: Request) -> str | None:
    """More quotations, where the user's give too few different puzzles (three quotations, four
    versions); else the book's own advice."""
    return _("give more quotations") if request.settings["quotes"] else None


CRYPTOGRAM = PuzzleType(
    name="cryptogram",
    # Translators: the puzzle where a quotation is written in a letter-for-letter secret code.
    title=N_("Cryptogram"),
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
    measure_solution=measure_solution,
    answer_note=no_answer_note,
    example=example,
    canonical=canonical,
    answer_form=answer_form,
    answers=answers,
    variety=variety,
    wider=wider,
    printed=printed,
    hardness=lambda rating: BANDS.hardness(rating["score"]),
    hints=hints,
    given_answer=given_answer,
    play_data=play_data,
    play_script="play.js",
    play_style="play.css",
    narrowed=narrowed,
    in_block=in_block,
    json_schema="schema.json",
    write_in=BOX,
)
