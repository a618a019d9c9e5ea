"""Kozel's pull from a seat's page (RULES.md, Kozel: four cards of one suit, at any moment of a
trick, even out of turn; option ``pull``). Hands unseen, every seat gets a pull pick during a
trick (``Pick`` with the label ``pull``: four of one suit of the cards that may be in its hand,
trumps only under ``pull = "trumps"``, none under ``"off"``), in turn or not; the page builds
the entry from the cards tapped, and the strict path (``add``'s lock and save) judges it: the
file holds what ``referee add`` of the same entries writes, a refused pull changes nothing and
answers that phone with its rule id. Hands known, the referee lists the seat's pulls: buttons,
out of turn too."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from referee.history.session import Session  # noqa: E402
from referee.model import Play, Pull  # noqa: E402
from tests.helpers import cli_run  # noqa: E402
from tests.test_seat_picker import (  # noqa: E402
    FOUR,
    attrs,
    client,
    live,
    page,
    with_a_pull,
)


def unseen(tmp: Path, name: str = "u.toml", pull: str | None = None) -> Path:
    """Kozel, hands unseen, trump ♥ named: Bartek leads."""
    p = tmp / name
    args = ["new", "kozel", str(p)]
    for n in FOUR:
        args += ["-p", n]
    if pull is not None:
        args += ["-o", f"pull={pull}"]
    assert cli_run(*args)[0] == 0
    assert cli_run("add", str(p), "trump H")[0] == 0
    return p


def pick_form(c: Any, key: str) -> dict[str, Any]:
    """What the seat's page draws of its pull pick: the form, count and cards the script fills
    in, whether the picker is folded (out of turn) and the heading."""
    t = c.get(f"/s/{key}/").text
    root = re.search(r'<div id="picker"[^>]*>', t)
    more = re.search(r'<button type="button" class="choice pick-more"[^>]*>', t)
    heading = re.search(r"<h2>([^<]*: (?:your turn|out of turn)[^<]*)</h2>", t)
    return {"root": attrs(root.group(0)) if root else None,
            "more": attrs(more.group(0)) if more else None,
            "folded": 'id="pick-box"' in t,
            "heading": heading.group(1) if heading else None}


def pull_of(c: Any, key: str) -> dict[str, Any]:
    v = live(c, key)
    pulls = [p for p in v["picks"] if p["label"] == "pull"]
    assert len(pulls) == 1, v["picks"]
    return {**pulls[0], "version": v["version"]}


def tapped(form: str, cards: list[str], order: list[str]) -> str:
    """The entry the page's script builds: the form with the cards in the pick's order."""
    return form.replace("{cards}", " ".join(sorted(cards, key=order.index)))


def send(c: Any, key: str, entry: str, version: int) -> Any:
    return c.post(f"/s/{key}/entry", json={"entry": entry, "version": version})


def test_hands_unseen_a_seat_out_of_turn_pulls_by_taps(tmp_path: Path) -> None:
    """Bartek leads 6♣, Celina follows 7♣; Darek is to play, and Ala, out of turn, pulls four
    spades from her phone: accepted, and the line keeps the plays it cancelled (as ``add``
    writes it). Celina then pulls four clubs with the 7♣ that went back to her (nearer the
    leader than Ala: her pull stands). The file is what ``referee add`` of the same writes."""
    a = unseen(tmp_path, "a.toml")
    b = tmp_path / "b.toml"
    shutil.copyfile(a, b)
    c, k = client(a)
    sent = []
    for seat, e in (("Bartek", "Bartek: 6C"), ("Celina", "Celina: 7C")):
        r = send(c, k[seat], e, live(c, k[seat])["version"])
        assert r.status_code == 200, r.text
        sent.append(e)
    assert live(c, k["Ala"])["expect"]["player"] == "Darek"
    # Ala, not in turn: a pull pick only, drawn folded under its word, the count the page
    # checks (4), the form it fills in
    ala = pull_of(c, k["Ala"])
    assert (ala["min"], ala["max"], ala["one_suit"], ala["entry_down"]) == (4, 4, True, None)
    assert ala["entry"] == "Ala pulls: {cards}"
    assert [p["label"] for p in live(c, k["Ala"])["picks"]] == ["pull"]
    form = pick_form(c, k["Ala"])
    assert form["folded"] and form["root"] is not None and form["more"] is None
    assert (form["root"]["data-form"], form["root"]["data-min"], form["root"]["data-max"],
            form["root"]["data-label"]) == ("Ala pulls: {cards}", "4", "4", "pull")
    assert form["heading"] == "Ala: out of turn (Darek to act)"
    # Darek, in turn: his play's pick, and the pull a button beside the play button
    darek = pick_form(c, k["Darek"])
    assert not darek["folded"] and darek["root"]["data-form"] == "Darek: {cards}"
    assert darek["more"]["data-form"] == "Darek pulls: {cards}"
    assert darek["more"]["data-label"] == "pull" and darek["more"]["data-min"] == "4"
    assert darek["heading"] == "Darek: your turn"
    # Celina's pull may take back the 7♣ she laid; Bartek's the 6♣
    assert "7C" in pull_of(c, k["Celina"])["cards"] and "6C" in pull_of(c, k["Bartek"])["cards"]
    entry = tapped(ala["entry"], ["JS", "8S", "10S", "9S"], ala["cards"])
    assert entry == "Ala pulls: 8S 9S 10S JS"
    r = send(c, k["Ala"], entry, ala["version"])
    assert r.status_code == 200, r.text
    sent.append(entry)
    deal = Session.load(a).deals[-1]
    assert [(type(e), e.player) for e in deal.entries if isinstance(e, Play | Pull)] == [
        (Play, "Bartek"), (Play, "Celina"), (Pull, "Ala")]  # the cards that went back
    cel = pull_of(c, k["Celina"])
    assert "7C" in cel["cards"]
    entry = tapped(cel["entry"], ["10C", "7C", "9C", "8C"], cel["cards"])
    r = send(c, k["Celina"], entry, cel["version"])
    assert r.status_code == 200, r.text
    sent.append(entry)
    for e in sent:
        assert cli_run("add", str(b), e)[0] == 0, e
    assert a.read_bytes() == b.read_bytes()
    assert "Bartek: 6C / Celina: 7C / Ala pulls: 8S 9S 10S JS / Celina pulls: 7C 8C 9C 10C" \
        in a.read_text(encoding="utf-8")


def test_a_refused_pull_answers_that_phone_with_its_rule(tmp_path: Path) -> None:
    """Three spades, then four spades under ``pull = "trumps"``: each refused by ``pull`` on
    the phone that sent it, the file unchanged, nobody else's view moved."""
    for pull, cards in ((None, "8S 9S 10S"), ("trumps", "8S 9S 10S JS")):
        a = unseen(tmp_path, f"{pull}.toml", pull)
        c, k = client(a)
        r = send(c, k["Bartek"], "Bartek: 6C", live(c, k["Bartek"])["version"])
        assert r.status_code == 200, r.text
        ala = pull_of(c, k["Ala"])
        if pull == "trumps":  # the pick names trumps only
            assert ala["cards"] and all(x.endswith("H") for x in ala["cards"])
        before = a.read_bytes()
        views = {s: live(c, k[s])["version"] for s in FOUR}
        r = send(c, k["Ala"], ala["entry"].replace("{cards}", cards), ala["version"])
        assert r.status_code == 422 and r.json()["rule"] == "pull", r.text
        assert r.json()["accepted"] is False
        assert a.read_bytes() == before
        assert {s: live(c, k[s])["version"] for s in FOUR} == views


