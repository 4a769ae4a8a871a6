"""Arithmetic target puzzles: exact facts, the normal form, brute-force agreement, bands, pages."""

from __future__ import annotations

import collections
import io
import itertools
import json
import random
import re
from fractions import Fraction

import pytest
from pypdf import PdfReader

from bench import arithmetic_people as people
from bookgen.book import make_book
from bookgen.config import load_config
from bookgen.core import exprs
from bookgen.core.exprs import Rules, normal_form
from bookgen.core.grading import LEVELS
from bookgen.core.options import parse_options
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.arithmetic import ARITHMETIC, generator
from bookgen.puzzles.arithmetic.census import census
from bookgen.puzzles.arithmetic.checking import check, validate
from bookgen.puzzles.arithmetic.grader import BANDS, WEIGHTS, level_of, person, rate
from bookgen.puzzles.arithmetic.solver import solve
from bookgen.puzzles.base import Request, too_few_exist
from bookgen.render.document import BookDocument


def card(numbers, target=10, operators="+-*/", **extra):
    return {"numbers": list(numbers), "target": target, "operators": operators, **extra}


# --- an independent brute force: every binary tree, negatives allowed, no memo ----------------


def _power(x: Fraction, y: Fraction) -> Fraction | None:
    if y.denominator != 1 or not 0 <= y <= 6 or x == 0 == y:
        return None
    value = x ** int(y)
    return value if max(abs(value.numerator), value.denominator) <= 10**6 else None


def _combine(a, b, ops):
    (x, s), (y, t) = a, b
    if "+" in ops:
        yield x + y, f"({s}+{t})"
    if "-" in ops:
        yield x - y, f"({s}-{t})"
        yield y - x, f"({t}-{s})"
    if "*" in ops:
        yield x * y, f"({s}*{t})"
    if "/" in ops:
        if y:
            yield x / y, f"({s}/{t})"
        if x:
            yield y / x, f"({t}/{s})"
    if "^" in ops:
        if _power(x, y) is not None:
            yield _power(x, y), f"({s}**{t})"
        if _power(y, x) is not None:
            yield _power(y, x), f"({t}**{s})"


def _all_trees(items, ops):
    if len(items) == 1:
        yield items[0]
        return
    for i, j in itertools.combinations(range(len(items)), 2):
        rest = [item for k, item in enumerate(items) if k not in (i, j)]
        for joined in _combine(items[i], items[j], ops):
            yield from _all_trees(rest + [joined], ops)


def _groupings(numbers, concat):
    """The given numbers as leaves: each alone, or (with concat) a run of neighbours written side
    by side in the card's order."""
    if not numbers:
        yield []
        return
    for size in range(1, len(numbers) + 1 if concat else 2):
        text = "".join(map(str, numbers[:size]))
        if size > 1 and text[0] == "0":
            continue
        for tail in _groupings(numbers[size:], concat):
            yield [(Fraction(int(text)), text)] + tail


def brute_force_forms(numbers, target, ops="+-*/", concat=False):
    found = set()
    for leaves in _groupings(list(numbers), concat):
        for value, text in _all_trees(leaves, ops):
            if value == target:
                found.add(normal_form(text))
    return found


def engine_forms(numbers, target, ops="+-*/", concat=False):
    return set(exprs.Engine(Rules(ops, concat)).card_forms(tuple(numbers), target))


@pytest.mark.parametrize("numbers, target, ops, concat", [
    ((1, 2, 3, 4), 10, "+-*/", False),
    ((1, 1, 5, 8), 10, "+-*/", False),
    ((3, 3, 8, 8), 24, "+-*/", False),
    ((0, 2, 5, 5), 10, "+-*/", False),
    ((2, 2, 2, 2), 0, "+-*/", False),
    ((4, 6, 6, 9), 24, "+-*/", False),
    ((1, 3, 4, 6), 24, "-/", False),
    ((2, 3, 2), 10, "+-*/^", False),
    ((1, 2, 3), 6, "+-*/^", False),
    ((1, 2, 3), 15, "+-*/", True),
    ((3, 1, 2), 15, "+-*/", True),
    ((0, 1, 5), 10, "+-*", True),
    ((1, 0, 5), 10, "+-*", True),
    ((1, 7, 9, 9), 10, "+-*/", True),
    ((2, 1, 3, 4), 24, "+-*/", True),
])
def test_solver_agrees_with_brute_force(numbers, target, ops, concat):
    brute = brute_force_forms(numbers, target, ops, concat)
    assert engine_forms(numbers, target, ops, concat) == brute


