"""``POST /s/KEY/hand`` (CLI.md "Seats"; issue 32): a seat shows the referee its own hand from
its page. The route's checks (those of every seat write), its refusals with the rule id, a
revoke refused at the tap, and the hidden-card test: for random deals of Kierki, Wisconsin
Schmier, Kozel and Schmier for six with some seats registered, no other seat's response, the
table's pages, the feeds, ``status --json``, ``replay --json`` or the terminal's output hold a
registered card not yet played, and each seat's claim questions are those of the game as the
table has seen it (docs/private.md "Claims")."""

from __future__ import annotations

import json
import random
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

pytest.importorskip("starlette")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from cli.serve import make_app  # noqa: E402
from referee.cards import Card  # noqa: E402
from referee.history import private
from referee.history.session import Session  # noqa: E402
from referee.model import Play, Setup  # noqa: E402
from referee.store import seatkeys  # noqa: E402
from tests.helpers import cli_run  # noqa: E402
from tests.test_private import (  # noqa: E402
    DISCARD_EXAMPLE,
    FOUR,
    a_revoke,
    cards,
    deal_hands,
)
from tests.test_public import FEW, leaks, unkeyed  # noqa: E402

LOCAL = "http://127.0.0.1"


def game(tmp: Path, name: str = "g.toml") -> tuple[Path, dict[str, str], TestClient]:
    return game_of(tmp, name, "kierki")


def game_of(tmp: Path, name: str, kind: str, players: tuple[str, ...] = FOUR
            ) -> tuple[Path, dict[str, str], TestClient]:
    path = tmp / name
    path.unlink(missing_ok=True)
    seatkeys.path_of(path).unlink(missing_ok=True)
    Session.create(path, Setup(kind, players, "Ala"))
    k = seatkeys.ensure(path, players)
    return path, k, TestClient(make_app(path, seats=True), base_url=LOCAL)


def unlimited(c: TestClient) -> None:
    """The per-seat rate limit forgotten (these tests send more than 10 a second)."""
    c.app.state.site.seats.limit.seen.clear()  # type: ignore[attr-defined]


def view(c: TestClient, key: str) -> dict[str, Any]:
    unlimited(c)
    r = c.get(f"/s/{key}/live.json")
    assert r.status_code == 200
    doc: dict[str, Any] = r.json()
    return doc


def hand(c: TestClient, key: str, text: str, version: int | None = None, **h: str) -> Any:
    v = view(c, key)["version"] if version is None else version
    return c.post(f"/s/{key}/hand", json={"cards": text, "version": v}, headers=h)


def test_a_seat_registers_its_hand_and_a_revoke_is_refused_at_the_tap(tmp_path: Path) -> None:
    path, k, c = game(tmp_path)
    hands = deal_hands(11)
    lead, off = a_revoke(hands, "Bartek", "Celina")
    v = view(c, k["Celina"])
    assert v["register"]["size"] == 13 and v["register"]["registered"] is False
    assert len(v["register"]["deck"]) == 52
    r = hand(c, k["Celina"], cards(hands["Celina"]))
    assert r.status_code == 200 and r.json()["accepted"] is True
    assert sorted(r.json()["hand"]) == sorted(map(str, hands["Celina"]))
    doc = Session.load(path).deals[0]
    assert doc.key("private") is True and set(doc.key("hands")) == {"Celina"}
    v = view(c, k["Celina"])
    assert v["register"]["registered"] is True
    assert sorted(v["hand"]) == sorted(map(str, hands["Celina"]))
    r = c.post(f"/s/{k['Bartek']}/entry", json={"entry": str(lead), "version": v["version"]})
    assert r.status_code == 200
    v = view(c, k["Celina"])
    assert v["register"]["registered"] is True  # still hers to correct: no card of hers yet
    assert {x["entry"] for x in v["choices"]} == {f"Celina: {x}" for x in hands["Celina"]}
    greyed = {x["entry"]: x["rule"] for x in v["choices"] if not x["allowed"]}
    assert greyed and set(greyed.values()) == {"follow-suit"}
    assert f"Celina: {off}" in greyed
    before = path.read_bytes()
    r = c.post(f"/s/{k['Celina']}/entry", json={"entry": str(off), "version": v["version"]})
    assert r.status_code == 422 and r.json()["rule"] == "follow-suit"
    r = c.post(f"/s/{k['Celina']}/entry",
               json={"entry": str(hands["Darek"][0]), "version": v["version"]})
    assert r.status_code == 422 and r.json()["rule"] == "card-not-held"
    assert path.read_bytes() == before


