"""How long ``referee analyze`` takes (issue 14's targets), pure Python, on this machine.

    python benchmarks/analyze.py [--deals N] [--seed S]
    python benchmarks/analyze.py --whole-file [FILE ...]

Prints, each as a median and a maximum over the deals measured:

* a whole Wisconsin Schmier deal (target <= 2 s): the deals of
  ``sample_games/wisconsin-complete.toml`` and N random deals played out at random;
* a whole Schmier deal (target <= 10 s): the deals of ``sample_games/schmier-complete.toml``
  and N random ones; a deal whose search passes ``SCHMIER_BUDGET`` positions is counted as
  given up (its time is still counted);
* Kierki from trick 8 (target <= 5 s): the deals 1-11 of ``sample_games/kierki-complete.toml``
  with the search from trick 1 switched off (all four players each);
* one position solved from scratch (a fresh table): Wisconsin and Schmier at the first lead,
  Kierki with 6 and with 8 tricks left.

``--whole-file``: only the wall time of the whole process ``referee analyze FILE --json``
with ``--workers 1`` and ``--workers 2`` (default files: the Kierki and Schmier samples).

Timed with ``time.perf_counter``; never asserted in tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.compact import SCHMIER, WISCONSIN, schmier_rules, wisconsin_rules  # noqa: E402
from referee.session import Session  # noqa: E402
from referee.solve import analyze as post_mortem  # noqa: E402
from referee.solve.deal import NotAnalysable, PlayedDeal, played_deal  # noqa: E402
from tests.solve_oracle import kierki_case, schmier_case  # noqa: E402


def sample_deals(name: str) -> list[PlayedDeal]:
    s = Session.load(ROOT / "sample_games" / name)
    res = s.result()
    s.rules.record_play(s.deals, res)
    out = []
    for d in res.deals:
        try:
            out.append(played_deal(res, d.number))
        except NotAnalysable:
            pass
    return out


def random_deal(game: str, rng: random.Random, number: int) -> PlayedDeal:
    """A random deal of a Schmier game, played out at random (Wisconsin: the bidder's first
    lead names trump)."""
    lay = SCHMIER if game == "schmier" else WISCONSIN
    seats = 6 if game == "schmier" else 4
    deck = list(range(lay.size))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[6 * s:6 * s + 6]) for s in range(seats)]
    bidder = rng.randrange(seats)
    if game == "schmier":
        trump = rng.choice("SHDC")
    else:
        first = rng.choice([i for i in range(lay.size) if hands[bidder] >> i & 1])
        trump = lay.cards[first].suit
    r = schmier_rules(trump) if game == "schmier" else wisconsin_rules(trump)
    left = list(hands)
    plays: list[tuple[int, int]] = []
    leader, trick = bidder, []
    seat = leader
    while any(left):
        ok = r.legal(left[seat], trick[0] if trick else -1)
        choices = [i for i in range(lay.size) if ok >> i & 1]
        c = first if not plays and game != "schmier" else rng.choice(choices)
        left[seat] &= ~(1 << c)
        plays.append((seat, c))
        trick.append(c)
        if len(trick) == seats:
            leader = (leader + r.winner(trick)) % seats
            seat, trick = leader, []
        else:
            seat = (seat + 1) % seats
    teams = tuple(s % (seats // 2) for s in range(seats))
    names = tuple(f"team {k}" for k in range(seats // 2))
    bid = 3 if game == "schmier" else 2
    return PlayedDeal(game, number, 0, tuple(f"P{s}" for s in range(seats)), lay,
                      tuple(hands), bidder, trump, tuple(plays), teams, names, bidder, bid,
                      actual=dict.fromkeys(names, 0))


def timed(fn: Callable[[], object]) -> tuple[float, bool]:
    t = time.perf_counter()
    try:
        fn()
        ok = True
    except NotAnalysable:
        ok = False
    return time.perf_counter() - t, ok


def report(label: str, times: list[float], target: float | None, gave_up: int = 0) -> None:
    med, top = statistics.median(times), max(times)
    goal = f"  (target <= {target:g} s: {'met' if med <= target else 'NOT met'} by the median)" \
        if target else ""
    extra = f", {gave_up} gave up" if gave_up else ""
    print(f"{label:38} median {med:7.3f} s  max {top:7.3f} s  over {len(times)}{extra}{goal}")


WHOLE_FILES = ("kierki-complete.toml", "kierki-hands-known.toml", "schmier-complete.toml",
               "wisconsin-complete.toml")


def whole_file(names: list[str]) -> None:
    """The wall time of ``referee analyze FILE --json`` as a whole process, 1 and 2 workers."""
    import subprocess

    for name in names or WHOLE_FILES:
        path = Path(name) if Path(name).exists() else ROOT / "sample_games" / name
        row = []
        for workers in (1, 2):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "cli", "analyze", str(path), "--json",
                            "--workers", str(workers)], cwd=ROOT, check=True,
                           stdout=subprocess.DEVNULL)
            row.append(f"{workers} worker{'s' if workers > 1 else ''} "
                       f"{time.perf_counter() - t:6.1f} s")
        print(f"{path.name:28} " + "   ".join(row), flush=True)


def main() -> None:
    if "--whole-file" in sys.argv:
        whole_file([a for a in sys.argv[1:] if a != "--whole-file"])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=5, help="random deals of each game")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--skip-schmier", action="store_true", help="leave the Schmier deals out")
    args = ap.parse_args()
    rng = random.Random(args.seed)

    wis = sample_deals("wisconsin-complete.toml") + [
        random_deal("wisconsin-schmier", rng, k) for k in range(args.deals)]
    report("Wisconsin Schmier, whole deal", [timed(lambda d=d: post_mortem.analyze(d))[0]
                                             for d in wis], 2)
    if not args.skip_schmier:
        sch = sample_deals("schmier-complete.toml") + [
            random_deal("schmier", rng, k) for k in range(args.deals)]
        runs = [timed(lambda d=d: post_mortem.analyze(d)) for d in sch]
        report("Schmier, whole deal", [t for t, _ in runs], 10,
               sum(1 for _, ok in runs if not ok))
    kie = [d for d in sample_deals("kierki-complete.toml")]
    report("Kierki from trick 8, 4 players", [
        timed(lambda d=d: post_mortem.analyze(d, kierki_budget=0))[0] for d in kie], 5)

    def solve(case_fn: Callable[[], object]) -> float:
        case = case_fn()
        s = case.solver()  # type: ignore[attr-defined]
        pos = case.position(s)  # type: ignore[attr-defined]
        t = time.perf_counter()
        s.value(pos)
        return time.perf_counter() - t

    report("position: Wisconsin, first lead", [solve(lambda: schmier_case(
        rng, "wisconsin-schmier", 6)) for _ in range(10)], None)
    if not args.skip_schmier:
        report("position: Schmier, first lead", [solve(lambda: schmier_case(
            rng, "schmier", 6)) for _ in range(5)], None)
    report("position: Kierki, 6 tricks left", [solve(lambda: kierki_case(
        rng, rng.randrange(1, 12), 6)) for _ in range(10)], None)
    report("position: Kierki, 8 tricks left", [solve(lambda: kierki_case(
        rng, rng.randrange(1, 12), 8)) for _ in range(5)], None)


if __name__ == "__main__":
    main()
