"""Layout quality: text stays in its box (checked through the drawing layer with the real fonts),
numbers on a card keep apart, long chains wrap, no page is wasted on one small puzzle, a heading
is never left at the foot of a page or alone on one, and the answer key is compact but legible."""

from __future__ import annotations

import functools

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from bookgen import audit
from bookgen.making import make_puzzle
from bookgen.puzzles import PUZZLE_TYPES, find_type
from bookgen.puzzles.base import Request
from bookgen.render.fonts import register_fonts
from bookgen.render.pdfpen import MeasuringPen

PT = 25.4 / 72  # mm per point
CAP = 0.73  # DejaVu's capital and digit height, per point of size


def measuring_pen() -> MeasuringPen:
    return MeasuringPen(register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf",
                                       "DejaVuSans-Oblique.ttf"))


def text_boxes(pen: MeasuringPen) -> list[tuple[str, float, float, float, float]]:
    """(text, left, top, right, bottom) in mm of every string drawn, from the real font widths."""
    boxes = []
    for name, kw in pen.calls:
        if name != "text":
            continue
        width = pen.text_width(kw["text"], kw["size"], kw["bold"])
        left = {"left": kw["x"], "right": kw["x"] - width}.get(kw["align"], kw["x"] - width / 2)
        half = kw["size"] * CAP * PT / 2
        boxes.append((kw["text"], left, kw["y"] - half, left + width, kw["y"] + half))
    return boxes


def rects(pen: MeasuringPen) -> list[tuple[float, float, float, float]]:
    return [(kw["x"], kw["y"], kw["x"] + kw["w"], kw["y"] + kw["h"])
            for name, kw in pen.calls if name == "rect"]


