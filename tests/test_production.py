"""Print-ready books: print-on-demand profile, trims and bleed, banks, workers, worksheets, previews."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from bookgen import audit
from bookgen.config import ROOT, available_layouts, load_layout
from bookgen.errors import BookgenError
from bookgen.render import geometry
from bookgen.render.pdf import POD_GUTTERS

INCH = 72.0

POD_BOOK = """
title: Print Test
layout: 6x9
profile: print-on-demand
seed: 4
bleed: {bleed}
sections:
  - {{type: placement, count: {count}, difficulty: easy}}
  - {{type: placement, count: {count}, difficulty: expert, per_page: 2}}
"""


@pytest.fixture(scope="module")
def pod_pdf(tmp_path_factory) -> Path:
    """The shipped 6x9 print-on-demand book, built once for the tests that inspect it."""
    from bookgen.cli import main

    target = tmp_path_factory.mktemp("pod") / "pod-6x9.pdf"
    assert main(["build", str(ROOT / "config" / "pod-6x9.yaml"), "-o", str(target), "-q",
                 "--workers", "1"]) == 0
    return target


def text_x_range(page: audit.Page) -> tuple[float, float]:
    """Leftmost and rightmost x of the text on a page, page numbers in the footer left out."""
    xs = [run.left for run in page.runs if run.baseline > 0.75 * INCH]
    return min(xs), max(xs)


def text_positions(page: audit.Page) -> tuple[list[float], list[float]]:
    """The baselines and sizes of a page's text, page numbers in the footer left out."""
    runs = [run for run in page.runs if run.baseline > 0.75 * INCH]
    return [run.baseline for run in runs], [run.size for run in runs]


def usual_digit_size(page: audit.Page) -> float:
    """The size most numbers on a page print at: its puzzles' (or answers') numbers, not the
    labels or the page number."""
    sizes = [round(run.size, 1) for run in page.runs if run.text.strip().lstrip("\u2212").isdigit()]
    return max(set(sizes), key=sizes.count)


def test_pod_book_page_size_fonts_and_no_bookmarks(pod_pdf):
    reader = PdfReader(pod_pdf)
    data = pod_pdf.read_bytes()
    assert len(reader.pages) % 2 == 0 and len(reader.pages) >= 24
    for page in reader.pages:
        assert [round(float(v)) for v in page.mediabox] == [0, 0, 432, 648]
        assert [round(float(v)) for v in page.trimbox] == [0, 0, 432, 648]
        assert "/Annots" not in page
    assert reader.outline == [] and b"/Outlines" not in data
    assert b"Helvetica" not in data
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            assert "/FontFile2" in descendant["/FontDescriptor"].get_object()


def test_pod_gutter_is_on_the_inside_of_odd_and_even_pages(pod_pdf):
    pages = audit.read_pages(pod_pdf)
    gutter = POD_GUTTERS[0][1] * INCH
    layout = load_layout("6x9")
    inside = layout.margin_inside / 25.4 * INCH + gutter
    outside = layout.margin_outside / 25.4 * INCH
    checked = {0: 0, 1: 0}
    for index, page in enumerate(pages[3:20], start=4):
        left, _ = text_x_range(page)
        odd = index % 2 == 1
        expected = inside if odd else outside
        assert left >= expected - 2.5, (index, left)  # no text in the margin or the gutter
        # a page of puzzles narrower than their slots starts at a drawing's corner, further in
        checked[index % 2] += left == pytest.approx(expected, abs=2.5)
    assert checked[0] and checked[1]


def test_pod_ink_lines_at_least_three_quarter_point_and_greys_at_least_ten_percent(pod_pdf):
    for page in PdfReader(pod_pdf).pages:
        stream = page.get_contents().get_data().decode("latin-1")
        for width in re.findall(r"(?<![\w.])([\d.]+) w\b", stream):
            assert float(width) >= 0.75 - 1e-6
        for grey in re.findall(r"(?<![\w.])([\d.]+) g\b", stream):
            assert float(grey) <= 0.9 + 1e-6 or float(grey) == 1.0


