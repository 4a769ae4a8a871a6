"""Shared fixtures: write small configs into a temporary folder and run the CLI in-process."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from bookgen.cli import main


@pytest.fixture
def write_config(tmp_path: Path):
    def write(text: str, name: str = "book.yaml") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
        return path
    return write


@pytest.fixture
def run(capsys):
    """Run `bookgen ARGS...` in-process; returns (status, stdout, stderr)."""
    def invoke(*args: str) -> tuple[int, str, str]:
        status = main(list(args))
        captured = capsys.readouterr()
        return status, captured.out, captured.err
    return invoke
