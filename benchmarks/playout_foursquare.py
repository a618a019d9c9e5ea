"""Foursquare: random legal games per second.

Two figures: games played on the state machine alone (a random legal place each turn, the
virtual stock of a new seed each game), and the same games replayed from their entries the way
the referee does it (``Foursquare.replay``). Run: ``python benchmarks/playout_foursquare.py``.
"""

from __future__ import annotations

import random
import sys
import time

from referee.games import get
from referee.games.foursquare.play import Game
from referee.games.foursquare.rules import shuffled
from referee.model import Deal, Entry, Key, Place, Setup


def play(seed: int) -> list[Entry]:
    stock = shuffled(seed, 1)
    rng = random.Random(seed)
    g = Game(1, "Ala", 0)
    g.stock = stock
    entries: list[Entry] = [Key("stock", stock)]
    while not g.over:
        r, c = rng.choice(g.legal())
        g.place(None, (r, c), 0)
        entries.append(Place(None, r, c))
    return entries


def main(seconds: float = 2.0) -> None:
    rules = get("foursquare")
    n, turns = 0, 0
    games: list[list[Entry]] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        e = play(n)
        games.append(e)
        turns += len(e) - 1
        n += 1
    played = time.perf_counter() - start
    setup = Setup("foursquare", ("Ala",), "Ala", seed=0)
    start = time.perf_counter()
    for e in games:
        rules.replay(setup, [Deal(e)])
    replayed = time.perf_counter() - start
    print(f"foursquare: {n / played:,.0f} random legal games/s played "
          f"({turns / n:.1f} turns a game), {n / replayed:,.0f} games/s replayed from entries")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
