"""Node counts of Kierki's first searches, to compare a change of the solver before and after.

    python benchmarks/kierki_nodes.py [--after 5 3] [--deals 1-7] [--cap 300000] [--file F]

For each deal of the sample file (default ``kierki-complete.toml``, deals 1-7) and each
number of tricks played (``--after``), each player's first search (``Solver.value`` from 0,
the MTD(f) start ``analyze`` uses) from the position after that many tricks as played, on a
fresh solver, capped at ``--cap`` trick-boundary nodes. Prints the nodes of each search (a
capped one: ``>cap``) and the totals. Nodes do not depend on the load of the machine; the
CPU seconds beside do, a little. Never asserted in tests.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.analyze import sample_deals  # noqa: E402
from referee.solve.analyze import solver_for  # noqa: E402
from referee.solve.search import Budget  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--after", type=int, nargs="*", default=[5, 3])
    ap.add_argument("--deals", default="1-7")
    ap.add_argument("--cap", type=int, default=300_000)
    ap.add_argument("--file", default="kierki-complete.toml")
    args = ap.parse_args()
    lo, _, hi = args.deals.partition("-")
    wanted = range(int(lo), int(hi or lo) + 1)
    for after in args.after:
        total = capped = 0
        cpu = time.process_time()
        values = []
        for d in sample_deals(args.file):
            if d.number not in wanted:
                continue
            row = []
            for seat in range(d.seats):
                s = solver_for(d, (seat,), d.trump, args.cap)
                pos = s.start(d.hands, d.leader)
                for _, c in d.plays[:after * d.seats]:
                    pos = s.play(pos, c)
                try:
                    v = s.value(pos, 0)
                    row.append(f"{s.nodes:>8,}")
                    values.append(str(v))
                except Budget:
                    row.append(f"{'>' + format(args.cap, ','):>8}")
                    capped += 1
                    values.append("?")
                total += s.nodes
            print(f"after {after} deal {d.number:2}: " + " ".join(row), flush=True)
        print(f"after {after}: {total:,} nodes, {capped} capped, "
              f"{time.process_time() - cpu:.1f} s CPU; values {' '.join(values)}", flush=True)


if __name__ == "__main__":
    main()
