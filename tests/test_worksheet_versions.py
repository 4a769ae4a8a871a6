"""Classroom sheets: the ruled name line (`name_line:`) and versions A, B, ... of one sheet
(`versions:`), each with its own puzzles and its own answers, one set of files per version."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from bookgen import audit
from bookgen.book import MATCH_TOLERANCE, Twins, make_book
from bookgen.config import ROOT, read_config_text
from bookgen.making import record_from_json
from bookgen.render.preview import render_pages

SHEET = """
title: Ordering Numbers
layout: {layout}
seed: 7
answers: {answers}
title_page: false
contents: false
large_print: {large}
name_line: {name_line}
versions: {versions}
formats: [pdf, html, jsonl]
sections:
  - type: placement
    title: Put the numbers in order
    count: {count}
    difficulty: medium
"""


def sheet(layout: str = "a4", answers: str = "separate", large: bool = False,
          name_line: str = "true", versions: int = 2, count: int = 6) -> str:
    return SHEET.format(layout=layout, answers=answers, large=str(large).lower(),
                        name_line=name_line, versions=versions, count=count)


def build(run, folder: Path, text: str, name: str = "sheet", *extra: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / f"{name}.yaml"
    config.write_text(text, encoding="utf-8")
    target = folder / f"{name}.pdf"
    status, _, err = run("build", str(config), "-o", str(target), "-q", "--workers", "1", *extra)
    assert status == 0, err
    return target


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def two_versions(tmp_path_factory) -> Path:
    """A4 sheets A and B with separate answers, and the same sheet without versions beside them,
    three puzzles to a page (two pages)."""
    from bookgen.cli import main

    folder = tmp_path_factory.mktemp("versions")
    for name, versions in (("sheet", 2), ("single", 1)):
        (folder / f"{name}.yaml").write_text(sheet(versions=versions) + "    per_page: 3\n", encoding="utf-8")
        assert main(["build", str(folder / f"{name}.yaml"), "-o", str(folder / f"{name}.pdf"),
                     "-q", "--workers", "1"]) == 0
    return folder


# --- the name line ----------------------------------------------------------------------------


def rule_right_of(png: bytes, dpi: int, page_height: float, run: audit.Run) -> float:
    """The length in points of the longest dark horizontal run of pixels that starts within
    3 mm right of a word, just below its baseline: the word's drawn rule (0 if none)."""
    image = Image.open(io.BytesIO(png)).convert("L")
    scale = dpi / 72
    start = int(run.right * scale)
    longest = 0
    for y_pt in (run.baseline - d / 4 for d in range(0, 12)):
        y = int((page_height - y_pt) * scale)
        x = next((x for x in range(start, start + int(8.5 * scale)) if image.getpixel((x, y)) < 128),
                 None)
        if x is None:
            continue
        end = x
        while end + 1 < image.width and image.getpixel((end + 1, y)) < 128:
            end += 1
        longest = max(longest, end - x)
    return longest / scale


def test_the_name_line_is_drawn_on_the_sheet_and_never_on_its_answers(two_versions):
    for letter in "AB":
        pdf = (two_versions / f"sheet-{letter}.pdf").read_bytes()
        page, *later = audit.read_pages(pdf)  # three to a page: two A4 pages
        # a later page carries the name line in its running head's place (a sheet gets parted
        # from the first), beside the sheet's title and version; its answers carry none
        assert later and all({"Name", "Date", "Class"} <= {r.text for r in p.runs} for p in later)
        assert all(f"Version {letter}" in p.text for p in later)
        answers = audit.read_pages((two_versions / f"sheet-{letter}-answers.pdf").read_bytes())
        assert not any({"Name", "Date", "Class"} & {r.text for r in p.runs} for p in answers)
        words = {r.text: r for r in page.runs if r.text in ("Name", "Date", "Class")}
        assert set(words) == {"Name", "Date", "Class"}, page.text
        assert "_" not in page.text  # no underscores faking the blanks
        assert len({round(r.baseline) for r in words.values()}) == 1  # one line on A4
        height = page.trim[3] - page.trim[1]
        (_, png), = render_pages(pdf, [1], 144)
        rules = {word: rule_right_of(png, 144, height, run) for word, run in words.items()}
        assert rules["Name"] >= 45 * 72 / 25.4 - 1  # its least length, or more
        assert min(rules.values()) >= 18 * 72 / 25.4 - 1, rules
        assert rules["Name"] > rules["Date"] > rules["Class"]  # shared out by what each holds
        answers = audit.read_pages(two_versions / f"sheet-{letter}-answers.pdf")
        for answer_page in answers:
            assert not {"Name", "Date", "Class"} & {r.text for r in answer_page.runs}
            assert "Answers" in answer_page.text


