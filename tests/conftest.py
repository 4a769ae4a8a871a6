"""Shared fixtures: write small configs into a temporary folder, run the CLI in-process, and one
Chromium for the browser tests."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import textwrap
from pathlib import Path

import pytest

from bookgen.cli import main
from bookgen.core.dictionary import CACHE_VARIABLE

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    # run from a shell that ignores Ctrl-C (a background job, nohup): the commands the tests
    # interrupt would inherit that and build on; a handled signal is the default again in them
    signal.signal(signal.SIGINT, signal.default_int_handler)


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


CHROMIUM = os.environ.get("BOOKGEN_CHROMIUM") or next(
    (path for path in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium") if Path(path).exists()),
    "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _no_browser(reason: str) -> None:
    """Skip, unless BOOKGEN_REQUIRE_BROWSER is set (CI sets it): there a missing browser fails."""
    if os.environ.get("BOOKGEN_REQUIRE_BROWSER"):
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    """One Chromium for each test process: its start (with Playwright's driver) costs about half a
    second of processor, and the browser tests live in some thirty modules."""
    try:
        from playwright import sync_api
    except ImportError:
        _no_browser("Playwright is not installed (pip install playwright)")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _no_browser(f"no Chromium at {CHROMIUM} (apt-get install -y chromium-headless-shell)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def pytest_runtest_setup(item: pytest.Item) -> None:
    """With `--dist loadgroup` (pyproject's addopts) each test of an xdist_group is named by its
    group, so one worker runs them all; where a pytest and pytest-xdist pair lose that name
    (pytest-xdist#1386), the group's once-only work runs on every worker, silently: fail instead."""
    if item.config.getoption("loadgroup", default=False) and item.get_closest_marker("xdist_group") \
            and "@" not in item.nodeid.rpartition("::")[2]:
        pytest.fail(f"pytest {pytest.__version__} with this pytest-xdist loses the test's xdist_group "
                    f"(pytest-xdist#1386): install the versions pyproject.toml's test extra names",
                    pytrace=False)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: a worker for each core this process may use, and one more. The wheel's module
    (tests/test_package.py, one xdist group) holds its worker for about two minutes while pip
    and the package index work, and the browser tests wait on Chromium: the extra worker keeps
    both cores computing meanwhile."""
    return len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1) + 1


WAITING_GROUPS = ("package", "scripts")
"""The xdist groups that spend their time waiting on package indexes (pip's venvs and wheel,
npm's ESLint) rather than computing."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The waiting groups first: each worker takes the next group in collection order, so the
    wheel's module, collected in the middle, began when half the suite had run and its waits on
    the index were the run's last minutes; started first, they wait while the other workers
    compute."""
    def waits(item: pytest.Item) -> bool:
        marker = item.get_closest_marker("xdist_group")
        return bool(marker and marker.args and marker.args[0] in WAITING_GROUPS)

    items.sort(key=lambda item: not waits(item))  # stable: the order within each part is kept


def pytest_configure(config: pytest.Config) -> None:
    """The dictionaries' cache (bookgen.core.dictionary) in a folder of this run's, never the
    user's: made by the first process (xdist's workers and every bookgen a test starts inherit
    it), so each language is made once a run."""
    if not hasattr(config, "workerinput"):
        os.environ[CACHE_VARIABLE] = tempfile.mkdtemp(prefix="bookgen-test-cache-")
        # Each Python a test starts (bookgen commands, the workers) reads bookgen's compiled
        # modules instead of compiling them again: some machines set PYTHONDONTWRITEBYTECODE
        # (Python still writes only into the checkout's own __pycache__ folders, which git ignores).
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_unconfigure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):
        shutil.rmtree(os.environ.pop(CACHE_VARIABLE), ignore_errors=True)
