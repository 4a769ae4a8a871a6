"""Exact arithmetic over a multiset of numbers: reachable values and distinct solutions.

A card's numbers are a multiset, except where neighbours may be joined (`Rules.concat`): then
they are read in the card's order, and joining cuts the card into runs of neighbours, each
written as one number (`joinings`); the arithmetic is then that of each joining's multiset.

Vocabulary. A *form* is an expression in normal form, a nested tuple, hashable and ordered, so two
expressions are the same solution exactly when their forms are equal:

    ("#", v)                   a number
    ("+", v, terms)            a sum; terms is a sorted tuple of (sign, form), sign +1 or -1
    ("*", v, factors)          a product; factors is a sorted tuple of (power, form), power +1 or -1
    ("^", v, base, exponent)   a power with a whole exponent from 0 to MAX_EXPONENT

`v` is the exact value (a Fraction) and is never negative. The normal form:

1. Sums and products are flat and unordered: no term of a sum is a sum, no factor of a product is
   a product, so 1+2+3+4 and 4+3+(2+1) are one form, and a/(b/c) is a*c/b.
2. Subtraction and division fold in: a-(b-c) is the sum {a, -b, +c}, the same form as a+(c-b).
3. No form has a negative value: a sum that would be negative is turned round and its sign moves
   out to the enclosing sum, so (1-5)*(2-8) is the same form as (5-1)*(8-2), and a-(b-c)*d with
   b < c is a+(c-b)*d. Every intermediate of a printed solution is therefore at least 0.
4. Identities do not make new solutions: a term of value 0 is always added (x-0 is x+0), a factor
   of value 1 always multiplies (x/(3-2) is x*(3-2)), and in a product of value 0 every factor
   multiplies (0/x is 0*x). A difference of value 0 takes the smaller of its two orientations.

Rejected design: counting every binary expression tree and deduplicating afterwards multiplies
the work by the bracketings of each flat sum or product; here each sub-multiset's forms are built
once per value (memoized) and only the value a subtree must have is ever searched for, so solving
is target-directed and a census shares all sub-multiset work between its multisets.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

from bookgen.i18n import _

Form = tuple
Multiset = tuple[int, ...]
Value = Fraction | int  # an exact value, held as an int when whole (see exact)

OPERATORS = "+-*/^"
MAX_EXPONENT = 6
MAX_POWER = 10**6  # a power's numerator and denominator stay within this
ZERO, ONE = 0, 1


@dataclass(frozen=True)
class Rules:
    """What may be used: a subset of OPERATORS, and whether numbers that stand next to each other
    on the card may be joined into one, in the card's order (on 1 7 9 9: 17, 79, 99, 179, 799 or
    1799; never 71 or 19)."""

    operators: str = "+-*/"
    concat: bool = False


# --- building forms -------------------------------------------------------------------------------


def exact(value: Value) -> Value:
    """A value as an int when it is whole: ints hash and add far faster than Fractions, and an
    int equals (and hashes like) the Fraction of the same value, so sets and memos mix them."""
    return value.numerator if value.denominator == 1 else value


def quotient(x: Value, y: Value) -> Value:
    if type(x) is int and type(y) is int:
        whole, left = divmod(x, y)
        return Fraction(x, y) if left else whole
    return exact(x / y)  # type: ignore[arg-type]  # not both ints here, so x / y is a Fraction


def leaf(number: int) -> Form:
    return ("#", number)


def _terms(form: Form) -> tuple:
    return form[2] if form[0] == "+" else ((1, form),)


def _factors(form: Form) -> tuple:
    return form[2] if form[0] == "*" else ((1, form),)


def _sum(terms: tuple) -> tuple:
    return tuple(sorted((1 if form[1] == 0 else sign, form) for sign, form in terms))


def add(a: Form, b: Form) -> Form:
    return ("+", exact(a[1] + b[1]), _sum(_terms(a) + _terms(b)))


def subtract(a: Form, b: Form) -> Form:
    """a - b for a >= b; a difference of 0 takes the smaller of its two orientations."""
    terms = _sum(_terms(a) + tuple((-s, f) for s, f in _terms(b)))
    if a[1] == b[1]:
        terms = min(terms, _sum(_terms(b) + tuple((-s, f) for s, f in _terms(a))))
    return ("+", exact(a[1] - b[1]), terms)


def _product(value: Value, factors: tuple) -> Form:
    if value == 0:
        return ("*", value, tuple(sorted((1, f) for _, f in factors)))
    return ("*", value, tuple(sorted((1 if f[1] == 1 else p, f) for p, f in factors)))


def multiply(a: Form, b: Form) -> Form:
    return _product(exact(a[1] * b[1]), _factors(a) + _factors(b))


def divide(a: Form, b: Form) -> Form:
    return _product(quotient(a[1], b[1]), _factors(a) + tuple((-p, f) for p, f in _factors(b)))


def power(base: Value, exponent: Value) -> Value | None:
    """base ** exponent when the exponent is a whole number 0..MAX_EXPONENT and the result stays
    small; None otherwise."""
    if exponent.denominator != 1 or not 0 <= exponent <= MAX_EXPONENT or (base == 0 == exponent):
        return None
    if max(base.numerator, base.denominator) ** int(exponent) > MAX_POWER:
        return None
    return exact(base ** int(exponent))


def raise_to(a: Form, b: Form) -> Form:
    value = power(a[1], b[1])
    assert value is not None
    return ("^", value, a, b)


def combine_all(left: frozenset[Value] | set[Value], right: frozenset[Value] | set[Value],
                ops: str, into: set[Value]) -> None:
    """Add to `into` every value (>= 0) of x op y and y op x for x in left, y in right."""
    for x in left:
        for y in right:
            if "+" in ops:
                into.add(exact(x + y))
            if "*" in ops:
                into.add(exact(x * y))
            if "-" in ops:
                into.add(exact(x - y if x >= y else y - x))
            if "/" in ops:
                if y:
                    into.add(quotient(x, y))
                if x:
                    into.add(quotient(y, x))
            if "^" in ops:
                for value in (power(x, y), power(y, x)):
                    if value is not None:
                        into.add(value)


def partners(x: Value, target: Value, ops: str,
             others: frozenset[Value] | set[Value]) -> list[tuple[str, bool, Value]]:
    """Every (op, x on the left, y) with y in others and x op y (or y op x) == target."""
    wanted: list[tuple[str, bool, Value]] = []
    if "+" in ops and target >= x:
        wanted.append(("+", True, exact(target - x)))
    if "-" in ops:
        if x >= target:
            wanted.append(("-", True, exact(x - target)))
        wanted.append(("-", False, exact(x + target)))
    if "*" in ops:
        if x:
            wanted.append(("*", True, quotient(target, x)))
        elif target == 0:
            wanted.extend(("*", True, y) for y in sorted(others))
    if "/" in ops:
        if target and x:
            wanted.append(("/", True, quotient(x, target)))
        elif target == 0 and x == 0:
            wanted.extend(("/", True, y) for y in sorted(others) if y)
        if x:
            wanted.append(("/", False, exact(target * x)))
    if "^" in ops:
        for y in sorted(others):
            if power(x, y) == target:
                wanted.append(("^", True, y))
            if power(y, x) == target:
                wanted.append(("^", False, y))
    return [(op, x_left, y) for op, x_left, y in wanted if y in others]


def one_step(a: Value, b: Value, ops: str) -> list[tuple[str, Value]]:
    """Every (op, value) one step can make of two values a >= b, as a person writes it: a+b,
    a-b, a*b, a/b and b/a (b/a only when a != b, and no division by 0), a^b and b^a (within the
    power limits); never a negative value."""
    made: list[tuple[str, Value]] = []
    if "+" in ops:
        made.append(("+", exact(a + b)))
    if "-" in ops:
        made.append(("-", exact(a - b)))
    if "*" in ops:
        made.append(("*", exact(a * b)))
    if "/" in ops:
        if b:
            made.append(("/", quotient(a, b)))
        if a and a != b:
            made.append(("/", quotient(b, a)))
    if "^" in ops:
        for value in (power(a, b), power(b, a) if a != b else None):
            if value is not None:
                made.append(("^", value))
    return made


# --- multisets ------------------------------------------------------------------------------------


@cache
def splits(numbers: Multiset) -> tuple[tuple[Multiset, Multiset], ...]:
    """Every way to cut a sorted multiset in two non-empty parts, each pair once, the smaller
    part (by size, then by value) first."""
    seen = set()
    size = len(numbers)
    for k in range(1, size // 2 + 1):
        for chosen in itertools.combinations(range(size), k):
            part = tuple(numbers[i] for i in chosen)
            rest = tuple(numbers[i] for i in range(size) if i not in chosen)
            pair = (part, rest) if (len(part), part) <= (len(rest), rest) else (rest, part)
            seen.add(pair)
    return tuple(sorted(seen))


@cache
def joinings(card: tuple[int, ...]) -> tuple[Multiset, ...]:
    """Every multiset a card (its numbers in printed order) gives when neighbours may be joined:
    the card cut into runs of neighbours, each run written as one number in the card's order (no
    run of several starting with 0), each multiset once; the card itself, nothing joined, first."""
    found: dict[Multiset, None] = {}
    for joins in range(1 << (len(card) - 1)):  # bit i: number i is joined to number i + 1
        numbers, run = [], str(card[0])
        for i, number in enumerate(card[1:]):
            if joins >> i & 1:
                run += str(number)
            else:
                numbers.append(run)
                run = str(number)
        numbers.append(run)
        if all(len(text) == 1 or text[0] != "0" for text in numbers):
            found.setdefault(tuple(sorted(int(text) for text in numbers)), None)
    return tuple(found)


# --- the signs a form is written in ---------------------------------------------------------------

PYTHON = {"+": "+", "-": "-", "*": "*", "/": "/", "^": "**", "space": ""}
PAGE = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7", "^": "^", "space": " "}
BINDING = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 3}
LEAF = 4


# --- the engine -----------------------------------------------------------------------------------


class Engine:
    """Reachable values and distinct solution forms under one set of Rules, memoized per
    sub-multiset so that many puzzles (a census, a generator's candidates) share the work;
    `card_forms` and `card_reaches` take a card, joining its neighbours where the rules allow."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._values: dict[Multiset, frozenset[Value]] = {}
        self._forms: dict[tuple[Multiset, Value], frozenset[Form]] = {}
        # A form prints in + - * / by itself only when + and * are allowed: without them its
        # flat sums and products must be bracketed back into the steps that built it, so each
        # form keeps the first (op, left, right) that made it (see `written`).
        self._plain = "+" in rules.operators and "*" in rules.operators
        self._made: dict[Form, tuple[str, Form, Form]] = {}

    def values(self, numbers: Multiset) -> frozenset[Value]:
        """Every value (>= 0) an expression using each number once can have."""
        found = self._values.get(numbers)
        if found is not None:
            return found
        result: set[Value] = {numbers[0]} if len(numbers) == 1 else set()
        for part, rest in splits(numbers):
            combine_all(self.values(part), self.values(rest), self.rules.operators, result)
        found = self._values[numbers] = frozenset(result)
        return found

    def steps(self, numbers: Multiset, target: Value) -> Iterator[tuple[str, Multiset, Value,
                                                                      Multiset, Value]]:
        """The last step of every way to reach target: (op, left part, its value, right part,
        its value) with left op right == target. Only the smaller part's values are listed; the
        other part is asked for the one value it must have."""
        for part, rest in splits(numbers):
            small, large = self.values(part), self.values(rest)
            for x in small:
                for op, x_left, y in partners(x, target, self.rules.operators, large):
                    if x_left:
                        yield op, part, x, rest, y
                    else:
                        yield op, rest, y, part, x

    def reaches(self, numbers: Multiset, target: Value) -> bool:
        """Whether some expression reaches target (without listing the ways)."""
        if len(numbers) <= 3:
            return target in self.values(numbers)
        return next(self.steps(numbers, target), None) is not None

    def forms(self, numbers: Multiset, target: Value) -> frozenset[Form]:
        """Every distinct solution form with this value."""
        key = (numbers, target)
        found = self._forms.get(key)
        if found is not None:
            return found
        result: set[Form] = set()
        if len(numbers) == 1:
            if numbers[0] == target:
                result.add(leaf(numbers[0]))
        else:
            build = {"+": add, "-": subtract, "*": multiply, "/": divide, "^": raise_to}
            for op, left, x, right, y in self.steps(numbers, target):
                join = build[op]
                for a in self.forms(left, x):
                    for b in self.forms(right, y):
                        made = join(a, b)
                        result.add(made)
                        if not self._plain:
                            self._made.setdefault(made, (op, a, b))
        found = self._forms[key] = frozenset(result)
        return found

    def cards(self, card: tuple[int, ...]) -> tuple[Multiset, ...]:
        """The multisets a card's arithmetic works on: its numbers, or with joining every
        `joinings` of them (the card's numbers in printed order)."""
        return joinings(card) if self.rules.concat else (tuple(sorted(card)),)

    def card_forms(self, card: tuple[int, ...], target: Value) -> frozenset[Form]:
        """Every distinct solution form of a card (its numbers in printed order)."""
        return frozenset().union(*(self.forms(numbers, target) for numbers in self.cards(card)))

    def card_reaches(self, card: tuple[int, ...], target: Value) -> bool:
        """Whether some expression on a card (its numbers in printed order) reaches target."""
        return any(self.reaches(numbers, target) for numbers in self.cards(card))

    def simplicity(self, form: Form) -> tuple:
        """The sort key `simplicity` of a form as this engine writes it."""
        return simplicity(form, self.written(form))

    def written(self, form: Form, signs: dict[str, str] = PYTHON) -> str:
        """A form of this engine's solutions as text in the allowed operators only: `show` when
        + and * are allowed, else the steps that built it (5/(1/2)/1 where show says 5*2*1)."""
        if self._plain:
            return show(form, signs)
        return self._steps_text(form, signs)[0]

    def _steps_text(self, form: Form, signs: dict[str, str]) -> tuple[str, int]:
        """The text of the steps that built a form, and its binding (LEAF for a number)."""
        made = self._made.get(form)
        if made is None:
            return number_text(form[1]), LEAF
        op, a, b = made
        if op in "+*" and a[1] < b[1]:
            a, b = b, a  # larger first, as show writes them
        (left, left_binds), (right, right_binds) = (self._steps_text(a, signs),
                                                    self._steps_text(b, signs))
        binds = BINDING[op]
        if left_binds < binds or (op == "^" and left_binds != LEAF):
            left = f"({left})"
        if right_binds < binds or (right_binds == binds and op in "-/^") or (
                op == "^" and right_binds != LEAF):
            right = f"({right})"
        gap = "" if op == "^" else signs["space"]
        return f"{left}{gap}{signs[op]}{gap}{right}", binds


def any_multiset_reaches(target: Value, size: int, pool: range, ops: str,
                         work_limit: int = 2_000_000) -> bool | None:
    """Whether some multiset of `size` numbers from pool reaches target, without going through
    the multisets one by one: the values reachable with k numbers of the pool, for k < size, are
    built from smaller k, and the last step only asks for partners of the target. None when that
    would take more than work_limit combinations (then the answer is almost surely yes)."""
    reach: dict[int, set[Value]] = {1: set(pool)}
    for k in range(2, size):
        reach[k] = set()
        for i in range(1, k // 2 + 1):
            if len(reach[i]) * len(reach[k - i]) > work_limit:
                return None
            combine_all(reach[i], reach[k - i], ops, reach[k])
    for i in range(1, size // 2 + 1):
        if len(reach[i]) * 6 > work_limit:
            return None
        if any(partners(x, target, ops, reach[size - i]) for x in reach[i]):
            return True
    return False


@lru_cache(maxsize=16)
def engine(rules: Rules) -> Engine:
    """One shared engine per rule set, so repeated puzzles reuse each other's sub-results."""
    return Engine(rules)


# --- reading a form -------------------------------------------------------------------------------



def number_text(value: Value) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def show(form: Form, signs: dict[str, str] = PYTHON) -> str:
    """The form written with the fewest brackets: a sum's added terms first, then the subtracted
    ones; a product's multiplied factors first, then the divisors; larger values first."""
    kind = form[0]
    gap = signs["space"]
    if kind == "#":
        return number_text(form[1])
    if kind == "^":
        base, exponent = show(form[2], signs), show(form[3], signs)
        if form[2][0] != "#":
            base = f"({base})"
        if form[3][0] != "#":
            exponent = f"({exponent})"
        return f"{base}{signs['^']}{exponent}"
    parts = []
    for sign, child in form[2]:
        text = show(child, signs)
        if kind == "*" and child[0] == "+":
            text = f"({text})"
        parts.append((-sign, -child[1], child[0] != "#", text))
    parts.sort()
    plus, minus = ("+", "-") if kind == "+" else ("*", "/")
    out = parts[0][3]
    for negative, _value, _grouped, text in parts[1:]:
        out += f"{gap}{signs[minus if negative > 0 else plus]}{gap}{text}"
    return out


@dataclass(frozen=True)
class Traits:
    """What a solution asks of a solver: a fraction on the way, divisions, subtractions, whether
    it can be built left to right ((a op b) op c) op d, and its largest intermediate."""

    fraction: bool
    divisions: int
    subtractions: int
    left_to_right: bool
    peak: Value


@lru_cache(maxsize=200_000)
def traits(form: Form) -> Traits:
    kind, value = form[0], form[1]
    if kind == "#":
        return Traits(False, 0, 0, True, value)
    if kind == "^":
        base, exponent = traits(form[2]), traits(form[3])
        return Traits(
            value.denominator != 1 or base.fraction or exponent.fraction,
            base.divisions + exponent.divisions,
            base.subtractions + exponent.subtractions,
            base.left_to_right and form[3][0] == "#",
            max(value, base.peak, exponent.peak),
        )
    children = [(sign, child, traits(child)) for sign, child in form[2]]
    inner = [(sign, t) for sign, child, t in children if child[0] != "#"]
    negatives = sum(1 for sign, _, _ in children if sign < 0)
    if kind == "+":
        running = sum((child[1] for sign, child, _ in children if sign > 0), ZERO)
    else:
        running = ONE
        for sign, child, _ in children:
            if sign > 0:
                running *= child[1]
    return Traits(
        value.denominator != 1 or any(t.fraction for _, _, t in children),
        sum(t.divisions for _, _, t in children) + (negatives if kind == "*" else 0),
        sum(t.subtractions for _, _, t in children) + (negatives if kind == "+" else 0),
        len(inner) == 0 or (len(inner) == 1 and inner[0][0] > 0 and inner[0][1].left_to_right),
        max([value, running] + [t.peak for _, _, t in children]),
    )


def simplicity(form: Form, text: str | None = None) -> tuple:
    """Sort key, simplest first: no fraction, fewest brackets, left to right, fewest divisions and
    subtractions, fewest kinds of operator, smallest intermediates, shortest; `text` is the form
    as it will be written (`show` unless given)."""
    t = traits(form)
    text = show(form) if text is None else text
    kinds = sum(1 for op in "+-*/" if op in text) + ("**" in text)
    return (t.fraction, text.count("("), not t.left_to_right, t.divisions, t.subtractions, kinds,
            t.peak, len(text), text)


# --- checking an expression apart from the engine -------------------------------------------------

_BINARY = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "^"}


class ExpressionError(ValueError):
    """An expression that cannot be read or evaluated; the message says why."""


def evaluate(text: str) -> tuple[Fraction, list[int], set[str]]:
    """The exact value of a Python-syntax expression of whole numbers and + - * / **, the
    numbers it uses, and the operators it uses."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        raise ExpressionError(_("{text} is not an expression").format(text=repr(text))) from None
    numbers: list[int] = []
    used: set[str] = set()

    def walk(node: ast.AST) -> Fraction:
        if isinstance(node, ast.Constant) and type(node.value) is int and node.value >= 0:
            numbers.append(node.value)
            return Fraction(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            op = _BINARY[type(node.op)]
            used.add(op)
            left, right = walk(node.left), walk(node.right)
            if op == "+":
                return left + right
            if op == "-":
                return left - right
            if op == "*":
                return left * right
            if op == "/":
                if right == 0:
                    raise ExpressionError(_("{text} divides by zero").format(text=repr(text)))
                return left / right
            if right.denominator != 1 or not 0 <= right <= MAX_EXPONENT or left == 0 == right:
                raise ExpressionError(_("{text}: exponents must be whole numbers from 0 to {most}").format(
                    text=repr(text), most=MAX_EXPONENT))
            result = left ** int(right)
            if max(abs(result.numerator), result.denominator) > MAX_POWER:
                raise ExpressionError(_("{text}: a power may not exceed {most}").format(
                    text=repr(text), most=MAX_POWER))
            return result
        raise ExpressionError(_("{text} may hold only whole numbers, brackets and the operators "
                                "+ - * / **").format(text=repr(text)))

    return walk(tree.body), numbers, used


def normal_form(text: str) -> Form:
    """The normal form of any expression, negative intermediates included: a sign travels with
    each partial result until a sum absorbs it. Raises ExpressionError like evaluate."""
    evaluate(text)  # the same reading errors, and no division by zero below
    builders = {ast.Add: add, ast.Mult: multiply, ast.Div: divide}

    def walk(node: ast.AST) -> tuple[int, Form]:
        if isinstance(node, ast.Constant):
            return 1, leaf(node.value)  # type: ignore[arg-type]  # evaluate() admits only int constants
        assert isinstance(node, ast.BinOp)
        (sa, a), (sb, b) = walk(node.left), walk(node.right)
        op = type(node.op)
        if op is ast.Pow:
            return (sa if b[1] % 2 else 1), raise_to(a, b)
        if op in (ast.Mult, ast.Div):
            return sa * sb, builders[op](a, b)
        if op is ast.Sub:
            sb = -sb
        if sa == sb:
            return sa, add(a, b)
        positive, negative = (a, b) if sa > 0 else (b, a)
        if positive[1] >= negative[1]:
            return 1, subtract(positive, negative)
        return -1, subtract(negative, positive)

    return walk(ast.parse(text.strip(), mode="eval").body)[1]


def uses_numbers(written: list[int], given: list[int], concat: bool) -> bool:
    """Whether the numbers written are exactly the given ones, each used once, where concat lets
    one written number be several given numbers that stand next to each other, side by side in
    the order given (1 7 9 9: 17 or 799, never 71 or 19)."""
    if not concat:
        return sorted(written) == sorted(given)
    return any(sorted(map(run_number, runs)) == sorted(written) for runs in runs_of(given))


def runs_of(given: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to cut `given` into runs of neighbours, none of several starting with 0."""
    if not given:
        yield []
        return
    for size in range(1, len(given) + 1):
        if size == 1 or given[0] != 0:
            for rest in runs_of(given[size:]):
                yield [tuple(given[:size]), *rest]


def run_number(run: tuple[int, ...]) -> int:
    """A run of neighbours written side by side, in its order, as one number."""
    return int("".join(str(n) for n in run))
