"""Kozel with hands unseen on four phones (issue 31): a lead of several cards and a face-down
follow of named cards, picked by taps from the referee's pick (every card not yet seen), a set
of two suits refused on the phone with its rule id, and the file byte for byte what ``referee
add`` of the same entries writes. Playwright with Debian's Chromium at 390x844, as in
``tests/test_browser_seats.py`` (the server, phones and fixtures of ``tests/phones.py``)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from tests import phones
from tests.phones import kozel_unseen, referee, shot
from tests.test_browser_seats import pick

chromium = phones.chromium  # the fixtures: one Chromium, a served file and its phones
table = phones.table


def play_button(page: Any, entry: str) -> Any:
    page.wait_for_function(
        "e => document.getElementById('pick-play').dataset.entry === e", arg=entry)
    return page.locator("#pick-play")


def test_kozel_hands_unseen_a_lead_of_three_by_taps(table: Any, tmp_path: Path) -> None:
    file = kozel_unseen(tmp_path)
    copy = tmp_path / "copy.toml"
    shutil.copyfile(file, copy)
    t = table(file)
    assert t.now()["expect"]["player"] == "Bartek"
    page = t.shows("Bartek", t.now()["version"])
    assert page.locator("#picker button.pick").count() == 36
    assert page.locator("#pick-down").count() == 0  # a lead is face up
    # two suits tapped: sent as the pick's form, refused by the referee, nothing changes
    before = file.read_bytes()
    button = pick(page, ["7S", "8H"])
    button = play_button(page, "Bartek: 7S 8H")
    page.evaluate("document.getElementById('said').dataset.state = ''")
    button.tap()
    said = page.locator('#said[data-state="refused"]')
    said.wait_for()
    assert "rule lead-one-suit" in said.inner_text()
    assert file.read_bytes() == before
    pick(page, ["7S", "8H"], pressed=False)
    # five cards: more than a lead may be, the button says how many
    pick(page, ["6H", "7H", "8H", "9H", "10H"])
    assert page.locator("#pick-play").is_disabled()
    assert "1–4" in page.locator("#pick-play").inner_text()
    pick(page, ["6H", "9H"], pressed=False)
    button = play_button(page, "Bartek: 7H 8H 10H")  # in the pick's order, as tapped or not
    assert page.locator("#pick-play").inner_text() == "play 7♥ 8♥ 10♥"
    # the picker, under the form that offers to show the referee the hand
    page.evaluate("document.getElementById('hand-send').scrollIntoView({block: 'start'})")
    shot(page, "seat-phone-kozel-unseen.png")
    page.evaluate("document.getElementById('said').dataset.state = ''")
    button.tap()
    page.locator('#said[data-state="accepted"]').wait_for()
    sent = ["Bartek: 7H 8H 10H"]
    # Celina follows with three named cards face down: picked, the toggle, the play button
    page = t.shows("Celina", t.now()["version"])
    assert page.locator('#picker button.pick[data-card="7H"]').count() == 0  # seen
    pick(page, ["8C", "6C", "7C"], down=True)
    button = play_button(page, "Celina: ~6C 7C 8C")
    assert "face down" in button.inner_text()
    page.evaluate("document.getElementById('said').dataset.state = ''")
    button.tap()
    page.locator('#said[data-state="accepted"]').wait_for()
    sent.append("Celina: ~6C 7C 8C")
    for e in sent:
        done = referee("add", str(copy), e)
        assert done.returncode == 0, done.stderr
    assert file.read_bytes() == copy.read_bytes()
    assert not t.errors
