"""Start and goal pictures: small line drawings beside a maze's two arrows (a mouse at the
entrance and cheese at the exit, or a bee and a flower), for a child's book.

Each picture is a few shapes in a unit box (x right, y down), facing right: filled outlines
(`Outline`, a grey from 0 black to 1 white, drawn with a line round it), open lines (`Stroke`)
and discs (`Disc`). The drawing places them in millimetres, mirrored to face the arrow
(`placed`); the PDF and the playable page paint the same shapes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bookgen.api import Pen
from bookgen.core.pen import Point
from bookgen.i18n import N_


@dataclass(frozen=True)
class Outline:
    points: tuple[Point, ...]
    grey: float


@dataclass(frozen=True)
class Stroke:
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Disc:
    centre: Point
    radius: float
    grey: float


Shape = Outline | Stroke | Disc
WHITE, LIGHT, MID, BLACK = 1.0, 0.88, 0.65, 0.0


def _oval(cx: float, cy: float, rx: float, ry: float, points: int = 28) -> tuple[Point, ...]:
    return tuple((cx + rx * math.cos(2 * math.pi * i / points), cy + ry * math.sin(2 * math.pi * i / points))
                 for i in range(points))


def _band(cx: float, cy: float, rx: float, ry: float, x: float) -> Stroke:
    """A line across the oval about (cx, cy) at `x`, from its top to its bottom."""
    half = ry * math.sqrt(max(0.0, 1 - ((x - cx) / rx) ** 2))
    return Stroke(((x, cy - half), (x, cy + half)))


MOUSE: tuple[Shape, ...] = (
    Stroke(((0.28, 0.72), (0.16, 0.76), (0.07, 0.70), (0.04, 0.58), (0.10, 0.48))),  # tail
    Outline(_oval(0.48, 0.66, 0.22, 0.16), WHITE),  # body
    Disc((0.70, 0.43), 0.09, WHITE),  # ear
    Outline(_oval(0.77, 0.58, 0.15, 0.10), WHITE),  # head
    Disc((0.81, 0.54), 0.025, BLACK),  # eye
    Disc((0.93, 0.59), 0.03, BLACK),  # nose
    Stroke(((0.90, 0.61), (1.0, 0.56))), Stroke(((0.90, 0.63), (1.0, 0.68))),  # whiskers
    Stroke(((0.38, 0.81), (0.35, 0.88))), Stroke(((0.58, 0.81), (0.61, 0.88))),  # feet
)
CHEESE: tuple[Shape, ...] = (
    Outline(((0.06, 0.54), (0.94, 0.30), (0.94, 0.54)), MID),  # the wedge's top
    Outline(((0.06, 0.54), (0.94, 0.54), (0.94, 0.84), (0.06, 0.84)), LIGHT),  # its front
    Disc((0.30, 0.69), 0.07, WHITE), Disc((0.56, 0.75), 0.05, WHITE), Disc((0.76, 0.65), 0.06, WHITE),
)
BEE: tuple[Shape, ...] = (
    Outline(_oval(0.42, 0.34, 0.11, 0.16), WHITE), Outline(_oval(0.58, 0.36, 0.09, 0.13), WHITE),  # wings
    Outline(((0.22, 0.58), (0.04, 0.62), (0.22, 0.66)), BLACK),  # sting
    Outline(_oval(0.48, 0.62, 0.28, 0.17), LIGHT),  # body
    _band(0.48, 0.62, 0.28, 0.17, 0.38), _band(0.48, 0.62, 0.28, 0.17, 0.50),
    _band(0.48, 0.62, 0.28, 0.17, 0.62),  # stripes
    Disc((0.83, 0.58), 0.1, WHITE),  # head
    Disc((0.86, 0.55), 0.025, BLACK),  # eye
    Stroke(((0.84, 0.48), (0.88, 0.36), (0.95, 0.33))),  # feeler
)
FLOWER: tuple[Shape, ...] = (
    Stroke(((0.5, 0.5), (0.5, 0.98))),  # stem
    Outline(((0.5, 0.84), (0.62, 0.72), (0.80, 0.70), (0.68, 0.84)), LIGHT),  # leaf
    *(Disc((0.5 + 0.2 * math.cos(math.radians(60 * i)), 0.34 + 0.2 * math.sin(math.radians(60 * i))),
           0.12, WHITE) for i in range(6)),  # petals
    Disc((0.5, 0.34), 0.11, MID),  # the middle
)

PICTURES: dict[str, tuple[tuple[Shape, ...], tuple[Shape, ...]]] = {
    "mouse": (MOUSE, CHEESE), "bee": (BEE, FLOWER)}
"""Each choice's start and goal pictures."""
CHOICES = ("none", *PICTURES)
NAMES = {"mouse": (N_("a mouse"), N_("cheese")), "bee": (N_("a bee"), N_("a flower"))}
"""What each picture shows, in words: the option's choices and the playable page's labels."""
STORIES = {
    # Translators: the rules' last sentence in a maze with a mouse at the start and cheese at the goal.
    "mouse": N_("Help the mouse find its way to the cheese."),
    # Translators: the rules' last sentence in a maze with a bee at the start and a flower at the goal.
    "bee": N_("Help the bee find its way to the flower."),
}


@dataclass(frozen=True)
class Placed:
    """A picture (its choice, and 0 the start's or 1 the goal's) in a square box `size` mm wide
    at (x, y), its top left, mirrored to face left where `mirrored`."""

    choice: str
    end: int
    x: float
    y: float
    size: float
    mirrored: bool

    def at(self, point: Point) -> Point:
        u = 1 - point[0] if self.mirrored else point[0]
        return self.x + u * self.size, self.y + point[1] * self.size

    def shapes(self) -> tuple[Shape, ...]:
        """The picture's shapes in mm."""
        placed: list[Shape] = []
        for shape in PICTURES[self.choice][self.end]:
            if isinstance(shape, Disc):
                placed.append(Disc(self.at(shape.centre), shape.radius * self.size, shape.grey))
            elif isinstance(shape, Outline):
                placed.append(Outline(tuple(map(self.at, shape.points)), shape.grey))
            else:
                placed.append(Stroke(tuple(map(self.at, shape.points))))
        return tuple(placed)


def draw_picture(pen: Pen, picture: Placed, width: float) -> None:
    """Paint a placed picture with lines `width` mm wide."""
    for shape in picture.shapes():
        if isinstance(shape, Disc):
            pen.circle(*shape.centre, shape.radius, width=width, fill=shape.grey)
        elif isinstance(shape, Outline):
            pen.polygon(list(shape.points), width=width, fill=shape.grey)
        else:
            pen.polyline(list(shape.points), width=width)
