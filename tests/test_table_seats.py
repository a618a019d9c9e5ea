"""``referee play FILE --serve --seats`` in a real pseudo-terminal (pexpect): an entry from a
phone is said at the prompt as it lands (``Bartek (phone): J♠``), the prompt redrawn for the
next player and the line being typed kept; ``seats new NAME`` replaces a seat's link (the
old one is a 404 at once) and ``help`` names it."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.test_terminal import GAP, ROOT, spawn

pytest.importorskip("pexpect")
pytest.importorskip("starlette")

LINK = re.compile(r"(\w+): (http://127\.0\.0\.1:\d+/s/[\w-]+/)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def tap(url: str, entry: str | None = None) -> dict[str, Any]:
    """What a phone sends: the seat's first allowed choice (or ``entry``) on its current
    view."""
    with urllib.request.urlopen(url + "live.json", timeout=5) as r:
        view = json.load(r)
    text = entry or next(c["entry"] for c in view["choices"] if c["allowed"])
    req = urllib.request.Request(
        url + "entry", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"entry": text, "version": view["version"]}).encode())
    with urllib.request.urlopen(req, timeout=5) as r:
        doc: dict[str, Any] = json.load(r)
    doc["entry"] = text
    return doc


def test_a_phone_entry_shows_at_the_waiting_prompt(tmp_path: Path) -> None:
    file = tmp_path / "k.toml"
    made = subprocess.run([sys.executable, "-m", "cli", "new", "kierki", str(file), "-p", "Ala",
                           "-p", "Bartek", "-p", "Celina", "-p", "Darek", "--deal", "--seed",
                           "5"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert made.returncode == 0, made.stderr
    child = spawn(tmp_path, "play", str(file), "--serve", "--seats", "--port",
                  str(free_port()), "--ascii")
    try:
        urls: dict[str, str] = {}
        while len(urls) < 4:
            child.expect(LINK)
            urls[child.match.group(1)] = child.match.group(2)
        child.expect("Bartek to lead")
        child.send("stat")  # half a line typed when the phone's entry lands
        done = tap(urls["Bartek"])
        assert done["accepted"] is True
        card = done["entry"].split(":")[1].strip()
        child.expect(r"Bartek \(phone\):" + GAP + re.escape(card))  # no key pressed yet
        child.expect("Celina to follow")  # the prompt redrawn for the next player
        child.send("us\r")  # the half line was kept: 'status' runs (not an entry refused)
        child.expect(r"Celina to follow")
        assert "cannot read" not in (child.before or "")

        # a second phone entry while nothing is typed
        done = tap(urls["Celina"])
        child.expect(r"Celina \(phone\): ")
        child.expect("Darek to follow")

        child.send("help\r")
        child.expect(r"seats \[new NAME\]")
        old = urls["Bartek"]
        child.send("seats new Bart\r")
        child.expect("Bartek's old link no longer works")
        child.expect(LINK)
        assert child.match.group(1) == "Bartek" and child.match.group(2) != old
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(old + "live.json", timeout=5)
        assert e.value.code == 404
        with urllib.request.urlopen(child.match.group(2) + "live.json", timeout=5) as r:
            assert r.status == 200
        child.send("quit\r")
        child.expect(pexpect_eof())
    finally:
        child.close(force=True)
    done = subprocess.run([sys.executable, "-m", "cli", "replay", str(file), "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    plays = json.loads(done.stdout)["deals"][0]["tricks"][0]["plays"]
    assert [p["player"] for p in plays] == ["Bartek", "Celina"]


def pexpect_eof() -> Any:
    import pexpect

    return pexpect.EOF
