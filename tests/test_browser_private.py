"""Private hands on the phones (issue 32): Playwright driving Debian's Chromium, one context
(390x844) per seat (``tests/phones.py``). Each phone registers its hand by taps (one request
for the whole hand): four for a Kierki deal and a Wisconsin deal, six for a Schmier deal. A
revoke is refused at the tap (greyed with its rule id; typed anyway: refused on that phone
only), the terminal's ``status`` and ``replay`` never show a registered card while the deal
lasts, and the replay shows the hands after it. Without Chromium these tests skip.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests import phones
from tests.phones import FOUR, SIX, Table, referee, replay, shot
from tests.test_private import deal_hands
from tests.test_public import leaks

chromium = phones.chromium  # the fixtures: one Chromium, a served file and its phones
table = phones.table


def register_by_taps(t: Table, name: str, hand: list[Any], screenshot: bool = False) -> None:
    page = t.shows(name, t.now()["version"])
    for c in hand:
        page.locator(f'#register button.pick-card[data-card="{c}"]').tap()
    page.locator('#hand-count', has_text=str(len(hand))).wait_for()
    # each card picked reads white on green, a red one too
    colours = page.eval_on_selector_all('#register button.pick-card[aria-pressed="true"]',
                                        "bs => bs.map(b => getComputedStyle(b).color)")
    assert colours == ["rgb(255, 255, 255)"] * len(hand), colours
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


def terminal_leaks(file: Path, unseen: set[Any]) -> list[str]:
    """What the laptop's ``status`` and ``replay`` (text and ``--json``) say of ``unseen``."""
    out = referee("status", str(file)).stdout + referee("replay", str(file)).stdout
    out += _without_choices(file) + referee("replay", "--json", str(file)).stdout
    return leaks(out, unseen)


def test_six_phones_register_their_schmier_hands_and_a_revoke_is_refused(
        table: Any, tmp_path: Path) -> None:
    """Schmier for six (RULES.md): the six phones register the 6 cards dealt by taps before
    the bidding; Bartek bids, names trump by taps, the exchange is "discard 0" from every seat
    (so every hand but the dealer's stays exactly known; the dealer takes the stock and
    discards 17, its hand partly known from then on); the first card greyed `follow-suit` on a
    registered phone is typed anyway and refused there with its rule id; the laptop's
    ``status``/``replay`` never show a registered card unplayed; the replay shows the hands
    after the deal."""
    t0 = time.monotonic()
    file = tmp_path / "schmier.toml"
    assert referee("new", "schmier", str(file), *[a for p in SIX for a in ("-p", p)]
                   ).returncode == 0
    hands = dealt("schmier", SIX, 3)
    t = table(file)
    assert t.players == SIX
    for name in SIX:
        register_by_taps(t, name, hands[name])
    secret = {c for h in hands.values() for c in h}
    for name in SIX:  # each phone its own hand, no other
        assert sorted(t.live(name)["hand"]) == sorted(map(str, hands[name]))
        text = t.phones[name].locator("#hand").inner_text()
        assert not leaks(text, secret - set(hands[name])), name
    assert not terminal_leaks(file, secret)
    assert t.replay_deal(1)["deal"]["hands"] is None  # the table's replay: none yet
    t.tap("Bartek", "Bartek: 3")
    for name in ("Celina", "Darek", "Ewa", "Filip", "Ala"):
        t.tap(name, f"{name}: pass")
    trump = t.tap("Bartek").rpartition(" ")[2]  # "Bartek: trump S"
    for name in ("Bartek", "Celina", "Darek", "Ewa", "Filip"):
        t.tap(name, f"{name}: discard 0")
    t.tap("Ala", "Ala: discard 17")  # the dealer: the stock in, 17 out, unseen
    played: set[str] = set()
    refused = False
    for n in range(36):
        if n == 15:  # the terminal, mid-deal: no registered card unplayed
            assert not terminal_leaks(file, {c for c in secret if str(c) not in played})
        name, choices, version = t.to_act()
        if name != "Ala":  # a hand exactly known: the picker offers it only
            assert {c["entry"].rpartition(":")[2].strip() for c in choices} <= \
                {str(c) for c in hands[name]} - played
        revoke = [c for c in choices if not c["allowed"] and c["shown"].endswith("follow-suit")]
        if revoke and not refused:
            said = t.typed(name, revoke[0]["entry"].rpartition(":")[2].strip())
            assert "rule follow-suit" in said.inner_text()
            for other in SIX:  # refused on that phone only
                if other != name:
                    assert t.phones[other].locator("#said").get_attribute("data-state") \
                        != "refused"
            assert t.now()["version"] == version  # nothing changed
            refused = True
        # a card of the hand registered when allowed (the dealer, the stock in, may play one
        # of the stock's too)
        mine = [c["entry"] for c in choices if c["allowed"]
                and c["entry"].rpartition(" ")[2] in {str(x) for x in hands[name]}]
        played.add(t.tap(name, mine[0] if mine else None).rpartition(":")[2].strip())
    assert refused, "no registered phone was ever offered a card greyed follow-suit"
    d = replay(file)["deals"][0]
    assert len(d["tricks"]) == 6 and d.get("finished", True) and d["trump"] == trump, d
    # after the deal: the replay shows every registered hand (the table's page too)
    assert "hands known" in referee("explain", str(file), "--deal", "1").stdout
    head = t.replay_deal(1)["deal"]
    assert {p: sorted(cs) for p, cs in head["hands"].items()} == \
        {p: sorted(map(str, hands[p])) for p in SIX}
    page = t.phones["Ala"]
    page.goto(f"{t.base}/replay?deal=1&step=0")
    shown = page.eval_on_selector_all(
        ".seats.start .seat", "ss => ss.map(s => [s.dataset.player,"
        " Array.from(s.querySelectorAll('.hand .card'), c => c.dataset.card)])")
    assert {p: sorted(cs) for p, cs in shown} == {p: sorted(map(str, hands[p])) for p in SIX}
    assert not t.errors
    assert time.monotonic() - t0 < 90, time.monotonic() - t0
