"""No puzzle twice: in a book, in one `generate` run, across volumes (`exclude`), from banks; and a
request for more different puzzles than exist is refused before any work."""

from __future__ import annotations

import json
from pathlib import Path

from bookgen.book import Twins, make_book
from bookgen.config import load_config
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request, wider_advice

SAMPLER = Path(__file__).parent.parent / "config" / "sampler.yaml"

MIXED = """
title: Mixed practice
seed: 5
sections:
  - {type: arithmetic, count: 60, difficulty: medium}
  - {type: pyramid, count: 40, difficulty: easy, variant: distinct}
  - {type: placement, count: 40, difficulty: easy}
"""


def _keys(records) -> list[str]:
    return [Twins.key(record) for record in records]


def test_a_book_that_used_to_repeat_16_puzzles_holds_none(write_config):
    book = make_book(load_config(write_config(MIXED)))
    records = [printed.record for section in book.sections for printed in section.puzzles]
    assert len(records) == 140
    assert len(set(_keys(records))) == 140
    # the slots that had twins took retry seeds, visible in their ids
    assert any("~" in record.id for record in records)


def test_generate_never_repeats_within_a_run(run):
    status, out, err = run("generate", "arithmetic", "-d", "medium", "-n", "100", "--seed", "r")
    assert status == 0, err
    from bookgen.making import record_from_json
    records = [record_from_json(json.loads(line), "line") for line in out.splitlines()]
    assert len(records) == 100 and len(set(_keys(records))) == 100


def test_more_cards_than_exist_are_refused_up_front(write_config, run, tmp_path):
    path = write_config("""
    title: Too many
    sections:
      - {type: arithmetic, count: 200, difficulty: easy}
      - {type: arithmetic, count: 200, difficulty: easy}
    """)
    arithmetic = find_type("arithmetic")
    easy = arithmetic.variety(Request.make(arithmetic, "easy", {}))
    assert 100 < easy < 400
    status, out, err = run("build", str(path), "-o", str(tmp_path / "x.pdf"), "-q")
    assert status == 2 and f"only {easy} different puzzles exist" in err and "400 are asked for" in err
    assert "book.yaml:4" in err and not (tmp_path / "x.pdf").exists()


def test_running_out_of_small_grids_says_how_many_to_ask_for_and_that_many_build(write_config, run,
                                                                                  tmp_path):
    """A parent asking for 50 easy 4x4 sudoku was told "ask for fewer, or widen the options":
    the refusal says how many came out different, which then builds (a slot's seed does not
    depend on the count), and what widens a small sudoku."""
    import re

    config = """
    title: Small
    sections:
      - {{type: sudoku, count: {count}, difficulty: easy, size: 4}}
    """
    status, _out, err = run("build", str(write_config(config.format(count=60))), "-o",
                            str(tmp_path / "x.pdf"), "-q")
    assert status == 2 and "set symmetry: none" in err and not (tmp_path / "x.pdf").exists()
    found = re.search(r"(\d+) came out different, then puzzle \d+ repeated .* ask for (\d+) or fewer", err)
    assert found and found[1] == found[2], err
    status, _out, err = run("build", str(write_config(config.format(count=found[1]))), "-o",
                            str(tmp_path / "x.pdf"), "-q")
    assert status == 0, err


def test_generate_gives_up_early_on_a_count_far_out_of_reach_and_names_one_that_works(run):
    """A count far past what a small grid holds is refused once new puzzles grow rare (a 4x4
    futoshiki asked for 500 ran 4 minutes before a slot's 40 retries all repeated), saying how
    many came out; asking for that many prints the same puzzles."""
    import re

    status, out, err = run("generate", "numbrix", "-d", "easy", "--set", "size=4", "-n", "500", "-j", "1")
    assert status == 2 and "then new ones grew rare" in err, err
    found = re.search(r"(\d+) came out different, .* ask for (\d+) or fewer", err)
    assert found and found[1] == found[2] and len(out.splitlines()) == int(found[1]), err
    status, again, err = run("generate", "numbrix", "-d", "easy", "--set", "size=4", "-n", found[1],
                             "-j", "1")
    assert status == 0 and again == out, err


