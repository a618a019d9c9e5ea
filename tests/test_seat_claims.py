"""A claim from a seat's page (``POST /s/KEY/claim``, ``POST /s/KEY/answer``; CLI.md,
"Seats"): recorded as the table mode records it, the hand shown kept on a rejection, the
verdict's word (never its counter-line) on every page, the version checks and who may answer."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from cli.serve import make_app  # noqa: E402
from referee.claims import judge  # noqa: E402
from referee.history.session import Session  # noqa: E402
from referee.model import Setup  # noqa: E402
from referee.notation import parse_cards  # noqa: E402
from referee.store import seatkeys  # noqa: E402
from tests.test_claim_table import CELINA, KIERKI  # noqa: E402
from tests.test_file_safety import Script, table  # noqa: E402

LOCAL = "http://127.0.0.1"
OTHERS = ("Ala", "Bartek", "Darek")


def game(tmp: Path, name: str = "g.toml", text: str = KIERKI) -> Path:
    p = tmp / name
    p.write_text(text)
    return p


def client(path: Path) -> tuple[TestClient, dict[str, str]]:
    keys = seatkeys.ensure(path, Session.load(path).setup.players)
    return TestClient(make_app(path, seats=True), base_url=LOCAL), keys


def live(c: TestClient, key: str | None = None) -> dict[str, Any]:
    r = c.get("/live.json" if key is None else f"/s/{key}/live.json")
    assert r.status_code == 200
    doc: dict[str, Any] = r.json()
    return doc


def post(c: TestClient, key: str, what: str, doc: dict[str, Any]) -> Any:
    return c.post(f"/s/{key}/{what}", json=doc)


def claim(c: TestClient, keys: dict[str, str], hand: str | None = CELINA) -> int:
    """Celina claims the rest, showing ``hand``: the version the pages show it at."""
    v = live(c, keys["Celina"])["version"]
    r = post(c, keys["Celina"], "claim", {"tricks": "rest", "hand": hand, "version": v})
    assert r.status_code == 200, r.text
    version: int = r.json()["version"]
    return version


def by_table(tmp: Path, lines: list[str]) -> bytes:
    p = game(tmp, "t.toml")
    assert table(p, Script(lines)).run() == 0
    return p.read_bytes()


def test_a_claim_accepted_by_every_opponent_writes_what_the_table_mode_writes(
        tmp_path: Path) -> None:
    p = game(tmp_path)
    c, keys = client(p)
    v = claim(c, keys)
    for who in OTHERS:
        assert post(c, keys[who], "answer", {"accept": True, "version": v}).status_code == 200
    assert p.read_bytes() == by_table(tmp_path, ["claim Celina", CELINA, "y", "quit"])
    doc = live(c)
    assert doc["claim_pending"] is None and "accepted" in doc["claim_said"]
    res = Session.load(p).result()
    assert res.deals[0].finished and res.expect.deal == 2


def test_one_rejection_keeps_the_hand_shown_and_play_goes_on(tmp_path: Path) -> None:
    p = game(tmp_path)
    c, keys = client(p)
    v = claim(c, keys)
    assert post(c, keys["Ala"], "answer", {"accept": True, "version": v}).status_code == 200
    assert post(c, keys["Bartek"], "answer", {"accept": False, "version": v}).status_code == 200
    assert p.read_bytes() == by_table(tmp_path, ["claim Celina", CELINA, "n", "quit"])
    assert "shown = " in p.read_text() and "claim =" not in p.read_text()
    doc = live(c, keys["Darek"])
    assert doc["claim_pending"] is None and "rejected" in doc["claim_said"]
    # the claim is over: a late answer is refused, and play goes on
    r = post(c, keys["Darek"], "answer", {"accept": True, "version": doc["version"]})
    assert r.status_code == 409
    assert not Session.load(p).result().deals[0].finished


def test_the_verdict_word_is_on_every_page_and_no_card_of_the_counter_line(
        tmp_path: Path) -> None:
    p = game(tmp_path)
    s = Session.load(p)
    verdict = judge(s.setup, s.deals, "Celina", hand=parse_cards(CELINA))
    assert verdict.verdict == "fails" and verdict.counter  # a deal that beats it, with cards
    counter = {str(x) for cards in verdict.counter.values() for x in cards}
    c, keys = client(p)
    claim(c, keys)
    table_text = c.get("/live.json").text
    for key in [None, *keys.values()]:
        doc = live(c, key)
        pending = doc["claim_pending"]
        assert pending["verdict"] == "fails" and pending["claimer"] == "Celina"
        assert pending["waiting"] == list(OTHERS)
        assert set(pending) == {"claimer", "side", "tricks", "left", "verdict", "hand",
                                "accepted", "waiting"}  # no line, no counter
        assert set(pending["hand"]) == set(CELINA.split())  # shown to the table
        text = json.dumps(pending)
        assert not any(f'"{x}"' in text for x in counter)
        assert not any(line in json.dumps(doc) for line in verdict.line)
    assert not any(f'"{x}"' in table_text or f'data-card=\\"{x}\\"' in table_text
                   for x in counter)
    assert "fails" in c.get("/").text  # the table's page drawn with it
    assert 'class="claim-answer ' in c.get(f"/s/{keys['Ala']}/").text
    assert 'class="claim-answer ' not in c.get(f"/s/{keys['Celina']}/").text


def test_a_stale_version_is_409(tmp_path: Path) -> None:
    p = game(tmp_path)
    c, keys = client(p)
    v = live(c, keys["Celina"])["version"]
    r = post(c, keys["Celina"], "claim", {"tricks": "rest", "hand": CELINA, "version": v - 1})
    assert r.status_code == 409 and r.json()["version"] == v
    made = claim(c, keys)
    # an answer made on a view from before the claim
    r = post(c, keys["Ala"], "answer", {"accept": True, "version": made - 1})
    assert r.status_code == 409 and r.json()["version"] == made
    # a second claim while one is pending
    r = post(c, keys["Bartek"], "claim", {"tricks": "rest", "hand": "2H", "version": made})
    assert r.status_code == 409
    # two opponents answering on the same view are both counted
    assert post(c, keys["Ala"], "answer", {"accept": True, "version": made}).status_code == 200
    assert post(c, keys["Bartek"], "answer", {"accept": True, "version": made}).status_code == 200
    assert live(c)["claim_pending"]["waiting"] == ["Darek"]


def test_the_claimer_does_not_answer_and_nobody_claims_for_another(tmp_path: Path) -> None:
    p = game(tmp_path)
    c, keys = client(p)
    v = live(c, keys["Bartek"])["version"]
    r = post(c, keys["Bartek"], "claim",
             {"tricks": "rest", "hand": CELINA, "version": v, "claimer": "Celina"})
    assert r.status_code == 403 and live(c)["claim_pending"] is None
    made = claim(c, keys)
    r = post(c, keys["Celina"], "answer", {"accept": True, "version": made})
    assert r.status_code == 403
    r = post(c, keys["Ala"], "answer", {"accept": True, "version": made})
    assert post(c, keys["Ala"], "answer", {"accept": True, "version": made + 1}).status_code \
        == 409  # answered already
    assert r.status_code == 200


def test_an_entry_meanwhile_cancels_the_claim_and_the_pages_say_so(tmp_path: Path) -> None:
    p = game(tmp_path)
    c, keys = client(p)
    made = claim(c, keys)
    Session.load(p).add("Ala: 7D")  # the terminal (or referee add) goes on
    for key in [None, keys["Bartek"]]:
        doc = live(c, key)
        assert doc["claim_pending"] is None and "cancelled" in doc["claim_said"]
    r = post(c, keys["Bartek"], "answer", {"accept": True, "version": made})
    assert r.status_code == 409
    assert "claim" not in p.read_text() and "shown" not in p.read_text()


def test_a_claim_needs_the_hand_when_the_file_does_not_know_it(tmp_path: Path) -> None:
    p = game(tmp_path)
    c, keys = client(p)
    v = live(c, keys["Celina"])["version"]
    r = post(c, keys["Celina"], "claim", {"tricks": "rest", "hand": None, "version": v})
    assert r.status_code == 422 and r.json()["hand_needed"] is True
    r = post(c, keys["Celina"], "claim", {"tricks": "rest", "hand": "AC", "version": v})
    assert r.status_code == 422  # AC was played at trick 1: not a hand Celina holds
    assert live(c)["claim_pending"] is None


def test_hands_known_nothing_more_is_asked_and_the_claim_is_recorded(tmp_path: Path) -> None:
    p = tmp_path / "v.toml"
    Session.create(p, Setup("kierki", ("Ala", "Bartek", "Celina", "Darek"), "Ala", seed=3))
    c, keys = client(p)
    doc = live(c, keys["Bartek"])
    assert doc["can_claim"] is True and doc["hand"] is not None
    r = post(c, keys["Bartek"], "claim", {"tricks": "rest", "hand": None,
                                          "version": doc["version"]})
    assert r.status_code == 200
    made = r.json()["version"]
    assert live(c)["claim_pending"]["hand"] is None
    for who in ("Ala", "Celina", "Darek"):
        assert post(c, keys[who], "answer", {"accept": True, "version": made}).status_code \
            == 200
    text = p.read_text()
    assert 'claim = "Bartek: rest"' in text and "claim_hand" not in text


def test_a_claim_of_some_tricks_is_a_verdict_only(tmp_path: Path) -> None:
    p = game(tmp_path)
    c, keys = client(p)
    v = live(c, keys["Celina"])["version"]
    r = post(c, keys["Celina"], "claim", {"tricks": 2, "hand": CELINA, "version": v})
    assert r.status_code == 200 and r.json()["verdict"] in ("holds", "fails", "not proven")
    doc = live(c)
    assert doc["claim_pending"] is None and "play goes on" in doc["claim_said"]
    assert p.read_bytes() == by_table(tmp_path, ["claim Celina 2", CELINA, "quit"])


def test_the_claim_routes_keep_the_write_rules(tmp_path: Path) -> None:
    p = game(tmp_path)
    c, keys = client(p)
    k = keys["Celina"]
    assert c.get(f"/s/{k}/claim").status_code == 405
    assert c.get(f"/s/{k}/answer").status_code == 405
    r = c.post(f"/s/{k}/claim", content=b"tricks=rest", headers={
        "content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415
    r = c.post(f"/s/{k}/claim", json={"tricks": "rest", "hand": CELINA, "version": 1},
               headers={"origin": "http://evil.example"})
    assert r.status_code == 403
    r = c.post(f"/s/{k}/claim", content=b'{"hand": "' + b"A" * 3000 + b'"}',
               headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert c.post("/s/not-a-key/claim", json={"version": 1}).status_code == 404
    assert live(c)["claim_pending"] is None and "claim" not in p.read_text()
