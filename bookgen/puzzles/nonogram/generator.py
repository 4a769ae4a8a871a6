"""The generator: a built-in picture of the size that grades at the level, dealt so that a book
prints each once (`deal`); past them, a random ink blot in the level's style, its clues, kept when
the grader solves it at the level (after Tatham's Pattern, which keeps a random picture only when
its line solver finishes it); and a picture the user gives, checked once: unique, and at the
level asked for.

A picture the grader finishes is unique (every step is a deduction), so a random one never needs
the search solver; a user's picture that the grader cannot finish is searched, and when it has
two answers the message names the nearest change that gives one: squares whose flip makes it
unique, or for a built-in shape the nearest sizes that work.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import cache, lru_cache, reduce
from itertools import islice

from bookgen.api import JSON, Generated, Request, _, next_turn, seeded_deal
from bookgen.core.grading import level_word, make_at_level
from bookgen.core.masks import SHAPES, parse_mask, shape_mask
from bookgen.errors import BookgenError
from bookgen.i18n.conjunctions import joined
from bookgen.puzzles.nonogram.drawing import WIDEST, measure
from bookgen.puzzles.nonogram.grader import BANDS, TOP_RANK, deduce, figures_of
from bookgen.puzzles.nonogram.library import NAMES, Picture, library, name_of
from bookgen.puzzles.nonogram.lines import runs
from bookgen.puzzles.nonogram.parameters import MAX_SIDE, RULES, RULES_PATTERN, answer_form
from bookgen.puzzles.nonogram.pictures import Grid, Style, ink_blot
from bookgen.puzzles.nonogram.solver import Board, grid_solutions

STYLES = {
    "easy": Style(blur=2.0, ink=(0.45, 0.6), eyes=0.5),
    "medium": Style(blur=1.5, ink=(0.45, 0.6), eyes=0.5),
    "hard": Style(blur=0.7, ink=(0.45, 0.6), eyes=0.3),
    "expert": Style(blur=0.2, ink=(0.6, 0.7), eyes=0.0),
}
"""Each level's pictures: the harder the level, the less blurred the blot (finer detail, lines
that tell less on their own). Measured in bench/nonogram.py."""
ATTEMPTS = 600  # pictures drawn before a request is declared out of reach
FLIPS_TRIED = 40  # single-square changes tried on a picture with two answers
SIZES_TRIED = 2  # how far (squares a side) nearer sizes of a built-in shape are tried


def fills_the_frame(grid: Grid) -> bool:
    """Whether a picture reaches within one square of every edge: more empty lines at an edge
    are squares the grid spends on nothing."""
    rows, cols = len(grid), len(grid[0])
    inked_rows = [r for r in range(rows) if any(grid[r])]
    inked_cols = [c for c in range(cols) if any(row[c] for row in grid)]
    return bool(inked_rows) and inked_rows[0] <= 1 and inked_rows[-1] >= rows - 2 \
        and inked_cols[0] <= 1 and inked_cols[-1] >= cols - 2


def clues_of(grid: Grid) -> JSON:
    """A picture's puzzle: its size and the runs of every row and column."""
    rows, cols = len(grid), len(grid[0])
    return {"rows": rows, "cols": cols,
            "row_clues": [list(runs(sum(grid[r][c] << c for c in range(cols)), cols)) for r in range(rows)],
            "col_clues": [list(runs(sum(grid[r][c] << r for r in range(rows)), rows)) for c in range(cols)]}


def board_of(puzzle: JSON) -> Board:
    return Board(puzzle["rows"], puzzle["cols"], tuple(tuple(c) for c in puzzle["row_clues"]),
                 tuple(tuple(c) for c in puzzle["col_clues"]))


def count_answers(puzzle: JSON, cap: int = 2) -> list[Grid]:
    """Up to `cap` answers of a puzzle."""
    return [known.grid() for known in islice(grid_solutions(board_of(puzzle), cap), cap)]


# --- the user's picture ---------------------------------------------------------------------------


def picture_grid(request: Request) -> Grid:
    """The picture a request names: a built-in shape drawn at the size, or a mask as drawn."""
    text = request.settings["picture"]
    rows, cols = request.settings["size"]
    mask = shape_mask(text, rows, cols) if text in SHAPES else parse_mask(text, MAX_SIDE, key="picture")
    return [[1 if (r, c) in mask.cells else 0 for c in range(mask.cols)] for r in range(mask.rows)]


def _where(square: tuple[int, int]) -> str:
    return _("row {row}, column {column}").format(row=square[0] + 1, column=square[1] + 1)


