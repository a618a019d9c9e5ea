"""Random legal Kozel series: invariants, the score against an independent count, and the
save-file round trip."""

from __future__ import annotations

import tomllib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.kozel.playout import random_series
from referee.games.kozel.rules import Kozel
from referee.model import Key, Play, Pull
from referee.store import savefile

K = Kozel()
MODES = st.sampled_from([("known",), ("unseen",), ("outcome",), ("known", "unseen", "outcome"),
                         ("known", "unseen")])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), modes=MODES,
       eggs=st.sampled_from(["nothing", "double"]),
       pull=st.sampled_from(["any-suit", "trumps", "off"]))
def test_random_legal_series(seed: int, modes: tuple[str, ...], eggs: str, pull: str) -> None:
    options = {"eggs": eggs, "pull": pull}
    setup, deals, truths, losses = random_series(seed, modes, options)
    res = K.replay(setup, deals)
    assert res.violations == []
    assert res.complete and res.winner is not None
    names = ["Ala & Celina", "Bartek & Darek"]
    assert res.teams == [["Ala", "Celina"], ["Bartek", "Darek"]]
    assert len(res.deals) == len(deals)
    totals = [0, 0]
    for row, truth, loss in zip(res.deals, truths, losses, strict=True):
        assert row.finished and row.scores is not None
        assert sum(row.extra["points"].values()) == 120
        assert [row.extra["points"][n] for n in names] == truth.points
        assert [row.scores[n] for n in names] == loss
        totals = [totals[0] + loss[0], totals[1] + loss[1]]
    assert [res.totals[n] for n in names] == totals
    assert max(totals) >= 12 and max(t for t in [sum(x[0] for x in losses[:-1]),
                                                 sum(x[1] for x in losses[:-1])]) < 12
    goat = 0 if totals[0] >= 12 else 1
    assert res.winner == names[1 - goat]
    series = K.run(setup, deals)
    for g, d in zip(series.games, deals, strict=True):
        played = [c for e in d.entries if isinstance(e, (Play, Pull)) for c in e.cards]
        if not played:
            continue
        # every card of the deck went into a trick, once
        assert len(played) == 36
        seen = [c for c in played if c is not None]
        assert len(seen) == len(set(seen))
        for t in g.tricks:
            assert len(set(t.sizes)) == 1 and t.sizes[0] <= 4
        assert g.tricks[-1].sizes == [0, 0, 0, 0]
    text = savefile.dumps(K, setup, deals)
    _, setup2, deals2 = savefile.parse(tomllib.loads(text), "roundtrip.toml")
    assert setup2 == setup
    assert [d.entries for d in deals2] == [d.entries for d in deals]
    assert K.replay(setup2, deals2).to_json() == res.to_json()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_pulls_happen_and_replay_clean(seed: int) -> None:
    setup, deals, _, _ = random_series(seed, ("known",), {"pull": "any-suit"})
    res = K.replay(setup, deals)
    assert res.violations == []
    for d in deals:
        for e in d.entries:
            if isinstance(e, Pull):
                assert len({c.suit for c in e.cards}) == 1


def test_some_series_have_pulls_eggs_and_unseen_discards() -> None:
    pulls = eggs = blind = 0
    for seed in range(150):
        setup, deals, truths, _ = random_series(seed, ("known", "unseen"))
        pulls += sum(isinstance(e, Pull) for d in deals for e in d.entries)
        eggs += sum(t.points == [60, 60] for t in truths)
        blind += sum(isinstance(e, Key) and e.name == "outcome" for d in deals
                     for e in d.entries)
    assert pulls > 0 and blind > 0
    assert eggs > 0
