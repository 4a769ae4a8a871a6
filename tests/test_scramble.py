"""Word scramble's own facts: each scramble makes exactly its own word among the words a reader
knows, each level shuffles as it says, nothing blocked is printed, the JSON keeps its schema, a
user's word whose letters make another prints a letter in its boxes, and large print wraps."""

from __future__ import annotations

import io
import json
import random
import re
from collections import Counter

import pytest
import test_html
from pypdf import PdfReader
from test_fillin import CHILDREN_REVIEWED

from bookgen import contract
from bookgen.audit import audit
from bookgen.book import Twins, different_puzzles, make_book
from bookgen.config import load_config, read_config_text
from bookgen.core.dictionary import blocked_words, is_blocked
from bookgen.core.grading import LEVELS
from bookgen.core.known_words import known_words
from bookgen.core.letters import LANGUAGES, grid_form
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.i18n import speaking
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import PuzzleRecord, Request, too_few_answers
from bookgen.puzzles.fillin.parameters import POOL
from bookgen.puzzles.fillin.wordlist import FOLDER as WORDS
from bookgen.puzzles.scramble.generator import _common_shares, _example_words, dealt, word_pool
from bookgen.puzzles.scramble.grader import shuffle_class
from bookgen.puzzles.scramble.parameters import SCRAMBLE_THEMES, example_sets
from bookgen.puzzles.scramble.solver import answers
from bookgen.puzzles.wordsearch.parameters import ALL_THEMES, children_words, theme_words
from bookgen.render.pdf import render_pdf

SCRAMBLE = find_type("scramble")


def _made(level: str, seed: str = "a", **options):
    return SCRAMBLE.generate(random.Random(seed), Request.make(SCRAMBLE, level, options))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("level", LEVELS)
def test_each_scramble_makes_only_its_word_and_shuffles_as_its_level_says(language, level):
    made = _made(level, language=language)
    puzzle, words = made.puzzle, made.solution["words"]
    assert puzzle["first"] == (level == "easy")
    for scramble, word in zip(puzzle["scrambles"], words, strict=True):
        assert answers(scramble, puzzle["first"], language) == [word]
        assert sorted(scramble) == sorted(word) and scramble != word
        assert scramble not in known_words(language)
        assert not any(bad in scramble for bad in blocked_words(language))
        assert shuffle_class(scramble, word, puzzle["first"]) == LEVELS.index(level)
    assert SCRAMBLE.check(puzzle, made.solution) == []


def test_the_answer_is_a_word_of_the_letters_and_nothing_else():
    puzzle = {"scrambles": ["TOGA", "LFOW"], "language": "en", "first": False}
    assert SCRAMBLE.check(puzzle, {"words": ["GOAT", "WOLF"]}) == []
    assert SCRAMBLE.check(puzzle, {"words": ["TOGA", "WOLF"]}) == ["TOGA is scramble 1 as printed"]
    assert SCRAMBLE.check(puzzle, {"words": ["GOAL", "WOLF"]}) == \
        ["GOAL does not use exactly the letters of TOGA"]
    assert SCRAMBLE.check(puzzle, {"words": ["OGTA", "WOLF"]}) == ["OGTA is no word of the language"]
    kept = dict(puzzle, first=True, scrambles=["GTOA", "WFLO"])
    assert SCRAMBLE.check(kept, {"words": ["GOAT", "WOLF"]}) == []
    assert SCRAMBLE.check(dict(puzzle, scrambles=["SEBTICH"]), {"words": ["BITCHES"]}) == \
        ["answer 1 (BITCHES) is a blocked word"]  # a form of one, as the blocked word itself
    assert SCRAMBLE.solve(dict(puzzle, scrambles=["TAOG"]), 2).count == 2  # GOAT and TOGA


def test_the_first_letter_kept_decides_between_two_words():
    """EARTH's letters also make HATER and HEART: where the first letter moves, the page prints
    its E in the first box; at easy the kept E tells it from them, and no box prints a letter."""
    made = _made("medium", words=["earth", "goat", "wolf"])
    shown = dict(zip(made.solution["words"], made.puzzle["shown"]))
    assert shown["EARTH"] == "E...."
    easy = _made("easy", words=["earth", "goat", "wolf"])
    assert sorted(easy.solution["words"]) == ["EARTH", "GOAT", "WOLF"] and "shown" not in easy.puzzle


def _page_unique(puzzle: dict, index: int) -> tuple[int, int]:
    """How many words scramble `index` makes with the letters its boxes print, and without them."""
    alone = {"scrambles": [puzzle["scrambles"][index]], "language": puzzle["language"],
             "first": puzzle["first"]}
    shown = dict(alone, shown=[puzzle["shown"][index]])
    return SCRAMBLE.solve(shown, None).count, SCRAMBLE.solve(alone, None).count


@pytest.mark.parametrize("level", LEVELS)
def test_a_sheet_of_words_whose_letters_make_others_prints_a_letter_in_their_boxes(run, tmp_path, level):
    """A teacher's THERE (THREE), FROM (FORM) and EARTH (HEART) were refused: "its scramble would
    have two answers; leave it out". The page prints letters in their boxes that tell them from
    the others, the fewest, the earliest past a kept first letter: the page alone proves each
    scramble's one answer, the JSON carries the letters and the PDF prints them in their boxes."""
    config = tmp_path / "sheet.yaml"
    config.write_text("title: T\nseed: 1\nformats: [pdf, jsonl]\nsections:\n"
                      f"  - {{type: scramble, count: 1, difficulty: {level}, "
                      "words: [there, from, earth, goat, wolf, frog]}\n", encoding="utf-8")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "sheet.pdf"), "-j", "1", "-q")
    assert status == 0, err
    (line,) = [json.loads(text) for text in (tmp_path / "sheet.jsonl").read_text("utf-8").splitlines()]
    assert list(contract.line_validator(SCRAMBLE, closed=True).iter_errors(line)) == []
    puzzle, words = line["puzzle"], line["solution"]["words"]
    shown = dict(zip(words, puzzle["shown"]))
    if level == "easy":
        assert (shown["THERE"], shown["FROM"], shown["EARTH"]) == ("..E..", ".R..", ".....")
    else:
        assert (shown["THERE"], shown["FROM"], shown["EARTH"]) == ("..E..", ".R..", "E....")
    assert line["rating"]["letters_shown"] == sum(len(box) - box.count(".") for box in shown.values())
    for index, word in enumerate(words):
        with_letters, without = _page_unique(puzzle, index)
        assert with_letters == 1, word
        if word in ("THERE", "FROM") or (word == "EARTH" and level != "easy"):
            assert without >= 2, word
    assert SCRAMBLE.check(puzzle, line["solution"]) == []
    text = "\n".join(page.extract_text() for page in PdfReader(tmp_path / "sheet.pdf").pages)
    for scramble, boxes in zip(puzzle["scrambles"], puzzle["shown"]):
        kept = scramble[0] if puzzle["first"] else boxes[0]
        letters = [letter for letter in kept + boxes[1:] if letter != "."]
        assert re.search("\n".join([re.escape(scramble), *letters]) + "\n", text), (scramble, boxes)


@pytest.mark.parametrize(("language", "words", "word", "shown", "other"), [
    ("de", ["einer", "hund", "katze"], "EINER", "..N..", "EIERN"),
    ("es", ["pero", "gato", "perro"], "PERO", "..R.", "PEOR"),
])
def test_a_german_or_spanish_word_whose_letters_make_another_prints_a_letter(language, words, word,
                                                                             shown, other):
    """EINER and EIERN, PERO and PEOR begin alike: at easy the letter printed is the first where
    they part."""
    made = _made("easy", words=words, language=language)
    index = made.solution["words"].index(word)
    assert made.puzzle["shown"][index] == shown
    assert _page_unique(made.puzzle, index) == (1, 2)
    assert SCRAMBLE.check(made.puzzle, made.solution) == []
    wrong = dict(made.solution, words=[other if w == word else w for w in made.solution["words"]])
    assert any(f"{other} does not hold" in problem for problem in SCRAMBLE.check(made.puzzle, wrong))


