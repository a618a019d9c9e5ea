"""`referee analyze` in a real pseudo-terminal: a progress bar while deals are searched, each
deal printed as soon as it is known, Ctrl-C printing what was done (exit 130); at the table,
Ctrl-C during `analyze` stops the analysis and the prompt comes back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers import spawn
from tests.test_terminal import ROOT

pexpect = pytest.importorskip("pexpect")


@pytest.fixture(autouse=True)
def slow_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pure-Python search core: with the compiled one the whole file is analysed
    before a Ctrl-C sent after deal 1 arrives."""
    monkeypatch.setenv("REFEREE_PURE", "1")


def test_progress_then_ctrl_c_prints_what_was_done(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    shutil.copy(ROOT / "sample_games" / "kierki-complete.toml", p)
    t = spawn(tmp_path, "analyze", p.name, "--workers", "1")
    t.expect("searching deal 1")  # the bar, before any deal is known
    # the first deal, printed before the others are searched (the pure core searches it in a
    # few seconds alone; longer beside another test worker on a loaded machine)
    t.expect("Deal 1", timeout=90)
    t.expect("searching deal 2")
    t.sendintr()
    t.expect(r"interrupted: (\d+) of the 12 deals shown")
    assert 1 <= int(t.match.group(1)) < 12
    t.expect(pexpect.EOF)
    t.close()
    assert t.exitstatus == 130


def test_ctrl_c_at_the_table_returns_to_the_prompt(tmp_path: Path) -> None:
    text = (ROOT / "sample_games" / "kierki-complete.toml").read_text()
    p = tmp_path / "k.toml"
    p.write_text(text[:text.rindex("[[deals]]")])  # deal 12 not yet played: the game goes on
    t = spawn(tmp_path, "play", p.name)
    t.expect("small lottery")
    t.sendline("analyze")
    t.expect("searching deal")
    t.sendintr()
    t.expect("interrupted: ")
    t.expect("small lottery")  # the prompt again, the table still there
    t.sendline("score")
    t.expect("Ala")
    t.sendline("quit")
    t.expect(pexpect.EOF)
    t.close()
    assert t.exitstatus == 0