def assert_text_fits(pen: MeasuringPen, size: tuple[float, float]) -> None:
    """Every string lies inside the drawing and inside the smallest rectangle around its centre,
    and no two strings overlap."""
    boxes = text_boxes(pen)
    frames = rects(pen)
    for text, left, top, right, bottom in boxes:
        assert left >= -0.05 and right <= size[0] + 0.05, (text, left, right, size)
        cx, cy = (left + right) / 2, (top + bottom) / 2
        around = [r for r in frames if r[0] <= cx <= r[2] and r[1] <= cy <= r[3]]
        if around:
            x0, _, x1, _ = min(around, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
            assert left >= x0 - 0.05 and right <= x1 + 0.05, (text, left, right, x0, x1)
    for i, (a, al, at, ar, ab) in enumerate(boxes):
        for b, bl, bt, br, bb in boxes[i + 1:]:
            overlap = min(ar, br) - max(al, bl) > 0.05 and min(ab, bb) - max(at, bt) > 0.05
            assert not overlap, (a, b)


HOSTILE_PLACEMENT = [
    {"signs": list("<><><><><><"), "numbers": ["-7.93", "-12.375", "-23/12", "4.5", "-0.05",
                                                "11/12", "-9", "99.99", "-3/7", "0.125", "7", "-1.5"],
     "givens": {"0": "-7.93", "5": "11/12"}, "unique": False},
    {"signs": list("<>"), "numbers": ["-7.93", "-88.88", "-99/100"], "givens": {}, "unique": False},
]


@pytest.mark.parametrize("puzzle", HOSTILE_PLACEMENT, ids=["twelve", "three"])
def test_placement_numbers_stay_in_their_boxes_and_apart(puzzle):
    placement = find_type("placement")
    placement.validate(puzzle)
    pen = measuring_pen()
    placement.draw_puzzle(pen, puzzle)
    assert_text_fits(pen, placement.measure(puzzle))
    pen = measuring_pen()
    order = sorted(puzzle["numbers"], key=lambda t: float(eval(t)))  # any order will do here
    placement.draw_solution(pen, puzzle, {"order": order})
    assert_text_fits(pen, placement.answer_size(puzzle))


def test_long_chains_wrap_into_lines_of_at_most_seven_boxes():
    placement = find_type("placement")
    twelve = HOSTILE_PLACEMENT[0]
    width, height = placement.measure(twelve)
    pen = measuring_pen()
    placement.draw_puzzle(pen, twelve)
    boxes = [kw for name, kw in pen.calls if name == "rect" and kw["h"] == 13 and not kw["radius"]]
    box = boxes[0]["w"]  # as wide as its widest number needs at the boxes' one size
    assert box > 13 and all(kw["w"] == box for kw in boxes)
    assert width <= 7 * box + 7 * 6.5 and height > 2 * 13
    assert len(boxes) == 12 and len({kw["y"] for kw in boxes}) == 2
    signs = [t for t in pen.texts() if t in "<>"]
    assert len(signs) == 12  # eleven signs, and the one at the break printed again


def test_card_numbers_are_spaced_by_the_widest():
    arithmetic = find_type("arithmetic")
    puzzle = {"numbers": [3, 11, 12, 12], "target": 24, "operators": "+-*/"}
    pen = measuring_pen()
    arithmetic.draw_puzzle(pen, puzzle)
    numbers = [b for b in text_boxes(pen) if b[0] in {"3", "11", "12"}]
    assert len(numbers) == 4
    gaps = [b[1] - a[3] for a, b in zip(numbers, numbers[1:])]
    assert min(gaps) >= 4.0 - 0.05, gaps
    assert_text_fits(pen, arithmetic.measure(puzzle))


def test_card_digits_keep_their_size_from_card_to_card_and_pools_match_their_boxes():
    arithmetic = find_type("arithmetic")
    sizes = set()
    for numbers in ([1, 2, 3, 4], [11, 12, 13, 99], [5, 5, 50, 8]):
        pen = measuring_pen()
        arithmetic.draw_puzzle(pen, {"numbers": numbers, "target": 10, "operators": "+-*/"})
        sizes |= {kw["size"] for name, kw in pen.calls
                  if name == "text" and kw["text"] in {str(n) for n in numbers}}
    assert len(sizes) == 1
    placement = find_type("placement")
    puzzle = {"signs": list("<><"), "numbers": ["3", "14", "7", "25"], "givens": {"0": "3"},
              "unique": False}
    pen = measuring_pen()
    placement.draw_puzzle(pen, puzzle)
    numbers = {kw["size"] for name, kw in pen.calls if name == "text" and kw["text"].isdigit()}
    assert len(numbers) == 1  # the given in its box and the pool print alike


SAMPLES = [(t.name, level) for t in PUZZLE_TYPES for level in ("easy", "hard")]


@pytest.mark.parametrize("name, level", SAMPLES, ids=[f"{n}-{lv}" for n, lv in SAMPLES])
def test_every_type_keeps_its_text_in_its_boxes(name, level):
    puzzle_type = find_type(name)
    records = [make_puzzle(Request.make(puzzle_type, level, {}), f"quality.{i}") for i in range(3)]
    example = puzzle_type.example(None)
    for puzzle, solution in [(r.puzzle, r.solution) for r in records] + (
            [(example.puzzle, example.solution)] if example else []):
        pen = measuring_pen()
        puzzle_type.draw_puzzle(pen, puzzle)
        assert_text_fits(pen, puzzle_type.measure(puzzle))
        pen = measuring_pen()
        puzzle_type.draw_solution(pen, puzzle, solution)
        assert_text_fits(pen, puzzle_type.answer_size(puzzle))


# --- pages: headings, wasted pages, the answer key -----------------------------------------------


@functools.lru_cache(maxsize=4)
def audited(path) -> list[audit.Page]:
    """The PDF's pages as the auditor reads them, once per PDF for all the checks."""
    return audit.read_pages(path)


def page_runs(path) -> list[list[tuple[str, float, float, str]]]:
    """Per page, the text runs of the body as (text, baseline, size, face): the page number in
    the footer and the running head left out."""
    return [[(run.text, run.baseline, run.size, run.face) for run in page.runs
             if 0.55 * 72 < run.baseline < page.trim[3] - 0.45 * 72]
            for page in audited(path)]


def check_headings(path, heading_pt: float, label_pts: tuple[float, ...]) -> None:
    """No heading (a bold run at the heading size, or an answer key caption) is the lowest thing
    on its page, and every page with one also holds a puzzle or an answer (a bold number at a
    label size) below it, or, for an opening on a page of its own, its worked example; no page is
    empty."""
    for number, runs in enumerate(page_runs(path), start=1):
        assert runs or number == 1, f"page {number} is empty"
        heads = [r for r in runs if (r[3] == "bold" and abs(r[2] - heading_pt) < 0.2)
                 or (r[3] == "italic" and " \u00b7 puzzles " in r[0])]
        if not heads or heads[0][0] in ("Contents", "Notes"):
            continue
        lowest_head = min(r[1] for r in heads)
        labels = [r for r in runs if r[3] == "bold" and r[0].isdigit()
                  and any(abs(r[2] - pt) < 0.2 for pt in label_pts) and r[1] < lowest_head]
        labels += [r for r in runs if r[0] == "Example" and r[3] == "italic" and r[1] < lowest_head]
        assert labels, f"page {number}: {heads[-1][0]!r} has no puzzle or answer below it"


# The tests of the pod book run in one xdist worker, so it is built and audited once.
ONE_POD_BOOK = pytest.mark.xdist_group("layout_quality_pod")


@pytest.fixture(scope="module")
def pod(tmp_path_factory):
    """The shipped 6x9 print-on-demand book: its Book and its PDF."""
    from bookgen.book import make_book
    from bookgen.config import ROOT, load_config
    from bookgen.render.pdf import render_pdf

    book = make_book(load_config(ROOT / "config" / "pod-6x9.yaml"))
    target = tmp_path_factory.mktemp("pod") / "pod-6x9.pdf"
    target.write_bytes(render_pdf(book)[0])
    return book, target


BIG_BOOK = """
title: Big puzzles
layout: {layout}
profile: print-on-demand
large_print: {large}
share_pages: {share}
bleed: {bleed}
seed: 7
sections:
  - {{type: numbrix, title: Big paths, count: 5, difficulty: easy, size: 10}}
  - {{type: placement, title: Long chains, count: 12, difficulty: {chains}}}
  - {{type: arrows, title: Arrows, count: 7, difficulty: easy}}
  - {{type: pyramid, title: Pyramids, count: 3, difficulty: easy}}
  - {{type: numbrix, title: Bigger paths, count: 9, difficulty: easy, size: 12}}
"""


@pytest.mark.parametrize("layout, large, share, bleed", [("8.25x11", "true", "false", "true"),
                                                          ("6x9", "false", "true", "false"),
                                                          ("5x8", "false", "false", "true")])
def test_a_heading_never_ends_a_page_nor_stands_alone(run, write_config, tmp_path, layout, large,
                                                     share, bleed):
    """And the book keeps the print rules: no type under 7 pt, all of it inside the safe zone,
    no section ending on a page with one puzzle, answer pages headed with their puzzles."""
    # expert chains cannot print their fractions' digits at 16 pt on this trim (see
    # test_a_puzzle_too_large_for_large_print_is_refused_naming_the_size_that_fits)
    chains = "medium" if large == "true" else "expert"
    config = write_config(BIG_BOOK.format(layout=layout, large=large, share=share, bleed=bleed,
                                          chains=chains))
    target = tmp_path / "big.pdf"
    status, _, err = run("build", str(config), "-o", str(target), "-q", "--workers", "1")
    assert status == 0, err
    from bookgen.config import load_layout

    sizes = load_layout(layout)
    scale = 16 / 10.5 if large == "true" else sizes.body_size / 10.5
    heading = sizes.heading_size * (16 / 10.5 if large == "true" else 1.0)
    check_headings(target, heading, (11 * scale, max(8 * scale, 14.0 if large == "true" else 7.0)))
    check_print_rules(target)
    check_sections_end_on_full_pages(target)
    check_answer_heads(target)


def test_the_answer_keys_heading_keeps_its_first_answer_when_the_answer_fills_a_page(
        run, write_config, tmp_path):
    """A large-print crossword's answer on 6x9 is nearly a page tall: with the gap under its row
    it did not fit under the key's heading, which stood alone on its page (the auditor found no
    answer key). The gap is space after the row, which a page's foot does not need."""
    config = write_config("title: Crosswords\nlayout: 6x9\nlarge_print: true\nsections:\n"
                          "  - {type: crossword, count: 3, difficulty: expert}\n")
    target = tmp_path / "crosswords.pdf"
    status, _, err = run("build", str(config), "-o", str(target), "-q")
    assert status == 0, err
    assert audit.audit(target.read_bytes(), large_print=True) == []
    *_contents, key = [page for page in audited(target) if "Answers" in [run.text for run in page.runs]]
    assert [int(n) for n, _ in audit.LABEL.findall(key.text)] == [1]  # the first answer, under the heading


@ONE_POD_BOOK
def test_the_print_on_demand_book_keeps_its_headings_with_their_puzzles(pod):
    check_headings(pod[1], 18, (11, 8))


# --- print rules, measured on the built PDF by the page auditor ----------------------------------


def check_print_rules(path) -> None:
    """Nothing under 7 pt, and nothing within 0.25 in of a trim edge (0.375 in with bleed)."""
    pages = audited(path)
    findings = audit.safe_zone(pages) + audit.floors(pages, large_print=False)
    assert not findings, [str(f) for f in findings[:5]]


def check_sections_end_on_full_pages(path) -> None:
    """No page holds a single puzzle of a section of several where another would fit, unless
    the section opens there or shares it (the sections from the answer key's captions, the
    pages of their puzzles from the answers' page references)."""
    pages = audited(path)
    key = audit.AnswerKey.read(pages)
    assert key.sections and key.pages
    findings = audit.lone_puzzles(pages, key)
    assert not findings, [str(f) for f in findings]


def check_answer_heads(path) -> None:
    """Every answer page but the first (it has the heading) is headed with the first and last
    puzzle it answers, and prints no machine id."""
    checked = 0
    for page in audited(path):
        puzzles = [int(n) for n, _ in audit.LABEL.findall(page.text)]
        if not puzzles:
            continue
        texts = [run.text for run in page.runs]
        assert not any(":" in t and "=" in t or t.count(":") >= 2 for t in texts), page.number
        if "Answers" in texts:
            continue  # the key's first page, under its heading
        heads = [t for t in texts if t.startswith("Answers ")]
        first, last = min(puzzles), max(puzzles)
        assert heads == [f"Answers {first}\u2013{last}" if last > first else f"Answers {first}"], \
            (page.number, heads)
        checked += 1
    assert checked


@ONE_POD_BOOK
def test_the_print_on_demand_book_keeps_the_print_rules(pod):
    check_print_rules(pod[1])
    check_sections_end_on_full_pages(pod[1])
    check_answer_heads(pod[1])


def answer_pages(path) -> tuple[int, int, int]:
    """(the first and last page of the answers, the pages of the book); a Notes page that pads
    the book to an even count is not an answer page."""
    pages = [page.text.split("\n") for page in audited(path)]
    first = next(i for i, lines in enumerate(pages, start=1) if lines[1:2] == ["Answers"])
    last = len(pages) - (1 if pages[-1][1:2] == ["Notes"] else 0)
    return first, last, len(pages)


@ONE_POD_BOOK
def test_the_answer_key_is_at_most_a_quarter_of_the_book(pod):
    first, last, count = answer_pages(pod[1])
    assert (last - first + 1) / count <= 0.25, (first, last, count)


@ONE_POD_BOOK
def test_answers_keep_number_and_page_no_id_and_no_text_under_seven_points(pod):
    book, path = pod
    first, _, _ = answer_pages(path)
    runs = [r for page in page_runs(path)[first - 1:] for r in page]
    small = [r for r in runs if r[2] < 7.0 - 0.01]
    assert not small, small[:5]
    text = "\n".join(page.text for page in audited(path)[first - 1:])
    labels = audit.LABEL.findall(text)
    printed = [p for section in book.sections for p in section.puzzles]
    assert [int(n) for n, _ in labels] == [p.number for p in printed]
    assert not any(p.record.id in text.replace("\n", "") for p in printed)


@ONE_POD_BOOK
def test_answers_are_drawn_smaller_than_their_puzzles(pod):
    from bookgen.render.document import BookDocument

    document = BookDocument(pod[0])
    for section in pod[0].sections:
        assert document.answer_scale(section) < document.layout.min_scale, section.config.title


@pytest.mark.parametrize("large", [False, True])
def test_answers_of_every_type_are_drawn_by_one_rule(write_config, large):
    """A nonogram's answer (a picture, no text) is drawn as an answer with text is, at the scale
    at which its puzzle's text reaches the floor: its squares about the size of a fill-in's and a
    sudoku's beside it, in standard and in large print (at its natural size it stood a little
    larger than theirs in one, half as large in the other)."""
    from bookgen.book import make_book
    from bookgen.config import load_config
    from bookgen.puzzles.fillin.drawing import cell_size
    from bookgen.puzzles.nonogram.drawing import spacing
    from bookgen.puzzles.sudoku.drawing import CELL
    from bookgen.render.document import BookDocument

    config = write_config(f"""
        title: Answers alike
        layout: 8.5x11
        large_print: {str(large).lower()}
        seed: alike
        sections:
          - {{type: nonogram, count: 1, difficulty: easy, size: 10x10}}
          - {{type: fillin, count: 1, difficulty: easy, size: 8}}
          - {{type: sudoku, count: 1, difficulty: easy}}
    """)
    book = make_book(load_config(config))
    document = BookDocument(book)
    squares = [natural * document.answer_scale(section) for natural, section in zip(
        (spacing(book.sections[0].records[0].puzzle).cell,
         cell_size(book.sections[1].records[0].puzzle), CELL), book.sections)]
    assert max(squares) / min(squares) < 1.3, squares


def _printed(config):
    """The book a config makes, and the page each of its puzzles prints on."""
    from bookgen.book import make_book
    from bookgen.config import load_config
    from bookgen.render.document import BookDocument

    book = make_book(load_config(config))
    puzzle_pages: dict[int, int] = {}
    BookDocument(book).render("book", puzzle_pages)
    return book, puzzle_pages


def test_twelve_expert_chains_take_at_most_five_pages_of_a_six_by_nine(write_config):
    config = write_config("""
        title: Expert chains
        layout: 6x9
        profile: print-on-demand
        title_page: false
        answers: none
        seed: 3
        sections:
          - {type: placement, count: 12, difficulty: expert}
    """)
    book, puzzle_pages = _printed(config)
    assert max(len(r.puzzle["numbers"]) for r in book.sections[0].records) >= 11
    assert len(puzzle_pages) == 12
    assert len(set(puzzle_pages.values())) <= 5  # the pages that hold puzzles (not the Notes pad)


def test_cryptograms_of_two_lines_and_of_seven_flow_down_the_page(write_config):
    """Rows took the slot of the section's tallest puzzle: twenty cryptograms, the longest seven
    lines, printed two to a Letter page, short ones too, a third of each page or more blank (ten
    pages). A section whose puzzles differ in height flows them, each row as tall as its own."""
    from collections import Counter

    config = write_config("""
        title: Codes
        layout: letter
        title_page: false
        answers: none
        seed: 8
        sections:
          - {type: cryptogram, count: 20, difficulty: medium}
    """)
    book, puzzle_pages = _printed(config)
    cryptogram = book.sections[0].puzzle_type
    heights = [cryptogram.page_size(r.puzzle)[1] for r in book.sections[0].records]
    assert max(heights) >= 2.5 * min(heights)
    held = Counter(puzzle_pages.values())
    assert len(held) <= 6 and max(held.values()) >= 3, held


def test_short_sections_share_a_page_when_asked(run, write_config, tmp_path):
    text = """
        title: Short sections
        layout: letter
        title_page: false
        answers: none
        share_pages: {share}
        seed: 2
        sections:
          - {{type: numberwall, title: First, count: 2, difficulty: easy, rows: 3}}
          - {{type: numberwall, title: Second, count: 2, difficulty: medium, rows: 3}}
          - {{type: numberwall, title: Third, count: 2, difficulty: hard, rows: 3}}
    """
    counts = {}
    for share in ("false", "true"):
        config = write_config(text.format(share=share), name=f"short-{share}.yaml")
        target = tmp_path / f"short-{share}.pdf"
        assert run("build", str(config), "-o", str(target), "-q", "--workers", "1")[0] == 0
        from pypdf import PdfReader

        pages = [p.extract_text() for p in PdfReader(target).pages]
        counts[share] = len(pages)
        check_headings(target, 20, (11, 8))
        shared = [p for p in pages if sum(t in p.split("\n") for t in ("First", "Second", "Third")) > 1]
        assert bool(shared) == (share == "true")
    assert counts["false"] == 3 and counts["true"] < 3


def _opening_on_six_by_nine(run, write_config, tmp_path, section: str):
    """The first page (the section's opening) of a 6 x 9 book of that one section, read back."""
    config = write_config(f"""
        title: Opening
        title_page: false
        answers: none
        layout: 6x9
        seed: 3
        sections:
          - {section}
    """)
    target = tmp_path / "opening.pdf"
    assert run("build", str(config), "-o", str(target), "-q", "--workers", "1")[0] == 0
    return audited(target)[0]


def test_an_opening_on_a_page_of_its_own_draws_its_example_across_the_page(run, write_config,
                                                                           tmp_path):
    """On 6 x 9 a word search fills a page, so its opening stands alone: its example was drawn
    at the size it would take above a first row and left two thirds of the page blank."""
    opening = _opening_on_six_by_nine(run, write_config, tmp_path,
                                      "{type: wordsearch, count: 3, difficulty: easy}")
    assert "How to play." in opening.text and not audit.LABEL.findall(opening.text)
    body = sorted(opening.runs, key=lambda run: run.baseline)
    assert body[1].bottom < (body[-1].bottom + body[0].top) / 2, "its text ends above the middle"
    letters = [run for run in opening.runs if len(run.text) == 1 and run.text.isalpha()]
    across = max(r.right for r in letters) - min(r.left for r in letters)
    down = max(r.top for r in letters) - min(r.bottom for r in letters)
    # side by side across the page, or (since easy's rules are shorter) stacked down most of it
    assert across > 0.8 * (6 - 0.75) * 72 or down > 0.5 * (9 - 0.75) * 72, (across, down)


def test_an_opening_draws_its_example_the_way_that_draws_it_largest(run, write_config, tmp_path):
    """On 6 x 9 a placement chain's example is wider than half the frame: side by side its
    numbers printed at 8.6 pt, stacked (example above solved) they print at 10.8 pt, 0.9 of
    their natural 12 pt, as other types' examples do, and the first row still shares the page."""
    opening = _opening_on_six_by_nine(run, write_config, tmp_path,
                                      "{type: placement, count: 2, difficulty: easy}")
    caption, solved = (next(run for run in opening.runs if run.text == word and run.face == "italic")
                       for word in ("Example", "Solved"))
    example = [run for run in opening.runs
               if run.text.isdigit() and solved.baseline < run.baseline < caption.baseline]
    assert example and min(run.size for run in example) > 10.5, example
    assert solved.top < caption.bottom and solved.left < opening.trim[2] / 2  # stacked
    assert any(run.text == "1" and run.face == "bold" for run in opening.runs)  # the first puzzle


def test_answers_of_one_type_print_at_one_size(run, write_config, tmp_path):
    """On 6 x 9 one of two cryptogram sections printed its answers larger than the other's (17
    and 14.7 pt): answers grow with the key's room up to their own puzzles' size, and up to
    what fits the width for the longest quotation of their section; the two sections' puzzles
    print at two sizes, and their longest quotations differ. A type's answers share one size."""
    config = write_config("""\
        title: Quotes
        layout: 6x9
        seed: 7
        sections:
          - {type: cryptogram, count: 1, difficulty: easy}
          - {type: cryptogram, count: 1, difficulty: hard}
        """)
    target = tmp_path / "quotes.pdf"
    assert run("build", str(config), "-o", str(target), "-q", "--workers", "1")[0] == 0
    pages = audit.read_pages(target)
    key = audit.AnswerKey.read(pages)
    quoted = [(line.size, line.text) for page in pages[key.first - 1:] for line in page.runs
              if line.face == "regular" and line.text.isupper() and len(line.text) > 8]
    assert len(quoted) >= 2 and len({size for size, _text in quoted}) == 1, quoted


class _Drawn:
    """Stands in for the canvas an example pair draws on, and for its pens: it records where
    each caption and each drawing is put, and draws nothing."""

    def __init__(self) -> None:
        self.captions: list[tuple[float, float, str]] = []  # x, baseline, text
        self.origins: list[tuple[float, float, float]] = []  # left, top, scale of each drawing

    def setFont(self, name: str, size: float) -> None:  # noqa: N802 (reportlab's name)
        self.size = size

    def drawString(self, x: float, y: float, text: str) -> None:  # noqa: N802
        self.captions.append((x, y, text))

    def getPageNumber(self) -> int:  # noqa: N802
        return 1

    def pen(self, canvas, left, top, scale, fonts, ink=None) -> MeasuringPen:  # CanvasPen's
        self.origins.append((left, top, scale))
        return measuring_pen()


EXAMPLES = [t for t in PUZZLE_TYPES if t.example(None) is not None]


@pytest.mark.parametrize("stacked", [False, True])
@pytest.mark.parametrize("puzzle_type", EXAMPLES, ids=lambda t: t.name)
def test_an_example_pair_is_centred_in_its_columns_and_stacked_clear_of_its_captions(
        monkeypatch, puzzle_type, stacked):
    """Every type's example and its solution stand in the middle of their halves of the frame
    (of the frame, stacked), their captions over them (futoshiki's stood at the left of the
    half it fills less than others do); stacked, the upper drawing's last words (a maze's
    Finish) end well clear of the caption below (they were 0.5 mm apart)."""
    from reportlab.lib.units import mm

    from bookgen.i18n import ENGLISH
    from bookgen.render import flowables
    from bookgen.render.pdfpen import Ink
    from bookgen.render.sizes import STANDARD

    fonts = register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
    state = flowables.Pass(fonts, Ink(), STANDARD, False, 1.0, {}, {}, {}, True)
    example = puzzle_type.example(None)
    width, scale = 120 * mm, 0.5
    pair = flowables.ExamplePair(puzzle_type, example, state, width, scale, ENGLISH, stacked)
    drawn = _Drawn()
    monkeypatch.setattr(flowables, "CanvasPen", drawn.pen)
    pair.canv = drawn
    pair.draw()
    widths = [puzzle_type.measure(example.puzzle)[0], puzzle_type.example_answer_size(example.puzzle)[0]]
    column = width if stacked else width / 2
    for index, ((left, _top, _scale), drawing) in enumerate(zip(drawn.origins, widths, strict=True)):
        start = 0.0 if stacked else index * column
        centre = left + drawing * mm * scale / 2
        if drawing * mm * scale < column - 2 * 8 * mm:  # room to centre it, the column's gaps kept
            assert centre == pytest.approx(start + column / 2), (index, centre)
    if stacked:
        upper_bottom = drawn.origins[0][1] - puzzle_type.measure(example.puzzle)[1] * mm * scale
        solved_top = drawn.captions[1][1] + CAP * drawn.size
        assert upper_bottom - solved_top >= 3 * mm, (upper_bottom - solved_top) / mm


@pytest.mark.parametrize("held", [1, 2, 3])
def test_a_row_of_fewer_puzzles_than_its_columns_stands_in_the_middle(monkeypatch, held):
    """A section of one futoshiki below its opening stood in the left column of its page (large
    print on US Letter), where a sudoku's filled its page's width: a short row is centred, a
    full one fills its columns."""
    from reportlab.lib.units import mm

    from bookgen.book import PrintedPuzzle
    from bookgen.i18n import ENGLISH
    from bookgen.render import flowables
    from bookgen.render.geometry import Grid
    from bookgen.render.pdfpen import Ink
    from bookgen.render.sizes import STANDARD

    futoshiki = find_type("futoshiki")
    record = make_puzzle(Request.make(futoshiki, "easy", {}), "row")
    state = flowables.Pass(register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf",
                                          "DejaVuSans-Oblique.ttf"),
                           Ink(), STANDARD, False, 1.0, {}, {}, {}, True)
    grid = Grid(3, 1, 0.5, 60 * mm, 50 * mm)
    puzzles = [PrintedPuzzle(n + 1, record, 1) for n in range(held)]
    row = flowables.PuzzleRow(puzzles, futoshiki, grid, state, ENGLISH)
    drawn = _Drawn()
    monkeypatch.setattr(flowables, "CanvasPen", drawn.pen)
    row.canv = drawn
    row.draw()
    width = futoshiki.measure(record.puzzle)[0] * mm * grid.scale
    lefts = [left for left, _top, _scale in drawn.origins]
    middle = (min(lefts) + max(lefts) + width) / 2
    assert middle == pytest.approx(row.width / 2)


