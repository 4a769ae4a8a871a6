"""The rules, written apart from the solver: each answer uses exactly its scramble's letters, is
not the scramble as printed, starts with its first letter where the page keeps it, holds each
letter printed in its boxes there, and is a word of the language; no blocked word is printed,
neither as a scramble, inside one, nor as an answer; an answer written with marks (PAPÀ) is its
word, a letter for a letter, and the scramble printed with marks (APAÀ) gives exactly its letters.
"""

from __future__ import annotations

from collections import Counter

from bookgen.api import JSON, _
from bookgen.core.dictionary import blocked_words, is_blocked, is_word
from bookgen.core.known_words import known_words
from bookgen.core.letters import LANGUAGES, alphabet, grid_form
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.scramble.parameters import EMPTY, MAX_WORD, MAX_WORDS, MIN_WORD


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """The rules a solution breaks ([] when it is right)."""
    scrambles, language, words = puzzle["scrambles"], puzzle["language"], solution["words"]
    if len(words) != len(scrambles):
        return [_("the answer lists {count} words for {scrambles} scrambles").format(
            count=len(words), scrambles=len(scrambles))]
    problems = []
    blocked = blocked_words(language)
    shown = puzzle.get("shown") or [EMPTY * len(scramble) for scramble in scrambles]
    for number, (scramble, word, boxes) in enumerate(zip(scrambles, words, shown), 1):
        if Counter(word) != Counter(scramble):
            problems.append(_("{word} does not use exactly the letters of {scramble}").format(
                word=word, scramble=scramble))
        elif word == scramble:
            problems.append(_("{word} is scramble {number} as printed").format(word=word, number=number))
        elif puzzle["first"] and word[0] != scramble[0]:
            problems.append(_("{word} does not begin with {first}, kept first").format(
                word=word, first=scramble[0]))
        problems.extend(_("{word} does not hold {letter} in box {place}, where it is printed").format(
                            word=word, letter=letter, place=place)
                        for place, (letter, written) in enumerate(zip(boxes, word), 1)
                        if letter not in (EMPTY, written))
        if word not in known_words(language) and not is_word(word, language):
            problems.append(_("{word} is no word of the language").format(word=word))
        problems.extend(_("scramble {number} ({scramble}) shows the blocked word {bad}").format(
                            number=number, scramble=scramble, bad=bad)
                        for bad in blocked if bad in scramble)
        if is_blocked(word, language):
            problems.append(_("answer {number} ({word}) is a blocked word").format(number=number, word=word))
    problems.extend(_("the answers write {word} as {term}, which is not that word with its marks, a "
                      "letter for a letter").format(word=word, term=term)
                    for word, term in sorted(solution.get("written", {}).items())
                    if word not in words or not isinstance(term, str) or len(term) != len(word)
                    or grid_form(term, language) != word)
    written = solution.get("written", {})
    problems.extend(_("scramble {number} prints the letters {letters}, which are not those of "
                      "{word}").format(number=number, letters=letters, word=written.get(word, word))
                    for number, (letters, word) in enumerate(zip(puzzle.get("written", ()), words), 1)
                    if isinstance(written.get(word, word), str)
                    and Counter(letters) != Counter(written.get(word, word)))
    return problems


def validate(puzzle: JSON) -> None:
    """Refuse puzzle JSON that is not a list of scrambles in a language's letters, with the letters
    its boxes print where some print one."""
    if not isinstance(puzzle, dict) or not {"scrambles", "language", "first"} <= set(puzzle) \
            <= {"scrambles", "language", "first", "shown", "written"}:
        raise PuzzleFormatError(_("a scramble puzzle has 'scrambles', 'language' and 'first', "
                                  "'shown' where its boxes print letters and 'written' where its "
                                  "letters have marks"))
    language, scrambles = puzzle["language"], puzzle["scrambles"]
    if language not in LANGUAGES:
        raise PuzzleFormatError(_("'language' must be one of {choices}").format(
                                    choices=', '.join(LANGUAGES)))
    letters = alphabet(language)
    if not (isinstance(scrambles, list) and 0 < len(scrambles) <= MAX_WORDS
            and all(isinstance(s, str) and MIN_WORD <= len(s) <= MAX_WORD and set(s) <= letters
                    for s in scrambles)):
        raise PuzzleFormatError(_("'scrambles' must be 1 to {MAX_WORDS} texts of {MIN_WORD} to "
                                  "{MAX_WORD} of the language's capital letters").format(
                                    MAX_WORDS=MAX_WORDS, MIN_WORD=MIN_WORD, MAX_WORD=MAX_WORD))
    if not isinstance(puzzle["first"], bool):
        raise PuzzleFormatError(_("'first' must be true or false: whether each first letter is kept"))
    if "shown" in puzzle:
        _validate_shown(puzzle["shown"], scrambles, puzzle["first"])
    if "written" in puzzle:
        _validate_written(puzzle["written"], scrambles, language)


def _validate_written(written: object, scrambles: list[str], language: str) -> None:
    """Refuse `written` unless it gives each scramble as printed with marks, a letter for each of
    its letters (CÀTIT for CATIT)."""
    if not (isinstance(written, list) and len(written) == len(scrambles)
            and all(isinstance(text, str) and len(text) == len(scramble)
                    and all(grid_form(mark, language) == letter for mark, letter in zip(text, scramble))
                    for text, scramble in zip(written, scrambles))):
        raise PuzzleFormatError(_("'written' must be a list of {count} texts, each scramble with "
                                  "the marks of its word's letters, a letter for a letter").format(
                                    count=len(scrambles)))


def _validate_shown(shown: object, scrambles: list[str], first: bool) -> None:
    """Refuse `shown` unless it gives each scramble its boxes, as many as its letters, each empty
    (".") or printing one of the scramble's letters (none where the kept first letter is), and
    prints at least one (a puzzle of none leaves it out)."""
    if not (isinstance(shown, list) and len(shown) == len(scrambles)
            and all(isinstance(boxes, str) for boxes in shown)):
        raise PuzzleFormatError(_("'shown' must be a list of {count} texts, one for each scramble: "
                                  "'.' for an empty box, a capital letter for a printed one").format(
                                    count=len(scrambles)))
    for number, (boxes, scramble) in enumerate(zip(shown, scrambles), 1):
        if len(boxes) != len(scramble):
            raise PuzzleFormatError(_("'shown' {number} ({boxes}) has {count} boxes for the {letters} "
                                      "letters of scramble {number} ({scramble})").format(
                                        number=number, boxes=boxes, count=len(boxes),
                                        letters=len(scramble), scramble=scramble))
        if first and boxes[0] != EMPTY:
            raise PuzzleFormatError(_("'shown' {number} ({boxes}) prints a letter in the first box, "
                                      "which holds the kept first letter").format(
                                        number=number, boxes=boxes))
        strange = Counter(boxes[first:].replace(EMPTY, "")) - Counter(scramble[first:])
        if strange:
            raise PuzzleFormatError(_("'shown' {number} ({boxes}) prints {letters}, which scramble "
                                      "{number} ({scramble}) does not hold").format(
                                        number=number, boxes=boxes, scramble=scramble,
                                        letters="".join(sorted(strange.elements()))))
    if all(set(boxes) == {EMPTY} for boxes in shown):
        raise PuzzleFormatError(_("'shown' prints no letter: a puzzle whose boxes print none leaves "
                                  "it out"))