def test_no_pull_pick_under_pull_off_nor_between_tricks(tmp_path: Path) -> None:
    a = unseen(tmp_path, "off.toml", "off")
    c, k = client(a)
    assert all(p["label"] != "pull" for s in FOUR for p in live(c, k[s])["picks"])
    assert not pick_form(c, k["Ala"])["folded"]
    b = tmp_path / "fresh.toml"
    args = ["new", "kozel", str(b)]
    for n in FOUR:
        args += ["-p", n]
    assert cli_run(*args)[0] == 0  # trump not named yet: no trick, no pull
    c, k = client(b)
    assert all(live(c, k[s])["picks"] == [] for s in FOUR)


def test_hands_known_a_seat_out_of_turn_is_offered_its_pull(tmp_path: Path) -> None:
    """Seed 5's deal, Celina holding four clubs: before Bartek leads, her page (not in turn)
    offers the pull the referee lists, as a button, and no pull pick; tapped, the file is what
    ``referee add`` writes."""
    a = with_a_pull(tmp_path)
    b = tmp_path / "b.toml"
    shutil.copyfile(a, b)
    c, k = client(a)
    v = live(c, k["Celina"])
    assert v["expect"]["player"] == "Bartek" and v["picks"] == []
    pulls = [e for e in page(c, k["Celina"])["buttons"] if e.startswith("Celina pulls:")]
    assert len(pulls) == 1
    assert pick_form(c, k["Celina"])["heading"] == "Celina: out of turn (Bartek to act)"
    r = send(c, k["Celina"], pulls[0], v["version"])
    assert r.status_code == 200, r.text
    assert cli_run("add", str(b), pulls[0])[0] == 0
    assert a.read_bytes() == b.read_bytes()


def test_hands_known_a_pull_taking_back_the_seats_own_cards_is_offered(tmp_path: Path) -> None:
    """Celina lays two of her four clubs face down on Bartek's lead: the referee lists her pull
    of the four (the two laid come back with it), and her page offers it although two of its
    cards are no longer in her hand (they are hers: nothing hidden is told); tapped, the file
    is what ``referee add`` writes."""
    a = with_a_pull(tmp_path)
    b = tmp_path / "b.toml"
    shutil.copyfile(a, b)
    c, k = client(a)
    sent = []
    for seat, e in (("Bartek", "Bartek: 9D 8D"), ("Celina", "Celina: ~6C QC")):
        r = send(c, k[seat], e, live(c, k[seat])["version"])
        assert r.status_code == 200, r.text
        sent.append(e)
    v = live(c, k["Celina"])
    assert v["expect"]["player"] == "Darek" and sorted(v["hand"]) == ["9C", "JC"]
    pulls = [e for e in page(c, k["Celina"])["buttons"] if e.startswith("Celina pulls:")]
    assert len(pulls) == 1 and sorted(pulls[0].partition(":")[2].split()) == \
        ["6C", "9C", "JC", "QC"]
    r = send(c, k["Celina"], pulls[0], v["version"])
    assert r.status_code == 200, r.text
    sent.append(pulls[0])
    for e in sent:
        assert cli_run("add", str(b), e)[0] == 0, e
    assert a.read_bytes() == b.read_bytes()
