"""Crossword facts: the word/clue option (a list, lines, a file beside the config, CSV), words
that can never be placed named up front, a known crossword numbered in reading order with its
answers checked against the entries, the level's first letters, the clues on the page, a US
Letter worksheet and a large-print page that continues the clues on the next, the hints, the
JSON schema, and typing into the grid in the playable page, which fits a phone or scrolls with a
cue."""

from __future__ import annotations

import io
import json
import random
import re
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
import test_html
from pypdf import PdfReader
from test_schemas import validator_of

from bookgen.audit import audit
from bookgen.book import make_book
from bookgen.cli import main
from bookgen.config import load_config, read_config_text
from bookgen.core.pen import MEDIUM, RecordingPen
from bookgen.core.wordgrid import numbers_of, slots_of
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.i18n import speaking
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.crossword.drawing import (
    ANSWER_CELL,
    CAP_MM,
    LETTER_SIZE,
    NUMBER_SIZE,
    SHRUNK_NUMBER_SIZE,
    draw_solution,
)
from bookgen.render.pdf import render_pdf
from bookgen.schema import book_schema

CROSSWORD = find_type("crossword")
KNOWN = {"grid": ["HORSE", ".###.", ".###.", "####."],
         "entries": [{"number": 1, "direction": "across", "row": 0, "col": 0, "word": "HORSE",
                      "clue": "Animal you can ride"},
                     {"number": 1, "direction": "down", "row": 0, "col": 0, "word": "HAT",
                      "clue": "It sits on your head"},
                     {"number": 2, "direction": "down", "row": 0, "col": 4, "word": "EGGS",
                      "clue": "Hens lay them"}],
         "language": "en"}
PAIRS = ["SUN: It shines by day", "MOON: It shines by night", "STAR: A point of light at night",
         "COMET: Icy visitor with a long tail", "PLANET: Earth is one", "ORBIT: A path round the sun"]


def test_clues_are_read_as_pairs_lines_or_objects_and_name_their_format_in_ids():
    spec = next(o for o in CROSSWORD.options if o.kind == "clues")
    as_lines = spec.parse("SUN: It shines by day\n\nmoon:  It shines  by night")
    assert as_lines == (("SUN", "It shines by day"), ("moon", "It shines by night"))
    assert spec.parse([{"word": "SUN", "clue": "It shines by day"}, "moon: It shines by night"]) == as_lines
    assert spec.parse(spec.format(as_lines)) == as_lines
    with pytest.raises(BookgenError) as refused:
        spec.parse(["SUN It shines"])
    assert refused.value.key == "clues" and "WORD: clue" in refused.value.message


WRITTEN_AS_YAML = """\
title: T
sections:
  - type: crossword
    difficulty: easy
    count: 1
    clues:
      SUN: It shines by day
      MOON: It shines by night
      STAR: A point of light at night
  - type: crossword
    difficulty: medium
    count: 1
    clues:
      - SUN: It shines by day
      - MOON: It shines by night
      - {word: STAR, clue: A point of light at night}
"""


def test_clues_written_unquoted_in_yaml_a_mapping_or_a_list_of_pairs_are_read():
    """`- SUN: It shines` unquoted is a mapping of one pair to YAML, and a user writes the clues
    as one mapping as readily: both read as the lines do (each was refused, the message asking
    for the very WORD: clue the user had written); the schema an editor checks with takes both."""
    config = read_config_text(WRITTEN_AS_YAML, Path("book.yaml"))
    pairs = (("SUN", "It shines by day"), ("MOON", "It shines by night"),
             ("STAR", "A point of light at night"))
    assert [section.request.options["clues"] for section in config.sections] == [pairs, pairs]
    import yaml

    jsonschema.validate(yaml.safe_load(WRITTEN_AS_YAML), book_schema())


@pytest.mark.parametrize("clues, said", [
    ("\n      ON: Not off", "{true: 'Not off'} was read as true or false, as YAML reads YES, NO, ON"),
    ("\n      - YES: Not no\n      - SUN: It shines", "{true: 'Not no'} was read as true or false"),
    ("\n      SUN:\n      MOON: It shines by night", "{SUN: nothing} has no clue after its colon"),
    ("\n      - SUN: [It, shines]", "{SUN: ['It', 'shines']} is not a word and its clue"),
    ("\n      - HALF: 2.50\n      - SUN: It shines", "{HALF: 2.5} was read as a number, which YAML "
     "keeps without the way it was written (2.50 as 2.5); put the clue in quotes (HALF: \"2.5\")"),
])
def test_a_pair_yaml_read_as_something_else_is_refused_saying_what_to_write(clues, said):
    with pytest.raises(BookgenError) as refused:
        read_config_text("title: T\nsections:\n  - type: crossword\n    count: 1\n    difficulty: easy\n"
                         f"    clues:{clues}\n", Path("book.yaml"))
    assert said in refused.value.message and refused.value.key == "sections[0].clues"


def test_a_number_clue_in_quotes_is_read_as_written():
    """A maths teacher's HALF: 0.5 was refused as 'not a word and its clue', which it is; quoted,
    as the refusal now asks, it reads as written, trailing zero and all."""
    config = read_config_text("title: T\nsections:\n  - type: crossword\n    count: 1\n    difficulty: "
                              "easy\n    clues:\n      - HALF: '0.50'\n      - FIFTH: '0.20'\n"
                              "      - THIRD: '0.33'\n", Path("book.yaml"))
    assert config.sections[0].request.options["clues"] == (
        ("HALF", "0.50"), ("FIFTH", "0.20"), ("THIRD", "0.33"))


@pytest.mark.parametrize("name, text", [
    ("space.txt", "# the planets\nSUN: It shines by day\nMOON: It shines by night\nSTAR: A point of light\n"),
    ("space.csv", "word,clue\nSUN,It shines by day\nMOON,It shines by night\nSTAR,\"A point, of light\"\n"),
])
@pytest.mark.parametrize("at", ["@", ""])  # the command line names a file as @FILE, or as a config does
def test_a_file_of_clues_beside_the_config_or_on_the_command_line_is_read(tmp_path, name, text, at,
                                                                          capsys):
    (tmp_path / name).write_text(text, encoding="utf-8")
    config = tmp_path / "book.yaml"
    config.write_text(f"title: Space\nsections:\n  - {{type: crossword, count: 1, difficulty: easy, "
                      f"clues: {name}}}\n", encoding="utf-8")
    pairs = load_config(config).sections[0].request.settings["clues"]
    assert [word for word, _ in pairs] == ["SUN", "MOON", "STAR"]
    assert main(["generate", "crossword", "-d", "easy", "-q", "--set", "size=9",
                 "--set", f"clues={at}{tmp_path / name}"]) == 0
    entries = json.loads(capsys.readouterr().out)["puzzle"]["entries"]
    assert {entry["word"]: entry["clue"] for entry in entries} == {word: clue for word, clue in pairs}


def test_a_bad_line_of_a_clues_file_is_named_at_its_line(tmp_path):
    (tmp_path / "space.txt").write_text("SUN: It shines\nMOON\n", encoding="utf-8")
    config = tmp_path / "book.yaml"
    config.write_text("title: Space\nsections:\n  - {type: crossword, count: 1, difficulty: easy, "
                      "clues: space.txt}\n", encoding="utf-8")
    with pytest.raises(BookgenError) as refused:
        load_config(config)
    assert str(refused.value).startswith(f"{tmp_path / 'space.txt'}:2: 'MOON' is not a word and its clue")


@pytest.mark.parametrize("options, said", [
    ({"clues": PAIRS + ["XYZZY: A magic word"]}, "the word 'XYZZY' shares no letter with any other word"),
    ({"clues": PAIRS + ["ASTRONOMERS: They watch the sky"], "size": "9"},
     "ASTRONOMERS cannot be placed: longer than the largest grid (9x9), too long for the page"),
    ({"clues": PAIRS + ["SUN: Our star"]}, "the word SUN is listed twice"),
    ({"clues": PAIRS + ["XYZZY: A magic word"], "word_count": 4},  # more words than a crossword takes
     "the word 'XYZZY' shares no letter with any other word, so it can cross none: no crossword of 4 "
     "words can hold it; leave it out"),
    ({"clues": PAIRS + ["ASTRONOMERS: They watch the sky"], "size": "9", "word_count": 4},
     "ASTRONOMERS cannot be placed: longer than the largest grid (9x9)"),
])
def test_words_that_can_never_be_placed_are_named_up_front(options, said):
    with pytest.raises(BookgenError) as refused:
        Request.make(CROSSWORD, "easy", options)
    assert said in refused.value.message and refused.value.key == "clues"


NL_OWN = ["ZEEBEER: Wit roofdier van de pool", "STAAL: Metaal", "LEUK: Prettig",
          "MUG: Insect dat honing maakt", "GERST: Graan uit Azië", "BIER: Drank van druiven",
          "UUR: Wat de klok aangeeft", "KAAS: Gouda bijvoorbeeld", "FIETS: Tweewieler",
          "MOLEN: Draait in de wind"]
NL_IJ = ["IJSBEER: Wit roofdier van de pool", "IJZER: Metaal", "FIJN: Prettig",
         "BIJ: Insect dat honing maakt", "RIJST: Graan uit Azië", "WIJN: Drank van druiven",
         "TIJD: Wat de klok aangeeft", *NL_OWN[7:]]


@pytest.mark.parametrize("clues, seed", [(NL_OWN, "1.3.1"), (NL_OWN, "3.3.1"), (NL_IJ, "3.3.1")])
def test_a_list_that_lays_out_at_one_seed_lays_out_at_the_next(clues, seed):
    """An editor's ten Dutch clues made an easy crossword at seeds 1, 2 and 5 and none at seed 3:
    every layout of the grid sized from the words (11x11, 12x12) left a word out. Where a grid
    lays none, the next larger one is tried, up to the largest the help promises."""
    request = Request.make(CROSSWORD, "easy", {"clues": clues, "language": "nl"})
    record = make_puzzle(request, seed)
    assert len(record.puzzle["entries"]) == len(clues)
    assert len(record.puzzle["grid"]) <= 17 and len(record.puzzle["grid"][0]) <= 17


def test_a_size_the_config_sets_is_not_grown():
    """The size a config sets is the largest grid: the same words are refused in it, after the
    tries of that grid alone."""
    request = Request.make(CROSSWORD, "easy", {"clues": NL_OWN, "language": "nl", "size": "12"})
    with pytest.raises(BookgenError) as refused:
        make_puzzle(request, "3.3.1")
    assert "came out of 30 tries" in refused.value.message and refused.value.key == "clues"
    assert "within the largest grid tried, 12x12" in refused.value.message


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_books_crosswords_deal_the_built_in_clues_no_word_twice_while_they_last(language):
    """Eight medium crosswords of the built-in clues printed the same word and clue in puzzle 1
    and puzzle 5 (66 of their 96 repeated, one word six times): the book deals the bank out, so
    that in the order dealt no word comes back before every word has come once, and then each
    as few times as the bank allows (32 words: three times each, 31: three or four)."""
    from bookgen.puzzles.crossword.parameters import own_clues

    text = f"title: T\nlanguage: {language}\nseed: 1\nsections:\n" \
           "  - {type: crossword, difficulty: medium, count: 8}\n"
    records = make_book(read_config_text(text, Path("book.yaml"))).editions()[0].sections[0].records
    dealt = sorted(records, key=lambda record: int(re.search(r"deal=(\d+)", record.id)[1]))
    shares = [[entry["word"] for entry in record.puzzle["entries"]] for record in dealt]
    bank = {word for word, _clue in own_clues(language)}
    whole = len(bank) // 12  # the shares the bank holds whole: none repeats a word
    assert len({word for share in shares[:whole] for word in share}) == 12 * whole
    assert {word for share in shares[:whole + 1] for word in share} == bank  # the next, the rest
    uses = Counter(word for share in shares for word in share)
    assert set(uses) == bank and max(uses.values()) - min(uses.values()) <= 1
    clues = {(entry["word"], entry["clue"]) for record in records for entry in record.puzzle["entries"]}
    assert len(clues) == len(bank)  # each word with its one clue


