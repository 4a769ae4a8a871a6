"""Builds for the studio, each in a worker process that a cancel terminates.

A job is the CLI's build of one YAML text: the studio reads it with `read_config_text` exactly as
`bookgen build` reads a file (the same loader, its limits and messages), then in the job
`make_book` makes the puzzles and `render_formats` draws the files. Nothing is written: the
files come back as bytes.

Puzzles already made for an earlier job are handed to the next one (keyed by the id that makes
them again, a twin's replacements with them), so an edit that leaves a section alone does not
make its puzzles again: a puzzle is the same bytes whoever makes it, and make_book still decides
twins and order itself. What the jobs worked out from each puzzle (its canonical forms, its
answer count, the scales its text needs: bookgen.remembered) comes back and goes out with it.

A preview is laid out starting from what the last preview's layout settled on
(bookgen.render.pdf.starting_from): one reportlab build instead of three when the edit moved
nothing; and it paints only the pages that changed (each page named by what it holds,
bookgen.render.flowables.PagePrints): a page named as before is left blank in its PDF, and the
studio shows the picture it has of that name. A build ("Make the files") is the whole build.

Workers start from a fork server that has bookgen and reportlab loaded and warm (studio/warm.py:
the fonts read, one small book drawn), started with the studio, so a job starts in milliseconds
and its first drawing costs no more than its next; the server's threads are never forked. A job
is handed the config the studio has read already (it pickles in microseconds), not its text to
read again: the loader's checks of some options (arithmetic's census) cost a fresh process 0.2 s.
A job's own pool of puzzle workers ends with it (bookgen.book.worker_pool: they exit with their
parent), and a job ends, quietly, with the studio however the studio ends (Ctrl-C, SIGTERM,
SIGHUP, even SIGKILL): it watches a pipe whose other end only the studio holds, and a closed
pipe to the studio is an end, not an error.

Where the system forks, a job forks its puzzle workers itself (`POOL_START`), warm as it is. A
process of the fork server starts its own processes through a fork server of its own by default:
one more Python started for every job, whose workers import bookgen afresh, and which broke when
jobs came fast: a worker still reading its start-up from a cancelled job found that job's queue
gone (FileNotFoundError, its traceback in the studio's terminal), and a job whose fork server's
folder had gone with the studio's end could start no worker at all. A worker that cannot start,
or dies, ends its job with a message, as any error does.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor, Executor, Future
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bookgen.bookconfig import BookConfig
from bookgen.errors import BookgenError
from bookgen.i18n import N_, _, refusing
from bookgen.i18n.reasons import os_reason
from bookgen.progress import Progress
from bookgen.puzzles.base import PuzzleRecord
from bookgen.remembered import Values, learned, teach

if TYPE_CHECKING:
    from bookgen.render.document import Settled  # reportlab: loaded in the jobs, not the studio
    from bookgen.studio.pages import PageStore

MAX_CACHED_PUZZLES = 20_000  # puzzles kept for later jobs; the oldest go first
STOPPED = N_("the build stopped unexpectedly")
"""The studio's own word for a job that ended without one (the page shows it translated)."""
JOBS_KEPT = 8  # ended jobs whose state and files the page may still ask for
CLOSE_SECONDS = 5.0  # how long a job ended by the studio may take to unwind before it is killed
PROGRESS_SECONDS = 0.1  # the least time between a job's progress messages (_Reported)
POOL_START = "fork" if sys.platform.startswith("linux") else None
"""How a job starts its puzzle workers: forked from it on Linux (macOS forks unsafely, Windows
not at all: there the default)."""
_PRELOAD = ["bookgen.studio.unheard",  # first: Ctrl-C unheard until warm, the last, is done
            "bookgen.book", "bookgen.formats", "bookgen.render.pdf", "bookgen.render.cover",
            "bookgen.puzzles",
            "bookgen.cli",  # what the `bookgen` script imports: each job runs it again as __main__
            "bookgen.studio.warm"]


