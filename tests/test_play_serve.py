"""`referee play FILE --serve` in a real pseudo-terminal: the table mode with the page served
alongside, in one process. It starts and prints the page's address, serves the live view
(fetched over HTTP here), takes entries at the prompt (the live view follows them), and stops
cleanly: `quit`, Ctrl-C, and SIGTERM (exit 143, as the table does without --serve), the
server gone with it."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
URL = re.compile(r"http://127\.0\.0\.1:\d+/\S*")


def spawn(cwd: Path, *args: str) -> Any:
    env = dict(os.environ, TERM="xterm", COLUMNS="120", LINES="50", LANG="C.UTF-8",
               PROMPT_TOOLKIT_NO_CPR="1", PYTHONPATH=str(ROOT))
    env.pop("NO_COLOR", None)
    return pexpect.spawn(sys.executable, ["-m", "cli", *args], env=env, encoding="utf-8",
                         timeout=20, dimensions=(50, 120), cwd=str(cwd))


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


def mentions(view: Any, *words: str) -> bool:
    text = json.dumps(view, ensure_ascii=False)
    return all(w in text for w in words)


def start(tmp_path: Path) -> tuple[Any, str]:
    new_kierki(tmp_path)
    t = spawn(tmp_path, "play", "friday.toml", "--serve")
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
    assert mentions(view, "Ala", "Bartek", "Celina", "Darek")
    with urllib.request.urlopen(url, timeout=5) as r:
        assert r.status == 200
        assert 'id="score"' in r.read().decode()
    t.sendline("Bartek: 2C 5C")
    t.expect("Darek to follow")
    view = live_until(url, lambda v: mentions(v, "2C", "5C"))
    assert mentions(view, "2C", "5C")
    t.sendline("Darek: KC AC")
    t.expect("Ala to lead")
    view = live_until(url, lambda v: not mentions(v, "5C"))  # the trick is gathered
    assert mentions(view, "Ala")
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
    assert t.exitstatus == 0
    assert gone(url)


def test_play_serve_stops_on_sigterm_with_143(tmp_path: Path) -> None:
    t, url = start(tmp_path)
    t.sendline("Bartek: 2C")
    t.expect("Celina to follow")
    t.kill(signal.SIGTERM)
    t.expect("stopped by SIGTERM")
    t.expect(pexpect.EOF)
    t.close()
    assert t.exitstatus == 143
    assert gone(url)
    assert "2C" in (tmp_path / "friday.toml").read_text()
