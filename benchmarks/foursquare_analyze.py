"""Foursquare's post-mortem: seconds per game, and how many stocks could have been won.

Each seed's virtual stock (``shuffled(seed, 1)``, as ``new foursquare --deal --seed N`` deals
game 1) is played by the greedy player (the place that leaves the fewest face-down top cards),
and the finished game is analysed as ``referee analyze`` does it. Printed: the time per game
(median and max, wall clock), the stocks found winnable (a winning line found), proven
unwinnable, and undecided within the search's budget, beside the issue's anchor (a beam search
that sees the whole stock wins 78%) and the greedy player's own wins.

Run: ``python benchmarks/foursquare_analyze.py [FIRST LAST]`` (seeds, default 1 50).
"""

from __future__ import annotations

import hashlib
import statistics
import sys
import time

from referee.games.foursquare.analyze import analyze_game
from referee.games.foursquare.play import Game
from referee.games.foursquare.rules import shuffled

ANCHOR = 0.78  # the beam search that sees the stock order, 100 random stocks


def greedy(seed: int) -> Game:
    g = Game(1, "Ala", 0, detail=False)
    g.stock = shuffled(seed, 1)
    while not g.over:
        best = None
        for p in g.legal():
            h = g.clone()
            h.place(None, p, 0)
            k = (h.down_count(), -len(h.piles), p)
            if best is None or k < best:
                best = k
        assert best is not None
        g.place(None, best[2], 0)
    return g


def main(first: int, last: int) -> None:
    seeds = range(first, last + 1)
    times: list[float] = []
    cpu: list[float] = []
    found = proven_no = undecided = greedy_won = best_proven = losing = 0
    bests: list[int] = []
    nodes: list[int] = []
    answers = hashlib.sha256()  # every answer but the positions: the same digest, the same answers
    for seed in seeds:
        g = greedy(seed)
        greedy_won += g.result == "won"
        start, used = time.perf_counter(), time.process_time()
        an = analyze_game(g)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used)
        nodes.append(an.nodes)
        answers.update(repr((an.winnable, an.best, an.best_proven, an.line, an.moves, an.losing,
                             an.costly, an.losing_span, an.estimate)).encode())
        if an.winnable is True:
            found += 1
            assert an.best is not None
            bests.append(an.best)
            best_proven += an.best_proven
            losing += an.losing is not None
        elif an.winnable is False:
            proven_no += 1
        else:
            undecided += 1
    n = len(times)
    print(f"foursquare analyze, seeds {first}-{last} ({n} games played by the greedy player)")
    print(f"  time per game: median {statistics.median(times):.2f} s, max {max(times):.2f} s "
          "(target 5 s)")
    print(f"  CPU time per game: median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s "
          "(the same on a busy machine)")
    print(f"  CPU seconds in all {sum(cpu):.2f}; positions expanded in all {sum(nodes)}, "
          f"median {statistics.median(nodes)}, max {max(nodes)}")
    print(f"  answers' digest {answers.hexdigest()[:16]}")
    print(f"  winnable: {found / n:.0%} ({found} of {n}; anchor: a stock-seeing beam search "
          f"wins {ANCHOR:.0%}); proven unwinnable {proven_no}, undecided {undecided}")
    if bests:
        print(f"  best score found: mean {statistics.mean(bests):.1f} (anchor's mean score 8.7), "
              f"proven the best in {best_proven} of {found}")
    print(f"  the greedy player won {greedy_won} of {n} ({greedy_won / n:.0%}); the losing "
          f"move named in {losing} of the {found - greedy_won} winnable games it lost")


if __name__ == "__main__":
    args = [int(x) for x in sys.argv[1:3]]
    main(*(args if len(args) == 2 else [1, 50]))