def test_large_print_on_5x8_wraps_the_name_line_inside_the_page(run, tmp_path):
    """... and the score carries its total, the sheet's count: "Score ____ / 2"."""
    target = build(run, tmp_path, sheet(layout="5x8", answers="back", large=True,
                                        name_line="[name, date, class, score_total]", versions=1,
                                        count=2))
    pages = audit.read_pages(target)
    first = pages[0]
    words = {r.text: r for r in first.runs if r.text in ("Name", "Date", "Class", "Score")}
    assert set(words) == {"Name", "Date", "Class", "Score"}
    assert len({round(r.baseline) for r in words.values()}) >= 2  # too wide for one line
    assert min(r.size for r in words.values()) >= 14  # large print's floor
    pdf = target.read_bytes()
    height = first.trim[3] - first.trim[1]
    (_, png), = render_pages(pdf, [1], 144)
    right_margin = first.trim[2] - 0.5 * 72  # 5x8's outside margin is half an inch or more
    for word, run_ in words.items():
        length = rule_right_of(png, 144, height, run_)
        assert length >= 12 * 72 / 25.4, word
        assert run_.right + length <= right_margin + 2 * 72 / 25.4 + 1, word  # inside the frame
    score = words["Score"]
    (total,) = [r for r in first.runs if r.text.replace("\u00a0", " ") == "/ 2"]
    assert round(total.baseline) == round(score.baseline)
    assert total.left > score.right + rule_right_of(png, 144, height, score)  # after the rule
    assert abs(total.right - (first.trim[2] - 0.4 * 72)) < 0.5  # at the margin (5x8's: 0.4 in)
    for page in pages[1:]:  # a later page's name line: the blanks its running head's one line holds
        names = [r for r in page.runs if r.text == "Name"]
        assert names == [] if "Answers" in page.text else len(names) == 1, page.text
        assert all(r.baseline > page.trim[3] - 0.7 * 72 for r in names)  # in the top margin


def test_a_sheet_head_taller_than_a_page_flows_on_into_the_puzzles(run, tmp_path):
    """A long title and all six blanks in large print on 5x8: the opening cannot keep to one page,
    so its rules end on page 2 and puzzle 1 follows them there (it took a page of its own after a
    page holding one line of rules)."""
    text = sheet(layout="5x8", answers="none", large=True, versions=1, count=4,
                 name_line="[name, date, class, period, teacher, score]")
    text = text.replace("title: Ordering Numbers", "title: Ordering Numbers from the Smallest to "
                        "the Largest Worksheet")
    first, second, *_ = audit.read_pages(build(run, tmp_path, text))
    assert "Teacher" in first.text and "How to play." in first.text
    numbers = [r for r in second.runs if r.text == "1" and r.face == "bold"]
    assert numbers and "any order" in second.text  # the rules' end, then puzzle 1 below it
    assert min(r.baseline for r in second.runs if "any order" in r.text) > numbers[0].baseline


def test_the_name_line_speaks_the_books_language(run, tmp_path):
    target = build(run, tmp_path, sheet(versions=2, count=2) + "language: fr\n")
    text = audit.read_pages(tmp_path / "sheet-B.pdf")[0].text
    assert all(word in text for word in ("Nom", "Date", "Classe", "Version B")), text
    assert not target.exists()  # a book of versions writes only its versions' files


# --- versions ---------------------------------------------------------------------------------


def test_versions_make_one_set_of_files_each_with_its_letter(two_versions):
    names = sorted(p.name for p in two_versions.iterdir() if p.name.startswith("sheet"))
    assert names == ["sheet-A-answers.pdf", "sheet-A.html", "sheet-A.jsonl", "sheet-A.pdf",
                     "sheet-B-answers.pdf", "sheet-B.html", "sheet-B.jsonl", "sheet-B.pdf",
                     "sheet.yaml"]
    for letter in "AB":
        sheet_text = audit.read_pages(two_versions / f"sheet-{letter}.pdf")[0].text
        key_text = audit.read_pages(two_versions / f"sheet-{letter}-answers.pdf")[0].text
        other = "B" if letter == "A" else "A"
        for text in (sheet_text, key_text):
            assert f"Version {letter}" in text and f"Version {other}" not in text
        page = (two_versions / f"sheet-{letter}.html").read_text(encoding="utf-8")
        assert f"<title>Ordering Numbers \u00b7 Version {letter}</title>" in page


def test_versions_hold_different_puzzles_at_the_same_levels_each_key_its_own(two_versions):
    version_a, version_b = (lines(two_versions / f"sheet-{v}.jsonl") for v in "AB")
    assert [line["version"] for line in version_a] == ["A"] * 6
    assert [line["version"] for line in version_b] == ["B"] * 6
    assert [line["number"] for line in version_a] == [line["number"] for line in version_b] \
        == list(range(1, 7))  # each sheet numbered from 1
    assert [(line["type"], line["difficulty"]) for line in version_a] \
        == [(line["type"], line["difficulty"]) for line in version_b] == [("placement", "medium")] * 6
    records = {v: [record_from_json(line, v) for line in found]
               for v, found in (("A", version_a), ("B", version_b))}
    forms = {v: {Twins.key(r) for r in found} for v, found in records.items()}
    assert len(forms["A"]) == len(forms["B"]) == 6 and not forms["A"] & forms["B"]
    # puzzle for puzzle as hard, by the grader's score (bench/versions.py: before, half were not)
    hardness = records["A"][0].puzzle_type.hardness
    assert [round(abs(hardness(a.rating) - hardness(b.rating)), 3) <= MATCH_TOLERANCE
            for a, b in zip(records["A"], records["B"])] == [True] * 6
    keys = {v: audit.read_pages(two_versions / f"sheet-{v}-answers.pdf")[0].text for v in "AB"}
    for version, other in (("A", "B"), ("B", "A")):
        for record in records[version]:
            assert record.puzzle_type.check(record.puzzle, record.solution) == []
            printed = _answer_text(record.puzzle["signs"], record.solution["order"])
            assert printed in keys[version]  # its key prints its own answer
            assert printed not in keys[other]


