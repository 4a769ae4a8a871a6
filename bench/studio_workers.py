"""How long a studio preview takes when it makes new puzzles, its workers started by the job:
a studio (2 workers) is started, and previews of a small book with a new seed each (so every
puzzle is made anew) are posted one after another; each row is one preview from its post to
its files. Then 30 previews posted at once (each cancels the one before) and the time until the
last is done. Wall-clock seconds: note the load (`uptime`) beside them. Prints figures; asserts
nothing.

Run: python bench/studio_workers.py
"""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

BOOK = {"title": "Bench", "title_page": False, "contents": False,
        "sections": [{"type": "sudoku", "difficulty": "easy", "count": 4}]}


def _post(base: str, token: str, seed: int) -> str:
    book = {**BOOK, "seed": seed}
    request = urllib.request.Request(f"{base}/api/jobs?{token}", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"purpose": "preview", "book": book}).encode())
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)["id"]


def _done(base: str, token: str, job: str) -> str:
    version = -1
    while True:
        with urllib.request.urlopen(f"{base}/api/jobs/{job}?{token}&seen={version}", timeout=60) as answer:
            status = json.load(answer)
        if status["state"] != "running":
            return status["state"]
        version = status["version"]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        process = subprocess.Popen([sys.executable, "-m", "bookgen", "studio", "--no-browser", "-j", "2"],
                                   cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert process.stdout is not None
            base, token = process.stdout.readline().split()[2].split("/?")
            _done(base, token, _post(base, token, 0))  # the fork server warm, the first job done
            times = []
            for seed in range(1, 9):
                started = time.monotonic()
                state = _done(base, token, _post(base, token, seed))
                times.append(time.monotonic() - started)
                print(f"preview {seed}: {times[-1]:.2f} s ({state})")
            print(f"median {statistics.median(times):.2f} s a preview of 4 new sudokus")
            ids: list[str] = []
            started = time.monotonic()
            posting = [threading.Thread(target=lambda s=s: ids.append(_post(base, token, 100 + s)))
                       for s in range(30)]
            for thread in posting:
                thread.start()
            for thread in posting:
                thread.join()
            states = []
            for job in ids:
                try:
                    states.append(_done(base, token, job))
                except urllib.error.HTTPError as gone:
                    states.append(str(gone.code))
            print(f"30 at once: {time.monotonic() - started:.2f} s until the last is done; "
                  f"{states.count('done')} done, {states.count('failed')} failed")
        finally:
            process.send_signal(signal.SIGTERM)
            _, err = process.communicate(timeout=60)
            print("studio's log:", repr(err))
    print("load:", os.getloadavg())


if __name__ == "__main__":
    main()
