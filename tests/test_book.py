"""Whole books: the PDF parsed back, byte-identical rebuilds, answer modes, atomic writes."""

from __future__ import annotations

import errno
import json
import os
import re
from pathlib import Path

from pypdf import PdfReader

from bookgen.config import ROOT, read_config_text
from bookgen.errors import BookgenError
from bookgen.render.document import _check_title_page

BOOK = """
title: Ordering Practice
subtitle: For the test suite
author: A. Teacher
layout: {layout}
seed: 11
answers: {answers}
sections:
  - type: placement
    title: Warm-up
    count: 5
    difficulty: easy
  - type: placement
    title: Fractions
    count: 3
    difficulty: hard
"""


def build(run, write_config, tmp_path, layout="letter", answers="back", name="book"):
    config = write_config(BOOK.format(layout=layout, answers=answers), f"{name}.yaml")
    target = tmp_path / f"{name}.pdf"
    status, out, err = run("build", str(config), "-o", str(target), "-q")
    assert status == 0, err
    return target


def text_of(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def test_book_text_shows_title_numbered_puzzles_and_answers(run, write_config, tmp_path):
    path = build(run, write_config, tmp_path)
    pages = text_of(path)
    assert "Ordering Practice" in pages[0] and "A. Teacher" in pages[0]
    body = "\n".join(pages[1:])
    assert "Warm-up" in body and "How to play." in body and "Difficulty: Easy" in body
    answers_at = next(i for i, page in enumerate(pages) if re.match(r"\d+\nAnswers\n", page))
    puzzle_text = "\n".join(pages[1:answers_at])
    for number in range(1, 9):
        assert re.search(rf"(^|\n){number}\n", puzzle_text), number
    answer_text = "\n".join(pages[answers_at:])
    labels = re.findall(r"(\d+)\n· page (\d+)", answer_text)
    assert [int(n) for n, _ in labels] == list(range(1, 9))
    # each answer names the page its puzzle is printed on
    for number, page in labels:
        assert re.search(rf"(^|\n){number}\n", pages[int(page) - 1])
    assert "arrangement" in answer_text
    # page numbers in the footer, none on the title page
    assert pages[1].startswith("2\n") and pages[2].startswith("3\n")
    assert not pages[0].startswith("1")


def test_contents_page_gives_each_section_its_page(run, write_config, tmp_path):
    pages = text_of(build(run, write_config, tmp_path))
    contents = pages[1]
    assert "Contents" in contents
    for title in ("Warm-up", "Fractions", "Answers"):
        page = int(re.search(rf"{title}\n(?:[^\n]*·[^\n]*\n)?(\d+)\n", contents).group(1))
        assert re.match(rf"\d+\n{title}\n", pages[page - 1]), title


def test_metadata_bookmarks_and_embedded_fonts(run, write_config, tmp_path):
    reader = PdfReader(build(run, write_config, tmp_path))
    assert reader.metadata.title == "Ordering Practice"
    assert reader.metadata.author == "A. Teacher"
    *sections, answers = reader.outline  # each section's answers one level down, under Answers
    assert [item.title for item in sections] == ["Warm-up", "Fractions", "Answers"]
    assert [item.title for item in answers] == ["Warm-up \u00b7 puzzles 1\u20135",
                                                "Fractions \u00b7 puzzles 6\u20138"]
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] \
                if "/DescendantFonts" in font else font.get("/FontDescriptor")
            assert descriptor is not None, font["/BaseFont"]
            assert "/FontFile2" in descriptor.get_object(), font["/BaseFont"]
            fonts.add(str(font["/BaseFont"]))
    assert fonts and not any("Helvetica" in f for f in fonts)


def test_same_config_same_bytes(run, write_config, tmp_path):
    first = build(run, write_config, tmp_path, name="one").read_bytes()
    second = build(run, write_config, tmp_path, name="two").read_bytes()
    assert first == second


def test_seed_override_changes_the_puzzles(run, write_config, tmp_path):
    config = write_config(BOOK.format(layout="a4", answers="none"))
    run("build", str(config), "-o", str(tmp_path / "a.pdf"), "-q")
    run("build", str(config), "-o", str(tmp_path / "b.pdf"), "-q", "--seed", "12")
    assert (tmp_path / "a.pdf").read_bytes() != (tmp_path / "b.pdf").read_bytes()


SECTIONS = {"A": "  - type: pyramid\n    count: 2\n    difficulty: easy\n",
            "B": "  - type: placement\n    count: 2\n    difficulty: easy\n",
            "C": "  - type: placement\n    count: 2\n    difficulty: medium\n"}