GARDEN = ["ROSE: A red flower with thorns", "TOMATO: A red fruit in salads", "SEED: A plant starts as one",
          "SOIL: Plants grow in it", "RAKE: It gathers leaves", "HOSE: It waters the garden",
          "PEAR: A fruit shaped like a bell", "APPLE: A red or green fruit", "ONION: It makes you cry",
          "CARROT: An orange root", "BEAN: It grows up a pole", "PETAL: A part of a flower",
          "LEAF: It turns brown in autumn", "ROOT: It grows under the ground",
          "STEM: It holds the flower up", "TREE: It has a trunk"]


def test_a_books_crosswords_deal_the_users_clues_no_word_twice_before_all_once_then_evenly():
    """A publisher's 30 crosswords of their 40 clues printed one word and clue in 13 of them and
    another in 3, saying nothing: two sections of one list deal it together, so that in the
    order dealt no word comes back before every word has come once, and then each as few times
    as the list allows (here 36 words of 16: two or three times each)."""
    clues = "".join(f"\n      - {pair}" for pair in GARDEN)
    text = "title: T\nseed: 1\nsections:\n" + "".join(
        f"  - type: crossword\n    difficulty: easy\n    count: 3\n    word_count: 6\n    clues:{clues}\n"
        for _ in range(2))
    sections = make_book(read_config_text(text, Path("book.yaml"))).editions()[0].sections
    records = [record for section in sections for record in section.records]
    dealt = sorted(records, key=lambda record: int(re.search(r"deal=(\d+)", record.id)[1]))
    shares = [{entry["word"] for entry in record.puzzle["entries"]} for record in dealt]
    assert len(set.union(*shares[:2])) == 12  # the first 16 dealt hold no word twice
    assert len(shares[0] | shares[1] | shares[2]) == 16  # the third takes the other four first
    uses = Counter(word for share in shares for word in share)
    assert len(uses) == 16 and set(uses.values()) == {2, 3}
    assert len({frozenset(share) for share in shares}) == 6


def test_the_deal_mixes_its_rounds_so_that_two_crosswords_share_few_words():
    """Each round of the deal shuffled its halves in place, so the same half of the words came
    together in every round: 30 medium English crosswords paired 53 times on 8 to 11 of their 12
    words (the de book's 30 of 40 clues on 8 or 9 of 10 to 12). A share that runs from one round
    into the next still takes no word twice."""
    import itertools

    from bookgen.puzzles.base import dealt_requests
    from bookgen.puzzles.crossword.generator import _drawn_from, dealt

    request = Request.make(CROSSWORD, "medium", {"language": "en"})
    shares = [{word for word, _clue in dealt(each, *_drawn_from(each))[0]}
              for each in dealt_requests(request, 30, Counter(), "1")]
    assert all(len(share) == 12 for share in shares)  # none took a word twice
    shared = Counter(len(one & other) for one, other in itertools.combinations(shares, 2))
    assert max(shared) <= 9 and sum(n for words, n in shared.items() if words >= 8) <= 20, shared
    uses = Counter(word for share in shares for word in share)
    assert max(uses.values()) - min(uses.values()) <= 1


def test_a_short_list_gives_each_of_its_different_crosswords_once_before_any_twice():
    """Seven clues, four a crossword, make 35 crosswords of different words: a share of words
    dealt before is passed over for the next, so the 35 dealt are the 35, each word in 20."""
    from bookgen.puzzles.base import dealt_requests
    from bookgen.puzzles.crossword.generator import _drawn_from, dealt

    request = Request.make(CROSSWORD, "easy", {"clues": GARDEN[:7], "word_count": 4})
    assert CROSSWORD.variety(request) == 35
    shares = [frozenset(word for word, _clue in dealt(each, *_drawn_from(each))[0])
              for each in dealt_requests(request, 35, Counter(), "1")]
    assert len(set(shares)) == 35
    assert set(Counter(word for share in shares for word in share).values()) == {20}


DE_CLUES = ['APFEL: Rundes Obst, rot oder grün',
            'BIRNE: Obst, das auch in der Lampe steckt',
            'KÄSE: Wird aus Milch gemacht, oft mit Löchern',
            'BÄR: Großes Tier, das im Winter schläft',
            'STRASSE: Auf ihr fahren Autos',
            'FUSSBALL: Sport mit elf Spielern pro Mannschaft',
            'MÜNCHEN: Hauptstadt Bayerns',
            'RHEIN: Längster Fluss Deutschlands',
            'ELBE: Fluss durch Hamburg und Dresden',
            'ZUGSPITZE: Höchster Berg Deutschlands',
            'BRÜCKE: Führt über einen Fluss',
            'KIRCHE: Gotteshaus mit Turm',
            'SCHULE: Hier lernen Kinder lesen und schreiben',
            'FENSTER: Durch es schaut man nach draußen',
            'GARTEN: Hier wachsen Blumen und Gemüse',
            'TULPE: Frühlingsblume aus Holland',
            'ROSE: Blume mit Dornen',
            'EICHE: Baum mit Eicheln',
            'TANNE: Baum, der zu Weihnachten geschmückt wird',
            'WINTER: Kalte Jahreszeit',
            'SOMMER: Warme Jahreszeit',
            'HERBST: Die Blätter fallen',
            'FRÜHLING: Jahreszeit nach dem Winter',
            'SCHNEE: Weiße Flocken vom Himmel',
            'REGEN: Fällt aus Wolken',
            'SONNE: Sie scheint am Tag',
            'MOND: Er scheint in der Nacht',
            'STERN: Leuchtet am Nachthimmel',
            'KAFFEE: Schwarzes Getränk am Morgen',
            'KUCHEN: Gebäck zum Nachmittag',
            'BREZEL: Salziges Gebäck in Knotenform',
            'WURST: Gibt es als Brat- oder Weißwurst',
            'GEIGE: Streichinstrument',
            'KLAVIER: Instrument mit schwarzen und weißen Tasten',
            'BUCH: Hat Seiten und einen Einband',
            'ZEITUNG: Erscheint jeden Morgen mit Nachrichten',
            'FAHRRAD: Hat zwei Räder und Pedale',
            'ZUG: Fährt auf Schienen',
            'HAFEN: Hier legen Schiffe an',
            'INSEL: Land, rundum von Wasser umgeben']
"""A German publisher's 40 clues (its book dealt 30 crosswords of them)."""


def _shares(request: Request, count: int, seed: str) -> list[frozenset[str]]:
    from bookgen.puzzles.base import dealt_requests
    from bookgen.puzzles.crossword.generator import _drawn_from, dealt

    return [frozenset(word for word, _clue in dealt(each, *_drawn_from(each))[0])
            for each in dealt_requests(request, count, Counter(), seed)]


def test_another_seed_deals_the_clues_into_other_crosswords_and_the_same_seed_the_same():
    """Volume 2 of a publisher's book (the same config, another seed, as the docs advise) dealt
    the 40 clues into the same 15 sets of words as volume 1, each set only laid out anew: a buyer
    of both read the same answers under the same clues. The deal's order follows the book's
    seed: the volumes share no set, and the same seed deals the same sets again."""
    request = Request.make(CROSSWORD, "medium", {"clues": DE_CLUES, "language": "de"})
    volume_1, volume_2 = _shares(request, 15, "2026"), _shares(request, 15, "2027")
    assert volume_1 == _shares(request, 15, "2026")
    assert all(len(share) == 12 for share in volume_1 + volume_2)
    assert not set(volume_1) & set(volume_2)
    firsts = {_shares(request, 1, seed)[0] for seed in ("1", "2", "3", "4")}
    assert len(firsts) == 4  # `generate -n 1` took the first share, the same, at every seed
    builtin = Request.make(CROSSWORD, "medium", {"language": "de"})
    assert not set(_shares(builtin, 8, "1")) & set(_shares(builtin, 8, "2"))


def test_a_dealt_crossword_names_the_seed_of_its_deal_and_its_id_makes_it_again(run, tmp_path):
    """`generate -n 1` of a longer list takes other words at another seed; the id names the
    seed the deal followed (`deal_seed`), so `generate --id` makes the same puzzle; an id made
    before the deal followed the seed (no `deal_seed`) still deals in the list's own order."""
    (tmp_path / "woerter.txt").write_text("\n".join(DE_CLUES), encoding="utf-8")
    made = {}
    for seed in ("1", "2"):
        status, out, err = run("generate", "crossword", "-d", "easy", "--set",
                               f"clues={tmp_path / 'woerter.txt'}", "--set", "language=de",
                               "--seed", seed, "-q", "-j", "1")
        assert status == 0, err
        made[seed] = json.loads(out)
    assert "deal=1,deal_seed=1," in made["1"]["id"]
    words = {seed: {entry["word"] for entry in record["puzzle"]["entries"]} for seed, record in made.items()}
    assert words["1"] != words["2"]
    status, again, err = run("generate", "--id", made["2"]["id"], "-q")
    assert status == 0 and json.loads(again) == made["2"], err
    older = Request.make(CROSSWORD, "easy", {"clues": GARDEN, "word_count": 6, "deal": 7})
    assert sorted(entry["word"] for entry in make_puzzle(older, "old").puzzle["entries"]) == \
        ["ONION", "RAKE", "ROOT", "SEED", "STEM", "TREE"]


def test_more_crosswords_than_a_list_each_takes_whole_makes_are_refused_naming_how_many():
    """Twenty crosswords of a list of twelve each held the same twelve words and clues, only laid
    out anew: a book never repeats a puzzle, so it asks for fewer or more clues up front."""
    text = "title: T\nseed: 1\nsections:\n  - type: crossword\n    difficulty: medium\n    count: 3\n" \
           "    clues:" + "".join(f"\n      - {pair}" for pair in PAIRS) + "\n"
    with pytest.raises(BookgenError) as refused:
        read_config_text(text, Path("book.yaml"))
    assert "only 1 different puzzle exists" in refused.value.message
    assert "give more clues, or a word_count below 6: each crossword holds all 6" in refused.value.message
    versions = read_config_text(text.replace("count: 3", "count: 1") + "versions: 2\n", Path("book.yaml"))
    assert versions.sections[0].request  # a teacher's versions A and B lay out the same words
    one_fewer = Request.make(CROSSWORD, "medium", {"clues": PAIRS, "word_count": 5})
    assert CROSSWORD.variety(one_fewer) == 6  # each leaves out one of the six


def test_a_book_that_prints_the_users_clues_again_says_so_after_it_is_built(tmp_path, capsys):
    config = tmp_path / "book.yaml"
    config.write_text("title: T\nseed: 1\nsections:\n  - type: crossword\n    difficulty: easy\n"
                      "    count: 3\n    word_count: 6\n    clues:"
                      + "".join(f"\n      - {pair}" for pair in GARDEN) + "\n", encoding="utf-8")
    assert main(["build", str(config), "-o", str(tmp_path / "book.pdf")]) == 0
    said = capsys.readouterr().err
    assert ("note: section 'Crossword': 3 puzzles take 18 words from the 16 given, so words come "
            "again; give 18 words for none to come twice") in said
    assert main(["build", str(config), "-o", str(tmp_path / "book.pdf"), "-q"]) == 0
    assert "note" not in capsys.readouterr().err


