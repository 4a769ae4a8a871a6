"""bookgen studio: the API through Flask's test client, and the page in Chromium as a teacher uses
it (make a worksheet, change its level, download its files, build the downloaded YAML with the CLI
and get the same bytes; an error beside its field; cancel a build; axe).

One studio server and one browser serve the whole module; the books are one-page worksheets.
"""

from __future__ import annotations

import io
import logging
import socket
import threading
import time
from pathlib import Path

import pytest
import test_html
import yaml

from bookgen import limits
from bookgen.cli import main
from bookgen.config import load_config
from bookgen.errors import BookgenError
from bookgen.puzzles import PUZZLE_TYPES, find_type
from bookgen.puzzles.base import Request
from bookgen.schema import book_schema, option_schema

flask = pytest.importorskip("flask", reason="pip install -e '.[studio]'")

from bookgen.limits import STUDIO_REQUEST_BYTES  # noqa: E402
from bookgen.studio.pages import page_digests  # noqa: E402  (needs the studio extra)
from bookgen.studio.server import create_app  # noqa: E402

WORKSHEET = {"title": "Order practice", "title_page": False, "contents": False,
             "sections": [{"type": "placement", "difficulty": "easy", "count": 2}]}


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("studio")


@pytest.fixture(scope="module")
def app(folder):
    studio = create_app(folder, workers=1)
    yield studio
    studio.extensions["bookgen-studio"].close()


@pytest.fixture
def client(app):
    """A browser that has opened the address the studio printed: it holds the token's cookie."""
    client = app.test_client()
    assert client.get(f"/?token={app.config['STUDIO_TOKEN']}").status_code == 200
    return client


def _wait(client, job_id: str, seconds: float = 60) -> dict:
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        status = client.get(f"/api/jobs/{job_id}").get_json()
        if status["state"] != "running":
            return status
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} still running after {seconds} s")


def _loader_error(folder: Path, book: dict) -> BookgenError:
    """What `bookgen build` says of this book written as a YAML file."""
    path = folder / "cli-check.yaml"
    path.write_text(yaml.safe_dump(book, sort_keys=False), encoding="utf-8")
    with pytest.raises(BookgenError) as caught:
        load_config(path)
    return caught.value


# --- the API --------------------------------------------------------------------------------------

def test_the_form_is_made_from_the_schema_and_the_option_specs(client):
    schema = client.get("/api/schema").get_json()
    assert schema["book"] == book_schema()
    assert list(schema["book"]["properties"]) == list(book_schema()["properties"])  # in order
    assert [t["name"] for t in schema["types"]] == [t.name for t in PUZZLE_TYPES]
    for sent, puzzle_type in zip(schema["types"], PUZZLE_TYPES):
        assert sent["options"] == {o.name: option_schema(o) for o in puzzle_type.options}
        assert sent["rules"] == puzzle_type.rules(None)
    placement = {t["name"]: t for t in schema["types"]}["placement"]["options"]  # labelled by the type
    assert placement["size"]["title"] == "Number of boxes"
    assert placement["numbers"]["enumDescriptions"][:2] == ["whole numbers", "with negatives"]


def test_a_bad_value_comes_back_with_the_loaders_message_and_key(client, folder):
    book = {**WORKSHEET, "sections": [{"type": "placement", "difficulty": "easy", "count": 0}]}
    answer = client.post("/api/jobs", json={"purpose": "preview", "book": book})
    assert answer.status_code == 400
    (error,) = answer.get_json()["errors"]
    expected = _loader_error(folder, book)
    assert (error["key"], error["message"]) == (expected.key, expected.message)
    assert error["key"] == "sections[0].count" and "from 1 to 1000" in error["message"]


def test_an_option_error_names_the_option(client, folder):
    book = {**WORKSHEET, "sections": [{"type": "numbrix", "difficulty": "easy", "count": 1,
                                       "size": "99"}]}
    (error,) = client.post("/api/jobs", json={"purpose": "preview", "book": book}).get_json()["errors"]
    assert error["key"] == "sections[0].size"
    assert error["message"] == _loader_error(folder, book).message


