"""Foursquare: how strong is ``referee hint``? Seeded stocks played to the end with its advice.

For each seed S of 1..N the referee deals game 1's stock as ``referee new foursquare FILE -p
Ala --deal --seed S`` would (``rules.shuffled(S, 1)``) and plays it on the state machine
(``play.Game``); at every turn the hint is asked with what the player sees (``hint.seen``:
the table, the card just drawn, the cards gone; never the stock) and its best place is played.
The same stocks are played by the greedy player (fewest face-down top cards after the place,
then a new pile rather than a card on a pile), the baseline. Printed: games won, mean score
(cards left when won; a lost game scores 0) over all games and over the games won, time per
hint (mean and median of the wall clock, and the mean CPU time: on a shared machine the wall
clock also counts the other processes), and the same for the greedy player.

Run: ``python benchmarks/foursquare_hint.py`` (seeds 1-1000), ``--n 100`` for fewer.
``--record FILE`` also writes every hint's playouts and the game's result; ``--fit FILE`` turns
such a record into the table ``hint.CALIBRATION`` (the share of games won by the hint's play,
by cards left and playouts won).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from collections.abc import Callable

from referee.cards import Card
from referee.games.foursquare import hint as fh
from referee.games.foursquare.layout import Layout, N
from referee.games.foursquare.play import Game, Pos
from referee.games.foursquare.rules import shuffled

Chooser = Callable[[fh.Seen], Pos]


RECORD: list[str] = []  # with --record: each hint's game, cards left, playouts won, tried
COUNT = [0, 0]  # playouts made by the hints, cards they placed
ANSWERS = hashlib.sha256()  # every hint's places and playouts won: the same digest, the same hints
_playout = fh.playout


def counted(q: Layout, ranks: list[int]) -> int:
    """``hint.playout``, counted."""
    before = q.placed
    got = _playout(q, ranks)
    COUNT[0] += 1
    COUNT[1] += q.placed - before
    return got


def by_hint(s: fh.Seen) -> Pos:
    h = fh.advise(s)
    RECORD.append(f"{fh.CARDS - s.turns - 1},{h.best.wins},{h.best.tries}")
    ANSWERS.update(repr([(o.pos, o.wins, o.tries) for o in h.options]).encode())
    return h.best.pos


def by_greedy(s: fh.Seen) -> Pos:
    q, origin = fh.table(s)
    if not s.piles:
        return (0, 0)
    i = fh.greedy(q, fh.rank(s.card))
    return (i // N + origin[0], i % N + origin[1])


def play(seed: int, choose: Chooser, times: list[float]) -> Game:
    stock = shuffled(seed, 1)
    g = Game(1, "Ala", 0, detail=False)
    g.stock = stock  # the referee's: the players below are given only ``hint.seen``
    while not g.over:
        card: Card = stock[len(g.turns)]
        start = time.perf_counter()
        pos = choose(fh.seen(g, card))
        times.append(time.perf_counter() - start)
        g.place(None, pos, 0)
        if g.violations:
            raise SystemExit(f"seed {seed}: an illegal place {pos}: {g.violations[0].message}")
    return g


def report(name: str, games: list[Game], times: list[float], cpu: float) -> None:
    n = len(games)
    won = [g.score for g in games if g.result == "won"]
    print(f"{name:<7} won {len(won)} of {n} ({100 * len(won) / n:.1f}%), mean score "
          f"{sum(won) / n:.2f} ({sum(won) / max(len(won), 1):.2f} in the games won); "
          f"{len(times)} places, {statistics.fmean(times) * 1000:.1f} ms mean, "
          f"{statistics.median(times) * 1000:.1f} ms median a place "
          f"({cpu / len(times) * 1000:.1f} ms of CPU: the machine may be shared)")


def fit(path: str) -> list[list[int]]:
    """``hint.CALIBRATION`` from a record: per row of ``hint.BUCKET`` cards left and per
    number of playouts won (of ``hint.SAMPLES + hint.MORE``), the percentage of games won;
    made non-decreasing in the playouts won (pooling neighbours), empty cells borrowed from
    the nearest filled one."""
    tries = fh.SAMPLES + fh.MORE
    rows = fh.CARDS // fh.BUCKET
    seen = [[[0, 0] for _ in range(tries + 1)] for _ in range(rows)]
    with open(path) as f:
        next(f)
        for line in f:
            _seed, left, wins, n, won = (int(x) for x in line.split(","))
            cell = seen[min(left // fh.BUCKET, rows - 1)][round(wins * tries / n)]
            cell[0] += 1
            cell[1] += won
    table = []
    for row in seen:
        blocks: list[list[int]] = []  # pool adjacent violators: [games, won, cells]
        for n, won in row:
            blocks.append([n, won, 1])
            while len(blocks) > 1 and blocks[-2][0] and blocks[-1][0] and \
                    blocks[-2][1] * blocks[-1][0] > blocks[-1][1] * blocks[-2][0]:
                n2, w2, c2 = blocks.pop()
                blocks[-1] = [blocks[-1][0] + n2, blocks[-1][1] + w2, blocks[-1][2] + c2]
        values: list[int | None] = []
        for n, won, cells in blocks:
            values.extend([round(100 * won / n) if n else None] * cells)
        filled = [(i, v) for i, v in enumerate(values) if v is not None]
        table.append([v if v is not None else min(filled, key=lambda f: abs(f[0] - i))[1]
                      for i, v in enumerate(values)] if filled else [0] * (tries + 1))
    return table


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=1000, help="seeds 1..N (default 1000)")
    ap.add_argument("--first", type=int, default=1, help="the first seed (default 1)")
    ap.add_argument("--record", help="write each hint's seed, cards left, playouts won and "
                    "tried, and the game's result to this CSV file (to calibrate the chance)")
    ap.add_argument("--fit", help="print hint.CALIBRATION made from this record, and stop")
    args = ap.parse_args()
    if args.fit:
        print("CALIBRATION = (")
        for row in fit(args.fit):
            print(f"    ({', '.join(map(str, row))}),")
        print(")")
        return
    fh.playout = counted  # type: ignore[assignment]  # read by hint.advise at each call
    seeds = range(args.first, args.first + args.n)
    gt: list[float] = []
    cpu = time.process_time()
    greedy_games = [play(s, by_greedy, gt) for s in seeds]
    report("greedy", greedy_games, gt, time.process_time() - cpu)
    cpu = time.process_time()
    ht: list[float] = []
    hint_games = []
    start = time.perf_counter()
    rows = ["seed,left,wins,tries,won"]
    for k, s in enumerate(seeds, 1):
        RECORD.clear()
        hint_games.append(play(s, by_hint, ht))
        rows.extend(f"{s},{r},{int(hint_games[-1].result == 'won')}" for r in RECORD)
        if k % 100 == 0 and k < args.n:
            won = sum(g.result == "won" for g in hint_games)
            print(f"  ... {k} stocks, {won} won, {time.perf_counter() - start:.0f} s",
                  flush=True)
    report("hint", hint_games, ht, time.process_time() - cpu)
    print(f"        {COUNT[0]} playouts placing {COUNT[1]} cards; answers' digest "
          f"{ANSWERS.hexdigest()[:16]}")
    if args.record:
        with open(args.record, "w") as f:
            f.write("\n".join(rows) + "\n")
    wins_g = sum(g.result == "won" for g in greedy_games)
    wins_h = sum(g.result == "won" for g in hint_games)
    if wins_g:
        print(f"hint / greedy: {wins_h / wins_g:.2f}x the games won")


if __name__ == "__main__":
    main()