def test_bleed_pages_are_wider_and_taller_with_the_trim_box_inside(run, write_config, tmp_path):
    config = write_config(POD_BOOK.format(bleed="true", count=30))
    target = tmp_path / "bleed.pdf"
    status, _, err = run("build", str(config), "-o", str(target), "-q", "--workers", "1")
    assert status == 0, err
    reader = PdfReader(target)
    for number, page in enumerate(reader.pages[:4], start=1):
        assert [round(float(v), 1) for v in page.mediabox] == [0, 0, 441, 666]
        assert [round(float(v), 1) for v in page.bleedbox] == [0, 0, 441, 666]
        left = 0 if number % 2 == 1 else 9  # the bleed lies on the outside edge
        assert [round(float(v), 1) for v in page.trimbox] == [left, 9, left + 432, 9 + 648]


def test_pod_refuses_a_short_book_and_one_longer_than_its_trim_takes_on_its_paper(
        run, write_config, tmp_path, monkeypatch):
    config = write_config(POD_BOOK.format(bleed="false", count=2))
    target = tmp_path / "short.pdf"
    status, _, err = run("build", str(config), "-o", str(target), "-q", "--workers", "1")
    assert status == 2 and "at least 24" in err and "profile" in err
    assert not target.exists()
    # the most pages by trim and paper (docs/publishing.md's table), each number exact
    for (width, height), paper, most, trim in [
            ((8.5, 11), "white", 590, "8.5 x 11"), ((8.5, 11), "cream", 550, "8.5 x 11"),
            ((6, 9), "cream", 776, "6 x 9"), ((6, 9), "white", 828, "6 x 9"),
            ((210 / 25.4, 297 / 25.4), "color", 590, "8.27 x 11.69")]:
        geometry.check_pod_pages(most, width * INCH, height * INCH, paper, "book.yaml")
        with pytest.raises(BookgenError, match=rf"has {most + 1} pages; print-on-demand prints at most "
                                               rf"{most} at {re.escape(trim)} in on {paper} paper"):
            geometry.check_pod_pages(most + 1, width * INCH, height * INCH, paper, "book.yaml")
    # and a build refuses with its trim's number, past the gutter table's 828 too
    monkeypatch.setattr(geometry, "POD_MIN_PAGES", 1)
    monkeypatch.setitem(geometry.POD_MOST_BY_TRIM, (6.0, 9.0), {"white": 3, "cream": 3, "color": 3})
    status, _, err = run("build", str(config), "-o", str(target), "-q", "--workers", "1")
    assert status == 2 and "print-on-demand prints at most 3 at 6 x 9 in on white paper" in err
    assert "Traceback" not in err and not target.exists()
    assert geometry.pod_gutter(900) == geometry.POD_GUTTERS[-1][1] * INCH


def test_home_profile_has_clickable_contents_and_bookmarks_and_an_isbn_on_its_copyright_page(
        run, write_config, tmp_path):
    home = POD_BOOK.format(bleed="false", count=3).replace("print-on-demand", "home")
    target = tmp_path / "home.pdf"
    for isbn, why in [("978-3-16-148410-1", "the check digit, is 1 where its other digits give 0"),
                      ("0-306-40615-2", "it is an ISBN-10; its ISBN-13 is 9780306406157"),
                      ("978-3-16-148410", "it has 12 digits, and an ISBN-13 has 13")]:
        status, _, err = run("build", str(write_config(home + f"isbn: {isbn}\n")), "-o", str(target), "-q")
        assert status == 2 and why in err and "isbn" in err and "Traceback" not in err
    config = write_config(home + "isbn: ISBN 978 3 16 148410 0\n")  # no copyright: a page for it alone
    assert run("build", str(config), "-o", str(target), "-q", "--workers", "1")[0] == 0
    reader = PdfReader(target)
    assert reader.pages[1].extract_text().split() == ["2", "ISBN", "978-3-16-148410-0"]  # folio, line
    links = [a.get_object() for a in reader.pages[2].get("/Annots", [])]
    # 2 sections, the answers, and where each section's answers begin
    assert len(links) == 5 and all(a["/Subtype"] == "/Link" for a in links)
    *sections, answers = reader.outline
    assert [item.title for item in sections] == ["Number Placement"] * 2 + ["Answers"]
    assert len(answers) == 2


