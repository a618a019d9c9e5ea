"""Figures for the exact outcome check of Kierki deals 2 and 7 (hearts_lead.py): CPU
seconds (time.process_time) and search nodes per outcome, for the 560 hearts counts of
deal 2 and for outcomes of random played deal-7 games, as played and changed near them.

    .venv/bin/python benchmarks/kierki_hearts_lead.py [N_DEAL_7]
"""

from __future__ import annotations

import copy
import itertools
import random
import sys
import time
from typing import Any

from referee.games import get
from referee.games.kierki import outcome
from referee.games.kierki.feasible import Goal, goal_of
from referee.games.kierki.hearts_lead import Exact
from referee.games.kierki.play import replay_deal
from referee.games.kierki.playout import random_game

OPTIONS = {"stop_when_penalties_gone": False, "trump_chooser": "dealer",
           "fantan_start_rank": 7}


def timed(goal: Goal, first: int) -> tuple[float, int, bool]:
    e = Exact(goal, first)
    t = time.process_time()
    found = e.run()
    return time.process_time() - t, e.nodes + e.loose.nodes, found is not None


def report(name: str, rows: list[tuple[float, int, bool]]) -> None:
    rows.sort()
    n = len(rows)
    print(f"{name}: {n} outcomes, {sum(1 for r in rows if r[2])} accepted; CPU s median "
          f"{rows[n // 2][0]:.3f}, 90% {rows[9 * n // 10][0]:.3f}, worst {rows[-1][0]:.3f} "
          f"({rows[-1][1]} nodes); mean {sum(r[0] for r in rows) / n:.3f}")


def main() -> None:
    rows = []
    for v in itertools.product(range(14), repeat=4):
        if sum(v) == 13:
            rows.append(timed(Goal({"tricks": None, "hearts": list(v), "queens": None,
                                    "jacks_kings": None}, None, None, None), 1))
    report("deal 2", rows)
    k = get("kierki")
    rng = random.Random(7)
    played, changed = [], []
    for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 40):
        setup, deals = random_game(rng.randrange(2**32), hands_known=True, deals=7)
        dealer = k.replay(setup, deals).deals[-1].dealer
        st = replay_deal(setup, deals[-1], 7, dealer, 0, OPTIONS)
        o: dict[str, Any] = outcome.of_play(7, st.tricks, st.out, setup.players)
        first = (setup.players.index(dealer) + 1) % 4
        played.append(timed(goal_of(o, setup.players), first))
        o = copy.deepcopy(o)
        key = rng.choice(sorted(o))
        if isinstance(o[key], dict):
            a = rng.choice([p for p in o[key] if o[key][p] > 0])
            o[key][a] -= 1
            o[key][rng.choice(setup.players)] += 1
        else:
            o[key] = rng.choice(setup.players)
        changed.append(timed(goal_of(o, setup.players), first))
    report("deal 7 as played", played)
    report("deal 7 changed by one", changed)


if __name__ == "__main__":
    main()
