"""A book's puzzles: one seeded, verified puzzle per slot, numbered through the whole book.

Puzzles are generated through a `concurrent.futures.Executor` (a process pool for `workers > 1`, or
any executor passed in, such as a cluster's), each from its own seed, so the book's bytes do not
depend on how many workers made it. A section may instead take stored puzzles from a bank file,
each verified again before it is printed.
"""

from __future__ import annotations

import math
import os
import signal
import sys
import threading
import time
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from bookgen import limits
from bookgen.budget import PuzzleTimeout, time_budget
from bookgen.core.grading import ALL_LEVELS
from bookgen.errors import BookgenError
from bookgen.i18n import _, ngettext, refusing
from bookgen.inputs import parse_json, read_text
from bookgen.making import (
    make_puzzle,
    parse_puzzle_id,
    record_from_json,
    record_from_text,
    record_type,
    verify,
)
from bookgen.progress import Progress
from bookgen.puzzles.base import (
    JSON,
    PuzzleRecord,
    PuzzleType,
    Request,
    answer_key,
    dealt_requests,
    names_share,
    shared_by_versions,
    spread,
    too_few_answers,
    too_few_exist,
    wider_advice,
)
from bookgen.remembered import remembered

if TYPE_CHECKING:  # imported where used: `bookgen generate` with one worker needs neither a
    # book's config nor a process pool
    import multiprocessing.process
    from concurrent.futures import Executor, Future, ProcessPoolExecutor

    from bookgen.bookconfig import BookConfig, SectionConfig

DEFAULT_BUDGET = 120.0  # seconds one puzzle may take before the build gives up


@dataclass(frozen=True)
class PrintedPuzzle:
    """One puzzle as the book prints it: its number in the book, its record, and how many answers
    it has (exact; 1 where its type promises one)."""

    number: int
    record: PuzzleRecord
    solutions: int


@dataclass(frozen=True)
class Section:
    """One section of the book. Its solution counts are found when it is made, so that no output
    format ever runs a solver while it paints."""

    config: SectionConfig
    puzzle_type: PuzzleType
    first_number: int
    records: tuple[PuzzleRecord, ...]
    version: int = 0  # the sheet it belongs to (`versions:`): 0 is A
    bank_request: Request | None = None  # from a bank: the request its puzzles share (`bank_request`)
    solution_counts: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        counts = tuple(remembered(r.id, ("solutions", self.puzzle_type.name, repr(r.puzzle)),
                                  partial(solution_count, self.puzzle_type, r.puzzle))
                       for r in self.records)
        object.__setattr__(self, "solution_counts", counts)

    @property
    def numbers(self) -> range:
        return range(self.first_number, self.first_number + len(self.records))

    @property
    def request(self) -> Request | None:
        """The request its rules and worked example speak of: its config's, or for a section from
        a bank the one its puzzles share; None (the type's rules in general) where they share none."""
        return self.config.request if self.config.bank is None else self.bank_request

    @property
    def levels(self) -> tuple[str, ...]:
        """Its puzzles' levels, each once, easiest first: its config's for a made section, the
        `difficulty` of each line for a section from a bank."""
        if self.config.level is not None:
            return (self.config.level,)
        return tuple(sorted({record.level for record in self.records}, key=ALL_LEVELS.index))

    @property
    def puzzles(self) -> tuple[PrintedPuzzle, ...]:
        return tuple(PrintedPuzzle(number, record, count) for number, record, count
                     in zip(self.numbers, self.records, self.solution_counts))


@dataclass(frozen=True)
class Book:
    """A made book: its sections in print order. A book of `versions: N` holds every version's
    sections, A's first; `editions` parts it into one book per version, as its files print it."""

    config: BookConfig
    sections: tuple[Section, ...]
    version: str | None = None  # the letter of the one version this book prints, if versioned

    def editions(self) -> tuple[Book, ...]:
        """One book per version (A, B, ...), each numbered from 1; or this book, unversioned."""
        if self.config.versions == 1 or self.version is not None:
            return (self,)
        from bookgen.bookconfig import version_letter

        return tuple(Book(self.config, tuple(s for s in self.sections if s.version == index),
                          version_letter(index)) for index in range(self.config.versions))


def solution_count(puzzle_type: PuzzleType, puzzle: JSON) -> int:
    """How many answers a printed puzzle has from what its page shows: 1 where its type promises
    one (verified when the puzzle was made or loaded), else the solver's exact count."""
    if puzzle_type.expects_unique(puzzle):
        return 1
    return puzzle_type.solve(puzzle_type.printed(puzzle).puzzle, None).count


def puzzle_seed(book_seed: str, section_number: int, puzzle_index: int, version: int = 0) -> str:
    """The seed text of one puzzle, BOOK.SECTION.N with the section's seed number
    (`SectionConfig.seed_number`): stable under edits to other sections' counts, and to their
    places where the section keeps its number. Version A's puzzles are the unversioned book's;
    version B's are seeded BOOK/B.SECTION.N, and so on."""
    from bookgen.bookconfig import version_letter

    book = f"{book_seed}/{version_letter(version)}" if version else book_seed
    return f"{book}.{section_number}.{puzzle_index + 1}"


@dataclass(frozen=True)
class PuzzleJob:
    """One puzzle to make: everything a worker process needs. The request (checked when the
    config was read) pickles, its type by name (`PuzzleType.__reduce__`)."""

    request: Request
    seed: str
    budget: float | None

    @classmethod
    def of(cls, request: Request, seed: str, budget: float | None) -> PuzzleJob:
        return cls(request, seed, budget)


_SAMPLED: dict[str, PuzzleRecord] = {}
"""Puzzles `sample_one` made in this process (the size check's first puzzle of each section), by
their request's id with their seed: the book takes each once instead of making it again."""


_AHEAD: dict[str, PuzzleRecord | None] = {}
"""The size check's samples made on a pool before it asks for them (`sample_ahead`), by their
request's id with their seed; None for one that overran its budget."""


_UNDER_WAY: list[tuple[Executor, float | None, dict[str, Future]]] = []
"""The book's puzzles `sample_ahead` set under way behind the samples, by their request's id with
their seed, with the executor and the budget they run under: taken by the next `make_book` on
that executor."""


def size_samples(config: BookConfig, budget: float | None) -> list[tuple[SectionConfig, PuzzleJob]]:
    """The size check's jobs (`bookgen.render.document.check_sizes`): the first puzzle of each
    section that makes its own, as the book makes it (a dealt type's first share: the request
    before the deal made a puzzle the book never printed, and a crossword that could fail where
    the book's would not), with its section, in the sections' order."""
    return [(section, jobs[0])
            for (version, _index, section), jobs in zip(book_slots(config), book_jobs(config, budget))
            if version == 0 and jobs and section.bank is None]