def nearest_change(grid: Grid, answers: list[Grid], shape: str | None) -> str:
    """What would give a picture with two answers a unique puzzle: the squares whose flip does
    (tried where its answers differ first, then row by row), or the nearest sizes of a built-in
    shape; or, when none of those does, where the answers differ."""
    rows, cols = len(grid), len(grid[0])
    differ = [(r, c) for r in range(rows) for c in range(cols) if answers[0][r][c] != answers[1][r][c]]
    order = differ + [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in differ]
    working = []
    for r, c in order[:FLIPS_TRIED]:
        flipped = [row.copy() for row in grid]
        flipped[r][c] ^= 1
        if len(count_answers(clues_of(flipped))) == 1:
            working.append((r, c))
            if len(working) == 3:
                break
    shown = "; ".join(_where(square) for square in differ[:6]) + ("; ..." if len(differ) > 6 else "")
    said = _("its answers differ at {squares}").format(squares=shown)
    if working:
        flips = reduce(lambda text, place: joined([text, place], "or"), map(_where, working))
        return _("{said}; painting {squares} the other colour gives a puzzle with one answer").format(
            said=said, squares=flips)
    if shape is not None:
        sizes = sorted({(rows + dr, cols + dc) for dr in range(-SIZES_TRIED, SIZES_TRIED + 1)
                        for dc in range(-SIZES_TRIED, SIZES_TRIED + 1)} - {(rows, cols)},
                       key=lambda size: (abs(size[0] - rows) + abs(size[1] - cols), size))
        fits = [f"{r}x{c}" for r, c in sizes if 5 <= r <= MAX_SIDE and 5 <= c <= MAX_SIDE
                and len(count_answers(clues_of(_drawn(shape, r, c)))) == 1][:3]
        if fits:
            return _("{said}; at size {sizes} the {shape} has one answer").format(
                said=said, sizes=joined(fits, "or"), shape=_(shape))
    return _("{said}; change one of those squares, or draw the picture larger").format(said=said)


def _drawn(shape: str, rows: int, cols: int) -> Grid:
    mask = shape_mask(shape, rows, cols)
    return [[1 if (r, c) in mask.cells else 0 for c in range(mask.cols)] for r in range(mask.rows)]


@lru_cache(maxsize=64)
def _verdict(grid_text: str, shape: str | None) -> tuple[JSON, JSON, JSON]:
    """A user's picture as (puzzle, solution, rating), or the BookgenError that says why it
    cannot be printed; cached, since a config's picture is asked about for every puzzle."""
    grid = [[1 if ch == "#" else 0 for ch in row] for row in grid_text.split("/")]
    puzzle = clues_of(grid)
    figures = deduce(board_of(puzzle))
    if not figures["solved"]:
        answers = count_answers(puzzle)
        if len(answers) > 1:
            raise BookgenError(_("the picture has more than one answer, so its clues do not make a "
                                 "puzzle; {change}").format(change=nearest_change(grid, answers, shape)),
                               key="picture")
    return puzzle, {"grid": grid}, figures_of(puzzle, figures)


def picture_puzzle(request: Request) -> tuple[JSON, JSON, JSON]:
    """The user's picture as a puzzle at its measured level: (puzzle, solution, rating)."""
    grid = picture_grid(request)
    text = "/".join("".join("#" if v else "." for v in row) for row in grid)
    picture = request.settings["picture"]
    return _verdict(text, picture if picture in SHAPES else None)


# --- requests ---------------------------------------------------------------------------------------

UNFOLDED_UNDER = {"medium": 7, "hard": 6}
"""Sides under which a level's pictures are unfolded blots (`ink_blot`'s `folded`): a mirrored
picture that small is seldom a puzzle of the level. Of the 26,000 mirrored 5x5 pictures that
fill their grid, 2 (one puzzle and its mirror image) take the five sweeps a medium one needs, and
of 3000 mirrored 6x6 blots one; of 5000 unfolded blots, 40 at 5x5 and 148 at 6x6 are medium and
325 at 5x5 hard, where 4 of 3000 mirrored 5x5 blots were (bench/nonogram.py)."""
SMALL_UNDER, SMALL_ATTEMPTS = 8, 4000
"""Pictures drawn for a grid under 8x8: there a level is rarer (under 1 in 100 pictures reach a
5x5 medium or expert, or a 7x7 medium) and a picture is graded in a third of a millisecond, so
these miss once in 10^10 and take a second at most."""


