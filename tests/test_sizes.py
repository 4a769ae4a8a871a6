"""The size rules of bookgen.render.sizes, measured on built PDFs: no text under its profile's
floor (7 pt; in large print 14 pt, and 16 pt for the numbers in puzzles), no two texts on top of
each other, one size per puzzle type, answers no larger than their puzzles, and a puzzle that
cannot print at its floor refused with the size that fits."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from pypdf import PdfReader

from bookgen import audit
from bookgen.config import ROOT
from bookgen.render.geometry import choose_grid
from bookgen.render.sizes import LARGE_PRINT, STANDARD, TooManyToAPage

SLACK = 0.5  # points two text boxes may share (an ascender touching the descender above)


def print_runs(path) -> list[tuple[tuple[float, ...], bool, list, str]]:
    """Per page, as the auditor reads it: its trim box, whether it has bleed, every text run as
    (text, left, bottom, right, top, size) and its text."""
    return [(page.trim, page.bleed, [(r.text, r.left, r.bottom, r.right, r.top, r.size)
                                     for r in page.runs], page.text)
            for page in audit.read_pages(path)]


def overlaps(runs: list) -> list[tuple[str, str]]:
    """The pairs of text runs whose boxes overlap. Runs that pypdf reports at the same point are
    the pieces of one line in two fonts ("How to play." and its rules), not an overlap."""
    pairs = []
    for i, (a, al, ab, ar, at, _) in enumerate(runs):
        for b, bl, bb, br, bt, _ in runs[i + 1:]:
            same_start = abs(al - bl) < 0.01 and abs(ab - bb) < 0.01
            if not same_start and min(ar, br) - max(al, bl) > SLACK \
                    and min(at, bt) - max(ab, bb) > SLACK:
                pairs.append((a, b))
    return pairs


def puzzle_pages(path) -> list[tuple[int, list, str]]:
    """(page number, runs without the page number, text) of each page of puzzles: not an
    opening (rules and example) nor the answer key."""
    pages = []
    for number, (_, _, runs, text) in enumerate(print_runs(path), start=1):
        if "How to play." in text or "Answers" in text or not any(r[0].isdigit() for r in runs):
            continue
        folio = min(runs, key=lambda r: r[2])
        pages.append((number, [r for r in runs if r is not folio], text))
    return pages


def usual_number_size(runs: list) -> float:
    sizes = [round(r[5], 1) for r in runs if r[0].lstrip("\u2212").isdigit()]
    return Counter(sizes).most_common(1)[0][0]


def build(run, write_config, tmp_path, text: str, name: str = "book"):
    target = tmp_path / f"{name}.pdf"
    status, _, err = run("build", str(write_config(text, name=f"{name}.yaml")), "-o", str(target),
                         "-q", "--workers", "1")
    assert status == 0, err
    return target


def test_the_floors_are_stated_once_per_profile():
    assert STANDARD.least == STANDARD.in_puzzle("12") == STANDARD.in_puzzle("Make 10") == 7.0
    assert LARGE_PRINT.in_puzzle("\u221212.5") == LARGE_PRINT.in_puzzle("3") == 16.0
    assert LARGE_PRINT.in_puzzle("Make 10") == LARGE_PRINT.in_answer("12") == 14.0
    assert LARGE_PRINT.at_least(12.95) == 14.0 and STANDARD.at_least(8.5) == 8.5


LARGE_5X8 = """
title: Large
layout: 5x8
large_print: true
seed: 3
sections:
  - {type: numbrix, title: Paths, count: 3, difficulty: easy, size: 6}
  - {type: hidato, title: Hidato, count: 2, difficulty: medium, shape: diamond, size: 7}
  - {type: arithmetic, title: Make Ten, count: 2, difficulty: medium}
  - {type: pyramid, title: Pyramids, count: 3, difficulty: medium, variant: classic}
  - {type: numberwall, title: Walls, count: 3, difficulty: easy}
  - {type: arrows, title: Arrows, count: 2, difficulty: medium}