def test_refusals_of_the_hand_route(tmp_path: Path) -> None:
    path, k, c = game(tmp_path)
    hands = deal_hands(12)
    a = k["Ala"]
    before = path.read_bytes()
    v = view(c, a)["version"]
    body = {"cards": cards(hands["Ala"]), "version": v}
    assert c.get(f"/s/{a}/hand").status_code == 405
    assert c.head(f"/s/{a}/hand").status_code == 405
    assert c.post(f"/s/{a}/hand", content=json.dumps(body).encode(),
                  headers={"content-type": "text/plain"}).status_code == 415
    big = b'{"cards":"' + b"AS " * 1000 + b'","version":1}'
    assert c.post(f"/s/{a}/hand", content=big,
                  headers={"content-type": "application/json"}).status_code == 413
    assert c.post(f"/s/{a}/hand", json=body,
                  headers={"origin": "http://evil.example"}).status_code == 403
    assert c.post(f"/s/{a}/hand", json=body,
                  headers={"sec-fetch-site": "cross-site"}).status_code == 403
    assert c.post(f"/s/{a}/hand", json=body, headers={"host": "evil.example"}).status_code == 400
    assert c.post("/s/nokey/hand", json=body).status_code == 404
    assert hand(c, a, cards(hands["Ala"]), version=v + 5).status_code == 409
    assert hand(c, a, "AS XX").status_code == 400
    assert c.post(f"/s/{a}/hand", json={"version": v}).status_code == 400
    r = hand(c, a, cards(hands["Ala"][:12]))
    assert r.status_code == 422 and r.json()["rule"] == "outcome-total"
    assert path.read_bytes() == before
    # one seat's hand, then another's that shares a card: refused, nothing kept
    assert hand(c, k["Bartek"], cards(hands["Bartek"])).status_code == 200
    kept = path.read_bytes()
    r = hand(c, a, cards(hands["Ala"][:12] + [hands["Bartek"][0]]))
    assert r.status_code == 422 and r.json()["rule"] == "card-not-held"
    assert "Bartek" not in r.json()["message"]
    assert path.read_bytes() == kept
    # after its first card, only the terminal corrects it
    v = view(c, k["Bartek"])["version"]
    assert c.post(f"/s/{k['Bartek']}/entry",
                  json={"entry": str(hands["Bartek"][0]), "version": v}).status_code == 200
    r = hand(c, k["Bartek"], cards(hands["Bartek"]))
    assert r.status_code == 422 and r.json()["rule"] == "turn-order"


def test_the_page_offers_the_hand_before_the_first_card(tmp_path: Path) -> None:
    _path, k, c = game(tmp_path)
    page = c.get(f"/s/{k['Ala']}/").text
    assert 'id="hand-form"' in page and "seathand.js" in page and 'data-hand="/s/' in page
    assert c.get("/s/static/seathand.js").status_code == 200


def dealt_hands(kind: str, seed: int, players: tuple[str, ...] = FOUR
                ) -> dict[str, list[Card]]:
    if kind == "kierki":
        return deal_hands(seed)
    from referee.games import get

    keys = get(kind).virtual_deal(Setup(kind, players, "Ala", seed=seed), 1, "Ala")
    return {p: list(cs) for p, cs in next(e.value for e in keys if e.name == "hands").items()}


def _a_card(word: str) -> bool:
    from referee.cards import try_parse_card

    return try_parse_card(word) is not None


def unplayed_registered(s: Session) -> set[Card]:
    d = s.deals[-1]
    regs = private.registered(d)
    played = {c for e in d.entries if isinstance(e, Play) for c in e.cards if c is not None}
    return {c for cs in regs.values() for c in cs} - played


def seat_views(c: Any, k: dict[str, str], name: str) -> tuple[str, str]:
    """Seat ``name``'s live view and page, where no other seat's card may be: the seats' keys
    written KEY, the seat's own pickers and hand form cut out, the field's placeholder
    (an example of what to type) and a claim's questions (``without_pickers``; checked by
    ``public_questions``)."""
    text = without_pickers(unkeyed(c.get(f"/s/{k[name]}/live.json").text, k))
    page = unkeyed(c.get(f"/s/{k[name]}/").text, k)
    page = page.split('id="register"')[0] + page.split('id="hand"')[-1]
    page = re.sub(r"who held [^?]*\?.*?</select>", "", page, flags=re.S)  # a claim's question
    return text, re.sub(r'placeholder="[^"]*"', "", page)


def public_questions(c: Any, k: dict[str, str], name: str, s: Session) -> None:
    """A claim's questions on seat ``name``'s page and live view name the point trumps the
    table must place: cards every seat knows are in play, so they are not looked for as
    leaks; they must be those of the game as the table has seen it (the registered hands
    left out, ``private.masked``), else a question that vanishes says where a card lies."""
    from referee.cards import try_parse_card

    doc = json.loads(c.get(f"/s/{k[name]}/live.json").text)
    page = c.get(f"/s/{k[name]}/").text
    asked = re.findall(r"who held ([^?]*)\?", page)
    if not doc["can_claim"]:
        assert doc["claim_questions"] is None and not asked
        return
    res = s.result()
    seen = s.rules.replay(s.setup, private.masked(s.deals, res, rules=s.rules))
    cards, points = s.rules.claim_questions(seen, name)
    want = [str(x) for x in cards]
    assert doc["claim_questions"] == {"cards": want, "game_points": points}, name
    assert [str(try_parse_card(x)) for x in asked] == want, name