def test_a_section_that_deals_no_shares_is_matched_to_version_a_whatever_its_type(tmp_path):
    """Word search deals a teacher's long list out, and its versions were never matched to A's in
    hardness, not even a theme's grids: at hard, half of B's lay further from A's than
    MATCH_TOLERANCE. Only a section that deals its puzzles shares keeps A's shares unmatched."""
    config = read_config_text("title: T\nseed: bench\nversions: 2\nsections:\n"
                              "  - {type: wordsearch, count: 8, difficulty: hard}\n",
                              tmp_path / "sheet.yaml")
    version_a, version_b = (edition.sections[0].records for edition in make_book(config).editions())
    hardness = version_a[0].puzzle_type.hardness
    assert [round(abs(hardness(a.rating) - hardness(b.rating)), 3) <= MATCH_TOLERANCE
            for a, b in zip(version_a, version_b)] == [True] * 8


SPELLING_LIST = ["cat", "house", "garden", "pencil", "window", "table", "chair", "paper",
                 "bread", "milk", "apple", "train", "river", "clock", "plant", "horse"]


def _scramble_versions(tmp_path: Path, section: str) -> tuple[tuple, tuple]:
    """Versions A's and B's puzzles of a book of one scramble section."""
    config = read_config_text(f"title: T\nseed: s\nversions: 2\nsections:\n  - {section}\n",
                              tmp_path / "sheet.yaml")
    version_a, version_b = (edition.sections[0].records for edition in make_book(config).editions())
    return version_a, version_b


def test_versions_of_a_teachers_scramble_list_test_its_words_puzzle_for_puzzle(tmp_path):
    """Sixteen words, eight a puzzle: two versions of two puzzles were refused ("only 2
    different answers exist ... and 4 are asked for"). B's puzzle N tests the words A's puzzle N
    does, on a page of its own, at the level asked for; each version prints every word once."""
    words = ", ".join(SPELLING_LIST)
    section = f"{{type: scramble, count: 2, difficulty: easy, word_count: 8, words: [{words}]}}"
    version_a, version_b = _scramble_versions(tmp_path, section)
    for records in (version_a, version_b):
        printed = [word for record in records for word in record.solution["words"]]
        assert sorted(printed) == sorted(word.upper() for word in SPELLING_LIST)
        assert [record.level for record in records] == ["easy", "easy"]
    assert [sorted(a.solution["words"]) for a in version_a] \
        == [sorted(b.solution["words"]) for b in version_b]
    assert all(a.puzzle["scrambles"] != b.puzzle["scrambles"] for a, b in zip(version_a, version_b))


def test_versions_of_a_scramble_theme_share_no_word_and_are_matched_to_a(tmp_path):
    """With the built-in words each version draws lists of its own, matched to A's in hardness,
    as before scrambles dealt a teacher's list out."""
    version_a, version_b = _scramble_versions(tmp_path, "{type: scramble, count: 6, difficulty: easy, "
                                                        "theme: common}")
    words = [{word for record in records for word in record.solution["words"]}
             for records in (version_a, version_b)]
    assert len(words[0]) == len(words[1]) == 48 and not words[0] & words[1]
    hardness = version_a[0].puzzle_type.hardness
    assert [round(abs(hardness(a.rating) - hardness(b.rating)), 3) <= MATCH_TOLERANCE
            for a, b in zip(version_a, version_b)] == [True] * 6
    assert not any("deal=" in record.id for record in version_a + version_b)


def test_a_scramble_sheet_of_a_teachers_words_holds_them_on_every_version(run, tmp_path):
    """Eight words fill one puzzle: `worksheet --versions 2` without -n was refused ("only 1
    answer exists ... and 12 are asked for", no count asked for). Each sheet holds that puzzle,
    its key the eight words, its page its own; -n 2 asks for two, not four."""
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SPELLING_LIST[:8]) + "\n", encoding="utf-8")
    command = ["worksheet", "scramble", "--set", f"words={words}", "--versions", "2", "-j", "1"]
    status, _, err = run(*command, "-o", str(tmp_path / "ws.pdf"))
    assert status == 0, err
    assert "note: each of the 2 versions holds 1 puzzle, as many as scramble, easy, words=cat,house" in err
    sheets = {v: audit.read_pages(tmp_path / f"ws-{v}.pdf")[0].text.replace(f"Version {v}", "")
              for v in "AB"}
    assert sheets["A"] != sheets["B"]
    for letter in "AB":
        key = audit.read_pages(tmp_path / f"ws-{letter}-answers.pdf")[0].text.split()
        assert sorted(word for word in key if word.lower() in SPELLING_LIST) \
            == sorted(word.upper() for word in SPELLING_LIST[:8])
    status, _, err = run(*command, "-n", "2", "-o", str(tmp_path / "two.pdf"))
    assert status == 2 and "only 1 answer exists for scramble, easy" in err
    assert "and 2 are asked for" in err, err


def _answer_text(signs: list[str], order: list[str]) -> str:
    """A placement answer as the key's text reads: the numbers and signs in turn, a line each."""
    parts = [order[0]]
    for sign, number in zip(signs, order[1:]):
        parts += [sign, number]
    return "\n".join(parts).replace("-", "\u2212")


def test_version_a_holds_the_puzzles_of_the_book_without_versions(two_versions):
    single = lines(two_versions / "single.jsonl")
    version_a = lines(two_versions / "sheet-A.jsonl")
    assert "version" not in single[0]
    assert [{k: v for k, v in line.items() if k != "version"} for line in version_a] == single


def test_the_same_versioned_sheet_builds_the_same_bytes(run, tmp_path, two_versions):
    build(run, tmp_path, sheet(versions=2) + "    per_page: 3\n")
    for name in ("sheet-A.pdf", "sheet-A-answers.pdf", "sheet-B.pdf", "sheet-B-answers.pdf",
                 "sheet-B.html", "sheet-B.jsonl"):
        assert (tmp_path / name).read_bytes() == (two_versions / name).read_bytes(), name


