"""``referee serve`` under load (a script, not a test), on loopback only.

The server runs as its own process (``referee serve FILE --port 0``); 50 pages hold its event
stream open (one asyncio client here); an entry is added to the file every second for 30 s
through the session's add path, as ``referee add`` does (``Session.add``: checked, saved
atomically). Printed: the time from each entry's file being saved to each page's update
showing it (p50, p95, max over every page and entry), the updates missed, and the server's
peak memory (its peak RSS, ``VmHWM``). Goals: p95 <= 0.5 s with 50 pages; the server under
80 MiB.

    python benchmarks/serve_load.py [--clients 50] [--seconds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.served import events, pct, peak_rss_mib, server  # noqa: E402

PLAYERS = ("Ala", "Bartek", "Celina", "Darek")


def marker(doc: dict[str, Any]) -> tuple[int, int, int]:
    """What tells one state of the table from the next: the deal, the tricks taken, the cards
    on the table."""
    deal = doc["deal"]["number"] if doc.get("deal") else 0
    on = len(doc["trick"]["plays"]) if doc.get("on_table") and doc.get("trick") else 0
    return deal, len(doc["tricks"]), on


def next_entry(s: Any) -> str | None:
    """A card the referee accepts now (the first of its offers that it takes)."""
    from referee.errors import RefereeError

    res = s.result()
    who = res.expect.player
    for w in s.rules.completions(s.setup, s.deals, res):
        if w in s.setup.players:
            continue
        try:
            s.add(f"{who}: {w}")
        except RefereeError:
            continue
        return w
    return None


async def page(url: str, got: dict[tuple[int, int, int], float], ready: asyncio.Event,
               stop: asyncio.Event) -> None:
    import httpx

    async with httpx.AsyncClient(timeout=httpx.Timeout(10.0, read=None)) as client:
        async for _ident, data in events(client, url):
            got.setdefault(marker(json.loads(data)), time.perf_counter())
            ready.set()
            if stop.is_set():
                return


async def run(clients: int, seconds: int) -> None:
    from referee.history.session import Session
    from referee.model import Setup
    from referee.views import public

    tmp = Path(tempfile.mkdtemp(prefix="serve-load-"))
    path = tmp / "load.toml"
    Session.create(path, Setup("kierki", PLAYERS, "Ala", seed=2026))
    with server(path) as (proc, url):
        print(f"server pid {proc.pid} at {url}; {clients} pages; an entry a second for "
              f"{seconds} s")
        stop = asyncio.Event()
        logs: list[dict[tuple[int, int, int], float]] = [{} for _ in range(clients)]
        readies = [asyncio.Event() for _ in range(clients)]
        tasks = [asyncio.create_task(page(url + "events", logs[i], readies[i], stop))
                 for i in range(clients)]
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 30)
        saved: dict[tuple[int, int, int], float] = {}
        start = time.perf_counter()
        for k in range(seconds):
            await asyncio.sleep(max(0.0, start + k + 1 - time.perf_counter()))
            s = Session.load(path)
            if next_entry(s) is None:
                break
            t = time.perf_counter()  # the file is saved (renamed into place) when add returns
            saved[marker(public.live(public.Game.of(s)))] = t
        await asyncio.sleep(2.0)  # the last updates
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        rss = peak_rss_mib(proc.pid)
    lat = []
    missed = 0
    for log in logs:
        for mk, t in saved.items():
            if mk in log:
                lat.append(log[mk] - t)
            else:
                missed += 1
    lat.sort()
    if not lat:
        raise SystemExit("no update reached any page")
    p95 = pct(lat, 0.95)
    print(f"entries saved: {len(saved)}; updates seen: {len(lat)} of {len(saved) * clients} "
          f"(missed {missed}; a page behind skips to the newest state, which is allowed)")
    print(f"file saved -> page updated: p50 {statistics.median(lat) * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms, max {lat[-1] * 1000:.0f} ms (goal: p95 <= 500 ms)")
    print(f"server peak RSS: {rss:.1f} MiB (goal: < 80 MiB); exit {proc.returncode}")
    for f in tmp.iterdir():
        f.unlink()
    os.rmdir(tmp)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--seconds", type=int, default=30)
    a = ap.parse_args()
    asyncio.run(run(a.clients, a.seconds))


if __name__ == "__main__":
    main()