def test_a_row_that_ends_its_page_needs_no_gap_below_it():
    """Three easy fill-ins on 8.5x11: the third's row was 7 pt short of the room under the first
    row and the opening, for the half gap a row keeps under it for the next, so it went to the
    next page with the second, the opening's page left half blank. A row whose drawings fit the
    room a page has left takes that room, and ends the page; its drawings stay inside it."""
    from reportlab.lib.units import mm

    from bookgen.book import PrintedPuzzle
    from bookgen.i18n import ENGLISH
    from bookgen.render import flowables
    from bookgen.render.geometry import ROW_GAP, Grid
    from bookgen.render.pdfpen import Ink
    from bookgen.render.sizes import STANDARD

    fillin = find_type("fillin")
    record = make_puzzle(Request.make(fillin, "easy", {"size": 8}), "end")
    state = flowables.Pass(register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf",
                                          "DejaVuSans-Oblique.ttf"),
                           Ink(), STANDARD, False, 1.0, {}, {}, {}, True)
    grid = Grid(2, 2, 1.0, 90 * mm, 200 * mm)
    row = flowables.PuzzleRow([PrintedPuzzle(1, record, 1)], fillin, grid, state, ENGLISH)
    drawings = row.label + row.drawn
    room = drawings + ROW_GAP / 4  # under the drawings and half a row gap
    assert room < row.least
    _width, height = row.wrap(row.width, room)
    assert drawings <= height <= room
    assert row.wrap(row.width, drawings - 1)[1] > drawings - 1  # less room: the next page


