"""docs/publishing.md quotes the figures bookgen uses, as bench/publishing.py prints them from the
code, and no measure from anywhere else."""

from __future__ import annotations

import re

import pytest

from bench.publishing import figures
from bookgen.config import ROOT

MEASURE = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?: x \d+(?:\.\d+)?)? (?:in|pt|mm|pages)\b")


@pytest.fixture(scope="module")
def printed() -> dict[str, str]:
    return figures()


def test_the_guide_quotes_every_figure_and_only_figures_from_the_code(printed):
    guide = " ".join((ROOT / "docs" / "publishing.md").read_text().split())
    for name, figure in printed.items():
        assert figure in guide, f"{name}: {figure!r} is not in docs/publishing.md"
    for measure in MEASURE.findall(guide):
        assert any(re.search(rf"(?<![\d.]){re.escape(measure)}", figure) for figure in printed.values()), (
            f"docs/publishing.md states {measure!r}, which bench/publishing.py does not print")


def test_the_interior_is_black_and_white_as_the_guide_tells_the_upload_form(printed):
    assert printed["interior ink"] == "black and grey only"