def test_the_schema_gives_the_studio_a_box_of_lines_for_clues():
    section = book_schema()["properties"]["sections"]["items"]
    branch = next(b["then"] for b in section["allOf"]
                  if b["if"]["properties"]["type"]["const"] == "crossword")
    assert branch["properties"]["clues"]["maxLength"] > 500  # studio.js's kindOf: a textarea


def test_a_known_crossword_solves_checks_and_validates():
    CROSSWORD.validate(KNOWN)
    solved = CROSSWORD.solve(KNOWN, 2)
    assert solved.count == 1 and solved.solution == {"grid": ["HORSE", "A###G", "T###G", "####S"]}
    assert CROSSWORD.check(KNOWN, solved.solution) == []
    swapped = {**KNOWN, "entries": [{**KNOWN["entries"][1], "word": "HUT"}] + KNOWN["entries"][::2]}
    assert any("reads HAT, its answer is HUT" in p for p in CROSSWORD.check(swapped, solved.solution))
    with pytest.raises(PuzzleFormatError):
        CROSSWORD.validate({**KNOWN, "entries": [{**KNOWN["entries"][0], "number": 2},
                                                 *KNOWN["entries"][1:]]})


@pytest.mark.parametrize("level, options", [("easy", {"clues": PAIRS}), ("medium", {"clues": PAIRS}),
                                            ("hard", {"clues": PAIRS}), ("expert", {})])
def test_entries_are_numbered_in_reading_order_and_the_level_gives_first_letters(level, options):
    made = make_puzzle(Request.make(CROSSWORD, level, options), "numbers")
    grid = made.puzzle["grid"]
    numbers = numbers_of(slots_of(grid))
    assert [(e["row"], e["col"]) for e in made.puzzle["entries"]] and all(
        numbers[(e["row"], e["col"])] == e["number"] for e in made.puzzle["entries"])
    if options:
        assert sorted(e["word"] for e in made.puzzle["entries"]) == sorted(p.split(":")[0] for p in PAIRS)
    firsts = sum(grid[e["row"]][e["col"]] != "." for e in made.puzzle["entries"])
    given = made.rating["givens"]
    assert {"easy": firsts == len(made.puzzle["entries"]), "medium": 0 < given,
            "hard": given == 0, "expert": given == 0}[level]
    assert CROSSWORD.solve(made.puzzle, 2).count == 1


def test_the_page_declares_every_clue_word_and_number():
    made = make_puzzle(Request.make(CROSSWORD, "hard", {"clues": PAIRS}), "page")
    texts = CROSSWORD.printed(made.puzzle).texts
    assert "tail" in texts and "1." in texts and "1" in texts


def _page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def test_a_worksheet_on_us_letter_holds_its_crossword_beside_its_clues(tmp_path):
    """Refused before at every level: under the sheet's head and example, the grid with its clues
    below was taller than the page left; now the clues go beside the grid, on the sheet's page."""
    target = tmp_path / "sheet.pdf"
    assert main(["worksheet", "crossword", "-d", "hard", "-n", "1", "--layout", "letter",
                 "--answers", "page", "-o", str(target), "-q", "-j", "1"]) == 0
    sheet, answers = _page_texts(target.read_bytes())
    assert "Across" in sheet and "Down" in sheet and "Name" in sheet and "Answers" in answers
    assert audit(target.read_bytes()) == []


@pytest.mark.parametrize("level", ["easy", "expert"])
def test_a_sheet_of_one_crossword_is_one_page_to_copy(tmp_path, level):
    """On US Letter the easy and expert sheets of one crossword printed the rules and the example
    on a page of their own and the crossword on a second: the example's two drawings left the
    crossword no room at its floor. The sheet now shows the solved example alone above it (as
    an opening on a page of its own does) and is one page."""
    target = tmp_path / "sheet.pdf"
    assert main(["worksheet", "crossword", "-d", level, "-n", "1", "--layout", "letter",
                 "--answers", "page", "-o", str(target), "-q", "-j", "1"]) == 0
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(target.read_bytes())).pages]
    assert "Answers" in pages[1] and "Answers" not in pages[0]
    assert all(word in pages[0] for word in ("Name", "Example", "Across", "Down"))
    assert audit(target.read_bytes()) == []


def test_a_crossword_opening_shares_its_page_when_its_example_side_by_side_leaves_room(tmp_path):
    """The sampler's two crosswords took three pages: the example's first way (its drawings
    stacked) left the first crossword no room, so the opening took a page of its own, though
    side by side (the clues under each grid) it leaves room. The first way that does is taken."""
    config = tmp_path / "book.yaml"
    config.write_text("title: T\nlayout: letter\ntitle_page: false\nanswers: back\nseed: 1\n"
                      "sections:\n  - {type: crossword, count: 2, difficulty: medium}\n")
    target = tmp_path / "book.pdf"
    assert main(["build", str(config), "-o", str(target), "-q", "-j", "1"]) == 0
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(target.read_bytes())).pages]
    assert "Answers" in pages[2] and "Solved" in pages[0]
    assert pages[0].count("Across") == 3  # the rules', the example's clues, the first crossword's
    assert audit(target.read_bytes()) == []


def test_large_print_on_6x9_continues_the_clues_on_the_page_after_the_grid(tmp_path):
    """A page of 6x9 in large print holds a normal crossword's grid, not all its clues: the rest
    go on the next page (facing it), under the puzzle's number, each clue whole on one page, at
    the body's 16 pt (they printed at 14 pt, and the page after the grid four fifths blank)."""
    text = ("title: Large\nlayout: 6x9\nlarge_print: true\nseed: 1\nanswers: back\n"
            "contents: false\ntitle_page: false\nsections:\n"
            "  - {type: crossword, count: 1, difficulty: easy}\n")
    book = make_book(read_config_text(text, tmp_path / "book.yaml"))
    pdf = render_pdf(book)[0]
    assert audit(pdf, large_print=True) == []
    (record,) = book.sections[0].records
    pages = _page_texts(pdf)
    grid_page = next(i for i, page in enumerate(pages) if "Difficulty" not in page and "1" in page)
    clues = [entry["clue"] for entry in record.puzzle["entries"]]
    shown = [" ".join(page.split()) for page in pages[grid_page:grid_page + 2]]
    assert all(sum(clue in page for page in shown) == 1 for clue in clues)
    assert any(clue in shown[1] for clue in clues)  # the clues go on past the grid's page
    reader = PdfReader(io.BytesIO(pdf))
    grid_sizes = _digit_sizes(reader.pages[grid_page], bold=False)
    assert grid_sizes and max(grid_sizes) == pytest.approx(14.0, abs=0.05)  # labels: text's floor
    assert min(_word_sizes(reader.pages[grid_page + 1])) >= 16.0 - 0.05


def _word_sizes(page) -> set[float]:
    """The sizes at which a page prints words of letters upright (a clue's, a heading's; not
    its running head's, in italics, nor a square's given letter)."""
    sizes: set[float] = set()

    def visit(text, cm, tm, font, size):
        upright = font is not None and not any(word in font["/BaseFont"] for word in ("Oblique", "Italic"))
        if text.strip().isalpha() and len(text.strip()) > 1 and upright:
            sizes.add(round(size * tm[0], 2))
    page.extract_text(visitor_text=visit)
    return sizes


def _notes_inside_a_section(pages: list[str]) -> list[int]:
    """The pages (from 1) of notes pages that neither end the book nor come right before a
    section's opening or the answers: the ones inside a section."""
    return [number for number, (page, after) in enumerate(zip(pages, pages[1:]), start=1)
            if "Notes" in page.split("\n")[:2]
            and not any(word in after for word in ("How to play", "Difficulty", "Answers", "Notes"))]


def test_a_bound_book_starts_a_two_page_crossword_on_a_left_hand_page(tmp_path):
    """A large-print 5x8 crossword takes two pages, its grid on one and the rest of its clues on
    the next; where the grid fell on a right-hand (odd) page, its clues were overleaf. A bound
    book now starts it on an even page, so that the grid and its clues face each other: every
    crossword of the section takes a spread (its squares alike), and an opening on a page of its
    own lands on an odd page, a notes page before it where it must; never inside the section (a
    notes page between two crosswords read as a printing fault)."""
    text = ("title: Large Print Word Puzzles\nlayout: 5x8\nlarge_print: true\n"
            "profile: print-on-demand\ncontents: true\nseed: 11\nsections:\n"
            "  - {type: crossword, count: 4, difficulty: easy, size: 16x11}\n"
            "  - {type: crossword, count: 4, difficulty: expert, size: 16x11, word_count: 12}\n")
    book = make_book(read_config_text(text, tmp_path / "book.yaml"))
    pdf = render_pdf(book)[0]
    assert audit(pdf, large_print=True) == []
    pages = _page_texts(pdf)
    lines = [page.split("\n") for page in pages]  # a page's folio first
    key = " ".join(" ".join(page) for page in lines)
    for number in range(1, 6):
        grid_page = int(key.split(f" {number} · page ", 1)[1].split()[0])  # "5 · page 14"
        assert grid_page % 2 == 0, f"puzzle {number}'s grid is on page {grid_page}"
        clues = lines[grid_page][1:]  # the page after the grid's (pages count from 1), unfoliated
        assert str(number) in clues, f"puzzle {number}'s clues do not follow its grid"  # its number
    assert _notes_inside_a_section(pages) == []
    assert any("Notes" in page[:2] for page in lines)  # the padding's, or one before an opening


def test_a_section_that_fits_no_page_alike_keeps_each_puzzle_to_its_own_pages():
    """One size for a section's crosswords, each grid facing its clues where none fits a page
    whole, made all 24 of an 8.5x11 large-print book's themed crosswords take two pages where
    most fit one on squares of their own: the section takes whichever needs fewer pages."""
    from bookgen.puzzles.crossword.drawing import _pages, alike

    puzzles = [make_puzzle(Request.make(CROSSWORD, "easy", {"theme": "all", "deal": deal}),
                           f"lp{deal}").puzzle for deal in range(1, 9)]
    room = (76.4, 99.3)  # 8.5x11 large print, in the floor's millimetres below a label
    fit = alike(puzzles, room, large_print=True)
    assert fit is None  # no size fits all on a page
    assert _pages(puzzles, room, fit) < 2 * len(puzzles)


def test_a_large_print_6x9_crossword_section_prints_alike_on_spreads_without_notes_pages(tmp_path):
    """A 6x9 large-print book printed one crossword of a section on smaller squares (0.35 in, its
    given letters under its numbers) so that it fitted its page, beside neighbours that went on
    overleaf; the pairs so thrown out of step took notes pages in the middle of the section.
    Every crossword of a section now prints alike, on a spread where none fits a page: its
    grid on the left-hand page, the rest of its clues facing it at 16 pt, and no notes page
    inside the section."""
    from bookgen.render.document import BookDocument

    text = ("title: Large\nlayout: 6x9\nlarge_print: true\nprofile: print-on-demand\nseed: 11\n"
            "answers: none\nsections:\n  - {type: wordsearch, count: 1, difficulty: easy}\n"
            "  - {type: crossword, count: 6, difficulty: easy}\n")
    book = make_book(read_config_text(text, tmp_path / "book.yaml"))
    narrowed = BookDocument(book).book.sections[1]
    cells = {narrowed.puzzle_type.measure_solution(r.puzzle)[0] / len(r.puzzle["grid"][0])
             for r in narrowed.records}
    assert len({round(cell, 6) for cell in cells}) == 1
    puzzle_pages: dict[int, int] = {}
    pdf = BookDocument(book).render("book", puzzle_pages)[0]
    pages = _page_texts(pdf)
    assert _notes_inside_a_section(pages) == []
    reader = PdfReader(io.BytesIO(pdf))
    for number, record in enumerate(narrowed.records, start=2):
        grid_page = puzzle_pages[number]
        assert grid_page % 2 == 0, f"puzzle {number}'s grid is on page {grid_page}"
        facing = " ".join(pages[grid_page].split())  # the page after it (pages count from 1)
        assert grid_page + 1 not in puzzle_pages.values()
        assert any(entry["clue"] in facing for entry in record.puzzle["entries"])
        assert min(_word_sizes(reader.pages[grid_page])) >= 16.0 - 0.05


