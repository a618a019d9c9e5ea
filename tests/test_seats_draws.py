"""A Kozel seat shows the referee each draw from its phone (``POST /s/KEY/hand`` with its hand
as it is now; issue 32, docs/private.md "Draws"): the page offers it again after a draw ("you
drew 1 card", the cards held already picked), a card not held is refused at the tap, and
nobody else — another seat, the table's pages, the stream, the terminal — sees a registered
draw while the deal lasts."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("starlette")

from referee.history import private  # noqa: E402
from referee.history.session import Session  # noqa: E402
from referee.model import Play, Pull  # noqa: E402
from tests.helpers import cli_run  # noqa: E402
from tests.test_private import DISCARD_EXAMPLE, FOUR  # noqa: E402
from tests.test_private_draws import dealt, keep_six  # noqa: E402
from tests.test_public import FEW, shown_card_said  # noqa: E402
from tests.test_public import leaks as leaks_of  # noqa: E402
from tests.test_seats_private import (  # noqa: E402
    game_of,
    hand,
    public_questions,
    seat_views,
    table_views,
    terminal_views,
    view,
)


def post(c: Any, key: str, entry: str) -> Any:
    v = view(c, key)["version"]
    return c.post(f"/s/{key}/entry", json={"entry": entry, "version": v})


SHOWN: list[Any] = []  # the card shown for trump of the game under test: seen by the table


def leaks(text: str, unseen: set[Any]) -> list[str]:
    """``leaks`` less the Kozel card shown where the table's lines name it (seen by all)."""
    for c in SHOWN:
        text = shown_card_said(c).sub("", text)
        for w in (str(c), c.pretty()):
            text = text.replace(f"card shown: {w}", "")
    return leaks_of(text, unseen)


class Table:
    """A served private Kozel game (nothing known to the file) and the true deal of it: each
    seat's hand now, kept as the cards are laid and drawn."""

    def __init__(self, tmp: Path, seed: int) -> None:
        self.path, self.k, self.c = game_of(tmp, f"k{seed}.toml", "kozel")
        d = dealt(seed)
        self.trump_card = d["trump_card"]
        SHOWN[:] = [self.trump_card]
        self.held = {p: [str(x) for x in d["hands"][p]] for p in FOUR}
        self.stock = [str(x) for x in d["stock"]]
        self.drawn = 0

    def session(self) -> Session:
        return Session.load(self.path)

    def follow(self) -> None:
        """The true hands after what the file holds: cards laid out, draws in."""
        s = self.session()
        g = s.result().state.games[-1]
        laid = {str(x) for e in s.deals[-1].entries if isinstance(e, Play | Pull)
                for x in e.cards if x is not None}
        draws = [p for t in g.tricks for p, _ in t.draws]
        while self.drawn < len(draws):
            self.held[draws[self.drawn]].append(self.stock[self.drawn])
            self.drawn += 1
        for p in FOUR:
            self.held[p] = [x for x in self.held[p] if x not in laid]

    def play(self, rng: random.Random) -> str | None:
        """The seat to play lays a legal play of its true hand, from its phone."""
        s = self.session()
        res = s.result()
        who = res.expect.player
        if who is None or res.deals[-1].finished:
            return None
        offer = [x.entry for x in s.rules.choices(s.setup, s.deals, res, who).choices
                 if x.allowed and set(x.entry.split(": ")[1].replace("~", "").split())
                 <= set(self.held[who])]
        if not offer:
            return None
        pick = rng.choice(offer)
        r = post(self.c, self.k[who], pick)
        assert r.status_code == 200, (pick, r.json())
        self.follow()
        return who


