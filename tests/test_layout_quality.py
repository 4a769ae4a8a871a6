"""Layout quality: text stays in its box (checked through the drawing layer with the real fonts),
numbers on a card keep apart, long chains wrap, no page is wasted on one small puzzle, a heading
is never left at the foot of a page or alone on one, and the answer key is compact but legible."""

from __future__ import annotations

import pytest

from bookgen.making import make_puzzle
from bookgen.puzzles import PUZZLE_TYPES, find_type
from bookgen.puzzles.base import Request
from bookgen.render.fonts import register_fonts
from bookgen.render.pdfpen import MeasuringPen

PT = 25.4 / 72  # mm per point
CAP = 0.73  # DejaVu's capital and digit height, per point of size


def measuring_pen() -> MeasuringPen:
    return MeasuringPen(register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf",
                                       "DejaVuSans-Oblique.ttf"))


def text_boxes(pen: MeasuringPen) -> list[tuple[str, float, float, float, float]]:
    """(text, left, top, right, bottom) in mm of every string drawn, from the real font widths."""
    boxes = []
    for name, kw in pen.calls:
        if name != "text":
            continue
        width = pen.text_width(kw["text"], kw["size"], kw["bold"])
        left = {"left": kw["x"], "right": kw["x"] - width}.get(kw["align"], kw["x"] - width / 2)
        half = kw["size"] * CAP * PT / 2
        boxes.append((kw["text"], left, kw["y"] - half, left + width, kw["y"] + half))
    return boxes


def rects(pen: MeasuringPen) -> list[tuple[float, float, float, float]]:
    return [(kw["x"], kw["y"], kw["x"] + kw["w"], kw["y"] + kw["h"])
            for name, kw in pen.calls if name == "rect"]


def assert_text_fits(pen: MeasuringPen, size: tuple[float, float]) -> None:
    """Every string lies inside the drawing and inside the smallest rectangle around its centre,
    and no two strings overlap."""
    boxes = text_boxes(pen)
    frames = rects(pen)
    for text, left, top, right, bottom in boxes:
        assert left >= -0.05 and right <= size[0] + 0.05, (text, left, right, size)
        cx, cy = (left + right) / 2, (top + bottom) / 2
        around = [r for r in frames if r[0] <= cx <= r[2] and r[1] <= cy <= r[3]]
        if around:
            x0, _, x1, _ = min(around, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
            assert left >= x0 - 0.05 and right <= x1 + 0.05, (text, left, right, x0, x1)
    for i, (a, al, at, ar, ab) in enumerate(boxes):
        for b, bl, bt, br, bb in boxes[i + 1:]:
            overlap = min(ar, br) - max(al, bl) > 0.05 and min(ab, bb) - max(at, bt) > 0.05
            assert not overlap, (a, b)


HOSTILE_PLACEMENT = [
    {"signs": list("<><><><><><"), "numbers": ["-7.93", "-12.375", "-23/12", "4.5", "-0.05",
                                                "11/12", "-9", "99.99", "-3/7", "0.125", "7", "-1.5"],
     "givens": {"0": "-7.93", "5": "11/12"}, "unique": False},
    {"signs": list("<>"), "numbers": ["-7.93", "-88.88", "-99/100"], "givens": {}, "unique": False},
]


@pytest.mark.parametrize("puzzle", HOSTILE_PLACEMENT, ids=["twelve", "three"])
def test_placement_numbers_stay_in_their_boxes_and_apart(puzzle):
    placement = find_type("placement")
    placement.validate(puzzle)
    pen = measuring_pen()
    placement.draw_puzzle(pen, puzzle)
    assert_text_fits(pen, placement.measure(puzzle))
    pen = measuring_pen()
    order = sorted(puzzle["numbers"], key=lambda t: float(eval(t)))  # any order will do here
    placement.draw_solution(pen, puzzle, {"order": order})
    assert_text_fits(pen, placement.answer_size(puzzle))


def test_long_chains_wrap_into_lines_no_wider_than_eight_boxes():
    placement = find_type("placement")
    twelve = HOSTILE_PLACEMENT[0]
    width, height = placement.measure(twelve)
    assert width <= 8 * 13 + 8 * 6.5 and height > 2 * 13
    pen = measuring_pen()
    placement.draw_puzzle(pen, twelve)
    boxes = [kw for name, kw in pen.calls if name == "rect" and kw["w"] == kw["h"] == 13]
    assert len(boxes) == 12 and len({kw["y"] for kw in boxes}) == 2
    signs = [t for t in pen.texts() if t in "<>"]
    assert len(signs) == 12  # eleven signs, and the one at the break printed again


def test_card_numbers_are_spaced_by_the_widest():
    arithmetic = find_type("arithmetic")
    puzzle = {"numbers": [3, 11, 12, 12], "target": 24, "operators": "+-*/"}
    pen = measuring_pen()
    arithmetic.draw_puzzle(pen, puzzle)
    numbers = [b for b in text_boxes(pen) if b[0] in {"3", "11", "12"}]
    assert len(numbers) == 4
    gaps = [b[1] - a[3] for a, b in zip(numbers, numbers[1:])]
    assert min(gaps) >= 4.0 - 0.05, gaps
    assert_text_fits(pen, arithmetic.measure(puzzle))


SAMPLES = [(t.name, level) for t in PUZZLE_TYPES for level in ("easy", "hard")]


@pytest.mark.parametrize("name, level", SAMPLES, ids=[f"{n}-{lv}" for n, lv in SAMPLES])
def test_every_type_keeps_its_text_in_its_boxes(name, level):
    puzzle_type = find_type(name)
    records = [make_puzzle(Request.make(puzzle_type, level, {}), f"quality.{i}") for i in range(3)]
    example = puzzle_type.example(None)
    for puzzle, solution in [(r.puzzle, r.solution) for r in records] + (
            [(example.puzzle, example.solution)] if example else []):
        pen = measuring_pen()
        puzzle_type.draw_puzzle(pen, puzzle)
        assert_text_fits(pen, puzzle_type.measure(puzzle))
        pen = measuring_pen()
        puzzle_type.draw_solution(pen, puzzle, solution)
        assert_text_fits(pen, puzzle_type.answer_size(puzzle))
