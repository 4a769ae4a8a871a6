"""Writes the shipped census of the default settings (census.SHIPPED), which `census` reads
instead of rating every card: `python -m bookgen.puzzles.arithmetic.census_table`, after a change
to the engine or the grader (tests/test_census_table.py fails until it is run)."""

from __future__ import annotations

import json
from pathlib import Path

from bookgen.atomic import write_files
from bookgen.puzzles.arithmetic.census import SHIPPED, census_of_options, counted_census


def main() -> None:
    text = json.dumps(census_of_options({}, counted_census), separators=(",", ":")) + "\n"
    write_files([(Path(__file__).with_name(SHIPPED), text.encode("utf-8"))])


if __name__ == "__main__":
    main()
