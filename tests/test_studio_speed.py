"""The studio's quick previews: a preview is laid out starting from what the last one settled on
(bookgen.render.pdf.starting_from), one reportlab build instead of three when nothing moved, and
its PDF is the whole build's, byte for byte, whatever the edit (bench/ measures the time); the
studio's previews paint only the pages that changed, and show the whole build's pages; and a
twin's replacement is made on the executor, so the studio keeps it for the next preview."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import Executor, Future
from pathlib import Path

import pypdfium2
import pytest
from reportlab.platypus.doctemplate import LayoutError

from bookgen.book import Book, generate_one, make_book
from bookgen.config import read_config_text
from bookgen.puzzles.base import PuzzleRecord
from bookgen.render import pdf
from bookgen.render.document import BookDocument
from bookgen.render.preview import render_pages
from bookgen.studio.jobs import cached_puzzles, puzzle_keys
from bookgen.studio.pages import PREVIEW_DPI

BOOK = """\
title: Speed
sections:
  - {{type: numbrix, count: {numbrix}, difficulty: easy, size: 5, title: Paths}}
  - {{type: placement, count: 6, difficulty: {level}, title: "{title}"}}
  - {{type: arithmetic, count: 6, difficulty: easy, title: Sums}}
"""


def book(tmp_path: Path, numbrix: int = 6, level: str = "easy", title: str = "Orders") -> Book:
    text = BOOK.format(numbrix=numbrix, level=level, title=title)
    return make_book(read_config_text(text, tmp_path / "speed.yaml"))


@pytest.fixture
def builds(monkeypatch) -> Iterator[list[int]]:
    """Counts reportlab builds of a book's story (layout and painting passes alike)."""
    counted: list[int] = []
    build = BookDocument._build_once

    def counting(self, *args):
        counted.append(1)
        return build(self, *args)

    monkeypatch.setattr(BookDocument, "_build_once", counting)
    yield counted


def whole(made: Book) -> bytes:
    """The book as `bookgen build` draws it: every pass, no start."""
    return pdf.interior(made).pdf


def pictures(data: bytes) -> list[bytes]:
    """Every page of a PDF as the studio's preview draws it."""
    document = pypdfium2.PdfDocument(data)
    count = len(document)
    document.close()
    return [png for _n, png in render_pages(data, list(range(1, count + 1)), PREVIEW_DPI, False)]


@pytest.mark.parametrize("edit", [{"title": "Orders, Again"}, {"level": "hard"},
                                  {"numbrix": 14}])
def test_a_preview_after_an_edit_is_the_whole_builds_pdf(tmp_path, edit):
    layouts: dict = {}
    with pdf.starting_from(layouts):
        pdf.interior(book(tmp_path))
    with pdf.starting_from(layouts):
        quick = pdf.interior(book(tmp_path, **edit)).pdf
    assert quick == whole(book(tmp_path, **edit))


def test_a_retitle_takes_one_build_and_a_book_that_moved_falls_back_to_every_pass(tmp_path, builds):
    layouts: dict = {}
    with pdf.starting_from(layouts):
        pdf.interior(book(tmp_path))
    assert len(builds) == 2  # a layout pass learns where sections open; the next paints them
    first = dict(layouts[None].anchors)
    builds.clear()
    with pdf.starting_from(layouts):
        pdf.interior(book(tmp_path, title="Orders, Again"))
    assert len(builds) == 1  # the painting pass alone: nothing moved
    assert layouts[None].anchors == first
    builds.clear()
    with pdf.starting_from(layouts):
        pdf.interior(book(tmp_path, numbrix=14))  # 8 more puzzles push the later sections on
    assert len(builds) == 1 + 2  # the painting from the start disagreed: the whole build
    assert layouts[None].anchors["section2"] > first["section2"]


def test_a_book_whose_layout_waits_on_no_pass_is_laid_out_and_painted_at_once(tmp_path, builds):
    """No contents, no print-on-demand gutter or padding, no shared pages: nothing the first pass
    lays out depends on one before it, so it paints; with contents it takes two passes, and the
    bytes are those of the same book built from nothing again."""
    text = BOOK.format(numbrix=6, level="easy", title="Orders") + "contents: false\n"
    plain = make_book(read_config_text(text, tmp_path / "plain.yaml"))
    assert not plain.config.contents and plain.config.profile != "print-on-demand"
    first = whole(plain)
    assert len(builds) == 1
    builds.clear()
    assert whole(make_book(read_config_text(text, tmp_path / "plain.yaml"))) == first
    builds.clear()
    whole(book(tmp_path))
    assert len(builds) == 2


