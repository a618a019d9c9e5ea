"""The entry grammar, explain, load errors and the save file of both Schmier games."""

from __future__ import annotations

import tomllib

import pytest

from referee.cards import Card
from referee.errors import IllegalEntry, NotationError, SaveFileError
from referee.games import get
from referee.games.schmier.rules import SchmierRules, shuffled
from referee.model import Bid, Exchange, Key, Play, Setup
from referee.store import savefile
from tests.helpers import head, load_text
from tests.test_schmier_rules import PLAY, SIX, known, unseen
from tests.test_wisconsin_rules import BIDS as WBIDS
from tests.test_wisconsin_rules import W, game


def test_typed_entries_names_prefixes_and_case() -> None:
    s = load_text(head("schmier", SIX) + '\n[[deals]]\ndealer = "Ala"\n')
    rules, res = s.rules, s.result()
    assert rules.parse_entry("bart: 3", s.setup, res) == [Bid("Bartek", 3)]
    assert rules.parse_entry("PASS", s.setup, res) == [Bid("Bartek", None)]
    s.add("b: 3")
    s.add("pass")
    for _ in range(4):
        s.add("p")
    assert s.result().expect.action == "trump"
    s.add("trump hearts")
    assert s.deals[0].key("trump") == "H"
    s.add("Bartek: discard 0")
    s.add("discard 2")
    s.add("Darek: discard 4c 5c")
    e = s.deals[0].entries
    assert e[-2] == Exchange("Celina", "discard", None, 2)
    assert isinstance(e[-1], Exchange) and e[-1].count == 2
    with pytest.raises(NotationError):
        rules.parse_entry("Ewa: take 2", s.setup, s.result())
    with pytest.raises(NotationError):
        rules.parse_entry("Ewa: 9Z", s.setup, s.result())


def test_several_cards_in_turn_but_not_across_tricks() -> None:
    s = load_text(known())
    s.add("Bartek: AH 2h jk 10♥ 8H 3H")
    assert s.result().expect.action == "lead"
    with pytest.raises(NotationError):
        s.rules.parse_entry("Bartek: JD KH JH QH 9H 4H 4D", s.setup, s.result())
    got = s.rules.parse_entry("JD KH", s.setup, s.result())
    assert got == [Play("Bartek", (Card(11, "D"),)), Play("Celina", (Card(13, "H"),))]


def test_wisconsin_take_and_discard_typed() -> None:
    s = load_text(game(WBIDS, options="kitty_view = 2"))
    s.add("Bartek: take 10S 9S")
    s.add("discard 7c 8c")
    assert s.result().expect.action == "lead"
    text = s.text()
    assert 'kitty = "10S 9S"' in text and 'Bartek = "7C 8C"' in text


def test_outcome_and_claimed_typed() -> None:
    s = load_text(head("schmier", SIX) + '\n[[deals]]\ndealer = "Ala"\n' +
                  'bids = ["Bartek: 6"]\n')
    with pytest.raises(NotationError):
        s.add('outcome = { high = "Ala" }')
    s.add("trump S")
    s.add('outcome = { high = "Ala", low = "Bartek", right_bauer = "Celina", '
          'left_bauer = "Darek", joker = "Ewa", game = "Filip" }')
    res = s.result()
    assert res.deals[0].finished
    assert res.deals[0].scores == {"Ala & Darek": 2, "Bartek & Ewa": -6, "Celina & Filip": 2}


def test_explain_a_trick_with_left_bauer_and_proof() -> None:
    s = load_text(known(*PLAY))
    lines = s.rules.explain(s.setup, s.deals, 1, 2)
    assert any("the left bauer JD" in x for x in lines)
    assert lines[-1].startswith("Winner: Celina")
    assert "ranks above" in lines[-1]
    s = load_text(unseen("Bartek: AH 2H JK 10H 8H 3H", "Bartek: JD KH JH QH 9H 4H",
                         "Celina: 4D 3C 7D 9D 2S 8S", "Filip: 10D 5H 5D"))
    lines = s.rules.explain(s.setup, s.deals, 1, 3)
    bart = [x for x in lines if x.strip().startswith("Bartek")][0]
    assert "PROVEN follow-suit" in bart and "5D" in bart
    darek = [x for x in lines if x.strip().startswith("Darek")][0]
    assert "void" in darek
    whole = s.rules.explain(s.setup, s.deals, 1, None)
    assert any("follow-suit" in x for x in whole)
    with pytest.raises(NotationError):
        s.rules.explain(s.setup, s.deals, 1, 9)
    with pytest.raises(NotationError):
        s.rules.explain(s.setup, s.deals, 3, None)