def test_reachable_values_agree_with_brute_force():
    engine = exprs.Engine(Rules())
    for numbers in [(1, 2, 3), (0, 4, 7), (2, 2, 9), (1, 3, 4, 6), (5, 5, 5, 1)]:
        brute = {v for v, _ in _all_trees([(Fraction(n), str(n)) for n in numbers], "+-*/")}
        assert engine.values(numbers) == {v for v in brute if v >= 0}


# --- exact facts ------------------------------------------------------------------------------


def test_ten_puzzle_census_has_163_unsolvable_of_715():
    report = census(10, 4, 0, 9)
    assert report["multisets"] == 715
    assert report["solvable"] == 552 and len(report["unsolvable"]) == 163
    assert sum(report["levels"].values()) == 552
    json.dumps(report)  # JSON-ready
    # the unsolvable ones agree with a naive exact search over every expression
    naive = [list(m) for m in itertools.combinations_with_replacement(range(10), 4)
             if not any(v == 10 for v, _ in _all_trees([(Fraction(n), str(n)) for n in m], "+-*/"))]
    assert report["unsolvable"] == naive
    assert [1, 1, 1, 1] in naive and [1, 1, 5, 8] not in naive and [9, 9, 9, 9] not in naive


@pytest.mark.parametrize("numbers, target, expected", [
    ((1, 1, 5, 8), 10, ["8/(1-1/5)"]),
    ((3, 3, 8, 8), 24, ["8/(3-8/3)"]),
    ((1, 5, 5, 5), 24, ["5*(5-1/5)"]),
    ((4, 4, 10, 10), 24, ["(10*10-4)/4"]),
    ((1, 2, 3, 4), 10, ["4+3+2+1", "3*2*1+4", "3*2+4*1", "4*2+3-1", "4*3*1-2", "4*3-2*1",
                        "4*(3-1)+2", "(3*2+4)*1", "(4*3-2)*1", "4*(3/2+1)", "4*(3-1/2)"]),
])
def test_hand_checked_distinct_solutions(numbers, target, expected):
    solved = solve(card(numbers, target))
    assert solved.count == len(expected)
    assert sorted(solved.solution["expressions"]) == sorted(expected)
    assert solved.solution["expressions"][0] == expected[0]  # the simplest comes first
    assert check(card(numbers, target), solved.solution) == []


def test_solve_caps_the_count_but_lists_every_solution():
    solved = solve(card((1, 2, 3, 4)), 2)
    assert solved.count == 2 and len(solved.solution["expressions"]) == 11
    nothing = solve(card((1, 1, 1, 1)), 2)
    assert nothing.count == 0 and nothing.solution is None


# --- the normal form --------------------------------------------------------------------------


@pytest.mark.parametrize("one, other", [
    ("1+2+3+4", "4+3+(2+1)"),           # + is commutative and associative
    ("2*(3*4)", "4*3*2"),               # so is *
    ("8-(5-2)", "8+(2-5)"),             # a-(b-c) folds with a+(c-b)
    ("8-(5-2)", "(8+2)-5"),
    ("8/(4/2)", "8*2/4"),               # a/(b/c) is a*c/b
    ("(1-5)*(2-8)", "(5-1)*(8-2)"),     # signs leave products for the enclosing sum
    ("7-(1-5)*2", "7+(5-1)*2"),
    ("6/(3-2)", "6*(3-2)"),             # a factor of value 1 always multiplies
    ("9-0*4", "9+0/4"),                 # a term of value 0 is always added
])
def test_equivalent_expressions_share_one_normal_form(one, other):
    assert normal_form(one) == normal_form(other)


