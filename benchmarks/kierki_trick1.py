"""Where the nodes of Kierki's post-mortem from trick 1 go: per deal and player of the Kierki
samples, the trick-boundary nodes ``analyze``'s walk (trick 8 without a budget, then back a
trick at a time on the same table) had used when each start was proven, so the cost of
each trick further back shows, and the deal's kind (penalty or trump).

    python benchmarks/kierki_trick1.py [--file F ...] [--budget N] [--deals 1-11]

``--budget``: the nodes for the searches before trick 8 (``PLAYER_BUDGET``'s role; default
5,000,000). A row per player: ``t:nodes`` for each start proven (``8:1,178 7:5,808 ...``),
the earliest start, the player's nodes and CPU seconds (``time.process_time``: the machine is
shared; nodes do not depend on its load). Then per file: the players from trick 1, and the
nodes and CPU seconds in all. Never asserted in tests.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.analyze import sample_deals  # noqa: E402
from referee.games.kierki.play import TRUMP_DEALS  # noqa: E402
from referee.solve import analyze, core  # noqa: E402

FILES = ("kierki-complete.toml", "kierki-hands-known.toml")


def watched() -> list[tuple[int, int]]:
    """Make ``analyze`` note (start, the solver's nodes) at each start it proves."""
    made: list[Any] = []
    reached: list[tuple[int, int]] = []
    solver_for, side_result = analyze.solver_for, analyze.SideResult

    def new_solver(*args: Any, **kw: Any) -> Any:
        made.append(solver_for(*args, **kw))
        return made[-1]

    def new_result(*args: Any, **kw: Any) -> Any:
        reached.append((args[2], made[-1].nodes))
        return side_result(*args, **kw)

    analyze.solver_for = new_solver  # type: ignore[assignment]
    analyze.SideResult = new_result  # type: ignore[assignment,misc]
    return reached


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", nargs="*", default=list(FILES))
    ap.add_argument("--budget", type=int, default=5_000_000)
    ap.add_argument("--deals", default="1-11")
    args = ap.parse_args()
    lo, _, hi = args.deals.partition("-")
    wanted = range(int(lo), int(hi or lo) + 1)
    reached = watched()
    print(f"core: {core.name()}; budget {args.budget:,}; load {os.getloadavg()[0]:.2f}",
          flush=True)
    for name in args.file:
        total = first = players = 0
        cpu_all = time.process_time()
        for d in sample_deals(name):
            if d.number not in wanted:
                continue
            kind = "trump" if d.kind in TRUMP_DEALS else "penalty"
            for seat in range(d.seats):
                reached.clear()
                cpu = time.process_time()
                side, nodes = analyze.player_part(d, seat, args.budget)
                cpu = time.process_time() - cpu
                total += nodes
                players += 1
                first += side.start == 1
                steps = " ".join(f"{t}:{n:,}" for t, n in reached)
                print(f"{name} deal {d.number:2} {kind:7} {d.players[seat]:8} from {side.start}"
                      f" {nodes:>11,} nodes {cpu:6.2f} s CPU | {steps}", flush=True)
        print(f"{name}: {first} of {players} players from trick 1; {total:,} nodes, "
              f"{time.process_time() - cpu_all:.1f} s CPU; load {os.getloadavg()[0]:.2f}",
              flush=True)


if __name__ == "__main__":
    main()
