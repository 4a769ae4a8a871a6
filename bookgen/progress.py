"""Progress on stderr for long work: a one-line counter, silent when not a terminal or when quiet."""

from __future__ import annotations

import sys
import time
from typing import ClassVar, TextIO

BAR = 20  # characters in the bar
REDRAW = 0.1  # seconds between redraws


class Progress:
    """Shows `label [#####.....] done/total, rate, time left` on one line, redrawn in place."""

    unfinished: ClassVar[Progress | None] = None  # the one whose line is drawn and not yet ended

    def __init__(self, enabled: bool, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.label = ""
        self.total = 0
        self.done = 0
        self.started = 0.0
        self.shown = 0.0

    @classmethod
    def for_terminal(cls, quiet: bool) -> Progress:
        return cls(enabled=not quiet and sys.stderr.isatty())

    def start(self, label: str, total: int) -> None:
        self.label, self.total, self.done, self.started = label, total, 0, time.monotonic()
        self._show()

    def advance(self, steps: int = 1) -> None:
        self.done += steps
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
        elapsed = self.shown - self.started
        rate = self.done / elapsed if elapsed > 0 and self.done else 0.0
        left = f", {(self.total - self.done) / rate:.0f} s left" if rate else ""
        filled = BAR * self.done // max(self.total, 1)
        bar = "#" * filled + "." * (BAR - filled)
        line = f"{self.label} [{bar}] {self.done}/{self.total}, {rate:.1f}/s{left}"
        self.stream.write("\r" + line.ljust(79)[:79])
        self.stream.flush()
        Progress.unfinished = self
