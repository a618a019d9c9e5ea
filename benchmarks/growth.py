"""How the commands grow with the file (issue 12's growth target): a figure, never a test.

For `replay`, `replay --json`, `score` and `explain --deal LAST`, the wall time of the command
on a Foursquare series of ~10,000 entries, on one of ~1,000, and the ratio of the two
(target <= 12x: linear in the entries, with the start-up paid once). The files are made by
``benchmarks/make_large.py``; the two files are run in turn, side by side, and each figure is
the median of a few runs (the ratio is the median of the pairs' ratios, which keeps it
meaningful when the machine's speed drifts). Peak memory (max RSS) is printed beside it.

Then the entries (item 5, incremental entries): ``add`` of one entry to the ~10,000-entry
file against ``replay --json`` of it (target <= 3x: add loads once and replays the open deal,
not the file twice), and the table mode (``referee play`` driven in a pseudo-terminal with
pexpect, as tests/test_terminal.py does): the time from sending Enter to the next prompt on
the screen, the median of ~10 entries, on the ~10,000-entry file against a fresh file
(target <= 2x). Peak memory (max RSS of the command's process) of every command measured,
target <= 40 MiB.

Run: ``python benchmarks/growth.py [RUNS]`` (default 5). ``REFEREE_CODE=DIR`` measures the
code of another checkout (``python -m cli`` with DIR first on the path), e.g. main's, for a
before-and-after figure.
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

import make_large  # noqa: E402

from referee.model import Place  # noqa: E402

SMALL, LARGE = 1000, 10000
TARGET = 12.0
ADD_TARGET, TABLE_TARGET, MEMORY_TARGET = 3.0, 2.0, 40.0
ENTRIES = 10  # table-mode entries timed per file
CODE = os.environ.get("REFEREE_CODE")  # another checkout's code (the "before" figures)


def referee_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("referee")
    return [str(exe)] if exe.exists() and not CODE else [sys.executable, "-m", "cli"]


def child_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, **{"COLUMNS": "100", **extra})
    if CODE:
        env["PYTHONPATH"] = CODE
    return env


def once(cmd: list[str]) -> tuple[float, float]:
    """Wall seconds and peak memory (max RSS, MiB) of one run; its output thrown away."""
    t = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=child_env(), cwd=CODE)
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
    peaks: list[float] = []
    for name, args in commands.items():
        once(ref + args(small))  # warm-up: compiled modules, the file in the page cache
        a, b = [], []
        for _ in range(runs):
            a.append(once(ref + args(small))[0])
            b.append(once(ref + args(large))[0])
        peak = once(ref + args(large))[1]
        peaks.append(peak)
        ratio = statistics.median(y / x for x, y in zip(a, b, strict=True))
        worst = max(worst, ratio)
        print(f"{name:<22}{statistics.median(a):>9.2f}s{statistics.median(b):>9.2f}s"
              f"{ratio:>7.1f}x{peak:>10.1f}  {'ok' if ratio <= TARGET else 'over the target'}")
    print(f"largest ratio {worst:.1f}x (target <= {TARGET:g}x)")
    peaks += [peak for _name, peak in entries(folder, large, ref, runs)]
    print(f"largest peak memory {max(peaks):.1f} MiB (target <= {MEMORY_TARGET:g} MiB)")


def next_game(path: Path) -> tuple[int, list[str]]:
    """The number of the game after the file's last one (the series' games are all over) and
    the lines typed for a random legal game of that number with at least ENTRIES + 1 turns."""
    n = last_deal(path) + 1 if path.exists() else 1
    lines: list[str] = []
    seed = 12
    while len(lines) <= ENTRIES:
        lines = [f"{e.card} {e.row},{e.col}" for e in make_large.one_game(seed, n)
                 if isinstance(e, Place)]
        seed += 1
    return n, lines


def add_figures(large: Path, ref: list[str], runs: int) -> tuple[float, float, float, float]:
    """``add`` of the next game's first turn to a fresh copy of ``large`` (copied outside the
    timing), in turn with ``replay --json`` of it: medians, the median ratio, peak memory."""
    _n, lines = next_game(large)
    copy = large.with_name("add-copy.toml")
    adds, replays = [], []
    peak = 0.0
    for _ in range(runs + 1):
        shutil.copyfile(large, copy)
        took, mem = once(ref + ["add", str(copy), lines[0]])
        peak = max(peak, mem)
        adds.append(took)
        replays.append(once(ref + ["replay", str(copy), "--json"])[0])
    adds, replays = adds[1:], replays[1:]  # the first pair: a warm-up
    ratio = statistics.median(a / r for a, r in zip(adds, replays, strict=True))
    return statistics.median(adds), statistics.median(replays), ratio, peak


def table_figures(path: Path, ref: list[str]) -> tuple[float, float]:
    """``referee play path``: seconds from sending Enter to the next prompt on the screen, the
    median of ENTRIES entries (the turns of the next game), and the peak memory (MiB) of the
    play process (read by a small wrapper that runs it and reports its child's max RSS)."""
    import pexpect

    n, lines = next_game(path)
    report = path.with_name("play-peak.txt")
    wrapper = ("import resource, subprocess, sys; subprocess.call(sys.argv[2:]); "
               "open(sys.argv[1], 'w').write(str(resource.getrusage("
               "resource.RUSAGE_CHILDREN).ru_maxrss))")
    env = child_env(TERM="xterm", COLUMNS="120", LINES="50", LANG="C.UTF-8",
                    PROMPT_TOOLKIT_NO_CPR="1")
    env.pop("NO_COLOR", None)
    cmd = [*ref, "play", str(path)]
    child = pexpect.spawn(sys.executable, ["-c", wrapper, str(report), *cmd], env=env,
                          encoding="utf-8", timeout=60, dimensions=(50, 120), cwd=CODE)
    child.expect(" > ")
    took = []
    for k, line in enumerate(lines[:ENTRIES]):
        child.send(line)
        child.expect_exact(line[-3:])  # echoed: the line is in, Enter not yet sent
        t = time.perf_counter()
        child.send("\r")
        child.expect(rf"game {n}, turn {k + 2}\b[^>]*>")
        took.append(time.perf_counter() - t)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    peak = int(report.read_text()) / 1024
    return statistics.median(took), peak


def entries(folder: Path, large: Path, ref: list[str], runs: int) -> list[tuple[str, float]]:
    """Print the figures for entries; return (command, peak MiB) for each one measured."""
    add, replay, ratio, add_peak = add_figures(large, ref, runs)
    print(f"add on ~10,000: {add:.2f}s, replay --json on it: {replay:.2f}s, ratio "
          f"{ratio:.2f}x (target <= {ADD_TARGET:g}x: "
          f"{'ok' if ratio <= ADD_TARGET else 'over the target'}); peak {add_peak:.1f} MiB")
    fresh = folder / "fresh.toml"
    make_large.write(fresh, 0)
    work = folder / "table-copy.toml"
    shutil.copyfile(large, work)
    try:
        small_t, small_peak = table_figures(fresh, ref)
        large_t, large_peak = table_figures(work, ref)
    except ImportError:
        print("table mode: pexpect is not installed (pip install pexpect)")
        return [("add", add_peak)]
    tratio = large_t / small_t
    print(f"table mode, Enter to prompt (median of {ENTRIES}): fresh file {small_t * 1000:.0f} ms, "
          f"~10,000 entries {large_t * 1000:.0f} ms, ratio {tratio:.2f}x (target <= "
          f"{TABLE_TARGET:g}x: {'ok' if tratio <= TABLE_TARGET else 'over the target'}); "
          f"peak {small_peak:.1f} / {large_peak:.1f} MiB")
    return [("add", add_peak), ("play fresh", small_peak), ("play ~10,000", large_peak)]


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
