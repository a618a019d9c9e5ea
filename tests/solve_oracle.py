"""The brute-force oracle of the double-dummy solver, and random positions to try it on.

The oracle is a minimax over every legal card (``TrickRules.legal``, no table, no merged
cards, no bounds) to the end of the deal, and it scores each finished deal with the engine's
own scoring, not the solver's objective: Kierki's ``trick_penalty`` for the tricks the player
took, Schmier's ``count_points`` over the whole play (the tricks already played included).
It cuts with plain alpha-beta (the cards in index order; a reply that cannot change the value
is not searched), which gives exactly the minimax value at the root and spares the engine's
scoring of most finished deals: that scoring is most of the oracle's time (``prune=False``:
the minimax without cuts, which tests/test_solve.py checks it against).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from referee.compact import Layout, TrickRules
from referee.games.kierki.play import TRUMP_DEALS, kierki_rules, trick_penalty
from referee.games.kierki.tricks import kierki_objective
from referee.games.schmier.score import Order, count_points
from referee.games.schmier.tricks import (
    SCHMIER,
    WISCONSIN,
    schmier_objective,
    schmier_rules,
    variant,
    wisconsin_rules,
)
from referee.solve import core
from referee.solve.search import Objective, Position, Solver

# the cores to check a search on: the pure-Python one, and the compiled one where it is built
# (and not forced off by REFEREE_PURE); a flag for ``Solver(pure=...)``
PURE = (True, False) if core.compiled() is not None else (True,)


@dataclass
class Case:
    """A deal played part of the way: the start, the plays so far, who plays for the side."""

    game: str
    deal: int  # Kierki's deal number (0 in the Schmier games)
    rules: TrickRules
    seats: int
    hands: list[int]  # at the start of the play (layout masks)
    leader: int
    plays: list[int]  # layout indices, in order from the first lead
    side: tuple[int, ...]
    teams: tuple[int, ...]
    objective: Objective
    trump: str | None = None
    high_low: str = "ace-seven"

    def solver(self, budget: int | None = None, pure: bool = False) -> Solver:
        return Solver(self.rules, self.objective, self.side, self.teams, self.seats, budget,
                      self.hands, pure=pure)

    def position(self, solver: Solver) -> Position:
        pos = solver.start(self.hands, self.leader)
        for c in self.plays:
            pos = solver.play(pos, c)
        return pos


def oracle(case: Case, prune: bool = True) -> int:
    """The side's best final score by minimax (alpha-beta unless ``prune`` is false), scored
    by the engine."""
    r, n = case.rules, case.seats
    hands = list(case.hands)
    plays: list[tuple[int, int]] = []  # (seat, card) from the first lead
    leader = case.leader
    for c in case.plays:  # replay the plays made, to know whose turn it is
        seat = leader if len(plays) % n == 0 else (plays[-1][0] + 1) % n
        hands[seat] &= ~(1 << c)
        plays.append((seat, c))
        if len(plays) % n == 0:
            trick = [x for _, x in plays[-n:]]
            leader = plays[-n][0]
            leader = (leader + r.winner(trick)) % n

    def go(leader: int, alpha: float, beta: float) -> int:
        """The value of the deal from here; exact when it lies strictly inside (alpha, beta),
        else a bound on the side of the window it fell (fail-soft alpha-beta)."""
        k = len(plays) % n
        if not any(hands):
            return score(case, plays)
        seat = leader if k == 0 else (plays[-1][0] + 1) % n
        led = plays[-k][1] if k else -1
        ok = r.legal(hands[seat], led)
        best: int | None = None
        maximizing = seat in case.side
        m = ok
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            hands[seat] ^= low
            plays.append((seat, c))
            nxt = leader
            if k == n - 1:
                trick = [x for _, x in plays[-n:]]
                nxt = (plays[-n][0] + r.winner(trick)) % n
            v = go(nxt, alpha, beta)
            plays.pop()
            hands[seat] ^= low
            if best is None or (v > best if maximizing else v < best):
                best = v
            if prune:
                if maximizing:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
                if alpha >= beta:  # the player to move above would not come here
                    break
        assert best is not None
        return best

    return go(leader, -math.inf, math.inf)


def agrees(case: Case, guess: int | None = None) -> None:
    """On each core the solver finds the oracle's value of ``case``: ``value`` (and, with
    ``guess``, a fresh solver's started that far off it), and ``at_least`` says yes at the
    value and just below it, no just above it."""
    want = oracle(case)
    for pure in PURE:  # each core
        s = case.solver(pure=pure)
        pos = case.position(s)
        assert s.value(pos) == want
        if guess is not None:
            fresh = case.solver(pure=pure)
            assert fresh.value(case.position(fresh), guess=want + guess) == want
        assert [s.at_least(pos, t) for t in range(want - 1, want + 3)] == [
            True, True, False, False]


def score(case: Case, plays: list[tuple[int, int]]) -> int:
    """The side's score of a whole play, by the engine's own rules."""
    r, n = case.rules, case.seats
    cards = r.layout.cards
    tricks = []
    for t in range(len(plays) // n):
        part = plays[t * n:(t + 1) * n]
        w = part[r.winner([c for _, c in part])][0]
        tricks.append((w, [cards[c] for _, c in part]))
    if case.game == "kierki":
        total = 0
        for t, (w, cs) in enumerate(tricks, 1):
            if w in case.side:
                total += trick_penalty(case.deal, t, cs)
        return total // 25 if case.deal in TRUMP_DEALS else total
    v = variant(case.game)
    assert case.trump is not None
    names = [str(s) for s in range(n)]
    team_of = {str(s): f"t{case.teams[s]}" for s in range(n)}
    teams = sorted(set(team_of.values()))
    pts = count_points(v, Order(case.trump, v.bauers),
                       [(str(s), cards[c]) for s, c in plays],
                       [(names[w], cs) for w, cs in tricks], team_of, teams, case.high_low)
    return pts.won[f"t{case.teams[case.side[0]]}"]


def random_playout(case: Case, rng: random.Random, cards_left: int) -> None:
    """Play random legal cards from the start until ``cards_left`` cards are left in hands."""
    r, n = case.rules, case.seats
    hands = list(case.hands)
    leader = case.leader
    trick: list[int] = []
    seat = leader
    while sum(h.bit_count() for h in hands) > cards_left:
        ok = r.legal(hands[seat], trick[0] if trick else -1)
        bits = [i for i in range(r.layout.size) if ok >> i & 1]
        c = rng.choice(bits)
        hands[seat] &= ~(1 << c)
        case.plays.append(c)
        trick.append(c)
        if len(trick) == n:
            leader = (leader + r.winner(trick)) % n
            seat = leader
            trick = []
        else:
            seat = (seat + 1) % n


def kierki_case(rng: random.Random, deal: int, tricks_left: int, extra: int = 0) -> Case:
    """A random Kierki deal ``deal`` played until ``tricks_left`` tricks (and ``extra`` cards
    of the next trick) are left; the side is one random player."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[13 * s:13 * s + 13]) for s in range(4)]
    trump = rng.choice("SHDC") if deal in TRUMP_DEALS else None
    r = kierki_rules(deal, trump)
    case = Case("kierki", deal, r, 4, hands, rng.randrange(4), [], (rng.randrange(4),),
                (0, 1, 2, 3), kierki_objective(deal, r), trump)
    random_playout(case, rng, 4 * tricks_left - extra)
    return case


