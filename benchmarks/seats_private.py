"""Private hands on loopback (issue 32; a script, not a test).

A Kierki deal played with real cards: ``referee serve FILE --seats --port 0`` runs as its own
process, each seat's event stream open (and ``--spectators`` on the table's page). Each of
the four seats registers its 13 cards in one request (``POST hand``: the page collects the
taps and sends the hand once; a tap itself sends nothing). Then the deal is played: before
each card of a seat that holds a card of the suit led and another, that seat first taps a
revoke (a card its page shows greyed, typed anyway): the time from the POST to the refusal
(422, ``follow-suit``) is what the phone needs to show it. Printed: register p50/p95, revoke
refused p50/p95 (goal: p95 <= 150 ms), and the file's check that nothing refused was kept.

    python benchmarks/seats_private.py [--spectators 50] [--deals 3]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.served import Stream, pct, server  # noqa: E402

FOUR = ("Ala", "Bartek", "Celina", "Darek")


async def one_deal(seed: int, spectators: int, register_ms: list[float],
                   refused_ms: list[float]) -> None:
    import httpx

    from referee.cards import DECK_52, sort_hand
    from referee.history.session import Session
    from referee.model import Setup
    from referee.store import seatkeys

    tmp = Path(tempfile.mkdtemp(prefix="seats-private-"))
    path = tmp / "kierki.toml"
    Session.create(path, Setup("kierki", FOUR, "Ala"))
    keys = seatkeys.ensure(path, FOUR)
    deck = list(DECK_52)
    random.Random(seed).shuffle(deck)
    hands = {p: sort_hand(deck[i * 13:(i + 1) * 13]) for i, p in enumerate(FOUR)}
    try:
        with server(path, "--seats") as (_proc, base):
            origin = {"Origin": base.rstrip("/")}
            url = {p: f"{base}s/{keys[p]}/" for p in FOUR}
            limits = httpx.Limits(max_connections=spectators + 20)
            async with httpx.AsyncClient(timeout=httpx.Timeout(10.0, read=None),
                                         limits=limits) as client:
                streams = [Stream(url[p] + "events") for p in FOUR] + \
                    [Stream(base + "events") for _ in range(spectators)]
                tasks = [asyncio.create_task(s.run(client)) for s in streams]
                await asyncio.wait_for(asyncio.gather(*(s.ready.wait() for s in streams)), 30)
                for p in FOUR:
                    view = (await client.get(url[p] + "live.json")).json()
                    t0 = time.perf_counter()
                    r = await client.post(url[p] + "hand", headers=origin, json={
                        "cards": " ".join(map(str, hands[p])), "version": view["version"]})
                    register_ms.append((time.perf_counter() - t0) * 1000)
                    if r.status_code != 200:
                        raise SystemExit(f"{p}'s hand refused: {r.text}")
                    await asyncio.sleep(0.05)
                kept = 0
                while True:
                    table = (await client.get(base + "live.json")).json()
                    expect = table.get("expect") or {}
                    if expect.get("deal", 1) > 1 or not expect.get("player"):
                        break
                    who = expect["player"]
                    view = (await client.get(url[who] + "live.json")).json()
                    greyed = [c["entry"] for c in view["choices"] if not c["allowed"]]
                    if greyed:
                        before = path.read_bytes()
                        t0 = time.perf_counter()
                        r = await client.post(url[who] + "entry", headers=origin, json={
                            "entry": greyed[0], "version": view["version"]})
                        refused_ms.append((time.perf_counter() - t0) * 1000)
                        if r.status_code != 422 or r.json()["rule"] != "follow-suit":
                            raise SystemExit(f"a revoke not refused: {r.status_code} {r.text}")
                        kept += path.read_bytes() != before
                        await asyncio.sleep(0.1)  # (the seat's rate limit: 10 a second)
                    allowed = [c["entry"] for c in view["choices"] if c["allowed"]]
                    r = await client.post(url[who] + "entry", headers=origin, json={
                        "entry": allowed[0], "version": view["version"]})
                    if r.status_code != 200:
                        raise SystemExit(f"{who}'s {allowed[0]!r} refused: {r.text}")
                    await asyncio.sleep(0.1)
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
            if kept:
                raise SystemExit(f"{kept} refused revokes changed the file")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spectators", type=int, default=50)
    ap.add_argument("--deals", type=int, default=3)
    a = ap.parse_args()
    register_ms: list[float] = []
    refused_ms: list[float] = []
    for seed in range(a.deals):
        asyncio.run(one_deal(seed, a.spectators, register_ms, refused_ms))
    print(f"kierki, 4 seats, {a.spectators} spectators, {a.deals} deals")
    print(f"  a hand of 13 registered (one request): p50 {statistics.median(register_ms):.0f} "
          f"ms, p95 {pct(register_ms, 0.95):.0f} ms, max {max(register_ms):.0f} ms "
          f"({len(register_ms)} hands)")
    print(f"  a revoke refused (tap -> the phone has the refusal): p50 "
          f"{statistics.median(refused_ms):.0f} ms, p95 {pct(refused_ms, 0.95):.0f} ms, max "
          f"{max(refused_ms):.0f} ms over {len(refused_ms)} revokes (goal: p95 <= 150 ms); "
          "none kept")


if __name__ == "__main__":
    main()
