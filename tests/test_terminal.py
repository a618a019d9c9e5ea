"""`referee play` in a real pseudo-terminal: enter tricks, get refused, undo, quit, resume."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")


def spawn(*args: str) -> object:
    env = dict(os.environ, TERM="xterm", COLUMNS="100", LINES="40")
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "cli", *args], env=env, encoding="utf-8",
                          timeout=20, dimensions=(40, 100))
    return child


def test_play_kierki_in_a_terminal(tmp_path: Path) -> None:
    p = tmp_path / "t.toml"
    from cli.app import main

    with pytest.raises(SystemExit) as e:
        main(["new", "kierki", str(p), "-p", "Ala", "-p", "Bartek", "-p", "Celina", "-p",
              "Darek"])
    assert e.value.code in (0, None)
    child = spawn("play", str(p))
    child.expect("Bartek to lead")
    child.sendline("Bartek: 2C 5C KC AC")
    child.expect("Ala to lead")
    child.sendline("Ala: 3D 9D")
    child.expect("Celina to follow")
    child.sendline("Ala: 10D")  # out of turn
    child.expect("refused")
    child.expect("turn-order")
    child.sendline("Celina: 2D")
    child.expect("Darek to follow")
    child.sendline("undo")
    child.expect("took back 1")
    child.expect("Celina to follow")
    child.sendline("score")
    child.expect("score sheet")
    child.sendline("quit")
    child.expect("saved to")
    child.expect(pexpect.EOF)
    text = p.read_text()
    assert '"Bartek: 2C 5C KC AC"' in text and '"Ala: 3D 9D"' in text
    # resume exactly where it stopped
    child = spawn("play", str(p))
    child.expect("Celina to follow")
    child.sendcontrol("c")
    child.expect("saved")
    child.expect(pexpect.EOF)