def puzzle_keys(config: BookConfig) -> set[str]:
    """The ids of the puzzles a book's sections make, in every version (before any twin is
    replaced): a later version matched to A's makes a pool, and a few more past it, of which
    it prints the nearest (bookgen.book.version_matched)."""
    from collections import Counter

    from bookgen.book import MATCH_EXTRA, MATCH_POOL, TWIN_RETRIES, puzzle_seed, version_matched
    from bookgen.puzzles.base import dealt_requests

    keys = set()
    for version in range(config.versions):
        turns: Counter[str] = Counter()  # as the book deals each version's shares
        for index, section in enumerate(config.sections):
            if section.request is None:
                continue
            made = section.made
            if version_matched(section, version):
                made = section.made * (MATCH_POOL + MATCH_EXTRA) + TWIN_RETRIES
            keys |= {request.id(puzzle_seed(config.seed, section.seed_number(index), i, version))
                     for i, request in enumerate(dealt_requests(section.request, made, turns, config.seed))}
    return keys


def cached_puzzles(puzzles: dict[str, PuzzleRecord], keys: set[str]) -> dict[str, PuzzleRecord]:
    """The puzzles kept of these ids, each with the replacements made for it where it was a
    twin (its seed's retries, bookgen.book.retry_seed: KEY~1, KEY~2, ...)."""
    known = {}
    for key in keys:
        attempt, tried = 0, key
        while tried in puzzles:
            known[tried] = puzzles[tried]
            attempt += 1
            tried = f"{key}~{attempt}"
    return known


@dataclass
class Job:
    """One build: its state as the page polls it, and its files when done."""

    id: str
    purpose: str  # "preview" (the PDF only) or "build" (every format the config names)
    text: str  # the YAML it builds
    formats: tuple[str, ...]
    state: str = "running"  # running, done, failed, cancelled
    label: str = ""
    done: int = 0
    total: int = 0
    error: BookgenError | None = None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    digests: dict[str, list[str]] = field(default_factory=dict)  # a PDF's page names, once asked
    process: Any = None
    version: int = 0  # how many times its state or progress changed: what a waiting request asks
    changed: threading.Condition = field(default_factory=threading.Condition, repr=False)
    cpu: float = 0.0  # seconds of CPU its process used (its puzzle workers' not counted): for bench/

    def touch(self) -> None:
        """Wake the requests waiting for news of this job."""
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    def wait(self, seen: int, seconds: float) -> None:
        """Return once the job has news since version `seen`, or after `seconds`: the page asks
        again at once instead of polling, so it hears of a finished preview when it finishes."""
        with self.changed:
            self.changed.wait_for(lambda: self.version != seen, seconds)

    def status(self) -> dict[str, Any]:
        status: dict[str, Any] = {"id": self.id, "purpose": self.purpose, "state": self.state,
                                  "version": self.version,
                                  "progress": {"label": self.label, "done": self.done,
                                               "total": self.total}}
        if self.error is not None:
            status["error"] = {"key": self.error.key, "message": self.error.message,
                               "text": str(self.error)}
        if self.state == "done":
            status["files"] = [{"name": name, "size": len(data)} for name, data in self.files]
        return status


