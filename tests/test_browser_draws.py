"""A Kozel draw shown from the phone (issue 32, docs/private.md "Draws"): Playwright driving
Debian's Chromium (390x844). After trick 1 the winner's page says "you drew N cards", the
cards the referee holds already picked; the seat taps its draws and sends its hand as it is
now; the file's list grows by the draws, and the phone then offers its hand only. Without
Chromium this test skips."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.history import private
from referee.history.session import Session
from referee.store import seatkeys
from tests.phones import FOUR, WAIT, chromium, shot  # noqa: F401
from tests.test_private_draws import attempt, catch_up, kozel_pair, now_in, played


@pytest.fixture
def phone(chromium: Any) -> Iterator[Any]:  # noqa: F811
    made: list[Any] = []

    def open_(file: Path, name: str) -> Any:
        from cli.serve import start_server

        keys = seatkeys.ensure(file, FOUR)
        server = start_server(file, seats=True)
        ctx = chromium.new_context(viewport={"width": 390, "height": 844},
                                   device_scale_factor=2, is_mobile=True, has_touch=True)
        ctx.set_default_timeout(WAIT)
        made.append((server, ctx))
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url.rstrip('/')}/s/{keys[name]}/")
        page.locator('#conn[data-state="connected"]').wait_for()
        return page, errors

    yield open_
    for server, ctx in made:
        ctx.close()
        server.stop()


def test_the_phone_shows_its_draw_with_the_held_cards_picked(phone: Any,
                                                             tmp_path: Path) -> None:
    _k, a, b = kozel_pair(tmp_path, 17)
    rng = random.Random(5)
    while played(b) < 1:
        who = b.result().expect.player
        assert who is not None
        catch_up(a, b, who)
        pick = rng.choice([c.entry for c in b.rules.choices(b.setup, b.deals, b.result()).choices
                           if c.allowed])
        assert attempt(a, pick) is None and attempt(b, pick) is None
    assert a.path is not None
    seat = a.result().expect.player
    assert seat is not None
    listed = private.registered(a.deals[0])[seat]
    now = now_in(b, seat).split()
    held = [c for c in now if c in {str(x) for x in listed}]
    drew = [c for c in now if c not in held]
    page, errors = phone(a.path, seat)
    page.locator("#register summary", has_text=f"you drew {len(drew)} card").wait_for()
    for c in held:  # picked already
        page.locator(f'#register button.pick-card[data-card="{c}"][aria-pressed="true"]'
                     ).wait_for()
    page.locator("#hand-count", has_text=str(len(held))).wait_for()
    for c in drew:
        page.locator(f'#register button.pick-card[data-card="{c}"]').tap()
    page.locator("#hand-count", has_text=str(len(now))).wait_for()
    page.evaluate("document.getElementById('register').scrollIntoView()")
    shot(page, "seat-hand-draw.png")
    page.evaluate("document.getElementById('said').dataset.state = ''")
    page.locator("#hand-send").tap()
    page.locator('#said[data-state="accepted"]').wait_for()
    s = Session.load(a.path)
    got = private.registered(s.deals[0])[seat]
    assert list(got[:len(listed)]) == list(listed)
    assert sorted(map(str, got[len(listed):])) == sorted(drew)
    page.locator("#register details").wait_for(state="detached")
    # the picker now offers the hand only (before: every card not seen, for the free slots)
    page.wait_for_function(f"document.querySelectorAll('#picker button.pick').length "
                           f"=== {len(now)}")
    offered = page.eval_on_selector_all("#picker button.pick",
                                        "bs => bs.map(b => b.getAttribute('data-card'))")
    assert sorted(offered) == sorted(now)
    assert not errors
