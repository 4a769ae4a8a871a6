"""bookgen studio: make a book in the browser, for people who never open a terminal.

`bookgen studio` serves a page on the loopback address, to those who open the address it prints
(with its secret token), that edits a book config with controls
made from the same option specs as `bookgen schema`, previews its pages as they will print, and
downloads the PDF, cover, playable page, JSON lines and the YAML config that `bookgen build`
turns into the same bytes. Flask is an optional extra: pip install 'puzzle-bookgen[studio]'.
"""

from __future__ import annotations

import errno
import logging
import os
import signal
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import TextIO

from bookgen.errors import BookgenError
from bookgen.extras import install_hint
from bookgen.i18n import N_, refusal, refusing
from bookgen.i18n.reasons import os_reason

USUAL_PORT = 8765
"""The port the studio asks for first: the browser keeps the book being made, and the recent
books, per address, so a studio started again on the same port finds them."""


def serve(host: str, port: int | None, open_browser: bool, workers: int, out: TextIO) -> int:
    """Serve the studio for the current folder until Ctrl-C, which ends it normally (status 0).
    Without a port it takes USUAL_PORT, or any free one when that is taken."""
    try:
        from werkzeug.serving import make_server
    except ImportError:
        raise BookgenError(refusal(N_("the studio needs Flask: {hint}"),
                                   hint=install_hint("studio"))) from None
    from bookgen.studio.server import create_app, is_loopback

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = (_listen(host, USUAL_PORT, family, fallback=0) if port is None
                 else _listen(host, port, family))
    app = create_app(Path.cwd(), host, workers)
    port = listening.getsockname()[1]
    server = make_server(host, port, app, threaded=True, fd=listening.fileno())
    shown_host = f"[{host}]" if ":" in host else host
    address = f"http://{shown_host}:{port}/?token={app.config['STUDIO_TOKEN']}"
    if not is_loopback(host):
        print(f"bookgen studio: warning: serving on {host}, beyond this computer: anyone on the "
              "network who has the address below (with its token) can use the studio",
              file=sys.stderr, flush=True)
    stops = {signal.SIGTERM: signal.getsignal(signal.SIGTERM)}
    if hasattr(signal, "SIGHUP"):  # a closed terminal
        stops[signal.SIGHUP] = signal.getsignal(signal.SIGHUP)
    try:  # from the moment the address is out, Ctrl-C is the way to stop
        for number in stops:  # ends the loop below from another thread, at a moment of its choosing
            signal.signal(number, lambda *_: threading.Thread(target=server.shutdown,
                                                                daemon=True).start())
        print(f"bookgen studio: {address}  (Ctrl-C stops it)", file=out, flush=True)
        if open_browser:
            threading.Thread(target=webbrowser.open, args=(address,), daemon=True).start()
        server.serve_forever()
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM and SIGHUP are how the studio is meant to stop
        pass
    finally:
        for number, previous in stops.items():
            signal.signal(number, previous)
        server.server_close()
        listening.close()
        app.extensions["bookgen-studio"].close()
    try:
        print("bookgen studio: stopped", file=sys.stderr)
    except OSError:  # the terminal that SIGHUP announced has gone
        pass
    return 0


def _listen(host: str, port: int, family: socket.AddressFamily,
            fallback: int | None = None) -> socket.socket:
    """The listening socket (opened here, as werkzeug prints and exits when a port is taken); on
    the `fallback` port when `port` is taken and one is given."""
    try:
        socket.getaddrinfo(host, port, family)
        return socket.create_server((host, port), family=family)
    except OSError as error:
        if fallback is not None and error.errno in (errno.EADDRINUSE, errno.EACCES):
            return _listen(host, fallback, family)
        raise _cannot_listen(host, port, error) from None


def _cannot_listen(host: str, port: int, error: OSError) -> BookgenError:
    """Why the socket could not be opened, blamed on the option at fault: an address this computer
    does not have, or cannot look up, is --host's; a port taken or reserved is --port's."""
    if isinstance(error, socket.gaierror) or not error.errno:
        reason = error.strerror or str(error)
    else:  # create_server's own text would add the address as a Python tuple
        with refusing():
            reason = os_reason(OSError(error.errno, os.strerror(error.errno)))
    if isinstance(error, socket.gaierror) or error.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
        return BookgenError(refusal(N_("cannot listen on {host} ({reason})"), host=host, reason=reason),
                            key="--host")
    return BookgenError(refusal(N_("cannot listen on {host}:{port} ({reason})"), host=host, port=port,
                                reason=reason), key="--port")