"""


def test_large_print_on_the_smallest_trim_keeps_every_floor(run, write_config, tmp_path):
    """On a 5 x 8 in large-print book every text is 14 pt or more (heads, page numbers,
    captions, the answer key), every number in a puzzle 16 pt or more, nothing overlaps, and the
    puzzles of a section print at one size (its first row once printed at 7 pt)."""
    target = build(run, write_config, tmp_path, LARGE_5X8)
    pages = print_runs(target)
    small = [(n, r[0], round(r[5], 1)) for n, (_, _, runs, _) in enumerate(pages, start=1)
             for r in runs if r[5] < LARGE_PRINT.least - 0.01]
    assert not small, small[:5]
    collide = [(n, overlaps(runs)) for n, (_, _, runs, _) in enumerate(pages, start=1)
               if overlaps(runs)]
    assert not collide, collide[:3]
    sizes_by_section: dict[str, set[float]] = {}
    for number, runs, text in puzzle_pages(target):
        numbers = [r for r in runs if re.fullmatch(r"\u2212?\d+", r[0])]
        assert min(r[5] for r in numbers) >= LARGE_PRINT.numbers - 0.01, number
        sizes_by_section.setdefault(text.split("\n")[0], set()).add(usual_number_size(runs))
    assert len(sizes_by_section) >= 5
    assert all(len(sizes) == 1 for sizes in sizes_by_section.values()), sizes_by_section


def test_large_print_letter_has_no_text_under_fourteen_points(run, write_config, tmp_path):
    text = LARGE_5X8.replace("5x8", "8.5x11") + (
        "  - {type: placement, title: Chains, count: 4, difficulty: easy}\n"
        "  - {type: placement, title: Fractions, count: 4, difficulty: hard}\n")
    target = build(run, write_config, tmp_path, text)
    runs = [r for _, _, page, _ in print_runs(target) for r in page]
    assert len(runs) > 500 and min(r[5] for r in runs) >= 14.0 - 0.01
    assert not [overlaps(page) for _, _, page, _ in print_runs(target) if overlaps(page)]


@pytest.mark.parametrize("args, spread", [
    (("placement", "--difficulty", "hard", "--count", "12", "--layout", "letter"), True),
    (("sudoku", "--set", "variant=killer", "--count", "1", "--layout", "a4"), False),
    (("crossword", "--difficulty", "medium", "--layout", "letter"), True)])
def test_a_worksheet_too_small_for_its_puzzles_spreads_them_over_pages(run, tmp_path, args, spread):
    """Twelve hard chains do not fit one letter page at 7 pt (they once printed 310 runs at 6 pt,
    85 pairs on top of each other): the worksheet takes as many to a page as print at 7 pt. A
    killer's example stands stacked on A4 and leaves no room below it (refused, at "-0.1 pt";
    then the opening took the first page, the puzzle the next): the sheet shows its example
    solved alone and is one page. Six medium crosswords: the size check's first fits two to a
    page, a larger one of the six only one (refused, before the sheet tried fewer again)."""
    target = tmp_path / "sheet.pdf"
    status, _, err = run("worksheet", *args, "-o", str(target), "--workers", "1")
    assert status == 0, err
    assert bool(re.search(r"note: \d+ of these puzzles fits? a page", err)) == spread
    for path in (target, tmp_path / "sheet-answers.pdf"):
        pages = print_runs(path)
        assert min(r[5] for _, _, runs, _ in pages for r in runs) >= STANDARD.least - 0.01
        if args[0] != "crossword":  # its solved grids' numbers sit in the corners of their letters' boxes
            assert not [overlaps(runs) for _, _, runs, _ in pages if overlaps(runs)]
    assert (len(PdfReader(target).pages) > 1) == spread



def test_a_worksheets_notes_speak_the_users_language(run, tmp_path, monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    status, _, err = run("worksheet", "placement", "--difficulty", "easy", "--count", "13",
                         "-o", str(tmp_path / "sheet.pdf"), "--workers", "1")
    assert status == 0, err
    assert ("bookgen: Hinweis: eine Arbeitsblattseite fasst höchstens 12 Rätsel; diese 13 brauchen "
            "mehrere Seiten") in err


def test_the_a4_worksheet_answers_are_no_larger_than_its_puzzles(run, tmp_path):
    target = tmp_path / "worksheet.pdf"
    status, _, err = run("build", str(ROOT / "config" / "worksheet.yaml"), "-o", str(target), "-q",
                         "--workers", "1")
    assert status == 0, err
    (_, _, puzzles, _), = print_runs(target)  # one page
    answers = print_runs(tmp_path / "worksheet-answers.pdf")[0][2]
    assert usual_number_size(answers) <= usual_number_size(puzzles) + 0.01


def test_one_type_prints_at_one_size_for_each_grid_size_across_the_book(run, write_config,
                                                                       tmp_path):
    """Two Numbrix sections of one grid size print one cell size, and a puzzle alone on its page
    is not drawn larger than the others (it printed at 21 pt beside 14.6 pt); a smaller grid of
    the type no longer shrinks them to its cells (a 20x20 word search printed at 10.7 pt beside a
    5x5 one), but prints as large as its own page allows."""
    target = build(run, write_config, tmp_path, """
        title: One size
        layout: 6x9
        seed: 5
        sections:
          - {type: numbrix, title: Paths, count: 4, difficulty: easy, size: 8}
          - {type: numbrix, title: Small, count: 3, difficulty: easy, size: 5}
          - {type: numbrix, title: More, count: 3, difficulty: medium, size: 8}
    """)
    pages = puzzle_pages(target)
    labels = [[r for r in runs if r[0].isdigit() and abs(r[5] - 11.0) < 0.01]  # puzzle numbers
              for _, runs, _ in pages]
    assert any(len(found) == 1 for found in labels)  # a page holding one puzzle
    sizes: dict[str, set[float]] = {}
    for _, runs, text in pages:
        sizes.setdefault(text.strip().split("\n")[-1], set()).add(usual_number_size(runs))  # its head
    assert sizes["Paths"] == sizes["More"] and len(sizes["Paths"]) == 1, sizes
    assert min(sizes["Small"]) > max(sizes["Paths"]), sizes


def test_a_killer_refused_in_large_print_names_only_changes_that_would_work(run, write_config,
                                                                           tmp_path):
    """A killer is 9x9 at every level: its refusal advised "a smaller size or an easier
    difficulty"; two to a page, where not even one fits, it says so at the section's line."""
    config = write_config("""
        title: Killers
        layout: 5x8
        large_print: true
        sections:
          - {type: sudoku, count: 2, difficulty: easy, variant: killer, per_page: 2}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "k.pdf"), "-q", "--workers", "1")
    assert status == 2
    assert re.search(r"book\.yaml:5: .*not even one to a page fits at that size; use a larger trim "
                     r"\([^)]*8\.5x11[^)]*\)$", err.strip()), err
    assert "difficulty" not in err.split("needs")[1] and "smaller size" not in err


def test_a_page_of_too_many_words_for_large_print_is_told_to_take_fewer(run, write_config, tmp_path):
    """Thirty scrambles a page in large print on 5 x 8: the refusal offered only standard print,
    though the page of the level's own ten prints."""
    config = """
        title: Scrambles
        layout: 5x8
        large_print: true
        sections:
          - {type: scramble, count: 1, difficulty: hard, word_count: COUNT}
    """
    status, _, err = run("build", str(write_config(config.replace("COUNT", "30"))),
                         "-o", str(tmp_path / "s.pdf"), "-q", "--workers", "1")
    assert status == 2 and err.strip().endswith("or fewer words (word_count)"), err
    status, _, err = run("build", str(write_config(config.replace("COUNT", "10"))),
                         "-o", str(tmp_path / "s.pdf"), "-q", "--workers", "1")
    assert status == 0, err


def test_a_refusal_names_exactly_the_trims_on_which_the_section_prints(run, write_config, tmp_path):
    """A large-print expert placement chain on 5 x 8 is refused; the trims its advice names are
    those a book of the section builds on, each laid out as that book would lay it: the check by
    the text area alone named 5.5 x 8.5, which refuses it too (and a large-print crossword on 5 x 8
    was told no trim would do, though 6 x 9 wraps its clues below the grid and prints it)."""
    config = write_config("""
        title: Chains
        layout: 5x8
        large_print: true
        seed: look
        sections:
          - {type: placement, count: 1, difficulty: expert}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "c.pdf"), "-q", "--workers", "1")
    assert status == 2
    trims = re.search(r"use a larger trim \(([^)]*)\)", err)
    assert trims, err
    named = trims.group(1).split(", ")
    assert "5.5x8.5" not in named and "a5" in named, named
    for trim, builds in (("5.5x8.5", False), ("a5", True)):
        config.write_text(re.sub(r"layout: \S+", f"layout: {trim}", config.read_text()))
        status, _, err = run("build", str(config), "-o", str(tmp_path / "c.pdf"), "-q", "--workers", "1")
        assert (status == 0) == builds, (trim, err)


def test_the_trims_a_refusal_names_are_told_apart_by_their_page(monkeypatch, write_config):
    """The advice called every trim that prints a section "a larger trim": US Letter's refusal
    named 5x8 and 6x9 (where a crossword narrows) and the 8.5x11 workbook (the same paper). A
    larger page, the same page with narrower margins and any other trim are named apart."""
    from bookgen.book import Section
    from bookgen.config import load_config
    from bookgen.render import document

    config = load_config(write_config("""
        title: T
        layout: letter
        sections:
          - {type: crossword, count: 1, difficulty: easy}
    """))
    monkeypatch.setattr(document, "_prints_on", lambda layout, *args: True)
    section = Section(config.sections[0], config.sections[0].puzzle_type, 1, ())
    said = document._changes_that_work(config, section, 7.0, 7.0)
    larger = re.search(r"a larger trim \(([^)]*)\)", said)
    same = re.search(r"narrower margins \(([^)]*)\)", said)
    smaller = re.search(r"another trim \(([^)]*)\)", said)
    assert larger and same and smaller, said
    assert larger.group(1) == "a4"  # taller, if narrower
    assert same.group(1) == "8.5x11" and {"6x9", "8.25x11"} <= set(smaller.group(1).split(", "))


def test_a_per_page_refusal_names_the_count_that_lays_out(run, write_config, tmp_path):
    """Two large-print crosswords to a 6x9 page were refused with "not even one to a page fits",
    though one to a page prints (its clues go on in bands on the next page, which a guess from
    the drawing's natural size missed): the advice comes from laying the section out with fewer
    to a page, and the count it names builds the book."""
    config = write_config("""
        title: Crosswords
        layout: 6x9
        large_print: true
        seed: g49
        sections:
          - {type: crossword, count: 2, difficulty: easy, per_page: 2}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "c.pdf"), "-q", "--workers", "1")
    assert status == 2 and "not even one" not in err and "(per_page: 1)" in err, err
    config.write_text(config.read_text().replace("per_page: 2", "per_page: 1"))
    assert run("build", str(config), "-o", str(tmp_path / "c.pdf"), "-q", "--workers", "1")[0] == 0


def test_a_per_page_above_the_count_prints_the_count_to_a_page(run, write_config, tmp_path):
    """Two crosswords with `per_page: 6` (a studio sheet's 8, its count lowered) were refused
    because six do not fit a page: the section has two, which print on their page as
    `per_page: 2` prints them."""
    config = write_config("""
        title: Crosswords
        layout: letter
        seed: 3
        sections:
          - {type: crossword, count: 2, difficulty: easy, per_page: 6}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "six.pdf"), "-q", "--workers", "1")
    assert status == 0, err
    config.write_text(config.read_text().replace("per_page: 6", "per_page: 2"))
    assert run("build", str(config), "-o", str(tmp_path / "two.pdf"), "-q", "--workers", "1")[0] == 0
    assert (tmp_path / "six.pdf").read_bytes() == (tmp_path / "two.pdf").read_bytes()


def test_a_layout_of_the_same_page_is_named_for_its_margins_not_as_a_larger_trim(
        run, write_config, tmp_path):
    """A large-print killer sudoku on US Letter was told to "use a larger trim (8.5x11)", a page
    of the same size: the 8.5x11 workbook's narrower margins are what give it room, and the
    advice says so; the layout it names builds the book."""
    config = write_config("""
        title: Killer
        layout: letter
        large_print: true
        seed: s
        sections:
          - {type: sudoku, count: 2, difficulty: medium, variant: killer}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "k.pdf"), "-q", "--workers", "1")
    assert status == 2 and "larger trim" not in err, err
    layouts = re.search(r"a layout of this page size with narrower margins \(([^)]*)\)", err)
    assert layouts and layouts.group(1) == "8.5x11", err
    config.write_text(config.read_text().replace("layout: letter", "layout: 8.5x11"))
    assert run("build", str(config), "-o", str(tmp_path / "k.pdf"), "-q", "--workers", "1")[0] == 0


