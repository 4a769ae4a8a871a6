"""No puzzle twice: in a book, in one `generate` run, across volumes (`exclude`), from banks; and a
request for more different puzzles than exist is refused before any work."""

from __future__ import annotations

import json

from bookgen.book import Twins, make_book
from bookgen.config import load_config
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request

MIXED = """
title: Mixed practice
seed: 5
sections:
  - {type: arithmetic, count: 60, difficulty: medium}
  - {type: pyramid, count: 40, difficulty: easy}
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
    assert status == 2 and "bank.jsonl:2" in err and "grades easy" in err