def test_a_printed_letter_is_no_hint_the_rules_name_it_and_the_grade_counts_it():
    """The hints give only the letters still to find; the rules of a section whose words print a
    letter say it is in the right place (a section of other words does not); a printed letter is
    one fewer to put in order."""
    request = Request.make(SCRAMBLE, "easy", {"words": ["from", "goat", "wolf"]})
    made = SCRAMBLE.generate(random.Random("a"), request)
    index = made.solution["words"].index("FROM")
    assert SCRAMBLE.given_answer(made.puzzle)["words"][index] == "FR  "
    assert [hint["cells"][0][1] for hint in SCRAMBLE.hints(made.puzzle, made.solution)
            if hint["cells"][0][0] == index] == [2, 3]
    assert "A letter already written in a box is in the right place." in SCRAMBLE.rules(request)
    other_words = Request.make(SCRAMBLE, "easy", {"words": ["goat", "wolf", "frog"]})
    assert "A letter already written" not in SCRAMBLE.rules(other_words)
    with speaking("de"):
        assert "schon in einem Kästchen steht" in SCRAMBLE.rules(request)
    bare = {key: value for key, value in made.puzzle.items() if key != "shown"}
    assert SCRAMBLE.rate(made.puzzle)["score"] < SCRAMBLE.rate(bare)["score"]


@pytest.mark.parametrize(("words", "said"), [
    (["cat", "d0g", "cow"], "not a letter"),
    (["cat", "ox", "cow"], "scrambles take 3 to 14"),
    (["goat", "xqzv", "wolf"], "no word of the en dictionary"),
    (["goat", "goat", "wolf"], "listed twice"),
    (["goat", "bitches", "wolf"], "no page prints"),  # a blocked word's form, not only the word
    (["goat", "wolf", "frog", "zzz"], "cannot be shuffled"),
])
def test_a_word_no_scramble_can_take_is_named(words, said):
    with pytest.raises(BookgenError, match=said) as refused:
        Request.make(SCRAMBLE, "easy", {"words": words})
    assert refused.value.key == "words"


def test_every_word_no_scramble_can_take_is_named_at_once():
    """A teacher's garden words were refused one a build: the refusal names them all (GARDEN,
    whose letters make GANDER, and SOIL, SILO, print a letter in their boxes and are taken)."""
    words = ["garden", "flower", "tree", "grass", "soil", "xqzv", "rose", "zzz"]
    with pytest.raises(BookgenError) as refused:
        Request.make(SCRAMBLE, "easy", {"words": words})
    said = refused.value.message
    assert all(part in said for part in ("'xqzv' is no word", "'zzz' cannot be shuffled"))
    assert not any(word in said for word in ("garden", "soil", "tree", "rose", "flower"))


@pytest.mark.parametrize("language, words", [
    ("en", ["their", "because", "know", "life"]), ("de", ["nicht", "seit"]),
    ("fr", ["leur", "merci"]), ("nl", ["doen", "haar"]),
])
def test_a_misspelling_or_a_name_is_no_second_answer(language, words):
    """THEIR was refused for THIER, BECAUSE for BECUASE, KNOW for KWON, LIFE for LEIF, NICHT for
    NCIHT, DOEN for DONE: forms wordfreq saw that no reader knows as words of the language."""
    request = Request.make(SCRAMBLE, "easy", {"words": words, "language": language})
    assert sorted(request.settings["words"]) == sorted(words)  # taken, none refused


def test_the_known_words_keep_every_word_of_bookgens_own_lists():
    """hunspell's de_DE lacks KIWI and MANGO; left out, they left the fruit theme's list too."""
    from bookgen.core.known_words import known_words, not_known

    assert {"KIWI", "MANGO"} <= known_words("de")
    assert {"KIWI", "MANGO"}.isdisjoint(not_known("de"))


def test_the_known_words_leave_out_only_what_the_pinned_hunspell_dictionaries_say():
    """Where the dictionaries notknown.py read are installed, unchanged, a sample of the forms it
    left out and kept is what they say; a build never reads them."""
    from bookgen.core.known_words import known_words, not_known
    from bookgen.core.notknown import FOLDER, header, left_out

    try:
        same = (FOLDER / "en.txt").read_text("utf-8").startswith(header("en"))
    except OSError:  # no such dictionary in /usr/share/hunspell
        same = False
    if not same:
        pytest.skip("hunspell's en_US as notknown.py read it is not installed")
    assert {"THIER", "BECUASE", "KWON", "LEIF", "LSAT"} <= not_known("en")
    assert {"THEIR", "BECAUSE", "HEART", "GANDER", "AMERICAN"} <= known_words("en")
    assert "THIER" not in known_words("en")  # a scramble's and a cryptogram's known words alike
    assert set(left_out("en")) == not_known("en")


def test_a_theme_too_short_for_the_count_is_refused_up_front():
    with pytest.raises(BookgenError, match="the animals list has") as refused:
        Request.make(SCRAMBLE, "expert", {"word_count": 30, "theme": "animals"})
    assert refused.value.key == "word_count"


def test_the_users_words_are_all_used_and_the_count_follows_them():
    made = _made("hard", words=["giraffe", "elephant", "penguin", "dolphin"])
    assert sorted(made.solution["words"]) == ["DOLPHIN", "ELEPHANT", "GIRAFFE", "PENGUIN"]


def test_german_words_keep_their_umlauts_and_write_sharp_s_as_ss():
    made = _made("easy", words=["Bär", "Löwe", "Fuß", "Hund"], language="de")
    assert set(made.solution["words"]) == {"BÄR", "LÖWE", "FUSS", "HUND"}


def test_same_seed_same_puzzle_and_the_json_keeps_its_schema():
    assert _made("hard", "x") == _made("hard", "x") != _made("hard", "y")
    for level in LEVELS:
        line = make_puzzle(Request.make(SCRAMBLE, level, {}), "schema").to_json()
        assert list(contract.line_validator(SCRAMBLE, closed=True).iter_errors(line)) == []


@pytest.mark.parametrize("bad", [
    {"scrambles": ["TOGA"], "language": "en"},
    {"scrambles": ["TOGA"], "language": "xx", "first": False},
    {"scrambles": ["TO"], "language": "en", "first": False},
    {"scrambles": ["TOGA"], "language": "en", "first": "no"},
    {"scrambles": ["TÖGA"], "language": "en", "first": False},
])
def test_bad_puzzle_json_is_refused(bad):
    with pytest.raises(PuzzleFormatError):
        SCRAMBLE.validate(bad)


@pytest.mark.parametrize(("shown", "said"), [
    (".R..", "'shown' must be a list of 2 texts, one for each scramble"),
    ([".R.."], "'shown' must be a list of 2 texts"),
    ([".R..", 4], "'shown' must be a list of 2 texts"),
    ([".R.", "...."], r"'shown' 1 \(\.R\.\) has 3 boxes for the 4 letters of scramble 1 \(FMOR\)"),
    ([".Z..", "...."], r"'shown' 1 \(\.Z\.\.\) prints Z, which scramble 1 \(FMOR\) does not hold"),
    ([".RR.", "...."], r"prints R, which scramble 1 \(FMOR\) does not hold"),  # FMOR holds one R
    (["F...", "...."], "prints a letter in the first box, which holds the kept first letter"),
    (["....", "...."], "'shown' prints no letter: a puzzle whose boxes print none leaves it out"),
])
def test_a_malformed_shown_is_refused_naming_what_is_wrong(run, tmp_path, shown, said):
    puzzle = {"scrambles": ["FMOR", "GTOA"], "language": "en", "first": True, "shown": shown}
    with pytest.raises(PuzzleFormatError, match=said):
        SCRAMBLE.validate(puzzle)
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"type": "scramble", "puzzle": puzzle}) + "\n", "utf-8")
    status, _, err = run("solve", str(path))
    assert status != 0 and re.search(said, err), err
    SCRAMBLE.validate(dict(puzzle, shown=[".R..", "...."]))  # as the generator writes it