class Jobs:
    """The studio's jobs: at most one of each purpose runs (a newer one cancels the older), and
    the puzzles they made are kept for the next."""

    def __init__(self, workers: int, folder: Path, pages: PageStore) -> None:
        self.workers = workers
        self.folder = folder  # the studio's: the job reads files only inside it, as the studio does
        self.pages = pages  # the preview's pages: a preview leaves blank those it has already
        self.lock = threading.Lock()
        self.jobs: dict[str, Job] = {}
        self.puzzles: dict[str, PuzzleRecord] = {}
        self.measures: Values = {}  # what jobs worked out from each of the puzzles, by its id
        self.layouts: dict[str | None, Settled] = {}  # what the last preview settled on, by version
        self.context: Any  # a forkserver or spawn context; typeshed gives them no common Process
        if "forkserver" in multiprocessing.get_all_start_methods():
            self.context = multiprocessing.get_context("forkserver")
            self.context.set_forkserver_preload(_PRELOAD)
            threading.Thread(target=_start_forkserver, daemon=True).start()  # warm by the first edit
        else:  # Windows: each job starts a fresh Python (about a second)
            self.context = multiprocessing.get_context("spawn")

    def start(self, purpose: str, config: BookConfig, text: str, file: Path,
              formats: tuple[str, ...], files: list[tuple[str, bytes]], spoken: str = "en") -> Job:
        """Start a job for the YAML text whose config the caller has read already (so its
        errors came back at once); `files` go first in the job's files (the config itself). The
        job's refusals are said in `spoken`, the interface's language."""
        with self.lock:
            for done in self.jobs.values():
                if (done.purpose, done.text, done.formats, done.state) == (purpose, text, formats, "done"):
                    return done  # the same book again (an edit undone): nothing to redo
        keys = puzzle_keys(config)
        job = Job(uuid.uuid4().hex, purpose, text, formats, files=list(files))
        receive, send = self.context.Pipe(duplex=False)
        watched, alive = self.context.Pipe(duplex=False)  # `alive` stays here, never written
        with self.lock:  # held while the process starts, so two requests never both run
            known = cached_puzzles(self.puzzles, keys)
            measures = {key: self.measures[key] for key in known if key in self.measures}
            for old in [j for j in self.jobs.values() if j.purpose == purpose]:
                self._cancel(old)
            for ended in list(self.jobs)[:max(0, len(self.jobs) + 1 - JOBS_KEPT)]:
                del self.jobs[ended]  # only the newest job of each purpose runs
            # a build is the whole build; a preview starts from the last one
            layouts = self._drawable(self.layouts) if purpose == "preview" else None
            job.process = self.context.Process(
                target=work, args=(send, watched, config, str(self.folder / file),
                                   list(formats), known, measures, self.workers, layouts, spoken),
                name=f"bookgen-studio-{purpose}")  # not a daemon: it starts its own workers
            try:
                job.process.start()
            except OSError as error:  # no process to be had (too many), or the studio is ending
                for end in (receive, send, watched, alive):
                    end.close()
                raise BookgenError(_("the build could not start ({reason}); try again").format(
                    reason=_reason(error))) from None
            self.jobs[job.id] = job
        send.close()
        watched.close()
        threading.Thread(target=self._follow, args=(job, receive, alive, str(self.folder / file)),
                         daemon=True).start()
        return job

    def find(self, job_id: str) -> Job | None:
        with self.lock:
            return self.jobs.get(job_id)

    def cancel(self, job: Job) -> None:
        with self.lock:
            self._cancel(job)

    def _cancel(self, job: Job) -> None:
        if job.state == "running":
            job.state = "cancelled"
            job.process.terminate()
            job.touch()

    def close(self) -> None:
        """End every running job, and wait for each to end (it unwinds in well under a second)."""
        with self.lock:
            running = [job for job in self.jobs.values() if job.state == "running"]
            for job in running:
                self._cancel(job)
        for job in running:
            job.process.join(CLOSE_SECONDS)
            if job.process.is_alive():
                job.process.kill()

    def _follow(self, job: Job, receive: Connection, alive: Connection, config_file: str) -> None:
        """Read the worker's messages until it ends, then reap it."""
        try:
            while True:
                message = receive.recv()
                if message[0] == "progress":
                    job.label, job.done, job.total = message[1:]
                    job.touch()
                    continue
                if message[0] == "done":
                    files, named, made, measures, layouts, job.cpu = message[1:]
                    self._keep(made, measures)
                    for name, data in files:  # before its layout is handed on: a preview
                        if name in named:  # leaves blank the pages of names held here
                            job.digests[name] = self.pages.add(data, *named[name])
                    if layouts is not None:
                        with self.lock:
                            self.layouts = layouts
                    job.files += files
                    with self.lock:
                        if job.state == "running":
                            job.state = "done"
                else:
                    text, file, line, key = message[1]  # an exception's keywords do not pickle
                    if file == config_file:  # the studio's made-up config: not a file to name
                        file, line = None, None
                    job.error = BookgenError(text, file=file, line=line, key=key)
                    with self.lock:
                        if job.state == "running":
                            job.state = "failed"
                break
        except EOFError:  # the worker ended without a word: cancelled, or it died
            with self.lock:
                if job.state == "running":
                    job.state = "failed"
                    job.error = BookgenError(STOPPED)
        finally:
            job.touch()  # done, failed or cancelled
            receive.close()
            job.process.join()
            alive.close()

    def _drawable(self, layouts: dict[str | None, Settled]) -> dict[str | None, Settled]:
        """The last preview's layouts, naming only the pages the studio can still draw: a page
        named there is left blank in the next preview."""
        return {version: replace(settled, names={page: name for page, name in settled.names.items()
                                                 if name is not None and self.pages.holds(name)})
                for version, settled in layouts.items()}

    def _keep(self, made: dict[str, PuzzleRecord], measures: Values) -> None:
        with self.lock:
            self.puzzles.update(made)
            for key in list(self.puzzles)[:max(0, len(self.puzzles) - MAX_CACHED_PUZZLES)]:
                del self.puzzles[key]
            for key, values in measures.items():
                if key in self.puzzles:  # kept as long as its puzzle is
                    self.measures.setdefault(key, {}).update(values)
            if len(self.measures) > len(self.puzzles):
                self.measures = {key: values for key, values in self.measures.items()
                                 if key in self.puzzles}