def test_answers_at_the_back_of_a_version_name_their_version(run, tmp_path):
    build(run, tmp_path, sheet(answers="back", versions=3, count=2))
    for letter in "ABC":
        pages = audit.read_pages(tmp_path / f"sheet-{letter}.pdf")
        assert f"Answers \u00b7 Version {letter}" in pages[-1].text
        assert "Name" not in pages[-1].text


def test_worksheet_command_makes_versions_with_a_name_line(run, tmp_path):
    target = tmp_path / "ws.pdf"
    status, out, err = run("worksheet", "placement", "-n", "4", "--versions", "2", "-o",
                           str(target), "-q", "--workers", "1")
    assert status == 0, err
    assert out.split() == [str(tmp_path / n) for n in ("ws-A.pdf", "ws-A-answers.pdf", "ws-B.pdf",
                                                       "ws-B-answers.pdf")]
    text = PdfReader(tmp_path / "ws-B.pdf").pages[0].extract_text()
    assert "Name" in text and "Class" in text and "Version" in text
    status, _, err = run("worksheet", "placement", "--no-name-line", "-o", str(target), "-q")
    assert status == 0 and "Name" not in PdfReader(target).pages[0].extract_text()


def test_the_shipped_worksheet_rules_its_name_line(run, tmp_path):
    target = tmp_path / "worksheet.pdf"
    status, _, err = run("build", str(ROOT / "config" / "worksheet.yaml"), "-o", str(target), "-q",
                         "--workers", "1")
    assert status == 0, err
    text = audit.read_pages(target)[0].text
    assert "Name" in text and "Class" in text and "_" not in text


# --- refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "key", "why"), [
    ("versions: 0", "versions", "a whole number from 1 to 40"),
    ("versions: 41", "versions", "a whole number from 1 to 40"),
    ("versions: two", "versions", "a whole number from 1 to 40"),
    ("name_line: 5", "name_line", "a list of name, date, class, period, teacher, score"),
    ("name_line: [name, grade]", "name_line", "'grade' is not a blank it prints"),
    ("name_line: [name, Name]", "name_line", "it names 'name' twice"),
    ("name_line: []", "name_line", "a list of name, date, class"),
])
def test_a_bad_value_is_refused_naming_its_key(run, write_config, tmp_path, line, key, why):
    config = write_config(f"title: Bad\n{line}\nsections:\n"
                          "  - {type: placement, count: 2, difficulty: easy}\n")
    status, out, err = run("build", str(config), "-o", str(tmp_path / "bad.pdf"), "-q")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"book.yaml:2: {key}: " in err and f"'{key}' takes" in err and why in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml"]  # nothing written


def test_versions_that_would_repeat_a_puzzle_are_refused_up_front(run, write_config, tmp_path):
    """No version repeats another's puzzle or answer: three classic 4-row pyramids fit one sheet
    (four answers exist) but not two versions of it, refused before any puzzle is made."""
    text = "title: Few\nversions: {}\nsections:\n  - {{type: pyramid, count: 3, difficulty: medium}}\n"
    status, _, err = run("build", str(write_config(text.format(1))), "-o", str(tmp_path / "one.pdf"),
                         "-q", "--workers", "1")
    assert status == 0, err
    status, _, err = run("build", str(write_config(text.format(2))), "-o", str(tmp_path / "two.pdf"),
                         "-q")
    assert status == 2 and "book.yaml:4" in err, err
    assert "only 4 different answers exist for pyramid, medium" in err and "6 are asked for" in err
    assert not list(tmp_path.glob("two*"))
    status, _, err = run("worksheet", "placement", "--versions", "41", "-o", str(tmp_path / "w.pdf"))
    assert status == 2 and "--versions" in err and "from 1 to 40" in err


def test_the_studio_form_offers_the_new_keys(tmp_path):
    """The studio makes its form from the schema it serves: the name line's blanks come as boxes
    to tick (a list of choices), the versions as a number from 1 to 40."""
    pytest.importorskip("flask", reason="pip install -e '.[studio]'")
    from bookgen.studio.server import create_app

    app = create_app(tmp_path, workers=1)
    try:
        client = app.test_client()
        assert client.get(f"/?token={app.config['STUDIO_TOKEN']}").status_code == 200
        properties = client.get("/api/schema").get_json()["book"]["properties"]
    finally:
        app.extensions["bookgen-studio"].close()
    blanks = next(b for b in properties["name_line"]["anyOf"] if b.get("type") == "array")
    assert blanks["items"]["enum"] == ["name", "date", "class", "period", "teacher", "score", "score_total"]
    assert "Name, Date, Class" in properties["name_line"]["description"]
    versions = properties["versions"]
    assert (versions["type"], versions["minimum"], versions["maximum"]) == ("integer", 1, 40)


def test_a_sheet_of_a_type_with_few_puzzles_holds_as_many_as_exist_unless_n_asks_for_more(run, tmp_path):
    """Classic pyramids have four answers a level (one at expert): the default sheet of six was
    refused after 40 retries; it now holds the four, saying how to have more, and `-n 6` is
    refused before any work, naming the option that gives more."""
    target = tmp_path / "sheet.pdf"
    status, _out, err = run("worksheet", "pyramid", "-o", str(target))
    assert status == 0 and "note: 4 different puzzles exist for pyramid, easy: the sheet holds 4 (for " \
                           "more, set variant: distinct" in err
    four = tmp_path / "four.pdf"
    assert run("worksheet", "pyramid", "-n", "4", "-q", "-o", str(four))[0] == 0
    assert target.read_bytes() == four.read_bytes()
    status, _out, err = run("worksheet", "pyramid", "-d", "expert", "--versions", "2", "-q",
                            "-o", str(tmp_path / "two.pdf"))
    assert status == 2 and "--versions: only 1 answer exists for pyramid, expert and 2 are asked for" \
        in err, err  # one a version: it said 12, the six of a sheet no one asked for
    status, _out, err = run("worksheet", "pyramid", "-n", "6", "-o", str(target))
    assert status == 2 and err.startswith("bookgen: error: --count: only 4 different answers exist for "
                                          "pyramid, easy and 6 are asked for")
    assert "; ask for fewer, or set variant: distinct" in err


