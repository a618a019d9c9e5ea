"""Random legal Kierki games on virtual deals: invariants and the save-file round trip."""

from __future__ import annotations

import tomllib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import get
from referee.games.kierki.playout import random_game
from referee.model import Play
from referee.store import savefile

K = get("kierki")
FIXED = {1: -260, 2: -260, 3: -240, 4: -240, 5: -150, 6: -150, 7: -1300}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), hands_known=st.booleans(),
       stop=st.booleans(), chooser=st.sampled_from(["dealer", "left"]),
       start=st.sampled_from([7, 8]))
def test_random_legal_games(seed: int, hands_known: bool, stop: bool, chooser: str,
                            start: int) -> None:
    options = {"stop_when_penalties_gone": stop, "trump_chooser": chooser,
               "fantan_start_rank": start}
    setup, deals = random_game(seed, hands_known, options=options)
    res = K.replay(setup, deals)
    assert res.violations == []
    assert res.complete and res.winner is not None
    for d in res.deals:
        assert d.finished and d.scores is not None
        total = sum(d.scores.values())
        if d.number in FIXED:
            assert total == FIXED[d.number]
        elif d.number < 12:
            assert total == 325
        else:
            assert sorted(d.scores.values()) == [0, 0, 500, 800]
    first = sum(sum(d.scores.values()) for d in res.deals[:7] if d.scores)
    second = sum(sum(d.scores.values()) for d in res.deals[7:] if d.scores)
    assert (first, second) == (-2600, 2600)
    assert sum(res.totals.values()) == 0
    for d in deals[:11]:
        cards = [e.cards[0] for e in d.entries if isinstance(e, Play)]
        assert len(cards) == len(set(cards))
        if not stop:
            assert len(cards) == 52
    text = savefile.dumps(K, setup, deals)
    _, setup2, deals2 = savefile.parse(tomllib.loads(text), "roundtrip.toml")
    assert setup2 == setup
    assert [d.entries for d in deals2] == [d.entries for d in deals]
    assert K.replay(setup2, deals2).to_json() == res.to_json()