def _puzzles(run, write_config, tmp_path, name, *sections, formats="[jsonl]"):
    """The JSON lines of a book of these sections (each 'B' or ('B', its seed)), without the
    number each puzzle has in the book."""
    text = f"title: Kept\nseed: 5\nformats: {formats}\nsections:\n"
    for section in sections:
        letter, seed = section if isinstance(section, tuple) else (section, None)
        text += SECTIONS[letter] + (f"    seed: {seed}\n" if seed is not None else "")
    status, _, err = run("build", str(write_config(text, f"{name}.yaml")),
                         "-o", str(tmp_path / f"{name}.pdf"), "-q")
    assert status == 0, err
    lines = [json.loads(line) for line in (tmp_path / f"{name}.jsonl").read_text().splitlines()]
    return [{key: value for key, value in line.items() if key != "number"} for line in lines]


def test_a_section_keeps_its_puzzles_when_others_go_or_it_moves(run, write_config, tmp_path):
    """Its seed number, written where it was its place, keeps a section's puzzles (the ids
    and the puzzles themselves) when the section before it is removed, or when sections swap."""
    whole = _puzzles(run, write_config, tmp_path, "whole", "A", "B", "C")
    assert sorted(line["id"].split("::")[1] for line in whole[2:]) == ["5.2.1", "5.2.2", "5.3.1", "5.3.2"]
    kept = _puzzles(run, write_config, tmp_path, "kept", ("B", 2), ("C", 3))
    assert kept == whole[2:]
    swapped = _puzzles(run, write_config, tmp_path, "swapped", ("C", 3), ("B", 2))
    assert swapped == whole[4:] + whole[2:4]
    renumbered = _puzzles(run, write_config, tmp_path, "renumbered", "B", "C")
    assert [line["puzzle"] for line in renumbered] != [line["puzzle"] for line in kept]


def test_a_sections_seed_is_its_place_by_default(run, write_config, tmp_path):
    """`seed: N` at the Nth place builds the same bytes as no seed: every config keeps its book."""
    _puzzles(run, write_config, tmp_path, "bare", "A", "B", formats="[pdf, jsonl]")
    _puzzles(run, write_config, tmp_path, "seeded", ("A", 1), ("B", 2), formats="[pdf, jsonl]")
    for suffix in (".pdf", ".jsonl"):
        assert (tmp_path / f"bare{suffix}").read_bytes() == (tmp_path / f"seeded{suffix}").read_bytes()


def test_a4_layout_and_answer_modes(run, write_config, tmp_path):
    path = build(run, write_config, tmp_path, layout="a4", answers="separate")
    box = PdfReader(path).pages[0].mediabox
    assert round(float(box.width) / 72 * 25.4) == 210 and round(float(box.height) / 72 * 25.4) == 297
    assert not any("Answers" in page for page in text_of(path))
    answers = text_of(tmp_path / "book-answers.pdf")
    assert "Answers" in answers[0]
    assert re.findall(r"(\d+)\n· page (\d+)", "\n".join(answers))
    none = build(run, write_config, tmp_path, answers="none", name="bare")
    assert not any("Answers" in page for page in text_of(none))