def test_a_puzzle_too_large_for_large_print_is_refused_naming_the_size_that_fits(
        run, write_config, tmp_path, monkeypatch):
    """A 12 x 12 Numbrix on a 5 x 8 in large-print page cannot print its numbers at 16 pt (a
    grid cannot wrap, as placement's chains do): one message names the section, the trim and the
    size that fits, before the book is made; nothing is written."""

    def no_book(*args, **kwargs):
        raise AssertionError("the book was made before the refusal")

    monkeypatch.setattr("bookgen.book.make_book", no_book)
    config = write_config("title: Large\nlayout: 5x8\nlarge_print: true\nsections:\n"
                          "  - {type: numbrix, title: Chains, count: 2, difficulty: easy, size: 12}\n")
    target = tmp_path / "large.pdf"
    status, _, err = run("build", str(config), "-o", str(target), "-q", "--workers", "1")
    assert status == 2 and "Traceback" not in err
    assert "section 'Chains'" in err and "5 x 8 in" in err and "needs 16 pt" in err, err
    assert re.search(r"the largest that fits prints it at (\d|1[0-5])\.\d pt", err), err
    assert f"{config}:5" in err and not target.exists()


def test_a_fraction_stays_inside_its_box_in_puzzles_and_answers():
    """A stacked fraction prints at 0.85 of the digits (7 pt or more wherever the digits print at
    8.2 pt), so an answer's box grows to hold it rather than the fraction shrinking."""
    from test_layout_quality import HOSTILE_PLACEMENT, measuring_pen, rects, text_boxes

    from bookgen.puzzles import find_type

    placement = find_type("placement")
    puzzle = HOSTILE_PLACEMENT[0]
    order = sorted(puzzle["numbers"], key=lambda t: float(eval(t)))
    for draw in (lambda pen: placement.draw_puzzle(pen, puzzle),
                 lambda pen: placement.draw_solution(pen, puzzle, {"order": order})):
        pen = measuring_pen()
        draw(pen)
        boxes, checked = rects(pen), 0
        for text, left, top, right, bottom in text_boxes(pen):
            around = [r for r in boxes if r[0] <= (left + right) / 2 <= r[2]
                      and r[1] <= (top + bottom) / 2 <= r[3]]
            if around:  # not a sign between two boxes
                x0, y0, x1, y1 = min(around, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
                assert y0 + 0.2 <= top and bottom <= y1 - 0.2, (text, top, bottom, y0, y1)
                checked += 1
        assert checked >= 12


@pytest.mark.parametrize("per_page", [6, 9, 12])
def test_too_many_to_a_page_without_text_names_the_most_that_fit(per_page):
    """A drawing with no text to set a floor (a futoshiki of signs alone), too many to a page:
    the refusal says how many fit, so that a worksheet spreads them over more pages instead of
    failing (six hard futoshikis in large print did)."""
    natural, frame, label = (100.0, 100.0), (200.0, 200.0), 10.0
    with pytest.raises(TooManyToAPage) as refused:
        choose_grid(natural, frame, label, ((1, 1),), 0.3, 2.0, per_page)
    fits = refused.value.fits
    assert f"at most {fits} " in str(refused.value) and f"(per_page: {fits})" in str(refused.value)
    choose_grid(natural, frame, label, ((1, 1),), 0.3, 2.0, fits)  # that many do fit
    with pytest.raises(TooManyToAPage):
        choose_grid(natural, frame, label, ((1, 1),), 0.3, 2.0, fits + 1)


def test_a_large_print_sheet_of_futoshikis_without_digits_takes_more_pages(run, tmp_path):
    """Its size check's sample held no digit, so no floor: the sheet was refused ("6 of these
    puzzles do not fit on one page of this layout") where four to a page print."""
    status, _, err = run("worksheet", "futoshiki", "-d", "hard", "--large-print",
                         "-o", str(tmp_path / "f.pdf"))
    assert status == 0 and "4 of these puzzles fit a page at large print sizes" in err, err
    # on 5 x 8 not even one fits below the sheet's opening: it takes a page of its own, as a
    # section whose puzzles' text needs the room does, and two sudoku-sized squares follow a page
    status, _, err = run("worksheet", "futoshiki", "-d", "medium", "--large-print", "--layout", "5x8",
                         "-o", str(tmp_path / "small.pdf"))
    assert status == 0 and "2 of these puzzles fit a page at large print sizes" in err, err
    first, second = audit.read_pages(tmp_path / "small.pdf")[:2]
    labels = [{r.text for r in page.runs if r.face == "bold"} for page in (first, second)]
    assert "How to play" in first.text and "1" not in labels[0] and {"1", "2"} <= labels[1]


def test_a_large_print_sheet_too_small_for_its_grids_names_the_size_that_prints(run, tmp_path):
    """Hard kakuros in large print on 5 x 8: the refusal measured the room left below the sheet's
    opening, not the page the rows take after it, and said no size prints there; it names the
    largest that does, and a sheet of that size builds; and the larger trims that print the
    sheet as asked (it said "a larger trim" and named none)."""
    status, _, err = run("worksheet", "kakuro", "-d", "hard", "--large-print", "--layout", "5x8",
                         "-o", str(tmp_path / "k.pdf"))
    found = re.search(r"size (\d+) is the largest that prints there at that size$", err.strip())
    assert status == 2 and found, err
    trims = re.search(r"use a larger trim \(([^)]*)\) or a smaller size", err)
    assert trims and "8.5x11" in trims.group(1).split(", ") and "5x8" not in trims.group(1), err
    status, _, err = run("worksheet", "kakuro", "-d", "hard", "--large-print", "--layout", "5x8",
                         "--set", f"size={found.group(1)}", "-o", str(tmp_path / "k.pdf"))
    assert status == 0, err


def test_every_section_that_cannot_print_is_named_in_one_refusal(run, write_config, tmp_path):
    """A large-print 5 x 8 book of kakuro, sudoku and calcudoku was refused for the kakuro, and,
    once that was mended, built again to be refused for the calcudoku: the size check names each
    section that cannot print, on its own line at its own line of the config, and no other."""
    config = write_config("""
        title: Logic in large print
        layout: 5x8
        large_print: true
        seed: 3
        sections:
          - type: kakuro
            count: 2
            difficulty: medium
            size: 9
          - type: sudoku
            count: 2
            difficulty: easy
          - type: calcudoku
            count: 2
            difficulty: medium
            size: 9
        """)
    output = tmp_path / "book.pdf"
    status, _, err = run("build", str(config), "-o", str(output), "--quiet")
    lines = err.strip().splitlines()
    assert status == 2 and len(lines) == 2 and not output.exists(), err
    for line, (number, name) in zip(lines, ((6, "Kakuro"), (13, "Calcudoku"))):
        assert line.startswith(f"bookgen: error: {config}:{number}: the puzzles of section '{name}'")
        assert re.search(r"size \d is the largest that prints there at that size$", line), line


def test_a_page_no_size_prints_on_names_the_trims_that_print_it(run, tmp_path):
    """On a 3.5 x 5 in page no kakuro prints in large print: the refusal names the trims on
    which the sheet does ("use a larger trim" alone named none)."""
    layout = tmp_path / "tiny.yaml"
    layout.write_text("title: Tiny\npage: {width: 3.5in, height: 5in}\n"
                      "margins: {top: 0.4in, bottom: 0.4in, inside: 0.3in, outside: 0.3in}\n"
                      "fonts: {regular: DejaVuSans.ttf, bold: DejaVuSans-Bold.ttf, italic: "
                      "DejaVuSans-Oblique.ttf}\nsizes: {body: 10, heading: 16, title: 24}\n"
                      "grids: [[1, 2], [1, 1]]\n")
    status, _, err = run("worksheet", "kakuro", "-d", "hard", "--large-print", "--layout",
                         str(layout), "-o", str(tmp_path / "k.pdf"))
    assert status == 2, err
    assert re.search(r"no size of it prints there at that size; use a larger trim \([^)]*letter\)$",
                     err.strip()), err


def box_sides(page) -> list[float]:
    """The heights, mm, of the small square paths a page paints (a cryptogram's boxes)."""
    return [(top - bottom) / 72 * 25.4 for bottom, top in page.drawn if 0 < top - bottom < 40]


def test_a_cryptogram_sheet_prints_boxes_a_child_writes_in(run, tmp_path):
    """Six French cryptograms on one A4 sheet wrote in boxes 4.4 mm wide, their letters at 8.4
    pt, a third of the page blank: the boxes are now 7.5 mm, fewer quotations to a page."""
    target = tmp_path / "crypto.pdf"
    status, _, err = run("worksheet", "cryptogram", "-L", "fr", "-n", "3", "-o", str(target),
                         "--workers", "1")
    assert status == 0, err
    pages = audit.read_pages(target)
    side = Counter(round(s, 1) for page in pages for s in box_sides(page)).most_common(1)[0][0]
    assert 7.0 <= side <= 8.0 and len(pages) > 1, (side, len(pages))


def test_a_childrens_sheets_word_list_prints_at_a_size_a_child_reads(run, tmp_path):
    """A children's word search printed its list at 7.6 pt (its letters at 10.8 pt, the same
    puzzle in a book at 14.6 pt), six to an A4 sheet: a children's puzzle text prints at 11 pt,
    fewer to a page."""
    least = 11.0
    target = tmp_path / "sheet.pdf"
    status, _, err = run("worksheet", "wordsearch", "-L", "it", "--set", "children=true", "-n", "4",
                         "-o", str(target), "--workers", "1")
    assert status == 0, err
    pages = audit.read_pages(target)
    words = [r for page in pages[1:] for r in page.runs  # after the rules' small example
             if len(r.text) >= 3 and r.text.isalpha() and r.text.isupper()]
    assert len(words) >= 8 and min(r.size for r in words) >= least - 0.01, sorted(
        (round(r.size, 1), r.text) for r in words)[:3]


def test_large_print_cryptograms_print_their_letters_at_sixteen_points(run, write_config, tmp_path):
    """Large-print cryptograms on 6 x 9 printed their letters at 15.1 pt (under the 16 pt body),
    their boxes 0.24 in: they print as large as the section's longest quotation alone fits a page
    (17.3 pt here), towards boxes of 0.35 in, which US Letter's width reaches."""
    for layout, side in (("6x9", 6.5), ("8.5x11", 0.35 * 25.4)):
        target = build(run, write_config, tmp_path, f"""
            title: Large
            layout: {layout}
            large_print: true
            seed: 11
            sections:
              - {{type: cryptogram, count: 6, difficulty: easy}}
        """, name=layout)
        pages = [page for page in audit.read_pages(target)[3:] if "Answers" not in page.text]
        letters = [r for page in pages for r in page.runs if len(r.text) == 1 and r.text.isalpha()]
        assert len(letters) > 100 and min(r.size for r in letters) >= 16.0 - 0.01, layout
        boxes = [s for page in pages for s in box_sides(page)]
        assert Counter(round(s, 1) for s in boxes).most_common(1)[0][0] >= side, layout
