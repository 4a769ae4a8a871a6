"""Output at the edge: the book layer knows no format, the format registry, and the one atomic
writer under faults, folders, symlinks, devices and standard output."""

from __future__ import annotations

import errno
import io
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from bookgen import atomic, fields
from bookgen.atomic import write_files
from bookgen.book import make_book
from bookgen.cli import main
from bookgen.config import ROOT, load_config
from bookgen.errors import BookgenError
from bookgen.formats import FORMATS, find_format, render_formats

BOOK = """
title: Output Test
layout: letter
seed: {seed}
answers: separate
title_page: false
formats: [pdf, html]
sections:
  - {{type: placement, count: 3, difficulty: easy}}
  - {{type: arithmetic, count: 2, difficulty: easy}}
"""


def outputs(folder: Path, seed: str) -> list[tuple[Path, bytes]]:
    """The three files of a small book (PDF, separate answers, HTML) rendered, not written."""
    path = folder / f"book-{seed}.yaml"
    path.write_text(BOOK.format(seed=seed))
    book_config = load_config(path)
    return render_formats(make_book(book_config), folder / "book.pdf", book_config.formats)


@pytest.fixture(scope="module")
def old_and_new(tmp_path_factory) -> tuple[list[tuple[Path, bytes]], list[tuple[Path, bytes]]]:
    folder = tmp_path_factory.mktemp("render")
    return outputs(folder, "1"), outputs(folder, "2")


def placed(folder: Path, files: list[tuple[Path, bytes]]) -> list[tuple[Path, bytes]]:
    return [(folder / path.name, data) for path, data in files]


def cli(*args: str, capsys) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


# --- the book layer ---------------------------------------------------------------------------------


