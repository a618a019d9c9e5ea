"""A name in front of a trump line is checked against who makes that choice (RULES.md):
Kozel's dealer shows the trump card; Schmier's bidder names trump; Kierki's dealer (or the
player left of the dealer, `trump_chooser = "left"`) names it in deals 8-11; in Wisconsin
the bidder's first lead fixes it. Another seat's name is refused, nothing kept: `turn-order`
(Schmier: its own `trump-named`). Unnamed, the line is the table's, as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import IllegalEntry
from referee.history.session import Session
from tests.helpers import FOUR, cli_run, head, kierki_before

SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")


def new(path: Path, game: str, players: tuple[str, ...] = FOUR) -> Path:
    code, _, err = cli_run("new", game, str(path), "--dealer", "Ala",
                           *(x for n in players for x in ("-p", n)))
    assert code == 0, err
    return path


def rule_of(path: Path, entry: str) -> str | None:
    """The rule ``entry`` breaks typed now (None: accepted and kept); a refused entry
    leaves the file as it was."""
    before = path.read_bytes()
    try:
        Session.load(path).add(entry)
    except IllegalEntry as e:
        assert path.read_bytes() == before
        return e.rule
    return None


def test_kozel_only_the_dealer_shows_trump(tmp_path: Path) -> None:
    path = new(tmp_path / "k.toml", "kozel")
    code, _, err = cli_run("add", str(path), "Bartek: trump H")
    assert code == 1 and err.rstrip().endswith("rule turn-order"), err
    assert cli_run("add", str(path), "Zed: trump H")[0] == 2  # no such player
    assert rule_of(path, "Celina: trump 9S") == "turn-order"
    assert rule_of(path, "ala: trump 9H") is None
    assert rule_of(path, "Darek: trump H") == "turn-order"  # still the dealer's to show
    assert rule_of(path, "trump 10H") is None  # unnamed: the table's line


def test_kozel_the_table_mode_refuses_another_seat_s_trump(tmp_path: Path) -> None:
    from tests.test_new_user import play

    path = new(tmp_path / "k.toml", "kozel")
    out = play(path, "Bartek: trump H", "Ala: trump H", "quit")
    refused = [x for x in out.splitlines() if "refused" in x]
    assert len(refused) == 1 and "turn-order" in refused[0], out
    assert Session.load(path).deals[0].key("trump") == "H"


def test_wisconsin_only_the_bidder_s_name_goes_before_trump(tmp_path: Path) -> None:
    path = new(tmp_path / "w.toml", "wisconsin-schmier")
    assert rule_of(path, "Bartek: trump H") == "turn-order"  # nobody has won the bidding
    for e in ("Bartek: 3", "Celina: pass", "Darek: pass"):
        assert rule_of(path, e) is None
    assert rule_of(path, "Bartek: trump H") == "turn-order"  # Ala has still to bid
    assert rule_of(path, "Ala: pass") is None
    code, _, err = cli_run("add", str(path), "Celina: trump H")
    assert code == 1 and err.rstrip().endswith("rule turn-order"), err
    assert rule_of(path, "Bartek: trump H") is None
    assert rule_of(path, "trump H") is None  # unnamed: the table's note


def test_schmier_only_the_bidder_names_trump(tmp_path: Path) -> None:
    path = new(tmp_path / "s.toml", "schmier", SIX)
    assert rule_of(path, "Celina: 3") == "turn-order"  # a bid by name, out of turn
    for e in ("Bartek: 3", "Celina: 4", "Darek: pass", "Ewa: pass", "Filip: pass",
              "Ala: pass"):
        assert rule_of(path, e) is None
    assert rule_of(path, "Bartek: trump H") == "trump-named"
    assert rule_of(path, "Celina: trump H") is None


@pytest.mark.parametrize("chooser", ["dealer", "left"])
def test_kierki_the_chooser_names_trump(tmp_path: Path, chooser: str) -> None:
    path = tmp_path / "g.toml"
    path.write_text(head(extra=f'first_dealer = "Ala"\n\n[options]\ntrump_chooser = '
                              f'"{chooser}"\n') + kierki_before(8))
    s = Session.load(path)
    due = s.result().expect.player
    assert due is not None
    other = next(p for p in FOUR if p != due)
    assert rule_of(path, f"{other}: trump H") == "turn-order"
    assert rule_of(path, f"{due}: trump H") is None
