"""Kozel: a face-down lead (a fault) on the page and the terminal, while the deal is in
progress. Who takes a trick is the referee's ruling, made from the cards it knows (the
table sees who collects them): the game as the table saw it (``Kozel.as_seen``, the lead
``~?``) keeps that ruling, so the page's trick list, its ``card points known`` and its
``last trick`` give the same figures, and no line counts a card the table has not seen
(docs/kozel.md "What the table has seen")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from cli.serve import make_app  # noqa: E402
from referee.games import get  # noqa: E402
from referee.history import claimseen  # noqa: E402
from referee.history.session import Session  # noqa: E402
from referee.store import savefile  # noqa: E402

# Trump D, the deck known (the referee dealt), or a private deal (each hand: the 4 cards dealt,
# then its draws). Trick 1: Bartek leads QD, the others discard. Trick 2 (HELD): Bartek leads
# the trump 10D face down (lead-one-suit); Celina's face-up AH does not beat it, so Bartek
# takes the trick; the table saw only the AH.
HEAD = """format = 1
game = "kozel"
players = ["Ala", "Bartek", "Celina", "Darek"]
first_dealer = "Ala"

[[deals]]
dealer = "Ala"
trump = "D"
{deck}
tricks = [
  "Bartek: QD / Celina: ~7D / Darek: ~7H / Ala: ~10H",
  {second}
]

[deals.hands]
"""
VIRTUAL = ('stock = "AS 9S 8D 6C 10S QC QS 6D 8H QH 6H AC KD 8C 9H 10C JC KH 8S AD"',
           'Ala = "9D 9C 10H JD"\nBartek = "6S 10D KS QD"\nCelina = "7D AH JS 7S"\n'
           'Darek = "JH KC 7H 7C"\n')
PRIVATE = ("private = true",
           'Ala = "9D 9C 10H JD 6C"\nBartek = "6S 10D KS QD AS"\nCelina = "7D AH JS 7S 9S"\n'
           'Darek = "JH KC 7H 7C 8D"\n')
HELD = '"Bartek: ~10D / Celina: AH / Darek: ~7C / Ala: ~9C",'  # AH does not beat 10D
BEATEN = '"Bartek: ~6S / Celina: JS / Darek: ~7C / Ala: ~9C",'  # JS beats 6S
KINDS = pytest.mark.parametrize("kind", [VIRTUAL, PRIVATE], ids=["virtual", "private"])


def game(tmp_path: Path, kind: tuple[str, str], second: str) -> Path:
    path = tmp_path / "kozel.toml"
    deck, hands = kind
    path.write_text(HEAD.replace("{deck}", deck).replace("{second}", second) + hands,
                    encoding="utf-8")
    return path


CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def points(cards: list[str | None]) -> int:
    return sum(CARD_POINTS.get(c[:-1], 0) for c in cards if c is not None)


def live(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = TestClient(make_app(path), base_url="http://127.0.0.1").get(
        "/live.json").json()
    return doc


def by_winners(doc: dict[str, Any]) -> str:
    """The face-up card points of each trick on the page, summed by its winner."""
    ps = doc["players"]
    got = [0, 0]
    for t in doc["tricks"]:
        got[ps.index(t["winner"]) % 2] += points([c for p in t["plays"] for c in p["cards"]])
    return f"{ps[0]} & {ps[2]} {got[0]}, {ps[1]} & {ps[3]} {got[1]}"


@KINDS
def test_a_face_down_lead_not_beaten_keeps_its_trick(tmp_path: Path,
                                                     kind: tuple[str, str]) -> None:
    doc = live(game(tmp_path, kind, HELD))
    assert [t["winner"] for t in doc["tricks"]] == ["Bartek", "Bartek"]
    lines = dict(doc["table"]["lines"])
    assert lines["card points known"] == by_winners(doc)
    assert lines["card points known"] == "Ala & Celina 0, Bartek & Darek 14"
    assert lines["last trick"] == "Bartek took trick 2 (11 points seen)"
    assert doc["expect"]["player"] == "Bartek"  # the winner leads trick 3
    assert "10D" not in str(doc["table"]) and "10♦" not in str(doc["table"])


@KINDS
def test_a_face_down_lead_beaten_face_up(tmp_path: Path, kind: tuple[str, str]) -> None:
    """The other way: a face-up play that beats the card led face down takes the trick."""
    doc = live(game(tmp_path, kind, BEATEN))
    assert [t["winner"] for t in doc["tricks"]] == ["Bartek", "Celina"]
    lines = dict(doc["table"]["lines"])
    assert lines["card points known"] == by_winners(doc) == "Ala & Celina 2, Bartek & Darek 3"
    assert lines["last trick"] == "Celina took trick 2 (2 points seen)"


def test_the_terminal_replays_the_same_winners(tmp_path: Path) -> None:
    """The terminal's view of the deal in progress (the game replayed as the table saw it)
    names the same trick winners as the referee, and the same rule broken by the AH."""
    path = game(tmp_path, PRIVATE, HELD)
    rules, setup, deals = savefile.load(path)
    res = Session.load(path).result()
    seen = claimseen.table_result(rules, setup, deals, res)
    assert seen is not res  # (replayed as the table saw it)
    assert [t.winner for t in seen.state.games[-1].tricks] == ["Bartek", "Bartek"]
    assert sorted(v.rule for v in seen.violations) == sorted(v.rule for v in res.violations)
    assert all("10D" not in v.message for v in seen.violations)
    assert get("kozel").as_seen(deals[-1]) is not None


@pytest.mark.parametrize("second", [HELD, BEATEN], ids=["held", "beaten"])
def test_the_explanation_as_seen(tmp_path: Path, second: str) -> None:
    """The page's explanation of the trick (written from the game as the table saw it)
    names no card led face down, not even as ``None``, and the same winner and rules as the
    referee's."""
    from referee.views import public

    path = game(tmp_path, VIRTUAL, second)
    g = public.Game.of(Session.load(path))
    lines = g.explain(1, 2)
    text = "\n".join(lines)
    assert "None" not in text and "10D" not in text and "6S" not in text
    full = g.result.state.games[-1].tricks[1]
    assert any(line.startswith(f"Winner: {full.winner} ") for line in lines), lines
    assert ("BROKE beat" in text) == (second == HELD)


