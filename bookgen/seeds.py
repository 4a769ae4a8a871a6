"""The rule of a seed (a config's `seed:`, `--seed`) and of what a message quotes: apart from the
config's tables (bookgen.fields) so that `bookgen generate` checks its seed without loading them."""

from __future__ import annotations

import unicodedata
from typing import Any

from bookgen import limits
from bookgen.errors import BookgenError, shown
from bookgen.i18n import N_, _

SEED_ABOUT = N_("a whole number or a word of at most {most} characters")


def control_character(text: str, allowed: str = "") -> str | None:
    """The first control character of `text` not in `allowed`, named as U+XXXX, or None."""
    for char in text:
        if char not in allowed and unicodedata.category(char) == "Cc":
            return f"U+{ord(char):04X}"
    return None


def read_seed(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, str)) or str(value).strip() == "":
        raise ValueError
    if len(str(value)) > limits.SEED_CHARS or control_character(str(value)):
        raise ValueError
    return str(value)


def brief(value: Any) -> str:
    """A value for a message, cut short when it is long (a 5000-character title)."""
    text = shown(value)
    length = len(value) if isinstance(value, str) else len(text)  # the text's, not its quotes'
    return text if len(text) <= 60 else text[:50] + f"... ({length} characters)"


def check_seed(text: str, key: str = "--seed") -> str:
    """A seed given on the command line, held to the rules of a config's `seed:`."""
    try:
        return read_seed(text)
    except ValueError:
        raise BookgenError(_("{seed} is not allowed; a seed is {what}").format(
            seed=brief(text), what=_(SEED_ABOUT).format(most=limits.SEED_CHARS)), key=key) from None
