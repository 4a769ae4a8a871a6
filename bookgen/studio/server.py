"""The studio's web server: a page that edits a book config, and a small JSON API behind it.

The page sends the book as the mapping a YAML config holds; the server turns it into the YAML text
it offers for download, reads that text with the CLI's own loader (so every limit and message is
the CLI's), and builds from it in a worker process. There is no second path from the form to a
book: what the studio builds is what `bookgen build` makes of the downloaded YAML.

Guards for a server that other accounts on the computer, and any web page in the browser, could
call: every request must carry the secret token made at start (in the address the studio prints,
then in a cookie the page's own requests carry), come from the studio's own page (another
port of 127.0.0.1 is the same site to the cookie, not to `_foreign`), and be addressed to the
host name the studio serves (no DNS rebinding); it takes only JSON bodies (a form on another
site cannot send one without asking first, and the server never says yes), caps every body at
limits.STUDIO_REQUEST_BYTES and its nesting at limits.NESTING, reads files only inside the
folder it was started in, and writes none.
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import hmac
import ipaddress
import re
import secrets
import unicodedata
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from babel import Locale
from flask import Flask, Response, abort, jsonify, request
from werkzeug.exceptions import HTTPException

from bookgen import limits
from bookgen.config import available_layouts, config_problems, load_layout, read_config_text
from bookgen.core.grading import ALL_LEVELS, LEVELS
from bookgen.errors import BookgenError
from bookgen.i18n import N_, _, language, languages, speaking
from bookgen.i18n.homes import read_home
from bookgen.init import worksheet_trim
from bookgen.inputs import parse_json
from bookgen.puzzles import PUZZLE_TYPES, find_type
from bookgen.schema import book_schema, option_schema
from bookgen.studio.examples import example_png
from bookgen.studio.jobs import STOPPED, Job, Jobs
from bookgen.studio.pages import PageStore
from bookgen.studio.presets import presets_in
from bookgen.yamlsource import parse_yaml

PURPOSES = ("preview", "build")
WAIT_SECONDS = 5.0  # the longest a status request waits for news of its job
PLURAL_TABLE = 200
"""The plural index is sent for n below this; beyond, n is read as 100 + n % 100. Exact for gettext's
plural expressions, which compare n itself only with numbers below 100 (and n % 10, n % 100)."""
_KINDS = {"pdf": "application/pdf", "html": "text/html", "jsonl": "application/jsonl",
          "yaml": "application/yaml"}  # what a build's files are, by their ending
_DIGEST = re.compile(r"[0-9a-f]{32}")
NO_TOKEN = N_("this address lacks the studio's token: open the address that bookgen studio printed "
              "when it started (it ends in ?token=...)")
HTTP_REFUSALS = {400: N_("the request cannot be read"), 404: N_("the studio has no such page or file"),
                 405: N_("this address does not take that kind of request"),
                 413: N_("the request is larger than the studio takes ({most} bytes)")}
"""The studio's words for the refusals werkzeug words in English (a page's or file's address
mistyped, a request too large); the studio's own refusals carry their words."""


def is_loopback(host: str) -> bool:
    """Whether an address to serve is this computer's own (127.x.x.x, ::1, localhost)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _is_wildcard(host: str) -> bool:
    """Whether an address to serve is every address of the computer (0.0.0.0, ::)."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def _host_name(header: str) -> str:
    """The name part of a Host header: '127.0.0.1' of '127.0.0.1:8000', '[::1]' of '[::1]:8000'."""
    header = header.lower()
    if header.startswith("["):
        return header.partition("]")[0] + "]"
    return header.partition(":")[0]


def answers_to(host: str, name: str) -> bool:
    """Whether the studio serving `host` answers a request whose Host header names `name`: on
    loopback only loopback names, so that a web page whose own name was rebound to 127.0.0.1 is
    refused; on another address only that address; on a wildcard address every name (the token
    still guards it)."""
    name = _host_name(name)
    if is_loopback(host):
        return is_loopback(name)
    if _is_wildcard(host):
        return True
    return name == _host_name(f"[{host}]" if ":" in host.strip("[]") else host)