def sample_ahead(config: BookConfig, budget: float | None, executor: Executor) -> None:
    """Make the size check's samples on the executor, all at once, with every other puzzle of the
    book queued behind them: the workers share the samples instead of the parent making one
    after another, and go on with the book while the parent lays the samples out (`check_sizes`)
    instead of waiting for `make_book` to ask."""
    samples = size_samples(config, budget)
    futures: dict[str, Future] = {}
    for job in [sampled for _section, sampled in samples] + [
            job for section_jobs in book_jobs(config, budget) for job in section_jobs]:
        key = job.request.id(job.seed)
        if key not in futures:
            futures[key] = executor.submit(generate_one, job)
    _UNDER_WAY[:] = [(executor, budget, futures)]
    for section, job in samples:
        key = job.request.id(job.seed)
        with located(config.file, section):
            _AHEAD[key] = futures[key].result()


def _taken_under_way(executor: Executor | None, budget: float | None) -> dict[str, Future]:
    """The puzzles `sample_ahead` set under way on this executor with this budget, taken once
    (those of an earlier executor, one a refused build left, are dropped)."""
    under_way = _UNDER_WAY.pop() if _UNDER_WAY else None
    if under_way is None or under_way[0] is not executor or under_way[1] != budget:
        return {}
    return under_way[2]


def sample_one(job: PuzzleJob) -> PuzzleRecord | None:
    """`generate_one` (or its puzzle made ahead, `sample_ahead`), kept for the book that will
    want it (`made_before`)."""
    key = job.request.id(job.seed)
    record = _AHEAD.pop(key) if key in _AHEAD else generate_one(job)
    if record is not None:
        _SAMPLED[key] = record
    return record


def made_before(job: PuzzleJob) -> PuzzleRecord | None:
    """The puzzle `sample_one` made for this job (the same request and seed: the same puzzle),
    taken once; None when it made none."""
    return _SAMPLED.pop(job.request.id(job.seed), None)


def _submitted(executor: Executor, job: PuzzleJob, under_way: dict[str, Future]) -> Future:
    """The job on the executor (or under way there already), or a future already holding the
    puzzle made for it before."""
    record = made_before(job)
    future = under_way.pop(job.request.id(job.seed), None)
    if record is None:
        return future or executor.submit(generate_one, job)
    from concurrent.futures import Future

    done: Future = Future()
    done.set_result(record)
    return done


def generate_one(job: PuzzleJob) -> PuzzleRecord | None:
    """Make one puzzle, or None when it overran its budget. Top-level so that process pools
    (and cluster executors) can pickle it. Made speaking the user's language (`refusing`; a
    worker inherits the environment it reads), so that a puzzle that cannot be made says so in
    it at once (made in English, it was made again to say why): what a puzzle holds never
    depends on the language spoken (the contract's keeps-the-rules check)."""
    try:
        with refusing(), time_budget(job.budget):
            return make_puzzle(job.request, job.seed)
    except PuzzleTimeout:
        return None


def make_book(config: BookConfig, progress: Progress | None = None, workers: int = 1,
              executor: Executor | None = None, budget: float | None = DEFAULT_BUDGET,
              settled: Callable[[Section], None] | None = None) -> Book:
    """Generate (or load) and verify every puzzle of the book, none of them twice: with
    `versions:`, every version's sections in turn (A's first), none repeating another's.

    Jobs run on `executor` when given, else on a pool of `workers` processes, else (one worker)
    here, one after another. All jobs are submitted at once (or were, by `sample_ahead`) so no
    worker idles between sections. Twins (a puzzle already in the book, or in a bank the config
    excludes, up to the type's symmetries) are then replaced in print order, from seeds derived
    from their slot's, so the book stays the same whatever the number of workers; each
    replacement is made here while the book's own puzzles still queue on the executor (behind
    them all, it would hold up every later decision), else on the executor (where the studio's
    keeps what it made for the next preview). `settled` is handed each section as soon as its
    puzzles are final, while a pool still makes the later sections' (the typesetting measures
    it then: `bookgen.render.document.measuring_ahead`).
    """
    from bookgen.bookconfig import version_letter
    from bookgen.config import crowded_requests

    progress = progress or Progress(enabled=False)
    under_way = _taken_under_way(executor, budget)
    twins = Twins()
    for bank in config.exclude:
        twins.exclude(bank)
    # the loader counted each small space; the exclude banks, read now, may hold some of it
    for index, problem in crowded_requests(config.sections if config.exclude else (),
                                           twins.excluded_for, twins.answers):
        section = config.sections[index]
        raise BookgenError(problem, file=config.file, line=section.line,
                           key=section.named)
    slots = book_slots(config)
    jobs = book_jobs(config, budget)
    made_for_a: dict[int, tuple[PuzzleRecord, ...]] = {}  # version A's puzzles by section index
    with ExitStack() as stack:
        if executor is None and workers > 1:
            executor = stack.enter_context(worker_pool(workers))
        pending = [[_submitted(executor, job, under_way) for job in section_jobs]
                   for section_jobs in jobs] if executor is not None else None
        for future in under_way.values():  # none, unless the config changed since `sample_ahead`
            future.cancel()
        make = partial(_made_now, executor, [future for futures in pending or [] for future in futures])
        sections = []
        number = 1
        for slot, (version, index, section) in enumerate(slots):
            if index == 0:
                number = 1  # each version is a sheet of its own, numbered from 1
            sheet = f", version {version_letter(version)}" if config.versions > 1 else ""
            progress.start(f"{section.title}{sheet} ({slot + 1}/{len(slots)})",
                           len(jobs[slot]) or section.count or 0)
            if section.bank is not None:
                records = load_bank_section(section, twins)
                progress.total = len(records)  # known now where the section takes every one
                progress.advance(len(records))
            else:
                with located(config.file, section):
                    records = _section_records(config, section, version, index, jobs[slot],
                                               pending[slot] if pending is not None else None,
                                               made_for_a, twins, number, make, progress, budget)
            progress.finish()
            if section.order == "rating" and not version:  # easier to harder; ties keep their order
                hardness = section.puzzle_type.hardness
                records = spread(sorted(records, key=lambda record: hardness(record.rating)),
                                 section.puzzle_type)
            if not version and section.request is not None:
                made_for_a[index] = tuple(records)
            shared = bank_request(section.puzzle_type, records) if section.bank is not None else None
            sections.append(Section(section, section.puzzle_type, number, tuple(records), version, shared))
            if settled is not None:
                settled(sections[-1])
            number += len(records)
        return Book(config, tuple(sections))


