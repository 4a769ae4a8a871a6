"""The page auditor (bookgen.audit) finds each fault it is meant to find, and a sample of the
matrix of books (bench/audit_matrix.py runs all of it) builds, or is refused with a clear
message, with nothing found by the checks this branch answers for; contents of many sections
flow over pages, and shared pages are shared."""

from __future__ import annotations

import dataclasses
import io
import re

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from bookgen.audit import (
    CHECKS,
    AnswerKey,
    Case,
    audit,
    case_pdf,
    counts,
    read_pages,
    run_case,
    short_pages,
)
from bookgen.puzzles.base import Showcase
from bookgen.render.document import hyphenating
from bookgen.render.fonts import register_fonts

INCH = 72.0


def pdf_of(pages: list[list[tuple[float, float, str, str, float]]],
           boxes: tuple[tuple[float, float, float, float], ...] = ()) -> bytes:
    """A 6 x 9 in PDF whose pages hold the given strings: (x, y, text, face, size) in points; the
    first page also draws the boxes (x, y, width, height), as a grid or a maze's walls are."""
    fonts = register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(6 * INCH, 9 * INCH), invariant=1, initialFontName=fonts.regular)
    for strings in pages:
        canvas.setTrimBox((0, 0, 6 * INCH, 9 * INCH))
        for x, y, text, face, size in strings:
            canvas.setFont(getattr(fonts, face), size)
            canvas.drawString(x, y, text)
        for box in boxes if strings is pages[0] else ():
            canvas.rect(*box)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def book_pages(puzzle_page: list, answer_page: list) -> bytes:
    """A folio and a running head on every page, then the strings given."""
    chrome = [(200, 30, "1", "regular", 9), (40, 600, "Part 1", "italic", 8.5)]
    return pdf_of([chrome + puzzle_page, chrome + answer_page])


GOOD_PUZZLES = [(40, 560, "1", "bold", 11), (40, 440, "2", "bold", 11), (60, 520, "7", "regular", 9),
                (60, 400, "8", "regular", 9)]
GOOD_ANSWERS = [(40, 560, "Answers", "bold", 18), (40, 530, "Part 1 \u00b7 puzzles 1\u20132", "italic", 10),
                (40, 500, "1", "bold", 8), (60, 500, "\u00b7 page 1", "regular", 7),
                (200, 500, "2", "bold", 8), (220, 500, "\u00b7 page 1", "regular", 7)]


def test_a_sound_book_has_no_findings():
    assert audit(book_pages(GOOD_PUZZLES, GOOD_ANSWERS)) == []


@pytest.mark.parametrize("check, puzzles, answers, large, alone", [
    ("safe zone", GOOD_PUZZLES + [(5, 300, "edge", "regular", 9)], GOOD_ANSWERS, False, True),
    ("overlap", GOOD_PUZZLES + [(62, 521, "9", "regular", 9)], GOOD_ANSWERS, False, True),
    ("floor", GOOD_PUZZLES + [(100, 300, "tiny", "regular", 6.5)], GOOD_ANSWERS, False, True),
    ("floor", [(40, 300, "How to play. Fill it.", "bold", 14.5)], GOOD_ANSWERS, True, False),
    ("answers", GOOD_PUZZLES[1:], GOOD_ANSWERS, False, True),  # 1 is not where its answer says
    ("answers", GOOD_PUZZLES, GOOD_ANSWERS[:-2], False, True),  # 2 has no answer
    ("lone puzzle", GOOD_PUZZLES + [(40, 320, "3", "bold", 11), (60, 280, "9", "regular", 9)],
     [(40, 560, "Answers", "bold", 18), (40, 530, "Part 1 \u00b7 puzzles 1\u20134", "italic", 10)]
     + [run for n in range(4) for run in ((40 + 90 * n, 500, str(n + 1), "bold", 8),
                                          (60 + 90 * n, 500, f"\u00b7 page {1 + n // 3}", "regular", 7))],
     False, True),
])
def test_each_check_finds_its_fault(check, puzzles, answers, large, alone):
    pages = [puzzles, answers]
    if check == "lone puzzle":  # three on the first page, the fourth alone on the second
        pages.insert(1, [(40, 560, "4", "bold", 11), (60, 520, "6", "regular", 9)])
    chrome = [(200, 30, "1", "regular", 9), (40, 600, "Part 1", "italic", 8.5)]
    found = counts(audit(pdf_of([chrome + page for page in pages]), large_print=large))
    assert found[check] >= 1, found
    if alone:  # and nothing else
        assert sum(found.values()) == found[check], found


def test_digits_at_two_sizes_in_one_section_are_found():
    second = [(40, 560, "2", "bold", 11), (60, 520, "8", "regular", 12)]
    answers = GOOD_ANSWERS[:-1] + [(220, 500, "\u00b7 page 2", "regular", 7)]
    chrome = [(200, 30, "1", "regular", 9), (40, 600, "Part 1", "italic", 8.5)]
    pages = [chrome + GOOD_PUZZLES[:1] + GOOD_PUZZLES[2:3], chrome + second, chrome + answers]
    assert counts(audit(pdf_of(pages)))["one size"] == 1