def _foreign() -> str | None:
    """Who sent the request, when it was not the studio's own page: a page of another site, or
    of another port of this computer (the same site to a browser, which sends it the studio's
    SameSite cookie, as cookies know no ports). What the browser says (Sec-Fetch-Site) is
    believed first; without it, an Origin or Referer that is another origin. A person's own
    visit (typed, a bookmark, the browser the studio opened) says "none", or nothing at all."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site not in ("same-origin", "none"):
        return (_("another site ({site})") if site == "cross-site" else _("another page ({site})")).format(
            site=site)
    own = f"{request.scheme}://{request.host}".lower()
    for header in ("Origin", "Referer"):
        sent = request.headers.get(header)
        if sent is None:
            continue
        scheme, _separator, rest = sent.partition("://")
        origin = f"{scheme}://{rest.partition('/')[0]}".lower()
        if origin != own:
            return _("the page at {origin}").format(origin=repr(origin if rest else sent))
    return None


def create_app(folder: Path, host: str = "127.0.0.1", workers: int = 1,
               token: str | None = None) -> Flask:
    """The studio for books whose relative paths (layout files, banks) start in `folder`, for
    requests that carry `token` (a new random one unless given; app.config["STUDIO_TOKEN"])."""
    folder = folder.resolve()
    token = token or secrets.token_urlsafe(24)
    cookie = "bookgen-studio-" + hashlib.sha256(token.encode()).hexdigest()[:12]  # one per studio
    app = Flask(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = limits.STUDIO_REQUEST_BYTES
    app.config["STUDIO_TOKEN"] = token
    app.json.sort_keys = False  # type: ignore[attr-defined]  # the form follows the schema's order
    pages = PageStore()
    jobs = Jobs(workers, folder, pages)
    app.extensions["bookgen-studio"] = jobs

    @app.before_request
    def guard() -> None:
        with speaking(_interface_language()):  # said to the person at the browser, in its language
            if not answers_to(host, request.host):
                abort(403, _("the studio answers only to its own address ({host}), not to {name}").format(
                    host=host, name=repr(_host_name(request.host))))
            foreign = _foreign()
            if foreign:
                abort(403, _("the studio answers only its own page, not a request from {foreign}: open the "
                             "address that bookgen studio printed in the browser's address bar").format(
                    foreign=foreign))
            given = request.args.get("token") or request.cookies.get(cookie) or ""
            if not hmac.compare_digest(given.encode(), token.encode()):
                abort(403, _(NO_TOKEN))
            if request.method == "POST" and not request.is_json:
                abort(415, _("the studio takes JSON"))

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Cross-Origin-Resource-Policy"] = "same-origin"  # no <img> of another port
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self' blob: data:; object-src 'none'; "
            "frame-ancestors 'none'")
        return response

    @app.errorhandler(BookgenError)
    def refused(error: BookgenError) -> tuple[Response, int]:
        return jsonify(errors=[_error(error)]), 400

    @app.errorhandler(_Problems)
    def problems(refusal: _Problems) -> tuple[Response, int]:
        return jsonify(errors=[_error(error, refusal.file) for error in refusal.errors]), 400

    @app.errorhandler(HTTPException)
    def http_refused(error: HTTPException) -> tuple[Response, int]:
        """Refusals (no token, a foreign host, not found, too large) as one short message: as
        the page reads errors for its API, as plain text for a person at the address bar."""
        message = error.description or error.name
        if error.code in HTTP_REFUSALS and message == type(error).description:  # werkzeug's words
            with speaking(_interface_language()):
                message = _(HTTP_REFUSALS[error.code]).format(most=f"{limits.STUDIO_REQUEST_BYTES:,}")
        if not request.path.startswith("/api/"):
            return Response(f"bookgen studio: {message}\n", mimetype="text/plain"), error.code or 500
        return (jsonify(errors=[{"key": None, "message": message, "line": None, "text": message}]),
                error.code or 500)

    @app.get("/")
    def index() -> Response:
        """The page; its first visit (with ?token=) leaves the token in a cookie that only this
        site's own requests carry, so its pictures and downloads need no token in their address."""
        response = _static("index.html", "text/html")
        if "token" in request.args:
            response.set_cookie(cookie, token, httponly=True, samesite="Strict")
        return response

    @app.get("/static/<name>")
    def static_file(name: str) -> Response:
        kinds = {"js": "text/javascript", "css": "text/css"}
        kind = kinds.get(name.rsplit(".", 1)[-1])
        if kind is None or not re.fullmatch(r"[a-z]+\.[a-z]+", name):
            abort(404)
        return _static(name, kind)

    @app.get("/api/texts")
    def texts() -> Response:
        """The interface's texts in the language asked for (`?lang=`), else the browser's first
        language the studio speaks, else English: the studio's own messages, the plural index of
        n for n below PLURAL_TABLE (the page's policy allows no script made from text, so no
        plural expression is evaluated there), every language with its own name, the paper a new
        book in each is printed on (`worksheet_trim`: A4, US Letter in English), and each built-in
        layout's page size in millimetres (its menu names it in both units)."""
        code = _interface_language()
        messages, _expression = read_home(resources.files("bookgen.studio"), code)
        plural = language(code).plural_index
        return jsonify(
            language=code,
            languages=[{"code": c, "name": Locale.parse(c).display_name} for c in languages()],
            messages={key: list(text) if isinstance(text, tuple) else text
                      for key, text in messages.items()},
            plural=[plural(n) for n in range(PLURAL_TABLE)],
            papers={c: worksheet_trim(c) for c in languages()},
            layouts=_page_sizes())

    @app.get("/api/schema")
    def schema() -> Response:
        """What the form is made of: the book's keys as `bookgen schema` states them, and per
        type its levels, rules and the schema of each of its options, made in the interface's
        language (the types' titles and rules, and each key's and option's help line)."""
        with speaking(_interface_language()):
            book = book_schema()
            types = [{"name": t.name, "title": _(t.title), "rules": t.rules(None),
                      "options": {o.name: option_schema(o) for o in t.options}, "levels": list(t.levels)}
                     for t in PUZZLE_TYPES]
        return jsonify(
            book=book, section=book["properties"]["sections"]["items"], layouts=available_layouts(),
            levels=list(ALL_LEVELS), types=types)

    @app.get("/api/presets")
    def presets() -> Response:
        """The books to start from, in the interface's language (presets.py)."""
        return jsonify(presets=presets_in(_interface_language()))

    @app.post("/api/yaml")
    def save() -> Response:
        """The book as the YAML config its previews and builds are made from, and the file name
        it is saved under: the page saves a book even while the loader refuses it."""
        with speaking(_interface_language()):  # its refusals' words
            body = _json_body()
            text, file = _yaml_of(_book(body.get("book") if isinstance(body, dict) else None))
        return jsonify(yaml=text, name=file.name)

    @app.post("/api/open")
    def open_config() -> Response:
        """A YAML config as the mapping the page edits (comments are not kept)."""
        with speaking(_interface_language()):  # its refusals' words, PyYAML's problems too
            body = _json_body()
            text = body.get("yaml") if isinstance(body, dict) else None
            if not isinstance(text, str):
                raise BookgenError(_("send {form}").format(form='{"yaml": TEXT}'))
            opened = _("the opened file")
            data = _plain(parse_yaml(_sized(text, opened), opened).data)
            if not isinstance(data, dict):
                raise BookgenError(_("a book config is a mapping of keys to values"), file=opened)
        return jsonify(book=data)

    @app.post("/api/jobs")
    def start() -> tuple[Response, int]:
        spoken = _interface_language()
        with speaking(spoken):  # its refusals' words
            body = _json_body()
            purpose = body.get("purpose") if isinstance(body, dict) else None
            if purpose not in PURPOSES:
                raise BookgenError(_("purpose must be preview or build"), key="purpose")
            text, file = _yaml_of(_book(body.get("book")))
        try:
            config = _read(text, file, folder)
        except BookgenError as error:  # every problem at once, each beside its field, said in
            with speaking(_interface_language()):  # the interface's language (only the reading)
                problems = config_problems(text, folder / file, folder)
            raise _Problems(problems or [error], str(folder / file)) from None
        formats = ("pdf",) if purpose == "preview" else config.formats
        config_file = [(file.name, text.encode("utf-8"))] if purpose == "build" else []
        with speaking(spoken):  # a job that cannot start is refused in it too
            job = jobs.start(purpose, config, text, file, formats, config_file, spoken)
        rules = []
        for section in config.sections:  # as the section's page prints them, in its language
            with speaking(config.speech(section)):
                rules.append(section.puzzle_type.rules(section.request))
        return jsonify({**_spoken(job.status()), "rules": rules, "yaml": text, "name": file.name}), 202

    @app.get("/api/jobs/<job_id>")
    def status(job_id: str) -> Response:
        """A job's state; with `?seen=VERSION` (the version of the last answer) once it has news,
        or after WAIT_SECONDS."""
        job = _job(jobs, job_id)
        seen = request.args.get("seen", type=int)
        if seen is not None and job.state == "running":  # an ended job has no more news
            job.wait(seen, WAIT_SECONDS)
        answer = _spoken(job.status())
        if job.state == "done" and job.purpose == "preview":
            answer["pages"] = [{"part": name, "digest": digest} for name, data in job.files
                               if name.endswith(".pdf") for digest in _pages_of(pages, job, name, data)]
        return jsonify(answer)

    @app.post("/api/jobs/<job_id>/cancel")
    def cancel(job_id: str) -> Response:
        job = _job(jobs, job_id)
        jobs.cancel(job)
        return jsonify(_spoken(job.status()))

    @app.get("/api/jobs/<job_id>/files/<name>")
    def download(job_id: str, name: str) -> Response:
        """A built file to save; with ?print=1 a PDF to show in the browser's own viewer, which
        prints it."""
        job = _job(jobs, job_id)
        for file_name, data in job.files if job.state == "done" else ():
            if file_name == name:
                kind = _KINDS.get(name.rsplit(".", 1)[-1], "application/octet-stream")
                shown = request.args.get("print") and kind == "application/pdf"
                return Response(data, mimetype=kind, headers={
                    "Content-Disposition": f"{'inline' if shown else 'attachment'}; filename=\"{name}\""})
        abort(404)

    @app.get("/api/pages/<digest>.png")
    def page(digest: str) -> Response:
        png = pages.picture(digest) if _DIGEST.fullmatch(digest) else None
        if png is None:
            abort(404)
        return Response(png, mimetype="image/png",
                        headers={"Cache-Control": "private, max-age=31536000, immutable"})

    @app.get("/api/example/<type_name>.png")
    def example(type_name: str) -> Response:
        """A type's solved example as its section page draws it, for the level and the options
        (a JSON mapping) in the query."""
        with speaking(_interface_language()):  # its refusals' words, not the picture's
            puzzle_type = find_type(type_name)
            options = parse_json(request.args.get("options", "{}"), _("the options"))
            if not isinstance(options, dict):
                raise BookgenError(_("options must be a JSON mapping"), key="options")
        png = example_png(puzzle_type, request.args.get("difficulty") or LEVELS[0], options)
        if png is None:
            abort(404)
        return Response(png, mimetype="image/png")

    return app


