"""Signals at the table: SIGHUP and SIGTERM leave at once, and Ctrl-C, SIGHUP and SIGTERM are
held back while an entry is checked and saved."""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator
from typing import Any

from cli import reader as rd
from cli.reader import HangUp


def _hang_up(signum: int, frame: Any) -> None:
    """SIGHUP / SIGTERM: leave at once (nothing is lost: entries are saved when accepted).

    Inside the line editor the signal must not raise from an event-loop callback (prompt_toolkit
    would then ask to 'Press ENTER'): the editor is told to stop instead, and ``read`` raises
    ``HangUp`` once it has returned."""
    rd.HUNG_UP = signum
    if "prompt_toolkit" in sys.modules:
        from prompt_toolkit.application.current import get_app_or_none

        app = get_app_or_none()
        if app is not None and app.is_running:
            # the editor stops; if it is already ending (Enter was just pressed), the table
            # sees HUNG_UP as soon as the line is back, before doing anything with it
            def stop() -> None:
                if app.is_running and not app.is_done:
                    app.exit(exception=EOFError())

            if not app.is_done and app.loop is not None:
                with contextlib.suppress(RuntimeError):  # the editor's loop is closing
                    app.loop.call_soon_threadsafe(stop)
            return
    raise HangUp(signum)


@contextlib.contextmanager
def held_signals() -> Iterator[None]:
    """Hold Ctrl-C, SIGHUP and SIGTERM back while an entry is checked and saved."""
    sigs = {getattr(signal, n) for n in ("SIGINT", "SIGHUP", "SIGTERM") if hasattr(signal, n)}
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, sigs)
    except (AttributeError, ValueError, OSError):  # not the main thread, or no such call
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
