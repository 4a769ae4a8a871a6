"""Crossword from the user's words and clues: word and clue pairs laid into a compact free-form
grid, numbered in reading order, with Across and Down clue lists below it.

One module per step in the usual order: `parameters` (each language's own clues in clues/, the
options, rules and the forms a puzzle is compared by), `solver` (what can be proven of a
crossword: its words fit the grid one way only), `checking` (the rules and the entries, apart
from the solver), `grader`, `hints`, `generator` and `drawing`; this module holds the example and
the registry record. The grid is laid out by bookgen.core.wordgrid, the engine the fill-in
shares, and the game is the fill-in's play.js, which plays both.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from bookgen.api import (
    JSON,
    Generated,
    PuzzleType,
    Request,
    Showcase,
    always_unique,
    no_answer_note,
)
from bookgen.core.letters import square_form
from bookgen.core.wordgrid import numbers_of, slots_of
from bookgen.i18n import N_
from bookgen.puzzles.crossword.checking import check, validate
from bookgen.puzzles.crossword.drawing import (
    LEAST_CELL,
    NUMBER_SIZE,
    SHRUNK_NUMBER_SIZE,
    Fit,
    alike,
    draw_filled,
    draw_narrowed_filled,
    draw_puzzle,
    draw_solution,
    measure,
    measure_answer,
    measure_grid,
    page_breaks,
)
from bookgen.puzzles.crossword.generator import (
    check_request,
    deal,
    generate,
    pool,
    themes_dealt,
    variety,
    wider,
)
from bookgen.puzzles.crossword.grader import BANDS, rate
from bookgen.puzzles.crossword.hints import hints
from bookgen.puzzles.crossword.parameters import (
    MAX_SIDE,
    MIN_SIDE,
    OPTIONS,
    THEMES,
    answer_form,
    canonical,
    own_clues,
    printed,
    rules_text,
)
from bookgen.puzzles.crossword.playing import play_data
from bookgen.puzzles.crossword.solver import solve

EXAMPLE_CLUES = {
    "en": ({"BED": "You sleep in it", "HAT": "You wear it on your head",
            "RAIN": "Water falling from clouds", "TREE": "It has a trunk and leaves"},
           {"SUN": "It shines by day", "CAKE": "A birthday treat", "SHOE": "You wear it on your foot",
            "BALL": "You kick or throw it"},
           {"MILK": "A white drink", "KITE": "It flies on a string", "STAR": "It twinkles at night",
            "SOCK": "It goes under a shoe"}),
    "de": ({"BAUM": "Er hat einen Stamm und Blätter", "BETT": "Darin schläft man",
            "HUT": "Man trägt ihn auf dem Kopf", "MOND": "Er scheint in der Nacht"},
           {"KUCHEN": "Süß zum Geburtstag", "MILCH": "Ein weißes Getränk", "TEE": "Ein heißes Getränk",
            "SCHNEE": "Weiße Flocken"},
           {"ROSE": "Eine Blume", "TOR": "Beim Fußball", "STIFT": "Damit schreibt man",
            "SEE": "Wasser im Land"}),
    "fr": ({"ARBRE": "Il a un tronc et des feuilles", "LIT": "On y dort", "LUNE": "Elle brille la nuit",
            "NEIGE": "Des flocons blancs en hiver"},
           {"SOLEIL": "Il brille le jour", "BALLE": "On la lance", "LAMPE": "Elle éclaire",
            "MER": "De l'eau salée"},
           {"GATEAU": "Pour un anniversaire", "LAIT": "Une boisson blanche",
            "ETOILE": "Elle scintille dans le ciel", "PAIN": "On le coupe en tranches"}),
    "es": ({"ARBOL": "Tiene tronco y hojas", "CAMA": "En ella se duerme", "LUNA": "Brilla de noche",
            "TARTA": "Dulce de cumpleaños"},
           {"LIBRO": "Se lee", "TAZA": "Se bebe en ella", "PUERTA": "Se abre para entrar",
            "SOL": "Brilla de día"},
           {"NIEVE": "Copos blancos", "LLUVIA": "Agua de las nubes", "ZAPATO": "Va en el pie",
            "SILLA": "Para sentarse"}),
    "it": ({"ALBERO": "Ha un tronco e le foglie", "LETTO": "Ci si dorme", "LUNA": "Splende di notte",
            "SOLE": "Splende di giorno"},
           {"LATTE": "Bevanda bianca", "STELLA": "Brilla nel cielo", "BARCA": "Galleggia sull'acqua",
            "TAVOLO": "Ci si mangia"},
           {"PIOGGIA": "Acqua dalle nuvole", "SEDIA": "Per sedersi", "SCARPA": "Va sul piede",
            "TORTA": "Dolce di compleanno"}),
    "nl": ({"BED": "Je slaapt erin", "BOOM": "Heeft een stam en bladeren", "MAAN": "Schijnt ’s nachts",
            "ZON": "Schijnt overdag"},
           {"BOOT": "Drijft op het water", "ZEE": "Zout water", "STER": "Fonkelt ’s nachts",
            "TOREN": "Een hoog gebouw"},
           {"MELK": "Een witte drank", "KLOK": "Geeft de tijd", "TAFEL": "Je eet eraan",
            "STOEL": "Om op te zitten"})}
"""Three sets per language of four short words and their clues for the section page's example,
no word in two sets, none a word of the built-in clues of any theme: the example is printed solved, so it
must give no puzzle of the book away. It takes the first set of which the section's own clues
hold no word (`example_clues`). Each set is chosen for a small grid: with its clues beside it,
the example is at most 83 x 40 mm at its natural size, as the first sets are (tests/test_crossword.py
lays out every set); where it cannot stand beside its answer on half the page at its floor (the
English on US Letter), the page stacks the two or narrows it (`render.flowables.example_fits`)."""


def example_clues(request: Request | None) -> list[str] | None:
    """The example's `WORD: clue` pairs: the first set of `EXAMPLE_CLUES` of which the section's
    own clues hold no word (a user's ARBOL beside the example's solved ARBOL gave it away);
    None where they hold a word of every set."""
    language = request.settings["language"] if request is not None else "en"
    taken = {word for word, _clue in pool(request)} if request is not None else set()
    if request is not None and themes_dealt(request):  # every theme's crosswords may follow
        taken = {word for theme in THEMES for word, _clue in own_clues(language, theme)}
    return next(([f"{word}: {clue}" for word, clue in clues.items()] for clues in EXAMPLE_CLUES[language]
                 if not taken & {square_form(word, language) for word in clues}), None)


def example(request: Request | None) -> Generated | None:
    """A small easy crossword of four words in the section's language (`example_clues`; none
    where every set would give a word away), the same for the same words, lying wider than tall
    (`lying_wide`)."""
    language = request.settings["language"] if request is not None else "en"
    clues = example_clues(request)
    if clues is None:
        return None
    small = Request.make(CROSSWORD, "easy", {"clues": clues, "size": "7", "language": language})
    return lying_wide(generate(random.Random(f"example/{language}"), small))


def lying_wide(made: Generated) -> Generated:
    """The crossword turned on its side (across and down swapped, its squares numbered again in
    reading order) where it stands taller than wide: an example beside or below the rules then
    takes less of the page's height, which on a large-print opening page is what it lacks (the
    English example, 6 squares tall and 4 wide, did not fit under the rules at its floor)."""
    grid, answer = made.puzzle["grid"], made.solution["grid"]
    if len(grid) <= len(grid[0]):
        return made
    turned, turned_answer = ["".join(column) for column in zip(*grid)], ["".join(c) for c in zip(*answer)]
    numbers = numbers_of(slots_of(turned))
    entries = [{**entry, "direction": "down" if entry["direction"] == "across" else "across",
                "row": entry["col"], "col": entry["row"], "number": numbers[entry["col"], entry["row"]]}
               for entry in made.puzzle["entries"]]
    entries.sort(key=lambda entry: (entry["direction"] != "across", entry["number"]))
    return replace(made, puzzle={**made.puzzle, "grid": turned, "entries": entries},
                   solution={**made.solution, "grid": turned_answer})


SHOWCASE = (Showcase("hard"), Showcase("easy", {"word_count": "4", "size": "6"}, audit=True),
            Showcase("medium", {"word_count": "12", "size": "15"}, curve_seeds=3),
            Showcase("easy", {"clues": ["SUN: It shines by day", "MOON: It shines by night",
                                        "STAR: A point of light in the night sky",
                                        "COMET: Icy visitor with a long tail",
                                        "PLANET: Earth is one", "ORBIT: A path round the sun"]}))


def narrowed(width: float, height: float, number_size: float = SHRUNK_NUMBER_SIZE,
             letters_kept: bool = False, fit: Fit | None = None) -> PuzzleType:
    """The crossword laid out for a room `width` by `height` mm (large print, a narrow trim): its
    squares shrunk (not under LEAST_CELL) until the grid and its clues, below or beside it, fit
    the room; else its clues continue below the grid on the pages after it (`page_breaks`). Its
    squares number at `number_size` whether they shrank or not, and its given letters shrink
    with them unless `letters_kept` (`draw_puzzle`). Tightened (`tightened`: a section's first
    row below its opening) it keeps the numbers' size and its letters': a section's puzzles
    print at one size. A `fit` (`narrowed_alike`) sets its clues' style and its squares' side. Its
    answers are the type's (their size does not depend on the room); its example's solved
    drawing shows the letters alone in its squares."""
    room = (width, height)
    return replace(CROSSWORD, measure=partial(measure, room=room, fit=fit),
                   draw_puzzle=partial(draw_puzzle, room=room, number_size=number_size,
                                       letters_kept=letters_kept, fit=fit),
                   draw_filled=partial(draw_narrowed_filled, room=room, fit=fit),
                   measure_filled=partial(measure_grid, room=room, fit=fit),
                   page_breaks=partial(page_breaks, room=room, fit=fit),
                   tightened=partial(narrowed, number_size=number_size, letters_kept=True, fit=fit),
                   narrowed_alike=None)


def narrowed_alike(puzzles: Sequence[JSON], width: float, height: float,
                   large_print: bool = False) -> PuzzleType:
    """The crossword narrowed to `width` by `height` mm with every one of `puzzles` (a section's)
    at one size, squares alike (`alike`): its grid and clues on one page where the room lets
    every puzzle be so, and in `large_print` its clues at the body's size where they fit."""
    return narrowed(width, height, fit=alike(puzzles, (width, height), large_print))


def largest_size(puzzles: list[JSON], width: float, height: float) -> str | None:
    """The largest box (`size`, rows x columns) whose grid a room of `width` x `height` mm takes
    at the least square, its clues going on below it: where a grid laid wider is refused (large
    print on 5x8 takes 11 squares across), the refusal names the box that prints."""
    rows, columns = (min(MAX_SIDE, int(side / LEAST_CELL + 1e-9)) for side in (height, width))
    if min(rows, columns) < MIN_SIDE:
        return None
    return str(rows) if rows == columns else f"{rows}x{columns}"


CROSSWORD = PuzzleType(
    name="crossword",
    # Translators: the puzzle of clues whose answers cross in a grid
    title=N_("Crossword"),
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
    measure_solution=measure_answer,
    draw_puzzle=draw_puzzle,
    draw_solution=draw_solution,
    draw_filled=draw_filled,
    measure_filled=measure_grid,
    answer_note=no_answer_note,
    example=example,
    canonical=canonical,
    answer_form=answer_form,
    printed=printed,
    hardness=lambda rating: BANDS.hardness(rating["score"]),
    hints=hints,
    play_script="../fillin/play.js",  # one letter game plays both (fillin/play.js registers both)
    play_style="../fillin/play.css",
    play_data=play_data,
    narrowed=narrowed,
    narrowed_alike=narrowed_alike,
    tightened=partial(narrowed, number_size=NUMBER_SIZE, letters_kept=True),
    largest_size=largest_size,
    wider=wider,
    deal=deal,
    variety=variety,
    topic=lambda puzzle: puzzle.get("theme"),  # theme: all: no two crosswords of a theme in a row
    json_schema="schema.json",
)
