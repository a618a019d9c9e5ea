"""``serve FILE --seats`` on four phones: Playwright driving Debian's Chromium, one browser
context (390x844) per seat, each opening its own seat's link (issue 31).

The server runs in this process (``tests.phones.Table``: ``cli.serve.start_server``,
127.0.0.1, a free port, seats on) and stops at the end of each test. Covered: a whole virtual
Kierki deal played by taps (each phone taps an allowed card when it is its turn), a card
refused on the right phone with its rule id, a Wisconsin deal's bids, kitty (take, discard)
and the trump-fixing lead by taps, a Kozel trick with a face-down play, a replaced link that
is a 404 at once, and ``referee add`` from the terminal during it (the phones follow; a stale
tap is 409 and the page recovers).

Without Chromium (or Playwright) these tests skip and say why (a failure under ``CI=true``).
"""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from referee.cards import pretty
from referee.games import get
from referee.store import seatkeys
from tests import phones
from tests.phones import FOUR, new, referee, replay, shot

chromium = phones.chromium  # the fixtures: one Chromium, a served file and its phones
table = phones.table


def test_four_phones_play_a_whole_kierki_deal(table: Any, tmp_path: Path) -> None:
    t0 = time.monotonic()
    t = table(new(tmp_path, "kierki", 5))
    tapped: list[str] = []
    refused = False
    while len(tapped) < 52:
        name, choices, version = t.to_act()
        greyed = [c for c in choices if not c["allowed"]]
        if greyed and not refused:
            # a card the referee forbids: greyed on the phone with its rule id, and typed anyway
            bad = greyed[0]
            rule = bad["shown"].split()[-1]
            assert rule in {r for r, _ in get("kierki").rules}, bad
            shot(t.phones[name], "seat-phone.png")
            said = t.typed(name, bad["entry"].rpartition(":")[2].strip())
            assert f"rule {rule}" in said.inner_text()
            for other in FOUR:
                if other != name:
                    assert t.phones[other].locator("#said").get_attribute("data-state") \
                        != "refused"
            assert t.now()["version"] == version  # nothing changed
            refused = True
        tapped.append(t.tap(name))
    assert refused, "no phone was ever offered a greyed card"
    d = replay(t.file)["deals"][0]
    assert d.get("finished", True) and len(d["tricks"]) == 13
    assert [e for tr in d["tricks"] for p in tr["plays"] for e in p["cards"]] == \
        [e.rpartition(":")[2].strip() for e in tapped]
    assert not t.errors
    assert time.monotonic() - t0 < 90


def test_wisconsin_bids_kitty_and_trump_by_taps(table: Any, tmp_path: Path) -> None:
    t = table(new(tmp_path, "wisconsin-schmier", 5, "kitty_view=2"))
    page = t.shows("Bartek", t.live("Bartek")["version"])
    bids = page.locator('#choices button.choice[data-entry^="Bartek: "]')
    assert {bids.nth(i).inner_text().strip() for i in range(bids.count())} >= {"pass", "bid 2"}
    shot(page, "seat-phone-bids.png")
    t.tap("Bartek", "Bartek: 2")
    for name in ("Celina", "Darek", "Ala"):
        t.tap(name, f"{name}: pass")
    t.tap("Bartek", "Bartek: take")
    discarded = t.tap("Bartek")
    assert discarded.startswith("Bartek: discard ")
    lead = t.tap("Bartek")  # the bidder's first lead fixes trump
    for name in ("Celina", "Darek", "Ala"):
        t.tap(name)
    d = replay(t.file)["deals"][0]
    assert d["bids"][:4] == ["Bartek: 2", "Celina: pass", "Darek: pass", "Ala: pass"]
    assert len(d["tricks"][0]["plays"]) == 4
    assert d["trump"] == lead.rpartition(":")[2].strip()[-1]
    assert discarded.partition("discard ")[2] in t.file.read_text(encoding="utf-8")
    assert not t.errors


