"""``referee claim`` in a real terminal on a claim the solver needs long for (hands known, no
budget): a spinner says it is judging, and Ctrl-C stops it with exit 130 and one line."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from referee.games import get
from referee.history.session import Session
from referee.store import savefile
from tests.helpers import cut_plays

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent


def test_ctrl_c_stops_a_long_claim(tmp_path: Path) -> None:
    s = Session.load(ROOT / "sample_games" / "kierki-hands-known.toml")
    p = tmp_path / "g.toml"  # deal 1 after its first trick: Celina claims 4 of the 12 left
    p.write_text(savefile.dumps(get("kierki"), s.setup, [cut_plays(s.deals[0], 4)]))
    env = dict(os.environ, TERM="xterm", COLUMNS="100", LINES="30", LANG="C.UTF-8",
               PYTHONPATH=str(ROOT))
    child = pexpect.spawn(sys.executable, ["-m", "cli", "claim", p.name, "Celina", "--tricks",
                                           "4"], env=env, encoding="utf-8", timeout=20,
                          dimensions=(30, 100), cwd=str(tmp_path))
    try:
        child.expect("judging the claim")
        child.sendintr()
        child.expect("interrupted: the claim was not judged")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 130
    assert "Traceback" not in (child.before or "")
