"""Kozel's plays of several cards from a seat's page (issue 31): the card picker lists exactly
the plays the referee lists (``GameRules.choices`` through the seat's live view), each with its
allowed and rule; a pull is a button of its own; what a phone sends of them is the entry
``referee add`` takes, and the file holds the same bytes."""

from __future__ import annotations

import html
import re
import shutil
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from cli.serve import make_app  # noqa: E402
from referee.cards import pretty  # noqa: E402
from referee.history.session import Session  # noqa: E402
from referee.store import seatkeys  # noqa: E402
from tests.helpers import cli_run  # noqa: E402

LOCAL = "http://127.0.0.1"
FOUR = ("Ala", "Bartek", "Celina", "Darek")


def kozel(tmp: Path, name: str = "k.toml", seed: int = 5) -> Path:
    p = tmp / name
    args = ["new", "kozel", str(p), "--deal", "--seed", str(seed)]
    for n in FOUR:
        args += ["-p", n]
    assert cli_run(*args)[0] == 0
    return p


def client(path: Path) -> tuple[TestClient, dict[str, str]]:
    keys = seatkeys.ensure(path, Session.load(path).setup.players)
    return TestClient(make_app(path, seats=True), base_url=LOCAL), keys


def attrs(tag: str) -> dict[str, str]:
    return {k: html.unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', tag)}


def page(c: TestClient, key: str) -> dict[str, Any]:
    """The seat's page read as a phone sees it: the picker's plays, cards and toggle, and the
    buttons of their own."""
    r = c.get(f"/s/{key}/")
    assert r.status_code == 200
    t = r.text
    plays = [attrs(m) for m in re.findall(r"<li data-entry=[^>]*>", t)]
    cards = [attrs(m)["data-card"] for m in
             re.findall(r'<button type="button" class="pick [^>]*>', t)]
    buttons = [attrs(m)["data-entry"] for m in
               re.findall(r'<button type="button" class="choice" data-entry=[^>]*>', t)]
    return {"plays": plays, "cards": cards, "buttons": buttons, "down": 'id="pick-down"' in t,
            "picker": 'id="picker"' in t}


def live(c: TestClient, key: str) -> dict[str, Any]:
    r = c.get(f"/s/{key}/live.json")
    assert r.status_code == 200
    doc: dict[str, Any] = r.json()
    return doc


def laid(entry: str, seat: str) -> bool:
    """A play of the seat's own known cards (what the picker takes)."""
    who, _, rest = entry.partition(":")
    return who == seat and "?" not in rest


def same_as_the_engine(c: TestClient, key: str, seat: str) -> dict[str, Any]:
    v = live(c, key)
    p = page(c, key)
    want = {(x["entry"], x["allowed"], x["rule"]) for x in v["choices"] if laid(x["entry"], seat)}
    got = {(x["data-entry"], x["data-allowed"] == "1", x["data-rule"] or None)
           for x in p["plays"]}
    assert got == want and len(p["plays"]) == len(want)
    # every other choice is a button of its own; nothing is both
    assert set(p["buttons"]) == {x["entry"] for x in v["choices"]} - {e for e, _, _ in want}
    # each play's cards are cards to tap, and its key is its cards sorted
    for x in p["plays"]:
        words = x["data-entry"].partition(":")[2].replace("~", " ").split()
        assert x["data-cards"] == " ".join(sorted(words))
        assert set(words) <= set(p["cards"])
        assert (x["data-down"] == "1") == ("~" in x["data-entry"])
    return {"view": v, "page": p}


def test_the_picker_lists_the_referees_plays_and_sends_what_add_takes(tmp_path: Path) -> None:
    a = kozel(tmp_path, "a.toml")
    b = tmp_path / "b.toml"
    shutil.copyfile(a, b)
    c, k = client(a)
    # Bartek leads: every set of his cards, no face-down toggle; his cards in his hand's order
    got = same_as_the_engine(c, k["Bartek"], "Bartek")
    p, v = got["page"], got["view"]
    assert p["picker"] and not p["down"] and p["cards"] == v["hand"]
    assert {len(x["data-cards"].split()) for x in p["plays"]} == {1, 2, 3, 4}
    mixed = next(x for x in p["plays"] if x["data-allowed"] == "0")
    assert mixed["data-rule"] == "lead-one-suit"
    # the mixed set sent anyway: refused by that rule, nothing changes
    before = a.read_bytes()
    r = c.post(f"/s/{k['Bartek']}/entry", json={"entry": mixed["data-entry"],
                                                  "version": v["version"]})
    assert r.status_code == 422 and r.json()["rule"] == "lead-one-suit"
    assert a.read_bytes() == before
    # the refusal's cards as the page and the terminal write them (7♠ 8♥, not 7S 8H)
    said = r.json()["message"]
    cards = mixed["data-cards"].split()
    assert not any(x in said.split() for x in cards), said
    assert all(str(pretty(x)) in said for x in cards), said
    two = next(x["data-entry"] for x in p["plays"]
               if x["data-allowed"] == "1" and len(x["data-cards"].split()) == 2)
    sent = [two]
    r = c.post(f"/s/{k['Bartek']}/entry", json={"entry": two, "version": v["version"]})
    assert r.status_code == 200, r.text
    # the others follow with two cards: face up or face down, the toggle on each page
    for seat in ("Celina", "Darek", "Ala"):
        got = same_as_the_engine(c, k[seat], seat)
        p, v = got["page"], got["view"]
        assert p["picker"] and p["down"]
        assert {len(x["data-cards"].split()) for x in p["plays"]} == {2}
        downs = [x for x in p["plays"] if x["data-down"] == "1"]
        assert downs and all(x["data-allowed"] == "1" for x in downs)
        pick = downs[0]["data-entry"] if seat == "Celina" else \
            next(x["data-entry"] for x in p["plays"] if x["data-allowed"] == "1")
        r = c.post(f"/s/{k[seat]}/entry", json={"entry": pick, "version": v["version"]})
        assert r.status_code == 200, r.text
        sent.append(pick)
    assert any("~" in e for e in sent)
    for e in sent:
        assert cli_run("add", str(b), e)[0] == 0
    assert a.read_bytes() == b.read_bytes()


def with_a_pull(tmp: Path) -> Path:
    """Seed 5's deal with Celina holding four clubs (QC 6C 9C JC): she may pull."""
    p = kozel(tmp)
    text = p.read_text(encoding="utf-8")
    text = text.replace('Celina = "QC AS QS QD"', 'Celina = "QC 6C 9C JC"')
    text = text.replace('stock = "JC 6C 9C ', 'stock = "AS QS QD ')
    p.write_text(text, encoding="utf-8")
    return p


def test_a_pull_is_a_button_of_its_own(tmp_path: Path) -> None:
    a = with_a_pull(tmp_path)
    b = tmp_path / "b.toml"
    shutil.copyfile(a, b)
    c, k = client(a)
    v = live(c, k["Bartek"])
    r = c.post(f"/s/{k['Bartek']}/entry", json={"entry": "Bartek: 9D 8D", "version": v["version"]})
    assert r.status_code == 200, r.text
    got = same_as_the_engine(c, k["Celina"], "Celina")
    pulls = [e for e in got["page"]["buttons"] if e.startswith("Celina pulls:")]
    assert len(pulls) == 1 and sorted(pulls[0].partition(":")[2].split()) == \
        sorted(["QC", "6C", "9C", "JC"])
    r = c.post(f"/s/{k['Celina']}/entry", json={"entry": pulls[0],
                                                  "version": got["view"]["version"]})
    assert r.status_code == 200, r.text
    for e in ("Bartek: 9D 8D", pulls[0]):
        assert cli_run("add", str(b), e)[0] == 0
    assert a.read_bytes() == b.read_bytes()


def test_one_card_games_have_no_picker(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    args = ["new", "kierki", str(p), "--deal", "--seed", "5"]
    for n in FOUR:
        args += ["-p", n]
    assert cli_run(*args)[0] == 0
    c, k = client(p)
    who = Session.load(p).result().expect.player
    assert who is not None
    got = page(c, k[who])
    assert not got["picker"] and got["buttons"]


def unseen(tmp: Path, name: str = "u.toml") -> Path:
    """A Kozel game with hands unseen (no ``--deal``), trump ♥ named: Bartek leads."""
    p = tmp / name
    args = ["new", "kozel", str(p)]
    for n in FOUR:
        args += ["-p", n]
    assert cli_run(*args)[0] == 0
    assert cli_run("add", str(p), "trump H")[0] == 0
    return p


def picker_of(c: TestClient, key: str) -> dict[str, str]:
    r = c.get(f"/s/{key}/")
    m = re.search(r'<div id="picker"[^>]*>', r.text)
    assert m is not None
    return attrs(m.group(0))


def test_hands_unseen_a_lead_of_several_cards_is_picked(tmp_path: Path) -> None:
    """Hands unseen: the seat in turn gets a pick (every card not yet seen, how many, the
    entry's form); what the page builds of it is judged by the strict path, a refused set
    changes nothing, and the file holds what ``referee add`` of the same entries writes."""
    a = unseen(tmp_path, "a.toml")
    b = tmp_path / "b.toml"
    shutil.copyfile(a, b)
    c, k = client(a)
    v = live(c, k["Bartek"])
    assert [(p["player"], p["label"]) for p in v["picks"]] == [("Bartek", "play"),
                                                                ("Bartek", "pull")]
    lead = v["picks"][0]
    assert (lead["min"], lead["max"], lead["one_suit"], lead["entry_down"]) == (1, 4, True, None)
    assert len(lead["cards"]) == 36 and lead["entry"] == "Bartek: {cards}"
    # the others, not in turn, may only pull
    assert all([p["label"] for p in live(c, k[s])["picks"]] == ["pull"]
               for s in ("Ala", "Celina", "Darek"))
    p = page(c, k["Bartek"])
    assert p["picker"] and not p["down"] and set(p["cards"]) == set(lead["cards"])
    form = picker_of(c, k["Bartek"])
    assert (form["data-form"], form["data-min"], form["data-max"]) == ("Bartek: {cards}", "1", "4")
    # two suits: the strict path refuses them by the rule, nothing changes
    before = a.read_bytes()
    r = c.post(f"/s/{k['Bartek']}/entry", json={
        "entry": form["data-form"].replace("{cards}", "7S 8H"), "version": v["version"]})
    assert r.status_code == 422 and r.json()["rule"] == "lead-one-suit"
    assert a.read_bytes() == before
    sent = []
    for seat, cards in (("Bartek", "7H 8H 10H"), ("Celina", "~6C 7C 8C"),
                        ("Darek", "JH KH AH")):
        v = live(c, k[seat])
        pk, pull = v["picks"]
        assert pull["label"] == "pull"
        down = cards.startswith("~")
        if seat != "Bartek":
            assert (pk["min"], pk["max"], pk["one_suit"]) == (3, 3, False)
            assert pk["entry_down"] == f"{seat}: ~{{cards}}"
            assert "7H" not in pk["cards"]  # laid face up: seen
        text = (pk["entry_down"] if down else pk["entry"]).replace("{cards}", cards.lstrip("~"))
        r = c.post(f"/s/{k[seat]}/entry", json={"entry": text, "version": v["version"]})
        assert r.status_code == 200, r.text
        sent.append(text)
    # a face-up three that does not beat: refused by ``beat``, nothing changes
    v = live(c, k["Ala"])
    before = a.read_bytes()
    r = c.post(f"/s/{k['Ala']}/entry", json={
        "entry": v["picks"][0]["entry"].replace("{cards}", "6S 7S 8S"), "version": v["version"]})
    assert r.status_code == 422 and r.json()["rule"] == "beat"
    assert a.read_bytes() == before
    for e in sent:
        assert cli_run("add", str(b), e)[0] == 0
    assert a.read_bytes() == b.read_bytes()


def test_a_pick_does_not_tell_where_a_card_hidden_from_the_seat_lies(tmp_path: Path) -> None:
    """Celina lays three named cards face down: Darek's pick (and the cards on his page) is
    what it would be had she laid ``~? ? ?``; the cards she named are not missing from it."""
    views = []
    for name, down in (("named.toml", "Celina: ~6C 7C 8C"), ("unnamed.toml", "Celina: ~? ? ?")):
        p = unseen(tmp_path, name)
        for e in ("Bartek: 7H 8H 10H", down):
            assert cli_run("add", str(p), e)[0] == 0
        c, k = client(p)
        views.append((live(c, k["Darek"])["picks"], page(c, k["Darek"])["cards"]))
    assert views[0] == views[1]
    (pick, pull), cards = views[0]
    assert {"6C", "7C", "8C"} <= set(pick["cards"]) and set(cards) == set(pick["cards"])
    assert not {"7H", "8H", "10H"} & set(pick["cards"])  # laid face up: seen
    # the pull's too: a pull gives them back to her, but he has not seen where they lie
    assert pull["label"] == "pull" and {"6C", "7C", "8C"} <= set(pull["cards"])
    assert not {"7H", "8H", "10H"} & set(pull["cards"])  # back in Bartek's hand


def test_a_refusal_does_not_tell_who_laid_a_card_face_down(tmp_path: Path) -> None:
    """Celina lays 6C 7C 8C face down; Darek follows with 6C among his: refused (the card is
    played), and the line he reads names neither Celina nor the trick (the rule stays)."""
    p = unseen(tmp_path, "g.toml")
    for e in ("Bartek: 7H 8H 10H", "Celina: ~6C 7C 8C"):
        assert cli_run("add", str(p), e)[0] == 0
    c, k = client(p)
    v = live(c, k["Darek"])
    r = c.post(f"/s/{k['Darek']}/entry", json={"entry": "Darek: ~6C 9S 10S",
                                              "version": v["version"]})
    assert r.status_code == 422
    body = r.json()
    assert body["rule"] == "card-duplicate"
    assert "Celina" not in body["message"] and "trick" not in body["message"]
