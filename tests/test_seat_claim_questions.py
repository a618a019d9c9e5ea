"""The Schmier questions of a claim (``GameRules.claim_questions``) asked on the claimer's page
(issue 31, "A claim from the phone"): the form asks who held each card the cards cannot settle
and the game points when they are needed, the claim's body answers them, and an accepted claim
writes what the table mode writes for the same answers."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from tests.test_claim_record import WISCONSIN  # noqa: E402
from tests.test_file_safety import Script, table  # noqa: E402
from tests.test_seat_claims import client, live, post  # noqa: E402


def wisconsin(tmp: Path, name: str = "g.toml") -> Path:
    p = tmp / name
    p.write_text(WISCONSIN)
    return p


def by_table(tmp: Path, lines: list[str]) -> bytes:
    p = wisconsin(tmp, "t.toml")
    assert table(p, Script(lines)).run() == 0
    return p.read_bytes()


def form(text: str) -> dict[str, object]:
    """The claim form on a seat's page: its fields, and each question's choices."""
    i = text.find('id="claim-form"')
    assert i >= 0
    f = text[i:text.index("</form>", i)]
    selects = {m[0]: [html.unescape(o) for o in re.findall(r'<option value="([^"]*)"', m[1])]
               for m in re.findall(r'<select name="held-(\w+)"[^>]*>(.*?)</select>', f, re.S)}
    names = set(re.findall(r'name="([\w-]+)"', f))
    return {"held": selects, "names": names}


def test_the_claimers_page_asks_the_questions(tmp_path: Path) -> None:
    c, keys = client(wisconsin(tmp_path))
    # Bartek (hands unseen): his hand, and who held JH (nobody the cards name)
    bartek = form(c.get(f"/s/{keys['Bartek']}/").text)
    assert live(c, keys["Bartek"])["claim_questions"] == {"cards": ["JH"], "game_points": False}
    assert bartek["held"] == {"JH": ["", "Ala", "Celina", "Darek", "nobody"]}
    assert {"tricks", "count", "hand"} <= bartek["names"]  # type: ignore[operator]
    assert "game_points" not in bartek["names"]  # type: ignore[operator]
    # Ala: Game hangs on the cards still in hand, so the game points are asked too
    ala = form(c.get(f"/s/{keys['Ala']}/").text)
    assert live(c, keys["Ala"])["claim_questions"]["game_points"] is True
    assert "game_points" in ala["names"]  # type: ignore[operator]
    assert list(ala["held"]) == ["JH"]  # type: ignore[call-overload]


def test_the_answers_are_needed_and_written_as_the_table_writes_them(tmp_path: Path) -> None:
    p = wisconsin(tmp_path)
    c, keys = client(p)
    v = live(c, keys["Bartek"])["version"]
    body = {"tricks": "rest", "hand": "9C 10C JC", "version": v}
    r = post(c, keys["Bartek"], "claim", body)
    assert r.status_code == 422
    assert r.json()["questions"] == {"cards": ["JH"], "game_points": False}
    assert p.read_text() == WISCONSIN  # nothing written
    r = post(c, keys["Bartek"], "claim", {**body, "held": {"JH": "Zenon"}})
    assert r.status_code == 400  # not at the table
    r = post(c, keys["Bartek"], "claim", {**body, "held": {"JH": "darek"}})
    assert r.status_code == 200, r.text
    v = r.json()["version"]
    pending = live(c, keys["Celina"])["claim_pending"]
    assert pending["waiting"] == ["Ala", "Celina"] and pending["claimer"] == "Bartek"
    page = c.get(f"/s/{keys['Celina']}/").text  # who has not answered yet, on the page
    assert re.search(r'class="waiting">Ala, Celina<', page)
    assert post(c, keys["Ala"], "answer", {"accept": True, "version": v}).status_code == 200
    page = c.get(f"/s/{keys['Darek']}/").text
    assert re.search(r'class="waiting">Celina<', page) and "Accepted by Ala" in page
    v = live(c, keys["Celina"])["version"]
    assert post(c, keys["Celina"], "answer", {"accept": True, "version": v}).status_code == 200
    assert p.read_bytes() == by_table(tmp_path, ["claim Bartek", "9C 10C JC", "y", "darek",
                                                 "quit"])
    assert 'claim_held = { Darek = "JH" }' in p.read_text()


def test_the_game_points_are_asked_when_game_hangs_on_them(tmp_path: Path) -> None:
    p = wisconsin(tmp_path)
    c, keys = client(p)
    v = live(c, keys["Ala"])["version"]
    body = {"tricks": "rest", "hand": "JH 10S", "version": v}
    r = post(c, keys["Ala"], "claim", body)
    assert r.status_code == 422 and r.json()["questions"]["game_points"] is True
    r = post(c, keys["Ala"], "claim", {**body, "game_points": 20})
    assert r.status_code == 200, r.text  # JH is in the hand shown: not asked
    for who in ("Bartek", "Darek"):
        v = live(c, keys[who])["version"]
        assert post(c, keys[who], "answer", {"accept": True, "version": v}).status_code == 200
    assert p.read_bytes() == by_table(tmp_path, ["claim Ala", "JH 10S", "y", "20", "quit"])
    assert "claim_game_points = 20" in p.read_text()
