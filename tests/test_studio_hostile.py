"""Requests written to hurt the studio, and ways its process can end: each must end in one short
refusal (HTTP 4xx, or exit status 2 for the command) that names the file, key or limit, with no
traceback on any stream or in the log, no file written, and no process left behind.

The studio is driven through Flask's test client, and as a command through its printed address.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_studio import WORKSHEET, _children, _running

from bookgen import limits
from bookgen.config import shipped

pytest.importorskip("flask", reason="pip install 'bookgen[studio]'")

from bookgen.studio.server import answers_to, create_app  # noqa: E402

_LETTER = yaml.safe_load(shipped("layouts").joinpath("letter.yaml").read_text(encoding="utf-8"))
DEEP = 100_000  # far past limits.NESTING, far under the body's cap
FUZZ = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("studio-hostile") / "books"


@pytest.fixture(scope="module")
def app(folder):
    folder.mkdir()
    studio = create_app(folder, workers=1)
    yield studio
    studio.extensions["bookgen-studio"].close()


@pytest.fixture
def client(app, caplog):
    """A page that opened the printed address; after the test, nothing was logged as an error
    (Flask logs an exception it did not expect with its traceback)."""
    client = app.test_client()
    assert client.get(f"/?token={app.config['STUDIO_TOKEN']}").status_code == 200
    with caplog.at_level(logging.ERROR):
        yield client
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR] == []


def _refusal(answer, status: int = 400) -> str:
    """The one message of a refused request."""
    assert answer.status_code == status, answer.get_data()[:300]
    (error,) = answer.get_json()["errors"]
    assert "Traceback" not in error["text"]
    return error["text"]


# --- nesting and text that no file holds ----------------------------------------------------------

def _nested(depth: int, opening: str = "[") -> str:
    closing = {"[": "]", "{": "}"}
    if opening == "{":
        return '{"a":' * depth + "1" + "}" * depth
    return opening * depth + closing[opening] * depth


@pytest.mark.parametrize("opening", ["[", "{"])
def test_json_nested_past_the_limit_is_refused_with_the_limit(client, opening):
    deep = _nested(DEEP, opening)
    assert len(deep) < limits.STUDIO_REQUEST_BYTES
    for path in ("/api/open", "/api/jobs"):
        text = _refusal(client.post(path, data=deep, content_type="application/json"))
        assert text.startswith("the request: ") and f"more than {limits.NESTING} levels" in text
    wrapped = '{"purpose": "preview", "book": ' + _nested(DEEP // 2, opening) + "}"
    assert f"{limits.NESTING} levels" in _refusal(
        client.post("/api/jobs", data=wrapped, content_type="application/json"))


def test_an_example_picture_with_nested_options_is_refused(client):
    """Any web page can ask for it with an image tag (which then carries no cookie: 403)."""
    answer = client.get("/api/example/numbrix.png", query_string={"options": _nested(DEEP)})
    assert f"{limits.NESTING} levels" in _refusal(answer)
    assert _refusal(client.get("/api/example/numbrix.png", query_string={"options": "[1"}))\
        .startswith("the options: not valid JSON")


def test_text_that_is_not_characters_is_refused(client):
    half = client.post("/api/open", data='{"yaml": "title: a\\ud800"}', content_type="application/json")
    assert "\\uD800 (character 9) is half of a UTF-16 surrogate pair" in _refusal(half)
    book = json.dumps({"purpose": "preview", "book": {**WORKSHEET, "title": "\udc00"}})
    assert "\\uDC00" in _refusal(client.post("/api/jobs", data=book, content_type="application/json"))
    raw = client.post("/api/open", data=b'{"yaml": "\xff"}', content_type="application/json")
    assert _refusal(raw) == "the request: the request is not UTF-8 text"


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30)


@FUZZ
@given(depth=st.integers(0, 3 * limits.NESTING), openings=st.text("[{", min_size=1, max_size=3))
def test_any_nesting_is_answered_or_refused_by_the_limit(client, depth, openings):
    """Arbitrary nesting of lists and mappings, in every place the studio reads JSON."""
    opening = "".join(openings[i % len(openings)] for i in range(depth))
    value = "1"
    for char in reversed(opening):
        value = f"[{value}]" if char == "[" else f'{{"a": {value}}}'
    bodies = {"/api/open": ('{"yaml": ' + value + "}", depth + 1),
              "/api/jobs": ('{"purpose": "preview", "book": {"title": "T", "sections": ' + value
                            + "}}", depth + 2)}
    for path, (body, nesting) in bodies.items():
        answer = client.post(path, data=body, content_type="application/json")
        assert 400 <= answer.status_code < 500, (path, answer.status_code)
        if nesting > limits.NESTING:
            assert f"{limits.NESTING} levels" in _refusal(answer)
    example = client.get("/api/example/numbrix.png", query_string={"options": value})
    assert 400 <= example.status_code < 500


@FUZZ
@given(book=JSON_VALUES, purpose=st.sampled_from(["preview", "print", 3]))
def test_any_json_as_a_book_is_answered_or_refused_with_one_message(client, book, purpose):
    answer = client.post("/api/jobs", json={"purpose": purpose, "book": book})
    assert answer.status_code in (202, 400, 413), answer.status_code
    if answer.status_code == 400:  # each of the book's problems (tests/test_studio_errors.py)
        errors = answer.get_json()["errors"]
        assert errors and all(e["message"] and "Traceback" not in e["text"] for e in errors)


@FUZZ
@given(text=st.text(max_size=200))
def test_any_text_opened_as_a_config_is_answered_or_refused_with_one_message(client, text):
    answer = client.post("/api/open", json={"yaml": text})
    assert answer.status_code in (200, 400), answer.status_code
    if answer.status_code == 400:
        assert _refusal(answer)


# --- the folder promise ---------------------------------------------------------------------------

SECRET = "secret_key_of_another_user"


@pytest.fixture
def outside(tmp_path, monkeypatch, folder):
    """A home folder (for `~`) and a layout beside the studio's folder, each holding a key the
    loader would name if it read them."""
    home = tmp_path / "home"
    home.mkdir()
    for place in (home / "x.yaml", folder.parent / "any" / "x.yaml"):
        place.parent.mkdir(exist_ok=True)
        place.write_text(yaml.safe_dump({**_LETTER, SECRET: 1}), encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    return home


def _before(folder: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("changes, key", [
    ({"layout": "~/x.yaml"}, "layout"),
    ({"layout": "~root/../any/x.yaml"}, "layout"),
    ({"layout": "sub/../../any/x.yaml"}, "layout"),
    ({"exclude": ["~/x.yaml"]}, "exclude"),
    ({"sections": [{"type": "placement", "count": 1, "from": "~/x.yaml"}]}, "sections[0].from"),
])
def test_tilde_and_paths_that_resolve_outside_are_refused_unread(client, folder, outside, changes, key):
    before = _before(folder)
    answer = client.post("/api/jobs", json={"purpose": "preview", "book": {**WORKSHEET, **changes}})
    text = _refusal(answer)
    assert f"{key}: " in text and "is outside the folder the studio was started in" in text
    assert SECRET not in text
    assert _before(folder) == before


def _layout_in(folder: Path, fonts: dict[str, str], name: str = "trim.yaml") -> str:
    (folder / name).write_text(yaml.safe_dump({**_LETTER, "fonts": fonts}), encoding="utf-8")
    return f"./{name}"


@pytest.mark.parametrize("font", ["/usr/share/fonts/x.ttf", "../x.ttf", "~/x.ttf", "sub/../../x.ttf",
                                  "C:\\fonts\\x.ttf", "linked.ttf"])
def test_a_layout_inside_may_not_name_a_font_outside(client, folder, tmp_path, font):
    (tmp_path / "real.ttf").write_bytes(b"not a font")
    if font == "linked.ttf":
        (folder / "linked.ttf").unlink(missing_ok=True)
        (folder / "linked.ttf").symlink_to(tmp_path / "real.ttf")
    fonts = {"regular": "DejaVuSans.ttf", "bold": font, "italic": "DejaVuSans-Oblique.ttf"}
    text = _refusal(client.post("/api/jobs", json={"purpose": "preview", "book": {
        **WORKSHEET, "layout": _layout_in(folder, fonts)}}))
    assert text.startswith(f"{folder.resolve() / 'trim.yaml'}:") and "fonts.bold: " in text
    assert "is outside the folder" in text


def test_a_layout_inside_with_fonts_by_name_is_read(client, folder):
    fonts = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
             "italic": "DejaVuSans-Oblique.ttf"}
    link = folder / "sub" / "trim.yaml"
    link.parent.mkdir(exist_ok=True)
    link.unlink(missing_ok=True)
    link.symlink_to(folder / _layout_in(folder, fonts))  # a link that stays inside is fine
    for layout in ("./trim.yaml", "sub/trim.yaml"):
        answer = client.post("/api/jobs", json={"purpose": "preview", "book": {**WORKSHEET,
                                                                              "layout": layout}})
        assert answer.status_code == 202, answer.get_json()


# --- who may use it -------------------------------------------------------------------------------

def test_every_address_refuses_a_request_without_the_token(app, client):
    stranger = app.test_client()  # another account on the computer, or another site's page
    job = client.post("/api/jobs", json={"purpose": "preview", "book": WORKSHEET}).get_json()
    for method, path in [("get", "/"), ("get", "/static/studio.js"), ("get", "/api/schema"),
                         ("post", "/api/open"), ("post", "/api/jobs"),
                         ("get", f"/api/jobs/{job['id']}"), ("post", f"/api/jobs/{job['id']}/cancel"),
                         ("get", f"/api/jobs/{job['id']}/files/order-practice.yaml"),
                         ("get", "/api/pages/0123456789abcdef0123456789abcdef.png"),
                         ("get", "/api/example/numbrix.png"), ("get", "/nowhere")]:
        for query in ("", "?token=wrong", "?token=" + "é"):
            answer = getattr(stranger, method)(path + query, json={} if method == "post" else None)
            if path.startswith("/api/"):
                assert "lacks the studio's token" in _refusal(answer, 403), (method, path)
            else:  # a person at the address bar
                assert answer.status_code == 403 and answer.mimetype == "text/plain"
                assert answer.get_data(as_text=True).startswith(
                    "bookgen studio: this address lacks the studio's token")
    assert client.get("/api/schema").status_code == 200


def test_the_token_becomes_a_cookie_only_this_site_sends(app):
    page = app.test_client().get(f"/?token={app.config['STUDIO_TOKEN']}")
    cookie = page.headers["Set-Cookie"]
    assert app.config["STUDIO_TOKEN"] in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    other = create_app(Path.cwd(), workers=1)
    try:
        assert other.config["STUDIO_TOKEN"] != app.config["STUDIO_TOKEN"]
        assert cookie.split("=")[0] != other.test_client().get(
            f"/?token={other.config['STUDIO_TOKEN']}").headers["Set-Cookie"].split("=")[0]
    finally:
        other.extensions["bookgen-studio"].close()


@pytest.mark.parametrize("served, name, answered", [
    ("127.0.0.1", "127.0.0.1:8000", True), ("127.0.0.1", "localhost:8000", True),
    ("127.0.0.1", "[::1]:8000", True), ("127.0.0.1", "127.0.0.2", True),
    ("127.0.0.1", "attacker.example:8000", False), ("127.0.0.1", "127.0.0.1.attacker.example", False),
    ("127.0.0.2", "attacker.example", False), ("127.0.0.2", "127.0.0.2:9", True),
    ("localhost", "attacker.example", False), ("::1", "[::1]:8000", True), ("::1", "evil", False),
    ("192.168.1.5", "192.168.1.5:8000", True), ("192.168.1.5", "attacker.example", False),
    ("0.0.0.0", "anything.example", True), ("::", "anything.example", True),
])
def test_the_host_check_holds_on_every_loopback_address(served, name, answered):
    assert answers_to(served, name) is answered


def test_a_rebound_name_is_refused_on_127_0_0_2(tmp_path):
    studio = create_app(tmp_path, host="127.0.0.2", workers=1)
    try:
        client = studio.test_client()
        token = studio.config["STUDIO_TOKEN"]
        refused = client.get(f"/api/schema?token={token}", headers={"Host": "attacker.example"})
        assert "answers only to its own address" in _refusal(refused, 403)
        assert client.get(f"/api/schema?token={token}", headers={"Host": "127.0.0.2:80"}).status_code == 200
    finally:
        studio.extensions["bookgen-studio"].close()


# --- the command ----------------------------------------------------------------------------------

@pytest.mark.parametrize("args, names", [
    (["--port", "70000"], "argument --port: '70000' is not a port"),
    (["--port", "-1"], "argument --port: '-1' is not a port"),
    (["--port", "eighty"], "argument --port: 'eighty' is not a port"),
    (["--host", "no-such-host.invalid"], "--host: cannot listen on no-such-host.invalid"),
    (["--host", "192.0.2.1"], "--host: cannot listen on 192.0.2.1"),
])
def test_a_port_or_host_that_cannot_be_served_names_its_option(run, args, names):
    status, out, err = run("studio", "--no-browser", *args)
    assert status == 2 and out == "" and names in err and "Traceback" not in err


def _descendants(pid: int) -> list[int]:
    found = []
    for child in _children(pid):
        found += [child, *_descendants(child)]
    return found


def _studio(folder: Path, *args: str) -> tuple[subprocess.Popen, str]:
    command = [sys.executable, "-m", "bookgen", "studio", "--no-browser", "-j", "2", *args]
    process = subprocess.Popen(command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("bookgen studio: http://"), line
    return process, line.split()[2]


def _post(address: str, path: str, body: dict) -> dict:
    base, token = address.split("/?")
    request = urllib.request.Request(f"{base}{path}?{token}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads processes from /proc")
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL, signal.SIGINT])
def test_a_signal_during_a_build_ends_the_studio_and_its_jobs_quietly(tmp_path, stop):
    process, address = _studio(tmp_path)
    try:
        book = {**WORKSHEET, "sections": [{"type": "numbrix", "difficulty": "expert", "count": 400}]}
        job = _post(address, "/api/jobs", {"purpose": "build", "book": book})
        base, token = address.split("/?")
        ends = time.monotonic() + 60
        while time.monotonic() < ends:  # until the job's puzzle workers are at work
            with urllib.request.urlopen(f"{base}/api/jobs/{job['id']}?{token}", timeout=30) as answer:
                if json.load(answer)["progress"]["done"] > 0:
                    break
            time.sleep(0.1)
        family = _descendants(process.pid)
        assert len(family) >= 3  # the fork server, the job, its puzzle workers
        if stop == signal.SIGINT:  # Ctrl-C in a terminal reaches every process of the group
            os.killpg(process.pid, stop)
        else:
            process.send_signal(stop)
        status = process.wait(20)
        _, err = process.communicate(timeout=20)  # its end: once every holder of stderr has gone
    finally:
        process.kill()
    assert status == (-signal.SIGKILL if stop == signal.SIGKILL else 0)
    assert "Traceback" not in err and "Error" not in err, err
    assert err in ("", "bookgen studio: stopped\n")
    ends = time.monotonic() + 10
    while any(_running(pid) for pid in family) and time.monotonic() < ends:
        time.sleep(0.1)
    assert not any(_running(pid) for pid in family)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("wait", [0.0, 0.1, 0.3])
def test_ctrl_c_while_the_fork_server_starts_is_quiet(tmp_path, wait):
    """The fork server imports and warms what jobs need for a second or more after the address is
    printed; a Ctrl-C then (to the whole group, as a terminal sends it) printed a
    KeyboardInterrupt traceback from inside its imports."""
    process, _ = _studio(tmp_path)
    try:
        time.sleep(wait)
        os.killpg(process.pid, signal.SIGINT)
        status = process.wait(20)
        _, err = process.communicate(timeout=20)
    finally:
        process.kill()
    assert status == 0
    assert err == "bookgen studio: stopped\n", err


def _silent_job(watched) -> None:
    """A job between two words to the studio (drawing a long PDF): it ends only if it watches."""
    from bookgen.studio import jobs

    try:  # as jobs.work: the end may come while the watch is still starting
        for number in jobs._ENDS:
            signal.signal(number, jobs._ended)
        jobs._end_with_studio(watched)
        time.sleep(60)
    except jobs._Ended:
        return


def test_a_job_that_says_nothing_still_ends_with_the_studio():
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    watched, alive = context.Pipe(duplex=False)
    job = context.Process(target=_silent_job, args=(watched,))
    job.start()
    try:
        watched.close()
        time.sleep(0.5)
        assert job.is_alive()
        alive.close()  # what the studio's end, however it ends, does to its end of the pipe
        job.join(10)
        assert job.exitcode == 0  # unwound, not killed
    finally:
        job.kill()
        job.join()


def test_serving_beyond_loopback_warns_and_still_asks_for_the_token(tmp_path):
    process, address = _studio(tmp_path, "--host", "0.0.0.0")
    try:
        base = address.split("/?")[0].replace("0.0.0.0", "127.0.0.1")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}/api/schema", timeout=10)
        refused.value.close()
        assert refused.value.code == 403
        with urllib.request.urlopen(f"{base}/api/schema?{address.split('/?')[1]}", timeout=10) as ok:
            assert ok.status == 200
        process.send_signal(signal.SIGTERM)
        assert process.wait(20) == 0
        _, err = process.communicate(timeout=10)
    finally:
        process.kill()
    warning, stopped = err.splitlines()
    assert warning.startswith("bookgen studio: warning: serving on 0.0.0.0, beyond this computer")
    assert "token" in warning and stopped == "bookgen studio: stopped"