POD_TRIMS = {"5x8": (5, 8), "5.5x8.5": (5.5, 8.5), "6x9": (6, 9), "7x10": (7, 10), "8x10": (8, 10),
             "8.5x11": (8.5, 11), "8.25x11": (8.25, 11)}


def test_every_trim_size_is_a_layout():
    sizes = {name: (round(load_layout(name).width / 25.4, 3), round(load_layout(name).height / 25.4, 3))
             for name in available_layouts()}
    for name, inches in POD_TRIMS.items():
        assert sizes[name] == inches
    assert {"letter", "a4", "a5"} <= set(sizes)


@pytest.mark.parametrize("name", sorted(POD_TRIMS))
@pytest.mark.parametrize("bleed", [False, True])
def test_print_on_demand_trims_meet_the_gutter_table(name, bleed):
    """Inside at least the table's gutter for the page count, outside, top and bottom at least
    0.25 in (0.375 in with bleed), and a frame that still holds a puzzle at 828 pages."""
    from bookgen.bookconfig import BookConfig
    from bookgen.render.geometry import make_geometry

    layout = load_layout(name)
    config = BookConfig(name="t", file="t", title="t", subtitle=None, author=None, layout=layout,
                        seed="1", answers="back", title_page=True, sections=(),
                        profile="print-on-demand", bleed=bleed)
    least = (0.375 if bleed else 0.25) * INCH
    for pages in (24, 150, 151, 300, 301, 500, 501, 700, 701, 828):
        geometry = make_geometry(layout, config, pages)
        table = next(inches for most, inches in POD_GUTTERS if pages <= most)
        assert geometry.inside >= table * INCH - 1e-6, pages
        assert min(geometry.outside, geometry.top, geometry.bottom) >= least - 1e-6, pages
        assert geometry.frame_size[0] >= 3.0 * INCH and geometry.frame_size[1] >= 6.0 * INCH


@pytest.mark.parametrize("name", sorted(available_layouts()))
@pytest.mark.parametrize("profile", ["home", "print-on-demand"])
def test_running_heads_and_page_numbers_sit_inside_the_safe_zone_on_every_layout(name, profile):
    """On every layout, with and without bleed and large print: the running head's and page
    number's glyphs at least 0.25 in (0.375 in with bleed) inside the trim, clear of the frame,
    and their type growing with the body."""
    from bookgen.bookconfig import BookConfig
    from bookgen.render.geometry import (
        ASCENT,
        DESCENT,
        FOLIO_PT,
        HEAD_PT,
        HEAD_RULE,
        large_print,
        make_geometry,
    )

    for bleed in (False, True):
        for large in (False, True):
            layout = large_print(load_layout(name)) if large else load_layout(name)
            config = BookConfig(name="t", file="t", title="t", subtitle=None, author=None,
                                layout=layout, seed="1", answers="back", title_page=True,
                                sections=(), profile=profile, bleed=bleed)
            g = make_geometry(layout, config, 100)
            least = (0.375 if bleed else 0.25) * INCH
            head, folio = HEAD_PT * g.type_scale, FOLIO_PT * g.type_scale
            assert g.head - ASCENT * head >= least - 1e-6
            assert g.top - g.head - HEAD_RULE * g.type_scale >= 6 * g.type_scale
            assert g.folio - DESCENT * folio >= least - 1e-6
            assert g.bottom - g.folio - ASCENT * folio >= 6 * g.type_scale
            assert head >= 7.0 and (not large or head > 1.5 * HEAD_PT * 0.9)