def schmier_deal(rng: random.Random, game: str) -> tuple[Layout, list[int]]:
    """A random deal of ``game`` (a Schmier game): its layout, and each seat's 6 cards as a
    mask (6 seats in Schmier, 4 in Wisconsin)."""
    lay = SCHMIER if game == "schmier" else WISCONSIN
    seats = 6 if game == "schmier" else 4
    deck = list(range(lay.size))
    rng.shuffle(deck)
    return lay, [sum(1 << c for c in deck[6 * s:6 * s + 6]) for s in range(seats)]


def schmier_trick_rules(game: str, trump: str | None) -> TrickRules:
    """The trick rules of ``game`` (a Schmier game) under ``trump``."""
    return schmier_rules(trump) if game == "schmier" else wisconsin_rules(trump)


def schmier_case(rng: random.Random, game: str, tricks_left: int, extra: int = 0,
                 high_low: str = "ace-seven") -> Case:
    """A random deal of ``game`` played until ``tricks_left`` tricks (and ``extra`` cards of
    the next) are left; the side is the team of a random bidder."""
    lay, hands = schmier_deal(rng, game)
    seats = len(hands)
    trump = rng.choice("SHDC")
    r = schmier_trick_rules(game, trump)
    teams = tuple(s % (seats // 2) for s in range(seats))
    bidder = rng.randrange(seats)
    holder = {c: s for s in range(seats) for c in range(lay.size) if hands[s] >> c & 1}
    in_play = sorted(holder)
    obj = schmier_objective(game, r, trump, in_play, [holder.get(i, 0) for i in
                                                      range(lay.size)], teams,
                             teams[bidder], high_low)
    side = tuple(s for s in range(seats) if teams[s] == teams[bidder])
    case = Case(game, 0, r, seats, hands, bidder, [], side, teams, obj, trump, high_low)
    random_playout(case, rng, seats * tricks_left - extra)
    return case
