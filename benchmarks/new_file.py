"""`referee new` figures (a script, not a test): run `python benchmarks/new_file.py`.

Printed: the median wall time of `referee new` as a whole process (Kierki with hands unseen,
and `--deal --seed 7`, which writes 13 cards a hand), ``NEW_RUNS`` runs each (15 by default)
after a warm-up, each run in a fresh folder; then the median time, in this process, of
writing a whole document (``savefile.dumps``) for the largest sample game, the text a file
gets when it must be written whole.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench import referee_cmd  # noqa: E402

PLAYERS = ["-p", "Ala", "-p", "Bartek", "-p", "Celina", "-p", "Darek"]
FORMS = {
    "new kierki": ["new", "kierki", "g.toml", *PLAYERS],
    "new kierki --deal": ["new", "kierki", "g.toml", *PLAYERS, "--deal", "--seed", "7"],
}


def whole_process(args: list[str], runs: int) -> float:
    times = []
    for i in range(runs + 1):
        with tempfile.TemporaryDirectory() as d:
            t = time.perf_counter()
            subprocess.run([*referee_cmd(), *args], cwd=d, capture_output=True, check=True)
            if i:  # the first run warms the caches
                times.append(time.perf_counter() - t)
    return statistics.median(times)


def dumps_time(runs: int) -> tuple[str, float]:
    from referee import savefile

    path = max(ROOT.glob("sample_games/*.toml"), key=lambda p: p.stat().st_size)
    rules, setup, deals = savefile.load(path)
    savefile.dumps(rules, setup, deals)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        savefile.dumps(rules, setup, deals)
        times.append(time.perf_counter() - t)
    return path.name, statistics.median(times)


def main() -> None:
    runs = int(os.environ.get("NEW_RUNS", "15"))
    for name, args in FORMS.items():
        print(f"{name}: {whole_process(args, runs) * 1000:.0f} ms (median of {runs})")
    name, t = dumps_time(runs)
    print(f"savefile.dumps({name}): {t * 1000:.1f} ms (median of {runs})")


if __name__ == "__main__":
    main()
