"""The Schmier exchange goes in turn: each player but the dealer from the dealer's left, the
dealer last (RULES.md). Typed out of turn (``add``, the table mode): refused with
``turn-order``, and nobody's turn disappears. Recorded out of turn (a deal whose discards come
before an earlier player's): one ``turn-order``, and each recorded exchange still counts, in
the rules' order (docs/schmier.md "Exchange order")."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from referee.errors import IllegalEntry
from referee.history.session import Session
from referee.model import Deal, Exchange
from referee.store import savefile
from tests.helpers import cli_run, found, hands_toml, head, replay_text
from tests.test_file_safety import Script, table

SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")
BIDS = ["Bartek: 3", "Celina: pass", "Darek: pass", "Ewa: pass", "Filip: pass", "Ala: pass",
        "Bartek: trump H"]


def new_game(tmp_path: Path) -> Path:
    p = tmp_path / "sx.toml"
    assert cli_run("new", "schmier", str(p), *[a for n in SIX for a in ("-p", n)])[0] == 0
    assert cli_run("add", str(p), *BIDS)[0] == 0
    return p


def test_a_discard_typed_out_of_turn_is_refused_and_the_turn_stays(tmp_path: Path) -> None:
    s = Session.load(new_game(tmp_path))
    assert s.result().expect.player == "Bartek"
    with pytest.raises(IllegalEntry) as e:
        s.add("Celina: discard 2C")
    assert e.value.rule == "turn-order"
    assert s.result().expect.player == "Bartek"  # nothing changed
    s.add("Bartek: discard 2C")
    s.add("Celina: discard 3C")
    assert s.result().expect.player == "Darek" and s.result().ok


def test_a_discard_out_of_turn_through_add(tmp_path: Path) -> None:
    p = new_game(tmp_path)
    before = p.read_bytes()
    code, _, err = cli_run("add", str(p), "Celina: discard 2C")
    assert code == 1 and "turn-order" in err and p.read_bytes() == before
    assert cli_run("add", str(p), "Bartek: discard 2C", "Celina: discard 3C")[0] == 0
    code, out, _ = cli_run("status", str(p), "--json")
    assert code == 0 and '"Darek"' in out


def test_a_discard_out_of_turn_at_the_table(tmp_path: Path, capsys: Any) -> None:
    p = new_game(tmp_path)
    t = table(p, Script(["Celina: discard 2C", "Bartek: discard 2C", "quit"]))
    assert t.run() == 0
    out = capsys.readouterr().out
    assert "turn-order" in out
    s = Session.load(p)
    assert [(e.player, e.cards) for e in s.deals[-1].entries if isinstance(e, Exchange)] == \
        [("Bartek", s.deals[-1].entries[-1].cards)]  # Bartek's, and only his
    assert s.result().expect.player == "Celina"


# hands and stock known, so that who got which replacement shows the order taken
HANDS = {"Ala": "2C 3C 4C 5C 6C 7C", "Bartek": "2D 3D 4D 5D 6D 7D",
         "Celina": "AS KS 2H 3H 4H 5H", "Darek": "3S 8C 9C 10C JC QC",
         "Ewa": "8D 9D 10D JD QD KD", "Filip": "2S JS JK 6H 7H 8H"}
KNOWN = (head("schmier", SIX, 'first_dealer = "Ala"\n') + "\n[[deals]]\n" + hands_toml(HANDS)
         + 'stock = "KC AC AD 9H 10H JH QH KH AH 4S 5S 6S 7S 8S 9S 10S QS"\n'
         'bids = ["Bartek: pass", "Celina: 3", "Darek: pass", "Ewa: pass", "Filip: pass", '
         '"Ala: pass"]\ntrump = "S"\ndiscards = { DISCARDS }\n'
         'outcome = { high = "Celina", low = "Filip", right_bauer = "Darek", '
         'left_bauer = "Ewa", joker = "Ala", game = "Bartek" }\n')
IN_TURN = 'Bartek = "2D 3D", Celina = "2H 3H", Darek = "8C"'
EARLY = 'Celina = "2H 3H", Bartek = "2D 3D", Darek = "8C"'  # no dealer named: read as written


def test_a_recorded_discard_out_of_turn_is_one_turn_order_and_every_exchange_counts() -> None:
    right = replay_text(KNOWN.replace("DISCARDS", IN_TURN))
    early = replay_text(KNOWN.replace("DISCARDS", EARLY))
    assert found(right) == []
    assert found(early) == [(1, None, "Celina", "turn-order")]
    assert early.totals == right.totals
    # Bartek got the top two of the stock, Celina the next two, as in turn
    sx, rx = early.state[0][0], right.state[0][0]
    assert [(x.player, x.got) for x in sx.exchanges] == [(x.player, x.got) for x in rx.exchanges]
    assert sx.know.held == rx.know.held


def test_the_engine_refuses_the_early_discard_where_a_typist_would_be_refused() -> None:
    # the deal as entries: Celina's discard written before Bartek's (an edit, say)
    rules, setup, deals = savefile.parse(tomllib.loads(KNOWN.replace("DISCARDS", EARLY)), "x")
    entries = deals[0].entries
    celina = next(i for i, e in enumerate(entries) if isinstance(e, Exchange)
                  and e.player == "Celina")
    res = rules.replay(setup, [Deal(entries)])
    assert [(v.rule, v.at) for v in res.violations] == [("turn-order", celina)]


def test_a_player_left_out_of_the_discards_is_unknown_not_out_of_turn() -> None:
    res = replay_text(KNOWN.replace("DISCARDS", 'Celina = "2H 3H", Darek = "8C"'))
    assert found(res) == []