def test_the_book_layer_imports_no_output_format():
    code = ("import sys, bookgen.book; print(sorted(m for m in sys.modules if m.startswith("
            "('bookgen.render', 'bookgen.html', 'bookgen.formats', 'reportlab', 'pypdfium2'))))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert result.stdout.strip() == "[]"


def test_solution_counts_are_made_with_the_book_and_the_painter_only_reads_them(tmp_path):
    import copy
    from dataclasses import replace

    from bookgen.render.pdf import render_pdf

    path = tmp_path / "book.yaml"
    path.write_text(BOOK.format(seed="3"))
    book = make_book(load_config(path))
    arithmetic = book.sections[1]
    assert arithmetic.solution_counts == tuple(
        arithmetic.puzzle_type.solve(r.puzzle, None).count for r in arithmetic.records)
    assert [p.solutions for p in arithmetic.puzzles] == list(arithmetic.solution_counts)
    assert [p.number for p in arithmetic.puzzles] == list(arithmetic.numbers)

    def no_solving(puzzle, cap):
        raise AssertionError("the painter ran the solver")

    unsolvable = []
    for section in book.sections:
        blind = copy.copy(section)
        object.__setattr__(blind, "puzzle_type", replace(section.puzzle_type, solve=no_solving))
        unsolvable.append(blind)
    assert render_pdf(replace(book, sections=tuple(unsolvable))) == render_pdf(book)


# --- the registry -----------------------------------------------------------------------------------


def test_registry_names_the_formats_a_config_may_ask_for():
    assert tuple(f.name for f in FORMATS) == fields.FORMATS
    with pytest.raises(BookgenError, match="unknown format 'epub'"):
        find_format("epub")


def test_formats_render_bytes_in_order_pdf_answers_html(old_and_new, tmp_path):
    files = old_and_new[0]
    assert [p.name for p, _ in files] == ["book.pdf", "book-answers.pdf", "book.html"]
    assert files[0][1].startswith(b"%PDF") and files[1][1].startswith(b"%PDF")
    assert files[2][1].startswith(b"<!DOCTYPE html>")


# --- the atomic writer --------------------------------------------------------------------------------


def dot_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def fail_call(real, failing: int, code: int):
    """`real`, except that its call number `failing` raises OSError(code)."""
    count = 0

    def call(*args, **kwargs):
        nonlocal count
        count += 1
        if count == failing:
            raise OSError(code, os.strerror(code))
        return real(*args, **kwargs)

    return call


def calls_in_a_good_write(monkeypatch, folder: Path, files, name: str) -> int:
    count = 0
    real = getattr(os, name)

    def counting(*args, **kwargs):
        nonlocal count
        count += 1
        return real(*args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(os, name, counting)
        write_files(placed(folder, files))
    return count


@pytest.mark.parametrize("name, links", [("open", True), ("write", True), ("fsync", True),
                                         ("replace", True), ("replace", False)])
def test_each_failing_step_leaves_the_old_files_and_no_temporary(old_and_new, tmp_path, monkeypatch,
                                                                  name, links):
    """Fail each call of one step of a three-file write in turn; links=False: the folder refuses
    hard links, so the files replaced are kept as copies for the roll-back."""
    old, new = old_and_new
    if not links:
        def refuse(*args, **kwargs):
            raise OSError(errno.EPERM, "Operation not permitted")
        monkeypatch.setattr(os, "link", refuse)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    write_files(placed(scratch, old))
    steps = calls_in_a_good_write(monkeypatch, scratch, new, name)
    assert steps >= 3
    folder = tmp_path / "book"
    folder.mkdir()
    for failing in range(1, steps + 1):
        write_files(placed(folder, old))
        with monkeypatch.context() as patch:
            patch.setattr(os, name, fail_call(getattr(os, name), failing, errno.ENOSPC))
            with pytest.raises(BookgenError, match="no space left on device"):
                write_files(placed(folder, new))
        for path, data in placed(folder, old):
            assert path.read_bytes() == data, f"{name} call {failing} changed {path.name}"
        assert dot_files(folder) == [], f"{name} call {failing} left temporaries"


def test_a_failed_first_build_leaves_no_file_at_all(old_and_new, tmp_path, monkeypatch):
    monkeypatch.setattr(os, "replace", fail_call(os.replace, 3, errno.EDQUOT))
    with pytest.raises(BookgenError, match="cannot write .*book.html: disk quota exceeded"):
        write_files(placed(tmp_path, old_and_new[1]))
    assert list(tmp_path.iterdir()) == []


def test_new_files_take_the_umask_and_replaced_files_keep_their_mode(tmp_path):
    target = tmp_path / "a.pdf"
    previous = os.umask(0o027)
    try:
        write_files([(target, b"one")])
    finally:
        os.umask(previous)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    target.chmod(0o600)
    write_files([(target, b"two")])
    assert target.read_bytes() == b"two" and stat.S_IMODE(target.stat().st_mode) == 0o600


def test_two_outputs_on_one_path_are_refused(tmp_path):
    with pytest.raises(BookgenError, match="x.html is written there too"):
        write_files([(tmp_path / "x.html", b"pdf"), (tmp_path / "x.html", b"html")])
    assert list(tmp_path.iterdir()) == []


def test_missing_folder_and_folder_target_are_named(tmp_path):
    with pytest.raises(BookgenError, match=r"cannot write .*a\.pdf: the folder '.*nowhere' does not exist"):
        write_files([(tmp_path / "nowhere" / "a.pdf", b"x")])
    with pytest.raises(BookgenError, match=r"cannot write .*: it is a folder"):
        write_files([(tmp_path, b"x")])


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="Linux's /proc")
def test_a_folder_that_is_there_but_refuses_new_files_is_not_said_missing():
    """/proc refuses a new file with ENOENT: the folder is there, so the system's reason is said."""
    with pytest.raises(BookgenError, match=r"cannot write /proc/a\.pdf: no such file or directory$"):
        write_files([(Path("/proc/a.pdf"), b"x")])


# --- the command line ---------------------------------------------------------------------------------


@pytest.fixture
def book_config(tmp_path) -> Path:
    path = tmp_path / "one.yaml"
    path.write_text(BOOK.format(seed="5").replace("answers: separate", "answers: back")
                    .replace("formats: [pdf, html]", "formats: [pdf]"))
    return path


def test_output_naming_a_folder_is_one_line_and_status_2(book_config, tmp_path, capsys):
    status, out, err = cli("build", str(book_config), "-o", str(tmp_path), "-q", "-j", "1",
                           capsys=capsys)
    assert status == 2 and out == ""
    assert "it is a folder" in one_line(err)


def test_output_through_a_symlink_writes_the_file_and_keeps_the_link(book_config, tmp_path, capsys):
    real = tmp_path / "real" / "book.pdf"
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    status, out, err = cli("build", str(book_config), "-o", str(link), "-q", "-j", "1", capsys=capsys)
    assert status == 0, err
    assert out.split() == [str(link)]
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes().startswith(b"%PDF")
    assert dot_files(tmp_path) == [] and dot_files(real.parent) == []


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
def test_output_to_dev_null_writes_and_leaves_the_device(book_config, capsys):
    status, out, err = cli("build", str(book_config), "-o", "/dev/null", "-q", "-j", "1",
                           capsys=capsys)
    assert status == 0, err
    assert out.split() == ["/dev/null"]
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_output_to_dev_full_is_a_clear_error(book_config, capsys):
    status, out, err = cli("build", str(book_config), "-o", "/dev/full", "-q", "-j", "1",
                           capsys=capsys)
    assert status == 2 and out == ""
    assert "cannot write /dev/full: no space left on device" in one_line(err)
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_output_dash_writes_the_pdf_to_stdout(book_config):
    buffer = io.BytesIO()
    stream = io.TextIOWrapper(buffer, encoding="utf-8")
    assert main(["build", str(book_config), "-o", "-", "-q", "-j", "1"], stdout=stream) == 0
    stream.flush()
    assert buffer.getvalue().startswith(b"%PDF") and buffer.getvalue().rstrip().endswith(b"%%EOF")


def test_output_dash_with_several_files_is_refused(book_config, tmp_path, capsys):
    status, out, err = cli("build", str(book_config), "-o", "-", "--html", "-q", "-j", "1",
                           capsys=capsys)
    assert status == 2 and out == ""
    assert "standard output" in one_line(err)
    assert list(tmp_path.glob("-*")) == []


def test_unwritable_folder_names_the_folder(book_config, tmp_path, monkeypatch, capsys):
    folder = tmp_path / "locked"
    folder.mkdir()
    real_open = os.open

    def refuse(path, *args, **kwargs):
        if Path(path).parent == folder:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    status, out, err = cli("build", str(book_config), "-o", str(folder / "b.pdf"), "-q", "-j", "1",
                           capsys=capsys)
    assert status == 2 and out == ""
    assert f"permission denied in the folder {str(folder)!r}" in one_line(err)
    assert list(folder.iterdir()) == []


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root ignores permissions")
def test_read_only_folder_is_refused_before_the_book_is_made(book_config, tmp_path, capsys):
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        status, _, err = cli("build", str(book_config), "-o", str(folder / "b.pdf"), "-q",
                             capsys=capsys)
    finally:
        folder.chmod(0o700)
    assert status == 2 and "permission denied in the folder" in one_line(err)


def test_a_folder_that_refuses_writing_is_refused_before_the_book_is_made(book_config, tmp_path,
                                                                          monkeypatch, capsys):
    folder = tmp_path / "read-only"
    folder.mkdir()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: Path(path).resolve() != folder.resolve()
                        and real_access(path, mode, **kw))

    def never(*args, **kwargs):
        raise AssertionError("the book was made for a folder that cannot take it")

    monkeypatch.setattr("bookgen.book.make_book", never)
    status, _, err = cli("build", str(book_config), "-o", str(folder / "b.pdf"), "-q", capsys=capsys)
    assert status == 2 and f"permission denied in the folder {str(folder)!r}" in one_line(err)