def test_twins_are_the_same_words_in_any_order_and_any_shuffle():
    one = {"scrambles": ["TOGA", "LFOW"], "language": "en", "first": False}
    other = {"scrambles": ["FLOW", "OATG"], "language": "en", "first": False}
    assert SCRAMBLE.canonical(one) == SCRAMBLE.canonical(other)
    assert SCRAMBLE.canonical(one) != SCRAMBLE.canonical(dict(one, language="de"))


def test_a_run_of_puzzles_deals_every_word_once_and_names_how_many_the_words_fill():
    request = Request.make(SCRAMBLE, "hard", {"theme": "food", "word_count": 5})
    lists = dealt(request)
    made = list(different_puzzles(request, "deal", len(lists)))
    words = [word for record in made for word in record.solution["words"]]
    assert len(words) == len(set(words)) == len(lists) * request.settings["word_count"]
    with pytest.raises(BookgenError, match=f"only {len(lists)} different answers exist"):
        list(different_puzzles(request, "deal", len(lists) + 1))


def test_a_word_in_an_earlier_puzzle_makes_a_twin_whatever_its_request():
    def record(level: str, words: list[str]) -> PuzzleRecord:
        puzzle = {"scrambles": [word[::-1] for word in words], "language": "en", "first": False}
        return PuzzleRecord(SCRAMBLE, f"scramble:{level}::x", level, {}, puzzle, {"words": words})

    twins = Twins()
    assert twins.take(record("easy", ["GOAT", "WOLF"]))
    assert not twins.take(record("hard", ["ZEBRA", "WOLF"]))
    assert twins.take(record("hard", ["ZEBRA", "HORSE"]))


def test_another_seed_cuts_the_words_into_other_lists_and_the_id_names_it(run):
    """Volume 2 of a book (another seed) scrambled the same words together on page N as volume 1,
    and a theme's puzzles drew from the same lists: the lists follow the seed, which the id names
    (`deal_seed`), so that `generate --id` makes the puzzle again."""
    words = ("CAT,HOUSE,GARDEN,PENCIL,WINDOW,TABLE,CHAIR,PAPER,BREAD,MILK,APPLE,TRAIN,RIVER,CLOCK,"
             "PLANT,HORSE,CANDLE,BASKET,JACKET,BUTTER,ISLAND,FOREST,MARKET,BOTTLE")
    made = {}
    for seed in ("1", "2"):
        status, out, err = run("generate", "scramble", "-d", "easy", "--set", f"words={words}",
                               "--set", "word_count=8", "-n", "2", "--seed", seed, "-q", "-j", "1")
        assert status == 0, err
        made[seed] = [json.loads(line) for line in out.splitlines()]
    assert "deal=1,deal_seed=2," in made["2"][0]["id"]
    lists = {seed: {frozenset(record["solution"]["words"]) for record in records}
             for seed, records in made.items()}
    assert not lists["1"] & lists["2"]
    status, again, err = run("generate", "--id", made["2"][1]["id"], "-q")
    assert status == 0 and json.loads(again) == made["2"][1], err
    theme = Request.make(SCRAMBLE, "easy", {})
    drawn_from = {seed: set(dealt(SCRAMBLE.deal(theme, Counter(), seed))) for seed in ("1", "2")}
    assert len(drawn_from["1"]) > 50 and not drawn_from["1"] & drawn_from["2"]


def test_a_later_versions_puzzle_of_a_list_may_repeat_its_words_never_its_page():
    """Version B's puzzle of a teacher's list tests the words A's puzzle of that list does: it may
    repeat them (and so A's answer and canonical form), not A's page, not a word of another
    puzzle, and not within its own version."""
    share = "scramble:easy:deal=1,words=GOAT%2CWOLF%2CHARE%2CMOLE:"

    def record(words: list[str], scrambles: list[str]) -> PuzzleRecord:
        puzzle = {"scrambles": scrambles, "language": "en", "first": False}
        return PuzzleRecord(SCRAMBLE, f"{share}x", "easy", {}, puzzle, {"words": words})

    twins = Twins()
    assert twins.take(record(["GOAT", "WOLF"], ["OGTA", "LFOW"]), share=share, version=0)
    assert twins.take(record(["HARE", "MOLE"], ["EHRA", "LEMO"]))  # another puzzle of A's
    assert not twins.take(record(["GOAT", "WOLF"], ["OGTA", "LFOW"]), share=share, version=1)
    assert not twins.take(record(["GOAT", "MOLE"], ["TAGO", "OLEM"]), share=share, version=1)
    assert twins.take(record(["WOLF", "GOAT"], ["FLWO", "OGTA"]), share=share, version=1)
    assert not twins.take(record(["WOLF", "GOAT"], ["OWFL", "TAGO"]), share=share, version=1)
    assert not twins.take(record(["WOLF", "GOAT"], ["OWFL", "TAGO"]), share=share, version=0)


def test_a_puzzle_of_the_users_words_names_its_list_and_its_id_makes_it_again(run, tmp_path):
    """Sixteen words, eight a puzzle: `generate -n 2` deals list 1, then list 2, each named in
    the puzzle's id, which makes the same puzzle again; a list the words do not fill is
    refused, naming the option."""
    words = "CAT,HOUSE,GARDEN,PENCIL,WINDOW,TABLE,CHAIR,PAPER,BREAD,MILK,APPLE,TRAIN,RIVER,CLOCK,PLANT,HORSE"
    status, out, err = run("generate", "scramble", "-d", "easy", "--set", f"words={words}",
                           "--set", "word_count=8", "-n", "2", "-q", "-j", "1")
    assert status == 0, err
    first, second = (json.loads(line) for line in out.splitlines())
    assert "deal=1," in first["id"] and "deal=2," in second["id"]
    assert sorted(first["solution"]["words"] + second["solution"]["words"]) == sorted(words.split(","))
    status, again, err = run("generate", "--id", second["id"], "-q")
    assert status == 0 and json.loads(again) == second, err
    lines = tmp_path / "two.jsonl"
    lines.write_text(out, encoding="utf-8")
    status, solved, err = run("solve", str(lines))
    assert status == 0 and [json.loads(line)["solutions"] for line in solved.splitlines()] == [1, 1]
    with pytest.raises(BookgenError, match="the words fill 2 lists of 8, so there is no list 3") as refused:
        Request.make(SCRAMBLE, "easy", {"words": words.split(","), "word_count": 8, "deal": 3})
    assert refused.value.key == "deal"


