"""Random legal Kierki deals per second: the compact core against the old path and OpenSpiel.

Measured side by side in one run, in interleaved rounds (best and median round of each):

1. ``compact``: ``referee.games.kierki.playout.random_game`` (the compact core: hands as bit
   sets, legal cards as a mask), whole 12-deal games with their entries, as the tests use them;
2. ``before``: the same playout as it was before the compact core (lists of cards,
   ``benchmarks/kierki_playout_before.py``), whole 12-deal games with their entries;
3. ``core alone``: what a search sees: deals 1-11 played at random on ``referee.compact``
   alone (ints and masks, no entries, no Card objects);
4. ``compact + referee`` and ``before + referee``: the same games, then refereed from their
   entries by the engine (``Kierki.replay``: every card checked, the knowledge model, the
   scores), as ``benchmarks/bench.py`` has always measured them;
5. ``OpenSpiel hearts``: ``pyspiel``'s ``hearts`` played out at random from Python (the deal's
   chance nodes, the pass and 13 tricks), when open_spiel is installed
   (``pip install -e '.[bench]'``).

Figures only; nothing here is asserted. Run: ``python benchmarks/playouts.py [seconds]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import kierki_playout_before as before  # noqa: E402
from referee.games.kierki import playout as kierki_playout  # noqa: E402
from referee.games.kierki.play import kierki_rules  # noqa: E402

Work = Callable[[int], int]  # one unit of work for a seed -> the deals it played


def compact_games(seed: int) -> int:
    return len(kierki_playout.random_game(seed)[1])


def before_games(seed: int) -> int:
    return len(before.random_game(seed)[1])


def refereed(play: Callable[[int], tuple[Any, list[Any]]]) -> Work:
    from referee.games import get

    kierki = get("kierki")

    def work(seed: int) -> int:
        setup, deals = play(seed)
        assert not kierki.replay(setup, deals).violations
        return len(deals)

    return work


_DECK = range(52)
_BITS = tuple(1 << i for i in _DECK)


def core_deals(seed: int) -> int:
    """Deals 1-11 played at random on the compact core alone; returns 11."""
    rng = random.Random(seed)
    rand = rng.random
    trick = [0, 0, 0, 0]
    for number in range(1, 12):
        keys = [rand() for _ in _DECK]
        deck = sorted(_DECK, key=keys.__getitem__)
        hands = [sum(map(_BITS.__getitem__, deck[k::4])) for k in range(4)]
        rules = kierki_rules(number, "SHDC"[number % 4] if number >= 8 else None)
        legal, winner = rules.legal, rules.winner
        leader = 0
        for _ in range(13):
            p = leader
            led = -1
            for i in range(4):
                m = legal(hands[p], led)
                k = int(rand() * m.bit_count())
                while k:
                    m &= m - 1
                    k -= 1
                c = (m & -m).bit_length() - 1
                if i == 0:
                    led = c
                hands[p] ^= 1 << c
                trick[i] = c
                p = (p + 1) & 3
            leader = (leader + winner(trick)) & 3
    return 11


def openspiel_hearts() -> Work | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")

    def deals(seed: int) -> int:
        choice = random.Random(seed).choice
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        return 1

    return deals


def measure(contenders: dict[str, Work], seconds: float, rounds: int) -> dict[str, list[float]]:
    """Deals a second of each contender, round after round in turn (so that the machine's
    drift touches them all alike)."""
    speeds: dict[str, list[float]] = {name: [] for name in contenders}
    seed = 0
    for work in contenders.values():  # warm-up
        work(seed)
    for _ in range(rounds):
        for name, work in contenders.items():
            n = 0
            t0 = time.perf_counter()
            while time.perf_counter() - t0 < seconds / rounds:
                n += work(seed)
                seed += 1
            speeds[name].append(n / (time.perf_counter() - t0))
    return speeds


def main(seconds: float = 3.0, rounds: int = 5) -> None:
    contenders: dict[str, Work] = {
        "compact": compact_games, "before": before_games, "core alone": core_deals,
        "compact + referee": refereed(kierki_playout.random_game),
        "before + referee": refereed(before.random_game)}
    hearts = openspiel_hearts()
    if hearts is not None:
        contenders["OpenSpiel hearts"] = hearts
    speeds = measure(contenders, seconds, rounds)
    best = {name: max(v) for name, v in speeds.items()}
    med = {name: statistics.median(v) for name, v in speeds.items()}
    what = {"compact": "Kierki games with entries, compact core",
            "before": "Kierki games with entries, before the compact core",
            "core alone": "Kierki deals 1-11 on the compact core alone, no entries",
            "compact + referee": "Kierki games, compact core, then refereed",
            "before + referee": "Kierki games, before the compact core, then refereed",
            "OpenSpiel hearts": "OpenSpiel hearts from Python"}
    for name in speeds:
        print(f"playouts: {what[name]}: best round {best[name]:,.0f} deals/s, median round "
              f"{med[name]:,.0f} deals/s")
    print(f"playouts: compact / before: {best['compact'] / best['before']:.2f}x best, "
          f"{med['compact'] / med['before']:.2f}x median")
    if hearts is None:
        print("playouts: OpenSpiel not installed (pip install -e '.[bench]'): no hearts figure")
        return
    ref = "OpenSpiel hearts"
    for name in ("compact", "before", "core alone", "compact + referee", "before + referee"):
        print(f"playouts: {name} / OpenSpiel hearts: {best[name] / best[ref]:.2f}x best, "
              f"{med[name] / med[ref]:.2f}x median (target >= 1.0)")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
