"""Progress lines: shown on a terminal stream, silent otherwise."""

from __future__ import annotations

import io

from bookgen.progress import Progress


def test_progress_draws_a_bar_with_counts_and_ends_the_line():
    stream = io.StringIO()
    progress = Progress(enabled=True, stream=stream)
    progress.start("Numbrix (1/2)", 4)
    for _ in range(4):
        progress.advance()
    progress.finish()
    last = stream.getvalue().rstrip("\n").split("\r")[-1]
    assert last.startswith("Numbrix (1/2) [####################] 4/4, ")
    assert stream.getvalue().endswith("\n")


def test_the_rate_counts_from_the_first_section_not_from_a_section_made_ahead(monkeypatch):
    """A developer saw "Kakuro (4/7) ... 5,025.2/s": its puzzles were made on the workers while
    an earlier section showed, and the rate was of reading them back. It is the book's: every
    puzzle since the first section started."""
    import bookgen.progress as progress_module

    now = [0.0]
    monkeypatch.setattr(progress_module.time, "monotonic", lambda: now[0])
    stream = io.StringIO()
    progress = Progress(enabled=True, stream=stream)
    progress.start("Numbrix (1/2)", 10)
    now[0] = 10.0
    progress.advance(10)  # 10 puzzles in 10 s
    progress.start("Kakuro (2/2)", 10)  # its puzzles made ahead
    now[0] = 10.001
    progress.advance(10)  # a millisecond later
    now[0] = 10.0
    progress.finish()
    last = stream.getvalue().rstrip("\n").split("\r")[-1]
    assert last.startswith("Kakuro (2/2) [####################] 10/10, 2.0/s"), last


def test_progress_is_silent_when_disabled():
    stream = io.StringIO()
    progress = Progress(enabled=False, stream=stream)
    progress.start("x", 3)
    progress.advance()
    progress.finish()
    assert stream.getvalue() == ""


def test_cli_progress_is_quiet_when_stderr_is_not_a_terminal(run, tmp_path, write_config):
    config = write_config("title: T\nseed: 1\nsections:\n  - {type: placement, count: 2, difficulty: easy}\n")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "t.pdf"), "--workers", "1")
    assert status == 0 and err == ""
