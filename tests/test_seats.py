"""``--seats``: each seat's own link and its writes (CLI.md, "Seats"), in-process with
Starlette's test client: the keys file, every route and every refusal, the version check, the
same bytes as ``referee add``, and no seat ever sent another seat's hidden card."""

from __future__ import annotations

import json
import random
import re
import shutil
import stat
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("starlette")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from cli.serve import make_app  # noqa: E402
from referee.cards import Card  # noqa: E402
from referee.history.session import Session  # noqa: E402
from referee.model import Setup  # noqa: E402
from referee.store import seatkeys  # noqa: E402
from referee.views import public
from tests.helpers import cli_run  # noqa: E402
from tests.test_public import (  # noqa: E402,I001
    FEW,
    FOUR,
    SIX,
    held,
    laid_face_up,
    leaks,
    play_at_random,
    shown_card_said,
    unkeyed,
)

LOCAL = "http://127.0.0.1"


def dealt(tmp: Path, game: str = "kierki", seed: int = 3, name: str = "g.toml") -> Path:
    players = {"schmier": SIX, "foursquare": ("Ala",)}.get(game, FOUR)
    path = tmp / name
    Session.create(path, Setup(game, players, players[0], seed=seed))
    return path


def client(path: Path, **kw: Any) -> TestClient:
    return TestClient(make_app(path, seats=True, **kw), base_url=LOCAL)


def keys(path: Path) -> dict[str, str]:
    return seatkeys.ensure(path, Session.load(path).setup.players)


def view(c: TestClient, key: str) -> dict[str, Any]:
    r = c.get(f"/s/{key}/live.json")
    assert r.status_code == 200
    doc: dict[str, Any] = r.json()
    return doc


def in_turn(c: TestClient, k: dict[str, str], path: Path) -> tuple[str, dict[str, Any], str]:
    """The seat in turn, its view, and the first entry the view allows it."""
    who = Session.load(path).result().expect.player
    assert who is not None
    v = view(c, k[who])
    return who, v, next(x for x in v["choices"] if x["allowed"])["entry"]


def post(c: TestClient, key: str, what: str, doc: dict[str, Any], **headers: str) -> Any:
    return c.post(f"/s/{key}/{what}", json=doc, headers=headers)


# -- the keys ----------------------------------------------------------------------------------


def test_the_keys_file_is_private_and_apart(tmp_path: Path) -> None:
    path = dealt(tmp_path)
    k = keys(path)
    f = seatkeys.path_of(path)
    assert f.name == ".g.toml.seats"
    assert stat.S_IMODE(f.stat().st_mode) == 0o600
    assert all(len(v) == 22 for v in k.values()) and len(set(k.values())) == 4
    text = path.read_text(encoding="utf-8")
    assert not any(v in text for v in k.values())
    assert seatkeys.ensure(path, FOUR) == k  # kept


def test_referee_seats_prints_each_link_and_new_replaces_one(tmp_path: Path) -> None:
    path = dealt(tmp_path)
    code, out, _err = cli_run("seats", str(path))
    assert code == 0
    lines = dict(line.split(": ", 1) for line in out.splitlines())
    assert list(lines) == list(FOUR)
    assert all(u.startswith("http://127.0.0.1:") and "/s/" in u for u in lines.values())
    c = client(path)
    old = lines["Bartek"].rstrip("/").rsplit("/", 1)[1]
    assert c.get(f"/s/{old}/live.json").status_code == 200
    code, out2, _err = cli_run("seats", str(path), "--new", "bart")
    assert code == 0
    new = dict(line.split(": ", 1) for line in out2.splitlines())
    assert new["Bartek"] != lines["Bartek"] and new["Ala"] == lines["Ala"]
    # the running app reads the keys again: the old link is gone at once
    assert c.get(f"/s/{old}/live.json").status_code == 404
    assert c.get(f"/s/{old}/").status_code == 404
    assert cli_run("seats", str(path), "--new", "Nobody")[0] == 2


def test_a_wrong_key_is_a_bare_404_and_no_seats_no_routes(tmp_path: Path) -> None:
    path = dealt(tmp_path)
    k = keys(path)
    c = client(path)
    plain = TestClient(make_app(path), base_url=LOCAL)
    near = k["Ala"][:-1] + ("B" if k["Ala"][-1] != "B" else "C")  # one character off
    for u in ("/s/x/", "/s/x/live.json", f"/s/{near}/live.json"):
        r = c.get(u)
        assert r.status_code == 404 and "Ala" not in r.text and "kierki" not in r.text
    assert plain.get(f"/s/{k['Ala']}/").status_code == 404
    assert plain.get(f"/s/{k['Ala']}/live.json").status_code == 404
    assert c.post("/s/x/entry", json={"entry": "AS", "version": 1}).status_code == 404


