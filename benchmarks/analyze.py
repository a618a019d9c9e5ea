"""How long ``referee analyze`` takes, pure Python, on this machine.

    python benchmarks/analyze.py [FILE ...] [--deals N] [--positions] [--seed S]
    python benchmarks/analyze.py --whole-file [FILE ...]

Prints, for each sample file (default: the Kierki, Wisconsin Schmier and Schmier samples),
one line per deal: from which trick each side's search started (Kierki: one per player, 1
or 8; a Schmier deal: 1, or "gave up" past ``SIDE_BUDGET``), the trick-boundary nodes of
every search of the deal (node counts do not depend on the machine's load) and the seconds;
then the whole file's wall time, one deal after another. The CPU seconds beside (this
process's) move less with the load of a shared machine than the wall time. Targets (issue
22): a Kierki deal <= 5 s from trick 1; Wisconsin and Schmier deals no slower than before.

``--deals N``: also N random Wisconsin and Schmier deals each, played out at random (median
and maximum). ``--positions``: also single positions solved from scratch (a fresh table).

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

from referee.history.session import Session  # noqa: E402
from referee.solve import analyze as post_mortem  # noqa: E402
from referee.solve.deal import NotAnalysable, PlayedDeal, played_deal  # noqa: E402
from tests.solve_oracle import (  # noqa: E402
    kierki_case,
    schmier_case,
    schmier_deal,
    schmier_trick_rules,
)


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
    lay, hands = schmier_deal(rng, game)
    seats = len(hands)
    bidder = rng.randrange(seats)
    if game == "schmier":
        trump = rng.choice("SHDC")
    else:
        first = rng.choice([i for i in range(lay.size) if hands[bidder] >> i & 1])
        trump = lay.cards[first].suit
    r = schmier_trick_rules(game, trump)
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


SAMPLES = ("kierki-complete.toml", "kierki-hands-known.toml", "wisconsin-complete.toml",
           "schmier-complete.toml")


def sample_file(name: str) -> float:
    """One line per deal of a sample file; returns the file's wall time."""
    t0 = time.perf_counter()
    for d in sample_deals(name):
        t, cpu = time.perf_counter(), time.process_time()
        try:
            a = post_mortem.analyze(d)
            start = " ".join(str(r.start) for r in a.sides)
            nodes = f"{a.nodes:,}"
        except NotAnalysable:
            start, nodes = "gave up", "-"
        print(f"{name:26} deal {d.number:2}  from trick {start:8} {nodes:>11} nodes "
              f"{time.perf_counter() - t:7.2f} s  ({time.process_time() - cpu:6.2f} s CPU)",
              flush=True)
    wall = time.perf_counter() - t0
    print(f"{name:26} whole file, one deal after another: {wall:7.2f} s", flush=True)
    return wall


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
    ap.add_argument("files", nargs="*", default=list(SAMPLES), help="sample files")
    ap.add_argument("--deals", type=int, default=0, help="random deals of each game")
    ap.add_argument("--positions", action="store_true", help="single positions too")
    ap.add_argument("--seed", type=int, default=14)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    for name in args.files:
        sample_file(name)
    if args.deals:
        wis = [random_deal("wisconsin-schmier", rng, k) for k in range(args.deals)]
        report("Wisconsin Schmier, random deal",
               [timed(lambda d=d: post_mortem.analyze(d))[0] for d in wis], 2)
        sch = [random_deal("schmier", rng, k) for k in range(args.deals)]
        runs = [timed(lambda d=d: post_mortem.analyze(d)) for d in sch]
        report("Schmier, random deal", [t for t, _ in runs], 10,
               sum(1 for _, ok in runs if not ok))
    if args.positions:
        positions(rng)


def positions(rng: random.Random) -> None:
    def solve(case_fn: Callable[[], object]) -> float:
        case = case_fn()
        s = case.solver()  # type: ignore[attr-defined]
        pos = case.position(s)  # type: ignore[attr-defined]
        t = time.perf_counter()
        s.value(pos)
        return time.perf_counter() - t

    report("position: Wisconsin, first lead", [solve(lambda: schmier_case(
        rng, "wisconsin-schmier", 6)) for _ in range(10)], None)
    report("position: Schmier, first lead", [solve(lambda: schmier_case(
        rng, "schmier", 6)) for _ in range(5)], None)
    report("position: Kierki, 6 tricks left", [solve(lambda: kierki_case(
        rng, rng.randrange(1, 12), 6)) for _ in range(10)], None)
    report("position: Kierki, 8 tricks left", [solve(lambda: kierki_case(
        rng, rng.randrange(1, 12), 8)) for _ in range(5)], None)


if __name__ == "__main__":
    main()
