"""What the replay-rate benchmarks share (``replay_kierki``, ``replay_outcomes``): a save file
loaded and replayed as many times as a fresh process can in some seconds, the rounds of this
checkout and of another (``--vs DIR``) run in turn so that both see the same machine."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ROUND = """
import sys, time
sys.path.insert(0, {code!r})
from referee.store import savefile
from referee.games import get
_, setup, deals = savefile.load({sample!r})
rules = get(setup.game)
def game():
    _, setup, deals = savefile.load({sample!r})
    assert rules.replay(setup, deals).complete or not {complete}
for _ in range({warm}):
    game()
n = 0
t0 = time.perf_counter()
while time.perf_counter() - t0 < {seconds}:
    game()
    n += 1
print(n / (time.perf_counter() - t0))
"""


def arguments(doc: str, rounds: int) -> argparse.Namespace:
    """``--rounds`` (default ``rounds``), ``--seconds`` and ``--vs DIR``."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=rounds)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--vs", type=Path, help="another checkout's root, measured in turn")
    return ap.parse_args()


def one_round(code: Path, sample: Path, seconds: float, warm: int, complete: bool) -> float:
    """Games a second: ``sample`` loaded and replayed by the code in ``code`` in a fresh
    process, after ``warm`` replays (``complete``: each must end the game)."""
    program = ROUND.format(code=str(code), sample=str(sample), seconds=seconds, warm=warm,
                           complete=complete)
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                         check=True, cwd=code)
    return float(out.stdout.strip())


def measure(codes: list[Path], sample: Path, rounds: int, seconds: float, warm: int,
          complete: bool = False) -> dict[Path, list[float]]:
    """Each checkout's rate of every round, the checkouts in turn within a round."""
    got: dict[Path, list[float]] = {c: [] for c in codes}
    for _ in range(rounds):
        for c in codes:
            got[c].append(one_round(c, sample, seconds, warm, complete))
    return got


def checkouts(vs: Path | None) -> list[Path]:
    """This checkout, and ``vs`` when given."""
    return [ROOT] + ([vs.resolve()] if vs else [])
