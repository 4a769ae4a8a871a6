"""What is worked out from one puzzle and stays the same for it (its canonical forms, how many
answers it has, the scale at which its text reaches a floor), kept for the life of the process,
by puzzle: a book made again from the same puzzles does not work it out again. The studio's
preview jobs each start in a fresh process, so the studio keeps what each job learned, with the
puzzles it made, and hands it to the next job with them (bookgen.studio.jobs): a retitle
measures nothing again.

A value is found by a digest of everything it is worked out from (`parts`), so a stale one is
never used; the puzzle's id only groups values for handing on. A process remembers only once it
is taught (`teach`, a studio job): elsewhere (`bookgen build`, `generate` streaming a bank)
each value is worked out where it is asked for, as before, and nothing is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

Value = TypeVar("Value")
Values = dict[str, dict[str, Any]]  # by puzzle id, then by the digest of what each is of it

_known: Values | None = None  # None: not remembering
_learned: Values = {}  # worked out in this process since `learned` was last asked


def remembered(puzzle: str, parts: tuple[Any, ...], work_out: Callable[[], Value]) -> Value:
    """The value `work_out` gives for `parts` (every input it reads, with reprs that say all of
    them), of the puzzle of id `puzzle`, worked out only the first time."""
    if _known is None:
        return work_out()
    import hashlib  # here: a command that remembers nothing need not load it

    key = hashlib.sha1(repr(parts).encode()).hexdigest()
    values = _known.setdefault(puzzle, {})
    if key not in values:
        values[key] = _learned.setdefault(puzzle, {})[key] = work_out()
    return values[key]


def learned() -> Values:
    """What this process has worked out since the last call (for the studio to keep)."""
    found = {puzzle: dict(values) for puzzle, values in _learned.items()}
    _learned.clear()
    return found


def teach(values: Mapping[str, Mapping[str, Any]]) -> None:
    """Remember from now on, starting from what another process worked out (the studio's
    earlier jobs)."""
    global _known
    if _known is None:
        _known = {}
    for puzzle, known in values.items():
        _known.setdefault(puzzle, {}).update(known)
