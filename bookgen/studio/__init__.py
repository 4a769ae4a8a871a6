"""bookgen studio: make a book in the browser, for people who never open a terminal.

`bookgen studio` serves a page on the loopback address that edits a book config with controls
made from the same option specs as `bookgen schema`, previews its pages as they will print, and
downloads the PDF, cover, playable page, JSON lines and the YAML config that `bookgen build`
turns into the same bytes. Flask is an optional extra: pip install 'bookgen[studio]'.
"""

from __future__ import annotations

import logging
import sys
import threading
import webbrowser
from pathlib import Path
from typing import TextIO

from bookgen.errors import BookgenError


def serve(host: str, port: int, open_browser: bool, workers: int, out: TextIO) -> int:
    """Serve the studio for the current folder until Ctrl-C."""
    try:
        from werkzeug.serving import make_server
    except ImportError:
        raise BookgenError("the studio needs Flask: pip install 'bookgen[studio]'") from None
    from bookgen.studio.server import create_app

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    app = create_app(Path.cwd(), host, workers)
    try:
        server = make_server(host, port, app, threaded=True)
    except (OSError, SystemExit) as error:  # werkzeug exits when the port is taken
        raise BookgenError(f"cannot listen on {host}:{port} ({error})", key="--port") from None
    shown_host = f"[{host}]" if ":" in host else host
    address = f"http://{shown_host}:{server.server_port}/"
    print(f"bookgen studio: {address}  (Ctrl-C stops it)", file=out, flush=True)
    if open_browser:
        threading.Thread(target=webbrowser.open, args=(address,), daemon=True).start()
    try:
        server.serve_forever()
    finally:
        server.server_close()
        app.extensions["bookgen-studio"].close()
        print("bookgen studio: stopped", file=sys.stderr)
    return 0
