"""Progress on stderr for long work: a one-line counter, silent when not a terminal or when quiet."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Shows `label: done/total, rate, time left` on one line, redrawn in place."""

    def __init__(self, enabled: bool, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.label = ""
        self.total = 0
        self.done = 0
        self.started = 0.0

    @classmethod
    def for_terminal(cls, quiet: bool) -> Progress:
        return cls(enabled=not quiet and sys.stderr.isatty())

    def start(self, label: str, total: int) -> None:
        self.label, self.total, self.done, self.started = label, total, 0, time.monotonic()
        self._show()

    def advance(self, steps: int = 1) -> None:
        self.done += steps
        self._show()

    def finish(self) -> None:
        if self.enabled:
            self._show()
            self.stream.write("\n")
            self.stream.flush()

    def _show(self) -> None:
        if not self.enabled:
            return
        elapsed = time.monotonic() - self.started
        rate = self.done / elapsed if elapsed > 0 and self.done else 0.0
        left = f", {(self.total - self.done) / rate:.0f} s left" if rate else ""
        line = f"{self.label}: {self.done}/{self.total} puzzles, {rate:.1f}/s{left}"
        self.stream.write("\r" + line.ljust(78)[:78])
        self.stream.flush()
