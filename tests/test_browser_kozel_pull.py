"""Kozel with hands unseen on four phones: a pull tapped out of turn (RULES.md, Kozel: four of
one suit, at any moment of a trick), from the pull's pick the referee gives every seat during
a trick (folded under "Pull out of turn…" where the seat is not in turn, a button beside the
play button where it is); a pull that breaks priority refused with its rule id on that phone
only; the file byte for byte what ``referee add`` of the same entries writes. Playwright with
Debian's Chromium at 390x844 (``tests/phones.py``)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from tests import phones
from tests.phones import FOUR, kozel_unseen, referee, shot
from tests.test_browser_seats import pick

chromium = phones.chromium  # the fixtures: one Chromium, a served file and its phones
table = phones.table


def pull_out_of_turn(t: Any, name: str, cards: list[str], entry: str) -> Any:
    """``name``'s phone (not in turn) opens its pull, taps ``cards``: the button, once it
    sends ``entry``."""
    page = t.shows(name, t.now()["version"])
    box = page.locator("#pick-box")
    if box.get_attribute("open") is None:
        page.locator("#pick-box > summary").tap()
    pick(page, cards)
    page.wait_for_function(
        "e => document.getElementById('pick-play').dataset.entry === e", arg=entry)
    return page


def test_kozel_hands_unseen_a_pull_out_of_turn_by_taps(table: Any, tmp_path: Path) -> None:
    file = kozel_unseen(tmp_path, "Bartek: 6C", "Celina: 7C")
    copy = tmp_path / "copy.toml"
    shutil.copyfile(file, copy)
    t = table(file)
    assert t.now()["expect"]["player"] == "Darek"
    # Darek, in turn: his play's picker, and the pull a button beside its play button
    darek = t.shows("Darek", t.now()["version"])
    assert darek.locator('#picker button.pick-more[data-label="pull"]').count() == 1
    assert darek.locator("#pick-box").count() == 0
    # Ala, not in turn: the pull folded; three spades are not a pull (the count only)
    page = t.shows("Ala", t.now()["version"])
    assert page.locator("#pick-box").get_attribute("open") is None
    page.locator("#pick-box > summary").tap()
    button = pick(page, ["JS", "8S", "10S"])
    assert button.is_disabled() and "pick 4 cards" in button.inner_text()
    page = pull_out_of_turn(t, "Ala", ["9S"], "Ala pulls: 8S 9S 10S JS")
    assert page.locator("#pick-play").inner_text() == "pull 8♠ 9♠ 10♠ J♠"
    page.evaluate("document.getElementById('choices').scrollIntoView({block: 'start'})")
    shot(page, "seat-phone-kozel-pull.png")
    page.evaluate("document.getElementById('said').dataset.state = ''")
    page.locator("#pick-play").tap()
    page.locator('#said[data-state="accepted"]').wait_for()
    sent = ["Ala pulls: 8S 9S 10S JS"]
    # Bartek, in turn now (left of the puller): the pull is the button beside his play
    # button; he pulls at once after her, nearer the leader (himself): it stands
    assert t.now()["expect"]["player"] == "Bartek"
    page = t.shows("Bartek", t.now()["version"])
    assert page.locator("#pick-box").count() == 0
    pick(page, ["9C", "6C", "10C", "8C"])  # with the 6♣ that went back to him
    page.wait_for_function(
        "e => document.querySelector('#picker button.pick-more').dataset.entry === e",
        arg="Bartek pulls: 6C 8C 9C 10C")
    assert page.locator("#pick-play").inner_text() == "play 6♣ 8♣ 9♣ 10♣"  # a lead, too
    page.evaluate("document.getElementById('said').dataset.state = ''")
    page.locator("#picker button.pick-more").tap()
    page.locator('#said[data-state="accepted"]').wait_for()
    sent.append("Bartek pulls: 6C 8C 9C 10C")
    # Darek pulls at once after him, farther from the leader: refused on his phone only,
    # by ``pull``
    before = file.read_bytes()
    for name in FOUR:
        t.phones[name].evaluate("document.getElementById('said').dataset.state = ''")
    page = pull_out_of_turn(t, "Darek", ["6D", "7D", "8D", "9D"], "Darek pulls: 6D 7D 8D 9D")
    page.locator("#pick-play").tap()
    said = page.locator('#said[data-state="refused"]')
    said.wait_for()
    assert "rule pull" in said.inner_text()
    assert file.read_bytes() == before
    for name in ("Ala", "Bartek", "Celina"):  # the refusal is Darek's phone's only
        assert t.phones[name].locator("#said").get_attribute("data-state") == ""
    for e in sent:
        done = referee("add", str(copy), e)
        assert done.returncode == 0, done.stderr
    assert file.read_bytes() == copy.read_bytes()
    assert not t.errors
