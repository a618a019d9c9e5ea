"""``referee play FILE --serve [--lan]``: the table's page served alongside the prompt, in the
same process.

The server (``cli.serve.start_server``: uvicorn in a thread of its own) watches the save file
like any other reader, so it shows what the table saves exactly as it shows an entry from
``referee add`` in another terminal; the table mode itself is unchanged. The server's thread is
started with Ctrl-C, SIGHUP and SIGTERM blocked, so that those signals reach the table's thread
only (where they are held while an entry is saved) and never the server's. ``cli.serve`` is
imported only here, only with ``--serve``: a plain ``play`` starts no faster or slower.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cli.table.signals import held_signals


@contextlib.contextmanager
def served(path: Path, lan: bool, say: Callable[[str], object],
           ascii_only: bool = False, port: int | None = None,
           seats: bool = False) -> Iterator[Any]:
    """The page of ``path`` served while the block runs, on ``port`` (None: the last port
    used for this file when free, so the phones' pages reconnect after a restart); with
    ``seats``, each seat's link told too. Yields the running server (``.url`` its
    address (told first, with ``lan`` the local network's and its QR code, in ASCII
    with ``ascii_only``)."""
    from urllib.parse import urlsplit

    from cli.serve import start_server, tell
    from cli.serve.app import new_token

    host = "0.0.0.0" if lan else "127.0.0.1"
    token = new_token() if lan else None
    try:
        with held_signals():  # the server's thread inherits the blocked signals
            handle = start_server(path, host=host, token=token, port=port, remember=True,
                                  seats=seats)
    except OSError as e:  # (the port given is taken)
        raise OSError(f"cannot serve on port {port}: {e.strerror or e}") from None
    try:
        at = urlsplit(handle.url).port or 0
        tell(path, host, at, token, lan, say, ascii_only)
        if seats:
            from cli.serve import tell_seats

            tell_seats(handle.app, host, at, say, ascii_only)
        sys.stdout.flush()
        yield handle
    finally:
        handle.stop()