def test_a_sheet_of_a_teachers_few_clues_holds_the_crosswords_they_make(run, tmp_path):
    """Seven Dutch clues, each crossword taking all seven, make one crossword of different words:
    the default sheet of six was refused after forty retries of the second ("could not find 6
    different puzzles"), though `-n 1` built. Where no count is asked for, the sheet holds the
    one and says so; `-n 2` is refused before any work, pointing to versions (the same words in
    new crosswords), both advising more clues or fewer words a crossword (not "widen the
    options"); two versions lay out the same seven words, as the
    versions of a longer list take the same share of it."""
    clues = tmp_path / "clues.txt"
    clues.write_text("HOND: Dier dat blaft\nKAT: Dier dat miauwt\nKOE: Geeft melk\n"
                     "PAARD: Je kunt erop rijden\nVIS: Zwemt in het water\nVOGEL: Kan vliegen\n"
                     "SCHAAP: Geeft wol\n", encoding="utf-8")
    target, one = tmp_path / "sheet.pdf", tmp_path / "one.pdf"
    status, _out, err = run("worksheet", "crossword", "-L", "nl", "--set", f"clues={clues}",
                            "--answers", "none", "--seed", "1", "-o", str(target))
    assert status == 0 and "note: 1 puzzle exists for crossword, easy, clues=HOND" in err, err
    advice = "give more clues, or a word_count below 7: each crossword holds all 7 of them"
    assert err.rstrip().endswith(f"the sheet holds it (for more, {advice})"), err
    assert run("worksheet", "crossword", "-L", "nl", "--set", f"clues={clues}", "-n", "1",
               "--answers", "none", "-q", "-o", str(one))[0] == 0
    assert target.read_bytes() == one.read_bytes()
    status, _out, err = run("worksheet", "crossword", "-L", "nl", "--set", f"clues={clues}", "-n", "2",
                            "-o", str(tmp_path / "two.pdf"))
    assert status == 2 and err.startswith("bookgen: error: --count: your list fills only 1 puzzle")
    assert "ask for --versions 2 instead of --count 2" in err  # the same words in a new crossword
    assert err.rstrip().endswith(f"(for more on one sheet, {advice})"), err
    status, _out, err = run("worksheet", "crossword", "-L", "nl", "--set", f"clues={clues}", "-n", "1",
                            "--versions", "2", "-q", "-o", str(tmp_path / "versions.pdf"))
    assert status == 0, err


def test_versions_of_a_sheet_of_a_teachers_few_clues_share_out_the_crosswords_they_make(run, tmp_path):
    """Eight clues, each crossword taking all eight, make one crossword of different words: two
    versions without -n were refused ("could not find 6 different puzzles"), though `-n 1`
    built them. Each version now holds that one, laid out its own way, and says so (the note of
    a sheet that takes several pages, "4 of these puzzles fit a page ... these 2 take several
    pages", is not said of one on one page)."""
    clues = tmp_path / "clues.txt"
    clues.write_text("CAT: A pet that purrs\nDOG: A pet that barks\nCOW: Gives milk\n"
                     "HORSE: You can ride it\nSHEEP: Gives wool\nGOAT: Eats almost anything\n"
                     "PIG: Rolls in mud\nHEN: Lays eggs\n", encoding="utf-8")
    status, _out, err = run("worksheet", "crossword", "--set", f"clues={clues}", "--answers", "none",
                            "-o", str(tmp_path / "one.pdf"))
    assert status == 0 and "the sheet holds it" in err and "pages" not in err, err
    status, _out, err = run("worksheet", "crossword", "--set", f"clues={clues}", "--versions", "2",
                            "--answers", "none", "--seed", "1", "-o", str(tmp_path / "sheet.pdf"))
    assert status == 0, err
    assert "note: each of the 2 versions holds 1 puzzle, as many as crossword, easy, clues=CAT" in err
    assert err.rstrip().endswith("each crossword holds all 8 of them)") and "pages" not in err, err
    sheets = ["\n".join(page.extract_text(extraction_mode="layout")
                         for page in PdfReader(tmp_path / f"sheet-{letter}.pdf").pages)
              .replace(f"Version {letter}", "") for letter in "AB"]
    assert sheets[0] != sheets[1]  # the eight clues laid out two ways, one a version


def test_a_sheet_in_large_print_from_the_command_line(run, tmp_path):
    """`bookgen worksheet --large-print`: the sheet's text and puzzles at large print's sizes
    (nothing under 14 pt), as few sudokus to a page as fit there, and a note saying so."""
    target = tmp_path / "big.pdf"
    status, _, err = run("worksheet", "sudoku", "--large-print", "-o", str(target))
    assert status == 0, err
    assert "2 of these puzzles fit a page at large print sizes; these 6 take several pages" in err
    pages = audit.read_pages(target)
    assert min(r.size for page in pages for r in page.runs) >= 14
    status, _, err = run("worksheet", "sudoku", "-o", str(tmp_path / "small.pdf"), "-q")
    standard = audit.read_pages(tmp_path / "small.pdf")
    assert status == 0 and len(standard) < len(pages), err
    assert min(r.size for page in standard for r in page.runs) < 14  # standard print's own sizes