def test_workers_do_not_change_the_bytes(run, write_config, tmp_path):
    config = write_config(POD_BOOK.format(bleed="false", count=12).replace("print-on-demand", "home"))
    one, two = tmp_path / "one.pdf", tmp_path / "two.pdf"
    assert run("build", str(config), "-o", str(one), "-q", "--workers", "1")[0] == 0
    assert run("build", str(config), "-o", str(two), "-q", "--workers", "2")[0] == 0
    assert one.read_bytes() == two.read_bytes()


def test_bank_round_trip_prints_the_same_puzzles(run, write_config, tmp_path):
    status, bank, _ = run("generate", "placement", "-d", "hard", "-n", "6", "-s", "bank")
    assert status == 0
    (tmp_path / "bank.jsonl").write_text(bank)
    ids = [json.loads(line)["id"] for line in bank.splitlines()]
    config = write_config("""
        title: From a bank
        layout: letter
        formats: [pdf, jsonl]
        sections:
          - type: placement
            from: bank.jsonl
            count: 4
            rating: {boxes: [8, 12]}
            order: shuffle  # in the bank's order, not easier to harder
    """)
    target = tmp_path / "printed.pdf"  # bank.pdf would write bank.jsonl, the bank it reads
    status, _, err = run("build", str(config), "-o", str(target), "-q")
    assert status == 0, err
    printed = [json.loads(line) for line in target.with_suffix(".jsonl").read_text().splitlines()]
    expected = [i for i, line in zip(ids, bank.splitlines())
                if json.loads(line)["rating"]["boxes"] >= 8][:4]
    assert [p["id"] for p in printed] == expected
    text = "\n".join(page.extract_text() for page in PdfReader(target).pages)
    assert "placement:" not in text  # the ids stay in the JSON


