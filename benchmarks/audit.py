"""``referee audit`` over a generated archive (issue 16's targets): figures, never a test.

Writes an archive with ``make_archive.py`` (or uses DIR when given one already written), then
times ``referee audit DIR --json`` with one worker and with two, each the median of RUNS runs,
and prints the ratio (target >= 1.7x on a two-core machine) and the whole archive's time with
the default workers (target <= 20 s). Then the peak memory (max RSS of the parent and of the
largest worker) of ``audit`` over the first 500 files and over all 2,000, which should be about
the same (flat: summaries are folded as they come, never kept).

Run: ``python benchmarks/audit.py [DIR] [RUNS]`` (default: a temporary folder, 1 run).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import make_archive  # noqa: E402

COUNT = 2000
REFEREE = [sys.executable, "-m", "cli"]
# the peak RSS of the command's process tree, in KiB (RUSAGE_CHILDREN of a fresh parent)
PEAK = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], "
        "stdout=subprocess.DEVNULL); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def timed(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(REFEREE + args, stdout=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_kib(paths: list[str]) -> int:
    out = subprocess.run([sys.executable, "-c", PEAK, *REFEREE, "audit", "--json",
                          "--workers", "2", *paths], capture_output=True, text=True,
                         check=True)
    return int(out.stdout.strip())


def main(argv: list[str]) -> None:
    made = None
    if argv and Path(argv[0]).is_dir():
        folder = Path(argv[0])
    else:
        made = folder = Path(tempfile.mkdtemp(prefix="referee-archive-"))
        print("writing the archive ...", flush=True)
        make_archive.main([str(folder), str(COUNT)])
    runs = int(argv[1]) if len(argv) > 1 else 1
    try:
        files = sorted(str(p) for p in folder.rglob("*.toml"))
        print(f"{len(files)} files in {folder}; {os.cpu_count()} cores")
        one = timed(["audit", "--json", "--workers", "1", str(folder)], runs)
        two = timed(["audit", "--json", "--workers", "2", str(folder)], runs)
        print(f"audit, 1 worker:  {one:6.2f} s ({1000 * one / len(files):.1f} ms a file)")
        print(f"audit, 2 workers: {two:6.2f} s ({1000 * two / len(files):.1f} ms a file)")
        print(f"speed-up: {one / two:.2f}x (target >= 1.7x); whole archive {two:.1f} s "
              "(target <= 20 s)")
        small = peak_kib(files[:500])
        large = peak_kib(files)
        print(f"peak memory (the largest process), 500 files: {small / 1024:.1f} MiB; "
              f"{len(files)} files: {large / 1024:.1f} MiB; ratio {large / small:.2f} "
              "(flat: about 1)")
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