@pytest.mark.parametrize("one, other", [
    ("3*2*1+4", "3*2+4*1"),             # where the 1 multiplies is a different solution
    ("(10*10-4)/4", "10*10/4-4/4"),     # distributing is a different solution
    ("8-5+2", "8-2+5"),
])
def test_different_solutions_keep_different_forms(one, other):
    assert normal_form(one) != normal_form(other)


def test_printing_uses_fewest_brackets_and_page_signs():
    form = normal_form("((8)/((1)-(1/5)))")
    assert exprs.show(form) == "8/(1-1/5)"
    assert exprs.show(form, exprs.PAGE) == "8 \u00f7 (1 \u2212 1 \u00f7 5)"
    assert exprs.show(normal_form("(4+((3+2)+1))")) == "4+3+2+1"
    assert exprs.show(normal_form("(9-(2-1))*(3/3)")) == "(9+1-2)*3/3"
    # every printed solution reads back as itself
    for form in exprs.Engine(Rules()).forms((1, 3, 4, 6), 24):
        assert normal_form(exprs.show(form)) == form


# --- the rules checker ------------------------------------------------------------------------


@pytest.mark.parametrize("expression, complaint", [
    ("8/(1-1/5)", None),
    ("8/(1+1/5)", "makes 20/3"),
    ("8/(1-1/5)+0", "exactly once"),
    ("8/(1-1/5)*1", "exactly once"),
    ("8/(5-1/1)", "makes 2"),
    ("8*(1-1/5)", "makes 32/5"),
    ("(8-1-1)/5*0", "makes 0"),
    ("8/(1-1/5", "not an expression"),
    ("-8/(1-1/5)*-1", "only whole numbers"),
    ("8.0/(1-1/5)", "only whole numbers"),
    ("8/(1-1)+5", "divides by zero"),
])
def test_check_rejects_wrong_answers(expression, complaint):
    problems = check(card((1, 1, 5, 8)), {"expressions": [expression]})
    if complaint is None:
        assert problems == []
    else:
        assert problems and complaint in " ".join(problems)


def test_check_rejects_operators_not_allowed_and_empty_answers():
    assert "only +-* are allowed" in check(card((2, 5, 1, 1), operators="+-*"),
                                           {"expressions": ["2*5/1*1"]})[0]
    assert check(card((1, 1, 5, 8)), {"expressions": []})
    assert check(card((1, 1, 5, 8)), {"expressions": ["8/(1-1/5)", "8/(1-1/5)"]})
    assert check(card((1, 2, 3), 123, concat=True), {"expressions": ["123"]}) == []
    assert check(card((1, 2, 3), 15, concat=True), {"expressions": ["12+3"]}) == []
    assert check(card((1, 2, 3), 24, concat=True), {"expressions": ["1+23"]}) == []
    # joining takes neighbours only, in the card's order
    for wrong in ("13+2", "21+3", "1+32"):
        target = exprs.evaluate(wrong)[0]
        problems = check(card((1, 2, 3), int(target), concat=True), {"expressions": [wrong]})
        assert problems == [f"{wrong} must use each of [1, 2, 3] exactly once, joining only "
                            "neighbours in the card's order"]
    assert check(card((1, 2, 3), 15), {"expressions": ["12+3"]})


@pytest.mark.parametrize("puzzle, key", [
    ({"numbers": [1, 2, 3], "operators": "+"}, "target"),
    (card([1, 2, 3, 4, 5, 6, 7]), "numbers"),
    (card([1, 2]), "numbers"),
    (card([1, -2, 3]), "numbers"),
    (card([1, 2.5, 3]), "numbers"),
    (card("1234"), "numbers"),
    (card([1, 2, 3], target="10"), "target"),
    (card([1, 2, 3], operators=""), "operators"),
    (card([1, 2, 3], operators="+%"), "operators"),
    (card([1, 2, 3], operators="++"), "operators"),
    (card([1, 2, 3], concat="yes"), "concat"),
])
def test_validate_rejects_bad_json(puzzle, key):
    with pytest.raises(PuzzleFormatError) as error:
        validate(puzzle)
    assert error.value.key == key


