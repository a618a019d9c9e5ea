"""Instructions per Kierki game loaded, replayed and scored (a script, not a test).

Seconds on a shared machine drift (this one's by about 2x); the count of instructions the
CPU runs does not. This runs ``valgrind --tool=callgrind`` on a process that loads and
replays the complete sample N times and on one that replays it 0 times, and prints the
difference divided by N: the work of one game, repeatable to a fraction of a percent (with
PYTHONHASHSEED fixed, as here). Run: ``python benchmarks/instructions.py [N]`` (valgrind must
be installed; N = 10 takes about half a minute).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_games" / "kierki-complete.toml"
GAMES = """
import sys
sys.path.insert(0, {root!r})
from referee.store import savefile
from referee.games import get
rules = get("kierki")
for _ in range({n}):
    _, setup, deals = savefile.load({sample!r})
    assert rules.replay(setup, deals).complete
"""


def instructions(n: int) -> int:
    code = GAMES.format(root=str(ROOT), n=n, sample=str(SAMPLE))
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True)
    m = re.search(r"Collected : (\d+)", run.stderr)
    if m is None:
        raise SystemExit(f"valgrind printed no count:\n{run.stderr[-2000:]}")
    return int(m.group(1))


def main() -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    instructions(1)  # compile what is not compiled yet
    per_game = (instructions(n) - instructions(0)) / n
    print(f"kierki: {per_game / 1e6:.2f} M instructions per full game loaded from the file, "
          f"replayed and scored ({n} games)")


if __name__ == "__main__":
    main()
