"""Input written to hurt: it must end in one clear message, quickly, not in a hung or dying process."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

BOMB = """title: Laughs
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
sections: []
"""


def test_alias_bomb_is_refused_at_once(write_config, run, tmp_path):
    path = write_config(BOMB)
    started = time.monotonic()
    status, out, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert time.monotonic() - started < 10
    assert status == 2 and "aliases" in err and "Traceback" not in err
    assert not (tmp_path / "out.pdf").exists()


def test_self_containing_alias_is_refused(write_config, run, tmp_path):
    path = write_config("title: T\nloop: &x [1, *x]\nsections: []\n")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "alias" in err and "Traceback" not in err


def test_ordinary_aliases_still_work(write_config, run, tmp_path):
    path = write_config("""title: Shared options
seed: 2
sections:
  - &easy {type: placement, count: 1, difficulty: easy, size: 4}
  - *easy
""")
    status, out, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 0, err
    assert (tmp_path / "out.pdf").stat().st_size > 1000


def test_messages_show_values_as_people_wrote_them(write_config, run, tmp_path):
    path = write_config("""title: T
sections:
  - {type: placement, count: 1, difficulty: easy, size: {rows: 4}}
""")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "{rows: 4} is not allowed" in err and "{'rows'" not in err


def test_a_runaway_census_is_refused_with_its_size(run):
    started = time.monotonic()
    status, out, err = run("census", "arithmetic", "--size", "6", "--range", "0-99")
    assert time.monotonic() - started < 5
    assert status == 2 and "1,609,344,100 cards" in err and "at most 100,000" in err


def test_a_closed_pipe_ends_generate_quietly(tmp_path):
    command = [sys.executable, "-m", "bookgen", "generate", "placement", "-n", "200"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # the reader goes away, as `| head -1` does
    err = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == 141
    assert first.startswith(b'{"type": "placement"') and err == ""


def test_margins_wider_than_the_page_name_the_keys(tmp_path, write_config, run):
    (tmp_path / "wide.yaml").write_text("""title: Wide margins
page: {width: 6in, height: 9in}
margins: {top: 0.5in, bottom: 0.5in, inside: 4in, outside: 3in}
fonts: {regular: DejaVuSans.ttf, bold: DejaVuSans-Bold.ttf, italic: DejaVuSans-Oblique.ttf}
grids: [[1, 1]]
""")
    path = write_config("title: T\nlayout: ./wide.yaml\nsections: [{type: placement, count: 1, "
                        "difficulty: easy}]\n")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "Traceback" not in err
    assert "margins.inside + margins.outside" in err and "page.width" in err and "no room" in err


def test_rating_filters_name_unknown_figures_and_wrong_shapes(write_config, run, tmp_path):
    (tmp_path / "bank.jsonl").write_text("")
    path = write_config("title: T\nsections:\n  - {type: placement, count: 1, from: bank.jsonl, "
                        "rating: {scor: 3}}\n")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "rating.scor" in err and "did you mean 'score'" in err
    path = write_config("title: T\nsections:\n  - {type: placement, count: 1, from: bank.jsonl, "
                        "rating: 5}\n", "five.yaml")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "5 is not allowed" in err and "Traceback" not in err


def test_a_title_that_would_fill_pages_is_refused_with_the_limit(write_config, run, tmp_path):
    path = write_config("title: " + "x" * 5000 + "\nsections: [{type: placement, count: 1, "
                        "difficulty: easy}]\n")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "at most 120 characters" in err and "(5002 characters)" in err
    assert len(err) < 400


def test_a_worksheet_too_big_for_one_page_says_so(run, tmp_path):
    status, _, err = run("worksheet", "placement", "-n", "13", "-o", str(tmp_path / "w.pdf"),
                         "--answers", "none")
    assert status == 0 and "at most 12 puzzles" in err
    status, _, err = run("worksheet", "placement", "-n", "12", "-o", str(tmp_path / "v.pdf"),
                         "--answers", "none")
    assert status == 0 and "at most" not in err


def test_text_the_fonts_cannot_draw_is_named_not_printed_as_boxes(write_config, run, tmp_path):
    path = write_config("title: 数独パズル\nsections: [{type: placement, count: 1, difficulty: easy, "
                        "title: Ordnung ✓}]\n")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "title" in err and "'数' (U+6570)" in err and "empty boxes" in err
    assert not (tmp_path / "out.pdf").exists()
    html_only = write_config("title: 数独パズル\nformats: [html]\nsections: [{type: placement, "
                             "count: 1, difficulty: easy}]\n", "html.yaml")
    status, _, err = run("build", str(html_only), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 0, err  # a browser picks its own fonts


def test_the_document_refuses_undrawable_text_for_library_callers_too(write_config):
    from dataclasses import replace

    from bookgen.book import make_book
    from bookgen.config import load_config
    from bookgen.errors import BookgenError
    from bookgen.render.document import BookDocument

    config = load_config(write_config("title: Plain\nsections: [{type: placement, count: 1, "
                                      "difficulty: easy}]\n"))
    book = make_book(config)
    with pytest.raises(BookgenError, match="U\\+6570"):
        BookDocument(replace(book, config=replace(config, title="数独")))