def test_the_page_offers_the_draw_and_a_card_not_held_is_refused_at_the_tap(
        tmp_path: Path) -> None:
    t = Table(tmp_path, 31)
    c, k = t.c, t.k
    t.session().add(f"trump {t.trump_card}")  # (the laptop: the card shown)
    for p in FOUR:
        assert hand(c, k[p], " ".join(t.held[p])).status_code == 200
    rng = random.Random(1)
    while not t.session().result().state.games[-1].tricks:
        assert t.play(rng) is not None
    leader = t.session().result().expect.player
    assert leader is not None
    v = view(c, k[leader])
    reg = v["register"]
    n = len(t.held[leader]) - len(reg["held"])
    assert n >= 1 and reg["drew"] == n and reg["size"] == len(t.held[leader])
    assert set(reg["held"]) < set(t.held[leader])
    assert set(t.held[leader]) <= set(reg["deck"])
    page = c.get(f"/s/{k[leader]}/").text
    assert f"you drew {n} card" in page and 'data-held="' in page
    stranger = next(x for x in t.stock[t.drawn:] if x != str(t.trump_card))
    # not shown yet: the hand has free slots, a card not seen may be in them
    assert stranger in {x["entry"].split(": ")[1] for x in v["choices"] if x["allowed"]}
    before = t.path.read_bytes()
    r = hand(c, k[leader], " ".join(reg["held"]))  # the draw left out
    assert r.status_code == 422 and r.json()["rule"] == "outcome-total"
    assert t.path.read_bytes() == before
    r = hand(c, k[leader], " ".join(t.held[leader]))
    assert r.status_code == 200 and sorted(r.json()["hand"]) == sorted(t.held[leader])
    v = view(c, k[leader])
    assert v["register"] is None and sorted(v["hand"]) == sorted(t.held[leader])
    before = t.path.read_bytes()
    r = post(c, k[leader], f"{leader}: {stranger}")
    assert r.status_code == 422 and r.json()["rule"] == "card-not-held"
    assert t.path.read_bytes() == before
    cards_offered = {w for x in v["choices"] for w in x["entry"].split(": ")[1].split()}
    assert cards_offered <= set(t.held[leader])


def registered_unplayed(s: Session) -> set[Any]:
    d = s.deals[-1]
    laid = {x for e in d.entries if isinstance(e, Play | Pull) and not (
        isinstance(e, Play) and e.down) for x in e.cards if x is not None}
    return {x for cs in private.registered(d).values() for x in cs} - laid


@given(seed=st.integers(0, 10**6), some=st.integers(1, 4), plays=st.integers(4, 30))
@FEW
def test_no_one_else_sees_a_registered_draw(tmp_path: Path, seed: int, some: int,
                                            plays: int) -> None:
    t = Table(tmp_path, seed)
    c, k = t.c, t.k
    rng = random.Random(seed)
    t.session().add(f"trump {t.trump_card}")  # (the laptop: the card shown)
    mine = set(rng.sample(FOUR, some))
    for p in mine:
        assert hand(c, k[p], " ".join(t.held[p])).status_code == 200
    for _ in range(plays):
        s = t.session()
        for p in mine:  # each registered seat shows its draws (most of the time)
            if private.draws_to_show(s.rules, s.setup, s.deals, s.result(), p) and \
                    rng.random() < 0.8:
                assert hand(c, k[p], " ".join(t.held[p])).status_code == 200
        if t.play(rng) is None:
            break
    s = t.session()
    if s.result().deals[-1].finished:
        return
    secret = registered_unplayed(s)
    for p in FOUR:
        others = secret - set(private.registered(s.deals[-1]).get(p, ()))
        for text in seat_views(c, k, p):
            assert not leaks(text, others), (p, leaks(text, others))
    for u, text in table_views(c).items():
        assert not leaks(text, secret), (u, leaks(text, secret))
    for args, text in terminal_views(t.path).items():
        assert not leaks(text, secret), (args, leaks(text, secret))
    code, out, err = cli_run("hand", str(t.path), FOUR[0], *t.held[FOUR[0]])
    assert not leaks(out + err, secret - set(t.held[FOUR[0]]))


# -- the Schmier exchange -----------------------------------------------------------------------

SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")