def _proven_at(example, level: str) -> None:
    """The example is a puzzle of `level`: each word shuffled as the level shuffles, no letter
    printed in a box (no section's rules speak of one unless its own words print one), and
    the solver finds one answer, the example's words (which the example writes with their
    accents: BALÓN)."""
    puzzle, words = example.puzzle, example.solution["words"]
    assert puzzle["first"] == (level == "easy") and "shown" not in puzzle and len(words) == 3
    assert {shuffle_class(s, w, puzzle["first"]) for s, w in zip(puzzle["scrambles"], words)} == {
        LEVELS.index(level)}
    solved = SCRAMBLE.solve(puzzle, 2)
    assert solved.count == 1 and solved.solution is not None
    assert solved.solution["words"] == example.solution["words"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("level", LEVELS)
def test_the_solved_example_shows_its_levels_puzzles_and_gives_away_no_word(language, level):
    """Made at easy, the example printed K in KITE's first box beside medium's rules, which keep
    no letter: it is a puzzle of the section's level, and no puzzle of any level or list takes
    its words (word search's themes list some of them: DRUM in music and toys, BOOT in transport)."""
    request = Request.make(SCRAMBLE, level, {"language": language})
    example = SCRAMBLE.example(request)
    assert example is not None
    _proven_at(example, level)
    assert "printed" not in SCRAMBLE.rules(request)
    for theme in SCRAMBLE_THEMES:
        for other in LEVELS:
            pool = word_pool(Request.make(SCRAMBLE, other, {"language": language, "theme": theme,
                                                            "word_count": 3}))
            assert not set(pool).intersection(example.solution["words"]), (theme, other)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("level", LEVELS)
def test_a_list_of_the_users_words_sends_the_example_to_words_it_does_not_hold(language, level):
    """A teacher's spelling list holding LAMP printed the example solved with LAMP in it: the
    example takes the next set of three (each makes an example of the level of its three words,
    no word in two sets), and none where the list holds a word of every set."""
    sets = example_sets(language, level == "easy")
    assert len({grid_form(word, language) for words in sets for word in words}) == 9
    shown = {grid_form(word, language) for words in sets for word in words}
    own = [word for word in word_pool(Request.make(SCRAMBLE, level, {"language": language}))
           if word not in shown][:3]
    for index in range(len(sets)):
        given = own + [words[0] for words in sets[:index]]
        example = SCRAMBLE.example(Request.make(SCRAMBLE, level, {"words": given, "language": language}))
        assert example is not None and sorted(example.solution["words"]) == sorted(
            grid_form(word, language) for word in sets[index])
        _proven_at(example, level)
    given = own + [words[0] for words in sets]
    assert SCRAMBLE.example(Request.make(SCRAMBLE, level, {"words": given, "language": language})) is None


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_themes_together_fill_twenty_puzzles_a_level(language):
    """Every one of word search's 24 themes is a scramble list too, and 'all' is all of them: the
    first four together filled 5 to 10 puzzles a level, so a book of ten pages was refused."""
    for level in LEVELS:
        request = Request.make(SCRAMBLE, level, {"language": language, "theme": "all"})
        assert len(SCRAMBLE.answers(request)) >= 20, level


REVIEWED = {"BURIAL", "SUCKS", "SUCKED", "WOUNDS", "ARMED", "ARMIES", "TROOPS", "BLOOD", "SHOT", "SHOTS",
            "SPOUSE", "WIVES", "PARODY", "OXIDE", "BREACH", "RECKON", "EXCEED", "COMMIT", "PREGNANT", "DEBT",
            "TAX", "ENEMY", "BATTLE"}
"""The words a parent found among 30 and 60 easy scrambles and fill-ins of the common words (seeds 3
and 11), unsuitable for a child or beyond one (PARODY, OXIDE, RECKON)."""


@pytest.mark.parametrize("seed", ["3", "11"])
def test_thirty_easy_scrambles_hold_none_of_the_words_a_parent_found(seed):
    """Thirty, as easy's words (the themes') fill some fifty lists of eight."""
    request = Request.make(SCRAMBLE, "easy", {})
    words = {word for number in range(1, 31)
             for word in make_puzzle(request, f"{seed}.{number}").solution["words"]}
    assert len(words) > 150 and not words & REVIEWED


@pytest.mark.parametrize("language", LANGUAGES)
def test_easy_scrambles_take_the_themes_words_and_medium_the_fillins(language):
    """Easy's share is word search's themes' words (`children_words`), every one of them but the
    example's: the common words' first 1,500 gave a child DIREI, SAPETE, TASSO (Italian) and
    ACCUSÉ, LOYER (French). Medium's is within the fill-in's first `POOL` and holds no theme word,
    so that no two levels share a word (the test below)."""
    listed = [word for word in (WORDS / f"{language}.txt").read_text("utf-8").splitlines()
              if word and not word.startswith("#")]
    shares, shown = _common_shares(language), _example_words(language)
    assert set(shares["easy"]) == set(children_words(language)) - shown
    pool = set(word_pool(Request.make(SCRAMBLE, "easy", {"language": language})))
    assert len(pool) > 200 and not pool & CHILDREN_REVIEWED.get(language, set())
    assert set(shares["medium"]) <= set(listed[:POOL]) - set(children_words(language))
    assert len(shares["medium"]) > 1000


def test_the_common_words_fill_sixty_puzzles_a_level_and_share_none_with_another_level():
    """Issue 39: the default's words are the language's common ones (never a blocked word; easy's
    the themes', thirty puzzles or more), each level's its own, so a book's sections of four
    levels never meet a word twice; a theme named
    gives its own words as before."""
    pools = []
    for level in LEVELS:
        request = Request.make(SCRAMBLE, level, {"language": "es"})  # the fewest words
        pool = word_pool(request)
        assert request.settings["theme"] == "common" and len(set(pool)) == len(pool)
        least = 30 if level == "easy" else 60  # easy: the themes' words, 303 of them in Spanish
        assert len(SCRAMBLE.answers(request)) >= least and not any(is_blocked(word, "es") for word in pool)
        pools.append(set(pool))
    assert sum(map(len, pools)) == len(set.union(*pools))
    themed = word_pool(Request.make(SCRAMBLE, "hard", {"language": "es", "theme": "all"}))
    assert set(themed) <= {word for theme in ALL_THEMES for word in theme_words("es", theme)}


def test_rules_say_the_first_letter_is_kept_only_at_easy():
    for level in LEVELS:
        rules = SCRAMBLE.rules(Request.make(SCRAMBLE, level, {}))
        assert ("first letter" in rules) == (level == "easy")
    with speaking("de"):
        assert "erste Buchstabe" in SCRAMBLE.rules(Request.make(SCRAMBLE, "easy", {}))


def test_the_boxes_go_under_the_scrambles_when_the_room_is_narrow():
    puzzle = _made("hard", words=["caterpillar", "crocodile", "butterfly"]).puzzle
    wide = SCRAMBLE.measure(puzzle)
    narrow = SCRAMBLE.narrowed(80.0, 300.0)  # the 11 boxes of CATERPILLAR narrow to fit too
    width, height = narrow.measure(puzzle)
    assert width <= 80.0 < wide[0] and height > wide[1]
    pen = RecordingPen()
    narrow.draw_puzzle(pen, puzzle)
    assert pen.bounds()[2] <= width + 0.01


def test_a_narrowed_list_puts_short_words_boxes_under_them_too():
    """A section narrowed for its long words lays every list out alike: the boxes of a list of
    short words, which would fit beside them, go under them as well (its pages mixed the two)."""
    puzzle = _made("easy", words=["cat", "dog", "sun"]).puzzle
    narrow = SCRAMBLE.narrowed(80.0, 300.0)
    assert narrow.measure(puzzle)[0] < SCRAMBLE.measure(puzzle)[0] < 80.0
    assert narrow.measure(puzzle)[1] > SCRAMBLE.measure(puzzle)[1]


def test_a_narrowed_section_shows_each_scramble_of_its_example_with_its_word(tmp_path):
    """In French on a large print 5x8 trim, a section narrowed for its long words showed its
    example as its answer alone, the three words without their scrambles. The example is drawn
    solved as a person leaves it (`draw_filled`): where only that fits, it still shows each
    scramble with its word written in its boxes."""
    text = ("title: T\nlayout: 5x8\nlarge_print: true\nlanguage: fr\nsections:\n"
            "  - {type: scramble, count: 1, difficulty: medium, "
            "words: [papillon, crocodile, chenille, elephant, kangourou]}\n")
    config = read_config_text(text, tmp_path / "book.yaml")
    pdf = render_pdf(make_book(config))[0]
    opening = PdfReader(io.BytesIO(pdf)).pages[2].extract_text()
    with speaking("fr"):
        example = SCRAMBLE.example(config.sections[0].request)
    assert "Exemple" in opening
    for scramble, word in zip(example.puzzle["scrambles"], example.solution["words"]):
        assert re.search(re.escape(scramble) + r"\s+" + r"\s*".join(word), opening)


def test_a_large_print_book_on_a_5x8_trim_passes_the_auditor(tmp_path):
    text = ("title: Large\nlayout: 5x8\nlarge_print: true\nanswers: back\nlanguage: de\nsections:\n"
            "  - {type: scramble, count: 2, difficulty: hard}\n")
    pdf = render_pdf(make_book(read_config_text(text, tmp_path / "book.yaml")))[0]
    with speaking("de"):
        assert audit(pdf, large_print=True) == []
    pages = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Wortsalat" in pages


def test_words_from_a_file_beside_the_config(tmp_path):
    (tmp_path / "words.txt").write_text("giraffe\n# stripes\nzebra\ntiger\n", "utf-8")
    (tmp_path / "book.yaml").write_text(
        "title: T\nsections:\n  - {type: scramble, count: 1, difficulty: easy, words: words.txt}\n")
    (section,) = load_config(tmp_path / "book.yaml").sections
    assert section.request.settings["words"] == ("giraffe", "zebra", "tiger")


# --- the playable page (headless Chromium, through tests/test_html.py's helpers) -----------------



@pytest.fixture(scope="module")
def play_record() -> dict:
    request = Request.make(SCRAMBLE, "easy", {"words": ["goat", "wolf", "frog"]})
    return page_record(SCRAMBLE, make_puzzle(request, "play").to_json(), 1)


def _page(tmp_path, record: dict, level: str):
    """The playable page of one scramble puzzle (its page record), in tmp_path."""
    path = tmp_path / "book.html"
    write_html(path, "Scrambles", None, [{"title": "Word Scramble", "type": "scramble",
                                          "rules": "Play.", "level": level, "puzzles": [record]}])
    return path


@pytest.fixture
def open_scrambles(browser, tmp_path, play_record):
    with test_html._opener(browser, _page(tmp_path, play_record, "easy")) as open_:
        yield open_


def _box(tab, word: int, letter: int):
    return tab.locator(f"#puzzle-1 input[data-row='{word}'][data-col='{letter}']")


@pytest.mark.parametrize("touch", [False, True], ids=["keyboard", "touch"])
def test_typing_fills_a_word_box_after_box_and_solves_the_page(open_scrambles, play_record, touch):
    tab = open_scrambles(width=360 if touch else 900, touch=touch)
    words = play_record["solution"]["words"]
    assert tab.locator("#puzzle-1 .cell.given").all_text_contents()[0].startswith(words[0][0])
    if touch:
        _box(tab, 0, 1).tap()
    else:
        _box(tab, 0, 1).focus()
    tab.keyboard.type(words[0][1:].lower())  # small letters come out as capitals
    assert [_box(tab, 0, j).input_value() for j in (1, 2, 3)] == list(words[0][1:])
    tab.keyboard.press("Backspace")  # the last box: clears it
    tab.keyboard.press("Backspace")  # an empty box: back to the one before, clearing it
    assert _box(tab, 0, 3).input_value() == "" and _box(tab, 0, 2).input_value() == ""
    tab.keyboard.type(words[0][2:])
    for index, word in enumerate(words[1:], 1):
        _box(tab, index, 1).click()
        tab.keyboard.type(word[1:])
    assert tab.locator("#puzzle-1 .status").inner_text() == "Solved!"


def test_check_marks_a_wrong_letter_and_a_hint_writes_one_in_its_place(open_scrambles, play_record):
    tab = open_scrambles()
    word = play_record["solution"]["words"][1]
    wrong = next(letter for letter in "XQZ" if letter != word[1])
    _box(tab, 1, 1).focus()
    tab.keyboard.type(wrong)
    tab.locator("#puzzle-1 button[data-action='check']").click()
    assert "wrong" in _box(tab, 1, 1).locator("xpath=..").get_attribute("class")
    _box(tab, 1, 1).fill("")
    tab.locator("#puzzle-1 button[data-action='hint']").click()
    assert _box(tab, 1, 1).input_value() == word[1]  # the hint nearest the box last written
    assert tab.locator("#puzzle-1 .status").inner_text().startswith("Word 2, letter 2: letter 2 of")
    assert test_html._axe_violations(tab) == []


def test_h_and_n_are_letters_in_a_box_not_the_pages_keys(open_scrambles):
    """The frame's H (hint) and N (notes) keys stay letters while a box has the focus."""
    tab = open_scrambles()
    _box(tab, 0, 1).focus()
    tab.keyboard.type("hn")
    assert [_box(tab, 0, 1).input_value(), _box(tab, 0, 2).input_value()] == ["H", "N"]
    assert tab.locator("#puzzle-1 .hint-log li").count() == 0


def test_a_printed_letter_stands_fixed_in_its_box_and_typing_passes_it_by(browser, tmp_path):
    """The playable page shows FROM's printed R in its box as it shows the kept F: no input there,
    so typing the word's other letters fills the boxes around it and solves the page."""
    request = Request.make(SCRAMBLE, "easy", {"words": ["from", "there", "goat"]})
    record = page_record(SCRAMBLE, make_puzzle(request, "shown").to_json(), 1)
    words, shown = record["solution"]["words"], record["puzzle"]["shown"]
    with test_html._opener(browser, _page(tmp_path, record, "easy")) as open_:
        tab = open_(width=360, touch=True)
        for index, (word, boxes) in enumerate(zip(words, shown)):
            given = tab.locator(f"#puzzle-1 li.item:nth-child({index + 1}) .cell.given .value")
            assert given.all_text_contents() == [word[0], *boxes[1:].replace(".", "")]
            free = [place for place in range(1, len(word)) if boxes[place] == "."]
            assert [_box(tab, index, place).count() for place in range(len(word))] == [
                int(place in free) for place in range(len(word))]
            _box(tab, index, free[0]).tap()
            tab.keyboard.type("".join(word[place] for place in free))
        assert tab.locator("#puzzle-1 .status").inner_text() == "Solved!"


@pytest.mark.parametrize("width", [320, 360])
def test_a_long_words_boxes_stay_on_a_phones_screen(browser, tmp_path, width):
    """A 14-letter word's boxes ran past a 320-pixel phone's edge, to be scrolled sideways and its
    jumbled letters cut: the boxes narrow to fit, no smaller than a finger's target, and a word
    still too long goes on in a second row."""
    words = ["zusammenarbeit", "freundschaften", "hausaufgaben", "einer"]
    request = Request.make(SCRAMBLE, "hard", {"words": words, "language": "de"})
    record = page_record(SCRAMBLE, make_puzzle(request, "phone").to_json(), 1)
    with test_html._opener(browser, _page(tmp_path, record, "hard")) as open_:
        tab = open_(width=width, touch=True)
        card = tab.locator("#puzzle-1").bounding_box()
        boxes = [cell.bounding_box() for cell in tab.locator("#puzzle-1 .boxes .cell").all()]
        assert len(boxes) == sum(map(len, words))
        assert all(card["x"] <= box["x"] and box["x"] + box["width"] <= card["x"] + card["width"]
                   for box in boxes), (card, boxes)
        assert min(box["width"] for box in boxes) >= 24
        assert tab.evaluate("document.documentElement.scrollWidth") == width
        _box(tab, 0, 13).tap()  # the last box of the longest word, within reach


def test_a_theme_whose_words_an_earlier_section_took_is_refused_naming_that_section(tmp_path):
    """All the themes together at medium take 120 words, among them colours of 4 to 6 letters;
    easy's one list of colours then shares a word with them, whatever it draws. Put first, it
    takes its list, and the themes together draw lists without those words."""
    sections = ["  - {type: scramble, count: 12, difficulty: medium, theme: all, title: All}\n",
                "  - {type: scramble, count: 1, difficulty: easy, theme: colours, title: Colours}\n"]
    head = "title: T\nseed: s1\nlanguage: de\nsections:\n"
    config = read_config_text(head + "".join(sections), tmp_path / "book.yaml")
    said = (r"could not find 1 puzzle \(scramble, easy.*\) different from the earlier ones: puzzle 13 "
            r"and its 40 retries each repeat a word an earlier puzzle holds \(section 'All' took some "
            r"of them first\); put this section earlier, or widen the options$")
    with pytest.raises(BookgenError, match=said) as refused:
        make_book(config)
    assert refused.value.line == 6 and refused.value.key == "section 'Colours'"
    book = make_book(read_config_text(head + "".join(reversed(sections)), tmp_path / "book.yaml"))
    assert [len(section.records) for section in book.sections] == [1, 12]


@pytest.mark.parametrize(("options", "advice"), [
    ({"theme": "jobs"}, r"set theme: all \((\d+) puzzles at this level\), or leave the theme out \(the "
                        r"language's common words: (\d+)\)"),
    ({"theme": "all"}, r"leave the theme out \(the language's common words fill (\d+) puzzles at this "
                       r"level\)"),
    ({"words": ["giraffe", "elephant", "penguin", "dolphin"], "word_count": 3},
     r"give more words, or set word_count lower \(a sheet uses each word once: your 4 words fill 1 "
     r"puzzle of 3 words\)"),
])
def test_a_short_list_is_refused_naming_a_longer_one(options, advice):
    """A book never prints a word twice, so a theme fills few puzzles: the refusal says which list
    fills more, and how many it fills."""
    request = Request.make(SCRAMBLE, "medium", options)
    asked = len(SCRAMBLE.answers(request)) + 1
    refused = too_few_answers([(request, asked)])
    assert refused is not None
    found = re.search(f"; ask for fewer, or {advice}$", refused[1])
    assert found, refused[1]
    assert all(int(count) >= asked for count in found.groups())


SPELLING = "[Straße, Fußball, Mädchen, Brötchen, Käse, Bäckerei, Schüler, Tür, Größe, Übung]"


@pytest.mark.parametrize("section, noted", [
    ("{type: scramble, count: 1, difficulty: easy, words: WORDS}", True),
    ("{type: fillin, count: 1, difficulty: easy, words: WORDS}", True),
    ("{type: scramble, count: 1, difficulty: easy, words: WORDS, word_count: 8}", False),
    ("{type: scramble, count: 1, difficulty: easy}", False),
    ("{type: wordsearch, count: 1, difficulty: easy, words: WORDS}", False),
])
def test_a_sheet_that_leaves_some_of_the_users_words_out_says_so(run, tmp_path, section, noted):
    """A teacher's ten spelling words came out as a scramble (and a fill-in) of eight, with no
    word of the other two: the level's word_count. The build says so, and how to take them all;
    not where the user set word_count, nor for the built-in words, nor for word search (which
    takes every word given), nor with -q."""
    config = tmp_path / "sheet.yaml"
    section = section.replace("WORDS", SPELLING)
    config.write_text(f"title: T\nlanguage: de\nseed: 1\nsections:\n  - {section}\n", encoding="utf-8")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "sheet.pdf"), "-j", "1")
    assert status == 0, err
    said = "takes 8 of the 10 words given, leaving 2 out; set word_count: 10 to take them all"
    assert (said in err) == noted, err
    status, _, err = run("build", str(config), "-o", str(tmp_path / "sheet.pdf"), "-j", "1", "-q")
    assert status == 0 and said not in err


