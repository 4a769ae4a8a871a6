"""Cryptogram's own facts: the code is a derangement, the page reads one way (the pattern solver
counts a known second reading), each level gives the letters it says, a word the dictionary lacks
is given whole, the rules checker finds each broken rule, the JSON keeps its schema, the built-in
quotations are sound, lines break between words, and the playable page writes a letter over
every place of its code letter."""

from __future__ import annotations

import io
import random
from fractions import Fraction
from itertools import islice

import pytest
import test_html
from pypdf import PdfReader

from bookgen import contract
from bookgen.book import make_book
from bookgen.config import load_config, read_config_text
from bookgen.core.dictionary import blocked_words, unsuitable_words
from bookgen.core.grading import LEVELS
from bookgen.core.letters import LANGUAGES
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.i18n import _ as translated
from bookgen.i18n import speaking
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request, too_few_answers, too_few_exist
from bookgen.puzzles.cryptogram import EXAMPLE_QUOTES
from bookgen.puzzles.cryptogram.drawing import BOX, CELL, PLAIN_LINE, SPACE, WIDTH, draw_puzzle, lines
from bookgen.puzzles.cryptogram.generator import (
    CODES_A_QUOTE,
    DRAWS,
    EXPERT_GIVENS,
    HARD_KEPT,
    KEPT,
    SURE,
    _ruling_out,
    derangement,
    quotations,
    reachable,
    unknown_words,
)
from bookgen.puzzles.cryptogram.levels import made, reached
from bookgen.puzzles.cryptogram.parameters import MIN_LETTERS, collection, written
from bookgen.puzzles.cryptogram.solver import deciphered, decipherments
from bookgen.puzzles.cryptogram.words import runs
from bookgen.render.pdf import render_pdf

CRYPTOGRAM = find_type("cryptogram")
BOOK = 45  # cryptograms of one level a book in any language can count on (bench/cryptogram.py --supply)
"""The puzzles of a book of one language and level the collection must hold (#39: 50 hard)."""
WORM = {"text": "ZXY YHEUM WLEF AHZAXYT ZXY GNEJ.", "given": {}, "language": "en", "author": ""}
"""THE EARLY BIRD CATCHES THE WORM. in a code: WORM reads FORM and NORM too (W, M once each)."""


def _made(level: str, seed: str = "a", **options):
    return CRYPTOGRAM.generate(random.Random(seed), Request.make(CRYPTOGRAM, level, options))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("level", LEVELS)
def test_the_page_reads_one_way_and_each_level_gives_what_it_says(language, level):
    made = _made(level, language=language)
    puzzle, key = made.puzzle, made.solution["key"]
    assert CRYPTOGRAM.solve(CRYPTOGRAM.printed(puzzle).puzzle, 2).count == 1
    assert CRYPTOGRAM.check(puzzle, made.solution) == []
    assert all(code != plain for code, plain in key.items()) and len(set(key.values())) == len(key)
    given = len(puzzle["given"])
    if level == "expert":
        assert given <= EXPERT_GIVENS
    else:
        assert given >= max(HARD_KEPT, KEPT[level] * len(key))
    assert made.rating["hardest"] == {"easy": 1, "medium": 2, "hard": 3}.get(level, made.rating["hardest"])


def _given_whole(quote, language: str) -> float:
    """The share of the quotation's letters that its words the dictionary lacks give at any level."""
    text = written(quote.text, language)
    letters = {char for char in text if char.isalpha()}
    return len(set("".join(unknown_words(text, language)))) / len(letters)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_leaves_most_letters_to_find(language, level):
    """A Dutch easy book printed NOOD BREEKT WET with all 9 letters given, and others with 22 of
    25 (ALLE HOUT IS GEEN TIMMERHOUT gives TIMMERHOUT whole): the built-in quotations a level
    lists that give most letters whole, and one a level draws, each give two in three at most."""
    listed = [q for q in collection(language) if q.makes(level)]
    worst = sorted(listed, key=lambda q: (-_given_whole(q, language), q.text))[:2]
    for quote in worst:
        rating = made(f"{quote.text} | {quote.author}", language, (level,), 1, CODES_A_QUOTE)[level].rating
        assert rating["givens"] <= Fraction(2, 3) * rating["cells"], quote
    drawn = _made(level, language=language).rating
    assert drawn["givens"] <= Fraction(2, 3) * drawn["cells"]