def pick(page: Any, cards: list[str], down: bool = False, pressed: bool = True) -> Any:
    """Taps ``cards`` on the phone's card picker (and the face-down toggle): its play button.
    ``pressed``: the cards are picked after it (else: tapped again, picked no more)."""
    for c in cards:
        page.locator(f'#picker button.pick[data-card="{c}"]').tap()
    if down:
        page.locator("#pick-down").check()
    state = "true" if pressed else "false"
    for c in cards:
        page.locator(f'#picker button.pick[data-card="{c}"][aria-pressed="{state}"]').wait_for()
    return page.locator("#pick-play")


def picker_plays(page: Any) -> list[dict[str, Any]]:
    plays: list[dict[str, Any]] = page.eval_on_selector_all(
        "#picker li[data-entry]",
        "ls => ls.map(l => ({entry: l.dataset.entry, cards: l.dataset.cards.split(' '),"
        " down: l.dataset.down === '1', allowed: l.dataset.allowed === '1',"
        " rule: l.dataset.rule}))")
    return plays


def play_picked(t: Any, name: str, play: dict[str, Any]) -> None:
    page = t.shows(name, t.now()["version"])
    button = pick(page, play["cards"], play["down"])
    page.wait_for_function(
        "e => document.getElementById('pick-play').dataset.entry === e", arg=play["entry"])
    page.evaluate("document.getElementById('said').dataset.state = ''")
    button.tap()
    page.locator('#said[data-state="accepted"]').wait_for()


def test_kozel_trick_with_a_face_down_play(table: Any, tmp_path: Path) -> None:
    t = table(new(tmp_path, "kozel", 5))
    name = t.now()["expect"]["player"]
    page = t.shows(name, t.now()["version"])
    plays = picker_plays(page)
    # two cards of two suits: the play button greyed with the rule that refuses them
    mixed = next(p for p in plays if not p["allowed"] and len(p["cards"]) == 2)
    button = pick(page, mixed["cards"])
    assert button.is_disabled() and mixed["rule"] in button.inner_text()
    assert mixed["rule"] == "lead-one-suit"
    pick(page, mixed["cards"], pressed=False)  # tapped again: picked no more
    assert page.locator('#picker button.pick[aria-pressed="true"]').count() == 0
    lead = next(p for p in plays if p["allowed"] and len(p["cards"]) == 2)
    play_picked(t, name, lead)
    # the next seat lays two cards face down: picked, the toggle, the play button
    name = t.now()["expect"]["player"]
    page = t.shows(name, t.now()["version"])
    down = next(p for p in picker_plays(page) if p["allowed"] and p["down"])
    pick(page, down["cards"], down=True)
    assert "face down" in page.locator("#pick-play").inner_text()
    shot(page, "seat-phone-kozel.png")
    page.locator("#picker button.pick").first.tap()  # (untapped and tapped again)
    page.locator("#picker button.pick").first.tap()
    play_picked_now(t, name, down)
    for _ in range(2):
        name = t.now()["expect"]["player"]
        page = t.shows(name, t.now()["version"])
        play_picked(t, name, next(p for p in picker_plays(page) if p["allowed"]))
    d = replay(t.file)["deals"][0]
    first = d["tricks"][0]["plays"]
    assert len(first) == 4 and first[1].get("face_down")
    assert first[0]["cards"] == lead["entry"].partition(":")[2].split()
    assert "~" in t.file.read_text(encoding="utf-8")
    hidden = [pretty(c) for c in down["cards"]]
    for other in FOUR:  # no other phone names the cards laid face down
        if other != first[1]["player"]:
            text = " ".join(t.phones[other].locator("#trick, #tricks").all_inner_texts())
            assert not any(h in text for h in hidden), (other, hidden)
    assert not t.errors


def play_picked_now(t: Any, name: str, play: dict[str, Any]) -> None:
    """Taps the play button as it stands (the cards and the toggle already picked)."""
    page = t.phones[name]
    page.wait_for_function(
        "e => document.getElementById('pick-play').dataset.entry === e", arg=play["entry"])
    page.evaluate("document.getElementById('said').dataset.state = ''")
    page.locator("#pick-play").tap()
    page.locator('#said[data-state="accepted"]').wait_for()


