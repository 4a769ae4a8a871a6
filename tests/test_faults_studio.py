"""Nothing lost, round 4 (#44), in the studio: a request from another origin is refused whatever
it carries, and jobs posted faster than they run end without a traceback in the log, none lost to
a worker that could not start."""

from __future__ import annotations

import errno
import json
import logging
import os
import signal
import threading
import time
import urllib.error
import urllib.request

import pytest
from test_studio import WORKSHEET
from test_studio_hostile import _post, _studio

pytest.importorskip("flask", reason="pip install 'bookgen[studio]'")

from bookgen.studio import jobs  # noqa: E402
from bookgen.studio.server import create_app  # noqa: E402


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    studio = create_app(tmp_path_factory.mktemp("studio-faults"), workers=2)
    yield studio
    studio.extensions["bookgen-studio"].close()


@pytest.fixture
def client(app, caplog):
    """The studio's own page (it has opened the printed address); after the test nothing was
    logged as an error."""
    client = app.test_client()
    assert client.get(f"/?token={app.config['STUDIO_TOKEN']}").status_code == 200
    with caplog.at_level(logging.ERROR):
        yield client
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


OWN = "http://localhost"  # the test client's own origin


@pytest.mark.parametrize("headers, refused", [
    ({"Sec-Fetch-Site": "same-site"}, "another page (same-site)"),  # another port of 127.0.0.1
    ({"Sec-Fetch-Site": "cross-site"}, "another site (cross-site)"),
    ({"Origin": "http://localhost:9000"}, "the page at 'http://localhost:9000'"),
    ({"Origin": "null"}, "the page at 'null'"),
    ({"Referer": "http://127.0.0.1:9000/attack.html"}, "the page at 'http://127.0.0.1:9000'"),
    ({"Sec-Fetch-Site": "same-origin", "Origin": OWN}, None),
    ({"Sec-Fetch-Site": "none"}, None),  # typed, a bookmark, the browser the studio opened
    ({"Referer": OWN + "/?token=x"}, None),
])
def test_a_request_from_another_origin_is_refused_whatever_it_carries(app, client, headers, refused):
    """The token in the address, the cookie with it (SameSite cookies go to every port of
    127.0.0.1): neither lets another page in; a picture of another origin is not shown either."""
    token = app.config["STUDIO_TOKEN"]
    for method, path in [("get", "/api/example/numbrix.png"), ("get", f"/api/schema?token={token}"),
                         ("post", f"/api/yaml?token={token}")]:
        answer = getattr(client, method)(path, headers=headers, json={"book": WORKSHEET}
                                         if method == "post" else None)
        if refused is None:
            assert answer.status_code == 200, answer.get_data()[:200]
            assert answer.headers["Cross-Origin-Resource-Policy"] == "same-origin"
        else:
            assert answer.status_code == 403
            (error,) = answer.get_json()["errors"]
            assert error["message"].startswith(f"the studio answers only its own page, not a request "
                                               f"from {refused}")
    page = client.get("/", headers=headers)
    assert (page.status_code == 403) == (refused is not None)


def test_a_job_whose_process_cannot_start_is_refused_with_why(app, client, monkeypatch):
    def no_process(self):
        raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr(app.extensions["bookgen-studio"].context.Process, "start", no_process)
    answer = client.post("/api/jobs", json={"purpose": "preview", "book": WORKSHEET})
    assert answer.status_code == 400
    assert answer.get_json()["errors"][0]["message"] == (
        "the build could not start (resource temporarily unavailable); try again")


def test_a_cancel_that_comes_while_a_job_forks_waits_for_the_fork():
    """Raised inside the fork's own callbacks, it was printed as "Exception ignored" and lost."""
    previous = signal.signal(signal.SIGTERM, jobs._ended)
    try:
        with pytest.raises(jobs._Ended):
            with jobs._holding_ends():
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(0.01)  # the handler has run, and held it
                reached = True
        assert reached
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_jobs_posted_at_once_end_quietly_and_the_last_is_made(tmp_path):
    """Each preview cancels the one before, whose workers may still be starting; then the studio
    stops with jobs running. Tracebacks came from workers' start-up (FileNotFoundError: the
    cancelled job's queue, or the fork server the job had started for them, gone) and from the
    fork's own callbacks; none may, and the last job is made. The studio's own process: its log is
    its stderr."""
    process, address = _studio(tmp_path)
    try:
        answers: list[dict] = []

        def post(number: int, purpose: str = "preview") -> None:
            book = {**WORKSHEET, "seed": number,
                    "sections": [{"type": "sudoku", "difficulty": "hard", "count": 6}]}
            try:
                answers.append(_post(address, "/api/jobs", {"purpose": purpose, "book": book}))
            except OSError:  # the studio has stopped
                pass

        posting = [threading.Thread(target=post, args=(number,)) for number in range(30)]
        for thread in posting:
            thread.start()
        for thread in posting:
            thread.join()
        base, token = address.split("/?")
        states = []
        for answer in answers:  # every job but the last is cancelled, or already forgotten (404)
            try:
                states.append(_wait(f"{base}/api/jobs/{answer['id']}?{token}")["state"])
            except urllib.error.HTTPError as gone:
                gone.close()
                states.append(gone.code)
        assert states.count("done") == 1 and "failed" not in states, states
        posting = [threading.Thread(target=post, args=(100 + n, ("preview", "build")[n % 2]))
                   for n in range(30)]
        for thread in posting:  # and the studio ends while jobs start
            thread.start()
        time.sleep(1.0)
        process.send_signal(signal.SIGTERM)
        status = process.wait(30)
        _, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert status == 0 and err == "bookgen studio: stopped\n", err


def _wait(address: str) -> dict:
    """A job's status once it has ended."""
    ends = time.monotonic() + 60
    while True:
        with urllib.request.urlopen(address, timeout=30) as answer:
            status = json.load(answer)
        if status["state"] != "running" or time.monotonic() > ends:
            return status
        time.sleep(0.1)