def test_the_solved_example_writes_each_word_in_the_boxes_of_its_scramble():
    """The example's solved side printed the words alone (the key's drawing), which shows nothing
    of the scrambles they solve; where a sheet shows its example solved alone it was a list of
    three words. It now draws the list solved: each scramble, its word's letters in its boxes."""
    made = SCRAMBLE.example(Request.make(SCRAMBLE, "easy", {}))
    pen = RecordingPen()
    SCRAMBLE.draw_example_answer(pen, made.puzzle, made.solution)
    texts = [call["text"] for name, call in pen.calls if name == "text"]
    assert all(scramble in texts for scramble in made.puzzle["scrambles"])
    letters = [text for text in texts if len(text) == 1 and text.isalpha()]
    assert sorted(letters) == sorted("".join(made.solution["words"]))
    assert sum(name == "rect" for name, _call in pen.calls) == len(letters)
    assert pen.calls and SCRAMBLE.example_answer_size(made.puzzle) == SCRAMBLE.measure(made.puzzle)


@pytest.mark.parametrize("options, noted", [(["-n", "1"], True), ([], True),
                                            (["-n", "1", "--set", "word_count=8"], False)])
def test_a_worksheet_that_leaves_some_of_the_users_words_out_says_so(run, tmp_path, options, noted):
    """`bookgen worksheet` said nothing of the words it left out: ten words given, eight printed.
    It says so, naming the --set that takes them all: with -n 1, and where only one puzzle of the
    words exists (a word is printed once a sheet, so -n 6 holds one); not where word_count is set,
    nor with -q."""
    words = SPELLING.strip("[]").replace(", ", ",")
    command = ["worksheet", "scramble", "-L", "de", "--set", f"words={words}", *options,
               "-o", str(tmp_path / "sheet.pdf"), "-j", "1"]
    status, _, err = run(*command)
    assert status == 0, err
    said = "takes 8 of the 10 words given, leaving 2 out; add --set word_count=10 to take them all"
    assert (said in err) == noted, err
    status, _, err = run(*command, "-q")
    assert status == 0 and said not in err


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_default_scramble_answer_is_a_word_hunspell_knows_only_capitalised(language):
    """The common words' pools (every level) hold none of the fill-in's checked-in notwords/LANG.txt
    (bookgen/puzzles/fillin/names.py: forms hunspell takes capitalised only, a name, or in capitals
    only, or not at all), nor a form the known words leave out (core/notknown/LANG.txt); easy's
    are the themes' words, forms and planets among them (SCISSORS, GIOVE), but no reviewed name."""
    from bookgen.core.known_words import not_known, proper_names
    from bookgen.puzzles.fillin.wordlist import left_out

    names = {line.split()[0] for line in left_out_lines(language) if line.split()[1] == "name"}
    assert names, language  # the list says which forms are names
    for level in LEVELS:
        request = Request.make(find_type("scramble"), level, {"language": language})
        pool = set(word_pool(request))
        left = proper_names(language) if level == "easy" else left_out(language)
        assert pool and not pool & left and not pool & not_known(language), level