def test_large_print_crossword_clues_print_at_the_body_size_where_the_page_has_room(tmp_path):
    """On a large-print US Letter page a crossword's grid and clues filled 60 % of its height, its
    clues at 14 pt under a 16 pt body. Its clues now print at the body's size, each crossword
    whole on its page, its squares the size of its section's others."""
    from bookgen.render.document import BookDocument

    text = ("title: Large\nlayout: 8.5x11\nlarge_print: true\nseed: 11\nanswers: none\n"
            "contents: false\nsections:\n  - {type: crossword, count: 3, difficulty: easy}\n")
    book = make_book(read_config_text(text, tmp_path / "book.yaml"))
    narrowed = BookDocument(book).book.sections[0]
    cells = {round(narrowed.puzzle_type.measure_solution(r.puzzle)[0] / len(r.puzzle["grid"][0]), 6)
             for r in narrowed.records}
    assert len(cells) == 1
    puzzle_pages: dict[int, int] = {}
    pdf = BookDocument(book).render("book", puzzle_pages)[0]
    assert [f for f in audit(pdf, large_print=True) if f.check != "answers"] == []  # no key
    pages, reader = _page_texts(pdf), PdfReader(io.BytesIO(pdf))
    for number, record in enumerate(narrowed.records, start=1):
        page = " ".join(pages[puzzle_pages[number] - 1].split())
        assert all(entry["clue"] in page for entry in record.puzzle["entries"])
        assert min(_word_sizes(reader.pages[puzzle_pages[number] - 1])) >= 16.0 - 0.05


def _digit_sizes(page, bold: bool) -> set[float]:
    """The sizes at which a page prints runs of digits alone, in its bold font or its regular."""
    sizes: set[float] = set()

    def visit(text, cm, tm, font, size):
        if text.strip().isdigit() and font is not None and ("Bold" in font["/BaseFont"]) == bold:
            sizes.add(round(size * tm[0], 2))
    page.extract_text(visitor_text=visit)
    return sizes


@pytest.mark.parametrize(("way", "width"), [  # squares of 4.5 (the least), 5, 5.5, 7, 8 mm
    *(("narrowed", width) for width in (22.5, 25, 27.5, 35, 40)),
    *(("tightened", width) for width in (25, 27.5, 35, 40))])  # a first row keeps 6.8 mm or more
def test_a_squares_number_and_letter_stay_clear_of_its_lines_and_each_other(way, width):
    """Large print shrinks a square: on 5.5 mm squares (US Letter) the digits touched the
    square's top line, and on 4.5 mm ones (6x9) a 16 pt number touched its letter. A shrunk
    square's number is a label at the clues' size, and white shows between each pair; so it
    does in a first row tightened below its opening, its text at its section's sizes. (The
    numbered squares of KNOWN hold given letters.)"""
    pen = RecordingPen()
    getattr(CROSSWORD, way)(width, 200.0).draw_puzzle(pen, KNOWN)
    squares = {(c["x"], c["y"]): c["h"] for name, c in pen.calls if name == "rect"}
    texts = [c for name, c in pen.calls if name == "text"]
    line, white = MEDIUM / 2, 0.1
    numbers = [t for t in texts if t["text"].isdigit()]
    assert numbers and all(t["label"] for t in numbers)
    for number in numbers:
        (left, top), side = next(((x, y), h) for (x, y), h in squares.items()
                                 if x < number["x"] < x + h and y < number["y"] < y + h)
        letter = next(t for t in texts if left < t["x"] < left + side and top < t["y"] < top + side
                      and not t["text"].isdigit())
        number_half, letter_half = (CAP_MM * t["size"] / 2 for t in (number, letter))
        assert number["y"] - number_half >= top + line + white
        assert letter["y"] - letter_half >= number["y"] + number_half + white
        assert letter["y"] + letter_half <= top + side - line - white


def _square_text_sizes(puzzle_type) -> tuple[set[float], set[float]]:
    """The sizes a drawing of KNOWN prints its squares' numbers and given letters at."""
    pen = RecordingPen()
    puzzle_type.draw_puzzle(pen, KNOWN)
    texts = [c for name, c in pen.calls if name == "text"]
    return ({round(t["size"], 3) for t in texts if t["text"].isdigit()},
            {round(t["size"], 3) for t in texts if t["text"].isalpha() and len(t["text"]) == 1})


def test_a_tightened_crossword_numbers_and_letters_its_squares_as_its_section_does():
    """A first row tightened below its opening numbered its squares at 7 pt beside its
    section's 8 (8.5x11 large print), so a 6x9 opening could not keep its first crossword: the
    tightened drawing now numbers at its section's size, and keeps its given letters' size, where
    its squares hold them; a section narrowed as a whole numbers every grid at one size, its
    tightened first row too."""
    natural = _square_text_sizes(CROSSWORD)
    assert natural == ({NUMBER_SIZE}, {LETTER_SIZE})
    narrowed = CROSSWORD.narrowed(60.0, 200.0)
    assert _square_text_sizes(narrowed)[0] == {SHRUNK_NUMBER_SIZE}
    for width in (35.0, 40.0):  # squares of 7 and 8 mm
        assert _square_text_sizes(CROSSWORD.tightened(width, 200.0)) == natural
        assert _square_text_sizes(CROSSWORD.narrowed(width, 200.0))[0] == {SHRUNK_NUMBER_SIZE}
        assert _square_text_sizes(narrowed.tightened(width, 200.0)) == ({SHRUNK_NUMBER_SIZE}, {LETTER_SIZE})


def test_an_answer_shows_its_letters_alone_and_a_solved_example_its_numbers_too():
    """An answer's numbers, the smallest text, set its scale: with them a large-print answer
    was drawn 1.6 times as large as its letters need (one to a Letter page's width). Every
    answer, narrowed or not, shows its letters alone, in one size of square; a worked example
    solved keeps its numbers, to lead the reader from clue to word."""
    solution = {"grid": ["HORSE", "A###G", "T###G", "####S"]}
    for puzzle_type, numbered in ((CROSSWORD, True), (CROSSWORD, False),
                                  (CROSSWORD.narrowed(22.5, 200.0), False)):
        pen = RecordingPen()
        if numbered:
            puzzle_type.draw_example_answer(pen, KNOWN, solution)
        else:
            puzzle_type.draw_solution(pen, KNOWN, solution)
            assert puzzle_type.answer_size(KNOWN) == (5 * ANSWER_CELL, 4 * ANSWER_CELL)
            assert {kw["size"] for name, kw in pen.calls if name == "text"} == {LETTER_SIZE}
        texts = pen.texts()
        assert sorted(t for t in texts if t.isalpha()) == sorted("HORSEATGGS")
        assert sorted(t for t in texts if t.isdigit()) == (["1", "2"] if numbered else [])


def test_hints_give_each_letter_not_known_answer_by_answer_and_light_their_answer():
    """A letter a hint, the answer with the most letters known first (then the shortest), its first
    letter first; a hint's cells are its square, then the rest of its answer's (what the page
    lights), and the letters replay onto the grid to the answer, each square once."""
    answer = ["HORSE", "A###G", "T###G", "####S"]
    hints = CROSSWORD.hints(KNOWN, {"grid": answer})
    assert [h["why"] for h in hints] == [  # HORSE is given whole: nothing to tell of it
        "1 Down has 3 letters; letter 2 is A", "1 Down has 3 letters; letter 3 is T",
        "2 Down has 4 letters; letter 2 is G", "2 Down has 4 letters; letter 3 is G",
        "2 Down has 4 letters; letter 4 is S"]
    assert hints[0]["cells"] == [[1, 0], [0, 0], [2, 0]] and hints[0]["value"] == "A"
    blank = {**KNOWN, "grid": [".....", ".###.", ".###.", "####."]}
    told = CROSSWORD.hints(blank, {"grid": answer})
    assert told[0]["why"] == "1 Down has 3 letters and begins with H"
    assert told[3]["why"] == "1 Across has 5 letters; letter 2 is O"  # its H came with 1 Down
    grid = [list(row) for row in blank["grid"]]
    for hint in told:
        (r, c), *rest = hint["cells"]
        assert grid[r][c] == "." and answer[r][c] == hint["value"] and [r, c] not in rest
        grid[r][c] = hint["value"]
    assert ["".join(row) for row in grid] == answer


def test_a_record_matches_the_types_json_schema():
    record = make_puzzle(Request.make(CROSSWORD, "medium", {}), "schema").to_json()
    validator_of("crossword").validate(record)
    record["puzzle"]["entries"][0]["direction"] = "diagonal"
    with pytest.raises(jsonschema.ValidationError):
        validator_of("crossword").validate(record)


def test_a_dealt_crossword_of_every_theme_matches_the_json_schema():
    """The schema named the first five themes alone: a `theme: all` line of school, sports or
    clothes failed it."""
    from bookgen.puzzles.crossword.parameters import THEMES

    validator = validator_of("crossword")
    record = make_puzzle(Request.make(CROSSWORD, "easy", {"theme": "all", "deal": 1}), "schema").to_json()
    for theme in THEMES:
        validator.validate({**record, "puzzle": {**record["puzzle"], "theme": theme}})


# --- the playable page --------------------------------------------------------------------------



@pytest.mark.parametrize("touch", [False, True], ids=["desktop", "phone"])
def test_typing_follows_the_cursor_and_the_clue_of_the_word_shows(browser, tmp_path, touch):
    record = make_puzzle(Request.make(CROSSWORD, "hard", {"clues": PAIRS}), "play").to_json()
    path = tmp_path / "crossword.html"
    write_html(path, "Crosswords", None, [{"title": "Crosswords", "type": "crossword", "rules": "Solve.",
                                           "level": "hard", "puzzles": [page_record(CROSSWORD, record, 1)]}])
    with test_html._opener(browser, path) as open_:
        tab = open_(width=390 if touch else 900, touch=touch)
        entry = next(e for e in record["puzzle"]["entries"] if e["direction"] == "down")
        tab.locator(f"#puzzle-1 .clues li:has-text('{entry['clue']}')").click()
        shown = tab.locator("#puzzle-1 .current-clue").inner_text()
        assert shown == f"{entry['number']} Down: {entry['clue']}"
        tab.keyboard.type(entry["word"].lower())
        typed = [tab.locator(f"#puzzle-1 input[data-row='{entry['row'] + i}'][data-col='{entry['col']}']")
                 .input_value() for i in range(len(entry["word"]))]
        assert "".join(typed) == entry["word"]
        tab.keyboard.press("Space")  # the other direction, where the square has one
        answer = record["solution"]["grid"]
        for r, row in enumerate(record["puzzle"]["grid"]):
            for c, char in enumerate(row):
                if char == ".":
                    tab.locator(f"#puzzle-1 input[data-row='{r}'][data-col='{c}']").fill(answer[r][c])
        assert "solved" in tab.locator("#puzzle-1").get_attribute("class")