def test_failed_build_keeps_the_previous_file(run, write_config, tmp_path, monkeypatch):
    target = build(run, write_config, tmp_path)
    good = target.read_bytes()

    def broken(descriptor, data):
        os.write(descriptor, bytes(data[:100]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("bookgen.atomic._write_all", broken)
    status, _, err = run("build", str(tmp_path / "book.yaml"), "-o", str(target), "-q")
    assert status == 2 and "no space left on device" in err
    assert target.read_bytes() == good
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_sample_configs_build(run, tmp_path):
    for name in ("sampler", "worksheet"):
        target = tmp_path / f"{name}.pdf"
        status, _, err = run("build", str(ROOT / "config" / f"{name}.yaml"), "-o", str(target), "-q")
        assert status == 0, err
        assert "Answers" in "\n".join(text_of(target)) or name == "worksheet"


def test_html_edition_from_flag_and_from_formats(run, write_config, tmp_path):
    config = write_config(BOOK.format(layout="letter", answers="back"))
    status, out, err = run("build", str(config), "-o", str(tmp_path / "b.pdf"), "-q", "--html")
    assert status == 0, err
    page = (tmp_path / "b.html").read_text()
    assert out.split() == [str(tmp_path / "b.pdf"), str(tmp_path / "b.html")]
    assert "Ordering Practice" in page and page.count('class="puzzle"') == 8
    html_only = write_config(BOOK.format(layout="letter", answers="back") + "formats: [html]\n",
                             "web.yaml")
    status, out, _ = run("build", str(html_only), "-o", str(tmp_path / "web.pdf"), "-q")
    assert status == 0 and out.split() == [str(tmp_path / "web.html")]
    assert not (tmp_path / "web.pdf").exists()
    assert (tmp_path / "web.html").read_text() == page


def test_same_bytes_across_processes_with_different_hash_seeds(write_config, tmp_path):
    """Set iteration order changes with PYTHONHASHSEED; no generator may depend on it."""
    import os
    import subprocess
    import sys

    from bookgen.puzzles import PUZZLE_TYPES

    sections = "".join(f"  - {{type: {t.name}, count: 1, difficulty: medium}}\n" for t in PUZZLE_TYPES)
    config = write_config(f"title: Every type\nseed: hash\nsections:\n{sections}")
    outputs = []
    for hash_seed in ("1", "2"):
        target = tmp_path / f"book-{hash_seed}.pdf"
        subprocess.run([sys.executable, "-m", "bookgen", "build", str(config), "-o", str(target),
                        "-q", "--workers", "1", "--html"], check=True,
                       env=dict(os.environ, PYTHONHASHSEED=hash_seed))
        outputs.append((target.read_bytes(), target.with_suffix(".html").read_bytes()))
    assert outputs[0] == outputs[1]


def test_continuation_pages_carry_the_section_title_as_running_head(run, write_config, tmp_path):
    config = write_config(BOOK.format(layout="a4", answers="back").replace("count: 5", "count: 14"))
    target = tmp_path / "long.pdf"
    assert run("build", str(config), "-o", str(target), "-q", "--workers", "1")[0] == 0
    pages = text_of(target)
    opening = {title: next(i for i, p in enumerate(pages) if re.match(rf"\d+\n{title}\n", p))
               for title in ("Warm-up", "Fractions", "Answers")}
    assert opening["Warm-up"] + 1 < opening["Fractions"]  # the section runs over a page
    for index in range(opening["Warm-up"] + 1, opening["Fractions"]):
        assert pages[index].rstrip().endswith("Warm-up"), index
    assert pages[opening["Warm-up"]].count("Warm-up") == 1


LONG_TITLE = "Das große Rätselbuch für lange Winterabende mit der ganzen Familie und allen Freunden"
LONG_SUBTITLE = "Zahlenrätsel, Wortsuchrätsel und viele weitere Knobeleien für Groß und Klein"


def test_a_long_title_and_subtitle_stay_on_the_title_page(run, write_config, tmp_path):
    """Seven lines of large print on a 5x8 trim ran from 0.28 of the way down onto a page of
    their own: the block begins higher, its title smaller, and the contents follow on page 2."""
    config = write_config(f"title: {LONG_TITLE}\nsubtitle: {LONG_SUBTITLE}\nlayout: 5x8\n"
                          "large_print: true\nlanguage: de\nsections:\n"
                          "  - {type: sudoku, count: 1, difficulty: easy}\n")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "book.pdf"), "-q")
    assert status == 0, err
    pages = text_of(tmp_path / "book.pdf")
    assert " ".join(pages[0].split()) == f"{LONG_TITLE} {LONG_SUBTITLE}"
    assert pages[1].startswith("2\nInhalt")


def test_a_title_page_too_small_for_its_texts_is_refused_before_the_book_is_made(
        run, write_config, tmp_path, monkeypatch):
    import bookgen.book

    monkeypatch.setattr(bookgen.book, "make_book", None)  # refused with the size check's samples
    long = f"{LONG_SUBTITLE}, {LONG_SUBTITLE}"[:200]
    config = write_config(f"title: {LONG_TITLE}\nsubtitle: {long}\nauthor: {long}\nlayout: 5x8\n"
                          "large_print: true\nsections:\n  - {type: sudoku, count: 1, difficulty: easy}\n")
    status, out, err = run("build", str(config), "-o", str(tmp_path / "book.pdf"), "-q", "-j", "1")
    assert status == 2 and out == ""
    assert err == (f"bookgen: error: {config}: title: the title page's texts (title, subtitle, "
                   "author) take more than the page, even in the smallest type they may print in; "
                   "shorten them, or use a larger page\n")
    assert not (tmp_path / "book.pdf").exists()
    # the same texts on a letter page fit, as they do without large print on 5x8
    assert _title_page_fits(config.read_text().replace("layout: 5x8", "layout: letter"), tmp_path)
    assert _title_page_fits(config.read_text().replace("large_print: true\n", ""), tmp_path)


