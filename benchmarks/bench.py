"""Speed figures for referee (a script, not a test): run `python benchmarks/bench.py`.

1. start-up: wall time of `referee score`, `status`, `replay --json`, `games` and `--help`
   against the bare Typer app of ../shared/bench/typer_baseline.py (benchmarks/startup.py:
   run in turn; medians, and the median ratio of the pairs);
2. random legal Kierki deals played (generated and refereed) per second in one process;
3. full 12-deal Kierki games loaded from their files, replayed and scored per second, and
   the same games replayed and scored from entries already loaded (best and median of rounds);
4. the other games' playouts, from benchmarks/playout_<game>.py where present;
5. random legal Kierki deals on the compact core, the old path and OpenSpiel's hearts
   (benchmarks/playouts.py).
"""

from __future__ import annotations

import importlib
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SAMPLE = ROOT / "sample_games" / "kierki-complete.toml"


def once(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, capture_output=True)
    return time.perf_counter() - t


def paired(cmd: list[str], base: list[str], runs: int) -> tuple[float, float, float]:
    """``cmd`` and ``base`` run in turn, ``runs`` times each after a warm-up: the medians of
    each, and the median of the ratios pair by pair (which keeps the ratio meaningful when
    the machine's speed drifts during the measurement)."""
    once(cmd)
    once(base)
    a, b = [], []
    for _ in range(runs):
        a.append(once(cmd))
        b.append(once(base))
    ratio = statistics.median(x / y for x, y in zip(a, b, strict=True))
    return statistics.median(a), statistics.median(b), ratio


def referee_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("referee")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "cli"]


def startup(runs: int) -> None:
    """Each command against the bare Typer app of ../shared/bench/typer_baseline.py:
    benchmarks/startup.py (target <= 1.10)."""
    from benchmarks import startup as figures

    figures.main(runs, [])


def table_startup(runs: int) -> None:
    """`referee play FILE` in a pseudo-terminal: launch -> the first prompt on the screen, and
    -> the line editor attached (prompt_toolkit, loaded once the prompt is up), against a bare
    `python -c "import typer"` in the same kind of terminal (medians of several runs)."""
    try:
        import pexpect
    except ImportError:
        print("table mode start-up: pexpect is not installed (pip install pexpect)")
        return
    import re
    import tempfile

    env = dict(os.environ, TERM="xterm", LANG="C.UTF-8", PROMPT_TOOLKIT_NO_CPR="1")
    env.pop("NO_COLOR", None)
    # as installed: compiled modules (the warm-up run writes any .pyc that is missing)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "bench.toml"
        subprocess.run(referee_cmd() + ["new", "kierki", str(game), "-p", "Ala", "-p", "Bartek",
                                        "-p", "Celina", "-p", "Darek"],
                       capture_output=True, check=True)
        cmd = referee_cmd()

        def play_once() -> tuple[float, float]:
            t = time.perf_counter()
            child = pexpect.spawn(cmd[0], cmd[1:] + ["play", str(game)], env=env,
                                  encoding="utf-8", timeout=30, dimensions=(40, 100))
            child.expect(re.escape("(deal 1: no tricks)"))
            shown = time.perf_counter() - t
            child.expect(re.escape("\x1b[?2004h"))  # prompt_toolkit has taken the line
            ready = time.perf_counter() - t
            child.sendline("quit")
            child.expect(pexpect.EOF)
            return shown, ready

        def typer_once() -> float:
            t = time.perf_counter()
            child = pexpect.spawn(sys.executable, ["-c", "import typer; print('ready')"],
                                  env=env, encoding="utf-8", timeout=30)
            child.expect("ready")
            took = time.perf_counter() - t
            child.expect(pexpect.EOF)
            return took

        play_once()
        typer_once()  # warm-up
        shown_t, ready_t, base_t = [], [], []
        for _ in range(runs):
            a, b = play_once()
            shown_t.append(a)
            ready_t.append(b)
            base_t.append(typer_once())
    shown, ready, base = (statistics.median(x) for x in (shown_t, ready_t, base_t))
    print(f"referee play (table mode): first prompt on screen: median {shown * 1000:.0f} ms; "
          f"import typer: {base * 1000:.0f} ms; ratio {shown / base:.2f} (target <= 1.3); "
          f"line editor attached: {ready * 1000:.0f} ms (ratio {ready / base:.2f})")


def playouts(seconds: float) -> None:
    from referee.games import get
    from referee.games.kierki.playout import random_game

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


def rate(work: Callable[[], None], seconds: float, rounds: int) -> tuple[float, float]:
    """Calls of ``work`` a second: the best of ``rounds`` rounds (the machine's speed: noise
    only ever adds time, as ``timeit`` says) and their median (how steady it was)."""
    speeds = []
    for _ in range(rounds):
        n = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds / rounds:
            work()
            n += 1
        speeds.append(n / (time.perf_counter() - t0))
    return max(speeds), statistics.median(speeds)


def replays(seconds: float, rounds: int = 5) -> None:
    """Full games from the complete sample: loaded from the file (tomllib, then the entries),
    replayed and scored; and replayed and scored from entries already loaded."""
    from referee.games import get
    from referee.store import savefile

    k = get("kierki")

    def from_file() -> None:
        _, setup, deals = savefile.load(SAMPLE)
        assert k.replay(setup, deals).complete

    _, setup, deals = savefile.load(SAMPLE)

    def from_entries() -> None:
        assert k.replay(setup, deals).complete

    for what, work in (("loaded from the file, replayed and scored", from_file),
                       ("replayed and scored (entries already loaded)", from_entries)):
        best, median = rate(work, seconds, rounds)
        print(f"kierki: full 12-deal games {what}: best round {best:.0f} games/s, median "
              f"round {median:.0f} games/s ({rounds} rounds; target >= 300)")


def others() -> None:
    for name in ("schmier", "kozel", "foursquare"):
        if (ROOT / "benchmarks" / f"playout_{name}.py").exists():
            mod = importlib.import_module(f"benchmarks.playout_{name}")
            mod.main()


def main() -> None:
    runs = int(os.environ.get("BENCH_RUNS", "9"))
    startup(runs)
    table_startup(runs)
    playouts(3.0)
    replays(3.0)
    others()
    importlib.import_module("benchmarks.playouts").main()


if __name__ == "__main__":
    main()