EXPERT_SCORES = (23, 27)
"""The scores an expert blot is worked towards, one drawn per puzzle. A blot the grader finishes
with contradictions nearly always needs just one (score 20, the band's floor: two mirrored 2x2
spots the lines leave; `bench/nonogram.py` printed 20-22 for 10x10 to 30x30 before the climb).
Flipping squares on its edge, kept while it stays expert and needs no fewer contradictions, takes
a 15x15 to 21-27 (mean 23.5 over the bench's six) within a few hundred gradings."""
EXPERT_PICTURES = 3
"""Pictures worked at most for one expert puzzle, when one stays at the band's floor after its
tries."""
CLIMB_TRIES = 300
"""Flips tried on a 15x15 expert picture; on larger grids fewer, by area (a 30x30's grading costs
some 40 ms, and a flip there seldom adds the six contradictions a point of score takes)."""


def climb_tries(rows: int, cols: int) -> int:
    """The flips tried on an expert picture of `rows` x `cols`: `CLIMB_TRIES` on a 15x15 and
    smaller (a 5x5 took 2,700 for nothing: its few lines hold a point of score or none), fewer by
    area above it, 20 at least."""
    return max(20, min(CLIMB_TRIES, CLIMB_TRIES * 225 // (rows * cols)))


def edge_squares(grid: Grid, folded: bool) -> list[tuple[int, int]]:
    """The squares beside one of the other colour (on the left half and middle column of a
    folded picture, whose right half follows): flipping one moves an outline, not a speck."""
    rows, cols = len(grid), len(grid[0])
    half = (cols + 1) // 2 if folded else cols
    return [(r, c) for r in range(rows) for c in range(half)
            if any(0 <= r + dr < rows and 0 <= c + dc < cols and grid[r + dr][c + dc] != grid[r][c]
                   for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))]


def harder(rng: random.Random, grid: Grid, rating: JSON, rated: Callable[[JSON], JSON], target: int,
           folded: bool) -> tuple[Grid, JSON]:
    """An expert picture worked towards `target`: a square on an outline flipped (with its mirror
    image), kept while the picture fills its frame, grades expert and needs no fewer
    contradictions; until the score reaches the target or the tries run out."""
    rows, cols = len(grid), len(grid[0])
    for _try in range(climb_tries(rows, cols)):
        if rating["score"] >= target:
            break
        r, c = rng.choice(edge_squares(grid, folded))
        flipped = [row.copy() for row in grid]
        flipped[r][c] ^= 1
        if folded:
            flipped[r][cols - 1 - c] = flipped[r][c]
        if not fills_the_frame(flipped):
            continue
        trial = rated(clues_of(flipped))
        if trial["level"] == "expert" and trial["contradictions"] >= rating["contradictions"]:
            grid, rating = flipped, trial
    return grid, rating


def check_request(request: Request) -> None:
    """A user's picture must be unique and grade at the level asked for."""
    if request.settings["picture"] is not None:
        rating = picture_puzzle(request)[2]
        if rating["level"] != request.level:
            raise BookgenError(
                _("the picture grades {level} (it needs {stage}), not {asked}: set its difficulty "
                  "to {yaml}").format(level=level_word(rating["level"]), asked=level_word(request.level),
                                      stage=_stage_words(rating["stage"]), yaml=rating["level"]),
                key="difficulty")


def _stage_words(stage: str) -> str:
    return {"overlap": _("only simple steps, line by line"), "line": _("full line logic"),
            "contradiction": _("more than one line at a time"),
            "search": _("trial and error")}[stage]


def variety(request: Request) -> int | None:
    """A picture makes one puzzle; random blots, too many to count (a small grid's run out within
    a long book all the same: some 590 easy 5x5 ones, `bookgen.book.Pace`)."""
    return 1 if request.settings["picture"] is not None else None


def answers(request: Request) -> frozenset[str] | None:
    if request.settings["picture"] is None:
        return None
    puzzle, solution, _ = picture_puzzle(request)
    return frozenset({answer_form(puzzle, solution)})


# --- the built-in pictures ---------------------------------------------------------------------


@cache
def rating_of(picture: Picture) -> JSON:
    """The grader's rating of a built-in picture's puzzle."""
    puzzle = clues_of(picture.grid())
    return figures_of(puzzle, deduce(board_of(puzzle)))


def pictures_for(level: str, size: tuple[int, int]) -> tuple[Picture, ...]:
    """The built-in pictures of `size` that grade `level`, in library.txt's order."""
    return tuple(picture for picture in library()
                 if picture.size == size and rating_of(picture)["level"] == level)


def draws_pictures(request: Request) -> bool:
    """Whether the request's puzzles are dealt built-in pictures: no picture of the user's, the
    `pictures` option at library, and some picture of its size at its level."""
    return (request.settings["picture"] is None and request.settings["pictures"] == "library"
            and bool(pictures_for(request.level, request.settings["size"])))


def dealt_picture(request: Request) -> Picture | None:
    """The picture a dealt request paints: the `picture_number`th (1 the first) of its level's and
    size's, in the order its `deal_seed` (the book's seed) shuffles them, so that volume 2 starts
    with other pictures; None once every one has been dealt, or where none is (then a blot)."""
    deal = request.settings["picture_number"]
    if deal is None or not draws_pictures(request):
        return None
    rows, cols = request.settings["size"]
    order = list(pictures_for(request.level, (rows, cols)))
    random.Random(f"nonogram-pictures/{request.settings['deal_seed']}/{rows}x{cols}/{request.level}").shuffle(order)
    return order[deal - 1] if deal <= len(order) else None


def deal(request: Request, turns: Counter[str], seed: str) -> Request:
    """The request of a section's next nonogram: where built-in pictures of its size grade its
    level, the next of their deal (`picture_number`), counted over every section of that size and
    level (`turns`), so that a book prints no picture twice while others remain; then blots. A
    named number is left as it is. The number is no share of the user's words (the option is
    not `deal`): version B of a book is matched to A's hardness from the pictures after A's, as
    its blots are, rather than printing A's pictures again."""
    if not draws_pictures(request):
        return request
    request = seeded_deal(request, seed)
    if "picture_number" in request.options:
        return request
    rows, cols = request.settings["size"]
    key = f"nonogram/pictures/{rows}x{cols}/{request.level}/{request.settings['deal_seed']}"
    return next_turn(request, turns, key, "picture_number")


def picture_name(puzzle: JSON, solution: JSON, count: int) -> str:
    """The answer key's note: the name of the built-in picture the answer shows, untranslated
    (the page speaks it), or nothing for a blot or the user's picture."""
    name = name_of(solution["grid"])
    return NAMES[name] if name is not None else ""


def rules_text(request: Request | None) -> str:
    """The rules every section prints, in the language spoken: a picture where the section paints
    one (its `picture` option, the built-in pictures, or the example's heart where no section is
    named), else a pattern (random ink blots)."""
    if request is not None and request.settings["picture"] is None and not draws_pictures(request):
        return _(RULES_PATTERN)
    return _(RULES)


# --- random blots ------------------------------------------------------------------------------


def generate(rng: random.Random, request: Request) -> Generated:
    if request.settings["picture"] is not None:
        return Generated(*picture_puzzle(request))
    picture = dealt_picture(request)
    if picture is not None:
        grid = picture.grid()
        puzzle = clues_of(grid)
        return Generated(puzzle, {"grid": grid}, dict(rating_of(picture)))
    level = request.level
    rows, cols = request.settings["size"]
    top = TOP_RANK[level]

    def rated(puzzle: JSON) -> JSON:
        """The figures of a level's steps: a picture they do not finish is no puzzle here, nor
        one whose row clues are too long for a 6x9 page to take it at the type's floor."""
        if measure(puzzle)[0] > WIDEST:
            return {"level": None}
        figures = deduce(board_of(puzzle), top)
        return figures_of(puzzle, figures) if figures["solved"] else {"level": None}

    folded = min(rows, cols) >= UNFOLDED_UNDER.get(level, 0)
    attempts = SMALL_ATTEMPTS if min(rows, cols) < SMALL_UNDER else ATTEMPTS

    def fill() -> Grid | None:
        grid = ink_blot(rng, rows, cols, STYLES[level], folded)
        return grid if fills_the_frame(grid) else None

    failure = _("could not make a {level} {size} nonogram in {tries} tries; try a larger size or "
                "another level").format(level=level_word(level), size=f"{rows}x{cols}", tries=attempts)
    made = make_at_level(level, attempts, fill, clues_of, rated, failure)
    if level != "expert":
        return Generated(made.puzzle, {"grid": made.answer}, made.rating)
    target = rng.randint(*EXPERT_SCORES)
    grid, rating = harder(rng, made.answer, made.rating, rated, target, folded)
    for _picture in range(EXPERT_PICTURES - 1):  # one stuck at the band's floor: another picture
        if rating["score"] > BANDS.span("expert")[0]:
            break
        again = make_at_level(level, attempts, fill, clues_of, rated, failure)
        grid, rating = max((grid, rating), harder(rng, again.answer, again.rating, rated, target, folded),
                           key=lambda made: made[1]["score"])
    return Generated(clues_of(grid), {"grid": grid}, rating)