PROPER_NAMES = {"en": {"GENEVA", "MEDICARE"}, "de": {"FULDA", "BERLIN", "MOSKAU"},
                "fr": {"MACRON", "JAPON", "GUILLAUME"},
                "es": {"POTOSI", "CORUÑA", "JAPON", "RUSIA", "MALAGA", "ESCOCIA"},
                "it": {"PAOLO", "TOSCANA", "LUIGI"}, "nl": {"MAARTEN", "GOUDA", "PIET"}}
"""Per language, names the teacher's review found among the default answers (and a few more)."""
NEAR_NAMES = {"en": {"TURKEY", "HOUSE"}, "de": {"ESSEN", "MUTTER", "HALLE"},
              "fr": {"VIENNE", "SUISSE", "PIERRE"}, "es": {"AGUA", "NOCHE", "IRAN", "CORAZON"},
              "it": {"CHIARA", "ACQUA"}, "nl": {"HOORN", "TRIEST"}}
"""Per language, words beside them that stay: also a name but a word a child knows (ESSEN, to
eat; VIENNE, of venir; IRÁN, they will go; CHIARA, clear), or what no signal told from a name."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_default_scramble_answer_is_a_reviewed_proper_name(language):
    """core/propernames/LANG.txt (places and people hunspell takes in small letters too: POTOSI,
    FULDA) is no known word, so no level's common words hold one, and no puzzle drawn from them;
    the words beside them stay."""
    from bookgen.core.known_words import proper_names

    names = proper_names(language)
    assert PROPER_NAMES[language] <= names and not names & known_words(language)
    assert NEAR_NAMES[language] <= known_words(language) and not NEAR_NAMES[language] & names
    for level in LEVELS:
        request = Request.make(SCRAMBLE, level, {"language": language})
        assert not set(word_pool(request)) & names, level
        for seed in range(3):
            made = SCRAMBLE.generate(random.Random(f"names/{seed}"), request)
            assert not set(made.solution["words"]) & names, (level, seed)


def left_out_lines(language: str) -> list[str]:
    from bookgen.puzzles.fillin.wordlist import FOLDER

    text = (FOLDER.parent / "notwords" / f"{language}.txt").read_text("utf-8")
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def test_the_scramble_and_the_key_write_a_teachers_word_with_the_same_accented_letters(tmp_path):
    """An Italian teacher's papà, città, perché: the scrambles print the letters the key asks for,
    accents and all (CÀTIT for CITTÀ: a child given CATIT was asked for CITTÀ), the puzzle's
    "written" beside its plain "scrambles"; the answer key and the solved example write PAPÀ (PAPA
    is the Pope), CITTÀ, PERCHÉ, a letter a box; a written answer that is not its word, or a
    scramble whose letters are not its answer's, is wrong."""
    from bookgen.cli import main

    words = ["papà", "città", "perché", "caffè", "mamma", "scuola", "libro", "gatto"]
    made = make_puzzle(Request.make(SCRAMBLE, "easy", {"words": words, "language": "it"}), "mine")
    assert made.solution["written"] == {"CAFFE": "CAFFÈ", "CITTA": "CITTÀ", "PAPA": "PAPÀ",
                                        "PERCHE": "PERCHÉ"}
    assert all(scramble.isascii() for scramble in made.puzzle["scrambles"])  # the grid's letters
    letters = made.puzzle["written"]
    for scramble, shown, word in zip(made.puzzle["scrambles"], letters, made.solution["words"]):
        assert Counter(shown) == Counter(made.solution["written"].get(word, word))
        assert grid_form(shown, "it") == scramble and shown[0] == scramble[0]
    assert SCRAMBLE.check(made.puzzle, made.solution) == []
    assert SCRAMBLE.check({**made.puzzle, "written": [s.replace("É", "È") for s in letters]},
                          made.solution) != []
    with pytest.raises(PuzzleFormatError):
        SCRAMBLE.validate({**made.puzzle, "written": [s + "A" for s in letters]})
    assert SCRAMBLE.check(made.puzzle, {**made.solution, "written": {"PAPA": "PIPÀ"}}) != []
    page = RecordingPen()
    SCRAMBLE.draw_puzzle(page, made.puzzle)
    printed = [call["text"] for name, call in page.calls if name == "text"]
    assert set(letters) <= set(printed) and not set(made.puzzle["scrambles"]) - set(letters) & set(printed)
    french = make_puzzle(Request.make(SCRAMBLE, "easy", {"words": ["forêt", "pâtes", "fenêtre", "œuf"],
                                                         "language": "fr"}), "mine")
    at = french.solution["words"].index("FORET")
    assert "E" in french.puzzle["shown"][at]  # FORET's letters make another word: a letter is printed
    boxes = find_type("scramble").play_data(french.puzzle)["boxes"]
    assert "Ê" in boxes[at] and boxes[at][0] == "F"  # printed as the key writes it, FORÊT
    assert "OEUF" in french.solution["words"] and "OEUF" not in french.solution.get("written", {})
    pen = RecordingPen()
    SCRAMBLE.draw_solution(pen, made.puzzle, made.solution)
    assert "PAPÀ" in [call["text"] for name, call in pen.calls if name == "text"]
    target = tmp_path / "it.pdf"
    assert main(["worksheet", "scramble", "-n", "1", "-L", "it", "--set", "words=" + ",".join(words),
                 "--answers", "page", "-o", str(target), "-q"]) == 0
    key = "".join(page.extract_text() for page in PdfReader(target).pages).split("Soluzioni")[-1]
    assert all(word in key for word in ("PAPÀ", "CITTÀ", "PERCHÉ", "CAFFÈ"))
    dutch = make_puzzle(Request.make(SCRAMBLE, "easy", {"words": ["zeeën", "fiets", "boom"],
                                                        "language": "nl"}), "mine")
    assert dutch.solution["written"] == {"ZEEEN": "ZEEËN"}
    plain = make_puzzle(Request.make(SCRAMBLE, "easy", {"words": ["kat", "fiets", "boom"], "language": "nl"}),
                        "mine")
    assert "written" not in plain.solution  # a list of no mark dropped keeps the JSON it had


