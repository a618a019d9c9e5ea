"""The hard hands-known claims of ``docs/claims.md``, judged by the solver with no budget.

    python benchmarks/claims_hard.py [--only SUBSTRING] [--big]

Each claim is ``claims.known.Known(p, budget=None).solve(need)`` (the double-dummy searches
alone, no claim search first, no line of play): the answer, the solver's positions (its
trick-boundary nodes, added up over its searches) and the CPU seconds
(``time.process_time``). Positions do not depend on the load of the machine; seconds do, a
little. ``--big`` adds the claims that took millions of positions. Never asserted in tests.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.claims import after_one_trick, kierki, sample  # noqa: E402
from referee.claims.known import Known  # noqa: E402
from referee.claims.search import Problem  # noqa: E402


def cases(big: bool) -> Iterator[tuple[str, Problem, int]]:
    yield "penalty 11 left seed 0, 3", kierki("penalty", 11, 0), 3
    yield "trump 11 left seed 0, 6", kierki("trump", 11, 0), 6
    yield "trump 12 left seed 1, 3", kierki("trump", 12, 1), 3
    yield "trump 12 left seed 1, 6", kierki("trump", 12, 1), 6
    for label, p in sample():
        if label.startswith("deal 7,"):
            yield f"sample {label} (12 left), 1", p, 1
    for label, p in after_one_trick():
        if label in ("deal 2, Ala", "deal 10, Bartek") or big and label == "deal 1, Celina":
            yield f"sample after trick 1 {label}, 4", p, 4
    if big:
        yield "trump 12 left seed 1, 4", kierki("trump", 12, 1), 4


def main() -> None:
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else ""
    total, cpu_all = 0, 0.0
    for label, p, need in cases("--big" in sys.argv):
        if only not in label:
            continue
        k = Known(p, budget=None)
        t = time.process_time()
        holds = k.solve(need)
        dt = time.process_time() - t
        total += k.nodes
        cpu_all += dt
        print(f"{label:40} {'holds' if holds else 'fails':5} {k.nodes:>10,} positions "
              f"{dt:7.2f} s CPU", flush=True)
    print(f"total {total:,} positions, {cpu_all:.1f} s CPU", flush=True)


if __name__ == "__main__":
    main()
