"""`referee play FILE --serve` in a real pseudo-terminal: the table mode with the page served
alongside, in one process. It starts and prints the page's address, serves the live view
(fetched over HTTP here), takes entries at the prompt (the live view follows them), and stops
cleanly: `quit`, Ctrl-C, and SIGTERM (exit 143, as the table does without --serve), the
server gone with it."""

from __future__ import annotations

import json
import re
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import spawn

pexpect = pytest.importorskip("pexpect")

URL = re.compile(r"http://127\.0\.0\.1:\d+/\S*")




def new_kierki(tmp_path: Path) -> Path:
    from typer.testing import CliRunner

    from cli.app import app

    p = tmp_path / "friday.toml"
    r = CliRunner().invoke(app, ["new", "kierki", str(p), "-p", "Ala", "-p", "Bartek",
                                 "-p", "Celina", "-p", "Darek"])
    assert r.exit_code == 0, r.output
    return p


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


def live_until(url: str, holds: Any, seconds: float = 10.0) -> Any:
    """live.json, read again until `holds(view)` or the time is up (then the last view)."""
    end = time.monotonic() + seconds
    while True:
        view = get(url + "live.json")
        if holds(view) or time.monotonic() > end:
            return view
        time.sleep(0.05)


def on_table(view: Any) -> list[str]:
    """The cards of the trick on the table, in the order played."""
    trick = view.get("trick") or {"plays": []}
    return [c for p in trick["plays"] for c in p["cards"]]


def start(tmp_path: Path) -> tuple[Any, str]:
    new_kierki(tmp_path)
    t = spawn(tmp_path, "play", "friday.toml", "--serve", timeout=20)
    t.expect(URL)
    url = t.after.strip()
    if not url.endswith("/"):
        url += "/"
    t.expect("Bartek to lead")
    return t, url


def gone(url: str) -> bool:
    try:
        urllib.request.urlopen(url + "live.json", timeout=2)
    except (urllib.error.URLError, ConnectionError, OSError):
        return True
    return False


def test_play_serve_serves_the_live_page_and_takes_entries(tmp_path: Path) -> None:
    t, url = start(tmp_path)
    view = get(url + "live.json")
    assert view["players"] == ["Ala", "Bartek", "Celina", "Darek"]
    assert on_table(view) == []
    with urllib.request.urlopen(url, timeout=5) as r:
        assert r.status == 200
        assert 'id="score"' in r.read().decode()
    t.sendline("Bartek: 2C 5C")
    t.expect("Darek to follow")
    view = live_until(url, lambda v: on_table(v) == ["2C", "5C"])
    assert on_table(view) == ["2C", "5C"]
    t.sendline("Darek: KC AC")
    t.expect("Ala to lead")
    view = live_until(url, lambda v: v["expect"]["trick"] == 2)  # the trick is gathered
    assert view["expect"]["trick"] == 2 and view["expect"]["player"] == "Ala"
    assert [c for p in view["tricks"][0]["plays"] for c in p["cards"]] == ["2C", "5C", "KC", "AC"]
    t.sendline("quit")
    t.expect("saved to")
    t.expect(pexpect.EOF)
    t.close()
    assert t.exitstatus == 0
    assert gone(url)
    assert "2C 5C KC AC" in (tmp_path / "friday.toml").read_text()


def test_play_serve_stops_on_ctrl_c(tmp_path: Path) -> None:
    t, url = start(tmp_path)
    t.sendline("Bartek: 2C")
    t.expect("Celina to follow")
    t.sendcontrol("c")
    t.expect("saved to")
    t.expect(pexpect.EOF)
    t.close()
    assert t.exitstatus == 130  # Ctrl-C: as every command (issue 29)
    assert gone(url)


def follow(url: str, lines: list[bytes]) -> None:
    """A phone on the event stream, until the server ends it."""
    try:
        with urllib.request.urlopen(url + "events", timeout=20) as r:
            for line in r:
                lines.append(line)
    except OSError:
        lines.append(b"(cut)")


def test_play_serve_stops_on_sigterm_with_143(tmp_path: Path) -> None:
    import threading

    t, url = start(tmp_path)
    seen: list[bytes] = []
    phone = threading.Thread(target=follow, args=(url, seen), daemon=True)
    phone.start()
    t.sendline("Bartek: 2C")
    t.expect("Celina to follow")
    end = time.monotonic() + 10
    while not any(b"2C" in x for x in seen) and time.monotonic() < end:
        time.sleep(0.05)
    assert any(b"2C" in x for x in seen)  # the phone was told, and is still connected
    t.kill(signal.SIGTERM)
    t.expect("stopped by SIGTERM")
    t.expect(pexpect.EOF)
    t.close()
    assert t.exitstatus == 143
    assert gone(url)
    phone.join(5)
    assert not phone.is_alive()  # its stream was ended, not left hanging
    assert "2C" in (tmp_path / "friday.toml").read_text()


def own_addresses() -> list[str]:
    """This machine's IPv4 addresses but loopback, as `hostname -I` lists them (none where
    that command is missing)."""
    import shutil
    import subprocess

    if shutil.which("hostname") is None:
        return []
    out = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    return [a for a in out if "." in a and not a.startswith("127.")]


def test_play_serve_lan_prints_a_token_address_and_a_qr_code(tmp_path: Path) -> None:
    new_kierki(tmp_path)
    t = spawn(tmp_path, "play", "friday.toml", "--serve", "--lan", timeout=20)
    t.expect(r"on the local network; the phones open\r?\n(http://(\S+):(\d+)/t/([\w-]+)/)")
    shown, host, port, token = t.match.groups()
    assert not host.startswith("127.")
    t.expect("▀")  # the QR code, drawn in half blocks
    t.expect("without it the server answers 404")
    t.expect("Bartek to lead")
    here = f"http://127.0.0.1:{port}/"  # this machine only, through loopback
    assert get(f"{here}t/{token}/live.json")["players"][0] == "Ala"
    mine = own_addresses()
    if mine:  # the address printed (and in the QR code) is one of this machine's
        assert host in mine
        assert get(shown + "live.json")["players"][0] == "Ala"
    for url in (here + "live.json", f"{here}t/{token[:-1]}x/live.json"):
        try:
            urllib.request.urlopen(url, timeout=5)
            raise AssertionError(f"{url}: served without the token")
        except urllib.error.HTTPError as e:
            assert e.code == 404
    t.sendline("quit")
    t.expect(pexpect.EOF)
    t.close()
    assert t.exitstatus == 0


def test_lan_without_serve_is_refused(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cli.app import app

    p = new_kierki(tmp_path)
    r = CliRunner().invoke(app, ["play", str(p), "--lan"])
    assert r.exit_code == 2
    assert "--lan needs --serve" in r.output