# --- difficulty -------------------------------------------------------------------------------


def test_bands_are_disjoint_and_ordered():
    spans = [BANDS.span(level) for level in LEVELS]
    for (_, high), (low, _) in zip(spans, spans[1:]):
        assert high < low


@pytest.mark.parametrize("numbers, target", [((1, 1, 5, 8), 10), ((3, 3, 8, 8), 24),
                                             ((1, 5, 5, 5), 24)])
def test_famous_hard_cards_are_expert(numbers, target):
    rating = rate(card(numbers, target))
    assert rating["level"] == "expert"
    assert rating["solutions"] == 1 and rating["needs_fraction"] and not rating["left_to_right"]


def test_rating_measures_what_it_claims():
    easy = rate(card((1, 2, 3, 4)))
    assert easy["level"] == "easy" and easy["solutions"] == 11 and easy["left_to_right"]
    assert not easy["needs_division"] and not easy["needs_subtraction"]
    assert abs(2 ** easy["score"] - easy["tries"]) <= 0.5 + 0.01 * easy["tries"]
    assert easy["ways"] > 0 and easy["decoys"] == 0
    assert rate(card((4, 4, 10, 10), 24))["peak"] == 100
    assert rate(card((1, 1, 1, 1)))["level"] == "unsolvable"


# --- the model person --------------------------------------------------------------------------


def test_person_chance_by_hand():
    """1 1 2 -> 4 with + and *: 1+1 leaves 2 2, whose product is always seen; 2+1 leaves 1 3,
    where 3+1 is one of two steps (3*1 weighs WEIGHTS.neutral); 1*1 and 2*1 (neutral) lead nowhere."""
    n = WEIGHTS.neutral
    chance, ways = person(Rules("+*"), 4).chance((1, 1, 2))
    assert chance == pytest.approx((1 + 1 / (1 + n)) / (2 + 2 * n))
    assert ways == 3  # 1+1 then 2+2 or 2*2; 2+1 then 3+1
    assert person(Rules("+*"), 6).chance((2, 4)) == (0.5, 1)  # 2+4 or 2*4
    assert person(Rules("+-*/"), 6).chance((2, 4)) == (pytest.approx(0.25), 1)  # 6 2 8 2
    assert person(Rules("+-*/"), 6).chance((2, 3)) == (1.0, 1)  # 2*3: a product is seen
    assert person(Rules("+"), 6).chance((2, 3)) == (0.0, 0)  # the memo is per operator set


@pytest.mark.parametrize("easier, harder", [
    ((1, 1, 4, 6), (1, 2, 3, 4)),      # human ranks 1 and 22 of 1362
    ((1, 2, 3, 4), (2, 2, 3, 3)),      # 22 and 627
    ((2, 2, 3, 3), (4, 4, 10, 10)),    # 627 and 1318
    ((4, 4, 10, 10), (1, 5, 5, 5)),    # a fraction is the hardest of all
    ((1, 1, 11, 11), (4, 6, 7, 9)),    # repeats help (2); a decoy, 4*6, hurts (1316)
])
def test_scores_order_cards_as_people_do(easier, harder):
    assert rate(card(easier, 24))["score"] < rate(card(harder, 24))["score"]


def test_decoys_are_counted():
    # 4*6 makes 24 at once, but 7 and 9 cannot be turned into a 0 or a 1
    assert rate(card((4, 6, 7, 9), 24))["decoys"] == 1
    assert rate(card((1, 1, 4, 6), 24))["decoys"] == 0


@pytest.mark.skipif(not people.DATA.exists(), reason="the 4nums ranking is not on this machine")
def test_score_predicts_human_solve_times():
    ranking = people.read_ranking(people.DATA)
    scores = {tuple(r["numbers"]): r["score"] for r in census(24, 4, 1, 13)["ratings"]}
    even = [(rank, scores[numbers]) for rank, numbers in ranking if rank % 2 == 0]
    held_out = people.spearman([rank for rank, _ in even], [score for _, score in even])
    assert held_out >= 0.75  # the weights were fitted on the odd ranks


