"""Kierki outcomes: accepted exactly when the cards can be shared out so that every stated
count holds (the categories share Q♥, J♥ and K♥), and every acceptance here checked by a
witness, one legal deal replayed by the engine that gives the same counts and score."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import IllegalEntry
from referee.games import get
from referee.games.kierki import outcome
from referee.games.kierki.play import replay_deal
from referee.games.kierki.playout import random_game
from referee.games.kierki.witness import witness
from referee.model import Setup
from tests.helpers import FOUR, head, kierki_before, load_text, replay_text, rules_of

K = get("kierki")
OPTIONS = {"stop_when_penalties_gone": False, "trump_chooser": "dealer",
           "fantan_start_rank": 7}
SETUP = Setup("kierki", FOUR, "Ala", {})
ISSUE = ('outcome = { tricks = { Ala = 4, Bartek = 3, Celina = 3, Darek = 3 }, hearts = { '
         'Ala = 13 }, queens = { Bartek = 4 }, jacks_kings = { Celina = 7, Ala = 1 }, '
         'king_of_hearts = "Ala", trick_7 = "Darek", last_trick = "Darek" }\n')


ISSUE_OUTCOME = {"tricks": {"Ala": 4, "Bartek": 3, "Celina": 3, "Darek": 3},
                 "hearts": {"Ala": 13, "Bartek": 0, "Celina": 0, "Darek": 0},
                 "queens": {"Ala": 0, "Bartek": 4, "Celina": 0, "Darek": 0},
                 "jacks_kings": {"Ala": 1, "Bartek": 0, "Celina": 7, "Darek": 0},
                 "king_of_hearts": "Ala", "trick_7": "Darek", "last_trick": "Darek"}


def deal(body: str, n: int) -> str:
    return head() + kierki_before(n) + "\n[[deals]]\n" + body


def full(number: int, o: dict[str, Any]) -> dict[str, Any]:
    """The outcome with every player's count written (a player left out counts 0)."""
    return {k: ({p: v.get(p, 0) for p in FOUR} if isinstance(v, dict) else v)
            for k, v in o.items() if k != "trump"}


def verify(number: int, o: dict[str, Any], dealer: str = "Ala",
           options: dict[str, Any] = OPTIONS) -> None:
    """The outcome is accepted, and its witness replays with no violation, the same counts
    and the same score."""
    assert outcome.check(number, o, FOUR, SETUP.left_of(dealer)) == []
    w = witness(SETUP, number, o, dealer, options)
    assert w is not None
    st = replay_deal(SETUP, w, number, dealer, 0, options)
    assert st.violations == []
    assert st.finished
    assert outcome.of_play(number, st.tricks, st.out, FOUR) == full(number, o)
    assert st.scores == outcome.score(number, o, FOUR)


def test_the_issue_deal_7_is_refused_hearts_and_queens_share_the_queen_of_hearts() -> None:
    res = replay_text(deal(ISSUE, 7))
    assert rules_of(res) == ["outcome-total"]
    assert res.violations[0].deal == 7
    # typed, it is refused (CLI.md: an impossible count is refused)
    s = load_text(head() + kierki_before(7))
    with pytest.raises(IllegalEntry) as e:
        s.add(ISSUE.strip())
    assert e.value.rule == "outcome-total"