def test_every_contents_entry_leads_to_its_page_with_dots():
    """A large-print 5x8 contents entry whose words ended a hair short of the page number's room
    ("Futoshiki easy · puzzles 1–6") printed no dot leaders while the wrapped entries under it did:
    its last words go below, with their dots, wherever the line leaves no room for three."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from bookgen.render import flowables
    from bookgen.render.pdfpen import Ink
    from bookgen.render.sizes import LARGE_PRINT

    fonts = register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
    state = flowables.Pass(fonts, Ink(), LARGE_PRINT, False, 1.0, {}, {}, {}, True)
    dots = stringWidth(". " * flowables.LEAST_LEADERS, fonts.regular, 14)
    for width in range(200, 320, 3):  # every way the words can fall short of a line
        entry = flowables.ContentsEntry("s0", "Futoshiki", "easy\u00a0\u00b7 puzzles\u00a01\u20136", state,
                                        float(width), 14)
        last = entry.lines[-1]
        room = width - entry.page_room + flowables.LEADER_GAP / 2
        assert flowables.line_width(last) + flowables.LEADER_GAP + dots <= room or len(last) == 1, width


def _story_rows(write_config, text: str):
    """The puzzle rows of a one-section book's story, with its frame's height."""
    from bookgen.book import make_book
    from bookgen.config import load_config
    from bookgen.render.document import BookDocument
    from bookgen.render.flowables import PuzzleRow
    from bookgen.render.geometry import make_geometry

    book = make_book(load_config(write_config(text)))
    document = BookDocument(book)
    geometry = make_geometry(document.layout, book.config, 40)
    state = document._pass({}, {}, False)
    story = document._section_story(0, document.book.sections[0], state, geometry)
    return [f for f in story if isinstance(f, PuzzleRow)], geometry.frame_size[1]


def test_two_mazes_side_by_side_stand_in_the_middle_of_their_page(write_config):
    """Two easy mazes side by side filled the top 55% of a large-print Letter page and left the
    rest blank: a page of rows that leave much of it blank spreads them, the blank shared out
    above and below."""
    rows, frame = _story_rows(write_config, """
        title: Mazes
        layout: 8.5x11
        large_print: true
        seed: 3
        sections: [{type: maze, count: 4, difficulty: easy, pictures: mouse}]
        """)
    paged = [row for row in rows if row.most > row.least or row.centred]  # not a first, tight row
    assert paged and all(len(row.puzzles) == 2 for row in paged)
    for row in paged:
        assert row.centred and row.height == pytest.approx(frame - 1.0)
        blank = row.height - row.label - row.drawn
        assert blank > 0.25 * frame  # shared: half above the number, half below the drawing


def test_a_puzzles_number_stands_over_its_drawings_corner(monkeypatch):
    """A 5x5 numbrix centred in a wide slot had its number at the slot's edge, half an inch to
    the left of its grid: the number stands over the drawing's left edge."""
    from reportlab.lib.units import mm

    from bookgen.book import PrintedPuzzle
    from bookgen.i18n import ENGLISH
    from bookgen.render import flowables
    from bookgen.render.geometry import Grid
    from bookgen.render.pdfpen import Ink
    from bookgen.render.sizes import STANDARD

    numbrix = find_type("numbrix")
    record = make_puzzle(Request.make(numbrix, "easy", {"size": 5}), "corner")
    state = flowables.Pass(register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf",
                                          "DejaVuSans-Oblique.ttf"),
                           Ink(), STANDARD, False, 1.0, {}, {}, {}, True)
    row = flowables.PuzzleRow([PrintedPuzzle(1, record, 1)], numbrix, Grid(1, 1, 1.0, 150 * mm, 90 * mm),
                              state, ENGLISH, centred=True)
    drawn = _Drawn()
    monkeypatch.setattr(flowables, "CanvasPen", drawn.pen)
    row.canv = drawn
    row.draw()
    [(number_x, _y, text)] = drawn.captions
    [(drawing_left, _top, _scale)] = drawn.origins
    assert text == "1" and drawing_left > 20 * mm and number_x == pytest.approx(drawing_left)