def table_views(c: Any) -> dict[str, str]:
    """What the table's pages send now, the event stream's first update included."""
    out = {u: c.get("/" + u).text
           for u in ("", "live.json", "score", "replay.json", "replay.json?deal=1")}
    with c.stream("GET", "/events") as r:
        lines = r.iter_lines()
        first = next(lines)
        while not first.startswith("data:"):
            first = next(lines)
        out["events"] = first
    return out


def terminal_views(path: Path, *examples: str) -> dict[str, str]:
    """What the terminal's read-only views print of ``path`` (``status`` without the lists
    of choices, which offer every card not seen alike), less Kozel's example of what to type
    (``'trump 9S'``) and the ``examples`` (patterns) given."""
    out = {}
    for args in (["status", "--json"], ["replay", "--json"], ["score", "--json"], ["status"],
                 ["replay"], ["explain"]):
        _code, said, err = cli_run(*args, str(path))
        if args == ["status", "--json"]:
            doc = json.loads(said)
            doc["expect"].pop("choices")
            doc["expect"].pop("picks", None)  # (Kozel's pick: every card not seen, alike)
            said = json.dumps(doc)
        for pattern in ("'trump 9S'", "'trump 9♠'", *examples):
            said = re.sub(pattern, "", said)
        out[" ".join(args)] = said + err
    return out


def without_pickers(text: str) -> str:
    """A live document without the two lists that offer every card not seen alike (the
    hand picker, and the choices of a seat whose hand the referee does not hold), nor a
    claim's questions."""
    doc = json.loads(text)
    doc.pop("register", None)
    doc.pop("choices", None)
    doc.pop("picks", None)  # (Kozel's pick of every card not seen, a card at a time)
    doc.pop("html", None)
    # a claim's questions name the point trumps (Schmier: High, Low...) whose holder the
    # table must give: cards every seat knows are in play, not where they lie; that they are
    # the public game's is checked on their own (``public_questions``)
    doc.pop("claim_questions", None)
    return json.dumps(doc)


SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")


@given(seed=st.integers(0, 10**6), some=st.integers(1, 5), cards_played=st.integers(0, 30),
       game=st.sampled_from(["kierki", "wisconsin-schmier", "kozel", "schmier"]))
@example(seed=4, some=5, cards_played=14, game="schmier")  # always one six-seat deal in play
# a claim's questions that the registered hands answer (asked on the whole game, they vanished)
@example(seed=0, some=2, cards_played=22, game="wisconsin-schmier")
@example(seed=1, some=2, cards_played=12, game="schmier")
@FEW
def test_no_one_else_sees_a_registered_hand(tmp_path: Path, seed: int, some: int,
                                            cards_played: int, game: str) -> None:
    """Some seats show their hands dealt, the deal goes on (Schmier for six: bids, trump,
    the exchange, the dealer's discard of a count, play), and nothing of a registered card
    not yet played shows anywhere but on its own seat's page."""
    seats = SIX if game == "schmier" else FOUR
    path, k, c = game_of(tmp_path, f"g{seed}.toml", game, seats)
    rng = random.Random(seed)
    hands = dealt_hands(game, seed, seats)
    mine = rng.sample(seats, some if game == "schmier" else (some - 1) % 3 + 1)
    s = Session.load(path)
    for p in mine:
        private.register(s, p, cards(hands[p]))
    # the deal goes on with the true hands (each player a legal entry of theirs: a card of
    # the hand dealt, or the kitty taken, a bid...)
    for _ in range(cards_played):
        res = s.result()
        who = res.expect.player
        if who is None or res.deals and res.deals[0].finished:
            break
        offer = s.rules.choices(s.setup, s.deals, res, who).choices
        held = {str(x) for x in hands[who]}
        legal = [x for x in offer if x.allowed and all(
            w.lstrip("~") in held for w in x.entry.split(": ")[1].split()
            if _a_card(w.lstrip("~")))
            and not x.entry.endswith("pass")]
        if not legal:
            break
        s.add(rng.choice(legal).entry)
    s = Session.load(path)
    if not s.deals or s.result().deals[0].finished:
        return
    secret = unplayed_registered(s)
    for p in seats:
        others = secret - set(hands[p])
        text, page = seat_views(c, k, p)
        assert not leaks(text, others), (p, leaks(text, others))
        public_questions(c, k, p, s)
        doc = view(c, k[p])
        if p not in mine:  # its choices: every card not seen alike, none greyed (a bid may
            # be: bid-higher is the table's knowledge)
            assert all(x["allowed"] for x in doc["choices"]
                       if _a_card(x["entry"].split(": ")[1]))
        assert not leaks(page, others), (p, leaks(page, others))
    for u, text in table_views(c).items():
        assert not leaks(text, secret), (u, leaks(text, secret))
    for args, text in terminal_views(path, DISCARD_EXAMPLE).items():
        assert not leaks(text, secret), (args, leaks(text, secret))
