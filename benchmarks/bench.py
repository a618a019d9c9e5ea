"""Speed figures for referee (a script, not a test): run `python benchmarks/bench.py`.

1. start-up: wall time of `referee score` on the complete Kierki sample against a bare
   `python -c "import typer"` (medians of several runs, and their ratio);
2. random legal Kierki deals played (generated and refereed) per second in one process;
3. full 12-deal Kierki games loaded from their files, replayed and scored per second;
4. the other games' playouts, from benchmarks/playout_<game>.py where present.
"""

from __future__ import annotations

import importlib
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SAMPLE = ROOT / "sample_games" / "kierki-complete.toml"


def wall(cmd: list[str], runs: int) -> float:
    times = []
    subprocess.run(cmd, capture_output=True)  # warm-up
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, capture_output=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def referee_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("referee")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "cli"]


def startup(runs: int) -> None:
    base = wall([sys.executable, "-c", "import typer"], runs)
    for args in (["score", str(SAMPLE)], ["score", str(SAMPLE), "--json"],
                 ["status", str(SAMPLE), "--json"]):
        t = wall(referee_cmd() + args, runs)
        print(f"referee {' '.join(a if a != str(SAMPLE) else 'kierki-complete.toml' for a in args)}"
              f": median {t * 1000:.0f} ms; import typer: {base * 1000:.0f} ms; "
              f"ratio {t / base:.2f} (target <= 1.15)")


def playouts(seconds: float) -> None:
    from referee.games import get
    from referee.games.kierki_playout import random_game

    k = get("kierki")
    n = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        setup, deals = random_game(games)
        res = k.replay(setup, deals)
        assert not res.violations
        n += len(deals)
        games += 1
    dt = time.perf_counter() - t0
    print(f"kierki: random legal deals played and refereed: {n / dt:.0f} deals/s "
          f"({games} games)")


def replays(seconds: float) -> None:
    from referee import savefile
    from referee.games import get

    k = get("kierki")
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        _, setup, deals = savefile.load(SAMPLE)
        res = k.replay(setup, deals)
        assert res.complete
        n += 1
    dt = time.perf_counter() - t0
    print(f"kierki: full 12-deal games loaded, replayed and scored: {n / dt:.0f} games/s "
          "(target >= 300)")


def others() -> None:
    for name in ("schmier", "kozel", "foursquare"):
        if (ROOT / "benchmarks" / f"playout_{name}.py").exists():
            mod = importlib.import_module(f"benchmarks.playout_{name}")
            mod.main()


def main() -> None:
    runs = int(os.environ.get("BENCH_RUNS", "9"))
    startup(runs)
    playouts(3.0)
    replays(3.0)
    others()


if __name__ == "__main__":
    main()
