"""A book made on worker processes: the same bytes as one made here, every puzzle made once, a
twin's replacement never queued behind the book's other puzzles, and the parent's typesetting
after the last puzzle (on one core while the other idles) working nothing out twice, nor what it
could work out of each section while the later ones were made."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from bookgen.book import PuzzleJob, _made_now, book_jobs, make_book, sample_ahead
from bookgen.config import load_config
from bookgen.formats import render_formats
from bookgen.puzzles import request_for

MIXED = """
title: Twins and versions
seed: 5
versions: 2
formats: [pdf, jsonl]
sections:
  - {type: pyramid, count: 2, difficulty: easy, rows: 3}
  - {type: scramble, count: 10, difficulty: medium}
  - {type: sudoku, count: 3, difficulty: easy}
  - {type: maze, count: 2, difficulty: medium}
  - {type: arithmetic, count: 12, difficulty: medium}
"""
"""Several types, two versions (B's puzzles matched to A's) and a slot that repeats an earlier
puzzle (pyramid 5.1.2: four 3-row easy pyramids exist)."""


def test_a_mixed_book_has_the_same_bytes_on_two_workers_as_on_one(run, write_config, tmp_path):
    config = write_config(MIXED)
    files = {}
    for workers in ("1", "2"):
        target = tmp_path / f"book-{workers}.pdf"
        status, _, err = run("build", str(config), "-o", str(target), "-q", "--workers", workers)
        assert status == 0, err
        files[workers] = {path.name.replace(f"-{workers}", ""): path.read_bytes()
                          for path in sorted(tmp_path.glob(f"book-{workers}-*"))}
    assert sorted(files["1"]) == ["book-A.jsonl", "book-A.pdf", "book-B.jsonl", "book-B.pdf"]
    assert files["1"] == files["2"]
    assert b'"id": "pyramid:easy:rows=3:5.1.2~1"' in files["1"]["book-A.jsonl"]  # a twin replaced


class Recording(ThreadPoolExecutor):
    """One thread, and the id and future of every job submitted to it."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.ids: list[str] = []
        self.futures: list[Future] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future:
        job = args[0]
        self.ids.append(job.request.id(job.seed))
        self.futures.append(super().submit(fn, *args, **kwargs))
        return self.futures[-1]


def test_the_size_check_sets_the_whole_book_under_way_and_no_puzzle_is_made_twice(write_config, tmp_path):
    from bookgen.render.document import check_sizes

    config = load_config(write_config(MIXED))
    target = tmp_path / "book.pdf"
    with Recording() as executor:
        sample_ahead(config, 60, executor)
        under_way = list(executor.ids)
        check_sizes(config, 60)
        book = make_book(config, executor=executor, budget=60)
    expected = {job.request.id(job.seed) for jobs in book_jobs(config, 60) for job in jobs}
    assert set(under_way) == expected and max(Counter(under_way).values()) == 1
    # make_book asked only for what the first puzzles could not give: replacements and extras
    assert not set(executor.ids[len(under_way):]) & expected
    assert render_formats(book, target, ["pdf", "jsonl"]) == render_formats(
        make_book(config, budget=60), target, ["pdf", "jsonl"])


REPLACEMENT = PuzzleJob.of(request_for("placement", "easy", {}), "5.1.2~1", None)


def test_a_replacement_is_made_here_while_the_books_puzzles_are_queued():
    release = threading.Event()
    with Recording() as executor:
        busy = executor.submit(lambda _job: release.wait(), REPLACEMENT)
        queued = executor.submit(lambda _job: "the book's", REPLACEMENT)
        made = _made_now(executor, [busy, queued], REPLACEMENT)
        release.set()
    assert made is not None and made.id == REPLACEMENT.request.id(REPLACEMENT.seed)
    assert executor.futures[-1].cancelled()  # not left to wait behind `queued`
    assert queued.result() == "the book's"


