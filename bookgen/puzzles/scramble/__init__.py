"""Word scramble: put each word's jumbled letters back in order.

One module per step in the usual order: `parameters` (how each level shuffles, the word lists,
options, rules and the forms a puzzle is compared by), `solver` (the words a scramble's letters
make), `checking` (the rules and the blocklist, apart from the solver), `grader`, `hints`,
`generator` and `drawing`; this module holds the example and the registry record. Uniqueness is
about words: each scramble's letters make exactly one word a reader knows (its first letter
first where the page keeps it), and those words are the answer.
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
    always_unique,
    form_key,
    no_answer_note,
)
from bookgen.i18n import N_, _, ngettext
from bookgen.i18n.conjunctions import joined
from bookgen.puzzles.scramble.checking import check, validate
from bookgen.puzzles.scramble.drawing import (
    COMFORT_SHARE,
    draw_filled,
    draw_puzzle,
    draw_solution,
    measure,
    measure_solution,
)
from bookgen.puzzles.scramble.generator import (
    check_request,
    deal,
    dealt,
    example_words,
    generate,
    prints_letters,
    taken_lists,
)
from bookgen.puzzles.scramble.grader import BANDS, rate
from bookgen.puzzles.scramble.hints import given_answer, hints
from bookgen.puzzles.scramble.parameters import (
    ALL,
    COMMON,
    OPTIONS,
    answer_form,
    canonical,
    play_data,
    printed,
    rules_text,
)
from bookgen.puzzles.scramble.solver import solve


def example(request: Request | None) -> Generated | None:
    """Three scrambles in the section's language shuffled as the section's level shuffles
    (`example_words`; none where every set would give a word of the section away), the same for
    the same words and level; easy's where there is no section.

    Each level's own shuffle, not medium's for every level that moves the first letter: the
    example shows what the section's puzzles are, and one made at easy showed K kept in KITE's
    first box beside medium's rules, which keep no letter; medium's beside expert's puzzles would
    show a piece of each word (two neighbours side by side) that none of them shows. Printed
    solved, each word in its boxes beside its scramble, and of four or five letters, even an
    expert one is followed letter by letter."""
    language = request.settings["language"] if request is not None else "en"
    words = example_words(request)
    if words is None:
        return None
    level = request.level if request is not None else "easy"
    small = Request.make(SCRAMBLE, level, {"words": list(words), "language": language})
    return generate(random.Random(f"example/{language}"), small)


def rules(request: Request | None) -> str:
    """The section's rules (`rules_text`), saying that a letter printed in a box belongs there
    where the section's words print one."""
    return rules_text(request, request is not None and prints_letters(request))


def answers(request: Request) -> frozenset[str]:
    """One answer form a list the request's puzzles take (`taken_lists`): a book never prints a
    word twice, so a section holds as many puzzles as its words fill lists."""
    return frozenset(form_key(sorted(words)) for words in taken_lists(request))


def wider(request: Request) -> str | None:
    """More words, or a longer list: all the themes together, or the language's common words."""
    if request.settings["words"]:  # a book prints each word once: fewer a puzzle make more puzzles
        filled = dealt(request)  # the sizes as the page prints them: 12 words at 8 a page, 8 and 4
        return ngettext("give more words, or set word_count lower (a sheet uses each word once: "
                        "your {given} words fill {lists} puzzle of {sizes} words)",
                        "give more words, or set word_count lower (a sheet uses each word once: "
                        "your {given} words fill {lists} puzzles of {sizes} words)", len(filled)).format(
            given=len(request.settings["words"]), lists=len(filled),
            sizes=joined([str(len(words)) for words in filled]))
    theme = request.settings["theme"]
    if theme == COMMON:
        return None
    settings = {key: value for key, value in request.settings.items() if value is not None}
    lists = {other: len(answers(Request.make(SCRAMBLE, request.level, {**settings, "theme": other})))
             for other in (ALL, COMMON)}
    if theme == ALL:
        return _("leave the theme out (the language's common words fill {common} puzzles at this "
                 "level)").format(common=lists[COMMON])
    return _("set theme: all ({all} puzzles at this level), or leave the theme out (the language's "
             "common words: {common})").format(all=lists[ALL], common=lists[COMMON])


def answer_parts(puzzle: JSON, solution: JSON) -> list[str]:
    """Each word: a book never prints one twice, in any two puzzles."""
    return [f"{puzzle['language']}:{word}" for word in solution["words"]]


SHOWCASE = (Showcase("easy", audit=True), Showcase("expert"), Showcase("medium", {"theme": "food"}),
            Showcase("hard", {"language": "de", "theme": "school"}))


def narrowed(width: float, height: float) -> PuzzleType:
    """Word scramble with each row of boxes under its scramble, so that the list is at most
    `width` mm wide: long words in large print on a narrow trim (its answers, a list of words, are
narrow already)."""
    room = (width, height)
    return replace(SCRAMBLE, measure=partial(measure, room=room),
                   draw_puzzle=partial(draw_puzzle, room=room),
                   draw_filled=partial(draw_filled, room=room), measure_filled=partial(measure, room=room))


SCRAMBLE = PuzzleType(
    name="scramble",
    # Translators: the puzzle where each word's letters are jumbled and the reader puts them back.
    title=N_("Word Scramble"),
    rules=rules,
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
    draw_filled=draw_filled,
    measure_filled=measure,
    answer_note=no_answer_note,
    example=example,
    canonical=canonical,
    answer_form=answer_form,
    answers=answers,
    wider=wider,
    answer_parts=answer_parts,
    printed=printed,
    hardness=lambda rating: BANDS.hardness(rating["score"]),
    hints=hints,
    given_answer=given_answer,
    play_data=play_data,
    play_script="play.js",
    play_style="play.css",
    narrowed=narrowed,
    deal=deal,
    json_schema="schema.json",
    comfort_share=COMFORT_SHARE,
)