def _section_records(config: BookConfig, section: SectionConfig, version: int, index: int,
                     jobs: list[PuzzleJob], futures: list[Future] | None,
                     made_for_a: dict[int, tuple[PuzzleRecord, ...]], twins: Twins, number: int,
                     make: Callable[[PuzzleJob], PuzzleRecord | None], progress: Progress,
                     budget: float | None) -> list[PuzzleRecord]:
    """A section's puzzles, made (on the executor's `futures`, else here), checked, and each
    twin of an earlier puzzle replaced (or, for a later version, matched to version A's, or
    where it deals shares, each share printed where A printed it)."""
    def made(slot: int) -> PuzzleRecord:
        record = futures[slot].result() if futures is not None else \
            made_before(jobs[slot]) or generate_one(jobs[slot])
        checked = _checked(config.file, section, record, budget)
        progress.advance()
        return checked

    if version_matched(section, version) and index in made_for_a:
        records = (_collect(config.file, section, futures, progress, budget) if futures is not None
                   else [made(slot) for slot in range(len(jobs))])
        more = partial(_slot_job, config, index, version, budget)
        return _matched(config.file, section, list(zip(jobs, records)), made_for_a[index], twins,
                        more, budget, make, version)
    # each twin decided as its slot's puzzle comes, in order: a count out of reach is refused
    # before the rest of the section is waited for
    pace = paced(section.request, section.count) if not version else None
    taken = [_without_twin(config.file, section, job, made(i), twins, number, i, budget, make, version,
                           pace)
             for i, job in enumerate(jobs)]
    if version and index in made_for_a:  # A's may be sorted (`order: rating`)
        place = {_request_part(record): i for i, record in enumerate(made_for_a[index])}
        taken.sort(key=lambda record: place[_request_part(record)])
    return taken


def _request_part(record: PuzzleRecord) -> str:
    """The request a record's id names, its seed left out: a dealt puzzle's share."""
    return record.id.rpartition(":")[0]


@contextmanager
def located(file: str, section: SectionConfig) -> Iterator[None]:
    """A puzzle's refusal at its section's line, the section named: made in a worker, a type's
    refusal ("clues: no hard crossword came out of 30 tries") knows no config, and a book of
    several sections left the user to guess whose it was."""
    try:
        yield
    except BookgenError as error:
        if error.file is not None:
            raise
        key = f"{section.named}: {error.key}" if error.key else section.named
        raise BookgenError(error.message, file=file, line=section.line, key=key) from None


def book_slots(config: BookConfig) -> list[tuple[int, int, SectionConfig]]:
    """Every version's sections, A's first, each with its version and its index in the config:
    twins are decided in this order, across versions."""
    return [(version, index, section) for version in range(config.versions)
            for index, section in enumerate(config.sections)]


def book_jobs(config: BookConfig, budget: float | None) -> list[list[PuzzleJob]]:
    """The puzzles each of the book's slots (`book_slots`) makes before any twin is replaced:
    none for a section from a bank. Versions after A make MATCH_POOL puzzles for each they print,
    to match A's puzzle for puzzle; a type that deals each puzzle its share (a teacher's list)
    gives every version the same shares, dealt in the order of the book's seed."""
    turns: dict[int, Counter[str]] = defaultdict(Counter)  # the shares dealt in each version
    return [[PuzzleJob.of(request, puzzle_seed(config.seed, section.seed_number(index), i, version), budget)
             for i, request in enumerate(dealt_requests(
                 section.request, section.made * (MATCH_POOL if version_matched(section, version) else 1),
                 turns[version], config.seed))]
            if section.request is not None else []
            for version, index, section in book_slots(config)]


def _made_now(executor: Executor | None, queued: list[Future], job: PuzzleJob) -> PuzzleRecord | None:
    """A puzzle the book waits for before it goes on (a twin's replacement, a later version's
    extra): from the executor when it has it at once (the studio's kept puzzles) or once the
    book's own puzzles there are all made; made here while some are still queued there, behind
    which it would wait for all of them (and the other worker idle as it is made alone)."""
    if executor is None:
        return generate_one(job)
    future = executor.submit(generate_one, job)
    if not future.done() and not all(made.done() for made in queued) and future.cancel():
        return generate_one(job)
    return future.result()


TWIN_RETRIES = 40  # fresh seeds tried for one slot before the section is declared too small
RARE_WINDOW = 100  # the last draws whose share of new puzzles says how far a section can go
RARE_SHARE = 0.35  # that share (at the top of its likely range) at most, before a count is given up on
RARE_MARGIN = 3  # how many times more than the reach those draws foretell a section must ask for
MATCH_POOL = 2  # puzzles made for each one a later version prints: the nearest to A's is printed
MATCH_TOLERANCE = 0.1  # of a level (hardness): how far a later version's puzzle may be from A's
MATCH_EXTRA = 4  # puzzles made one by one for a slot the pool holds no match for, at most