# --- generation ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def made():
    return {level: make_puzzle(Request.make(ARITHMETIC, level, {}), f"test-{level}") for level in LEVELS}


def test_levels_are_generated_from_their_bands(made):
    scores = []
    for level in LEVELS:
        record = made[level]
        low, high = BANDS.span(level)
        assert low <= record.rating["score"] <= high and record.rating["level"] == level
        assert solve(record.puzzle).count == record.rating["solutions"] >= 1
        scores.append(record.rating["score"])
    assert scores == sorted(scores) and len(set(scores)) == len(LEVELS)


def test_generation_follows_options():
    options = parse_options(ARITHMETIC.options, {"target": "24", "range": "1-13",
                                                 "distinct": "true", "size": "4"}, "arithmetic")
    record = make_puzzle(Request.make(ARITHMETIC, "hard", options), "cards")
    numbers = record.puzzle["numbers"]
    assert record.puzzle["target"] == 24 and len(set(numbers)) == 4
    assert all(1 <= n <= 13 for n in numbers)
    five = make_puzzle(Request.make(ARITHMETIC, "easy", {"size": 5}), "five")
    assert len(five.puzzle["numbers"]) == 5


# --- a drawn card's level, without its solutions -------------------------------------------------

LEVEL_SETTINGS = [  # (target, range, operators, joining): whole, fractional and unsolvable cards
    (10, (1, 9), "+-*/", False), (24, (1, 13), "+-*/", False), (100, (1, 9), "+-*/", False),
    (10, (0, 9), "+-", False), (10, (1, 9), "/", False), (24, (1, 9), "-*", False),
    (2, (1, 9), "+/", False), (1, (1, 9), "+-*/^", False), (97, (1, 9), "+-*/", True),
    (0, (0, 5), "*/", False),
]
QUICK = 7  # the settings whose 6-number cards take well under a second to list in full


def test_a_cards_level_without_its_solutions_is_its_rating():
    """`level_of` (the score alone, and the engine asked only whether an expression reaches the
    target) gives the level the full rating of every distinct solution gives, so a drawn card is
    kept or passed over as before: seeded random cards of 3 to 6 numbers under settings whose
    cards need fractions, cannot be made, or join neighbours."""
    rng = random.Random("level-of")
    seen = set()
    for size, count in ((3, 300), (4, 300), (5, 40), (6, 10)):
        for _ in range(count):
            settings = LEVEL_SETTINGS[:QUICK] if size == 6 else LEVEL_SETTINGS
            target, (low, high), operators, concat = rng.choice(settings)
            numbers = tuple(rng.randint(low, high) for _ in range(size))
            puzzle = card(numbers, target, operators, **({"concat": True} if concat else {}))
            rating = rate(puzzle)
            assert level_of(numbers, target, Rules(operators, concat)) == rating["level"], puzzle
            seen.add(rating["level"] if rating["level"] == "unsolvable" else
                     "fraction" if rating["needs_fraction"] else "whole")
    assert seen == {"unsolvable", "fraction", "whole"}


def test_a_refusal_counts_the_levels_the_full_ratings_give():
    """The refusal after the random draws counts each level as the full rating of the same
    draws would (a setting of few multisets, so rating them all is quick)."""
    options = {"size": 5, "range": (1, 3)}
    request = Request.make(ARITHMETIC, "expert", options)
    with pytest.raises(BookgenError) as error:
        ARITHMETIC.generate(random.Random("refused"), request)
    rng = random.Random("refused")
    counts = collections.Counter(
        rate(card(sorted(rng.randint(1, 3) for _ in range(5))))["level"]
        for _ in range(generator.TRIES[5]))
    assert "expert" not in counts and len(counts) >= 2
    found = ", ".join(f"{counts[level]} {level}" for level in LEVELS if level in counts)
    if counts["unsolvable"]:
        found += f", {counts['unsolvable']} unsolvable"
    assert error.value.key == "difficulty"
    assert f"no expert card among {generator.TRIES[5]} drawn at random for these options " \
           f"({found})" in error.value.message