def test_files_outside_the_folder_are_not_read(client):
    for book, key in (({**WORKSHEET, "layout": "../elsewhere/trim.yaml"}, "layout"),
                      ({**WORKSHEET, "exclude": ["/etc/passwd"]}, "exclude"),
                      ({**WORKSHEET, "sections": [{"type": "placement", "count": 1,
                                                   "from": "/etc/passwd"}]}, "sections[0].from")):
        answer = client.post("/api/jobs", json={"purpose": "build", "book": book})
        assert answer.status_code == 400
        (error,) = answer.get_json()["errors"]
        assert error["key"] == key and "outside the folder" in error["message"]


def test_oversized_foreign_and_non_json_requests_are_refused(client):
    big = {**WORKSHEET, "subtitle": "x" * STUDIO_REQUEST_BYTES}
    assert client.post("/api/jobs", json={"purpose": "preview", "book": big}).status_code == 413
    long = {**WORKSHEET, "subtitle": "x" * (limits.CONFIG_BYTES + 1)}  # under the body's cap
    (error,) = client.post("/api/jobs", json={"purpose": "preview", "book": long}).get_json()["errors"]
    assert f"larger than {limits.CONFIG_BYTES:,} bytes" in error["message"]
    many = {**WORKSHEET, "sections": [{"type": "placement", "difficulty": "easy", "count": 1000}] * 11}
    (error,) = client.post("/api/jobs", json={"purpose": "preview", "book": many}).get_json()["errors"]
    assert error["key"] == "sections" and f"{limits.BOOK_PUZZLES:,}" in error["message"]
    assert client.post("/api/jobs", data={"purpose": "preview"}).status_code == 415
    assert client.get("/api/schema", headers={"Host": "attacker.example:80"}).status_code == 403
    assert client.post("/api/jobs", json={"purpose": "print", "book": WORKSHEET}).status_code == 400
    assert client.get("/api/pages/0123456789abcdef0123456789abcdef.png").status_code == 404
    assert client.get("/api/jobs/nope").status_code == 404


def test_an_example_is_drawn_for_the_sections_settings(client):
    import json

    answer = client.get("/api/example/numberwall.png", query_string={
        "difficulty": "easy", "options": json.dumps({"rows": 3})})
    assert answer.status_code == 200 and answer.data.startswith(b"\x89PNG")
    refused = client.get("/api/example/numbrix.png", query_string={"options": '{"size": 99}'})
    assert refused.status_code == 400 and refused.get_json()["errors"][0]["key"] == "size"


def test_an_opened_config_comes_back_as_its_mapping_or_its_syntax_error(client):
    text = "title: Opened\nsections:\n  - {type: arrows, difficulty: hard, count: 3}\n"
    assert client.post("/api/open", json={"yaml": text}).get_json()["book"] == yaml.safe_load(text)
    answer = client.post("/api/open", json={"yaml": "title: [unclosed\n"})
    assert answer.status_code == 400
    assert "YAML syntax error" in answer.get_json()["errors"][0]["message"]


def test_a_preview_draws_each_page_once_and_the_next_reuses_its_puzzles(client, app):
    job = client.post("/api/jobs", json={"purpose": "preview", "book": WORKSHEET}).get_json()
    placement = find_type("placement")
    assert job["rules"] == [placement.rules(Request.make(placement, "easy", {}))]
    status = _wait(client, job["id"])
    assert status["state"] == "done", status
    digests = [page["digest"] for page in status["pages"]]
    assert len(digests) == 2  # the worksheet and its answers
    picture = client.get(f"/api/pages/{digests[0]}.png")
    assert picture.status_code == 200 and picture.data.startswith(b"\x89PNG")
    assert "immutable" in picture.headers["Cache-Control"]
    made = dict(app.extensions["bookgen-studio"].puzzles)
    assert len(made) == 2
    retitled = {**WORKSHEET, "title": "Order practice, again"}
    again = _wait(client, client.post("/api/jobs", json={"purpose": "preview", "book": retitled})
                  .get_json()["id"])
    assert [p["digest"] for p in again["pages"]][1] == digests[1]  # the answers page is unchanged
    assert [p["digest"] for p in again["pages"]][0] != digests[0]
    assert app.extensions["bookgen-studio"].puzzles == made  # nothing was made again
    undone = client.post("/api/jobs", json={"purpose": "preview", "book": WORKSHEET}).get_json()
    assert undone["id"] == job["id"] and undone["state"] == "done"  # an edit undone: no new job