def test_writer_module_is_the_only_one_that_replaces_files():
    """Every file the program writes goes through bookgen.atomic."""
    sources = [p for p in (ROOT / "bookgen").rglob("*.py") if p.name != "atomic.py"]
    offenders = [p.relative_to(ROOT).as_posix() for p in sources
                 if any(call in p.read_text(encoding="utf-8")
                        for call in ("os.replace(", "write_bytes(", ".write_text(", "mkstemp("))]
    assert offenders == []
    assert atomic.STDOUT == Path("-")


@pytest.mark.parametrize("blocked", ["book-answers.pdf", "book.html"])
def test_a_second_file_whose_target_is_a_folder_stops_the_build_and_keeps_the_first(
        tmp_path, capsys, blocked):
    config = tmp_path / "book.yaml"
    config.write_text(BOOK.format(seed="5"))
    (tmp_path / "out").mkdir()
    old = tmp_path / "out" / "book.pdf"
    old.write_bytes(b"the previous book")
    (tmp_path / "out" / blocked).mkdir()
    status, out, err = cli("build", str(config), "-o", str(old), "-q", "-j", "1", capsys=capsys)
    assert status == 2 and "it is a folder" in one_line(err) and blocked in err
    assert old.read_bytes() == b"the previous book"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(["book.pdf", blocked])
