"""The words the game of play.js says (the fill-in's and the crossword's: one script plays
both), translated here and handed to it with each record (`PuzzleType.play_data`): a page's
catalogs are the homes of the types it holds, and a page of crosswords alone would not read this
folder's."""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core.letters import typing_rules
from bookgen.i18n import _


def play_words() -> dict[str, str]:
    """The game's words in the language spoken ({row}, {column}, {number}, {clue} filled by it)."""
    return {
        # Translators: what a screen reader calls the playable page's grid of letter squares
        "squares": _("Letter squares"),
        # Translators: a letter square on the playable page, for a screen reader
        "square": _("Row {row}, column {column}"),
        # Translators: said after a given letter on the playable page ("Row 1, column 2: A, given")
        "given": _("given"),
        # Translators: what a screen reader calls a fill-in's list of words on the playable page
        "list": _("Words to fit in"),
        # Translators: said after a word of a fill-in's list that the grid shows
        "placed": _("in the grid"),
        # Translators: the playable page's keyboard help for fill-ins and crosswords
        "keys": _("Word grids: type letters; Space or a second click turns the word across or "
                  "down; Backspace steps back."),
    }


def play_data(puzzle: JSON) -> JSON:
    """What the game needs beyond the puzzle: its words, and how a letter typed becomes the
    grid's (`typing_rules` of the puzzle's language)."""
    return {"words": play_words(), "letters": typing_rules(puzzle["language"])}