def test_page_digests_follow_what_each_page_draws():
    from reportlab.pdfgen.canvas import Canvas

    def pdf(middle: str, first: int = 1) -> bytes:
        buffer = io.BytesIO()
        canvas = Canvas(buffer, invariant=1)
        for text in ([f"page {first}"] if first else []) + [middle, "the end"]:
            canvas.drawString(72, 720, text)
            canvas.showPage()
        canvas.save()
        return buffer.getvalue()

    one, two = page_digests(pdf("first draft")), page_digests(pdf("second draft"))
    assert one[0] == two[0] and one[2] == two[2] and one[1] != two[1]
    assert page_digests(pdf("first draft", first=0)) == one[1:]  # the object numbers shifted


def test_pages_asked_for_at_once_on_many_threads_are_each_drawn():
    """PDFium is not thread-safe: without the studio's lock, documents opened on several threads
    at once fail to load (or crash the process)."""
    from concurrent.futures import ThreadPoolExecutor

    from reportlab.pdfgen.canvas import Canvas

    from bookgen.studio.pages import PageStore

    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    for number in range(24):
        canvas.drawString(72, 720, f"page {number + 1}")
        canvas.rect(72, 72 + number * 10, 200, 300)
        canvas.showPage()
    canvas.save()
    for _ in range(3):
        store = PageStore()
        digests = store.add(buffer.getvalue())
        with ThreadPoolExecutor(8) as pool:
            pictures = list(pool.map(store.picture, digests))
        assert len(set(pictures)) == 24 and all(p.startswith(b"\x89PNG") for p in pictures)


# --- the page in Chromium -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def address(app):
    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/?token={app.config['STUDIO_TOKEN']}"
    server.shutdown()


@pytest.fixture
def tab(browser, address):
    """The studio in a fresh tab, its first preview drawn; fails on any script error."""
    yield from studio_tab(browser, address)


# The page draws each new book's seed from crypto.getRandomValues. In the tests it counts up from
# one number, kept per context: every context's first book is the same book, so the module's studio
# has its puzzles and page pictures already after the first (a fresh book cost each test a second of
# work on two cores), later books still differ, and a failing test fails again the same way.
COUNTED_RANDOM = """(() => {
  const key = "bookgen-tests-next-random";
  crypto.getRandomValues = (array) => {
    let next = Number(localStorage.getItem(key) || 4242);
    for (let i = 0; i < array.length; i++) array[i] = next++;
    localStorage.setItem(key, String(next));
    return array;
  };
})()"""


OPENED = "body[data-drawn], body[data-preview='error']"  # the studio has opened its book, good or not


