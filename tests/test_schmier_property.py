"""Random legal games of both Schmier games, replayed once: the invariants of every deal, and
save -> load -> replay gives the same game."""

from __future__ import annotations

import os
import random
import tomllib
from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import DECK_53
from referee.errors import NotationError, SaveFileError
from referee.games import get
from referee.games.schmier.playout import random_game
from referee.games.schmier.rules import SchmierRules
from referee.games.schmier.score import game_value
from referee.model import Bid, Deal, Exchange, Play, Setup
from referee.store import savefile

FOUR = ("Ala", "Bartek", "Celina", "Darek")
SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")


def check_game(rules: SchmierRules, setup: Setup, deals: list[Deal]) -> None:
    v = rules.variant
    res = rules.replay(setup, deals)
    assert res.violations == [], res.violations[:3]
    states, _ = rules.run(setup, deals)
    totals = dict.fromkeys(res.totals, 0)
    for d, stt, deal in zip(res.deals, states, deals, strict=True):
        assert d.finished
        assert d.scores is not None
        for tm, x in d.scores.items():
            totals[tm] += x
        if d.redeal:
            assert set(d.scores.values()) == {0}
            continue
        pts = d.extra["points"]
        awarded = [t for t in pts.values() if t is not None]
        assert len(awarded) <= len(v.points) <= 6
        assert all(t in res.totals for t in awarded)
        plays = [e for e in deal.entries if isinstance(e, Play)]
        if plays:
            cards = [e.cards[0] for e in plays]
            assert len(cards) == 6 * v.seats
            assert len(set(cards)) == len(cards)
            assert not Counter(cards) - Counter(set(cards))
            game = dict.fromkeys(res.totals, 0)
            for t in stt.tricks:
                game[stt.team_of[t.winner or ""]] += sum(game_value(c) for c in t.cards)
            assert d.extra["game_points"] == game
            for k in v.always:
                assert pts[k] is not None, k
            if v.kitty is False:
                assert sum(1 for t in pts.values() if t is not None) >= 5
        bidder_team = stt.team_of[d.extra["bidder"]]
        won = sum(1 for t in pts.values() if t == bidder_team)
        made = won >= d.extra["bid"]
        assert d.extra["result"] == ("made" if made else "set")
        assert d.scores[bidder_team] == (won if made else -d.extra["bid"])
        for tm, x in d.scores.items():
            if tm != bidder_team:
                assert 0 <= x <= sum(1 for t in pts.values() if t == tm)
    assert totals == res.totals
    if res.complete:
        assert res.winner is not None
        assert res.totals[res.winner] >= v.target
    # save, load, replay: the same game
    text = savefile.dumps(rules, setup, deals)
    _, setup2, deals2 = savefile.parse(tomllib.loads(text), "x.toml")
    assert [d.entries for d in deals2] == [d.entries for d in deals]
    assert rules.replay(setup2, deals2).to_json() == res.to_json()


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**9), hands_known=st.booleans(), kitty=st.integers(0, 3),
       high_low=st.sampled_from(["ace-seven", "in-play"]), bid_out=st.booleans(),
       outcome=st.sampled_from([0.0, 0.3]), numbers=st.sampled_from([0.0, 0.3]))
def test_random_wisconsin_games(seed: int, hands_known: bool, kitty: int, high_low: str,
                                bid_out: bool, outcome: float, numbers: float) -> None:
    """``numbers``: some discards written as numbers, the hands known (no false proof by
    kept.py)."""
    rules = get("wisconsin-schmier")
    assert isinstance(rules, SchmierRules)
    opts = {"kitty_view": kitty, "high_low": high_low, "bid_out": bid_out}
    setup, deals = random_game(rules, FOUR, seed, hands_known=hands_known,
                               outcome_rate=outcome, options=opts, max_deals=40,
                               numbers=numbers)
    check_game(rules, setup, deals)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), hands_known=st.booleans(),
       outcome=st.sampled_from([0.0, 0.3]), record=st.booleans(),
       numbers=st.sampled_from([0.0, 0.3]))
def test_random_schmier_games(seed: int, hands_known: bool, outcome: float,
                              record: bool, numbers: float) -> None:
    rules = get("schmier")
    assert isinstance(rules, SchmierRules)
    setup, deals = random_game(rules, SIX, seed, hands_known=hands_known,
                               outcome_rate=outcome, max_deals=30, record_exchange=record,
                               numbers=numbers)
    check_game(rules, setup, deals)


def mutate(deals: list[Deal], rng: random.Random, players: tuple[str, ...]) -> list[Deal]:
    out = [Deal(list(d.entries)) for d in deals]
    for _ in range(rng.randint(1, 6)):
        d = rng.choice(out)
        if not d.entries:
            continue
        i = rng.randrange(len(d.entries))
        e = d.entries[i]
        op = rng.randrange(5)
        if op == 0:
            del d.entries[i]
        elif op == 1:
            d.entries.insert(i, e)
        elif op == 2 and isinstance(e, (Play, Bid, Exchange)):
            d.entries[i] = replace(e, player=rng.choice(players))
        elif op == 3 and isinstance(e, Play):
            d.entries[i] = Play(e.player, (rng.choice(DECK_53),))
        elif op == 4 and isinstance(e, Bid):
            d.entries[i] = Bid(e.player, rng.choice([None, 0, 1, 2, 3, 4, 5, 6, 7, 9]))
    return out


@settings(max_examples=int(os.environ.get("SCHMIER_FUZZ", "100")), deadline=None)
@given(seed=st.integers(0, 10**9), six=st.booleans(), hands_known=st.booleans())
def test_broken_games_never_crash(seed: int, six: bool, hands_known: bool) -> None:
    rules = get("schmier" if six else "wisconsin-schmier")
    assert isinstance(rules, SchmierRules)
    players = SIX if six else FOUR
    opts = {} if six else {"kitty_view": seed % 4}
    setup, deals = random_game(rules, players, seed, hands_known=hands_known, options=opts,
                               max_deals=4, outcome_rate=0.2)
    bad = mutate(deals, random.Random(seed), players)
    res = rules.replay(setup, bad)
    res.to_json()
    for d in range(1, len(bad) + 1):
        rules.explain(setup, bad, d, None)
        for t in range(1, 7):
            try:
                rules.explain(setup, bad, d, t)
            except NotationError:
                break
    try:
        text = savefile.dumps(rules, setup, bad)
        savefile.parse(tomllib.loads(text), "x.toml")
    except SaveFileError:
        pass
