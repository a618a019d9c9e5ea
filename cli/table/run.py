"""``referee play [FILE]``: open the file or start a game (asking), then the table."""

from __future__ import annotations

import contextlib
import signal
import sys
from pathlib import Path
from typing import Any

from cli import reader as rd
from cli.reader import HangUp
from cli.table.loop import INTERRUPTED, Table
from cli.table.signals import _hang_up
from referee.errors import NotationError


def run(path: Path | None, ascii_only: bool = False, serve: bool = False,
        lan: bool = False, port: int | None = None, seats: bool = False) -> int:
    """``referee play [FILE]``: start (asking) or resume a game, then play it; with ``serve``,
    the game's page served alongside (``lan``: on the local network, with a token)."""
    from cli.plain import tolerant_stdout
    from cli.reader import TermReader, history_path, reader_for

    rd.HUNG_UP = 0
    tolerant_stdout()
    for name in ("SIGHUP", "SIGTERM"):  # SIGHUP does not exist on Windows
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _hang_up)
    try:
        lines = reader_for(history_path(path) if path is not None else None, ascii_only)
        session = open_or_start(path, lines, ascii_only)
        if session is None:
            return 0
        if isinstance(session, int):  # Ctrl-C at the questions
            return session
        path = Path(session.path)
        from referee.store.atomic import check_writable

        check_writable(path)  # a read-only file is refused before anything is typed
        if isinstance(lines, TermReader) and lines.history_path is None:
            lines.history_path = history_path(path)
            lines.detach()
        table = Table(session, path, ascii_only, lines)
        if not serve:
            return table.run()
        from cli.table.serving import served

        table.resume_options = (" --serve --lan" if lan else " --serve") + \
            (" --seats" if seats else "")  # (the port is kept)
        with served(path, lan, lambda text: sys.stdout.write(text + "\n"), ascii_only, port,
                    seats) as handle:
            if seats:
                # a virtual deal played from the seats' pages: each phone sees its own hand,
                # this screen none (as a private deal: referee.history.private)
                table.all_private = session.setup.seed is not None
                table.serving = handle
                handle.app.state.site.on_entry = table.from_phone
                if isinstance(lines, TermReader):
                    lines.on_start = table.phone_landed
            return table.run()
    except HangUp as e:
        signum = e.args[0] if e.args and isinstance(e.args[0], int) else signal.SIGHUP
        with contextlib.suppress(OSError, ValueError):  # the terminal may be gone (SIGHUP)
            sys.stderr.write(f"referee: stopped by {signal.Signals(signum).name}; every "
                             "accepted entry is saved\n")
            sys.stderr.flush()
        return 128 + signum
    except BrokenPipeError:
        return 0


def open_or_start(path: Path | None, lines: Any, ascii_only: bool) -> Any:
    """The session to play: the file's, or a new game asked for; None when the user stops
    (Ctrl-D, or 'no'), ``INTERRUPTED`` on Ctrl-C."""
    from referee.history.session import Session

    def ask(q: str, words: list[str]) -> str:
        try:
            return str(lines.read(q, lambda before: list(words)))
        except (EOFError, KeyboardInterrupt):
            if rd.HUNG_UP:
                raise HangUp(rd.HUNG_UP) from None
            raise

    def say(text: str) -> None:
        from cli.plain import plain_cards

        sys.stdout.write(plain_cards(text, ascii_only) + "\n")
        sys.stdout.flush()

    if path is not None and path.exists():
        return Session.load(path)
    try:
        if path is not None:
            if not path.parent.is_dir():
                raise NotationError(f"{path}: no such file, and no folder {path.parent} to "
                                    "start one in")
            from cli.start import ask_yes

            if not ask_yes(ask, say, f"{path} does not exist. Start a new game there? [Y/n] ",
                           True):
                say("nothing written")
                return None
        from cli.start import ask_new_game

        return ask_new_game(ask, say, path)
    except (EOFError, KeyboardInterrupt) as e:
        say("\nstopped; nothing written")
        return INTERRUPTED if isinstance(e, KeyboardInterrupt) else None