def studio_context(browser, **options):
    """A fresh browser context (empty storage) for the studio, its new books' seeds counted."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 1000}, **options})
    context.add_init_script(COUNTED_RANDOM)
    return context


def studio_tab(browser, address, **options):
    """The tab fixture's steps, with more options for its browser context (bypass_csp for axe)."""
    context = studio_context(browser, accept_downloads=True, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(address)
    page.wait_for_selector("body[data-drawn='1']")
    yield page
    context.close()
    refused = "the server responded with a status of 400"  # a config the loader refused
    assert [error for error in errors if refused not in error] == []


def _control(tab, key: str):
    return tab.locator(f"[data-key='{key}'] :is(input, select)").first


def _section_control(tab, key: str):
    return _control(tab, f"sections[0].{key}")


def _changed(tab, drawn: int) -> None:
    """Wait for the preview after an edit (the page counts the previews it shows)."""
    tab.wait_for_selector(f"body[data-drawn='{drawn}']")


def test_a_worksheet_made_in_the_page_builds_the_same_bytes_from_its_yaml(tab, tmp_path):
    _control(tab, "title").fill("Times tables")
    _section_control(tab, "type").select_option("placement")
    _changed(tab, 2)
    _section_control(tab, "count").fill("2")
    _section_control(tab, "difficulty").select_option("medium")
    _changed(tab, 3)
    assert tab.locator("#pages img").count() == 2
    assert tab.locator("#pages figcaption").all_inner_texts() == ["Page 1", "Answer key page 1"]
    with tab.expect_download() as saved:
        tab.get_by_role("button", name="Save book").click()
    tab.get_by_role("button", name="Make the files").click()
    links = tab.locator("#downloads a")
    links.first.wait_for()
    downloaded = tmp_path / "downloaded"
    for index in range(links.count()):
        with tab.expect_download() as download:
            links.nth(index).click()
        download.value.save_as(downloaded / download.value.suggested_filename)
    names = sorted(path.name for path in downloaded.iterdir())
    # a worksheet's files: the sheet, its answers and its playable page (no cover, no data file)
    assert names == ["times-tables-answers.pdf", "times-tables.html", "times-tables.pdf",
                     "times-tables.yaml"]
    assert saved.value.suggested_filename == "times-tables.yaml"
    assert Path(saved.value.path()).read_bytes() == (downloaded / "times-tables.yaml").read_bytes()
    config = yaml.safe_load((downloaded / "times-tables.yaml").read_text(encoding="utf-8"))
    assert config["sections"] == [{"type": "placement", "difficulty": "medium", "count": 2}]
    built = tmp_path / "built"
    built.mkdir()
    assert main(["build", str(downloaded / "times-tables.yaml"), "-q", "-j", "1",
                 "-o", str(built / "times-tables.pdf")]) == 0
    assert sorted(path.name for path in built.iterdir()) == [n for n in names if n.endswith(
        (".pdf", ".html", ".jsonl"))]
    for path in built.iterdir():
        assert path.read_bytes() == (downloaded / path.name).read_bytes(), path.name


def test_an_opened_config_shows_the_loaders_error_beside_its_field(tab, tmp_path, folder):
    book = {"title": "Opened book", "sections": [{"type": "arrows", "difficulty": "easy", "count": 0}]}
    path = tmp_path / "opened.yaml"
    path.write_text(yaml.safe_dump(book, sort_keys=False), encoding="utf-8")
    tab.set_input_files("#open-file", str(path))
    error = tab.locator("[data-key='sections[0].count'] > .error")
    error.wait_for()  # the loader's message, its key said by the field's label
    assert _loader_error(folder, book).message == (
        "0 is not allowed; 'count' takes a whole number from 1 to 1000")
    assert error.inner_text() == "0 is not allowed; “Number of puzzles” takes a whole number from 1 to 1000"
    assert _control(tab, "title").input_value() == "Opened book"
    assert _section_control(tab, "count").get_attribute("aria-invalid") == "true"
    _section_control(tab, "count").fill("1")
    _changed(tab, 2)
    assert not error.is_visible()


def test_an_opened_crosswords_clues_written_as_a_mapping_show_as_lines_in_their_box(tab, tmp_path):
    """Clues a config writes as YAML reads `WORD: clue` unquoted (a mapping, or a list of
    one-pair mappings) show in the box one pair a line, as the studio writes them."""
    lines = "CAT: A pet that purrs\nDOG: A pet that barks\nHEN: It lays eggs"
    for clues in ({"CAT": "A pet that purrs", "DOG": "A pet that barks", "HEN": "It lays eggs"},
                  [{"CAT": "A pet that purrs"}, {"word": "DOG", "clue": "A pet that barks"},
                   "HEN: It lays eggs"]):
        book = {"title": "Pets", "sections": [{"type": "crossword", "difficulty": "easy", "count": 1,
                                               "clues": clues}]}
        path = tmp_path / "pets.yaml"
        path.write_text(yaml.safe_dump(book, sort_keys=False), encoding="utf-8")
        tab.set_input_files("#open-file", str(path))
        box = tab.locator("[data-key='sections[0].clues'] textarea")
        box.wait_for()
        tab.wait_for_function("document.querySelector(\"[data-key='sections[0].clues'] textarea\")"
                              ".value.startsWith('CAT')")
        assert box.input_value() == lines


@pytest.mark.parametrize(("type_name", "key", "typed", "items"), [
    ("wordsearch", "words", "perro\ngato, ratón\n\n  oso hormiguero ,caballo\n",
     ["perro", "gato", "ratón", "oso hormiguero", "caballo"]),  # a term of two words keeps its space
    ("scramble", "words", "manzana, pera\nuva", ["manzana", "pera", "uva"]),
    ("fillin", "words", "sol\nluna\nmar, río\ncielo", ["sol", "luna", "mar", "río", "cielo"]),
    ("cryptogram", "quotes", "Poco a poco, se va lejos. | Refrán\nQuien madruga, Dios le ayuda. | Refrán",
     ["Poco a poco, se va lejos. | Refrán", "Quien madruga, Dios le ayuda. | Refrán"]),  # commas kept
    ("wordsearch", "words", "animales.txt", "animales.txt"),  # a file's name, for the loader to read
])
def test_a_list_typed_in_its_box_is_a_list_a_line_or_a_comma_apart(browser, address, tmp_path,
                                                                    type_name, key, typed, items):
    """A Spanish teacher typed the words to hide one a line (the field was one line, its help
    named no separator): the list became one word, refused as too long. Each list option is a box
    of lines; its help says how its items are parted, and the saved YAML holds the list."""
    context = studio_context(browser, accept_downloads=True, locale="es-ES")
    page = context.new_page()
    page.goto(address)
    page.wait_for_selector("body[data-drawn='1']")
    _section_control(page, "type").select_option(type_name)
    _changed(page, 2)
    _section_control(page, "count").fill("1")
    _changed(page, 3)
    field = page.locator(f"[data-key='sections[0].{key}']")
    field.locator("xpath=ancestor::details[1]/summary").click()
    box = field.locator("textarea")
    box.fill(typed)
    if isinstance(items, list):
        _changed(page, 4)
    else:
        page.wait_for_selector("body[data-preview='error']")  # no such file in the studio's folder
    help_line = field.locator(".help").inner_text()
    assert help_line.endswith("(palabras, una por línea o separadas por comas, o un archivo con una palabra "
                              "por línea)" if key == "words" else
                              "(una por línea, o un archivo con una por línea)")
    with page.expect_download() as saved:
        page.get_by_role("button", name="Guardar el libro").click()
    config = yaml.safe_load(Path(saved.value.path()).read_text(encoding="utf-8"))
    assert config["sections"][0][key] == items
    if isinstance(items, list):
        assert page.locator(".error:not([hidden])").all_inner_texts() == []
        load_config(Path(saved.value.path()))  # the CLI takes the list the studio saved
    context.close()


def _children(pid: int) -> list[int]:
    return [int(n) for n in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _running(pid: int) -> bool:
    """Whether the process lives (a zombie waiting to be reaped has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads processes from /proc")
def test_cancel_ends_the_build_and_its_worker(tab, app):
    _section_control(tab, "type").select_option("numbrix")  # 400 expert puzzles take their time
    _section_control(tab, "count").fill("400")
    _section_control(tab, "difficulty").select_option("expert")
    tab.get_by_role("button", name="Make the files").click()
    tab.wait_for_selector("#cancel:not([hidden])")
    jobs = app.extensions["bookgen-studio"]
    job = [j for j in jobs.jobs.values() if j.purpose == "build"][-1]
    assert job.state == "running"
    tab.wait_for_selector("#build-status:has-text('puzzles')")  # its puzzle workers have started
    workers = _children(job.process.pid)
    assert workers
    tab.get_by_role("button", name="Cancel").click()
    tab.wait_for_selector("#build-status:has-text('Cancelled.')")
    job.process.join(5)
    assert job.state == "cancelled" and not job.process.is_alive()
    ends = time.monotonic() + 5
    while any(_running(pid) for pid in workers) and time.monotonic() < ends:
        time.sleep(0.05)
    assert not any(_running(pid) for pid in workers)
    _section_control(tab, "count").fill("1")  # the preview of 400 expert puzzles ends too
    _section_control(tab, "difficulty").select_option("easy")
    _changed(tab, 2)


def test_axe_finds_nothing_serious_with_an_error_and_the_rules_open_on_desktop_and_phone(browser, address):
    """On a desktop in the light theme, then on a phone in the dark one (the studio follows the
    system's; tests/test_contrast.py checks every colour pair of both)."""
    context = studio_context(browser, bypass_csp=True)
    tab = context.new_page()
    tab.goto(address)
    tab.wait_for_selector("body[data-drawn='1']")
    tab.locator("details.about summary").first.click()
    _section_control(tab, "count").fill("0")
    tab.locator("[data-key='sections[0].count'] > .error").wait_for()
    found = test_html._axe_violations(tab)  # an inline script: hence bypass_csp above
    tab.set_viewport_size({"width": 390, "height": 844})  # a phone: one column
    tab.emulate_media(color_scheme="dark")
    assert tab.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(21, 23, 27)"
    found += test_html._axe_violations(tab)
    context.close()
    assert found == []


def test_the_command_refuses_a_port_in_use_with_one_message(run):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        status, out, err = run("studio", "--no-browser", "--port", str(taken.getsockname()[1]))
    assert status == 2 and out == ""
    assert err.startswith("bookgen: error: --port: cannot listen on 127.0.0.1:") and "Traceback" not in err


def test_the_command_prints_its_address_serves_the_page_and_stops_on_ctrl_c(tmp_path):
    import signal
    import subprocess
    import sys
    import urllib.request

    command = [sys.executable, "-m", "bookgen", "studio", "--no-browser", "-j", "1"]
    with subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as process:
        try:
            line = process.stdout.readline()
            assert line.startswith("bookgen studio: http://127.0.0.1:"), line
            address = line.split()[2]
            assert "?token=" in address
            with urllib.request.urlopen(address, timeout=10) as page:
                assert b"<title>bookgen studio</title>" in page.read()
            process.send_signal(signal.SIGINT)
            assert process.wait(10) == 0
            assert process.stderr.read() == "bookgen studio: stopped\n"
        finally:
            process.kill()
    assert list(tmp_path.iterdir()) == []  # it wrote nothing where it was started


def test_without_a_port_the_studio_asks_for_its_usual_one_and_takes_another_when_it_is_taken(
        tmp_path):
    """The browser keeps books per address, so the studio asks for 8765 first; taken (here by the
    test, or by another studio), it serves on a free port instead of refusing."""
    import errno
    import signal
    import subprocess
    import sys

    from bookgen.studio import USUAL_PORT

    holder = socket.socket()
    holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the studio's own socket
    try:
        holder.bind(("127.0.0.1", USUAL_PORT))
        holder.listen()
    except OSError as error:  # held elsewhere already: the studio must step aside all the same
        assert error.errno == errno.EADDRINUSE
    command = [sys.executable, "-m", "bookgen", "studio", "--no-browser", "-j", "1"]
    with subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as process:
        try:
            line = process.stdout.readline()
            assert line.startswith("bookgen studio: http://127.0.0.1:"), line + process.stderr.read()
            assert f":{USUAL_PORT}/" not in line
            process.send_signal(signal.SIGINT)
            assert process.wait(10) == 0
        finally:
            process.kill()
            holder.close()
