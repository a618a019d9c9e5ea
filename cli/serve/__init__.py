"""``referee serve``: the game (or a folder of games) as read-only web pages, live.

* ``make_app(target, token=, max_clients=)``: the Starlette app (``cli.serve.app``);
* ``start_server(target, host=, port=, token=)``: the app on uvicorn in a background thread
  (``play --serve``), returning a handle with ``.url`` (the base URL, token included) and
  ``.stop()``;
* ``serve(target, ...)``: the blocking server of the ``serve`` command; Ctrl-C exits 130 and
  SIGTERM 143, as the rest of the CLI does, once every page's stream is closed.

Only ``serve`` and ``play --serve`` import this package (and with it Starlette, uvicorn,
Jinja2, sse-starlette, watchfiles, segno and pygal): the other commands start as before.
"""

from __future__ import annotations

import contextlib
import socket
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence

    from starlette.applications import Starlette

__all__ = ["make_app", "start_server", "serve", "Running"]
DEFAULT_PORT = 8000


def make_app(target: Path, *, token: str | None = None, max_clients: int = 100,
             hosts: Sequence[str] | None = None, seats: bool = False) -> Starlette:
    """The Starlette app serving ``target`` (``cli.serve.app.make_app``); ``hosts``: the
    names a request's ``Host`` may give (by default this machine's loopback names)."""
    from cli.serve.app import LOOPBACK
    from cli.serve.app import make_app as make

    return make(target, token=token, max_clients=max_clients,
                hosts=LOOPBACK if hosts is None else hosts, seats=seats)


def own_hosts(host: str) -> list[str]:
    """The names this server answers to when it listens on ``host``: the loopback names,
    and on every interface (``--lan``) this machine's addresses on the local network and its
    host name (``NAME`` and ``NAME.local``). Any other ``Host`` is refused (400)."""
    from cli.serve.app import LOOPBACK

    names = list(LOOPBACK)
    if host in ("0.0.0.0", "::"):
        names += lan_addresses()
        with contextlib.suppress(OSError):
            me = socket.gethostname()
            if me:
                names += [me, me.removesuffix(".local") + ".local"]
    elif host not in names:
        names.append(host)
    return list(dict.fromkeys(names))


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def _server(app: Any) -> Any:
    """A uvicorn server for ``app`` that, asked to stop, first ends every page's stream (an
    open event stream would otherwise hold the graceful shutdown)."""
    import uvicorn
    from sse_starlette.sse import AppStatus

    from cli.serve.app import Headers

    # the streams are ended by the hub (``close_soon`` below), each with its response
    # completed; sse-starlette's own drain would cut them off half-way instead
    AppStatus.disable_automatic_graceful_drain()  # type: ignore[no-untyped-call]
    site = app.state.site

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            site.hub.close_soon()
            super().handle_exit(sig, frame)

    config = uvicorn.Config(Headers(app), log_level="warning", access_log=False,
                            lifespan="on", ws="none", loop="asyncio", http=h11_secured(),
                            timeout_graceful_shutdown=3, server_header=False)
    return Server(config)


def h11_secured() -> type[Any]:
    """uvicorn's HTTP/1.1 protocol (h11), whose own answer to a request it cannot parse (a
    bare 400, sent before any app runs) also carries the pages' security headers."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    from cli.serve.app import secured

    class Secured(H11Protocol):
        def send_400_response(self, msg: str) -> None:
            headers = secured([(b"content-type", b"text/plain; charset=utf-8"),
                               (b"connection", b"close")])
            for event in (h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
                          h11.Data(data=msg.encode("ascii")), h11.EndOfMessage()):
                self.transport.write(self.conn.send(event) or b"")
            self.transport.close()

    return Secured


def port_file(target: Path) -> Path | None:
    """Where the last port used to serve the file ``target`` is kept: ``.FILE.port`` beside
    it, as its ``.FILE.history``; a folder's is not kept (None)."""
    return None if target.is_dir() else target.with_name(f".{target.name}.port")


def last_port(target: Path) -> int | None:
    """The last port ``target`` was served on, if it was (and the note is readable)."""
    note = port_file(target)
    try:
        port = int(note.read_text(encoding="ascii").strip()) if note is not None else 0
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return port if 0 < port < 65536 else None


def listen_for(target: Path, host: str, port: int | None, default: int) -> socket.socket:
    """The listening socket for ``target``: on ``port`` when given (an ``OSError`` when it is
    taken); without it, the last port used for this file when it is free (so the phones'
    open pages reconnect after a restart), else ``default`` when free, else any free port.
    The port taken is noted for the next time (a note that cannot be written is no
    matter)."""
    tries = [port] if port is not None else \
        [*dict.fromkeys(x for x in (last_port(target), default) if x is not None), 0]
    for p in tries[:-1]:
        try:
            sock = _listen(host, p)
            break
        except OSError:
            continue
    else:
        sock = _listen(host, tries[-1])
    note = port_file(target)
    if note is not None:
        with contextlib.suppress(OSError):
            note.write_text(f"{sock.getsockname()[1]}\n", encoding="ascii")
    return sock


class Running:
    """A server running in a background thread: ``url`` (the base, token included) and
    ``stop()``."""

    def __init__(self, app: Any, sock: socket.socket, url: str) -> None:
        self.app = app
        self.url = url
        self._sock = sock
        self._server = _server(app)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]},
                                        name="referee-serve", daemon=True)

    def start(self, timeout: float = 10.0) -> Running:
        self._thread.start()
        end = time.monotonic() + timeout
        while not self._server.started and self._thread.is_alive():
            if time.monotonic() > end:
                raise RuntimeError("the web server did not start")
            time.sleep(0.01)
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self.app.state.site.hub.close_soon()
        self._server.should_exit = True
        self._thread.join(timeout)
        self._sock.close()