def test_a_section_far_out_of_reach_is_refused_before_it_is_all_made(write_config, run, tmp_path,
                                                                       monkeypatch):
    """The section's twins are decided as its puzzles come, so a count out of reach is refused
    long before the 500 puzzles asked for are made."""
    import bookgen.book

    made = []
    making = bookgen.book.make_puzzle
    monkeypatch.setattr(bookgen.book, "make_puzzle", lambda *args: made.append(1) or making(*args))
    path = write_config("""
    title: Small
    sections:
      - {type: numbrix, count: 500, difficulty: easy, size: 4}
    """)
    status, _out, err = run("build", str(path), "-o", str(tmp_path / "x.pdf"), "-q", "-j", "1")
    assert status == 2 and "then new ones grew rare" in err and "book.yaml:3" in err, err
    assert len(made) < 200


def test_small_grids_advise_a_larger_size_or_another_level():
    for name, small, large in (("futoshiki", {"size": 4}, {"size": 9}),
                               ("calcudoku", {"size": 4}, {"size": 9}),
                               ("kakuro", {"size": "6"}, {"size": "16"}),
                               ("nonogram", {"size": "5"}, {"size": "30"}),
                               ("numbrix", {"size": "4"}, {"size": "15"})):
        puzzle_type = find_type(name)
        assert wider_advice([Request.make(puzzle_type, "medium", small)]) == \
            "choose a larger size, or another level"
        assert wider_advice([Request.make(puzzle_type, "medium", large)]) == "widen the options"
    nonogram = find_type("nonogram")
    assert wider_advice([Request.make(nonogram, "easy", {"size": "5", "picture": "heart"})]) == \
        "widen the options"


def test_a_second_volume_excludes_the_first(write_config, run, tmp_path):
    first = write_config("""
    title: Volume 1
    seed: 1
    sections:
      - {type: pyramid, count: 30, difficulty: easy, variant: distinct}
    """, "vol1.yaml")
    status, out, err = run("build", str(first), "-o", str(tmp_path / "vol1.pdf"), "-q", "--jsonl")
    assert status == 0, err
    lines = [json.loads(line) for line in (tmp_path / "vol1.jsonl").read_text().splitlines()]
    assert [line["number"] for line in lines] == list(range(1, 31))
    second = write_config("""
    title: Volume 2
    seed: 1
    exclude: [vol1.jsonl]
    sections:
      - {type: pyramid, count: 30, difficulty: easy, variant: distinct}
    """, "vol2.yaml")
    volume_one = {Twins.key(r) for r in make_book(load_config(first)).sections[0].records}
    volume_two = {Twins.key(r) for r in make_book(load_config(second)).sections[0].records}
    assert len(volume_two) == 30 and not volume_one & volume_two


def test_a_bank_gives_each_puzzle_once_even_when_it_holds_twins(write_config, run, tmp_path):
    status, out, err = run("generate", "placement", "-d", "easy", "-n", "3", "--seed", "b")
    lines = out.splitlines()
    twin = json.loads(lines[0])
    twin["puzzle"]["signs"] = ["<" if s == ">" else ">" for s in reversed(twin["puzzle"]["signs"])]
    last = len(twin["puzzle"]["numbers"]) - 1
    twin["puzzle"]["givens"] = {str(last - int(k)): v for k, v in twin["puzzle"]["givens"].items()}
    twin["solution"] = {"order": list(reversed(twin["solution"]["order"]))}
    (tmp_path / "bank.jsonl").write_text("\n".join([lines[0], json.dumps(twin), *lines[1:]]) + "\n")
    path = write_config("""
    title: From a bank
    sections:
      - {type: placement, count: 3, from: bank.jsonl}
    """)
    records = make_book(load_config(path)).sections[0].records
    assert len(set(_keys(records))) == 3
    too_many = write_config("""
    title: From a bank
    sections:
      - {type: placement, count: 4, from: bank.jsonl}
    """, "more.yaml")
    status, out, err = run("build", str(too_many), "-o", str(tmp_path / "x.pdf"), "-q")
    assert status == 2 and "only 3 different" in err


def test_a_bank_line_whose_level_was_edited_is_named(write_config, run, tmp_path):
    status, out, err = run("generate", "placement", "-d", "easy", "-n", "2", "--seed", "e")
    lines = out.splitlines()
    edited = json.loads(lines[1])
    edited["difficulty"] = "expert"
    edited["rating"]["level"] = "expert"
    (tmp_path / "bank.jsonl").write_text(lines[0] + "\n" + json.dumps(edited) + "\n")
    path = write_config("""
    title: Edited
    sections:
      - {type: placement, count: 1, difficulty: expert, from: bank.jsonl}
    """)
    status, out, err = run("build", str(path), "-o", str(tmp_path / "x.pdf"), "-q")
    assert status == 2 and "bank.jsonl:2" in err and "filed as expert but graded easy" in err


