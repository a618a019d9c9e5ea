"""The winning-ranks table of the solver (only tricks count) against a plain minimax.

Small random deals (four or five cards a seat, from three or four suits, so that the ranks
of low cards decide tricks now and then), a random side, random maximizers (a claim: the
partner plays against) and random non-negative trick values. One solver per deal answers
many positions of it one after the other (the start, positions after a trick or two, and in
the middle of tricks, with full and null windows), so that bounds proven for one position
are matched to others that differ in low cards: each answer must be the minimax's.
"""

from __future__ import annotations

import math
import random

import pytest

from referee.compact import TrickRules
from referee.games.kierki.play import kierki_rules
from referee.games.schmier.tricks import schmier_rules, wisconsin_rules
from referee.solve.search import Objective, Position, Solver
from tests.solve_oracle import PURE


def minimax(r: TrickRules, hands: list[int], leader: int, trick: list[int], number: int,
            tv: tuple[int, ...], side: frozenset[int], maxi: frozenset[int],
            alpha: float = -math.inf, beta: float = math.inf, prune: bool = True) -> int:
    """What the side still wins (the values of the tricks it takes from here), every legal
    card tried in index order, no table, no bounds; plain alpha-beta cuts (exact in the
    window (alpha, beta), so exact from the defaults: a reply that cannot change the value is
    not searched; several times faster) unless ``prune`` is false (checked against that
    below)."""
    n = len(hands)
    if not any(hands) and not trick:
        return 0
    seat = (leader + len(trick)) % n
    ok = r.legal(hands[seat], trick[0] if trick else -1)
    best: int | None = None
    maximizing = seat in maxi
    while ok:
        low = ok & -ok
        ok ^= low
        c = low.bit_length() - 1
        hands[seat] ^= low
        t = trick + [c]
        if len(t) == n:
            w = (leader + r.winner(t)) % n
            won = tv[number] if w in side else 0
            v = won + minimax(r, hands, w, [], number + 1, tv, side, maxi, alpha - won,
                              beta - won, prune)
        else:
            v = minimax(r, hands, leader, t, number, tv, side, maxi, alpha, beta, prune)
        hands[seat] ^= low
        if best is None or (v > best if maximizing else v < best):
            best = v
        if not prune:
            continue
        if maximizing:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            break
    assert best is not None
    return best


def random_rules(rng: random.Random) -> TrickRules:
    game = rng.choice(("kierki", "kierki", "wisconsin", "schmier"))
    trump = rng.choice((None, "S", "H", "D", "C"))
    if game == "kierki":
        return kierki_rules(rng.randrange(1, 12), trump)
    if game == "wisconsin":
        return wisconsin_rules(trump)
    return schmier_rules(trump)


def random_deal(rng: random.Random, r: TrickRules, per_seat: int, suits: int = 0
                ) -> list[int]:
    lay = r.layout
    chosen = rng.sample(range(4), suits or rng.choice((3, 4)))
    pool = [i for i in range(lay.size) if r.suit[i] in chosen or lay.suit[i] in chosen]
    cards = rng.sample(pool, 4 * per_seat)
    return [sum(1 << c for c in cards[s * per_seat:(s + 1) * per_seat]) for s in range(4)]


def random_line(rng: random.Random, r: TrickRules, hands: list[int], leader: int,
                cards: int) -> tuple[list[int], int, list[int], int]:
    """``cards`` random legal plays from the start: the hands, leader, trick and number."""
    hands = list(hands)
    trick: list[int] = []
    number = 0
    for _ in range(cards):
        seat = (leader + len(trick)) % 4
        ok = r.legal(hands[seat], trick[0] if trick else -1)
        c = rng.choice([i for i in range(r.layout.size) if ok >> i & 1])
        hands[seat] &= ~(1 << c)
        trick.append(c)
        if len(trick) == 4:
            leader = (leader + r.winner(trick)) % 4
            trick = []
            number += 1
    return hands, leader, trick, number


def check_deal(rng: random.Random, per_seat: int, positions: int, suits: int = 0) -> int:
    """One deal (of ``suits`` suits; 0: three or four), one solver, ``positions`` positions
    of it: the entries of its table."""
    r = random_rules(rng)
    hands = random_deal(rng, r, per_seat, suits)
    leader = rng.randrange(4)
    side = frozenset(rng.sample(range(4), rng.choice((1, 1, 2))))
    maxi = side if rng.random() < 0.6 else frozenset(rng.sample(sorted(side), 1))
    tv = tuple(rng.choice((0, 1, 1, 1, 2)) for _ in range(per_seat - 1)) + (1,)
    obj = Objective((0,) * r.layout.size, tv)
    solvers = [Solver(r, obj, sorted(side), None, 4, None, hands, maximizers=sorted(maxi),
                      pure=pure) for pure in PURE]  # each core, its own table
    scored_side = 0
    for _ in range(positions):
        played = rng.choice((0, 0, 4, 4, 5, 6, 7, 8, 8, 9, 10))
        if played >= 4 * per_seat - 4:
            played = 0
        h, ld, trick, number = random_line(rng, r, hands, leader, played)
        pos = Position(tuple(h), ld, tuple(trick), number, scored_side)
        want = minimax(r, list(h), ld, list(trick), number, tv, side, maxi)
        full = rng.random() < 0.5
        guess = want + rng.choice((-2, -1, 1, 2))
        t = want + rng.choice((0, 1))
        for s in solvers:
            if full:
                assert s.value(pos) == want
            else:
                assert s.value(pos, guess=guess) == want
            assert s.at_least(pos, t) == (t <= want)
    kept = sum(len(d) for bucket in solvers[0].rt.values() for _, _, d in bucket)
    for s in solvers[1:]:  # the compiled core's tables: as many bounds kept
        assert s.engine.entries() == (0, kept)
    assert not solvers[0].tt  # the winning-ranks table is the one in use
    return len(solvers[0].rt)


