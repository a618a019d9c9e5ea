"""The live feed: a game file watched, its public view rebuilt when it changes, and the new
view pushed to every connected page as a server-sent event.

* The file is replaced atomically by whoever writes it (``referee add``, ``play``, the table
  mode in this process), so it is only ever read whole: a change is noticed (watchfiles, on
  the file's folder, since a rename replaces the file's entry there; and a look at the file's
  stamp on every request, which costs one ``stat``), then the file is read and replayed.
* A file that stops being readable keeps the last good view, with its one-line error beside
  it; a deleted file says so. Either way the version goes up and every page is told.
* Each client has its own small queue. Every event carries the whole state, so a client that
  is behind needs only the newest: a full queue drops its oldest event, and a slow phone never
  holds up the others (nor the watcher). At most ``max_clients`` pages are connected at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cli.serve.views import Stamp

Json = dict[str, Any]
QUEUE = 2  # events a client may be behind before its oldest is dropped
STEP_MS = 20  # watchfiles: the quiet time after a change before it is reported


class TooMany(Exception):
    """The feed already has its most clients."""


@dataclass(slots=True)
class State:
    """One version of what the page shows: the last good game (``game``, a public view
    builder; None until the file is first read), the error reading it now, whether it is
    gone, the version and the live view's JSON text."""

    version: int = 0
    game: Any = None
    error: str | None = None
    gone: bool = False
    doc: Json = field(default_factory=dict)
    text: str = "{}"
    extra: dict[str, Any] = field(default_factory=dict)  # things built from it, on demand


class Feed:
    """One game file's live view and the queues of the pages watching it."""

    def __init__(self, path: Path, build: Callable[[Any, State], Json]) -> None:
        self.path = path
        self.build = build  # the live document of a state (the views', with its HTML parts)
        self.state = State()
        self.clients: set[asyncio.Queue[State | None]] = set()
        self._stamp: Stamp | None = None
        self._lock = threading.Lock()
        self._task: asyncio.Task[None] | None = None
        self._stop: asyncio.Event | None = None
        self.refresh(force=True)

    # -- reading -----------------------------------------------------------------------------

    def refresh(self, force: bool = False) -> bool:
        """Read the file again if it changed (or ``force``); True when the view changed."""
        from cli.serve.views import load
        from referee.errors import RefereeError

        with self._lock:
            stamp = Stamp.of(self.path)
            if not force and stamp == self._stamp:
                return False
            self._stamp = stamp
            old = self.state
            new = State(old.version + 1, old.game, None, False)
            if stamp is None:
                new.gone = True
                new.error = f"{self.path.name}: the file is gone (deleted or moved); the " \
                    "last view read is shown"
            else:
                try:
                    new.game = load(self.path)
                except RefereeError as e:
                    new.error = " ".join(str(e).split())
                except OSError as e:
                    new.error = f"{self.path.name}: {e.strerror or e}"
                except RecursionError:
                    new.error = f"{self.path.name}: nested too deeply to be a save file"
            if (new.game is old.game and new.error == old.error and new.gone == old.gone
                    and not force):
                return False  # touched, nothing else
            new.doc = self.build(new.game, new)
            new.text = json.dumps(new.doc, ensure_ascii=False, separators=(",", ":"))
            self.state = new
        self._publish(new)
        return True

    # -- pushing -----------------------------------------------------------------------------

    def subscribe(self) -> asyncio.Queue[State | None]:
        q: asyncio.Queue[State | None] = asyncio.Queue(QUEUE)
        self.clients.add(q)
        return q

    def unsubscribe(self, q: asyncio.Queue[State | None]) -> None:
        self.clients.discard(q)

    def _publish(self, s: State | None) -> None:
        for q in list(self.clients):
            _offer(q, s)

    def close(self) -> None:
        """Every page's stream ends; the watcher stops."""
        if self._stop is not None:
            self._stop.set()
        self._publish(None)

    # -- watching ----------------------------------------------------------------------------

    def watch(self) -> None:
        """Start watching the file from the running event loop (once)."""
        if self._task is None or self._task.done():
            self._stop = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._watch(self._stop))

    async def _watch(self, stop: asyncio.Event) -> None:
        from watchfiles import awatch

        name = self.path.name
        folder = self.path.parent

        def mine(_change: Any, changed: str) -> bool:
            return Path(changed).name == name

        with contextlib.suppress(asyncio.CancelledError):
            async for _changes in awatch(folder, watch_filter=mine, step=STEP_MS,
                                         debounce=400, stop_event=stop, recursive=False,
                                         ignore_permission_denied=True):
                self.refresh()


def _offer(q: asyncio.Queue[State | None], s: State | None) -> None:
    """Put ``s`` on ``q``, dropping its oldest event when it is full (every event carries the
    whole state: only the newest matters)."""
    while True:
        try:
            q.put_nowait(s)
            return
        except asyncio.QueueFull:
            with contextlib.suppress(asyncio.QueueEmpty):
                q.get_nowait()


class Hub:
    """Every feed of one app (file mode: one; folder mode: one per game opened), the count of
    live clients over them all, and the app's stop."""

    def __init__(self, build: Callable[[Any, State], Json], max_clients: int = 100) -> None:
        self.build = build
        self.max_clients = max_clients
        self.feeds: dict[Path, Feed] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stopping = False
        self._lock = threading.Lock()

    def feed(self, path: Path) -> Feed:
        with self._lock:
            f = self.feeds.get(path)
            if f is None:
                f = Feed(path, self.build)
                self.feeds[path] = f
        f.refresh()
        return f

    def clients(self) -> int:
        return sum(len(f.clients) for f in self.feeds.values())

    def subscribe(self, feed: Feed) -> asyncio.Queue[State | None]:
        """A queue for one more live page of ``feed``; ``TooMany`` past ``max_clients`` over
        every feed of the app."""
        if self.clients() >= self.max_clients:
            raise TooMany(self.max_clients)
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
        return feed.subscribe()

    def close(self) -> None:
        """End every stream and watcher (from the server's loop)."""
        self.stopping = True
        for f in list(self.feeds.values()):
            f.close()

    def close_soon(self) -> None:
        """``close`` from any thread."""
        self.stopping = True
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self.close)
