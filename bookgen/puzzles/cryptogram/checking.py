"""The rules, written apart from the solver: the answer's key turns the ciphertext into its text,
no letter stands for itself, no two code letters stand for one letter, the given letters are
the key's, and every word not given whole is a word of the language (or, joined by an
apostrophe, one of its clitics). A text printing a blocked word (or one of its forms) is refused too.
The answer's quotation as written ("written": SAPERE È POTERE.) is its text with the marks the
puzzle's letters drop, a letter for a letter.
"""

from __future__ import annotations

import re

from bookgen.api import JSON, _
from bookgen.core.dictionary import is_blocked
from bookgen.core.letters import LANGUAGES, alphabet
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.cryptogram.parameters import MAX_AUTHOR, MAX_TEXT, written
from bookgen.puzzles.cryptogram.words import is_reading, runs


def check(puzzle: JSON, solution: JSON) -> list[str]:
    """The rules a solution breaks ([] when it is right)."""
    text, key, language = puzzle["text"], solution["key"], puzzle["language"]
    letters = alphabet(language)
    problems = []
    if "".join(key.get(char, char) for char in text) != solution["text"]:
        problems.append(_("the key does not turn the code into the answer's text"))
    if any(char in letters and char not in key for char in text):
        problems.append(_("the key leaves a code letter of the text out"))
    problems.extend(_("{cipher} stands for itself").format(cipher=cipher)
                    for cipher, plain in sorted(key.items()) if cipher == plain)
    twice = sorted(plain for plain in set(key.values()) if list(key.values()).count(plain) > 1)
    problems.extend(_("two code letters stand for {plain}").format(plain=plain) for plain in twice)
    problems.extend(_("{cipher} is given as {plain}, the key has {keyed}").format(
                        cipher=cipher, plain=plain, keyed=key.get(cipher))
                    for cipher, plain in sorted(puzzle["given"].items()) if key.get(cipher) != plain)
    plain_text = solution["text"]
    for run in runs(text, language):
        word = plain_text[run.start:run.end]
        if not all(char in puzzle["given"] for char in text[run.start:run.end]) \
                and not is_reading(word, run.joined, language):
            problems.append(_("{word} is no word of the language").format(word=word))
    problems.extend(_("the text holds the blocked word {word}").format(word=word)
                    for word in sorted(set(re.findall(r"\w+", plain_text))) if is_blocked(word, language))
    marked = solution.get("written", plain_text)
    if not (isinstance(marked, str) and len(marked) == len(plain_text)
            and written(marked, language) == plain_text):
        problems.append(_("the answer's written quotation is not its text with its marks, a letter "
                          "for a letter"))
    return problems


def validate(puzzle: JSON) -> None:
    """Refuse puzzle JSON that is not a ciphertext in a language's letters with given letters."""
    if not isinstance(puzzle, dict) or set(puzzle) != {"text", "given", "language", "author"}:
        raise PuzzleFormatError(_("a cryptogram puzzle has exactly 'text', 'given', 'language' and "
                                  "'author'"))
    language, text, given = puzzle["language"], puzzle["text"], puzzle["given"]
    if language not in LANGUAGES:
        raise PuzzleFormatError(_("'language' must be one of {choices}").format(
                                    choices=', '.join(LANGUAGES)))
    letters = alphabet(language)
    if not (isinstance(text, str) and 0 < len(text) <= MAX_TEXT and any(c in letters for c in text)
            and text == text.strip() and "\n" not in text
            and not any(char.isalpha() and char not in letters for char in text)):
        raise PuzzleFormatError(_("'text' must be one line of up to {MAX_TEXT} characters, its letters "
                                  "the language's capitals").format(MAX_TEXT=MAX_TEXT))
    if not (isinstance(given, dict) and all(isinstance(c, str) and isinstance(p, str) and c in text
                                            and c in letters and p in letters and c != p
                                            for c, p in given.items())
            and len(set(given.values())) == len(given)):
        raise PuzzleFormatError(_("'given' must map code letters of the text to different letters, none "
                                  "to itself"))
    author = puzzle["author"]
    if not isinstance(author, str) or "\n" in author or len(author) > MAX_AUTHOR:
        raise PuzzleFormatError(_("'author' must be one line of up to {MAX_AUTHOR} characters (\"\" for "
                                  "none)").format(MAX_AUTHOR=MAX_AUTHOR))