# --- impossible requests ----------------------------------------------------------------------


@pytest.mark.parametrize("raw, key, words", [
    ({"size": "7"}, "size", "3 to 6"),
    ({"size": "2"}, "size", "3 to 6"),
    ({"operators": ""}, "operators", "empty"),
    ({"operators": "x"}, "operators", "not an operator"),
])
def test_bad_options_are_refused_when_parsed(raw, key, words):
    with pytest.raises(BookgenError) as error:
        parse_options(ARITHMETIC.options, raw, "arithmetic")
    assert error.value.key == key and words in error.value.message


@pytest.mark.parametrize("options, key, words", [
    ({"range": (1, 1), "operators": "+"}, "target", "no 4 numbers from 1-1 make 10"),
    ({"range": (2, 3), "operators": "*", "size": 5}, "target", "make 10"),
    ({"target": 5000, "range": (0, 9), "operators": "+-", "size": 6}, "target", "make 5000"),
    ({"size": 3, "range": (1, 4)}, "difficulty", "no expert card"),
    ({"size": 9}, "size", "3 to 6"),
    ({"operators": ""}, "operators", "empty"),
    ({"distinct": True, "range": (1, 3)}, "distinct", "do not fit"),
])
def test_impossible_requests_fail_before_generation(options, key, words):
    with pytest.raises(BookgenError) as error:
        Request.make(ARITHMETIC, "expert", options)
    assert error.value.key == key and words in error.value.message


# --- operator sets without + or * ------------------------------------------------------------

OPERATOR_SETS = ["/", "-/", "+/", "/^", "-*"]


@pytest.mark.parametrize("operators", OPERATOR_SETS)
def test_answers_use_only_the_cards_operators(operators):
    report = census(10, 4, 1, 9, operators)
    assert report["solvable"] > 0
    for entry in report["ratings"]:
        puzzle = card(entry["numbers"], operators=operators)
        solved = solve(puzzle)
        assert check(puzzle, solved.solution) == []  # right value, allowed operators only
        assert solved.count == entry["solutions"]
        assert entry["simplest"] in solved.solution["expressions"]
        for text in solved.solution["expressions"]:
            assert set(exprs.evaluate(text)[2]) <= set(operators)


def test_solve_command_answers_in_the_cards_operators(run, monkeypatch):
    line = json.dumps({"type": "arithmetic",
                       "puzzle": {"numbers": [5, 2, 1, 1], "target": 10, "operators": "/"}})
    monkeypatch.setattr("sys.stdin", io.StringIO(line + "\n"))
    status, out, _ = run("solve", "-")
    expressions = json.loads(out)["solution"]["expressions"]
    assert status == 0 and expressions and all(set(e) <= set("/()0123456789") for e in expressions)


@pytest.mark.parametrize("operators", OPERATOR_SETS)
@pytest.mark.parametrize("level", LEVELS)
def test_operator_sets_generate_or_are_refused_up_front(operators, level):
    try:
        request = Request.make(ARITHMETIC, level, {"operators": operators})
    except BookgenError as error:
        assert error.key == "difficulty"
        assert f"no {level} card makes 10" in error.message
        assert f"operators {operators}" in error.message and "choose" in error.message
        return
    record = make_puzzle(request, f"ops-{operators}-{level}")
    assert record.rating["level"] == level
    assert check(record.puzzle, record.solution) == []


# --- the worked example ---------------------------------------------------------------------------


def test_example_is_an_easy_card_of_the_sections_own_settings():
    options = parse_options(ARITHMETIC.options, {"target": "24", "range": "1-13"}, "arithmetic")
    example = ARITHMETIC.example(Request(ARITHMETIC, "hard", options))
    assert example.puzzle["target"] == 24 and example.rating["level"] == "easy"
    assert all(1 <= n <= 13 for n in example.puzzle["numbers"])
    assert check(example.puzzle, example.solution) == []
    ops = ARITHMETIC.example(Request(ARITHMETIC, "expert", {"operators": "-*", "size": 3}))
    assert ops.puzzle["operators"] == "-*" and len(ops.puzzle["numbers"]) == 3
    assert check(ops.puzzle, ops.solution) == []
    five = ARITHMETIC.example(Request(ARITHMETIC, "easy", {"size": 5, "range": (2, 20)}))
    assert len(five.puzzle["numbers"]) == 5 and min(five.puzzle["numbers"]) >= 2
    assert ARITHMETIC.example(None).puzzle["numbers"] == [1, 1, 5, 8]