@functools.cache
def _page_sizes() -> dict[str, list[float]]:
    """Each built-in layout's page, width and height in millimetres."""
    return {name: [round(load_layout(name).width, 1), round(load_layout(name).height, 1)]
            for name in available_layouts()}


def _interface_language() -> str:
    """The language the page speaks: `?lang=` when the studio speaks it (English when not), else
    the best of the request's Accept-Language (the browser's own, or the one the page's script
    sends with each request) that it speaks, else English."""
    spoken = languages()
    asked = request.args.get("lang")
    if asked is not None:
        return asked if asked in spoken else "en"
    return request.accept_languages.best_match(spoken) or "en"


def _spoken(status: dict[str, Any]) -> dict[str, Any]:
    """A job's status with the studio's own error message (a job that stopped unexpectedly) in
    the interface's language; a refusal of the job's own is said in it already (the job speaks
    the interface's language, Jobs.start)."""
    error = status.get("error")
    if error is not None and error["message"] == STOPPED:
        with speaking(_interface_language()):
            status["error"] = {**error, "message": _(STOPPED), "text": _(STOPPED)}
    return status


def _json_body() -> Any:
    """The request's JSON (see _json)."""
    try:
        text = request.get_data().decode("utf-8")
    except UnicodeDecodeError:
        raise BookgenError(_("the request is not UTF-8 text"), file=_("the request")) from None
    return parse_json(text, _("the request"))