def _start_forkserver() -> None:
    """Start the fork server (it imports and warms _PRELOAD) before the first job asks for it,
    born with Ctrl-C held back (this thread's mask, which it inherits) until studio/unheard.py
    ignores it: a Ctrl-C while Python starts up in it would print a traceback."""
    import signal
    from multiprocessing import forkserver, resource_tracker

    resource_tracker.ensure_running()  # first: starting its process lets Ctrl-C through again
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # this thread's alone
    forkserver.ensure_running()


# --- in the worker process ------------------------------------------------------------------------


class _Reported(Progress):
    """make_book's progress, sent to the studio instead of drawn on a terminal: at once, or
    PROGRESS_SECONDS after the last message (a timer sends what it has come to by then). Each
    message is a round trip of the page's; a job whose puzzles are all cached (a retitle) would
    otherwise send one per puzzle within a few milliseconds, and the page ask again for each."""

    def __init__(self, send: Connection) -> None:
        super().__init__(enabled=False)
        self.send = send
        self.lock = threading.Lock()  # the job's thread and the timer's send on one pipe
        self.sent = -math.inf  # when the last message went
        self.timer: threading.Timer | None = None
        self.closed = False

    def start(self, label: str, total: int) -> None:
        super().start(label, total)
        self._report()

    def advance(self, steps: int = 1) -> None:
        super().advance(steps)
        self._report()

    def close(self) -> None:
        """Send no more: the job's end follows."""
        with self.lock:
            self.closed = True
            if self.timer is not None:
                self.timer.cancel()

    def _report(self) -> None:
        with self.lock:
            wait = self.sent + PROGRESS_SECONDS - time.monotonic()
            if wait <= 0:
                self._send()
            elif self.timer is None:
                self.timer = threading.Timer(wait, self._flush)
                self.timer.daemon = True
                self.timer.start()

    def _flush(self) -> None:
        with self.lock:
            self.timer = None
            if self.closed:
                return
            try:
                self._send()
            except OSError:  # the studio has gone: the job ends with it
                pass

    def _send(self) -> None:
        self.send.send(("progress", self.label, self.done, self.total))
        self.sent = time.monotonic()


class _Remembering(Executor):
    """Hands back puzzles made before and sends the rest to the pool, remembering what it made."""

    def __init__(self, known: dict[str, PuzzleRecord], pool: Executor) -> None:
        self.known = known
        self.pool = pool
        self.made: dict[str, PuzzleRecord] = {}

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        job = args[0]  # make_book submits generate_one(PuzzleJob)
        key = job.request.id(job.seed)
        if key in self.known:
            future: Future = Future()
            future.set_result(self.known[key])
            return future
        with _holding_ends():  # the pool forks its workers at the first submit
            future = self.pool.submit(fn, *args, **kwargs)
        future.add_done_callback(lambda done: self._remember(key, done))
        return future

    def _remember(self, key: str, future: Future) -> None:
        if not future.cancelled() and future.exception() is None and future.result() is not None:
            self.made[key] = future.result()