def base_url(host: str, port: int, token: str | None) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/" + ("" if token is None else f"t/{token}/")


def start_server(target: Path, *, host: str = "127.0.0.1", port: int | None = 0,
                 token: str | None = None, max_clients: int = 100,
                 remember: bool = False, seats: bool = False) -> Running:
    """Serve ``target`` on ``host``:``port`` (0: any free port) from a background thread;
    with ``remember`` (``play --serve``), the port is ``listen_for``'s (None: the last one
    used for this file when free) and noted. On every interface (``0.0.0.0``, ``--lan``),
    ``.url`` names this machine's first address on the local network, the one the phones
    open."""
    app = make_app(Path(target), token=token, max_clients=max_clients, hosts=own_hosts(host),
                   seats=seats)
    sock = listen_for(Path(target), host, port, DEFAULT_PORT) if remember else \
        _listen(host, port or 0)
    shown = host
    if host in ("0.0.0.0", "::"):
        shown = next(iter(lan_addresses()), "127.0.0.1")
    return Running(app, sock, base_url(shown, sock.getsockname()[1], token)).start()


def lan_addresses() -> list[str]:
    """This machine's addresses on the local network (not loopback): those the name resolver
    gives for its host name, else the one its route out would use (a UDP socket "connected"
    to a private address, which sends nothing); nothing is sent anywhere."""
    out: list[str] = []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        addr = str(info[4][0])
        if not addr.startswith("127.") and addr not in out:
            out.append(addr)
    if not out:  # Debian maps the host name to 127.0.1.1
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            addr = str(s.getsockname()[0])
            if not addr.startswith("127.") and addr != "0.0.0.0":
                out.append(addr)
    return out


def lan_banner(target: str, urls: list[str], ascii_only: bool = False) -> str:
    """What ``serve --lan`` prints: the address to open, a QR code of it (segno) for the
    phones, and that the token is the key. ``ascii_only`` (the table mode's ``--ascii``): the
    code's modules as ``##``, its light ones as spaces, instead of block characters."""
    from cli.seats import qr

    # the address on a line of its own: a terminal of 80 columns does not break it
    lines = [f"serving {target} read-only on the local network; the phones open", urls[0]]
    lines += [f"or {u}" for u in urls[1:]]
    lines += [qr(urls[0], ascii_only),
              "the token in the address is the key: without it the server answers 404"]
    return "\n".join(lines)


def tell(target: Path, host: str, port: int, token: str | None, lan: bool, say: Any,
         ascii_only: bool = False) -> None:
    """Where the page is: this machine's address, or with ``lan`` the local network's (the
    first also as a QR code) and a word about the token (``serve`` and ``play --serve``)."""
    if lan:
        urls = [base_url(a, port, token) for a in lan_addresses()] or \
            [base_url("THIS-MACHINE", port, token)]
        say(lan_banner(str(target), urls, ascii_only))
    else:
        say(f"serving {target} read-only at {base_url(host, port, token)} (this machine "
            "only; --lan for the phones at the table)")


def seat_host(host: str) -> str:
    """The host the seats' links name: the local network's first address when serving every
    interface, else ``host``."""
    if host in ("0.0.0.0", "::"):
        return next(iter(lan_addresses()), "127.0.0.1")
    return host


def tell_seats(app: Any, host: str, port: int, say: Any, ascii_only: bool = False) -> None:
    """Each seat's link (``NAME: URL``, and on a terminal its QR code), made when missing."""
    from cli.seats import links
    from cli.seats import tell as tell_links

    seats = app.state.site.seats
    tell_links(links(seats.path, seats.players, seat_host(host), port), say,
               ascii_only=ascii_only)


def serve(target: Path, *, host: str = "127.0.0.1", port: int | None = None,
          token: str | None = None, lan: bool = False, say: Any = print,
          seats: bool = False) -> int:
    """The ``serve`` command: serve until Ctrl-C (exit 130) or SIGTERM (exit 143); on
    ``port``, else the last port used for this file when free (``listen_for``)."""
    import signal

    if lan:
        host = "0.0.0.0"
        from cli.serve.app import new_token

        token = token or new_token()
    app = make_app(Path(target), token=token, hosts=own_hosts(host), seats=seats)
    sock = listen_for(Path(target), host, port, DEFAULT_PORT)
    port = sock.getsockname()[1]
    tell(target, host, port, token, lan,
         (lambda t: say(t.replace(" read-only", " (the seats may enter)", 1))) if seats else say)
    if seats:
        tell_seats(app, host, port, say)
    say("Ctrl-C stops it")
    sys.stdout.flush()
    server = _server(app)
    stopped = {"code": 0}

    def on_term(signum: int, frame: Any) -> None:  # re-raised by uvicorn once it has stopped
        stopped["code"] = 143
        raise SystemExit(143)

    old = signal.signal(signal.SIGTERM, on_term)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        stopped["code"] = 130
    except SystemExit as e:
        stopped["code"] = int(e.code) if isinstance(e.code, int) else 143
    finally:
        signal.signal(signal.SIGTERM, old)
        sock.close()
    if stopped["code"]:
        sys.stderr.write("referee: serve: stopped\n")
    return stopped["code"]
