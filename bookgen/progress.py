"""Progress on stderr for long work: a one-line counter, silent when not a terminal or when quiet."""

from __future__ import annotations

import sys
import threading
import time
from functools import cached_property
from typing import ClassVar, TextIO

from bookgen.i18n import N_, Language, language, users_language

BAR = 20  # characters in the bar
REDRAW = 0.1  # seconds between redraws


class _UsersWords:
    """The language of the person waiting (`users_language`), whatever the book's: asked for only
    once a line is drawn, so a quiet run loads no catalog."""

    @cached_property
    def words(self) -> Language:
        return language(users_language())


class Progress(_UsersWords):
    """Shows `label [#####.....] done/total, rate, time left` on one line, redrawn in place. The
    rate is of every step since the first `start` (a book's puzzles since its first section):
    a section whose puzzles the workers made while an earlier one showed finished at "9,489.3/s"."""

    unfinished: ClassVar[Progress | None] = None  # the one whose line is drawn and not yet ended

    def __init__(self, enabled: bool, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.label = ""
        self.total = 0
        self.done = 0
        self.started = 0.0
        self.shown = 0.0
        self.first_started: float | None = None  # the first `start`'s, which the rate counts from
        self.all_done = 0  # steps since then

    @classmethod
    def for_terminal(cls, quiet: bool) -> Progress:
        return cls(enabled=not quiet and sys.stderr.isatty())

    def start(self, label: str, total: int) -> None:
        self.label, self.total, self.done, self.started = label, total, 0, time.monotonic()
        if self.first_started is None:
            self.first_started = self.started
        self._show()

    def advance(self, steps: int = 1) -> None:
        self.done += steps
        self.all_done += steps
        if time.monotonic() - self.shown >= REDRAW:
            self._show()

    def finish(self) -> None:
        if self.enabled:
            self._show()
            self.end_line()

    def end_line(self) -> None:
        self.stream.write("\n")
        self.stream.flush()
        Progress.unfinished = None

    @classmethod
    def interrupted(cls) -> None:
        """End a progress line left open by an error or Ctrl-C, so the message that follows
        starts a line of its own."""
        if cls.unfinished is not None:
            cls.unfinished.end_line()

    def _show(self) -> None:
        if not self.enabled:
            return
        self.shown = time.monotonic()
        elapsed = self.shown - (self.started if self.first_started is None else self.first_started)
        rate = self.all_done / elapsed if elapsed > 0 and self.all_done else 0.0
        words = self.words
        left = words.gettext(N_(", {seconds} s left")).format(
            seconds=words.number((self.total - self.done) / rate)) if rate else ""
        filled = BAR * self.done // max(self.total, 1)
        bar = "#" * filled + "." * (BAR - filled)
        line = words.gettext(N_("{label} [{bar}] {done}/{total}, {rate}/s")).format(
            label=self.label, bar=bar, done=self.done, total=self.total,
            rate=words.number(rate, 1)) + left
        self.stream.write("\r" + line.ljust(79)[:79])
        self.stream.flush()
        Progress.unfinished = self


class Ticking(_UsersWords):
    """`label: 12 s of the 60 s budget (--budget)` on a terminal's stderr, redrawn each second by
    a thread while one long step runs (`solve --count` of a blank grid may take its whole budget
    in silence otherwise), and wiped when the step ends. Nothing for a step done within
    `after` seconds, and nothing when stderr is not a terminal."""

    def __init__(self, label: str, budget: float, enabled: bool, stream: TextIO | None = None,
                 after: float = 1.0) -> None:
        self.label, self.budget, self.enabled, self.after = label, budget, enabled, after
        self.stream = stream or sys.stderr
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._tick, name="ticking", daemon=True)
        self.width = 0  # of the line drawn, to wipe
        self.started = 0.0

    @classmethod
    def for_terminal(cls, label: str, budget: float) -> Ticking:
        return cls(label, budget, enabled=sys.stderr.isatty())

    def __enter__(self) -> Ticking:
        if self.enabled:
            self.started = time.monotonic()
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.enabled:
            return
        self.stop.set()
        self.thread.join()
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()

    def _tick(self) -> None:
        wait = self.after
        while not self.stop.wait(wait):
            line = self.words.gettext(N_("{label}: {seconds} s of the {budget} s budget (--budget)")).format(
                label=self.label, seconds=self.words.number(time.monotonic() - self.started),
                budget=self.words.number(self.budget, len(f"{self.budget:g}".partition(".")[2])))[:79]
            self.stream.write("\r" + line.ljust(self.width))
            self.stream.flush()
            self.width = max(self.width, len(line))
            wait = 1.0
