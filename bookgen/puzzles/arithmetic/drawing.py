"""Drawing through the pen: the card (target, numbers fitted apart, the operators line) and the
answer's first expression in the language's signs (× ÷ − in English).
"""

from __future__ import annotations

from bookgen.api import JSON
from bookgen.core import exprs
from bookgen.core.pen import MEDIUM, THIN, Pen
from bookgen.i18n import _, ngettext
from bookgen.puzzles.arithmetic.parameters import MAX_NUMBER, card_title, operator_signs, operators_line

CARD_W, CARD_H = 64.0, 55.0
ANSWER_H = 20.0
NUMBER_PT = 26.0
NUMBER_GAP = 4.0  # mm at least between two numbers of a card, so "3 11 12 12" reads as four
TITLE_PT = 12.0  # "Make 10": a 6x9 book prints its cards at 1.4, and 13 pt was its headings' 18
NOTE_PT = 13.0  # the operators line, black: at a worksheet's 0.85 it prints at 11 pt, the body's size
WRITING_LINES = (39.0, 51.0)  # 12 mm apart: at a worksheet's 0.85, 0.4 in, a third grader's line


def _fitted(pen: Pen, text: str, size: float, width: float, bold: bool = False) -> float:
    """The largest font size up to `size` at which text fits in width."""
    natural = pen.text_width(text, size, bold)
    return size if natural <= width else size * width / natural


def measure(puzzle: JSON) -> tuple[float, float]:
    return CARD_W, CARD_H


def draw_puzzle(pen: Pen, puzzle: JSON) -> None:
    """A card: 'Make N', the numbers in large type, the operators, and two lines to write on."""
    pen.rect(0, 0, CARD_W, CARD_H, width=MEDIUM, radius=3.0)
    pen.text(CARD_W / 2, 7.0, card_title(puzzle), TITLE_PT, bold=True)
    numbers = [str(n) for n in puzzle["numbers"]]
    slot = (CARD_W - 8.0) / len(numbers)
    # one size for every card of this many numbers, set by the widest number a card may hold
    # with NUMBER_GAP clear on each side, so that digits keep their size from card to card
    size = _fitted(pen, str(MAX_NUMBER), NUMBER_PT, slot - NUMBER_GAP, bold=True)
    for index, text in enumerate(numbers):
        pen.text(4.0 + (index + 0.5) * slot, 18.5, text, size, bold=True)
    note = operators_line(puzzle)
    pen.text(CARD_W / 2, 28.5, note, _fitted(pen, note, NOTE_PT, CARD_W - 6.0))
    for y in WRITING_LINES:
        pen.line(5.0, y, CARD_W - 5.0, y, width=THIN, dash=(1.0, 1.2))


def measure_solution(puzzle: JSON) -> tuple[float, float]:
    return CARD_W, ANSWER_H


def draw_solution(pen: Pen, puzzle: JSON, solution: JSON) -> None:
    """The first (simplest) expression, in the language's signs, under the card's numbers."""
    numbers = "  ".join(str(n) for n in puzzle["numbers"])
    # Translators: above an answer, the card's target and its numbers: "Make 10:  1  2  3  4"
    head = _("Make {target}:  {numbers}").format(target=puzzle["target"], numbers=numbers)
    pen.text(CARD_W / 2, 5.0, head, _fitted(pen, head, NOTE_PT, CARD_W - 4.0), grey=0.35)
    value = exprs.evaluate(solution["expressions"][0])[0]
    line = f"{page_text(solution['expressions'][0])} = {exprs.number_text(value)}"
    pen.text(CARD_W / 2, 13.0, line, _fitted(pen, line, 14.0, CARD_W - 4.0, bold=True), bold=True)


def page_text(expression: str) -> str:
    """A Python-syntax expression in the signs a reader expects (× ÷ − in English, · : − in
    German) and ^, spaced."""
    out, signs = [], operator_signs()
    for token in expression.replace("**", "^").replace(" ", ""):
        sign = signs.get(token)
        out.append(f" {sign} " if sign and token != "^" else (sign or token))
    return "".join(out)


def answer_note(puzzle: JSON, solution: JSON, count: int) -> str:
    if count <= 1:
        return _("the only solution")
    return ngettext("1 of {count} distinct solution", "1 of {count} distinct solutions", count).format(
        count=count)
