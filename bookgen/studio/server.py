"""The studio's web server: a page that edits a book config, and a small JSON API behind it.

The page sends the book as the mapping a YAML config holds; the server turns it into the YAML text
it offers for download, reads that text with the CLI's own loader (so every limit and message is
the CLI's), and builds from it in a worker process. There is no second path from the form to a
book: what the studio builds is what `bookgen build` makes of the downloaded YAML.

Guards for a server any web page in the browser could call: it answers only requests addressed
to its own host name (no DNS rebinding), takes only JSON bodies (a form on another site cannot
send one without asking first, and the server never says yes), caps every body at
limits.STUDIO_REQUEST_BYTES, reads files only inside the folder it was started in, and writes none.
"""

from __future__ import annotations

import datetime
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from flask import Flask, Response, abort, jsonify, request

from bookgen import limits
from bookgen.config import available_layouts, is_layout_file, read_config_text
from bookgen.core.grading import LEVELS
from bookgen.errors import BookgenError
from bookgen.puzzles import PUZZLE_TYPES, find_type
from bookgen.schema import book_schema, option_schema
from bookgen.studio.examples import example_png
from bookgen.studio.jobs import Job, Jobs
from bookgen.studio.pages import PageStore
from bookgen.yamlsource import parse_yaml

PURPOSES = ("preview", "build")
_KINDS = {"pdf": "application/pdf", "html": "text/html", "jsonl": "application/jsonl",
          "yaml": "application/yaml"}  # what a build's files are, by their ending
_DIGEST = re.compile(r"[0-9a-f]{32}")
_LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def create_app(folder: Path, host: str = "127.0.0.1", workers: int = 1) -> Flask:
    """The studio for books whose relative paths (layout files, banks) start in `folder`."""
    folder = folder.resolve()
    app = Flask(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = limits.STUDIO_REQUEST_BYTES
    app.json.sort_keys = False  # type: ignore[attr-defined]  # the form follows the schema's order
    pages = PageStore()
    jobs = Jobs(workers)
    app.extensions["bookgen-studio"] = jobs

    @app.before_request
    def guard() -> None:
        if host in _LOOPBACK and request.host.rsplit(":", 1)[0] not in _LOOPBACK:
            abort(403, "the studio answers only to its own address")
        if request.method == "POST" and not request.is_json:
            abort(415, "the studio takes JSON")

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self' blob: data:; object-src 'none'; "
            "frame-ancestors 'none'")
        return response

    @app.errorhandler(BookgenError)
    def refused(error: BookgenError) -> tuple[Response, int]:
        return jsonify(errors=[_error(error)]), 400

    @app.get("/")
    def index() -> Response:
        return _static("index.html", "text/html")

    @app.get("/static/<name>")
    def static_file(name: str) -> Response:
        kinds = {"js": "text/javascript", "css": "text/css"}
        kind = kinds.get(name.rsplit(".", 1)[-1])
        if kind is None or not re.fullmatch(r"[a-z]+\.[a-z]+", name):
            abort(404)
        return _static(name, kind)

    @app.get("/api/schema")
    def schema() -> Response:
        """What the form is made of: the book's keys as `bookgen schema` states them, and per
        type its levels, rules and the schema of each of its options."""
        book = book_schema()
        return jsonify(
            book=book, section=book["properties"]["sections"]["items"], layouts=available_layouts(),
            levels=list(LEVELS),
            types=[{"name": t.name, "title": t.title, "rules": t.rules(None),
                    "options": {o.name: option_schema(o) for o in t.options}} for t in PUZZLE_TYPES])

    @app.post("/api/open")
    def open_config() -> Response:
        """A YAML config as the mapping the page edits (comments are not kept)."""
        body = request.get_json()
        text = body.get("yaml") if isinstance(body, dict) else None
        if not isinstance(text, str):
            raise BookgenError("send {\"yaml\": TEXT}")
        data = _plain(parse_yaml(_sized(text, "the opened file"), "the opened file").data)
        if not isinstance(data, dict):
            raise BookgenError("a book config is a mapping of keys to values", file="the opened file")
        return jsonify(book=data)

    @app.post("/api/jobs")
    def start() -> tuple[Response, int]:
        body = request.get_json()
        purpose = body.get("purpose") if isinstance(body, dict) else None
        if purpose not in PURPOSES:
            raise BookgenError("purpose must be preview or build", key="purpose")
        text, file = _yaml_of(_book(body.get("book")))
        config = _read(text, file, folder)
        formats = ("pdf",) if purpose == "preview" else config.formats
        config_file = [(file.name, text.encode("utf-8"))] if purpose == "build" else []
        job = jobs.start(purpose, config, text, file, formats, config_file)
        rules = [find_type(section.type).rules(section.request) for section in config.sections]
        return jsonify({**job.status(), "rules": rules, "yaml": text, "name": file.name}), 202

    @app.get("/api/jobs/<job_id>")
    def status(job_id: str) -> Response:
        job = _job(jobs, job_id)
        answer = job.status()
        if job.state == "done" and job.purpose == "preview":
            answer["pages"] = [{"part": name, "digest": digest} for name, data in job.files
                               if name.endswith(".pdf") for digest in _pages_of(pages, job, name, data)]
        return jsonify(answer)

    @app.post("/api/jobs/<job_id>/cancel")
    def cancel(job_id: str) -> Response:
        job = _job(jobs, job_id)
        jobs.cancel(job)
        return jsonify(job.status())

    @app.get("/api/jobs/<job_id>/files/<name>")
    def download(job_id: str, name: str) -> Response:
        job = _job(jobs, job_id)
        for file_name, data in job.files if job.state == "done" else ():
            if file_name == name:
                kind = _KINDS.get(name.rsplit(".", 1)[-1], "application/octet-stream")
                return Response(data, mimetype=kind, headers={
                    "Content-Disposition": f"attachment; filename=\"{name}\""})
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
        puzzle_type = find_type(type_name)
        try:
            options = json.loads(request.args.get("options", "{}"))
        except ValueError:
            options = None
        if not isinstance(options, dict):
            raise BookgenError("options must be a JSON mapping", key="options")
        png = example_png(puzzle_type, request.args.get("difficulty") or LEVELS[0], options)
        if png is None:
            abort(404)
        return Response(png, mimetype="image/png")

    return app


