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

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.replay_rounds import arguments, checkouts, measure  # noqa: E402

SAMPLE = ROOT / "sample_games" / "kierki-complete.toml"
TARGET = 300.0


def main() -> None:
    a = arguments(__doc__, rounds=7)
    codes = checkouts(a.vs)
    rates = measure(codes, SAMPLE, a.rounds, a.seconds, warm=20, complete=True)
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
