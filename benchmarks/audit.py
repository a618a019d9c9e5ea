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


def peak_kib(folder: Path, workers: int) -> int:
    out = subprocess.run([sys.executable, "-c", PEAK, *REFEREE, "audit", "--json",
                          "--workers", str(workers), str(folder)], capture_output=True,
                         text=True, check=True)
    return int(out.stdout.strip())


def memory(folder: Path, files: list[str]) -> None:
    """Peak memory of ``audit`` over 500 of the files (every fourth, the same mix of games,
    and the largest file: a replay's peak follows the largest file, not the count; copied to
    a folder of their own) and over all of them: with one worker (one process: what the
    season's running summary costs) and with two (the largest of the parent and its
    workers)."""
    largest = max(files, key=lambda f: Path(f).stat().st_size)
    some = files[::4][:499] + [largest]
    with tempfile.TemporaryDirectory(prefix="referee-500-") as tmp:
        for i, f in enumerate(some):
            shutil.copy(f, Path(tmp) / f"{i:04d}-{Path(f).name}")
        for workers in (1, 2):
            small = peak_kib(Path(tmp), workers)
            large = peak_kib(folder, workers)
            print(f"peak memory, {workers} worker{'s' if workers > 1 else ''}: 500 files "
                  f"{small / 1024:.1f} MiB; {len(files)} files {large / 1024:.1f} MiB; "
                  f"ratio {large / small:.2f} (flat: about 1)")


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
        load = os.getloadavg()[0]
        print(f"{len(files)} files in {folder}; {os.cpu_count()} cores; load average "
              f"{load:.1f} (figures mean little when the cores are busy with other work)")
        if os.environ.get("MEMORY_ONLY"):
            memory(folder, files)
            return
        one = timed(["audit", "--json", "--workers", "1", str(folder)], runs)
        two = timed(["audit", "--json", "--workers", "2", str(folder)], runs)
        print(f"audit, 1 worker:  {one:6.2f} s ({1000 * one / len(files):.1f} ms a file)")
        print(f"audit, 2 workers: {two:6.2f} s ({1000 * two / len(files):.1f} ms a file)")
        print(f"load average now {os.getloadavg()[0]:.1f}")
        print(f"speed-up: {one / two:.2f}x (target >= 1.7x); whole archive {two:.1f} s "
              "(target <= 20 s)")
        memory(folder, files)
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