def test_serve_seats_refuses_a_folder(tmp_path: Path) -> None:
    code, _out, err = cli_run("serve", str(tmp_path), "--seats")
    assert code == 2 and len(err.strip().splitlines()) == 1


# -- the views -----------------------------------------------------------------------------------


def test_a_seat_sees_its_hand_and_its_choices(tmp_path: Path) -> None:
    path = dealt(tmp_path)
    k = keys(path)
    c = client(path)
    s = Session.load(path)
    hands = s.deals[-1].key("hands")
    for p in FOUR:
        v = view(c, k[p])
        assert v["seat"] == p and isinstance(v["version"], int)
        assert sorted(v["hand"]) == sorted(str(x) for x in hands[p])
        turn = s.result().expect.player
        if p == turn:
            assert {x["entry"] for x in v["choices"]} == {f"{p}: {x}" for x in hands[p]}
            assert all(set(x) == {"entry", "label", "allowed", "rule"} for x in v["choices"])
        else:
            assert v["choices"] == []
    page = c.get(f"/s/{k['Ala']}/")
    assert page.status_code == 200 and 'data-page="seat"' in page.text


def test_hands_unseen_hand_is_null(tmp_path: Path) -> None:
    path = tmp_path / "u.toml"
    assert cli_run("new", "kierki", *(x for p in FOUR for x in ("-p", p)), str(path))[0] == 0
    k = keys(path)
    v = view(client(path), k["Bartek"])
    assert v["hand"] is None and v["choices"]  # Bartek leads: every card not yet seen


# -- the writes ------------------------------------------------------------------------------------


def test_entries_from_the_seats_are_the_bytes_of_referee_add(tmp_path: Path) -> None:
    a = dealt(tmp_path, name="a.toml")
    b = tmp_path / "b.toml"
    shutil.copyfile(a, b)
    k = keys(a)
    c = client(a)
    typed = []
    for _ in range(9):  # two tricks and a bit, each by the seat to play, its name left out
        s = Session.load(a)
        who = s.result().expect.player
        v = view(c, k[who])
        pick = next(x for x in v["choices"] if x["allowed"])
        short = pick["entry"].split(":", 1)[1].strip()
        r = post(c, k[who], "entry", {"entry": short, "version": v["version"]})
        assert r.status_code == 200, r.text
        got = r.json()
        assert got["accepted"] is True and got["version"] > v["version"] and got["proven"] == []
        typed.append(pick["entry"])
    for t in typed:
        assert cli_run("add", str(b), t)[0] == 0
    assert a.read_bytes() == b.read_bytes()


def test_refusals(tmp_path: Path) -> None:
    path = dealt(tmp_path)
    k = keys(path)
    c = client(path)
    s = Session.load(path)
    who = s.result().expect.player
    other = next(p for p in FOUR if p != who)
    v = view(c, k[who])["version"]
    # another seat's entry: 403, nothing changed
    before = path.read_bytes()
    r = post(c, k[other], "entry", {"entry": f"{who}: 2C", "version": v})
    assert r.status_code == 403 and r.json()["accepted"] is False
    r = post(c, k[other], "entry", {"entry": "2C", "version": v})  # out of turn, as itself
    assert r.status_code == 422 and r.json()["rule"] in ("turn-order", "lead-first")
    # unreadable: 400 with rule null
    r = post(c, k[who], "entry", {"entry": "ZZ", "version": v})
    assert r.status_code == 400 and r.json()["rule"] is None
    r = post(c, k[who], "entry", {"entry": 7, "version": v})
    assert r.status_code == 400
    r = post(c, k[who], "entry", {"entry": "2C"})
    assert r.status_code == 400
    # a card not held: refused by its rule
    mine = {x["entry"] for x in view(c, k[who])["choices"]}
    hands = s.deals[-1].key("hands")
    theirs = next(str(x) for x in hands[other])
    assert f"{who}: {theirs}" not in mine
    r = post(c, k[who], "entry", {"entry": theirs, "version": v})
    assert r.status_code == 422 and r.json()["rule"] and r.json()["message"]
    # an old version: 409 with the fresh one
    r = post(c, k[who], "entry", {"entry": "x", "version": v - 1})
    assert r.status_code == 409 and r.json() == {"accepted": False, "version": v,
                                                 "message": "the table changed"}
    assert path.read_bytes() == before


def test_a_second_tap_on_the_same_view_is_409(tmp_path: Path) -> None:
    path = dealt(tmp_path)
    k = keys(path)
    c = client(path)
    who, v, e = in_turn(c, k, path)
    assert post(c, k[who], "entry", {"entry": e, "version": v["version"]}).status_code == 200
    after = path.read_bytes()
    r = post(c, k[who], "entry", {"entry": e, "version": v["version"]})
    assert r.status_code == 409 and path.read_bytes() == after