def test_on_a_phone_a_grid_fits_its_board_or_scrolls_in_it_with_a_cue(browser, tmp_path):
    """An 11-column grid fits a 390 and a 360 px phone (squares shrink, 24px at least); a
    17-column one cannot, so it scrolls inside its own box with a cue at the side that hides
    squares, while the board (the clues under it) and the page stay put, and a square brought
    into view by scrolling takes a letter. Before, squares stopped at 32px and the board cut off
    the grid's right-hand columns with no sign that it scrolled."""
    wide = [*PAIRS, "COUNTERPRODUCTIVE: Making things worse", "TRUCE: A pause in a fight"]
    narrow = [*PAIRS, "ELECTRICITY: It runs through wires", "CLOUD: It brings rain"]
    records = [make_puzzle(Request.make(CROSSWORD, "medium", {"clues": clues}), "phone").to_json()
               for clues in (narrow, wide)]
    assert [len(r["puzzle"]["grid"][0]) for r in records] == [11, 17]
    path = tmp_path / "crosswords.html"
    puzzles = [page_record(CROSSWORD, record, n) for n, record in enumerate(records, 1)]
    write_html(path, "Crosswords", None, [{"title": "Crosswords", "type": "crossword", "rules": "Solve.",
                                           "level": "medium", "puzzles": puzzles}])
    with test_html._opener(browser, path) as open_:
        tab = open_(width=390, height=844, touch=True)
        for width in (390, 360):
            tab.set_viewport_size({"width": width, "height": 844})
            fits, scrolls = test_html._fits(tab, 1), test_html._fits(tab, 2)
            for board in (fits, scrolls):
                assert board["board"] <= 0 and board["page"] <= 0 and board["size"] >= 24, (width, board)
            assert not (fits["hiddenRight"] or fits["scrolls"] or fits["left"] or fits["right"]), \
                (width, fits)
            assert scrolls["hiddenRight"] and scrolls["scrolls"] and scrolls["right"], (width, scrolls)
            assert not scrolls["left"], (width, scrolls)
        tab.evaluate("document.querySelector('#board-2 .scroll-box').scrollLeft = 10000")
        tab.wait_for_function("document.querySelector('#board-2 .scroll-view')"
                              ".classList.contains('more-left')")
        at_end = test_html._fits(tab, 2)
        assert at_end["left"] and not at_end["right"], at_end
        last = tab.locator("#board-2 input[data-col='16']").first
        assert last.evaluate("""input => input.getBoundingClientRect().right
            <= input.closest('.scroll-box').getBoundingClientRect().right + 0.5""")
        last.tap()
        tab.keyboard.type("q")
        assert last.input_value() == "Q"


def test_on_a_phone_the_grid_stays_under_the_finger_as_clues_show(browser, tmp_path):
    """The current clue's line over the grid takes no room until a square is first tapped (it was
    an empty band over the grid on a phone); then it opens as tall as the longest clue with the
    page scrolled by as much, so a tap that shows a clue of two lines, then one of a line, moves
    the grid on the screen not at all. Before, the empty line grew by a line (23px) under the
    finger on the first tap."""
    long_clue = "An icy visitor from the far edge of the solar system, with a long glowing tail"
    clues = [pair if not pair.startswith("COMET") else f"COMET: {long_clue}" for pair in PAIRS]
    record = make_puzzle(Request.make(CROSSWORD, "medium", {"clues": clues}), "phone").to_json()
    path = tmp_path / "crossword.html"
    write_html(path, "Crosswords", None, [{"title": "Crosswords", "type": "crossword", "rules": "Solve.",
                                           "level": "medium",
                                           "puzzles": [page_record(CROSSWORD, record, 1)]}])
    entries = {entry["word"]: entry for entry in record["puzzle"]["entries"]}
    with test_html._opener(browser, path) as open_:
        tab = open_(width=390, height=844, touch=True)
        grid = tab.locator("#puzzle-1 .grid")
        grid.scroll_into_view_if_needed()
        assert tab.locator("#puzzle-1 .clue-line").bounding_box() is None  # no band over the grid
        assert grid.bounding_box()["y"] - tab.locator("#puzzle-1 .wordgrid").bounding_box()["y"] < 8
        top = grid.bounding_box()["y"]
        for word in ("COMET", "SUN"):
            entry = entries[word]
            tab.locator(f"#puzzle-1 input[data-row='{entry['row']}'][data-col='{entry['col']}']").tap()
            shown = tab.locator("#puzzle-1 .current-clue")
            assert entry["clue"] in shown.inner_text()
            assert grid.bounding_box()["y"] == pytest.approx(top, abs=1), word
        assert shown.bounding_box()["height"] > 40  # the long clue takes two lines: it could have moved it


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it", "nl"])
def test_the_example_lies_wider_than_tall_and_keeps_one_answer(language):
    """The example is turned on its side where it came out taller than wide (across and down
    swapped, numbered again), and stays a crossword with one answer whose numbers are the grid's."""
    crossword = find_type("crossword")
    made = crossword.example(Request.make(crossword, "easy", {"language": language}))
    grid = made.puzzle["grid"]
    assert len(grid) <= len(grid[0])
    assert crossword.check(made.puzzle, made.solution) == []
    assert crossword.solve(made.puzzle, 2).count == 1
    numbers = numbers_of(slots_of(grid))
    assert all(numbers[entry["row"], entry["col"]] == entry["number"] for entry in made.puzzle["entries"])


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it", "nl"])
def test_every_example_set_lays_out_small_with_one_answer_and_shares_no_word(language):
    """The sets a section's own words may send the example to each make a crossword of their
    four words, with one answer, no wider nor taller than the widest and tallest first set (the
    English, 83 x 32 mm at its natural size, and the Spanish, 83 x 40 mm, drawn to stand beside
    their answers on half a page); no word is in two sets, none is an animal of the built-in
    clues."""
    from bookgen.core.letters import grid_form
    from bookgen.puzzles.crossword import EXAMPLE_CLUES, lying_wide
    from bookgen.puzzles.crossword.generator import generate, own_clues

    sets = EXAMPLE_CLUES[language]
    words = [grid_form(word, language) for clues in sets for word in clues]
    assert len(set(words)) == len(words) == 12
    assert not set(words) & {word for word, _clue in own_clues(language)}
    for clues in sets:
        small = Request.make(CROSSWORD, "easy", {"clues": [f"{w}: {c}" for w, c in clues.items()],
                                                 "size": "7", "language": language})
        made = lying_wide(generate(random.Random(f"example/{language}"), small))
        assert len(made.puzzle["entries"]) == 4 and CROSSWORD.solve(made.puzzle, 2).count == 1
        width, height = CROSSWORD.measure(made.puzzle)
        assert width <= 83.0 and height <= 40.0, clues


def test_the_example_gives_away_none_of_the_sections_own_words():
    """A Spanish teacher's crossword with ARBOL and LUNA printed the example solved with ARBOL and
    LUNA in it: the example now takes the next set of words, and none where every set would
    give one away (the page then prints the rules alone)."""
    def example_words(clues):
        made = CROSSWORD.example(Request.make(CROSSWORD, "easy", {"clues": clues, "language": "es"}))
        return None if made is None else sorted(entry["word"] for entry in made.puzzle["entries"])

    own = ["GATO: Animal que maúlla", "PERRO: Animal que ladra", "CASA: Donde vivimos"]
    assert example_words(own) == ["ARBOL", "CAMA", "LUNA", "TARTA"]
    assert example_words(own + ["ÁRBOL: Tiene hojas y ramas", "LUNA: Sale de noche"]) == [
        "LIBRO", "PUERTA", "SOL", "TAZA"]
    assert example_words(own + ["LUNA: Sale de noche", "SOL: Estrella"]) == [
        "LLUVIA", "NIEVE", "SILLA", "ZAPATO"]
    assert example_words(own + ["LUNA: Sale de noche", "SOL: Estrella", "SILLA: Para sentarse"]) is None
    book = load_config_text_of("es", own + ["LUNA: Sale de noche", "SOL: Estrella", "SILLA: Para sentarse"])
    pdf = render_pdf(make_book(book))[0]
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Crucigrama" in text and "Ejemplo" not in text and "Brilla de noche" not in text


def load_config_text_of(language, clues):
    import yaml

    return read_config_text(yaml.safe_dump({"title": "T", "language": language, "sections": [
        {"type": "crossword", "difficulty": "easy", "count": 1, "clues": clues}]}), Path("book.yaml"))


def test_a_large_print_opening_shows_the_example_rather_than_leave_its_page_half_empty():
    """On a 5.5x8.5 large-print page the English example, 6 squares tall, did not fit under the
    rules at its floor: the opening stood alone with its rules, 60 % of its page blank."""
    from bookgen.audit import Case, run_case

    outcome = run_case(Case("5.5x8.5", "home", True, 7, False))
    assert outcome.findings == () and outcome.short == (), [str(f) for f in outcome.short]


def test_clues_begin_under_the_grid_only_with_room_for_a_few_lines():
    """Under a large-print grid, a heading and one clue were left before the rest went on to the
    next page; the list now begins under the grid only where it fills LEAST_BAND lines there
    (or where fewer save a page: the test after this one)."""
    from bookgen.core.wordpage import LEAST_BAND
    from bookgen.puzzles.crossword.drawing import _plan

    puzzle = make_puzzle(Request.make(CROSSWORD, "easy", {}), "bands").puzzle
    rows, columns = len(puzzle["grid"]), len(puzzle["grid"][0])
    width = 6.0 * columns  # squares of 6 mm at most: the grid leaves some of a taller page free
    firsts = set()
    for extra in range(0, 60):
        laid = _plan(puzzle, (width, 6.0 * rows + extra))
        if len(laid.bands) > 1:
            firsts.add(laid.bands[0].lines)
    assert 0 in firsts and max(firsts) >= LEAST_BAND
    assert not firsts & set(range(1, LEAST_BAND))


def test_a_few_clues_begin_under_the_grid_where_that_saves_a_page():
    """A large-print 5x8 crossword's grid left three lines free under it; the list began on the
    next page and spilled two clues onto a third (and in a bound book a notes page followed, to
    keep the next grid facing its clues). A short list under the grid is taken exactly where it
    saves a page, and only where it fits there: a heading and a clue of two lines, three lines
    under a grid that left two, ran past the page's room (a large-print 5x8 section refused)."""
    from bookgen.core.wordpage import LEAST_BAND, paged
    from bookgen.puzzles.crossword.drawing import _plan, _sheet

    short = 0
    for seed in ("bands", "bands/2"):
        puzzle = make_puzzle(Request.make(CROSSWORD, "easy", {}), seed).puzzle
        rows, columns = len(puzzle["grid"]), len(puzzle["grid"][0])
        sheet = _sheet(puzzle)
        for extra in range(0, 60):
            width, height = 4.6 * columns, 4.6 * rows + extra
            laid = _plan(puzzle, (width, height))
            assert max(laid.heights) <= height + 1e-6, (seed, extra)
            if len(laid.bands) > 1 and 0 < laid.bands[0].lines < LEAST_BAND:
                rest = int(height / sheet.style.line + 1e-9)
                assert laid.bands[0].lines >= 2  # a heading and a clue at least
                assert len(paged(sheet.blocks, laid.width, sheet.style, 0, rest)) > len(laid.bands)
                short += 1
    assert short


