"""The query's cost: ``GameRules.choices`` (what the seat to act may enter now) per call, on a
mid-game position of each game, hands known (``--deal``) and unseen.

A seat's phone page asks it on every change of the file, after the replay it makes for the
live view anyway; so the figure is the query alone, on a ``Result`` already replayed (best
and median CPU time of rounds of many calls), with the number of entries it offers. For scale, the
replay of the open deal that each change costs (``Session.result`` from its checkpoint) is
shown beside it. Figures only; nothing here is asserted.

Run: ``python benchmarks/choices.py [rounds]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.games import get  # noqa: E402
from referee.history.session import Session  # noqa: E402
from referee.model import Setup  # noqa: E402

FOUR = ("Ala", "Bartek", "Celina", "Darek")
# game -> players, house rules, entries played before the position measured (mid-deal)
POSITIONS = {
    "kierki": (FOUR, {}, 26),
    "wisconsin-schmier": (FOUR, {"kitty_view": 2}, 14),
    "schmier": (("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip"), {}, 22),
    "kozel": (FOUR, {}, 10),
    "foursquare": (("Ala",), {}, 12),
}


def mid_game(game: str, known: bool) -> Session:
    """A game some entries in, each a random allowed entry of the player to act."""
    players, options, steps = POSITIONS[game]
    s = Session(get(game), Setup(game, players, players[0], options,
                                 seed=1 if known else None), [])
    s.deal_if_due()
    rng = random.Random(7)
    for _ in range(steps):
        res = s.result()
        allowed = s.rules.choices(s.setup, s.deals, res).allowed()
        if not allowed:
            break
        s.add(rng.choice(allowed).entry)
    return s


def per_call(fn: object, calls: int, rounds: int) -> tuple[float, float]:
    """Best and median CPU seconds per call over ``rounds`` rounds of ``calls`` calls (CPU
    time: the machine is shared, and wall time counts the other processes' turns)."""
    times = []
    for _ in range(rounds):
        t = time.process_time()
        for _ in range(calls):
            fn()  # type: ignore[operator]
        times.append((time.process_time() - t) / calls)
    return min(times), statistics.median(times)


def measure(game: str, known: bool, rounds: int) -> str:
    """One line: the query's cost on the position, and the replay's beside it."""
    s = mid_game(game, known)
    res = s.result()
    offer = s.rules.choices(s.setup, s.deals, res)
    best, med = per_call(lambda: s.rules.choices(s.setup, s.deals, res), 50, rounds)

    def replay() -> None:
        s._result = None  # what a change costs: the open deal replayed
        s.result()

    _rbest, rmed = per_call(replay, 20, rounds)
    return (f"{game:<18} {'known' if known else 'unseen':<7} {res.expect.action:<9} "
            f"{len(offer.choices):>7} {best * 1e3:>9.3f}ms {med * 1e3:>6.3f}ms "
            f"{rmed * 1e3:>6.3f}ms")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"{'game':<18} {'hands':<7} {'action':<9} {'offered':>7} {'query best':>11} "
          f"{'median':>8} {'replay':>8}")
    for game in POSITIONS:
        for known in (True, False):
            print(measure(game, known, rounds))

if __name__ == "__main__":
    main()