def test_bank_names_puzzles_that_fail_verification(run, write_config, tmp_path):
    status, bank, _ = run("generate", "placement", "-d", "easy", "-n", "3", "-s", "bad")
    lines = bank.splitlines()
    broken = json.loads(lines[1])
    broken["solution"]["order"].reverse()
    lines[1] = json.dumps(broken)
    (tmp_path / "bank.jsonl").write_text("\n".join(lines) + "\n")
    config = write_config("""
        title: Bad bank
        sections:
          - {type: placement, from: bank.jsonl, count: 3}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "b.pdf"), "-q")
    assert status == 2 and "bank.jsonl:2" in err and "breaks the rules" in err


def _bank(run, tmp_path: Path, name: str, *requests: tuple[str, ...]) -> None:
    """A bank written by `bookgen generate`, one run per request's arguments, in their order."""
    lines = ""
    for args in requests:
        status, made, err = run("generate", *args)
        assert status == 0, err
        lines += made
    (tmp_path / name).write_text(lines)


def _pdf_text(path: Path) -> str:
    """A PDF's text on one line, each run of spaces (no-break ones too) and line breaks one space."""
    return " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())


def test_a_bank_section_prints_its_puzzles_level_never_the_bank(run, write_config, tmp_path):
    _bank(run, tmp_path, "same.jsonl", ("futoshiki", "-d", "easy", "-n", "2", "-s", "a", "--set", "size=4"))
    _bank(run, tmp_path, "mixed.jsonl",
          ("futoshiki", "-d", "medium", "-n", "1", "-s", "b", "--set", "size=4"),
          ("futoshiki", "-d", "easy", "-n", "1", "-s", "b", "--set", "size=4"))
    config = write_config("""
        title: Banked
        formats: [pdf, html]
        sections:
          - {type: futoshiki, from: same.jsonl, count: 2, title: Squares}
          - {type: futoshiki, from: mixed.jsonl, count: 2, title: Mixed}
    """)
    target = tmp_path / "printed.pdf"
    status, _, err = run("build", str(config), "-o", str(target), "-q")
    assert status == 0, err
    text = _pdf_text(target)
    assert "bank" not in text
    assert "Squares easy \u00b7 puzzles 1\u20132" in text  # the contents, as a made section's
    assert "Difficulty: Easy \u2605 \u00b7 Puzzles 1\u20132" in text
    assert "Mixed easy\u2013medium \u00b7 puzzles 3\u20134" in text  # easiest to hardest
    assert "Difficulty: Easy\u2013Medium \u00b7 Puzzles 3\u20134" in text
    assert text.count("from 1 to 4") >= 2  # the rules of their size, as a made section prints
    page = target.with_suffix(".html").read_text()
    assert "bank" not in page and '<span class="level level-easy">easy</span>\n<ol' in page


def test_a_bank_sections_rules_and_example_fit_its_puzzles(run, write_config, tmp_path):
    _bank(run, tmp_path, "hex.jsonl", ("maze", "-d", "easy", "-n", "1", "-s", "h", "--set", "grid=hex"))
    _bank(run, tmp_path, "loops.jsonl", ("maze", "-d", "easy", "-n", "1", "-s", "l", "--set", "braid=0.5"))
    _bank(run, tmp_path, "both.jsonl", ("maze", "-d", "easy", "-n", "1", "-s", "b", "--set", "grid=hex"),
          ("maze", "-d", "easy", "-n", "1", "-s", "s"))
    config = write_config("""
        title: Mazes
        sections:
          - {type: maze, from: hex.jsonl, count: 1, title: Hexagons}
          - {type: maze, from: loops.jsonl, count: 1, title: Loops}
          - {type: maze, from: both.jsonl, count: 2, title: Both}
    """)
    target = tmp_path / "printed.pdf"
    status, _, err = run("build", str(config), "-o", str(target), "-q")
    assert status == 0, err
    text = _pdf_text(target)
    hexagons, loops = (rules[:300] for rules in text.split("How to play.")[1:3])  # in section order
    assert "go round in loops" not in hexagons and "go round in loops" in loops
    from bookgen.book import Section, bank_request, load_bank_section
    from bookgen.config import load_config

    book = load_config(config)
    sections = [Section(section, section.puzzle_type, 1, tuple(load_bank_section(section)))
                for section in book.sections]
    requests = [bank_request(section.puzzle_type, section.records) for section in sections]
    examples = [section.puzzle_type.example(request) for section, request in zip(sections, requests)]
    assert examples[0].puzzle["grid"] == "hex"
    assert requests[1] is not None and requests[1].settings["braid"] > 0
    assert requests[2] is None  # hexagons and squares: the type's rules in general


def test_a_bank_section_without_a_count_takes_every_puzzle_that_passes(run, write_config, tmp_path):
    _bank(run, tmp_path, "bank.jsonl", ("placement", "-d", "easy", "-n", "2", "-s", "e"),
          ("placement", "-d", "hard", "-n", "1", "-s", "h"),
          ("placement", "-d", "easy", "-n", "1", "-s", "x"))
    ids = [json.loads(line)["id"] for line in (tmp_path / "bank.jsonl").read_text().splitlines()]
    config = write_config("""
        title: Every one
        formats: [pdf, jsonl]
        sections:
          - {type: placement, from: bank.jsonl, difficulty: easy, order: shuffle}
    """)
    target = tmp_path / "printed.pdf"
    status, _, err = run("build", str(config), "-o", str(target), "-q")
    assert status == 0, err
    printed = [json.loads(line)["id"] for line in target.with_suffix(".jsonl").read_text().splitlines()]
    assert printed == [ids[0], ids[1], ids[3]]  # the easy ones, in bank order
    none = write_config("""
        title: None
        sections:
          - {type: placement, from: bank.jsonl, difficulty: medium}
    """, "none.yaml")
    status, _, err = run("build", str(none), "-o", str(tmp_path / "n.pdf"), "-q")
    assert status == 2 and "the bank holds no placement, medium puzzle that passes the filters" in err
    made = write_config("""
        title: Made
        sections:
          - {type: placement, difficulty: easy}
    """, "made.yaml")
    status, _, err = run("build", str(made), "-o", str(tmp_path / "m.pdf"), "-q")
    assert status == 2 and "a section needs 'count'" in err


def test_unreachable_request_ends_with_a_clear_message_not_a_hang(run, write_config, tmp_path):
    config = write_config("""
        title: Too slow
        sections:
          - {type: placement, count: 2, difficulty: expert, size: 12}
    """)
    status, _, err = run("build", str(config), "-o", str(tmp_path / "x.pdf"), "-q",
                         "--workers", "1", "--budget", "0.000001")
    assert status == 2
    assert "section 'Number Placement'" in err and "placement, expert, size=12" in err


def test_worksheet_is_one_page_with_a_name_line_and_separate_answers(run, tmp_path):
    target = tmp_path / "sheet.pdf"
    status, out, err = run("worksheet", "placement", "-d", "medium", "-n", "8", "-o", str(target),
                           "-q", "--workers", "1")
    assert status == 0, err
    pages = [p.extract_text() for p in PdfReader(target).pages]
    assert len(pages) == 1 and all(word in pages[0] for word in ("Name", "Date", "Class"))
    assert "_" not in pages[0]  # its blanks are drawn rules, not underscores
    answers = audit.read_pages(tmp_path / "sheet-answers.pdf")
    assert "Answers" in answers[0].text
    ys, sizes = text_positions(answers[0])
    assert min(sizes) >= 7.0 - 0.01
    # the answers grow into the sheet's room, but never larger than their puzzles
    assert usual_digit_size(answers[0]) <= usual_digit_size(audit.read_pages(target)[0]) + 0.01
    status, _, _ = run("worksheet", "placement", "--answers", "page", "-o", str(target), "-q")
    assert "Answers" in PdfReader(target).pages[-1].extract_text()


def test_one_to_a_page_prints_each_later_puzzle_in_the_middle_of_its_page(
        run, write_config, tmp_path):
    config = write_config("""
        title: One a page
        layout: 6x9
        title_page: false
        answers: none
        seed: 3
        sections:
          - {type: pyramid, count: 3, difficulty: easy, per_page: 1}
    """)
    target = tmp_path / "one.pdf"
    assert run("build", str(config), "-o", str(target), "-q", "--workers", "1")[0] == 0
    pages = audit.read_pages(target)
    assert len(pages) == 3
    for page in pages[1:]:
        ys, _ = text_positions(page)
        ys = [y for y in ys if y < page.trim[3] - 0.75 * INCH]  # not the running head
        top_room = page.trim[3] - 0.6 * INCH - max(ys)
        bottom_room = min(ys) - 0.7 * INCH
        assert abs(top_room - bottom_room) < 0.5 * INCH, (top_room, bottom_room)


def test_large_print_uses_sixteen_point_body_type(run, write_config, tmp_path):
    config = write_config("title: Large\nlayout: 8.5x11\nlarge_print: true\nseed: 4\nsections:\n"
                          "  - {type: placement, count: 4, difficulty: easy}\n"
                          "  - {type: placement, count: 4, difficulty: hard}\n")
    target = tmp_path / "large.pdf"
    assert run("build", str(config), "-o", str(target), "-q", "--workers", "1")[0] == 0
    stream = PdfReader(target).pages[2].get_contents().get_data().decode("latin-1")
    assert "How to play." in PdfReader(target).pages[2].extract_text()
    assert re.search(r"/F[\w+]+ 16 Tf", stream)


def test_a_long_large_print_opening_never_shrinks_the_first_puzzle(run, write_config, tmp_path):
    """On a 5 x 8 in large-print page the rules and example leave little room: the first puzzle
    still prints at its section's size (it once printed at 7 pt under the rules, the later ones
    at 15-20 pt), on the next page when it does not fit below the opening."""
    config = write_config("title: Large\nlayout: 5x8\nlarge_print: true\nseed: 3\nsections:\n"
                          "  - {type: numbrix, count: 4, difficulty: easy}\n")
    target = tmp_path / "large.pdf"
    assert run("build", str(config), "-o", str(target), "-q", "--workers", "1")[0] == 0
    puzzle_pages = [page for page in audit.read_pages(target)[2:] if "Answers" not in page.text]
    sizes = {usual_digit_size(page) for page in puzzle_pages if "How to play." not in page.text}
    assert len(puzzle_pages) >= 4 and len(sizes) == 1 and min(sizes) >= 16


def test_preview_writes_png_pages(run, write_config, tmp_path):
    config = write_config(POD_BOOK.format(bleed="false", count=2).replace("print-on-demand", "home"))
    status, out, err = run("preview", str(config), "--pages", "1,3", "--dpi", "30",
                           "-o", str(tmp_path), "-q", "--workers", "1")
    assert status == 0, err
    paths = [Path(line) for line in out.splitlines()]
    assert [p.name for p in paths] == ["book-page-1.png", "book-page-3.png"]
    for path in paths:
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width = int.from_bytes(data[16:20], "big")
        assert width == round(6 * 30)
    status, _, err = run("preview", str(config), "--pages", "99", "-o", str(tmp_path), "-q")
    assert status == 2 and "no page 99" in err


def test_preview_of_a_built_pdf_draws_its_pages_without_making_the_book(run, write_config,
                                                                        tmp_path, monkeypatch):
    config = write_config(POD_BOOK.format(bleed="false", count=2).replace("print-on-demand", "home"))
    built = tmp_path / "built.pdf"
    assert run("build", str(config), "-o", str(built), "-q", "--workers", "1")[0] == 0

    def no_making(*args, **kwargs):
        raise AssertionError("the book was made again")

    monkeypatch.setattr("bookgen.book.make_book", no_making)
    status, out, err = run("preview", str(built), "--pages", "1-2", "--dpi", "30", "-o", str(tmp_path))
    assert status == 0, err
    assert [Path(line).name for line in out.splitlines()] == ["built-page-1.png", "built-page-2.png"]
    status, out, err = run("preview", str(built), "--pages", "2", "--dpi", "30",
                           "-o", str(tmp_path / "second.png"))
    assert status == 0 and out.strip() == str(tmp_path / "second.png")
    assert (tmp_path / "second.png").read_bytes()[:4] == b"\x89PNG"
    status, _, err = run("preview", str(built), "--pages", "1-2", "-o", str(tmp_path / "x.png"))
    assert status == 2 and "one page" in err
    (tmp_path / "not.pdf").write_text("hello")
    status, _, err = run("preview", str(tmp_path / "not.pdf"), "-o", str(tmp_path))
    assert status == 2 and "not a PDF" in err


def font_names(reader: PdfReader) -> set[tuple[str, str]]:
    """(BaseFont, its descriptor's FontName) of every font the pages use."""
    names = set()
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            names.add((str(font["/BaseFont"]), str(font["/FontDescriptor"].get_object()["/FontName"])))
    return names


def test_each_embedded_subset_has_its_own_tag(pod_pdf):
    names = font_names(PdfReader(pod_pdf))
    tags = [base[1:].partition("+")[0] for base, _ in names]
    assert len(names) >= 3 and all(base == descriptor for base, descriptor in names)
    assert all(re.fullmatch(r"[A-Z]{6}", tag) for tag in tags) and len(set(tags)) == len(tags)
    assert b"AAAAAA+" not in pod_pdf.read_bytes()


def test_a_font_with_two_subsets_tags_them_apart_and_alike_every_time(tmp_path):
    import io

    from reportlab.pdfgen.canvas import Canvas

    from bookgen.render.fonts import register_fonts, subset_tag

    fonts = register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
    outputs = []
    for _ in range(2):
        buffer = io.BytesIO()
        canvas = Canvas(buffer, invariant=1, initialFontName=fonts.regular)
        canvas.setFont(fonts.regular, 10)
        canvas.drawString(10, 10, "".join(chr(c) for c in range(0x100, 0x100 + 300)))  # two subsets
        canvas.save()
        outputs.append(buffer.getvalue())
    assert outputs[0] == outputs[1]
    (tmp_path / "two.pdf").write_bytes(outputs[0])
    tags = {base.partition("+")[0] for base, _ in font_names(PdfReader(tmp_path / "two.pdf"))}
    assert len(tags) == 2
    assert subset_tag("DejaVuSans", [32, 65]) == subset_tag("DejaVuSans", [32, 65])
    assert subset_tag("DejaVuSans", [32, 65]) != subset_tag("DejaVuSans", [32, 66])


def test_the_shipped_book_writes_its_cover_and_the_cover_passes_the_checks(pod_pdf):
    """config/pod-6x9.yaml asks for formats [pdf, cover]: the wrap is sized from the interior's
    page count on white paper, with its fonts embedded and no Helvetica."""
    cover = pod_pdf.with_name("pod-6x9-cover.pdf")
    pages = len(PdfReader(pod_pdf).pages)
    page = PdfReader(cover).pages[0]
    width = (2 * 6 + pages * 0.002252 + 0.25) * INCH
    assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, width, 9.25 * INCH], abs=0.01)
    assert [float(v) for v in page.trimbox] == pytest.approx(
        [9, 9, width - 9, 9.125 * INCH], abs=0.01)
    assert b"Helvetica" not in cover.read_bytes()
    names = font_names(PdfReader(cover))
    assert names and all(base == descriptor for base, descriptor in names)
    assert "Puzzle Break" in page.extract_text()