def work(send: Connection, watched: Connection, config: BookConfig, file: str,
         formats: list[str], known: dict[str, PuzzleRecord], measures: Values, workers: int,
         layouts: dict[str | None, Settled] | None, spoken: str = "en") -> None:
    """A job's process: make the book the studio read, draw its files, send them back; end
    without a word once the studio has gone. A preview's PDF is laid out starting from
    `layouts` (the last preview's), painting only the pages that changed; what it settles on
    goes back with its files, and each book PDF's page names and the pages it painted. Its
    refusals, and its puzzle workers', are said in `spoken` (the user's language, as a terminal's
    LANGUAGE tells the command line's: bookgen.i18n.users_language)."""
    from bookgen.book import DEFAULT_BUDGET, make_book, worker_pool
    from bookgen.formats import render_formats, version_target
    from bookgen.render.pdf import starting_from

    global _job
    _job = os.getpid()
    os.environ["LANGUAGE"] = spoken  # this process's and its workers' (they inherit it)
    teach(measures)
    if POOL_START is not None:
        multiprocessing.set_start_method(POOL_START, force=True)  # this job's own
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the studio, which ends its jobs
    try:  # the ends set up inside: a cancel or the studio's end may come at once
        for number in _ENDS:
            signal.signal(number, _ended)
        _end_with_studio(watched)
        reported = _Reported(send)
        try:
            if "pdf" in formats or "cover" in formats:
                from bookgen.render.fonts import check_printable

                check_printable(config)
            with worker_pool(workers) as pool:
                remembering = _Remembering(known, pool)
                book = make_book(config, reported, executor=remembering, budget=DEFAULT_BUDGET)
            target = Path(file).with_suffix(".pdf")
            named: dict[str, tuple[list[str | None], frozenset[int] | None]] = {}
            if layouts is None:
                files = render_formats(book, target, formats)
            else:
                with starting_from(layouts, changed_only=True):
                    files = render_formats(book, target, formats)
                for edition in book.editions():
                    settled = layouts[edition.version]
                    named[version_target(target, edition.version).name] = (
                        [settled.names.get(page) for page in range(1, settled.pages + 1)],
                        settled.painted)
            message: tuple[Any, ...] = ("done", [(path.name, data) for path, data in files],
                                        named, remembering.made, learned(), layouts,
                                        time.process_time())
        except BookgenError as error:
            message = ("error", (error.message, error.file, error.line, error.key))
        except (BrokenExecutor, OSError) as error:
            if isinstance(error, (BrokenPipeError, ConnectionResetError)):
                raise  # the studio has gone: below
            with refusing():
                said = _("a puzzle worker could not start or stopped ({reason}); make the book again").format(
                    reason=_reason(error))
            message = ("error", (said, None, None, None))
        reported.close()
        send.send(message)
        send.close()
    except (BrokenPipeError, ConnectionResetError, _Ended):  # the studio went, or ended this job
        pass
    finally:
        for number in _ENDS:
            signal.signal(number, signal.SIG_DFL)


def _reason(error: BaseException) -> str:
    """Why a process could not start or went, as the system says it."""
    if isinstance(error, OSError) and error.strerror:
        return os_reason(error)
    return str(error) or type(error).__name__


_ENDS = [signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])]  # cancel, end


class _Ended(BaseException):
    """A cancel, or the studio's end: the job unwinds (its pool ends its workers) and returns, so
    that multiprocessing releases what it holds; a job killed outright leaves its pool's
    semaphores for the resource tracker, which complains about them on the terminal."""


_job: int | None = None  # the job's process id, set in it
_held: list[int] | None = None  # while the job forks a worker: the ends that came meanwhile


def _ended(number: int, frame: object) -> None:
    """End the job by unwinding it; held while it forks a worker (_holding_ends). In a worker
    it forked, before the worker has its own handler, end as the signal would."""
    if _job is not None and os.getpid() != _job:
        signal.signal(number, signal.SIG_DFL)
        os.kill(os.getpid(), number)
        return
    if _held is not None:
        _held.append(number)
        return
    raise _Ended


@contextmanager
def _holding_ends() -> Iterator[None]:
    """Hold back a cancel while the job forks a worker: raised in the fork's own callbacks (the
    logging module's), _Ended was printed as "Exception ignored" and lost there, and the job ran
    on. It is raised once the fork is done."""
    global _held
    _held = []
    try:
        yield
    finally:
        came, _held = _held, None
        if came:
            raise _Ended


def _end_with_studio(watched: Connection) -> None:
    """End this process when the studio has gone, however it went: the studio holds the only
    other end of `watched` and never writes to it, so that end closing (the studio's exit, even
    by SIGKILL) is the one thing a read here can see. Its puzzle workers end with it."""
    def watch() -> None:
        try:
            watched.recv()
        except (EOFError, OSError):
            pass
        os.kill(os.getpid(), signal.SIGTERM)  # unwinds the job as a cancel does
        time.sleep(CLOSE_SECONDS)
        os._exit(0)  # the job was stuck where no signal reaches Python

    threading.Thread(target=watch, name="studio-watch", daemon=True).start()
