"""Process faults: a killed or interrupted build leaves no worker behind and prints no traceback.
Only the processes these tests start are signalled, by pid."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SLOW = """title: Slow
seed: 9
sections:
  - {type: numbrix, count: 60, difficulty: expert, size: 12}
"""


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def _start(tmp_path: Path) -> tuple[subprocess.Popen, set[int]]:
    config = tmp_path / "slow.yaml"
    config.write_text(SLOW)
    with open(tmp_path / "stderr.txt", "w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "bookgen", "build", str(config), "-o", str(tmp_path / "slow.pdf"),
             "--workers", "2", "-q"], stdout=subprocess.DEVNULL, stderr=stderr)
    deadline = time.monotonic() + 30
    workers: set[int] = set()
    while time.monotonic() < deadline and len(workers) < 2:
        time.sleep(0.2)
        workers = {pid for pid in _children(process.pid) if _running(pid)}
    if len(workers) < 2:
        process.kill()
        process.wait()
        pytest.fail("the build never started its two workers")
    time.sleep(1.0)  # let the workers get into their puzzles
    return process, workers


def _gone_within(pids: set[int], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(_running(pid) for pid in pids):
            return True
        time.sleep(0.1)
    for pid in pids:  # clean up what the test started, whatever happened
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return False


pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_with_their_parent(tmp_path, how):
    process, workers = _start(tmp_path)
    process.send_signal(how)
    process.wait(timeout=10)
    assert _gone_within(workers, 5)
    assert not (tmp_path / "slow.pdf").exists()


def test_ctrl_c_ends_the_build_cleanly(tmp_path):
    process, workers = _start(tmp_path)
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=20) == 130
    assert (tmp_path / "stderr.txt").read_text().strip() == "bookgen: interrupted"
    assert _gone_within(workers, 5)
    assert not list(tmp_path.glob("*.pdf")) and not list(tmp_path.glob(".*"))


def test_a_killed_worker_is_one_clear_message_and_writes_nothing(tmp_path):
    process, workers = _start(tmp_path)
    os.kill(min(workers), signal.SIGKILL)
    assert process.wait(timeout=20) == 2
    assert (tmp_path / "stderr.txt").read_text().splitlines() == [
        "bookgen: error: --workers: a worker process ended before its puzzle was made (killed, or out "
        "of memory); run the command again"]
    assert _gone_within(workers, 5)
    assert not list(tmp_path.glob("*.pdf")) and not list(tmp_path.glob(".*"))