def _pages_of(pages: PageStore, job: Job, name: str, data: bytes) -> list[str]:
    """The page digests of one of a preview's PDFs, found once."""
    if name not in job.digests:
        job.digests[name] = pages.add(data)
    return job.digests[name]


SHARED_STATIC = {"copies.js": "bookgen.html"}
"""The page's files that live with the player's: the second copy of what a page keeps."""


def _static(name: str, kind: str) -> Response:
    if name in SHARED_STATIC:
        data = resources.files(SHARED_STATIC[name]).joinpath(name)
    else:
        data = resources.files("bookgen.studio").joinpath("static").joinpath(name)
    if not data.is_file():
        abort(404)
    return Response(data.read_bytes(), mimetype=kind, headers={"Cache-Control": "no-cache"})


def _job(jobs: Jobs, job_id: str) -> Job:
    job = jobs.find(job_id)
    if job is None:
        abort(404)
    return job


class _Problems(Exception):
    """A book the loader refuses, with every problem it has (config_problems)."""

    def __init__(self, errors: list[BookgenError], file: str) -> None:
        super().__init__(errors[0].message)
        self.errors = errors
        self.file = file  # the config the studio wrote: a file that does not exist, named by none


def _error(error: BookgenError, config_file: str | None = None) -> dict[str, Any]:
    """A loader message as the page shows it beside the field named by `key`; its text names the
    file only when it is one the teacher has (a layout or words file), not the config the studio
    made up from the form."""
    shown = error if error.file != config_file else BookgenError(error.message, key=error.key)
    return {"key": error.key, "message": error.message, "line": error.line, "text": str(shown)}


