"""Every colour pair the playable page and the studio draw text and controls with meets WCAG AA in
the light and the dark theme: 4.5:1 for text (1.4.3), 3:1 for a focus ring or a mark that shows a
state (1.4.11). The colours are read from the stylesheets, so a change there is checked here
without a browser; axe checks the drawn page in both themes (test_html, test_hints, test_studio).

A colour is a `light-dark(light, dark)` pair, a frame variable (`var(--name)`, the player's
:root in bookgen/html/play.css, the studio's in studio.css) or a plain colour, the same in both.
Each pair is either declared in one rule (its `color` on its `background`) or listed below, where
the text sits on a background another rule gives (a found word's letters on the found shading)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bookgen.puzzles import BUILT_IN, find_type, play_style_text

ROOT = Path(__file__).resolve().parent.parent
FRAME = ROOT / "bookgen" / "html" / "play.css"
STUDIO = ROOT / "bookgen" / "studio" / "static" / "studio.css"
TEXT, MARK = 4.5, 3.0
THEMES = ("light", "dark")

Colour = tuple[str, str]  # (light, dark), each #rrggbb


def _luminance(colour: str) -> float:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two colours, 1 to 21."""
    high, low = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _outside_print(css: str) -> str:
    """The stylesheet without its @media print blocks (print is always light, black on white)."""
    while (start := css.find("@media print")) >= 0:
        depth, end = 0, css.index("{", start)
        for end in range(end, len(css)):  # noqa: B020 (the loop ends where the block closes)
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            if depth == 0:
                break
        css = css[:start] + css[end + 1:]
    return re.sub(r"/\*.*?\*/", "", css, flags=re.S)


def _rules(css: str) -> list[tuple[list[str], dict[str, str]]]:
    """(selectors, declarations) of every innermost rule."""
    found = []
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", _outside_print(css)):
        declarations = dict(
            (name.strip(), value.strip()) for name, value in
            (part.split(":", 1) for part in re.split(r";(?![^()]*\))", body) if ":" in part))
        found.append(([s.strip() for s in selectors.split(",")], declarations))
    return found


def _variables(css: str) -> dict[str, Colour]:
    plain = {name: (colour, colour) for name, colour in re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]+)\b", css)}
    return plain | {name: (light, dark) for name, light, dark in
                    re.findall(r"--([\w-]+):\s*light-dark\((#[0-9a-fA-F]+),\s*(#[0-9a-fA-F]+)\)", css)}


def _colour(value: str, variables: dict[str, Colour]) -> Colour | None:
    """The colour a declaration's value draws with, or None when it names none."""
    if match := re.search(r"light-dark\((#[0-9a-fA-F]+),\s*(#[0-9a-fA-F]+)\)", value):
        return match[1], match[2]
    if match := re.search(r"var\(--([\w-]+)", value):
        return variables.get(match[1])
    if match := re.search(r"#[0-9a-fA-F]{3,6}\b", value):
        return match[0], match[0]
    return None


class Sheet:
    """A stylesheet's colours: its own variables on top of the frame's."""

    def __init__(self, css: str, variables: dict[str, Colour]) -> None:
        self.css = css
        self.variables = variables | _variables(self.css)
        self.rules = _rules(self.css)

    def colour(self, selector: str, prop: str) -> Colour:
        """What `prop` of the rule for `selector` draws with (the last such rule's)."""
        found = [_colour(d[prop], self.variables) for selectors, d in self.rules
                 if selector in selectors and prop in d]
        assert found and found[-1], f"no {prop} colour for {selector}"
        return found[-1]

    def var(self, name: str) -> Colour:
        return self.variables[name]

    def declared_pairs(self) -> list[tuple[str, Colour, Colour]]:
        """(selector, text, background) of every rule that sets both."""
        pairs = []
        for selectors, declarations in self.rules:
            text = _colour(declarations.get("color", ""), self.variables)
            back = _colour(declarations.get("background", declarations.get("background-color", "")),
                           self.variables)
            if text and back:
                pairs.append((", ".join(selectors), text, back))
        return pairs


NAMES = sorted(t.name for t in BUILT_IN)
PLAYER_VARIABLES = _variables(FRAME.read_text(encoding="utf-8"))


def _sheet(name: str) -> Sheet:
    return Sheet(play_style_text(find_type(name)), PLAYER_VARIABLES)


def _failures(pairs, least: float) -> list[str]:
    return [f"{what}: {theme} {c[i]} on {b[i]} is {contrast(c[i], b[i]):.2f}:1"
            for what, c, b in pairs for i, theme in enumerate(THEMES) if contrast(c[i], b[i]) < least]