def test_the_terminal_moves_the_version(tmp_path: Path) -> None:
    path = dealt(tmp_path)
    k = keys(path)
    c = client(path)
    who, v, e = in_turn(c, k, path)
    assert cli_run("add", str(path), e)[0] == 0
    after = path.read_bytes()
    r = post(c, k[who], "entry", {"entry": e, "version": v["version"]})
    assert r.status_code == 409 and r.json()["version"] > v["version"]
    assert path.read_bytes() == after


def test_undo_own_last_only(tmp_path: Path) -> None:
    path = dealt(tmp_path)
    start = path.read_bytes()
    k = keys(path)
    c = client(path)
    first, v, e = in_turn(c, k, path)
    r = post(c, k[first], "entry", {"entry": e, "version": v["version"]})
    ver = r.json()["version"]
    second = Session.load(path).result().expect.player
    assert second != first
    assert post(c, k[second], "undo", {"version": ver}).status_code == 409  # not its own
    r = post(c, k[first], "undo", {"version": ver})
    assert r.status_code == 200 and r.json()["accepted"] is True
    assert path.read_bytes() != start or True  # (the redo record aside, the file is back)
    assert Session.load(path).result().expect.player == first
    assert post(c, k[first], "undo", {"version": r.json()["version"]}).status_code == 409


# -- security ----------------------------------------------------------------------------------


def test_writes_are_post_json_small_same_origin(tmp_path: Path) -> None:
    path = dealt(tmp_path)
    k = keys(path)["Ala"]
    c = client(path)
    before = path.read_bytes()
    v = view(c, k)["version"]
    body = {"entry": "2C", "version": v}
    assert c.get(f"/s/{k}/entry").status_code == 405
    assert c.head(f"/s/{k}/undo").status_code == 405
    assert c.post(f"/s/{k}/live.json", json=body).status_code == 405
    assert c.post(f"/s/{k}/entry", content=b'{"entry":"2C","version":1}',
                  headers={"content-type": "text/plain"}).status_code == 415
    assert c.post(f"/s/{k}/entry", data={"entry": "2C"}).status_code == 415
    big = b'{"entry":"' + b"x" * 3000 + b'","version":1}'
    assert c.post(f"/s/{k}/entry", content=big,
                  headers={"content-type": "application/json"}).status_code == 413
    assert post(c, k, "entry", body, origin="http://evil.example").status_code == 403
    assert post(c, k, "entry", body, **{"sec-fetch-site": "cross-site"}).status_code == 403
    assert c.post(f"/s/{k}/entry", json=body,
                  headers={"host": "evil.example"}).status_code == 400
    assert c.post(f"/s/{k}/entry", content=b"[1]",
                  headers={"content-type": "application/json"}).status_code == 400
    assert path.read_bytes() == before
    r = post(c, k, "entry", {"entry": "x", "version": v - 1}, origin=LOCAL,
             **{"sec-fetch-site": "same-origin"})
    assert r.status_code == 409  # a same-origin write passes the checks
    for h in ("content-security-policy", "x-content-type-options", "x-frame-options"):
        assert h in r.headers