def test_a_page_that_continues_a_clue_list_names_the_list_again():
    """A large-print crossword's clues went on to the next page as "3. Horse with ...", which a
    reader could take for 3 Across or 3 Down; a page (or a page's second column) that begins
    inside a list now begins with "Down (continued)", and only there (not over a list's start)."""
    from bookgen.puzzles.crossword.drawing import _plan

    puzzle = make_puzzle(Request.make(CROSSWORD, "medium", {}), "bands").puzzle
    direction_of = {entry["clue"]: entry["direction"] for entry in puzzle["entries"]}
    narrow = 4.6 * len(puzzle["grid"][0])  # squares near the least: one column of clues
    continuations = 0
    for room in ((narrow, 50.0), (narrow, 70.0), (narrow, 75.0), (120.0, 50.0), (100.0, 60.0)):
        laid = _plan(puzzle, room)
        for number, band in enumerate(laid.bands):
            for index, column in enumerate(band.columns):
                repeated = [place for place, (entry, _) in enumerate(column)
                            if entry.text.endswith("(continued)")]
                first, after = column[0][0], column[min(1, len(column) - 1)][0]
                if (number > 0 or index > 0) and first.text in direction_of:
                    raise AssertionError(f"band {number} column {index} begins with a bare clue: "
                                         f"{first.text}")
                if repeated:
                    assert repeated == [0] and (number > 0 or index > 0)
                    assert first.text == f"{direction_of[after.text].capitalize()} (continued)"
                    continuations += 1
    assert continuations == 4  # a narrow room: 50 mm tall makes three bands, 70 and 75 mm two;
    # 100 x 60 mm two columns to a page, the second of the next page inside a list


def test_a_grid_too_wide_for_a_large_print_5x8_page_is_refused_naming_a_size_that_prints(
        tmp_path, capsys):
    """A 5x8 large-print page takes 11 squares across at the least square; the refusal said
    only "use a larger trim", though a smaller box prints there, and named 'Across' at 4.3 pt
    (the clues' heading in a drawing scaled to the page whole): it names a square's number a
    point or two under its floor and the box that prints, and a book asking for it builds."""
    config = tmp_path / "book.yaml"
    book = "title: T\nlayout: 5x8\nlarge_print: true\nseed: band1\nsections:\n  - {{{section}}}\n"
    config.write_text(book.format(section="type: crossword, count: 1, difficulty: hard"))
    assert main(["build", str(config), "-o", str(tmp_path / "refused.pdf"), "-q"]) == 2
    said = capsys.readouterr().err
    assert "large print" in said and "5 x 8" in said and not (tmp_path / "refused.pdf").exists()
    printed = float(said.split("prints it at ")[1].split()[0])  # a square's number, not 'Across'
    assert "the text '1' in them needs 14 pt" in said and 10 < printed < 14, said
    size = said.split("size ")[-1].split()[0]
    rows, _, columns = size.partition("x")
    assert int(columns or rows) == 11, said
    config.write_text(book.format(section=f"type: crossword, count: 1, difficulty: hard, size: {size}"))
    assert main(["build", str(config), "-o", str(tmp_path / "built.pdf"), "-q"]) == 0
    assert len(PdfReader(tmp_path / "built.pdf").pages) > 3


def test_the_answers_heading_keeps_its_first_answer_on_a_large_print_5x8_page(tmp_path):
    """The large-print 5x8 key of 16-row crosswords printed "Answers" and its caption alone on a
    page: the first answer was 1 pt too tall to join them. The space under the headings goes
    where only that keeps the three on one page."""
    config = tmp_path / "book.yaml"
    config.write_text("title: Big Crosswords\nlayout: 5x8\nlarge_print: true\nseed: 7\nsections:\n"
                      "  - {type: crossword, count: 4, difficulty: medium, size: 16x11}\n")
    assert main(["build", str(config), "-o", str(tmp_path / "book.pdf"), "-q"]) == 0
    pages = [page.extract_text() for page in PdfReader(tmp_path / "book.pdf").pages]
    caption = "\nAnswers\nCrossword \u00b7 puzzles 1\u20134\n"
    opening = next(text for text in pages if caption in text)
    assert f"{caption}1\n· page " in opening, opening  # the first answer's label below them


def test_a_continued_heading_too_wide_for_its_column_is_said_short_or_repeats_the_plain_heading():
    """Set smaller to fit its column, "5 Buchstaben (Fortsetzung)" fell under large print's
    floor and a German fill-in was refused where "5 Buchstaben" alone fits: a column too narrow
    for the longer heading says it short ("(cont.)"; a large-print German crossword's clues went
    on over a page under a bare "Waagerecht", as if a new list began), and one too narrow for
    that repeats the list's own."""
    from bookgen.core.wordpage import Entry, Style, paged

    style = Style(14.0, 6.0, 4.0, 60.0)  # one column across 48, 80 or 100 mm
    heading = Entry("", "5 Buchstaben", bold=True, whole=True, continued="5 Buchstaben (Fortsetzung)")
    blocks = [(heading, Entry("", "HAUSE"))] + [(Entry("", word),) for word in ("MAUSE", "LAUSE", "RAUSE")]
    for width, expected in ((100.0, heading.continued), (80.0, "5 Buchstaben (cont.)"),
                            (48.0, heading.text)):
        bands = paged(blocks, width, style, 0, 2)
        openings = [band.columns[0][0][0].text for band in bands[1:]]
        assert openings[0] == heading.text and set(openings[1:]) == {expected}, (width, openings)


def test_every_clue_word_of_letters_its_grids_do_not_write_is_named_at_once():
    clues = ["ΑΛΦΑ: first", "SUN: hot", "ΒΗΤΑ: second", "MOON: night"]
    with pytest.raises(BookgenError) as refused:
        Request.make(CROSSWORD, "easy", {"clues": clues})
    assert "'ΑΛΦΑ' holds" in refused.value.message and "'ΒΗΤΑ' holds" in refused.value.message


@pytest.mark.parametrize(("level", "help_"), [
    ("easy", "La première lettre de chaque réponse est déjà écrite pour vous aider."),
    ("medium", "Certaines premières lettres sont déjà écrites pour vous aider."),
    ("hard", None),
])
def test_a_sheets_rules_speak_of_written_letters_only_where_its_grids_have_them(tmp_path, level,
                                                                                 help_):
    """"Les lettres imprimées dans la grille sont données" read stilted, and stood above hard
    grids that print no letter: each level says, plainly, the letters its grids write in."""
    target = tmp_path / "sheet.pdf"
    assert main(["worksheet", "crossword", "-d", level, "-n", "1", "-L", "fr", "--answers", "none",
                 "-o", str(target), "-q", "-j", "1"]) == 0
    text = " ".join(_page_texts(target.read_bytes())[0].split())
    assert "données" not in text and "imprimées" not in text
    if help_:
        assert help_ in text
    else:
        assert "déjà écrite" not in text


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_each_column_of_clues_begins_with_a_heading(language):
    """A column beside or under the grid began with the last Across clue, over "Down" (a French
    sheet's "9. Elle fait la classe" above "Verticalement"), and children read it as a Down
    clue: Across and Down now each keep to a column where that costs a line or two, else the
    column that goes on with a list begins with "Across (continued)"."""
    from bookgen.i18n import speaking
    from bookgen.puzzles.crossword.drawing import _plan

    headings = {"en": ("Across", "Down"), "fr": ("Horizontalement", "Verticalement"),
                "de": ("Waagerecht", "Senkrecht")}[language]
    with speaking(language):
        for seed in ("6", "7", "8"):
            puzzle = make_puzzle(Request.make(CROSSWORD, "easy", {"language": language}), seed).puzzle
            for room in (None, (110.0, 140.0), (160.0, 250.0)):
                columns = [column for band in _plan(puzzle, room).bands for column in band.columns]
                for column in columns:
                    assert column[0][0].text.startswith(headings), (seed, room, column[0][0].text)


def _clue_columns_begin_with_headings(pdf: bytes, headings: tuple[str, ...]) -> list[str]:
    """The clue numbers printed above a heading in its column with no heading over them (pypdf's
    positions): what a reader takes for the other list's clues."""
    strays = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        marks: list[tuple[float, float, str]] = []

        def visit(text, cm, tm, font, size, marks=marks):
            if text.strip():
                marks.append((tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], text.strip()))
        page.extract_text(visitor_text=visit)
        heads = [(x, y) for x, y, text in marks if text.startswith(headings)]
        for left, top in heads:
            above = sorted((y, text) for x, y, text in marks if left - 1 <= x <= left + 20 and y > top
                           and (text.startswith(headings) or re.fullmatch(r"\d+\.", text)))
            run, last = [], top
            for y, text in above:  # upwards while the lines run on (a clue of three lines at most)
                if y - last > 40:
                    break
                if text.startswith(headings):
                    run = []
                    break
                run.append(text)
                last = y
            strays += run
    return strays


def test_a_french_sheet_prints_no_across_clue_over_the_down_heading(tmp_path):
    """The reviewer's sheet: '9. Plus grand animal terrestre' stood at the top of the right
    column, above 'Verticalement'."""
    target = tmp_path / "sheet.pdf"
    assert main(["worksheet", "crossword", "-L", "fr", "-s", "6", "-n", "2", "--answers", "none",
                 "-o", str(target), "-q", "-j", "1"]) == 0
    assert _clue_columns_begin_with_headings(target.read_bytes(),
                                             ("Horizontalement", "Verticalement")) == []


# --- Dutch IJ, one letter in one square -------------------------------------------------------

DUTCH = ["VRIJDAG: De dag voor zaterdag", "IJSBEER: Wit dier op de noordpool",
         "SCHRIJVEN: Met een pen iets op papier zetten", "FIETS: Heeft twee wielen",
         "BOEK: Je leest erin", "TAFEL: Je eet eraan", "SCHOOL: Daar leer je lezen",
         "PAARD: Dier met manen", "KIJKEN: Met je ogen doen", "REGEN: Water uit de wolken"]


def test_a_dutch_crossword_writes_ij_in_one_square_in_grid_answer_key_and_proof():
    """The teacher's key put I and J in separate squares (V R I J D A G); Dutch crosswords write
    the ij in one square. Each Dutch word's IJ is one letter Ĳ: six squares for VRIJDAG, the
    answer key draws Ĳ in one square, the words fit the grid one way only, the rules say so."""
    made = make_puzzle(Request.make(CROSSWORD, "easy", {"clues": DUTCH, "language": "nl", "word_count": 8}),
                       "ij").to_json()
    puzzle, solution = made["puzzle"], made["solution"]
    words = {entry["word"] for entry in puzzle["entries"]}
    assert not any("IJ" in word for word in words) and any("Ĳ" in word for word in words)
    assert {"VRĲDAG", "ĲSBEER", "SCHRĲVEN", "KĲKEN"} & words
    assert all(len(row) == len(solution["grid"][0]) for row in solution["grid"])
    assert "IJ" not in "".join(solution["grid"]) and "Ĳ" in "".join(solution["grid"])
    CROSSWORD.validate(puzzle)
    assert CROSSWORD.check(puzzle, solution) == []
    assert CROSSWORD.solve(puzzle, 2).count == 1
    validator_of("crossword").validate(made)
    pen = RecordingPen()
    draw_solution(pen, puzzle, solution)
    assert "Ĳ" in pen.texts() and "J" not in pen.texts()
    request = Request.make(CROSSWORD, "easy", {"clues": DUTCH, "language": "nl"})
    assert "IJ is one letter" in CROSSWORD.rules(request)
    english = make_puzzle(Request.make(CROSSWORD, "easy", {"clues": DUTCH, "language": "en",
                                                            "word_count": 8}), "ij").to_json()
    assert "Ĳ" not in json.dumps(english, ensure_ascii=False)
    assert "IJ is one letter" not in CROSSWORD.rules(Request.make(CROSSWORD, "easy", {"clues": DUTCH}))