def test_the_built_in_words_answer_with_their_accents():
    """The common words and the themes keep their accents in the key (CITTÀ, CORAZÓN), a letter
    for each of the scramble's."""
    from bookgen.puzzles.fillin.parameters import own_written
    from bookgen.puzzles.wordsearch.parameters import theme_marked

    assert own_written("it")["CITTA"] == "CITTÀ"
    themed = theme_marked("es", "body")
    assert themed["CORAZON"] == "CORAZÓN"
    assert all(grid_form(term, "es") == word and len(term) == len(word) for word, term in themed.items())


def _sheet(run, tmp_path, *args: str) -> list[str]:
    """Each page of a scramble sheet made with `args`, its words on one line."""
    target = tmp_path / "sheet.pdf"
    status, _, err = run("worksheet", "scramble", "--answers", "page", "-o", str(target), "-q",
                         "-j", "1", *args)
    assert status == 0, err
    return [" ".join(page.extract_text().split()) for page in PdfReader(target).pages]


def test_the_rules_say_in_a_childs_words_which_letters_are_written_in_and_claim_no_more(run, tmp_path):
    """The rules said "no other word uses exactly those letters" above a parent's TEA, EAT and ATE
    (each told apart by its kept first letter), and in French "une lettre imprimée dans une case
    est à sa place, et aucun autre mot de ces lettres n’a les lettres imprimées dans leurs cases".
    They say, shortly, what the level's boxes print to help."""
    pages = _sheet(run, tmp_path, "--set", "words=cat,dog,Mia,Sam,tea,eat,ate")
    assert ("How to play. Each line is a word with its letters mixed up. Write the word in the "
            "boxes, using every letter once. The first letter of each word is already in its box."
            in pages[0])
    assert "no other word" not in pages[0]
    assert {"TEA", "EAT", "ATE"} <= set(pages[-1].split())
    with speaking("fr"):  # TROUSSE's letters make TOUSSER too: its boxes print a letter
        rules = SCRAMBLE.rules(Request.make(SCRAMBLE, "easy", {"words": ["trousse", "gomme", "livre"],
                                                               "language": "fr"}))
    assert rules.endswith(" Une lettre déjà écrite dans une case est à la bonne place."), rules
    assert "imprimée" not in rules and "aucun autre mot" not in rules