def _book(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise BookgenError(_("send the book as a mapping of keys to values"))
    return data


def _yaml_of(book: dict[str, Any]) -> tuple[str, Path]:
    """The config's YAML text and the file name it is offered under (from the title)."""
    text = yaml.safe_dump(book, sort_keys=False, allow_unicode=True, width=100)
    return _sized(text, "the book"), Path(f"{file_stem(book.get('title'), book.get('language'))}.yaml")


_SPELLED = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l", "þ": "th",
            "ı": "i"}
"""Letters that NFKD leaves whole, as they are written in plain Latin letters."""
_SPELLED_GERMAN = {"ä": "ae", "ö": "oe", "ü": "ue"}
"""How German writes its umlauts without them ("Tierrätsel": tierraetsel, not tierratsel)."""
_WINDOWS_DEVICES = re.compile(r"con|prn|aux|nul|com\d|lpt\d")
"""Names Windows keeps for its devices: con.yaml cannot be saved there."""


def file_stem(title: Any, code: Any = None) -> str:
    """The name a book's files are offered under, from its title: lower-case letters a to z,
    digits and hyphens, at most 40 (a name every system saves); accents taken off as the book's
    language (`code`) writes it without them (German "Tierrätsel Klasse 3b": tierraetsel-klasse-3b;
    French "Été": ete), "book" where nothing is left."""
    text = str(title or "").lower()
    if code == "de":
        text = "".join(_SPELLED_GERMAN.get(char, char) for char in text)
    text = "".join(_SPELLED.get(char, char) for char in unicodedata.normalize("NFKD", text))
    plain = "".join(char for char in text if not unicodedata.combining(char))
    stem = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:40].strip("-") or "book"
    return f"{stem}-book" if _WINDOWS_DEVICES.fullmatch(stem) else stem


def _sized(text: str, name: str) -> str:
    """The text of a config, refused past limits.CONFIG_BYTES as a config file would be."""
    if len(text.encode("utf-8", "surrogatepass")) > limits.CONFIG_BYTES:  # the loader names a half
        raise BookgenError(_("it is larger than {most} bytes, the most bookgen reads from a config (see "
                             "docs/limits.md)").format(most=f"{limits.CONFIG_BYTES:,}"), file=name)
    return text


def _read(text: str, file: Path, folder: Path) -> Any:
    """The config the CLI would read from folder/file, refusing files it names outside the folder."""
    return read_config_text(text, folder / file, within=folder)


def _plain(value: Any) -> Any:
    """YAML data as JSON can carry it (dates as text); parse_yaml has bounded its nesting."""
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, float) and value != value:
        return None
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)