class SixTable:
    """A served private Schmier game (nothing known to the file) and its true deal 1."""

    def __init__(self, tmp: Path, seed: int) -> None:
        import warnings

        from referee.games import get
        from referee.model import Setup
        from referee.store import seatkeys

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from starlette.testclient import TestClient

        from cli.serve import make_app

        self.path = tmp / f"s{seed}.toml"
        Session.create(self.path, Setup("schmier", SIX, "Ala"))
        self.k = seatkeys.ensure(self.path, SIX)
        self.c = TestClient(make_app(self.path, seats=True), base_url="http://127.0.0.1")
        keys = get("schmier").virtual_deal(Setup("schmier", SIX, "Ala", seed=seed), 1, "Ala")
        kv = {e.name: e.value for e in keys}
        self.dealt = {p: [str(x) for x in kv["hands"][p]] for p in SIX}
        self.stock = [str(x) for x in kv["stock"]]
        SHOWN[:] = []

    def session(self) -> Session:
        return Session.load(self.path)

    def held(self) -> dict[str, list[str]]:
        """The true hands now: dealt, the exchange's draws in, the discards and plays out."""
        from referee.model import Exchange

        s = self.session()
        held = {p: list(h) for p, h in self.dealt.items()}
        pos = 0
        gone: set[str] = set()
        for e in s.deals[-1].entries if s.deals else ():
            if isinstance(e, Exchange) and e.kind == "discard":
                n = e.count if e.player != "Ala" else len(self.stock) - pos
                held[e.player] += self.stock[pos:pos + n]
                pos += n
                gone.update(str(x) for x in e.cards or ())
            elif isinstance(e, Play):
                gone.update(str(x) for x in e.cards if x is not None)
        return {p: [x for x in h if x not in gone] for p, h in held.items()}

    def play(self, rng: random.Random) -> str | None:
        from referee.cards import try_parse_card

        s = self.session()
        res = s.result()
        who = res.expect.player
        if who is None or (res.deals and res.deals[-1].finished) or res.expect.deal != 1:
            return None
        held = self.held()
        st = res.state[0][-1] if res.state and res.state[0] else None
        if st is not None and st.phase == "exchange" and who == st.dealer:
            from referee.model import Exchange

            pos = sum(e.count for e in s.deals[-1].entries if isinstance(e, Exchange))
            hand = held[who] + self.stock[pos:]  # the rest of the undealt cards taken
            pick = f"{who}: discard {keep_six(st, [try_parse_card(x) for x in hand])}"
        else:
            offer = [x.entry for x in s.rules.choices(s.setup, s.deals, res, who).choices
                     if x.allowed and not x.entry.endswith("pass") and all(
                         w in held[who] for w in x.entry.split(": ")[1].split()
                         if try_parse_card(w) is not None)
                     and not re.fullmatch(r".*discard [1-9]", x.entry)] or \
                [x.entry for x in s.rules.choices(s.setup, s.deals, res, who).choices
                 if x.allowed and x.entry.endswith("pass")]
            if not offer:
                return None
            pick = rng.choice(offer)
        r = post(self.c, self.k[who], pick)
        assert r.status_code == 200, (pick, r.json())
        return who


@given(seed=st.integers(0, 10**6), some=st.integers(1, 6), plays=st.integers(8, 24))
@FEW
def test_no_one_else_sees_a_registered_schmier_draw(tmp_path: Path, seed: int, some: int,
                                                    plays: int) -> None:
    t = SixTable(tmp_path, seed)
    c, k = t.c, t.k
    rng = random.Random(seed)
    mine = set(rng.sample(SIX, some))
    for p in mine:
        assert hand(c, k[p], " ".join(t.dealt[p])).status_code == 200
    shown = 0
    for _ in range(plays):
        s = t.session()
        for p in mine:
            if private.draws_to_show(s.rules, s.setup, s.deals, s.result(), p):
                r = hand(c, k[p], " ".join(t.held()[p]))
                assert r.status_code == 200, r.json()
                shown += 1
        if t.play(rng) is None:
            break
    s = t.session()
    if not s.deals or s.result().deals[-1].finished:
        return
    secret = registered_unplayed(s)
    for p in SIX:
        others = secret - set(private.registered(s.deals[-1]).get(p, ()))
        for text in seat_views(c, k, p):
            assert not leaks(text, others), (p, leaks(text, others))
        public_questions(c, k, p, s)  # a claim's: those of the game the table has seen
    for u, text in table_views(c).items():
        assert not leaks(text, secret), (u, leaks(text, secret))
    for args, text in terminal_views(t.path, DISCARD_EXAMPLE).items():
        assert not leaks(text, secret), (args, leaks(text, secret))
