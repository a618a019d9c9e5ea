"""Kozel save files and entries: reading, writing, load errors, typed entries, explain."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from referee.cards import Card, try_parse_card
from referee.errors import IllegalEntry, NotationError, SaveFileError
from referee.games import get
from referee.history.session import Session
from referee.model import Key, Play, Pull, Setup
from referee.store import savefile
from tests.helpers import head, load_text, replay_text

K = get("kozel")
PLAYERS = ("Ala", "Bartek", "Celina", "Darek")


def one(body: str) -> str:
    return head("kozel") + "\n[[deals]]\n" + body


def load_error(text: str) -> str:
    with pytest.raises(SaveFileError) as e:
        savefile.parse(tomllib.loads(text), "g.toml")
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith("g.toml: deal 1: key ")
    return msg


def test_trick_lines_become_plays_and_pulls() -> None:
    text = one('trump = "D"\ntricks = ["Bartek: 10H KH / Celina: AH 6D / Darek: ~7S ~8C / '
               'Ala: ~? ?", "Celina pulls: 6C 7C 9C JC / Darek: ~6S 7S 8S 9S"]\n')
    _, _, deals = savefile.parse(tomllib.loads(text), "g.toml")
    acts = deals[0].actions()
    assert isinstance(acts[2], Play) and acts[2].down and str(acts[2].cards[1]) == "8C"
    assert isinstance(acts[3], Play) and acts[3].cards == (None, None) and acts[3].down
    assert isinstance(acts[4], Pull) and acts[4].player == "Celina"
    out = K.dump_deal(deals[0], Setup("kozel", PLAYERS, "Ala"))
    assert out["tricks"] == ["Bartek: 10H KH / Celina: AH 6D / Darek: ~7S 8C / Ala: ~? ?",
                             "Celina pulls: 6C 7C 9C JC / Darek: ~6S 7S 8S 9S"]


def test_names_optional_after_the_first_play_of_a_line() -> None:
    text = one('trump = "D"\ntricks = ["Bartek: 10H KH / AH 6D / ~7S 8C / ~? ?"]\n')
    res = replay_text(text)
    assert res.violations == [] and res.expect.player == "Celina"


def test_a_pull_in_the_middle_of_a_line_keeps_the_cancelled_plays_when_written() -> None:
    text = one('trump = "D"\ntricks = ["Bartek: 10H / Celina pulls: 6C 7C 9C JC / '
               'Darek: ~? ? ? ? / Ala: ~? ? ? ? / Bartek: ~? ? ? ?"]\n')
    s = load_text(text)
    assert s.result().violations == []
    assert "Bartek: 10H / Celina pulls: 6C 7C 9C JC / Darek: ~? ? ? ? / Ala: ~? ? ? ? / " \
        "Bartek: ~? ? ? ?" in s.text()


def test_round_trip_of_every_key() -> None:
    text = one('dealer = "Ala"\ntrump = "S"\ntrump_card = "9S"\nhands = { Ala = "AS KS QS JS", '
               'Bartek = "10S 6S 7S 8S", Celina = "AH KH QH JH", Darek = "10H 9H 8H 7H" }\n'
               'stock = "6H AD KD QD JD 10D 9D 8D 7D 6D AC KC QC JC 10C 9S 9C 8C 7C 6C"\n'
               'tricks = ["Bartek: 6S"]\noutcome = { points = { Ala = 70, Bartek = 50 } }\n'
               'claimed = { Celina = 0 }\nnote = "just a test"\n')
    rules, setup, deals = savefile.parse(tomllib.loads(text), "g.toml")
    again = savefile.dumps(rules, setup, deals)
    _, setup2, deals2 = savefile.parse(tomllib.loads(again), "g.toml")
    assert [d.entries for d in deals2] == [d.entries for d in deals]
    d = tomllib.loads(again)["deals"][0]
    assert set(d) == {"dealer", "trump", "trump_card", "hands", "stock", "tricks", "outcome",
                      "claimed", "note"}
    assert d["outcome"] == {"points": {"Ala & Celina": 70, "Bartek & Darek": 50}}
    assert d["claimed"] == {"Ala & Celina": 0}


@pytest.mark.parametrize("body,key", [
    ('tricks = ["Bartek: 6S"]\n', "'trump'"),
    ('trump = "X"\n', "'trump'"),
    ('trump = "D"\ntricks = ["Bartek: 6S / Zenon: 7S"]\n', "'tricks[1]'"),
    ('trump = "D"\ntricks = ["Bartek: 6S / Celina: 1Z"]\n', "'tricks[1]'"),
    ('trump = "D"\ntricks = ["Bartek: 6S / Celina: ?"]\n', "'tricks[1]'"),
    ('trump = "D"\ntricks = ["6S"]\n', "'tricks[1]'"),
    ('trump = "D"\ntricks = ["Bartek: 6S / Celina: 7S", "Celina: 8S"]\n', "'tricks[1]'"),
    ('trump = "D"\ntricks = ["Bartek: 6S / Celina: 7S / Darek: 8S / Ala: 9S / Bartek: 6H"]\n',
     "'tricks[1]'"),
    ('trump = "D"\ntricks = "Bartek: 6S"\n', "'tricks'"),
    ('trump_card = "9D 9S"\n', "'trump_card'"),
    ('hands = { Ala = "AS KS" }\n', "'hands.Ala'"),
    ('stock = "AS KS"\n', "'stock'"),
    ('outcome = { score = { Ala = 3 } }\n', "'outcome.score'"),
    ('outcome = { points = { Ala = 60, Celina = 60 } }\n', "'outcome.points.Celina'"),
    ('outcome = { points = { Ala = -1, Bartek = 121 } }\n', "'outcome.points.Ala'"),
    ('claimed = { Zenon = 2 }\n', "'claimed.Zenon'"),
    ('outcome = { points = { Ala = "sixty" } }\n', "'outcome.points.Ala'"),
    ('claimed = 3\n', "'claimed'"),
    ('bids = []\n', "'bids'"),
])
def test_load_errors_name_file_deal_and_key(body: str, key: str) -> None:
    assert f"key {key}" in load_error(one(body))


def test_team_named_by_its_name() -> None:
    res = replay_text(one('outcome = { points = { "Ala & Celina" = 70, "bartek & darek" = 50 '
                          '} }\n'))
    assert res.totals == {"Ala & Celina": 0, "Bartek & Darek": 2}


# -- typed entries ----------------------------------------------------------------------------

def fresh() -> Session:
    return load_text(head("kozel"))


def test_typed_game_with_trump_plays_and_outcome() -> None:
    s = fresh()
    assert s.result().expect.action == "trump" and s.result().expect.new_deal
    with pytest.raises(IllegalEntry):
        s.add("Bartek: 6S")
    s.add("trump 9d")
    assert s.deals[0].key("trump") == "D" and str(s.deals[0].key("trump_card")) == "9D"
    s.add("6S 7S 8S 9S")  # Bartek leads: the name may be left out
    s.add("~? ? ? ? / ~? ? ? ?")  # Celina, then Darek
    s.add("Ala: JS QS KS 10S")
    assert s.result().expect.player == "Ala"
    s.add("Ala: AH 6H 7H 8H / ~? ? ? ? / ~? ? ? ? / ~? ? ? ?")
    s.add("Ala: 6D / ~? / ~? / ~?")
    res = s.result()
    assert res.expect.action == "outcome" and not res.expect.new_deal
    with pytest.raises(IllegalEntry) as e:
        s.add("Bartek: 7D")
    assert e.value.rule == "turn-order"
    with pytest.raises(IllegalEntry) as e:
        s.add("outcome = { points = { Ala = 100, Bartek = 20 } }")
    assert e.value.rule == "outcome-total"
    s.add("outcome = { points = { Ala = 120 } }")
    res = s.result()
    assert res.totals == {"Ala & Celina": 0, "Bartek & Darek": 6}
    assert res.expect.new_deal and res.expect.dealer == "Bartek"


@pytest.mark.parametrize("entry", ["Bartek: 6S ~7S", "Zenon: 6S", "Bartek: 6S / / 7S",
                                   "Bartek: XX", "Bartek pulls: ~6S 7S 8S 9S", "pulls: 6S"])
def test_unreadable_entries(entry: str) -> None:
    s = fresh()
    s.add('trump = "D"')
    with pytest.raises(NotationError):
        s.add(entry)


def test_trump_cannot_change_once_play_began() -> None:
    s = fresh()
    s.add('trump = "D"')
    s.add("Bartek: 6S / Celina: 7S / Darek: 8S / Ala: 9S")
    with pytest.raises(IllegalEntry):
        s.add('trump = "S"')


def test_typed_line_is_all_or_nothing() -> None:
    s = fresh()
    s.add('trump = "D"')
    with pytest.raises(IllegalEntry):
        s.add("Bartek: 6S / Celina: 7S / Darek: 6H")
    assert s.entry_count() == 2  # dealer and trump


def test_virtual_deal_and_a_whole_game(tmp_path: Path) -> None:
    setup = Setup("kozel", PLAYERS, "Darek", {}, seed=7)
    s = Session.create(tmp_path / "k.toml", setup)
    d = s.deals[0]
    assert d.key("dealer") == "Darek"
    hands, stock, shown = d.key("hands"), d.key("stock"), d.key("trump_card")
    assert sorted(len(h) for h in hands.values()) == [4, 4, 4, 4] and len(stock) == 20
    assert len({c for h in hands.values() for c in h} | set(stock)) == 36
    assert shown in stock[5:15] and d.key("trump") == shown.suit
    assert [isinstance(e, Key) for e in d.entries] == [True] * 5
    again = K.virtual_deal(setup, 1, "Darek")
    assert [e.value for e in again if isinstance(e, Key) and e.name == "hands"] == [hands]
    res = s.result()
    assert res.expect.player == "Ala" and res.table.hands is not None
    loaded = Session.load(tmp_path / "k.toml")
    assert loaded.result().to_json() == res.to_json()


def test_explain_a_trick() -> None:
    text = one('trump = "D"\ntricks = ["Bartek: 10H KH / Celina: AH JC / Darek: 6D 7D / '
               'Ala: ~? ?"]\n')
    s = load_text(text)
    lines = K.explain(s.setup, s.deals, 1, 1)
    body = "\n".join(lines)
    assert "AH JC" in body and "can only be beaten by AH" in body and "BROKE beat" in body
    assert "6D beats" in body and "7D beats" in body
    assert "Winner: Darek" in body
    summary = "\n".join(K.explain(s.setup, s.deals, 1, None))
    assert "Trick 1" in summary
    with pytest.raises(NotationError):
        K.explain(s.setup, s.deals, 1, 5)
    with pytest.raises(NotationError):
        K.explain(s.setup, s.deals, 2, None)


def test_rules_and_options_declared() -> None:
    ids = [r for r, _ in K.rules]
    for r in ("dealer", "card-duplicate", "card-not-in-deck", "card-not-held", "stock-order",
              "turn-order", "lead-first", "trump-card", "lead-one-suit", "play-count", "beat",
              "pull", "outcome-total", "claimed-score"):
        assert r in ids
    assert {o.name: o.default for o in K.options} == {"eggs": "nothing", "pull": "any-suit"}


def test_a_whole_series_typed_on_virtual_deals(tmp_path: Path) -> None:
    """A series played through ``Session.add`` on the referee's own deals, choosing from the
    hands the table shows: beats when possible, else discards, pulls when one can."""
    import itertools
    import random

    from referee.games.kozel.playout import beats_all

    rng = random.Random(3)
    s = Session.create(tmp_path / "s.toml", Setup("kozel", PLAYERS, "Ala", {}, seed=11))
    typed = 0
    while not s.result().complete:
        res = s.result()
        exp = res.expect
        assert exp.action in ("lead", "play") and exp.player is not None, exp
        hands = res.table.hands
        assert hands is not None
        trump = s.deals[-1].key("trump")
        me = exp.player
        h = hands[me]
        if exp.action == "lead":
            fours = [p for p in PLAYERS if len(hands[p]) == 4
                     and len({c.suit for c in hands[p]}) == 1]
            if fours:
                s.add(f"{fours[0]} pulls: " + " ".join(str(c) for c in hands[fours[0]]))
                typed += 1
                continue
            suit = rng.choice(sorted({c.suit for c in h}))
            same = [c for c in h if c.suit == suit]
            s.add(" ".join(str(c) for c in rng.sample(same, rng.randint(1, len(same)))))
        else:
            winning = res.table.trick[-1][1]
            for _p, cards in reversed(res.table.trick):
                if not cards.startswith("~"):
                    winning = cards.replace("pulls ", "")
                    break
            target = tuple(c for c in (savefile_card(w) for w in winning.split()) if c)
            n = len(res.table.trick[0][1].replace("pulls ", "").split())
            beat = [cb for cb in itertools.combinations(h, n) if beats_all(cb, target, trump)]
            if beat and rng.random() < 0.7:
                s.add(f"{me}: " + " ".join(str(c) for c in beat[0]))
            else:
                s.add(f"{me}: ~" + " ".join(str(c) for c in rng.sample(h, n)))
        typed += 1
        assert typed < 2000
    res = s.result()
    assert res.violations == [] and res.winner is not None
    again = Session.load(tmp_path / "s.toml").result()
    assert again.to_json() == res.to_json()


def savefile_card(word: str) -> Card | None:
    return try_parse_card(word)
