"""The engine's values are dataclasses (slots, frozen where nothing changes them) and enums,
with the constructors, equality and hashing the rest of the code relies on."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
from collections import Counter

import pytest

from referee.cards import Card
from referee.errors import Violation
from referee.games.base import Option
from referee.games.kierki.play import DealState, LotteryTurn
from referee.knowledge import SUIT_TEST, Shown, VoidAssertion
from referee.model import (
    Action,
    Bid,
    Deal,
    DealResult,
    Exchange,
    Expect,
    Key,
    Pass,
    Place,
    Play,
    Pull,
    Setup,
    TableView,
)
from referee.trick import Trick, TrickPlay

AH = Card(14, "H")
FROZEN = [Setup, Key, Play, Pull, Bid, Pass, Exchange, Place, Violation, VoidAssertion, Shown,
          Option]
MUTABLE = [Deal, DealResult, Expect, TableView, Trick, TrickPlay, LotteryTurn, DealState]


@pytest.mark.parametrize("cls", FROZEN + MUTABLE, ids=lambda c: c.__name__)
def test_a_dataclass_with_slots(cls: type) -> None:
    assert dataclasses.is_dataclass(cls)
    assert "__slots__" in cls.__dict__
    assert dataclasses.fields(cls)


@pytest.mark.parametrize("cls", FROZEN, ids=lambda c: c.__name__)
def test_values_are_frozen(cls: type) -> None:
    assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_record_machinery_is_gone() -> None:
    assert importlib.util.find_spec("referee.record") is None


def test_an_entry_is_a_value_made_positionally() -> None:
    a = Play("Ala", (AH,))
    assert a == Play("Ala", (AH,), False) and hash(a) == hash(Play("Ala", (AH,)))
    assert a != Play("Ala", (AH,), True)
    assert Exchange("Ala", "discard", (AH,), 1).count == 1
    assert Place(AH, 0, 1).col == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.player = "Ola"  # type: ignore[misc]
    assert len({Key("dealer", "Ala"), Key("dealer", "Ala"), Bid("Ala", None), Pass("Ala")}) == 3


def test_equal_violations_are_one_in_sets_and_counters() -> None:
    v = Violation(1, 2, "Ala", "follow-suit", "did not follow", None, 7)
    same = Violation(1, 2, "Ala", "follow-suit", "did not follow", at=7)
    assert v == same and len({v, same}) == 1 and Counter([v, same])[v] == 2
    assert v != dataclasses.replace(v, retro=True)
    assert v.to_json() == {"deal": 1, "trick": 2, "player": "Ala", "rule": "follow-suit",
                           "message": "did not follow"}


def test_setup_copies_and_defaults() -> None:
    s = Setup("kierki", ("A", "B", "C", "D"), "A", None)
    assert s.options == {} and s.left_of("D") == "A"
    t = dataclasses.replace(s, options={"fantan_start_rank": 8})
    assert t.options == {"fantan_start_rank": 8} and s.options == {} and t.players == s.players
    void = VoidAssertion("A", SUIT_TEST["H"], "follow-suit", "A did not follow", 1, 2)
    assert void.turn is None and void.suits is None and Shown("A", 1, None).trick == 1


def test_states_change_and_an_explicit_none_is_empty() -> None:
    d = Deal(None)
    d.entries.append(Key("dealer", "A"))
    assert d.key("dealer") == "A" and Deal() == Deal([])
    row = DealResult(1, "A", None, True, extra=None, not_played=None)
    assert row.extra == {} and row.not_played == []
    row.play = None
    tv = TableView("t", None, None)
    assert tv.lines == [] and tv.trick == []
    t = Trick(1, None)
    t.plays.append(TrickPlay("A", AH, 0))
    t.winner = "A"
    assert t.leader == "A" and t.cards == [AH]


def test_action_is_a_string_wherever_it_is_written() -> None:
    e = Expect("A", Action.PLAY, "A to play", 1)
    assert e.action == "play" and f"{e.action}" == "play" and str(e.action) == "play"
    assert json.dumps({"action": e.action}) == '{"action": "play"}'
    assert {a.value for a in Action} == {"play", "lead", "bid", "trump", "turn", "place",
                                         "exchange", "outcome", "done"}


def test_a_deal_state_is_compared_by_identity() -> None:
    setup = Setup("kierki", ("A", "B", "C", "D"), "A")
    one, two = DealState(setup, 1, "A", 0), DealState(setup, 1, "A", 0)
    assert one != two and one == one and len({one, two}) == 2
    assert one.leader == "B" and one.to_move == "B" and one.scores == dict.fromkeys("ABCD", 0)


def test_running_totals_count_the_finished_deals_only() -> None:
    from referee.model import running_totals

    deals = [DealResult(1, "A", {"A": 5, "B": -5}, True),
             DealResult(2, "B", None, True),                     # not scored (not played)
             DealResult(3, "A", {"A": 1}, True),                 # B not named: 0
             DealResult(4, "B", {"A": 7, "B": 7}, False)]        # in progress: adds nothing
    assert running_totals(deals, ["A", "B"]) == [
        {"A": 5, "B": -5}, {"A": 5, "B": -5}, {"A": 6, "B": -5}, {"A": 6, "B": -5}]
    assert running_totals([], ["A"]) == []