def test_a_replacement_is_made_on_the_executor_once_the_books_puzzles_are_made():
    with Recording() as executor:
        earlier = executor.submit(lambda _job: "the book's", REPLACEMENT)
        earlier.result()
        made = _made_now(executor, [earlier], REPLACEMENT)
    assert made is not None and made.id == REPLACEMENT.request.id(REPLACEMENT.seed)
    assert not executor.futures[-1].cancelled() and executor.futures[-1].result() == made


def test_the_fonts_of_a_config_are_checked_once(write_config, monkeypatch):
    from bookgen.render import fonts
    from bookgen.render.document import check_sizes

    config, other = (load_config(write_config(MIXED)) for _ in range(2))
    asked: list[object] = []
    texts = fonts.printed_texts
    monkeypatch.setattr(fonts, "printed_texts", lambda checked: asked.append(checked) or texts(checked))
    fonts.check_printable(config)
    fonts.check_printable(config)  # the document, after the CLI
    check_sizes(config, 60)  # its samples' document prints a part of what was checked
    fonts.check_printable(other)  # another config is checked, however alike
    assert asked == [config, other] and asked[0] is config


def test_a_paragraph_is_broken_into_lines_once_per_text_style_and_width(write_config):
    from reportlab.platypus import Paragraph

    from bookgen.book import Book
    from bookgen.render.document import BookDocument
    from bookgen.render.geometry import POD_MIN_PAGES, make_geometry

    config = load_config(write_config(MIXED))
    document = BookDocument(Book(config, ()))
    geometry = make_geometry(document.layout, config, POD_MIN_PAGES)
    wraps: list[float] = []

    class Counted(Paragraph):
        def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
            wraps.append(available_width)
            return super().wrap(available_width, available_height)

    rules = "Write each number into one empty box so that every sign between boxes is true. " * 6
    first = Counted(rules, document.styles.body)
    height = document._height([first], geometry)
    lines = first.height / document.styles.body.leading
    assert lines > 1 and height == first.height + first.getSpaceAfter() + first.getSpaceBefore()
    assert document._height([Counted(rules, document.styles.body)], geometry) == height
    assert wraps == [geometry.frame_size[0]]  # the second, alike, was not broken again
    document._height([Counted(rules, document.styles.heading)], geometry)
    assert len(wraps) == 2  # another style is


def test_a_puzzles_sizes_are_worked_out_once_for_every_pass_of_its_book(write_config, tmp_path,
                                                                         monkeypatch):
    from bookgen.puzzles.base import PuzzleType

    book = make_book(load_config(write_config(MIXED.replace("versions: 2\n", ""))))
    asked: Counter[tuple[str, str]] = Counter()
    page_size, answer_size = PuzzleType.page_size, PuzzleType.answer_size

    def counted(kind: str, size: Any) -> Any:
        return lambda puzzle_type, puzzle: asked.update([(kind, repr(puzzle))]) or size(puzzle_type, puzzle)

    monkeypatch.setattr(PuzzleType, "page_size", counted("page", page_size))
    monkeypatch.setattr(PuzzleType, "answer_size", counted("answer", answer_size))
    render_formats(book, tmp_path / "book.pdf", ["pdf"])
    puzzles = {repr(record.puzzle) for section in book.sections for record in section.records}
    # the first pass worked each out; the painting pass, none (a section's example is no puzzle)
    assert {asked["page", puzzle] for puzzle in puzzles} == {1}
    assert {asked["answer", puzzle] for puzzle in puzzles} == {1}