def test_a_book_too_short_for_print_on_demand_says_about_how_many_puzzles_reach_it(
        run, write_config, tmp_path):
    """"Add puzzles or sections" left a publisher to guess how many: the refusal counts the pages a
    puzzle of the book takes, answers and all, and says how many more it needs at least; adding
    them, and then what the next refusal asks, makes the book long enough in a step or two."""
    config = write_config("""
        title: Short
        layout: 6x9
        profile: print-on-demand
        seed: 2
        sections:
          - {type: sudoku, count: 6, difficulty: easy}
    """)
    count, asked = 6, []
    while True:
        status, _, err = run("build", str(config), "-o", str(tmp_path / "book.pdf"), "-q", "-j", "1")
        if status == 0:
            break
        more = re.search(r"has (\d+) pages; print-on-demand needs at least 24: add at least (\d+) "
                         r"puzzles? like these", err)
        assert status == 2 and more, err
        asked.append(int(more.group(2)))
        config.write_text(config.read_text().replace(f"count: {count}", f"count: {count + asked[-1]}"))
        count += asked[-1]
    assert 1 <= len(asked) <= 3 and asked[0] >= 8, asked


def test_a_bank_section_after_one_that_took_the_whole_bank_says_so(tmp_path, run):
    """An editor's second section from a bank was refused as "the bank holds only 0 different
    futoshiki, hard puzzles": the first section, without a count, had taken all of them."""
    status, out, _ = run("generate", "futoshiki", "-d", "hard", "-n", "2", "-q", "--set", "size=4")
    (tmp_path / "f4.jsonl").write_text(out)
    config = tmp_path / "b.yaml"
    config.write_text("title: T\nsections:\n  - {type: futoshiki, from: f4.jsonl}\n"
                      "  - {type: futoshiki, from: f4.jsonl, count: 2, difficulty: hard}\n")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "b.pdf"))
    assert status == 2 and "holds 0 more futoshiki, hard puzzles" in err
    assert "and 2 that an earlier section took" in err and "give the earlier section a count" in err
