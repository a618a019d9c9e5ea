"""The live feed over a real socket (127.0.0.1, a free port, stopped at the end of each test):
an entry saved to the file reaches every connected page as an ``update`` event, a page that
does not read holds up nobody, a reconnecting page gets the whole state, at most N pages.

Nothing here sleeps to wait: each wait is for an event, with a generous timeout that only a
broken feed reaches."""

from __future__ import annotations

import json
import queue
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")

from cli.serve import start_server  # noqa: E402
from referee.errors import IllegalEntry  # noqa: E402
from referee.history.session import Session  # noqa: E402

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
WAIT = 20.0  # seconds: far more than a change needs (the goal is 0.5 s), for a loaded machine


class Stream:
    """A page's event stream read in a thread: each ``update`` event's (id, data) queued."""

    def __init__(self, url: str, last_id: str | None = None) -> None:
        self.events: queue.Queue[tuple[str, dict[str, Any]] | BaseException] = queue.Queue()
        self.status: queue.Queue[int] = queue.Queue()
        self._client = httpx.Client(timeout=httpx.Timeout(WAIT, read=None))
        headers = {"last-event-id": last_id} if last_id else {}
        self._thread = threading.Thread(target=self._read, args=(url, headers), daemon=True)
        self._thread.start()

    def _read(self, url: str, headers: dict[str, str]) -> None:
        try:
            with self._client.stream("GET", url, headers=headers) as r:
                self.status.put(r.status_code)
                event: dict[str, str] = {}
                for line in r.iter_lines():
                    if line == "":
                        if event.get("event") == "update":
                            self.events.put((event["id"], json.loads(event["data"])))
                        event = {}
                        continue
                    key, _, value = line.partition(":")
                    event[key] = value.removeprefix(" ")
        except BaseException as e:  # noqa: BLE001 - handed to the test
            self.events.put(e)

    def next(self) -> tuple[str, dict[str, Any]]:
        got = self.events.get(timeout=WAIT)
        if isinstance(got, BaseException):
            raise got
        return got

    def join(self) -> None:
        self._thread.join(WAIT)
        assert not self._thread.is_alive(), "the stream did not end"

    def close(self) -> None:
        self._client.close()


@pytest.fixture
def game(tmp_path: Path) -> Path:
    f = tmp_path / "friday.toml"
    shutil.copyfile(SAMPLES / "kierki-in-progress.toml", f)
    return f


@pytest.fixture
def server(game: Path) -> Iterator[Any]:
    running = start_server(game, max_clients=3)
    try:
        yield running
    finally:
        running.stop()


def play_one(path: Path) -> str:
    """The next card, saved as ``referee add`` saves it (``Session.add``); the card played."""
    s = Session.load(path)
    res = s.result()
    player = res.expect.player
    for word in s.rules.completions(s.setup, s.deals, res):
        if word in s.setup.players:
            continue
        try:
            s.add(f"{player}: {word}")
        except IllegalEntry:
            continue
        return word
    raise AssertionError("no card could be played")


def test_an_entry_saved_reaches_every_page(game: Path, server: Any) -> None:
    pages = [Stream(server.url + "events") for _ in range(2)]
    try:
        first = [p.next() for p in pages]
        assert [doc["version"] for _, doc in first] == [first[0][1]["version"]] * 2
        assert first[0][1] == httpx.get(server.url + "live.json").json()  # the same view
        card = play_one(game)
        for p, (vid, _doc) in zip(pages, first, strict=True):
            new_id, new = p.next()
            assert int(new_id) > int(vid) and new["version"] == int(new_id)
            seat = next(s for s in new["seats"] if s["player"] == "Darek")
            assert [c for play in seat["plays"] for c in play["cards"]] == [card]
            assert f'data-card="{card}"' in new["html"]["trick"]
    finally:
        for p in pages:
            p.close()


def test_a_page_that_does_not_read_holds_up_nobody(game: Path, server: Any) -> None:
    import socket
    from urllib.parse import urlsplit

    u = urlsplit(server.url)
    stuck = socket.socket()
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # a phone on a bad line
    stuck.connect((u.hostname, u.port))
    stuck.sendall(f"GET {u.path}events HTTP/1.1\r\nHost: {u.netloc}\r\n\r\n".encode())
    stuck.recv(1)  # its stream has begun; it never reads again
    reader = Stream(server.url + "events")
    try:
        reader.next()
        for _ in range(6):  # more updates than a page's queue holds, more than its buffer
            play_one(game)
            _, doc = reader.next()
        assert doc == httpx.get(server.url + "live.json").json()
    finally:
        stuck.close()
        reader.close()


