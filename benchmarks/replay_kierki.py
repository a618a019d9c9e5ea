"""Complete Kierki games replayed from their files, a second (a script, not a test).

Each round is a fresh process that loads ``sample_games/kierki-complete.toml`` (tomli, then
the entries), replays and scores it as many times as it can in ``--seconds`` and prints the
rate. With ``--vs DIR`` (another checkout, e.g. main's, for a before-and-after figure) the
rounds of this code and of DIR's run in turn, so that both see the same machine; printed:
each one's median and best round, and the median of the ratios round by round. Target:
>= 300 games a second (issue 12).

    python benchmarks/replay_kierki.py [--rounds 7] [--seconds 1.0] [--vs DIR]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_games" / "kierki-complete.toml"
TARGET = 300.0

ROUND = """
import sys, time
sys.path.insert(0, {code!r})
from referee.store import savefile
from referee.games import get
k = get("kierki")
def game():
    _, setup, deals = savefile.load({sample!r})
    assert k.replay(setup, deals).complete
for _ in range(20):
    game()
n = 0
t0 = time.perf_counter()
while time.perf_counter() - t0 < {seconds}:
    game()
    n += 1
print(n / (time.perf_counter() - t0))
"""


def one_round(code: Path, seconds: float) -> float:
    out = subprocess.run([sys.executable, "-c", ROUND.format(code=str(code), sample=str(SAMPLE),
                                                             seconds=seconds)],
                         capture_output=True, text=True, check=True, cwd=code)
    return float(out.stdout.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--vs", type=Path, help="another checkout's root, measured in turn")
    a = ap.parse_args()
    codes = [ROOT] + ([a.vs.resolve()] if a.vs else [])
    rates: dict[Path, list[float]] = {c: [] for c in codes}
    for _ in range(a.rounds):
        for c in codes:
            rates[c].append(one_round(c, a.seconds))
    for c in codes:
        r = rates[c]
        print(f"{str(c):<40} median {statistics.median(r):6.0f} games/s, best {max(r):6.0f} "
              f"({a.rounds} rounds of {a.seconds:g} s; target >= {TARGET:g})")
    if a.vs:
        ratio = statistics.median(x / y for x, y in zip(rates[ROOT], rates[codes[1]],
                                                        strict=True))
        print(f"ratio this / {a.vs}: {ratio:.2f} (median of the rounds' ratios)")


if __name__ == "__main__":
    main()
