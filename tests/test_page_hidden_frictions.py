"""The page's frictions of issue 29 around hidden cards: the replay's first step of a deal drawn
at the seats, the words for a clean game once it is over, a quoted example whose cards are not
seen, a deal's note that names cards the table has seen."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from cli.serve import make_app  # noqa: E402
from referee.cards import Card  # noqa: E402
from referee.store import savefile  # noqa: E402
from referee.views.public import Sight  # noqa: E402
from tests.test_public import all_steps  # noqa: E402

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
HANDS = SAMPLES / "kierki-hands-known.toml"


def first_deal(text: str) -> str:
    """The file with its first deal only."""
    head, *deals = text.split("[[deals]]")
    return head + "[[deals]]" + deals[0]


def test_a_deal_starts_at_the_seats_with_dealer_first_leader_and_hands(tmp_path: Path) -> None:
    doc = {"steps": all_steps(TestClient(make_app(HANDS), base_url="http://127.0.0.1"))}
    _rules, _setup, deals = savefile.load(HANDS)
    start = [s for s in doc["steps"] if s["kind"] == "deal"]
    assert len(start) == 12
    for s in start:
        d = deals[s["deal"] - 1]
        first = next(t["trick"]["leader"] if t["trick"] else t["turn"]["player"]
                     for t in doc["steps"] if t["deal"] == s["deal"] and t["kind"] != "deal")
        seats = s["seats"]
        assert [x["player"] for x in seats] == ["Ala", "Bartek", "Celina", "Darek"]
        assert [x["player"] for x in seats if x["dealer"]] == [d.key("dealer")]
        assert [x["player"] for x in seats if x["leader"]] == [first]
        assert {x["player"]: x["hand"] for x in seats} == \
            {p: [str(c) for c in cs] for p, cs in d.key("hands").items()}
        html = s["html"]["trick"]
        assert 'class="seats start"' in html
        assert len(re.findall(r'data-card="', html)) == 52  # the hands, at the seats
        assert s["html"]["explain"].count("<details>") == 1  # the whole deal folded away
    # a deal in progress: the seats and who leads, no hand
    path = tmp_path / "k.toml"
    text = first_deal(HANDS.read_text(encoding="utf-8"))
    path.write_text(re.sub(r'  "Celina: KD.*\n(  ".*\n)*', "", text), encoding="utf-8")
    doc = {"steps": all_steps(TestClient(make_app(path), base_url="http://127.0.0.1"))}
    seats = doc["steps"][0]["seats"]
    assert [x["player"] for x in seats if x["leader"]] == ["Darek"]
    assert all(x["hand"] is None for x in seats)
    assert "data-card" not in doc["steps"][0]["html"]["trick"]


def test_a_game_over_without_violation_says_no_violation(tmp_path: Path) -> None:
    over = TestClient(make_app(HANDS), base_url="http://127.0.0.1").get("/").text
    assert "No violation." in over and "so far" not in over
    path = tmp_path / "k.toml"
    path.write_text(first_deal(HANDS.read_text(encoding="utf-8")).replace(
        '  "Darek: 9C JS 9S 8H",\n', ""), encoding="utf-8")
    assert "No violation so far." in TestClient(make_app(path), base_url="http://127.0.0.1").get("/").text


def test_a_quoted_example_of_unseen_cards_is_said_as_a_count(tmp_path: Path) -> None:
    """Wisconsin, hands and kitty known: the bidder's prompt gives an example discard; its
    card is not seen, so the example reads ``(a card)``, not ``'Bartek: discard ?'``."""
    path = tmp_path / "w.toml"
    path.write_text(
        'format = 1\ngame = "wisconsin-schmier"\nplayers = ["Ala", "Bartek", "Celina", '
        '"Darek"]\n[options]\nkitty_view = 1\n\n[[deals]]\n'
        'hands = { Ala = "AH 9H 7S 8S 9C 10D", Bartek = "KH QH 10H 7C 8C 9D", '
        'Celina = "JH 8H AS KS QS JS", Darek = "7H AC KC QC JC 10C" }\n'
        'stock = "10S 9S AD KD QD JD 8D 7D"\n'
        'bids = ["Bartek: 2", "Celina: pass", "Darek: pass", "Ala: pass"]\n'
        'kitty = "10S"\n', encoding="utf-8")
    live = TestClient(make_app(path), base_url="http://127.0.0.1").get("/live.json").json()
    assert "'Bartek: discard (a card)'" in live["expect"]["prompt"]
    s = Sight(frozenset({Card(12, "H")}))
    assert s.text("'Ala: discard 9C 8D' or 'Ala: discard QH' (not 7S)") == \
        "'Ala: discard (2 cards)' or 'Ala: discard QH' (not ?)"
    assert s.text("Celina's 9C and Darek's QH") == "Celina's ? and Darek's QH"


def test_a_note_names_the_cards_the_table_saw(tmp_path: Path) -> None:
    """A note typed once deal 1 is over goes to deal 2 when the referee has dealt it: the
    cards of deal 1 it names were all seen; a card of deal 2 not yet played is still ``?``
    in a note of deal 1 while it is in progress."""
    text = HANDS.read_text(encoding="utf-8")
    head, d1, d2, *_ = text.split("[[deals]]")
    d2 = d2.split("tricks")[0]
    path = tmp_path / "k.toml"
    path.write_text(head + "[[deals]]" + d1 + "[[deals]]" + d2
                    + 'note = "Darek led 5D; Ala took it with AD"\n', encoding="utf-8")
    live = TestClient(make_app(path), base_url="http://127.0.0.1").get("/live.json").json()
    assert live["deal"]["number"] == 2 and not live["deal"]["finished"]
    assert live["deal"]["note"] == "Darek led 5♦; Ala took it with A♦"
    path.write_text(first_deal(text).replace('  "Darek: 9C JS 9S 8H",\n', "")
                    + 'note = "Darek led 5D; 9C still out"\n', encoding="utf-8")
    live = TestClient(make_app(path), base_url="http://127.0.0.1").get("/live.json").json()
    assert live["deal"]["note"] == "Darek led 5♦; ? still out"
