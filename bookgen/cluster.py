"""Where puzzles are made: here, on a pool of local processes, or on a dask.distributed cluster
when a publisher's bank outgrows one machine.

Every puzzle is made from its own seed and every decision that depends on order (twins, retries)
is taken by the caller in print order, so the output is the same bytes wherever the work ran.
dask is an optional extra (`pip install 'puzzle-bookgen[cluster]'`) and is imported only here, only when
a scheduler is named.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING

from bookgen import limits
from bookgen.errors import BookgenError
from bookgen.extras import install_hint
from bookgen.i18n import _, refusing

if TYPE_CHECKING:
    from concurrent.futures import Executor

LOCAL = "local:"  # --scheduler local:N starts a LocalCluster of N worker processes here


@contextmanager
def executor_for(workers: int, scheduler: str | None) -> Iterator[Executor | None]:
    """An executor for the work: the cluster at `scheduler` (an address such as
    tcp://10.0.0.5:8786, or local:N), else a pool of `workers` local processes, else None (here,
    one puzzle after another)."""
    if scheduler:
        with cluster_executor(scheduler) as executor:
            yield executor
        return
    if workers > 1:
        from concurrent.futures import BrokenExecutor

        from bookgen.book import worker_pool

        try:
            with worker_pool(workers) as pool:
                yield pool
        except BrokenExecutor:
            raise BookgenError(WORKER_LOST, key="--workers") from None
        return
    yield None


WORKER_LOST = ("a worker process ended before its puzzle was made (killed, or out of memory); "
               "run the command again")
"""A local worker that dies ends the whole run (its pool is broken), with this message; on a
cluster, dask makes the puzzle again on another worker instead."""


@contextmanager
def cluster_executor(scheduler: str) -> Iterator[Executor]:
    """A concurrent.futures executor on a dask.distributed cluster; dask retries a task whose
    worker dies (up to its `allowed-failures`, 3 by default) on another worker."""
    try:
        from dask.distributed import Client
    except ImportError:
        with refusing():
            raise BookgenError(_("a scheduler needs dask.distributed: {install}").format(
                install=install_hint("cluster")), key="--scheduler") from None
    if scheduler.startswith(LOCAL):
        count = scheduler[len(LOCAL):]
        if not count.isdigit() or not 1 <= int(count) <= limits.WORKERS:
            with refusing():
                raise BookgenError(_("{scheduler}: use local:N with N from 1 to {most} worker "
                                     "processes").format(scheduler=repr(scheduler), most=limits.WORKERS),
                                   key="--scheduler")
        with _local_cluster(int(count)) as executor:
            yield executor
        return
    try:
        client = Client(scheduler, timeout="20s")
    except (OSError, TimeoutError, ValueError) as error:
        with refusing():
            raise BookgenError(_("cannot reach the scheduler at {scheduler} ({error})").format(
                scheduler=repr(scheduler), error=error), key="--scheduler") from None
    with client:
        yield client.get_executor()


@contextmanager
def _local_cluster(workers: int) -> Iterator[Executor]:
    """An executor on a LocalCluster whose processes leave Ctrl-C to bookgen (which then closes
    them: no worker prints a traceback, and dask's complaints as it closes are not shown) and keep
    their scratch files in a folder removed when it closes."""
    import logging
    import shutil
    import tempfile
    import warnings

    import dask
    from dask.distributed import Client, LocalCluster

    scratch = tempfile.mkdtemp(prefix="bookgen-dask-")
    try:
        spawn_environ = {**dask.config.get("distributed.nanny.pre-spawn-environ"),
                         "DASK_LOGGING__DISTRIBUTED": "critical"}  # no noise as they close
        settings = {"temporary-directory": scratch,
                    "distributed.nanny.pre-spawn-environ": spawn_environ}
        logs = _DaskLogs()
        logs.set(logging.ERROR)
        # tornado's callbacks run on dask's own thread: a Ctrl-C while the client waits on one
        # (connecting, say) has it log the cancelled wait there, racing any handler here
        logs.set(logging.CRITICAL, "tornado")
        with ExitStack() as running:
            try:
                with _sigint_held(), dask.config.set(settings), warnings.catch_warnings():
                    # a loaded machine has dask warn that its scratch folders are slow to make
                    warnings.simplefilter("ignore")
                    cluster = running.enter_context(LocalCluster(
                        n_workers=workers, threads_per_worker=1, processes=True,
                        dashboard_address=":0", local_directory=scratch))
                    client = running.enter_context(Client(cluster))
                    _no_gc_callbacks()
                yield client.get_executor()
            except BaseException:
                logs.set(logging.CRITICAL)  # the process ends: leave the closing cluster unheard
                raise
        logs.restore()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _no_gc_callbacks() -> None:
    """Turn off the garbage-collector timing the scheduler starts in this process: Python drops
    an exception raised inside a gc callback ("Exception ignored"), so a Ctrl-C that landed there
    would be lost and the build would go on."""
    try:
        from distributed.gc import disable_gc_diagnosis
    except ImportError:  # a dask without it has no such callbacks to fear
        return
    disable_gc_diagnosis(force=True)


class _DaskLogs:
    """The levels of dask's loggers (and tornado's, under them) and of their handlers. Their
    warnings are noise to a bookgen user, who hears of failures from bookgen itself; and once the
    work stops early, a closing cluster's complaints about dangling streams and cancelled tasks
    are noise too."""

    def __init__(self) -> None:
        import logging

        self.saved: list[tuple[str, logging.Logger | logging.Handler, int]] = []
        for name in ("distributed", "tornado"):
            logger = logging.getLogger(name)
            items: list[logging.Logger | logging.Handler] = [logger, *logger.handlers]
            self.saved += [(name, item, item.level) for item in items]

    def set(self, level: int, name: str | None = None) -> None:
        """Every logger's level (and its handlers'), or only those of the logger `name`."""
        for owner, item, _level in self.saved:
            if name in (None, owner):
                item.setLevel(level)

    def restore(self) -> None:
        for _owner, item, level in self.saved:
            item.setLevel(level)


@contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold Ctrl-C back while dask starts its processes and threads, and deliver it after.

    Inside the block SIGINT is ignored and blocked. The processes started in it ignore it for
    good (an ignored signal stays ignored through exec, and Python then installs no handler for
    it). The threads started in it keep it blocked, so the kernel hands a later Ctrl-C to the
    main thread, the only one that can end a wait on a future: one handed to dask's thread went
    unheard while the main thread waited for the next puzzle. A Ctrl-C pressed meanwhile stays
    pending (a blocked signal is kept even while ignored) and arrives as the block ends, in
    bookgen's code rather than halfway through dask's start."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    from multiprocessing import resource_tracker

    # started later, inside the block, it would unblock Ctrl-C here as it ends (its own start
    # blocks and then unblocks it), and a Ctrl-C then would be ignored
    resource_tracker.ensure_running()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