def test_each_section_is_measured_as_it_is_settled_and_the_typesetting_measures_none_again(
        write_config, tmp_path, monkeypatch):
    from bookgen.render import document

    config = load_config(write_config(MIXED.replace("versions: 2\n", "")))
    plain = render_formats(make_book(config), tmp_path / "book.pdf", ["pdf"])
    drawn: list[object] = []
    least_scale = document.least_scale
    monkeypatch.setattr(document, "least_scale",
                        lambda draw, *args: drawn.append(draw) or least_scale(draw, *args))
    measure = document.measuring_ahead(config)
    measured_by: list[int] = []  # the drawings measured when each section was settled

    def settled(section: Any) -> None:
        measure(section)
        measured_by.append(len(drawn))

    book = make_book(config, settled=settled)
    assert len(measured_by) == len(book.sections) and measured_by == sorted(set(measured_by))
    assert render_formats(book, tmp_path / "book.pdf", ["pdf"]) == plain
    assert len(drawn) == measured_by[-1]  # the typesetting measured no puzzle again


def test_a_pool_freezes_the_parents_heap_for_its_workers_while_it_lasts():
    """The workers fork from a frozen heap (their collections of cycles pass over what they
    inherit); the parent's garbage is collected again once the pool is done."""
    import gc

    from bookgen.book import worker_pool

    frozen_before = gc.get_freeze_count()
    with worker_pool(1) as pool:
        frozen = gc.get_freeze_count()
        in_worker = pool.submit(gc.get_freeze_count).result()
    assert frozen > frozen_before and in_worker > 0  # a few frozen objects die as the worker starts
    assert gc.get_freeze_count() == 0


def test_a_pool_queues_puzzles_ahead_for_its_workers_and_leaves_other_pools_as_they_were():
    """A worker done with a quick puzzle takes the next from its queue at once, not after the
    parent's busy thread hands it one (the pool's default queues one puzzle in all)."""
    from concurrent.futures import ProcessPoolExecutor, process

    from bookgen.book import QUEUED_PER_WORKER, worker_pool

    default = process.EXTRA_QUEUED_CALLS
    with worker_pool(2) as pool:
        assert pool._call_queue._maxsize == 2 + 2 * QUEUED_PER_WORKER
        assert sorted(pool.map(abs, range(-20, 0))) == list(range(1, 21))
    assert process.EXTRA_QUEUED_CALLS == default
    with ProcessPoolExecutor(max_workers=1) as other:
        assert other._call_queue._maxsize == 1 + default


def test_the_typesetting_takes_each_sections_example_and_sizes_from_its_measuring_and_saves_once(
        write_config, tmp_path, monkeypatch):
    """What each section's measuring worked out while later sections were made (its solved
    example, its puzzles' and answers' room on a page) is not worked out again after the last
    puzzle; nor does the layout pass that finds the contents' pages write a PDF."""
    from reportlab.pdfgen.canvas import Canvas

    from bookgen.puzzles.base import PuzzleType
    from bookgen.render import document

    config = load_config(write_config(MIXED.replace("versions: 2\n", "") + "contents: true\n"))
    plain = render_formats(make_book(config), tmp_path / "book.pdf", ["pdf"])
    book = make_book(config, settled=document.measuring_ahead(config))
    asked: Counter[str] = Counter()
    puzzles = {id(record.puzzle) for section in book.sections for record in section.records}
    for name in ("page_size", "answer_size"):  # of the book's puzzles (not of an example's)
        work = getattr(PuzzleType, name)
        monkeypatch.setattr(PuzzleType, name, lambda puzzle_type, puzzle, _name=name, _work=work: (
            asked.update([_name] if id(puzzle) in puzzles else []) or _work(puzzle_type, puzzle)))
    example_of = document.BookDocument.example_of

    def made(self: Any, section: Any) -> Any:
        if id(section) not in self._examples:
            asked.update(["example"])
        return example_of(self, section)

    monkeypatch.setattr(document.BookDocument, "example_of", made)
    save = Canvas.save
    monkeypatch.setattr(Canvas, "save", lambda canvas: asked.update(["save"]) or save(canvas))
    assert render_formats(book, tmp_path / "book.pdf", ["pdf"]) == plain
    assert asked == {"save": 1}