class Twins:
    """The canonical forms of the puzzles and of the answers already in a book, or in a run of
    `generate`, and in the banks it excludes: a puzzle whose form is here, or whose answer's
    form is, is a repeat, whatever its symmetry (four 4-row classic pyramids exist, so two
    pyramids with different givens often share an answer); so is one that shares a part of its
    answer (`PuzzleType.answer_parts`: a scramble's word) with one here."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.answers: set[str] = set()  # answer_key(TYPE, answer form) of every answer taken
        self.parts: set[str] = set()  # answer_key(TYPE, part) of every part taken (`answer_parts`)
        self.holders: dict[str, str] = {}  # the section (named) that took each part first
        self.banked: dict[str, set[str]] = {}  # excluded forms by the request their id names
        self.shares: dict[str, dict[int, PuzzleRecord]] = {}  # a share's puzzle in each version

    @staticmethod
    def key(record: PuzzleRecord) -> str:
        puzzle_type = record.puzzle_type
        return remembered(record.id, ("canonical", puzzle_type.name, repr(record.puzzle)),
                          lambda: f"{puzzle_type.name}:{puzzle_type.canonical(record.puzzle)}")

    @staticmethod
    def answer(record: PuzzleRecord) -> str:
        """The form of the record's answer (its solution), as `too_few_answers` compares them."""
        puzzle_type = record.puzzle_type
        return remembered(record.id, ("answer form", puzzle_type.name, repr(record.puzzle),
                                      repr(record.solution)),
                          lambda: answer_key(puzzle_type.name, puzzle_type.answer_form(
                              record.puzzle, record.solution)))

    @staticmethod
    def parts_of(record: PuzzleRecord) -> frozenset[str]:
        """The parts of the record's answer a book prints once at most (a scramble's words)."""
        puzzle_type = record.puzzle_type
        if puzzle_type.answer_parts is None or not record.solution:
            return frozenset()
        return frozenset(answer_key(puzzle_type.name, part)
                         for part in puzzle_type.answer_parts(record.puzzle, record.solution))

    def __contains__(self, record: PuzzleRecord) -> bool:
        return self._repeats(self.key(record), self.answer(record), self.parts_of(record))

    def _repeats(self, key: str, answer: str, parts: frozenset[str],
                 allowed: frozenset[str] = frozenset()) -> bool:
        """Whether a puzzle of these forms repeats one taken, the forms `allowed` aside."""
        return ((key in self.seen and key not in allowed)
                or (answer in self.answers and answer not in allowed)
                or any(part in self.parts and part not in allowed for part in parts))

    def add(self, record: PuzzleRecord, holder: str = "") -> None:
        self.seen.add(self.key(record))
        self.answers.add(self.answer(record))
        self._hold(self.parts_of(record), holder)

    def take(self, record: PuzzleRecord, holder: str = "", share: str | None = None,
             version: int = 0) -> bool:
        """Add the record unless it is a twin, or shares a part of its answer with one taken;
        whether it was added. Each form is worked out once (a canonical form can be the dearest
        step of a cached puzzle). `holder` names the section that takes it.

        `share` names the request of a puzzle that is a share of the user's words
        (`PuzzleType.deal`), taken in `version`. The other versions' puzzles of that share test
        the same words (a teacher's versions A and B test one spelling list, puzzle for puzzle),
        so it may repeat what they hold, and only that: their canonical form, their answer and
        its parts, which for a scramble are all its words. Their page it may not repeat (the same
        scrambles in the same order): a canonical form cannot tell it, since a scramble's is its
        letters, however they are jumbled and whatever their order. A version that holds a
        puzzle of the share already repeats nothing of it."""
        key, answer, parts = self.key(record), self.answer(record), self.parts_of(record)
        by_version = self.shares.get(share, {}) if share is not None else {}
        alike = [] if version in by_version else list(by_version.values())
        allowed = frozenset(form for taken in alike
                            for form in (self.key(taken), self.answer(taken), *self.parts_of(taken)))
        if self._repeats(key, answer, parts, allowed) \
                or any(taken.puzzle == record.puzzle for taken in alike):
            return False
        self.seen.add(key)
        self.answers.add(answer)
        self._hold(parts, holder)
        if share is not None:
            self.shares.setdefault(share, {})[version] = record
        return True

    def _hold(self, parts: frozenset[str], holder: str) -> None:
        self.parts.update(parts)
        for part in parts:
            self.holders.setdefault(part, holder)

    def holders_of(self, records: Iterable[PuzzleRecord]) -> list[str]:
        """The sections that took the parts of their answers the records share (named, in the
        book's order, each once; a bank's parts have none)."""
        named = {self.holders.get(part, "") for record in records
                 for part in self.parts_of(record) & self.parts}
        return [holder for holder in dict.fromkeys(self.holders.values()) if holder and holder in named]

    def exclude(self, path: Path) -> None:
        """Every puzzle of a bank (JSON lines, as `generate` and `formats: [jsonl]` write them),
        and its answer: the stored one, or solved here when the line leaves it out or its
        answer fails today's rules (a card of an older volume joined numbers in any order)."""
        for number, data in _bank_lines(path, "exclude"):
            record = record_from_json(data, f"{path}:{number}")
            puzzle_type = record.puzzle_type
            if not record.solution or puzzle_type.check(record.puzzle, record.solution):
                record = replace(record, solution=puzzle_type.solve(record.puzzle, 1).solution or {})
            self.seen.add(self.key(record))
            if record.solution:
                self.answers.add(self.answer(record))
                self.parts.update(self.parts_of(record))
            self.banked.setdefault(record.id.rpartition(":")[0], set()).add(self.key(record))

    def excluded_for(self, request: Request) -> int:
        """How many different puzzles of this request the excluded banks hold (by their ids)."""
        return len(self.banked.get(request.id("").rpartition(":")[0], ()))


def different_puzzles(request: Request, seed: str, count: int, executor: Executor | None = None,
                      ahead: int = 8, progress: Progress | None = None) -> Iterator[PuzzleRecord]:
    """`count` puzzles of a request, no two of them twins, from seeds SEED.1 to SEED.N (a slot
    whose puzzle repeats an earlier one tries its retry seeds), yielded in order as they are
    ready: `bookgen generate` streams a bank this way. With an executor, up to `ahead` puzzles are
    made at once; twins are decided here in order, so the output is the same for any executor."""
    short = too_few_answers([(request, count)])
    problem = too_few_exist(request, count) or (short[1] if short else None)
    if problem:
        raise BookgenError(problem, key="--count")
    progress = progress or Progress(enabled=False)
    progress.start(request.describe(), count)
    twins = Twins()
    jobs = (PuzzleJob.of(dealt, f"{seed}.{index + 1}", None)
            for index, dealt in enumerate(dealt_requests(request, count, Counter(), seed)))
    pace = paced(request, count)
    for index, (job, record) in enumerate(_in_order(jobs, executor, ahead)):
        taken, tried = _distinct(job, record, twins, _made, pace=pace)
        made = tried[-1]
        if not taken and pace is not None and len(tried) <= TWIN_RETRIES:
            raise BookgenError(_grew_rare(count, request.describe(), index, pace, request), key="--count")
        if not taken:
            raise BookgenError(_too_few_different(count, request.describe(), index + 1, request.type,
                                                  request, index), key="--count")
        progress.advance()
        yield made
    progress.finish()


def _made(job: PuzzleJob, record: PuzzleRecord | None = None) -> PuzzleRecord:
    """The job's puzzle (made here unless `record` brings it), or the error for one that overran
    its budget."""
    record = record or generate_one(job)
    if record is None:
        with refusing():
            raise BookgenError(_("one puzzle took more than {seconds} seconds to make").format(
                seconds=f"{job.budget:g}"), key="--budget")
    return record


