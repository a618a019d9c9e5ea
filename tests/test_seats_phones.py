"""``--seats``: what a seat is offered it may enter, even a line of the deal's table with no
player in it (Schmier's bidder naming trump), and another seat may not (Starlette's test
client)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")

from tests.test_seats import client, dealt, keys, post, view  # noqa: E402


def test_the_bidder_names_trump_from_its_phone(tmp_path: Path) -> None:
    path = dealt(tmp_path, "schmier", seed=2026)
    k = keys(path)
    c = client(path)
    first = c.get("/live.json").json()["expect"]["player"]  # (the table's: no rate limit)
    while True:  # the first to bid bids, everyone else passes
        doc = c.get("/live.json").json()
        who = doc["expect"]["player"]
        if doc["expect"]["action"] != "bid":
            break
        mine = view(c, k[who])
        allowed = [x["entry"] for x in mine["choices"] if x["allowed"]]
        bid = next(e for e in allowed if not e.endswith(": pass")) if who == first \
            else f"{who}: pass"
        r = post(c, k[who], "entry", {"entry": bid, "version": mine["version"]})
        assert r.status_code == 200, r.text
    assert doc["expect"]["action"] == "trump"
    bidder = doc["expect"]["player"]
    mine = view(c, k[bidder])
    trump = next(x["entry"] for x in mine["choices"] if x["allowed"])
    assert trump.startswith(f"{bidder}: trump ")
    other = next(p for p in doc["players"] if p != bidder)
    r = post(c, k[other], "entry", {"entry": trump.split(":")[1].strip(),
                                     "version": mine["version"]})
    assert r.status_code in (403, 422)  # another seat: not its to name
    r = post(c, k[bidder], "entry", {"entry": trump.split(":")[1].strip(),
                                      "version": mine["version"]})
    assert r.status_code == 200, r.text
    assert view(c, k[bidder])["expect"]["action"] != "trump"
