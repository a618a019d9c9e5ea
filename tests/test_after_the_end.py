"""Nothing counts after the end, in every game that ends (RULES.md "Common to all games"): the
first deal (Kozel: game) written after the end breaks ``turn-order`` once and counts for
nothing; later ones count for nothing without another violation; typed, it is refused. The
Schmier games are in tests/test_schmier_trust.py; Foursquare is a series without an end."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from referee.errors import IllegalEntry
from referee.games import get
from referee.games.kozel.playout import random_series
from referee.history.session import Session
from referee.model import Deal
from referee.store import savefile

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
LATE_TRICKS = '\n[[deals]]\ntricks = ["Bartek: 2C 5C KC AC"]\n'
LATE_TURNS = '\n[[deals]]\nturns = ["Ala: 7H", "Bartek: pass"]\n'
LATE_OUTCOME = '\n[[deals]]\noutcome = { tricks = { Ala = 13 } }\n'


def kierki(extra: str, tmp_path: Path) -> Session:
    text = (SAMPLES / "kierki-complete.toml").read_text() + extra
    path = tmp_path / "k.toml"
    path.write_text(text)
    return Session.load(path)


def test_a_13th_kierki_deal_loads_breaks_turn_order_once_and_counts_for_nothing(
        tmp_path: Path) -> None:
    done = Session.load(SAMPLES / "kierki-complete.toml").result()
    assert done.complete
    res = kierki(LATE_TRICKS, tmp_path).result()
    late = [v for v in res.violations if v.deal == 13]
    assert [(v.rule, v.trick, v.player) for v in late] == [("turn-order", None, None)]
    assert len(res.violations) == len(done.violations) + 1
    assert res.totals == done.totals and res.winner == done.winner and res.complete
    assert len(res.deals) == 12


def test_kierki_deals_after_the_13th_add_no_violation(tmp_path: Path) -> None:
    done = Session.load(SAMPLES / "kierki-complete.toml").result()
    res = kierki(LATE_TRICKS + LATE_TURNS + LATE_OUTCOME, tmp_path).result()
    assert [v.deal for v in res.violations if v.deal > 12] == [13]
    assert res.totals == done.totals


def test_late_kierki_deals_write_back_as_read(tmp_path: Path) -> None:
    s = kierki(LATE_TRICKS + LATE_TURNS + LATE_OUTCOME, tmp_path)
    text = savefile.dumps(s.rules, s.setup, s.deals)
    _, setup2, deals2 = savefile.parse(tomllib.loads(text), "x.toml")
    assert [d.entries for d in deals2] == [d.entries for d in s.deals]
    lines = s.rules.explain(s.setup, s.deals, 13, None)
    assert "counts for nothing" in lines[0]


def test_typed_after_the_kierki_game_is_refused(tmp_path: Path) -> None:
    s = kierki("", tmp_path)
    with pytest.raises(IllegalEntry) as e:
        s.add("Bartek: 2C")
    assert e.value.rule == "turn-order"


def test_kozel_games_after_the_series_one_violation_then_nothing() -> None:
    rules = get("kozel")
    setup, deals, _, _ = random_series(7, ("known",))
    done = rules.replay(setup, deals)
    assert done.complete and done.ok
    late = deals + [Deal(list(deals[-1].entries)), Deal(list(deals[-2].entries))]
    res = rules.replay(setup, late)
    assert [(v.deal, v.rule) for v in res.violations] == [(len(deals) + 1, "turn-order")]
    assert res.totals == done.totals and res.winner == done.winner
