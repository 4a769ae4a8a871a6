"""A puzzle's time budget: an alarm that interrupts a search which runs too long.

Its own module, apart from the book's (`bookgen.book`), so that `bookgen solve` bounds each line's
search without loading the book layer.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class PuzzleTimeout(Exception):
    """One puzzle took longer than its time budget."""


RETRY_SECONDS = 0.05
"""How soon a time budget's alarm rings again while its block still runs: Python drops an
exception raised in a finalizer (a weak set's callback run mid-search), printing its traceback, so
one alarm alone could be lost and a search go on for ever (the block silences that traceback)."""


@contextmanager
def time_budget(seconds: float | None) -> Iterator[None]:
    """Raise PuzzleTimeout inside the block after `seconds`, and again every RETRY_SECONDS until
    the block ends (main thread on Unix only; elsewhere the block simply runs)."""
    if (seconds is None or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    running = [True]  # read by the handler: once the block is over, an alarm on its way is void

    def expire(signum: int, frame: Any) -> None:
        if running[0]:
            signal.setitimer(signal.ITIMER_REAL, RETRY_SECONDS)
            raise PuzzleTimeout

    def unheard(unraisable: Any) -> None:  # the alarm a finalizer dropped: no traceback to print
        if not isinstance(unraisable.exc_value, PuzzleTimeout):
            previous_hook(unraisable)

    previous, previous_hook = signal.signal(signal.SIGALRM, expire), sys.unraisablehook
    sys.unraisablehook = unheard
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        yield
    finally:
        try:  # from here on an alarm does nothing: no new one, no exception
            running[0] = False
        except PuzzleTimeout:  # it rang on the way in: the block's own outcome stands
            running[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.unraisablehook = previous_hook