def _player_pairs() -> tuple[list, list]:
    """(text pairs, mark pairs) of the player: the frame's and every built-in type's."""
    v = Sheet(FRAME.read_text(encoding="utf-8"), {}).var
    grounds = ["paper", "card", "given-back", "accent-soft", "target", "armed", "pool", "hint"]
    text = [(f"{ink} on {ground}", v(ink), v(ground))
            for ink in ("ink", "entry") for ground in grounds]
    text += [(f"{ink} on {ground}", v(ink), v(ground)) for ink, ground in [
        ("muted", "paper"), ("muted", "card"), ("muted", "pool"), ("accent", "paper"), ("accent", "card"),
        ("wrong", "card"), ("good", "card"), ("given", "given-back"), ("given", "card")]]
    marks = [(f"{mark} on {ground}", v(mark), v(ground)) for mark in ("focus", "line", "accent")
             for ground in ("paper", "card", "given-back")]
    marks += [("the hint's ring on the hint's shading", v("hint-ring"), v("hint"))]
    for name in NAMES:
        sheet = _sheet(name)
        text += [(f"{name}: {selector}", ink, back) for selector, ink, back in sheet.declared_pairs()]
    words, grid = _sheet("wordsearch"), _sheet("fillin")
    found = words.colour(".wordsearch .bands rect", "fill")  # a found word's band, at its fullest
    struck = words.colour(".wordsearch .words li.found", "color")
    text += [("word search: a found word's letters", v("ink"), found),
             ("word search: a struck-through word", struck, v("card")),
             ("fill-in: a struck-through word", grid.colour(".wordgrid .words li.found", "color"), v("card"))]
    for selector in (".wordgrid .square.in-word", ".wordgrid .square.in-word:focus-within"):
        back = grid.colour(selector, "background")
        text += [(f"fill-in: {ink} on {selector}", v(ink), back) for ink in ("entry", "muted")]
    clue = grid.colour(".wordgrid .clues li.current", "background")
    text += [("fill-in: the current clue", v("ink"), clue)]
    diagonal = _sheet("sudoku").colour(".sudoku .cell.diagonal", "background")
    text += [(f"sudoku: {ink} on a diagonal square", v(ink), diagonal) for ink in ("entry", "given", "muted")]
    kakuro = _sheet("kakuro")
    text += [("kakuro: a sum on its half", v("ink"), kakuro.var("clue"))]
    for selector in (".wordsearch .letter.start", ".wordsearch .letter:focus-visible"):
        ring = words.colour(selector, "outline")
        marks += [(f"word search: {selector} on {ground}", ring, back)
                  for ground, back in [("card", v("card")), ("found", found)]]
    return text, marks


def test_every_colour_pair_of_the_player_meets_wcag_aa_in_both_themes():
    text, marks = _player_pairs()
    assert len(text) > 40
    assert _failures(text, TEXT) + _failures(marks, MARK) == []


def test_the_word_search_pairs_the_issue_found_are_checked():
    """A found word's letters on the found shading were 1.05:1 in the dark theme (#46), the
    struck-through list word 2.78:1: both are among the pairs checked, and pass now."""
    text, _ = _player_pairs()
    checked = {what: pair for what, *pair in text}
    for what in ("word search: a found word's letters", "word search: a struck-through word"):
        ink, back = checked[what]
        assert contrast(ink[1], back[1]) >= TEXT


@pytest.mark.parametrize("name", NAMES)
def test_a_types_stylesheet_draws_only_with_pairs_that_have_a_dark_side(name):
    """Outside print, every colour a type's play.css names is a frame variable or a light-dark()
    pair: a plain colour would be the same in the dark theme (the word search's found shading was
    #cfe3f7 under light letters)."""
    css = re.sub(r"light-dark\([^()]*\)|var\(--[\w-]+(, *#[0-9a-fA-F]+)?\)", "",
                 _outside_print(_sheet(name).css))
    assert re.findall(r"#[0-9a-fA-F]{3,6}\b|rgba?\((?!0, *0, *0)", css) == []


def test_every_colour_pair_of_the_studio_meets_wcag_aa_in_both_themes():
    sheet = Sheet(STUDIO.read_text(encoding="utf-8"), {})
    v = sheet.var
    text = [(f"{ink} on {ground}", v(ink), v(ground)) for ink, ground in [
        ("ink", "paper"), ("ink", "panel"), ("muted", "paper"), ("muted", "panel"), ("accent", "paper"),
        ("error", "paper"), ("on-accent", "accent"), ("on-header", "header")]]
    text += [(selector, ink, back) for selector, ink, back in sheet.declared_pairs()]
    marks = [(f"{mark} on {ground}", v(mark), v(ground)) for mark, ground in [
        ("focus", "paper"), ("focus", "panel"), ("field-line", "paper"), ("accent", "paper"),
        ("error", "paper")]]
    marks += [("focus in the header", sheet.colour("header :focus-visible", "outline-color"), v("header"))]
    assert _failures(text, TEXT) + _failures(marks, MARK) == []
    assert "color-scheme: light dark" in sheet.css