def test_the_dutch_built_in_clues_write_ij_in_one_square():
    made = make_puzzle(Request.make(CROSSWORD, "expert", {"language": "nl", "word_count": 16}), "2").to_json()
    from bookgen.puzzles.crossword.parameters import own_clues
    assert "KONĲN" in dict(own_clues("nl")) and not any("IJ" in word for word, _clue in own_clues("nl"))
    assert CROSSWORD.check(made["puzzle"], made["solution"]) == []


@pytest.mark.parametrize("touch", [False, True], ids=["desktop", "phone"])
def test_a_dutch_player_types_i_then_j_or_ij_into_one_square(browser, tmp_path, touch):
    """In the HTML edition the Ĳ square takes I then J (the J joins the I and the cursor goes on
    from the next square), "ij" at once, and the grid solves."""
    record = make_puzzle(Request.make(CROSSWORD, "expert", {"clues": DUTCH, "language": "nl"}),
                         "play").to_json()
    path = tmp_path / "crossword.html"
    section = {"title": "K", "type": "crossword", "rules": "Los op.", "level": "expert",
               "puzzles": [page_record(CROSSWORD, record, 1)]}
    write_html(path, "Kruiswoord", None, [section])
    entries = record["puzzle"]["entries"]
    # an IJ inside an across word: its J, typed in the square after the I, joins back
    entry = next(e for e in entries if e["direction"] == "across" and "Ĳ" in e["word"][1:-1])

    def square(r, c):
        return f"#puzzle-1 input[data-row='{r}'][data-col='{c}']"

    with test_html._opener(browser, path) as open_:
        tab = open_(width=390 if touch else 900, touch=touch)
        tab.locator(square(entry["row"], entry["col"])).click()
        tab.keyboard.type(entry["word"].replace("Ĳ", "ij").lower())
        typed = [tab.locator(square(entry["row"], entry["col"] + i)).input_value()
                 for i in range(len(entry["word"]))]
        assert "".join(typed) == entry["word"]
        ij = next((e["row"] + i * (e["direction"] == "down"), e["col"] + i * (e["direction"] == "across"))
                  for e in entries if e is not entry for i, letter in enumerate(e["word"]) if letter == "Ĳ")
        tab.locator(square(*ij)).fill("ij")
        assert tab.locator(square(*ij)).input_value() == "Ĳ"
        answer = record["solution"]["grid"]
        for r, row in enumerate(record["puzzle"]["grid"]):
            for c, char in enumerate(row):
                if char == ".":
                    tab.locator(square(r, c)).fill(answer[r][c])
        assert "solved" in tab.locator("#puzzle-1").get_attribute("class")


def _stacked_crossword(words: list[str], language: str, givens: list[str] | None = None) -> dict:
    """A crossword record of `words` across, one a row with a row of blocks between (its grid
    gives the letters of `givens`, a pattern a word: "S....E"), to type into on the page."""
    width = max(len(word) for word in words)
    patterns = givens or ["." * len(word) for word in words]
    grid, answer, entries = [], [], []
    for number, (word, pattern) in enumerate(zip(words, patterns), 1):
        if grid:
            grid.append("#" * width)
            answer.append("#" * width)
        grid.append(pattern.ljust(width, "#"))
        answer.append(word.ljust(width, "#"))
        entries.append({"number": number, "direction": "across", "row": len(grid) - 1, "col": 0,
                        "word": word, "clue": f"Clue {number}"})
    return {"type": "crossword", "id": f"crossword:easy:{language}:1", "difficulty": "easy",
            "puzzle": {"grid": grid, "entries": entries, "language": language},
            "solution": {"grid": answer}}


def _crossword_page(tmp_path, record: dict, language: str) -> Path:
    """A playable page of the crossword `record` alone, in `language`."""
    path = tmp_path / f"crossword-{language}.html"
    with speaking(language):
        write_html(path, "Crosswords", None, [{"title": "Crosswords", "type": "crossword", "rules": "Solve.",
                                               "level": record["difficulty"],
                                               "puzzles": [page_record(CROSSWORD, record, 1)]}])
    return path


def test_the_playable_page_heads_a_dealt_crossword_with_its_theme_as_the_pdf_does(browser, tmp_path):
    """The PDF printed a `theme: all` crossword's theme name over its grid, the playable page
    showed none: it now shows it over the clue line and the grid, in the page's language."""
    from bookgen.puzzles.wordsearch.parameters import theme_heading

    made = CROSSWORD.generate(random.Random("a"), Request.make(CROSSWORD, "easy", {
        "theme": "all", "deal": 1, "language": "fr"}))
    record = {"type": "crossword", "id": "crossword:x", "difficulty": "easy", "rating": made.rating,
              "puzzle": made.puzzle, "solution": made.solution}
    with speaking("fr"):
        name = theme_heading(made.puzzle["theme"])
    assert name in {"Animaux", "Nourriture", "Nature", "La maison", "Le corps", "École", "Sports",
                    "Vêtements"}
    with test_html._opener(browser, _crossword_page(tmp_path, record, "fr")) as open_:
        tab = open_(width=390, height=844)
        theme = tab.locator("#puzzle-1 .crossword .theme")
        assert theme.text_content() == name
        box, grid = theme.bounding_box(), tab.locator("#puzzle-1 .grid")
        assert box["y"] + box["height"] <= grid.bounding_box()["y"]
        grid.locator("input").first.click()  # the clue line opens under the name, over the grid
        line = tab.locator("#puzzle-1 .clue-line").bounding_box()
        assert theme.bounding_box()["y"] + box["height"] <= line["y"] < grid.bounding_box()["y"]
    untold = dict(record, puzzle={k: v for k, v in made.puzzle.items() if k != "theme"})
    with test_html._opener(browser, _crossword_page(tmp_path, untold, "fr")) as open_:
        assert open_(width=390, height=844).locator("#puzzle-1 .theme").count() == 0


def _rows(tab) -> list[str]:
    """What the grid of puzzle 1 shows, a string a row and a character a square: the letter typed
    or given, "." where empty, "#" for a block."""
    return tab.evaluate("""() => {
        const grid = document.querySelector('#puzzle-1 .grid'), cols = +grid.style.getPropertyValue('--cols');
        const squares = Array.from(grid.children, node => node.classList.contains('block') ? '#'
            : (node.querySelector('input') ? node.querySelector('input').value
               : node.querySelector('.value').textContent) || '.');
        return Array.from({length: squares.length / cols},
                          (_, r) => squares.slice(r * cols, (r + 1) * cols).join(''));
    }""")


@pytest.mark.parametrize("language, typed, words", [
    ("es", ["jardín", "niño", "pingüino"], ["JARDIN", "NIÑO", "PINGUINO"]),
    ("de", ["bär", "straße", "Übung"], ["BÄR", "STRASSE", "ÜBUNG"]),
    ("fr", ["élève", "cœur", "garçon"], ["ELEVE", "COEUR", "GARCON"]),
    ("it", ["città", "perché"], ["CITTA", "PERCHE"]),
    ("nl", ["ruïne", "ijsbeer", "café"], ["RUINE", "ĲSBEER", "CAFE"]),
], ids=["es", "de", "fr", "it", "nl"])
def test_a_letter_typed_with_a_mark_goes_in_as_the_grid_writes_it(browser, tmp_path, language, typed, words):
    """A Spanish player typing JARDÍN (as a Spanish phone keyboard offers Í) got 'one wrong
    answer': the grid writes JARDIN. A letter typed becomes the grid's as the language's grid
    writes it: a mark the grid keeps stays (Spanish Ñ, German Ä Ö Ü), any other goes, ß takes two
    squares (STRASSE typed STRAßE), Œ two (COEUR), Dutch IJ typed as I then J one (ĲSBEER)."""
    record = _stacked_crossword(words, language)
    width = len(record["puzzle"]["grid"][0])
    with test_html._opener(browser, _crossword_page(tmp_path, record, language)) as open_:
        tab = open_(width=390, height=844, touch=True)
        for number, text in enumerate(typed):
            tab.locator(f"#puzzle-1 input[data-row='{2 * number}'][data-col='0']").tap()
            tab.keyboard.type(text)
        assert _rows(tab)[::2] == [word.ljust(width, "#") for word in words]
        assert "solved" in tab.locator("#puzzle-1").get_attribute("class")


@pytest.mark.parametrize("language, words, givens, typing", [
    ("de", ["SCHULE", "GARTEN", "KATZE"], ["S....E", "..R...", "..T.."],
     [(0, 1, "chulex"), (2, 0, "garten"), (4, 0, "kaze")]),
    ("nl", ["VRĲDAG", "KĲKEN"], ["..Ĳ...", "K...N"], [(0, 0, "vrijdag"), (2, 1, "ijken")]),
], ids=["de", "nl"])
def test_typing_a_whole_answer_steps_over_its_given_letters(browser, tmp_path, language, words, givens,
                                                             typing):
    """Typing CHULE after the given S of SCHULE, whose E is given too, showed S C H U E E: the E
    overwrote the L, the last square to fill. A letter typed that matches the given square the
    cursor comes to steps over it; one that does not goes on to the next square to fill (KATZE
    typed without its given T), or where the word has none left is not taken (the X after
    SCHULE); a given Ĳ steps over I then J."""
    record = _stacked_crossword(words, language, givens)
    width = len(record["puzzle"]["grid"][0])
    with test_html._opener(browser, _crossword_page(tmp_path, record, language)) as open_:
        tab = open_(width=390, height=844, touch=True)
        for row, col, text in typing:
            tab.locator(f"#puzzle-1 input[data-row='{row}'][data-col='{col}']").tap()
            tab.keyboard.type(text)
        assert _rows(tab)[::2] == [word.ljust(width, "#") for word in words]
        assert "solved" in tab.locator("#puzzle-1").get_attribute("class")


@pytest.mark.parametrize("touch", [False, True], ids=["desktop", "phone"])
def test_a_clue_clicked_on_a_grid_taller_than_the_view_picks_its_answer(browser, tmp_path, touch):
    """On a 13 x 11 Dutch crossword at 900 px wide, a click on any clue put the cursor on 1 Down:
    the press focused the board, which handed the focus to the grid's Tab stop (1 Down's first
    square) out of view; the page scrolled to it under the pointer and the click fell beside the
    clue. Each clue clicked or tapped now picks its own answer and shows its clue."""
    record = make_puzzle(Request.make(CROSSWORD, "medium", {"language": "nl", "size": "13x11"}),
                         "clues").to_json()
    entries = record["puzzle"]["entries"]
    with test_html._opener(browser, _crossword_page(tmp_path, record, "nl")) as open_:
        tab = open_(width=390 if touch else 900, height=844 if touch else 1000, touch=touch)
        for entry in sorted(entries, key=lambda e: (e["direction"] == "across", e["number"]))[:6]:
            item = tab.locator(f"#puzzle-1 .clues li:has-text('{entry['clue']}')")
            item.tap() if touch else item.click()
            focused = tab.evaluate("[+document.activeElement.dataset.row, "
                                   "+document.activeElement.dataset.col]")
            slot = next(s for s in slots_of(record["puzzle"]["grid"])
                        if (s.row, s.col, s.direction) == (entry["row"], entry["col"], entry["direction"]))
            first = next(s for s in slot.squares() if record["puzzle"]["grid"][s[0]][s[1]] == ".")
            assert tuple(focused) == first, entry
            assert entry["clue"] in tab.locator("#puzzle-1 .current-clue").inner_text()


