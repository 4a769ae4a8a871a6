"""The built-in pictures: things a reader knows at a glance (animals, vehicles, plants, buildings,
objects), drawn by hand square by square in library.txt, each with its name. A fan solves a
nonogram for the picture it reveals, and random blots reveal none; so a book deals these first,
each at the level the grader gives it, and only then draws blots (`generator.deal`, which
also rates them).

Each picture makes a puzzle with one answer (a test holds them to it); its level is the grader's,
so a level and size take the pictures that grade so: at 10x10 mostly easy and medium, at 15x15
every level, expert the fewest (a drawn picture seldom needs more than one line at a time).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from bookgen.api import N_
from bookgen.puzzles.nonogram.pictures import Grid

NAMES = {
    "airplane": N_("Airplane"), "anchor": N_("Anchor"), "apple": N_("Apple"), "bell": N_("Bell"),
    "boat": N_("Boat"), "butterfly": N_("Butterfly"), "cactus": N_("Cactus"), "candle": N_("Candle"),
    "car": N_("Car"), "castle": N_("Castle"), "cat": N_("Cat"), "crown": N_("Crown"), "cup": N_("Cup"),
    "dog": N_("Dog"), "duck": N_("Duck"), "elephant": N_("Elephant"), "fish": N_("Fish"),
    "ghost": N_("Ghost"), "giraffe": N_("Giraffe"), "horse": N_("Horse"), "house": N_("House"),
    "key": N_("Key"), "lighthouse": N_("Lighthouse"), "mushroom": N_("Mushroom"), "owl": N_("Owl"),
    "penguin": N_("Penguin"), "rabbit": N_("Rabbit"), "rocket": N_("Rocket"), "sailboat": N_("Sailboat"),
    "snail": N_("Snail"), "snowman": N_("Snowman"), "teapot": N_("Teapot"), "tree": N_("Tree"),
    "tulip": N_("Tulip"), "turtle": N_("Turtle"), "umbrella": N_("Umbrella"),
}
"""Each picture's name as the answer key prints it, a message the catalogs translate (library.txt
names a picture by its key here)."""


@dataclass(frozen=True)
class Picture:
    """A built-in picture: its name (a key of `NAMES`) and its rows, 1 black and 0 white."""

    name: str
    rows: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> tuple[int, int]:
        return len(self.rows), len(self.rows[0])

    def grid(self) -> Grid:
        return [list(row) for row in self.rows]


def read_library(text: str) -> tuple[Picture, ...]:
    """The pictures of a library file: '= name', then rows of '#' and '.'; '# ' starts a comment."""
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("# ")]
    starts = [i for i, line in enumerate(lines) if line.startswith("= ")]
    return tuple(Picture(lines[start][2:].strip(),
                         tuple(tuple(1 if ch == "#" else 0 for ch in row) for row in lines[start + 1:end]))
                 for start, end in zip(starts, [*starts[1:], len(lines)]))


@cache
def library() -> tuple[Picture, ...]:
    """Every built-in picture, in library.txt's order."""
    return read_library(resources.files("bookgen.puzzles.nonogram").joinpath("library.txt")
                        .read_text("utf-8"))


def name_of(grid: Grid) -> str | None:
    """The name (a key of `NAMES`) of the built-in picture `grid` shows, facing either way."""
    shown = {tuple(map(tuple, grid)), tuple(tuple(row[::-1]) for row in grid)}
    return next((picture.name for picture in library() if picture.rows in shown), None)