def test_a_short_quotation_that_reads_two_ways_without_any_letter_makes_no_easy_puzzle():
    """Each letter of NOOD BREEKT WET taken away alone leaves two readings (NOOT, NAAD): easy,
    which keeps every letter the reader cannot find by its easiest steps, had nothing to take."""
    with pytest.raises(BookgenError, match="no easy cryptogram"):
        _made("easy", language="nl", quotes=["Nood breekt wet. | Spreekwoord"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_built_in_quotation_holds_a_word_unsuitable_for_a_child(language):
    """The quotations pass the filter the fill-in's and the scramble's words pass (UBRIACA, MORTO,
    CHÂTIE were printed on a child's worksheet)."""
    unsuitable = unsuitable_words(language)
    found = {}
    for quote in collection(language):
        text = written(quote.text, language)
        words = {text[run.start:run.end] for run in runs(text, language)}
        if words & unsuitable:
            found[quote.text] = sorted(words & unsuitable)
    assert found == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_name_a_text_which_a_proverb_is_too(language):
    """The texts are signed "— Proverbe" as often as by an author: the rules say "the text"."""
    quotation = {"en": "quotation", "de": "Zitat", "fr": "citation", "es": "cita", "it": "citazione",
                 "nl": "citaat"}[language]
    with speaking(language):
        rules = CRYPTOGRAM.rules(Request.make(CRYPTOGRAM, "easy", {"language": language}))
    assert quotation.lower() not in rules.lower()


def test_dutch_calls_the_puzzle_geheimschrift():
    """To a Dutch puzzler a cryptogram is the cryptic-clue puzzle of the newspapers."""
    with speaking("nl"):
        assert translated(CRYPTOGRAM.title) == "Geheimschrift"


def test_a_second_reading_is_found_and_one_letter_rules_it_out():
    key = dict(zip("ZXYHEUMWLFAGNJT", "THEARLYBIDCWOMS"))
    all_but_w = dict(WORM, given={code: plain for code, plain in key.items() if code != "G"})
    readings = [deciphered(WORM["text"], found)
                for found in islice(decipherments(WORM["text"], all_but_w["given"], "en"), 2)]
    assert len(readings) == 2 and {r.split()[-1] for r in readings} < {"FORM.", "NORM.", "WORM."}
    assert CRYPTOGRAM.solve(all_but_w, 2).count == 2
    solved = CRYPTOGRAM.solve(dict(WORM, given=key), 2)
    assert solved.count == 1 and solved.solution is not None
    assert solved.solution["text"] == "THE EARLY BIRD CATCHES THE WORM."
    assert CRYPTOGRAM.solve(WORM, 2).count == 2  # with no letter it reads many ways


def test_the_solver_holds_no_letter_for_itself_and_no_letter_twice():
    """'XY' with X given as A: Y may be any letter but A (taken) and Y (itself)."""
    key = CRYPTOGRAM.solve({"text": "B QV DW.", "given": {"B": "I"}, "language": "en", "author": ""},
                           None)
    assert key.count > 1
    assert key.solution is not None and all(c != p for c, p in key.solution["key"].items())


def test_a_word_the_dictionary_lacks_is_given_whole():
    quote = "Xanthippe wrote every letter of the alphabet on the wall. | Nobody"
    made = _made("medium", quotes=[quote])
    text, key = made.solution["text"], made.solution["key"]
    start = text.index("XANTHIPPE")
    codes = made.puzzle["text"][start:start + 9]
    assert all(code in made.puzzle["given"] for code in codes)
    assert {made.puzzle["given"][c] for c in codes} == set("XANTHIPPE") and key


def test_expert_refuses_quotations_that_all_need_a_word_given():
    with pytest.raises(BookgenError, match="expert cryptograms") as refused:
        Request.make(CRYPTOGRAM, "expert", {"quotes": ["Xanthippe wrote every letter of it. | X"]})
    assert refused.value.key == "quotes"


@pytest.mark.parametrize(("quote", "said"), [
    ("Too short. | Me", "fewer than 12 letters"),
    ("a" * 250, "at most 240"),
])
def test_a_quotation_no_cryptogram_takes_is_named(quote, said):
    with pytest.raises(BookgenError, match=said) as refused:
        Request.make(CRYPTOGRAM, "easy", {"quotes": [quote]})
    assert refused.value.key == "quotes"


@pytest.mark.parametrize("bad", [blocked_words("en")[0].lower(), "Fucking"])  # a word or its form
def test_a_quotation_holding_a_blocked_word_is_refused(bad):
    with pytest.raises(BookgenError, match="which no page prints"):
        Request.make(CRYPTOGRAM, "easy", {"quotes": [f"Never write {bad} on a page again."]})


def test_the_checker_finds_each_broken_rule():
    solution = {"text": "THE EARLY BIRD CATCHES THE WORM.", "key": dict(zip("ZXYHEUMWLFAGNJT",
                                                                                 "THEARLYBIDCWOMS"))}
    assert CRYPTOGRAM.check(WORM, solution) == []
    itself = {"text": "THE EARLY BIRD CATCHES THE WORM.", "key": {**solution["key"], "Z": "Z"}}
    assert "Z stands for itself" in CRYPTOGRAM.check(WORM, itself)
    twice = dict(solution, key={**solution["key"], "Z": "H"})
    assert "two code letters stand for H" in CRYPTOGRAM.check(WORM, twice)
    nonsense = {"text": "THE EARLY BIRD CATCHES THE QORM.", "key": {**solution["key"], "G": "Q"}}
    assert "QORM is no word of the language" in CRYPTOGRAM.check(WORM, nonsense)
    given = dict(WORM, given={"G": "F"})
    assert "G is given as F, the key has W" in CRYPTOGRAM.check(given, solution)


@pytest.mark.parametrize("bad", [
    {"text": "ZXY", "given": {}, "language": "en"},
    {"text": "ZXY", "given": {}, "language": "xx", "author": ""},
    {"text": "ZXy", "given": {}, "language": "en", "author": ""},
    {"text": "ZXY", "given": {"Z": "Z"}, "language": "en", "author": ""},
    {"text": "ZXY", "given": {"Z": "A", "X": "A"}, "language": "en", "author": ""},
    {"text": "ZXY", "given": {"Q": "A"}, "language": "en", "author": ""},
])
def test_bad_puzzle_json_is_refused(bad):
    with pytest.raises(PuzzleFormatError):
        CRYPTOGRAM.validate(bad)


def test_same_seed_same_puzzle_and_the_json_keeps_its_schema():
    assert _made("hard", "x") == _made("hard", "x") != _made("hard", "y")
    for level in LEVELS:
        line = make_puzzle(Request.make(CRYPTOGRAM, level, {}), "schema").to_json()
        assert list(contract.line_validator(CRYPTOGRAM, closed=True).iter_errors(line)) == []


def test_a_quotation_in_another_code_is_the_same_puzzle():
    other = {"text": "QRS SHEUM WLEF AHQARST QRS GNEJ.", "given": {}, "language": "en", "author": ""}
    assert CRYPTOGRAM.canonical(WORM) == CRYPTOGRAM.canonical(other)
    assert CRYPTOGRAM.canonical(WORM) != CRYPTOGRAM.canonical(dict(WORM, given={"G": "W"}))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_built_in_quotations_are_sound(language):
    quotes = collection(language)
    assert len(quotes) >= 60 and len({q.text for q in quotes}) == len(quotes)
    assert all(q.levels is not None for q in quotes)  # levels.py ran over every line
    assert all(reachable(sum(q.makes(level) for q in quotes)) >= BOOK for level in LEVELS)  # variety
    for quote in quotes:  # and none prints a blocked word: tests/test_dictionary.py
        text = written(quote.text, language)
        assert quote.author and sum(c.isalpha() for c in text) >= MIN_LETTERS, quote


def test_a_level_takes_the_quotations_that_make_it_and_a_book_asking_more_hears_how_many():
    request = Request.make(CRYPTOGRAM, "expert", {"language": "nl"})
    listed = [q for q in collection("nl") if q.makes("expert")]
    assert set(quotations(request)) == set(listed)
    assert "expert" in reached(f"{listed[0].text} | {listed[0].author}", "nl")
    short = too_few_answers([(request, len(listed) + 1)])
    assert short is not None and f"only {len(listed)} different answers exist" in short[1]


def test_a_sheet_of_a_teachers_few_quotations_advises_more_quotations(run, tmp_path):
    """Three quotations, four versions: refused naming --versions (no count was asked for) and
    advising more quotations, not "widen the options", which has no option to widen."""
    quotes = tmp_path / "quotes.txt"
    quotes.write_text("Knowledge is power and power is knowledge.\nPractice makes perfect, every "
                      "single day.\nThe early bird catches the worm.\n", encoding="utf-8")
    status, _out, err = run("worksheet", "cryptogram", "--set", f"quotes={quotes}", "--versions", "4",
                            "-o", str(tmp_path / "sheet.pdf"))
    assert status == 2 and err.startswith("bookgen: error: --versions: only 3 different answers exist")
    assert err.rstrip().endswith("ask for fewer, or give more quotations"), err
    built = Request.make(CRYPTOGRAM, "easy", {})
    assert CRYPTOGRAM.wider is not None and CRYPTOGRAM.wider(built) is None  # the book's own advice


def test_a_book_is_promised_only_the_quotations_its_draws_find():
    """Each puzzle draws a quotation at random and redraws a repeat 40 times: the last of a long
    list are found by luck, so a level of the built-in collection announces fewer (one more is
    refused up front); a small list, or the user's own, announces every quotation."""
    assert [reachable(n) for n in (1, 4, 10, 100)] == [1, 4, 9, 88]
    for taken in (0, 87):  # what the count stands on: the chances of running out, added up
        missed = sum(Fraction(i, 100) ** DRAWS for i in range(taken + 2))
        assert (missed > SURE) == (taken == 87)
    request = Request.make(CRYPTOGRAM, "hard", {"language": "it"})
    most = CRYPTOGRAM.variety(request)
    assert most == reachable(len(quotations(request))) < len(quotations(request))
    assert too_few_exist(request, most) is None
    assert f"only {most} different puzzles exist" in too_few_exist(request, most + 1)
    mine = Request.make(CRYPTOGRAM, "hard", {"quotes": ["The early bird catches the worm. | Proverb"]})
    assert CRYPTOGRAM.variety(mine) is None


def test_an_expert_code_rules_out_the_second_reading_and_stays_a_code():
    plain = "THE EARLY BIRD CATCHES THE WORM."  # WORM reads FORM and NORM too
    rng = random.Random(3)
    code = derangement(rng, "en")
    ruled = _ruling_out(rng, plain, code, "en")
    assert sorted(ruled) == sorted(ruled.values()) == sorted(code)  # one letter for each
    assert all(plain_letter != cipher for plain_letter, cipher in ruled.items())
    cipher_text = "".join(ruled.get(char, char) for char in plain)
    assert len(list(decipherments(cipher_text, {}, "en"))) < len(
        list(decipherments("".join(code.get(char, char) for char in plain), {}, "en")))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_solved_example_is_no_quotation_a_book_sets(language):
    example = CRYPTOGRAM.example(Request.make(CRYPTOGRAM, "easy", {"language": language}))
    assert example is not None and example.solution["text"] == written(EXAMPLE_QUOTES[language], language)
    assert example.solution["text"] not in {written(q.text, language) for q in collection(language)}


def test_a_section_of_the_users_quotations_holding_the_examples_prints_no_example():
    """The example is printed solved: beside a puzzle of the same proverb it would solve it."""
    own = ["Time flies when you are having fun.", "A stitch in time saves nine."]
    assert CRYPTOGRAM.example(Request.make(CRYPTOGRAM, "easy", {"quotes": own})) is not None
    holding = Request.make(CRYPTOGRAM, "easy", {"quotes": own + ["knowledge is POWER"]})
    assert CRYPTOGRAM.example(holding) is None


@pytest.mark.parametrize(("language", "text", "unknown"), [
    ("en", "Don't bite the hand that feeds you.", []),
    ("fr", "Tant va la cruche à l'eau qu'à la fin elle se casse.", []),
    ("it", "E il naufragar m'è dolce in questo mare.", ["NAUFRAGAR"]),  # poetry's, given whole
    ("it", "L'erba del vicino è sempre più verde.", []),
])
def test_a_piece_an_apostrophe_joins_reads_as_its_language_elides_it(language, text, unknown):
    assert unknown_words(written(text, language), language) == unknown


def test_german_writes_sharp_s_as_ss_and_keeps_umlauts():
    made = _made("easy", quotes=["Müßiggang ist aller Laster Anfang. | Sprichwort"], language="de")
    assert made.solution["text"] == "MÜSSIGGANG IST ALLER LASTER ANFANG."


def test_lines_break_between_words_and_the_drawing_keeps_to_its_room():
    text = "AB CDEFGH IJ KLMNOP QR"
    placed = lines(text, lambda char: CELL, 8 * CELL + SPACE)
    assert ["".join(c for _, _, c in line) for line in placed] == ["ABCDEFGH", "IJKLMNOP", "QR"]
    assert lines("ABCDEFGHIJ", lambda char: CELL, 4 * CELL)[0][-1][2] == "D"  # too long: cut
    puzzle = _made("easy").puzzle
    narrow = CRYPTOGRAM.narrowed(70.0, 300.0)
    width, _ = narrow.measure(puzzle)
    pen = RecordingPen()
    narrow.draw_puzzle(pen, puzzle)
    assert width <= 70.0 and pen.bounds()[2] <= width + 0.01


def test_the_answer_breaks_where_the_page_does_not_where_the_code_did():
    """The code takes two lines (a box over each letter); its answer in plain letters, one."""
    puzzle = {"text": "XOTE LOTRA XOUV BIELS KYHU.", "given": {}, "language": "en", "author": ""}
    solution = {"text": "MANY HANDS MAKE LIGHT WORK.", "key": {}}
    assert len(lines(puzzle["text"], lambda char: CELL if char.isalpha() else 0.0, WIDTH)) == 2
    assert CRYPTOGRAM.answer_size(puzzle)[1] == PLAIN_LINE
    pen = RecordingPen()
    CRYPTOGRAM.draw_solution(pen, puzzle, solution)
    assert pen.texts() == [solution["text"]]


def test_quotations_from_a_file_beside_the_config(tmp_path):
    (tmp_path / "quotes.txt").write_text(
        "# a comment\nWell begun is half done. | Aristotle\nKnowledge is power.\n", "utf-8")
    (tmp_path / "book.yaml").write_text(
        "title: T\nsections:\n  - {type: cryptogram, count: 1, difficulty: easy, quotes: quotes.txt}\n")
    (section,) = load_config(tmp_path / "book.yaml").sections
    assert section.request.settings["quotes"] == ("Well begun is half done. | Aristotle",
                                                   "Knowledge is power.")


# --- the playable page (headless Chromium, through tests/test_html.py's helpers) -----------------



@pytest.fixture(scope="module")
def play_record() -> dict:
    request = Request.make(CRYPTOGRAM, "medium", {})
    return page_record(CRYPTOGRAM, make_puzzle(request, "play").to_json(), 1)


def _page(tmp_path, record: dict, level: str):
    """The playable page of one cryptogram (its page record), in tmp_path."""
    path = tmp_path / "book.html"
    write_html(path, "Codes", None, [{"title": "Cryptogram", "type": "cryptogram", "rules": "Play.",
                                      "level": level, "puzzles": [record]}])
    return path


@pytest.fixture
def open_cryptogram(browser, tmp_path, play_record):
    with test_html._opener(browser, _page(tmp_path, play_record, "medium")) as open_:
        yield open_


@pytest.mark.parametrize("touch", [False, True], ids=["keyboard", "touch"])
def test_a_letter_goes_over_every_place_of_its_code_letter_and_the_page_solves(
        open_cryptogram, play_record, touch):
    tab = open_cryptogram(width=360 if touch else 900, touch=touch)
    key, given = play_record["solution"]["key"], play_record["puzzle"]["given"]
    open_codes = [c for c in dict.fromkeys(play_record["puzzle"]["text"]) if c in key and c not in given]
    first = tab.locator(f"#puzzle-1 input[data-letter='{open_codes[0]}']")
    (first.first.tap if touch else first.first.click)()
    tab.keyboard.type(key[open_codes[0]].lower())
    assert {box.input_value() for box in first.all()} == {key[open_codes[0]]}
    for code in open_codes[1:]:
        tab.locator(f"#puzzle-1 input[data-letter='{code}']").first.click()
        tab.keyboard.type(key[code])
    assert tab.locator("#puzzle-1 .status").inner_text() == "Solved!"


@pytest.mark.parametrize("quote", ["Opportunity seldom knocks twice. | Proverb",
                                   "Understanding is the beginning of wisdom. | Proverb"])
def test_every_box_of_a_long_word_is_on_a_phone_screen(browser, tmp_path, quote):
    """OPPORTUNITY ran off both sides of a 360-pixel screen, its first box out of reach: the boxes
    narrow until the word fits, no smaller than a finger's target, and a word still too long
    (UNDERSTANDING) breaks across lines."""
    record = page_record(CRYPTOGRAM, make_puzzle(Request.make(CRYPTOGRAM, "easy", {"quotes": [quote]}),
                                                 "phone").to_json(), 1)
    with test_html._opener(browser, _page(tmp_path, record, "easy")) as open_:
        tab = open_(width=360, touch=True)
        boxes = [box.bounding_box() for box in tab.locator("#puzzle-1 .cell.letter").all()]
        assert all(0 <= box["x"] and box["x"] + box["width"] <= 360 for box in boxes), boxes
        assert min(box["width"] for box in boxes) >= 24
        tab.locator("#puzzle-1 input").first.tap()  # within reach: nothing lies over it


def test_check_marks_a_wrong_letter_everywhere_and_a_hint_writes_the_next(open_cryptogram, play_record):
    tab = open_cryptogram()
    hint = play_record["hints"][0]
    code = hint[0][0] if isinstance(hint, list) else hint["cells"][0]
    wrong = next(letter for letter in "QXZJ" if letter != play_record["solution"]["key"][code])
    boxes = tab.locator(f"#puzzle-1 input[data-letter='{code}']")
    boxes.first.click()
    tab.keyboard.type(wrong)
    tab.locator("#puzzle-1 button[data-action='check']").click()
    assert tab.locator("#puzzle-1 .cell.wrong").count() == boxes.count()
    boxes.first.fill("")
    boxes.first.dispatch_event("input")
    tab.locator("#puzzle-1 button[data-action='hint']").click()
    assert {box.input_value() for box in boxes.all()} == {play_record["solution"]["key"][code]}
    assert tab.locator("#puzzle-1 .status").inner_text().startswith(f"Letter {code}: ")
    assert test_html._axe_violations(tab) == []


def test_h_and_n_are_letters_in_a_box_not_the_pages_keys(open_cryptogram, play_record):
    """The frame's H (hint) and N (notes) keys stay letters while a box has the focus."""
    tab = open_cryptogram()
    given = play_record["puzzle"]["given"]
    codes = [c for c in dict.fromkeys(play_record["puzzle"]["text"])
             if c in play_record["solution"]["key"] and c not in given]
    for code, letter in zip(codes, "HN"):
        tab.locator(f"#puzzle-1 input[data-letter='{code}']").first.click()
        tab.keyboard.type(letter.lower())
        assert tab.locator(f"#puzzle-1 input[data-letter='{code}']").first.input_value() == letter
    assert tab.locator("#puzzle-1 .hint-log li").count() == 0


def test_the_key_prints_the_quotation_with_its_accents(tmp_path):
    """The code enciphers the plain letters (È as E), and the key prints the quotation as the
    language writes it: PREVENIRE È MEGLIO (È is 'is', E 'and'), Dutch IN DRIEËN, and the
    Italian example SAPERE È POTERE."""
    from pypdf import PdfReader

    from bookgen.cli import main

    quote = "Prevenire è meglio che curare. | Proverbio"
    made = make_puzzle(Request.make(CRYPTOGRAM, "easy", {"quotes": [quote], "language": "it"}), "mine")
    assert made.solution["text"] == "PREVENIRE E MEGLIO CHE CURARE."
    assert made.solution["written"] == "PREVENIRE È MEGLIO CHE CURARE."
    assert all(char.isascii() for char in made.puzzle["text"])
    assert CRYPTOGRAM.check(made.puzzle, made.solution) == []
    assert CRYPTOGRAM.check(made.puzzle, {**made.solution, "written": "PREVENIRE È MEGLIO."}) != []
    target, quotes = tmp_path / "nl.pdf", tmp_path / "spreekwoorden.txt"
    quotes.write_text("Alle goede dingen bestaan in drieën. | Spreekwoord\n", "utf-8")
    assert main(["worksheet", "cryptogram", "-n", "1", "-L", "nl", "--set", f"quotes={quotes}",
                 "--answers", "page", "-o", str(target), "-q"]) == 0
    text = "".join(page.extract_text() for page in PdfReader(target).pages)
    assert "IN DRIEËN." in text.split("Oplossingen")[-1]
    assert CRYPTOGRAM.example is not None
    example = CRYPTOGRAM.example(Request.make(CRYPTOGRAM, "easy", {"language": "it"}))
    assert example is not None and example.solution["written"] == "SAPERE È POTERE."


def test_a_comma_and_a_full_stop_stand_tight_to_the_box_before_them():
    """A sign was centred in its own column, so that "R N ," read as a word of its own: a comma
    or full stop after a word now begins at its last box's edge, a ¿ ends at its first's."""
    pen = RecordingPen()
    draw_puzzle(pen, {"text": "ZXY, ¿YHEUM WLEF.", "given": {}, "language": "es", "author": ""})
    boxes = sorted(call["x"] for name, call in pen.calls if name == "rect")
    signs = {call["text"]: call for name, call in pen.calls if name == "text" and call["text"] in ",.¿"}
    before_comma = max(x for x in boxes if x < signs[","]["x"]) + BOX
    assert signs[","]["align"] == "left" and signs[","]["x"] == pytest.approx(before_comma)
    assert signs["."]["align"] == "left" and signs["."]["x"] == pytest.approx(boxes[-1] + BOX)
    after_question = min(x for x in boxes if x > signs["¿"]["x"] - BOX)
    assert signs["¿"]["align"] == "right" and signs["¿"]["x"] == pytest.approx(after_question)


def test_a_6x9_page_of_cryptograms_holds_four_at_one_left_edge(tmp_path):
    """Twelve Spanish cryptograms took five 6x9 pages, three quotations to a page and a third of
    it blank where a fourth fits a little smaller, and each quotation stood centred on its own,
    at its own left edge. They now take four pages, four to a page, each page's at one edge (seed 4:
    the quotations of seed 2026 changed with the collection, and two long ones then share a page)."""
    text = ("title: T\nlanguage: es\nlayout: 6x9\nseed: 4\ncontents: false\ntitle_page: false\n"
            "answers: separate\nsections:\n"
            "  - {type: cryptogram, count: 12, difficulty: easy}\n")
    pdf = render_pdf(make_book(read_config_text(text, tmp_path / "book.yaml")))[0]
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 4
    held = []
    for page in reader.pages:
        numbers: list[float] = []  # each puzzle's number, over its drawing's left edge
        page.extract_text(visitor_text=lambda text, cm, tm, font, size, found=numbers: found.append(
            round(tm[4], 1)) if text.strip().isdigit() and font and "Bold" in font["/BaseFont"] else None)
        assert len(set(numbers)) == 1, numbers
        held.append(len(numbers))
    assert held == [2, 4, 4, 2]