# --- pages ------------------------------------------------------------------------------------


def test_card_shows_target_numbers_and_space_to_write():
    puzzle = card((1, 1, 5, 8))
    pen = RecordingPen()
    ARITHMETIC.draw_puzzle(pen, puzzle)
    texts = pen.texts()
    assert texts[0] == "Make 10" and texts[1:5] == ["1", "1", "5", "8"]
    assert "using + \u2212 \u00d7 \u00f7" in texts
    big = [kw["size"] for name, kw in pen.calls if name == "text" and kw["text"] == "8"]
    assert big[0] >= 20
    assert sum(1 for name, _ in pen.calls if name == "line") >= 2


def test_answer_shows_simplest_solution_and_count():
    puzzle = card((1, 2, 3, 4))
    solved = solve(puzzle)
    pen = RecordingPen()
    ARITHMETIC.draw_solution(pen, puzzle, solved.solution)
    assert "4 + 3 + 2 + 1 = 10" in pen.texts()
    assert ARITHMETIC.answer_note(puzzle, solved.solution, solved.count) == \
        "1 of 11 distinct solutions"
    hard = card((1, 1, 5, 8))
    pen = RecordingPen()
    ARITHMETIC.draw_solution(pen, hard, solve(hard).solution)
    assert "8 \u00f7 (1 \u2212 1 \u00f7 5) = 10" in pen.texts()
    assert ARITHMETIC.answer_note(hard, {}, 1) == "the only solution"


def test_registered():
    assert find_type("arithmetic") is ARITHMETIC


# --- joining and powers, as the rules print them ----------------------------------------------


def test_no_make_ten_card_with_joining_is_answered_with_a_joining_its_rules_forbid():
    """Every card of the Make-10 census with joining (4 numbers of 1-9, printed in order): every
    solution found, and the key's line drawn for it, joins only neighbours in the card's order
    (the key printed 9 x 9 - 71 = 10 for 1 7 9 9 when any order was allowed)."""
    report = census(10, 4, 1, 9, concat=True)
    assert report["solvable"] > 400
    seventeen = None
    for entry in report["ratings"]:
        puzzle = card(entry["numbers"], concat=True)
        allowed = [sorted(value for value, _ in leaves)
                   for leaves in _groupings(entry["numbers"], concat=True)]
        expressions = solve(puzzle).solution["expressions"]
        for text in expressions:
            assert sorted(exprs.evaluate(text)[1]) in allowed, (entry["numbers"], text)
        pen = RecordingPen()
        ARITHMETIC.draw_solution(pen, puzzle, {"expressions": expressions})
        line = pen.texts()[1]
        assert sorted(int(n) for n in re.findall(r"\d+", line.split("=")[0])) in allowed, line
        if entry["numbers"] == [1, 7, 9, 9]:
            seventeen = expressions
    assert seventeen is not None and not any("71" in text for text in seventeen)


def test_the_rules_explain_powers_and_joining_only_where_the_cards_allow_them():
    plain = ARITHMETIC.rules(Request.make(ARITHMETIC, "easy", {}))
    assert "^" not in plain and "joined" not in plain
    both = ARITHMETIC.rules(Request.make(ARITHMETIC, "easy", {"operators": "+-*/^", "concat": True}))
    assert "2^3 is 2 \u00d7 2 \u00d7 2 = 8" in both
    assert "on the card 1 7 9 9, 1 and 7 make 17 (never 71)" in both
    assert ARITHMETIC.rules(None) == both  # a bank's section may mix cards