@pytest.mark.parametrize(("o", "possible"), [
    # Ala took every heart, hence Q♥, J♥ and K♥: a queen and two jacks or kings at least;
    # the cards fit, the play does not: 13 hearts in 4 tricks need one led in hearts, whose
    # leader holds only hearts and plays one in every trick left, so the last one is Ala's
    ({"tricks": {"Ala": 4, "Bartek": 3, "Celina": 3, "Darek": 3}, "hearts": {"Ala": 13},
      "queens": {"Ala": 1, "Bartek": 3}, "jacks_kings": {"Ala": 2, "Celina": 6},
      "king_of_hearts": "Ala", "trick_7": "Darek", "last_trick": "Darek"}, False),
    ({"tricks": {"Ala": 4, "Bartek": 3, "Celina": 3, "Darek": 3}, "hearts": {"Ala": 13},
      "queens": {"Ala": 1, "Bartek": 3}, "jacks_kings": {"Ala": 2, "Celina": 6},
      "king_of_hearts": "Ala", "trick_7": "Darek", "last_trick": "Ala"}, True),
    ({"tricks": {"Ala": 4, "Bartek": 3, "Celina": 3, "Darek": 3}, "hearts": {"Ala": 13},
      "queens": {"Ala": 1, "Bartek": 3}, "jacks_kings": {"Ala": 1, "Celina": 7},
      "king_of_hearts": "Ala", "trick_7": "Darek", "last_trick": "Darek"}, False),
    # 13 hearts and 3 more cards fill Ala's 4 tricks exactly; 3 tricks are too few
    ({"tricks": {"Ala": 3, "Bartek": 4, "Celina": 3, "Darek": 3}, "hearts": {"Ala": 13},
      "queens": {"Ala": 1, "Bartek": 3}, "jacks_kings": {"Ala": 2, "Celina": 6},
      "king_of_hearts": "Ala", "trick_7": "Darek", "last_trick": "Darek"}, False),
    # the 7th and the last trick are two tricks
    ({"tricks": {"Ala": 12, "Darek": 1}, "hearts": {"Ala": 13}, "queens": {"Ala": 4},
      "jacks_kings": {"Ala": 8}, "king_of_hearts": "Ala", "trick_7": "Darek",
      "last_trick": "Darek"}, False),
    ({"tricks": {"Ala": 11, "Darek": 2}, "hearts": {"Ala": 13}, "queens": {"Ala": 4},
      "jacks_kings": {"Ala": 8}, "king_of_hearts": "Ala", "trick_7": "Darek",
      "last_trick": "Darek"}, True),
    # K♥ is the king of hearts: its taker is counted with a heart and a king
    ({"tricks": {"Ala": 12, "Bartek": 1}, "hearts": {"Ala": 13}, "queens": {"Ala": 4},
      "jacks_kings": {"Ala": 7, "Bartek": 1}, "king_of_hearts": "Bartek",
      "trick_7": "Ala", "last_trick": "Ala"}, False),
    # Bartek's one trick: K♥, Q♥ and two more hearts (4 cards: every count fits)
    ({"tricks": {"Ala": 12, "Bartek": 1}, "hearts": {"Ala": 9, "Bartek": 4},
      "queens": {"Ala": 3, "Bartek": 1}, "jacks_kings": {"Ala": 7, "Bartek": 1},
      "king_of_hearts": "Bartek", "trick_7": "Ala", "last_trick": "Ala"}, True),
    # K♥, Q♥, J♥ and a heart: 4 hearts, a queen and 2 kings or jacks in 4 cards
    ({"tricks": {"Ala": 12, "Bartek": 1}, "hearts": {"Ala": 9, "Bartek": 4},
      "queens": {"Ala": 3, "Bartek": 1}, "jacks_kings": {"Ala": 6, "Bartek": 2},
      "king_of_hearts": "Bartek", "trick_7": "Ala", "last_trick": "Ala"}, True),
    # ... a second queen is a fifth card
    ({"tricks": {"Ala": 12, "Bartek": 1}, "hearts": {"Ala": 9, "Bartek": 4},
      "queens": {"Ala": 2, "Bartek": 2}, "jacks_kings": {"Ala": 6, "Bartek": 2},
      "king_of_hearts": "Bartek", "trick_7": "Ala", "last_trick": "Ala"}, False),
    # ... but with 3 hearts it fits: K♥, Q♥, J♥ and the queen of another suit
    ({"tricks": {"Ala": 12, "Bartek": 1}, "hearts": {"Ala": 10, "Bartek": 3},
      "queens": {"Ala": 2, "Bartek": 2}, "jacks_kings": {"Ala": 6, "Bartek": 2},
      "king_of_hearts": "Bartek", "trick_7": "Ala", "last_trick": "Ala"}, True),
])
def test_deal_7_near_the_boundary(o: dict[str, Any], possible: bool) -> None:
    problems = outcome.check(7, o, FOUR, "Bartek")
    assert (problems == []) == possible
    if possible:
        verify(7, o)
    text = deal("outcome = " + _toml(o) + "\n", 7)
    assert rules_of(replay_text(text)) == ([] if possible else ["outcome-total"])


