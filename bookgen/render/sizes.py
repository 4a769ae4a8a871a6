"""The type sizes a book promises, stated once per profile; every size on a page is derived from
these floors, and a drawing (puzzle, answer, example) is scaled until its smallest text reaches
them, never the text alone (text raised while its drawing stays small collides with it).

- Standard print (home and print-on-demand): every text at least 7 pt, the least that
  print-on-demand services accept.
- Large print: every text at least 14 pt (running heads, page numbers, captions, labels, the
  answer key, a crossword square's number, which names the square), and the rules and the
  numbers in puzzles at least 16 pt, the size large-print readers expect.

A puzzle that cannot print at its floor on the trim is refused, naming the largest size that
fits; it is never shrunk under it.

Where the page has room (as large as one puzzle alone fits it), a worksheet's puzzles and a
large-print book's print larger still, fewer to a page: a children's sheet's puzzle text at
CHILDREN_TEXT, and the boxes a solver writes a letter in (a cryptogram's) WRITE_IN_SHEET wide on
a sheet, WRITE_IN_LARGE in large print. A grown-up's sheet keeps the floor: at a larger one, six
placement chains took two pages, three on each."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bookgen.errors import BookgenError
from bookgen.i18n import N_

if TYPE_CHECKING:
    from bookgen.bookconfig import BookConfig

NUMBER = re.compile(r"[0-9.,/+\u2212-]+")  # a number, or a piece of one (a minus, a fraction's part)


@dataclass(frozen=True)
class Sizes:
    """A profile's floors, in points."""

    name: str
    least: float  # every text on a page
    numbers: float  # the rules and the numbers in a puzzle

    def at_least(self, size: float) -> float:
        """`size`, raised to the floor of every text."""
        return max(size, self.least)

    def in_puzzle(self, text: str, label: bool = False) -> float:
        """The floor of a text a puzzle draws: a number's, or any other text's (a `label`, such
        as a crossword square's number, names a place and is any other text: `Pen.text`)."""
        return self.numbers if NUMBER.fullmatch(text) and not label else self.least

    def in_answer(self, text: str, label: bool = False) -> float:
        """The floor of a text an answer (or a section's small solved example) draws."""
        return self.least


CHILDREN_TEXT = 11.0  # points: a children's puzzle's list (`children: true`; it printed at 6.5 pt)
WRITE_IN_SHEET = 7.5  # mm: a box a child writes a letter in (a cryptogram's were 4.4 mm)
WRITE_IN_LARGE = 0.35 * 25.4  # mm: a box a large-print reader writes in (they were 0.25 in)

STANDARD = Sizes(N_("standard print"), least=7.0, numbers=7.0)
LARGE_PRINT = Sizes(N_("large print"), least=14.0, numbers=16.0)


def sizes_for(config: BookConfig) -> Sizes:
    return LARGE_PRINT if config.large_print else STANDARD


class TooManyToAPage(BookgenError):
    """A section's per_page asks for more puzzles on a page than print there at the profile's
    floor; `fits` of them do."""

    def __init__(self, message: str, fits: int, *, file: str | None = None,
                 line: int | None = None, key: str | None = None) -> None:
        super().__init__(message, file=file, line=line, key=key)
        self.fits = fits