def test_the_page_prints_what_powers_and_joining_mean(tmp_path, write_config):
    path = write_config("""
    title: Powers and joining
    seed: rules
    sections:
      - {type: arithmetic, count: 2, difficulty: easy, operators: "+-*/^", concat: true}
    """)
    pdf, _ = BookDocument(make_book(load_config(path))).render("book", {})
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "^ means a power: 2^3 is 2 \u00d7 2 \u00d7 2 = 8" in text
    assert ("Numbers that stand next to each other on the card may be joined into one number, in the "
            "order they are printed: on the card 1 7 9 9, 1 and 7 make 17 (never 71)") in text
    assert "neighbours may be joined" in text  # on each card


def test_more_cards_than_exist_are_refused_naming_what_gives_more():
    """Expert cards of four digits that make 10 are few (39): the refusal names the options that
    draw more."""
    request = Request.make(find_type("arithmetic"), "expert", {})
    most = find_type("arithmetic").variety(request)
    assert most is not None and too_few_exist(request, most) is None
    assert (too_few_exist(request, most + 1) or "").endswith(
        "; ask for fewer, or widen the range, or give more numbers per card (size) or more operators")


def _sheet_page(run, tmp_path, *args: str) -> str:
    """The first page of a one-card sheet, its rules and its card, on one line."""
    target = tmp_path / "sheet.pdf"
    status, _, err = run("worksheet", "arithmetic", "-n", "1", "--answers", "none", "-o", str(target),
                         "-q", "-j", "1", *args)
    assert status == 0, err
    return " ".join(PdfReader(target).pages[0].extract_text().split())


def test_a_sheet_without_division_speaks_of_no_division_nor_fraction(run, tmp_path):
    """Cards of + and - for a 7-year-old said "Division is exact (1 ÷ 5 is a fifth), and
    fractions on the way are allowed": the rules speak of division only where the cards divide."""
    rules = _sheet_page(run, tmp_path, "--set", "operators=+-")
    assert "Use each number on the card once" in rules
    assert not re.search("divi|fraction|fifth|\u00f7", rules, re.IGNORECASE), rules
    dividing = _sheet_page(run, tmp_path, "-L", "de")
    assert "1 : 5 ist ein Fünftel" in dividing and "Brüche" in dividing


def test_a_worksheets_cards_leave_a_third_graders_writing_lines_and_readable_signs(run, tmp_path,
                                                                                   monkeypatch):
    """A teacher measured two dotted lines 0.2 in apart and "using + − × ÷" in light grey at 7 pt,
    with the page's lower 40 % empty: on the sheet the lines are 3/8 in apart at least (a third
    grader's line) and the signs black at the body's 10.5 pt."""
    from bookgen.render.pdfpen import CanvasPen

    drawn: list[tuple[str, float, dict]] = []
    text, line = CanvasPen.text, CanvasPen.line
    monkeypatch.setattr(CanvasPen, "text", lambda pen, *a, **kw: (
        drawn.append(("text", pen.scale, {"text": a[2], "size": a[3], "grey": kw.get("grey", 0.0)})),
        text(pen, *a, **kw))[1])
    monkeypatch.setattr(CanvasPen, "line", lambda pen, *a, **kw: (
        drawn.append(("line", pen.scale, {"y": a[1], "dash": kw.get("dash")})), line(pen, *a, **kw))[1])
    assert run("worksheet", "arithmetic", "-q", "-j", "1", "--answers", "none",
               "-o", str(tmp_path / "sheet.pdf"))[0] == 0
    cards = max(scale for _, scale, _ in drawn)  # the puzzles' (the example's is smaller)
    signs = [kw for kind, scale, kw in drawn
             if kind == "text" and scale == cards and kw["text"].startswith("using")]
    assert len(signs) == 6
    assert all(kw["size"] * cards >= 10.5 and kw["grey"] == 0.0 for kw in signs)
    writing = sorted({kw["y"] for kind, scale, kw in drawn
                      if kind == "line" and scale == cards and kw["dash"]})
    assert len(writing) == 2 and (writing[1] - writing[0]) * cards >= 25.4 * 3 / 8
