"""Lists and the conjunctions in texts, said as each language says them.

A translated text is filled in with `said`, not `str.format`, where a conjunction of its own
stands right before a value: some languages change the conjunction by the sound that follows.
Spanish (the Real Academia's rule) writes "y" as "e" before the vowel sound i ("padres e
hijos", "e iglesia"; but "agua y hielo": hie- begins with a consonant sound) and "o" as "u"
before the sound o ("7 u 8", "10 u 11", "u hoja"). A number is read as it is spoken: 8, 11,
80-89, 800-899 and 8000 ("ocho mil") begin with an o.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence

from bookgen.i18n import _, current

__all__ = ["joined", "said"]

BEFORE_VALUE = re.compile(r"(?<![\w{])(\w+) \{(\w+)\}")
"""A word right before a placeholder: "o {last}"."""


def joined(items: Sequence[str], conjunction: str = "and") -> str:
    """`items` as the current language lists them: "3, 5 and 8" ("and"), "box 2, 4 or 6" ("or");
    one item alone as it is."""
    if len(items) <= 1:
        return "".join(items)
    if conjunction == "and":
        # Translators: the end of a list: {items} is "3, 5", {last} "8" ("3, 5 and 8")
        template = _("{items} and {last}")
    else:
        # Translators: the end of a list to choose from: {items} is "3, 5", {last} "8"
        template = _("{items} or {last}")
    return said(template, items=", ".join(items[:-1]), last=items[-1])


def said(template: str, **values: object) -> str:
    """`template` filled in with `values`, each conjunction that stands right before a value said
    as the current language says it before that value ("{a} o {b}" with b = 8: "7 u 8")."""
    rule = SAID_BEFORE.get(current().code)
    if rule is not None:
        def before(match: re.Match[str]) -> str:
            word, name = match.group(1), match.group(2)
            return f"{rule(word, str(values.get(name, '')))} {{{name}}}"

        template = BEFORE_VALUE.sub(before, template)
    return template.format(**values)


def _plain(text: str) -> str:
    """`text` in small letters without marks, from its first letter or digit."""
    text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    return re.sub(r"^[^\w\u2212-]+", "", text.lower())


def _spanish_o_number(text: str) -> bool:
    """Whether a number written in digits is read in Spanish beginning with an o: its leading
    group of three digits is 8, 11, 80-89 or 800-899 (ocho, once, ochenta, ochocientos; "8 000"
    ocho mil, but "1 100" mil cien)."""
    whole = re.match(r"\d{1,3}(?:[.\u00a0\u202f ]\d{3})+(?!\d)|\d+", text)
    if whole is None:
        return False
    digits = re.sub(r"\D", "", whole.group())
    lead = int(digits[:len(digits) % 3 or 3])
    return lead in (8, 11) or 80 <= lead <= 89 or 800 <= lead <= 899


def _spanish(word: str, following: str) -> str:
    """"y" before the sound i (i-, hi-, but not hia-, hie-, hio-, hiu-, read as a consonant) is
    "e"; "o" before the sound o (o-, ho-, a number read with an o first) is "u"."""
    plain = _plain(following)
    if word.lower() == "y" and re.match(r"h?i(?![aeiou])", plain):
        return "E" if word.isupper() else "e"
    if word.lower() == "o" and (re.match(r"h?o", plain) or _spanish_o_number(plain)):
        return "U" if word.isupper() else "u"
    return word


SAID_BEFORE: dict[str, Callable[[str, str], str]] = {"es": _spanish}
"""Each language whose conjunctions change with the sound after them: (the conjunction, the text
after it) -> the conjunction said there."""