def test_a_section_that_fills_part_of_a_page_prints_as_large_as_its_pages_allow(write_config):
    """Four 5x5 numbrix printed in a grid for six (2.57 in wide) and four 3-row pyramids in a
    grid for nine (2.25 in) in a large-print Letter book, a third of their pages blank: of the
    scales that keep a section to its pages, it takes the largest (2 by 2: 3.53 in and 3.29 in,
    the pyramids at the layout's largest scale), on as many pages as before."""
    from collections import Counter

    from reportlab.lib.units import inch, mm

    from bookgen.book import make_book
    from bookgen.config import load_config
    from bookgen.render.document import BookDocument

    config = write_config("""
        title: Small puzzles
        layout: 8.5x11
        large_print: true
        title_page: false
        answers: none
        seed: 2026
        sections:
          - {type: numbrix, count: 4, difficulty: easy, size: 5}
          - {type: pyramid, count: 4, difficulty: easy, rows: 3}
    """)
    book = make_book(load_config(config))
    document = BookDocument(book)
    puzzle_pages: dict[int, int] = {}
    document.render("book", puzzle_pages)
    numbrix, pyramids = (
        max(s.puzzle_type.page_size(r.puzzle)[0] for r in s.records) * mm * scale / inch
        for s, scale in zip(book.sections, document.puzzle_scales))
    assert numbrix > 3.2 and pyramids > 3.2
    assert document.puzzle_scales[1] == pytest.approx(document.layout.max_scale)
    held = Counter(puzzle_pages.values())  # two to a page below each opening, two on the next
    assert sorted(held.values()) == [2, 2, 2, 2]



