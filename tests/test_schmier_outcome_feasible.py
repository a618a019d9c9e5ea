"""Schmier and Wisconsin Schmier outcomes: one fact, one figure. A deal played card by card
and the same deal entered as its outcome are both accepted and score the same; an outcome
that leaves out a point every deal awards is refused (outcome-total)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import DECK_53
from referee.errors import IllegalEntry
from referee.games import get
from referee.games.schmier import feasible
from referee.games.schmier.playout import random_game
from referee.games.schmier.rules import SchmierRules
from tests.helpers import head, load_text, replay_text, rules_of

FOUR = ("Ala", "Bartek", "Celina", "Darek")
SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")
BIDS = 'bids = ["Bartek: 2", "Celina: pass", "Darek: pass", "Ala: pass"]\ntrump = "H"\n'


def wisconsin(body: str, options: str = "") -> str:
    text = head("wisconsin-schmier")
    if options:
        text += f"[options]\n{options}\n"
    return text + '\n[[deals]]\ndealer = "Ala"\n' + BIDS + body


@pytest.mark.parametrize(("outcome", "high_low", "ok"), [
    # the ace or the seven of trump may go undealt: High or Low to nobody
    ('{ high = "Ala", jack = "Darek", game = "Celina" }', "ace-seven", True),
    ('{ low = "Bartek" }', "ace-seven", True),
    # in play, the first lead is a trump: the highest and lowest trump always go to a team
    ('{ high = "Ala", jack = "Darek", game = "Celina" }', "in-play", False),
    ('{ low = "Bartek", jack = "Darek" }', "in-play", False),
    ('{ high = "Ala", low = "Ala" }', "in-play", True),
])
def test_wisconsin_high_and_low_in_play_always_go_to_a_team(outcome: str, high_low: str,
                                                             ok: bool) -> None:
    text = wisconsin(f"outcome = {outcome}\n", f'high_low = "{high_low}"')
    assert rules_of(replay_text(text)) == ([] if ok else ["outcome-total"])
    typed = load_text(wisconsin("", f'high_low = "{high_low}"'))
    if ok:
        typed.add(f"outcome = {outcome}")
    else:
        with pytest.raises(IllegalEntry) as e:
            typed.add(f"outcome = {outcome}")
        assert e.value.rule == "outcome-total"


def _same_figures(name: str, players: tuple[str, ...], seed: int, hands_known: bool,
                  options: dict[str, object]) -> None:
    rules = get(name)
    assert isinstance(rules, SchmierRules)
    # one random stream: the same deals, played (rate 0) and entered as outcomes (rate 1)
    setup, played = random_game(rules, players, seed, hands_known=hands_known,
                                outcome_rate=0.0, options=options, max_deals=12)
    setup2, told = random_game(rules, players, seed, hands_known=hands_known,
                               outcome_rate=1.0, options=options, max_deals=12)
    a, b = rules.replay(setup, played), rules.replay(setup2, told)
    assert a.violations == [] and b.violations == []
    assert [d.scores for d in a.deals] == [d.scores for d in b.deals]
    assert a.totals == b.totals


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), hands_known=st.booleans(), kitty=st.integers(0, 3),
       high_low=st.sampled_from(["ace-seven", "in-play"]))
def test_one_fact_one_figure_wisconsin(seed: int, hands_known: bool, kitty: int,
                                       high_low: str) -> None:
    _same_figures("wisconsin-schmier", FOUR, seed, hands_known,
                  {"kitty_view": kitty, "high_low": high_low})


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), hands_known=st.booleans())
def test_one_fact_one_figure_schmier(seed: int, hands_known: bool) -> None:
    _same_figures("schmier", SIX, seed, hands_known, {})


TEAMS = ["Ala & Darek", "Bartek & Ewa", "Celina & Filip"]
SIX_BIDS = ('bids = ["Bartek: pass", "Celina: 3", "Darek: pass", "Ewa: pass", "Filip: pass", '
            '"Ala: pass"]\ntrump = "H"\n')


def _schmier(body: str) -> str:
    return head("schmier", SIX) + '\n[[deals]]\ndealer = "Ala"\n' + SIX_BIDS + body


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(points=st.tuples(*[st.sampled_from(TEAMS)] * 5),
       game=st.sampled_from([*TEAMS, None]))
def test_every_schmier_outcome_has_a_witness(points: tuple[str, ...], game: str | None) -> None:
    """Each point to any team, Game to any team or to nobody: accepted, and a deal built for
    it replays with no violation, the same points and the same score."""
    pts: dict[str, str | None] = dict(zip(("high", "low", "right_bauer", "left_bauer",
                                           "joker"), points, strict=True))
    pts["game"] = game
    table = "{ " + ", ".join(f'{k} = "{v.split()[0]}"' for k, v in pts.items() if v) + " }"
    told = replay_text(_schmier(f"outcome = {table}\n"))
    assert told.violations == []
    team_of = {p: TEAMS[i % 3] for i, p in enumerate(SIX)}
    lines = feasible.witness(SIX, "Celina", "H", pts, team_of)
    assert lines is not None
    played = {c for line in lines for c in line.split(":")[1].split()}
    rest = " ".join(c.text for c in DECK_53 if c.text not in played)
    discards = ("discards = { Bartek = \"\", Celina = \"\", Darek = \"\", Ewa = \"\", "
                f'Filip = "", Ala = "{rest}" }}\n')
    res = replay_text(_schmier(discards + "tricks = [" + ", ".join(f'"{t}"' for t in lines)
                               + "]\n"))
    assert res.violations == []
    assert res.deals[0].extra["points"] == pts
    assert res.deals[0].scores == told.deals[0].scores


W_TEAMS = ["Ala & Celina", "Bartek & Darek"]


@pytest.mark.parametrize("high_low", ["ace-seven", "in-play"])
def test_every_wisconsin_outcome_has_a_witness(high_low: str) -> None:
    """Every outcome the check accepts (a point to either team, or to nobody where its card
    may go undealt) has a deal that replays with no violation and the same points."""
    team_of = {p: W_TEAMS[i % 2] for i, p in enumerate(FOUR)}
    for combo in itertools.product([*W_TEAMS, None], repeat=4):
        pts = dict(zip(("high", "low", "jack", "game"), combo, strict=True))
        table = "{ " + ", ".join(f'{k} = "{v.split()[0]}"' for k, v in pts.items() if v) + " }"
        told = replay_text(wisconsin(f"outcome = {table}\n", f'high_low = "{high_low}"'))
        got = feasible.wisconsin_witness(FOUR, "Bartek", "H", pts, team_of,
                                         high_low == "in-play")
        assert (told.violations == []) == (got is not None)
        if got is None:
            continue
        lines, _undealt = got
        res = replay_text(wisconsin("tricks = [" + ", ".join(f'"{t}"' for t in lines) + "]\n",
                                    f'high_low = "{high_low}"'))
        assert res.violations == []
        assert res.deals[0].extra["points"] == pts
        assert res.deals[0].scores == told.deals[0].scores
