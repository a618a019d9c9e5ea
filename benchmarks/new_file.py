"""`referee new` figures (a script, not a test): run `python benchmarks/new_file.py`.

Printed: the median wall time of `referee new` as a whole process (Kierki with hands unseen,
and `--deal --seed 7`, which writes 13 cards a hand), ``NEW_RUNS`` runs each (15 by default)
after a warm-up, each run in a fresh folder; then the median time, in this process, of
writing a whole document (``savefile.dumps``) for the largest sample game, the text a file
gets when it must be written whole.

With ``NEW_BASELINE=/path/to/another/checkout`` (main before a change, say) each form runs in
turn in this checkout and in that one (``PYTHONPATH`` set to each root; the same Python),
and the medians and the median of the ratios pair by pair are printed instead.
"""

from __future__ import annotations

import compileall
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


def once(args: list[str], root: Path | None) -> float:
    """One ``referee new`` in a fresh folder (``root``: the checkout to run, else ours)."""
    with tempfile.TemporaryDirectory() as d:
        if root is None:
            cmd, env = [*referee_cmd(), *args], None
        else:
            cmd = [sys.executable, "-m", "cli", *args]
            env = dict(os.environ, PYTHONPATH=str(root))
        t = time.perf_counter()
        subprocess.run(cmd, cwd=d, capture_output=True, check=True, env=env)
        return time.perf_counter() - t


def whole_process(args: list[str], runs: int) -> float:
    once(args, None)  # the first run warms the caches
    return statistics.median(once(args, None) for _ in range(runs))


def paired(args: list[str], base: Path, runs: int) -> tuple[float, float, float]:
    once(args, ROOT)
    once(args, base)
    a, b = [], []
    for _ in range(runs):
        a.append(once(args, ROOT))
        b.append(once(args, base))
    ratio = statistics.median(x / y for x, y in zip(a, b, strict=True))
    return statistics.median(a), statistics.median(b), ratio


def dumps_time(runs: int) -> tuple[str, float]:
    from referee.store import savefile

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
    base = os.environ.get("NEW_BASELINE")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # time what an installed program does
    for root in (ROOT, *([Path(base)] if base else [])):
        for pkg in ("referee", "cli"):
            compileall.compile_dir(str(root / pkg), quiet=1)
    for name, args in FORMS.items():
        if base:
            a, b, ratio = paired(args, Path(base), runs)
            print(f"{name}: {a * 1000:.0f} ms here, {b * 1000:.0f} ms in {base}; ratio "
                  f"{ratio:.2f} (median of {runs} pairs)")
        else:
            print(f"{name}: {whole_process(args, runs) * 1000:.0f} ms (median of {runs})")
    name, t = dumps_time(runs)
    print(f"savefile.dumps({name}): {t * 1000:.1f} ms (median of {runs})")


if __name__ == "__main__":
    main()