def _painted(write_config, text: str):
    """A config's book, the page each puzzle prints on, and the pages as the auditor reads them."""
    from bookgen.book import make_book
    from bookgen.config import load_config
    from bookgen.render.document import BookDocument

    book = make_book(load_config(write_config(text)))
    puzzle_pages: dict[int, int] = {}
    pdf, _count = BookDocument(book).render("book", puzzle_pages)
    return book, puzzle_pages, audit.read_pages(pdf)


def test_a_sections_lone_puzzles_stand_at_one_height(write_config):
    """Each crossword alone on its 6x9 page was centred on its own height (grid and clues), so
    its number stood 53 to 149 points below the head, page to page: a section's lone puzzles
    stand as its tallest is centred, at one height."""
    from collections import Counter

    book, puzzle_pages, pages = _painted(write_config, """
        title: Crosswords
        layout: 6x9
        answers: none
        contents: false
        seed: 11
        sections: [{type: crossword, count: 5, difficulty: medium}]
        """)
    held = Counter(puzzle_pages.values())
    lone = {number: page for number, page in puzzle_pages.items()
            if held[page] == 1 and not audit.opens(pages[page - 1])}
    tops = {round(max(run.top for run in pages[page - 1].runs
                      if run.face == "bold" and run.text == str(number)), 1)
            for number, page in lone.items()}
    crossword = book.sections[0].puzzle_type
    heights = {crossword.page_size(p.record.puzzle)[1] for p in book.sections[0].puzzles
               if p.number in lone}
    assert len(lone) >= 3 and max(heights) > 1.1 * min(heights)
    assert len(tops) == 1, tops