def test_a_word_count_above_the_clues_given_is_refused_when_the_config_is_read(tmp_path):
    config = tmp_path / "book.yaml"
    config.write_text("title: T\nsections:\n  - type: crossword\n    count: 1\n    difficulty: hard\n"
                      "    word_count: 12\n    clues: [" + ", ".join(PAIRS) + "]\n", encoding="utf-8")
    with pytest.raises(BookgenError) as refused:
        load_config(config)
    assert str(refused.value).endswith("sections[0].word_count: word_count 12 is more than the 6 clues given")


def test_an_answer_of_several_words_runs_together_and_its_clue_says_their_lengths():
    """ROTE BETE was refused, where word search took a term of several words: a crossword runs
    them together too, and its clue tells where each word ends, as crosswords print it."""
    clues = ["ROTE BETE: Rotes Gemüse", "T-SHIRT: Hemd für den Sommer", "APFEL: Rundes Obst",
             "BIRNE: Obst mit Stiel", "TOMATE: Rot und rund", "ERDBEERE: Rote Beere"]
    record = make_puzzle(Request.make(CROSSWORD, "easy", {"clues": clues, "language": "de"}), "x").to_json()
    entries = {entry["word"]: entry["clue"] for entry in record["puzzle"]["entries"]}
    assert entries["ROTEBETE"] == "Rotes Gemüse (4,4)" and entries["TSHIRT"] == "Hemd für den Sommer (1-5)"
    assert entries["APFEL"] == "Rundes Obst"
    assert any("ROTEBETE" in row for row in record["solution"]["grid"] + transposed_grid(record))


def transposed_grid(record: dict) -> list[str]:
    return ["".join(column) for column in zip(*record["solution"]["grid"])]


SPANISH_CLUES = [
    'MANZANA: Fruta roja o verde',
    'NARANJA: Fruta cítrica de Valencia',
    'QUESO: Se hace con leche',
    'OSO: Animal grande que hiberna',
    'CALLE: Por ella pasan los coches',
    'FÚTBOL: Deporte de once jugadores por equipo',
    'MADRID: Capital de España',
    'EBRO: Río que pasa por Zaragoza',
    'TAJO: Río más largo de la península ibérica',
    'TEIDE: Pico más alto de España',
    'PUENTE: Cruza un río',
    'IGLESIA: Templo con campanario',
    'ESCUELA: Aquí aprenden los niños',
    'VENTANA: Por ella se mira afuera',
    'JARDÍN: Aquí crecen flores',
    'ROSA: Flor con espinas',
    'ÁRBOL: Tiene tronco, ramas y hojas',
    'INVIERNO: Estación fría',
    'VERANO: Estación calurosa',
    'OTOÑO: Se caen las hojas',
    'PRIMAVERA: Estación después del invierno',
    'NIEVE: Copos blancos del cielo',
    'LLUVIA: Cae de las nubes',
    'SOL: Brilla de día',
    'LUNA: Brilla de noche',
    'ESTRELLA: Punto de luz en el cielo nocturno',
    'CAFÉ: Bebida negra de la mañana',
    'PAELLA: Plato de arroz valenciano',
    'CHURRO: Se moja en chocolate',
    'GUITARRA: Instrumento de seis cuerdas',
    'PIANO: Instrumento de teclas blancas y negras',
    'LIBRO: Tiene páginas y tapas',
    'PERIÓDICO: Trae las noticias cada día',
    'BICICLETA: Tiene dos ruedas y pedales',
    'TREN: Va sobre vías',
    'PUERTO: Aquí atracan los barcos',
    'ISLA: Tierra rodeada de agua',
    'NIÑO: Persona de pocos años',
    'MAÑANA: Parte del día antes del mediodía',
    'CORAZÓN: Órgano que bombea la sangre',
]
"""A Spanish publisher's clues: a word of every example set among them, so no example prints."""


def _spanish_crosswords(tmp_path, sections: str, answers: str) -> tuple[bytes, bytes | None]:
    """A 6x9 book of the Spanish publisher's crosswords (its clues hold a word of every example
    set, so that no example prints)."""
    (tmp_path / "palabras.txt").write_text("\n".join(SPANISH_CLUES), encoding="utf-8")
    text = ("title: T\nlanguage: es\nlayout: 6x9\nseed: 4\ncontents: false\ntitle_page: false\n"
            f"repeat_rules: false\nanswers: {answers}\nsections:\n" + sections)
    return render_pdf(make_book(read_config_text(text, tmp_path / "book.yaml")))


def test_a_tightened_first_crossword_prints_its_text_at_its_sections_sizes(tmp_path):
    """A crossword's first row drawn narrower below its opening (its clues beside its grid, its
    squares smaller) numbered its squares at 7 pt beside its section's 8 (14.9 and 17.1 pt in
    large print); kept from that, a 6x9 opening stood alone on a page three quarters blank. The
    tightened drawing prints its section's sizes, so every 6x9 book of the Spanish publisher's
    crosswords keeps its first crossword under each opening and passes the page audit, its
    one-size check included."""
    pdf, _none = _spanish_crosswords(
        tmp_path, "  - {type: crossword, count: 2, difficulty: easy, clues: palabras.txt}\n"
                  "  - {type: crossword, count: 2, difficulty: medium, clues: palabras.txt}\n",
        "back")
    pages = _page_texts(pdf)
    openings = [page for page in pages if "Nivel" in page]
    assert len(openings) == 2 and all("Horizontales" in page for page in openings)
    assert next(i for i, page in enumerate(pages) if "Soluciones" in page) == 4  # six before
    assert [f for f in audit(pdf) if f.check != "answers"] == []  # it reads an English key
    from bookgen.render.document import BookDocument

    text = ("title: T\nlayout: 6x9\nseed: 1\ncontents: false\nanswers: none\n"
            "sections:\n  - {type: crossword, count: 2, difficulty: medium}\n"
            "  - {type: crossword, count: 2, difficulty: easy, title: Easy}\n")
    puzzle_pages: dict[int, int] = {}
    pdf, _count = BookDocument(make_book(read_config_text(text, tmp_path / "book.yaml"))).render(
        "book", puzzle_pages)
    openings_at = [number for number, page in enumerate(_page_texts(pdf), start=1) if "How to play" in page]
    assert openings_at == [puzzle_pages[1], puzzle_pages[3]] == [2, 4]
    assert [f for f in audit(pdf) if f.check != "answers"] == []  # no key


def test_narrow_crossword_answers_stand_side_by_side(tmp_path):
    """The widest grid of a section set its answers' column: one 108 mm grid left every answer
    alone in the middle of a 6x9 page's width, two to a page. Answers now take columns as their
    own widths allow, a wide one spanning two."""
    _pdf, answers = _spanish_crosswords(
        tmp_path, "  - {type: crossword, count: 10, difficulty: medium, clues: palabras.txt}\n",
        "separate")
    assert answers is not None
    # one answer a row, two to a page, took five pages; side by side, two or three (by the grids
    # the deal gives: the list's words are dealt out across the section)
    assert len(PdfReader(io.BytesIO(answers)).pages) <= 3


LEVEL_WORDS = {"easy": 10, "medium": 12, "hard": 14, "expert": 16}


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it", "nl"])
def test_every_built_in_theme_holds_enough_words_for_every_level_in_every_language(language):
    """24 crosswords of the 32 animals, the only bank, printed ZEBRA in 9: each theme holds 30 to
    40 words of its own in each language, each once, none in two themes nor in the example's
    first set (printed solved), and every level draws its count from them."""
    from bookgen.core.letters import square_form
    from bookgen.puzzles.crossword import EXAMPLE_CLUES
    from bookgen.puzzles.crossword.generator import _drawn_from, check_request
    from bookgen.puzzles.crossword.parameters import THEMES, _pair_problem, own_clues

    assert len(THEMES) >= 5
    example = {square_form(word, language) for word in EXAMPLE_CLUES[language][0]}
    seen: Counter[str] = Counter()
    for theme in THEMES:
        pairs = own_clues(language, theme)
        words = [word for word, _clue in pairs]
        assert 30 <= len(set(words)) == len(words) <= 40, theme
        assert not [pair for pair in pairs if _pair_problem(pair)], theme
        assert not example & set(words), theme
        seen.update(words)
        for level, count in LEVEL_WORDS.items():
            request = Request.make(CROSSWORD, level, {"theme": theme, "language": language})
            check_request(request)
            assert _drawn_from(request)[1] == count and len(_drawn_from(request)[0]) >= count
    assert max(seen.values()) == 1


def test_theme_all_deals_each_crossword_a_theme_with_its_name_over_the_grid():
    """`theme: all` deals the themes in turn, none twice in a row, each crossword the next share
    of its theme's words: ten easy crosswords print 100 different words (the animals alone
    gave 32), every theme once before any twice, and the theme's name heads the grid."""
    from bookgen.puzzles.crossword.drawing import THEME_LINE
    from bookgen.puzzles.crossword.parameters import THEMES
    from bookgen.puzzles.wordsearch.parameters import theme_heading

    text = "title: T\nseed: 1\nsections:\n  - {type: crossword, difficulty: easy, count: 10, theme: all}\n"
    records = make_book(read_config_text(text, Path("book.yaml"))).editions()[0].sections[0].records
    dealt = sorted(records, key=lambda record: int(re.search(r"deal=(\d+)", record.id)[1]))
    themes = [record.puzzle["theme"] for record in dealt]
    assert set(themes[:len(THEMES)]) == set(THEMES) and max(Counter(themes).values()) == 2
    assert all(one != next_one for one, next_one in zip(themes, themes[1:]))
    words = [entry["word"] for record in records for entry in record.puzzle["entries"]]
    assert len(words) == 100 and len(set(words)) == 100
    pen = RecordingPen()
    CROSSWORD.draw_puzzle(pen, dealt[0].puzzle)
    heading = next(op for op in pen.calls if op[0] == "text" and op[1]["bold"])
    assert heading[1]["text"] == theme_heading(themes[0])  # "The home", "Food"
    assert min(op[1]["y"] for op in pen.calls if op[0] == "rect") >= THEME_LINE


def test_a_book_that_prints_a_built_in_theme_again_says_so_naming_it():
    """24 crosswords of the 32 animals printed ZEBRA and its clue in 9 with no word of warning: the
    build's note names the theme and what to give; `theme: all` or clues of one's own, enough
    for the book, say nothing."""
    from bookgen.config import words_dealt_again

    text = "title: T\nseed: 1\nsections:\n  - {type: crossword, difficulty: easy, count: 24}\n"
    notes = words_dealt_again(read_config_text(text, Path("book.yaml")))
    assert notes == ["section 'Crossword': 24 crosswords take 240 words from the 32 of the built-in "
                     "theme 'animals', so words and clues come again; give theme: all for a theme a "
                     "crossword, or your own clues:"]
    food = words_dealt_again(read_config_text(text.replace("24}", "24, theme: food}"), Path("book.yaml")))
    assert "theme 'food'" in food[0]
    assert words_dealt_again(read_config_text(text.replace("24}", "3}"), Path("book.yaml"))) == []
    every = read_config_text(text.replace("24}", "24, theme: all}"), Path("book.yaml"))
    assert words_dealt_again(every) == []