def _pyramid_answer(record) -> tuple:
    """A full pyramid or its mirror image, read off its rows here (not through the type)."""
    rows = tuple(tuple(row) for row in record.solution["rows"])
    return min(rows, tuple(row[::-1] for row in rows))


def test_the_sampler_never_prints_one_answer_twice():
    """The sampler's four classic 4-row pyramids are the four that exist, mirror images counted
    once (it printed #29 and #32 with one answer and #31 its mirror when only givens were
    compared); no other answer of the book repeats either."""
    book = make_book(load_config(SAMPLER))
    records = [printed.record for section in book.sections for printed in section.puzzles]
    pyramids = [r for r in records if r.puzzle_type.name == "pyramid"]
    assert len(pyramids) == 4 and len({_pyramid_answer(r) for r in pyramids}) == 4
    assert len({Twins.answer(r) for r in records}) == len(records)


def test_pyramids_of_different_levels_share_their_four_answers(write_config):
    path = write_config("""
    title: Four answers
    seed: 3
    sections:
      - {type: pyramid, count: 2, difficulty: easy}
      - {type: pyramid, count: 2, difficulty: hard}
    """)
    records = [r for section in make_book(load_config(path)).sections for r in section.records]
    assert len({_pyramid_answer(r) for r in records}) == 4


def test_more_answers_than_exist_are_refused_up_front(write_config, run, tmp_path):
    """Five classic 4-row pyramids ask for five answers of four: refused, with the count, at the
    section's line and before any work; so are sections that share the four between them."""
    status, out, err = run("build", str(write_config("""
    title: Too many pyramids
    sections:
      - {type: pyramid, count: 5, difficulty: medium}
    """)), "-o", str(tmp_path / "x.pdf"), "-q")
    assert status == 2 and not (tmp_path / "x.pdf").exists()
    assert "book.yaml:3" in err and "only 4 different answers exist for pyramid, medium" in err
    assert "5 are asked for" in err and "Traceback" not in err
    status, out, err = run("build", str(write_config("""
    title: Shared answers
    sections:
      - {type: pyramid, count: 3, difficulty: easy}
      - {type: numberwall, count: 2, difficulty: easy}
      - {type: pyramid, count: 2, difficulty: medium}
    """, "shared.yaml")), "-o", str(tmp_path / "y.pdf"), "-q")
    assert status == 2 and "shared.yaml:5" in err
    assert ("only 4 different answers exist for pyramid, easy; pyramid, medium together and 5 "
            "are asked for") in err
    status, out, err = run("generate", "pyramid", "-d", "expert", "-n", "2")
    assert status == 2 and "only 1 answer exists for pyramid, expert" in err


def test_answers_of_an_excluded_volume_count_as_used(write_config, run, tmp_path):
    first = write_config("""
    title: Volume 1
    seed: 1
    sections:
      - {type: pyramid, count: 3, difficulty: medium}
    """, "vol1.yaml")
    status, out, err = run("build", str(first), "-o", str(tmp_path / "vol1.pdf"), "-q", "--jsonl")
    assert status == 0, err
    status, out, err = run("build", str(write_config("""
    title: Volume 2
    exclude: [vol1.jsonl]
    sections:
      - {type: pyramid, count: 2, difficulty: hard}
    """, "vol2.yaml")), "-o", str(tmp_path / "vol2.pdf"), "-q")
    assert status == 2
    assert "only 4 different answers exist for pyramid, hard (3 excluded) and 2 are asked for" in err
    # a bank line without its answer, or with one today's rules refuse, is solved again
    lines = [json.loads(line) for line in (tmp_path / "vol1.jsonl").read_text().splitlines()]
    lines[0].pop("solution")
    lines[1]["solution"] = {"rows": [[1]]}
    (tmp_path / "vol1.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    status, out, err = run("build", str(tmp_path / "vol2.yaml"), "-o", str(tmp_path / "vol2.pdf"), "-q")
    assert status == 2 and "(3 excluded) and 2 are asked for" in err
    last = write_config("""
    title: Volume 2
    exclude: [vol1.jsonl]
    sections:
      - {type: pyramid, count: 1, difficulty: hard}
    """, "vol2.yaml")
    volume_one = {_pyramid_answer(r) for r in make_book(load_config(first)).sections[0].records}
    volume_two = {_pyramid_answer(r) for r in make_book(load_config(last)).sections[0].records}
    assert len(volume_one) == 3 and len(volume_two) == 1 and not volume_one & volume_two