def test_a_pages_quotations_end_their_authors_at_one_edge(write_config):
    """Each author ("— Proverb") ended under its own quotation's longest line, three on a page
    at three places, the quotations sharing one left edge: they end at the page's one right
    edge, its widest quotation's."""
    _book, puzzle_pages, pages = _painted(write_config, """
        title: Codes
        layout: 6x9
        answers: none
        contents: false
        seed: 11
        sections: [{type: cryptogram, count: 8, difficulty: medium}]
        """)
    shared = 0
    for page in pages:
        rights = [run.right for run in page.runs if run.text.startswith("\u2014 ")]
        shared += len(rights) > 1
        assert max(rights, default=0) - min(rights, default=0) < 0.5, (page.number, rights)
    assert shared >= 2


# --- an answer key of word searches and crosswords, packed -----------------------------------------

PACKED_KEY = """
title: Packed key
layout: {layout}
large_print: {large}
seed: 11
sections:
  - {{type: wordsearch, difficulty: easy, count: 8, theme: all}}
  - {{type: crossword, difficulty: easy, count: 6}}
"""


def answer_pages_by_number(pages: list[audit.Page]) -> dict[int, list[int]]:
    """Each answer page (by number) and the puzzles it answers, from its labels."""
    found = {page.number: [int(n) for n, _ in audit.LABEL.findall(page.text)] for page in pages}
    return {number: puzzles for number, puzzles in found.items() if puzzles}