def _pages_of(pages: PageStore, job: Job, name: str, data: bytes) -> list[str]:
    """The page digests of one of a preview's PDFs, found once."""
    if name not in job.digests:
        job.digests[name] = pages.add(data)
    return job.digests[name]


def _static(name: str, kind: str) -> Response:
    data = resources.files("bookgen.studio").joinpath("static").joinpath(name)
    if not data.is_file():
        abort(404)
    return Response(data.read_bytes(), mimetype=kind, headers={"Cache-Control": "no-cache"})


def _job(jobs: Jobs, job_id: str) -> Job:
    job = jobs.find(job_id)
    if job is None:
        abort(404)
    return job


def _error(error: BookgenError) -> dict[str, Any]:
    """A loader message as the page shows it beside the field named by `key`."""
    return {"key": error.key, "message": error.message, "line": error.line, "text": str(error)}


def _book(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise BookgenError("send the book as a mapping of keys to values")
    return data


def _yaml_of(book: dict[str, Any]) -> tuple[str, Path]:
    """The config's YAML text and the file name it is offered under (from the title)."""
    text = yaml.safe_dump(book, sort_keys=False, allow_unicode=True, width=100)
    slug = re.sub(r"[^a-z0-9]+", "-", str(book.get("title", "")).lower()).strip("-")[:40] or "book"
    return _sized(text, "the book"), Path(f"{slug}.yaml")


def _sized(text: str, name: str) -> str:
    """The text of a config, refused past limits.CONFIG_BYTES as a config file would be."""
    if len(text.encode("utf-8", "surrogatepass")) > limits.CONFIG_BYTES:  # the loader names a half
        raise BookgenError(f"it is larger than {limits.CONFIG_BYTES:,} bytes, the most bookgen reads "
                           "from a config (see docs/limits.md)", file=name)
    return text


def _read(text: str, file: Path, folder: Path) -> Any:
    """The config the CLI would read from folder/file, refusing paths that leave the folder."""
    source = parse_yaml(text, file.name)
    data = source.data if isinstance(source.data, dict) else {}
    named: list[tuple[tuple[Any, ...], Any]] = [(("layout",), data.get("layout")),
                                                 (("exclude",), data.get("exclude"))]
    sections = data.get("sections")
    for index, section in enumerate(sections if isinstance(sections, list) else []):
        if isinstance(section, dict):
            named.append((("sections", index, "from"), section.get("from")))
    for path, value in named:
        for item in value if isinstance(value, list) else [value]:
            if not isinstance(item, str) or (path == ("layout",) and not is_layout_file(item)):
                continue
            if not (folder / item).resolve().is_relative_to(folder):
                raise source.error(path, f"{item!r} is outside the folder the studio was started "
                                   f"in ({folder}); the studio reads files only there")
    return read_config_text(text, folder / file)


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
