"""The cover wrap: its size for each paper and page count, the spine-text rule, text inside the
trim and off the barcode's area, the front's puzzle drawn by the puzzle's own code, fonts, bytes."""

from __future__ import annotations

import dataclasses
import io

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from bookgen.book import make_book
from bookgen.config import load_config
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError
from bookgen.render.cover import (
    BARCODE,
    PAPER_THICKNESS,
    SAFE,
    SPINE_CLEAR,
    SPINE_TEXT_PAGES,
    plan_cover,
    render_cover,
    safe,
)

INCH = 72.0

COVER_BOOK = """
title: Cover Test
subtitle: Forty small puzzles
author: A. Setter
layout: {layout}
profile: print-on-demand
paper: {paper}
cover_color: "{color}"
back_text: |
  A short blurb for the back of the book, long enough to run over a few lines of the
  back cover so that it wraps.

  A second paragraph.
seed: 11
sections:
  - {{type: numbrix, title: Paths, count: 8, difficulty: easy, size: 6}}
  - {{type: numbrix, title: Paths, count: 8, difficulty: medium, size: 6}}
  - {{type: placement, title: Chains, count: 16, difficulty: medium}}
  - {{type: arithmetic, title: Cards, count: 16, difficulty: easy}}
  - {{type: pyramid, count: 12, difficulty: easy, variant: distinct}}
  - {{type: pyramid, count: 4, difficulty: easy}}
  - {{type: arrows, title: Arrows, count: 16, difficulty: easy}}
"""


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    """A made book per (paper, layout, colour) asked for, made once."""
    made = {}

    def book(paper="white", layout="6x9", color="#1f3a5f"):
        key = (paper, layout, color)
        if key not in made:
            path = tmp_path_factory.mktemp("cover") / "cover-test.yaml"
            path.write_text(COVER_BOOK.format(paper=paper, layout=layout, color=color))
            made[key] = make_book(load_config(path))
        return made[key]

    return book


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


@pytest.mark.parametrize("paper", sorted(PAPER_THICKNESS))
@pytest.mark.parametrize("pages", [24, 78, 79, 150, 400, 828])
def test_the_wrap_is_two_trims_a_spine_and_bleed(books, paper, pages):
    page = reader(render_cover(books(paper), pages)).pages[0]
    spine = pages * {"white": 0.002252, "cream": 0.0025, "color": 0.002347}[paper]
    width, height = (2 * 6 + spine + 2 * 0.125) * INCH, (9 + 2 * 0.125) * INCH
    assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, width, height], abs=0.01)
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, width, height], abs=0.01)
    assert [float(v) for v in page.trimbox] == pytest.approx(
        [9, 9, width - 9, height - 9], abs=0.01)


@pytest.mark.parametrize("layout, trim", [("5x8", (5, 8)), ("8.5x11", (8.5, 11))])
def test_other_trims_size_their_wrap_too(books, layout, trim):
    page = reader(render_cover(books(layout=layout), 200)).pages[0]
    width = (2 * trim[0] + 200 * 0.002252 + 0.25) * INCH
    assert [float(v) for v in page.mediabox] == pytest.approx(
        [0, 0, width, (trim[1] + 0.25) * INCH], abs=0.01)


def spine_runs(data: bytes) -> list[tuple[str, float, float, float, str]]:
    """(text, x, y, size, font) of the rotated (spine) text runs, in page coordinates."""
    runs = []

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip() and abs(cm[1]) > 0.5:
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            runs.append((text.strip(), x, y, font_size, str(font_dict["/BaseFont"])))

    reader(data).pages[0].extract_text(visitor_text=visit)
    return runs