def test_the_cuts_of_the_minimax_change_no_value() -> None:
    """The minimax with its alpha-beta cuts against the same minimax without them."""
    rng = random.Random(3000)
    for _ in range(60):
        r = random_rules(rng)
        per_seat = rng.choice((3, 4))
        hands = random_deal(rng, r, per_seat)
        side = frozenset(rng.sample(range(4), rng.choice((1, 2))))
        maxi = side if rng.random() < 0.6 else frozenset(rng.sample(sorted(side), 1))
        tv = tuple(rng.choice((0, 1, 1, 2)) for _ in range(per_seat - 1)) + (1,)
        h, ld, trick, number = random_line(rng, r, hands, rng.randrange(4),
                                           rng.choice((0, 1, 2, 4, 5)))
        args = (r, list(h), ld, list(trick), number, tv, side, maxi)
        assert minimax(*args) == minimax(*args, prune=False)


@pytest.mark.parametrize("seed", range(4))
def test_four_cards_a_seat(seed: int) -> None:
    rng = random.Random(3100 + seed)
    assert sum(check_deal(rng, 4, 10) for _ in range(40)) > 0  # (entries kept)


@pytest.mark.parametrize("seed", [36849243, *range(4)])
def test_two_suits(seed: int) -> None:
    # (seed 36849243: a master's rank that the quick-trick bound rests on; a table that
    # forgets it answers this deal wrong)
    rng = random.Random(seed)
    assert check_deal(rng, 4, 10, 2) >= 0
    assert sum(check_deal(rng, 4, 10, 2) for _ in range(30)) > 0


def test_five_cards_a_seat() -> None:
    rng = random.Random(3200)
    assert sum(check_deal(rng, 5, 3) for _ in range(2)) > 0


def test_bounds_that_meet_rest_on_their_own_ranks() -> None:
    """Kierki, clubs trumps, three tricks left, Bartek (seat 1) alone: against 8♣ 9♣ his
    2♣ 5♣ 6♣ are sure of one trick and sure to lose two (the master-trump bounds meet at 1).
    That answer rests on the trumps' ranks: the same lengths with his 5♣ a 10♣ make 2. A table
    that stored the first (searched in the empty window between the bounds) without the
    bounds' ranks gave the second 1 (found on a 13-card deal, 7 tricks left)."""
    from referee.cards import try_parse_card

    r = kierki_rules(8, "C")
    lay = r.layout

    def mask(cards: str) -> int:
        return sum(1 << lay.index[try_parse_card(c)] for c in cards.split())  # type: ignore[index]

    deal = ["JH 8C 9C 2S", "2C 5C 6C 10C", "10S 6D 10D 3S", "6H 10H 9D 4S"]
    hands = [mask(h) for h in deal]
    tv = (1,) * 13
    s = Solver(r, Objective((0,) * lay.size, tv), [1], None, 4, None, hands,
               maximizers=[1])
    for held in ("2C 5C 6C", "2C 6C 10C", "5C 6C 10C"):
        h = [mask("JH 8C 9C"), mask(held), mask("10S 6D 10D"), mask("6H 10H 9D")]
        want = minimax(r, list(h), 3, [], 10, tv, frozenset({1}), frozenset({1}))
        for guess in (None, 0, 2):
            fresh = Solver(r, Objective((0,) * lay.size, tv), [1], None, 4, None, hands,
                           maximizers=[1])
            assert fresh.value(Position(tuple(h), 3, (), 10), guess) == want
        assert s.value(Position(tuple(h), 3, (), 10)) == want, held


@pytest.mark.parametrize("seed", range(2))
def test_whole_deals_against_the_solver_without_winning_ranks(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """13-card Kierki deals, 4-7 tricks left (too many for the minimax): the same values with
    and without winning ranks, one table per deal asked about several positions."""
    rng = random.Random(9100 + seed)
    for _ in range(60):
        r = kierki_rules(rng.randrange(1, 12), rng.choice(("S", "H", "D", "C", None)))
        hands = random_deal(rng, r, 13, 4)
        leader = rng.randrange(4)
        side = sorted(rng.sample(range(4), rng.choice((1, 1, 2))))
        maxi = side if rng.random() < 0.6 else [side[0]]
        obj = Objective((0,) * r.layout.size, (1,) * 13)
        solvers = []
        for flag in (True, False):
            monkeypatch.setattr(Solver, "winning_ranks", flag)
            solvers.append(Solver(r, obj, side, None, 4, None, hands, maximizers=maxi,
                                  pure=True))
        compiled = [Solver(r, obj, side, None, 4, None, hands, maximizers=maxi)
                    for _ in PURE[1:]]  # (winning ranks, the compiled core where built)
        for _ in range(5):
            h, ld, trick, number = random_line(rng, r, hands, leader, rng.randrange(24, 37))
            pos = Position(tuple(h), ld, tuple(trick), number)
            got = [s.value(pos) for s in solvers + compiled]
            assert got == [got[0]] * len(got)
        assert solvers[0].rt and not solvers[1].rt  # (each table the one its flag says)