def test_a_start_the_book_no_longer_fits_falls_back_to_the_whole_build(tmp_path, monkeypatch):
    """A painting from the start that fails (on the start's gutter, say) is not the book's
    error: the whole build decides."""
    layouts: dict = {}
    with pdf.starting_from(layouts):
        pdf.interior(book(tmp_path))

    def failing(self, part, puzzle_pages, start):
        puzzle_pages[999] = 1  # what it learned is dropped with it
        raise LayoutError("Flowable <Spacer at 0x1> (1 x 1) too large on page 1 in frame 'x'(1 x 1)")

    monkeypatch.setattr(BookDocument, "_render_from", failing)
    with pdf.starting_from(layouts):
        quick = pdf.interior(book(tmp_path, title="Orders, Again")).pdf
    assert quick == whole(book(tmp_path, title="Orders, Again"))


def test_a_build_without_a_start_records_nothing(tmp_path, builds):
    layouts: dict = {}
    with pdf.starting_from(layouts):
        pdf.interior(book(tmp_path))
    builds.clear()
    whole(book(tmp_path, title="Orders, Again"))
    assert len(builds) == 2 and list(layouts) == [None]


@pytest.mark.parametrize("versions", [1, 2])
def test_the_studio_hands_a_preview_what_the_last_one_settled_on(tmp_path, versions):
    pytest.importorskip("flask", reason="pip install -e '.[studio]'")
    from bookgen.studio.server import create_app

    app = create_app(tmp_path, workers=1)
    client = app.test_client()
    client.get(f"/?token={app.config['STUDIO_TOKEN']}")
    jobs = app.extensions["bookgen-studio"]

    def finished(purpose: str, title: str) -> dict:
        sections = [{"type": "numbrix", "count": 6, "difficulty": "easy", "size": 5},
                    {"type": "placement", "count": 6, "difficulty": "easy", "title": title}]
        job = client.post("/api/jobs", json={"purpose": purpose, "book": {
            "title": "Speed", "sections": sections, "versions": versions}}).get_json()
        ends = time.monotonic() + 120
        while (status := client.get(f"/api/jobs/{job['id']}").get_json())["state"] == "running":
            assert time.monotonic() < ends, status
            time.sleep(0.05)
        assert status["state"] == "done", status
        return status

    def shown(status: dict) -> list[bytes]:
        """The preview's pages as the page shows them."""
        return [client.get(f"/api/pages/{page['digest']}.png").data for page in status["pages"]]

    try:
        first = finished("preview", "Orders")
        settled = dict(jobs.layouts)  # by version: None, or A and B
        assert len(settled) == versions
        for sheet in settled.values():
            assert sheet.anchors["section1"] > 1 and sheet.painted == set(range(1, sheet.pages + 1))
        retitled = finished("preview", "Orders, Again")
        assert jobs.layouts == settled  # a retitle moved nothing
        build = finished("build", "Orders, Again")  # the download: the whole build
        downloads = [data for name, data in jobs.find(build["id"]).files if name.endswith(".pdf")]
        assert shown(retitled) == [picture for data in downloads for picture in pictures(data)]
        before = [page["digest"] for page in first["pages"]]
        changed = [page for page in retitled["pages"] if page["digest"] not in before]
        assert changed and len(changed) == sum(len(s.painted) for s in jobs.layouts.values())
    finally:
        jobs.close()


EDITS = [{"title": "Orders, Again"}, {"level": "hard"}, {"numbrix": 14}]


@pytest.mark.parametrize("edit", EDITS)
def test_a_preview_paints_only_the_pages_that_changed_and_shows_the_whole_builds_pages(tmp_path,
                                                                                        edit):
    """A page left blank shows the last preview's picture of it: together they are the whole
    build's pages; a retitle paints exactly the pages whose pictures changed."""
    layouts: dict = {}
    with pdf.starting_from(layouts, changed_only=True):
        first = pdf.interior(book(tmp_path)).pdf
    assert layouts[None].painted == set(range(1, layouts[None].pages + 1))
    last = dict(enumerate(pictures(first), 1))
    assert list(last.values()) == pictures(whole(book(tmp_path)))
    names = layouts[None].names
    with pdf.starting_from(layouts, changed_only=True):
        quick = pdf.interior(book(tmp_path, **edit)).pdf
    painted, now = layouts[None].painted, dict(enumerate(pictures(quick), 1))
    shown = [now[page] if page in painted else last[page] for page in now]
    expected = pictures(whole(book(tmp_path, **edit)))
    assert shown == expected
    for page in set(now) - painted:  # left blank: named as before, so shown as before
        assert layouts[None].names[page] == names[page]
    if edit == EDITS[0]:  # the contents, the section's pages, the answer key's page of its caption
        changed = {page for page, picture in last.items() if expected[page - 1] != picture}
        assert painted == changed and 0 < len(changed) < len(now)


