"""The pool's numbers: reading one as an exact fraction, naming its kind, and making a pool of a kind."""

from __future__ import annotations

import random
from fractions import Fraction

from bookgen.i18n import pgettext

MINUS = "\u2212"  # the minus sign as printed


def shown(text: str) -> str:
    """A pool number as a reader sees it: a true minus and the language's decimal mark ("2,18"
    in German); the puzzle's data keeps "2.18". Fractions keep their form (3/4 is stacked)."""
    # Translators: the decimal mark in a number such as 2.18 (a comma where 2,18 is written)
    return text.replace("-", MINUS).replace(".", pgettext("decimal mark", "."))


def parse_number(text: str) -> Fraction:
    """The exact value of '12', '-3', '0.75' or '-3/4'; ValueError for anything else."""
    if not isinstance(text, str) or not text.strip() or " " in text.strip():
        raise ValueError(text)
    return Fraction(text.strip())


def number_kind(text: str) -> str:
    if "/" in text:
        return "fraction"
    if "." in text:
        return "decimal"
    return "signed" if text.startswith("-") else "whole"


def pool_kind(numbers: list[str]) -> str:
    """The measured kind of a pool: the hardest representation it actually uses."""
    kinds = {number_kind(n) for n in numbers}
    forms = kinds & {"decimal", "fraction"}
    negative = any(n.startswith("-") for n in numbers)
    if len(forms) == 2 or (forms and negative):
        return "mixed"
    if forms:
        return forms.pop()
    return "signed" if negative else "whole"


def _decimal(rng: random.Random, negative: bool) -> str:
    places = rng.choice((1, 2))
    whole = rng.randrange(0, 10)
    frac = rng.randrange(1, 10**places)
    if places == 2 and frac % 10 == 0:
        frac += 1
    text = f"{whole}.{frac:0{places}d}"
    return "-" + text if negative else text


def _fraction(rng: random.Random, negative: bool) -> str:
    den = rng.randrange(2, 13)
    num = rng.randrange(1, 2 * den)
    value = Fraction(num, den)
    if value.denominator == 1:
        value += Fraction(1, den if den > 2 else 3)
    text = f"{value.numerator}/{value.denominator}"
    return "-" + text if negative else text


def _one_number(rng: random.Random, kind: str, index: int) -> str:
    if kind == "whole":
        return str(rng.randrange(0, 100))
    if kind == "signed":
        return str(rng.randrange(-50, 51))
    if kind == "decimal":
        return _decimal(rng, negative=False)
    if kind == "fraction":
        return _fraction(rng, negative=False)
    # mixed: cycle fraction, decimal, negative so every form is present, then anything
    form = ("fraction", "decimal", "negative")[index] if index < 3 else rng.choice(
        ("fraction", "decimal", "negative", "whole"))
    if form == "fraction":
        return _fraction(rng, negative=rng.random() < 0.3)
    if form == "decimal":
        return _decimal(rng, negative=rng.random() < 0.3)
    if form == "negative":
        return rng.choice((_fraction, _decimal))(rng, True) if rng.random() < 0.5 else str(
            -rng.randrange(1, 10))
    return str(rng.randrange(0, 10))


def make_pool(rng: random.Random, kind: str, size: int) -> list[str]:
    """`size` numbers of the kind, distinct in value, in random order."""
    numbers: list[str] = []
    values: set[Fraction] = set()
    while len(numbers) < size:
        text = _one_number(rng, kind, len(numbers))
        value = Fraction(text)
        if value not in values:
            values.add(value)
            numbers.append(text)
    rng.shuffle(numbers)
    return numbers