def test_every_page_after_a_sheets_first_says_its_version(run, tmp_path):
    """The page where a sheet's second section opened printed its heading and no running head:
    a loose page 2 of version A read as B's too. It says its version above it, as a page that
    continues a section does, and so does each page of a key after its first."""
    text = sheet(versions=2, count=6) + (
        "  - {type: futoshiki, title: Greater or smaller, count: 4, per_page: 4, difficulty: easy}\n"
        "  - {type: sudoku, title: Sudoku, count: 40, difficulty: easy}\n")
    build(run, tmp_path, text)
    for letter in "AB":
        for name in (f"sheet-{letter}.pdf", f"sheet-{letter}-answers.pdf"):
            pages = audit.read_pages(tmp_path / name)
            assert len(pages) >= 3, name
            assert all(f"Version {letter}" in page.text for page in pages), name


def first_page_lines(path: Path) -> list[str]:
    return [line.strip() for line in PdfReader(path).pages[0].extract_text().splitlines()]


@pytest.mark.parametrize(("extra", "files", "title", "type_title", "info"), [
    ((), ["maze.pdf"], "Maze worksheet", "Maze", "Difficulty: Easy"),
    (("--versions", "2", "--answers", "page"), ["maze-A.pdf", "maze-B.pdf"], "Maze worksheet · Version",
     "Maze", "Difficulty: Easy"),
    (("-L", "de"), ["maze.pdf"], "Arbeitsblatt: Labyrinth", "Labyrinth", "Schwierigkeit: Leicht"),
])
def test_a_sheet_of_one_type_names_it_once(run, tmp_path, extra, files, title, type_title, info):
    """'Maze worksheet', the name line, then a heading 'Maze': one sheet titled twice. Under the
    sheet's title its one section prints its info line alone."""
    status, _, err = run("worksheet", "maze", "-n", "4", "-q", "-o", str(tmp_path / "maze.pdf"), *extra)
    assert status == 0, err
    for name in files:
        lines = first_page_lines(tmp_path / name)
        assert any(line.startswith(title) for line in lines), lines
        assert type_title not in lines, lines
        assert any(line.startswith(info) for line in lines), lines


def test_a_sheet_keeps_a_section_title_its_title_does_not_say(run, tmp_path):
    """A sheet titled otherwise ('Friday fun') names 'Maze' in its info line, not as a second
    heading, and a section of a title of its own keeps it; a sheet of several sections keeps
    each one's heading."""
    status, _, err = run("worksheet", "maze", "-n", "4", "-q", "--title", "Friday fun",
                         "-o", str(tmp_path / "fun.pdf"))
    assert status == 0, err
    lines = first_page_lines(tmp_path / "fun.pdf")
    assert "Maze" not in lines and any(line.startswith("Maze \u00b7 Difficulty") for line in lines), lines
    build(run, tmp_path / "own", sheet(versions=1).replace("title: Ordering Numbers",
                                                           "title: Number Placement worksheet"))
    assert "Put the numbers in order" in first_page_lines(tmp_path / "own" / "sheet.pdf")
    two = sheet(versions=1).replace("title: Ordering Numbers", "title: Number Placement worksheet").replace(
        "title: Put the numbers in order", "title: Number Placement") + (
        "  - {type: placement, title: Number Placement, count: 6, per_page: 6, difficulty: hard}\n")
    build(run, tmp_path / "two", two)
    text = "\n".join(page.extract_text() for page in PdfReader(tmp_path / "two" / "sheet.pdf").pages)
    lines = text.splitlines()
    infos = [index for index, line in enumerate(lines) if line.startswith("Difficulty:")]
    assert len(infos) == 2 and all(lines[index - 1] == "Number Placement" for index in infos), text


def test_a_sheet_from_init_names_its_type_once(run, tmp_path):
    """`bookgen init --kind worksheet --type maze --levels easy`: 'Maze worksheet' above the
    section 'Maze, easy', whose level the info line says: the section's title is left out."""
    status, _, err = run("init", str(tmp_path / "sheet"), "--kind", "worksheet", "--type", "maze",
                         "--levels", "easy")
    assert status == 0, err
    status, _, err = run("build", str(tmp_path / "sheet" / "book.yaml"), "-q", "-o", str(tmp_path / "m.pdf"))
    assert status == 0, err
    lines = first_page_lines(tmp_path / "m.pdf")
    assert "Maze worksheet" in lines and "Maze, easy" not in lines, lines
    assert any(line.startswith("Difficulty: Easy") for line in lines), lines


def test_a_sheet_leaves_its_example_out_before_giving_its_puzzles_a_page_of_their_own(run, tmp_path):
    """One large-print maze on Letter printed the rules and the example on page 1 and the maze on
    page 2, without the name line; six fill-ins printed the rules and the example alone on page
    1. The example is left out where it leaves the puzzles no room below the rules."""
    status, _, err = run("worksheet", "maze", "--large-print", "-n", "1", "-q", "--layout", "letter",
                         "-o", str(tmp_path / "maze.pdf"))
    assert status == 0, err
    assert len(PdfReader(tmp_path / "maze.pdf").pages) == 1
    words = tmp_path / "spelling.txt"
    words.write_text("friend\nbecause\nwould\nshould\ncould\nthought\nlaugh\nenough\nthrough\nanswer\n")
    status, _, err = run("worksheet", "fillin", "--set", f"words={words}", "-q", "--layout", "letter",
                         "-o", str(tmp_path / "fillin.pdf"))
    assert status == 0, err
    first = PdfReader(tmp_path / "fillin.pdf").pages[0].extract_text().splitlines()
    assert "1" in [line.strip() for line in first], first  # its first puzzles below the rules


