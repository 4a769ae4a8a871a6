"""A book's puzzles: one seeded, verified puzzle per slot, numbered through the whole book."""

from __future__ import annotations

from dataclasses import dataclass

from bookgen.config import BookConfig, SectionConfig
from bookgen.making import PuzzleRecord, make_puzzle
from bookgen.progress import Progress
from bookgen.puzzles import find_type
from bookgen.puzzles.base import PuzzleType


@dataclass(frozen=True)
class Section:
    config: SectionConfig
    puzzle_type: PuzzleType
    first_number: int
    records: tuple[PuzzleRecord, ...]

    @property
    def numbers(self) -> range:
        return range(self.first_number, self.first_number + len(self.records))


@dataclass(frozen=True)
class Book:
    config: BookConfig
    sections: tuple[Section, ...]


def puzzle_seed(book_seed: str, section_index: int, puzzle_index: int) -> str:
    """The seed text of one puzzle: stable under edits to other sections' counts."""
    return f"{book_seed}.{section_index + 1}.{puzzle_index + 1}"


def make_book(config: BookConfig, progress: Progress | None = None) -> Book:
    progress = progress or Progress(enabled=False)
    sections = []
    number = 1
    for index, section in enumerate(config.sections):
        puzzle_type = find_type(section.type)
        progress.start(f"{section.title} ({index + 1}/{len(config.sections)})", section.count)
        records = []
        for i in range(section.count):
            seed = puzzle_seed(config.seed, index, i)
            records.append(make_puzzle(puzzle_type, section.difficulty, section.options, seed))
            progress.advance()
        progress.finish()
        sections.append(Section(section, puzzle_type, number, tuple(records)))
        number += len(records)
    return Book(config, tuple(sections))