def ends_above_the_middle(page: audit.Page) -> bool:
    """Whether what the page prints between its running head and its folio (text and drawn
    paths, grids) ends above the middle of the room between them."""
    body = sorted(page.runs, key=lambda run: run.baseline)
    folio, head = body[0], body[-1]
    lowest = min([body[1].bottom] + [bottom for bottom, top in page.drawn
                                     if bottom > folio.top and top < head.top])
    return lowest > (head.bottom + folio.top) / 2


@pytest.mark.parametrize(("layout", "large", "most"), [("8.5x11", "true", 4), ("6x9", "true", 7),
                                                       ("5x8", "false", 3)])
def test_an_answer_key_packs_word_searches_and_crosswords(run, write_config, tmp_path, layout,
                                                          large, most):
    """A large-print Letter key of 24 word searches took 18 pages, most holding one answer, three
    quarters blank: each answer printed its word list again (its outlines show the words) in the
    puzzle's roomy squares, and a crossword's answer kept its numbers, which set its scale 1.6
    times as large as its letters need. Now word searches stand four to a large-print Letter
    page, and no answer page ends above its middle but a section's last."""
    config = write_config(PACKED_KEY.format(layout=layout, large=large))
    target = tmp_path / "packed.pdf"
    status, _, err = run("build", str(config), "-o", str(target), "-q", "--workers", "1")
    assert status == 0, err
    pages = audited(target)
    answered = answer_pages_by_number(pages)
    assert len(answered) <= most, {page: numbers for page, numbers in answered.items()}
    lasts = {page for page, numbers in answered.items() if {8, 14} & set(numbers)}
    short = [page for page in answered if page not in lasts and ends_above_the_middle(pages[page - 1])]
    assert not short, (short, answered)
    key = " ".join(page.text for page in pages if page.number in answered)
    from bookgen.book import make_book
    from bookgen.config import load_config

    listed = {word for record in make_book(load_config(config)).sections[0].records
              for word in record.puzzle["words"]}
    assert not [word for word in listed if word in key.replace("\n", " ").split(" ")]


def test_an_answer_label_keeps_one_space_between_its_number_and_its_page(run, write_config, tmp_path):
    """"9  · page 13": the gap after the bold number was 0.6 em, nearly twice its space."""
    config = write_config(PACKED_KEY.format(layout="6x9", large="false").replace("count: 6", "count: 1"))
    target = tmp_path / "labels.pdf"
    assert run("build", str(config), "-o", str(target), "-q", "--workers", "1")[0] == 0
    gaps = []
    for page in audited(target):
        for reference in (run for run in page.runs if run.text.startswith("\u00b7 page")):
            number = max((run for run in page.runs if run.face == "bold" and run.text.isdigit()
                          and abs(run.baseline - reference.baseline) < 3 and run.right <= reference.left),
                         key=lambda run: run.right)
            gaps.append((reference.left - number.right) / stringWidth(" ", "bk-DejaVuSans-Bold", number.size))
    assert len(gaps) == 9 and all(0.9 < gap < 1.1 for gap in gaps), gaps


def test_the_contents_says_where_each_sections_answers_begin(run, write_config, tmp_path):
    """The contents gave one "Answers" line for a 45-page key: finding puzzle 57's answer took
    flipping. Under it, each section's answers now have a line of their own and their page."""
    config = write_config(PACKED_KEY.format(layout="8.5x11", large="false").replace("count: 6", "count: 2"))
    target = tmp_path / "contents.pdf"
    assert run("build", str(config), "-o", str(target), "-q", "--workers", "1")[0] == 0
    pages = audited(target)
    contents = next(page for page in pages if "Contents" in [run.text for run in page.runs])
    lines = contents.text.split("\n")
    for caption in ("Word Search \u00b7 puzzles 1\u20138", "Crossword \u00b7 puzzles 9\u201310"):
        entry = next(i for i, line in enumerate(lines) if line.startswith(caption))
        page = int(next(line for line in lines[entry:] if line.strip().isdigit()))
        assert caption in pages[page - 1].text.replace("\n", " ") or caption in pages[page - 1].text
        assert audit.LABEL.search(pages[page - 1].text)