def _in_order(jobs: Iterable[PuzzleJob], executor: Executor | None,
              ahead: int) -> Iterator[tuple[PuzzleJob, PuzzleRecord]]:
    """Each job with its puzzle, in the jobs' order: made here one by one, or on the executor
    with `ahead` jobs under way while the first is awaited (pending ones are cancelled if the
    reader stops)."""
    if executor is None:
        for job in jobs:
            yield job, _made(job)
        return
    window: deque[tuple[PuzzleJob, Future]] = deque()
    try:
        for job in jobs:
            window.append((job, executor.submit(generate_one, job)))
            if len(window) >= ahead:
                first, future = window.popleft()
                yield first, _made(first, future.result())
        while window:
            first, future = window.popleft()
            yield first, _made(first, future.result())
    finally:
        for _, future in window:
            future.cancel()


def retry_seed(seed: str, attempt: int) -> str:
    """The seed a slot tries when its puzzle was a twin: the slot's own, marked with the try."""
    return f"{seed}~{attempt}"


class Pace:
    """Whether each puzzle a section (or a run of `generate`) has drawn so far came out new, to
    give up early on a count far out of reach: a 4x4 futoshiki holds some 90 different medium
    puzzles, and a run asking for 500 made some 1,200 before a slot's retries all came out twins,
    where the share of new ones among the last RARE_WINDOW draws had said so after 130.

    Drawn from the same space, the share of new puzzles only falls as puzzles are taken: were
    every puzzle as likely as any other, it would be 1 - taken/exist, so `taken / (1 - share)`
    puzzles would exist. They are not alike (some come far more often), so that reach is an
    underestimate: of 5x5 medium nonograms, whose share falls fast and then slowly, it said 240
    where 425 came out. So a count is given up on only once the share, taken at the top of its
    likely range, is RARE_SHARE at most, and where the count is more than RARE_MARGIN times the
    reach (in the runs measured, 1.7 times what came out at least: a count that can be had is
    made as before, byte for byte)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.taken = 0
        self.window: deque[bool] = deque(maxlen=RARE_WINDOW)

    def add(self, new: bool) -> None:
        self.taken += new
        self.window.append(new)

    @property
    def new_lately(self) -> int:
        """How many of the last RARE_WINDOW draws came out new."""
        return sum(self.window)

    def out_of_reach(self) -> bool:
        """Whether the last RARE_WINDOW draws say the count is far past what the space holds."""
        if len(self.window) < RARE_WINDOW:
            return False
        new = self.new_lately
        share = (new + 2 + 2 * math.sqrt(new + 1)) / RARE_WINDOW  # some two deviations up
        return 0 < self.taken and share <= RARE_SHARE and self.count > RARE_MARGIN * self.taken / (1 - share)


def paced(request: Request | None, count: int | None) -> Pace | None:
    """A section's `Pace`, where its puzzles are compared whole: a type whose answers share words
    (`answer_parts`) or that deals out the user's words runs out of them, not of puzzles, and
    says so in its own words; none for a bank's section of every puzzle (no `count`)."""
    if (count is None or request is None or request.type.answer_parts is not None
            or names_share(request)):
        return None
    return Pace(count)


def _distinct(job: PuzzleJob, record: PuzzleRecord, twins: Twins,
              make: Callable[[PuzzleJob], PuzzleRecord],
              holder: str = "", version: int = 0,
              pace: Pace | None = None) -> tuple[bool, list[PuzzleRecord]]:
    """The slot's puzzle, or one made from its retry seeds while it is a twin of one already
    taken (then taken too, as `holder`'s, in `version`): whether one was taken, and the puzzles
    tried, the one taken last. With a `pace`, each try is counted, and the retries stop early
    where it says the section's count is out of reach."""
    share = job.request.id("") if names_share(job.request) else None
    tried = [record]
    for attempt in range(1, TWIN_RETRIES + 2):
        taken = twins.take(tried[-1], holder, share, version)
        if pace is not None:
            pace.add(taken)
        if taken:
            return True, tried
        if pace is not None and pace.out_of_reach():
            return False, tried
        if attempt <= TWIN_RETRIES:
            tried.append(make(replace(job, seed=retry_seed(job.seed, attempt))))
    return False, tried


class TooFewDifferent(BookgenError):
    """A section's slot each of whose retries repeated an earlier puzzle, or a later version's
    that found no match: `found` different ones came before it, the earlier versions' counted
    (a worksheet asking for no count then holds those, shared out over its versions)."""

    def __init__(self, message: str, found: int, *, file: str | None = None,
                 line: int | None = None, key: str | None = None) -> None:
        super().__init__(message, file=file, line=line, key=key)
        self.found = found


def _without_twin(file: str, section: SectionConfig, job: PuzzleJob, record: PuzzleRecord,
                  twins: Twins, first: int, index: int, budget: float | None,
                  made_now: Callable[[PuzzleJob], PuzzleRecord | None], version: int,
                  pace: Pace | None = None) -> PuzzleRecord:
    """The slot's puzzle (the section's `index`th, the book's `first` + `index`th, in `version`),
    or a new one from the next retry seed while it is a twin (`made_now`), unless the section's
    `pace` says its count is out of reach."""
    def make(retry: PuzzleJob) -> PuzzleRecord:
        return _checked(file, section, made_now(retry), budget)

    taken, tried = _distinct(job, record, twins, make, section.named, version, pace)
    if not taken and pace is not None and len(tried) <= TWIN_RETRIES:
        raise TooFewDifferent(_grew_rare(pace.count, section.describe(), index, pace, section.request),
                              index, file=file, line=section.line, key=section.named)
    if not taken:
        number = first + index
        others = [holder for holder in twins.holders_of(tried) if holder != section.named]
        if others:
            raise BookgenError(_shared_with(section.made, section.describe(), number, others),
                               file=file, line=section.line, key=section.named)
        raise TooFewDifferent(_too_few_different(section.made, section.describe(), number,
                                                 section.puzzle_type, section.request,
                                                 None if version else index),
                              version * section.made + index, file=file, line=section.line,
                              key=section.named)
    return tried[-1]