def _toml(o: dict[str, Any]) -> str:
    def one(v: Any) -> str:
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {n}" for k, n in v.items()) + " }"
        return f'"{v}"'
    return "{ " + ", ".join(f"{k} = {one(v)}" for k, v in o.items()) + " }"


def test_deal_7_witnesses_where_the_hearts_can_be_left_to_the_end() -> None:
    verify(7, {"tricks": {"Ala": 11, "Darek": 2}, "hearts": {"Ala": 13},
               "queens": {"Ala": 4}, "jacks_kings": {"Ala": 8}, "king_of_hearts": "Ala",
               "trick_7": "Darek", "last_trick": "Ala"})


def _counts(total: int) -> list[dict[str, int]]:
    out = []
    for v in itertools.product(range(total + 1), repeat=3):
        if sum(v) <= total:
            out.append(dict(zip(FOUR, (*v, total - sum(v)), strict=True)))
    return out


def test_every_count_of_tricks_queens_and_jacks_kings_has_a_witness() -> None:
    # deals 1, 3, 4, 8-11: every count that adds up is possible, and built
    for counts in _counts(13)[::7]:
        verify(1, {"tricks": counts}, dealer="Bartek")
        verify(9, {"tricks": counts, "trump": "D"}, dealer="Celina")
    for counts in _counts(4):
        verify(3, {"queens": counts})
    for counts in _counts(8)[::3]:
        verify(4, {"jacks_kings": counts}, dealer="Darek")
    verify(10, {"tricks": {"Celina": 13}}, options={**OPTIONS, "trump_chooser": "left"})


def test_named_tricks_king_of_hearts_and_the_lottery_have_witnesses() -> None:
    for a, b in itertools.product(FOUR, repeat=2):
        verify(6, {"trick_7": a, "last_trick": b})
        if a != b:
            verify(12, {"first_out": a, "second_out": b}, dealer="Bartek")
    for a in FOUR:
        verify(5, {"king_of_hearts": a})
    assert outcome.check(12, {"first_out": "Ala", "second_out": "Ala"}, FOUR) != []


def test_hearts_witnesses() -> None:
    for counts in ({"Ala": 13}, {"Bartek": 6, "Darek": 7},
                   {"Ala": 3, "Bartek": 3, "Celina": 3, "Darek": 4}):
        verify(2, {"hearts": counts})


def _played(seed: int, number: int) -> tuple[Setup, list[Any], Any, str]:
    setup, deals = random_game(seed, hands_known=bool(seed % 2), deals=number)
    res = K.replay(setup, deals)
    dealer = res.deals[-1].dealer
    st = replay_deal(setup, deals[-1], number, dealer, 0, OPTIONS)
    return setup, deals, st, dealer


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), number=st.integers(1, 12))
def test_one_fact_one_figure_a_played_deal_as_an_outcome(seed: int, number: int) -> None:
    """The outcome of a random legal deal, entered as an outcome instead, is accepted and
    scores the same as the deal played."""
    setup, deals, played, _ = _played(seed, number)
    o = outcome.of_play(number, played.tricks, played.out, setup.players)
    if 8 <= number <= 11:
        o["trump"] = played.trump
    assert outcome.check(number, o, setup.players) == []
    assert outcome.score(number, o, setup.players) == played.scores
    text = head() + kierki_before(number) + "\n[[deals]]\noutcome = " + _toml(o) + "\n"
    res = replay_text(text)
    assert res.violations == []
    assert res.deals[-1].scores == played.scores
