"""The recorded claims the page could not judge at once, judged in the background.

Every hand known, ``referee claim`` always decides a claim (no budget), but the page must
answer at once, so its bounded search leaves a long one "being judged"
(``referee.claims.recorded.LONG``). Each such claim is sent, once, to one worker, which runs
the command's unbounded search; when it ends, the verdict is kept and every game showing
"being judged" is shown again, so the live pages get the verdict over their event stream.

The worker is a thread where the compiled search core runs (``referee.solve.core``): its
search runs with the GIL released, so the pages go on answering beside it; with the pure
core it is a process (a search of Python is CPU work that holds the GIL: in a thread it would
slow every page). It is started on the first such claim and ended with the server: the
process with its search under way; the thread is left to finish its search (a daemon: at
most seconds with the compiled core), whose verdict is then dropped."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from referee.claims import recorded
from referee.solve import core


class Judges:
    """The background searches of one server; ``done`` is called (from another thread)
    after each verdict is kept."""

    def __init__(self, done: Callable[[], None]) -> None:
        self.done = done
        self._pool: Any = None
        self._sent: set[recorded.Where] = set()
        self._lock = threading.Lock()
        self._closed = False

    def take(self) -> None:
        """Send every claim left "being judged" that is not sent yet."""
        with self._lock:
            if self._closed:
                return
            for ask in recorded.undecided():
                if ask.where in self._sent:
                    continue
                self._sent.add(ask.where)
                self._start().apply_async(
                    recorded.decide, (ask,),
                    callback=lambda answer, ask=ask: self._kept(ask, answer),
                    error_callback=lambda e, ask=ask: self._kept(
                        ask, f"not judged: the referee failed ({type(e).__name__}: {e})"))

    def pending(self) -> int:
        """How many claims are sent and not yet judged and shown."""
        with self._lock:
            return len(self._sent)

    def _start(self) -> Any:
        if self._pool is None and core.compiled() is not None:
            from multiprocessing.pool import ThreadPool

            self._pool = ThreadPool(1)  # (the search without the GIL: see the module)
        if self._pool is None:
            import multiprocessing

            from cli.workers import quiet  # (Ctrl-C left to the server, which ends it)

            # spawn: the server runs threads (the watcher), which a fork would copy mid-work
            self._pool = multiprocessing.get_context("spawn").Pool(1, initializer=quiet)
        return self._pool

    def _kept(self, ask: recorded.Ask, answer: str) -> None:
        recorded.settle(ask, answer)
        try:
            if not self._closed:
                self.done()
        finally:  # pending once the pages have it
            with self._lock:
                self._sent.discard(ask.where)

    def close(self) -> None:
        """End the worker (the server is stopping): the process with its search, the thread
        once its search ends (its verdict is dropped)."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.terminate()
