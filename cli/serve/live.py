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
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread

from cli.serve.views import Stamp

Json = dict[str, Any]
QUEUE = 2  # events a client may be behind before its oldest is dropped
STEP_MS = 20  # watchfiles: the quiet time after a change before it is reported
KEEP = 32  # folder mode: the games kept read at once


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

    def __init__(self, path: Path, build: Callable[[Any, State], Json], name: str | None = None,
                 check: Callable[[], Path] | None = None, every_change: bool = False) -> None:
        self.path = path
        self.name = name or path.name  # what the page calls it (never a path of this machine)
        # the path to read, looked up again on every refresh (folder mode: the real path,
        # still a game file under the folder, else ``OutsideFolder``)
        self.check = check or (lambda: path)
        self.build = build  # the live document of a state (the views', with its HTML parts)
        self.state = State()
        self.clients: set[asyncio.Queue[State | None]] = set()
        self._stamp: tuple[Path, Stamp] | None = None  # the real path read, and its stamp
        self._lock = threading.Lock()
        self.making = threading.Lock()  # one build at a time of what is made from a state
        self._task: asyncio.Task[None] | None = None
        self._stop: asyncio.Event | None = None
        self.loop: asyncio.AbstractEventLoop | None = None  # the pages' loop, once one came
        # with seats, every change of the file is a new version (a seat's view holds more
        # than the table's, and a write checks the version it was made on)
        self.every_change = every_change
        self.refresh(force=True)

    # -- reading -----------------------------------------------------------------------------

    def refresh(self, force: bool = False) -> bool:
        """Read the file again if its stamp changed (or ``force``); True when what the page
        shows changed (then the version goes up and every page is told). The path is checked
        again every time (folder mode: a name swapped for a symlink out of the folder is
        gone, not followed)."""
        from cli.serve.views import OutsideFolder

        with self._lock:
            try:
                real: Path | None = self.check()
            except OutsideFolder:
                real = None
            got = Stamp.of(real) if real is not None else None
            stamp = (real, got) if real is not None and got is not None else None
            if not force and stamp == self._stamp:
                return False
            self._stamp = stamp
            old = self.state
            new = State(old.version + 1, old.game)
            if stamp is None:
                new.gone = True
                why = "is no longer a game file under the folder" if real is None and \
                    os.path.lexists(self.path) else "is gone (deleted or moved)"
                new.error = f"{self.name}: the file {why}; the last view read is shown"
            else:
                new.game, new.error = self._read(stamp[0])
            new.doc = self._document(new, old)
            if not force and not self.every_change and \
                    _unversioned(new.doc) == _unversioned(old.doc):
                self.state.game = new.game  # touched, or written the same: nothing to tell
                return False
            new.text = json.dumps(new.doc, ensure_ascii=False, separators=(",", ":"))
            self.state = new
        self._publish(new)
        return True

    def bump(self) -> None:
        """A new version of the same file (what the server holds beside it changed: a claim
        from a seat's page), built again and told to every page."""
        with self._lock:
            old = self.state
            new = State(old.version + 1, old.game, old.error, old.gone)
            new.doc = self._document(new, old)
            new.text = json.dumps(new.doc, ensure_ascii=False, separators=(",", ":"))
            self.state = new
        self._publish(new)

    def _read(self, real: Path) -> tuple[Any, str | None]:
        """The game in the file, or None and the one line saying why it cannot be read
        (naming the file as the page does, never by a path of this machine)."""
        from cli.serve.views import load
        from referee.errors import RefereeError

        name = self.name
        try:
            return load(real), None
        except RefereeError as e:
            return None, self._named(" ".join(str(e).split()), real)
        except OSError as e:
            return None, f"{name}: {e.strerror or e}"
        except RecursionError:
            return None, f"{name}: nested too deeply to be a save file"
        except Exception as e:  # noqa: BLE001 - a fault of the referee: said, the page lives
            return None, self._named(" ".join(f"{name}: the referee could not replay it "
                                              f"({type(e).__name__}: {e})".split()), real)

    def _named(self, line: str, real: Path) -> str:
        """``line`` with the file's paths on this machine written as the page names it."""
        for p in sorted({str(real), str(self.path), str(self.path.absolute())}, key=len,
                        reverse=True):
            line = line.replace(p, self.name)
        return line

    def _document(self, new: State, old: State) -> Json:
        """The page's document of ``new``; a game that cannot be shown keeps the last good
        one (``old``'s), with the reason in the error line."""
        if new.game is None:
            new.game = old.game
        try:
            return self.build(new.game, new)
        except Exception as e:  # noqa: BLE001 - the engine failed on this file: said
            if new.game is old.game and old.game is not None and new.error is None:
                raise
            new.error = new.error or " ".join(
                f"{self.name}: the referee could not show it ({type(e).__name__}: "
                f"{e})".split())
            new.game = old.game
            return self.build(old.game, new)

    # -- pushing -----------------------------------------------------------------------------

    def subscribe(self) -> asyncio.Queue[State | None]:
        self.loop = asyncio.get_running_loop()
        q: asyncio.Queue[State | None] = asyncio.Queue(QUEUE)
        self.clients.add(q)
        return q

    def unsubscribe(self, q: asyncio.Queue[State | None]) -> None:
        self.clients.discard(q)

    def _publish(self, s: State | None) -> None:
        """Offer ``s`` to every page, from the pages' event loop (a refresh made in another
        thread is handed over to it)."""
        loop = self.loop
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if loop is not None and running is not loop:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody listens
                loop.call_soon_threadsafe(self._offer_all, s)
            return
        self._offer_all(s)

    def _offer_all(self, s: State | None) -> None:
        for q in list(self.clients):
            _offer(q, s)

    def close(self) -> None:
        """Every page's stream ends; the watcher stops (from the pages' loop)."""
        if self._stop is not None:
            self._stop.set()
        self._offer_all(None)

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
                # read and replayed in a worker thread: a long game takes a while, and the
                # other pages must not wait
                await anyio.to_thread.run_sync(self.refresh)