def test_a_page_that_reconnects_gets_the_whole_state(game: Path, server: Any) -> None:
    page = Stream(server.url + "events")
    vid, _ = page.next()
    page.close()
    play_one(game)  # missed while away
    back = Stream(server.url + "events", last_id=vid)
    try:
        new_id, doc = back.next()
        assert int(new_id) > int(vid)
        assert doc == httpx.get(server.url + "live.json").json()
    finally:
        back.close()


def test_at_most_n_live_pages(game: Path, server: Any) -> None:
    pages = [Stream(server.url + "events") for _ in range(3)]
    try:
        for p in pages:
            p.next()
        extra = httpx.get(server.url + "events", timeout=WAIT)
        assert extra.status_code == 503
        assert httpx.get(server.url).status_code == 200  # the pages themselves still open
    finally:
        for p in pages:
            p.close()


def test_a_broken_file_is_told_to_the_pages(game: Path, server: Any) -> None:
    page = Stream(server.url + "events")
    try:
        _, good = page.next()
        tmp = game.with_name("friday.toml.new")
        tmp.write_text(game.read_text(encoding="utf-8").replace("format = 1", "format = 9"),
                       encoding="utf-8")
        tmp.replace(game)
        _, bad = page.next()
        assert bad["error"] and "format" in bad["error"]
        assert bad["sheet"] == good["sheet"]  # the last good view is kept
        game.unlink()
        _, gone = page.next()
        assert gone["gone"] and gone["sheet"] == good["sheet"]
    finally:
        page.close()


def test_stop_ends_the_streams(game: Path) -> None:
    running = start_server(game)
    page = Stream(running.url + "events")
    page.next()
    running.stop()
    page.join()  # the stream has ended: the page's reader is done
    with pytest.raises(queue.Empty):
        page.events.get_nowait()
    page.close()


def serving(path: Path) -> tuple[Any, str]:
    """``referee serve FILE --port 0`` as its own process (127.0.0.1: the default) and the
    address it prints."""
    import re
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "cli", "serve", str(path), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    m = re.search(r"http://127\.0\.0\.1:\d+/", line)
    assert m, line
    return proc, m.group(0)


@pytest.mark.parametrize(("sig", "code"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_the_command_stops_cleanly(game: Path, sig: str, code: int) -> None:
    import signal

    proc, url = serving(game)
    try:
        page = Stream(url + "events")
        page.next()  # a page is connected: its stream must not hold the stop
        proc.send_signal(getattr(signal, sig))
        assert proc.wait(WAIT) == code
        page.join()
        assert proc.stderr is not None
        assert proc.stderr.read() == "referee: serve: stopped\n"  # no traceback
        page.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_the_command_refuses_what_it_cannot_serve(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cli.commands import app

    r = CliRunner().invoke(app, ["serve", str(tmp_path / "nothere.toml")])
    assert r.exit_code == 2 and "no such file or folder" in r.output
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\ngame = "nope"\n', encoding="utf-8")
    r = CliRunner().invoke(app, ["serve", str(bad)])
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1 and "nope" in r.output


def test_the_lan_banner_gives_the_address_and_its_qr_code() -> None:
    from cli.serve import lan_banner

    url = "http://192.0.2.7:8000/t/abc/"
    text = lan_banner("friday.toml", [url, "http://192.0.2.8:8000/t/abc/"])
    lines = text.splitlines()
    assert "local network" in lines[0] and lines[1] == url  # the address alone on its line
    assert lines[2] == "or http://192.0.2.8:8000/t/abc/"
    qr = [ln for ln in lines if set(ln) <= set("█▀▄ ")]
    assert len(qr) > 10 and "404" in lines[-1]
    # --ascii at the table: the same code in ASCII, two characters a module (square)
    plain = lan_banner("friday.toml", [url], ascii_only=True).splitlines()
    assert all(ln.isascii() for ln in plain) and plain[1] == url
    rows = [ln for ln in plain[2:-1] if ln.strip()]
    import segno

    code = segno.make(url, error="m")
    assert rows == ["".join("##" if d else "  " for d in r).rstrip()
                    for r in code.matrix_iter(border=2)][2:-2]  # (the border rows are blank)
    assert len(rows) == len(code.matrix)