def _too_few_different(count: int, described: str, number: int, puzzle_type: PuzzleType,
                       request: Request | None, found: int | None = None) -> str:
    """The refusal of a slot each of whose retries repeated an earlier puzzle (or a part of its
    answer), in the user's language, with the request's advice for more ("give more clues");
    where the section's first `found` puzzles came out different, it says to ask for that many
    (a parent asking for 50 easy 4x4 sudoku was told "ask for fewer", not how many)."""
    with refusing():
        if found:
            said = (ngettext("could not find {count} different puzzles ({request}): {found} came out "
                             "different, then puzzle {number} repeated an earlier one {retries} "
                             "times; ask for {found} or fewer, or {wider}",
                             "could not find {count} different puzzles ({request}): {found} came out "
                             "different, then puzzle {number} repeated an earlier one {retries} "
                             "times; ask for {found} or fewer, or {wider}", found)
                    if puzzle_type.answer_parts is None else
                    ngettext("could not find {count} different puzzles ({request}): {found} came out "
                             "different, then puzzle {number} repeated an earlier one, or a part of "
                             "its answer (a word another puzzle holds), {retries} times; ask for "
                             "{found} or fewer, or {wider}",
                             "could not find {count} different puzzles ({request}): {found} came out "
                             "different, then puzzle {number} repeated an earlier one, or a part of "
                             "its answer (a word another puzzle holds), {retries} times; ask for "
                             "{found} or fewer, or {wider}", found))
            return said.format(count=count, request=described, number=number, retries=TWIN_RETRIES,
                               found=found, wider=wider_advice([request] if request else []))
        said = (ngettext("could not find {count} puzzle ({request}) different from the earlier "
                         "ones: puzzle {number} repeated an earlier one {retries} times; {wider}",
                         "could not find {count} different puzzles ({request}): puzzle {number} "
                         "repeated an earlier one {retries} times; ask for fewer, or {wider}", count)
                if puzzle_type.answer_parts is None else
                ngettext("could not find {count} puzzle ({request}) different from the earlier "
                         "ones: puzzle {number} repeated an earlier one, or a part of its answer (a "
                         "word another puzzle holds), {retries} times; {wider}",
                         "could not find {count} different puzzles ({request}): puzzle {number} "
                         "repeated an earlier one, or a part of its answer (a word another puzzle "
                         "holds), {retries} times; ask for fewer, or {wider}", count))
        return said.format(count=count, request=described, number=number, retries=TWIN_RETRIES,
                           wider=wider_advice([request] if request else []))


def _grew_rare(count: int, described: str, found: int, pace: Pace, request: Request | None) -> str:
    """The refusal of a count the section's `pace` says is far out of reach: how many came out
    different (asking for that many makes the same puzzles) and how rare new ones grew."""
    with refusing():
        return ngettext(
            "could not find {count} different puzzles ({request}): {found} came out different, "
            "then new ones grew rare (only {new} of the last {tries} tries), far too rare to reach "
            "{count}; ask for {found} or fewer, or {wider}",
            "could not find {count} different puzzles ({request}): {found} came out different, "
            "then new ones grew rare (only {new} of the last {tries} tries), far too rare to reach "
            "{count}; ask for {found} or fewer, or {wider}", found).format(
            count=count, request=described, found=found, new=pace.new_lately, tries=RARE_WINDOW,
            wider=wider_advice([request] if request else []))


def _shared_with(count: int, request: str, number: int, holders: list[str]) -> str:
    """The refusal of a slot whose every retry shares a part of its answer (a word) with the
    puzzles of earlier sections, naming them: put first, the section would take its few lists
    before they do, from lists of their own that are many."""
    with refusing():
        return ngettext(
            "could not find {count} puzzle ({request}) different from the earlier ones: puzzle "
            "{number} and its {retries} retries each repeat a word an earlier puzzle holds "
            "({sections} took some of them first); put this section earlier, or widen the options",
            "could not find {count} different puzzles ({request}): puzzle {number} and its "
            "{retries} retries each repeat a word an earlier puzzle holds ({sections} took some of "
            "them first); put this section earlier, ask for fewer, or widen the options", count).format(
            count=count, request=request, number=number, retries=TWIN_RETRIES,
            sections=", ".join(holders))


def version_matched(section: SectionConfig, version: int) -> bool:
    """Whether this version's puzzles of the section are chosen to match version A's in hardness:
    every version after A's, unless the section deals each puzzle a share of the words (then each
    version prints the same shares, in A's order: `shared_by_versions`)."""
    return bool(version) and section.request is not None and not shared_by_versions(section.request)


def _slot_job(config: BookConfig, index: int, version: int, budget: float | None,
              puzzle_index: int) -> PuzzleJob:
    """The job of one puzzle of the config's section `index` in `version` (its seed's place)."""
    section = config.sections[index]
    assert section.request is not None  # a section that makes its puzzles
    seed = puzzle_seed(config.seed, section.seed_number(index), puzzle_index, version)
    return PuzzleJob.of(section.request, seed, budget)


def _matched(file: str, section: SectionConfig, pool: list[tuple[PuzzleJob, PuzzleRecord]],
             model: tuple[PuzzleRecord, ...], twins: Twins, more: Callable[[int], PuzzleJob],
             budget: float | None,
             made_now: Callable[[PuzzleJob], PuzzleRecord | None], version: int) -> list[PuzzleRecord]:
    """A later version's (`version`'s) puzzles of a section, puzzle for puzzle as hard as version
    A's (`model`, in print order) by the grader's score (the type's hardness): for each of A's
    puzzles, easiest first, the unused puzzle of `pool` nearest to it that is no twin, within
    MATCH_TOLERANCE when one is; when none is, up to MATCH_EXTRA more are made for it (seeds past
    the pool's, from `more`) before the nearest is taken. The same seeds give the same choice on
    any executor."""
    hardness = section.puzzle_type.hardness
    made = len(pool)

    def make(index: int) -> tuple[PuzzleJob, PuzzleRecord]:
        job = more(index)
        return job, _checked(file, section, made_now(job), budget)

    chosen: list[PuzzleRecord | None] = [None] * len(model)
    for slot in sorted(range(len(model)), key=lambda i: (hardness(model[i].rating), i)):
        target, extra = hardness(model[slot].rating), 0
        while chosen[slot] is None:
            off = [abs(hardness(record.rating) - target) for _, record in pool]
            best = min(range(len(pool)), key=lambda k: (off[k], k), default=None)
            near = best is not None and off[best] <= MATCH_TOLERANCE
            # past the pool: a few more for a match, as many as a twin's retries when none is left
            if not near and extra < (MATCH_EXTRA if best is not None else TWIN_RETRIES):
                pool.append(make(made))
                made, extra = made + 1, extra + 1
                continue
            if best is None:
                with refusing():
                    raise TooFewDifferent(ngettext(
                        "could not find a different puzzle ({request}) for every version; {wider}",
                        "could not find {count} different puzzles ({request}) for every version; ask "
                        "for fewer, or {wider}", section.made).format(
                            count=section.made, request=section.describe(),
                            wider=wider_advice([section.request] if section.request else [])),
                        version * len(model) + sum(record is not None for record in chosen),
                        file=file, line=section.line, key=section.named)
            _job, record = pool.pop(best)
            if twins.take(record, section.named):
                chosen[slot] = record
    return [record for record in chosen if record is not None]