def test_a_replaced_link_is_404_at_once_and_add_moves_the_phones(
        table: Any, tmp_path: Path) -> None:
    t = table(new(tmp_path, "kierki", 7))
    name, choices, before = t.to_act()
    # the terminal enters this seat's card: every phone follows without a reload
    card = next(c["entry"] for c in choices if c["allowed"])
    done = referee("add", str(t.file), card)
    assert done.returncode == 0, done.stderr
    after = t.now()["version"]
    assert after != before
    for other in FOUR:
        t.shows(other, after)
    # a stale tap (made on the view before the terminal's entry) is 409, and the page
    # recovers: the fresh view at once, and the next tap lands
    nxt = t.now()["expect"]["player"]
    stale = t.phones[nxt]
    stale.evaluate(f"document.body.dataset.version = '{before}'")
    stale.evaluate("document.getElementById('said').dataset.state = ''")
    stale.locator("#choices button.choice:not([disabled])").first.tap()
    said = stale.locator('#said[data-state="refused"]')
    said.wait_for()
    assert "the table changed" in said.inner_text()
    t.shows(nxt, after)  # back on the current view
    t.tap(nxt)  # and the next tap lands
    # a replaced link: the old one is a 404 from the next request on
    old = t.url["Bartek"]
    done = referee("seats", str(t.file), "--new", "Bartek")
    assert done.returncode == 0, done.stderr
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(old + "live.json", timeout=5)
    assert e.value.code == 404
    assert t.phones["Bartek"].request.get(old + "live.json").status == 404
    new_key = seatkeys.ensure(t.file, FOUR)["Bartek"]
    with urllib.request.urlopen(old.replace(t.keys["Bartek"], new_key) + "live.json") as r:
        assert r.status == 200


def test_a_wisconsin_claim_asked_and_answered_on_the_phones(table: Any, tmp_path: Path) -> None:
    """Bartek claims the rest from his phone: the form asks his hand and who held J♥ (the
    Schmier question); what he typed survives an update of the page; every phone shows the
    claim and who has not answered; Ala accepts, Celina rejects: play goes on, the hand shown
    kept."""
    from tests.test_claim_record import WISCONSIN

    file = tmp_path / "w.toml"
    file.write_text(WISCONSIN)
    t = table(file)
    page = t.shows("Bartek", t.now()["version"])
    page.locator("#claim-box > summary").tap()
    page.fill('#claim-form input[name="hand"]', "9C 10C JC")
    page.select_option('#claim-form select[name="held-JH"]', "Darek")
    # the terminal writes a note: every page is drawn again, the form keeps what was typed
    done = referee("add", str(file), 'note = "Darek went for coffee"')
    assert done.returncode == 0, done.stderr
    t.shows("Bartek", t.now()["version"])
    assert page.locator("#claim-box").get_attribute("open") is not None
    assert page.input_value('#claim-form input[name="hand"]') == "9C 10C JC"
    assert page.input_value('#claim-form select[name="held-JH"]') == "Darek"
    page.locator("#claim-box").evaluate("b => b.scrollIntoView({block: 'end'})")
    shot(page, "seat-phone-claim.png")
    page.evaluate("document.getElementById('said').dataset.state = ''")
    page.locator("#claim-form button.claim-go").tap()
    page.locator('#said[data-state="accepted"]').wait_for()
    for name in FOUR:  # every phone: the claim, and who has not answered yet
        t.phones[name].locator("#phone-claim .waiting", has_text="Ala, Celina").wait_for()
    ala = t.phones["Ala"]
    ala.locator("#phone-claim").evaluate("b => b.scrollIntoView({block: 'center'})")
    shot(ala, "seat-phone-claim-answer.png")
    assert t.phones["Darek"].locator("button.claim-answer").count() == 0  # his own side's
    ala.locator('button.claim-answer[data-accept="true"]').tap()
    for name in FOUR:
        t.phones[name].locator("#phone-claim .waiting", has_text="Celina").wait_for()
    t.phones["Celina"].locator('button.claim-answer[data-accept="false"]').tap()
    for name in FOUR:
        t.phones[name].locator("#phone-claim", has_text="rejected").wait_for()
    text = file.read_text(encoding="utf-8")
    assert 'shown = { Bartek = "JC 10C 9C" }' in text
    assert "claim =" not in text
    assert t.now()["expect"]["player"] == "Bartek"  # play goes on
    assert not t.errors