# --- a class set --------------------------------------------------------------------------------


TEACHERS_LIST = "friend\nbecause\nwould\nshould\ncould\nthought\nlaugh\nenough\nthrough\nanswer\n"


def test_versions_past_z_take_two_letters_as_spreadsheet_columns():
    from bookgen.bookconfig import version_letter

    assert [version_letter(i) for i in (0, 1, 25, 26, 27, 39, 51, 52)] == [
        "A", "B", "Z", "AA", "AB", "AN", "AZ", "BA"]


def test_a_class_set_is_one_pdf_of_every_version_and_one_of_their_answers(run, tmp_path):
    """`--versions 24` was refused ("from 1 to 6"), and 6 versions made 12 files to print one by
    one. With --one-file a class of 27 gets one sheet each in ws.pdf, A to Z then AA, each as
    its own file would print it, on a page of its own, and every answer in ws-answers.pdf under
    its version's letter; its bookmarks name each version."""
    status, out, err = run("worksheet", "placement", "-n", "1", "--versions", "27", "--one-file",
                           "-q", "-j", "1", "-o", str(tmp_path / "ws.pdf"))
    assert status == 0, err
    assert out.split() == [str(tmp_path / "ws.pdf"), str(tmp_path / "ws-answers.pdf")]
    letters = [chr(ord("A") + i) for i in range(26)] + ["AA"]
    sheets = PdfReader(tmp_path / "ws.pdf", strict=True)
    keys = PdfReader(tmp_path / "ws-answers.pdf", strict=True)
    assert len(sheets.pages) == len(keys.pages) == 27
    texts = [page.extract_text().replace("\u00a0", " ") for page in sheets.pages]
    for letter, text, key in zip(letters, texts, keys.pages):
        assert f"worksheet \u00b7 Version {letter}\n" in text and "Name" in text
        answers = key.extract_text().replace("\u00a0", " ")
        assert f"worksheet \u00b7 Version {letter}\n" in answers and "Answers" in answers
    puzzles = [text.split("Puzzle 1", 1)[1] for text in texts]
    assert len(set(puzzles)) == 27  # a different puzzle on every child's sheet
    assert [entry.title for entry in sheets.outline if not isinstance(entry, list)] == [
        f"Version {letter}" for letter in letters]


def test_a_joined_version_prints_as_its_own_file_and_the_answers_page_follows_them_all(run, tmp_path):
    """With the answers on a page (`--answers page`), every sheet comes first and the answers
    after them all, not a sheet's answers between two children's sheets."""
    command = ["worksheet", "placement", "-n", "2", "--versions", "2", "-q", "-j", "1"]
    status, _, err = run(*command, "-o", str(tmp_path / "apart.pdf"))
    assert status == 0, err
    status, out, err = run(*command, "--one-file", "--answers", "page", "-o", str(tmp_path / "one.pdf"))
    assert status == 0 and out.split() == [str(tmp_path / "one.pdf")], err
    joined = [page.extract_text() for page in PdfReader(tmp_path / "one.pdf").pages]
    apart = [PdfReader(tmp_path / name).pages[0].extract_text()
             for name in ("apart-A.pdf", "apart-B.pdf", "apart-A-answers.pdf", "apart-B-answers.pdf")]
    assert joined == apart


def test_joined_parts_of_two_pages_start_each_on_a_sheet_of_its_own():
    """Printed on both sides, a part of three pages would put the next one's first page on its
    back: a blank page follows it. Parts of a page each are not padded (one-sided sheets)."""
    from reportlab.pdfgen.canvas import Canvas

    from bookgen.formats.joined import join_pdfs

    def part(name: str, pages: int) -> tuple[str, bytes]:
        buffer = io.BytesIO()
        canvas = Canvas(buffer, invariant=1)
        for page in range(pages):
            canvas.drawString(72, 720, f"{name} page {page + 1} (5 0 R)")
            canvas.showPage()
        canvas.save()
        return name, buffer.getvalue()

    read = PdfReader(io.BytesIO(join_pdfs([part("A", 3), part("B", 1), part("C", 2)])), strict=True)
    assert [page.extract_text().strip() for page in read.pages] == [
        "A page 1 (5 0 R)", "A page 2 (5 0 R)", "A page 3 (5 0 R)", "", "B page 1 (5 0 R)", "",
        "C page 1 (5 0 R)", "C page 2 (5 0 R)"]
    read = PdfReader(io.BytesIO(join_pdfs([part("A", 1), part("B", 1)])), strict=True)
    assert len(read.pages) == 2
    assert join_pdfs([part("A", 1), part("B", 1)]) == join_pdfs([part("A", 1), part("B", 1)])


def test_more_versions_than_a_short_list_gives_are_refused_saying_how_many_it_can(run, tmp_path):
    """Three words scramble six ways: thirty versions of one scramble each are refused naming the
    six it gives, not the puzzle that failed; six are made."""
    words = tmp_path / "three.txt"
    words.write_text("cat\ndog\nsun\n", encoding="utf-8")
    command = ["worksheet", "scramble", "--set", f"words={words}", "--set", "word_count=3", "-n", "1",
               "--one-file", "-q", "-j", "1", "-o", str(tmp_path / "s.pdf")]
    status, _, err = run(*command, "--versions", "30")
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "--versions: " in err and "gives only 6 different sheets with -n 1" in err, err
    assert "ask for --versions 6 or fewer" in err
    status, _, err = run(*command, "--versions", "6")
    assert status == 0, err


