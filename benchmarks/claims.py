"""Claim solve times: hands known with 6 tricks left in Wisconsin Schmier, 4 in Schmier, 5 in
Kierki (target <= 0.5 s each), and hands unseen with 3 tricks left (target <= 2 s).

Positions are random deals at the given number of tricks left (seeded); the claimer is the
player on lead with the strongest hand (the most power), and claims 1, 2, ... up to all the
tricks left, each claim a fresh search (so both answers, and the hardest claim, the one at the
side's exact value, are timed). Hands unseen, as ``judge`` does: a few likely deals are
tried open first (one that beats the claim settles it), then the search. The median and the
slowest solve are printed, with one position (and, when the search gave up on some claim
within its budget, the slowest claim it decided). Hands unseen: every other hand may hold any
card of the pool (the others' cards and, in the Schmier games, 2 cards outside every hand).
``python benchmarks/claims.py [N]``.

``python benchmarks/claims.py --known [N]``: hands known with 6-12 tricks left (Kierki; the
Wisconsin deck holds 8 tricks, so 6 and 8 there), each claim of 1 up to all the tricks left
judged as ``judge`` does with hands known (the claim search for ``KNOWN_FIRST`` plays, then
the double-dummy solver), the line of play included: per case the median and the slowest."""

from __future__ import annotations

import random
import statistics
import sys
import time

from referee.claims import decide_known
from referee.claims.known import GaveUp
from referee.claims.search import Problem, Search, Undecided
from referee.compact import KIERKI, SCHMIER, WISCONSIN, kierki_rules, schmier_rules, wisconsin_rules


def position(game: str, left: int, seed: int, unseen: bool) -> tuple[Problem, str]:
    rng = random.Random(f"{game}:{left}:{seed}")
    if game == "kierki":
        deal = rng.randint(1, 11)
        trump = rng.choice("SHDC") if deal >= 8 else None
        rules, lay, n = kierki_rules(deal, trump), KIERKI, 4
    elif game == "wisconsin-schmier":
        rules, lay, n = wisconsin_rules(rng.choice("SHDC")), WISCONSIN, 4
    else:
        rules, lay, n = schmier_rules(rng.choice("SHDC")), SCHMIER, 6
    deck = list(range(lay.size))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[s * left:(s + 1) * left]) for s in range(n)]
    claimer = max(range(n), key=lambda s: sum(rules.power[c] + 40 * bool(
        rules.trump_mask >> c & 1) for c in range(lay.size) if hands[s] >> c & 1))
    side = tuple(s == claimer if game == "kierki" else (s - claimer) % (n // 2) == 0
                 for s in range(n))
    out, out_n = 0, 0
    poss = list(hands)
    if unseen:
        rest = deck[n * left:]
        out_n = 0 if game == "kierki" else 2
        out = sum(1 << c for c in rest[:out_n])
        pool = out
        for s in range(n):
            if s != claimer:
                pool |= hands[s]
        poss = [hands[s] if s == claimer else pool for s in range(n)]
        out = pool
    text = "; ".join(f"{s}{'*' if s == claimer else ''}: {lay.text(hands[s])}"
                     for s in range(n))
    return Problem(rules, claimer, side, tuple(poss), tuple([left] * n), out, out_n, (),
                   claimer, left, not unseen), text


def run(game: str, left: int, unseen: bool, count: int) -> None:
    times = []
    decided = []
    undecided = 0
    shown = ""
    for seed in range(count):
        p, text = position(game, left, seed, unseen)
        for need in range(1, left + 1):
            t = time.perf_counter()
            try:
                s = Search(p)
                if unseen and s.open_refutation(need) is not None:
                    pass  # fails: a likely deal beats it even played open (as judge does)
                else:
                    s.solve(need)
            except Undecided:
                undecided += 1
            else:
                decided.append(time.perf_counter() - t)
            times.append(time.perf_counter() - t)
        if seed == 0:
            shown = text
    what = "unseen" if unseen else "known"
    print(f"{game:18} {left} left, hands {what:6}: median {statistics.median(times):.3f} s, "
          f"max {max(times):.3f} s over {len(times)} claims"
          + (f", {undecided} undecided (the slowest decided {max(decided):.3f} s)"
             if undecided else ""))
    print(f"    e.g. seed 0 (* the claimer, on lead): {shown}")


def run_known(game: str, left: int, count: int) -> None:
    """Hands known as ``judge`` decides them (``decide_known``: the claim search for a few
    plays, then the double-dummy solver), the line included: per case the median and the
    slowest claim."""
    times = []
    undecided = 0
    for seed in range(count):
        p, _ = position(game, left, seed, False)
        for need in range(1, left + 1):
            t = time.perf_counter()
            try:
                decide_known(p, need)
            except GaveUp:
                undecided += 1
            times.append(time.perf_counter() - t)
    print(f"{game:18} {left:2} left, hands known, judged: median "
          f"{statistics.median(times):.3f} s, max {max(times):.3f} s over {len(times)} claims"
          + (f", {undecided} not proven" if undecided else ""), flush=True)


def main() -> None:
    if "--known" in sys.argv:  # issue 22: hands known with 6-12 tricks left, as judged
        count = int(sys.argv[2]) if len(sys.argv) > 2 else 3
        for left in (6, 8):
            run_known("wisconsin-schmier", left, count)
        for left in range(6, 13):
            run_known("kierki", left, count)
        return
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    run("wisconsin-schmier", 6, False, count)
    run("schmier", 4, False, count)
    run("kierki", 5, False, count)
    for game in ("kierki", "wisconsin-schmier", "schmier"):
        run(game, 3, True, count)


if __name__ == "__main__":
    main()