def test_a_line_whose_spaces_reportlab_shrank_is_measured_as_drawn():
    """A paragraph's line a little too long for its frame is drawn with its spaces shrunk (word
    spacing), a bold lead's spaces too: the auditor ends it inside the frame, where it is drawn
    (it measured the glyphs alone, a point or two past: the word search's rules on 5 x 8)."""
    fonts = register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
    style = hyphenating(ParagraphStyle("body", fontName=fonts.regular, fontSize=10, leading=14), "en")
    text = ("<b>How to play.</b> Find every word of the list in the grid of letters. A word reads "
            "in a straight line, across, down or diagonally.")
    shrunk = []
    for tenth in range(2000, 3000, 5):  # frame widths until the first line's spaces shrink
        paragraph = Paragraph(text, style)
        paragraph.wrap(tenth / 10, 500)
        if paragraph.blPara.lines[0].extraSpace < -1.0:
            shrunk.append(tenth / 10)
    assert shrunk
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(6 * INCH, 9 * INCH), invariant=1, initialFontName=fonts.regular)
    for width in shrunk:
        paragraph = Paragraph(text, style)
        paragraph.wrap(width, 500)
        paragraph.drawOn(canvas, 40, 400)
        canvas.showPage()
    canvas.save()
    for width, page in zip(shrunk, read_pages(buffer.getvalue()), strict=True):
        assert max(run.right for run in page.runs) <= 40 + width + 0.01, width


@pytest.mark.parametrize("maze_bottom, short", [(150, False), (450, True)])
def test_a_page_filled_by_a_drawing_is_not_short_but_a_half_empty_one_is(maze_bottom, short):
    """A maze prints no text: its walls are what fills its page (or leaves it half empty)."""
    chrome = [(200, 30, "1", "regular", 9), (40, 600, "Part 1", "italic", 8.5)]
    answers = GOOD_ANSWERS[:-1] + [(220, 500, "\u00b7 page 2", "regular", 7)]
    pages = read_pages(pdf_of([chrome + GOOD_PUZZLES[:1], chrome + GOOD_PUZZLES[1:2], chrome + answers],
                              boxes=((60, maze_bottom, 300, 550 - maze_bottom),)))
    assert len(short_pages(pages, AnswerKey.read(pages))) == short


# --- a sample of the matrix ------------------------------------------------------------------------

# The checks this branch answers for; the floors, overlaps and one size per section are the
# type sizes' work (issue 26, items 3-5), and bench/audit_matrix.py counts them all.
OWNED = ("builds", "safe zone", "answers", "lone puzzle", "overlap", "floor", "one size")
SAMPLE = [Case("5x8", "home", False, 24, True),
          Case("5.5x8.5", "bleed", False, 24, True),
          Case("letter", "home", True, 7, True),
          Case("a5", "print-on-demand", False, 2, False),
          Case("letter", "print-on-demand", False, 24, True, share_pages=True),
          Case("5x8", "home", False, 7, False, share_pages=True)]


def test_the_matrix_asks_each_type_for_its_audit_showcase_in_the_registrys_order(monkeypatch):
    """No hand list: each section asks for a type's `audit` showcase entry, in turn; a type
    without one (a plug-in that marks none) stays out of the matrix and breaks nothing."""
    from bookgen import puzzles
    from bookgen.audit import matrix_sections

    asked = [t for t in puzzles.PUZZLE_TYPES if any(entry.audit for entry in t.showcase)]
    assert {t.name for t in puzzles.BUILT_IN} <= {t.name for t in asked}
    text = Case("6x9", "home", False, len(asked) + 1, False).config_text()
    kinds = re.findall(r"\{type: (\w+),", text)
    assert kinds == [t.name for t in asked] + [asked[0].name]
    pyramid = re.search(r"\{type: pyramid, .*\}", text)
    assert pyramid and pyramid.group().endswith("difficulty: easy, rows: 4, variant: distinct}")
    unmarked = dataclasses.replace(asked[0], name="unmarked", showcase=(Showcase("easy"),))
    monkeypatch.setattr(puzzles, "PUZZLE_TYPES", [*puzzles.PUZZLE_TYPES, unmarked])
    matrix_sections.cache_clear()
    try:
        assert "unmarked" not in Case("6x9", "home", False, 24, False).config_text()
    finally:
        matrix_sections.cache_clear()


@pytest.mark.parametrize("case", SAMPLE, ids=str)
def test_a_sample_of_the_matrix_builds_or_is_refused_clearly(case):
    outcome = run_case(case)
    if outcome.refused:
        assert "print-on-demand needs at least 24" in outcome.refused and "profile" in outcome.refused
        return
    found = counts(outcome.findings)
    assert set(found) == set(CHECKS)
    assert {check: found[check] for check in OWNED} == dict.fromkeys(OWNED, 0), \
        [str(f) for f in outcome.findings if f.check in OWNED][:5]


