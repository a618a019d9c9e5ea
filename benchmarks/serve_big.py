"""``referee serve`` with a big file (a script, not a test), on loopback only.

A Foursquare series of ~15,000 turns (963 games, ``benchmarks/make_large.py``) is served by
``referee serve FILE --port 0`` as its own process. For each replay request below, sent
while another client asks for ``live.json`` every 20 ms, printed: the request's time and
size, and the ``live.json`` latencies meanwhile (p50, max) -- the other pages' wait while
the replay is built.

    python benchmarks/serve_big.py [--entries 15000] [--code DIR]

``--code DIR``: the server runs the code in DIR (another checkout, e.g. to measure main).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.served import server  # noqa: E402


def fetch(url: str) -> tuple[float, int, int]:
    t = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=120) as r:
            body = r.read()
            status = r.status
    except urllib.error.HTTPError as e:
        body, status = b"", e.code
    return time.perf_counter() - t, len(body), status


def during(base: str, path: str) -> None:
    got: dict[str, tuple[float, int, int]] = {}
    t = threading.Thread(target=lambda: got.setdefault("r", fetch(base + path)))
    t.start()
    waits = []
    while t.is_alive():
        waits.append(fetch(base + "live.json")[0])
        time.sleep(0.02)
    t.join()
    took, size, status = got["r"]
    w = sorted(waits)
    print(f"{path:28} {status} {took * 1000:8.0f} ms {size / 1e6:8.3f} MB   live.json "
          f"meanwhile: {len(w)} requests, p50 {statistics.median(w) * 1000:.0f} ms, "
          f"max {w[-1] * 1000:.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=15000)
    ap.add_argument("--code", type=Path, default=ROOT)
    a = ap.parse_args()
    from benchmarks.make_large import write

    folder = Path(tempfile.mkdtemp(prefix="referee-big-"))
    path = folder / "series.toml"
    n = write(path, a.entries)
    print(f"{path}: {n} turns, {path.stat().st_size / 1e3:.0f} KB; server code: {a.code}")
    with server(path, code=a.code) as (_proc, base):
        for _ in range(3):
            fetch(base + "live.json")
        for p in ("replay.json", "replay.json?deal=500", "replay?deal=500&step=3",
                  "replay.json?deal=501"):
            during(base, p)


if __name__ == "__main__":
    main()