@pytest.mark.parametrize("pages", [24, 78, 79, 120, 300, 828])
def test_spine_text_only_from_79_pages_centred_with_clear_space(books, pages):
    data = render_cover(books(), pages)
    runs = spine_runs(data)
    if pages < SPINE_TEXT_PAGES:
        assert runs == []
        return
    assert [r[0] for r in runs] == ["Cover Test    A. Setter"]
    text, baseline, top, size, _ = runs[0]
    spine_left = (0.125 + 6) * INCH
    spine_right = spine_left + pages * 0.002252 * INCH
    face = getFont("bk-DejaVuSans-Bold").face
    low, high = baseline + face.descent / 1000 * size, baseline + face.ascent / 1000 * size
    assert low >= spine_left + SPINE_CLEAR - 0.01 and high <= spine_right - SPINE_CLEAR + 0.01
    assert (low + high) / 2 == pytest.approx((spine_left + spine_right) / 2, abs=0.05)
    length = stringWidth(text, "bk-DejaVuSans-Bold", size)
    assert top <= (9.125 * INCH) - SAFE + 0.01 and top - length >= 0.125 * INCH + SAFE - 0.01


def text_runs(data: bytes) -> list[tuple[str, float, float, float, float]]:
    """(text, left, bottom, right, top) of every upright text run, in page coordinates."""
    runs = []

    def visit(text, cm, tm, font_dict, font_size):
        if not text.strip() or abs(cm[1]) > 0.5:
            return
        x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
        font = "bk-" + str(font_dict["/BaseFont"]).partition("+")[2]
        width = stringWidth(text.strip(), font, font_size)
        face = getFont(font).face
        runs.append((text.strip(), x, y + face.descent / 1000 * font_size, x + width,
                     y + face.ascent / 1000 * font_size))

    reader(data).pages[0].extract_text(visitor_text=visit)
    return runs


def inside(box, area, slack: float = 0.01) -> bool:
    return (box[0] >= area[0] - slack and box[1] >= area[1] - slack
            and box[2] <= area[2] + slack and box[3] <= area[3] + slack)


