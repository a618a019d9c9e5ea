"""Private hands on the phones (issue 32): Playwright driving Debian's Chromium, one context
(390x844) per seat (``tests/phones.py``). Each phone registers its hand by taps (one request
for the whole hand): four for a Kierki deal and a Wisconsin deal. A revoke is refused at the
tap (greyed with its rule id; typed anyway: refused on that phone only), the terminal's
``status`` never shows a registered card while the deal lasts, and the replay shows every
card after it. Without Chromium these tests skip.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests import phones
from tests.phones import FOUR, Table, referee, replay, shot
from tests.test_private import deal_hands

chromium = phones.chromium  # the fixtures: one Chromium, a served file and its phones
table = phones.table


def register_by_taps(t: Table, name: str, hand: list[Any], screenshot: bool = False) -> None:
    page = t.shows(name, t.now()["version"])
    for c in hand:
        page.locator(f'#register button.pick-card[data-card="{c}"]').tap()
    page.locator('#hand-count', has_text=str(len(hand))).wait_for()
    if screenshot:
        page.evaluate("document.getElementById('register').scrollIntoView()")
        shot(page, "seat-hand.png")
    page.evaluate("document.getElementById('said').dataset.state = ''")
    page.locator("#hand-send").tap()
    page.locator('#said[data-state="accepted"]').wait_for()


def test_four_phones_register_their_hands_and_a_revoke_is_refused_at_the_tap(
        table: Any, tmp_path: Path) -> None:
    t0 = time.monotonic()
    file = tmp_path / "kierki.toml"
    args = ["new", "kierki", str(file)]
    for name in FOUR:
        args += ["-p", name]
    assert referee(*args).returncode == 0
    hands = deal_hands(21)
    t = table(file)
    for i, name in enumerate(FOUR):
        register_by_taps(t, name, hands[name], screenshot=i == 1)
    secret = {str(c) for h in hands.values() for c in h}
    tapped: list[str] = []
    refused = False
    while len(tapped) < 52:
        if len(tapped) % 13 == 5:  # the terminal, mid-deal: no registered card unplayed
            out = referee("status", str(file)).stdout + _without_choices(file)
            left = secret - {e.rpartition(":")[2].strip() for e in tapped}
            assert not {w.strip('",') for w in out.split()} & left
        name, choices, version = t.to_act()
        greyed = [c for c in choices if not c["allowed"]]
        assert {c["entry"].rpartition(":")[2].strip() for c in choices} <= \
            {str(c) for c in hands[name]}  # the picker offers the hand only
        if greyed and not refused:
            page = t.phones[name]
            bad = greyed[0]
            rule = bad["shown"].split()[-1]
            assert rule == "follow-suit", bad
            said = t.typed(name, bad["entry"].rpartition(":")[2].strip())
            assert "rule follow-suit" in said.inner_text()
            page.evaluate("document.getElementById('choices').scrollIntoView()")
            shot(page, "seat-hand-refused.png")
            assert t.now()["version"] == version  # nothing changed
            refused = True
        tapped.append(t.tap(name))
    assert refused, "no phone was ever offered a greyed card"
    d = replay(file)["deals"][0]
    assert len(d["tricks"]) == 13
    played = {e for tr in d["tricks"] for p in tr["plays"] for e in p["cards"]}
    assert played == secret
    out = referee("explain", str(file), "--deal", "1", "--trick", "1").stdout
    assert "hands known" in out
    assert not t.errors
    assert time.monotonic() - t0 < 240


def _without_choices(file: Path) -> str:
    """``status --json`` without the table's choices (every card not seen, alike)."""
    import json

    doc = json.loads(referee("status", "--json", str(file)).stdout)
    doc["expect"].pop("choices")
    return json.dumps(doc)


def test_four_phones_register_their_wisconsin_hands(table: Any, tmp_path: Path) -> None:
    file = tmp_path / "wisconsin.toml"
    args = ["new", "wisconsin-schmier", str(file)]
    for name in FOUR:
        args += ["-p", name]
    assert referee(*args).returncode == 0
    hands = dealt("wisconsin-schmier", FOUR, 7)
    t = table(file)
    for name in FOUR:
        register_by_taps(t, name, hands[name])
    for name in FOUR:
        doc = t.live(name)
        assert sorted(doc["hand"]) == sorted(map(str, hands[name]))
        page = t.phones[name].locator("#hand").inner_text()
        for other in FOUR:
            if other != name:
                assert not any(c.pretty() in page for c in hands[other])
    out = referee("status", str(file)).stdout
    assert not {w for w in out.split()} & {c.pretty() for h in hands.values() for c in h}
    assert not t.errors


def dealt(game: str, players: tuple[str, ...], seed: int) -> dict[str, list[Any]]:
    """The hands of deal 1 as the referee would deal them from ``seed`` (the test's shuffle:
    the file itself knows no hand)."""
    from referee.games import get
    from referee.model import Setup

    keys = get(game).virtual_deal(Setup(game, players, players[0], seed=seed), 1, players[0])
    return {p: list(cs) for p, cs in next(k.value for k in keys if k.name == "hands").items()}
