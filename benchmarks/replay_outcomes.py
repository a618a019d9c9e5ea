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

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.replay_rounds import arguments, checkouts, measure  # noqa: E402

SAMPLES = ("kierki-outcomes.toml", "kozel-outcomes-claimed.toml")


def main() -> None:
    a = arguments(__doc__, rounds=5)
    codes = checkouts(a.vs)
    for name in SAMPLES:
        rates = measure(codes, ROOT / "sample_games" / name, a.rounds, a.seconds, warm=10)
        for c in codes:
            r = rates[c]
            print(f"{name:<30} {str(c):<24} median {statistics.median(r):7.0f} replays/s, "
                  f"best {max(r):7.0f} ({a.rounds} rounds of {a.seconds:g} s)")


if __name__ == "__main__":
    main()
