"""The budgets the compiled core's speed allows (issue 33 item 3): with it, a Kierki player
whose walk back needed more than 100,000 nodes is analysed from trick 1, and a hands-known
claim that needed 2.0 M solver nodes is decided, not "not proven"; with the pure core the
budgets stay as they were (a machine without a compiler waits no longer than before)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.claims import as_problem, decide_known, known
from referee.claims.position import read
from referee.history.session import Session
from referee.solve import analyze as post_mortem
from referee.solve import core
from referee.solve.deal import played_deal
from tests.helpers import cut_plays

ROOT = Path(__file__).resolve().parent.parent
compiled_only = pytest.mark.skipif(core.compiled() is None, reason="the compiled core only")


@compiled_only
def test_a_kierki_player_past_the_old_budget_is_analysed_from_trick_1() -> None:
    # kierki-complete deal 8 (a trump deal), Ala: 165,732 nodes to reach trick 1
    s = Session.load(ROOT / "sample_games" / "kierki-complete.toml")
    res = s.result()
    s.rules.record_play(s.deals, res)
    d = played_deal(res, 8)
    side, nodes = post_mortem.player_part(d, 0)
    assert side.start == 1
    assert nodes > 100_000  # (past the budget the pure core keeps)


@compiled_only
def test_a_hands_known_claim_past_the_old_budget_is_decided() -> None:
    # kierki-hands-known deal 1 after its first trick, Celina claims 4 of the 12 tricks left:
    # 1,995,766 nodes with no budget (it was "not proven" at 200,000)
    s = Session.load(ROOT / "sample_games" / "kierki-hands-known.toml")
    deals = [cut_plays(s.deals[0], 4)]
    pos = read(s.setup, deals, "Celina")
    holds, _, _ = decide_known(as_problem(pos, pos.hands["Celina"]), 4)
    assert holds


def test_the_pure_core_keeps_the_budgets_it_had() -> None:
    code = ("from referee.solve import analyze; from referee.claims import known; "
            "print(analyze.PLAYER_BUDGET, known.NODE_BUDGET)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "REFEREE_PURE": "1"}, check=True, cwd=ROOT)
    assert out.stdout.split() == ["100000", "200000"]
    if core.compiled() is not None:
        assert post_mortem.PLAYER_BUDGET >= 500_000
        assert known.NODE_BUDGET >= 2_000_000
