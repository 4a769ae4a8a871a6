"""bookgen studio: make a book in the browser, for people who never open a terminal.

`bookgen studio` serves a page on the loopback address that edits a book config with controls
made from the same option specs as `bookgen schema`, previews its pages as they will print, and
downloads the PDF, cover, playable page, JSON lines and the YAML config that `bookgen build`
turns into the same bytes. Flask is an optional extra: pip install 'puzzle-bookgen[studio]'.
"""

from __future__ import annotations

import logging
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import TextIO

from bookgen.errors import BookgenError, install_hint


def serve(host: str, port: int, open_browser: bool, workers: int, out: TextIO) -> int:
    """Serve the studio for the current folder until Ctrl-C, which ends it normally (status 0)."""
    try:
        from werkzeug.serving import make_server
    except ImportError:
        raise BookgenError(f"the studio needs Flask: {install_hint('studio')}") from None
    from bookgen.studio.server import create_app

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    app = create_app(Path.cwd(), host, workers)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:  # the socket is opened here, as werkzeug prints and exits when a port is taken
        listening = socket.create_server((host, port), family=family)
    except OSError as error:
        raise BookgenError(f"cannot listen on {host}:{port} ({error.strerror})", key="--port") from None
    port = listening.getsockname()[1]
    server = make_server(host, port, app, threaded=True, fd=listening.fileno())
    shown_host = f"[{host}]" if ":" in host else host
    address = f"http://{shown_host}:{port}/"
    print(f"bookgen studio: {address}  (Ctrl-C stops it)", file=out, flush=True)
    if open_browser:
        threading.Thread(target=webbrowser.open, args=(address,), daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:  # Ctrl-C is how the studio is meant to stop
        pass
    finally:
        server.server_close()
        listening.close()
        app.extensions["bookgen-studio"].close()
    print("bookgen studio: stopped", file=sys.stderr)
    return 0