def test_no_page_of_a_section_but_its_last_ends_above_its_middle():
    """Large print on 6 x 9 with bleed: a crossword's opening took a page of its own for its
    rules alone (its example's clues and grid found no room beside them) and a calcudoku, one a
    page, printed each in the top half of a page otherwise blank. The opening now carries its
    solved example, and a page of one puzzle centres it (bench/audit_matrix.py counts all)."""
    pages = read_pages(case_pdf(Case("6x9", "bleed", True, 7, False)))
    assert short_pages(pages, AnswerKey.read(pages)) == []
    crossword = next(p for p in pages if "Part 4" in p.text and "How to play." in p.text)
    assert "Example" in crossword.text and "Solved" not in crossword.text  # the solved grid alone


def test_a_sections_opening_page_that_gives_up_a_puzzle_is_not_left_half_blank():
    """8.25 x 11, the type's rules told once: three fill-ins, two to a page, printed the first
    alone in the top half of its opening's page (the second, beside it, would have left the third
    alone on the next page) and the other two on the next. The rows of an opening's page that the
    section goes on past spread over the room below the opening, as a page of their own does."""
    pages = read_pages(case_pdf(Case("8.25x11", "home", False, 24, False, repeat_rules=False)))
    assert short_pages(pages, AnswerKey.read(pages)) == []


@pytest.mark.parametrize("case", [Case("6x9", "home", True, 7, False, share_pages=True),
                                  Case("5x8", "bleed", True, 7, True, share_pages=True)], ids=str)
def test_with_shared_pages_the_page_after_an_opening_of_its_own_is_filled(case):
    """share_pages, large print: on 6x9 a calcudoku section whose opening took a page of its own
    printed one puzzle in the top half of the next page and its other two on the page after (it
    counted the rows that page held as if it began below the section before, and gave one up);
    on 5x8 a cryptogram's opening with a long title, 2 pt shorter than the page but for the space
    after its rules, was taken for taller than a page: its first puzzle flowed on alone to the
    top of the next page."""
    pages = read_pages(case_pdf(case))
    assert short_pages(pages, AnswerKey.read(pages)) == []


def test_sixty_sections_list_on_contents_pages_that_name_where_each_opens():
    pdf = case_pdf(Case("6x9", "print-on-demand", False, 60, True, most=1))  # a puzzle each
    pages = read_pages(pdf)
    assert not [f for f in audit(pages) if f.check in OWNED]
    listed = [p for p in pages if re.search(r"Section \d+:", p.text) and "\u00b7 puzzle " in p.text]
    assert len(listed) >= 3  # the contents continues over pages
    width = pages[0].trim[2]
    for page in listed:
        assert all(run.right <= width - 0.25 * INCH for run in page.runs)
    text = "\n".join(p.text for p in listed)
    for number in (1, 30, 60):  # the entry's last line ends with the page its section opens on
        entry = re.search(rf"Section {number}: .*?\u00b7 puzzle [\d\u2013]+\n(\d+)", text, re.S)
        assert entry, number
        opening = pages[int(entry.group(1)) - 1].text
        assert f"Section {number}:" in opening and "How to play." in opening


def test_sharing_pages_takes_fewer_pages(write_config, run, tmp_path):
    counted = {}
    for share in (False, True):
        # letter: on 6 x 9 in an opening and a first row at the type's one size rarely fit
        # below a short section (see docs/production.md)
        config = write_config(Case("letter", "home", False, 14, False, share).config_text(),
                              name=f"share-{share}.yaml")
        target = tmp_path / f"share-{share}.pdf"
        assert run("build", str(config), "-o", str(target), "-q", "--workers", "1")[0] == 0
        pages = read_pages(target)
        key = AnswerKey.read(pages)
        counted[share] = len(pages)
        both = [n for n in range(1, len(pages) + 1) if len(key.sections_on(n)) > 1]
        assert bool(both) == share  # puzzles of two sections on one page only when asked
    assert counted[True] < counted[False]


@pytest.mark.parametrize("name", ["5x8", "6x9", "8.5x11", "a5"])
def test_a_home_book_keeps_half_an_inch_inside(name):
    from bookgen.config import BookConfig, load_layout
    from bookgen.render.geometry import make_geometry

    layout = load_layout(name)
    for bleed in (False, True):
        config = BookConfig(name="t", file="t", title="t", subtitle=None, author=None, layout=layout,
                            seed="1", answers="back", title_page=True, sections=(), bleed=bleed)
        geometry = make_geometry(layout, config, 40)
        assert geometry.inside >= (0.625 if bleed else 0.5) * INCH - 1e-6
        assert geometry.outside >= (0.375 if bleed else 0.25) * INCH - 1e-6


def test_a_running_head_wider_than_the_page_is_cut_at_a_word():
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from bookgen.render.document import fitted_line

    fonts = register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
    title = "Section 3: a long title with Extraordinarilylongwordsthatneverbreak and more"
    line = fitted_line(title, fonts.italic, 8.5, 150)
    assert line.endswith("\u2026") and title.startswith(line[:-1])
    assert stringWidth(line, fonts.italic, 8.5) <= 150
    assert fitted_line("Short", fonts.italic, 8.5, 150) == "Short"
    assert stringWidth(fitted_line("W" * 80, fonts.italic, 8.5, 100), fonts.italic, 8.5) <= 100
