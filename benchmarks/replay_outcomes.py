"""Games recorded as outcomes replayed from their files, a second (a script, not a test).

Checking an outcome (``outcome-total``: Kierki's counts that share cards, Kozel's points
against its tricks) runs on every ``add`` and every replay of an outcome deal. Each round is
a fresh process that loads ``sample_games/kierki-outcomes.toml`` or
``kozel-outcomes-claimed.toml``, replays it as many times as it can in ``--seconds`` and
prints the rate. With ``--vs DIR`` (another checkout, e.g. main's) the rounds of this code
and of DIR's run in turn on the same machine; printed: each one's median and best round.

    python benchmarks/replay_outcomes.py [--rounds 5] [--seconds 1.0] [--vs DIR]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ("kierki-outcomes.toml", "kozel-outcomes-claimed.toml")

ROUND = """
import sys, time
sys.path.insert(0, {code!r})
from referee.store import savefile
from referee.games import get
_, setup, deals = savefile.load({sample!r})
rules = get(setup.game)
def game():
    _, setup, deals = savefile.load({sample!r})
    rules.replay(setup, deals)
for _ in range(10):
    game()
n = 0
t0 = time.perf_counter()
while time.perf_counter() - t0 < {seconds}:
    game()
    n += 1
print(n / (time.perf_counter() - t0))
"""


def one_round(code: Path, sample: Path, seconds: float) -> float:
    out = subprocess.run([sys.executable, "-c", ROUND.format(code=str(code), sample=str(sample),
                                                             seconds=seconds)],
                         capture_output=True, text=True, check=True, cwd=code)
    return float(out.stdout.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--vs", type=Path, help="another checkout's root, measured in turn")
    a = ap.parse_args()
    codes = [ROOT] + ([a.vs.resolve()] if a.vs else [])
    for name in SAMPLES:
        sample = ROOT / "sample_games" / name
        rates: dict[Path, list[float]] = {c: [] for c in codes}
        for _ in range(a.rounds):
            for c in codes:
                rates[c].append(one_round(c, sample, a.seconds))
        for c in codes:
            r = rates[c]
            print(f"{name:<30} {str(c):<24} median {statistics.median(r):7.0f} replays/s, "
                  f"best {max(r):7.0f} ({a.rounds} rounds of {a.seconds:g} s)")


if __name__ == "__main__":
    main()