def test_explain_wisconsin_trump_by_first_lead() -> None:
    s = load_text(game(WBIDS + 'tricks = ["Bartek: KH JH 7H AH", "Ala: 9C QH AS AC"]\n'))
    lines = s.rules.explain(s.setup, s.deals, 1, 2)
    assert any("trumped with QH" in x for x in lines)
    assert "only trump" in lines[-1]


@pytest.mark.parametrize("body,key", [
    ('bids = ["Bartek: 3"]\nkitty = "9C"\n', "kitty"),
    ('bids = ["Zed: 3"]\n', "bids[1]"),
    ('bids = ["Bartek: 3"]\ndiscards = { Bartek = true }\n', "discards.Bartek"),
    ('hands = { Ala = "AH" }\n', "hands.Ala"),
    ('bids = ["Bartek: 3"]\ntrump = "X"\n', "trump"),
    ('bids = ["Bartek: 3"]\ntrump = "H"\noutcome = { foo = "Ala" }\n', "outcome.foo"),
    ('tricks = ["Bartek: AH KH AS 2C 3C 4C 5C"]\n', "tricks[1]"),
    ('tricks = ["Bartek: AH", "Celina: KH"]\n', "tricks[1]"),
    ('stock = "AH"\n', "stock"),
])
def test_load_errors_name_file_deal_and_key(body: str, key: str) -> None:
    text = head("schmier", SIX) + "\n[[deals]]\n" + body
    with pytest.raises(SaveFileError) as e:
        savefile.parse(tomllib.loads(text), "f.toml")
    msg = str(e.value)
    assert msg.startswith("f.toml: deal 1: ") and f"'{key}'" in msg and "\n" not in msg


def test_virtual_deal_is_seeded_and_complete() -> None:
    rules = get("schmier")
    assert isinstance(rules, SchmierRules)
    setup = Setup("schmier", SIX, "Ala", {}, seed=42)
    a = shuffled(rules.variant, setup, 3, "Celina")
    assert a == shuffled(rules.variant, setup, 3, "Celina")
    hands, stock = a
    cards = [c for h in hands.values() for c in h] + list(stock)
    assert sorted(map(str, cards)) == sorted(map(str, rules.deck))
    assert len(stock) == 17 and all(len(h) == 6 for h in hands.values())
    entries = rules.virtual_deal(setup, 3, "Celina")
    assert [e.name for e in entries if isinstance(e, Key)] == ["hands", "stock"]


def test_refused_bid_after_the_bidding() -> None:
    s = load_text(game(WBIDS))
    with pytest.raises(IllegalEntry) as e:
        s.add("Ala: 3")
    assert e.value.rule == "turn-order"


def test_teams_and_json() -> None:
    s = load_text(head(W) + "\n[[deals]]\n" + WBIDS)
    res = s.result()
    j = res.to_json()
    assert j["teams"] == [["Ala", "Celina"], ["Bartek", "Darek"]]
    assert set(j["totals"]) == {"Ala & Celina", "Bartek & Darek"}
    six = load_text(head("schmier", SIX)).result().to_json()
    assert six["teams"] == [["Ala", "Darek"], ["Bartek", "Ewa"], ["Celina", "Filip"]]


def test_wisconsin_outcome_typed_after_the_trump() -> None:
    s = load_text(game(WBIDS))
    with pytest.raises(NotationError):
        s.add('outcome = { high = "Ala" }')
    s.add('trump = "H"')
    s.add('outcome = { high = "Ala", low = "Darek" }')
    assert s.result().deals[0].scores == {"Ala & Celina": 1, "Bartek & Darek": -2}


def test_every_rule_id_has_a_scenario() -> None:
    from pathlib import Path

    here = Path(__file__).resolve().parent
    for game_name, fname in (("wisconsin-schmier", "test_wisconsin_rules.py"),
                             ("schmier", "test_schmier_rules.py")):
        text = (here / fname).read_text()
        ids = [k for k, _ in get(game_name).rules]
        # a well-formed card is always in Schmier's 53-card deck
        missing = [k for k in ids if f'"{k}"' not in text
                   and not (game_name == "schmier" and k == "card-not-in-deck")]
        assert missing == [], (game_name, missing)