def _title_page_fits(text: str, tmp_path: Path) -> bool:
    try:
        _check_title_page(read_config_text(text, tmp_path / "other.yaml"))
    except BookgenError:
        return False
    return True


def test_the_title_page_check_counts_each_versions_line(tmp_path):
    """Each edition's title page names its version ("Version A") under the title: a title and
    subtitle that fit a page alone can leave no room for that line, and the up-front check asked
    as if the book had no versions (the refusal came after every puzzle was made)."""
    title = f"{LONG_TITLE} im Haus, {LONG_TITLE}"[:120].strip()
    subtitle = f"{LONG_SUBTITLE}, {LONG_SUBTITLE}, {LONG_SUBTITLE}"[:170].strip()
    text = (f"title: {title}\nsubtitle: {subtitle}\nlayout: 5x8\nlarge_print: true\nversions: "
            "{versions}\nsections:\n  - {{type: sudoku, count: 1, difficulty: easy}}\n")
    assert _title_page_fits(text.format(versions=1), tmp_path)
    assert not _title_page_fits(text.format(versions=2), tmp_path)


def test_repeat_rules_false_explains_a_type_once_and_a_section_of_other_rules_again(
        run, write_config, tmp_path):
    """A publisher's kakuro at four levels printed the same rules and example at each, each on a
    page of its own: with `repeat_rules: false` a type's rules and example come once, at its first
    section; a later section of it opens with its title and level, its first puzzle below them. A
    killer sudoku's rules after a classic sudoku's differ, so they are printed."""
    config = write_config("""
        title: Once
        layout: 6x9
        seed: 4
        repeat_rules: false
        contents: false
        title_page: false
        answers: none
        sections:
          - {type: kakuro, count: 1, difficulty: easy, size: 6}
          - {type: kakuro, count: 1, difficulty: medium, size: 6}
          - {type: sudoku, count: 1, difficulty: easy}
          - {type: sudoku, count: 1, difficulty: easy, variant: killer}
          - {type: sudoku, count: 1, difficulty: medium}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "once.pdf"), "-q", "-j", "1")
    assert status == 0, err
    openings = []
    for page in text_of(tmp_path / "once.pdf"):
        if "Difficulty:" in page:
            openings.append(("How to play." in page, "Example" in page))
    assert [rules for rules, _example in openings] == [True, False, True, True, False]
    assert [example for _rules, example in openings[:3]] == [True, False, True]
    assert not openings[4][1]
    config.write_text(config.read_text().replace("repeat_rules: false", "repeat_rules: true"))
    assert run("build", str(config), "-o", str(tmp_path / "each.pdf"), "-q", "-j", "1")[0] == 0
    assert all("How to play." in page for page in text_of(tmp_path / "each.pdf") if "Difficulty:" in page)


def test_repeat_rules_false_explains_a_type_once_at_every_size_its_headings_saying_the_size(
        run, write_config, tmp_path):
    """Calcudoku's rules name the grid's side ("Write a number from 1 to 6"), so a book of it at
    three levels printed them, and the same 4x4 example, at each: with `repeat_rules: false` they
    come once, and a later section of another size says its size in its heading (where its title
    does not already). A 9x9 jigsaw after a 6x6 one is told the same way."""
    config = write_config("""
        title: Once
        layout: 6x9
        seed: 4
        repeat_rules: false
        contents: false
        title_page: false
        answers: none
        sections:
          - {type: calcudoku, count: 1, difficulty: easy, title: Calcudoku}
          - {type: calcudoku, count: 1, difficulty: medium, title: Calcudoku}
          - {type: calcudoku, count: 1, difficulty: easy, size: 6}
          - {type: sudoku, count: 1, difficulty: easy, variant: jigsaw, size: 6}
          - {type: sudoku, count: 1, difficulty: easy, variant: jigsaw}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "once.pdf"), "-q", "-j", "1")
    assert status == 0, err
    openings = [page for page in text_of(tmp_path / "once.pdf") if "Difficulty:" in page]
    assert ["How to play." in page for page in openings] == [True, False, False, True, False]
    assert "5 \u00d7 5 \u00b7 Difficulty: Medium" in openings[1].replace("\u00a0", " ")
    assert "Difficulty" in openings[2] and openings[2].replace("\u00a0", " ").count("6 \u00d7 6") == 1
    assert "9 \u00d7 9 \u00b7 Difficulty: Easy" in openings[4].replace("\u00a0", " ")