def test_a_teachers_twelve_words_at_eight_a_page_make_a_second_puzzle_of_the_other_four(run, tmp_path):
    """Twelve words gave one puzzle of eight: ÉCOLE, GOÛTER, NOËL, MAÎTRESSE printed nowhere, and
    -n 2 was refused. The four left over fill a second list (a theme's rest still fills none, nor
    two words of the user's: fewer than a page takes)."""
    words = ("cahier,crayon,gomme,cartable,règle,trousse,livre,stylo,école,goûter,noël,maîtresse")
    request = Request.make(SCRAMBLE, "easy", {"words": words.split(","), "language": "fr"})
    lists = dealt(request)
    assert [len(words) for words in lists] == [8, 4]
    assert sorted(sum(lists, ())) == sorted(word_pool(request))
    pages = _sheet(run, tmp_path, "-L", "fr", "--set", f"words={words}")
    assert "Jeux 1–2" in pages[0]
    answers = set(" ".join(pages[-1:]).split())
    assert {"ÉCOLE", "GOÛTER", "NOËL", "MAÎTRESSE", "CAHIER"} <= answers  # written as typed
    ten = Request.make(SCRAMBLE, "easy", {"words": words.split(",")[:10], "language": "fr"})
    assert [len(words) for words in dealt(ten)] == [8]


ANIMALS = ("tiger,horse,mouse,rabbit,zebra,camel,donkey,lion,goat,sheep,duck,frog,snake,whale,shark,"
           "otter,eagle,llama,panda,koala,moose,bison,hyena,gecko,lemur,sloth").split(",")


def test_one_or_two_of_a_teachers_words_over_go_to_the_puzzles_after_the_first(run, tmp_path,
                                                                              write_config):
    """Two puzzles of eight of a teacher's seventeen words printed sixteen, the seventeenth on no
    page and not said: one or two words over (fewer than a page takes) go one each to the lists
    after the first, the last taking both where there are two lists. The first list keeps its
    eight, as a lone puzzle's note counts them."""
    for given, sizes in ((17, [8, 9]), (18, [8, 10]), (25, [8, 9, 8]), (26, [8, 9, 9])):
        request = Request.make(SCRAMBLE, "easy", {"words": ANIMALS[:given]})
        lists = dealt(request)
        assert [len(words) for words in lists] == sizes, given
        assert sorted(sum(lists, ())) == sorted(word_pool(request))
    pages = _sheet(run, tmp_path, "--set", "words=" + ",".join(ANIMALS[:17]), "-n", "2")
    assert {word.upper() for word in ANIMALS[:17]} <= set(pages[-1].split())
    config = write_config("title: Animals\nseed: zoo\nsections:\n  - type: scramble\n    count: 2\n"
                          "    difficulty: easy\n    words: [" + ", ".join(ANIMALS[:18]) + "]\n")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "book.pdf"), "-q", "-j", "1")
    assert status == 0, err
    key = " ".join(PdfReader(tmp_path / "book.pdf").pages[-1].extract_text().split())
    assert {word.upper() for word in ANIMALS[:18]} <= set(key.split()), key


def test_a_contraction_is_refused_with_the_letters_that_would_do(tmp_path, run):
    """A teacher's spelling list holds don't and it's: the refusal listed "(digits, spaces,
    hyphens)", which named neither the apostrophe nor what to write."""
    words = tmp_path / "spelling.txt"
    words.write_text("don't\nfriend\nbecause\nwould\nshould\ncould\nthought\nlaugh\n")
    status, _, err = run("worksheet", "scramble", "--set", f"words={words}", "-o", str(tmp_path / "s.pdf"))
    assert status == 2 and "write it as 'dont', or leave it out" in err


def test_a_6x9_page_holds_two_lists_of_ten_words(tmp_path):
    """At the layout's comfortable scale one list of ten words filled a 6x9 page, a fifth of it
    blank above and below: 25 lists took 25 pages. Their letters print at 14 pt at natural
    size, so a scramble aims lower (`COMFORT_SHARE`): two lists to a page, letters at 12 pt."""
    text = ("title: T\nlayout: 6x9\nseed: 1\ncontents: false\ntitle_page: false\n"
            "answers: separate\nsections:\n  - {type: scramble, count: 5, difficulty: medium}\n")
    pdf = render_pdf(make_book(read_config_text(text, tmp_path / "book.yaml")))[0]
    held = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        numbers: list[str] = []  # the puzzles' numbers, bold over each list
        page.extract_text(visitor_text=lambda text, cm, tm, font, size, found=numbers: found.append(
            text) if text.strip().isdigit() and font and "Bold" in font["/BaseFont"] else None)
        held.append(len(numbers))
    assert held == [1, 2, 2]
    assert [finding for finding in audit(pdf) if finding.check != "answers"] == []  # a key apart
    sizes = _letter_sizes(pdf)
    assert sizes and min(sizes) >= 11.5, sizes


def _letter_sizes(pdf: bytes) -> set[float]:
    """The sizes at which the lists' scrambled words print (their capitals, regular type)."""
    sizes: set[float] = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=lambda text, cm, tm, font, size: sizes.add(
            round(size * tm[0], 2)) if text.strip().isupper() and len(text.strip()) > 2 and font
            and "Bold" not in font["/BaseFont"] else None)
    return sizes


def test_a_large_print_sheet_of_ten_words_prints_them_large_in_large_boxes(run, tmp_path, monkeypatch):
    """A teacher's ten spelling words: her large-print sheet printed the scrambles at 14.5 pt in
    0.28 in boxes, where the standard sheet has 20 pt in 0.4 in (the rows, 3 mm apart, took the
    room the larger rules and example leave). Rows of boxes 1 mm apart: 19 pt in 0.38 in."""
    from bookgen.render.pdfpen import CanvasPen

    words = tmp_path / "spelling.txt"
    words.write_text("friend\nbecause\nwould\nshould\ncould\nthought\nlaugh\nenough\nthrough\nanswer\n")
    sizes: dict[str, float] = {}
    boxes: list[float] = []
    text, rect = CanvasPen.text, CanvasPen.rect
    monkeypatch.setattr(CanvasPen, "text", lambda pen, *a, **kw: (
        sizes.__setitem__(a[2], a[3] * pen.scale), text(pen, *a, **kw))[1])
    monkeypatch.setattr(CanvasPen, "rect", lambda pen, *a, **kw: (
        boxes.append(a[2] * pen.scale), rect(pen, *a, **kw))[1])
    assert run("worksheet", "scramble", "-q", "-j", "1", "--set", f"words={words}", "--set",
               "word_count=10", "--large-print", "--answers", "none",
               "-o", str(tmp_path / "sheet.pdf"))[0] == 0
    assert sizes["EOHUNG"] >= 18.0  # ENOUGH, easy's first letter kept
    assert max(boxes) * 72 / 25.4 >= 0.36 * 72


def test_a_teachers_twelve_words_are_noted_as_the_sheet_prints_them(run, tmp_path):
    """Twelve words at eight a puzzle print a puzzle of 8 and one of 4, no word twice: the note
    says so, and no longer that 16 words were taken from the 12, so that words came again."""
    words = "perché,città,caffè,gelato,scuola,maestra,bambino,finestra,università,tartaruga,farfalla,pinguino"
    status, _, err = run("worksheet", "scramble", "-L", "it", "--set", "words=" + words, "-j", "1",
                         "-o", str(tmp_path / "sheet.pdf"))
    said = " ".join(err.split())
    assert status == 0, err
    assert "come again" not in said
    assert "the sheet holds 2" in said and "your 12 words fill 2 puzzles of 8 and 4 words" in said