def test_random_games_as_seen_keep_the_referees_winners() -> None:
    """Random series (hands known) cut anywhere with faults put into the game in progress
    (face-down leads among them): the game as the table saw it gives every trick to the
    referee's winner, its known card points are the face-up points summed by those winners,
    and it breaks `beat` as often."""
    import random

    from referee.errors import RefereeError
    from referee.games.kozel.score import points_of
    from tests.test_one_violation import a_game, inject
    from tests.test_public import cut

    rules = get("kozel")
    tried = 0
    for seed in range(40):
        setup, deals = a_game("kozel", seed, True)
        rng = random.Random(seed)
        for faults in range(4):
            part = cut(setup, deals, rng.random() * 0.999, rng.random())
            part[-1:] = inject(part[-1:], random.Random(seed * 7 + faults), setup, faults)
            seen_deal = rules.as_seen(part[-1])
            if seen_deal is None:
                continue
            try:
                full = rules.replay(setup, part)
                seen = rules.replay(setup, [*part[:-1], seen_deal])
            except RefereeError:
                continue
            tried += 1
            g, h = full.state.games[-1], seen.state.games[-1]
            assert [t.winner for t in h.tricks] == [t.winner for t in g.tricks], (seed, faults)
            face_up = [0, 0]
            for t in g.tricks:
                face_up[g.team(t.winner)] += sum(points_of(r.cards) for r in t.attempt
                                                 if not r.down)
            assert h.known == face_up, (seed, faults)
            assert ([v.rule for v in seen.violations].count("beat")
                    == [v.rule for v in full.violations].count("beat")), (seed, faults)
    assert tried > 100