def test_a_seat_is_rate_limited_on_its_writes_only(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from cli.serve import seat

    monkeypatch.setattr(seat.time, "monotonic", lambda: 1000.0)  # every request in one second
    path = dealt(tmp_path)
    k = keys(path)
    c = client(path)
    # reads are never counted: a page's reconnects and polls
    reads = [c.get(f"/s/{k['Ala']}/live.json").status_code for _ in range(3 * seat.RATE)]
    reads += [c.get(f"/s/{k['Ala']}/").status_code for _ in range(3)]
    assert set(reads) == {200}
    v = view(c, k["Ala"])["version"]
    codes = [post(c, k["Ala"], "undo", {"version": v - 1}).status_code
             for _ in range(seat.RATE + 2)]
    assert codes[:seat.RATE] == [409] * seat.RATE and set(codes[seat.RATE:]) == {429}
    assert c.get(f"/s/{k['Ala']}/live.json").status_code == 200  # still reads
    assert post(c, k["Bartek"], "undo", {"version": v - 1}).status_code == 409  # per seat


def test_names_and_notes_stay_inert(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    bad = "<script>Ala"
    got = cli_run("new", "kierki", "-p", bad, "-p", "B", "-p", "C", "-p", "D", "--deal",
                  "--seed", "1", str(path))
    assert got[0] == 0, got
    k = keys(path)
    c = client(path)
    for p in k:
        text = c.get(f"/s/{k[p]}/").text
        assert "<script>Ala" not in text and "&lt;script&gt;Ala" in text
    s = Session.load(path)
    assert s.setup.players[0] == bad


# -- no seat sees another seat's hidden card ------------------------------------------------------


def hidden_from(deal: Any, seat: str) -> set[Any]:
    """The deal's cards the seat has not seen: every card the entries hold, less those laid
    face up, less the seat's own (its hand as dealt, and what it laid, took or discarded)."""
    from referee.model import Exchange, Play, Pull

    mine: set[Any] = set()
    hands = deal.key("hands")
    if isinstance(hands, dict):
        mine.update(hands.get(seat, ()))
    for e in deal.entries:
        if isinstance(e, Play | Pull | Exchange) and e.player == seat and e.cards:
            mine.update(x for x in e.cards if x is not None)
    return held(deal) - laid_face_up(deal) - mine


PICK_BUTTON = re.compile(r'<button type="button" class="pick [^"]*" data-card="[^"]*"[^>]*>'
                         r'[^<]*</button>'
                         r'|<button type="button" class="choice pick-more" [^>]*>[^<]*</button>')


def without_pick(text: str, unseen: set[Any], shown: Any = None) -> str:
    """A seat's page or live document without Kozel's picks of cards (the cards to tap, and a
    second pick's button, which lists its cards), once it is checked that
    a pick of a seat whose hand is unknown names every card hidden from it (all alike: one
    left out would tell where it lies); a pick of a known hand names none of them."""
    if text.startswith("{"):
        doc = json.loads(text)
        for pick in doc.pop("picks", None) or ():
            named = set(pick["cards"])
            hid = {str(x) for x in unseen}
            assert hid <= named or not hid & named, (pick, hid - named)
        if shown is not None and isinstance(doc.get("choices"), list):  # the card the table
            # saw, offered as a play of one card: it names no holder
            doc["choices"] = [x for x in doc["choices"]
                              if x.get("entry", "").rpartition(": ")[2] != str(shown)]
        if isinstance(doc.get("html"), dict):  # an event: the page's parts, drawn
            doc["html"] = {k: without_pick(v, unseen, shown) for k, v in doc["html"].items()}
        return json.dumps(doc)
    if shown is not None:  # the card the table saw, offered as a play of one card
        text = re.sub(rf'<li data-entry="[^":]+: {shown}" data-cards="{shown}"[^>]*>[^<]*</li>',
                      "", text)
    return PICK_BUTTON.sub("", text)


@given(seed=st.integers(0, 10**6), game=st.sampled_from(
    ["kierki", "wisconsin-schmier", "schmier", "kozel", "foursquare"]),
    entries=st.integers(0, 40))
@FEW
def test_no_seat_sees_another_seats_hidden_card(tmp_path: Path, seed: int, game: str,
                                                entries: int) -> None:
    path = tmp_path / f"{game}-{seed}.toml"
    path.unlink(missing_ok=True)
    seatkeys.path_of(path).unlink(missing_ok=True)
    players = {"schmier": SIX, "foursquare": ("Ala",)}.get(game, FOUR)
    s = Session.create(path, Setup(game, players, players[0], seed=seed))
    play_at_random(s, random.Random(seed), entries)
    s = Session.load(path)
    res = s.result()
    rows = {d.number: d for d in res.deals}
    n = len(s.deals)
    if not s.deals or (n in rows and rows[n].finished) or any(v.deal != n
                                                             for v in res.violations):
        return
    k = keys(path)
    c = client(path)
    stock = s.deals[-1].key("stock")
    row = {d.number: d for d in public.Game.of(s).result.deals}.get(n)  # (its play recorded)
    drawn: set[Any] = set()
    if isinstance(stock, tuple | list) and row is not None and row.play is not None:
        laid = sum(len(pl.cards) for t in row.play.tricks or () if t.winner is not None
                   for pl in t.plays)
        drawn = set(stock[:laid])  # Kozel: the stock drawn so far, in its order
    card_shown = s.deals[-1].key("trump_card")  # Kozel: the trump card the table saw

    def said(text: str) -> str:
        if isinstance(card_shown, Card):
            return shown_card_said(card_shown).sub("", text)
        return text

    for p in players:
        unseen = hidden_from(s.deals[-1], p)
        g = public.seat_game(public.Game.of(s), p)
        hand = set(public.seat_hand(g, p) or ())
        took = {x for x in unseen if str(x) in hand}
        assert {x for x in took if x not in drawn} == set(), (p, took)  # only its draws
        unseen -= took
        for u in ("", "live.json"):
            text = said(without_pick(unkeyed(c.get(f"/s/{k[p]}/{u}").text, k),
                                     unseen - {card_shown}, card_shown))
            assert not leaks(text, unseen), (p, u, leaks(text, unseen))
        with c.stream("GET", f"/s/{k[p]}/events") as r:
            lines = r.iter_lines()
            first = next(lines)
            while not first.startswith("data:"):
                first = next(lines)
            data = without_pick(unkeyed(first.removeprefix("data:").strip(), k),
                                unseen - {card_shown}, card_shown)
            assert not leaks(said(data), unseen)
