"""Start-up figures (a script, not a test): run `python benchmarks/startup.py`.

Each command below and the bare Typer app of ``../shared/bench/typer_baseline.py`` (the same
commands, one rich table printed, nothing read) run in turn, ``STARTUP_RUNS`` pairs (15 by
default) after a warm-up; printed: each one's median wall time and the median of the ratios
pair by pair (``benchmarks.bench.paired``). Target: every ratio <= 1.10 (issue 12).

    python benchmarks/startup.py            # every command
    python benchmarks/startup.py score      # only the commands whose name starts so
"""

from __future__ import annotations

import compileall
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench import paired, referee_cmd  # noqa: E402

SAMPLES = ROOT / "sample_games"
TARGET = 1.10


def baseline() -> Path:
    """The yardstick: $TYPER_BASELINE, else ``shared/bench/typer_baseline.py`` beside the
    checkout (``../shared`` from the project's root, as the contract says)."""
    given = os.environ.get("TYPER_BASELINE")
    if given:
        return Path(given)
    for up in (ROOT.parent, ROOT.parent.parent):
        path = up / "shared" / "bench" / "typer_baseline.py"
        if path.exists():
            return path
    raise SystemExit("typer_baseline.py not found: set TYPER_BASELINE to its path")


COMMANDS: list[list[str]] = [
    ["score", "kierki-complete.toml"],
    ["status", "kierki-complete.toml"],
    ["replay", "kierki-complete.toml", "--json"],
    ["games"],
    ["--help"],
]


def main(runs: int | None = None, only: list[str] | None = None) -> None:
    runs = runs or int(os.environ.get("STARTUP_RUNS", "15"))
    only = sys.argv[1:] if only is None else only
    for pkg in ("referee", "cli"):  # time what an installed program does, not compiling
        compileall.compile_dir(str(ROOT / pkg), quiet=1)
    base = [sys.executable, str(baseline()), "score", "x"]
    print(f"baseline: {' '.join(Path(a).name for a in base)}; {runs} pairs each, "
          f"target ratio <= {TARGET:.2f}")
    worst = 0.0
    for args in COMMANDS:
        if only and not any(args[0].startswith(o) for o in only):
            continue
        real = [str(SAMPLES / a) if a.endswith(".toml") else a for a in args]
        t, b, ratio = paired(referee_cmd() + real, base, runs)
        worst = max(worst, ratio)
        mark = "ok" if ratio <= TARGET else "OVER"
        print(f"referee {' '.join(args):<40} {t * 1000:6.0f} ms   baseline {b * 1000:6.0f} ms"
              f"   ratio {ratio:.2f}  {mark}")
    print(f"worst ratio {worst:.2f} (target <= {TARGET:.2f})")


if __name__ == "__main__":
    main()
