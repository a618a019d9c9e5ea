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

``python benchmarks/claims.py --known [N] [--only GROUP]`` (issue 22): hands known, every
claim of 1 up to all the tricks left at 6-12 tricks left, judged as ``referee claim`` judges
it (``claims.decide_known``, the line of play included). Per group: claims, decided, median and
slowest CPU seconds (``time.process_time``), median and most search nodes (the claim search's
plays and the solver's positions between tricks, added up), and the slowest claim. Groups:
random Kierki penalty deals (1-7) and trump deals (8-11), N seeds per number of tricks left
(default 2); ``sample_games/kierki-hands-known.toml``, deals 1-11, deal ``d`` (from 0) cut
after ``4 * (13 - left) + d % 4`` plays with ``left = 6 + d % 7`` (inside a trick for some),
the claims of the player to move; the same deals after their first trick, every player
claiming 4 of the 12 tricks left (issue 22's example); Wisconsin Schmier and Schmier at their
first trick (6 tricks left, the whole play; 3N seeds). ``--unbounded``: the solver without
its budget (``referee claim`` and the table's claim with hands known: always decided), so the
slowest claims show what a player waits."""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.claims import as_problem, decide_known  # noqa: E402
from referee.claims.known import GaveUp  # noqa: E402
from referee.claims.position import read  # noqa: E402
from referee.claims.search import Problem, Search, Undecided  # noqa: E402
from referee.games.kierki.play import KIERKI, kierki_rules  # noqa: E402
from referee.games.schmier.tricks import (  # noqa: E402
    SCHMIER,
    WISCONSIN,
    schmier_rules,
    wisconsin_rules,
)
from referee.history.session import Session  # noqa: E402
from tests.helpers import cut_plays  # noqa: E402

SAMPLE = ROOT / "sample_games" / "kierki-hands-known.toml"


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


# -- hands known, 6-12 tricks left, as judged (issue 22) ----------------------------------------

def kierki(kind: str, left: int, seed: int) -> Problem:
    """``position``'s random Kierki deal with a penalty deal's rules or a trump deal's, chosen
    from the seed."""
    p, _ = position("kierki", left, seed, False)
    rng = random.Random(f"{kind}:{left}:{seed}")
    rules = kierki_rules(rng.randint(1, 7)) if kind == "penalty" else \
        kierki_rules(rng.randint(8, 11), rng.choice("SHDC"))
    return Problem(rules, p.claimer, p.side, p.poss, p.count, 0, 0, (), p.to_move, p.left,
                   True)


def sample() -> Iterator[tuple[str, Problem]]:
    """The sample game's deals 1-11, each cut at 6 to 12 tricks left: the player to move."""
    s = Session.load(SAMPLE)
    for number in range(11):
        left = 6 + number % 7
        deals = [*s.deals[:number], cut_plays(s.deals[number], 4 * (13 - left) + number % 4)]
        who = read(s.setup, deals, s.setup.players[0]).to_move
        pos = read(s.setup, deals, who)
        yield f"deal {number + 1}, {who}", as_problem(pos, pos.hands[who])


def after_one_trick() -> Iterator[tuple[str, Problem]]:
    """The sample game's deals 1-11 after their first trick (12 left): every player."""
    s = Session.load(SAMPLE)
    for number in range(11):
        deals = [*s.deals[:number], cut_plays(s.deals[number], 4)]
        for who in s.setup.players:
            pos = read(s.setup, deals, who)
            yield f"deal {number + 1}, {who}", as_problem(pos, pos.hands[who])


Case = tuple[str, Problem, Sequence[int]]  # a label, the position, the tricks claimed


def groups(seeds: int) -> Iterator[tuple[str, list[Case]]]:
    def every(label: str, p: Problem) -> Case:
        return label, p, range(1, p.left + 1)

    for kind in ("penalty", "trump"):
        for left in range(6, 13):
            yield f"kierki-{kind} {left:2} left", [
                every(f"seed {s}", kierki(kind, left, s)) for s in range(seeds)]
    yield "kierki-sample 6-12 left", [every(label, p) for label, p in sample()]
    # the case: a claim of 4 tricks with 12 left, by any player
    yield "kierki-sample 12 left, 4", [(label, p, (4,)) for label, p in after_one_trick()]
    for game in ("wisconsin-schmier", "schmier"):
        yield f"{game} 6 left", [every(f"seed {s}", position(game, 6, s, False)[0])
                                 for s in range(3 * seeds)]


def judged(p: Problem, need: int) -> tuple[str, int]:
    """The verdict and the nodes it took."""
    try:
        if "--unbounded" in sys.argv:
            holds, _, nodes = decide_known(p, need, budget=None)
        else:
            holds, _, nodes = decide_known(p, need)
    except GaveUp as e:
        return "not proven", e.nodes
    return ("holds" if holds else "fails"), nodes


def known_main() -> None:
    args = [a for a in sys.argv[1:] if a[0] != "-"]
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else ""
    seeds = int(next((a for a in args if a != only), 2))
    print(f"{'group':26} {'claims':>6} {'decided':>7} {'median s':>8} {'slowest s':>9} "
          f"{'median nodes':>12} {'most nodes':>10}  slowest claim", flush=True)
    for name, cases in groups(seeds):
        if only and not name.startswith(only):
            continue
        times: list[float] = []
        nodes: list[int] = []
        decided, slowest, worst, undecided = 0, "", -1.0, []
        for label, p, needs in cases:
            for need in needs:
                t = time.process_time()
                verdict, k = judged(p, need)
                dt = time.process_time() - t
                times.append(dt)
                nodes.append(k)
                decided += verdict != "not proven"
                if verdict == "not proven":
                    undecided.append(f"{label}, {need} claimed")
                if dt > worst:
                    slowest, worst = f"{label}, {need} claimed: {verdict}", dt
        print(f"{name:26} {len(times):6} {decided:7} {statistics.median(times):8.3f} "
              f"{worst:9.2f} {int(statistics.median(nodes)):12,} {max(nodes):10,}  {slowest}",
              flush=True)
        if undecided:
            print(f"{'':26} not proven: {'; '.join(undecided)}", flush=True)
        for limit in (0.5, 2.0):
            over = sum(1 for x in times if x > limit)
            if over:
                print(f"{'':26} over {limit} s: {over} of {len(times)}", flush=True)


def main() -> None:
    if "--known" in sys.argv:  # issue 22: hands known with 6-12 tricks left, as judged
        known_main()
        return
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    run("wisconsin-schmier", 6, False, count)
    run("schmier", 4, False, count)
    run("kierki", 5, False, count)
    for game in ("kierki", "wisconsin-schmier", "schmier"):
        run(game, 3, True, count)


if __name__ == "__main__":
    main()