def _checked(file: str, section: SectionConfig, record: PuzzleRecord | None,
             budget: float | None) -> PuzzleRecord:
    """The record, or the clear error for a puzzle that overran its budget."""
    if record is None:
        with refusing():
            raise BookgenError(_(
                "one puzzle took more than {seconds} seconds to make ({request}); this combination "
                "of options is too hard to reach: try a lower difficulty or a smaller size").format(
                    seconds=f"{budget:g}", request=section.describe()),
                file=file, line=section.line, key=section.named)
    return record


def _collect(file: str, section: SectionConfig, futures: list[Future], progress: Progress,
             budget: float | None) -> list[PuzzleRecord]:
    from concurrent.futures import as_completed

    for future in as_completed(futures):
        _checked(file, section, future.result(), budget)
        progress.advance()
    return [future.result() for future in futures]


@contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool whose workers leave Ctrl-C to the parent (no tracebacks from workers) and exit
    when the parent dies, however it dies (SIGTERM, SIGKILL, a crash). When the work stops early
    (an error, Ctrl-C) the workers are ended at once instead of finishing their puzzles.
    While it lasts, what the parent holds when it starts (the config, the types' tables, the
    fonts: most of the heap) is frozen (`heap_frozen`, before the workers fork from it): neither
    the workers' collections of cycles nor the parent's search it again and again (0.15 s each
    of a 400-puzzle book's processor time, bench/mixed_book.py), nor copy the pages a search
    writes."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    before = {child.pid for child in multiprocessing.active_children()}
    with heap_frozen():
        with _queued_ahead(QUEUED_PER_WORKER * workers):
            pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker,
                                       initargs=(os.getpid(),))
        try:
            yield pool
        except BaseException:
            _end_now(pool, [child for child in multiprocessing.active_children()
                            if child.pid not in before])
            raise
    pool.shutdown()


QUEUED_PER_WORKER = 4
"""Puzzles handed to the workers' queue ahead of need, per worker. The pool's default is one in
all: a worker that finishes a puzzle of a few milliseconds then waits for the parent's thread
to hand it the next, and the parent, busy with the finished sections (twins, measuring), is
slow to: a 400-puzzle book's workers idled 0.45-0.63 s in all, 0.14-0.16 s with this many
(bench/mixed_book.py). A puzzle in the queue cannot be cancelled, which only `_made_now` tries."""


@contextmanager
def _queued_ahead(extra: int) -> Iterator[None]:
    """Process pools made meanwhile queue `extra` calls beyond one per worker
    (concurrent.futures reads its EXTRA_QUEUED_CALLS as a pool is made, and has no argument
    for it)."""
    from concurrent.futures import process

    default = process.EXTRA_QUEUED_CALLS
    process.EXTRA_QUEUED_CALLS = extra  # type: ignore[misc]  # typeshed: Final; a pool reads it anew
    try:
        yield
    finally:
        process.EXTRA_QUEUED_CALLS = default  # type: ignore[misc]


@contextmanager
def heap_frozen() -> Iterator[None]:
    """What the process holds now frozen for the while (`gc.freeze`): the collections of cycles
    that the work's own garbage sets off do not search it again and again. Unfrozen after: the
    process lives on (a library caller, the tests) and its garbage is found again."""
    import gc

    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _end_now(pool: ProcessPoolExecutor, workers: list[multiprocessing.process.BaseProcess]) -> None:
    """End a pool's workers mid-puzzle and wait for the pool to notice. The pool's manager thread
    then fails the futures still queued; on some Pythons it complains about those already
    cancelled (InvalidStateError), which is noise here, so that one complaint is kept quiet."""
    from concurrent.futures import InvalidStateError

    previous = threading.excepthook

    def quiet(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is not InvalidStateError:
            previous(args)

    threading.excepthook = quiet
    try:
        for worker in workers:
            worker.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
    finally:
        threading.excepthook = previous


def _start_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # ended at once, whatever a forked parent set
    _exit_with_parent(parent)


PARENT_WATCH = 0.5  # seconds between a worker's checks that its parent still lives


def _exit_with_parent(parent: int) -> None:
    """End this worker with its parent: on Linux the kernel signals it when the parent that forked
    it dies; everywhere, and for pools started through a fork server, a thread checks twice a
    second that the parent still lives."""
    if sys.platform.startswith("linux") and os.getppid() == parent:
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while _alive(parent):
            time.sleep(PARENT_WATCH)
        os._exit(1)

    if not _alive(parent):
        os._exit(1)
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else (os.cpu_count() or 1))


# --- banks ----------------------------------------------------------------------------------------


def _bank_lines(path: Path, key: str) -> Iterator[tuple[int, JSON]]:
    """The parsed puzzle lines of a bank file, with their line numbers; blank lines skipped."""
    lines = read_text(path, limits.BANK_BYTES, key=key).splitlines()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = parse_json(line, str(path), number)
        except BookgenError as error:
            raise BookgenError(f"{error.message}; {_bank_line(line)}", file=str(path),
                               line=number) from None
        if not isinstance(data, dict):
            raise BookgenError(_bank_line(line), file=str(path), line=number)
        yield number, data


def _bank_line(line: str) -> str:
    """What a bank line is, said to one that is not; a puzzle in its type's one-line form (a
    sudoku's 81 characters) is named as such, as `solve` reads it."""
    try:
        record = record_from_text(line, "")
    except BookgenError:
        record = None
    with refusing():
        if record is None:
            return _("a bank holds one puzzle a line, each a JSON object as 'bookgen generate' writes "
                     "them")
        return _("a bank holds one puzzle a line, each a JSON object as 'bookgen generate' writes "
                 "them; this is a {type} in its one-line form, which 'bookgen solve' reads (a bank "
                 "does not)").format(type=record.puzzle_type.name)


