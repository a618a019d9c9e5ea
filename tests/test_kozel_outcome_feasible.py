"""Kozel outcomes: card points and tricks accepted exactly when some game gives them (a team
that won a tricks of a + b took 4 times the sum of a of the game's trick sizes, and its
card points are those of that many cards); one fact, one figure against random games."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import IllegalEntry
from referee.games import get
from referee.games.kozel import feasible
from referee.games.kozel.playout import random_series
from referee.model import Deal, Key
from referee.store import savefile
from tests.helpers import head, load_text, replay_text, rules_of

KOZEL = get("kozel")
PLAYERS = ("Ala", "Bartek", "Celina", "Darek")


def replay_witness(points: tuple[int, int], tricks: tuple[int, int]) -> None:
    """The witness of an accepted outcome: a game (every discard shown) the replay takes
    with no violation, giving these points and tricks."""
    lines = feasible.witness(points, tricks, PLAYERS, "Bartek")
    assert lines is not None
    text = head("kozel") + '\n[[deals]]\ndealer = "Ala"\ntrump = "S"\ntricks = [' + \
        ", ".join(f'"{t}"' for t in lines) + "]\n"
    _, setup, deals = savefile.parse(tomllib.loads(text), "witness.toml")
    res = KOZEL.replay(setup, deals)
    assert res.violations == []
    d = res.deals[0]
    assert d.finished
    teams = ("Ala & Celina", "Bartek & Darek")
    assert d.extra["points"] == dict(zip(teams, points, strict=True))
    assert d.extra["tricks"] == dict(zip(teams, tricks, strict=True))
    told = KOZEL.replay(setup, [Deal(
        [e for e in deals[0].entries if isinstance(e, Key)]
        + [Key("outcome", {"points": dict(zip(teams, points, strict=True)),
                           "tricks": dict(zip(teams, tricks, strict=True))})])])
    assert told.violations == []
    assert told.deals[0].scores == d.scores


def game(points: tuple[int, int], tricks: tuple[int, int]) -> str:
    return head("kozel") + (
        f'\n[[deals]]\ndealer = "Ala"\noutcome = {{ points = {{ Ala = {points[0]}, Bartek = '
        f'{points[1]} }}, tricks = {{ Ala = {tricks[0]}, Bartek = {tricks[1]} }} }}\n')


@pytest.mark.parametrize(("points", "tricks", "ok"), [
    # nine tricks are nine tricks of one card each: one of them is 4 cards, at most 44 points
    ((44, 76), (1, 8), True),
    ((45, 75), (1, 8), False),
    ((120, 0), (1, 8), False),
    # three tricks are 4 + 4 + 1 cards each: one trick is 4 or 16 cards, two are 20 or 32
    ((120, 0), (2, 1), True),
    ((0, 120), (2, 1), False),
    ((11, 109), (1, 2), True),
    ((0, 120), (1, 2), True),
    ((1, 119), (3, 3), False),  # no card counts 1
    ((2, 118), (3, 3), True),
])
def test_points_and_tricks_near_the_boundary(points: tuple[int, int], tricks: tuple[int, int],
                                             ok: bool) -> None:
    assert rules_of(replay_text(game(points, tricks))) == ([] if ok else ["outcome-total"])
    s = load_text(head("kozel") + '\n[[deals]]\ndealer = "Ala"\n')
    entry = (f"outcome = {{ points = {{ Ala = {points[0]}, Bartek = {points[1]} }}, "
             f"tricks = {{ Ala = {tricks[0]}, Bartek = {tricks[1]} }} }}")
    if ok:
        s.add(entry)
        replay_witness(points, tricks)
    else:
        with pytest.raises(IllegalEntry) as e:
            s.add(entry)
        assert e.value.rule == "outcome-total"


def test_every_accepted_outcome_has_a_witness() -> None:
    # each split of the tricks, every 5th split of the points: the check accepts exactly
    # what a witness game gives (refusals follow from counting the cards)
    for a in range(10):
        for b in range(10 - a):
            if a + b < 3:
                continue
            for pa in range(a % 5, 121, 5):
                pts = (pa, 120 - pa)
                accepted = rules_of(replay_text(game(pts, (a, b)))) == []
                if accepted:
                    replay_witness(pts, (a, b))


def test_trick_sizes_brute_force() -> None:
    # every game's trick sizes, walked the slow way: hands of 4, the deck of 20 drawn back
    seen = set()
    stack = [(4, 20, ())]
    while stack:
        hand, deck, done = stack.pop()
        if hand == 0:
            seen.add(tuple(sorted(done)))
            continue
        for k in range(1, hand + 1):
            draw = min(k, deck // 4)
            stack.append((hand - k + draw, deck - 4 * draw, (*done, k)))
    assert feasible.sizes() == frozenset(seen)
    assert all(sum(ks) == 9 for ks in seen)
    assert {len(ks) for ks in seen} == set(range(3, 10))


def as_outcomes(deals: list[Deal], truths: list) -> list[Deal]:  # type: ignore[type-arg]
    names = ("Ala & Celina", "Bartek & Darek")
    out = []
    for d, t in zip(deals, truths, strict=True):
        keys = [e for e in d.entries if isinstance(e, Key) and e.name in ("dealer", "trump")]
        keys.append(Key("outcome", {"points": dict(zip(names, t.points, strict=True)),
                                    "tricks": dict(zip(names, t.tricks, strict=True))}))
        out.append(Deal(keys))
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), modes=st.sampled_from([("known",), ("unseen",),
                                                           ("known", "unseen")]))
def test_one_fact_one_figure_a_played_game_as_an_outcome(seed: int,
                                                         modes: tuple[str, ...]) -> None:
    setup, deals, truths, _ = random_series(seed, modes=modes, max_games=8)
    played = KOZEL.replay(setup, deals)
    told = KOZEL.replay(setup, as_outcomes(deals, truths))
    assert played.violations == []
    assert told.violations == []
    assert [d.scores for d in told.deals] == [d.scores for d in played.deals]
    assert told.totals == played.totals
    for t in truths:
        assert feasible.problems(t.points, t.tricks, ("A", "B")) == []