def test_asking_a_teachers_list_for_more_puzzles_than_it_fills_points_to_versions(run, tmp_path):
    """Ten words, eight a scramble, fill one puzzle: `--count 3` was refused in the words "only 1
    answer exists ... (a book never repeats an answer)". The refusal now says what the list
    fills and how to get three practice sheets of the same words: --versions 3."""
    words = tmp_path / "spelling.txt"
    words.write_text(TEACHERS_LIST, encoding="utf-8")
    status, _, err = run("worksheet", "scramble", "--set", f"words={words}", "--count", "3",
                         "-o", str(tmp_path / "s.pdf"))
    assert status == 2 and err.count("\n") == 1, err
    assert "--count: your list fills only 1 puzzle of this sheet" in err
    assert "ask for --versions 3 instead of --count 3" in err
    assert "answer exists" not in err and "deal" not in err


def test_a_sheet_may_leave_its_level_line_out(run, write_config, tmp_path):
    """A pupil working below grade level gets a sheet without "Difficulty: Easy ★":
    --no-difficulty-line, or `difficulty_line: false` in a config. The rest stays."""
    command = ["worksheet", "placement", "-n", "2", "-q", "-j", "1"]
    status, _, err = run(*command, "-o", str(tmp_path / "with.pdf"))
    assert status == 0, err
    status, _, err = run(*command, "--no-difficulty-line", "-o", str(tmp_path / "without.pdf"))
    assert status == 0, err
    shown = PdfReader(tmp_path / "with.pdf").pages[0].extract_text()
    left_out = PdfReader(tmp_path / "without.pdf").pages[0].extract_text()
    assert "Difficulty: Easy" in shown and "Difficulty" not in left_out
    assert "Puzzles 1\u20132" in left_out and "Name" in left_out
    config = write_config("title: Sheet\ndifficulty_line: false\ntitle_page: false\nsections:\n"
                          "  - {type: placement, count: 2, difficulty: easy}\n")
    status, _, err = run("build", str(config), "-q", "-o", str(tmp_path / "book.pdf"))
    assert status == 0, err
    assert "Difficulty" not in PdfReader(tmp_path / "book.pdf").pages[0].extract_text()


SPELLING_SHEET = """
title: Week 12 Puzzle Fun
seed: 696103
layout: letter
answers: separate
title_page: false
contents: false
name_line: {name_line}
formats: [pdf]
sections:
- type: wordsearch
  difficulty: easy
  count: 2
  words: [friend, because, would, should, could, thought, laugh, enough, through, answer]
  children: true
"""


def test_a_sheet_whose_sections_say_no_per_page_prints_them_as_the_worksheet_command(run, tmp_path):
    """The studio's worksheet writes no per_page: its two word searches printed a page each below
    a page of rules, where `bookgen worksheet -n 2` printed both on one sheet. Both now print
    them alike, one a page, their lists at a child's 11 pt, where two to a page printed 7 pt."""
    words = tmp_path / "spelling.txt"
    words.write_text("friend\nbecause\nwould\nshould\ncould\nthought\nlaugh\nenough\nthrough\nanswer\n")
    command = tmp_path / "command.pdf"
    status, _, err = run("worksheet", "wordsearch", "--set", f"words={words}", "--set", "children=true",
                         "-n", "2", "-q", "-o", str(command))
    assert status == 0, err
    studio = build(run, tmp_path / "studio", SPELLING_SHEET.format(name_line="true"))
    assert len(PdfReader(studio).pages) == len(PdfReader(command).pages) == 2
    book = build(run, tmp_path / "book", SPELLING_SHEET.format(name_line="false"))  # not a sheet
    assert len(PdfReader(book).pages) > 1


def test_a_sheet_without_per_page_puts_fewer_on_a_page_where_all_do_not_fit(run, write_config, tmp_path):
    """Six crosswords do not print on one letter page at their floor: asked for (per_page: 6)
    they are refused; left to the sheet, two go on a page, as `bookgen worksheet crossword -n 6`
    prints them."""
    text = ("title: T\nseed: 1\nlayout: letter\nanswers: none\ntitle_page: false\ncontents: false\n"
            "name_line: true\nformats: [pdf]\nsections:\n- type: crossword\n  difficulty: easy\n"
            "  count: 6\n")
    status, _, err = run("build", str(write_config(text + "  per_page: 6\n", "asked.yaml")), "-q",
                         "-o", str(tmp_path / "asked.pdf"))
    assert status == 2 and "(per_page: 2)" in err
    pages = audit.read_pages(build(run, tmp_path, text))
    counts = [page.text.count("Across") for page in pages]  # the example's, and the puzzles'
    assert sum(counts) == 7 and max(counts[1:]) == 2 and len(counts) <= 4, counts


def test_an_answers_label_parts_its_number_from_its_page(run, tmp_path):
    """The key labelled each answer "1 page 1", "3 page 2", read as one odd phrase: "1 · page 1"."""
    build(run, tmp_path, SPELLING_SHEET.format(name_line="true"))
    pages = audit.read_pages(tmp_path / "sheet-answers.pdf")
    labels = [run for run in pages[0].runs if run.text.startswith("\u00b7")]
    assert [label.text for label in labels] == ["\u00b7 page 1", "\u00b7 page 2"]
    numbers = [run for run in pages[0].runs if run.face == "bold" and run.text in ("1", "2")]
    assert len(numbers) == 2 and all(abs(n.baseline - label.baseline) < 1 and n.right < label.left
                                     for n, label in zip(numbers, labels))  # beside its number
    assert audit.AnswerKey.read(pages).pages == {1: 1, 2: 2}  # the auditor reads them so