def overlaps(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.mark.parametrize("layout, pages", [("6x9", 40), ("6x9", 200), ("5x8", 40),
                                           ("8.5x11", 40)])
def test_text_and_drawings_stay_a_quarter_inch_inside_the_trim_and_off_the_barcode(
        books, layout, pages):
    book = books(layout=layout)
    plan = plan_cover(book, pages)
    geometry = plan.geometry
    panels = [safe(geometry.back), safe(geometry.front)]
    barcode = geometry.barcode
    assert barcode[2] - barcode[0] == pytest.approx(BARCODE[0])
    assert barcode[3] - barcode[1] == pytest.approx(BARCODE[1])
    assert inside(barcode, panels[0])  # on the back, bottom right, inside the safe area
    assert barcode[2] == pytest.approx(panels[0][2]) and barcode[1] == pytest.approx(panels[0][1])
    boxes = [t.box for t in plan.texts if not t.rotated] + [c.box for c in plan.cards]
    for box in boxes:
        assert any(inside(box, panel) for panel in panels), box
        assert not overlaps(box, barcode), box
    runs = text_runs(render_cover(book, pages))
    assert len(runs) > 25
    for run in runs:
        assert any(inside(run[1:], panel, 0.5) for panel in panels), run
        assert not overlaps(run[1:], barcode), run


@pytest.mark.parametrize("layout", ["6x9", "5x8"])
def test_a_long_author_and_subtitle_wrap_inside_the_front_and_an_impossible_one_is_refused(
        books, layout):
    """An author of 200 characters (the most a config takes) wrapped to four lines and printed its
    last one past the trim: every text on the front is fitted, by size and then by wrapping,
    inside the safe zone, or refused naming its key."""
    book = books(layout=layout)
    words = "Ada Setterwood-Fairweather and the Puzzle Guild of Lower Saxony, "
    long = dataclasses.replace(book, config=dataclasses.replace(
        book.config, author=(words * 4)[:200].strip(), subtitle=(words * 4)[:200].strip()))
    plan = plan_cover(long, 40)
    panels = [safe(plan.geometry.back), safe(plan.geometry.front)]
    assert all(any(inside(t.box, panel) for panel in panels) for t in plan.texts if not t.rotated)
    author = next(text for text in plan.texts if text.text == long.config.author)
    assert author.size >= 9
    for run in text_runs(render_cover(long, 40)):
        assert any(inside(run[1:], panel, 0.5) for panel in panels), run
    with pytest.raises(BookgenError) as refused:
        plan_cover(dataclasses.replace(book, config=dataclasses.replace(
            book.config, author=words * 12)), 40)
    assert refused.value.key == "author" and "too long" in refused.value.message


def test_no_text_on_the_cover_is_under_seven_points(books):
    """Print-on-demand services refuse type under 7 pt: the back's small puzzles are drawn at
    least that large, or give way to another section's."""
    sizes = []

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip():
            sizes.append((font_size * (tm[3] or 1.0), text.strip()))

    reader(render_cover(books(), 40)).pages[0].extract_text(visitor_text=visit)
    assert len(sizes) > 25 and min(sizes)[0] >= 7.0 - 0.01, min(sizes)
    assert len(plan_cover(books(), 40).cards) >= 4  # the front's and at least three on the back


def test_the_front_shows_title_subtitle_author_and_a_puzzle_drawn_by_its_own_code(books):
    book = books()
    plan = plan_cover(book, 40)
    front = plan.cards[0]
    assert front.printed in [p for s in book.sections for p in s.puzzles]
    assert inside(front.box, plan.geometry.front)
    back = plan.cards[1:]
    assert 2 <= len(back) <= 4 and all(inside(c.box, plan.geometry.back) for c in back)
    assert all(c.scale < front.scale for c in back)
    pen = RecordingPen()
    front.section.puzzle_type.draw_puzzle(pen, front.printed.record.puzzle)
    page = reader(render_cover(book, 40)).pages[0].extract_text()
    lines = page.splitlines()
    position = 0
    for text in pen.texts():  # the drawing's strings, in the order the puzzle's code writes them
        position = lines.index(text, position) + 1
    for text in ("Cover Test", "Forty small puzzles", "A. Setter", "A short blurb",
                 "A second paragraph.", "80 puzzles"):
        assert text in page
    # the back sums by title as the buyer sees them; untitled sections of one type are told apart
    said = " ".join(lines)
    assert said.count("Paths (16)") == 1 and "Paths (8)" not in said
    assert "Distinct Pyramids (12) \u00b7 Number Pyramids (4) \u00b7" in said


def test_fonts_are_embedded_tagged_and_never_helvetica_and_bytes_repeat(books):
    data = render_cover(books(), 200)
    assert data == render_cover(books(), 200)
    assert b"Helvetica" not in data
    tags = []
    for font in reader(data).pages[0]["/Resources"]["/Font"].values():
        font = font.get_object()
        assert "/FontFile2" in font["/FontDescriptor"].get_object()
        tags.append(str(font["/BaseFont"])[1:7])
    assert len(tags) >= 2 and len(set(tags)) == len(tags)


def test_text_is_light_on_a_dark_cover_and_dark_on_a_light_one(books):
    assert plan_cover(books(), 40).ink == "#ffffff"
    assert plan_cover(books(color="#f4e9c8"), 40).ink == "#1a1a1a"


def test_build_writes_the_cover_sized_from_the_interior(run, write_config, tmp_path):
    config = write_config(COVER_BOOK.format(paper="cream", layout="6x9", color="#5a2a27"))
    target = tmp_path / "book.pdf"
    status, out, err = run("build", str(config), "-o", str(target), "-q", "--workers", "1",
                           "--cover")
    assert status == 0, err
    cover = tmp_path / "book-cover.pdf"
    assert out.splitlines() == [str(target), str(cover)]
    pages = len(PdfReader(target).pages)
    width = float(PdfReader(cover).pages[0].mediabox[2])
    assert width == pytest.approx((12.25 + pages * 0.0025) * INCH, abs=0.01)


@pytest.mark.parametrize("spine, inches", [("0.3in", 0.3), ("7.62mm", 0.3), ("1.5cm", 1.5 / 2.54)])
def test_a_spine_from_the_services_calculator_sizes_the_wrap(books, tmp_path, spine, inches):
    """IngramSpark's papers are not KDP's: `spine:` takes the width its cover calculator gives,
    whatever the page count and paper say."""
    book = books()
    assert book.config.spine_mm is None
    ours = reader(render_cover(book, 120)).pages[0]
    assert float(ours.mediabox[2]) == pytest.approx((12.25 + 120 * 0.002252) * INCH, abs=0.01)
    path = tmp_path / "spine.yaml"
    path.write_text(COVER_BOOK.format(paper="white", layout="6x9", color="#1f3a5f")
                    .replace("paper: white", f"paper: white\nspine: {spine}"))
    given = dataclasses.replace(book, config=dataclasses.replace(
        book.config, spine_mm=load_config(path).spine_mm))
    page = reader(render_cover(given, 120)).pages[0]
    assert float(page.mediabox[2]) == pytest.approx((12.25 + inches) * INCH, abs=0.01)


@pytest.mark.parametrize("spine", ["0in", "5in", "wide", "true"])
def test_a_spine_past_what_a_cover_takes_is_refused_naming_the_range(run, write_config, tmp_path, spine):
    config = write_config(COVER_BOOK.format(paper="white", layout="6x9", color="#1f3a5f")
                          .replace("paper: white", f"paper: white\nspine: {spine}"))
    status, _, err = run("build", str(config), "-o", str(tmp_path / "x.pdf"), "-q")
    assert status == 2 and "spine" in err and "0.01in to 4in" in err, err
    assert not (tmp_path / "x.pdf").exists()


def test_cover_options_are_checked(run, write_config, tmp_path):
    config = write_config(COVER_BOOK.format(paper="glossy", layout="6x9", color="#1f3a5f"))
    status, _, err = run("build", str(config), "-o", str(tmp_path / "x.pdf"), "-q")
    assert status == 2 and "paper" in err and "white, cream, color" in err
    config = write_config(COVER_BOOK.format(paper="white", layout="6x9", color="navy"))
    status, _, err = run("build", str(config), "-o", str(tmp_path / "x.pdf"), "-q")
    assert status == 2 and "cover_color" in err


def test_the_front_shows_the_first_sections_puzzle_and_the_title_breaks_evenly(tmp_path):
    """A children's book that opened with mazes showed its scrambled words on the front (a list
    fills a tall box better), and its title broke "Puzzle Fun for Sam and / Mia": the book's
    first section leads unless its drawing fills the front much less than another's, and a
    title's lines are set at the narrowest width that keeps them, so they break evenly."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    path = tmp_path / "kids.yaml"
    path.write_text("title: Puzzle Fun for Sam and Mia\nlayout: 8.5x11\nprofile: print-on-demand\n"
                    "seed: 3\nsections:\n"
                    "  - {type: maze, count: 2, difficulty: easy, pictures: mouse}\n"
                    "  - {type: scramble, count: 2, difficulty: easy}\n")
    book = make_book(load_config(path))
    plan = plan_cover(book, 40)
    assert plan.cards[0].section.puzzle_type.name == "maze"
    swapped = dataclasses.replace(book, sections=book.sections[::-1])
    assert plan_cover(swapped, 40).cards[0].section.puzzle_type.name == "scramble"
    title = plan.texts[0]
    width = title.box[2] - title.box[0]
    assert width < safe(plan.geometry.front)[2] - safe(plan.geometry.front)[0] - 72
    paragraph = Paragraph(title.text, ParagraphStyle("t", fontName=title.font, fontSize=title.size,
                                                     leading=title.size * 1.3, alignment=TA_CENTER))
    paragraph.wrap(width, 10_000)
    lines = [sum(stringWidth(word, title.font, title.size) for word in line[1])
             for line in paragraph.blPara.lines]
    assert len(lines) == 2 and max(lines) < 1.5 * min(lines), lines


KIDS_BOOK = """
title: Puzzle Fun
layout: {layout}
large_print: {large}
profile: print-on-demand
back_text: Fun puzzles for kids aged 6 to 10, with the answers at the back.
seed: 3
sections:
"""
KIDS_SECTIONS = ["{type: numbrix, count: 2, difficulty: easy, size: 5}",
                 "{type: sudoku, size: 4, count: 2, difficulty: easy}",
                 "{type: maze, count: 2, difficulty: easy}",
                 "{type: wordsearch, count: 2, difficulty: easy, children: true}"]


def kids_book(tmp_path, layout: str, sections: int, large: bool = True, answers: str = "back"):
    path = tmp_path / f"kids-{layout}-{sections}.yaml"
    path.write_text(KIDS_BOOK.format(layout=layout, large=str(large).lower())
                    + "".join(f"  - {line}\n" for line in KIDS_SECTIONS[:sections])
                    + f"answers: {answers}\n")
    return make_book(load_config(path))


def back_band(plan):
    """The band between the blurb (or the back's safe top) and the line on what the book holds,
    and the back's cards."""
    back = plan.geometry.back
    texts = [t for t in plan.texts if not t.rotated and t.box[2] <= back[2]]
    contents = next(t for t in texts if t.text.startswith("<b>"))
    blurbs = [t for t in texts if t is not contents]
    top = blurbs[0].box[1] if blurbs else safe(back, SAFE + 0.15 * INCH)[3]
    return (contents.box[3], top), plan.cards[1:]


def centred(low, high, band) -> bool:
    """Whether the cards from low to high stand as far from the band's bottom as from its top."""
    return abs((band[1] - high) - (low - band[0])) <= 1.0


@pytest.mark.parametrize("layout", ["5x8", "6x9", "8.5x11"])
@pytest.mark.parametrize("blurb", [True, False])
def test_the_back_puzzles_fill_the_band_between_the_blurb_and_the_contents_line(
        books, layout, blurb):
    """An 8.5x11 back drew four 2-inch puzzles at the top of an 8-inch band and left a large
    empty band under them: the puzzles are drawn as large as the band holds them, centred in it."""
    book = books(layout=layout)
    if not blurb:
        book = dataclasses.replace(book, config=dataclasses.replace(book.config, back_text=None))
    plan = plan_cover(book, 60)
    (bottom, top), cards = back_band(plan)
    assert len(cards) >= 3
    low, high = min(c.box[1] for c in cards), max(c.box[3] for c in cards)
    assert high - low >= 0.75 * (top - bottom), (low, high, bottom, top)
    assert centred(low, high, (bottom, top)) or not blurb  # without one, the top's edge is closer
    assert all(c.scale <= max(1.0, 0.8 * plan.cards[0].scale) + 1e-9 for c in cards)


@pytest.mark.parametrize("layout", ["5x8", "8.5x11"])
@pytest.mark.parametrize("sections", [1, 2, 4])
def test_few_back_puzzles_are_drawn_as_large_as_the_band_or_their_cap_allows(
        tmp_path, layout, sections):
    """Two puzzles side by side left half an 8.5x11 band empty: they stack when that draws them
    as large; puzzles too small to fill the band are drawn at 0.8 of the front's scale (the
    front's drawing stays the largest), centred in it."""
    plan = plan_cover(kids_book(tmp_path, layout, sections), 60)
    (bottom, top), cards = back_band(plan)
    assert 1 <= len(cards) <= sections
    low, high = min(c.box[1] for c in cards), max(c.box[3] for c in cards)
    assert centred(low, high, (bottom, top))
    cap = max(1.0, 0.8 * plan.cards[0].scale)
    assert (high - low >= 0.75 * (top - bottom)
            or all(card.scale == pytest.approx(cap) for card in cards)), (low, high, bottom, top)
    back = safe(plan.geometry.back)
    for card in cards:
        assert inside(card.box, back) and not overlaps(card.box, plan.geometry.barcode)
        assert card.scale <= cap + 1e-9


def test_the_blurb_starts_larger_on_a_larger_trim_and_in_large_print(books, tmp_path):
    """The back text printed at 11.5 pt on 8.5x11, small print for a children's book."""
    def blurb_size(book):
        return next(t.size for t in plan_cover(book, 60).texts if "short blurb" in t.text)

    assert blurb_size(books(layout="6x9")) == 11.5
    assert blurb_size(books(layout="5x8")) == 11.5
    assert blurb_size(books(layout="8.5x11")) == 14
    book = books(layout="8.5x11")
    large = dataclasses.replace(book, config=dataclasses.replace(book.config, large_print=True))
    assert blurb_size(large) == 16


def test_the_back_tells_a_buyer_what_the_book_holds_in_words_that_are_true(books, tmp_path):
    """"each checked by a solver" meant nothing to a buyer: the back says each puzzle has exactly
    one solution when every puzzle's type promises one, else that every one was checked (a
    "make the number" card has several ways)."""
    def contents(book):
        return next(t.text for t in plan_cover(book, 40).texts if t.text.startswith("<b>"))

    mixed = contents(books())  # with arithmetic cards
    assert mixed.startswith("<b>80 puzzles</b>, every one checked, answers at the back: ")
    assert "solver" not in mixed and "solution" not in mixed
    unique = kids_book(tmp_path, "6x9", 4)
    assert contents(unique).startswith(
        "<b>8 puzzles</b>, each with exactly one solution, answers at the back: Numbrix (2)")
    german = dataclasses.replace(unique, config=dataclasses.replace(unique.config, language="de"))
    assert contents(german).startswith("<b>8 Rätsel</b>, jedes eindeutig lösbar, mit Lösungen")
    none = kids_book(tmp_path, "6x9", 1, answers="none")
    assert contents(none) == "<b>2 puzzles</b>, each with exactly one solution: Numbrix (2)"


SPANISH_CLUES = """\
MANZANA: Fruta roja o verde
NARANJA: Fruta cítrica de Valencia
QUESO: Se hace con leche
OSO: Animal grande que hiberna
CALLE: Por ella pasan los coches
FÚTBOL: Deporte de once jugadores por equipo
MADRID: Capital de España
EBRO: Río que pasa por Zaragoza
TAJO: Río más largo de la península ibérica
TEIDE: Pico más alto de España
PUENTE: Cruza un río
IGLESIA: Templo con campanario
ESCUELA: Aquí aprenden los niños
VENTANA: Por ella se mira afuera
JARDÍN: Aquí crecen flores
ROSA: Flor con espinas
ÁRBOL: Tiene tronco, ramas y hojas
INVIERNO: Estación fría
VERANO: Estación calurosa
OTOÑO: Se caen las hojas
PRIMAVERA: Estación después del invierno
NIEVE: Copos blancos del cielo
LLUVIA: Cae de las nubes
SOL: Brilla de día
LUNA: Brilla de noche
ESTRELLA: Punto de luz en el cielo nocturno
CAFÉ: Bebida negra de la mañana
PAELLA: Plato de arroz valenciano
CHURRO: Se moja en chocolate
GUITARRA: Instrumento de seis cuerdas
PIANO: Instrumento de teclas blancas y negras
LIBRO: Tiene páginas y tapas
PERIÓDICO: Trae las noticias cada día
BICICLETA: Tiene dos ruedas y pedales
TREN: Va sobre vías
PUERTO: Aquí atracan los barcos
ISLA: Tierra rodeada de agua
NIÑO: Persona de pocos años
MAÑANA: Parte del día antes del mediodía
CORAZÓN: Órgano que bombea la sangre
"""


def test_a_front_crossword_prints_its_clues_at_seven_points_under_its_grid(tmp_path):
    """A Spanish 6x9 book's front crossword set its clues beside its grid, the drawing scaled to
    the front's width: 5 pt. The front's puzzle is drawn so its text reaches the floor, a
    crossword narrowed to the box (its clues under the grid), and still the book's first."""
    (tmp_path / "palabras.txt").write_text(SPANISH_CLUES, encoding="utf-8")
    path = tmp_path / "libro.yaml"
    path.write_text("title: El gran libro\nlanguage: es\nlayout: 6x9\nprofile: print-on-demand\n"
                    "seed: 2026\nsections:\n"
                    "  - {type: crossword, difficulty: easy, count: 1, clues: palabras.txt}\n"
                    "  - {type: sudoku, difficulty: easy, count: 1}\n", encoding="utf-8")
    book = make_book(load_config(path))
    plan = plan_cover(book, 40)
    assert plan.cards[0].section.puzzle_type.name == "crossword"
    sizes = []

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip():
            sizes.append((font_size * (tm[3] or 1.0), text.strip()))

    reader(render_cover(book, 40)).pages[0].extract_text(visitor_text=visit)
    assert any("Horizontales" in text for _, text in sizes)  # the clues print on the front
    assert min(sizes)[0] >= 7.0 - 0.01, min(sizes)