def _unversioned(doc: Json) -> Json:
    return {k: v for k, v in doc.items() if k != "version"}


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
        self.every_change = False  # (``Feed.every_change``: set with seats)
        self._lock = threading.Lock()

    def feed(self, path: Path, name: str | None = None,
             check: Callable[[], Path] | None = None) -> Feed:
        """The feed of ``path`` (made on first use, and read again if the file changed);
        ``name`` and ``check``: ``Feed``'s. Folder mode keeps at most ``KEEP`` feeds: the
        oldest with no page open goes."""
        with self._lock:
            f = self.feeds.get(path)
            if f is None:
                f = Feed(path, self.build, name, check, self.every_change)
                self.feeds[path] = f
                for old in [p for p, g in self.feeds.items() if not g.clients and p != path]:
                    if len(self.feeds) <= KEEP:
                        break
                    self.feeds.pop(old).close()
        f.refresh()
        return f

    def settled(self) -> list[Feed]:
        """Every feed, once any being made or read is done (each build under way finished):
        what news from another thread looks at, which may come while the very build that
        asked for it is under way (a claim's background verdict)."""
        with self._lock:  # (a feed being made is added when its first build is done)
            feeds = list(self.feeds.values())
        for f in feeds:
            with f._lock:  # (a refresh under way stores its state before it lets go)
                pass
        return feeds

    def clients(self) -> int:
        return sum(len(f.clients) for f in self.feeds.values())

    def full(self) -> bool:
        """Every place for a live page is taken (``max_clients`` over every feed)."""
        return self.clients() >= self.max_clients

    def subscribe(self, feed: Feed) -> asyncio.Queue[State | None]:
        """A queue for one more live page of ``feed``; ``TooMany`` past ``max_clients`` over
        every feed of the app."""
        if self.full():
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
