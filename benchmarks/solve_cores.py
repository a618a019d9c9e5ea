"""The differential test of the two search cores, at scale: thousands of seeded random
positions of every trick game, each searched by the pure-Python core and the compiled one.

    python benchmarks/solve_cores.py [--count 1000] [--seed 0]

Per game (Kierki's penalty and trump deals, Wisconsin, Schmier; positions as in
``tests/test_solve_cores.py``): the positions tried, the values and node counts that differ
(must be 0), the nodes, and each core's CPU seconds in the searches (``time.process_time``
around ``Solver.value``, not the solver's making, which is the same Python for both; the two
alternate position by position, so a busy machine weighs on both alike). Never asserted
in tests; exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.solve import core  # noqa: E402
from tests.test_solve_cores import GAMES, deep  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=1000, help="positions per game")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    if core.compiled() is None:
        sys.exit("the compiled core is not built (or REFEREE_PURE is set)")
    bad = 0
    for game in GAMES:
        rng = random.Random(args.seed * 1000 + GAMES.index(game))
        differ = nodes = 0
        cpu = [0.0, 0.0]
        for _ in range(args.count):
            case = deep(rng, game)
            got = []
            for k, pure in enumerate((True, False)):
                s = case.solver(pure=pure)
                pos = case.position(s)
                t = time.process_time()
                v = s.value(pos, 0)
                cpu[k] += time.process_time() - t
                got.append((v, s.nodes))
            differ += got[0] != got[1]
            nodes += got[0][1]
        bad += differ
        print(f"{game:18} {args.count:6} positions, {differ} differ, {nodes:>11,} nodes; "
              f"pure {cpu[0]:6.1f} s, compiled {cpu[1]:6.2f} s "
              f"({cpu[0] / max(cpu[1], 1e-9):.0f}x)", flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
