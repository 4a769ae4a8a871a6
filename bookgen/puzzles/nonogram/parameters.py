"""Nonogram parameters: sizes, the picture option, rules, and the forms a puzzle is printed,
compared and answered in.
"""

from __future__ import annotations

from bookgen.api import JSON, Printed, deal_seed_problem, form_key
from bookgen.core.masks import SHAPES, parse_mask
from bookgen.core.options import Option
from bookgen.core.symmetry import SYMMETRIES, Symmetry
from bookgen.errors import BookgenError
from bookgen.i18n import N_, _

MIN_SIDE, MAX_SIDE = 5, 30
DEFAULT_SIDE = {"easy": 10, "medium": 15, "hard": 15, "expert": 15}
"""Default sizes by level: each makes a puzzle in well under a second (bench/nonogram.py)."""
MAX_JSON_SIDE = 60  # what a hand-entered puzzle may use; `bookgen solve` takes it


PICTURE_SOURCES = ("library", "blots")
"""Where a section without a `picture` takes its pictures: the built-in ones first, or blots only."""
MAX_DEAL = 1000  # past the built-in pictures of a size and level, a picture number draws a blot


def picture_problem(text: str) -> str | None:
    """Why a picture option is neither a built-in shape nor a mask a nonogram can take."""
    if text in SHAPES:
        return None
    if "#" not in text:
        return _("picture {picture} is not a built-in shape ({shapes}) nor a mask such as "
                 "'.##./####' ('#' black, '.' white, '/' between rows), nor a .png or .txt "
                 "file").format(picture=repr(text), shapes=", ".join(SHAPES))
    try:
        mask = parse_mask(text, MAX_SIDE, key="picture")
    except BookgenError as error:
        return error.message
    if mask.rows < MIN_SIDE or mask.cols < MIN_SIDE:
        return _("the picture is {size} squares once its empty edges are cut off; a nonogram is "
                 "at least {least}: draw it larger").format(size=f"{mask.rows}x{mask.cols}",
                                                            least=f"{MIN_SIDE}x{MIN_SIDE}")
    return None


OPTIONS = (
    Option("size", "size", N_("grid size: N for a square or RxC (default by level: 10 easy, 15 "
           "medium, hard and expert); with a built-in picture, the size it is drawn at, with a "
           "PNG picture, the most it is reduced to"),
           low=MIN_SIDE, high=MAX_SIDE, label=N_("Size"),
           default=lambda level, earlier: (DEFAULT_SIDE[level], DEFAULT_SIDE[level])),
    Option("picture", "text", N_("the picture to paint, in place of a random ink blot: a built-in "
           "shape ({shapes}), a mask like '.##./####/####/.##.' ('#' black, '.' white), or a "
           "black-and-white .png or .txt file beside the config"),
           help_values={"shapes": ", ".join(SHAPES)}, check=picture_problem, picture=True,
           high=MAX_SIDE, label=N_("Picture")),
    Option("pictures", "choice", N_("where a section without a picture takes its pictures from: "
           "library, the built-in pictures of its size that grade its level (animals, vehicles, "
           "plants, buildings, objects), each once in a book, then random ink blots; blots, random "
           "ink blots only"), choices=PICTURE_SOURCES, default="library",
           words={"library": N_("built-in pictures"), "blots": N_("random ink blots")},
           label=N_("Pictures")),
    Option("picture_number", "int", N_("which of the built-in pictures this puzzle paints, 1 the "
           "first of the deal of its size and level (default: a book deals them in turn, so that "
           "none comes twice; past the last, a random ink blot)"), low=1, high=MAX_DEAL,
           label=N_("Picture of the deal")),
    Option("deal_seed", "text", N_("the seed that orders a book's deal of the built-in pictures, "
           "so that another seed deals them in another order (default: the book's seed)"),
           check=deal_seed_problem, label=N_("Seed of the deal")),
)

RULES = N_(
    "Paint squares black to reveal a picture. The numbers beside each row and above each column "
    "give the lengths of its runs of black squares, in order (left to right, top to bottom); runs "
    "are parted by at least one white square. A 0 marks a line with no black square."
)


RULES_PATTERN = N_(
    "Paint squares black to reveal a pattern. The numbers beside each row and above each column "
    "give the lengths of its runs of black squares, in order (left to right, top to bottom); runs "
    "are parted by at least one white square. A 0 marks a line with no black square."
)
"""The rules of a section of random ink blots: they promised "a picture", and a fan found blobs."""


def clue_texts(clue: list[int]) -> list[str]:
    """A line's clue as printed: its numbers, or a lone 0 for an empty line."""
    return [str(n) for n in clue] or ["0"]


def printed(puzzle: JSON) -> Printed:
    """The page prints the size (the grid) and every clue: all there is."""
    shown = {key: puzzle[key] for key in ("rows", "cols", "row_clues", "col_clues")}
    texts = tuple(text for key in ("row_clues", "col_clues") for clue in puzzle[key]
                  for text in clue_texts(clue))
    return Printed(shown, texts)


def turned(puzzle: JSON, symmetry: Symmetry) -> JSON:
    """The clues of the picture moved by `symmetry` (a transpose, then flips): a flip of the rows
    reverses the rows' order and reads every column backwards, and so on."""
    rows, cols = [list(c) for c in puzzle["row_clues"]], [list(c) for c in puzzle["col_clues"]]
    if symmetry.transpose:
        rows, cols = cols, rows
    if symmetry.flip_rows:
        rows, cols = rows[::-1], [clue[::-1] for clue in cols]
    if symmetry.flip_cols:
        rows, cols = [clue[::-1] for clue in rows], cols[::-1]
    return {"row_clues": rows, "col_clues": cols}


def canonical(puzzle: JSON) -> str:
    """A picture mirrored or turned is the same puzzle."""
    return form_key(*(turned(puzzle, symmetry) for symmetry in SYMMETRIES))


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """A picture mirrored or turned is the same answer."""
    return form_key(*(symmetry.grid(solution["grid"]) for symmetry in SYMMETRIES))
