"""The seats' links (``referee seats FILE``, ``serve --seats``, ``play --serve --seats`` and
``seats`` at the table prompt): ``NAME: URL`` a line per seat, and on a terminal each URL's
QR code after its line (segno), as ``serve --lan`` prints the table's."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from cli.safe import clean


def seat_url(host: str, port: int, key: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/s/{key}/"


def where(path: Path, lan: bool) -> tuple[str, int]:
    """The host and port the links name when no server is running: the local network's
    first address with ``lan`` (else this machine's), the last port used for this file
    when there was one (else the default), as ``serve`` would take them."""
    from cli.serve import DEFAULT_PORT, lan_addresses, last_port

    host = next(iter(lan_addresses()), "127.0.0.1") if lan else "127.0.0.1"
    return host, last_port(path) or DEFAULT_PORT


def links(path: Path, players: Sequence[str], host: str, port: int,
          renew: str | None = None) -> list[tuple[str, str]]:
    """Each seat's name and link (its key made when it has none; ``renew``: replaced)."""
    from referee.store import seatkeys

    keys = seatkeys.ensure(path, players, renew)
    return [(p, seat_url(host, port, keys[p])) for p in players]


def qr(url: str, ascii_only: bool = False) -> str:
    import segno

    code = segno.make(url, error="m")
    out = io.StringIO()
    if ascii_only:
        for row in code.matrix_iter(border=2):
            out.write("".join("##" if dark else "  " for dark in row).rstrip() + "\n")
    else:
        code.terminal(out=out, compact=True)
    return out.getvalue().rstrip("\n")


def tell(pairs: Sequence[tuple[str, str]], say: Callable[[str], object],
         codes: bool | None = None, ascii_only: bool = False) -> None:
    """``NAME: URL`` a line per seat; with ``codes`` (default: stdout is a terminal) each
    line followed by its QR code."""
    if codes is None:
        codes = sys.stdout.isatty()
    for name, url in pairs:
        say(f"{clean(name)}: {url}")
        if codes:
            say(qr(url, ascii_only))


def run(path: Path, new: str | None, lan: bool, ascii_only: bool = False) -> int:
    """``referee seats FILE [--new NAME] [--lan]``."""
    from cli.views import session
    from referee.notation import resolve_player

    s = session(path)
    renew = resolve_player(new, s.setup.players) if new is not None else None
    host, port = where(path, lan)
    tell(links(path, s.setup.players, host, port, renew), print, ascii_only=ascii_only)
    return 0
