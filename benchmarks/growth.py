"""How the commands grow with the file (issue 12's growth target): a figure, never a test.

For `replay`, `replay --json`, `score` and `explain --deal LAST`, the wall time of the command
on a Foursquare series of ~10,000 entries, on one of ~1,000, and the ratio of the two
(target <= 12x: linear in the entries, with the start-up paid once). The files are made by
``benchmarks/make_large.py``; the two files are run in turn, side by side, and each figure is
the median of a few runs (the ratio is the median of the pairs' ratios, which keeps it
meaningful when the machine's speed drifts). Peak memory (max RSS) is printed beside it.

Run: ``python benchmarks/growth.py [RUNS]`` (default 5).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import make_large  # noqa: E402

SMALL, LARGE = 1000, 10000
TARGET = 12.0


def referee_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("referee")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "cli"]


def once(cmd: list[str]) -> tuple[float, float]:
    """Wall seconds and peak memory (max RSS, MiB) of one run; its output thrown away."""
    t = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=dict(os.environ, COLUMNS="100"))
    _pid, _status, usage = os.wait4(child.pid, 0)  # this child's own figures
    took = time.perf_counter() - t
    child.returncode = 0  # reaped here: keep Popen from waiting for it again
    return took, usage.ru_maxrss / 1024


def last_deal(path: Path) -> int:
    return path.read_text(encoding="utf-8").count("[[deals]]")


def main(runs: int = 5) -> None:
    folder = Path(tempfile.mkdtemp(prefix="referee-growth-"))
    small, large = folder / f"foursquare-{SMALL}.toml", folder / f"foursquare-{LARGE}.toml"
    n_small, n_large = make_large.write(small, SMALL), make_large.write(large, LARGE)
    print(f"Foursquare series: {n_small} entries ({last_deal(small)} games), "
          f"{n_large} entries ({last_deal(large)} games); median of {runs} runs")
    ref = referee_cmd()
    commands = {
        "replay": lambda f: ["replay", str(f)],
        "replay --json": lambda f: ["replay", str(f), "--json"],
        "score": lambda f: ["score", str(f)],
        "explain (last deal)": lambda f: ["explain", str(f), "--deal", str(last_deal(f))],
    }
    print(f"{'command':<22}{'~1,000':>10}{'~10,000':>10}{'ratio':>8}{'peak MiB':>10}")
    worst = 0.0
    for name, args in commands.items():
        once(ref + args(small))  # warm-up: compiled modules, the file in the page cache
        a, b = [], []
        for _ in range(runs):
            a.append(once(ref + args(small))[0])
            b.append(once(ref + args(large))[0])
        peak = once(ref + args(large))[1]
        ratio = statistics.median(y / x for x, y in zip(a, b, strict=True))
        worst = max(worst, ratio)
        print(f"{name:<22}{statistics.median(a):>9.2f}s{statistics.median(b):>9.2f}s"
              f"{ratio:>7.1f}x{peak:>10.1f}  {'ok' if ratio <= TARGET else 'over the target'}")
    print(f"largest ratio {worst:.1f}x (target <= {TARGET:g}x)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