def load_bank_section(section: SectionConfig, twins: Twins | None = None) -> list[PuzzleRecord]:
    """The first `count` bank puzzles of the section's type (every one, in bank order, where the
    section sets no count) that pass its filters and are not twins of puzzles already chosen, each
    verified again; every puzzle that fails is named in one error."""
    assert section.bank is not None
    twins = twins or Twins()
    most = section.count if section.count is not None else limits.SECTION_PUZZLES + 1  # one past: too many
    path = section.bank.path
    chosen: list[PuzzleRecord] = []
    failures: list[str] = []
    repeated = 0  # puzzles that pass, but that the book holds already (an earlier section's)
    own = Twins()  # this section's, to tell its bank's own twins from an earlier section's
    for number, data in _bank_lines(path, "from"):
        if len(chosen) == most:
            break
        if record_type(data) != section.puzzle_type.name:
            continue
        where = f"{path}:{number}"
        with refusing():  # a line that breaks the format (or a rule, by its givens) in the user's words
            stored = record_from_json(data, where)
        puzzle_type = stored.puzzle_type
        too_large = puzzle_type.too_large_to_print and puzzle_type.too_large_to_print(stored.puzzle)
        if too_large:
            failures.append(f"{where}: {too_large}")
            continue
        record = complete_record(stored)
        if not _passes(record, section):
            continue
        try:  # first: a puzzle that breaks the rules has no level worth naming
            verify(record)
        except BookgenError as error:
            failures.append(f"{where}: {_unanswered(record) or error.message}")
            continue
        stored_level = stored.rating.get("level")
        if stored_level not in (None, record.rating.get("level")):
            with refusing():
                failures.append(_("{where}: its stored rating says {stored} but it grades {graded}").format(
                    where=where, stored=stored_level, graded=record.rating.get("level")))
            continue
        if record in twins:
            repeated += record not in own  # else a twin of one this section took (a bank's twins)
            continue
        twins.add(record, section.named)
        own.add(record, section.named)
        chosen.append(record)
    if failures:
        with refusing():
            raise BookgenError(ngettext("{count} bank puzzle failed verification:",
                                        "{count} bank puzzles failed verification:", len(failures)).format(
                count=len(failures)) + "\n  " + "\n  ".join(failures), key=section.named)
    if section.count is None:
        _check_every(section, len(chosen))
    elif len(chosen) < section.count and repeated:
        with refusing():  # a bank's section of every puzzle before took them: "only 0" misled
            raise BookgenError(ngettext(
                "the bank holds {count} more {request} puzzle that passes the filters, and {taken} "
                "that an earlier section took; the section asks for {asked}: give the earlier "
                "section a count or other filters, or ask for fewer",
                "the bank holds {count} more {request} puzzles that pass the filters, and {taken} "
                "that an earlier section took; the section asks for {asked}: give the earlier "
                "section a count or other filters, or ask for fewer", len(chosen)).format(
                    count=len(chosen), taken=repeated, request=section.describe(),
                    asked=section.count), file=str(path), key="from")
    elif len(chosen) < section.count:
        with refusing():
            raise BookgenError(ngettext(
                "the bank holds only {count} different {request} puzzle that passes the filters; the "
                "section asks for {asked}",
                "the bank holds only {count} different {request} puzzles that pass the filters; the "
                "section asks for {asked}", len(chosen)).format(
                    count=len(chosen), request=section.describe(), asked=section.count),
                file=str(path), key="from")
    return chosen


def _check_every(section: SectionConfig, taken: int) -> None:
    """Refuse a section without a count whose bank gives it no puzzle, or more than a section holds."""
    assert section.bank is not None
    if taken > limits.SECTION_PUZZLES:
        with refusing():
            raise BookgenError(_(
                "the bank holds more than {most} {request} puzzles that pass the filters, and a "
                "section holds at most {most}; set 'count', or filter with 'difficulty' and 'rating'"
            ).format(most=limits.SECTION_PUZZLES, request=section.describe()),
                file=str(section.bank.path), key="from")
    if not taken:
        with refusing():
            raise BookgenError(_("the bank holds no {request} puzzle that passes the filters and is "
                                 "not already in the book").format(request=section.describe()),
                               file=str(section.bank.path), key="from")


def bank_request(puzzle_type: PuzzleType, records: Iterable[PuzzleRecord]) -> Request | None:
    """The request a bank section's rules and worked example speak of, as a made section's speak
    of its own: the one its puzzles' ids name (`bookgen generate` writes each line's), where they
    name one; where they differ only in level, the easiest one's when the type prints the same
    rules and example at each level; None where a puzzle has no id or the options differ (a bank
    of square and hexagon mazes: the type's rules in general)."""
    requests: list[Request] = []
    for record in records:
        try:
            request = parse_puzzle_id(record.id)[0]
        except BookgenError:
            return None
        if request.type.name != puzzle_type.name or request.level != record.level:
            return None
        if request not in requests:
            requests.append(request)
    if not requests or any(request.options != requests[0].options for request in requests):
        return None
    requests.sort(key=lambda request: ALL_LEVELS.index(request.level))
    told = [(puzzle_type.rules(request), puzzle_type.example_note and puzzle_type.example_note(request),
             puzzle_type.example(request)) for request in requests]
    return requests[0] if all(each == told[0] for each in told) else None


def _unanswered(record: PuzzleRecord) -> str | None:
    """Why a bank puzzle that fails verification has no answer at all (its givens break the
    rules: two 5s in a row), rather than the stored answer it then cannot match; None when it
    has one."""
    try:
        record.puzzle_type.validate(record.puzzle)
    except BookgenError:
        return None  # verify's own message names the format
    if record.puzzle_type.solve(record.puzzle, 1).count:
        return None
    with refusing():
        return (_("puzzle {id} has no answer: its givens break the rules, or leave no way to finish "
                  "it").format(id=record.id) if record.id else
                _("puzzle without an id has no answer: its givens break the rules, or leave no way to "
                  "finish it"))


def complete_record(record: PuzzleRecord) -> PuzzleRecord:
    """A bank line as the book trusts it: the rating measured again by the type's grader (a stored
    one is never believed), the difficulty the measured level unless the line states one, which
    `verify` then holds to the measured level, and the solution solved where it is missing."""
    puzzle_type = record.puzzle_type
    rating = puzzle_type.rate(record.puzzle)
    solution = record.solution or (puzzle_type.solve(record.puzzle, 1).solution or {})
    return replace(record, rating=rating, solution=solution,
                   level=record.level or str(rating.get("level", "")))


def _passes(record: PuzzleRecord, section: SectionConfig) -> bool:
    assert section.bank is not None
    if section.level is not None and record.level != section.level:
        return False
    for key, (low, high) in section.bank.rating.items():
        value = record.rating.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if not low <= value <= high:
            return False
    return True