def test_a_build_paints_every_page_whatever_it_starts_from(tmp_path):
    layouts: dict = {}
    with pdf.starting_from(layouts, changed_only=True):
        pdf.interior(book(tmp_path))
    with pdf.starting_from(layouts):
        quick = pdf.interior(book(tmp_path, title="Orders, Again")).pdf
    assert quick == whole(book(tmp_path, title="Orders, Again"))


def test_a_job_handed_what_the_last_one_worked_out_measures_nothing_again(tmp_path, monkeypatch):
    """The canonical forms and the answers' and puzzles' least scales of the cached puzzles come
    with them (bookgen.remembered): a retitle works none out again, and draws the same bytes."""
    from bookgen import remembered
    from bookgen.render import document

    monkeypatch.setattr(remembered, "_known", None)  # this test's process remembers, alone
    monkeypatch.setattr(remembered, "_learned", {})
    measured: list[int] = []
    least_scale = document.least_scale
    monkeypatch.setattr(document, "least_scale",
                        lambda *args: measured.append(1) or least_scale(*args))
    remembered.teach({})  # as a job starts
    pdf.interior(book(tmp_path))
    first = remembered.learned()
    assert measured and all(values for values in first.values())
    remembered._known = None  # the next job: a fresh process, taught what the first learned
    remembered.teach(first)
    measured.clear()
    retitled = pdf.interior(book(tmp_path, title="Orders, Again")).pdf
    assert not measured and remembered.learned() == {}  # no form nor scale worked out again
    remembered._known = None
    assert retitled == whole(book(tmp_path, title="Orders, Again"))
    assert measured  # worked out, when nothing is remembered


class Pipe:
    """A job's end of the pipe to the studio: what it sent, and when."""

    def __init__(self) -> None:
        self.sent: list[tuple] = []

    def send(self, message: tuple) -> None:
        self.sent.append(message)


def test_a_jobs_progress_is_sent_at_most_every_tenth_of_a_second_and_its_last_word_follows():
    from bookgen.studio.jobs import PROGRESS_SECONDS, _Reported

    pipe = Pipe()
    reported = _Reported(pipe)  # type: ignore[arg-type]
    reported.start("Paths", 120)
    for _ in range(120):  # every puzzle cached: within milliseconds
        reported.advance()
    assert pipe.sent == [("progress", "Paths", 0, 120)]  # the page asks once, not 121 times
    ends = time.monotonic() + 30  # a moment later (a busy computer may be slow to run the timer)
    while len(pipe.sent) < 2 and time.monotonic() < ends:
        time.sleep(PROGRESS_SECONDS)
    assert pipe.sent[1:] == [("progress", "Paths", 120, 120)]  # what it came to
    time.sleep(PROGRESS_SECONDS)
    reported.start("Sums", 6)  # sent at once: the last message is that old
    reported.advance()
    reported.close()  # the job's end: nothing after it
    time.sleep(PROGRESS_SECONDS * 3)
    assert pipe.sent[-1] == ("progress", "Sums", 0, 6) and len(pipe.sent) == 3


class Recording(Executor):
    """Makes each puzzle here, and keeps what it made by id."""

    def __init__(self) -> None:
        self.made: dict[str, PuzzleRecord] = {}

    def submit(self, fn, /, *args, **kwargs) -> Future:
        assert fn is generate_one
        future: Future = Future()
        future.set_result(fn(*args, **kwargs))
        self.made[args[0].request.id(args[0].seed)] = future.result()
        return future


SMALL = "title: Small\nseed: twins\nsections:\n  - {type: sudoku, count: 12, difficulty: easy, size: 4}\n"


def test_a_twins_replacement_is_made_on_the_executor_and_the_book_stays_the_same(tmp_path):
    config = read_config_text(SMALL, tmp_path / "small.yaml")
    recording = Recording()
    book = make_book(config, executor=recording)
    retries = [key for key in recording.made if "~" in key]
    assert retries  # twelve of the few dozen 4x4 puzzles: some slots met a twin
    assert len(recording.made) == 12 + len(retries)
    assert book == make_book(config)  # made here, one after another: the same puzzles
    kept = cached_puzzles(recording.made, puzzle_keys(config))
    assert kept == recording.made  # the studio hands the next job the replacements too


def test_the_studio_keeps_every_versions_puzzles_for_the_next_job(tmp_path):
    """Version B's puzzles are seeded apart from A's (puzzle_seed): a retitle of a sheet in two
    versions hands the job both versions' puzzles, and it makes none again."""
    config = read_config_text(SMALL.replace("count: 12", "count: 2") + "versions: 2\n",
                              tmp_path / "small.yaml")
    recording = Recording()
    make_book(config, executor=recording)
    assert len(recording.made) >= 4
    assert cached_puzzles(recording.made, puzzle_keys(config)) == recording.made
