"""The page under attack (issue 29): HEAD requests holding live places, a foreign ``Host``
(DNS rebinding), a symlink swapped under an open stream, a long replay built on the event
loop, paths of the server's machine in the pages, a bidi file name's link, uvicorn's own
400; and the port a file was last served on. Servers listen on 127.0.0.1 and stop at the
end of each test."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from cli.serve import make_app, start_server  # noqa: E402
from tests.test_serve_live import WAIT, Stream  # noqa: E402

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
LOCAL = "http://127.0.0.1"


def copy(name: str, to: Path) -> Path:
    to.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SAMPLES / name, to)
    return to


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Any]:
    r = start_server(copy("kierki-in-progress.toml", tmp_path / "friday.toml"), max_clients=3)
    try:
        yield r
    finally:
        r.stop()


def raw(url: str, request: bytes) -> bytes:
    """``request`` sent as is to the server of ``url``; its whole answer."""
    host, port = url.split("//")[1].split("/")[0].split(":")
    with socket.create_connection((host, int(port)), timeout=WAIT) as s:
        s.sendall(request)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    return out


# -- 6: HEAD holds no live place --------------------------------------------------------------


def test_head_requests_hold_no_live_page(running: Any) -> None:
    with httpx.Client(timeout=WAIT) as c:
        for _ in range(20):  # (max_clients is 3)
            assert c.head(running.url + "events").status_code == 200
    assert running.app.state.site.hub.clients() == 0
    page = Stream(running.url + "events")
    try:
        _vid, doc = page.next()  # the stream still opens and gets the whole state
        assert doc["players"]
    finally:
        page.close()


def test_head_requests_hold_no_live_page_in_folder_mode(tmp_path: Path) -> None:
    for name in ("a.toml", "b.toml"):
        copy("kierki-in-progress.toml", tmp_path / name)
    r = start_server(tmp_path, max_clients=2)
    try:
        with httpx.Client(timeout=WAIT) as c:
            for _ in range(5):
                for name in ("a.toml", "b.toml"):
                    assert c.head(f"{r.url}g/{name}/events").status_code == 200
        page = Stream(r.url + "g/b.toml/events")
        try:
            assert page.next()[1]["players"]
        finally:
            page.close()
    finally:
        r.stop()


# -- 7: the Host must name this server ---------------------------------------------------------


def test_a_foreign_host_is_refused_with_the_security_headers(running: Any) -> None:
    with httpx.Client(timeout=WAIT) as c:
        for host in ("evil.example", "evil.example:80", "127.0.0.1.evil.example"):
            r = c.get(running.url + "live.json", headers={"host": host})
            assert r.status_code == 400, host
            assert "players" not in r.text
            assert r.headers["content-security-policy"].startswith("default-src 'none'")
            assert r.headers["x-frame-options"] == "DENY"
        port = running.url.split(":")[2].strip("/")
        for host in (f"127.0.0.1:{port}", f"localhost:{port}"):
            assert c.get(running.url + "live.json", headers={"host": host}).status_code == 200


def test_lan_hosts_are_this_machines_addresses() -> None:
    from cli.serve import lan_addresses, own_hosts

    assert own_hosts("127.0.0.1") == ["127.0.0.1", "localhost"]
    on_lan = own_hosts("0.0.0.0")
    assert set(lan_addresses()) <= set(on_lan) and "127.0.0.1" in on_lan
    assert "evil.example" not in on_lan
    app = make_app(SAMPLES / "kierki-revoke.toml", hosts=["192.0.2.7", "127.0.0.1"])
    c = TestClient(app, base_url="http://192.0.2.7:8000")
    assert c.get("/live.json").status_code == 200
    assert c.get("/live.json", headers={"host": "evil.example"}).status_code == 400


def test_no_redirect_takes_its_host_from_the_request() -> None:
    c = TestClient(make_app(SAMPLES, token="tok"), base_url="http://localhost:8000")
    for path, to in (("/t/tok", "/t/tok/"),
                     ("/t/tok/g/kierki-revoke.toml", "/t/tok/g/kierki-revoke.toml/")):
        r = c.get(path, follow_redirects=False)
        assert r.status_code == 307 and r.headers["location"] == to, path
    assert c.get("/t/tok/stats/", follow_redirects=False).status_code == 404


def test_uvicorns_own_400_carries_the_security_headers(running: Any) -> None:
    got = raw(running.url, b"GET /live.json HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n")
    head = got.split(b"\r\n\r\n")[0].lower()
    assert head.startswith(b"http/1.1 400")
    assert b"content-security-policy: default-src 'none'" in head
    assert b"x-content-type-options: nosniff" in head


# -- 9: a symlink swapped under an open stream -------------------------------------------------


def test_a_symlink_swapped_under_an_open_stream_is_not_followed(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    copy("kierki-in-progress.toml", folder / "swap.toml")
    secret = copy("kierki-complete.toml", tmp_path / "outside" / "secret.toml")
    text = secret.read_text(encoding="utf-8")
    secret.write_text(text.replace('title = "', 'title = "SECRET ', 1), encoding="utf-8")
    assert "SECRET" in secret.read_text(encoding="utf-8")
    r = start_server(folder)
    try:
        page = Stream(r.url + "g/swap.toml/events")
        try:
            _vid, first = page.next()
            assert not first["gone"]
            link = folder / ".t"
            link.symlink_to(secret)
            os.replace(link, folder / "swap.toml")  # mv -T: the name now points out
            _vid, now = page.next()
            assert now["gone"] and "SECRET" not in str(now)
            assert "SECRET" not in httpx.get(r.url + "g/swap.toml/live.json").text
        finally:
            page.close()
    finally:
        r.stop()


# -- 10: a long replay is built off the event loop, a deal at a time ---------------------------


def test_the_replay_is_built_off_the_event_loop(running: Any, monkeypatch: Any) -> None:
    from referee.views import public

    release = threading.Event()
    started = threading.Event()
    whole = public.replay

    def slow(game: Any, *a: Any, **kw: Any) -> Any:
        started.set()
        release.wait(WAIT)
        return whole(game, *a, **kw)

    monkeypatch.setattr(public, "replay", slow)
    t = threading.Thread(target=lambda: httpx.get(running.url + "replay.json", timeout=WAIT))
    t.start()
    try:
        assert started.wait(WAIT)
        t0 = time.monotonic()
        assert httpx.get(running.url + "live.json", timeout=5).status_code == 200
        assert time.monotonic() - t0 < 5
    finally:
        release.set()
        t.join(WAIT)


def test_the_replay_comes_a_deal_at_a_time(tmp_path: Path) -> None:
    from benchmarks.make_large import write

    big = tmp_path / "series.toml"
    write(big, 1200)
    c = TestClient(make_app(big), base_url=LOCAL)
    idx = c.get("/replay.json").json()
    assert isinstance(idx["steps"], int) and idx["steps"] > 1000
    assert [d["number"] for d in idx["deals"]] == list(range(1, len(idx["deals"]) + 1))
    assert sum(d["steps"] for d in idx["deals"]) == idx["steps"]
    page = c.get("/replay.json?deal=5").json()
    d5 = idx["deals"][4]
    assert page["deal"]["number"] == 5 and len(page["steps"]) == d5["steps"]
    assert {s["deal"] for s in page["steps"]} == {5}
    assert all(s["explain"] and s["html"]["explain"] for s in page["steps"])
    assert len(c.get("/replay.json?deal=5").content) < 40_000
    assert c.get("/replay.json?deal=999").status_code == 404
    assert c.get("/replay.json?deal=x").status_code == 404
    html = c.get(f"/replay?i={d5['first_step'] + 2}").text
    assert f'data-index="{d5["first_step"] + 2}"' in html and "Game 5" in html


# -- 11: nothing of the server's machine; a bidi name's link -----------------------------------


def test_no_path_of_the_servers_machine_on_the_pages(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "bad.toml").write_text('format = 1\ngame = "nope"\n', encoding="utf-8")
    copy("kierki-revoke.toml", folder / "good.toml")
    c = TestClient(make_app(folder.absolute()), base_url=LOCAL)
    for url in ("/", "/?format=json", "/g/sub/bad.toml/", "/g/sub/bad.toml/live.json"):
        text = c.get(url).text
        assert str(tmp_path) not in text, url
        assert "sub/bad.toml" in text, url
    assert c.get("/g/sub/bad.toml/live.json").json()["error"].startswith("sub/bad.toml: ")
    one = TestClient(make_app((folder / "sub" / "bad.toml").absolute()), base_url=LOCAL)
    err = one.get("/live.json").json()["error"]
    assert err.startswith("bad.toml: ") and str(tmp_path) not in err


def test_a_bidi_file_names_link_opens_its_game(tmp_path: Path) -> None:
    name = "ab\u202ecd.toml"
    copy("kierki-revoke.toml", tmp_path / name)
    c = TestClient(make_app(tmp_path), base_url=LOCAL)
    import re

    links = re.findall(r'href="(/g/[^"]+)"', c.get("/").text)
    assert len(links) == 1
    r = c.get(links[0])
    assert r.status_code == 200 and "game-title" in r.text


# -- 12: the port ------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_file_is_served_again_on_its_last_port_when_free(tmp_path: Path) -> None:
    from cli.serve import listen_for

    f = copy("kierki-revoke.toml", tmp_path / "friday.toml")
    port = free_port()
    first = listen_for(f, "127.0.0.1", port, 8000)
    first.close()
    assert (tmp_path / ".friday.toml.port").read_text().strip() == str(port)
    again = listen_for(f, "127.0.0.1", None, 0)  # no --port: the last one
    try:
        assert again.getsockname()[1] == port
        other = listen_for(f, "127.0.0.1", None, 0)  # taken: another one, noted
        assert other.getsockname()[1] != port
        other.close()
    finally:
        again.close()


def test_play_serve_takes_a_port_and_keeps_serve_in_the_resume_hint(tmp_path: Path) -> None:
    from tests.helpers import spawn
    from tests.test_play_serve import gone, live_until

    f = copy("kierki-in-progress.toml", tmp_path / "friday.toml")
    port = free_port()
    child = spawn(tmp_path, "play", "friday.toml", "--serve", "--port", str(port), timeout=20)
    try:
        url = f"http://127.0.0.1:{port}/"
        child.expect(r"http://127\.0\.0\.1:(\d+)/", timeout=WAIT)
        assert int(child.match.group(1)) == port
        assert live_until(url, lambda v: bool(v.get("players")))["players"]
        child.expect("to follow", timeout=WAIT)
        child.sendline("quit")
        child.expect(r"resume with: referee play friday\.toml --serve", timeout=WAIT)
        child.expect(pexpect_eof(), timeout=WAIT)
        assert gone(url)
    finally:
        child.close(force=True)
    assert (tmp_path / ".friday.toml.port").read_text().strip() == str(port)
    assert f.exists()


def pexpect_eof() -> Any:
    import pexpect

    return pexpect.EOF


def test_play_port_needs_serve(tmp_path: Path) -> None:
    from tests.helpers import cli_run

    f = copy("kierki-in-progress.toml", tmp_path / "friday.toml")
    code, _out, err = cli_run("play", str(f), "--port", "8123")
    assert code == 2 and "--serve" in err
