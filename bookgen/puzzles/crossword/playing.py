"""What the game (the fill-in's play.js, which plays both types) shows of a crossword beyond the
puzzle: its words, translated here (a page of crosswords alone reads this folder's catalogs), and
a dealt theme's name over the grid, as the page prints it."""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.letters import typing_rules
from bookgen.i18n import _
from bookgen.puzzles.crossword.drawing import HEADINGS
from bookgen.puzzles.fillin.playing import play_words
from bookgen.puzzles.wordsearch.parameters import theme_heading


def play_data(puzzle: JSON) -> JSON:
    """The game's words, the headings of the clue lists and the line over the grid, how a letter
    typed becomes the grid's (`typing_rules` of the puzzle's language), and a `theme: all`
    crossword's theme name, in the language spoken (the PDF prints it over the grid too)."""
    theme = {"theme": theme_heading(puzzle["theme"])} if "theme" in puzzle else {}
    return theme | {"letters": typing_rules(puzzle["language"]), "words": play_words() | {
        "across": _(HEADINGS["across"]), "down": _(HEADINGS["down"]),
        # Translators: the clue of the word the cursor is in, over a crossword on the playable page
        "acrossClue": _("{number} Across: {clue}"),
        # Translators: the clue of the word the cursor is in, over a crossword on the playable page
        "downClue": _("{number} Down: {clue}")}}
