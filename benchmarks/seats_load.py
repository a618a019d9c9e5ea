"""``referee serve FILE --seats`` under load (a script, not a test), on loopback only.

For each game (6 seats entering a whole Schmier deal, 4 seats a whole Kierki deal; virtual
deals): the server runs as its own process (``referee serve FILE --seats --port 0``); every
seat's page holds its event stream open, and so do 50 spectators on the table's page. In
turn, the seat to act taps: it reads its live view and POSTs the first choice the referee
allows, with the view's version. Printed: tap -> "accepted" (p50, p95), tap -> every other
page updated (the time until each other seat's and each spectator's stream delivers the new
version; p50, p95, max), entries lost or doubled (the file's entries made by people against
those accepted, in order), and the server's peak memory (``VmHWM``). Goals: p95 <= 150 ms;
p95 <= 0.5 s; none lost or doubled; < 100 MiB.

    python benchmarks/seats_load.py [--spectators 50] [--game kierki] [--game schmier]
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.served import Stream, pct, peak_rss_mib, server  # noqa: E402

PLAYERS = {"kierki": ("Ala", "Bartek", "Celina", "Darek"),
           "schmier": ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek")}


async def one_game(game: str, spectators: int) -> None:
    import httpx

    from referee.history.session import Session
    from referee.model import Setup
    from referee.store import seatkeys

    players = PLAYERS[game]
    tmp = Path(tempfile.mkdtemp(prefix="seats-load-"))
    path = tmp / f"{game}.toml"
    Session.create(path, Setup(game, players, players[0], seed=2026))
    keys = seatkeys.ensure(path, players)
    with server(path, "--seats") as (proc, base):
        seat_url = {p: f"{base}s/{keys[p]}/" for p in players}
        limits = httpx.Limits(max_connections=spectators + len(players) + 10)
        async with httpx.AsyncClient(timeout=httpx.Timeout(10.0, read=None),
                                     limits=limits) as client:
            seat_streams = {p: Stream(seat_url[p] + "events") for p in players}
            watchers = [Stream(base + "events") for _ in range(spectators)]
            tasks = [asyncio.create_task(s.run(client))
                     for s in [*seat_streams.values(), *watchers]]
            await asyncio.wait_for(asyncio.gather(
                *(s.ready.wait() for s in [*seat_streams.values(), *watchers])), 30)
            accepted_ms: list[float] = []
            updated_ms: list[float] = []
            late = 0
            sent: list[str] = []
            while True:
                table = (await client.get(base + "live.json")).json()
                expect = table.get("expect") or {}
                if table.get("complete") or expect.get("deal", 1) > 1 or not expect.get("player"):
                    break
                who = expect["player"]
                view = (await client.get(seat_url[who] + "live.json")).json()
                allowed = [c["entry"] for c in view["choices"] if c["allowed"]]
                # a bid rather than a pass (all passing would end the deal unplayed)
                choice = next((e for e in allowed if not e.endswith(": pass")),
                              allowed[0] if allowed else None)
                if choice is None:
                    raise SystemExit(f"{who} has nothing allowed: {expect.get('prompt')}")
                t0 = time.perf_counter()
                r = await client.post(seat_url[who] + "entry",
                                      json={"entry": choice, "version": view["version"]},
                                      headers={"Origin": base.rstrip("/")})
                t1 = time.perf_counter()
                if r.status_code != 200:
                    raise SystemExit(f"{who}'s {choice!r} refused: {r.status_code} {r.text}")
                accepted_ms.append((t1 - t0) * 1000)
                sent.append(choice)
                version = r.json()["version"]
                others = [s for p, s in seat_streams.items() if p != who] + watchers
                got = await asyncio.gather(*(s.until(version, t1 + 5.0) for s in others))
                for t in got:
                    if t is None:
                        late += 1
                    else:
                        updated_ms.append(max(0.0, t - t0) * 1000)
                await asyncio.sleep(0.1)  # the next person looks at their phone
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        rss = peak_rss_mib(proc.pid)
    s = Session.load(path)
    made = [s.deals[0].entries[i] for i in s.person_made(0)]
    lost_or_doubled = abs(len(made) - len(sent))
    # the same entries through 'referee add' (Session.add) into a new file: the same bytes?
    twin = tmp / "twin.toml"
    t = Session.create(twin, Setup(game, players, players[0], seed=2026))
    for e in sent:
        t = Session.load(twin)
        t.add(e)
    same = twin.read_bytes() == path.read_bytes()
    print(f"{game}: {len(players)} seats, {spectators} spectators; {len(sent)} taps, "
          f"{len(made)} entries made by people in the file")
    print(f"  tap -> accepted: p50 {statistics.median(accepted_ms):.0f} ms, "
          f"p95 {pct(accepted_ms, 0.95):.0f} ms, max {max(accepted_ms):.0f} ms "
          "(goal: p95 <= 150 ms)")
    print(f"  tap -> every other page updated: p50 {statistics.median(updated_ms):.0f} ms, "
          f"p95 {pct(updated_ms, 0.95):.0f} ms, max {max(updated_ms):.0f} ms over "
          f"{len(updated_ms)} page updates, {late} not within 5 s (goal: p95 <= 500 ms)")
    print(f"  entries lost or doubled: {lost_or_doubled} (goal: none); the file is byte for "
          f"byte 'referee add' of the taps: {'yes' if same else 'NO'}")
    print(f"  server peak RSS: {rss:.1f} MiB (goal: < 100 MiB)")
    shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spectators", type=int, default=50)
    ap.add_argument("--game", action="append", choices=sorted(PLAYERS))
    a = ap.parse_args()
    for game in a.game or ["schmier", "kierki"]:
        asyncio.run(one_game(game, a.spectators))


if __name__ == "__main__":
    main()
